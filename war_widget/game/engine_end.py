"""The end of a round and of the game: booking the round, who is out, the outcome, and cycles.

``RoundEnd`` adds to ``GameState`` what happens once a round's table is decided (or given back):
the history entry, players out, the end of the game under every goal (collect everything, the
drunkard's goals, a round limit, counts) and the detection of a position that repeats (a game
with no shuffle and no round limit can run forever; it ends as ``Termination.CYCLE``).
"""
from __future__ import annotations

from operator import add

from .cards import Card
from .engine_state import OVER, START, GameState
from .events import GameOver, Outcome, PlayerOut, Returned, Termination

__all__ = ["RoundEnd"]


class RoundEnd(GameState):
    """A ``GameState`` that can finish rounds and games and remembers positions for cycles."""

    def _setup(self, hands: list[list[Card]], unused: list[Card]) -> None:
        super()._setup(hands, unused)
        self._seen: dict[bytes, int] = {}
        if self._cycles:
            self._seen[self._position_key()] = 0

    @property
    def seen_positions(self) -> dict[bytes, int]:
        """The positions this game has seen, each with the round it was first seen at (kept only
        when the game detects cycles; empty otherwise).  It is the engine's own dict, not a copy,
        so the session's undo can share it beside the history the way it shares the history:
        read it, never change it."""
        return self._seen

    def _return_table(self) -> Returned | None:
        """Each player takes back the cards they laid, in the order laid (no event when quiet)."""
        back: dict[int, list[Card]] = {}
        for player, card, _up, _battle in self._table:
            back.setdefault(player, []).append(card)
        dest = self.hands if self._to_hand else self.won
        for p, cards in back.items():
            dest[p].extend(cards)
        self._table.clear()
        if self._quiet:
            return None
        return Returned(self.round_number + 1, tuple((p, tuple(back[p])) for p in sorted(back)), self.counts)

    def _settle_returned(self, reason: Termination | None) -> None:
        """The round ends with the table given back; with a ``reason`` the game ends too.  (Beats
        due after this one wait in ``_pending``: their events, or None when quiet.)"""
        self._pending.append(self._return_table())
        forced = None
        if reason is Termination.REUSE_TIE and self.rules.players == 2 and self.rules.capture != "aside":
            forced = Outcome(reason, drawn=(0, 1), counts=self.counts)
        elif reason is not None:
            forced = self._by_counts(reason)
        self._complete_round(None, forced)

    # --- the end of a round and of the game ---------------------------------------------
    def _complete_round(self, winner: int | None, forced: Outcome | None = None, touched: bool = True) -> None:
        """Book the round, then queue the after-round beats (players out, game over).

        ``touched=False``: a round without a war whose battle state was never written (the quiet
        mode's two-player round, ``Game._advance``): it is still the fresh state of a round."""
        number = self.round_number = self.round_number + 1
        hands = self.hands
        if self._two_hands:   # two players, won cards to the hand: the won piles stay empty
            counts: tuple[int, ...] = (len(hands[0]), len(hands[1]))
        elif self._to_hand:
            counts = tuple([len(h) for h in hands])
        else:
            counts = tuple(map(add, map(len, hands), map(len, self.won)))
        wars = self._wars
        self.history.append((winner, wars, counts))
        if winner is not None:
            self._last_winner = winner
        if wars:
            short_end = self._short_end
            self._new_round([])
        else:                 # a round without a war changed only these of the round's state
            short_end = False
            if touched:
                self._in_round, self._fighters, self._faceup, self._battle, self._winner = [], [], {}, 0, None
        if forced is not None:
            outcome: Outcome | None = forced
        elif self._plain_end and 0 not in counts and number < self._limit:
            outcome = None    # nobody out, no limit reached, no cycle to look for: the game goes on
        else:
            outcome = self._check_end(short_end, counts)
        if outcome is None:
            self._phase = START
        else:
            self.outcome = outcome
            self._phase = OVER
            self._pending.append(None if self._quiet else GameOver(self.round_number, outcome))

    def _check_end(self, short_end: bool = False, counts: tuple[int, ...] | None = None) -> Outcome | None:
        """The outcome if the round just booked ended the game (``counts``: the holdings now)."""
        rules, n = self.rules, self.rules.players
        if counts is None:
            counts = self.counts
        if rules.capture == "aside":
            if sum(1 for h in self.hands if h) < 2:
                return self._by_counts(Termination.HANDS_EMPTY)
        elif 0 not in counts and not rules.teams:
            pass    # nobody went out, so (without teams) no goal is reached: more than one player was in
        else:
            newly_out = [p for p in range(n) if not self.out[p] and counts[p] == 0]
            for p in newly_out:
                self.out[p] = True
                self._pending.append(None if self._quiet else PlayerOut(self.round_number, p))
            remaining = [p for p in range(n) if not self.out[p]]
            if rules.goal == "loser_first_out" and newly_out:
                return self._drunkard(newly_out)
            if len(remaining) == 1 or (rules.teams and len({p % 2 for p in remaining}) == 1):
                if rules.goal == "loser_all":
                    return self._drunkard(remaining)
                reason = Termination.SHORTAGE if short_end else Termination.ALL_CARDS
                if rules.teams:
                    return Outcome(reason, winning_team=remaining[0] % 2, counts=counts)
                return Outcome(reason, winner=remaining[0], counts=counts)
        if rules.round_limit is not None and self.round_number >= rules.round_limit:
            return self._by_counts(Termination.ROUND_LIMIT)
        if self._cycles:
            key = self._position_key()
            first = self._seen.get(key)
            if first is not None:
                return Outcome(Termination.CYCLE, drawn=tuple(p for p in range(n) if not self.out[p]),
                               counts=counts, cycle_start=first, cycle_period=self.round_number - first)
            self._seen[key] = self.round_number
        return None

    def _drunkard(self, losers: list[int], reason: Termination = Termination.DRUNKARD_LOSER) -> Outcome:
        """P'yanitsa: one loser (the other player wins when there are two), or a shared loss."""
        counts = self.counts
        if len(losers) > 1:
            return Outcome(reason, drawn=tuple(losers), counts=counts)
        loser = losers[0]
        return Outcome(reason, winner=(1 - loser) if self.rules.players == 2 else None, loser=loser, counts=counts)

    def _by_counts(self, reason: Termination) -> Outcome:
        """Decide a game by counts: more wins (fewest / most loses under the drunkard goals);
        a tie is a draw between the tied players."""
        counts = self.counts
        if self.rules.teams:
            tc = self.team_counts
            if tc[0] == tc[1]:
                return Outcome(reason, drawn=(0, 1, 2, 3), counts=counts)
            return Outcome(reason, winning_team=0 if tc[0] > tc[1] else 1, counts=counts)
        players = [p for p in range(self.rules.players) if not self.out[p]] or list(range(self.rules.players))
        goal = self.rules.goal
        extreme = (min if goal == "loser_first_out" else max)(counts[p] for p in players)
        top = [p for p in players if counts[p] == extreme]
        if goal == "collect":
            if len(top) > 1:
                return Outcome(reason, drawn=tuple(top), counts=counts)
            return Outcome(reason, winner=top[0], counts=counts)
        return self._drunkard(top, reason)

    # --- cycles -----------------------------------------------------------------------------
    def _position_key(self) -> bytes:
        """The whole position between rounds: every hand and won pile, in order, and the last
        winner when the gather order depends on it."""
        out = bytearray([self._last_winner]) if self._winner_in_key else bytearray()
        for h, w in zip(self.hands, self.won, strict=True):
            out.extend([c.index for c in h])
            out.append(254)
            out.extend([c.index for c in w])
            out.append(255)
        return bytes(out)
