"""Many two-player games of War as numpy arrays, all advanced one battle per ``step``.

Each game lives in a *slot* ``g`` (0..n-1); player ``p``'s *row* is ``p * n + g``.  A hand (and,
with ``capture="won_pile"``, a won pile) is a 64-card ring buffer per row with a head and a
length; the table is a 64-card array per slot holding the cards in the engine's "played" order
(battle by battle, player 1's cards before player 2's), with each card's owner beside it.

``step()`` plays one battle in every live game: the first flip of a round, or one battle of a
war (shortage rules first, then face-down cards and the face-up card).  It follows the engine's
beat machine (``war_widget.engine.Game``) rule for rule and draws from each game's own
SplitMix64 in the same order, so the same seed gives the same game.

Speed: runs of rounds without a war (most rounds) and first war battles are played on
(round or card, game) arrays with as few whole-array operations as possible; ``np.where`` is
avoided there (it is many times slower than arithmetic).  Writes that a masked-out entry must
not make go to the game's scratch row (rows 2n..3n-1 of the ring arrays).
"""
from __future__ import annotations

import numpy as np

from .. import policies
from ..events import Termination
from ._plan import REASON_CODES, Plan
from ._rng import _REJECT_ABOVE, GOLDEN, U64, mix, shuffle_rows

__all__ = ["Batch"]

_J64 = np.arange(64)
_J8 = np.arange(64, dtype=np.uint8)
_J16 = np.arange(65, dtype=np.int16)


def _cumsum_rows(mask: np.ndarray, step: int = 1) -> np.ndarray:
    """Running count (times ``step``) down the rows of a small 2-D bool array, as uint8
    (numpy's own cumsum along a short axis is many times slower)."""
    out = np.empty(mask.shape, np.uint8)
    acc = np.zeros(mask.shape[1], np.uint8)
    for t in range(mask.shape[0]):
        acc += mask[t].view(np.uint8) * np.uint8(step) if step != 1 else mask[t]
        out[t] = acc
    return out


def _pick(cond: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """``np.where(cond, a, b)`` for uint8 arrays of one shape, by bit arithmetic (faster)."""
    mask = cond.view(np.uint8) * np.uint8(255)
    return b ^ ((a ^ b) & mask)
_ALL_CARDS = REASON_CODES[Termination.ALL_CARDS]
_SHORTAGE = REASON_CODES[Termination.SHORTAGE]
_DRUNKARD = REASON_CODES[Termination.DRUNKARD_LOSER]
_HANDS_EMPTY = REASON_CODES[Termination.HANDS_EMPTY]
_ROUND_LIMIT = REASON_CODES[Termination.ROUND_LIMIT]
_VOID = REASON_CODES[Termination.VOID_ROUND]
_REUSE_TIE = REASON_CODES[Termination.REUSE_TIE]
_TIME = REASON_CODES[Termination.TIME]
_ZERO64 = U64(0)
RUN_LENGTH = 10
SETTLE_EXTRA = 20_000     # rounds past max_rounds spent looking for a cycle before asking the engine

_PER_SLOT = ("tl", "inwar", "tie", "wir", "rounds", "war_rounds", "rng", "short_end", "winner", "reason", "alive",
             "saved", "saved_len", "saved_round", "power", "period", "snapped", "snap")
_PER_ROW = ("hd", "hn", "wd", "wn", "up", "reuse")


class Batch:
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
        n = self.n
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
        need, n = self.const_need, self.n
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
