"""WarWidget driven headless, through its methods and button clicks, as a person would."""
from __future__ import annotations

import asyncio
import json
import subprocess
import sys
import textwrap

import pytest

from war_widget import Game, Rules, Termination
from war_widget.views.records import Records
from war_widget.views.war import WarWidget
from war_widget.views.war import app as widget_app


def conserved(w: WarWidget) -> bool:
    g = w.game
    held = sum(g.counts) + len(g.table) + len(g.unused)
    return held == g.rules.deck + g.rules.jokers


def rounds_in_log(w: WarWidget) -> list[str]:
    return [s for s in w.narration_log if s.startswith("Round ")]


@pytest.fixture
def w():
    widget = WarWidget(seed=2024, records=False)
    yield widget
    widget.close()


def test_opens_on_a_dealt_classic_table(w):
    assert w.game.rules == Rules.preset("classic")
    assert w.game.counts == (26, 26) and w.game.round_number == 0
    assert w.progress_label.value == "0 / 40 rounds"
    assert w.flip_button.description == "Flip"
    assert w.step_button.description == "Step" and w.fast_forward_button.description == "Fast-forward"
    assert w.autoplay_toggle.description == "Autoplay" and w.new_game_button.description == "New game"
    assert [v for _, v in w.speed_picker.options] == ["slow", "normal", "fast"]
    assert w.game_number.value == w.game.code == "classic-2024"
    assert "A high" in w.rules_line.value and "1 down" in w.rules_line.value
    assert w.canvas.width == 2 * 800 and w.canvas.layout.width == "800px"
    assert w.canvas.height == 2 * 500 and w.canvas.layout.height == "500px"
    assert w.narration_log == ["Game classic-2024: You 26, Computer 26."]


def test_three_clicks_on_flip_play_three_rounds(w):
    expected = Game.from_code("classic-2024")
    for _ in range(3):
        w.flip_button.click()
        expected.play_round()
    assert w.game.round_number == 3 and w.game.counts == expected.counts
    assert [s.split(":")[0] for s in rounds_in_log(w)] == ["Round 1", "Round 2", "Round 3"]
    assert conserved(w) and sum(w.game.counts) == 52
    assert w.progress_label.value == "3 / 40 rounds"
    # the chart: one point per round per player plus the deal, one marker per war round
    assert [len(t.x) for t in w.chart.data[:2]] == [4, 4]
    assert list(w.chart.data[0].y) == [26] + [c[0] for _, _, c in expected.history]
    assert list(w.chart.data[1].y) == [26] + [c[1] for _, _, c in expected.history]
    assert list(w.chart.data[2].x) == list(expected.stats.war_rounds)


def test_step_gives_one_sentence_per_beat(w):
    kinds = []
    for _ in range(12):
        before = len(w.narration_log)
        event = w.step()
        kinds.append(event.kind)
        assert len(w.narration_log) == before + 1
        assert conserved(w)
    assert kinds[:3] == ["flip", "compare", "collect"] or "war" in kinds
    assert w.step_button.description == "Step"
    before = w.game.round_number
    w.step_button.click()
    assert len(w.narration_log) == 14 and w.game.round_number >= before


def test_fast_forward_and_the_results_equal_the_engines_statistics(w):
    w.fast_forward_button.click()
    g = w.game
    assert g.is_over and g.outcome.reason is Termination.ROUND_LIMIT and g.round_number == 40
    stats = g.stats
    n = w.results.numbers
    assert n["rounds"] == stats.rounds == 40
    assert n["wars"] == stats.wars
    assert n["wars_won"] == stats.wars_won[0]          # plain numbers for "you", no (2,) tuples
    assert n["longest_streak"] == stats.longest_streak[0]
    assert n["largest_lead"] == stats.largest_lead[0]
    assert n["ended"] == "round limit"
    assert w.progress_label.value == "40 / 40 rounds"
    assert [len(t.x) for t in w.chart.data[:2]] == [41, 41]
    assert len(w.chart.data[2].x) == len(stats.war_rounds)
    assert w.narration_log[-1].startswith("Game over after 40 rounds (round limit)")
    assert w.results.story and w.results.story in w.results.value
    # flipping a finished game changes nothing and says so
    w.flip()
    assert g.round_number == 40 and "over" in w.notice.value


