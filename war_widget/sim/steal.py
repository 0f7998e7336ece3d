"""Pit two Steal War policies against each other over many deals, seats swapped.

Games come in pairs: both games of pair ``j`` are dealt from the same seed
(``war_widget.sim.simulation.game_seed(seed, j)``), policy A in seat 1 in the first and in seat 2 in
the second, so neither the deal nor the seat favours a policy.  Because the two games of a pair
are not independent, the 95% interval of A's win share is computed from the per-pair scores (a
cluster-robust normal interval), not as if all games were independent.

A policy against itself is therefore exactly 50%: the two games of a pair are the same game
with the names swapped.  Whether seat 1 has an advantage is measured apart, by ``seat_bias``,
on independent deals.

How the games are played: two-player games between built-in policies (``never``, ``always``,
``greedy``) by ``fast_game``, a replica of the rules on plain integers (card ``i`` is
``make_deck(52, 2)[i]``, the policies written inline, no events), about ten times less work per
round than the engine (``war_widget.variants.steal``), which is written for clarity: every beat
an event object, every decision through ``legal_actions`` and a policy call.  The replica
consumes the SplitMix64 stream exactly as the engine does (the deal, then every pile turned into
a hand, in the same order), so a game here and in the engine end identically:
tests/variants/test_steal.py checks winner, length, steals and final counts over hundreds of
seeds and every pairing.  Anything else (other policies, 3-4 players, events) uses the engine.

This is the simulator layer: it imports the game, never a view.
"""
from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..game.cards import make_deck
from ..game.rng import SplitMix64
from ..variants.steal.game import StealWarGame
from ..variants.steal.policies import _COPIES, POLICIES, card_win_chance
from ..variants.steal.state import Policy
from .simulation import game_seed

__all__ = ["simulate_steal", "StealSimulation", "policy_table", "format_table", "PAIRINGS", "seat_bias",
           "SeatBias", "wilson", "fast_game", "fast_game_from", "FAST_POLICIES"]

# --- the fast replica (two players, built-in policies) -------------------------------------------

FAST_POLICIES = {"never": 0, "always": 1, "greedy": 2}
_DECK = make_deck(52, 2)
_RANK = [c.rank for c in _DECK]
_CHANCE = [card_win_chance(c) - 0.5 for c in _DECK]  # greedy: (p - 1/2) per card
_COPIES_OF = [_COPIES[r] for r in _RANK]


def fast_game(seed: int, policy0: str, policy1: str,
              max_rounds: int = 5000) -> tuple[int, int, int, bool, tuple[int, int]]:
    """Play one two-player game dealt from ``seed``; returns (winner or -1 for a draw, rounds,
    steals, capped, final counts)."""
    rng = SplitMix64(seed)
    deck = list(range(54))
    rng.shuffle(deck)
    return _fast_play([deque(deck[0:54:2]), deque(deck[1:54:2])], [[], []], rng, policy0, policy1, max_rounds, None)


def fast_game_from(hands: Sequence[Sequence[int]], piles: Sequence[Sequence[int]], seed: int, policy0: str,
                   policy1: str, max_rounds: int = 5000
                   ) -> tuple[tuple[int, int, int, bool, tuple[int, int]], list[tuple[int, tuple[int, int]]]]:
    """``fast_game`` from a scripted position (``StealWarGame.from_hands(hands, piles, seed)``'s:
    card ``i`` is ``make_deck(52, 2)[i]``, hands top card first, piles bottom card first), and its
    history: per round, the winner (-1: none) and both counts after it.  The guard's entry point
    (tests/sim/test_guard.py)."""
    history: list[tuple[int, tuple[int, int]]] = []
    result = _fast_play([deque(h) for h in hands], [list(w) for w in piles], SplitMix64(seed), policy0, policy1,
                        max_rounds, history)
    return result, history


