"""Steal War's decisions: the steal windows (looks), who may steal from whom, protection, and
the pending decision (``to_act``, ``legal_actions()``, ``apply()``).

The timing choices these follow are numbered in ``war_widget.variants.steal.game``'s docstring.
"""
from __future__ import annotations

from ...game.cards import Card
from .actions import PLAY, Action, ChooseTop, Play, Steal, action_to_json
from .events import Protected, StealDeclined, Stolen, Swapped, TopChosen
from .state import StealState

__all__ = ["StealDecisions"]


class StealDecisions(StealState):
    """A ``StealState`` with steal windows and decisions."""

    def looking_at(self, player: int) -> Card | None:
        """The card ``player`` sees during a steal window (the next card of their hand)."""
        if self._phase == "look" and player in self._fighters and self.hands[player]:
            return self.hands[player][0]
        return None

    @property
    def protected(self) -> tuple[int, ...]:
        """Players whose pile nobody may steal during the current look (timing choice 3)."""
        return self._look()[1] if self._phase == "look" else ()

    @property
    def steal_options(self) -> dict[int, tuple[int, ...]]:
        """During a look: each fighter who could steal now, and from whom."""
        return self._look()[0] if self._phase == "look" else {}

    # --- decisions -------------------------------------------------------------------------
    @property
    def to_act(self) -> int | None:
        """The seat that must decide before the game can go on, or None.  Beats already
        decided are shown first: while any is waiting for ``step()``, nobody is asked."""
        if self._queue:
            return None
        if self._phase == "look":
            options = self._look()[0]
            for p, victims in options.items():
                if p in self._decisions:
                    continue
                declined = self._declined.get(p)
                if declined and all(self._signature(v) in declined for v in victims):
                    continue  # timing choice 2: the decision to play stands
                return p
            return None
        if self._phase == "choose" and self._choosing:
            return self._winner
        return None

    def legal_actions(self) -> list[Action]:
        """What the player to act may do now ([] when no decision is pending)."""
        p = self.to_act
        return [] if p is None else self._legal(p)

    def _legal(self, p: int) -> list[Action]:
        if self._phase == "choose":
            return [ChooseTop(t.card) for t in self._table]
        return [PLAY, *(Steal(v) for v in self._look()[0][p])]

    def apply(self, action: Action) -> None:
        """Make the pending decision (one of ``legal_actions()``); ``step()`` then goes on."""
        p = self.to_act
        if p is None:
            raise ValueError("no decision is pending now; call step() to play on "
                             "(legal_actions() is empty)")
        self._apply(p, action, self._legal(p))

    def _apply(self, p: int, action: Action, legal: list[Action]) -> None:
        if action not in legal:
            raise ValueError(f"{action!r} is not a legal action for player {p + 1} now; "
                             f"legal: {', '.join(map(repr, legal))}")
        self._log.append([p, action_to_json(action)])
        if isinstance(action, ChooseTop):
            self._top = action.card
            self._queue.append(TopChosen(self._current_round, p, action.card))
            self._phase = "collect"
        else:
            self._decisions[p] = action

    def _look(self) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...]]:
        """Who may steal from whom in the current look, and whose piles are protected (nothing
        moves during a look, so it is computed once when the look opens)."""
        cached = self._look_cache
        if cached is None:
            cached = self._look_cache = self._compute_look()
        return cached

    def _compute_look(self) -> tuple[dict[int, tuple[int, ...]], tuple[int, ...]]:
        hands, piles, fighters = self.hands, self.piles, self._fighters
        protected = tuple(v for v in fighters if hands[v] and piles[v] and hands[v][0].rank == piles[v][-1].rank)
        options: dict[int, tuple[int, ...]] = {}
        tops = [(v, pile[-1].rank) for v, pile in enumerate(piles) if pile and v not in protected]
        if not tops:
            return options, protected
        for p in fighters:
            rank = hands[p][0].rank
            victims = tuple(v for v, r in tops if r == rank and v != p)
            if victims:
                options[p] = victims
        return options, protected

    def _open_look(self) -> None:
        """Announce protections that block a thief (once per card), then wait for decisions."""
        self._look_cache = None
        hands, piles = self.hands, self.piles
        for v in self._fighters:
            pile = piles[v]
            if not pile or hands[v][0].rank != pile[-1].rank:
                continue
            key = (v, hands[v][0])
            if key in self._announced:
                continue
            rank = pile[-1].rank
            thieves = tuple(p for p in self._fighters if p != v and hands[p][0].rank == rank)
            if thieves:
                self._announced.add(key)
                self._queue.append(Protected(self._current_round, v, hands[v][0], thieves))
        self._phase = "look"

    def _resolve_look(self) -> None:
        """Every decision of this look is in: swaps, then steals in seat order (timing choice 1)."""
        options, protected = self._look()
        decisions = self._decisions
        self._decisions = {}
        self._look_cache = None
        rnd = self._current_round
        for p in sorted(decisions):
            if isinstance(decisions[p], Play):
                self._declined.setdefault(p, set()).update(self._signature(v) for v in options[p])
                self._queue.append(StealDeclined(rnd, p, self.hands[p][0], options[p]))
        steals = {p: a.victim for p, a in sorted(decisions.items()) if isinstance(a, Steal)}
        if not steals:
            self._phase = "flip"
            return
        hands, piles = self.hands, self.piles
        done: set[int] = set()
        for p, v in steals.items():
            if p in done or v in done or steals.get(v) != p:
                continue
            cp, cv = hands[p].popleft(), hands[v].popleft()
            sizes = (len(piles[p]), len(piles[v]))
            piles[p], piles[v] = piles[v] + [cp], piles[p] + [cv]
            done.update((p, v))
            self.steal_history.append((rnd, p, v, sizes[1]))
            self.steal_history.append((rnd, v, p, sizes[0]))
            self._queue.append(Swapped(rnd, (p, v), ((p, cp), (v, cv)), sizes, self.counts))
        for p, v in steals.items():
            if p in done:
                continue
            card = hands[p][0]
            victim_pile = piles[v]
            if not victim_pile or victim_pile[-1].rank != card.rank:
                continue  # the pile changed under this steal in the same look: it lapses
            hands[p].popleft()
            victim_pile.append(card)
            size = len(victim_pile) - 1
            piles[p].extend(victim_pile)
            piles[v] = []
            done.add(p)
            self.steal_history.append((rnd, p, v, size))
            self._queue.append(Stolen(rnd, p, v, card, size, self.counts))
        for p in sorted(done):
            self._declined.pop(p, None)  # a new card: earlier declines no longer apply
            self._refill(p)
        self._phase = "open"
