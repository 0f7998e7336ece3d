"""Simulate many games of War and summarise them (lengths, outcomes, wars, win shares).

Game ``i`` of a simulation with seed ``s`` is dealt from ``game_seed(s, i)``, so any single
game of a simulation can be replayed on its own with ``Game(rules, game_seed(s, i))``.

Every rule set with named gather orders is played by the compiled simulator
(``war_widget.sim.fastsim``: the C kernel, an extension the package's build compiles), which plays
exactly the engine's games; rules with a callable gather policy by the engine itself, one game
after another, and so is every rule set where no compiled simulator is installed (said once, with
how to get it) or where it fails (a compiler that fails or hangs, any exception: said once, with
why).  Either way the results are the same arrays, and they do not depend on how the games are
split:

* ``workers=N`` plays on N cores: N threads for the compiled simulator, N processes for
  the engine;
* ``executor=ex`` sends ranges of games to any ``concurrent.futures.Executor`` (a process or
  thread pool, or a cluster's, e.g. ``dask.distributed.Client(...).get_executor()``).

Games are cut into ranges of game numbers; each range's randomness comes from ``(seed, i)``
alone, so every split gives the arrays of a serial run.

Where numpy is missing (in the browser: the classroom site's Pyodide has no numpy build) the
compiled simulator cannot run either: simulate() then plays with the engine, says so once, and
the result's fields are ``array.array`` columns (typecodes ``"i"`` for int32, ``"b"`` for int8)
holding the same values, with the same ``summary()``, ``reason_counts()``, ``win_rate()`` and
printed form.

>>> result = simulate("classic", 200, seed=1, progress=False)
>>> result.lengths.dtype.name, int(result.lengths.max()) <= 40
('int32', True)
"""
from __future__ import annotations

import array
import math
import os
import pickle
import signal
import sys
import warnings
from collections.abc import Callable
from concurrent.futures import (
    Executor,
    ProcessPoolExecutor,
    ThreadPoolExecutor,
    as_completed,
)
from dataclasses import dataclass, field
from typing import Any

try:
    import numpy as np
except ImportError:        # the browser (Pyodide): no numpy, so no compiled simulator; the engine plays
    np = None  # type: ignore[assignment]

from ..game.engine import Game, as_rules
from ..game.events import Termination
from ..game.rng import SplitMix64
from ..game.rules import Rules

#: a per-game result column: a numpy array, or an array.array where numpy is missing
Column = Any

__all__ = ["METHODS", "NATURAL_ENDS", "NOT_INSTALLED", "NO_NUMPY", "REASONS", "FastSimulatorMissing",
           "SimulationResult", "game_seed", "max_games", "simulate"]

REASONS: tuple[Termination, ...] = tuple(Termination)      # reasons[i] is REASONS[code]
_CODE = {t: i for i, t in enumerate(REASONS)}
# Ends that come from play itself, not from a limit (round limit, time) nor a cycle.
NATURAL_ENDS = tuple(t for t in REASONS if t not in (Termination.ROUND_LIMIT, Termination.TIME, Termination.CYCLE))
METHODS = ("auto", "fast", "engine")
PROGRESS_MIN_GAMES = 10_000       # progress=None shows a bar in a notebook from this many games on
MAX_ROUNDS_LIMIT = 2 ** 31 - 1    # lengths are int32
BYTES_PER_GAME = 22               # the seven per-game result arrays
_MASK = (1 << 64) - 1
_SERIAL_CHUNK = 1 << 18           # games filled into the result arrays at a time


def game_seed(seed: int, index: int) -> int:
    """The deal seed of game ``index`` in a simulation seeded with ``seed``."""
    gen = SplitMix64((seed * 0x9E3779B97F4A7C15 + index) & _MASK)
    return gen.next64() >> 1


