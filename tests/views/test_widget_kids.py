"""The kids presets keep the children's register and the teaching aids whatever option changes
(issue 18): the 50-round limit notebook 01_play_ja recommends, any rule option, the opponent."""
from __future__ import annotations

import pytest

from war_widget.session.options import RULE_OPTIONS
from war_widget.views.war import WarWidget


@pytest.mark.parametrize("preset", ["kids", "kids_aside"])
def test_every_option_change_keeps_the_childrens_register_and_aids(preset):
    w = WarWidget(rules=preset, lang="ja", records=False)
    assert w.session.reg == "ja_kids" and w.aids
    flip_word = w.setup["words"]["flip"]
    w.choose("length", "50")                       # as the teacher picks it
    assert w.game.rules.round_limit == 50 and w.session.reg == "ja_kids" and w.aids
    for name, values in RULE_OPTIONS.items():
        for value in values:
            if w.set_option(name, value):
                assert w.session.reg == "ja_kids" and w.aids, (name, value)
                assert w.setup["words"]["flip"] == flip_word
    w.choose("opponent", "watch")
    assert w.session.reg == "ja_kids" and w.aids
    w.flip()
    assert all("ラウンド" not in line for line in w.narration_log[-3:])   # children's words: 回め


def test_choosing_another_preset_leaves_the_kids_register():
    w = WarWidget(rules="kids", lang="ja", records=False)
    w.choose("preset", "classic")
    assert w.session.reg == "ja" and not w.aids
    w.choose("preset", "kids")
    assert w.session.reg == "ja_kids" and w.aids


def test_aids_turned_off_by_hand_stay_off_through_option_changes():
    w = WarWidget(rules="kids", lang="ja", records=False)
    w.set_aids(False)
    w.set_option("face_down", 1)
    assert not w.aids and w.session.reg == "ja_kids"
