"""The parts of the War session, each with its own state: the settings (``Setup``), the words
(``Voice``) and the action queue (``ActionQueue``)."""
from __future__ import annotations

import pytest

from war_widget.game.engine import Game, as_rules
from war_widget.session.queue import ActionQueue
from war_widget.session.war_setup import Setup
from war_widget.session.war_words import Voice


def test_the_voice_follows_the_preset_unless_the_teacher_chose_the_aids():
    v = Voice("ja", None, aids=None, kids=False)
    assert (v.reg, v.aids) == ("ja", False)
    v.preset(True)                               # the kids preset picked: its register and aids
    assert (v.reg, v.aids) == ("ja_kids", True)
    v.set_aids(False)
    v.preset(False)
    v.preset(True)
    assert v.aids is False and v.reg == "ja_kids"   # the teacher's choice is kept; the register is the preset's
    with pytest.raises(ValueError, match="aids must be True or False"):
        Voice("en", None, aids="yes", kids=False)  # type: ignore[arg-type]


def test_the_voice_says_no_war_under_a_teachers_name():
    v = Voice("en", "Compare", aids=None, kids=False)
    assert v.title == "Compare" and "war" not in v.words("War! Both lay a card.").lower()
    assert Voice("en", None, aids=None, kids=False).words("War!") == "War!"


def test_the_setup_plays_a_strong_computer_by_its_own_gather_order():
    s = Setup(as_rules("classic"), "cpu", "strong", "normal")
    assert s.effective().gather == (s.base.gather_for(0), "strong")
    s.choose_opponent("two_player")
    assert s.mode == "two_player" and s.opponent == "strong" and s.effective() == s.base
    s.choose_opponent("easy")
    assert (s.mode, s.opponent) == ("cpu", "easy")


def test_the_setup_changes_one_option_or_says_why_not():
    s = Setup(as_rules("classic"), "cpu", "easy", "normal")
    assert s.option("face_down", s.base.face_down) is None            # unchanged: no new game
    other = 3 if s.base.face_down != 3 else 2
    changed = s.option("face_down", other)
    assert changed is not None and changed.face_down == other and s.base.face_down != other   # not yet taken
    assert s.length("3min").round_limit is None and s.length("100").round_limit == 100
    assert s.length_name(True) == "3min" and s.length_name(False) == str(s.base.round_limit)
    with pytest.raises(ValueError):
        s.option("players", 9)


def test_the_setup_keeps_only_its_own_values_from_a_saved_game():
    s = Setup(as_rules("classic"), "cpu", "easy", "normal")
    s.adopt({"mode": "watch", "opponent": "grandmaster"})
    assert (s.mode, s.opponent) == ("watch", "easy")
    s.adopt({"mode": 3, "opponent": "strong"})
    assert (s.mode, s.opponent) == ("watch", "strong")
    strong = Game(Setup(as_rules("classic"), "cpu", "strong", "normal").effective(), 1)
    s = Setup(as_rules("classic"), "cpu", "easy", "normal")
    s.follow(strong)
    assert s.opponent == "strong"


def test_the_queue_runs_an_action_arriving_mid_action_after_it_in_order():
    done: list[str] = []
    queue = ActionQueue(lambda fn, *args: fn(*args))

    def outer() -> str:
        assert queue.act(done.append, "inner 1") is None     # queued, not run inside
        queue.act(done.append, "inner 2")
        done.append("outer")
        return "result"

    assert queue.act(outer) == "result"
    assert done == ["outer", "inner 1", "inner 2"] and not queue.running


def test_an_error_in_a_queued_action_is_raised_once_the_queue_is_drained():
    done: list[str] = []
    queue = ActionQueue(lambda fn, *args: fn(*args))

    def fail() -> None:
        raise ValueError("refused")

    def outer() -> None:
        queue.act(fail)
        queue.act(done.append, "after")

    with pytest.raises(ValueError, match="refused"):
        queue.act(outer)
    assert done == ["after"] and not queue.running
