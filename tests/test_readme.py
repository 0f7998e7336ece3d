"""The README's Python examples run, so the README cannot drift from the code.

Blocks written as doctests (``>>>``) are checked line by line against the outputs they show;
plain blocks (the widget examples) are executed. All blocks share one namespace, top to bottom,
as a reader would type them, with the records file kept in a temporary folder.
"""
from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.S | re.M)


def python_blocks() -> list[str]:
    """Every fenced ```python block of the README, in order."""
    return BLOCK.findall(README.read_text(encoding="utf-8"))


def test_the_readme_has_examples_of_each_kind():
    blocks = python_blocks()
    assert sum(">>>" in b for b in blocks) >= 2
    assert any(">>>" not in b for b in blocks)


def test_readme_examples_run(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))      # WarWidget()'s records file lands here
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": "readme"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for number, block in enumerate(python_blocks(), 1):
        if ">>>" in block:
            test = parser.get_doctest(block, namespace, f"README block {number}", str(README), 0)
            result = runner.run(test, clear_globs=False)
            namespace.update(test.globs)                        # DocTest works on a copy
            assert result.failed == 0, f"README block {number}: {result.failed} example(s) differ (see above)"
        else:
            try:
                exec(compile(block, f"README block {number}", "exec"), namespace)
            except Exception as error:  # pragma: no cover - the message is the point
                pytest.fail(f"README block {number} raised {error!r}:\n{block}")
