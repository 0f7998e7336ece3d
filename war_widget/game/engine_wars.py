"""Wars and shortages: who fights a war, how many cards each lays, and what happens to the short.

``WarEngine`` adds the war beat to ``RoundEnd``: the war's fighters and plan under every
``shortage`` / ``zero`` / ``war_players`` rule, players who run short (they forfeit, reuse a card,
or the war cannot be settled), and the three-or-four-player drop-out (docs/rules.md).  The choices where
docs/rules.md leaves a point open are listed in ``war_widget.game.engine``'s docstring.
"""
from __future__ import annotations

from .engine_end import RoundEnd
from .engine_state import COLLECT, COMPARE, LAY
from .events import Termination, WarDeclared

__all__ = ["WarEngine"]


class WarEngine(RoundEnd):
    """A ``RoundEnd`` that declares wars and settles shortages."""

    def _declare_war(self) -> WarDeclared | None:
        """Decide who fights the war and how many cards each lays; settle shortages."""
        rules, reusing, hands = self.rules, self._reusing, self.hands
        self._wars += 1
        fighters = list(self._tied) if rules.war_players == "tied" else list(self._in_round)
        need = self._war_need or rules.war_cards(self._tie_rank)   # cards per fighter, the last ``up`` face up
        up = self._up
        if self._pile_plays:                        # what each can still play (``_playable``)
            won = self.won
            have = {p: len(hands[p]) + len(won[p]) for p in fighters if p not in reusing}
        else:
            have = {p: len(hands[p]) for p in fighters if p not in reusing}
        # (two players: nobody outside the war holds a card, so nobody drops out)
        if self._players > 2 and self._all_fighters_run_out(fighters, have, need):
            return self._drop_out(fighters)
        plan: dict[int, int] = {}
        short: list[int] = []
        stuck: Termination | None = None            # the war can never be settled
        if rules.shortage in ("last_card_up", "fewest"):
            for p, n in have.items():
                if n == 0:
                    if rules.zero == "lose":
                        short.append(p)
                    else:
                        self._reusing.add(p)
            holding = [have[p] for p in have if have[p]]
            if rules.shortage == "fewest":           # everyone plays as many as the fewest holds [003]
                k = min([need, *holding])
                plan = {p: k - 1 for p, n in have.items() if n}
            else:                                    # keep the last card(s) to turn up
                plan = {p: min(need - up, max(n - up, 0)) for p, n in have.items() if n}
        else:
            short = [p for p, n in have.items() if n < need]
            if rules.shortage == "split" and short:
                stuck = Termination.SHORTAGE
            elif short and len(short) == len(fighters):
                most = max(have.values())           # the one who runs out first loses [003]
                short = [p for p in fighters if have[p] < most]
                if len(fighters) - len(short) > 1:
                    stuck = Termination.SHORTAGE
            plan = {p: need - up for p in fighters if p not in short}
        if stuck is not None:
            # split: each takes back what they laid and play goes on; lose: nobody can settle it.
            event = None if self._quiet else WarDeclared(self.round_number + 1, self._wars, tuple(fighters), (),
                                                         tuple(p for p, n in have.items() if n < need), ())
            self._settle_returned(None if rules.shortage == "split" else stuck)
            return event
        for p in short:
            self._forfeit(p)
        remaining = [p for p in fighters if p not in short] if short else fighters
        if len(remaining) < 2:                      # no war is fought: nobody lays a card
            plan = {}
        elif len(plan) != len(remaining):           # (the plan's players are some of them, in order)
            plan = {p: plan.get(p, 0) for p in remaining}   # a reusing fighter lays nothing
        event = None if self._quiet else WarDeclared(
            self.round_number + 1, self._wars, tuple(fighters), tuple(plan.items()), tuple(short),
            tuple(p for p in remaining if p in self._reusing))
        self._fighters, self._plan = remaining, plan
        if not remaining:
            self._settle_returned(Termination.VOID_ROUND)       # every card is on the table [000]
        elif len(remaining) == 1:
            self._winner = remaining[0]
            self._phase = COLLECT
        elif reusing.issuperset(remaining):
            self._settle_returned(Termination.REUSE_TIE)        # nothing new can be turned [003]
        else:
            self._phase = LAY
        return event

    def _holders_outside(self, fighters: list[int]) -> list[int]:
        """Players in the round who do not fight this war and still hold cards."""
        return [p for p in self._in_round if p not in fighters and self._playable(p)]

    def _all_fighters_run_out(self, fighters: list[int], have: dict[int, int], need: int) -> bool:
        """Three or four players: every fighter has run out (``shortage="lose"``: none can
        complete the war) while another player still holds cards.  Then the fighters drop out
        (docs/rules.md, "Three or four players").  Not for ``split`` or ``aside``, whose games are
        decided by counts."""
        rules = self.rules
        if rules.shortage == "split" or rules.capture == "aside" or not self._holders_outside(fighters):
            return False
        enough = need if rules.shortage == "lose" else 1
        return all(have.get(p, 0) < enough for p in fighters)    # a reusing fighter holds none

    def _drop_out(self, fighters: list[int]) -> WarDeclared | None:
        """The fighters drop out (their holdings go on the table) and the table goes to the one
        player still holding cards; several such players compare the cards they turned up this
        round, and a tie among them is a war of their own."""
        holders = self._holders_outside(fighters)
        for p in fighters:
            self._reusing.discard(p)
            self._forfeit(p)
        event = None if self._quiet else WarDeclared(self.round_number + 1, self._wars, tuple(fighters),
                                                     dropped=tuple(fighters))
        self._fighters, self._plan = holders, {}
        if len(holders) == 1:
            self._winner = holders[0]
            self._phase = COLLECT
        else:
            self._phase = COMPARE
        return event

    def _forfeit(self, p: int) -> None:
        """A short player loses: the whole holding goes on the table and the player leaves."""
        battle = self._battle + 1
        for pile in (self.hands[p], self.won[p]):
            self._table.extend([(p, c, False, battle) for c in pile])
            pile.clear()
        self._in_round.remove(p)
        self._short_end = True
