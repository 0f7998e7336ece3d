"""The documentation site shows the notebooks executed, and CI runs each notebook once: nbval runs
them (``notebooks/`` in ``testpaths``), the site test runs after them (its items move to the end)
and hands nbval's outputs to the build (``executed_notebooks``), which executes only notebooks
without a complete copy (``docs/conf.py``)."""
from __future__ import annotations

import pytest
from executed_notebooks import is_notebook_cell

SITE_TEST = "test_docs_site.py"


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """The site's tests after every notebook cell (their order otherwise kept)."""
    site = [i for i in items if i.path.name == SITE_TEST]
    if site and any(is_notebook_cell(i) for i in items):
        items[:] = [i for i in items if i.path.name != SITE_TEST] + site
