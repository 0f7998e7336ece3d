"""Issue 21: simulate() where numpy is missing (the browser's Pyodide in the classroom site).

A fresh interpreter with numpy blocked (``sys.modules["numpy"] = None``: every ``import numpy``
raises ImportError, as in Pyodide; its ``resource`` module, like Pyodide's, without RLIMIT_AS)
plays the simulations; they must equal, value for value, the numpy results of this process, and
say once that the fast simulator is not available there.  tests/site/test_site.py runs a lesson's
simulate() cell in the browser."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from war_widget.sim.simulation import _FIELDS, NO_NUMPY, simulate

CASES = [("classic", 100, 5), ("kids", 60, 2026), ("pagat", 60, 9), ("razboi", 40, 3)]

RUN = textwrap.dedent("""
    import json, sys, types
    sys.modules["numpy"] = None                       # as in the browser: import numpy fails
    sys.modules["resource"] = types.ModuleType("resource")   # and Pyodide's resource has no RLIMIT_AS
    from war_widget.sim.simulation import simulate, _FIELDS
    cases = json.loads(sys.argv[1])
    out = []
    for rules, games, seed in cases:
        r = simulate(rules, games, seed=seed)
        out.append({"method": r.method, "types": sorted({type(getattr(r, f)).__name__ for f in _FIELDS}),
                    "typecodes": [getattr(r, f).typecode for f in _FIELDS],
                    "fields": {f: list(getattr(r, f)) for f in _FIELDS}, "summary": r.summary(),
                    "reasons": r.reason_counts(), "win_rate": list(r.win_rate(0)), "text": str(r),
                    "termination": r.termination(0).name})
    try:
        simulate("classic", 10, method="fast")
    except ValueError as exc:
        out.append({"fast": str(exc)})
    out.append({"loaded": sorted(m for m in sys.modules if m.split(".")[0] == "numpy" and sys.modules[m] is not None
                                 or m.startswith("war_widget.sim.fastsim"))})
    print(json.dumps(out))
""")


def as_plain(result: Any) -> dict[str, Any]:
    return {"method": result.method, "fields": {f: [int(v) for v in getattr(result, f)] for f in _FIELDS},
            "summary": result.summary(), "reasons": result.reason_counts(), "win_rate": list(result.win_rate(0)),
            "text": str(result), "termination": result.termination(0).name}


@pytest.fixture(scope="module")
def without_numpy() -> tuple[list[dict[str, Any]], str]:
    done = subprocess.run([sys.executable, "-c", RUN, json.dumps(CASES)], capture_output=True, text=True,
                          timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), done.stderr


def test_without_numpy_the_engine_gives_the_numpy_results(without_numpy: tuple[list[dict[str, Any]], str]) -> None:
    runs, _ = without_numpy
    for (rules, games, seed), light in zip(CASES, runs, strict=False):
        here = as_plain(simulate(rules, games, seed=seed, method="engine"))
        fast = as_plain(simulate(rules, games, seed=seed))          # the compiled simulator (or engine) here
        assert light["method"] == "engine"
        assert light["types"] == ["array"] and light["typecodes"] == ["i", "b", "b", "i", "i", "i", "i"]
        assert {k: light[k] for k in here if k != "method"} == {k: here[k] for k in here if k != "method"}, rules
        assert light["fields"] == fast["fields"] and light["summary"] == fast["summary"], rules
        assert len(light["fields"]["lengths"]) == games


def test_it_says_once_why_and_needs_no_numpy(without_numpy: tuple[list[dict[str, Any]], str]) -> None:
    runs, stderr = without_numpy
    assert stderr.count(NO_NUMPY) == 1, stderr          # three simulations, one notice
    assert "numpy" in NO_NUMPY and "engine" in NO_NUMPY
    assert "method='fast' cannot run here" in runs[-2]["fast"]
    assert runs[-1]["loaded"] == []                     # neither numpy nor the compiled simulator was loaded
