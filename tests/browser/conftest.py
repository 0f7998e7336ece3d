"""Real-browser fixtures: JupyterLab and Voila on free ports, driven by headless Debian Chromium.

Every server runs with its Jupyter, IPython and XDG directories under a temporary directory, so
no user setting, workspace, kernel spec or War records file on this machine changes what the
tests see; each server is stopped by its pid when the tests of the module using it are done
(also when a test fails).
Screenshots, server logs and browser console messages go to tests/browser/artifacts/.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from table_driver import wait_until  # noqa: F401 - the browser tests' helpers take it from here

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
SERVER_START_TIMEOUT = 90.0  # s; JupyterLab starts in ~5 s here, more on a busy CI machine


def free_port() -> int:
    """A TCP port nobody listens on right now (the OS picks it)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Server:
    """A running server process: its base URL, pid and log file."""

    name: str
    url: str
    process: subprocess.Popen
    log: Path

    def log_tail(self, n: int = 40) -> str:
        lines = self.log.read_text(errors="replace").splitlines() if self.log.exists() else []
        return "\n".join(lines[-n:])


def isolated_env(root: Path) -> dict[str, str]:
    """Environment for a server and its kernels with every per-user directory under ``root``."""
    env = dict(os.environ)
    dirs = {
        "JUPYTER_CONFIG_DIR": root / "jupyter_config",
        "JUPYTER_DATA_DIR": root / "jupyter_data",
        "JUPYTER_RUNTIME_DIR": root / "jupyter_runtime",
        "IPYTHONDIR": root / "ipython",
        "XDG_DATA_HOME": root / "xdg_data",  # platformdirs: the widget's records file lands here
        "XDG_CONFIG_HOME": root / "xdg_config",
        "XDG_CACHE_HOME": root / "xdg_cache",
    }
    for key, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[key] = str(path)
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    # Lab settings for an unattended browser: no news pop-up, every cell rendered (no windowing).
    settings = root / "jupyter_config" / "lab" / "user-settings" / "@jupyterlab"
    for rel, data in {
        "apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false", "checkForUpdates": False},
        "notebook-extension/tracker.jupyterlab-settings": {"windowingMode": "none"},
    }.items():
        path = settings / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data))
    return env


def _http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status == 200
    except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
        return False


def start_server(name: str, argv: list[str], env: dict[str, str], cwd: Path, url: str, ready_path: str) -> Server:
    """Start ``argv`` in its own process group and poll ``url + ready_path`` until it answers 200."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log = ARTIFACTS / f"{name}.log"
    with open(log, "wb") as out:
        process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=out, stderr=subprocess.STDOUT,
                                   stdin=subprocess.DEVNULL, start_new_session=True)
    server = Server(name, url, process, log)
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while not _http_ok(url + ready_path):
        if process.poll() is not None:
            pytest.fail(f"{name} exited with status {process.returncode} before answering; log:\n{server.log_tail()}")
        if time.monotonic() > deadline:
            stop_server(server)
            pytest.fail(f"{name} did not answer {url + ready_path} within {SERVER_START_TIMEOUT:.0f} s; "
                        f"log:\n{server.log_tail()}")
        time.sleep(0.25)
    return server


def stop_server(server: Server) -> None:
    """SIGTERM the server by pid (it shuts its kernels down), then SIGKILL its group if it lingers."""
    process = server.process
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)


@pytest.fixture(scope="module")
def chromium() -> Iterator[object]:
    """Headless Debian Chromium under Playwright (never `playwright install`: no downloads here).

    Module-scoped on purpose: while Playwright's sync API is running, the main thread looks as
    if an asyncio loop were running, which breaks later tests that start their own loop."""
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"{CHROMIUM} not found: the browser tests need Debian's chromium "
                    "(apt-get install -y chromium fonts-noto-cjk)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail('playwright (Python) is not installed: pip install -e ".[test]"')
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def new_page(browser, name: str, **options):
    """A fresh page (1280x1000 unless ``options`` say otherwise: Playwright context options) whose
    console messages are saved to artifacts/<name>-console.txt."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(**{"viewport": {"width": 1280, "height": 1000}, **options})
    page = context.new_page()
    lines: list[str] = []
    page.on("console", lambda m: lines.append(f"[{m.type}] {m.text}"))
    def page_error(e) -> None:
        lines.append(f"[pageerror] {e}")
        lines.extend(f"[stack] {frame.strip()}" for frame in (e.stack or "").splitlines()[1:6])

    page.on("pageerror", page_error)
    page.set_default_timeout(30_000)
    page._war_console = lines  # type: ignore[attr-defined]
    page._war_name = name  # type: ignore[attr-defined]
    return page


def close_page(page) -> None:
    (ARTIFACTS / f"{page._war_name}-console.txt").write_text("\n".join(page._war_console))
    page.context.close()
