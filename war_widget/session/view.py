"""What a War table shows at one moment (``TableView``), and the teaching aid's comparison.

Owned by the session (it builds one after every beat); drawn by any view: the canvas layout
(``views/war/layout.py``), the notebook component, a test."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..game.cards import Card
from ..game.engine import TableCard
from ..game.rules import Rules
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


def compare_text(cards: Sequence[tuple[int, Card]], winner: int | None, tied: Sequence[int],
                 war_word: str = "WAR!", values: Sequence[tuple[int, int]] = (), rules: Rules | None = None) -> str:
    """The teaching aid for a comparison the engine made: "9 > 7", "7 < 9", "Q = Q  WAR!"; under
    the school variants (the event's ``values``) both values, "7 + 5 = 12 > 3 + 6 = 9".

    The relation comes from the engine's ``winner`` / ``tied``, never from comparing here."""
    if values and rules is not None:
        return compare_line(cards, values, winner, tied, rules, war_word)
    names = {p: rank_glyph(c) for p, c in cards}  # a joker is its card's big star in any language
    if len(cards) == 2:
        (p, _a), (q, _b) = cards
        if winner is None:
            return f"{names[p]} = {names[q]}  {war_word}"
        return f"{names[p]} {'>' if winner == p else '<'} {names[q]}"
    if winner is None:
        return " = ".join(names[p] for p in tied) + f"  {war_word}"
    return f"{names[winner]} > " + ", ".join(names[p] for p, _ in cards if p != winner)
