"""The compiled simulator's kernel: War in numba, beat for beat as ``war_widget.game.engine.Game``.

One file on purpose: numba's on-disk cache checks only the source file of the function it loads,
so a kernel split over modules would load stale machine code after an edit to a callee's module.

The data
--------
A game buffer is one flat int32 array: the position between rounds (every hand and won pile,
each a ring buffer of 64 slots, since a deck has at most 54 cards; who is out; the last winner),
then the round's work (the table, scratch).  Being flat, a position is copied and compared slot
by slot: that is what cycle detection needs.  The rules are one int32 table (``encode_rules``).

The rules are passed to the one compiled kernel as numbers (``encode_rules``), so every rule
set runs the same machine code: no recompilation per rule set.

One round
---------
Every branch names the engine method it follows (``_start``, ``_flip``, ``_compare``,
``_declare_war``, ``_lay``, ``_gather``, ``_collect``, ``_settle_returned``, ``_check_end``,
``_by_counts``); the tests compare the two game by game.  ``play_round`` returns
``(reason, winner, wars)``: reason -1 while the game goes on, else a ``K_*`` code.

Whole games
-----------
The deal, the loop of rounds, cycles found at the engine's round, and the loop over games
(serial, or spread over threads with ``prange``).

Cycles.  The engine remembers every position and stops at the first one seen before (round
mu + lambda: the position after round mu comes back lambda rounds later).  Remembering every
position would cost memory per round; instead Brent's method finds the period lambda with one
saved position, then a replay from the deal with two copies lambda rounds apart finds mu: the
first round where they agree.  A game that reaches ``max_rounds`` may still have repeated a
position before it; Brent's method sees any repeat of the first M rounds by round 3M, so the
game plays on (for detection only) up to 4M rounds before its time-limit result is kept.
"""
from __future__ import annotations

import os
import sys
import tempfile
import threading
import types

import numpy as np

# numba is an extra (war-widget[fast]) and takes a second to import: the functions below are plain
# Python until ``activate()`` wraps each with numba (their layout constants serve the C kernel too).
prange = range
_OPTIONS: dict[str, dict] = {}
_LOCK = threading.Lock()
_ACTIVE: list[bool] = []


def _jit_with(**options):
    """Mark a function for numba (``njit`` with these options, at ``activate()``)."""
    def decorate(function):
        _OPTIONS[function.__name__] = options
        return function
    return decorate


def activate() -> types.ModuleType:
    """This module with every kernel function compiled by numba (imports numba; ImportError
    without it).  Once per process; code already compiled loads from numba's on-disk cache."""
    with _LOCK:
        if not _ACTIVE:
            import numba
            names = globals()
            names["prange"] = numba.prange
            for name, options in _OPTIONS.items():
                names[name] = _njit(numba, names[name], options)
            _ACTIVE.append(True)
    return sys.modules[__name__]


def _temporary_numba_cache(numba) -> None:
    """Point numba's cache at a temporary directory: neither this package's folder nor the home
    directory is writable (a locked-down school machine, a read-only container)."""
    place = os.path.join(tempfile.gettempdir(), f"war_widget-numba-{os.getuid() if hasattr(os, 'getuid') else 0}")
    try:
        os.makedirs(place, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=place):
            pass
    except OSError:
        place = tempfile.mkdtemp(prefix="war_widget-numba-")
    numba.config.CACHE_DIR = place


def _njit(numba, function, options):
    """``njit`` cached on disk where numba finds a writable place, else in a temporary directory,
    else not cached; no reference counting (the kernel allocates nothing: buffers come from Python)."""
    try:
        return numba.njit(cache=True, _nrt=False, **options)(function)
    except RuntimeError:              # "cannot cache function ...: no locator available"
        _temporary_numba_cache(numba)
    try:
        return numba.njit(cache=True, _nrt=False, **options)(function)
    except RuntimeError:
        return numba.njit(cache=False, _nrt=False, **options)(function)


_jit = _jit_with()
_jit_inline = _jit_with(inline="always")
_jit_parallel = _jit_with(parallel=True)

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
# No end of the engine's: a kernel bug stopped.  A round lays a card in every battle but the ones after a
# drop-out, so it cannot last STUCK_BATTLES battles; a kernel that does ends the game with K_STUCK (and a
# cycle not found again where it was seen, too), which simulate_range reports: never a hang.
K_STUCK = 9
STUCK_BATTLES = 4 * CAP

