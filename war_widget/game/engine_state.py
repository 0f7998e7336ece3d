"""The engine's state: what is on the table and in every hand, the deal, and what anyone may read.

``GameState`` holds a War game's position and round state and answers the public questions about
it (counts, table, phase, code, statistics); the subclasses in ``engine_end``, ``engine_wars`` and
``engine`` add the end of a round, the wars and the beats.  The deal is here too, so a check of
a saved game (``save_check``) can re-deal a numbered game without the beat machine.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from operator import add

from .cards import Card
from .codes import encode_code
from .events import Event, Outcome
from .rng import SplitMix64
from .rules import GatherSpec, Rules
from .stats import GameStats

__all__ = ["GameState", "RoundRecord", "TableCard", "as_rules", "deal", "rule_facts", "PHASES",
           "START", "FLIP", "COMPARE", "WAR", "LAY", "COLLECT", "OVER"]

# A card on the table inside the engine: (player, card, face_up, battle), a plain tuple (made at every
# flip: a frozen dataclass costs several times more); ``GameState.table`` hands out ``TableCard``s.
Laid = tuple[int, Card, bool, int]

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



class GameState:
    """A War position: hands, won piles, table, round state, history and subscribers."""

    rules: Rules
    seed: int
    _rng: SplitMix64
    _scripted: bool
    # the rule facts (``rule_facts``), set by ``_setup``
    _to_hand: bool
    _pile_plays: bool
    _aside: bool
    _seats: tuple[int, ...]
    _players: int
    _up: int
    _school: bool
    _gathers: tuple[GatherSpec, ...]
    _shuffled: bool
    _strengths: tuple[int, ...] | None
    _cycles: bool
    _winner_in_key: bool
    _plain_end: bool
    _limit: int
    _two_hands: bool
    _war_need: int

    def _setup(self, hands: list[list[Card]], unused: list[Card]) -> None:
        rules = self.rules
        n = rules.players
        self.__dict__.update(rule_facts(rules))            # the rule facts the beats ask (one update)
        self.hands: list[deque[Card]] = [deque(h) for h in hands]
        self.won: list[deque[Card]] = [deque() for _ in range(n)]
        self._table: list[Laid] = []
        self.unused = list(unused)
        self.dealt = tuple(tuple(h) for h in hands)
        self.round_number = 0
        self._last_winner = 0          # who won the last round with a winner (seat 0 before any)
        self.out = [False] * n if self._aside else [not h for h in hands]
        self.outcome: Outcome | None = None
        self.history: list[tuple[int | None, int, tuple[int, ...]]] = []
        self._subscribers: list[Callable[[Event], None]] = []
        self._pending: deque[Event | None] = deque()   # beats due (None: queued by a quiet game)
        self._round_events: list[Event] = []
        self._phase = START
        self._new_round([])
        self._beats = 0                # beats committed since the deal: with the deal, the whole game
        self._ended_now = False        # end_now() was called (the time limit's end)
        self._broken = False           # a beat is being made (an interrupt then repairs the game)
        self._quiet = False            # play_quietly(): the beats build no event (see engine.Game)
        self._code_memo: tuple[Rules, int, str] | None = None

    def _new_round(self, players: list[int]) -> None:
        self._in_round: list[int] = list(players)   # still in this round
        self._fighters: list[int] = list(players)   # in the current battle
        self._faceup: dict[int, tuple[Card, ...]] = {}   # each fighter's face-up card(s) of this battle
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
        if self._scripted:
            return None
        memo = self._code_memo        # built once a game (the widget asks at every beat)
        if memo is None or memo[0] is not self.rules or memo[1] != self.seed:
            memo = self._code_memo = (self.rules, self.seed, encode_code(self.rules, self.seed))
        return memo[2]

    @property
    def counts(self) -> tuple[int, ...]:
        """Each player's holding: hand plus won pile (cards on the table belong to nobody)."""
        return tuple(map(add, map(len, self.hands), map(len, self.won)))

    @property
    def team_counts(self) -> tuple[int, int]:
        """With teams: seats 0+2 against seats 1+3."""
        c = self.counts
        return (c[0] + c[2], c[1] + c[3]) if len(c) == 4 else (c[0], c[1])

    @property
    def table(self) -> tuple[TableCard, ...]:
        """The cards on the table, in the order they were laid."""
        return tuple([TableCard(*t) for t in self._table])

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    @property
    def in_round(self) -> bool:
        """True between the first flip of a round and the beat that decides the table."""
        return self._phase not in (START, OVER)

    @property
    def beats(self) -> int:
        """How many beats were taken since the deal (with the deal, this is the whole game)."""
        return self._beats

    @property
    def phase(self) -> str:
        """What the next beat does: one of ``PHASES`` (``start`` between rounds)."""
        return self._phase

    @property
    def reusing(self) -> frozenset[int]:
        """Players whose last face-up card stays in play (zero='reuse')."""
        return frozenset(self._reusing)

    @property
    def stats(self) -> GameStats:
        """Rounds, wars, streaks and leads of the game so far (``war_widget.game.stats``)."""
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

    def _publish(self, event: Event) -> None:
        for callback in tuple(self._subscribers):
            callback(event)

    def _playable(self, p: int) -> int:
        """Cards ``p`` can still turn: the hand, plus the won pile when it becomes the hand."""
        return len(self.hands[p]) + (len(self.won[p]) if self._pile_plays else 0)

    @property
    def last_winner(self) -> int:
        """The seat that won the last round with a winner (seat 0, player 1, before any)."""
        return self._last_winner


