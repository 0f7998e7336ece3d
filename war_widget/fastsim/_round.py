"""One round of War in numba, beat for beat as ``war_widget.engine.Game`` plays it.

Every branch names the engine method it follows (``_start``, ``_flip``, ``_compare``,
``_declare_war``, ``_lay``, ``_gather``, ``_collect``, ``_settle_returned``, ``_check_end``,
``_by_counts``); the tests compare the two game by game.  ``play_round`` returns
``(reason, winner, wars)``: reason -1 while the game goes on, else a ``K_*`` code of ``_state``.
"""
from __future__ import annotations

from numba import njit

from ._state import (
    BY_RANK,
    CAP,
    CAPTURE_ASIDE,
    CAPTURE_BOTTOM,
    CAPTURE_WON_PILE,
    G_HIGH_FIRST,
    G_LOSER_FIRST,
    G_LOW_FIRST,
    G_PLAYED,
    G_PREVIOUS_WINNER_FIRST,
    G_SHUFFLE,
    G_STRONG,
    G_WINNER_FIRST,
    GOAL_COLLECT,
    GOAL_LOSER_ALL,
    GOAL_LOSER_FIRST_OUT,
    HLEN,
    K_ALL_CARDS,
    K_DRUNKARD_LOSER,
    K_HANDS_EMPTY,
    K_REUSE_TIE,
    K_ROUND_LIMIT,
    K_SHORTAGE,
    K_VOID_ROUND,
    LAST_WINNER,
    MASK,
    OUT,
    R_CAPTURE,
    R_FACE_DOWN,
    R_GATHER,
    R_GOAL,
    R_LOW_BEATS_ACE,
    R_LOWEST,
    R_PLAYERS,
    R_ROUND_LIMIT,
    R_SHORTAGE,
    R_SHUFFLE_PILE,
    R_TEAMS,
    R_WAR_ALL,
    R_ZERO,
    SHORT_FEWEST,
    SHORT_LAST_CARD_UP,
    SHORT_LOSE,
    SHORT_SPLIT,
    WHEAD,
    WLEN,
    WON,
    count_of,
    hand_pop,
    hand_push,
    shuffle,
    won_push,
)

# The work array of a round (int32): the table, scratch cards, and small per-seat lists.
T_PLAYER, T_CARD, T_BATTLE, CARDS, OWNERS, SCRATCH = 0, CAP, 2 * CAP, 3 * CAP, 4 * CAP, 5 * CAP
BATTLES = 6 * CAP
SMALL = 7 * CAP
FACEUP, REUSING, PLAN, HAVE = SMALL, SMALL + 4, SMALL + 8, SMALL + 12
IN_ROUND, FIGHTERS, BEST, SHORT = SMALL + 16, SMALL + 20, SMALL + 24, SMALL + 28
WORK_SIZE = SMALL + 32


@njit(cache=True, _nrt=False)
def turn_over(s, rng, r, p, work):
    """``_turn_over``: the won pile goes under the hand, shuffled first if the rules say so."""
    n = s[WLEN + p]
    h = s[WHEAD + p]
    for k in range(n):
        work[CARDS + k] = s[WON + p * CAP + ((h + k) & MASK)]
    s[WLEN + p] = 0
    s[WHEAD + p] = 0
    if r[R_SHUFFLE_PILE]:
        shuffle(rng, work[CARDS:CARDS + CAP], n)
    for k in range(n):
        hand_push(s, p, work[CARDS + k])


@njit(cache=True, _nrt=False)
def playable(s, r, p):
    if r[R_CAPTURE] == CAPTURE_WON_PILE:
        return s[HLEN + p] + s[WLEN + p]
    return s[HLEN + p]


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def drunkard_winner(r, loser):
    return 1 - loser if r[R_PLAYERS] == 2 else -1


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def return_table(s, r, work, tlen):
    """``_return_table``: each player takes back the cards they laid, in the order laid."""
    to_hand = r[R_CAPTURE] == CAPTURE_BOTTOM
    for k in range(tlen):
        p, c = work[T_PLAYER + k], work[T_CARD + k]
        if to_hand:
            hand_push(s, p, c)
        else:
            won_push(s, p, c)


