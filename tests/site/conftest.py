"""The classroom site, built once, served by a plain static file server, opened offline in Chromium.

``site_build`` runs tools/build_site.py into a temporary folder; ``site_server`` serves it with
``python -m http.server`` on 127.0.0.1 (stopped by its pid); ``offline_page`` opens headless Debian
Chromium with every request that is not to that address refused (Playwright's ``route``, and a
host resolver that knows no other host), recording what was refused and every console message.
A test fails if any request left the site or the console logged an error. Screenshots, console
logs and the measured sizes and times go to tests/site/artifacts/.
"""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from lite_page import ARTIFACTS, BOOT_TIMEOUT_MS, build_site, record_artifact

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run",
                 # no name resolves but the loopback one: a request to any other host cannot even start
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
_BUILT: list[Path] = []       # the site built in this run (then the run's figures are printed at the end)


@pytest.fixture(scope="session")
def site_build(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The site, built by the README's command into a fresh folder (downloads cached in site/.cache/)."""
    output = tmp_path_factory.mktemp("site") / "_site"
    (ARTIFACTS / "site.json").unlink(missing_ok=True)     # this run's figures only
    summary = build_site.build(output)
    _BUILT.append(output)
    record_artifact("site", {"bytes": summary["bytes"], "files": summary["files"], "build_seconds": summary["seconds"],
                             "packages": summary["packages"]})
    return summary


@pytest.fixture(scope="session")
def site_server(site_build: dict[str, Any]) -> Iterator[str]:
    """``python -m http.server`` serving the built site on 127.0.0.1; yields its base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    ARTIFACTS.mkdir(exist_ok=True)
    log = open(ARTIFACTS / "http_server.log", "w")  # noqa: SIM115 - closed below, after the server stops
    process = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                "--directory", str(site_build["output"])], stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}/"
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "index.html", timeout=2).close()
            break
        except OSError:
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                pytest.fail("the static server did not start: " + (ARTIFACTS / "http_server.log").read_text())
            time.sleep(0.1)
    try:
        yield base
    finally:
        process.terminate()
        process.wait(timeout=10)
        log.close()


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    """Headless Debian Chromium through Playwright (never a downloaded browser).  Module scope:
    Playwright's sync API keeps an asyncio loop running while it is open, so a session-wide one
    made every later test that runs an event loop (the widgets' autoplay) fail."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (the README's test command does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@dataclass
class Offline:
    """One browser context (its own cache and storage) where only the site's address answers."""

    base: str
    context: Any
    refused: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def allowed(self, url: str) -> bool:
        return url.startswith(self.base) or url.startswith(("data:", "blob:"))

    def new_page(self) -> Any:
        page = self.context.new_page()
        page.set_default_timeout(BOOT_TIMEOUT_MS)
        page.on("console", lambda m: self.console.append(f"{m.type}: {m.text}"))
        page.on("pageerror", lambda e: self.console.append(f"pageerror: {e}"))
        return page

    def errors(self) -> list[str]:
        return [m for m in self.console if m.startswith(("error:", "pageerror:"))]


@pytest.fixture
def offline(chromium: Any, site_server: str, request: pytest.FixtureRequest) -> Iterator[Callable[[], Offline]]:
    """Factory of offline contexts; after the test: nothing refused, no console error (logs kept)."""
    made: list[Offline] = []

    def make() -> Offline:
        context = chromium.new_context(viewport={"width": 1280, "height": 900})
        state = Offline(site_server, context)

        def route(r: Any) -> None:
            if state.allowed(r.request.url):
                r.continue_()
            else:
                state.refused.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        # requests that do not pass through route (a service worker's own fetches) are still seen here
        context.on("request", lambda r: None if state.allowed(r.url) else state.refused.append(r.url))
        made.append(state)
        return state

    yield make
    ARTIFACTS.mkdir(exist_ok=True)
    name = request.node.name
    (ARTIFACTS / f"{name}.console.txt").write_text("\n".join(m for s in made for m in s.console) + "\n")
    refused = sorted({u for s in made for u in s.refused})
    errors = [m for s in made for m in s.errors()]
    for state in made:
        state.context.close()
    assert not refused, f"requests left the site's address (refused): {refused}"
    assert not errors, "the browser console logged errors:\n" + "\n".join(errors)




def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The site's size and the times this run measured (tests/site/artifacts/site.json), in the output."""
    path = ARTIFACTS / "site.json"
    if not _BUILT or not path.exists():
        return
    data = json.loads(path.read_text())
    terminalreporter.write_line(
        f"classroom site: {data.get('bytes', 0) / 1e6:.1f} MB in {data.get('files')} files (built in "
        f"{data.get('build_seconds')} s); first table {data.get('classroom_seconds_to_first_table_cold')} s cold, "
        f"{data.get('classroom_seconds_to_first_table_warm')} s warm (one run each; medians: "
        "benchmarks/bench_site.py); lesson simulate() cell "
        f"{data.get('lesson_simulate_seconds')} s")
