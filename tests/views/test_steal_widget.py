"""StealWarWidget driven headlessly: methods and button clicks, as a player would."""
from __future__ import annotations

import contextlib

import ipywidgets as widgets
import pytest
from ipycanvas import Canvas

import war_widget.views.steal.widget as sw
from war_widget import Card
from war_widget.game.cards import make_deck
from war_widget.variants.steal import StealWarGame, always_steal, never_steal
from war_widget.views.ops import GOLD, RANK_PX, Shape, Text
from war_widget.views.steal import CARD_H, CARD_W, SCALE, StealWarWidget, pile_xy, steal_table_ops
from war_widget.views.steal.table import FRAMES


def C(text: str) -> Card:
    return Card.parse(text)


def scripted(hands, piles=None, opponent=None, **kwargs) -> StealWarWidget:
    game = StealWarGame.from_hands(hands, piles, policies=(None, opponent))
    return StealWarWidget(game=game, **kwargs)


def ops_of(w: StealWarWidget, prefix: str) -> list:
    return [op for op in steal_table_ops(w.view()) if op.tag.startswith(prefix)]


def conserved(w: StealWarWidget) -> bool:
    game = w.game
    cards = [c for h in game.hands for c in h] + [c for p in game.piles for c in p] + [t.card for t in game.table]
    return sorted(cards + game.unused) == sorted(make_deck(52, 2))


# --- layout -----------------------------------------------------------------------------------

def test_layout_and_high_dpi_canvas():
    w = StealWarWidget(seed=1)
    assert isinstance(w, widgets.VBox)
    assert isinstance(w.canvas, Canvas) and w.canvas in w.children
    assert SCALE == 2
    assert w.canvas.width == SCALE * int(w.canvas.layout.width.removesuffix("px"))
    assert w.canvas.height == SCALE * int(w.canvas.layout.height.removesuffix("px"))
    assert RANK_PX / SCALE >= 34
    assert "Steal War" in w.rules.value and "3 down + 1 up" in w.rules.value
    assert w.game.counts == (27, 27) and w.game.code == "steal_war-1"
    assert "steal_war-1" in w.narration[0]


def test_capture_piles_are_face_up_with_the_top_card_readable():
    w = scripted([["KS", "2C"], ["5D", "3D"]], piles=[["7C", "9H"], ["4S", "JD"]], opponent=never_steal)
    for p, top in ((0, "9H"), (1, "JD")):
        x, y = pile_xy(p)
        ranks = [op for op in ops_of(w, f"rank:{top}")]
        assert len(ranks) == 1
        rank = ranks[0]
        assert x <= rank.x <= x + CARD_W and y <= rank.y <= y + CARD_H
        assert rank.size >= 2 * 34 and rank.text == C(top).rank_name
        assert [op.text for op in ops_of(w, f"pile-count:{p}") if isinstance(op, Text)] == ["2"]
    assert not ops_of(w, "pile:0-back")  # a capture pile is never drawn face down


def test_your_next_card_is_shown_and_a_joker_is_drawn_as_a_joker():
    w = scripted([["RJ", "2C"], ["5D", "3D"]], opponent=never_steal)
    assert w.game.looking_at(0) == C("RJ")
    assert [op.text for op in ops_of(w, "rank:RJ")] == ["★"] and ops_of(w, "joker")


# --- stealing -----------------------------------------------------------------------------------

def test_steal_button_and_highlight_only_when_stealing_is_possible():
    w = scripted([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "9H"]], opponent=never_steal)
    assert not w.steal_button.disabled and w.flip_button.description == "Play my card"
    assert ops_of(w, "target:1") and ops_of(w, "steal-here:1")
    assert "matches the top of Computer's pile (2 cards)" in w.narration[-1]
    w.steal_button.click()
    assert "You put 9♠ on Computer's pile and take all 3 cards!" in w.narration
    # then 2C is played and lost; the hand is empty, so the loot became the new hand
    assert sorted(w.game.hands[0]) == sorted([C("4C"), C("9H"), C("9S")])
    assert w.steal_button.disabled and not ops_of(w, "target:")


def test_steal_method_refuses_without_a_match():
    w = scripted([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "8H"]], opponent=never_steal)
    assert w.steal_button.disabled and not ops_of(w, "target:")
    with pytest.raises(ValueError, match="cannot steal now"):
        w.steal()
    w.steal_button.click()  # a click on a disabled-looking button is explained, not raised
    assert w.narration[-1].startswith("Not now: you cannot steal now")
    assert w.game.piles[1] == [C("4C"), C("8H")]


