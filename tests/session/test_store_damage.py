"""Issue 28, "Records": a damaged records store never stops the widget and never hides what can
be read; another program's SQLite file is refused, our older stores are adopted; the log stays
under 4 MB.  Each damage: what can be read is kept row by row, the damaged file is kept beside
the store under a clear name, one sentence says so, and ``WarWidget()`` opens."""
from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest

from war_widget import Game, WarWidget
from war_widget.session.store import APPLICATION_ID, VERSION, WAL_LIMIT, RecordsStore
from war_widget.session.store_salvage import salvage
from war_widget.views.records import Records

PAGE = 4096
GAMES = 18                      # fewer than Records keeps (20), so opening prunes none of them
RESULTS = ["win", "loss", "win", "draw", "win", "win", "loss"]


def make_store(folder: Path) -> tuple[Path, dict[str, str]]:
    """records.json's store with a record of 7 games and 18 games in progress (real saves)."""
    path = folder / "records.json"
    r = Records(path)
    for result in RESULTS:
        r.add_result(result)
    saved = {}
    for seed in range(GAMES):
        game = Game("classic", seed=seed)
        for _ in range(3 + seed % 5):
            game.play_round()
        r.save_game({"game": game.to_json(), "mode": "cpu", "pad": "p" * 600})   # several pages of games
        saved[f"classic-{seed}"] = game.to_json()
    r.store.close()
    db = sqlite3.connect(folder / "records.sqlite3")
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    return folder / "records.sqlite3", saved


def pages(path: Path) -> list[bytes]:
    data = path.read_bytes()
    return [data[i:i + PAGE] for i in range(0, len(data), PAGE)]


def leaf_with(path: Path, text: bytes) -> int:
    """The number (from 0) of the table leaf page holding ``text``."""
    for n, page in enumerate(pages(path)):
        if n and page[0] == 0x0D and text in page:
            return n
    raise AssertionError(f"no table leaf page holds {text!r}")


def damage_page(path: Path) -> None:
    n = leaf_with(path, b'"pad":"ppp')
    data = bytearray(path.read_bytes())
    data[n * PAGE:(n + 1) * PAGE] = b"\xff" * PAGE
    path.write_bytes(bytes(data))