def _fast_play(hands: list[deque[int]], piles: list[list[int]], rng: SplitMix64, policy0: str, policy1: str,
               max_rounds: int, history: list[tuple[int, tuple[int, int]]] | None
               ) -> tuple[int, int, int, bool, tuple[int, int]]:
    R = _RANK
    pol = (FAST_POLICIES[policy0], FAST_POLICIES[policy1])
    shuffle = rng.shuffle
    rounds = steals = 0

    def refill(p: int) -> None:
        if not hands[p] and piles[p]:
            pile = piles[p]
            piles[p] = []
            shuffle(pile)
            hands[p].extend(pile)

    while True:
        if rounds >= max_rounds:
            c0, c1 = len(hands[0]) + len(piles[0]), len(hands[1]) + len(piles[1])
            return (-1 if c0 == c1 else (0 if c0 > c1 else 1)), rounds, steals, True, (c0, c1)
        refill(0)
        refill(1)
        table: list[tuple[int, int, bool]] = []
        winner = -1
        while True:  # battles of this round
            while True:  # the looks of a steal window
                h0, h1 = hands[0][0], hands[1][0]
                p0, p1 = piles[0], piles[1]
                t0 = R[p0[-1]] if p0 else 0
                t1 = R[p1[-1]] if p1 else 0
                prot0 = t0 and R[h0] == t0
                prot1 = t1 and R[h1] == t1
                can0 = t1 and not prot1 and R[h0] == t1
                can1 = t0 and not prot0 and R[h1] == t0
                if not (can0 or can1):
                    break
                stake = len(table) + 2
                s0 = can0 and (pol[0] == 1 or (pol[0] == 2 and len(p1) >= _CHANCE[h0] * stake))
                s1 = can1 and (pol[1] == 1 or (pol[1] == 2 and len(p0) >= _CHANCE[h1] * stake))
                if s0 and s1:
                    hands[0].popleft()
                    hands[1].popleft()
                    piles[0], piles[1] = p1 + [h0], p0 + [h1]
                    steals += 2
                    refill(0)
                    refill(1)
                elif s0 or s1:
                    p = 0 if s0 else 1
                    v = 1 - p
                    card = hands[p].popleft()
                    victim = piles[v]
                    victim.append(card)
                    piles[p].extend(victim)
                    piles[v] = []
                    steals += 1
                    refill(p)
                else:
                    break
            c0, c1 = hands[0].popleft(), hands[1].popleft()
            table.append((0, c0, True))
            table.append((1, c1, True))
            refill(0)
            refill(1)
            r0, r1 = R[c0], R[c1]
            if r0 != r1:
                winner = 0 if r0 > r1 else 1
                break
            have = (len(hands[0]) + len(piles[0]), len(hands[1]) + len(piles[1]))
            short = [p for p in (0, 1) if have[p] < 4]
            if len(short) == 2:
                if have[0] == have[1]:  # both run out together: a draw
                    for p, c, _ in table:
                        hands[p].append(c)
                    rounds += 1
                    counts = (len(hands[0]) + len(piles[0]), len(hands[1]) + len(piles[1]))
                    if history is not None:
                        history.append((-1, counts))
                    return -1, rounds, steals, False, counts
                short = [0 if have[0] < have[1] else 1]
            if short:
                p = short[0]
                table.extend((p, c, False) for c in list(hands[p]) + piles[p])
                hands[p].clear()
                piles[p] = []
                winner = 1 - p
                break
            for p in (0, 1):
                hand = hands[p]
                for _ in range(3):
                    if not hand:
                        refill(p)
                    table.append((p, hand.popleft(), False))
            refill(0)
            refill(1)
        loser = 1 - winner
        cards = [c for _, c, _ in table]
        if hands[loser] or piles[loser]:
            if pol[winner] == 2:
                seen: dict[int, int] = {}
                for c in cards:
                    seen[R[c]] = seen.get(R[c], 0) + 1
                if piles[loser]:
                    r = R[piles[loser][-1]]
                    seen[r] = seen.get(r, 0) + 1
                top = min(cards, key=lambda c: (_COPIES_OF[c] - seen[R[c]], -R[c]))
            else:
                top = next(c for p, c, up in reversed(table) if p == winner and up)
            cards.remove(top)
            cards.append(top)
        piles[winner].extend(cards)
        rounds += 1
        if history is not None:
            history.append((winner, (len(hands[0]) + len(piles[0]), len(hands[1]) + len(piles[1]))))
        if not hands[loser] and not piles[loser]:
            return winner, rounds, steals, False, (len(hands[0]) + len(piles[0]), len(hands[1]) + len(piles[1]))
        refill(0)
        refill(1)


# --- pairs of games, seats swapped ---------------------------------------------------------------

