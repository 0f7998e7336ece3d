"""Many two-player games of War as numpy arrays, all advanced one battle per ``step``.

Each game lives in a *slot* ``g`` (0..n-1); player ``p``'s *row* is ``p * n + g``.  A hand (and,
with ``capture="won_pile"``, a won pile) is a 64-card ring buffer per row with a head and a
length; the table is a 64-card array per slot holding the cards in the engine's "played" order
(battle by battle, player 1's cards before player 2's), with each card's owner beside it.

``step()`` plays one battle in every live game: the first flip of a round, or one battle of a
war (shortage rules first, then face-down cards and the face-up card).  It follows the engine's
beat machine (``war_widget.engine.Game``) rule for rule and draws from each game's own
SplitMix64 in the same order, so the same seed gives the same game.

The rounds without a war are in ``_rounds``, the wars in ``_wars``; this module holds the
state, loading, the order of a step, the end rules and cycle detection.

Speed: runs of rounds without a war (most rounds) and first war battles are played on
(round or card, game) arrays with as few whole-array operations as possible; ``np.where`` is
avoided there (it is many times slower than arithmetic).  Writes that a masked-out entry must
not make go to the game's scratch row (rows 2n..3n-1 of the ring arrays).
"""
from __future__ import annotations

import numpy as np

from ._common import _ALL_CARDS, _DRUNKARD, _HANDS_EMPTY, _J64, _ROUND_LIMIT, _SHORTAGE, _TIME
from ._plan import Plan
from ._rng import GOLDEN, U64, shuffle_rows
from ._rounds import RoundsMixin
from ._wars import WarsMixin

__all__ = ["Batch"]

RUN_LENGTH = 10
SETTLE_EXTRA = 20_000     # rounds past max_rounds spent looking for a cycle before asking the engine

_PER_SLOT = ("tl", "inwar", "tie", "wir", "rounds", "war_rounds", "rng", "short_end", "winner", "reason", "alive",
             "saved", "saved_len", "saved_round", "power", "period", "snapped", "snap")
_PER_ROW = ("hd", "hn", "wd", "wn", "up", "reuse")


