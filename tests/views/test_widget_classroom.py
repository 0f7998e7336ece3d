"""The widget in a classroom (issue 9), without a browser: many games in a row, text that waits
for the picture, served pages, scaling, colours a class can read.  The browser side of the same
items is in tests/browser/ (test_lab.py, test_voila.py)."""
from __future__ import annotations

import re

import numpy as np
import pytest

from war_widget.views.war import WarWidget
from war_widget.views.war import layout as L
from war_widget.views.war.sync import BeatSync
from war_widget.views.war.visitors import records_path, served_page


# --- many games in a row ----------------------------------------------------------------------
def test_the_parts_stay_the_same_widgets_through_new_games_and_modes():
    """A new game, a replay or a mode change must not rebuild the children: a rebuilt Plotly
    view froze (issue 9, item 1)."""
    w = WarWidget(seed=1, records=False)
    before = [id(c) for c in w.children]
    w.flip()
    w.new_game()
    w.replay(w.game.code)
    w.set_opponent("two_player")
    w.set_opponent("easy")
    assert [id(c) for c in w.children] == before
    assert w.chart in w.children and w.canvas in w.children


def test_the_game_over_notice_goes_with_its_game():
    w = WarWidget(seed=2, records=False)
    w.fast_forward()
    w.flip()
    assert "game is over" in w.notice.value
    w.new_game()
    w.flip()
    assert w.notice.value == "", w.notice.value


# --- text waits for the picture ---------------------------------------------------------------
def test_without_a_browser_the_text_is_shown_at_once():
    w = WarWidget(seed=3, records=False)
    w.flip()
    assert "Round 1:" in w.narration_box.value and w.progress_label.value == "1 / 40 rounds"


def test_with_a_browser_each_beat_is_told_when_the_table_shows_it():
    w = WarWidget(seed=3, records=False)
    w.beats.hello()                     # a browser will report the beats it shows
    first = w.table.seq
    w.table.busy_until = 0.0
    w.flip()
    log = w.narration_log
    assert w.game.round_number == 1 and "Round 1:" not in w.narration_box.value, "told before it was shown"
    assert w.progress_label.value == "0 / 40 rounds"
    marks = list(range(first + 1, w.table.seq + 1))
    assert len(marks) >= 3, "every beat of an animated flip has its own mark"
    w.frontend._message(w.frontend, {"shown": marks[0]}, [])      # the flip is on the table
    flip_line = next(line for line in log if line.startswith("Round 1:"))
    assert flip_line in w.narration_box.value
    taken = [line for line in log if re.search(r"\btakes?\b", line)]
    assert taken and taken[-1] not in w.narration_box.value, "who took the cards before they moved"
    w.frontend._message(w.frontend, {"shown": marks[-1]}, [])     # the batch is over
    assert taken[-1] in w.narration_box.value and w.progress_label.value == "1 / 40 rounds"
    assert len(w.chart.data[0].x) == 2


def test_staged_text_is_shown_anyway_when_the_page_stops_reporting():
    now = [0.0]
    sync = BeatSync(lambda: now[0])
    shown: list[int] = []
    sync.hello()
    sync.stage(5, 1.0, lambda: shown.append(5))
    sync.stage(6, 1.0, lambda: shown.append(6))
    assert shown == [] and sync.busy
    sync.ack(5)
    assert shown == [5]
    now[0] = 10.0
    sync._expire()
    assert shown == [5, 6] and not sync.busy


def test_the_table_knows_how_far_behind_the_browser_is():
    w = WarWidget(seed=4, records=False)
    w.beats.hello()
    for _ in range(4):
        w.table.busy_until = 0.0        # the kernel's own estimate says: caught up
        w.flip()
    w.frontend._message(w.frontend, {"shown": 1}, [])    # but the browser reports an early beat
    assert w.table.behind() > 1.0
    w.frontend._message(w.frontend, {"shown": w.table.seq}, [])
    assert w.table.behind() == 0.0


# --- served pages -----------------------------------------------------------------------------
def test_a_served_page_keeps_each_visitors_record_in_memory(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    teacher = WarWidget(seed=5)                       # in a notebook: the file in the data folder
    teacher.flip()
    assert teacher._records.path is not None and teacher._records.saved_game is not None
    assert not served_page({}) and served_page({"VOILA_KERNEL_ID": "k1"})
    monkeypatch.setenv("VOILA_KERNEL_ID", "visitor-2")
    child = WarWidget()
    assert records_path(True) is None and child._records.path is None
    assert child.resume_button.layout.display == "none" and "in progress" not in child.notice.value
    child.fast_forward()
    assert child.record is not None and child.record["games"] == 1
    other = WarWidget().record
    assert other is not None and other["games"] == 0, "another visitor's record"
    assert records_path(str(tmp_path / "class.json")) == str(tmp_path / "class.json")


# --- scaling ----------------------------------------------------------------------------------
def test_the_canvas_takes_the_screens_pixels_and_clicks_still_land():
    w = WarWidget(seed=6, records=False)
    w.frontend.size = [1400.0, 2.0, 2800]             # what the browser reports
    assert (w.canvas.width, w.canvas.height) == (2800, 1750) and w.table.scale == 1.75
    x, y, cw, ch = L.pile_at(w._view(), 0)
    w._on_mouse_down((x + cw / 2) * 1.75, (y + ch / 2) * 1.75)   # mouse events come in canvas pixels
    assert w.game.round_number == 1


# --- colours a class can read -----------------------------------------------------------------
def _linear(rgb: np.ndarray) -> np.ndarray:
    c = rgb / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def _lab(linear: np.ndarray) -> np.ndarray:
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = m @ np.clip(linear, 0, 1) / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


# Machado, Oliveira & Fernandes (2009), protanopia at severity 1.0, on linear RGB
PROTANOPIA = np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                       [-0.003882, -0.048116, 1.051998]])


