"""Random sequences of UI actions, with autoplay really running in an event loop between them:
no exception, no card lost or duplicated, and the picture, labels and chart agree with the game."""
from __future__ import annotations

import asyncio
import os
import shutil
import tempfile

from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from war_widget.session.options import LENGTHS, OPPONENTS, RULE_OPTIONS, SPEEDS
from war_widget.views.war import WarWidget

OPTIONS = st.sampled_from([(name, value) for name, values in RULE_OPTIONS.items() for value in values])


class WidgetMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.dir = tempfile.mkdtemp()
        self.loop = asyncio.new_event_loop()
        self.path = os.path.join(self.dir, "records.json")
        self.w = None
        self.w = self.run(lambda: WarWidget(seed=1, records=self.path, speed="fast"))

    def run(self, action):
        """Do ``action`` inside the running loop, then let autoplay tick a few times (as the
        browser asks for each round once the last one is shown)."""
        async def go():
            result = action()
            for _ in range(3):
                await asyncio.sleep(0.001)
                if self.w is not None and self.w.autoplaying:
                    self.w.click("tick")
            return result
        return self.loop.run_until_complete(go())

    def teardown(self) -> None:
        self.w.close()
        self.loop.run_until_complete(asyncio.sleep(0.005))
        self.loop.close()
        shutil.rmtree(self.dir, ignore_errors=True)

    # --- actions -------------------------------------------------------------------------------
    @rule()
    def flip(self):
        self.run(lambda: self.w.click("flip"))

    @rule()
    def double_flip(self):
        w = self.w
        rounds, playing = w.game.round_number, not w.autoplaying and w.session.time_limit is None
        self.run(lambda: (w.flip(), w.flip()))
        if playing and not w.game.is_over:
            assert w.game.round_number == rounds + 2  # never lost, never doubled

    @rule(player=st.integers(0, 3))
    def press(self, player):
        w = self.w
        if w.mode == "two_player":
            seat = player % w.game.rules.players
            self.run(lambda: w.click("press", seat=seat))
        else:
            self.run(lambda: w.press(0))

    @rule(n=st.integers(1, 4))
    def step(self, n):
        for _ in range(n):
            self.run(lambda: self.w.click("step"))

    @rule(on=st.booleans())
    def autoplay(self, on):
        w = self.w
        rounds, over = w.game.round_number, w.game.is_over
        self.run(lambda: w.click("autoplay", on=on))
        if on and not over and w.session.time_limit is None:
            assert w.game.round_number > rounds or w.game.is_over  # the ticks really play
        if not on:
            assert not w.autoplaying

    @rule(speed=st.sampled_from(SPEEDS))
    def speed(self, speed):
        self.run(lambda: self.w.click("speed", speed=speed))
        assert self.w.speed == speed

    @rule(option=OPTIONS)
    def change_rule(self, option):
        name, value = option
        self.run(lambda: self.w.set_option(name, value))

    @rule(option=OPTIONS)
    def change_rule_during_autoplay(self, option):
        self.run(lambda: self.w.autoplay(True))
        self.run(lambda: self.w.choose(option[0], option[1]))

    @rule(length=st.sampled_from(LENGTHS))
    def length(self, length):
        self.run(lambda: self.w.choose("length", length))

    @rule(opponent=st.sampled_from(OPPONENTS))
    def opponent(self, opponent):
        self.run(lambda: self.w.set_opponent(opponent))

    @rule(preset=st.sampled_from(["classic", "kids", "pagat", "three_down", "razboi", "pjanitsa", "bicycle"]))
    def preset(self, preset):
        self.run(lambda: self.w.choose("preset", preset))

    @precondition(lambda self: self.w.game.rules.round_limit is not None or self.w.game.rules.players == 2)
    @rule()
    def fast_forward(self):
        self.run(lambda: self.w.click("fast_forward"))

    @rule()
    def new_game(self):
        self.run(lambda: self.w.click("new_game"))

    @rule()
    def replay_same_number(self):
        code, autoplaying = self.w.game.code, self.w.autoplaying
        self.run(lambda: self.w.click("replay", code=code))   # the box shows this game's number
        assert self.w.game.code == code
        if not autoplaying:  # (autoplay goes on playing the replayed game)
            assert self.w.game.round_number == 0

    @rule()
    def resume(self):
        self.run(self.w.resume)

    @rule(lang=st.sampled_from(["en", "ja"]), aids=st.booleans())
    def words(self, lang, aids):
        self.run(lambda: (self.w.set_lang(lang), self.w.set_aids(aids)))

    @rule()
    def tap_my_pile(self):
        self.run(lambda: self.w.click("flip"))     # what a tap on your pile sends

    # --- what must always hold -----------------------------------------------------------------
    @invariant()
    def cards_are_conserved(self):
        g = self.w.game
        assert sum(g.counts) + len(g.table) + len(g.unused) == g.rules.deck_size + g.rules.jokers
        assert len({c for t in g.table for c in [t.card]}) == len(g.table)

    @invariant()
    def the_picture_labels_and_chart_agree(self):
        w = self.w
        last = w.beats[-1]                 # what the browser shows once it has played the beats
        assert last["counts"] == list(w.game.counts)
        assert last["round_text"] == w.session.progress()[1] or w.session.time_limit is not None
        x, _ys, wars = w.chart_series()
        assert len(x) == w.game.round_number + 1
        assert wars == list(w.game.stats.war_rounds)
        assert w.state["autoplay"] == w.autoplaying
        if w.game.is_over:
            assert not w.autoplaying


WidgetMachine.TestCase.settings = settings(max_examples=20, stateful_step_count=15, deadline=None)
TestWidgetStateMachine = WidgetMachine.TestCase
