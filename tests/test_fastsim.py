"""The batch simulator (war_widget.fastsim) against the engine.

Three kinds of evidence:

* exact, deal by deal: on rules with no randomness after the deal, the engine's own deals fed
  to the batch simulator give the same length, winner, reason and war count, for thousands of
  deals; and since the batch simulator draws the engine's random numbers, the same holds game
  by game with shuffling too (same simulation seed);
* statistical, with independent seeds (two-sample Kolmogorov-Smirnov on 20,000 games per side,
  win shares and natural-end fractions within 3 standard errors), so the check does not lean
  on the shared random stream;
* the vectorised SplitMix64 against the scalar one, including the (astronomically rare)
  rejection in ``below``, forced here by constructing the state that produces it.

The engine is slow (pagat: about 20 ms a game here), so the 20,000 engine games of the
distribution test are committed under tests/data (checked against the live engine on a sample),
and the other engine results are cached in pytest's cache directory, keyed by the engine's source.
"""
from __future__ import annotations

import ast
import hashlib
import math
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from war_widget import Game, Rules
from war_widget.events import Termination
from war_widget.fastsim import play_deals, simulate_range, supports
from war_widget.fastsim._rng import GOLDEN, U64, mix, seeds_of_games, shuffle_rows
from war_widget.rng import MASK64, SplitMix64
from war_widget.simulation import NATURAL_ENDS, REASONS, game_seed, simulate

PACKAGE = Path(__file__).resolve().parent.parent / "war_widget"
ENGINE_SOURCES = ("engine.py", "rules.py", "policies.py", "cards.py", "rng.py", "events.py")


def _engine_version() -> str:
    """A fingerprint of the engine's code, blind to comments and docstrings (so editing those
    does not throw the cached engine games away)."""
    digest = hashlib.sha256()
    for name in ENGINE_SOURCES:
        tree = ast.parse((PACKAGE / name).read_text())
        for node in ast.walk(tree):
            body = getattr(node, "body", None)
            if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                    and isinstance(getattr(body[0], "value", None), ast.Constant) \
                    and isinstance(body[0].value.value, str):
                node.body = body[1:] or [ast.Pass()]
        digest.update(ast.dump(tree).encode())
    return digest.hexdigest()[:16]


def _engine_game(rules: Rules, seed: int, max_rounds: int | None) -> tuple[int, int, str, int, list]:
    game = Game(rules, seed)
    game.play_to_end(max_rounds=max_rounds)
    if not game.is_over:
        game.end_now()
    o = game.outcome
    dealt = [[c.code for c in hand] for hand in game.dealt]
    return (game.round_number, -1 if o.winner is None else o.winner, o.reason.name,
            sum(1 for _, w, _ in game.history if w), dealt)


@pytest.fixture(scope="session")
def engine_games(request):
    """``engine_games(rules, seed, count, max_rounds)``: the engine's results for games
    ``game_seed(seed, i)``, ``i < count`` (cached across runs, keyed by the engine source)."""
    cache = request.config.cache
    version = _engine_version()

    def play(rules: Rules, seed: int, count: int, max_rounds: int | None = 100_000) -> list:
        key = hashlib.sha256(repr((version, sorted(rules.to_dict().items()), seed, count, max_rounds)).encode())
        path = f"war_widget/engine_games/{key.hexdigest()[:24]}"
        found = cache.get(path, None)
        if found is None:
            found = [_engine_game(rules, game_seed(seed, i), max_rounds) for i in range(count)]
            cache.set(path, found)
        return found

    return play


def _fast_rows(result) -> list[tuple[int, int, str, int]]:
    lengths, winners, reasons, wars = result
    return [(int(a), int(b), REASONS[int(c)].name, int(d)) for a, b, c, d in zip(lengths, winners, reasons, wars)]


def _assert_same(engine: list, fast: list, label: str) -> None:
    bad = [(i, tuple(e[:4]), f) for i, (e, f) in enumerate(zip(engine, fast)) if tuple(e[:4]) != f]
    assert not bad, f"{label}: {len(bad)} of {len(engine)} games differ, e.g. (game, engine, fast) {bad[:3]}"


