"""Steal War [003]: War with face-up capture piles that can be stolen by matching rank.

The rules (RULES.md "Steal War"): 52 cards + 2 jokers (highest); a war is 3 face-down cards and
1 face-up.  Won cards go face up onto the winner's capture pile, the winner choosing which of
them lies on top.  Before playing, a player looks at the next card of the hand; if its rank
equals the top card of an opponent's pile, the player may put the card on that pile and move the
whole pile, order kept, onto the top of their own, then look at the next card.  Two players who
can steal from each other swap piles.  Face-down war cards cannot steal; the face-up war card
may steal instead of fighting.  Playing a card that matches your own pile protects the pile
during that turn.  When the hand is empty the pile is turned over and shuffled into a new hand;
a player who runs out during a war loses at once.

Timing choices (the text leaves these open; each is tested in tests/test_steal.py):

1. **Steal windows.**  Before every face-up card is played (the first card of a round and the
   face-up card of each war) there is a *window*.  It is a series of *looks*: in a look, every
   player about to play (a *fighter*) sees the top card of their hand.  Players who can steal
   decide, in seat order but sealed (no one sees another's decision before the look resolves),
   to ``Play`` or to ``Steal(victim)``.  Then the look resolves: mutual steals become swaps,
   then the other steals in seat order (a steal whose pile changed under it lapses).  If anyone
   stole, a new look begins (the thief looks at the next card); when a look ends with no steal,
   the fighters turn their cards up.  Only fighters steal, but any opponent's pile may be robbed.
2. **A decision to play stands** for that card: a player who declined is not asked again in the
   same window unless a new chance appears (another pile, or a pile that changed).
3. **Protection is automatic and per look**: a fighter whose next card matches the top of their
   own pile is about to play it, so nobody may steal that pile during that look.
4. **The swap** needs both: if two players may steal from each other and both choose ``Steal``,
   the piles are exchanged (each gets the other's pile with its own stealing card on top); if
   only one chooses to steal, it is an ordinary steal.
5. **Running out**: "as soon as" the hand is empty the pile is turned over and shuffled into a
   new hand, so a pile of a player with an empty hand cannot be stolen; a player who steals
   with the last card of the hand gets a new hand from the pile that now holds the loot.
6. **Short in a war**: a war needs 4 cards (3 down, 1 up) from hand and pile together; a player
   with fewer loses at once (their remaining cards go to the table and to the war's winner).  If
   every fighter is short, the one with most cards plays on alone and wins the war; equal most is
   a draw (as Pagat's shortage option 1).
7. **Choosing the top**: the winner may put any won card (face-down war cards included) on top;
   the others go under it in the order they were played.  When the winner takes the last cards
   in play (the game ends) there is nothing to choose.
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Sequence

from ..cards import Card, make_deck
from ..engine import RoundRecord, TableCard
from ..events import (Collected, Compared, Event, FaceDownLaid, Flipped, GameOver, Outcome, PlayerOut, Returned,
                      Shuffled, Termination, WarDeclared)
from ..rng import SplitMix64, new_seed
from .actions import PLAY, Action, ChooseTop, Play, Steal
from .events import Protected, StealDeclined, Stolen, Swapped, TopChosen

__all__ = ["StealWarGame", "Policy", "FACE_DOWN", "PRESET"]

Policy = Callable[["StealWarGame", list], Action]
FACE_DOWN = 3          # face-down cards in a war [003]
WAR_NEED = FACE_DOWN + 1
PRESET = "steal_war"
_SEED_MAX = (1 << 64) - 1


def _check_players(players: object) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or players not in (2, 3, 4):
        raise ValueError(f"players must be 2, 3 or 4; got {players!r}")
    return players


class StealWarGame:
    """One game of Steal War for 2-4 players, dealt from ``seed`` (fresh if None).

    ``policies``: one per seat, a callable ``policy(game, legal_actions) -> action`` or None for a
    seat whose decisions are made by ``apply``.  ``step()`` asks a seat's policy when that seat
    must decide, and raises ValueError when the seat has none.

    >>> from war_widget.steal import StealWarGame, greedy
    >>> game = StealWarGame(seed=7, policies=(greedy, greedy))
    >>> game.counts
    (27, 27)
    >>> outcome = game.play_to_end()
    >>> sum(game.counts)
    54
    """

    def __init__(self, players: int = 2, seed: int | None = None,
                 policies: Sequence[Policy | None] | None = None) -> None:
        n = _check_players(players)
        if seed is None:
            seed = new_seed()
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _SEED_MAX:
            raise ValueError(f"seed must be a whole number from 0 to 2**64-1; got {seed!r}")
        self.seed = seed
        self._rng = SplitMix64(seed)
        deck = make_deck(52, 2)
        self._rng.shuffle(deck)
        per = len(deck) // n
        hands = [deck[p:per * n:n] for p in range(n)]
        self._scripted = False
        self._setup(n, hands, [[] for _ in range(n)], deck[per * n:])
        self.policies = _check_policies(policies, n)
        self._settle()

    # --- construction ----------------------------------------------------------------------
    @classmethod
    def from_hands(cls, hands: Sequence[Sequence[str | Card]], piles: Sequence[Sequence[str | Card]] | None = None,
                   seed: int = 0, policies: Sequence[Policy | None] | None = None) -> "StealWarGame":
        """A scripted position: one hand per player (top card first) and optionally one capture
        pile per player (bottom card first, top card last).  Any distinct cards of the 54."""
        if not isinstance(hands, (list, tuple)):
            raise ValueError(f"hands must be a list with one list of cards per player; got {hands!r}")
        n = _check_players(len(hands))
        if piles is None:
            piles = [[] for _ in range(n)]
        if not isinstance(piles, (list, tuple)) or len(piles) != n:
            raise ValueError(f"piles needs one list per player ({n}), bottom card first; got {piles!r}")
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _SEED_MAX:
            raise ValueError(f"seed must be a whole number from 0 to 2**64-1; got {seed!r}")
        deck = set(make_deck(52, 2))
        seen: set[Card] = set()

        def parse(group: object, what: str) -> list[Card]:
            if isinstance(group, str) or not isinstance(group, (list, tuple)):
                raise ValueError(f"{what} must be a list of card strings like ['KS', '7H']; got {group!r}")
            cards = [Card.parse(c) for c in group]
            for c in cards:
                if c not in deck:  # pragma: no cover - every parseable card is in the 54
                    raise ValueError(f"{c.code} is not in the Steal War deck")
                if c in seen:
                    raise ValueError(f"{c.code} appears twice; every card must be distinct")
                seen.add(c)
            return cards

        parsed_hands = [parse(h, f"hand {p + 1}") for p, h in enumerate(hands)]
        parsed_piles = [parse(w, f"pile {p + 1}") for p, w in enumerate(piles)]
        alive = sum(1 for h, w in zip(parsed_hands, parsed_piles) if h or w)
        if alive < 2:
            raise ValueError("at least two players need cards (in hand or pile) for a game")
        game = cls.__new__(cls)
        game.seed, game._rng, game._scripted = seed, SplitMix64(seed), True
        game._setup(n, parsed_hands, parsed_piles, [])
        game.policies = _check_policies(policies, n)
        game._settle()
        return game

    @classmethod
    def from_code(cls, code: str, policies: Sequence[Policy | None] | None = None) -> "StealWarGame":
        """Replay the game with this number: the same deal and every later shuffle (given the
        same decisions)."""
        players, seed = decode_steal_code(code)
        return cls(players, seed, policies)

    def _setup(self, n: int, hands: list[list[Card]], piles: list[list[Card]], unused: list[Card]) -> None:
        self.players = n
        self.hands: list[deque[Card]] = [deque(h) for h in hands]
        self.piles: list[list[Card]] = [list(w) for w in piles]
        self.unused = list(unused)
        self.dealt = tuple(tuple(h) for h in hands)
        self.dealt_piles = tuple(tuple(w) for w in piles)
        self._table: list[TableCard] = []
        self.round_number = 0
        self.out = [not (h or w) for h, w in zip(hands, piles)]
        self.outcome: Outcome | None = None
        self.history: list[tuple[int | None, int, tuple[int, ...]]] = []
        self.steal_history: list[tuple[int, int, int, int]] = []  # (round, thief, victim, cards moved)
        self._subscribers: list[Callable[[Event], None]] = []
        self._queue: deque[Event] = deque()
        self._round_events: list[Event] = []
        self._phase = "start"
        self._reset_round()

    def _reset_round(self) -> None:
        self._fighters: list[int] = []
        self._faceup: dict[int, Card] = {}
        self._battle = 0
        self._wars = 0
        self._winner: int | None = None
        self._short_end = False
        self._top: Card | None = None
        self._choosing = False
        self._reset_window()

    def _reset_window(self) -> None:
        self._look_cache: tuple[dict[int, tuple[int, ...]], tuple[int, ...]] | None = None
        self._decisions: dict[int, Action] = {}
        self._declined: dict[int, set[tuple[int, int, Card]]] = {}
        self._announced: set[tuple[int, Card]] = set()

    # --- public state ----------------------------------------------------------------------
    @property
    def code(self) -> str | None:
        """The game number, e.g. ``steal_war-12345`` (None for a scripted position)."""
        return None if self._scripted else encode_steal_code(self.players, self.seed)

    @property
    def counts(self) -> tuple[int, ...]:
        """Each player's holding: hand plus capture pile (cards on the table belong to nobody)."""
        return tuple(len(h) + len(w) for h, w in zip(self.hands, self.piles))

    @property
    def table(self) -> tuple[TableCard, ...]:
        """The cards on the table, in the order they were laid."""
        return tuple(self._table)

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def in_round(self) -> bool:
        """True while cards of the current round are on the table (from the first flip to the
        collect); the steal window before the first flip is not yet in the round."""
        return bool(self._table) and not self.is_over

    @property
    def phase(self) -> str:
        """Where the round stands: start, open/look (a steal window), flip, compare, war, lay,
        choose, collect, over."""
        return self._phase

    @property
    def fighters(self) -> tuple[int, ...]:
        """The players about to play a face-up card (everyone in a battle, the tied in a war)."""
        return tuple(self._fighters)

    def top(self, player: int) -> Card | None:
        """The face-up top card of ``player``'s capture pile (None if the pile is empty)."""
        pile = self.piles[player]
        return pile[-1] if pile else None

    def looking_at(self, player: int) -> Card | None:
        """The card ``player`` sees during a steal window (the next card of their hand)."""
        if self._phase == "look" and player in self._fighters and self.hands[player]:
            return self.hands[player][0]
        return None

    @property
    def protected(self) -> tuple[int, ...]:
        """Players whose pile nobody may steal during the current look (timing choice 3)."""
        return self._look()[1] if self._phase == "look" else ()

    @property
    def steal_options(self) -> dict[int, tuple[int, ...]]:
        """During a look: each fighter who could steal now, and from whom."""
        return self._look()[0] if self._phase == "look" else {}

    @property
    def start_counts(self) -> tuple[int, ...]:
        return tuple(len(h) + len(w) for h, w in zip(self.dealt, self.dealt_piles))

    @property
    def stats(self) -> "GameStats":
        """Rounds, wars, streaks and leads, as for every War game (steals are in ``steal_history``)."""
        from ..stats import GameStats
        return GameStats.from_history(self.history, self.start_counts)

    def subscribe(self, callback: Callable[[Event], None]) -> Callable[[], None]:
        """Call ``callback(event)`` for every beat from now on; returns an unsubscribe function."""
        self._subscribers.append(callback)
        return lambda: self._subscribers.remove(callback) if callback in self._subscribers else None

    # --- decisions -------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat that must decide before the game can go on, or None.  Beats already
        decided are shown first: while any is waiting for ``step()``, nobody is asked."""
        if self._queue:
            return None
        if self._phase == "look":
            options = self._look()[0]
            for p, victims in options.items():
                if p in self._decisions:
                    continue
                declined = self._declined.get(p)
                if declined and all(self._signature(v) in declined for v in victims):
                    continue  # timing choice 2: the decision to play stands
                return p
            return None
        if self._phase == "choose" and self._choosing:
            return self._winner
        return None

    def legal_actions(self) -> list[Action]:
        """What the player to act may do now ([] when no decision is pending)."""
        p = self.to_act
        return [] if p is None else self._legal(p)

    def _legal(self, p: int) -> list[Action]:
        if self._phase == "choose":
            return [ChooseTop(t.card) for t in self._table]
        return [PLAY] + [Steal(v) for v in self._look()[0][p]]

    def apply(self, action: Action) -> None:
        """Make the pending decision (one of ``legal_actions()``); ``step()`` then goes on."""
        p = self.to_act
        if p is None:
            raise ValueError("no decision is pending now; call step() to play on "
                             "(legal_actions() is empty)")
        self._apply(p, action, self._legal(p))

    def _apply(self, p: int, action: Action, legal: list[Action]) -> None:
        if action not in legal:
            raise ValueError(f"{action!r} is not a legal action for player {p + 1} now; "
                             f"legal: {', '.join(map(repr, legal))}")
        if isinstance(action, ChooseTop):
            self._top = action.card
            self._queue.append(TopChosen(self._current_round, p, action.card))
            self._phase = "collect"
        else:
            self._decisions[p] = action

    # --- playing ---------------------------------------------------------------------------
    def step(self) -> Event | None:
        """Perform the next beat and return its event (None once the game is over).

        A pending decision is made by the seat's policy; without one, ValueError."""
        queue = self._queue
        while True:
            if queue:
                event = queue.popleft()
                self._round_events.append(event)
                for callback in list(self._subscribers):
                    callback(event)
                if not queue:
                    self._settle()
                return event
            if self.outcome is not None:
                return None
            p = self.to_act
            if p is not None:
                policy = self.policies[p]
                if policy is None:
                    raise ValueError(f"player {p + 1} must decide first: call legal_actions() and apply(action), "
                                     "or attach a policy for that seat (policies=...)")
                legal = self._legal(p)
                self._apply(p, policy(self, legal), legal)
                continue
            self._advance()

    def play_round(self) -> RoundRecord | None:
        """Play the rest of the current round (or a whole new one) and return its record
        (its events include the beats of this round already stepped)."""
        if self.outcome is not None and not self._queue:
            return None
        number = self.round_number + 1
        seen = [e for e in self._round_events if e.round == number]
        while True:
            event = self.step()
            if event is None:
                break
            if event.round == number:
                seen.append(event)
            if self.round_number >= number and not self._queue:
                break
        events = tuple(seen)
        collected = next((e for e in events if isinstance(e, Collected)), None)
        battles = tuple(e.cards for e in events if isinstance(e, Flipped))
        return RoundRecord(number, battles, sum(isinstance(e, WarDeclared) for e in events),
                           collected.winner if collected else None,
                           collected.cards if collected else (), self.counts, events)

    def play_to_end(self, max_rounds: int | None = None) -> Outcome | None:
        """Play until the game ends (or ``max_rounds`` more rounds are complete); the outcome
        (None if the game goes on)."""
        if max_rounds is not None and (isinstance(max_rounds, bool) or not isinstance(max_rounds, int)
                                       or max_rounds < 0):
            raise ValueError(f"max_rounds must be None or a whole number >= 0; got {max_rounds!r}")
        stop = None if max_rounds is None else self.round_number + max_rounds
        while self.outcome is None or self._queue:
            if stop is not None and self.round_number >= stop and self._between_rounds:
                break
            self.step()
        return self.outcome

    def end_now(self) -> Outcome:
        """End the game now, as a time limit does: table cards go back to who laid them (under
        their hands), then more cards wins; equal most is a draw."""
        if self.outcome is not None:
            while self._queue:
                self._emit(self._queue.popleft())
            return self.outcome
        while self._queue:
            self._emit(self._queue.popleft())
        if self._table:
            self._emit(self._return_table())
        self._reset_window()
        self.outcome = self._by_counts(Termination.TIME)
        self._phase = "over"
        self._emit(GameOver(self.round_number, self.outcome))
        return self.outcome

    @property
    def _between_rounds(self) -> bool:
        """No beat waiting, no card on the table, and no decision of the next round made yet."""
        return (not self._queue and not self._table and self._battle == 0 and not self._decisions
                and not self._declined and self._phase in ("start", "open", "look"))

    def _settle(self) -> None:
        """Run the silent beats that lead to a steal window (round start, the look opening), so
        that ``to_act`` and ``legal_actions()`` are right after every beat, not only inside step()."""
        while not self._queue and self.outcome is None and self._phase in ("start", "open"):
            self._advance()

    def _emit(self, event: Event) -> None:
        for callback in list(self._subscribers):
            callback(event)

    # --- the beat machine ------------------------------------------------------------------
    @property
    def _current_round(self) -> int:
        return self.round_number + (0 if self._phase in ("start", "over") else 1)

    def _refill(self, p: int) -> None:
        """Timing choice 5: an empty hand takes the pile at once, turned over and shuffled."""
        if not self.hands[p] and self.piles[p]:
            pile = self.piles[p]
            self.piles[p] = []
            self._rng.shuffle(pile)
            self.hands[p].extend(pile)
            self._queue.append(Shuffled(self._current_round, p, len(pile), True))

    def _signature(self, victim: int) -> tuple[int, int, Card]:
        pile = self.piles[victim]
        return (victim, len(pile), pile[-1])

    def _look(self) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...]]:
        """Who may steal from whom in the current look, and whose piles are protected (nothing
        moves during a look, so it is computed once when the look opens)."""
        cached = self._look_cache
        if cached is None:
            cached = self._look_cache = self._compute_look()
        return cached

    def _compute_look(self) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...]]:
        hands, piles, fighters = self.hands, self.piles, self._fighters
        protected = tuple(v for v in fighters if hands[v] and piles[v] and hands[v][0].rank == piles[v][-1].rank)
        options: dict[int, tuple[int, ...]] = {}
        tops = [(v, pile[-1].rank) for v, pile in enumerate(piles) if pile and v not in protected]
        if not tops:
            return options, protected
        for p in fighters:
            rank = hands[p][0].rank
            victims = tuple(v for v, r in tops if r == rank and v != p)
            if victims:
                options[p] = victims
        return options, protected

    def _enter_choose(self, winner: int) -> None:
        """Timing choice 7: the winner chooses the top unless these are the last cards in play."""
        self._winner = winner
        self._phase = "choose"
        self._choosing = any(self.hands[q] or self.piles[q] for q in range(self.players) if q != winner)

    def _advance(self) -> None:
        phase = self._phase
        if phase == "start":
            self._start_round()
        elif phase == "open":
            self._open_look()
        elif phase == "look":
            self._resolve_look()
        elif phase == "flip":
            self._flip()
        elif phase == "compare":
            self._compare()
        elif phase == "war":
            self._declare_war()
        elif phase == "lay":
            self._lay()
        elif phase == "choose":  # only reached when there is nothing to choose
            self._phase = "collect"
        elif phase == "collect":
            self._collect()
        else:  # pragma: no cover
            raise AssertionError(f"unknown phase {phase}")

    def _start_round(self) -> None:
        self._reset_round()
        self._round_events = []
        self._phase = "open"
        for p in range(self.players):
            if not self.out[p]:
                self._refill(p)
        self._fighters = [p for p in range(self.players) if not self.out[p]]

    def _open_look(self) -> None:
        """Announce protections that block a thief (once per card), then wait for decisions."""
        self._look_cache = None
        hands, piles = self.hands, self.piles
        for v in self._fighters:
            pile = piles[v]
            if not pile or hands[v][0].rank != pile[-1].rank:
                continue
            key = (v, hands[v][0])
            if key in self._announced:
                continue
            rank = pile[-1].rank
            thieves = tuple(p for p in self._fighters if p != v and hands[p][0].rank == rank)
            if thieves:
                self._announced.add(key)
                self._queue.append(Protected(self._current_round, v, hands[v][0], thieves))
        self._phase = "look"

    def _resolve_look(self) -> None:
        """Every decision of this look is in: swaps, then steals in seat order (timing choice 1)."""
        options, protected = self._look()
        decisions = self._decisions
        self._decisions = {}
        self._look_cache = None
        rnd = self._current_round
        for p in sorted(decisions):
            if isinstance(decisions[p], Play):
                self._declined.setdefault(p, set()).update(self._signature(v) for v in options[p])
                self._queue.append(StealDeclined(rnd, p, self.hands[p][0], options[p]))
        steals = {p: a.victim for p, a in sorted(decisions.items()) if isinstance(a, Steal)}
        if not steals:
            self._phase = "flip"
            return
        hands, piles = self.hands, self.piles
        done: set[int] = set()
        for p, v in steals.items():
            if p in done or v in done or steals.get(v) != p:
                continue
            cp, cv = hands[p].popleft(), hands[v].popleft()
            sizes = (len(piles[p]), len(piles[v]))
            piles[p], piles[v] = piles[v] + [cp], piles[p] + [cv]
            done.update((p, v))
            self.steal_history.append((rnd, p, v, sizes[1]))
            self.steal_history.append((rnd, v, p, sizes[0]))
            self._queue.append(Swapped(rnd, (p, v), ((p, cp), (v, cv)), sizes, self.counts))
        for p, v in steals.items():
            if p in done:
                continue
            card = hands[p][0]
            victim_pile = piles[v]
            if not victim_pile or victim_pile[-1].rank != card.rank:
                continue  # the pile changed under this steal in the same look: it lapses
            hands[p].popleft()
            victim_pile.append(card)
            size = len(victim_pile) - 1
            piles[p].extend(victim_pile)
            piles[v] = []
            done.add(p)
            self.steal_history.append((rnd, p, v, size))
            self._queue.append(Stolen(rnd, p, v, card, size, self.counts))
        for p in sorted(done):
            self._declined.pop(p, None)  # a new card: earlier declines no longer apply
            self._refill(p)
        self._phase = "open"

    def _flip(self) -> None:
        self._battle += 1
        flipped = []
        for p in self._fighters:
            card = self.hands[p].popleft()
            self._faceup[p] = card
            self._table.append(TableCard(p, card, True, self._battle))
            flipped.append((p, card))
        self._reset_window()
        self._queue.append(Flipped(self._current_round, self._battle, tuple(flipped), ()))
        for p in self._fighters:
            self._refill(p)
        self._phase = "compare"

    def _compare(self) -> None:
        cards = tuple((p, self._faceup[p]) for p in self._fighters)
        top = max(c.rank for _, c in cards)
        best = tuple(p for p, c in cards if c.rank == top)
        if len(best) == 1:
            self._enter_choose(best[0])
            self._queue.append(Compared(self._current_round, self._battle, cards, best[0], ()))
        else:
            self._fighters = list(best)
            self._phase = "war"
            self._queue.append(Compared(self._current_round, self._battle, cards, None, best))

    def _declare_war(self) -> None:
        """Timing choice 6: a war needs 4 cards from hand and pile; the short lose at once."""
        self._wars += 1
        fighters = list(self._fighters)
        have = {p: len(self.hands[p]) + len(self.piles[p]) for p in fighters}
        short = [p for p in fighters if have[p] < WAR_NEED]
        rnd = self._current_round
        if short and len(short) == len(fighters):
            most = max(have.values())
            keep = [p for p in fighters if have[p] == most]
            if len(keep) > 1:
                self._queue.append(WarDeclared(rnd, self._wars, tuple(fighters), (), tuple(fighters), ()))
                self._queue.append(self._return_table())
                self._complete_round(None, Outcome(Termination.SHORTAGE, drawn=tuple(keep), counts=self.counts))
                return
            short = [p for p in short if p not in keep]
        for p in short:  # out of the war and the game; whatever they hold goes to the table
            forfeited = list(self.hands[p]) + self.piles[p]
            self.hands[p].clear()
            self.piles[p] = []
            self._table.extend(TableCard(p, c, False, self._battle + 1) for c in forfeited)
            self._short_end = True
        remaining = [p for p in fighters if p not in short]
        self._queue.append(WarDeclared(rnd, self._wars, tuple(fighters),
                                       tuple((p, FACE_DOWN) for p in remaining if len(remaining) > 1),
                                       tuple(short), ()))
        self._fighters = remaining
        if len(remaining) == 1:
            self._enter_choose(remaining[0])
        else:
            self._phase = "lay"

    def _lay(self) -> None:
        """Three face-down cards each, taken unseen (they cannot steal); the pile refills an
        empty hand at once."""
        laid = []
        battle = self._battle + 1
        for p in self._fighters:
            hand = self.hands[p]
            cards = []
            for _ in range(FACE_DOWN):
                if not hand:  # the war's shortage check guarantees the pile has enough
                    self._refill(p)
                cards.append(hand.popleft())
            self._table.extend(TableCard(p, c, False, battle) for c in cards)
            laid.append((p, tuple(cards)))
        self._queue.append(FaceDownLaid(self._current_round, tuple(laid)))
        for p in self._fighters:
            self._refill(p)
        self._phase = "open"

    def _collect(self) -> None:
        winner = self._winner
        assert winner is not None
        cards = [t.card for t in self._table]
        top = self._top
        if top is not None:
            cards.remove(top)
            cards.append(top)
        self._table.clear()
        self.piles[winner].extend(cards)
        self._queue.append(Collected(self._current_round, winner, tuple(cards), self.counts, self._wars))
        self._complete_round(winner, None)

    def _return_table(self) -> Returned:
        back: dict[int, list[Card]] = {}
        for t in self._table:
            back.setdefault(t.player, []).append(t.card)
        for p, cards in back.items():
            self.hands[p].extend(cards)
        self._table.clear()
        return Returned(self._current_round, tuple((p, tuple(c)) for p, c in sorted(back.items())), self.counts)

    def _complete_round(self, winner: int | None, forced: Outcome | None) -> None:
        self.round_number += 1
        counts = self.counts
        self.history.append((winner, self._wars, counts))
        rnd = self.round_number
        outcome = forced
        if outcome is None:
            for p in range(self.players):
                if not self.out[p] and counts[p] == 0:
                    self.out[p] = True
                    self._queue.append(PlayerOut(rnd, p))
            remaining = [p for p in range(self.players) if not self.out[p]]
            if len(remaining) == 1:
                reason = Termination.SHORTAGE if self._short_end else Termination.ALL_CARDS
                outcome = Outcome(reason, winner=remaining[0], counts=counts)
        self._reset_window()
        if outcome is not None:
            self.outcome = outcome
            self._phase = "over"
            self._queue.append(GameOver(rnd, outcome))
        else:
            self._phase = "start"
            for p in range(self.players):
                if not self.out[p]:
                    self._refill(p)

    def _by_counts(self, reason: Termination) -> Outcome:
        counts = self.counts
        alive = [p for p in range(self.players) if not self.out[p]] or list(range(self.players))
        most = max(counts[p] for p in alive)
        top = [p for p in alive if counts[p] == most]
        if len(top) > 1:
            return Outcome(reason, drawn=tuple(top), counts=counts)
        return Outcome(reason, winner=top[0], counts=counts)

    # --- serialisation ---------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole state as versioned JSON, mid-round and mid-decision included."""
        from .persistence import steal_to_json
        return steal_to_json(self)

    @classmethod
    def from_json(cls, text: str, policies: Sequence[Policy | None] | None = None) -> "StealWarGame":
        """Rebuild a saved game; it plays exactly the future the saved one would have played."""
        from .persistence import steal_from_json
        return steal_from_json(text, policies)

    def position(self) -> str:
        """A canonical one-line text of the position (hands top first | piles bottom first)."""
        hands = " / ".join(" ".join(c.code for c in h) for h in self.hands)
        piles = " / ".join(" ".join(c.code for c in w) for w in self.piles)
        table = " ".join(t.card.code + ("" if t.face_up else "*") for t in self._table)
        return f"hands [{hands}] piles [{piles}] table [{table}]"

    def __repr__(self) -> str:
        return (f"<StealWarGame {self.players} players round {self.round_number} counts {self.counts}"
                f"{' over' if self.is_over else ''}>")


