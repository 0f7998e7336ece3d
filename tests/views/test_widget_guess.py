""""Which is bigger?" (``WarWidget(..., guess=True)``), headless: the round waits with both
cards face up, the answer is checked against the engine's own compare, wars ask again."""
from __future__ import annotations

import re

import pytest

from war_widget import Game, Rules
from war_widget.game.events import Compared
from war_widget.views.war import WarWidget


def make(rules="kids", seed=3, **kw) -> WarWidget:
    return WarWidget(rules, seed=seed, records=False, animations=False, guess=True, **kw)


def truth_of(w: WarWidget) -> str:
    """The right answer, from a copy of the game that plays the compare beat."""
    copy = Game.from_json(w.game.to_json())
    compared = copy.step()
    assert isinstance(compared, Compared)
    if compared.tied:
        return "="
    return ">" if compared.winner == compared.cards[0][0] else "<"


def wrong(symbol: str) -> str:
    return {">": "<", "<": ">", "=": ">"}[symbol]


def test_a_flip_waits_with_both_cards_face_up():
    w = make()
    w.flip()
    assert w.session.guess.asking
    assert w.game.phase == "compare" and w.game.round_number == 0
    up = [t for t in w.game.table if t.face_up]
    assert len(up) == 2 and {t.player for t in up} == {0, 1}
    # flipping again, stepping or autoplay ticks do not go on before the answer
    w.flip()
    w.step()
    w.autoplay_tick()
    assert w.game.phase == "compare" and len(w.game.table) == 2
    assert "answer" in w.notice.lower() or "say" in w.notice.lower()
    # the question is on the table between the cards
    (_, a), (_, b) = [(t.player, t.card) for t in up]
    assert w.view().aid == f"{a.rank_name} ? {b.rank_name}"


def test_right_and_wrong_answers_and_the_score():
    w = make("classic", seed=5)
    w.flip()
    symbol = truth_of(w)
    assert w.answer(symbol) is True
    assert w.guess_score == (1, 1)
    assert any(line.startswith("Right: ") for line in w.narration_log)
    assert w.game.round_number == 1 and not w.game.table       # the round went on to its end
    w.flip()
    symbol = truth_of(w)
    up = [t.card for t in w.game.table]
    assert w.answer(wrong(symbol)) is False
    assert w.guess_score == (1, 2)
    # classic: the ace is the strongest, so the question is about strength and names the right card
    winner = up[0] if symbol == ">" else up[1]
    said = w.session.guess.feedback
    assert said.startswith("Not this time: ") and w.narration_log.count(said) == 1
    assert (f"{winner.rank_name} is stronger" in said or "just as strong" in said) and "(1" not in said
    # the score is on the results panel
    assert w.results_view.numbers["guess"] == (1, 2)
    assert "1 of 2 right" in w.results


def test_each_new_pair_of_a_war_is_asked_again():
    w = make("kids", seed=3)                                       # round 1 of this deal is a war
    w.flip()
    assert truth_of(w) == "="
    assert w.answer("=") is True
    # the war's next pair is on the table, face up, and asked again
    assert w.session.guess.asking and w.game.round_number == 0
    assert len([t for t in w.game.table if t.face_up]) == 4
    second = truth_of(w)
    w.answer(second)
    assert w.guess_score == (2, 2)
    if not w.session.guess.asking:                                         # the war is decided
        assert w.game.round_number == 1 and not w.game.table


def test_guessing_plays_exactly_the_engines_game():
    w = make("classic", seed=3)
    plain = Game("classic", 3)
    asked = rights = 0
    for _ in range(25):
        w.flip()
        while w.session.guess.asking:                      # right and wrong answers never change the game
            truth = truth_of(w)
            good = asked % 3 != 2
            assert w.answer(truth if good else wrong(truth)) is good
            asked, rights = asked + 1, rights + good
        plain.play_round()
        assert w.game.counts == plain.counts and w.game.history == plain.history
    assert w.guess_score == (rights, asked) and asked >= 25 and rights < asked


def test_keys_answer_and_bad_answers_are_refused():
    w = make()
    with pytest.raises(ValueError, match="answer must be one of '>', '=' or '<'"):
        w.answer("bigger")
    with pytest.raises(ValueError, match="answer must be one of"):
        w.answer(7)  # type: ignore[arg-type]  # the run-time check is under test
    assert w.answer(">") is None                                    # nothing asked yet: no score
    assert w.guess_score == (0, 0)
    w.flip()
    symbol = truth_of(w)
    w.click("answer", symbol=symbol)                                # the > = < keys send this
    assert w.guess_score == (1, 1)
    with pytest.raises(ValueError, match="guess must be True or False, or a number mode"):
        WarWidget(records=False, guess="yes")  # type: ignore[arg-type]  # the run-time check is under test


def test_the_buttons_answer_and_are_usable_only_while_asking():
    w = make()
    assert w.setup["guess"] and not w.beats[-1]["view"]["asking"]     # the buttons are disabled
    w.click("answer", symbol=">")                                  # a click on a disabled button: nothing
    assert w.guess_score == (0, 0)
    w.flip()
    assert w.beats[-1]["view"]["asking"] and w.beats[-1]["question"]["buttons"].keys() == {">", "=", "<"}
    w.click("answer", symbol=truth_of(w))
    assert w.guess_score == (1, 1)


def test_two_players_on_one_device():
    w = make("classic", seed=5, mode="two_player")
    w.press(0)
    w.press(1)
    assert w.session.guess.asking
    w.press(0)                                                     # a press waits for the answer
    assert not w.session.waiting
    w.answer(truth_of(w))
    assert w.guess_score == (1, 1) and w.game.round_number == 1


