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

from war_widget.views.war import WarWidget
from war_widget.views.war import app as widget_app
from war_widget.views.war import layout as L
from war_widget.views.war.controls import LENGTHS, OPPONENTS, RULE_OPTIONS, SPEEDS

OPTIONS = st.sampled_from([(name, value) for name, values in RULE_OPTIONS.items() for value in values])


class WidgetMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self._interval = dict(widget_app.INTERVAL)
        widget_app.INTERVAL.update(slow=0.003, normal=0.002, fast=0.001)
        self.dir = tempfile.mkdtemp()
        self.loop = asyncio.new_event_loop()
        self.path = os.path.join(self.dir, "records.json")
        self.w = self.run(lambda: WarWidget(seed=1, records=self.path, speed="fast"))

    def run(self, action):
        """Do ``action`` inside the running loop, then let autoplay tick a few times."""
        async def go():
            result = action()
            for _ in range(3):
                await asyncio.sleep(0.002)
            return result
        return self.loop.run_until_complete(go())

    def teardown(self) -> None:
        self.w.close()
        self.loop.run_until_complete(asyncio.sleep(0.005))
        self.loop.close()
        widget_app.INTERVAL.update(self._interval)
        shutil.rmtree(self.dir, ignore_errors=True)

    # --- actions -------------------------------------------------------------------------------
    @rule()
    def flip(self):
        self.run(self.w.flip_button.click)

    @rule()
    def double_flip(self):
        w = self.w
        rounds, playing = w.game.round_number, not w.autoplaying and w._time_limit is None
        self.run(lambda: (w.flip(), w.flip()))
        if playing and not w.game.is_over:
            assert w.game.round_number == rounds + 2  # never lost, never doubled

    @rule(player=st.integers(0, 3))
    def press(self, player):
        w = self.w
        if w.mode == "two_player":
            seat = player % w.game.rules.players
            self.run(lambda: w.player_buttons[seat].click())
        else:
            self.run(lambda: w.press(0))

    @rule(n=st.integers(1, 4))
    def step(self, n):
        for _ in range(n):
            self.run(self.w.step_button.click)

    @rule(on=st.booleans())
    def autoplay(self, on):
        w = self.w
        rounds, over = w.game.round_number, w.game.is_over
        self.run(lambda: setattr(w.autoplay_toggle, "value", on))
        if on and not over and w._time_limit is None:
            assert w.game.round_number > rounds or w.game.is_over  # the task really plays
        if not on:
            assert w.autoplay_task is None and not w.autoplaying

    @rule(speed=st.sampled_from(SPEEDS))
    def speed(self, speed):
        self.run(lambda: setattr(self.w.speed_picker, "value", speed))
        assert self.w.speed == speed

    @rule(option=OPTIONS)
    def change_rule(self, option):
        name, value = option
        self.run(lambda: self.w.set_option(name, value))

    @rule(option=OPTIONS)
    def change_rule_during_autoplay(self, option):
        self.run(lambda: self.w.autoplay(True))
        self.run(lambda: setattr(self.w.controls.options[option[0]], "value", option[1]))

    @rule(length=st.sampled_from(LENGTHS))
    def length(self, length):
        self.run(lambda: setattr(self.w.controls.length, "value", length))

    @rule(opponent=st.sampled_from(OPPONENTS))
    def opponent(self, opponent):
        self.run(lambda: self.w.set_opponent(opponent))

    @rule(preset=st.sampled_from(["classic", "kids", "pagat", "three_down", "razboi", "pjanitsa", "bicycle"]))
    def preset(self, preset):
        self.run(lambda: setattr(self.w.controls.preset, "value", preset))

    @precondition(lambda self: self.w.game.rules.round_limit is not None or self.w.game.rules.players == 2)
    @rule()
    def fast_forward(self):
        self.run(self.w.fast_forward_button.click)

    @rule()
    def new_game(self):
        self.run(self.w.new_game_button.click)

    @rule()
    def replay_same_number(self):
        code, autoplaying = self.w.game.code, self.w.autoplaying
        self.run(self.w.replay_button.click)
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
        x, y, cw, ch = L.pile_at(self.w._view(), 0)
        self.run(lambda: self.w._on_mouse_down(x + cw / 2, y + ch / 2))

    # --- what must always hold -----------------------------------------------------------------
    @invariant()
    def cards_are_conserved(self):
        g = self.w.game
        assert sum(g.counts) + len(g.table) + len(g.unused) == g.rules.deck + g.rules.jokers
        assert len({c for t in g.table for c in [t.card]}) == len(g.table)

    @invariant()
    def the_picture_labels_and_chart_agree(self):
        w = self.w
        assert w._shown_view.counts == w.game.counts
        assert w.progress_label.value == w._progress()[1]
        assert len(w.chart.data[0].x) == w.game.round_number + 1
        assert len(w.chart.data[-1].x) == len(w.game.stats.war_rounds)
        if w.game.is_over:
            assert not w.autoplaying


WidgetMachine.TestCase.settings = settings(max_examples=20, stateful_step_count=15, deadline=None)
TestWidgetStateMachine = WidgetMachine.TestCase
