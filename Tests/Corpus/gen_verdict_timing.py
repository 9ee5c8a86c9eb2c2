"""Round 3 corpus, timing and sparse-state verdicts (issue 20, classes 2, 4, 5, 6 and 8).

Called from `generate.py` (`generators(module)`), whose models it reuses: UIScrollView's
deceleration, ProMotion's pacing on the 240 Hz grid, when `scrollViewDidScroll` and a CADisplayLink
fire. What it adds is how real recorders differ:
- `CACurrentMediaTime()` stamps taken in `scrollViewDidScroll`, a little after vsync and jittering
  by ±1 or ±2 ms with the main thread's load (class 4);
- a bar state read back only on some samples: from a 4 Hz or 10 Hz timer, or only while the user
  drags (class 2);
- programmatic scrolls — `setContentOffset(animated:)`, `scrollToRow(at:at:animated:)`, the
  status-bar scroll-to-top — written with phase `animate`, and a fling that runs past the top
  written `bounce` (class 5);
- display-link recorders that log every frame at rest (idle frames at the display rate) next to
  callback recorders that log nothing at rest, with the main thread blocked at touch-down (class 6);
- `t` written in milliseconds (class 8).

Every file name starts with `vt`; README.md's table lists what a correct analysis says of each.
"""
import json
import math
import random

# UIScrollView's programmatic scroll animation: about 0.3 s, easing out (UIKit's own curve is
# not public; an ease-out cubic is close to what a display link sees).
ANIMATION_SECONDS = 0.3


