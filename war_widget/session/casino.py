"""``CasinoSession``: Casino War at a table, you against the dealer, with no widget library.

Everything the Casino War widget decided lives here, each value with one owner: the table
(``CasinoWar``, the engine: bets, deals, war or surrender, every payout), the hand on the table,
the bet that stays on the table for the next hand, the narration, the bankroll chart's points and
what may be pressed now.  Every action calls the engine and returns what to show as a
``CasinoShown`` (a finished or tied hand is one beat), also told to every subscriber; no rule or
payout is decided here: the comparison signs come from the engine's outcome.

>>> s = CasinoSession(seed=1)
>>> _ = s.chip(10)
>>> shown = s.deal()
>>> hand = shown.beats[0].hand
>>> s.game.bankroll == 1000 + sum(h.net for h in s.game.history) + (hand.net if hand.is_pending else 0)
True
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..text.casino import TEXT, casino_error, describe_hand, display_suits, signed, verdict_key
from ..text.i18n import check_lang
from ..variants.casino.game import CasinoWar
from ..variants.casino.hands import HandResult, Outcome, check_chips, rank_name
from .beat import Update
from .options import check_flag
from .told import Told

__all__ = ["CasinoSession", "CasinoView", "CasinoBeat", "CasinoShown", "CasinoControls", "BankrollPoint", "CHIPS"]

CHIPS = (5, 10, 25, 100)
_WAR_SIGN = {Outcome.WAR_WIN: ">", Outcome.WAR_LOSE: "<", Outcome.WAR_TIE: "=", Outcome.WAR_TIE_BONUS: "="}
_FIRST_SIGN = {Outcome.WIN: ">", Outcome.LOSE: "<"}      # every other hand began with a tie


@dataclass(frozen=True)
class BankrollPoint:
    """A finished hand on the bankroll chart: its number, the bankroll after it, whether it tied."""

    hand: int
    bankroll: float
    tie: bool


@dataclass(frozen=True)
class CasinoView:
    """Everything the Casino War table shows now."""

    hand: HandResult | None                    # the hand on the table (None: place a bet)
    suits: dict[str, str] = field(default_factory=dict)   # a suit sign per face-up card (looks only)
    comparisons: tuple[str, ...] = ()          # "9 = 9", "Q > J": the first pair, then the war pair
    verdict: tuple[str, ...] = ()              # the big words beside the cards
    tone: str = "tie"                          # "good", "bad" or "tie": the verdict's colour
    shoe_left: int = 0
    rules: str = ""                            # the rules line
    bet_line: str = ""                         # bet, tie bet, bankroll, hands played
    lang: str = "en"


@dataclass(frozen=True)
class CasinoControls:
    """What may be pressed now, as the engine allows it."""

    chips: tuple[tuple[int, bool], ...]        # (chip, can be added)
    can_clear: bool
    can_deal: bool
    can_war: bool
    can_surrender: bool
    tie_bet: bool                              # the tie bet's toggle
    tie_locked: bool                           # a tie is pending: the tie bet cannot change


@dataclass(frozen=True)
class CasinoBeat:
    """One hand dealt (finished, or tied and waiting for war or surrender), as the table shows it."""

    hand: HandResult
    view: CasinoView
    sentence: str
    log_end: int                               # len(narration) once this beat is told
    point: BankrollPoint | None = None         # set when the hand is finished


@dataclass(frozen=True)
class CasinoShown(Update[CasinoBeat, CasinoView]):
    """What one action of a Casino War session shows."""


def _point(hand: HandResult) -> BankrollPoint:
    """A finished hand's chart point; it tied when it did not end as a plain win or loss."""
    return BankrollPoint(hand.number, hand.bankroll, hand.outcome not in _FIRST_SIGN)


