"""SplitMix64 vectorised over many games: one uint64 state per game, numpy arithmetic mod 2**64.

The batch simulator draws exactly the numbers the engine's ``war_widget.rng.SplitMix64`` draws,
in the same order for each game, so a batch game and ``Game(rules, seed)`` play the same deal
and the same shuffles.  We do not use numpy's own generators: their streams are not the engine's
and only some of their methods promise the same output across numpy versions.

SplitMix64's state advances by a constant, so the ``k``-th next output of a state ``s`` is
``mix(s + k * GOLDEN)``: a whole Fisher-Yates shuffle's draws are computed in one 2-D step.
"""
from __future__ import annotations

import numpy as np

from ..rng import SplitMix64

__all__ = ["GOLDEN", "mix", "draws", "seeds_of_games", "shuffle_rows"]

U64 = np.uint64
GOLDEN = U64(0x9E3779B97F4A7C15)
_C1 = U64(0xBF58476D1CE4E5B9)
_C2 = U64(0x94D049BB133111EB)
_S30, _S27, _S31 = U64(30), U64(27), U64(31)
_MASK = (1 << 64) - 1
# below(n) rejects x >= 2**64 - (2**64 % n); store that bound minus one so it fits in uint64.
_REJECT_ABOVE = U64(_MASK - 128)
_STEPS = np.arange(1, 129, dtype=U64) * GOLDEN
_LIMIT_M1 = np.array([0] + [_MASK - ((1 << 64) % n) for n in range(1, 129)], dtype=U64)


def mix(z: np.ndarray) -> np.ndarray:
    """SplitMix64's output function, computed in place on ``z`` (pass a fresh array of
    states: it is overwritten and returned)."""
    t = z >> _S30
    z ^= t
    z *= _C1
    np.right_shift(z, _S27, out=t)
    z ^= t
    z *= _C2
    np.right_shift(z, _S31, out=t)
    z ^= t
    return z


def draws(states: np.ndarray, count: int) -> np.ndarray:
    """The next ``count`` outputs of each state, shape ``(len(states), count)`` (states unchanged)."""
    steps = _STEPS[:count] if count <= len(_STEPS) else np.arange(1, count + 1, dtype=U64) * GOLDEN
    return mix(states[:, None] + steps[None, :])


def seeds_of_games(seed: int, start: int, stop: int) -> np.ndarray:
    """``simulation.game_seed(seed, i)`` for ``i`` in ``range(start, stop)``, as uint64."""
    base = U64((seed * 0x9E3779B97F4A7C15 + start) & _MASK)
    states = base + np.arange(stop - start, dtype=U64)
    return mix(states + GOLDEN) >> U64(1)


def shuffle_rows(items: np.ndarray, lengths: np.ndarray, states: np.ndarray) -> None:
    """Fisher-Yates each row's first ``lengths[i]`` items in place, exactly as
    ``SplitMix64(states[i]).shuffle`` would, and advance ``states`` past the draws used.

    ``items`` is a C-ordered 2-D array (rows, width); ``lengths`` and ``states`` are per row.
    Rejection in ``below`` happens with probability under 2**-57 per draw; rows that hit it
    are redone with the scalar generator, so the result is exact either way."""
    rows, width_all = items.shape
    if rows == 0:
        return
    lengths = np.asarray(lengths, dtype=np.int64)
    width = int(lengths.max())
    if width < 2:
        return
    order = np.argsort(-lengths, kind="stable")       # longest first: active rows form a prefix
    sorted_len = lengths[order]
    # x[t] holds each row's draw for i = len - 1 - t (the (t+1)-th next64 of its state).
    x = mix(states[order][None, :] + _STEPS[:width - 1, None])
    t = np.arange(width - 1)
    bad_rows = np.zeros(0, np.int64)
    if (x > _REJECT_ABOVE).any():                       # below(n <= 128) can only reject beyond this
        n = np.maximum(sorted_len[None, :] - t[:, None], 1)
        used = n >= 2
        bad_rows = np.flatnonzero((used & (x > _LIMIT_M1[n])).any(axis=0))
    active = np.searchsorted(-sorted_len, -(t + 2), side="right")   # rows with len - 1 - t >= 1
    flat = items.reshape(-1)
    row_base = order * width_all
    top = row_base + sorted_len - 1                     # where i points at step 0
    bound = sorted_len.astype(U64)                      # i + 1 at step 0
    for step in range(width - 1):
        m = int(active[step])
        if m == 0:
            break
        ii = top[:m] - step
        jj = row_base[:m] + (x[step, :m] % (bound[:m] - U64(step))).view(np.int64)
        a = flat[ii]
        flat[ii] = flat[jj]
        flat[jj] = a
    states[order] += (np.maximum(sorted_len - 1, 0)).astype(U64) * GOLDEN
    for b in bad_rows:                                  # pragma: no cover - probability < 2**-50
        row = int(order[b])
        _scalar_redo(items, row, int(lengths[row]), states, width)


def _scalar_redo(items: np.ndarray, row: int, length: int, states: np.ndarray, width: int) -> None:
    """Undo a row's vectorised shuffle and redo it with the scalar generator (rejection case)."""
    start = int(states[row]) - (length - 1) * int(GOLDEN)
    gen = SplitMix64.from_state(start & _MASK)
    # Recover the original order: replay the vectorised swaps backwards with the same draws.
    x = [int(v) for v in draws(np.array([start & _MASK], dtype=U64), length - 1)[0]]
    for step in range(length - 2, -1, -1):
        i = length - 1 - step
        jj = x[step] % (i + 1)
        items[row, i], items[row, jj] = items[row, jj], items[row, i]
    values = list(items[row, :length])
    gen.shuffle(values)
    items[row, :length] = values
    states[row] = U64(gen.state)
