"""Issue 28: an interrupt (KeyboardInterrupt, as a notebook's stop button sends) at ANY line of the
records store's code never leaves a transaction open (every other kernel would wait for SQLite's
write lock, fail and stop recording) and never leaves half a change visible.

Each operation is run once to count the lines of ``store.py`` it executes, then once per line with
``sys.settrace`` raising ``KeyboardInterrupt`` at that line; after each, a second store with a
0.2 s timeout writes at once, the interrupted store itself writes again, and the tables hold
either the state before the operation or the state after it, nothing between."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

import war_widget.session.store as store_module
import war_widget.session.store_salvage as salvage_module
from war_widget.session.store import RecordsStore

FILES = {store_module.__file__, salvage_module.__file__}


class Interrupt:
    """A trace function counting the lines executed in the store's files; with ``at``, raising
    KeyboardInterrupt at that line."""

    def __init__(self, at: int | None = None) -> None:
        self.at, self.lines, self.fired = at, 0, False

    def __call__(self, frame: FrameType, event: str, arg: Any) -> Any:
        if frame.f_code.co_filename not in FILES:
            return None
        return self.local

    def local(self, frame: FrameType, event: str, arg: Any) -> Any:
        if event == "line":
            self.lines += 1
            if self.lines == self.at:
                self.fired = True
                raise KeyboardInterrupt(f"line {frame.f_lineno}")
        return self.local


def snapshot(path: Path) -> Any:
    """What another connection sees: every table's rows, times left out."""
    db = sqlite3.connect(path, timeout=0.2)
    try:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        out: dict[str, Any] = {"tables": sorted(tables - {"sqlite_sequence"}),
                               "app": db.execute("PRAGMA application_id").fetchone()[0]}
        if "record" in tables:
            out["record"] = db.execute("SELECT data FROM record").fetchall()
        if "games" in tables:
            out["games"] = db.execute("SELECT slot, data FROM games ORDER BY slot").fetchall()
        if "set_aside" in tables:
            out["set_aside"] = db.execute("SELECT what, data, problem FROM set_aside ORDER BY id").fetchall()
        if "meta" in tables:
            out["meta"] = sorted(r[0] for r in db.execute("SELECT key FROM meta"))
        return out
    finally:
        db.close()


def template(folder: Path) -> Path:
    path = folder / "template.sqlite3"
    s = RecordsStore(path)
    s.add_result("win")
    s.save_game("classic-1", {"game": "one"})
    s.save_game("classic-2", {"game": "two"})
    s.close()
    (folder / "records.json").write_text(json.dumps({"format": "war_widget.records", "version": 1,
                                                     "record": {"games": 3, "wins": 1, "losses": 2, "draws": 0,
                                                                "current_streak": 0, "best_streak": 1}}))
    return path


