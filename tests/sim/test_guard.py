"""The guard between the compiled kernel (C) and the engine: round by round, from small deals.

Sampling the end of whole games misses a rule branch that only a rare position reaches (a war
among four players when one runs short under ``last_card_up``...).  So, as a move generator is
checked position by position: hypothesis draws the rules from the option lists of
``war_widget.game.rules`` and a small deal (2-4 players, 8-20 cards: wars and shortages in most
rounds), the kernel plays it from that position (``play_from_position``: its general build, the
builds compiled in for the presets on their own rules, a build made here) and the engine plays
``Game.from_hands`` of the same deal and seed, and the whole history must agree: every round's
winner, wars and every player's count after it, and how and when the game ends.  The map from
every ``Rules`` field to its kernel entries (``RULE_COLUMNS``) is checked against
``dataclasses.fields(Rules)``.  Steal War's fast replica gets the same guard at the end.
"""
from __future__ import annotations

import dataclasses
import os
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from war_widget import Game, Rules
from war_widget.game import rules as rules_module
from war_widget.game.cards import Card, make_deck
from war_widget.game.events import Termination
from war_widget.sim.fastsim import (
    KERNEL_TO_REASON,
    REFUSED_FIELDS,
    RULE_COLUMNS,
    _compiled,
    encode_rules,
    kernel_build,
    play_from_position,
    specialised_rule_sets,
    unsupported_reason,
)
from war_widget.sim.fastsim import table as layout
from war_widget.sim.steal import FAST_POLICIES, fast_game_from
from war_widget.variants.steal import POLICIES, StealWarGame

REASONS = tuple(Termination)
ROUNDS = 150               # rounds played from each drawn position (most small games end well before)
# tests/sim/mutants.py sets GUARD_NO_SHRINK: a mutant is caught by the first failure, not its smallest
PHASES = (Phase.explicit, Phase.reuse, Phase.generate) if os.environ.get("GUARD_NO_SHRINK") else tuple(Phase)

# --- the rules, drawn from the option lists of game/rules.py -----------------------------------------
OPTIONS: dict[str, tuple[Any, ...]] = {
    "deck": rules_module.DECKS, "jokers": rules_module.JOKER_COUNTS, "joker_deal": rules_module.JOKER_DEALS,
    "rank_order": rules_module.RANK_ORDERS, "players": rules_module.PLAYER_COUNTS,
    "face_down": rules_module.FACE_DOWNS, "capture": rules_module.CAPTURES, "gather": rules_module.GATHER_ORDERS,
    "shuffle_won_pile": (False, True), "shortage": rules_module.SHORTAGES, "zero": rules_module.ZEROS,
    "war_players": rules_module.WAR_PLAYERS, "teams": (False, True), "round_limit": (None, 3, 12, 40),
    "goal": rules_module.GOALS, "deal": rules_module.DEALS, "tiebreak": rules_module.TIEBREAKS,
    "battle_cards": (1, 2, 3), "battle_value": rules_module.BATTLE_VALUES,
}


def test_every_rules_field_has_its_options_and_its_kernel_entries() -> None:
    fields = {f.name for f in dataclasses.fields(Rules)}
    assert set(OPTIONS) == fields, "a Rules field without options here: add it to OPTIONS"
    assert set(RULE_COLUMNS) == fields, "a Rules field the kernel does not map: add it to fastsim.RULE_COLUMNS"


@pytest.mark.parametrize("field", sorted(REFUSED_FIELDS))
def test_the_kernels_refuse_every_value_of_a_refused_field_but_the_one_they_play(field: str) -> None:
    """The school variants (issue 18) are the engine's alone: the kernels refuse them, so
    simulate() plays them with the engine and never gives a kernel's wrong answer."""
    refused = 0
    for preset in Rules.presets():
        rules = Rules.preset(preset)
        played = getattr(rules, field) == REFUSED_FIELDS[field]
        assert (unsupported_reason(rules) is None) == (played and rules.deck != 40), preset
        if not played:
            refused += 1
            with pytest.raises(ValueError, match="played by the engine only"):
                encode_rules(rules)
    assert refused >= 4


