"""``StealSession``: one game of Steal War as a table plays it, you against the computer, with no
widget library.

Everything the Steal War widget decided lives here, each value with one owner: the game, the
computer's policy (``opponent``), "choose my top card for me" (``auto_top``), the narration, the
highlighted battle winner and the banner, your pending decision (steal or play, which won card on
top), Back (``back()``: the engine replays its own history, cut where the action began) and the
refusal of a move the engine does not allow.  Every action calls the engine
(``legal_actions()``, ``apply()``, ``step()``) and returns what to show, beat by beat, as a
``StealShown`` (``steal_view.py``), also told to every subscriber; no rule is decided here.

>>> s = StealSession(seed=3)
>>> s.game.counts
(27, 27)
>>> shown = s.flip()
>>> sum(s.game.counts) + len(s.game.table), shown.beats[0].event.kind
(54, 'flip')
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..game.cards import Card
from ..game.events import Collected, Compared, Event, GameOver
from ..text.i18n import check_lang, counts_text, label, player_names
from ..text.narration import card_text
from ..text.steal import TEXT, narrate_steal
from ..variants.steal.actions import Action, ChooseTop, Play, Steal
from ..variants.steal.events import Stolen, Swapped
from ..variants.steal.game import StealWarGame
from ..variants.steal.policies import POLICIES, least_matchable_top
from ..variants.steal.state import Policy
from .options import check_flag
from .steal_view import Move, StealBeat, StealControls, StealShown, StealView
from .told import Told

__all__ = ["StealSession", "OPPONENTS", "check_opponent"]

OPPONENTS = ("greedy", "always", "never")
YOU, COMPUTER = 0, 1


@dataclass(frozen=True)
class Mark:
    """Where Back returns: the game's history cut after ``log`` entries of its log (its last one a
    beat count of ``last``, which later beats extend), the position the replay must reach
    (``check``), and the highlights then.  A game without a history (loaded from a version-1
    save) keeps its whole text instead."""

    log: int
    last: int | None
    check: dict[str, Any]
    winner: int | None
    banner: str | None
    text: str | None = None


def check_opponent(name: object) -> str:
    """The computer's policy by name, else a ValueError naming the allowed ones."""
    if not isinstance(name, str) or name not in OPPONENTS:
        raise ValueError(f"opponent must be one of {', '.join(OPPONENTS)}; got {name!r}")
    return name


