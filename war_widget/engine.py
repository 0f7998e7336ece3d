"""The War engine: a pure, deterministic state machine that plays every rule of RULES.md.

A round is a sequence of beats; ``Game.step()`` performs one beat and returns its event
(flip, compare, war declared, face-down laid, collect, return, shuffle, player out, game over).
``play_round()`` and ``play_to_end()`` are loops over ``step()``.  Subscribers see every event.
All randomness comes from one SplitMix64 generator, so ``Game.from_code(game.code)`` and
``Game.from_json(game.to_json())`` replay the same future on any machine.

>>> game = Game("classic", seed=1)
>>> game.counts
(26, 26)
>>> record = game.play_round()
>>> sum(game.counts) + len(game.table)
52
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Callable, Iterable, Sequence

from .cards import Card
from .codes import decode_code, encode_code
from .events import (Collected, Compared, Event, FaceDownLaid, Flipped, GameOver, Outcome, PlayerOut,
                     Returned, Shuffled, Termination, WarDeclared)
from .policies import named_order
from .rng import SplitMix64, new_seed
from .rules import Rules

__all__ = ["Game", "RoundRecord", "TableCard"]


@dataclass(frozen=True)
class TableCard:
    """A card on the table: who laid it, whether it is face up, and in which battle."""

    player: int
    card: Card
    face_up: bool
    battle: int


@dataclass(frozen=True)
class RoundRecord:
    """What one round did: its battles, wars, winner, the cards moved and the counts after."""

    number: int
    battles: tuple[tuple[tuple[int, Card], ...], ...]
    wars: int
    winner: int | None
    cards_moved: tuple[Card, ...]
    counts: tuple[int, ...]
    events: tuple[Event, ...]


def as_rules(rules: Rules | str) -> Rules:
    """Accept a Rules value or a preset name."""
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        return Rules.preset(rules)
    raise ValueError(f"rules must be a Rules value or a preset name ({', '.join(Rules.presets())}); got {rules!r}")


class Game:
    """One game of War under ``rules``, dealt from ``seed`` (a fresh seed if None)."""

    def __init__(self, rules: Rules | str = "classic", seed: int | None = None) -> None:
        self.rules = as_rules(rules)
        if seed is None:
            seed = new_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise ValueError(f"seed must be a whole number from 0 to 2**64-1; got {seed!r}")
        self.seed = seed
        self._rng = SplitMix64(seed)
        hands, unused = _deal(self.rules, self._rng)
        self._setup(hands, unused)
        self._scripted = False

    # --- construction --------------------------------------------------------------------
    @classmethod
    def from_hands(cls, rules: Rules | str, hands: Sequence[Sequence[str | Card]], seed: int = 0) -> "Game":
        """A scripted deal: one list of cards per player, top card first.  Any distinct cards
        of the rules' deck, hands of any size, so a lesson or a test can set up a position."""
        rules = as_rules(rules)
        if not isinstance(hands, (list, tuple)) or len(hands) != rules.players:
            raise ValueError(f"from_hands needs one hand per player ({rules.players}); got "
                             f"{len(hands) if isinstance(hands, (list, tuple)) else hands!r}")
        deck = set(rules.deck_cards)
        seen: set[Card] = set()
        parsed: list[list[Card]] = []
        for p, hand in enumerate(hands):
            if isinstance(hand, str) or not isinstance(hand, (list, tuple)):
                raise ValueError(f"hand {p + 1} must be a list of card strings like ['KS', '7H']; got {hand!r}")
            cards = [Card.parse(c) for c in hand]
            for c in cards:
                if c not in deck:
                    raise ValueError(f"{c.code} is not in this deck ({rules.deck} cards"
                                     f"{' + jokers' if rules.jokers else ''}, ranks from "
                                     f"{Card(rules.lowest_rank, 'S').rank_name} to A)")
                if c in seen:
                    raise ValueError(f"{c.code} appears twice in the hands; every card must be distinct")
                seen.add(c)
            parsed.append(cards)
        if not any(parsed):
            raise ValueError("every hand is empty; give at least one player a card")
        game = cls.__new__(cls)
        game.rules, game.seed, game._rng = rules, seed, SplitMix64(seed)
        game._scripted = True
        game._setup(parsed, [])
        return game

    @classmethod
    def from_code(cls, code: str) -> "Game":
        """Replay the game with this number: the same rules, deal and every later shuffle."""
        rules, seed = decode_code(code)
        return cls(rules, seed)

    def _setup(self, hands: list[list[Card]], unused: list[Card]) -> None:
        n = self.rules.players
        self.hands: list[deque[Card]] = [deque(h) for h in hands]
        self.won: list[deque[Card]] = [deque() for _ in range(n)]
        self._table: list[TableCard] = []
        self.unused = list(unused)
        self.dealt = tuple(tuple(h) for h in hands)
        self.round_number = 0
        self.out = [not h for h in hands] if self.rules.capture != "aside" else [False] * n
        self.outcome: Outcome | None = None
        self.history: list[tuple[int | None, int, tuple[int, ...]]] = []
        self._subscribers: list[Callable[[Event], None]] = []
        self._phase = "start"
        self._reset_round_state()
        self._pending: list[Event] = []
        self._round_events: list[Event] = []
        self._seen: dict[bytes, int] = {}
        if self._detects_cycles:
            self._seen[self._position_key()] = 0

    def _reset_round_state(self) -> None:
        self._fighters: list[int] = []
        self._in_round: list[int] = []
        self._faceup: dict[int, Card] = {}
        self._reusing: set[int] = set()
        self._battle = 0
        self._wars = 0
        self._tie_rank = 0
        self._plan: dict[int, int] = {}
        self._short_end = False
        self._winner: int | None = None
        self._battles: list[tuple[tuple[int, Card], ...]] = []

    # --- public state ----------------------------------------------------------------------
    @property
    def code(self) -> str | None:
        """The game number (None for a scripted deal, which no number can carry)."""
        return None if self._scripted else encode_code(self.rules, self.seed)

    @property
    def counts(self) -> tuple[int, ...]:
        """Each player's holding: hand plus won pile (cards on the table belong to nobody)."""
        return tuple(len(h) + len(w) for h, w in zip(self.hands, self.won))

    @property
    def team_counts(self) -> tuple[int, int]:
        """With teams: seats 0+2 against seats 1+3."""
        c = self.counts
        return (c[0] + c[2], c[1] + c[3]) if len(c) == 4 else (c[0], c[1])

    @property
    def table(self) -> tuple[TableCard, ...]:
        """The cards on the table, in the order they were laid."""
        return tuple(self._table)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def in_round(self) -> bool:
        """True between the first flip of a round and its last beat."""
        return self._phase not in ("start",) and not self.is_over

    @property
    def reusing(self) -> frozenset[int]:
        """Players whose last face-up card stays in play (zero='reuse')."""
        return frozenset(self._reusing)

    @property
    def stats(self) -> "GameStats":
        from .stats import GameStats
        return GameStats.from_history(self.history, tuple(len(h) for h in self.dealt))

    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` for every beat from now on; returns an unsubscribe function."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback) if callback in self._subscribers else None

    # --- playing ----------------------------------------------------------------------------
    def step(self) -> Event | None:
        """Perform the next beat and return its event (None once the game is over)."""
        if self.outcome is not None and not self._pending:
            return None
        event = None
        while event is None:
            event = self._advance()
        self._round_events.append(event)
        for callback in list(self._subscribers):
            callback(event)
        return event

    def play_round(self) -> RoundRecord | None:
        """Play the rest of the current round (or a whole new one) and return its record."""
        if self.is_over and not self._pending:
            return None
        if self._phase == "start":
            self._round_events = []
        number = self.round_number + 1
        while True:
            event = self.step()
            if event is None or (self.round_number >= number and not self._pending):
                break
        events = tuple(self._round_events)
        self._round_events = []
        collected = next((e for e in events if isinstance(e, Collected)), None)
        battles = tuple(e.cards for e in events if isinstance(e, Flipped))
        return RoundRecord(number, battles, sum(isinstance(e, WarDeclared) for e in events),
                           collected.winner if collected else None,
                           collected.cards if collected else (), self.counts, events)

    def play_to_end(self, max_rounds: int | None = None) -> Outcome | None:
        """Play until the game ends (or ``max_rounds`` more rounds) and return the outcome."""
        start = self.round_number
        while not self.is_over or self._pending:
            if max_rounds is not None and self.round_number - start >= max_rounds and self._phase == "start":
                break
            self.step()
        return self.outcome

    def end_now(self) -> Outcome:
        """End the game now, as a time limit does: cards on the table go back to who laid them,
        then more cards wins (equal is a draw)."""
        if self.outcome is not None:
            return self.outcome
        while self._pending:
            self._emit(self._pending.pop(0))
        if self._table:
            self._emit(self._return_table())
        self.outcome = self._by_counts(Termination.TIME)
        self._phase = "over"
        self._emit(GameOver(self.round_number, self.outcome))
        return self.outcome

    def _emit(self, event: Event) -> None:
        for callback in list(self._subscribers):
            callback(event)

    # --- the beat machine -----------------------------------------------------------------
    def _playable(self, p: int) -> int:
        return len(self.hands[p]) + (len(self.won[p]) if self.rules.capture == "won_pile" else 0)

    def _refill(self, p: int, need: int) -> Shuffled | None:
        """Won pile under the hand when the hand cannot supply ``need`` cards (won_pile only)."""
        if self.rules.capture != "won_pile" or len(self.hands[p]) >= need or not self.won[p]:
            return None
        pile = list(self.won[p])
        self.won[p].clear()
        if self.rules.shuffle_won_pile:
            self._rng.shuffle(pile)
        self.hands[p].extend(pile)
        return Shuffled(self._current_round, p, len(pile), self.rules.shuffle_won_pile)

    @property
    def _current_round(self) -> int:
        return self.round_number + (0 if self._phase == "post" else 1)

    def _advance(self) -> Event | None:
        phase = self._phase
        if phase == "post" or (phase == "over" and self._pending):
            if self._pending:
                return self._pending.pop(0)
            self._phase = "over" if self.outcome else "start"
            return None
        if phase == "start":
            players = [p for p in range(self.rules.players) if not self.out[p] and self._playable(p) > 0]
            for p in players:
                shuffled = self._refill(p, 1)
                if shuffled:
                    return shuffled
            self._reset_round_state()
            self._fighters = list(players)
            self._in_round = list(players)
            self._phase = "flip"
            return None
        if phase == "refill":
            for p in self._fighters:
                if p not in self._reusing:
                    shuffled = self._refill(p, self._plan.get(p, 0) + 1)
                    if shuffled:
                        return shuffled
            self._phase = "lay"
            return None
        if phase == "lay":
            self._phase = "flip"
            laid = []
            for p in self._fighters:
                k = self._plan.get(p, 0)
                if k and p not in self._reusing:
                    cards = tuple(self.hands[p].popleft() for _ in range(k))
                    self._table.extend(TableCard(p, c, False, self._battle + 1) for c in cards)
                    laid.append((p, cards))
            return FaceDownLaid(self._current_round, tuple(laid)) if laid else None
        if phase == "flip":
            self._battle += 1
            flipped = []
            for p in self._fighters:
                if p in self._reusing:
                    continue
                card = self.hands[p].popleft()
                self._faceup[p] = card
                self._table.append(TableCard(p, card, True, self._battle))
                flipped.append((p, card))
            self._battles.append(tuple((p, self._faceup[p]) for p in self._fighters))
            self._phase = "compare"
            return Flipped(self._current_round, self._battle, tuple(flipped),
                           tuple(p for p in self._fighters if p in self._reusing))
        if phase == "compare":
            return self._compare()
        if phase == "war":
            return self._declare_war()
        if phase == "collect":
            return self._collect()
        raise AssertionError(f"unknown phase {phase}")  # pragma: no cover

    def _compare(self) -> Event:
        cards = tuple((p, self._faceup[p]) for p in self._fighters)
        best = [self._fighters[i] for i in self.rules.best([c for _, c in cards])]
        if len(best) == 1:
            self._winner = best[0]
            self._phase = "collect"
            return Compared(self._current_round, self._battle, cards, best[0], ())
        self._tie_rank = self._faceup[best[0]].rank
        if all(p in self._reusing for p in best):
            # Nothing new can ever be turned: the game is a draw [003].
            self._finish_round_returned(Termination.REUSE_TIE, drawn=tuple(best))
        else:
            self._phase = "war"
            if self.rules.war_players == "all":
                self._fighters = list(self._in_round)
            else:
                self._fighters = best
        return Compared(self._current_round, self._battle, cards, None, tuple(best))

    def _declare_war(self) -> Event | None:
        rules = self.rules
        self._wars += 1
        need = rules.war_cards(self._tie_rank)
        fighters = list(self._fighters)
        have = {p: self._playable(p) for p in fighters}
        short: list[int] = []
        self._plan = {}
        if rules.shortage == "split":
            if any(have[p] < need for p in fighters if p not in self._reusing):
                self._finish_round_returned(None)
                return self._pending.pop(0)
            self._plan = {p: need - 1 for p in fighters}
        elif rules.shortage == "lose":
            short = [p for p in fighters if have[p] < need]
            if short and len(short) == len(fighters):
                most = max(have[p] for p in short)
                keep = [p for p in short if have[p] == most]
                if len(keep) > 1:
                    self._finish_round_returned(Termination.SHORTAGE, drawn=tuple(keep))
                    return self._pending.pop(0)
                short = [p for p in short if p not in keep]
            self._plan = {p: need - 1 for p in fighters if p not in short}
        else:  # last_card_up
            for p in fighters:
                if p in self._reusing:
                    continue
                if have[p] == 0:
                    if rules.zero == "lose":
                        short.append(p)
                    else:
                        self._reusing.add(p)
                else:
                    self._plan[p] = min(need - 1, have[p] - 1)
        for p in short:  # out of this war; whatever they still hold is forfeited to the table
            forfeited = list(self.hands[p]) + list(self.won[p])
            self.hands[p].clear()
            self.won[p].clear()
            self._table.extend(TableCard(p, c, False, self._battle + 1) for c in forfeited)
            self._in_round.remove(p)
            self._short_end = True
        remaining = [p for p in fighters if p not in short]
        event = WarDeclared(self._current_round, self._wars, tuple(fighters),
                            tuple((p, self._plan.get(p, 0)) for p in remaining), tuple(short),
                            tuple(p for p in remaining if p in self._reusing))
        self._fighters = remaining
        if len(remaining) == 1:
            self._winner = remaining[0]
            self._phase = "collect"
        elif not remaining:  # nobody can turn a card: a void round, decided by counts [000]
            self._finish_round_returned(Termination.VOID_ROUND)
        else:
            self._phase = "refill"
        return event

    def _gather(self, winner: int) -> list[Card]:
        spec = self.rules.gather_for(winner)
        played = sorted(self._table, key=lambda t: (t.battle, t.player))
        cards = [t.card for t in played]
        if callable(spec):
            ordered = list(spec(tuple(cards), winner))
            if sorted(ordered) != sorted(cards):
                raise ValueError(f"the gather policy for player {winner + 1} must return the same cards it was "
                                 f"given, reordered; got {ordered!r} for {cards!r}")
            return ordered
        if spec == "shuffle":
            self._rng.shuffle(cards)
            return cards
        if spec == "winner_first":
            return [t.card for t in played if t.player == winner] + [t.card for t in played if t.player != winner]
        return named_order(spec, cards, self.rules)

    def _collect(self) -> Event:
        winner = self._winner
        assert winner is not None
        cards = self._gather(winner)
        self._table.clear()
        (self.hands if self.rules.capture == "bottom" else self.won)[winner].extend(cards)
        event = Collected(self._current_round, winner, tuple(cards), self.counts, self._wars)
        self._complete_round(winner, None)
        return event

    def _return_table(self) -> Returned:
        back: dict[int, list[Card]] = {}
        for t in self._table:
            back.setdefault(t.player, []).append(t.card)
        for p, cards in back.items():
            (self.hands if self.rules.capture == "bottom" else self.won)[p].extend(cards)
        self._table.clear()
        return Returned(self._current_round, tuple((p, tuple(c)) for p, c in sorted(back.items())), self.counts)

    def _finish_round_returned(self, reason: Termination | None, drawn: tuple[int, ...] = ()) -> None:
        """Every player takes back their own table cards; the round ends with no winner.

        With a ``reason`` the game ends too: a void round is decided by counts [000]; a tie
        nobody can break (``drawn``) is a draw."""
        self._pending.append(self._return_table())
        forced = None
        if reason is Termination.VOID_ROUND:
            forced = self._by_counts(reason)
        elif reason is not None:
            forced = Outcome(reason, drawn=drawn, counts=self.counts)
        self._complete_round(None, forced)

    def _complete_round(self, winner: int | None, forced: Outcome | None) -> None:
        """Book the round, then queue the after-round beats (players out, game over)."""
        self.round_number += 1
        self.history.append((winner, self._wars, self.counts))
        self._phase = "post"
        after: list[Event] = []
        outcome = forced
        if outcome is None:
            outcome = self._check_end(after)
        for event in after:
            self._pending.append(event)
        if outcome is not None:
            self.outcome = outcome
            self._pending.append(GameOver(self.round_number, outcome))

    def _check_end(self, after: list[Event]) -> Outcome | None:
        rules, n = self.rules, self.rules.players
        counts = self.counts
        newly_out: list[int] = []
        if rules.capture != "aside":
            for p in range(n):
                if not self.out[p] and counts[p] == 0:
                    self.out[p] = True
                    newly_out.append(p)
                    after.append(PlayerOut(self.round_number, p))
        if rules.goal == "loser_first_out" and newly_out:
            loser = newly_out[0]
            return Outcome(Termination.DRUNKARD_LOSER, winner=(1 - loser) if n == 2 else None, loser=loser,
                           counts=counts)
        remaining = [p for p in range(n) if not self.out[p]]
        if rules.capture == "aside":
            if sum(1 for p in range(n) if self.hands[p]) < 2:
                return self._by_counts(Termination.HANDS_EMPTY)
        elif len(remaining) == 1 or (rules.teams and len({p % 2 for p in remaining}) == 1):
            last = remaining[0]
            if rules.goal == "loser_all":
                return Outcome(Termination.DRUNKARD_LOSER, winner=(1 - last) if n == 2 else None, loser=last,
                               counts=counts)
            reason = Termination.SHORTAGE if self._short_end else Termination.ALL_CARDS
            if rules.teams:
                return Outcome(reason, winning_team=last % 2, counts=counts)
            return Outcome(reason, winner=last, counts=counts)
        if rules.round_limit is not None and self.round_number >= rules.round_limit:
            return self._by_counts(Termination.ROUND_LIMIT)
        if self._detects_cycles:
            key = self._position_key()
            first = self._seen.get(key)
            if first is not None:
                return Outcome(Termination.CYCLE, drawn=tuple(remaining), counts=counts, cycle_start=first,
                               cycle_period=self.round_number - first)
            self._seen[key] = self.round_number
        return None

    def _by_counts(self, reason: Termination) -> Outcome:
        """Decide a game by counts: more wins (or loses, for the drunkard goals); equal draws."""
        counts = self.counts
        if self.rules.teams:
            tc = self.team_counts
            if tc[0] == tc[1]:
                return Outcome(reason, drawn=(0, 1, 2, 3), counts=counts)
            return Outcome(reason, winning_team=0 if tc[0] > tc[1] else 1, counts=counts)
        players = [p for p in range(self.rules.players) if not self.out[p]] or list(range(self.rules.players))
        goal = self.rules.goal
        key = min if goal == "loser_first_out" else max
        extreme = key(counts[p] for p in players)
        top = [p for p in players if counts[p] == extreme]
        if len(top) > 1:
            return Outcome(reason, drawn=tuple(top), counts=counts)
        if goal == "collect":
            return Outcome(reason, winner=top[0], counts=counts)
        loser = top[0]
        return Outcome(reason, winner=(1 - loser) if self.rules.players == 2 else None, loser=loser, counts=counts)

    # --- cycles -----------------------------------------------------------------------------
    @property
    def _detects_cycles(self) -> bool:
        return self.rules.round_limit is None and not self.rules.has_randomness_after_deal

    def _position_key(self) -> bytes:
        out = bytearray()
        for h, w in zip(self.hands, self.won):
            out.extend(c.index for c in h)
            out.append(254)
            out.extend(c.index for c in w)
            out.append(255)
        return bytes(out)

    # --- serialisation ----------------------------------------------------------------------
    def to_json(self) -> str:
        from .persistence import game_to_json
        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        from .persistence import game_from_json
        return game_from_json(text)

    def __repr__(self) -> str:
        name = self.rules.preset_name or "custom"
        return f"<Game {name} round {self.round_number} counts {self.counts}{' over' if self.is_over else ''}>"


def _deal(rules: Rules, rng: SplitMix64) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal one card at a time to each player; what does not divide evenly is unused."""
    n = rules.players
    deck = rules.deck_cards
    if rules.deal == "by_color":
        rng.shuffle(deck)
        return [[c for c in deck if not c.is_red], [c for c in deck if c.is_red]], []
    per = len(deck) // n
    if rules.joker_deal == "split":
        jokers = [c for c in deck if c.is_joker]
        plain = [c for c in deck if not c.is_joker]
        rng.shuffle(plain)
        first = rng.below(n)
        second = (first + 1 + rng.below(n - 1)) % n
        holders = {first: jokers[0], second: jokers[1]}
        hands: list[list[Card]] = [[] for _ in range(n)]
        it = iter(plain)
        for i in range(per):
            for p in range(n):
                if not (p in holders and i == per - 1):
                    hands[p].append(next(it))
        for p, joker in sorted(holders.items()):
            hands[p].insert(rng.below(len(hands[p]) + 1), joker)
        return hands, list(it)
    rng.shuffle(deck)
    hands = [deck[p:per * n:n] for p in range(n)]
    return hands, deck[per * n:]
