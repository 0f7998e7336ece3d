"""The compiled simulator (war_widget.sim.fastsim) against the engine, game by game.

Game ``i`` of ``simulate(rules, n, seed)`` must be ``Game(rules, game_seed(seed, i))`` played to
the end: the same length, winner, reason, rounds with a war and with two or more, and for a game
that repeats, the same cycle start and period.  Checked live (the engine is the reference) on
every preset, on rule sets drawn by hypothesis from every option (2-4 players, teams, goals,
captures, gathers, shortages, jokers, rank orders, decks, tie-breaks), on games that cycle, and
with a cap that cuts cycles short.  Plus the generator itself (the engine's SplitMix64 draws,
the rejected draw included) and a distribution check against 20,000 stored engine games.
"""
from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats

from war_widget import Game, Rules
from war_widget.game.events import Termination
from war_widget.game.rng import MASK64, SplitMix64
from war_widget.game.rules import GATHER_ORDERS, NUMBER_DECKS, SCHOOL_PRESETS, SHORTAGES
from war_widget.sim.fastsim import (
    encode_rules,
    simulate_range,
    supports,
    unsupported_reason,
)
from war_widget.sim.fastsim._kernel import activate
from war_widget.sim.simulation import NATURAL_ENDS, REASONS, game_seed, simulate

# length, winner (-1: none), reason, war rounds, double-war rounds, cycle start, cycle period (-1: none)
Row = tuple[int, int, str, int, int, int, int]
FIELDS = ("length", "winner", "reason", "war rounds", "double-war rounds", "cycle start", "cycle period")


def engine_row(rules: Rules, seed: int, index: int, max_rounds: int | None) -> Row:
    game = Game(rules, game_seed(seed, index))
    game.play_to_end(max_rounds=max_rounds)
    if not game.is_over:
        game.end_now()
    o = game.outcome
    assert o is not None
    wars = [w for _, w, _ in game.history]
    return (game.round_number, -1 if o.winner is None else o.winner, o.reason.name, sum(1 for w in wars if w),
            sum(1 for w in wars if w > 1), -1 if o.cycle_start is None else o.cycle_start,
            -1 if o.cycle_period is None else o.cycle_period)


def fast_rows(rules: Rules, seed: int, count: int, max_rounds: int | None) -> list[Row]:
    r = simulate_range(rules, seed, 0, count, max_rounds)
    return [(int(r.lengths[i]), int(r.winners[i]), REASONS[int(r.reasons[i])].name, int(r.wars[i]),
             int(r.double_wars[i]), int(r.cycle_starts[i]), int(r.cycle_periods[i])) for i in range(count)]


def assert_like_engine(rules: Rules, seed: int, count: int, max_rounds: int | None = 100_000) -> list[Row]:
    """Play ``count`` games both ways; fail naming the first games and fields that differ."""
    fast = fast_rows(rules, seed, count, max_rounds)
    engine = [engine_row(rules, seed, i, max_rounds) for i in range(count)]
    bad = [(i, e, f) for i, (e, f) in enumerate(zip(engine, fast, strict=True)) if e != f]
    if bad:
        i, e, f = bad[0]
        fields = [name for name, a, b in zip(FIELDS, e, f, strict=True) if a != b]
        pytest.fail(f"{rules!r}: {len(bad)} of {count} games differ; game {i} (seed {seed}): {fields}: "
                    f"engine {e}, compiled {f}")
    return engine


# --- every preset ---------------------------------------------------------------------------------
# the school variants and the number-card decks (deck=40, "A9": number_lesson_10) are the engine's (test_guard)
KERNEL_PRESETS = [p for p in Rules.presets() if p not in SCHOOL_PRESETS and Rules.preset(p).deck not in NUMBER_DECKS]


@pytest.mark.parametrize("preset", KERNEL_PRESETS)
def test_every_preset_plays_as_the_engine(preset: str) -> None:
    assert supports(preset)
    assert_like_engine(Rules.preset(preset), 23, 25)


def test_the_known_cycle_is_found_at_the_engines_round() -> None:
    """Game 41 of bicycle, seed 11: the engine stops at round 2403 (start 323, period 2080);
    the old batch simulator called it a time-limit win."""
    r = simulate("bicycle", 42, seed=11, max_rounds=3000, progress=False)
    assert r.method == "fast" and r.cycle_starts is not None and r.cycle_periods is not None
    assert (r.termination(41), int(r.lengths[41]), int(r.cycle_starts[41]), int(r.cycle_periods[41]), int(
        r.winners[41])) == (Termination.CYCLE, 2403, 323, 2080, -1)
    assert engine_row(Rules.preset("bicycle"), 11, 41, 3000)[:3] == (2403, -1, "CYCLE")


