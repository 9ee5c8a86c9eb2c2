"""Round 3 corpus, signal verdicts (issue 20, classes 1, 3 and 9).

Called from `generate.py` (`generators(module)`), whose models it reuses: ProMotion's pacing on
the 240 Hz grid, UIScrollView's deceleration, when a CADisplayLink fires. What it adds is how real
apps report the bar they show:
- values read back after layout (`navigationBar.frame.height`, the avatar's frame origin), which
  UIKit has rounded to the screen's pixel grid: 1/2 pt on @2x phones (iPhone SE, XR, 11: 60 Hz),
  1/3 pt on @3x (iPhone 15 Pro: 120 Hz), 1 pt on a @1x display (an iPad app on a Mac);
  `avatarScale` read from the transform, not rounded; the header's `scale` (UIScreen.scale)
  written by some recorders and not by others (class 1);
- a finger resting mid-collapse with a 0.3 pt physiological tremor (9 Hz), a finger resting on
  the collapse point with a 1.5 pt tremor where `barHeight` clamps at 44 pt, deliberate +-25 pt
  scrolling at 2 Hz across the threshold, and a hysteresis the header declares as the app uses it
  (class 3);
- a title stuck visible (or never shown) beside the model's, title alphas that ring after a
  spring-animated switch, a bar height fighting its layout, and a hitch in a session that reports no
  bar state (class 9).

Every file name starts with `vs`; README.md's table lists what a correct analysis says of each.
"""
import math
import random

# UIKit's collapse point for a large title: 96.5 - 44 pt.
COLLAPSE = 52.5