@njit(cache=True, _nrt=False)
def gather(s, rng, r, strength, work, tlen, winner):
    """``_gather``: the won cards into work[CARDS:], in the order they go to the winner."""
    n = r[R_PLAYERS]
    # played order: battle by battle, within a battle seat by seat (stable); a round without
    # a war is one battle whose cards were laid in seat order already
    k, i = 0, 0
    if work[T_BATTLE + tlen - 1] == 1:
        for m in range(tlen):
            work[CARDS + m] = work[T_CARD + m]
            work[OWNERS + m] = work[T_PLAYER + m]
            work[BATTLES + m] = 1
        i = tlen
    while i < tlen:
        b = work[T_BATTLE + i]
        j = i
        while j < tlen and work[T_BATTLE + j] == b:
            j += 1
        for p in range(n):
            for m in range(i, j):
                if work[T_PLAYER + m] == p:
                    work[CARDS + k] = work[T_CARD + m]
                    work[OWNERS + k] = p
                    work[BATTLES + k] = b
                    k += 1
        i = j
    if r[R_CAPTURE] == CAPTURE_ASIDE:
        return
    spec = r[R_GATHER + winner]
    if spec == G_PLAYED:
        return
    if spec == G_SHUFFLE:
        shuffle(rng, work[CARDS:CARDS + CAP], tlen)
        return
    if spec == G_WINNER_FIRST:
        seat_first(work, tlen, winner, False)
        return
    if spec == G_LOSER_FIRST:
        seat_first(work, tlen, winner, True)
        return
    if spec == G_PREVIOUS_WINNER_FIRST:
        previous_winner_first(work, tlen, s[LAST_WINNER])
        return
    if spec == G_HIGH_FIRST or spec == G_STRONG or spec == G_LOW_FIRST:
        sign = 1 if spec == G_LOW_FIRST else -1
        for a in range(1, tlen):           # stable insertion sort by strength
            c = work[CARDS + a]
            key = sign * strength[c]
            b = a - 1
            while b >= 0 and sign * strength[work[CARDS + b]] > key:
                work[CARDS + b + 1] = work[CARDS + b]
                b -= 1
            work[CARDS + b + 1] = c
        return


@njit(cache=True, _nrt=False)
def seat_first(work, tlen, seat, others_first):
    """``seat``'s cards, then the others' (or the reverse), each group in played order."""
    k = 0
    for group in range(2):
        for m in range(tlen):
            if (work[OWNERS + m] == seat) == ((group == 0) != others_first):
                work[SCRATCH + k] = work[CARDS + m]
                k += 1
    for m in range(tlen):
        work[CARDS + m] = work[SCRATCH + m]


@njit(cache=True, _nrt=False)
def previous_winner_first(work, tlen, last):
    """Battle by battle, the last round's winner's cards first, then the others by seat
    (the cards in work[CARDS:] are in played order, their battles in work[T_BATTLE:])."""
    k, i = 0, 0
    while i < tlen:
        j = i
        while j < tlen and work[BATTLES + j] == work[BATTLES + i]:
            j += 1
        for m in range(i, j):
            if work[OWNERS + m] == last:
                work[SCRATCH + k] = work[CARDS + m]
                k += 1
        for m in range(i, j):
            if work[OWNERS + m] != last:
                work[SCRATCH + k] = work[CARDS + m]
                k += 1
        i = j
    for m in range(tlen):
        work[CARDS + m] = work[SCRATCH + m]


@njit(cache=True, _nrt=False)
def lay_down(s, p, count, work, tlen, battle):
    """Move ``count`` cards of ``p``'s hand to the table face down (or as a forfeit)."""
    for _ in range(count):
        work[T_PLAYER + tlen] = p
        work[T_CARD + tlen] = hand_pop(s, p)
        work[T_BATTLE + tlen] = battle
        tlen += 1
    return tlen


@njit(cache=True, _nrt=False)
def forfeit(s, p, work, tlen, battle):
    """``_forfeit``: the whole holding (hand, then won pile) goes on the table."""
    tlen = lay_down(s, p, s[HLEN + p], work, tlen, battle)
    h = s[WHEAD + p]
    for k in range(s[WLEN + p]):
        work[T_PLAYER + tlen] = p
        work[T_CARD + tlen] = s[WON + p * CAP + ((h + k) & MASK)]
        work[T_BATTLE + tlen] = battle
        tlen += 1
    s[WLEN + p] = 0
    s[WHEAD + p] = 0
    return tlen


