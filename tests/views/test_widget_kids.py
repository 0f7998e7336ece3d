"""The kids presets keep the children's register and the teaching aids whatever option changes
(issue 18): the 50-round limit notebook 01_play_ja recommends, any rule option, the opponent."""
from __future__ import annotations

import pytest

from war_widget.views.war import WarWidget
from war_widget.views.war.controls import RULE_OPTIONS


@pytest.mark.parametrize("preset", ["kids", "kids_aside"])
def test_every_option_change_keeps_the_childrens_register_and_aids(preset):
    w = WarWidget(rules=preset, lang="ja", records=False)
    assert w._reg == "ja_kids" and w.aids
    flip_word = w.flip_button.description
    w.controls.length.value = "50"                        # as the teacher picks it
    assert w.game.rules.round_limit == 50 and w._reg == "ja_kids" and w.aids
    for name, values in RULE_OPTIONS.items():
        for value in values:
            if w.set_option(name, value):
                assert w._reg == "ja_kids" and w.aids, (name, value)
                assert w.flip_button.description == flip_word
    w.controls.opponent.value = "watch"
    assert w._reg == "ja_kids" and w.aids
    w.flip()
    assert all("ラウンド" not in line for line in w.narration_log[-3:])   # children's words: 回め


def test_choosing_another_preset_leaves_the_kids_register():
    w = WarWidget(rules="kids", lang="ja", records=False)
    w.controls.preset.value = "classic"
    assert w._reg == "ja" and not w.aids
    w.controls.preset.value = "kids"
    assert w._reg == "ja_kids" and w.aids


def test_aids_turned_off_by_hand_stay_off_through_option_changes():
    w = WarWidget(rules="kids", lang="ja", records=False)
    w.set_aids(False)
    w.set_option("face_down", 1)
    assert not w.aids and w._reg == "ja_kids"
