"""The offline classroom site: keys pressed on the table stay on the table (issue 30).

The classroom page is the REPL app with its prompt hidden; a key that got past the table could
run or scroll that console, or scroll and navigate the page.  The table is opened as a teacher's
page opens it (the code the classroom pages run), in a fresh offline browser context, on a page
short enough to scroll.
"""
from __future__ import annotations

from typing import Any

import pytest
from lite_page import open_site_table
from table_driver import keys_stay_on_the_page

pytestmark = pytest.mark.browser


def test_keys_stay_on_the_site_table(offline: Any, site_server: str) -> None:
    table = open_site_table(offline(), site_server, 1366, 500)
    page = table.page
    outputs = page.locator(".jp-OutputArea-output").count()
    keys_stay_on_the_page(table)
    # the console ran nothing more (Shift+Enter, Ctrl+Enter) and kept its one table
    assert page.locator(".jp-OutputArea-output").count() == outputs
    assert page.locator("[data-war-table]").count() == 1