# --- SplitMix64 ---------------------------------------------------------------------------------------
GOLDEN = np.uint64(0x9E3779B97F4A7C15)
M1 = np.uint64(0xBF58476D1CE4E5B9)
M2 = np.uint64(0x94D049BB133111EB)
U0 = np.uint64(0)
U1 = np.uint64(1)
S30, S27, S31 = np.uint64(30), np.uint64(27), np.uint64(31)


@_jit
def mix(z):
    z = (z ^ (z >> S30)) * M1
    z = (z ^ (z >> S27)) * M2
    return z ^ (z >> S31)


@_jit
def next64(rng):
    rng[0] = rng[0] + GOLDEN
    return mix(rng[0])


@_jit
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


@_jit
def shuffle(rng, items, count):
    """Fisher-Yates from the last index down over items[:count] (SplitMix64.shuffle)."""
    shuffle_at(rng, items, 0, count)


@_jit
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


@_jit
def game_seed(seed, index):
    """war_widget.sim.simulation.game_seed for a uint64 seed and an int64 index."""
    return mix(seed * GOLDEN + np.uint64(index) + GOLDEN) >> U1


# --- piles --------------------------------------------------------------------------------------------
@_jit
def hand_pop(s, p):
    h = s[HHEAD + p]
    c = s[HAND + p * CAP + h]
    s[HHEAD + p] = (h + 1) & MASK
    s[HLEN + p] -= 1
    return c


@_jit
def hand_push(s, p, c):
    s[HAND + p * CAP + ((s[HHEAD + p] + s[HLEN + p]) & MASK)] = c
    s[HLEN + p] += 1


@_jit
def won_push(s, p, c):
    s[WON + p * CAP + ((s[WHEAD + p] + s[WLEN + p]) & MASK)] = c
    s[WLEN + p] += 1


@_jit
def count_of(s, p):
    return s[HLEN + p] + s[WLEN + p]


@_jit
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


@_jit
def copy_position(dst, src):
    for k in range(STATE_SIZE):
        dst[k] = src[k]


@_jit
def clear(a):
    for k in range(len(a)):
        a[k] = 0


# A game buffer (int32) is the position (``_state``) followed by the round's work: the table,
# scratch cards, and small per-seat lists.
W = STATE_SIZE
T_PLAYER, T_CARD, T_BATTLE, CARDS, OWNERS, SCRATCH = W, W + CAP, W + 2 * CAP, W + 3 * CAP, W + 4 * CAP, W + 5 * CAP
BATTLES = W + 6 * CAP
SMALL = W + 7 * CAP
FACEUP, REUSING, PLAN, HAVE = SMALL, SMALL + 4, SMALL + 8, SMALL + 12
IN_ROUND, FIGHTERS, BEST, SHORT = SMALL + 16, SMALL + 20, SMALL + 24, SMALL + 28
ROUND_WINNER = SMALL + 32            # who won the round being played (-1: nobody yet)
BUFFER_SIZE = SMALL + 33


@_jit
def turn_over(s, rng, r, p):
    """``_turn_over``: the won pile goes under the hand, shuffled first if the rules say so."""
    n = s[WLEN + p]
    h = s[WHEAD + p]
    for k in range(n):
        s[CARDS + k] = s[WON + p * CAP + ((h + k) & MASK)]
    s[WLEN + p] = 0
    s[WHEAD + p] = 0
    if r[R_SHUFFLE_PILE]:
        shuffle_at(rng, s, CARDS, n)
    for k in range(n):
        hand_push(s, p, s[CARDS + k])


@_jit
def playable(s, r, p):
    if r[R_CAPTURE] == CAPTURE_WON_PILE:
        return s[HLEN + p] + s[WLEN + p]
    return s[HLEN + p]


@_jit
def by_counts(s, r, reason):
    """``_by_counts``: more cards wins (fewest / most loses under the drunkard goals).
    Returns (reason, winner seat or -1)."""
    n = r[R_PLAYERS]
    if r[R_TEAMS]:
        return reason, -1            # a team wins or the teams draw: no single winner seat
    anyone = False
    for p in range(n):
        if s[OUT + p] == 0:
            anyone = True
    goal = r[R_GOAL]
    extreme = -1
    for p in range(n):
        if anyone and s[OUT + p]:
            continue
        c = count_of(s, p)
        if extreme < 0 or (c < extreme if goal == GOAL_LOSER_FIRST_OUT else c > extreme):
            extreme = c
    top, first = 0, -1
    for p in range(n):
        if anyone and s[OUT + p]:
            continue
        if count_of(s, p) == extreme:
            top += 1
            if first < 0:
                first = p
    if top > 1:
        return reason, -1
    if goal == GOAL_COLLECT:
        return reason, first
    return reason, drunkard_winner(r, first)


