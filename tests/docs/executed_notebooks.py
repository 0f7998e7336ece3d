"""nbval's outputs as executed notebooks, for the documentation build (see ``conftest.py``)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest


def is_notebook_cell(item: pytest.Item) -> bool:
    """An nbval item: one code cell of a notebook."""
    return item.path.suffix == ".ipynb" and hasattr(item, "cell_num")


def executed_copies(items: list[pytest.Item], folder: Path) -> list[str]:
    """Write each notebook nbval ran completely (every code cell run, no error) with the outputs it
    got into ``folder``; the names written."""
    by_notebook: dict[Path, dict[int, list[Any]]] = {}
    incomplete: set[Path] = set()
    for item in items:
        if not is_notebook_cell(item):
            continue
        outputs = getattr(item, "test_outputs", None)
        if outputs is None or any(o.get("output_type") == "error" for o in outputs):
            incomplete.add(item.path)
            continue
        by_notebook.setdefault(item.path, {})[item.cell_num] = outputs
    written = []
    for path, cells in sorted(by_notebook.items()):
        nb = json.loads(path.read_text(encoding="utf-8"))
        code = [c for c in nb["cells"] if c["cell_type"] == "code"]
        if path in incomplete or sorted(cells) != list(range(len(code))):
            continue
        for number, cell in enumerate(code):            # nbval numbers the code cells from 0
            cell["outputs"] = [json.loads(json.dumps(o)) for o in cells[number]]
            cell["execution_count"] = number + 1
            for out in cell["outputs"]:
                if "execution_count" in out:
                    out["execution_count"] = number + 1
        (folder / path.name).write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
        written.append(path.name)
    return written
