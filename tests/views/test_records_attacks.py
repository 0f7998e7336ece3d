"""Issue 28, "Records": the attacks on the widget's records (Back after the end, a resumed game,
a copied folder, served pages' visitors, opening with many abandoned games), each as a test."""
from __future__ import annotations

import gc
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from war_widget import Game, WarWidget
from war_widget.session.keeping import intact
from war_widget.session.store import KEEP_GAMES, RecordsStore
from war_widget.views.records import Records
from war_widget.views.war import visitors


def _games(path: Path) -> int:
    return Records(path).record["games"]


def test_back_after_the_end_then_the_end_again_counts_once_and_offers_no_resume(tmp_path: Path) -> None:
    """Finish, Back, finish again, then new tables: the slot is not left in progress, no Resume
    is offered and the result is in the record once (it was 1, 2, 3, 4 ... before)."""
    path = tmp_path / "records.json"
    w = WarWidget(records=path, seed=3)
    for _ in range(3):
        w.flip()
    w.fast_forward()
    assert w.session.game.is_over and _games(path) == 1
    assert w.session.back() and not w.session.game.is_over
    assert Records(path).saved_games() == []          # a reviewed finished game is not in progress
    w.fast_forward()
    assert w.session.game.is_over and _games(path) == 1
    for _ in range(3):
        table = WarWidget(records=path)
        assert table.session.saved_offer() is None and not table.session.resume()
        table.fast_forward()
    assert Records(path).saved_games() == []
    assert _games(path) == 4                         # the first game once, the three new tables' games


def test_a_resumed_game_that_ends_before_its_next_save_clears_its_slot(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    w = WarWidget(records=path, seed=5)
    for _ in range(4):
        w.flip()
    assert len(Records(path).saved_games()) == 1
    other = WarWidget(records=path)
    assert other.session.resume()
    other.fast_forward()                              # to the end at once: nothing saved since
    assert other.session.game.is_over
    assert Records(path).saved_games() == [] and _games(path) == 1
    assert WarWidget(records=path).session.saved_offer() is None


# --- opening stays fast ----------------------------------------------------------------------------
def test_three_thousand_abandoned_games_are_pruned_and_opening_stays_fast(tmp_path: Path) -> None:
    """3,000 games left unfinished in earlier sessions (11.9 s to open before): the 20 most
    recently saved are kept, the rest are forgotten, and the widget opens in under 2 s."""
    path = tmp_path / "records.json"
    Records(path).add_result("win")
    texts = []
    for seed in range(10):
        game = Game("classic", seed=seed)
        for _ in range(20):
            game.play_round()
        texts.append(game.to_json())
    db = sqlite3.connect(tmp_path / "records.sqlite3")
    db.executemany("INSERT INTO games VALUES (?, ?, ?)",
                   [(f"old-{i}", json.dumps({"game": texts[i % 10], "mode": "cpu"}), 1_000_000.0 + i)
                    for i in range(3000)])
    db.commit()
    db.close()
    started = time.perf_counter()
    w = WarWidget(records=path)
    opened = time.perf_counter() - started
    print(f"opened with 3,000 abandoned games in {opened:.2f} s")
    assert opened < 2.0, f"{opened:.2f} s"
    kept = Records(path).saved_games()
    assert len(kept) == KEEP_GAMES == 20
    assert sorted(g.slot for g in kept) == sorted(f"old-{i}" for i in range(2980, 3000))   # the newest
    assert w.session.saved_offer() is not None and w.session.record is not None


def test_a_copied_folder_does_not_count_the_old_json_record_twice(tmp_path: Path) -> None:
    first = tmp_path / "a"
    first.mkdir()
    (first / "records.json").write_text(json.dumps({
        "format": "war_widget.records", "version": 1,
        "record": {"games": 5, "wins": 3, "losses": 2, "draws": 0, "current_streak": 0, "best_streak": 2}}))
    assert Records(first / "records.json").record["games"] == 5
    Records(first / "records.json").add_result("win")
    second = tmp_path / "b"
    shutil.copytree(first, second)                    # a copied data folder (a new computer, a backup)
    assert Records(second / "records.json").record["games"] == 6
    assert Records(first / "records.json").record["games"] == 6
    moved = tmp_path / "c"
    shutil.move(second, moved)
    assert Records(moved / "records.json").record["games"] == 6


def test_a_store_of_an_earlier_version_marked_by_path_is_not_imported_again_after_a_copy(tmp_path: Path) -> None:
    first = tmp_path / "a"
    first.mkdir()
    (first / "records.json").write_text(json.dumps({"format": "war_widget.records", "version": 1,
                                                    "record": {"games": 4, "wins": 4}}))
    # closed before the copy: a store the garbage collector closes during copytree takes its -wal
    # and -shm files away under it (it failed so, once)
    Records(first / "records.json").store.close()
    db = sqlite3.connect(first / "records.sqlite3")      # the mark as earlier versions wrote it
    old_mark = f"imported:{(first / 'records.json').resolve()}"
    db.execute("UPDATE meta SET key = ? WHERE key LIKE 'imported:%'", (old_mark,))
    db.commit()
    db.close()
    second = tmp_path / "b"
    shutil.copytree(first, second)
    assert Records(second / "records.json").record["games"] == 4


def test_whole_file_working_copies_leave_the_temp_folder(tmp_path: Path) -> None:
    store = RecordsStore(tmp_path / "r.sqlite3", whole_file=True)
    store.add_result("win")
    work = store._work
    assert work is not None and work.exists()
    del store
    gc.collect()
    assert not work.parent.exists()
    script = ("import sys\nfrom war_widget.session.store import RecordsStore\n"
              "s = RecordsStore(sys.argv[1], whole_file=True)\ns.add_result('win')\nprint(s._work.parent)\n")
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path / "r.sqlite3")], capture_output=True,
                         text=True, timeout=60, env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert out.returncode == 0, out.stderr
    assert not Path(out.stdout.strip()).exists()      # the process ended without closing it
    assert RecordsStore(tmp_path / "r.sqlite3").record["wins"] == 2


