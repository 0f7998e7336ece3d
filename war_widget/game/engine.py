"""The War engine: a pure, deterministic state machine that plays every rule of docs/rules.md.

A round is a sequence of beats; ``Game.step()`` performs one beat and returns its event
(flip, compare, war declared, face-down laid, collect, return, shuffle, player out, game over).
``play_round()`` and ``play_to_end()`` are loops over ``step()``.  Subscribers see every event.
All randomness comes from one SplitMix64 generator, so ``Game.from_code(game.code)`` and
``Game.from_json(game.to_json())`` replay the same future on any machine.

``Game`` is built in layers, one responsibility a module, each importing only the one below:
``engine_state`` (the position, the deal, what anyone may read), ``engine_end`` (the end of a
round and of the game, cycles), ``engine_wars`` (wars and shortages) and this module (making a
game, the beats, the loops over them).  ``engine_json`` is the game's JSON notation; the save
module ``persistence`` imports the engine, never the reverse.

>>> game = Game.from_hands("classic", [["KS", "9H"], ["7D", "9C"]])
>>> [game.step().kind for _ in range(3)]
['flip', 'compare', 'collect']
>>> game.counts
(3, 1)
>>> game.play_round().wars      # 9 against 9, and player 2 has nothing left to turn up
1
>>> game.outcome.winner, game.outcome.reason.name
(0, 'SHORTAGE')

Choices where docs/rules.md leaves a point open (each is tested in ``tests/``):

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
  holdings go on the table) and the table goes to that player (docs/rules.md).  Our choice where
  docs/rules.md says "the player": several such players compare the cards they turned up in this
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

from collections import Counter
from collections.abc import Callable, Sequence
from numbers import Integral
from operator import itemgetter

from . import engine_json
from .cards import Card
from .codes import decode_code
from .engine_state import COLLECT, COMPARE, FLIP, LAY, OVER, PHASES, START, WAR, RoundRecord, TableCard, as_rules, deal
from .engine_wars import WarEngine
from .events import (
    Collected,
    Compared,
    Event,
    FaceDownLaid,
    Flipped,
    GameOver,
    Outcome,
    Shuffled,
    Termination,
    WarDeclared,
)
from .policies import named_order
from .rng import SplitMix64, new_seed
from .rules import Rules

__all__ = ["Game", "RoundRecord", "TableCard", "as_rules", "PHASES", "Termination"]

_deal = deal   # the name ``save_check`` and older code used
_CARD = itemgetter(1)   # the card of a table entry (player, card, face_up, battle)


class Game(WarEngine):
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
        hands, unused = deal(self.rules, self._rng)
        self._setup(hands, unused)

    # --- construction --------------------------------------------------------------------
    @classmethod
    def from_hands(cls, rules: Rules | str, hands: Sequence[Sequence[str | Card]], seed: int = 0) -> Game:
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
                    ranks = {40: "A to 10", "A9": "A to 9"}.get(rules.deck,
                                                                 f"{Card(rules.lowest_rank, 'S').rank_name} to A")
                    raise ValueError(f"{c.code} is not in this deck ({rules.deck_size} cards"
                                     f"{' + 2 jokers' if rules.jokers else ', no jokers'}, ranks {ranks})")
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
    def from_code(cls, code: str) -> Game:
        """Replay the game with this number: the same rules, deal and every later shuffle."""
        rules, seed = decode_code(code)
        return cls(rules, seed)

    # --- playing ----------------------------------------------------------------------------
    def step(self) -> Event | None:
        """Perform the next beat and return its event (None once the game is over).

        A beat is all or nothing: an exception anywhere inside it (a ``KeyboardInterrupt`` from
        the stop button included) leaves the game at the last complete beat, every card where it
        was.  The beat is committed by one statement (the beat count); until then the game is
        marked as being changed, and an interrupted beat is undone by replaying the committed
        beats from the deal (the engine is deterministic, so this is the same position)."""
        try:
            if self._broken:
                self._repair()
            self._broken = True
            if self._pending:
                event = self._pending.popleft()
            elif self._phase == OVER:
                self._broken = False
                return None
            else:
                event = _BEATS[self._phase](self)
            assert event is not None          # (only a quiet game's beats build none: play_quietly)
            events = self._round_events
            if events and events[-1].round != event.round:
                events.clear()
            events.append(event)
            self._beats, self._broken = self._beats + 1, False      # the commit: one statement
        except BaseException:
            if self._broken:
                self._repair()
            raise
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

    def play_quietly(self, max_rounds: int | None = None) -> Outcome | None:
        """``play_to_end(max_rounds)`` in the quiet mode: the same beats by the same functions,
        building no event (nor anything to read: no strings, no narration), for the simulator.

        The game ends exactly where ``play_to_end`` leaves it (every card, the history, the
        generator, the beat count: a save of it is the same), but nobody is told its beats, so a
        game with subscribers is refused.  All or nothing per beat, as ``step()`` is."""
        if max_rounds is not None and (isinstance(max_rounds, bool) or not isinstance(max_rounds, Integral)
                                       or max_rounds < 0):
            raise ValueError(f"max_rounds must be None (play to the end) or a whole number of rounds >= 0; "
                             f"got {max_rounds!r}")
        if self._subscribers:
            raise ValueError("play_quietly() tells nobody its beats, and this game has subscribers: unsubscribe "
                             "them first, or play with play_to_end()")
        if self._broken:
            self._repair()
        limit = None if max_rounds is None else self.round_number + int(max_rounds)
        pending, beat_of, taken = self._pending, _BEATS, self._beats
        self._broken = self._quiet = True
        try:
            while True:
                if pending:                   # a beat due after the last one (None when queued quietly)
                    pending.popleft()
                else:
                    phase = self._phase
                    if phase == START:
                        if limit is not None and self.round_number >= limit:
                            break
                    elif phase == OVER:
                        break
                    beat_of[phase](self)
                self._beats += 1              # the commit of this beat
        except BaseException:
            self._quiet = False
            self._repair()                    # back to the last committed beat
            raise
        self._quiet = self._broken = False
        if self._beats != taken:
            self._round_events.clear()        # events of a round played on, quietly
        return self.outcome

    def end_now(self) -> Outcome:
        """End the game now, as a time limit does: the round in progress is abandoned and its
        cards go back to who laid them, then more cards wins (equal is a draw).  All or nothing,
        as a beat is."""
        if self._broken:
            self._repair()
        if self.outcome is not None:
            return self.outcome
        try:
            self._broken = True
            due = list(self._pending)
            self._pending.clear()
            if self._table:
                due.append(self._return_table())
            self._new_round([])
            self.outcome = self._by_counts(Termination.TIME)
            self._phase = OVER
            due.append(GameOver(self.round_number, self.outcome))
            self._ended_now, self._broken = True, False             # the commit: one statement
        except BaseException:
            if self._broken:
                self._repair()
            raise
        for event in due:
            if event is not None:             # (a quiet game queues None, and drains it itself)
                self._publish(event)
        return self.outcome

    # --- replaying: the game is its deal and its number of beats ----------------------------
    def _replayed(self, beats: int, ended_now: bool = False) -> Game:
        """A new game with this one's rules and deal, ``beats`` beats on (no subscribers).
        ValueError if the game ends before that many beats."""
        game = type(self).__new__(type(self))
        game.rules, game.seed, game._scripted = self.rules, self.seed, self._scripted
        game._rng = SplitMix64(self.seed)
        if self._scripted:
            game._setup([list(h) for h in self.dealt], list(self.unused))
        else:
            hands, unused = deal(self.rules, game._rng)
            game._setup(hands, unused)
        step = game.step
        for done in range(beats):
            if step() is None:
                raise ValueError(f"this game ends after {done} beats, not {beats}")
        if ended_now:
            game.end_now()
        return game

    def _repair(self) -> None:
        """Go back to the last committed beat after an interrupted one: replay the committed
        beats from the deal, then take over the replayed position in one statement."""
        fresh = self._replayed(self._beats, self._ended_now)
        fresh._subscribers = self._subscribers
        self.__dict__ = fresh.__dict__

    # --- the beats (wars and shortages: engine_wars) -------------------------------------------
    # Each beat moves the cards, then builds its event, which a quiet game skips (``_quiet``:
    # ``play_quietly``); every decision is taken before that point, so both play the same game.
    def _turn_over(self, p: int) -> Shuffled | None:
        """The won pile becomes (the bottom of) the hand: shuffled, or in the order won [000]."""
        pile = list(self.won[p])
        self.won[p].clear()
        if self.rules.shuffle_won_pile:
            self._rng.shuffle(pile)
        self.hands[p].extend(pile)
        if self._quiet:
            return None
        return Shuffled(self.round_number + 1, p, len(pile), self.rules.shuffle_won_pile)

    def _start(self) -> Event | None:
        hands, out = self.hands, self.out
        if self._pile_plays:
            players = [p for p in self._seats if not out[p] and self._playable(p)]
        else:                                 # the hand is what a player can turn
            players = [p for p in self._seats if hands[p] and not out[p]]
        up = self._up
        if up > 1 or self._pile_plays:        # (one card up from a hand that holds one: no turn-over)
            for p in players:
                if len(hands[p]) < up and self.won[p]:
                    return self._turn_over(p)
        # the round begins: its state is the fresh one the last round's end left (_new_round)
        self._in_round, self._fighters = players, players[:]
        return self._flip()

    def _flip(self) -> Flipped | None:
        self._battle += 1
        battle, faceup, table, hands, reusing = self._battle, self._faceup, self._table, self.hands, self._reusing
        up = self._up
        for p in self._fighters:
            if p in reusing:
                continue
            hand = hands[p]
            if up == 1 and hand:
                card = hand.popleft()
                faceup[p] = (card,)
                table.append((p, card, True, battle))
            else:
                cards = tuple(hand.popleft() for _ in range(min(up, len(hand))))   # short: what is held
                faceup[p] = cards
                table.extend([(p, card, True, battle) for card in cards])
        self._phase = COMPARE
        if self._quiet:
            return None
        fighters = self._fighters
        return Flipped(self.round_number + 1, battle,
                       tuple((p, card) for p in fighters if p not in reusing for card in faceup[p]),
                       tuple(p for p in fighters if p in reusing), self._values(fighters))

    def _values(self, players: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """Each player's battle value under the school variants (nothing under the card rule)."""
        if not self.rules.school:
            return ()
        return tuple((p, self.rules.value(self._faceup[p])) for p in players)

    def _compare(self) -> Compared | None:
        fighters, faceup = self._fighters, self._faceup
        values = self._values(fighters) if self._school else ()
        if values:                            # the school variants: the highest value wins
            top = max(v for _, v in values)
            best = [p for p, v in values if v == top]
        else:
            highest = self.rules._best([faceup[p][0] for p in fighters])
            best = [fighters[highest[0]]] if len(highest) == 1 else [fighters[i] for i in highest]
        if len(best) == 1:
            self._winner = best[0]
            self._phase = COLLECT
            if self._quiet:
                return None
            return Compared(self.round_number + 1, self._battle, tuple((p, c) for p in fighters for c in faceup[p]),
                            best[0], (), values)
        self._tied = tuple(best)
        self._tie_rank = faceup[best[0]][0].rank
        self._phase = WAR
        if self._quiet:
            return None
        return Compared(self.round_number + 1, self._battle, tuple((p, c) for p in fighters for c in faceup[p]),
                        None, self._tied, values)

    def _lay(self) -> Event | None:
        if self._pile_plays:
            for p in self._fighters:
                if self.won[p] and len(self.hands[p]) < self._plan.get(p, 0) + self.rules.battle_cards:
                    return self._turn_over(p)
        battle, laid = self._battle + 1, []
        for p in self._fighters:
            k = self._plan.get(p, 0)
            if k:
                hand = self.hands[p]
                cards = tuple(hand.popleft() for _ in range(k))
                self._table.extend([(p, c, False, battle) for c in cards])
                laid.append((p, cards))
        self._phase = FLIP
        if laid:
            return None if self._quiet else FaceDownLaid(self.round_number + 1, tuple(laid))
        return self._flip()

    def _gather(self, winner: int) -> list[Card]:
        """The won cards in the order they go to the winner (see the module docstring)."""
        if self._wars:
            played = sorted(self._table, key=lambda t: (t[3], t[0]))   # by battle, then seat; stable: down first
        else:                                 # one battle, laid in seat order: already sorted
            played = self._table
        cards = list(map(_CARD, played))
        if self._aside:
            return cards
        spec = self._gathers[winner]
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
            return [t[1] for t in played if t[0] == winner] + [t[1] for t in played if t[0] != winner]
        if spec == "loser_first":
            return [t[1] for t in played if t[0] != winner] + [t[1] for t in played if t[0] == winner]
        if spec == "previous_winner_first":
            last = self._last_winner
            return [t[1] for t in sorted(played, key=lambda t: (t[3], t[0] != last, t[0]))]
        return named_order(spec, cards, self.rules)

    def _collect(self) -> Collected | None:
        winner = self._winner
        assert winner is not None
        cards = self._gather(winner)          # may raise (bad policy) before anything moves
        self._table.clear()
        (self.hands if self._to_hand else self.won)[winner].extend(cards)
        if self._quiet:
            self._complete_round(winner)
            return None
        event = Collected(self.round_number + 1, winner, tuple(cards), self.counts, self._wars)
        self._complete_round(winner)
        return event

    # --- serialisation ----------------------------------------------------------------------
    def to_json(self) -> str:
        """The game as versioned JSON text (its rules, deal and beats); :meth:`from_json`
        replays it and continues exactly."""
        if self._broken:                      # a beat was interrupted and not yet undone
            self._repair()
        return engine_json.dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game saved by :meth:`to_json`, mid-round included, replayed from its deal; a
        ValueError saying what is wrong if the text is not one."""
        return engine_json.loads(text, cls)

    def __repr__(self) -> str:
        name = self.rules.preset_name or "custom"
        return f"<Game {name} round {self.round_number} counts {self.counts}{' over' if self.is_over else ''}>"


_BEATS: dict[str, Callable[[Game], Event | None]] = {
    START: Game._start, FLIP: Game._flip, COMPARE: Game._compare, WAR: Game._declare_war,
    LAY: Game._lay, COLLECT: Game._collect,
}

