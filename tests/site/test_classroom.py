"""The classroom page of the offline site: WarWidget in Pyodide, played as a child plays it.

The page is the table alone (site/bridge: Pyodide, war_widget and traitlets, table.js on the
page's own model), no JupyterLite.
One cold open (a fresh browser context: empty cache and storage), timed from opening the page to
the first table, then a reload (warm; benchmarks/bench_site.py measures both, medians); every
position the page shows is checked against the same game played here in CPython by the same
table logic (views/component/play.py), and the record under the table, kept in the browser's
/drive, is read back after the reload.
"""
from __future__ import annotations

import time
from typing import Any

import pytest
from lite_page import ARTIFACTS, BOOT_TIMEOUT_MS, record_artifact
from table_driver import Table, layout_at_sizes

from war_widget import Game
from war_widget.session.keeping import result_of
from war_widget.session.store import RecordsStore
from war_widget.text.i18n import label, record_line
from war_widget.views.component.play import TablePlay

pytestmark = pytest.mark.browser

TABLE = "[data-war-table] canvas"


def first_war_code(limit: int = 400) -> str:
    """A classic game number whose first round is a war (found by the engine, not hard-coded)."""
    for seed in range(1, limit):
        game = Game("classic", seed=seed)
        record = game.play_round()
        if record is not None and record.wars > 0:
            return game.code
    raise AssertionError("no classic game in the first seeds opens with a war")


def text(page: Any, role: str) -> str:
    return str(page.locator(f"[data-role={role}]").first.inner_text()).strip()


def wait_text(page: Any, role: str, expected: str, timeout_ms: int = 30_000) -> None:
    """Wait until the page's ``role`` line reads ``expected`` (fails with what it read instead)."""
    try:
        page.wait_for_function(
            "([role, want]) => { const el = document.querySelector(`[data-role=${role}]`);"
            " return el && el.innerText.trim() === want; }", arg=[role, expected], timeout=timeout_ms)
    except Exception as exc:  # playwright's TimeoutError: say what the page showed
        raise AssertionError(f"{role}: expected {expected!r}, the page shows {text(page, role)!r}") from exc


def wait_counts(page: Any, counts: tuple[int, ...] | list[int], timeout_ms: int = 30_000) -> None:
    """Wait until the counts line ("You 25 · Computer 27") shows ``counts``, seat by seat."""
    want = " ".join(str(n) for n in counts)
    try:
        page.wait_for_function(
            "(want) => { const el = document.querySelector('[data-role=counts]');"
            " return el && (el.innerText.match(/\\d+/g) || []).join(' ') === want; }", arg=want, timeout=timeout_ms)
    except Exception as exc:
        raise AssertionError(f"counts: expected {want!r}, the page shows {text(page, 'counts')!r}") from exc


def chart_series(page: Any, points: int, timeout_ms: int = 30_000) -> list[list[int]]:
    """The y values of each player's line in the table's Plotly chart, once it has ``points``."""
    page.wait_for_function(
        "(n) => { const gd = document.querySelector('[data-role=chart]');"
        " return gd && gd.data && gd.data.length >= 2 && gd.data[0].x.length === n; }", arg=points, timeout=timeout_ms)
    return list(page.evaluate("() => document.querySelector('[data-role=chart]').data.slice(0, 2)"
                              ".map((t) => Array.from(t.y))"))


def canvas_picture(page: Any) -> str:
    return str(page.eval_on_selector(TABLE, "(c) => c.toDataURL()"))


