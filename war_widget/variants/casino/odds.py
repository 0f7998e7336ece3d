"""Casino War's exact odds: the house edge of each choice on a tie (go to war or surrender) and of
the tie bet, as fractions over a fresh shoe.  The two choices are the variant's only policies;
these are their exact costs (no simulation).

>>> house_edge(6, "war")
Fraction(142853, 4965115)
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction

from .hands import CHOICES, TIE_BET_PAYS, _check_decks

__all__ = ["house_edge", "house_edge_percent", "tie_bet_edge", "tie_bet_edge_percent", "tie_probability",
           "war_odds", "expected_loss_given_tie", "odds_table", "OddsRow"]

# All odds are exact fractions over a fresh shoe of 52*d cards, 4*d of each of
# the 13 ranks, drawing without replacement. No simulation is involved.


def _pair_ways(counts: Sequence[int]) -> tuple[int, int, int, int]:
    """Ordered ways for (player higher, tie, dealer higher) and all ways, for two cards from `counts`."""
    higher = tie = lower = 0
    for a, ca in enumerate(counts):
        for b, cb in enumerate(counts):
            ways = ca * (cb - (a == b))
            if a > b:
                higher += ways
            elif a == b:
                tie += ways
            else:
                lower += ways
    total = sum(counts)
    return higher, tie, lower, total * (total - 1)


def tie_probability(decks: int) -> Fraction:
    """P(the first two cards tie) = (4d - 1) / (52d - 1)."""
    _, tie, _, total = _pair_ways([4 * _check_decks(decks)] * 13)
    return Fraction(tie, total)


def war_odds(decks: int) -> tuple[Fraction, Fraction, Fraction]:
    """Exact (P(player's war card higher), P(war cards tie), P(dealer's higher)), given a first tie.

    Why the 3 burns drop out: they are dealt face down and never seen, so
    nothing is learned from them. Every order of the N-2 cards left after the
    tie is equally likely, and the war cards (positions 4 and 5 of that order)
    have the same joint law as positions 1 and 2: two cards drawn from the
    shoe minus the tied pair. The tied rank has 2 fewer copies, which is what
    makes a second tie a little less likely than the first.
    """
    fresh = [4 * _check_decks(decks)] * 13
    sums = [Fraction(0)] * 3
    for rank in range(13):  # each rank is the tied one with probability 1/13
        counts = list(fresh)
        counts[rank] -= 2
        higher, tie, lower, total = _pair_ways(counts)
        sums = [s + Fraction(w, 13 * total) for s, w in zip(sums, (higher, tie, lower), strict=True)]
    return sums[0], sums[1], sums[2]


def expected_loss_given_tie(decks: int, choice: str = "war", tie_bonus: bool = False) -> Fraction:
    """Expected loss, in original bets, once the first cards have tied: 1/2 for surrender."""
    if choice not in CHOICES:
        raise ValueError(f"choice must be 'war' or 'surrender', got {choice!r}")
    if choice == "surrender":
        _check_decks(decks)
        return Fraction(1, 2)
    win, tie, lose = war_odds(decks)
    return -(win * 1 + tie * (2 if tie_bonus else 1) - lose * 2)


def house_edge(decks: int, choice: str = "war", tie_bonus: bool = False) -> Fraction:
    """Exact house edge per unit of original bet (positive: the house wins on average).

    A non-tie is a fair coin (win and lose are equally likely by symmetry), so
    the whole edge comes from ties: P(tie) times the expected loss given a tie.
    """
    _, tie, _, total = _pair_ways([4 * _check_decks(decks)] * 13)
    return Fraction(tie, total) * expected_loss_given_tie(decks, choice, tie_bonus)


def tie_bet_edge(decks: int, pays: int = TIE_BET_PAYS) -> Fraction:
    """Exact house edge of the tie bet paying `pays`:1 on a first-card tie."""
    p = tie_probability(decks)
    return -(p * pays - (1 - p))


def house_edge_percent(decks: int, choice: str = "war", tie_bonus: bool = False) -> float:
    """`house_edge` as a percentage (2.88 for 6 decks and war)."""
    return float(100 * house_edge(decks, choice, tie_bonus))


def tie_bet_edge_percent(decks: int, pays: int = TIE_BET_PAYS) -> float:
    """`tie_bet_edge` as a percentage (18.65 for 6 decks at 10:1)."""
    return float(100 * tie_bet_edge(decks, pays))


@dataclass(frozen=True)
class OddsRow:
    """Exact odds for one shoe size: house edges per original bet, as fractions."""

    decks: int
    tie_probability: Fraction
    war: Fraction
    surrender: Fraction
    tie_bet: Fraction

    def percents(self) -> dict[str, float]:
        """The three edges in percent, keyed 'war', 'surrender', 'tie_bet'."""
        return {k: float(100 * getattr(self, k)) for k in ("war", "surrender", "tie_bet")}


def odds_table(decks_list: Iterable[int] = (1, 2, 4, 6, 8), tie_bonus: bool = False) -> list[OddsRow]:
    """One `OddsRow` per shoe size: the table the notebook prints."""
    return [OddsRow(d, tie_probability(d), house_edge(d, "war", tie_bonus), house_edge(d, "surrender"),
                    tie_bet_edge(d)) for d in decks_list]