class Batch(RoundsMixin, WarsMixin):
    """The state of ``n`` games (see the module docstring).  ``alive`` marks the games that
    ``step`` plays; an ended game keeps its results in ``rounds``, ``war_rounds``, ``winner``
    and ``reason`` until its slot is loaded again."""

    def __init__(self, plan: Plan, n: int, max_rounds: int | None, detect_cycles: bool | None = None) -> None:
        self.plan = plan
        self.max_rounds = max_rounds
        self.detect = plan.detect_cycles if detect_cycles is None else detect_cycles
        rules = plan.rules
        self.won_pile = plan.capture == 1
        self.aside = plan.capture == 2
        self.shortage = rules.shortage
        self.zero_lose = rules.zero == "lose"
        self.goal = rules.goal
        self.round_limit = rules.round_limit
        self.need = plan.need
        self.const_need = int(plan.need[plan.deck[0]]) if rules.face_down != "by_rank" else 0
        # Runs of war-free rounds need a per-round cycle check when positions can repeat.
        self.run_length = RUN_LENGTH
        self.stop_at: np.ndarray | None = None     # per slot: no run goes past this round
        if max_rounds is not None:
            self.settle_round = 3 * max_rounds + 2 if max_rounds <= SETTLE_EXTRA else max_rounds + SETTLE_EXTRA
        # First war battles on fixed-size tables, when the gather orders allow it.
        self.fast_wars = bool(self.const_need) and all(g in ("shuffle", "played") for g in plan.gather)
        self._war_owners = np.array([0] * self.const_need + [1] * self.const_need, np.uint8)
        self._steps = np.arange(1, 65, dtype=U64) * GOLDEN
        self._alloc(n)

    def _alloc(self, n: int) -> None:
        self.n = n
        self.H = np.zeros(3 * n * 64, np.uint8)        # rows 2n..3n-1: scratch rows, one per game
        self.W = np.zeros(3 * n * 64, np.uint8) if self.won_pile else None
        self.hd = np.zeros((2, n), np.int64)
        self.hn = np.zeros((2, n), np.int64)
        self.wd = np.zeros((2, n), np.int64)
        self.wn = np.zeros((2, n), np.int64)
        self.up = np.zeros((2, n), np.uint8)
        self.reuse = np.zeros((2, n), bool)
        self.T = np.zeros(n * 64, np.uint8)
        self.TO = np.zeros(n * 64, np.uint8)
        self.TO[1::64] = 1                     # a round's first battle: player 1 at 0, player 2 at 1
        self.tl = np.zeros(n, np.int64)
        self.inwar = np.zeros(n, bool)
        self.tie = np.zeros(n, np.uint8)
        self.wir = np.zeros(n, np.int64)
        self.rounds = np.zeros(n, np.int64)
        self.war_rounds = np.zeros(n, np.int64)
        self.rng = np.zeros(n, U64)
        self.short_end = np.zeros(n, bool)
        self.winner = np.full(n, -1, np.int8)
        self.reason = np.zeros(n, np.int8)
        self.alive = np.zeros(n, bool)
        if self.detect:
            self.saved = np.zeros((n, 256 if self.won_pile else 128), np.uint8)
            self.saved_len = np.zeros((n, 4), np.int64)
            self.saved_round = np.zeros(n, np.int64)
            self.power = np.ones(n, np.int64)
            self.period = np.zeros(n, np.int64)
            self.snapped = np.zeros(n, bool)
            self.snap = np.zeros((n, 3), np.int64)    # winner, reason, war rounds at max_rounds
        self._set_bases()

    def _set_bases(self) -> None:
        n = self.n
        self.base = ((np.arange(2 * n, dtype=np.int64)) << 6).reshape(2, n)
        self.scratch = 2 * n * 64

    def compact(self, keep: np.ndarray) -> None:
        """Keep only the slots ``keep`` (renumbered 0..len-1), so a thinning batch stays cheap."""
        n, k = self.n, len(keep)
        for name in _PER_SLOT:
            if hasattr(self, name):
                setattr(self, name, getattr(self, name)[keep])
        for name in _PER_ROW:   # C order matters: the index paths write through reshape(-1) views
            setattr(self, name, np.ascontiguousarray(getattr(self, name)[:, keep]))
        for name in ("H", "W"):
            ring = getattr(self, name)
            if ring is not None:
                kept = ring[:2 * n * 64].reshape(2, n, 64)[:, keep].reshape(-1)
                setattr(self, name, np.concatenate([kept, np.zeros(k * 64, np.uint8)]))
        if self.stop_at is not None:
            self.stop_at = self.stop_at[keep]
        self.T = self.T.reshape(n, 64)[keep].reshape(-1)
        self.TO = self.TO.reshape(n, 64)[keep].reshape(-1)
        self.n = k
        self._set_bases()

    # --- loading ------------------------------------------------------------------------
    def load(self, slots: np.ndarray, hands: tuple[np.ndarray, np.ndarray], lengths: tuple[np.ndarray, np.ndarray],
             states: np.ndarray) -> None:
        """Start new games in ``slots``: per player a 2-D array of card codes (top first) with
        lengths, and each game's generator state after its deal."""
        for p in range(2):
            cards = hands[p]
            block = np.zeros((len(slots), 64), np.uint8)
            block[:, :cards.shape[1]] = cards
            self.H[:2 * self.n * 64].reshape(2, self.n, 64)[p, slots] = block
            self.hd[p, slots] = 0
            self.hn[p, slots] = lengths[p]
            self.wd[p, slots] = 0
            self.wn[p, slots] = 0
            self.reuse[p, slots] = False
        self.tl[slots] = 0
        self.inwar[slots] = False
        self.wir[slots] = 0
        self.rounds[slots] = 0
        self.war_rounds[slots] = 0
        self.rng[slots] = states
        self.short_end[slots] = False
        self.winner[slots] = -1
        self.reason[slots] = 0
        self.alive[slots] = True
        if self.detect:
            self.saved[slots] = self.position(slots)
            self.saved_len[slots] = self._lengths(slots)
            self.saved_round[slots] = 0
            self.power[slots] = 1
            self.period[slots] = 0
            self.snapped[slots] = False

    # --- small helpers (index paths) ---------------------------------------------------------
    def _read(self, ring: np.ndarray, head: np.ndarray, count: np.ndarray, rows: np.ndarray,
              width: int | None = None) -> np.ndarray:
        """The first ``width`` cards of each row's ring, top first (unused places undefined)."""
        head, count = head.reshape(-1), count.reshape(-1)
        width = int(count[rows].max()) if width is None else width
        j = _J64[:max(width, 1)]
        return ring[(rows << 6)[:, None] | ((head[rows][:, None] + j) & 63)]

    @staticmethod
    def _append(ring: np.ndarray | None, head: np.ndarray, count: np.ndarray, rows: np.ndarray,
                cards: np.ndarray, lengths: np.ndarray) -> None:
        """Put each row's first ``lengths[i]`` cards of ``cards`` under its ring, in order."""
        head, count = head.reshape(-1), count.reshape(-1)
        if ring is not None and cards.shape[1]:
            j = _J64[:cards.shape[1]]
            pos = (rows << 6)[:, None] | (((head[rows] + count[rows])[:, None] + j) & 63)
            ring[np.where(j < lengths[:, None], pos, len(ring) - 1)] = cards   # extras to scratch
        count[rows] += lengths

    def _dest(self) -> tuple:
        if self.won_pile:
            return self.W, self.wd, self.wn
        if self.aside:
            return None, self.wd, self.wn
        return self.H, self.hd, self.hn

    def _compare(self, c0: np.ndarray, c1: np.ndarray) -> np.ndarray:
        """0 if player 1's card wins, 1 if player 2's, 2 on a tie."""
        s0 = c0 >> 2
        s1 = c1 >> 2
        res = (s1 > s0).view(np.int8)
        res = res + ((s0 == s1).view(np.int8) << 1)
        if self.plan.ace_index >= 0:   # low_beats_ace: the lowest rank beats an ace, and only an ace
            a, lo = self.plan.ace_index, self.plan.low_index
            flip = ((s0 == a) & (s1 == lo)) | ((s1 == a) & (s0 == lo))
            res[flip] = 1 - res[flip]
        return res

    def _refill(self, e0: np.ndarray, e1: np.ndarray) -> None:
        """Player 1's won pile in games ``e0`` and player 2's in games ``e1`` go under their
        hands, shuffled first if the rules say so (won_pile only).  In a game where both
        refill, player 1's pile is shuffled first, as in the engine: player 2's draws follow."""
        if e0.size + e1.size == 0:
            return
        n = self.n
        rows = np.concatenate([e0, n + e1])
        wn = self.wn.reshape(-1)
        lengths = wn[rows]
        pile = self.W[:2 * n * 64].reshape(2 * n, 64)[rows]     # a won pile always starts at 0
        if self.plan.rules.shuffle_won_pile:
            states = self.rng[np.concatenate([e0, e1])]
            if e0.size and e1.size:
                drawn = np.zeros(n, U64)
                drawn[e0] = np.maximum(lengths[:len(e0)] - 1, 0).astype(U64)
                states[len(e0):] += drawn[e1] * GOLDEN
            shuffle_rows(pile, lengths, states)
            self.rng[e0] = states[:len(e0)]
            self.rng[e1] = states[len(e0):]
        hn = self.hn.reshape(-1)
        empty = hn[rows] == 0
        if empty.all():                  # the usual case: the pile simply becomes the hand
            self.H[:2 * n * 64].reshape(2 * n, 64)[rows] = pile
            self.hd.reshape(-1)[rows] = 0
            hn[rows] = lengths
        else:
            self._append(self.H, self.hd, self.hn, rows, pile[:, :int(lengths.max())], lengths)
        wn[rows] = 0

    # --- one battle ------------------------------------------------------------------------
    def step(self) -> tuple[np.ndarray, np.ndarray]:
        """Advance every live game: a run of war-free rounds (or one flip), then one battle of
        each war in progress, including wars that the run or flip just started.  Returns the
        slots whose game ended (results set, no longer alive) and, with cycle detection, the
        slots found to cycle (``period`` set, no longer alive; ``period`` -1: past max_rounds
        and still undecided whether a position had repeated by then)."""
        starting = self.alive & ~self.inwar
        done = np.zeros(self.n, bool)
        forced: list[np.ndarray] = []
        if self.won_pile:      # a round starts by turning the won pile over if the hand is empty
            self._refill(*[np.flatnonzero(starting & (self.hn[p] == 0) & (self.wn[p] > 0)) for p in (0, 1)])
        ran = self._run(starting) if self.run_length > 1 else None
        if ran is not None:
            starting &= ~ran
        self._start(np.flatnonzero(starting), done)
        war = np.flatnonzero(self.alive & self.inwar)
        if war.size:
            self._war(war, done, forced)
        return self._after(done, forced, ran)

    def _by_counts(self, g: np.ndarray) -> np.ndarray:
        """More cards wins (fewer for the drunkard goal 'loser_all'); equal is a draw."""
        c0 = self.hn[0, g] + self.wn[0, g]
        c1 = self.hn[1, g] + self.wn[1, g]
        if self.goal == "loser_all":
            c0, c1 = c1, c0
        return np.where(c0 > c1, 0, np.where(c1 > c0, 1, -1)).astype(np.int8)

    # --- after the battle: rounds completed, games ended ----------------------------------------
    def _after(self, done: np.ndarray, forced: list, ran: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
        """Book completed rounds (mask ``done``) and forced ends, and check every end rule in
        the engine's order: all cards, hands empty, round limit, cycle, ``max_rounds``.
        Games that played a run (mask ``ran``, already booked) are checked too."""
        hard = np.concatenate(forced) if forced else np.zeros(0, np.int64)
        if ran is not None:     # a run that ended on a tie is mid-war (or its war is booked in done)
            ran &= ~self.inwar
            ran[hard] = False
        self.rounds += done
        self.war_rounds += done & (self.wir > 0)
        self.wir *= ~done
        self.inwar &= ~done
        self.reuse &= ~done
        if ran is not None:
            done = done | ran
        if hard.size:
            self.rounds[hard] += 1
            self.war_rounds[hard] += 1
            self.inwar[hard] = False
        ended = [hard]
        hn0, hn1 = self.hn
        if self.aside:
            over = done & ((hn0 == 0) | (hn1 == 0))
            e = np.flatnonzero(over)
            self.reason[e] = _HANDS_EMPTY
            self.winner[e] = self._by_counts(e)
        else:
            c0 = hn0 + self.wn[0]
            c1 = hn1 + self.wn[1]
            out0 = c0 == 0
            over = done & (out0 | (c1 == 0))
            e = np.flatnonzero(over)
            if e.size:
                o0 = out0[e]
                if self.goal == "collect":
                    self.winner[e] = np.where(o0, 1, 0)
                    self.reason[e] = np.where(self.short_end[e], _SHORTAGE, _ALL_CARDS)
                else:
                    self.winner[e] = np.where(o0, 1, 0) if self.goal == "loser_first_out" else np.where(o0, 0, 1)
                    self.reason[e] = _DRUNKARD
        self.short_end &= ~done
        ended.append(e)
        rest = done & ~over
        if self.round_limit is not None:
            hit = rest & (self.rounds >= self.round_limit)
            e = np.flatnonzero(hit)
            self.reason[e] = _ROUND_LIMIT
            self.winner[e] = self._by_counts(e)
            ended.append(e)
            rest &= ~hit
        cycles = np.zeros(0, np.int64)
        if self.detect:
            r = np.flatnonzero(rest)
            if r.size:
                found = self._brent(r)
                cycles = r[found]
                rest[cycles] = False
                self.alive[cycles] = False
        if self.max_rounds is not None:
            e = np.flatnonzero(rest & (self.rounds >= self.max_rounds))
            if not self.detect:
                self.reason[e] = _TIME
                self.winner[e] = self._by_counts(e)
                ended.append(e)
            elif e.size:
                first = e[~self.snapped[e]]
                self.snapped[first] = True
                self.snap[first, 0] = self._by_counts(first)
                self.snap[first, 1] = _TIME
                self.snap[first, 2] = self.war_rounds[first]
                # The engine would stop here unless a position had repeated by now.  If one had,
                # this position is on the cycle: Brent restarted here finds its period within a
                # few periods (and surely by round 3 * max_rounds); the replay then tells.
                self.saved[first] = self.position(first)
                self.saved_len[first] = self._lengths(first)
                self.saved_round[first] = self.rounds[first]
                self.power[first] = 1
                # Give up at round 3 * max_rounds + 2 (no cycle ends by max_rounds: a time end),
                # or, for a large max_rounds, sooner, leaving the game to the engine.
                last = self.rounds[e] >= self.settle_round
                if self.settle_round == 3 * self.max_rounds + 2:
                    ended.append(e[last])
                elif last.any():
                    self.period[e[last]] = -1
                    self.alive[e[last]] = False
                    cycles = np.concatenate([cycles, e[last]])
        out = np.concatenate(ended)
        if self.detect and out.size:
            s = out[self.snapped[out]]
            self.winner[s] = self.snap[s, 0]
            self.reason[s] = self.snap[s, 1]
            self.war_rounds[s] = self.snap[s, 2]
            self.rounds[s] = self.max_rounds
        self.alive[out] = False
        return out, cycles

    # --- positions and cycles -----------------------------------------------------------------
    def _lengths(self, g: np.ndarray) -> np.ndarray:
        return np.stack([self.hn[0, g], self.hn[1, g], self.wn[0, g], self.wn[1, g]], axis=1)

    def position(self, g: np.ndarray) -> np.ndarray:
        """Each game's hands (and won piles), top first, padded with 255: equal rows are equal
        positions, exactly as the engine's position key."""
        parts = []
        rings = [(self.H, self.hd, self.hn)] + ([(self.W, self.wd, self.wn)] if self.won_pile else [])
        for ring, head, count in rings:
            for p in (0, 1):
                cards = self._read(ring, head, count, p * self.n + g, 64)
                parts.append(np.where(_J64 < count[p, g][:, None], cards, 255).astype(np.uint8))
        return np.concatenate(parts, axis=1)

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
