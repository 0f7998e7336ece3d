"""Steal War [003]: the War variant with face-up capture piles that can be stolen.

``StealWarGame`` has the API of ``war_widget.Game`` plus explicit decisions
(``legal_actions()`` / ``apply()``); ``simulate_steal`` pits two policies against each other.
"""
from __future__ import annotations

from ..text.steal import describe_event
from .actions import Action, ChooseTop, Play, Steal
from .events import Protected, StealDeclined, Stolen, Swapped, TopChosen
from .game import FACE_DOWN, StealWarGame, decode_steal_code, encode_steal_code
from .policies import POLICIES, always_steal, greedy, never_steal, random_policy
from .simulation import SeatBias, StealSimulation, format_table, policy_table, seat_bias, simulate_steal

__all__ = ["StealWarGame", "Action", "Play", "Steal", "ChooseTop", "Stolen", "Swapped", "StealDeclined",
           "Protected", "TopChosen", "never_steal", "always_steal", "greedy", "random_policy", "POLICIES",
           "simulate_steal", "StealSimulation", "policy_table", "format_table", "seat_bias", "SeatBias",
           "describe_event", "FACE_DOWN", "encode_steal_code", "decode_steal_code"]
