"""The first call as people meet it: a fresh process, no compiler, nothing writable, no extension.

Each test runs ``simulate("pagat", 1000, seed=1)`` in a fresh Python process and compares its
arrays with this process's (the same games whichever way they are played).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import warnings
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import war_widget
from war_widget.sim.simulation import simulate

ROOT = Path(war_widget.__file__).resolve().parent.parent
FIELDS = ("lengths", "winners", "reasons", "wars", "double_wars", "cycle_starts", "cycle_periods")
CHILD = """
import json, resource, sys, time, warnings
{prelude}
t, c = time.perf_counter(), time.process_time()
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from war_widget.sim.simulation import simulate
    s = time.perf_counter()
    r = simulate("pagat", {games}, seed=1)
    first = time.perf_counter() - s
    again = simulate("pagat", 10, seed=2)
    from war_widget.sim.fastsim import kernel_build, kernel_name
    build = kernel_build("pagat") if r.method == "fast" else None
wall = time.perf_counter() - t
cpu = resource.getrusage(resource.RUSAGE_SELF).ru_utime + resource.getrusage(resource.RUSAGE_SELF).ru_stime
kids = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({{"wall": wall, "first": first, "cpu": cpu + kids.ru_utime + kids.ru_stime, "method": r.method,
                  "kernel": kernel_name(), "build": build,
                  "warnings": [str(w.message) for w in caught],
                  "arrays": {{f: getattr(r, f).tolist() for f in {fields!r}}}}}))
