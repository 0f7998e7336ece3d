"""StealWarWidget driven headlessly: methods and button clicks (the browser's messages), as a
player would; the beats it sends agree with the session's beats and view after every action."""
from __future__ import annotations

from pathlib import Path

import anywidget
import pytest

from war_widget import Card
from war_widget.game.cards import make_deck
from war_widget.session.steal import StealSession
from war_widget.variants.steal import StealWarGame, always_steal, never_steal
from war_widget.views.steal import (
    CARD_H,
    CARD_W,
    CSS_WIDTH,
    StealWarWidget,
    card_code,
    pile_xy,
    steal_beat,
    steal_picture,
)
from war_widget.views.steal.table import RANK_PX, WIDTH


def C(text: str) -> Card:
    return Card.parse(text)


def scripted(hands, piles=None, opponent=None, **kwargs) -> StealWarWidget:
    game = StealWarGame.from_hands(hands, piles, policies=(None, opponent))
    return StealWarWidget(game=game, **kwargs)


def items(picture: dict) -> list[dict]:
    return [x for key in ("cards", "slots", "badges", "rings", "text") for x in picture[key]]


def ops_of(w: StealWarWidget, prefix: str) -> list:
    """What the table shows now (the picture sent after the last beat) whose tag starts so."""
    assert w.picture == {**steal_picture(w.view())}, "the last picture sent is the session's view"
    return [x for x in items(w.picture) if x["tag"].startswith(prefix)]


def enabled(w: StealWarWidget, name: str) -> bool:
    return bool(w.controls[name])


def tops(w: StealWarWidget) -> list[str]:
    return [t["code"] for t in w.controls["tops"]]


def conserved(w: StealWarWidget) -> bool:
    game = w.game
    cards = [c for h in game.hands for c in h] + [c for p in game.piles for c in p] + [t.card for t in game.table]
    return sorted(cards + game.unused) == sorted(make_deck(52, 2))


# --- layout -----------------------------------------------------------------------------------

def test_layout_and_high_dpi_canvas():
    w = StealWarWidget(seed=1)
    assert isinstance(w, anywidget.AnyWidget) and w.game_kind == "steal"
    table_js = Path(__file__).parents[2] / "war_widget" / "views" / "component" / "table.js"
    assert w._esm == table_js.read_text(encoding="utf-8")    # the War table's own module draws it
    assert RANK_PX * CSS_WIDTH / WIDTH >= 34 and w.picture["rank_px"] == RANK_PX
    assert "Steal War" in w.rules and "3 down + 1 up" in w.rules
    assert w.game.counts == (27, 27) and w.game.code == "steal_war-1"
    # the first line says whose turn it is and what to press; the game number is in its box
    assert "steal_war-1" not in w.narration[0] and w.narration[0].startswith("Your turn: press Flip")


def test_capture_piles_are_face_up_with_the_top_card_readable():
    w = scripted([["KS", "2C"], ["5D", "3D"]], piles=[["7C", "9H"], ["4S", "JD"]], opponent=never_steal)
    for p, top in ((0, "9H"), (1, "JD")):
        x, y = pile_xy(p)
        [pile] = ops_of(w, f"pile:{p}")[1:] if len(ops_of(w, f"pile:{p}")) > 1 else ops_of(w, f"pile:{p}")
        assert pile["code"] == card_code(C(top)) and (pile["x"], pile["y"]) == (x, y)
        assert [b["n"] for b in ops_of(w, f"pile-count:{p}")] == [2]
        assert ops_of(w, f"pile:{p}-under")[0]["code"] is None   # the edge of the cards under it


def test_your_next_card_is_shown_and_a_joker_is_drawn_as_a_joker():
   def test_your_next_card_is_shown_and_a_joker_is_drawn_as_a_joker():
    w = scripted([["RJ", "2C"], ["5D", "3D"]], opponent=never_steal)
    assert w.game.looking_at(0) == C("RJ")
    [nxt] = ops_of(w, "next-label") and ops_of(w, "next")[:1]
    assert nxt["code"] == "15R"      # the shared card faces draw rank 15 as the joker


