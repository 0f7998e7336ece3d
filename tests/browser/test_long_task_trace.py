"""long_task_trace's verdicts on small made-up traces (no browser): one task of the table's taking
50 ms of CPU itself fails, also when it is one in 200 or a GC that is no major GC's ran in it; 49 ms
passes; one long only by a major GC's pause or another script's callbacks passes; a GC running all
the time fails."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from long_task_trace import assert_no_long_task, task_cpu

PID, TID = 7, 7
MODULE = "http://x/table.js"


def _trace(tmp_path: Path, tasks: list[tuple[float, float, list[tuple[str, float]]]]) -> Path:
    """A trace of the main thread's tasks: (start ms, CPU ms, [(a GC event's name, its CPU ms)]),
    each running the table's frame (``tick``); a name "script:<url>" is another script's callback
    in that frame instead."""
    ev: list[dict[str, Any]] = [{"ph": "M", "name": "thread_name", "pid": PID, "tid": TID,
                                 "args": {"name": "CrRendererMain"}}]
    for start, cpu, gcs in tasks:
        ts = start * 1000
        ev.append({"ph": "X", "name": "ThreadControllerImpl::RunTask", "pid": PID, "tid": TID, "ts": ts,
                   "dur": cpu * 1000 + 10, "tdur": cpu * 1000})
        ev.append({"ph": "X", "name": "FunctionCall", "pid": PID, "tid": TID, "ts": ts + 1, "dur": 5, "tdur": 5,
                   "args": {"data": {"functionName": "tick", "url": MODULE}}})
        at = ts + 10
        for name, gc in gcs:
            if name.startswith("script:"):
                ev.append({"ph": "X", "name": "FunctionCall", "pid": PID, "tid": TID, "ts": at, "dur": gc * 1000,
                           "tdur": gc * 1000, "args": {"data": {"functionName": "", "url": name[7:]}}})
                at += gc * 1000 + 1
                continue
            ev.append({"ph": "X", "name": name, "pid": PID, "tid": TID, "ts": at, "dur": gc * 1000, "tdur": gc * 1000})
            # a phase inside the pause counts once
            ev.append({"ph": "X", "name": "V8.GC_MC_MARK", "pid": PID, "tid": TID, "ts": at + 1, "dur": 5, "tdur": 5})
            at += gc * 1000 + 1
    path = tmp_path / "t.json"
    path.write_text(json.dumps({"traceEvents": ev}))
    return path


def _verdict(tmp_path: Path, tasks: list[tuple[float, float, list[tuple[str, float]]]]) -> dict[str, Any]:
    w = task_cpu(_trace(tmp_path, tasks))
    assert_no_long_task(w, "made up", 30.0)
    return w


def test_short_tasks_pass_and_a_major_gcs_pause_is_not_the_tables(tmp_path: Path) -> None:
    w = _verdict(tmp_path, [(0, 12, []), (100, 63, [("MajorGC", 28), ("V8.GC_HEAP_EMBEDDER_TRACING_EPILOGUE", 13)])])
    assert w["our_tasks"] == 2 and w["cpu_max_ms"] == 63 and w["own_cpu_max_ms"] == 22
    assert w["over_50"] == [[63.0, 41.0, True, 0.0]] and w["major_gcs"] == 1


def test_another_scripts_callback_in_the_tables_frame_is_not_the_tables(tmp_path: Path) -> None:
    w = _verdict(tmp_path, [(0, 57, [("script:http://x/notebook.js", 34), ("MinorGC", 1.5)])])
    assert w["own_cpu_max_ms"] == 23.0 and w["over_50"] == [[57.0, 1.5, False, 34.0]]


def test_tasks_just_under_50_ms_pass(tmp_path: Path) -> None:
    w = _verdict(tmp_path, [(i * 100, 49 if i == 7 else 12, []) for i in range(200)])
    assert w["own_long"] == 0 and w["own_cpu_max_ms"] == 49 and w["own_cpu_p95_ms"] == 12


Tasks = list[tuple[float, float, list[tuple[str, float]]]]


@pytest.mark.parametrize(("tasks", "why"), [
    ([(0, 12, []), (100, 55, [])], "took 50 ms of CPU"),                      # the table's own 55 ms
    ([(0, 80, [("MajorGC", 20)])], "took 50 ms of CPU"),                      # 60 of its own besides a major GC
    ([(0, 52, [("MinorGC", 5)])], "took 50 ms of CPU"),                       # over 50 with a scavenge only
    ([(i * 100, 55 if i == 7 else 12, []) for i in range(200)], "1 of the table's 200"),   # one in 200
    ([(0, 90, [("script:http://x/notebook.js", 34)])], "took 50 ms of CPU"),  # 56 of its own besides
    ([(i * 100, 40, [("MajorGC", 35)]) for i in range(90)], "all the time"),  # GC pauses 3.2 s of 30 s
])
def test_a_long_task_of_the_tables_fails(tmp_path: Path, tasks: Tasks, why: str) -> None:
    with pytest.raises(AssertionError, match=why):
        _verdict(tmp_path, tasks)
