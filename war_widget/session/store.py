"""The records store: the lifetime record and the games in progress, one slot per game, shared
safely by every kernel and process on this computer.

Why SQLite (the standard library's ``sqlite3``) and not a JSON file with a lock: several kernels
(a classroom's notebooks, a Voilà page and a script) write small records at any moment, and a
process can be killed mid-write.  SQLite gives each change as a transaction (``BEGIN IMMEDIATE``
takes the write lock before reading, so a read-change-write cannot lose another process's
update), survives a killed writer (its write-ahead log is rolled back or replayed on the next
open; ``synchronous=FULL``: a committed result is on disk), waits for a busy database
(``busy_timeout``) and does the locking on Linux, macOS and Windows, all code that a file lock
with atomic, fsynced replaces would have to get right by hand.  WAL lets readers read while a
writer writes.  (As with any lock, a network file system that does not honour locks is not
safe; the store is meant for the user's own data folder.)

What is kept, each as JSON in its own row, so a bad part never hides a good one:

* ``record``: games, wins, losses, draws, the current and best streak, and any field a newer
  war_widget added (kept as it was on every write);
* ``games``: one row per game in progress, by ``slot`` (a table or a game number: the caller
  names it), holding the caller's payload (``{"game": <Game.to_json()>, ...}``);
* ``set_aside``: what could not be read (a damaged record field, a saved game that is not one, an
  unreadable legacy file), with what was wrong, never deleted;
* ``meta``: the format, its version and ``writable_by`` (the oldest version that may write it).
  A store of a newer version that this one may not write is read, never changed, never renamed.

``import_legacy`` reads a records file of the JSON format (war_widget before the store) once:
the record and the saved game are kept, the file is not changed.

Under attack and damage (issue 28):

* every change is one transaction that rolls back on any exception, ``KeyboardInterrupt``
  included, wherever it strikes (``_transact``; no ``with`` block), so an interrupted kernel
  never keeps the write lock the other kernels wait for;
* a store is marked (``PRAGMA application_id`` = ``APPLICATION_ID``, ``user_version`` = its
  version); another program's SQLite file is refused with a ValueError and left as it was; a
  store of ours from before the marks (our tables only) is adopted and marked;
* a damaged store (a malformed page, a page cut off, a bad header) is read row by row
  (``store_salvage``) into a fresh store, the damaged file kept beside it (``rename_aside``),
  and one sentence in ``problems`` says so; a lost table is made again; a bad ``updated`` value
  counts as the oldest; a store in a read-only folder is opened read-only (``writable`` False);
* the write-ahead log is cut back to ``WAL_LIMIT`` (4 MB) after each checkpoint;
* ``prune_games`` keeps the ``KEEP_GAMES`` (20) most recently saved games in progress.

In the browser (Pyodide, JupyterLite) the file lives in ``/drive``, which the browser keeps in its
own storage across reloads but which holds whole files only: SQLite's page writes there leave a
"malformed" database.  There (``whole_file=True``, the default under emscripten) SQLite works on
a copy in the interpreter's memory file system, copied in from ``path`` when the store opens, and
after each committed change the copy's bytes replace ``path`` whole and atomically (a temporary
file beside it, then ``os.replace``): the file at ``path`` is always a complete store, the one
before or the one after the change.  Before each change the store reads ``path`` again and starts
from it if another tab of the same browser changed it meanwhile.  (Two tabs writing within the
same instant can still lose one of the two changes: the browser has no lock across tabs.)
"""
from __future__ import annotations

import json
import math
import os
import shutil
import sys
import tempfile
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

from .store_salvage import salvage

try:
    import sqlite3
except ImportError:          # Pyodide ships sqlite3 as a package to load; without it, no store
    sqlite3 = None  # type: ignore[assignment]

__all__ = ["RecordsStore", "SavedGame", "ReadOnlyStore", "rename_aside", "open_waiting", "COUNTERS", "RESULTS",
           "FORMAT", "VERSION", "LEGACY_FORMAT", "APPLICATION_ID", "KEEP_GAMES", "WAL_LIMIT"]

T = TypeVar("T")

