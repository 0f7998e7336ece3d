"""The compiled simulator: War in numba, one game per loop iteration, exactly as the engine plays.

Game ``i`` of a simulation is dealt and shuffled from ``simulation.game_seed(seed, i)`` with the
same SplitMix64 draws the engine makes, so ``Game(rules, game_seed(seed, i))`` replays any game
it played: length, winner, reason, wars, and for a game that repeats, the round its cycle
starts and its period.  The rules are numbers given to one compiled kernel (``encode_rules``),
so no rule set triggers a new compilation; only callable gather policies stay on the engine
(:func:`unsupported_reason`).

Compiled code is cached on disk (``cache=True``): next to this package when it is writable (an
editable install), else numba's user cache directory; set ``NUMBA_CACHE_DIR`` to choose (CI).

>>> from war_widget import Game
>>> from war_widget.sim.simulation import game_seed
>>> rows = simulate_range("pagat", seed=1, start=0, stop=2)
>>> game = Game("pagat", game_seed(1, 1))
>>> outcome = game.play_to_end()
>>> int(rows.lengths[1]) == game.round_number and int(rows.winners[1]) == outcome.winner
True
"""
from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from ...game.cards import Card
from ...game.engine import as_rules
from ...game.events import Termination
from ...game.rules import Rules
from ._kernel import (
    BY_RANK,
    C_CYCLE_PERIOD,
    C_CYCLE_START,
    C_DOUBLE_WARS,
    C_LENGTH,
    C_REASON,
    C_WAR_ROUNDS,
    C_WINNER,
    COLUMNS,
    DECK,
    GATHER_CODES,
    KERNEL_REASONS,
    R_CAPTURE,
    R_DEAL,
    R_DECK_SIZE,
    R_DETECT,
    R_FACE_DOWN,
    R_GATHER,
    R_GOAL,
    R_JOKER_SPLIT,
    R_LAST_WINNER_MATTERS,
    R_LOW_BEATS_ACE,
    R_LOWEST,
    R_PLAYERS,
    R_ROUND_LIMIT,
    R_SHORTAGE,
    R_SHUFFLE_PILE,
    R_TEAMS,
    R_WAR_ALL,
    R_ZERO,
    RANK,
    RED,
    SCRATCH_SIZE,
    STRENGTH,
    TABLE_SIZE,
    play_games,
    play_games_parallel,
)

__all__ = [
    "KERNEL_TO_REASON",
    "Rows",
    "encode_rules",
    "first_call_message",
    "simulate_range",
    "supports",
    "unsupported_reason",
]

# kernel reason code -> index into tuple(Termination)
KERNEL_TO_REASON = np.array([list(Termination).index(Termination[name]) for name in KERNEL_REASONS], np.int8)
_CAPTURES = {"bottom": 0, "won_pile": 1, "aside": 2}
_SHORTAGES = {"last_card_up": 0, "lose": 1, "split": 2, "fewest": 3}
_GOALS = {"collect": 0, "loser_all": 1, "loser_first_out": 2}
CHUNK = 8192                  # games per kernel call between progress updates


def unsupported_reason(rules: Rules) -> str | None:
    """Why the compiled simulator cannot play these rules (None when it can)."""
    for p in range(rules.players):
        g = rules.gather_for(p)
        if callable(g):
            return f"player {p + 1}'s gather order is a callable policy, which only the engine can call"
        if g not in GATHER_CODES:
            return f"player {p + 1}'s gather order {g!r} is not one the compiled simulator knows"
    if rules.shortage not in _SHORTAGES:
        return f"shortage={rules.shortage!r} is not one the compiled simulator knows"
    if getattr(rules, "tiebreak", "none") not in ("none", "suits"):
        return f"tiebreak={rules.tiebreak!r} is not one the compiled simulator knows"
    return None


def supports(rules: Rules | str) -> bool:
    """Whether the compiled simulator can play these rules."""
    return unsupported_reason(as_rules(rules)) is None


def encode_rules(rules: Rules) -> np.ndarray:
    """Rules as the kernel's int32 table: rule numbers, then per card index its strength, rank
    and colour, then the deck in the engine's order (ValueError for rules only the engine plays)."""
    reason = unsupported_reason(rules)
    if reason:
        raise ValueError(reason)
    t = np.zeros(TABLE_SIZE, np.int32)
    t[R_PLAYERS] = rules.players
    t[R_FACE_DOWN] = BY_RANK if rules.face_down == "by_rank" else int(rules.face_down)
    t[R_CAPTURE] = _CAPTURES[rules.capture]
    t[R_SHUFFLE_PILE] = rules.shuffle_won_pile
    t[R_SHORTAGE] = _SHORTAGES[rules.shortage]
    t[R_ZERO] = rules.zero == "reuse"
    t[R_WAR_ALL] = rules.war_players == "all"
    t[R_TEAMS] = rules.teams
    t[R_ROUND_LIMIT] = rules.round_limit or 0
    t[R_GOAL] = _GOALS[rules.goal]
    t[R_DEAL] = rules.deal == "by_color"
    t[R_JOKER_SPLIT] = rules.joker_deal == "split"
    t[R_LOW_BEATS_ACE] = rules.rank_order == "low_beats_ace"
    t[R_LOWEST] = rules.lowest_rank
    t[R_DETECT] = rules.round_limit is None and not rules.has_randomness_after_deal
    t[R_DECK_SIZE] = rules.deck + rules.jokers
    t[R_LAST_WINNER_MATTERS] = any(rules.gather_for(p) == "previous_winner_first" for p in range(rules.players))
    for p in range(rules.players):
        t[R_GATHER + p] = GATHER_CODES[str(rules.gather_for(p))]
    cards = rules.deck_cards
    for k, c in enumerate(cards):
        t[DECK + k] = c.index
        t[RED + c.index] = c.is_red
        t[STRENGTH + c.index] = rules.strength(c)
        t[STRENGTH + 64 + c.index] = _beats_ace_strength(rules, c)
        t[RANK + c.index] = c.rank
    return t


