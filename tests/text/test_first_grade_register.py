"""Issue 27 item 5: the first-grade register (``lang="ja_kana"``), for the youngest.

The children's register with no kanji at all: every label, option, preset, rules line, reason,
error, beat and story in hiragana and katakana (digits and the card signs aside), words apart
(分かち書き), the same things said as in the children's register.
"""
from __future__ import annotations

import re

import pytest
from ja_audit import label_texts, narration_texts, story_texts

from war_widget import Rules
from war_widget.session.war import WarSession
from war_widget.text.i18n import LABELS, describe_rules, error_text, label, option_text, preset_text, register
from war_widget.text.i18n_ja import to_kana
from war_widget.text.kanji_grades import beyond_register, is_kanji
from war_widget.views.war import WarWidget
from war_widget.views.war.results import ResultsPanel

KANA_TEXTS = [t for part in (label_texts(), story_texts(), narration_texts(1)) for reg, t in part if reg == "ja_kana"]


def test_the_register_has_every_word_of_the_childrens():
    assert set(LABELS["ja_kana"]) == set(LABELS["ja_kids"])
    assert len(KANA_TEXTS) > 1000
    assert register("ja_kana") == register("ja_kana", kids=True) == "ja_kana"


def test_no_kanji_anywhere():
    kanji = sorted({c for t in KANA_TEXTS for c in t if is_kanji(c)})
    assert kanji == []
    assert all(beyond_register(t, "ja_kana") == [] for t in KANA_TEXTS)


def test_the_kids_rules_in_kana_with_words_apart():
    for preset in ("kids", "kids_aside", "classic", "three_down", "pjanitsa", "addition", "place_value"):
        line = describe_rules(Rules.preset(preset), "ja_kana")
        assert not any(is_kanji(c) for c in line), line
        for part in line.split("／"):               # each rule is words apart, never one long run
            assert " " in part and not re.search(r"[\u3040-\u30ff]{11,}", part), part
    assert describe_rules(Rules.preset("kids"), "ja_kana") == to_kana(describe_rules(Rules.preset("kids"), "ja_kids"))


def test_to_kana_reads_the_words_as_a_child_says_them():
    assert to_kana("2人で あそぶ") == "ふたりで あそぶ" and to_kana("3人") == "3にん" and to_kana("1人") == "ひとり"
    assert to_kana("出た かずと おなじ まいすうを 出す") == "でた かずと おなじ まいすうを だす"
    assert to_kana("手ふだの 下へ") == "てふだの したへ" and to_kana("大きい 小さい") == "おおきい ちいさい"
    assert option_text(3, "ja_kana", "players") == "3にん"
    assert preset_text("kids", "ja_kana") == "こども（ふせる カード なし）"
    assert error_text("not enough cards", "ja_kana") == "カードが たりないよ。"


@pytest.mark.parametrize("rules", ["kids", "kids_aside", "classic"])
def test_a_whole_game_in_the_first_grade_register(rules):
    s = WarSession(rules, seed=4, lang="ja_kana", records=None, recording=False)
    for _ in range(10):
        s.flip()
    s.fast_forward()
    panel = ResultsPanel()
    panel.update(s, 0)
    said = [*s.narration_log, s.rules_line(), s.view().progress_text, panel.value, panel.story, s.title]
    assert s.reg == "ja_kana" and len(said) > 20
    assert [t for t in said if any(is_kanji(c) for c in t)] == []
    assert label("flip", "ja_kana") in [label("flip", "ja_kids")]       # めくる, the source's word


def test_the_widget_speaks_it_and_bad_languages_are_named():
    w = WarWidget(rules="kids", seed=2, lang="ja_kana", records=False)
    w.flip()
    assert w.session.reg == "ja_kana" and not any(is_kanji(c) for c in w.beats[-1]["say"])
    with pytest.raises(ValueError, match="'ja_kana'"):
        WarSession(lang="fr")
