"""The lessons in the classroom site: each runs in the browser, or opens with a note naming the
code cells that need Python on a computer (numpy is not in the browser), and why.

One REPL page runs, from the site's /drive, every code cell of the lessons that the build marks as
running in the browser, and every cell the note does not name of the others (the play lessons'
cells run in test_site.py); the cells nbval checks print what the notebook holds.  The named cells
that start by importing numpy are run too: they stop at that import.
"""
from __future__ import annotations

import ast
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
import site_lessons
from lite_page import ARTIFACTS, BOOT_TIMEOUT_MS, build_site, outputs, record_artifact, repl_url
from test_site import WIDGET_LESSONS, sanitised

NOTEBOOKS = build_site.ROOT / "notebooks"
LESSONS = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))

# Every planned cell of every lesson run in order, one namespace per lesson; per cell what it printed
# and the exception it raised (None), sent back as one line.
# The cells run in a scratch folder: 05 writes its lesson pages into a new folder, and a new folder in
# /drive makes JupyterLite ask the server for its listing (a 404 the console logs as an error).
RUN_CODE = """
import contextlib, io, json, os, tempfile
os.chdir(tempfile.mkdtemp())
_ran = {}
for _name, _numbers in PLAN:
    with open("/drive/" + _name, encoding="utf-8") as _file:
        _cells = [c for c in json.load(_file)["cells"] if c["cell_type"] == "code"]
    _ns = {}
    for _number in _numbers:
        _out = io.StringIO()
        _error = None
        try:
            with contextlib.redirect_stdout(_out):
                exec(compile("".join(_cells[_number - 1]["source"]), f"{_name}:{_number}", "exec"), _ns)
        except Exception as _e:
            _error = f"{type(_e).__name__}: {_e}"
        _ran[f"{_name}:{_number}"] = [_out.getvalue(), _error]
print("LESSONS-RAN " + json.dumps(_ran))
"""


def code_cells(name: str) -> list[dict[str, Any]]:
    return [c for c in json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]


def site_copy(site_build: dict[str, Any], name: str) -> dict[str, Any]:
    return dict(json.loads((Path(site_build["output"]) / "files" / name).read_text(encoding="utf-8")))


def stored(cell: dict[str, Any]) -> str:
    return "".join("".join(o.get("text", "")) for o in cell["outputs"] if o["output_type"] == "stream")


def starts_with_numpy_import(source: str) -> bool:
    """The cell's statements up to its numpy import (numpy itself, or a module that needs it) are all
    imports: in the browser it stops at once."""
    for node in ast.parse(source).body:
        if not isinstance(node, (ast.Import, ast.ImportFrom)):
            return False
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
        if any(n.split(".")[0] == "numpy" or n == "war_widget.sim.policy_study" for n in names):
            return True
    return False


def reads_and_binds(source: str) -> tuple[set[str], set[str]]:
    """(names the cell reads but never binds itself, names it binds), read from its syntax tree."""
    loaded, bound = set(), set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
    return loaded - bound, bound


def why_named(cells: list[dict[str, Any]], named: list[int]) -> dict[int, str]:
    """For each named cell, what in its own text ties it to numpy: it mentions numpy, calls
    simulate() or shows a chart (fig.show() needs nbformat), or it reads a name made by a named cell,
    or by a cell whose functions call simulate()."""
    why, tainted = {}, set()
    for number, cell in enumerate(cells, 1):
        source = "".join(cell["source"])
        reads, binds = reads_and_binds(source)
        if number in named:
            if re.search(r"\bnumpy\b|\bnp\.|policy_study|\bsimulate\(|\.show\(\)", source):
                why[number] = "numpy or simulate() in its text"
            elif reads & tainted:
                why[number] = "reads " + ", ".join(sorted(reads & tainted))
        if number in named or re.search(r"^\s+.*\bsimulate\(", source, re.M):  # simulate() inside a function
            tainted |= binds
    return why


def note_items(cell: dict[str, Any], lang: str) -> list[tuple[int, str]]:
    """(cell number, first line) of each cell the site copy's note names."""
    pattern = r"^- code cell (\d+) \(`(.*)`\): " if lang == "en" else r"^- コードセル (\d+)（`(.*)`）："
    return [(int(m[1]), m[2]) for m in re.finditer(pattern, "".join(cell["source"]), re.M)]