# --- stealing -----------------------------------------------------------------------------------

def test_steal_button_and_highlight_only_when_stealing_is_possible():
    w = scripted([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "9H"]], opponent=never_steal)
    assert enabled(w, "steal") and w.controls["flip_word"] == "Play my card"
    assert ops_of(w, "target:1") and ops_of(w, "steal-here:1")
    assert "matches the top of Computer's pile (2 cards)" in w.narration[-1]
    w.click("steal", victim=1)
    assert "You put 9♠ on Computer's pile and take all 3 cards!" in w.narration
    # then 2C is played and lost; the hand is empty, so the loot became the new hand
    assert sorted(w.game.hands[0]) == sorted([C("4C"), C("9H"), C("9S")])
    assert not enabled(w, "steal") and not ops_of(w, "target:")


def test_steal_method_refuses_without_a_match():
    w = scripted([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "8H"]], opponent=never_steal)
    assert not enabled(w, "steal") and not ops_of(w, "target:")
    with pytest.raises(ValueError, match="cannot steal now"):
        w.steal()
    w.click("steal", victim=1)  # a click on a disabled-looking button is explained, not raised
    assert w.narration[-1].startswith("Not now: you cannot steal now")
    assert w.game.piles[1] == [C("4C"), C("8H")]


def test_playing_instead_of_stealing():
    w = scripted([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "9H"]], opponent=never_steal)
    w.click("flip")
    assert "You keep 9♠ to play instead of stealing." in w.narration
    assert "Round 1: You turn up 9♠; Computer turns up K♥." in w.narration
    assert w.game.piles[1][-1] in (C("9S"), C("KH"))  # the computer won and chose its top


def test_clicking_the_highlighted_pile_steals():
    w = scripted([["9S", "2C"], ["KH", "3D"]], piles=[[], ["4C", "9H"]], opponent=never_steal)
    [hit] = [h for h in w.picture["hits"] if h["do"] == "steal"]
    assert (hit["x"], hit["y"], hit["w"], hit["h"]) == (*pile_xy(1), CARD_W, CARD_H)
    w.click(hit["do"], victim=hit["victim"])     # what the page sends for a click on that spot
    assert any(line.startswith("You put 9♠ on Computer's pile") for line in w.narration)


def test_protected_pile_is_labelled():
    w = scripted([["9S", "2C"], ["9D", "3D"]], piles=[["5C", "9H"], []], opponent=always_steal)
    assert ops_of(w, "protected:0")
    assert not enabled(w, "steal")


# --- the computer's steals fly in the browser ---------------------------------------------------

def test_the_computers_steal_is_sent_as_a_flying_beat():
    w = scripted([["KH", "3D"], ["9S", "2C"]], piles=[["4C", "9H"], []], opponent=always_steal)
    before, sent = w.animations, w.beats[-1]["id"]
    w.flip()
    assert "Computer puts 9♠ on your pile and takes all 3 cards!" in w.narration
    assert sorted(w.game.hands[1]) == sorted([C("4C"), C("9H"), C("9S")])  # the loot, now its hand
    assert w.animations == before + 1  # the steal flew; now K♥ beat 2♣ and you choose the top
    assert w.game.to_act == 0 and w.game.phase == "choose"
    new = [b for b in w.beats if b["id"] > sent]
    [flying] = [b for b in new if b["moves"] and b["moves"][0]["from"] == list(pile_xy(0))]
    assert flying["moves"][0]["to"] == list(pile_xy(1)) and flying["moves"][0]["size"] == 3
    assert "pile:1" not in {c["tag"] for c in flying["base"]["cards"]}   # hidden until the pile lands
    assert flying["sentence"] == "Computer puts 9♠ on your pile and takes all 3 cards!"


