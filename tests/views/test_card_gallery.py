"""The gallery of every card face (issue 27, item 1) in a real browser: headless Chromium opens
tests/js/gallery.html, which draws the 52 cards and both jokers with the table component's own
``drawCard`` at a phone's and a projector's card size; the canvas is saved as
docs/_static/card_faces.png (shown by docs/card_faces.md), and the faces as laid out with the
browser's own fonts are checked: each number card's pips are its number and every pip is painted
(ink at its centre), none touching a corner index or another pip, all inside the card.
"""
from __future__ import annotations

import json
import mimetypes
from pathlib import Path
from struct import unpack
from typing import Any

import pytest

from war_widget.views.cards import PIPS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
PICTURE = ROOT / "docs/_static/card_faces.png"
CHROMIUM = "/usr/bin/chromium"
BASE = "http://gallery.test/"
Box = tuple[float, float, float, float]


def _serve(route: Any) -> None:
    """The page's files from the repository (tests/js/gallery.html, the modules it imports)."""
    path = route.request.url[len(BASE):].split("?")[0]
    if path == "tests/js/pips.json":
        body = json.dumps({str(r): [list(s) for s in spots] for r, spots in PIPS.items()}).encode()
        route.fulfill(status=200, body=body, content_type="application/json")
        return
    file = (ROOT / path).resolve()
    if ROOT not in file.parents or not file.is_file():
        route.fulfill(status=404, body=b"")
        return
    kind = "text/javascript" if file.suffix == ".js" else mimetypes.guess_type(file.name)[0] or "text/plain"
    route.fulfill(status=200, body=file.read_bytes(), content_type=kind)


@pytest.fixture(scope="module")
def gallery() -> dict[str, Any]:
    sync = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: the gallery is drawn in headless Chromium (apt-get install chromium)")
    with sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_page(viewport={"width": 2600, "height": 1800})
            page.route(f"{BASE}**", _serve)
            page.goto(f"{BASE}tests/js/gallery.html")
            page.wait_for_selector("body[data-ready='1']", timeout=60_000)
            cards = page.evaluate("() => window.galleryCards")
            PICTURE.parent.mkdir(parents=True, exist_ok=True)
            page.locator("#gallery").screenshot(path=str(PICTURE))
            # the ink round each pip's centre, read off the canvas
            probes = [[c["x"] + s["x"], c["y"] + s["y"], s["size"]] for c in cards
                      for s in (c["geo"].get("pips") or [])]
            inks = page.evaluate("(probes) => window.galleryInks(probes)", probes)
            size = page.evaluate("() => window.gallerySize")
        finally:
            browser.close()
    return {"cards": cards, "inks": inks, "size": size}


def _meet(a: Box, b: Box, gap: float = 0.0) -> bool:
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def test_the_gallery_shows_every_face_at_a_phone_and_a_projector_size(gallery):
    cards = gallery["cards"]
    screens = {c["screen"] for c in cards}
    assert len(screens) == 2 and len(cards) == 2 * 54
    assert PICTURE.exists() and PICTURE.stat().st_size > 50_000
    width, height = unpack(">II", PICTURE.read_bytes()[16:24])
    assert [width, height] == gallery["size"], "the picture is the whole canvas"
    for c in cards:
        x0, y0 = c["x"], c["y"]
        assert x0 >= 0 and y0 >= 0 and x0 + c["w"] <= width and y0 + c["h"] <= height, c["code"]


def test_with_the_browsers_fonts_every_pip_is_there_and_painted(gallery):
    probe = iter(gallery["inks"])
    for c in gallery["cards"]:
        rank = int(c["code"][:-1])
        geo, w, h = c["geo"], c["w"], c["h"]
        index = geo["index"]["box"]
        corners: list[Box] = [tuple(index), (w - index[2], h - index[3], w - index[0], h - index[1])]  # type: ignore[list-item]
        where = f"{c['code']} at {c['screen']} ({w:.0f}x{h:.0f})"
        if rank > 10:
            assert not geo.get("pips"), where
            continue
        pips = geo["pips"]
        assert len(pips) == rank and [[s["x"], s["y"]] for s in pips] and len(PIPS[rank]) == rank, where
        assert pips[0]["size"] > geo["index"]["suitPx"], f"{where}: the index's suit is not smaller than the pips"
        for i, s in enumerate(pips):
            half = 0.4 * s["size"]
            box = (s["x"] - half, s["y"] - half, s["x"] + half, s["y"] + half)
            assert box[0] >= 0 and box[1] >= 0 and box[2] <= w and box[3] <= h, where
            assert not any(_meet(box, k) for k in corners), f"{where}: a pip touches a corner index"
            for t in pips[i + 1:]:
                assert max(abs(s["x"] - t["x"]), abs(s["y"] - t["y"])) >= 0.8 * s["size"], f"{where}: pips overlap"
            assert next(probe) > 0, f"{where}: no ink at the pip at {s['x']:.0f},{s['y']:.0f}"
