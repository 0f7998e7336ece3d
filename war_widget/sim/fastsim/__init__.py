"""The compiled simulator: War in C or numba, one game per loop iteration, exactly as the engine plays.

Game ``i`` of a simulation is dealt and shuffled from ``simulation.game_seed(seed, i)`` with the
same SplitMix64 draws the engine makes, so ``Game(rules, game_seed(seed, i))`` replays any game
it played: length, winner, reason, wars, and for a game that repeats, the round its cycle
starts and its period.  The rules are numbers (``encode_rules``); only callable gather policies
stay on the engine (:func:`unsupported_reason`).

Two kernels play the same games (:func:`kernel_name` says which one runs here):

* ``"c"`` (``kernel.c``, :mod:`._ckernel`): built on first use by the machine's C compiler for
  the rule set in use (its rules fixed as constants), in about half a second, then cached; the
  package stays pure Python;
* ``"numba"`` (``_kernel.py``; the extra ``war-widget[fast]``): for machines without a C
  compiler.  One compilation serves every rule set; compiling takes about 20 s of CPU the first
  time, then numba's on-disk cache loads it (next to this package when writable, else numba's
  user cache, else a temporary directory; ``NUMBA_CACHE_DIR`` chooses).

``WAR_WIDGET_KERNEL=c|numba|engine`` forces a choice (``engine``: no compiled kernel).

>>> from war_widget import Game
>>> from war_widget.sim.simulation import game_seed
>>> rows = simulate_range("pagat", seed=1, start=0, stop=2)
>>> game = Game("pagat", game_seed(1, 1))
>>> outcome = game.play_to_end()
>>> int(rows.lengths[1]) == game.round_number and int(rows.winners[1]) == outcome.winner
True
"""
from __future__ import annotations

import importlib.util
import os
import sys
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass

import numpy as np

from ...game.cards import Card
from ...game.engine import as_rules
from ...game.events import Termination
from ...game.rules import Rules
from . import _kernel
from ._kernel import (
    BUFFER_SIZE,
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
    HAND,
    HLEN,
    K_STUCK,
    KERNEL_REASONS,
    OUT,
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
    RNG_ROW,
    SCRATCH_SIZE,
    STRENGTH,
    TABLE_SIZE,
)