@dataclass(frozen=True, eq=False)
class SimulationResult:
    """Per game: length in rounds (``lengths``, int32), winner seat or -1 for none
    (``winners``, int8), why it ended (``reasons``, int8 index into ``REASONS``), how many
    rounds had a war (``wars``, int32) and how many had two or more (``double_wars``), and
    for a game that repeated, the round its cycle started and its period (``cycle_starts``,
    ``cycle_periods``, -1 otherwise); with ``summary()`` and a printable form.  The fields are
    numpy arrays, or ``array.array`` columns holding the same values where numpy is missing."""

    rules: Rules
    seed: int
    lengths: Column
    winners: Column
    reasons: Column
    wars: Column
    method: str = field(default="engine")
    double_wars: Column | None = None
    cycle_starts: Column | None = None
    cycle_periods: Column | None = None

    @property
    def _numpy(self) -> bool:
        return np is not None and isinstance(self.lengths, np.ndarray)

    @property
    def games(self) -> int:
        return len(self.lengths)

    def termination(self, i: int) -> Termination:
        """Why game ``i`` ended."""
        return REASONS[int(self.reasons[i])]

    def reason_counts(self) -> dict[str, int]:
        """How many games ended for each reason (by ``Termination`` name), most common first."""
        counts: Any
        if self._numpy:
            counts = np.bincount(self.reasons.astype(np.int64), minlength=len(REASONS))
        else:
            counts = [0] * len(REASONS)
            for code in self.reasons:
                counts[code] += 1
        pairs = [(REASONS[i].name, int(c)) for i, c in enumerate(counts) if c]
        return dict(sorted(pairs, key=lambda kv: -kv[1]))

    def win_rate(self, player: int, z: float = 1.96) -> tuple[float, float, float]:
        """Player ``player``'s share of games won, with a normal-approximation interval
        (``z=1.96``: 95%).  Draws count as not won."""
        n = self.games
        p = float(self._count(self.winners, lambda w: w == player)) / n
        half = z * math.sqrt(p * (1 - p) / n)
        return p, p - half, p + half

    def summary(self) -> dict[str, Any]:
        """Fraction ending before the limit (by play: not a round limit, time or cycle), mean /
        median / 90th percentile length, wars per game, and each player's win share."""
        n = self.games
        ends = [_CODE[t] for t in NATURAL_ENDS]
        lengths: Any
        if self._numpy:
            lengths = np.sort(self.lengths)
            natural, mean, median = (float(np.isin(self.reasons, ends).mean()), float(lengths.mean()),
                                     float(np.median(lengths)))
            wars = float(self.wars.mean())
        else:       # the same values: sums of whole numbers are exact, each divided once as numpy does
            lengths = sorted(self.lengths)
            natural = self._count(self.reasons, lambda r: r in ends) / n
            mean, wars = sum(lengths) / n, sum(self.wars) / n
            mid = n // 2
            median = float(lengths[mid]) if n % 2 else (lengths[mid - 1] + lengths[mid]) / 2
        return {"games": n, "natural_end_fraction": natural,
                "mean_length": mean, "median_length": median,
                "p90_length": int(lengths[min(n - 1, int(0.9 * n))]),
                "wars_per_game": wars,
                "win_share": [self.win_rate(p)[0] for p in range(self.rules.players)],
                "draw_share": float(self._count(self.winners, lambda w: w < 0)) / n}

    def _count(self, column: Column, test: Callable[[Any], Any]) -> int:
        """How many entries of ``column`` pass ``test`` (vectorised on a numpy array)."""
        if self._numpy:
            return int(np.count_nonzero(test(column)))
        return sum(1 for v in column if test(v))

    def __str__(self) -> str:
        s = self.summary()
        name = self.rules.preset_name or "custom rules"
        share = ", ".join(f"player {p + 1} {x:.1%}" for p, x in enumerate(s["win_share"]))
        return (f"{s['games']} games of {name} (seed {self.seed})\n"
                f"  ended before the limit: {s['natural_end_fraction']:.1%}\n"
                f"  length in rounds: mean {s['mean_length']:.1f}, median {s['median_length']:g}, "
                f"90th percentile {s['p90_length']}\n"
                f"  wars per game: {s['wars_per_game']:.2f}\n"
                f"  wins: {share}, draws {s['draw_share']:.1%}")

    def __repr__(self) -> str:
        name = self.rules.preset_name or "custom rules"
        return f"<SimulationResult {self.games} games of {name}, seed {self.seed}, {self.method}>"