def test_cycles_cut_by_max_rounds_end_by_time_as_in_the_engine() -> None:
    """With a small cap, a cycle whose first repeat comes after it is a time end, one before it
    a cycle: both appear, and each game matches the engine."""
    engine = assert_like_engine(Rules.preset("bicycle"), 5, 120, max_rounds=400)
    assert {"TIME", "CYCLE"} <= {e[2] for e in engine}


DETERMINISTIC = [
    Rules.preset("bicycle").replace(gather="winner_first"),
    Rules.preset("kids").replace(gather="played"),
    Rules.preset("classic").replace(shuffle_won_pile=False, gather="played", round_limit=None),
    Rules.preset("three_down").replace(gather="high_first", players=3),
    Rules.preset("pagat").replace(gather="low_first", players=4, teams=True),
]


@pytest.mark.parametrize("rules", DETERMINISTIC, ids=range(len(DETERMINISTIC)))
def test_games_without_randomness_after_the_deal_cycle_where_the_engine_does(rules: Rules) -> None:
    engine = assert_like_engine(rules, 9, 40, max_rounds=3000)
    assert {e[2] for e in engine} - {"TIME"}, "the sample should hold games that end or cycle"


def test_the_samples_meet_cycles_and_every_common_end() -> None:
    seen = set()
    for preset in ("bicycle", "kids_aside", "tod_und_leben", "pjanitsa"):
        seen |= {REASONS[int(c)].name for c in simulate(preset, 400, seed=23, progress=False).reasons}
    assert {"ALL_CARDS", "SHORTAGE", "CYCLE", "HANDS_EMPTY"} <= seen, seen


# --- random rule sets -----------------------------------------------------------------------------
def _rule_sets() -> st.SearchStrategy[Rules | None]:   # never None: the invalid ones are filtered out
    players = st.sampled_from([2, 2, 3, 4])

    def build(draw_players: int) -> st.SearchStrategy[dict[str, Any]]:
        n = draw_players
        gather = st.sampled_from(GATHER_ORDERS)
        return st.builds(
            dict, players=st.just(n), deck=st.sampled_from([52, 36, 32]), jokers=st.sampled_from([0, 2]),
            joker_deal=st.sampled_from(["random", "split"]),
            rank_order=st.sampled_from(["ace_high", "ace_low", "two_high", "low_beats_ace"]),
            face_down=st.sampled_from([0, 1, 2, 3, "by_rank"]),
            capture=st.sampled_from(["bottom", "won_pile", "aside"]),
            gather=st.one_of(gather, st.tuples(*[gather] * n)), shuffle_won_pile=st.booleans(),
            shortage=st.sampled_from(SHORTAGES), zero=st.sampled_from(["lose", "reuse"]),
            war_players=st.sampled_from(["tied", "all"]), round_limit=st.sampled_from([None, None, 40, 240]),
            teams=st.booleans() if n == 4 else st.just(False),
            goal=st.sampled_from(["collect", "loser_all", "loser_first_out"]),
            deal=st.sampled_from(["alternate", "by_color"] if n == 2 else ["alternate"]),
            **({"tiebreak": st.sampled_from(["none", "suits"])} if "tiebreak" in Rules.__dataclass_fields__ else {}))

    def valid(options: dict[str, Any]) -> Rules | None:
        try:
            return Rules(**options)
        except ValueError:
            return None
    return players.flatmap(build).map(valid).filter(lambda r: r is not None)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(rules=_rule_sets(), seed=st.integers(0, 2 ** 64 - 1))
def test_random_rule_sets_play_as_the_engine(rules: Rules, seed: int) -> None:
    assert_like_engine(rules, seed, 6, max_rounds=600)


# --- what it plays ----------------------------------------------------------------------------------
def test_only_callable_policies_are_left_to_the_engine() -> None:
    for name in KERNEL_PRESETS:
        assert unsupported_reason(Rules.preset(name)) is None
    assert supports(Rules.preset("classic").replace(players=4, teams=True))
    assert "callable" in (unsupported_reason(Rules.preset("kids").replace(gather=lambda cards, p: cards)) or "")
    with pytest.raises(ValueError, match="callable"):
        encode_rules(Rules.preset("kids").replace(gather=("shuffle", lambda cards, p: cards)))


def test_rules_are_data_one_compilation_serves_every_rule_set() -> None:
    play_games = activate().play_games
    for name in KERNEL_PRESETS:
        simulate_range(name, 1, 0, 3, kernel="numba")
    simulate_range(Rules.preset("pagat").replace(players=4, teams=True), 1, 0, 3, kernel="numba")
    assert len(play_games.signatures) == 1


