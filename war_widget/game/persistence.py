"""Saved War games: a game as versioned JSON text, mid-round included, with the generator's state,
so a loaded game plays exactly the future the saved one would have played.

A save module sits above the engine and imports it (never the reverse).  The notation itself is
the engine's (``war_widget.game.engine_json``, used by ``Game.to_json`` / ``Game.from_json``); loading
checks every field and then the game as a whole against its rules (``war_widget.game.save_check``) and
answers anything else with a ``ValueError`` that says what is wrong.

>>> from war_widget.game.engine import Game
>>> game = Game("classic", seed=42)
>>> game.play_round().number
1
>>> again = game_from_json(game_to_json(game))
>>> again.play_to_end() == game.play_to_end()
True
"""
from __future__ import annotations

from .engine import Game
from .engine_json import FORMAT, VERSION, dumps

__all__ = ["game_to_json", "game_from_json", "FORMAT", "VERSION"]


def game_to_json(game: Game) -> str:
    """The whole state of ``game`` as JSON text (rules, deal, holdings, table, round state,
    generator state, history, beats still due)."""
    return dumps(game)


def game_from_json(text: str | bytes) -> Game:
    """Rebuild a game saved by :func:`game_to_json`; a ValueError naming the problem if the text
    is not one."""
    return Game.from_json(text)
