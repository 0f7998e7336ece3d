"""Orders in which a winner returns the cards it won (``gather``).

Named orders are pure functions of the won cards (in the order they reached the table) and the
rules, so the engine and the batch simulator apply them identically.  ``strong`` is the
computer's own policy ("strong CPU" [001]); what it is worth is measured, not assumed: see
``STRONG_FIGURES`` below and notebook 06.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

from .cards import Card
from .rules import Rules

__all__ = ["named_order", "strong_order", "strong_keys", "strength_index"]


def named_order(name: str, cards: Sequence[Card], rules: Rules) -> list[Card]:
    """Reorder ``cards`` (given in the order they reached the table) by a named order."""
    if name == "played":
        return list(cards)
    if name == "high_first":
        return sorted(cards, key=rules.strength, reverse=True)
    if name == "low_first":
        return sorted(cards, key=rules.strength)
    if name == "strong":
        return strong_order(cards, rules)
    raise ValueError(f"unknown gather order {name!r}; named orders are played, high_first, low_first, strong")


def strength_index(cards: Sequence[Card], rules: Rules) -> list[int]:
    """Each card's place among the deck's distinct strengths (0 = weakest)."""
    levels = sorted({rules.strength(c) for c in rules.deck_cards})
    return [levels.index(rules.strength(c)) for c in cards]


def strong_order(cards: Sequence[Card], rules: Rules) -> list[Card]:
    """The strong computer's order (see :func:`strong_keys`)."""
    cards = list(cards)
    if len(cards) < 2:
        return cards
    keys = strong_keys(np.array([strength_index(cards, rules)], dtype=np.int64), np.array([len(cards)]))[0]
    return [cards[i] for i in np.argsort(keys, kind="stable")]


def strong_keys(strengths: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Sort keys of the strong order for many tables at once: row ``i`` holds the strength
    indices of one table's cards in played order (its first ``lengths[i]`` entries count);
    cards go back by increasing key, equal keys in played order.  Used by the engine (one
    row) and by the batch simulator (many rows), so both apply exactly the same order."""
    return -strengths
