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


def conserved(w: WarWidget) -> bool:
    g = w.game
    held = sum(g.counts) + len(g.table) + len(g.unused)
    return held == g.rules.deck_size + g.rules.jokers


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
    assert w.beats[-1]["round_text"] == "0 / 40 rounds"
    assert w.setup["words"]["flip"] == "Flip"
    assert w.setup["words"]["step"] == "Step" and w.setup["words"]["fast_forward"] == "Fast-forward"
    assert w.setup["words"]["autoplay"] == "Autoplay" and w.setup["words"]["new_game"] == "New game"
    assert [w.setup["words"][v] for v in ("slow", "normal", "fast")] == ["slow", "normal", "fast"]
    assert w.setup["code"] == w.game.code == "classic-2024"
    assert w.setup["rules_line"].startswith("A is highest") and "1 card face down" in w.setup["rules_line"]
    assert w.beats[-1]["view"]["hands"] == [26, 26] and w.beats[-1]["view"]["table"] == []
    # the first line says whose turn it is and what to press; the game number is in its box
    assert w.narration_log == ["Your turn: press Flip to turn your top card."]


def test_three_clicks_on_flip_play_three_rounds(w):
    expected = Game.from_code("classic-2024")
    for _ in range(3):
        w.click("flip")
        expected.play_round()
    assert w.game.round_number == 3 and w.game.counts == expected.counts
    assert [s.split(":")[0] for s in rounds_in_log(w)] == ["Round 1", "Round 2", "Round 3"]
    assert conserved(w) and sum(w.game.counts) == 52
    assert w.beats[-1]["round_text"] == "3 / 40 rounds"
    # the chart: one point per round per player plus the deal, one marker per war round
    x, ys, wars = w.chart_series()
    assert x == [0, 1, 2, 3]
    assert ys[0] == [26] + [c[0] for _, _, c in expected.history]
    assert ys[1] == [26] + [c[1] for _, _, c in expected.history]
    assert wars == list(expected.stats.war_rounds)
    # what the browser's chart gets: the same series in its two traits
    assert w.chart_tail["counts"] == [list(c) for c in zip(*ys, strict=True)] and w.chart_tail["wars"] == wars


def test_step_gives_one_sentence_per_beat(w):
    kinds = []
    for _ in range(12):
        before = len(w.narration_log)
        event = w.step()
        kinds.append(event.kind)
        assert len(w.narration_log) == before + 1
        assert conserved(w)
    assert kinds[:3] == ["flip", "compare", "collect"] or "war" in kinds
    assert w.setup["words"]["step"] == "Step"
    before = w.game.round_number
    w.click("step")
    assert len(w.narration_log) == 14 and w.game.round_number >= before


def test_fast_forward_and_the_results_equal_the_engines_statistics(w):
    w.click("fast_forward")
    g = w.game
    assert g.is_over and g.outcome.reason is Termination.ROUND_LIMIT and g.round_number == 40
    stats = g.stats
    n = w.results_view.numbers
    assert n["rounds"] == stats.rounds == 40
    assert n["wars"] == stats.wars
    assert n["wars_won"] == stats.wars_won[0]          # plain numbers for "you", no (2,) tuples
    assert n["longest_streak"] == stats.longest_streak[0]
    assert n["largest_lead"] == stats.largest_lead[0]
    assert n["ended"] == "round limit"
    assert w.beats[-1]["round_text"] == "40 / 40 rounds"
    x, ys, wars = w.chart_series()
    assert len(x) == len(ys[0]) == len(ys[1]) == 41
    assert wars == list(stats.war_rounds)
    assert w.narration_log[-1].startswith("Game over after 40 rounds (round limit)")
    assert w.results_view.story and w.results_view.story in w.results
    # flipping a finished game changes nothing and says so
    w.flip()
    assert g.round_number == 40 and "over" in w.notice


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
        "コンピューターがリードを奪いました。最後はあなた19枚、コンピューター33枚で、コンピューターのほうが多く持っていました。")
    # a game you won does not end on the lead you lost: the story says you took it back
    history += [(0, 0, (40, 12)), (0, 0, (41, 11))]
    assert story(history, (26, 26), ["You", "Computer"]).endswith(
        "At the end you were ahead again (You 41, Computer 11).")