def test_a_swap_flies_both_piles():
    w = scripted([["9S", "2C"], ["4D", "3D"]], piles=[["4C"], ["9H"]], opponent=always_steal)
    w.steal()
    line = next(line for line in w.narration if "swapped" in line)
    assert line == "You and Computer can steal from each other: the piles are swapped (You 2, Computer 2 cards)."
    assert w.game.counts == (2, 4)  # each had 2 in the pile; the computer's 3D beat the 2C
    swap = next(b for b in w.beats if b.get("sentence") == line)
    assert sorted(m["to"] for m in swap["moves"]) == sorted([list(pile_xy(0)), list(pile_xy(1))])


def test_every_action_sends_the_sessions_beats_in_many_games_in_a_row():
    w = StealWarWidget(seed=40, opponent="always")
    shadow = StealSession(40, "en", "always")
    for _ in range(400):
        if w.game.is_over:
            w.click("new")
            shadow.new_game()
            break
        sent = w.beats[-1]["id"]
        w.shown = sent                      # as the page does once it has drawn the last beat
        if tops(w):
            code = tops(w)[-1]
            w.click("choose", card=code)
            shown = shadow.choose_top(code)
        elif enabled(w, "steal"):
            w.click("steal", victim=1)
            shown = shadow.steal(1)
        else:
            w.click("flip")
            shown = shadow.flip()
        new = [b for b in w.beats if b["id"] > sent]
        assert [b["picture"] for b in new[:-1]] == [steal_beat(b)["picture"] for b in shown.beats]
        assert [b["sentence"] for b in new[:-1]] == [b.sentence for b in shown.beats]
        assert new[-1]["picture"] == steal_picture(shadow.view()) and w.status == shadow.narration[-1]
        assert w.narration == shadow.narration and conserved(w)


def test_bad_messages_from_the_page_are_ignored():
    w = StealWarWidget(seed=2)
    before = (list(w.beats), list(w.narration))
    for content in (None, "flip", {"do": "steal", "victim": "1"}, {"do": "choose", "card": 5},
                    {"do": "choose", "card": "X" * 1000}, {"do": "opponent", "name": "sneaky"}, {"do": "x"}):
        w._on_action(w, content, None)
    assert (list(w.beats), list(w.narration)) == before


# --- choosing the top card ----------------------------------------------------------------------

def test_choosing_the_top_card_with_buttons():
    w = scripted([["KS", "2C"], ["5D", "3D"]], opponent=never_steal)
    w.click("flip")
    assert w.game.to_act == 0 and w.game.phase == "choose"
    assert not enabled(w, "flip") and not enabled(w, "steal")
    assert tops(w) == ["KS", "5D"]
    assert "choose which of the 2 cards" in w.narration[-1]
    highlighted = [c for c in ops_of(w, "table:") if c["highlight"]]
    assert len(highlighted) == 2
    assert sorted(h["card"] for h in w.picture["hits"] if h["do"] == "choose") == ["5D", "KS"]
    w.click("choose", card=tops(w)[1])
    assert w.game.top(0) == C("5D") and tops(w) == []
    assert "You put 5♦ on top of your pile." in w.narration


def test_choose_top_rejects_a_card_you_did_not_win():
    w = scripted([["KS", "2C"], ["5D", "3D"]], opponent=never_steal)
    w.flip()
    with pytest.raises(ValueError, match="not one of the cards you won"):
        w.choose_top("2C")
    with pytest.raises(ValueError, match="wait|Choose your top card first"):
        w.flip()
    w.click("flip")
    assert w.narration[-1] == "Not now: Choose your top card first."


