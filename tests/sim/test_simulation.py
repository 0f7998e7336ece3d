"""simulate(): results, methods, spreading over processes or executors, progress, the CLI."""
from __future__ import annotations

import subprocess
import sys
import tracemalloc
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import numpy as np
import pytest

from war_widget import Game, Rules
from war_widget.game.events import Termination
from war_widget.sim import simulation
from war_widget.sim.simulation import (
    NATURAL_ENDS,
    REASONS,
    SimulationResult,
    game_seed,
    simulate,
)


def _arrays(result: SimulationResult) -> tuple[np.ndarray | None, ...]:
    return (result.lengths, result.winners, result.reasons, result.wars, result.double_wars, result.cycle_starts,
            result.cycle_periods)


def _assert_identical(a: SimulationResult, b: SimulationResult) -> None:
    for x, y in zip(_arrays(a), _arrays(b), strict=True):
        assert x is not None and y is not None and x.dtype == y.dtype and np.array_equal(x, y)


# --- results ---------------------------------------------------------------------------------------
def test_result_arrays_have_the_documented_types() -> None:
    r = simulate("pagat", 300, seed=4, progress=False)
    assert (r.lengths.dtype, r.winners.dtype, r.reasons.dtype, r.wars.dtype) == (
        np.dtype(np.int32), np.dtype(np.int8), np.dtype(np.int8), np.dtype(np.int32))
    assert r.games == 300 and r.method == "fast"
    assert set(np.unique(r.winners)) <= {-1, 0, 1}
    assert (r.wars <= r.lengths).all() and (r.lengths > 0).all()


def test_each_game_replays_from_its_own_seed() -> None:
    rules = Rules.preset("classic_long")
    r = simulate(rules, 40, seed=99, progress=False)
    for i in (0, 17, 39):
        game = Game(rules, game_seed(99, i))
        outcome = game.play_to_end()
        assert outcome is not None
        assert int(r.lengths[i]) == game.round_number
        assert int(r.winners[i]) == (-1 if outcome.winner is None else outcome.winner)
        assert r.termination(i) is outcome.reason
        assert int(r.wars[i]) == game.stats.wars


def test_fast_and_engine_methods_give_the_same_games() -> None:
    fast = simulate("classic", 300, seed=5, method="fast", progress=False)
    engine = simulate("classic", 300, seed=5, method="engine", progress=False)
    assert (fast.method, engine.method) == ("fast", "engine")
    _assert_identical(fast, engine)


def test_same_seed_same_results_other_seed_other_results() -> None:
    a = simulate("kids", 500, seed=1, progress=False)
    _assert_identical(a, simulate("kids", 500, seed=1, progress=False))
    assert not np.array_equal(a.lengths, simulate("kids", 500, seed=2, progress=False).lengths)


def test_summary_by_hand() -> None:
    codes = [REASONS.index(t) for t in (Termination.ALL_CARDS, Termination.ROUND_LIMIT, Termination.CYCLE,
                                        Termination.SHORTAGE)]
    r = SimulationResult(Rules.preset("classic"), 0, np.array([40, 10, 30, 20], np.int32),
                         np.array([0, 1, -1, 0], np.int8), np.array(codes, np.int8), np.array([1, 2, 3, 4], np.int32))
    s = r.summary()
    assert s == {"games": 4, "natural_end_fraction": 0.5, "mean_length": 25.0, "median_length": 25.0,
                 "p90_length": 40, "wars_per_game": 2.5, "win_share": [0.5, 0.25], "draw_share": 0.25}
    assert r.reason_counts() == {"ALL_CARDS": 1, "ROUND_LIMIT": 1, "CYCLE": 1, "SHORTAGE": 1}
    text = str(r)
    assert "4 games of classic (seed 0)" in text and "ended before the limit: 50.0%" in text
    assert "median 25, 90th percentile 40" in text and "player 1 50.0%, player 2 25.0%, draws 25.0%" in text
    rate, low, high = r.win_rate(0)
    assert rate == 0.5 and low < 0.5 < high and abs((high - low) / 2 - 1.96 * 0.25) < 1e-12


def test_natural_ends_are_those_not_from_a_limit_or_a_cycle() -> None:
    assert set(NATURAL_ENDS) == set(Termination) - {Termination.ROUND_LIMIT, Termination.TIME, Termination.CYCLE}


