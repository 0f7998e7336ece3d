"""Casino War's values: ranks (2..14, ace high, suits never matter), how a hand ended, the record of
one hand, and the checks of the table's numbers (decks, chips).  Used by the session
(``game``), the exact odds (``odds``), the text and the widget.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

__all__ = ["Outcome", "HandResult", "parse_rank", "rank_name", "MIN_DECKS", "MAX_DECKS", "TIE_BET_PAYS",
           "BURN_CARDS", "CHOICES", "RESHUFFLE_FRACTION"]

MIN_DECKS, MAX_DECKS = 1, 8
TIE_BET_PAYS = 10
BURN_CARDS = 3
CHOICES = ("war", "surrender")
#: Before each hand the shoe is reshuffled when fewer than this share of it is
#: left (a casino's cut card). A quarter of even one deck is 13 cards, more than
#: the 7 a hand can use, so a war never runs out of cards halfway.
RESHUFFLE_FRACTION = Fraction(1, 4)

_RANK_NAMES = {11: "J", 12: "Q", 13: "K", 14: "A"}
_NAME_RANKS = {"J": 11, "Q": 12, "K": 13, "A": 14, "T": 10}


def rank_name(rank: int) -> str:
    """'2'..'10', 'J', 'Q', 'K', 'A' for a rank 2..14."""
    return _RANK_NAMES.get(rank, str(rank))


def parse_rank(card: int | str) -> int:
    """A rank 2..14 from an int or a name like '10', 'k' or 'A' (ace high)."""
    if isinstance(card, str):
        text = card.strip().upper()
        rank = _NAME_RANKS.get(text) or (int(text) if text.isdigit() else 0)
    elif isinstance(card, numbers.Integral) and not isinstance(card, bool):
        rank = int(card)
    else:
        rank = 0
    if not 2 <= rank <= 14:
        raise ValueError(f"card {card!r} is not a rank: use 2..14 or '2'..'10', 'J', 'Q', 'K', 'A'")
    return rank


def _money(x: float) -> float:
    """Whole amounts as int, halves (from a surrender) as float; both are exact."""
    return int(x) if float(x).is_integer() else float(x)


def _check_decks(decks: object) -> int:
    if isinstance(decks, bool) or not isinstance(decks, numbers.Integral):
        raise ValueError(f"decks must be a whole number from {MIN_DECKS} to {MAX_DECKS}, got {decks!r}")
    count = int(decks)
    if not MIN_DECKS <= count <= MAX_DECKS:
        raise ValueError(f"decks must be from {MIN_DECKS} to {MAX_DECKS} (6 is the casino standard), got {decks}")
    return count


MAX_BANKROLL = 10**12        # chips; a float holds every half chip up to far beyond this
MAX_HANDS = 1_000_000        # hands in one play_hands() call (a few seconds)


def _check_bankroll(bankroll: object) -> float:
    """A bankroll of whole (or half) chips from 1 to MAX_BANKROLL: with less than one chip no bet
    is possible; infinity would let play_hands() run forever."""
    allowed = f"a number of chips from 1 to {MAX_BANKROLL:,} (whole or half chips)"
    if isinstance(bankroll, bool) or not isinstance(bankroll, numbers.Real):
        raise ValueError(f"bankroll must be {allowed}; got {_short(bankroll)}")
    if isinstance(bankroll, numbers.Integral):
        if not 1 <= int(bankroll) <= MAX_BANKROLL:
            raise ValueError(f"bankroll must be {allowed}; got {_short(bankroll)}")
        return int(bankroll)
    value = float(bankroll)
    if not 1 <= value <= MAX_BANKROLL or not (2 * value).is_integer():   # nan fails the first test
        raise ValueError(f"bankroll must be {allowed}; got {_short(bankroll)}")
    return _money(value)


def _short(value: object) -> str:
    """``repr(value)``, cut to 60 characters (a 400-digit number is not echoed whole)."""
    try:
        text = repr(value)
    except ValueError:           # an int too long for repr
        text = f"a {type(value).__name__} too large to show"
    return text if len(text) <= 60 else text[:57] + "..."


def check_flag(value: object, what: str) -> bool:
    """``value`` if it is True or False ("no" or 1 are not)."""
    if not isinstance(value, bool):
        raise ValueError(f"{what} must be True or False; got {_short(value)}")
    return value


def check_hands(value: object) -> int:
    """A number of hands for play_hands(): a whole number from 0 to MAX_HANDS."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= int(value) <= MAX_HANDS:
        raise ValueError(f"the number of hands must be a whole number from 0 to {MAX_HANDS:,}; got {_short(value)}")
    return int(value)


