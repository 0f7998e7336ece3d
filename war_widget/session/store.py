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
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

try:
    import sqlite3
except ImportError:          # Pyodide ships sqlite3 as a package to load; without it, no store
    sqlite3 = None  # type: ignore[assignment]

__all__ = ["RecordsStore", "SavedGame", "ReadOnlyStore", "rename_aside", "COUNTERS", "RESULTS", "FORMAT", "VERSION",
           "LEGACY_FORMAT"]

FORMAT = "war_widget.records"
VERSION = 2                     # the JSON records file was version 1
WRITABLE_BY = 2                 # the oldest version that may write a store of this version
LEGACY_FORMAT = "war_widget.records"
COUNTERS = ("games", "wins", "losses", "draws", "current_streak", "best_streak")
RESULTS = ("win", "loss", "draw")
_MAX_ROW = 4 << 20              # a saved game is a few hundred bytes; a legacy file a few kilobytes
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
            self._work = Path(tempfile.mkdtemp(prefix="war_widget_records_")) / "records.sqlite3"
        self.problems: list[str] = []
        self.damaged_file: Path | None = None      # an unreadable file at ``path``, renamed aside
        self.writable = True
        self.legacy_unreadable = False             # the last legacy file imported could not be read at all
        self._timeout = timeout
        self._db = self._open()

    # --- opening --------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if sqlite3 is None:
            raise OSError("the records store needs Python's sqlite3 module, which this Python lacks "
                          "(in Pyodide: load the 'sqlite3' package)")
        target = ":memory:" if self.path is None else str(self._work or self.path)
        if self.path is not None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.exists() and not self.path.is_file():
                raise ValueError(f"the records store {self.path} is not a regular file")
        db = sqlite3.connect(target, timeout=self._timeout, isolation_level=None, check_same_thread=False)
        db.execute(f"PRAGMA busy_timeout = {int(self._timeout * 1000)}")
        return db

    def _open(self) -> sqlite3.Connection:
        db: sqlite3.Connection | None = None
        try:
            self._copy_in()
            db = self._connect()
            self._prepare(db)
            return db
        except sqlite3.DatabaseError as exc:
            if db is not None:
                db.close()
            if self.path is None or not _not_a_database(exc):
                raise OSError(f"the records store {self.path} cannot be used: {exc}") from None
        # a file that is not a SQLite database: keep it under another name, start a fresh store
        self.damaged_file = rename_aside(self.path)
        self.problems.append(f"{self.path.name} was not a records store; it was kept as {self.damaged_file.name}")
        try:
            self._copy_in()
            db = self._connect()
            self._prepare(db)
        except sqlite3.DatabaseError as exc:
            raise OSError(f"the records store {self.path} cannot be used: {exc}") from None
        return db

    def _prepare(self, db: sqlite3.Connection) -> None:
        """Create the tables of a new store; read the version of an existing one."""
        version = self._meta_version(db)
        if version is None:
            if self.path is not None and not self.whole_file:   # WAL needs shared memory and a real file
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("PRAGMA synchronous = FULL")
            with _transaction(db):
                if self._meta_version(db) is None:         # nobody created it meanwhile
                    for statement in _SCHEMA:
                        db.execute(statement)
                    db.executemany("INSERT OR REPLACE INTO meta VALUES (?, ?)",
                                   [("format", FORMAT), ("version", str(VERSION)), ("writable_by", str(WRITABLE_BY))])
            self._copy_out()
            return
        db.execute("PRAGMA synchronous = FULL")
        if self.whole_file:          # a store written by a desktop Python (WAL) copied into the browser
            db.execute("PRAGMA journal_mode = DELETE")
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

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        try:
            self._reload_if_changed()
        except (OSError, sqlite3.DatabaseError) as exc:
            raise OSError(f"the records store {self.path} could not be read again before a change: {exc}") from None
        if not self.writable:
            raise ReadOnlyStore(f"the records store {self.path} belongs to a newer war_widget; nothing was changed")
        try:
            with _transaction(self._db) as db:
                yield db
        except sqlite3.OperationalError as exc:       # busy beyond the timeout, disk full, read-only folder
            raise OSError(f"the records store {self.path} could not be written: {exc}") from None
        try:
            self._copy_out()
        except OSError as exc:          # the file keeps the store before the change: so does the copy
            self._db.close()
            self._db = self._open()
            raise OSError(f"the records store {self.path} could not be written: {exc}") from None

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
        with self._write() as db:
            data, counters, bad = self._record_row(db)
            if bad:                                   # keep what was there before writing over it
                original = db.execute("SELECT data FROM record WHERE id = 1").fetchone()
                self._set_aside(db, "record", original[0] if original else "", "; ".join(bad))
            change(counters)
            db.execute("INSERT OR REPLACE INTO record VALUES (1, ?)", (json.dumps({**data, **counters}),))
        return counters

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
        for slot, text, updated in self._db.execute("SELECT slot, data, updated FROM games ORDER BY updated DESC"):
            try:
                payload = _loads(text)
            except ValueError:
                continue
            if isinstance(payload, dict) and isinstance(payload.get("game"), str):
                out.append(SavedGame(slot, payload, float(updated)))
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
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO games VALUES (?, ?, ?)", (slot, text, time.time()))

    def clear_game(self, slot: str, only_if: str | None = None) -> bool:
        """Forget the game in ``slot`` (it has ended); with ``only_if``, only while the slot still
        holds that game text (another table may have saved its own game there since).  True if
        a game was removed."""
        _check_slot(slot)
        with self._write() as db:
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

    def set_aside_game(self, slot: str, problem: str, only_if: str | None = None) -> None:
        """Move the game in ``slot`` to the set-aside rows (it cannot be read: ``problem``); with
        ``only_if``, only while the slot still holds that game text (another process may have
        saved a good game there since it was read)."""
        with self._write() as db:
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
        self.problems.append(f"the saved game {slot!r} could not be read ({problem}); it was set aside")

    # --- what could not be read ---------------------------------------------------------------
    def _set_aside(self, db: sqlite3.Connection, what: str, data: str, problem: str) -> None:
        db.execute("INSERT INTO set_aside (what, data, problem, at) VALUES (?, ?, ?, ?)",
                   (what, data, problem, time.time()))

    def set_aside(self) -> list[tuple[str, str, str]]:
        """Everything set aside: (what, the text as it was, what was wrong), oldest first."""
        return [tuple(r) for r in self._db.execute("SELECT what, data, problem FROM set_aside ORDER BY id")]

    # --- the JSON records file of earlier versions --------------------------------------------
    def import_legacy(self, legacy: str | os.PathLike[str],
                      read_game: Callable[[str], str] | None = None) -> bool:
        """Read the JSON records file ``legacy`` once (per store, in one transaction): its record
        is added to the store's (fields this version does not know are kept), its saved game goes
        to the slot ``read_game(game_text)`` names (a ValueError from it: the game cannot be read
        and is set aside), and whatever else cannot be read is set aside.  The file itself is not
        changed (an older war_widget may still use it).  True if it was imported now."""
        legacy = Path(legacy)
        if not legacy.is_file() or not self.writable:
            return False
        key = f"imported:{legacy.resolve()}"
        try:
            raw = legacy.read_bytes()
        except OSError as exc:
            self.problems.append(f"{legacy.name} could not be read ({exc})")
            return False
        with self._write() as db:
            if db.execute("SELECT 1 FROM meta WHERE key = ?", (key,)).fetchone() is not None:
                return False
            db.execute("INSERT INTO meta VALUES (?, ?)", (key, str(time.time())))
            self.legacy_unreadable = not self._import(db, legacy.name, raw, read_game)
        return True

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


@contextmanager
def _transaction(db: sqlite3.Connection) -> Iterator[sqlite3.Connection]:
    """``BEGIN IMMEDIATE`` (the write lock first, then read and change), commit or roll back."""
    db.execute("BEGIN IMMEDIATE")
    try:
        yield db
    except BaseException:
        db.execute("ROLLBACK")
        raise
    db.execute("COMMIT")


def _check_slot(slot: Any) -> None:
    if not isinstance(slot, str) or not slot or len(slot) > 200:
        raise ValueError(f"a game slot is a name of 1 to 200 characters (a table or a game number); got {slot!r}")


def _int_or(value: Any, default: int) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def _not_a_database(exc: sqlite3.DatabaseError) -> bool:
    text = str(exc).lower()
    return "not a database" in text or "malformed" in text or "not a war_widget" in text


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
