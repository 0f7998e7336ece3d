"""Saved Steal War games: versioned JSON, mid-round and mid-decision, with the generator's state,
so a loaded game plays exactly the future the saved one would have played.  Policies are code,
not data: pass them again when loading.

A save module sits above the game and imports it (never the reverse); the notation itself is the
game's (``war_widget.variants.steal.game_json``, used by ``StealWarGame.to_json`` / ``from_json``).
"""
from __future__ import annotations

from collections.abc import Sequence

from .game import StealWarGame
from .game_json import FORMAT, VERSION, dumps
from .state import Policy

__all__ = ["steal_to_json", "steal_from_json", "FORMAT", "VERSION"]


def steal_to_json(game: StealWarGame) -> str:
    """Everything: deal, hands, piles, table, round and window state, queued beats, history."""
    return dumps(game)


def steal_from_json(text: str | bytes, policies: Sequence[Policy | None] | None = None) -> StealWarGame:
    """Rebuild a game saved by :func:`steal_to_json`; a clear ValueError if the text is not one."""
    return StealWarGame.from_json(text, policies)