@_jit
def drunkard_winner(r, loser):
    return 1 - loser if r[R_PLAYERS] == 2 else -1


@_jit
def check_end(s, r, rounds, short_end):
    """``_check_end`` without cycles (the caller finds those)."""
    n = r[R_PLAYERS]
    if r[R_CAPTURE] == CAPTURE_ASIDE:
        holding = 0
        for p in range(n):
            if s[HLEN + p]:
                holding += 1
        if holding < 2:
            return by_counts(s, r, K_HANDS_EMPTY)
    else:
        newly, newly_count = -1, 0
        for p in range(n):
            if s[OUT + p] == 0 and count_of(s, p) == 0:
                s[OUT + p] = 1
                newly_count += 1
                if newly < 0:
                    newly = p
        remaining, last, teams_left = 0, -1, 0
        for p in range(n):
            if s[OUT + p] == 0:
                remaining += 1
                last = p if last < 0 else last
                teams_left |= 1 << (p % 2)
        if r[R_GOAL] == GOAL_LOSER_FIRST_OUT and newly_count:
            if newly_count > 1:
                return K_DRUNKARD_LOSER, -1
            return K_DRUNKARD_LOSER, drunkard_winner(r, newly)
        if remaining == 1 or (r[R_TEAMS] and teams_left != 3):
            if r[R_GOAL] == GOAL_LOSER_ALL:
                if remaining > 1:
                    return K_DRUNKARD_LOSER, -1
                return K_DRUNKARD_LOSER, drunkard_winner(r, last)
            reason = K_SHORTAGE if short_end else K_ALL_CARDS
            return reason, (-1 if r[R_TEAMS] else last)
    if r[R_ROUND_LIMIT] and rounds >= r[R_ROUND_LIMIT]:
        return by_counts(s, r, K_ROUND_LIMIT)
    return -1, -1


@_jit
def return_table(s, r, tlen):
    """``_return_table``: each player takes back the cards they laid, in the order laid."""
    to_hand = r[R_CAPTURE] == CAPTURE_BOTTOM
    for k in range(tlen):
        p, c = s[T_PLAYER + k], s[T_CARD + k]
        if to_hand:
            hand_push(s, p, c)
        else:
            won_push(s, p, c)


@_jit
def gather(s, rng, r, tlen, winner):
    """``_gather``: the won cards into s[CARDS:], in the order they go to the winner."""
    n = r[R_PLAYERS]
    # played order: battle by battle, within a battle seat by seat (stable); a round without
    # a war is one battle whose cards were laid in seat order already
    k, i = 0, 0
    if s[T_BATTLE + tlen - 1] == 1:
        for m in range(tlen):
            s[CARDS + m] = s[T_CARD + m]
            s[OWNERS + m] = s[T_PLAYER + m]
            s[BATTLES + m] = 1
        i = tlen
    while i < tlen:
        b = s[T_BATTLE + i]
        j = i
        while j < tlen and s[T_BATTLE + j] == b:
            j += 1
        for p in range(n):
            for m in range(i, j):
                if s[T_PLAYER + m] == p:
                    s[CARDS + k] = s[T_CARD + m]
                    s[OWNERS + k] = p
                    s[BATTLES + k] = b
                    k += 1
        i = j
    if r[R_CAPTURE] == CAPTURE_ASIDE:
        return
    spec = r[R_GATHER + winner]
    if spec == G_PLAYED:
        return
    if spec == G_SHUFFLE:
        shuffle_at(rng, s, CARDS, tlen)
        return
    if spec == G_WINNER_FIRST:
        seat_first(s, tlen, winner, False)
        return
    if spec == G_LOSER_FIRST:
        seat_first(s, tlen, winner, True)
        return
    if spec == G_PREVIOUS_WINNER_FIRST:
        previous_winner_first(s, tlen, s[LAST_WINNER])
        return
    if spec == G_HIGH_FIRST or spec == G_STRONG or spec == G_LOW_FIRST:
        sign = 1 if spec == G_LOW_FIRST else -1
        for a in range(1, tlen):           # stable insertion sort by strength
            c = s[CARDS + a]
            key = sign * r[STRENGTH + c]
            b = a - 1
            while b >= 0 and sign * r[STRENGTH + s[CARDS + b]] > key:
                s[CARDS + b + 1] = s[CARDS + b]
                b -= 1
            s[CARDS + b + 1] = c
        return


