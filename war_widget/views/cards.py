"""The cards every table draws (War, Steal War) and the small parts the tables share: count
badges, text sized to fit, eased motion.  Pure geometry, like ``war.layout``: lists of the draw
operations of ``ops``, which ``draw.Painter`` paints, so tests count what a person would count.

Card faces a child can count: number cards with their pips in the usual layout, picture
cards that look like a jack, a queen and a king.

Every face keeps the big rank in the top-left corner (the glyph the classroom reads from the
back of the room, at least 34 CSS px).  Below it:

* 2-10: as many suit signs ("pips") as the number, placed as on a printed card (two columns
  and a middle one: the 7 has 3 + 1 + 3, the 10 has 4 + 2 + 4), so "the 7♥ has seven hearts,
  count them" works on the screen too; the ace has one big pip;
* J, Q, K: a framed picture: a cap with a bobble for the jack, a crown with jewels for the
  queen, a three-pointed crown for the king, with the suit under it;
* with the teaching aids, the value the rules give the card (J 11, Q 12, K 13, A 14 or 1) in
  the top-right corner, where the suit sign is shown otherwise.

Each operation is tagged (``pip:7H`` for each pip); a joker is a big star and JOKER; a card
face down is its back (``card_ops``).
"""
from __future__ import annotations

from ..game.cards import Card
from .ops import BACK, BACK_EDGE, GOLD, INK, RANK_PX, RED, WHITE, Circle, Line, Op, Shape, Text

__all__ = ["card_ops", "face_ops", "rank_glyph", "PIPS", "SUIT_GLYPH", "badge_ops", "badge_ink",
           "contrast", "fit_size", "text_ems", "ease"]

_L, _C, _R = 0.0, 0.5, 1.0
# (column, row) of each pip in a unit box: the usual layout of a printed card
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    2: ((_C, 0), (_C, 1)),
    3: ((_C, 0), (_C, 0.5), (_C, 1)),
    4: ((_L, 0), (_R, 0), (_L, 1), (_R, 1)),
    5: ((_L, 0), (_R, 0), (_C, 0.5), (_L, 1), (_R, 1)),
    6: ((_L, 0), (_R, 0), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    7: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_L, 1), (_R, 1)),
    8: ((_L, 0), (_R, 0), (_C, 0.25), (_L, 0.5), (_R, 0.5), (_C, 0.75), (_L, 1), (_R, 1)),
    9: ((_L, 0), (_R, 0), (_L, 1 / 3), (_R, 1 / 3), (_C, 0.5), (_L, 2 / 3), (_R, 2 / 3), (_L, 1), (_R, 1)),
    10: ((_L, 0), (_R, 0), (_C, 1 / 6), (_L, 1 / 3), (_R, 1 / 3), (_L, 2 / 3), (_R, 2 / 3), (_C, 5 / 6),
         (_L, 1), (_R, 1)),
}
SUIT_GLYPH = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_PICTURE_INK = "#8a6d00"


def face_ops(card: Card, x: float, y: float, w: float, h: float, color: str,
             values: dict[int, int] | None, tag: str) -> list[Op]:
    """The face of a plain (non-joker) card inside the card outline at (x, y, w, h)."""
    s = w / 150                                  # the two-player card is 150 x 210 canvas px
    glyph = card.rank_name
    suit = SUIT_GLYPH[card.suit]
    rank_px = RANK_PX if len(glyph) == 1 else RANK_PX - 4   # "10" is wide; still 36 CSS px
    ops: list[Op] = [Text(round(x + 8 * s), round(y + 42 * s), glyph, rank_px, color, align="left",
                          tag=f"rank:{card.code}")]
    value = (values or {}).get(card.rank)
    if value is not None:
        ops.append(Text(round(x + w - 10 * s), round(y + 26 * s), str(value), round(30 * s), "#555555",
                        align="right", tag=f"value:{card.code}"))
    else:
        wide = len(glyph) > 1                    # "10" reaches further right: a smaller sign, further out
        ops.append(Text(round(x + w - (15 if wide else 24) * s), round(y + 28 * s), suit,
                        round((26 if wide else 36) * s), color, tag=f"suit:{card.code}"))
    # the pip box: below the corner rank, inset from the sides
    left, right = x + 0.25 * w, x + 0.75 * w
    top, bottom = y + 0.47 * h, y + 0.91 * h
    if card.rank <= 10:
        size = round((24 if card.rank >= 9 else 28) * s)
        for col, row in PIPS[card.rank]:
            ops.append(Text(round(left + (right - left) * col), round(top + (bottom - top) * row), suit, size,
                            color, bold=False, tag=f"pip:{card.code}"))
    elif card.rank == 14:
        ops.append(Text(round(x + w / 2), round((top + bottom) / 2), suit, round(64 * s), color, bold=False,
                        tag=f"pip:{card.code}"))
    else:
        ops += _picture(card, x, y, w, h, s, color, suit, tag)
    return ops


