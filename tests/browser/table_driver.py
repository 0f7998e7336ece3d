"""Driving the War table component in a page as a person does, for every front end's tests
(JupyterLab, Notebook 7, Voila, marimo in tests/browser; the static classroom site in tests/site).

``Table`` presses a control and waits until the table shows every beat it brought; ``JS_RECORD``
keeps, in the page, a snapshot of what is on screen at each beat (the component's "war-beat"
event), and ``check_beats`` checks that the canvas, the sentence, the round, the counts and the
chart tell the same moment at all of them.  ``play_games`` is several games in a row.
"""
from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from long_task_trace import assert_no_long_task, traced

from war_widget.game.engine import Game

ACTIONS = ["flip", "step", "back", "autoplay", "speed", "fast_forward", "new_game", "code", "replay", "fullscreen",
           "settings"]
SIZES = [(1920, 1080), (1366, 768), (768, 1024), (390, 844)]
NUMBERS = {"J": 11, "Q": 12, "K": 13, "A": 1}   # the number mode (text/number_mode.py): A = 1


def wait_until(predicate: Callable[[], object], timeout: float, what: str, interval: float = 0.1) -> object:
    """Poll ``predicate`` until it returns something truthy; fail saying ``what`` was awaited."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")
        time.sleep(interval)


# Runs in the page on the component's root: keep a snapshot of what is on screen at every beat.
JS_RECORD = """root => {
    if (root.__record) return;
    root.__record = [];
    const canvas = root.querySelector('canvas.war-table');
    root.addEventListener('war-beat', e => {
        if (root.__quiet) return;      // (while a trace measures the table's own tasks)
        const dpr = canvas.width / canvas.getBoundingClientRect().width;
        const ctx = canvas.getContext('2d');
        const px = (x, y) => Array.from(ctx.getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data);
        const spots = JSON.parse(root.dataset.spots || '[]');
        const chart = root.querySelector('.wt-chart');
        root.__record.push({
            id: e.detail.id, round: e.detail.round, counts: e.detail.counts,
            sentence: root.querySelector('[data-role=sentence]').textContent,
            log: (root.querySelector('[role=log]').lastElementChild || {}).textContent || '',
            roundText: root.querySelector('[data-role=round]').textContent,
            countsText: root.querySelector('[data-role=counts]').textContent,
            label: canvas.getAttribute('aria-label') || '',
            tableCards: Number(root.dataset.tableCards || 0),
            chartX: chart && chart.data ? chart.data[0].x.length : null,
            spots: spots.map(([seat, up, x, y]) => [seat, up, px(x, y)]),
            middle: null,
        });
    });
}"""

_JS_DEEP_ACTIVE = """() => {
    let a = document.activeElement;
    while (a && a.shadowRoot && a.shadowRoot.activeElement) a = a.shadowRoot.activeElement;
    if (!a) return null;
    const s = getComputedStyle(a);
    return {action: a.dataset ? (a.dataset.action || (a.classList.contains('war-table') ? 'canvas' : '')) : '',
            outline: parseFloat(s.outlineWidth) || 0, style: s.outlineStyle};
}"""


class Table:
    """One table component on a page, driven as a person would."""

    def __init__(self, page, root, name: str) -> None:
        self.page, self.root, self.name = page, root, name

    def data(self, key: str) -> str:
        return self.root.get_attribute(f"data-{key}") or ""

    def control(self, action: str):
        return self.root.locator(f"[data-action='{action}']")

    def record(self) -> list[dict]:
        return self.root.evaluate("r => r.__record || []")

    def act(self, action: str, timeout: float = 30.0) -> dict:
        """Press a control and wait until the table shows the beats it brought, all of them."""
        before = len(self.record())
        self.root.evaluate(JS_RECORD)
        self.control(action).click()
        wait_until(lambda: len(self.record()) > before and self.data("idle") == "1", timeout,
                   f"{self.name}: the beats of {action}")
        return self.record()[-1]

    def sentence(self) -> str:
        return self.root.locator("[data-role=sentence]").inner_text()


def check_beats(record: list[dict], name: str) -> None:
    """At every beat the canvas, the sentence, the round, the counts and the chart agree."""
    assert record, f"{name}: no beat was shown"
    for b in record:
        where = f"{name}: beat {b['id']} ({b['sentence']!r})"
        assert b["sentence"] == b["log"], where
        assert re.search(rf"\b{b['round']}\b", b["roundText"]), (where, b["roundText"])
        shown = [int(re.findall(r"\d+", part)[-1]) for part in b["countsText"].split(" \u00b7 ")]
        assert shown == b["counts"], (where, b["countsText"])
        for n in b["counts"]:
            assert re.search(rf"\b{n} card", b["label"]), (where, b["label"])
        if b["chartX"] is not None:
            assert b["chartX"] == b["round"] + 1, (where, b["chartX"])   # rounds 0..round
        for _seat, up, (r, g, bl, _a) in b["spots"]:
            if up:
                assert min(r, g, bl) > 200, (where, "a face-up card is drawn there", (r, g, bl))
            else:
                assert bl > r + 40, (where, "a card back is drawn there", (r, g, bl))


def right_answer(sentence: str) -> str:
    # the number mode asks "Which is bigger: K or 7?" and grades by the numbers (A = 1)
    m = re.search(r"Which is bigger: (\S+) or ([^\s?]+)\?", sentence)
    assert m, sentence
    a, b = (NUMBERS.get(t, None) or int(t) for t in m.groups())
    return ">" if a > b else "<" if a < b else "="


def play_games(table: Table) -> None:
    """Several games in a row: flips, Back, a jump from the chart, Fast-forward, New game,
    Replay of the first game's number; every beat checked."""
    table.root.evaluate(JS_RECORD)
    assert table.data("round") == "0" and table.data("counts") == "26,26"
    table.control("speed").select_option("fast")
    first_code = table.control("code").input_value()
    assert re.fullmatch(r"classic-\d+", first_code)
    firsts = [table.act("flip")]
    for _ in range(3):
        table.act("flip")
    assert table.data("round") == "4"
    table.act("back")
    assert table.data("round") == "3" and table.sentence().startswith("Back to the end of round 3")
    # the chart is Plotly's: click the point of round 1 on the first line
    wait_until(lambda: table.root.evaluate("r => { const c = r.querySelector('.wt-chart');"
                                           " return c && c.data ? c.data[0].x.length : 0 }") == 4, 30,
               f"{table.name}: the chart to show rounds 0-3")
    table.root.locator(".wt-chart").scroll_into_view_if_needed()
    point = table.root.locator(".wt-chart .scatterlayer .trace:has(.points path)").first.locator(".points path").nth(1)
    box = point.bounding_box()
    assert box is not None
    before = len(table.record())
    # Plotly reports a click on the point it hovers: move there, let it hover, then click
    table.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    table.page.wait_for_timeout(300)
    table.page.mouse.down()
    table.page.mouse.up()
    wait_until(lambda: len(table.record()) > before and table.data("idle") == "1", 30, f"{table.name}: the jump")
    assert table.data("round") == "1" and table.sentence().startswith("Jumped to the end of round 1"), table.sentence()
    table.act("fast_forward")
    assert table.data("over") == "1"
    over_round = int(table.data("round"))
    assert over_round >= 1
    table.act("new_game")
    assert table.data("round") == "0" and table.data("counts") == "26,26"
    assert table.control("code").input_value() != first_code
    table.act("flip")
    table.control("code").fill(first_code)
    table.act("replay")
    assert table.control("code").input_value() == first_code and table.data("round") == "0"
    replayed = table.act("flip")
    assert replayed["sentence"] == firsts[0]["sentence"] and replayed["counts"] == firsts[0]["counts"]
    check_beats(table.record(), table.name)


