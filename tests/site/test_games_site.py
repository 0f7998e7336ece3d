"""The offline classroom site plays everything the table offers and the other two games.

Each test opens one classroom page (the REPL app in the classroom look, as the pages at the
site's root do, tools/build_site.py) in a fresh offline browser context, with tables made by
the code a teacher's page runs, and plays them by clicking.  Every sentence the page shows is
checked against the same game played here in CPython by the same Python classes.
"""
from __future__ import annotations

import html
import re
from typing import Any

import pytest
from lite_page import ARTIFACTS, BOOT_TIMEOUT_MS, build_site
from table_driver import JS_RECORD, Table, check_beats, play_games, right_answer, tab_reaches_every_control, wait_until

from war_widget import CasinoWarWidget, Game, StealWarWidget
from war_widget.views.component.play import TablePlay

pytestmark = pytest.mark.browser


def first_code(preset: str, wanted: Any, limit: int = 400) -> str:
    """The first game number of ``preset`` whose first rounds satisfy ``wanted(records)`` (found
    by the engine here, not hard-coded)."""
    for seed in range(1, limit):
        game = Game(preset, seed=seed)
        records = [game.play_round() for _ in range(3)]
        if wanted(records):
            return game.code or ""
    raise AssertionError(f"no {preset} game in the first {limit} seeds")


# "Which is bigger?" asks about numbers where the battle plays them: the number lesson
CALM = first_code("number_lesson", lambda rs: all(r is not None and r.wars == 0 for r in rs[:2]))
KIDS_WAR = first_code("kids", lambda rs: rs[0] is not None and rs[0].wars > 0)
TABLES = ("from war_widget import WarWidget\nfrom IPython.display import display\n"
          "display(WarWidget(records=False))\n"
          "display(WarWidget(mode='two_player', records=False))\n"
          f"display(WarWidget(guess='number', speed='fast', code={CALM!r}, records=False))\n"
          f"WarWidget(rules='kids', lang='ja', speed='fast', code={KIDS_WAR!r}, records=False)")
CASINO_SEED, STEAL_SEED = 7, 11
GAMES = ("from war_widget import CasinoWarWidget, StealWarWidget\nfrom IPython.display import display\n"
         f"display(CasinoWarWidget(seed={CASINO_SEED}, bankroll=100))\n"
         f"StealWarWidget(seed={STEAL_SEED}, lang='ja')")


def open_classroom(offline: Any, site_server: str, code: str, selector: str, count: int) -> Any:
    """A fresh offline browser on the classroom page running ``code``, once ``count`` tables show."""
    page = offline().new_page()
    page.goto(site_server + build_site.classroom_url(code))
    roots = page.locator(selector)
    page.wait_for_function("([s, n]) => document.querySelectorAll(s).length === n", arg=[selector, count],
                           timeout=BOOT_TIMEOUT_MS)
    assert page.locator(".jp-InputArea").first.is_hidden()           # no code on a classroom page
    return page, roots


def wars_on_chart(table: Table) -> list[int]:
    """The rounds of the war markers on the table's Plotly chart (the stars: the trace after the
    seats' lines and their dots)."""
    return [int(x) for x in table.root.evaluate(
        "r => { const c = r.querySelector('.wt-chart');"
        " const w = c && c.data ? c.data.find((t) => t.marker && t.marker.symbol === 'star') : null;"
        " return w ? Array.from(w.x) : []; }")]


def test_the_table_offline_games_in_a_row_two_players_which_is_bigger_and_japanese(
        offline: Any, site_server: str) -> None:
    page, roots = open_classroom(offline, site_server, TABLES, "[data-war-table]", 4)
    one, two, guess, kids = (Table(page, roots.nth(i), f"site[{i}]") for i in range(4))
    for table in (one, two, guess, kids):
        wait_until(lambda t=table: t.data("round") == "0", 60, f"{table.name}: the table at round 0")

    # games in a row: flips, Back, a jump from the chart, Fast-forward, New game, Replay; then the
    # keyboard: Tab reaches every control (no hidden code editor takes the focus), Space, Backspace
    play_games(one)
    tab_reaches_every_control(one)

    # two players on one device: the first press waits, the second plays the round
    two.root.evaluate(JS_RECORD)
    two.act("press1")
    assert two.data("round") == "0" and "waiting for Player 1" in two.sentence()
    two.act("flip")
    assert two.data("round") == "1"
    check_beats(two.record(), two.name)

    # "Which is bigger?": a right answer, then a wrong one, graded as CPython grades them
    here = TablePlay("number_lesson", code=CALM, guess="number")
    guess.root.evaluate(JS_RECORD)
    for want in ("right", "wrong"):
        asked = here.flip()[-1]["say"]
        guess.act("flip")
        assert guess.sentence() == asked
        right = right_answer(asked)
        symbol = right if want == "right" else next(a for a in "><=" if a != right)
        graded = [b["say"] for b in here.answer(symbol)]
        before = len(guess.record())
        guess.act(f"answer{symbol}")
        assert guess.data("feedback") == want
        assert [b["sentence"] for b in guess.record()[before:]] == graded, graded
        assert graded[0].startswith("Right:" if want == "right" else "Not this time:"), graded
    check_beats(guess.record(), guess.name)

    # the children's Japanese, kids rules: a first round with a tie (もういっしょうぶ) shown beat by
    # beat as CPython tells it, then two plain rounds; the war marker on the chart at round 1
    here = TablePlay("kids", code=KIDS_WAR, lang="ja")
    kids.root.evaluate(JS_RECORD)
    assert kids.control("flip").inner_text() == "めくる"
    for _ in range(3):
        told = [b["say"] for b in here.flip()]
        before = len(kids.record())
        kids.act("flip")
        shown = [b["sentence"] for b in kids.record()[before:]]
        assert shown == told, (shown, told)
    assert any("もういっしょうぶ" in s for s in (b["sentence"] for b in kids.record())), kids.record()
    assert not any(re.search(r"\d まい", b["sentence"]) for b in kids.record())   # 4まい, never 4 まい
    wait_until(lambda: wars_on_chart(kids) == [n for n, (_w, war, _c) in enumerate(here.game.history, 1) if war],
               30, "the war marker on the kids table's chart")
    assert wars_on_chart(kids) == [1]
    check_beats_ja(kids)
    page.screenshot(path=str(ARTIFACTS / "site_tables.png"), full_page=True)


