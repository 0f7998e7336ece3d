"""Casino War (and Steal War) drawn by the War table's own component module in JupyterLab, in
headless Chromium: buttons clicked as a person clicks them, the sentence, the bet line, the
canvas's size and pixels and the Plotly chart read from the page, and a clean console."""
from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("war_browser_helpers", Path(__file__).with_name("conftest.py"))
assert _spec is not None and _spec.loader is not None
_helpers = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("war_browser_helpers", _helpers)
_spec.loader.exec_module(_helpers)
close_page, new_page, notebook_json, open_notebook = (_helpers.close_page, _helpers.new_page, _helpers.notebook_json,
                                                    _helpers.open_notebook)
serve, stop_server, wait_until = _helpers.serve, _helpers.stop_server, _helpers.wait_until

pytestmark = pytest.mark.browser

# K > 7 (a win); 9 = 9, burns, Q > J (war won); 5 = 5 (surrendered); then the seeded shoe's end
SHOE = ["K", "7", "9", "9", "2", "3", "4", "Q", "J", "5", "5", "8", "6"]
CELLS = ["from war_widget import CasinoWarWidget\nfrom war_widget.variants.casino import CasinoWar\n"
         f"CasinoWarWidget(session=CasinoWar.from_shoe({SHOE!r}, bankroll=100))",
         # your next card 9S matches the top of the computer's pile (9H): a steal is offered at once
         "from war_widget import StealWarWidget\nfrom war_widget.variants.steal import StealWarGame, never_steal\n"
         "StealWarWidget(game=StealWarGame.from_hands([['9S', '2C', 'KD', '5S'], ['KH', '3D', '4D', '6S']],\n"
         "    [[], ['4C', '9H']], policies=(None, never_steal)))"]
NOT_OURS = ("ERR_NAME_NOT_RESOLVED",)
sys.path.insert(0, str(Path(__file__).parent))
from table_driver import SIZES, cardgame_layout_at_sizes, tab_reaches_every_button  # noqa: E402

ARTIFACTS = _helpers.ARTIFACTS
LITE, LITE_AFTER = "@jupyterlite/", "reading 'schema'"


def _console_errors(page) -> list[str]:
    since = getattr(page, "_war_mark", 0)
    lines = [line for line in page._war_console[since:] if line.startswith(("[error]", "[pageerror]"))
             and not any(n in line for n in NOT_OURS)]
    if any(LITE in line for line in lines):
        lines = [line for line in lines if LITE not in line and LITE_AFTER not in line]
    return lines


@pytest.fixture(scope="module")
def lab_page(chromium, shared_server) -> Iterator[object]:
    lab = shared_server("lab")
    folder = lab.folder("cardgames")
    (folder / "games.ipynb").write_text(notebook_json(CELLS))
    page = new_page(chromium, "lab-cardgames", viewport={"width": 1366, "height": 900})
    try:
        open_notebook(page, f"{lab.url}/lab/tree/{folder.name}/games.ipynb?reset")
        page.locator("[data-casino-table]").wait_for(timeout=120_000)
        page.locator("[data-steal-table]").wait_for(timeout=120_000)
        page._war_mark = len(page._war_console)  # type: ignore[attr-defined]
        yield page
    finally:
        close_page(page)
        lab.end_kernels()


_JS_CANVAS = """root => {
    const c = root.querySelector('canvas');
    const r = c.getBoundingClientRect();
    const dpr = c.width / r.width;
    const ctx = c.getContext('2d');
    const px = (x, y) => Array.from(ctx.getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data);
    const s = r.width / 1280;          // table units (views/casino.TABLE_W) to CSS px
    const chart = root.querySelector('[data-role=chart]');
    return {w: r.width, h: r.height, bw: c.width, bh: c.height, dpr: window.devicePixelRatio,
            player: px((190 + 75) * s, (350 + 4) * s), felt: px(1050 * s, 420 * s),
            line: chart && chart.data ? chart.data[0].x.length : null,
            ties: chart && chart.data ? chart.data[1].x.length : null};
}"""


