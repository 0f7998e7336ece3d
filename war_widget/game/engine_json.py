"""A War game as versioned JSON text: its history, replayed by the engine on load.

This is the engine's own notation (as PGN is a chess game's): the rules with every option written
out, the deal (the seed, and for a scripted deal the dealt hands), the number of beats played and
whether the game was ended early (``end_now``), plus the round, counts and phase the replay must
reach (a check that the save and the engine agree).  ``Game.to_json()`` and ``Game.from_json()``
call :func:`dumps` and :func:`loads`, which do not import the ``Game`` class (``loads`` is given
the class to build).  A position the engine cannot reach cannot be written down, so loading checks
the format (``save_check``) and replays; anything else is a ``ValueError`` saying what is wrong.

Version 1 saves (a dump of the engine's fields) are still read, once, by ``engine_json_v1``.
"""
from __future__ import annotations

import json
from typing import Any, TypeVar

from .engine_json_v1 import encode_value, event_to_dict, load_v1
from .engine_state import GameState
from .save_check import MAX_BEATS, MAX_ROUNDS, SaveError, beats_per_round, read_save, replay_guard

__all__ = ["dumps", "loads", "encode_value", "event_to_dict", "FORMAT", "VERSION", "MAX_TEXT"]

G = TypeVar("G", bound=GameState)

FORMAT = "war_widget.game"
VERSION = 2
MAX_TEXT = 1 << 20             # a save is a few hundred bytes (a scripted deal: a few kilobytes)


def dumps(game: GameState) -> str:
    """The game as JSON text: rules, deal, beats played (ValueError for rules with a callable
    gather policy, which cannot be written down)."""
    deal: dict[str, Any] = {"seed": game.seed}
    if game._scripted:
        deal["hands"] = [[c.code for c in h] for h in game.dealt]
    if game.beats > MAX_BEATS or game.round_number > MAX_ROUNDS:
        raise ValueError(f"a game of more than {MAX_ROUNDS} rounds or {MAX_BEATS} beats cannot be saved")
    state = {
        "format": FORMAT, "version": VERSION, "rules": game.rules.to_dict(), "deal": deal,
        "beats": game.beats, "ended_now": game._ended_now,
        "check": {"round": game.round_number, "counts": list(game.counts), "phase": game.phase},
    }
    return json.dumps(state, separators=(",", ":"), ensure_ascii=True)


def _parse(text: str | bytes) -> Any:
    if not isinstance(text, (str, bytes, bytearray)):
        raise ValueError(f"from_json needs the JSON text of a saved game; got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ValueError(f"not a saved game: {len(text)} characters is far more than a save holds "
                         f"(at most {MAX_TEXT})")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not a saved game: the text is not valid JSON ({exc.msg} at position {exc.pos})") from None
    except (UnicodeDecodeError, RecursionError) as exc:
        raise ValueError(f"not a saved game: the text cannot be read as JSON ({type(exc).__name__})") from None


def loads(text: str | bytes, cls: type[G]) -> G:
    """Replay the game saved by :func:`dumps` (or a version-1 save), as a game of class ``cls``;
    a ValueError naming the problem if the text is not one."""
    state = _parse(text)
    if not isinstance(state, dict) or state.get("format") != FORMAT:
        raise ValueError(f"not a saved game: expected a JSON object with \"format\": {FORMAT!r}")
    version = state.get("version")
    if version not in (1, VERSION):
        newer = isinstance(version, int) and not isinstance(version, bool) and version > VERSION
        raise ValueError(f"saved game version {str(version)[:20]} is not supported; this version reads 1 and "
                         f"{VERSION}{' (the save is from a newer war_widget)' if newer else ''}")
    try:
        return load_v1(state, cls) if version == 1 else _load(state, cls)
    except SaveError as exc:
        raise ValueError(f"not a valid saved game: {exc}") from None
    except (TypeError, AttributeError, KeyError, IndexError, OverflowError, RecursionError) as exc:
        raise ValueError(f"not a valid saved game: a malformed field ({type(exc).__name__})") from None


def _load(state: dict[str, Any], cls: type[G]) -> G:
    save = read_save(state)
    game: Any
    try:
        if save.hands is None:
            game = cls(save.rules, save.seed)                               # type: ignore[call-arg]
        else:
            game = cls.from_hands(save.rules, save.hands, save.seed)        # type: ignore[attr-defined]
    except ValueError as exc:
        raise SaveError(f"deal: {exc}") from None
    step, now = game.step, game.round_number
    guard = replay_guard(save.beats, save.round, beats_per_round(save.rules.deck_size + save.rules.jokers,
                                                                 save.rules.players))
    for done in range(save.beats):
        if step() is None:
            raise SaveError(f"the game ends after {done} beats; the save says {save.beats}")
        if game.round_number != now:            # a new round: do the beats still fit the save's rounds?
            now = game.round_number
            guard(done + 1, now)
    if save.ended_now:
        game.end_now()
    found = (game.round_number, game.counts, game.phase)
    if found != (save.round, save.counts, save.phase):
        raise SaveError(f"the replay reaches round {found[0]}, counts {list(found[1])}, phase {found[2]!r}; the "
                        f"save says round {save.round}, counts {list(save.counts)}, phase {save.phase!r} (a "
                        "tampered save, or one from a war_widget whose rules play differently)")
    return game  # type: ignore[no-any-return]
