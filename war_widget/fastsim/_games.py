"""Whole games in numba: the deal, the loop of rounds, cycles found at the engine's round, and
the loop over games (serial, or spread over threads with ``prange``).

Cycles.  The engine remembers every position and stops at the first one seen before (round
mu + lambda: the position after round mu comes back lambda rounds later).  Remembering every
position would cost memory per round; instead Brent's method finds the period lambda with one
saved position, then a replay from the deal with two copies lambda rounds apart finds mu: the
first round where they agree.  A game that reaches ``max_rounds`` may still have repeated a
position before it; Brent's method sees any repeat of the first M rounds by round 3M, so the
game plays on (for detection only) up to 4M rounds before its time-limit result is kept.
"""
from __future__ import annotations

from numba import njit, prange

from ._round import BUFFER_SIZE, CARDS, by_counts, play_round
from ._state import (
    DECK,
    HAND,
    HLEN,
    K_CYCLE,
    K_TIME,
    R_DEAL,
    R_DECK_SIZE,
    R_DETECT,
    R_JOKER_SPLIT,
    R_LAST_WINNER_MATTERS,
    R_PLAYERS,
    RED,
    below,
    clear,
    copy_position,
    game_seed,
    hand_push,
    same_position,
    shuffle,
)

# Columns of the per-game output matrix.
C_LENGTH, C_WINNER, C_REASON, C_WAR_ROUNDS, C_DOUBLE_WARS, C_CYCLE_START, C_CYCLE_PERIOD = range(7)
COLUMNS = 7


@njit(cache=True, _nrt=False)
def deal(s, rng, r):
    """``engine._deal``: shuffle and deal one card at a time; by colour; jokers split."""
    clear(s)
    n = r[R_PLAYERS]
    size = r[R_DECK_SIZE]
    cards = s[CARDS:CARDS + 64]
    if r[R_DEAL] == 1:                               # by_color
        for k in range(size):
            cards[k] = r[DECK + k]
        shuffle(rng, cards, size)
        for k in range(size):
            hand_push(s, 1 if r[RED + cards[k]] else 0, cards[k])
        return
    per = size // n
    if r[R_JOKER_SPLIT]:
        plain = 0
        for k in range(size):
            if r[DECK + k] < 52:
                cards[plain] = r[DECK + k]
                plain += 1
        shuffle(rng, cards, plain)
        first = below(rng, n)
        second = (first + 1 + below(rng, n - 1)) % n
        at = 0
        for i in range(per):
            for p in range(n):
                if not ((p == first or p == second) and i == per - 1):
                    hand_push(s, p, cards[at])
                    at += 1
        for p in range(n):
            if p == first or p == second:
                joker = 52 if p == first else 53
                length = s[HLEN + p]
                pos = below(rng, length + 1)
                for k in range(length, pos, -1):      # a fresh hand starts at slot 0
                    s[HAND + p * 64 + k] = s[HAND + p * 64 + k - 1]
                s[HAND + p * 64 + pos] = joker
                s[HLEN + p] = length + 1
        return
    for k in range(size):
        cards[k] = r[DECK + k]
    shuffle(rng, cards, size)
    for p in range(n):
        for i in range(per):
            hand_push(s, p, cards[p + i * n])


@njit(cache=True, _nrt=False)
def _cycle_start(seed, period, r, a, b, rng):
    """Replay from the deal: copy b runs ``period`` rounds ahead of copy a until they agree.
    Returns (mu, war rounds and double-war rounds of the first mu + period rounds)."""
    rng[0] = seed
    deal(a, rng, r)
    copy_position(b, a)
    war_rounds, doubles = 0, 0
    for k in range(period):
        _, _, wars = play_round(b, rng, r, k)
        war_rounds += wars > 0
        doubles += wars > 1
    mu = 0
    while not same_position(a, b, r[R_PLAYERS], r[R_LAST_WINNER_MATTERS]):
        play_round(a, rng, r, mu)
        _, _, wars = play_round(b, rng, r, mu + period)
        war_rounds += wars > 0
        doubles += wars > 1
        mu += 1
    return mu, war_rounds, doubles