_FIELDS = ("lengths", "winners", "reasons", "wars", "double_wars", "cycle_starts", "cycle_periods")
_DTYPES = ("int32", "int8", "int8", "int32", "int32", "int32", "int32")
_TYPECODES = {"int32": "i", "int8": "b"}    # array.array's, where numpy is missing
assert array.array("i").itemsize == 4 and array.array("b").itemsize == 1


def _column(count: int, dtype: str, fill: int | None = None) -> Column:
    """A result column of ``count`` entries: a numpy array, or an ``array.array`` without numpy."""
    if np is not None:
        return np.empty(count, dtype) if fill is None else np.full(count, fill, dtype)
    return array.array(_TYPECODES[dtype], [0 if fill is None else fill]) * count


def simulate(rules: Rules | str, games: int, seed: int = 0, *, max_rounds: int | None = 100_000,
             method: str = "auto", workers: int | None = None, executor: Executor | None = None,
             progress: bool | None = None, chunk_size: int | None = None) -> SimulationResult:
    """Play ``games`` games under ``rules`` and return per-game results and a summary.

    ``max_rounds`` caps a game that would run on (it then ends as a time limit does: more
    cards wins).  ``method``: "fast" (the compiled simulator), "engine" (one ``Game`` at a
    time) or "auto" (fast whenever it supports the rules: all but callable gather policies).
    ``workers`` / ``executor`` spread the games (see the module docstring); ``chunk_size``
    sets games per executor task.  ``progress``: a tqdm bar; None shows one only inside a
    Jupyter kernel, for at least 10,000 games; True / False force it on / off."""
    rules = _check_args(rules, games, seed, max_rounds, method, workers, executor, progress, chunk_size)
    games, seed = int(games), int(seed)
    max_rounds = None if max_rounds is None else int(max_rounds)
    chosen = _choose_method(rules, method)
    show = _want_progress(progress, games)
    bar = _progress_bar(games, rules, show)
    arrays = [_column(games, dt) for dt in _DTYPES]
    update = bar.update if bar else None
    try:
        if executor is not None or (chosen == "engine" and workers not in (None, 1)):
            _run_parallel(rules, seed, games, max_rounds, chosen, workers, executor, chunk_size, bar, arrays)
        else:
            fell_back: list[bool] = []
            for lo in range(0, games, _SERIAL_CHUNK):
                hi = min(games, lo + _SERIAL_CHUNK)
                part = _run_range(rules, seed, lo, hi, max_rounds, chosen, update, threads=workers or 1,
                                  fell_back=fell_back)
                for a, p in zip(arrays, part, strict=True):
                    a[lo:hi] = p
            if fell_back:
                chosen = "engine"
    finally:
        if bar is not None:
            bar.close()
    lengths, winners, reasons, wars, doubles, starts, periods = arrays
    return SimulationResult(rules, seed, lengths, winners, reasons, wars, chosen, doubles, starts, periods)


