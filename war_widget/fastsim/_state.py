"""The compiled simulator's data: one game's position as a flat int32 array, the rules as an
int64 array, and SplitMix64 in numba.

A position (between rounds) is every hand and won pile, each a ring buffer of 64 slots (a deck
has at most 54 cards), plus who is out.  Being one flat array, a position is copied with one
slice assignment and compared slot by slot: that is what cycle detection needs.

The rules are passed to the one compiled kernel as numbers (``encode_rules``), so every rule
set runs the same machine code: no recompilation per rule set.
"""
from __future__ import annotations

import numpy as np
from numba import njit

# --- the position ---------------------------------------------------------------------------------
CAP = 64                 # ring buffer slots per pile
MASK = CAP - 1
HAND = 0                 # 4 hands of CAP slots
WON = 4 * CAP            # 4 won piles of CAP slots
HHEAD = 8 * CAP          # hand heads, lengths, won heads, lengths: 4 each
HLEN = HHEAD + 4
WHEAD = HHEAD + 8
WLEN = HHEAD + 12
OUT = HHEAD + 16         # 1 when a player is out
LAST_WINNER = OUT + 4    # who won the last round that had a winner (seat 0 before any)
STATE_SIZE = OUT + 5

# --- the rules, as numbers --------------------------------------------------------------------------
(R_PLAYERS, R_FACE_DOWN, R_CAPTURE, R_SHUFFLE_PILE, R_SHORTAGE, R_ZERO, R_WAR_ALL, R_TEAMS, R_ROUND_LIMIT,
 R_GOAL, R_DEAL, R_JOKER_SPLIT, R_LOW_BEATS_ACE, R_LOWEST, R_DETECT, R_DECK_SIZE, R_TIEBREAK_SUITS,
 R_LAST_WINNER_MATTERS, R_GATHER) = range(19)
RULES_SIZE = R_GATHER + 4           # one gather order per seat
# The rule table (int32) also holds per card index: strength, the strength of a lowest card that
# beats an ace (at STRENGTH + 64 + i), rank and red; and the deck in the engine's order.
STRENGTH = 32
RANK = STRENGTH + 128
RED = RANK + 64
DECK = RED + 64
TABLE_SIZE = DECK + 64

BY_RANK = -1
CAPTURE_BOTTOM, CAPTURE_WON_PILE, CAPTURE_ASIDE = 0, 1, 2
SHORT_LAST_CARD_UP, SHORT_LOSE, SHORT_SPLIT, SHORT_FEWEST = 0, 1, 2, 3
GOAL_COLLECT, GOAL_LOSER_ALL, GOAL_LOSER_FIRST_OUT = 0, 1, 2
(G_SHUFFLE, G_PLAYED, G_WINNER_FIRST, G_HIGH_FIRST, G_LOW_FIRST, G_STRONG, G_PREVIOUS_WINNER_FIRST,
 G_LOSER_FIRST) = range(8)
GATHER_CODES = {"shuffle": G_SHUFFLE, "played": G_PLAYED, "winner_first": G_WINNER_FIRST,
                "high_first": G_HIGH_FIRST, "low_first": G_LOW_FIRST, "strong": G_STRONG,
                "previous_winner_first": G_PREVIOUS_WINNER_FIRST, "loser_first": G_LOSER_FIRST}

# --- why a game ended (the kernel's own numbering; simulate maps it to Termination) -----------------
(K_ALL_CARDS, K_ROUND_LIMIT, K_TIME, K_CYCLE, K_VOID_ROUND, K_DRUNKARD_LOSER, K_HANDS_EMPTY, K_SHORTAGE,
 K_REUSE_TIE) = range(9)
KERNEL_REASONS = ("ALL_CARDS", "ROUND_LIMIT", "TIME", "CYCLE", "VOID_ROUND", "DRUNKARD_LOSER", "HANDS_EMPTY",
                  "SHORTAGE", "REUSE_TIE")

# --- SplitMix64 ---------------------------------------------------------------------------------------
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
U0 = np.uint64(0)
U1 = np.uint64(1)
S30, S27, S31 = np.uint64(30), np.uint64(27), np.uint64(31)


@njit(cache=True, _nrt=False)
def mix(z):
    z = (z ^ (z >> S30)) * M1
    z = (z ^ (z >> S27)) * M2
    return z ^ (z >> S31)


