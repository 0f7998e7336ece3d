"""Game numbers: rules + seed in a short text that replays the same game; bad numbers are
ValueErrors, whatever the text."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from war_widget import Game, Rules
from war_widget.game.codes import decode_code, encode_code


@pytest.mark.parametrize("name", Rules.presets())
def test_preset_codes_are_short_and_round_trip(name):
    code = encode_code(Rules.preset(name), 48213977)
    assert code == f"{name}-48213977"
    assert decode_code(code) == (Rules.preset(name), 48213977)


@pytest.mark.parametrize("rules,code", [
    (Rules.preset("kids").replace(face_down=2, round_limit=50), "kids+face_down=2+round_limit=50-7"),
    (Rules.preset("classic").replace(round_limit=None), "classic+round_limit=none-7"),
    (Rules.preset("bicycle").replace(gather=("played", "winner_first")), "bicycle+gather=played/winner_first-7"),
    (Rules.preset("pjanitsa").replace(players=3, goal="loser_all"), "pjanitsa+goal=loser_all+players=3-7"),
    (Rules.preset("classic").replace(shuffle_won_pile=False), "classic+shuffle_won_pile=false-7"),
])
def test_changed_options_are_written_out(rules, code):
    assert encode_code(rules, 7) == code
    assert decode_code(code) == (rules, 7)


def test_a_code_replays_the_same_game():
    game = Game(Rules.preset("pagat").replace(face_down=3), seed=2**63 + 5)
    events = []
    game.subscribe(events.append)
    game.play_to_end(max_rounds=300)
    replay = Game.from_code(game.code)
    again = []
    replay.subscribe(again.append)
    replay.play_to_end(max_rounds=300)
    assert again == events and replay.counts == game.counts


def test_callable_policies_have_no_number():
    game = Game(Rules(gather=lambda cards, p: cards), seed=1)
    with pytest.raises(ValueError, match="callable gather policy cannot be saved"):
        _ = game.code


@pytest.mark.parametrize("code,message", [
    ("", r"not a game number: ''; a game number looks like 'classic-12345'"),
    ("classic", r"not a game number: 'classic'"),
    ("classic-", r"not a game number"),
    ("classic--5", r"not a game number"),
    ("classic-12a", r"not a game number"),
    ("Classic-12", r"not a game number"),
    ("classic+deck-12", r"not a game number"),
    ("steal_war-12", r"unknown preset 'steal_war'; presets are: classic"),
    ("classik-12", r"unknown preset 'classik'"),
    ("classic-18446744073709551616", r"the seed in game number .* is too large \(at most 18446744073709551615\)"),
    ("classic+colour=red-1", r"unknown rule option\(s\) colour; options are:"),
    ("classic+face_down=9-1", r"face_down must be 0, 1, 2, 3 or 'by_rank'; got 9"),
    ("classic+teams=true-1", r"teams \(two against two\) needs players=4"),
    ("classic+gather=played/shuffle/played-1", r"gather as a tuple needs one order per player \(2\); got 3"),
    ("classic+round_limit=0-1", r"round_limit must be None or a positive whole number"),
])
def test_bad_codes(code, message):
    with pytest.raises(ValueError, match=message):
        decode_code(code)
    with pytest.raises(ValueError, match=message):
        Game.from_code(code)


@pytest.mark.parametrize("value", [None, 12345, ["classic-1"]])
def test_code_must_be_text(value):
    with pytest.raises(ValueError, match="a game number is text like 'classic-12345'"):
        decode_code(value)


@pytest.mark.parametrize("code", ["  classic-5", "classic-5\n", "classic-5 ", "\tclassic-5"])
def test_spaces_or_line_breaks_around_are_an_error(code):
    # issue 11: a number is exact text; the widget's text box trims what a person types itself
    with pytest.raises(ValueError, match="no spaces or line breaks around it"):
        decode_code(code)


@pytest.mark.parametrize("code", ["classic-١٢٣", "classic-１２３", "classic+round_limit=٥٠-1", "clássic-1"])
def test_non_ascii_digits_and_letters_are_not_a_game_number(code):
    with pytest.raises(ValueError, match="ASCII letters and digits only"):
        decode_code(code)


def test_a_huge_option_value_is_a_clear_error():
    with pytest.raises(ValueError, match="a value of round_limit in a game number is 5000 characters long"):
        decode_code("classic+round_limit=" + "9" * 5000 + "-1")


def test_an_option_given_twice_is_an_error():
    with pytest.raises(ValueError, match="the option players appears twice"):
        decode_code("classic+players=3+players=4-1")


def test_encode_checks_its_arguments():
    with pytest.raises(ValueError, match="encode_code needs a Rules value"):
        encode_code("classic", 1)
    with pytest.raises(ValueError, match="seed must be a whole number from 0 to 2\\*\\*64-1"):
        encode_code(Rules(), -1)


_codes = st.sampled_from(["classic-1", "kids+face_down=2+round_limit=50-7", "bicycle+gather=played/shuffle-99",
                          "pjanitsa+goal=loser_all+players=3-123456"])


@st.composite
def mutated(draw) -> str:
    text = list(draw(_codes))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        ch = draw(st.sampled_from(list("+-=/_0123456789azAZ ") + [draw(st.characters())]))
        if op == "insert":
            text.insert(i, ch)
        elif text and i < len(text):
            if op == "delete":
                del text[i]
            else:
                text[i] = ch
    return "".join(text)


@settings(max_examples=400)
@given(st.one_of(st.text(max_size=60), mutated()))
def test_fuzz_decode_raises_only_value_error(text):
    try:
        rules, seed = decode_code(text)
    except ValueError as exc:
        assert str(exc)
    else:
        assert isinstance(rules, Rules) and 0 <= seed < 2**64
        assert decode_code(encode_code(rules, seed)) == (rules, seed)


def test_a_game_builds_its_number_once_and_the_number_of_new_rules(monkeypatch):
    """The widget asks for the game number at every beat: the engine builds it once a game (and
    again only for other rules or another seed), and the text is the one encode_code writes."""
    import war_widget.game.engine_state as engine_state

    built = []

    def counting(rules, seed):
        built.append((rules, seed))
        return encode_code(rules, seed)

    monkeypatch.setattr(engine_state, "encode_code", counting)
    game = Game("pagat", 12)
    numbers = {game.code for _ in range(50)}
    game.play_to_end(max_rounds=30)
    numbers.add(game.code)
    assert numbers == {"pagat-12"} and len(built) == 1
    game.rules = Rules.preset("pagat").replace(round_limit=9)
    assert game.code == "pagat+round_limit=9-12" and len(built) == 2
    game.seed = 13
    assert game.code == "pagat+round_limit=9-13" and len(built) == 3


def test_equal_rules_made_apart_get_the_same_number_and_callables_still_refused():
    made = Rules(face_down=1, capture="bottom", gather="shuffle", shortage="lose", round_limit=None)
    assert made is not Rules.preset("pagat") and encode_code(made, 5) == encode_code(Rules.preset("pagat"), 5)
    assert encode_code(made.replace(deck=36), 5) == "pagat+deck=36-5"
    with pytest.raises(ValueError, match="callable gather policy"):
        encode_code(Rules(gather=lambda cards, player: cards), 1)
    with pytest.raises(ValueError, match="callable gather policy"):      # asked twice: still refused
        encode_code(Rules(gather=lambda cards, player: cards), 1)
