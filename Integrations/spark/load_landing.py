#!/usr/bin/env python3
"""Appends NDJSON recordings to navrec's landing table: Parquet, one row per session with its bytes
as recorded, partitioned by date and app (Docs/fleet.md).

    python3 Integrations/spark/load_landing.py RECORDINGS_DIR_OR_FILE... --landing LANDING_DIR
        [--row-group-mib 16] [--max-session-mib 32] [--buffer-mib 128]

Streams: memory is bounded by --buffer-mib (sessions waiting for their row group) plus one session
(at most --max-session-mib), whatever the input's size. Every run is a *load* with its own id
(`YYYYMMDDTHHMMSSZ-` and 8 random hex digits, so loads sort in time) and writes new files only,
`date=D/app=A/part-LOADID-NNNNN.parquet`; earlier loads are never touched, so loading the same
recordings twice lands them twice (the job counts a re-delivery once, as `import` does).

Columns (one row per session):
- `landing_key`: `LOADID:ROW` (ROW zero-padded, in load order: files as given, sorted within a
  directory, sessions in file order), unique across loads; the key error and quarantine rows carry.
- `load_id`, `source` (the file's path relative to the directory given, or as given), `first_line`
  (the session's first line in that file).
- `session_key`: SHA-256 (hex) of the session's non-blank lines without their line ends, joined by
  `\\n`: the same SHA-256 as `import`'s content hash (Recording/ContentHasher.swift), whose
  content id is `auto-` and the key's first 32 hex digits. `recording_id`: the
  header's `session.id` (NULL without one).
- `bytes`: the session's size as recorded; `ndjson` (binary): its bytes as recorded, line ends and
  blank lines included, so invalid UTF-8 reaches navrec unrepaired and error lines count as in the
  file; NULL when the session is over --max-session-mib (or has a line over 64 MiB, which `import`
  rejects), which the job puts in its quarantine table.
- partitions `date` (the header's `startedAt`, first 10 characters) and `app`; Hive's
  `__HIVE_DEFAULT_PARTITION__` when the header lacks them or does not parse.

Sessions are split as navrec's reader splits them: a header line starts a new session, and so does
a line that names "navrec" but does not parse, or opens a header written over several lines (navrec
then reports it as a session of its own); lines before the first header form a row of their own,
which navrec reports as an error. A UTF-8 byte-order mark on a file's first line is dropped, as
navrec drops it. Row groups hold --row-group-mib of NDJSON (uncompressed), so a Spark task reading
one holds tens of MB; zstd-compressed, pages of 1 MiB. Needs pyarrow; no Spark.
"""
import argparse
import hashlib
import json
import os
import secrets
import sys
import time

import pyarrow as pa
import pyarrow.parquet as pq

SCHEMA = pa.schema([("landing_key", pa.string()), ("load_id", pa.string()), ("source", pa.string()),
                    ("first_line", pa.int64()), ("session_key", pa.string()), ("recording_id", pa.string()),
                    ("bytes", pa.int64()), ("ndjson", pa.binary())])
DEFAULT_PARTITION = "__HIVE_DEFAULT_PARTITION__"
# Hive's (and Spark's) escaped path characters: ExternalCatalogUtils.escapePathName.
ESCAPED = set('"#%\'*/:=?\\\x7f{[]^') | {chr(code) for code in range(0x20)}
BLANK = b" \t\r\n"
MAX_LINE = 64 << 20  # navrec's line limit (LineReader.maxLineLength)


def partition_value(value):
    if value is None or value == "":
        return DEFAULT_PARTITION
    return "".join(f"%{ord(c):02X}" if c in ESCAPED else c for c in value)


def starts_session(line):
    """Whether navrec's reader starts a session at `line`: a header, a broken line that opens an
    object and names "navrec", or the first line of a pretty-printed header (`{` alone, or
    `{"session"` first). The `"navrec": 1,` line inside a pretty-printed header does not open an
    object: navrec skips it with the rest of the header that already failed, so it is no row of
    its own (it would be one more error row than `import` prints)."""
    stripped = line.strip(BLANK)
    if stripped == b"{" or stripped.startswith(b'{"session"'):
        return True
    if b'"navrec"' not in line or not stripped.startswith(b"{"):
        return False
    try:
        value = json.loads(line)
    except ValueError:
        return True
    return not isinstance(value, dict) or "navrec" in value


def header_fields(line):
    """(date, app, id) of a header line; None for each that it lacks or when it does not parse."""
    try:
        session = json.loads(line).get("session") or {}
        started, app, identifier = session.get("startedAt"), session.get("app"), session.get("id")
    except (ValueError, AttributeError):
        return None, None, None
    return (started[:10] if isinstance(started, str) and len(started) >= 10 else None,
            app if isinstance(app, str) else None, identifier if isinstance(identifier, str) else None)


class Session:
    """The session being read: its lines while it fits, else only its size and key."""

    def __init__(self, first_line, header, limit):
        self.first_line, self.limit = first_line, limit
        self.date, self.app, self.recording_id = header_fields(header) if header is not None else (None, None, None)
        self.parts, self.size, self.oversized = [], 0, False
        self.digest, self.hashed_lines = hashlib.sha256(), 0

    def add_piece(self, piece):
        """Adds bytes as recorded; drops what is kept once the session passes its limit."""
        self.size += len(piece)
        if not self.oversized and self.size > self.limit:
            self.oversized, self.parts = True, []
        if not self.oversized:
            self.parts.append(piece)

    def hash_line(self, content):
        """Adds a whole line's content (no line end) to the session key, unless it is blank."""
        if content.strip(BLANK):
            if self.hashed_lines:
                self.digest.update(b"\n")
            self.digest.update(content)
            self.hashed_lines += 1