CHART_BOXES = """r => { const t = r.querySelector('.wt-chart .gtitle'), l = r.querySelector('.wt-chart .legend');
    if (!t || !l) return null;
    const a = t.getBoundingClientRect(), b = l.getBoundingClientRect();
    return [[a.left, a.top, a.right, a.bottom], [b.left, b.top, b.right, b.bottom]]; }"""


def layout_at_sizes(page: Any, table: Table, prefix: Path, sizes: list[tuple[int, int]] = SIZES) -> None:
    """The whole game on one screen at projector sizes; a portrait table on a phone (a screenshot
    of each size at ``prefix``-WxH.png)."""
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(400)
        canvas = table.root.locator("canvas.war-table").bounding_box()
        flip = table.control("flip").bounding_box()
        sentence = table.root.locator("[data-role=sentence]").bounding_box()
        assert canvas and flip and sentence
        path = prefix.with_name(f"{prefix.name}-{w}x{h}.png")
        page.screenshot(path=str(path))
        print(f"{prefix.name} {w}x{h}: table {canvas['width']:.0f}x{canvas['height']:.0f}, cards "
              f"{table.data('card-px')}, rank {table.data('rank-px')} px")
        assert canvas["x"] >= 0 and canvas["x"] + canvas["width"] <= w + 1, (w, h, canvas)
        if w >= 1366:
            # table, Flip, Step/Back/Autoplay and the last sentence at once, with no scrolling
            table.root.scroll_into_view_if_needed()
            span = flip["y"] + flip["height"] - canvas["y"]
            assert span <= h, f"{prefix.name} {w}x{h}: table top to Flip bottom is {span} px"
            for action in ("step", "back", "autoplay"):
                box = table.control(action).bounding_box()
                assert box and box["y"] + box["height"] - canvas["y"] <= h
            assert canvas["width"] >= 0.5 * w * 0.6, (w, canvas)
        if w <= 768:
            for action in ACTIONS:
                box = table.control(action).bounding_box()
                assert box and box["height"] >= 44 and box["width"] >= 44, (prefix.name, w, action, box)
        if w == 390:
            assert canvas["height"] > canvas["width"], f"{prefix.name}: a portrait table on a phone, got {canvas}"
            assert int(table.data("rank-px")) >= 34
        width = table.root.evaluate("r => r.scrollWidth")
        assert width <= w, f"{prefix.name} {w}x{h}: the component is {width} px wide"
        # the narration log shows whole lines (it showed a sliver of a third)
        inner, line = table.root.evaluate("""r => { const l = r.querySelector('.wt-log'), s = getComputedStyle(l);
            const pad = parseFloat(s.paddingTop) + parseFloat(s.paddingBottom);
            return [l.clientHeight - pad, parseFloat(s.lineHeight)]; }""")
        lines = inner / line
        assert abs(lines - round(lines)) < 0.08, f"{prefix.name} {w}x{h}: the log shows {lines:.2f} lines"
        # the chart's title and its legend apart (they collided on a phone)
        boxes = wait_until(lambda: table.root.evaluate(CHART_BOXES), 30, f"{prefix.name}: the chart drawn")
        title, legend = boxes
        apart = (title[2] <= legend[0] or legend[2] <= title[0] or title[3] <= legend[1] or legend[3] <= title[1])
        assert apart, f"{prefix.name} {w}x{h}: the chart's title {title} and legend {legend} overlap"
        # the game number a teacher reads out is whole in its box
        code = table.control("code").evaluate("c => [c.value, c.scrollWidth, c.clientWidth]")
        assert code[1] <= code[2], f"{prefix.name} {w}x{h}: the game number {code[0]!r} does not fit its box"


