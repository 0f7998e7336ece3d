"""StealWarWidget: play Steal War against the computer in a notebook.

A thin view over ``war_widget.session.steal.StealSession``, which owns the play (the game, the
computer's policy, your decisions, the narration, the highlights); every rule comes from the
engine through it.  This module draws each ``StealShown`` the session reports (the beats in one
held canvas batch, the steals flying), enables what the session's ``controls()`` allow and turns
clicks into the session's actions.  Every button is also a public method (``flip``, ``steal``,
``choose_top``, ``step``, ``back``, ``new_game``, ...) so tests and scripts drive the widget exactly as a
click would.

The table (``table.py``) is drawn with the same cards and draw operations (``views.cards``,
``views.ops``) and batched painter as the War widget, on one canvas of twice its CSS size.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from ...game.cards import Card
from ...game.events import Event
from ...session.steal import OPPONENTS, StealSession
from ...session.steal_view import StealBeat, StealShown
from ...text.i18n import label
from ...text.narration import card_text
from ...text.steal import TEXT
from ...variants.steal.game import StealWarGame
from ..draw import Painter
from .table import (
    BATTLE_X,
    BATTLE_Y,
    BEAT_MS,
    CARD_H,
    CARD_W,
    CSS_HEIGHT,
    CSS_WIDTH,
    FRAME_MS,
    HEIGHT,
    WIDTH,
    StealView,
    flight_ops,
    hand_xy,
    pile_xy,
    steal_table_ops,
    table_positions,
)

__all__ = ["StealWarWidget", "OPPONENTS"]


class StealWarWidget(widgets.VBox):
    """Steal War at a table: you (bottom) against the computer (top).

    >>> w = StealWarWidget(seed=3)
    >>> w.game.counts
    (27, 27)
    >>> w.flip(); sum(w.game.counts) + len(w.game.table)
    54
    """

    def __init__(self, seed: int | None = None, lang: str = "en", opponent: str = "greedy", *,
                 game: StealWarGame | None = None) -> None:
        """``opponent``: the computer's policy (greedy, always, never).  ``game``: a ready game
        (e.g. ``StealWarGame.from_hands(...)``) whose seat 1 is the computer."""
        self.session = StealSession(seed, lang, opponent, game=game)
        self.animations = 0  # flights drawn (steals and collects), for tests
        self.top_buttons: list[widgets.Button] = []
        t = TEXT[lang]
        self.rules = widgets.HTML(t["rules"], layout=widgets.Layout(width=f"{CSS_WIDTH}px"))
        self.canvas = Canvas(width=WIDTH, height=HEIGHT,
                             layout=widgets.Layout(width=f"{CSS_WIDTH}px", height=f"{CSS_HEIGHT}px"))
        self.painter = Painter(self.canvas)
        self.canvas.on_client_ready(self.redraw)
        self.canvas.on_mouse_down(self._on_mouse_down)
        self.status = widgets.HTML(layout=widgets.Layout(width=f"{CSS_WIDTH}px", min_height="2.6em"))
        self.flip_button = widgets.Button(description=t["flip"], button_style="primary", icon="play",
                                          layout=widgets.Layout(width="180px"))
        self.steal_button = widgets.Button(description=t["steal"], button_style="danger", icon="hand-grab-o",
                                           layout=widgets.Layout(width="180px"))
        self.step_button = widgets.Button(description=t["step"], layout=widgets.Layout(width="110px"))
        self.back_button = widgets.Button(description=label("back", lang), tooltip=label("back_tip", lang),
                                          icon="undo", layout=widgets.Layout(width="110px"))
        self.new_button = widgets.Button(description=t["new"], layout=widgets.Layout(width="150px"))
        self.opponent_picker = widgets.Dropdown(options=[(t[f"opp_{o}"], o) for o in OPPONENTS],
                                                value=self.session.opponent,
                                                description=t["opponent"], layout=widgets.Layout(width="260px"))
        self.auto_top = widgets.Checkbox(value=self.session.auto_top, description=t["auto_top"], indent=False)
        self.top_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.flip_button.on_click(lambda _b: self._guard(self.flip))
        self.steal_button.on_click(lambda _b: self._guard(self.steal))
        self.step_button.on_click(lambda _b: self._guard(self.step))
        self.back_button.on_click(lambda _b: self._guard(self.back))
        self.new_button.on_click(lambda _b: self._guard(self.new_game))
        self.opponent_picker.observe(lambda ch: self._guard(self.set_opponent, ch["new"]), names="value")
        self.auto_top.observe(lambda ch: self._guard(self.set_auto_top, ch["new"]), names="value")
        controls = widgets.HBox([self.flip_button, self.steal_button, self.step_button, self.back_button,
                                 self.new_button])
        options = widgets.HBox([self.opponent_picker, self.auto_top])
        super().__init__(children=[self.rules, self.canvas, self.status, controls, self.top_box, options])
        self.session.subscribe(self._show)
        self._refresh()

    # ------------------------------------------------------------ actions (the buttons)
    @property
    def game(self) -> StealWarGame:
        return self.session.game

    @property
    def lang(self) -> str:
        return self.session.lang

    @property
    def names(self) -> tuple[str, ...]:
        return self.session.names

    @property
    def narration(self) -> list[str]:
        return self.session.narration

    def flip(self) -> None:
        """Play on: the Flip button.  During your steal decision it plays your card instead."""
        self.session.flip()

    play = flip

    def steal(self, victim: int = 1) -> None:
        """Steal ``victim``'s pile with your next card (the Steal button)."""
        self.session.steal(victim)

    def choose_top(self, card: Card | str | None = None) -> None:
        """Put ``card`` (one of the cards you just won) on top of your pile; None: the card
        least likely to be matched (what the greedy computer would choose)."""
        self.session.choose_top(card)

    def step(self) -> Event | None:
        """One beat (the Step button): for a teacher walking through a steal or a war."""
        beats = self.session.step().beats
        return beats[0].event if beats else None

    def back(self) -> bool:
        """Undo your last move and the computer's answer to it (the Back button); playing on gives
        the same game again.  False if there is nothing to undo."""
        went = self.session.can_go_back
        self.session.back()
        return went

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game (a fresh seed unless one is given)."""
        self.session.new_game(seed)

    def set_opponent(self, name: str) -> None:
        """Change the computer's policy (greedy, always, never) from its next decision on."""
        self.session.set_opponent(name)

    def set_auto_top(self, on: bool) -> None:
        """Let the computer choose your top card (the least matchable won card) from now on."""
        self.session.set_auto_top(on)

    def redraw(self) -> None:
        """Draw the whole table from the session's state (also when a new view connects)."""
        with hold_canvas():
            self._paint(self.view())

    def view(self) -> StealView:
        """The snapshot the canvas shows now."""
        return self.session.view()

    # ------------------------------------------------------------------ drawing what the session shows
    def _show(self, shown: StealShown) -> None:
        """Every beat of one action in ONE held canvas batch: a pause after each beat, steals and
        collects flying; then the controls."""
        with hold_canvas():
            for i, beat in enumerate(shown.beats):
                if i:
                    self.canvas.sleep(BEAT_MS)
                if beat.moves:
                    self._fly(beat)
                else:
                    self._paint(beat.view)
            self._paint(shown.view)
        self._refresh()

    def _fly(self, beat: StealBeat) -> None:
        """The beat's piles flying to their new owners; the destination piles are hidden until
        the cards land.  Frames are separated by ``canvas.sleep`` inside the held batch, so the
        browser replays them from one message."""
        moves = beat.moves
        base = steal_table_ops(replace(beat.view, hidden=tuple(m.to for m in moves)))
        flights = [flight_ops(m.card, (BATTLE_X, BATTLE_Y[m.seat]) if m.origin == "battle" else pile_xy(m.seat),
                              pile_xy(m.to), m.size) for m in moves]
        for frame in zip(*flights, strict=True):   # every flight has FRAMES frames
            self.painter.begin()
            self.painter.clear()
            self.painter.paint(base + [op for ops in frame for op in ops])
            self.canvas.sleep(FRAME_MS)
        self._paint(beat.view)
        self.animations += 1

    def _paint(self, view: StealView) -> None:
        self.painter.begin()
        self.painter.clear()
        self.painter.paint(steal_table_ops(view))

    def _refresh(self) -> None:
        """The controls as the session allows them now, the last sentence, the table."""
        session = self.session
        t = TEXT[self.lang]
        can = session.controls()
        self.flip_button.description = t[can.flip_word]
        self.flip_button.disabled = not can.can_flip
        self.steal_button.disabled = not can.can_steal
        self.step_button.disabled = not can.can_step
        self.back_button.disabled = not session.can_go_back
        if self.opponent_picker.value != session.opponent:
            self.opponent_picker.value = session.opponent
        if self.auto_top.value != session.auto_top:
            self.auto_top.value = session.auto_top
        buttons = []
        for card in can.tops:
            name = card_text(card, self.lang)
            b = widgets.Button(description=name, tooltip=t["top_tip"].format(card=name, code=card.code),
                               layout=widgets.Layout(width="auto"))
            b.on_click(lambda _b, c=card: self._guard(self.choose_top, c))
            buttons.append(b)
        self.top_box.children = [widgets.Label(t["top_prompt"]), *buttons] if buttons else []
        self.top_buttons = buttons
        last = _escape(self.narration[-1]) if self.narration else ""
        self.status.value = f"<span style='font-size:1.1em'>{last}</span>" if self.narration else ""
        self.redraw()

    def _guard(self, action: Callable, *args: object) -> None:
        """Run a button's action; an illegal click is explained, never raised into the page."""
        self.session.attempt(action, *args)

    def _on_mouse_down(self, x: float, y: float) -> None:
        """Clicks on the canvas: the other pile steals when it is highlighted, a highlighted won
        card is chosen as the top, your hand flips."""
        view = self.view()
        for p in view.targets:
            px, py = pile_xy(p)
            if px <= x <= px + CARD_W and py <= y <= py + CARD_H:
                self._guard(self.steal, p)
                return
        for tc, cx, cy in reversed(table_positions(view.table)):
            if tc.card in view.choosing and cx <= x <= cx + CARD_W and cy <= y <= cy + CARD_H:
                self._guard(self.choose_top, tc.card)
                return
        hx, hy = hand_xy(0)
        if hx <= x <= hx + CARD_W and hy <= y <= hy + CARD_H:
            self._guard(self.flip)

    def __repr__(self) -> str:
        return f"<StealWarWidget {self.game!r}>"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
