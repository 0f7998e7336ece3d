"""The table component (war_widget/views/component) without a browser: the beats it sends."""
from __future__ import annotations

import json
import statistics

import pytest

from war_widget.game.engine import Game
from war_widget.game.events import Compared
from war_widget.views.casino import CasinoWarWidget
from war_widget.views.component import TableComponent
from war_widget.views.component.widget import BACKLOG

CODE = "classic-42"


def sent(w: TableComponent, action) -> list[dict]:
    """The beats an action added (ids above the last one before it)."""
    before = max((b["id"] for b in w.beats), default=0)
    action()
    return [b for b in w.beats if b["id"] > before]


def browser_shows_all(w: TableComponent) -> None:
    w.shown = w.beats[-1]["id"]


def test_a_flip_sends_the_beats_of_one_round_and_the_engine_agrees() -> None:
    w = TableComponent(code=CODE)
    engine = Game.from_code(CODE)
    for _ in range(30):
        beats = sent(w, w.flip)
        browser_shows_all(w)
        record = engine.play_round()
        assert record is not None
        assert [b["kind"] for b in beats] == [e.kind for e in record.events]
        assert beats[-1]["counts"] == list(engine.counts)
        assert beats[-1]["round"] == engine.round_number
        assert beats[-1]["round_text"] == f"{engine.round_number} / 40 rounds"


def flip_bytes(w: TableComponent) -> int:
    beats = sent(w, w.flip)
    browser_shows_all(w)
    return len(json.dumps(beats))


def test_bytes_a_flip_stay_small_and_do_not_grow_with_the_game() -> None:
    # a long game: bicycle rules with no round limit, seed 31, plays more than 5,000 rounds
    code = Game(Game("bicycle").rules.replace(round_limit=None), 31).code
    w = TableComponent(code=code)
    early = [flip_bytes(w) for _ in range(5)]
    w.fast_forward()                   # the session plays at most 5,000 rounds at once
    w.goto_round(5000)
    assert w.beats[-1]["round"] == 5000
    browser_shows_all(w)
    late = [flip_bytes(w) for _ in range(5)]
    assert max(early + late) <= 4096, (early, late)
    assert statistics.median(late) <= 1.5 * statistics.median(early), (early, late)


def test_the_backlog_is_bounded_when_no_browser_shows_the_beats() -> None:
    w = TableComponent(code=CODE)
    for _ in range(200):
        w.step()
    assert len(w.beats) <= BACKLOG
    assert len(json.dumps(w.beats)) <= 4096 * 4


def test_back_jump_new_game_and_fast_forward_replace_what_waits() -> None:
    w = TableComponent(code=CODE)
    for _ in range(5):
        w.flip()
    w.back()
    assert len(w.beats) == 1 and w.beats[0]["cut"] and w.beats[0]["round"] == 4
    assert w.beats[0]["say"].startswith("Back to the end of round 4")
    w.goto_round(2)
    assert w.beats[-1]["round"] == 2 and w.beats[-1]["say"].startswith("Jumped to the end of round 2")
    assert w.play.points[-1][0] == 2 and len(w.play.points) == 3
    w.fast_forward()
    assert w.beats[-1]["view"]["over"] and w.beats[-1]["cut"]
    w.new_game(code=CODE)
    assert w.beats[-1]["round"] == 0 and w.beats[-1]["counts"] == [26, 26] and w.setup["code"] == CODE


def test_a_view_that_connects_late_finds_where_the_game_stands() -> None:
    w = TableComponent(code=CODE)
    for _ in range(3):
        w.flip()
        browser_shows_all(w)
    last = w.beats[-1]
    assert last["round"] == 3 and last["view"]["hands"] and last["label"].startswith("War table.")


def test_messages_from_the_buttons_play_the_same_actions() -> None:
    w = TableComponent(code=CODE, mode="two_player")
    w._on_action(w, {"do": "press", "seat": 0}, None)
    assert w.beats[-1]["kind"] == "waiting" and w.beats[-1]["view"]["waiting"] == [0]
    w._on_action(w, {"do": "press", "seat": 1}, None)
    assert w.beats[-1]["round"] == 1
    w._on_action(w, {"do": "replay", "code": "not a code"}, None)
    assert w.beats[-1]["kind"] == "notice" and w.beats[-1]["round"] == 1
    w._on_action(w, {"do": "back"}, None)
    assert w.beats[-1]["round"] == 0


def _truth(code: str, beats: int) -> str:
    """The engine's answer to the question waiting after ``beats`` beats of game ``code``."""
    probe = Game.from_code(code)
    for _ in range(beats):
        probe.step()
    compared = probe.step()
    assert isinstance(compared, Compared)
    return "=" if compared.tied else (">" if compared.winner == compared.cards[0][0] else "<")


