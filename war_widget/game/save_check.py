"""The format of a saved War game: what each field of a save must be, checked before it is replayed.

A save is the game's history (``engine_json``): the rules with every option written out, the deal
(the seed, and the dealt hands of a scripted deal), the number of beats played and whether the
game was ended early (``end_now``).  Loading replays those beats with the engine, so a save cannot
describe a position the game cannot reach: what is left to check is the format, here.  Each
problem is a ``SaveError`` naming the field, what it holds and what is allowed.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .rng import MASK64
from .rules import Rules

__all__ = ["SaveError", "Save", "read_save", "read_rules", "whole", "flag", "MAX_BEATS", "MAX_ROUNDS", "RULE_OPTIONS",
           "beats_per_round", "check_length", "replay_guard"]

MAX_BEATS = 5_000_000          # about 1.6 million rounds: far beyond any game we play to the end
# The longest game a save holds (and ``dumps`` writes), whatever the round limit.  A game of War
# with 52 cards lasts a few hundred rounds (3 seeds of each preset played to 20,000 rounds: all but
# a looping one ended before round 3,000); 20,000 rounds is four fast-forwards of 5,000 rounds, and
# replays in about 2 s.
MAX_ROUNDS = 20_000
RULE_OPTIONS = tuple(f.name for f in dataclasses.fields(Rules))
# Options added after version 2 was first written: a save from before has none of them, and they
# read as the play of then (one card a battle, compared by rank).
ADDED_OPTIONS = {"battle_cards": 1, "battle_value": "card"}
_FIELDS = {"format", "version", "rules", "deal", "beats", "ended_now", "check"}


class SaveError(Exception):
    """A field of a save that is not what the format allows; the message says what is wrong."""


@dataclass(frozen=True)
class Save:
    """A save's fields, each of the right kind (the replay then decides whether they agree)."""

    rules: Rules
    seed: int
    hands: list[list[str]] | None      # the dealt hands of a scripted deal, top card first
    beats: int
    ended_now: bool
    round: int
    counts: tuple[int, ...]
    phase: str


def whole(value: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
    """``value`` if it is a whole number (not a boolean, not 1.0) from ``lo`` to ``hi``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        span = f" from {lo} to {hi}" if hi is not None else f" >= {lo}"
        raise SaveError(f"{name} must be a whole number{span}; got {_short(value)}")
    return value


def flag(value: Any, name: str) -> bool:
    """``value`` if it is true or false (not "no", not 0)."""
    if not isinstance(value, bool):
        raise SaveError(f"{name} must be true or false; got {_short(value)}")
    return value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def beats_per_round(cards: int, players: int) -> int:
    """The most beats one round can take: each card goes to the table at most once (turned up,
    laid face down, returned or collected), plus the round's few own beats (compare, shuffles,
    players out, the end).  A measured round took at most 15 beats with 52 cards; this allows
    178, so no honest save is refused."""
    return 3 * (cards + players) + 16


def check_length(beats: int, rounds: int, round_limit: int | None, cards: int, players: int) -> None:
    """Before any replay: the beats and rounds a save claims must fit the game it could honestly
    be (at most ``round_limit`` rounds, or ``MAX_ROUNDS``; at most ``beats_per_round`` beats in
    each round begun), so a short tampered save cannot make the loader replay millions of beats."""
    limit = min(round_limit, MAX_ROUNDS) if round_limit is not None else MAX_ROUNDS
    if rounds > limit:
        raise SaveError(f"check.round is {rounds}, more rounds than a saved game of these rules can have (at most "
                        f"{limit})")
    most = (rounds + 1) * beats_per_round(cards, players)
    if beats > most:
        raise SaveError(f"beats is {beats}, more than {rounds} rounds can hold (at most {most} beats: "
                        f"{beats_per_round(cards, players)} a round begun)")


def replay_guard(beats: int, rounds: int, per_round: int) -> Callable[[int, int], None]:
    """During a replay, called when a new round begins (``done`` beats replayed, round ``now``):
    refuses once the replay passes the claimed round, or once the beats still to replay cannot
    fit the rounds still to come (so a save claiming far more beats than its rounds are played
    at is refused a few thousand rounds in, not at its end)."""
    def guard(done: int, now: int) -> None:
        if now > rounds:
            raise SaveError(f"the replay passes round {rounds} after {done} beats; the save says {beats} beats "
                            f"end in round {rounds}")
        if beats - done > (rounds - now + 1) * per_round:
            raise SaveError(f"after {done} beats the replay is in round {now}: the {beats - done} beats still "
                            f"to replay cannot fit the {rounds - now + 1} rounds left to round {rounds}")
    return guard


def read_rules(data: Any) -> Rules:
    """The rules of a save: a JSON object with every option written out (a missing option is not
    silently the default: a bicycle game must not resume as classic)."""
    if not isinstance(data, dict):
        raise SaveError(f"rules must be a JSON object with every option ({', '.join(RULE_OPTIONS)}); "
                        f"got {_short(data)}")
    missing = [o for o in RULE_OPTIONS if o not in data and o not in ADDED_OPTIONS]
    if missing:
        raise SaveError(f"rules: the option{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                        f"{'are' if len(missing) > 1 else 'is'} missing (a save writes every option out)")
    try:
        return Rules.from_dict(data)
    except ValueError as exc:
        raise SaveError(f"rules: {exc}") from None


def read_save(state: dict[str, Any]) -> Save:
    """Check the fields of a version-2 save (``state`` has the right format and version)."""
    unknown = sorted(set(state) - _FIELDS)
    missing = sorted(_FIELDS - set(state))
    if missing:
        raise SaveError(f"the field{'s' if len(missing) > 1 else ''} {', '.join(missing)} "
                        f"{'are' if len(missing) > 1 else 'is'} missing")
    if unknown:
        raise SaveError(f"unknown field{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown[:5]))} "
                        f"(a save has {', '.join(sorted(_FIELDS))})")
    rules = read_rules(state["rules"])
    deal = state["deal"]
    if not isinstance(deal, dict) or not set(deal) <= {"seed", "hands"} or "seed" not in deal:
        raise SaveError('deal must be {"seed": n} (a numbered deal) or {"seed": n, "hands": [...]} (a scripted one)')
    seed = whole(deal["seed"], "deal.seed", 0, MASK64)
    hands = deal.get("hands")
    if hands is not None:
        if not isinstance(hands, list) or not all(isinstance(h, list) and all(isinstance(c, str) for c in h)
                                                  for h in hands):
            raise SaveError("deal.hands must be one list of card codes per player, like [[\"KS\", \"7H\"], [...]]")
    beats = whole(state["beats"], "beats", 0, MAX_BEATS)
    ended_now = flag(state["ended_now"], "ended_now")
    check = state["check"]
    if not isinstance(check, dict) or set(check) != {"round", "counts", "phase"}:
        raise SaveError('check must be {"round": n, "counts": [...], "phase": "..."}')
    counts = check["counts"]
    if not isinstance(counts, list) or len(counts) != rules.players:
        raise SaveError(f"check.counts must be a list of {rules.players} holdings")
    rounds = whole(check["round"], "check.round")
    check_length(beats, rounds, rules.round_limit, rules.deck_size + rules.jokers, rules.players)
    return Save(rules, seed, hands, beats, ended_now, rounds,
                tuple(whole(c, "check.counts") for c in counts), str(check["phase"]))
