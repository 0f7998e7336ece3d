"""Issue 19: the records store (war_widget.session.store) keeps every committed result and every
game in progress while several processes write at once, when a writer is killed mid-write, and
whatever else in the store or in an old records file is damaged or newer."""
from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from war_widget.session.store import COUNTERS, VERSION, ReadOnlyStore, RecordsStore

WORKER = textwrap.dedent("""
    import random, sys
    from war_widget.session.store import RecordsStore
    path, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    store = RecordsStore(path)
    print("ready", flush=True)
    sys.stdin.readline()                             # start together
    i = 0
    while count < 0 or i < count:
        if rng.random() < 0.2:
            store.save_game(f"table-{seed}-{i % 3}", {"game": "x" * rng.randrange(1, 20000), "i": i})
        store.add_result(rng.choice(["win", "loss", "draw"]))
        i += 1
        print(i, flush=True)                         # printed after the commit returned
""")


def workers(path: Path, n: int, count: int) -> list[subprocess.Popen[str]]:
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(path), str(count), str(seed)],
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=os.environ.copy())
             for seed in range(n)]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    return procs


@pytest.mark.parametrize(("n", "count"), [(2, 300), (4, 100)])
def test_no_lost_update_with_several_processes_at_once(tmp_path: Path, n: int, count: int) -> None:
    path = tmp_path / "records.sqlite3"
    RecordsStore(path).close()
    procs = workers(path, n, count)
    for p in procs:
        out, _ = p.communicate(timeout=300)
        assert p.returncode == 0 and out.split()[-1] == str(count)
    record = RecordsStore(path).record
    assert record["games"] == n * count
    assert record["wins"] + record["losses"] + record["draws"] == n * count


def test_a_writer_killed_at_random_moments_loses_no_committed_result(tmp_path: Path) -> None:
    """SIGKILL in the middle of writing (results and games of up to 20 kB): the store opens, is
    whole, and holds every result the killed process had seen committed."""
    path = tmp_path / "records.sqlite3"
    RecordsStore(path).close()
    rng = random.Random(19)
    committed = 0
    for trial in range(12):
        [proc] = workers(path, 1, -1)
        assert proc.stdout is not None
        seen = 0
        for _ in range(rng.randrange(1, 40)):
            seen = int(proc.stdout.readline())
        time.sleep(rng.random() * 0.01)               # somewhere inside a later write
        os.kill(proc.pid, signal.SIGKILL)
        rest = proc.stdout.read().split()
        proc.wait()
        seen = int(rest[-1]) if rest else seen
        store = RecordsStore(path)
        games = store.record["games"]
        assert committed + seen <= games <= committed + seen + 1, trial   # the last one may have committed unseen
        assert store._db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert all(g.payload["game"].startswith("x") for g in store.games())
        committed = games
        store.close()
    assert committed > 12


