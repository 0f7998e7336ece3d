"""What a War table shows at one moment (``TableView``), and the teaching aid's comparison.

Owned by the session (it builds one after every beat); drawn by any view: the canvas layout
(``views/war/layout.py``), the notebook component, a test."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..game.cards import Card
from ..game.engine import TableCard
from ..game.rules import Rules
from ..text.i18n import register
from ..text.i18n_ja import to_kana
from ..text.number_mode import plain_number_order
from ..text.school import compare_line

__all__ = ["TableView", "compare_text", "rank_glyph"]


@dataclass(frozen=True)
class TableView:
    """A snapshot of everything the table shows.  Built from the engine's public state by the
    session (``hands`` and ``won`` are pile sizes; a player's count is their sum)."""

    names: tuple[str, ...]
    hands: tuple[int, ...]
    won: tuple[int, ...]
    table: tuple[TableCard, ...] = ()
    out: tuple[bool, ...] = ()
    capture: str = "won_pile"
    total: int = 52
    progress: float | None = None      # 0..1 of the limit in force, None without a limit
    progress_text: str = ""
    waiting: tuple[int, ...] = ()      # two players: seats whose card waits face down
    aid: str | None = None             # the teaching aid "9 > 7"
    banner: str | None = None          # "WAR!", "You win!"
    winner: int | None = None          # highlighted pile / card
    values: dict[int, int] = field(default_factory=dict)  # rank -> value shown on face cards (aids)

    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def counts(self) -> tuple[int, ...]:
        return tuple(h + w for h, w in zip(self.hands, self.won, strict=True))


def rank_glyph(card: Card) -> str:
    """The big sign of a card: its rank, or a star for a joker."""
    return "★" if card.is_joker else card.rank_name


_STRENGTH_WORDS = {
    "en": {"beats": "{w} beats {l}", "strongest": "{w} is the strongest", "tie": "{a} and {b} are just as strong"},
    "ja": {"beats": "{w}は{l}より強い", "strongest": "{w}がいちばん強い", "tie": "{a}と{b}は同じ強さ"},
    "ja_kids": {"beats": "{w}は {l}より つよい", "strongest": "{w}が いちばん つよい",
                "tie": "{a}と {b}は おなじ つよさ"},
}
_STRENGTH_WORDS["ja_kana"] = {key: to_kana(text) for key, text in _STRENGTH_WORDS["ja_kids"].items()}


def compare_text(cards: Sequence[tuple[int, Card]], winner: int | None, tied: Sequence[int],
                 war_word: str = "WAR!", values: Sequence[tuple[int, int]] = (), rules: Rules | None = None,
                 lang: str = "en") -> str:
    """The teaching aid for a comparison the engine made.

    ``>`` ``=`` ``<`` are for numbers only: where the battle's order is the numbers (no ``rules``,
    or ``plain_number_order``: the number lessons) "9 > 7", "7 > A" (A = 1), "Q = Q  WAR!"; under
    the school variants (the event's ``values``) "7 + 5 > 3 + 6" then "12 > 9"; under any other
    rules words for strength, "A beats K" / "Aは Kより つよい", never "A > K" (an ace is 1).  Two
    cards of one rank that tie are equal numbers, "Q = Q", in every order.

    The relation comes from the engine's ``winner`` / ``tied``, never from comparing here."""
    if values and rules is not None:
        return compare_line(cards, values, winner, tied, rules, war_word)
    names = {p: rank_glyph(c) for p, c in cards}  # a joker is its card's big star in any language
    numbers = rules is None or plain_number_order(rules)
    tail = f"  {war_word}"
    if winner is None:
        ranks = {c.rank for p, c in cards if p in tied}
        if numbers or (len(ranks) == 1 and not any(c.is_joker for p, c in cards if p in tied)):
            return " = ".join(names[p] for p in tied) + tail
        words = _STRENGTH_WORDS[register(lang)]
        first, *rest = tied
        return words["tie"].format(a=names[first], b="、".join(names[p] for p in rest) if register(lang) != "en"
                                   else ", ".join(names[p] for p in rest)) + tail
    if numbers:
        if len(cards) == 2:
            (p, _a), (q, _b) = cards
            return f"{names[p]} {'>' if winner == p else '<'} {names[q]}"
        return f"{names[winner]} > " + ", ".join(names[p] for p, _ in cards if p != winner)
    words = _STRENGTH_WORDS[register(lang)]
    if len(cards) == 2:
        loser = next(p for p, _ in cards if p != winner)
        return words["beats"].format(w=names[winner], l=names[loser])
    return words["strongest"].format(w=names[winner])
