"""CasinoWarWidget driven headlessly: methods and button clicks, as a player would."""
from __future__ import annotations

import re

import ipywidgets as widgets
import plotly.graph_objects as go
import pytest
from ipycanvas import Canvas

from war_widget.variants.casino import CasinoWar, Outcome
from war_widget.views.casino import RANK_FONT, SCALE, CasinoWarWidget

BURNS = ["2", "3", "4"]


def scripted(cards, **options) -> CasinoWarWidget:
    return CasinoWarWidget(session=CasinoWar.from_shoe(cards, **options))


def enabled(w: CasinoWarWidget) -> dict[str, bool]:
    buttons = {"deal": w.deal_button, "war": w.war_button, "surrender": w.surrender_button,
               "clear": w.clear_button, **{f"chip{a}": b for a, b in w.chip_buttons.items()}}
    return {name: not b.disabled for name, b in buttons.items()}


def drawn_texts(w: CasinoWarWidget, monkeypatch) -> list[str]:
    texts: list[str] = []
    monkeypatch.setattr(w.canvas, "fill_text", lambda text, x, y, *a: texts.append(text), raising=False)
    w.redraw()
    monkeypatch.undo()
    return texts


def test_layout_and_high_dpi_canvas():
    w = CasinoWarWidget(seed=1)
    assert isinstance(w, widgets.VBox)
    assert isinstance(w.canvas, Canvas) and w.canvas in w.children
    assert isinstance(w.figure, go.FigureWidget) and w.figure in w.children
    assert w.canvas.width == SCALE * int(w.canvas.layout.width.removesuffix("px")) and SCALE == 2
    assert w.canvas.height == SCALE * int(w.canvas.layout.height.removesuffix("px"))
    found = re.search(r"(\d+)px", RANK_FONT)
    assert found is not None
    glyph_px = int(found.group(1)) / SCALE
    assert glyph_px >= 34
    assert sorted(w.chip_buttons) == [5, 10, 25, 100]
    assert "6-deck shoe" in w.rules.value and "seed 1" in w.rules.value


def test_buttons_start_with_only_chips_enabled():
    w = CasinoWarWidget(seed=1)
    state = enabled(w)
    assert not state["deal"] and not state["war"] and not state["surrender"] and not state["clear"]
    assert all(state[f"chip{a}"] for a in (5, 10, 25, 100))


def test_chip_buttons_build_the_bet_and_deal_plays_a_hand():
    w = scripted(["K", "7", "4", "J"], bankroll=100)
    w.chip_buttons[10].click()
    w.chip(5)
    assert w.session.current_bet == 15 and w.session.bankroll == 100 and "$15" in w.bet_label.value
    assert enabled(w)["deal"] and enabled(w)["clear"]
    assert not enabled(w)["chip100"]  # 115 is more than the bankroll
    w.deal_button.click()
    assert w.session.bankroll == 115 and w.session.history[-1].outcome is Outcome.WIN
    assert "you win $15" in w.status.value
    # the chips stay on the table for the next hand
    assert w.session.current_bet == 15 and enabled(w)["deal"]
    hand = w.deal()
    assert hand.outcome is Outcome.LOSE and w.session.bankroll == 100
    assert w.session.bankroll_history == [100, 115, 100]
    assert len(w.figure.data[0].x) == 2 and w.figure.data[0].y == (115, 100)


def test_tie_enables_only_war_and_surrender_then_war_by_click():
    w = scripted(["9", "9", *BURNS, "Q", "J"])
    w.chip(10)
    pending = w.deal()
    assert pending.is_pending and "a tie!" in w.status.value
    state = enabled(w)
    assert state["war"] and state["surrender"]
    assert not state["deal"] and not state["clear"] and not any(state[f"chip{a}"] for a in w.CHIPS)
    assert w.tie_toggle.disabled
    assert len(w.figure.data[0].x) == 0  # a pending tie is not a finished hand
    w.war_button.click()
    hand = w.session.history[-1]
    assert hand.outcome is Outcome.WAR_WIN and w.session.bankroll == 1010
    assert not enabled(w)["war"] and not enabled(w)["surrender"] and not w.tie_toggle.disabled
    assert w.figure.data[1].x == (1,)  # the tie marker


