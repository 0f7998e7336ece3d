"""The number lesson in JupyterLab and on the Voila classroom page, played as a child plays it
(issue 27, "Done when": the notice clears; the number line shows both cards): a plain ``WarWidget()``, the number lesson
turned on by one click in its rules panel (the preset ``number_lesson``: A = 1 ... K = 13 in the
battle too, "Which is bigger?" in its number mode), three questions answered; at each the number
line under the cards marks both cards at the question's numbers in their seats' colours (pixels
read off the canvas), the notice "First say which is bigger" shows when Flip is pressed before
answering and is gone once the child has answered, and the tick sits between the cards in green.
"""
from __future__ import annotations

import importlib.util
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("war_browser_helpers", Path(__file__).with_name("conftest.py"))
assert _spec is not None and _spec.loader is not None
_helpers = sys.modules.get("war_browser_helpers") or importlib.util.module_from_spec(_spec)
if "war_browser_helpers" not in sys.modules:
    sys.modules["war_browser_helpers"] = _helpers
    _spec.loader.exec_module(_helpers)
ARTIFACTS, close_page, new_page = _helpers.ARTIFACTS, _helpers.close_page, _helpers.new_page
notebook_json, open_notebook = _helpers.notebook_json, _helpers.open_notebook

from table_driver import JS_RECORD, NUMBERS, Table, check_beats, right_answer, wait_until  # noqa: E402

from war_widget.text.i18n import label  # noqa: E402

pytestmark = pytest.mark.browser

# the number lesson: A = 1 ... K = 13 in the battle itself, "Which is bigger?" about the numbers
LESSON = "WarWidget(speed='fast', records=False)"
# the seats' colours as table.js names them (SEAT_COLOURS), as RGB
_TABLE_JS = (Path(__file__).resolve().parents[2] / "war_widget/views/component/src/colours.js").read_text()
_SEATS = re.search(r"export const SEAT_COLOURS = \[([^\]]*)\]", _TABLE_JS)
assert _SEATS
SEAT_RGB = [tuple(int(h[i:i + 2], 16) for i in (1, 3, 5)) for h in re.findall(r"#[0-9a-fA-F]{6}", _SEATS.group(1))]
READ_PIXEL = """(root, [x, y]) => { const c = root.querySelector('canvas.war-table');
    const k = c.width / c.getBoundingClientRect().width;
    const d = c.getContext('2d').getImageData(Math.round(x * k), Math.round(y * k), 1, 1).data;
    return Array.from(d).slice(0, 3); }"""


CLASSROOM = Path(__file__).resolve().parents[2] / "classroom"


@pytest.fixture(scope="module", params=["lab", "voila"])
def lesson(request, chromium, shared_server) -> Iterator[Table]:
    """The table in JupyterLab, and on the classroom page a teacher serves (Voila,
    classroom/play.ipynb: ``WarWidget()``, no code on the page)."""
    if request.param == "voila":
        yield from _voila_lesson(chromium, shared_server("classroom-voila"))
        return
    yield from _lab_lesson(chromium, shared_server("lab"))


def _voila_lesson(chromium, server) -> Iterator[Table]:
    page = new_page(chromium, "number-lesson-voila", viewport={"width": 1366, "height": 1000})
    try:
        page.goto(server.url + "/", wait_until="commit", timeout=90_000)
        roots = page.locator("[data-war-table]")
        roots.first.wait_for(timeout=180_000)
        wait_until(lambda: roots.nth(0).get_attribute("data-round") == "0", 60, "Voila: the table at round 0")
        yield Table(page, roots.nth(0), "number-lesson-voila")
    finally:
        close_page(page)


