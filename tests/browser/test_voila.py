"""The classroom page: ``voila notebooks/01_play.ipynb`` in headless Chromium shows the game
drawn, no code, and a click on Flip flips a card."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from war_widget.views.war import layout

pytestmark = pytest.mark.browser

SEATS = layout.seats(2)
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# The table's pixels (layout points) and the narration read in one go, so both are one moment.
SNAPSHOT = """(root, pts) => {
    const c = root.querySelector('canvas.war-table'), ctx = c.getContext('2d'), k = c.width / 1600;
    const log = root.querySelector('[role=log]');
    return [pts.map(([x, y]) => Array.from(ctx.getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data)),
            log ? log.innerText : ''];
}"""


def wait_until(fn, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while True:
        value = fn()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out after {timeout:.0f} s waiting for {what}"
        time.sleep(0.2)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    r, g, b = (int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))
    return r, g, b


def distance(pixel, colour) -> int:
    return max(abs(a - b) for a, b in zip(pixel[:3], colour, strict=False))


def test_voila_shows_a_drawn_table_and_no_code(voila_page):
    w = voila_page.widget(0)
    felt = rgb(layout.FELT)
    grid = [(x, y) for x in range(50, layout.WIDTH, 150) for y in range(50, layout.HEIGHT, 150)]
    piles = [(int(s.pile[0] + s.card[0] / 2), int(s.pile[1] + s.card[1] / 2)) for s in SEATS]
    pixels = w.pixels(grid + piles)
    assert all(p[3] == 255 for p in pixels), "the table has transparent (undrawn) spots: a blank canvas"
    assert sum(distance(p, felt) <= 12 for p in pixels[:len(grid)]) > len(grid) // 2, "the felt is not drawn"
    for point, pixel in zip(piles, pixels[len(grid):], strict=True):
        assert distance(pixel, felt) > 60, f"no pile drawn at {point}: {pixel}"

    page = voila_page.page
    code_cells = page.locator(".jp-CodeCell")
    assert code_cells.count() >= 2, "the notebook's code cells (their outputs) should be on the page"
    code_parts = page.locator(".jp-CodeCell .jp-Cell-inputWrapper, .jp-CodeCell .jp-InputArea, "
                              ".jp-InputArea-editor, .cm-editor, .CodeMirror, .jp-InputPrompt")
    visible = [i for i in range(code_parts.count()) if code_parts.nth(i).is_visible()]
    assert not visible, f"{len(visible)} code input areas are visible on the classroom page"
    text = page.locator("body").inner_text()
    for source in ("from war_widget import", "WarWidget(", "NBVAL_CHECK_OUTPUT", "print("):
        assert source not in text, f"code is visible on the classroom page: {source!r}"
    assert "Play War" in text, "the notebook's text (title) should be on the page"
    assert "run the cell" not in text, "the classroom page tells visitors to run a cell they cannot see"


def test_voila_flip_flips_a_card(voila_page):
    w = voila_page.widget(0)
    start = w.rounds()
    w.click("Flip")
    # Both face-up cards are drawn in the middle (white card faces), then they fly to the winner;
    # the text tells the round once the table has shown it (issue 9), so watch the table first.
    spots = [(int(s.battle[0] + s.card[0] / 2), int(s.battle[1] + s.card[1] * 0.15)) for s in SEATS]
    flipped = {"seen": False}

    told_while_face_up = []

    def faces_seen() -> bool:
        faces, text = w.root.evaluate(SNAPSHOT, spots)   # picture and text at the same instant
        if all(distance(p, (255, 255, 255)) <= 30 for p in faces):
            told_while_face_up.append(text)
        if not flipped["seen"] and told_while_face_up:
            flipped["seen"] = True
            voila_page.screenshot("voila-table-cards-face-up", w.root.locator("canvas").first)
        return flipped["seen"]

    deadline = time.monotonic() + 20
    while not faces_seen():
        assert time.monotonic() < deadline, "the two face-up cards never appeared on the Voila page's table"
        time.sleep(0.03)
    until = time.monotonic() + 5     # read the text for as long as the cards lie face up
    while time.monotonic() < until:
        faces, text = w.root.evaluate(SNAPSHOT, spots)
        if not all(distance(p, (255, 255, 255)) <= 30 for p in faces):
            break
        told_while_face_up.append(text)
        time.sleep(0.03)
    deadline = time.monotonic() + 30
    while (w.rounds() or 0) < start + 1:
        assert time.monotonic() < deadline, "a click on Flip did not play a round on the Voila page"
        time.sleep(0.1)
    assert w.rounds() == start + 1
    narration = w.narration()
    assert re.search(rf"^Round {start + 1}: You turn up .+; Computer turns up .+\.$", narration, re.M), narration
    taken = re.search(r"^(You take|Computer takes) \d+ cards?.*$", narration, re.M)
    assert taken, narration
    early = [text for text in told_while_face_up if taken.group(0) in text]
    assert not early, f"the text said {taken.group(0)!r} while the cards lay face up on the table"
    # Then the cards fly to the winner's won pile, empty at the deal (a card back lands on it).
    winner = 0 if re.search(r"^You take \d+ cards?", narration, re.M) else 1
    won = [(int(s.won[0] + s.card[0] / 2), int(s.won[1] + s.card[1] * 0.2)) for s in SEATS]
    deadline = time.monotonic() + 20
    while distance(w.pixels([won[winner]])[0], rgb(layout.BACK)) > 12:
        assert time.monotonic() < deadline, f"the won cards never landed on seat {winner}'s won pile"
        time.sleep(0.1)
    assert distance(w.pixels([won[1 - winner]])[0], rgb(layout.FELT)) <= 12, "the loser's won pile stays empty"
    canvas = w.root.locator("canvas").first
    canvas.scroll_into_view_if_needed()
    path = voila_page.screenshot("voila-page-after-flip")
    assert path.stat().st_size > 10_000


# --- the classroom page (issue 9) --------------------------------------------------------------

FOCUSED = """() => { const e = document.activeElement;
    if (!e || e === document.body) return 'body';
    return e.tagName.toLowerCase() + ':' + (e.innerText || e.getAttribute('aria-label') || '').trim(); }"""


def test_a_keyboard_alone_reaches_flip_autoplay_and_new_game(voila_page):
    page = voila_page.page
    page.evaluate("() => window.scrollTo(0, 0)")
    page.locator("h1").first.click()   # start where a visitor starts: the top of the page
    seen = []
    for _ in range(14):
        page.keyboard.press("Tab")
        seen.append(page.evaluate(FOCUSED))
    names = [s.split(":", 1)[1] for s in seen if s.startswith("button:")]
    for wanted in ("Flip", "Autoplay", "New game"):
        assert any(n == wanted for n in names), f"Tab never reached {wanted!r}; focus went: {seen}"
    # and from the table itself, Tab moves on (the canvas used to swallow it)
    table = voila_page.widget(0).root.locator("canvas.war-table")
    table.focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.tagName") != "CANVAS", "Tab does not leave the table"


def test_buttons_are_named_by_their_words_and_autoplay_has_a_tooltip(voila_page):
    page = voila_page.page
    w = voila_page.widget(0)
    assert w.button("Autoplay").get_attribute("title") not in (None, "", "null"), "Autoplay's tooltip reads 'null'"
    # the round is shown once, by the table's progress bar; the label stays for screen readers only
    label = w.root.locator(".widget-label", has_text=re.compile(r"^\d+ / 40 rounds$")).first
    box = label.bounding_box()
    assert box is None or box["width"] <= 1, f"the round is shown twice (a label above the table): {box}"
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    names = [n.get("name", {}).get("value", "") for n in nodes if n.get("role", {}).get("value") in
             ("button", "toggleButton")]
    for wanted in ("Flip", "Step", "Autoplay", "Fast-forward", "New game"):
        assert wanted in names, f"no button named exactly {wanted!r} (a glyph first?): {names}"


def test_the_table_fills_a_projector_and_goes_full_screen(voila_page):
    page = voila_page.page
    page.set_viewport_size({"width": 1920, "height": 1080})
    w = voila_page.widget(0)
    table = w.root.locator("canvas.war-table")
    box = wait_until(lambda: (b := table.bounding_box()) and b["width"] >= 1920 * 0.7 and b, 20,
                           "the table to fill most of a 1920 px wide page")
    assert abs(box["height"] / box["width"] - 0.625) < 0.01, f"the table lost its proportions: {box}"
    pixels = table.evaluate("c => c.width")
    assert pixels >= box["width"] * 0.97, f"{pixels} canvas pixels for {box['width']} CSS px: blurred"
    narration = w.root.locator("[role=log]").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert narration >= 15 * 1.6, f"the narration stays {narration} px on a projector"
    flip = w.button("Flip").bounding_box()
    assert flip["height"] >= 48 * 1.6 * 0.9, f"the Flip button stays small: {flip}"
    flip_text = w.button("Flip").evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
    assert flip_text >= 20 * 1.6, f"the Flip label stays {flip_text} px on a projector"
    voila_page.screenshot("voila-1920x1080")
    w.click("Full screen")
    wait_until(lambda: page.evaluate("() => !!document.querySelector('.war-widget.war-presenting')"), 10,
                     "presentation mode")
    full = wait_until(lambda: (b := table.bounding_box()) and b["height"] >= 1080 * 0.6 and b, 10,
                            "the table to fill the screen")
    assert full["y"] >= 0 and full["y"] + full["height"] <= 1080, f"the table is cut off in full screen: {full}"
    flip = w.button("Flip").bounding_box()
    assert flip["width"] >= full["width"] * 0.9, f"Flip is not as wide as the table in full screen: {flip}"
    voila_page.screenshot("voila-1920x1080-full-screen")
    w.click("Exit full screen")
    wait_until(lambda: page.evaluate("() => !document.querySelector('.war-presenting')"), 10, "leaving it")
    page.set_viewport_size({"width": 1280, "height": 1000})


# Console lines that are not the widget's: the offline machine cannot reach the icon font's CDN.
NOT_OURS = ("ERR_NAME_NOT_RESOLVED",)


def console_errors(page, since: int = 0) -> list[str]:
    return [line for line in page._war_console[since:] if line.startswith(("[error]", "[pageerror]"))
            and not any(s in line for s in NOT_OURS)]


def expected_chart(code: str, rounds: int) -> dict:
    """What the chart must show after ``rounds`` rounds of game ``code``: the engine replays it."""
    from war_widget import Game

    game = Game.from_code(code)
    ys = [[26], [26]]
    for _ in range(rounds):
        game.play_round()
    for _, _, counts in game.history:
        for p in (0, 1):
            ys[p].append(counts[p])
    wars = [i + 1 for i, h in enumerate(game.history) if h[1]]
    return {"x": list(range(rounds + 1)), "You": ys[0], "Computer": ys[1], "wars": wars,
            "war_y": [ys[0][r] for r in wars]}


def chart_shows(view, n: int) -> dict | None:
    """The chart's lines when both hold the deal and ``n`` rounds (None until then)."""
    data = view.svg_chart()
    if not data:
        return None
    named = {t["name"]: t for t in data if t["mode"] == "lines"}
    if not all(len(named.get(name, {}).get("x", [])) == n + 1 for name in ("You", "Computer")):
        return None
    named["wars"] = next(t for t in data if t["mode"] == "markers")
    return named


