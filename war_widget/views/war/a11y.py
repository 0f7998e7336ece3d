"""The table's accessible name: what the canvas shows, in one sentence a screen reader can say.

"War table. You 30 cards, Computer 22 cards. 12 / 40 rounds. On the table: 9♥ against 7♣."
The widget keeps it in ``w.table_name``; a small anywidget (``TableName``, in the row under the table) sets the table's
``role="img"`` and ``aria-label`` in the browser, so this text is its name.  The
narration under the table stays the running text alternative (``role=log``, ``aria-live``).
"""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from ...text.i18n import label
from ...text.narration import card_text

__all__ = ["TABLE_ROLE", "TableName", "name_table", "table_name"]

TABLE_ROLE = "img"

_ESM = r"""
function render({ model, el }) {
  el.style.display = 'none';
  const apply = () => {
    const root = el.closest('.war-widget');
    const table = root && root.querySelector('.war-table');
    if (!table) return;
    const name = model.get('name'), role = model.get('role');
    for (const node of [table, ...table.querySelectorAll('canvas[tabindex]')]) {
      if (node.getAttribute('role') !== role) node.setAttribute('role', role);
      if (node.getAttribute('aria-label') !== name) node.setAttribute('aria-label', name);
    }
  };
  model.on('change:name', apply);
  const timer = setInterval(apply, 1000);
  requestAnimationFrame(apply);
  return () => clearInterval(timer);
}
export default { render };
"""


class TableName(anywidget.AnyWidget):
    """Gives the table canvas (``.war-table`` in the same ``.war-widget``) its role and its
    accessible name in the browser; shows nothing itself."""

    _esm = _ESM
    name = traitlets.Unicode("").tag(sync=True)
    role = traitlets.Unicode(TABLE_ROLE).tag(sync=True)


def table_name(w: Any) -> str:
    """The counts of every player, the round, and the face-up cards on the table."""
    game, lang = w.game, w._reg
    counts = label("sep", lang).join(label("table_count_1" if n == 1 else "table_count", lang, name=name, n=n)
                                    for name, n in zip(w.names, game.counts, strict=True))
    name = label("table_name", lang, counts=counts, progress=w.session.progress()[1])
    up = [t for t in game.table if t.face_up]
    if up:
        last = {t.player: t.card for t in up}
        cards = label("table_vs", lang).join(card_text(c, lang) for _, c in sorted(last.items()))
        name += " " + label("table_cards", lang, cards=cards) + ("." if lang == "en" else "。")
    return name


def name_table(w: Any) -> None:
    """Keep ``w.table_name`` and the browser's name of the table in step with the game (a message
    only when the words change)."""
    name = table_name(w)
    w.table_name = name
    labeller = w.history.labeller
    if labeller.name != name:
        labeller.name = name
