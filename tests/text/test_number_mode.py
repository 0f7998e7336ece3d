"""The comparison lesson's number mode (issues 18, 27): "which is bigger?" by the numbers (A = 1)
where the battle is played in them (the number lessons), the game's order asked as "which is
stronger?" everywhere else with a reason only when one is true for the two cards up, and the words
of every question and button."""
from __future__ import annotations

import re
from itertools import product

import pytest

from war_widget import Card, Rules
from war_widget.game.rules import RANK_ORDERS
from war_widget.text.kanji_grades import beyond_grade2
from war_widget.text.number_mode import (
    MODES,
    feedback,
    number_truth,
    number_value,
    plain_number_order,
    question,
    rule_reason,
    value_line,
)
from war_widget.text.terms_ja import term_problems

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
COUNTED = {rank: i + 1 for i, rank in enumerate(RANKS)}          # the pips a child counts: A = 1 ... K = 13
PAIRS = list(product(RANKS, RANKS))
MADE_UP_VALUE = re.compile(r"[（(]\d+[）)]")                      # "2（15）", "A (14)"


def cards(a: str, b: str) -> tuple[Card, Card]:
    return Card.parse(a + "S"), Card.parse(b + "H")


@pytest.mark.parametrize("a, b", PAIRS)
def test_every_rank_pair_is_compared_by_its_number(a, b):
    x, y = cards(a, b)
    want = ">" if COUNTED[a] > COUNTED[b] else "<" if COUNTED[a] < COUNTED[b] else "="
    assert number_truth(x, y) == want
    assert (number_value(x), number_value(y)) == (COUNTED[a], COUNTED[b])
    for reg in ("en", "ja", "ja_kids"):
        q = question(x, y, Rules.preset("number_lesson"), "number", reg, names=("あなた", "コンピューター"))
        assert q is not None and q.kind == "bigger"
        assert a in q.text and b in q.text                       # the question names both cards
        assert a in q.buttons[">"] and b in q.buttons["<"]        # each button says which card is bigger
        assert len(set(q.buttons.values())) == 3
        said = feedback(q, x, y, want, True, reg)
        assert q.buttons[want].lower() in said.lower() and f"{COUNTED[a]} {want} {COUNTED[b]}" in said
        for text in (q.text, *q.buttons.values(), said):
            assert not MADE_UP_VALUE.search(text), text


@pytest.mark.parametrize("preset", Rules.presets())
def test_the_question_follows_the_battle_under_every_preset(preset):
    """"Which is bigger?" only where the battle's order is the numbers (the number lessons), else
    "which is stronger?": never a size question that the battle answers the other way."""
    rules = Rules.preset(preset)
    ace, king = cards("A", "K")
    q = question(ace, king, rules, "number", "ja_kids")
    assert q is not None
    if preset.startswith("number_lesson") or rules.school:
        assert q.kind == "bigger" and q.text == "Aと K、どっちが 大きい？"
    else:
        assert q.kind == "stronger" and q.text.startswith("Aと K、どっちが つよい？")
        assert rules.best([ace, king]) == [0] and q.reason          # the A wins, and the rule says why
    assert number_truth(ace, king) == "<"                        # an ace has one pip, whatever wins the battle


def test_the_youngest_are_asked_about_a_to_10_only():
    for a, b in PAIRS:
        x, y = cards(a, b)
        q = question(x, y, Rules.preset("number_lesson_10"), "to10", "ja_kids")
        pictures = a in "JQK" or b in "JQK"
        assert (q is None) == pictures
        if not pictures:
            assert number_value(x, "to10") == COUNTED[a]
    assert question(*cards("A", "10"), Rules.preset("number_lesson"), "to10", "en").buttons["<"] == "10 is bigger"


@pytest.mark.parametrize("order, reason", [
    ("ace_high", "Aが いちばん つよい きまり"), ("two_high", "2が いちばん つよい きまり"),
    ("low_beats_ace", "Aが いちばん つよいけど、2だけは Aに かつ きまり"),
])
def test_other_orders_ask_which_is_stronger_and_say_why_only_when_it_matters(order, reason):
    rules = Rules.preset("classic").replace(rank_order=order)
    assert not plain_number_order(rules)
    with_reason = 0
    for a, b in PAIRS:
        x, y = cards(a, b)
        q = question(x, y, rules, "rules", "ja_kids")
        assert q is not None and q.kind == "stronger"
        best = rules.best([x, y])
        battle = "=" if len(best) == 2 else ">" if best == [0] else "<"
        if battle == number_truth(x, y):                # the battle goes the numbers' way: no reason
            assert q.reason == "" and q.text == f"{a}と {b}、どっちが つよい？", q.text
        else:                                           # an A (or the 2) is up and decides it
            assert "A" in (a, b) or (order == "two_high" and "2" in (a, b))
            with_reason += 1
            assert q.text == f"{a}と {b}、どっちが つよい？（{q.reason}）"
            if order == "two_high" and "2" not in (a, b):
                assert q.reason == "2の つぎに Aが つよい きまり"
            elif order == "low_beats_ace" and "2" not in (a, b):
                assert q.reason == "Aが いちばん つよい きまり"
            else:
                assert q.reason == reason
        assert q.buttons[">"] == f"{a}の ほうが つよい" or a == b
        assert not MADE_UP_VALUE.search(q.text)
    assert with_reason >= 22          # an A against the 11 or 12 ranks it beats, both ways round
    two_high = question(*cards("K", "2"), rules, "rules", "en")
    assert two_high.text.startswith("Which is stronger: K or 2?") and "bigger" not in two_high.text


