#!/usr/bin/env python3
"""The second peer (issue 38 item 5): navrec's flapping rule written independently in Polars over
the same Parquet export DuckDB reads (Benchmarks/duckdb_peer.py), so the peer ratio does not rest
on one particular SQL. Run by duckdb_peer.py in a child process per core count (Polars fixes its
thread pool when imported):

    POLARS_MAX_THREADS=N python3 Benchmarks/polars_peer.py EXPORT_DIR

prints one JSON object: wall and CPU seconds of reading the Parquet files and finding the
episodes (this process's rusage), and the episodes as [session_id, source, signal, toggles,
start_t, end_t, y_min, y_max], compared with navrec's for equality by duckdb_peer.py.

The rule (README "What the findings mean"; Sources/Analyzer/Detectors): per session, stream and
binary signal, toggles (a known value differing from the previous known one), chained while
within 1 s of the previous toggle and with the offset's range since it at most the sweep limit
(20 pt; hideOnSwipe's barHidden 100 pt, or none when onSwipe is off; none for the subtitle and the
dropdown); episodes of at least 3 toggles; a driven signal's episode overlapping its driver's on
the same stream dropped (blurHeader's titles follow the background, largeTitle's large title the
inline one).
"""
import json
import os
import resource
import sys
import time

import polars as pl

WINDOW = 1.0
MIN_TOGGLES = 3
MAX_HYSTERESIS = 20.0
MAX_SWIPE_DISTANCE = 100.0
KEYS = ["session_id", "source", "signal"]

SIGNALS = {
    "barHidden": pl.col("bar_hidden") == 1,
    "background": pl.col("background") == "default",
    "largeTitleVisible": pl.col("large_title_alpha") >= 0.5,
    "inlineTitleVisible": pl.col("inline_title_alpha") >= 0.5,
    "contentTitleVisible": pl.col("content_title_alpha") >= 0.5,
    "subtitleVisible": pl.col("subtitle_visible") == 1,
    "dropdownExpanded": pl.col("dropdown_expanded") == 1,
}


def episodes(export):
    sessions = pl.read_parquet(os.path.join(export, "sessions.parquet"), columns=["id", "behaviors", "parameters"])
    behaviors = pl.col("behaviors").str.split(",")
    limits = sessions.select(
        pl.col("id").alias("session_id"),
        behaviors.list.contains("blurHeader").alias("blur_header"),
        behaviors.list.contains("largeTitle").alias("large_title"),
        (behaviors.list.contains("hideOnSwipe")
         & (pl.col("parameters").str.json_path_match("$.hideOnSwipe.onSwipe") != "false").fill_null(True)).alias("on_swipe"),
    )
    timeline = pl.scan_parquet(os.path.join(export, "timeline.parquet"))
    samples = pl.concat([
        timeline.select("session_id", "source", "seq", "t", "y", value.alias("v")).with_columns(pl.lit(name).alias("signal"))
        for name, value in SIGNALS.items()
    ]).sort(KEYS + ["seq"])
    previous = pl.col("v").shift(1).forward_fill().over(KEYS)
    segmented = samples.with_columns(
        (pl.col("v").is_not_null() & previous.is_not_null() & (pl.col("v") != previous)).fill_null(False).alias("toggle")
    ).with_columns(pl.col("toggle").cast(pl.Int64).cum_sum().over(KEYS).alias("g"))
    segments = (segmented.filter(pl.col("g") > 0)
                .group_by(KEYS + ["g"], maintain_order=True)
                .agg(pl.col("t").first(), pl.col("y").first(), pl.col("y").min().alias("y_min"), pl.col("y").max().alias("y_max"))
                .join(limits.lazy(), on="session_id", how="left")
                .sort(KEYS + ["g"]))
    limit = (pl.when(pl.col("signal") == "barHidden")
             .then(pl.when(pl.col("on_swipe")).then(MAX_SWIPE_DISTANCE).otherwise(float("inf")))
             .when(pl.col("signal").is_in(["subtitleVisible", "dropdownExpanded"])).then(float("inf"))
             .otherwise(MAX_HYSTERESIS))
    span = (pl.max_horizontal(pl.col("y_max").shift(1).over(KEYS), pl.col("y"))
            - pl.min_horizontal(pl.col("y_min").shift(1).over(KEYS), pl.col("y")))
    starts = ((pl.col("g") == 1) | (pl.col("t") - pl.col("t").shift(1).over(KEYS) > WINDOW) | (span > limit)).fill_null(True)
    numbered = segments.with_columns(starts.cast(pl.Int64).alias("starts")).with_columns(
        pl.col("starts").cum_sum().over(KEYS).alias("episode"),
        (pl.col("starts").shift(-1).over(KEYS).fill_null(1) == 1).alias("last"),
    )
    found = (numbered.group_by(KEYS + ["episode"])
             .agg(pl.col("blur_header").first(), pl.col("large_title").first(), pl.len().alias("toggles"),
                  pl.col("t").min().alias("start_t"), pl.col("t").max().alias("end_t"),
                  pl.when(pl.col("last")).then(pl.col("y")).otherwise(pl.col("y_min")).min().alias("y_min"),
                  pl.when(pl.col("last")).then(pl.col("y")).otherwise(pl.col("y_max")).max().alias("y_max"))
             .filter(pl.col("toggles") >= MIN_TOGGLES)
             .with_columns(pl.when(pl.col("signal").is_in(["inlineTitleVisible", "contentTitleVisible"]) & pl.col("blur_header"))
                           .then(pl.lit("background"))
                           .when((pl.col("signal") == "largeTitleVisible") & pl.col("large_title"))
                           .then(pl.lit("inlineTitleVisible")).alias("driver"))
             .collect())
    drivers = found.select("session_id", "source", pl.col("signal").alias("driver"),
                           pl.col("start_t").alias("d_start"), pl.col("end_t").alias("d_end"))
    driven = (found.join(drivers, on=["session_id", "source", "driver"])
              .filter((pl.col("d_start") <= pl.col("end_t")) & (pl.col("start_t") <= pl.col("d_end")))
              .select(KEYS + ["start_t"]).unique())
    kept = found.join(driven, on=KEYS + ["start_t"], how="anti").sort(KEYS + ["start_t"])
    return kept.select(KEYS + ["toggles", "start_t", "end_t", "y_min", "y_max"]).rows()


def main():
    before = resource.getrusage(resource.RUSAGE_SELF)
    start = time.monotonic()
    rows = episodes(sys.argv[1])
    wall = time.monotonic() - start
    after = resource.getrusage(resource.RUSAGE_SELF)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    json.dump({"wall": wall, "cpu": cpu, "flapping": rows}, sys.stdout)


if __name__ == "__main__":
    main()
