"""Old path of Steal War (moved): the names of ``war_widget.variants.steal`` (the game),
``war_widget.sim.steal`` (the simulator) and ``war_widget.text.steal`` (the text) in one place, as
before.  Kept for ``from war_widget.steal import ...`` in code not yet swept; the old submodules
(``war_widget.steal.game`` ...) are aliases of the moved modules.
"""
from __future__ import annotations

from ..sim.steal import SeatBias, StealSimulation, format_table, policy_table, seat_bias, simulate_steal
from ..text.steal import describe_event
from ..variants.steal import (
                              FACE_DOWN,
                              POLICIES,
                              Action,
                              ChooseTop,
                              Play,
                              Protected,
                              Steal,
                              StealDeclined,
                              StealWarGame,
                              Stolen,
                              Swapped,
                              TopChosen,
                              always_steal,
                              decode_steal_code,
                              encode_steal_code,
                              greedy,
                              never_steal,
                              random_policy,
)

__all__ = ["StealWarGame", "Action", "Play", "Steal", "ChooseTop", "Stolen", "Swapped", "StealDeclined",
           "Protected", "TopChosen", "never_steal", "always_steal", "greedy", "random_policy", "POLICIES",
           "simulate_steal", "StealSimulation", "policy_table", "format_table", "seat_bias", "SeatBias",
           "describe_event", "FACE_DOWN", "encode_steal_code", "decode_steal_code"]
