"""The component's JavaScript, from pytest: ESLint clean and its node:test suite green.

Needs the npm packages of package.json (``npm ci``, part of the README's test command)."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(argv: list[str]) -> subprocess.CompletedProcess[str]:
    if shutil.which(argv[0]) is None:
        pytest.fail(f"{argv[0]} is not installed: the JavaScript tests need node and npm (apt-get install nodejs npm)")
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=300)


def test_eslint_is_clean() -> None:
    if not (ROOT / "node_modules" / ".bin" / "eslint").exists():
        pytest.fail("eslint is not installed: run `npm ci` in the repository (the README's test command does)")
    done = _run([str(ROOT / "node_modules" / ".bin" / "eslint"), "war_widget", "tests/js", "tools"])
    assert done.returncode == 0, done.stdout + done.stderr


def test_node_tests_pass() -> None:
    done = _run(["node", "--test", "tests/js/"])
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "# fail 0" in done.stdout and "# pass " in done.stdout
