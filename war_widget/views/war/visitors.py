"""Served pages: each visitor plays their own game and keeps their own record, never another's.

Voila runs one kernel per visitor, but every kernel is the same OS user, so the records file in
the user's data folder would be one file for the whole class: the second child would be offered
the first child's game to resume, and all would share one record.  On a served page the default
``records=True`` therefore keeps the record in memory, for this visitor's page only (nothing is
written, no game is offered to resume).  An explicit ``records="path.json"`` is the teacher's
choice and is kept.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..records import default_path

__all__ = ["served_page", "records_path"]

_VOILA_VARS = ("VOILA_KERNEL_ID", "VOILA_BASE_URL", "VOILA_SERVER_URL", "VOILA_APP_PORT", "VOILA_REQUEST_URL")


def served_page(environ: Mapping[str, str] | None = None) -> bool:
    """True in a kernel that serves a page to visitors (Voila sets these variables for each)."""
    env = os.environ if environ is None else environ
    return any(env.get(name) for name in _VOILA_VARS) or env.get("SERVER_SOFTWARE", "").startswith("voila")


def records_path(records: bool | str | os.PathLike,
                 environ: Mapping[str, str] | None = None) -> Path | str | os.PathLike | None:
    """Where the widget keeps its record: None (in memory only) for ``False`` and for the
    default ``True`` on a served page; the user's data folder for ``True`` in a notebook; a
    given path as it is."""
    if records is False:
        return None
    if records is True:
        return None if served_page(environ) else default_path()
    return records
