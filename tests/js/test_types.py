"""The front end's types (issue 30, item 6): the source modules type-check (`npm run typecheck`,
tsc --checkJs over src/*.js with the JSDoc typedefs of src/types.js), a misspelt field is a type
error, the typedefs and the Python TypedDicts (views/component/messages.py) name the same keys,
and each table's message handler answers exactly the actions its front end sends.

Needs the npm packages of package.json (``npm ci``, part of the README's test command)."""
from __future__ import annotations

import re
import shutil
import subprocess
import typing
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, get_type_hints, is_typeddict

import pytest

from war_widget.views.casino import CasinoWarWidget
from war_widget.views.component import messages
from war_widget.views.component.widget import TableComponent
from war_widget.views.steal import StealWarWidget

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "war_widget" / "views" / "component" / "src"
TSC = ROOT / "node_modules" / ".bin" / "tsc"


def _tsc(root: Path) -> subprocess.CompletedProcess[str]:
    """`tsc -p tsconfig.json` (what `npm run typecheck` runs) in `root`."""
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the type check runs tsc with node (apt-get install nodejs)")
    if not TSC.exists():
        pytest.fail("typescript is not installed: run `npm ci` in the repository (the README's test command does)")
    return subprocess.run([str(TSC), "-p", str(root / "tsconfig.json")], cwd=root, capture_output=True, text=True,
                          timeout=300)


