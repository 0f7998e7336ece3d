"""A whole class in headless Chromium (issue 31): the class started by its one command
(``python -m war_widget.classmode serve``: Voila for the seats, Voila for the board on 127.0.0.1),
the teacher's board and three children's pages (one a pair, two seat numbers on one tablet), each
in its own browser context like its own tablet.  The board deals one game, the children play and
answer, the first question's tally stays hidden until Reveal, the pause covers every tablet, the
CSV downloaded from the board holds exactly what was played, and a child's page that reloads sits
again at its seat and goes on with its game, the kernel of the page that went shut down.  No
console errors, and no page asks anything of an address but the class's two servers."""
from __future__ import annotations

import csv
import importlib.util
import io
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, cast

import pytest

from war_widget.classmode.store import ClassStore
from war_widget.game.engine import Game

# the helpers of this folder's conftest.py (servers, pages), loaded by path: tests/ has no packages
_spec = importlib.util.spec_from_file_location("war_browser_helpers", Path(__file__).with_name("conftest.py"))
assert _spec is not None and _spec.loader is not None
_helpers = sys.modules.get("war_browser_helpers") or importlib.util.module_from_spec(_spec)
if "war_browser_helpers" not in sys.modules:
    sys.modules["war_browser_helpers"] = _helpers
    _spec.loader.exec_module(_helpers)
ARTIFACTS, REPO, close_page, free_port = _helpers.ARTIFACTS, _helpers.REPO, _helpers.close_page, _helpers.free_port
isolated_env, new_page, start_server = _helpers.isolated_env, _helpers.new_page, _helpers.start_server
stop_server = _helpers.stop_server

from table_driver import right_answer, wait_until  # noqa: E402

pytestmark = pytest.mark.browser



def _calm_code() -> str:
    """A number lesson whose first four rounds have no war: one question a round."""
    for seed in range(1, 400):
        game = Game("number_lesson", seed=seed)
        if all((r := game.play_round()) is not None and r.wars == 0 for _ in range(4)):
            return game.code or ""
    raise AssertionError("no calm number lesson in the first seeds")


def _errors(page) -> list[str]:
    return [line for line in page._war_console if line.startswith(("[error]", "[pageerror]"))]


def _record_requests(page) -> list[str]:
    """Every address the page asks for (documents, scripts, styles, fonts, sockets), as it asks."""
    asked: list[str] = []
    page.on("request", lambda r: asked.append(r.url))
    page.on("websocket", lambda w: asked.append(w.url))
    return asked


def _elsewhere(asked: list[str], school: dict[str, object]) -> list[str]:
    """What a page asked of anyone but the class's two servers (a CDN, a font service)."""
    ours = tuple(str(school[k]) for k in ("seats", "board")) + tuple(
        str(school[k]).replace("http://", "ws://") for k in ("seats", "board"))
    return [u for u in asked if not u.startswith(ours) and not u.startswith(("data:", "blob:"))]


@pytest.fixture(scope="module")
def school(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, object]]:
    root = tmp_path_factory.mktemp("class")
    store = root / "class.sqlite3"
    seat_port, board_port = free_port(), free_port()
    env = isolated_env(root)
    env["PYTHONPATH"] = str(REPO) + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    argv = [sys.executable, "-m", "war_widget.classmode", "serve", "--store", str(store), "--seats", "30",
            "--port", str(seat_port), "--board-port", str(board_port),
            "--address", f"http://127.0.0.1:{seat_port}/"]
    server = start_server("class-serve", argv, env, root, f"http://127.0.0.1:{seat_port}", "/voila/static/favicon.ico")
    try:
        wait_until(lambda: _up(f"http://127.0.0.1:{board_port}/voila/static/favicon.ico"), 90, "the board's Voila")
        yield {"seats": f"http://127.0.0.1:{seat_port}/", "board": f"http://127.0.0.1:{board_port}/", "store": store,
               "server": server}
    finally:
        stop_server(server)
    assert server.process.returncode == 0, server.log_tail()


def _up(url: str) -> bool:
    import urllib.request
    try:
        with urllib.request.urlopen(url, timeout=5) as r:
            return r.status == 200
    except OSError:
        return False


def _sit(page, seats: list[int]) -> None:
    page.locator(".ww-seat-grid").wait_for(timeout=180_000)
    if len(seats) == 2:
        page.locator(".ww-seat-pair").click()
        for n in seats:
            page.locator(f".ww-seat-n[data-seat='{n}']").click()
        page.locator(".ww-seat-start").click()
    else:
        page.locator(f".ww-seat-n[data-seat='{seats[0]}']").click()
    page.locator(".ww-seat-who").wait_for(timeout=30_000)


