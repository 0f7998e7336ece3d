"""Issue 19: a beat is all or nothing.  A ``KeyboardInterrupt`` (the stop button) raised at any
line a flip, a step, ``end_now`` or a fast-forward (``play_to_end``) runs leaves the game at the
last complete beat, every card present, and playing on gives the same future as a game that was
never interrupted.  ``sys.settrace`` raises the interrupt at the n-th line event, for every n."""
from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest

from war_widget import Game, Rules
from war_widget.game.engine_json_v1 import v1_state
from war_widget.game.events import Event


def interrupt_at(n: int, action: Callable[[], Any]) -> bool:
    """Run ``action`` and raise KeyboardInterrupt at its n-th line event; True if it was raised
    (False: the action has fewer lines than n, and ran to its end)."""
    seen = 0

    def tracer(frame: Any, event: str, arg: Any) -> Any:
        nonlocal seen
        if event == "line":
            seen += 1
            if seen == n:
                sys.settrace(None)        # what runs after the interrupt is not traced
                raise KeyboardInterrupt
        return tracer

    sys.settrace(tracer)
    try:
        action()
    except KeyboardInterrupt:
        return True
    finally:
        sys.settrace(None)
    return False


def all_events(game: Game) -> list[Event]:
    """Every event of the rest of the game."""
    seen: list[Event] = []
    unsubscribe = game.subscribe(seen.append)
    game.play_to_end()
    unsubscribe()
    return seen


class Reference:
    """The game never interrupted: its events and, by beat count, its whole position (every
    field of the engine, the generator's state included: the same position plays the same
    future)."""

    def __init__(self, make: Callable[[], Game]) -> None:
        self.make = make
        self.events = all_events(make())
        self._game = make()
        self._positions = [json.dumps(v1_state(self._game))]

    def position(self, beats: int) -> str:
        while len(self._positions) <= beats:
            assert self._game.step() is not None
            self._positions.append(json.dumps(v1_state(self._game)))
        return self._positions[beats]

    def assert_sound(self, game: Game, before: int, play_on: bool) -> None:
        """The game stands at a committed beat (the one before the action, or later), holds every
        card, is the reference's position at that beat, and (``play_on``) plays its future."""
        dealt = Counter([c for h in game.dealt for c in h] + list(game.unused))
        held = Counter([c for h in game.hands for c in h] + [c for w in game.won for c in w]
                       + [t.card for t in game.table] + list(game.unused))
        assert held == dealt, "cards lost or doubled"
        done = game.beats
        assert done >= before
        assert (game.phase == "over") == (game.outcome is not None)
        assert len(game.history) == game.round_number
        assert json.dumps(v1_state(game)) == self.position(done), "not the position of a committed beat"
        if play_on:
            assert all_events(game) == self.events[done:], "the future changed"


def interrupt_everywhere(make: Callable[[], Game], before: int, action: Callable[[Game], Any],
                         first_beat_only: bool = False, ref: Reference | None = None) -> int:
    """Interrupt ``action`` (on the game ``before`` beats on) at line 1, 2, ... until it runs
    through, or (``first_beat_only``) until the interrupt comes after its first beat; return
    how many lines were interrupted."""
    ref = ref or Reference(make)
    for n in range(1, 1_000_000):
        game = make()
        for _ in range(before):
            game.step()
        raised = interrupt_at(n, lambda game=game: action(game))
        late = first_beat_only and game.beats > before
        ref.assert_sound(game, before, play_on=n % 50 == 1 or not raised or late)
        if not raised or late:
            return n - 1
    raise AssertionError("the action did not end")


WAR_DEAL = [["9S", "2C", "AH", "5C", "KD", "3H"], ["9H", "4D", "10S", "6C", "2D", "3S"]]


def war_game() -> Game:
    """A war, then a won pile that is shuffled into the hand, then a shortage."""
    return Game.from_hands("classic", WAR_DEAL, seed=3)


@pytest.mark.parametrize("before", range(0, 9))
def test_a_step_interrupted_at_every_line(before: int) -> None:
    lines = interrupt_everywhere(war_game, before, lambda g: g.step())
    assert lines > 3


def test_a_flip_interrupted_at_every_line_in_every_preset() -> None:
    for preset in Rules.presets():
        def make(preset: str = preset) -> Game:
            return Game(preset, seed=5)
        lines = interrupt_everywhere(make, 0, lambda g: g.step())    # the first beat: the first flip
        assert lines > 5


