"""CasinoWarWidget: play Casino War against the dealer in a notebook (one anywidget component).

A thin view over ``war_widget.session.casino.CasinoSession``, which owns the play (the engine
``CasinoWar`` with every rule and payout, the hand on the table, the bet left on the table, the
narration, the chart's points, what may be pressed).  Python computes the table's picture from the
session's view as a display list in table units (``casino_table``: card codes and spots, words and
their places); the browser draws it with the War table's own card faces, felt and badges (the
same ES module, ``views/component/table.js``, dispatching on ``game_kind == "casino"``), times the deal
on ``requestAnimationFrame`` and prints the sentence when the cards have landed.  The bankroll
chart is Plotly's plotly.js in the component.  Every button is also a public method (``chip``,
``deal``, ``war``, ``surrender``, ``set_tie_bet``, ...) and ``click(name, ...)`` sends a button's
message, so tests and scripts drive the widget exactly as a click would.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ..session.casino import CHIPS, CasinoSession, CasinoShown, CasinoView
from ..text.casino import TEXT
from ..variants.casino.game import CasinoWar
from ..variants.casino.hands import HandResult
from . import plotly_source
from .cards import PIPS
from .component.messages import (
    CasinoBack,
    CasinoCard,
    CasinoChart,
    CasinoControls,
    CasinoSetup,
    CasinoTable,
    CasinoText,
    Spot,
)

__all__ = ["CasinoWarWidget", "casino_table", "card_code", "TABLE_W", "TABLE_H", "CARD_W", "CARD_H", "RANK_PX"]

HERE = Path(__file__).parent / "component"
_log = logging.getLogger(__name__)
# The table's own units (the browser scales them to the width it is given, times devicePixelRatio).
TABLE_W, TABLE_H = 1280, 600
CARD_W, CARD_H = 150, 210
RANK_PX = 68            # the corner rank at the table's natural width of 640 CSS px: 34 CSS px [000]
CSS_WIDTH = 640         # the table's natural width in CSS px
COLOURS = {"good": "#ffd54f", "bad": "#ff8a80", "tie": "#ffffff"}
DEALER_Y, PLAYER_Y = 40, 350
FIRST_X, BURN_X, WAR_X = 190, 420, 690
_PIPS = {str(rank): [list(spot) for spot in spots] for rank, spots in PIPS.items()}   # the War table's
_SUIT_LETTER = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}
_BUTTONS = ("chip", "chip_tip", "clear", "clear_tip", "tie", "tie_tip", "deal", "deal_tip", "war", "war_tip",
            "surrender", "surrender_tip", "new", "new_tip", "bet_row", "trace_bankroll", "trace_ties",
            "chart_title", "chart_x", "chart_y")


def card_code(rank: int, suit: str) -> str:
    """The shared card faces' code ("14S", "9H") of a Casino War rank shown with a suit sign."""
    return f"{rank}{_SUIT_LETTER.get(suit, 'S')}"


