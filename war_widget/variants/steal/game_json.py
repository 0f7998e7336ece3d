"""A Steal War game as versioned JSON: mid-round, mid-decision, with the generator's state, so
a loaded game plays exactly the future the saved one would have played.  Policies are code,
not data: pass them again to ``from_json``.

The game's own notation: ``StealWarGame.to_json`` / ``from_json`` call :func:`dumps` and
:func:`loads` (given the class to build, so this module does not import the game); the save
module ``war_widget.variants.steal.persistence`` offers the same as ``steal_to_json`` / ``steal_from_json``."""
from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from ...game import events as ev
from ...game.cards import Card
from ...game.engine_json import event_to_dict  # one card/outcome encoding for every saved game
from ...game.engine_state import TableCard
from ...game.events import Outcome
from ...game.rng import SplitMix64
from . import events as sev
from .actions import PLAY, Action, ChooseTop, Steal
from .state import Policy, StealState, _check_policies

__all__ = ["dumps", "loads", "FORMAT", "VERSION"]

G = TypeVar("G", bound=StealState)

FORMAT = "war_widget.steal_war"
VERSION = 1
_EVENTS = {c.__name__: c for c in (ev.Shuffled, ev.Flipped, ev.Compared, ev.WarDeclared, ev.FaceDownLaid,
                                   ev.Collected, ev.Returned, ev.PlayerOut, ev.GameOver, sev.Stolen, sev.Swapped,
                                   sev.StealDeclined, sev.Protected, sev.TopChosen)}
_PHASES = ("start", "open", "look", "flip", "compare", "war", "lay", "choose", "collect", "over")


def _dec(value: Any) -> Any:
    if isinstance(value, str) and value.startswith("#"):
        return Card.parse(value[1:])
    if isinstance(value, dict) and "outcome" in value:
        return Outcome.from_dict(value["outcome"])
    if isinstance(value, list):
        return tuple(_dec(v) for v in value)
    return value


def _event_from_dict(data: dict[str, Any]) -> ev.Event:
    data = dict(data)
    name = data.pop("type")
    if name not in _EVENTS:
        raise ValueError(f"unknown event type {name!r}")
    return _EVENTS[name](**{k: _dec(v) for k, v in data.items()})


def _action_to_json(action: Action) -> Any:
    if isinstance(action, Steal):
        return ["steal", action.victim]
    if isinstance(action, ChooseTop):  # pragma: no cover - a top choice is applied at once
        return ["top", action.card.code]
    return ["play"]


def _action_from_json(data: list[Any]) -> Action:
    if data[0] == "steal":
        return Steal(int(data[1]))
    if data[0] == "play":
        return PLAY
    raise ValueError(f"unknown decision {data!r}")


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def dumps(game: StealState) -> str:
    """Everything: deal, hands, piles, table, round and window state, queued beats, history."""
    state = {
        "format": FORMAT, "version": VERSION, "players": game.players,
        "seed": game.seed, "rng": game._rng.state, "scripted": game._scripted,
        "dealt": [_codes(h) for h in game.dealt], "dealt_piles": [_codes(w) for w in game.dealt_piles],
        "unused": _codes(game.unused),
        "hands": [_codes(h) for h in game.hands], "piles": [_codes(w) for w in game.piles],
        "table": [[t.player, t.card.code, t.face_up, t.battle] for t in game._table],
        "round_number": game.round_number, "out": list(game.out),
        "outcome": game.outcome.to_dict() if game.outcome else None,
        "history": [[w, n, list(c)] for w, n, c in game.history],
        "steal_history": [list(s) for s in game.steal_history],
        "phase": game._phase, "fighters": list(game._fighters),
        "faceup": [[p, c.code] for p, c in sorted(game._faceup.items())],
        "battle": game._battle, "wars": game._wars, "winner": game._winner, "short_end": game._short_end,
        "top": game._top.code if game._top else None, "choosing": game._choosing,
        "decisions": [[p, _action_to_json(a)] for p, a in sorted(game._decisions.items())],
        "declined": [[p, sorted([v, n, c.code] for v, n, c in sigs)] for p, sigs in sorted(game._declined.items())],
        "announced": sorted([p, c.code] for p, c in game._announced),
        "queue": [event_to_dict(e) for e in game._queue],
        "round_events": [event_to_dict(e) for e in game._round_events],
    }
    return json.dumps(state, separators=(",", ":"))


