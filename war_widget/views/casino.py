"""CasinoWarWidget: play Casino War against the dealer in a notebook.

A thin view over ``war_widget.session.casino.CasinoSession``, which owns the play (the engine
``CasinoWar`` with every rule and payout, the hand on the table, the bet left on the table, the
narration, the chart's points, what may be pressed).  This module draws the table, enables the
buttons the session's ``controls()`` allow and charts the bankroll from each ``CasinoShown``.
Every button is also a public method (``chip``, ``deal``, ``war``, ``surrender``,
``set_tie_bet``, ...) so tests and scripts drive the widget exactly as a click would.
"""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
import plotly.graph_objects as go
from ipycanvas import Canvas, hold_canvas

from ..session.casino import CHIPS, CasinoSession, CasinoShown, CasinoView
from ..text.casino import TEXT
from ..variants.casino.game import CasinoWar
from ..variants.casino.hands import HandResult, rank_name
from .cards import fit_size
from .ops import BACK as CARD_BACK
from .ops import INK, RED

__all__ = ["CasinoWarWidget"]

# The canvas is drawn at twice its CSS size so it stays sharp on high-DPI screens.
CSS_WIDTH, CSS_HEIGHT = 640, 300
SCALE = 2
CARD_W, CARD_H = 150, 210  # canvas pixels (75 x 105 CSS px)
RANK_FONT = "bold 84px sans-serif"  # 42 CSS px: readable from the back of a classroom
FELT = "#0b6e3a"  # the casino's own felt, darker than the War table's
COLOURS = {"good": "#ffd54f", "bad": "#ff8a80", "tie": "#ffffff"}

DEALER_Y, PLAYER_Y = 40, 350
FIRST_X, BURN_X, WAR_X = 190, 420, 690


