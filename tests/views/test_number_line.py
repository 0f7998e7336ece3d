"""The number line's data (issue 27, item 3): the setup names its range in the number lesson and
each beat the numbers of the cards turned up, worked out in Python (table.js only draws them;
tests/js/table.test.js and tests/views/test_colours.py check the drawing)."""
from __future__ import annotations

from war_widget import Card, Game, Rules
from war_widget.views.war import WarWidget

LESSON = Rules(rank_order="ace_low")


def test_the_number_lesson_has_a_number_line_and_other_rules_none():
    assert WarWidget(rules=LESSON, seed=1, records=False).setup["number_line"] == {"low": 0, "high": 13}
    assert WarWidget(rules=Rules(rank_order="ace_low", deck=40), seed=1, records=False).setup["number_line"] \
        == {"low": 0, "high": 10}
    assert WarWidget(seed=1, guess="number", records=False).setup["number_line"] == {"low": 0, "high": 13}
    assert WarWidget(seed=1, guess="to10", records=False).setup["number_line"] == {"low": 0, "high": 10}
    for widget in (WarWidget(seed=1, records=False), WarWidget(seed=1, guess=True, records=False),
                   WarWidget(rules=Rules(rank_order="ace_low", players=3), seed=1, records=False),
                   WarWidget(rules="addition", seed=1, records=False)):
        assert widget.setup["number_line"] is None
        widget.flip()
        assert all(b["view"]["numbers"] == [] for b in widget.beats)


def test_each_beat_marks_the_cards_turned_up_at_their_numbers():
    w = WarWidget(rules=LESSON, seed=4, records=False)
    seen = 0
    for _ in range(30):
        w.flip()
        for b in w.beats:
            newest = {}
            for seat, code, up, _battle in b["view"]["table"]:
                if up:
                    newest[seat] = code
            want = [[seat, LESSON.display_value(Card(int(code[:-1]), code[-1]))]
                    for seat, code in sorted(newest.items())]
            assert b["view"]["numbers"] == want
            seen += bool(want)
            for _seat, n in b["view"]["numbers"]:
                assert 1 <= n <= 13
    assert seen > 20


def test_an_ace_is_1_and_a_king_13_on_the_line():
    w = WarWidget(game=Game.from_hands(LESSON, [["AH", "2S"], ["KS", "4D"]]), records=False)
    w.flip()
    flipped = [b for b in w.beats if b["kind"] == "flip"]
    assert flipped and flipped[0]["view"]["numbers"] == [[0, 1], [1, 13]]