# --- deal by deal, no randomness after the deal ---------------------------------------------------
DETERMINISTIC = [
    # (label, rules, deals, max_rounds)
    ("bicycle", Rules.preset("bicycle"), 250, 2000),
    ("three_down high_first", Rules.preset("three_down").replace(gather="high_first"), 200, 1000),
    ("razboi low_first", Rules.preset("razboi").replace(gather="low_first"), 200, 1000),
    ("kids played", Rules.preset("kids").replace(gather="played"), 200, 1000),
    ("pjanitsa played", Rules.preset("pjanitsa").replace(gather="played"), 200, 1000),
    ("pagat_last_card winner_first", Rules.preset("pagat_last_card").replace(gather="winner_first"), 200, 1000),
    ("kids strong v played", Rules.preset("kids").replace(gather=("strong", "played")), 200, 1000),
    ("tod_und_leben", Rules.preset("tod_und_leben"), 2000, None),
    ("tod_und_leben by colour", Rules.preset("tod_und_leben").replace(deal="by_color"), 300, None),
    ("kids_aside", Rules.preset("kids_aside"), 1000, None),
    ("classic unshuffled, played", Rules.preset("classic").replace(shuffle_won_pile=False, gather="played"), 1000,
     None),
    ("won pile unshuffled, no limit", Rules.preset("classic").replace(shuffle_won_pile=False, gather="played",
                                                                      round_limit=None), 200, 1000),
    ("pagat low_first, 3-card wars", Rules.preset("pagat").replace(gather="low_first", face_down=3), 200, 1000),
]


@pytest.mark.parametrize("label, rules, count, max_rounds", DETERMINISTIC, ids=[d[0] for d in DETERMINISTIC])
def test_same_deal_same_game_without_randomness(engine_games, label, rules, count, max_rounds):
    assert not rules.has_randomness_after_deal
    engine = engine_games(rules, 11, count, max_rounds)
    fast = _fast_rows(play_deals(rules, [e[4] for e in engine], max_rounds=max_rounds))
    _assert_same(engine, fast, label)
    reasons = {e[2] for e in engine}
    if label in ("bicycle", "won pile unshuffled, no limit"):
        assert "CYCLE" in reasons, f"{label}: the sample should include games that cycle"


def test_deterministic_samples_cover_every_way_to_end(engine_games):
    """The deal-by-deal checks above are only as good as what the games exercise."""
    seen = set()
    for label, rules, count, max_rounds in DETERMINISTIC:
        seen |= {e[2] for e in engine_games(rules, 11, count, max_rounds)}
    assert {"ALL_CARDS", "SHORTAGE", "CYCLE", "TIME", "HANDS_EMPTY", "ROUND_LIMIT", "REUSE_TIE"} <= seen, seen


def test_a_cycle_past_max_rounds_is_a_time_end_as_in_the_engine(engine_games):
    """With a small cap, cycles whose first repeat comes after it end by time (the batch
    simulator finds cycles later than the engine and must settle that case)."""
    rules = Rules.preset("bicycle")
    engine = engine_games(rules, 5, 200, 400)
    fast = _fast_rows(play_deals(rules, [e[4] for e in engine], max_rounds=400))
    _assert_same(engine, fast, "bicycle, max_rounds=400")
    assert {"TIME", "CYCLE"} <= {e[2] for e in engine}


# --- game by game with shuffling (the same random stream) ----------------------------------------
SHUFFLED = [
    ("classic", Rules.preset("classic"), 300),
    ("classic_long", Rules.preset("classic_long"), 300),
    ("kids", Rules.preset("kids"), 150),
    ("pagat", Rules.preset("pagat"), 200),
    ("pagat_last_card", Rules.preset("pagat_last_card"), 150),
    ("three_down", Rules.preset("three_down"), 150),
    ("razboi", Rules.preset("razboi"), 200),
    ("pjanitsa", Rules.preset("pjanitsa"), 150),
    ("jokers, random", Rules.preset("pagat").replace(jokers=2), 150),
    ("jokers, split", Rules.preset("pagat").replace(jokers=2, joker_deal="split"), 150),
    ("ace low, 2 down", Rules.preset("three_down").replace(rank_order="ace_low", face_down=2), 150),
    ("two high, won pile, no limit", Rules.preset("classic").replace(rank_order="two_high", round_limit=None), 150),
    ("strong v shuffle", Rules.preset("pagat").replace(gather=("strong", "shuffle")), 150),
    ("played v shuffle", Rules.preset("kids").replace(gather=("played", "shuffle")), 150),
    ("drunkard, loser holds all", Rules.preset("pjanitsa").replace(goal="loser_all"), 150),
    ("drunkard, first out loses", Rules.preset("pjanitsa").replace(goal="loser_first_out"), 150),
    ("36 cards, 1 down, lose", Rules.preset("pagat").replace(deck=36), 150),
    ("split shortage, bottom", Rules.preset("pagat").replace(shortage="split"), 150),
]


@pytest.mark.parametrize("label, rules, count", SHUFFLED, ids=[s[0] for s in SHUFFLED])
def test_same_seed_same_game_with_shuffling(engine_games, label, rules, count):
    assert rules.has_randomness_after_deal or rules.jokers
    engine = engine_games(rules, 23, count)
    fast = _fast_rows(simulate_range(rules, 23, 0, count))
    _assert_same(engine, fast, label)