def _seen_by_protanope(colour: str) -> np.ndarray:
    rgb = np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], dtype=float)
    return _lab(PROTANOPIA @ _linear(rgb))


def test_badges_read_at_wcag_aa_and_stand_out_under_protanopia():
    view = L.TableView(names=("You", "Computer"), hands=(20, 30), won=(1, 1))
    ops = L.count_ops(view)
    for p in range(2):
        circle = next(o for o in ops if isinstance(o, L.Circle) and o.tag == f"badge-bg:{p}")
        text = next(o for o in ops if isinstance(o, L.Text) and o.tag == f"badge:{p}")
        assert L.contrast(text.color, circle.fill) >= 4.5, (p, text.color, circle.fill)
        # the badge against the felt, as a protanope sees them: CIELAB distance
        assert np.linalg.norm(_seen_by_protanope(circle.fill) - _seen_by_protanope(L.FELT)) >= 20, p
    a, b = (_seen_by_protanope(c) for c in L.SEAT_COLOURS[:2])
    assert np.linalg.norm(a - b) >= 20, "under protanopia the two badges look alike"
    assert L.contrast("#ffffff", "#2e7dd7") < 4.5, "the check must be able to fail (the old blue)"
    assert np.linalg.norm(_seen_by_protanope("#e0523c") - _seen_by_protanope(L.FELT)) < 20, "the old red"


def test_war_markers_are_not_a_players_colour_and_round_ticks_are_whole():
    w = WarWidget(seed=7, records=False)
    marker = w.chart.data[-1].marker.color
    for p, line in enumerate(w.chart.data[:-1]):
        a = np.array([int(line.line.color[i:i + 2], 16) for i in (1, 3, 5)])
        b = np.array([int(marker[i:i + 2], 16) for i in (1, 3, 5)])
        assert np.abs(a - b).max() > 100, f"war markers look like player {p}'s line"
    axis = w.chart.layout.xaxis
    for _ in range(3):
        w.flip()
    assert axis.tickformat == "d" and axis.dtick == 1 and axis.tick0 == 0
    w.fast_forward()
    assert float(axis.dtick).is_integer() and w.game.round_number / axis.dtick <= 8


def test_largest_lead_says_whose_lead_it_was():
    w = WarWidget(seed=3, records=False)
    w.fast_forward()
    found = re.search(r"Largest lead</td><td><b>([^<]*)</b>", w.results.value)
    assert found is not None
    row = found.group(1)
    you, computer = w.game.stats.largest_lead
    assert row == f"You {you} · Computer {computer}", row


def test_buttons_have_tooltips_and_the_round_is_shown_once():
    w = WarWidget(seed=8, records=False)
    for button in (w.flip_button, w.step_button, w.autoplay_toggle, w.fast_forward_button, w.new_game_button):
        assert button.tooltip == button.description, (button.description, button.tooltip)
    assert (w.frontend.fullscreen_label, w.frontend.exit_label) == ("Full screen", "Exit full screen")
    w.set_lang("ja")
    assert w.autoplay_toggle.tooltip == w.autoplay_toggle.description != "Autoplay"
    assert w.frontend.fullscreen_label == "全画面"
    # the canvas progress bar shows the round; the label stays for screen readers only
    assert "war-sr-only" in w.progress_label._dom_classes


@pytest.mark.parametrize("env", [{"VOILA_SERVER_URL": "http://x"}, {"SERVER_SOFTWARE": "voila/0.5"}])
def test_served_page_detection(env):
    assert served_page(env)


def test_changing_language_keeps_every_picker_on_its_value():
    """Relabelling the pickers for a language or the teaching aids must not reset them (found by
    the state machine: the speed picker fell back to 'slow' while the widget kept 'fast')."""
    from war_widget import WarWidget

    w = WarWidget(records=False)
    w.speed_picker.value = "fast"
    w.controls.length.value = "none"
    before = {"speed": w.speed_picker.value, "length": w.controls.length.value}
    for lang, aids in (("ja", True), ("en", False), ("ja", False)):
        w.set_lang(lang)
        w.set_aids(aids)
        assert {"speed": w.speed_picker.value, "length": w.controls.length.value} == before
        assert w.speed == "fast"
    w.speed_picker.value = "slow"
    assert w.speed == "slow"