def _flip_and_answer(page, pair: bool, wrong: bool = False) -> tuple[str, str]:
    """One round: Flip (both players' buttons for a pair), then the answer; (the answer, the right one)."""
    page.bring_to_front()       # each tablet is in front on its own device (a page behind gets no animation frames)
    table = page.locator("[data-war-table]")
    start = int(table.get_attribute("data-round") or "0")
    wait_until(lambda: table.get_attribute("data-idle") == "1", 30, "the table at rest")
    page.locator("[data-action='flip']").click()
    if pair:
        wait_until(lambda: "waiting for Player 2" in table.locator("[data-role=sentence]").inner_text(), 30,
                   "player 1 ready")
        page.locator("[data-action='press1']").click()
    try:
        wait_until(lambda: "Which is bigger" in table.locator("[data-role=sentence]").inner_text(), 30, "the question")
    except BaseException:
        page.screenshot(path=str(ARTIFACTS / f"{page._war_name}-no-question.png"))
        raise
    truth = right_answer(table.locator("[data-role=sentence]").inner_text())
    said = truth if not wrong else next(s for s in (">", "=", "<") if s != truth)
    page.locator(f"[data-action='answer{said}']").click()
    wait_until(lambda: int(table.get_attribute("data-round") or "0") == start + 1
               and table.get_attribute("data-idle") == "1", 30, "the round after the answer")
    return said, truth


