"""Steal War [003]: War with face-up capture piles that can be stolen by matching rank.

The rules (docs/rules.md "Steal War"): 52 cards + 2 jokers (highest); a war is 3 face-down cards and
1 face-up.  Won cards go face up onto the winner's capture pile, the winner choosing which of
them lies on top.  Before playing, a player looks at the next card of the hand; if its rank
equals the top card of an opponent's pile, the player may put the card on that pile and move the
whole pile, order kept, onto the top of their own, then look at the next card.  Two players who
can steal from each other swap piles.  Face-down war cards cannot steal; the face-up war card
may steal instead of fighting.  Playing a card that matches your own pile protects the pile
during that turn.  When the hand is empty the pile is turned over and shuffled into a new hand;
a player who runs out during a war loses at once.

``StealWarGame`` is built in layers, each importing only the one below: ``steal.state`` (the
position and what anyone may read), ``steal.decisions`` (steal windows and the pending decision),
``steal.turns`` (the beats of a turn) and this module (making a game, ``step()`` and the loops).
``steal.game_json`` is its JSON notation; the save module ``steal.persistence`` imports the game.

Timing choices (the text leaves these open; each is tested in tests/variants/test_steal.py):

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

from collections.abc import Sequence

from ...game.cards import Card, make_deck
from ...game.engine_state import RoundRecord
from ...game.events import Collected, Event, Flipped, GameOver, Outcome, Termination, WarDeclared
from ...game.rng import SplitMix64, new_seed
from . import game_json
from .state import (
    _SEED_MAX,
    FACE_DOWN,
    PRESET,
    Policy,
    _check_players,
    _check_policies,
    decode_steal_code,
    encode_steal_code,
)
from .turns import StealTurns

__all__ = ["StealWarGame", "Policy", "FACE_DOWN", "PRESET", "encode_steal_code", "decode_steal_code"]


class StealWarGame(StealTurns):
    """One game of Steal War for 2-4 players, dealt from ``seed`` (fresh if None).

    ``policies``: one per seat, a callable ``policy(game, legal_actions) -> action`` or None for a
    seat whose decisions are made by ``apply``.  ``step()`` asks a seat's policy when that seat
    must decide, and raises ValueError when the seat has none.

    >>> from war_widget.variants.steal import StealWarGame, greedy
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
                   seed: int = 0, policies: Sequence[Policy | None] | None = None) -> StealWarGame:
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
        alive = sum(1 for h, w in zip(parsed_hands, parsed_piles, strict=True) if h or w)
        if alive < 2:
            raise ValueError("at least two players need cards (in hand or pile) for a game")
        game = cls.__new__(cls)
        game.seed, game._rng, game._scripted = seed, SplitMix64(seed), True
        game._setup(n, parsed_hands, parsed_piles, [])
        game.policies = _check_policies(policies, n)
        game._settle()
        return game

    @classmethod
    def from_code(cls, code: str, policies: Sequence[Policy | None] | None = None) -> StealWarGame:
        """Replay the game with this number: the same deal and every later shuffle (given the
        same decisions)."""
        players, seed = decode_steal_code(code)
        return cls(players, seed, policies)

    # --- playing ---------------------------------------------------------------------------
    def step(self) -> Event | None:
        """Perform the next beat and return its event (None once the game is over).

        A pending decision is made by the seat's policy; without one, ValueError."""
        queue = self._queue
        while True:
            if queue:
                event = queue.popleft()
                self._round_events.append(event)
                self._log_beat()
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
        self._ended_now = True
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

    # --- serialisation ---------------------------------------------------------------------
    def to_json(self) -> str:
        """The whole state as versioned JSON, mid-round and mid-decision included."""
        return game_json.dumps(self)

    @classmethod
    def from_json(cls, text: str | bytes, policies: Sequence[Policy | None] | None = None) -> StealWarGame:
        """Rebuild a saved game; it plays exactly the future the saved one would have played."""
        return game_json.loads(text, cls, policies)