def _beats_ace_strength(rules: Rules, card: Card) -> int:
    """The strength ``Rules.best`` gives the deck's lowest card when an ace is turned up with
    it (99, times 4 plus the suit's place when suits break ties)."""
    if getattr(rules, "tiebreak", "none") == "suits" and not card.is_joker:
        return 99 * 4 + "CDHS".index(card.suit)
    return 99


@dataclass(frozen=True, eq=False)
class Rows:
    """Per game: length in rounds, winner seat (-1 none), reason (index into Termination),
    rounds with a war, rounds with two or more wars, cycle start and period (-1 if none)."""

    lengths: np.ndarray
    winners: np.ndarray
    reasons: np.ndarray
    wars: np.ndarray
    double_wars: np.ndarray
    cycle_starts: np.ndarray
    cycle_periods: np.ndarray

    @classmethod
    def from_matrix(cls, out: np.ndarray) -> Rows:
        return cls(out[:, C_LENGTH].astype(np.int32), out[:, C_WINNER].astype(np.int8),
                   KERNEL_TO_REASON[out[:, C_REASON]], out[:, C_WAR_ROUNDS].astype(np.int32),
                   out[:, C_DOUBLE_WARS].astype(np.int32), out[:, C_CYCLE_START].astype(np.int32),
                   out[:, C_CYCLE_PERIOD].astype(np.int32))

    @classmethod
    def concatenate(cls, parts: list[Rows]) -> Rows:
        return cls(*(np.concatenate([getattr(p, f) for p in parts]) for f in cls.__dataclass_fields__))


def simulate_range(rules: Rules | str, seed: int, start: int, stop: int, max_rounds: int | None = 100_000, *,
                   threads: int = 1, progress: Callable[[int], None] | None = None,
                   in_notebook: bool = False) -> Rows:
    """Play games ``start .. stop-1`` of the simulation seeded ``seed`` (``threads`` > 1: on
    that many of numba's threads; the rows do not depend on it).  ``in_notebook``: say so in
    one line if loading or compiling the kernel takes more than a second."""
    table = encode_rules(as_rules(rules))
    cap = 0 if max_rounds is None else int(max_rounds)
    seed64 = np.uint64(int(seed) & ((1 << 64) - 1))
    parts = []
    chunk = CHUNK * max(1, threads)
    with _compile_notice(in_kernel=in_notebook):
        for lo in range(start, stop, chunk):
            hi = min(stop, lo + chunk)
            out = np.empty((hi - lo, COLUMNS), np.int32)
            args = (seed64, np.int64(lo), table, np.int64(cap), out)
            if threads > 1:
                import numba
                numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
                blocks = 4 * threads
                play_games_parallel(*args, np.zeros((blocks, SCRATCH_SIZE), np.int32), np.zeros((blocks, 1), np.uint64))
            else:
                play_games(*args, np.zeros((1, SCRATCH_SIZE), np.int32), np.zeros((1, 1), np.uint64))
            parts.append(Rows.from_matrix(out))
            if progress is not None:
                progress(hi - lo)
    return Rows.concatenate(parts)


# --- the first call ----------------------------------------------------------------------------------
def first_call_message() -> str:
    return ("Loading the compiled simulator (the first run on a machine compiles it, which takes a while; "
            "numba caches it for later runs)...")


def _cache_is_warm() -> bool:
    """Whether numba's cache holds the kernel for this source (then the first call loads it, in
    about a second, and there is nothing to say).  Reads numba's cache index through its private
    API; if that API changes, the answer is "not warm" and the note shows as before."""
    try:
        return bool(play_games._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - any change in numba's internals means "unknown"
        return False


class _compile_notice:
    """Inside a notebook, say so when the first call of this process compiles the kernel and takes
    more than ``delay`` seconds (loading numba's cache says nothing: notebooks checked by nbval
    then print the same outputs on a fresh machine once the cache is written)."""

    def __init__(self, ready: bool | None = None, in_kernel: bool = False, delay: float = 1.0) -> None:
        self.ready = (bool(play_games.signatures) or _cache_is_warm()) if ready is None else ready
        self.in_kernel = in_kernel
        self.delay = delay
        self._timer: threading.Timer | None = None

    def __enter__(self) -> None:
        if self.ready or not self.in_kernel:
            return
        self._timer = threading.Timer(self.delay, lambda: print(first_call_message(), file=sys.stderr, flush=True))
        self._timer.daemon = True
        self._timer.start()

    def __exit__(self, *exc: object) -> None:
        if self._timer is not None:
            self._timer.cancel()

