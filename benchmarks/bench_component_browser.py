"""Time to the first table and the first flip in real front ends (JupyterLab and Voila).

Plain script: ``python benchmarks/bench_component_browser.py`` (needs /usr/bin/chromium and
playwright, as the browser tests do).  Medians of 5:

* JupyterLab: from running the cell to the table drawn at round 0, and from pressing Flip to
  the first beat shown, for ``WarWidget(records=False)``; baseline: the bare table component
  (``TableComponent()``: no settings panel, no results) in the same run.
* Voila (``classroom/play.ipynb``: ``WarWidget()``): from opening the page to the table at
  round 0 (Voila starts a kernel and runs the notebook), and Flip to the first beat shown.
"""
from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import conftest as helpers  # noqa: E402
import pytest  # noqa: E402  (the test helpers report failures with pytest.fail)

RUNS = 5
WAR_WIDGET = "from war_widget import WarWidget\nWarWidget(records=False)"
COMPONENT = "from war_widget.views.component import TableComponent\nTableComponent()"


def _notebook(path: Path, source: str) -> None:
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": "c0", "metadata": {}, "outputs": [],
                     "source": source}],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(nb))


def _wait(page, js: str, timeout: float = 120.0) -> float:
    page.wait_for_function(js, timeout=timeout * 1000, polling="raf")
    return time.perf_counter()


def lab_times(browser, root: Path, name: str, source: str, ready_js: str, flip_js: str, shown_js: str
              ) -> tuple[list[float], list[float]]:
    nb = root / f"{name}.ipynb"
    _notebook(nb, source)
    env = helpers.isolated_env(root / name)
    env["PYTHONPATH"] = str(ROOT)
    port = helpers.free_port()
    argv = [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
            "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", "--LabApp.expose_app_in_browser=True",
            f"--ServerApp.root_dir={root}"]
    server = helpers.start_server(f"bench-lab-{name}", argv, env, root, f"http://127.0.0.1:{port}", "/lab")
    page = helpers.new_page(browser, f"bench-lab-{name}", viewport={"width": 1366, "height": 900})
    firsts, flips = [], []
    try:
        page.goto(f"{server.url}/lab/tree/{nb.name}?reset", wait_until="domcontentloaded", timeout=90_000)
        page.wait_for_function("() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session"
                               "?.kernel?.status === 'idle'", timeout=120_000)
        for _ in range(RUNS):
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:clear-all-cell-outputs')")
            page.wait_for_function("() => !document.querySelector('.jp-OutputArea-output')")
            start = time.perf_counter()
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            firsts.append(_wait(page, ready_js) - start)
            page.wait_for_timeout(500)
            start = time.perf_counter()
            page.evaluate(flip_js)
            flips.append(_wait(page, shown_js) - start)
    finally:
        helpers.close_page(page)
        helpers.stop_server(server)
    return firsts, flips


def voila_times(browser, root: Path) -> tuple[list[float], list[float]]:
    nb = root / "play.ipynb"
    nb.write_text((ROOT / "classroom" / "play.ipynb").read_text())
    env = helpers.isolated_env(root / "voila")
    env["PYTHONPATH"] = str(ROOT)
    port = helpers.free_port()
    argv = [sys.executable, "-m", "voila", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
            "--VoilaConfiguration.extension_denylist="
            '["@jupyter-notebook/lab-extension", "@jupyterlite/pyodide-kernel-extension"]', str(nb)]
    server = helpers.start_server("bench-voila", argv, env, root, f"http://127.0.0.1:{port}",
                                  "/voila/static/favicon.ico")
    firsts, flips = [], []
    try:
        for i in range(RUNS):
            page = helpers.new_page(browser, f"bench-voila-{i}", viewport={"width": 1366, "height": 900})
            start = time.perf_counter()
            page.goto(server.url + "/", wait_until="commit", timeout=90_000)
            firsts.append(_wait(page, "() => document.querySelector('[data-war-table][data-round=\"0\"]')") - start)
            start = time.perf_counter()
            page.locator("[data-war-table] [data-action=flip]").click()
            flips.append(_wait(page, "() => Number(document.querySelector('[data-war-table]').dataset.shown) > 1")
                         - start)
            helpers.close_page(page)
    finally:
        helpers.stop_server(server)
    return firsts, flips


def main() -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        root = Path(tmp)
        browser = p.chromium.launch(executable_path=helpers.CHROMIUM, args=helpers.CHROMIUM_ARGS, headless=True)
        try:
            ready = "() => document.querySelector('[data-war-table][data-round=\"0\"]')"
            flip = "() => document.querySelector('[data-war-table] [data-action=flip]').click()"
            shown = "() => Number(document.querySelector('[data-war-table]').dataset.shown) > 1"
            comp = lab_times(browser, root, "warwidget", WAR_WIDGET, ready, flip, shown)
            old = lab_times(browser, root, "component", COMPONENT, ready, flip, shown)
            voila = voila_times(browser, root)
        finally:
            browser.close()
    med = statistics.median
    print(f"Time to first table and first flip, medians of {RUNS} (s)")
    print(f"{'JupyterLab, run cell -> table (WarWidget)':<48}{med(comp[0]):7.2f} s | component {med(old[0]):6.2f} s"
          f" | x{med(comp[0]) / med(old[0]):5.2f}")
    print(f"{'JupyterLab, Flip -> first beat (WarWidget)':<48}{med(comp[1]):7.2f} s | component {med(old[1]):6.2f} s"
          f" | x{med(comp[1]) / med(old[1]):5.2f}")
    print(f"{'Voila classroom page, open -> table':<48}{med(voila[0]):7.2f} s")
    print(f"{'Voila classroom page, Flip -> first beat':<48}{med(voila[1]):7.2f} s")


if __name__ == "__main__":
    try:
        main()
    except pytest.fail.Exception as e:   # a server or page did not come up: say why
        sys.exit(f"bench_component_browser: {e}")
