"""How the Steal War table is drawn: where each pile and card lies, and the whole table as a
display list in table units (``steal_picture``, from the session's snapshot
``session.steal_view.StealView``, re-exported here) that the browser draws with the War table's
card faces, felt and badges (``views/component/table.js``, ``game_kind == "steal"``), and the piles
that fly in a beat (``steal_beat``).  Pure geometry; the timing is the browser's."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ...game.cards import Card
from ...game.engine import TableCard
from ...session.steal_view import StealBeat as StealShownBeat
from ...session.steal_view import StealView
from ...text.steal import TEXT
from ..cards import STEAL_COLOURS as SEAT_COLOURS
from ..cards import STEAL_GOLD as GOLD
from ..cards import STEAL_WHITE as WHITE
from ..cards import fit_size
from ..component.messages import (
    StealBadge,
    StealBeat,
    StealCard,
    StealHit,
    StealMove,
    StealPicture,
    StealRing,
    StealSlot,
    StealText,
)

__all__ = ["StealView", "steal_picture", "steal_beat", "pile_xy", "hand_xy", "table_positions", "card_code",
           "CSS_WIDTH", "CSS_HEIGHT", "WIDTH", "HEIGHT", "CARD_W", "CARD_H", "BATTLE_X", "BATTLE_Y", "RANK_PX"]

CSS_WIDTH, CSS_HEIGHT = 800, 520        # the table's natural size in CSS px
WIDTH, HEIGHT = CSS_WIDTH * 2, CSS_HEIGHT * 2      # table units
CARD_W, CARD_H = 150, 210
RANK_PX = 68                            # 34 CSS px at the natural width [000]
HAND_X, PEEK_X, PILE_X = 70, 250, 1290
ROW_Y = {1: 40, 0: 790}                 # the computer on top, you at the bottom
BATTLE_Y = {1: 300, 0: 530}
BATTLE_X, SLOT_STEP = 470, 200


def card_code(card: Card | None) -> str | None:
    """A card as the shared card faces draw it ("14S", "15R"); None: a face-down card."""
    return None if card is None else f"{card.rank}{card.suit}"


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


def steal_picture(view: StealView) -> StealPicture:
    """The whole table in table units, in drawing order: each player's face-down hand with its
    count badge, the capture pile face up (its top card readable) with its size, your next card,
    the battle, the highlights (gold rings, "STEAL?"), the banner; and the spots a click acts on."""
    t = TEXT[view.lang]
    cards: list[StealCard] = []
    slots: list[StealSlot] = []
    badges: list[StealBadge] = []
    rings: list[StealRing] = []
    text: list[StealText] = []
    hits: list[StealHit] = []

    def card(c: Card | None, x: float, y: float, tag: str, up: bool = True, highlight: bool = False) -> None:
        cards.append({"code": card_code(c) if up else None, "x": x, "y": y, "tag": tag, "highlight": highlight})

    def say(s: str, x: float, y: float, px: int, colour: str = WHITE, align: str = "center", tag: str = "") -> None:
        text.append({"text": s, "x": x, "y": y, "px": px, "colour": colour, "align": align, "tag": tag})

    for p in (0, 1):
        hx, hy = hand_xy(p)
        if view.hands[p]:
            for i in range(2 if view.hands[p] > 1 else 1, 0, -1):
                card(None, hx + 5 * (i - 1), hy - 5 * (i - 1), f"hand:{p}", up=False)
        else:
            slots.append({"x": hx, "y": hy, "tag": f"hand:{p}-empty"})
        badges.append({"x": hx + CARD_W, "y": hy, "n": view.hands[p], "colour": SEAT_COLOURS[p],
                       "tag": f"hand-count:{p}"})
        say(view.names[p], hx, hy + CARD_H + 32 if p == 1 else hy - 46, 30, align="left", tag=f"name:{p}")
        px, py = pile_xy(p)
        pile = view.piles[p]
        if pile and p not in view.hidden:
            if len(pile) > 1:  # the edge of the cards under the top one
                card(None, px + 8, py - 8, f"pile:{p}-under", up=False)
            card(pile[-1], px, py, f"pile:{p}", highlight=p in view.targets)
        else:
            slots.append({"x": px, "y": py, "tag": f"pile:{p}-empty"})
        badges.append({"x": px + CARD_W, "y": py, "n": len(pile), "colour": SEAT_COLOURS[p],
                       "tag": f"pile-count:{p}"})
        say(t["pile"], px + CARD_W / 2, py + CARD_H + 32 if p == 1 else py - 46, 30, tag=f"pile-label:{p}")
        if p in view.targets:
            rings.append({"x": px - 14, "y": py - 14, "w": CARD_W + 28, "h": CARD_H + 28, "tag": f"target:{p}"})
            say(t["steal_here"], px - 30, py + CARD_H / 2, 40, GOLD, align="right", tag=f"steal-here:{p}")
            hits.append({"x": px, "y": py, "w": CARD_W, "h": CARD_H, "do": "steal", "victim": p})
        if p in view.protected:
            say(t["protected"], px - 30, py + CARD_H / 2 + (50 if p in view.targets else 0), 34, "#e1f5fe",
                align="right", tag=f"protected:{p}")
    if view.next_card is not None:
        card(view.next_card, PEEK_X, ROW_Y[0], "next")
        say(t["next"], PEEK_X + CARD_W / 2, ROW_Y[0] - 46, 30, tag="next-label")
    last_up = {tc.player: tc for tc in view.table if tc.face_up}
    choosing = set(view.choosing)
    for tc, x, y in table_positions(view.table):
        chosen = tc.card in choosing
        hl = chosen or (view.winner == tc.player and last_up.get(tc.player) is tc)
        card(tc.card, x, y, f"table:{tc.player}", up=tc.face_up or chosen, highlight=hl)
        if chosen:
            hits.append({"x": x, "y": y, "w": CARD_W, "h": CARD_H, "do": "choose", "card": tc.card.code})
    if view.banner:
        say(view.banner, 1120, 520, fit_size(view.banner, 64, 560), GOLD, tag="banner")
    hx, hy = hand_xy(0)
    hits.append({"x": hx, "y": hy, "w": CARD_W, "h": CARD_H, "do": "flip"})
    return {"w": WIDTH, "h": HEIGHT, "card": [CARD_W, CARD_H], "rank_px": RANK_PX, "cards": cards, "slots": slots,
            "badges": badges, "rings": rings, "text": text, "hits": hits}


def steal_beat(beat: StealShownBeat) -> StealBeat:
    """One beat for the browser: its picture, its sentence, and for a beat whose piles fly the
    picture under the flight (destination piles hidden) and each pile's path."""
    out: StealBeat = {"picture": steal_picture(beat.view), "sentence": beat.sentence, "round": beat.round,
                           "counts": list(beat.counts), "moves": []}
    if beat.moves:
        out["base"] = steal_picture(replace(beat.view, hidden=tuple(m.to for m in beat.moves)))
        moves: list[StealMove] = [
            {"code": card_code(m.card), "size": m.size,
             "from": list((BATTLE_X, BATTLE_Y[m.seat]) if m.origin == "battle" else pile_xy(m.seat)),
             "to": list(pile_xy(m.to))} for m in beat.moves]
        out["moves"] = moves
    return out
