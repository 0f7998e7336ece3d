"""The engine's quiet mode (``Game.play_quietly``, what ``simulate()`` plays with when no compiled
kernel is there) plays exactly the game the event-emitting beats play, game by game: the same
position at the end (every hand, pile, the history, the generator, the beat count, the save), the
same rows of ``simulate()``; and it builds no event and no game number on the way."""
from __future__ import annotations

import json
import random

import pytest

from war_widget.game import engine, engine_end, engine_wars
from war_widget.game import rules as rules_module
from war_widget.game.engine import Game
from war_widget.game.engine_json_v1 import v1_state
from war_widget.game.rules import Rules
from war_widget.sim.simulation import _CODE, _run_range, game_seed

MAX_ROUNDS = 2_000


def _position(game: Game) -> dict:
    """Everything a game is (its version-1 dump, the beats, the save), but the events of its last
    round, which only the beats that build events keep."""
    state = v1_state(game)
    state.pop("round_events")
    return {"state": state, "beats": game.beats, "save": json.loads(game.to_json()), "history": list(game.history)}


def _loud(rules: Rules, seed: int, max_rounds: int | None = MAX_ROUNDS) -> Game:
    game = Game(rules, seed)
    seen = []
    game.subscribe(seen.append)                  # the normal play: every beat's event built and told
    game.play_to_end(max_rounds=max_rounds)
    assert len(seen) == game.beats
    return game


def _quiet(rules: Rules, seed: int, max_rounds: int | None = MAX_ROUNDS) -> Game:
    game = Game(rules, seed)
    game.play_quietly(max_rounds=max_rounds)
    return game


def random_rules(rng: random.Random) -> Rules:
    """A valid rule set drawn from every option (a draw the rules refuse is drawn again)."""
    while True:
        school = rng.random() < 0.15
        value = rng.choice(rules_module.BATTLE_VALUES[1:]) if school else "card"
        try:
            return Rules(deck=40 if school and rng.random() < 0.6 else rng.choice(rules_module.DECKS),
                         jokers=0 if school else rng.choice((0, 2)), joker_deal=rng.choice(rules_module.JOKER_DEALS),
                         rank_order="ace_low" if school else rng.choice(rules_module.RANK_ORDERS),
                         players=rng.choice((2, 2, 3, 4)), face_down=rng.choice((0, 1, 2, 3) if school
                                                                              else rules_module.FACE_DOWNS),
                         capture=rng.choice(rules_module.CAPTURES), gather=rng.choice(rules_module.GATHER_ORDERS),
                         shuffle_won_pile=rng.random() < 0.5, shortage=rng.choice(rules_module.SHORTAGES),
                         zero=rng.choice(rules_module.ZEROS), war_players=rng.choice(rules_module.WAR_PLAYERS),
                         teams=rng.random() < 0.2, round_limit=rng.choice((None, None, 40, 300)),
                         goal=rng.choice(rules_module.GOALS), deal=rng.choice(rules_module.DEALS),
                         tiebreak="none" if school else rng.choice(rules_module.TIEBREAKS),
                         battle_cards=rng.choice(rules_module.BATTLE_CARDS[value]), battle_value=value)
        except ValueError:
            continue


RANDOM_SETS = [random_rules(random.Random(2026 + i)) for i in range(60)]


@pytest.mark.parametrize("preset", Rules.presets())
def test_every_preset_quietly_plays_the_games_the_beats_play(preset: str) -> None:
    rules = Rules.preset(preset)
    for k in range(25):
        seed = game_seed(7, k)
        assert _position(_quiet(rules, seed)) == _position(_loud(rules, seed)), (preset, seed)


@pytest.mark.parametrize("index", range(len(RANDOM_SETS)))
def test_random_rule_sets_quietly_play_the_same_games(index: int) -> None:
    rules = RANDOM_SETS[index]
    for k in range(6):
        seed = game_seed(11, k)
        assert _position(_quiet(rules, seed)) == _position(_loud(rules, seed)), (rules, seed)


def test_the_random_rule_sets_reach_every_option() -> None:
    """The draw covers the options whose play differs (else the test above proves less than it says)."""
    for name in ("capture", "shortage", "zero", "gather", "players", "face_down", "battle_value", "goal", "teams"):
        assert len({getattr(r, name) for r in RANDOM_SETS}) >= 2, name


@pytest.mark.parametrize("preset", ["three_down", "pagat", "bicycle", "kids_aside"])
def test_a_game_begun_with_events_and_finished_quietly_is_the_same_game(preset: str) -> None:
    """(pagat: the two-player round the quiet mode plays in one go; bicycle: its gather order is not
    a shuffle; kids_aside: won cards set aside; three_down: reused cards)"""
    rules = Rules.preset(preset)
    for beats in (0, 1, 5, 17, 60):
        loud, mixed = _loud(rules, 99), Game(rules, 99)
        for _ in range(beats):
            mixed.step()
        mixed.play_quietly(max_rounds=MAX_ROUNDS)
        assert _position(mixed) == _position(loud), beats
        after = Game(rules, 99)
        after.play_quietly(max_rounds=3)      # a quiet part, then events again: the beats go on exactly
        after.play_to_end(max_rounds=MAX_ROUNDS)
        assert _position(after) == _position(loud)


