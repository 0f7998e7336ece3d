"""Read-aloud (issue 31, item 5) in Voila, in headless Chromium: the page's speechSynthesis is
replaced before the page loads (Playwright's add_init_script) by one that records each utterance,
so the test reads exactly what the table asked the browser to say, and in which language.

Two tables on one Voila page: a Japanese one made with ``read_aloud=True`` and an English one
left as it comes (off).  After Flip, the Japanese table's sentence is spoken once, in ja-JP; the
English table speaks nothing until its "Read aloud" button is pressed, then its next sentence in
en-US.
"""
from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

_spec = importlib.util.spec_from_file_location("war_browser_helpers", Path(__file__).with_name("conftest.py"))
assert _spec is not None and _spec.loader is not None
_helpers = importlib.util.module_from_spec(_spec)
sys.modules["war_browser_helpers"] = _helpers
_spec.loader.exec_module(_helpers)

from table_driver import wait_until  # noqa: E402

pytestmark = pytest.mark.browser

# a speechSynthesis that keeps what it is asked to say (Chromium's own would need a voice and a tap)
FAKE_SPEECH = """
(() => {
  const spoken = [];
  class FakeUtterance { constructor(text) { this.text = text; this.lang = ""; } }
  const synth = { speak(u) { spoken.push({ text: u.text, lang: u.lang }); }, cancel() {}, speaking: false };
  Object.defineProperty(window, "speechSynthesis", { value: synth, configurable: true });
  Object.defineProperty(window, "SpeechSynthesisUtterance", { value: FakeUtterance, configurable: true });
  window.__spoken = spoken;
})();
"""


@pytest.fixture(scope="module")
def voila_page(chromium, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    root = tmp_path_factory.mktemp("voila-read-aloud")
    cells = ["from war_widget import WarWidget\nWarWidget(lang='ja', read_aloud=True, records=False, speed='fast')",
             "WarWidget(records=False, speed='fast')"]
    notebook = root / "read_aloud.ipynb"
    notebook.write_text(_helpers.notebook_json(cells))
    server = _helpers.serve("voila", "voila-read-aloud", root, notebook)
    page = _helpers.new_page(chromium, "voila-read-aloud", viewport={"width": 1280, "height": 1000})
    try:
        page.add_init_script(FAKE_SPEECH)
        page.goto(server.url + "/", wait_until="commit", timeout=90_000)
        roots = page.locator("[data-war-table]")
        wait_until(lambda: roots.count() == 2 and all(roots.nth(i).get_attribute("data-round") == "0"
                                                      for i in range(2)), 180, "Voila: two tables at round 0")
        yield page
    finally:
        _helpers.close_page(page)
        _helpers.stop_server(server)


def _flip(page: Any, i: int) -> str:
    """Flip table ``i``; the sentence it shows once the flip's picture is complete."""
    root = page.locator("[data-war-table]").nth(i)
    before = root.get_attribute("data-shown")
    root.locator('button[data-action="flip"]').click()
    wait_until(lambda: root.get_attribute("data-shown") != before and root.get_attribute("data-idle") == "1", 60,
               f"table {i}: the flip shown")
    return str(root.locator('[data-role="sentence"]').text_content()).strip()


def test_each_sentence_is_read_once_in_the_tables_language_and_only_when_on(voila_page: Any) -> None:
    page = voila_page
    spoken = lambda: page.evaluate("() => window.__spoken.slice()")  # noqa: E731
    ja, en = page.locator("[data-war-table]").nth(0), page.locator("[data-war-table]").nth(1)
    assert ja.locator('button[data-action="read_aloud"]').get_attribute("aria-pressed") == "true"
    assert en.locator('button[data-action="read_aloud"]').get_attribute("aria-pressed") == "false"
    box = en.locator('button[data-action="read_aloud"]').bounding_box()
    assert box is not None and box["height"] >= 44, box           # a tap target for a child's finger
    assert en.locator('button[data-action="read_aloud"]').text_content() == "Read aloud"
    assert ja.locator('button[data-action="read_aloud"]').text_content() == "読み上げ"

    start = len(spoken())
    said_ja = _flip(page, 0)
    said_en = _flip(page, 1)                                      # off: nothing
    new = spoken()[start:]
    assert said_ja and said_en and said_ja != said_en
    assert [u for u in new if u["text"] == said_ja] == [{"text": said_ja, "lang": "ja-JP"}], new
    assert all(u["lang"] == "ja-JP" for u in new), new            # the English table, off, said nothing

    en.locator('button[data-action="read_aloud"]').click()
    wait_until(lambda: en.locator('button[data-action="read_aloud"]').get_attribute("aria-pressed") == "true", 10,
               "the English table's Read aloud on")
    start = len(spoken())
    said_en = _flip(page, 1)
    new = spoken()[start:]
    assert {"text": said_en, "lang": "en-US"} in new, new
    assert [u for u in new if u["text"] == said_en] == [{"text": said_en, "lang": "en-US"}], new
