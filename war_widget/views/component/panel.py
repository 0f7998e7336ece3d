"""The settings panel of the table component: what it offers (from the session's values, in the
table's words) and what a choice does (the session's setter).

The browser draws ``settings()`` as selects and check boxes and sends back ``{"do": "set",
"name": ..., "index": ...}`` (a select: the index of the option chosen) or ``"on"`` (a check
box); ``choose`` calls the session.  The session owns every value: the panel only shows them.

The rows come in the order a teacher changes them most (``MAIN``: who plays and how many, the
game's length, the language, "Which is bigger?", the speed, then the number lessons); every row
of ``group`` "more" (the preset and the engine's rule options, the aids, the record) is drawn
under a "More rules" disclosure, closed until opened.
"""
from __future__ import annotations

from typing import Any

from ...game.rules import Rules
from ...session.options import LENGTHS, LESSONS, OPPONENTS, RULE_OPTIONS, SPEEDS
from ...session.war import WarSession
from ...text.i18n import label, option_text, preset_text
from ...text.number_mode import question_kind

__all__ = ["settings", "choose", "settings_key", "values", "start_lesson", "MAIN"]

_OPPONENT_LABEL = {"easy": "opp_easy", "strong": "opp_strong", "two_player": "opp_two", "watch": "opp_watch"}
# the languages, each in its own words: the first-grade register ("ja_kana") says itself in kana
_LANGS = (("en", "English"), ("ja", "日本語"), ("ja_kana", "にほんご（ひらがな）"))
# the rows a teacher changes most, in that order (the check box "guess" and the lessons after the
# selects' place in it); every other row is under "More rules"
MAIN = ("opponent", "players", "length", "language", "guess", "speed", *LESSONS)


def _choices(s: WarSession) -> dict[str, tuple[list[object], list[str], object]]:
    """Each select's values, their words and the value in force."""
    reg, base = s.reg, s.base_rules
    presets: list[object] = [*Rules.presets(), None]
    out: dict[str, tuple[list[object], list[str], object]] = {
        "preset": (presets, [preset_text(p if isinstance(p, str) else None, reg) for p in presets],
                   base.preset_name)}
    for name, values in RULE_OPTIONS.items():
        vals = list(values)
        value = getattr(base, name)
        if value not in vals:
            vals.append(value)
        out[name] = (vals, [option_text(v, reg, name) for v in vals], value)
    lengths: list[object] = list(LENGTHS)
    words = [label(f"len_{v}", reg) for v in LENGTHS]
    if s.length not in LENGTHS:
        lengths.append(s.length)
        words.append(label("len_n", reg, n=s.length))
    out["length"] = (lengths, words, s.length)
    out["opponent"] = (list(OPPONENTS), [label(_OPPONENT_LABEL[v], reg) for v in OPPONENTS],
                       s.opponent if s.mode == "cpu" else s.mode)
    out["language"] = ([k for k, _ in _LANGS], [w for _, w in _LANGS], s.lang)
    out["speed"] = (list(SPEEDS), [label(v, reg) for v in SPEEDS], s.speed)
    return out


def values(s: WarSession, name: str) -> list[object]:
    """The values of the select ``name``, in the order of its options."""
    choices = _choices(s)
    if name not in choices:
        raise ValueError(f"no select {name!r}; the selects are {', '.join(choices)}")
    return choices[name][0]


def settings_key(s: WarSession) -> tuple[object, ...]:
    """What the panel depends on: it is rebuilt only when this changes."""
    return (s.reg, s.base_rules, s.length, s.opponent, s.mode, s.aids, s.lang, s.recording, s.guess.on, s.speed)


def settings(s: WarSession) -> list[dict[str, Any]]:
    """The panel's rows: selects (``options``: their words, ``index``: the one in force),
    check boxes (``on``) and buttons, in the table's words; ``group`` "main" (``MAIN``, in that
    order) or "more" (under "More rules": the preset, the rule options, the aids, the record)."""
    reg = s.reg
    rows: dict[str, dict[str, Any]] = {}
    for name, (values, words, value) in _choices(s).items():
        index = next((i for i, v in enumerate(values) if v == value and type(v) is type(value)), -1)
        rows[name] = {"name": name, "label": label(name, reg), "kind": "select", "options": words, "index": index}
    # the questions' check box says the question these rules ask: "Which is bigger?" only where the
    # battle's order is the numbers, "Which is stronger?" otherwise
    guess_key = "guess_title" if question_kind(s.base_rules) == "bigger" else "guess_title_strong"
    for name, on in (("aids", s.aids), ("records", s.recording), ("guess", s.guess.on)):
        key = guess_key if name == "guess" else name
        rows[name] = {"name": name, "label": label(key, reg), "kind": "check", "on": bool(on)}
    for lesson in LESSONS:                 # one click: the number lesson, its questions and aids
        rows[lesson] = {"name": lesson, "label": label(f"lesson_{lesson}", reg), "kind": "button"}
    rows["reset_records"] = {"name": "reset_records", "label": label("reset_records", reg), "kind": "button"}
    main = [{**rows.pop(name), "group": "main"} for name in MAIN]
    return main + [{**row, "group": "more"} for row in rows.values()]


def start_lesson(s: WarSession, name: str) -> None:
    """The classroom panel's one click: a new game of the number lesson ``name`` (``LESSONS``)
    with "Which is bigger?" asked in the number mode and the aids on."""
    if name not in LESSONS:
        raise ValueError(f"no lesson {name!r}; the lessons are {', '.join(LESSONS)}")
    preset, mode = LESSONS[name]
    s.new_game(rules=preset)
    s.set_aids(True)
    s.set_guess(mode)


def choose(s: WarSession, name: str, content: dict[str, Any]) -> None:
    """Do what the panel's control ``name`` asks (``content`` as the browser sent it).  A
    choice the session refuses is said in the notice line (never an exception to the browser)."""
    try:
        if name == "reset_records":
            s.reset_records()
            return
        if name in LESSONS:
            start_lesson(s, name)
            return
        if name in ("aids", "records", "guess"):
            on = content.get("on")
            if not isinstance(on, bool):
                raise ValueError(f"{name} must be True or False; got {on!r}")
            if name == "aids":
                s.set_aids(on)
            elif name == "records":
                s.set_records(on)
            else:
                s.set_guess(s.guess.mode if on and s.guess.mode != "rules" else on)
            return
        choices = _choices(s)
        if name not in choices:
            raise ValueError(f"no setting {name!r}; the settings are {', '.join([*choices, 'aids', 'records'])}")
        values, _words, now = choices[name]
        index = content.get("index")
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(values):
            raise ValueError(f"{name}: index must be 0 to {len(values) - 1}; got {index!r}")
        value = values[index]
        if value == now and type(value) is type(now):
            return
        if name == "preset":
            if isinstance(value, str):
                s.new_game(rules=value)
        elif name == "length":
            s.set_length(str(value))
        elif name == "opponent":
            s.set_opponent(str(value))
        elif name == "language":
            s.set_lang(str(value))
        elif name == "speed":
            s.set_speed(str(value))
        else:
            s.set_option(name, value)
    except ValueError as exc:
        s.notify(str(exc))
        s.refresh("notice")
