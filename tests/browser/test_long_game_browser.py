"""A long game in JupyterLab (issue 30 item 2): no long task while the table autoplays at "fast",
the chart's update costing the same at round 5 and round 5,000, page elements and memory flat.

One table plays a bicycle game that never ends (the won cards go under the pile in the order
played, so the deal comes round again; the seed is found by the engine). The page is measured
over 30 s of fast autoplay from the deal, then the kernel plays the same game on to round 5,000
(the browser is told once, as a cut), and the page is measured over 30 s of fast autoplay again.

What is measured, and how (the DevTools Performance panel's own sources):
- long tasks: ``PerformanceObserver('longtask')`` (wall clock, > 50 ms), and from Chrome's trace
  the main thread's CPU time of every task that runs our code (a task that holds a ``war:``
  user-timing measure: the table's animation frame, ``war:frame``, and its chart update,
  ``war:chart``, or ``war:chart-whole`` for a whole redraw; long_task_trace.py). Seven helpers
  share two cores here (load average 5-15), which stretches wall time about two to four times
  and CPU time hardly: the CPU time is asserted always, without the garbage collector's pauses
  in the task (named so in the trace; a major GC's pause, 11-15 ms on a calm machine, took
  40-63 ms of the main thread's CPU at load 15, its helper threads starved), which are bounded
  apart; the wall clock's long-task count is asserted when the machine is idle (1-minute load
  average under 1.5, the issue's "on an idle machine"),
  and both are printed;
- the chart's cost: the ``war:chart`` measures, medians at round 5-100 and at round 5,000+;
- page elements: CDP ``Performance.getMetrics`` ``Nodes`` and the chart's own elements, after a
  forced GC; the JS heap: ``JSHeapUsedSize`` after a forced GC; the renderer's resident memory.
"""
from __future__ import annotations

import importlib.util
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from long_task_trace import assert_no_long_task, task_cpu
from table_driver import Table, never_ending_code, wait_until

# the helpers of this folder's conftest.py (servers), loaded by path: tests/ has no packages
if "war_browser_helpers" not in sys.modules:
    _spec = importlib.util.spec_from_file_location("war_browser_helpers", Path(__file__).with_name("conftest.py"))
    assert _spec is not None and _spec.loader is not None
    sys.modules["war_browser_helpers"] = importlib.util.module_from_spec(_spec)
    _spec.loader.exec_module(sys.modules["war_browser_helpers"])
_helpers = sys.modules["war_browser_helpers"]
ARTIFACTS, free_port, isolated_env = _helpers.ARTIFACTS, _helpers.free_port, _helpers.isolated_env
start_server, stop_server = _helpers.start_server, _helpers.stop_server

pytestmark = pytest.mark.browser

FAR = 5_000          # the round the kernel plays on to
WINDOW_S = 30.0      # seconds of fast autoplay measured, each time
IDLE_LOAD = 1.5      # 1-minute load average (two cores) under which wall-clock long tasks are asserted
# page elements: the table adds none a round (its log keeps 40 lines, its chart a bounded number of
# points); what may change elsewhere between the two readings is JupyterLab's own (the kernel
# indicator, a cell's run count and its prompt: a few dozen elements), so 300 is room for that
# and catches the old chart's 2 elements a round (10,000 by round 5,000) many times over
NODES_TOLERANCE = 300
# the JS heap after a forced GC: the game's 5,000 rounds are held once in the widget's state
# (about 0.1 MB of numbers); 8 MB is room for JupyterLab's caches and catches a view that keeps
# something per round (a beat is about 2 KB: 5,000 of them are 10 MB)
HEAP_TOLERANCE_MB = 8.0

# installed before the page's own scripts: long tasks, frames and the table's measures, all kept
PRELOAD = """
window.__war = {longtasks: [], frames: [], measures: []};
new PerformanceObserver((l) => { for (const e of l.getEntries())
    window.__war.longtasks.push([e.startTime, e.duration]); }).observe({type: 'longtask', buffered: true});
new PerformanceObserver((l) => { for (const e of l.getEntries())
    if (e.name.startsWith('war:')) window.__war.measures.push([e.name, e.startTime, e.duration]); })
    .observe({type: 'measure', buffered: true});
(function frame(t) { const f = window.__war.frames; f.push(t); if (f.length > 100000) f.splice(0, 50000);
                     requestAnimationFrame(frame); })(0);
"""