FORMAT = "war_widget.records"
VERSION = 2                     # the JSON records file was version 1
WRITABLE_BY = 2                 # the oldest version that may write a store of this version
LEGACY_FORMAT = "war_widget.records"
COUNTERS = ("games", "wins", "losses", "draws", "current_streak", "best_streak")
RESULTS = ("win", "loss", "draw")
_MAX_ROW = 4 << 20              # a saved game is a few hundred bytes; a legacy file a few kilobytes
APPLICATION_ID = 0x57415257     # "WARW" in the SQLite header: the file is a war_widget records store
KEEP_GAMES = 20                 # prune_games: the games in progress kept, the most recently saved
WAL_LIMIT = 4 << 20             # the write-ahead log is cut back to 4 MB after each checkpoint
_TABLES = ("meta", "record", "games", "set_aside")
_SCHEMA = (
    "CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS record (id INTEGER PRIMARY KEY CHECK (id = 1), data TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS games (slot TEXT PRIMARY KEY, data TEXT NOT NULL, updated REAL NOT NULL)",
    "CREATE TABLE IF NOT EXISTS set_aside (id INTEGER PRIMARY KEY AUTOINCREMENT, what TEXT NOT NULL, "
    "data TEXT NOT NULL, problem TEXT NOT NULL, at REAL NOT NULL)",
)


class ReadOnlyStore(PermissionError):
    """The store was written by a newer war_widget that this version may not change."""


@dataclass(frozen=True)
class SavedGame:
    """A game in progress: its slot, the caller's payload and when it was saved (Unix time)."""

    slot: str
    payload: dict[str, Any]
    updated: float


def _loads(text: Any) -> Any:
    """JSON text to a value; ValueError (never RecursionError) if it is not JSON."""
    if not isinstance(text, str):
        raise ValueError("not text")
    if len(text) > _MAX_ROW:
        raise ValueError(f"{len(text)} characters, more than a record holds")
    try:
        return json.loads(text)
    except RecursionError:
        raise ValueError("nested too deeply") from None


def read_counters(data: Any) -> tuple[dict[str, int], list[str]]:
    """The counters of a record object, each read on its own: a bad one counts 0 and is named."""
    if not isinstance(data, dict):
        return {k: 0 for k in COUNTERS}, ["the record is not an object"]
    counters, bad = {}, []
    for key in COUNTERS:
        value = data.get(key, 0)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0 or value > 1 << 53:
            bad.append(f"record field {key!r} must be a whole number >= 0; got {repr(value)[:40]}")
            value = 0
        counters[key] = value
    return counters, bad