def check_chart(view, n: int, what: str) -> None:
    """The chart shows game ``view.game_code()`` after ``n`` rounds: one point per round (0 = the
    deal) on each line, every point drawn, a war marker on every war round and only there."""
    named = wait_until(lambda: chart_shows(view, n), 30, f"the chart to show {n} rounds {what}")
    want = expected_chart(view.game_code(), n)
    for name in ("You", "Computer"):
        assert named[name]["x"] == want["x"] and named[name]["y"] == want[name], (what, name, named[name], want)
        assert named[name]["drawn"] == n + 1, f"{what}: {named[name]['drawn']} points drawn of {n + 1}"
    assert named["wars"]["x"] == want["wars"] and named["wars"]["y"] == want["war_y"], (what, named["wars"], want)
    assert named["wars"]["drawn"] == len(want["wars"])
    assert named["wars"]["colour"] not in (named["You"]["colour"], named["Computer"]["colour"])


def test_the_chart_follows_the_first_game_new_games_and_replays(voila_page):
    """Issue 9, item 1 on a served page: the chart shows the current game's points and war
    markers at the first flips, after New game following Fast-forward, and after Replay; the
    browser console stays clean (Plotly's anywidget missed its start-up here and froze)."""
    w = voila_page.widget(0)
    page = voila_page.page
    mark = len(page._war_console)
    start = w.rounds() or 0
    w.click("Flip")
    w.click("Flip")
    n = w.wait_rounds(start + 2)
    check_chart(w, n, "in the first game")
    from war_widget import Game

    end = Game.from_code(w.game_code())
    end.play_to_end()
    w.click("Fast-forward")
    check_chart(w, end.round_number, "after Fast-forward")
    w.click("New game")
    wait_until(lambda: w.rounds() == 0, 30, "a new game at round 0")
    for _ in range(3):
        w.click("Flip")
    w.wait_rounds(3)
    check_chart(w, 3, "after New game following Fast-forward")
    w.click("Replay")
    wait_until(lambda: w.rounds() == 0 and chart_shows(w, 0), 30, "the replay to start")
    w.click("Flip")
    w.click("Flip")
    w.wait_rounds(2)
    check_chart(w, 2, "after Replay")
    chart = w.root.locator("svg.war-chart")
    chart.scroll_into_view_if_needed()
    voila_page.screenshot("voila-chart-after-replay", chart)
    errors = console_errors(page, mark)
    assert not errors, "browser console errors during the games:\n" + "\n".join(errors[:5])