def _notebook(root: Path) -> Path:
    cells = [f"from war_widget import WarWidget\nw = WarWidget('bicycle', code={never_ending_code(FAR + 400)!r}, "
             "speed='fast', records=False)\nw",
             # the same game played on by the kernel, told to the browser once (one sync, a cut)
             f"with w.hold_sync():\n    while w.session.game.round_number < {FAR}:\n        w.session.flip()"]
    nb = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"c{i}", "metadata": {}, "outputs": [],
                     "source": c} for i, c in enumerate(cells)],
          "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
          "nbformat": 4, "nbformat_minor": 5}
    path = root / "long.ipynb"
    path.write_text(json.dumps(nb))
    return path


def _renderer_rss_mb() -> float:
    """Resident memory of this test's Chromium renderers (the page's process), in MB."""
    import psutil  # a dependency of ipykernel

    total = 0
    for p in psutil.Process().children(recursive=True):
        try:
            if "--type=renderer" in " ".join(p.cmdline()):
                total += p.memory_info().rss
        except psutil.Error:
            continue
    return round(total / 1e6, 1)


def _metrics(table: Table, cdp: Any) -> dict[str, Any]:
    for _ in range(3):   # (one GC leaves some detached nodes and garbage for the next)
        cdp.send("HeapProfiler.collectGarbage")
    table.page.wait_for_timeout(500)
    m = {x["name"]: x["value"] for x in cdp.send("Performance.getMetrics")["metrics"]}
    page = table.root.evaluate("""r => { const tags = {};
        for (const e of document.getElementsByTagName('*')) tags[e.tagName] = (tags[e.tagName] || 0) + 1;
        const c = r.querySelector('.wt-chart');
        return {elements: document.getElementsByTagName('*').length, table: r.getElementsByTagName('*').length,
                chart: c.getElementsByTagName('*').length, tags,
                points: c.data ? c.data.reduce((n, t) => n + t.x.length, 0) : 0,
                // the dots Plotly drew for the seats' dot traces (after the lines, before the wars)
                dots: c.data ? Array.from(c.querySelectorAll('.scatterlayer .trace'))
                  .filter((_, i) => c.data[i] && c.data[i].mode === 'markers' && c.data[i].showlegend === false)
                  .reduce((n, t) => n + t.querySelectorAll('.points path').length, 0) : -1}; }""")
    return {"round": int(table.data("round")), "nodes": int(m["Nodes"]), "heap_mb": round(m["JSHeapUsedSize"] / 1e6, 2),
            "elements": page["elements"], "table_elements": page["table"], "chart_elements": page["chart"],
            "chart_points": page["points"], "dots_drawn": page["dots"], "renderer_mb": _renderer_rss_mb(),
            "tags": page["tags"]}


def _autoplay_window(table: Table, name: str) -> dict[str, Any]:
    """``WINDOW_S`` seconds of fast autoplay, traced; what the page did meanwhile."""
    page = table.page
    table.control("autoplay").click()
    wait_until(lambda: table.control("autoplay").get_attribute("aria-pressed") == "true", 20, "Autoplay on")
    wait_until(lambda: table.data("idle") != "1", 20, "autoplay to start playing")
    trace = ARTIFACTS / f"long-game-{name}.trace.json"   # (open it in the DevTools Performance panel)
    page.context.browser.start_tracing(page=page, path=str(trace), categories=[
        "toplevel", "disabled-by-default-devtools.timeline", "devtools.timeline", "blink.user_timing"])
    load = os.getloadavg()[0]
    r0, t0 = int(table.data("round")), page.evaluate("() => performance.now()")
    time.sleep(WINDOW_S)
    t1, r1 = page.evaluate("() => performance.now()"), int(table.data("round"))
    page.context.browser.stop_tracing()
    load = max(load, os.getloadavg()[0])
    table.control("autoplay").click()
    wait_until(lambda: table.control("autoplay").get_attribute("aria-pressed") == "false", 20, "Autoplay off")
    wait_until(lambda: table.data("idle") == "1", 30, "the table at rest")
    seen = page.evaluate("([t0, t1]) => ({longtasks: window.__war.longtasks.filter(([s]) => s >= t0 && s <= t1)"
                         ".map(([, d]) => d), frames: window.__war.frames.filter((t) => t >= t0 && t <= t1),"
                         " measures: window.__war.measures.filter(([, s]) => s >= t0 && s <= t1)})", [t0, t1])
    gaps = sorted(b - a for a, b in zip(seen["frames"], seen["frames"][1:], strict=False))
    chart = [d for n, _s, d in seen["measures"] if n == "war:chart"]
    whole = [d for n, _s, d in seen["measures"] if n == "war:chart-whole"]
    frames = [d for n, _s, d in seen["measures"] if n == "war:frame"]
    out = {"rounds": [r0, r1], "seconds": round((t1 - t0) / 1000, 1), "load": round(load, 2),
           "long_tasks": len(seen["longtasks"]), "long_task_max_ms": round(max(seen["longtasks"], default=0)),
           "frames": len(seen["frames"]), "frame_p95_ms": round(gaps[int(len(gaps) * 0.95)]) if gaps else None,
           "chart_updates": len(chart), "chart_median_ms": round(statistics.median(chart), 1) if chart else None,
           "chart_max_ms": round(max(chart, default=0), 1), "chart_whole": len(whole),
           "frame_median_ms": round(statistics.median(frames), 1) if frames else None,
           "frame_max_ms": round(max(frames, default=0), 1),
           **task_cpu(trace, page.evaluate("() => (document.querySelector('script[data-war-plotly]') || {}).src")),
           "trace": trace.name}
    return out


