"""Card faces a child can count (issue 27, item 1), counted on what the browser draws: the table
component's own ``drawCard`` (views/component/table.js) run by node on a recording 2D context
(tests/js/draw_cards.js), fed the pip table each table's setup sends (views/cards.PIPS), at the
card size the component's own ``tableSize`` and ``layout`` give a phone (390x844), a tablet
(768x1024) and a projector (1920x1080), and the smaller cards of three and four players.

All 52 cards and both jokers at each size: a number card's pips (the suit signs outside the two
corner indices) are exactly its number, an ace's one, a court card's and a joker's none; two
corner indices, top-left upright and bottom-right turned half a turn, the rank over its suit,
the rank at least 34 px [000] and the index's suit sign smaller than the pips; no pip touching
an index or another pip; everything inside the card.

Boxes: a text covers 0.6 em a character (the recording's measure, times a squeeze) by 1 em; a
suit sign drawn as a pip covers 0.8 em square (its ink: the recording's 0.6 em advance is for
letters).
"""
from __future__ import annotations

import json
import math
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
GLYPHS = {g for g, _ in SUITS.values()}
NAME = {11: "J", 12: "Q", 13: "K", 14: "A"}
# a screen: (viewport, the controls' height under the table, the page above it), as a page has them
SCREENS = {"phone": ((390, 844), 330, 40), "tablet": ((768, 1024), 300, 60), "projector": ((1920, 1080), 260, 120)}
PLAYERS = {"2": 2, "3 players": 3, "4 players": 4}
Card = dict[str, Any]
Box = tuple[float, float, float, float]


def _setup_pips() -> dict[str, Any]:
    w = WarWidget(game=Game.from_hands("classic", [["7H", "2S"], ["3C", "4D"]]), records=False)
    return dict(w.setup["pips"])


def draw(cards: list[dict[str, Any]]) -> dict[str, Any]:
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the card drawing tests run table.js with node (apt-get install nodejs)")
    done = subprocess.run(["node", str(ROOT / "tests/js/draw_cards.js")], cwd=ROOT, capture_output=True, text=True,
                          input=json.dumps({"pips": _setup_pips(), "cards": cards}), timeout=300)
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


CODES = [f"{rank}{suit}" for rank in range(2, 15) for suit in SUITS] + ["15R", "15B"]


def _request() -> list[dict[str, Any]]:
    cards = []
    for screen, (viewport, chrome, top) in SCREENS.items():
        for players in PLAYERS.values():
            for line in ((False, True) if players == 2 else (False,)):
                for code in CODES:
                    cards.append({"code": code, "viewport": viewport, "chrome": chrome, "top": top,
                                  "players": players, "line": line, "key": [screen, players, line]})
    cards += [{"code": f"{r}S", "width": 800, "height": 500, "players": 2, "value": r, "key": ["aids", 2, False]}
              for r in (11, 12, 13, 14)]
    return cards


@pytest.fixture(scope="module")
def drawn() -> dict[str, Any]:
    """Every card drawn once (one node run): {(screen, players, line, code): card}."""
    request = _request()
    out = draw([{k: v for k, v in r.items() if k != "key"} for r in request])
    keyed = {(*r["key"], r["code"]): c for r, c in zip(request, out["cards"], strict=True)}
    return {"cards": keyed, "ink": out["ink"], "red": out["red"], "panel": out["panel"], "rank_min": out["rankMinPx"]}


def text_box(t: dict[str, Any]) -> Box:
    """The box a text covers (card px), turned with it."""
    w, h = 0.6 * t["px"] * len(t["text"]) * t.get("sx", 1), t["px"]
    lx = {"left": 0.0, "start": 0.0, "right": -w, "end": -w}.get(t["align"], -w / 2)
    ly = {"top": 0.0, "middle": -h / 2, "bottom": -h}.get(t["baseline"], -0.8 * h)
    x0, y0, x1, y1 = lx, ly, lx + w, ly + h
    if abs(abs(t.get("angle", 0)) - math.pi) < 1e-6:       # half a turn
        x0, y0, x1, y1 = -x1, -y1, -x0, -y0
    return (t["x"] + x0, t["y"] + y0, t["x"] + x1, t["y"] + y1)