def test_a_class_plays_one_dealt_game(chromium, school: dict[str, object]) -> None:
    code = _calm_code()
    board = new_page(chromium, "class-board", viewport={"width": 1920, "height": 1080})
    kids = {name: new_page(chromium, f"class-{name}", viewport={"width": 1024, "height": 768})
            for name in ("seat3", "seat12", "pair20")}
    pages = [board, *kids.values()]
    asked = {p._war_name: _record_requests(p) for p in pages}
    try:
        board.goto(str(school["board"]), wait_until="commit", timeout=90_000)
        for page in kids.values():
            page.goto(str(school["seats"]), wait_until="commit", timeout=90_000)
        board.locator(".ww-board").wait_for(timeout=180_000)
        assert board.locator(".ww-board-url").inner_text() == school["seats"]
        assert board.locator("svg.ww-board-qr path").get_attribute("d")
        _sit(kids["seat3"], [3])
        _sit(kids["seat12"], [12])
        _sit(kids["pair20"], [20, 21])
        wait_until(lambda: board.locator(".ww-board-joined").inner_text() == "4 of 30 seats joined", 15,
                   "the board: four seats joined")
        for n in (3, 12, 20, 21):
            assert board.locator(f".ww-board-seat[data-seat='{n}']").get_attribute("data-status") == "waiting"

        # the teacher deals one game to everyone
        board.locator("select[name=preset]").select_option("number_lesson")
        board.locator("select[name=guess]").select_option("number")
        board.locator("input[name=code]").fill(code)
        board.locator("[data-do=deal]").click()
        for page in kids.values():
            table = page.locator("[data-war-table]")
            table.wait_for(timeout=60_000)
            wait_until(lambda t=table: t.get_attribute("data-round") == "0", 30, "the dealt table at round 0")
        assert code in board.locator(".ww-board-deal").inner_text()

        # the first question: seat 3 right, seat 12 wrong, the pair right
        said = {"seat3": _flip_and_answer(kids["seat3"], False),
                "seat12": _flip_and_answer(kids["seat12"], False, wrong=True),
                "pair20": _flip_and_answer(kids["pair20"], True)}
        wait_until(lambda: board.locator(".ww-board-answers").inner_text() == "3 answered", 15,
                   "the board: three answers to question 1")
        assert board.locator(".ww-board-tally").count() == 0          # hidden until Reveal
        board.locator("[data-do=reveal]").click()
        board.locator(".ww-board-tally").wait_for(timeout=10_000)
        expected = {s: sum(1 for a, _ in said.values() if a == s) for s in (">", "=", "<")}
        for s, n in expected.items():
            assert board.locator(f".ww-board-trow[data-symbol='{s}'] .ww-board-tnum").inner_text() == str(n)
        assert board.locator(".ww-board-right").inner_text() == "right: 2 / 3"
        for width, height in ((1920, 1080), (1366, 768)):          # a projector's two usual sizes
            board.set_viewport_size({"width": width, "height": height})
            board.wait_for_timeout(300)
            assert board.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), (width, height)
            for part, least in ((".ww-board-asked", 56), (".ww-board-seatno", 30), (".ww-board-tnum", 30),
                                (".ww-board-url", 28), (".ww-board-btn", 18)):
                px = board.locator(part).first.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")
                assert px >= least, (width, part, px)      # read from the back of the room
            board.screenshot(path=str(ARTIFACTS / f"class-board-{width}x{height}.png"))
        board.set_viewport_size({"width": 1920, "height": 1080})

        # the pause covers every tablet and stops its table
        board.locator("[data-do=pause]").click()
        for page in kids.values():
            page.locator(".ww-seat-paused").wait_for(timeout=10_000)
        kids["seat3"].screenshot(path=str(ARTIFACTS / "class-seat-paused.png"))
        for action in ("back", "new_game", "fast_forward", "step"):       # what a seat refuses is not shown
            assert not kids["seat3"].locator(f"[data-war-table] [data-action='{action}']").is_visible()
        board.locator("[data-do=pause]").click()
        for page in kids.values():
            page.locator(".ww-seat-paused").wait_for(state="detached", timeout=10_000)

        # two more rounds each, all answered right
        for name, page in kids.items():
            for _ in range(2):
                _flip_and_answer(page, name == "pair20")
        rounds = {name: int(p.locator("[data-war-table]").get_attribute("data-round") or "0")
                  for name, p in kids.items()}
        assert rounds == {"seat3": 3, "seat12": 3, "pair20": 3}
        wait_until(lambda: board.locator(".ww-board-seat[data-seat='12'] .ww-board-round").inner_text()
                   == "Round 3", 15, "the board: seat 12 at round 3")

        # the CSV holds exactly what was played
        time.sleep(0.5)
        with board.expect_download(timeout=30_000) as download:
            board.locator("[data-do=export]").click()
        text = Path(download.value.path()).read_text(encoding="utf-8")
        assert text.startswith("\ufeff")
        rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
        assert rows[0][:8] == ["seat", "partner seat", "games", "games finished", "rounds", "wars",
                               "questions right", "questions asked"]
        by_seat = {r[0]: r for r in rows[1:]}
        assert sorted(by_seat, key=int) == ["3", "12", "20", "21"]
        for seat, partner, right in (("3", "", 3), ("12", "", 2), ("20", "21", 3), ("21", "20", 3)):
            assert by_seat[seat] == [seat, partner, "1", "0", "3", "0", str(right), "3", str(right), "3", "0", "0"]

        # a child's page reloads: the same seat, the same game, where it was; the kernel of the page
        # that went is shut down by Voila's own unload request (before the fix: refused, 403, as
        # the page set no _xsrf cookie for it to send; classmode/src/link.js)
        page = kids["seat12"]
        gone = page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
        page.reload(wait_until="commit")
        page.locator(".ww-seat-who").wait_for(timeout=180_000)
        assert page.locator(".ww-seat-who").inner_text() == "Seat 12"
        table = page.locator("[data-war-table]")
        table.wait_for(timeout=60_000)
        wait_until(lambda: table.get_attribute("data-round") == "3", 30, "the reloaded table at round 3")
        _flip_and_answer(page, False)
        wait_until(lambda: board.locator(".ww-board-seat[data-seat='12'] .ww-board-round").inner_text()
                   == "Round 4", 15, "the board: the reloaded seat 12 goes on to round 4")
        log = cast(Any, school["server"]).log
        wait_until(lambda: f"Kernel shutdown: {gone}" in log.read_text(errors="replace"), 15,
                   "the server: the reloaded page's old kernel shut down")
        assert not [line for line in log.read_text(errors="replace").splitlines() if line.startswith("403 ")]
        for p in pages:
            assert not _errors(p), (p._war_name, _errors(p))
            # nothing asked of anyone but the class's servers (Voila's own template fetched Font
            # Awesome from a CDN: the class pages' template leaves it out), and the record works
            assert len(asked[p._war_name]) > 20, (p._war_name, asked[p._war_name])
            assert not _elsewhere(asked[p._war_name], school), (p._war_name, _elsewhere(asked[p._war_name], school))
        with ClassStore(Path(str(school["store"]))) as store:     # the server's store, as kept on disk
            assert {p.seat: p.round for p in store.plays()} == {3: 3, 12: 4, 20: 3, 21: 3}
    finally:
        for p in pages:
            close_page(p)