def test_playing_instead_of_stealing():
    w = scripted([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "9H"]], opponent=never_steal)
    w.flip_button.click()
    assert "You keep 9♠ to play instead of stealing." in w.narration
    assert "Round 1: You turn up 9♠; Computer turns up K♥." in w.narration
    assert w.game.piles[1][-1] in (C("9S"), C("KH"))  # the computer won and chose its top


def test_clicking_the_highlighted_pile_steals():
    w = scripted([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "9H"]], opponent=never_steal)
    x, y = pile_xy(1)
    w._on_mouse_down(x + 10, y + 10)
    assert any(line.startswith("You put 9♠ on Computer's pile") for line in w.narration)


def test_protected_pile_is_labelled():
    w = scripted([["9S", "2C"], ["9D", "3D"]], piles=[["5C", "9H"], []], opponent=always_steal)
    assert ops_of(w, "protected:0")
    assert w.steal_button.disabled


# --- the computer's steals are animated ---------------------------------------------------------

@pytest.fixture
def held(monkeypatch):
    """Record whether canvas.sleep is called inside a hold_canvas batch."""
    state = {"depth": 0, "sleeps_inside": 0, "sleeps_outside": 0, "holds": 0}

    @contextlib.contextmanager
    def fake_hold(*args, **kwargs):
        state["depth"] += 1
        state["holds"] += 1
        try:
            yield
        finally:
            state["depth"] -= 1

    monkeypatch.setattr(sw, "hold_canvas", fake_hold)
    monkeypatch.setattr(Canvas, "sleep", lambda self, ms: state.__setitem__(
        "sleeps_inside" if state["depth"] else "sleeps_outside",
        state["sleeps_inside" if state["depth"] else "sleeps_outside"] + 1))
    return state


def test_the_computers_steal_is_animated_in_one_held_batch(held):
    w = scripted([["KH", "3D"], ["9S", "2C"]], piles=[["4C", "9H"], []], opponent=always_steal)
    before = w.animations
    sleeps = held["sleeps_inside"]
    w.flip()
    assert "Computer puts 9♠ on your pile and takes all 3 cards!" in w.narration
    assert sorted(w.game.hands[1]) == sorted([C("4C"), C("9H"), C("9S")])  # the loot, now its hand
    assert w.animations == before + 1  # the steal flew; now K♥ beat 2♣ and you choose the top
    assert w.game.to_act == 0 and w.game.phase == "choose"
    assert held["sleeps_inside"] - sleeps >= FRAMES and held["sleeps_outside"] == 0


def test_a_swap_flies_both_piles(held):
    w = scripted([["9S", "2C"], ["4D", "3D"]], piles=[["4C"], ["9H"]], opponent=always_steal)
    w.steal()
    line = next(line for line in w.narration if "swapped" in line)
    assert line == "You and Computer can steal from each other: the piles are swapped (You 2, Computer 2 cards)."
    assert w.game.counts == (2, 4)  # each had 2 in the pile; the computer's 3D beat the 2C
    assert held["sleeps_inside"] >= FRAMES and held["sleeps_outside"] == 0


# --- choosing the top card ----------------------------------------------------------------------

def test_choosing_the_top_card_with_buttons():
    w = scripted([["KS", "2C"], ["5D", "3D"]], opponent=never_steal)
    w.flip_button.click()
    assert w.game.to_act == 0 and w.game.phase == "choose"
    assert w.flip_button.disabled and w.steal_button.disabled
    assert [b.tooltip for b in w.top_buttons] == ["KS", "5D"]
    assert "choose which of the 2 cards" in w.narration[-1]
    highlighted = [op for op in steal_table_ops(w.view()) if isinstance(op, Shape) and op.stroke == GOLD
                   and op.tag.startswith("table:")]
    assert len(highlighted) == 2
    w.top_buttons[1].click()
    assert w.game.top(0) == C("5D") and w.top_buttons == []
    assert "You put 5♦ on top of your pile." in w.narration


