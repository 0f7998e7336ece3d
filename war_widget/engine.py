"""The War engine: a pure, deterministic state machine that plays every rule of RULES.md.

A round is a sequence of beats; ``Game.step()`` performs one beat and returns its event
(flip, compare, war declared, face-down laid, collect, return, shuffle, player out, game over).
``play_round()`` and ``play_to_end()`` are loops over ``step()``.  Subscribers see every event.
All randomness comes from one SplitMix64 generator, so ``Game.from_code(game.code)`` and
``Game.from_json(game.to_json())`` replay the same future on any machine.

>>> game = Game.from_hands("classic", [["KS", "9H"], ["7D", "9C"]])
>>> [game.step().kind for _ in range(3)]
['flip', 'compare', 'collect']
>>> game.counts
(3, 1)
>>> game.play_round().wars      # 9 against 9, and player 2 has nothing left to turn up
1
>>> game.outcome.winner, game.outcome.reason.name
(0, 'SHORTAGE')

Choices where RULES.md leaves a point open (each is tested in ``tests/``):

* ``gather="played"``: battle by battle; within a battle player 1's cards (face-down ones first,
  then the face-up one) before player 2's.  Face-down war cards belong to the battle they precede.
  ``previous_winner_first`` is the same with the previous round's winner moved to the front of
  each battle (then the others in seat order); a round whose table went back changes no winner.
  ``winner_first`` / ``loser_first``: the winner's cards, then everyone else's (or the reverse),
  each in played order.
* ``capture="won_pile"``: when a war needs more cards than the hand holds, the won pile goes
  under the hand before the war cards are laid (the same cards, in the same order, as turning it
  over at the moment the hand runs out).
* ``capture="aside"``: won cards go aside in played order (no gather order, no shuffle).  The game
  ends when fewer than two players can turn a card; a card left in a hand after a war with a
  reused card still counts for its holder.
* A callable gather policy must be a pure function of its arguments: replays, saved games and
  cycle detection assume it.
* ``shortage="lose"``, ``zero="lose"``: a player who loses that way forfeits the whole holding to
  the table (it goes to whoever wins the round) and is out of the game.  When every fighter is
  short (and nobody outside the war holds cards) those holding fewer than the most lose; if
  several hold the most, nobody can settle the war: the cards go back and the counts decide
  (with two players the counts are then equal: the draw of [003]).
* ``shortage="fewest"`` with ``zero="reuse"``: a fighter with no card reuses its face-up card and
  the others play as many cards as the fewest among those who still hold cards.
* Three or four players: when every fighter of a war has run out (``lose``: none can complete
  it) while another player in the round still holds cards, the fighters drop out (their
  holdings go on the table) and the table goes to that player (RULES.md).  Our choice where
  RULES.md says "the player": several such players compare the cards they turned up in this
  round, and a tie among them is their own war.
* ``zero="reuse"``: when both fighters of a two-player game reuse their cards and tie, nothing new
  can be turned: the draw of [003].  With three or four players when nobody outside the war
  holds a card, and with ``capture="aside"`` (whose game ends by comparing the won piles [001]),
  the cards go back and the counts decide.
* ``tiebreak="suits"``: two jokers still tie (the research convention is about the 52 cards).
* ``shortage="split"`` (Tod und Leben): when a war cannot be completed because some fighter is
  short, each player takes back the cards they put on the table; the game goes on.
* Drunkard goals: players going out in the same round under ``loser_first_out`` share the loss
  (``outcome.drawn`` names them, no single loser).
* ``end_now()`` mid-round abandons the round: the table goes back to who laid it.
* The reason is ``SHORTAGE`` when the round that ended the game had a player lose by running short
  (or drop out of a war).
* Cycle detection (games with no shuffle and no round limit) compares whole positions between
  rounds: every hand and won pile in order, plus the last winner when a player gathers
  ``previous_winner_first``.  A cycle is reported as ``Termination.CYCLE`` with ``cycle_start``
  (the round after which the position first stood, 0 = the deal) and ``cycle_period`` (rounds).
"""
from __future__ import annotations

