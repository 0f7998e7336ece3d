"""How the Steal War table is drawn: where each pile and card lies, the draw operations of the
whole table (from the session's snapshot, ``session.steal_view.StealView``, re-exported here),
and the frames of a pile flying to its thief.  Pure geometry (the cards, badges and text fitting
are the shared ones of ``views.cards``), drawn by ``views.draw.Painter`` at twice the CSS size."""
from __future__ import annotations

from collections.abc import Sequence

from ...game.cards import Card
from ...game.engine import TableCard
from ...session.steal_view import StealView
from ...text.steal import TEXT
from ..cards import badge_ops, card_ops, ease, fit_size
from ..ops import FELT, FELT_DARK, GOLD, SEAT_COLOURS, WHITE, Op, Shape, Text

__all__ = ["StealView", "steal_table_ops", "flight_ops", "pile_xy", "hand_xy", "table_positions", "SCALE",
           "CSS_WIDTH", "CSS_HEIGHT", "WIDTH", "HEIGHT", "CARD_W", "CARD_H", "BATTLE_X", "BATTLE_Y", "FRAMES",
           "FRAME_MS", "BEAT_MS"]

SCALE = 2
CSS_WIDTH, CSS_HEIGHT = 800, 520
WIDTH, HEIGHT = CSS_WIDTH * SCALE, CSS_HEIGHT * SCALE
CARD_W, CARD_H = 150, 210
HAND_X, PEEK_X, PILE_X = 70, 250, 1290
ROW_Y = {1: 40, 0: 790}                 # the computer on top, you at the bottom
BATTLE_Y = {1: 300, 0: 530}
BATTLE_X, SLOT_STEP = 470, 200
FRAMES, FRAME_MS, BEAT_MS = 10, 28, 120


# --- where things lie and their draw operations (the snapshot is the session's StealView) ---
def pile_xy(player: int) -> tuple[float, float]:
    return PILE_X, ROW_Y[player]


def hand_xy(player: int) -> tuple[float, float]:
    return HAND_X, ROW_Y[player]


def table_positions(table: Sequence[TableCard]) -> list[tuple[TableCard, float, float]]:
    """Per player one slot per battle (at most three side by side, older ones overlap in the
    first); face-down war cards peek out under their slot."""
    out: list[tuple[TableCard, float, float]] = []
    for p in (0, 1):
        mine = [t for t in table if t.player == p]
        battles = sorted({t.battle for t in mine})
        for i, b in enumerate(battles):
            slot = max(0, i - max(0, len(battles) - 3))
            x = BATTLE_X + slot * SLOT_STEP + (10 * i if slot == 0 and i else 0)
            y = BATTLE_Y[p]
            down = [t for t in mine if t.battle == b and not t.face_up]
            for k, t in enumerate(down):
                out.append((t, x + 14 * (len(down) - k), y + (16 if p == 0 else -16) * min(len(down) - k, 4)))
            out += [(t, x, y) for t in mine if t.battle == b and t.face_up]
    return out


def steal_table_ops(view: StealView) -> list[Op]:
    """The whole table: felt, each player's face-down hand with its count, the capture pile face
    up with its top card readable and its size, your next card, the battle, highlights."""
    t = TEXT[view.lang]
    ops: list[Op] = [Shape(0, 0, WIDTH, HEIGHT, FELT, tag="felt"),
                     Shape(20, 280, WIDTH - 40, 480, FELT_DARK, None, 0, 30, tag="battle-area")]
    for p in (0, 1):
        hx, hy = hand_xy(p)
        if view.hands[p]:
            for i in range(2 if view.hands[p] > 1 else 1, 0, -1):
                ops += card_ops(None, hx + 5 * (i - 1), hy - 5 * (i - 1), CARD_W, CARD_H, face_up=False,
                                tag=f"hand:{p}")
        else:
            ops.append(Shape(hx, hy, CARD_W, CARD_H, None, "#cfe8d8", 3, 12, dash=(12, 10), tag=f"hand:{p}-empty"))
        ops += badge_ops(hx + CARD_W, hy, view.hands[p], SEAT_COLOURS[p], f"hand-count:{p}")
        name_y = hy + CARD_H + 32 if p == 1 else hy - 46
        ops.append(Text(hx, name_y, view.names[p], 30, WHITE, align="left", tag=f"name:{p}"))
        px, py = pile_xy(p)
        pile = view.piles[p]
        if pile and p not in view.hidden:
            if len(pile) > 1:  # the edge of the cards under the top one
                ops.append(Shape(px + 8, py - 8, CARD_W, CARD_H, "#e0e0e0", "#9e9e9e", 3, 12, tag=f"pile:{p}-under"))
            ops += card_ops(pile[-1], px, py, CARD_W, CARD_H, highlight=p in view.targets, tag=f"pile:{p}")
        else:
            ops.append(Shape(px, py, CARD_W, CARD_H, None, "#cfe8d8", 3, 12, dash=(12, 10), tag=f"pile:{p}-empty"))
        ops += badge_ops(px + CARD_W, py, len(pile), SEAT_COLOURS[p], f"pile-count:{p}")
        label_y = py + CARD_H + 32 if p == 1 else py - 46
        ops.append(Text(px + CARD_W / 2, label_y, t["pile"], 30, WHITE, tag=f"pile-label:{p}"))
        if p in view.targets:
            ops.append(Shape(px - 14, py - 14, CARD_W + 28, CARD_H + 28, None, GOLD, 10, 18, tag=f"target:{p}"))
            ops.append(Text(px - 30, py + CARD_H / 2, t["steal_here"], 40, GOLD, align="right", tag=f"steal-here:{p}"))
        if p in view.protected:
            ops.append(Text(px - 30, py + CARD_H / 2 + (50 if p in view.targets else 0), t["protected"], 34,
                            "#b3e5fc", align="right", tag=f"protected:{p}"))
    if view.next_card is not None:
        nx, ny = PEEK_X, ROW_Y[0]
        ops += card_ops(view.next_card, nx, ny, CARD_W, CARD_H, tag="next")
        ops.append(Text(nx + CARD_W / 2, ny - 46, t["next"], 30, WHITE, tag="next-label"))
    last_up = {tc.player: tc for tc in view.table if tc.face_up}
    choosing = set(view.choosing)
    for tc, x, y in table_positions(view.table):
        hl = tc.card in choosing or (view.winner == tc.player and last_up.get(tc.player) is tc)
        ops += card_ops(tc.card, x, y, CARD_W, CARD_H, face_up=tc.face_up or tc.card in choosing, highlight=hl,
                        tag=f"table:{tc.player}")
    if view.banner:
        ops.append(Text(1120, 520, view.banner, fit_size(view.banner, 64, 560), GOLD, tag="banner"))
    return ops


def flight_ops(card: Card | None, start: tuple[float, float], end: tuple[float, float], size: int,
               frames: int = FRAMES) -> list[list[Op]]:
    """Frames of a pile of ``size`` cards (``card`` face up on top) flying from start to end."""
    out = []
    for i in range(1, frames + 1):
        k = ease(i / frames)
        x, y = start[0] + (end[0] - start[0]) * k, start[1] + (end[1] - start[1]) * k
        ops: list[Op] = []
        for j in range(min(size, 3) - 1, 0, -1):
            ops.append(Shape(x + 6 * j, y - 6 * j, CARD_W, CARD_H, "#e0e0e0", "#9e9e9e", 3, 12, tag="flying-under"))
        ops += card_ops(card, x, y, CARD_W, CARD_H, face_up=card is not None, tag="flying")
        out.append(ops)
    return out
