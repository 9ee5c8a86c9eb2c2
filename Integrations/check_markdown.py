#!/usr/bin/env python3
"""Checks a `navrec report --format markdown` file as GitHub renders a pull-request comment.

Usage: check_markdown.py REPORT.md [--sessions N] [--expect-trimmed yes|no]

1. At most 65,536 characters (GitHub's comment limit) — counted as characters and as UTF-8 bytes.
2. cmark-gfm (the `cmarkgfm` bindings to GitHub's fork of cmark, with GitHub's extensions) renders
   it: every line that starts a table (`| Session |`) becomes a <table>, with one body row per
   table line after the delimiter, so no escaping problem breaks a table; the <details> block of
   clean sessions is closed.
3. With --sessions N: the summary line names N sessions.
4. With --expect-trimmed: a closing note that says what was left out and how to see everything is
   there (yes) or not (no).
Exits 1 with one line per broken rule.
"""
import re
import sys

import cmarkgfm
from cmarkgfm.cmark import Options

LIMIT = 65536


def problems_of(text, options):
    problems = []
    if len(text) > LIMIT or len(text.encode("utf-8")) > LIMIT:
        problems.append(f"{len(text)} characters, {len(text.encode('utf-8'))} bytes; GitHub's comment limit is {LIMIT}")
    html = cmarkgfm.github_flavored_markdown_to_html(text, options=Options.CMARK_OPT_UNSAFE)
    lines = text.split("\n")
    tables = [index for index, line in enumerate(lines) if line.startswith("| ") and index + 1 < len(lines)
              and lines[index + 1].startswith("|---")]
    rendered = html.count("<table>")
    if rendered != len(tables):
        problems.append(f"{len(tables)} tables written, cmark-gfm renders {rendered}")
    expected_rows = 0
    for start in tables:
        index = start + 2
        while index < len(lines) and lines[index].startswith("| "):
            expected_rows += 1
            index += 1
    body_rows = sum(body.count("<tr>") for body in re.findall(r"<tbody>(.*?)</tbody>", html, re.S))
    if body_rows != expected_rows:
        problems.append(f"{expected_rows} table rows written, cmark-gfm renders {body_rows}")
    if html.count("<details>") != html.count("</details>"):
        problems.append("a <details> block is not closed")
    if "--sessions" in options:
        count = options["--sessions"]
        if not re.search(rf"\*\*{count} sessions?,", text):
            problems.append(f"the summary does not name {count} sessions")
    trimmed = "_Left out to stay under GitHub's 65,536-character comment limit" in text
    if options.get("--expect-trimmed") == "yes":
        if not trimmed:
            problems.append("no note on what was left out")
        elif "navrec report --format html" not in text.rsplit("_Left out", 1)[1]:
            problems.append("the note does not say how to see everything")
    if options.get("--expect-trimmed") == "no" and trimmed:
        problems.append("something was left out")
    return problems, len(text), rendered, body_rows, trimmed


def main(argv):
    path = argv[1]
    options = dict(zip(argv[2::2], argv[3::2]))
    with open(path, encoding="utf-8") as handle:
        text = handle.read()
    problems, characters, tables, rows, trimmed = problems_of(text, options)
    for problem in problems:
        print(f"{path}: {problem}")
    if problems:
        return 1
    print(f"{path}: Markdown OK (cmark-gfm, GitHub comment limit): {characters} characters, {tables} tables,"
          f" {rows} rows{', trimmed with a note' if trimmed else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
