#!/usr/bin/env python3
"""Checks navrec's HTML pages in headless Chromium, driven over the DevTools protocol.

    python3 Integrations/check_html.py report.html [--max-bytes 5000000] [--max-interactive 1.5]
        [--screenshots Docs/ --name report-2000] [--tune tune.html]

For a report (`navrec report --format html`), at 1,400 and 390 CSS px wide:
- the file is at most --max-bytes;
- interactive (DOMContentLoaded, then the first frame drawn after it) within --max-interactive
  seconds of the navigation's start, in a browser already running (a first load is not measured);
- no sideways scrolling of the page, every text in the timelines at least 11 CSS px, and no two
  late-frame labels of one lane overlapping;
- the index sorts without a script: after a click on its "Hitches" header the first row shown is the
  session with the highest hitch ratio; its box scrolls, so the first section is near the top.
For a `navrec tune --format html` page (--tune), at 1,400 px: its table fits (the "recommended"
column is not cut off).
--screenshots writes NAME-desktop.png and NAME-phone.png (the top 1,500 px, 1x) into that folder.
Needs `chromium` (apt-get install chromium) and `websockets` (pip). Prints one line per page and
width; exits 1 on any failure.
"""
import argparse
import asyncio
import base64
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

import websockets


class Browser:
    """A headless Chromium and one page of it, on a loopback DevTools socket."""

    def __init__(self):
        self.profile = tempfile.mkdtemp(prefix="navrec-chromium-")
        self.process = subprocess.Popen(
            [shutil.which("chromium") or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
             "--hide-scrollbars", "--remote-debugging-address=127.0.0.1", "--remote-debugging-port=0",
             f"--user-data-dir={self.profile}", "--no-first-run", "--no-default-browser-check", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        self.next_id = 0
        self.events = []

    async def start(self):
        deadline = time.time() + 30
        url = None
        while time.time() < deadline and url is None:
            line = await asyncio.get_running_loop().run_in_executor(None, self.process.stderr.readline)
            match = re.search(r"DevTools listening on (ws://\S+)", line)
            if match:
                url = match.group(1)
        if url is None:
            raise RuntimeError("chromium did not open its DevTools socket")
        self.socket = await websockets.connect(url, max_size=64 * 1024 * 1024)
        target = await self.call("Target.createTarget", {"url": "about:blank"})
        attached = await self.call("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})
        self.session = attached["sessionId"]
        await self.call("Page.enable", session=True)
        await self.call("Runtime.enable", session=True)
        # Interactive: when the first frame after DOMContentLoaded has been drawn (a task queued
        # from that frame's requestAnimationFrame runs after its style, layout and paint).
        await self.call("Page.addScriptToEvaluateOnNewDocument", {"source": """
            document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(() => setTimeout(() => {
                window.navrecInteractive = performance.now() / 1000;
            }, 0)));"""}, session=True)

    async def call(self, method, params=None, session=False):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        await self.socket.send(json.dumps(message))
        while True:
            reply = json.loads(await self.socket.recv())
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    async def wait_for(self, event, timeout=60):
        deadline = time.time() + timeout
        while time.time() < deadline:
            for index, message in enumerate(self.events):
                if message.get("method") == event:
                    del self.events[index]
                    return message
            try:
                self.events.append(json.loads(await asyncio.wait_for(self.socket.recv(), max(0.1, deadline - time.time()))))
            except asyncio.TimeoutError:
                break
        raise RuntimeError(f"no {event} within {timeout} s")

    async def evaluate(self, expression):
        result = await self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True},
                                 session=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression[:60]}…: {result['exceptionDetails']}")
        return result["result"].get("value")

    async def open(self, path, width):
        await self.call("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": width < 600}, session=True)
        self.events = [event for event in self.events if event.get("method") != "Page.loadEventFired"]
        await self.call("Page.navigate", {"url": "file://" + os.path.abspath(path)}, session=True)
        await self.wait_for("Page.loadEventFired")
        return await self.evaluate("""new Promise(done => {
            const poll = () => window.navrecInteractive === undefined ? setTimeout(poll, 20) : done({
                interactive: window.navrecInteractive,
                parsed: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd / 1000});
            poll();
        })""")

    async def screenshot(self, path, width):
        # The whole 1,500 px in the viewport, every section drawn (content-visibility: auto would
        # leave those below the first screen blank in a capture).
        await self.call("Emulation.setDeviceMetricsOverride",
                        {"width": width, "height": 1500, "deviceScaleFactor": 1, "mobile": width < 600}, session=True)
        await self.evaluate("""new Promise(done => {
            for (const section of document.querySelectorAll('section.session')) section.style.contentVisibility = 'visible';
            requestAnimationFrame(() => requestAnimationFrame(done));
        })""")
        shot = await self.call("Page.captureScreenshot", {
            "format": "png", "clip": {"x": 0, "y": 0, "width": width, "height": 1500, "scale": 1},
            "captureBeyondViewport": True}, session=True)
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))

    async def close(self):
        try:
            await self.call("Browser.close")
        except Exception:
            pass
        self.process.terminate()
        self.process.wait(timeout=10)
        shutil.rmtree(self.profile, ignore_errors=True)