def test_an_honest_scripted_deal_of_fewer_than_52_cards_is_intact_and_saved(tmp_path: Path) -> None:
    game = Game.from_hands("classic", [["KS", "7H", "2C", "9D", "QS"], ["3S", "JH", "AC", "4D", "8S"]], seed=4)
    assert intact(game)
    path = tmp_path / "records.json"
    w = WarWidget(game=game, records=path)
    w.flip()
    w.flip()
    saved = Records(path).saved_games()
    assert len(saved) == 1 and Game.from_json(saved[0].payload["game"]).round_number == 2
    broken = Game.from_json(saved[0].payload["game"])
    broken.hands[0].pop()                             # a card lost: never saved
    assert not intact(broken)
    twice = Game.from_json(saved[0].payload["game"])
    twice.hands[0].append(twice.hands[1][0])          # a card in two places
    assert not intact(twice)


# --- visitors of a served page ---------------------------------------------------------------------
class FakeMarimo:
    """``marimo`` as a ``marimo run`` session sees it: ``app_meta().mode`` is the session's mode."""

    def __init__(self, mode: str | None) -> None:
        self.mode = mode

    def app_meta(self) -> FakeMarimo:
        return self


def test_two_visitors_of_a_marimo_app_keep_their_own_record_and_game(tmp_path: Path, monkeypatch) -> None:
    """``marimo run`` serves every visitor from one process (no VOILA_* variable, no variable at
    all tells them apart): marimo's run mode makes the default records each visitor's own."""
    data = tmp_path / "data" / "records.json"
    monkeypatch.setattr(visitors, "default_path", lambda: data)
    for name in ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_SERVER_URL", "VOILA_APP_PORT", "VOILA_REQUEST_URL"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setitem(sys.modules, "marimo", FakeMarimo("run"))
    assert visitors.served_page() and visitors.records_path(True) is None
    first = WarWidget()                                # visitor 1: plays, leaves a game half played
    first.fast_forward()
    first.new_game()
    for _ in range(4):
        first.flip()
    assert first.session.record is not None and first.session.record["games"] == 1
    second = WarWidget()                               # visitor 2, a fresh browser
    assert second.session.saved_offer() is None and not second.resume_offered
    assert second.session.record == {"games": 0, "wins": 0, "losses": 0, "draws": 0,
                                     "current_streak": 0, "best_streak": 0}
    assert not data.parent.exists()                    # nothing in the shared data folder
    kept = WarWidget(records=tmp_path / "class.json")  # the teacher's explicit file is kept
    assert kept.session.keeping.store.path is not None
    monkeypatch.setitem(sys.modules, "marimo", FakeMarimo("edit"))   # the teacher editing: a notebook
    assert not visitors.served_page() and visitors.records_path(True) == data


def test_marimo_mode_reads_the_real_marimo() -> None:
    """The real marimo answers ``app_meta().mode`` (None or "test" here, never an error); without
    marimo imported nothing is imported."""
    import marimo  # noqa: F401

    assert visitors.marimo_mode() in (None, "test")
    script = ("import sys\nfrom war_widget.views.war import visitors\n"
              "print(visitors.served_page({}), 'marimo' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(Path(__file__).parents[2])})
    assert out.stdout.split() == ["False", "False"], out.stderr
