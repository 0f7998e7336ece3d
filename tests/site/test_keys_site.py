"""The offline classroom site: keys pressed on the table stay on the table (issue 30).

The classroom page is the REPL app with its prompt hidden; a key that got past the table could
run or scroll that console, or scroll and navigate the page.  The table is opened as a teacher's
page opens it (the code the classroom pages run), in a fresh offline browser context, on a page
short enough to scroll.
"""
from __future__ import annotations

from typing import Any

import pytest
from lite_page import BOOT_TIMEOUT_MS, build_site
from table_driver import Table, keys_stay_on_the_page, wait_until

pytestmark = pytest.mark.browser

CODE = "from war_widget import WarWidget\nWarWidget(records=False)"


def test_keys_stay_on_the_site_table(offline: Any, site_server: str) -> None:
    page = offline().new_page()
    page.set_viewport_size({"width": 1366, "height": 500})
    page.goto(site_server + build_site.classroom_url(CODE))
    root = page.locator("[data-war-table]")
    root.wait_for(timeout=BOOT_TIMEOUT_MS)
    table = Table(page, root, "site")
    wait_until(lambda: table.data("round") == "0" and table.data("idle") == "1", 60, "site: the table at round 0")
    outputs = page.locator(".jp-OutputArea-output").count()
    keys_stay_on_the_page(table)
    # the console ran nothing more (Shift+Enter, Ctrl+Enter) and kept its one table
    assert page.locator(".jp-OutputArea-output").count() == outputs
    assert page.locator("[data-war-table]").count() == 1