def loads(text: str | bytes, cls: type[G], policies: Sequence[Policy | None] | None = None) -> G:
    """Rebuild a game of class ``cls`` saved by :func:`dumps`; a clear ValueError if the text is not one."""

    if not isinstance(text, (str, bytes)):
        raise ValueError(f"from_json needs JSON text; got {type(text).__name__}")
    try:
        state = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a saved Steal War game: the text is not valid JSON ({exc.msg} at position "
                         f"{exc.pos})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"not a saved Steal War game: expected a JSON object with format {FORMAT!r}")
    if state.get("version") != VERSION:
        raise ValueError(f"saved Steal War version {state.get('version')!r} is not supported; "
                         f"this version reads {VERSION}")
    try:
        def parse(codes: Iterable[str]) -> list[Card]:
            return [Card.parse(c) for c in codes]

        game = cls.__new__(cls)
        game.seed = int(state["seed"])
        game._scripted = bool(state["scripted"])
        game._rng = SplitMix64.from_state(int(state["rng"]))
        n = int(state["players"])
        if len(state["dealt"]) != n or len(state["dealt_piles"]) != n:
            raise ValueError(f"dealt and dealt_piles need one entry per player ({n})")
        game._setup(n, [parse(h) for h in state["dealt"]], [parse(w) for w in state["dealt_piles"]],
                    parse(state["unused"]))
        game.policies = _check_policies(policies, n)
        game.hands = [deque(parse(h)) for h in state["hands"]]
        game.piles = [parse(w) for w in state["piles"]]
        if len(game.hands) != n or len(game.piles) != n:
            raise ValueError(f"hands and piles need one entry per player ({n})")
        game._table = [TableCard(int(p), Card.parse(c), bool(up), int(b)) for p, c, up, b in state["table"]]
        game.round_number = int(state["round_number"])
        game.out = [bool(o) for o in state["out"]]
        game.outcome = Outcome.from_dict(state["outcome"]) if state["outcome"] else None
        game.history = [(w, int(k), tuple(c)) for w, k, c in state["history"]]
        game.steal_history = [(int(r), int(t), int(v), int(k)) for r, t, v, k in state["steal_history"]]
        if state["phase"] not in _PHASES:
            raise ValueError(f"unknown phase {state['phase']!r}")
        game._phase = state["phase"]
        game._fighters = [int(p) for p in state["fighters"]]
        game._faceup = {int(p): Card.parse(c) for p, c in state["faceup"]}
        game._battle, game._wars = int(state["battle"]), int(state["wars"])
        game._winner = state["winner"]
        game._short_end = bool(state["short_end"])
        game._top = Card.parse(state["top"]) if state["top"] else None
        game._choosing = bool(state["choosing"])
        game._decisions = {int(p): _action_from_json(a) for p, a in state["decisions"]}
        game._declined = {int(p): {(int(v), int(k), Card.parse(c)) for v, k, c in sigs}
                          for p, sigs in state["declined"]}
        game._announced = {(int(p), Card.parse(c)) for p, c in state["announced"]}
        game._queue = deque(_event_from_dict(e) for e in state["queue"])
        game._round_events = [_event_from_dict(e) for e in state["round_events"]]
    except ValueError as exc:
        raise ValueError(f"not a valid saved Steal War game: {exc}") from None
    except (KeyError, TypeError, IndexError, AttributeError) as exc:
        raise ValueError(f"not a valid saved Steal War game: missing or malformed field ({exc!r})") from None
    dealt = sorted([c for h in game.dealt for c in h] + [c for w in game.dealt_piles for c in w])
    held = sorted([c for h in game.hands for c in h] + [c for w in game.piles for c in w]
                  + [t.card for t in game._table])
    if dealt != held:
        raise ValueError("not a valid saved Steal War game: the cards held and on the table are not the cards dealt")
    return game
