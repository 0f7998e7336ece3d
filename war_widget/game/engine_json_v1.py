"""Saves of format version 1 (war_widget 0.x before history saves): read once, by replay.

A version-1 save was a dump of the engine's fields.  It is read by replaying its game from the
deal it names (seed, or the dealt hands of a scripted deal) until a position whose dump is exactly
the save: that position is the game, and its next save is written in the current format.  A save
no position of its game matches (a tampered field, a card twice, an impossible end, a fake
event) is rejected: only a position the engine reached can be loaded.
"""
from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, TypeVar

from .cards import Card
from .engine_state import PHASES, GameState
from .events import Event
from .rng import MASK64
from .save_check import MAX_BEATS, SaveError, flag, read_rules, whole

__all__ = ["v1_state", "load_v1", "encode_value", "event_to_dict"]

G = TypeVar("G", bound=GameState)
FORMAT = "war_widget.game"


def encode_value(value: Any) -> Any:
    """A card as ``"#KS"``, an outcome as ``{"outcome": ...}``, tuples as lists."""
    from .events import Outcome

    if isinstance(value, Card):
        return "#" + value.code
    if isinstance(value, Outcome):
        return {"outcome": value.to_dict()}
    if isinstance(value, (tuple, list)):
        return [encode_value(v) for v in value]
    return value


def event_to_dict(event: Event) -> dict[str, Any]:
    """An event as plain data (its fields, and its class under ``"type"``)."""
    import dataclasses

    # ``values`` (the school variants, after version 1) is written only when set, so an event of a
    # version-1 game reads as it did then
    data = {f.name: encode_value(getattr(event, f.name)) for f in dataclasses.fields(event)
            if not (f.name == "values" and not getattr(event, f.name))}
    data["type"] = type(event).__name__
    return data


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def v1_state(game: GameState) -> dict[str, Any]:
    """What a version-1 save held: every field of the position (rules, deal, holdings, table,
    round state, generator state, history, beats still due), to compare a replay with."""
    state = {
        "format": FORMAT, "version": 1,
        "rules": game.rules.to_dict(), "seed": game.seed, "rng": game._rng.state, "scripted": game._scripted,
        "dealt": [_codes(h) for h in game.dealt], "unused": _codes(game.unused),
        "hands": [_codes(h) for h in game.hands], "won": [_codes(w) for w in game.won],
        "table": [[player, card.code, up, battle] for player, card, up, battle in game._table],
        "round_number": game.round_number, "out": list(game.out),
        "outcome": game.outcome.to_dict() if game.outcome else None,
        "history": [[w, n, list(c)] for w, n, c in game.history],
        "phase": game._phase, "fighters": list(game._fighters), "in_round": list(game._in_round),
        "faceup": [[p, cs[0].code] if len(cs) == 1 else [p, [c.code for c in cs]]
                   for p, cs in sorted(game._faceup.items())], "reusing": sorted(game._reusing),
        "battle": game._battle, "wars": game._wars, "tie_rank": game._tie_rank, "tied": list(game._tied),
        "plan": [[p, k] for p, k in sorted(game._plan.items())], "short_end": game._short_end,
        "winner": game._winner, "last_winner": game._last_winner,
        "pending": [event_to_dict(e) for e in game._pending if e is not None],
        "round_events": [event_to_dict(e) for e in game._round_events],
    }
    return state


def _normal(state: dict[str, Any], keys: Iterable[str]) -> str:
    """The fields ``keys`` of a version-1 dump as canonical JSON (drop-outs default to none, as
    saves from before drop-outs were reported wrote them)."""
    out = {}
    for key in keys:
        value = state[key]
        if key in ("pending", "round_events") and isinstance(value, list):
            value = [dict({"dropped": []}, **e) if isinstance(e, dict) and e.get("type") == "WarDeclared" else e
                     for e in value]
        out[key] = value
    return json.dumps(out, sort_keys=True)


def load_v1(state: dict[str, Any], cls: type[G]) -> G:
    """The game a version-1 save describes, replayed from its deal; ``SaveError`` if no position
    of that game is the save."""
    rules = read_rules(state.get("rules"))
    seed = whole(state.get("seed"), "seed", 0, MASK64)
    scripted = flag(state.get("scripted"), "scripted")
    target = whole(state.get("round_number"), "round_number", 0, MAX_BEATS)
    phase = state.get("phase")
    if phase not in PHASES:
        raise SaveError(f"phase must be one of {', '.join(PHASES)}; got {phase!r}")
    game: Any
    if scripted:
        dealt = state.get("dealt")
        if not isinstance(dealt, list):
            raise SaveError("dealt must be one list of card codes per player")
        try:
            game = cls.from_hands(rules, dealt, seed)       # type: ignore[attr-defined]
        except ValueError as exc:
            raise SaveError(f"dealt: {exc}") from None
    else:
        game = cls(rules, seed)                            # type: ignore[call-arg]
    outcome = state.get("outcome")
    time_end = isinstance(outcome, dict) and outcome.get("reason") == "TIME"
    fields = [k for k in state if k not in ("format", "version")]
    expected = None
    while True:
        if game.round_number == target:
            if time_end and not game.is_over:
                candidate = game._replayed(game.beats, True)
            elif not time_end and game.phase == phase:
                candidate = game
            else:
                candidate = None
            if candidate is not None:
                dump = v1_state(candidate)
                absent = set(dump) - set(fields) - {"format", "version"}
                if set(fields) <= set(dump) and absent <= {"round_events", "last_winner"}:
                    if expected is None:
                        expected = _normal(state, fields)
                    if _normal(dump, fields) == expected:
                        return candidate                   # type: ignore[no-any-return]
        if game.round_number > target or game.beats >= MAX_BEATS or game.step() is None:
            break
    raise SaveError("no position of this game is the saved one (a save of format version 1 is read by "
                    "replaying its deal: a tampered field, a card in two places, an impossible end or an "
                    "event that never happened cannot be replayed)")
