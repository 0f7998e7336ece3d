"""The game's name on the page, for a class where "war" is unwelcome (issue 18).

A teacher names the game (``WarSession(name="かずくらべ")``, ``name="Compare"``); then no word a
child reads says "war" or 戦争: the table is called by the name, and the tie that starts a war is
"once more", the children's page's own word for it, もう一勝負 ([001]: 「このページでは、その場面を
「もう一勝負」と呼んでいます」; the children's register already says もういっしょうぶ).  The words are
the text layer's own: :func:`renamed` turns a line made by ``i18n`` or ``narration`` into the
neutral one, and :func:`named_label` gives the labels that carry the name.

>>> renamed("7 and 7 tie: war!", "en")
'7 and 7 tie: once more!'
>>> renamed("戦争です！\u30001枚ずつ伏せて、次の1枚で勝負します。", "ja")
'もう一勝負です！\u30001枚ずつ伏せて、次の1枚で勝負します。'
"""
from __future__ import annotations

import re

from .i18n import label, register

__all__ = ["MAX_NAME", "check_name", "renamed", "named_label", "WAR_WORDS"]

MAX_NAME = 40
# A word a child must not read once the game is renamed (tests check every string with it).
WAR_WORDS = re.compile(r"\bwars?\b|戦争|せんそう", re.IGNORECASE)

_EN: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), r) for p, r in (
    (r"\bWAR!", "ONCE MORE!"),
    (r"\bDouble war\b", "Tie again"), (r"\bTriple war\b", "Third tie"), (r"\bWar number (\d+)", r"Tie number \1"),
    (r"\bWar!", "Once more!"), (r"\bwar!", "once more!"),
    (r"\bWars\b", "Tie-breaks"), (r"\bwars\b", "tie-breaks"), (r"\bWar\b", "Tie-break"), (r"\bwar\b", "tie-break"),
))
_JA = (("戦争", "もう一勝負"), ("せんそう", "もういっしょうぶ"))
_KIDS = (("戦争", "もういっしょうぶ"), ("せんそう", "もういっしょうぶ"))

# The labels that name the table: with a name, the name instead of War / 戦争.
_NAMED = {
    "title": {"en": "{game}", "ja": "{game}", "ja_kids": "{game}", "ja_kana": "{game}"},
    "table_name": {"en": "{game} table. {counts}. {progress}.", "ja": "「{game}」のテーブル。{counts}。{progress}。",
                   "ja_kids": "「{game}」の テーブル。{counts}。{progress}。",
                   "ja_kana": "「{game}」の テーブル。{counts}。{progress}。"},
}


def check_name(name: object) -> str | None:
    """``name`` if it is a name a page can show (None: the game keeps its own name), else a
    ValueError saying what is allowed."""
    if name is None:
        return None
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME or any(c in name for c in "\r\n\t"):
        raise ValueError(f"name must be None (the game's own name) or the game's name on the page, 1 to "
                         f"{MAX_NAME} characters on one line (e.g. 'Compare' or 'かずくらべ'); got {name!r}")
    if WAR_WORDS.search(name):
        raise ValueError(f"name renames the game where 'war' is unwelcome, so it cannot say war itself; got {name!r}")
    return name.strip()


def renamed(text: str, lang: str = "en") -> str:
    """``text`` with every word of war replaced by the neutral one of its register."""
    reg = register(lang)
    if reg == "en":
        for pattern, replacement in _EN:
            text = pattern.sub(replacement, text)
        return text
    for bad, good in (_KIDS if reg in ("ja_kids", "ja_kana") else _JA):
        text = text.replace(bad, good)
    return text


def named_label(key: str, lang: str, game_name: str | None, **fields: object) -> str:
    """``label(key, lang, **fields)``, said under the game's name when one is set."""
    reg = register(lang)
    if game_name is None:
        return label(key, reg, **fields)
    if key in _NAMED:
        return _NAMED[key][reg].format(game=game_name, **fields)
    return renamed(label(key, reg, **fields), reg)
