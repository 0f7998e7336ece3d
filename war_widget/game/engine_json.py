"""A War game as versioned JSON text, mid-round included, with the generator's state, so a
loaded game plays exactly the future the saved one would have played.

This is the engine's own notation (as a FEN is a chess board's): ``Game.to_json()`` and
``Game.from_json()`` call :func:`dumps` and :func:`loads`, which read and write a game's fields
without importing the ``Game`` class (``loads`` is given the class to build).  The save module
``war_widget.game.persistence`` sits above the engine and offers the same as ``game_to_json`` /
``game_from_json``.

Loading checks what it reads, field by field and then as a whole against its rules
(``war_widget.game.save_check``: the deal, every card exactly once, out flags, phase, war plan,
outcome, history), and answers anything else with a ``ValueError`` that says what is wrong.
"""
from __future__ import annotations

import dataclasses
import json
from collections import deque
from collections.abc import Iterable
from typing import Any, TypeVar

from . import events as ev
from .cards import Card
from .engine_state import PHASES, GameState, TableCard
from .events import Outcome
from .rng import MASK64, SplitMix64
from .rules import Rules
from .save_check import SaveError, check_game

__all__ = ["dumps", "loads", "encode_value", "event_to_dict", "FORMAT", "VERSION"]

G = TypeVar("G", bound=GameState)

FORMAT = "war_widget.game"
VERSION = 1
_EVENT_CLASSES = {c.__name__: c for c in (ev.Shuffled, ev.Flipped, ev.Compared, ev.WarDeclared, ev.FaceDownLaid,
                                          ev.Collected, ev.Returned, ev.PlayerOut, ev.GameOver)}


class _Bad(Exception):
    """A malformed field; turned into one ValueError at the top."""


# --- writing ------------------------------------------------------------------------------
def encode_value(value: Any) -> Any:
    if isinstance(value, Card):
        return "#" + value.code
    if isinstance(value, Outcome):
        return {"outcome": value.to_dict()}
    if isinstance(value, (tuple, list)):
        return [encode_value(v) for v in value]
    return value


def event_to_dict(event: ev.Event) -> dict[str, Any]:
    data = {f.name: encode_value(getattr(event, f.name)) for f in dataclasses.fields(event)}
    data["type"] = type(event).__name__
    return data


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def dumps(game: GameState) -> str:
    """The whole state of ``game`` as JSON text (rules, deal, holdings, table, round state,
    generator state, history, beats still due)."""
    state = {
        "format": FORMAT, "version": VERSION,
        "rules": game.rules.to_dict(), "seed": game.seed, "rng": game._rng.state, "scripted": game._scripted,
        "dealt": [_codes(h) for h in game.dealt], "unused": _codes(game.unused),
        "hands": [_codes(h) for h in game.hands], "won": [_codes(w) for w in game.won],
        "table": [[t.player, t.card.code, t.face_up, t.battle] for t in game._table],
        "round_number": game.round_number, "out": list(game.out),
        "outcome": game.outcome.to_dict() if game.outcome else None,
        "history": [[w, n, list(c)] for w, n, c in game.history],
        "phase": game._phase, "fighters": list(game._fighters), "in_round": list(game._in_round),
        "faceup": [[p, c.code] for p, c in sorted(game._faceup.items())], "reusing": sorted(game._reusing),
        "battle": game._battle, "wars": game._wars, "tie_rank": game._tie_rank, "tied": list(game._tied),
        "plan": [[p, k] for p, k in sorted(game._plan.items())], "short_end": game._short_end,
        "winner": game._winner, "last_winner": game._last_winner,
        "pending": [event_to_dict(e) for e in game._pending],
        "round_events": [event_to_dict(e) for e in game._round_events],
    }
    return json.dumps(state, separators=(",", ":"), ensure_ascii=True)


