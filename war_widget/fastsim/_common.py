"""Small array helpers and constants shared by the batch simulator's modules."""
from __future__ import annotations

import numpy as np

from ..events import Termination
from ._plan import REASON_CODES
from ._rng import U64

_J64 = np.arange(64)
_J8 = np.arange(64, dtype=np.uint8)
_J16 = np.arange(65, dtype=np.int16)
_ZERO64 = U64(0)
_ALL_CARDS = REASON_CODES[Termination.ALL_CARDS]
_SHORTAGE = REASON_CODES[Termination.SHORTAGE]
_DRUNKARD = REASON_CODES[Termination.DRUNKARD_LOSER]
_HANDS_EMPTY = REASON_CODES[Termination.HANDS_EMPTY]
_ROUND_LIMIT = REASON_CODES[Termination.ROUND_LIMIT]
_VOID = REASON_CODES[Termination.VOID_ROUND]
_REUSE_TIE = REASON_CODES[Termination.REUSE_TIE]
_TIME = REASON_CODES[Termination.TIME]


def _cumsum_rows(mask: np.ndarray, step: int = 1) -> np.ndarray:
    """Running count (times ``step``) down the rows of a small 2-D bool array, as uint8
    (numpy's own cumsum along a short axis is many times slower)."""
    out = np.empty(mask.shape, np.uint8)
    acc = np.zeros(mask.shape[1], np.uint8)
    for t in range(mask.shape[0]):
        acc += mask[t].view(np.uint8) * np.uint8(step) if step != 1 else mask[t]
        out[t] = acc
    return out


def _pick(cond: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.where(cond, a, b)`` for uint8 arrays of one shape, by bit arithmetic (faster)."""
    mask = cond.view(np.uint8) * np.uint8(255)
    return b ^ ((a ^ b) & mask)
