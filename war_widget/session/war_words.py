"""How a War session speaks: its language, the register (everyday or children's words), the
teaching aids that go with it, and the teacher's ``name`` for the game (no word of war on the
page).  One owner for these values (``Voice``), so every line the session says, every label a view
asks for and the end banner are in the same words.

>>> v = Voice("ja", None, aids=None, kids=True)
>>> v.reg, v.aids
('ja_kids', True)
"""
from __future__ import annotations

from ..text.i18n import check_war_lang, label, register
from ..text.naming import check_name, named_label, renamed
from .options import check_flag

__all__ = ["Voice"]


class Voice:
    """The session's words.  ``aids`` None: on exactly in the kids presets (``kids``), and it
    follows the preset picked later; True or False: the teacher's choice, kept."""

    def __init__(self, lang: str, name: str | None, aids: bool | None, kids: bool) -> None:
        self.lang = check_war_lang(lang)          # "en", "ja" or "ja_kana" (the first-grade register)
        self.name = check_name(name)              # the game's name on the page: no "war" a child reads
        if aids is not None:
            check_flag("aids", aids)
        self.aids_explicit = aids is not None
        self.kids = kids                          # the kids presets: the children's register, kept
        self.aids = bool(aids) if aids is not None else kids

    @property
    def reg(self) -> str:
        """The register of every word: children's Japanese ("ja_kids") in the kids presets (and
        whatever option changes after) and whenever the teaching aids are on in Japanese."""
        return register(self.lang, self.aids or self.kids)

    def words(self, text: str) -> str:
        """A line as the table says it: under a ``name`` with no word of war (text.naming)."""
        return renamed(text, self.reg) if self.name is not None else text

    def label(self, key: str, **fields: object) -> str:
        """The label ``key`` in the register, under the ``name`` when one is set."""
        return named_label(key, self.reg, self.name, **fields)

    @property
    def title(self) -> str:
        """The game's name as the page shows it: the teacher's ``name``, else War in the register."""
        return self.name if self.name is not None else label("title", self.reg)

    def preset(self, kids: bool) -> None:
        """A preset was picked (or a game number, a saved game): its register, and its aids
        unless the teacher chose them."""
        self.kids = kids
        if not self.aids_explicit:
            self.aids = kids

    def set_aids(self, on: bool) -> None:
        self.aids, self.aids_explicit = on, True
