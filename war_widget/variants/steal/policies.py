"""Computer players for Steal War: callables ``policy(game, legal_actions) -> action``.

* ``never_steal``: always plays the card; puts its winning card on top.
* ``always_steal``: steals whenever it can (the biggest pile); puts its winning card on top.
* ``greedy``: weighs the pile it could steal against what the card is worth in the fight, and
  puts on top the won card whose rank is least likely to be matched.

``never_steal`` and ``always_steal`` share the plain top choice (the card that won the battle,
as if scooping the cards with it on top), so their comparison measures stealing alone.
"""
from __future__ import annotations

from collections.abc import Sequence

from ...game.cards import JOKER, Card
from ...game.rng import SplitMix64
from .actions import PLAY, Action, ChooseTop, Steal
from .decisions import StealDecisions
from .state import Policy

__all__ = ["never_steal", "always_steal", "greedy", "random_policy", "POLICIES", "winning_card_top",
           "least_matchable_top", "card_win_chance", "steal_threshold"]

_COPIES = {r: 4 for r in range(2, 15)}
_COPIES[JOKER] = 2
_DECK_SIZE = 54


def winning_card_top(game: StealDecisions, legal: Sequence[Action]) -> ChooseTop:
    """The winner's face-up card of the deciding battle goes on top."""
    winner = game.to_act
    for t in reversed(game.table):
        if t.player == winner and t.face_up:
            return ChooseTop(t.card)
    last = legal[-1]  # pragma: no cover - a winner always has a face-up card on the table
    assert isinstance(last, ChooseTop)  # pragma: no cover
    return last  # pragma: no cover


def least_matchable_top(game: StealDecisions, legal: Sequence[Action]) -> ChooseTop:
    """The won card whose rank has the fewest copies the winner has not seen (the won cards
    and the other piles' tops are seen): the fewest copies left, the fewer chances that an
    opponent's next card matches it.  Ties: the higher rank, then the first played."""
    winner = game.to_act
    seen: dict[int, int] = {}
    for t in game.table:
        seen[t.card.rank] = seen.get(t.card.rank, 0) + 1
    for q in range(game.players):
        top = game.top(q)
        if q != winner and top is not None:
            seen[top.rank] = seen.get(top.rank, 0) + 1
    best: ChooseTop | None = None
    key: tuple[int, int] | None = None
    for action in legal:
        if not isinstance(action, ChooseTop):  # pragma: no cover - only top choices are legal here
            continue
        rank = action.card.rank
        k = (_COPIES[rank] - seen.get(rank, 0), -rank)
        if key is None or k < key:
            best, key = action, k
    assert best is not None, "a winner chooses among the won cards"
    return best


def card_win_chance(card: Card, opponents: int = 1) -> float:
    """The chance that ``card`` beats ``opponents`` random other cards of the 54 (a tie counts half)."""
    rank = card.rank
    lower = 52 if rank == JOKER else 4 * (rank - 2)
    same = _COPIES[rank] - 1
    p = (lower + 0.5 * same) / (_DECK_SIZE - 1)
    return p ** opponents


def steal_threshold(game: StealDecisions, card: Card) -> float:
    """How many cards a steal must bring for ``greedy`` to give up fighting with ``card``.

    Playing ``card`` wins the table's other cards with chance p and loses the player's own with
    chance 1 - p; after a steal the next, unseen card fights instead, with an even chance.  The
    difference is (p - 1/2) times everything at stake."""
    fighters = len(game.fighters)
    stake = len(game.table) + fighters  # the table now, plus the cards about to be turned up
    return (card_win_chance(card, max(1, fighters - 1)) - 0.5) * stake


def _biggest(game: StealDecisions, steals: Sequence[Steal]) -> Steal:
    return max(steals, key=lambda s: (len(game.piles[s.victim]), -s.victim))


def never_steal(game: StealDecisions, legal: Sequence[Action]) -> Action:
    """Never steals; the winning card goes on top."""
    if legal and isinstance(legal[0], ChooseTop):
        return winning_card_top(game, legal)
    return PLAY


def always_steal(game: StealDecisions, legal: Sequence[Action]) -> Action:
    """Steals the biggest pile whenever it can; the winning card goes on top."""
    if legal and isinstance(legal[0], ChooseTop):
        return winning_card_top(game, legal)
    steals = [a for a in legal if isinstance(a, Steal)]
    return _biggest(game, steals) if steals else PLAY


def greedy(game: StealDecisions, legal: Sequence[Action]) -> Action:
    """Steals the biggest pile when it brings at least ``steal_threshold`` cards (so a low card
    always steals, and a joker in a big war keeps fighting unless the pile is bigger than the
    stake); puts on top the won card least likely to be matched."""
    if legal and isinstance(legal[0], ChooseTop):
        return least_matchable_top(game, legal)
    steals = [a for a in legal if isinstance(a, Steal)]
    if not steals:
        return PLAY
    best = _biggest(game, steals)
    player = game.to_act
    card = None if player is None else game.looking_at(player)
    assert card is not None, "greedy decides a steal while looking at a card"
    if len(game.piles[best.victim]) >= steal_threshold(game, card):
        return best
    return PLAY


def random_policy(seed: int) -> Policy:
    """A policy that picks uniformly among the legal actions, from its own SplitMix64 stream
    (for invariant tests and fuzzing)."""
    rng = SplitMix64(seed)

    def policy(game: StealDecisions, legal: Sequence[Action]) -> Action:
        return legal[rng.below(len(legal))]

    policy.__name__ = f"random_policy({seed})"
    return policy


POLICIES: dict[str, Policy] = {"never": never_steal, "always": always_steal, "greedy": greedy}