def test_casino_war_in_jupyterlab_chips_deal_war_and_surrender(lab_page) -> None:
    page = lab_page
    root = page.locator("[data-casino-table]")
    say = root.locator("[data-role=sentence]")
    button = lambda name: root.locator(f"[data-action={name}]")  # noqa: E731
    assert "Place a bet" in say.text_content()
    assert button("deal").is_disabled() and button("war").is_disabled() and not button("chip10").is_disabled()
    size = root.evaluate(_JS_CANVAS)
    assert 600 <= size["w"] <= 960 and abs(size["h"] / size["w"] - 600 / 1280) < 0.01
    assert size["bw"] == round(size["w"] * size["dpr"]) and size["bh"] == round(size["h"] * size["dpr"])
    assert size["felt"][1] > size["felt"][0] and size["felt"][1] > size["felt"][2], "green felt"

    button("chip10").click()
    wait_until(lambda: "$10" in root.locator("[data-role=bet]").text_content(), 30, "the bet line shows the chip")
    wait_until(lambda: not button("deal").is_disabled(), 30, "Deal offered once a bet is placed")
    button("deal").click()
    wait_until(lambda: "you win $10" in say.text_content(), 30, "the win is told once the cards land")
    assert root.get_attribute("data-cards") == "2" and root.get_attribute("data-hand") == "1"
    drawn = root.evaluate(_JS_CANVAS)
    assert min(drawn["player"][:3]) > 200, f"a white card face where the player's card lies: {drawn['player']}"
    wait_until(lambda: root.evaluate(_JS_CANVAS)["line"] == 1, 60, "Plotly's bankroll chart has the hand")
    assert "$110" in root.locator("[data-role=bet]").text_content()

    button("deal").click()
    wait_until(lambda: "a tie!" in say.text_content(), 30, "the tie is told")
    assert not button("war").is_disabled() and not button("surrender").is_disabled()
    assert button("deal").is_disabled() and button("chip5").is_disabled()
    button("war").click()
    wait_until(lambda: "war!" in say.text_content(), 30, "the war is told once the war pair has turned")
    assert root.get_attribute("data-cards") == "4"
    wait_until(lambda: root.evaluate(_JS_CANVAS)["ties"] == 1, 30, "the tie marker on the chart")
    assert "$120" in root.locator("[data-role=bet]").text_content()

    button("deal").click()
    wait_until(lambda: "a tie!" in say.text_content(), 30, "the second tie")
    button("surrender").click()
    wait_until(lambda: "surrender" in say.text_content().lower(), 30, "the surrender is told")
    wait_until(lambda: root.evaluate(_JS_CANVAS)["line"] == 3, 30, "three hands charted")
    for _ in range(3):                          # a burst of clicks on a refused button: explained
        button("war").click(force=True)
    button("new").click()
    wait_until(lambda: "New session" in say.text_content(), 30, "a new session")
    wait_until(lambda: root.evaluate(_JS_CANVAS)["line"] == 0, 30, "an empty chart")
    assert _console_errors(page) == []


_JS_SAID = """root => {
    if (root.__said) return;
    root.__said = [];
    const say = root.querySelector('[data-role=sentence]');
    new MutationObserver(() => root.__said.push(say.textContent)).observe(say, {childList: true, characterData: true,
                                                                               subtree: true});
}"""

_JS_STEAL_CANVAS = """root => {
    const c = root.querySelector('canvas');
    const r = c.getBoundingClientRect();
    const dpr = c.width / r.width;
    const ctx = c.getContext('2d');
    const s = r.width / 1600;          // table units (views/steal/table.WIDTH) to CSS px
    const px = (x, y) => Array.from(ctx.getImageData(Math.round(x * s * dpr), Math.round(y * s * dpr), 1, 1).data);
    return {w: r.width, h: r.height, bw: c.width, bh: c.height, dpr: window.devicePixelRatio, scale: s,
            left: r.left, top: r.top, ring: px(1290 - 14, 40 + 100), felt: px(800, 150)};
}"""


