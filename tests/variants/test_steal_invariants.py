"""Invariants of Steal War over many seeds and random decisions: cards conserved after every
beat, counts sane, decisions consistent, and JSON and game-number round trips replaying the
same future."""
from __future__ import annotations

import zlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from war_widget.game.cards import make_deck
from war_widget.game.events import GameOver, Termination
from war_widget.game.rng import SplitMix64
from war_widget.variants.steal import StealWarGame, always_steal, greedy, never_steal, random_policy

DECK = sorted(make_deck(52, 2))


def position_policy(salt: int):
    """A random-looking policy that keeps no state: its choice is a function of the position,
    so a game and its JSON copy make the same decisions."""

    def policy(game, legal):
        key = zlib.crc32(f"{salt}|{game.round_number}|{game.position()}|{game.to_act}".encode())
        return legal[SplitMix64(key).below(len(legal))]

    return policy


def check(game: StealWarGame) -> None:
    held = [c for h in game.hands for c in h] + [c for w in game.piles for c in w]
    on_table = [t.card for t in game.table]
    assert sorted(held + on_table + game.unused) == DECK, "cards not conserved"
    counts = game.counts
    assert all(c >= 0 for c in counts)
    assert sum(counts) + len(on_table) + len(game.unused) == 54
    for p in range(game.players):
        if game.out[p]:
            assert counts[p] == 0, f"player {p + 1} is out but holds cards"
        # timing choice 5: an empty hand takes the pile at once (shown by a queued shuffle)
        if not game.hands[p] and game.piles[p] and not game.is_over:
            raise AssertionError(f"player {p + 1} has an empty hand and a pile of {len(game.piles[p])}")
    legal = game.legal_actions()
    assert (game.to_act is None) == (legal == [])
    if game.to_act is not None:
        assert game.to_act in game.fighters or game.phase == "choose"
    if game.phase in ("start", "open", "look") and game.fighters and len(game.table) == 0:
        assert not game.in_round
    if game.is_over:
        assert legal == []


def play_checked(game: StealWarGame, limit: int = 20000) -> list:
    events = []
    check(game)
    for _ in range(limit):
        event = game.step()
        if event is None:
            break
        events.append(event)
        check(game)
    else:  # pragma: no cover
        raise AssertionError("game did not end within the beat limit")
    return events


@pytest.mark.parametrize("seed", range(150))
def test_two_players_random_decisions(seed):
    policies = (random_policy(seed * 2), random_policy(seed * 2 + 1))
    game = StealWarGame(2, seed, policies)
    events = play_checked(game)
    assert isinstance(events[-1], GameOver) and game.is_over
    outcome = game.outcome
    if outcome.winner is not None:
        assert game.counts[outcome.winner] == 54 and outcome.counts == game.counts
        assert outcome.reason in (Termination.ALL_CARDS, Termination.SHORTAGE)
    else:
        assert outcome.reason is Termination.SHORTAGE and outcome.drawn
    # the history and steals agree with the beats
    assert len(game.history) == game.round_number == events[-1].round
    steals = sum(1 for e in events if e.kind == "steal") + 2 * sum(1 for e in events if e.kind == "swap")
    assert steals == len(game.steal_history)


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(40))
def test_three_and_four_players_random_decisions(players, seed):
    policies = tuple(random_policy(seed * 10 + p) for p in range(players))
    game = StealWarGame(players, seed, policies)
    events = play_checked(game)
    outs = [e.player for e in events if e.kind == "out"]
    assert len(set(outs)) == len(outs)
    if game.outcome.winner is not None:
        assert game.counts[game.outcome.winner] == 54 - len(game.unused)
        assert len(outs) == players - 1 or game.outcome.reason is Termination.SHORTAGE


@pytest.mark.parametrize("seed", range(60))
def test_json_round_trip_plays_the_same_future(seed):
    policy = position_policy(seed)
    players = 2 + seed % 3
    game = StealWarGame(players, seed, (policy,) * players)
    stops = sorted({(seed * 7 + k * 53) % 400 for k in range(3)})
    step = 0
    while not game.is_over or game._queue:
        if step in stops:
            text = game.to_json()
            copy = StealWarGame.from_json(text, (policy,) * players)
            assert copy.to_json() == text
            assert copy.position() == game.position() and copy.to_act == game.to_act
            assert copy.legal_actions() == game.legal_actions()
            ahead_a = [game.step() for _ in range(60)]
            ahead_b = [copy.step() for _ in range(60)]
            assert ahead_a == ahead_b
            assert copy.to_json() == game.to_json()
            step += 60
            continue
        game.step()
        step += 1


