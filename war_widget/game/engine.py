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
from typing import cast

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
                beat = self._advance(True)
                assert beat is not None
                event = beat[0](self, beat[1])
            assert event is not None          # (only a quiet game queues None: play_quietly)
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
        """``play_to_end(max_rounds)`` in the quiet mode: the same beats by the same machine
        (``_advance``), building no event (nor anything to read: no strings, no narration), for
        the simulator.

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
        pending, taken = self._pending, self._beats
        self._broken = self._quiet = True
        try:
            while pending:                    # beats due after the last one (played with events)
                pending.popleft()
                self._beats += 1              # the commit of this beat
            self._advance(False, limit)       # the beats, committed round by round
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
    # ``_advance`` is the beat machine, written once: ``step()`` asks it for one beat and builds
    # that beat's event from what it returns (``_EVENT`` below); ``play_quietly`` lets it run on
    # through rounds and games, building nothing.  The common beats (a round's start, the flip,
    # the comparison, the collection) are written out here with the rule facts held in locals; the
    # rare ones (a war, a turn-over, the end of a game) are the methods of the layers below.
    def _advance(self, one: bool, limit: int | None = None) -> tuple[_Builder, object] | None:
        """Play beats from the current phase: one beat when ``one`` (its event's builder and
        data, for ``step()``), else on until the game is over or a new round would begin at
        round ``limit`` (None: no limit), counting the beats played in ``_beats``.

        Quietly (``one`` false) every beat is the same as ``step()``'s, in the same order, and the
        position between beats the same; only nothing is built for the events, and the beats due
        after a round (players out, game over, a returned table) are counted as they are queued."""
        hands, won, table, pending = self.hands, self.won, self._table, self._pending
        seats, up, pile_plays, strengths = self._seats, self._up, self._pile_plays, self._strengths
        gain = hands if self._to_hand else won
        # two players turning one card each from the hand, compared by the strength table alone
        pair = self._players == 2 and up == 1 and not pile_plays and strengths is not None
        shuffled, shuffle = self._shuffled, self._rng.shuffle
        hand0, hand1 = hands[0], hands[1]
        history, plain_end, limit_round = self.history, self._plain_end, self._limit
        phase, beats = self._phase, 0
        try:
            while True:
                if phase == START:
                    if limit is not None and self.round_number >= limit:
                        break
                    out = self.out
                    if pair and hand0 and hand1 and not (out[0] or out[1]):
                        # Two players, one card up each, compared by strength (no turn-over, no
                        # reuse): the flip, and quietly the comparison and the collection with it.
                        # Quietly the battle's table and face-up cards are written down only when a
                        # war needs them: a round without a war would clear them again at its end.
                        a, b = hand0.popleft(), hand1.popleft()
                        if one:               # the flip beat: the position step() shows
                            self._in_round, self._fighters, self._battle = [0, 1], [0, 1], 1
                            self._faceup[0], self._faceup[1] = (a,), (b,)
                            table.append((0, a, True, 1))
                            table.append((1, b, True, 1))
                            self._phase = COMPARE
                            return _flipped, None
                        sa, sb = strengths[a.index], strengths[b.index]   # type: ignore[index]
                        if sa != sb and shuffled:         # the comparison, then the collection
                            winner = 0 if sa > sb else 1
                            cards = [a, b]                # the table, in the order laid
                            shuffle(cards)
                            gain[winner].extend(cards)
                            beats += 3
                            counts = (len(hand0), len(hand1))     # (capture="bottom": the holdings)
                            number = self.round_number + 1
                            if plain_end and number < limit_round and 0 not in counts:
                                # _complete_round's booking of a round that ends nothing, the
                                # round's state still fresh: the history, the last winner
                                self.round_number = number
                                history.append((winner, 0, counts))
                                self._last_winner = winner
                                continue
                            self._complete_round(winner, touched=False)
                            phase = self._phase
                            if pending:                   # players out, game over: beats of their own
                                beats += len(pending)
                                pending.clear()
                            if phase == START:
                                continue              # the next round
                        else:                 # a war (or a gather order other than shuffle): the
                            self._in_round, self._fighters, self._battle = [0, 1], [0, 1], 1   # beats go on
                            faceup = self._faceup         # from the position after the flip
                            faceup[0], faceup[1] = (a,), (b,)
                            table.append((0, a, True, 1))
                            table.append((1, b, True, 1))
                            phase = COMPARE
                            beats += 1
                    else:
                        if pile_plays:
                            players = [p for p in seats if not out[p] and (hands[p] or won[p])]
                        else:                     # the hand is what a player can turn
                            players = [p for p in seats if hands[p] and not out[p]]
                        turner = -1
                        if up > 1 or pile_plays:  # (one card up from a hand that holds one: no turn-over)
                            for p in players:
                                if len(hands[p]) < up and won[p]:
                                    turner = p
                                    break
                        if turner >= 0:           # a beat of its own: the won pile becomes the hand
                            turned = self._turn_over(turner)
                            beats += 1
                            if one:
                                return _given, turned
                        else:                     # the round begins, from the fresh state _new_round left
                            self._in_round, self._fighters = players, players[:]
                            phase = FLIP
                elif phase == LAY:
                    fighters, plan = self._fighters, self._plan
                    turner = -1
                    if pile_plays:
                        for p in fighters:
                            if won[p] and len(hands[p]) < plan.get(p, 0) + up:
                                turner = p
                                break
                    if turner >= 0:
                        turned = self._turn_over(turner)
                        beats += 1
                        if one:
                            return _given, turned
                    else:
                        battle, laid = self._battle + 1, []
                        for p in fighters:
                            k = plan.get(p, 0)
                            if k:
                                hand = hands[p]
                                down = tuple([hand.popleft() for _ in range(k)])
                                table.extend([(p, c, False, battle) for c in down])
                                laid.append((p, down))
                        phase = FLIP
                        if laid:                  # a beat; with nothing laid the flip is this beat
                            beats += 1
                            if one:
                                self._phase = phase
                                return _laid, laid
                if phase == FLIP:
                    battle = self._battle = self._battle + 1
                    fighters, faceup, reusing = self._fighters, self._faceup, self._reusing
                    if pair and len(fighters) == 2 and not reusing and hands[fighters[0]] and hands[fighters[1]]:
                        p, q = fighters
                        a, b = hands[p].popleft(), hands[q].popleft()
                        faceup[p], faceup[q] = (a,), (b,)
                        table.append((p, a, True, battle))
                        table.append((q, b, True, battle))
                    elif up == 1 and not reusing:
                        for p in fighters:
                            hand = hands[p]
                            if hand:
                                card = hand.popleft()
                                faceup[p] = (card,)
                                table.append((p, card, True, battle))
                            else:
                                faceup[p] = ()
                    else:
                        for p in fighters:
                            if p in reusing:
                                continue
                            hand = hands[p]
                            turned_up = tuple([hand.popleft() for _ in range(min(up, len(hand)))])   # short: held
                            faceup[p] = turned_up
                            table.extend([(p, card, True, battle) for card in turned_up])
                    phase = COMPARE
                    beats += 1
                    if one:
                        self._phase = phase
                        return _flipped, None
                if phase == COMPARE:
                    fighters, faceup = self._fighters, self._faceup
                    if strengths is not None and len(fighters) == 2:    # two cards: one comparison
                        p, q = fighters
                        sp, sq = strengths[faceup[p][0].index], strengths[faceup[q][0].index]
                        best: tuple[int, ...] = (p,) if sp > sq else (q,) if sq > sp else (p, q)
                    else:
                        best = self._best_fighters()
                    if len(best) == 1:
                        self._winner = best[0]
                        phase = COLLECT
                    else:
                        self._tied = best
                        self._tie_rank = faceup[best[0]][0].rank
                        phase = WAR
                    beats += 1
                    if one:
                        self._phase = phase
                        return _compared, None
                if phase == COLLECT:
                    taker = self._winner
                    assert taker is not None
                    won_cards = self._gather(taker)       # may raise (bad policy) before anything moves
                    table.clear()
                    gain[taker].extend(won_cards)
                    self._complete_round(taker)
                    phase = self._phase
                    beats += 1
                    if one:
                        return _collected, (taker, won_cards)
                    if pending:                           # players out, game over: beats of their own
                        beats += len(pending)
                        pending.clear()
                elif phase == WAR:
                    declared = self._declare_war()
                    phase = self._phase
                    beats += 1
                    if one:
                        return _given, declared
                    if pending:
                        beats += len(pending)
                        pending.clear()
                if phase == OVER:
                    break
        except BaseException:
            self._beats += beats      # the beats completed before the one interrupted (quietly)
            raise
        self._phase = phase
        self._beats += beats
        return None

    def _best_fighters(self) -> tuple[int, ...]:
        """The fighters whose face-up cards are highest: by value under the school variants,
        else by the rules' card order (three or four fighters, ``low_beats_ace``)."""
        fighters, faceup = self._fighters, self._faceup
        values = self._values(fighters) if self._school else ()
        if values:                            # the school variants: the highest value wins
            top = max(v for _, v in values)
            return tuple([p for p, v in values if v == top])
        highest = self.rules._best([faceup[p][0] for p in fighters])
        return tuple([fighters[i] for i in highest])

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

    def _values(self, players: Sequence[int]) -> tuple[tuple[int, int], ...]:
        """Each player's battle value under the school variants (nothing under the card rule)."""
        if not self.rules.school:
            return ()
        return tuple((p, self.rules.value(self._faceup[p])) for p in players)

    def _gather(self, winner: int) -> list[Card]:
        """The won cards in the order they go to the winner (see the module docstring)."""
        if self._shuffled and not self._wars:    # the common case: one battle's cards, shuffled
            cards = [t[1] for t in self._table]
            self._rng.shuffle(cards)
            return cards
        if self._wars:
            played = sorted(self._table, key=lambda t: (t[3], t[0]))   # by battle, then seat; stable: down first
        else:                                 # one battle, laid in seat order: already sorted
            played = self._table
        cards = list(map(_CARD, played))
        if self._aside:
            return cards
        spec = self._gathers[winner]
        if spec == "shuffle":
            self._rng.shuffle(cards)
            return cards
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
        if spec == "winner_first":
            return [t[1] for t in played if t[0] == winner] + [t[1] for t in played if t[0] != winner]
        if spec == "loser_first":
            return [t[1] for t in played if t[0] != winner] + [t[1] for t in played if t[0] == winner]
        if spec == "previous_winner_first":
            last = self._last_winner
            return [t[1] for t in sorted(played, key=lambda t: (t[3], t[0] != last, t[0]))]
        return named_order(spec, cards, self.rules)

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