@pytest.fixture(scope="module")
def long_game(chromium, tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """The scenario, run once: its figures (also written to artifacts/long-game.json)."""
    root = tmp_path_factory.mktemp("long-game")
    notebook = _notebook(root)
    env = isolated_env(root)
    port = free_port()
    argv = [sys.executable, "-m", "jupyterlab", "--allow-root", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
            "--ServerApp.port_retries=0", "--IdentityProvider.token=", "--ServerApp.password=",
            "--ServerApp.disable_check_xsrf=True", f"--ServerApp.root_dir={root}",
            "--LabApp.expose_app_in_browser=True"]
    server = start_server("long-game-lab", argv, env, root, f"http://127.0.0.1:{port}", "/lab")
    context = chromium.new_context(viewport={"width": 1920, "height": 1080})
    context.add_init_script(PRELOAD)
    page = context.new_page()
    page.set_default_timeout(30_000)
    console: list[str] = []
    page.on("console", lambda m: console.append(f"[{m.type}] {m.text}"))
    page.on("pageerror", lambda e: console.append(f"[pageerror] {e}"))
    try:
        page.goto(f"{server.url}/lab/tree/{notebook.name}?reset", wait_until="domcontentloaded", timeout=90_000)
        page.wait_for_function("() => window.jupyterapp?.shell?.currentWidget?.sessionContext?.session?.kernel"
                               "?.status === 'idle'", timeout=120_000)
        run_cell = ("(i) => { const p = window.jupyterapp.shell.currentWidget; p.content.activeCellIndex = i;"
                    " return window.jupyterapp.commands.execute('notebook:run-cell'); }")
        page.evaluate(run_cell, 0)
        root_el = page.locator("[data-war-table]")
        wait_until(lambda: root_el.count() == 1 and root_el.get_attribute("data-round") == "0", 120, "the table")
        table = Table(page, root_el, "lab-long")
        wait_until(lambda: int(table.data("chart-points") or 0) > 0, 60, "the chart drawn")
        cdp = context.new_cdp_session(page)
        cdp.send("Performance.enable")
        figures: dict[str, Any] = {"start": _metrics(table, cdp)}
        figures["early"] = _autoplay_window(table, "early")
        figures["after_early"] = _metrics(table, cdp)
        page.evaluate(run_cell, 1)
        wait_until(lambda: int(table.data("round")) >= FAR and table.data("idle") == "1", 600,
                   f"the kernel's game at round {FAR}")
        page.wait_for_timeout(2000)
        figures["far"] = _metrics(table, cdp)
        figures["late"] = _autoplay_window(table, "late")
        figures["after_late"] = _metrics(table, cdp)
        figures["errors"] = [c for c in console if c.startswith(("[error]", "[pageerror]"))]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        (ARTIFACTS / "long-game.json").write_text(json.dumps(figures, indent=1))
        short = {k: {kk: vv for kk, vv in v.items() if kk != "tags"} if isinstance(v, dict) else v
                 for k, v in figures.items()}
        print("\nlong game in JupyterLab:", json.dumps(short))
        yield figures
    finally:
        (ARTIFACTS / "long-game-console.txt").write_text("\n".join(console))
        context.close()
        stop_server(server)


def test_fast_autoplay_has_no_long_task(long_game: dict[str, Any]) -> None:
    """30 s of fast autoplay at round 5 and at round 5,000: the tasks that run the table's code are
    each under 50 ms of main-thread CPU besides a major GC's pauses (``assert_no_long_task``); on
    an idle machine no task of the page over 50 ms of wall time (the PerformanceObserver's long
    tasks)."""
    for when in ("early", "late"):
        w = long_game[when]
        assert w["rounds"][1] - w["rounds"][0] >= 10, (when, "autoplay hardly played", w)
        assert_no_long_task(w, when, WINDOW_S)
        # the chart moves its lines, never draws itself whole, while autoplay plays: not as the
        # round axis grows (40 -> 100 -> 200), nor as the dots give way to the line (round 80)
        assert w["chart_whole"] == 0, (when, "the chart was drawn whole during autoplay", w)
        if w["load"] < IDLE_LOAD:
            assert w["long_tasks"] == 0, (when, "a long task on an idle machine", w)
    assert not long_game["errors"], long_game["errors"]


def test_the_chart_costs_the_same_and_the_page_stays_flat_over_a_long_game(long_game: dict[str, Any]) -> None:
    """The chart's update at round 5,000 costs what it costs at round 5 (medians, same run, same
    machine); the page's elements, the chart's and the JS heap are where they were at round 50."""
    early, late = long_game["early"], long_game["late"]
    assert early["chart_tasks"] > 0 and late["chart_tasks"] > 0, (early, late)
    assert late["chart_cpu_median_ms"] <= 1.5 * early["chart_cpu_median_ms"] + 5, (
        "the chart's update grew with the game", early["chart_cpu_median_ms"], late["chart_cpu_median_ms"])
    a, b = long_game["after_early"], long_game["after_late"]
    assert b["round"] >= FAR and a["round"] >= 20, (a, b)
    grew = {t: n - a["tags"].get(t, 0) for t, n in b["tags"].items() if n != a["tags"].get(t, 0)}
    # the table's own: its chart holds at most 120 war markers more than at round 136 (CHART_WARS_CAP)
    assert b["table_elements"] - a["table_elements"] <= NODES_TOLERANCE // 2, ("the table grew with the game", a, b)
    assert b["elements"] - a["elements"] <= NODES_TOLERANCE, ("page elements grew with the game", grew, a, b)
    # every node of the renderer (text nodes, other documents', detached ones not yet collected):
    # after the kernel ran a cell, JupyterLab's own grow while the kernel talks (+260 over 119
    # rounds of autoplay from round 5,000, +613 from round 149, with the page's elements and the
    # table's unchanged; without a cell run they stay within 150 over 275 rounds), so the bound
    # here is looser: 600 while autoplay plays, 1,000 over the game (the old chart: +10,500)
    far = long_game["far"]
    assert b["nodes"] - far["nodes"] <= 2 * NODES_TOLERANCE, ("the page's nodes grew while autoplay played", far, b)
    assert b["nodes"] - a["nodes"] <= 1000, ("the page's nodes grew with the game", grew, a, b)
    assert b["chart_elements"] - a["chart_elements"] <= NODES_TOLERANCE // 3, ("the chart grew with the game", a, b)
    assert b["heap_mb"] - a["heap_mb"] <= HEAP_TOLERANCE_MB, ("the JS heap grew with the game", a, b)


def test_the_dots_give_way_to_the_line(long_game: dict[str, Any]) -> None:
    """A dot a round while the chart holds up to 80 rounds, none drawn past that (the dots are a
    trace that Plotly.animate empties: a trace given no points at all kept its old dots drawn)."""
    start = long_game["start"]
    assert start["round"] == 0 and start["dots_drawn"] >= 1, ("the deal's point has its dots", start)
    for when in ("after_early", "far", "after_late"):
        m = long_game[when]
        assert m["round"] > 80, (when, m["round"])
        assert m["dots_drawn"] == 0, (when, "dots still drawn past round 80", m["dots_drawn"])
