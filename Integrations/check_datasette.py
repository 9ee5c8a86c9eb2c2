#!/usr/bin/env python3
"""Checks `navrec datasette-metadata` with Datasette itself (PyPI `datasette`), in process.

Usage: check_datasette.py DATABASE.sqlite METADATA.json

Loads the database with the metadata and requests, through Datasette's own ASGI client:
- the instance and database pages (HTML and JSON) answer 200;
- the internal tables are hidden, the public tables and views are listed;
- the public tables' pages load with their facets computed and their column descriptions shown;
- every canned query runs (status 200, no error) with its parameters (a stored session id, t = 1.0)
  and returns rows where the demo has some.
Datasette runs with its default settings (sql_time_limit_ms 1000: a page whose query takes longer
answers 400), so on a fleet's database (Integrations/make_fleet_db.sh) this also checks that the
pages a user opens first stay within that limit; the slowest requests are printed with their times.
Exits 1 with one line per failure.
"""
import asyncio
import html
import json
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
    session = sqlite3.connect(database).execute("SELECT id FROM sessions ORDER BY session_key LIMIT 1").fetchone()[0]
    ran = 0
    for query, entry in config.get("queries", {}).items():
        arguments = {"session": session, "t": "1.0"}
        parameters = {key: arguments[key] for key in entry.get("params", [])}
        path = f"/{name}/{query}.json?_shape=objects&" + urllib.parse.urlencode(parameters)
        response = await get(path)
        if response.status_code == 200:
            body = response.json()
            if body.get("error"):
                problems.append(f"canned query {query}: {body['error']}")
            elif "rows" not in body:
                problems.append(f"canned query {query}: no rows in the answer")
            ran += 1
    return problems, ran, len(config["tables"]), sorted(timings, reverse=True)


def main(argv):
    problems, ran, tables, timings = asyncio.run(problems_of(argv[1], argv[2]))
    slowest = ", ".join(f"{path.split('?')[0]} {seconds:.2f} s" for seconds, path in timings[:3])
    for problem in problems:
        print(f"{argv[2]}: {problem}")
    if problems:
        return 1
    print(f"{argv[2]}: Datasette OK: pages of {tables} tables load (hidden ones hidden, facets and descriptions shown), "
          f"{ran} canned queries run; {len(timings)} requests, slowest {slowest}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
