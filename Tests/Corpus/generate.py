#!/usr/bin/env python3
"""Writes navrec's corpus of recordings shaped the way real iOS apps write them.

This generator is deliberately independent of `navrec simulate`: it models UIKit's side of a
recording (UIScrollView's deceleration, ProMotion's adaptive frame pacing, when
`scrollViewDidScroll` and a CADisplayLink fire, what `CACurrentMediaTime()` returns, touch and
float noise, lifecycle notifications) so that navrec is tested against data it did not produce.

    python3 Tests/Corpus/generate.py            # rewrites Tests/Corpus/*.ndjson
    python3 Tests/Corpus/generate.py --check    # exit 1 when a committed file differs

Standard library only; every file comes from a fixed seed, so the output is byte-stable.
`README.md` beside this file lists each recording and what a correct analysis says about it.
"""
import json
import math
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))

# UIScrollView.DecelerationRate.normal: the velocity is multiplied by this every millisecond.
DECELERATION_RATE = 0.998
# UIKit ends a deceleration once the content moves slower than this (points per second).
STOP_SPEED = 8.0
# ProMotion presents on a 240 Hz grid: 120 Hz is 2 ticks, 80 Hz 3, 60 Hz 4, 40 Hz 6, 30 Hz 8.
TICK = 1 / 240


def promotion_ticks(speed):
    """Frame length in 240 Hz ticks that ProMotion picks for content moving at `speed` pt/s."""
    if speed >= 500:
        return 2   # 120 Hz
    if speed >= 180:
        return 3   # 80 Hz
    if speed >= 60:
        return 4   # 60 Hz
    if speed >= 20:
        return 6   # 40 Hz
    return 8       # 30 Hz


class Screen:
    """Generates one session's true motion on a ProMotion display and the app's recordings of it."""

    def __init__(self, rng, adaptive=True, max_fps=120):
        self.rng = rng
        self.adaptive = adaptive
        self.base_ticks = 2 if max_fps == 120 else 4
        self.ticks = 0            # current time in 240 Hz ticks
        self.y = 0.0
        self.frames = []          # (t, y, phase, vy, frame_duration)
        self.events = []          # (t, kind) lifecycle or tap events
        self.touch_downs = []     # (t, y): the moment a finger lands, between frames

    @property
    def t(self):
        return self.ticks * TICK

    def _frame_ticks(self, speed):
        if not self.adaptive:
            return self.base_ticks
        return max(self.base_ticks, promotion_ticks(speed))

    def _emit(self, phase, vy, n):
        self.frames.append((self.ticks * TICK, self.y, phase, vy, n * TICK))

    def rest(self, seconds):
        """Nothing moves: the display idles and scroll callbacks do not fire."""
        self.ticks += int(round(seconds / TICK))

    def drag(self, distance, seconds, noise=0.0, profile="ease"):
        """A finger drag moving the content by `distance` points in `seconds`, with touch noise."""
        self.touch_downs.append((self.t + TICK / 2, self.y))
        start_y = self.y
        start = self.ticks
        total = int(round(seconds / TICK))
        mean_speed = abs(distance) / max(seconds, 1e-9)
        last_y = self.y
        while self.ticks - start < total:
            n = self._frame_ticks(mean_speed)
            self.ticks += n
            u = min(1.0, (self.ticks - start) / total)
            shape = u if profile == "linear" else (1 - math.cos(math.pi * u)) / 2
            target = start_y + distance * shape
            self.y = target + (self.rng.uniform(-noise, noise) if noise and u < 1 else 0.0)
            vy = (self.y - last_y) / (n * TICK)
            last_y = self.y
            self._emit("drag", vy, n)

    def fling(self, velocity):
        """The finger lifts at `velocity` pt/s; UIScrollView decelerates exponentially."""
        t0 = self.ticks
        y0 = self.y
        k = math.log(DECELERATION_RATE) * 1000  # per second
        speed = abs(velocity)
        while speed > STOP_SPEED:
            n = self._frame_ticks(speed)
            self.ticks += n
            dt = (self.ticks - t0) * TICK
            self.y = y0 + velocity * (math.exp(k * dt) - 1) / k
            v = velocity * math.exp(k * dt)
            speed = abs(v)
            self._emit("decelerate", v, n)

    def animate_to(self, target, seconds):
        """A programmatic scroll (status-bar tap): ease-out to `target` over `seconds`."""
        start = self.ticks
        y0 = self.y
        total = int(round(seconds / TICK))
        while self.ticks - start < total:
            n = self.base_ticks
            self.ticks += n
            u = min(1.0, (self.ticks - start) / total)
            self.y = y0 + (target - y0) * (1 - (1 - u) ** 3)
            self._emit("animate", (target - y0) * 3 * (1 - u) ** 2 / seconds, n)

    def freeze(self, seconds):
        """The main thread blocks mid-motion: frames are not presented; the content keeps its
        velocity, so the next presented frame jumps by about velocity × interval."""
        self.ticks += int(round(seconds / TICK))

    def background(self, seconds):
        self.events.append((self.t + 0.003, "background"))
        self.ticks += int(round(seconds / TICK))
        self.events.append((self.t - 0.002, "foreground"))