def test_a_writer_killed_inside_its_transaction_does_not_block_the_others(tmp_path: Path) -> None:
    path = tmp_path / "records.sqlite3"
    RecordsStore(path).add_result("win")
    script = textwrap.dedent("""
        import sys, time
        from war_widget.session.store import RecordsStore
        store = RecordsStore(sys.argv[1])
        store._db.execute("BEGIN IMMEDIATE")
        store._db.execute("UPDATE record SET data = '{}'")
        print("locked", flush=True)
        time.sleep(60)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script, str(path)], stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None and proc.stdout.readline().strip() == "locked"
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    store = RecordsStore(path, timeout=5)
    assert store.add_result("loss")["games"] == 2       # the killed change never happened


# --- a bad part never hides a good one ------------------------------------------------------------
def raw(path: Path, sql: str, *args: object) -> None:
    db = sqlite3.connect(path)
    db.execute(sql, args)
    db.commit()
    db.close()


def test_one_tampered_field_keeps_the_others_and_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    store = RecordsStore(path)
    for result in ("win", "win", "loss"):
        store.add_result(result)
    raw(path, "UPDATE record SET data = ?", json.dumps({**store.record, "wins": "x", "elo": 1200}))
    again = RecordsStore(path)
    assert again.record == {"games": 3, "wins": 0, "losses": 1, "draws": 0, "current_streak": 0, "best_streak": 2}
    again.add_result("draw")
    assert again.record["games"] == 4 and again.record["losses"] == 1
    [(what, text, problem)] = again.set_aside()
    assert what == "record" and '"wins": "x"' in text and "'wins' must be a whole number" in problem


def test_a_field_this_version_does_not_know_is_kept_on_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    RecordsStore(path).add_result("win")
    raw(path, "UPDATE record SET data = ?", json.dumps({k: 1 for k in COUNTERS} | {"elo": 1200, "badges": ["a"]}))
    store = RecordsStore(path)
    store.add_result("win")
    store.reset_record()
    data = json.loads(store._db.execute("SELECT data FROM record").fetchone()[0])
    assert data["elo"] == 1200 and data["badges"] == ["a"] and data["games"] == 0


def test_a_store_of_a_newer_version_is_read_and_never_changed(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    first = RecordsStore(path)
    first.add_result("win")
    first.close()
    raw(path, "UPDATE meta SET value = ? WHERE key IN ('version', 'writable_by')", str(VERSION + 1))
    # everything in the main file before the snapshot: a write-ahead log left by a connection not
    # yet collected would otherwise be checkpointed into it later, changing its bytes but no data
    db = sqlite3.connect(path)
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()
    before = path.read_bytes()
    store = RecordsStore(path)
    assert store.record["wins"] == 1 and not store.writable and "newer war_widget" in store.problems[0]
    with pytest.raises(ReadOnlyStore, match="belongs to a newer war_widget; nothing was changed"):
        store.add_result("loss")
    with pytest.raises(OSError):
        store.save_game("t", {"game": "{}"})
    store.close()
    assert path.read_bytes() == before and sorted(p.name for p in tmp_path.iterdir())[0] == "r.sqlite3"
    assert not [p for p in tmp_path.iterdir() if "corrupt" in p.name]


def test_a_newer_store_that_allows_older_writers_is_written(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    RecordsStore(path).add_result("win")
    raw(path, "UPDATE meta SET value = ? WHERE key = 'version'", str(VERSION + 1))
    store = RecordsStore(path)
    assert store.writable and store.add_result("win")["games"] == 2
    assert store._db.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == (str(VERSION + 1),)


def test_a_file_that_is_not_a_store_is_renamed_aside_and_kept(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"{not a database at all" * 100)
    store = RecordsStore(path)
    assert store.damaged_file is not None and store.damaged_file.read_bytes().startswith(b"{not a database")
    assert store.damaged_file.name.startswith("r.corrupt-") and store.record["games"] == 0
    assert store.add_result("win")["games"] == 1


def test_an_unreadable_game_row_hides_nothing(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    store = RecordsStore(path)
    store.add_result("win")
    store.save_game("a", {"game": "A"})
    store.save_game("b", {"game": "B"})
    raw(path, "UPDATE games SET data = '[[[[' WHERE slot = 'a'")
    again = RecordsStore(path)
    assert [g.slot for g in again.games()] == ["b"] and again.record["wins"] == 1
    again.set_aside_game("a", "not JSON")
    assert again.set_aside()[0][:2] == ("game a", "[[[[")


def test_slots_and_clearing_only_what_is_still_mine(tmp_path: Path) -> None:
    store = RecordsStore(tmp_path / "r.sqlite3")
    store.save_game("t1", {"game": "one"})
    store.save_game("t2", {"game": "two"})
    assert store.clear_game("t1", only_if="one") and not store.clear_game("t2", only_if="other")
    assert [g.slot for g in store.games()] == ["t2"]


@pytest.mark.parametrize(("call", "message"), [
    (lambda s: s.add_result("won"), r"result must be 'win', 'loss' or 'draw'; got 'won'"),
    (lambda s: s.add_result(True), r"result must be 'win', 'loss' or 'draw'; got True"),
    (lambda s: s.save_game("", {"game": "x"}), r"a game slot is a name of 1 to 200 characters"),
    (lambda s: s.save_game(5, {"game": "x"}), r"a game slot is a name"),
    (lambda s: s.save_game("t", {"game": 5}), r"save_game needs a dict with the game's JSON text under 'game'"),
])
def test_bad_arguments_are_clear_errors(tmp_path: Path, call: object, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(RecordsStore(None))  # type: ignore[operator]


def test_a_path_that_is_not_a_path_is_a_clear_error() -> None:
    for bad in (1, 3.5, b"x.json"):
        with pytest.raises(ValueError, match=r"needs a file path \(str or pathlib.Path\) or None"):
            RecordsStore(bad)  # type: ignore[arg-type]


# --- the JSON records file of earlier versions: read once -------------------------------------
LEGACY_RECORD = {"games": 5, "wins": 3, "losses": 1, "draws": 1, "current_streak": 2, "best_streak": 2}


def legacy_file(tmp_path: Path, game: object = None, record: object = None, version: int = 1,
                prefix: bytes = b"", **extra: object) -> Path:
    path = tmp_path / "records.json"
    data = {"format": "war_widget.records", "version": version, "record": record or LEGACY_RECORD, "game": game,
            **extra}
    path.write_bytes(prefix + json.dumps(data).encode())
    return path


def test_a_legacy_file_is_read_once_and_left_as_it_was(tmp_path: Path) -> None:
    legacy = legacy_file(tmp_path, game={"game": "G", "mode": "cpu"})
    before = legacy.read_bytes()
    store = RecordsStore(tmp_path / "records.sqlite3")
    assert store.import_legacy(legacy, lambda text: "slot-" + text)
    assert not store.import_legacy(legacy, lambda text: "slot-" + text)      # once
    assert RecordsStore(tmp_path / "records.sqlite3").import_legacy(legacy) is False
    assert store.record == LEGACY_RECORD and legacy.read_bytes() == before
    assert [(g.slot, g.payload) for g in store.games()] == [("slot-G", {"game": "G", "mode": "cpu"})]


@pytest.mark.parametrize("case", ["bom", "game 5", "bad game", "tampered field", "newer format"])
def test_a_good_legacy_record_is_never_hidden_by_a_bad_part(tmp_path: Path, case: str) -> None:
    def read_game(text: str) -> str:
        if text != "good":
            raise ValueError("saved game version 9 is not supported (the save is from a newer war_widget)")
        return "slot"
    record = dict(LEGACY_RECORD)
    if case == "tampered field":
        record["draws"] = -1
    legacy = legacy_file(tmp_path, prefix=b"\xef\xbb\xbf" if case == "bom" else b"",
                         game=5 if case == "game 5" else {"game": "newer" if case == "bad game" else "good"},
                         record=record, version=7 if case == "newer format" else 1,
                         **({"friends": ["ann"]} if case == "newer format" else {}))
    before = legacy.read_bytes()
    store = RecordsStore(tmp_path / "records.sqlite3")
    store.import_legacy(legacy, read_game)
    expected = dict(LEGACY_RECORD, draws=0) if case == "tampered field" else LEGACY_RECORD
    assert store.record == expected
    assert legacy.read_bytes() == before and legacy.exists()          # never renamed, never rewritten
    if case in ("game 5", "bad game"):
        assert store.games() == [] and store.set_aside()[0][0] == "game of records.json"
    elif case == "tampered field":
        assert store.set_aside()[0][0] == "record of records.json" and len(store.games()) == 1
    else:
        assert [g.slot for g in store.games()] == ["slot"] and store.set_aside() == []


def test_a_legacy_record_field_this_version_does_not_know_is_kept(tmp_path: Path) -> None:
    legacy = legacy_file(tmp_path, record=dict(LEGACY_RECORD, elo=1500))
    store = RecordsStore(tmp_path / "records.sqlite3")
    store.import_legacy(legacy)
    store.add_result("win")
    assert json.loads(store._db.execute("SELECT data FROM record").fetchone()[0])["elo"] == 1500


def test_an_unreadable_legacy_file_is_set_aside_whole(tmp_path: Path) -> None:
    legacy = tmp_path / "records.json"
    legacy.write_bytes(b"{this is not json")
    store = RecordsStore(tmp_path / "records.sqlite3")
    assert store.import_legacy(legacy) and store.legacy_unreadable
    assert store.set_aside()[0][:2] == ("file records.json", "{this is not json")


def test_setting_aside_a_bad_game_spares_a_good_one_saved_there_since(tmp_path: Path) -> None:
    store = RecordsStore(tmp_path / "r.sqlite3")
    store.save_game("t", {"game": "bad"})
    other = RecordsStore(tmp_path / "r.sqlite3")
    other.save_game("t", {"game": "good"})          # another kernel, between the read and the move
    store.set_aside_game("t", "cannot be replayed", only_if="bad")
    assert [g.payload for g in store.games()] == [{"game": "good"}] and store.set_aside() == []