def test_classic_games_never_pass_the_round_limit_and_mostly_reach_it() -> None:
    s = simulate("classic", 2000, seed=3, progress=False).summary()
    assert s["p90_length"] == 40 and s["median_length"] == 40
    assert 0 < s["natural_end_fraction"] < 0.2


# --- methods ---------------------------------------------------------------------------------------
def test_only_callable_policies_go_to_the_engine() -> None:
    three = simulate(Rules.preset("classic").replace(players=3), 30, seed=1, progress=False)
    assert three.method == "fast" and len(three.summary()["win_share"]) == 3
    _assert_identical(three, simulate(Rules.preset("classic").replace(players=3), 30, seed=1, method="engine",
                                      progress=False))
    policy = Rules.preset("kids").replace(gather=lambda cards, p: list(cards))
    assert simulate(policy, 5, seed=1, max_rounds=500, progress=False).method == "engine"
    with pytest.raises(ValueError, match="callable"):
        simulate(policy, 5, method="fast")


def test_the_engine_method_fills_every_array_as_the_compiled_one() -> None:
    fast = simulate("bicycle", 30, seed=3, max_rounds=5000, progress=False)
    engine = simulate("bicycle", 30, seed=3, max_rounds=5000, method="engine", progress=False)
    _assert_identical(fast, engine)
    assert fast.cycle_periods is not None and fast.double_wars is not None
    assert (fast.cycle_periods > 0).any() and (fast.double_wars > 0).any()


@pytest.mark.parametrize("kwargs, message", [
    ({"games": 0}, "games must be a positive whole number"),
    ({"games": 2.5}, "games must be a positive whole number"),
    ({"seed": -1}, "seed must be a whole number >= 0"),
    ({"seed": 2 ** 64}, "below 2\\*\\*64"),
    ({"seed": 1.0}, "seed must be a whole number"),
    ({"games": 10 ** 12}, "too many for one call on this machine"),
    ({"max_rounds": 0}, "max_rounds must be None or a positive"),
    ({"max_rounds": 2 ** 31}, "up to 2,147,483,647"),
    ({"workers": 2.0}, "workers must be None or a positive"),
    ({"workers": 10 ** 6}, "up to 1024"),
    ({"method": "quick"}, "method must be one of"),
    ({"workers": 0}, "workers must be None or a positive"),
    ({"workers": 2, "executor": ThreadPoolExecutor(1)}, "either workers"),
    ({"executor": "pool"}, "executor must be a concurrent.futures.Executor"),
    ({"progress": "yes"}, "progress must be None"),
    ({"chunk_size": 0}, "chunk_size must be None or a positive"),
])
def test_bad_arguments_are_named(kwargs: dict[str, Any], message: str) -> None:
    args = {"games": 10, **kwargs}
    with pytest.raises(ValueError, match=message):
        simulate("classic", **args)


def test_unknown_preset_lists_the_presets() -> None:
    with pytest.raises(ValueError, match="presets are"):
        simulate("poker", 10)


def test_the_largest_seed_is_accepted_and_replays() -> None:
    r = simulate("classic", 3, seed=2 ** 64 - 1, progress=False)
    game = Game("classic", game_seed(2 ** 64 - 1, 2))
    game.play_to_end()
    assert int(r.lengths[2]) == game.round_number


# --- spreading the games ---------------------------------------------------------------------------
def test_workers_and_executors_give_the_serial_arrays() -> None:
    serial = simulate("pagat", 3000, seed=12, progress=False)
    _assert_identical(serial, simulate("pagat", 3000, seed=12, workers=2, progress=False))
    with ThreadPoolExecutor(max_workers=3) as pool:
        _assert_identical(serial, simulate("pagat", 3000, seed=12, executor=pool, chunk_size=700, progress=False))
    with ProcessPoolExecutor(max_workers=2) as pool:
        _assert_identical(serial, simulate("pagat", 3000, seed=12, executor=pool, chunk_size=1100, progress=False))


def test_engine_games_spread_over_processes_are_the_serial_ones() -> None:
    rules = Rules.preset("classic").replace(players=4)
    serial = simulate(rules, 60, seed=2, method="engine", progress=False)
    _assert_identical(serial, simulate(rules, 60, seed=2, method="engine", workers=2, chunk_size=13, progress=False))


def test_a_dask_cluster_gives_the_serial_arrays() -> None:
    """Two worker processes on a LocalCluster, reached through the client's executor."""
    distributed = pytest.importorskip("distributed")
    serial = simulate("pagat", 4000, seed=31, progress=False)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        assert len(client.scheduler_info()["workers"]) == 2
        result = simulate("pagat", 4000, seed=31, executor=client.get_executor(), chunk_size=700, progress=False)
    _assert_identical(serial, result)


