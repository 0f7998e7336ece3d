"""Colours a class can read (issue 9, item 7), checked on what the browser really draws.

The three tables' frames (War at several sizes and player counts, Casino War, Steal War) are
painted by the component's own painters (views/component/table.js ``paint``, ``paintCasino``,
``paintSteal``) on a recording 2D context under node (tests/js/draw_frames.js), from what Python
sends each table; the colours are the ones those files name (``SEAT_COLOURS``, ``FELT``, ...) and
the ones Python sends (Steal War's badges, Casino War's verdicts) and table.css's.  No colour is
copied into this file.

* Text: WCAG 2.x contrast ratio (relative luminance of sRGB, (L1 + 0.05) / (L2 + 0.05)) of every
  text drawn against what lies under it (the shapes drawn before it, composited with their alpha;
  the felt's radial gradient evaluated where the text is): >= 4.5, or >= 3 for large text (24 CSS
  px, or 18.66 px bold; WCAG 1.4.3).  Outlined text (a stroke drawn round it) is read against its
  outline.  Graphics that carry meaning (badges, chart lines, markers): >= 3 (WCAG 1.4.11).
* Colour blindness: protanopia and deuteranopia simulated with the matrices of Machado, Oliveira
  & Fernandes, "A Physiologically-based Model for Simulation of Color Vision Deficiency" (IEEE
  TVCG 15(6), 2009), severity 1.0, applied to linear RGB; colours compared by their CIE76 distance
  (Euclidean in CIELAB, D65).  A just noticeable difference is about 2.3; two small patches seen
  across a room at a glance need much more: we require ΔE76 >= 20 (issue 9's threshold: the old
  orange-red badge, which a protanope sees as the felt's olive, was at 11; at 20 a badge is
  plainly a different colour from the felt, and two badges plainly different from each other).
"""
from __future__ import annotations

import json
import math
import re
import shutil
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from war_widget.game.rules import Rules
from war_widget.views.cards import PIPS
from war_widget.views.casino import COLOURS as CASINO_COLOURS
from war_widget.views.casino import CSS_WIDTH as CASINO_CSS_WIDTH
from war_widget.views.casino import CasinoWarWidget
from war_widget.views.steal import CSS_WIDTH as STEAL_CSS_WIDTH
from war_widget.views.steal import StealWarWidget, steal_picture
from war_widget.views.war import WarWidget

ROOT = Path(__file__).resolve().parents[2]
CSS = ROOT / "war_widget/views/component/table.css"
RGBA = tuple[float, float, float, float]
MIN_DE = 20.0

# --- colour science -----------------------------------------------------------------------
# Machado et al. (2009), severity 1.0, on linear RGB
PROTANOPIA = ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216), (-0.003882, -0.048116, 1.051998))
DEUTERANOPIA = ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413), (-0.011820, 0.042940, 0.968881))
NORMAL = ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0))
VISIONS = {"normal": NORMAL, "protanopia": PROTANOPIA, "deuteranopia": DEUTERANOPIA}


def parse(colour: str) -> RGBA:
    """``#rrggbb``, ``#rgb``, ``rgb()``/``rgba()`` or a few names as (r, g, b, a), r g b 0-255."""
    c = colour.strip().lower()
    names = {"white": "#ffffff", "black": "#000000", "grey": "#808080", "gray": "#808080"}
    c = names.get(c, c)
    if c.startswith("#") and len(c) == 4:
        c = "#" + "".join(ch * 2 for ch in c[1:])
    if re.fullmatch(r"#[0-9a-f]{6}", c):
        return (int(c[1:3], 16), int(c[3:5], 16), int(c[5:7], 16), 1.0)
    m = re.fullmatch(r"rgba?\(([^)]*)\)", c)
    assert m, f"not a colour: {colour!r}"
    parts = [float(p) for p in m.group(1).split(",")]
    return (parts[0], parts[1], parts[2], parts[3] if len(parts) == 4 else 1.0)