@pytest.mark.parametrize("field", sorted(set(RULE_COLUMNS) - set(REFUSED_FIELDS)))
def test_changing_a_field_changes_its_kernel_entries_and_no_others(field: str) -> None:
    """Every option of every field, from several starting rule sets: the encoded table changes only
    in the field's entries, and some option of the field changes it (the field reaches the kernel)."""
    reached = False
    for base in (Rules(players=4, gather="high_first", round_limit=None, shuffle_won_pile=False), Rules(),
                 Rules.preset("pagat"), Rules(deck=36, jokers=2, rank_order="low_beats_ace")):
        before = encode_rules(base)
        for value in OPTIONS[field]:
            try:
                changed = base.replace(**{field: value})
            except ValueError:
                continue                             # an option this base cannot take (teams with 2 players)
            if unsupported_reason(changed):
                continue                             # the engine plays it (deck=40)
            diff = set(np.flatnonzero(encode_rules(changed) != before).tolist())
            assert diff <= set(RULE_COLUMNS[field]), (field, value, sorted(diff - set(RULE_COLUMNS[field])))
            reached = reached or bool(diff)
    assert reached, f"no option of {field} changes the kernel's rule table"


@st.composite
def rule_sets(draw: st.DrawFn) -> Rules:
    """Any valid rule set the kernels play: each field drawn from its option list (a gather order per
    seat sometimes); invalid combinations are drawn again."""
    for _ in range(50):
        options = {name: draw(st.sampled_from(values)) for name, values in OPTIONS.items()
                   if name not in REFUSED_FIELDS}          # the school variants: the engine's alone
        if draw(st.booleans()):
            options["gather"] = tuple(draw(st.sampled_from(OPTIONS["gather"])) for _ in range(options["players"]))
        try:
            rules = Rules(**options)
        except ValueError:
            continue
        if unsupported_reason(rules) is None:
            return rules
    return Rules()


# the rule sets the extension holds a specialised build for (every preset the kernel plays, ...)
SPECIALISED = list(specialised_rule_sets().values())