def casino_table(view: CasinoView, word: Callable[..., str]) -> CasinoTable:
    """The table's picture from the session's view: face-up cards (code, spot, order dealt),
    backs (the burns), empty slots, and every word drawn (text, spot, size, colour, align)."""
    text: list[CasinoText] = []

    def say(t: str, x: float, y: float, px: int, colour: str = "#ffffff", align: str = "center",
            role: str = "") -> None:
        text.append({"text": t, "x": x, "y": y, "px": px, "colour": colour, "align": align, "role": role})

    for key, y in (("dealer", DEALER_Y), ("you", PLAYER_Y)):
        say(word(key), 24, y + CARD_H / 2, 34, align="left", role="seat")
    cards: list[CasinoCard] = []
    backs: list[CasinoBack] = []
    slots: list[Spot] = []
    hand = view.hand
    if hand is None:
        slots = [{"x": x, "y": y} for x in (FIRST_X, WAR_X) for y in (DEALER_Y, PLAYER_Y)]
    else:
        suits = view.suits

        def card(slot: str, rank: int, x: float, y: float) -> None:
            cards.append({"slot": slot, "code": card_code(rank, suits[slot]), "x": x, "y": y,
                          "order": len(cards) + len(backs)})

        card("player", hand.player, FIRST_X, PLAYER_Y)
        card("dealer", hand.dealer, FIRST_X, DEALER_Y)
        middle = (DEALER_Y + CARD_H + PLAYER_Y) / 2
        say(view.comparisons[0], FIRST_X + CARD_W / 2, middle, 40, "#ffffff", role="compare")
        if hand.war_player is not None and hand.war_dealer is not None:     # went to war
            for i in range(len(hand.burns)):
                backs.append({"x": BURN_X + 36 * i, "y": DEALER_Y, "order": len(cards) + len(backs)})
            say(word("burned", n=len(hand.burns)), BURN_X + 36 + CARD_W / 2, DEALER_Y + CARD_H + 40, 30)
            card("war_player", hand.war_player, WAR_X, PLAYER_Y)
            card("war_dealer", hand.war_dealer, WAR_X, DEALER_Y)
            say(view.comparisons[1], WAR_X + CARD_W / 2, middle, 40, "#ffffff", role="compare")
    for i, t in enumerate(view.verdict):
        px = (64 if len(t) < 9 else 52) if i == 0 else 44
        say(t, 1050, 200 + 76 * i, px, COLOURS[view.tone], role="verdict")
    say(word("shoe_left", n=view.shoe_left), 1050, 540, 30, role="shoe")
    return {"w": TABLE_W, "h": TABLE_H, "card": [CARD_W, CARD_H], "rank_px": RANK_PX, "cards": cards,
            "backs": backs, "slots": slots, "text": text, "hand": None if hand is None else hand.number}