class CasinoSession(Told[CasinoShown]):
    """Casino War against the dealer: chips, Deal, War / Surrender and the bankroll chart's points.

    Options as for ``CasinoWar``; or a ready ``game`` (e.g. ``CasinoWar.from_shoe(...)``).
    ``lang`` "en" or "ja" for every word."""

    CHIPS = CHIPS
    shown_type = CasinoShown

    def __init__(self, decks: int = 6, bankroll: float = 1000, seed: int | None = None, tie_bet: bool = False,
                 tie_bonus: bool = False, *, game: CasinoWar | None = None, lang: str = "en") -> None:
        if game is not None and not isinstance(game, CasinoWar):
            raise ValueError(f"game must be a CasinoWar (e.g. CasinoWar.from_shoe([...])) or None; got {game!r:.60}")
        self.lang = check_lang(lang)
        self.game = game if game is not None else CasinoWar(decks=decks, tie_bet=tie_bet, tie_bonus=tie_bonus,
                                                            seed=seed, bankroll=bankroll)
        super().__init__()
        self.shown: HandResult | None = None      # the hand on the table
        self.last_bet = 0                         # the chips left on the table for the next hand
        self.points = [_point(h) for h in self.game.history]
        self.narration.append(self.word("start"))

    # ------------------------------------------------------------------ what is shown
    def word(self, key: str, **fields: object) -> str:
        """The word ``key`` in the session's language."""
        return TEXT[self.lang][key].format(**fields)

    def view(self) -> CasinoView:
        """What the table shows now."""
        g, hand = self.game, self.shown
        shoe = self.word("shoe_decks", n=g.decks) if g.decks else self.word("shoe_scripted")
        rules = self.word("rules", shoe=shoe, bonus=self.word("bonus") if g.tie_bonus else "",
                          seed=self.word("seed", n=g.seed) if g.seed is not None else "")
        tie = self.word("bet_tie", n=g.current_tie_bet) if g.current_tie_bet else ""
        bet_line = self.word("bet_label", bet=g.current_bet, tie=tie, bankroll=g.bankroll, hands=len(g.history))
        if hand is None:
            return CasinoView(None, verdict=(self.word("place_1"), self.word("place_2")), shoe_left=g.cards_left,
                              rules=rules, bet_line=bet_line, lang=self.lang)
        first = "=" if hand.went_to_war or hand.is_pending else _FIRST_SIGN.get(hand.outcome, "=")
        comparisons = [f"{rank_name(hand.player)} {first} {rank_name(hand.dealer)}"]
        if hand.war_player is not None and hand.war_dealer is not None:
            comparisons.append(f"{rank_name(hand.war_player)} {_WAR_SIGN[hand.outcome]} {rank_name(hand.war_dealer)}")
        verdict: tuple[str, ...]
        if hand.is_pending:
            verdict, tone = (self.word("v_tie"), self.word("v_tie_2"), self.word("v_tie_3")), "tie"
        else:
            lines = [self.word(verdict_key(hand.outcome)), signed(hand.net)]
            if hand.tie_bet:
                lines.append(self.word("v_tie_bet", net=signed(hand.tie_bet_net)))
            verdict, tone = tuple(lines), "good" if hand.net > 0 else "bad"
        return CasinoView(hand, display_suits(hand), tuple(comparisons), verdict, tone, g.cards_left, rules,
                          bet_line, self.lang)

    def controls(self) -> CasinoControls:
        """What may be pressed now, as the engine says: a chip whose bet it would accept (the
        bankroll covers it, twice with the tie bet), Clear and Deal with a bet, War or Surrender on a tie."""
        g = self.game
        legal = g.legal_actions()
        chips = tuple((a, "bet" in legal and g.can_bet(g.current_bet + a)) for a in CHIPS)
        return CasinoControls(chips, "deal" in legal, "deal" in legal, "war" in legal, "surrender" in legal,
                              g.tie_bet, g.pending is not None)

    # ------------------------------------------------------------------ actions
    def chip(self, amount: int) -> CasinoShown:
        """Add a chip to the bet (the tie bet follows it when it is on)."""
        amount = check_chips(amount, "a chip")            # chip(-5) must not lower the bet, nor chip(True) add 1
        self.game.bet(self.game.current_bet + amount)
        return self._said("chip", self.word("bet_now", n=self.game.current_bet))

    def clear_bet(self) -> CasinoShown:
        """Take the bet back before dealing."""
        self.game.clear_bet()
        self.last_bet = 0
        return self._said("clear", self.word("cleared"))

    def deal(self) -> CasinoShown:
        """Deal one card each; a tie waits for ``war()`` or ``surrender()``."""
        hand = self.game.deal()
        self.last_bet = hand.bet
        return self._hand("deal", hand)

    def war(self) -> CasinoShown:
        """Go to war on a tie: raise, three burns, one more card each."""
        return self._hand("war", self.game.go_to_war())

    def surrender(self) -> CasinoShown:
        """Surrender a tie and lose half the bet."""
        return self._hand("surrender", self.game.surrender())

    def set_tie_bet(self, on: bool) -> CasinoShown:
        """Turn the 10:1 tie bet (the same size as the bet) on or off from the next deal."""
        on = check_flag("the tie bet (on)", on)
        g = self.game
        if g.pending is not None:
            raise ValueError("a tie is pending: the tie bet can change after war or surrender")
        before = g.tie_bet
        g.tie_bet = on
        if g.current_bet:
            try:
                g.bet(g.current_bet)          # re-place with or without the tie bet
            except ValueError:
                g.tie_bet = before
                raise
        return self._said("tie_bet", self.word("tie_on" if on else "tie_off"))

    def new_session(self, seed: int | None = None) -> CasinoShown:
        """Start again: a fresh shoe, the starting bankroll, an empty chart."""
        old = self.game
        self.game = CasinoWar(decks=old.decks or 6, tie_bet=old.tie_bet, tie_bonus=old.tie_bonus, seed=seed,
                              bankroll=old.bankroll_history[0])
        self.shown, self.last_bet, self.points = None, 0, []
        self.narration.append(self.word("new_session"))
        return self._emit("new_session", (), restart=True)

    def refusal(self, error: ValueError) -> str:
        """"Not now: ..." with the engine's reason (said by kind in Japanese)."""
        return self.word("not_now", error=casino_error(error, self.lang))

    # ------------------------------------------------------------------ internals
    def _hand(self, action: str, hand: HandResult) -> CasinoShown:
        """A hand on the table: its sentence, its chart point once finished, the bet placed again."""
        self.shown = hand
        sentence = describe_hand(hand, self.lang)
        self.narration.append(sentence)
        point = None
        if not hand.is_pending:
            point = _point(hand)
            self.points.append(point)
        beat = CasinoBeat(hand, self.view(), sentence, len(self.narration), point)
        if not hand.is_pending:
            self._rebet()
        return self._emit(action, (beat,))

    def _rebet(self) -> None:
        """Chips stay on the table: the same bet is placed again if the bankroll covers it."""
        try:
            self.game.bet(self.last_bet)
        except ValueError:
            self.last_bet = 0
            if self.game.bankroll < 1:
                self.narration.append(self.word("broke"))

    def __repr__(self) -> str:
        return f"<CasinoSession {self.game!r} hands={len(self.game.history)}>"