def test_the_source_modules_type_check() -> None:
    done = _tsc(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    for path in sorted(SRC.glob("*.js")):          # every module is checked, not only those tsconfig lists
        assert path.read_text(encoding="utf-8").startswith("// @ts-check\n"), path.name


# (module, a piece of code as it is, the same with one name misspelt, what tsc must say on its line);
# the first place the piece is in the module is misspelt
MISTAKES = [
    ("war.js", "beat.round_text", "beat.round_txt", "Property 'round_txt' does not exist"),    # a beat's field
    ("war.js", 'model.get("beats")', 'model.get("beatz")', '"beatz"'),                          # a trait's name
    ("war.js", '{ do: "press", seat: 1 }', '{ do: "press", seet: 1 }', "seet"),               # a message's field
    ("war.js", "state.notice", "state.notise", "Property 'notise' does not exist"),           # the state's field
    ("casino.js", '{ do: "chip", amount: a }', '{ do: "chips", amount: a }', '"chips"'),      # an action's name
    ("casino.js", "table.cards.length", "table.card.lenght", "Property 'lenght' does not exist"),   # the picture's
    ("steal.js", "beat.sentence", "beat.sentense", "Property 'sentense' does not exist"),     # a Steal War beat's
    ("steal.js", '{ do: "auto_top", on:', '{ do: "autotop", on:', '"autotop"'),             # a Steal War action
    ("paint.js", "view.hands", "view.hnds", "Property 'hnds' does not exist"),                # War's picture
]


def test_a_misspelt_field_is_a_type_error(tmp_path: Path) -> None:
    """A copy of the sources type-checks; with one field of a beat, a trait, a state or a message
    misspelt in each of nine places, tsc fails and names each of them on its line."""
    copy = tmp_path / "repo"
    shutil.copytree(SRC, copy / "war_widget" / "views" / "component" / "src")
    shutil.copy2(ROOT / "tsconfig.json", copy / "tsconfig.json")
    assert _tsc(copy).returncode == 0
    expected = []
    for module, line, wrong, error in MISTAKES:
        path = copy / "war_widget" / "views" / "component" / "src" / module
        text = path.read_text(encoding="utf-8")
        assert line in text, (module, line)
        path.write_text(text.replace(line, wrong, 1), encoding="utf-8")
        number = text[:text.index(line)].count("\n") + 1
        expected.append((module, number, error))
    done = _tsc(copy)
    assert done.returncode != 0
    errors = [ln for ln in done.stdout.splitlines() if "error TS" in ln]
    for module, number, error in expected:
        assert any(f"src/{module}({number}," in ln and error in ln for ln in errors), (module, number, error, errors)
    # the rest follow from these within a few lines (a misspelt trait's value is of no known type)
    near = {(module, n) for module, number, _ in expected for n in range(number, number + 5)}
    at = [re.search(r"src/(\w+\.js)\((\d+),", ln) for ln in errors]
    assert all(m is not None and (m.group(1), int(m.group(2))) in near for m in at), errors


# --- the JSDoc typedefs and the TypedDicts ------------------------------------------------------

JS_ONLY = {"Model"}                                  # anywidget's model: no Python counterpart
TRAITS = {"WarTraits": TableComponent, "CasinoTraits": CasinoWarWidget, "StealTraits": StealWarWidget}


def _braced(text: str, start: int) -> tuple[str, int]:
    """The text between the brace at `start` and its match; the index after it."""
    depth = 0
    for i in range(start, len(text)):
        depth += {"{": 1, "}": -1}.get(text[i], 0)
        if depth == 0:
            return text[start + 1:i], i + 1
    raise AssertionError(f"unclosed brace at {start}")


def typedefs() -> dict[str, dict[str, tuple[str, bool]]]:
    """The object typedefs of src/types.js: name -> {property: (its type, optional)}."""
    text = (SRC / "types.js").read_text(encoding="utf-8")
    out: dict[str, dict[str, tuple[str, bool]]] = {}
    for comment in re.findall(r"/\*\*.*?\*/", text, re.S):
        at = comment.find("@typedef {object} ")
        if at < 0:
            continue
        name = re.match(r"@typedef \{object\} (\w+)", comment[at:])
        assert name is not None
        props: dict[str, tuple[str, bool]] = {}
        for p in re.finditer(r"@property ", comment):
            tp, end = _braced(comment, p.end())
            key = re.match(r"\s*(\[?)(\w+)(\]?)", comment[end:])
            assert key is not None, comment[end:end + 40]
            props[key.group(2)] = (tp, key.group(1) == "[")
        out[name.group(1)] = props
    return out


def typeddicts() -> dict[str, type]:
    return {n: v for n, v in vars(messages).items()
            if is_typeddict(v) and getattr(v, "__module__", "") == messages.__name__}


def test_types_js_and_messages_py_name_the_same_shapes_and_keys() -> None:
    js, py = typedefs(), typeddicts()
    assert len(js) > 40                                       # the parser read them
    shapes = set(js) - JS_ONLY - set(TRAITS)
    assert shapes == set(py), (sorted(shapes - set(py)), sorted(set(py) - shapes))
    # keys Python adds when it sends a dict (so optional where it is built), always there in JS
    added = {("WarBeat", "id"), ("CasinoTable", "id"), ("StealBeat", "id"), ("StealBeat", "cut")}
    for name in sorted(shapes):
        td = py[name]
        keys = td.__required_keys__ | td.__optional_keys__
        assert set(js[name]) == keys, (name, sorted(set(js[name]) ^ keys))
        js_optional = {k for k, (_, opt) in js[name].items() if opt}
        assert js_optional | {k for n, k in added if n == name} == set(td.__optional_keys__), name


def _literals(tp: Any) -> set[str]:
    if get_origin(tp) is Literal:
        return set(get_args(tp))
    return set()


def test_the_do_of_each_message_is_spelt_the_same_on_both_sides() -> None:
    """The message typedefs' `do` literals are the TypedDicts' ``Literal`` values."""
    js = typedefs()
    for name, td in typeddicts().items():
        hints = get_type_hints(td)
        if "do" not in hints or name == "StealHit":
            continue
        js_do = set(re.findall(r'"(\w+)"', js[name]["do"][0]))
        assert js_do and js_do == _literals(hints["do"]), name


def test_the_trait_typedefs_are_the_widgets_synced_traits() -> None:
    import anywidget

    base = set(anywidget.AnyWidget.class_trait_names(sync=True))
    js = typedefs()
    for name, widget in TRAITS.items():
        assert set(js[name]) == set(widget.class_trait_names(sync=True)) - base, name


# --- the action tables ---------------------------------------------------------------------------

def _sent(*modules: str) -> set[str]:
    """The `do` names the modules send as literals: `{ do: "x" ...}` and `hit.do` values (none)."""
    return {m for f in modules for m in re.findall(r'\bdo: "(\w+)"', (SRC / f).read_text(encoding="utf-8"))}


def _message_dos(*names: str) -> set[str]:
    """The `do` values of the message typedefs of a table (what tsc lets its `send` send)."""
    js = typedefs()
    return {d for n in names for d in re.findall(r'"(\w+)"', js[n]["do"][0])}


def _casino_buttons() -> set[str]:
    """Casino War's buttons that send `{ do: name }` (button("name", ...) in casino.js)."""
    return set(re.findall(r'\bbutton\("(\w+)"', (SRC / "casino.js").read_text(encoding="utf-8")))


def _steal_sends() -> set[str]:
    """Steal War's `{ do: name }` of its button loop and the clicks on the picture's spots (the
    `do` of views/steal/table.py's hits)."""
    text = (SRC / "steal.js").read_text(encoding="utf-8")
    loop = re.search(r"for \(const name of /\*\* @type \{const\} \*/ \(\[([^\]]*)\]\)\)", text)
    assert loop is not None and "send({ do: name })" in text and "send({ do: hit.do })" in text
    hits = ROOT / "war_widget" / "views" / "steal" / "table.py"
    clicks = set(re.findall(r'"do": "(\w+)"', hits.read_text(encoding="utf-8")))
    return set(re.findall(r'"(\w+)"', loop.group(1))) | clicks


WAR_MESSAGES = ("WarPlainMessage", "PressMessage", "ReplayMessage", "AnswerMessage", "GotoMessage", "ClockMessage",
                "AutoplayMessage", "SpeedMessage", "SetMessage", "PlotlyRequest")
CASINO_MESSAGES = ("CasinoPlainMessage", "ChipMessage", "TieMessage", "DealMessage", "PlotlyRequest")
STEAL_MESSAGES = ("StealPlainMessage", "StealPileMessage", "ChooseMessage", "OpponentMessage", "AutoTopMessage",
                  "StealReplayMessage")


def test_war_answers_every_action_its_table_sends_and_no_other() -> None:
    sent = _sent("war.js", "helpers.js", "chart.js", "clock.js")
    table = set(TableComponent(records=None).actions)
    assert len(sent) == 16 and sent == table == _message_dos(*WAR_MESSAGES), (sent ^ table)


def test_casino_answers_every_action_its_table_sends_and_no_other() -> None:
    sent = _sent("casino.js", "chart.js") | _casino_buttons()
    table = set(CasinoWarWidget(seed=1).actions)
    assert len(sent) == 8 and sent == table == _message_dos(*CASINO_MESSAGES), (sent ^ table)


def test_steal_answers_every_action_its_table_sends_and_no_other() -> None:
    sent = _sent("steal.js") | _steal_sends()
    table = set(StealWarWidget(seed=1).actions)
    assert len(sent) == 9 and sent == table == _message_dos(*STEAL_MESSAGES), (sent ^ table)
    assert "plotly_js" not in table and "chart.js" not in (SRC / "steal.js").read_text(encoding="utf-8")


def test_an_unknown_action_is_said_and_changes_nothing(caplog: pytest.LogCaptureFixture) -> None:
    w = TableComponent(records=None, seed=2)
    w.flip()
    before = w.session.game.to_json()
    w.click("fliip")
    assert "'fliip'" in w.state["notice"] and "flip, press" in w.state["notice"]
    assert w.session.game.to_json() == before
    c, s = CasinoWarWidget(seed=2), StealWarWidget(seed=2)
    table, beats = dict(c.table), list(s.beats)
    with caplog.at_level("WARNING"):
        c.click("dael")
        s.click("stael")
    assert dict(c.table) == table and list(s.beats) == beats
    said = " ".join(r.getMessage() for r in caplog.records)
    assert "'dael'" in said and "chip, tie, deal" in said and "'stael'" in said and "flip, step" in said


def test_typing_module_is_what_the_checker_reads() -> None:
    """NotRequired keys are optional at run time (messages.py must not use string annotations on 3.11)."""
    assert messages.WarBeat.__optional_keys__ == {"id", "answer"}
    assert typing.get_type_hints(messages.GotoMessage)["war"] is int
