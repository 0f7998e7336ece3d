"""The compiled kernel's data layout, as ``kernel.c`` declares it: the rule table, the game buffer,
the output columns and the codes, and ``RULE_COLUMNS`` (which table entries each ``Rules`` field
decides).  Plain numbers, no numpy: ``tests/sim/test_guard.py`` compares them with the kernel's own
(``layout()`` of the extension) and ``RULE_COLUMNS`` with ``dataclasses.fields(Rules)``.

The game buffer is one flat int32 array: the position between rounds (every hand and won pile,
each a ring buffer of 64 slots, since a deck has at most 54 cards; who is out; the last winner),
then the round's work.  Being flat, a position is copied and compared slot by slot, as cycle
detection needs.  The rules are one int32 table (``fastsim.encode_rules``).
"""
from __future__ import annotations

# --- the position ---------------------------------------------------------------------------------
CAP = 64                 # ring buffer slots per pile
MASK = CAP - 1
HAND = 0                 # 4 hands of CAP slots
WON = 4 * CAP            # 4 won piles of CAP slots
HHEAD = 8 * CAP          # hand heads, lengths, won heads, lengths: 4 each
HLEN = HHEAD + 4
WHEAD = HHEAD + 8
WLEN = HHEAD + 12
OUT = HHEAD + 16         # 1 when a player is out
LAST_WINNER = OUT + 4    # who won the last round that had a winner (seat 0 before any)
STATE_SIZE = OUT + 5
BUFFER_SIZE = STATE_SIZE + 7 * CAP + 33    # the position, then the round's work (kernel.c's BUFFER_SIZE)

# --- the rules, as numbers --------------------------------------------------------------------------
(R_PLAYERS, R_FACE_DOWN, R_CAPTURE, R_SHUFFLE_PILE, R_SHORTAGE, R_ZERO, R_WAR_ALL, R_TEAMS, R_ROUND_LIMIT,
 R_GOAL, R_DEAL, R_JOKER_SPLIT, R_LOW_BEATS_ACE, R_LOWEST, R_DETECT, R_DECK_SIZE, R_TIEBREAK_SUITS,
 R_LAST_WINNER_MATTERS, R_GATHER) = range(19)
RULES_SIZE = R_GATHER + 4           # one gather order per seat
# The rule table (int32) also holds per card index: strength, the strength of a lowest card that
# beats an ace (at STRENGTH + 64 + i), rank and red; and the deck in the engine's order.
STRENGTH = 32
RANK = STRENGTH + 128
RED = RANK + 64
DECK = RED + 64
TABLE_SIZE = DECK + 64

BY_RANK = -1
CAPTURE_BOTTOM, CAPTURE_WON_PILE, CAPTURE_ASIDE = 0, 1, 2
SHORT_LAST_CARD_UP, SHORT_LOSE, SHORT_SPLIT, SHORT_FEWEST = 0, 1, 2, 3
GOAL_COLLECT, GOAL_LOSER_ALL, GOAL_LOSER_FIRST_OUT = 0, 1, 2
(G_SHUFFLE, G_PLAYED, G_WINNER_FIRST, G_HIGH_FIRST, G_LOW_FIRST, G_STRONG, G_PREVIOUS_WINNER_FIRST,
 G_LOSER_FIRST) = range(8)
GATHER_CODES = {"shuffle": G_SHUFFLE, "played": G_PLAYED, "winner_first": G_WINNER_FIRST,
                "high_first": G_HIGH_FIRST, "low_first": G_LOW_FIRST, "strong": G_STRONG,
                "previous_winner_first": G_PREVIOUS_WINNER_FIRST, "loser_first": G_LOSER_FIRST}

# --- why a game ended (the kernel's own numbering; simulate maps it to Termination) -----------------
(K_ALL_CARDS, K_ROUND_LIMIT, K_TIME, K_CYCLE, K_VOID_ROUND, K_DRUNKARD_LOSER, K_HANDS_EMPTY, K_SHORTAGE,
 K_REUSE_TIE) = range(9)
KERNEL_REASONS = ("ALL_CARDS", "ROUND_LIMIT", "TIME", "CYCLE", "VOID_ROUND", "DRUNKARD_LOSER", "HANDS_EMPTY",
                  "SHORTAGE", "REUSE_TIE")
