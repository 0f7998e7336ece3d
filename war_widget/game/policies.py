"""Orders in which a winner returns the cards it won (``gather``), and the strong computer.

Named orders are pure functions of the won cards (in the order they reached the table) and the
rules, so the engine and the batch simulator apply them identically (:func:`strong_keys` gives the
strong order's sort keys for many tables at once, :func:`strong_order` applies them to one).  Plain
Python, no numpy: the game layer imports no array library (``sorted()`` is stable, as the order needs).

The strong computer ("strong CPU" [001])
----------------------------------------
``gather="strong"`` returns the won cards **highest first** (equal ranks in the order they were
played).  It is the best of the orders we tried against a player who shuffles what it wins:
``played``, ``winner_first``, ``high_first``, ``low_first``, high-low interleavings, "highest,
then the rest lowest first", pairs high-high-low-low, and "highest first only when the higher
card is at least 5 / 8 / 11 / 13".  Highest-first was best or tied-best in each preset tried
(kids, pagat, three_down), so ``strong`` is that order (the same order as ``gather="high_first"``).

Measured with the batch simulator, strong player against a shuffling player, 200,000 games per
preset (100,000 with the strong player in each seat), win rate and 95% interval
(``war_widget.sim.policy_study.measure_policy(preset, games=200_000, seed=2026)``; the measuring
lives in the simulator layer, which imports this module, never the reverse):

============  ===========================
preset        strong player's win rate
============  ===========================
kids          53.05%  (52.83% to 53.27%)
pagat         69.54%  (69.34% to 69.74%)
three_down    62.87%  (62.65% to 63.08%)
============  ===========================

So "strong" is really stronger, a little without face-down cards (kids) and a lot with them
(about 7 games in 10 in pagat).  Where won cards are shuffled again before they are played
(``capture="won_pile"`` with ``shuffle_won_pile=True``, the classic presets) the order cannot
matter, and it does not: in classic_long, 100,000 games, strong 48.2% wins, 47.9% losses,
3.9% draws (notebook 06 shows these and more presets).  An honest label for the widget:
"Strong: puts the cards it wins back highest first, which wins about 53% of kids games and
about 70% of pagat games against the easy computer (no effect in the classic presets, where
won cards are shuffled)".
"""
from __future__ import annotations

from collections.abc import Sequence

from .cards import Card
from .rules import Rules

__all__ = ["named_order", "strong_order", "strong_keys", "strength_index", "STRONG_FIGURES", "STRONG_SEED",
           "STRONG_GAMES"]

STRONG_SEED = 2026
STRONG_GAMES = 200_000
# preset: (strong player's wins, games) from measure_policy(preset, games=STRONG_GAMES, seed=STRONG_SEED)
STRONG_FIGURES: dict[str, tuple[int, int]] = {
    "kids": (106_101, 200_000),
    "pagat": (139_081, 200_000),
    "three_down": (125_732, 200_000),
}


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
    """The strong computer's order for one table (see :func:`strong_keys`)."""
    cards = list(cards)
    if len(cards) < 2:
        return cards
    keys = strong_keys([strength_index(cards, rules)], [len(cards)])[0]
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]     # stable: ties keep played order


def strong_keys(strengths: Sequence[Sequence[int]], lengths: Sequence[int]) -> list[list[int]]:
    """Sort keys of the strong order for many tables at once: row ``i`` holds the strength
    indices of one table's cards in played order (its first ``lengths[i]`` entries count);
    cards go back by increasing key, equal keys in played order.  Highest first."""
    return [[-int(value) for value in row] for row in strengths]
