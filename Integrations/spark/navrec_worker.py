"""The executor side of analyze_job.py: what runs inside Spark's Python workers (mapInArrow), with
Python 3, pyarrow and numpy only (no pyspark import needed but for SparkFiles, optional).

`analyze(config)` returns the function mapInArrow runs over landing rows: it pipes them, in calls of
at most `call_mib` of NDJSON (across the landing's row groups), through `navrec analyze --rows
[--timeline-file FILE]`. No output row passes through Spark: each task attempt writes every table
(sessions, findings, session_summary, errors, quarantine, and with the timeline timeline,
observed_gaps and chunk_gaps) with pyarrow as Parquet files into the run's staging folder (`Staging`: one file per table and (date, app), through
pyarrow.fs, so a local path, HDFS, S3 or GCS alike) and returns Arrow batches of OUTPUT_DDL: one
'file' row per file (its name, partition and rows), which the driver publishes once the job
succeeded. Session lines are parsed with Python's json, one per session; navrec writes the
timeline as little-endian columns (`read_timeline` takes each with numpy.frombuffer), observed_gaps
and chunk_gaps are worked out with numpy, so no per-sample work runs in Python or in the JVM, and
no number is printed as text or parsed back.

Each navrec call is bounded: a time limit (`timeout_s` + `timeout_s_per_mib` x the call's MiB), an
address-space limit (RLIMIT_AS via `ulimit -v`, `memory_mib`) and its own writable TMPDIR (a task-local directory:
the spill of a session too long to keep in memory goes there, whatever the executor's TMPDIR). A call
that fails (time or memory limit, a crash, an exit other than 0 and 65) is retried one row at a time,
and a row that fails alone becomes a quarantine row with the reason; every other row's output is kept.
"""
import base64
import json
import os
import resource
import shutil
import signal
import struct
import subprocess
import tempfile
import threading
import time

import numpy as np
import pyarrow as pa
import pyarrow.compute  # noqa: F401 - pa.compute
import pyarrow.parquet as pq

# One output row: a file the task wrote ('file': the table in `id`, the file's name in the staging
# folder in `payload`, `rows` its rows) or the task's 'metrics' (JSON in `payload`).
OUTPUT_DDL = "kind STRING, landing_key STRING, id STRING, date STRING, app STRING, rows BIGINT, payload BINARY"
OUTPUT_SCHEMA = pa.schema([("kind", pa.string()), ("landing_key", pa.string()), ("id", pa.string()), ("date", pa.string()),
                           ("app", pa.string()), ("rows", pa.int64()), ("payload", pa.binary())])
ARROW_TYPES = {"STRING": pa.string(), "BIGINT": pa.int64(), "DOUBLE": pa.float64()}
PER_SAMPLE = ("timeline", "observed_gaps", "chunk_gaps")
# A quarantine row's columns taken from its landing row (then `reason`).
QUARANTINE_FROM_LANDING = ("landing_key", "load_id", "source", "first_line", "session_key", "recording_id", "bytes")
# Rows a per-sample file holds in memory before writing them as a row group: a row group per navrec
# call would make chunk_gaps' row groups a few thousand rows.
ROW_GROUP_BYTES = 32 << 20


class CallFailed(Exception):
    pass


def _writable(directory):
    return directory and os.path.isdir(directory) and os.access(directory, os.W_OK | os.X_OK)


def _scratch_root():
    """A writable directory for the task's files: the executor's working directory (YARN's and
    Kubernetes' container directory, local mode's cwd), else Spark's files root, else the system's."""
    candidates = [os.getcwd()]
    try:
        from pyspark import SparkFiles
        candidates.append(SparkFiles.getRootDirectory())
    except Exception:  # noqa: BLE001 - outside Spark, or no SparkContext on this worker
        pass
    candidates += [os.environ.get("TMPDIR"), "/tmp", "/var/tmp", "/dev/shm"]
    for directory in candidates:
        if _writable(directory):
            return directory
    raise OSError("no writable directory for navrec's temporary files (tried the working directory, "
                  "Spark's files root, $TMPDIR, /tmp, /var/tmp, /dev/shm)")