# --- the pieces --------------------------------------------------------------------------------
def _whole(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (np is not None and isinstance(value, np.integer))


def max_games() -> int:
    """The most games one call may simulate here: their result arrays must fit in half the memory
    this process may still use (the machine's memory, or less under a limit: ``ulimit -v`` /
    ``-d``, i.e. ``RLIMIT_AS`` / ``RLIMIT_DATA``, less what the process already holds)."""
    return int(_usable_memory() // 2 // BYTES_PER_GAME)


def _usable_memory() -> int:
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not a POSIX system
        memory = 8 * 2 ** 30
    try:
        import resource
    except ImportError:  # pragma: no cover - not a POSIX system
        return memory
    for name in ("RLIMIT_AS", "RLIMIT_DATA"):       # the browser's Pyodide has neither
        limit = getattr(resource, name, None)
        try:
            soft = resource.getrlimit(limit)[0] if limit is not None else resource.RLIM_INFINITY
        except (OSError, ValueError, AttributeError):
            continue
        if soft != resource.RLIM_INFINITY:
            memory = min(memory, max(0, soft - _address_space_used()))
    return memory


def _address_space_used() -> int:
    """The process's virtual size in bytes (what RLIMIT_AS counts), 0 where /proc is absent."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):  # pragma: no cover - no /proc
        return 0


def _check_args(rules: Rules | str, games: int, seed: int, max_rounds: int | None, method: str, workers: int | None,
                executor: Executor | None, progress: bool | None, chunk_size: int | None) -> Rules:
    """The rules as a Rules (a preset name looked up), once every argument is checked (a clear ValueError)."""
    checked = as_rules(rules)
    if not _whole(games) or games < 1:
        raise ValueError(f"games must be a positive whole number; got {games!r}")
    if games > max_games():
        raise ValueError(f"games={games:,} is too many for one call on this machine: the per-game results take "
                         f"{BYTES_PER_GAME} bytes a game, and at most {max_games():,} games fit in half the memory "
                         "this process may still use; simulate in parts (other seeds) and combine the results")
    if not _whole(seed) or not 0 <= seed <= _MASK:
        raise ValueError(f"seed must be a whole number >= 0 and below 2**64 (0 to {_MASK}); got {seed!r}")
    if max_rounds is not None and (not _whole(max_rounds) or not 1 <= max_rounds <= MAX_ROUNDS_LIMIT):
        raise ValueError(f"max_rounds must be None or a positive whole number up to {MAX_ROUNDS_LIMIT:,}; "
                         f"got {max_rounds!r}")
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(map(repr, METHODS))}; got {method!r}")
    if workers is not None and (not _whole(workers) or not 1 <= workers <= 1024):
        raise ValueError(f"workers must be None or a positive whole number of cores (up to 1024); got {workers!r}")
    if workers not in (None, 1) and sys.platform == "emscripten":
        raise ValueError(f"workers={workers!r}: this Python runs in the browser, which cannot start other "
                         "processes or threads; leave workers out (one core)")
    if executor is not None and workers is not None:
        raise ValueError("give either workers (cores used here) or executor (your own), not both")
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise ValueError(f"executor must be a concurrent.futures.Executor (with submit); got {executor!r}")
    if progress not in (None, True, False):
        raise ValueError(f"progress must be None (auto), True or False; got {progress!r}")
    if chunk_size is not None and (not _whole(chunk_size) or chunk_size < 1):
        raise ValueError(f"chunk_size must be None or a positive whole number of games; got {chunk_size!r}")
    return checked


NOT_INSTALLED = ("war_widget's compiled simulator is not in this install (it was installed from source without a "
                 "C compiler), so simulate() plays the games with the engine, the same results more slowly; for "
                 "speed, install a C compiler and reinstall war-widget, or install it from a wheel: "
                 "pip install --force-reinstall --only-binary war-widget war-widget")
FELL_BACK = ("the compiled simulator failed here ({reason}), so simulate() plays the games with the engine: "
             "the same results, more slowly")
NO_NUMPY = ("the fast simulator is not available here: it needs numpy, which this Python does not have (the "
            "browser's Pyodide in the classroom site has no numpy build), so simulate() plays the games with the "
            "engine: the same results, more slowly")
_WARNED: list[bool] = []
_FELL_BACK_SAID: list[bool] = []


class FastSimulatorMissing(UserWarning):
    """simulate() plays with the engine: no compiled simulator here, or it failed (each said once a process)."""


def _choose_method(rules: Rules, method: str) -> str:
    if np is None:                  # the compiled simulator needs numpy: the engine plays
        if method == "fast":
            raise ValueError(f"method='fast' cannot run here: {NO_NUMPY}")
        if method == "auto" and not _WARNED:
            _WARNED.append(True)
            warnings.warn(NO_NUMPY, FastSimulatorMissing, stacklevel=3)
        return "engine"
    from .fastsim import kernel_name, unsupported_reason
    reason = unsupported_reason(rules)
    if method == "fast" and reason:
        raise ValueError(f"method='fast' cannot play these rules: {reason}; use method='auto' or 'engine'")
    if method == "engine" or (method == "auto" and reason):
        return "engine"
    if kernel_name() is None:
        if method == "fast":
            raise ValueError(f"method='fast' needs the compiled simulator, which is not here: {NOT_INSTALLED}")
        if not _WARNED:
            _WARNED.append(True)
            warnings.warn(NOT_INSTALLED, FastSimulatorMissing, stacklevel=3)
        return "engine"
    return "fast"


def _run_range(rules: Rules, seed: int, start: int, stop: int, max_rounds: int | None, method: str,
               progress: Callable[[int], None] | None = None, threads: int = 1,
               fell_back: list[bool] | None = None) -> tuple[Column, ...]:
    """Games ``start .. stop-1`` of the simulation (a task for a worker: module level, picklable):
    the seven per-game arrays of ``SimulationResult``.  If the compiled simulator fails (a compiler
    that fails or hangs, any exception), the engine plays the same games, said once a process (and
    noted in ``fell_back``)."""
    if method == "fast":
        counted = [0]

        def advance(n: int) -> None:
            counted[0] += n
            if progress is not None:
                progress(n)
        try:
            from .fastsim import simulate_range
            rows = simulate_range(rules, seed, start, stop, max_rounds, threads=threads, progress=advance)
            return tuple(getattr(rows, f) for f in _FIELDS)
        except Exception as exc:  # noqa: BLE001 - any failure of a compiled path: the engine plays the games
            if progress is not None and counted[0]:
                progress(-counted[0])               # the bar counts these games again as the engine plays them
            if fell_back is not None:
                fell_back.append(True)
            if not _FELL_BACK_SAID:
                _FELL_BACK_SAID.append(True)
                reason = str(exc) if isinstance(exc, RuntimeError) and str(exc) else f"{type(exc).__name__}: {exc}"
                warnings.warn(FELL_BACK.format(reason=reason), FastSimulatorMissing, stacklevel=3)
    count = stop - start
    arrays = [_column(count, dt, -1) for dt in _DTYPES]
    for k in range(count):
        game = Game(rules, game_seed(seed, start + k))
        game.play_quietly(max_rounds=max_rounds)      # the engine's beats, building no event
        if not game.is_over:
            game.end_now()
        outcome = game.outcome
        assert outcome is not None                  # end_now() always decides the game
        wars = [w for _, w, _ in game.history]               # each round's wars
        peace, single = wars.count(0), wars.count(1)
        row = (game.round_number, -1 if outcome.winner is None else outcome.winner, _CODE[outcome.reason],
               len(wars) - peace, len(wars) - peace - single,
               -1 if outcome.cycle_start is None else outcome.cycle_start,
               -1 if outcome.cycle_period is None else outcome.cycle_period)
        for a, v in zip(arrays, row, strict=True):
            a[k] = v
        if progress is not None:
            progress(1)
    return tuple(arrays)


def _run_parallel(rules: Rules, seed: int, games: int, max_rounds: int | None, method: str,
                  workers: int | None, executor: Executor | None, chunk_size: int | None, bar: Any,
                  arrays: list[Column]) -> None:
    if executor is None or not isinstance(executor, ThreadPoolExecutor):
        try:
            pickle.dumps(rules)
        except Exception as exc:  # noqa: BLE001 - any pickling failure means the same thing here
            raise ValueError("these rules cannot be sent to other processes (a callable gather policy must be "
                             f"a module-level function): {exc}; run serially or with a ThreadPoolExecutor") from None
    tasks = workers or getattr(executor, "_max_workers", None) or 4
    size = chunk_size or max(1, min(250_000, math.ceil(games / (4 * tasks))))
    ranges = [(lo, min(games, lo + size)) for lo in range(0, games, size)]
    own = executor is None
    pool: Executor = executor if executor is not None else ProcessPoolExecutor(max_workers=workers,
                                                                             initializer=_worker_start)
    task = _run_range_in_worker if own else _run_range
    try:
        futures = {pool.submit(task, rules, seed, lo, hi, max_rounds, method): (lo, hi) for lo, hi in ranges}
        for future in as_completed(futures):
            lo, hi = futures[future]
            for a, p in zip(arrays, _checked_part(future.result(), lo, hi, pool), strict=True):
                a[lo:hi] = p
            if bar is not None:
                bar.update(hi - lo)
    except BaseException:
        if own:         # an error or Ctrl-C: the ranges not started are dropped, not played to the end
            pool.shutdown(cancel_futures=True)
        raise
    if own:
        pool.shutdown()


# Ctrl-C in a terminal reaches the workers of simulate's own process pool too: the game range a
# worker is playing stops, and so does every range it would take up afterwards, so the pool shuts
# down at once (an idle worker only notes it: an interrupt there would end it with a traceback).
_interrupted = False
_busy = False


def _worker_start() -> None:
    signal.signal(signal.SIGINT, _worker_sigint)


def _worker_sigint(signum: int, frame: object) -> None:
    global _interrupted
    _interrupted = True
    if _busy:
        raise KeyboardInterrupt


def _run_range_in_worker(rules: Rules, seed: int, start: int, stop: int, max_rounds: int | None,
                         method: str) -> tuple[Column, ...]:
    """``_run_range`` in a worker of simulate's own pool, which stops at Ctrl-C (see above)."""
    global _busy
    if _interrupted:
        raise KeyboardInterrupt
    _busy = True
    try:
        return _run_range(rules, seed, start, stop, max_rounds, method)
    finally:
        _busy = False


def _checked_part(part: object, lo: int, hi: int, executor: Executor) -> tuple[Column, ...]:
    """A task's result as the seven arrays of games ``lo .. hi-1``; a clear ValueError when the
    executor gave back something else (None from a stub executor, a truncated result...)."""
    ok = isinstance(part, tuple) and len(part) == len(_FIELDS) and all(_is_column(a, hi - lo) for a in part)
    if not ok:
        what = "None" if part is None else f"a {type(part).__name__}"
        raise ValueError(f"the executor {type(executor).__name__} returned {what} for games {lo}..{hi - 1}, not their "
                         f"{len(_FIELDS)} result arrays: simulate() needs an Executor whose futures return what the "
                         "submitted function returns (concurrent.futures, dask's get_executor())")
    return part  # type: ignore[return-value]


def _is_column(value: object, count: int) -> bool:
    if np is not None and isinstance(value, np.ndarray):
        return bool(value.shape == (count,))
    return isinstance(value, array.array) and len(value) == count


def _in_jupyter_kernel() -> bool:
    """True inside a running Jupyter (ipykernel) kernel, False in scripts and plain IPython."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:  # noqa: BLE001 - a broken IPython is not a kernel
        return False
    return shell is not None and getattr(shell, "kernel", None) is not None


def _want_progress(progress: bool | None, games: int) -> bool:
    if progress is None:
        return games >= PROGRESS_MIN_GAMES and _in_jupyter_kernel()
    return progress


def _progress_bar(games: int, rules: Rules, show: bool) -> Any:
    if not show:
        return None
    from tqdm.auto import tqdm
    return tqdm(total=games, desc=f"simulating {rules.preset_name or 'games'}", unit="game")
