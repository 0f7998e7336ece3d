"""Issue 28: two visitors of a marimo app (``marimo run classroom/app.py``, two browser contexts:
two fresh browsers) each keep their own record and game: the second is never offered the first's
game to resume, and nothing is written to the shared data folder.  (Before: every visitor of a
marimo app used the one records file of the OS user, and a fresh browser was offered another
visitor's game.)"""
from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("war_browser_helpers", Path(__file__).with_name("conftest.py"))
assert _spec is not None and _spec.loader is not None
_helpers = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("war_browser_helpers", _helpers)
_spec.loader.exec_module(_helpers)

from table_driver import Table, wait_until  # noqa: E402

pytestmark = pytest.mark.browser


def open_table(chromium, url: str, name: str) -> Table:
    page = _helpers.new_page(chromium, name, viewport={"width": 1280, "height": 1000})
    page.goto(url + "/", wait_until="domcontentloaded", timeout=90_000)
    root = page.locator("[data-war-table]")
    root.wait_for(timeout=120_000)
    table = Table(page, root, name)
    wait_until(lambda: table.data("round") == "0", 60, f"{name}: the table at round 0")
    return table


def test_two_visitors_of_a_marimo_app_keep_their_own(chromium, shared_server) -> None:
    server = shared_server("classroom-marimo")   # marimo run classroom/app.py, data folders under server.root
    pages = []
    try:
        first = open_table(chromium, server.url, "marimo-visitor-1")
        pages.append(first.page)
        for n in range(1, 4):
            first.act("flip")
            wait_until(lambda n=n: first.data("round") == str(n), 30, f"visitor 1 at round {n}")
        second = open_table(chromium, server.url, "marimo-visitor-2")
        pages.append(second.page)
        second.page.wait_for_timeout(1500)
        notice = second.root.locator("[data-role=notice]").inner_text()
        assert "game in progress was found" not in notice, notice
        resume = second.control("resume")
        assert resume.count() == 0 or not resume.first.is_visible()
        assert first.data("round") == "3" and second.data("round") == "0"
        shared = list((server.root / "xdg_data").rglob("records*"))
        assert shared == [], shared                      # nothing in the OS user's data folder
    finally:
        for page in pages:
            _helpers.close_page(page)