def test_the_story_names_the_longest_lead():
    from war_widget.views.war.results import story
    history = [(0, 0, (27, 25)), (0, 0, (28, 24)), (1, 2, (18, 34)), (0, 0, (19, 33)), (1, 0, (18, 34))]
    assert story(history, (26, 26), ["You", "Computer"]) == "Computer was ahead from round 3 to the end (round 5)."
    history = [(0, 0, (27, 25)), (0, 0, (28, 24)), (0, 0, (29, 23)), (1, 2, (19, 33))]
    assert story(history, (26, 26), ["You", "Computer"]) == (
        "You were ahead from round 1 to round 3. In round 4, with the double war, Computer took the lead. "
        "At the end Computer was ahead (You 19, Computer 33).")
    assert story(history, (26, 26), ["あなた", "コンピューター"], "ja") == (
        "あなたは1ラウンド目から3ラウンド目までリードしていました。4ラウンド目の2回続いた戦争で、"
        "コンピューターがリードを奪いました。最後はコンピューターがリードしていました（あなた19枚、コンピューター33枚）。")
    # a game you won does not end on the lead you lost: the story says you took it back
    history += [(0, 0, (40, 12)), (0, 0, (41, 11))]
    assert story(history, (26, 26), ["You", "Computer"]).endswith(
        "At the end you were ahead again (You 41, Computer 11).")


def test_two_players_wait_for_each_other():
    w = WarWidget(seed=5, mode="two_player", records=False)
    assert [b.description for b in w.player_buttons] == ["Player 1", "Player 2"]
    kids = list(w.children)  # player 2 above the table, player 1 below it (in containers that stay)
    place = {id(b): i for i, box in enumerate(kids) for b in getattr(box, "children", ())}
    assert place[id(w.player_buttons[1])] < kids.index(w.canvas) < place[id(w.player_buttons[0])]
    w.player_buttons[0].click()
    assert w.game.round_number == 0 and w.narration_log[-1] == "Player 1 is ready; waiting for Player 2."
    assert w._view().waiting == (0,)              # that card waits face down in the middle
    w.player_buttons[0].click()                    # pressing twice is not a second press
    assert w.game.round_number == 0 and len(w.narration_log) == 2
    w.press(1)
    assert w.game.round_number == 1 and w._view().waiting == ()
    w.press(1)
    w.press(0)
    assert w.game.round_number == 2
    with pytest.raises(ValueError, match="seat number"):
        w.press(2)


def test_replay_by_code_plays_the_same_game():
    a = WarWidget(seed=77, records=False)
    for _ in range(5):
        a.flip()
    b = WarWidget(records=False)
    b.game_number.value = a.game.code
    b.replay_button.click()
    for _ in range(5):
        b.flip()
    assert b.narration_log == a.narration_log
    assert b.game.counts == a.game.counts
    assert not b.replay("classic-not-a-number") and "Could not replay" in b.notice.value
    assert b.game.code == a.game.code


def test_japanese_labels_and_narration():
    w = WarWidget(seed=4, lang="ja", records=False)
    assert w.flip_button.description == "めくる"
    assert w.step_button.description == "1つ進める"
    assert w.progress_label.value == "0 / 40ラウンド"
    assert [label for label, _ in w.speed_picker.options] == ["ゆっくり", "ふつう", "はやい"]
    w.flip()
    assert w.narration_log[1].startswith("1ラウンド目：あなたは")
    assert "結果" in w.results.value and "ラウンド数" in w.results.value
    w.set_lang("en")
    assert w.flip_button.description == "Flip" and w.progress_label.value == "1 / 40 rounds"
    w.controls.language.value = "ja"
    assert w.flip_button.description == "めくる" and w.lang == "ja"
    two = WarWidget(seed=4, lang="ja", mode="two_player", records=False)
    assert [b.description for b in two.player_buttons] == ["プレイヤー1", "プレイヤー2"]


