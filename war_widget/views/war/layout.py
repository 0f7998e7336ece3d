"""Where everything on the War table goes: pure geometry, from a snapshot of the game to a list
of draw operations.

Nothing here touches a canvas, so tests can check what a person would see (ranks, badges,
where flying cards land) without a browser.  Coordinates are canvas pixels of a canvas drawn at
twice its CSS size (1600 x 1000 pixels shown as 800 x 500 CSS px).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...game.engine import TableCard
from ...session.view import TableView, compare_text
from ..cards import badge_ink, card_ops, contrast, ease, fit_size, rank_glyph, text_ems
from ..ops import (
    BACK,
    BACK_EDGE,
    BAR_BOTTOM,
    BAR_TOP,
    BAR_W,
    BAR_X,
    CSS_HEIGHT,
    CSS_WIDTH,
    FELT,
    FELT_DARK,
    GOLD,
    HEIGHT,
    INK,
    RANK_PX,
    RED,
    SCALE,
    SEAT_COLOURS,
    WAR_MARKER,
    WHITE,
    WIDTH,
    Circle,
    Line,
    Op,
    Shape,
    Text,
)

__all__ = ["TableView", "Seat", "seats", "base_ops", "table_ops", "card_ops", "card_positions", "flight_frames",
           "shuffle_frames", "pile_at", "target_of", "compare_text", "pile_ops", "count_ops", "stack_level",
           "highlighted_pile", "tagged", "contrast", "badge_ink", "fit_size", "text_ems", "BANNER_ROOM",
           # the drawing vocabulary of ops.py, re-exported: part of layout's interface
           "WIDTH", "HEIGHT", "SCALE", "CSS_WIDTH", "CSS_HEIGHT", "RANK_PX", "FELT", "FELT_DARK", "INK", "RED",
           "BACK", "BACK_EDGE", "GOLD", "WHITE", "SEAT_COLOURS", "WAR_MARKER", "BAR_X", "BAR_W", "BAR_TOP",
           "BAR_BOTTOM", "Shape", "Text", "Line", "Circle", "Op"]


# --- what is shown: session.view.TableView (the session builds one after every beat)


@dataclass(frozen=True)
class Seat:
    """Where one player's piles and battle cards sit."""

    pile: tuple[float, float]
    won: tuple[float, float]
    battle: tuple[float, float]
    step: tuple[float, float]     # from one war slot to the next
    peek: tuple[float, float]     # face-down cards peek out from under a slot this way
    name: tuple[float, float]
    card: tuple[float, float]     # card width, height
    name_align: str = "center"


def seats(players: int) -> list[Seat]:
    """The seats of a 2, 3 or 4 player table: bottom is player 1, then clockwise (2 players:
    player 2 on top)."""
    if players == 2:
        size = (150.0, 210.0)
        return [Seat((100, 700), (280, 700), (480, 530), (190, 0), (0, 16), (250, 962), size),
                Seat((100, 90), (280, 90), (480, 250), (190, 0), (0, -16), (250, 326), size)]
    size = (120.0, 168.0)
    bottom = Seat((440, 805), (300, 805), (660, 600), (140, 0), (0, 14), (590, 890), size, "left")
    left = Seat((60, 430), (60, 640), (230, 430), (140, 0), (-12, 0), (40, 385), size, "left")
    top = Seat((440, 80), (300, 80), (660, 250), (140, 0), (0, -14), (590, 165), size, "left")
    right = Seat((1340, 430), (1340, 640), (1180, 430), (-140, 0), (12, 0), (1470, 385), size, "right")
    return [bottom, left, top] if players == 3 else [bottom, left, top, right]


def pile_at(view: TableView, player: int) -> tuple[float, float, float, float]:
    """The hand pile's rectangle (x, y, w, h): the target of a click on the pile."""
    seat = seats(view.players)[player]
    return seat.pile + seat.card


def target_of(view: TableView, player: int) -> tuple[float, float]:
    """Where cards won by ``player`` go: under the hand, or onto the won (or set-aside) pile."""
    seat = seats(view.players)[player]
    return seat.pile if view.capture == "bottom" else seat.won




