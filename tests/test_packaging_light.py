"""A light core (issue 20): the built wheel installed into an empty virtual environment WITHOUT
extras imports ``war_widget`` loading no numpy or widget library, plays a game, and ``simulate()``
runs on the compiled kernel the wheel carries (no numba anywhere), giving the same arrays as the
compiled simulator here; the installed ``war-widget`` command prints its version and the same summary."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from test_packaging import VERSION, _env, _run  # the same pip settings


@pytest.fixture(scope="module")
def dists(package_dists: dict[str, Path]) -> dict[str, Path]:
    """The wheel of a clean copy of the checkout (the run's one ``python -m build``: conftest's
    ``package_dists``)."""
    return package_dists


PLAY = textwrap.dedent("""
    import importlib.util, json, sys
    import war_widget
    light = sorted(m for m in sys.modules if m.split(".")[0] in ("numpy", "ipycanvas", "ipywidgets"))
    from war_widget import Game, simulate
    game = Game("kids", seed=11)
    outcome = game.play_to_end()
    result = simulate("pagat", 300, seed=5, progress=False)
    by_engine = simulate("pagat", 300, seed=5, progress=False, method="engine")
    from war_widget.sim import fastsim
    kernel = fastsim.kernel_name()                              # the wheel's compiled kernel
    print(json.dumps({"version": war_widget.__version__, "file": war_widget.__file__, "light": light,
                      "numba": importlib.util.find_spec("numba") is not None, "method": result.method,
                      "kernel": kernel, "same": all((getattr(result, n) == getattr(by_engine, n)).all()
                                                    for n in ("lengths", "winners", "reasons", "wars")),
                      "game": [game.code, outcome.winner, list(outcome.counts), len(game.history)],
                      "arrays": {name: getattr(result, name).tolist() for name in
                                 ("lengths", "winners", "reasons", "wars", "double_wars", "cycle_starts",
                                  "cycle_periods")}}))
""")


def _venv(where: Path, python: str = sys.executable) -> Path:
    _run([python, "-m", "venv", str(where)])
    return where / "bin"


def test_the_wheel_without_extras_plays_and_simulates_by_the_engine(dists: dict[str, Path], tmp_path: Path) -> None:
    bin_ = _venv(tmp_path / "venv")
    _run([str(bin_ / "python"), "-m", "pip", "install", "-q", str(dists["wheel"])])
    done = _run([str(bin_ / "python"), "-c", PLAY], cwd=tmp_path)
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["version"] == VERSION and seen["file"].startswith(str(tmp_path / "venv"))
    assert seen["light"] == [] and seen["numba"] is False
    assert seen["same"] is True                                      # auto and the engine agree
    assert (seen["kernel"], seen["method"]) == ("c", "fast")         # the kernel compiled into the wheel
    assert "compiled simulator is not in this install" not in done.stderr
    # the same game and the same arrays as here, where the extra is installed (the compiled simulator)
    from war_widget import Game, simulate

    code, winner, counts, rounds = seen["game"]
    here = Game.from_code(code)
    assert [here.play_to_end().winner, list(here.outcome.counts), len(here.history)] == [winner, counts, rounds]
    fast = simulate("pagat", 300, seed=5, progress=False, method="fast")
    assert fast.method == "fast"
    for name, values in seen["arrays"].items():
        assert getattr(fast, name).tolist() == values, name
    # the installed command
    version = _run([str(bin_ / "war-widget"), "--version"])
    assert version.stdout == f"war-widget {VERSION}\n"
    cli = _run([str(bin_ / "war-widget"), "simulate", "--preset", "kids", "--games", "40", "--seed", "2"])
    assert cli.stdout == str(simulate("kids", 40, seed=2, progress=False)) + "\n"




NO_KERNEL = textwrap.dedent("""
    import json, warnings
    import war_widget
    from war_widget import simulate
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        first = simulate("pagat", 200, seed=3, progress=False)
        second = simulate("kids", 50, seed=4, progress=False)
    print(json.dumps({"file": war_widget.__file__, "methods": [first.method, second.method],
                      "said": [str(w.message) for w in said],
                      "arrays": {n: getattr(first, n).tolist() for n in ("lengths", "winners", "reasons", "wars")}}))
""")


def test_the_sdist_installs_with_no_compiler_and_simulate_plays_by_the_engine(dists: dict[str, Path],
                                                                              tmp_path: Path) -> None:
    """Issue 29: an sdist install where the C compiler fails (a Mac without its developer tools, a
    slim image) still succeeds, the extension left out; ``simulate()`` then plays with the engine's
    quiet mode, says once what to install for speed, and gives the compiled simulator's arrays."""
    broken = tmp_path / "cc"
    broken.write_text("#!/bin/sh\necho 'no compiler here' >&2\nexit 1\n")
    broken.chmod(0o755)
    target = tmp_path / "site"
    env = _env(CC=str(broken), CXX=str(broken))
    done = subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target),
                           str(dists["sdist"])], capture_output=True, text=True, timeout=900, env=env, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    assert (target / "war_widget" / "__init__.py").exists()
    assert not list((target / "war_widget" / "sim" / "fastsim").glob("_compiled*.so")), "the extension was built"
    run = subprocess.run([sys.executable, "-c", NO_KERNEL], capture_output=True, text=True, timeout=600,
                         env={**_env(), "PYTHONPATH": str(target)}, cwd=tmp_path, check=False)
    assert run.returncode == 0, run.stderr[-3000:]
    seen = json.loads(run.stdout.splitlines()[-1])
    assert seen["file"].startswith(str(target)), seen["file"]
    assert seen["methods"] == ["engine", "engine"]
    assert len(seen["said"]) == 1 and "install" in seen["said"][0] and "engine" in seen["said"][0], seen["said"]
    from war_widget import simulate

    fast = simulate("pagat", 200, seed=3, progress=False, method="fast")
    for name, values in seen["arrays"].items():
        assert getattr(fast, name).tolist() == values, name
