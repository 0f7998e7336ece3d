"""Many two-player games of War as numpy arrays, all advanced one battle per ``step``.

Each game lives in a *slot*; player ``p`` of slot ``g`` is *row* ``2*g + p``.  A hand (and,
with ``capture="won_pile"``, a won pile) is a 64-card ring buffer per row with a head and a
length; the table is a 64-card array per slot holding the cards in the engine's "played" order
(battle by battle, player 1's cards before player 2's), with the owner of each card beside it.

``step(slots)`` plays one battle in each given game: the first flip of a round, or one battle
of a war (shortage rules first, then face-down cards and the face-up card).  It follows the
engine's beat machine (``war_widget.engine.Game``) rule for rule and draws from each game's own
SplitMix64 in the same order, so the same seed gives the same game.
"""
from __future__ import annotations

import numpy as np

from ..events import Termination
from .. import policies
from ._plan import REASON_CODES, Plan
from ._rng import GOLDEN, U64, mix, shuffle_rows

__all__ = ["Batch"]

_J64 = np.arange(64)
_ALL_CARDS = REASON_CODES[Termination.ALL_CARDS]
_SHORTAGE = REASON_CODES[Termination.SHORTAGE]
_DRUNKARD = REASON_CODES[Termination.DRUNKARD_LOSER]
_HANDS_EMPTY = REASON_CODES[Termination.HANDS_EMPTY]
_ROUND_LIMIT = REASON_CODES[Termination.ROUND_LIMIT]
_VOID = REASON_CODES[Termination.VOID_ROUND]
_REUSE_TIE = REASON_CODES[Termination.REUSE_TIE]
_TIME = REASON_CODES[Termination.TIME]