def test_chunking_and_threads_do_not_change_games() -> None:
    whole = simulate_range("pagat", 8, 0, 600)
    parts = [simulate_range("pagat", 8, lo, lo + 150) for lo in range(0, 600, 150)]
    threaded = simulate_range("pagat", 8, 0, 600, threads=2)
    for name in whole.__dataclass_fields__:
        assert np.array_equal(getattr(whole, name), np.concatenate([getattr(p, name) for p in parts]))
        assert np.array_equal(getattr(whole, name), getattr(threaded, name))


# --- the generator ----------------------------------------------------------------------------------
def test_game_seeds_are_the_python_definition() -> None:
    for seed in (0, 987654321, 2 ** 64 - 1):
        for i in (0, 1, 59, 10 ** 9):
            assert int(activate().game_seed(np.uint64(seed), np.int64(i))) == game_seed(seed, i)


def _unxorshift(y: int, shift: int) -> int:
    x = y
    for _ in range(64 // shift + 1):
        x = y ^ (x >> shift)
    return x


def _state_giving(output: int) -> int:
    """The generator state whose next64() returns ``output`` (SplitMix64's mix is a bijection)."""
    z = _unxorshift(output, 31)
    z = (z * pow(0x94D049BB133111EB, -1, 1 << 64)) & MASK64
    z = _unxorshift(z, 27)
    z = (z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & MASK64
    z = _unxorshift(z, 30)
    return (z - 0x9E3779B97F4A7C15) & MASK64


@pytest.mark.parametrize("n", [3, 5, 52, 2 ** 63 + 5])
def test_a_rejected_draw_is_redrawn_as_the_python_generator_does(n: int) -> None:
    state = _state_giving(MASK64)             # the largest output: rejected for any n not dividing 2**64
    rng = np.array([state], np.uint64)
    expected = SplitMix64.from_state(state)
    assert int(activate().below(rng, np.int64(n) if n < 2 ** 63 else np.uint64(n))) == expected.below(n)
    assert int(rng[0]) == expected.state and expected.state != (state + 0x9E3779B97F4A7C15) & MASK64


def test_shuffles_are_the_python_shuffles() -> None:
    for seed in range(50):
        rng = np.array([game_seed(seed, 3)], np.uint64)
        items = np.arange(64, dtype=np.int32)
        count = seed % 55
        activate().shuffle(rng, items, count)
        gen = SplitMix64(game_seed(seed, 3))
        expected = list(range(count))
        gen.shuffle(expected)
        assert items[:count].tolist() == expected and int(rng[0]) == gen.state


# --- statistics with independent seeds --------------------------------------------------------------
REFERENCE = Path(__file__).resolve().parents[1] / "data"


@pytest.mark.parametrize("preset", ["classic_long", "pagat"])
def test_length_distribution_and_shares_match_stored_engine_games(preset: str) -> None:
    """20,000 engine games (tests/data, made by tools/make_engine_reference.py; 60 of them
    replayed live here so a stale file fails) against 20,000 compiled games with other seeds:
    KS p > 0.01, win shares and natural-end fractions within 3 standard errors."""
    n, seed = 20_000, 2024
    stored = np.load(REFERENCE / f"engine_{preset}_{n}_seed{seed}.npz")
    assert len(stored["lengths"]) == n
    for i in np.linspace(0, n - 1, 60).astype(int):
        row = engine_row(Rules.preset(preset), seed, int(i), 100_000)
        assert (row[0], row[1], row[2]) == (stored["lengths"][i], stored["winners"][i],
                                            REASONS[stored["reasons"][i]].name), (preset, i)
    fast = simulate(preset, n, seed=777, progress=False)
    assert fast.method == "fast"
    assert stats.ks_2samp(stored["lengths"], fast.lengths).pvalue > 0.01
    natural = [REASONS.index(t) for t in NATURAL_ENDS]
    pairs = [(stored["winners"] == 0, fast.winners == 0), (stored["winners"] == 1, fast.winners == 1),
             (np.isin(stored["reasons"], natural), np.isin(fast.reasons, natural))]
    for a, b in pairs:
        pa, pb = a.mean(), b.mean()
        se = math.sqrt(pa * (1 - pa) / len(a) + pb * (1 - pb) / len(b))
        assert abs(pa - pb) <= 3 * se, (preset, pa, pb, se)


# --- the first call ----------------------------------------------------------------------------------
def test_a_slow_first_call_in_a_notebook_says_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    import time

    from war_widget.sim.fastsim import _compile_notice, first_call_message
    with _compile_notice(ready=False, in_kernel=True, delay=0.05):
        time.sleep(0.3)                         # stands for compiling
    with _compile_notice(ready=False, in_kernel=False, delay=0.05):
        time.sleep(0.2)                         # a script: silent
    with _compile_notice(ready=True, in_kernel=True, delay=0.05):
        time.sleep(0.2)                         # already loaded: silent
    with _compile_notice(ready=False, in_kernel=True, delay=0.5):
        pass                                    # quick: silent
    time.sleep(0.6)
    assert capsys.readouterr().err == first_call_message() + "\n"


def test_the_docstring_examples_run() -> None:
    import doctest

    import war_widget.sim.fastsim
    import war_widget.sim.simulation
    for module in (war_widget.sim.fastsim, war_widget.sim.simulation):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_the_compiled_kernel_is_cached_where_it_can_be_written(tmp_path: Path) -> None:
    """In-tree next to the package when writable (an editable install), else numba's user cache;
    NUMBA_CACHE_DIR (CI) overrides both.  A fresh process with NUMBA_CACHE_DIR set finds it there."""
    import os
    import subprocess
    import sys

    play_games = activate().play_games
    simulate_range("pagat", 1, 0, 2, kernel="numba")
    where = Path(play_games._cache._cache_path)
    assert os.access(where, os.W_OK)
    assert any(f.name.startswith("_kernel.play_games-") and f.suffix == ".nbi" for f in where.iterdir())
    code = ("from war_widget.sim.fastsim._kernel import activate\n"
            "play_games = activate().play_games\n"
            "print(type(play_games._cache._impl.locator).__name__, play_games._cache._cache_path)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False,
                          env={**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stderr
    flag, path = done.stdout.split()
    assert flag == "UserProvidedCacheLocator" and path.startswith(str(tmp_path))


def test_the_note_is_for_compiling_not_for_loading_the_cache(tmp_path: Path) -> None:
    """A warm cache loads in about a second and says nothing (so nbval's checked cells print the
    same on a fresh machine once the tests have written the cache); an empty cache would compile."""
    import subprocess
    import sys

    from war_widget.sim.simulation import simulate

    simulate("pagat", 2, seed=1)                       # writes the cache if this run compiled
    probe = ("from war_widget.sim.fastsim import _compile_notice; "
             "print(_compile_notice(in_kernel=True).ready)")
    env_cold = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path)}
    env_warm = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    if "NUMBA_CACHE_DIR" in os.environ:
        env_warm["NUMBA_CACHE_DIR"] = os.environ["NUMBA_CACHE_DIR"]
    warm = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env_warm, check=True)
    cold = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env_cold, check=True)
    assert warm.stdout.strip() == "True"
    assert cold.stdout.strip() == "False"


