"""Cards a child can count: number cards draw as many pips as their number, in the usual
layout, with the big corner rank kept; J, Q, K have pictures (and their numbers with the aids);
jokers stay jokers.  Counted on the draw operations (views/cards.py, Steal War's and Casino War's
faces), and in what the War table component is told (its JS draws the same layout: tests/js)."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from war_widget import Card, Game
from war_widget.views import cards
from war_widget.views import ops as draw_ops
from war_widget.views.cards import PIPS
from war_widget.views.war import WarWidget

L = SimpleNamespace(Op=draw_ops.Op, Text=draw_ops.Text, Shape=draw_ops.Shape, RED=draw_ops.RED, SCALE=draw_ops.SCALE,
                    card_ops=cards.card_ops,
                    tagged=lambda items, prefix: [op for op in items if op.tag.startswith(prefix)])

W, H = 150, 210


def texts(ops: list[L.Op], prefix: str) -> list[L.Text]:
    """The texts among the operations tagged ``prefix``."""
    return [op for op in L.tagged(ops, prefix) if isinstance(op, L.Text)]


def shapes(ops: list[L.Op], prefix: str) -> list[L.Shape]:
    """The rectangles among the operations tagged ``prefix``."""
    return [op for op in L.tagged(ops, prefix) if isinstance(op, L.Shape)]


def pips(code: str, w: float = W, h: float = H, **kw) -> list:
    return L.tagged(L.card_ops(Card.parse(code), 0, 0, w, h, **kw), "pip:")


@pytest.mark.parametrize("rank", range(2, 11))
@pytest.mark.parametrize("suit,glyph,red", [("H", "♥", True), ("S", "♠", False), ("D", "♦", True), ("C", "♣", False)])
def test_a_number_card_draws_its_number_of_pips(rank, suit, glyph, red):
    code = f"{rank}{suit}"
    ops = L.card_ops(Card.parse(code), 0, 0, W, H)
    drawn = texts(ops, "pip:")
    assert len(drawn) == rank
    assert all(op.text == glyph for op in drawn)
    assert all((op.color == L.RED) == red for op in drawn)
    # the big corner rank stays: at least 34 CSS px, in the top-left corner
    (rank_op,) = texts(ops, "rank:")
    assert rank_op.text == str(rank) and rank_op.size >= 34 * L.SCALE
    assert rank_op.x < W / 4 and rank_op.y < H / 3
    # every pip lies inside the card, below the corner rank, and no two pips overlap
    for op in drawn:
        assert 0 < op.x < W and H * 0.4 < op.y < H
    spots = {(op.x, op.y) for op in drawn}
    assert len(spots) == rank
    assert min(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a in spots for b in spots if a != b) >= 15


def test_the_usual_layout_is_symmetric():
    for rank, spots in PIPS.items():
        assert len(spots) == rank
        mirrored = {(1 - c, r) for c, r in spots}          # left and right columns match
        if rank != 7:                                        # the 7's odd pip sits in the upper half
            mirrored = {(c, 1 - r) for c, r in mirrored}
        assert {(round(c, 6), round(r, 6)) for c, r in mirrored} == {(round(c, 6), round(r, 6)) for c, r in spots}, rank
    seven = pips("7H")
    columns = sorted({op.x for op in seven})
    assert [sum(op.x == x for op in seven) for x in columns] == [3, 1, 3]
    ten = pips("10C")
    assert [sum(op.x == x for op in ten) for x in sorted({op.x for op in ten})] == [4, 2, 4]


def test_pips_fit_the_smaller_cards_of_three_and_four_players():
    w, h = 120.0, 168.0                      # the cards of a 3- or 4-player table
    drawn = pips("9D", w, h)
    assert len(drawn) == 9 and all(0 < op.x < w and 0 < op.y < h for op in drawn)


def test_aces_have_one_big_pip_and_face_cards_pictures():
    (ace,) = pips("AS")
    assert ace.text == "♠" and ace.size > 2 * pips("5S")[0].size
    king, queen, jack = (L.card_ops(Card.parse(c), 0, 0, W, H) for c in ("KH", "QS", "JD"))
    assert not pips("KH") and L.tagged(king, "picture:") and L.tagged(king, "crown:")
    assert L.tagged(queen, "crown:") and len(L.tagged(queen, "jewel:")) == 2
    assert L.tagged(jack, "cap:") and L.tagged(jack, "bobble:") and not L.tagged(jack, "crown:")
    for ops, letter in ((king, "K"), (queen, "Q"), (jack, "J")):
        assert texts(ops, "rank:")[0].text == letter
    # with the teaching aids, their numbers
    values = {11: 11, 12: 12, 13: 13, 14: 14}
    assert [op.text for op in texts(L.card_ops(Card.parse("QS"), 0, 0, W, H, values=values), "value:")] == ["12"]
    assert not L.tagged(L.card_ops(Card.parse("QS"), 0, 0, W, H), "value:")
    # jokers stay jokers
    joker = L.card_ops(Card.parse("BJ"), 0, 0, W, H)
    assert "JOKER" in [op.text for op in joker if isinstance(op, L.Text)] and not L.tagged(joker, "pip:")


def test_the_war_table_is_told_the_usual_pip_layout():
    """The component draws pips from the same table (geometry in Python, drawing in the browser)."""
    w = WarWidget(game=Game.from_hands("classic", [["7H", "2S"], ["3C", "4D"]]), records=False)
    pips = w.setup["pips"]
    assert {int(r) for r in pips} == set(range(2, 11))
    assert all(len(pips[str(r)]) == r for r in range(2, 11))
    assert pips["7"] == [list(spot) for spot in PIPS[7]]
