"""What the three tables really send the browser has exactly the shapes of
``views/component/messages.py`` (the TypedDicts that ``src/types.js`` mirrors, issue 30 item 6):
every beat, setup, state, chart part and settings row of War games that ask "Which is bigger?",
go to war, reach the end, go back, and of Casino War and Steal War games: the keys a TypedDict
names (its optional ones may be missing, no other), and each value of the type it says."""
from __future__ import annotations

import types
import typing
from typing import Any, Literal, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from war_widget import Rules
from war_widget.views.casino import CasinoWarWidget
from war_widget.views.component import messages as m
from war_widget.views.steal import StealWarWidget
from war_widget.views.war import WarWidget


def problems(value: object, tp: Any, at: str = "") -> list[str]:
    """Where ``value`` is not of type ``tp`` (a TypedDict, list/dict/Literal/union of them, or a
    plain type: a bool is no int, an int is a float as JSON has it); empty when it is."""
    if tp is Any:
        return []
    if is_typeddict(tp):
        if not isinstance(value, dict):
            return [f"{at}: {type(value).__name__}, not a {tp.__name__}"]
        keys = set(value)
        out = [f"{at}: {tp.__name__} lacks {k!r}" for k in sorted(tp.__required_keys__ - keys)]
        extra = keys - tp.__required_keys__ - tp.__optional_keys__
        out += [f"{at}: {tp.__name__} has no key {k!r}" for k in sorted(extra)]
        hints = get_type_hints(tp)
        for k in sorted(keys & set(hints)):
            out += problems(value[k], hints[k], f"{at}.{k}")
        return out
    origin = get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        options = [problems(value, t, at) for t in get_args(tp)]
        return [] if any(not p for p in options) else [f"{at}: {value!r:.60} is none of {tp}"]
    if origin is Literal:
        return [] if value in get_args(tp) else [f"{at}: {value!r} is not one of {get_args(tp)}"]
    if origin is list:
        if not isinstance(value, list):
            return [f"{at}: {type(value).__name__}, not a list"]
        (item,) = get_args(tp)
        return [p for i, v in enumerate(value) for p in problems(v, item, f"{at}[{i}]")]
    if origin is dict:
        if not isinstance(value, dict):
            return [f"{at}: {type(value).__name__}, not a dict"]
        kt, vt = get_args(tp)
        return [p for k, v in value.items() for p in problems(k, kt, f"{at} key") + problems(v, vt, f"{at}[{k!r}]")]
    if tp is type(None):
        return [] if value is None else [f"{at}: {value!r:.40} is not None"]
    if tp is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif tp is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, tp)
    return [] if ok else [f"{at}: {value!r:.40} is a {type(value).__name__}, not a {tp.__name__}"]


def test_the_checker_finds_a_missing_key_an_extra_key_and_a_wrong_type() -> None:
    """The checker itself: a state that is right passes; each kind of mistake is named."""
    good: dict[str, object] = {"autoplay": False, "speed": "normal", "notice": "", "resume": False, "back": True,
                               "clock": False}
    assert problems(good, m.WarState) == []
    assert problems({k: v for k, v in good.items() if k != "notice"}, m.WarState) == [": WarState lacks 'notice'"]
    assert problems({**good, "noticee": ""}, m.WarState) == [": WarState has no key 'noticee'"]
    assert problems({**good, "back": 1}, m.WarState) == [".back: 1 is a int, not a bool"]
    assert problems({"low": True, "high": 13}, m.NumberLine) == [".low: True is a bool, not a int"]
    assert problems({"do": "steal"}, m.StealPileMessage) == []      # an optional key may be missing
    assert problems({"do": "stea1"}, m.StealPileMessage) != []


def war_game(**kw: Any) -> tuple[WarWidget, list[dict[str, Any]]]:
    w = WarWidget(seed=kw.pop("seed", 3), records=False, **kw)
    beats: list[dict[str, Any]] = [dict(b) for b in w.beats]
    w.listeners.append(lambda new: beats.extend(new))
    return w, beats


def check_war(w: WarWidget, beats: list[dict[str, Any]]) -> None:
    assert beats
    for i, b in enumerate(beats):
        assert problems(b, m.WarBeat, f"beat {i} ({b.get('kind')})") == []
        assert "id" in b                    # every beat sent carries its id
    assert problems(w.setup, m.WarSetup, "setup") == []
    assert problems(w.state, m.WarState, "state") == []
    for name in ("chart_head", "chart_mid", "chart_tail"):
        assert problems(getattr(w, name), m.ChartPart, name) == []
    assert w.settings and problems(w.settings, list[m.SettingRow], "settings") == []