@_jit
def seat_first(s, tlen, seat, others_first):
    """``seat``'s cards, then the others' (or the reverse), each group in played order."""
    k = 0
    for group in range(2):
        for m in range(tlen):
            if (s[OWNERS + m] == seat) == ((group == 0) != others_first):
                s[SCRATCH + k] = s[CARDS + m]
                k += 1
    for m in range(tlen):
        s[CARDS + m] = s[SCRATCH + m]


@_jit
def previous_winner_first(s, tlen, last):
    """Battle by battle, the last round's winner's cards first, then the others by seat
    (the cards in s[CARDS:] are in played order, their battles in s[T_BATTLE:])."""
    k, i = 0, 0
    while i < tlen:
        j = i
        while j < tlen and s[BATTLES + j] == s[BATTLES + i]:
            j += 1
        for m in range(i, j):
            if s[OWNERS + m] == last:
                s[SCRATCH + k] = s[CARDS + m]
                k += 1
        for m in range(i, j):
            if s[OWNERS + m] != last:
                s[SCRATCH + k] = s[CARDS + m]
                k += 1
        i = j
    for m in range(tlen):
        s[CARDS + m] = s[SCRATCH + m]


@_jit
def lay_down(s, p, count, tlen, battle):
    """Move ``count`` cards of ``p``'s hand to the table face down (or as a forfeit)."""
    for _ in range(count):
        s[T_PLAYER + tlen] = p
        s[T_CARD + tlen] = hand_pop(s, p)
        s[T_BATTLE + tlen] = battle
        tlen += 1
    return tlen


@_jit
def forfeit(s, p, tlen, battle):
    """``_forfeit``: the whole holding (hand, then won pile) goes on the table."""
    tlen = lay_down(s, p, s[HLEN + p], tlen, battle)
    h = s[WHEAD + p]
    for k in range(s[WLEN + p]):
        s[T_PLAYER + tlen] = p
        s[T_CARD + tlen] = s[WON + p * CAP + ((h + k) & MASK)]
        s[T_BATTLE + tlen] = battle
        tlen += 1
    s[WLEN + p] = 0
    s[WHEAD + p] = 0
    return tlen


@_jit_inline
def play_round(s, rng, r, rounds_before):
    """Play one whole round; returns (reason or -1, winner seat or -1, wars declared).

    Two players who both hold a card in hand and turn up different cards (most rounds) take a
    short path written out here; everything else, from a tie on, is ``play_round_general``
    (which plays any round alone too: the rare paths call it directly).  Inlined into the main
    loop of ``play_game``: numba does not inline code loaded from its cache otherwise."""
    if not (r[R_PLAYERS] == 2 and r[R_CAPTURE] != CAPTURE_ASIDE and s[HLEN] > 0 and s[HLEN + 1] > 0
            and s[OUT] == 0 and s[OUT + 1] == 0):
        return play_round_general(s, rng, r, rounds_before, False)
    h = s[HHEAD]
    a = s[HAND + h]
    s[HHEAD] = (h + 1) & MASK
    s[HLEN] -= 1
    h = s[HHEAD + 1]
    b = s[HAND + CAP + h]
    s[HHEAD + 1] = (h + 1) & MASK
    s[HLEN + 1] -= 1
    s[FACEUP], s[FACEUP + 1] = a, b
    s[T_PLAYER], s[T_PLAYER + 1] = 0, 1
    s[T_CARD], s[T_CARD + 1] = a, b
    s[T_BATTLE], s[T_BATTLE + 1] = 1, 1
    sa, sb = r[STRENGTH + a], r[STRENGTH + b]
    if r[R_LOW_BEATS_ACE]:                      # Rules.best: the lowest rank beats an ace
        ra, rb, low = r[RANK + a], r[RANK + b], r[R_LOWEST]
        if ra == 14 and rb == low:
            sb = r[STRENGTH + 64 + b]
        elif rb == 14 and ra == low:
            sa = r[STRENGTH + 64 + a]
    if sa == sb:
        return play_round_general(s, rng, r, rounds_before, True)
    winner = 0 if sa > sb else 1
    spec = r[R_GATHER + winner]
    if spec == G_SHUFFLE:                       # SplitMix64.shuffle of two cards: one below(2)
        state = rng[0] + GOLDEN
        rng[0] = state
        z = (state ^ (state >> S30)) * M1
        z = (z ^ (z >> S27)) * M2
        if ((z ^ (z >> S31)) & U1) == U0:
            a, b = b, a
    elif spec != G_PLAYED:
        gather(s, rng, r, 2, winner)
        a, b = s[CARDS], s[CARDS + 1]
    base, head, length = (HAND, HHEAD, HLEN) if r[R_CAPTURE] == CAPTURE_BOTTOM else (WON, WHEAD, WLEN)
    h, m = s[head + winner], s[length + winner]
    s[base + winner * CAP + ((h + m) & MASK)] = a
    s[base + winner * CAP + ((h + m + 1) & MASK)] = b
    s[length + winner] = m + 2
    s[LAST_WINNER] = winner
    s[ROUND_WINNER] = winner
    loser = 1 - winner
    if s[HLEN + loser] + s[WLEN + loser] == 0 or (r[R_ROUND_LIMIT] != 0 and rounds_before + 1 >= r[R_ROUND_LIMIT]):
        reason, end_winner = check_end(s, r, rounds_before + 1, False)
        return reason, end_winner, 0
    return -1, -1, 0


