"""Write the lessons' files into one folder: guides (HTML + Markdown) and printables (HTML).

Written atomically (a temporary file, then a rename), so a page is never half written.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .guides import GUIDES, guide_html, guide_markdown
from .printables import dot_cards, dot_cards_board, record_sheet, rules_card

__all__ = ["build", "PRINTABLES"]

PRINTABLES = {"record_sheet": record_sheet, "dot_cards": dot_cards, "dot_cards_board": dot_cards_board,
              "rules_card": rules_card}


def _write(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def build(folder: str | os.PathLike[str]) -> list[Path]:
    """Write every guide and printable into ``folder`` (made if missing); the paths of the files written.

    Names: ``guide_<lesson>_<lang>.html`` / ``.md`` and ``<printable>_<lang>.html``."""
    out = Path(folder)
    if out.exists() and not out.is_dir():
        raise ValueError(f"build needs a folder to write the lessons into; {str(out)!r} is a file")
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for (lesson, lang), g in sorted(GUIDES.items()):
        for suffix, text in (("html", guide_html(g)), ("md", guide_markdown(g))):
            path = out / f"guide_{lesson}_{lang}.{suffix}"
            _write(path, text)
            written.append(path)
    for name, make in PRINTABLES.items():
        for lang in ("en", "ja"):
            path = out / f"{name}_{lang}.html"
            _write(path, make(lang))
            written.append(path)
    return written
