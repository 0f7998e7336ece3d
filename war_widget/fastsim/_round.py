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
    HAND,
    HHEAD,
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
    RANK,
    SHORT_FEWEST,
    SHORT_LAST_CARD_UP,
    SHORT_LOSE,
    SHORT_SPLIT,
    STATE_SIZE,
    STRENGTH,
    WHEAD,
    WLEN,
    WON,
    count_of,
    hand_pop,
    hand_push,
    shuffle_at,
    won_push,
)

# A game buffer (int32) is the position (``_state``) followed by the round's work: the table,
# scratch cards, and small per-seat lists.
W = STATE_SIZE
T_PLAYER, T_CARD, T_BATTLE, CARDS, OWNERS, SCRATCH = W, W + CAP, W + 2 * CAP, W + 3 * CAP, W + 4 * CAP, W + 5 * CAP
BATTLES = W + 6 * CAP
SMALL = W + 7 * CAP
FACEUP, REUSING, PLAN, HAVE = SMALL, SMALL + 4, SMALL + 8, SMALL + 12
IN_ROUND, FIGHTERS, BEST, SHORT = SMALL + 16, SMALL + 20, SMALL + 24, SMALL + 28
BUFFER_SIZE = SMALL + 32


@njit(cache=True, _nrt=False)
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
def return_table(s, r, tlen):
    """``_return_table``: each player takes back the cards they laid, in the order laid."""
    to_hand = r[R_CAPTURE] == CAPTURE_BOTTOM
    for k in range(tlen):
        p, c = s[T_PLAYER + k], s[T_CARD + k]
        if to_hand:
            hand_push(s, p, c)
        else:
            won_push(s, p, c)


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def lay_down(s, p, count, tlen, battle):
    """Move ``count`` cards of ``p``'s hand to the table face down (or as a forfeit)."""
    for _ in range(count):
        s[T_PLAYER + tlen] = p
        s[T_CARD + tlen] = hand_pop(s, p)
        s[T_BATTLE + tlen] = battle
        tlen += 1
    return tlen


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
def play_round(s, rng, r, rounds_before):
    """Play one whole round; returns (reason or -1, winner seat or -1, wars declared)."""
    n = r[R_PLAYERS]
    pile_plays = r[R_CAPTURE] == CAPTURE_WON_PILE
    # _start: who plays, and empty hands take up their won piles
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
    nf = n_in
    for i in range(n_in):
        s[FIGHTERS + i] = s[IN_ROUND + i]
    for p in range(4):
        s[REUSING + p] = 0
    battle, wars, tlen, short_end, winner = 0, 0, 0, False, -1
    lowest = r[R_LOWEST]
    compare_only = False
    while True:
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


@njit(cache=True, _nrt=False)
def _listed(s, at, count, p):
    for i in range(count):
        if s[at + i] == p:
            return True
    return False


@njit(cache=True, _nrt=False)
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


@njit(cache=True, _nrt=False)
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
