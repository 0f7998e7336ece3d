"""The records a session keeps: the lifetime record and the game in progress, in a records
store (``session.records.Records``: a file, or the same store in memory), given to the session
by whoever made it (None: this Python cannot keep one, e.g. Pyodide without sqlite3).  A disk
that refuses a write stops the recording and says so; play goes on.  A game that breaks an
invariant (a card lost, a round without its end) is never saved."""
from __future__ import annotations

import os
import stat
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol

from ..game.engine import Game

__all__ = ["RecordStore", "Keeping", "check_records", "intact", "result_of", "read_saved"]


class RecordStore(Protocol):
    """What the session needs of a records store."""

    path: Path | None
    corrupt_backup: Path | None

    @property
    def record(self) -> dict[str, int]: ...
    def add_result(self, result: str) -> dict[str, int]: ...
    def reset_record(self) -> None: ...
    @property
    def saved_game(self) -> dict[str, Any] | None: ...
    def save_game(self, payload: dict[str, Any]) -> None: ...
    def clear_game(self) -> None: ...


def check_records(records: object) -> bool | str | os.PathLike[str]:
    """``records=``: True, False, or a path (str or os.PathLike) of a regular file or of one to
    create, else a ValueError saying what is allowed."""
    if isinstance(records, bool):
        return records
    if isinstance(records, bytes) or not isinstance(records, (str, os.PathLike)):
        raise ValueError(f"records must be True (your data folder), False (keep nothing) or the path of a "
                         f"records file as text, e.g. 'war_records.json'; got {records!r}")
    path = Path(os.fspath(records))
    if not str(records).strip():
        raise ValueError("records must be True, False or a file path; got an empty path")
    try:
        info = path.stat()
    except OSError:           # not there (yet), or not reachable: the store says why, play goes on
        return records
    if not stat.S_ISREG(info.st_mode):
        kind = "a folder" if stat.S_ISDIR(info.st_mode) else "not a regular file (a pipe, a device ...)"
        raise ValueError(f"records must be the path of a regular file (or of one to create); {str(path)!r} is {kind}")
    return records


def intact(game: Game) -> bool:
    """The game's invariants: every card dealt (all the deck's, or a scripted deal's own) in a
    hand, a won pile, on the table or unused, once;
    an ended game has its outcome; every completed round has its history entry."""
    held = [c for h in game.hands for c in h] + [c for w in game.won for c in w]
    cards = held + [t.card for t in game.table] + list(game.unused)
    dealt = [c for h in game.dealt for c in h] + list(game.unused)   # a scripted deal may hold fewer than 52
    if len(cards) != len(dealt) or set(cards) != set(dealt) or len(set(cards)) != len(cards):
        return False
    if len(game.history) != game.round_number:
        return False
    return not (game.phase == "over" and game.outcome is None)


def result_of(game: Game) -> str | None:
    """"win", "loss" or "draw" for seat 0 (you), once the game is over."""
    o = game.outcome
    if o is None:
        return None
    if o.winning_team is not None:
        return "win" if o.winning_team == 0 else "loss"
    if o.winner is not None:
        return "win" if o.winner == 0 else "loss"
    if o.loser is not None:
        return "loss" if o.loser == 0 else "win"
    return "draw"


def read_saved(saved: dict[str, Any]) -> Game:
    """The game of a saved payload; a ValueError if it is not a possible position."""
    game = Game.from_json(saved["game"])
    if not intact(game):
        raise ValueError("the saved game is not a possible position (cards missing or doubled)")
    return game


class Keeping:
    """Whether the session keeps records, the store, and what was saved last."""

    def __init__(self, store: RecordStore | None, on: bool, problem: Callable[[OSError], None]) -> None:
        self.store = store
        self.on = on and store is not None
        self._problem = problem
        self.saved_round: int | None = None   # the round of the game saved last (None: not saved)
        self.cleared = False                  # the saved game was cleared (this game ended)
        self.counted = False                  # this game's result is in the record
        self.writes = 0                       # writes to the store (the benchmark counts them)

    @property
    def record(self) -> dict[str, int] | None:
        """The lifetime record (None when record keeping is off)."""
        return self.store.record if self.on and self.store is not None else None

    @property
    def saved_game(self) -> dict[str, Any] | None:
        """The game saved in the records (None: none, or record keeping is off)."""
        return self.store.saved_game if self.on and self.store is not None else None

    def offer(self) -> Game | None:
        """The saved game a view may offer to resume (None: none, or it is over or unreadable)."""
        saved = self.saved_game
        if not saved:
            return None
        try:
            game = Game.from_json(saved["game"])
        except (ValueError, KeyError, TypeError, RecursionError):
            return None
        return None if game.is_over or not intact(game) else game

    def turn(self, on: bool, open_store: Callable[[], RecordStore | None] | None) -> None:
        """Keep records (or stop); turned on with only memory to keep them in, the file is opened
        (``open_store``) if it can be."""
        if on and (self.store is None or self.store.path is None) and open_store is not None:
            store = open_store()
            if store is not None:
                self.store = store
        self.on = on and self.store is not None

    def new_game(self, game: Game, fresh: bool) -> None:
        """A game is installed: ``fresh`` a new deal, else a saved game resumed, whose slot this
        session now owns (so its end clears it even if it ends before the next save)."""
        self.counted = game.is_over
        self.cleared = False
        self.saved_round = game.round_number if fresh else None
        adopt = getattr(self.store, "adopt", None)
        if not fresh and adopt is not None and self.on:
            try:
                adopt(game.to_json())
            except ValueError:
                pass

    def safely(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Write the store; if the disk refuses, keep playing, stop recording, say so."""
        try:
            fn(*args)
            self.writes += 1
            return True
        except OSError as exc:
            self.on = False
            self._problem(exc)
            return False

    def count_result(self, game: Game, mode: str) -> None:
        if self.counted or not game.is_over:
            return
        self.counted = True
        result = result_of(game)
        if mode == "cpu" and self.on and self.store is not None and result is not None:
            self.safely(self.store.add_result, result)

    def save(self, game: Game, settings: dict[str, Any]) -> bool:
        """Keep the game in progress (once a round: an unchanged round is not written again);
        True if written.  A game that has ended is not in progress any more, even after Back
        (its result is in the record: resuming it would count it again), so it is never saved
        again; its slot was cleared when it ended."""
        if not self.on or self.store is None or self.store.path is None:
            return False
        if game.is_over or self.counted:
            if not self.cleared:
                self.cleared = True
                self.safely(self.store.clear_game)
            return False
        if game.round_number == self.saved_round or not intact(game):
            return False
        try:
            text = game.to_json()
        except ValueError:  # rules with a callable policy cannot be saved
            return False
        if self.safely(self.store.save_game, {"game": text, **settings}):
            self.saved_round = game.round_number
            return True
        return False
