"""A teacher renames the game (``WarWidget(name=...)``): no word a child reads on the table says war."""
from __future__ import annotations

import pytest

from war_widget.text.naming import WAR_WORDS
from war_widget.views.war import WarWidget


def _words(value: object) -> list[str]:
    """The strings a person can read in a trait's value: not its keys, not option identifiers."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() if k not in ("name", "kind", "do") for s in _words(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _words(v)]
    return []


def _everything_shown(w: WarWidget) -> str:
    """Every string the component sends its browser (setup words, beats, state, settings, results)."""
    return "\n".join(_words([w.setup, w.beats, w.state, w.settings, w.results]))


@pytest.mark.parametrize(("name", "lang"), [("Compare", "en"), ("かずくらべ", "ja")])
def test_a_named_game_never_says_war_whatever_happens(name, lang):
    w = WarWidget("classic", seed=11, lang=lang, records=False, name=name, animations=False)
    seen = [_everything_shown(w)]
    wars = 0
    for _ in range(6):
        for _ in range(40):
            w.flip()
            seen.append(_everything_shown(w))
            wars += any(b.get("war") for b in w.beats)
        w.step()
        w.step()
        seen.append(_everything_shown(w))
        w.back()
        w.fast_forward()
        seen.append(_everything_shown(w))
        w.new_game()
    assert wars, "the games played had no tie to rename"
    text = "\n".join(seen)
    assert name in text
    hits = sorted({m.group(0) for m in WAR_WORDS.finditer(text)})
    assert not hits, hits
    # the narration and the results the widget keeps say no war either
    assert not WAR_WORDS.search("\n".join(w.narration_log) + w.results)


def test_without_a_name_the_table_still_says_war():
    w = WarWidget("classic", seed=11, records=False, animations=False)
    for _ in range(80):
        w.flip()
    w.fast_forward()
    assert WAR_WORDS.search(_everything_shown(w) + "\n".join(w.narration_log))


def test_a_name_that_is_not_one_is_a_clear_error():
    with pytest.raises(ValueError, match="name"):
        WarWidget(records=False, name="")
    with pytest.raises(ValueError, match="war"):
        WarWidget(records=False, name="Math War")
