"""The notice and the mark of "Which is bigger?" (issue 27, item 2): the red notice "First say
which is bigger" goes as soon as the child answers, and the answer's tick or cross is drawn by
the two cards it grades (views/component/table.js ``markSpot``; painted by table.js under node in
tests/js/table.test.js), not over the computer's pile."""
from __future__ import annotations

from war_widget.text.i18n import label
from war_widget.views.war import WarWidget


def test_the_notice_to_answer_first_clears_when_the_child_answers():
    for lang, guess in (("en", True), ("ja", True), ("en", "number"), ("ja", "number")):
        w = WarWidget(seed=7, guess=guess, lang=lang, records=False)
        w.flip()                                   # turns up two cards and asks
        assert w.state["notice"] == ""
        w.flip()                                   # Flip again before answering: "First say ..."
        waits = {label(key, w.session.reg) for key in ("guess_wait", "guess_wait_strong")}
        assert w.state["notice"] in waits
        w.answer(">")
        assert w.state["notice"] == "", f"{lang}: the notice stayed after the answer"
        assert {b["view"]["feedback"] for b in w.beats} & {"right", "wrong"}, "the answer was graded"


def test_a_notice_that_is_not_about_the_answer_stays():
    w = WarWidget(seed=7, guess=True, records=False)
    w.flip()
    w.replay("not a game number")                 # a refusal: said in the notice
    refusal = w.state["notice"]
    assert refusal and refusal not in {label(key, "en") for key in ("guess_wait", "guess_wait_strong")}
    w.answer("<")
    assert w.state["notice"] == refusal
