"""Whole-save checks: a loaded game must be a state the engine can reach under its rules.

``engine_json.loads`` (``Game.from_json``) rebuilds a game field by field, then calls
:func:`check_game`, which raises ``SaveError`` naming the first thing that cannot be true: the
deal (a numbered game is re-dealt from its seed), every card exactly once across hands, won piles, table and unused,
the ``out`` flags against the holdings, the round state against its phase (fighters, face-up
cards, the war's tie and plan, the winner), the history, and the outcome.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from .cards import Card
from .engine_state import deal
from .events import GameOver, Outcome, PlayerOut, Termination
from .rng import SplitMix64

__all__ = ["SaveError", "check_game"]


class SaveError(Exception):
    """A saved state that cannot happen; the message says what is wrong."""


def _codes(cards: Iterable[Card]) -> str:
    return " ".join(c.code for c in cards) or "none"


def check_game(game: Any) -> None:
    """Raise ``SaveError`` unless ``game`` (just loaded) is consistent as a whole."""
    _check_cards(game)
    counts = game.counts
    _check_history(game, counts)
    if game.phase in ("start", "over"):
        _check_between_rounds(game, counts)
    else:
        _check_round(game, counts)
    _check_out(game, counts)
    _check_outcome(game, counts)
    _check_pending(game)


def _check_cards(game: Any) -> None:
    rules = game.rules
    deck = set(rules.deck_cards)
    dealt = [c for h in game.dealt for c in h]
    if len(set(dealt)) != len(dealt) or not set(dealt) <= deck:
        raise SaveError("the cards dealt must be distinct cards of the rules' deck")
    if game._scripted:
        if game.unused:
            raise SaveError(f"a scripted deal sets no card aside, but unused holds {_codes(game.unused)}")
        if sum(1 for h in game.dealt if h) < 2:
            raise SaveError("a scripted deal needs at least two hands with cards")
    else:
        hands, unused = deal(rules, SplitMix64(game.seed))
        if [list(h) for h in game.dealt] != hands:
            raise SaveError(f"the hands dealt are not the deal of seed {game.seed} under these rules")
        if list(game.unused) != unused:
            raise SaveError(f"unused must be the cards the deal of seed {game.seed} sets aside ({_codes(unused)}); "
                            f"got {_codes(game.unused)}")
    places = ([c for h in game.hands for c in h] + [c for w in game.won for c in w]
              + [t.card for t in game._table] + list(game.unused))
    for card, times in Counter(places).items():
        if card not in deck:
            raise SaveError(f"{card.code} is not a card of this deck ({rules.deck} cards"
                            f"{' + 2 jokers' if rules.jokers else ', no jokers'})")
        if times > 1:
            raise SaveError(f"{card.code} is in the save {times} times (hands, won piles, table and unused "
                            "must hold every card exactly once)")
    held = Counter(places) - Counter(game.unused)
    missing, extra = Counter(dealt) - held, held - Counter(dealt)
    if missing or extra:
        raise SaveError(f"the cards held and on the table are not the cards dealt (missing: {_codes(missing)}; "
                        f"not dealt: {_codes(extra)})")
    if rules.capture == "bottom" and any(game.won):
        raise SaveError("with capture='bottom' won cards go under the hand: the won piles must be empty")


def _round_start_counts(game: Any) -> tuple[int, ...]:
    return tuple(game.history[-1][2]) if game.history else tuple(len(h) for h in game.dealt)


def _check_history(game: Any, counts: tuple[int, ...]) -> None:
    total = sum(len(h) for h in game.dealt)
    for i, (_, _, row) in enumerate(game.history, start=1):
        if sum(row) != total:
            raise SaveError(f"history round {i}: the counts {list(row)} do not add up to the {total} cards dealt")


def _check_out(game: Any, counts: tuple[int, ...]) -> None:
    n = game.rules.players
    if game.rules.capture == "aside":
        if any(game.out):
            raise SaveError("with capture='aside' nobody drops out: every out flag must be false")
        return
    laid = {t.player for t in game._table}
    for p in range(n):
        if game.out[p] and (counts[p] or p in game._in_round or p in laid):
            raise SaveError(f"player {p + 1} is marked out but holds {counts[p]} cards"
                            f"{' and plays in this round' if p in game._in_round or p in laid else ''}")
        if not game.out[p] and game.phase in ("start", "over") and counts[p] == 0:
            raise SaveError(f"player {p + 1} holds no card between rounds but is not marked out")
        if not game.out[p] and game.phase not in ("start", "over") and p not in game._in_round and p not in laid:
            raise SaveError(f"player {p + 1} is not out, yet takes no part in the round in progress")


def _check_between_rounds(game: Any, counts: tuple[int, ...]) -> None:
    if (game._table or game._fighters or game._in_round or game._faceup or game._reusing or game._tied
            or game._plan or game._battle or game._wars or game._tie_rank or game._short_end
            or game._winner is not None):
        raise SaveError(f"between rounds (phase '{game.phase}') the table and the round state must be empty")
    if counts != _round_start_counts(game):
        raise SaveError(f"the holdings {list(counts)} are not the counts after the last round "
                        f"{list(_round_start_counts(game))}")


def _check_round(game: Any, counts: tuple[int, ...]) -> None:
    rules, phase = game.rules, game.phase
    fighters, in_round, faceup = game._fighters, game._in_round, game._faceup
    if game._pending:
        raise SaveError("beats after a round cannot be due in the middle of a round")
    if not fighters or not set(fighters) <= set(in_round) or not game._table or game._battle < 1:
        raise SaveError("a round in progress needs fighters among the players in the round, and cards on the table")
    laid = Counter(t.player for t in game._table)
    start = _round_start_counts(game)
    for p in range(rules.players):
        if counts[p] + laid[p] != start[p]:
            raise SaveError(f"player {p + 1} holds {counts[p]} cards and laid {laid[p]} this round, but started the "
                            f"round with {start[p]}")
    if any(t.battle > game._battle + 1 for t in game._table):
        raise SaveError(f"a table card belongs to a battle after the next one (battle {game._battle})")
    up = {(t.player, t.card) for t in game._table if t.face_up}
    for p, card in faceup.items():
        if (p, card) not in up:
            raise SaveError(f"player {p + 1}'s face-up card {card.code} is not face up on the table")
    for p in game._reusing:
        if p not in in_round or p not in faceup or counts[p]:
            raise SaveError(f"player {p + 1} reuses a card but is not a player in the round with a face-up card "
                            "and no card left")
    if game._short_end != any(p not in in_round for p in laid):
        raise SaveError("short_end must say whether a player left this round by running short")
    if phase in ("compare", "war", "collect") and not all(p in faceup for p in fighters):
        raise SaveError("every fighter needs a face-up card")
    if (game._winner is not None) != (phase == "collect"):
        raise SaveError("the round has a winner exactly in the phase 'collect'")
    if phase == "collect" and game._winner not in fighters:
        raise SaveError("the winner of the table must be a fighter")
    if phase in ("lay", "flip") and not (game._wars and 2 <= game._tie_rank <= 15):
        raise SaveError(f"phase '{phase}' comes after a war: it needs a war and the tied rank 2..15 "
                        f"(got {game._wars} wars, tie_rank {game._tie_rank})")
    if phase == "war":
        _check_tie(game)
    elif (game._wars == 0) != (game._tie_rank == 0):
        raise SaveError(f"tie_rank {game._tie_rank} does not fit {game._wars} wars in this round")
    if phase == "lay":
        most = rules.war_cards(game._tie_rank) - 1
        if set(game._plan) != set(fighters) or not all(0 <= k <= most for k in game._plan.values()):
            raise SaveError(f"the war plan must give every fighter 0 to {most} face-down cards; got "
                            f"{sorted(game._plan.items())} for fighters {fighters}")
        if not all(game._plan[p] < game._playable(p) or p in game._reusing for p in fighters):
            raise SaveError("a fighter plans to lay more cards than it holds")
    elif game._plan and phase not in ("flip", "compare", "war", "collect"):
        raise SaveError("a war plan outside a war")
    if phase == "flip" and not all(game.hands[p] or p in game._reusing for p in fighters):
        raise SaveError("every fighter must have a card to turn up")
    if phase in ("lay", "flip"):
        down = Counter(t.player for t in game._table if t.battle == game._battle + 1 and t.player in fighters)
        want = {p: game._plan.get(p, 0) if phase == "flip" else 0 for p in fighters}
        if any(down[p] != want[p] for p in fighters):
            raise SaveError(f"the face-down cards on the table do not match the war plan in phase '{phase}'")


def _check_tie(game: Any) -> None:
    tied, fighters, faceup = game._tied, game._fighters, game._faceup
    if len(tied) < 2 or not set(tied) <= set(fighters):
        raise SaveError("a war needs at least two tied fighters")
    best = [fighters[i] for i in game.rules.best([faceup[p] for p in fighters])]
    if sorted(best) != sorted(tied):
        raise SaveError(f"the tied players {[p + 1 for p in tied]} are not the fighters with the highest face-up "
                        f"cards {[p + 1 for p in best]}")
    if game._tie_rank != faceup[tied[0]].rank:
        raise SaveError(f"tie_rank must be the rank of the tied cards ({faceup[tied[0]].rank}); got {game._tie_rank}")


def _check_outcome(game: Any, counts: tuple[int, ...]) -> None:
    outcome: Outcome | None = game.outcome
    if outcome is None:
        return
    rules, n = game.rules, game.rules.players
    if tuple(outcome.counts) != counts:
        raise SaveError(f"the outcome's counts {list(outcome.counts)} are not the holdings {list(counts)}")
    for name in ("winner", "loser"):
        seat = getattr(outcome, name)
        if seat is not None and not 0 <= seat < n:
            raise SaveError(f"the outcome's {name} must be a seat 0..{n - 1}; got {seat}")
    if outcome.winning_team is not None and (not rules.teams or outcome.winning_team not in (0, 1)):
        raise SaveError("only a team game has a winning team, 0 or 1")
    if len(set(outcome.drawn)) != len(outcome.drawn) or not all(0 <= p < n for p in outcome.drawn):
        raise SaveError(f"the outcome's drawn players must be distinct seats 0..{n - 1}")
    if outcome.drawn and (outcome.winner is not None or outcome.loser is not None):
        raise SaveError("an outcome names drawn players or a winner / loser, not both")
    if not (outcome.drawn or outcome.winner is not None or outcome.loser is not None
            or outcome.winning_team is not None):
        raise SaveError("the outcome names no winner, loser, team or drawn players")
    cycle = outcome.reason is Termination.CYCLE
    if cycle != (outcome.cycle_start is not None) or cycle != (outcome.cycle_period is not None):
        raise SaveError("an outcome has a cycle start and period exactly when the game ended in a cycle")
    start, period = outcome.cycle_start, outcome.cycle_period
    if start is not None and period is not None and (start < 0 or period < 1 or start + period != game.round_number):
        raise SaveError(f"the cycle (start {start}, period {period}) must end at round {game.round_number}")
    if cycle and not game._detects_cycles:
        raise SaveError("a cycle can only end a game with no shuffle after the deal and no round limit")
    if outcome.reason is Termination.ROUND_LIMIT and game.round_number != rules.round_limit:
        raise SaveError(f"a round limit of {rules.round_limit} cannot end a game at round {game.round_number}")
    if outcome.reason is Termination.HANDS_EMPTY and rules.capture != "aside":
        raise SaveError("only capture='aside' ends a game when the hands are used up")
    if outcome.reason is Termination.DRUNKARD_LOSER and rules.goal == "collect":
        raise SaveError("only the drunkard goals end a game by finding the loser")


def _check_pending(game: Any) -> None:
    for event in game._pending:
        if event.round != game.round_number:
            raise SaveError(f"a pending beat belongs to round {event.round}, not to round {game.round_number}")
        if isinstance(event, GameOver) and event.outcome != game.outcome:
            raise SaveError("the pending game-over beat must carry the game's outcome")
        if isinstance(event, PlayerOut) and not game.out[event.player]:
            raise SaveError(f"a pending beat says player {event.player + 1} is out, but the player is not")
    for event in game._round_events:
        if event.round > game.round_number + 1:
            raise SaveError(f"a beat of round {event.round} cannot have happened by round {game.round_number}")
