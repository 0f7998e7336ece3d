"""Real-browser fixtures: JupyterLab, Notebook 7, Voila and marimo on free ports, driven by headless
Debian Chromium.

Every server runs with its Jupyter, IPython and XDG directories under a temporary directory, so
no user setting, workspace, kernel spec or War records file on this machine changes what the
tests see.  ``serve`` starts one server for one module (stopped by its pid when the module's tests
are done, also when a test fails).  ``shared`` gives the servers several modules use alike (one
JupyterLab for every module that opens a notebook in Lab; one Voila serving the classroom page,
classroom/play.ipynb; one marimo app, classroom/app.py), started by the first module that asks
and stopped after the last browser test: each module opens its own notebook in a folder of its
own (``SharedServer.folder``) and shuts its kernels down when it is done (``end_kernels``), so
the next module finds the server as a fresh one, less its start-up (about 10 s at load 9, and
2-3 s to stop).
Screenshots, server logs and browser console messages go to tests/browser/artifacts/.
"""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
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


def served_env(root: Path) -> dict[str, str]:
    """``isolated_env(root)`` with this checkout first on PYTHONPATH: the servers' kernels import
    the war_widget under test, whichever copy is installed."""
    env = isolated_env(root)
    env["PYTHONPATH"] = str(REPO) + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return env


VOILA_DENYLIST = ('--VoilaConfiguration.extension_denylist='
                  '["@jupyter-notebook/lab-extension", "@jupyterlite/pyodide-kernel-extension"]')
# what each kind of server answers with 200 once it is up
READY = {"lab": "/lab", "notebook": "/tree", "voila": "/voila/static/favicon.ico", "marimo": "/"}


def server_argv(kind: str, port: int, root: Path, target: Path | None = None) -> list[str]:
    """The command line of a ``kind`` server on 127.0.0.1:``port``: "lab" (JupyterLab) and "notebook"
    (Notebook 7) on the folder ``root``, no token, no password, the app exposed to the page's
    scripts; "voila" on the notebook ``target`` (Notebook 7's and JupyterLite's lab extensions left
    out: they throw under Voila's JupyterLab); "marimo" running the app ``target``."""
    if kind in ("lab", "notebook"):
        app = "jupyterlab" if kind == "lab" else "notebook"
        expose = "--LabApp.expose_app_in_browser=True" if kind == "lab" else \
            "--JupyterNotebookApp.expose_app_in_browser=True"
        return [sys.executable, "-m", app, "--allow-root", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
                "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
                "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={root}", expose]
    if target is None:
        raise ValueError(f"a {kind} server needs the notebook or app it serves (target)")
    if kind == "voila":
        return [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
                VOILA_DENYLIST, str(target)]
    if kind == "marimo":
        return [sys.executable, "-m", "marimo", "run", "--headless", "--host", "127.0.0.1", "--port", str(port),
                str(target)]
    raise ValueError(f"unknown server kind {kind!r}: one of {sorted(READY)}")


def serve(kind: str, name: str, root: Path, target: Path | None = None) -> Server:
    """Start a ``kind`` server (see ``server_argv``) in ``root`` with ``served_env(root)``, its log in
    artifacts/<name>.log; returns once it answers.  Stop it with ``stop_server``."""
    port = free_port()
    return start_server(name, server_argv(kind, port, root, target), served_env(root), root,
                        f"http://127.0.0.1:{port}", READY[kind])


@dataclass
class SharedServer:
    """A server several modules use in turn (see ``shared``): ``url``, its ``root`` folder."""

    kind: str
    root: Path
    server: Server
    folders: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return self.server.url

    def log_tail(self, n: int = 40) -> str:
        return self.server.log_tail(n)

    def folder(self, name: str) -> Path:
        """A new empty folder of the server's root for one module's notebooks (open them at
        ``/lab/tree/<name>/...``); a name used twice gets a number."""
        base, n = name, 1
        while name in self.folders or (self.root / name).exists():
            n += 1
            name = f"{base}{n}"
        self.folders.append(name)
        (self.root / name).mkdir()
        return self.root / name

    def end_kernels(self) -> None:
        """Shut down every kernel of a Jupyter server (its sessions first), and wait until none is
        left: what a module started does not run on under the next one."""
        if self.kind not in ("lab", "notebook"):
            return
        api = self.url + "/api"

        def call(method: str, path: str) -> object:
            request = urllib.request.Request(api + path, method=method)
            with urllib.request.urlopen(request, timeout=30) as response:
                body = response.read()
            return json.loads(body) if body else None

        for session in call("GET", "/sessions") or []:   # type: ignore[union-attr]
            call("DELETE", f"/sessions/{session['id']}")
        for kernel in call("GET", "/kernels") or []:     # type: ignore[union-attr]
            call("DELETE", f"/kernels/{kernel['id']}")
        deadline = time.monotonic() + 30
        while call("GET", "/kernels"):
            if time.monotonic() > deadline:
                pytest.fail(f"{self.server.name}: kernels still running 30 s after their shutdown")
            time.sleep(0.2)


