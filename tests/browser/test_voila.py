"""The classroom page: ``voila notebooks/01_play.ipynb`` in headless Chromium shows the game
drawn, no code, and a click on Flip flips a card."""
from __future__ import annotations

import re
import time

import pytest

from war_widget.widget import layout

pytestmark = pytest.mark.browser

SEATS = layout.seats(2)


def rgb(hex_colour: str) -> tuple[int, int, int]:
    return tuple(int(hex_colour[i:i + 2], 16) for i in (1, 3, 5))


def distance(pixel, colour) -> int:
    return max(abs(a - b) for a, b in zip(pixel[:3], colour))


def test_voila_shows_a_drawn_table_and_no_code(voila_page):
    w = voila_page.widget(0)
    felt = rgb(layout.FELT)
    grid = [(x, y) for x in range(50, layout.WIDTH, 150) for y in range(50, layout.HEIGHT, 150)]
    piles = [(int(s.pile[0] + s.card[0] / 2), int(s.pile[1] + s.card[1] / 2)) for s in SEATS]
    pixels = w.pixels(grid + piles)
    assert all(p[3] == 255 for p in pixels), "the table has transparent (undrawn) spots: a blank canvas"
    assert sum(distance(p, felt) <= 12 for p in pixels[:len(grid)]) > len(grid) // 2, "the felt is not drawn"
    for point, pixel in zip(piles, pixels[len(grid):]):
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


def test_voila_flip_flips_a_card(voila_page):
    w = voila_page.widget(0)
    start = w.rounds()
    w.click("Flip")
    deadline = time.monotonic() + 30
    while (w.rounds() or 0) < start + 1:
        assert time.monotonic() < deadline, "a click on Flip did not play a round on the Voila page"
        time.sleep(0.1)
    assert w.rounds() == start + 1
    narration = w.narration()
    assert re.search(rf"^Round {start + 1}: You turn up .+; Computer turns up .+\.$", narration, re.M), narration
    # Both face-up cards are drawn in the middle once the animation reaches them (white card faces).
    spots = [(int(s.battle[0] + s.card[0] / 2), int(s.battle[1] + s.card[1] * 0.15)) for s in SEATS]
    flipped = {"seen": False}

    def faces_seen() -> bool:
        faces = w.pixels(spots)
        if not flipped["seen"] and all(distance(p, (255, 255, 255)) <= 30 for p in faces):
            flipped["seen"] = True
            voila_page.screenshot("voila-table-cards-face-up", w.root.locator("canvas").first)
        return flipped["seen"]

    deadline = time.monotonic() + 20
    while not faces_seen():
        assert time.monotonic() < deadline, "the two face-up cards never appeared on the Voila page's table"
        time.sleep(0.03)
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