class RecordsStore:
    """The records store at ``path`` (a SQLite file, created with its folder if missing);
    ``None`` keeps everything in memory (nothing written).

    ``problems`` lists what could not be read when the store was opened (set aside, never lost).
    Writes to a store of a newer version that this one may not change raise ``ReadOnlyStore``.

    ``whole_file`` (default: True in the browser, under emscripten, else False) keeps the database
    in a working copy in memory and writes ``path`` as a whole file after each change (see the
    module's docstring)."""

    def __init__(self, path: str | os.PathLike[str] | None, *, timeout: float = 15.0,
                 whole_file: bool | None = None) -> None:
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise ValueError(f"the records store needs a file path (str or pathlib.Path) or None; got {path!r}")
        if whole_file not in (None, True, False):
            raise ValueError(f"whole_file must be None (True in the browser), True or False; got {whole_file!r}")
        self.path = Path(path) if path is not None else None
        self.whole_file = path is not None and (sys.platform == "emscripten" if whole_file is None else whole_file)
        self._work: Path | None = None             # whole_file: the working copy SQLite opens
        self._synced: bytes | None = None          # whole_file: the bytes of ``path`` as last read or written
        if self.whole_file:
            folder = tempfile.mkdtemp(prefix="war_widget_records_")
            self._work = Path(folder) / "records.sqlite3"
            # the working copy goes when the store does (or the interpreter ends), closed or not
            self._cleanup = weakref.finalize(self, shutil.rmtree, folder, ignore_errors=True)
        self.problems: list[str] = []
        self.damaged_file: Path | None = None      # an unreadable file at ``path``, renamed aside
        self.writable = True
        self.legacy_unreadable = False             # the last legacy file imported could not be read at all
        self._read_only_why = "belongs to a newer war_widget"
        self._timeout = timeout
        self._db = self._open()

    # --- opening --------------------------------------------------------------------------
    def _connect(self, mode: str | None = None) -> sqlite3.Connection:
        """A connection to the store (``mode``: None to read and write, "ro" to read only,
        "immutable" to read a file in a folder where not even SQLite's lock files can be made)."""
        if sqlite3 is None:
            raise OSError("the records store needs Python's sqlite3 module, which this Python lacks "
                          "(in Pyodide: load the 'sqlite3' package)")
        target = ":memory:" if self.path is None else str(self._work or self.path)
        if self.path is not None and mode is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and not self.path.is_file():
                raise ValueError(f"the records store {self.path} is not a regular file")
        if mode is None:
            db = sqlite3.connect(target, timeout=self._timeout, isolation_level=None, check_same_thread=False)
        else:
            query = "mode=ro" if mode == "ro" else "immutable=1"
            db = sqlite3.connect(f"file:{quote(str(Path(target).resolve()))}?{query}", uri=True,
                                 timeout=self._timeout, isolation_level=None, check_same_thread=False)
        db.execute(f"PRAGMA busy_timeout = {int(self._timeout * 1000)}")
        db.execute(f"PRAGMA journal_size_limit = {WAL_LIMIT}")
        return db

    def _open(self) -> sqlite3.Connection:
        """Open the store: create it, adopt an older unmarked one, refuse another program's file
        (ValueError), read a damaged one row by row into a fresh store (the damaged file kept
        beside it), read one in a read-only folder without writing."""
        def connect() -> sqlite3.Connection:
            self._copy_in()
            return self._connect()

        def ready(db: sqlite3.Connection) -> None:
            self._prepare(db)
            self._verify(db)

        found = open_waiting(connect, ready, self._timeout, f"the records store {self.path}")
        if isinstance(found, sqlite3.Connection):
            return found
        error = found
        if self.path is None:
            raise OSError(f"the records store cannot be used: {error}") from None
        if _cannot_write(error) and self.path.is_file() and not self.whole_file:
            return self._open_read_only(error)
        return self._open_salvaged(error)

    def _open_read_only(self, error: sqlite3.DatabaseError) -> sqlite3.Connection:
        """A store SQLite may not write beside (a read-only folder: a WAL store needs its -shm
        file): read it, change nothing, say so."""
        assert self.path is not None
        for mode in ("ro", "immutable"):
            db: sqlite3.Connection | None = None
            try:
                db = self._connect(mode)
                self.writable = False
                self._prepare(db)
                self._verify(db)
            except sqlite3.DatabaseError:
                if db is not None:
                    db.close()
                continue
            self._read_only_why = "is in a read-only folder (or is a read-only file)"
            self.problems.append(f"the records store {self.path} can be read but not written (its folder or "
                                 "file is read-only): the record is shown, nothing is saved")
            return db
        raise OSError(f"the records store {self.path} cannot be used: {error}") from None

    def _open_salvaged(self, error: sqlite3.DatabaseError) -> sqlite3.Connection:
        """A damaged store: every row that can be read page by page goes into a fresh store; the
        damaged file (and its log) is kept beside it under another name; one sentence says so."""
        assert self.path is not None
        try:
            found = salvage(self.path)
        except OSError:
            found = None
        if found is not None and found.meta.get("format", FORMAT) != FORMAT:
            found = None
        self.damaged_file = rename_aside(self.path)
        db: sqlite3.Connection | None = None
        try:
            self._copy_in()
            db = self._connect()
            self._prepare(db)
            if found is not None and found.rows:
                self._restore(db, found)
            self._verify(db)
        except sqlite3.DatabaseError as exc:
            if db is not None:
                db.close()
            raise OSError(f"the records store {self.path} cannot be used: {exc}") from None
        if found is None or not (found.found_format or found.record or found.games):
            self.problems.append(f"{self.path.name} was not a records store; it was kept as {self.damaged_file.name}")
        else:
            record = self._record_row(db)[1]
            self.problems.append(
                f"{self.path.name} was damaged ({str(error)[:80]}): what could be read was kept (the record of "
                f"{record['games']} games, {len(found.games)} games in progress); the damaged file was kept as "
                f"{self.damaged_file.name}")
        return db

    def _restore(self, db: sqlite3.Connection, found: Any) -> None:
        """Write the rows read from a damaged store into this fresh one."""
        def put(db: sqlite3.Connection) -> None:
            if found.record is not None:
                db.execute("INSERT OR REPLACE INTO record VALUES (1, ?)", (found.record,))
            db.executemany("INSERT OR REPLACE INTO games VALUES (?, ?, ?)",
                           [(slot, data, updated) for slot, (data, updated) in found.games.items()])
            db.executemany("INSERT OR IGNORE INTO meta VALUES (?, ?)",
                           [(k, v) for k, v in found.meta.items() if k.startswith("imported:")])
            db.executemany("INSERT INTO set_aside (what, data, problem, at) VALUES (?, ?, ?, ?)",
                           [found.set_aside[k] for k in sorted(found.set_aside)])
        _transact(db, put)
        self._copy_out()

    def _verify(self, db: sqlite3.Connection) -> None:
        """Read every row once (a DatabaseError if a page is damaged)."""
        for table in _TABLES:
            db.execute(f"SELECT * FROM {table}").fetchall()
        check = db.execute("PRAGMA quick_check").fetchall()
        if check != [("ok",)]:
            raise sqlite3.DatabaseError(f"database disk image is malformed ({str(check[0][0])[:80]})")

    def _prepare(self, db: sqlite3.Connection) -> None:
        """Create the tables of a new store; check an existing one is ours (marked with our
        ``application_id``, or an older unmarked store with our tables only, which is marked now)
        and read its version; make again a table that is missing."""
        app = db.execute("PRAGMA application_id").fetchone()[0]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")} - {"sqlite_sequence"}
        if app != APPLICATION_ID and (app != 0 or tables) and not self._ours_unmarked(db, tables):
            raise ValueError(self._foreign(app, tables))
        version = self._meta_version(db) if "meta" in tables else None
        if not self.writable:
            if version is None:
                raise sqlite3.DatabaseError("file is not a database (no records store here, and it cannot be made)")
            self._check_version(db, version)
            return
        if version is None and not tables:
            if self.path is not None and not self.whole_file:   # WAL needs shared memory and a real file
                db.execute("PRAGMA journal_mode = WAL")
        db.execute("PRAGMA synchronous = FULL")
        if self.whole_file:          # a store written by a desktop Python (WAL) copied into the browser
            db.execute("PRAGMA journal_mode = DELETE")
        missing = [t for t in _TABLES if t not in tables]
        if version is not None:
            self._check_version(db, version)
        if (missing or app != APPLICATION_ID) and self.writable:
            def create(db: sqlite3.Connection) -> None:
                for statement in _SCHEMA:
                    db.execute(statement)
                db.executemany("INSERT OR IGNORE INTO meta VALUES (?, ?)",
                               [("format", FORMAT), ("version", str(VERSION)), ("writable_by", str(WRITABLE_BY))])
                db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
                db.execute(f"PRAGMA user_version = {max(version or VERSION, VERSION)}")
            _transact(db, create)
            self._copy_out()
            if tables and missing:
                plural = len(missing) > 1
                self.problems.append(f"the records store {self.path} had lost its table{'s' if plural else ''} "
                                     f"{', '.join(missing)}; {'they were' if len(missing) > 1 else 'it was'} made "
                                     "again, empty (the rest was kept)")

    def _ours_unmarked(self, db: sqlite3.Connection, tables: set[str]) -> bool:
        """An older store of ours (before stores were marked): our tables only, our format."""
        if "meta" not in tables or not tables <= set(_TABLES):
            return False
        try:
            row = db.execute("SELECT value FROM meta WHERE key = 'format'").fetchone()
        except sqlite3.DatabaseError:
            return False
        return row is not None and row[0] == FORMAT

    def _foreign(self, app: int, tables: set[str]) -> str:
        listed = ", ".join(sorted(tables)[:5]) + (" ..." if len(tables) > 5 else "")
        return (f"records={str(self.path)!r} is a SQLite file of another program (application_id {app:#x}, "
                f"tables {listed or 'none'}); war_widget keeps its records in its own store, a file it creates "
                f"(application_id {APPLICATION_ID:#x}).  Give the path of a new file, e.g. 'war_records.json', "
                "or True for your data folder; the file was not changed")

    def _check_version(self, db: sqlite3.Connection, version: int) -> None:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("format") != FORMAT:
            raise sqlite3.DatabaseError("file is not a database (not a war_widget records store)")
        writable_by = _int_or(meta.get("writable_by"), version)
        if version > VERSION and writable_by > VERSION:
            self.writable = False
            self.problems.append(f"the records store is of version {version}, written by a newer war_widget; "
                                 f"this version (which writes version {VERSION}) reads it and changes nothing")

    @staticmethod
    def _meta_version(db: sqlite3.Connection) -> int | None:
        if db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'meta'").fetchone() is None:
            return None
        row = db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone()
        return _int_or(row[0] if row else None, 0)

    # --- the whole-file copy (the browser's /drive) ------------------------------------------
    def _copy_in(self) -> None:
        """whole_file: the working copy becomes the file at ``path`` (empty if there is none)."""
        if self._work is None or self.path is None:
            return
        for old in (self._work, self._work.with_name(self._work.name + "-journal")):
            old.unlink(missing_ok=True)
        if self.path.exists() and not self.path.is_file():
            raise ValueError(f"the records store {self.path} is not a regular file")
        try:
            self._synced = self.path.read_bytes()
        except FileNotFoundError:
            self._synced = None
            return
        self._work.write_bytes(self._synced)

    def _copy_out(self) -> None:
        """whole_file: the working copy's bytes replace the file at ``path`` whole (a temporary
        file in the same folder, flushed, then ``os.replace``: never half a file)."""
        if self._work is None or self.path is None:
            return
        data = self._work.read_bytes()
        if data == self._synced:
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=self.path.parent, prefix=f".{self.path.name}.", suffix=".tmp")
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(data)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, self.path)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
        self._synced = data

    def _reload_if_changed(self) -> None:
        """whole_file: before a change, start from ``path`` again if another tab changed it."""
        if self._work is None or self.path is None:
            return
        try:
            now = self.path.read_bytes()
        except FileNotFoundError:
            now = None
        if now == self._synced:
            return
        self._db.close()
        self._db = self._open()

    def close(self) -> None:
        """Close the database connection (the store cannot be used after)."""
        self._db.close()
        if self._work is not None:
            shutil.rmtree(self._work.parent, ignore_errors=True)

    def __enter__(self) -> RecordsStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _change(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """Run ``work`` in one transaction (all of it or none of it, whatever interrupts it:
        ``KeyboardInterrupt`` included, the write lock is never left held); its result."""
        _roll_back(self._db)            # a transaction an interrupt left open in an earlier call
        try:
            self._reload_if_changed()
        except (OSError, sqlite3.DatabaseError) as exc:
            raise OSError(f"the records store {self.path} could not be read again before a change: {exc}") from None
        if not self.writable:
            why = self._read_only_why
            raise ReadOnlyStore(f"the records store {self.path} {why}; nothing was changed")
        try:
            result = _transact(self._db, work)
        except sqlite3.OperationalError as exc:       # busy beyond the timeout, disk full, read-only folder
            raise OSError(f"the records store {self.path} could not be written: {exc}") from None
        try:
            self._copy_out()
        except OSError as exc:          # the file keeps the store before the change: so does the copy
            self._db.close()
            self._db = self._open()
            raise OSError(f"the records store {self.path} could not be written: {exc}") from None
        return result

    # --- the record -----------------------------------------------------------------------
    def _record_row(self, db: sqlite3.Connection) -> tuple[dict[str, Any], dict[str, int], list[str]]:
        row = db.execute("SELECT data FROM record WHERE id = 1").fetchone()
        if row is None:
            return {}, {k: 0 for k in COUNTERS}, []
        try:
            data = _loads(row[0])
        except ValueError as exc:
            return {}, {k: 0 for k in COUNTERS}, [f"the record could not be read ({exc})"]
        counters, bad = read_counters(data)
        return (data if isinstance(data, dict) else {}), counters, bad

    @property
    def record(self) -> dict[str, int]:
        """games, wins, losses, draws, current_streak, best_streak."""
        return self._record_row(self._db)[1]

    def _change_record(self, change: Callable[[dict[str, int]], None]) -> dict[str, int]:
        def work(db: sqlite3.Connection) -> dict[str, int]:
            data, counters, bad = self._record_row(db)
            if bad:                                   # keep what was there before writing over it
                original = db.execute("SELECT data FROM record WHERE id = 1").fetchone()
                self._set_aside(db, "record", original[0] if original else "", "; ".join(bad))
            change(counters)
            db.execute("INSERT OR REPLACE INTO record VALUES (1, ?)", (json.dumps({**data, **counters}),))
            return counters
        return self._change(work)

    def add_result(self, result: str) -> dict[str, int]:
        """Count a finished game, ``"win"``, ``"loss"`` or ``"draw"``, in one transaction."""
        if result not in RESULTS or not isinstance(result, str):
            raise ValueError(f"result must be 'win', 'loss' or 'draw'; got {result!r}")

        def count(r: dict[str, int]) -> None:
            r["games"] += 1
            r[{"win": "wins", "loss": "losses", "draw": "draws"}[result]] += 1
            r["current_streak"] = r["current_streak"] + 1 if result == "win" else 0
            r["best_streak"] = max(r["best_streak"], r["current_streak"])
        return self._change_record(count)

    def reset_record(self) -> None:
        """Start the record again from zero (games in progress are kept)."""
        self._change_record(lambda r: r.update({k: 0 for k in COUNTERS}))

    # --- games in progress ----------------------------------------------------------------
    def games(self) -> list[SavedGame]:
        """The games in progress whose rows can be read, the latest first."""
        out = []
        for slot, text, updated in self._db.execute("SELECT slot, data, updated FROM games").fetchall():
            try:
                payload = _loads(text)
            except ValueError:
                continue
            if isinstance(slot, str) and isinstance(payload, dict) and isinstance(payload.get("game"), str):
                out.append(SavedGame(slot, payload, _when(updated)))
        out.sort(key=lambda g: g.updated, reverse=True)
        return out

    def game(self, slot: str) -> SavedGame | None:
        """The game in progress in ``slot`` (None if there is none, or it cannot be read)."""
        return next((g for g in self.games() if g.slot == slot), None)

    def save_game(self, slot: str, payload: dict[str, Any]) -> None:
        """Keep ``payload`` (with the game's JSON text under ``"game"``) in ``slot``."""
        _check_slot(slot)
        if not isinstance(payload, dict) or not isinstance(payload.get("game"), str):
            raise ValueError("save_game needs a dict with the game's JSON text under 'game'")
        text = json.dumps(payload, separators=(",", ":"))
        self._change(lambda db: db.execute("INSERT OR REPLACE INTO games VALUES (?, ?, ?)", (slot, text, time.time())))

    def prune_games(self, keep: int = KEEP_GAMES) -> int:
        """Forget all but the ``keep`` most recently saved games in progress (games abandoned in
        earlier sessions: each one is replayed when a widget opens); the number removed."""
        def work(db: sqlite3.Connection) -> int:
            rows = db.execute("SELECT slot, updated FROM games").fetchall()
            if len(rows) <= keep:
                return 0
            rows.sort(key=lambda r: _when(r[1]), reverse=True)
            db.executemany("DELETE FROM games WHERE slot = ?", [(r[0],) for r in rows[keep:]])
            return len(rows) - keep
        return self._change(work)

    def clear_game(self, slot: str, only_if: str | None = None) -> bool:
        """Forget the game in ``slot`` (it has ended); with ``only_if``, only while the slot still
        holds that game text (another table may have saved its own game there since).  True if
        a game was removed."""
        _check_slot(slot)

        def work(db: sqlite3.Connection) -> bool:
            row = db.execute("SELECT data FROM games WHERE slot = ?", (slot,)).fetchone()
            if row is None:
                return False
            if only_if is not None:
                try:
                    held = _loads(row[0]).get("game")
                except (ValueError, AttributeError):
                    held = None
                if held != only_if:
                    return False
            db.execute("DELETE FROM games WHERE slot = ?", (slot,))
            return True
        return self._change(work)

    def set_aside_game(self, slot: str, problem: str, only_if: str | None = None) -> None:
        """Move the game in ``slot`` to the set-aside rows (it cannot be read: ``problem``); with
        ``only_if``, only while the slot still holds that game text (another process may have
        saved a good game there since it was read)."""
        def work(db: sqlite3.Connection) -> None:
            row = db.execute("SELECT data FROM games WHERE slot = ?", (slot,)).fetchone()
            held = None
            if row is not None and only_if is not None:
                try:
                    held = _loads(row[0]).get("game")
                except (ValueError, AttributeError):
                    held = None
            if row is not None and (only_if is None or held == only_if):
                self._set_aside(db, f"game {slot}", row[0], problem)
                db.execute("DELETE FROM games WHERE slot = ?", (slot,))
        self._change(work)
        self.problems.append(f"the saved game {slot!r} could not be read ({problem}); it was set aside")

    # --- what could not be read ---------------------------------------------------------------
    def _set_aside(self, db: sqlite3.Connection, what: str, data: str, problem: str) -> None:
        db.execute("INSERT INTO set_aside (what, data, problem, at) VALUES (?, ?, ?, ?)",
                   (what, data, problem, time.time()))

    def set_aside(self) -> list[tuple[str, str, str]]:
        """Everything set aside: (what, the text as it was, what was wrong), oldest first."""
        return [tuple(r) for r in self._db.execute("SELECT what, data, problem FROM set_aside ORDER BY id").fetchall()]

    # --- the JSON records file of earlier versions --------------------------------------------
    def import_legacy(self, legacy: str | os.PathLike[str],
                      read_game: Callable[[str], str] | None = None) -> bool:
        """Read the JSON records file ``legacy`` once (per store, in one transaction): its record
        is added to the store's (fields this version does not know are kept), its saved game goes
        to the slot ``read_game(game_text)`` names (a ValueError from it: the game cannot be read
        and is set aside), and whatever else cannot be read is set aside.  The file itself is not
        changed (an older war_widget may still use it).  True if it was imported now.

        "Once" is by the file's name, not its folder: the store marks ``imported:<name>``, so a
        copy of the folder (the store and the file beside it) does not count the file again.
        (Stores of earlier versions marked the whole path; those marks count too.)"""
        legacy = Path(legacy)
        if not legacy.is_file() or not self.writable:
            return False
        key = f"imported:{legacy.name}"
        try:
            raw = legacy.read_bytes()
        except OSError as exc:
            self.problems.append(f"{legacy.name} could not be read ({exc})")
            return False

        def work(db: sqlite3.Connection) -> bool:
            marks = [r[0] for r in db.execute("SELECT key FROM meta WHERE key LIKE 'imported:%'").fetchall()]
            if any(Path(m[len("imported:"):]).name == legacy.name for m in marks):
                return False
            db.execute("INSERT INTO meta VALUES (?, ?)", (key, str(time.time())))
            self.legacy_unreadable = not self._import(db, legacy.name, raw, read_game)
            return True
        return self._change(work)

    def _import(self, db: sqlite3.Connection, name: str, raw: bytes,
                read_game: Callable[[str], str] | None) -> bool:
        """Import a legacy file's contents; False if none of it could be read."""
        try:
            text = raw.decode("utf-8-sig")                 # a BOM (Windows Notepad) is not damage
            data = _loads(text)
        except (UnicodeDecodeError, ValueError) as exc:
            self._set_aside(db, f"file {name}", raw.decode("utf-8", "replace"), f"not JSON ({exc})")
            self.problems.append(f"{name} could not be read as JSON; it was set aside")
            return False
        if not isinstance(data, dict) or data.get("format") != LEGACY_FORMAT:
            self._set_aside(db, f"file {name}", text, "not a war_widget records file")
            self.problems.append(f"{name} is not a war_widget records file; it was set aside")
            return False
        counters, bad = read_counters(data.get("record"))
        if bad:
            self._set_aside(db, f"record of {name}", json.dumps(data.get("record")), "; ".join(bad))
            self.problems.append(f"in {name}: " + "; ".join(bad) + " (set aside; the other fields were kept)")
        old, mine, _ = self._record_row(db)
        given = data.get("record")
        extra: dict[str, Any] = given if isinstance(given, dict) else {}
        merged = {k: mine[k] + counters[k] for k in ("games", "wins", "losses", "draws")}
        merged["best_streak"] = max(mine["best_streak"], counters["best_streak"])
        merged["current_streak"] = mine["current_streak"] if mine["games"] else counters["current_streak"]
        kept = {k: v for k, v in extra.items() if k not in COUNTERS}
        db.execute("INSERT OR REPLACE INTO record VALUES (1, ?)", (json.dumps({**kept, **old, **merged}),))
        game = data.get("game")
        if game is None:
            return True
        problem, slot = None, f"legacy:{name}"
        if not isinstance(game, dict) or not isinstance(game.get("game"), str):
            problem = "the saved game is not an object with the game's text under 'game'"
        elif read_game is not None:
            try:
                slot = read_game(game["game"])
                _check_slot(slot)
            except ValueError as exc:
                problem = str(exc)[:300]
        if problem is not None:
            self._set_aside(db, f"game of {name}", json.dumps(game), problem)
            self.problems.append(f"the saved game in {name} could not be read ({problem}); it was set aside")
            return True
        db.execute("INSERT OR IGNORE INTO games VALUES (?, ?, ?)",
                   (slot, json.dumps(game, separators=(",", ":")), time.time()))
        return True


def _transact(db: sqlite3.Connection, work: Callable[[sqlite3.Connection], T]) -> T:
    """``BEGIN IMMEDIATE`` (the write lock first, then read and change), ``work``, commit; on any
    exception on the way, ``KeyboardInterrupt`` included, at any line here, roll back, so the
    write lock is never left held (other kernels would wait for it and stop recording).  (Not a
    ``with`` block: an interrupt as a ``with`` statement calls ``__exit__`` escapes it.)"""
    try:
        db.execute("BEGIN IMMEDIATE")
        result = work(db)
        db.execute("COMMIT")
        return result
    except BaseException:
        _roll_back(db)
        raise


def _roll_back(db: sqlite3.Connection) -> None:
    """Roll back a transaction left open (by an error or an interrupt); a second interrupt
    during it does not stop it."""
    for _ in range(3):
        try:
            if db.in_transaction:
                db.execute("ROLLBACK")
            return
        except sqlite3.Error:        # closed, or nothing to roll back
            return
        except BaseException:
            if not db.in_transaction:
                raise
    if db.in_transaction:            # pragma: no cover - three interrupts in a row
        db.execute("ROLLBACK")


def _when(value: Any) -> float:
    """A game row's ``updated`` time; a value that is not a finite number (a damaged row) is 0,
    the oldest, and hides nothing."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        try:
            when = float(value)
        except OverflowError:
            return 0.0
        return when if math.isfinite(when) else 0.0
    return 0.0


def open_waiting(connect: Callable[[], sqlite3.Connection], ready: Callable[[sqlite3.Connection], None],
                 timeout: float, name: str) -> sqlite3.Connection | sqlite3.DatabaseError:
    """Open a SQLite store that other kernels share: ``connect()``, then ``ready(db)`` (make the
    tables, check them); the connection, or the ``sqlite3.DatabaseError`` that is not busy (the
    caller's to judge: a damaged file, a read-only folder).  Another process holding the store
    (a write, a checkpoint, an exclusive lock) is not damage: it is waited for up to ``timeout``
    seconds, then an OSError says ``name`` is busy (nothing was changed).  A connection whose
    ``ready`` failed, on any exception (``KeyboardInterrupt`` too), is closed; any other exception
    goes on up.  (The records store and the class store, ``classmode/store.py``, open this way.)"""
    deadline = time.monotonic() + timeout
    while True:
        db: sqlite3.Connection | None = None
        try:
            db = connect()
            ready(db)
            return db
        except BaseException as exc:
            if db is not None:
                db.close()
            if sqlite3 is None or not isinstance(exc, sqlite3.DatabaseError):
                raise
            error = exc
        if not _busy(error):
            return error
        if time.monotonic() >= deadline:
            raise OSError(f"{name} is busy (another kernel or program holds it locked over {timeout:g} s: "
                          f"{error}); try again, nothing was changed") from None
        time.sleep(0.05)


def _busy(exc: sqlite3.DatabaseError) -> bool:
    """SQLite was kept out by another connection's lock (SQLITE_BUSY / SQLITE_LOCKED)."""
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def _cannot_write(exc: sqlite3.DatabaseError) -> bool:
    """SQLite could not open or write the files beside the store (a read-only folder or file)."""
    text = str(exc).lower()
    return "unable to open" in text or "readonly" in text or "read-only" in text


def _check_slot(slot: Any) -> None:
    if not isinstance(slot, str) or not slot or len(slot) > 200:
        raise ValueError(f"a game slot is a name of 1 to 200 characters (a table or a game number); got {slot!r}")


def _int_or(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def rename_aside(path: Path) -> Path:
    """Rename an unreadable file to a name not used yet; never overwrite anything."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    n = 0
    while True:
        candidate = path.with_name(f"{path.stem}.corrupt-{stamp}{f'-{n}' if n else ''}{path.suffix}")
        if not candidate.exists():
            os.replace(path, candidate)
            for sidecar in ("-wal", "-shm"):             # a damaged file's logs go with it
                log = path.with_name(path.name + sidecar)
                if log.exists():
                    os.replace(log, candidate.with_name(candidate.name + sidecar))
            return candidate
        n += 1