# --- reading ------------------------------------------------------------------------------
def _int(value: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        raise _Bad(f"{name} must be a whole number{f' from {lo} to {hi}' if hi is not None else f' >= {lo}'}; "
                   f"got {value!r}")
    return value


def _bool(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"{name} must be true or false; got {value!r}")
    return value


def _list(value: Any, name: str, length: int | None = None) -> list[Any]:
    if not isinstance(value, list) or (length is not None and len(value) != length):
        raise _Bad(f"{name} must be a list{f' of {length} items' if length is not None else ''}")
    return value


def _card(value: Any, name: str) -> Card:
    if not isinstance(value, str):
        raise _Bad(f"{name} must hold card codes like '10H'; got {value!r}")
    try:
        return Card.parse(value)
    except ValueError as exc:
        raise _Bad(f"{name}: {exc}") from None


def _cards(value: Any, name: str) -> list[Card]:
    return [_card(c, name) for c in _list(value, name)]


def _seat(value: Any, name: str, n: int) -> int:
    return _int(value, name, 0, n - 1)


def _seats(value: Any, name: str, n: int) -> list[int]:
    seats = [_seat(p, name, n) for p in _list(value, name)]
    if len(set(seats)) != len(seats):
        raise _Bad(f"{name} names a player twice")
    return seats


def _dec(value: Any, name: str) -> Any:
    if isinstance(value, str) and value.startswith("#"):
        return _card(value[1:], name)
    if isinstance(value, dict):
        if set(value) != {"outcome"}:
            raise _Bad(f"{name} holds an unknown object")
        return _outcome(value["outcome"], name)
    if isinstance(value, list):
        return tuple(_dec(v, name) for v in value)
    return value


def _outcome(data: Any, name: str) -> Outcome:
    if not isinstance(data, dict):
        raise _Bad(f"{name} must be an object")
    try:
        outcome = Outcome.from_dict(data)
    except ValueError as exc:
        raise _Bad(f"{name} is not an outcome: {exc}") from None
    except (KeyError, TypeError) as exc:
        raise _Bad(f"{name} is not an outcome ({exc!r})") from None
    for attr in ("winner", "loser", "winning_team", "cycle_start", "cycle_period"):
        value = getattr(outcome, attr)
        if value is not None:
            _int(value, f"{name}.{attr}")
    for attr in ("drawn", "counts"):
        for value in getattr(outcome, attr):
            _int(value, f"{name}.{attr}")
    return outcome


def _event(data: Any, n: int) -> ev.Event:
    if not isinstance(data, dict) or data.get("type") not in _EVENT_CLASSES:
        raise _Bad(f"pending beats and round events must be events of the types {', '.join(_EVENT_CLASSES)}")
    data = dict(data)
    cls = _EVENT_CLASSES[data.pop("type")]
    if cls is ev.WarDeclared:
        data.setdefault("dropped", [])      # saves from before drop-outs were reported
    names = {f.name for f in dataclasses.fields(cls)}
    if set(data) != names:
        raise _Bad(f"a pending {cls.__name__} must have exactly the fields {', '.join(sorted(names))}")
    event = cls(**{k: _dec(v, f"pending {cls.__name__}.{k}") for k, v in data.items()})
    _int(event.round, "an event's round")
    for attr in ("player", "winner"):
        if hasattr(event, attr) and getattr(event, attr) is not None:
            _seat(getattr(event, attr), f"{cls.__name__}.{attr}", n)
    return event


def loads(text: str | bytes, cls: type[G]) -> G:
    """Rebuild a game of class ``cls`` saved by :func:`dumps`; a ValueError naming the problem if
    the text is not one.  (``Game.from_json`` then replays the positions cycle detection needs.)"""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"from_json needs the JSON text of a saved game; got {type(text).__name__}")
    try:
        state = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a saved game: the text is not valid JSON ({exc.msg} at position {exc.pos})") from None
    except (UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(f"not a saved game: the text cannot be read as JSON ({type(exc).__name__})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"not a saved game: expected a JSON object with \"format\": {FORMAT!r}")
    if state.get("version") != VERSION:
        raise ValueError(f"saved game version {state.get('version')!r} is not supported; this version reads {VERSION}")
    try:
        return _load(state, cls)
    except _Bad as exc:
        raise ValueError(f"not a valid saved game: {exc}") from None
    except KeyError as exc:
        raise ValueError(f"not a valid saved game: the field {exc} is missing") from None
    except (TypeError, AttributeError, IndexError, OverflowError, RecursionError) as exc:
        raise ValueError(f"not a valid saved game: a malformed field ({type(exc).__name__}: {exc})") from None


def _load(state: dict[str, Any], cls: type[G]) -> G:
    try:
        rules = Rules.from_dict(state["rules"])
    except ValueError as exc:
        raise _Bad(f"rules: {exc}") from None
    n = rules.players
    game = cls.__new__(cls)
    game.rules = rules
    game.seed = _int(state["seed"], "seed", 0, MASK64)
    game._scripted = _bool(state["scripted"], "scripted")
    game._rng = SplitMix64.from_state(_int(state["rng"], "rng", 0, MASK64))
    dealt = [_cards(h, "dealt") for h in _list(state["dealt"], "dealt", n)]
    game._setup(dealt, _cards(state["unused"], "unused"))
    game.hands = [deque(_cards(h, "hands")) for h in _list(state["hands"], "hands", n)]
    game.won = [deque(_cards(w, "won")) for w in _list(state["won"], "won", n)]
    table = []
    for item in _list(state["table"], "table"):
        p, c, up, b = _list(item, "a table card", 4)
        table.append(TableCard(_seat(p, "table player", n), _card(c, "table"), _bool(up, "face_up"),
                               _int(b, "table battle", 1)))
    game._table = table
    game.round_number = _int(state["round_number"], "round_number")
    game.out = [_bool(o, "out") for o in _list(state["out"], "out", n)]
    game.outcome = None if state["outcome"] is None else _outcome(state["outcome"], "outcome")
    history = []
    for item in _list(state["history"], "history"):
        w, k, c = _list(item, "a history entry", 3)
        counts = tuple(_int(x, "history counts") for x in _list(c, "history counts", n))
        history.append((None if w is None else _seat(w, "history winner", n), _int(k, "history wars"), counts))
    if len(history) != game.round_number:
        raise _Bad(f"history has {len(history)} rounds but round_number is {game.round_number}")
    game.history = history
    winners = [w for w, _, _ in history if w is not None]
    game._last_winner = winners[-1] if winners else 0
    if "last_winner" in state and state["last_winner"] != game._last_winner:
        raise _Bad(f"last_winner must be the seat that won the last round with a winner (by the history: "
                   f"{game._last_winner}); got {state['last_winner']!r}")
    phase = state["phase"]
    if phase not in PHASES:
        raise _Bad(f"phase must be one of {', '.join(PHASES)}; got {phase!r}")
    if (phase == "over") != (game.outcome is not None):
        raise _Bad("a game has an outcome exactly when its phase is 'over'")
    game._phase = phase
    game._fighters = _seats(state["fighters"], "fighters", n)
    game._in_round = _seats(state["in_round"], "in_round", n)
    faceup = {}
    for item in _list(state["faceup"], "faceup"):
        p, c = _list(item, "a face-up card", 2)
        faceup[_seat(p, "faceup player", n)] = _card(c, "faceup")
    game._faceup = faceup
    game._reusing = set(_seats(state["reusing"], "reusing", n))
    game._battle = _int(state["battle"], "battle")
    game._wars = _int(state["wars"], "wars")
    game._tie_rank = _int(state["tie_rank"], "tie_rank", 0, 15)
    game._tied = tuple(_seats(state["tied"], "tied", n))
    plan = {}
    for item in _list(state["plan"], "plan"):
        p, k = _list(item, "a plan entry", 2)
        plan[_seat(p, "plan player", n)] = _int(k, "plan cards", 0, 10)
    game._plan = plan
    game._short_end = _bool(state["short_end"], "short_end")
    winner = state["winner"]
    game._winner = None if winner is None else _seat(winner, "winner", n)
    game._pending = deque(_event(e, n) for e in _list(state["pending"], "pending"))
    # the beats of the current round so far, for play_round()'s record (absent in early saves)
    game._round_events = [_event(e, n) for e in _list(state.get("round_events", []), "round_events")]
    try:
        check_game(game)
    except SaveError as exc:
        raise _Bad(str(exc)) from None
    return game