from collections import Counter, deque
from dataclasses import dataclass
from numbers import Integral
from typing import TYPE_CHECKING, Callable, Sequence

from .cards import Card
from .codes import decode_code, encode_code
from .events import (Collected, Compared, Event, FaceDownLaid, Flipped, GameOver, Outcome, PlayerOut,
                     Returned, Shuffled, Termination, WarDeclared)
from .policies import named_order
from .rng import SplitMix64, new_seed
from .rules import Rules

if TYPE_CHECKING:
    from .stats import GameStats

__all__ = ["Game", "RoundRecord", "TableCard", "as_rules", "PHASES"]

# The beat machine's phases.  START: between rounds; OVER: the outcome is known.
START, FLIP, COMPARE, WAR, LAY, COLLECT, OVER = "start", "flip", "compare", "war", "lay", "collect", "over"
PHASES = (START, FLIP, COMPARE, WAR, LAY, COLLECT, OVER)


@dataclass(frozen=True)
class TableCard:
    """A card on the table: who laid it, whether it is face up, and in which battle."""

    player: int
    card: Card
    face_up: bool
    battle: int


@dataclass(frozen=True)
class RoundRecord:
    """What one round did: its battles (the face-up cards compared), wars, winner, the cards
    moved to the winner (empty when the table went back) and the counts after."""

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
        self._scripted = False
        hands, unused = _deal(self.rules, self._rng)
        self._setup(hands, unused)

    # --- construction --------------------------------------------------------------------
    @classmethod
    def from_hands(cls, rules: Rules | str, hands: Sequence[Sequence[str | Card]], seed: int = 0) -> "Game":
        """A scripted deal: one list of cards per player, top card first.  Any distinct cards
        of the rules' deck, hands of any size (at least two players need a card), so a lesson
        or a test can set up a position.  ``seed`` drives the shuffles after the deal."""
        rules = as_rules(rules)
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 1 << 64:
            raise ValueError(f"seed must be a whole number from 0 to 2**64-1; got {seed!r}")
        if not isinstance(hands, (list, tuple)) or len(hands) != rules.players:
            got = f"{len(hands)} hands" if isinstance(hands, (list, tuple)) else repr(hands)
            raise ValueError(f"from_hands needs one hand per player ({rules.players} for these rules); got {got}")
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
                                     f"{' + 2 jokers' if rules.jokers else ', no jokers'}, ranks "
                                     f"{Card(rules.lowest_rank, 'S').rank_name} to A)")
                if c in seen:
                    raise ValueError(f"{c.code} appears twice in the hands; every card must be distinct")
                seen.add(c)
            parsed.append(cards)
        if sum(1 for h in parsed if h) < 2:
            raise ValueError("at least two hands must hold cards: a game needs two players who can turn one up")
        game = cls.__new__(cls)
        game.rules, game.seed, game._rng, game._scripted = rules, seed, SplitMix64(seed), True
        game._setup(parsed, [])
        return game

    @classmethod
    def from_code(cls, code: str) -> "Game":
        """Replay the game with this number: the same rules, deal and every later shuffle."""
        rules, seed = decode_code(code)
        return cls(rules, seed)

    def _setup(self, hands: list[list[Card]], unused: list[Card]) -> None:
        rules = self.rules
        n = rules.players
        self._to_hand = rules.capture == "bottom"            # where won cards go
        self._pile_plays = rules.capture == "won_pile"        # the won pile becomes the hand
        self.hands: list[deque[Card]] = [deque(h) for h in hands]
        self.won: list[deque[Card]] = [deque() for _ in range(n)]
        self._table: list[TableCard] = []
        self.unused = list(unused)
        self.dealt = tuple(tuple(h) for h in hands)
        self.round_number = 0
        self._last_winner = 0          # who won the last round with a winner (seat 0 before any)
        self.out = [False] * n if rules.capture == "aside" else [not h for h in hands]
        self.outcome: Outcome | None = None
        self.history: list[tuple[int | None, int, tuple[int, ...]]] = []
        self._subscribers: list[Callable[[Event], None]] = []
        self._pending: deque[Event] = deque()
        self._round_events: list[Event] = []
        self._phase = START
        self._new_round([])
        self._seen: dict[bytes, int] = {}
        if self._detects_cycles:
            self._seen[self._position_key()] = 0

    def _new_round(self, players: list[int]) -> None:
        self._in_round: list[int] = list(players)   # still in this round
        self._fighters: list[int] = list(players)   # in the current battle
        self._faceup: dict[int, Card] = {}
        self._reusing: set[int] = set()
        self._battle = 0
        self._wars = 0
        self._tie_rank = 0
        self._tied: tuple[int, ...] = ()
        self._plan: dict[int, int] = {}
        self._short_end = False
        self._winner: int | None = None

    # --- public state ----------------------------------------------------------------------
    @property
    def code(self) -> str | None:
        """The game number (None for a scripted deal, which no number can carry)."""
        return None if self._scripted else encode_code(self.rules, self.seed)

    @property
    def counts(self) -> tuple[int, ...]:
        """Each player's holding: hand plus won pile (cards on the table belong to nobody)."""
        return tuple([len(h) + len(w) for h, w in zip(self.hands, self.won)])

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
        """True between the first flip of a round and the beat that decides the table."""
        return self._phase not in (START, OVER)

    @property
    def phase(self) -> str:
        """What the next beat does: one of ``PHASES`` (``start`` between rounds)."""
        return self._phase

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
        if not callable(callback):
            raise ValueError(f"subscribe needs a function to call with each event, callback(event); got {callback!r}")
        self._subscribers.append(callback)

        def unsubscribe() -> None:
            if callback in self._subscribers:
                self._subscribers.remove(callback)
        return unsubscribe

    # --- playing ----------------------------------------------------------------------------
    def step(self) -> Event | None:
        """Perform the next beat and return its event (None once the game is over)."""
        if self._pending:
            event = self._pending.popleft()
        elif self._phase == OVER:
            return None
        else:
            event = _BEATS[self._phase](self)
        events = self._round_events
        if events and events[-1].round != event.round:
            events.clear()
        events.append(event)
        self._publish(event)
        return event

    def play_round(self) -> RoundRecord | None:
        """Play the rest of the current round (or a whole new one) and return its record.

        Beats already taken with ``step()`` in this round are part of the record; if the last
        round's after-beats (players out, game over) are still due, they are finished instead."""
        if self._pending and self._phase in (START, OVER):
            number = self.round_number
        elif self._phase == OVER:
            return None
        else:
            number = self.round_number + 1
        while self.step() is not None and (self.round_number < number or self._pending):
            pass
        events = tuple(e for e in self._round_events if e.round == number)
        collected = next((e for e in events if isinstance(e, Collected)), None)
        return RoundRecord(number, tuple(e.cards for e in events if isinstance(e, Compared)),
                           sum(1 for e in events if isinstance(e, WarDeclared)),
                           collected.winner if collected else None,
                           collected.cards if collected else (), self.counts, events)

    def play_to_end(self, max_rounds: int | None = None) -> Outcome | None:
        """Play until the game ends, or until ``max_rounds`` more rounds are complete; return
        the outcome (None if capped before the end)."""
        if max_rounds is not None and (isinstance(max_rounds, bool) or not isinstance(max_rounds, Integral)
                                       or max_rounds < 0):
            raise ValueError(f"max_rounds must be None (play to the end) or a whole number of rounds >= 0; "
                             f"got {max_rounds!r}")
        start = self.round_number
        while True:
            if not self._pending:
                if self._phase == OVER:
                    break
                if max_rounds is not None and self._phase == START and self.round_number - start >= max_rounds:
                    break
            self.step()
        return self.outcome

    def end_now(self) -> Outcome:
        """End the game now, as a time limit does: the round in progress is abandoned and its
        cards go back to who laid them, then more cards wins (equal is a draw)."""
        if self.outcome is not None:
            return self.outcome
        while self._pending:
            self._publish(self._pending.popleft())
        if self._table:
            self._publish(self._return_table())
        self._new_round([])
        self.outcome = self._by_counts(Termination.TIME)
        self._phase = OVER
        self._publish(GameOver(self.round_number, self.outcome))
        return self.outcome

    def _publish(self, event: Event) -> None:
        for callback in tuple(self._subscribers):
            callback(event)

    # --- the beats ---------------------------------------------------------------------------
    def _playable(self, p: int) -> int:
        """Cards ``p`` can still turn: the hand, plus the won pile when it becomes the hand."""
        return len(self.hands[p]) + (len(self.won[p]) if self._pile_plays else 0)

    def _turn_over(self, p: int) -> Shuffled:
        """The won pile becomes (the bottom of) the hand: shuffled, or in the order won [000]."""
        pile = list(self.won[p])
        self.won[p].clear()
        if self.rules.shuffle_won_pile:
            self._rng.shuffle(pile)
        self.hands[p].extend(pile)
        return Shuffled(self.round_number + 1, p, len(pile), self.rules.shuffle_won_pile)

    def _start(self) -> Event:
        players = [p for p in range(self.rules.players) if not self.out[p] and self._playable(p)]
        for p in players:
            if not self.hands[p]:
                return self._turn_over(p)
        self._new_round(players)
        return self._flip()

    def _flip(self) -> Flipped:
        self._battle += 1
        battle, flipped = self._battle, []
        for p in self._fighters:
            if p not in self._reusing:
                card = self.hands[p].popleft()
                self._faceup[p] = card
                self._table.append(TableCard(p, card, True, battle))
                flipped.append((p, card))
        self._phase = COMPARE
        return Flipped(self.round_number + 1, battle, tuple(flipped),
                       tuple(p for p in self._fighters if p in self._reusing))

    def _compare(self) -> Compared:
        fighters = self._fighters
        cards = tuple((p, self._faceup[p]) for p in fighters)
        best = [fighters[i] for i in self.rules.best([c for _, c in cards])]
        if len(best) == 1:
            self._winner = best[0]
            self._phase = COLLECT
            return Compared(self.round_number + 1, self._battle, cards, best[0], ())
        self._tied = tuple(best)
        self._tie_rank = self._faceup[best[0]].rank
        self._phase = WAR
        return Compared(self.round_number + 1, self._battle, cards, None, self._tied)

    def _declare_war(self) -> WarDeclared:
        """Decide who fights the war and how many cards each lays; settle shortages."""
        rules = self.rules
        self._wars += 1
        fighters = list(self._tied) if rules.war_players == "tied" else list(self._in_round)
        need = rules.war_cards(self._tie_rank)      # cards per fighter, the last one face up
        have = {p: self._playable(p) for p in fighters if p not in self._reusing}
        if self._all_fighters_run_out(fighters, have, need):
            return self._drop_out(fighters)
        plan: dict[int, int] = {}
        short: list[int] = []
        stuck: Termination | None = None            # the war can never be settled
        if rules.shortage in ("last_card_up", "fewest"):
            for p, n in have.items():
                if n == 0:
                    if rules.zero == "lose":
                        short.append(p)
                    else:
                        self._reusing.add(p)
            holding = [have[p] for p in have if have[p]]
            if rules.shortage == "fewest":           # everyone plays as many as the fewest holds [003]
                k = min([need, *holding])
                plan = {p: k - 1 for p, n in have.items() if n}
            else:
                plan = {p: min(need - 1, n - 1) for p, n in have.items() if n}
        else:
            short = [p for p, n in have.items() if n < need]
            if rules.shortage == "split" and short:
                stuck = Termination.SHORTAGE
            elif short and len(short) == len(fighters):
                most = max(have.values())           # the one who runs out first loses [003]
                short = [p for p in fighters if have[p] < most]
                if len(fighters) - len(short) > 1:
                    stuck = Termination.SHORTAGE
            plan = {p: need - 1 for p in fighters if p not in short}
        if stuck is not None:
            # split: each takes back what they laid and play goes on; lose: nobody can settle it.
            short = [p for p, n in have.items() if n < need]
            event = WarDeclared(self.round_number + 1, self._wars, tuple(fighters), (), tuple(short), ())
            self._settle_returned(None if rules.shortage == "split" else stuck)
            return event
        for p in short:
            self._forfeit(p)
        remaining = [p for p in fighters if p not in short]
        if len(remaining) < 2:                      # no war is fought: nobody lays a card
            plan = {}
        else:
            plan = {p: plan.get(p, 0) for p in remaining}   # a reusing fighter lays nothing
        event = WarDeclared(self.round_number + 1, self._wars, tuple(fighters), tuple(plan.items()),
                            tuple(short), tuple(p for p in remaining if p in self._reusing))
        self._fighters, self._plan = remaining, plan
        if not remaining:
            self._settle_returned(Termination.VOID_ROUND)       # every card is on the table [000]
        elif len(remaining) == 1:
            self._winner = remaining[0]
            self._phase = COLLECT
        elif all(p in self._reusing for p in remaining):
            self._settle_returned(Termination.REUSE_TIE)        # nothing new can be turned [003]
        else:
            self._phase = LAY
        return event

    def _holders_outside(self, fighters: list[int]) -> list[int]:
        """Players in the round who do not fight this war and still hold cards."""
        return [p for p in self._in_round if p not in fighters and self._playable(p)]

    def _all_fighters_run_out(self, fighters: list[int], have: dict[int, int], need: int) -> bool:
        """Three or four players: every fighter has run out (``shortage="lose"``: none can
        complete the war) while another player still holds cards.  Then the fighters drop out
        (RULES.md, "Three or four players").  Not for ``split`` or ``aside``, whose games are
        decided by counts."""
        rules = self.rules
        if rules.shortage == "split" or rules.capture == "aside" or not self._holders_outside(fighters):
            return False
        enough = need if rules.shortage == "lose" else 1
        return all(have.get(p, 0) < enough for p in fighters)    # a reusing fighter holds none

    def _drop_out(self, fighters: list[int]) -> WarDeclared:
        """The fighters drop out (their holdings go on the table) and the table goes to the one
        player still holding cards; several such players compare the cards they turned up this
        round, and a tie among them is a war of their own."""
        holders = self._holders_outside(fighters)
        for p in fighters:
            self._reusing.discard(p)
            self._forfeit(p)
        event = WarDeclared(self.round_number + 1, self._wars, tuple(fighters), dropped=tuple(fighters))
        self._fighters, self._plan = holders, {}
        if len(holders) == 1:
            self._winner = holders[0]
            self._phase = COLLECT
        else:
            self._phase = COMPARE
        return event

    def _forfeit(self, p: int) -> None:
        """A short player loses: the whole holding goes on the table and the player leaves."""
        battle = self._battle + 1
        for pile in (self.hands[p], self.won[p]):
            self._table.extend(TableCard(p, c, False, battle) for c in pile)
            pile.clear()
        self._in_round.remove(p)
        self._short_end = True

    def _lay(self) -> Event:
        if self._pile_plays:
            for p in self._fighters:
                if self.won[p] and len(self.hands[p]) <= self._plan.get(p, 0):
                    return self._turn_over(p)
        battle, laid = self._battle + 1, []
        for p in self._fighters:
            k = self._plan.get(p, 0)
            if k:
                hand = self.hands[p]
                cards = tuple(hand.popleft() for _ in range(k))
                self._table.extend(TableCard(p, c, False, battle) for c in cards)
                laid.append((p, cards))
        self._phase = FLIP
        if laid:
            return FaceDownLaid(self.round_number + 1, tuple(laid))
        return self._flip()

    def _gather(self, winner: int) -> list[Card]:
        """The won cards in the order they go to the winner (see the module docstring)."""
        played = sorted(self._table, key=lambda t: (t.battle, t.player))   # stable: down before up
        cards = [t.card for t in played]
        if self.rules.capture == "aside":
            return cards
        spec = self.rules.gather_for(winner)
        if callable(spec):
            try:
                result = spec(tuple(cards), winner)
            except Exception as exc:         # the policy's own bug: say whose, and what it raised
                raise ValueError(f"the gather policy of player {winner + 1} raised {type(exc).__name__}: {exc} "
                                 "(a policy gets the won cards and the winner's seat and must return the same "
                                 "cards, reordered)") from exc
            try:
                ordered = list(result)
                valid = Counter(ordered) == Counter(cards)
            except TypeError:                 # not a sequence, or not cards
                valid = False
            if not valid:
                raise ValueError(f"the gather policy of player {winner + 1} must return the cards it was given, "
                                 f"reordered ({len(cards)} cards: {' '.join(c.code for c in cards)})")
            return ordered
        if spec == "shuffle":
            self._rng.shuffle(cards)
            return cards
        if spec == "winner_first":
            return [t.card for t in played if t.player == winner] + [t.card for t in played if t.player != winner]
        if spec == "loser_first":
            return [t.card for t in played if t.player != winner] + [t.card for t in played if t.player == winner]
        if spec == "previous_winner_first":
            last = self._last_winner
            return [t.card for t in sorted(played, key=lambda t: (t.battle, t.player != last, t.player))]
        return named_order(spec, cards, self.rules)

    def _collect(self) -> Collected:
        winner = self._winner
        assert winner is not None
        cards = self._gather(winner)          # may raise (bad policy) before anything moves
        self._table.clear()
        (self.hands if self._to_hand else self.won)[winner].extend(cards)
        event = Collected(self.round_number + 1, winner, tuple(cards), self.counts, self._wars)
        self._complete_round(winner)
        return event

    def _return_table(self) -> Returned:
        """Each player takes back the cards they laid, in the order laid."""
        back: dict[int, list[Card]] = {}
        for t in self._table:
            back.setdefault(t.player, []).append(t.card)
        dest = self.hands if self._to_hand else self.won
        for p, cards in back.items():
            dest[p].extend(cards)
        self._table.clear()
        return Returned(self.round_number + 1, tuple((p, tuple(back[p])) for p in sorted(back)), self.counts)

    def _settle_returned(self, reason: Termination | None) -> None:
        """The round ends with the table given back; with a ``reason`` the game ends too."""
        self._pending.append(self._return_table())
        forced = None
        if reason is Termination.REUSE_TIE and self.rules.players == 2 and self.rules.capture != "aside":
            forced = Outcome(reason, drawn=(0, 1), counts=self.counts)
        elif reason is not None:
            forced = self._by_counts(reason)
        self._complete_round(None, forced)

    # --- the end of a round and of the game ---------------------------------------------
    def _complete_round(self, winner: int | None, forced: Outcome | None = None) -> None:
        """Book the round, then queue the after-round beats (players out, game over)."""
        self.round_number += 1
        self.history.append((winner, self._wars, self.counts))
        if winner is not None:
            self._last_winner = winner
        short_end = self._short_end
        self._new_round([])
        outcome = forced if forced is not None else self._check_end(short_end)
        if outcome is None:
            self._phase = START
        else:
            self.outcome = outcome
            self._phase = OVER
            self._pending.append(GameOver(self.round_number, outcome))

    def _check_end(self, short_end: bool = False) -> Outcome | None:
        rules, n = self.rules, self.rules.players
        counts = self.counts
        if rules.capture == "aside":
            if sum(1 for h in self.hands if h) < 2:
                return self._by_counts(Termination.HANDS_EMPTY)
        else:
            newly_out = [p for p in range(n) if not self.out[p] and counts[p] == 0]
            for p in newly_out:
                self.out[p] = True
                self._pending.append(PlayerOut(self.round_number, p))
            remaining = [p for p in range(n) if not self.out[p]]
            if rules.goal == "loser_first_out" and newly_out:
                return self._drunkard(newly_out)
            if len(remaining) == 1 or (rules.teams and len({p % 2 for p in remaining}) == 1):
                if rules.goal == "loser_all":
                    return self._drunkard(remaining)
                reason = Termination.SHORTAGE if short_end else Termination.ALL_CARDS
                if rules.teams:
                    return Outcome(reason, winning_team=remaining[0] % 2, counts=counts)
                return Outcome(reason, winner=remaining[0], counts=counts)
        if rules.round_limit is not None and self.round_number >= rules.round_limit:
            return self._by_counts(Termination.ROUND_LIMIT)
        if self._detects_cycles:
            key = self._position_key()
            first = self._seen.get(key)
            if first is not None:
                return Outcome(Termination.CYCLE, drawn=tuple(p for p in range(n) if not self.out[p]),
                               counts=counts, cycle_start=first, cycle_period=self.round_number - first)
            self._seen[key] = self.round_number
        return None

    def _drunkard(self, losers: list[int], reason: Termination = Termination.DRUNKARD_LOSER) -> Outcome:
        """P'yanitsa: one loser (the other player wins when there are two), or a shared loss."""
        counts = self.counts
        if len(losers) > 1:
            return Outcome(reason, drawn=tuple(losers), counts=counts)
        loser = losers[0]
        return Outcome(reason, winner=(1 - loser) if self.rules.players == 2 else None, loser=loser, counts=counts)

    def _by_counts(self, reason: Termination) -> Outcome:
        """Decide a game by counts: more wins (fewest / most loses under the drunkard goals);
        a tie is a draw between the tied players."""
        counts = self.counts
        if self.rules.teams:
            tc = self.team_counts
            if tc[0] == tc[1]:
                return Outcome(reason, drawn=(0, 1, 2, 3), counts=counts)
            return Outcome(reason, winning_team=0 if tc[0] > tc[1] else 1, counts=counts)
        players = [p for p in range(self.rules.players) if not self.out[p]] or list(range(self.rules.players))
        goal = self.rules.goal
        extreme = (min if goal == "loser_first_out" else max)(counts[p] for p in players)
        top = [p for p in players if counts[p] == extreme]
        if goal == "collect":
            if len(top) > 1:
                return Outcome(reason, drawn=tuple(top), counts=counts)
            return Outcome(reason, winner=top[0], counts=counts)
        return self._drunkard(top, reason)

    # --- cycles -----------------------------------------------------------------------------
    @property
    def _detects_cycles(self) -> bool:
        """Only a game with no randomness left and no round limit can run forever."""
        return self.rules.round_limit is None and not self.rules.has_randomness_after_deal

    @property
    def _last_winner_matters(self) -> bool:
        """Under ``previous_winner_first`` the last winner decides the next gather order, so it
        is part of the position."""
        return any(self.rules.gather_for(p) == "previous_winner_first" for p in range(self.rules.players))

    @property
    def last_winner(self) -> int:
        """The seat that won the last round with a winner (seat 0, player 1, before any)."""
        return self._last_winner

    def _position_key(self) -> bytes:
        """The whole position between rounds: every hand and won pile, in order, and the last
        winner when the gather order depends on it."""
        out = bytearray([self._last_winner]) if self._last_winner_matters else bytearray()
        for h, w in zip(self.hands, self.won):
            out.extend([c.index for c in h])
            out.append(254)
            out.extend([c.index for c in w])
            out.append(255)
        return bytes(out)

    # --- serialisation ----------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole game as versioned JSON text; :meth:`from_json` continues it exactly."""
        from .persistence import game_to_json
        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> "Game":
        """A game saved by :meth:`to_json`, mid-round included; ValueError if the text is not one."""
        from .persistence import game_from_json
        return game_from_json(text)

    def __repr__(self) -> str:
        name = self.rules.preset_name or "custom"
        return f"<Game {name} round {self.round_number} counts {self.counts}{' over' if self.is_over else ''}>"


_BEATS: dict[str, Callable[[Game], Event]] = {
    START: Game._start, FLIP: Game._flip, COMPARE: Game._compare, WAR: Game._declare_war,
    LAY: Game._lay, COLLECT: Game._collect,
}


def _deal(rules: Rules, rng: SplitMix64) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal one card at a time to each player; what does not divide evenly is unused.

    ``by_color``: player 1 gets the black cards, player 2 the red, each in shuffled order.
    ``joker_deal="split"``: the plain cards are dealt, then each joker is buried at a random
    place in the hand of a different, randomly chosen player (who got one plain card fewer)."""
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
