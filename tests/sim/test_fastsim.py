"""The compiled simulator (war_widget.sim.fastsim) against the engine, game by game.

Game ``i`` of ``simulate(rules, n, seed)`` must be ``Game(rules, game_seed(seed, i))`` played to
the end: the same length, winner, reason, rounds with a war and with two or more, and for a game
that repeats, the same cycle start and period.  Checked live (the engine is the reference) on
every preset (by its build compiled into the extension, and by the general build), on rule sets
drawn by hypothesis from every option (2-4 players, teams, goals,
captures, gathers, shortages, jokers, rank orders, decks, tie-breaks), on games that cycle, and
with a cap that cuts cycles short; and a distribution check against 20,000 stored engine games.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scipy import stats

from war_widget import Game, Rules
from war_widget.game.events import Termination
from war_widget.game.rules import GATHER_ORDERS, NUMBER_DECKS, SCHOOL_PRESETS, SHORTAGES
from war_widget.sim.fastsim import (
    _compiled,
    encode_rules,
    kernel_build,
    simulate_range,
    specialised_rule_sets,
    supports,
    unsupported_reason,
)
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


def fast_rows(rules: Rules, seed: int, count: int, max_rounds: int | None, fixed: bool = True) -> list[Row]:
    r = simulate_range(rules, seed, 0, count, max_rounds, fixed=fixed)
    return [(int(r.lengths[i]), int(r.winners[i]), REASONS[int(r.reasons[i])].name, int(r.wars[i]),
             int(r.double_wars[i]), int(r.cycle_starts[i]), int(r.cycle_periods[i])) for i in range(count)]


def assert_like_engine(rules: Rules, seed: int, count: int, max_rounds: int | None = 100_000,
                       fixed: bool = True) -> list[Row]:
    """Play ``count`` games both ways (``fixed=False``: by the general build); fail naming the
    first games and fields that differ."""
    fast = fast_rows(rules, seed, count, max_rounds, fixed)
    engine = [engine_row(rules, seed, i, max_rounds) for i in range(count)]
    bad = [(i, e, f) for i, (e, f) in enumerate(zip(engine, fast, strict=True)) if e != f]
    if bad:
        i, e, f = bad[0]
        fields = [name for name, a, b in zip(FIELDS, e, f, strict=True) if a != b]
        pytest.fail(f"{rules!r} ({kernel_build(rules, fixed)} build): {len(bad)} of {count} games differ; "
                    f"game {i} (seed {seed}): {fields}: "
                    f"engine {e}, compiled {f}")
    return engine


# --- every preset ---------------------------------------------------------------------------------
# the school variants and the number-card decks (deck=40, "A9": number_lesson_10) are the engine's (test_guard)
KERNEL_PRESETS = [p for p in Rules.presets() if p not in SCHOOL_PRESETS and Rules.preset(p).deck not in NUMBER_DECKS]


@pytest.mark.parametrize("fixed", [True, False], ids=["its build", "general build"])
@pytest.mark.parametrize("preset", KERNEL_PRESETS)
def test_every_preset_plays_as_the_engine(preset: str, fixed: bool) -> None:
    """Each preset by the build compiled in for its rules (as simulate() plays it) and by the
    general build, game by game as the engine."""
    assert supports(preset)
    build = kernel_build(preset, fixed)                  # presets of the same kernel rules share a build
    assert (preset in build.split(" + ")) if fixed else build == "general", (build, "run tools/kernel_builds.py")
    assert_like_engine(Rules.preset(preset), 23, 25, fixed=fixed)


@pytest.mark.parametrize("name", ["pagat, 3 players", "pagat, 4 players"])
def test_the_other_compiled_in_rule_sets_play_as_the_engine(name: str) -> None:
    rules = specialised_rule_sets()[name]
    assert kernel_build(rules) == name
    assert_like_engine(rules, 29, 25)


def test_the_extension_holds_a_build_for_every_preset_as_the_build_files_say() -> None:
    """The committed build files are the presets' (tools/kernel_builds.py --check), and the
    extension was compiled from them: one build per distinct preset rule set, and the general one."""
    import subprocess
    import sys
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(root / "tools" / "kernel_builds.py"), "--check"], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, "stale kernel builds: run python tools/kernel_builds.py, then pip install -e .\n" + (
        done.stdout)
    header = (root / "war_widget" / "sim" / "fastsim" / "builds" / "builds.h").read_text()
    assert _compiled is not None
    names = [name for name, _ in _compiled.builds()]
    assert names[0] == "general" and all(f'"{n}"' in header for n in names), "rebuild the extension: pip install -e ."
    for name, rules in specialised_rule_sets().items():
        assert name in kernel_build(rules).split(" + "), name


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


def test_chunking_and_threads_do_not_change_games() -> None:
    whole = simulate_range("pagat", 8, 0, 600)
    parts = [simulate_range("pagat", 8, lo, lo + 150) for lo in range(0, 600, 150)]
    threaded = simulate_range("pagat", 8, 0, 600, threads=2)
    for name in whole.__dataclass_fields__:
        assert np.array_equal(getattr(whole, name), np.concatenate([getattr(p, name) for p in parts]))
        assert np.array_equal(getattr(whole, name), getattr(threaded, name))


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


def test_the_docstring_examples_run() -> None:
    import doctest

    import war_widget.sim.fastsim
    import war_widget.sim.simulation
    for module in (war_widget.sim.fastsim, war_widget.sim.simulation):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


def test_a_kernel_stuck_in_a_game_is_an_error_naming_the_game_never_a_result() -> None:
    """K_STUCK (a round that ran past any round the rules allow: a kernel bug, as a mutant of the
    drop-out made) must not come back as a game result: simulate_range's rows raise, naming the game."""
    from war_widget.sim.fastsim import Rows
    from war_widget.sim.fastsim.table import C_REASON, COLUMNS, K_STUCK
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
