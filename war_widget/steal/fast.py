"""A fast replica of two-player Steal War for the built-in policies, for large simulations.

The engine (``game.py``) is written for clarity: every beat is an event object, every decision
goes through ``legal_actions`` and a policy call.  A 10,000-game table per pairing needs about
ten times less work per round, so this module plays the same rules on plain integers (card
``i`` is ``make_deck(52, 2)[i]``), with the policies ``never``, ``always`` and ``greedy``
written inline, and no events.  It consumes the SplitMix64 stream exactly as the engine does
(the deal, then every pile turned into a hand, in the same order), so a game here and in the
engine end identically: tests/test_steal.py checks winner, length, steals and final counts
over hundreds of seeds and every pairing.  Anything else (other policies, 3-4 players, events)
uses the engine.
"""
from __future__ import annotations

from collections import deque

from ..game.cards import make_deck
from ..game.rng import SplitMix64
from .policies import _COPIES, card_win_chance

__all__ = ["fast_game", "FAST_POLICIES"]

FAST_POLICIES = {"never": 0, "always": 1, "greedy": 2}
_DECK = make_deck(52, 2)
_RANK = [c.rank for c in _DECK]
_CHANCE = [card_win_chance(c) - 0.5 for c in _DECK]  # greedy: (p - 1/2) per card
_COPIES_OF = [_COPIES[r] for r in _RANK]


def fast_game(seed: int, policy0: str, policy1: str,
              max_rounds: int = 5000) -> tuple[int, int, int, bool, tuple[int, int]]:
    """Play one two-player game dealt from ``seed``; returns (winner or -1 for a draw, rounds,
    steals, capped, final counts)."""
    R = _RANK
    pol = (FAST_POLICIES[policy0], FAST_POLICIES[policy1])
    rng = SplitMix64(seed)
    shuffle = rng.shuffle
    deck = list(range(54))
    shuffle(deck)
    hands = [deque(deck[0:54:2]), deque(deck[1:54:2])]
    piles: list[list[int]] = [[], []]
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
                    return -1, rounds, steals, False, (len(hands[0]) + len(piles[0]), len(hands[1]) + len(piles[1]))
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
        if not hands[loser] and not piles[loser]:
            return winner, rounds, steals, False, (54, 0) if winner == 0 else (0, 54)
        refill(0)
        refill(1)