def tab_reaches_every_control(table: Table) -> None:
    """Tab reaches every control with a focus ring of 2 px or more; Space on the table flips and
    Backspace goes back."""
    table.root.locator("canvas.war-table").focus()
    seen: dict[str, float] = {}
    for _ in range(40):
        table.page.keyboard.press("Tab")
        active = table.page.evaluate(_JS_DEEP_ACTIVE)
        if active and active["action"]:
            seen[active["action"]] = active["outline"]
    missing = [a for a in ACTIONS if a not in seen]
    assert not missing, f"{table.name}: Tab never reached {missing}"
    thin = {a: w for a, w in seen.items() if a in ACTIONS and w < 2}
    assert not thin, f"{table.name}: focus rings thinner than 2 px: {thin}"
    # Space on the focused table flips, Backspace goes back
    table.root.locator("canvas.war-table").focus()
    r = int(table.data("round"))
    table.page.keyboard.press(" ")
    wait_until(lambda: table.data("round") == str(r + 1) and table.data("idle") == "1", 30, "Space to flip")
    table.page.keyboard.press("Backspace")
    wait_until(lambda: table.data("round") == str(r) and table.data("idle") == "1", 30, "Backspace to go back")


# The keys of issue 30 a child's fingers reach (notebook shortcuts: cut, copy, paste, undo, delete,
# convert, insert, move and run cells) and the keys that scroll or navigate a page.
PAGE_KEYS = ("x", "c", "v", "z", "d", "d", "m", "y", "Shift+M", "a", "b", "ArrowUp", "ArrowDown", "ArrowLeft",
             "ArrowRight", "Shift+Enter", "Control+Enter", "Alt+Enter", "Escape", "PageDown", "PageUp", "End",
             "Home", "Alt+ArrowLeft")