_BINARY = {}


def locate_binary(name, driver_path, scratch):
    """The navrec binary on this executor: shipped by the job (SparkContext.addFile or Spark Connect's
    addArtifacts: SparkFiles), by spark-submit --files (the working directory) or --archives
    (a directory of that name holding `navrec`), else the driver's path. One that lost its executable
    bit on the way (YARN's --files can) is copied into the task's directory and made executable."""
    if name in _BINARY and os.access(_BINARY[name], os.X_OK):
        return _BINARY[name]
    candidates = []
    try:
        from pyspark import SparkFiles
        candidates.append(SparkFiles.get(name))
    except Exception:  # noqa: BLE001
        pass
    candidates += [os.path.join(os.getcwd(), name), driver_path]
    for path in candidates:
        if path and os.path.isdir(path) and os.path.isfile(os.path.join(path, "navrec")):
            path = os.path.join(path, "navrec")
        if not path or not os.path.isfile(path):
            continue
        if not os.access(path, os.X_OK):
            copy_dir = tempfile.mkdtemp(prefix="navrec-bin-", dir=scratch)
            copy = os.path.join(copy_dir, "navrec")
            shutil.copyfile(path, copy)
            os.chmod(copy, 0o755)
            path = copy
        _BINARY[name] = path
        return path
    raise FileNotFoundError(f"navrec binary {name!r} not found on this executor (looked at {candidates})")


def _signal_name(number):
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


