"""Sphinx configuration of the documentation site: the README, the rules reference, the notebooks
rendered with the outputs they are stored with (not executed: they run, and are checked, under
nbval in the tests; executing them here would double CI time), the API from the docstrings, and the
lessons' teacher guides.  Built offline with warnings as errors: ``sphinx-build -W -b html docs
docs/_build/html`` (``tests/docs/test_docs_site.py``)."""
from __future__ import annotations

import shutil
import sys
from pathlib import Path

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
nb_execution_mode = "off"             # the stored outputs are shown; nbval checks them in the tests
nb_merge_streams = True
exclude_patterns = ["_build", "notebooks/.ipynb_checkpoints", "teachers/guides/*.html"]
html_theme = "furo"
html_title = f"war-widget {release}"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "undoc-members": False}
suppress_warnings = ["myst.header"]   # the README's and notebooks' headings start where they start

# The notebooks live in notebooks/ (where nbval and the classroom page use them); the site shows
# copies, refreshed at every build.
_NOTEBOOKS = HERE / "notebooks"
if _NOTEBOOKS.exists():
    shutil.rmtree(_NOTEBOOKS)
_NOTEBOOKS.mkdir()
for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
    shutil.copy2(notebook, _NOTEBOOKS / notebook.name)

# The teacher guides and printables are written by war_widget.lessons (from its sources, at every
# build): the guides' Markdown becomes pages of the Teacher guides section, and the printables'
# HTML is published at the site's root (record_sheet_en.html, ...).
_GUIDES = HERE / "teachers" / "guides"
if _GUIDES.exists():
    shutil.rmtree(_GUIDES)
from war_widget.lessons import build as _build_lessons  # noqa: E402

_build_lessons(_GUIDES)
html_extra_path = [str(p.relative_to(HERE)) for p in sorted(_GUIDES.glob("*.html")) if not p.name.startswith("guide_")]
