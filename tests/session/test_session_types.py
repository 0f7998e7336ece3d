"""The session is under ``mypy --strict``: a typo in one of its attributes is an error, not a
new attribute made up at run time (the old widget's ``w._presed.clear()`` passed mypy)."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_planted_typo_in_a_session_attribute_fails_mypy(tmp_path):
    shutil.copytree(ROOT / "war_widget", tmp_path / "war_widget", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    war = tmp_path / "war_widget" / "session" / "war.py"
    source = war.read_text(encoding="utf-8")
    assert source.count("self.waiting.clear()") >= 2
    war.write_text(source.replace("self.waiting.clear()", "self.waitng.clear()", 1), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / ".cache"),
                          "--follow-imports", "silent", "war_widget/session"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    assert out.returncode == 1, out.stdout + out.stderr
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "war.py" in errors[0] and '"waitng"' in errors[0], out.stdout