REPORT_CHECKS = """(() => {
    const root = document.documentElement;
    const small = [];
    for (const chart of Array.from(document.querySelectorAll('.timeline')).slice(0, 40)) {
        for (const element of chart.querySelectorAll('*')) {
            const own = Array.from(element.childNodes).some(node => node.nodeType === 3 && node.textContent.trim());
            const size = parseFloat(getComputedStyle(element).fontSize);
            if (own && element.getClientRects().length && size < 11) small.push(element.className + ' ' + size);
        }
    }
    const rows = () => Array.from(document.querySelectorAll('.rows .row:not(.head)'));
    const first = () => rows().reduce((a, b) => b.getBoundingClientRect().top < a.getBoundingClientRect().top ? b : a);
    const ratio = row => parseFloat(row.children[3].textContent);
    let sorted = null, worst = null;
    if (rows().length) {
        document.querySelector('label[for=sort-hitches]').click();
        worst = Math.max(...rows().map(ratio));
        sorted = ratio(first());
        document.querySelector('label[for=sort-findings]').click();
    }
    // Labels of one plot that run into each other (adjacent late frames once read `33 m33 ms`).
    const overlaps = [];
    for (const plot of Array.from(document.querySelectorAll('.timeline .tl-plot')).slice(0, 400)) {
        const boxes = Array.from(plot.querySelectorAll('.hitch-label')).map(label => [label.textContent, label.getBoundingClientRect()]);
        for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
            const [a, b] = [boxes[i][1], boxes[j][1]];
            if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) overlaps.push(boxes[i][0] + ' / ' + boxes[j][0]);
        }
    }
    const hitchLabels = document.querySelectorAll('.timeline .hitch-label').length;
    const section = document.querySelector('section.session');
    return {overlaps: overlaps.slice(0, 5), overlapCount: overlaps.length, hitchLabels, scrollWidth: root.scrollWidth, width: innerWidth, small: small.slice(0, 5), smallCount: small.length,
            sorted, worst, firstSection: section ? Math.round(section.getBoundingClientRect().top + scrollY) : null,
            height: root.scrollHeight};
})()"""

TUNE_CHECKS = """(() => {
    const cut = [];
    for (const cell of document.querySelectorAll('th, td')) {
        const box = cell.getBoundingClientRect();
        if (box.right > innerWidth + 0.5) cut.push(cell.textContent.trim().slice(0, 20));
    }
    for (const box of document.querySelectorAll('table')) {
        const parent = box.parentElement;
        if (parent.scrollWidth > parent.clientWidth + 1) cut.push('table scrolls: ' + parent.scrollWidth + ' > ' + parent.clientWidth);
    }
    return {cut, scrollWidth: document.documentElement.scrollWidth, width: innerWidth};
})()"""


async def main(args):
    failures = []
    browser = Browser()
    await browser.start()
    try:
        size = os.path.getsize(args.report)
        if size > args.max_bytes:
            failures.append(f"{args.report}: {size} bytes, more than {args.max_bytes}")
        # A browser already running: the first load starts its renderer, so it is not measured.
        await browser.open(args.report, 1400)
        for width, label in [(1400, "desktop"), (390, "phone")]:
            timing = await browser.open(args.report, width)
            facts = await browser.evaluate(REPORT_CHECKS)
            print(f"{args.report} at {width} px: {size / 1e6:.2f} MB, interactive in {timing['interactive']:.2f} s "
                  f"(parsed {timing['parsed']:.2f} s), page {facts['height']} px tall, first section at "
                  f"{facts['firstSection']} px, scroll width {facts['scrollWidth']} px, "
                  f"hitch sort puts {facts['sorted']} ms/s first (highest {facts['worst']}), "
                  f"{facts['hitchLabels']} late-frame labels, {facts['overlapCount']} overlapping")
            if facts["overlapCount"]:
                failures.append(f"{width} px: {facts['overlapCount']} late-frame labels overlap, e.g. {facts['overlaps']}")
            if timing["interactive"] > args.max_interactive:
                failures.append(f"{width} px: interactive after {timing['interactive']:.2f} s (limit {args.max_interactive} s)")
            if facts["scrollWidth"] > facts["width"]:
                failures.append(f"{width} px: the page scrolls sideways ({facts['scrollWidth']} > {facts['width']} px)")
            if facts["smallCount"]:
                failures.append(f"{width} px: {facts['smallCount']} chart texts under 11 px, e.g. {facts['small']}")
            if facts["sorted"] != facts["worst"]:
                failures.append(f"{width} px: sorting by hitches shows {facts['sorted']} first, not {facts['worst']}")
            if args.screenshots:
                path = os.path.join(args.screenshots, f"{args.name}-{label}.png")
                await browser.screenshot(path, width)
                print(f"wrote {path} ({os.path.getsize(path) // 1000} KB)")
        if args.tune:
            await browser.open(args.tune, 1400)
            facts = await browser.evaluate(TUNE_CHECKS)
            print(f"{args.tune} at 1400 px: {len(facts['cut'])} cells cut off, scroll width {facts['scrollWidth']} px")
            if facts["cut"]:
                failures.append(f"{args.tune} at 1400 px: cut off: {facts['cut'][:5]}")
    finally:
        await browser.close()
    for failure in failures:
        print(f"check_html: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("report")
    parser.add_argument("--max-bytes", type=int, default=5_000_000)
    parser.add_argument("--max-interactive", type=float, default=1.5)
    parser.add_argument("--screenshots")
    parser.add_argument("--name", default="report")
    parser.add_argument("--tune")
    sys.exit(asyncio.run(main(parser.parse_args())))
