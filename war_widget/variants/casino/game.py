"""Casino War: the player against the dealer from a shoe.

One card each, the higher rank wins even money. On a tie the player either
*surrenders* (loses half the bet) or *goes to war*: raises a second bet equal to
the first, the dealer burns three cards, and one more card is dealt to each. If
the player's war card is equal or higher, the player wins the raise only (on a
$10 bet: win $10 or lose $20). An optional tie bet pays 10:1 when the first two
cards tie. Suits never matter, so the shoe holds ranks 2..14 (ace high).

This module is pure Python (no widget imports) and uses the project's seeded
SplitMix64 generator (``war_widget.game.rng``), so a seed replays a whole session
on any machine.

>>> table = CasinoWar.from_shoe(["K", "7", "9", "9", "2", "3", "4", "Q", "J"])
>>> table.play_hand(10).outcome
Outcome.WIN
>>> table.play_hand(10, choice="war").net
10
>>> table.bankroll_history
[1000, 1010, 1020]
"""
from __future__ import annotations

import secrets
from collections.abc import Iterable

from ...game.rng import SplitMix64
from .hands import (
    BURN_CARDS,
    CHOICES,
    RESHUFFLE_FRACTION,
    TIE_BET_PAYS,
    HandResult,
    Outcome,
    _check_bankroll,
    _check_chips,
    _check_decks,
    _check_seed,
    _money,
    check_flag,
    check_hands,
    parse_rank,
    rank_name,
)

__all__ = ["CasinoWar"]


class CasinoWar:
    """A Casino War session against the dealer: bet, deal, then war or surrender.

    Money: bets and tie bets are whole chips; bankroll and `net` are exact
    (a surrender of an odd bet gives a half chip). `tie_bet=True` places a tie
    bet equal to the main bet with every `bet()` unless told otherwise.
    `tie_bonus=True` pays the war-tie bonus: when the war cards tie again, the
    raise wins a bonus equal to the original bet, so the hand nets +2 bets
    instead of +1 (a common casino rule; off by default, as in docs/rules.md).
    """

    def __init__(self, decks: int = 6, tie_bet: bool = False, tie_bonus: bool = False,
                 seed: int | None = None, bankroll: float = 1000) -> None:
        self.decks: int | None = _check_decks(decks)
        money = _check_bankroll(bankroll)
        given = _check_seed(seed)
        self.tie_bet: bool = check_flag(tie_bet, "tie_bet")
        self.tie_bonus: bool = check_flag(tie_bonus, "tie_bonus")
        first_seed = secrets.randbits(63) if given is None else given
        self.seed: int | None = first_seed
        self._rng: SplitMix64 = SplitMix64(first_seed)
        self._bankroll: float = money
        self.bankroll_history: list[float] = [self._bankroll]
        self.history: list[HandResult] = []
        self.shuffles: int = 0
        self._bet: int = 0
        self._tie_stake: int = 0
        self._pending: HandResult | None = None
        self._scripted: bool = False
        self._shoe: list[int] = []
        self._next: int = 0
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
        self._bet, self._tie_stake = self._stakes(amount, tie_bet)

    def can_bet(self, amount: int, tie_bet: int | None = None) -> bool:
        """Whether `bet(amount, tie_bet)` would be accepted now (a view enables its chips by it)."""
        try:
            self._stakes(amount, tie_bet)
        except ValueError:
            return False
        return True

    def _stakes(self, amount: int, tie_bet: int | None) -> tuple[int, int]:
        """The bet and tie bet that `bet()` would place; ValueError saying why not."""
        if self._pending is not None:
            raise ValueError("a tie is pending: choose go_to_war() or surrender() before betting again")
        amount = _check_chips(amount, "bet")
        stake = amount if (tie_bet is None and self.tie_bet) else (tie_bet or 0)
        stake = _check_chips(stake, "tie bet", allow_zero=True)
        if amount + stake > self._bankroll:
            extra = f" + tie bet {stake}" if stake else ""
            raise ValueError(f"bet of {amount}{extra} is more than the bankroll of {self._bankroll}; "
                             f"bets may total at most {self._bankroll}")
        return amount, stake

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
        n = check_hands(n)
        bet = _check_chips(bet, "bet")
        if choice not in CHOICES:
            raise ValueError(f"choice must be 'war' or 'surrender', got {choice!r}")
        played: list[HandResult] = []
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
