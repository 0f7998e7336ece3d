"""The project's own random generator: SplitMix64.

Python's ``random`` module does not promise the same shuffle across versions, so a game number
would not replay the same game everywhere.  SplitMix64 (Steele, Lea and Flood, 2014) is a
64-bit generator of a few lines with a single integer of state; it passes BigCrush, and its
output is fully specified here, so a seed replays identically on any machine and Python.

Bounded integers use rejection sampling (no modulo bias); shuffles are Fisher-Yates from the
last index down.  These three definitions *are* the format of a game number: do not change them.
"""
from __future__ import annotations

import secrets
from collections.abc import MutableSequence
from numbers import Integral
from typing import TypeVar

__all__ = ["SplitMix64", "new_seed", "MASK64"]

MASK64 = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")
_TWO64 = 1 << 64
_LIMITS_KEPT = 64
_LIMITS = tuple(_TWO64 - _TWO64 % n if n else 0 for n in range(_LIMITS_KEPT))   # below(n)'s rejection limit


def new_seed() -> int:
    """A fresh seed from the operating system (no global random state, no wall clock)."""
    return secrets.randbits(48)


class SplitMix64:
    """A seeded 64-bit generator whose whole state is one integer (``state``)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = _word(seed, "seed")

    def next64(self) -> int:
        """The next 64-bit output."""
        self.state = (self.state + _GOLDEN) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, by rejection so every value is equally likely."""
        if type(n) is not int:       # the common case stays one cheap test
            if isinstance(n, bool) or not isinstance(n, Integral):
                raise ValueError(f"below() needs a positive whole-number bound, got {n!r}")
            n = int(n)
        if n <= 0:
            raise ValueError(f"below() needs a positive whole-number bound, got {n!r}")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher-Yates, from the last index down).

        ``below(i + 1)`` for each ``i``, written out here (the engine shuffles at every round
        with a won pile: one call instead of three a card, the same numbers)."""
        if type(items) is not list and (not (hasattr(items, "__len__") and hasattr(items, "__setitem__"))
                                        or isinstance(items, (str, bytes))):
            raise ValueError(f"shuffle needs a list (a mutable sequence) to shuffle in place; got {items!r}"[:200])
        state = self.state
        if len(items) == 2:                  # a battle's two cards: one draw below 2 (never rejected)
            state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
            self.state = state
            if not (z ^ (z >> 31)) & 1:      # j = 0: swap
                items[0], items[1] = items[1], items[0]
            return
        limits = _LIMITS
        try:
            for n in range(len(items), 1, -1):         # i = n - 1 from the last index down, j = below(n)
                state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF       # next64()
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                z ^= z >> 31
                limit = limits[n] if n < _LIMITS_KEPT else _TWO64 - _TWO64 % n
                while z >= limit:                        # rejection as in below() (for n <= 64: once
                    state = (state + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF   # in 2**58 draws)
                    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
                    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
                    z ^= z >> 31
                j = z % n
                items[n - 1], items[j] = items[j], items[n - 1]
        finally:
            self.state = state               # as far as it drew, as below() leaves it

    def __repr__(self) -> str:
        return f"SplitMix64.from_state({self.state})"

    @classmethod
    def from_state(cls, state: int) -> SplitMix64:
        """Rebuild a generator exactly where another one stood."""
        gen = cls(0)
        gen.state = _word(state, "state")
        return gen


def _word(value: object, name: str) -> int:
    """A 64-bit generator word: a whole number 0..2**64-1 (larger is an error, not wrapped)."""
    if isinstance(value, bool) or not isinstance(value, Integral) or not 0 <= int(value) <= MASK64:
        raise ValueError(f"{name} must be a whole number from 0 to 2**64-1; got {value!r}")
    return int(value)