def pip_box(t: dict[str, Any]) -> Box:
    half = 0.4 * t["px"]
    return (t["x"] - half, t["y"] - half, t["x"] + half, t["y"] + half)


def meet(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def inside(b: Box, c: Card) -> bool:
    return b[0] >= 0 and b[1] >= 0 and b[2] <= c["w"] and b[3] <= c["h"]


def read(c: Card, code: str) -> dict[str, Any]:
    """A drawn card read as a person does: its two corner indices (the rank glyph, and the suit
    sign just under it in the index's own orientation) and the pips (every other suit sign)."""
    rank = int(code[:-1])
    glyph = NAME.get(rank, "★" if rank == 15 else str(rank))
    texts = c["texts"]
    ranks = [t for t in texts if t["text"] == glyph and t["px"] == c["rankPx"]]
    indices = []
    used: set[int] = set()
    for r in ranks:
        turned = abs(abs(r["angle"]) - math.pi) < 1e-6
        under = [t for t in texts if t["text"] in GLYPHS and abs(t["x"] - r["x"]) < 1e-6
                 and (t["y"] - r["y"]) * (-1 if turned else 1) > 0.5 * r["px"] and t["angle"] == r["angle"]]
        suit = min(under, key=lambda t: abs(t["y"] - r["y"]), default=None)
        if suit is not None:
            used.add(id(suit))
        box = text_box(r)
        if suit is not None:
            sb = text_box(suit)
            box = (min(box[0], sb[0]), min(box[1], sb[1]), max(box[2], sb[2]), max(box[3], sb[3]))
        indices.append({"rank": r, "suit": suit, "turned": turned, "box": box})
    pips = [t for t in texts if t["text"] in GLYPHS and id(t) not in used]
    return {"indices": indices, "pips": pips}


def _check_card(drawn: dict[str, Any], key: tuple[Any, ...]) -> list[str]:
    """What is wrong with one drawn card (empty: nothing)."""
    c, code = drawn["cards"][key], key[-1]
    rank, suit = int(code[:-1]), code[-1]
    where = f"{code} {key[0]} {key[1]}p{' line' if key[2] else ''} ({c['w']:.0f}x{c['h']:.0f})"
    bad = []
    seen = read(c, code)
    want = rank if rank <= 10 else 1 if rank == 14 else 0
    if len(seen["pips"]) != want:
        bad.append(f"{where}: {len(seen['pips'])} pips, not {want}")
    idx = seen["indices"]
    if len(idx) != 2 or sorted(i["turned"] for i in idx) != [False, True]:
        bad.append(f"{where}: {len(idx)} corner indices, not one upright and one turned")
        return bad
    upright, turned = sorted(idx, key=lambda i: i["turned"])
    if not (upright["box"][0] < c["w"] / 3 and upright["box"][1] < c["h"] / 4):
        bad.append(f"{where}: the upright index is not top-left: {upright['box']}")
    if not (turned["box"][2] > c["w"] * 2 / 3 and turned["box"][3] > c["h"] * 3 / 4):
        bad.append(f"{where}: the turned index is not bottom-right: {turned['box']}")
    if upright["rank"]["px"] < drawn["rank_min"]:
        bad.append(f"{where}: corner rank {upright['rank']['px']} px < {drawn['rank_min']}")
    if rank != 15:
        for i in idx:
            if i["suit"] is None or i["suit"]["text"] != SUITS[suit][0]:
                bad.append(f"{where}: an index without its suit under the rank")
        ink = drawn["red"] if SUITS[suit][1] else drawn["ink"]
        if any(t["fill"] != ink for t in seen["pips"] + [i["rank"] for i in idx]):
            bad.append(f"{where}: not in the suit's ink")
    for p in seen["pips"]:
        if idx[0]["suit"] is not None and not idx[0]["suit"]["px"] < p["px"]:
            bad.append(f"{where}: the index's suit sign ({idx[0]['suit']['px']} px) is not smaller than a pip "
                       f"({p['px']:.1f} px)")
            break
    for n, p in enumerate(seen["pips"]):
        b = pip_box(p)
        if not inside(b, c):
            bad.append(f"{where}: a pip at {p['x']:.0f},{p['y']:.0f} sticks out of the card")
        if any(meet(b, i["box"]) for i in idx):
            bad.append(f"{where}: a pip at {p['x']:.0f},{p['y']:.0f} touches a corner index")
        if any(meet(b, pip_box(q)) for q in seen["pips"][n + 1:]):
            bad.append(f"{where}: two pips overlap at {p['x']:.0f},{p['y']:.0f}")
    for t in c["texts"]:
        if not inside(text_box(t) if t["text"] not in GLYPHS else pip_box(t), c) and t not in seen["pips"]:
            if not inside(text_box(t), c):
                bad.append(f"{where}: {t['text']!r} sticks out of the card")
    for f in c["fills"]:
        x0, y0, x1, y1 = f["box"]
        if x0 < -0.5 or y0 < -0.5 or x1 > c["w"] + 0.5 or y1 > c["h"] + 0.5:
            bad.append(f"{where}: a shape sticks out of the card: {f['box']}")
    return bad


@pytest.mark.parametrize("players", list(PLAYERS), ids=list(PLAYERS))
@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_card_shows_its_number_of_pips_and_two_small_corner_indices(drawn, screen, players):
    lines = (False, True) if PLAYERS[players] == 2 else (False,)
    keys = [(screen, PLAYERS[players], line, code) for line in lines for code in CODES]
    bad = [problem for key in keys for problem in _check_card(drawn, key)]
    assert not bad, f"{len(bad)} problems, e.g.: " + "; ".join(bad[:8])
    # counted: 52 cards and two jokers at each size
    assert len(keys) == 54 * len(lines)
    total = sum(len(read(drawn["cards"][k], k[-1])["pips"]) for k in keys if k[2] is False)
    assert total == 4 * sum(range(2, 11)) + 4, total


def test_the_usual_layout(drawn):
    """The pips stand where a printed card has them: the 7 in columns of 3 + 1 + 3, the 10 of
    4 + 2 + 4, the odd pip of the 7 above the middle; the lower half's pips turned."""
    for rank, spots in PIPS.items():
        assert len(spots) == rank
    for screen in SCREENS:
        for code, columns in (("7H", [3, 1, 3]), ("10C", [4, 2, 4]), ("5D", [2, 1, 2]), ("3S", [3]), ("8S", [3, 2, 3])):
            pips = read(drawn["cards"][(screen, 2, False, code)], code)["pips"]
            xs = [round(p["x"], 2) for p in pips]
            assert [xs.count(x) for x in sorted(set(xs))] == columns, (screen, code)
        c = drawn["cards"][(screen, 2, False, "7H")]
        seven = read(c, "7H")["pips"]
        xs = sorted({round(p["x"], 2) for p in seven})
        (odd,) = [p for p in seven if round(p["x"], 2) == xs[1]]
        assert odd["y"] < c["h"] / 2
        for p in seven:
            turned = abs(abs(p["angle"]) - math.pi) < 1e-6
            assert turned == (p["y"] > c["h"] / 2 + 0.5), "pips below the middle stand upside down"
        # every number card of one size has pips of one size
        sizes = {round(p["px"], 3) for r in range(2, 11) for p in read(drawn["cards"][(screen, 2, False, f"{r}D")],
                                                                       f"{r}D")["pips"]}
        assert len(sizes) == 1, (screen, sizes)


def test_the_phone_gives_the_cards_more_height(drawn):
    """An upright phone: cards as wide as two side by side leave, taller than a printed card so
    that the 34 px corner rank and the pips fit; a projector's keep a printed card's shape."""
    phone = drawn["cards"][("phone", 2, False, "10H")]
    projector = drawn["cards"][("projector", 2, False, "10H")]
    assert phone["h"] / phone["w"] > 1.6 > 1.44 > projector["h"] / projector["w"]
    assert phone["rankPx"] >= 34 and projector["w"] > phone["w"]
    # on a projector the pips are at least as big as the corner rank
    pips = read(projector, "10H")["pips"]
    assert min(p["px"] for p in pips) >= 0.85 * projector["rankPx"], (pips[0]["px"], projector["rankPx"])


def test_aces_have_one_big_pip_and_court_cards_a_framed_panel(drawn):
    for screen in SCREENS:
        for suit, (glyph, _) in SUITS.items():
            (ace,) = read(drawn["cards"][(screen, 2, False, f"14{suit}")], f"14{suit}")["pips"]
            five = read(drawn["cards"][(screen, 2, False, f"5{suit}")], f"5{suit}")["pips"]
            assert ace["text"] == glyph and ace["px"] > 2 * five[0]["px"]
        for rank in (11, 12, 13):
            for suit in SUITS:
                c = drawn["cards"][(screen, 2, False, f"{rank}{suit}")]
                letters = [t for t in c["texts"] if t["text"] == NAME[rank]]
                assert len(letters) == 3, "two corner indices and the big letter in the panel"
                big = max(letters, key=lambda t: t["px"])
                assert big["px"] > c["rankPx"], "the panel's letter is bigger than the corner's"
                panels = [f for f in c["fills"] if f["fill"] == drawn["panel"]]
                assert len(panels) == 1, "one framed court panel"
                x0, y0, x1, y1 = panels[0]["box"]
                assert x0 < big["x"] < x1 and y0 < big["y"] < y1
                assert (x1 - x0) * (y1 - y0) > 0.25 * c["w"] * c["h"], "a panel a child sees at a glance"
                for i in read(c, f"{rank}{suit}")["indices"]:
                    assert not meet(i["box"], (x0, y0, x1, y1)), "the panel keeps clear of the corner indices"
        for code in ("2H", "10S", "14C"):
            assert not [f for f in drawn["cards"][(screen, 2, False, code)]["fills"] if f["fill"] == drawn["panel"]]


def test_with_the_aids_court_cards_show_their_values(drawn):
    w = WarWidget(seed=3, aids=True, records=False)
    values = w.setup["values"]
    assert {values[str(r)] for r in (11, 12, 13)} == {11, 12, 13}
    for rank in (11, 12, 13):
        shown = drawn["cards"][("aids", 2, False, f"{rank}S")]
        (value,) = [t for t in shown["texts"] if t["text"].startswith("=")]
        assert value["text"] == f"={rank}" and inside(text_box(value), shown)
        panel = next(f for f in shown["fills"] if f["fill"] == drawn["panel"])
        assert meet(text_box(value), tuple(panel["box"])), "the value is written in the panel"
    # an ace that counts 1 (A = 1 rules) writes its value under its pip, clear of both indices
    ace = drawn["cards"][("aids", 2, False, "14S")]
    (value,) = [t for t in ace["texts"] if t["text"].startswith("=")]
    seen = read(ace, "14S")
    assert inside(text_box(value), ace) and not meet(text_box(value), pip_box(seen["pips"][0]))
    assert not any(meet(text_box(value), i["box"]) for i in seen["indices"])
    assert WarWidget(seed=3, aids=False, records=False).setup["values"] == {}


def test_jokers_stay_jokers(drawn):
    for screen in SCREENS:
        for code in ("15R", "15B"):
            joker = drawn["cards"][(screen, 2, False, code)]
            texts = [t["text"] for t in joker["texts"]]
            assert "JOKER" in texts and texts.count("★") == 2 and not read(joker, code)["pips"]
            assert any(f["fill"] == (drawn["red"] if code == "15R" else drawn["ink"]) for f in joker["fills"]), \
                "the big star"


def test_every_table_is_told_the_usual_pip_layout():
    """The component draws pips from the table Python sends: the same for War, Steal War and Casino War."""
    sent = _setup_pips()
    assert {int(r) for r in sent} == set(range(2, 11))
    assert all(len(sent[str(r)]) == r for r in range(2, 11))
    assert sent["7"] == [list(spot) for spot in PIPS[7]]
    assert StealWarWidget(seed=1).setup["pips"] == sent
    assert CasinoWarWidget(seed=1).setup["pips"] == sent
