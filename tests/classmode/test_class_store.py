"""The class store: shared by processes, every change whole, bad input refused, damage set aside."""
from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from war_widget.classmode.store import ClassStore, SeatInUse, SeatTaken, check_seats

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "class.sqlite3"


def _writer(path: Path, seat: int, n: int) -> subprocess.Popen[bytes]:
    """Another process (another kernel) that sits at ``seat`` and answers ``n`` questions."""
    code = textwrap.dedent(f"""
        import sys
        sys.path.insert(0, {str(ROOT)!r})
        from war_widget.classmode.store import ClassStore
        s = ClassStore({str(path)!r})
        secret = s.join({seat})
        for i in range({n}):
            s.answer({seat}, secret, 1, f"{{i}}.1:5?3", "5 ? 3", ">", i % 2 == 0)
            s.report({seat}, secret, 1, round=i + 1, counts=[26, 26], asked=i + 1, right=(i + 2) // 2)
    """)
    return subprocess.Popen([sys.executable, "-c", code])


def test_four_processes_write_at_once_and_nothing_is_lost(path: Path) -> None:
    store = ClassStore(path, size=30)
    store.deal("number_lesson-3", "number_lesson", "number")
    procs = [_writer(path, seat, 40) for seat in (1, 2, 3, 4)]
    assert [p.wait(timeout=120) for p in procs] == [0, 0, 0, 0]
    answers = store.answers(1)
    assert len(answers) == 160
    assert {a.seat for a in answers} == {1, 2, 3, 4}
    plays = {p.seat: p for p in store.plays(1)}
    assert {s: (p.round, p.asked, p.right) for s, p in plays.items()} == {s: (40, 40, 20) for s in (1, 2, 3, 4)}
    tally = store.tally(1, "0.1:5?3")
    assert tally.counts == {">": 4, "=": 0, "<": 0} and tally.right == 4 and tally.answers == 4


def test_results_survive_a_restart(path: Path) -> None:
    store = ClassStore(path, size=30)
    deal = store.deal("number_lesson-9", "number_lesson", "number")
    secret = store.join(5)
    store.report(5, secret, deal.id, round=7, counts=[30, 22], wars=2, longest_war=1, lowest=20)
    store.answer(5, secret, deal.id, "1.1:7?2", "7 ? 2", ">", True)
    store.close()
    again = ClassStore(path)
    assert again.problems == []
    assert [(p.seat, p.round, p.counts, p.wars) for p in again.plays()] == [(5, 7, (30, 22), 2)]
    assert [(a.seat, a.symbol, a.right) for a in again.answers()] == [(5, ">", True)]
    assert again.current_deal == deal
    assert again.rejoin(5, secret)


def test_deal_checks_its_game_and_ends_the_pause(path: Path) -> None:
    store = ClassStore(path)
    store.pause(True)
    v = store.version
    d = store.deal(None, "number_lesson_10", "to10")
    assert d.code.startswith("number_lesson_10-") and d.guess == "to10" and d.id == 1
    assert not store.paused and store.version > v
    assert store.deal("kids-5", "kids", False).id == 2
    with pytest.raises(ValueError, match="preset must be one of"):
        store.deal(None, "poker")
    with pytest.raises(ValueError, match="not a game number"):
        store.deal("nonsense!", "classic")
    with pytest.raises(ValueError, match="is a game of 'kids', not 'classic'"):
        store.deal("kids-5", "classic")
    with pytest.raises(ValueError, match="guess"):
        store.deal(None, "classic", "maybe")
    assert len(store.deals()) == 2


def test_a_seat_in_use_asks_and_a_take_over_locks_the_old_tablet_out(path: Path) -> None:
    store = ClassStore(path, size=30)
    first = store.join(5)
    with pytest.raises(SeatInUse, match="seat 5 is in use on another tablet"):
        store.join(5)
    with pytest.raises(SeatInUse):
        store.join([4, 5])            # a pair with a seat in use
    second = store.join(5, take_over=True)
    assert not store.rejoin(5, first) and store.rejoin(5, second)
    with pytest.raises(SeatTaken):
        store.report(5, first, 1, round=1)
    assert store.poll(5, first)[1] is False and store.poll(5, second)[1] is True
    with pytest.raises(SeatTaken):    # a tablet cannot write another seat
        store.answer(6, second, 1, "1.1:2?3", "2 ? 3", "<", True)


