"""The records file: lifetime record, the game in progress, atomic writes, damaged files."""
from __future__ import annotations

import json
import os

import pytest

from war_widget import Game
from war_widget.views.records import FORMAT, Records, default_path


def read(path):
    return json.loads(path.read_text(encoding="utf-8"))


def test_a_fresh_record_counts_games_and_streaks(tmp_path):
    path = tmp_path / "records.json"
    r = Records(path)
    assert r.record == {"games": 0, "wins": 0, "losses": 0, "draws": 0, "current_streak": 0, "best_streak": 0}
    assert not path.exists()  # nothing written until there is something to keep
    for result in ["win", "win", "loss", "win", "draw", "win", "win", "win"]:
        r.add_result(result)
    assert r.record == {"games": 8, "wins": 6, "losses": 1, "draws": 1, "current_streak": 3, "best_streak": 3}
    assert read(path)["record"] == r.record
    again = Records(path)
    assert again.record == r.record and again.corrupt_backup is None
    again.reset_record()
    assert Records(path).record["games"] == 0


def test_the_game_in_progress_round_trips(tmp_path):
    path = tmp_path / "r.json"
    game = Game("classic", seed=9)
    for _ in range(5):
        game.play_round()
    r = Records(path)
    r.save_game({"game": game.to_json(), "mode": "cpu"})
    saved = Records(path).saved_game
    assert saved is not None and saved["mode"] == "cpu"
    back = Game.from_json(saved["game"])
    assert back.counts == game.counts and back.round_number == 5
    r.clear_game()
    assert Records(path).saved_game is None


def test_writes_are_atomic_and_leave_no_temporary_files(tmp_path):
    path = tmp_path / "r.json"
    r = Records(path)
    for _ in range(5):
        r.add_result("win")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.json"]


def test_two_widgets_sharing_the_file_do_not_undo_each_other(tmp_path):
    path = tmp_path / "r.json"
    a, b = Records(path), Records(path)
    a.add_result("win")
    b.add_result("loss")
    assert Records(path).record["games"] == 2


@pytest.mark.parametrize("content", [
    b"{not json",
    b"\xff\xfe binary",
    json.dumps({"format": "something else"}).encode(),
    json.dumps({"format": FORMAT, "version": 1, "record": {"games": -1, "wins": 0, "losses": 0, "draws": 0,
                                                            "current_streak": 0, "best_streak": 0},
                "game": None}).encode(),
    json.dumps({"format": FORMAT, "version": 1, "record": {"games": 1, "wins": 0, "losses": 0, "draws": 1,
                                                            "current_streak": 0, "best_streak": 0},
                "game": {"game": "{\"format\": \"war_widget.game\"}"}}).encode(),
])
def test_a_damaged_file_is_kept_aside_and_a_fresh_one_started(tmp_path, content):
    path = tmp_path / "records.json"
    path.write_bytes(content)
    r = Records(path)
    assert r.corrupt_backup is not None and r.corrupt_backup.exists()
    assert r.corrupt_backup.read_bytes() == content          # never overwritten
    assert r.corrupt_backup.name.startswith("records.corrupt-") and r.corrupt_backup.suffix == ".json"
    assert read(path)["format"] == FORMAT and r.record["games"] == 0
    assert r.problem


def test_the_kept_file_never_overwrites_an_earlier_one(tmp_path):
    path = tmp_path / "records.json"
    backups = set()
    for i in range(3):
        path.write_text(f"broken {i}")
        backup = Records(path).corrupt_backup
        assert backup is not None
        backups.add(backup)
    assert len(backups) == 3
    assert sorted(p.read_text() for p in backups) == ["broken 0", "broken 1", "broken 2"]


def test_in_memory_records_write_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    r = Records(None)
    r.add_result("win")
    r.save_game({"game": Game("classic", seed=1).to_json()})
    assert r.record["wins"] == 1 and list(tmp_path.iterdir()) == []


def test_bad_input():
    r = Records(None)
    with pytest.raises(ValueError, match="'win', 'loss' or 'draw'"):
        r.add_result("victory")
    with pytest.raises(ValueError, match="JSON text under 'game'"):
        r.save_game({"mode": "cpu"})


def test_default_path_is_in_the_user_data_folder():
    path = default_path()
    assert path.name == "records.json" and "war_widget" in str(path.parent)
    assert os.path.isabs(path)
