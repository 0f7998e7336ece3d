"""The classroom page's Python side (views/classroom.py), here in CPython: the record under the
table counts each finished game, is read back by the next page (a reload), and a records file
that cannot be opened leaves the table playing with the problem said under it."""
from __future__ import annotations

from pathlib import Path

from war_widget import Game
from war_widget.session.keeping import result_of
from war_widget.text.i18n import label, record_line
from war_widget.views.classroom import ClassroomTable


def test_the_record_under_the_table_survives_a_new_page(tmp_path: Path) -> None:
    path = tmp_path / "records.json"
    page = ClassroomTable(records=path)
    assert page.record_text() == f"{label('res_record', 'en')}: {label('res_record_none', 'en')}"
    assert 'data-role="record"' in page.record.value
    page.table.replay("classic-2026")
    page.table.fast_forward()
    game = Game.from_code("classic-2026")
    game.play_to_end()
    result = result_of(game)
    assert result is not None and page.table.play.game.is_over
    record = {"games": 1, "wins": 0, "losses": 0, "draws": 0, "current_streak": 0, "best_streak": 0}
    record[{"win": "wins", "loss": "losses", "draw": "draws"}[result]] = 1
    record["current_streak"] = record["best_streak"] = int(result == "win")
    assert page.record_text() == f"{label('res_record', 'en')}: {record_line(record, 'en')}"
    assert record_line(record, "en") in page.record.value
    again = ClassroomTable(records=path, lang="ja")
    assert again.record_text() == f"{label('res_record', 'ja')}: {record_line(record, 'ja')}"


def test_records_that_cannot_be_kept_leave_the_table_playing(tmp_path: Path) -> None:
    blocker = tmp_path / "a file"
    blocker.write_text("not a folder")
    page = ClassroomTable(records=blocker / "records.json")
    assert page.records is None and page.problem is not None
    assert page.record_text() == page.problem
    page.table.flip()
    assert page.table.play.game.round_number >= 1
