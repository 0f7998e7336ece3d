"""A Steal War game as versioned JSON: its history (the deal, then every beat and decision),
replayed by the game on load, so a loaded game is a position the game reached and plays exactly
the future the saved one would have played.  Policies are code, not data: their decisions are in
the history; pass the policies again to ``from_json`` for the decisions still to come.

Version 2 (written now): ``players``, ``deal`` (``{"seed": n}``, or for a scripted position
``{"seed": n, "hands": [...], "piles": [...]}``), ``log`` (a number of beats, or one decision
``[seat, ["play"] | ["steal", victim] | ["top", card]]``, in order), ``ended_now`` and ``check``
(the round, counts and phase the replay must reach).  Version 1 (a dump of the fields, no
decisions) is refused with a clear ValueError naming its deal: no replay can check it.

The game's own notation: ``StealWarGame.to_json`` / ``from_json`` call :func:`dumps` and
:func:`loads` (given the class to build, so this module does not import the game); the save
module ``war_widget.variants.steal.persistence`` offers the same as ``steal_to_json`` / ``steal_from_json``."""
from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from ...game.cards import Card
from ...game.engine_json import event_to_dict  # one card/outcome encoding for every saved game
from ...game.rng import MASK64
from ...game.save_check import MAX_BEATS, SaveError, beats_per_round, check_length, replay_guard
from .actions import action_from_json, action_to_json
from .state import Policy, StealState, _check_policies

__all__ = ["dumps", "loads", "FORMAT", "VERSION"]

G = TypeVar("G", bound=StealState)

FORMAT = "war_widget.steal_war"
VERSION = 2
MAX_TEXT = 1 << 20


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
        if version == 1:
            _refuse_v1(state)
        game = _load(state, cls)
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
    check = state["check"]
    if not isinstance(check, dict) or set(check) != {"round", "counts", "phase"}:
        raise _Bad('check must be {"round": n, "counts": [...], "phase": "..."}')
    rounds = _whole(check["round"], "check.round")
    claimed = sum(m for m in log if isinstance(m, int) and not isinstance(m, bool) and m > 0)
    try:            # before any replay: what the save claims must fit a game that could be played
        cards = sum(len(h) for h in game.dealt) + sum(len(w) for w in game.dealt_piles)
        check_length(claimed, rounds, None, cards + n, n)     # a steal or a choice a player, each round
    except SaveError as exc:
        raise _Bad(str(exc)) from None
    guard, now = replay_guard(claimed, rounds, beats_per_round(cards + n, n)), game.round_number
    beats = 0
    for move in log:
        if isinstance(move, int) and not isinstance(move, bool):
            beats += _whole(move, "a beat count in the log", 1, MAX_BEATS)
            if beats > MAX_BEATS:
                raise _Bad(f"the log holds more than {MAX_BEATS} beats")
            for k in range(move):
                try:
                    event = game.step()
                except ValueError:
                    raise _Bad("the log plays a beat where a decision is due") from None
                if event is None:
                    raise _Bad("the log plays beats after the game is over")
                if game.round_number != now:
                    now = game.round_number
                    try:
                        guard(beats - move + k + 1, now)
                    except SaveError as exc:
                        raise _Bad(str(exc)) from None
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
    found = {"round": game.round_number, "counts": list(game.counts), "phase": game.phase}
    if found != check:
        raise _Bad(f"the replay reaches {found}; the save says {str(check)[:120]} (a tampered save)")
    return game  # type: ignore[no-any-return]


def _refuse_v1(state: dict[str, Any]) -> None:
    """A version-1 save (a dump of the fields, from before saves were histories) is refused: it
    holds no decisions, so no replay can check it (War's version-1 saves are replayed from their
    deal because War has no decisions; a Steal War position depends on every steal and choice),
    and read field by field it loaded impossible games (an empty history, round 10^19, a
    compare with no card face up, a collect with no winner, everyone out).  The message names
    the deal, which plays again from the start."""
    seed, players = state.get("seed"), state.get("players")
    deal = ""
    if isinstance(seed, int) and not isinstance(seed, bool) and 0 <= seed <= MASK64 and not state.get("scripted") \
            and isinstance(players, int) and not isinstance(players, bool) and 2 <= players <= 4:
        deal = f"; its deal plays again from the start with StealWarGame({players}, seed={seed})"
    raise _Bad("this is a save of format version 1 (a dump of the game's fields, from war_widget before Steal War "
               "saves were the game's history), which this version no longer loads: it holds none of the "
               f"decisions a replay would check it by{deal}")
