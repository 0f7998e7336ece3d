"""The command that starts a class: what it serves where, and bad input."""
from __future__ import annotations

import ipaddress
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from war_widget.classmode import config, serve
from war_widget.classmode.serve import PAGES, TEMPLATE, TEMPLATE_ROOT, lan_address, main, voila_command, voila_env
from war_widget.classmode.store import ClassStore


def test_each_voila_serves_one_notebook_on_its_address() -> None:
    seat = voila_command(PAGES / "class_seat.ipynb", "0.0.0.0", 8866)
    board = voila_command(PAGES / "class_board.ipynb", "127.0.0.1", 8867)
    assert seat[1:4] == ["-m", "voila", str(PAGES / "class_seat.ipynb")]
    assert "--Voila.ip=0.0.0.0" in seat and "--port=8866" in seat
    assert "--Voila.ip=127.0.0.1" in board and str(PAGES / "class_board.ipynb") in board
    assert "--show_tracebacks=False" in seat
    for page in ("class_seat.ipynb", "class_board.ipynb"):
        assert (PAGES / page).read_text().count('"cell_type": "code"') == 1


def test_the_pages_template_is_ours_and_found_first() -> None:
    """The class pages use our Voila template (Voila's lab one without its CDN stylesheets;
    tests/browser/test_class_browser.py shows no page asks anything of another address), found on
    JUPYTER_PATH before anything the user had there."""
    assert f"--template={TEMPLATE}" in voila_command(PAGES / "class_seat.ipynb", "0.0.0.0", 8866)
    folder = TEMPLATE_ROOT / "voila" / "templates" / TEMPLATE
    assert json.loads((folder / "conf.json").read_text()) == {"base_template": "lab"}
    page = (folder / "index.html.j2").read_text()
    assert "extends 'voila/templates/lab/index.html.j2'" in page and "super.super()" in page
    assert "https://" not in page.split("-#}", 1)[1]
    assert voila_env({"JUPYTER_PATH": "/theirs", "X": "1"}) == {"JUPYTER_PATH": f"{TEMPLATE_ROOT}{os.pathsep}/theirs",
                                                               "X": "1"}
    assert voila_env({}) == {"JUPYTER_PATH": str(TEMPLATE_ROOT)}


def test_the_address_is_an_ip_address() -> None:
    ipaddress.ip_address(lan_address())


def test_bad_seats_and_a_foreign_store_stop_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--seats", "99", "--store", str(tmp_path / "c.sqlite3")]) == 2
    assert "--seats must be from 1 to 60" in capsys.readouterr().err
    other = tmp_path / "marks.sqlite3"                  # another program's database: refused, not changed
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE marks (pupil TEXT)")
    before = other.read_bytes()
    assert main(["serve", "--store", str(other)]) == 2
    assert "another program" in capsys.readouterr().err
    assert other.read_bytes() == before


def test_the_kernels_find_the_store_and_language_in_their_environment(tmp_path: Path) -> None:
    env = {config.ENV_STORE: str(tmp_path / "c.sqlite3"), config.ENV_LANG: "ja"}
    assert config.store_path(env) == tmp_path / "c.sqlite3"
    assert config.board_lang(env) == "ja" and config.seat_lang(env) == "ja"
    assert config.seat_lang({**env, config.ENV_SEAT_LANG: "ja_kana"}) == "ja_kana"
    assert config.store_path({}).name == "class.sqlite3"
    with pytest.raises(ValueError, match="lang"):
        config.board_lang({config.ENV_LANG: "de"})
    ClassStore(env[config.ENV_STORE]).close()


class _Exited:
    """A Voila server that stopped at once (the command then stops too)."""

    returncode = 0

    def poll(self) -> int:
        return 0

    def wait(self, timeout: float) -> int:
        return 0


def test_read_aloud_reaches_the_kernels_only_when_the_teacher_asks(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[dict[str, str]] = []
    before = signal.getsignal(signal.SIGTERM)
    monkeypatch.setattr(serve.subprocess, "Popen", lambda cmd, env: started.append(env) or _Exited())
    assert main(["serve", "--store", str(tmp_path / "c.sqlite3"), "--board", "jupyter", "--read-aloud"]) == 0
    assert main(["serve", "--store", str(tmp_path / "c.sqlite3"), "--board", "jupyter"]) == 0
    assert [config.read_aloud(env) for env in started] == [True, False]
    assert signal.getsignal(signal.SIGTERM) is before      # the command's own handler is gone after it
    assert config.read_aloud({}) is False
    for bad in ("yes", "2", "true"):
        with pytest.raises(ValueError, match="WAR_WIDGET_CLASS_READ_ALOUD must be 1"):
            config.read_aloud({config.ENV_READ_ALOUD: bad})
    with pytest.raises(SystemExit):
        main(["serve", "--read-aloud=yes"])


def _server_that_ignores_ctrl_c() -> subprocess.Popen[bytes]:
    """A stand-in for a Voila busy shutting its kernels down: it ignores SIGINT (SIGTERM stops it)."""
    code = ("import signal, time\nsignal.signal(signal.SIGINT, signal.SIG_IGN)\n"
            "print('up', flush=True)\ntime.sleep(600)")
    p = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE)
    assert p.stdout is not None and p.stdout.readline() == b"up\n"
    return p


def test_the_servers_stop_together_within_the_grace_time() -> None:
    """Two servers that do not stop on Ctrl-C are stopped in one grace time plus a second, not one
    grace time each (the old way: 10 s apiece, over 20 s for a busy class); one that stops at once
    is not waited for."""
    stubborn = [_server_that_ignores_ctrl_c(), _server_that_ignores_ctrl_c()]
    t0 = time.monotonic()
    serve.stop_servers(stubborn, grace=2.0)
    took = time.monotonic() - t0
    assert all(p.poll() is not None for p in stubborn)
    assert 2.0 <= took < 3.9, took
    quick = subprocess.Popen([sys.executable, "-c", "import time\ntime.sleep(600)"])
    time.sleep(0.5)                                     # (its KeyboardInterrupt ends it at once)
    t0 = time.monotonic()
    serve.stop_servers([quick], grace=5.0)
    assert quick.returncode not in (None, 0) and time.monotonic() - t0 < 2.0
