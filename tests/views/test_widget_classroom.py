"""The widget in a classroom (issue 9), without a browser: many games in a row, served pages,
what the table tells the browser.  The browser side of the same items is in tests/browser/."""
from __future__ import annotations

import re

import pytest

from war_widget.views.war import WarWidget
from war_widget.views.war.visitors import records_path, served_page


# --- many games in a row ----------------------------------------------------------------------
def test_the_parts_are_one_widget_model_through_new_games_and_modes():
    """The whole table is one component (plus its layout model): nothing is rebuilt or added
    by a new game, a replay or a mode change (a rebuilt Plotly view froze, issue 9)."""
    import ipywidgets

    made = []
    orig = ipywidgets.Widget.__init__

    def counting(self, *a, **k):
        made.append(type(self).__name__)
        orig(self, *a, **k)

    ipywidgets.Widget.__init__ = counting
    try:
        w = WarWidget(seed=1, records=False)
        at_start = len(made)
        w.flip()
        w.new_game()
        w.replay(w.game.code)
        w.set_opponent("two_player")
        w.set_opponent("easy")
        w.set_lang("ja")
    finally:
        ipywidgets.Widget.__init__ = orig
    assert at_start <= 2 and len(made) == at_start, made


def test_the_words_follow_the_language_and_the_rules_line_is_the_games():
    w = WarWidget(seed=8, records=False)
    words = w.setup["words"]
    assert (words["flip"], words["fullscreen"], words["exit_fullscreen"]) == ("Flip", "Full screen", "Exit full screen")
    w.set_lang("ja")
    assert w.setup["words"]["fullscreen"] == "全画面" and w.setup["words"]["autoplay"] != "Autoplay"
    assert w.setting("preset")["label"] == "遊び方" and w.setup["rules_line"] and "戦争" in w.setup["rules_line"]


def test_the_game_over_notice_goes_with_its_game():
    w = WarWidget(seed=2, records=False)
    w.fast_forward()
    w.flip()
    assert "game is over" in w.notice
    w.new_game()
    w.flip()
    assert w.notice == "", w.notice


# --- served pages -----------------------------------------------------------------------------
def test_a_served_page_keeps_each_visitors_record_in_memory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    teacher = WarWidget(seed=5)                       # in a notebook: the file in the data folder
    teacher.flip()
    assert teacher.session.keeping.store.path is not None and teacher.session.keeping.store.saved_game is not None
    assert not served_page({}) and served_page({"VOILA_KERNEL_ID": "k1"})
    monkeypatch.setenv("VOILA_KERNEL_ID", "visitor-2")
    child = WarWidget()
    assert records_path(True) is None and child.session.keeping.store.path is None
    assert not child.state["resume"] and "in progress" not in child.notice
    child.fast_forward()
    assert child.record is not None and child.record["games"] == 1
    other = WarWidget().record
    assert other is not None and other["games"] == 0, "another visitor's record"
    assert records_path(str(tmp_path / "class.json")) == str(tmp_path / "class.json")


def test_largest_lead_says_whose_lead_it_was():
    w = WarWidget(seed=3, records=False)
    w.fast_forward()
    found = re.search(r"Largest lead</td><td><b>([^<]*)</b>", w.results)
    assert found is not None
    row = found.group(1)
    you, computer = w.game.stats.largest_lead
    assert row == f"You {you} · Computer {computer}", row


@pytest.mark.parametrize("env", [{"VOILA_SERVER_URL": "http://x"}, {"SERVER_SOFTWARE": "voila/0.5"}])
def test_served_page_detection(env):
    assert served_page(env)


def test_changing_language_keeps_every_picker_on_its_value():
    """Relabelling the pickers for a language or the teaching aids must not reset them (found by
    the state machine: the speed picker fell back to 'slow' while the widget kept 'fast')."""
    from war_widget import WarWidget

    w = WarWidget(records=False)
    w.click("speed", speed="fast")
    w.choose("length", "none")
    before = {"speed": w.state["speed"], "length": w.setting("length")["index"]}
    assert before == {"speed": "fast", "length": 2}
    for lang, aids in (("ja", True), ("en", False), ("ja", False)):
        w.set_lang(lang)
        w.set_aids(aids)
        assert {"speed": w.state["speed"], "length": w.setting("length")["index"]} == before
        assert w.speed == "fast"
    assert w.setting("length")["options"][2] == "最後まで" or w.setting("length")["options"][2]
    w.click("speed", speed="slow")
    assert w.speed == "slow" == w.state["speed"]