def test_a_loaded_game_finishes_the_round_record_with_the_beats_seen_before_saving():
    game = StealWarGame(2, 4, (greedy, greedy))
    first = game.step()
    copy = StealWarGame.from_json(game.to_json(), (greedy, greedy))
    assert game.play_round() == copy.play_round()
    assert copy.history == game.history and first.kind == "flip"


def test_json_round_trip_in_the_middle_of_a_decision():
    game = StealWarGame.from_hands([["9S", "2C"], ["4D", "3D"]], piles=[["4C"], ["9H"]])
    game.step() if game.to_act is None else None
    from war_widget.variants.steal import Steal
    game.apply(Steal(1))  # sealed: P2 still to decide
    copy = StealWarGame.from_json(game.to_json())
    assert copy.to_act == 1 and copy.legal_actions() == game.legal_actions()
    game.apply(Steal(0))
    copy.apply(Steal(0))
    assert game.step() == copy.step()
    assert game.piles == copy.piles


@pytest.mark.parametrize("seed", [0, 1, 99, 2**40 + 3])
def test_game_number_replays_the_same_game(seed):
    a = StealWarGame(2, seed, (greedy, always_steal))
    b = StealWarGame.from_code(a.code, (greedy, always_steal))
    assert play_checked(a) == play_checked(b)
    assert a.history == b.history and a.steal_history == b.steal_history


@pytest.mark.parametrize("text, message", [
    ("nope", "not valid JSON"),
    ("[]", "format"),
    ('{"format": "war_widget.steal_war", "version": 99}', "version 99 is not supported"),
    ('{"format": "war_widget.steal_war", "version": 1}', "version 1"),
    (b"\x00", "not valid JSON"),
    (3, "needs JSON text"),
])
def test_bad_saved_games(text, message):
    with pytest.raises(ValueError, match=message):
        StealWarGame.from_json(text)


def test_a_saved_game_with_a_card_missing_is_refused():
    import json

    from war_widget.variants.steal.game_json import _dumps_v1

    state = json.loads(_dumps_v1(StealWarGame(seed=5)))
    state["hands"][0].pop()
    with pytest.raises(ValueError, match="version 1"):       # a version-1 save: refused whole
        StealWarGame.from_json(json.dumps(state))
    state = json.loads(StealWarGame(seed=5).to_json())
    state["check"]["counts"][0] -= 1
    with pytest.raises(ValueError, match="tampered"):
        StealWarGame.from_json(json.dumps(state))


# --- random small positions (hypothesis) ----------------------------------------------------

@st.composite
def positions(draw):
    """2-4 players, 4-30 cards split at random into hands and piles; players 1 and 2 hold a
    card each so that there is a game."""
    players = draw(st.integers(2, 4))
    order = draw(st.permutations(list(make_deck(52, 2))))
    size = draw(st.integers(4, 30))
    rest = order[2:size]
    cuts = sorted(draw(st.lists(st.integers(0, len(rest)), min_size=2 * players - 1, max_size=2 * players - 1)))
    bounds = [0] + cuts + [len(rest)]
    groups = [[c.code for c in rest[bounds[i]:bounds[i + 1]]] for i in range(2 * players)]
    hands, piles = groups[:players], groups[players:]
    hands[0].insert(0, order[0].code)
    hands[1].insert(0, order[1].code)
    return hands, piles, draw(st.integers(0, 2**32))


@settings(max_examples=150)
@given(positions())
def test_random_positions_conserve_cards_and_end(position):
    hands, piles, seed = position
    game = StealWarGame.from_hands(hands, piles, seed=seed,
                                   policies=tuple(random_policy(seed + p) for p in range(len(hands))))
    total = sorted(c for g in hands + piles for c in g)
    for _ in range(20000):
        held = [c.code for h in game.hands for c in h] + [c.code for w in game.piles for c in w]
        assert sorted(held + [t.card.code for t in game.table]) == total
        for p in range(game.players):
            assert game.hands[p] or not game.piles[p] or game.is_over
        if game.step() is None:
            break
    assert game.is_over
    assert sum(game.counts) == len(total)


@pytest.mark.parametrize("players", [3, 4])
def test_named_policies_with_more_players(players):
    for seed in range(8):
        game = StealWarGame(players, seed, (greedy, always_steal, never_steal, greedy)[:players])
        play_checked(game)
        assert game.is_over


@pytest.mark.parametrize("policies", [(never_steal, never_steal), (always_steal, always_steal), (greedy, greedy)])
def test_named_policies_finish_games(policies):
    for seed in range(20):
        game = StealWarGame(2, seed, policies)
        assert game.play_to_end() is not None
        if policies[0] is never_steal:
            assert game.steal_history == []