def test_auto_top_chooses_for_you():
    w = scripted([["KS", "2C"], ["5D", "3D"]], opponent=never_steal)
    w.set_auto_top(True)
    assert w.controls["auto_top"]
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
    w.click("step")
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
    assert w.game.policies[1] is always_steal and w.controls["opponent"] == "always"
    w.click("opponent", name="never")
    assert w.game.policies[1] is never_steal
    with pytest.raises(ValueError, match="opponent must be one of greedy, always, never"):
        w.set_opponent("sneaky")
    with pytest.raises(ValueError, match="opponent must be"):
        StealWarWidget(opponent="x")
    with pytest.raises(ValueError, match="lang must be"):
        StealWarWidget(lang="fr")


def test_the_game_number_is_shown_as_wars_and_replays_the_same_game():
    """Steal War's game number in its box (setup ``code``, as War's table has it: the first line
    no longer carries it), under War's words; Replay of that number deals the same game again."""
    from war_widget.views.war import WarWidget
    w, war = StealWarWidget(seed=11), WarWidget(seed=11, records=False)
    assert w.setup["code"] == w.game.code == "steal_war-11" and war.setup["code"] == war.game.code
    assert "steal_war-11" not in w.narration[0]
    for key in ("game_number", "replay"):
        assert w.setup["words"][key] == war.setup["words"][key] and w.setup["words"][key]
    hands = [list(h) for h in w.game.hands]
    w.click("new")
    assert w.setup["code"] == w.game.code != "steal_war-11"
    w.click("flip")
    w.click("replay", code=" steal_war-11 ")
    assert w.setup["code"] == "steal_war-11" and [list(h) for h in w.game.hands] == hands
    assert w.game.round_number == 0 and w.beats[-1]["cut"]
    w.click("replay", code="classic-11")                # War's number: said, the game stays
    assert "not a Steal War game number" in w.narration[-1] and w.setup["code"] == "steal_war-11"
    assert StealWarWidget(seed=11, lang="ja").setup["words"]["game_number"] == "ゲーム番号"
    scripted = StealWarWidget(game=StealWarGame.from_hands([["9S", "2C"], ["KH", "3D"]]))
    assert scripted.setup["code"] == ""                 # a scripted deal has no number: the box is empty


def test_a_whole_game_by_clicks_keeps_every_card():
    w = StealWarWidget(seed=226)
    for _ in range(500):
        if w.game.is_over:
            break
        assert conserved(w)
        if tops(w):
            w.click("choose", card=tops(w)[0])
        elif enabled(w, "steal"):
            w.click("steal", victim=1)
        else:
            w.click("flip")
    assert w.game.is_over and sum(w.game.counts) == 54
    assert w.narration[-1].startswith("Game over")
    assert ops_of(w, "banner")
    w.flip()
    assert w.narration[-1] == "The game is over: press New game to play again."
    assert not enabled(w, "flip")


def test_back_button_undoes_your_last_move():
    w = scripted([["KS", "2C", "9D"], ["5D", "3D", "8C"]], opponent=never_steal)
    assert not enabled(w, "back") and w.back() is False
    w.click("flip")
    w.click("choose", card=tops(w)[1])
    assert w.game.top(0) == C("5D") and enabled(w, "back")
    w.click("back")
    assert w.game.to_act == 0 and tops(w) == ["KS", "5D"]
    assert any(line.startswith("Back into round 1") for line in w.narration[-2:])
    assert w.back() is True and w.game.round_number == 0 and not enabled(w, "back")
    assert ops_of(w, "next")            # your next card is shown again at the deal


def test_japanese():
    w = StealWarWidget(seed=3, lang="ja")
    assert w.controls["flip_word"] == "めくる" and "スティールウォー" in w.rules
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
    assert w.beats[-1]["cut"] and w.picture == steal_picture(w.view())
    assert repr(w).startswith("<StealWarWidget <StealWarGame 2 players")


def test_a_game_for_more_players_is_refused():
    with pytest.raises(ValueError, match="two players"):
        StealWarWidget(game=StealWarGame(3, seed=1))