@_jit
def play_round_general(s, rng, r, rounds_before, flipped):
    """Any round, beat by beat; ``flipped``: two players already turned up their cards
    (``play_round``'s short path met a tie)."""
    n = r[R_PLAYERS]
    pile_plays = r[R_CAPTURE] == CAPTURE_WON_PILE
    s[ROUND_WINNER] = -1
    if flipped:
        n_in = nf = 2
        s[IN_ROUND], s[IN_ROUND + 1], s[FIGHTERS], s[FIGHTERS + 1] = 0, 1, 0, 1
        for p in range(4):
            s[REUSING + p] = 0
        battle, wars, tlen, short_end, winner = 1, 0, 2, False, -1
        lowest = r[R_LOWEST]
        compare_only = True
    else:
        n_in, nf = _start(s, rng, r)
        battle, wars, tlen, short_end, winner = 0, 0, 0, False, -1
        lowest = r[R_LOWEST]
        compare_only = False
    laps = 0
    while True:
        laps += 1
        if laps > STUCK_BATTLES + 1:               # a bug, never the engine's rules: end it, loudly
            return K_STUCK, -1, wars
        # _flip
        if not compare_only:
            battle += 1
        for i in range(0 if compare_only else nf):
            p = s[FIGHTERS + i]
            if s[REUSING + p] == 0:
                h = s[HHEAD + p]                      # hand_pop, written out (hot)
                c = s[HAND + p * CAP + h]
                s[HHEAD + p] = (h + 1) & MASK
                s[HLEN + p] -= 1
                s[FACEUP + p] = c
                s[T_PLAYER + tlen] = p
                s[T_CARD + tlen] = c
                s[T_BATTLE + tlen] = battle
                tlen += 1
        compare_only = False
        # _compare (Rules.best)
        adjust = False
        if r[R_LOW_BEATS_ACE]:
            ace, low = False, False
            for i in range(nf):
                rk = r[RANK + s[FACEUP + s[FIGHTERS + i]]]
                ace = ace or rk == 14
                low = low or rk == lowest
            adjust = ace and low
        top = -1
        for i in range(nf):
            c = s[FACEUP + s[FIGHTERS + i]]
            st = r[STRENGTH + 64 + c] if adjust and r[RANK + c] == lowest else r[STRENGTH + c]
            top = max(top, st)
        nb = 0
        for i in range(nf):
            p = s[FIGHTERS + i]
            c = s[FACEUP + p]
            st = r[STRENGTH + 64 + c] if adjust and r[RANK + c] == lowest else r[STRENGTH + c]
            if st == top:
                s[BEST + nb] = p
                nb += 1
        if nb == 1:
            winner = s[BEST]
            break
        tie_rank = r[RANK + s[FACEUP + s[BEST]]]
        # _declare_war
        wars += 1
        if r[R_WAR_ALL]:
            nf = n_in
            for i in range(n_in):
                s[FIGHTERS + i] = s[IN_ROUND + i]
        else:
            nf = nb
            for i in range(nb):
                s[FIGHTERS + i] = s[BEST + i]
        fd = r[R_FACE_DOWN]
        need = (11 if tie_rank >= 14 else min(tie_rank, 10)) if fd == BY_RANK else fd + 1
        for p in range(4):
            s[PLAN + p] = 0
        for i in range(nf):
            p = s[FIGHTERS + i]
            s[HAVE + p] = playable(s, r, p)
        nshort = 0
        stuck = False
        if dropouts_now(s, r, nf, n_in, need):
            tlen, n_in, nf = drop_out(s, tlen, battle + 1, nf, n_in)
            short_end = True
            if nf == 1:
                winner = s[FIGHTERS]
                break
            compare_only = True
            continue
        if r[R_SHORTAGE] == SHORT_LAST_CARD_UP or r[R_SHORTAGE] == SHORT_FEWEST:
            fewest = need
            for i in range(nf):
                p = s[FIGHTERS + i]
                if s[REUSING + p]:
                    continue
                hv = s[HAVE + p]
                if hv:
                    fewest = min(fewest, hv)
                elif r[R_ZERO] == 0:          # zero="lose"
                    s[SHORT + nshort] = p
                    nshort += 1
                else:
                    s[REUSING + p] = 1
            for i in range(nf):
                p = s[FIGHTERS + i]
                hv = s[HAVE + p]
                if s[REUSING + p] == 0 and hv:
                    s[PLAN + p] = fewest - 1 if r[R_SHORTAGE] == SHORT_FEWEST else min(need - 1, hv - 1)
        else:
            for i in range(nf):
                p = s[FIGHTERS + i]
                if s[HAVE + p] < need:
                    s[SHORT + nshort] = p
                    nshort += 1
            if r[R_SHORTAGE] == SHORT_SPLIT and nshort:
                stuck = True
            elif nshort and nshort == nf:
                most = 0
                for i in range(nf):
                    most = max(most, s[HAVE + s[FIGHTERS + i]])
                nshort = 0
                for i in range(nf):
                    p = s[FIGHTERS + i]
                    if s[HAVE + p] < most:
                        s[SHORT + nshort] = p
                        nshort += 1
                if nf - nshort > 1:
                    stuck = True
            for i in range(nf):
                p = s[FIGHTERS + i]
                if not _listed(s, SHORT, nshort, p):
                    s[PLAN + p] = need - 1
        if stuck:
            return_table(s, r, tlen)
            if r[R_SHORTAGE] == SHORT_SPLIT:
                reason, winner = check_end(s, r, rounds_before + 1, short_end)
                return reason, winner, wars
            reason, winner = by_counts(s, r, K_SHORTAGE)
            return reason, winner, wars
        for i in range(nshort):
            p = s[SHORT + i]
            tlen = forfeit(s, p, tlen, battle + 1)
            k = 0
            for j in range(n_in):
                if s[IN_ROUND + j] != p:
                    s[IN_ROUND + k] = s[IN_ROUND + j]
                    k += 1
            n_in = k
            short_end = True
        k = 0
        for i in range(nf):
            p = s[FIGHTERS + i]
            if not _listed(s, SHORT, nshort, p):
                s[FIGHTERS + k] = p
                k += 1
        nf = k
        if nf == 0:
            return_table(s, r, tlen)
            reason, winner = by_counts(s, r, K_VOID_ROUND)
            return reason, winner, wars
        if nf == 1:
            winner = s[FIGHTERS]
            break
        reusing = 0
        for i in range(nf):
            reusing += s[REUSING + s[FIGHTERS + i]]
        if reusing == nf:
            return_table(s, r, tlen)
            if n == 2 and r[R_CAPTURE] != CAPTURE_ASIDE:
                return K_REUSE_TIE, -1, wars
            reason, winner = by_counts(s, r, K_REUSE_TIE)
            return reason, winner, wars
        # _lay
        if pile_plays:
            for i in range(nf):
                p = s[FIGHTERS + i]
                if s[WLEN + p] and s[HLEN + p] <= s[PLAN + p]:
                    turn_over(s, rng, r, p)
        for i in range(nf):
            p = s[FIGHTERS + i]
            tlen = lay_down(s, p, s[PLAN + p], tlen, battle + 1)
    # _collect; a round without a war laid its cards in seat order, which is the played order
    spec = r[R_GATHER + winner]
    at = CARDS
    if wars == 0 and r[R_CAPTURE] != CAPTURE_ASIDE and (spec == G_SHUFFLE or spec == G_PLAYED):
        at = T_CARD
        if spec == G_SHUFFLE:
            shuffle_at(rng, s, T_CARD, tlen)
    else:
        gather(s, rng, r, tlen, winner)
    s[LAST_WINNER] = winner
    s[ROUND_WINNER] = winner
    base, head, length = (HAND, HHEAD, HLEN) if r[R_CAPTURE] == CAPTURE_BOTTOM else (WON, WHEAD, WLEN)
    h, m = s[head + winner], s[length + winner]
    for k in range(tlen):                       # hand_push / won_push, written out (hot)
        s[base + winner * CAP + ((h + m + k) & MASK)] = s[at + k]
    s[length + winner] = m + tlen
    # _check_end can only end the game if someone ran out, on a round limit, or with aside
    changed = r[R_CAPTURE] == CAPTURE_ASIDE or (r[R_ROUND_LIMIT] != 0 and rounds_before + 1 >= r[R_ROUND_LIMIT])
    for p in range(n):
        if s[OUT + p] == 0 and s[HLEN + p] + s[WLEN + p] == 0:
            changed = True
    if not changed:
        return -1, -1, wars
    reason, end_winner = check_end(s, r, rounds_before + 1, short_end)
    return reason, end_winner, wars


