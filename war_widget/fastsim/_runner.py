"""Drive a Batch over many games: keep its slots full, collect results, settle cycles.

Slots freed by ended games are refilled with new deals in groups, so every step works on a
full batch until the last games; a game's result never depends on its slot or neighbours."""
from __future__ import annotations

from typing import Callable

import numpy as np

from ..events import Termination
from ._batch import Batch
from ._plan import REASON_CODES, Plan

__all__ = ["run_games", "Results"]

Results = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]   # lengths, winners, reasons, war rounds
_CYCLE = REASON_CODES[Termination.CYCLE]
DEFAULT_SLOTS = 1 << 14


def run_games(plan: Plan, source, ids: np.ndarray, max_rounds: int | None, *, slots: int = DEFAULT_SLOTS,
              progress: Callable[[int], None] | None = None) -> Results:
    """Play the games numbered ``ids`` of ``source`` to the end; results in the order of ``ids``."""
    ids = np.asarray(ids, np.int64)
    total = len(ids)
    lengths = np.zeros(total, np.int32)
    winners = np.full(total, -1, np.int8)
    reasons = np.zeros(total, np.int8)
    wars = np.zeros(total, np.int32)
    if total == 0:
        return lengths, winners, reasons, wars
    n = min(slots, total)
    batch = Batch(plan, n, max_rounds)
    job = np.full(n, -1, np.int64)            # position in ids of the game in each slot
    pending: list[tuple] = []                 # games found to cycle, settled at the end
    next_job = 0
    refill_at = max(1, n // 16)

    def load(free: np.ndarray) -> None:
        nonlocal next_job
        take = free[:total - next_job]
        if take.size == 0:
            return
        jobs = np.arange(next_job, next_job + len(take))
        next_job += len(take)
        hands, lens, states = source.deal(ids[jobs])
        batch.load(take, hands, lens, states)
        job[take] = jobs

    load(np.arange(n))
    free_count = 0
    while True:
        if free_count and next_job < total and (free_count >= refill_at or not batch.alive.any()):
            load(np.flatnonzero(~batch.alive))
            free_count = 0
        if next_job >= total:
            live = np.count_nonzero(batch.alive)
            if live == 0:
                break
            if live < batch.n // 4 and batch.n > 64:      # the last games: drop the empty slots
                keep = np.flatnonzero(batch.alive)
                batch.compact(keep)
                job = job[keep]
        ended, cycles = batch.step()
        if ended.size:
            j = job[ended]
            lengths[j] = batch.rounds[ended]
            winners[j] = batch.winner[ended]
            reasons[j] = batch.reason[ended]
            wars[j] = batch.war_rounds[ended]
            free_count += len(ended)
            if progress is not None:
                progress(len(ended))
        if cycles.size:
            pending.append((job[cycles].copy(), batch.period[cycles].copy(),
                            batch.snapped[cycles].copy(), batch.snap[cycles].copy(), batch.rounds[cycles].copy()))
            free_count += len(cycles)
    if pending:
        periods = np.concatenate([p[1] for p in pending])
        jobs = np.concatenate([p[0] for p in pending])
        for k in jobs[periods < 0]:            # rare: leave these to the engine itself
            lengths[k], winners[k], reasons[k], wars[k] = source.engine_result(int(ids[k]), max_rounds)
        if progress is not None and (periods < 0).any():
            progress(int((periods < 0).sum()))
        keep = [tuple(part[p[1] > 0] for part in p) for p in pending]
        if any(len(p[0]) for p in keep):
            _settle_cycles(plan, source, ids, keep, max_rounds, lengths, winners, reasons, wars, progress)
    return lengths, winners, reasons, wars


def _settle_cycles(plan: Plan, source, ids: np.ndarray, pending: list, max_rounds: int | None,
                   lengths: np.ndarray, winners: np.ndarray, reasons: np.ndarray, wars: np.ndarray,
                   progress: Callable[[int], None] | None, chunk: int = 4096) -> None:
    """Brent's method gave each cycling game its period; the engine reports a cycle at the first
    repeated position (round mu + period).  mu is the first round whose position comes back one
    period later; "comes back" is monotone in the round, so it is found in two replays: blocks
    of ``_BLOCK`` rounds to bracket it, then round by round inside the bracket."""
    jobs = np.concatenate([p[0] for p in pending])
    periods = np.concatenate([p[1] for p in pending])
    snapped = np.concatenate([p[2] for p in pending])
    snaps = np.concatenate([p[3] for p in pending])
    found_at = np.concatenate([p[4] for p in pending])
    for lo in range(0, len(jobs), chunk):
        sl = slice(lo, lo + chunk)
        j, lam, sn, snap = jobs[sl], periods[sl], snapped[sl], snaps[sl]
        bound = int(found_at[sl].max())          # Brent found each cycle by then, so mu is below it
        end, _ = _first_return(plan, source, ids[j], lam, np.zeros(len(j), np.int64), _BLOCK, bound)
        mu, war_rounds = _first_return(plan, source, ids[j], lam, np.maximum(end - _BLOCK + 1, 0), 1, bound)
        length = mu + lam
        cyc = ~(sn & (max_rounds is not None) & (length > (max_rounds or 0)))
        lengths[j] = np.where(cyc, length, max_rounds or 0)
        winners[j] = np.where(cyc, -1, snap[:, 0])
        reasons[j] = np.where(cyc, _CYCLE, snap[:, 1])
        wars[j] = np.where(cyc, war_rounds, snap[:, 2])
        if progress is not None:
            progress(len(j))


_BLOCK = 16


def _first_return(plan: Plan, source, game_ids: np.ndarray, lam: np.ndarray, start: np.ndarray, step: int,
                  bound: int) -> tuple[np.ndarray, np.ndarray]:
    """Replay each game twice, the second copy ``lam`` rounds ahead, from round ``start``;
    advance both ``step`` rounds at a time until their positions agree.  Returns that round
    (the first checked round whose position returns a period later) and the ahead copy's war
    rounds there."""
    m = len(game_ids)
    replay = Batch(plan, 2 * m, None, detect_cycles=False)
    hands, lens, states = source.deal(game_ids)
    both = lambda a: np.concatenate([a, a])   # noqa: E731 - behind copies, then ahead copies
    replay.load(np.arange(2 * m), (both(hands[0]), both(hands[1])), (both(lens[0]), both(lens[1])), both(states))
    target = np.concatenate([start, start + lam])
    replay.stop_at = target                  # runs stop exactly at the targets
    _advance(replay, np.arange(2 * m), target)
    open_ = np.arange(m)
    found = np.zeros(m, np.int64)
    war_rounds = np.zeros(m, np.int64)
    while open_.size:
        same = (replay.position(open_) == replay.position(open_ + m)).all(axis=1)
        hit = open_[same]
        found[hit] = replay.rounds[hit]
        war_rounds[hit] = replay.war_rounds[hit + m]
        open_ = open_[~same]
        if open_.size:
            if int(replay.rounds[open_].min()) > bound:   # pragma: no cover - would be a bug
                raise AssertionError("cycle replay overran the round where the cycle was found")
            target[open_] += step
            target[open_ + m] += step
            _advance(replay, np.concatenate([open_, open_ + m]), target)
    return found, war_rounds


def _advance(batch: Batch, slots: np.ndarray, target: np.ndarray) -> None:
    """Step the given games (only those) until each has completed ``target`` rounds."""
    todo = slots[batch.rounds[slots] < target[slots]]
    while todo.size:
        batch.alive[:] = False
        batch.alive[todo] = True
        ended, _ = batch.step()
        if ended.size:   # pragma: no cover - a cycling game cannot end
            raise AssertionError("a game found to cycle ended during its replay")
        todo = todo[batch.rounds[todo] < target[todo]]
