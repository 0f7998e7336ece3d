"""The Rules panel in the order a teacher changes it (issue 30 item 5): who plays and how many,
the game's length, the language (with the first-grade register), "Which is bigger?", the speed;
the preset and the engine's options under "More rules"."""
from __future__ import annotations

from war_widget.session.options import RULE_OPTIONS
from war_widget.views.component import panel
from war_widget.views.war import WarWidget


def test_the_panel_starts_with_what_a_teacher_changes_most_and_keeps_the_engine_under_more_rules() -> None:
    w = WarWidget(seed=1, records=False)
    rows = w.settings
    names = [r["name"] for r in rows]
    main = [r["name"] for r in rows if r["group"] == "main"]
    assert main[:6] == ["opponent", "players", "length", "language", "guess", "speed"]
    assert names[:len(main)] == main                      # the main rows first, then "More rules"
    more = {r["name"] for r in rows if r["group"] == "more"}
    assert set(RULE_OPTIONS) - {"players"} <= more and "preset" in more
    assert {r["group"] for r in rows} == {"main", "more"}
    assert w.setup["words"]["more_rules"] == "More rules"
    w.set_lang("ja")
    assert w.setup["words"]["more_rules"] == "ほかのルール"


def test_the_language_picker_offers_the_first_grade_register_and_the_panel_sets_the_speed() -> None:
    w = WarWidget(seed=1, records=False)
    assert panel.values(w.session, "language") == ["en", "ja", "ja_kana"]
    w.choose("language", "ja_kana")
    assert w.session.lang == "ja_kana" and w.setting("language")["index"] == 2
    assert w.setting("language")["options"][2] == "にほんご（ひらがな）"
    w.choose("language", "ja")
    assert w.session.lang == "ja" and w.setting("language")["index"] == 1
    assert w.setting("speed")["options"] == ["ゆっくり", "ふつう", "はやい"]
    w.choose("speed", "fast")
    assert w.state["speed"] == "fast" and w.setting("speed")["index"] == 2
    w.click("speed", speed="slow")                          # the play row's speed: the panel follows
    assert w.setting("speed")["index"] == 0