CLASSROOM = REPO / "classroom"
_SHARED: dict[str, SharedServer] = {}
_SHARED_ROOT: list[Path] = []


def shared(kind: str, tmp_path_factory: pytest.TempPathFactory) -> SharedServer:
    """The one server of ``kind`` the browser modules share, started at the first call:
    "lab" (JupyterLab on an empty root folder), "classroom-voila" (Voila serving a copy of
    classroom/play.ipynb, the page a teacher serves), "classroom-marimo" (``marimo run
    classroom/app.py``).  Stopped after the last browser test (``pytest_runtest_teardown``)."""
    running = _SHARED.get(kind)
    if running is not None and running.server.process.poll() is None:
        return running
    root = tmp_path_factory.mktemp(f"shared-{kind}")
    if kind == "lab":
        server = serve("lab", "lab-shared", root)
    elif kind == "classroom-voila":
        notebook = root / "play.ipynb"
        notebook.write_text((CLASSROOM / "play.ipynb").read_text(encoding="utf-8"), encoding="utf-8")
        server = serve("voila", "voila-classroom-shared", root, notebook)
    elif kind == "classroom-marimo":
        server = serve("marimo", "marimo-classroom-shared", root, CLASSROOM / "app.py")
    else:
        raise ValueError(f"unknown shared server {kind!r}: lab, classroom-voila or classroom-marimo")
    _SHARED[kind] = SharedServer(kind.split("-")[-1], root, server)
    return _SHARED[kind]


@pytest.fixture(scope="session")
def shared_server(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], SharedServer]:
    """``shared_server(kind)``: the shared server of ``kind`` (see ``shared``).  A fixture, so that
    every module reaches the one registry of this conftest (the modules load this file again by
    path for its helpers, which makes other copies of its globals)."""
    return lambda kind: shared(kind, tmp_path_factory)


def stop_shared() -> None:
    """Stop every shared server (each by its pid)."""
    while _SHARED:
        _, running = _SHARED.popitem()
        stop_server(running.server)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_teardown(item: pytest.Item, nextitem: pytest.Item | None):
    """After the last browser test (the next test is not in this folder), the shared servers stop:
    they do not idle under the rest of the suite."""
    yield
    here = Path(__file__).resolve().parent
    if nextitem is None or Path(nextitem.path).resolve().parent != here:
        stop_shared()


def pytest_sessionfinish(session: pytest.Session) -> None:
    stop_shared()


def open_notebook(page, url: str, run_all: bool = True, retry: bool = False) -> None:
    """Open a notebook in JupyterLab or Notebook 7 at ``url``, wait for its kernel to be idle and
    (``run_all``) run all its cells.  ``retry``: reload once when no kernel starts (Notebook 7
    itself sometimes fails to load the notebook it opens, "reading 'schema'" in notebook_core,
    seen once in four CI runs; a person reloads, so do we)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page.goto(url, wait_until="domcontentloaded", timeout=90_000)
    idle = "() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel?.status === 'idle'"
    try:
        page.wait_for_function(idle, timeout=60_000 if retry else 120_000)
    except PlaywrightTimeout:
        if not retry:
            raise
        page.reload(wait_until="domcontentloaded", timeout=90_000)
        page.wait_for_function(idle, timeout=120_000)
    if run_all:
        page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def notebook_json(cells: list[str]) -> str:
    """A Python 3 notebook of these code cells, unrun, as JSON text."""
    return json.dumps({"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {},
                                  "outputs": [], "source": c} for i, c in enumerate(cells)],
                       "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                                   "language": "python"}},
                       "nbformat": 4, "nbformat_minor": 5})


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