def card_positions(view: TableView) -> list[tuple[TableCard, float, float]]:
    """Where each table card lies: per player, one slot per battle (war), at most three slots
    side by side (older battles overlap in the first); face-down cards peek out under their slot."""
    return [(t, x, y) for t, x, y, _ in _positions(view)]


def _positions(view: TableView) -> list[tuple[TableCard, float, float, bool]]:
    """As card_positions, with a flag for face-up cards covered by a newer battle's cards."""
    out: list[tuple[TableCard, float, float, bool]] = []
    layout = seats(view.players)
    for p in range(view.players):
        mine = [t for t in view.table if t.player == p]
        if not mine:
            continue
        seat = layout[p]
        battles = sorted({t.battle for t in mine})
        slot_of = {}
        for i, b in enumerate(battles):
            old = len(battles) - 3
            slot_of[b] = (0, 12 * i) if i <= old else (i - max(old, 0), 0)
        newest_in_first = max(b for b in battles if slot_of[b][0] == 0)
        for b in battles:
            slot, shift = slot_of[b]
            covered = slot == 0 and b != newest_in_first
            bx = seat.battle[0] + slot * seat.step[0] + shift
            by = seat.battle[1] + slot * seat.step[1]
            down = [t for t in mine if t.battle == b and not t.face_up]
            up = [t for t in mine if t.battle == b and t.face_up]
            for k, t in enumerate(down):
                depth = min(len(down) - k, 4)
                out.append((t, bx + seat.peek[0] * depth, by + seat.peek[1] * depth, False))
            for t in up:
                out.append((t, bx, by, covered))
    return out


# --- the layers -------------------------------------------------------------------------------
def base_ops(view: TableView) -> list[Op]:
    """Felt, piles and counts: everything under the table cards (``felt`` + ``pile_ops`` +
    ``count_ops``)."""
    return [Shape(0, 0, WIDTH, HEIGHT, FELT, tag="felt")] + pile_ops(view) + count_ops(view)


def stack_level(n: int) -> int:
    """How thick a face-down pile of ``n`` cards is drawn: 0 (empty), 1, 2 or 3 cards."""
    return 0 if n <= 0 else 1 if n == 1 else 2 if n < 8 else 3


def highlighted_pile(view: TableView) -> int | None:
    """The pile shown as the last winner's (only once the table is cleared)."""
    return view.winner if not view.table else None


def pile_ops(view: TableView) -> list[Op]:
    """The face-down piles (hand, and won pile unless won cards go under the hand), names,
    the last winner's pile highlighted, players out crossed.  Changes only when a pile's
    thickness changes, so it is a layer of its own."""
    piles: list[Op] = []
    winner = highlighted_pile(view)
    for p, seat in enumerate(seats(view.players)):
        w, h = seat.card
        x, y = seat.pile
        piles += _stack(x, y, w, h, view.hands[p], f"pile:{p}")
        if view.capture != "bottom":
            piles += _stack(*seat.won, w, h, view.won[p], f"won:{p}")
        if winner == p:
            piles.append(Shape(x - 10, y - 18, w + 28, h + 28, None, GOLD, 8, w * 0.1, tag=f"winner:{p}"))
        if view.out and view.out[p]:
            piles.append(Line(((x, y), (x + w, y + h)), "#ffffff", 6, tag=f"out:{p}"))
        piles.append(Text(seat.name[0], seat.name[1], view.names[p], 32, WHITE, align=seat.name_align,
                          tag=f"name:{p}"))
    # Piles never overlap one another, so the same kind of drawing for every pile can go in one
    # call: card bodies, then borders, then lines and texts (order kept within a pile).
    return sorted(piles, key=_z)