def header(session_id, behaviors, fps=120, app="Corpus", screen=None, device="iPhone16,1", os_="iOS 18.1"):
    s = {"id": session_id, "app": app}
    if screen:
        s["screen"] = screen
    s.update({"device": device, "os": os_})
    if fps is not None:
        s["fps"] = fps
    s["behaviors"] = behaviors
    return json.dumps({"navrec": 1, "session": s}, separators=(",", ":"))


def inset_y(y, inset=96.33333333333333):
    """`contentOffset.y + adjustedContentInset.top` as the app computes it: the offset is stored
    relative to -inset, so float rounding leaves ulp-level noise on y."""
    content_offset = y - inset
    return content_offset + inset


def callback_lines(screen, rng, clock=0.0, duplicates=0.0, observe=None, late=(0.0003, 0.0025)):
    """What a `scrollViewDidScroll` recorder writes: one line per callback, stamped with
    `CACurrentMediaTime() - start` when the callback runs (a little after the frame's vsync); no
    callback while nothing moves; sometimes two callbacks in one frame."""
    items = []
    for (t, y, phase, vy, _) in screen.frames:
        stamp = t + rng.uniform(*late) + clock
        yy = inset_y(y)
        items.append((stamp, sample(stamp, yy, phase, vy, observe(t, y) if observe else None)))
        if duplicates and rng.random() < duplicates:
            stamp2 = stamp + rng.uniform(0.00002, 0.00006)
            items.append((stamp2, sample(stamp2, yy, phase, vy, observe(t, y) if observe else None)))
    for (t, kind) in screen.events:
        items.append((t + clock, json.dumps({"t": round(t + clock, 6), "event": kind}, separators=(",", ":"))))
    items.sort(key=lambda item: item[0])
    return [line for (_, line) in items]


def display_link_lines(screen, touch_down=True, observe=None, idle_tail=0.0):
    """What a CADisplayLink recorder writes: `timestamp` and `targetTimestamp − timestamp` of every
    presented frame while the scroll view moves, a sample at touch-down, lifecycle events."""
    items = []
    if touch_down:
        for (t, y) in screen.touch_downs:
            items.append((t, sample(t, inset_y(y), "drag", 0.0, observe(t, y) if observe else None)))
    for (t, y, phase, vy, duration) in screen.frames:
        items.append((t, sample(t, inset_y(y), phase, vy, observe(t, y) if observe else None, duration)))
    for (t, kind) in screen.events:
        items.append((t, json.dumps({"t": round(t, 6), "event": kind}, separators=(",", ":"))))
    items.sort(key=lambda item: item[0])
    return [line for (_, line) in items]


def sample(t, y, phase, vy, bar=None, frame_duration=None):
    obj = {"t": round(t, 6), "y": y, "phase": phase, "vy": round(vy, 3)}
    if frame_duration is not None:
        obj["frameDuration"] = round(frame_duration, 6)
    if bar:
        obj["bar"] = bar
    return json.dumps(obj, separators=(",", ":"))


def write(name, lines):
    return name, "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------------
# Healthy apps: a correct analysis finds nothing at error level and no hitch.


def inbox_callbacks_pauses():
    """Mail-like inbox, large title; `scrollViewDidScroll` recorder; reading pauses of 3-6 s
    between gestures (no callbacks while the user reads); ProMotion slows the deceleration tails."""
    rng = random.Random(101)
    s = Screen(rng)
    s.rest(0.2)
    for distance, seconds, velocity, pause in [(140, 0.35, 900, 4.0), (220, 0.4, 1400, 5.5),
                                               (-90, 0.3, -600, 3.2), (300, 0.45, 1800, 6.0)]:
        s.drag(distance, seconds, noise=0.3)
        s.fling(velocity)
        s.rest(pause)
    return write("h01_inbox_callbacks_pauses.ndjson",
                 [header("inbox-7f3a", {"largeTitle": {}}, screen="Inbox")] + callback_lines(s, rng))