def test_a_small_max_rounds_ends_games_by_time_as_in_the_engine(engine_games):
    rules = Rules.preset("kids")
    engine = engine_games(rules, 3, 200, 300)
    _assert_same(engine, _fast_rows(simulate_range(rules, 3, 0, 200, 300)), "kids, max_rounds=300")
    assert {"TIME", "ALL_CARDS"} <= {e[2] for e in engine}


def test_chunking_does_not_change_games():
    whole = simulate_range("pagat", 8, 0, 600)
    parts = [simulate_range("pagat", 8, lo, lo + 150) for lo in range(0, 600, 150)]
    for k in range(4):
        assert np.array_equal(whole[k], np.concatenate([p[k] for p in parts]))


def test_the_same_deals_with_both_seatings_are_mirror_images():
    """Swapping the two hands swaps the winner and nothing else (no randomness after the deal,
    and "winner_first" does not look at seats).  A check that needs no engine."""
    rules = Rules.preset("bicycle").replace(gather="winner_first")
    deals = [Game(rules, game_seed(2, i)).dealt for i in range(300)]
    lengths, winners, reasons, wars = play_deals(rules, deals)
    l2, w2, r2, v2 = play_deals(rules, [(b, a) for a, b in deals])
    assert np.array_equal(lengths, l2) and np.array_equal(reasons, r2) and np.array_equal(wars, v2)
    assert np.array_equal(np.where(winners < 0, -1, 1 - winners), w2)


# --- statistics with independent seeds --------------------------------------------------------------
REFERENCE = Path(__file__).resolve().parent / "data"


@pytest.mark.parametrize("preset", ["classic_long", "pagat"])
def test_length_distribution_and_shares_match_the_engine(preset):
    """20,000 engine games against 20,000 batch games with other seeds: KS p > 0.01, win shares
    and natural-end fractions within 3 standard errors of the difference.

    The engine side is read from tests/data (made by tools/make_engine_reference.py, since the
    engine needs minutes for 20,000 games); 150 of its games, spread over the file, are replayed
    through the live engine here, so a file that no longer matches the engine fails."""
    n, seed = 20_000, 2024
    stored = np.load(REFERENCE / f"engine_{preset}_{n}_seed{seed}.npz")
    assert len(stored["lengths"]) == n
    for i in np.linspace(0, n - 1, 150).astype(int):
        game = Game(preset, game_seed(seed, int(i)))
        game.play_to_end(max_rounds=100_000)
        o = game.outcome
        assert (game.round_number, -1 if o.winner is None else o.winner, REASONS.index(o.reason)) == \
            (stored["lengths"][i], stored["winners"][i], stored["reasons"][i]), (preset, i)
    engine_lengths = stored["lengths"]
    fast = simulate(preset, n, seed=777, method="fast", progress=False)
    assert fast.method == "fast"
    assert stats.ks_2samp(engine_lengths, fast.lengths).pvalue > 0.01
    natural = [REASONS.index(t) for t in NATURAL_ENDS]
    pairs = [(stored["winners"] == 0, fast.winners == 0),
             (stored["winners"] == 1, fast.winners == 1),
             (np.isin(stored["reasons"], natural), np.isin(fast.reasons, natural))]
    for a, b in pairs:
        pa, pb = a.mean(), b.mean()
        se = math.sqrt(pa * (1 - pa) / len(a) + pb * (1 - pb) / len(b))
        assert abs(pa - pb) <= 3 * se, (preset, pa, pb, se)


# --- the vectorised generator ----------------------------------------------------------------------
def test_game_seeds_match_the_scalar_definition():
    assert [int(s) for s in seeds_of_games(987654321, 40, 60)] == [game_seed(987654321, i) for i in range(40, 60)]
    huge = 2 ** 70 + 3
    assert int(seeds_of_games(huge, 5, 6)[0]) == game_seed(huge, 5)


def test_shuffle_rows_is_splitmix_shuffle_row_by_row():
    rng = np.random.default_rng(4)
    lengths = rng.integers(0, 61, size=400)
    states = np.array([game_seed(9, i) for i in range(400)], dtype=U64)
    items = np.tile(np.arange(64, dtype=np.uint8), (400, 1))
    after = states.copy()
    shuffle_rows(items, lengths, after)
    for r in range(400):
        gen = SplitMix64(int(states[r]))
        expected = list(range(lengths[r]))
        gen.shuffle(expected)
        assert items[r, :lengths[r]].tolist() == expected
        assert items[r, lengths[r]:].tolist() == list(range(lengths[r], 64))
        assert int(after[r]) == gen.state


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


