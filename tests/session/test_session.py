"""The War session with no widget: what it shows agrees with the engine beat by beat, Back and
jumps replay the same game, the statistics and checkpoints cost the same late in a long game."""
from __future__ import annotations

import sys
import tracemalloc

import pytest

from war_widget.game.engine import Game
from war_widget.game.stats import GameStats, RunningStats
from war_widget.session.beat import Shown
from war_widget.session.war import WarSession


def _session(**kw):
    shown: list[Shown] = []
    s = WarSession(**kw)
    s.subscribe(shown.append)
    return s, shown


def test_every_beat_shown_is_the_engines_beat_with_the_engines_counts():
    s, shown = _session(seed=11, rules="pagat")
    engine = Game("pagat", 11)
    for _ in range(30):
        s.flip() if len(shown) % 3 else s.step()
    beats = [b for sh in shown for b in sh.beats]
    assert len(beats) > 60
    for beat in beats:
        event = engine.step()
        assert beat.event == event
        assert beat.counts == engine.counts == beat.view.counts
        assert beat.round == engine.round_number
        assert beat.view.table == engine.table
        assert beat.sentence in s.narration_log
        if beat.point is not None:
            assert beat.point.round == engine.round_number and beat.point.counts == engine.history[-1][2]
    assert s.game.to_json() == engine.to_json()


def test_the_sentence_of_each_beat_is_its_line_of_the_narration():
    s, shown = _session(seed=3)
    s.flip()
    log = s.narration_log
    for beat in shown[-1].beats:
        assert log[beat.log_end - 1] == beat.sentence


def test_back_then_the_same_actions_give_the_same_game():
    s, _ = _session(seed=5, rules="classic")
    for _ in range(7):
        s.flip()
    s.step()
    s.step()
    ahead = s.game.to_json()
    for _ in range(4):
        assert s.back()
    s.flip()
    s.flip()
    s.step()
    s.step()
    assert s.game.to_json() == ahead


def test_back_to_the_deal_and_nothing_more():
    s, _ = _session(seed=9)
    deal = s.game.to_json()
    s.flip()
    s.flip()
    assert s.back() and s.back()
    assert s.game.to_json() == deal
    assert not s.back()
    assert s.notice


def test_goto_round_then_back_returns_to_where_it_was():
    s, shown = _session(seed=21, rules="classic")
    for _ in range(12):
        s.flip()
    here = s.game.to_json()
    s.goto_round(4)
    assert s.game.round_number == 4 and shown[-1].restart
    reference = Game("classic", 21)
    for _ in range(4):
        reference.play_round()
    assert s.game.to_json() == reference.to_json()
    assert s.back()
    assert s.game.to_json() == here
    with pytest.raises(ValueError, match="from 0"):
        s.goto_round(13)


def test_a_jump_to_where_the_game_stands_is_not_remembered():
    s, _ = _session(seed=2)
    s.flip()
    s.flip()
    depth = s.history.undo_depth
    s.goto_round(2)
    assert s.history.undo_depth == depth


def test_running_stats_equal_the_stats_from_the_whole_history():
    for preset, seed in [("classic", 4), ("pagat", 8), ("kids", 1)]:
        g = Game(preset, seed)
        g.play_to_end(max_rounds=800)
        full = GameStats.from_history(g.history, tuple(len(h) for h in g.dealt))
        run = RunningStats(tuple(len(h) for h in g.dealt))
        for i in range(0, len(g.history) + 1, 37):        # caught up in pieces
            run.catch_up(g.history[:i])
        run.catch_up(g.history)
        assert (run.rounds, run.wars, run.war_battles) == (full.rounds, full.wars, full.war_battles)
        assert tuple(run.war_rounds) == full.war_rounds
        assert tuple(run.wars_won) == full.wars_won and tuple(run.rounds_won) == full.rounds_won
        assert tuple(run.longest_streak) == full.longest_streak
        assert tuple(run.largest_lead) == full.largest_lead


def test_four_players_stats_too():
    g = Game(Game("classic").rules.replace(players=4), 6)
    g.play_to_end(max_rounds=300)
    full = GameStats.from_history(g.history, tuple(len(h) for h in g.dealt))
    run = RunningStats(tuple(len(h) for h in g.dealt))
    run.catch_up(g.history)
    assert tuple(run.largest_lead) == full.largest_lead and tuple(run.longest_streak) == full.longest_streak


LONG = Game("bicycle").rules.replace(round_limit=None)   # seed 31: more than 5,000 rounds


def _long_game_seed(rounds: int) -> int:
    g = Game(LONG, 31)
    assert g.play_to_end(max_rounds=rounds) is None
    return 31


