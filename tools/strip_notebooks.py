"""Execute notebooks and strip them to the form the project commits.

Why: executed notebooks carry outputs that change on every run and widget state of several
megabytes. The project keeps only the outputs of cells whose first line is
``# NBVAL_CHECK_OUTPUT`` (nbval compares those), and no widget state at all.
``tests/test_notebook_hygiene.py`` checks the result.

Usage::

    python tools/strip_notebooks.py notebooks/02_rules_and_variants.ipynb [more.ipynb ...]
    python tools/strip_notebooks.py --no-execute notebooks/*.ipynb   # strip only
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import nbformat

CHECK_MARK = "# NBVAL_CHECK_OUTPUT"
WIDGET_VIEW_MIME = "application/vnd.jupyter.widget-view+json"
# Per-cell metadata written by nbconvert/JupyterLab that changes on every run.
VOLATILE_CELL_METADATA = ("execution", "collapsed", "scrolled")


def is_checked(cell: Any) -> bool:
    """True for a code cell whose first line is the nbval check mark."""
    if cell.get("cell_type") != "code":
        return False
    lines = cell.get("source", "").splitlines()
    return bool(lines) and lines[0].strip() == CHECK_MARK


def strip_notebook(nb: Any) -> Any:
    """Strip a notebook in place: keep outputs of checked cells only, drop widget state.

    Unchecked cells lose their execution count; checked cells keep theirs, because nbval skips
    (and fails) a reference cell with outputs but no count. A top-to-bottom run numbers code
    cells 1, 2, 3, ... in order, so re-running gives the same file when outputs did not change.
    """
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        for key in VOLATILE_CELL_METADATA:
            cell.metadata.pop(key, None)
        if cell.cell_type != "code":
            continue
        if not is_checked(cell):
            cell.execution_count = None
            cell.outputs = []
            continue
        if cell.execution_count is None:
            # nbval refuses a reference cell that has outputs but was never run.
            raise ValueError(f"a checked cell has no execution count (was the notebook executed?):\n"
                             f"{cell.source[:200]}")
        kept: list[Any] = []
        for out in cell.outputs:
            data = out.get("data")
            if data is not None and WIDGET_VIEW_MIME in data:
                raise ValueError(
                    f"a checked cell displays a widget (model ids change on every run); "
                    f"remove {CHECK_MARK!r} from it:\n{cell.source[:200]}"
                )
            if (out.get("output_type") == "stream" and kept and kept[-1].get("output_type") == "stream"
                    and kept[-1].get("name") == out.get("name")):
                # One stream output per print burst depends on timing; merge them for stable diffs.
                kept[-1]["text"] = kept[-1]["text"] + out["text"]
                continue
            kept.append(out)
        cell.outputs = kept
    return nb


def cell_timings(nb: Any) -> list[tuple[float, int, str]]:
    """(seconds, index, first line) per executed code cell, from nbconvert's timing metadata."""
    from datetime import datetime

    def parse(stamp: str) -> datetime:
        return datetime.fromisoformat(stamp.replace("Z", "+00:00"))

    timings = []
    for index, cell in enumerate(nb.cells):
        meta = cell.get("metadata", {}).get("execution", {})
        start, end = meta.get("iopub.execute_input"), meta.get("shell.execute_reply")
        if cell.cell_type == "code" and start and end:
            first = (cell.source.splitlines() or [""])[0]
            timings.append(((parse(end) - parse(start)).total_seconds(), index, first))
    return timings


def write_atomically(nb: Any, path: Path) -> None:
    """Write the notebook through a temporary file in the same folder, then rename it."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            nbformat.write(nb, fh)  # type: ignore[no-untyped-call]
        # mkstemp creates the file private (0600); keep the notebook's own permissions instead.
        if path.exists():
            mode = path.stat().st_mode & 0o777
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def execute(path: Path, timeout: int) -> None:
    """Run every cell in a fresh kernel, writing outputs into the file (nbconvert --inplace)."""
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute",
         "--inplace", f"--ExecutePreprocessor.timeout={timeout}", str(path)],
        check=True,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("notebooks", nargs="+", type=Path)
    parser.add_argument("--no-execute", action="store_true",
                        help="strip only; do not run the notebook first")
    parser.add_argument("--timeout", type=int, default=120,
                        help="seconds allowed per cell when executing (default 120)")
    args = parser.parse_args(argv)
    for path in args.notebooks:
        if path.suffix != ".ipynb" or not path.is_file():
            parser.error(f"{path}: not an existing .ipynb file")
        if not args.no_execute:
            execute(path, args.timeout)
        nb = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]
        if not args.no_execute:
            timings = cell_timings(nb)
            total = sum(t for t, _, _ in timings)
            slowest = sorted(timings, reverse=True)[:3]
            print(f"{path}: cells ran in {total:.1f} s; slowest: "
                  + "; ".join(f"cell {i} {t:.1f} s ({line[:30]!r})" for t, i, line in slowest))
        strip_notebook(nb)
        nbformat.validate(nb)
        write_atomically(nb, path)
        checked = sum(is_checked(c) for c in nb.cells)
        print(f"{path}: stripped, {checked} checked cell(s) keep their output")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
