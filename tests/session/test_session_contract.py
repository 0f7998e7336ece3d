"""The War session on the contract of the Steal War and Casino War sessions (``told.Told``):
the narration, ``subscribe``, a ``beat.Update`` after every action, ``attempt``; autoplay as a
flag the view ticks (no asyncio task of its own); the time limit's second hand in a running loop;
the record kept in the records store in memory when no records are given."""
from __future__ import annotations

import asyncio

import pytest

from war_widget.game.engine import Game
from war_widget.session import records as records_module
from war_widget.session.beat import Shown, Update
from war_widget.session.casino import CasinoSession
from war_widget.session.records import Records
from war_widget.session.steal import StealSession
from war_widget.session.store import RecordsStore
from war_widget.session.told import Told
from war_widget.session.war import WarSession


@pytest.mark.parametrize("make", [lambda: WarSession(seed=4), lambda: StealSession(seed=4),
                                  lambda: CasinoSession(seed=4)], ids=["war", "steal", "casino"])
def test_the_three_sessions_tell_their_views_the_same_way(make):
    s = make()
    assert isinstance(s, Told)
    told: list[Update] = []
    unsubscribe = s.subscribe(told.append)
    act = s.flip if not isinstance(s, CasinoSession) else s.deal
    shown = s.attempt(act)
    assert told and all(isinstance(u, s.shown_type) and isinstance(u, Update) for u in told)
    assert shown is None or shown is told[-1]
    assert s.narration and isinstance(s.narration[-1], str)
    unsubscribe()
    count = len(told)
    s.attempt(act)
    assert len(told) == count                     # unsubscribed: told nothing more


def test_war_returns_the_shown_it_tells_and_refuses_a_move_in_the_narration():
    s = WarSession(seed=4)
    told: list[Shown] = []
    s.subscribe(told.append)
    s.flip()
    assert told[-1].action == "flip" and told[-1].beats and told[-1].animate
    assert told[-1].beats[-1].log_end == len(s.narration) == len(s.narration_log)
    lines = len(s.narration)
    assert s.attempt(s.press, 9) is None          # not a seat: said, never raised
    assert told[-1].action == "refused" and len(s.narration) == lines + 1
    assert "player must be a seat number" in s.narration[-1]


def test_autoplay_is_a_flag_the_view_ticks_and_starts_no_task_in_a_running_loop():
    async def main() -> tuple[set[asyncio.Task[object]], int, int, bool]:
        s = WarSession(seed=5, speed="fast")
        s.autoplay(True)
        tasks = asyncio.all_tasks() - {asyncio.current_task()}
        await asyncio.sleep(0.7)                  # longer than fast's interval: nothing plays by itself
        alone = s.game.round_number
        s.ticks(3)
        return tasks, alone, s.game.round_number, s.autoplay_on

    tasks, alone, played, on = asyncio.run(main())
    assert tasks == set() and alone == 0 and played == 3 and on
    assert not hasattr(WarSession, "_autoplay_loop") and not hasattr(WarSession(seed=5), "autoplay_task")


def test_autoplay_stops_at_the_end_of_the_game():
    s = WarSession(seed=6, rules="classic")
    s.autoplay(True)
    s.ticks(2)
    assert s.game.round_number == 2 and s.autoplay_on
    s.autoplay(False)
    assert not s.autoplay_on and s.game.round_number == 2
    s.autoplay(True)
    while not s.game.is_over:
        s.tick()
    assert not s.autoplay_on
    s.autoplay(True)                              # a game that is over does not autoplay
    assert not s.autoplay_on


def test_the_time_limits_second_hand_ends_the_game_in_a_running_loop():
    now = [0.0]

    async def main() -> tuple[list[str], bool]:
        s = WarSession(seed=3, time_limit=2, clock=lambda: now[0])
        actions: list[str] = []
        s.subscribe(lambda shown: actions.append(shown.action))
        s.flip()                                  # the first action starts the limit
        now[0] = 5.0                              # the time is up; nobody presses anything
        for _ in range(30):
            await asyncio.sleep(0.1)
            if s.game.is_over:
                break
        over = s.game.is_over
        s.close()
        return actions, over

    actions, over = asyncio.run(main())
    assert over and "time_up" in actions


def test_no_second_hand_without_a_loop_the_next_action_ends_the_game():
    now = [0.0]
    s = WarSession(seed=3, time_limit=2, clock=lambda: now[0])
    s.flip()
    now[0] = 5.0
    assert not s.game.is_over
    s.flip()
    assert s.game.is_over and s.game.outcome is not None and s.game.outcome.reason.name == "TIME"


def test_no_records_given_the_record_is_kept_in_the_records_store_in_memory():
    s = WarSession(seed=8, rules="classic")
    store = s.keeping.store
    assert isinstance(store, Records) and isinstance(store.store, RecordsStore) and store.path is None
    assert s.record == {"games": 0, "wins": 0, "losses": 0, "draws": 0, "current_streak": 0, "best_streak": 0}
    s.fast_forward()
    assert s.game.is_over and s.record is not None and s.record["games"] == 1
    s.new_game()
    s.fast_forward()
    assert s.record["games"] == 2 and s.record["wins"] + s.record["losses"] + s.record["draws"] == 2
    assert s.saved_offer() is None                # in memory no game in progress is kept to resume
    s.reset_records()
    assert s.record["games"] == 0


def test_a_python_without_sqlite3_plays_on_with_no_record(monkeypatch):
    def no_store(path: object) -> Records:
        raise OSError("the records store needs Python's sqlite3 module, which this Python lacks")

    monkeypatch.setattr(records_module, "Records", no_store)
    assert records_module.in_memory() is None
    s = WarSession(seed=8, rules="classic")
    assert s.keeping.store is None and s.record is None and not s.recording
    s.fast_forward()
    s.set_records(True)
    s.reset_records()
    assert s.game.is_over and s.record is None


def test_records_in_memory_are_the_store_with_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = WarSession(game=Game.from_hands("classic", [["KS"], ["7H"]]))
    s.flip()
    s.fast_forward()
    assert list(tmp_path.iterdir()) == []         # nothing written anywhere
