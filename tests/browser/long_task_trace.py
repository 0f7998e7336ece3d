"""The page's main-thread tasks in a Chrome trace (the DevTools Performance panel's own source),
for the long-task tests of every front end (issue 30: no task over 50 ms while the table plays).

A task's CPU time is the renderer main thread's clock (``tdur``), which the machine's load hardly
stretches (its wall time it stretches two to four times on two shared cores). The table's tasks
are those that run its code: a ``war:`` user-timing measure (its animation frame, ``war:frame``,
its chart update, ``war:chart``, or ``war:chart-whole`` when drawn whole) or a function of its
module (the one that defines ``tick`` and ``frameWork``) or of its plotly.js.

The garbage collector's pauses are counted apart, by what the trace names them (V8's ``MajorGC``,
``MinorGC`` and ``V8.GC_*`` phases, Blink's ``BlinkGC.*`` / ``CppGC.*``): V8 runs them inside
whatever task happens to be running when the heap's budget is reached (JupyterLab's allocations
count there as much as ours), and under load its parallel helper threads get no core, so the main
thread does their share: a major GC's pause was 11-15 ms of CPU on a calm machine and 40-63 ms at
load 15. A task's *own* CPU is its CPU less a major GC's pause in it and less another script's
callbacks that the browser ran in the same frame (by their URL); the GC itself is reported (its
pauses, the major ones' count) and bounded on its own (its share of the time), so a table that
allocated enough to make the GC run all the time still fails.

What the tests assert is the issue's figure: no task of the table's takes 50 ms of its own CPU.
On a machine slower than this one (the CI machine ran the same tasks about 1.4-1.7 times as long,
at the same load 4.7-5.1 from the test's own browser, server and kernel) that still holds with
room: 30 s of fast autoplay here, at load 1-2.5, the table's longest own task 10.0-15.8 ms and its
95th percentile 3.8-5.5 ms in JupyterLab, Notebook 7, Voila, marimo and the static site. (Where CI
once found tasks of 52-72 ms, they held the test driver's own snapshot of each beat, pixels read
back from the canvas in the table's task: table_driver.py turns it off while a trace runs.)
``benchmarks/bench_autoplay_tasks.py`` measures the same window on an idle machine beside a
baseline of the same page drawing every new face in the frame that shows it.
"""
from __future__ import annotations

import bisect
import json
import os
import statistics
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

LONG_TASK_MS = 50.0
TASK_NAMES = ("RunTask", "ThreadControllerImpl::RunTask")
GC_PREFIXES = ("MajorGC", "MinorGC", "V8.GC_", "BlinkGC.", "CppGC.", "V8.GCScavenger", "V8.GCIncrementalMarking",
               "V8.GCFinalizeMC", "V8.GCCompactor")


def is_gc(name: str) -> bool:
    """Whether a trace event is a garbage collector's work (by its name)."""
    return name.startswith(GC_PREFIXES)


def load_events(trace_path: Path) -> list[dict[str, Any]]:
    data = json.loads(trace_path.read_text())
    events: list[dict[str, Any]] = data["traceEvents"] if isinstance(data, dict) else data
    return events


def _pct(values: list[float], q: float) -> float:
    return round(values[min(len(values) - 1, int(len(values) * q))], 2) if values else 0.0


