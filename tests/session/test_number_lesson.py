"""One number everywhere (issue 27): the question, its answer buttons, the battle, the aid and the
results agree, under the number lessons and under every rank order the package has.

Played through ``WarSession`` round by round, answering every question: a "which is bigger?"
question is asked only where the battle is played in the numbers a child counts (A = 1 ... K = 13),
and there the numbers' answer (counted here, not by the package) is the battle's result; under any
other rules the question is "which is stronger?", graded by the battle, with a reason only when one
is true for the two cards up; and the aid writes ``>`` / ``<`` only between numbers in that order.
"""
from __future__ import annotations

import re
from typing import Any

import pytest

from war_widget import Rules
from war_widget.game.events import Compared
from war_widget.game.rules import RANK_ORDERS, SCHOOL_PRESETS
from war_widget.session.beat import Shown
from war_widget.session.war import WarSession
from war_widget.views.component import TableComponent, panel

COUNTED = {14: 1, **{r: r for r in range(2, 14)}}               # the pips a child counts: A = 1 ... K = 13
GLYPH_NUMBER = {"A": 1, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 11)}}
KIDS = Rules.preset("kids")
RULE_SETS: dict[str, Rules] = {
    "number_lesson": Rules.preset("number_lesson"),
    "number_lesson_10": Rules.preset("number_lesson_10"),
    **{f"kids {o}": KIDS.replace(rank_order=o) for o in RANK_ORDERS},
    **{f"kids {o} jokers": KIDS.replace(rank_order=o, jokers=2) for o in RANK_ORDERS},
    **{f"kids {o} suits": KIDS.replace(rank_order=o, tiebreak="suits") for o in RANK_ORDERS},
    "pjanitsa": Rules.preset("pjanitsa"),
    "pjanitsa suits": Rules.preset("pjanitsa").replace(tiebreak="suits"),
    "classic": Rules.preset("classic"),
    "tod_und_leben": Rules.preset("tod_und_leben"),
    **{name: Rules.preset(name) for name in SCHOOL_PRESETS},
}


def numbers_are_the_battle(rules: Rules) -> bool:
    """Written out here (not the package's function): K strongest, A = 1 weakest, nothing else deciding."""
    return rules.rank_order == "ace_low" and not rules.jokers and rules.tiebreak == "none"


def relations(aid: str) -> list[tuple[str, str, str]]:
    """Every "x > y" / "x < y" / "x = y" of an aid, the sides as written (before "WAR!")."""
    if aid.endswith(("!", "！")):                                   # the war word, after two spaces
        aid = aid.rsplit("  ", 1)[0]
    out = []
    for statement in aid.split("  →  "):
        parts = re.split(r" ([<>=]) ", statement)
        for i in range(1, len(parts), 2):
            out.append((parts[i - 1], parts[i], parts[i + 1]))
    return out


def number_of(side: str) -> int | None:
    """A side of the aid as a number: a card's glyph (A = 1), a number, or a school expression."""
    if side in GLYPH_NUMBER:
        return GLYPH_NUMBER[side]
    if re.fullmatch(r"[\d +−×]+", side):
        return int(eval(side.replace("−", "-").replace("×", "*")))   # noqa: S307 - digits and signs only
    return None


def check_aid(aid: str | None, rules: Rules, seen: dict[str, int]) -> None:
    if not aid or " ? " in aid:
        return
    found = relations(aid)
    if not rules.school and not numbers_are_the_battle(rules):
        # strength is said in words; a sign only between equal numbers of one rank ("Q = Q  WAR!")
        assert all(sign == "=" and x == y for x, sign, y in found), aid
    for x, sign, y in found:
        a, b = number_of(x), number_of(y)
        assert a is not None and b is not None, aid
        assert sign == (">" if a > b else "<" if a < b else "="), aid      # never "A > K"
        seen["signs"] += 1