def _check_seed(seed: object) -> int | None:
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, numbers.Integral)):
        raise ValueError(f"seed must be an int or None, got {seed!r}")
    return None if seed is None else int(seed)


def _check_chips(value: object, what: str, *, allow_zero: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{what} must be a whole number of chips, got {_short(value)}")
    if value < 0 or (value == 0 and not allow_zero):
        allowed = "zero or more" if allow_zero else "positive (1 or more)"
        raise ValueError(f"{what} must be {allowed}, got {_short(value)}")
    return int(value)


check_chips = _check_chips    # the public name, for the views


# --------------------------------------------------------------- hand records


class Outcome(str, Enum):
    """How a hand ended; compares equal to its string value ("win", ...)."""

    TIE = "tie"  # not an end: the first cards tied and a choice is pending
    WIN = "win"
    LOSE = "lose"
    SURRENDER = "surrender"
    WAR_WIN = "war_win"
    WAR_LOSE = "war_lose"
    WAR_TIE = "war_tie"  # war cards tied, no bonus: the player wins the raise
    WAR_TIE_BONUS = "war_tie_bonus"  # war cards tied, bonus rule on

    def __repr__(self) -> str:
        return f"Outcome.{self.name}"

    def __str__(self) -> str:
        return self.value


@dataclass(frozen=True)
class HandResult:
    """One hand: cards in deal order, outcome and money.

    `net` is the whole change of the bankroll, tie bet included; `tie_bet_net`
    is the tie bet's part. A record with outcome TIE is what `deal()` returns
    while the war-or-surrender choice is pending; it never enters the history.
    """

    number: int
    outcome: Outcome
    bet: int
    player: int
    dealer: int
    net: float
    bankroll: float
    tie_bet: int = 0
    tie_bet_net: float = 0
    burns: tuple[int, ...] = ()
    war_player: int | None = None
    war_dealer: int | None = None

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card of the hand in the order dealt (player, dealer, burns, war pair)."""
        war = () if self.war_player is None else (self.war_player, self.war_dealer)
        return (self.player, self.dealer, *self.burns, *war)

    @property
    def is_pending(self) -> bool:
        return self.outcome is Outcome.TIE

    @property
    def went_to_war(self) -> bool:
        return self.war_player is not None

    def describe(self) -> str:
        """One sentence of narration, e.g. 'You K vs dealer 7: you win $10.'"""
        first = f"You {rank_name(self.player)} vs dealer {rank_name(self.dealer)}"
        tie = ""
        if self.tie_bet:
            tie = f" Tie bet {'wins' if self.tie_bet_net > 0 else 'loses'} ${abs(self.tie_bet_net)}."
        main = _money(self.net - self.tie_bet_net)
        if self.outcome is Outcome.TIE:
            return f"{first}: a tie!{tie} Go to war (raise ${self.bet}) or surrender (lose ${_money(self.bet / 2)})?"
        if self.outcome in (Outcome.WIN, Outcome.LOSE):
            return f"{first}: you {self.outcome.value} ${abs(main)}.{tie}"
        if self.outcome is Outcome.SURRENDER:
            return f"{first}: tie, you surrender and lose ${-main}.{tie}"
        assert self.war_player is not None and self.war_dealer is not None   # every other outcome went to war
        war = (f"{first}: tie, war! Dealer burns 3; "
               f"you {rank_name(self.war_player)} vs dealer {rank_name(self.war_dealer)}")
        verdict = {
            Outcome.WAR_WIN: f"you win ${main}",
            Outcome.WAR_LOSE: f"you lose ${-main}",
            Outcome.WAR_TIE: f"tie again, you win ${main}",
            Outcome.WAR_TIE_BONUS: f"tie again, you win ${main} with the bonus",
        }[self.outcome]
        return f"{war}: {verdict}.{tie}"
