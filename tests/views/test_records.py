"""The widget's records (views/records.py over the records store): lifetime record, one slot per
game in progress, several processes at once, damaged and old files."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

import pytest

from war_widget import Game
from war_widget.views.records import Records, default_path, game_slot, store_path


def test_a_fresh_record_counts_games_and_streaks(tmp_path):
    path = tmp_path / "records.json"
    r = Records(path)
    assert r.record == {"games": 0, "wins": 0, "losses": 0, "draws": 0, "current_streak": 0, "best_streak": 0}
    assert not path.exists()                    # the store is records.sqlite3 beside it
    for result in ["win", "win", "loss", "win", "draw", "win", "win", "win"]:
        r.add_result(result)
    assert r.record == {"games": 8, "wins": 6, "losses": 1, "draws": 1, "current_streak": 3, "best_streak": 3}
    again = Records(path)
    assert again.record == r.record and again.corrupt_backup is None and again.problem is None
    again.reset_record()
    assert Records(path).record["games"] == 0
    assert store_path(path) == (tmp_path / "records.sqlite3", path)


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


def test_two_widgets_finishing_games_do_not_delete_each_others_saved_game(tmp_path):
    """The issue's case: one slot, cleared by whoever finished."""
    path = tmp_path / "records.json"
    a, b = Records(path), Records(path)
    game_a, game_b = Game("classic", seed=1), Game("classic", seed=2)
    game_a.play_round()
    game_b.play_round()
    a.save_game({"game": game_a.to_json()})
    b.save_game({"game": game_b.to_json()})
    game_a.play_to_end()
    a.add_result("win")
    a.clear_game()                               # a's game ended
    left = Records(path).saved_games()
    assert [g.slot for g in left] == ["classic-2"] and Game.from_json(left[0].payload["game"]).code == "classic-2"


def test_the_same_game_in_two_widgets_is_not_cleared_under_the_other(tmp_path):
    path = tmp_path / "records.json"
    a, b = Records(path), Records(path)
    game = Game("classic", seed=5)
    game.play_round()
    a.save_game({"game": game.to_json()})
    game.play_round()
    b.save_game({"game": game.to_json()})        # the same game number, further on, in another widget
    a.clear_game()                               # a finished its copy: b's save is not a's to clear
    assert Records(path).saved_game == {"game": game.to_json()}


WIDGET_RESULTS = textwrap.dedent("""
    import sys
    from war_widget.views.records import Records
    r = Records(sys.argv[1])
    for i in range(int(sys.argv[2])):
        r.add_result("win" if i % 3 else "loss")
""")


def test_two_kernels_sharing_the_records_lose_no_result(tmp_path):
    """The issue's case: two processes x 300 results kept 312 (or 174) of 600."""
    path = str(tmp_path / "records.json")
    procs = [subprocess.Popen([sys.executable, "-c", WIDGET_RESULTS, path, "300"]) for _ in range(2)]
    assert [p.wait(timeout=300) for p in procs] == [0, 0]
    assert Records(path).record["games"] == 600


# --- the JSON file of earlier versions ------------------------------------------------------
def legacy(path, game=None, **record):
    rec = {"games": 4, "wins": 2, "losses": 1, "draws": 1, "current_streak": 0, "best_streak": 2, **record}
    path.write_text(json.dumps({"format": "war_widget.records", "version": 1, "record": rec, "game": game}))
    return rec


def v1_save(game: Game) -> str:
    from war_widget.game.engine_json_v1 import v1_state
    return json.dumps(v1_state(game))


def test_an_old_records_file_keeps_its_record_and_its_game(tmp_path):
    path = tmp_path / "records.json"
    game = Game("pagat", seed=3)
    for _ in range(9):
        game.step()
    rec = legacy(path, {"game": v1_save(game), "mode": "cpu", "opponent": "greedy"})
    r = Records(path)
    assert r.record == rec and r.problem is None
    saved = r.saved_game
    assert saved is not None and saved["opponent"] == "greedy"
    assert Game.from_json(saved["game"]).to_json() == game.to_json()
    r.add_result("win")
    assert Records(path).record["games"] == 5                 # read once: not added again
    assert json.loads(path.read_text())["record"] == rec        # the old file is left as it was