class CasinoWarWidget(widgets.VBox):
    """Casino War at a table: chips, Deal, War / Surrender, the cards and a live bankroll chart.

    >>> w = CasinoWarWidget(seed=1)
    >>> w.chip(10); result = w.deal()
    >>> len(w.figure.data[0].x) == len(w.session.history)
    True
    """

    CHIPS = CHIPS

    def __init__(self, decks: int = 6, bankroll: float = 1000, seed: int | None = None,
                 tie_bet: bool = False, tie_bonus: bool = False, *, session: CasinoWar | None = None,
                 lang: str = "en") -> None:
        """Options as for `CasinoWar`; or pass a ready `session` (e.g. `CasinoWar.from_shoe(...)`);
        ``lang`` "en" or "ja" for every word on the buttons, the table and the chart.  The play
        session is ``casino_session``; ``session`` stays the engine's table (``CasinoWar``)."""
        self.casino_session = CasinoSession(decks, bankroll, seed, tie_bet, tie_bonus, game=session, lang=lang)
        t = TEXT[self.lang]
        self.rules = widgets.HTML(layout=widgets.Layout(width=f"{CSS_WIDTH}px"))
        self.canvas = Canvas(width=CSS_WIDTH * SCALE, height=CSS_HEIGHT * SCALE,
                             layout=widgets.Layout(width=f"{CSS_WIDTH}px", height=f"{CSS_HEIGHT}px"))
        self.canvas.on_client_ready(self.redraw)
        self.status = widgets.HTML(layout=widgets.Layout(width=f"{CSS_WIDTH}px", min_height="2.6em"))
        self.bet_label = widgets.HTML()
        self.chip_buttons = {
            amount: widgets.Button(description=t["chip"].format(n=amount), tooltip=t["chip_tip"].format(n=amount),
                                   layout=widgets.Layout(width="70px"))
            for amount in self.CHIPS
        }
        for amount, button in self.chip_buttons.items():
            button.on_click(lambda _b, a=amount: self._guard(self.chip, a))
        self.clear_button = widgets.Button(description=t["clear"], tooltip=t["clear_tip"],
                                           layout=widgets.Layout(width="auto"))
        self.clear_button.on_click(lambda _b: self._guard(self.clear_bet))
        self.tie_toggle = widgets.ToggleButton(value=self.session.tie_bet, description=t["tie"],
                                               tooltip=t["tie_tip"], layout=widgets.Layout(width="auto"))
        self.tie_toggle.observe(self._on_tie_toggle, names="value")
        self.deal_button = widgets.Button(description=t["deal"], button_style="primary", icon="play",
                                          tooltip=t["deal_tip"])
        self.war_button = widgets.Button(description=t["war"], button_style="danger", tooltip=t["war_tip"])
        self.surrender_button = widgets.Button(description=t["surrender"], button_style="warning",
                                               tooltip=t["surrender_tip"])
        self.new_button = widgets.Button(description=t["new"], tooltip=t["new_tip"])
        self.deal_button.on_click(lambda _b: self._guard(self.deal))
        self.war_button.on_click(lambda _b: self._guard(self.war))
        self.surrender_button.on_click(lambda _b: self._guard(self.surrender))
        self.new_button.on_click(lambda _b: self._guard(self.new_session))

        self.figure = go.FigureWidget(
            data=[go.Scatter(x=[], y=[], mode="lines+markers", name=t["trace_bankroll"], marker={"size": 4}),
                  go.Scatter(x=[], y=[], mode="markers", name=t["trace_ties"],
                             marker={"size": 9, "symbol": "diamond", "color": "#d62728"})],
            layout=go.Layout(height=260, width=CSS_WIDTH, margin={"l": 50, "r": 10, "t": 30, "b": 40},
                             title={"text": t["chart_title"], "font": {"size": 14}},
                             xaxis={"title": {"text": t["chart_x"]}}, yaxis={"title": {"text": t["chart_y"]}},
                             legend={"orientation": "h", "y": -0.25}),
        )
        self.figure.add_hline(y=self.session.bankroll, line_dash="dot", line_color="grey")

        chips = widgets.HBox([widgets.Label(t["bet_row"]), *self.chip_buttons.values(), self.clear_button,
                              self.tie_toggle])
        actions = widgets.HBox([self.deal_button, self.war_button, self.surrender_button, self.new_button])
        super().__init__(children=[self.rules, self.canvas, self.status, self.bet_label, chips, actions,
                                   self.figure])
        self.casino_session.subscribe(self._show)
        self._chart()
        self._refresh()

    # ------------------------------------------------------------ the session's state
    @property
    def session(self) -> CasinoWar:
        """The engine's table (bets, bankroll, history), as before the play session existed."""
        return self.casino_session.game

    @property
    def lang(self) -> str:
        return self.casino_session.lang

    @property
    def narration(self) -> list[str]:
        """The narration, for screen readers and tests."""
        return self.casino_session.narration

    # ------------------------------------------------------------ actions

    def chip(self, amount: int) -> None:
        """Add a chip to the bet (the tie bet follows it when the toggle is on)."""
        self.casino_session.chip(amount)

    def clear_bet(self) -> None:
        """Take the bet back before dealing."""
        self.casino_session.clear_bet()

    def deal(self) -> HandResult:
        """Deal one card each; a tie waits for `war()` or `surrender()`."""
        return self.casino_session.deal().beats[0].hand

    def war(self) -> HandResult:
        """Go to war on a tie: raise, three burns, one more card each."""
        return self.casino_session.war().beats[0].hand

    def surrender(self) -> HandResult:
        """Surrender a tie and lose half the bet."""
        return self.casino_session.surrender().beats[0].hand

    def set_tie_bet(self, on: bool) -> None:
        """Turn the 10:1 tie bet (same size as the bet) on or off from the next deal."""
        self.casino_session.set_tie_bet(on)

    def new_session(self, seed: int | None = None) -> None:
        """Start again: fresh shoe, the starting bankroll, an empty chart."""
        self.casino_session.new_session(seed)

    # ---------------------------------------------------------- internals

    def _guard(self, action: Callable, *args: object) -> None:
        """Run a button's action; an illegal click is explained, never raised into the page."""
        self.casino_session.attempt(action, *args)

    def _t(self, key: str, **fields: object) -> str:
        """The word ``key`` in the widget's language."""
        return self.casino_session.word(key, **fields)

    def _on_tie_toggle(self, change: dict) -> None:
        if change["new"] != self.session.tie_bet:
            self._guard(self.set_tie_bet, change["new"])

    def _show(self, shown: CasinoShown) -> None:
        """One action of the session: the chart's new points (or a fresh chart), the controls, the table."""
        if shown.restart:
            self._chart()
        points = [b.point for b in shown.beats if b.point is not None]
        if points:
            with self.figure.batch_update():
                line, ties = self.figure.data
                line.x, line.y = (*line.x, *(p.hand for p in points)), (*line.y, *(p.bankroll for p in points))
                tied = [p for p in points if p.tie]
                if tied:
                    ties.x, ties.y = (*ties.x, *(p.hand for p in tied)), (*ties.y, *(p.bankroll for p in tied))
        self._refresh()

    def _chart(self) -> None:
        """The whole chart from the session's points."""
        points = self.casino_session.points
        with self.figure.batch_update():
            line, ties = self.figure.data
            line.x, line.y = tuple(p.hand for p in points), tuple(p.bankroll for p in points)
            ties.x = tuple(p.hand for p in points if p.tie)
            ties.y = tuple(p.bankroll for p in points if p.tie)

    def _refresh(self) -> None:
        """Every control as the session allows it now, the last sentence, then the table."""
        can = self.casino_session.controls()
        for amount, enabled in can.chips:
            self.chip_buttons[amount].disabled = not enabled
        self.clear_button.disabled = not can.can_clear
        self.deal_button.disabled = not can.can_deal
        self.war_button.disabled = not can.can_war
        self.surrender_button.disabled = not can.can_surrender
        self.tie_toggle.disabled = can.tie_locked
        self.tie_toggle.value = can.tie_bet
        view = self.casino_session.view()
        self.rules.value = view.rules
        self.bet_label.value = view.bet_line
        self.status.value = f"<b>{self.narration[-1]}</b>" if self.narration else ""
        self.redraw()

    # ------------------------------------------------------------ drawing

    def redraw(self, *_: object) -> None:
        """Draw the whole table from the session's view (also called when a new view appears)."""
        c, view = self.canvas, self.casino_session.view()
        hand = view.hand
        with hold_canvas():
            c.clear()
            c.fill_style = FELT
            c.fill_rect(0, 0, c.width, c.height)
            c.text_align, c.text_baseline = "left", "middle"
            c.fill_style = "#cfe8d8"
            for word, y in ((self._t("dealer"), DEALER_Y), (self._t("you"), PLAYER_Y)):
                c.font = f"bold {fit_size(word, 34, FIRST_X - 40)}px sans-serif"  # ディーラー is wider than DEALER
                c.fill_text(word, 24, y + CARD_H / 2)
            if hand is None:
                for x in (FIRST_X, WAR_X):
                    self._slot(x, DEALER_Y)
                    self._slot(x, PLAYER_Y)
                self._panel(view)
                return
            suits = view.suits
            self._card(FIRST_X, DEALER_Y, hand.dealer, suits["dealer"])
            self._card(FIRST_X, PLAYER_Y, hand.player, suits["player"])
            self._comparison(FIRST_X, view.comparisons[0])
            if hand.war_player is not None and hand.war_dealer is not None:     # went to war
                for i in range(len(hand.burns)):
                    self._card_back(BURN_X + 36 * i, DEALER_Y)
                c.text_align, c.fill_style, c.font = "center", "#cfe8d8", "30px sans-serif"
                c.fill_text(self._t("burned", n=len(hand.burns)), BURN_X + 36 + CARD_W / 2, DEALER_Y + CARD_H + 40)
                self._card(WAR_X, DEALER_Y, hand.war_dealer, suits["war_dealer"])
                self._card(WAR_X, PLAYER_Y, hand.war_player, suits["war_player"])
                self._comparison(WAR_X, view.comparisons[1])
            self._panel(view)

    def _panel(self, view: CasinoView) -> None:
        c = self.canvas
        c.text_align = "center"
        c.fill_style = COLOURS[view.tone]
        for i, text in enumerate(view.verdict):
            c.font = ("bold 64px sans-serif" if len(text) < 9 else "bold 52px sans-serif") if i == 0 \
                else "bold 44px sans-serif"
            c.fill_text(text, 1050, 200 + 76 * i)
        c.fill_style = "#cfe8d8"
        c.font = "30px sans-serif"
        c.fill_text(self._t("shoe_left", n=view.shoe_left), 1050, 540)

    def _comparison(self, x: float, text: str) -> None:
        """The session's comparison ("Q > J") between a pair of cards."""
        c = self.canvas
        c.text_align = "center"
        c.fill_style = "#ffffff"
        c.font = "bold 40px sans-serif"
        c.fill_text(text, x + CARD_W / 2, (DEALER_Y + CARD_H + PLAYER_Y) / 2)

    def _card(self, x: float, y: float, rank: int, suit: str = "") -> None:
        """A face-up card: the big rank, its suit sign below (red for ♥ ♦), the corner index."""
        c = self.canvas
        c.fill_style = "#ffffff"
        c.fill_rect(x, y, CARD_W, CARD_H)
        c.stroke_style, c.line_width = "#444444", 3
        c.stroke_rect(x, y, CARD_W, CARD_H)
        c.fill_style = RED if suit in ("♥", "♦") else INK
        c.text_align = "center"
        c.font = RANK_FONT
        c.fill_text(rank_name(rank), x + CARD_W / 2, y + CARD_H * 0.42)
        if suit:
            c.font = "52px sans-serif"
            c.fill_text(suit, x + CARD_W / 2, y + CARD_H * 0.78)
        c.font = "bold 30px sans-serif"
        c.text_align = "left"
        c.fill_text(rank_name(rank) + suit, x + 12, y + 26)

    def _card_back(self, x: float, y: float) -> None:
        c = self.canvas
        c.fill_style = CARD_BACK
        c.fill_rect(x, y, CARD_W, CARD_H)
        c.stroke_style, c.line_width = "#0d2747", 3
        c.stroke_rect(x, y, CARD_W, CARD_H)
        c.stroke_style = "#ffffff"
        c.stroke_rect(x + 10, y + 10, CARD_W - 20, CARD_H - 20)

    def _slot(self, x: float, y: float) -> None:
        c = self.canvas
        c.stroke_style, c.line_width = "#7fbf98", 3
        c.set_line_dash([12, 10])
        c.stroke_rect(x, y, CARD_W, CARD_H)
        c.set_line_dash([])