def test_steal_war_in_jupyterlab_steal_by_clicking_the_pile_flip_and_choose(lab_page) -> None:
    page = lab_page
    root = page.locator("[data-steal-table]")
    root.evaluate(_JS_SAID)
    button = lambda name: root.locator(f"[data-action={name}]")  # noqa: E731
    said = lambda: root.evaluate("r => r.__said.join('\\n')")  # noqa: E731
    assert "steal it, or play it?" in root.locator("[data-role=sentence]").text_content()
    assert not button("steal").is_disabled() and button("flip").text_content() == "Play my card"
    assert button("back").is_disabled()
    size = root.evaluate(_JS_STEAL_CANVAS)
    # as wide as the page and the screen's height allow (War's rule: picture, sentence and buttons on one screen)
    assert 0.3 * 1366 <= size["w"] <= 1200 and abs(size["h"] / size["w"] - 1040 / 1600) < 0.01
    assert size["bw"] == round(size["w"] * size["dpr"]) and size["bh"] == round(size["h"] * size["dpr"])
    ring = size["ring"]
    assert ring[0] > 200 and ring[1] > 150 and ring[2] < 120, f"the gold ring round the pile to steal: {ring}"

    # a click on the highlighted pile steals it (the page's hit test on the picture's spots)
    root.locator("canvas").click(position={"x": (1290 + 40) * size["scale"], "y": (40 + 40) * size["scale"]})
    wait_until(lambda: "take all 3 cards" in said(), 30, "the steal is told when the pile has flown")
    for _ in range(8):                       # play on until you win a battle and choose your top card
        if root.locator("[data-role=tops] button").count():
            break
        wait_until(lambda: not button("flip").is_disabled() or root.locator("[data-role=tops] button").count(),
                   30, "Flip or the top cards offered")
        if not root.locator("[data-role=tops] button").count():
            button("flip").click()
            page.wait_for_timeout(400)
    tops = root.locator("[data-role=tops] button")
    wait_until(lambda: tops.count() >= 2, 30, "your won cards offered as the top")
    name = tops.nth(0).text_content()
    tops.nth(0).click()
    wait_until(lambda: f"You put {name} on top of your pile." in said(), 30, "the top card is told")
    wait_until(lambda: not button("back").is_disabled(), 30, "Back offered")
    button("back").click()                   # back to the choice: the won cards are offered again
    wait_until(lambda: tops.count() >= 2 and "choose which" in root.locator("[data-role=sentence]").text_content(),
               30, "Back returns to the choice of the top card")
    tops.nth(1).click()
    wait_until(lambda: not button("flip").is_disabled(), 30, "Flip offered after the choice")
    button("flip").evaluate("b => { b.click(); b.click(); b.click(); b.click(); }")   # a burst of clicks
    wait_until(lambda: root.evaluate("r => r.__said.length") > 0 and not button("new").is_disabled(), 30, "quiet")
    page.wait_for_timeout(2500)
    box = root.locator("[data-action=code]")           # the game number in its box, as War's table has it
    assert box.input_value() == "" and box.get_attribute("aria-label") == "Game number"   # a scripted deal
    button("new").click()
    wait_until(lambda: "press Flip" in root.locator("[data-role=sentence]").text_content(), 30, "a new game")
    wait_until(lambda: re.fullmatch(r"steal_war-\d+", box.input_value()), 30, "the new game's number in its box")
    assert root.evaluate(_JS_STEAL_CANVAS)["felt"][1] > 60
    number = box.input_value()
    button("flip").click()
    wait_until(lambda: "press Flip" not in root.locator("[data-role=sentence]").text_content(), 30, "a card played")
    box.fill(number)
    box.press("Enter")                                 # Replay of the number: the same game from its deal
    wait_until(lambda: "press Flip" in root.locator("[data-role=sentence]").text_content(), 30, "the game replayed")
    assert box.input_value() == number and button("replay").text_content() == "Replay"
    assert _console_errors(page) == []


_JS_LOOK = """(root, name) => {
    const b = root.querySelector(`[data-action=${name}]`);
    const st = getComputedStyle(b);
    const box = b.getBoundingClientRect();
    return {image: st.backgroundImage, weight: Number(st.fontWeight), h: box.height};
}"""