def test_two_players_wait_for_each_other():
    w = WarWidget(seed=5, mode="two_player", records=False)
    assert w.setup["names"] == ["Player 1", "Player 2"] and w.setup["mode"] == "two_player"
    w.click("press", seat=0)
    assert w.game.round_number == 0 and w.narration_log[-1] == "Player 1 is ready; waiting for Player 2."
    assert w.view().waiting == (0,)              # that card waits face down in the middle
    w.click("press", seat=0)                    # pressing twice is not a second press
    assert w.game.round_number == 0 and len(w.narration_log) == 2
    w.press(1)
    assert w.game.round_number == 1 and w.view().waiting == ()
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
    b.click("replay", code=a.game.code)
    for _ in range(5):
        b.flip()
    assert b.narration_log == a.narration_log
    assert b.game.counts == a.game.counts
    assert not b.replay("classic-not-a-number") and "Could not replay" in b.notice
    assert b.game.code == a.game.code


def test_japanese_labels_and_narration():
    w = WarWidget(seed=4, lang="ja", records=False)
    assert w.setup["words"]["flip"] == "めくる"
    assert w.setup["words"]["step"] == "1つ進める"
    assert w.beats[-1]["round_text"] == "0 / 40ラウンド"
    assert [w.setup["words"][v] for v in ("slow", "normal", "fast")] == ["ゆっくり", "ふつう", "はやい"]
    w.flip()
    assert w.narration_log[1].startswith("1ラウンド目：あなたは")
    assert "結果" in w.results and "ラウンド数" in w.results
    w.set_lang("en")
    assert w.setup["words"]["flip"] == "Flip" and w.beats[-1]["round_text"] == "1 / 40 rounds"
    w.choose("language", "ja")
    assert w.setup["words"]["flip"] == "めくる" and w.lang == "ja"
    two = WarWidget(seed=4, lang="ja", mode="two_player", records=False)
    assert two.setup["names"] == ["プレイヤー1", "プレイヤー2"]
    assert w.setting("language")["options"][w.setting("language")["index"]] == "日本語"


def test_the_rules_panel_starts_a_new_game():
    w = WarWidget(seed=1, records=False)
    w.flip()
    w.choose("face_down", 3)
    assert w.game.rules.face_down == 3 and w.game.round_number == 0
    assert "3 cards face down" in w.setup["rules_line"]
    w.choose("preset", "kids")
    assert w.game.rules == Rules.preset("kids") and w.aids
    assert w.beats[-1]["round_text"] == "Round 0"
    w.choose("length", "240")
    assert w.game.rules.round_limit == 240
    assert not w.set_option("players", 7) and "do not go together" in w.notice
    assert w.game.rules.players == 2 and w.setting("players")["index"] == 0
    w.choose("players", 4)
    assert w.game.rules.players == 4 and w.game.counts == (13, 13, 13, 13)
    assert w.names == ["You", "Computer 1", "Computer 2", "Computer 3"]
    w.flip()
    assert conserved(w)


def test_strong_computer_orders_only_its_own_winnings():
    w = WarWidget("pagat", seed=3, records=False, opponent="strong")
    assert w.game.rules.gather == ("shuffle", "strong")
    w.choose("opponent", "easy")
    rules = w.game.rules                                     # (a new game: new rules)
    assert rules.gather == "shuffle"
    w.set_opponent("two_player")
    assert w.mode == "two_player" and w.setup["mode"] == "two_player" and len(w.setup["names"]) == 2
    w.set_opponent("watch")
    assert w.mode == "watch" and w.setup["mode"] == "watch" and w.names == ["Player 1", "Player 2"]