def fast_forward_everywhere(make: Callable[[], Game]) -> int:
    """A fast-forward interrupted at every line it runs: from each beat k of the game, the
    fast-forward interrupted at every line up to the end of its first beat (a later line is a
    line of the fast-forward from beat k + 1), and the last beat's lines to the loop's end."""
    total, k, ref = 0, 0, Reference(make)
    while True:
        total += interrupt_everywhere(make, k, lambda g: g.play_to_end(), first_beat_only=True, ref=ref)
        game = make()
        for _ in range(k):
            game.step()
        if game.step() is None:
            return total
        k += 1


SHORT_DEAL = [["2D", "QC", "3S", "3H"], ["2H", "9S", "2S", "6H"]]


def test_a_fast_forward_interrupted_at_every_line() -> None:
    """29 beats: three wars (one settled by a shortage), won piles shuffled into the hand three
    times, a player out, the game over."""
    def make() -> Game:
        return Game.from_hands("classic", SHORT_DEAL, seed=3)
    kinds = [e.kind for e in all_events(make())]
    assert kinds.count("war") == 3 and kinds.count("shuffle") == 3 and kinds[-2:] == ["out", "game_over"]
    assert fast_forward_everywhere(make) > 1000


@pytest.mark.parametrize("rules", [
    Rules(players=3, capture="bottom", round_limit=None, gather="played"),
    Rules.preset("pagat").replace(shortage="lose", zero="lose"),
    Rules.preset("tod_und_leben"),
    Rules.preset("kids_aside"),
    Rules(players=4, teams=True, round_limit=None, gather="played", capture="bottom"),
])
def test_a_fast_forward_of_short_deals_interrupted_at_every_line(rules: Rules) -> None:
    """Players out, drop-outs, split wars, cards put aside, teams: every end of a round."""
    deck = rules.deck_cards[::-1]
    hands = [deck[p * 4:p * 4 + 4] for p in range(rules.players)]
    hands[0][1] = deck[rules.players * 4]        # ties between the first cards, so there are wars
    assert fast_forward_everywhere(lambda: Game.from_hands(rules, hands, seed=7)) > 500


def test_a_fast_forward_of_a_real_game_interrupted_along_its_first_rounds() -> None:
    """Classic game 11 (wars, shuffled won piles): play_to_end interrupted at every 7th line of
    its first 4000."""
    def make() -> Game:
        return Game("classic", seed=11)
    ref = Reference(make)
    for n in range(1, 4000, 7):
        game = make()
        assert interrupt_at(n, lambda game=game: game.play_to_end())
        ref.assert_sound(game, 0, play_on=n % 140 == 1)


def test_end_now_interrupted_at_every_line() -> None:
    def make() -> Game:
        return Game.from_hands("classic", WAR_DEAL, seed=3)
    for before in (0, 2, 4):
        game = make()
        for _ in range(before):
            game.step()
        expected = make()
        for _ in range(before):
            expected.step()
        outcome = expected.end_now()
        for n in range(1, 10_000):
            game = make()
            for _ in range(before):
                game.step()
            interrupted = interrupt_at(n, lambda game=game: game.end_now())
            held = Counter([c for h in game.hands for c in h] + [c for w in game.won for c in w]
                           + [t.card for t in game.table])
            assert held == Counter(c for h in game.dealt for c in h)
            assert game.beats == before
            assert game.end_now() == outcome and game.counts == expected.counts
            if not interrupted:
                break


def test_an_interrupted_subscriber_does_not_undo_the_beat() -> None:
    """The beat is committed before subscribers hear of it: an interrupt in a subscriber leaves
    the beat done (the subscriber was told of it)."""
    game = war_game()
    heard: list[Event] = []

    def listener(event: Event) -> None:
        heard.append(event)
        raise KeyboardInterrupt

    game.subscribe(listener)
    with pytest.raises(KeyboardInterrupt):
        game.step()
    assert game.beats == 1 and len(heard) == 1 and len(game.table) == 2


def test_a_game_left_mid_beat_is_repaired_before_it_is_saved_or_played() -> None:
    """A second interrupt can land while an interrupted beat is being undone: the game stays
    marked, and the next save or beat undoes it first."""
    game = war_game()
    game.step()
    reference = war_game()
    reference.step()
    game._broken = True                     # as if stopped inside a beat and inside its repair
    game.hands[0].popleft()                 # a card half-moved
    assert Game.from_json(game.to_json()).to_json() == reference.to_json()
    game._broken = True
    game.hands[1].popleft()
    assert game.step() == reference.step() and game.to_json() == reference.to_json()