def test_the_three_tables_share_one_look_and_one_keyboard(lab_page) -> None:
    """Deal (Casino War) and Flip (Steal War) are the gold primary button War's Flip is; Steal
    War's check box is a finger's target; Space on either table plays its primary button, and
    the notebook's keys stay on the table."""
    page = lab_page
    casino, steal = page.locator("[data-casino-table]"), page.locator("[data-steal-table]")
    for root, name in ((casino, "deal"), (steal, "flip")):
        look = root.evaluate(_JS_LOOK, name)
        assert "linear-gradient" in look["image"] and look["weight"] >= 700 and look["h"] >= 56, (name, look)
    box = steal.locator("input[type=checkbox]").bounding_box()
    label = steal.locator("label:has(input[type=checkbox])").bounding_box()
    assert box and box["width"] >= 24 and box["height"] >= 24, box
    assert label and label["height"] >= 44, label
    # Space: Steal War's Flip plays a card (the sentence changes), Casino War's Deal deals (a new hand)
    steal.locator("[data-action=new]").click()
    wait_until(lambda: "press Flip" in steal.locator("[data-role=sentence]").text_content(), 30, "a new game")
    before = steal.locator("[data-role=sentence]").text_content()
    steal.locator("canvas").focus()
    page.keyboard.press(" ")
    wait_until(lambda: steal.locator("[data-role=sentence]").text_content() != before, 30, "Space to flip")
    casino.locator("[data-action=new]").click()
    wait_until(lambda: "New session" in casino.locator("[data-role=sentence]").text_content(), 30, "a new session")
    casino.locator("[data-action=chip10]").click()
    wait_until(lambda: not casino.locator("[data-action=deal]").is_disabled(), 30, "Deal offered")
    hand = casino.get_attribute("data-hand") or ""
    casino.locator("canvas").focus()
    page.keyboard.press(" ")
    wait_until(lambda: (casino.get_attribute("data-hand") or "") != hand, 30, "Space to deal")
    cells = page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length")
    for key in ("x", "d", "d", "a", "b", "m", "Shift+Enter"):
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    assert page.evaluate("() => window.jupyterapp.shell.currentWidget.content.widgets.length") == cells
    assert page.locator("[data-casino-table]").count() == 1 and page.locator("[data-steal-table]").count() == 1
    assert _console_errors(page) == []


def test_casino_war_and_steal_war_keep_wars_layout_and_keyboard_at_every_size(lab_page) -> None:
    """The layout rule and the keyboard checks of War's table (table_driver.layout_at_sizes and
    tab_reaches_every_control) on the Casino War and Steal War tables, in JupyterLab: Steal War
    at 1366x900 was 771 px tall with its sentence and buttons below the fold."""
    page = lab_page
    sizes = [*SIZES[:3], (1366, 900)]
    for selector, primary, name in (("[data-casino-table]", "deal", "casino"), ("[data-steal-table]", "flip", "steal")):
        root = page.locator(selector)
        seen = cardgame_layout_at_sizes(page, root, primary, ARTIFACTS / f"cardgames-{name}", sizes)
        print(name, seen)
        page.set_viewport_size({"width": 1366, "height": 900})
        page.wait_for_timeout(400)
        tab_reaches_every_button(page, root, name)
    assert _console_errors(page) == []


@pytest.fixture(scope="module")
def voila_page(chromium, tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """The two tables on a Voila page (no notebook around them), for the tablet and phone sizes."""
    root = tmp_path_factory.mktemp("cardgames-voila")
    (root / "games.ipynb").write_text(notebook_json(CELLS))
    server = serve("voila", "voila-cardgames", root, root / "games.ipynb")
    page = new_page(chromium, "voila-cardgames", viewport={"width": 390, "height": 844})
    try:
        page.goto(server.url + "/", wait_until="commit", timeout=90_000)
        page.locator("[data-casino-table]").wait_for(timeout=180_000)
        page.locator("[data-steal-table]").wait_for(timeout=180_000)
        page._war_mark = len(page._war_console)  # type: ignore[attr-defined]
        yield page
    finally:
        close_page(page)
        stop_server(server)


def test_casino_war_and_steal_war_fit_a_phone_and_a_tablet_on_a_voila_page(voila_page) -> None:
    """War's layout rule at every size of War's own checks (1920x1080, 1366x768, 768x1024, 390x844)
    on a served page: nothing wider than the phone, every control a finger's target, the picture,
    the sentence and the primary button on one projector screen; Tab reaches every button."""
    page = voila_page
    for selector, primary, name in (("[data-casino-table]", "deal", "casino"), ("[data-steal-table]", "flip", "steal")):
        root = page.locator(selector)
        seen = cardgame_layout_at_sizes(page, root, primary, ARTIFACTS / f"cardgames-voila-{name}", SIZES)
        print(name, seen)
        assert seen["390x844"][0] >= 300, (name, seen)       # the picture as wide as the phone gives it
        tab_reaches_every_button(page, root, name)
    assert _console_errors(page) == []