def test_choose_top_rejects_a_card_you_did_not_win():
    w = scripted([["KS", "2C"], ["5D", "3D"]], opponent=never_steal)
    w.flip()
    with pytest.raises(ValueError, match="not one of the cards you won"):
        w.choose_top("2C")
    with pytest.raises(ValueError, match="wait|Choose your top card first"):
        w.flip()
    w.flip_button.click()
    assert w.narration[-1] == "Not now: Choose your top card first."


def test_auto_top_chooses_for_you():
    w = scripted([["KS", "2C"], ["5D", "3D"]], opponent=never_steal)
    w.set_auto_top(True)
    assert w.auto_top.value
    w.flip()
    # K and 5: three of each unseen; the tie goes to the higher rank
    assert w.game.top(0) == C("KS") and w.game.to_act is None


def test_choose_top_with_none_picks_the_least_matchable():
    w = scripted([["KS", "2C"], ["5D", "3D"]], piles=[[], ["5C"]], opponent=never_steal)
    w.flip()
    w.choose_top(None)
    # one 5 is on the computer's pile and one in the won cards: two fives unseen, three kings
    assert w.game.top(0) == C("5D")


# --- stepping, new games, options --------------------------------------------------------------

def test_step_is_one_beat():
    w = StealWarWidget(seed=5, opponent="never")
    n = len(w.narration)
    w.step_button.click()
    assert len(w.narration) == n + 1 and w.narration[-1].startswith("Round 1:")
    assert len(w.game.table) == 2
    w.step()
    assert "beats" in w.narration[-2] and "choose which" in w.narration[-1]


def test_new_game_and_opponent():
    w = StealWarWidget(seed=5)
    w.flip()
    w.new_game(seed=9)
    assert w.game.code == "steal_war-9" and w.game.round_number == 0
    w.set_opponent("always")
    assert w.game.policies[1] is always_steal and w.opponent_picker.value == "always"
    w.opponent_picker.value = "never"
    assert w.game.policies[1] is never_steal
    with pytest.raises(ValueError, match="opponent must be one of greedy, always, never"):
        w.set_opponent("sneaky")
    with pytest.raises(ValueError, match="opponent must be"):
        StealWarWidget(opponent="x")
    with pytest.raises(ValueError, match="lang must be"):
        StealWarWidget(lang="fr")


def test_a_whole_game_by_clicks_keeps_every_card():
    w = StealWarWidget(seed=226)
    for _ in range(500):
        if w.game.is_over:
            break
        assert conserved(w)
        if w.top_buttons:
            w.top_buttons[0].click()
        elif not w.steal_button.disabled:
            w.steal_button.click()
        else:
            w.flip_button.click()
    assert w.game.is_over and sum(w.game.counts) == 54
    assert w.narration[-1].startswith("Game over")
    assert ops_of(w, "banner")
    w.flip()
    assert w.narration[-1] == "The game is over: press New game to play again."
    assert w.flip_button.disabled


def test_back_button_undoes_your_last_move():
    w = scripted([["KS", "2C", "9D"], ["5D", "3D", "8C"]], opponent=never_steal)
    assert w.back_button.disabled and w.back() is False
    w.flip_button.click()
    w.top_buttons[1].click()
    assert w.game.top(0) == C("5D") and not w.back_button.disabled
    w.back_button.click()
    assert w.game.to_act == 0 and [b.tooltip for b in w.top_buttons] == ["KS", "5D"]
    assert any(line.startswith("Back into round 1") for line in w.narration[-2:])
    assert w.back() is True and w.game.round_number == 0 and w.back_button.disabled
    assert ops_of(w, "next")            # your next card is shown again at the deal


def test_japanese():
    w = StealWarWidget(seed=3, lang="ja")
    assert w.flip_button.description == "めくる" and "スティールウォー" in w.rules.value
    w.flip()
    assert any(line.startswith("1ラウンド目：") for line in w.narration)
    w2 = StealWarWidget(game=StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]], [[], ["4C", "9H"]],
                                                     policies=(None, never_steal)), lang="ja")
    assert "奪いますか" in w2.narration[-1]
    w2.steal()
    assert any("丸ごと奪います！" in line for line in w2.narration)


def test_redraw_and_repr():
    w = StealWarWidget(seed=2)
    w.redraw()
    assert repr(w).startswith("<StealWarWidget <StealWarGame 2 players")


def test_a_game_for_more_players_is_refused():
    with pytest.raises(ValueError, match="two players"):
        StealWarWidget(game=StealWarGame(3, seed=1))
