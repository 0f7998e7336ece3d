"""The engine is pure: importing it (and the rules, cards and simulation) loads no widget or
plotting library.  Checked in a fresh interpreter, where nothing else has imported them."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

HEAVY = ("ipywidgets", "ipycanvas", "plotly", "anywidget", "ipykernel", "comm")


@pytest.mark.parametrize("module", ["war_widget", "war_widget.game.engine", "war_widget.game.rules",
                                    "war_widget.game.cards", "war_widget.sim.simulation", "war_widget.game.persistence",
                                    "war_widget.game.codes"])
def test_engine_imports_no_widget_library(module):
    code = (f"import sys, json; import {module}; from war_widget import Game; Game('classic', seed=1).play_round(); "
            f"print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in {HEAVY!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert json.loads(out.stdout) == []


def test_the_check_would_see_a_widget_import():
    code = ("import sys, json; import ipywidgets; "
            "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] == 'ipywidgets')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert "ipywidgets" in json.loads(out.stdout)


def test_engine_modules_use_no_random_module_and_no_clock():
    from pathlib import Path

    import war_widget

    root = Path(war_widget.__file__).parent / "game"
    for name in ("cards", "rules", "engine", "events", "persistence", "codes", "stats", "rng"):
        source = (root / f"{name}.py").read_text(encoding="utf-8")
        assert "import random" not in source and "from random" not in source, name
        assert "import time" not in source and "datetime" not in source, name