@pytest.mark.browser
def test_every_lesson_runs_in_the_browser_or_names_the_cells_that_need_a_computer(
        offline: Any, site_server: str, site_build: dict[str, Any]) -> None:
    ready, plan, expect_numpy_error = set(), [], set()
    for name in LESSONS:
        cells, copy = code_cells(name), site_copy(site_build, name)
        mark = copy["metadata"][site_lessons.METADATA_KEY]
        named = mark["needs_python"]
        assert mark["runs_in_browser"] == (not named), (name, mark)
        # the site's copy is the lesson's cells (outputs and all), a note first where cells need a computer
        body = copy["cells"][1:] if named else copy["cells"]
        assert body == json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"], name
        if not named:
            ready.add(name)
        else:
            note = copy["cells"][0]
            lang = "ja" if name.endswith("_ja.ipynb") else "en"
            assert note["cell_type"] == "markdown" and "".join(note["source"]).startswith(
                site_lessons.NOTE[lang]["title"]), (name, note)
            assert "numpy" in "".join(note["source"]), note
            listed = note_items(note, lang)
            assert [n for n, _ in listed] == named, (name, listed, named)
            for number, line in listed:   # each named by its first line of code, as the teacher sees it
                source = "".join(cells[number - 1]["source"])
                assert line.removesuffix("…") in source.replace("`", "'") and not line.startswith("#"), (name, number)
            why = why_named(cells, named)
            assert sorted(why) == named, (name, named, why)    # each named cell's own text says why
            assert named == [n.number for n in site_lessons.needs_python(cells)]
        numbers = []
        for number, cell in enumerate(cells, 1):
            source = "".join(cell["source"])
            if number not in named:
                numbers.append(number)
            elif starts_with_numpy_import(source):
                numbers.append(number)
                expect_numpy_error.add(f"{name}:{number}")
        if name not in WIDGET_LESSONS:    # test_site.py runs the play lessons in the browser
            plan.append((name, numbers))
    # the lessons that run in the browser as they are (08 since its table is package data)
    assert ready == {n for n in LESSONS if site_copy(site_build, n)["metadata"][site_lessons.METADATA_KEY][
        "runs_in_browser"]}
    assert set(WIDGET_LESSONS) | {"03_step_through_a_war.ipynb", "05_number_comparison.ipynb",
                                  "05_number_comparison_ja.ipynb", "08_steal_war.ipynb"} <= ready
    assert {"07_casino_war.ipynb", "10_a_million_games.ipynb"}.isdisjoint(ready)
    assert expect_numpy_error, plan

    state = offline()
    page = state.new_page()
    started = time.perf_counter()
    page.goto(repl_url(site_server, RUN_CODE.replace("PLAN", repr(plan))))
    page.wait_for_function(
        """() => [...document.querySelectorAll('.jp-OutputArea-output')].some(
               (el) => el.innerText.includes('LESSONS-RAN ') || el.innerText.includes('Traceback'))""",
        timeout=BOOT_TIMEOUT_MS + 300_000)
    seconds = round(time.perf_counter() - started, 1)
    record_artifact("site", {"lessons_page_seconds": seconds})
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "lessons_repl.png"))
    line = next((li for t in outputs(page) for li in t.splitlines() if li.startswith("LESSONS-RAN ")), None)
    assert line is not None, "\n".join(outputs(page))
    ran = json.loads(line.removeprefix("LESSONS-RAN "))
    assert set(ran) == {f"{name}:{n}" for name, numbers in plan for n in numbers}
    errors = {k: v[1] for k, v in ran.items() if v[1] is not None}
    assert errors == {k: "ModuleNotFoundError: No module named 'numpy'" for k in expect_numpy_error}, errors
    checked = 0
    for key, (printed, _) in ran.items():
        name, number = key.rsplit(":", 1)
        cell = code_cells(name)[int(number) - 1]
        if key not in expect_numpy_error and "".join(cell["source"]).startswith("# NBVAL_CHECK_OUTPUT"):
            assert sanitised(printed) == sanitised(stored(cell)), key
            checked += 1
    assert checked >= 40, checked


def test_the_cells_that_need_a_computer_are_found_from_their_code() -> None:
    """needs_python on made-up cells: numpy imports (guarded imports in the package are fine), big
    simulations (a small literal count is not), names those cells make or fill, and names made again."""
    def cells(*sources: str) -> list[dict[str, Any]]:
        return [{"cell_type": "markdown", "source": "# A lesson"}] + [
            {"cell_type": "code", "source": s, "outputs": []} for s in sources]

    needs = site_lessons.needs_python(cells(
        "from war_widget import simulate\nsimulate('kids', 2, progress=False)",     # 1: quick
        "import numpy as np\nx = np.zeros(3)",                                      # 2: numpy
        "y = [v + 1 for v in x]",                                                   # 3: reads x
        "x = [1, 2]\nprint(x)",                                                     # 4: x made again
        "print(sum(x))",                                                            # 5: fine
        "table = {}\ndef fill(k):\n    table[k] = simulate(k, 500)",                 # 6: only defines
        "fill('pagat')",                                                            # 7: plays, fills table
        "print(table)",                                                             # 8: reads it
        "run = simulate('kids', games=GAMES)",                                      # 9: not a small literal
        "from war_widget.sim.policy_study import measure_policy",                   # 10: needs numpy
        "import plotly.graph_objects as go\nfig = go.Figure()\nfig.show()",            # 11: needs nbformat
    ))
    assert [(n.number, n.reason, n.detail) for n in needs] == [
        (2, "import", "numpy"), (3, "uses", "2"), (7, "simulate", ""), (8, "uses", "7"), (9, "simulate", ""),
        (10, "import", "war_widget.sim.policy_study"), (11, "chart", "")]
    assert needs[0].first_line == "import numpy as np"
    modules = site_lessons.numpy_modules()
    assert "war_widget.sim.policy_study" in modules and "war_widget.sim.simulation" not in modules
    text = site_lessons.note(needs, "en", 10)
    assert "- code cell 3 (`y = [v + 1 for v in x]`): uses what code cell 2 makes" in text
    assert site_lessons.NOTE["en"]["rest"] in text
    assert site_lessons.NOTE["ja"]["none"] in site_lessons.note(needs, "ja", 7)