def over(top: RGBA, under: RGBA, alpha: float = 1.0) -> RGBA:
    """``top`` (with its alpha times ``alpha``) composited over an opaque ``under``."""
    a = top[3] * alpha
    return (top[0] * a + under[0] * (1 - a), top[1] * a + under[1] * (1 - a), top[2] * a + under[2] * (1 - a), 1.0)


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(c: RGBA) -> float:
    r, g, b = (_linear(v) for v in c[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: RGBA, b: RGBA) -> float:
    """WCAG contrast ratio of two opaque colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def lab(c: RGBA, vision: str = "normal") -> tuple[float, float, float]:
    """CIELAB (D65) of ``c`` as seen with ``vision`` (a Machado 2009 simulation)."""
    rgb = [_linear(v) for v in c[:3]]
    m = VISIONS[vision]
    seen = [min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)]
    xyz_m = ((0.4124, 0.3576, 0.1805), (0.2126, 0.7152, 0.0722), (0.0193, 0.1192, 0.9505))
    x, y, z = (sum(xyz_m[i][j] * seen[j] for j in range(3)) for i in range(3))
    x, z = x / 0.95047, z / 1.08883

    def f(t: float) -> float:
        return math.cbrt(t) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(a: RGBA, b: RGBA, vision: str = "normal") -> float:
    """CIE76 colour difference of ``a`` and ``b`` as seen with ``vision``."""
    return math.dist(lab(a, vision), lab(b, vision))


def worst_delta_e(a: RGBA, b: RGBA) -> tuple[float, str]:
    return min((delta_e(a, b, v), v) for v in VISIONS)


# --- the frames the browser paints ---------------------------------------------------------
def _pips() -> dict[str, Any]:
    return {str(rank): [list(spot) for spot in spots] for rank, spots in PIPS.items()}


def _war_frames() -> list[dict[str, Any]]:
    """War beats people see: flips, wars, a game's end, the aids, right and wrong answers,
    two-player waiting, 3 and 4 players; at the natural size, on a projector and a phone."""
    frames = []
    tables: list[tuple[WarWidget, list[str]]] = []
    w = WarWidget(seed=11, records=False)
    tables.append((w, ["flip"] * 12 + ["fast_forward"]))
    tables.append((WarWidget(seed=5, aids=True, records=False), ["flip"] * 6))
    tables.append((WarWidget(seed=7, guess=True, records=False), ["answer>", "answer<", "answer="] * 3))
    tables.append((WarWidget(seed=8, mode="two_player", records=False), ["flip"]))
    for players in (3, 4):
        tables.append((WarWidget(rules=Rules(players=players), seed=4, records=False), ["flip"] * 8))
    # the number lesson's number line (numbers decide: A = 1 ... K = 13; or asked about)
    tables.append((WarWidget(rules=Rules(rank_order="ace_low"), seed=6, aids=True, records=False), ["flip"] * 6))
    tables.append((WarWidget(seed=9, guess="number", records=False), ["answer>", "answer<", "answer="] * 2))
    for widget, actions in tables:
        views = [widget.beats[-1]["view"]]
        for action in actions:
            try:
                if action.startswith("answer"):
                    widget.answer(action[-1])
                elif action == "fast_forward":
                    widget.fast_forward()
                else:
                    widget.flip()
            except ValueError:
                widget.flip()
            views += [b["view"] for b in widget.beats]
        seen: set[str] = set()
        for view in views:
            key = json.dumps(view, sort_keys=True)
            if key in seen:
                continue
            seen.add(key)
            for width, height in ((800, 500), (1500, 760), (370, 560)):
                frames.append({"kind": "war", "width": width, "height": height, "setup": widget.setup, "view": view,
                               "css_scale": 1.0})
    return frames


def _casino_frames() -> list[dict[str, Any]]:
    """Casino War hands until each verdict tone (good, bad, tie) and a war have been drawn."""
    frames = []
    tones: set[str] = set()
    wars = 0
    for seed in range(1, 60):
        w = CasinoWarWidget(seed=seed)
        frames.append(w.table)
        w.chip(10)
        w.deal()
        frames.append(w.table)
        tones.add(w.casino_session.view().tone)
        if w.controls.get("war"):
            w.war()
            wars += 1
            frames.append(w.table)
            tones.add(w.casino_session.view().tone)
        if tones >= set(CASINO_COLOURS) and wars:
            break
    assert tones >= set(CASINO_COLOURS) and wars, (tones, wars)
    scale = CASINO_CSS_WIDTH / frames[0]["w"]
    return [{"kind": "casino", "table": t, "css_scale": scale} for t in frames]


def _steal_frames() -> list[dict[str, Any]]:
    """Steal War pictures through a game: steal chances, protected piles, the end's banner."""
    pictures = []
    for seed in (1, 2, 3):
        w = StealWarWidget(seed=seed)
        for _ in range(60):
            pictures.append(steal_picture(w.view()))
            try:
                if w.view().targets:
                    w.steal(next(iter(w.view().targets)))
                else:
                    w.flip()
            except ValueError:
                try:
                    w.choose_top()
                except ValueError:
                    break
    scale = STEAL_CSS_WIDTH / pictures[0]["w"]
    return [{"kind": "steal", "picture": p, "css_scale": scale} for p in pictures]


@cache
def painted() -> dict[str, Any]:
    """Every frame painted once by table.js under node, and table.js's named colours."""
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the colour tests run table.js with node (apt-get install nodejs)")
    frames = _war_frames() + _casino_frames() + _steal_frames()
    done = subprocess.run(["node", str(ROOT / "tests/js/draw_frames.js")], cwd=ROOT, capture_output=True, text=True,
                          input=json.dumps({"pips": _pips(), "frames": frames}), timeout=300)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    for frame, drawn in zip(frames, out["frames"], strict=True):
        drawn["kind"], drawn["css_scale"], drawn["sent"] = frame["kind"], frame["css_scale"], frame
    return out


def colours() -> dict[str, Any]:
    found: dict[str, Any] = painted()["colours"]
    return found


# --- what lies under a point ---------------------------------------------------------------
def gradient_at(style: dict[str, Any], x: float, y: float) -> RGBA:
    """A canvas gradient's colour at (x, y) (stops interpolated in sRGB, as canvas does)."""
    args = style["args"]
    if style["kind"] == "linear":
        x0, y0, x1, y1 = args
        dx, dy = x1 - x0, y1 - y0
        t = ((x - x0) * dx + (y - y0) * dy) / (dx * dx + dy * dy)
    else:                                                   # concentric radial
        cx, cy, r0, _, _, r1 = args
        t = (math.hypot(x - cx, y - cy) - r0) / (r1 - r0)
    stops = sorted((at, parse(c)) for at, c in style["stops"])
    t = min(max(t, stops[0][0]), stops[-1][0])
    for (a, ca), (b, cb) in zip(stops, stops[1:], strict=False):
        if a <= t <= b:
            k = 0 if b == a else (t - a) / (b - a)
            return tuple(ca[i] + (cb[i] - ca[i]) * k for i in range(4))  # type: ignore[return-value]
    return stops[-1][1]


def under(ops: list[dict[str, Any]], upto: int, x: float, y: float) -> RGBA:
    """The colour at (x, y) made by the fills drawn before op ``upto`` (bounding boxes)."""
    colour: RGBA = (255.0, 255.0, 255.0, 1.0)               # the page under the canvas
    for op in ops[:upto]:
        box = op.get("box")
        if op["op"] != "fill" or not box or not (box[0] <= x <= box[2] and box[1] <= y <= box[3]):
            continue
        fill = op["fill"]
        top = gradient_at(fill, x, y) if isinstance(fill, dict) else parse(fill)
        colour = over(top, colour, op["alpha"])
    return colour


def text_points(t: dict[str, Any]) -> list[tuple[float, float]]:
    """Points inside the box a text covers (0.6 em a character, as the recording measures it,
    times its squeeze ``sx``), turned with it (a card's lower corner index is turned half a turn)."""
    w, h = 0.6 * t["px"] * len(t["text"]) * t.get("sx", 1), t["px"]
    x0 = {"left": 0.0, "start": 0.0, "right": -w, "end": -w}.get(t["align"], -w / 2)
    y0 = {"top": 0.0, "middle": -h / 2, "bottom": -h}.get(t["baseline"], -0.75 * h)
    turn = -1 if abs(abs(t.get("angle", 0)) - math.pi) < 1e-6 else 1
    return [(t["x"] + turn * (x0 + w * fx), t["y"] + turn * (y0 + h * fy)) for fx in (0.15, 0.5, 0.85)
            for fy in (0.3, 0.5, 0.7)]


def text_contrasts(frame: dict[str, Any]) -> list[tuple[float, float, dict[str, Any]]]:
    """(contrast, needed, text) for every text of a frame, the worst point under each."""
    out = []
    ops = frame["ops"]
    for i, t in enumerate(ops):
        if t["op"] != "text" or not t["text"].strip():
            continue
        css_px = t["px"] * frame["css_scale"]
        large = css_px >= 24 or (css_px >= 18.66 and t["weight"] >= 700)
        worst = math.inf
        for x, y in text_points(t):
            bg = under(ops, i, x, y)
            if t["halo"]:
                bg = over(parse(t["halo"]["stroke"]), bg)
            ink = over(parse(t["fill"]), bg, t["alpha"])
            worst = min(worst, contrast(ink, bg))
        out.append((worst, 3.0 if large else 4.5, t))
    return out


# --- the tests ----------------------------------------------------------------------------
@pytest.mark.parametrize("kind", ["war", "casino", "steal"])
def test_every_text_on_the_tables_reads_at_wcag_aa(kind):
    frames = [f for f in painted()["frames"] if f["kind"] == kind]
    assert frames
    checked = 0
    failures = []
    for frame in frames:
        for ratio, needed, t in text_contrasts(frame):
            checked += 1
            if ratio < needed:
                failures.append(f"{t['text']!r} {t['fill']} {t['px']:.0f}px: {ratio:.2f} < {needed}")
    assert checked > 20 * len(frames) // 10
    assert not failures, f"{len(failures)} texts below AA, e.g. " + "; ".join(sorted(set(failures))[:8])


def test_every_text_lies_on_the_table():
    """A text drawn off the canvas is cut off (the left seat's name of 3 or 4 players was)."""
    for frame in painted()["frames"]:
        for t in frame["ops"]:
            if t["op"] == "text" and t["text"].strip():
                for x, y in text_points(t):
                    assert 0 <= x <= frame["w"] and 0 <= y <= frame["h"], (frame["kind"], frame["w"], t["text"])


def _felt() -> list[RGBA]:
    return [parse(c) for _, c in colours()["FELT"]["stops"]]


def test_count_badges_read_at_wcag_aa_and_stand_apart_from_the_felt_when_colour_blind():
    c = colours()
    seats, texts = [parse(s) for s in c["SEAT_COLOURS"]], [parse(t) for t in c["SEAT_TEXT"]]
    gold, ink = parse(c["GOLD"]), parse(c["INK"])
    assert len(seats) == len(texts) == 4
    badges = [*zip(seats, texts, strict=True), (gold, ink)]        # the winner's badge turns gold
    for fill, text in badges:
        assert contrast(text, fill) >= 4.5, (fill, text, contrast(text, fill))
        for felt in _felt():
            de, vision = worst_delta_e(fill, felt)
            assert de >= MIN_DE, f"badge {fill} vs felt {felt} under {vision}: ΔE76 {de:.1f}"
    # the two seats of a two-player table (War and Steal War) apart under every vision; the
    # winner's gold apart from every seat's colour; all four seats apart with normal vision
    de, vision = worst_delta_e(seats[0], seats[1])
    assert de >= MIN_DE, f"the two badges look alike under {vision}: ΔE76 {de:.1f}"
    for seat in seats:
        de, vision = worst_delta_e(seat, gold)
        assert de >= MIN_DE, f"the winner's gold vs {seat} under {vision}: ΔE76 {de:.1f}"
    for i, a in enumerate(seats):
        for b in seats[i + 1:]:
            assert delta_e(a, b) >= MIN_DE, (a, b)


def test_steal_war_badges_are_the_war_tables_seat_colours():
    c = colours()
    steal = [f for f in painted()["frames"] if f["kind"] == "steal"]
    sent = {b["colour"] for f in steal for b in f["sent"]["picture"]["badges"]}
    assert sent == set(c["SEAT_COLOURS"][:2]), sent
    for f in steal:
        badge_texts = [t for t in f["ops"] if t["op"] == "text" and t["text"].isdigit() and t["px"] == 34]
        assert badge_texts, "every Steal War picture has its count badges"
        assert {t["fill"] for t in badge_texts} <= {c["SEAT_TEXT"][0], c["SEAT_TEXT"][1]}


def test_casino_verdicts_read_on_their_pill_and_differ_when_colour_blind():
    """Won, lost and tied hands are said in words and in three colours: the colours read on their
    dark pill and stay apart from each other under every vision."""
    frames = [f for f in painted()["frames"] if f["kind"] == "casino"]
    drawn = {t["fill"] for f in frames for t in f["ops"] if t["op"] == "text"}
    assert set(CASINO_COLOURS.values()) <= drawn
    tones = [parse(c) for c in CASINO_COLOURS.values()]
    for i, a in enumerate(tones):
        for b in tones[i + 1:]:
            de, vision = worst_delta_e(a, b)
            assert de >= MIN_DE, f"Casino verdicts {a} and {b} under {vision}: ΔE76 {de:.1f}"


def test_the_number_line_reads_on_the_felt_at_a_phone_and_a_projector_size():
    """The number lesson's line under the cards: every number 0-13 written under its tick at the
    page's smallest text size or more, white on its band (WCAG AA where it lies), both cards'
    marks in their seats' colours with their numbers on them, readable."""
    c = colours()
    lined = [f for f in painted()["frames"] if f["kind"] == "war" and f["sent"]["setup"].get("number_line")]
    assert {(f["w"] > f["h"]) for f in lined} == {True, False}, "drawn on a landscape and an upright table"
    marked = 0
    for frame in lined:
        ops = frame["ops"]
        band = [i for i, o in enumerate(ops) if o["op"] == "fill" and o["fill"] == c["LINE_BAND"]]
        assert len(band) == 1
        labels = [(i, o) for i, o in enumerate(ops) if i > band[0] and o["op"] == "text" and o["baseline"] == "top"
                  and o["fill"] == c["LINE_INK"] and o["text"].isdigit()]
        assert [int(o["text"]) for _, o in labels] == list(range(14)), [o["text"] for _, o in labels]
        assert all(o["px"] >= c["LINE_MIN_PX"] >= 16 for _, o in labels)
        numbers = frame["sent"]["view"].get("numbers") or []
        for seat, n in numbers:
            marks = [o for o in ops if o["op"] == "text" and o["baseline"] == "middle" and o["text"] == str(n)
                     and o["fill"] == c["SEAT_TEXT"][seat]]
            assert marks, f"no mark for seat {seat}'s {n}"
            discs = [o for o in ops if o["op"] == "fill" and o["fill"] == c["SEAT_COLOURS"][seat]]
            assert discs
            marked += 1
        for ratio, needed, t in text_contrasts(frame):
            if (t["baseline"] in ("top", "middle") and t["text"].isdigit() and ops.index(t) > band[0]
                    and t["y"] > ops[band[0]]["box"][1]):
                assert ratio >= needed, (t["text"], t["fill"], ratio)
    assert marked >= 4, "frames with both cards marked"


# --- the chart (Plotly, in the page) ------------------------------------------------------
def css_rules() -> dict[str, dict[str, str]]:
    """table.css's top-level rules: selector -> declarations (@media blocks left out: sizes only)."""
    text = re.sub(r"/\*.*?\*/", "", CSS.read_text(), flags=re.S)
    text = re.sub(r"@media[^{]*\{(?:[^{}]*\{[^}]*\})*\s*\}", "", text)
    rules: dict[str, dict[str, str]] = {}
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", text):
        decls = dict((k.strip(), v.strip()) for k, v in (d.split(":", 1) for d in body.split(";") if ":" in d))
        for sel in selectors.split(","):
            rules.setdefault(sel.strip(), {}).update(decls)
    root = rules[".wt-root"]
    for decls in rules.values():
        for k, v in decls.items():
            decls[k] = re.sub(r"var\((--[\w-]+)\)", lambda m: root[m.group(1)], v)
    return rules


def css_colour(value: str) -> list[RGBA]:
    """The colours in a CSS value (a colour or the stops of a gradient)."""
    return [parse(c) for c in re.findall(r"#[0-9a-fA-F]{3,6}\b|rgba?\([^)]*\)|\bwhite\b|\bblack\b", value)]


PAGES = {"page": (255.0, 255.0, 255.0, 1.0)}        # a notebook's page; full screen: table.css's


def _pages() -> dict[str, RGBA]:
    return {**PAGES, "full screen": css_colour(css_rules()[".wt-root:fullscreen"]["background"])[0]}


def test_chart_lines_and_war_markers_show_on_the_chart_and_markers_are_no_seats_colour():
    c = colours()
    (chart_box,) = css_colour(css_rules()[".wt-chart"]["background"])
    plot = over(parse(c["CHART_BG"]), chart_box)
    marker, outline = parse(c["WAR_MARKER"]["fill"]), parse(c["WAR_MARKER"]["line"])
    for seat in (parse(s) for s in c["SEAT_COLOURS"]):
        assert contrast(seat, plot) >= 3, f"a seat's line {seat} on the chart: {contrast(seat, plot):.2f}"
        de, vision = worst_delta_e(marker, seat)
        assert de >= MIN_DE, f"war markers look like the line {seat} under {vision}: ΔE76 {de:.1f}"
    assert contrast(outline, plot) >= 3, "the war marker's outline shows on the chart"


def test_chart_lines_that_look_alike_to_the_colour_blind_differ_in_dash():
    """3 or 4 players: the chart's lines must not be told apart by colour alone (WCAG 1.4.1)."""
    c = colours()
    seats, dashes = [parse(s) for s in c["SEAT_COLOURS"]], c["SEAT_DASH"]
    assert len(dashes) == len(seats)
    alike = [(i, j) for i in range(len(seats)) for j in range(i + 1, len(seats))
             if worst_delta_e(seats[i], seats[j])[0] < MIN_DE]
    for i, j in alike:
        assert dashes[i] != dashes[j], f"seats {i + 1} and {j + 1}: alike when colour blind, same dash"


# --- the page around the table (table.css) ------------------------------------------------
def test_the_controls_and_notices_read_at_wcag_aa_in_the_page_and_full_screen():
    rules = css_rules()
    ink = css_colour(rules[".wt-root"]["color"])[0]
    white = css_colour(rules[".wt-root:fullscreen"]["color"])[0]
    pages = _pages()
    # buttons carry their own background (and the ink), in any page
    for sel in (".wt-btn", ".wt-btn:hover", ".wt-btn.wt-primary", ".wt-asking .wt-answer"):
        for bg in css_colour(rules[sel]["background"]):
            assert contrast(ink, bg) >= 4.5, (sel, bg)
    on = rules[".wt-btn.wt-on"]
    assert contrast(css_colour(on["color"])[0], css_colour(on["background"])[0]) >= 4.5
    # the notice (an alert) in the page and on the full-screen background
    notice = css_colour(rules[".wt-notice"]["color"])[0]
    assert contrast(notice, pages["page"]) >= 4.5
    full_notice = css_colour(rules[".wt-root:fullscreen .wt-notice"]["color"])[0]
    assert contrast(full_notice, pages["full screen"]) >= 4.5
    # dimmed text (opacity) still reads: ink in the page, white in full screen
    for sel in (".wt-rules", ".wt-status", ".wt-log"):
        alpha = float(rules[sel]["opacity"])
        assert contrast(over(ink, pages["page"], alpha), pages["page"]) >= 4.5, sel
        assert contrast(over(white, pages["full screen"], alpha), pages["full screen"]) >= 4.5, sel


def test_the_focus_ring_shows_on_every_background():
    """Two rings, gold and dark: on any background one of them has 3:1 (WCAG 2.4.11/1.4.11)."""
    rules = css_rules()
    focus = rules[".wt-root :focus-visible"]
    gold = css_colour(focus["outline"])[0]
    dark = css_colour(focus["box-shadow"])[0]
    backgrounds = [*_pages().values(), *_felt(), *css_colour(rules[".wt-btn"]["background"]),
                   *css_colour(rules[".wt-btn.wt-primary"]["background"])]
    for bg in backgrounds:
        assert max(contrast(gold, bg), contrast(dark, bg)) >= 3, bg


def test_casino_war_ties_stand_out_on_the_bankroll_chart():
    """Casino War's chart: the bankroll line and the tie (war) markers show on the chart (>= 3:1)
    and differ from each other under every vision."""
    c = colours()
    (chart_box,) = css_colour(css_rules()[".wt-chart"]["background"])
    line, tie = parse(c["BANKROLL"]["line"]), parse(c["BANKROLL"]["tie"])
    for part in (line, tie):
        assert contrast(part, chart_box) >= 3, part
    de, vision = worst_delta_e(line, tie)
    assert de >= MIN_DE, f"ties look like the bankroll line under {vision}: ΔE76 {de:.1f}"


def test_outlined_text_has_round_joins():
    """Text drawn with a dark outline (the progress line "2 / 40 rounds") strokes with round
    joins: a mitred stroke draws a spike off the sharp ends of "/" (issue 30)."""
    halos = [t for f in painted()["frames"] for t in f["ops"] if t["op"] == "text" and t.get("halo")]
    assert any("/" in t["text"] for t in halos), "no outlined progress line was painted"
    assert all(t["halo"]["join"] == "round" for t in halos), {t["text"]: t["halo"]["join"] for t in halos}