def test_a_kernel_stuck_in_a_game_is_an_error_naming_the_game_never_a_result() -> None:
    """K_STUCK (a round that ran past any round the rules allow: a kernel bug, as a mutant of the
    drop-out made) must not come back as a game result: simulate_range's rows raise, naming the game."""
    from war_widget.sim.fastsim import Rows
    from war_widget.sim.fastsim._kernel import C_REASON, COLUMNS, K_STUCK
    out = np.zeros((5, COLUMNS), np.int32)
    assert Rows.from_matrix(out, 100).lengths.shape == (5,)
    out[3, C_REASON] = K_STUCK
    with pytest.raises(RuntimeError, match="stuck in game 103"):
        Rows.from_matrix(out, 100)


@pytest.mark.parametrize("preset, method", [("number_lesson", "fast"), ("number_lesson_10", "engine"),
                                            ("multiplication", "engine")])
def test_the_number_lessons_and_times_tables_are_simulated_or_refused_by_name(preset: str, method: str) -> None:
    """The number lesson (52 cards, A = 1) is a rank order the kernels play; the A-10 lesson (deck=40)
    and 九九's A-9 deck are the engine's: the kernels refuse them by name and simulate() plays them with
    the engine, game for game the same as Game."""
    rules = Rules.preset(preset)
    reason = unsupported_reason(rules)
    assert (reason is None) == (method == "fast")
    if reason is not None:
        assert "played by the engine only" in reason
        with pytest.raises(ValueError, match="played by the engine only"):
            encode_rules(rules)
    r = simulate(preset, 4, seed=3, progress=False)
    assert r.method == method
    for i in range(4):
        length, winner = engine_row(rules, 3, i, None)[:2]
        assert (int(r.lengths[i]), int(r.winners[i])) == (length, winner)