@_jit
def _listed(s, at, count, p):
    for i in range(count):
        if s[at + i] == p:
            return True
    return False


@_jit
def dropouts_now(s, r, nf, n_in, need):
    """``_all_fighters_run_out``: every fighter has run out while a player outside the war
    still holds cards (not under ``split`` nor ``aside``)."""
    if r[R_SHORTAGE] == SHORT_SPLIT or r[R_CAPTURE] == CAPTURE_ASIDE:
        return False
    outside = False
    for j in range(n_in):
        p = s[IN_ROUND + j]
        if not _listed(s, FIGHTERS, nf, p) and playable(s, r, p):
            outside = True
    if not outside:
        return False
    enough = need if r[R_SHORTAGE] == SHORT_LOSE else 1
    for i in range(nf):
        p = s[FIGHTERS + i]
        if s[REUSING + p] == 0 and s[HAVE + p] >= enough:
            return False
    return True


@_jit
def drop_out(s, tlen, battle, nf, n_in):
    """``_drop_out``: the fighters forfeit; the holders outside the war fight on (compared
    on the cards they turned up this round).  Returns (tlen, n_in, new fighter count)."""
    r_holders = 0
    for j in range(n_in):
        p = s[IN_ROUND + j]
        if not _listed(s, FIGHTERS, nf, p) and (s[HLEN + p] + s[WLEN + p]) > 0:
            s[SHORT + r_holders] = p          # SHORT holds the holders here
            r_holders += 1
    for i in range(nf):
        p = s[FIGHTERS + i]
        s[REUSING + p] = 0
        tlen = forfeit(s, p, tlen, battle)
        k = 0
        for j in range(n_in):
            if s[IN_ROUND + j] != p:
                s[IN_ROUND + k] = s[IN_ROUND + j]
                k += 1
        n_in = k
    for i in range(r_holders):
        s[FIGHTERS + i] = s[SHORT + i]
    return tlen, n_in, r_holders


