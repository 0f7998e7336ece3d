"""Steal War [003]: the War variant with face-up capture piles that can be stolen.

``StealWarGame`` has the API of ``war_widget.Game`` plus explicit decisions
(``legal_actions()`` / ``apply()``).  The game (``game``, built from ``state``, ``decisions``,
``turns``, ``game_json``), its policies (``policies``) and its saves (``persistence``).  Its text
is ``war_widget.text.steal``, its simulator ``war_widget.sim.steal``.
"""
from __future__ import annotations

from .actions import Action, ChooseTop, Play, Steal
from .events import Protected, StealDeclined, Stolen, Swapped, TopChosen
from .game import FACE_DOWN, StealWarGame, decode_steal_code, encode_steal_code
from .policies import POLICIES, always_steal, greedy, never_steal, random_policy

__all__ = ["StealWarGame", "Action", "Play", "Steal", "ChooseTop", "Stolen", "Swapped", "StealDeclined",
           "Protected", "TopChosen", "never_steal", "always_steal", "greedy", "random_policy", "POLICIES",
           "FACE_DOWN", "encode_steal_code", "decode_steal_code"]