def test_a_click_during_an_action_is_queued_in_order_never_lost_or_doubled():
    w = WarWidget(seed=8, records=False)
    clicked: list[str] = []

    def click_during_collect(event):
        if event.kind == "collect" and not clicked:
            clicked.append(event.round)
            w.click("flip")      # arrives while round 1 is being played and drawn

    w.game.subscribe(click_during_collect)
    w.flip()
    assert w.game.round_number == 2
    rounds = [int(s.split(":")[0].split()[1]) for s in rounds_in_log(w)]
    assert rounds == [1, 2]
    first_of_2 = w.narration_log.index(rounds_in_log(w)[1])
    assert all(not s.startswith("Round 1") for s in w.narration_log[first_of_2:])


def test_every_message_of_the_browser_is_a_method():
    """The table's buttons, keys and taps send messages; each does what its method does."""
    w = WarWidget(seed=6, records=False)
    w.click("flip")                                # the Flip button, Space, a tap on your pile
    assert w.game.round_number == 1
    w.click("flip")
    w.click("back")
    assert w.game.round_number == 1
    w.click("goto", round=99)                      # a chart click past the furthest round: clamped
    assert w.game.round_number == 2
    w.click("goto", round=1)
    w.click("press", seat=0)
    assert w.game.round_number == 2
    w.click("answer", symbol=">")                  # no question waits: nothing happens
    w.click("nonsense")
    w.click("press", seat="x")                     # garbage from a page never raises into the kernel
    assert w.game.round_number == 2
    w.click("replay", code="classic-99")
    assert w.game.code == "classic-99" and w.game.round_number == 0
    two = WarWidget(seed=6, mode="two_player", records=False)
    two.click("press", seat=0)
    two.click("press", seat=1)                     # player 2 taps their pile
    assert two.game.round_number == 1


def test_autoplays_clock_is_the_browsers():
    """Autoplay starts no task in Python, even in a running event loop: the table asks for each
    round (``tick``) once it has shown the last one, so the picture is never behind; off means
    the next tick plays nothing."""
    async def main():
        w = WarWidget(seed=12, records=False, speed="fast")
        w.click("autoplay", on=True)                # the Autoplay button, as clicked
        assert w.autoplaying and w.state["autoplay"]
        tasks = asyncio.all_tasks() - {asyncio.current_task()}
        await asyncio.sleep(0.05)    # the loop runs: a task would play (there is none)
        alone = w.game.round_number
        for _ in range(3):
            w.click("tick")
        played = w.game.round_number
        w.click("autoplay", on=False)
        w.click("tick")                             # one already on its way when the button was pressed
        return tasks, alone, played, w.game.round_number, w.state["autoplay"], conserved(w)

    tasks, alone, played, after, on, ok = asyncio.run(main())
    assert tasks == set() and alone == 0
    assert played == 3 and after == 3 and not on and ok


def test_autoplay_stops_at_the_end_and_can_be_ticked_without_a_loop(w):
    w.autoplay(True)
    assert w.state["autoplay"] and w.notice == ""
    w.autoplay_ticks(3)
    assert w.game.round_number == 3
    w.autoplay_ticks(50)
    assert w.game.is_over and w.game.round_number == 40 and not w.autoplaying and not w.state["autoplay"]
    w.set_speed("slow")
    assert w.state["speed"] == "slow"
    with pytest.raises(ValueError, match="speed must be one of"):
        w.set_speed("warp")


def _page_seconds(w: WarWidget, now: list[float], seconds: int, view: str = "page") -> None:
    """``seconds`` of the page's clock messages, as its table sends them (one a second)."""
    for _ in range(seconds):
        now[0] += 1
        w.click("clock", ms=1000, view=view)


def test_the_three_minute_game_ends_by_the_pages_clock():
    now = [1000.0]
    w = WarWidget(seed=21, records=False, time_limit=180, clock=lambda: now[0])
    assert w.beats[-1]["round_text"] == "3:00 left · round 0" and not w.state["clock"]
    w.flip()
    assert w.state["clock"]                        # the table's clock runs: it sends a message a second
    now[0] += 600                                  # no page, no time
    _page_seconds(w, now, 61)
    assert w.beats[-1]["kind"] == "clock" and w.beats[-1]["round_text"] == "1:59 left · round 1"
    w.flip()
    assert w.beats[-1]["round_text"] == "1:59 left · round 2"
    _page_seconds(w, now, 119)
    assert w.game.is_over and not w.state["clock"]
    o = w.game.outcome
    assert w.game.is_over and o is not None and o.reason is Termination.TIME and w.game.round_number == 2
    assert "Time is up." in w.narration_log
    # the clock's ticks show the time left: the sentence stays, no line is said again
    said = w.beats[-1]["say"]
    w.session.refresh("clock")
    assert w.beats[-1]["kind"] == "clock" and w.beats[-1]["say"] == said
    w.set_length("3min")
    row = w.setting("length")
    assert w.session.length == "3min" and row["options"][row["index"]] == "3 minutes" and w.game.round_number == 0


