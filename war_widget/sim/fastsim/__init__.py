"""The compiled simulator: War in C, one game per loop iteration, exactly as the engine plays.

Game ``i`` of a simulation is dealt and shuffled from ``simulation.game_seed(seed, i)`` with the
same SplitMix64 draws the engine makes, so ``Game(rules, game_seed(seed, i))`` replays any game
it played: length, winner, reason, wars, and for a game that repeats, the round its cycle
starts and its period.  The rules are numbers (``encode_rules``, laid out in :mod:`.table`);
only callable gather policies and the school variants stay on the engine (:func:`unsupported_reason`).

The kernel (``kernel.c``) is an extension built by the package's build (``_compiled``, from
``_kernelmodule.c``): wheels carry it, ``pip install .`` compiles it.  It holds a build of the kernel
per preset's rule set, those rules fixed as constants (the compiler drops every branch of a rule not
in force), and one general build that reads every rule from the table; :func:`kernel_build` says
which plays a rule set.  Without the extension (an install from source with no C compiler) the
engine plays.  ``WAR_WIDGET_KERNEL=build`` opts in to building a kernel for each other rule set
with the machine's C compiler at run time (:mod:`._ckernel`); ``WAR_WIDGET_KERNEL=engine`` turns
the compiled kernel off.

>>> from war_widget import Game
>>> from war_widget.sim.simulation import game_seed
>>> rows = simulate_range("pagat", seed=1, start=0, stop=2)
>>> game = Game("pagat", game_seed(1, 1))
>>> outcome = game.play_to_end()
>>> int(rows.lengths[1]) == game.round_number and int(rows.winners[1]) == outcome.winner
True
"""
from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from types import ModuleType
from typing import Protocol

import numpy as np

from ...game.cards import Card
from ...game.engine import as_rules
from ...game.events import Termination
from ...game.rules import Rules
from .table import (
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
    HISTORY_COLUMNS,
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
    REFUSED_FIELDS,
    RULE_COLUMNS,
    STATE_SIZE,
    STRENGTH,
    TABLE_SIZE,
    fixed_values,
)

_compiled: ModuleType | None
try:
    from . import _compiled  # the extension (setup.py builds it; its types: _compiled.pyi)
except ImportError:          # installed from source without a C compiler: the engine plays
    _compiled = None