@st.composite
def small_deals(draw: st.DrawFn, rules: st.SearchStrategy[Rules] | None = None) -> tuple[Rules, list[list[Any]], int]:
    """Rules (any, or drawn from ``rules``), 8-20 cards of their deck (half the time of a few ranks
    only) dealt into hands of any sizes (two hands at least hold cards), and the seed of the
    shuffles after the deal."""
    rules = draw(rules if rules is not None else rule_sets())
    pool = draw(st.permutations(rules.deck_cards))
    if draw(st.booleans()):                        # cards of 2-5 ranks only: a war in most rounds
        keep = {c.rank for c in pool[:draw(st.integers(2, 5))]}
        pool = [c for c in pool if c.rank in keep] + [c for c in pool if c.rank not in keep]
    cards = pool[:draw(st.integers(8, 20))]
    n = rules.players
    seats = draw(st.lists(st.integers(0, n - 1), min_size=len(cards), max_size=len(cards)))
    hands: list[list[Any]] = [[] for _ in range(n)]
    for card, seat in zip(cards, seats, strict=True):
        hands[seat].append(card)
    if sum(1 for h in hands if h) < 2:             # at least two hands must hold cards
        hands[0], hands[1] = cards[: len(cards) // 2], cards[len(cards) // 2:]
        for h in hands[2:]:
            h.clear()
    return rules, hands, draw(st.integers(0, 2 ** 64 - 1))


Deal = tuple[Rules, list[list[Any]], int]


@st.composite
def two_player_deals(draw: st.DrawFn, presets: bool = False) -> Deal:
    """Two players (the C kernel's own paths: the short path of rounds without a war, and war_two,
    which plays a war while both hands hold a whole battle and hands the rest to the general
    path): 16-40 cards of 2-6 ranks, so wars of several battles, and hands running short in one.
    ``presets``: the rules of a two-player specialised build (its constants, its short path)."""
    if presets:
        rules = draw(st.sampled_from([r for r in SPECIALISED if r.players == 2]))
    for _ in range(0 if presets else 50):
        rules = draw(rule_sets())
        gather = rules.gather if isinstance(rules.gather, str) else rules.gather[:2]
        try:
            rules = rules.replace(players=2, teams=False, gather=gather)
            break
        except ValueError:
            continue
    else:
        rules = rules if presets else Rules()
    pool = draw(st.permutations(rules.deck_cards))
    keep = {c.rank for c in pool[:draw(st.integers(2, 6))]}
    pool = [c for c in pool if c.rank in keep] + [c for c in pool if c.rank not in keep]
    cards = pool[:draw(st.integers(16, 40))]
    cut = draw(st.integers(1, len(cards) - 1))
    return rules, [cards[:cut], cards[cut:]], draw(st.integers(0, 2 ** 64 - 1))


def engine_history(rules: Rules, hands: list[list[Any]],
                   seed: int) -> tuple[list[tuple[int, ...]], tuple[str, int] | None]:
    """Per round (winner or -1, wars, each count), and how the game ended (reason, winner or -1)
    if it ended within ROUNDS rounds."""
    game = Game.from_hands(rules, hands, seed)
    outcome = game.play_to_end(max_rounds=ROUNDS)
    rows = [(-1 if w is None else w, wars, *counts) for w, wars, counts in game.history]
    if outcome is None:
        return rows, None
    return rows, (outcome.reason.name, -1 if outcome.winner is None else outcome.winner)


def assert_same_history(rules: Rules, hands: list[list[Any]], seed: int, fixed: bool = False) -> None:
    expected, end = engine_history(rules, hands, seed)
    got = play_from_position(rules, hands, seed, ROUNDS, fixed)
    n = rules.players
    rows = [(int(h[3]), int(h[2]), *(int(c) for c in h[4:4 + n])) for h in got]
    where = f"{kernel_build(rules, fixed)} build, {rules!r}, hands {[[c.code for c in h] for h in hands]}, seed {seed}"
    stuck = [k for k, h in enumerate(got) if int(h[0]) == layout.K_STUCK]
    assert not stuck, f"{where}: the kernel got stuck in round {stuck[0] + 1 if stuck else 0} (a round without end)"
    if end is not None and end[0] == "CYCLE":   # the engine stops at a repeated position; play_from does not look
        rows = rows[:len(expected)]
        assert all(int(h[0]) < 0 for h in got[:len(expected)]), f"{where}: the kernel ended before the cycle"
    for k, (e, g) in enumerate(zip(expected, rows, strict=False)):
        assert e == g, f"{where}: round {k + 1}: engine (winner, wars, counts) {e}, kernel {g}"
    assert len(rows) == len(expected), f"{where}: engine played {len(expected)} rounds, kernel {len(rows)}"
    if end is not None and end[0] != "CYCLE":
        last = got[-1]
        kernel_end = (REASONS[int(KERNEL_TO_REASON[int(last[0])])].name if last[0] >= 0 else "none", int(last[1]))
        assert kernel_end == end, f"{where}: the game ends {end} in the engine, {kernel_end} in the kernel"
    if end is None:
        assert all(int(h[0]) < 0 for h in got), f"{where}: the kernel ended a game the engine plays on"


@settings(max_examples=300, deadline=None, derandomize=True, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(deal=small_deals())
def test_small_deals_play_round_by_round_as_the_engine(deal: Deal) -> None:
    assert_same_history(*deal)


@settings(max_examples=120, deadline=None, derandomize=True, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(deal=small_deals(st.sampled_from(SPECIALISED)))
def test_the_builds_compiled_in_for_the_presets_play_them_round_by_round(deal: Deal) -> None:
    """As simulate() plays a preset: the extension's build for its rules, fixed as constants (and
    for two players with a shuffled gather, the short path of rounds without a war)."""
    assert kernel_build(deal[0]) != "general", "a preset without its compiled-in build: run tools/kernel_builds.py"
    assert_same_history(*deal, fixed=True)


@settings(max_examples=40, deadline=None, derandomize=True, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(deal=small_deals())
def test_a_kernel_built_here_for_the_rules_in_use_plays_them_round_by_round(deal: Deal) -> None:
    """The opt-in run-time build (WAR_WIDGET_KERNEL=build: this machine's C compiler, the rules in
    use fixed as constants), from the same kernel.c."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("WAR_WIDGET_KERNEL", "build")
        assert kernel_build(deal[0]) in ("built here", *(n for n, _ in _compiled.builds()))
        assert_same_history(*deal, fixed=True)


@pytest.mark.parametrize("presets", [True, False])
@settings(max_examples=30, deadline=None, derandomize=True, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(data=st.data())
def test_two_player_wars_of_many_battles_play_round_by_round_as_the_engine(presets: bool, data: st.DataObject) -> None:
    """Two-player rules drawn freely (the general build) or a two-player preset's (its build)."""
    assert_same_history(*data.draw(two_player_deals(presets)), fixed=presets)


BUILDS = [("compiled", True), ("compiled", False), ("build", True)]   # build: WAR_WIDGET_KERNEL=build


@pytest.mark.parametrize(("mode", "fixed"), BUILDS)
@pytest.mark.parametrize("gather", ["played", ("played", "winner_first"), ("shuffle", "played")])
def test_a_played_order_gather_keeps_the_cards_in_the_order_played(mode: str, fixed: bool, gather: Any,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """gather="played" (for one seat or both): the two cards of a round without a war go under the
    winner's hand as turned up, never shuffled, on the two-player short path of every build."""
    rules = Rules.preset("pagat").replace(gather=gather)
    hands = (["2S", "KH", "4S", "QH", "6S", "JH", "8S", "TH", "3C", "9D"],
             ["AH", "3S", "KS", "5S", "QS", "7S", "JS", "9S", "TC", "4D"])
    monkeypatch.setenv("WAR_WIDGET_KERNEL", mode)
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in hands], 9, fixed)


def test_the_four_player_drop_out_under_last_card_up() -> None:
    """The path of the issue's mutant (``enough = need`` in dropouts_now): four players, a war
    among two who hold one card each while the others still hold cards."""
    rules = Rules.preset("pagat").replace(players=4, shortage="last_card_up", capture="bottom", round_limit=None)
    hands = [["KS", "5C"], ["KH"], ["2D", "3D", "4D"], ["6H", "7H", "8H"]]
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in hands], 3)


@pytest.mark.parametrize("shortage", rules_module.SHORTAGES)
def test_an_aces_war_by_rank_lays_ten_cards_down(shortage: str) -> None:
    """face_down="by_rank": a war of aces lays 10 down, which the small deals above rarely reach
    (a player needs 11 cards after the tie): a deal of 24 cards where it decides the round."""
    rules = Rules.preset("razboi").replace(shortage=shortage)
    ranks = "23456789TJQK"
    hands = [["AS", *(r + "S" for r in ranks[:10])], ["AH", *(r + "H" for r in ranks)]]
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in hands], 5)