class Runner:
    """navrec calls of one task: the binary, the bounds and a task-local TMPDIR."""

    def __init__(self, config):
        self.config = config
        root = _scratch_root()
        self.directory = tempfile.mkdtemp(prefix="navrec-task-", dir=root)
        self.binary = locate_binary(config["binary_name"], config["driver_path"], self.directory)
        self.env = dict(os.environ, TMPDIR=self.directory)
        self.navrec_cpu = 0.0
        self.calls = 0

    def close(self):
        shutil.rmtree(self.directory, ignore_errors=True)

    def run(self, arguments, parts):
        """navrec's stdout for `parts` (bytes-like objects, written one after another: a call's rows
        are never joined into one more copy) on stdin; CallFailed with the reason past a bound or on
        a failing exit."""
        config = self.config
        size = sum(len(part) for part in parts)
        limit_s = config["timeout_s"] + config["timeout_s_per_mib"] * size / (1 << 20)
        memory = int(config["memory_mib"]) << 20

        # The address-space limit through the shell's ulimit rather than a preexec_fn, so Python can
        # vfork: forking a worker holding a call's data costs more than navrec's start.
        command = [self.binary, *arguments]
        if memory > 0:
            command = ["/bin/sh", "-c", f'ulimit -v {memory >> 10} && exec "$0" "$@"', *command]

        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        self.calls += 1
        # Its own process group, so a time-out kills whatever it started too. Standard input is
        # written from a thread and standard output read whole (large reads; communicate()'s
        # poll loop of small ones cost as much CPU as navrec), standard error goes to a file.
        timed_out = threading.Event()
        with tempfile.TemporaryFile(dir=self.directory) as errors:
            process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=errors,
                                       env=self.env, cwd=self.directory, start_new_session=True)

            def kill():
                timed_out.set()
                try:
                    os.killpg(process.pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass

            def feed():
                try:
                    for part in parts:
                        process.stdin.write(part)
                except (BrokenPipeError, OSError):  # navrec stopped reading (it failed, or was killed)
                    pass
                finally:
                    try:
                        process.stdin.close()
                    except OSError:
                        pass
            timer = threading.Timer(limit_s, kill)
            writer = threading.Thread(target=feed, daemon=True)
            timer.start()
            writer.start()
            try:
                stdout = process.stdout.read()
                process.wait()
            finally:
                timer.cancel()
                writer.join()
                process.stdout.close()
                after = resource.getrusage(resource.RUSAGE_CHILDREN)
                self.navrec_cpu += (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            errors.seek(0)
            stderr = errors.read()[-4096:]
        if timed_out.is_set():
            raise CallFailed(f"navrec ran past its time limit ({limit_s:.0f} s for {size / (1 << 20):.2f} MiB; "
                             f"--navrec-timeout-s {config['timeout_s']:g} + {config['timeout_s_per_mib']:g} a MiB) and was killed")
        result = subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)
        if result.returncode in (0, 65):
            return result.stdout
        message = result.stderr.decode("utf-8", "replace").strip()[-600:]
        if result.returncode < 0:
            reason = (f"navrec was killed by {_signal_name(-result.returncode)} (under a {config['memory_mib']} MiB "
                      f"address-space limit, --navrec-memory-mib)")
        else:
            reason = f"navrec exited with status {result.returncode}"
        raise CallFailed(reason + (f": {message}" if message else ""))


def frame(row):
    """One `--rows` row: a line of KEY, base64(SOURCE), FIRST_LINE and #LENGTH, tab-separated, then
    the LENGTH bytes of NDJSON as they are (no base64: encoding it here and decoding it in navrec
    cost more than navrec's start-ups)."""
    return (b"\t".join((row["landing_key"].encode(), base64.b64encode(row["source"].encode("utf-8", "surrogateescape")),
                        str(row["first_line"]).encode(), b"#%d" % len(row["ndjson"]))) + b"\n", row["ndjson"])


def filesystem(uri):
    """(pyarrow FileSystem, path) of a local path or a URI (file:, hdfs://, s3://, gs://, …;
    Hadoop's s3a:// and s3n:// read as s3://). A URI's path is percent-decoded, as Spark's file
    paths (_metadata.file_path) need."""
    from pyarrow import fs
    scheme, separator, rest = uri.partition("://")
    if separator and scheme in ("s3a", "s3n"):
        uri = "s3://" + rest
    return fs.FileSystem.from_uri(uri)


class Staging:
    """The per-sample Parquet files of one task attempt, written with pyarrow under the run's staging
    folder (config 'staging', a URI): one file per table and (date, app), named by the run, the task's
    partition and its attempt id, so a retried or speculative attempt never writes over another's and
    the driver keeps only the files its collected 'file' rows name. Columns and types are the
    table's DDL (config 'per_sample_columns') in the order Spark writes them, then the run's
    settings, run_id and navrec_version."""

    def __init__(self, config):
        self.uri = config["staging"]
        self.schemas = {name: pa.schema([(column, ARROW_TYPES[kind]) for column, kind in columns])
                        for name, columns in config["table_columns"].items()}
        self.constants = config["constants"]
        self.files = {}  # (table, date, app) -> [writer, stream, name, rows, pending tables, pending bytes]
        self.fs = None
        try:
            from pyspark import TaskContext
            context = TaskContext.get()
        except Exception:  # noqa: BLE001 - outside Spark
            context = None
        import uuid
        task = f"{context.partitionId():05d}-{context.taskAttemptId()}" if context else uuid.uuid4().hex[:12]
        self.prefix = f"part-{config['run_name']}-{task}"

    def write(self, name, date, app, columns):
        """Adds rows (a dict of Arrow arrays of the table's data columns) to the file of (name, date, app)."""
        rows = len(next(iter(columns.values())))
        constants = {column: pa.repeat(pa.scalar(value, pa.string()), rows) for column, value in self.constants.items()}
        self._append(name, date, app, pa.Table.from_pydict(columns | constants).select(self.schemas[name].names).cast(self.schemas[name]))

    def write_rows(self, name, date, app, rows):
        """Adds rows (dicts of the table's data columns; a missing one is NULL) to the file of (name, date, app)."""
        self._append(name, date, app, pa.Table.from_pylist([row | self.constants for row in rows], schema=self.schemas[name]))

    def _append(self, name, date, app, table):
        schema, rows = self.schemas[name], table.num_rows
        key = (name, date, app)
        entry = self.files.get(key)
        if entry is None:
            if self.fs is None:
                self.fs, self.root = filesystem(self.uri)
            file_name = f"{name}/{self.prefix}-{len(self.files):03d}.parquet"
            self.fs.create_dir(f"{self.root}/{name}", recursive=True)
            stream = self.fs.open_output_stream(f"{self.root}/{file_name}")
            entry = self.files[key] = [pq.ParquetWriter(stream, schema, compression="snappy"), stream, file_name, 0, [], 0]
        entry[3] += rows
        entry[4].append(table)
        entry[5] += table.nbytes
        if entry[5] >= ROW_GROUP_BYTES:
            self._flush(entry)

    @staticmethod
    def _flush(entry):
        if entry[4]:
            table = pa.concat_tables(entry[4])
            entry[0].write_table(table, row_group_size=table.num_rows)
            entry[4], entry[5] = [], 0

    def close(self, output):
        """Finishes every file and adds its 'file' row to `output`."""
        for (name, date, app), entry in self.files.items():
            self._flush(entry)
            entry[0].close()
            entry[1].close()
            output.add("file", None, name, date, app, entry[3], entry[2].encode())
        self.files = {}

    def abort(self):
        """A failed attempt: its files are closed and left to the staging folder's removal."""
        for entry in self.files.values():
            for closable in entry[:2]:
                try:
                    closable.close()
                except Exception:  # noqa: BLE001
                    pass
        self.files = {}


def _column(values, mask_nan=True):
    return pa.array(values, type=pa.float64(), mask=np.isnan(values) if mask_nan else None)


class Output:
    """The rows of OUTPUT_SCHEMA being gathered for one Arrow batch."""

    def __init__(self):
        self.columns = {field.name: [] for field in OUTPUT_SCHEMA}

    def add(self, kind, landing_key=None, id=None, date=None, app=None, rows=None, payload=None):  # noqa: A002
        for name, value in (("kind", kind), ("landing_key", landing_key), ("id", id), ("date", date), ("app", app),
                            ("rows", rows), ("payload", payload)):
            self.columns[name].append(value)

    def __len__(self):
        return len(self.columns["kind"])

    def batch(self):
        batch = pa.RecordBatch.from_pydict(self.columns, schema=OUTPUT_SCHEMA)
        self.columns = {field.name: [] for field in OUTPUT_SCHEMA}
        return batch


def content_id(row):
    """`import`'s content id of a landing row: `auto-` and the first 32 hex digits of its
    session_key, the same SHA-256 (Recording/ContentHasher.swift), so navrec need not hash it again."""
    return "auto-" + row["session_key"][:32]


def session_id(line, row):
    """The id `import` gives the session of this `--rows` session line: its recording id when the
    landing's first recording with that id is this one (`owner`), else `ID~HASH`; `auto-…` without an id."""
    recording = line.get("recordingId")
    if recording is None:
        return content_id(row)
    return recording if row["owner"] else f"{recording}~{row['session_key'][:16]}"


TIMELINE_MAGIC = b"NAVRECTL"
# A timeline file column's type and the DDL type it reads as.
TIMELINE_TYPES = {"float64": ("DOUBLE", "<f8"), "int64": ("BIGINT", "<i8"), "dictionary": ("STRING", None)}


def _padded(count):
    return count + (-count) % 8


def read_timeline(data, columns):
    """The rows of a `navrec analyze --rows --timeline-file` file (Docs/fleet.md "The timeline
    file"): (pyarrow Table of `columns`, the blocks' keys, the blocks' row counts). `columns`:
    (name, DDL type) as the file must have them (analyze_timeline_schema.ddl). Every column is taken
    whole by numpy.frombuffer: Python works per block (a session), never per row. A file
    that is not one (another version, other columns, damaged or truncated) raises ValueError."""
    try:
        return _read_timeline(data, columns)
    except (KeyError, IndexError, TypeError, struct.error) as error:
        raise ValueError(f"not a valid navrec timeline file: {error!r}") from None


def _read_timeline(data, columns):
    """read_timeline without the ValueError for every kind of damage."""
    data = memoryview(data)
    if bytes(data[:8]) != TIMELINE_MAGIC or len(data) < 16:
        raise ValueError("not a navrec timeline file (no NAVRECTL header)")
    version, length = struct.unpack_from("<II", data, 8)
    if version != 1:
        raise ValueError(f"navrec timeline file version {version}; this reader knows version 1")
    described = json.loads(bytes(data[16:16 + length]))["columns"]
    found = [(column["name"], TIMELINE_TYPES[column["type"]][0]) for column in described]
    if found != [tuple(column) for column in columns]:
        raise ValueError(f"the timeline file's columns {found} are not analyze_timeline_schema.ddl's {columns}")
    offset = 16 + _padded(length)
    keys, counts, parts = [], [], [([], []) for _ in described]
    while offset < len(data):
        rows, key_length = struct.unpack_from("<QI", data, offset)
        offset += 16
        keys.append(bytes(data[offset:offset + key_length]).decode("utf-8", "surrogateescape"))
        counts.append(rows)
        offset += _padded(key_length)
        for column, (validity, values) in zip(described, parts):
            validity.append(np.frombuffer(data, np.uint8, rows, offset))
            offset += _padded(rows)
            dtype = TIMELINE_TYPES[column["type"]][1]
            if dtype is None:
                values.append(np.frombuffer(data, np.uint8, rows, offset))
                offset += _padded(rows)
            else:
                values.append(np.frombuffer(data, dtype, rows, offset))
                offset += 8 * rows
    if offset != len(data):
        raise ValueError("the timeline file ends inside a block")
    arrays = {}
    for column, (validity, values) in zip(described, parts):
        null = np.concatenate(validity) == 0 if validity else np.zeros(0, bool)
        if column["type"] == "dictionary":
            codes = np.concatenate(values) if values else np.zeros(0, np.uint8)
            arrays[column["name"]] = pa.array(column["values"], pa.string()).take(pa.array(codes, pa.uint8(), mask=null))
        else:
            dtype = TIMELINE_TYPES[column["type"]][1]
            joined = np.concatenate(values) if values else np.zeros(0, dtype)
            arrays[column["name"]] = pa.array(joined, ARROW_TYPES[TIMELINE_TYPES[column["type"]][0]], mask=null)
    return pa.table(arrays), keys, counts


# findings' columns taken from its details object: (column, key).
DETAIL_COLUMNS = [("y_min", "yMin"), ("y_max", "yMax"), ("suggested_hysteresis", "suggestedHysteresis"),
                  ("suggested_swipe_distance", "suggestedSwipeDistance")]


def _detail(details, key):
    """A details value as a number (the database's column), NULL where missing or not a number."""
    value = (details or {}).get(key)
    if isinstance(value, bool) or value is None:
        return None
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


class Analysis:
    """Turns one navrec call's output into the task's files."""

    def __init__(self, config):
        self.config = config
        columns = self.columns = config["timeline_columns"]  # (name, DDL type) of the timeline file's columns
        self.fields = [name for name, _ in columns]
        self.gap_fields = config["gap_fields"]
        self.chunk = config["chunk_samples"]
        # The timeline view's column order: session_id, seq, t, y, phase, source, the fields, frame_duration.
        self.view_order = self.fields[1:5] + ["source"] + self.fields[5:]

    def sessions_of(self, lines, rows, staging):
        """Session lines -> rows of sessions, findings, session_summary and errors (the database's
        columns, as `import` + `report` give them); returns {landing_key: id} of the sessions analysed."""
        ids, tables = {}, {}
        started = self.config["started"]
        for text in lines:
            key, _, body = text.partition("\t")
            s = json.loads(body)
            row = rows[key]

            def add(name, values):
                tables.setdefault((name, row["date"], row["app"]), []).append(values)
            if s.get("error") is not None:
                add("errors", {"landing_key": key, "source": row["source"], "first_line": row["first_line"],
                               "session_key": row["session_key"], "session_id": s.get("id"), "started_at": s.get("startedAt"),
                               "error": s["error"]})
                continue
            identifier = ids[key] = session_id(s, row)
            behaviors = None if s.get("behaviors") is None else ",".join(s["behaviors"])
            findings = s.get("findings") or []
            common = {"screen": s.get("screen"), "device": s.get("device"), "os": s.get("os"), "fps": s.get("fps"),
                      "behaviors": behaviors, "samples": s.get("samples"), "observed_samples": s.get("observedSamples"),
                      "events": s.get("events"), "duration": s.get("duration"), "imported_at": started,
                      "screen_scale": s.get("scale"), "app_version": s.get("appVersion"), "build": s.get("build")}
            add("sessions", common | {
                "id": identifier, "started_at": s.get("startedAt"), "parameters": s.get("parameters"), "content_id": content_id(row),
                "source": row["source"], "ignored_keys": s.get("ignoredKeys"), "recording_id": s.get("recordingId"),
                "t_origin": s.get("tOrigin"), "recorder_moving": s.get("recorderMoving"), "recorder_at_rest": s.get("recorderAtRest"),
                "landing_key": key, "first_line": row["first_line"]})
            add("session_summary", common | {
                "session_id": identifier, "hitch_time_ratio": s.get("hitchTimeRatio"), "frame_jitter": s.get("frameJitter"),
                "gaps": s.get("gaps"), "gap_time": s.get("gapTime"), "analyzed_at": started, "findings": len(findings),
                "warnings": sum(finding.get("severity") == "warning" for finding in findings),
                "errors": sum(finding.get("severity") == "error" for finding in findings)})
            for finding in findings:
                details = finding.get("details")
                add("findings", {"session_id": identifier, "kind": finding.get("kind"), "subkind": finding.get("subkind"),
                                 "signal": finding.get("signal"), "source": finding.get("source"), "severity": finding.get("severity"),
                                 "start_t": finding.get("start"), "end_t": finding.get("end"), "count": finding.get("count"),
                                 "message": finding.get("message")}
                    | {column: _detail(details, name) for column, name in DETAIL_COLUMNS}
                    | {"details": None if details is None else json.dumps(details, separators=(",", ":"), ensure_ascii=False)})
        for (name, date, app), values in tables.items():
            staging.write_rows(name, date, app, values)
        return ids

    def parse(self, out, timeline_file, rows, staging):
        """One call's stdout (its session lines) and its --timeline-file (None without the timeline)
        into the task's files (`staging`). The file's bytes are dropped once its columns are taken
        (larger than the call's NDJSON, they made a task's peak when held through the gaps' arithmetic)."""
        ids = self.sessions_of(out.decode("utf-8", "surrogateescape").splitlines(), rows, staging) if out else {}
        if timeline_file is None:
            return
        with open(timeline_file, "rb") as file:
            table, block_keys, block_rows = read_timeline(file.read(), self.columns)
        if table.num_rows == 0:
            return
        keys = list(ids)
        index = {key: position for position, key in enumerate(keys)}
        try:
            code = np.repeat(np.array([index[key] for key in block_keys], dtype=np.int64), block_rows)
        except KeyError as missing:
            raise ValueError(f"navrec wrote timeline rows for {missing} without a session line") from None
        id_array = pa.array([ids[key] for key in keys], pa.string())
        partitions = {}
        for position, key in enumerate(keys):
            partitions.setdefault((rows[key]["date"], rows[key]["app"]), []).append(position)

        def tables(name, columns, codes):
            """The rows of `codes`' sessions, into the task's file of each (date, app)."""
            for (date, app), members in partitions.items():
                if len(partitions) == 1:
                    part = columns
                else:
                    keep = pa.array(np.isin(codes, members))
                    part = {column: values.filter(keep) for column, values in columns.items()}
                if len(next(iter(part.values()))):
                    staging.write(name, date, app, part)

        session_ids = id_array.take(code)
        tables("timeline", {"session_id": session_ids} | {name: table[name] for name in self.view_order}, code)

        # observed_gaps: each observed row follows its frame's computed row (navrec's order).
        is_observed = pa.compute.equal(table["source"], "observed").to_numpy(zero_copy_only=False)
        observed = np.flatnonzero(is_observed)
        if observed.size == 0:
            return
        computed = observed - 1
        seq = table["seq"].to_numpy()
        if computed[0] < 0 or not (np.array_equal(seq[observed], seq[computed]) and np.array_equal(code[observed], code[computed])
                                    and not is_observed[computed].any()):
            raise ValueError("navrec's observed timeline rows do not follow their computed rows")
        t = table["t"].to_numpy(zero_copy_only=False)[computed]
        gap_codes = code[computed]
        gaps = {}
        for name in self.gap_fields:
            values = table[name].to_numpy(zero_copy_only=False).astype(np.float64)
            gaps[name] = np.abs(values[observed] - values[computed])
        gap_seq = seq[computed]
        tables("observed_gaps", {"session_id": session_ids.take(pa.array(computed)), "seq": pa.array(gap_seq),
                                 "t": pa.array(t, pa.float64())} | {f"{name}_gap": _column(gaps[name]) for name in self.gap_fields},
               gap_codes)

        # chunk_gaps: per session and 64 samples from seq 0, each field's largest gap and its earliest t.
        first_seq = gap_seq // self.chunk * self.chunk
        change = np.ones(len(first_seq), dtype=bool)
        change[1:] = (gap_codes[1:] != gap_codes[:-1]) | (first_seq[1:] != first_seq[:-1])
        starts = np.flatnonzero(change)
        counts = np.diff(np.append(starts, len(first_seq)))
        chunk_columns = {"session_id": session_ids.take(pa.array(computed[starts])), "first_seq": pa.array(first_seq[starts])}
        with np.errstate(invalid="ignore"):
            for name in self.gap_fields:
                gap = gaps[name]
                largest = np.fmax.reduceat(gap, starts)
                at = np.where(gap == np.repeat(largest, counts), t, np.inf)
                earliest = np.minimum.reduceat(at, starts)
                earliest[np.isnan(largest)] = np.nan
                chunk_columns[f"{name}_gap"] = _column(largest)
                chunk_columns[f"{name}_gap_t"] = _column(earliest)
        tables("chunk_gaps", chunk_columns, gap_codes[starts])


def landing_rows(rows):
    """`rows` (landing rows without their bytes, each with its landing `file`) with `ndjson` read by
    pyarrow from their landing files: a list a row group, holding the rows it has. Row groups none
    of whose keys are wanted (by the landing_key statistics, then the keys) are not read. A key not
    in its file (the landing changed under the job) fails the task rather than lose the row."""
    by_file = {}
    for row in rows:
        by_file.setdefault(row["file"], {})[row["landing_key"]] = row
    for uri, wanted in by_file.items():
        filesystem_of, path = filesystem(uri)
        with filesystem_of.open_input_file(path) as handle:
            parquet = pq.ParquetFile(handle)
            key_column = parquet.schema_arrow.get_field_index("landing_key")
            low, high = min(wanted), max(wanted)
            keys = pa.array(list(wanted), pa.string())
            for group in range(parquet.num_row_groups):
                statistics = parquet.metadata.row_group(group).column(key_column).statistics
                if statistics is not None and statistics.has_min_max and (statistics.max < low or statistics.min > high):
                    continue
                if not pa.compute.any(pa.compute.is_in(parquet.read_row_group(group, columns=["landing_key"])["landing_key"],
                                                       value_set=keys)).as_py():
                    continue
                table = parquet.read_row_group(group, columns=["landing_key", "ndjson"])
                table = table.filter(pa.compute.is_in(table["landing_key"], value_set=keys))
                found = [wanted.pop(key) | {"ndjson": ndjson}
                         for key, ndjson in zip(table["landing_key"].to_pylist(), table["ndjson"].to_pylist())]
                del table  # the rows hold their own bytes
                yield found
                if not wanted:
                    break
        if wanted:
            raise RuntimeError(f"{len(wanted)} landing rows not found in {uri} (first: {min(wanted)}): "
                               "was the landing changed during the run?")


def analyze_arguments(config, timeline_file):
    """navrec's command line for the job's calls: the timeline (if any) into `timeline_file`."""
    return (["analyze", "--rows"] + (["--timeline-file", timeline_file] if timeline_file else [])
            + [f"--set={setting}" for setting in config["settings"]])


def analyze(config):
    """The function mapInArrow runs over landing rows without their bytes (landing_key, load_id,
    source, first_line, session_key, recording_id, bytes, file, date, app, owner; `file` the landing
    file holding the row, as Spark's _metadata.file_path names it): see the module's docstring. The NDJSON is read here from the
    landing files (landing_rows), so the sessions' bytes never pass through the JVM."""
    timeline = config["timeline"]
    call_bytes = int(config["call_mib"] * (1 << 20))

    def run(batches):
        started, cpu = time.monotonic(), time.process_time()
        runner = Runner(config)
        analysis = Analysis(config)
        output = Output()
        staging = Staging(config)
        metrics = {"rows": 0, "bytes": 0, "quarantined": 0, "retried_calls": 0}
        timeline_file = os.path.join(runner.directory, "timeline.bin") if timeline else None
        arguments = analyze_arguments(config, timeline_file)

        def call(rows):
            try:
                if timeline_file and os.path.exists(timeline_file):
                    os.unlink(timeline_file)  # the last call's: a call that fails leaves none
                out = runner.run(arguments, [part for row in rows for part in frame(row)])
            except CallFailed as failure:
                if len(rows) > 1:
                    metrics["retried_calls"] += 1
                    for row in rows:
                        call([row])
                    return
                metrics["quarantined"] += 1
                quarantine(rows[0], str(failure))
                return
            for row in rows:  # analysed: their NDJSON is not needed again (a task's peak memory is the parse's)
                row["ndjson"] = None
            analysis.parse(out, timeline_file, {row["landing_key"]: row for row in rows}, staging)

        def quarantine(row, reason):
            staging.write_rows("quarantine", row["date"], row["app"], [{name: row[name] for name in QUARANTINE_FROM_LANDING} | {"reason": reason}])

        try:
            # A call takes rows across the landing's row groups (~16 MiB of NDJSON each): calls that
            # ended at each one were ~14 a task, and each costs navrec ~18 ms of CPU beyond its work.
            pending, size = [], 0
            for group in landing_rows([row for batch in batches for row in batch.to_pylist()]):
                for row in group:
                    if row["ndjson"] is None:  # landed without its bytes (load_landing.py's quarantine)
                        quarantine(row, config["landed_reason"])
                        continue
                    metrics["rows"] += 1
                    metrics["bytes"] += len(row["ndjson"])
                    if pending and size + len(row["ndjson"]) > call_bytes:
                        call(pending)
                        pending, size = [], 0
                    pending.append(row)
                    size += len(row["ndjson"])
            if pending:
                call(pending)
            staging.close(output)
        finally:
            staging.abort()
            runner.close()
        # This Python worker's peak resident memory (a reused worker's spans its earlier tasks): what
        # executors are sized for. (RUSAGE_CHILDREN's would be the worker's own: Linux keeps a
        # child's pre-exec peak.)
        metrics |= {"calls": runner.calls, "navrec_cpu_s": round(runner.navrec_cpu, 3),
                    "worker_cpu_s": round(time.process_time() - cpu, 3), "wall_s": round(time.monotonic() - started, 3),
                    "worker_peak_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024)}
        output.add("metrics", payload=json.dumps(metrics).encode())
        yield output.batch()

    return run


def preflight(config):
    """mapInArrow over a few rows: `navrec --version` and `analyze --rows` of one empty row in the
    framing the job sends, with the job's settings (a wrong --set, or a navrec too old for the
    `#LENGTH` rows, exits 64 here, before any data moves); a failure raises with navrec's message."""
    def run(batches):
        for _ in batches:
            pass
        runner = Runner(config)
        try:
            version = runner.run(["--version"], []).decode().strip()
            timeline_file = os.path.join(runner.directory, "timeline.bin")
            empty_row = frame({"landing_key": "preflight", "source": "preflight", "first_line": 1, "ndjson": b""})
            runner.run(analyze_arguments(config, timeline_file if config["timeline"] else None), empty_row)
            if config["timeline"]:
                with open(timeline_file, "rb") as file:
                    read_timeline(file.read(), config["timeline_columns"])
        except CallFailed as failure:
            raise RuntimeError(f"navrec cannot run on this executor ({runner.binary}): {failure}") from None
        finally:
            runner.close()
        yield pa.RecordBatch.from_pydict({"line": [version]}, schema=pa.schema([("line", pa.string())]))
    return run

