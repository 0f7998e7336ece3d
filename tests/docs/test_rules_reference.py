"""The rules reference (docs/rules.md) is the project's own, complete and true: its worked examples
are played by the engine, it describes every preset and every option value of ``Rules`` with a
source, its preset table says what the presets are, and the code cites it (not a file outside the
repository)."""
from __future__ import annotations

import dataclasses
import doctest
import re
from pathlib import Path

import pytest

from war_widget import Rules
from war_widget.game import rules as rules_module
from war_widget.game.rules import SCHOOL_PRESETS

ROOT = Path(__file__).resolve().parents[2]
REFERENCE = ROOT / "docs" / "rules.md"
TEXT = REFERENCE.read_text(encoding="utf-8")
SOURCES = {"000", "001", "003", "004"}


def test_the_worked_examples_play() -> None:
    parser = doctest.DocTestParser()
    test = parser.get_doctest(TEXT, {"__name__": "rules_reference"}, "docs/rules.md", str(REFERENCE), 0)
    assert len(test.examples) >= 12
    result = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE).run(test)
    assert result.failed == 0, f"{result.failed} worked example(s) of docs/rules.md differ (see above)"


def test_a_wrong_example_would_fail() -> None:
    wrong = TEXT.replace("(2, 1, 10, (21, 31))", "(2, 1, 10, (22, 30))")
    test = doctest.DocTestParser().get_doctest(wrong, {}, "wrong", "wrong", 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.REPORT_ONLY_FIRST_FAILURE)
    assert runner.run(test, out=lambda _: None).failed == 1


def _preset_rows() -> dict[str, list[str]]:
    rows = {}
    for line in TEXT.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 7:
            rows[cells[0].strip("`")] = cells[1:]
    return rows


def _school_rows() -> dict[str, list[str]]:
    rows = {}
    for line in TEXT.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 9:
            rows[cells[0].strip("`")] = cells[1:]
    return rows


def test_every_school_preset_is_in_its_table_saying_it_is_in_no_source() -> None:
    """The school variants (issue 18) are in no source text: their table says so and cites the issue."""
    rows = _school_rows()
    assert list(rows) == list(SCHOOL_PRESETS)
    for name, (source, deck, up, value, face_down, capture, shortage, limit) in rows.items():
        rules = Rules.preset(name)
        assert source == "issue 18, in no source text", name
        assert (deck, int(up), face_down) == (str(rules.deck), rules.battle_cards, str(rules.face_down)), name
        assert value in ("sum", "difference", "product", "place_value") and value == rules.battle_value, name
        assert capture.split(",")[0] == rules.capture and shortage.split(",")[0] == rules.shortage, name
        assert f"zero={rules.zero}" in shortage and limit == f"{rules.round_limit} rounds", name


def test_every_preset_is_in_the_table_with_its_source() -> None:
    rows = _preset_rows()
    assert list(rows) + list(_school_rows()) == Rules.presets()
    for name, (source, deck, face_down, capture, shortage, limit) in rows.items():
        assert set(re.findall(r"\[(\d{3})", source)) & SOURCES, name
        rules = Rules.preset(name)
        assert int(deck) == rules.deck, name
        assert face_down == str(rules.face_down), name
        assert capture.split(",")[0] == rules.capture, name
        assert shortage.split(",")[0] == rules.shortage, name
        if "zero=" in shortage:
            assert f"zero={rules.zero}" in shortage, name
        expected = f"{rules.round_limit} rounds" if rules.round_limit else ("hands empty" if rules.capture == "aside"
                                                                             else "none")
        assert limit == expected, name


@pytest.mark.parametrize("option", [f.name for f in dataclasses.fields(Rules)])
def test_every_option_is_described(option: str) -> None:
    assert f"`{option}" in TEXT, option


CHOICES = {"deck": rules_module.DECKS, "rank_order": rules_module.RANK_ORDERS, "gather": rules_module.GATHER_ORDERS,
           "capture": rules_module.CAPTURES, "shortage": rules_module.SHORTAGES, "tiebreak": rules_module.TIEBREAKS,
           "zero": rules_module.ZEROS, "war_players": rules_module.WAR_PLAYERS, "goal": rules_module.GOALS,
           "deal": rules_module.DEALS, "joker_deal": rules_module.JOKER_DEALS,
           "battle_value": rules_module.BATTLE_VALUES}


@pytest.mark.parametrize("option, value", [(o, v) for o, values in CHOICES.items() for v in values])
def test_every_option_value_is_described(option: str, value: object) -> None:
    assert f"`{value}`" in TEXT or f'`{option}="{value}"`' in TEXT or f"`{option}={value}`" in TEXT, (option, value)


def test_every_source_tag_names_a_source() -> None:
    tags = set(re.findall(r"\[(\d{3})\b", TEXT))
    assert tags == SOURCES
    for tag in SOURCES:
        assert f"| [{tag}] |" in TEXT        # each has its line in the sources table


def test_the_code_cites_the_reference_in_the_repository() -> None:
    cited, stale = [], []
    for folder in ("war_widget", "tests", "notebooks"):
        for path in (ROOT / folder).rglob("*"):
            if path.suffix not in (".py", ".ipynb") or "__pycache__" in path.parts or path == Path(__file__):
                continue
            text = path.read_text(encoding="utf-8")
            cited += ["docs/rules.md" in text]
            if re.search(r"(?<!docs/)RULES\.md", text):
                stale.append(str(path.relative_to(ROOT)))
    assert stale == [], f"cite docs/rules.md, which is in the repository: {stale}"
    assert sum(cited) >= 8