@pytest.mark.parametrize("fixed", [True, False], ids=["its build", "general build"])
@pytest.mark.parametrize("hands", [(["KS", "5C"], ["KH"]), (["KS", "5C"], ["KH"], ["2S"])], ids=["2 players", "3"])
def test_when_every_fighter_is_short_the_one_with_most_cards_fights_on(fixed: bool, hands: tuple[list[str], ...]
                                                                       ) -> None:
    """shortage="lose" with every fighter short of a war's cards (and nobody outside the war holding
    any): the fighters with the most cards fight on and the others forfeit (the small deals reach
    this rarely: mutant 9 of mutants.py, every fighter forfeiting, slipped past them)."""
    rules = Rules.preset("pagat").replace(players=len(hands))
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in hands], 7, fixed)


def test_both_players_reusing_under_aside_are_decided_by_counts() -> None:
    """kids_aside: a tie on both players' last cards, nobody can turn up another (zero="reuse"):
    the cards set aside decide, as in the engine (two players who keep their cards tie instead)."""
    rules = Rules.preset("kids_aside")
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in (["KS", "5H"], ["2S", "5C"])], 1)


def test_a_team_whose_two_players_are_out_loses_at_once() -> None:
    """teams: seats 1 and 3 lose their last cards in one round while seats 2 and 4 still hold
    cards: the game ends there (the small deals rarely put both of a team's last cards in one round)."""
    rules = Rules.preset("pagat").replace(players=4, teams=True)
    hands = (["2S"], ["KS"], ["3S"], ["QS", "5H"])
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in hands], 2)