def check_beats_ja(table: Table) -> None:
    """What check_beats checks of an English table, for the Japanese one: at every beat the round
    and the counts it shows are the beat's own."""
    for b in table.record():
        assert f"{b['round']}かいめ" in b["roundText"] or b["round"] == 0, b
        assert [int(n) for n in re.findall(r"\d+", b["countsText"])] == b["counts"], b


def visible_text(markup: str) -> str:
    """The text a browser shows for a line of HTML (tags dropped, entities read)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup))


def test_steal_war_and_casino_war_offline(offline: Any, site_server: str) -> None:
    page, _ = open_classroom(offline, site_server, GAMES, "[data-casino-table], [data-steal-table]", 2)

    # Casino War: six hands of growing bets, war on every tie; each hand's sentence, the bet line
    # and the bankroll chart as CPython's table has them
    casino = page.locator("[data-casino-table]")
    here = CasinoWarWidget(seed=CASINO_SEED, bankroll=100)
    say = casino.locator("[data-role=sentence]")
    wait_until(lambda: say.text_content() == here.status, 60, "Casino War: its first sentence")
    for hand in range(1, 7):
        casino.locator("[data-action=chip10]").click()
        here.click("chip", amount=10)
        casino.locator("[data-action=deal]").click()
        here.click("deal")
        if here.controls["war"]:
            wait_until(lambda: not casino.locator("[data-action=war]").is_disabled(), 30, "War offered on a tie")
            casino.locator("[data-action=war]").click()
            here.click("war")
        wait_until(lambda h=hand: casino.get_attribute("data-hand") == str(h) and say.text_content() == here.status,
                   30, f"Casino War: hand {hand} told as CPython tells it ({here.status!r})")
        assert casino.get_attribute("data-cards") == str(len(here.table["cards"]))
        assert casino.locator("[data-role=bet]").text_content() == visible_text(here.bet_line)
    assert any("war" in line.lower() for line in here.narration), "no tie in these six hands: pick another seed"
    wait_until(lambda: casino.evaluate("r => r.querySelector('[data-role=chart]').data[0].x.length") == 6, 30,
               "six hands on the bankroll chart")

    # Steal War in Japanese: flip, steal when it is offered, choose the top card when you win;
    # every action ends on CPython's sentence and beat
    steal = page.locator("[data-steal-table]")
    here_steal = StealWarWidget(seed=STEAL_SEED, lang="ja")
    said = steal.locator("[data-role=sentence]")
    assert steal.locator("[data-action=flip]").text_content() == "めくる"
    done = []
    for _ in range(10):
        can = here_steal.controls
        if can["steal"]:
            steal.locator("[data-action=steal]").click()
            here_steal.click("steal", victim=1)
            done.append("steal")
        elif can["tops"]:
            top = can["tops"][0]["code"]
            steal.locator(f"[data-action=top{top}]").click()
            here_steal.click("choose", card=top)
            done.append("top")
        else:
            wait_until(lambda: not steal.locator("[data-action=flip]").is_disabled(), 30, "Flip offered")
            steal.locator("[data-action=flip]").click()
            here_steal.click("flip")
            done.append("flip")
        beat = str(here_steal.beats[-1]["id"])
        wait_until(lambda b=beat: steal.get_attribute("data-beat") == b and said.text_content() == here_steal.status,
                   60, f"Steal War: after {done[-1]}, CPython's sentence {here_steal.status!r}")
    assert {"steal", "top", "flip"} <= set(done), done
    assert not re.search(r"\d 枚", here_steal.status)
    page.screenshot(path=str(ARTIFACTS / "site_steal_casino.png"), full_page=True)
