"""Rules compiled for the batch simulator: card codes, lookup tables and flags.

A card is a small code ``strength_index * 4 + suit`` (uint8), so comparing two cards is
comparing ``code >> 2``, and the code still tells every card apart (positions, cycles)."""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cards import JOKER, SUITS, Card
from ..events import Termination
from ..rules import Rules

__all__ = ["Plan", "unsupported_reason", "REASON_CODES", "NAMED_GATHERS"]

REASON_CODES = {t: i for i, t in enumerate(Termination)}
NAMED_GATHERS = ("shuffle", "played", "winner_first", "high_first", "low_first", "strong")
CAPTURE_CODES = {"bottom": 0, "won_pile": 1, "aside": 2}


def unsupported_reason(rules: Rules) -> str | None:
    """Why the batch simulator cannot play these rules (None when it can)."""
    if rules.players != 2:
        return f"the batch simulator plays two players; these rules have {rules.players}"
    for p in range(2):
        g = rules.gather_for(p)
        if callable(g) or g not in NAMED_GATHERS:
            return f"player {p + 1}'s gather order is a callable policy; the batch simulator needs a named order"
    return None


def _suit_index(card: Card) -> int:
    return ("R", "B").index(card.suit) if card.rank == JOKER else SUITS.index(card.suit)


@dataclass(frozen=True, eq=False)
class Plan:
    """Everything the batch step needs to know about the rules, as numbers and tables."""

    rules: Rules
    deck: np.ndarray          # codes of rules.deck_cards in the engine's fixed order
    rank: np.ndarray          # code -> card rank (2..15)
    need: np.ndarray          # code -> cards each player plays in a war after a tie on it
    code_of: dict             # Card -> code
    card_of: dict             # code -> Card
    capture: int              # 0 bottom, 1 won pile, 2 aside
    gather: tuple             # per player: a name of NAMED_GATHERS
    ace_index: int            # low_beats_ace: strength index of an ace (-1 if the rule is off)
    low_index: int            # ... and of the deck's lowest rank
    detect_cycles: bool

    @classmethod
    def compile(cls, rules: Rules) -> "Plan":
        reason = unsupported_reason(rules)
        if reason:
            raise ValueError(reason)
        cards = rules.deck_cards
        strengths = sorted({rules.strength(c) for c in cards})
        code_of = {c: strengths.index(rules.strength(c)) * 4 + _suit_index(c) for c in cards}
        card_of = {v: k for k, v in code_of.items()}
        rank = np.zeros(64, dtype=np.int64)
        need = np.ones(64, dtype=np.int64)
        for c, code in code_of.items():
            rank[code] = c.rank
            need[code] = rules.war_cards(c.rank)
        ace = low = -1
        if rules.rank_order == "low_beats_ace":
            ace = strengths.index(rules.strength(Card(14, "S")))
            low = strengths.index(rules.strength(Card(rules.lowest_rank, "S")))
        detect = (rules.round_limit is None and not rules.has_randomness_after_deal
                  and rules.capture != "aside")   # aside: hands only shrink, no position repeats
        return cls(rules, np.array([code_of[c] for c in cards], dtype=np.uint8), rank, need, code_of, card_of,
                   CAPTURE_CODES[rules.capture], (rules.gather_for(0), rules.gather_for(1)), ace, low, detect)

    def encode(self, hand) -> list[int]:
        """Codes of a hand of Cards (or card strings)."""
        return [self.code_of[c if isinstance(c, Card) else Card.parse(c)] for c in hand]