@njit(cache=True, _nrt=False)
def play_round(s, rng, r, strength, rank, work, rounds_before):
    """Play one whole round; returns (reason or -1, winner seat or -1, wars declared)."""
    n = r[R_PLAYERS]
    pile_plays = r[R_CAPTURE] == CAPTURE_WON_PILE
    # _start: who plays, and empty hands take up their won piles
    n_in = 0
    for p in range(n):
        if s[OUT + p] == 0 and playable(s, r, p) > 0:
            work[IN_ROUND + n_in] = p
            n_in += 1
    for i in range(n_in):
        p = work[IN_ROUND + i]
        if s[HLEN + p] == 0:
            turn_over(s, rng, r, p, work)
    nf = n_in
    for i in range(n_in):
        work[FIGHTERS + i] = work[IN_ROUND + i]
    for p in range(4):
        work[REUSING + p] = 0
    battle, wars, tlen, short_end, winner = 0, 0, 0, False, -1
    lowest = r[R_LOWEST]
    compare_only = False
    while True:
        # _flip
        if not compare_only:
            battle += 1
        for i in range(0 if compare_only else nf):
            p = work[FIGHTERS + i]
            if work[REUSING + p] == 0:
                c = hand_pop(s, p)
                work[FACEUP + p] = c
                work[T_PLAYER + tlen] = p
                work[T_CARD + tlen] = c
                work[T_BATTLE + tlen] = battle
                tlen += 1
        compare_only = False
        # _compare (Rules.best)
        adjust = False
        if r[R_LOW_BEATS_ACE]:
            ace, low = False, False
            for i in range(nf):
                rk = rank[work[FACEUP + work[FIGHTERS + i]]]
                ace = ace or rk == 14
                low = low or rk == lowest
            adjust = ace and low
        top = -1
        for i in range(nf):
            c = work[FACEUP + work[FIGHTERS + i]]
            st = strength[64 + c] if adjust and rank[c] == lowest else strength[c]
            top = max(top, st)
        nb = 0
        for i in range(nf):
            p = work[FIGHTERS + i]
            c = work[FACEUP + p]
            st = strength[64 + c] if adjust and rank[c] == lowest else strength[c]
            if st == top:
                work[BEST + nb] = p
                nb += 1
        if nb == 1:
            winner = work[BEST]
            break
        tie_rank = rank[work[FACEUP + work[BEST]]]
        # _declare_war
        wars += 1
        if r[R_WAR_ALL]:
            nf = n_in
            for i in range(n_in):
                work[FIGHTERS + i] = work[IN_ROUND + i]
        else:
            nf = nb
            for i in range(nb):
                work[FIGHTERS + i] = work[BEST + i]
        fd = r[R_FACE_DOWN]
        need = (11 if tie_rank >= 14 else min(tie_rank, 10)) if fd == BY_RANK else fd + 1
        for p in range(4):
            work[PLAN + p] = 0
        for i in range(nf):
            p = work[FIGHTERS + i]
            work[HAVE + p] = playable(s, r, p)
        nshort = 0
        stuck = False
        if dropouts_now(s, r, work, nf, n_in, need):
            tlen, n_in, nf = drop_out(s, work, tlen, battle + 1, nf, n_in)
            short_end = True
            if nf == 1:
                winner = work[FIGHTERS]
                break
            compare_only = True
            continue
        if r[R_SHORTAGE] == SHORT_LAST_CARD_UP or r[R_SHORTAGE] == SHORT_FEWEST:
            fewest = need
            for i in range(nf):
                p = work[FIGHTERS + i]
                if work[REUSING + p]:
                    continue
                hv = work[HAVE + p]
                if hv:
                    fewest = min(fewest, hv)
                elif r[R_ZERO] == 0:          # zero="lose"
                    work[SHORT + nshort] = p
                    nshort += 1
                else:
                    work[REUSING + p] = 1
            for i in range(nf):
                p = work[FIGHTERS + i]
                hv = work[HAVE + p]
                if work[REUSING + p] == 0 and hv:
                    work[PLAN + p] = fewest - 1 if r[R_SHORTAGE] == SHORT_FEWEST else min(need - 1, hv - 1)
        else:
            for i in range(nf):
                p = work[FIGHTERS + i]
                if work[HAVE + p] < need:
                    work[SHORT + nshort] = p
                    nshort += 1
            if r[R_SHORTAGE] == SHORT_SPLIT and nshort:
                stuck = True
            elif nshort and nshort == nf:
                most = 0
                for i in range(nf):
                    most = max(most, work[HAVE + work[FIGHTERS + i]])
                nshort = 0
                for i in range(nf):
                    p = work[FIGHTERS + i]
                    if work[HAVE + p] < most:
                        work[SHORT + nshort] = p
                        nshort += 1
                if nf - nshort > 1:
                    stuck = True
            for i in range(nf):
                p = work[FIGHTERS + i]
                if not _listed(work, SHORT, nshort, p):
                    work[PLAN + p] = need - 1
        if stuck:
            return_table(s, r, work, tlen)
            if r[R_SHORTAGE] == SHORT_SPLIT:
                reason, winner = check_end(s, r, rounds_before + 1, short_end)
                return reason, winner, wars
            reason, winner = by_counts(s, r, K_SHORTAGE)
            return reason, winner, wars
        for i in range(nshort):
            p = work[SHORT + i]
            tlen = forfeit(s, p, work, tlen, battle + 1)
            k = 0
            for j in range(n_in):
                if work[IN_ROUND + j] != p:
                    work[IN_ROUND + k] = work[IN_ROUND + j]
                    k += 1
            n_in = k
            short_end = True
        k = 0
        for i in range(nf):
            p = work[FIGHTERS + i]
            if not _listed(work, SHORT, nshort, p):
                work[FIGHTERS + k] = p
                k += 1
        nf = k
        if nf == 0:
            return_table(s, r, work, tlen)
            reason, winner = by_counts(s, r, K_VOID_ROUND)
            return reason, winner, wars
        if nf == 1:
            winner = work[FIGHTERS]
            break
        reusing = 0
        for i in range(nf):
            reusing += work[REUSING + work[FIGHTERS + i]]
        if reusing == nf:
            return_table(s, r, work, tlen)
            if n == 2 and r[R_CAPTURE] != CAPTURE_ASIDE:
                return K_REUSE_TIE, -1, wars
            reason, winner = by_counts(s, r, K_REUSE_TIE)
            return reason, winner, wars
        # _lay
        if pile_plays:
            for i in range(nf):
                p = work[FIGHTERS + i]
                if s[WLEN + p] and s[HLEN + p] <= work[PLAN + p]:
                    turn_over(s, rng, r, p, work)
        for i in range(nf):
            p = work[FIGHTERS + i]
            tlen = lay_down(s, p, work[PLAN + p], work, tlen, battle + 1)
    # _collect
    gather(s, rng, r, strength, work, tlen, winner)
    s[LAST_WINNER] = winner
    if r[R_CAPTURE] == CAPTURE_BOTTOM:
        for k in range(tlen):
            hand_push(s, winner, work[CARDS + k])
    else:
        for k in range(tlen):
            won_push(s, winner, work[CARDS + k])
    reason, end_winner = check_end(s, r, rounds_before + 1, short_end)
    return reason, end_winner, wars