def test_checkpoints_do_not_copy_the_history():
    seed = _long_game_seed(3000)
    s, _ = _session(rules=LONG, seed=seed)
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    for _ in range(3000):
        s.flip()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    checkpoints = sum(st.size_diff for st in after.compare_to(before, "filename")
                      if st.traceback[0].filename.endswith(("copy.py", "history.py")))
    assert s.game.round_number == 3000
    assert s.history.checkpoint_count >= 3
    assert checkpoints / 3000 < 200, checkpoints       # bytes a round, the undo stack included
    copies = sum(st.size_diff for st in after.compare_to(before, "filename")
                 if st.traceback[0].filename.endswith(("copy.py", "copyreg.py")))
    assert copies / 3000 < 30, copies                  # the engine copies alone: a few bytes a round
    # a checkpoint holds no round history: the game copies are the same size at any round
    first, last = s.history._checkpoints[0].game, s.history._checkpoints[-1].game
    assert first.history == [] and last.history == []
    s.goto_round(1500)
    reference = Game(LONG, seed)
    for _ in range(1500):
        reference.play_round()
    assert s.game.to_json() == reference.to_json()


def test_goto_in_a_long_game_replays_the_engine_exactly():
    seed = _long_game_seed(700)
    rules = LONG
    s, _ = _session(rules=rules, seed=seed)
    for _ in range(700):
        s.flip()
    for n in (650, 120, 0, 699):
        s.goto_round(n)
        reference = Game(rules, seed)
        for _ in range(n):
            reference.play_round()
        assert s.game.to_json() == reference.to_json()


def test_a_scripted_position_goes_back_to_itself_but_not_before():
    start = Game("classic", 3)
    for _ in range(5):
        start.play_round()
    scripted = Game.from_hands("classic", [[str(c) for c in h] for h in start.hands])
    s, _ = _session(game=scripted)
    s.flip()
    s.flip()
    s.goto_round(0)
    assert s.game.round_number == 0 and s.game.counts == scripted.counts


def test_a_resumed_game_jumps_before_its_saved_round_from_its_number():
    g = Game("classic", 77)
    for _ in range(6):
        g.play_round()
    s, _ = _session(seed=1)
    assert s.resume({"game": g.to_json(), "mode": "cpu", "opponent": "easy", "time_limit": None, "time_used": 0})
    s.flip()
    s.goto_round(2)
    ref = Game("classic", 77)
    ref.play_round()
    ref.play_round()
    assert s.game.to_json() == ref.to_json()
    s.back()
    assert s.game.round_number == 7


def test_two_players_wait_for_each_other():
    s, shown = _session(seed=4, mode="two_player")
    s.press(0)
    assert s.game.round_number == 0 and shown[-1].view.waiting == (0,)
    s.press(0)                                   # pressing again changes nothing
    assert s.game.round_number == 0
    s.press(1)
    assert s.game.round_number == 1 and shown[-1].view.waiting == ()
    s.press(1)
    assert s.back()
    assert s.view().waiting == ()
    with pytest.raises(ValueError, match="seat"):
        s.press(2)


def test_a_burst_of_actions_inside_an_action_is_queued_in_order():
    s, _ = _session(seed=8)
    fired = []

    def listener(shown: Shown) -> None:
        if shown.action == "flip" and len(fired) < 3:
            fired.append(shown)
            s.flip()                               # a click arriving while the first runs
    s.subscribe(listener)
    s.flip()
    assert s.game.round_number == 4


def test_guess_waits_for_the_answer_and_checks_it_against_the_engine():
    s, _ = _session(seed=12, guess=True)
    s.flip()
    assert s.guess.asking and s.game.phase == "compare"
    a, b = (t.card for t in s.game.table)
    engine = Game.from_json(s.game.to_json())
    compared = engine.step()
    truth = "=" if compared.tied else (">" if compared.winner == compared.cards[0][0] else "<")
    assert s.answer(truth) is True
    assert s.guess_score == (1, 1)
    while s.guess.asking:                         # a war asks about the next pair
        s.answer("=")
    assert s.answer(">") is None                  # nothing asked now
    assert s.guess_score[1] >= 1 and a != b


def test_the_time_limit_runs_on_the_seconds_the_page_says():
    now = [100.0]
    s, _ = _session(seed=3, time_limit=60, clock=lambda: now[0])
    s.flip()
    for _ in range(30):
        now[0] += 1
        s.keep_time(1.0)
    assert s.time_left == pytest.approx(30)
    assert "0:30 left" in s.progress()[1]
    for _ in range(31):
        now[0] += 1
        s.keep_time(1.0)
    assert s.game.is_over and s.game.outcome.reason.name == "TIME"