def drop_games(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("DROP TABLE games")
    db.commit()
    db.close()


def cut_last_page(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[:-PAGE])


def bad_header(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[:16] = b"not a db header!"
    path.write_bytes(bytes(data))


def bad_updated(path: Path) -> None:
    db = sqlite3.connect(path)
    db.execute("UPDATE games SET updated = 'soon' WHERE slot = 'classic-4'")
    db.commit()
    db.close()


DAMAGE: dict[str, Callable[[Path], None]] = {
    "a malformed data page": damage_page,
    "a missing table": drop_games,
    "cut short by one page": cut_last_page,
    "a bad header": bad_header,
    "one bad updated value": bad_updated,
}


@pytest.mark.parametrize("damage", sorted(DAMAGE))
def test_a_damaged_store_keeps_what_can_be_read_and_the_widget_opens(tmp_path: Path, damage: str) -> None:
    store, saved = make_store(tmp_path)
    DAMAGE[damage](store)
    r = Records(tmp_path / "records.json")
    record = r.record
    kept = {g.slot: g.payload["game"] for g in r.saved_games()}
    assert all(saved[slot] == text for slot, text in kept.items())       # nothing kept is altered
    if damage == "a missing table":
        assert record["games"] == len(RESULTS) and kept == {}
        assert r.problem is not None and "games" in r.problem and "made again" in r.problem
    elif damage == "one bad updated value":
        assert record["games"] == len(RESULTS) and kept == saved and r.problem is None
    else:
        assert record["games"] == len(RESULTS)                             # the record is never lost
        lost = 7 if damage != "a bad header" else 0                       # at most a page of games
        assert len(kept) >= GAMES - lost, sorted(kept)
        assert r.problem is not None and r.problem.count("was damaged") == 1 and "was kept as" in r.problem
        aside = r.corrupt_backup
        assert aside is not None and aside.exists() and aside.name.startswith("records.corrupt-")
        assert aside.suffix == ".sqlite3" and aside.parent == tmp_path
        again = Records(tmp_path / "records.json")
        assert again.problem is None and again.record == record           # said once, then a sound store
        assert RecordsStore(store)._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    w = WarWidget(records=tmp_path / "records.json")
    assert w.session.record is not None and w.session.record["games"] == len(RESULTS)
    w.fast_forward()
    assert Records(tmp_path / "records.json").record["games"] == len(RESULTS) + 1   # and records on


def test_damage_in_the_log_is_read_from_the_log(tmp_path: Path) -> None:
    """The last results still in the write-ahead log (not yet in the file) are read from it."""
    path = tmp_path / "r.sqlite3"
    s = RecordsStore(path)
    s._db.execute("PRAGMA wal_autocheckpoint = 0")
    for result in RESULTS:
        s.add_result(result)
    copy = tmp_path / "copy.sqlite3"               # the file and its log as a killed kernel left them
    shutil.copy(path, copy)
    shutil.copy(str(path) + "-wal", str(copy) + "-wal")
    bad_header(copy)
    found = salvage(copy)
    assert found.record is not None and json.loads(found.record)["games"] == len(RESULTS)
    assert RecordsStore(copy).record["games"] == len(RESULTS)


def test_a_store_in_a_read_only_folder_is_read(tmp_path: Path) -> None:
    """A WAL store in a folder where SQLite cannot make its -shm file: read, never written."""
    folder = tmp_path / "ro"
    folder.mkdir()
    make_store(folder)
    assert not (folder / "records.sqlite3-wal").exists()
    script = textwrap.dedent("""
        import json, sys
        from war_widget import WarWidget
        from war_widget.views.records import Records
        r = Records(sys.argv[1])
        w = WarWidget(records=sys.argv[1])
        shown = w.session.record["games"]
        w.fast_forward()                    # plays on; the record cannot be written, and it says so
        print(json.dumps([r.record["games"], len(r.saved_games()), r.problem, shown, w.session.notice]))
    """)
    folder.chmod(0o555)
    try:
        cmd = [sys.executable, "-c", script, str(folder / "records.json")]
        if os.geteuid() == 0:           # root writes anywhere: drop the capabilities that let it
            cmd = ["setpriv", "--bounding-set=-dac_override,-dac_read_search,-fowner", "--", *cmd]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=120,
                             env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    finally:
        folder.chmod(0o755)
    assert out.returncode == 0, out.stderr[-2000:]
    games, saved, problem, widget_games, notice = json.loads(out.stdout.splitlines()[-1])
    assert games == len(RESULTS) and saved == GAMES and widget_games == len(RESULTS)
    assert "read-only" in problem and "read-only" in notice
    assert sorted(p.name for p in folder.iterdir()) == ["records.sqlite3"]    # nothing written there


# --- another program's file, our older stores ------------------------------------------------------
def foreign(path: Path, sql: list[str]) -> bytes:
    db = sqlite3.connect(path)
    for statement in sql:
        db.execute(statement)
    db.commit()
    db.close()
    return path.read_bytes()


@pytest.mark.parametrize("sql", [
    ["CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT)", "INSERT INTO notes VALUES (1, 'my notes')"],
    ["CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)", "INSERT INTO meta VALUES ('format', 'x')"],
    ["PRAGMA application_id = 1234", "CREATE TABLE t (x)"],
    ["CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL)",
     "INSERT INTO meta VALUES ('format', 'war_widget.records')", "CREATE TABLE photos (x)"],
], ids=["notes", "another meta", "another application_id", "our tables and one of theirs"])
def test_another_programs_sqlite_file_is_refused_and_left_as_it_was(tmp_path: Path, sql: list[str]) -> None:
    path = tmp_path / "their.db"
    before = foreign(path, sql)
    with pytest.raises(ValueError, match=r"their\.db.*another program.*application_id 0x57415257"):
        RecordsStore(path)
    with pytest.raises(ValueError, match="another program"):
        Records(path)
    w = WarWidget(records=path)                       # the widget plays on, in memory, and says why
    assert "another program" in w.session.notice and not w.session.recording
    w.fast_forward()
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["their.db"]


def test_our_stores_are_marked_and_an_older_unmarked_one_is_adopted(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    RecordsStore(path).add_result("win")
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    db.execute("PRAGMA application_id = 0")          # a store of the version before the marks
    db.execute("PRAGMA user_version = 0")
    db.commit()
    db.close()
    store = RecordsStore(path)
    assert store.record["wins"] == 1 and store.problems == []
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
    assert db.execute("PRAGMA user_version").fetchone()[0] == VERSION
    db.close()


def test_the_log_is_cut_back_to_4_mb_after_a_checkpoint(tmp_path: Path) -> None:
    """Many writes while another kernel reads (the log cannot be reset meanwhile) grow the log to
    about 19 MB; once the reader is done and a checkpoint ran, it is back under 4 MB."""
    path = tmp_path / "r.sqlite3"
    store = RecordsStore(path)
    reader = sqlite3.connect(path, isolation_level=None)
    reader.execute("BEGIN")
    reader.execute("SELECT * FROM games").fetchall()
    for i in range(300):
        store.save_game(f"table-{i % 5}", {"game": "x" * 50_000})
    wal = Path(f"{path}-wal")
    assert wal.stat().st_size > 3 * WAL_LIMIT
    reader.execute("COMMIT")
    reader.close()
    for _ in range(3):
        store.add_result("win")
    store._db.execute("PRAGMA wal_checkpoint(PASSIVE)")
    assert wal.stat().st_size <= WAL_LIMIT == 4 << 20
    other = RecordsStore(path)                        # every connection sets the limit
    assert other._db.execute("PRAGMA journal_size_limit").fetchone()[0] == WAL_LIMIT


# --- a busy store is not a damaged one ----------------------------------------------------------
def _hold_exclusive(path: Path) -> sqlite3.Connection:
    """Another process's connection that keeps every other one out (not even readers get in)."""
    hold = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    hold.execute("PRAGMA locking_mode = EXCLUSIVE")
    hold.execute("BEGIN EXCLUSIVE")
    hold.execute("UPDATE meta SET value = value")
    return hold


def test_a_store_another_process_holds_locked_is_waited_for_then_refused_never_set_aside(tmp_path: Path) -> None:
    """A kernel that opens the records while another holds them locked longer than its timeout
    gets an OSError that says the store is busy; before, it took "database is locked" for damage,
    renamed the store aside and began a fresh one, so the other kernel's results went to the
    renamed file (two kernels x 300 results kept 300 of 600 under load)."""
    path, _ = make_store(tmp_path)
    db = path.with_suffix(".sqlite3")
    hold = _hold_exclusive(db)
    try:
        with pytest.raises(OSError, match="is busy"):
            RecordsStore(db, timeout=0.3)
        hold.execute("UPDATE record SET data = data")       # the holder goes on writing
        hold.execute("COMMIT")
    finally:
        hold.close()
    assert not [p.name for p in tmp_path.iterdir() if "corrupt" in p.name]
    store = RecordsStore(db)
    assert store.record["games"] == len(RESULTS) and store.problems == [] and store.damaged_file is None


def test_a_lock_released_while_a_store_opens_is_waited_out(tmp_path: Path) -> None:
    import threading

    path, _ = make_store(tmp_path)
    db = path.with_suffix(".sqlite3")
    hold = _hold_exclusive(db)
    release = threading.Timer(0.4, lambda: (hold.execute("COMMIT"), hold.close()))
    release.start()
    store = RecordsStore(db, timeout=10)
    release.join()
    assert store.record["games"] == len(RESULTS) and store.problems == [] and store.damaged_file is None
    store.add_result("win")
    assert RecordsStore(db).record["games"] == len(RESULTS) + 1