def _picture(card: Card, x: float, y: float, w: float, h: float, s: float, color: str, suit: str,
             tag: str) -> list[Op]:
    """J, Q, K: a pale frame with a cap or a crown, and the suit under it."""
    fx, fy, fw, fh = x + 0.14 * w, y + 0.44 * h, 0.72 * w, 0.5 * h
    ops: list[Op] = [Shape(round(fx), round(fy), round(fw), round(fh), "#fff4cc", GOLD, 3, round(8 * s),
                           tag=f"picture:{card.code}")]
    lx, r, c = fx + 0.16 * fw, fx + 0.84 * fw, fx + fw / 2   # left, right, centre
    top, base = fy + 0.12 * fh, fy + 0.45 * fh
    mid = (top + base) / 2
    pts: tuple[tuple[float, float], ...]
    if card.rank == 13:      # king: a three-pointed crown
        pts = ((lx, base), (lx, top), ((lx + c) / 2, mid), (c, top), ((c + r) / 2, mid), (r, top), (r, base),
               (lx, base))
        ops.append(Line(_ints(pts), _PICTURE_INK, round(4 * s), tag=f"crown:{card.code}"))
    elif card.rank == 12:    # queen: a crown with a jewel on each point
        pts = ((lx, base), (lx, mid), ((lx + c) / 2, top), (c, mid), ((c + r) / 2, top), (r, mid), (r, base),
               (lx, base))
        ops.append(Line(_ints(pts), _PICTURE_INK, round(4 * s), tag=f"crown:{card.code}"))
        ops += [Circle(round(px), round(top), round(5 * s), color, tag=f"jewel:{card.code}")
                for px in ((lx + c) / 2, (c + r) / 2)]
    else:                    # jack: a pointed cap with a bobble
        pts = ((lx, base), (c, top), (r, base), (lx, base))
        ops.append(Line(_ints(pts), _PICTURE_INK, round(4 * s), tag=f"cap:{card.code}"))
        ops.append(Circle(round(c), round(top), round(6 * s), color, tag=f"bobble:{card.code}"))
    ops.append(Text(round(c), round(fy + 0.72 * fh), suit, round(40 * s), color, bold=False,
                    tag=f"picture-suit:{card.code}"))
    return ops


def _ints(points) -> tuple[tuple[int, int], ...]:
    return tuple((round(px), round(py)) for px, py in points)


# --- a whole card ----------------------------------------------------------------------------
def rank_glyph(card: Card) -> str:
    """The big sign of a card: its rank, or a star for a joker."""
    return "★" if card.is_joker else card.rank_name


def card_ops(card: Card | None, x: float, y: float, w: float, h: float, *, face_up: bool = True,
             highlight: bool = False, values: dict[int, int] | None = None, tag: str = "card") -> list[Op]:
    """One card: a face (big rank, suit, corner index; jokers as a star and JOKER) or a back."""
    radius = w * 0.08
    if card is None or not face_up:
        ops: list[Op] = [Shape(x, y, w, h, BACK, WHITE, 4, radius, tag=f"{tag}-back"),
                         Shape(x + 12, y + 12, w - 24, h - 24, None, BACK_EDGE, 3, radius * 0.6, tag=f"{tag}-back")]
        if highlight:
            ops.append(Shape(x - 6, y - 6, w + 12, h + 12, None, GOLD, 8, radius, tag=f"{tag}-highlight"))
        return ops
    color = RED if card.is_red else INK
    ops = [Shape(x, y, w, h, WHITE, GOLD if highlight else "#9e9e9e", 8 if highlight else 3, radius,
                 tag=f"{tag}-face")]
    if not card.is_joker:  # number cards with their pips, pictures for J Q K
        return ops + face_ops(card, x, y, w, h, color, values, tag)
    glyph = rank_glyph(card)
    rank_px = RANK_PX if len(glyph) == 1 else RANK_PX - 4   # "10" is wide; still 36 CSS px
    ops.append(Text(x + w / 2, y + h * 0.40, glyph, rank_px, color, tag=f"rank:{card.code}"))
    ops.append(Text(x + w / 2, y + h * 0.74, "JOKER", int(w * 0.19), color, tag="joker"))
    return ops


# --- badges, text that fits, motion ----------------------------------------------------------
def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    def lum(colour: str) -> float:
        rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b_ = (c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_
    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def badge_ink(background: str) -> str:
    """White count text on a dark badge, ink on a light one (whichever reads at >= 4.5:1)."""
    return WHITE if contrast(WHITE, background) >= 4.5 else INK


def badge_ops(x: float, y: float, n: int, colour: str, tag: str, radius: float = 34, size: int = 34) -> list[Op]:
    """A count on a round badge of a seat's colour, its number in white or ink (whichever reads)."""
    return [Circle(x, y, radius, colour, tag=f"{tag}-bg"), Text(x, y, str(n), size, badge_ink(colour), tag=tag)]


def text_ems(text: str) -> float:
    """Rough width of ``text`` in ems: kana, kanji and full-width signs 1, other characters 0.6."""
    return sum(1.0 if ord(ch) >= 0x2E80 else 0.6 for ch in text)


def fit_size(text: str, size: int, width: float) -> int:
    """``size``, or smaller (not under 28 px) so ``text`` fits in ``width`` canvas px: a Japanese
    banner ("コンピューターの かち！") is twice as wide as its English ("Computer wins!")."""
    return max(28, min(size, int(width / max(text_ems(text), 0.1))))


def ease(t: float) -> float:
    """Smooth start and stop: 0 at 0, 1 at 1 (smoothstep)."""
    return t * t * (3 - 2 * t)
