#!/usr/bin/env python3
"""Writes the bare CSV (t,y,phase) of an NDJSON recording's samples, the digits copied verbatim:
the yardstick a user would try first with the sqlite3 shell's .import (issue 15).

usage: bare_csv.py IN.ndjson OUT.csv
"""
import re
import sys

# navrec's writer puts t, y, phase first.
SAMPLE = re.compile(rb'^\{"t":([^,]+),"y":([^,}]+)(?:,"phase":"(\w+)")?')


def main():
    with open(sys.argv[1], "rb") as source, open(sys.argv[2], "wb") as csv:
        csv.write(b"t,y,phase\n")
        rows = []
        for line in source:
            match = SAMPLE.match(line)
            if match:
                t, y, phase = match.groups()
                rows.append(b"%s,%s,%s\n" % (t, y, phase or b""))
                if len(rows) == 65536:
                    csv.write(b"".join(rows))
                    rows.clear()
        csv.write(b"".join(rows))


if __name__ == "__main__":
    main()
