#!/usr/bin/env python3
"""Checks a `navrec report --format junit` file with a real JUnit reader and the Jenkins schema.

Usage: check_junit.py REPORT.xml [--xsd junit-10.xsd] [--expect-tests N] [--expect-failures N]

1. The Jenkins xunit-plugin's JUnit schema (junit-10.xsd; Integrations/junit_xsd.sh fetches the copy
   pytest's source distribution carries for its own junitxml tests) validates the file with lxml
   (libxml2's XSD validator): elements, required attributes, time patterns, everything it says.
   Without --xsd, the copy junit_xsd.sh caches is used when it is there; otherwise the schema check
   is skipped and the output says so (check-formats.sh and check_fleet.sh always pass --xsd).
2. junitparser (PyPI) reads the file; its suite and case counts must agree with the attributes.
3. navrec's own promises: testcase names unique per classname, counts add up.
Exits 1 with one line per broken rule (schema errors: the first 20).
"""
import os
import subprocess
import sys
import xml.etree.ElementTree as ET

from junitparser import Failure, JUnitXml
from lxml import etree



def cached_xsd():
    """The schema junit_xsd.sh has cached, or None (it downloads nothing here)."""
    found = subprocess.run([os.path.join(os.path.dirname(os.path.abspath(__file__)), "junit_xsd.sh"), "--cached"],
                           capture_output=True, text=True)
    return found.stdout.strip() if found.returncode == 0 else None


def schema_problems(path, xsd):
    schema = etree.XMLSchema(etree.parse(xsd))
    if schema.validate(etree.parse(path)):
        return []
    errors = list(schema.error_log)
    return [f"line {error.line}: {error.message}" for error in errors[:20]] + (
        [f"{len(errors)} schema errors in all"] if len(errors) > 20 else [])


def reader_problems(path):
    problems = []
    xml = JUnitXml.fromfile(path)
    total_tests = total_failures = 0
    for suite in xml:
        names = set()
        cases = list(suite)
        failures = 0
        for case in cases:
            key = (case.classname, case.name)
            if key in names:
                problems.append(f"suite {suite.name}: duplicate testcase {key}")
            names.add(key)
            if case.classname != suite.name:
                problems.append(f"suite {suite.name}: testcase classname {case.classname!r} is not the suite's subject")
            if any(isinstance(result, Failure) for result in case.result):
                failures += 1
                if not any(result.text for result in case.result):
                    problems.append(f"suite {suite.name}: failure of {case.name!r} has no evidence")
        if suite.tests != len(cases):
            problems.append(f"suite {suite.name}: tests={suite.tests} but {len(cases)} testcases")
        if suite.failures != failures:
            problems.append(f"suite {suite.name}: failures={suite.failures} but {failures} failing testcases")
        total_tests += len(cases)
        total_failures += failures
    root = ET.parse(path).getroot()
    if int(root.get("tests", -1)) != total_tests or int(root.get("failures", -1)) != total_failures:
        problems.append(f"testsuites counts tests={root.get('tests')} failures={root.get('failures')} "
                        f"differ from the cases ({total_tests}, {total_failures})")
    return problems, total_tests, total_failures


def main(argv):
    path = argv[1]
    expected = dict(zip(argv[2::2], argv[3::2]))
    xsd = expected.get("--xsd") or cached_xsd()
    problems = schema_problems(path, xsd) if xsd else []
    more, tests, failures = reader_problems(path)
    problems += more
    if "--expect-tests" in expected and int(expected["--expect-tests"]) != tests:
        problems.append(f"expected {expected['--expect-tests']} testcases, found {tests}")
    if "--expect-failures" in expected and int(expected["--expect-failures"]) != failures:
        problems.append(f"expected {expected['--expect-failures']} failures, found {failures}")
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        return 1
    schema = f"0 errors against {os.path.basename(xsd)}" if xsd else "schema not checked (no junit-10.xsd: Integrations/junit_xsd.sh)"
    print(f"{path}: JUnit OK ({schema}; junitparser reads {tests} testcases, {failures} failures, counts agree)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