def task_cpu(trace_path: Path, plotly_url: str | None = None) -> dict[str, Any]:
    """The main thread's tasks in the trace at ``trace_path``: those of the table (see the module's
    docstring), the chart's among them (plotly.js), all of the page's; their CPU time with and
    without the GC's pauses in them; the commits' CPU (the frame's hand-over to the compositor,
    where a canvas drawn in software is rasterised)."""
    events = load_events(trace_path)
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events
             if e.get("ph") == "M" and e.get("name") == "thread_name"}
    main = {k for k, v in names.items() if v == "CrRendererMain"}
    # the page's main thread: the one that ran the table's frames (other renderers' are not the page)
    ticks = {(e.get("pid"), e.get("tid")) for e in events if e.get("name") == "FunctionCall"
             and ((e.get("args", {}).get("data", {}) or {}).get("functionName")) in ("tick", "frameWork")}
    main = (main & ticks) or main
    on_main = [e for e in events if (e.get("pid"), e.get("tid")) in main]
    tasks = sorted((e for e in on_main if e.get("ph") == "X" and e.get("name") in TASK_NAMES), key=lambda e: e["ts"])
    # nested tasks (RunTask inside ThreadControllerImpl::RunTask) are one task: keep the outermost
    outer: list[dict[str, Any]] = []
    for t in tasks:
        if outer and t["ts"] <= outer[-1]["ts"] + outer[-1].get("dur", 0) and t["tid"] == outer[-1]["tid"]:
            continue
        outer.append(t)
    tasks = outer
    starts = [t["ts"] for t in tasks]

    def task_of(ts: float) -> int | None:
        i = bisect.bisect_right(starts, ts) - 1
        return i if i >= 0 and ts <= tasks[i]["ts"] + tasks[i].get("dur", 0) else None

    calls = [(e["ts"], (e.get("args", {}).get("data", {}) or {})) for e in on_main if e.get("name") == "FunctionCall"]
    module = {d.get("url") for _ts, d in calls if d.get("functionName") in ("tick", "frameWork") and d.get("url")}
    ours: set[int] = set()
    chart: set[int] = set()
    for e in on_main:
        if str(e.get("name", "")).startswith("war:") and (i := task_of(e["ts"])) is not None:
            ours.add(i)
    for ts, d in calls:
        if (i := task_of(ts)) is not None and d.get("url") and d.get("url") in module | {plotly_url}:
            ours.add(i)
            if d.get("url") == plotly_url:
                chart.add(i)

    # the GC's pauses in each task: its outermost GC events (a phase inside a pause counts once)
    gc = [0.0] * len(tasks)
    major = [False] * len(tasks)
    gc_events = sorted((e for e in on_main if e.get("ph") == "X" and is_gc(str(e.get("name", "")))),
                       key=lambda e: e["ts"])
    end = -1.0
    for e in gc_events:
        if e["ts"] < end:
            continue      # inside the GC event before it
        end = e["ts"] + e.get("dur", 0)
        if (i := task_of(e["ts"])) is not None:
            gc[i] += float(e.get("tdur", e.get("dur", 0))) / 1000
            # a major GC: its pause, or its incremental marking's steps (the same collection)
            major[i] = major[i] or e["name"] in ("MajorGC", "V8.GC_MARK_COMPACTOR") or e["name"].startswith("V8.GC_MC_")

    # a frame's task runs every script's callbacks of that frame (ResizeObserver, scroll and
    # IntersectionObserver events, animation frames), each its own entry into JS named by its
    # script's URL: in a task of the table's frame (its ``tick``), the time of another script's
    # entries (JupyterLab's, Notebook's; less the GC pauses in them) is that script's
    ticks_in = {i for ts, d in calls if d.get("functionName") == "tick" and d.get("url") in module
                and (i := task_of(ts)) is not None}
    gc_spans = []
    end = -1.0
    for e in gc_events:
        if e["ts"] >= end:
            end = e["ts"] + e.get("dur", 0)
            gc_spans.append((e["ts"], end, float(e.get("tdur", e.get("dur", 0))) / 1000))
    other = [0.0] * len(tasks)
    end = -1.0
    for e in sorted((e for e in on_main if e.get("ph") == "X" and e.get("name") == "FunctionCall"),
                    key=lambda e: e["ts"]):
        if e["ts"] < end:
            continue      # inside the entry before it
        end = e["ts"] + e.get("dur", 0)
        url = (e.get("args", {}).get("data", {}) or {}).get("url")
        if url and url not in module | {plotly_url} and (i := task_of(e["ts"])) in ticks_in:
            inner = sum(c for a, b, c in gc_spans if a >= e["ts"] and b <= end)
            other[i] += max(0.0, float(e.get("tdur", e.get("dur", 0))) / 1000 - inner)

    def cpu(i: int) -> float:
        return float(tasks[i].get("tdur", tasks[i].get("dur", 0))) / 1000

    def own_cpu(i: int) -> float:
        """The task's CPU less a major GC's pause in it and other scripts' callbacks in its frame."""
        return max(0.0, cpu(i) - (gc[i] if major[i] else 0.0) - other[i])

    mine = sorted(cpu(i) for i in ours)
    own = sorted(own_cpu(i) for i in ours)
    charts = sorted(cpu(i) for i in chart)
    every = [cpu(i) for i in range(len(tasks))]
    over = [i for i in ours if cpu(i) >= LONG_TASK_MS]
    commits = sorted(float(e.get("tdur", e.get("dur", 0))) / 1000 for e in on_main
                     if e.get("ph") == "X" and e.get("name") == "Commit")
    worst = max(ours, key=cpu, default=None)
    return {"our_tasks": len(mine), "cpu_max_ms": round(max(mine, default=0), 1), "cpu_p95_ms": _pct(mine, 0.95),
            "own_cpu_max_ms": round(max(own, default=0), 1), "own_cpu_p95_ms": _pct(own, 0.95),
            "own_cpu_median_ms": _pct(own, 0.5), "own_long": sum(1 for c in own if c >= LONG_TASK_MS),
            "wall_max_ms": round(max((tasks[i].get("dur", 0) / 1000 for i in ours), default=0), 1),
            # our tasks of 50 ms of CPU or more, each: [its CPU, the GC's pauses in it, a major GC
            # ran, other scripts' callbacks in its frame]
            "over_50": [[round(cpu(i), 1), round(gc[i], 1), major[i], round(other[i], 1)] for i in sorted(over)][:20],
            "worst": None if worst is None else {"cpu_ms": round(cpu(worst), 1), "gc_ms": round(gc[worst], 1),
                                                 "other_scripts_ms": round(other[worst], 1)},
            "major_gcs": sum(1 for e in on_main if e.get("ph") == "X" and e.get("name") == "MajorGC"),
            "gc_cpu_ms": round(sum(gc), 1),
            "chart_tasks": len(charts), "chart_cpu_median_ms": round(statistics.median(charts), 1) if charts else None,
            "chart_cpu_max_ms": round(max(charts, default=0), 1),
            "commits": len(commits), "commit_median_ms": _pct(commits, 0.5), "commit_p95_ms": _pct(commits, 0.95),
            "commit_max_ms": round(max(commits, default=0), 1),
            # the chart's whole redraws (Plotly.react: its ``war:chart-whole`` measures)
            "chart_whole": sum(1 for e in on_main if e.get("ph") == "b" and e.get("name") == "war:chart-whole"),
            "page_tasks_cpu_over_50": sum(1 for c in every if c > LONG_TASK_MS),
            "page_cpu_max_ms": round(max(every, default=0), 1)}


