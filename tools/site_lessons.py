"""The lesson notebooks as the classroom site holds them: which code cells need Python on a computer.

The site's Python (Pyodide) has no numpy.  A code cell needs a computer when it
imports numpy (or a war_widget module that imports numpy), when it plays many games with
``simulate()`` (the fast simulator needs numpy; in the browser the engine plays them one after
another, for many minutes), when it shows a Plotly chart with ``fig.show()`` (plotly's show()
needs nbformat, not in the browser either), or when it uses a name that such a cell made.  The site's copy of a
lesson with such cells starts with a note naming them (number and first line) and why, in the
lesson's language; their stored outputs, computed on a computer, are kept as they are.  A lesson
without them runs in the browser as it is.  The repository's notebooks are not changed.

The analysis reads the cells' source (``ast``): names bound at a cell's top level carry the mark of
the cell that bound them last, and a cell that reads a marked name it does not bind itself needs a
computer too.
"""
from __future__ import annotations

import ast
import copy
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
#: the site copy's notebook metadata key: {"runs_in_browser": bool, "needs_python": [cell numbers]}
METADATA_KEY = "war_widget_site"
#: modules that cannot be imported in the browser
ABSENT_MODULES = ("numpy",)
#: simulate() with at most this many games (a literal) is quick in the browser too
SMALL_SIMULATION = 100
#: the note quotes at most this much of a cell's first line
FIRST_LINE_CHARS = 60


@dataclass(frozen=True)
class Need:
    """One code cell that needs Python on a computer: its number among the code cells (from 1), its
    first line of code, and why (``"import"`` + the module, ``"simulate"``, or ``"uses"`` + a cell)."""

    number: int
    first_line: str
    reason: str
    detail: str


def numpy_modules(package: Path = ROOT / "war_widget") -> frozenset[str]:
    """The package's modules that import numpy at import time (not inside ``try``)."""
    found = set()
    for path in package.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:   # top-level statements only: a guarded import (try/except) is fine
            if any(_root(m) in ABSENT_MODULES for m in _imported(node)):
                parts = path.relative_to(package.parent).with_suffix("").parts
                found.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return frozenset(found)


def _root(module: str) -> str:
    return module.split(".", 1)[0]


def _imported(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom) and node.module and not node.level:
        return [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return []


def _top_level_bindings(tree: ast.Module) -> set[str]:
    """Names a cell binds in the notebook's namespace (not inside its functions or classes)."""
    names: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
            return
        if isinstance(node, (ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
            return
        if isinstance(node, ast.Name) and isinstance(node.ctx, (ast.Store, ast.Del)):
            names.add(node.id)
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".", 1)[0] for a in node.names if a.name != "*")
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return names


def _reads(tree: ast.Module) -> set[str]:
    """Names a cell reads that it does not bind anywhere itself (its own locals and arguments aside)."""
    loaded, bound = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".", 1)[0] for a in node.names)
    return loaded - bound


def _walk_run(node: ast.AST) -> list[ast.AST]:
    """The nodes a cell runs when it runs (function and class bodies, and lambdas, left out)."""
    found = [node]
    for child in ast.iter_child_nodes(node):
        if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
            found.extend(_walk_run(child))
    return found


MUTATORS = ("append", "extend", "update", "add", "insert", "setdefault", "pop", "clear", "remove")


def _mutated(nodes: list[ast.AST]) -> set[str]:
    """Names whose objects these nodes change in place (``x[k] = v``, ``x.append(v)``, ...)."""
    names = set()
    for node in nodes:
        if isinstance(node, (ast.Subscript, ast.Attribute)) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name):
            names.add(node.value.id)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in MUTATORS and isinstance(node.func.value, ast.Name):
            names.add(node.func.value.id)
    return names


def _called(nodes: list[ast.AST]) -> set[str]:
    return {n.func.id for n in nodes if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)}


def _big_simulation(nodes: list[ast.AST], heavy: dict[str, set[str]]) -> bool:
    """A call of ``simulate(rules, games, ...)`` whose games are not a small literal, or of a
    function of the notebook that makes one."""
    for node in nodes:
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        if name in heavy:
            return True
        if name != "simulate":
            continue
        games = node.args[1] if len(node.args) > 1 else next((k.value for k in node.keywords if k.arg == "games"), None)
        if not (isinstance(games, ast.Constant) and isinstance(games.value, int) and games.value <= SMALL_SIMULATION):
            return True
    return False


def _shows_chart(nodes: list[ast.AST]) -> bool:
    """A ``fig.show()``: plotly's show() needs nbformat, which the browser does not have."""
    return any(isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "show"
               and isinstance(n.func.value, ast.Name) and not n.args for n in nodes)


def first_line(source: str) -> str:
    """The cell's first line of code (the nbval mark, comments and blank lines skipped), cut short
    with an ellipsis past FIRST_LINE_CHARS."""
    for line in source.splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            line = line.strip()
            return line if len(line) <= FIRST_LINE_CHARS else line[:FIRST_LINE_CHARS - 1].rstrip() + "…"
    return ""


