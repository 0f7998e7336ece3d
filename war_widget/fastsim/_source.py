"""Where a batch's games come from: the seeds of a simulation, or explicit deals.

``deal(ids)`` returns, for the games numbered ``ids``, each player's hand as card codes (top
first), the hand lengths, and each game's generator state after the deal, exactly as
``Game(rules, game_seed(seed, i))`` deals them."""
from __future__ import annotations

import numpy as np

from ..rng import SplitMix64
from ._plan import Plan
from ._rng import U64, seeds_of_games, shuffle_rows

__all__ = ["SeedSource", "DealSource"]

Dealt = tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray], np.ndarray]


class SeedSource:
    """Game ``i`` is dealt from ``simulation.game_seed(seed, i)``."""

    def __init__(self, plan: Plan, seed: int) -> None:
        self.plan = plan
        self.seed = seed
        rules = plan.rules
        self._red = np.zeros(64, bool)
        for card, code in plan.code_of.items():
            self._red[code] = card.is_red
        self._scalar = rules.joker_deal == "split"

    def seeds(self, ids: np.ndarray) -> np.ndarray:
        ids = np.asarray(ids, np.int64)
        out = np.empty(len(ids), U64)
        if len(ids):
            lo = int(ids.min())
            table = seeds_of_games(self.seed, lo, int(ids.max()) + 1)
            out[:] = table[ids - lo]
        return out

    def deal(self, ids: np.ndarray) -> Dealt:
        states = self.seeds(ids)
        plan, rules = self.plan, self.plan.rules
        m = len(ids)
        if self._scalar:
            return self._deal_scalar(states)
        cards = np.tile(plan.deck, (m, 1))
        shuffle_rows(cards, np.full(m, cards.shape[1]), states)
        if rules.deal == "by_color":
            order = np.argsort(self._red[cards], axis=1, kind="stable")
            cards = np.take_along_axis(cards, order, axis=1)
            half = cards.shape[1] // 2
            hands = (cards[:, :half], cards[:, half:])
        else:
            per = cards.shape[1] // 2
            hands = (cards[:, 0:2 * per:2], cards[:, 1:2 * per:2])
        lengths = tuple(np.full(m, h.shape[1], np.int64) for h in hands)
        return hands, lengths, states

    def engine_result(self, game_id: int, max_rounds: int | None) -> tuple[int, int, int, int]:
        """Game ``game_id`` played by the engine: length, winner, reason code, war rounds."""
        from ..engine import Game
        return _engine_result(Game(self.plan.rules, int(self.seeds(np.array([game_id]))[0])), max_rounds)

    def _deal_scalar(self, states: np.ndarray) -> Dealt:
        """Rare deals (a joker buried in each hand) through the engine's own dealing code."""
        from ..engine import _deal
        hands: list[list[list[int]]] = [[], []]
        for i, state in enumerate(states):
            gen = SplitMix64(int(state))
            dealt, _ = _deal(self.plan.rules, gen)
            for p in (0, 1):
                hands[p].append(self.plan.encode(dealt[p]))
            states[i] = U64(gen.state)
        (h0, l0), (h1, l1) = _pack(hands[0]), _pack(hands[1])
        return (h0, h1), (l0, l1), states


def _engine_result(game, max_rounds: int | None) -> tuple[int, int, int, int]:
    from ._plan import REASON_CODES
    game.play_to_end(max_rounds=max_rounds)
    if not game.is_over:
        game.end_now()
    o = game.outcome
    return (game.round_number, -1 if o.winner is None else o.winner, REASON_CODES[o.reason],
            sum(1 for _, w, _ in game.history if w))


class DealSource:
    """Explicit deals: one pair of hands (Cards or card strings, top first) per game, and the
    generator state each game starts from (0 if not given)."""

    def __init__(self, plan: Plan, deals, states=None) -> None:
        self.plan = plan
        codes = [[plan.encode(hand) for hand in deal] for deal in deals]
        if any(len(d) != 2 for d in codes):
            raise ValueError("each deal needs exactly two hands (one per player)")
        if any(len(h) > 54 for d in codes for h in d):
            raise ValueError("a hand holds at most 54 cards")
        self.hands = (_pack([d[0] for d in codes]), _pack([d[1] for d in codes]))
        self.states = np.zeros(len(codes), U64) if states is None else np.array(
            [int(s) for s in states], dtype=U64)

    def __len__(self) -> int:
        return len(self.states)

    def engine_result(self, game_id: int, max_rounds: int | None) -> tuple[int, int, int, int]:
        """Deal ``game_id`` played by the engine: length, winner, reason code, war rounds."""
        from ..engine import Game
        card_of = self.plan.card_of
        hands = [[card_of[int(c)].code for c in self.hands[p][0][game_id, :self.hands[p][1][game_id]]] for p in (0, 1)]
        return _engine_result(Game.from_hands(self.plan.rules, hands, seed=int(self.states[game_id])), max_rounds)

    def deal(self, ids: np.ndarray) -> Dealt:
        ids = np.asarray(ids, np.int64)
        return ((self.hands[0][0][ids], self.hands[1][0][ids]), (self.hands[0][1][ids], self.hands[1][1][ids]),
                self.states[ids].copy())


def _pack(hands: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    width = max((len(h) for h in hands), default=0)
    out = np.zeros((len(hands), max(width, 1)), np.uint8)
    for i, h in enumerate(hands):
        out[i, :len(h)] = h
    return out, np.array([len(h) for h in hands], np.int64)
