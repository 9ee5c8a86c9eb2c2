#!/usr/bin/env python3
"""Copies an NDJSON recording up to its first N samples (the header and events before them
included), for the callgrind runs of run.sh (speed.py) and import_vs_sqlite.sh.

usage: cut_samples.py IN.ndjson OUT.ndjson N
"""
import sys


def main():
    limit = int(sys.argv[3])
    count = 0
    with open(sys.argv[1], "rb") as source, open(sys.argv[2], "wb") as out:
        for line in source:
            if line.startswith(b'{"t":'):
                if count == limit:
                    break
                count += 1
            out.write(line)


if __name__ == "__main__":
    main()