@njit(cache=True, _nrt=False)
def _listed(work, at, count, p):
    for i in range(count):
        if work[at + i] == p:
            return True
    return False


@njit(cache=True, _nrt=False)
def dropouts_now(s, r, work, nf, n_in, need):
    """``_all_fighters_run_out``: every fighter has run out while a player outside the war
    still holds cards (not under ``split`` nor ``aside``)."""
    if r[R_SHORTAGE] == SHORT_SPLIT or r[R_CAPTURE] == CAPTURE_ASIDE:
        return False
    outside = False
    for j in range(n_in):
        p = work[IN_ROUND + j]
        if not _listed(work, FIGHTERS, nf, p) and playable(s, r, p):
            outside = True
    if not outside:
        return False
    enough = need if r[R_SHORTAGE] == SHORT_LOSE else 1
    for i in range(nf):
        p = work[FIGHTERS + i]
        if work[REUSING + p] == 0 and work[HAVE + p] >= enough:
            return False
    return True


@njit(cache=True, _nrt=False)
def drop_out(s, work, tlen, battle, nf, n_in):
    """``_drop_out``: the fighters forfeit; the holders outside the war fight on (compared
    on the cards they turned up this round).  Returns (tlen, n_in, new fighter count)."""
    r_holders = 0
    for j in range(n_in):
        p = work[IN_ROUND + j]
        if not _listed(work, FIGHTERS, nf, p) and (s[HLEN + p] + s[WLEN + p]) > 0:
            work[SHORT + r_holders] = p          # SHORT holds the holders here
            r_holders += 1
    for i in range(nf):
        p = work[FIGHTERS + i]
        work[REUSING + p] = 0
        tlen = forfeit(s, p, work, tlen, battle)
        k = 0
        for j in range(n_in):
            if work[IN_ROUND + j] != p:
                work[IN_ROUND + k] = work[IN_ROUND + j]
                k += 1
        n_in = k
    for i in range(r_holders):
        work[FIGHTERS + i] = work[SHORT + i]
    return tlen, n_in, r_holders
