"""Orders in which a winner returns the cards it won (``gather``).

Named orders are pure functions of the cards and the rules.  ``strong`` is the computer's own
policy ("strong CPU" [001]); how much it helps is measured in benchmarks and notebook 06.
"""
from __future__ import annotations

from typing import Sequence

from .cards import Card
from .rules import Rules

__all__ = ["named_order"]


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
    raise ValueError(f"unknown gather order {name!r}")


def strong_order(cards: Sequence[Card], rules: Rules) -> list[Card]:
    """The strong computer: highest card first, so it comes back soonest."""
    return sorted(cards, key=rules.strength, reverse=True)