def needs_python(cells: list[dict[str, Any]], absent: frozenset[str] | None = None) -> list[Need]:
    """The code cells of a notebook (its ``cells``) that need Python on a computer, in order."""
    absent = numpy_modules() if absent is None else absent
    marked: dict[str, int] = {}     # name -> the code cell needing a computer that bound it last
    heavy: dict[str, set[str]] = {}  # the notebook's functions that play a big simulation -> what they change
    needs = []
    code = [c for c in cells if c["cell_type"] == "code"]
    for number, cell in enumerate(code, 1):
        source = "".join(cell["source"])
        tree = ast.parse(source, filename=f"code cell {number}")
        imports = [m for node in ast.walk(tree) for m in _imported(node)]
        blocked = next((m for m in imports if _root(m) in ABSENT_MODULES or m in absent), None)
        used = sorted(marked[n] for n in _reads(tree) if n in marked)
        need = None
        if blocked is not None:
            need = Need(number, first_line(source), "import", blocked)
        elif used:
            need = Need(number, first_line(source), "uses", str(used[0]))
        elif _big_simulation(_walk_run(tree), heavy):
            need = Need(number, first_line(source), "simulate", "")
        elif _shows_chart(_walk_run(tree)):
            need = Need(number, first_line(source), "chart", "")
        run = _walk_run(tree)
        heavy.update({d.name: _mutated(list(ast.walk(d))) for d in tree.body
                      if isinstance(d, ast.FunctionDef) and _big_simulation(list(ast.walk(d)), heavy)})
        changed = _mutated(run).union(*(heavy[f] for f in _called(run) if f in heavy))
        for name in _top_level_bindings(tree) | (changed if need is not None else set()):
            if need is not None:
                marked[name] = number
            else:
                marked.pop(name, None)
        if need is not None:
            needs.append(need)
    return needs


NOTE = {
    "en": {
        "title": "**In the classroom site, some cells of this lesson need Python on a computer.**",
        "why": ("This browser's Python (Pyodide) has no numpy and no nbformat, so the code cells below stop "
                "with an error here, or would take many minutes. Their outputs were computed on a computer "
                "and are shown as they were stored."),
        "rest": ("Every other cell runs here. (Code cells are counted from the top; those that kept their "
                 "output show the number as [n].)"),
        "none": ("No cell of this lesson runs here: read it, or run it on a computer. (Code cells are counted "
                 "from the top; those that kept their output show the number as [n].)"),
        "import": "imports `{detail}` (not in the browser)",
        "simulate": ("plays many games with `simulate()`: the fast simulator needs numpy; in the browser the "
                     "engine would play them one after another, for many minutes"),
        "uses": "uses what code cell {detail} makes",
        "chart": "shows a Plotly chart with `fig.show()`, which needs nbformat (not in the browser)",
        "item": "- code cell {number} (`{line}`): {reason}",
        "how": ("To run them: install war_widget on a computer (see the README) and open this notebook "
                "in Jupyter."),
    },
    "ja": {
        "title": "**このサイト（ブラウザー）では、このレッスンの一部のセルはパソコンの Python が必要です。**",
        "why": ("ブラウザーの Python（Pyodide）には numpy と nbformat がありません。そのため、下のコードセルは"
                "ここではエラーになるか、とても長い時間がかかります。出力はパソコンで計算して保存したものを"
                "そのまま表示しています。"),
        "rest": ("ほかのセルはここで動きます。"
                 "（コードセルは上から数えます。出力のあるセルには [n] とその番号が出ています。）"),
        "none": ("このレッスンのセルはここでは動きません。読むか、パソコンで動かしてください。"
                 "（コードセルは上から数えます。出力のあるセルには [n] とその番号が出ています。）"),
        "import": "`{detail}` を読み込みます（ブラウザーにはありません）",
        "simulate": ("`simulate()` でたくさんのゲームをします。速いシミュレーターには numpy が必要で、"
                     "ブラウザーでは1ゲームずつ遊ぶので長い時間がかかります"),
        "uses": "コードセル {detail} の結果を使います",
        "chart": ("`fig.show()` で Plotly のグラフを表示します。これには nbformat が必要です"
                  "（ブラウザーにはありません）"),
        "item": "- コードセル {number}（`{line}`）：{reason}",
        "how": "動かすには、パソコンに war_widget を入れて（README を参照）、Jupyter でこのノートブックを開きます。",
    },
}


def language(path: Path) -> str:
    """The notebook's language: Japanese for *_ja notebooks, English otherwise."""
    return "ja" if path.stem.endswith("_ja") else "en"


def note(needs: list[Need], lang: str, code_cells: int) -> str:
    """The markdown of the note that opens the site copy of a lesson with cells that need a computer
    (``code_cells``: how many code cells the lesson has)."""
    text = NOTE[lang]
    items = [text["item"].format(number=n.number, line=n.first_line.replace("`", "'"),
                                 reason=text[n.reason].format(detail=n.detail)) for n in needs]
    rest = text["none"] if len(needs) == code_cells else text["rest"]
    space = "" if lang == "ja" else " "   # Japanese sentences follow each other without a space
    return "\n".join([text["title"], "", text["why"] + space + rest, "", *items, "", text["how"]])


def site_copy(path: Path, dest: Path) -> list[Need]:
    """Write the site's copy of the lesson at ``path`` into the folder ``dest``; its cells that need
    Python on a computer (none: the copy is the notebook, marked as running in the browser)."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    needs = needs_python(nb["cells"])
    copied = copy.deepcopy(nb)
    copied["metadata"][METADATA_KEY] = {"runs_in_browser": not needs, "needs_python": [n.number for n in needs]}
    if needs:
        text = note(needs, language(path), sum(c["cell_type"] == "code" for c in nb["cells"]))
        copied["cells"].insert(0, {"cell_type": "markdown", "id": "site-needs-python", "metadata": {},
                                   "source": text.splitlines(keepends=True)})
    dest.mkdir(parents=True, exist_ok=True)
    (dest / path.name).write_text(json.dumps(copied, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    return needs