def test_a_rejected_draw_is_redrawn_exactly_as_the_scalar_generator_does():
    state = _state_giving(MASK64)             # below(3) rejects 2**64 - 1, the largest output
    assert SplitMix64.from_state(state).next64() == MASK64
    scalar = SplitMix64.from_state(state)
    expected = list(range(3))
    scalar.shuffle(expected)
    assert scalar.state == (state + 3 * 0x9E3779B97F4A7C15) & MASK64   # 2 draws for i=2 (one rejected), 1 for i=1
    items = np.tile(np.arange(8, dtype=np.uint8), (3, 1))
    states = np.array([state, game_seed(1, 1), state], dtype=U64)
    shuffle_rows(items, np.array([3, 5, 3]), states)
    assert items[0, :3].tolist() == expected == items[2, :3].tolist()
    assert int(states[0]) == scalar.state


def test_a_rejected_draw_inside_a_game_matches_the_engine():
    """A war whose gathering shuffle meets a rejected draw, on the batch simulator's fast war
    path and in the engine: the same game."""
    rules = Rules.preset("pagat")
    hands = [["9S", "2H", "KD", "5C", "7H"], ["9H", "3D", "QS", "4H", "8C"]]   # a war at once
    state = _state_giving(MASK64)            # the first gathering draw (below(6)) is rejected
    game = Game.from_hands(rules, hands, seed=state)
    game.play_to_end()
    lengths, winners, reasons, wars = play_deals(rules, [hands], states=[state])
    assert (int(lengths[0]), int(winners[0]), REASONS[int(reasons[0])]) == (
        game.round_number, game.outcome.winner, game.outcome.reason)
    assert int(wars[0]) == sum(1 for _, w, _ in game.history if w)


def test_mix_is_the_scalar_output_function():
    states = np.array([0, 1, 2 ** 63, MASK64, 12345678901234567], dtype=U64)
    out = mix(states + GOLDEN)
    for s, o in zip(states.tolist(), out.tolist()):
        assert SplitMix64.from_state(s).next64() == o


# --- what it plays --------------------------------------------------------------------------------
def test_supports_two_players_with_named_orders_only():
    for name in Rules.presets():
        assert supports(name)
    assert not supports(Rules.preset("classic").replace(players=3))
    assert not supports(Rules.preset("kids").replace(gather=lambda cards, p: cards))
    assert not supports(Rules.preset("kids").replace(gather=("shuffle", lambda cards, p: cards)))


def test_play_deals_rejects_bad_deals():
    with pytest.raises(ValueError, match="two hands"):
        play_deals("kids", [[["AS"]]])
    with pytest.raises(ValueError):
        play_deals("kids", [[["AS", "XX"], ["KD"]]])


def test_reason_codes_are_the_termination_order():
    assert REASONS == tuple(Termination)


def test_games_still_undecided_long_after_max_rounds_are_left_to_the_engine(engine_games, monkeypatch):
    """Past a large max_rounds the batch simulator looks for a cycle for SETTLE_EXTRA more rounds,
    then asks the engine.  Shrink both so that this path runs, and compare with the engine."""
    from war_widget.fastsim import _batch
    monkeypatch.setattr(_batch, "SETTLE_EXTRA", 30)
    rules = Rules.preset("bicycle")
    engine = engine_games(rules, 6, 150, 100)
    _assert_same(engine, _fast_rows(play_deals(rules, [e[4] for e in engine], max_rounds=100)), "bicycle, 100")
    _assert_same(engine, _fast_rows(simulate_range(rules, 6, 0, 150, 100)), "bicycle, 100, by seed")


def _random_rules(count: int, seed: int) -> list[Rules]:
    """Valid two-player rule sets drawn at random from every option (a fixed list, so the
    engine's results can be cached)."""
    import random
    rnd = random.Random(seed)
    options = dict(deck=[52, 36, 32], jokers=[0, 2], rank_order=["ace_high", "ace_low", "two_high", "low_beats_ace"],
                   face_down=[0, 1, 2, 3, "by_rank"], capture=["bottom", "won_pile", "aside"],
                   gather=["shuffle", "played", "winner_first", "high_first", "low_first", "strong"],
                   shuffle_won_pile=[True, False], shortage=["last_card_up", "lose", "split"], zero=["lose", "reuse"],
                   war_players=["tied", "all"], round_limit=[None, 40, 240],
                   goal=["collect", "loser_all", "loser_first_out"], deal=["alternate", "by_color"],
                   joker_deal=["random", "split"])
    found: list[Rules] = []
    while len(found) < count:
        choice = {k: rnd.choice(v) for k, v in options.items()}
        if rnd.random() < 0.3:
            choice["gather"] = (rnd.choice(options["gather"]), rnd.choice(options["gather"]))
        try:
            found.append(Rules(**choice))
        except ValueError:
            continue
    return found


@pytest.mark.parametrize("index", range(30))
def test_random_rule_sets_play_as_in_the_engine(engine_games, index):
    rules = _random_rules(30, 2026)[index]
    engine = engine_games(rules, 40 + index, 12, 800)
    _assert_same(engine, _fast_rows(simulate_range(rules, 40 + index, 0, 12, 800)), repr(rules))