def album_displaylink_background():
    """Music album over a header image; CADisplayLink recorder with frameDuration; the user
    backgrounds the app for 30 s mid-session (lifecycle events recorded)."""
    rng = random.Random(202)
    s = Screen(rng)
    s.drag(60, 0.3, noise=0.2)
    s.fling(700)
    s.rest(1.5)
    s.background(30.0)
    s.rest(0.8)
    s.drag(-40, 0.25, noise=0.2)
    s.fling(-500)
    s.rest(0.5)
    return write("h02_album_displaylink_background.ndjson",
                 [header("album-2c9e", {"blurHeader": {}}, screen="AlbumDetail")] + display_link_lines(s))


def settings_duplicate_callbacks():
    """A settings list with a SwiftUI custom title; the recorder writes no fps and
    `scrollViewDidScroll` runs twice in a third of the frames (layout pass + pan)."""
    rng = random.Random(303)
    s = Screen(rng, adaptive=False, max_fps=60)
    s.drag(80, 0.5, noise=0.25)
    s.fling(600)
    s.rest(2.0)
    s.drag(-70, 0.4, noise=0.25)
    s.fling(-450)
    return write("h03_settings_duplicate_callbacks.ndjson",
                 [header("settings-91d0", {"customTitle": {}}, fps=None, screen="Settings")]
                 + callback_lines(s, rng, duplicates=0.33))


def profile_media_time():
    """Profile with large title and avatar; the recorder stamps raw `CACurrentMediaTime()`
    (seconds since boot, here about 51 hours) instead of time since the session started."""
    rng = random.Random(404)
    s = Screen(rng)
    s.drag(120, 0.4, noise=0.3)
    s.fling(1100)
    s.rest(2.5)
    s.drag(-150, 0.45, noise=0.3)
    s.fling(-1300)
    return write("h04_profile_media_time.ndjson",
                 [header("profile-55b1", {"largeTitle": {}, "avatar": {}}, screen="Profile")]
                 + callback_lines(s, rng, clock=183456.702113))


def uikit_hides_bar(screen, swipe=20.0):
    """UIKit's hidesBarsOnSwipe follows the pan gesture's translation, which touch noise does not
    reverse: the bar hides once the drag has moved the content `swipe` points up."""
    hidden = {}
    state = False
    start = None
    for (t, y, phase, vy, _) in screen.frames:
        if phase == "drag":
            if start is None:
                start = y
            if not state and y - start > swipe:
                state = True
            if state and y - start < -swipe:
                state = False
        else:
            start = None
        hidden[round(t, 9)] = state
    return lambda t, y: {"barHidden": hidden.get(round(t, 9), state)}


def feed_hide_on_swipe_noise():
    """A feed with hidesBarsOnSwipe; a slow, steady 150 pt drag with ±0.4 pt touch noise. The app
    reports the `barHidden` UIKit shows (hidden after about 20 pt)."""
    rng = random.Random(505)
    s = Screen(rng)
    s.rest(0.3)
    s.drag(150, 1.6, noise=0.4, profile="linear")
    s.rest(1.0)
    observe = uikit_hides_bar(s)
    return write("h05_feed_hide_on_swipe_noise.ndjson",
                 [header("feed-0a44", {"hideOnSwipe": {}}, screen="Feed")] + display_link_lines(s, observe=observe))


def scroll_to_top():
    """A fling comes to rest; 0.5 s later the user taps the status bar and UIKit animates the
    content back to the top."""
    rng = random.Random(606)
    s = Screen(rng)
    s.drag(200, 0.35, noise=0.3)
    s.fling(1500)
    s.rest(0.5)
    s.animate_to(0.0, 0.3)
    s.rest(1.0)
    return write("h06_scroll_to_top.ndjson",
                 [header("news-3e12", {"largeTitle": {}}, screen="News")] + callback_lines(s, rng))


