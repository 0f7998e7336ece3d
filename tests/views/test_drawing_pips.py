"""Cards a child can count: number cards draw as many pips as their number, in the usual
layout, with the big corner rank kept; J, Q, K are framed letters (with the aids their numbers);
aces one big pip; jokers stay jokers.  Counted on what the browser draws: the table component's
own ``drawCard`` (views/component/table.js) run by node on a recording 2D context
(tests/js/draw_cards.js), fed the pip table each table's setup sends (views/cards.PIPS)."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from war_widget import Game
from war_widget.views.cards import PIPS
from war_widget.views.casino import CasinoWarWidget
from war_widget.views.steal import StealWarWidget
from war_widget.views.war import WarWidget

ROOT = Path(__file__).resolve().parents[2]
SUITS = {"H": ("♥", True), "S": ("♠", False), "D": ("♦", True), "C": ("♣", False)}
NAME = {11: "J", 12: "Q", 13: "K", 14: "A"}
TABLE = (800, 500, 2)                 # the table's natural CSS size, two players
PROJECTOR = (1500, 760, 2)
SMALL = [(800, 500, 3), (800, 500, 4)]  # the smaller cards of three and four players
Card = dict[str, Any]


def _setup_pips() -> dict[str, Any]:
    w = WarWidget(game=Game.from_hands("classic", [["7H", "2S"], ["3C", "4D"]]), records=False)
    return dict(w.setup["pips"])


def _draw(cards: list[dict[str, Any]]) -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the card drawing tests run table.js with node (apt-get install nodejs)")
    done = subprocess.run(["node", str(ROOT / "tests/js/draw_cards.js")], cwd=ROOT, capture_output=True, text=True,
                          input=json.dumps({"pips": _setup_pips(), "cards": cards}), timeout=120)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def _request() -> list[dict[str, Any]]:
    cards = []
    for width, height, players in (TABLE, PROJECTOR, *SMALL):
        for rank in range(2, 15):
            for suit in SUITS:
                cards.append({"code": f"{rank}{suit}", "width": width, "height": height, "players": players})
    cards += [{"code": f"{r}S", "width": 800, "height": 500, "players": 2, "value": r} for r in (11, 12, 13)]
    cards += [{"code": "15R", "width": 800, "height": 500, "players": 2}]
    return cards


@pytest.fixture(scope="module")
def drawn() -> dict[str, Any]:
    """Every card drawn once (one node run): {(code, width, height, players, value): card}."""
    request = _request()
    out = _draw(request)
    keyed = {(r["code"], r["width"], r["height"], r["players"], r.get("value")): c
             for r, c in zip(request, out["cards"], strict=True)}
    return {"cards": keyed, "ink": out["ink"], "red": out["red"], "rank_min": out["rankMinPx"]}


def card(drawn: dict[str, Any], code: str, size: tuple[int, int, int] = TABLE, value: int | None = None) -> Card:
    found: Card = drawn["cards"][(code, *size, value)]
    return found


def pips(c: Card) -> list[dict[str, Any]]:
    """The suit signs in the card's body (the corner's sign is left-aligned beside the rank)."""
    return [t for t in c["texts"] if t["text"] in {g for g, _ in SUITS.values()} and t["align"] == "center"]


def corner(c: Card) -> list[dict[str, Any]]:
    return [t for t in c["texts"] if t["align"] == "left"]


@pytest.mark.parametrize("size", [TABLE, PROJECTOR], ids=["800x500", "projector"])
@pytest.mark.parametrize("rank", range(2, 11))
@pytest.mark.parametrize("suit", list(SUITS))
def test_a_number_card_draws_its_number_of_pips(drawn, rank, suit, size):
    c = card(drawn, f"{rank}{suit}", size)
    glyph, red = SUITS[suit]
    drawn_pips = pips(c)
    assert len(drawn_pips) == rank
    assert all(p["text"] == glyph for p in drawn_pips)
    ink = drawn["red"] if red else drawn["ink"]
    assert all(t["fill"] == ink for t in c["texts"]), "pips and corner in the suit's ink"
    assert drawn["red"] != drawn["ink"]
    # the big corner rank stays: at least 34 CSS px, in the top-left corner, its suit under it
    rank_text, suit_text = corner(c)
    assert rank_text["text"] == str(rank) and rank_text["px"] >= drawn["rank_min"] >= 34
    assert rank_text["x"] < c["w"] / 4 and rank_text["y"] < c["h"] / 3
    assert suit_text["text"] == glyph and suit_text["y"] > rank_text["y"] + rank_text["px"] * 0.9
    # every pip lies inside the card, clear of the corner column, and no two pips overlap
    # the recording context measures every glyph 0.6 em wide (tests/js/draw_cards.js)
    corner_right = max(t["x"] + t["px"] * 0.6 * len(t["text"]) for t in (rank_text, suit_text))
    for p in drawn_pips:
        half = p["px"] * 0.4
        assert half < p["x"] - 0 and p["x"] + half < c["w"] and half < p["y"] and p["y"] + half < c["h"], p
        clear_right = p["x"] - half >= corner_right
        clear_below = p["y"] - half >= suit_text["y"] + suit_text["px"]
        assert clear_right or clear_below, f"{rank}{suit}: a pip at {p['x']:.0f},{p['y']:.0f} covers the corner"
    spots = [(p["x"], p["y"]) for p in drawn_pips]
    size_px = drawn_pips[0]["px"]
    assert min(max(abs(a[0] - b[0]), abs(a[1] - b[1])) for i, a in enumerate(spots) for b in spots[i + 1:]) \
        >= 0.8 * size_px, "two pips overlap"


def test_the_usual_layout_is_symmetric(drawn):
    for rank, spots in PIPS.items():
        assert len(spots) == rank
        mirrored = {(1 - c, r) for c, r in spots}          # left and right columns match
        if rank != 7:                                        # the 7's odd pip sits in the upper half
            mirrored = {(c, 1 - r) for c, r in mirrored}
        assert {(round(c, 6), round(r, 6)) for c, r in mirrored} == {(round(c, 6), round(r, 6)) for c, r in spots}, rank
    # what the browser draws: the 7 in columns of 3 + 1 + 3, the 10 of 4 + 2 + 4, the odd pips above the middle
    for code, columns in (("7H", [3, 1, 3]), ("10C", [4, 2, 4]), ("5D", [2, 1, 2]), ("3S", [3])):
        xs = [round(p["x"], 3) for p in pips(card(drawn, code))]
        assert [xs.count(x) for x in sorted(set(xs))] == columns, code
    seven = pips(card(drawn, "7H"))
    middle = [p for p in seven if round(p["x"], 3) == round(sorted(p["x"] for p in seven)[3], 3)]
    outer_ys = sorted(p["y"] for p in seven if p not in middle)
    assert len(middle) == 1 and middle[0]["y"] < (outer_ys[0] + outer_ys[-1]) / 2


@pytest.mark.parametrize("size", SMALL, ids=["3 players", "4 players"])
def test_pips_fit_the_smaller_cards_of_three_and_four_players(drawn, size):
    big = card(drawn, "9D")
    c = card(drawn, "9D", size)
    assert c["w"] < big["w"], "the cards of a 3- or 4-player table are smaller"
    drawn_pips = pips(c)
    assert len(drawn_pips) == 9 and all(0 < p["x"] < c["w"] and 0 < p["y"] < c["h"] for p in drawn_pips)


def test_aces_have_one_big_pip_and_face_cards_framed_letters(drawn):
    for suit, (glyph, _) in SUITS.items():
        (ace,) = pips(card(drawn, f"14{suit}"))
        assert ace["text"] == glyph and ace["px"] > 2 * pips(card(drawn, f"5{suit}"))[0]["px"]
        assert [t["text"] for t in corner(card(drawn, f"14{suit}"))] == ["A", glyph]
    for rank in (11, 12, 13):
        for suit in SUITS:
            c = card(drawn, f"{rank}{suit}")
            assert not pips(c), "a picture card has no pips"
            letters = [t for t in c["texts"] if t["text"] == NAME[rank]]
            assert len(letters) == 2, "the corner rank and the big letter in the frame"
            big = max(letters, key=lambda t: t["px"])
            assert big["px"] > c["rankPx"], "the letter in the frame is bigger than the corner's"
            frame = [f for f in c["fills"] if isinstance(f["fill"], str) and f["box"]]
            assert frame, "a tinted frame behind the letter"
            x0, y0, x1, y1 = frame[0]["box"]
            assert x0 < big["x"] < x1 and y0 < big["y"] < y1


def test_with_the_aids_cards_show_their_values(drawn):
    w = WarWidget(seed=3, aids=True, records=False)
    values = w.setup["values"]
    assert {values[str(r)] for r in (11, 12, 13)} == {11, 12, 13}
    for rank in (11, 12, 13):
        shown = card(drawn, f"{rank}S", value=values[str(rank)])
        assert [t["text"] for t in shown["texts"] if t["text"].startswith("=")] == [f"={values[str(rank)]}"]
        plain = card(drawn, f"{rank}S")
        assert not [t for t in plain["texts"] if t["text"].startswith("=")]
    assert WarWidget(seed=3, aids=False, records=False).setup["values"] == {}


def test_jokers_stay_jokers(drawn):
    joker = card(drawn, "15R")
    texts = [t["text"] for t in joker["texts"]]
    assert "JOKER" in texts and texts.count("★") == 2 and not pips(joker)


def test_every_table_is_told_the_usual_pip_layout():
    """The component draws pips from the table Python sends: the same for War, Steal War and Casino War."""
    sent = _setup_pips()
    assert {int(r) for r in sent} == set(range(2, 11))
    assert all(len(sent[str(r)]) == r for r in range(2, 11))
    assert sent["7"] == [list(spot) for spot in PIPS[7]]
    assert StealWarWidget(seed=1).setup["pips"] == sent
    assert CasinoWarWidget(seed=1).setup["pips"] == sent