def test_war_with_questions_a_war_back_and_the_end_sends_the_typed_shapes() -> None:
    w, beats = war_game(guess=True)
    kinds: set[str] = set()
    answered = 0
    while not w.game.is_over and w.game.round_number < 60:
        w.flip()
        if w.session.guess.asking:
            w.click("answer", symbol=">")
            answered += 1
        kinds |= {b["kind"] for b in beats}
    w.click("back")
    w.click("goto", round=2, war=0)
    w.click("fast_forward")
    kinds |= {b["kind"] for b in beats}
    check_war(w, beats)
    assert answered > 10 and any("answer" in b for b in beats)          # graded beats carry "answer"
    assert any(b["question"] is not None or b["view"]["asking"] for b in beats)
    assert {"flip", "compare", "collect", "war", "face_down", "game_over", "back", "goto"} <= kinds
    assert beats[-1]["view"]["over"] and any(b["point"] for b in beats)


def test_war_two_players_a_number_line_and_a_notice_send_the_typed_shapes() -> None:
    w, beats = war_game(rules=Rules(rank_order="ace_low"), mode="two_player", seed=5)
    for _ in range(5):
        w.click("press", seat=0)
        w.click("press", seat=1)
    w.click("press", seat="x")                  # a refusal: a notice beat
    w.click("autoplay", on=True)
    w.click("speed", speed="fast")
    check_war(w, beats)
    assert w.setup["number_line"] == {"low": 0, "high": 13} and any(b["view"]["numbers"] for b in beats)
    assert any(b["view"]["waiting"] for b in beats) and w.state["notice"]


def test_casino_war_sends_the_typed_shapes() -> None:
    w = CasinoWarWidget(seed=4, tie_bet=True)
    seen: list[dict[str, Any]] = []
    tied = 0
    for _ in range(40):
        w.click("chip", amount=w.CHIPS[0])
        w.click("deal")
        if w.controls["war"]:
            tied += 1
            w.click("war" if tied % 2 else "surrender")
        seen.append(dict(w.table))
        assert problems(w.setup, m.CasinoSetup, "setup") == []
        assert problems(w.controls, m.CasinoControls, "controls") == []
        assert problems(w.chart, m.CasinoChart, "chart") == []
    assert tied >= 2 and any(t["backs"] for t in seen)        # a war was played: burnt cards
    for i, t in enumerate(seen):
        assert problems(t, m.CasinoTable, f"table {i}") == [] and "id" in t


def test_steal_war_sends_the_typed_shapes() -> None:
    w = StealWarWidget(seed=3)
    beats: list[dict[str, Any]] = []
    w.observe(lambda change: beats.extend(b for b in change["new"] if b not in beats), names="beats")
    for _ in range(150):
        if w.game.is_over:
            break
        if w.controls["steal"]:
            w.click("steal")
        elif w.controls["tops"]:
            w.click("choose", card=w.controls["tops"][0]["code"])
        else:
            w.click("flip")
        assert problems(w.setup, m.StealSetup, "setup") == []
        assert problems(w.controls, m.StealControls, "controls") == []
    w.click("back")
    assert len(beats) > 50
    assert any(b["moves"] for b in beats) and any("base" in b for b in beats)     # piles flew
    for i, b in enumerate(beats):
        assert problems(b, m.StealBeat, f"beat {i}") == []
        assert "id" in b and "cut" in b


@pytest.mark.parametrize("name", ["WarBeat", "CasinoTable", "StealBeat", "StealPicture"])
def test_a_wrong_shape_from_python_would_fail_here(name: str) -> None:
    """The same check on a real shape with one key renamed fails: the tests above can fail."""
    w, beats = war_game()
    w.flip()
    real = {"WarBeat": beats[-1], "CasinoTable": dict(CasinoWarWidget(seed=1).table),
            "StealBeat": StealWarWidget(seed=1).beats[-1], "StealPicture": StealWarWidget(seed=1).picture}[name]
    first = next(iter(real))
    bad = {("x" + k if k == first else k): v for k, v in real.items()}
    assert problems(real, getattr(m, name)) == []
    assert problems(bad, getattr(m, name)) != []