def _check_policies(policies: Iterable[Policy | None] | None, n: int) -> tuple[Policy | None, ...]:
    if policies is None:
        return (None,) * n
    if isinstance(policies, (str, bytes)) or not isinstance(policies, (list, tuple)):
        raise ValueError(f"policies must be a tuple with one policy (or None) per player; got {policies!r}")
    if len(policies) != n:
        raise ValueError(f"policies needs one entry per player ({n}); got {len(policies)}")
    for i, pol in enumerate(policies):
        if pol is not None and not callable(pol):
            raise ValueError(f"policy {i + 1} must be callable(game, legal_actions) -> action or None; got {pol!r}")
    return tuple(policies)


def encode_steal_code(players: int, seed: int) -> str:
    """``steal_war-SEED`` for two players, ``steal_war+players=N-SEED`` for three or four."""
    return f"{PRESET}-{seed}" if players == 2 else f"{PRESET}+players={players}-{seed}"


def decode_steal_code(code: str) -> tuple[int, int]:
    """The players and seed of a Steal War game number; a clear ValueError if it is not one."""
    import re

    if not isinstance(code, str):
        raise ValueError(f"a Steal War game number is text like 'steal_war-12345'; got {code!r}")
    match = re.fullmatch(r"steal_war(?:\+players=([234]))?-(\d{1,20})", code.strip())
    if not match:
        raise ValueError(f"not a Steal War game number: {code!r}; it looks like 'steal_war-12345' or "
                         "'steal_war+players=3-12345'")
    seed = int(match.group(2))
    if seed > _SEED_MAX:
        raise ValueError(f"the seed in {code!r} is too large (at most {_SEED_MAX})")
    return int(match.group(1) or 2), seed