def test_the_rules_panel_starts_a_new_game():
    w = WarWidget(seed=1, records=False)
    w.flip()
    w.controls.options["face_down"].value = 3
    assert w.game.rules.face_down == 3 and w.game.round_number == 0
    assert "3 down" in w.rules_line.value
    w.controls.preset.value = "kids"
    assert w.game.rules == Rules.preset("kids") and w.aids
    assert w.progress_label.value == "Round 0"
    w.controls.length.value = "240"
    assert w.game.rules.round_limit == 240
    assert not w.set_option("players", 7) and "do not go together" in w.notice.value
    assert w.game.rules.players == 2 and w.controls.options["players"].value == 2
    w.controls.options["players"].value = 4
    assert w.game.rules.players == 4 and w.game.counts == (13, 13, 13, 13)
    assert w.names == ["You", "Computer 1", "Computer 2", "Computer 3"]
    w.flip()
    assert conserved(w)


def test_strong_computer_orders_only_its_own_winnings():
    w = WarWidget("pagat", seed=3, records=False, opponent="strong")
    assert w.game.rules.gather == ("shuffle", "strong")
    w.controls.opponent.value = "easy"
    rules = w.game.rules                                     # (a new game: new rules)
    assert rules.gather == "shuffle"
    w.set_opponent("two_player")
    assert w.mode == "two_player" and len(w.player_buttons) == 2
    w.set_opponent("watch")
    assert w.mode == "watch" and w.player_buttons == [] and w.names == ["Player 1", "Player 2"]


def test_a_click_during_an_action_is_queued_in_order_never_lost_or_doubled():
    w = WarWidget(seed=8, records=False)
    clicked: list[str] = []

    def click_during_collect(event):
        if event.kind == "collect" and not clicked:
            clicked.append(event.round)
            w.flip_button.click()      # arrives while round 1 is being played and drawn

    w.game.subscribe(click_during_collect)
    w.flip()
    assert w.game.round_number == 2
    rounds = [int(s.split(":")[0].split()[1]) for s in rounds_in_log(w)]
    assert rounds == [1, 2]
    first_of_2 = w.narration_log.index(rounds_in_log(w)[1])
    assert all(not s.startswith("Round 1") for s in w.narration_log[first_of_2:])


def test_mouse_and_keyboard():
    from war_widget.views.war import layout as L
    w = WarWidget(seed=6, records=False)
    x, y, cw, ch = L.pile_at(w._view(), 0)
    w._on_mouse_down(x + cw / 2, y + ch / 2)      # your own pile
    assert w.game.round_number == 1
    tx, ty, _, _ = L.pile_at(w._view(), 1)
    w._on_mouse_down(tx + 5, ty + 5)              # the computer's pile is not yours
    w._on_mouse_down(5, 5)
    assert w.game.round_number == 1
    w._on_key_down(" ")
    assert w.game.round_number == 2
    top_layer = w.canvas._canvases[-1]          # the layer the browser sends events to
    top_layer._touch_start_callbacks([(x + cw / 2, y + ch / 2)])   # a finger on your pile
    assert w.game.round_number == 3
    two = WarWidget(seed=6, mode="two_player", records=False)
    two._on_key_down("1")
    two._on_mouse_down(tx + 5, ty + 5)             # player 2 taps their pile
    assert two.game.round_number == 1


