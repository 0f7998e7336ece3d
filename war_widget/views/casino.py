"""CasinoWarWidget: play Casino War against the dealer in a notebook.

A thin view and controller over `war_widget.variants.casino.CasinoWar`: every rule and
every payout comes from the engine; this module only draws the table, enables
the buttons the engine says are legal, and charts the bankroll. Every button is
also a public method (`chip`, `deal`, `war`, `surrender`, `set_tie_bet`, ...)
so tests and scripts drive the widget exactly as a click would.
"""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
import plotly.graph_objects as go
from ipycanvas import Canvas, hold_canvas

from ..text.casino import TEXT, casino_error, describe_hand, display_suits, signed, verdict_key
from ..text.i18n import check_lang
from ..variants.casino.game import CasinoWar
from ..variants.casino.hands import HandResult, check_chips, rank_name
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

    CHIPS = (5, 10, 25, 100)

    def __init__(self, decks: int = 6, bankroll: float = 1000, seed: int | None = None,
                 tie_bet: bool = False, tie_bonus: bool = False, *, session: CasinoWar | None = None,
                 lang: str = "en") -> None:
        """Options as for `CasinoWar`; or pass a ready `session` (e.g. `CasinoWar.from_shoe(...)`);
        ``lang`` "en" or "ja" for every word on the buttons, the table and the chart."""
        self.lang = check_lang(lang)
        t = TEXT[self.lang]
        if session is None:
            session = CasinoWar(decks=decks, tie_bet=tie_bet, tie_bonus=tie_bonus, seed=seed, bankroll=bankroll)
        self.session = session
        self.narration: list[str] = []  # the narration, for screen readers and tests
        self._shown: HandResult | None = None  # the hand on the table
        self._last_bet = 0

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
        self._say(self._t("start"))
        self._refresh()

    # ------------------------------------------------------------ actions

    def chip(self, amount: int) -> None:
        """Add a chip to the bet (the tie bet follows it when the toggle is on)."""
        amount = check_chips(amount, "a chip")            # chip(-5) must not lower the bet, nor chip(True) add 1
        self.session.bet(self.session.current_bet + amount)
        self._say(self._t("bet_now", n=self.session.current_bet))
        self._refresh()

    def clear_bet(self) -> None:
        """Take the bet back before dealing."""
        self.session.clear_bet()
        self._last_bet = 0
        self._say(self._t("cleared"))
        self._refresh()

    def deal(self) -> HandResult:
        """Deal one card each; a tie waits for `war()` or `surrender()`."""
        hand = self.session.deal()
        self._last_bet = hand.bet
        return self._show(hand)

    def war(self) -> HandResult:
        """Go to war on a tie: raise, three burns, one more card each."""
        return self._show(self.session.go_to_war())

    def surrender(self) -> HandResult:
        """Surrender a tie and lose half the bet."""
        return self._show(self.session.surrender())

    def set_tie_bet(self, on: bool) -> None:
        """Turn the 10:1 tie bet (same size as the bet) on or off from the next deal."""
        session = self.session
        if session.pending is not None:
            raise ValueError("a tie is pending: the tie bet can change after war or surrender")
        before = session.tie_bet
        session.tie_bet = bool(on)
        if session.current_bet:
            try:
                session.bet(session.current_bet)  # re-place with or without the tie bet
            except ValueError:
                session.tie_bet = before
                raise
        self._say(self._t("tie_on" if on else "tie_off"))
        self._refresh()

    def new_session(self, seed: int | None = None) -> None:
        """Start again: fresh shoe, the starting bankroll, an empty chart."""
        old = self.session
        self.session = CasinoWar(decks=old.decks or 6, tie_bet=old.tie_bet, tie_bonus=old.tie_bonus,
                                 seed=seed, bankroll=old.bankroll_history[0])
        self._shown, self._last_bet = None, 0
        with self.figure.batch_update():
            for trace in self.figure.data:
                trace.x, trace.y = (), ()
        self._say(self._t("new_session"))
        self._refresh()

    # ---------------------------------------------------------- internals

    def _guard(self, action: Callable, *args: object) -> None:
        """Run a button's action; an illegal click is explained, never raised into the page."""
        try:
            action(*args)
        except ValueError as error:
            self._say(self._t("not_now", error=casino_error(error, self.lang)))
            self._refresh()

    def _t(self, key: str, **fields: object) -> str:
        """The word ``key`` in the widget's language."""
        return TEXT[self.lang][key].format(**fields)

    def _on_tie_toggle(self, change: dict) -> None:
        if change["new"] == self.session.tie_bet:
            return
        try:
            self.set_tie_bet(change["new"])
        except ValueError as error:
            self._say(self._t("not_now", error=casino_error(error, self.lang)))
            self._refresh()

    def _show(self, hand: HandResult) -> HandResult:
        self._shown = hand
        self._say(describe_hand(hand, self.lang))
        if not hand.is_pending:
            with self.figure.batch_update():
                line, ties = self.figure.data
                line.x, line.y = (*line.x, hand.number), (*line.y, hand.bankroll)
                if hand.player == hand.dealer:
                    ties.x, ties.y = (*ties.x, hand.number), (*ties.y, hand.bankroll)
            self._rebet()
        self._refresh()
        return hand

    def _rebet(self) -> None:
        """Chips stay on the table: the same bet is placed again if the bankroll covers it."""
        try:
            self.session.bet(self._last_bet)
        except ValueError:
            self._last_bet = 0
            if self.session.bankroll < 1:
                self._say(self._t("broke"))

    def _say(self, text: str) -> None:
        self.narration.append(text)
        self.status.value = f"<b>{text}</b>"

    def _refresh(self) -> None:
        """Derive every control from the engine's state, then redraw the table."""
        session = self.session
        legal = session.legal_actions()
        factor = 2 if session.tie_bet else 1
        for amount, button in self.chip_buttons.items():
            button.disabled = "bet" not in legal or (session.current_bet + amount) * factor > session.bankroll
        self.clear_button.disabled = "deal" not in legal
        self.deal_button.disabled = "deal" not in legal
        self.war_button.disabled = "war" not in legal
        self.surrender_button.disabled = "surrender" not in legal
        self.tie_toggle.disabled = session.pending is not None
        self.tie_toggle.value = session.tie_bet
        shoe = self._t("shoe_decks", n=session.decks) if session.decks else self._t("shoe_scripted")
        self.rules.value = self._t("rules", shoe=shoe, bonus=self._t("bonus") if session.tie_bonus else "",
                                   seed=self._t("seed", n=session.seed) if session.seed is not None else "")
        tie = self._t("bet_tie", n=session.current_tie_bet) if session.current_tie_bet else ""
        self.bet_label.value = self._t("bet_label", bet=session.current_bet, tie=tie, bankroll=session.bankroll,
                                       hands=len(session.history))
        self.redraw()

    # ------------------------------------------------------------ drawing

    def redraw(self, *_: object) -> None:
        """Draw the whole table from state (also called when a new view appears)."""
        c, hand = self.canvas, self._shown
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
                self._panel([self._t("place_1"), self._t("place_2")], COLOURS["tie"])
                return
            suits = display_suits(hand)
            self._card(FIRST_X, DEALER_Y, hand.dealer, suits["dealer"])
            self._card(FIRST_X, PLAYER_Y, hand.player, suits["player"])
            self._draw_comparison(FIRST_X, hand.player, hand.dealer)
            if hand.war_player is not None and hand.war_dealer is not None:     # went to war
                for i in range(len(hand.burns)):
                    self._card_back(BURN_X + 36 * i, DEALER_Y)
                c.text_align, c.fill_style, c.font = "center", "#cfe8d8", "30px sans-serif"
                c.fill_text(self._t("burned", n=len(hand.burns)), BURN_X + 36 + CARD_W / 2, DEALER_Y + CARD_H + 40)
                self._card(WAR_X, DEALER_Y, hand.war_dealer, suits["war_dealer"])
                self._card(WAR_X, PLAYER_Y, hand.war_player, suits["war_player"])
                self._draw_comparison(WAR_X, hand.war_player, hand.war_dealer)
            self._panel(*self._verdict(hand))

    def _verdict(self, hand: HandResult) -> tuple[list[str], str]:
        if hand.is_pending:
            return [self._t("v_tie"), self._t("v_tie_2"), self._t("v_tie_3")], COLOURS["tie"]
        lines = [self._t(verdict_key(hand.outcome)), signed(hand.net)]
        if hand.tie_bet:
            lines.append(self._t("v_tie_bet", net=signed(hand.tie_bet_net)))
        return lines, COLOURS["good" if hand.net > 0 else "bad"]

    def _panel(self, lines: list[str], colour: str) -> None:
        c = self.canvas
        c.text_align = "center"
        c.fill_style = colour
        for i, text in enumerate(lines):
            c.font = ("bold 64px sans-serif" if len(text) < 9 else "bold 52px sans-serif") if i == 0 \
                else "bold 44px sans-serif"
            c.fill_text(text, 1050, 200 + 76 * i)
        c.fill_style = "#cfe8d8"
        c.font = "30px sans-serif"
        c.fill_text(self._t("shoe_left", n=self.session.cards_left), 1050, 540)

    def _draw_comparison(self, x: float, player: int, dealer: int) -> None:
        c = self.canvas
        sign = ">" if player > dealer else "<" if player < dealer else "="
        c.text_align = "center"
        c.fill_style = "#ffffff"
        c.font = "bold 40px sans-serif"
        c.fill_text(f"{rank_name(player)} {sign} {rank_name(dealer)}", x + CARD_W / 2,
                    (DEALER_Y + CARD_H + PLAYER_Y) / 2)

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