def count_ops(view: TableView) -> list[Op]:
    """What changes every time cards move: the progress bar, the count badges, the won-pile
    counts and the count bar at the right edge with its dotted midline."""
    ops = _progress_ops(view)
    big = view.players == 2
    for p, seat in enumerate(seats(view.players)):
        w, h = seat.card
        x, y = seat.pile
        ops.append(Circle(x + w, y, 36 if big else 30, SEAT_COLOURS[p], tag=f"badge-bg:{p}"))
        ops.append(Text(x + w, y, str(view.counts[p]), 36 if big else 30, badge_ink(SEAT_COLOURS[p]),
                        tag=f"badge:{p}"))
        if view.capture != "bottom":
            wx, wy = seat.won
            ops.append(Text(wx + w / 2, wy + h / 2, str(view.won[p]), 30, WHITE, tag=f"won-count:{p}"))
    return ops + _count_bar_ops(view)


def _z(op: Op) -> int:
    if isinstance(op, Shape):
        return 0 if op.fill else 1
    return {Line: 2, Circle: 3}.get(type(op), 4)


def _progress_ops(view: TableView) -> list[Op]:
    x, y, w, h = 40, 24, 1440, 40
    ops: list[Op] = [Shape(x, y, w, h, FELT_DARK, tag="progress-bg")]
    if view.progress is not None:
        frac = min(max(view.progress, 0.0), 1.0)
        if frac > 0:  # a mid green: white text on it stays readable (contrast about 4.9:1)
            ops.append(Shape(x, y, max(w * frac, 40), h, "#2f8a34", tag="progress-fill"))
            ops.append(Shape(x, y + h - 6, max(w * frac, 40), 6, "#8bc34a", tag="progress-edge"))
    ops.append(Text(x + 24, y + h / 2, view.progress_text, 30, WHITE, align="left", tag="progress-text"))
    return ops


def _stack(x: float, y: float, w: float, h: float, n: int, tag: str) -> list[Op]:
    level = stack_level(n)
    if not level:
        return [Shape(x, y, w, h, None, "#cfe8d8", 3, w * 0.08, dash=(12, 10), tag=f"{tag}-empty")]
    # the cards under the top one show only their edge: one style, so one call for the stack
    ops: list[Op] = [Shape(x + 4 * i, y - 4 * i, w, h, BACK, WHITE, 4, w * 0.08, tag=f"{tag}-back")
                     for i in range(level - 1, 0, -1)]
    return ops + card_ops(None, x, y, w, h, face_up=False, tag=tag)


def _count_bar_ops(view: TableView) -> list[Op]:
    height = BAR_BOTTOM - BAR_TOP
    ops: list[Op] = [Shape(BAR_X, BAR_TOP, BAR_W, height, FELT_DARK, "#cfe8d8", 2, tag="countbar")]
    total = max(view.total, 1)
    counts = view.counts
    if view.players == 2:
        bottom = height * counts[0] / total
        top = height * counts[1] / total
        if bottom:
            ops.append(Shape(BAR_X, BAR_BOTTOM - bottom, BAR_W, bottom, SEAT_COLOURS[0], tag="countbar:0"))
        if top:
            ops.append(Shape(BAR_X, BAR_TOP, BAR_W, top, SEAT_COLOURS[1], tag="countbar:1"))
    else:
        y: float = BAR_BOTTOM
        for p, c in enumerate(counts):
            part = height * c / total
            if part:
                ops.append(Shape(BAR_X, y - part, BAR_W, part, SEAT_COLOURS[p], tag=f"countbar:{p}"))
            y -= part
    mid = BAR_TOP + height / 2
    ops.append(Line(((BAR_X - 14, mid), (BAR_X + BAR_W + 14, mid)), WHITE, 3, (6, 6), tag="midline"))
    return ops