@pytest.mark.parametrize("preset", Rules.presets())
def test_a_quiet_stretch_ends_in_the_position_of_the_beats(preset: str) -> None:
    """Stopped after some rounds (mid-game, the next beat a round's start), quiet play stands where
    the event play stands: every field of the position (the face-up cards, the fighters, the battle
    count of the next round's fresh state included), then both play on alike."""
    rules = Rules.preset(preset)
    for k, rounds in enumerate((1, 13, 57)):
        seed = game_seed(5, k)
        quiet, loud = _quiet(rules, seed, rounds), _loud(rules, seed, rounds)
        assert _position(quiet) == _position(loud), (preset, rounds)
        for _ in range(7):                          # then the beats, one by one, from both
            assert quiet.step() == loud.step()
        assert _position(quiet) == _position(loud)


def test_the_beats_build_no_game_number(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game number is built when asked for (``game.code``), once a game, never by a beat."""
    built = []

    def counting(rules: Rules, seed: int) -> str:
        built.append(seed)
        return f"game-{seed}"

    monkeypatch.setattr("war_widget.game.engine_state.encode_code", counting)
    for preset in ("classic", "pagat", "razboi", "addition"):
        game = Game(preset, 21)
        game.subscribe(lambda _event: None)
        game.play_to_end(max_rounds=300)
        assert built == [], preset
        assert game.code == game.code == "game-21"
        assert built == [21]
        built.clear()


def test_max_rounds_stops_where_play_to_end_stops() -> None:
    for rounds in (0, 1, 7, 40):
        quiet, loud = _quiet(Rules.preset("pagat"), 5, rounds), _loud(Rules.preset("pagat"), 5, rounds)
        assert _position(quiet) == _position(loud) and quiet.round_number == rounds
        assert quiet.outcome is None and quiet.end_now() == loud.end_now()


def test_the_simulators_engine_rows_are_the_rows_of_the_event_play() -> None:
    """simulate()'s pure-Python path (``_run_range``, method "engine") against the same games played
    with events, every preset and some random rule sets, row by row."""
    for rules in [Rules.preset(p) for p in Rules.presets()] + RANDOM_SETS[:15]:
        columns = _run_range(rules, 3, 0, 12, MAX_ROUNDS, "engine")
        for k in range(12):
            game = _loud(rules, game_seed(3, k))
            if not game.is_over:
                game.end_now()
            out = game.outcome
            assert out is not None
            wars = [w for _, w, _ in game.history]
            row = (game.round_number, -1 if out.winner is None else out.winner, _CODE[out.reason],
                   sum(1 for w in wars if w), sum(1 for w in wars if w > 1),
                   -1 if out.cycle_start is None else out.cycle_start,
                   -1 if out.cycle_period is None else out.cycle_period)
            assert tuple(int(c[k]) for c in columns) == row, (rules, k)


def test_the_quiet_mode_builds_no_event_and_no_game_number(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("built on the quiet path")

    loud = {name: _loud(Rules.preset(name), 8) for name in ("pagat", "razboi", "classic", "bicycle", "addition")}
    for module in (engine, engine_end, engine_wars):
        for name in ("Shuffled", "Flipped", "Compared", "WarDeclared", "FaceDownLaid", "Collected", "Returned",
                     "PlayerOut", "GameOver", "encode_code"):
            if hasattr(module, name):
                monkeypatch.setattr(module, name, refuse)
    monkeypatch.setattr("war_widget.game.engine_state.encode_code", refuse)
    for name, game in loud.items():
        quiet = Game(Rules.preset(name), 8)
        quiet.play_quietly(max_rounds=MAX_ROUNDS)
        assert quiet.history == game.history and quiet.beats == game.beats, name


def test_a_game_with_subscribers_is_refused_and_bad_limits_named() -> None:
    game = Game("pagat", 1)
    unsubscribe = game.subscribe(lambda _event: None)
    with pytest.raises(ValueError, match="subscribers"):
        game.play_quietly()
    unsubscribe()
    for bad in (-1, 2.5, True, "10"):
        with pytest.raises(ValueError, match="max_rounds must be"):
            game.play_quietly(max_rounds=bad)  # type: ignore[arg-type]
    assert game.beats == 0


def test_an_error_inside_a_quiet_beat_leaves_the_last_committed_beat() -> None:
    """A gather policy that fails at its 30th call: the game stands at the beat before, as after
    the same failure in ``step()``, and plays on exactly once the policy behaves."""
    calls = [0]

    def flaky(cards: tuple, player: int) -> list:
        calls[0] += 1
        if calls[0] == 30:
            raise RuntimeError("the policy broke")
        return list(reversed(cards))

    rules = Rules.preset("bicycle").replace(gather=flaky)
    quiet, loud = Game(rules, 4), Game(rules, 4)
    with pytest.raises(ValueError, match="the policy broke"):
        quiet.play_quietly()
    calls[0] = 0
    with pytest.raises(ValueError, match="the policy broke"):
        loud.play_to_end()
    assert quiet.beats == loud.beats > 0 and quiet.history == loud.history and quiet.counts == loud.counts
    assert [list(h) for h in quiet.hands] == [list(h) for h in loud.hands] and quiet.table == loud.table
    calls[0] = 10 ** 6                        # (the replay of the repair called it too: far from 30 now)
    quiet.play_quietly(max_rounds=200)
    loud.play_to_end(max_rounds=200)
    assert quiet.history == loud.history and quiet.beats == loud.beats