class CasinoWarWidget(anywidget.AnyWidget):
    """Casino War at a table: chips, Deal, War / Surrender, the cards and a live bankroll chart.

    >>> w = CasinoWarWidget(seed=1)
    >>> w.chip(10); result = w.deal()
    >>> len(w.chart["x"]) == len(w.session.history)
    True
    """

    CHIPS = CHIPS
    _esm = HERE / "table.js"
    _css = HERE / "table.css"

    game_kind = traitlets.Unicode("casino").tag(sync=True)  # which game table.js draws
    setup: Any = traitlets.Dict().tag(sync=True)            # the words of the buttons and the chart
    table: Any = traitlets.Dict().tag(sync=True)            # the picture (casino_table) + its beat id
    controls: Any = traitlets.Dict().tag(sync=True)         # what may be pressed (the session's controls)
    status = traitlets.Unicode("").tag(sync=True)           # the last sentence (shown when the cards land)
    rules = traitlets.Unicode("").tag(sync=True)            # the rules line (HTML from the session's words)
    bet_line = traitlets.Unicode("").tag(sync=True)         # bet, tie bet, bankroll, hands (HTML)
    chart: Any = traitlets.Dict().tag(sync=True)            # the bankroll series: x, y, tie_x, tie_y, start
    shown = traitlets.Int(0).tag(sync=True)                 # written by the browser: the beat on screen

    def __init__(self, decks: int = 6, bankroll: float = 1000, seed: int | None = None,
                 tie_bet: bool = False, tie_bonus: bool = False, *, session: CasinoWar | None = None,
                 lang: str = "en", **kwargs: Any) -> None:
        """Options as for `CasinoWar`; or pass a ready `session` (e.g. `CasinoWar.from_shoe(...)`);
        ``lang`` "en" or "ja" for every word on the buttons, the table and the chart.  The play
        session is ``casino_session``; ``session`` stays the engine's table (``CasinoWar``)."""
        self.casino_session = CasinoSession(decks, bankroll, seed, tie_bet, tie_bonus, game=session, lang=lang)
        self._beat = 0
        # the browser's messages: each `do` (src/types.js CasinoMessage, messages.py) and what answers it
        self.actions: dict[str, Callable[[dict[str, Any]], object]] = {
            "chip": self._chip_message, "tie": self._tie_message, "deal": self._deal_message,
            "clear": lambda _: self._guard(self.clear_bet), "war": lambda _: self._guard(self.war),
            "surrender": lambda _: self._guard(self.surrender), "new": lambda _: self._guard(self.new_session),
            plotly_source.PLOTLY_REQUEST: lambda c: plotly_source.answer(self, c),
        }
        super().__init__(**kwargs)
        self.on_msg(self._on_action)
        self.casino_session.subscribe(self._show)
        self._refresh(new_beat=True)

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

    def chart_series(self) -> tuple[list[int], list[float]]:
        """The bankroll line as the chart draws it (hand numbers, bankroll after each)."""
        return list(self.chart.get("x", [])), list(self.chart.get("y", []))

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

    def click(self, action: str, **content: Any) -> None:
        """Do what a button in the browser does: ``"chip"`` with ``amount``, ``"clear"``, ``"tie"``
        with ``on``, ``"deal"``, ``"war"``, ``"surrender"``, ``"new"``.  For scripts and tests."""
        self._on_action(self, {"do": action, **content}, None)

    # ---------------------------------------------------------- internals

    def _on_action(self, _widget: object, content: object, _buffers: object) -> None:
        """A button in the browser: the same method a script calls (``self.actions[do]``); an
        illegal click is explained in the narration, never raised into the page; an action the
        table does not know changes nothing and is logged, naming the ones it knows."""
        if not isinstance(content, dict):
            return
        do = content.get("do")
        act = self.actions.get(do) if isinstance(do, str) else None
        if act is None:
            _log.warning("Casino War's table sent the action %r; the actions are %s", str(do)[:40],
                         ", ".join(self.actions))
            return
        act(content)

    def _chip_message(self, content: dict[str, Any]) -> None:
        """A chip: ``amount`` one of the chips (another amount: nothing)."""
        amount = content.get("amount")
        if isinstance(amount, int) and amount in self.CHIPS:
            self._guard(self.chip, amount)

    def _tie_message(self, content: dict[str, Any]) -> None:
        """The tie bet toggle: ``on`` as the page shows it (the same as now: the controls again)."""
        if bool(content.get("on")) != self.session.tie_bet:
            self._guard(self.set_tie_bet, bool(content.get("on")))
        else:
            self._refresh(new_beat=False)

    def _deal_message(self, content: dict[str, Any]) -> None:
        """Deal, pressed on the picture ``on`` (an earlier picture: a double click, dropped)."""
        if "on" in content and content["on"] != self._beat:
            return
        self._guard(self.deal)

    def _guard(self, action: Callable[..., object], *args: object) -> None:
        """Run a button's action; an illegal click is explained, never raised into the page."""
        self.casino_session.attempt(action, *args)   # a refusal's sentence reaches _show too

    def _t(self, key: str, **fields: object) -> str:
        """The word ``key`` in the widget's language."""
        return self.casino_session.word(key, **fields)

    def _show(self, shown: CasinoShown) -> None:
        """One action of the session: the chart's new points (or a fresh chart), the controls, the table."""
        self._refresh(new_beat=bool(shown.beats) or shown.restart)

    def _chart(self) -> CasinoChart:
        points = self.casino_session.points
        return {"x": [p.hand for p in points], "y": [p.bankroll for p in points],
                "tie_x": [p.hand for p in points if p.tie], "tie_y": [p.bankroll for p in points if p.tie],
                "start": self.casino_session.game.bankroll_history[0]}

    def _refresh(self, new_beat: bool) -> None:
        """Every control as the session allows it now, the last sentence, the chart, the table."""
        can = self.casino_session.controls()
        view = self.casino_session.view()
        t = TEXT[self.lang]
        if new_beat:
            self._beat += 1
        with self.hold_sync():
            setup: CasinoSetup = {"lang": self.lang, "chips": list(self.CHIPS), "width": CSS_WIDTH,
                                  "words": {k: t[k] for k in _BUTTONS}, "pips": _PIPS}
            controls: CasinoControls = {"chips": {str(a): on for a, on in can.chips}, "clear": can.can_clear,
                                        "deal": can.can_deal, "war": can.can_war, "surrender": can.can_surrender,
                                        "tie": can.tie_bet, "tie_locked": can.tie_locked, "new": True}
            self.setup, self.controls = setup, controls
            self.rules = view.rules
            self.bet_line = view.bet_line
            self.status = self.narration[-1] if self.narration else ""
            self.chart = self._chart()
            table: CasinoTable = {**casino_table(view, self._t), "id": self._beat}
            self.table = table

    def __repr__(self) -> str:
        return f"CasinoWarWidget({self.casino_session!r})"
