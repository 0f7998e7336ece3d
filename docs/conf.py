"""Sphinx configuration of the documentation site: the README, the rules reference, the notebooks
rendered EXECUTED (their outputs from a fresh kernel, not the stripped stored ones), the API from the
docstrings, and the lessons' teacher guides.  Built offline with warnings as errors: ``sphinx-build
-W -b html docs docs/_build/html`` (``tests/docs/test_docs_site.py``).

The notebooks' outputs come from one execution: inside the test suite, nbval has just run every
notebook in a fresh kernel, and ``tests/docs/conftest.py`` hands its outputs to this build (the
folder in ``WAR_WIDGET_EXECUTED_NOTEBOOKS``), so CI runs each notebook once; any notebook without
such a copy (a build on its own, or a notebook changed since) is executed here with nbclient, two at
a time.  Plotly charts get their HTML (plotly.js served once from ``_static``, offline), and
widgets their static text; a widget's live table needs a kernel (the classroom page)."""
from __future__ import annotations

import json
import os
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT))

import war_widget  # noqa: E402

project = "war-widget"
author = "The war_widget maintainers"
copyright = "2026, The war_widget maintainers"
release = version = war_widget.__version__

extensions = ["myst_nb", "sphinx.ext.autodoc", "sphinx.ext.napoleon"]
myst_enable_extensions = ["colon_fence"]
myst_heading_anchors = 3
nb_execution_mode = "off"             # executed below (or by nbval in the tests), before Sphinx reads them
nb_merge_streams = True
exclude_patterns = ["_build", "notebooks/.ipynb_checkpoints", "teachers/guides/*.html"]
html_theme = "furo"
html_title = f"war-widget {release}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
suppress_warnings = ["myst.header"]   # the README's and notebooks' headings start where they start

# The notebooks live in notebooks/ (where nbval and the classroom page use them); the site shows
# executed copies, refreshed at every build.
_NOTEBOOKS = HERE / "notebooks"
_STATIC = HERE / "_static"
PLOTLY_JS = "plotly.min.js"          # served once; every chart's HTML loads it (offline)
# The docs build's own study size: notebook 10 plays WAR_STUDY_GAMES games per row (1,000,000 when
# unset, which alone passes nbclient's 900 s limit on a laptop without the compiled simulator); the
# build executes it with the test run's size, whose checked outputs nbval proves (a WAR_STUDY_GAMES
# set by the caller is kept).  The page prints the size it was built with.
DOCS_STUDY_GAMES = 20_000


def _code_sources(nb: dict[str, Any]) -> list[str]:
    return ["".join(c["source"]) if isinstance(c["source"], list) else c["source"]
            for c in nb["cells"] if c["cell_type"] == "code"]


def _ready_copy(source: Path, folder: str | None) -> dict[str, Any] | None:
    """The copy nbval executed of ``source`` in this test run, if there is one for its current code."""
    if not folder or not (Path(folder) / source.name).is_file():
        return None
    done = json.loads((Path(folder) / source.name).read_text(encoding="utf-8"))
    mine = json.loads(source.read_text(encoding="utf-8"))
    return done if _code_sources(done) == _code_sources(mine) else None


def _execute(source: Path) -> dict[str, Any]:
    """Run a notebook in a fresh kernel (in its own folder, with a throwaway records folder)."""
    import nbclient
    import nbformat

    nb = nbformat.read(source, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=900, kernel_name="python3", store_widget_state=True,
                                     resources={"metadata": {"path": str(source.parent)}})
    client.execute()
    return json.loads(nbformat.writes(nb))


def _plotly_html(nb: dict[str, Any], depth: str) -> None:
    """Give each Plotly chart its HTML (the site's HTML shows text/html, not Plotly's JSON)."""
    import plotly.io

    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            figure = data.pop("application/vnd.plotly.v1+json", None)   # (myst-nb warns on it, even beside HTML)
            if figure is not None and "text/html" not in data:
                data["text/html"] = plotly.io.to_html(figure, full_html=False,
                                                      include_plotlyjs=f"{depth}_static/{PLOTLY_JS}")


def _static_widgets(nb: dict[str, Any]) -> None:
    """A widget view on a static page renders as nothing (nbval keeps no widget state) or, with
    the state of a notebook executed here, as an anywidget whose module the page cannot load
    offline: show the widget's text instead, whichever run executed the notebook."""
    nb.get("metadata", {}).pop("widgets", None)
    for cell in nb["cells"]:
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "text/plain" in data:
                data.pop("application/vnd.jupyter.widget-view+json", None)


def _executed_notebooks() -> None:
    if _NOTEBOOKS.exists():
        shutil.rmtree(_NOTEBOOKS)
    _NOTEBOOKS.mkdir()
    sources = sorted((ROOT / "notebooks").glob("*.ipynb"))
    folder = os.environ.get("WAR_WIDGET_EXECUTED_NOTEBOOKS")
    ready = {s: _ready_copy(s, folder) for s in sources}
    missing = [s for s in sources if ready[s] is None]
    kept = {name: os.environ.get(name) for name in ("XDG_DATA_HOME", "WAR_STUDY_GAMES")}
    with tempfile.TemporaryDirectory() as data, ThreadPoolExecutor(max_workers=2) as pool:
        os.environ["XDG_DATA_HOME"] = data          # the kernels' records files: thrown away
        os.environ.setdefault("WAR_STUDY_GAMES", str(DOCS_STUDY_GAMES))     # the kernels inherit it
        try:
            ready.update(zip(missing, pool.map(_execute, missing), strict=True))
        finally:
            for name, value in kept.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value
    for source in sources:
        nb = ready[source]
        assert nb is not None
        _plotly_html(nb, "../")
        _static_widgets(nb)
        (_NOTEBOOKS / source.name).write_text(json.dumps(nb, ensure_ascii=False, indent=1), encoding="utf-8")
    print(f"notebooks: {len(sources) - len(missing)} executed by the tests, {len(missing)} executed now")
    _STATIC.mkdir(exist_ok=True)
    import plotly.offline

    (_STATIC / PLOTLY_JS).write_text(plotly.offline.get_plotlyjs(), encoding="utf-8")


_executed_notebooks()
html_static_path = ["_static"]

# The teacher guides and printables are written by war_widget.lessons (from its sources, at every
# build): the guides' Markdown becomes pages of the Teacher guides section, and the printables'
# HTML is published at the site's root (record_sheet_en.html, ...).
_GUIDES = HERE / "teachers" / "guides"
if _GUIDES.exists():
    shutil.rmtree(_GUIDES)
from war_widget.lessons import build as _build_lessons  # noqa: E402

_build_lessons(_GUIDES)
html_extra_path = [str(p.relative_to(HERE)) for p in sorted(_GUIDES.glob("*.html")) if not p.name.startswith("guide_")]
