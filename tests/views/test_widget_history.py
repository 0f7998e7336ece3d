"""Back and jump, headless: ``back()`` undoes a flip (the round) or a step (the beat), playing on
replays the same future, ``goto_round(n)`` shows the position after round n (a war replayed
beat by beat, a game number replayed, a resumed game), the chart's clicks jump."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from war_widget import Game
from war_widget.game.events import Event
from war_widget.views.war import WarWidget


def kind_of(event: Event | None) -> str:
    """The kind of a beat that was played (None: nothing was left to play)."""
    assert event is not None
    return event.kind


def make(rules="classic", seed=3, **kw) -> WarWidget:
    return WarWidget(rules, seed=seed, records=False, animations=False, **kw)


def position(game: Game) -> tuple:
    return (tuple(map(tuple, game.hands)), tuple(map(tuple, game.won)), game.table, game.round_number,
            game.phase, tuple(game.history), game.outcome)


def test_back_undoes_a_flip_and_playing_on_replays_the_same_future():
    w = make()
    before = []
    for _ in range(8):
        before.append(position(w.game))
        w.flip()
    after8 = position(w.game)
    records = []
    assert w.back() is True
    assert position(w.game) == before[-1] and w.game.round_number == 7
    assert len(w.chart_series()[0]) == 8                         # the chart follows
    w.back()
    w.back()
    assert position(w.game) == before[-3] and w.game.round_number == 5
    for _ in range(3):
        records.append(w.game.round_number)
        w.flip()
    assert position(w.game) == after8                             # the same future
    assert "Back to the end of round 5" in " ".join(w.narration_log)


def test_back_after_steps_undoes_one_beat_at_a_time():
    w = make("classic", seed=3)                                   # round 1 of this deal is a war
    seen = [position(w.game)]
    kinds = []
    while w.game.round_number == 0:
        kinds.append(kind_of(w.step()))
        seen.append(position(w.game))
    assert "war" in kinds
    for k in range(len(kinds) - 1, -1, -1):
        w.back()
        assert position(w.game) == seen[k]
    assert w.back() is False and "Nothing to undo" in w.notice


def test_goto_replays_the_war_of_a_round_beat_by_beat():
    w = make("classic", seed=3)
    w.fast_forward()
    wars = [r for r, (_, n, _) in enumerate(w.game.history, start=1) if n]
    assert wars
    war_round = wars[len(wars) // 2]
    reference = Game("classic", 3)                                # the same game from its number
    reference.play_to_end(max_rounds=war_round - 1)
    w.goto_round(war_round - 1)
    assert position(w.game) == position(reference) and not w.game.is_over
    kinds = []
    while w.game.round_number < war_round:
        kinds.append(kind_of(w.step()))
        assert kind_of(reference.step()) == kinds[-1]
        assert position(w.game) == position(reference)
    assert "war" in kinds
    # every position after round n, from the deal to the end, equals a fresh replay
    final = w.session.history.furthest
    for n in (0, 1, final // 2, final):
        w.goto_round(n)
        assert w.game.code is not None
        fresh = Game.from_code(w.game.code)
        while fresh.round_number < n:
            fresh.play_round()
        assert position(w.game) == position(fresh)


def test_goto_and_back_of_a_game_number_and_bad_rounds():
    w = make("kids", seed=11)
    w.new_game(code="classic-42")
    for _ in range(12):
        w.flip()
    end = position(w.game)
    w.goto_round(4)
    assert w.game.round_number == 4 and w.game.code == "classic-42"
    assert w.chart_series()[0] == list(range(5)) and w.beats[-1]["cut"]   # the chart starts again from the jump
    w.back()                                                      # a jump is undone like an action
    assert position(w.game) == end
    with pytest.raises(ValueError, match="round must be from 0 .* to 12"):
        w.goto_round(13)
    with pytest.raises(ValueError, match="whole number"):
        w.goto_round("3")  # type: ignore[arg-type]  # the run-time check is under test
    w.goto_round(0)
    assert w.game.round_number == 0 and w.game.counts == (26, 26)
    assert "Jumped to the deal" in w.narration_log[-1]


def test_long_games_use_checkpoints_and_the_chart_click_jumps():
    w = make("classic_long", seed=7)
    w.fast_forward()
    last = w.session.history.furthest
    wars = w.chart_series()[2]
    assert last > 30 and wars
    w.goto_round(last - 3)
    assert w.session.history.checkpoint_count >= 2               # replays leave checkpoints behind
    w.click("goto", round=10)                                     # a click on a point of Plotly's chart
    assert w.game.round_number == 10
    w.click("goto", round=wars[0] - 1, war=wars[0])              # on a war marker: just before the war
    assert w.game.round_number == wars[0] - 1
    assert "Step" in w.notice and w.state["notice"] == w.notice
    kinds = []
    while w.game.round_number < wars[0]:
        kinds.append(kind_of(w.step()))
    assert "war" in kinds


def test_back_in_two_player_mode_takes_back_a_press_and_the_button():
    w = make(mode="two_player")
    assert w.state["back"] is False                               # Back is disabled
    w.press(0)
    assert w.session.waiting == {0} and w.state["back"] is True
    w.click("back")
    assert w.session.waiting == set() and w.game.round_number == 0
    w.press(1)
    w.press(0)
    assert w.game.round_number == 1
    w.back()
    assert w.session.waiting == {1} and w.game.round_number == 0


def test_back_restores_a_question_and_its_score():
    w = make("kids", seed=3, guess=True)
    w.flip()
    w.answer("=")
    score = w.guess_score
    w.back()
    assert w.session.guess.asking and w.guess_score == (0, 0)
    w.answer("=")
    assert w.guess_score == score


def test_a_resumed_game_goes_back_before_its_first_round(tmp_path):
    path = tmp_path / "rec.json"
    first = WarWidget("classic", seed=9, records=path, animations=False)
    for _ in range(6):
        first.flip()
    first.close()
    w = WarWidget(records=path, animations=False)
    assert w.resume()
    assert w.game.round_number == 6
    w.goto_round(2)
    fresh = Game("classic", 9)
    fresh.play_round()
    fresh.play_round()
    assert position(w.game) == position(fresh)


def test_the_table_has_a_role_and_a_name_that_says_the_counts():
    """The canvas's accessible name follows every action (back and jumps included); the
    narration stays a live log."""
    w = make()
    name = lambda: w.beats[-1]["label"]                           # noqa: E731  (the canvas's aria-label)
    assert name() == "War table. You 26 cards, Computer 26 cards. 0 / 40 rounds."
    w.step()                                                      # the flip: the cards are named too
    up = [t.card for t in w.game.table]
    assert f"On the table: {up[0]} against {up[1]}." in name()
    w.flip()
    a, b = w.game.counts
    assert name().startswith(f"War table. You {a} cards, Computer {b} cards. 1 / 40 rounds")
    w.back()
    assert "On the table" in name() and "0 / 40 rounds" in name()
    ja = make(lang="ja")
    assert ja.beats[-1]["label"].startswith("戦争のテーブル。") and ja.beats[-1]["label"].count("26枚") == 2


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), preset=st.sampled_from(["classic", "pagat", "three_down"]),
       actions=st.lists(st.tuples(st.sampled_from(["flip", "flip", "step", "step", "back", "goto", "ff"]),
                                  st.integers(0, 10**6)), max_size=30))
def test_back_and_goto_always_reach_the_positions_of_a_plain_replay(seed, preset, actions):
    """Random flips, steps, backs, jumps and fast-forwards: the widget's game is always exactly the
    game a model reaches with the engine alone (undo = a saved copy, jump = a fresh replay of the
    game number), so back and goto never invent, lose or reorder a card."""
    w = WarWidget(preset, seed=seed, records=False, animations=False)
    model = Game(preset, seed)
    undo: list[str] = []
    furthest = 0
    for action, k in actions:
        before = model.to_json()
        if action == "flip":
            w.flip()
            if not model.is_over:
                model.play_round()
            else:
                while model.step() is not None:
                    pass
        elif action == "step":
            w.step()
            model.step()
        elif action == "ff":
            w.fast_forward()
            if not model.is_over:
                model.play_to_end(max_rounds=5000)
            else:
                while model.step() is not None:
                    pass
        elif action == "back":
            w.back()
            if undo:
                model = Game.from_json(undo.pop())
            continue
        else:
            n = k % (furthest + 1)
            w.goto_round(n)
            model = Game(preset, seed)
            while model.round_number < n:
                model.play_round()
        if model.to_json() != before:
            undo.append(before)
        furthest = max(furthest, model.round_number)
        assert w.session.history.furthest == furthest
        assert position(w.game) == position(model), (action, k)
    assert position(w.game) == position(model)
    assert sum(w.game.counts) + len(w.game.table) == sum(len(h) for h in w.game.dealt)


def test_a_jump_to_where_the_game_already_stands_is_not_an_action_to_undo():
    """Found by the fresh CI run: Fast-forward, a jump to the last round (where the game already
    stood), then Back went back to the last round instead of undoing the Fast-forward."""
    w = WarWidget("classic", seed=0, records=False, animations=False)
    w.fast_forward()
    end = position(w.game)
    w.goto_round(w.game.round_number)
    assert position(w.game) == end
    w.back()
    assert position(w.game) == position(Game("classic", 0))