def test_autoplay_runs_as_a_task_in_the_running_loop(monkeypatch):
    monkeypatch.setitem(widget_app.INTERVAL, "fast", 0.01)

    async def main():
        w = WarWidget(seed=12, records=False, speed="fast")
        w.autoplay_toggle.value = True              # the toggle button, as clicked
        assert w.autoplay_task is not None and w.autoplaying
        await asyncio.sleep(0.3)
        played = w.game.round_number
        w.autoplay(False)
        await asyncio.sleep(0.05)
        assert not w.autoplay_toggle.value and (w.autoplay_task is None)
        after = w.game.round_number
        await asyncio.sleep(0.1)
        return played, after, w.game.round_number, conserved(w)

    played, after, later, ok = asyncio.run(main())
    assert played >= 3 and after == later and ok


def test_autoplay_stops_at_the_end_and_can_be_ticked_without_a_loop(w):
    w.autoplay(True)
    assert "event loop" in w.notice.value
    w.autoplay_ticks(3)
    assert w.game.round_number == 3
    w.autoplay_ticks(50)
    assert w.game.is_over and w.game.round_number == 40 and not w.autoplaying
    w.set_speed("slow")
    assert w.speed_picker.value == "slow"
    with pytest.raises(ValueError, match="speed must be one of"):
        w.set_speed("warp")


def test_the_three_minute_game_ends_by_the_widgets_clock():
    now = [1000.0]
    w = WarWidget(seed=21, records=False, time_limit=180, clock=lambda: now[0])
    assert w.progress_label.value == "3:00 left · round 0"
    w.flip()
    now[0] += 61
    w.flip()
    assert w.progress_label.value == "1:59 left · round 2"
    now[0] += 200
    w.flip()
    o = w.game.outcome
    assert w.game.is_over and o is not None and o.reason is Termination.TIME and w.game.round_number == 2
    assert "Time is up." in w.narration_log
    w.set_length("3min")
    assert w.controls.length.value == "3min" and w.game.round_number == 0


def test_records_count_finished_games(tmp_path):
    path = tmp_path / "records.json"
    w = WarWidget(seed=31, records=path)
    w.fast_forward()
    o = w.game.outcome
    rec = w.record
    assert o is not None and rec is not None and rec["games"] == 1
    assert rec["wins"] == (o.winner == 0) and rec["losses"] == (o.winner == 1) and rec["draws"] == o.is_draw
    assert "1 games" in w.results.value
    w.new_game_button.click()
    w.fast_forward()
    assert w.record is not None and w.record["games"] == 2 and Records(path).record["games"] == 2
    assert Records(path).saved_game is None                  # nothing in progress
    w.controls.reset_records_button.click()
    assert w.record is not None and w.record["games"] == 0
    w.controls.records.value = False
    assert w.record is None and "off" in w.results.value


