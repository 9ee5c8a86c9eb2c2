#!/usr/bin/env python3
"""Checks a `navrec report --format junit` file with a real JUnit reader and the Jenkins schema.

Usage: check_junit.py REPORT.xml [--expect-tests N] [--expect-failures N]

1. junitparser (PyPI) reads the file; its suite and case counts must agree with the attributes.
2. The rules of the Jenkins xunit-plugin schema (junit-10.xsd), written down here because the XSD
   itself is not vendored:
   - root <testsuites> with attributes only from {name, time, tests, failures, errors}, children only
     <testsuite>;
   - <testsuite> requires name, tests, failures, errors; attributes only from {name, tests, failures,
     errors, group, time, skipped, timestamp, hostname, id, package, file, log, url}; children only
     <testsuite>, <properties>, <testcase>, <system-out>, <system-err>;
   - <properties> holds only <property name=… value=…> (both required, nothing else);
   - <testcase> requires name; attributes only from {name, time, classname, group}; children only
     <skipped>, <error>, <failure>, <rerunFailure>, <rerunError>, <flakyFailure>, <flakyError>,
     <system-out>, <system-err>;
   - <failure>, <error>, <skipped>: attributes only from {type, message}, text only;
   - time attributes match SUREFIRE_TIME: (([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\\.[0-9]*)?
3. navrec's own promises: testcase names unique per classname, counts add up.
Exits 1 with one line per broken rule.
"""
import re
import sys
import xml.etree.ElementTree as ET

from junitparser import Failure, JUnitXml

SUREFIRE_TIME = re.compile(r"(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?")
ATTRIBUTES = {
    "testsuites": (set(), {"name", "time", "tests", "failures", "errors"}),
    "testsuite": ({"name", "tests", "failures", "errors"},
                  {"name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname", "id",
                   "package", "file", "log", "url"}),
    "properties": (set(), set()),
    "property": ({"name", "value"}, {"name", "value"}),
    "testcase": ({"name"}, {"name", "time", "classname", "group"}),
    "failure": (set(), {"type", "message"}),
    "error": (set(), {"type", "message"}),
    "skipped": (set(), {"type", "message"}),
    "system-out": (set(), set()),
    "system-err": (set(), set()),
}
CHILDREN = {
    "testsuites": {"testsuite"},
    "testsuite": {"testsuite", "properties", "testcase", "system-out", "system-err"},
    "properties": {"property"},
    "property": set(),
    "testcase": {"skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError",
                 "system-out", "system-err"},
    "failure": set(), "error": set(), "skipped": set(), "system-out": set(), "system-err": set(),
}


def schema_problems(root):
    problems = []
    if root.tag != "testsuites":
        problems.append(f"root element is <{root.tag}>, not <testsuites>")

    def visit(element, path):
        required, allowed = ATTRIBUTES.get(element.tag, (None, None))
        if allowed is None:
            problems.append(f"{path}: element <{element.tag}> is not in the schema")
            return
        for name in required - set(element.attrib):
            problems.append(f"{path}: missing required attribute '{name}'")
        for name in set(element.attrib) - allowed:
            problems.append(f"{path}: attribute '{name}' is not allowed on <{element.tag}>")
        time = element.attrib.get("time")
        if time is not None and not SUREFIRE_TIME.fullmatch(time):
            problems.append(f"{path}: time '{time}' does not match SUREFIRE_TIME")
        for index, child in enumerate(element):
            if child.tag not in CHILDREN[element.tag]:
                problems.append(f"{path}: <{child.tag}> may not appear inside <{element.tag}>")
            else:
                visit(child, f"{path}/{child.tag}[{index}]")

    visit(root, root.tag)
    return problems


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
    problems = schema_problems(ET.parse(path).getroot())
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
    print(f"{path}: JUnit OK (junitparser + Jenkins schema rules): {tests} testcases, {failures} failures")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
