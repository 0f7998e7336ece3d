"""A card said as a child reads it: its rank on the card face, a joker by name.

``card_glyph`` is what a question, an answer and a teaching aid print for a card ("K", "10",
and 「ジョーカー」 in Japanese, never the card face's JOKER); the rank carries no suit, since the
suit never matters in War.

>>> from war_widget import Card
>>> card_glyph(Card.parse("KS")), card_glyph(Card.parse("RJ"), "ja"), card_glyph(Card.parse("BJ"))
('K', 'ジョーカー', 'Joker')
"""
from __future__ import annotations

from ..game.cards import Card
from .i18n import register

__all__ = ["card_glyph"]


def card_glyph(card: Card, lang: str = "en") -> str:
    """The rank of ``card`` as printed ("A", "10"); a joker is "Joker" / 「ジョーカー」."""
    if card.is_joker:
        return "Joker" if register(lang) == "en" else "ジョーカー"
    return card.rank_name