def test_a_damaged_records_file(tmp_path):
    path = tmp_path / "records.json"
    path.write_text("{this is not json")
    w = WarWidget(seed=1, records=path)
    assert "damaged" in w.notice.value
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("records.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text() == "{this is not json" and kept[0].name in w.notice.value
    assert Records(path).record["games"] == 0
    w.flip()
    assert w.game.round_number == 1


RESUME_SCRIPT = textwrap.dedent("""
    import json, sys
    from war_widget.views.war import WarWidget
    path, action = sys.argv[1], sys.argv[2]
    if action == "play":
        w = WarWidget(seed=4242, records=path)
        for _ in range(5):
            w.flip()
        print(json.dumps({"round": w.game.round_number, "counts": w.game.counts}))
    else:
        w = WarWidget(records=path)
        offered = w.resume_button.layout.display != "none" and "Resume" in w.notice.value
        ok = w.resume()
        for _ in range(5):
            w.flip()
        print(json.dumps({"offered": offered, "ok": ok, "round": w.game.round_number, "counts": w.game.counts,
                          "code": w.game.code}))
""")


def test_resume_in_a_fresh_process(tmp_path):
    path = str(tmp_path / "records.json")

    def run(action):
        out = subprocess.run([sys.executable, "-c", RESUME_SCRIPT, path, action], capture_output=True, text=True,
                             timeout=120, check=True)
        return json.loads(out.stdout.strip().splitlines()[-1])

    first = run("play")
    assert first["round"] == 5
    second = run("resume")
    expected = Game.from_code("classic-4242")
    for _ in range(10):
        expected.play_round()
    assert second["offered"] and second["ok"] and second["code"] == "classic-4242"
    assert second["round"] == 10 and tuple(second["counts"]) == expected.counts


def test_resume_in_the_same_process_and_no_saved_game(tmp_path):
    assert WarWidget(records=False).resume() is False
    path = tmp_path / "r.json"
    a = WarWidget(seed=9, records=path, mode="two_player")
    a.press(0)
    a.press(1)
    after_round_1 = a.game.counts
    a.step()                      # mid-round: the save is made after each completed round
    b = WarWidget(records=path)
    assert b.resume() and b.mode == "two_player" and b.game.round_number == 1
    assert b.game.counts == after_round_1 and b.game.table == ()
    assert [x.description for x in b.player_buttons] == ["Player 1", "Player 2"]


def test_bad_arguments_are_clear_errors():
    with pytest.raises(ValueError, match="mode must be one of"):
        WarWidget(mode="solo", records=False)
    with pytest.raises(ValueError, match="lang must be one of"):
        WarWidget(lang="de", records=False)
    with pytest.raises(ValueError, match="at most one of seed, code"):
        WarWidget(seed=1, code="classic-1", records=False)
    with pytest.raises(ValueError, match="unknown preset"):
        WarWidget("poker", records=False)
    with pytest.raises(ValueError, match="not a game number"):
        WarWidget(records=False).new_game(code="12345")


def test_redraw_after_every_kind_of_game_and_more_players():
    for preset in Rules.presets():
        for players in (2, 3, 4):
            w = WarWidget(Rules.preset(preset).replace(players=players), seed=players, records=False,
                          animations=players != 3)
            w.flip()
            w.step()
            w.redraw()
            assert conserved(w)
            w.close()


def test_pasting_a_game_number_replays_it_on_enter():
    w = WarWidget(seed=3, records=False)
    w.flip()
    w.game_number.value = "classic-99"          # what Enter (or leaving the box) sends
    assert w.game.code == "classic-99" and w.game.round_number == 0
    w.game_number.value = "garbage"
    assert w.game.code == "classic-99" and "Could not replay" in w.notice.value


def test_a_drawing_error_does_not_leave_every_canvas_holding(monkeypatch):
    from ipycanvas import canvas as ipc

    from war_widget.views.war import layout as L
    w = WarWidget(seed=3, records=False)
    real = L.table_ops
    monkeypatch.setattr(L, "table_ops", lambda view: 1 / 0)
    with pytest.raises(ZeroDivisionError):
        w.flip()
    assert ipc._CANVAS_MANAGER._caching is False and ipc._CANVAS_MANAGER._commands_cache == []
    monkeypatch.setattr(L, "table_ops", real)
    sent = []
    monkeypatch.setattr(ipc._CANVAS_MANAGER, "_send_custom", lambda command, buffers=[]: sent.append(command))
    w.flip()
    assert len(sent) == 1 and w.game.round_number == 2 and conserved(w)


def test_a_records_file_that_cannot_be_written_does_not_stop_the_game(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    w = WarWidget(seed=1, records=blocker / "records.json")   # its folder cannot be created
    w.flip()
    w.flip()
    assert w.game.round_number == 2 and "Keep my record" in w.notice.value
    assert w.record is None and w.controls.records.value is False


def test_headless_flips_do_not_grow_the_table_memory():
    """No browser confirms the beats of a script: the canvas remembers a bounded number of them."""
    from war_widget.views.war.table import MARKS_KEPT

    w = WarWidget(rules="classic_long", seed=3, records=False)
    for _ in range(1500):                  # several beats a flip: more marks than are kept
        if w.game.is_over:
            w.new_game()
        w.flip()
    assert w.table.seq > MARKS_KEPT and len(w.table._mark_ms) <= MARKS_KEPT