# No end of the engine's: a kernel bug stopped (a round that cannot end, a cycle not found again where
# it was seen); simulate_range reports it: never a hang, never a result.
K_STUCK = 9

# --- one row of output per game ------------------------------------------------------------------------
C_LENGTH, C_WINNER, C_REASON, C_WAR_ROUNDS, C_DOUBLE_WARS, C_CYCLE_START, C_CYCLE_PERIOD = range(7)
COLUMNS = 7
HISTORY_COLUMNS = 8      # play_from's row per round: reason, game winner, wars, round winner, 4 counts


def _span(at: int, size: int) -> tuple[int, ...]:
    return tuple(range(at, at + size))


_CARD_TABLES = _span(STRENGTH, 128) + _span(RANK, 64) + _span(RED, 64)
# Every field of Rules and the entries of the kernel's rule table (``encode_rules``) it decides:
# the one map from the rules to the kernel (tests/sim/test_guard.py checks it against
# dataclasses.fields(Rules) and that changing a field changes those entries and no others).
RULE_COLUMNS: dict[str, tuple[int, ...]] = {
    "deck": (R_DECK_SIZE, R_LOWEST, *_span(DECK, 64), *_CARD_TABLES),
    "jokers": (R_DECK_SIZE, *_span(DECK, 64), *_CARD_TABLES),
    "joker_deal": (R_JOKER_SPLIT,),
    "rank_order": (R_LOW_BEATS_ACE, R_LOWEST, *_span(STRENGTH, 128)),
    "players": (R_PLAYERS, *_span(R_GATHER, 4), R_LAST_WINNER_MATTERS),
    "face_down": (R_FACE_DOWN,),
    "capture": (R_CAPTURE, R_DETECT),
    "gather": (*_span(R_GATHER, 4), R_LAST_WINNER_MATTERS, R_DETECT),
    "shuffle_won_pile": (R_SHUFFLE_PILE, R_DETECT),
    "shortage": (R_SHORTAGE,),
    "zero": (R_ZERO,),
    "war_players": (R_WAR_ALL,),
    "teams": (R_TEAMS,),
    "round_limit": (R_ROUND_LIMIT, R_DETECT),
    "goal": (R_GOAL,),
    "deal": (R_DEAL,),
    "tiebreak": _span(STRENGTH, 128),
    # the school variants (k cards a battle, compared by a value) and the A-10 deck: refused by the
    # kernel (unsupported_reason), so simulate() plays them with the engine
    "battle_cards": (),
    "battle_value": (),
}
REFUSED_FIELDS = {"battle_cards": 1, "battle_value": "card"}   # the only value the kernel plays

# The rule-table entries a specialised build fixes as constants: the C macro (FIX_<name>) of each.
FIXED_RULES = {"PLAYERS": R_PLAYERS, "FACE_DOWN": R_FACE_DOWN, "CAPTURE": R_CAPTURE, "SHUFFLE_PILE": R_SHUFFLE_PILE,
               "SHORTAGE": R_SHORTAGE, "ZERO": R_ZERO, "WAR_ALL": R_WAR_ALL, "TEAMS": R_TEAMS,
               "ROUND_LIMIT": R_ROUND_LIMIT, "GOAL": R_GOAL, "DEAL": R_DEAL, "JOKER_SPLIT": R_JOKER_SPLIT,
               "LOW_BEATS_ACE": R_LOW_BEATS_ACE, "LOWEST": R_LOWEST, "DETECT": R_DETECT, "DECK_SIZE": R_DECK_SIZE,
               "LAST_WINNER_MATTERS": R_LAST_WINNER_MATTERS}


def fixed_values(table: object) -> tuple[tuple[str, int], ...]:
    """The (macro, value) pairs a build specialised for this rule table fixes: every FIXED_RULES
    entry, and GATHER when every seat gathers alike.  ``table`` is any int sequence (a numpy array)."""
    t: list[int] = [int(v) for v in table]  # type: ignore[attr-defined]
    pairs = [(name, t[index]) for name, index in FIXED_RULES.items()]
    gathers = set(t[R_GATHER:R_GATHER + t[R_PLAYERS]])
    if len(gathers) == 1:
        pairs.append(("GATHER", gathers.pop()))
    return tuple(pairs)
