"""Rounds without a war, for the batch simulator (a part of ``Batch``; see ``_batch``).

Most rounds have no war.  While both hands hold enough cards, the next flips are already in
the hands, so a run of rounds up to the next tie is compared, gathered and booked at once on
(round, game) arrays; the first flip of a round that cannot run (short hands) is played one
card at a time.  Shuffling winners draw exactly the engine's numbers, round after round.
"""
from __future__ import annotations

import numpy as np

from .. import policies
from ._common import _J8, _J16, _ZERO64, _cumsum_rows, _pick
from ._rng import GOLDEN, U64, mix


class RoundsMixin:
    """The war-free part of ``Batch.step``."""

    def _run(self, sm: np.ndarray) -> np.ndarray | None:
        """Play a run of rounds without a war at once (up to ``run_length`` per game).

        While both hands hold more than ``k`` cards, the next ``k`` flips are already in the
        hands (won cards go under them, or to a won pile), so the rounds before the next tie
        can be compared, gathered and booked together.  A player keeps at least one card, so
        no game ends inside a run; round limits cap its length.  Returns the mask of games
        that played a run (the others flip one card in ``_start``)."""
        R = self.run_length
        hn0, hn1 = self.hn
        cap = np.minimum(np.minimum(hn0, hn1), R)
        if self.round_limit is not None:
            cap = np.minimum(cap, self.round_limit - self.rounds)
        if self.max_rounds is not None:
            cap = np.minimum(cap, self.max_rounds - self.rounds)
        if self.stop_at is not None:
            cap = np.minimum(cap, self.stop_at - self.rounds)
        if self.detect:     # Brent saves the position of this round: it must end a run
            cap = np.minimum(cap, self.saved_round + self.power - self.rounds)
        g = np.flatnonzero(sm & (cap >= 1))
        if g.size == 0:
            return None
        cap = cap[g]
        # Arrays are (round, game): per-round loops below work on whole contiguous rows.
        j = _J8[:R, None]
        hd0, hd1 = self.hd[0, g], self.hd[1, g]
        b0, b1 = self.base[0, g], self.base[1, g]
        a = self.H[b0 | ((hd0.astype(np.uint8) + j) & 63)]
        b = self.H[b1 | ((hd1.astype(np.uint8) + j) & 63)]
        sa = a >> 2
        sb = b >> 2
        w1 = sb > sa
        if self.plan.ace_index >= 0:   # low_beats_ace
            ace, low = self.plan.ace_index, self.plan.low_index
            w1 ^= ((sa == ace) & (sb == low)) | ((sb == ace) & (sa == low))
        stop = sa == sb
        stop |= j >= np.minimum(cap, R).astype(np.uint8)
        going = np.ones(len(g), bool)
        k = np.zeros(len(g), np.int64)
        for t in range(R):                 # k = rounds before the first stop (a tie, or the cap)
            going &= ~stop[t]
            k += going
        tied = k < cap                    # the run ends on a tie: flip it too, the war follows
        played = j < k.astype(np.uint8)
        w1 &= played
        c2 = _cumsum_rows(w1, 2)          # twice player 2's wins so far, per round
        if self.detect:
            k = self._stop_at_possible_repeat(g, k, played, c2)
            tied[:] = False               # Brent needs the position after the run's last round
            played = j < k.astype(np.uint8)
            w1 &= played
            c2 = _cumsum_rows(w1, 2)
        n1 = c2[-1].astype(np.int64) >> 1
        used = k + tied
        self.hd[0, g] = (hd0 + used) & 63
        self.hd[1, g] = (hd1 + used) & 63
        self.hn[0, g] -= used
        self.hn[1, g] -= used
        self.rounds[g] += k
        ring, head, count = self._dest()
        if ring is not None:
            first = self._first_of_pairs(g, played, w1, a, b, k)
            # The winner's pair goes at its tail + 2 * (pairs it won earlier in this run).
            # All arithmetic is mod 256 in uint8, then mod 64: exact for ring places.
            t0 = ((head[0, g] + count[0, g]) & 63).astype(np.uint8)
            t1 = ((head[1, g] + count[1, g] - 2) & 63).astype(np.uint8)
            w8 = w1.view(np.uint8)
            at0 = (_J8[:R, None] * 2 + t0) - c2          # player 1: tail + 2 * (its wins before)
            low = at0 + w8 * ((c2 + t1) - at0)           # player 2: tail + 2 * (its wins) - 2
            low &= 63
            sel = w8 + 2 * (~played).view(np.uint8)      # 0: player 1, 1: player 2, 2: scratch
            base = b0 + sel.astype(np.int64) * (self.n << 6)
            ring[base + low] = first
            low += 1
            low &= 63
            ring[base + low] = a ^ b ^ first
        count[0, g] += 2 * (k - n1)
        count[1, g] += 2 * n1
        if tied.any():
            rows = np.flatnonzero(tied)
            self._tie(g[rows], a[k[rows], rows], b[k[rows], rows])
        ran = np.zeros(self.n, bool)
        ran[g[(k > 0) | tied]] = True
        return ran

    def _stop_at_possible_repeat(self, g: np.ndarray, k: np.ndarray, played: np.ndarray,
                                 c2: np.ndarray) -> np.ndarray:
        """With cycle detection, end each run at the first round whose pile sizes equal those
        of the position Brent saved: only there can the position repeat, and it must be
        checked (``c2``: twice player 2's wins so far, per round of the run)."""
        t1 = _J16[1:self.run_length + 1, None]           # rounds played so far: t + 1
        c = c2.astype(np.int16)
        saved = self.saved_len[g].astype(np.int16)
        h0 = self.hn[0, g].astype(np.int16)
        h1 = self.hn[1, g].astype(np.int16)
        if self.won_pile:      # hands only shrink in a run; won piles grow by the pairs won
            same = (h0 - t1 == saved[:, 0]) & (h1 - t1 == saved[:, 1])
            same &= (self.wn[0, g].astype(np.int16) + 2 * t1 - c == saved[:, 2])
            same &= (self.wn[1, g].astype(np.int16) + c == saved[:, 3])
        else:                  # won pairs go under the hands
            same = (h0 + t1 - c == saved[:, 0]) & (h1 - t1 + c == saved[:, 1])
        same &= played
        going = np.ones(len(g), bool)
        first = np.zeros(len(g), np.int64)
        for t in range(self.run_length):
            going &= ~same[t]
            first += going
        return np.minimum(k, first + 1)

    def _first_of_pairs(self, g: np.ndarray, played: np.ndarray, w1: np.ndarray, a: np.ndarray,
                        b: np.ndarray, k: np.ndarray) -> np.ndarray:
        """For runs (arrays are (round, game)): the card put first in each round's pair, per
        the round winner's policy; shuffling winners draw one number per round, in order."""
        g0, g1 = self.plan.gather
        if g0 == g1 == "shuffle":          # every round draws: round t uses draw t + 1
            state = self.rng[g]
            x = mix(state + self._steps[:a.shape[0], None])
            self.rng[g] = state + k.astype(U64) * GOLDEN
            return _pick(((x & U64(1)) == 1), a, b)   # below(2) == 0 swaps the pair
        if g0 == g1:
            return self._first_of_pair(g0, w1, a, b)
        firsts = []
        for p, policy in enumerate((g0, g1)):
            mine = played & (w1 if p else ~w1)
            if policy == "shuffle":
                used = _cumsum_rows(mine)
                state = self.rng[g]
                x = mix(state + used.astype(U64) * GOLDEN)
                self.rng[g] = state + used[-1].astype(U64) * GOLDEN
                firsts.append(_pick((x & U64(1)) == 1, a, b))
            else:
                firsts.append(self._first_of_pair(policy, w1, a, b))
        return _pick(w1, firsts[1], firsts[0])

    def _tie(self, g: np.ndarray, a: np.ndarray, b: np.ndarray) -> None:
        """The first battle of a round tied (cards ``a``, ``b`` already taken from the hands)."""
        self.inwar[g] = True
        self.wir[g] = 1
        self.tie[g] = a
        self.up[0, g] = a
        self.up[1, g] = b
        self.T[g << 6] = a
        self.T[(g << 6) + 1] = b
        self.tl[g] = 2

    def _start(self, g: np.ndarray, done: np.ndarray) -> None:
        """The first flip of a round in each game of ``g``; rounds without a war end here."""
        if g.size == 0:
            return
        hd0, hd1 = self.hd[0, g], self.hd[1, g]
        c0 = self.H[self.base[0, g] | hd0]
        c1 = self.H[self.base[1, g] | hd1]
        self.hd[0, g] = (hd0 + 1) & 63
        self.hd[1, g] = (hd1 + 1) & 63
        self.hn[0, g] -= 1
        self.hn[1, g] -= 1
        res = self._compare(c0, c1)
        tie = res == 2
        if tie.any():
            self._tie(g[tie], c0[tie], c1[tie])
            won = ~tie
            g, res, c0, c1 = g[won], res[won], c0[won], c1[won]
        self._collect_pair(g, res == 1, c0, c1)
        done[g] = True

    def _collect_pair(self, g: np.ndarray, w1: np.ndarray, c0: np.ndarray, c1: np.ndarray) -> None:
        """Collect two-card tables (rounds without a war) in the games ``g``; ``w1`` is True
        where player 2 won.  Only the order of two cards is to choose."""
        rows = w1 * self.n + g
        ring, head, count = self._dest()
        head, count = head.reshape(-1), count.reshape(-1)
        if ring is not None:
            g0, g1 = self.plan.gather
            if g0 == g1:
                first = self._pair_first(g0, g, np.ones(len(g), bool), w1, c0, c1)
            else:
                first = np.where(w1, self._pair_first(g1, g, w1, w1, c0, c1),
                                 self._pair_first(g0, g, ~w1, w1, c0, c1))
            end = head[rows] + count[rows]
            ring[(rows << 6) | (end & 63)] = first
            ring[(rows << 6) | ((end + 1) & 63)] = c0 ^ c1 ^ first
        count[rows] += 2

    def _pair_first(self, policy: str, g: np.ndarray, mine: np.ndarray, w1: np.ndarray, c0: np.ndarray,
                    c1: np.ndarray) -> np.ndarray:
        """Which card of each two-card table goes first under ``policy`` (games ``g``; only
        where ``mine`` does a shuffling winner draw a number)."""
        if policy != "shuffle":
            return self._first_of_pair(policy, w1, c0, c1)
        state = self.rng[g] + np.where(mine, GOLDEN, _ZERO64)   # Fisher-Yates on two: j = below(2)
        self.rng[g] = state
        return np.where((mix(state) & U64(1)) == 0, c1, c0)

    @staticmethod
    def _first_of_pair(policy: str, w1: np.ndarray, c0: np.ndarray, c1: np.ndarray) -> np.ndarray:
        """The card a winner using a deterministic ``policy`` puts first (any array shape);
        the two cards never tie, so "high" and "low" are well defined."""
        if policy == "played":
            return c0
        if policy == "winner_first":
            return _pick(w1, c1, c0)
        if policy == "high_first":
            return _pick((c0 >> 2) > (c1 >> 2), c0, c1)
        if policy == "low_first":
            return _pick((c0 >> 2) < (c1 >> 2), c0, c1)
        pairs = np.stack([(c0 >> 2).ravel(), (c1 >> 2).ravel()], 1).astype(np.int64)
        keys = policies.strong_keys(pairs, np.full(len(pairs), 2, np.int64))
        return _pick((keys[:, 0] <= keys[:, 1]).reshape(c0.shape), c0, c1)
