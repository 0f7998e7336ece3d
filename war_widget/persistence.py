"""A game as versioned JSON, mid-round included, with the generator's state, so a loaded game
plays exactly the future the saved one would have played."""
from __future__ import annotations

import dataclasses
import json
from collections import deque
from typing import Any

from . import events as ev
from .cards import Card
from .events import Outcome
from .rng import SplitMix64
from .rules import Rules

__all__ = ["game_to_json", "game_from_json", "FORMAT", "VERSION"]

FORMAT = "war_widget.game"
VERSION = 1
_EVENT_CLASSES = {c.__name__: c for c in (ev.Shuffled, ev.Flipped, ev.Compared, ev.WarDeclared, ev.FaceDownLaid,
                                          ev.Collected, ev.Returned, ev.PlayerOut, ev.GameOver)}


def _enc(value: Any) -> Any:
    if isinstance(value, Card):
        return "#" + value.code
    if isinstance(value, Outcome):
        return {"outcome": value.to_dict()}
    if isinstance(value, (tuple, list)):
        return [_enc(v) for v in value]
    return value


def _dec(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("#"):
        return Card.parse(value[1:])
    if isinstance(value, dict) and "outcome" in value:
        return Outcome.from_dict(value["outcome"])
    if isinstance(value, list):
        return tuple(_dec(v) for v in value)
    return value


def _event_to_dict(event: ev.Event) -> dict:
    data = {f.name: _enc(getattr(event, f.name)) for f in dataclasses.fields(event)}
    data["type"] = type(event).__name__
    return data


def _event_from_dict(data: dict) -> ev.Event:
    data = dict(data)
    cls = _EVENT_CLASSES[data.pop("type")]
    return cls(**{k: _dec(v) for k, v in data.items()})


def _codes(cards) -> list[str]:
    return [c.code for c in cards]


def game_to_json(game) -> str:
    """The whole state of ``game`` as JSON text (rules, deal, holdings, table, round state,
    generator state, history)."""
    state = {
        "format": FORMAT, "version": VERSION,
        "rules": game.rules.to_dict(), "seed": game.seed, "rng": game._rng.state, "scripted": game._scripted,
        "dealt": [_codes(h) for h in game.dealt], "unused": _codes(game.unused),
        "hands": [_codes(h) for h in game.hands], "won": [_codes(w) for w in game.won],
        "table": [[t.player, t.card.code, t.face_up, t.battle] for t in game._table],
        "round_number": game.round_number, "out": list(game.out),
        "outcome": game.outcome.to_dict() if game.outcome else None,
        "history": [[w, n, list(c)] for w, n, c in game.history],
        "phase": game._phase, "fighters": game._fighters, "in_round": game._in_round,
        "faceup": [[p, c.code] for p, c in sorted(game._faceup.items())], "reusing": sorted(game._reusing),
        "battle": game._battle, "wars": game._wars, "tie_rank": game._tie_rank,
        "plan": [[p, k] for p, k in sorted(game._plan.items())], "short_end": game._short_end,
        "winner": game._winner, "battles": _enc(game._battles),
        "pending": [_event_to_dict(e) for e in game._pending],
    }
    return json.dumps(state, separators=(",", ":"))


def game_from_json(text: str):
    """Rebuild a game saved by :func:`game_to_json`; a clear ValueError if the text is not one."""
    from .engine import Game, TableCard

    if not isinstance(text, (str, bytes)):
        raise ValueError(f"from_json needs JSON text; got {type(text).__name__}")
    try:
        state = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a saved game: the text is not valid JSON ({exc.msg} at position {exc.pos})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"not a saved game: expected a JSON object with format {FORMAT!r}")
    if state.get("version") != VERSION:
        raise ValueError(f"saved game version {state.get('version')!r} is not supported; this version reads {VERSION}")
    try:
        game = Game.__new__(Game)
        game.rules = Rules.from_dict(state["rules"])
        game.seed = int(state["seed"])
        game._scripted = bool(state["scripted"])
        game._rng = SplitMix64.from_state(int(state["rng"]))
        dealt = [[Card.parse(c) for c in h] for h in state["dealt"]]
        game._setup(dealt, [Card.parse(c) for c in state["unused"]])
        game.hands = [deque(Card.parse(c) for c in h) for h in state["hands"]]
        game.won = [deque(Card.parse(c) for c in w) for w in state["won"]]
        game._table = [TableCard(int(p), Card.parse(c), bool(up), int(b)) for p, c, up, b in state["table"]]
        game.round_number = int(state["round_number"])
        game.out = [bool(o) for o in state["out"]]
        game.outcome = Outcome.from_dict(state["outcome"]) if state["outcome"] else None
        game.history = [(w, int(n), tuple(c)) for w, n, c in state["history"]]
        game._phase = state["phase"]
        game._fighters = list(state["fighters"])
        game._in_round = list(state["in_round"])
        game._faceup = {int(p): Card.parse(c) for p, c in state["faceup"]}
        game._reusing = set(state["reusing"])
        game._battle, game._wars, game._tie_rank = int(state["battle"]), int(state["wars"]), int(state["tie_rank"])
        game._plan = {int(p): int(k) for p, k in state["plan"]}
        game._short_end = bool(state["short_end"])
        game._winner = state["winner"]
        game._battles = [tuple(b) for b in _dec(state["battles"])]
        game._pending = [_event_from_dict(e) for e in state["pending"]]
    except ValueError as exc:
        raise ValueError(f"not a valid saved game: {exc}") from None
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"not a valid saved game: missing or malformed field ({exc!r})") from None
    _check_conservation(game)
    if game._detects_cycles and game.round_number:
        _rebuild_seen(game)
    return game


def _check_conservation(game) -> None:
    dealt = sorted(c for h in game.dealt for c in h)
    held = sorted([c for h in game.hands for c in h] + [c for w in game.won for c in w] + [t.card for t in game._table])
    if dealt != held:
        raise ValueError("not a valid saved game: the cards held and on the table are not the cards dealt")


def _rebuild_seen(game) -> None:
    """Cycle detection remembers every position; with no randomness they are replayed, not stored."""
    from .engine import Game

    replay = Game.__new__(Game)
    replay.rules, replay.seed, replay._scripted = game.rules, game.seed, True
    replay._rng = SplitMix64(0)
    replay._setup([list(h) for h in game.dealt], list(game.unused))
    while replay.round_number < game.round_number and not replay.is_over:
        replay.play_round()
    game._seen = replay._seen