@njit(cache=True, _nrt=False)
def next64(rng):
    rng[0] = rng[0] + GOLDEN
    return mix(rng[0])


@njit(cache=True, _nrt=False)
def below(rng, n):
    """A uniform integer in range(n) by rejection, exactly as war_widget.rng.SplitMix64.below.
    (``next64`` is written out here and in ``shuffle_at``: code loaded from numba's cache is
    not inlined across functions, and these run once per card moved.)"""
    un = np.uint64(n)
    while True:
        z = rng[0] + GOLDEN
        rng[0] = z
        z = (z ^ (z >> S30)) * M1
        z = (z ^ (z >> S27)) * M2
        x = z ^ (z >> S31)
        if x <= U0 - un:                 # far below the rejection zone: no need to know it
            return np.int64(x % un)
        rest = (U0 - un) % un            # 2**64 % n
        if rest == U0 or x < U0 - rest:
            return np.int64(x % un)


@njit(cache=True, _nrt=False)
def shuffle(rng, items, count):
    """Fisher-Yates from the last index down over items[:count] (SplitMix64.shuffle)."""
    shuffle_at(rng, items, 0, count)


@njit(cache=True, _nrt=False)
def shuffle_at(rng, items, at, count):
    """``shuffle`` over items[at:at + count] (``below`` written out)."""
    state = rng[0]
    for i in range(count - 1, 0, -1):
        un = np.uint64(i + 1)
        while True:
            state = state + GOLDEN
            z = (state ^ (state >> S30)) * M1
            z = (z ^ (z >> S27)) * M2
            x = z ^ (z >> S31)
            if x <= U0 - un:
                break
            rest = (U0 - un) % un
            if rest == U0 or x < U0 - rest:
                break
        j = np.int64(x % un)
        t = items[at + i]
        items[at + i] = items[at + j]
        items[at + j] = t
    rng[0] = state


@njit(cache=True, _nrt=False)
def game_seed(seed, index):
    """war_widget.simulation.game_seed for a uint64 seed and an int64 index."""
    return mix(seed * GOLDEN + np.uint64(index) + GOLDEN) >> U1


# --- piles --------------------------------------------------------------------------------------------
@njit(cache=True, _nrt=False)
def hand_pop(s, p):
    h = s[HHEAD + p]
    c = s[HAND + p * CAP + h]
    s[HHEAD + p] = (h + 1) & MASK
    s[HLEN + p] -= 1
    return c


@njit(cache=True, _nrt=False)
def hand_push(s, p, c):
    s[HAND + p * CAP + ((s[HHEAD + p] + s[HLEN + p]) & MASK)] = c
    s[HLEN + p] += 1


@njit(cache=True, _nrt=False)
def won_push(s, p, c):
    s[WON + p * CAP + ((s[WHEAD + p] + s[WLEN + p]) & MASK)] = c
    s[WLEN + p] += 1


@njit(cache=True, _nrt=False)
def count_of(s, p):
    return s[HLEN + p] + s[WLEN + p]


@njit(cache=True, _nrt=False)
def same_position(a, b, players, last_winner_matters):
    """Whether two positions are equal: every hand and won pile, card by card (and the last
    winner, when a gather order depends on it)."""
    if last_winner_matters and a[LAST_WINNER] != b[LAST_WINNER]:
        return False
    for p in range(players):
        if a[HLEN + p] != b[HLEN + p] or a[WLEN + p] != b[WLEN + p]:
            return False
    for p in range(players):
        ha, hb = a[HHEAD + p], b[HHEAD + p]
        for k in range(a[HLEN + p]):
            if a[HAND + p * CAP + ((ha + k) & MASK)] != b[HAND + p * CAP + ((hb + k) & MASK)]:
                return False
        wa, wb = a[WHEAD + p], b[WHEAD + p]
        for k in range(a[WLEN + p]):
            if a[WON + p * CAP + ((wa + k) & MASK)] != b[WON + p * CAP + ((wb + k) & MASK)]:
                return False
    return True


@njit(cache=True, _nrt=False)
def copy_position(dst, src):
    for k in range(STATE_SIZE):
        dst[k] = src[k]


@njit(cache=True, _nrt=False)
def clear(a):
    for k in range(len(a)):
        a[k] = 0