@njit(cache=True, _nrt=False)
def play_game(seed, r, max_rounds, s, saved, rng, out):
    """Play one game to its end (or ``max_rounds``; 0 for no cap) into the row ``out``."""
    rng[0] = seed
    deal(s, rng, r)
    n = r[R_PLAYERS]
    detect = r[R_DETECT] != 0
    if detect:
        copy_position(saved, s)
    power, lam = 1, 0
    rounds, war_rounds, doubles = 0, 0, 0
    out[C_CYCLE_START] = -1
    out[C_CYCLE_PERIOD] = -1
    while max_rounds == 0 or rounds < max_rounds:
        reason, winner, wars = play_round(s, rng, r, rounds)
        rounds += 1
        war_rounds += wars > 0
        doubles += wars > 1
        if reason >= 0:
            out[C_LENGTH], out[C_WINNER], out[C_REASON] = rounds, winner, reason
            out[C_WAR_ROUNDS], out[C_DOUBLE_WARS] = war_rounds, doubles
            return
        if detect:
            lam += 1
            if same_position(s, saved, n, r[R_LAST_WINNER_MATTERS]):
                _record_cycle(seed, lam, r, s, saved, rng, out)
                return
            if lam == power:
                copy_position(saved, s)
                power *= 2
                lam = 0
    reason, winner = by_counts(s, r, K_TIME)
    out[C_LENGTH], out[C_WINNER], out[C_REASON] = rounds, winner, reason
    out[C_WAR_ROUNDS], out[C_DOUBLE_WARS] = war_rounds, doubles
    if not detect:
        return
    while rounds < 4 * max_rounds + 4:        # a repeat within the first M rounds shows by 3M
        reason, winner, wars = play_round(s, rng, r, rounds)
        rounds += 1
        if reason >= 0:                       # pragma: no cover - a game that repeats never ends
            return
        lam += 1
        if same_position(s, saved, n, r[R_LAST_WINNER_MATTERS]):
            period = lam
            mu, wr, db = _cycle_start(seed, period, r, s, saved, rng)
            if mu + period <= max_rounds:
                out[C_LENGTH], out[C_WINNER], out[C_REASON] = mu + period, -1, K_CYCLE
                out[C_WAR_ROUNDS], out[C_DOUBLE_WARS] = wr, db
                out[C_CYCLE_START], out[C_CYCLE_PERIOD] = mu, period
            return
        if lam == power:
            copy_position(saved, s)
            power *= 2
            lam = 0


@njit(cache=True, _nrt=False)
def _record_cycle(seed, period, r, s, saved, rng, out):
    mu, wr, db = _cycle_start(seed, period, r, s, saved, rng)
    out[C_LENGTH], out[C_WINNER], out[C_REASON] = mu + period, -1, K_CYCLE
    out[C_WAR_ROUNDS], out[C_DOUBLE_WARS] = wr, db
    out[C_CYCLE_START], out[C_CYCLE_PERIOD] = mu, period


SCRATCH_SIZE = 2 * BUFFER_SIZE     # per block: the game's buffer and a saved one (Brent, replays)


@njit(cache=True, _nrt=False)
def _play_block(seed, start, lo, hi, r, max_rounds, out, scratch, rng):
    s = scratch[:BUFFER_SIZE]
    saved = scratch[BUFFER_SIZE:]
    for i in range(lo, hi):
        play_game(game_seed(seed, start + i), r, max_rounds, s, saved, rng, out[i])


@njit(cache=True, _nrt=False)
def play_games(seed, start, r, max_rounds, out, scratch, rng):
    """Games ``start .. start + len(out) - 1`` of the simulation seeded ``seed``, one row each
    (``scratch``: int32 rows of SCRATCH_SIZE, ``rng``: uint64 rows of 1; one row used here)."""
    _play_block(seed, start, 0, len(out), r, max_rounds, out, scratch[0], rng[0])


@njit(cache=True, _nrt=False, parallel=True)
def play_games_parallel(seed, start, r, max_rounds, out, scratch, rng):
    """As ``play_games``, the rows cut into ``len(scratch)`` ranges played on numba's threads."""
    count = len(out)
    blocks = len(scratch)
    for b in prange(blocks):
        lo = b * count // blocks
        hi = (b + 1) * count // blocks
        _play_block(seed, start, lo, hi, r, max_rounds, out, scratch[b], rng[b])