def test_which_is_bigger_right_and_wrong_show_a_tick_or_a_cross() -> None:
    w = TableComponent(code=CODE, guess=True)
    engine = Game.from_code(CODE)
    asked = 0
    for n in range(8):
        w.flip()
        while w.beats[-1]["view"]["asking"]:    # each new pair of a war is asked again
            # classic rules: the ace is the strongest card, not plain number order, so the session
            # asks which is stronger (the number mode, guess="number", asks which is bigger)
            assert "Which is stronger:" in w.beats[-1]["say"]
            right = _truth(CODE, w.session.game.beats)
            given = right if asked % 2 == 0 else next(a for a in "><=" if a != right)
            w.answer(given)
            beat = next(b for b in w.beats if b.get("answer"))
            assert beat["view"]["feedback"] == ("right" if asked % 2 == 0 else "wrong")
            assert beat["say"].startswith("Right:") == (asked % 2 == 0)   # else "Not this time: ..."
            assert beat["answer"] == {"given": given, "right": asked % 2 == 0}
            asked += 1
            browser_shows_all(w)
        engine.play_round()
        assert w.beats[-1]["round"] == n + 1 and w.beats[-1]["counts"] == list(engine.counts)
        browser_shows_all(w)
    assert asked > 8 and w.play.score == [(asked + 1) // 2, asked]


def test_bad_arguments_say_what_is_allowed() -> None:
    with pytest.raises(ValueError, match="speed must be one of slow, normal, fast"):
        TableComponent(speed="warp")
    with pytest.raises(ValueError, match="mode must be one of"):
        TableComponent(mode="solo")
    w = TableComponent(guess=True)
    with pytest.raises(ValueError, match="answer must be one of"):
        w.answer("bigger")
    with pytest.raises(ValueError, match="round must be from 0"):
        w.goto_round(-1)


def test_the_chart_series_grow_by_a_small_tail_and_follow_back_and_new_games() -> None:
    w = TableComponent(code=CODE)
    for _ in range(12):
        w.flip()
        browser_shows_all(w)
    tail = w.chart_tail
    assert tail["start"] == 0 and len(tail["counts"]) == 13 and tail["counts"][-1] == w.beats[-1]["counts"]
    game = tail["game"]
    w.back()
    assert w.chart_tail["game"] == game + 1 and len(w.chart_tail["counts"]) == 12
    w.new_game()
    assert w.chart_tail["counts"] == [[26, 26]] and w.chart_tail["wars"] == []


def test_plotly_js_is_no_widget_state_and_comes_once_on_request() -> None:
    """plotly.js is not in any table's synced state (4.9 MB per table and per saved notebook): a
    view asks for it with {do: "plotly_js"} and gets Plotly's own bundle in one custom message."""
    from plotly.offline import get_plotlyjs

    tables = [TableComponent(code=CODE), CasinoWarWidget(seed=1)]
    for w in tables:
        state = w.get_state()
        assert "plotly_js" not in state
        assert len(json.dumps({k: v for k, v in state.items() if isinstance(v, (dict, list, str, int))})) < 200_000
        sent: list[object] = []
        w.send = sent.append                                   # type: ignore[method-assign]
        w._on_action(w, {"do": "plotly_js"}, None)
        assert sent == [{"plotly_js": get_plotlyjs()}]
        w._on_action(w, {"do": "flip" if isinstance(w, TableComponent) else "deal"}, None)
        assert len(sent) == 1, "only the request is answered with plotly.js"


def test_a_japanese_table_speaks_japanese_on_its_buttons_rules_line_and_sentences() -> None:
    from war_widget.text.i18n import describe_rules, label

    w = TableComponent(code=CODE, lang="ja")
    assert w.setup["words"]["flip"] == label("flip", "ja") != label("flip", "en")
    assert w.setup["rules_line"] == describe_rules(w.session.game.rules, "ja") and "戦争" in w.setup["rules_line"]
    w.flip()
    assert all(not b["say"].isascii() for b in w.beats)
    assert w.beats[-1]["round_text"] == label("rounds_of", "ja", n=1, limit=40)


def test_late_in_a_long_game_a_chart_block_resends_only_the_rounds_since_the_head() -> None:
    """At round 5,000 the head (rounds 0-4,095) is not resent; a block boundary resends the mid
    (the rounds since 4,096), well under the whole series."""
    code = Game(Game("bicycle").rules.replace(round_limit=None), 31).code
    w = TableComponent(code=code)
    w.fast_forward()
    w.goto_round(5000)
    browser_shows_all(w)
    sizes: dict[str, list[int]] = {"chart_head": [], "chart_mid": [], "chart_tail": []}

    def count(change: dict) -> None:
        sizes[change["name"]].append(len(json.dumps(change["new"])))

    w.observe(count, names=list(sizes))
    for _ in range(70):                                  # crosses the block boundary at round 5,056
        w.flip()
        browser_shows_all(w)
    assert sizes["chart_head"] == [] and len(sizes["chart_mid"]) == 1 and len(sizes["chart_tail"]) == 70
    assert sizes["chart_mid"][0] < 16_000 and max(sizes["chart_tail"]) < 1_000, sizes["chart_mid"]
    x, ys, _wars = w.chart_series()
    parts = (w.chart_head, w.chart_mid, w.chart_tail)
    assert len(x) == 5071 == sum(len(p["counts"]) for p in parts) and len(w.chart_head["counts"]) == 4096