def table_ops(view: TableView) -> list[Op]:
    """Layer 1: the cards on the table, cards waiting face down, the teaching aid and banner."""
    ops: list[Op] = []
    layout = seats(view.players)
    last_up = {}
    for t in view.table:
        if t.face_up:
            last_up[t.player] = t
    for t, x, y, covered in _positions(view):
        w, h = layout[t.player].card
        if covered:  # an older war card under a newer one: only its edge shows
            ops.append(Shape(x, y, w, h, WHITE, "#9e9e9e", 3, w * 0.08, tag=f"table:{t.player}-covered"))
            continue
        hl = view.winner == t.player and last_up.get(t.player) is t
        ops += card_ops(t.card, x, y, w, h, face_up=t.face_up, highlight=hl, values=view.values,
                        tag=f"table:{t.player}")
    for p in view.waiting:
        seat = layout[p]
        ops += card_ops(None, seat.battle[0], seat.battle[1], *seat.card, face_up=False, tag=f"waiting:{p}")
    ax, ay = (1270, 495) if view.players == 2 else (1290, 150)
    room = BANNER_ROOM if view.players == 2 else BANNER_ROOM - 40
    if view.aid:
        ops.append(Text(ax, ay - (0 if view.players == 2 else 0), view.aid, fit_size(view.aid, 64, room), WHITE,
                        tag="aid"))
    if view.banner:
        by = ay + (90 if view.aid else 0) if view.players == 2 else 250
        ops.append(Text(ax, by, view.banner, fit_size(view.banner, 72, room), GOLD, tag="banner"))
    return ops


BANNER_ROOM = 480      # canvas px between the war slots and the count bar (two players)


# --- animation frames -----------------------------------------------------------------------


def flight_frames(view: TableView, destinations: dict[int, tuple[float, float]] | tuple[float, float],
                  frames: int = 8) -> list[list[Op]]:
    """Frames of the table cards of ``view`` flying to their destination piles.

    ``destinations``: one point for all cards (the winner's pile) or one per player who laid
    them (cards going back).  The last frame has every card exactly on its destination."""
    layout = seats(view.players)
    moves = []
    for t, x, y in card_positions(view):
        dest = destinations if isinstance(destinations, tuple) else destinations[t.player]
        moves.append((t, x, y, dest, layout[t.player].card))
    moves.sort(key=lambda m: m[0].face_up)  # backs first, then faces: fewer style changes
    out = []
    for i in range(1, frames + 1):
        k = ease(i / frames)
        ops: list[Op] = []
        for t, x, y, (dx, dy), (w, h) in moves:
            px, py = x + (dx - x) * k, y + (dy - y) * k
            if t.face_up and i < frames:
                ops.append(Shape(px, py, w, h, WHITE, None, 0, w * 0.08, tag="flying-face"))
                corner = not t.card.is_joker   # as on the face (views/cards.py): the rank in the corner
                ops.append(Text(px + (8 * w / 150 if corner else w / 2), py + (42 * w / 150 if corner else h * 0.42),
                                rank_glyph(t.card), RANK_PX, RED if t.card.is_red else INK,
                                align="left" if corner else "center", tag=f"flying-rank:{t.card.code}"))
            else:
                ops.append(Shape(px, py, w, h, BACK, WHITE, 4, w * 0.08, tag="flying-back"))
        out.append(ops)
    return out


def shuffle_frames(view: TableView, player: int, cards: int, frames: int = 6) -> list[list[Op]]:
    """Frames of a won pile moving onto the hand spot and being riffled (a shuffle)."""
    seat = seats(view.players)[player]
    (wx, wy), (hx, hy), (w, h) = seat.won, seat.pile, seat.card
    n = max(1, min(cards, 5))
    out = []
    half = frames // 2
    for i in range(1, frames + 1):
        ops: list[Op] = []
        if i <= half:
            k = ease(i / half)
            x, y = wx + (hx - wx) * k, wy + (hy - wy) * k
            ops += [Shape(x + 3 * j, y - 3 * j, w, h, BACK, WHITE, 4, w * 0.08, tag="shuffling") for j in range(n)]
        else:
            spread = 26 if (i - half) % 2 else -26
            ops += [Shape(hx + (spread if j % 2 else -spread) * (i < frames), hy - 3 * j, w, h, BACK, WHITE, 4,
                          w * 0.08, tag="shuffling") for j in range(n)]
        out.append(ops)
    return out


def tagged(ops: Iterable[Op], prefix: str) -> list[Op]:
    """The operations whose tag starts with ``prefix`` (for tests and hit checks)."""
    return [op for op in ops if op.tag.startswith(prefix)]


