"""A class without a browser: the board, children's seats (one a pair), a dealt game, the pause, the
tally, the CSV, a reload, a take-over, the words."""
from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import pytest

from war_widget.classmode.board import ClassBoard
from war_widget.classmode.seat import ClassSeat
from war_widget.classmode.store import ClassStore
from war_widget.text.classmode import BOARD_WORDS, CSV_HEADERS, SEAT_WORDS
from war_widget.text.kanji_grades import beyond_register


@pytest.fixture
def path(tmp_path: Path) -> Path:
    ClassStore(tmp_path / "class.sqlite3", size=30).close()
    return tmp_path / "class.sqlite3"


def _play(seat: ClassSeat, flips: int, answer: str = ">") -> None:
    """A child at the table: Flip (both pressing in a pair), and an answer when asked."""
    t = seat.table
    assert t is not None
    for _ in range(flips):
        if t.session.game.is_over:
            return
        if t.session.mode == "two_player":
            t.click("press", seat=0)
            t.click("press", seat=1)
        else:
            t.click("flip")
        while t.session.guess.asking:
            t.click("answer", symbol=answer)


def _class(path: Path) -> tuple[ClassBoard, ClassSeat, ClassSeat, ClassSeat]:
    board = ClassBoard(ClassStore(path))
    a, b, pair = (ClassSeat(ClassStore(path)) for _ in range(3))
    a.choose([3])
    b.choose([12])
    pair.choose([20, 21])
    board.deal_game("number_lesson-2024", "number_lesson", "number")
    for s in (a, b, pair):
        s.poll()
    return board, a, b, pair


def test_a_dealt_game_reaches_every_seat_and_the_csv_holds_what_was_played(path: Path) -> None:
    board, a, b, pair = _class(path)
    for s in (a, b, pair):
        assert s.table is not None and s.table.session.game.code == "number_lesson-2024"
    assert pair.table is not None and pair.table.session.mode == "two_player"
    _play(a, 6, ">")
    _play(b, 3, "<")
    _play(pair, 4, "=")
    board.refresh()
    rows = list(csv.reader(io.StringIO(board.csv())))
    assert rows[0] == list(CSV_HEADERS["en"])
    got = {int(r[0]): r for r in rows[1:]}
    assert sorted(got) == [3, 12, 20, 21]
    for seat, s in ((3, a), (12, b), (20, pair), (21, pair)):
        t = s.table
        assert t is not None
        right, asked = t.session.guess.score
        partner = {20: "21", 21: "20"}.get(seat, "")
        assert got[seat] == [str(seat), partner, "1", str(int(t.session.game.is_over)),
                             str(t.session.game.round_number), got[seat][5], str(right), str(asked),
                             str(right), str(asked), "0", "0"]
        assert asked > 0
    seats = {x["seat"]: x for x in board.view["seats"]}
    assert seats[3]["round"] == a.table.session.game.round_number and seats[3]["status"] == "playing"
    assert seats[21]["pair"] == 20 and seats[21]["player"] == 1
    assert seats[1]["status"] == "absent"
    assert board.view["joined"] == 4


def test_the_tally_is_hidden_until_revealed_and_counts_each_tablet_once(path: Path) -> None:
    board, a, b, pair = _class(path)
    for s, symbol in ((a, ">"), (b, "<"), (pair, "<")):
        t = s.table
        assert t is not None
        if t.session.mode == "two_player":
            t.click("press", seat=0)
            t.click("press", seat=1)
        else:
            t.click("flip")
        assert t.session.guess.asking
        t.click("answer", symbol=symbol)
    board.refresh()
    q = board.view["question"]
    assert q["n"] == 1 and q["answers"] == 3 and q["revealed"] is False
    assert "counts" not in q and "right" not in q          # not even in the browser before Reveal
    board._on_msg(board, {"do": "reveal", "on": True}, None)
    q = board.view["question"]
    assert q["counts"] == {">": 1, "=": 0, "<": 2}
    assert q["right"] == sum(s.table.session.guess.right for s in (a, b, pair) if s.table is not None)
    assert q["right"] in (1, 2)
    board._on_msg(board, {"do": "reveal", "on": False}, None)
    assert "counts" not in board.view["question"]


