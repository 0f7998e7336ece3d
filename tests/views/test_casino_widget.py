"""CasinoWarWidget driven headlessly: methods and button clicks (the browser's messages), as a
player would; the picture it sends agrees with the session's view after every action."""
from __future__ import annotations

from pathlib import Path

import anywidget
import pytest

from war_widget.session.casino import CasinoSession
from war_widget.text.casino import SUIT_SYMBOLS
from war_widget.variants.casino import CasinoWar, Outcome
from war_widget.views.casino import CARD_W, CSS_WIDTH, RANK_PX, TABLE_W, CasinoWarWidget, card_code, casino_table

BURNS = ["2", "3", "4"]


def scripted(cards, **options) -> CasinoWarWidget:
    return CasinoWarWidget(session=CasinoWar.from_shoe(cards, **options))


def enabled(w: CasinoWarWidget) -> dict[str, bool]:
    c = w.controls
    return {"deal": c["deal"], "war": c["war"], "surrender": c["surrender"], "clear": c["clear"],
            **{f"chip{a}": c["chips"][str(a)] for a in w.CHIPS}}


def drawn_texts(w: CasinoWarWidget) -> list[str]:
    return [t["text"] for t in w.table["text"]]


def agrees(w: CasinoWarWidget) -> None:
    """What the widget sent is the session's view now: picture, words, controls, chart."""
    s = w.casino_session
    view = s.view()
    assert {k: v for k, v in w.table.items() if k != "id"} == casino_table(view, s.word)
    can = s.controls()
    assert w.controls["chips"] == {str(a): on for a, on in can.chips}
    assert (w.controls["deal"], w.controls["war"], w.controls["surrender"], w.controls["clear"]) == \
        (can.can_deal, can.can_war, can.can_surrender, can.can_clear)
    assert w.rules == view.rules and w.bet_line == view.bet_line and w.status == s.narration[-1]
    assert w.chart["x"] == [p.hand for p in s.points] and w.chart["y"] == [p.bankroll for p in s.points]
    hand = view.hand
    codes = {c["slot"]: c["code"] for c in w.table["cards"]}
    if hand is None:
        assert codes == {} and len(w.table["slots"]) == 4
    else:
        assert codes["player"] == card_code(hand.player, view.suits["player"])
        assert codes["dealer"] == card_code(hand.dealer, view.suits["dealer"])
        if hand.war_player is not None:
            assert codes["war_player"] == card_code(hand.war_player, view.suits["war_player"])
            assert len(w.table["backs"]) == len(hand.burns)


def test_layout_and_high_dpi_canvas():
    w = CasinoWarWidget(seed=1)
    assert isinstance(w, anywidget.AnyWidget) and w.game_kind == "casino"
    table_js = Path(__file__).parents[2] / "war_widget" / "views" / "component" / "table.js"
    assert w._esm == table_js.read_text(encoding="utf-8")    # the War table's own module draws it
    assert RANK_PX * CSS_WIDTH / TABLE_W >= 34       # the rank glyph at the natural width, CSS px
    assert w.table["card"][0] == CARD_W and w.table["rank_px"] == RANK_PX
    assert sorted(w.setup["chips"]) == [5, 10, 25, 100]
    assert "6-deck shoe" in w.rules and "seed 1" in w.rules
    agrees(w)


def test_buttons_start_with_only_chips_enabled():
    w = CasinoWarWidget(seed=1)
    state = enabled(w)
    assert not state["deal"] and not state["war"] and not state["surrender"] and not state["clear"]
    assert all(state[f"chip{a}"] for a in (5, 10, 25, 100))


def test_chip_buttons_build_the_bet_and_deal_plays_a_hand():
    w = scripted(["K", "7", "4", "J"], bankroll=100)
    w.click("chip", amount=10)
    w.chip(5)
    assert w.session.current_bet == 15 and w.session.bankroll == 100 and "$15" in w.bet_line
    assert enabled(w)["deal"] and enabled(w)["clear"]
    assert not enabled(w)["chip100"]  # 115 is more than the bankroll
    w.click("deal")
    assert w.session.bankroll == 115 and w.session.history[-1].outcome is Outcome.WIN
    assert "you win $15" in w.status
    # the chips stay on the table for the next hand
    assert w.session.current_bet == 15 and enabled(w)["deal"]
    hand = w.deal()
    assert hand.outcome is Outcome.LOSE and w.session.bankroll == 100
    assert w.session.bankroll_history == [100, 115, 100]
    assert w.chart_series() == ([1, 2], [115, 100])
    agrees(w)