def generators(g):
    """The generator functions, bound to `generate.py`'s module `g`."""

    class Phone(g.Screen):
        """`generate.Screen` with the motions this round needs."""

        def animate_to(self, target, seconds=ANIMATION_SECONDS, freeze_at=None, freeze=0.0):
            """A programmatic scroll to `target`: ease-out over `seconds`, every frame at the
            display's maximum rate. `freeze_at` (0-1 of the animation) blocks the main thread for
            `freeze` seconds there; the animation is timed, so the next frame jumps ahead."""
            start = self.ticks
            y0 = self.y
            total = int(round(seconds / g.TICK))
            frozen = freeze_at is None
            while self.ticks - start < total:
                if not frozen and (self.ticks - start) / total >= freeze_at:
                    self.freeze(freeze)
                    frozen = True
                n = self.base_ticks
                self.ticks += n
                u = min(1.0, (self.ticks - start) / total)
                self.y = y0 + (target - y0) * (1 - (1 - u) ** 3)
                self._emit("animate", (target - y0) * 3 * (1 - u) ** 2 / seconds, n)

        def fling_past_top(self, velocity):
            """A fling toward the top that runs past it: UIKit's rubber band (c = 0.55) while the
            deceleration continues, then a critically damped spring back to 0 (phase `bounce`)."""
            k = math.log(g.DECELERATION_RATE) * 1000
            t0 = self.ticks
            y0 = self.y
            while True:
                n = self.base_ticks
                self.ticks += n
                dt = (self.ticks - t0) * g.TICK
                free = y0 + velocity * (math.exp(k * dt) - 1) / k
                if free >= 0:
                    self.y = free
                    self._emit("decelerate", velocity * math.exp(k * dt), n)
                    continue
                break
            # Past the top: the overshoot grows with the remaining velocity, then springs back.
            v = velocity * math.exp(k * (self.ticks - t0) * g.TICK)
            omega = 2 * math.pi / 0.35
            x0, v0 = self.y, v
            # The frame that crossed the top is the bounce's first (its tick is already taken).
            ts = 0.0
            while True:
                n = self.base_ticks
                if ts > 0:
                    self.ticks += n
                ts += n * g.TICK
                x = (x0 + (v0 + omega * x0) * ts) * math.exp(-omega * ts)
                self.y = 0.55 * x
                if ts > 0.1 and abs(self.y) < 0.05:
                    self.y = 0.0
                self._emit("bounce", 0.0, n)
                if self.y == 0.0:
                    break

        def idle_frames(self, seconds, ticks=None):
            """The display keeps presenting while nothing moves: a display link fires every frame
            (phase `idle`, `y` unchanged)."""
            n = ticks or self.base_ticks
            end = self.ticks + int(round(seconds / g.TICK))
            while self.ticks + n <= end:
                self.ticks += n
                self._emit("idle", 0.0, n)
            self.ticks = end

    def callback_stamps(screen, rng, noise, latency=0.0025, observe=None):
        """`scrollViewDidScroll` recorder stamping `CACurrentMediaTime() - start`: vsync plus the
        main thread's latency, which jitters by ±`noise` seconds with its load."""
        lines = []
        for (t, y, phase, vy, _) in screen.frames:
            if phase == "idle":
                continue
            stamp = t + latency + rng.uniform(-noise, noise)
            lines.append((stamp, g.sample(stamp, g.inset_y(y), phase, vy, observe(t, y, phase) if observe else None)))
        for (t, kind) in screen.events:
            lines.append((t, json.dumps({"t": round(t, 6), "event": kind}, separators=(",", ":"))))
        lines.sort(key=lambda item: item[0])
        return [line for (_, line) in lines]

    def display_link(screen, observe=None, frame_duration=True, touch_down=True):
        """A CADisplayLink recorder: `timestamp` of every presented frame it is called for (idle
        frames too when the screen emitted them), with `targetTimestamp − timestamp`."""
        # In time order, so that a timer reading the bar sees the samples as the app writes them.
        samples = [(t, y, phase, vy, duration if frame_duration else None) for (t, y, phase, vy, duration) in screen.frames]
        if touch_down:
            samples += [(t, y, "drag", 0.0, None) for (t, y) in screen.touch_downs]
        items = []
        for (t, y, phase, vy, duration) in sorted(samples, key=lambda item: item[0]):
            items.append((t, g.sample(t, g.inset_y(y), phase, vy, observe(t, y, phase) if observe else None, duration)))
        for (t, kind) in screen.events:
            items.append((t, json.dumps({"t": round(t, 6), "event": kind}, separators=(",", ":"))))
        items.sort(key=lambda item: item[0])
        return [line for (_, line) in items]

    def scrolling(s, rng, gestures=4, noise=0.3, pause=(0.8, 1.6)):
        """Drags and flings up and down a long list, each followed by a reading pause."""
        for i in range(gestures):
            direction = 1 if i % 3 != 2 else -1
            s.drag(direction * rng.uniform(60, 160), rng.uniform(0.25, 0.45), noise=noise)
            s.fling(direction * rng.uniform(600, 2200))
            s.rest(rng.uniform(*pause))

    # -----------------------------------------------------------------------------------------
    # Class 4: CACurrentMediaTime() stamp noise at 60 and 120 Hz.

    def stamp_noise(name, seed, fps, noise_ms, dropped=()):
        """A healthy list (`dropped` empty) or one that drops frames: each `(gesture, after)` in
        `dropped` blocks the main thread for one frame `after` seconds into that gesture's
        deceleration."""
        def make():
            rng = random.Random(seed)
            s = Phone(rng, adaptive=fps == 120, max_fps=fps)
            s.rest(0.2)
            for i in range(5):
                direction = 1 if i % 3 != 2 else -1
                s.drag(direction * rng.uniform(60, 160), rng.uniform(0.25, 0.45), noise=0.3)
                block = [after for (gesture, after) in dropped if gesture == i]
                fling_with_drops(s, direction * rng.uniform(800, 2400), block)
                s.rest(rng.uniform(0.8, 1.6))
            return g.write(name, [g.header(name.split(".")[0].replace("_", "-"), {"largeTitle": {}}, fps=fps,
                                            screen="Timeline")]
                           + callback_stamps(s, rng, noise_ms / 1000))
        return make

    def fling_with_drops(s, velocity, drops):
        """`Screen.fling`, but the frame after each time in `drops` is not presented."""
        k = math.log(g.DECELERATION_RATE) * 1000
        t0 = s.ticks
        y0 = s.y
        pending = sorted(drops)
        while True:
            v = velocity * math.exp(k * (s.ticks - t0) * g.TICK)
            if abs(v) <= g.STOP_SPEED:
                break
            n = s._frame_ticks(abs(v))
            if pending and (s.ticks - t0) * g.TICK >= pending[0]:
                pending.pop(0)
                s.ticks += n  # the frame that was dropped
            s.ticks += n
            dt = (s.ticks - t0) * g.TICK
            s.y = y0 + velocity * (math.exp(k * dt) - 1) / k
            s._emit("decelerate", velocity * math.exp(k * dt), n)

    # -----------------------------------------------------------------------------------------
    # Class 2: bar state read back only on some samples.

    def uikit_titles(y, early=0.0, never_inline=False):
        inline = not never_inline and y >= 52.5 - early
        return {"barHeight": round(max(44.0, 96.5 - y), 3),
                "largeTitleAlpha": 0 if inline else 1, "inlineTitleAlpha": 1 if inline else 0}

    def every(period, titles):
        """A bar state read from a timer of `period` seconds: the first sample after each tick
        carries it, the others none."""
        state = {"next": 0.0}

        def observe(t, y, phase):
            if t + 1e-9 < state["next"]:
                return None
            state["next"] = (math.floor(t / period) + 1) * period
            return titles(y)
        return observe

    def while_dragging(titles):
        return lambda t, y, phase: titles(y) if phase == "drag" else None

    def collapsing_list(rng, s, slow=False):
        """Drags and flings through the collapse point (52.5 pt) and back to the top."""
        if slow:
            s.drag(130, 3.0, noise=0.2, profile="linear")
            s.rest(0.6)
            s.drag(-130, 3.0, noise=0.2, profile="linear")
            s.rest(0.6)
            s.drag(130, 3.0, noise=0.2, profile="linear")
            s.rest(0.4)
            return
        for _ in range(3):
            s.drag(35, 0.3, noise=0.2)
            s.fling(900)  # decelerates past 52.5 pt
            s.rest(0.7)
            s.drag(-40, 0.3, noise=0.2)
            s.fling(-1200)  # back above the threshold
            s.rest(0.7)
            s.y = max(s.y, 0.0)

    def sparse(name, seed, recorder, observer, slow=False, behaviors=None):
        def make():
            rng = random.Random(seed)
            s = Phone(rng)
            s.rest(0.1)
            collapsing_list(rng, s, slow=slow)
            lines = display_link(s, observe=observer) if recorder == "display-link" else \
                callback_stamps(s, rng, 0.0003, observe=observer)
            return g.write(name, [g.header(name.split(".")[0].replace("_", "-"), behaviors or {"largeTitle": {}},
                                            screen="Mailboxes")] + lines)
        return make

    def timer_lines(name, seed, period):
        """The timer writes lines of its own (its time, the current offset and phase, the bar)
        between the display link's frames, which carry no bar."""
        def make():
            rng = random.Random(seed)
            s = Phone(rng)
            s.rest(0.1)
            collapsing_list(rng, s)
            items = [(t, g.sample(t, g.inset_y(y), phase, vy, None, d)) for (t, y, phase, vy, d) in s.frames]
            for (t, y) in s.touch_downs:
                items.append((t, g.sample(t, g.inset_y(y), "drag", 0.0)))
            tick = period
            index = 0
            while tick < s.t:
                while index + 1 < len(s.frames) and s.frames[index + 1][0] <= tick:
                    index += 1
                (ft, y, phase, _, _) = s.frames[index]
                moving = index + 1 < len(s.frames) and s.frames[index + 1][0] - ft < 0.05
                items.append((tick, g.sample(tick, g.inset_y(y), phase if moving else "idle", 0.0, uikit_titles(y))))
                tick += period
            items.sort(key=lambda item: item[0])
            return g.write(name, [g.header(name.split(".")[0].replace("_", "-"), {"largeTitle": {}}, screen="Mailboxes")]
                           + [line for (_, line) in items])
        return make

    # -----------------------------------------------------------------------------------------
    # Class 5: programmatic scrolls.

    def programmatic(name, seed, fps, recorder, freeze_kind=None):
        """A list scrolled by the app: `setContentOffset(animated:)` 40 pt down, `scrollToRow` to a
        row 600 pt further, a fling up that runs past the top (`bounce`), a status-bar tap back to
        the top. `freeze_kind` blocks the main thread for 50 ms in the middle of that animation."""
        def make():
            rng = random.Random(seed)
            s = Phone(rng, adaptive=fps == 120, max_fps=fps)
            s.rest(0.3)
            s.animate_to(40.0, freeze_at=0.4 if freeze_kind == "offset" else None, freeze=0.05)
            s.rest(0.8)
            s.animate_to(640.0, freeze_at=0.35 if freeze_kind == "row" else None, freeze=0.05)
            s.rest(0.8)
            s.drag(-60, 0.2, noise=0.2)
            s.fling_past_top(-2600)
            s.rest(0.8)
            s.drag(400, 0.4, noise=0.2)
            s.fling(1800)
            s.rest(0.6)
            s.animate_to(0.0, freeze_at=0.45 if freeze_kind == "top" else None, freeze=0.05)
            s.rest(0.5)
            lines = display_link(s) if recorder == "display-link" else callback_stamps(s, rng, 0.0005)
            return g.write(name, [g.header(name.split(".")[0].replace("_", "-"), {"largeTitle": {}}, fps=fps,
                                            screen="Contacts")] + lines)
        return make

    # -----------------------------------------------------------------------------------------
    # Class 6: the first frame of a gesture.

    def touch_down(name, seed, fps, recorder, block=0.0, rest_rate=None, frame_duration=True):
        """Three drags from rest. `recorder`: `display-link` logs every frame at rest (idle frames,
        at `rest_rate` Hz when given, else the display's rate), `callbacks` nothing at rest,
        `heartbeat` a 0.5 s timer at rest. `block` seconds of main-thread work at each touch-down
        delay the gesture's first moving frame."""
        def make():
            rng = random.Random(seed)
            s = Phone(rng, adaptive=fps == 120, max_fps=fps)
            rest_ticks = int(round(240 / rest_rate)) if rest_rate else None
            heartbeat = []

            def rest(seconds):
                if recorder == "display-link":
                    s.idle_frames(seconds, rest_ticks)
                else:
                    start = s.t
                    s.rest(seconds)
                    if recorder == "heartbeat":
                        t = start + 0.5
                        while t < s.t - 0.01:
                            heartbeat.append((t, s.y))
                            t += 0.5

            rest(0.6)
            for i in range(3):
                distance = (90, 120, -100)[i]
                if block:
                    # The pan is recognised, then the main thread is busy before the first move.
                    s.freeze(block)
                s.drag(distance, 0.35, noise=0.2)
                s.fling(math.copysign(1200, distance))
                rest(1.0)
            if recorder == "callbacks" or recorder == "heartbeat":
                lines = callback_stamps(s, rng, 0.0003)
                if recorder == "heartbeat":
                    extra = [g.sample(t + 0.001, g.inset_y(y), "idle", 0.0) for (t, y) in heartbeat]
                    lines = sorted(lines + extra, key=lambda line: json.loads(line)["t"])
            else:
                lines = display_link(s, frame_duration=frame_duration, touch_down=False)
            return g.write(name, [g.header(name.split(".")[0].replace("_", "-"), {"largeTitle": {}}, fps=fps,
                                            screen="Feed")] + lines)
        return make

    # -----------------------------------------------------------------------------------------
    # Class 8: t in milliseconds, and slow recordings that are not.

    def milliseconds(name, seed, fps, noise_ms=0.0, offset_ms=0.0, csv=False, header_fps=True):
        def make():
            rng = random.Random(seed)
            s = Phone(rng, adaptive=fps == 120, max_fps=fps)
            scrolling(s, rng, gestures=2)
            rows = []
            for (t, y, phase, vy, _) in s.frames:
                stamp = (t + rng.uniform(-noise_ms, noise_ms) / 1000) * 1000 + offset_ms
                rows.append((round(stamp, 3), g.inset_y(y), phase, round(vy, 3)))
            if csv:
                return g.write(name, ["t,y,phase,vy"] + [f"{t},{y},{phase},{vy}" for (t, y, phase, vy) in rows])
            lines = [json.dumps({"t": t, "y": y, "phase": phase, "vy": vy}, separators=(",", ":")) for (t, y, phase, vy) in rows]
            return g.write(name, [g.header(name.split(".")[0].replace("_", "-"), {"largeTitle": {}},
                                            fps=fps if header_fps else None, screen="Feed")] + lines)
        return make

    def slow_timer(name, seed, period, seconds, fps, moving=True):
        """A recorder that samples from a timer only (no per-frame samples): every `period`
        seconds for `seconds`, the content scrolling slowly (or resting); `fps` the header's."""
        def make():
            rng = random.Random(seed)
            lines = []
            y = 0.0
            t = 0.0
            while t <= seconds:
                lines.append(g.sample(t, g.inset_y(y), "drag" if moving else "idle", 0.0))
                t += period
                if moving:
                    y += rng.uniform(0.5, 3.0)
            return g.write(name, [g.header(name.split(".")[0].replace("_", "-"), {"largeTitle": {}}, fps=fps,
                                            screen="Reader")] + lines)
        return make

    return [
        stamp_noise("vt4_noise2ms_120hz.ndjson", 6120, 120, 2.0),
        stamp_noise("vt4_noise1ms_120hz.ndjson", 8121, 120, 1.0),
        stamp_noise("vt4_noise2ms_60hz.ndjson", 4060, 60, 2.0),
        stamp_noise("vt4_noise1ms_60hz.ndjson", 4061, 60, 1.0),
        stamp_noise("vt4_noise2ms_120hz_dropped.ndjson", 4122, 120, 2.0,
                    dropped=[(i, after) for i in range(5) for after in (0.03, 0.12, 0.5)]),
        stamp_noise("vt4_noise2ms_60hz_dropped.ndjson", 4062, 60, 2.0,
                    dropped=[(0, 0.05), (0, 0.2), (1, 0.08), (2, 0.1), (3, 0.04), (4, 0.15)]),
        sparse("vt2_timer4hz_displaylink.ndjson", 2041, "display-link", every(0.25, uikit_titles)),
        sparse("vt2_timer10hz_callbacks.ndjson", 2101, "callbacks", every(0.1, uikit_titles)),
        sparse("vt2_dragging_only.ndjson", 2201, "display-link", while_dragging(uikit_titles)),
        timer_lines("vt2_timer4hz_own_lines.ndjson", 2042, 0.25),
        sparse("vt2_timer4hz_early_title.ndjson", 2043, "display-link",
               every(0.25, lambda y: uikit_titles(y, early=30.0)), slow=True),
        sparse("vt2_timer10hz_early_title.ndjson", 2102, "callbacks",
               every(0.1, lambda y: uikit_titles(y, early=20.0)), slow=True),
        sparse("vt2_dragging_only_no_inline.ndjson", 2202, "display-link",
               while_dragging(lambda y: uikit_titles(y, never_inline=True)), slow=True),
        programmatic("vt5_programmatic_120hz_callbacks.ndjson", 5120, 120, "callbacks"),
        programmatic("vt5_programmatic_60hz_displaylink.ndjson", 5060, 60, "display-link"),
        programmatic("vt5_freeze_offset_120hz_callbacks.ndjson", 5121, 120, "callbacks", "offset"),
        programmatic("vt5_freeze_row_60hz_displaylink.ndjson", 5061, 60, "display-link", "row"),
        programmatic("vt5_freeze_top_120hz_displaylink.ndjson", 5122, 120, "display-link", "top"),
        programmatic("vt5_freeze_top_60hz_callbacks.ndjson", 5062, 60, "callbacks", "top"),
        touch_down("vt6_displaylink_rest_120hz.ndjson", 6120, 120, "display-link"),
        touch_down("vt6_displaylink_rest_120hz_blocked.ndjson", 6121, 120, "display-link", block=0.06),
        touch_down("vt6_displaylink_rest_60hz_blocked.ndjson", 6060, 60, "display-link", block=0.06, frame_duration=False),
        touch_down("vt6_displaylink_rest_10hz_blocked.ndjson", 6122, 120, "display-link", block=0.06, rest_rate=10),
        touch_down("vt6_callbacks_blocked.ndjson", 6123, 120, "callbacks", block=0.06),
        touch_down("vt6_heartbeat_blocked.ndjson", 6061, 60, "heartbeat", block=0.06),
        milliseconds("vt8_ms_120hz.ndjson", 8120, 120),
        milliseconds("vt8_ms_60hz_noise.ndjson", 8060, 60, noise_ms=1.0),
        milliseconds("vt8_ms_no_fps.ndjson", 8121, 120, header_fps=False),
        milliseconds("vt8_ms_uptime.ndjson", 8122, 120, offset_ms=86_400_000.0 / 24),
        milliseconds("vt8_ms.csv", 8061, 60, csv=True),
        slow_timer("vt8_timer_10hz_fps10.ndjson", 8001, 0.1, 120, 10),
        slow_timer("vt8_timer_2hz_no_fps.ndjson", 8003, 0.5, 300, None),
        slow_timer("vt8_heartbeat_10s.ndjson", 8002, 10.0, 600, 60, moving=False),
    ]
