"""The lifetime record and the game in progress, in one small JSON file on this computer.

No account, no ranking: games, wins, losses, draws, the current and best winning streak, and the
game being played (``Game.to_json``) so it survives a kernel restart.  Writes are atomic (a
temporary file in the same folder, then ``os.replace``).  A file that cannot be read is never
overwritten: it is renamed aside (``records.corrupt-20250101-120000.json``) and a fresh one is
started; ``Records.corrupt_backup`` names the kept file so the widget can say so in one line.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["Records", "default_path", "FORMAT", "VERSION"]

FORMAT = "war_widget.records"
VERSION = 1
_COUNTERS = ("games", "wins", "losses", "draws", "current_streak", "best_streak")


def default_path() -> Path:
    """``records.json`` in the user's data folder for war_widget (platformdirs)."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("war_widget", appauthor=False)) / "records.json"


def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "record": {k: 0 for k in _COUNTERS}, "game": None}


def _validate(data: Any, deep: bool = True) -> dict[str, Any]:
    """The data if it is a records file we can read; ValueError saying what is wrong otherwise.

    ``deep`` also rebuilds the saved game to check it (done once, when the file is opened)."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a war_widget records file (expected format {FORMAT!r})")
    if data.get("version") != VERSION:
        raise ValueError(f"records version {data.get('version')!r} is not supported (this version reads {VERSION})")
    record = data.get("record")
    if not isinstance(record, dict):
        raise ValueError("the record is missing")
    for key in _COUNTERS:
        value = record.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"record field {key!r} must be a whole number >= 0; got {value!r}")
    game = data.get("game")
    if game is not None:
        if not isinstance(game, dict) or not isinstance(game.get("game"), str):
            raise ValueError("the saved game is malformed")
        if deep:
            from ..game.engine import Game

            Game.from_json(game["game"])  # raises ValueError if it is not a valid saved game
    return {"format": FORMAT, "version": VERSION, "record": {k: record[k] for k in _COUNTERS}, "game": game}


class Records:
    """The record file at ``path`` (``None``: kept in memory only, nothing written)."""

    def __init__(self, path: str | os.PathLike | None) -> None:
        self.path = Path(path) if path is not None else None
        self.corrupt_backup: Path | None = None
        self.problem: str | None = None
        self._data = self._load()

    # --- reading -------------------------------------------------------------------------
    def _load(self) -> dict[str, Any]:
        if self.path is None or not self.path.exists():
            return _empty()
        try:
            text = self.path.read_text(encoding="utf-8")
            return _validate(json.loads(text))
        except (ValueError, UnicodeDecodeError) as exc:  # JSONDecodeError is a ValueError
            self.problem = str(exc)
            self.corrupt_backup = self._set_aside()
            data = _empty()
            self._write(data)
            return data
        except OSError as exc:
            raise ValueError(f"cannot read the records file {self.path}: {exc}") from None

    def _set_aside(self) -> Path:
        """Rename the unreadable file to a name not used yet; never overwrite anything."""
        assert self.path is not None
        stamp = time.strftime("%Y%m%d-%H%M%S")
        n = 0
        while True:
            suffix = f"-{n}" if n else ""
            candidate = self.path.with_name(f"{self.path.stem}.corrupt-{stamp}{suffix}{self.path.suffix}")
            if not candidate.exists():
                break
            n += 1
        os.replace(self.path, candidate)
        return candidate

    def _refresh(self) -> None:
        """Re-read the file before changing it, so two widgets sharing it do not undo each other."""
        if self.path is None or not self.path.exists():
            return
        try:
            self._data = _validate(json.loads(self.path.read_text(encoding="utf-8")), deep=False)
        except (ValueError, UnicodeDecodeError, OSError):
            self.corrupt_backup = self._set_aside()
            self._data = {**_empty(), "record": self._data["record"]}

    def _write(self, data: dict[str, Any]) -> None:
        if self.path is None:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=self.path.name + ".", suffix=".tmp", dir=self.path.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                json.dump(data, fh, separators=(",", ":"))
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    # --- the record ----------------------------------------------------------------------
    @property
    def record(self) -> dict[str, int]:
        """games, wins, losses, draws, current_streak, best_streak."""
        return dict(self._data["record"])

    def add_result(self, result: str) -> dict[str, int]:
        """Count a finished game: ``"win"``, ``"loss"`` or ``"draw"``."""
        if result not in ("win", "loss", "draw"):
            raise ValueError(f"result must be 'win', 'loss' or 'draw'; got {result!r}")
        self._refresh()
        r = self._data["record"]
        r["games"] += 1
        r[{"win": "wins", "loss": "losses", "draw": "draws"}[result]] += 1
        r["current_streak"] = r["current_streak"] + 1 if result == "win" else 0
        r["best_streak"] = max(r["best_streak"], r["current_streak"])
        self._write(self._data)
        return self.record

    def reset_record(self) -> None:
        """Start the record again from zero (the saved game is kept)."""
        self._refresh()
        self._data["record"] = {k: 0 for k in _COUNTERS}
        self._write(self._data)

    # --- the game in progress ------------------------------------------------------------
    @property
    def saved_game(self) -> dict[str, Any] | None:
        """The saved game in progress: ``{"game": json text, ...settings}``, or None."""
        game = self._data.get("game")
        return dict(game) if game else None

    def save_game(self, payload: dict[str, Any]) -> None:
        """Keep ``payload`` (with the game's JSON under ``"game"``) as the game in progress."""
        if not isinstance(payload, dict) or not isinstance(payload.get("game"), str):
            raise ValueError("save_game needs a dict with the game's JSON text under 'game'")
        self._refresh()
        self._data["game"] = payload
        self._write(self._data)

    def clear_game(self) -> None:
        """Forget the game in progress (it has ended)."""
        if self._data.get("game") is None:
            return
        self._refresh()
        self._data["game"] = None
        self._write(self._data)