def open_table(page: Any, url: str) -> float:
    """Open ``url`` and return the seconds until the first table is drawn."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(TABLE, state="visible", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('[data-role=counts]')?.innerText.trim().length > 0")
    return time.perf_counter() - started


def table_in_view(page: Any) -> None:
    """The page opens on the table: its top in sight, and the table and Flip on the screen (the
    REPL app scrolls its console to the bottom when code has run; the classroom page must not)."""
    height = page.viewport_size["height"]
    canvas = page.locator(TABLE).bounding_box()
    flip = page.locator("[data-action=flip]").bounding_box()
    assert canvas and flip, "no table or no Flip on the page"
    assert 0 <= canvas["y"] <= 0.15 * height, f"the table's top is at {canvas['y']} px of {height}"
    assert flip["y"] + flip["height"] <= height, f"Flip ends at {flip['y'] + flip['height']} px of {height}"


def record_text(results: list[Game]) -> str:
    """The record line the page shows after these finished games (counted here by the store)."""
    store = RecordsStore(None)
    for game in results:
        result = result_of(game)
        assert result is not None
        store.add_result(result)
    return f"{label('res_record', 'en')}: {record_line(store.record, 'en')}"


def wait_record(page: Any, expected: str, timeout_ms: int = 30_000) -> None:
    """Wait until the results under the table show the record line ``expected``."""
    try:
        page.wait_for_function(
            "(want) => { const el = document.querySelector('[data-role=results]');"
            " return el && [...el.querySelectorAll('p')].some((p) => p.innerText.trim() === want); }",
            arg=expected, timeout=timeout_ms)
    except Exception as exc:
        raise AssertionError(f"record: expected {expected!r}, the page shows {text(page, 'results')!r}") from exc


def replay(page: Any, code: str) -> None:
    box = page.locator("[data-action=code]")
    box.fill(code)
    page.locator("[data-action=replay]").click()


def test_a_child_plays_war_offline(offline: Any, site_server: str) -> None:
    state = offline()
    page = state.new_page()
    cold = open_table(page, site_server + "classroom.html")  # the page a teacher hands out
    assert page.url == site_server + "classroom.html"
    assert page.locator("[class*=jp-]").count() == 0             # the table alone: no code, no JupyterLab
    assert page.evaluate("document.documentElement.lang") == "en"
    table_in_view(page)
    page.locator("[data-action=speed]").select_option("fast")
    wait_record(page, record_text([]))          # a new browser: no games yet

    # five flips: each one moves the cards and the counts as the engine does in CPython
    code = page.locator("[data-action=code]").input_value()
    here = TablePlay("classic", code=code)
    before = canvas_picture(page)
    for n in range(1, 6):
        expected = here.flip()[-1]
        page.locator("[data-action=flip]").click()
        wait_text(page, "round", expected["round_text"])
        wait_counts(page, here.game.counts)
        assert text(page, "sentence") == expected["say"]
        if n == 1:
            assert canvas_picture(page) != before, "the first flip did not change the table's picture"
    # the live chart: six points per player (the deal and five rounds), at the engine's counts
    game = Game.from_code(code)
    history = [list(game.counts)]
    for _ in range(5):
        record = game.play_round()
        assert record is not None
        history.append(list(record.counts))
    chart = chart_series(page, points=6)
    assert chart == [[row[seat] for row in history] for seat in range(2)], (chart, history)
    page.screenshot(path=str(ARTIFACTS / "classroom_after_five_flips.png"))

    # a war, beat by beat: each Step shows the next beat's sentence of the engine's game
    war_code = first_war_code()
    replay(page, war_code)
    here = TablePlay("classic", code=war_code)
    wait_text(page, "sentence", here.new_game(code=war_code)[-1]["say"])
    sentences = []
    while True:
        beats = here.step()
        page.locator("[data-action=step]").click()
        wait_text(page, "sentence", beats[-1]["say"])
        sentences.append(beats[-1]["say"])
        if here.game.round_number >= 1 and not here.game.in_round:
            break
    assert len(sentences) >= 6, sentences  # flip, flip, war, down, up, ... collect: more than a plain round
    assert any("war" in s.lower() for s in sentences), sentences
    wait_counts(page, here.game.counts)
    page.screenshot(path=str(ARTIFACTS / "classroom_war.png"))

    # a game number replays the same game: to the end, as the engine ends it in CPython
    finished = Game.from_code("classic-2026")
    finished.play_to_end()
    replay(page, "classic-2026")
    page.locator("[data-action=fast_forward]").click()
    here = TablePlay("classic", code="classic-2026")
    here.fast_forward()
    wait_counts(page, here.game.counts, timeout_ms=60_000)
    assert tuple(here.game.counts) == finished.counts

    # the finished game is in the child's record, kept in this browser, and so is the game the
    # child leaves half-played: both survive a reload (Resume continues it where it was), and the
    # next finished game is counted on top of the record
    wait_record(page, record_text([finished]))
    page.screenshot(path=str(ARTIFACTS / "classroom.png"))
    replay(page, war_code)
    left = TablePlay("classic", code=war_code)
    wait_text(page, "sentence", left.new_game(code=war_code)[-1]["say"])
    for _ in range(3):
        expected = left.flip()[-1]
        page.locator("[data-action=flip]").click()
        wait_text(page, "round", expected["round_text"])
    wait_counts(page, left.game.counts)
    page.set_viewport_size({"width": 390, "height": 844})   # the child's phone
    warm = open_table(page, page.url)        # the same address again: a reload, on a warm cache
    table_in_view(page)
    wait_record(page, record_text([finished]), timeout_ms=60_000)
    page.locator("[data-action=resume]").wait_for(state="visible")
    assert war_code in text(page, "notice"), text(page, "notice")
    page.locator("[data-action=resume]").click()
    wait_text(page, "round", expected["round_text"])
    wait_counts(page, left.game.counts)
    page.locator("[data-action=speed]").select_option("fast")
    replay(page, "classic-2026")
    page.locator("[data-action=fast_forward]").click()
    wait_counts(page, here.game.counts, timeout_ms=60_000)
    wait_record(page, record_text([finished, finished]))
    page.locator("[data-role=results]").screenshot(path=str(ARTIFACTS / "classroom_record_after_reload.png"))

    # the whole game on one screen on a projector; a portrait table with touch-sized controls on a phone
    layout_at_sizes(page, Table(page, page.locator("[data-war-table]"), "classroom"), ARTIFACTS / "classroom",
                    [(1920, 1080), (390, 844)])
    record_artifact("site", {"classroom_seconds_to_first_table_cold": round(cold, 1),
                             "classroom_seconds_to_first_table_warm": round(warm, 1)})