def test_pause_stops_every_table_and_resume_lets_it_go_on(path: Path) -> None:
    board, a, _b, _pair = _class(path)
    _play(a, 2)
    assert a.table is not None
    before = a.table.session.game.round_number
    board.pause(True)
    a.poll()
    assert a.paused and a.picker.state["paused"] is True
    a.table.click("flip")
    assert a.table.session.game.round_number == before
    board.pause(False)
    a.poll()
    a.table.click("flip")
    assert a.table.session.game.round_number > before or a.table.session.guess.asking


def test_a_seat_plays_only_forward(path: Path) -> None:
    _board, a, _b, _pair = _class(path)
    _play(a, 3)
    t = a.table
    assert t is not None
    where = (t.session.game.code, t.session.game.round_number)
    for action in ({"do": "back"}, {"do": "new_game"}, {"do": "replay", "code": "classic-1"},
                   {"do": "goto", "round": 0}, {"do": "fast_forward"}, {"do": "set", "name": "rules", "index": 0}):
        t._on_action(t, action, None)
        assert (t.session.game.code, t.session.game.round_number) == where, action


def test_a_reloaded_page_sits_again_at_its_seat_and_goes_on_with_its_game(path: Path) -> None:
    _board, a, _b, _pair = _class(path)
    sent: list[dict[str, object]] = []
    a.picker.send = sent.append  # type: ignore[method-assign]
    a.leave()                      # (only to catch the "remember" message again: sit down anew)
    a.choose([3])
    saved = next(m for m in sent if m.get("do") == "remember")
    a.poll()
    _play(a, 5)
    assert a.table is not None
    rounds, counts = a.table.session.game.round_number, a.table.session.game.counts
    reloaded = ClassSeat(ClassStore(path))                 # a new kernel: the page reloaded
    reloaded._on_msg(reloaded.picker, {"do": "hello", "saved": saved}, None)
    assert reloaded.phase == "joined" and reloaded.seats == (3,)
    assert reloaded.table is not None
    assert (reloaded.table.session.game.round_number, reloaded.table.session.game.counts) == (rounds, counts)
    stranger = ClassSeat(ClassStore(path))
    stranger._on_msg(stranger.picker, {"do": "hello", "saved": {**saved, "secret": "guessed"}}, None)
    assert stranger.phase == "choose"


def test_two_tablets_on_one_seat_get_a_clear_choice(path: Path) -> None:
    _board, a, _b, _pair = _class(path)
    other = ClassSeat(ClassStore(path))
    assert other.picker.state["taken"] == [3, 12, 20, 21]
    late = ClassSeat(ClassStore(path))
    ClassSeat(ClassStore(path)).choose([9])
    late.poll()                                         # a seat taken since: marked on the next poll
    assert late.picker.state["taken"] == [3, 9, 12, 20, 21]
    other.choose([3])
    assert other.phase == "in_use" and other.picker.state["in_use"] == 3
    assert "Seat 3 is in use" in other.picker.state["words"]["in_use"].format(seat=3)
    other.choose_other()
    assert other.phase == "choose"
    other.choose([3])
    other.take_over()
    assert other.phase == "joined" and other.seats == (3,)
    a.poll()
    assert a.phase == "taken" and a.table is None


def test_new_class_sends_every_tablet_back_to_the_seat_numbers(path: Path) -> None:
    board, a, _b, _pair = _class(path)
    _play(a, 2)
    board._on_msg(board, {"do": "export"}, None)      # (the board sends the CSV to the browser)
    board.new_class()
    a.poll()
    assert a.phase == "choose" and a.table is None          # the seat numbers again, no "taken" message
    assert a.picker.state["class_id"] == board.store.class_id
    a.choose([3])                                            # the same seat in the new class
    assert a.phase == "joined"
    assert board.view["joined"] == 0 and board.view["deal"] is None
    assert board.csv().splitlines()[1:] == []


def test_bad_messages_are_said_on_the_board_not_raised(path: Path) -> None:
    board = ClassBoard(ClassStore(path))
    board._on_msg(board, {"do": "deal", "preset": "poker", "guess": "number"}, None)
    assert "preset must be one of" in board.view["error"]
    board._on_msg(board, {"do": "deal", "preset": "classic", "code": "kids-3"}, None)
    assert "is a game of 'kids'" in board.view["error"]
    with pytest.raises(ValueError, match="no question to reveal"):
        board.reveal()
    seat = ClassSeat(ClassStore(path))
    seat._on_msg(seat.picker, {"do": "choose", "seats": [99]}, None)
    assert "from 1 to 30" in seat.picker.state["error"]
    with pytest.raises(ValueError, match="lang"):
        ClassBoard(ClassStore(path), lang="fr")


