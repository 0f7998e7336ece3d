"""Committed notebooks are stripped: no widget state, outputs only where nbval checks them.

Why: an executed notebook stores outputs that change on every run and megabytes of widget
state. We commit only the outputs of ``# NBVAL_CHECK_OUTPUT`` cells, which nbval compares, and
each notebook must have at least two of them so it asserts something.
``tools/strip_notebooks.py`` produces this form; this file checks it and tests the tool.

A Japanese lesson is ``NN_name_ja.ipynb`` beside its original ``NN_name.ipynb`` (same number).
It plays the widget in Japanese, writes a counter right after its number (1枚, not 1 枚), and,
where children read the printed lines (``CHILDREN_READ``), keeps to kanji of the first two
school grades.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOK_DIR = ROOT / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
NAME_PATTERN = re.compile(r"^(\d\d)_[a-z0-9_]+\.ipynb$")
CHECK_MARK = "# NBVAL_CHECK_OUTPUT"
JA_SUFFIX = "_ja.ipynb"
JA_NOTEBOOKS = [p for p in NOTEBOOKS if p.name.endswith(JA_SUFFIX)]
# Japanese notebooks whose printed lines children read (the kids register: grade 1-2 kanji only).
CHILDREN_READ = {"05_number_comparison_ja.ipynb"}
# Counters that must follow their number with no space (1枚, 40ラウンド, 3分, 5勝, 2人, 1回め).
COUNTERS = ("枚", "まい", "回", "ラウンド", "分", "秒", "勝", "敗", "戦", "人", "歳", "さい", "もん", "問", "番",
            "つ", "連勝", "位", "点", "度")
SPACED_COUNTER = re.compile(r"\d+[ \u3000]+(?:" + "|".join(COUNTERS) + ")")


def _load_tool():
    spec = importlib.util.spec_from_file_location("strip_notebooks", ROOT / "tools" / "strip_notebooks.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _first_line(cell) -> str:
    lines = cell.source.splitlines()
    return lines[0].strip() if lines else ""


def _ids(paths):
    return [p.name for p in paths]


def test_there_are_notebooks():
    assert NOTEBOOKS, f"no notebooks found in {NOTEBOOK_DIR}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_is_valid_and_has_no_widget_state(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    assert "widgets" not in nb.metadata, f"{path.name}: widget state in metadata; run tools/strip_notebooks.py"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_only_checked_cells_keep_outputs(path):
    nb = nbformat.read(path, as_version=4)
    checked = 0
    for index, cell in enumerate(nb.cells):
        if cell.cell_type != "code":
            continue
        where = f"{path.name} cell {index} ({_first_line(cell)[:40]!r})"
        if _first_line(cell) == CHECK_MARK:
            checked += 1
            assert cell.outputs, f"{where}: a checked cell must be committed with its output"
            assert cell.execution_count is not None, (
                f"{where}: nbval fails a checked cell that has outputs but no execution_count")
            for out in cell.outputs:
                data = out.get("data", {})
                assert "application/vnd.jupyter.widget-view+json" not in data, (
                    f"{where}: a checked cell shows a widget, whose model id changes every run")
        else:
            assert cell.outputs == [], f"{where}: unchecked cell committed with outputs"
            assert cell.execution_count is None, f"{where}: execution_count should be None"
    assert checked >= 2, f"{path.name}: {checked} '{CHECK_MARK}' cells, at least 2 required"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=_ids(NOTEBOOKS))
def test_notebook_opens_with_a_title_and_a_paragraph(path):
    nb = nbformat.read(path, as_version=4)
    assert nb.cells, f"{path.name}: empty notebook"
    first = nb.cells[0]
    assert first.cell_type == "markdown", f"{path.name}: first cell should be the markdown title"
    lines = [line for line in first.source.splitlines() if line.strip()]
    assert lines and re.match(r"^# \S", lines[0]), f"{path.name}: first line should be a '# Title'"
    body = " ".join(lines[1:])
    if path.name.endswith(JA_SUFFIX):   # Japanese has no spaces between words: count characters
        assert len(body) >= 60, f"{path.name}: say in a paragraph under the title what it teaches"
    else:
        assert len(body.split()) >= 15, f"{path.name}: say in a paragraph under the title what it teaches"


def test_notebooks_are_numbered_uniquely():
    numbers = []
    for path in NOTEBOOKS:
        match = NAME_PATTERN.match(path.name)
        assert match, f"{path.name}: notebook names are NN_lowercase_words.ipynb"
        if not path.name.endswith(JA_SUFFIX):     # a Japanese lesson shares its original's number
            numbers.append(int(match.group(1)))
    assert len(numbers) == len(set(numbers)), f"two notebooks share a number: {_ids(NOTEBOOKS)}"
    assert all(n >= 1 for n in numbers), "numbering starts at 01"


# --- Japanese lessons -------------------------------------------------------------------

def _markdown_and_checked_outputs(nb) -> list[tuple[str, str]]:
    """(where, text) for every markdown cell and every output text of a checked cell."""
    found = []
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "markdown":
            found.append((f"cell {index} (markdown)", cell.source))
        elif cell.cell_type == "code" and _first_line(cell) == CHECK_MARK:
            for out in cell.outputs:
                text = out.get("text") or out.get("data", {}).get("text/plain", "")
                found.append((f"cell {index} (output)", text))
    return found


def _widget_calls(source: str) -> list[str]:
    """The argument text of every ``WarWidget(...)`` call in ``source`` (balanced parentheses)."""
    calls = []
    for match in re.finditer(r"\bWarWidget\(", source):
        depth, i = 1, match.end()
        while i < len(source) and depth:
            depth += {"(": 1, ")": -1}.get(source[i], 0)
            i += 1
        calls.append(source[match.end():i - 1])
    return calls


def test_japanese_lessons_exist_beside_their_originals():
    names = {p.name for p in NOTEBOOKS}
    assert {"01_play_ja.ipynb", "05_number_comparison_ja.ipynb"} <= names
    for path in JA_NOTEBOOKS:
        original = path.name[: -len(JA_SUFFIX)] + ".ipynb"
        assert original in names, f"{path.name}: no original {original} beside it"


@pytest.mark.parametrize("path", JA_NOTEBOOKS, ids=_ids(JA_NOTEBOOKS))
def test_japanese_lesson_plays_the_widget_in_japanese(path):
    nb = nbformat.read(path, as_version=4)
    calls = [call for cell in nb.cells if cell.cell_type == "code" for call in _widget_calls(cell.source)]
    assert calls, f"{path.name}: a Japanese lesson shows the widget (WarWidget(lang=\"ja\"))"
    for call in calls:
        assert re.search(r"\blang\s*=\s*[\"']ja[\"']", call), f"{path.name}: WarWidget({call}) is not in Japanese"


@pytest.mark.parametrize("path", JA_NOTEBOOKS, ids=_ids(JA_NOTEBOOKS))
def test_japanese_lesson_writes_counters_right_after_numbers(path):
    nb = nbformat.read(path, as_version=4)
    for where, text in _markdown_and_checked_outputs(nb):
        spaced = SPACED_COUNTER.findall(text)
        assert not spaced, f"{path.name} {where}: a space between a number and its counter: {spaced}"


@pytest.mark.parametrize("path", JA_NOTEBOOKS, ids=_ids(JA_NOTEBOOKS))
def test_japanese_lesson_output_has_no_english_words(path):
    # Game numbers (classic-7), card codes and rule names in backticks are not words a reader must read.
    nb = nbformat.read(path, as_version=4)
    allowed = re.compile(r"[a-z_]+(?:\+[a-z_]+=\w+)*-\d+|\b(?:[AKQJ]|10|[2-9])[♠♥♦♣SHDC]?\b")
    for where, text in _markdown_and_checked_outputs(nb):
        if "(output)" not in where:
            continue
        words = re.findall(r"[A-Za-z]{3,}", allowed.sub("", text))
        assert not words, f"{path.name} {where}: English in a Japanese lesson: {words[:5]}"


def test_children_read_only_kanji_of_the_first_two_grades():
    from war_widget.text.kanji_grades import beyond_grade2

    for name in CHILDREN_READ:
        nb = nbformat.read(NOTEBOOK_DIR / name, as_version=4)
        outputs = [(w, t) for w, t in _markdown_and_checked_outputs(nb) if "(output)" in w]
        assert outputs, f"{name}: no checked outputs to read"
        for where, text in outputs:
            hard = beyond_grade2(text)
            assert not hard, f"{name} {where}: kanji beyond grade 2 in a line children read: {hard}"


def test_spaced_counter_pattern_catches_what_it_should():
    assert SPACED_COUNTER.findall("あなた 26 枚、40 ラウンド") == ["26 枚", "40 ラウンド"]
    assert not SPACED_COUNTER.search("あなた26枚、3 / 40ラウンド、1回め、A > 9")


# --- the strip tool itself -------------------------------------------------------------

def _executed_notebook():
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nb.cells = [
        nbformat.v4.new_markdown_cell("# T\n\ntext"),
        nbformat.v4.new_code_cell("x = 1\nx", execution_count=1, outputs=[
            nbformat.v4.new_output("execute_result", data={"text/plain": "1"}, execution_count=1)]),
        nbformat.v4.new_code_cell(f"{CHECK_MARK}\nprint(2)", execution_count=2, outputs=[
            nbformat.v4.new_output("stream", name="stdout", text="2\n")]),
        nbformat.v4.new_code_cell(f"{CHECK_MARK}\n3", execution_count=3, outputs=[
            nbformat.v4.new_output("execute_result", data={"text/plain": "3"}, execution_count=3)]),
    ]
    nb.cells[1].metadata["execution"] = {"iopub.execute_input": "2024-01-01T00:00:00Z"}
    return nb


def test_strip_keeps_checked_outputs_and_drops_the_rest():
    tool = _load_tool()
    nb = tool.strip_notebook(_executed_notebook())
    nbformat.validate(nb)
    assert "widgets" not in nb.metadata
    plain, checked_print, checked_result = nb.cells[1], nb.cells[2], nb.cells[3]
    assert plain.outputs == [] and plain.execution_count is None
    assert "execution" not in plain.metadata
    assert [o["text"] for o in checked_print.outputs] == ["2\n"]
    assert checked_result.outputs[0]["data"]["text/plain"] == "3"
    assert plain.execution_count is None
    assert (checked_print.execution_count, checked_result.execution_count) == (2, 3)


def test_strip_refuses_a_checked_widget_cell():
    tool = _load_tool()
    nb = _executed_notebook()
    nb.cells[2].outputs = [nbformat.v4.new_output(
        "display_data", data={"application/vnd.jupyter.widget-view+json": {"model_id": "abc"}})]
    with pytest.raises(ValueError, match="widget"):
        tool.strip_notebook(nb)


def test_strip_tool_writes_the_file_atomically(tmp_path):
    tool = _load_tool()
    path = tmp_path / "01_demo.ipynb"
    nbformat.write(_executed_notebook(), path)
    path.chmod(0o644)
    assert tool.main(["--no-execute", str(path)]) == 0
    assert path.stat().st_mode & 0o777 == 0o644
    nb = nbformat.read(path, as_version=4)
    assert "widgets" not in nb.metadata and nb.cells[1].outputs == []
    assert [p.name for p in tmp_path.iterdir()] == ["01_demo.ipynb"]


def test_strip_refuses_a_checked_cell_that_never_ran():
    tool = _load_tool()
    nb = _executed_notebook()
    nb.cells[2].execution_count = None
    with pytest.raises(ValueError, match="execution count"):
        tool.strip_notebook(nb)


def test_strip_merges_consecutive_stream_outputs():
    tool = _load_tool()
    nb = _executed_notebook()
    nb.cells[2].outputs = [nbformat.v4.new_output("stream", name="stdout", text="a\n"),
                           nbformat.v4.new_output("stream", name="stdout", text="b\n"),
                           nbformat.v4.new_output("stream", name="stderr", text="warn\n")]
    tool.strip_notebook(nb)
    assert [(o["name"], o["text"]) for o in nb.cells[2].outputs] == [("stdout", "a\nb\n"), ("stderr", "warn\n")]


def test_cell_timings_read_nbconvert_metadata():
    tool = _load_tool()
    nb = _executed_notebook()
    nb.cells[1].metadata["execution"] = {"iopub.execute_input": "2024-01-01T00:00:00.000Z",
                                         "shell.execute_reply": "2024-01-01T00:00:02.500Z"}
    assert tool.cell_timings(nb) == [(2.5, 1, "x = 1")]