@_jit
def _start(s, rng, r):
    """``_start``: who plays this round; empty hands take up their won piles.  Returns the
    number in the round (all of them fighters of the first battle)."""
    n = r[R_PLAYERS]
    n_in = 0
    pile_counts = r[R_CAPTURE] == CAPTURE_WON_PILE
    for p in range(n):
        if s[OUT + p] == 0 and (s[HLEN + p] > 0 or (pile_counts and s[WLEN + p] > 0)):   # playable
            s[IN_ROUND + n_in] = p
            n_in += 1
    for i in range(n_in):
        p = s[IN_ROUND + i]
        if s[HLEN + p] == 0:
            turn_over(s, rng, r, p)
    for i in range(n_in):
        s[FIGHTERS + i] = s[IN_ROUND + i]
    for p in range(4):
        s[REUSING + p] = 0
    return n_in, n_in


# Columns of the per-game output matrix.
C_LENGTH, C_WINNER, C_REASON, C_WAR_ROUNDS, C_DOUBLE_WARS, C_CYCLE_START, C_CYCLE_PERIOD = range(7)
COLUMNS = 7


@_jit
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


@_jit
def _cycle_start(seed, period, r, a, b, rng, within):
    """Replay from the deal: copy b runs ``period`` rounds ahead of copy a until they agree.
    Returns (mu, war rounds and double-war rounds of the first mu + period rounds); mu -1 when they
    do not agree within ``within`` rounds (where the repeat was seen: a bug)."""
    rng[0] = seed
    deal(a, rng, r)
    copy_position(b, a)
    war_rounds, doubles = 0, 0
    for k in range(period):
        _, _, wars = play_round_general(b, rng, r, k, False)
        war_rounds += wars > 0
        doubles += wars > 1
    mu = 0
    while not same_position(a, b, r[R_PLAYERS], r[R_LAST_WINNER_MATTERS]):
        play_round_general(a, rng, r, mu, False)
        _, _, wars = play_round_general(b, rng, r, mu + period, False)
        war_rounds += wars > 0
        doubles += wars > 1
        mu += 1
        if mu > within:
            return -1, war_rounds, doubles
    return mu, war_rounds, doubles