def test_the_board_shows_the_address_and_its_qr_code(path: Path) -> None:
    store = ClassStore(path)
    store.set_address("http://192.168.0.10:8866/")
    board = ClassBoard(store, lang="ja")
    assert board.view["address"] == "http://192.168.0.10:8866/"
    assert board.view["qr"]["size"] == 25 + 8 and board.view["qr"]["d"].startswith("M4 4h1v1h-1z")
    assert board.view["words"]["deal"] == BOARD_WORDS["ja"]["deal"]
    assert board.csv().splitlines()[0].split(",")[0] == "出席番号"


def test_the_childrens_words_keep_to_their_registers() -> None:
    assert not [v for v in SEAT_WORDS["ja_kana"].values() if beyond_register(v, "ja_kana")]
    assert not [v for v in SEAT_WORDS["ja"].values() if beyond_register(v, "ja_kids")]
    assert set(SEAT_WORDS["en"]) == set(SEAT_WORDS["ja"]) == set(SEAT_WORDS["ja_kana"])
    assert set(BOARD_WORDS["en"]) == set(BOARD_WORDS["ja"])
    assert not [v for v in BOARD_WORDS["ja"].values() if re.search(r"\d [枚回番人席]", v)]


def test_the_class_totals_name_the_longest_war_and_the_biggest_comeback(path: Path) -> None:
    store = ClassStore(path)
    d = store.deal("number_lesson-5", "number_lesson", "number")
    plays = {4: dict(wars=3, longest_war=2, lowest=20, won=False, over=True, counts=[0, 52]),
             9: dict(wars=5, longest_war=1, lowest=8, won=True, over=True, counts=[52, 0]),
             15: dict(wars=1, longest_war=3, lowest=26, won=True, over=True, counts=[52, 0])}
    for seat, play in plays.items():
        store.report(seat, store.join(seat), d.id, round=30, **play)
    totals = ClassBoard(store).view["totals"]
    assert totals["wars"] == 9
    assert totals["longest_war"] == [3, 15]              # 3 wars in a row, at seat 15
    assert totals["comeback"] == [44, 9]                 # from 8 cards to all 52, at seat 9
    assert sorted(s[0] for s in totals["seats"]) == [4, 9, 15]


def test_read_aloud_is_the_teachers_choice_for_every_table_of_the_class(path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    from war_widget.classmode import config
    from war_widget.classmode.seat import seat_page

    board = ClassBoard(ClassStore(path))
    board.deal_game("number_lesson-2024", "number_lesson", "number")
    speaking, quiet = ClassSeat(ClassStore(path), read_aloud=True), ClassSeat(ClassStore(path))
    speaking.choose([4])
    quiet.choose([5])
    assert speaking.table is not None and quiet.table is not None
    assert speaking.table.read_aloud is True and quiet.table.read_aloud is False
    board.deal_game("number_lesson-7", "number_lesson", "number")     # the next deal's table: the same choice
    speaking.poll()
    assert speaking.table.session.game.code == "number_lesson-7" and speaking.table.read_aloud is True
    monkeypatch.setenv(config.ENV_STORE, str(path))
    monkeypatch.setenv(config.ENV_READ_ALOUD, "1")                    # what `serve --read-aloud` gives the kernels
    page = seat_page()
    page.choose([6])
    assert page.read_aloud is True and page.table is not None and page.table.read_aloud is True
    for bad in ("yes", 1, None):
        with pytest.raises(ValueError, match="read_aloud must be True"):
            ClassSeat(ClassStore(path), read_aloud=bad)  # type: ignore[arg-type]


def test_a_seats_table_does_not_echo_the_beat_its_browser_shows(path: Path) -> None:
    board = ClassBoard(ClassStore(path))
    board.deal_game("number_lesson-2024", "number_lesson", "number")
    seat = ClassSeat(ClassStore(path))
    seat.choose([4])
    t = seat.table
    assert t is not None
    sent: list[dict[str, object]] = []
    t._send = lambda msg, buffers=None: sent.append(msg)      # type: ignore[method-assign]
    t.click("flip")
    beat = t.beats[-1]["id"]
    sent.clear()
    t._handle_msg({"content": {"data": {"method": "update", "state": {"shown": beat}}}, "buffers": []})
    assert t.shown == beat and sent == []                  # taken, and nothing sent back (ipywidgets echoes)