def long_bursts():
    """A 20-minute reading session: bursts of scrolling every 15-45 s, callbacks only."""
    rng = random.Random(707)
    s = Screen(rng)
    y_target = 0.0
    while s.t < 20 * 60:
        distance = rng.choice([1, 1, 1, -1]) * rng.uniform(80, 400)
        if y_target + distance < 0:
            distance = -distance
        y_target += distance
        s.drag(distance, rng.uniform(0.2, 0.5), noise=0.3)
        s.fling(math.copysign(rng.uniform(300, 2200), distance))
        y_target = s.y
        s.rest(rng.uniform(15, 45))
    return write("h07_long_bursts_20min.ndjson",
                 [header("reader-long", {"largeTitle": {}}, screen="Article")] + callback_lines(s, rng))


def app_hysteresis_undeclared():
    """The user rests a finger near the collapse point; the app's inline title uses its own
    4 pt hysteresis, which the header does not declare: the observed title never flickers."""
    rng = random.Random(808)
    s = Screen(rng)
    s.drag(50, 0.5, noise=0.2)
    for _ in range(6):
        s.drag(4.5, 0.25, noise=0.2)
        s.drag(-4.5, 0.25, noise=0.2)
    s.drag(-50, 0.5, noise=0.2)
    inline = {"on": False}

    def observe(t, y):
        if not inline["on"] and y >= 52.5 + 4:
            inline["on"] = True
        elif inline["on"] and y < 52.5 - 4:
            inline["on"] = False
        return {"barHeight": round(max(44.0, 96.5 - y), 3),
                "largeTitleAlpha": 0 if inline["on"] else 1, "inlineTitleAlpha": 1 if inline["on"] else 0}
    return write("h08_app_hysteresis_undeclared.ndjson",
                 [header("contacts-hyst", {"largeTitle": {}}, screen="Contacts")]
                 + display_link_lines(s, observe=observe))


def deliberate_scrolling():
    """The user scrolls ±25 pt across the blur threshold every 0.8 s, deliberately, to compare
    two rows; each move is a full drag of its own."""
    rng = random.Random(909)
    s = Screen(rng)
    s.drag(84, 0.6, noise=0.2)
    for i in range(6):
        s.drag(25 if i % 2 == 0 else -25, 0.35, noise=0.2)
        s.rest(0.45)
    return write("h09_deliberate_scrolling.ndjson",
                 [header("album-compare", {"blurHeader": {}}, screen="AlbumDetail")] + display_link_lines(s))


def rest_on_threshold():
    """A programmatic scroll parks the content exactly on the collapse point (52.5 pt); a display
    link keeps logging at rest, and `y`'s float noise straddles the threshold by an ulp."""
    rng = random.Random(1010)
    s = Screen(rng)
    s.animate_to(52.5, 0.3)
    lines = display_link_lines(s)
    t = s.t
    for i in range(120):
        t += 1 / 60
        y = 52.5 + (math.ulp(52.5) if i % 2 else -math.ulp(52.5))
        lines.append(sample(t, y, "idle", 0.0, None, 1 / 60))
    return write("h10_rest_on_threshold.ndjson",
                 [header("detail-park", {"largeTitle": {}}, screen="Detail")] + lines)


def idle_heartbeat_60hz():
    """A 60 Hz phone whose recorder also logs a heartbeat from a 0.5 s timer while nothing moves;
    at rest `y` wobbles by 1e-12 pt (float noise), which is not movement."""
    rng = random.Random(1111)
    s = Screen(rng, adaptive=False, max_fps=60)
    s.drag(100, 0.4, noise=0.3)
    s.fling(800)
    lines = callback_lines(s, rng)
    t = s.t
    for i in range(10):
        t += 0.5
        lines.append(sample(t + rng.uniform(0.0003, 0.002), s.y + rng.uniform(-1e-12, 1e-12), "idle", 0.0))
    return write("h11_idle_heartbeat_60hz.ndjson",
                 [header("search-idle", {"largeTitle": {}}, fps=60, screen="Search")] + lines)


# ---------------------------------------------------------------------------------------------
# Glitches a correct analysis must still find.