__all__ = [
    "KERNEL_MODES",
    "RULE_COLUMNS",
    "REFUSED_FIELDS",
    "KERNEL_TO_REASON",
    "Rows",
    "compiled_available",
    "encode_rules",
    "kernel_build",
    "kernel_name",
    "play_from_position",
    "simulate_range",
    "specialised_rule_sets",
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
# WAR_WIDGET_KERNEL: "" or "compiled" (the extension's builds), "build" (opt-in: a build per rule set
# with this machine's C compiler, the extension's builds where they fit), "engine" (no compiled kernel)
KERNEL_MODES = ("", "compiled", "build", "engine")


def specialised_rule_sets() -> dict[str, Rules]:
    """The rule sets whose specialised builds the extension holds (tools/kernel_builds.py writes
    them): every preset the kernel plays, and the three- and four-player pagat the widget offers."""
    sets = {name: Rules.preset(name) for name in Rules.presets() if unsupported_reason(Rules.preset(name)) is None}
    sets["pagat, 3 players"] = Rules.preset("pagat").replace(players=3)
    sets["pagat, 4 players"] = Rules.preset("pagat").replace(players=4)
    return sets


def compiled_available() -> bool:
    """Whether this install holds the compiled kernel (the extension ``_compiled``)."""
    return _compiled is not None


def _mode() -> str:
    mode = os.environ.get("WAR_WIDGET_KERNEL", "").strip().lower()
    if mode not in KERNEL_MODES:
        raise ValueError(f"WAR_WIDGET_KERNEL={mode!r} is not a kernel choice: leave it unset, or set it to "
                         "'compiled', 'build' (build a kernel per rule set with this machine's C compiler) "
                         "or 'engine'")
    return mode


def kernel_name() -> str | None:
    """The compiled kernel ``simulate()`` uses here: "c" (the extension, or with
    ``WAR_WIDGET_KERNEL=build`` a C compiler on the machine), else None (the engine plays)."""
    mode = _mode()
    if mode == "engine":
        return None
    if _compiled is not None:
        return "c"
    if mode == "build":
        from . import _ckernel
        return "c" if _ckernel.compiler() is not None else None
    return None


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



class _Player(Protocol):
    """One build of the kernel: plays games into rows, or rounds from a position."""

    name: str

    def play_games(self, seed: int, start: int, table: np.ndarray, cap: int, out: np.ndarray) -> None: ...

    def play_from(self, table: np.ndarray, state: np.ndarray, rng: int, history: np.ndarray) -> int: ...


class _CompiledBuild:
    """A build compiled into the extension (number ``index`` of ``_compiled.builds()``)."""

    def __init__(self, index: int, name: str) -> None:
        self.index = index
        self.name = name

    def play_games(self, seed: int, start: int, table: np.ndarray, cap: int, out: np.ndarray) -> None:
        assert _compiled is not None
        _compiled.play_games(self.index, seed, start, table, cap, out)

    def play_from(self, table: np.ndarray, state: np.ndarray, rng: int, history: np.ndarray) -> int:
        assert _compiled is not None
        return int(_compiled.play_from(self.index, table, state, rng, history))


class _RunTimeBuild:
    """A build made on this machine by ``_ckernel`` (WAR_WIDGET_KERNEL=build), called through ctypes."""

    name = "built here"

    def __init__(self, lib: object) -> None:
        self.lib = lib

    def play_games(self, seed: int, start: int, table: np.ndarray, cap: int, out: np.ndarray) -> None:
        self.lib.war_play_games(seed, start, table.ctypes.data, cap, out.ctypes.data,  # type: ignore[attr-defined]
                                len(out))

    def play_from(self, table: np.ndarray, state: np.ndarray, rng: int, history: np.ndarray) -> int:
        return int(self.lib.war_play_from(table.ctypes.data, state.ctypes.data, rng,  # type: ignore[attr-defined]
                                          len(history), history.ctypes.data))


_BUILDS: dict[str, int] = {}
_BUILDS_LOCK = threading.Lock()


def _compiled_build(table: np.ndarray, fixed: bool) -> _CompiledBuild | None:
    """The extension's build for this table: its specialised build when ``fixed`` and one fixes
    exactly these rule values, else the general build (None without the extension)."""
    if _compiled is None:
        return None
    with _BUILDS_LOCK:
        if not _BUILDS:
            _BUILDS.update({fixed_words: k for k, (_, fixed_words) in enumerate(_compiled.builds())})
    names = [name for name, _ in _compiled.builds()]
    words = " ".join(f"{m}={v}" for m, v in fixed_values(table)) if fixed else ""
    index = _BUILDS.get(words, _BUILDS[""])
    return _CompiledBuild(index, names[index])


def _player(table: np.ndarray, fixed: bool = True) -> _Player:
    """The build that plays this rule table (see :func:`kernel_build`); ValueError when there is none."""
    mode = _mode()
    if mode == "engine":
        raise ValueError("WAR_WIDGET_KERNEL=engine turns the compiled simulator off: simulate with method='engine'")
    build = _compiled_build(table, fixed)
    if mode == "build" and (build is None or (fixed and build.name == "general")):
        from . import _ckernel
        flags = _ckernel.build_flags(table, fixed)
        lib = _ckernel.library(flags)
        if lib is not None:
            return _RunTimeBuild(lib)
        why = _ckernel.failure(flags) or "the C kernel could not be built here"
        if build is None:                       # simulate() plays with the engine, saying why
            raise RuntimeError(why)
        _ckernel.say_failed(f"{why}, so the compiled simulator's general build plays these rules: the same "
                            "results")
    if build is None:
        raise ValueError("the compiled simulator is not in this install (built without a C compiler): install "
                         "war-widget from a wheel or with a C compiler, or simulate with method='engine'")
    return build


def kernel_build(rules: Rules | str, fixed: bool = True) -> str:
    """Which build of the kernel plays these rules here: the name of the extension's specialised
    build for them (the presets it serves, e.g. "pagat"), "general", or "built here" (an opt-in
    run-time build); ``fixed=False``: the general build.  ValueError when no compiled kernel is here."""
    return _player(encode_rules(as_rules(rules)), fixed).name


def simulate_range(rules: Rules | str, seed: int, start: int, stop: int, max_rounds: int | None = 100_000, *,
                   threads: int = 1, progress: Callable[[int], None] | None = None, fixed: bool = True) -> Rows:
    """Play games ``start .. stop-1`` of the simulation seeded ``seed`` (``threads`` > 1: on
    that many threads; the rows do not depend on it), by the build :func:`kernel_build` names.
    ``fixed=False``: the general build, which reads every rule from the table (the benchmark compares)."""
    table = encode_rules(as_rules(rules))
    cap = 0 if max_rounds is None else int(max_rounds)
    seed64 = int(seed) & ((1 << 64) - 1)
    player = _player(table, fixed)
    out = np.empty((stop - start, COLUMNS), np.int32)
    if threads > 1:
        _play_threads(player, seed64, start, stop, table, cap, out, threads, progress)
        return Rows.from_matrix(out, start)
    for lo in range(start, stop, CHUNK):
        hi = min(stop, lo + CHUNK)
        player.play_games(seed64, lo, table, cap, out[lo - start:hi - start])
        if progress is not None:
            progress(hi - lo)
    return Rows.from_matrix(out, start)


def _play_threads(player: _Player, seed: int, start: int, stop: int, table: np.ndarray, cap: int, out: np.ndarray,
                  threads: int, progress: Callable[[int], None] | None) -> None:
    """Games ``start .. stop-1`` on ``threads`` threads, in blocks of BLOCK games that each thread
    takes up as it finishes its last (the kernel lets go of the GIL during a call and keeps its game
    buffers on its own stack; a block's rows are its own): a thread on a busier core plays fewer
    blocks, and no thread waits for another until the last blocks."""
    pool = ThreadPoolExecutor(threads)
    try:
        blocks = {lo: min(stop, lo + BLOCK) for lo in range(start, stop, BLOCK)}
        jobs = {pool.submit(player.play_games, seed, lo, table, cap, out[lo - start:hi - start]): hi - lo
                for lo, hi in blocks.items()}
        for job in as_completed(jobs):
            job.result()
            if progress is not None:
                progress(jobs[job])
    except BaseException:
        pool.shutdown(cancel_futures=True)         # Ctrl-C or an error: the blocks not started are dropped
        raise
    pool.shutdown()


def play_from_position(rules: Rules | str, hands: Sequence[Sequence[Card]], seed: int, rounds: int,
                       fixed: bool = False) -> np.ndarray:
    """Play up to ``rounds`` rounds from a scripted deal (``Game.from_hands(rules, hands, seed)``'s
    position); one row per round played: reason code (-1 while the game goes on), game winner,
    wars, the round's winner (-1: none), the count of each of 4 seats.  ``fixed``: the build
    ``simulate_range`` plays these rules with (:func:`kernel_build`), else the general build."""
    rules = as_rules(rules)
    table = encode_rules(rules)
    state = np.zeros(STATE_SIZE, np.int32)
    for p, hand in enumerate(hands):
        for k, card in enumerate(hand):
            state[HAND + p * 64 + k] = card.index
        state[HLEN + p] = len(hand)
        state[OUT + p] = rules.capture != "aside" and not hand
    history = np.zeros((rounds, HISTORY_COLUMNS), np.int32)
    played = _player(table, fixed).play_from(table, state, int(seed) & ((1 << 64) - 1), history)
    return history[:played]