def _lab_lesson(chromium, lab) -> Iterator[Table]:
    folder = lab.folder("number-lesson")
    (folder / "lesson.ipynb").write_text(notebook_json([f"from war_widget import WarWidget\n{LESSON}"]))
    page = new_page(chromium, "number-lesson", viewport={"width": 1366, "height": 1000})
    try:
        open_notebook(page, f"{lab.url}/lab/tree/{folder.name}/lesson.ipynb?reset")
        roots = page.locator("[data-war-table]")
        wait_until(lambda: roots.count() == 1 and roots.nth(0).get_attribute("data-round") == "0", 120,
                   "the lesson's table at round 0")
        yield Table(page, roots.nth(0), "number-lesson")
    finally:
        close_page(page)
        lab.end_kernels()


def _near(rgb: list[int], want: tuple[int, int, int], tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(rgb, want, strict=True))


def test_a_child_answers_three_questions_the_notice_clears_and_the_line_shows_both_cards(lesson: Table) -> None:
    t = lesson
    t.root.evaluate(JS_RECORD)
    assert t.data("line") in ("", "[]"), "no number line before the lesson"
    # one click in the rules panel: the number lesson, with its questions
    t.control("settings").click()
    t.root.locator("[data-setting=number_lesson]").click()
    wait_until(lambda: t.root.locator("[data-action='answer>']").is_visible() and t.data("round") == "0", 60,
               "the number lesson's new game, with its answer buttons")
    assert t.control("code").input_value().startswith("number_lesson"), t.control("code").input_value()
    t.control("settings").click()
    t.root.evaluate("r => { r.__record.length = 0; }")       # the beats of the lesson from here on
    notice = t.root.locator("[data-role=notice]")
    wait = label("guess_wait", "en")
    asking = re.compile(r"Which is bigger: (\S+) or ([^\s?]+)\?")
    for n in range(3):
        # after "=" the war's next flip asks at once, with no Flip pressed (the question is open)
        if not asking.search(t.sentence()):
            t.control("flip").scroll_into_view_if_needed()
            t.act("flip")
        question = asking.search(t.sentence())
        assert question, t.sentence()
        yours, theirs = (NUMBERS.get(g) or int(g) for g in question.groups())
        answer = right_answer(t.sentence())
        # the number line: both cards at the question's numbers, each in its seat's colour
        marks = json.loads(t.data("line") or "[]")
        assert sorted((seat, num) for seat, num, *_ in marks) == [(0, yours), (1, theirs)], (marks, t.sentence())
        for seat, _num, x, y, r in marks:      # (the marks may still be easing in: a few frames)
            wait_until(lambda seat=seat, x=x, y=y, r=r: _near(t.root.evaluate(READ_PIXEL, [x, y - r * 0.8]),
                                                             SEAT_RGB[seat]), 10, f"seat {seat}'s mark in its colour")
        if n == 0:
            t.root.locator("canvas.war-table").scroll_into_view_if_needed()
            t.page.screenshot(path=str(ARTIFACTS / f"{t.name}-question-1366x1000.png"))
            # Flip before answering: the notice asks for the answer first
            t.control("flip").click()
            wait_until(lambda: notice.is_visible() and notice.inner_text().strip() == wait, 30,
                       "the notice asking for an answer")
        t.act(f"answer{answer}")
        wait_until(lambda: not notice.is_visible() or not notice.inner_text().strip(), 30, "the notice to clear")
        # graded (the score counts this answer: the feedback attribute may be the last answer's), and the
        # table at rest, before the next Flip (else it meets the question still open)
        wait_until(lambda n=n: t.root.locator("[data-role=score]").inner_text().strip()
                   .startswith(f"\u2713 {n + 1} / {n + 1}")
                   and t.data("feedback") == "right" and t.data("idle") == "1", 30, "the answer graded right")
        x, y = (int(v) for v in t.data("feedback-at").split(","))

        def green(x: int = x, y: int = y) -> bool:
            r, g, _b = t.root.evaluate(READ_PIXEL, [x, y])
            return bool(g > r + 50)
        wait_until(green, 10, "the tick drawn in green")     # (it scales in over a few frames)
    t.page.screenshot(path=str(ARTIFACTS / f"{t.name}-1366x1000.png"))
    check_beats(t.record(), t.name)
    assert t.root.locator("[data-role=score]").inner_text().strip().startswith("\u2713 3 / 3")
