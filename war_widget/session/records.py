"""War's records: the lifetime record and the games in progress, kept in the records store
(``war_widget.session.store``, a SQLite file several kernels share safely), the one
implementation of records: ``Records(None)`` is the same store in memory (SQLite ":memory:",
nothing written), which a ``WarSession`` keeps when it is given no records.

``Records(path)`` keeps the interface the widget has always used.  ``path`` names the records
file: ``records.json`` (the default, and the JSON file of earlier versions) stands for the store
``records.sqlite3`` beside it, and the JSON file, if there is one, is read once into the store
(its record and saved game are kept; a file that cannot be read at all is renamed aside as
``records.corrupt-<time>.json``, and ``corrupt_backup`` names it).  Each game in progress has its
own slot, named by its game number (or its deal, for a scripted one): finishing one game clears
only that game's slot, and only while it still holds what this widget saved there.

Games abandoned in earlier sessions are pruned when the records open: the ``KEEP_GAMES`` (20)
most recently saved games in progress are kept, older ones are forgotten, so opening never
replays more than 20 games however many were left unfinished.
"""
from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

from ..game.codes import encode_code
from ..game.engine import Game
from ..game.rules import Rules
from .store import FORMAT, KEEP_GAMES, VERSION, RecordsStore, SavedGame, rename_aside

__all__ = ["Records", "in_memory", "default_path", "store_path", "game_slot", "FORMAT", "VERSION"]


def default_path() -> Path:
    """``records.json`` in the user's data folder for war_widget (platformdirs); the store is
    ``records.sqlite3`` beside it.  In the browser (Pyodide, JupyterLite) a file at the root of
    ``/drive``, which the browser keeps across reloads."""
    if sys.platform == "emscripten":
        return Path("/drive/.war_widget_records.json")
    from platformdirs import user_data_dir

    return Path(user_data_dir("war_widget", appauthor=False)) / "records.json"


def store_path(path: str | os.PathLike[str]) -> tuple[Path, Path]:
    """The store file for a records path, and the legacy JSON file beside it."""
    path = Path(path)
    if path.suffix == ".json":
        return path.with_suffix(".sqlite3"), path
    return path, path.with_suffix(".json")


def game_slot(text: str) -> str:
    """The slot of a saved game (``Game.to_json()`` text): its game number, or for a scripted deal
    ``deal-`` and a digest of its rules and deal.  ValueError if the text is not a save."""
    try:
        state = json.loads(text)
    except (ValueError, RecursionError):
        raise ValueError("not a saved game") from None
    if not isinstance(state, dict):
        raise ValueError("not a saved game")
    deal = state.get("deal") if state.get("version") == 2 else {
        "seed": state.get("seed"), **({"hands": state.get("dealt")} if state.get("scripted") else {})}
    rules = state.get("rules")
    if not isinstance(deal, dict) or not isinstance(rules, dict):
        raise ValueError("not a saved game")
    if "hands" not in deal:
        try:
            return encode_code(Rules.from_dict(rules), deal.get("seed"))  # type: ignore[arg-type]
        except (ValueError, TypeError):
            raise ValueError("not a saved game: its rules or seed cannot be read") from None
    digest = hashlib.sha256(json.dumps([rules, deal], sort_keys=True).encode()).hexdigest()[:16]
    return f"deal-{digest}"


def _check(text: str) -> str:
    """The slot of a saved game that can be replayed; ValueError if it cannot."""
    Game.from_json(text)
    return game_slot(text)


class Records:
    """The records at ``path`` (``None``: kept in memory only, nothing written)."""

    def __init__(self, path: str | os.PathLike[str] | None) -> None:
        self.path = Path(path) if path is not None else None
        self.corrupt_backup: Path | None = None
        self.problem: str | None = None
        self._mine: dict[str, str] = {}          # slot -> the game text this widget saved there
        self._bad: set[str] = set()              # game texts that cannot be read (newer versions)
        if self.path is None:
            self.store = RecordsStore(None)
            return
        db, legacy = store_path(self.path)
        self.store = RecordsStore(db)
        self.corrupt_backup = self.store.damaged_file
        if legacy.is_file() and self.store.import_legacy(legacy, _check) and self.store.legacy_unreadable:
            self.corrupt_backup = rename_aside(legacy)
        if self.store.writable:
            try:
                self.store.prune_games(KEEP_GAMES)
            except OSError:
                pass                                 # a busy or full disk: prune another time
        self._check_games()
        if self.store.problems:
            self.problem = "; ".join(self.store.problems)

    def _check_games(self) -> None:
        """Replay each saved game once: one that cannot be read is set aside; one from a newer
        war_widget is left where it is (that version can resume it), just not offered here."""
        for saved in self.store.games():
            try:
                Game.from_json(saved.payload["game"])
            except ValueError as exc:
                if "newer war_widget" in str(exc):
                    self._bad.add(saved.payload["game"])
                elif self.store.writable:
                    self.store.set_aside_game(saved.slot, str(exc)[:300], only_if=saved.payload["game"])

    # --- the record ----------------------------------------------------------------------
    @property
    def record(self) -> dict[str, int]:
        """games, wins, losses, draws, current_streak, best_streak."""
        return self.store.record

    def add_result(self, result: str) -> dict[str, int]:
        """Count a finished game: ``"win"``, ``"loss"`` or ``"draw"``."""
        return self.store.add_result(result)

    def reset_record(self) -> None:
        """Start the record again from zero (saved games are kept)."""
        self.store.reset_record()

    # --- games in progress ---------------------------------------------------------------
    def saved_games(self) -> list[SavedGame]:
        """Every game in progress this version can resume, the latest first."""
        return [g for g in self.store.games() if g.payload["game"] not in self._bad]

    @property
    def saved_game(self) -> dict[str, Any] | None:
        """The latest game in progress: ``{"game": json text, ...settings}``, or None."""
        games = self.saved_games()
        return dict(games[0].payload) if games else None

    def save_game(self, payload: dict[str, Any]) -> None:
        """Keep ``payload`` (with the game's JSON under ``"game"``) in its game's slot."""
        if not isinstance(payload, dict) or not isinstance(payload.get("game"), str):
            raise ValueError("save_game needs a dict with the game's JSON text under 'game'")
        slot = game_slot(payload["game"])
        self.store.save_game(slot, payload)
        self._mine[slot] = payload["game"]

    def adopt(self, text: str) -> None:
        """This widget resumed the game ``text`` (a save from its slot): the slot is its own now,
        so the game's end clears it even if nothing was saved since (what the slot holds now: a
        version-1 save is written again in the current format only at the next save)."""
        slot = game_slot(text)
        held = self.store.game(slot)
        self._mine.setdefault(slot, held.payload["game"] if held is not None else text)

    def clear_game(self) -> None:
        """Forget the games this widget saved (its game has ended); a slot another widget has
        saved into since is left alone."""
        for slot, text in list(self._mine.items()):
            self.store.clear_game(slot, only_if=text)
            del self._mine[slot]


def in_memory() -> Records | None:
    """Records kept in memory (the store on SQLite ":memory:", nothing written), or None where
    this Python has no sqlite3 (Pyodide without its sqlite3 package): then no record is kept."""
    try:
        return Records(None)
    except OSError:
        return None