class StealSession(Told[StealShown]):
    """Steal War at a table: you (seat 0) against the computer (seat 1).

    ``opponent``: the computer's policy (greedy, always, never).  ``game``: a ready game (e.g.
    ``StealWarGame.from_hands(...)``) whose seat 1 is the computer; its own seat-1 policy, if
    any, is kept.  ``auto_top``: the computer chooses your top card (the least matchable)."""

    shown_type = StealShown

    def __init__(self, seed: int | None = None, lang: str = "en", opponent: str = "greedy", *,
                 game: StealWarGame | None = None, auto_top: bool = False) -> None:
        if game is not None and not isinstance(game, StealWarGame):
            raise ValueError(f"game must be a StealWarGame (e.g. StealWarGame.from_hands(...)) or None; "
                             f"got {game!r:.60}")
        self.lang = check_lang(lang)
        self.opponent = check_opponent(opponent)
        self.auto_top = check_flag("auto_top", auto_top)
        self.names = tuple(player_names("cpu", 2, self.lang))
        super().__init__()
        self.winner: int | None = None      # the battle winner highlighted on the table
        self.banner: str | None = None      # "WAR!", the result
        self.marks: list[Mark] = []         # where Back returns, one per action that played
        self.game = self._checked(game if game is not None else StealWarGame(2, seed, self._policies()))
        self._start(self.game)

    # ------------------------------------------------------------------ what is shown
    @property
    def yours(self) -> bool:
        """A decision of yours (seat 0) is pending."""
        return self.game.to_act == YOU

    @property
    def can_go_back(self) -> bool:
        return bool(self.marks)

    def view(self) -> StealView:
        """What the table shows now."""
        game = self.game
        legal = game.legal_actions() if self.yours else []
        return StealView(self.names, tuple(len(h) for h in game.hands), tuple(tuple(w) for w in game.piles),
                         game.table, game.looking_at(YOU), tuple(a.victim for a in legal if isinstance(a, Steal)),
                         game.protected, tuple(a.card for a in legal if isinstance(a, ChooseTop)), self.winner,
                         self.banner, self.lang)

    def controls(self) -> StealControls:
        """What you may press now: Flip (or "Play my card" during your steal), Steal, Step, a top card."""
        game = self.game
        legal = game.legal_actions() if self.yours else []
        choosing = bool(legal) and isinstance(legal[0], ChooseTop)
        deciding = bool(legal) and not choosing
        return StealControls("play" if deciding else "flip", not game.is_over and not choosing,
                             any(isinstance(a, Steal) for a in legal), not game.is_over and not legal,
                             tuple(a.card for a in legal if isinstance(a, ChooseTop)))

    def word(self, key: str) -> str:
        """A word of the table in the session's language."""
        return TEXT[self.lang][key]

    # ------------------------------------------------------------------ actions
    def flip(self) -> StealShown:
        """Play on (the Flip button); during your steal decision it plays your card instead."""
        game = self.game
        if game.is_over:
            return self._said("flip", self.word("over"))
        if self.yours and game.phase == "choose":
            raise ValueError(self.word("wait_top"))
        return self._play("flip", Play() if self.yours else None)

    def steal(self, victim: int = COMPUTER) -> StealShown:
        """Steal ``victim``'s pile with your next card (the Steal button)."""
        if isinstance(victim, bool) or not isinstance(victim, int) or victim not in range(1, self.game.players):
            raise ValueError(f"victim must be the seat of the pile to steal (1, the computer); got {victim!r:.40}")
        if not self.yours or Steal(victim) not in self.game.legal_actions():
            raise ValueError(self.word("cant_steal"))
        return self._play("steal", Steal(victim))

    def choose_top(self, card: Card | str | None = None) -> StealShown:
        """Put ``card`` (one of the cards you just won) on top of your pile; None: the card least
        likely to be matched (what the greedy computer would choose)."""
        legal = self.game.legal_actions() if self.yours else []
        if not legal or not isinstance(legal[0], ChooseTop):
            raise ValueError(self.word("no_top"))
        if card is not None and not isinstance(card, (Card, str)):
            raise ValueError(f"card must be a Card, a card code like 'KS', or None; got {card!r:.40}")
        chosen = None if card is None else card if isinstance(card, Card) else Card.parse(card)
        action = least_matchable_top(self.game, legal) if chosen is None else ChooseTop(chosen)
        if action not in legal:
            assert chosen is not None                        # the greedy choice is always legal
            sep = ", " if self.lang == "en" else "、"
            tops = sep.join(card_text(a.card, self.lang) for a in legal if isinstance(a, ChooseTop))
            raise ValueError(self.word("not_won").format(card=card_text(chosen, self.lang), cards=tops))
        return self._play("top", action)

    def step(self) -> StealShown:
        """One beat (the Step button): for a teacher walking through a steal or a war.  When your
        decision is pending, it is explained and nothing is played."""
        if self.game.is_over:
            return self._said("step", self.word("over"))
        if self.yours:
            self._prompt()
            return self._emit("step", ())
        return self._play("step", None, until_round_end=False)

    def new_game(self, seed: int | None = None) -> StealShown:
        """Deal a new game (a fresh seed unless one is given)."""
        self.game = self._checked(StealWarGame(2, seed, self._policies()))
        return self._start(self.game)

    def replay(self, code: str) -> StealShown:
        """Deal the game number ``code`` again (the table's game-number box and Replay): the same
        deal and shuffles; one that is not a Steal War game number is a ValueError saying so."""
        if not isinstance(code, str):
            raise ValueError(f"a Steal War game number is text such as 'steal_war-12'; got {code!r:.40}")
        self.game = self._checked(StealWarGame.from_code(code.strip(), self._policies()))
        return self._start(self.game)

    def set_opponent(self, name: str) -> StealShown:
        """The computer's policy (greedy, always, never) from its next decision on."""
        self.opponent = check_opponent(name)
        self.game.policies = self._policies()
        return self._emit("opponent", ())

    def set_auto_top(self, on: bool) -> StealShown:
        """Let the computer choose your top card (the least matchable won card) from now on; a
        choice waiting now is made at once."""
        self.auto_top = check_flag("auto_top", on)
        mark = self._mark()
        return self._whole(mark, lambda: self._after("auto_top", [], mark=mark))

    def back(self) -> StealShown:
        """Undo your last move (a flip, a steal, a top card, a step) with the computer's answer to
        it: the engine replays this game's history up to where the move began.  Playing on gives
        the same game again (the same deal, the same shuffles, the same computer)."""
        if not self.marks:
            return self._said("back", label("nothing_to_undo", self.lang))
        game = self._restore(self.marks.pop())
        counts = counts_text(self.names, game.counts, self.lang)
        n = game.round_number
        key = "back_mid_line" if game.in_round else "back_deal_line" if n == 0 else "back_line"
        self.narration.append(label(key, self.lang, n=n + 1 if game.in_round else n, counts=counts))
        return self._after("back", [], restart=True)

    # ------------------------------------------------------------------ internals
    def _policies(self) -> tuple[Policy | None, ...]:
        return (None, POLICIES[self.opponent])

    def _checked(self, game: StealWarGame) -> StealWarGame:
        if game.players != 2:
            raise ValueError(f"the table plays two players (you and the computer); got {game.players}")
        game.policies = (None, game.policies[COMPUTER] or POLICIES[self.opponent])
        return game

    def _start(self, game: StealWarGame) -> StealShown:
        self.winner, self.banner = None, None
        self.marks = []
        self.narration = []
        self.narration.append(self.word("start").format(code=game.code) if game.code
                              else self.word("start_scripted"))
        shown = self._after("new_game", [], restart=True)
        return shown

    def _run(self, until_round_end: bool) -> list[StealBeat]:
        """Step the engine (the computer deciding by its policy) until you must decide, the round
        is over (``until_round_end``) or after one beat."""
        game = self.game
        start_round = game.round_number
        beats: list[StealBeat] = []
        while not self.yours:
            event = game.step()
            if event is None:
                break
            beats.append(self._beat(event))
            if not until_round_end or (game.round_number > start_round and not game.beats_waiting):
                break
        return beats

    def _beat(self, event: Event) -> StealBeat:
        """Tell one beat: its sentence, the highlights it leaves, the piles that fly."""
        sentence = narrate_steal(event, self.lang, self.names)
        self.narration.append(sentence)
        moves: tuple[Move, ...] = ()
        if isinstance(event, Compared):
            self.winner = event.winner
            self.banner = None if event.winner is not None else self.word("war_bang")
        elif isinstance(event, Collected):
            moves = (Move("battle", event.winner, event.winner, event.cards[-1], len(event.cards)),)
            self.winner = self.banner = None
        elif isinstance(event, GameOver):
            winner = event.outcome.winner
            self.banner = self.word("draw" if winner is None else "you_win" if winner == YOU else "cpu_wins")
        elif isinstance(event, Stolen):
            moves = (Move("pile", event.victim, event.player, event.card, event.pile_size + 1),)
        elif isinstance(event, Swapped):
            (a, ca), (b, cb) = event.cards
            moves = (Move("pile", b, a, ca, event.sizes[1] + 1), Move("pile", a, b, cb, event.sizes[0] + 1))
        game = self.game
        return StealBeat(event, self.view(), sentence, len(self.narration), game.round_number, game.counts, moves)

    def _after(self, action: str, beats: list[StealBeat], restart: bool = False,
               mark: Mark | None = None) -> StealShown:
        """After the engine's beats: your top card chosen for you if asked, your decision
        explained; Back returns to ``mark`` if the action played."""
        game = self.game
        while self.yours and game.phase == "choose" and self.auto_top:
            game.apply(least_matchable_top(game, game.legal_actions()))
            beats += self._run(until_round_end=True)
        if mark is not None and self._mark() != mark:
            self.marks.append(mark)
        if self.yours:
            self._prompt()
        return self._emit(action, tuple(beats), restart=restart)

    def _play(self, action: str, decision: Action | None, until_round_end: bool = True) -> StealShown:
        """Make your ``decision`` (if any) and play on until you decide again: all or nothing."""
        mark = self._mark()

        def play() -> StealShown:
            if decision is not None:
                self.game.apply(decision)
            return self._after(action, self._run(until_round_end), mark=mark)
        return self._whole(mark, play)

    def _whole(self, mark: Mark, play: Callable[[], StealShown]) -> StealShown:
        """Run ``play``; if it is interrupted (the notebook's stop button) or fails half-way, the
        game goes back to ``mark``, where the action began, and the narration says so."""
        try:
            return play()
        except BaseException:
            if self._mark() != mark:
                game = self._restore(mark)
                self.narration.append(label("notice_interrupted", self.lang, round=game.round_number))
            raise

    def _restore(self, mark: Mark) -> StealWarGame:
        """The game as it stood at ``mark``: the engine replays its own history, cut there."""
        policies = (None, self.game.policies[COMPUTER])
        if mark.text is not None:
            game = StealWarGame.from_json(mark.text, policies)
        else:
            state = json.loads(self.game.to_json())
            log = state["log"][:mark.log]
            if mark.last is not None:
                log[-1] = mark.last
            state.update(log=log, check=mark.check, ended_now=False)   # the engine's notation, cut
            game = StealWarGame.from_json(json.dumps(state), policies)
        self.game = game
        self.winner, self.banner = mark.winner, mark.banner
        return game

    def _mark(self) -> Mark:
        """Where the game stands now, as Back returns to it."""
        game = self.game
        where = game.log_position
        if where is None or game.is_over:       # no history to cut (or an ended game: its whole text)
            return Mark(0, None, {}, self.winner, self.banner, text=game.to_json())
        check = {"round": game.round_number, "counts": list(game.counts), "phase": game.phase}
        return Mark(*where, check, self.winner, self.banner)

    def _prompt(self) -> None:
        legal = self.game.legal_actions()
        if legal and isinstance(legal[0], ChooseTop):
            self.narration.append(self.word("your_top").format(n=len(legal)))
        elif legal:
            victim = next(a.victim for a in legal if isinstance(a, Steal))
            looking = self.game.looking_at(YOU)
            assert looking is not None                        # a steal is legal: you hold a card
            self.narration.append(self.word("your_steal").format(
                card=card_text(looking, self.lang), victim=self.names[victim], n=len(self.game.piles[victim])))

    def refusal(self, error: ValueError) -> str:
        """"Not now: ..." in the session's language.  Its own messages are already in it; an engine
        message (English) is not inserted into Japanese."""
        text = str(error)
        own = tuple(TEXT["ja"][k] for k in ("cant_steal", "no_top", "wait_top"))
        if not (self.lang == "en" or text in own or "から選んでください" in text):
            text = self.word("engine_error")
        return self.word("not_now").format(error=text)

    def __repr__(self) -> str:
        return f"<StealSession {self.game!r} opponent={self.opponent!r}>"