@_jit
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
                _record_cycle(seed, lam, rounds, r, s, saved, rng, out)
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
        reason, winner, wars = play_round_general(s, rng, r, rounds, False)
        rounds += 1
        if reason == K_STUCK:
            out[C_REASON], out[C_WINNER] = K_STUCK, -1
        if reason >= 0:                       # pragma: no cover - a game that repeats never ends
            return
        lam += 1
        if same_position(s, saved, n, r[R_LAST_WINNER_MATTERS]):
            period = lam
            mu, wr, db = _cycle_start(seed, period, r, s, saved, rng, rounds)
            if mu < 0:
                out[C_REASON], out[C_WINNER] = K_STUCK, -1
            elif mu + period <= max_rounds:
                out[C_LENGTH], out[C_WINNER], out[C_REASON] = mu + period, -1, K_CYCLE
                out[C_WAR_ROUNDS], out[C_DOUBLE_WARS] = wr, db
                out[C_CYCLE_START], out[C_CYCLE_PERIOD] = mu, period
            return
        if lam == power:
            copy_position(saved, s)
            power *= 2
            lam = 0


@_jit
def _record_cycle(seed, period, rounds, r, s, saved, rng, out):
    mu, wr, db = _cycle_start(seed, period, r, s, saved, rng, rounds)
    if mu < 0:
        out[C_REASON], out[C_WINNER] = K_STUCK, -1
        return
    out[C_LENGTH], out[C_WINNER], out[C_REASON] = mu + period, -1, K_CYCLE
    out[C_WAR_ROUNDS], out[C_DOUBLE_WARS] = wr, db
    out[C_CYCLE_START], out[C_CYCLE_PERIOD] = mu, period


# Per block: the game's buffer and a saved one (Brent, replays), rounded up to whole 64-byte lines;
# the generator state of a block is a row of RNG_ROW uint64 (one cache line): blocks on other cores
# never write to the same line (adjacent states made two threads slower than one).
SCRATCH_SIZE = (2 * BUFFER_SIZE + 15) // 16 * 16
RNG_ROW = 8


@_jit
def _play_block(seed, start, lo, hi, r, max_rounds, out, scratch, rng):
    s = scratch[:BUFFER_SIZE]
    saved = scratch[BUFFER_SIZE:]
    for i in range(lo, hi):
        play_game(game_seed(seed, start + i), r, max_rounds, s, saved, rng, out[i])


@_jit
def play_games(seed, start, r, max_rounds, out, scratch, rng):
    """Games ``start .. start + len(out) - 1`` of the simulation seeded ``seed``, one row each
    (``scratch``: int32 rows of SCRATCH_SIZE, ``rng``: uint64 rows of 1; one row used here)."""
    _play_block(seed, start, 0, len(out), r, max_rounds, out, scratch[0], rng[0])


@_jit_parallel
def play_games_parallel(seed, start, r, max_rounds, out, scratch, rng):
    """As ``play_games``, the rows cut into ``len(scratch)`` ranges played on numba's threads."""
    count = len(out)
    blocks = len(scratch)
    for b in prange(blocks):
        lo = b * count // blocks
        hi = (b + 1) * count // blocks
        _play_block(seed, start, lo, hi, r, max_rounds, out, scratch[b], rng[b])


@_jit
def play_from(r, s, rng, rounds, history):
    """From the position in ``s[:STATE_SIZE]`` (``s``: a game buffer) and the generator state
    ``rng[0]``, play up to ``rounds`` rounds; row k of ``history``: reason (-1 while the game goes
    on), game winner, wars, the round's winner (-1: none), the four counts.  Returns the rounds
    played (the game's end stops it).  The guard's entry point (tests/sim/test_guard.py)."""
    for k in range(rounds):
        reason, winner, wars = play_round(s, rng, r, k)
        history[k, 0], history[k, 1], history[k, 2], history[k, 3] = reason, winner, wars, s[ROUND_WINNER]
        for p in range(4):
            history[k, 4 + p] = count_of(s, p)
        if reason >= 0:
            return k + 1
    return rounds
