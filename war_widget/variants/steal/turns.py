"""Steal War's turn resolution: the beats between decisions (flip, compare, war, lay, collect)
and the end of a round and of the game.

The timing choices these follow are numbered in ``war_widget.variants.steal.game``'s docstring.
"""
from __future__ import annotations

from ...game.cards import Card
from ...game.engine_state import TableCard
from ...game.events import (
    Collected,
    Compared,
    FaceDownLaid,
    Flipped,
    GameOver,
    Outcome,
    PlayerOut,
    Returned,
    Termination,
    WarDeclared,
)
from .decisions import StealDecisions
from .state import FACE_DOWN, WAR_NEED

__all__ = ["StealTurns"]


class StealTurns(StealDecisions):
    """A ``StealDecisions`` that plays the beats of a turn."""

    def _enter_choose(self, winner: int) -> None:
        """Timing choice 7: the winner chooses the top unless these are the last cards in play."""
        self._winner = winner
        self._phase = "choose"
        self._choosing = any(self.hands[q] or self.piles[q] for q in range(self.players) if q != winner)

    def _advance(self) -> None:
        phase = self._phase
        if phase == "start":
            self._start_round()
        elif phase == "open":
            self._open_look()
        elif phase == "look":
            self._resolve_look()
        elif phase == "flip":
            self._flip()
        elif phase == "compare":
            self._compare()
        elif phase == "war":
            self._declare_war()
        elif phase == "lay":
            self._lay()
        elif phase == "choose":  # only reached when there is nothing to choose
            self._phase = "collect"
        elif phase == "collect":
            self._collect()
        else:  # pragma: no cover
            raise AssertionError(f"unknown phase {phase}")

    def _start_round(self) -> None:
        self._reset_round()
        self._round_events = []
        self._phase = "open"
        for p in range(self.players):
            if not self.out[p]:
                self._refill(p)
        self._fighters = [p for p in range(self.players) if not self.out[p]]

    def _flip(self) -> None:
        self._battle += 1
        flipped = []
        for p in self._fighters:
            card = self.hands[p].popleft()
            self._faceup[p] = card
            self._table.append(TableCard(p, card, True, self._battle))
            flipped.append((p, card))
        self._reset_window()
        self._queue.append(Flipped(self._current_round, self._battle, tuple(flipped), ()))
        for p in self._fighters:
            self._refill(p)
        self._phase = "compare"

    def _compare(self) -> None:
        cards = tuple((p, self._faceup[p]) for p in self._fighters)
        top = max(c.rank for _, c in cards)
        best = tuple(p for p, c in cards if c.rank == top)
        if len(best) == 1:
            self._enter_choose(best[0])
            self._queue.append(Compared(self._current_round, self._battle, cards, best[0], ()))
        else:
            self._fighters = list(best)
            self._phase = "war"
            self._queue.append(Compared(self._current_round, self._battle, cards, None, best))

    def _declare_war(self) -> None:
        """Timing choice 6: a war needs 4 cards from hand and pile; the short lose at once."""
        self._wars += 1
        fighters = list(self._fighters)
        have = {p: len(self.hands[p]) + len(self.piles[p]) for p in fighters}
        short = [p for p in fighters if have[p] < WAR_NEED]
        rnd = self._current_round
        if short and len(short) == len(fighters):
            most = max(have.values())
            keep = [p for p in fighters if have[p] == most]
            if len(keep) > 1:
                self._queue.append(WarDeclared(rnd, self._wars, tuple(fighters), (), tuple(fighters), ()))
                self._queue.append(self._return_table())
                self._complete_round(None, Outcome(Termination.SHORTAGE, drawn=tuple(keep), counts=self.counts))
                return
            short = [p for p in short if p not in keep]
        for p in short:  # out of the war and the game; whatever they hold goes to the table
            forfeited = list(self.hands[p]) + self.piles[p]
            self.hands[p].clear()
            self.piles[p] = []
            self._table.extend(TableCard(p, c, False, self._battle + 1) for c in forfeited)
            self._short_end = True
        remaining = [p for p in fighters if p not in short]
        self._queue.append(WarDeclared(rnd, self._wars, tuple(fighters),
                                       tuple((p, FACE_DOWN) for p in remaining if len(remaining) > 1),
                                       tuple(short), ()))
        self._fighters = remaining
        if len(remaining) == 1:
            self._enter_choose(remaining[0])
        else:
            self._phase = "lay"

    def _lay(self) -> None:
        """Three face-down cards each, taken unseen (they cannot steal); the pile refills an
        empty hand at once."""
        laid = []
        battle = self._battle + 1
        for p in self._fighters:
            hand = self.hands[p]
            cards = []
            for _ in range(FACE_DOWN):
                if not hand:  # the war's shortage check guarantees the pile has enough
                    self._refill(p)
                cards.append(hand.popleft())
            self._table.extend(TableCard(p, c, False, battle) for c in cards)
            laid.append((p, tuple(cards)))
        self._queue.append(FaceDownLaid(self._current_round, tuple(laid)))
        for p in self._fighters:
            self._refill(p)
        self._phase = "open"

    def _collect(self) -> None:
        winner = self._winner
        assert winner is not None
        cards = [t.card for t in self._table]
        top = self._top
        if top is not None:
            cards.remove(top)
            cards.append(top)
        self._table.clear()
        self.piles[winner].extend(cards)
        self._queue.append(Collected(self._current_round, winner, tuple(cards), self.counts, self._wars))
        self._complete_round(winner, None)

    def _return_table(self) -> Returned:
        back: dict[int, list[Card]] = {}
        for t in self._table:
            back.setdefault(t.player, []).append(t.card)
        for p, cards in back.items():
            self.hands[p].extend(cards)
        self._table.clear()
        return Returned(self._current_round, tuple((p, tuple(c)) for p, c in sorted(back.items())), self.counts)

    def _complete_round(self, winner: int | None, forced: Outcome | None) -> None:
        self.round_number += 1
        counts = self.counts
        self.history.append((winner, self._wars, counts))
        rnd = self.round_number
        outcome = forced
        if outcome is None:
            for p in range(self.players):
                if not self.out[p] and counts[p] == 0:
                    self.out[p] = True
                    self._queue.append(PlayerOut(rnd, p))
            remaining = [p for p in range(self.players) if not self.out[p]]
            if len(remaining) == 1:
                reason = Termination.SHORTAGE if self._short_end else Termination.ALL_CARDS
                outcome = Outcome(reason, winner=remaining[0], counts=counts)
        self._reset_window()
        if outcome is not None:
            self.outcome = outcome
            self._phase = "over"
            self._queue.append(GameOver(rnd, outcome))
        else:
            self._phase = "start"
            for p in range(self.players):
                if not self.out[p]:
                    self._refill(p)

    def _by_counts(self, reason: Termination) -> Outcome:
        counts = self.counts
        alive = [p for p in range(self.players) if not self.out[p]] or list(range(self.players))
        most = max(counts[p] for p in alive)
        top = [p for p in alive if counts[p] == most]
        if len(top) > 1:
            return Outcome(reason, drawn=tuple(top), counts=counts)
        return Outcome(reason, winner=top[0], counts=counts)