def test_step_asks_and_the_answer_plays_one_beat():
    w = make("classic", seed=5)
    event = w.step()
    assert event is not None and event.kind == "flip" and w.session.guess.asking
    w.answer(truth_of(w))
    assert w.game.phase != "compare" and w.game.round_number == 0   # only the compare beat
    assert w.guess_score == (1, 1)


def test_fast_forward_drops_the_question_and_japanese_words():
    w = make("classic", lang="ja")
    w.flip()
    w.fast_forward()
    assert not w.session.guess.asking and w.game.is_over
    assert w.setup["words"]["guess_bigger"].endswith("大きい")          # the project's Japanese labels
    w2 = make("classic", lang="ja")
    w2.flip()
    w2.answer(truth_of(w2))
    assert any(line.startswith("正解！") for line in w2.narration_log)
    kids = make("kids", lang="ja")                                       # the children's register
    kids.flip()
    kids.answer(truth_of(kids))
    assert any(line.startswith("せいかい！") for line in kids.narration_log)


def test_guessing_can_be_turned_on_and_off():
    w = WarWidget("kids", seed=3, records=False, animations=False)
    assert not w.setup["guess"] and not w.session.guess.on and not w.setting("guess")["on"]
    w.flip()
    assert w.game.round_number == 1                                # no question without guess
    w.set_guess(True)
    assert w.setup["guess"] and w.setting("guess")["on"]
    w.flip()
    aid = w.view().aid
    assert w.session.guess.asking and aid is not None and " ? " in aid
    w.set_guess(False)
    assert not w.session.guess.asking and w.view().aid is None and not w.setup["guess"]
    w.flip()                                                       # the rest of the round
    assert w.game.round_number == 2 and not w.game.table


# --- the number mode (issues 18, 27): one number everywhere; the question follows the battle -------------
def test_the_number_lesson_asks_bigger_and_its_battle_agrees():
    w = WarWidget(game=Game.from_hands("number_lesson", [["AS", "5S"], ["KH", "3H"]]), records=False,
                  animations=False, guess="number", lang="ja", aids=True)
    w.flip()
    assert w.narration_log[-1] == "Aと K、どっちが 大きい？"
    words = w.beats[-1]["question"]["buttons"]          # the answer buttons' words, from the number mode
    assert [f"{a}  {words[a]}" for a in "><"] == [">  Aの ほうが 大きい", "<  Kの ほうが 大きい"]
    assert words["="] == "おなじ"
    assert w.answer("<") is True                      # 1 < 13, and the K wins the battle: A = 1 in it too
    assert w.game.counts == (1, 3)
    assert w.view().aid == "A < K"
    assert w.session.guess.feedback == "せいかい！\u3000Kの ほうが 大きい。Aは 1、Kは 13。1 < 13。"
    assert all(not re.search(r"[（(]1[45][）)]", line) for line in w.narration_log)


def test_the_number_mode_under_the_kids_rules_asks_which_is_stronger():
    """WarWidget(rules="kids", guess="number") no longer contradicts itself: the kids' battle plays A
    high, so the question is about strength, with the rule that makes the A win."""
    w = WarWidget(game=Game.from_hands("kids", [["AS", "5S"], ["KH", "3H"]]), records=False, animations=False,
                  guess="number", lang="ja", aids=True)
    w.flip()
    assert w.narration_log[-1] == "Aと K、どっちが つよい？（Aが いちばん つよい きまり）"
    words = w.beats[-1]["question"]["buttons"]
    assert (words[">"], words["<"]) == ("Aの ほうが つよい", "Kの ほうが つよい")
    assert w.answer(">") is True and w.game.counts == (3, 1)    # the answer graded right is the battle's
    assert w.view().aid == "Aは Kより つよい"                     # words for strength, never "A > K"
    w.flip()
    assert w.narration_log[-1] == "5と 3、どっちが つよい？"          # no A up: no "A is strongest"


def test_the_youngest_are_not_asked_about_pictures():
    w = WarWidget(game=Game.from_hands("number_lesson", [["KS", "5S", "2S"], ["7H", "3H", "4H"]]), records=False,
                  animations=False, guess="to10")
    w.flip()
    assert w.game.round_number == 1 and not w.session.guess.asking  # K against 7: no question, the round is played
    w.flip()
    assert w.session.guess.asking and w.narration_log[-1] == "Which is bigger: 5 or 3?"
    assert w.answer(">") is True and w.guess_score == (1, 1)


def test_a_question_about_the_game_says_why_and_names_a_joker():
    w = WarWidget(game=Game.from_hands(Rules.preset("classic").replace(jokers=2), [["RJ", "5S"], ["KH", "3H"]]),
                  records=False, animations=False, guess=True, lang="ja")
    w.flip()
    line = w.narration_log[-1]
    assert line.startswith("ジョーカーとK、どちらが強い？") and "JOKER" not in line
    assert w.answer(">") is True
    two = WarWidget(game=Game.from_hands(Rules.preset("classic").replace(rank_order="two_high"),
                                         [["2S", "5S"], ["KH", "3H"]]), records=False, animations=False, guess=True)
    two.flip()
    assert two.narration_log[-1] == "Which is stronger: 2 or K? (in these rules 2 is the strongest)"
    assert two.answer(">") is True and "(15)" not in two.session.guess.feedback


def test_set_guess_chooses_the_mode_and_refuses_others():
    w = make()
    w.set_guess("number")
    assert w.session.guess.on and w.session.guess.mode == "number"
    w.set_guess(False)
    assert not w.session.guess.on
    with pytest.raises(ValueError, match="number mode"):
        w.set_guess("bigger")