# Listeners on the document and the
# body count every key that gets past the window, and every scroll anywhere is counted.
JS_KEY_PROBE = """() => {
    window.__warKeysSeen = [];
    window.__warScrolls = [];
    const seen = (where) => (e) => { if (e.key !== 'Tab') window.__warKeysSeen.push(where + ':' + e.key); };
    document.addEventListener('keydown', seen('document-capture'), true);
    document.addEventListener('keydown', seen('document'));
    window.addEventListener('keydown', seen('window-bubble'));
    document.addEventListener('scroll', (e) => { window.__warScrolls.push(e.composedPath()[0]); }, true);
}"""

# every scroll position a key could move: the page's and each scrollable box around the table
# (through shadow roots: marimo puts the table in one)
JS_SCROLLS = """root => {
    const out = {page: [window.scrollX, window.scrollY]};
    let n = root, i = 0;
    while (n) {
        if (n.nodeType === 1 && (n.scrollHeight > n.clientHeight || n.scrollWidth > n.clientWidth))
            out['box' + (i++)] = [n.scrollLeft, n.scrollTop];
        n = n.parentNode || n.host || null;
    }
    return out;
}"""


def keys_stay_on_the_page(table: Table) -> None:
    """With the table's canvas, then its Flip button, focused, the keys of ``PAGE_KEYS`` change
    nothing outside the table (for pages with no notebook cells: Voila, marimo, the static site):
    the page and every box around the table keep their scroll position, the address and history
    stay, no listener of the document sees the key (the table stopped it), focus stays on the
    table, the table stays in the page, and on the canvas the game does not move.  (The probe's
    listeners on the document see a key after the window's capture phase, whenever they were added.)"""
    page = table.page
    if not page.evaluate("() => Array.isArray(window.__warKeysSeen)"):
        page.evaluate(JS_KEY_PROBE)
    for on_canvas, target in ((True, table.root.locator("canvas.war-table")), (False, table.control("flip"))):
        wait_until(lambda: table.data("idle") == "1", 30, f"{table.name}: the table at rest")
        target.scroll_into_view_if_needed()
        # somewhere in the middle of what can scroll, so a key could move it either way
        page.evaluate("""root => { let n = root;
            while (n) { if (n.nodeType === 1 && n.scrollHeight > n.clientHeight + 40) n.scrollTop = Math.min(
                n.scrollTop + 20, n.scrollHeight - n.clientHeight - 20); n = n.parentNode || n.host || null; }
            window.scrollBy(0, 20); }""", table.root.element_handle())
        target.focus()
        page.wait_for_timeout(300)
        scrolls = page.evaluate(JS_SCROLLS, table.root.element_handle())
        where = page.evaluate("() => [location.href, history.length]")
        page.evaluate("() => { window.__warKeysSeen.length = 0; window.__warScrolls.length = 0; }")
        round_before = table.data("round")
        for key in PAGE_KEYS:
            page.keyboard.press(key)
            page.wait_for_timeout(60)
        page.wait_for_timeout(800)
        what = f"{table.name} ({'canvas' if on_canvas else 'Flip'})"
        after = page.evaluate(JS_SCROLLS, table.root.element_handle())
        assert after == scrolls, f"{what}: a key scrolled the page: {scrolls} -> {after}"
        # (the narration log inside the table scrolls to its newest line when Enter flips on Flip)
        outside = table.root.evaluate("r => window.__warScrolls.filter(t => !r.contains(t)).length")
        assert outside == 0, f"{what}: a key scrolled something outside the table"
        assert page.evaluate("() => [location.href, history.length]") == where, f"{what}: a key navigated"
        assert page.evaluate("() => window.__warKeysSeen") == [], f"{what}: a key got past the table"
        assert table.root.count() == 1 and table.root.is_visible(), f"{what}: the table left the page"
        assert table.root.evaluate("""r => { let a = r.getRootNode().activeElement; return r.contains(a); }"""), \
            f"{what}: focus left the table"
        if on_canvas:   # (on Flip, Enter is the button's own key: it flips)
            assert table.data("round") == round_before, f"{what}: the keys played or restarted the game"


