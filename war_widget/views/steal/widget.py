"""StealWarWidget: play Steal War against the computer in a notebook.

A thin view and controller over ``war_widget.variants.steal.StealWarGame``: every rule, every legal
choice and every steal comes from the engine (``legal_actions()``, the events of ``step()``);
this module draws the table, enables what the engine allows, narrates each beat and animates
the steals.  Every button is also a public method (``flip``, ``steal``, ``choose_top``,
``step``, ``new_game``, ...) so tests and scripts drive the widget exactly as a click would.

The table (``table.py``) is drawn with the same cards and draw operations (``views.cards``,
``views.ops``) and batched painter as the War widget, on one canvas of twice its CSS size.
"""
from __future__ import annotations

from collections.abc import Callable

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from ...game.cards import Card
from ...game.events import Collected, Compared, Event, GameOver
from ...text.i18n import check_lang, player_names
from ...text.narration import card_text
from ...text.steal import TEXT, narrate_steal
from ...variants.steal import (
    POLICIES,
    ChooseTop,
    Play,
    Steal,
    StealWarGame,
    Stolen,
    Swapped,
)
from ...variants.steal.policies import least_matchable_top
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

OPPONENTS = ("greedy", "always", "never")

# --- the widget ---------------------------------------------------------------------------
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
        if game is not None and not isinstance(game, StealWarGame):
            raise ValueError(f"game must be a StealWarGame (e.g. StealWarGame.from_hands(...)) or None; "
                             f"got {game!r:.60}")
        self.lang = check_lang(lang)
        self._opponent = _check_opponent(opponent)
        self.names = tuple(player_names("cpu", 2, lang))
        self.narration: list[str] = []
        self.animations = 0  # flights drawn (steals and collects), for tests
        self.top_buttons: list[widgets.Button] = []
        self._winner: int | None = None
        self._banner: str | None = None
        self._hidden: tuple[int, ...] = ()
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
        self.new_button = widgets.Button(description=t["new"], layout=widgets.Layout(width="150px"))
        self.opponent_picker = widgets.Dropdown(options=[(t[f"opp_{o}"], o) for o in OPPONENTS], value=opponent,
                                                description=t["opponent"], layout=widgets.Layout(width="260px"))
        self.auto_top = widgets.Checkbox(value=False, description=t["auto_top"], indent=False)
        self.top_box = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.flip_button.on_click(lambda _b: self._guard(self.flip))
        self.steal_button.on_click(lambda _b: self._guard(self.steal))
        self.step_button.on_click(lambda _b: self._guard(self.step))
        self.new_button.on_click(lambda _b: self._guard(self.new_game))
        self.opponent_picker.observe(lambda ch: self._guard(self.set_opponent, ch["new"]), names="value")
        self.auto_top.observe(lambda ch: self._guard(self._auto_top_changed), names="value")
        controls = widgets.HBox([self.flip_button, self.steal_button, self.step_button, self.new_button])
        options = widgets.HBox([self.opponent_picker, self.auto_top])
        super().__init__(children=[self.rules, self.canvas, self.status, controls, self.top_box, options])
        self._start(game if game is not None else StealWarGame(2, seed, self._policies()))

    # ------------------------------------------------------------ actions (the buttons)
    def flip(self) -> None:
        """Play on: the Flip button.  During your steal decision it plays your card instead."""
        game = self.game
        if game.is_over:
            self._say(TEXT[self.lang]["over"])
            return
        if self._yours():
            if game.phase == "choose":
                raise ValueError(TEXT[self.lang]["wait_top"])
            game.apply(Play())
        self._run(until_round_end=True)

    play = flip

    def steal(self, victim: int = 1) -> None:
        """Steal ``victim``'s pile with your next card (the Steal button)."""
        if not self._yours() or Steal(victim) not in self.game.legal_actions():
            raise ValueError(TEXT[self.lang]["cant_steal"])
        self.game.apply(Steal(victim))
        self._run(until_round_end=True)

    def choose_top(self, card: Card | str | None = None) -> None:
        """Put ``card`` (one of the cards you just won) on top of your pile; None: the card
        least likely to be matched (what the greedy computer would choose)."""
        legal = self.game.legal_actions() if self._yours() else []
        if not legal or not isinstance(legal[0], ChooseTop):
            raise ValueError(TEXT[self.lang]["no_top"])
        tops = [a for a in legal if isinstance(a, ChooseTop)]
        chosen = None if card is None else card if isinstance(card, Card) else Card.parse(card)
        action = least_matchable_top(self.game, legal) if chosen is None else ChooseTop(chosen)
        if action not in legal:
            assert chosen is not None                        # the greedy choice is always legal
            sep = ", " if self.lang == "en" else "、"
            raise ValueError(TEXT[self.lang]["not_won"].format(
                card=card_text(chosen, self.lang), cards=sep.join(card_text(a.card, self.lang) for a in tops)))
        self.game.apply(action)
        self._run(until_round_end=True)

    def step(self) -> Event | None:
        """One beat (the Step button): for a teacher walking through a steal or a war."""
        if self.game.is_over:
            self._say(TEXT[self.lang]["over"])
            return None
        if self._yours():
            self._prompt()
            return None
        return self._run(until_round_end=False)

    def new_game(self, seed: int | None = None) -> None:
        """Deal a new game (a fresh seed unless one is given)."""
        self._start(StealWarGame(2, seed, self._policies()))

    def set_opponent(self, name: str) -> None:
        """Change the computer's policy (greedy, always, never) from its next decision on."""
        self._opponent = _check_opponent(name)
        self.game.policies = self._policies()
        if self.opponent_picker.value != name:
            self.opponent_picker.value = name

    def set_auto_top(self, on: bool) -> None:
        """Let the computer choose your top card (the least matchable won card) from now on."""
        self.auto_top.value = bool(on)

    def redraw(self) -> None:
        """Draw the whole table from the game's state (also when a new view connects)."""
        with hold_canvas():
            self._paint(self.view())

    def view(self) -> StealView:
        """The snapshot the canvas shows now."""
        game = self.game
        legal = game.legal_actions() if self._yours() else []
        targets = tuple(a.victim for a in legal if isinstance(a, Steal))
        choosing = tuple(a.card for a in legal if isinstance(a, ChooseTop))
        return StealView(self.names, tuple(len(h) for h in game.hands), tuple(tuple(w) for w in game.piles),
                         game.table, game.looking_at(0), targets, game.protected, choosing, self._winner,
                         self._banner, self.lang, self._hidden)

    # ------------------------------------------------------------------ internals
    def _policies(self) -> tuple:
        return (None, POLICIES[self._opponent])

    def _start(self, game: StealWarGame) -> None:
        if game.players != 2:
            raise ValueError(f"the widget plays two players (you and the computer); got {game.players}")
        game.policies = (None, game.policies[1] or POLICIES[self._opponent])
        self.game = game
        self._winner, self._banner, self._hidden = None, None, ()
        self.narration = []
        self._say(TEXT[self.lang]["start"].format(code=game.code) if game.code else TEXT[self.lang]["start_scripted"])
        self._after_beats()

    def _yours(self) -> bool:
        return self.game.to_act == 0

    def _run(self, until_round_end: bool) -> Event | None:
        """Step the engine (the computer deciding by its policy) until you must decide, the
        round is over (``until_round_end``) or after one beat.  Every beat is narrated and drawn
        in ONE held canvas batch: a pause after each beat, steals and collects flying."""
        game = self.game
        start_round = game.round_number
        last = None
        with hold_canvas():
            while not game.is_over or game._queue:
                if game.to_act == 0:
                    break
                event = game.step()
                if event is None:
                    break
                if last is not None:
                    self.canvas.sleep(BEAT_MS)
                last = event
                self._show(event)
                if not until_round_end or (game.round_number > start_round and not game._queue):
                    break
            self._paint(self.view())
        self._after_beats()
        return last

    def _show(self, event: Event) -> None:
        """Narrate one beat and draw it (inside the caller's held batch)."""
        self._say(narrate_steal(event, self.lang, self.names))
        if isinstance(event, Compared):
            self._winner = event.winner
            self._banner = None if event.winner is not None else TEXT[self.lang]["war_bang"]
        elif isinstance(event, Collected):
            self._fly([(None, (BATTLE_X, BATTLE_Y[event.winner]), event.winner, event.cards[-1], len(event.cards))])
            self._winner = self._banner = None
        elif isinstance(event, GameOver):
            self._banner = self._result_banner(event)
        if isinstance(event, Stolen):
            self._fly([(event.victim, pile_xy(event.victim), event.player, event.card, event.pile_size + 1)])
        elif isinstance(event, Swapped):
            (a, ca), (b, cb) = event.cards
            self._fly([(b, pile_xy(b), a, ca, event.sizes[1] + 1), (a, pile_xy(a), b, cb, event.sizes[0] + 1)])
        else:
            self._paint(self.view())

    def _fly(self, moves: list[tuple[int | None, tuple[float, float], int, Card | None, int]]) -> None:
        """Cards flying to a pile: (source, start, destination seat, card on top, how many).
        The destination piles are hidden until the cards land; frames are separated by
        ``canvas.sleep`` inside the held batch, so the browser replays them from one message."""
        self._hidden = tuple(dst for _, _, dst, _, _ in moves)
        base = steal_table_ops(self.view())
        flights = [flight_ops(card, start, pile_xy(dst), size) for _, start, dst, card, size in moves]
        for frame in zip(*flights, strict=True):   # every flight has FRAMES frames
            self.painter.begin()
            self.painter.clear()
            self.painter.paint(base + [op for ops in frame for op in ops])
            self.canvas.sleep(FRAME_MS)
        self._hidden = ()
        self._paint(self.view())
        self.animations += 1

    def _paint(self, view: StealView) -> None:
        self.painter.begin()
        self.painter.clear()
        self.painter.paint(steal_table_ops(view))

    def _after_beats(self) -> None:
        """A decision of yours is waiting: explain it (or choose the top for you if asked)."""
        game = self.game
        if self._yours() and game.phase == "choose" and self.auto_top.value:
            game.apply(least_matchable_top(game, game.legal_actions()))
            self._run(until_round_end=True)
            return
        if self._yours():
            self._prompt()
        self._refresh()

    def _prompt(self) -> None:
        t = TEXT[self.lang]
        game = self.game
        legal = game.legal_actions()
        if legal and isinstance(legal[0], ChooseTop):
            self._say(t["your_top"].format(n=len(legal)))
        elif legal:
            victim = next(a.victim for a in legal if isinstance(a, Steal))
            looking = game.looking_at(0)
            assert looking is not None                        # a steal is legal: you hold a card
            self._say(t["your_steal"].format(card=card_text(looking, self.lang), victim=self.names[victim],
                                             n=len(game.piles[victim])))

    def _refresh(self) -> None:
        """Enable what the engine allows now; the top-card buttons; redraw."""
        game = self.game
        t = TEXT[self.lang]
        legal = game.legal_actions() if self._yours() else []
        deciding = bool(legal) and not isinstance(legal[0], ChooseTop)
        choosing = bool(legal) and isinstance(legal[0], ChooseTop)
        self.flip_button.description = t["play"] if deciding else t["flip"]
        self.flip_button.disabled = game.is_over or choosing
        self.steal_button.disabled = not any(isinstance(a, Steal) for a in legal)
        self.step_button.disabled = game.is_over or bool(legal)
        buttons = []
        if choosing:
            for action in legal:
                assert isinstance(action, ChooseTop)          # choosing: every legal action is a top card
                name = card_text(action.card, self.lang)
                b = widgets.Button(description=name, tooltip=t["top_tip"].format(card=name, code=action.card.code),
                                   layout=widgets.Layout(width="auto"))
                b.on_click(lambda _b, c=action.card: self._guard(self.choose_top, c))
                buttons.append(b)
            self.top_box.children = [widgets.Label(t["top_prompt"]), *buttons]
        else:
            self.top_box.children = []
        self.top_buttons = buttons
        last = _escape(self.narration[-1]) if self.narration else ""
        self.status.value = f"<span style='font-size:1.1em'>{last}</span>" if self.narration else ""
        self.redraw()

    def _auto_top_changed(self) -> None:
        if self.auto_top.value and self._yours() and self.game.phase == "choose":
            self._after_beats()
        else:
            self._refresh()

    def _result_banner(self, event: GameOver) -> str:
        o = event.outcome
        t = TEXT[self.lang]
        return t["draw"] if o.winner is None else t["you_win"] if o.winner == 0 else t["cpu_wins"]

    def _say(self, text: str) -> None:
        self.narration.append(text)
        self.status.value = f"<span style='font-size:1.1em'>{_escape(text)}</span>"

    def _guard(self, action: Callable, *args: object) -> None:
        """Run a button's action; an illegal click is explained, never raised into the page."""
        try:
            action(*args)
        except ValueError as error:
            self._say(TEXT[self.lang]["not_now"].format(error=self._error_text(error)))
            self._refresh()

    def _error_text(self, error: ValueError) -> str:
        """The widget's own messages are already in its language; an engine message (English)
        is not inserted into Japanese."""
        text = str(error)
        if self.lang == "en" or any(text == TEXT["ja"][k] for k in ("cant_steal", "no_top", "wait_top")) \
                or "から選んでください" in text:
            return text
        return TEXT[self.lang]["engine_error"]

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


def _check_opponent(name: str) -> str:
    if name not in OPPONENTS:
        raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}; got {name!r}")
    return name


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