# --- the events of the beats, built from what ``Game._advance`` did (``step()`` only) ----------
def _given(game: Game, event: object) -> Event:
    """A beat whose event its rule built (a war, a turn-over: rare beats, in the layers below)."""
    assert isinstance(event, Event)
    return event


def _flipped(game: Game, _data: object) -> Flipped:
    fighters, reusing, faceup = game._fighters, game._reusing, game._faceup
    return Flipped(game.round_number + 1, game._battle,
                   tuple([(p, card) for p in fighters if p not in reusing for card in faceup[p]]),
                   tuple([p for p in fighters if p in reusing]), game._values(fighters))


def _compared(game: Game, _data: object) -> Compared:
    fighters, faceup = game._fighters, game._faceup
    cards = tuple([(p, c) for p in fighters for c in faceup[p]])
    values = game._values(fighters) if game._school else ()
    if game._phase == COLLECT:
        return Compared(game.round_number + 1, game._battle, cards, game._winner, (), values)
    return Compared(game.round_number + 1, game._battle, cards, None, game._tied, values)


def _laid(game: Game, laid: object) -> FaceDownLaid:
    assert isinstance(laid, list)
    return FaceDownLaid(game.round_number + 1, tuple(laid))


def _collected(game: Game, data: object) -> Collected:
    """The round is booked by now: its history entry holds the wars and the counts after."""
    winner, cards = cast("tuple[int, list[Card]]", data)
    _winner, wars, counts = game.history[-1]
    return Collected(game.round_number, winner, tuple(cards), counts, wars)


_Builder = Callable[[Game, object], Event]