def test_tie_enables_only_war_and_surrender_then_war_by_click():
    w = scripted(["9", "9", *BURNS, "Q", "J"])
    w.chip(10)
    pending = w.deal()
    assert pending.is_pending and "a tie!" in w.status
    state = enabled(w)
    assert state["war"] and state["surrender"]
    assert not state["deal"] and not state["clear"] and not any(state[f"chip{a}"] for a in w.CHIPS)
    assert w.controls["tie_locked"]
    assert w.chart_series() == ([], [])  # a pending tie is not a finished hand
    agrees(w)
    w.click("war")
    hand = w.session.history[-1]
    assert hand.outcome is Outcome.WAR_WIN and w.session.bankroll == 1010
    assert not enabled(w)["war"] and not enabled(w)["surrender"] and not w.controls["tie_locked"]
    assert w.chart["tie_x"] == [1]  # the tie marker
    agrees(w)


def test_surrender_by_click_and_by_method():
    w = scripted(["9", "9", "5", "5"])
    w.chip(10)
    w.deal()
    w.click("surrender")
    assert w.session.bankroll == 995 and w.session.history[-1].outcome is Outcome.SURRENDER
    w.deal()
    assert w.surrender().net == -5 and w.session.bankroll == 990


def test_war_paths_through_the_widget():
    w = scripted(["9", "9", *BURNS, "5", "J", "8", "8", *BURNS, "7", "7"], tie_bonus=True, bankroll=200)
    w.chip(10)
    w.deal()
    assert w.war().outcome is Outcome.WAR_LOSE and w.session.bankroll == 180
    w.deal()
    assert w.war().outcome is Outcome.WAR_TIE_BONUS and w.session.bankroll == 200


def test_tie_bet_toggle_and_method():
    w = scripted(["8", "8", "K", "7"])
    w.chip(10)
    w.click("tie", on=True)
    assert w.session.tie_bet and w.session.current_tie_bet == 10 and "tie bet $10" in w.bet_line
    w.deal()
    assert w.session.bankroll == 1100  # the tie bet paid 10:1 at once
    w.surrender()
    assert w.session.bankroll == 1095
    w.set_tie_bet(False)
    assert not w.controls["tie"] and w.session.current_tie_bet == 0
    w.deal()
    assert w.session.bankroll == 1105


def test_tie_bet_that_cannot_be_covered_is_refused():
    w = scripted(["8", "7"], bankroll=30)
    w.chip(25)
    with pytest.raises(ValueError, match="more than the bankroll of 30"):
        w.set_tie_bet(True)
    assert not w.session.tie_bet
    w.click("tie", on=True)  # the same through the toggle: explained, the toggle stays off
    assert not w.controls["tie"] and "Not now: bet of 25 + tie bet 25" in w.status


def test_illegal_clicks_are_explained_and_methods_raise():
    w = CasinoWarWidget(seed=3)
    w.click("war")  # a click on a disabled button still fires in Python
    assert "Not now: no tie is pending" in w.status and w.session.history == []
    w.click("deal")
    assert "Not now: no bet placed" in w.status
    with pytest.raises(ValueError, match="no tie is pending"):
        w.war()
    with pytest.raises(ValueError, match="no bet placed"):
        w.deal()


def test_clear_takes_the_bet_back():
    w = CasinoWarWidget(seed=3)
    w.chip(25)
    w.click("clear")
    assert w.session.current_bet == 0 and not enabled(w)["deal"]


def test_chart_has_one_point_per_hand_and_matches_the_engine():
    w = CasinoWarWidget(seed=12, bankroll=10_000)
    w.chip(25)
    ties = 0
    for _ in range(60):
        w.click("deal")
        if w.session.pending is not None:
            ties += 1
            w.click("war" if ties % 2 else "surrender")
    played = len(w.session.history)
    assert played == 60
    xs, ys = w.chart_series()
    assert len(xs) == len(ys) == played
    assert ys == w.session.bankroll_history[1:]
    assert len(w.chart["tie_x"]) == ties
    assert f"Hands: {played}" in w.bet_line
    # the widget plays exactly what the engine would with the same seed and choices
    engine = CasinoWar(seed=12, bankroll=10_000)
    for hand in w.session.history:
        again = engine.play_hand(25, "surrender" if hand.outcome is Outcome.SURRENDER else "war")
        assert again == hand


