"""StealWarWidget: play Steal War against the computer in a notebook (one anywidget component).

A thin view over ``war_widget.session.steal.StealSession``, which owns the play (the game, the
computer's policy, your decisions, the narration, the highlights); every rule comes from the
engine through it.  Each ``StealShown`` the session reports becomes a list of beats for the
browser (``table.steal_beat``: the picture in table units, the sentence, the piles that fly);
the War table's own module (``views/component/table.js``, ``game_kind == "steal"``) draws them with
the shared card faces, felt and badges, one after another on ``requestAnimationFrame``, and
prints each beat's sentence when its picture is complete.  Every button is also a public method
(``flip``, ``steal``, ``choose_top``, ``step``, ``back``, ``new_game``, ...) and ``click(name, ...)``
sends a button's message, so tests and scripts drive the widget exactly as a click would.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import anywidget
import traitlets

from ...game.cards import Card
from ...game.events import Event
from ...session.steal import OPPONENTS, StealSession
from ...session.steal_view import StealShown
from ...text.i18n import label
from ...text.narration import card_text
from ...text.steal import TEXT
from ...variants.steal.game import StealWarGame
from ..cards import PIPS
from ..component.messages import StealBeat, StealControls, StealPicture, StealSetup
from .table import CSS_WIDTH, StealView, steal_beat, steal_picture

__all__ = ["StealWarWidget", "OPPONENTS", "BACKLOG"]

HERE = Path(__file__).parent.parent / "component"
_log = logging.getLogger(__name__)
BACKLOG = 24        # unshown beats kept for the browser; beyond, only where the game stands is sent
_PIPS = {str(rank): [list(spot) for spot in spots] for rank, spots in PIPS.items()}
_WORDS = ("flip", "play", "steal", "step", "new", "auto_top", "opponent", "top_prompt", "opp_greedy",
          "opp_always", "opp_never")


class StealWarWidget(anywidget.AnyWidget):
    """Steal War at a table: you (bottom) against the computer (top).

    >>> w = StealWarWidget(seed=3)
    >>> w.game.counts
    (27, 27)
    >>> w.flip(); sum(w.game.counts) + len(w.game.table)
    54
    """

    _esm = HERE / "table.js"
    _css = HERE / "table.css"

    game_kind = traitlets.Unicode("steal").tag(sync=True)       # which game table.js draws
    setup: Any = traitlets.Dict().tag(sync=True)            # words of the buttons, pips, natural width
    beats: Any = traitlets.List().tag(sync=True)            # beats the browser has not shown yet (+ the last)
    controls: Any = traitlets.Dict().tag(sync=True)         # what may be pressed (the session's controls)
    rules = traitlets.Unicode("").tag(sync=True)            # the rules line (HTML of the text module)
    shown = traitlets.Int(0).tag(sync=True)                 # written by the browser: the beat on screen

    def __init__(self, seed: int | None = None, lang: str = "en", opponent: str = "greedy", *,
                 game: StealWarGame | None = None, **kwargs: Any) -> None:
        """``opponent``: the computer's policy (greedy, always, never).  ``game``: a ready game
        (e.g. ``StealWarGame.from_hands(...)``) whose seat 1 is the computer."""
        self.session = StealSession(seed, lang, opponent, game=game)
        self.animations = 0  # beats sent whose piles fly (steals and collects), for tests
        self._next_id = 0
        # the browser's messages: each `do` (src/types.js StealMessage, messages.py) and what answers it
        self.actions: dict[str, Callable[[dict[str, Any]], object]] = {
            "flip": lambda _: self._guard(self.flip), "step": lambda _: self._guard(self.step),
            "back": lambda _: self._guard(self.back), "new": lambda _: self._guard(self.new_game),
            "steal": self._steal_message, "choose": self._choose_message, "opponent": self._opponent_message,
            "auto_top": self._auto_top_message,
            "replay": lambda c: self._guard(self.replay, str(c.get("code", ""))),
        }
        super().__init__(**kwargs)
        self.on_msg(self._on_action)
        self.session.subscribe(self._show)
        self._push([{"picture": steal_picture(self.view()), "sentence": self._last(), "moves": []}], cut=True)

    # ------------------------------------------------------------ the session's state
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

    @property
    def status(self) -> str:
        """The last sentence (what the page prints once the last beat is drawn)."""
        return self._last()

    @property
    def picture(self) -> StealPicture:
        """The table as the browser draws it after the last beat sent."""
        return cast(StealPicture, dict(self.beats[-1]["picture"]))

    def view(self) -> StealView:
        """The snapshot the table shows now."""
        return self.session.view()

    # ------------------------------------------------------------ actions (the buttons)
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

    def replay(self, code: str) -> None:
        """Play the game number ``code`` again (the game-number box and Replay, as War's)."""
        self.session.replay(code)

    def set_opponent(self, name: str) -> None:
        """Change the computer's policy (greedy, always, never) from its next decision on."""
        self.session.set_opponent(name)

    def set_auto_top(self, on: bool) -> None:
        """Let the computer choose your top card (the least matchable won card) from now on."""
        self.session.set_auto_top(on)

    def click(self, action: str, **content: Any) -> None:
        """Do what a control in the browser does: ``"flip"``, ``"steal"`` (``victim``), ``"choose"``
        (``card``: its code), ``"step"``, ``"back"``, ``"new"``, ``"opponent"`` (``name``),
        ``"auto_top"`` (``on``).  For scripts and tests."""
        self._on_action(self, {"do": action, **content}, None)

    def redraw(self) -> None:
        """Send the whole table again as it stands (a view that connects draws the last beat)."""
        self._push([{"picture": steal_picture(self.view()), "sentence": self._last(), "moves": []}], cut=True)

    # ------------------------------------------------------------------ what the browser is told
    def _last(self) -> str:
        return self.narration[-1] if self.narration else ""

    def _show(self, shown: StealShown) -> None:
        """One action of the session: its beats (pictures, sentences, flying piles), then the table
        as the action left it and the controls."""
        beats = [steal_beat(b) for b in shown.beats]
        self.animations += sum(1 for b in beats if b["moves"])
        beats.append({"picture": steal_picture(shown.view), "sentence": self._last(), "moves": []})
        self._push(beats, cut=shown.restart)

    def _push(self, new: list[StealBeat], cut: bool = False) -> None:
        for i, b in enumerate(new):
            self._next_id += 1
            b["id"] = self._next_id
            b["cut"] = cut and i == 0
        t = TEXT[self.lang]
        can = self.session.controls()
        with self.hold_sync():
            setup: StealSetup = {"lang": self.lang, "width": CSS_WIDTH, "pips": _PIPS,
                                 "words": {**{k: t[k] for k in _WORDS},
                                           **{k: label(k, self.lang) for k in ("back", "back_tip", "game_number",
                                                                               "replay")}},
                                 "opponents": list(OPPONENTS), "code": self.game.code or ""}
            self.setup = setup
            keep = [] if cut else [b for b in self.beats if b["id"] >= self.shown]
            beats = keep + new
            if len(beats) > BACKLOG:       # no browser keeps up (or none is there): show where it stands
                beats = beats[-1:]
            self.beats = beats
            self.rules = t["rules"]
            controls: StealControls = {
                "flip_word": t[can.flip_word], "flip": can.can_flip, "steal": can.can_steal, "step": can.can_step,
                "back": self.session.can_go_back, "new": True, "opponent": self.session.opponent,
                "auto_top": self.session.auto_top,
                "tops": [{"code": c.code, "name": card_text(c, self.lang),
                          "tip": t["top_tip"].format(card=card_text(c, self.lang), code=c.code)} for c in can.tops]}
            self.controls = controls

    def _on_action(self, _widget: object, content: object, _buffers: object) -> None:
        """A control in the browser: the same method a script calls (``self.actions[do]``); an
        illegal click is explained in the narration, never raised into the page; an action the
        table does not know changes nothing and is logged, naming the ones it knows."""
        if not isinstance(content, dict):
            return
        do = content.get("do")
        act = self.actions.get(do) if isinstance(do, str) else None
        if act is None:
            _log.warning("Steal War's table sent the action %r; the actions are %s", str(do)[:40],
                         ", ".join(self.actions))
            return
        act(content)

    def _steal_message(self, content: dict[str, Any]) -> None:
        """Steal ``victim``'s pile (none named: the computer's); a victim that is not a seat number: nothing."""
        victim = content.get("victim", 1)
        if isinstance(victim, int) and not isinstance(victim, bool):
            self._guard(self.steal, victim)

    def _choose_message(self, content: dict[str, Any]) -> None:
        """Your top card: ``card``, a card's code (anything else: nothing)."""
        card = content.get("card")
        if isinstance(card, str) and len(card) <= 3:
            self._guard(self.choose_top, card)

    def _opponent_message(self, content: dict[str, Any]) -> None:
        """The computer's policy: ``name``, one of OPPONENTS other than the one playing."""
        if content.get("name") in OPPONENTS and content.get("name") != self.session.opponent:
            self._guard(self.set_opponent, content["name"])

    def _auto_top_message(self, content: dict[str, Any]) -> None:
        """Let the computer choose your top card: ``on``."""
        if bool(content.get("on")) != self.session.auto_top:
            self._guard(self.set_auto_top, bool(content.get("on")))

    def _guard(self, action: Callable[..., object], *args: object) -> None:
        """Run a button's action; an illegal click is explained, never raised into the page."""
        self.session.attempt(action, *args)

    def __repr__(self) -> str:
        return f"<StealWarWidget {self.game!r}>"