__all__ = [
    "KERNELS",
    "RULE_COLUMNS",
    "REFUSED_FIELDS",
    "KERNEL_TO_REASON",
    "Rows",
    "encode_rules",
    "first_call_message",
    "kernel_name",
    "numba_available",
    "play_from_position",
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
BLOCK = 2048                  # games per task of a thread (simulate_range's threads > 1)
KERNELS = ("c", "numba")


def numba_available() -> bool:
    """Whether numba can be imported here (the extra ``war-widget[fast]``)."""
    return sys.modules.get("numba") is not None or importlib.util.find_spec("numba") is not None


def kernel_name() -> str | None:
    """The compiled kernel ``simulate()`` uses here: "c" (a C compiler is on the machine), else
    "numba" (installed), else None (the engine plays).  ``WAR_WIDGET_KERNEL`` forces one of
    "c", "numba", "engine"."""
    from . import _ckernel
    forced = os.environ.get("WAR_WIDGET_KERNEL", "").strip().lower()
    if forced == "engine":
        return None
    if forced != "numba" and _ckernel.compiler() is not None:
        return "c"
    return "numba" if numba_available() else None
    if forced == "c" or _ckernel.compiler() is not None:
        if _ckernel.compiler() is not None:
            return "c"
    return "numba" if numba_available() else None


def _span(at: int, size: int) -> tuple[int, ...]:
    return tuple(range(at, at + size))


_CARD_TABLES = _span(STRENGTH, 128) + _span(RANK, 64) + _span(RED, 64)
# Every field of Rules and the entries of the kernel's rule table (``encode_rules``) it decides:
# the one map from the rules to the kernel (tests/sim/test_guard.py checks it against
# dataclasses.fields(Rules) and that changing a field changes those entries and no others).
RULE_COLUMNS: dict[str, tuple[int, ...]] = {
    "deck": (R_DECK_SIZE, R_LOWEST, *_span(DECK, 64), *_CARD_TABLES),
    "jokers": (R_DECK_SIZE, *_span(DECK, 64), *_CARD_TABLES),
    "joker_deal": (R_JOKER_SPLIT,),
    "rank_order": (R_LOW_BEATS_ACE, R_LOWEST, *_span(STRENGTH, 128)),
    "players": (R_PLAYERS, *_span(R_GATHER, 4), R_LAST_WINNER_MATTERS),
    "face_down": (R_FACE_DOWN,),
    "capture": (R_CAPTURE, R_DETECT),
    "gather": (*_span(R_GATHER, 4), R_LAST_WINNER_MATTERS, R_DETECT),
    "shuffle_won_pile": (R_SHUFFLE_PILE, R_DETECT),
    "shortage": (R_SHORTAGE,),
    "zero": (R_ZERO,),
    "war_players": (R_WAR_ALL,),
    "teams": (R_TEAMS,),
    "round_limit": (R_ROUND_LIMIT, R_DETECT),
    "goal": (R_GOAL,),
    "deal": (R_DEAL,),
    "tiebreak": _span(STRENGTH, 128),
    # the school variants (k cards a battle, compared by a value) and the A-10 deck: refused by the
    # kernels (unsupported_reason), so simulate() plays them with the engine
    "battle_cards": (),
    "battle_value": (),
}
REFUSED_FIELDS = {"battle_cards": 1, "battle_value": "card"}   # the only value the kernels play


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
    if rules.battle_cards != 1 or rules.battle_value != "card":
        return (f"the school variants (battle_cards={rules.battle_cards}, battle_value={rules.battle_value!r}) "
                "are played by the engine only")
    if rules.deck == 40:
        return "the A-10 deck (deck=40) is played by the engine only"
    if rules.deck == "A9":
        return "the A-9 deck (deck='A9', multiplication war's 九九) is played by the engine only"
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
    t[R_DECK_SIZE] = rules.deck_size + rules.jokers
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
    def from_matrix(cls, out: np.ndarray, first: int = 0) -> Rows:
        """The kernel's output rows (game ``first`` first); a RuntimeError naming the game if the
        kernel got stuck in one (a bug of the kernel, never of the rules: see K_STUCK)."""
        stuck = np.flatnonzero(out[:, C_REASON] == K_STUCK)
        if len(stuck):
            raise RuntimeError(f"the compiled simulator got stuck in game {first + int(stuck[0])} (a round that "
                               "never ends: a bug in the kernel, please report it); method='engine' plays these "
                               "rules correctly")
        return cls(out[:, C_LENGTH].astype(np.int32), out[:, C_WINNER].astype(np.int8),
                   KERNEL_TO_REASON[out[:, C_REASON]], out[:, C_WAR_ROUNDS].astype(np.int32),
                   out[:, C_DOUBLE_WARS].astype(np.int32), out[:, C_CYCLE_START].astype(np.int32),
                   out[:, C_CYCLE_PERIOD].astype(np.int32))

    @classmethod
    def concatenate(cls, parts: list[Rows]) -> Rows:
        return cls(*(np.concatenate([getattr(p, f) for p in parts]) for f in cls.__dataclass_fields__))


def simulate_range(rules: Rules | str, seed: int, start: int, stop: int, max_rounds: int | None = 100_000, *,
                   threads: int = 1, progress: Callable[[int], None] | None = None,
                   in_notebook: bool = False, kernel: str | None = None, fixed: bool = True) -> Rows:
    """Play games ``start .. stop-1`` of the simulation seeded ``seed`` (``threads`` > 1: on
    that many threads; the rows do not depend on it).  ``kernel``: "c" or "numba" (default
    :func:`kernel_name`; the C kernel falls back to numba if it cannot be built).  ``in_notebook``:
    say so in one line if compiling the numba kernel takes more than a second.  ``fixed=False``:
    the C kernel's one build that reads every rule from the table (the benchmark compares)."""
    table = encode_rules(as_rules(rules))
    cap = 0 if max_rounds is None else int(max_rounds)
    seed64 = int(seed) & ((1 << 64) - 1)
    kernel = kernel or kernel_name()
    if kernel not in KERNELS:
        raise ValueError(f"no compiled simulator here (kernel {kernel!r}): install a C compiler or "
                         '`pip install "war-widget[fast]"`, or simulate with method="engine"')
    out = np.empty((stop - start, COLUMNS), np.int32)
    lib = None
    if kernel == "c":
        from . import _ckernel
        lib = _ckernel.library(_ckernel.build_flags(table, fixed))
        if lib is None and not numba_available():
            raise ValueError("the C kernel could not be built here and numba is not installed: "
                             '`pip install "war-widget[fast]"`, or simulate with method="engine"')
    if lib is not None and threads > 1:
        _play_c_threads(lib, seed64, start, stop, table, cap, out, threads, progress)
        return Rows.from_matrix(out, start)
    chunk = CHUNK * max(1, threads)
    with _compile_notice(ready=True if lib is not None else None, in_kernel=in_notebook):
        for lo in range(start, stop, chunk):
            hi = min(stop, lo + chunk)
            rows = out[lo - start:hi - start]
            if lib is not None:
                lib.war_play_games(seed64, lo, table.ctypes.data, cap, rows.ctypes.data, hi - lo)
            else:
                _play_numba(seed64, lo, table, cap, rows, threads)
            if progress is not None:
                progress(hi - lo)
    return Rows.from_matrix(out, start)


def _play_c_threads(lib: object, seed: int, start: int, stop: int, table: np.ndarray, cap: int, out: np.ndarray,
                    threads: int, progress: Callable[[int], None] | None) -> None:
    """Games ``start .. stop-1`` by the C kernel on ``threads`` threads, in blocks of BLOCK games that
    each thread takes up as it finishes its last (ctypes lets go of the GIL during a call; each call
    keeps its game buffers on its own stack, and a block's rows are its own): a thread on a busier
    core plays fewer blocks, and no thread waits for another until the last blocks."""
    play = lib.war_play_games  # type: ignore[attr-defined]
    pool = ThreadPoolExecutor(threads)
    try:
        sizes = {lo: min(stop, lo + BLOCK) - lo for lo in range(start, stop, BLOCK)}
        jobs = {pool.submit(play, seed, lo, table.ctypes.data, cap, out[lo - start:].ctypes.data, size): size
                for lo, size in sizes.items()}
        for job in as_completed(jobs):
            job.result()
            if progress is not None:
                progress(jobs[job])
    except BaseException:
        pool.shutdown(cancel_futures=True)         # Ctrl-C or an error: the blocks not started are dropped
        raise
    pool.shutdown()


def _play_numba(seed: int, lo: int, table: np.ndarray, cap: int, rows: np.ndarray, threads: int) -> None:
    kernel = _kernel.activate()
    args = (np.uint64(seed), np.int64(lo), table, np.int64(cap), rows)
    if threads > 1:
        import numba
        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))  # type: ignore[attr-defined]
        blocks = 4 * threads
        kernel.play_games_parallel(*args, np.zeros((blocks, SCRATCH_SIZE), np.int32),
                                   np.zeros((blocks, RNG_ROW), np.uint64))
    else:
        kernel.play_games(*args, np.zeros((1, SCRATCH_SIZE), np.int32), np.zeros((1, RNG_ROW), np.uint64))


