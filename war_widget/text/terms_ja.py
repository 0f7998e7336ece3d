"""The Japanese term list: one name for each thing, decided from the sources.

Everyday Japanese (``"ja"``) follows [000] (a web War game for adults) where it names a thing,
and the widget's own word where [000] has two (it says both 局 and ゲーム: the widget says
ゲーム everywhere, so a game's number is ゲーム番号).  The children's register (``"ja_kids"``)
follows [001] (a children's web War game): カード, もういっしょうぶ (its 「もう一勝負」 in the kana
a second-grader reads), かち / まけ, 回 for a round (its 「50回」), つよい / よわい in kana.

``TERMS[register]`` maps a word that must not appear to the word to write instead (and why);
``term_problems(text, register)`` lists the slips, so a test can fail on them.  The checks of
``tests/views/test_japanese.py`` play every string out of the widgets through it.

>>> term_problems("局番号を入れてください。", "ja")
["「局番号」→「ゲーム番号」: one thing, one name (the widget's word is ゲーム)"]
>>> term_problems("Kが いちばん つよい", "ja_kids")
[]
"""
from __future__ import annotations

import re

__all__ = ["TERMS", "HARD_FOR_CHILDREN", "INEQUALITY", "term_problems"]

# The inequality signs are the keys a child presses (> = <): half-width everywhere, so one screen
# never mixes ＞ and >.
INEQUALITY = (">", "=", "<")

_BOTH: dict[str, tuple[str, str]] = {
    "JOKER": ("ジョーカー", "a card's name is said in Japanese"),
    "Joker": ("ジョーカー", "a card's name is said in Japanese"),
    "＞": (">", "half-width signs, the keys a child presses"),
    "＜": ("<", "half-width signs, the keys a child presses"),
    "＝": ("=", "half-width signs, the keys a child presses"),
    "10倍": ("10対1", "the tie bet pays 10 to 1: it returns 11 times the stake, not 10"),
}

TERMS: dict[str, dict[str, tuple[str, str]]] = {
    "ja": {
        **_BOTH,
        "局番号": ("ゲーム番号", "one thing, one name (the widget's word is ゲーム)"),
        "山札": ("手札", "one thing, one name: [000]'s 山札 and [001]'s 手札 are one pile; the widget says 手札"),
        "手札の山": ("手札", "one thing, one name"),
        "もう一勝負": ("戦争", "the everyday register calls a tie 戦争 [000]"),
    },
    "ja_kids": {
        **_BOTH,
        "強い": ("つよい", "one spelling in the children's register (kana, as in its narration)"),
        "弱い": ("よわい", "one spelling in the children's register"),
        "もう一しょうぶ": ("もういっしょうぶ", "one spelling in the children's register"),
        "ラウンド": ("回", "the children's register counts rounds in 回 [001]"),
        "手札": ("手ふだ", "札 is a fourth-grade kanji"),
    },
}

TERMS["ja_kana"] = TERMS["ja_kids"]   # the first-grade register: the children's words, in kana

# Words a child of 5-8 does not read yet: loanwords of adult life and abstract nouns.
HARD_FOR_CHILDREN: dict[str, str] = {
    "リード": "多く もって いる",
    "ファイル": "きろく",
    "くみあわせ": "(say what cannot be chosen)",
    "組み合わせ": "(say what cannot be chosen)",
}

_SPACE_BEFORE_COUNTER = re.compile(r"\d[ \u3000]+(?:枚|まい|回|ラウンド|人|分|秒)")


# A game renamed by the teacher (``text.naming``): the tie is [001]'s もう一勝負, never 戦争.
NAMED = {"ja": {"戦争": ("もう一勝負", "the game is renamed: no 戦争 on the page; the tie is [001]'s もう一勝負")},
         "ja_kids": {}, "ja_kana": {}}


def term_problems(text: str, register: str, named: bool = False) -> list[str]:
    """The term-list slips of ``text`` in ``register`` ("ja" or "ja_kids"), as readable lines
    (``named``: the game was renamed, so the tie is もう一勝負 and 戦争 is the slip)."""
    terms = dict(TERMS[register])  # "ja", "ja_kids" or "ja_kana"
    if named:
        terms.pop("もう一勝負", None)
        terms.update(NAMED[register])
    found = [f"「{bad}」→「{good}」: {why}" for bad, (good, why) in terms.items() if bad in text]
    if register in ("ja_kids", "ja_kana"):
        found += [f"「{word}」 is hard for a child (say: {plain})" for word, plain in HARD_FOR_CHILDREN.items()
                  if word in text]
    if _SPACE_BEFORE_COUNTER.search(text):
        found.append(f"a space between a number and its counter: {text!r}")
    return found