def test_surrender_by_click_and_by_method():
    w = scripted(["9", "9", "5", "5"])
    w.chip(10)
    w.deal()
    w.surrender_button.click()
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
    w.tie_toggle.value = True
    assert w.session.tie_bet and w.session.current_tie_bet == 10 and "tie bet $10" in w.bet_label.value
    w.deal()
    assert w.session.bankroll == 1100  # the tie bet paid 10:1 at once
    w.surrender()
    assert w.session.bankroll == 1095
    w.set_tie_bet(False)
    assert not w.tie_toggle.value and w.session.current_tie_bet == 0
    w.deal()
    assert w.session.bankroll == 1105


def test_tie_bet_that_cannot_be_covered_is_refused():
    w = scripted(["8", "7"], bankroll=30)
    w.chip(25)
    with pytest.raises(ValueError, match="more than the bankroll of 30"):
        w.set_tie_bet(True)
    assert not w.session.tie_bet
    w.tie_toggle.value = True  # the same through the toggle: explained, then switched back
    assert not w.tie_toggle.value and "Not now: bet of 25 + tie bet 25" in w.status.value


def test_illegal_clicks_are_explained_and_methods_raise():
    w = CasinoWarWidget(seed=3)
    w.war_button.click()  # a click on a disabled button still fires in Python
    assert "Not now: no tie is pending" in w.status.value and w.session.history == []
    w.deal_button.click()
    assert "Not now: no bet placed" in w.status.value
    with pytest.raises(ValueError, match="no tie is pending"):
        w.war()
    with pytest.raises(ValueError, match="no bet placed"):
        w.deal()


def test_clear_takes_the_bet_back():
    w = CasinoWarWidget(seed=3)
    w.chip(25)
    w.clear_button.click()
    assert w.session.current_bet == 0 and not enabled(w)["deal"]


def test_chart_has_one_point_per_hand_and_matches_the_engine():
    w = CasinoWarWidget(seed=12, bankroll=10_000)
    w.chip(25)
    ties = 0
    for _ in range(60):
        w.deal_button.click()
        if w.session.pending is not None:
            ties += 1
            (w.war_button if ties % 2 else w.surrender_button).click()
    played = len(w.session.history)
    assert played == 60
    assert len(w.figure.data[0].x) == len(w.figure.data[0].y) == played
    assert list(w.figure.data[0].y) == w.session.bankroll_history[1:]
    assert len(w.figure.data[1].x) == ties
    assert f"Hands: {played}" in w.bet_label.value
    # the widget plays exactly what the engine would with the same seed and choices
    engine = CasinoWar(seed=12, bankroll=10_000)
    for hand in w.session.history:
        again = engine.play_hand(25, "surrender" if hand.outcome is Outcome.SURRENDER else "war")
        assert again == hand


def test_running_out_of_chips_and_new_session():
    w = scripted(["2", "K"], bankroll=10)
    w.chip(10)
    w.deal()
    assert w.session.bankroll == 0 and "out of chips" in w.status.value
    assert not any(enabled(w).values())
    w.new_button.click()
    assert w.session.bankroll == 10 and w.session.history == []
    assert len(w.figure.data[0].x) == 0 and enabled(w)["chip5"]


def test_canvas_shows_the_cards_and_redraws_for_a_new_view(monkeypatch):
    calls: list[int] = []
    original = CasinoWarWidget.redraw

    def counting(self: CasinoWarWidget, *_: object) -> None:
        calls.append(1)
        original(self)

    monkeypatch.setattr(CasinoWarWidget, "redraw", counting)
    w = scripted(["9", "9", *BURNS, "Q", "J"])
    monkeypatch.undo()
    w.chip(10)
    w.deal()
    w.war()
    before = len(calls)
    w.canvas._handle_frontend_event(None, {"event": "client_ready"}, [])  # a new front end appears
    assert len(calls) == before + 1
    texts = drawn_texts(w, monkeypatch)
    assert {"9", "Q", "J", "Q > J", "9 = 9", "WAR WON", "+$10", "3 burned"} <= set(texts)


def test_widget_options_reach_the_engine():
    w = CasinoWarWidget(decks=1, bankroll=500, seed=9, tie_bet=True)
    assert (w.session.decks, w.session.bankroll, w.session.seed, w.session.tie_bet) == (1, 500, 9, True)
    assert w.tie_toggle.value
    with pytest.raises(ValueError, match="decks must be from 1 to 8"):
        CasinoWarWidget(decks=10)


def test_repr_works_so_a_notebook_can_display_the_widget():
    # the text repr walks every trait; a method shadowing ipywidgets' internals once broke it
    assert repr(CasinoWarWidget(seed=1)).startswith("CasinoWarWidget(")