@pytest.mark.parametrize("damage", ["bom", "game 5", "tampered game", "newer save", "newer file"])
def test_a_good_record_is_never_hidden_by_a_bad_part(tmp_path, damage):
    path = tmp_path / "records.json"
    game = Game("classic", seed=8)
    game.play_round()
    text = v1_save(game)
    if damage == "tampered game":
        state = json.loads(text)
        state["hands"][0], state["hands"][1] = state["hands"][1], state["hands"][0]
        text = json.dumps(state)
    if damage == "newer save":
        text = json.dumps(dict(json.loads(game.to_json()), version=9))
    rec = legacy(path, 5 if damage == "game 5" else {"game": text})
    if damage == "bom":
        path.write_bytes(b"\xef\xbb\xbf" + path.read_bytes())
    if damage == "newer file":
        path.write_text(json.dumps(dict(json.loads(path.read_text()), version=3, teams={"a": 1})))
    before = path.read_bytes()
    r = Records(path)
    assert r.record == rec and r.corrupt_backup is None
    assert path.read_bytes() == before                          # never renamed, never rewritten
    if damage in ("bom", "newer file"):
        assert r.saved_game is not None and r.problem is None
    else:
        assert r.saved_game is None and "set aside" in r.problem
        assert r.store.set_aside()[0][0] == "game of records.json"


def test_an_unreadable_old_file_is_kept_aside_and_a_fresh_record_started(tmp_path):
    path = tmp_path / "records.json"
    path.write_bytes(b"{not json")
    r = Records(path)
    assert r.corrupt_backup is not None and r.corrupt_backup.read_bytes() == b"{not json"
    assert r.corrupt_backup.name.startswith("records.corrupt-") and r.corrupt_backup.suffix == ".json"
    assert r.record["games"] == 0 and r.problem and not path.exists()
    assert r.store.set_aside()[0][1] == "{not json"             # and a copy in the store


def test_a_saved_game_that_cannot_be_replayed_is_set_aside_and_the_others_offered(tmp_path):
    path = tmp_path / "records.json"
    r = Records(path)
    r.add_result("win")
    good = Game("classic", seed=1)
    good.step()
    r.save_game({"game": good.to_json()})
    r.store.save_game("broken", {"game": json.dumps(dict(json.loads(good.to_json()), beats=99999))})
    again = Records(path)
    assert again.saved_game == {"game": good.to_json()} and again.record["wins"] == 1
    assert "broken" in again.problem and again.store.set_aside()[0][0] == "game broken"


def test_a_damaged_store_file_is_kept_aside(tmp_path):
    path = tmp_path / "records.sqlite3"
    path.write_bytes(b"garbage" * 50)
    r = Records(path)
    assert r.corrupt_backup is not None and r.corrupt_backup.read_bytes() == b"garbage" * 50
    assert r.record["games"] == 0 and r.add_result("win")["games"] == 1


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
    with pytest.raises(ValueError, match="not a saved game"):
        r.save_game({"game": "[1]"})


def test_game_slots():
    assert game_slot(Game("bicycle", seed=7).to_json()) == "bicycle-7"
    scripted = Game.from_hands("classic", [["KS"], ["QS"]]).to_json()
    assert game_slot(scripted).startswith("deal-") and game_slot(scripted) == game_slot(scripted)


def test_default_path_is_in_the_user_data_folder():
    path = default_path()
    assert path.name == "records.json" and "war_widget" in str(path.parent)
    assert os.path.isabs(path)


def test_two_war_widgets_finishing_games_do_not_delete_each_others_saved_game(tmp_path):
    """The issue's case with real widgets sharing one records file: each game in progress is
    saved; the one that finishes clears only its own; the other is offered to a new widget."""
    from war_widget.views.war import WarWidget

    path = tmp_path / "records.json"
    a, b = WarWidget(seed=101, records=path), WarWidget(seed=202, records=path)
    for _ in range(3):
        a.flip()
        b.flip()
    slots = {g.slot for g in Records(path).saved_games()}
    assert slots == {a.game.code, b.game.code}
    a.fast_forward()
    assert a.game.is_over and Records(path).record["games"] == 1
    left = Records(path).saved_games()
    assert [g.slot for g in left] == [b.game.code]
    c = WarWidget(records=path)
    assert c.resume() and c.game.code == b.game.code and c.game.round_number == b.game.round_number
