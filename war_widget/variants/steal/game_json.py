"""A Steal War game as versioned JSON: its history (the deal, then every beat and decision),
replayed by the game on load, so a loaded game is a position the game reached and plays exactly
the future the saved one would have played.  Policies are code, not data: their decisions are in
the history; pass the policies again to ``from_json`` for the decisions still to come.

Version 2 (written now): ``players``, ``deal`` (``{"seed": n}``, or for a scripted position
``{"seed": n, "hands": [...], "piles": [...]}``), ``log`` (a number of beats, or one decision
``[seat, ["play"] | ["steal", victim] | ["top", card]]``, in order), ``ended_now`` and ``check``
(the round, counts and phase the replay must reach).  Version 1 (a dump of the fields) is still
read, each field checked; a game loaded from it has no history, so it is written as version 1.

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
from ...game.rng import MASK64, SplitMix64
from ...game.save_check import MAX_BEATS
from . import events as sev
from .actions import action_from_json, action_to_json
from .state import Policy, StealState, _check_policies

__all__ = ["dumps", "loads", "FORMAT", "VERSION"]

G = TypeVar("G", bound=StealState)

FORMAT = "war_widget.steal_war"
VERSION = 2
MAX_TEXT = 1 << 20
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


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def dumps(game: StealState) -> str:
    """The game's history: deal, beats and decisions (a game loaded from a version-1 save, which
    has no history, is written as version 1)."""
    if game._from_v1:
        return _dumps_v1(game)
    deal: dict[str, Any] = {"seed": game.seed}
    if game._scripted:
        deal["hands"] = [_codes(h) for h in game.dealt]
        deal["piles"] = [_codes(w) for w in game.dealt_piles]
    state = {"format": FORMAT, "version": VERSION, "players": game.players, "deal": deal, "log": game._log,
             "ended_now": game._ended_now,
             "check": {"round": game.round_number, "counts": list(game.counts), "phase": game.phase}}
    return json.dumps(state, separators=(",", ":"))


def _dumps_v1(game: StealState) -> str:
    """Version 1: every field of the position."""
    state = {
        "format": FORMAT, "version": 1, "players": game.players,
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
        "decisions": [[p, action_to_json(a)] for p, a in sorted(game._decisions.items())],
        "declined": [[p, sorted([v, n, c.code] for v, n, c in sigs)] for p, sigs in sorted(game._declined.items())],
        "announced": sorted([p, c.code] for p, c in game._announced),
        "queue": [event_to_dict(e) for e in game._queue],
        "round_events": [event_to_dict(e) for e in game._round_events],
    }
    return json.dumps(state, separators=(",", ":"))


def loads(text: str | bytes, cls: type[G], policies: Sequence[Policy | None] | None = None) -> G:
    """Replay a game of class ``cls`` saved by :func:`dumps` (or read a version-1 save); a clear
    ValueError if the text is not one."""
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"from_json needs JSON text; got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"not a saved Steal War game: {len(text)} characters is far more than a save holds")
    try:
        state = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a saved Steal War game: the text is not valid JSON ({exc.msg} at position "
                         f"{exc.pos})") from None
    except (UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(f"not a saved Steal War game: the text cannot be read as JSON "
                         f"({type(exc).__name__})") from None
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"not a saved Steal War game: expected a JSON object with format {FORMAT!r}")
    version = state.get("version")
    if version not in (1, VERSION):
        raise ValueError(f"saved Steal War version {str(version)[:20]} is not supported; "
                         f"this version reads 1 and {VERSION}")
    try:
        game = _load_v1(state, cls) if version == 1 else _load(state, cls)
    except (_Bad, ValueError) as exc:        # ValueError: an entry of the wrong length, a bad card
        raise ValueError(f"not a valid saved Steal War game: {str(exc)[:300]}") from None
    except (KeyError, TypeError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
        raise ValueError(f"not a valid saved Steal War game: missing or malformed field ({exc!r})"[:300]) from None
    game.policies = _check_policies(policies, game.players)
    return game


class _Bad(Exception):
    """A field that cannot be right; one ValueError at the top."""


def _whole(value: Any, name: str, lo: int = 0, hi: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < lo or (hi is not None and value > hi):
        span = f" from {lo} to {hi}" if hi is not None else f" >= {lo}"
        raise _Bad(f"{name} must be a whole number{span}; got {str(value)[:40]}")
    return value


def _flag(value: Any, name: str) -> bool:
    if not isinstance(value, bool):
        raise _Bad(f"{name} must be true or false; got {str(value)[:40]!r}")
    return value


def _load(state: dict[str, Any], cls: type[G]) -> G:
    expected = {"format", "version", "players", "deal", "log", "ended_now", "check"}
    if set(state) != expected:
        raise _Bad(f"a save has exactly the fields {', '.join(sorted(expected))}")
    n = _whole(state["players"], "players", 2, 4)
    deal = state["deal"]
    if not isinstance(deal, dict) or "seed" not in deal or not set(deal) <= {"seed", "hands", "piles"}:
        raise _Bad('deal must be {"seed": n} or {"seed": n, "hands": [...], "piles": [...]}')
    seed = _whole(deal["seed"], "deal.seed", 0, MASK64)
    game: Any
    try:
        if "hands" in deal:
            game = cls.from_hands(deal["hands"], deal.get("piles"), seed)  # type: ignore[attr-defined]
            if game.players != n:
                raise _Bad(f"deal.hands must have one hand per player ({n})")
        else:
            game = cls(n, seed)                                            # type: ignore[call-arg]
    except ValueError as exc:
        raise _Bad(f"deal: {exc}") from None
    log = state["log"]
    if not isinstance(log, list):
        raise _Bad("log must be a list of beat counts and decisions")
    beats = 0
    for move in log:
        if isinstance(move, int) and not isinstance(move, bool):
            beats += _whole(move, "a beat count in the log", 1, MAX_BEATS)
            if beats > MAX_BEATS:
                raise _Bad(f"the log holds more than {MAX_BEATS} beats")
            for _ in range(move):
                try:
                    event = game.step()
                except ValueError:
                    raise _Bad("the log plays a beat where a decision is due") from None
                if event is None:
                    raise _Bad("the log plays beats after the game is over")
        elif isinstance(move, list) and len(move) == 2:
            seat = _whole(move[0], "a decision's seat", 0, n - 1)
            try:
                action = action_from_json(move[1])
            except ValueError as exc:
                raise _Bad(str(exc)) from None
            if game.to_act != seat:
                raise _Bad(f"the log has player {seat + 1} decide when "
                           f"{'nobody' if game.to_act is None else f'player {game.to_act + 1}'} is to act")
            try:
                game.apply(action)
            except ValueError as exc:
                raise _Bad(str(exc)) from None
        else:
            raise _Bad(f"the log holds beat counts and [seat, decision] pairs; got {str(move)[:40]}")
    if _flag(state["ended_now"], "ended_now"):
        game.end_now()
    check = state["check"]
    if not isinstance(check, dict) or set(check) != {"round", "counts", "phase"}:
        raise _Bad('check must be {"round": n, "counts": [...], "phase": "..."}')
    found = {"round": game.round_number, "counts": list(game.counts), "phase": game.phase}
    if found != check:
        raise _Bad(f"the replay reaches {found}; the save says {str(check)[:120]} (a tampered save)")
    return game  # type: ignore[no-any-return]


def _cards_of(value: Any, name: str) -> list[Card]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
        raise _Bad(f"{name} must be a list of card codes")
    try:
        return [Card.parse(c) for c in value]
    except ValueError as exc:
        raise _Bad(f"{name}: {exc}") from None


def _groups(value: Any, name: str, n: int) -> list[list[Card]]:
    if not isinstance(value, list) or len(value) != n:
        raise _Bad(f"{name} must have one list per player ({n})")
    return [_cards_of(g, name) for g in value]


def _seat(value: Any, name: str, n: int) -> int:
    return _whole(value, name, 0, n - 1)


def _load_v1(state: dict[str, Any], cls: type[G]) -> G:
    """A version-1 save, every field checked (a card twice, a winner that is no seat, a top card
    not on the table, seeds that are not whole numbers, flags that are not true or false, empty
    ``out`` or ``fighters`` are rejected here, not by a crash later)."""
    n = _whole(state["players"], "players", 2, 4)
    game = cls.__new__(cls)
    game.seed = _whole(state["seed"], "seed", 0, MASK64)
    game._scripted = _flag(state["scripted"], "scripted")
    game._rng = SplitMix64.from_state(_whole(state["rng"], "rng", 0, MASK64))
    dealt, dealt_piles = _groups(state["dealt"], "dealt", n), _groups(state["dealt_piles"], "dealt_piles", n)
    unused = _cards_of(state["unused"], "unused")
    every = [c for h in dealt for c in h] + [c for w in dealt_piles for c in w] + unused
    if len(set(every)) != len(every):
        twice = sorted({c.code for c in every if every.count(c) > 1})
        raise _Bad(f"a card is dealt twice ({', '.join(twice)}): every card of the 54 is distinct")
    if not game._scripted:
        fresh = cls(n, game.seed)                                          # type: ignore[call-arg]
        if [list(h) for h in fresh.dealt] != dealt or any(dealt_piles) or fresh.unused != unused:
            raise _Bad(f"the cards dealt are not the deal of seed {game.seed}")
    game._setup(n, dealt, dealt_piles, unused)
    game.hands = [deque(h) for h in _groups(state["hands"], "hands", n)]
    game.piles = _groups(state["piles"], "piles", n)
    table = []
    for item in state["table"]:
        if not isinstance(item, list) or len(item) != 4:
            raise _Bad("a table card is [player, card, face_up, battle]")
        p, c, up, b = item
        table.append(TableCard(_seat(p, "table player", n), _cards_of([c], "table")[0], _flag(up, "face_up"),
                               _whole(b, "table battle", 0)))
    game._table = table
    held = [c for h in game.hands for c in h] + [c for w in game.piles for c in w] + [t.card for t in table]
    if sorted(held) != sorted(every[:len(every) - len(unused)]):
        raise _Bad("the cards held and on the table are not the cards dealt (each exactly once)")
    game.round_number = _whole(state["round_number"], "round_number")
    out = state["out"]
    if not isinstance(out, list) or len(out) != n:
        raise _Bad(f"out must have one true/false per player ({n})")
    game.out = [_flag(o, "out") for o in out]
    game.outcome = Outcome.from_dict(state["outcome"]) if state["outcome"] is not None else None
    game.history = [(None if w is None else _seat(w, "history winner", n), _whole(k, "history wars"),
                     tuple(_whole(x, "history counts") for x in c)) for w, k, c in state["history"]]
    game.steal_history = [(_whole(r, "steal round"), _seat(t, "thief", n), _seat(v, "victim", n),
                           _whole(k, "cards stolen")) for r, t, v, k in state["steal_history"]]
    phase = state["phase"]
    if phase not in _PHASES:
        raise _Bad(f"phase must be one of {', '.join(_PHASES)}; got {str(phase)[:20]!r}")
    if (phase == "over") != (game.outcome is not None):
        raise _Bad("a game has an outcome exactly when its phase is 'over'")
    game._phase = phase
    fighters = state["fighters"]
    if not isinstance(fighters, list):
        raise _Bad("fighters must be a list of seats")
    game._fighters = [_seat(p, "fighters", n) for p in fighters]
    if len(set(game._fighters)) != len(game._fighters):
        raise _Bad("fighters names a player twice")
    if phase not in ("start", "over") and len(game._fighters) < 2:
        raise _Bad(f"phase {phase!r} needs at least two fighters; got {fighters!r}")
    game._faceup = {_seat(p, "faceup player", n): _cards_of([c], "faceup")[0] for p, c in state["faceup"]}
    game._battle, game._wars = _whole(state["battle"], "battle"), _whole(state["wars"], "wars")
    winner = state["winner"]
    game._winner = None if winner is None else _seat(winner, "winner", n)
    game._short_end = _flag(state["short_end"], "short_end")
    top = state["top"]
    game._top = None if top is None else _cards_of([top], "top")[0]
    if game._top is not None and game._top not in {t.card for t in table}:
        raise _Bad(f"the top card {game._top.code} is not on the table")
    game._choosing = _flag(state["choosing"], "choosing")
    game._decisions = {}
    for p, a in state["decisions"]:
        try:
            game._decisions[_seat(p, "decision seat", n)] = action_from_json(a)
        except ValueError as exc:
            raise _Bad(str(exc)) from None
    game._declined = {_seat(p, "declined seat", n): {(_seat(v, "declined victim", n), _whole(k, "declined count"),
                                                      _cards_of([c], "declined")[0]) for v, k, c in sigs}
                      for p, sigs in state["declined"]}
    game._announced = {(_seat(p, "announced seat", n), _cards_of([c], "announced")[0]) for p, c in state["announced"]}
    try:
        game._queue = deque(_event_from_dict(e) for e in state["queue"])
        game._round_events = [_event_from_dict(e) for e in state["round_events"]]
    except ValueError as exc:
        raise _Bad(f"an event: {exc}") from None
    game._from_v1 = True
    return game