def unmarked(folder: Path) -> Path:
    """A store of the version before the marks (our tables, application_id 0)."""
    path = folder / "unmarked.sqlite3"
    shutil.copy(template(folder), path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA application_id = 0")
    db.commit()
    db.close()
    return path


Op = Callable[[Path, Path], Any]
OPS: dict[str, Op] = {
    "add_result": lambda p, f: RecordsStore(p).add_result("loss"),
    "reset_record": lambda p, f: RecordsStore(p).reset_record(),
    "save_game": lambda p, f: RecordsStore(p).save_game("classic-3", {"game": "three", "mode": "cpu"}),
    "clear_game": lambda p, f: RecordsStore(p).clear_game("classic-1", only_if="one"),
    "set_aside_game": lambda p, f: RecordsStore(p).set_aside_game("classic-2", "unreadable", only_if="two"),
    "prune_games": lambda p, f: RecordsStore(p).prune_games(1),
    "import_legacy": lambda p, f: RecordsStore(p).import_legacy(f / "records.json"),
    "open_new": lambda p, f: RecordsStore(p),
    "open_unmarked": lambda p, f: RecordsStore(p),
}
PREPARE: dict[str, Callable[[Path, Path], Any]] = {
    "open_new": lambda p, f: p.unlink(),
    "open_unmarked": lambda p, f: shutil.copy(f / "unmarked.sqlite3", p),
}


def run(op: Op, path: Path, folder: Path, trace: Interrupt) -> Any:
    """Run ``op`` under ``trace``; the store objects it made (kept alive, as a kernel keeps its
    widget) and the connections they opened."""
    made: list[RecordsStore] = []
    connections: list[sqlite3.Connection] = []
    original_init, original_connect = RecordsStore.__init__, sqlite3.connect

    def connect(*a: Any, **k: Any) -> sqlite3.Connection:
        db = original_connect(*a, **k)
        connections.append(db)
        return db

    def keep(self: RecordsStore, *a: Any, **k: Any) -> None:
        made.append(self)
        original_init(self, *a, **k)

    RecordsStore.__init__ = keep  # type: ignore[method-assign]
    store_module.sqlite3.connect = connect  # type: ignore[assignment]
    sys.settrace(trace)
    try:
        op(path, folder)
    except KeyboardInterrupt:
        pass
    finally:
        sys.settrace(None)
        RecordsStore.__init__ = original_init  # type: ignore[method-assign]
        store_module.sqlite3.connect = original_connect
    return made, connections


@pytest.fixture
def folder(tmp_path: Path) -> Any:
    """A folder in memory where there is one (/dev/shm): a few hundred stores opened with
    ``synchronous=FULL`` take minutes of fsync on a disk, a second here."""
    shm = Path("/dev/shm")
    if not (shm.is_dir() and os.access(shm, os.W_OK)):
        yield tmp_path
        return
    path = Path(tempfile.mkdtemp(prefix="war_widget_test_", dir=shm))
    yield path
    shutil.rmtree(path, ignore_errors=True)


@pytest.mark.parametrize("name", sorted(OPS))
def test_an_interrupt_at_every_line_leaves_no_lock_and_no_half_change(folder: Path, name: str) -> None:
    tmp_path = folder
    op = OPS[name]
    base = template(tmp_path)
    unmarked(tmp_path)
    work = tmp_path / "records.sqlite3"
    prepare = PREPARE.get(name, lambda p, f: None)

    def fresh() -> None:
        for extra in ("", "-wal", "-shm", "-journal"):
            Path(str(work) + extra).unlink(missing_ok=True)
        shutil.copy(base, work)
        prepare(work, tmp_path)

    fresh()
    before = snapshot(work) if work.exists() else None
    count = Interrupt()
    run(op, work, tmp_path, count)[0]
    after = snapshot(work)
    assert count.lines > 10 and after != before
    interrupted = 0
    for line in range(1, count.lines + 1):
        fresh()
        trace = Interrupt(line)
        made, connections = run(op, work, tmp_path, trace)
        assert trace.fired
        interrupted += 1
        for store in made:                          # the interrupted kernel holds no transaction
            if hasattr(store, "_db"):
                assert not store._db.in_transaction, (name, line)
        for db in connections:                      # an interrupted open's connection too
            try:
                assert not db.in_transaction, (name, line)
            except sqlite3.ProgrammingError:        # closed
                pass
        if work.exists() and work.stat().st_size:
            state = snapshot(work)
            nothing = before is None and state["tables"] == []     # an empty file: no store yet
            assert state in (before, after) or nothing, (name, line, state)
        started = time.monotonic()
        other = RecordsStore(work, timeout=0.2)      # another kernel writes at once
        other.add_result("draw")
        assert time.monotonic() - started < 1.0, (name, line)
        other.close()
        for store in made:                           # and the interrupted one goes on recording
            if hasattr(store, "_db"):
                store.add_result("win")
                store.close()
        if name.startswith("open"):
            assert snapshot(work)["app"] == store_module.APPLICATION_ID
    assert interrupted == count.lines
    print(f"{name}: interrupted at each of {count.lines} lines")
