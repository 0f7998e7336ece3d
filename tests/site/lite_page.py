"""Helpers of the site tests: where artifacts go, the REPL's address, reading its outputs."""
from __future__ import annotations

import json
import sys
import urllib.parse
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
BOOT_TIMEOUT_MS = 240_000  # the Pyodide kernel boots in ~15-45 s here (two shared cores), more on a busy machine

sys.path.insert(0, str(REPO / "tools"))
sys.path.insert(0, str(REPO / "tests" / "browser"))   # table_driver: the component driven as a person does
import build_site  # noqa: E402,F401  (re-exported for the tests)
from table_driver import Table, wait_until  # noqa: E402


def record_artifact(name: str, data: dict[str, Any]) -> None:
    """Merge ``data`` into tests/site/artifacts/NAME.json (sizes and times measured by the tests)."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    path.write_text(json.dumps({**old, **data}, indent=1, sort_keys=True) + "\n")


def repl_url(base: str, code: str) -> str:
    """The REPL app (jupyterlite-core's) running ``code`` at start, with the code input hidden."""
    query = urllib.parse.urlencode({"kernel": "python", "toolbar": "0", "showBanner": "0", "hideCodeInput": "1",
                                    "code": code})
    return f"{base}repl/index.html?{query}"


def outputs(page: Any) -> list[str]:
    """The text of every output in the REPL, oldest first."""
    return [el.inner_text() for el in page.query_selector_all(".jp-OutputArea-output")]


def wait_output(page: Any, marker: str, timeout_ms: int = BOOT_TIMEOUT_MS) -> str:
    """The first output containing ``marker`` (a Python traceback fails the test with its text)."""
    page.wait_for_function(
        """(marker) => [...document.querySelectorAll('.jp-OutputArea-output')].some(
               (el) => el.innerText.includes(marker) || el.innerText.includes('Traceback')
                       || el.innerText.includes('Error'))""",
        arg=marker, timeout=timeout_ms)
    texts = outputs(page)
    hits = [t for t in texts if marker in t]
    assert hits, "the kernel raised an error:\n" + "\n".join(texts)
    return hits[0]


TABLE_CODE = "from war_widget import WarWidget\nWarWidget(records=False)"


def open_site_table(browser_context: Any, site_server: str, width: int, height: int) -> Table:
    """A new page of ``browser_context`` at ``width`` x ``height`` on the classroom page running
    ``TABLE_CODE``; returns its table (table_driver's ``Table``) once it rests at round 0."""
    page = browser_context.new_page()
    page.set_viewport_size({"width": width, "height": height})
    page.goto(site_server + build_site.classroom_url(TABLE_CODE))
    root = page.locator("[data-war-table]")
    root.wait_for(timeout=BOOT_TIMEOUT_MS)
    table = Table(page, root, "site")
    wait_until(lambda: table.data("round") == "0" and table.data("idle") == "1", 60, "site: the table at round 0")
    return table