@pytest.mark.parametrize("seats, why", [
    (0, "from 1 to 30"), (31, "from 1 to 30"), ([3, 3], "two different"), ([1, 2, 3], "one seat number or two"),
    ("5", "one seat number or two"), (True, "one seat number or two"), ([2.0], "from 1 to 30"), ([], "one seat"),
])
def test_bad_seats_are_refused_with_what_is_allowed(seats: object, why: str) -> None:
    with pytest.raises(ValueError, match=why):
        check_seats(seats, 30)


def test_bad_reports_and_answers_are_refused(path: Path) -> None:
    store = ClassStore(path, size=30)
    secret = store.join(2)
    with pytest.raises(ValueError, match="report takes"):
        store.report(2, secret, 1, score=3)
    with pytest.raises(ValueError, match="round must be a whole number"):
        store.report(2, secret, 1, round=-1)
    with pytest.raises(ValueError, match="right .* cannot be more than asked"):
        store.report(2, secret, 1, asked=1, right=2)
    with pytest.raises(ValueError, match="an answer is one of"):
        store.answer(2, secret, 1, "1.1:2?3", "2 ? 3", "?", True)
    with pytest.raises(ValueError, match="kind must be one of"):
        store.answer(2, secret, 1, "1.1:2?3", "2 ? 3", "<", True, kind="hardest")
    with pytest.raises(ValueError, match="size"):
        store.set_size(0)
    with pytest.raises(ValueError, match="a file path"):
        ClassStore(42)  # type: ignore[arg-type]
    assert store.plays() == [] and store.answers() == []


def test_the_first_answer_to_a_question_stands(path: Path) -> None:
    store = ClassStore(path, size=30)
    s = store.join(1)
    store.answer(1, s, 1, "1.1:9?4", "9 ? 4", ">", True)
    store.answer(1, s, 1, "1.1:9?4", "9 ? 4", "<", False)      # replayed after a reload: not counted
    assert [(a.symbol, a.right) for a in store.answers(1)] == [(">", True)]


def test_tally_counts_a_pair_once(path: Path) -> None:
    store = ClassStore(path, size=30)
    solo, pair, other = store.join(1), store.join([7, 8]), store.join(9)
    for seat, secret, symbol in ((1, solo, ">"), (7, pair, "<"), (8, pair, "<"), (9, other, "=")):
        store.answer(seat, secret, 1, "2.1:K?4", "K ? 4", symbol, symbol == ">")
    t = store.tally(1, "2.1:K?4")
    assert t.counts == {">": 1, "=": 1, "<": 1} and t.right == 1 and t.answers == 3 and t.asked == "K ? 4"
    assert store.questions(1) == ["2.1:K?4"]


def test_new_class_clears_everything_but_what_was_set_aside(path: Path) -> None:
    store = ClassStore(path, size=30)
    d = store.deal("number_lesson-1", "number_lesson", "number")
    secret = store.join(3)
    store.report(3, secret, d.id, round=4)
    store.answer(3, secret, d.id, "1.1:2?3", "2 ? 3", "<", True)
    old_id = store.class_id
    store.new_class()
    assert (store.seats(), store.plays(), store.answers(), store.deals()) == ([], [], [], [])
    assert store.class_id != old_id and store.current_deal is None
    with pytest.raises(SeatTaken):
        store.report(3, secret, d.id, round=5)


