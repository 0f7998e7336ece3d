"""Casino War: the player against the dealer from a shoe, with exact odds.

One card each, the higher rank wins even money. On a tie the player either
*surrenders* (loses half the bet) or *goes to war*: raises a second bet equal to
the first, the dealer burns three cards, and one more card is dealt to each. If
the player's war card is equal or higher, the player wins the raise only (on a
$10 bet: win $10 or lose $20). An optional tie bet pays 10:1 when the first two
cards tie. Suits never matter, so the shoe holds ranks 2..14 (ace high).

This module is pure Python (no widget imports) and uses its own seeded
SplitMix64 generator, so a seed replays a whole session on any machine.

>>> table = CasinoWar.from_shoe(["K", "7", "9", "9", "2", "3", "4", "Q", "J"])
>>> table.play_hand(10).outcome
Outcome.WIN
>>> table.play_hand(10, choice="war").net
10
>>> table.bankroll_history
[1000, 1010, 1020]
>>> house_edge(6, "war")
Fraction(142853, 4965115)
"""
from __future__ import annotations

import numbers
import secrets
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction
from typing import Iterable, Sequence

from .game.rng import SplitMix64

__all__ = [
    "CasinoWar", "HandResult", "Outcome", "OddsRow", "SplitMix64",
    "house_edge", "house_edge_percent", "tie_bet_edge", "tie_bet_edge_percent",
    "tie_probability", "war_odds", "expected_loss_given_tie", "odds_table",
    "parse_rank", "rank_name",
]

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
    if not MIN_DECKS <= decks <= MAX_DECKS:
        raise ValueError(f"decks must be from {MIN_DECKS} to {MAX_DECKS} (6 is the casino standard), got {decks}")
    return int(decks)


def _check_chips(value: object, what: str, *, allow_zero: bool = False) -> int:
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise ValueError(f"{what} must be a whole number of chips, got {value!r}")
    if value < 0 or (value == 0 and not allow_zero):
        allowed = "zero or more" if allow_zero else "positive (1 or more)"
        raise ValueError(f"{what} must be {allowed}, got {value}")
    return int(value)


# ------------------------------------------------------------------ randomness


# The project's one generator (war_widget.game.rng), so a seed means the same shoe everywhere.


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
        war = f"{first}: tie, war! Dealer burns 3; you {rank_name(self.war_player)} vs dealer {rank_name(self.war_dealer)}"
        verdict = {
            Outcome.WAR_WIN: f"you win ${main}",
            Outcome.WAR_LOSE: f"you lose ${-main}",
            Outcome.WAR_TIE: f"tie again, you win ${main}",
            Outcome.WAR_TIE_BONUS: f"tie again, you win ${main} with the bonus",
        }[self.outcome]
        return f"{war}: {verdict}.{tie}"


# -------------------------------------------------------------------- session