def generators(g):
    """The generator functions, bound to `generate.py`'s module `g`."""

    def header(session_id, behaviors, fps, scale, screen, device):
        """`generate.header`, plus the header's `scale` when the recorder writes it."""
        text = g.header(session_id, behaviors, fps=fps, screen=screen, device=device)
        if scale is None:
            return text
        return text.replace('"behaviors":', f'"scale":{scale},"behaviors":', 1)

    def pixel(value, scale):
        """What UIKit lays out: `value` rounded to the screen's pixel grid, as a Double."""
        return round(value * scale) / scale

    def large_title_bar(scale, inline_on=None, stuck_large=False, no_inline=False, hysteresis=0.0):
        """The bar state a largeTitle + avatar app reads back after layout: bar height and avatar
        origin rounded to pixels, the transform's scale as set, the titles' alphas 0 or 1 (the
        app's own hysteresis `hysteresis`, a large title that never hides, an inline title that
        never shows)."""
        state = {"on": False}

        def observe(t, y):
            if y >= COLLAPSE + hysteresis:
                state["on"] = True
            elif y < COLLAPSE - hysteresis:
                state["on"] = False
            height = max(44.0, 96.5 - y)
            coeff = (height - 44.0) / 52.5
            inline = state["on"] and not no_inline
            large = stuck_large or not state["on"]
            return {"barHeight": pixel(height, scale), "largeTitleAlpha": 1 if large else 0,
                    "inlineTitleAlpha": 1 if inline else 0,
                    "avatarScale": min(1.0, (32 + 8 * coeff) / 40),
                    "avatarTx": pixel(max(0.0, 8 * (1 - coeff)), scale),
                    "avatarTy": pixel(max(0.0, min(14.0, 14 - 14 * coeff)), scale)}
        return observe

    def rest_with_tremor(s, rng, center, amplitude, seconds, hz=9.0, drift=0.0):
        """A finger resting at `center`: physiological tremor of `amplitude` pt at `hz` with a
        slow phase drift, and the hand drifting by `drift` pt at 0.4 Hz; every frame a drag frame
        at the display's rate."""
        s.drag(center - s.y, 0.5, noise=0.0)
        start = s.ticks
        phase = rng.uniform(0, 2 * math.pi)
        while (s.ticks - start) * g.TICK < seconds:
            s.ticks += s.base_ticks
            t = (s.ticks - start) * g.TICK
            phase += rng.uniform(-0.05, 0.05)
            s.y = center + amplitude * math.sin(2 * math.pi * hz * t + phase) + drift * math.sin(2 * math.pi * 0.4 * t)
            vy = 2 * math.pi * (hz * amplitude * math.cos(2 * math.pi * hz * t + phase) + 0.4 * drift * math.cos(2 * math.pi * 0.4 * t))
            s._emit("drag", vy, s.base_ticks)

    def fps_of(scale):
        """@3x phones here are ProMotion at 120 Hz; @2x phones and the @1x display 60 Hz."""
        return 120 if scale == 3 else 60

    def device_of(scale):
        """iPhone 15 Pro (@3x), iPhone SE 2nd generation (@2x), an iPad app on a Mac's @1x display."""
        return {3: "iPhone16,1", 2: "iPhone12,8", 1: "iPad13,1"}[scale]

    def phone(scale, seed):
        return g.Screen(random.Random(seed), adaptive=False, max_fps=fps_of(scale))

    # -----------------------------------------------------------------------------------------
    # Class 1: one pixel is rounding.

    def resting_mid_collapse(scale, with_scale, seed):
        """A finger resting 26 pt into the collapse with a 0.3 pt tremor for 3 s: `y` moves by less
        than 0.5 pt a frame, the bar height and the avatar read back move by one pixel."""
        def generate():
            s = phone(scale, seed)
            rng = random.Random(seed + 1)
            # The bar's true height hovers on a pixel boundary (70.25 pt; 70.5 pt for @1x's 1 pt grid).
            center = 26.0 if scale == 1 else 26.25
            rest_with_tremor(s, rng, center, 0.3, 3.0)
            s.drag(-center, 0.5)
            suffix = "scale" if with_scale else "noscale"
            return g.write(f"vs01_rest_{scale}x_{suffix}.ndjson",
                           [header(f"profile-rest-{scale}x-{suffix}", {"largeTitle": {}, "avatar": {}}, fps_of(scale),
                                   scale if with_scale else None, "Profile", device_of(scale))]
                           + g.display_link_lines(s, observe=large_title_bar(scale)))
        return generate

    def fling_rounded(scale, seed):
        """An ordinary drag and fling through the collapse and back, values read back rounded."""
        def generate():
            s = phone(scale, seed)
            s.drag(40, 0.4, noise=0.3)
            s.fling(600)
            s.rest(0.6)
            s.drag(-60, 0.4, noise=0.3)
            s.fling(-500)
            return g.write(f"vs02_fling_{scale}x.ndjson",
                           [header(f"profile-fling-{scale}x", {"largeTitle": {}, "avatar": {}}, fps_of(scale),
                                   scale, "Profile", device_of(scale))]
                           + g.display_link_lines(s, observe=large_title_bar(scale)))
        return generate

    def avatar_wobble(scale, with_scale, seed):
        """A real glitch: the finger rests mid-collapse, and the avatar's constraints fight each
        other for 0.4 s: its frame jumps 1.5 pt down and back every frame (3 pixels on @2x)."""
        def generate():
            s = phone(scale, seed)
            rng = random.Random(seed + 1)
            rest_with_tremor(s, rng, 26.3, 0.3, 1.5)
            bar = large_title_bar(scale)
            fight = (s.t - 1.0, s.t - 0.6)
            count = {"n": 0}

            def observe(t, y):
                state = bar(t, y)
                if fight[0] <= t < fight[1]:
                    count["n"] += 1
                    if count["n"] % 2:
                        state["avatarTy"] = pixel(state["avatarTy"] + 1.5, scale)
                return state
            suffix = "scale" if with_scale else "noscale"
            return g.write(f"vs03_avatar_wobble_{scale}x_{suffix}.ndjson",
                           [header(f"profile-wobble-{scale}x-{suffix}", {"largeTitle": {}, "avatar": {}}, fps_of(scale),
                                   scale if with_scale else None, "Profile", device_of(scale))]
                           + g.display_link_lines(s, observe=observe))
        return generate

    # -----------------------------------------------------------------------------------------
    # Class 3: the edges of a jitter episode; monotonic signals; 0/1 alphas.

    def resting_on_collapse(clamped, observed, scale, seed):
        """A finger resting for 5 s at the collapse point (clamped: `barHeight` stays at 44 pt
        while `y` is past 52.5) or 20 pt before it (unclamped): the hand drifts by 2.5 pt, the
        finger trembles at 8 Hz by 1.2 pt (60 Hz @2x phone) or 1.6 pt (120 Hz @3x). The app's
        title has a 4 pt hysteresis and the header declares it, so no title flips."""
        def generate():
            s = phone(scale, seed)
            rng = random.Random(seed + 1)
            rest_with_tremor(s, rng, COLLAPSE if clamped else 32.5, 1.2 if scale == 2 else 1.6, 5.0, hz=8.0, drift=2.5)
            s.drag(-s.y, 0.5)
            name = f"vs04_tremor_{'clamped' if clamped else 'unclamped'}_{scale}x{'_observed' if observed else ''}"
            return g.write(name + ".ndjson",
                           [header(name[5:].replace("_", "-"), {"largeTitle": {"hysteresis": 4}, "avatar": {}},
                                   fps_of(scale), scale, "Contacts", device_of(scale))]
                           + g.display_link_lines(s, observe=large_title_bar(scale, hysteresis=4.0) if observed else None))
        return generate

    def deliberate_2hz(behavior, observed, seed):
        """Deliberate scrolling: +-25 pt across the threshold at 2 Hz for 3 s in one drag (the user
        compares two rows); the titles switch at every crossing, as they should."""
        def generate():
            s = phone(3, seed)
            threshold = COLLAPSE if behavior == "largeTitle" else 84.0
            s.drag(threshold - 25, 0.6, noise=0.2)
            start = s.ticks
            while (s.ticks - start) * g.TICK < 3.0:
                s.ticks += s.base_ticks
                t = (s.ticks - start) * g.TICK
                s.y = threshold - 25 * math.cos(2 * math.pi * 2 * t)
                s._emit("drag", 2 * math.pi * 2 * 25 * math.sin(2 * math.pi * 2 * t), s.base_ticks)
            s.drag(-s.y, 0.5)
            observe = None
            if observed and behavior == "largeTitle":
                observe = large_title_bar(3)
            elif observed:
                def observe(t, y):
                    on = y > threshold
                    return {"blurAlpha": min(1.0, max(0.0, y / threshold)), "background": "default" if on else "transparent",
                            "inlineTitleAlpha": 1 if on else 0, "contentTitleAlpha": 0 if on else 1}
            name = f"vs05_deliberate_2hz_{behavior}{'_observed' if observed else ''}"
            return g.write(name + ".ndjson",
                           [header(name[5:].replace("_", "-"), {behavior: {}}, 120, 3, "AlbumDetail", "iPhone16,1")]
                           + g.display_link_lines(s, observe=observe))
        return generate

    # -----------------------------------------------------------------------------------------
    # Class 9: one fault, one finding.

    def stuck_title(no_inline, scale, seed):
        """A real glitch: after a collapse the app's large title stays visible beside the inline
        one (or the inline title never appears), for 1.4 s until the user scrolls back."""
        def generate():
            s = phone(scale, seed)
            s.drag(80, 0.6, noise=0.3)
            s.rest(0.8)
            s.drag(-80, 0.6, noise=0.3)
            name = f"vs06_{'missing' if no_inline else 'stuck'}_title_{scale}x"
            return g.write(name + ".ndjson",
                           [header(name[5:].replace("_", "-"), {"largeTitle": {}, "avatar": {}}, fps_of(scale),
                                   scale, "Messages", device_of(scale))]
                           + g.display_link_lines(s, observe=large_title_bar(scale, stuck_large=not no_inline,
                                                                              no_inline=no_inline)))
        return generate

    def ringing_titles(seed):
        """A real glitch: the app cross-fades its titles with an underdamped spring restarted at
        the switch, so both alphas ring (0.75-1, 0-0.25) for half a second while the content moves
        steadily on: one fault on two alphas."""
        def generate():
            s = phone(3, seed)
            s.drag(100, 1.2, noise=0.0, profile="linear")
            bar = large_title_bar(3)
            switch = {"t": None}

            def observe(t, y):
                state = bar(t, y)
                if state["inlineTitleAlpha"] == 1 and switch["t"] is None:
                    switch["t"] = t
                if switch["t"] is not None and t - switch["t"] < 0.5:
                    k = round((t - switch["t"]) * 120)
                    ring = 0.0 if k == 0 else (0.25 if k % 2 else 0.05) * (1 - (t - switch["t"]) / 0.5)
                    state["inlineTitleAlpha"] = round(1 - ring, 4)
                    state["largeTitleAlpha"] = round(ring, 4)
                return state
            return g.write("vs07_ringing_titles.ndjson",
                           [header("mail-ringing", {"largeTitle": {}, "avatar": {}}, 120, 3, "Mailbox", "iPhone16,1")]
                           + g.display_link_lines(s, observe=observe))
        return generate

    def bar_height_fight(seed):
        """A real glitch: the finger rests mid-collapse and the bar's height fights its layout for
        0.4 s (4 pt up and back every frame); the avatar follows it: one fault."""
        def generate():
            s = phone(3, seed)
            rng = random.Random(seed + 1)
            rest_with_tremor(s, rng, 26.3, 0.3, 1.5)
            fight = (s.t - 1.0, s.t - 0.6)
            bar = large_title_bar(3)
            count = {"n": 0}

            def observe(t, y):
                # On every other frame of the fight the bar lays out 2 pt lower, avatar and all.
                if fight[0] <= t < fight[1]:
                    count["n"] += 1
                    if count["n"] % 2:
                        return bar(t, y + 4)
                return bar(t, y)
            return g.write("vs08_bar_height_fight.ndjson",
                           [header("profile-fight", {"largeTitle": {}, "avatar": {}}, 120, 3, "Profile", "iPhone16,1")]
                           + g.display_link_lines(s, observe=observe))
        return generate

    def hitch_without_bar(observed, seed):
        """A real glitch: a 120 Hz fling with the main thread blocked for 60 ms; the recorder writes
        the bar's state, or (the common case) none at all."""
        def generate():
            s = phone(3, seed)
            s.drag(100, 0.3, noise=0.3)
            s.fling(1400)
            # The freeze: drop the frames of 60 ms a quarter of a second into the deceleration.
            frames = s.frames
            release = next(i for i, f in enumerate(frames) if f[2] == "decelerate")
            t0 = frames[release][0] + 0.25
            s.frames = [f for f in frames if not t0 <= f[0] < t0 + 0.06]
            name = f"vs09_hitch_{'with' if observed else 'without'}_bar"
            return g.write(name + ".ndjson",
                           [header(name[5:].replace("_", "-"), {"largeTitle": {}}, 120, 3, "Timeline", "iPhone16,1")]
                           + g.display_link_lines(s, observe=large_title_bar(3) if observed else None))
        return generate

    return [
        resting_mid_collapse(2, True, 2001), resting_mid_collapse(2, False, 2002),
        resting_mid_collapse(3, True, 2003), resting_mid_collapse(3, False, 2004), resting_mid_collapse(1, True, 2005),
        fling_rounded(2, 2011), fling_rounded(3, 2012),
        avatar_wobble(2, True, 2021), avatar_wobble(2, False, 2022), avatar_wobble(3, True, 2023),
        resting_on_collapse(True, False, 2, 2031), resting_on_collapse(True, False, 3, 2032),
        resting_on_collapse(True, True, 2, 2033), resting_on_collapse(False, True, 2, 2034),
        deliberate_2hz("largeTitle", False, 2041), deliberate_2hz("largeTitle", True, 2042),
        deliberate_2hz("blurHeader", True, 2043),
        stuck_title(False, 3, 2051), stuck_title(False, 2, 2052), stuck_title(True, 3, 2053),
        ringing_titles(2061), bar_height_fight(2071),
        hitch_without_bar(False, 2081), hitch_without_bar(True, 2082),
    ]