_FACTS: dict[int, tuple[Rules, dict[str, object]]] = {}    # id(rules) -> (rules, facts); rules kept alive
_FACTS_KEPT = 256


def rule_facts(rules: Rules) -> dict[str, object]:
    """The facts of ``rules`` the beats ask every round, as the game's attributes (worked out
    once per rule set: a simulation makes a game for each of its games)."""
    entry = _FACTS.get(id(rules))
    if entry is not None and entry[0] is rules:
        return entry[1]
    n = rules.players
    gathers = tuple(rules.gather_for(p) for p in range(n))      # each seat's gather order
    aside, to_hand = rules.capture == "aside", rules.capture == "bottom"
    cycles = rules.round_limit is None and not rules.has_randomness_after_deal   # it could run forever
    facts: dict[str, object] = {
        "_to_hand": to_hand,                                     # where won cards go
        "_pile_plays": rules.capture == "won_pile",              # the won pile becomes the hand
        "_aside": aside, "_seats": tuple(range(n)), "_players": n, "_up": rules.battle_cards,
        "_school": rules.school, "_gathers": gathers,
        "_shuffled": not aside and all(g == "shuffle" for g in gathers),   # every seat shuffles what it wins
        # two cards compared by the strength table alone (not the school values, not low_beats_ace)
        "_strengths": None if rules.school or rules.rank_order == "low_beats_ace" else rules._strengths,
        # engine_end: cycles are looked for; the last winner is part of a position; a round that
        # leaves every player a card ends the game only at the round limit (or a cycle)
        "_cycles": cycles, "_winner_in_key": any(g == "previous_winner_first" for g in gathers),
        "_plain_end": not aside and not rules.teams and not cycles,
        "_limit": rules.round_limit or 1 << 62,                  # (no round limit: one never reached)
        "_two_hands": n == 2 and to_hand,                        # and so the won piles stay empty
        # engine_wars: the cards a war asks of each fighter, when it does not depend on the rank (0: it does)
        "_war_need": 0 if rules.face_down == "by_rank" else rules.war_cards(2),
    }
    if len(_FACTS) >= _FACTS_KEPT:
        _FACTS.clear()
    _FACTS[id(rules)] = (rules, facts)
    return facts


def deal(rules: Rules, rng: SplitMix64) -> tuple[list[list[Card]], list[Card]]:
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