def test_no_reason_names_a_card_that_is_not_up():
    """Never "A is the strongest" when no A is on the table (issue 27)."""
    for order in RANK_ORDERS:
        rules = Rules.preset("kids").replace(rank_order=order)
        for a, b in PAIRS:
            why = rule_reason(rules, "en", cards(a, b))
            if "ace" in why:
                assert "A" in (a, b), (order, a, b, why)
            if why.startswith("in these rules 2"):
                assert "2" in (a, b), (order, a, b, why)


def test_suits_and_jokers_are_the_reason_only_when_they_decide():
    suits = Rules.preset("number_lesson").replace(tiebreak="suits")
    assert rule_reason(suits, "en", cards("7", "7")).startswith("equal numbers are decided by the suit")
    assert rule_reason(suits, "en", cards("8", "7")) == ""
    q = question(*cards("8", "7"), suits, "number", "en")
    assert q is not None and q.text == "Which is stronger: 8 or 7?"
    jokers = Rules.preset("number_lesson").replace(jokers=2)
    assert rule_reason(jokers, "en", (Card.parse("RJ"), Card.parse("KS"))) == "a joker beats every card"
    assert rule_reason(jokers, "en", cards("K", "7")) == ""


def test_plain_number_order_asks_which_is_bigger():
    rules = Rules.preset("classic").replace(rank_order="ace_low")
    assert plain_number_order(rules)
    q = question(*cards("K", "7"), rules, "rules", "ja_kids")
    assert q.kind == "bigger" and q.buttons == {">": "Kの ほうが 大きい", "=": "おなじ", "<": "7の ほうが 大きい"}
    assert not plain_number_order(rules.replace(jokers=2)) and not plain_number_order(rules.replace(tiebreak="suits"))


def test_a_joker_is_no_number_but_can_be_stronger():
    joker, king = Card.parse("RJ"), Card.parse("KS")
    rules = Rules.preset("classic").replace(jokers=2)
    assert number_value(joker) is None and question(joker, king, rules, "to10", "ja") is None
    for mode in ("number", "rules"):
        q = question(joker, king, rules, mode, "ja_kids")
        assert q is not None and q.kind == "stronger" and "ジョーカー" in q.text and "JOKER" not in q.text
    with pytest.raises(ValueError, match="not a number"):
        number_truth(joker, king)


def test_the_same_rank_is_told_apart_by_its_owner():
    q = question(*cards("7", "7"), Rules.preset("number_lesson"), "number", "ja_kids",
                 names=("あなた", "コンピューター"))
    assert q.buttons == {">": "あなたの 7の ほうが 大きい", "=": "おなじ", "<": "コンピューターの 7の ほうが 大きい"}


def test_childrens_words_are_for_children():
    texts = []
    for (a, b), order in product(PAIRS, ("ace_high", "two_high", "low_beats_ace", "ace_low")):
        x, y = cards(a, b)
        for mode in MODES:
            q = question(x, y, Rules.preset("kids").replace(rank_order=order), mode, "ja_kids")
            if q is not None:
                truth = number_truth(x, y)
                texts += [q.text, *q.buttons.values(), feedback(q, x, y, truth, False, "ja_kids")]
    texts.append(value_line(*cards("K", "A"), "ja_kids"))
    assert texts and all(not beyond_grade2(t) and not term_problems(t, "ja_kids") for t in texts)


def test_bad_modes_and_cards_are_refused_plainly():
    with pytest.raises(ValueError, match="number mode must be one of 'number', 'to10', 'rules'"):
        question(*cards("A", "K"), Rules(), "bigger")
    with pytest.raises(ValueError, match="needs a Card"):
        number_value("KS")  # type: ignore[arg-type]


def test_equal_values_are_told_apart_as_your_and_theirs_never_you_s():
    from war_widget.text.number_mode import value_question
    q = value_question("7 + 5", "7 + 5", "en", ["You", "Computer"])
    assert q.buttons[">"] == "your 7 + 5 is bigger"
    assert q.buttons["<"] == "Computer's 7 + 5 is bigger"
    assert not any("You's" in b for b in q.buttons.values())
    assert value_question("7 + 5", "7 + 5", "en", ["Ann", "Ben"]).buttons[">"] == "Ann's 7 + 5 is bigger"