def test_a_second_visitor_gets_their_own_game_on_a_phone(voila_page, voila_visitor):
    """The first visitor has a game in progress; a second visitor (a phone, 390x844 at 3 device
    pixels per CSS px) is not offered it, and sees the whole table and every button."""
    first = voila_page.widget(0)
    first.click("Flip")
    first.wait_rounds(first.rounds() + 1 if first.rounds() is not None else 1)
    time.sleep(1.0)   # the game in progress is saved after the round
    phone = voila_visitor("voila-phone", viewport={"width": 390, "height": 844}, device_scale_factor=3,
                          is_mobile=True, has_touch=True)
    page = phone.page
    try:
        w = phone.widget(0)
        time.sleep(1.0)
        text = page.locator("body").inner_text()
        assert "A game in progress was found" not in text, "the second visitor was offered another child's game"
        assert not w.button("Resume").is_visible()
        table = w.root.locator("canvas.war-table")
        box = wait_until(lambda: (b := table.bounding_box()) and b["width"] <= 390 and b, 20,
                               "the table to fit the phone's width")
        assert box["x"] >= 0 and box["x"] + box["width"] <= 390
        pixels = table.evaluate("c => c.width")
        assert pixels >= box["width"] * 3 * 0.97, f"{pixels} canvas pixels for {box['width']} CSS px at 3x"
        for name in ("Flip", "Step", "Autoplay", "Fast-forward", "New game"):
            b = w.button(name).bounding_box()
            assert b and b["x"] >= 0 and b["x"] + b["width"] <= 390, f"{name} is cut off on a phone: {b}"
        chart = w.root.locator("svg.war-chart").first.bounding_box()
        assert chart["x"] >= 0 and chart["x"] + chart["width"] <= 390, f"the chart is cut off on a phone: {chart}"
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / "voila-390x844.png"), full_page=True)
        w.click("Flip")
        w.wait_rounds(1)
        # many games in a row: the new game's table, round, notice and chart
        w.click("Fast-forward")
        w.click("Flip")
        wait_until(lambda: "game is over" in " ".join(w.root.locator("[role=alert]").all_inner_texts()), 20,
                   "the game-over notice")
        w.click("New game")
        wait_until(lambda: w.rounds() == 0, 30, "the phone's new game")
        w.click("Flip")
        w.wait_rounds(1)
        notice = " ".join(w.root.locator("[role=alert]").all_inner_texts())
        assert "game is over" not in notice, f"the last game's notice stays in the new game: {notice}"
        check_chart(w, 1, "on the phone's new game")
        errors = console_errors(page)
        assert not errors, "browser console errors on the phone:\n" + "\n".join(errors[:5])
    finally:
        (ARTIFACTS / "voila-phone-console.txt").write_text("\n".join(page._war_console))
        page.context.close()
