"""The classroom site's page (tools/build_site.py): one War table against the computer with the
child's lifetime record under it.

The record is kept in the records store at ``records.default_path()``: in the browser
(JupyterLite) a file at the root of ``/drive``, which the browser keeps in its own storage, so
the record stays on the child's device only and survives a reload (the store writes it whole,
``session.store``'s ``whole_file``).  If the store cannot be opened the table still plays, with
the record kept in memory and the problem said under it.
"""
from __future__ import annotations

import html
import os
from typing import Any

import ipywidgets

from ..text.i18n import label, notice_text, record_line
from .component import TableComponent
from .records import Records, default_path

__all__ = ["ClassroomTable"]


class ClassroomTable(ipywidgets.VBox):
    """The table (``TableComponent``, recording) and the record line, updated after each action.

    ``records`` is the records file (default: ``records.default_path()``); other arguments go to
    ``TableComponent``."""

    def __init__(self, lang: str = "en", records: str | os.PathLike[str] | None = None, **table: Any) -> None:
        super().__init__()
        self.problem: str | None = None
        store: Records | None
        try:
            store = Records(default_path() if records is None else records)
        except OSError as exc:
            store, self.problem = None, notice_text("records", exc, lang)
        self.records = store
        self.table = TableComponent(lang=lang, records=store, recording=store is not None, **table)
        self.record = ipywidgets.HTML()
        self.table.listeners.append(lambda _beats: self._show())
        self._show()
        self.children = (self.table, self.record)

    def record_text(self) -> str:
        """"Your record: 3 games · 2 wins · ..." in the table's language (or why there is none)."""
        reg = self.table.play.reg
        record = self.table.play.session.record
        if record is None:
            return self.problem or label("res_record_off", reg)
        return f"{label('res_record', reg)}: {record_line(record, reg)}"

    def _show(self) -> None:
        self.record.value = f'<p data-role="record">{html.escape(self.record_text())}</p>'