def play_from_position(rules: Rules | str, hands: Sequence[Sequence[Card]], seed: int, rounds: int,
                       kernel: str, fixed: bool = False) -> np.ndarray:
    """Play up to ``rounds`` rounds from a scripted deal (``Game.from_hands(rules, hands, seed)``'s
    position) on ``kernel``; one row per round played: reason code (-1 while the game goes on),
    game winner, wars, the round's winner (-1: none), the count of each of 4 seats.  ``fixed``:
    the C kernel built for these rules (as ``simulate_range`` plays them), else its one build that
    reads every rule from the table."""
    rules = as_rules(rules)
    table = encode_rules(rules)
    state = np.zeros(BUFFER_SIZE, np.int32)
    for p, hand in enumerate(hands):
        for k, card in enumerate(hand):
            state[HAND + p * 64 + k] = card.index
        state[HLEN + p] = len(hand)
        state[OUT + p] = rules.capture != "aside" and not hand
    history = np.zeros((rounds, 8), np.int32)
    if kernel == "c":
        from . import _ckernel
        lib = _ckernel.library(_ckernel.build_flags(table, fixed))
        if lib is None:
            raise ValueError("the C kernel cannot be built here")
        played = lib.war_play_from(table.ctypes.data, state.ctypes.data, int(seed), rounds, history.ctypes.data)
    else:
        played = _kernel.activate().play_from(table, state, np.array([seed], np.uint64), np.int64(rounds), history)
    return history[:int(played)]


# --- the first call ----------------------------------------------------------------------------------
def first_call_message() -> str:
    return ("Loading the compiled simulator (the first run on a machine compiles it, which takes a while; "
            "numba caches it for later runs)...")


def _cache_is_warm() -> bool:
    """Whether numba's cache holds the kernel for this source (then the first call loads it, in
    about a second, and there is nothing to say).  Reads numba's cache index through its private
    API; if that API changes, the answer is "not warm" and the note shows as before."""
    try:
        return bool(_kernel.activate().play_games._cache._cache_file._load_index())
    except Exception:  # noqa: BLE001 - any change in numba's internals means "unknown"
        return False


class _compile_notice:
    """Inside a notebook, say so when the first call of this process compiles the kernel and takes
    more than ``delay`` seconds (loading numba's cache says nothing: notebooks checked by nbval
    then print the same outputs on a fresh machine once the cache is written)."""

    def __init__(self, ready: bool | None = None, in_kernel: bool = False, delay: float = 1.0) -> None:
        self.ready = (bool(_kernel.activate().play_games.signatures) or _cache_is_warm()) if ready is None else ready
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

