"""narrate(): one sentence per beat, English and Japanese, from engine events only."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from war_widget import Card, Game, Rules
from war_widget.game import events as ev
from war_widget.text.narration import card_text, narrate

YOU = ["You", "Computer"]
ANATA = ["あなた", "コンピューター"]
JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def beats(game: Game) -> list[ev.Event]:
    return list(iter(game.step, None))


def test_a_plain_round_reads_as_three_sentences():
    game = Game.from_hands("classic", [["KS", "2C"], ["7H", "3D"]])
    flip, compare, collect = (game.step() for _ in range(3))
    assert narrate(flip, names=YOU) == "Round 1: You turn up K♠; Computer turns up 7♥."
    assert narrate(compare, names=YOU) == "K♠ beats 7♥: You win the round."
    # the won pile holds the two cards: 1 in hand + 2 won = 3 for you, 1 for the computer
    assert narrate(collect, names=YOU) == "You take 2 cards (You 3, Computer 1)."


def test_the_double_war_of_the_bicycle_rules_004():
    """[004]: 8-8, one down each, K-K, one down each, 4 vs A: the second player takes 10 cards
    and ends with 31, the first with 21."""
    filler_1 = [f"{r}C" for r in ("5", "6", "7", "9", "10", "J", "Q")] + [f"{r}D" for r in "23456789"] + \
        ["10D", "JD", "QD", "KD", "AD", "AC"]
    filler_2 = [f"{r}S" for r in ("5", "6", "7", "9", "10", "J", "Q")] + ["AS", "2C", "3C", "4C", "8C", "KC"] + \
        [f"{r}H" for r in ("5", "6", "7", "9", "10", "J", "Q", "4")]
    hands = [["8S", "2S", "KS", "3S", "4S"] + filler_1, ["8H", "2H", "KH", "3H", "AH"] + filler_2]
    assert len(hands[0]) == len(hands[1]) == 26
    game = Game.from_hands("bicycle", hands)
    text = [narrate(e, names=YOU) for e in iter(lambda: None if game.round_number else game.step(), None)]
    assert text[0] == "Round 1: You turn up 8♠; Computer turns up 8♥."
    assert text[1] == "8♠ and 8♥ tie: war!"
    assert text[2] == "War! You and Computer each lay 1 card face down, then one face up."
    assert text[3] == "You lay 1 card face down; Computer lays 1 card face down."
    assert text[4] == "In the war, You turn up K♠; Computer turns up K♥."
    assert text[6].startswith("Double war!")
    assert text[-2] == "A♥ beats 4♠: Computer wins the war."
    assert text[-1] == "Computer takes 10 cards (You 21, Computer 31)."


def test_values_and_rank_orders_as_teaching_aids():
    rules = Rules.preset("classic")
    assert card_text(Card.parse("KS"), rules=rules, values=True) == "K♠ (13)"
    assert card_text(Card.parse("9S"), rules=rules, values=True) == "9♠"
    assert card_text(Card.parse("AS"), rules=rules.replace(rank_order="ace_low"), values=True) == "A♠ (1)"
    # never a strength made up for the game's order (issue 18): an ace has one pip, a 2 two
    assert card_text(Card.parse("2S"), rules=rules.replace(rank_order="two_high"), values=True) == "2♠"
    assert card_text(Card.parse("AS"), rules=rules, values=True) == "A♠"
    assert card_text(Card.parse("AS"), "ja_kids", rules=rules, values=True) == "A♠"
    assert card_text(Card.parse("RJ")) == "Joker"
    assert card_text(Card.parse("RJ"), lang="ja") == "ジョーカー"


def test_the_six_beats_the_ace_is_explained():
    game = Game.from_hands("pjanitsa", [["6S"], ["AH"]])
    game.step()
    sentence = narrate(game.step(), rules=game.rules, names=YOU)
    assert sentence == "6♠ beats A♥ (6 beats an ace in these rules): You win the round."


def test_japanese_sentences():
    game = Game.from_hands("classic", [["KS", "9H", "2C", "AS"], ["7H", "9D", "3D", "10C"]])
    text = [narrate(e, "ja", names=ANATA) for e in beats(game)]
    assert text[0] == "1ラウンド目：あなたはK♠、コンピューターは7♥をめくります。"
    assert text[1] == "K♠は7♥より強いので、このラウンドはあなたの勝ちです。"
    assert text[2] == "あなたが場の2枚を取ります（あなた5枚、コンピューター3枚）。"
    assert text[4] == "9♥と9♦は同じ数です。" and text[5].startswith("戦争です！")
    assert all(JAPANESE.search(t) and t.endswith(("。", "！")) for t in text)
    assert not any(re.search(r"\b(You|Computer|Round|war)\b", t) for t in text)


def test_more_players_ties_outs_and_game_over():
    rules = Rules.preset("pagat").replace(players=3, war_players="tied")
    game = Game.from_hands(rules, [["9S", "2S", "KS"], ["9H", "3H", "4H"], ["5C"]])
    text = [narrate(e, names=["Ann", "Bob", "Cy"]) for e in beats(game)]
    assert text[0] == "Round 1: Ann turns up 9♠; Bob turns up 9♥; Cy turns up 5♣."
    assert text[1] == "Ann and Bob tie for highest (9): war!"
    assert "Cy has no cards left and is out." in text
    assert text[-1].startswith("Game over after ") and "Ann wins" in text[-1]


def test_draws_cycles_and_time():
    game = Game.from_hands("classic", [["KS", "2C"], ["KH", "3D"]])
    game.end_now()
    game2 = Game.from_hands("classic", [["KS"], ["7H"]])
    out = []
    game2.subscribe(out.append)
    game2.end_now()
    assert narrate(out[-1], names=YOU) == "Game over after 0 rounds (time): a draw, 1 to 1."
    # the score says whose cards (issue 18: never a bare 「1対1」)
    assert narrate(out[-1], "ja", names=ANATA) == ("1ラウンドもめくらないうちに終わりました（時間切れ）。"
                                                   "引き分けです（あなた1枚、コンピューター1枚）。")
    assert (narrate(out[-1], "ja", names=ANATA, kids=True)
            == "おしまい！\u3000じかんぎれ。ひきわけ（あなた 1まい、コンピューター 1まい）。")
    # bicycle: won cards go under the hand in played order.  2<3 then 4<5: all to the computer.
    won = Game.from_hands("bicycle", [["2S", "4S"], ["3S", "5S"]])
    assert narrate(beats(won)[-1], names=YOU) == "Game over after 2 rounds (all cards): Computer wins, 0 to 4."
    # 3S>2H, 2S<3H, 3S>2S, 2H<3H: after 4 rounds the hands are [3S 2S] and [2H 3H] again
    cyc = Game.from_hands("bicycle", [["3S", "2S"], ["2H", "3H"]])
    assert narrate(beats(cyc)[-1], names=YOU) == ("Game over after 4 rounds (cycle): the game repeats itself "
                                                  "from the deal every 4 rounds, so it is a draw.")


def test_bad_input_is_a_clear_error():
    game = Game.from_hands("classic", [["KS"], ["7H"]])
    event = game.step()
    with pytest.raises(ValueError, match="lang must be one of"):
        narrate(event, lang="fr")
    with pytest.raises(ValueError, match="engine event"):
        narrate("flip")
    with pytest.raises(ValueError, match="one name per player"):
        narrate(event, names=["only me"])


@settings(max_examples=25)
@given(preset=st.sampled_from(Rules.presets()), seed=st.integers(0, 2**32), lang=st.sampled_from(["en", "ja"]))
def test_one_sentence_for_every_beat_of_any_game(preset, seed, lang):
    game = Game(preset, seed)
    sentences = []
    game.subscribe(lambda e: sentences.append(narrate(e, lang, game.rules)))
    count = 0
    while game.round_number < 60 and game.step() is not None:
        count += 1
    game.end_now()
    assert len(sentences) >= count
    for s in sentences:
        assert "\n" not in s and s.strip() == s and s
        assert s.endswith((".", "。", "!", "！")), s
        if lang == "ja":
            assert JAPANESE.search(s), s


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_beat_narrates_without_the_rules(lang):
    """Views may narrate an event on its own; the seat count is then read off the event."""
    game = Game("classic_long", 3)
    for event in beats(game):
        sentence = narrate(event, lang)
        assert sentence and "\n" not in sentence
    shuffle = ev.Shuffled(3, 1, 10, True)
    assert "10" in narrate(shuffle, lang)


@pytest.mark.parametrize("preset", ["classic", "tod_und_leben"])
def test_when_nobody_can_finish_a_war_nobody_is_said_to_lose_the_table(preset):
    """A void round (zero='lose') and a split tie give the cards back: no one takes the table."""
    game = Game.from_hands(preset, [["9S"], ["9H"]])
    war = next(e for e in beats(game) if isinstance(e, ev.WarDeclared))
    assert set(war.short) == {0, 1}
    en, ja = narrate(war, "en", game.rules), narrate(war, "ja", game.rules)
    assert "nobody wins the table" in en and "loses the table" not in en
    assert "だれも場の札を取りません" in ja and "もらえません" not in ja


def test_the_english_record_counts_its_nouns():
    from war_widget.text.i18n import record_line
    one = record_line({"games": 1, "wins": 1, "draws": 0, "losses": 0, "current_streak": 1, "best_streak": 1}, "en")
    assert one.startswith("1 game · 1 win · 0 losses · 0 draws · 1 win in a row"), one
    many = record_line({"games": 3, "wins": 2, "draws": 0, "losses": 1, "current_streak": 2}, "en")
    assert many == "3 games · 2 wins · 1 loss · 0 draws · 2 wins in a row", many
    assert record_line({"games": 3, "wins": 2, "draws": 0, "losses": 1}, "ja") == "3戦2勝1敗0分け"