def sessions(path, limit):
    """Each Session of one file, streamed: a line over 64 MiB is read in pieces and never held."""
    current = None
    with open(path, "rb") as file:
        number = 0
        while True:
            raw = file.readline(MAX_LINE + 2)
            if not raw:
                break
            number += 1
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            if not raw.endswith(b"\n") and len(raw) > MAX_LINE:
                # Over navrec's line limit: its session (the one open, else one of its own) fails in
                # import; here it goes to quarantine without the line being kept.
                if current is None:
                    current = Session(number, None, limit)
                current.add_piece(raw)
                current.oversized, current.parts = True, []
                while raw and not raw.endswith(b"\n"):
                    raw = file.read(1 << 20)
                    cut = raw.find(b"\n")
                    if cut >= 0:
                        file.seek(cut + 1 - len(raw), os.SEEK_CUR)
                        raw = raw[:cut + 1]
                    current.add_piece(raw)
                # Marks the key, so it never equals that of the session without the line.
                current.hash_line(b"\x00over-long line")
                continue
            content = raw[:-1] if raw.endswith(b"\n") else raw
            if content.endswith(b"\r"):
                content = content[:-1]
            if content.strip(BLANK) and starts_session(content):
                if current is not None:
                    yield current
                current = Session(number, content, limit)
            elif current is None:
                if not content.strip(BLANK):
                    continue
                current = Session(number, None, limit)
            current.add_piece(raw)
            current.hash_line(content)
    if current is not None:
        yield current


class Landing:
    """The files of one load, a writer per (date, app) partition, row groups of bounded size."""

    def __init__(self, root, load_id, row_group_bytes, buffer_bytes):
        self.root, self.load_id = root, load_id
        self.row_group_bytes, self.buffer_bytes = row_group_bytes, buffer_bytes
        self.buffers, self.writers, self.files = {}, {}, 0
        self.buffered, self.rows, self.row_groups = 0, 0, 0

    def add(self, source, session):
        key = f"{self.load_id}:{self.rows:09d}"
        self.rows += 1
        partition = (session.date, session.app)
        ndjson = None if session.oversized else b"".join(session.parts)
        buffer = self.buffers.setdefault(partition, [[], 0])
        buffer[0].append((key, self.load_id, source, session.first_line, session.digest.hexdigest(),
                          session.recording_id, session.size, ndjson))
        size = len(ndjson or b"") + 200
        buffer[1] += size
        self.buffered += size
        if buffer[1] >= self.row_group_bytes:
            self.flush(partition)
        while self.buffered > self.buffer_bytes:
            # Many partitions at once: the largest buffer becomes a (smaller) row group.
            self.flush(max(self.buffers, key=lambda p: self.buffers[p][1]))

    def flush(self, partition):
        rows, size = self.buffers.pop(partition)
        self.buffered -= size
        writer = self.writers.get(partition)
        if writer is None:
            directory = os.path.join(self.root, f"date={partition_value(partition[0])}", f"app={partition_value(partition[1])}")
            os.makedirs(directory, exist_ok=True)
            path = os.path.join(directory, f"part-{self.load_id}-{self.files:05d}.parquet")
            self.files += 1
            writer = pq.ParquetWriter(path, SCHEMA, compression="zstd", data_page_size=1 << 20,
                                      use_dictionary=["load_id", "source", "recording_id"])
            self.writers[partition] = writer
        columns = [pa.array(column, type=field.type) for column, field in zip(zip(*rows), SCHEMA)]
        writer.write_table(pa.table(columns, schema=SCHEMA), row_group_size=len(rows))
        self.row_groups += 1

    def close(self):
        for partition in list(self.buffers):
            self.flush(partition)
        for writer in self.writers.values():
            writer.close()


def recording_files(arguments):
    """(path, source name) of each recording: files as given, directories' .ndjson/.jsonl files sorted."""
    for argument in arguments:
        if os.path.isdir(argument):
            found = []
            for directory, _, names in os.walk(argument):
                found += [os.path.join(directory, name) for name in names if name.endswith((".ndjson", ".jsonl"))]
            for path in sorted(found):
                yield path, os.path.relpath(path, argument)
        else:
            yield argument, argument


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("recordings", nargs="+", help="NDJSON files or directories of them")
    parser.add_argument("--landing", required=True)
    parser.add_argument("--row-group-mib", type=float, default=16, help="NDJSON per row group (default 16)")
    parser.add_argument("--max-session-mib", type=float, default=32, help="larger sessions go to quarantine (default 32)")
    parser.add_argument("--buffer-mib", type=float, default=128, help="sessions held for row groups, all partitions (default 128)")
    args = parser.parse_args()
    # Landing keys order deliveries (the first one of a session is kept), so a load's id sorts by its
    # start to the microsecond: two loads in the same second must not be ordered by the random part.
    started = time.time_ns() // 1000
    load_id = (time.strftime("%Y%m%dT%H%M%S", time.gmtime(started // 1_000_000))
               + f".{started % 1_000_000:06d}Z-" + secrets.token_hex(4))
    landing = Landing(args.landing, load_id, int(args.row_group_mib * (1 << 20)), int(args.buffer_mib * (1 << 20)))
    files, oversized = 0, 0
    for path, source in recording_files(args.recordings):
        files += 1
        for session in sessions(path, int(args.max_session_mib * (1 << 20))):
            oversized += session.oversized
            landing.add(source, session)
    landing.close()
    print(f"{args.landing}: load {load_id}: {landing.rows} sessions from {files} files "
          f"({oversized} over {args.max_session_mib:g} MiB, for quarantine), {landing.row_groups} row groups in {landing.files} files")


if __name__ == "__main__":
    sys.exit(main())