# Every control a Casino War or Steal War table shows, with its box and focus ring (visible ones only)
_JS_CONTROLS = """r => Array.from(r.querySelectorAll('button, select, input')).filter(c => {
        const b = c.getBoundingClientRect(); return b.width > 0 && b.height > 0; })
    .map(c => { const b = c.getBoundingClientRect();
        const box = c.closest('label') ? c.closest('label').getBoundingClientRect() : b;
        return {action: c.dataset.action || c.type, type: c.type, w: b.width, h: b.height, lw: box.width,
                lh: box.height}; })"""
# The part of the page the component scrolls in (JupyterLab's notebook panel, or the window)
_JS_VISIBLE = """r => { let p = r.parentElement;
    while (p && p !== document.body) { const s = getComputedStyle(p);
        if (/(auto|scroll)/.test(s.overflowY) && p.scrollHeight > p.clientHeight) break; p = p.parentElement; }
    const b = p && p !== document.body ? p.getBoundingClientRect() : {top: 0, bottom: window.innerHeight};
    return [Math.max(0, b.top), Math.min(window.innerHeight, b.bottom)]; }"""


def cardgame_layout_at_sizes(page: Any, root: Any, primary: str, prefix: Path,
                             sizes: list[tuple[int, int]] = SIZES) -> dict[str, list[float]]:
    """War's layout rule on a Casino War or Steal War table (``root``): at projector sizes the
    picture, the sentence and the primary button (``primary``: "deal" or "flip") on one screen,
    the picture at least as wide as War's; a finger's target for every control at tablet and
    phone widths; nothing wider than the page; the chart inside the component.  Returns the
    picture's size at each size (a screenshot at ``prefix``-WxH.png)."""
    seen: dict[str, list[float]] = {}
    for w, h in sizes:
        page.set_viewport_size({"width": w, "height": h})
        page.wait_for_timeout(600)
        root.evaluate("r => r.scrollIntoView({block: 'start'})")
        page.wait_for_timeout(200)
        canvas = root.locator("canvas").bounding_box()
        button = root.locator(f"[data-action={primary}]").bounding_box()
        sentence = root.locator("[data-role=sentence]").bounding_box()
        assert canvas and button and sentence
        page.screenshot(path=str(prefix.with_name(f"{prefix.name}-{w}x{h}.png")))
        seen[f"{w}x{h}"] = [round(canvas["width"]), round(canvas["height"])]
        width = root.evaluate("r => r.scrollWidth")
        assert width <= w and canvas["x"] + canvas["width"] <= w + 1, f"{prefix.name} {w}x{h}: {width} px wide"
        if w >= 1366:
            # on one screen: the picture's top to the button's bottom inside what the page shows
            # (in JupyterLab the notebook panel, between its toolbar and the status bar)
            top, bottom = root.evaluate(_JS_VISIBLE)
            for what, box in (("the primary button", button), ("the sentence", sentence)):
                span = box["y"] + box["height"] - canvas["y"]
                assert canvas["y"] >= top - 1 and box["y"] + box["height"] <= bottom + 1, (
                    f"{prefix.name} {w}x{h}: table top to the bottom of {what} is {span:.0f} px; the page shows "
                    f"{bottom - top:.0f} px (the table's top at {canvas['y']:.0f}, {what} ends at "
                    f"{box['y'] + box['height']:.0f})")
            assert canvas["width"] >= 0.5 * w * 0.6, (prefix.name, w, h, canvas)
        if w <= 768:
            small = [c for c in root.evaluate(_JS_CONTROLS)
                     if min(c["lw"], c["lh"]) < 44 or min(c["w"], c["h"]) < (24 if c["type"] == "checkbox" else 44)]
            assert not small, f"{prefix.name} {w}x{h}: controls smaller than a finger: {small}"
        chart = root.locator("[data-role=chart]")
        if chart.count():
            box = chart.bounding_box()
            outer = root.bounding_box()
            assert box and outer and box["x"] + box["width"] <= outer["x"] + outer["width"] + 1, (
                f"{prefix.name} {w}x{h}: the chart is cut off: {box} in {outer}")
    return seen


