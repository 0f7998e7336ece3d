"""The play notebook in Notebook 7 (``jupyter notebook``), in headless Chromium: the classroom
problems of issue 9 that a notebook shows (the table's size, Tab, many games in a row)."""
from __future__ import annotations

import time

import pytest

pytestmark = pytest.mark.browser


def wait_for(fn, timeout: float, what: str):
    deadline = time.monotonic() + timeout
    while True:
        value = fn()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out after {timeout:.0f} s waiting for {what}"
        time.sleep(0.2)


def test_notebook7_table_scales_lets_tab_go_and_follows_new_games(notebook7_page):
    page = notebook7_page.page
    w = notebook7_page.widget(0)
    table = w.root.locator("canvas").first
    problems = []
    deadline = time.monotonic() + 20
    while (box := table.bounding_box())["width"] <= 800 and time.monotonic() < deadline:
        time.sleep(0.2)
    if box["width"] <= 800 or abs(box["height"] / box["width"] - 0.625) > 0.01:
        problems.append(f"the table does not use the notebook's width at 16:10 on a 1280 px page: {box}")
    table.click(position={"x": box["width"] / 2, "y": box["height"] / 2})   # empty felt: focus, no flip
    page.keyboard.press("Tab")
    if page.evaluate("() => document.activeElement.tagName") == "CANVAS":
        problems.append("Tab does not leave the table")

    mark = len(page._war_console)
    w.click("Fast-forward")
    w.click("New game")
    wait_for(lambda: w.rounds() == 0, 30, "the new game")
    for _ in range(3):
        w.click("Flip")
    w.wait_rounds(3)

    def points():
        data = w.plot() or []
        return next((len(t["x"]) for t in data if t["name"] == "You"), None)

    deadline = time.monotonic() + 30
    while points() != 4 and time.monotonic() < deadline:
        time.sleep(0.2)
    if points() != 4:
        problems.append(f"the chart shows {points()} points after 3 rounds of the new game (4 expected)")
    notice = " ".join(w.root.locator("[role=alert]").all_inner_texts())
    if "game is over" in notice:
        problems.append("the last game's notice stays: " + notice)
    problems += [line for line in page._war_console[mark:] if line.startswith(("[error]", "[pageerror]"))
                 or "Error setting state" in line]
    assert not problems, "\n".join(problems[:8])
    notebook7_page.screenshot("notebook7-after-new-game")
