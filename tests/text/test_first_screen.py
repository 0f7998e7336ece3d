"""The first screen a child reads (issue 30 item 5): the first line says whose turn it is and what
to press (not the game number), the rules line says the rules in plain words (no engine names),
in English, everyday Japanese, the children's register and the first-grade register."""
from __future__ import annotations

import dataclasses
import re

import pytest

from war_widget.game.engine import Game
from war_widget.game.rules import Rules
from war_widget.session.options import RULE_OPTIONS
from war_widget.session.war import WarSession
from war_widget.text.i18n import counts_text, describe_rules, label, start_line
from war_widget.text.kanji_grades import is_kanji

LANGS = ("en", "ja", "ja_kana")
RULE_SETS = [(p, Rules.preset(p)) for p in Rules.presets()] + [("three_down+suits",
                                                               Rules.preset("three_down").replace(tiebreak="suits"))]


def _engine_names() -> set[str]:
    """Every name the engine uses for an option and for the values of the panel's options, in
    its own spelling ("last_card_up") and spaced ("last card up") where it has two words."""
    names = {f.name for f in dataclasses.fields(Rules)} | set(RULE_OPTIONS)
    for values in RULE_OPTIONS.values():
        names |= {v for v in values if isinstance(v, str)}
    spelled = {n for n in names if "_" in n}
    return spelled | {n.replace("_", " ") for n in spelled if n != "face_down"}   # "face down" is plain English


ENGINE_NAMES = _engine_names()
# the engine's own shorthand (Rules.describe): "war: 1 down + 1 up · short: last card up (0 cards loses)"
SHORTHAND = re.compile(r"\b\d down\b|\+ ?\d up|\bshort:|(?:^|· )war:|0 cards loses|\bcards by rank\b|\breuse\b")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("mode", ["easy", "two_player", "watch"])
def test_the_first_line_says_whose_turn_and_what_to_press_not_the_game_number(lang: str, mode: str) -> None:
    s = WarSession(lang=lang, seed=232079732610089)
    s.set_opponent(mode)
    first = s.narration_log[0]
    assert len(s.narration_log) == 1 and s.game.code and s.game.code not in first and "classic" not in first
    assert first == start_line(s.mode, s.names, s.reg)
    flip = label("flip", s.reg)
    assert (f"「{flip}」" if lang != "en" else f" {flip} to turn") in first   # what to press, by its label
    if mode == "easy":                                                               # whose turn: yours
        assert first.startswith("Your turn" if lang == "en" else label("you", s.reg))
    elif mode == "two_player":                                                       # every seat by name
        assert all(name in first for name in s.names)
    else:                                                                            # nobody's: Autoplay watches
        assert label("autoplay", s.reg) in first
    assert not any(c.isdigit() for c in first.replace("1", "").replace("2", "")), first   # no counts, no number
    if lang == "ja_kana":
        assert not any(is_kanji(c) for c in first), first


def test_a_language_chosen_before_the_first_flip_says_the_first_line_again_in_it() -> None:
    s = WarSession(seed=1)
    s.set_lang("ja_kana")
    assert s.narration_log == [start_line("cpu", s.names, "ja_kana")]
    s.flip()
    s.set_lang("en")                  # once played, the log keeps its lines and says where English starts
    assert s.narration_log[-2] == label("lang_switched", "en") and len(s.narration_log) > 3
    # and where the game is, in English: the line the table shows is not the divider
    assert s.narration_log[-1] == "Now at the end of round 1: " + counts_text(s.names, s.game.counts, "en") + "."


def test_a_language_changed_inside_a_round_or_back_at_the_deal_says_where_the_game_is() -> None:
    s = WarSession(game=Game("classic", seed=3))
    s.step()                            # each seat's card turned: the round is under way
    assert s.game.in_round
    s.set_lang("ja")
    assert s.narration_log[-1] == f"今は1ラウンド目の途中です。{counts_text(s.names, s.game.counts, 'ja')}。"
    s.set_lang("en")
    s.back()                            # back at the deal, the log keeps its lines
    s.set_lang("ja_kana")
    assert s.narration_log[-2] == label("lang_switched", "ja_kana")
    assert s.narration_log[-1] == f"いまは くばった ところだよ。{counts_text(s.names, s.game.counts, 'ja_kana')}。"


def test_a_resumed_game_in_progress_is_told_by_its_counts() -> None:
    game = Game("classic", seed=5)
    for _ in range(3):
        game.play_round()
    again = WarSession(game=game)
    assert again.narration_log[0].startswith(f"Game {game.code}:")


@pytest.mark.parametrize("reg", ["en", "ja", "ja_kids", "ja_kana"])
@pytest.mark.parametrize(("name", "rules"), RULE_SETS, ids=[n for n, _ in RULE_SETS])
def test_the_rules_line_is_plain_words_with_no_engine_name(name: str, rules: Rules, reg: str) -> None:
    line = describe_rules(rules, reg)
    words = set(re.findall(r"[a-z_]+(?: [a-z_]+)*", line.lower()))
    found = sorted(n for n in ENGINE_NAMES if n in line.lower() and (" " in n or any(n in w for w in words)))
    assert not found, (name, reg, line, found)
    assert "_" not in line and not SHORTHAND.search(line), (name, reg, line)
    assert line != rules.describe()
    if reg == "en":   # the three things to agree on: the highest card, a tie, too few cards [004]
        assert "highest" in line or "wins" in line
        assert "Same " in line and ("Too few cards" in line or "last cards" in line), line
    if reg == "ja_kana":
        assert not any(is_kanji(c) for c in line), line


def test_the_rules_line_tells_the_rules_apart() -> None:
    """Rules that differ in a tie or in running short read differently (the line is not one
    sentence for every game)."""
    lines = {describe_rules(Rules.preset(p), "en") for p in ("classic", "kids", "bicycle", "three_down", "razboi",
                                                             "pjanitsa", "tod_und_leben", "number_lesson")}
    assert len(lines) == 8
    assert "3 cards face down" in describe_rules(Rules.preset("three_down"), "en")
    assert "6 beats A" in describe_rules(Rules.preset("pjanitsa"), "en")
    assert "you lose" in describe_rules(Rules.preset("bicycle"), "en")
