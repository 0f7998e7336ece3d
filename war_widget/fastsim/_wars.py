"""Wars, for the batch simulator (a part of ``Batch``; see ``_batch``).

The first battle of a war where both hands hold the cards it needs (most wars) is played on
(card, game) arrays with a table of fixed size.  Every other case (running short, reused cards,
won piles to turn over mid-war, double wars, ``by_rank``) goes through the general path, which
follows the engine's ``_declare_war`` / ``_lay`` / ``_collect`` beat by beat.
"""
from __future__ import annotations

import numpy as np

from .. import policies
from ._common import _J8, _J64, _REUSE_TIE, _SHORTAGE, _VOID, _ZERO64
from ._rng import _REJECT_ABOVE, GOLDEN, U64, mix, shuffle_rows


class WarsMixin:
    """The war part of ``Batch.step``."""

    def _collect(self, g: np.ndarray, w: np.ndarray) -> None:
        """Collect tables of any size (index path) by each winner's gather order."""
        if g.size == 0:
            return
        lengths = self.tl[g]
        dest = w * self.n + g
        if self.aside:      # set-aside cards are never played again: only their number matters
            self.wn.reshape(-1)[dest] += lengths
            self.tl[g] = 0
            return
        width = int(lengths.max())
        j = _J64[:width]
        flat = (g << 6)[:, None] | j
        cards = self.T[flat]
        g0, g1 = self.plan.gather
        groups = [(slice(None), g0)] if g0 == g1 else [(w == 0, g0), (w == 1, g1)]
        for rows, policy in groups:
            if policy == "played":
                continue
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
                    key = (owners != w[rows][:, None]) * 64 + j
                else:
                    key = policies.strong_keys(s, n_sub) * 64 + j
                key = np.where(j < n_sub[:, None], key, 1 << 40)
                sub = np.take_along_axis(sub, np.argsort(key, axis=1, kind="stable"), axis=1)
            cards[rows] = sub
        ring, head, count = self._dest()
        self._append(ring, head, count, dest, cards, lengths)
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
            self._append(ring, head, count, p * self.n + g, np.take_along_axis(cards, order, 1), mine.sum(1))
        self.tl[g] = 0

    def _lay(self, g: np.ndarray, p: int, k: np.ndarray) -> np.ndarray:
        """Player ``p`` of each game lays its top ``k`` cards (face down, the last face up)
        onto the table; returns the face-up card (the kept one where ``k`` is 0)."""
        up = self.up[p, g]
        width = int(k.max()) if k.size else 0
        if width == 0:
            return up
        rows = p * self.n + g
        j = _J64[:width]
        cards = self._read(self.H, self.hd, self.hn, rows, width)
        valid = j < k[:, None]
        pos = ((g << 6)[:, None] | (self.tl[g][:, None] + j))[valid]
        self.T[pos] = cards[valid]
        self.TO[pos] = p
        self.tl[g] += k
        self.hd[p, g] = (self.hd[p, g] + k) & 63
        self.hn[p, g] -= k
        up = np.where(k > 0, cards[np.arange(len(g)), np.maximum(k - 1, 0)], up)
        self.up[p, g] = up
        return up

    def _forfeit(self, g: np.ndarray, p: int) -> None:
        """A player who cannot finish a war puts everything they hold on the table."""
        if g.size == 0:
            return
        rows = p * self.n + g
        piles = [(self.H, self.hd, self.hn)]
        if self.won_pile or self.aside:
            piles.append((self.W, self.wd, self.wn))
        for ring, head, count in piles:
            n = count[p, g]
            if not n.any():
                continue
            if ring is None:       # aside: set-aside cards are only counted; any code will do
                cards = np.zeros((len(g), int(n.max())), np.uint8)
            else:
                cards = self._read(ring, head, count, rows)
            j = _J64[:cards.shape[1]]
            valid = j < n[:, None]
            pos = ((g << 6)[:, None] | (self.tl[g][:, None] + j))[valid]
            self.T[pos] = cards[valid]
            self.TO[pos] = p
            self.tl[g] += n
            count[p, g] = 0
            head[p, g] = 0
        self.short_end[g] = True

    def _war(self, g: np.ndarray, done: np.ndarray, forced: list) -> None:
        """One battle of a war in each game of ``g`` (index path)."""
        if self.fast_wars:
            need = self.const_need
            h0, h1 = self.hn[0, g], self.hn[1, g]
            if self.won_pile:
                w0, w1 = self.wn[0, g], self.wn[1, g]
                easy = (self.tl[g] == 2) & (h0 + w0 >= need) & (h1 + w1 >= need)
                # Short hands turn their won piles over first (player 1's before player 2's).
                self._refill(g[easy & (h0 < need) & (w0 > 0)], g[easy & (h1 < need) & (w1 > 0)])
            else:
                easy = (self.tl[g] == 2) & (h0 >= need) & (h1 >= need)
            if easy.any():
                left = self._first_war(g[easy], done)
                g = np.concatenate([g[~easy], left])
                if g.size == 0:
                    return
        need = np.full(len(g), self.const_need, np.int64) if self.const_need else self.need[self.tie[g]]
        h0 = self.hn[0, g] + (self.wn[0, g] if self.won_pile else 0)
        h1 = self.hn[1, g] + (self.wn[1, g] if self.won_pile else 0)
        ru0 = self.reuse[0, g]
        ru1 = self.reuse[1, g]
        if self.shortage == "lose":
            sh0 = h0 < need
            sh1 = h1 < need
            both = sh0 & sh1
            draw = both & (h0 == h1)
            lose0 = sh0 & ~draw & ~(both & (h0 > h1))
            lose1 = sh1 & ~draw & ~(both & (h1 > h0))
            self._end_forced(g[draw], _SHORTAGE, None, forced)   # by counts: equal, a draw
            self._forfeit(g[lose0], 0)
            self._forfeit(g[lose1], 1)
            won = lose0 | lose1
            self._collect(g[won], lose0[won].astype(np.int64))
            done[g[won]] = True
            stop = draw | won
            k0 = k1 = need
        elif self.shortage == "last_card_up":
            z0 = ~ru0 & (h0 == 0)
            z1 = ~ru1 & (h1 == 0)
            if self.zero_lose:
                void = z0 & z1
                self._end_forced(g[void], _VOID, None, forced)
                won = z0 ^ z1
                self.short_end[g[won]] = True
                self._collect(g[won], z0[won].astype(np.int64))
                done[g[won]] = True
                stop = void | won
            else:
                ru0 = ru0 | z0
                ru1 = ru1 | z1
                self.reuse[0, g] = ru0
                self.reuse[1, g] = ru1
                stop = ru0 & ru1     # both reuse cards that tied: nothing new can be turned [003]
                # With captured cards aside the won piles decide; otherwise it is a draw [003].
                self._end_forced(g[stop], _REUSE_TIE, None if self.aside else -1, forced)
            k0 = np.where(ru0, 0, np.minimum(need, h0))
            k1 = np.where(ru1, 0, np.minimum(need, h1))
        else:  # split: a tie nobody can follow up ends the round with the cards back to their owners
            stop = (h0 < need) | (h1 < need)
            self._return_table(g[stop])
            done[g[stop]] = True
            k0 = k1 = need
        go = ~stop
        if not go.any():
            return
        g, k0, k1 = g[go], k0[go], k1[go]
        if self.won_pile:
            self._refill(*[g[(k > 0) & (self.hn[p, g] < k) & (self.wn[p, g] > 0)] for p, k in ((0, k0), (1, k1))])
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
        done[g[won]] = True

    def _first_war(self, g: np.ndarray, done: np.ndarray) -> np.ndarray:
        """The first battle of a war when both hands hold the cards it needs (most wars): no
        shortage, no won pile to turn over, a table of fixed size, so it is played on
        (card, game) arrays: lay, compare, shuffle with one bound per step, collect.
        Returns the games left for the general path (a draw ``below`` might reject)."""
        need = self.const_need
        size = 2 + 2 * need
        shuffles = [policy == "shuffle" for policy in self.plan.gather]
        x = None
        left = g[:0]
        if any(shuffles) and not self.aside:
            x = mix(self.rng[g] + self._steps[:size - 1, None])
            odd = (x > _REJECT_ABOVE).any(axis=0)   # below() might reject: leave to the general path
            if odd.any():
                left = g[odd]
                g, x = g[~odd], x[:, ~odd]
        m = len(g)
        tab = np.empty((size, m), np.uint8)           # the table in played order
        tab[0] = self.T[g << 6]
        tab[1] = self.T[(g << 6) + 1]
        for p in (0, 1):
            hd = self.hd[p, g]
            tab[2 + p * need:2 + (p + 1) * need] = self.H[self.base[p, g] | ((hd.astype(np.uint8) + _J8[:need, None]) & 63)]
            self.hd[p, g] = (hd + need) & 63
            self.hn[p, g] -= need
        up0, up1 = tab[1 + need], tab[1 + 2 * need]
        res = self._compare(up0, up1)
        tie = res == 2
        if tie.any():                                 # a double war: the general path goes on
            t = g[tie]
            places = (t << 6) + np.arange(2, size)[:, None]
            self.T[places] = tab[2:, tie]
            self.TO[places] = self._war_owners[:, None]
            self.tl[t] = size
            self.wir[t] += 1
            self.tie[t] = up0[tie]
            self.up[0, t] = up0[tie]
            self.up[1, t] = up1[tie]
            won = ~tie
            g, tab, res = g[won], np.ascontiguousarray(tab[:, won]), res[won]
            if x is not None:
                x = x[:, won]
        w1 = res == 1
        m = len(g)
        ring, head, count = self._dest()
        if ring is not None:
            if x is not None:                          # Fisher-Yates, i from size-1 down to 1
                shuffler = w1 if not shuffles[0] else (~w1 if not shuffles[1] else None)
                cols = np.arange(m)
                flat = tab.reshape(-1)                 # a view: tab is C-ordered
                for step in range(size - 1):
                    i = size - 1 - step
                    j = (x[step] % U64(i + 1)).view(np.int64)
                    if shuffler is not None:
                        j = np.where(shuffler, j, i)  # a non-shuffling winner keeps played order
                    f = j * m + cols
                    a = tab[i].copy()
                    tab[i] = flat[f]
                    flat[f] = a
                drew = U64(((size - 1) * int(GOLDEN)) & ((1 << 64) - 1))
                self.rng[g] += drew if shuffler is None else np.where(shuffler, drew, _ZERO64)
            tail = np.where(w1, (head[1, g] + count[1, g]) & 63, (head[0, g] + count[0, g]) & 63).astype(np.uint8)
            base = np.where(w1, self.base[1, g], self.base[0, g])
            ring[base | ((tail + _J8[:size, None]) & 63)] = tab
        count[0, g] += size * ~w1
        count[1, g] += size * w1
        self.tl[g] = 0
        done[g] = True
        return left

    def _end_forced(self, g: np.ndarray, reason: int, winner: int | None, forced: list) -> None:
        """A round that ends the game with the table returned (draws, void rounds)."""
        if g.size == 0:
            return
        self._return_table(g)
        self.reason[g] = reason
        self.winner[g] = self._by_counts(g) if winner is None else winner
        forced.append(g)