def play(rules: Rules, mode: str, lang: str, actions: int = 70) -> dict[str, int]:
    s = WarSession(rules, seed=7, lang=lang, aids=True, guess=mode, records=None, recording=False)
    shown: list[Shown] = []
    s.subscribe(shown.append)
    seen = {"bigger": 0, "stronger": 0, "signs": 0, "reasons": 0}
    for n in range(actions):
        if s.game.is_over:
            break
        if not s.guess.asking:
            s.flip()
        else:
            q = s.guess.current()
            flip = s.guess.question
            assert q is not None and flip is not None
            expected_kind = "bigger" if rules.school or numbers_are_the_battle(rules) else "stronger"
            assert q.kind in (expected_kind, "value"), (q.kind, q.text)
            (_, a), (_, b) = flip.cards[:2] if not flip.values else ((0, flip.cards[0][1]), (1, flip.cards[-1][1]))
            symbol = ">=<"[n % 3]
            before = s.guess.right
            shown.clear()
            s.answer(symbol)
            compared = next(b.event for sh in shown for b in sh.beats if isinstance(b.event, Compared))
            battle = "=" if compared.tied else (">" if compared.winner == compared.cards[0][0] else "<")
            assert (s.guess.right - before == 1) == (symbol == battle), (q.text, symbol, battle)
            if q.kind == "bigger":                 # the numbers a child counts say what the battle says
                x, y = COUNTED[a.rank], COUNTED[b.rank]
                assert (">" if x > y else "<" if x < y else "=") == battle, (a, b, battle)
                assert "つよい" not in q.text and "stronger" not in q.text and "強い" not in q.text
            elif q.kind == "stronger":
                assert "大きい" not in q.text and "bigger" not in q.text
                if q.reason:                       # a reason only when true and relevant to these two
                    seen["reasons"] += 1
                    if "oker" in q.reason or "ジョーカー" in q.reason:
                        assert a.is_joker or b.is_joker, q.text
                    elif "suit" in q.reason or "マーク" in q.reason:
                        assert a.rank == b.rank and rules.tiebreak == "suits", q.text
                    else:
                        assert 14 in (a.rank, b.rank) or 2 in (a.rank, b.rank) and rules.rank_order == "two_high", \
                            q.text
                else:                              # no reason: the battle went the numbers' way
                    x, y = COUNTED.get(a.rank), COUNTED.get(b.rank)
                    assert x is not None and y is not None
                    assert (">" if x > y else "<" if x < y else "=") == battle, (a, b, battle, q.text)
            seen[q.kind if q.kind != "value" else "bigger"] += 1
        for sh in shown:
            for beat in sh.beats:
                check_aid(beat.view.aid, rules, seen)
        shown.clear()
    return seen


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_the_question_the_battle_and_the_aid_agree_at_every_round(name: str) -> None:
    rules = RULE_SETS[name]
    total = {"bigger": 0, "stronger": 0, "signs": 0, "reasons": 0}
    for mode in ("number", "to10", "rules"):
        for lang in ("en", "ja"):
            for k, v in play(rules, mode, lang).items():
                total[k] += v
    asked = total["bigger"] + total["stronger"]
    assert asked >= 20, total                                   # the questions were asked and answered
    if rules.school or numbers_are_the_battle(rules):
        assert total["stronger"] == 0 and total["signs"] >= 10, total
    else:
        assert total["bigger"] == 0, total
        if rules.rank_order != "ace_low" or rules.jokers or rules.tiebreak != "none":
            assert total["reasons"] >= 1, total                  # some pair went against the numbers


def test_the_kids_rules_with_the_number_mode_do_not_contradict_themselves() -> None:
    """The last cell of notebook 05_ja: WarWidget(rules="kids", guess="number"): A against K."""
    from war_widget import Game
    s = WarSession(game=Game.from_hands("kids", [["AS", "5S"], ["KH", "3H"]]), lang="ja", aids=True,
                   guess="number", records=None, recording=False)
    s.flip()
    q = s.guess.current()
    assert q is not None and q.text == "Aと K、どっちが つよい？（Aが いちばん つよい きまり）"
    assert s.answer(">") is True                                 # the A wins the battle, and was said to
    lesson = WarSession(game=Game.from_hands("number_lesson", [["AS", "5S"], ["KH", "3H"]]), lang="ja", aids=True,
                        guess="number", records=None, recording=False)
    lesson.flip()
    q = lesson.guess.current()
    assert q is not None and q.text == "Aと K、どっちが 大きい？"
    assert lesson.answer("<") is True and lesson.game.counts == (1, 3)   # K = 13 beats A = 1 in the battle too


def rows(table: TableComponent) -> dict[str, dict[str, Any]]:
    return {r["name"]: r for r in panel.settings(table.play.session)}


@pytest.mark.parametrize("lesson, deck", [("number_lesson", 52), ("number_lesson_10", 40)])
def test_the_classroom_panel_starts_the_number_lesson_in_one_click(lesson: str, deck: int) -> None:
    table = TableComponent("kids", seed=3, chart=False, recording=False)
    s = table.play.session
    before = rows(table)
    assert before["guess"]["label"] == "Which is stronger?"      # the kids' rules: a strength question
    assert before[lesson]["kind"] == "button"
    panel.choose(s, lesson, {})                                  # one click
    assert s.base_rules == Rules.preset(lesson) and s.base_rules.deck == deck
    assert s.guess.on and s.guess.mode == "number" and s.aids
    after = rows(table)
    assert after["guess"]["on"] and after["guess"]["label"] == "Which is bigger?"
    for _ in range(3):                                            # a child answers three questions
        s.flip()
        while not s.guess.asking:
            s.flip()
        q = s.guess.current()
        assert q is not None and q.kind == "bigger"
        flip = s.guess.question
        assert flip is not None
        (_, a), (_, b) = flip.cards
        x, y = COUNTED[a.rank], COUNTED[b.rank]
        assert s.answer(">" if x > y else "<" if x < y else "=") is True
    assert s.guess.score == (3, 3)
    table._panel()
    assert "Which is bigger? <b>3 of 3 right</b>" in table.results


def test_the_results_name_a_strength_quiz_as_such() -> None:
    table = TableComponent("kids", seed=3, chart=False, guess=True, lang="ja", aids=True, recording=False)
    s = table.play.session
    while not s.guess.asking:
        s.flip()
    s.answer(">")
    table._panel()
    assert "どっちが つよい？" in table.results and "どっちが 大きい？" not in table.results
    assert rows(table)["guess"]["label"] == "どっちが つよい？"
    with pytest.raises(ValueError, match="no lesson 'kids'"):
        panel.start_lesson(s, "kids")


def test_the_tables_question_title_names_the_question() -> None:
    """The answer row's name (read by a screen reader) says the question these rules ask."""
    assert TableComponent("kids", seed=1, chart=False, recording=False).setup["words"]["guess_title"] == \
        "Which is stronger?"
    assert TableComponent("number_lesson", seed=1, chart=False, recording=False).setup["words"]["guess_title"] == \
        "Which is bigger?"