class CasinoWar:
    """A Casino War session against the dealer: bet, deal, then war or surrender.

    Money: bets and tie bets are whole chips; bankroll and `net` are exact
    (a surrender of an odd bet gives a half chip). `tie_bet=True` places a tie
    bet equal to the main bet with every `bet()` unless told otherwise.
    `tie_bonus=True` pays the war-tie bonus: when the war cards tie again, the
    raise wins a bonus equal to the original bet, so the hand nets +2 bets
    instead of +1 (a common casino rule; off by default, as in RULES.md).
    """

    def __init__(self, decks: int = 6, tie_bet: bool = False, tie_bonus: bool = False,
                 seed: int | None = None, bankroll: float = 1000) -> None:
        self.decks: int | None = _check_decks(decks)
        if isinstance(bankroll, bool) or not isinstance(bankroll, numbers.Real) or not bankroll > 0:
            raise ValueError(f"bankroll must be a positive number, got {bankroll!r}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, numbers.Integral)):
            raise ValueError(f"seed must be an int or None, got {seed!r}")
        self.tie_bet = bool(tie_bet)
        self.tie_bonus = bool(tie_bonus)
        self.seed: int | None = secrets.randbits(63) if seed is None else int(seed)
        self._rng = SplitMix64(self.seed)
        self._bankroll: float = _money(bankroll)
        self.bankroll_history: list[float] = [self._bankroll]
        self.history: list[HandResult] = []
        self.shuffles = 0
        self._bet = 0
        self._tie_stake = 0
        self._pending: HandResult | None = None
        self._scripted = False
        self._shoe: list[int] = []
        self._next = 0
        self._reshuffle()

    @classmethod
    def from_shoe(cls, cards: Iterable[int | str], *, tie_bet: bool = False,
                  tie_bonus: bool = False, bankroll: float = 1000) -> CasinoWar:
        """A session dealing exactly `cards`, in order, never reshuffled (for tests and demos).

        Order: player card, dealer card; after a tie and war: 3 burns, player, dealer.
        """
        shoe = [parse_rank(c) for c in cards]
        table = cls(decks=1, tie_bet=tie_bet, tie_bonus=tie_bonus, seed=0, bankroll=bankroll)
        table.decks, table.seed, table._scripted = None, None, True
        table._shoe, table._next, table.shuffles = shoe, 0, 0
        return table

    def __repr__(self) -> str:
        if self._scripted:
            names = [rank_name(c) for c in self._shoe]
            return (f"CasinoWar.from_shoe({names!r}, tie_bet={self.tie_bet}, "
                    f"tie_bonus={self.tie_bonus}, bankroll={self.bankroll_history[0]!r})")
        return (f"CasinoWar(decks={self.decks}, tie_bet={self.tie_bet}, tie_bonus={self.tie_bonus}, "
                f"seed={self.seed}, bankroll={self.bankroll_history[0]!r})")

    # ---- state

    @property
    def bankroll(self) -> float:
        return self._bankroll

    @property
    def current_bet(self) -> int:
        """The main bet placed for the next (or pending) hand; 0 if none."""
        return self._bet

    @property
    def current_tie_bet(self) -> int:
        return self._tie_stake

    @property
    def pending(self) -> HandResult | None:
        """The tied hand waiting for war or surrender, else None."""
        return self._pending

    @property
    def cards_left(self) -> int:
        return len(self._shoe) - self._next

    @property
    def is_scripted(self) -> bool:
        return self._scripted

    def can_afford_war(self) -> bool:
        """Going to war risks two bets; the bankroll must cover losing both."""
        return self._pending is not None and self._bankroll >= 2 * self._bet

    def legal_actions(self) -> list[str]:
        """What may be called now: 'bet', 'deal', 'war', 'surrender'."""
        if self._pending is not None:
            return ["war", "surrender"] if self.can_afford_war() else ["surrender"]
        actions = ["bet"] if self._bankroll >= 1 else []
        if self._bet:
            actions.append("deal")
        return actions

    # ---- actions

    def bet(self, amount: int, tie_bet: int | None = None) -> None:
        """Place (or replace) the bet for the next hand; `tie_bet` None follows the table's setting."""
        if self._pending is not None:
            raise ValueError("a tie is pending: choose go_to_war() or surrender() before betting again")
        amount = _check_chips(amount, "bet")
        stake = amount if (tie_bet is None and self.tie_bet) else (tie_bet or 0)
        stake = _check_chips(stake, "tie bet", allow_zero=True)
        if amount + stake > self._bankroll:
            extra = f" + tie bet {stake}" if stake else ""
            raise ValueError(f"bet of {amount}{extra} is more than the bankroll of {self._bankroll}; "
                             f"bets may total at most {self._bankroll}")
        self._bet, self._tie_stake = amount, stake

    def clear_bet(self) -> None:
        """Take the bet back before the deal."""
        if self._pending is not None:
            raise ValueError("a tie is pending: the bet is in play; choose go_to_war() or surrender()")
        self._bet = self._tie_stake = 0

    def deal(self) -> HandResult:
        """Deal one card each. Returns the finished hand, or a TIE record awaiting a choice."""
        if self._pending is not None:
            raise ValueError("a tie is pending: call go_to_war() or surrender(), not deal()")
        if not self._bet:
            raise ValueError(f"no bet placed: call bet(amount) before deal() (bankroll {self._bankroll})")
        if not self._scripted and self.cards_left < len(self._shoe) * RESHUFFLE_FRACTION:
            self._reshuffle()
        player, dealer = self._draw(2)
        tie_net = 0
        if self._tie_stake:
            tie_net = TIE_BET_PAYS * self._tie_stake if player == dealer else -self._tie_stake
            self._bankroll = _money(self._bankroll + tie_net)
        hand = HandResult(len(self.history) + 1, Outcome.TIE, self._bet, player, dealer,
                          net=tie_net, bankroll=self._bankroll, tie_bet=self._tie_stake, tie_bet_net=tie_net)
        if player == dealer:
            self._pending = hand
            return hand
        won = player > dealer
        return self._settle(hand, Outcome.WIN if won else Outcome.LOSE, self._bet if won else -self._bet)

    def go_to_war(self) -> HandResult:
        """Raise a second bet, burn 3, one card each: equal or higher wins the raise only."""
        hand = self._need_tie("go_to_war()")
        if not self.can_afford_war():
            raise ValueError(f"going to war risks {2 * self._bet} but the bankroll is {self._bankroll}; "
                             "only surrender() is allowed")
        *burns, player, dealer = self._draw(BURN_CARDS + 2)
        bet = self._bet
        if player > dealer:
            outcome, main = Outcome.WAR_WIN, bet
        elif player < dealer:
            outcome, main = Outcome.WAR_LOSE, -2 * bet
        elif self.tie_bonus:
            outcome, main = Outcome.WAR_TIE_BONUS, 2 * bet
        else:
            outcome, main = Outcome.WAR_TIE, bet
        return self._settle(hand, outcome, main, burns=tuple(burns), war_player=player, war_dealer=dealer)

    def surrender(self) -> HandResult:
        """Give up the tied hand and half the bet."""
        hand = self._need_tie("surrender()")
        return self._settle(hand, Outcome.SURRENDER, -self._bet / 2)

    def play_hand(self, bet: int, choice: str = "war", tie_bet: int | None = None) -> HandResult:
        """Bet, deal and, on a tie, make `choice`; returns the finished hand.

        With choice='war' and a bankroll too small for the raise, the hand is
        surrendered, the only legal move left.
        """
        if choice not in CHOICES:
            raise ValueError(f"choice must be 'war' or 'surrender', got {choice!r}")
        self.bet(bet, tie_bet)
        hand = self.deal()
        if hand.is_pending:
            hand = self.go_to_war() if choice == "war" and self.can_afford_war() else self.surrender()
        return hand

    def play_hands(self, n: int, bet: int, choice: str = "war", tie_bet: int | None = None) -> list[HandResult]:
        """Play up to `n` hands with the same bet, stopping early when it can no longer be covered."""
        played = []
        stake = bet if (tie_bet is None and self.tie_bet) else (tie_bet or 0)
        while len(played) < n and self._bankroll >= bet + stake:
            played.append(self.play_hand(bet, choice, tie_bet))
        return played

    # ---- internals

    def _need_tie(self, action: str) -> HandResult:
        if self._pending is None:
            raise ValueError(f"no tie is pending: {action} is only allowed after a deal that ties; "
                             f"legal actions now: {self.legal_actions()}")
        return self._pending

    def _settle(self, hand: HandResult, outcome: Outcome, main: float, **war: object) -> HandResult:
        self._bankroll = _money(self._bankroll + main)
        result = HandResult(hand.number, outcome, hand.bet, hand.player, hand.dealer,
                            net=_money(hand.tie_bet_net + main), bankroll=self._bankroll,
                            tie_bet=hand.tie_bet, tie_bet_net=hand.tie_bet_net, **war)  # type: ignore[arg-type]
        self.history.append(result)
        self.bankroll_history.append(self._bankroll)
        self._pending, self._bet, self._tie_stake = None, 0, 0
        return result

    def _draw(self, n: int) -> list[int]:
        if self.cards_left < n:
            raise ValueError(f"the scripted shoe has {self.cards_left} cards left but {n} are needed")
        cards = self._shoe[self._next:self._next + n]
        self._next += n
        return cards

    def _reshuffle(self) -> None:
        assert self.decks is not None
        self._shoe = [rank for rank in range(2, 15) for _ in range(4 * self.decks)]
        self._rng.shuffle(self._shoe)
        self._next = 0
        self.shuffles += 1


# ---------------------------------------------------------------- exact odds
#
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
        sums = [s + Fraction(w, 13 * total) for s, w in zip(sums, (higher, tie, lower))]
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
