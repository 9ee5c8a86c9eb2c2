#!/usr/bin/env python3
"""Checks `navrec datasette-metadata` with Datasette itself (PyPI `datasette`), in process.

Usage: check_datasette.py DATABASE.sqlite METADATA.json

Loads the database with the metadata and requests, through Datasette's own ASGI client:
- the instance and database pages (HTML and JSON) answer 200;
- the internal tables are hidden, the public tables and views are listed;
- the public tables' pages load with their facets computed and their column descriptions shown;
- every canned query runs (status 200, no error) with its parameters (a stored session id, t = 1.0)
  and, page by page (`page` = 1, 2, … where the query has that parameter, until a page is short),
  returns exactly the rows, in order, that SQLite gives for the query's file in Queries/; no page is
  truncated at Datasette's max_returned_rows (1,000: a query past it without pages lost the rest).
Datasette runs with its default settings (sql_time_limit_ms 1000: a page whose query takes longer
answers 400), so on a fleet's database (Integrations/make_fleet_db.sh) this also checks that the
pages a user opens first stay within that limit; the slowest requests are printed with their times.
Exits 1 with one line per failure.
"""
import asyncio
import html
import json
import os
import re
import sqlite3
import sys
import time
import urllib.parse

from datasette.app import Datasette


async def problems_of(database, metadata_path):
    problems = []
    timings = []
    with open(metadata_path, encoding="utf-8") as handle:
        metadata = json.load(handle)
    name, config = next(iter(metadata["databases"].items()))
    datasette = Datasette([database], metadata=metadata)
    await datasette.invoke_startup()

    async def get(path):
        started = time.perf_counter()
        response = await datasette.client.get(path)
        timings.append((time.perf_counter() - started, path))
        if response.status_code != 200:
            problems.append(f"GET {path}: status {response.status_code}")
        return response

    await get("/")
    await get(f"/{name}")
    listing = (await get(f"/{name}.json")).json()
    hidden = {table["name"] for table in listing.get("tables", []) if table.get("hidden")}
    for table, entry in config["tables"].items():
        if entry.get("hidden") and table not in hidden:
            problems.append(f"table {table} is not hidden")
    visible = {table["name"] for table in listing.get("tables", []) if not table.get("hidden")}
    views = {view["name"] if isinstance(view, dict) else view for view in listing.get("views", [])}
    for table, entry in config["tables"].items():
        if entry.get("hidden"):
            continue
        if table not in visible | views:
            problems.append(f"{table} is not listed")
        page = await get(f"/{name}/{table}")
        shown = {html.unescape(column): html.unescape(text)
                 for column, text in re.findall(r"<dt>(.*?)</dt>\s*<dd>(.*?)</dd>", page.text, re.S)}
        for column, description in entry.get("columns", {}).items():
            if shown.get(column) != description:
                problems.append(f"/{name}/{table} shows {shown.get(column)!r} as the description of {column}")
        data = (await get(f"/{name}/{table}.json?_size=5")).json()
        facets = set(data.get("facet_results", {}).get("results", data.get("facet_results", {})).keys())
        for facet in entry.get("facets", []):
            if facet not in facets:
                problems.append(f"/{name}/{table}.json has no facet {facet} (has {sorted(facets)})")
    connection = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    session = connection.execute("SELECT id FROM sessions ORDER BY session_key LIMIT 1").fetchone()[0]
    arguments = {"session": session, "t": "1.0"}
    queries = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Queries")
    limit = datasette.setting("max_returned_rows")
    ran = rows = pages = 0
    for query, entry in config.get("queries", {}).items():
        with open(os.path.join(queries, f"{query}.sql"), encoding="utf-8") as handle:
            # SQLite binds $name by the name, as Queries/ writes it.
            expected = [list(row) for row in connection.execute(handle.read(), arguments)]
        answer = []
        for page in range(1, 10_000):
            parameters = {key: arguments.get(key, page) for key in entry.get("params", [])}
            response = await get(f"/{name}/{query}.json?_shape=arrays&" + urllib.parse.urlencode(parameters))
            if response.status_code != 200:
                break
            body = response.json()
            if body.get("error") or "rows" not in body:
                problems.append(f"canned query {query}: {body.get('error') or 'no rows in the answer'}")
                break
            if body.get("truncated"):
                problems.append(f"canned query {query}: page {page} truncated at {len(body['rows'])} rows, the rest unreachable")
            answer += body["rows"]
            pages += 1
            if "page" not in entry.get("params", []) or len(body["rows"]) < limit:
                break
        if answer != expected:
            problems.append(f"canned query {query}: {len(answer)} rows over its pages, SQLite gives {len(expected)}"
                            + (" (the same number, other rows or order)" if len(answer) == len(expected) else ""))
        ran += 1
        rows += len(answer)
    return problems, (ran, rows, pages), len(config["tables"]), sorted(timings, reverse=True)


def main(argv):
    problems, ran, tables, timings = asyncio.run(problems_of(argv[1], argv[2]))
    slowest = ", ".join(f"{path.split('?')[0]} {seconds:.2f} s" for seconds, path in timings[:3])
    for problem in problems:
        print(f"{argv[2]}: {problem}")
    if problems:
        return 1
    print(f"{argv[2]}: Datasette OK: pages of {tables} tables load (hidden ones hidden, facets and descriptions shown), "
          f"{ran[0]} canned queries give SQLite's {ran[1]:,} rows in {ran[2]} pages, none truncated; "
          f"{len(timings)} requests, slowest {slowest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
