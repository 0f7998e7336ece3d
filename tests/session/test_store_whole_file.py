"""Issue 21: the records store in the browser (``whole_file``).  JupyterLite's /drive keeps whole
files only (SQLite's page writes there give "database disk image is malformed"), so the store
works on a copy in memory and replaces the file whole after each change.  Played here on CPython
with ``whole_file=True`` (what emscripten chooses by default); the page itself is tested in
tests/site/test_classroom.py."""
from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from war_widget.session import store as store_module
from war_widget.session.store import RecordsStore

COUNTER = {"win": "wins", "loss": "losses", "draw": "draws"}


def read_file(path: Path) -> tuple[dict[str, str], str, str]:
    """The meta rows and the record row of the store file at ``path``, read by SQLite itself
    (read-only: nothing the store did not write counts), and its journal mode."""
    db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
        row = db.execute("SELECT data FROM record WHERE id = 1").fetchone()
        mode = db.execute("PRAGMA journal_mode").fetchone()[0]
        return meta, (row[0] if row else ""), mode
    finally:
        db.close()


def test_every_change_replaces_the_file_whole_and_survives_a_reopen(tmp_path: Path) -> None:
    path = tmp_path / ".war_widget_records.sqlite3"
    store = RecordsStore(path, whole_file=True)
    assert store.whole_file
    assert path.is_file()                                   # a new store is written at once
    for result in ("win", "win", "loss", "draw", "win"):
        with path.open("rb") as old:                         # the file as it was, held open
            before = old.read()
            store.add_result(result)
            old.seek(0)
            assert old.read() == before                      # never written in place: replaced whole
            assert os.fstat(old.fileno()).st_ino != path.stat().st_ino
        assert path.read_bytes() != before
        meta, record, mode = read_file(path)
        assert meta["format"] == store_module.FORMAT and mode != "wal"
        assert f'"{COUNTER[result]}"' in record
    store.save_game("table-1", {"game": '{"g": 1}', "lang": "ja"})
    assert sorted(p.name for p in tmp_path.iterdir()) == [path.name]    # no journal, log or temporary file
    expected = store.record
    store.close()

    again = RecordsStore(path, whole_file=True)
    assert again.record == expected == {"games": 5, "wins": 3, "losses": 1, "draws": 1, "current_streak": 1,
                                        "best_streak": 2}
    saved = again.game("table-1")
    assert saved is not None and saved.payload == {"game": '{"g": 1}', "lang": "ja"}
    assert again.clear_game("table-1", only_if='{"g": 1}')
    again.close()
    assert RecordsStore(path, whole_file=True).games() == []


def test_the_default_is_the_direct_file_off_the_browser(tmp_path: Path) -> None:
    """On CPython (not emscripten) the store opens its file directly, in WAL mode, as before."""
    store = RecordsStore(tmp_path / "r.sqlite3")
    store.add_result("win")
    assert not store.whole_file
    assert store._db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert RecordsStore(tmp_path / "m.sqlite3", whole_file=False).whole_file is False
    with pytest.raises(ValueError, match="whole_file must be"):
        RecordsStore(tmp_path / "x.sqlite3", whole_file="yes")  # type: ignore[arg-type]


def test_another_tab_s_change_is_kept(tmp_path: Path) -> None:
    """Two tabs of one browser, each with its own kernel and copy: each reads the file again
    before a change, so neither writes over the other's result."""
    path = tmp_path / "r.sqlite3"
    first, second = RecordsStore(path, whole_file=True), RecordsStore(path, whole_file=True)
    first.add_result("win")
    second.add_result("loss")
    first.add_result("win")
    second.save_game("b", {"game": "B"})
    first.save_game("a", {"game": "A"})
    final = RecordsStore(path, whole_file=True)
    assert final.record["games"] == 3 and final.record["wins"] == 2 and final.record["losses"] == 1
    assert {g.slot for g in final.games()} == {"a", "b"}


def test_a_failed_replace_changes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """If the whole-file write fails (storage full, refused), the file keeps the store before the
    change, the temporary file is removed, and so does the store's own copy: all or nothing."""
    path = tmp_path / "r.sqlite3"
    store = RecordsStore(path, whole_file=True)
    store.add_result("win")
    before = path.read_bytes()

    def refuse(src: str, dst: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(store_module.os, "replace", refuse)
    with pytest.raises(OSError, match="could not be written.*No space left"):
        store.add_result("loss")
    monkeypatch.undo()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.sqlite3"]
    assert store.record["games"] == 1 and store.record["losses"] == 0
    store.add_result("draw")
    assert RecordsStore(path, whole_file=True).record == {**store.record, "games": 2, "draws": 1}


def test_a_damaged_file_is_kept_aside_and_a_desktop_store_is_read(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"this is not a database, " * 100)
    store = RecordsStore(path, whole_file=True)
    assert store.damaged_file is not None and store.damaged_file.read_bytes().startswith(b"this is not")
    assert store.problems and store.record["games"] == 0
    store.add_result("win")
    assert read_file(path)[1] != ""

    desktop = tmp_path / "desktop.sqlite3"            # written by CPython's direct (WAL) store, then copied in
    with RecordsStore(desktop) as d:
        d.add_result("win")
        d.add_result("win")
        d._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    browser = RecordsStore(desktop, whole_file=True)
    assert browser.record["wins"] == 2
    browser.add_result("loss")
    assert read_file(desktop)[2] != "wal"
    assert RecordsStore(desktop).record["games"] == 3
