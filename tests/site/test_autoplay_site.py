"""The offline classroom site: 30 s of fast autoplay with no long task (issue 30 item 2).

The same window the other front ends trace (tests/browser/test_component_browser.py and, in
JupyterLab, test_long_game_browser.py): a bicycle game that never ends typed into the game-number
box, 30 s of fast autoplay under Chrome's trace; the table's tasks (its frames, its chart) stay
short in main-thread CPU besides a major GC's pauses (long_task_trace.assert_no_long_task), and
the chart is never drawn whole.
Here the table's Python (the session, the engine) runs in Pyodide on the page's main thread
(site/bridge), so its tasks are in the same trace; their figures are printed with the table's.
"""
from __future__ import annotations

from typing import Any

import pytest
from lite_page import ARTIFACTS, open_site_table
from table_driver import fast_autoplay_pace

pytestmark = pytest.mark.browser


def test_fast_autoplay_on_the_site_has_no_long_task(offline: Any, site_server: str) -> None:
    table = open_site_table(offline(), site_server, 1366, 768)
    pace = fast_autoplay_pace(table, ARTIFACTS)
    print(f"fast autoplay on the site: {pace:.2f} rounds/s")
    assert table.data("round") == "0" and table.data("over") != "1"