def test_the_kids_preset_keeps_its_register_and_aids_whatever_option_changes():
    s, _ = _session(rules="kids", lang="ja")
    assert s.reg == "ja_kids" and s.aids
    for name, value in [("round_limit", None), ("face_down", 1), ("jokers", 2)]:
        if name == "round_limit":
            s.set_length("50")
        else:
            assert s.set_option(name, value)
        assert s.game.rules.preset_name != "kids" or name == "round_limit"
        assert s.reg == "ja_kids" and s.aids, name
    s.set_opponent("two_player")
    assert s.reg == "ja_kids" and s.aids
    s.new_game(rules="classic")                   # another preset: the adult register
    assert s.reg == "ja" and not s.aids


def _interrupt_at(k: int, files: tuple[str, ...]):
    calls = [0]

    def local(frame, event, arg):
        if event == "line":
            calls[0] += 1
            if calls[0] == k:
                raise KeyboardInterrupt
        return local

    def tracer(frame, event, arg):
        return local if frame.f_code.co_filename.endswith(files) else None
    return tracer, calls


ENGINE_FILES = ("engine.py", "engine_end.py", "engine_wars.py", "engine_state.py")


@pytest.mark.parametrize("action", ["flip", "fast_forward"])
def test_an_interrupt_at_every_line_of_a_flip_loses_no_card_and_the_game_goes_on(action):
    """The notebook's stop button at any line the engine runs: the session goes back to the last
    good position, says so, and never saves a broken game; the next flip plays normally."""
    k, interrupted = 1, 0
    while True:
        s, shown = _session(seed=31, rules="pagat")
        for _ in range(3):
            s.flip()
        good = s.game.to_json()
        tracer, calls = _interrupt_at(k, ENGINE_FILES)
        sys.settrace(tracer)
        try:
            getattr(s, action)()
            finished = True
        except KeyboardInterrupt:
            finished = False
        finally:
            sys.settrace(None)
        if finished:
            break
        interrupted += 1
        g = s.game
        assert shown[-1].action == "recover" and "round 3" in s.notice
        assert g.to_json() == good
        s.flip()
        assert s.game.round_number == 4 and sum(s.game.counts) + len(s.game.table) == 52
        k += 1 if k < 150 else k // 4
    assert interrupted >= 50


def test_the_story_kept_round_by_round_is_the_story_of_the_whole_history():
    from war_widget.views.war.results import story, story_of

    for preset, seed in [("classic", 3), ("kids", 8), ("pagat", 5)]:
        s, _ = _session(rules=preset, seed=seed)
        for _ in range(120):
            if s.game.is_over:
                break
            s.flip()
            for lang in ("en", "ja", "ja_kids"):
                whole = story(s.game.history, [26, 26], s.names, lang, over=s.game.is_over)
                kept = story_of(s.stats.leads, s.game.counts, s.stats.rounds, s.names, lang, over=s.game.is_over)
                assert kept == whole


def test_at_game_over_the_games_winner_is_marked_not_the_last_rounds() -> None:
    """The badge marked at the end is the game's winner's: under classic's 40-round limit the
    last round is often won by the player who loses the game."""
    differs = 0
    for seed in range(1, 30):
        s = WarSession("classic", seed=seed, records=None)
        s.fast_forward()
        outcome = s.game.outcome
        assert outcome is not None
        last_round = s.game.history[-1][0]
        differs += last_round != outcome.winner
        assert s.view().winner == outcome.winner, (seed, s.view().winner, outcome.winner)
    assert differs, "no game here ends with a round won by the game's loser: the test shows nothing"


def test_war_is_not_left_over_the_face_down_cards() -> None:
    """Stepping through a war without the aids: "WAR!" shows when the war is declared and is
    gone once the face-down cards are laid (it lay over them)."""
    from war_widget.game.events import FaceDownLaid, WarDeclared

    for seed in range(1, 200):
        s = WarSession("classic", seed=seed, aids=False, records=None)
        seen: list[tuple[str, str | None]] = []
        for _ in range(60):
            event = s.step()
            if isinstance(event, (WarDeclared, FaceDownLaid)):
                seen.append((type(event).__name__, s.view().banner))
            if isinstance(event, FaceDownLaid):
                break
        if seen and seen[-1][0] == "FaceDownLaid":
            assert any(kind == "WarDeclared" and banner for kind, banner in seen), seen
            assert seen[-1][1] is None, seen
            return
    raise AssertionError("no war in the first games: the test shows nothing")
