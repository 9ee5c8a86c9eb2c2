#!/usr/bin/env python3
"""Checks that a navrec text table (`navrec sessions`, `navrec query --format table`) is aligned
on a terminal, measuring with wcwidth (PyPI), the width table terminals and Python tools use.

Usage: check_table_alignment.py TABLE.txt

The second line is the dashes line; its runs of dashes give each column's start and width in
display columns. Every row must put a cell boundary exactly at each column's start, preceded by
the two spaces that separate columns, so no cell runs into the next column. Exits 1 with one line
per misaligned row.
"""
import re
import sys

from wcwidth import iter_graphemes, wcswidth


def graphemes(row):
    """`row`'s grapheme clusters (what a terminal draws as one character) with the display
    column each starts at."""
    column = 0
    for cluster in iter_graphemes(row):
        yield column, cluster
        column += max(wcswidth(cluster), 0)


def main(path):
    lines = open(path, encoding="utf-8").read().splitlines()
    if len(lines) < 2 or not re.fullmatch(r"-+(  -+)*", lines[1]):
        print(f"{path}: the second line is not a dashes line: {lines[1:2]}")
        return 1
    columns = [(match.start(), match.end()) for match in re.finditer(r"-+", lines[1])]
    problems = 0
    for number, row in enumerate(lines, start=1):
        if number == 2:
            continue
        # Display column → the cluster drawn from there (a cell's text, or padding).
        cluster_at = {column: cluster for column, cluster in graphemes(row)}
        for start, _ in columns[1:]:
            if start not in cluster_at or cluster_at.get(start - 2) != " " or cluster_at.get(start - 1) != " ":
                print(f"{path}:{number}: no column boundary at display column {start}: {row!r}")
                problems += 1
                break
        if wcswidth(row) < 0:
            print(f"{path}:{number}: a character without a width (a control character): {row!r}")
            problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
