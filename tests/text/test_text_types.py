"""The text and the view modules are under ``mypy --strict`` like the rest of the package: the
project's mypy configuration (what ``mypy`` with no arguments, as CI runs it, reads) loosens no
module, and a function without annotations in ``text/`` or ``views/`` is an error."""
from __future__ import annotations

import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LOOSENING = ("disallow_untyped_defs", "disallow_incomplete_defs", "disallow_untyped_calls",
             "disallow_untyped_decorators", "disallow_any_generics", "disallow_subclassing_any",
             "warn_return_any", "check_untyped_defs", "strict", "ignore_errors")


def test_no_module_of_the_package_is_exempt_from_strict():
    mypy = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["mypy"]
    assert mypy["strict"] is True and mypy["files"] == ["war_widget"]
    for override in mypy.get("overrides", []):
        ours = [m for m in override["module"] if m.split(".")[0] == "war_widget"]
        loosened = [k for k in LOOSENING if override.get(k) is False or (k == "ignore_errors" and override.get(k))]
        assert not (ours and loosened), f"{ours} exempt from {loosened}"


def test_an_unannotated_function_in_text_or_views_fails_mypy(tmp_path):
    shutil.copytree(ROOT / "war_widget", tmp_path / "war_widget", ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    for name in ("text/narration.py", "views/war/results.py"):
        path = tmp_path / "war_widget" / name
        path.write_text(path.read_text(encoding="utf-8") + "\n\ndef planted(x):\n    return x\n", encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / ".cache"),
                          "--follow-imports", "silent", "war_widget/text", "war_widget/views"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=600)
    errors = [line for line in out.stdout.splitlines() if ": error:" in line]
    assert out.returncode == 1, out.stdout + out.stderr
    assert len(errors) == 2 and all("no-untyped-def" in e for e in errors), out.stdout
    assert {e.split(":")[0] for e in errors} == {"war_widget/text/narration.py", "war_widget/views/war/results.py"}