def dropped_frames_fling():
    """ProMotion fling; the main thread blocks for 50 ms mid-deceleration (a real hitch among
    adaptive-rate frames). CADisplayLink recorder with frameDuration."""
    rng = random.Random(1212)
    s = Screen(rng)
    s.drag(100, 0.3, noise=0.3)
    velocity = 1600.0
    t0 = s.ticks
    y0 = s.y
    k = math.log(DECELERATION_RATE) * 1000
    frozen = False
    while True:
        v = velocity * math.exp(k * (s.ticks - t0) * TICK)
        if abs(v) <= STOP_SPEED:
            break
        n = s._frame_ticks(abs(v))
        if not frozen and (s.ticks - t0) * TICK > 0.25:
            s.freeze(0.05)
            frozen = True
        s.ticks += n
        dt = (s.ticks - t0) * TICK
        s.y = y0 + velocity * (math.exp(k * dt) - 1) / k
        s._emit("decelerate", velocity * math.exp(k * dt), n)
    return write("f01_dropped_frames_fling.ndjson",
                 [header("timeline-hitch", {"largeTitle": {}}, screen="Timeline")] + display_link_lines(s))


def hover_flapping():
    """A finger hovers on the blur threshold with ±2 pt tremor: the classic flap, no hysteresis."""
    rng = random.Random(1313)
    s = Screen(rng)
    s.drag(84, 0.5, noise=0.0)
    start = s.ticks
    while (s.ticks - start) * TICK < 2.0:
        s.ticks += 2
        s.y = 84 + rng.uniform(-2, 2)
        s._emit("drag", 0.0, 2)
    return write("f02_hover_flapping.ndjson",
                 [header("album-hover", {"blurHeader": {}}, screen="AlbumDetail")] + display_link_lines(s))


def wrong_title():
    """The app shows the inline title (and hides the large one) 20 pt too early: one
    disagreement, reported once."""
    rng = random.Random(1414)
    s = Screen(rng)
    s.drag(120, 2.0, noise=0.2)
    s.rest(0.5)
    s.drag(-120, 2.0, noise=0.2)

    def observe(t, y):
        inline = y >= 32.5
        return {"barHeight": round(max(44.0, 96.5 - y), 3),
                "largeTitleAlpha": 0 if inline else 1, "inlineTitleAlpha": 1 if inline else 0}
    return write("f03_wrong_title.ndjson",
                 [header("messages-title", {"largeTitle": {}}, screen="Messages")]
                 + display_link_lines(s, observe=observe))


def bar_hidden_disagrees():
    """hidesBarsOnSwipe is declared, but the app never hides the bar during a 150 pt swipe."""
    rng = random.Random(1515)
    s = Screen(rng)
    s.drag(150, 1.0, noise=0.2, profile="linear")
    s.rest(1.0)
    return write("f04_bar_hidden_disagrees.ndjson",
                 [header("feed-stuck", {"hideOnSwipe": {}}, screen="Feed")]
                 + display_link_lines(s, observe=lambda t, y: {"barHidden": False}))


def reused_ids():
    """Two launches of an app that uses the screen name as the session id."""
    files = []
    for launch, seed in [(1, 1616), (2, 1617)]:
        rng = random.Random(seed)
        s = Screen(rng)
        s.drag(90 + 30 * launch, 0.4, noise=0.3)
        s.fling(900 + 200 * launch)
        files.append(write(f"r01_launch{launch}.ndjson",
                           [header("FeedViewController", {"largeTitle": {}}, screen="Feed")] + callback_lines(s, rng)))
    return files


GENERATORS = [inbox_callbacks_pauses, album_displaylink_background, settings_duplicate_callbacks,
              profile_media_time, feed_hide_on_swipe_noise, scroll_to_top, long_bursts,
              app_hysteresis_undeclared, deliberate_scrolling, rest_on_threshold, idle_heartbeat_60hz,
              dropped_frames_fling, hover_flapping, wrong_title, bar_hidden_disagrees, reused_ids]
GENERATORS += __import__("gen_verdict_signals").generators(sys.modules[__name__])
GENERATORS += __import__("gen_verdict_timing").generators(sys.modules[__name__])


def main():
    check = "--check" in sys.argv[1:]
    outputs = []
    for generate in GENERATORS:
        result = generate()
        outputs.extend(result if isinstance(result, list) else [result])
    stale = []
    for name, text in outputs:
        path = os.path.join(HERE, name)
        if check:
            with open(path) as f:
                if f.read() != text:
                    stale.append(name)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        print("corpus files differ from the generator: " + ", ".join(stale))
        sys.exit(1)
    print(f"{len(outputs)} corpus files {'match' if check else 'written'}")


if __name__ == "__main__":
    main()
