"""A light core (issue 20): the game layer and the engine import no numpy, and ``import war_widget``
needs neither numpy nor a widget library.  Checked in a fresh interpreter where importing numpy,
numba, ipycanvas, ipywidgets or plotly raises ImportError, as it does where they are not installed."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BLOCKED = ("numpy", "numba", "llvmlite", "ipycanvas", "ipywidgets", "plotly", "anywidget")

BLOCKER = f"""
import importlib.abc, sys
class Blocker(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {BLOCKED!r}:
            raise ImportError(f"{{name}} is not installed (blocked by the test)")
        return None
sys.meta_path.insert(0, Blocker())
"""


def _game_modules() -> list[str]:
    """Every module of war_widget/game/ and the variants' games (the pure layers)."""
    names = []
    for folder in ("game", "variants"):
        for path in sorted((ROOT / "war_widget" / folder).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            names.append(".".join(parts))
    return names


def _run(code: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-c", BLOCKER + code], capture_output=True, text=True, timeout=120,
                          env=env, check=False)


def test_the_blocker_really_blocks_numpy() -> None:
    done = _run("import numpy")
    assert done.returncode == 1 and "numpy is not installed (blocked by the test)" in done.stderr


def test_the_game_layer_lists_the_engine_and_the_variants() -> None:
    modules = _game_modules()
    assert {"war_widget.game.engine", "war_widget.game.policies", "war_widget.variants.steal.game",
            "war_widget.variants.casino.game"} <= set(modules)


@pytest.mark.parametrize("module", _game_modules())
def test_each_game_module_imports_without_numpy(module: str) -> None:
    done = _run(f"import {module}")
    assert done.returncode == 0, done.stderr


def test_import_war_widget_and_play_a_game_without_numpy_or_widgets() -> None:
    done = _run("import json, sys, war_widget\n"
                "from war_widget import Game, Rules, StealWarGame, CasinoWar\n"
                "game = Game(Rules.preset('kids').replace(gather='strong'), seed=7)\n"
                "outcome = game.play_to_end()\n"
                "print(json.dumps([war_widget.__version__, outcome.winner, list(outcome.counts), game.code]))")
    assert done.returncode == 0, done.stderr
    version, winner, counts, code = json.loads(done.stdout)
    import war_widget

    expected = war_widget.Game.from_code(code)
    assert version == war_widget.__version__
    assert [expected.play_to_end().winner, list(expected.outcome.counts)] == [winner, counts]