def test_a_won_pile_is_taken_up_when_the_hand_holds_just_the_cards_laid_down() -> None:
    """capture="won_pile": in a war, a hand of exactly the cards to lay face down takes up the won
    pile first (there would be no card left to turn up); the small deals rarely meet a war then."""
    rules = Rules.preset("classic").replace(round_limit=None)
    hands = (["KS", "5S", "7S"], ["2S", "5H", "8H", "9H"])
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in hands], 4)


def test_the_lowest_card_beats_an_ace_on_the_two_player_short_path() -> None:
    """rank_order="low_beats_ace" (pjanitsa, the 6 is lowest): a 6 against an ace wins, a 7 does
    not, in rounds that take the two-player short path."""
    rules = Rules.preset("pjanitsa")
    hands = (["AS", "7C", "AD", "9C"], ["6H", "AH", "7D", "9D"])
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in hands], 6)


def test_a_player_outside_the_war_holding_only_a_won_pile_fights_on() -> None:
    """Three players, capture="won_pile": two tie on their last cards, the third turned up their
    last card in hand but holds a won pile, so the tied two drop out and the third takes the round."""
    rules = Rules.preset("classic").replace(players=3, round_limit=None)
    hands = (["5S", "9S"], ["5H", "9H"], ["KS", "8C"])
    assert_same_history(rules, [[Card.parse(c) for c in h] for h in hands], 8)


def test_the_compiled_kernel_is_here_and_its_layout_is_the_python_one() -> None:
    assert _compiled is not None, "no compiled kernel to guard: the extension was not built (pip install -e .)"
    k = layout
    want = [k.CAP, k.HAND, k.WON, k.HHEAD, k.HLEN, k.WHEAD, k.WLEN, k.OUT, k.LAST_WINNER, k.STATE_SIZE, k.R_GATHER,
            k.STRENGTH, k.RANK, k.RED, k.DECK, k.TABLE_SIZE, k.COLUMNS, k.K_REUSE_TIE, k.G_LOSER_FIRST,
            k.SHORT_FEWEST, k.GOAL_LOSER_FIRST_OUT, k.CAPTURE_ASIDE, k.BY_RANK, k.K_STUCK]
    for build in range(len(_compiled.builds())):
        assert list(_compiled.layout(build)) == want, _compiled.builds()[build]


# --- Steal War's fast replica (sim/steal.py) against its engine ---------------------------------------
STEAL_DECK = make_deck(52, 2)


@st.composite
def steal_positions(draw: st.DrawFn) -> tuple[list[list[int]], list[list[int]], int, str, str]:
    """8-20 of the 54 cards (half the time of 2-5 ranks only: ties, wars and steal windows in most
    rounds, a war's cards on the table when a steal is weighed) as two hands and two capture piles
    (each player holds a card), a seed, and the two built-in policies the replica plays."""
    pool = draw(st.permutations(range(54)))
    if draw(st.booleans()):
        keep = {STEAL_DECK[i].rank for i in pool[:draw(st.integers(2, 5))]}
        pool = [i for i in pool if STEAL_DECK[i].rank in keep] + [i for i in pool if STEAL_DECK[i].rank not in keep]
    cards = pool[:draw(st.integers(8, 20))]
    places = draw(st.lists(st.integers(0, 3), min_size=len(cards), max_size=len(cards)))
    groups: list[list[int]] = [[], [], [], []]            # hand 1, hand 2, pile 1, pile 2
    for card, place in zip(cards, places, strict=True):
        groups[place].append(card)
    for p in (0, 1):
        if not groups[p] and not groups[p + 2]:
            donor = max(range(4), key=lambda g: len(groups[g]))
            groups[p].append(groups[donor].pop())
    policies = st.sampled_from(sorted(FAST_POLICIES))
    return groups[:2], groups[2:], draw(st.integers(0, 2 ** 64 - 1)), draw(policies), draw(policies)