def assert_no_long_task(w: dict[str, Any], when: str, seconds: float) -> None:
    """The assertions every front end's long-task test makes on ``task_cpu``'s figures (``w``; see
    the module's docstring): the table's tasks ran; none took 50 ms of its own CPU (its CPU less a
    major GC's pause, the one-off collection of the whole heap, and less other scripts' callbacks
    in the frame; a minor GC's pause is the table's); and the GC did not run all the time: its
    pauses on the main thread under a tenth of the window's time (0.15-0.62 s of 30 s here, 3 to 36
    major GCs; their count grows with the load, so it is only reported)."""
    assert w["our_tasks"] > 0, (when, "no task of the table's was traced", w)
    assert w["own_long"] == 0 and w["own_cpu_max_ms"] < LONG_TASK_MS, (
        when, f"{w['own_long']} of the table's {w['our_tasks']} tasks took 50 ms of CPU or more", w)
    assert w["gc_cpu_ms"] < 100 * seconds, (when, "the garbage collector ran all the time", w)


# what the DevTools Performance panel records: tasks, their functions, the GC, user timing
CATEGORIES = ["toplevel", "disabled-by-default-devtools.timeline", "devtools.timeline", "blink.user_timing"]


@contextmanager
def traced(page: Any, path: Path) -> Iterator[dict[str, Any]]:
    """Chrome's trace of ``page`` while the ``with`` body runs, written to ``path``; the dict it
    gives is filled, once the body is done, with ``task_cpu``'s figures, the seconds traced and
    the highest 1-minute load average seen."""
    browser = page.context.browser
    path.parent.mkdir(parents=True, exist_ok=True)
    figures: dict[str, Any] = {}
    load, t0 = os.getloadavg()[0], time.monotonic()
    browser.start_tracing(page=page, path=str(path), categories=CATEGORIES)
    try:
        yield figures
    finally:
        seconds = time.monotonic() - t0
        browser.stop_tracing()
    plotly = page.evaluate("() => (document.querySelector('script[data-war-plotly]') || {}).src || null")
    figures.update({"seconds": round(seconds, 1), "load": round(max(load, os.getloadavg()[0]), 2),
                    **task_cpu(path, plotly), "trace": path.name})