class Batch:
    """The state of ``n`` games (see the module docstring); results of ended games stay in
    ``rounds``, ``war_rounds``, ``winner`` and ``reason`` until the slot is reloaded."""

    def __init__(self, plan: Plan, n: int, max_rounds: int | None, detect_cycles: bool | None = None) -> None:
        self.plan = plan
        self.n = n
        self.max_rounds = max_rounds
        self.detect = plan.detect_cycles if detect_cycles is None else detect_cycles
        rules = plan.rules
        self.won_pile = plan.capture == 1
        self.aside = plan.capture == 2
        self.H = np.zeros(n * 128, np.uint8)
        self.hd = np.zeros(2 * n, np.int64)
        self.hn = np.zeros(2 * n, np.int64)
        self.W = np.zeros(n * 128, np.uint8) if self.won_pile else None
        self.wd = np.zeros(2 * n, np.int64)
        self.wn = np.zeros(2 * n, np.int64)
        self.T = np.zeros(n * 64, np.uint8)
        self.TO = np.zeros(n * 64, np.uint8)
        self.TO[1::64] = 1                      # a round's first battle: player 1 at 0, player 2 at 1
        self.tl = np.zeros(n, np.int64)
        self.up = np.zeros(2 * n, np.uint8)
        self.reuse = np.zeros(2 * n, bool)
        self.inwar = np.zeros(n, bool)
        self.tie = np.zeros(n, np.uint8)
        self.wir = np.zeros(n, np.int64)
        self.rounds = np.zeros(n, np.int64)
        self.war_rounds = np.zeros(n, np.int64)
        self.rng = np.zeros(n, U64)
        self.short_end = np.zeros(n, bool)
        self.winner = np.full(n, -1, np.int8)
        self.reason = np.zeros(n, np.int8)
        self.shortage = rules.shortage
        self.zero_lose = rules.zero == "lose"
        self.goal = rules.goal
        self.round_limit = rules.round_limit
        self.need = plan.need
        self.const_need = int(plan.need[plan.deck[0]]) if rules.face_down != "by_rank" else None
        if self.detect:
            width = 256 if self.won_pile else 128
            self.saved = np.zeros((n, width), np.uint8)
            self.saved_len = np.zeros((n, 4), np.int64)
            self.saved_round = np.zeros(n, np.int64)
            self.power = np.ones(n, np.int64)
            self.period = np.zeros(n, np.int64)
            self.snapped = np.zeros(n, bool)
            self.snap = np.zeros((n, 3), np.int64)    # winner, reason, war rounds at max_rounds

    # --- loading ------------------------------------------------------------------------
    def load(self, slots: np.ndarray, hands: tuple[np.ndarray, np.ndarray], lengths: tuple[np.ndarray, np.ndarray],
             states: np.ndarray) -> None:
        """Start new games in ``slots``: per player a 2-D array of card codes (top first) with
        lengths, and each game's generator state after its deal."""
        for p in range(2):
            rows = 2 * slots + p
            cards, length = hands[p], np.asarray(lengths[p], np.int64)
            block = np.zeros((len(slots), 64), np.uint8)
            block[:, :cards.shape[1]] = cards
            self.H.reshape(-1, 64)[rows] = block
            self.hd[rows] = 0
            self.hn[rows] = length
            self.wd[rows] = 0
            self.wn[rows] = 0
            self.reuse[rows] = False
        self.tl[slots] = 0
        self.inwar[slots] = False
        self.wir[slots] = 0
        self.rounds[slots] = 0
        self.war_rounds[slots] = 0
        self.rng[slots] = states
        self.short_end[slots] = False
        self.winner[slots] = -1
        self.reason[slots] = 0
        if self.detect:
            self.saved[slots] = self.position(slots)
            self.saved_len[slots] = self._lengths(slots)
            self.saved_round[slots] = 0
            self.power[slots] = 1
            self.period[slots] = 0
            self.snapped[slots] = False

    # --- small helpers -------------------------------------------------------------------
    def _pop(self, rows: np.ndarray) -> np.ndarray:
        h = self.hd[rows]
        cards = self.H[(rows << 6) | h]
        self.hd[rows] = (h + 1) & 63
        self.hn[rows] -= 1
        return cards

    def _read(self, ring: np.ndarray, head: np.ndarray, count: np.ndarray, rows: np.ndarray,
              width: int | None = None) -> np.ndarray:
        """The first ``width`` cards of each row's ring, top first (unused places undefined)."""
        width = int(count[rows].max()) if width is None else width
        j = _J64[:max(width, 1)]
        return ring[(rows << 6)[:, None] | ((head[rows][:, None] + j) & 63)]

    @staticmethod
    def _append(ring: np.ndarray | None, head: np.ndarray, count: np.ndarray, rows: np.ndarray,
                cards: np.ndarray, lengths: np.ndarray) -> None:
        """Put each row's first ``lengths[i]`` cards of ``cards`` under its ring, in order."""
        if ring is not None and cards.shape[1]:
            j = _J64[:cards.shape[1]]
            pos = (rows << 6)[:, None] | (((head[rows] + count[rows])[:, None] + j) & 63)
            valid = j < lengths[:, None]
            ring[pos[valid]] = cards[valid]
        count[rows] += lengths

    def _dest(self) -> tuple:
        if self.won_pile:
            return self.W, self.wd, self.wn
        if self.aside:
            return None, self.wd, self.wn
        return self.H, self.hd, self.hn

    def _next64(self, slots: np.ndarray) -> np.ndarray:
        state = self.rng[slots] + GOLDEN
        self.rng[slots] = state
        return mix(state)

    def _compare(self, c0: np.ndarray, c1: np.ndarray) -> np.ndarray:
        """0 if player 1's card wins, 1 if player 2's, 2 on a tie."""
        s0 = c0 >> 2
        s1 = c1 >> 2
        res = (s1 > s0).astype(np.int8)
        res[s0 == s1] = 2
        if self.plan.ace_index >= 0:   # low_beats_ace: the lowest rank beats an ace, and only an ace
            a, lo = self.plan.ace_index, self.plan.low_index
            flip = ((s0 == a) & (s1 == lo)) | ((s1 == a) & (s0 == lo))
            res[flip] = 1 - res[flip]
        return res

    def _refill(self, rows: np.ndarray) -> None:
        """The won pile goes under the hand, shuffled first if the rules say so (won_pile only)."""
        if rows.size == 0:
            return
        lengths = self.wn[rows]
        pile = self._read(self.W, self.wd, self.wn, rows)
        if self.plan.rules.shuffle_won_pile:
            games = rows >> 1
            states = self.rng[games]
            shuffle_rows(pile, lengths, states)
            self.rng[games] = states
        self._append(self.H, self.hd, self.hn, rows, pile, lengths)
        self.wn[rows] = 0
        self.wd[rows] = 0

    # --- one battle ------------------------------------------------------------------------
    def step(self, slots: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Play one battle in each of ``slots``.  Returns the slots whose game ended (results
        set) and, with cycle detection, the slots found to cycle (``period`` set)."""
        in_war = self.inwar[slots]
        start = slots[~in_war]
        war = slots[in_war]
        completed: list[np.ndarray] = []
        forced: list[np.ndarray] = []
        if start.size:
            self._start(start, completed)
        if war.size:
            self._war(war, completed, forced)
        return self._after(completed, forced)

    def _start(self, g: np.ndarray, completed: list) -> None:
        r0 = g << 1
        r1 = r0 + 1
        if self.won_pile:
            for rows in (r0, r1):   # player 1's pile is shuffled before player 2's, as in the engine
                self._refill(rows[(self.hn[rows] == 0) & (self.wn[rows] > 0)])
        c0 = self._pop(r0)
        c1 = self._pop(r1)
        base = g << 6
        self.T[base] = c0
        self.T[base + 1] = c1
        self.tl[g] = 2
        res = self._compare(c0, c1)
        tie = res == 2
        if tie.any():
            t = g[tie]
            self.inwar[t] = True
            self.wir[t] = 1
            self.tie[t] = c0[tie]
            self.up[t << 1] = c0[tie]
            self.up[(t << 1) + 1] = c1[tie]
            won = ~tie
            g, res, c0, c1 = g[won], res[won], c0[won], c1[won]
        self._collect_pair(g, res, c0, c1)
        completed.append(g)

    def _collect_pair(self, g: np.ndarray, w: np.ndarray, c0: np.ndarray, c1: np.ndarray) -> None:
        """Collect a two-card table (a round without war): only the order of two cards to choose."""
        if self.aside:
            self.wn[(g << 1) + w] += 2
            self.tl[g] = 0
            return
        first = np.empty_like(c0)
        g0, g1 = self.plan.gather
        groups = [(np.ones(len(g), bool), g0)] if g0 == g1 else [(w == 0, g0), (w == 1, g1)]
        for sel, policy in groups:
            a, b, ww = c0[sel], c1[sel], w[sel]
            if policy == "played":
                f = a
            elif policy == "winner_first":
                f = np.where(ww == 0, a, b)
            elif policy == "high_first":      # strengths differ (no tie), so "high" is well defined
                f = np.where((a >> 2) > (b >> 2), a, b)
            elif policy == "low_first":
                f = np.where((a >> 2) < (b >> 2), a, b)
            elif policy == "shuffle":         # Fisher-Yates on two cards: j = below(2); swap if j == 0
                x = self._next64(g[sel])
                f = np.where((x & U64(1)) == 0, b, a)
            else:                             # strong
                keys = policies.strong_keys(np.stack([a >> 2, b >> 2], 1).astype(np.int64),
                                            np.full(len(ww), 2, np.int64))
                f = np.where(keys[:, 0] <= keys[:, 1], a, b)
            first[sel] = f
        second = c0 ^ c1 ^ first
        ring, head, count = self._dest()
        rows = (g << 1) + w
        if ring is not None:
            end = head[rows] + count[rows]
            base = rows << 6
            ring[base | (end & 63)] = first
            ring[base | ((end + 1) & 63)] = second
        count[rows] += 2
        self.tl[g] = 0

    def _collect(self, g: np.ndarray, w: np.ndarray) -> None:
        """Collect a table of any size by the winner's gather order."""
        if g.size == 0:
            return
        lengths = self.tl[g]
        if self.aside:      # set-aside cards are never played again: only their number matters
            self.wn[(g << 1) + w] += lengths
            self.tl[g] = 0
            return
        width = int(lengths.max())
        j = _J64[:width]
        flat = (g << 6)[:, None] | j
        cards = self.T[flat]
        g0, g1 = self.plan.gather
        groups = [(None, g0)] if g0 == g1 else [(w == 0, g0), (w == 1, g1)]
        for sel, policy in groups:
            if policy == "played":
                continue
            rows = slice(None) if sel is None else sel
            sub = cards[rows]
            n_sub = lengths[rows]
            if policy == "shuffle":
                games = g[rows]
                states = self.rng[games]
                shuffle_rows(sub, n_sub, states)
                self.rng[games] = states
            else:
                s = (sub >> 2).astype(np.int64)
                if policy == "high_first":
                    key = (63 - s) * 64 + j
                elif policy == "low_first":
                    key = s * 64 + j
                elif policy == "winner_first":
                    owners = self.TO[flat[rows]].astype(np.int64)
                    key = (owners != w[rows].astype(np.int64)[:, None]) * 64 + j
                else:
                    key = policies.strong_keys(s, n_sub) * 64 + j
                key = np.where(j < n_sub[:, None], key, 1 << 40)
                sub = np.take_along_axis(sub, np.argsort(key, axis=1, kind="stable"), axis=1)
            cards[rows] = sub
        ring, head, count = self._dest()
        self._append(ring, head, count, (g << 1) + w, cards, lengths)
        self.tl[g] = 0

    def _return_table(self, g: np.ndarray) -> None:
        """Every player takes back the cards they laid, in table order (a round with no winner)."""
        if g.size == 0:
            return
        lengths = self.tl[g]
        width = int(lengths.max())
        j = _J64[:width]
        flat = (g << 6)[:, None] | j
        cards = self.T[flat]
        owners = self.TO[flat]
        ring, head, count = self._dest()
        for p in (0, 1):
            mine = (owners == p) & (j < lengths[:, None])
            order = np.argsort(~mine, axis=1, kind="stable")
            self._append(ring, head, count, (g << 1) + p, np.take_along_axis(cards, order, 1), mine.sum(1))
        self.tl[g] = 0

    def _lay(self, g: np.ndarray, p: int, k: np.ndarray) -> np.ndarray:
        """Player ``p`` of each game lays its top ``k`` cards (face down, the last face up)
        onto the table; returns the face-up card (or the kept one where ``k`` is 0)."""
        rows = (g << 1) + p
        up = self.up[rows]
        width = int(k.max()) if k.size else 0
        if width == 0:
            return up
        j = _J64[:width]
        cards = self._read(self.H, self.hd, self.hn, rows, width)
        valid = j < k[:, None]
        pos = ((g << 6)[:, None] | (self.tl[g][:, None] + j))[valid]
        self.T[pos] = cards[valid]
        self.TO[pos] = p
        self.tl[g] += k
        self.hd[rows] = (self.hd[rows] + k) & 63
        self.hn[rows] -= k
        laid = k > 0
        up = np.where(laid, cards[np.arange(len(g)), np.maximum(k - 1, 0)], up)
        self.up[rows] = up
        return up

    def _forfeit(self, g: np.ndarray, p: int) -> None:
        """A player who cannot finish a war puts everything they hold on the table."""
        if g.size == 0:
            return
        rows = (g << 1) + p
        for ring, head, count in ((self.H, self.hd, self.hn), (self.W, self.wd, self.wn)):
            if ring is None and count is self.wn and not self.aside:
                continue
            n = count[rows]
            if not n.any():
                continue
            if ring is None:       # aside: the set-aside cards are only counted; give them codes 0
                cards = np.zeros((len(g), int(n.max())), np.uint8)
            else:
                cards = self._read(ring, head, count, rows)
            width = cards.shape[1]
            j = _J64[:width]
            valid = j < n[:, None]
            pos = ((g << 6)[:, None] | (self.tl[g][:, None] + j))[valid]
            self.T[pos] = cards[valid]
            self.TO[pos] = p
            self.tl[g] += n
            count[rows] = 0
            head[rows] = 0
        self.short_end[g] = True

    def _war(self, g: np.ndarray, completed: list, forced: list) -> None:
        r0 = g << 1
        r1 = r0 + 1
        need = np.full(len(g), self.const_need, np.int64) if self.const_need else self.need[self.tie[g]]
        h0 = self.hn[r0] + (self.wn[r0] if self.won_pile else 0)
        h1 = self.hn[r1] + (self.wn[r1] if self.won_pile else 0)
        ru0 = self.reuse[r0]
        ru1 = self.reuse[r1]
        stop = np.zeros(len(g), bool)
        if self.shortage == "lose":
            sh0 = h0 < need
            sh1 = h1 < need
            both = sh0 & sh1
            draw = both & (h0 == h1)
            lose0 = sh0 & ~draw & ~(both & (h0 > h1))
            lose1 = sh1 & ~draw & ~(both & (h1 > h0))
            self._end_forced(g[draw], _SHORTAGE, -1, forced)
            self._forfeit(g[lose0], 0)
            self._forfeit(g[lose1], 1)
            won = lose0 | lose1
            self._collect(g[won], np.where(lose0[won], 1, 0).astype(np.int64))
            completed.append(g[won])
            stop = draw | won
            k0 = k1 = need
        elif self.shortage == "last_card_up":
            z0 = ~ru0 & (h0 == 0)
            z1 = ~ru1 & (h1 == 0)
            if self.zero_lose:
                void = z0 & z1
                self._end_forced(g[void], _VOID, None, forced)
                lose0 = z0 & ~z1
                lose1 = z1 & ~z0
                won = lose0 | lose1
                self.short_end[g[won]] = True
                self._collect(g[won], np.where(lose0[won], 1, 0).astype(np.int64))
                completed.append(g[won])
                stop = void | won
            else:
                ru0 = ru0 | z0
                ru1 = ru1 | z1
                self.reuse[r0] = ru0
                self.reuse[r1] = ru1
                both = ru0 & ru1
                self._end_forced(g[both], _REUSE_TIE, -1, forced)
                stop = both
            k0 = np.where(ru0, 0, np.minimum(need, h0))
            k1 = np.where(ru1, 0, np.minimum(need, h1))
        else:  # split: a tie nobody can follow up ends the round with the cards back to their owners
            back = (h0 < need) | (h1 < need)
            gb = g[back]
            self._return_table(gb)
            completed.append(gb)
            stop = back
            k0 = k1 = need
        go = ~stop
        if not go.any():
            return
        g, k0, k1 = g[go], k0[go], k1[go]
        r0, r1 = r0[go], r1[go]
        if self.won_pile:
            for rows, k in ((r0, k0), (r1, k1)):
                self._refill(rows[(k > 0) & (self.hn[rows] < k) & (self.wn[rows] > 0)])
        up0 = self._lay(g, 0, k0)
        up1 = self._lay(g, 1, k1)
        res = self._compare(up0, up1)
        tie = res == 2
        if tie.any():
            t = g[tie]
            self.wir[t] += 1
            self.tie[t] = up0[tie]
        won = ~tie
        self._collect(g[won], res[won].astype(np.int64))
        completed.append(g[won])

    def _end_forced(self, g: np.ndarray, reason: int, winner: int | None, forced: list) -> None:
        """A round that ends the game with the table returned (draws, void rounds)."""
        if g.size == 0:
            return
        self._return_table(g)
        self.reason[g] = reason
        if winner is None:
            self.winner[g] = self._by_counts(g)
        else:
            self.winner[g] = winner
        forced.append(g)

    def _by_counts(self, g: np.ndarray) -> np.ndarray:
        """More cards wins (fewer for the drunkard goal 'loser_all'); equal is a draw."""
        c0 = self.hn[g << 1] + self.wn[g << 1]
        c1 = self.hn[(g << 1) + 1] + self.wn[(g << 1) + 1]
        if self.goal == "loser_all":
            c0, c1 = c1, c0
        return np.where(c0 > c1, 0, np.where(c1 > c0, 1, -1)).astype(np.int8)

    # --- after the battle: rounds completed, games ended ----------------------------------------
    def _after(self, completed: list, forced: list) -> tuple[np.ndarray, np.ndarray]:
        empty = np.zeros(0, np.int64)
        done = np.concatenate(completed) if completed else empty
        hard = np.concatenate(forced) if forced else empty
        for g in (done, hard):
            self.rounds[g] += 1
            self.war_rounds[g] += self.wir[g] > 0
            self.wir[g] = 0
            self.inwar[g] = False
            self.reuse[g << 1] = False
            self.reuse[(g << 1) + 1] = False
        ended = [hard]
        cycles = empty
        if done.size:
            r0 = done << 1
            r1 = r0 + 1
            c0 = self.hn[r0] + self.wn[r0]
            c1 = self.hn[r1] + self.wn[r1]
            if self.aside:
                over = (self.hn[r0] == 0) | (self.hn[r1] == 0)
                self.reason[done[over]] = _HANDS_EMPTY
                self.winner[done[over]] = self._by_counts(done[over])
            else:
                out0 = c0 == 0
                over = out0 | (c1 == 0)
                e = done[over]
                if self.goal == "collect":
                    self.winner[e] = np.where(out0[over], 1, 0)
                    self.reason[e] = np.where(self.short_end[e], _SHORTAGE, _ALL_CARDS)
                else:
                    self.winner[e] = np.where(out0[over], 1, 0) if self.goal == "loser_first_out" else \
                        np.where(out0[over], 0, 1)
                    self.reason[e] = _DRUNKARD
            self.short_end[done] = False
            ended.append(done[over])
            rest = done[~over]
            if self.round_limit is not None:
                hit = self.rounds[rest] >= self.round_limit
                e = rest[hit]
                self.reason[e] = _ROUND_LIMIT
                self.winner[e] = self._by_counts(e)
                ended.append(e)
                rest = rest[~hit]
            if self.detect and rest.size:
                found = self._brent(rest)
                cycles = rest[found]
                rest = rest[~found]
            if self.max_rounds is not None and rest.size:
                hit = self.rounds[rest] >= self.max_rounds
                e = rest[hit]
                if not self.detect:
                    self.reason[e] = _TIME
                    self.winner[e] = self._by_counts(e)
                    ended.append(e)
                else:
                    first = e[~self.snapped[e]]
                    self.snapped[first] = True
                    self.snap[first, 0] = self._by_counts(first)
                    self.snap[first, 1] = _TIME
                    self.snap[first, 2] = self.war_rounds[first]
                    # A cycle whose first repeat is within max_rounds is found by round 3 * max_rounds.
                    ended.append(e[self.rounds[e] >= 3 * self.max_rounds + 2])
        out = np.concatenate(ended)
        if self.detect and out.size:
            s = out[self.snapped[out]]
            self.winner[s] = self.snap[s, 0]
            self.reason[s] = self.snap[s, 1]
            self.war_rounds[s] = self.snap[s, 2]
            self.rounds[s] = self.max_rounds
        return out, cycles

    # --- positions and cycles -----------------------------------------------------------------
    def _lengths(self, g: np.ndarray) -> np.ndarray:
        r0 = g << 1
        return np.stack([self.hn[r0], self.hn[r0 + 1], self.wn[r0], self.wn[r0 + 1]], axis=1)

    def position(self, g: np.ndarray) -> np.ndarray:
        """Each game's hands (and won piles), top first, padded with 255: equal rows are equal
        positions, exactly as the engine's position key."""
        parts = []
        rings = [(self.H, self.hd, self.hn)] + ([(self.W, self.wd, self.wn)] if self.won_pile else [])
        for ring, head, count in rings:
            for p in (0, 1):
                rows = (g << 1) + p
                cards = self._read(ring, head, count, rows, 64)
                parts.append(np.where(_J64 < count[rows][:, None], cards, 255).astype(np.uint8))
        return np.concatenate(parts, axis=1) if parts else np.zeros((len(g), 0), np.uint8)

    def _brent(self, g: np.ndarray) -> np.ndarray:
        """Brent's cycle finding, one comparison per round: compare the position with the one
        saved at round 2**k - 1; on a match the distance is the period.  Returns a mask."""
        found = np.zeros(len(g), bool)
        same_len = (self._lengths(g) == self.saved_len[g]).all(axis=1)
        if same_len.any():
            c = g[same_len]
            eq = (self.position(c) == self.saved[c]).all(axis=1)
            found[np.flatnonzero(same_len)[eq]] = True
            self.period[c[eq]] = self.rounds[c[eq]] - self.saved_round[c[eq]]
        save = ~found & (self.rounds[g] - self.saved_round[g] == self.power[g])
        s = g[save]
        if s.size:
            self.saved[s] = self.position(s)
            self.saved_len[s] = self._lengths(s)
            self.saved_round[s] = self.rounds[s]
            self.power[s] *= 2
        return found