PAIRINGS = (("never", "always"), ("never", "greedy"), ("always", "greedy"))


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (independent trials)."""
    if n <= 0:
        raise ValueError(f"need at least one trial; got {n}")
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _policy(policy: str | Policy, which: str) -> tuple[str, Policy]:
    if isinstance(policy, str):
        if policy not in POLICIES:
            raise ValueError(f"policy {which} must be one of {', '.join(POLICIES)} or a callable; got {policy!r}")
        return policy, POLICIES[policy]
    if not callable(policy):
        raise ValueError(f"policy {which} must be a name ({', '.join(POLICIES)}) or a callable; got {policy!r}")
    return getattr(policy, "__name__", "policy"), policy


def _check_count(name: str, value: object, minimum: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < minimum:
        raise ValueError(f"{name} must be a whole number >= {minimum}; got {value!r}")


def _play(names: tuple[str | None, str | None], policies: tuple[Policy, Policy], deal: int, max_rounds: int,
          use_fast: bool) -> tuple[int | None, int, int, bool]:
    """One game: (winning seat or None, rounds, steals, capped)."""
    if use_fast:
        assert names[0] is not None and names[1] is not None, "the fast engine plays named policies"
        w, length, stolen, cap, _ = fast_game(deal, names[0], names[1], max_rounds)
        return (None if w < 0 else w), length, stolen, cap
    game = StealWarGame(2, deal, policies)
    game.play_to_end(max_rounds=max_rounds)
    cap = not game.is_over
    winner = (game.outcome if game.outcome is not None else game.end_now()).winner
    return winner, game.round_number, len(game.steal_history), cap


def _engine(pa: Policy, pb: Policy, engine: str) -> tuple[bool, dict[Policy, str]]:
    if engine not in ("auto", "fast", "full"):
        raise ValueError(f"engine must be 'auto', 'fast' or 'full'; got {engine!r}")
    builtin = {v: k for k, v in POLICIES.items()}
    fast_ok = pa in builtin and pb in builtin
    if engine == "fast" and not fast_ok:
        raise ValueError("engine='fast' plays only the built-in policies (never, always, greedy)")
    return fast_ok and engine != "full", builtin


@dataclass(frozen=True)
class StealSimulation:
    """Per-game results of A against B: ``winners`` as 'A', 'B' or 'draw', lengths in rounds,
    steals per game, whether the game hit the round cap, and how often seat 1 won."""

    a: str
    b: str
    seed: int
    winners: tuple[str, ...]
    lengths: tuple[int, ...]
    steals: tuple[int, ...]
    capped: tuple[bool, ...]
    seat1_wins: int

    @property
    def games(self) -> int:
        return len(self.winners)

    def share(self, who: str) -> float:
        """The share of games won by 'A' or 'B', or drawn ('draw')."""
        if who not in ("A", "B", "draw"):
            raise ValueError(f"who must be 'A', 'B' or 'draw'; got {who!r}")
        return self.winners.count(who) / self.games

    def interval(self, z: float = 1.96) -> tuple[float, float]:
        """The 95% interval of A's win share: the normal interval from the per-pair scores
        (games 2j and 2j+1 share a deal), widened to include the Wilson interval of the games,
        which stays honest when the share is near 0 or 1 (where the normal one collapses)."""
        scores = [sum(w == "A" for w in self.winners[j:j + 2]) / len(self.winners[j:j + 2])
                  for j in range(0, self.games, 2)]
        m = len(scores)
        if m < 2:
            return (0.0, 1.0)
        avg = sum(scores) / m
        var = sum((s - avg) ** 2 for s in scores) / (m - 1)
        half = z * math.sqrt(var / m)
        mean = self.share("A")
        low, high = wilson(self.winners.count("A"), self.games, z)
        return (max(0.0, min(mean - half, low)), min(1.0, max(mean + half, high)))

    def summary(self) -> dict[str, Any]:
        low, high = self.interval()
        return {"A": self.a, "B": self.b, "games": self.games, "A_wins": self.share("A"), "A_low": low,
                "A_high": high, "B_wins": self.share("B"), "draws": self.share("draw"),
                "mean_rounds": sum(self.lengths) / self.games, "steals_per_game": sum(self.steals) / self.games,
                "capped": sum(self.capped), "seat1_share": self.seat1_wins / self.games}

    def __str__(self) -> str:
        s = self.summary()
        return (f"{s['A']} vs {s['B']}: {s['games']} games, {s['A']} wins {s['A_wins']:.1%} "
                f"[{s['A_low']:.1%}, {s['A_high']:.1%}], {s['B']} wins {s['B_wins']:.1%}, draws {s['draws']:.1%}; "
                f"{s['mean_rounds']:.0f} rounds and {s['steals_per_game']:.1f} steals a game")


def simulate_steal(policy_a: str | Policy, policy_b: str | Policy, games: int, seed: int = 0, *,
                   max_rounds: int = 5000, engine: str = "auto") -> StealSimulation:
    """Play ``games`` two-player games of A against B (seats swapped in pairs on the same deal).

    A policy is a name (never, always, greedy) or a callable ``policy(game, legal_actions)``; it
    should not keep state between games.  A game still going after ``max_rounds`` rounds is
    ended by counts (``end_now``) and counted in ``capped``.  ``engine``: "full" plays every
    game on ``StealWarGame``; "fast" on the verified replica ``fast_game`` (built-in
    policies only); "auto" picks fast when it can.  Both give identical results.

    >>> result = simulate_steal("always", "never", 20, seed=1)
    >>> result.games, result.share("A") > 0.5
    (20, True)
    """
    name_a, pa = _policy(policy_a, "A")
    name_b, pb = _policy(policy_b, "B")
    _check_count("games", games, 1)
    _check_count("seed", seed, 0)
    _check_count("max_rounds", max_rounds, 1)
    use_fast, builtin = _engine(pa, pb, engine)
    winners, lengths, steals, capped = [], [], [], []
    seat1 = 0
    for i in range(games):
        a_seat = i % 2
        pols = (pa, pb) if a_seat == 0 else (pb, pa)
        w, length, stolen, cap = _play((builtin.get(pols[0]), builtin.get(pols[1])), pols,
                                       game_seed(seed, i // 2), max_rounds, use_fast)
        winners.append("draw" if w is None else ("A" if w == a_seat else "B"))
        seat1 += w == 0
        lengths.append(length)
        steals.append(stolen)
        capped.append(cap)
    return StealSimulation(name_a, name_b, seed, tuple(winners), tuple(lengths), tuple(steals), tuple(capped),
                           seat1)


@dataclass(frozen=True)
class SeatBias:
    """Seat 1's share of ``games`` self-play games of ``policy`` on independent deals."""

    policy: str
    games: int
    seat1_wins: int
    draws: int
    rounds: int = 0

    @property
    def mean_rounds(self) -> float:
        return self.rounds / self.games

    @property
    def share(self) -> float:
        return self.seat1_wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.seat1_wins, self.games)

    def __str__(self) -> str:
        low, high = self.interval
        return (f"{self.policy} vs itself: seat 1 wins {self.share:.1%} [{low:.1%}, {high:.1%}] of {self.games} "
                f"games, {self.mean_rounds:.1f} rounds a game")