"""


def expected(games: int = 1000) -> dict[str, list[int]]:
    r = simulate("pagat", games, seed=1)
    return {f: getattr(r, f).tolist() for f in FIELDS}


def run_child(env: dict[str, str], prelude: str = "", wrap: list[str] | None = None,
              games: int = 1000) -> dict[str, Any]:
    base = {k: v for k, v in os.environ.items()
            if k not in ("NUMBA_CACHE_DIR", "WAR_WIDGET_CACHE_DIR", "WAR_WIDGET_KERNEL", "CC", "XDG_CACHE_HOME")}
    code = CHILD.format(prelude=prelude, fields=FIELDS, games=games)
    done = subprocess.run([*(wrap or []), sys.executable, "-c", code], capture_output=True, text=True, timeout=900,
                          env={**base, "PYTHONPATH": str(ROOT), **env}, cwd=env.get("HOME", str(ROOT)), check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def test_the_first_call_plays_the_compiled_kernel_with_nothing_built_at_run_time(tmp_path: Path) -> None:
    """A fresh process whose compiler cannot be found: pagat's build compiled into the extension
    plays the 1000 games, identical to this process's, nothing is written to the cache, the child's
    children (a compiler) take no CPU time, and nothing is said."""
    cache = tmp_path / "cache"
    got = run_child({"WAR_WIDGET_CACHE_DIR": str(cache), "HOME": str(tmp_path), "CC": str(tmp_path / "no-cc")})
    assert (got["method"], got["kernel"], got["build"]) == ("fast", "c", "pagat")
    assert got["arrays"] == expected()
    assert not cache.exists() or not any(cache.iterdir())
    assert got["warnings"] == []


def _read_only(paths: list[Path]) -> list[str]:
    """A command prefix that runs the child with ``paths`` read-only: as root (which ignores file
    modes) through a private mount namespace with read-only bind mounts, else by file modes."""
    if os.geteuid() != 0:
        for path in paths:
            for p in [path, *path.rglob("*")]:
                if p.is_dir():
                    p.chmod(0o555)
        return []
    unshare = shutil.which("unshare")
    assert unshare is not None, "running as root, the read-only test needs util-linux's unshare"
    mounts = " && ".join(f"mount --bind {p} {p} && mount -o remount,bind,ro {p}" for p in paths)
    return [unshare, "-m", "sh", "-c", f'{mounts} && exec "$0" "$@"']


def test_the_first_call_works_when_the_package_and_home_are_read_only(tmp_path: Path) -> None:
    """A locked-down machine: the package folder and the home directory cannot be written (the
    old numba kernel crashed there: "cannot cache function 'mix': no locator available").  The
    compiled kernel needs neither and gives the same games; the child proves that it could write
    to neither."""
    package, home = tmp_path / "site", tmp_path / "home"
    shutil.copytree(ROOT / "war_widget", package / "war_widget",
                    ignore=shutil.ignore_patterns("__pycache__"))
    home.mkdir()
    probe = (f"import pathlib\n"
             f"for d in ({str(package / 'war_widget' / 'sim' / 'fastsim')!r}, {str(home)!r}):\n"
             f"    try:\n"
             f"        (pathlib.Path(d) / 'probe').write_text('x')\n"
             f"    except OSError:\n"
             f"        pass\n"
             f"    else:\n"
             f"        raise SystemExit('the test could write to ' + d)\n")
    wrap = _read_only([package, home])
    try:
        got = run_child({"HOME": str(home), "PYTHONPATH": str(package)}, probe, wrap)
    finally:
        for p in [package, home, *package.rglob("*")]:
            if p.is_dir():
                p.chmod(0o755)
    assert (got["method"], got["kernel"], got["build"]) == ("fast", "c", "pagat")
    assert got["arrays"] == expected()


NO_EXTENSION = "sys.modules['war_widget.sim.fastsim._compiled'] = None  # as an install without a compiler"


@pytest.mark.parametrize("compiler", [True, False])
def test_without_the_extension_the_results_are_the_same(tmp_path: Path, compiler: bool) -> None:
    """The extension missing (an install from source without a C compiler): the engine plays the
    same games and says once, in one sentence, what to install for speed; with a compiler and
    WAR_WIDGET_KERNEL=build, a kernel built here plays them."""
    env = {"WAR_WIDGET_CACHE_DIR": str(tmp_path / "cache"), "HOME": str(tmp_path)}
    if compiler:
        env["WAR_WIDGET_KERNEL"] = "build"
    else:
        env["CC"] = str(tmp_path / "no-such-compiler")
    got = run_child(env, NO_EXTENSION, games=40)
    assert got["arrays"] == expected(40)
    if compiler:
        assert (got["method"], got["kernel"], got["build"], got["warnings"]) == ("fast", "c", "built here", [])
    else:
        assert (got["method"], got["kernel"]) == ("engine", None)
        assert len(got["warnings"]) == 1, got["warnings"]          # said once for the two calls
        message = got["warnings"][0]
        assert "not in this install" in message and "pip install --force-reinstall --only-binary" in message
        assert message.count(". ") == 0, "one sentence"


def test_method_fast_without_a_compiled_simulator_says_how_to_get_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAR_WIDGET_KERNEL", "engine")
    with pytest.raises(ValueError, match=r"method='fast' needs the compiled simulator.*--only-binary war-widget"):
        simulate("pagat", 10, method="fast")


def test_an_unknown_kernel_choice_is_a_clear_value_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WAR_WIDGET_KERNEL", "numba")
    with pytest.raises(ValueError, match=r"WAR_WIDGET_KERNEL='numba' is not a kernel choice.*'compiled', 'build'"):
        simulate("pagat", 10)


class NoneExecutor(Executor):
    """An executor whose futures complete with None (a stub, a broken cluster adapter)."""

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Future[Any]:
        future: Future[Any] = Future()
        future.set_result(None)
        return future


def test_an_executor_whose_futures_return_none_is_a_clear_value_error() -> None:
    with pytest.raises(ValueError, match=r"executor NoneExecutor returned None for games \d+\.\.\d+, not their 7 resu"):
        simulate("pagat", 100, executor=NoneExecutor())


def test_the_serial_arrays_come_back_whichever_kernel(monkeypatch: pytest.MonkeyPatch) -> None:
    from war_widget.sim import simulation
    base = simulate("three_down", 300, seed=4)
    for kernel in ("build", "engine"):
        monkeypatch.setenv("WAR_WIDGET_KERNEL", kernel)
        monkeypatch.setattr(simulation, "_WARNED", [])
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            other = simulate("three_down", 300, seed=4)
        assert [w.category for w in caught] == ([simulation.FastSimulatorMissing] if kernel == "engine" else [])
        assert other.method == ("fast" if kernel == "build" else "engine")
        for f in FIELDS:
            assert np.array_equal(getattr(base, f), getattr(other, f)), (kernel, f)