def test_a_clock_message_from_two_views_counts_once_and_a_bad_one_is_said():
    now = [0.0]
    w = WarWidget(seed=21, records=False, time_limit=180, clock=lambda: now[0])
    w.flip()
    for _ in range(4):                             # two views of the table, each saying its second
        now[0] += 0.5
        w.click("clock", ms=1000, view="one")
        now[0] += 0.5
        w.click("clock", ms=1000, view="two")
    assert w.session.time_left == 176
    for bad in ("x", -5, 1.5, 10**12):
        w.click("clock", ms=bad, view="one")
        assert "ms" in w.session.notice and w.session.time_left == 176, (bad, w.session.notice)


def test_records_count_finished_games(tmp_path):
    path = tmp_path / "records.json"
    w = WarWidget(seed=31, records=path)
    w.fast_forward()
    o = w.game.outcome
    rec = w.record
    assert o is not None and rec is not None and rec["games"] == 1
    assert rec["wins"] == (o.winner == 0) and rec["losses"] == (o.winner == 1) and rec["draws"] == o.is_draw
    assert "1 game · " in w.results and "1 games" not in w.results
    w.click("new_game")
    w.fast_forward()
    assert w.record is not None and w.record["games"] == 2 and Records(path).record["games"] == 2
    assert Records(path).saved_game is None                  # nothing in progress
    w.click("set", name="reset_records")
    assert w.record is not None and w.record["games"] == 0
    w.click("set", name="records", on=False)
    assert w.record is None and "off" in w.results


def test_a_damaged_records_file(tmp_path):
    path = tmp_path / "records.json"
    path.write_text("{this is not json")
    w = WarWidget(seed=1, records=path)
    assert "damaged" in w.notice
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("records.corrupt-")]
    assert len(kept) == 1 and kept[0].read_text() == "{this is not json" and kept[0].name in w.notice
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
        offered = w.state["resume"] and "Resume" in w.notice
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
    assert b.setup["names"] == ["Player 1", "Player 2"] and not b.state["resume"]


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
            assert w.beats[-1]["view"]["hands"] == list(w.view().hands)
            assert conserved(w)
            w.close()


def test_pasting_a_game_number_replays_it_on_enter():
    w = WarWidget(seed=3, records=False)
    w.flip()
    w.click("replay", code="classic-99")         # what Enter in the game number box sends
    assert w.game.code == "classic-99" and w.game.round_number == 0
    w.click("replay", code="garbage")
    assert w.game.code == "classic-99" and "Could not replay" in w.notice


def test_a_records_file_that_cannot_be_written_does_not_stop_the_game(tmp_path):
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    w = WarWidget(seed=1, records=blocker / "records.json")   # its folder cannot be created
    w.flip()
    w.flip()
    assert w.game.round_number == 2 and "Keep my record" in w.notice
    assert w.record is None and w.setting("records")["on"] is False


def test_headless_flips_do_not_grow_the_beats_kept():
    """No browser shows the beats of a script: the widget keeps a bounded number of them."""
    from war_widget.views.component.widget import BACKLOG

    w = WarWidget(rules="classic_long", seed=3, records=False)
    for _ in range(1500):                  # several beats a flip: more than are kept
        if w.game.is_over:
            w.new_game()
        w.flip()
    assert w.beats[-1]["id"] > BACKLOG and len(w.beats) <= BACKLOG
    assert w.beats[-1]["counts"] == list(w.game.counts)