def test_running_out_of_chips_and_new_session():
    w = scripted(["2", "K"], bankroll=10)
    w.chip(10)
    w.deal()
    assert w.session.bankroll == 0 and "out of chips" in w.status
    assert not any(enabled(w).values())
    w.click("new")
    assert w.session.bankroll == 10 and w.session.history == []
    assert w.chart_series() == ([], []) and enabled(w)["chip5"]
    agrees(w)


def test_the_picture_shows_the_cards_and_a_new_id_per_hand():
    w = scripted(["9", "9", *BURNS, "Q", "J"])
    w.chip(10)
    first = w.table["id"]
    assert w.table["id"] == first and drawn_texts(w)[:2] == ["DEALER", "YOU"]
    w.deal()
    tied = w.table["id"]
    assert tied > first and [c["order"] for c in w.table["cards"]] == [0, 1]
    w.war()
    assert w.table["id"] > tied and [c["order"] for c in w.table["cards"]] == [0, 1, 5, 6]
    assert [b["order"] for b in w.table["backs"]] == [2, 3, 4]
    assert {"Q > J", "9 = 9", "WAR WON", "+$10", "3 burned"} <= set(drawn_texts(w))
    assert sorted(c["code"] for c in w.table["cards"]) == sorted(["9H", "9D", "12C", "11S"]) or \
        len({c["code"][-1] for c in w.table["cards"]}) == 4     # four suits, as display_suits gives
    agrees(w)


def test_every_action_sends_the_sessions_view_in_many_hands_in_a_row():
    w = CasinoWarWidget(seed=21, bankroll=300)
    shadow = CasinoSession(seed=21, bankroll=300)
    for i in range(80):
        for name, content in ((("chip", {"amount": 5}) if i % 7 == 0 else ("deal", {})),
                              ("war" if i % 2 else "surrender", {}), ("tie", {"on": i % 5 == 0}),
                              ("war", {})):    # the last one mostly refused
            w.click(name, **content)
            if name == "tie" and content["on"] == shadow.game.tie_bet:
                agrees(w)              # a toggle already in that position changes nothing
                continue
            shadow.attempt({"chip": shadow.chip, "deal": shadow.deal, "war": shadow.war,
                            "surrender": shadow.surrender, "tie": shadow.set_tie_bet}[name],
                           *([content["amount"]] if name == "chip" else [content["on"]] if name == "tie" else []))
            agrees(w)
            assert w.narration == shadow.narration and w.session.bankroll == shadow.game.bankroll
    w.click("new")
    agrees(w)
    assert w.chart_series() == ([], []) and SUIT_SYMBOLS


def test_bad_messages_from_the_page_are_ignored():
    w = CasinoWarWidget(seed=2)
    before = (dict(w.table), list(w.narration))
    for content in (None, "deal", {"do": "chip", "amount": 7}, {"do": "chip", "amount": "10"}, {"do": "x"}):
        w._on_action(w, content, None)
    assert (dict(w.table), list(w.narration)) == before


def test_widget_options_reach_the_engine():
    w = CasinoWarWidget(decks=1, bankroll=500, seed=9, tie_bet=True)
    assert (w.session.decks, w.session.bankroll, w.session.seed, w.session.tie_bet) == (1, 500, 9, True)
    assert w.controls["tie"]
    with pytest.raises(ValueError, match="decks must be from 1 to 8"):
        CasinoWarWidget(decks=10)


def test_repr_works_so_a_notebook_can_display_the_widget():
    # the text repr walks every trait; a method shadowing ipywidgets' internals once broke it
    assert repr(CasinoWarWidget(seed=1)).startswith("CasinoWarWidget(")


def test_a_double_click_on_deal_deals_one_hand():
    """Both clicks of a double click name the picture they were pressed on; the second one comes
    after the first dealt (a new picture) and is dropped; a Deal on the new picture deals again."""
    w = scripted(["K", "7", "4", "J", "9", "2"], bankroll=100)
    w.click("chip", amount=10)
    pressed_on = w.table["id"]
    w._on_action(w, {"do": "deal", "on": pressed_on}, None)
    w._on_action(w, {"do": "deal", "on": pressed_on}, None)
    assert len(w.session.history) == 1 and w.session.bankroll_history == [100, 110]
    w._on_action(w, {"do": "deal", "on": w.table["id"]}, None)
    assert len(w.session.history) == 2
