"""Issue 28, "Saves and messages": Steal War version-1 saves were read field by field, so impossible
games loaded (an empty history, round 10^19, ``choosing`` or ``short_end`` true) or crashed later
(phase ``compare`` with no card face up, ``collect`` with no winner, everyone out).  They hold no
decisions a replay could check, so every one is refused at load with a clear ValueError."""
from __future__ import annotations

import json
from typing import Any

import pytest

from war_widget import StealWarGame
from war_widget.variants.steal.game_json import _dumps_v1


def v1_state() -> dict[str, Any]:
    game = StealWarGame(2, 7)
    for _ in range(30):
        if game.to_act is not None:
            game.apply(game.legal_actions()[0])
        else:
            game.step()
    return json.loads(_dumps_v1(game))


TAMPERED = {
    "empty history": dict(history=[]),
    "round 10**19": dict(round_number=10**19),
    "choosing true": dict(choosing=True),
    "short_end true": dict(short_end=True),
    "compare with no card face up": dict(phase="compare", faceup=[]),
    "collect with no winner": dict(phase="collect", winner=None),
    "everyone out": dict(out=[True, True]),
    "untouched": {},
}


@pytest.mark.parametrize("case", sorted(TAMPERED))
def test_a_version_1_steal_save_is_refused_at_load(case: str) -> None:
    state = v1_state()
    state.update(TAMPERED[case])
    with pytest.raises(ValueError, match=r"^not a valid saved Steal War game: this is a save of format version 1"):
        StealWarGame.from_json(json.dumps(state))


def test_the_refusal_names_the_deal_that_plays_again() -> None:
    with pytest.raises(ValueError, match=r"StealWarGame\(2, seed=7\)"):
        StealWarGame.from_json(json.dumps(v1_state()))
