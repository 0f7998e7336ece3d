"""Issue 27 item 7: every Japanese string the widgets play, checked by defect class.

``ja_audit`` collects the strings (labels with sample values, options, presets, rules lines,
errors, the narration of many games under every preset in every register, WarSession games with
the questions and the results, the story, Steal War, Casino War) and holds the checks.  Each check
is shown to fail on its own class of defect (and to pass the same sentence written right), then
the whole corpus must show none.  ``python tests/text/ja_audit.py`` prints the counts.
"""
from __future__ import annotations

import pytest
from ja_audit import (
    CHECKS,
    allowed_kanji,
    casino_texts,
    corpus,
    defects,
    label_texts,
    narration_texts,
    session_texts,
    steal_texts,
    story_texts,
    summary,
)

from war_widget.text import kanji_grades as kg

# (check, register, a defect of its class, the same written right)
SAMPLES = [
    ("counter_spaced", "ja", "40 ラウンドで終わりました。", "40ラウンドで終わりました。"),
    ("counter_spaced", "ja_kids", "あなた 3 まい", "あなた 3まい"),
    ("value_repeated", "ja_kids", "あなたは 3（3）、コンピューターは 5（5）。", "あなたは 3、コンピューターは 5。"),
    ("parens_in_a_row", "ja", "コンピューターは8♣とA♦（1）（8 + 1 = 9）をめくります。",
     "コンピューターは8♣とA♦（8 + 1 = 9）をめくります。"),
    ("space_after_kuten", "ja_kids", "おおく もって いたよ。 3かいめで おいこしたよ。",
     "おおく もって いたよ。3かいめで おいこしたよ。"),
    ("halfwidth_after_mark", "ja_kids", "Kは 7より つよい！ あなたの かち。",
     "Kは 7より つよい！\u3000あなたの かち。"),
    ("no_space_after_mark", "ja", "戦争です！1枚ずつ伏せて、次の1枚で勝負します。",
     "戦争です！\u30001枚ずつ伏せて、次の1枚で勝負します。"),
    ("space_at_punctuation", "ja_kids", "あなたの かち ！", "あなたの かち！"),
    ("no_word_spaces", "ja_kana", "あなたはさっきだしたかーどでしょうぶ。",
     "あなたは さっき だした カードで しょうぶ。"),
    ("double_colon", "ja", "いちばん大きなリード：あなた：0枚", "いちばん大きなリード　あなた：0枚"),
    ("ascii_punctuation", "ja", "その番号は使えません: 番号を確かめてください",
     "その番号は使えません。番号を確かめてください。"),
    ("doubled_marks", "ja", "引き分けです。。", "引き分けです。"),
    ("kuten_in_quote", "ja", "答えは「Kのほうが大きい。」です。", "答えは「Kのほうが大きい」です。"),
    ("run_on", "ja", "あなたがめくります、コンピューターもめくります。",
     "あなたがめくります。コンピューターもめくります。"),
    ("term_list", "ja", "局番号を入れてください。", "ゲーム番号を入れてください。"),
    ("term_list", "ja_kids", "手札の 下へ", "手ふだの 下へ"),
    ("dotchi_in_everyday", "ja", "9と7、どっちが大きい？", "9と7、どちらが大きい？"),
    ("dochira_in_kids", "ja_kids", "9と 7、どちらが 大きい？", "9と 7、どっちが 大きい？"),
    ("again_more", "ja_kids", "いまは コンピューターが また 多く なったよ。",
     "いまは また コンピューターが おおく もって いるよ。"),
    ("lead_with_counts", "ja", "最後はあなたがリードしていました（あなた0枚、コンピューター52枚）。",
     "最後はあなた0枚、コンピューター52枚でした。"),
    ("nameless_score", "ja", "8対2で、あなたの勝ちです。", "あなたの勝ちです（あなた8枚、コンピューター2枚）。"),
    ("zero_said", "ja", "10戦6勝3敗1分け・いま0連勝", "10戦6勝3敗1分け"),
    ("zero_said", "ja_kids", "9かい あそんで、6かい かち、3かい まけ、0かい ひきわけ",
     "9かい あそんで、6かい かち、3かい まけ"),
    ("name_runs_into_number", "ja", "コンピューター1が取ります（あなた19枚、コンピューター116枚）",
     "コンピューター1が取ります（あなた：19枚、コンピューター1：16枚）"),
    ("english", "ja", "この番号では遊べません。unknown preset", "この番号では遊べません。"),
    ("kanji_beyond_register", "ja_kids", "同じ 数なら 3回め", "おなじ かずなら 3かいめ"),
]


def test_every_check_has_a_sample():
    assert {c.name for c in CHECKS} == {name for name, *_ in SAMPLES}


@pytest.mark.parametrize("name, reg, bad, good", SAMPLES, ids=[f"{s[0]}-{i}" for i, s in enumerate(SAMPLES)])
def test_each_check_fails_on_its_class(name, reg, bad, good):
    check = next(c for c in CHECKS if c.name == name)
    assert check.find(bad, reg), (name, bad)
    assert not check.find(good, reg), (name, good)
    assert [c.name for c, _, _ in defects([(reg, good)])] == []      # the right sentence passes every check


def test_the_childrens_kanji_are_grade_one():
    """The issue's grade-2 kanji (数 同 回 分 時 間 ...) are not the children's; grade 1 is."""
    assert allowed_kanji("ja_kids") == kg.KIDS_KANJI == kg.GRADE1 and len(kg.KIDS_KANJI) == 80
    assert kg.beyond_register("数 同 回 分 時 間 大 小 人", "ja_kids") == list("数同回分時間")
    assert kg.beyond_register("大きい", "ja_kana") == ["大"] and kg.beyond_register("戦争", "ja") == []


def test_the_counts_group_lines_by_cause():
    """One kanji is one cause however many lines it is in; a sentence with other numbers is the
    same cause."""
    found = defects([("ja_kids", "同じ 数"), ("ja_kids", "同じ まい"),
                     ("ja", "戦争です！1枚"), ("ja", "戦争です！3枚")])
    s = summary(found)
    assert s["causes"]["kanji_beyond_register"] == 2 and s["strings"]["kanji_beyond_register"] == 2
    assert s["causes"]["no_space_after_mark"] == 1 and s["strings"]["no_space_after_mark"] == 2
    assert s["severity"]["wrong"] == 2 and s["severity"]["style"] == 1


PARTS = {"labels": label_texts, "story": story_texts, "steal": steal_texts, "casino": casino_texts,
         "narration": lambda: narration_texts(2), "sessions": lambda: session_texts(40)}


@pytest.mark.parametrize("part", list(PARTS))
def test_no_defect_in_what_the_widgets_play(part):
    texts = [(reg, t) for reg, t in PARTS[part]() if t]
    assert len(texts) > 10
    found = [(c.name, reg, line) for c, reg, line in defects(texts)]
    assert found == []


def test_the_corpus_covers_every_register_and_widget():
    texts = corpus(quick=True)
    regs = {reg for reg, _ in texts}
    assert {"ja", "ja_kids", "ja_kana"} <= regs
    joined = "\n".join(t for _, t in texts)
    for word in ("ディーラー", "奪", "もういっしょうぶ", "戦争です", "けっか", "リード"):
        assert word in joined, word