def tab_reaches_every_button(page: Any, root: Any, name: str) -> None:
    """Tab from the picture reaches every enabled button and select of ``root`` with a focus ring
    of 2 px or more (War's rule)."""
    root.locator("canvas").focus()
    wanted = set(root.evaluate("r => Array.from(r.querySelectorAll('button:not([disabled]), select'))"
                               ".filter(c => c.getBoundingClientRect().width > 0).map(c => c.dataset.action)"))
    seen: dict[str, float] = {}
    for _ in range(40):
        page.keyboard.press("Tab")
        active = page.evaluate(_JS_DEEP_ACTIVE)
        if active and active["action"]:
            seen[active["action"]] = active["outline"]
    missing = sorted(wanted - set(seen))
    assert not missing, f"{name}: Tab never reached {missing}"
    thin = {a: w for a, w in seen.items() if a in wanted and w < 2}
    assert not thin, f"{name}: focus rings thinner than 2 px: {thin}"


def never_ending_code(rounds: int) -> str:
    """A bicycle game number whose game lasts past ``rounds`` (the won cards go under the pile in
    the order played, so the deal comes round again; found by the engine, not hard-coded)."""
    for seed in range(1, 200):
        game = Game("bicycle", seed=seed)
        n = 0
        while n < rounds and game.play_round() is not None:
            n += 1
        if n >= rounds:
            return game.code or ""
    raise AssertionError("no bicycle game in the first seeds lasts that long")


AUTOPLAY_WINDOW_S = 30.0   # seconds of fast autoplay traced (the "30 s of fast autoplay")


def fast_autoplay_window(table: Table, artifacts: Path, window_s: float = AUTOPLAY_WINDOW_S
                         ) -> tuple[int, float, bool, dict[str, Any]]:
    """``window_s`` seconds of fast autoplay of a game that does not end (typed into the game-number
    box, as a teacher would), traced by Chrome (written to ``artifacts``): the rounds played, the
    seconds, whether the game ended, and ``traced``'s figures. The table is left on a new game of
    its own rules, at normal speed, autoplay off (also when the window fails)."""
    own_code = table.control("code").input_value()
    table.control("code").fill(never_ending_code(400))
    table.act("replay")
    table.control("speed").select_option("fast")
    table.control("autoplay").click()
    wait_until(lambda: int(table.data("round")) >= 1, 30, f"{table.name}: fast autoplay to start")
    # the snapshot this driver takes at each beat (pixels read back from the canvas, in the
    # table's own task) is the test's work, not the table's: off while the trace runs
    table.root.evaluate("r => { r.__quiet = true; }")
    try:
        with traced(table.page, artifacts / f"{table.name}-fast.trace.json") as tasks:
            start, t0 = int(table.data("round")), time.monotonic()
            time.sleep(window_s)
            rounds, elapsed = int(table.data("round")) - start, time.monotonic() - t0
            over = table.data("over") == "1"
    finally:
        table.root.evaluate("r => { r.__quiet = false; }")
        # autoplay off and the table back on its own game before any assertion: a failure here
        # does not leave the table playing under the next test
        table.control("autoplay").click()
        wait_until(lambda: table.control("autoplay").get_attribute("aria-pressed") == "false", 20, "autoplay off")
        table.control("speed").select_option("normal")
        wait_until(lambda: table.data("idle") == "1", 30, f"{table.name}: the table at rest")
        table.control("code").fill(own_code)
        table.act("replay")
        table.act("new_game")
    return rounds, elapsed, over, tasks


def fast_autoplay_pace(table: Table, artifacts: Path, window_s: float = AUTOPLAY_WINDOW_S) -> float:
    """Rounds a second that autoplay plays at "fast" (the browser's clock, Python's replies) over
    ``fast_autoplay_window``; meanwhile, in Chrome's trace, the table's tasks short
    (``assert_no_long_task``) and no whole redraw of the chart (issue 30 item 2, as
    tests/browser/test_long_game_browser.py asserts in Lab)."""
    rounds, elapsed, over, tasks = fast_autoplay_window(table, artifacts, window_s)
    print(f"\n{table.name}: {rounds} rounds in {elapsed:.1f} s of fast autoplay; its tasks:", json.dumps(tasks))
    assert not over, f"{table.name}: the game ended inside the window"
    assert rounds >= 10, f"{table.name}: fast autoplay played {rounds} rounds in {elapsed:.0f} s"
    assert tasks["seconds"] >= 0.9 * window_s, tasks
    assert_no_long_task(tasks, table.name, tasks["seconds"])
    # the lines move while autoplay plays; the chart is never drawn whole (not as the round axis
    # grows, 40 -> 100 -> 200, nor as the dots give way to the line at round 80)
    assert tasks["chart_whole"] == 0, (table.name, "the chart was drawn whole during autoplay", tasks)
    return rounds / elapsed