def test_a_lambda_policy_cannot_go_to_other_processes() -> None:
    rules = Rules.preset("kids").replace(gather=lambda cards, p: list(cards))
    with pytest.raises(ValueError, match="cannot be sent to other processes"):
        simulate(rules, 4, workers=2, max_rounds=50)
    with ThreadPoolExecutor(2) as pool:        # threads share memory: fine
        assert simulate(rules, 4, executor=pool, max_rounds=50, progress=False).games == 4


# --- memory -----------------------------------------------------------------------------------------
def test_memory_grows_with_the_result_arrays_not_with_the_games_played_at_once() -> None:
    """Per game we keep 10 bytes; the batch in flight is bounded.  200,000 classic games must
    stay far below the 300 MB budget that 1,000,000 games of any preset have."""
    tracemalloc.start()
    try:
        simulate("classic", 200_000, seed=1, progress=False)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 60 * 2 ** 20, f"peak {peak / 2 ** 20:.0f} MB"


# --- progress -----------------------------------------------------------------------------------------
def _run_python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300, check=False)


def test_no_progress_output_by_default_in_a_script() -> None:
    done = _run_python("from war_widget.sim.simulation import simulate\n"
                       "r = simulate('classic', 20000, seed=1)\nprint(r.games)")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "20000" and done.stderr == ""


def test_progress_true_shows_a_bar_in_a_script() -> None:
    done = _run_python("from war_widget.sim.simulation import simulate\n"
                       "simulate('classic', 20000, seed=1, progress=True)")
    assert done.returncode == 0 and "20000/20000" in done.stderr


def test_progress_auto_is_on_only_in_a_kernel_and_for_long_simulations(monkeypatch: pytest.MonkeyPatch) -> None:
    assert simulation._in_jupyter_kernel() is False
    assert simulation._want_progress(None, 10**6) is False
    monkeypatch.setattr(simulation, "_in_jupyter_kernel", lambda: True)
    assert simulation._want_progress(None, simulation.PROGRESS_MIN_GAMES) is True
    assert simulation._want_progress(None, simulation.PROGRESS_MIN_GAMES - 1) is False
    assert simulation._want_progress(False, 10**6) is False
    assert simulation._want_progress(True, 1) is True


# --- the command line -------------------------------------------------------------------------------
def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "war_widget", *args], capture_output=True, text=True, timeout=300,
                          check=False)


def test_cli_prints_the_summary() -> None:
    done = _cli("simulate", "--preset", "classic_long", "--games", "1000", "--seed", "1")
    assert done.returncode == 0 and done.stderr == ""
    assert done.stdout == str(simulate("classic_long", 1000, seed=1, progress=False)) + "\n"
    lines = done.stdout.splitlines()
    assert lines[0] == "1000 games of classic_long (seed 1)"
    assert [line.split(":")[0].strip() for line in lines[1:]] == [
        "ended before the limit", "length in rounds", "wars per game", "wins"]


def test_cli_with_workers_prints_the_same_summary() -> None:
    one = _cli("simulate", "--preset", "pagat", "--games", "600", "--seed", "2")
    two = _cli("simulate", "--preset", "pagat", "--games", "600", "--seed", "2", "--workers", "2")
    assert one.returncode == two.returncode == 0 and one.stdout == two.stdout


@pytest.mark.parametrize("args, words", [
    (["--games", "0"], "positive whole number"),
    (["--games", "many"], "positive whole number"),
    (["--seed", "-3"], ">= 0"),
    (["--preset", "poker"], "invalid choice"),
    (["--workers", "0"], "positive whole number"),
    (["--method", "quick"], "invalid choice"),
    (["--games", "1000000000000"], "too many for one call"),
    (["--seed", str(2 ** 64)], "below 2**64"),
])
def test_cli_bad_arguments_exit_2_with_a_message(args: list[str], words: str) -> None:
    done = _cli("simulate", *args)
    assert done.returncode == 2
    assert "error" in done.stderr and words in done.stderr and "Traceback" not in done.stderr
    assert sum(1 for line in done.stderr.splitlines() if "error" in line) == 1   # one line says what was wrong


def test_cli_needs_a_command() -> None:
    done = _cli()
    assert done.returncode == 2 and "Traceback" not in done.stderr
