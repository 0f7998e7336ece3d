"""Cards and decks.  Suits never matter for who wins; they are kept for drawing and for
telling cards apart (a hand set may not hold the same card twice)."""
from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["Card", "RANK_NAMES", "SUITS", "make_deck", "JOKER"]

# Ranks are 2..14 (14 = ace); 15 is a joker.  The rank *order* in force lives in Rules.
JOKER = 15
RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9", 10: "10",
              11: "J", 12: "Q", 13: "K", 14: "A"}
SUITS = ("S", "H", "D", "C")
JOKER_COLOURS = ("R", "B")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_TO_SUIT = {v: k for k, v in SUIT_SYMBOLS.items()}
_SYMBOL_TO_SUIT.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})
_JOKER_NAMES = {"JOKER": "B", "BLACK JOKER": "B", "RED JOKER": "R"}
_RANK_FROM_TEXT = {v: k for k, v in RANK_NAMES.items()}
_RANK_FROM_TEXT.update({"T": 10, "1": 14})


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card.  ``rank`` is 2..14 (ace 14) or 15 for a joker; ``suit`` is one of
    S, H, D, C, or R / B (red / black) for a joker."""

    rank: int
    suit: str
    # A small distinct integer (0..53): the hash, and the byte of compact position keys.
    index: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if isinstance(self.rank, bool) or not isinstance(self.rank, int) or not isinstance(self.suit, str):
            raise ValueError(f"no such card: rank {self.rank!r}, suit {self.suit!r}; the rank is a whole number "
                             "2..14 (14 = ace, 15 = joker) and the suit a letter S H D C (R or B for a joker)")
        if self.rank == JOKER:
            if self.suit not in JOKER_COLOURS:
                raise ValueError(f"a joker's colour must be R or B, got {self.suit!r}")
        elif self.rank not in RANK_NAMES or self.suit not in SUITS:
            raise ValueError(f"no such card: rank {self.rank!r}, suit {self.suit!r}; "
                             "ranks are 2..14 (14 = ace), suits S H D C")
        object.__setattr__(self, "index", 52 + JOKER_COLOURS.index(self.suit) if self.rank == JOKER
                           else (self.rank - 2) * 4 + SUITS.index(self.suit))

    def __hash__(self) -> int:
        return self.index

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``"10H"``, ``"TH"``, ``"K♠"``, ``"as"`` or a joker ``"RJ"`` / ``"BJ"``.

        >>> Card.parse("10H") == Card.parse("TH") == Card(10, "H")
        True
        >>> str(Card.parse("K♠")), Card.parse("RJ")
        ('K♠', Card.parse('RJ'))
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ValueError(f"a card must be given as text like '10H' or 'K♠', got {text!r}")
        s = text.strip().upper()
        if s in ("RJ", "BJ", "JR", "JB"):
            return cls(JOKER, s.replace("J", "") or "R")
        if s in _JOKER_NAMES:  # what str() prints for a joker reads back
            return cls(JOKER, _JOKER_NAMES[s])
        if len(s) >= 2:
            rank_text, suit_text = s[:-1], s[-1]
            suit = _SYMBOL_TO_SUIT.get(text.strip()[-1], suit_text)
            rank = _RANK_FROM_TEXT.get(rank_text)
            if rank is not None and suit in SUITS:
                return cls(rank, suit)
        raise ValueError(f"not a card: {text!r}; write rank then suit, e.g. '10H', 'TH', 'K♠', "
                         "'AS' (ranks 2-10 J Q K A, suits S H D C or ♠ ♥ ♦ ♣), jokers 'RJ' and 'BJ'")

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    @property
    def is_red(self) -> bool:
        return self.suit in ("H", "D", "R")

    @property
    def rank_name(self) -> str:
        """The rank as printed on the card: '10', 'J', 'A', or 'JOKER'."""
        return "JOKER" if self.is_joker else RANK_NAMES[self.rank]

    @property
    def code(self) -> str:
        """The ASCII text form used in JSON and golden files: '10H', 'AS', 'RJ'."""
        return self.suit + "J" if self.is_joker else RANK_NAMES[self.rank] + self.suit

    def __str__(self) -> str:
        if self.is_joker:
            return "Joker" if self.suit == "B" else "Red Joker"
        return RANK_NAMES[self.rank] + SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


def make_deck(size: int | str = 52, jokers: int = 0) -> list[Card]:
    """A fresh deck in a fixed order: 52 cards (2..A), 36 (6..A), 32 (7..A), 40 (the number
    cards A..10: 2..10, then A) or "A9" (the 36 cards of 九九, A..9: 2..9, then A), plus jokers."""
    lowest = {52: 2, 36: 6, 32: 7, 40: 2, "A9": 2}.get(size) if type(size) in (int, str) else None
    if lowest is None:
        raise ValueError(f"deck must be 52, 36, 32, 40 (A-10) or 'A9' (A-9) cards, got {size!r}")
    if type(jokers) is not int or not 0 <= jokers <= len(JOKER_COLOURS):
        raise ValueError(f"jokers must be 0, 1 or 2; got {jokers!r}")
    ranks = [*range(2, 11), 14] if size == 40 else [*range(2, 10), 14] if size == "A9" else range(lowest, 15)
    cards = [Card(rank, suit) for rank in ranks for suit in SUITS]
    cards += [Card(JOKER, colour) for colour in JOKER_COLOURS[:jokers]]
    return cards