def test_a_damaged_row_is_set_aside_and_hides_nothing_else(path: Path) -> None:
    store = ClassStore(path, size=30)
    secret = store.join([1, 2])
    store.report(1, secret, 1, round=3, counts=[27, 25])
    store.report(2, secret, 1, round=3, counts=[27, 25], player=1)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE plays SET data = ? WHERE seat = 2", ('{"round": "three"',))
        db.execute("INSERT INTO answers VALUES (1, 1, 'q', '[1, 2]', 0)")
    plays = store.plays()
    assert [(p.seat, p.round) for p in plays] == [(1, 3)]
    assert store.answers() == []
    aside = store.set_aside()
    assert [what for what, _, _ in aside] == ["plays [2, 1]", "answers [1, 1, 'q']"]
    assert aside[0][1] == '{"round": "three"'
    assert any("set aside" in p for p in store.problems)


def test_a_damaged_file_is_kept_aside_and_a_new_class_starts(path: Path) -> None:
    path.write_bytes(b"SQLite format 3\x00" + b"\x13" * 3000)
    store = ClassStore(path, size=30)
    assert store.damaged_file is not None and store.damaged_file.read_bytes().startswith(b"SQLite format 3")
    assert "could not be read" in store.problems[0]
    assert store.join(1)


def test_another_programs_database_is_refused_and_left_alone(path: Path) -> None:
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE pupils (name TEXT)")
    before = path.read_bytes()
    with pytest.raises(ValueError, match="another program"):
        ClassStore(path)
    assert path.read_bytes() == before


def test_poll_is_one_read_between_heartbeats(path: Path) -> None:
    now = [1000.0]
    store = ClassStore(path, size=30, clock=lambda: now[0])
    secret = store.join(4)
    assert store.seats()[0].seen == 1000.0
    now[0] = 1005.0
    store.poll(4, secret)
    assert store.seats()[0].seen == 1000.0          # within the heartbeat: nothing written
    now[0] = 1011.0
    store.poll(4, secret)
    assert store.seats()[0].seen == 1011.0
    assert json.loads(json.dumps(store.poll(4, secret))) == [store.version, True]


def test_a_store_another_kernel_holds_locked_is_waited_for_then_refused_never_set_aside(path: Path) -> None:
    ClassStore(path, size=30).close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(OSError, match="is busy"):
            ClassStore(path, timeout=0.3)
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert not list(path.parent.glob("*.corrupt-*"))
    store = ClassStore(path)
    assert store.problems == [] and store.damaged_file is None


def _in_the_file(path: Path, tmp: Path) -> dict[int, int]:
    """The plays' rounds as the store's file holds them without its log (as a power cut would
    leave a file whose log was never forced to the disk)."""
    copy = tmp / "copy.sqlite3"
    copy.write_bytes(path.read_bytes())
    with sqlite3.connect(copy) as db:
        try:
            return {seat: json.loads(data)["round"] for seat, data in db.execute("SELECT seat, data FROM plays")}
        except sqlite3.OperationalError:       # not even the tables yet
            return {}


def test_a_commit_waits_for_no_disk_and_sync_forces_the_class_to_it(path: Path, tmp_path: Path) -> None:
    from war_widget.classmode.board import ClassBoard

    seat = ClassStore(path, size=30)
    assert seat._db.execute("PRAGMA synchronous").fetchone()[0] == 1       # NORMAL: no fsync per commit
    deal = seat.deal("number_lesson-3", "number_lesson", "number")
    secret = seat.join(4)
    seat.report(4, secret, deal.id, round=1, counts=[26, 26])
    assert ClassStore(path).plays()[0].round == 1                    # committed: every kernel reads it
    assert _in_the_file(path, tmp_path) == {}                         # only in the log so far
    board = ClassBoard(ClassStore(path))                              # the board's first poll syncs
    assert _in_the_file(path, tmp_path) == {4: 1}
    seat.report(4, secret, deal.id, round=2, counts=[27, 25])
    board.refresh()                                                   # within SYNC_SECONDS: not again
    assert _in_the_file(path, tmp_path) == {4: 1}
    assert board.store.sync() is True and _in_the_file(path, tmp_path) == {4: 2}
    assert board.store.sync(every=60) is False                        # just synced
    seat.report(4, secret, deal.id, round=3, counts=[28, 24])
    seat.close()                                                      # a kernel that closes syncs
    assert _in_the_file(path, tmp_path) == {4: 3}