@settings(max_examples=300, deadline=None, derandomize=True, phases=PHASES,
          suppress_health_check=[HealthCheck.too_slow])
@given(position=steal_positions())
def test_steal_wars_fast_replica_plays_small_positions_round_by_round_as_its_engine(
        position: tuple[list[list[int]], list[list[int]], int, str, str]) -> None:
    assert_steal_same(*position)


def test_steal_wars_greedy_replica_weighs_the_whole_table_as_its_engine() -> None:
    """greedy steals when the victim's pile is worth the stake (the cards on the table and the two
    turned up): a war's cards on the table when a steal window opens, where a stake one card short
    would steal and the engine does not."""
    assert_steal_same([[22, 47, 46], [10, 39, 38, 45, 20]], [[37, 9, 36], [8, 23, 11]], 12569148712782769581,
                      "greedy", "greedy")


def assert_steal_same(hands: list[list[int]], piles: list[list[int]], seed: int, a: str, b: str) -> None:
    """The replica and the engine play the position alike, round by round (winner, counts) and to the end."""
    game = StealWarGame.from_hands([[STEAL_DECK[i] for i in h] for h in hands],
                                   [[STEAL_DECK[i] for i in w] for w in piles], seed, (POLICIES[a], POLICIES[b]))
    expected = []
    while game.outcome is None and game.round_number < ROUNDS:
        record = game.play_round()
        assert record is not None
        expected.append((-1 if record.winner is None else record.winner, tuple(record.counts)))
    result, history = fast_game_from(hands, piles, seed, a, b, max_rounds=ROUNDS)
    where = f"hands {hands}, piles {piles}, seed {seed}, policies {a}/{b}"
    for k, (e, g) in enumerate(zip(expected, history, strict=False)):
        assert e == g, f"{where}: round {k + 1}: engine (winner, counts) {e}, replica {g}"
    assert len(history) == len(expected), f"{where}: engine played {len(expected)} rounds, replica {len(history)}"
    if game.outcome is not None:
        engine = (-1 if game.outcome.winner is None else game.outcome.winner, game.round_number,
                  len(game.steal_history), False, game.counts)
        assert result == engine, f"{where}: the game ends {engine} in the engine, {result} in the replica"
    else:
        assert result[3], f"{where}: the replica ended a game the engine plays on"


@pytest.mark.parametrize("preset", ["addition", "place_value"])
def test_simulate_plays_the_school_variants_with_the_engine(preset: str) -> None:
    """simulate() with a school preset: the engine plays, game for game as Game(rules, game_seed);
    asking for the compiled simulator is a clear ValueError."""
    from war_widget import simulate
    from war_widget.sim.simulation import game_seed
    result = simulate(preset, 12, seed=3, progress=False)
    assert result.method == "engine"
    for i in range(12):
        game = Game(preset, game_seed(3, i))
        outcome = game.play_to_end()
        assert outcome is not None
        assert int(result.lengths[i]) == game.round_number
        assert int(result.winners[i]) == (-1 if outcome.winner is None else outcome.winner)
        assert int(result.wars[i]) == sum(1 for _, wars, _ in game.history if wars)
    with pytest.raises(ValueError, match="method='fast' cannot play these rules: the school variants"):
        simulate(preset, 5, method="fast")
