"""The classroom page on its own bridge (site/bridge): the table alone, answering Flip, offline.

The page is Pyodide with war_widget's and traitlets' wheels, the package's widget on
site/bridge/page_model.py and table.js on bridge.js's model; no JupyterLite.  A child opens it,
the table appears, the child presses Flip at once: round 1, its cards on the felt and its
sentence are the ones the same game plays here in CPython (views/component/play.py).  Nothing is
asked of another address (conftest's ``offline``: Playwright's route refuses it), nothing of
JupyterLite's (the lessons' app), and the console logs no error.
"""
from __future__ import annotations

import time
from typing import Any
from urllib.parse import urlsplit

import pytest
from lite_page import ARTIFACTS, BOOT_TIMEOUT_MS, build_site, record_artifact

from war_widget.views.component.play import TablePlay

pytestmark = pytest.mark.browser

TABLE = "[data-war-table] canvas"

#: the files of the site only the lessons' JupyterLite loads: the child's page asks for none
JUPYTERLITE = ("build/", "extensions/", "api/", "lab/", "repl/", "service-worker")


def fetched_paths(page: Any, base: str) -> list[str]:
    """The site's paths the page asked for (its resource timing entries)."""
    urls = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    return [urlsplit(u).path.lstrip("/") for u in urls if u.startswith(base)]


def flip_at_once(page: Any, lang: str, url: str, base: str) -> dict[str, Any]:
    """Open ``url``, wait for the table, press Flip as soon as it is at rest; what the page shows."""
    started = time.perf_counter()
    page.goto(url)
    page.wait_for_selector(TABLE, state="visible", timeout=BOOT_TIMEOUT_MS)
    page.wait_for_function("() => document.querySelector('[data-role=counts]')?.innerText.trim().length > 0")
    seconds = time.perf_counter() - started
    page.wait_for_function("() => document.querySelector('[data-war-table]').dataset.idle === '1'")
    code = page.locator("[data-action=code]").input_value()
    here = TablePlay("classic", code=code, lang=lang)
    expected = here.flip()[-1]
    before = page.eval_on_selector(TABLE, "(c) => c.toDataURL()")
    assert page.locator("[data-war-table]").get_attribute("data-table-cards") == "0"
    page.locator("[data-action=flip]").click()
    # the round's cards on the felt (the flip beat), then round 1's line
    page.wait_for_function("() => Number(document.querySelector('[data-war-table]').dataset.tableCards) >= 2",
                           timeout=30_000)
    page.wait_for_function(
        "(want) => document.querySelector('[data-role=round]')?.innerText.trim() === want",
        arg=expected["round_text"], timeout=30_000)
    page.wait_for_function("() => document.querySelector('[data-war-table]').dataset.idle === '1'")
    return {"seconds": seconds, "code": code, "expected": expected, "here": here, "before": before,
            "after": page.eval_on_selector(TABLE, "(c) => c.toDataURL()"),
            "sentence": page.locator("[data-role=sentence]").inner_text().strip(),
            "counts": page.evaluate("document.querySelector('[data-war-table]').dataset.counts"),
            "paths": fetched_paths(page, base)}


def test_a_child_opens_the_page_and_flips_at_once(offline: Any, site_server: str) -> None:
    state = offline()
    page = state.new_page()
    shown = flip_at_once(page, "en", site_server + "classroom.html", site_server)
    expected = shown["expected"]
    assert shown["sentence"] == expected["say"]                     # the engine's round 1, in words
    assert shown["counts"] == ",".join(map(str, shown["here"].game.counts))
    assert shown["after"] != shown["before"], "Flip did not change the table's picture"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("[class*=jp-]").count() == 0
    # what the page loaded: the Pyodide core, the two wheels and the bridge's files; no JupyterLite
    paths = shown["paths"]
    assert not [p for p in paths if p.startswith(JUPYTERLITE)], paths
    wheels = sorted(p.rsplit("/", 1)[-1] for p in paths if p.endswith(".whl"))
    assert [w.split("-")[0] for w in wheels] == ["traitlets", "war_widget"], wheels
    assert {"static/pyodide/pyodide.asm.wasm", "bridge/table.js", "bridge/page_model.py"} <= set(paths)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "classroom_page_first_flip.png"))
    record_artifact("site", {"classroom_page_seconds_to_first_table": round(shown["seconds"], 1)})


def test_the_japanese_page_is_marked_japanese_and_plays(offline: Any, site_server: str) -> None:
    state = offline()
    page = state.new_page()
    page.goto(site_server + "classroom_ja.html", wait_until="domcontentloaded")
    assert page.evaluate("document.documentElement.lang") == "ja"       # before Python, too
    assert page.locator(".war-loading").inner_text().strip() == build_site.CLASSROOM_PAGES[1].loading
    shown = flip_at_once(page, "ja", site_server + "classroom_ja.html", site_server)
    assert page.evaluate("document.documentElement.lang") == "ja"
    assert page.locator("[data-war-table]").get_attribute("lang") == "ja"
    assert shown["sentence"] == shown["expected"]["say"]
    assert any("\u3040" <= ch <= "\u30ff" for ch in shown["sentence"]), shown["sentence"]   # kana


def test_steal_war_and_casino_war_pages_play_on_the_bridge(offline: Any, site_server: str) -> None:
    """steal.html and casino.html: the same page, their own widget (``game_kind``) on the bridge;
    the first sentence is the one the widget says here, and the first action is answered."""
    from war_widget import CasinoWarWidget, StealWarWidget

    state = offline()
    page = state.new_page()
    page.goto(site_server + "casino.html")
    casino = page.locator("[data-casino-table]")
    page.wait_for_selector("[data-casino-table] canvas", state="visible", timeout=BOOT_TIMEOUT_MS)
    say = casino.locator("[data-role=sentence]")
    assert say.text_content() == CasinoWarWidget().status        # before a bet: the same words for any deal
    casino.locator("[data-action=chip10]").click()
    casino.locator("[data-action=deal]").click()
    page.wait_for_function("() => document.querySelector('[data-casino-table]').dataset.hand === '1'",
                           timeout=30_000)
    assert say.text_content() != CasinoWarWidget().status

    page.goto(site_server + "steal.html")
    page.wait_for_selector("[data-steal-table] canvas", state="visible", timeout=BOOT_TIMEOUT_MS)
    steal = page.locator("[data-steal-table]")
    said = steal.locator("[data-role=sentence]")
    first = StealWarWidget()
    # the first line is the widget's own (whose turn, what to press: the same words for any deal)
    page.wait_for_function("(want) => document.querySelector('[data-steal-table] [data-role=sentence]')"
                           "?.textContent === want", arg=first.status, timeout=30_000)
    shown = said.text_content() or ""
    assert shown == first.status and "Flip" in shown, shown
    beat = steal.get_attribute("data-beat")
    page.wait_for_function("() => !document.querySelector('[data-steal-table] [data-action=flip]').disabled",
                           timeout=30_000)
    steal.locator("[data-action=flip]").click()
    page.wait_for_function("(b) => document.querySelector('[data-steal-table]').dataset.beat !== b", arg=beat,
                           timeout=30_000)
    assert said.text_content() and said.text_content() != shown