def seat_bias(policy: str | Policy, games: int, seed: int = 0, *, max_rounds: int = 5000,
              engine: str = "auto") -> SeatBias:
    """Does the first seat win more often?  ``policy`` plays itself on ``games`` distinct deals
    (``game_seed(seed + 1, i)``, apart from the deals of ``simulate_steal``)."""
    name, pol = _policy(policy, "")
    _check_count("games", games, 1)
    _check_count("seed", seed, 0)
    use_fast, builtin = _engine(pol, pol, engine)
    wins = draws = rounds = 0
    for i in range(games):
        w, length, _, _ = _play((builtin.get(pol),) * 2, (pol, pol), game_seed(seed + 1, i), max_rounds, use_fast)
        wins += w == 0
        draws += w is None
        rounds += length
    return SeatBias(name, games, wins, draws, rounds)


def policy_table(games: int, seed: int = 0, pairings: Sequence[tuple[str, str]] = PAIRINGS,
                 max_rounds: int = 5000, engine: str = "auto") -> list[StealSimulation]:
    """One simulation per pairing (by default never, always and greedy against each other)."""
    return [simulate_steal(a, b, games, seed, max_rounds=max_rounds, engine=engine) for a, b in pairings]


def format_table(results: Sequence[StealSimulation]) -> str:
    """A fixed-width text table: A's win share with its 95% interval, B's, draws, the mean
    length, steals per game and seat 1's share (which the seat swap makes irrelevant)."""
    lines = [f"{'A':<7} {'B':<7} {'games':>6}  {'A wins':>7}  {'95% interval':<16}  {'B wins':>7} {'draws':>6} "
             f"{'rounds':>7} {'steals':>7} {'seat 1':>7}"]
    for r in results:
        s = r.summary()
        interval = f"[{s['A_low']:.1%}, {s['A_high']:.1%}]"
        lines.append(f"{s['A']:<7} {s['B']:<7} {s['games']:>6}  {s['A_wins']:>7.1%}  {interval:<16}  "
                     f"{s['B_wins']:>7.1%} {s['draws']:>6.1%} {s['mean_rounds']:>7.1f} {s['steals_per_game']:>7.1f} "
                     f"{s['seat1_share']:>7.1%}")
    return "\n".join(lines)
