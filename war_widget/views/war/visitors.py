"""Served pages: each visitor plays their own game and keeps their own record, never another's.

A page served to visitors runs every visitor's Python as the same OS user, so the records file in
the user's data folder would be one file for the whole class: the second child would be offered
the first child's game to resume, and all would share one record.  On a served page the default
``records=True`` therefore keeps the record in memory, for this visitor's page only (nothing is
written, no game is offered to resume).  An explicit ``records="path.json"`` is the teacher's
choice and is kept.

How a served page is told apart from a notebook (``served_page``):

* Voila runs one kernel per visitor and sets ``VOILA_*`` variables in each kernel's environment;
* ``marimo run`` runs every visitor's session in one server process (so no environment variable
  can tell one visitor from another): marimo's own runtime context says, per session, that the
  app is being *run* (``marimo.app_meta().mode == "run"``) rather than edited; marimo is asked
  only if it is already imported (never imported here);
* the static classroom site (Pyodide, JupyterLite) is not a served kernel: each visitor's Python
  runs in their own browser, and the records file lives in that browser's own storage
  (``/drive``), so ``records=True`` keeps it there: each browser keeps its own.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from ..records import default_path

__all__ = ["served_page", "records_path", "marimo_mode"]

_VOILA_VARS = ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_SERVER_URL", "VOILA_APP_PORT", "VOILA_REQUEST_URL")


def marimo_mode() -> str | None:
    """marimo's mode for the running session ("run", "edit", "script", "test"), or None when
    marimo is not imported or has no session here."""
    marimo = sys.modules.get("marimo")
    if marimo is None:
        return None
    try:
        mode = marimo.app_meta().mode
    except Exception:          # an older marimo, or no runtime context: not a marimo app
        return None
    return mode if isinstance(mode, str) else None


def served_page(environ: Mapping[str, str] | None = None,
                marimo: Callable[[], str | None] | None = None) -> bool:
    """True in a kernel that serves a page to visitors: Voila (its variables) or ``marimo run``
    (its runtime context).  ``environ`` and ``marimo`` stand in for the process's for tests."""
    env = os.environ if environ is None else environ
    if any(env.get(name) for name in _VOILA_VARS) or env.get("SERVER_SOFTWARE", "").startswith("voila"):
        return True
    return (marimo or marimo_mode)() == "run"


def records_path(records: bool | str | os.PathLike[str],
                 environ: Mapping[str, str] | None = None,
                 marimo: Callable[[], str | None] | None = None) -> Path | str | os.PathLike[str] | None:
    """Where the widget keeps its record: None (in memory only) for ``False`` and for the
    default ``True`` on a served page; the user's data folder for ``True`` in a notebook (and in
    the browser, the browser's own storage); a given path as it is."""
    if records is False:
        return None
    if records is True:
        return None if served_page(environ, marimo) else default_path()
    return records
