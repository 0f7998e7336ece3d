"""The choices a War session offers (each checked here, with a clear ValueError): modes, speeds,
game lengths, opponents, the rule options of the rules panel, the kids presets, and the number
lessons the classroom panel starts in one click."""
from __future__ import annotations

from ..game.rules import CAPTURES, GATHER_ORDERS, RANK_ORDERS, SHORTAGES, TIEBREAKS, WAR_PLAYERS, ZEROS

__all__ = ["MODES", "SPEEDS", "LENGTHS", "OPPONENTS", "RULE_OPTIONS", "KIDS_PRESETS", "LESSONS", "TIME_LIMIT",
           "INTERVAL", "FF_CAP", "LENGTH_LIMIT", "check_choice", "check_flag"]

MODES = ("cpu", "two_player", "watch")
SPEEDS = ("slow", "normal", "fast")
LENGTHS = ("40", "240", "none", "50", "3min")
OPPONENTS = ("easy", "strong", "two_player", "watch")
RULE_OPTIONS: dict[str, tuple[object, ...]] = {
    "face_down": (0, 1, 2, 3, "by_rank"), "rank_order": RANK_ORDERS, "capture": CAPTURES, "jokers": (0, 2),
    "shortage": SHORTAGES, "zero": ZEROS, "players": (2, 3, 4), "war_players": WAR_PLAYERS,
    # the order won cards go back (the strong computer's order is the opponent picker's)
    "gather": tuple(g for g in GATHER_ORDERS if g != "strong"), "tiebreak": TIEBREAKS,
}
KIDS_PRESETS = ("kids", "kids_aside")
# The number lessons (issue 27): one choice sets the preset, the questions' number mode and the aids
# together, so the question, the battle and the aid say the same numbers (name -> (preset, guess mode)).
LESSONS: dict[str, tuple[str, str]] = {"number_lesson": ("number_lesson", "number"),
                                       "number_lesson_10": ("number_lesson_10", "number")}
TIME_LIMIT = 180.0                                   # the "3 minutes" game length, in seconds
INTERVAL = {"slow": 2.6, "normal": 1.5, "fast": 0.55}  # autoplay: seconds between rounds
FF_CAP = 5000                                        # fast-forward plays at most this many rounds
LENGTH_LIMIT: dict[str, int | None] = {"40": 40, "240": 240, "none": None, "50": 50, "3min": None}


def check_choice(name: str, value: object, allowed: tuple[object, ...]) -> None:
    """A ValueError naming ``name``'s allowed values unless ``value`` is one of them."""
    if isinstance(value, bool) or value not in allowed or not isinstance(value, (str, int)):
        raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}; got {value!r}")


def check_flag(name: str, value: object) -> bool:
    """True or False only (never "no", which Python reads as true)."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False; got {value!r}")
    return value
