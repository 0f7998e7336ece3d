"""The rules of a game of War: one frozen, validated value with every option of docs/rules.md.

Presets name the combinations the source texts describe; ``Rules.preset("classic")``.
"""
from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import JOKER, Card, make_deck

__all__ = ["Rules", "PRESETS", "SCHOOL_PRESETS", "NUMBER_LESSONS", "GATHER_ORDERS", "TIEBREAKS", "BATTLE_VALUES",
           "NUMBER_DECKS", "GatherPolicy"]

# A gather policy gets the won cards (in the order they reached the table) and the winner's
# seat, and returns the same cards in the order they go to the bottom / won pile.
GatherPolicy = Callable[[Sequence[Card], int], Sequence[Card]]
GatherSpec = str | GatherPolicy

RANK_ORDERS = ("ace_high", "ace_low", "two_high", "low_beats_ace")
GATHER_ORDERS = ("shuffle", "played", "winner_first", "high_first", "low_first", "strong", "loser_first",
                 "previous_winner_first")
CAPTURES = ("bottom", "won_pile", "aside")
SHORTAGES = ("last_card_up", "lose", "split", "fewest")
TIEBREAKS = ("none", "suits")
# tiebreak="suits": clubs < diamonds < hearts < spades (Spivey's strictly ranked deck)
SUIT_STRENGTH = {"C": 0, "D": 1, "H": 2, "S": 3}
ZEROS = ("lose", "reuse")
WAR_PLAYERS = ("tied", "all")
GOALS = ("collect", "loser_all", "loser_first_out")
DEALS = ("alternate", "by_color")
JOKER_DEALS = ("random", "split")
# 40: A-10, the number cards only (the school variants, the youngest's number lesson); "A9": A-9, the
# 36 cards of 九九 (multiplication war).  "A9" is a name, not a count, because 36 is already the
# Russian deck 6-A.
DECKS: tuple[int | str, ...] = (52, 36, 32, 40, "A9")
NUMBER_DECKS: tuple[int | str, ...] = (40, "A9")   # the decks of number cards only: no J Q K
DECK_SIZES: dict[int | str, int] = {52: 52, 36: 36, 32: 32, 40: 40, "A9": 36}
# The school variants (docs/rules.md, "School variants"): each player turns up battle_cards cards
# and the battle value is a function of their numbers (A = 1, J Q K = 11 12 13).
BATTLE_VALUES = ("card", "sum", "difference", "product", "place_value")
BATTLE_CARDS = {"card": (1,), "sum": (2, 3), "difference": (2,), "product": (2,), "place_value": (2, 3)}
JOKER_COUNTS = (0, 2)
PLAYER_COUNTS = (2, 3, 4)
FACE_DOWNS = (0, 1, 2, 3, "by_rank")


def _is_one_of(value: Any, allowed: Sequence[Any]) -> bool:
    """Membership that does not let True stand for 1 or 52.0 for 52."""
    return any(type(value) is type(a) and value == a for a in allowed)


def _check_policy_signature(policy: Callable[..., object]) -> None:
    """A callable gather policy is called as ``policy(cards, player)``: say so now, not mid-game."""
    try:
        signature = inspect.signature(policy)
    except (TypeError, ValueError):   # some builtins have no signature: they are checked when called
        return
    try:
        signature.bind((), 0)
    except TypeError:
        raise ValueError(f"a gather policy is called as policy(cards, player) -> cards; {policy!r} cannot take "
                         f"those two arguments (its signature is {signature})") from None


def _choice(name: str, value: Any, allowed: Sequence[Any]) -> None:
    if not _is_one_of(value, allowed):
        raise ValueError(f"{name} must be one of {', '.join(map(repr, allowed))}; got {value!r}")


@dataclass(frozen=True)
class Rules:
    """Every option of War.  Built validated; ``replace`` returns a validated copy.

    >>> Rules.preset("classic").round_limit
    40
    """

    deck: int | str = 52
    jokers: int = 0
    joker_deal: str = "random"
    rank_order: str = "ace_high"
    players: int = 2
    face_down: int | str = 1
    capture: str = "won_pile"
    gather: GatherSpec | tuple[GatherSpec, ...] = "shuffle"
    shuffle_won_pile: bool = True
    shortage: str = "last_card_up"
    zero: str = "lose"
    war_players: str = "tied"
    teams: bool = False
    round_limit: int | None = 40
    goal: str = "collect"
    deal: str = "alternate"
    tiebreak: str = "none"
    battle_cards: int = 1
    battle_value: str = "card"

    def __post_init__(self) -> None:
        _choice("deck", self.deck, DECKS)
        if not _is_one_of(self.jokers, JOKER_COUNTS):
            raise ValueError(f"jokers must be 0 or 2; got {self.jokers!r}")
        _choice("joker_deal", self.joker_deal, JOKER_DEALS)
        if self.joker_deal == "split" and self.jokers != 2:
            raise ValueError("joker_deal='split' buries one joker in each of two hands, so it needs jokers=2")
        _choice("rank_order", self.rank_order, RANK_ORDERS)
        if not _is_one_of(self.players, PLAYER_COUNTS):
            raise ValueError(f"players must be 2, 3 or 4; got {self.players!r}")
        if not _is_one_of(self.face_down, FACE_DOWNS):
            raise ValueError(f"face_down must be 0, 1, 2, 3 or 'by_rank'; got {self.face_down!r}")
        _choice("capture", self.capture, CAPTURES)
        if not isinstance(self.shuffle_won_pile, bool):
            raise ValueError(f"shuffle_won_pile must be True or False; got {self.shuffle_won_pile!r}")
        _choice("shortage", self.shortage, SHORTAGES)
        _choice("zero", self.zero, ZEROS)
        _choice("war_players", self.war_players, WAR_PLAYERS)
        if not isinstance(self.teams, bool):
            raise ValueError(f"teams must be True or False; got {self.teams!r}")
        if self.teams and self.players != 4:
            raise ValueError(f"teams (two against two) needs players=4; got players={self.players}")
        if self.round_limit is not None and (isinstance(self.round_limit, bool) or not isinstance(self.round_limit, int)
                                             or self.round_limit < 1):
            raise ValueError(f"round_limit must be None or a positive whole number of rounds; got {self.round_limit!r}")
        _choice("goal", self.goal, GOALS)
        if self.goal != "collect" and self.teams:
            raise ValueError("the drunkard goals (loser_all, loser_first_out) are for players, not teams")
        _choice("deal", self.deal, DEALS)
        _choice("tiebreak", self.tiebreak, TIEBREAKS)
        if self.deal == "by_color" and (self.players != 2 or self.jokers):
            raise ValueError("deal='by_color' gives one player the black cards and the other the red: "
                             "it needs players=2 and jokers=0")
        if isinstance(self.gather, list):  # a list of per-player orders reads as the tuple
            object.__setattr__(self, "gather", tuple(self.gather))
        gathers = self.gather if isinstance(self.gather, tuple) else (self.gather,)
        if isinstance(self.gather, tuple) and len(self.gather) != self.players:
            raise ValueError(f"gather as a tuple needs one order per player ({self.players}); got {len(self.gather)}")
        for g in gathers:
            if not callable(g) and not _is_one_of(g, GATHER_ORDERS):
                raise ValueError(f"gather must be one of {', '.join(map(repr, GATHER_ORDERS))} or a callable "
                                 f"policy(cards, player) -> cards; got {g!r}")
            if callable(g):
                _check_policy_signature(g)
        self._check_battle()
        if self.cards_per_player < 1:
            raise ValueError("not enough cards to deal")

    def _check_battle(self) -> None:
        """The school variants' options: how many cards a battle turns up and what they are worth."""
        _choice("battle_value", self.battle_value, BATTLE_VALUES)
        allowed = BATTLE_CARDS[self.battle_value]
        if not _is_one_of(self.battle_cards, allowed):
            raise ValueError(f"battle_cards must be {' or '.join(map(str, allowed))} with battle_value="
                             f"{self.battle_value!r}; got {self.battle_cards!r}")
        if self.battle_value == "card":
            return
        why = f"battle_value={self.battle_value!r} counts the numbers on the cards"
        if self.rank_order != "ace_low":
            raise ValueError(f"{why} (A = 1, J Q K = 11 12 13), so it needs rank_order='ace_low'; "
                             f"got {self.rank_order!r}")
        if self.jokers:
            raise ValueError(f"{why}: a joker has no number, so it needs jokers=0")
        if self.tiebreak != "none":
            raise ValueError(f"{why}: equal values go to war, so it needs tiebreak='none'")
        if self.face_down == "by_rank":
            raise ValueError(f"{why}: a war lays face_down cards and then {self.battle_cards} up, so face_down "
                             "must be 0, 1, 2 or 3, not 'by_rank'")
        if self.shortage not in ("last_card_up", "lose", "split"):
            raise ValueError(f"{why}: shortage must be 'last_card_up', 'lose' or 'split'; got {self.shortage!r}")
        if self.battle_value == "place_value" and self.deck not in NUMBER_DECKS:
            raise ValueError("battle_value='place_value' makes a number of the cards' digits, so it needs the "
                             f"number cards only, deck=40 (A = 1 ... 9, 10 = 0) or deck='A9'; got deck={self.deck!r}")

    # --- presets -----------------------------------------------------------------------
    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a named preset of docs/rules.md (``Rules.presets()`` lists them)."""
        if not isinstance(name, str) or name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; presets are: {', '.join(PRESETS)} "
                             "(steal_war and casino_war have their own classes)")
        rules = _PRESET_RULES.get(name)
        if rules is None or type(rules) is not cls:
            rules = _PRESET_RULES[name] = cls(**PRESETS[name])
        return rules

    @staticmethod
    def presets() -> list[str]:
        """The names of the presets this class plays."""
        return list(PRESETS)

    def replace(self, **changes: Any) -> Rules:
        """A validated copy with some options changed."""
        names = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise ValueError(f"unknown rule option(s) {', '.join(unknown)}; options are: {', '.join(sorted(names))}")
        return dataclasses.replace(self, **changes)

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        """Rules are an immutable value (a callable policy is shared, as deepcopy shares any
        function), so a copied game keeps the same Rules, with its tables made once."""
        return self

    @property
    def preset_name(self) -> str | None:
        """The preset these rules equal, if any.

        >>> Rules(face_down=3, capture="bottom", shortage="last_card_up", zero="reuse", round_limit=None).preset_name
        'three_down'
        """
        for name in PRESETS:
            if Rules.preset(name) == self:
                return name
        return None

    def to_dict(self) -> dict[str, Any]:
        """Plain data (callable gather policies cannot be written and raise ValueError)."""
        data = dataclasses.asdict(self)
        gathers = self.gather if isinstance(self.gather, tuple) else (self.gather,)
        if any(callable(g) for g in gathers):
            raise ValueError("rules with a callable gather policy cannot be saved; use a named order "
                             f"({', '.join(GATHER_ORDERS)})")
        if isinstance(self.gather, tuple):
            data["gather"] = list(self.gather)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from plain data, validated; unknown keys are an error."""
        if not isinstance(data, dict):
            raise ValueError(f"rules must be a JSON object of options; got {type(data).__name__}")
        data = dict(data)
        if isinstance(data.get("gather"), list):
            data["gather"] = tuple(data["gather"])
        try:
            return cls().replace(**data)
        except TypeError as exc:  # pragma: no cover - replace() names unknown keys first
            raise ValueError(str(exc)) from None

    # --- derived facts -----------------------------------------------------------------
    @property
    def deck_cards(self) -> list[Card]:
        """The cards of this game's deck, in a fixed order (a new list; the cards are immutable)."""
        return list(self._deck)

    @functools.cached_property
    def _deck(self) -> tuple[Card, ...]:
        """The deck, made once per rule set (every game deals it)."""
        return tuple(make_deck(self.deck, self.jokers))

    @property
    def deck_size(self) -> int:
        """How many cards the deck has without jokers (``deck="A9"``: 36)."""
        return DECK_SIZES[self.deck]

    @property
    def cards_per_player(self) -> int:
        return (self.deck_size + self.jokers) // self.players

    @property
    def lowest_rank(self) -> int:
        return {52: 2, 36: 6, 32: 7, 40: 2, "A9": 2}[self.deck]

    @property
    def number_cards(self) -> bool:
        """True when the deck holds number cards only (A-10 or A-9: no J Q K)."""
        return self.deck in NUMBER_DECKS

    @property
    def school(self) -> bool:
        """True for the school variants: cards are numbers and a battle compares their value."""
        return self.battle_value != "card"

    def number(self, card: Card) -> int:
        """A card's number in the school variants: A = 1, 2-10, J Q K = 11 12 13; under
        ``place_value`` a digit, A = 1 ... 9 and 10 = 0 (docs/rules.md, "School variants")."""
        if not isinstance(card, Card) or card.is_joker:
            raise ValueError(f"number needs a Card value that is not a joker (Card.parse('7S')); got {card!r}")
        n = 1 if card.rank == 14 else card.rank
        return 0 if self.battle_value == "place_value" and n == 10 else n

    def value(self, cards: Sequence[Card]) -> int:
        """The battle value of the cards one player turned up, under ``battle_value``: the sum; the
        difference, larger minus smaller; the product; the largest number their digits make.  A
        player short of cards turns up fewer: one card alone is worth its own number.

        >>> [Rules.preset(p).value([Card.parse("7S"), Card.parse("5H")])
        ...  for p in ("addition", "subtraction", "multiplication")]
        [12, 2, 35]
        >>> Rules.preset("place_value").value([Card.parse(c) for c in ("3S", "10H", "8D")])
        830
        """
        if isinstance(cards, (str, Card)) or not cards or not all(isinstance(c, Card) for c in cards):
            raise ValueError(f"value needs a non-empty list of the Card values one player turned up; got {cards!r}")
        if not self.school:
            raise ValueError("value is the battle value of the school variants; these rules compare single "
                             "cards (battle_value='card'): use best()")
        numbers = [self.number(c) for c in cards]
        if self.battle_value == "sum":
            return sum(numbers)
        if self.battle_value == "difference":
            return max(numbers) - min(numbers) if len(numbers) > 1 else numbers[0]
        if self.battle_value == "product":
            out = 1
            for n in numbers:
                out *= n
            return out
        return int("".join(str(n) for n in sorted(numbers, reverse=True)))

    def gather_for(self, player: int) -> GatherSpec:
        """The gather order a player uses for the cards it wins."""
        return self.gather[player] if isinstance(self.gather, tuple) else self.gather

    @property
    def has_randomness_after_deal(self) -> bool:
        """Whether any shuffle can happen after the deal (if not, positions can cycle)."""
        if self.capture == "aside":
            return False
        if self.capture == "won_pile" and self.shuffle_won_pile:
            return True
        return any(self.gather_for(p) == "shuffle" for p in range(self.players))

    def strength(self, card: Card) -> int:
        """How strong a card is alone (higher beats lower).  ``low_beats_ace`` also needs
        :meth:`best`, because there the deck's lowest rank beats an ace.  With
        ``tiebreak="suits"`` the suit breaks ties within a rank (clubs < diamonds < hearts <
        spades); two jokers still tie."""
        if not isinstance(card, Card):
            raise ValueError(f"strength needs a Card value (Card.parse('KS')); got {card!r}")
        r = card.rank
        if r == JOKER:
            s = 100
        elif self.rank_order == "ace_low":
            s = 1 if r == 14 else r
        elif self.rank_order == "two_high":
            s = 15 if r == 2 else r
        else:
            s = r
        return self._with_suit(s, card)

    def _with_suit(self, strength: int, card: Card) -> int:
        if self.tiebreak == "suits":
            return strength * 4 + (0 if card.is_joker else SUIT_STRENGTH[card.suit])
        return strength

    def best(self, cards: Sequence[Card]) -> list[int]:
        """Indices of the highest card(s) among those turned up together.

        >>> pj = Rules.preset("pjanitsa")
        >>> pj.best([Card.parse(c) for c in ("AS", "6H", "KD")])   # the six beats the ace
        [1]
        >>> pj.best([Card.parse(c) for c in ("6S", "KD")])           # and only an ace
        [1]
        """
        if isinstance(cards, (str, Card)) or not cards or not all(isinstance(c, Card) for c in cards):
            raise ValueError(f"best needs a non-empty list of Card values turned up together; got {cards!r}")
        return self._best(cards)

    @functools.cached_property
    def _strengths(self) -> tuple[int, ...]:
        """``strength`` of every card, by ``Card.index`` (0..53), worked out once per rule set."""
        return tuple(self.strength(c) for c in sorted(make_deck(52, 2), key=lambda c: c.index))

    def _best(self, cards: Sequence[Card]) -> list[int]:
        """``best`` of cards known to be Cards (the engine's hot path: no argument check)."""
        table = self._strengths
        if len(cards) == 2 and self.rank_order != "low_beats_ace":     # two players: one comparison
            a, b = table[cards[0].index], table[cards[1].index]
            return [0] if a > b else [1] if b > a else [0, 1]
        strengths = [table[c.index] for c in cards]
        if self.rank_order == "low_beats_ace":
            ranks = [c.rank for c in cards]
            if 14 in ranks and self.lowest_rank in ranks:
                strengths = [self._with_suit(99, c) if c.rank == self.lowest_rank else s
                             for c, s in zip(cards, strengths, strict=True)]
        top = max(strengths)
        return [i for i, s in enumerate(strengths) if s == top]

    def display_value(self, card: Card) -> int | None:
        """The number a teaching aid shows for a card under this rank order (J=11, A=14 or 1, ...)."""
        if not isinstance(card, Card):
            raise ValueError(f"display_value needs a Card value (Card.parse('KS')); got {card!r}")
        if card.is_joker:
            return None
        if self.rank_order == "ace_low" and card.rank == 14:
            return 1
        if self.rank_order == "two_high" and card.rank == 2:
            return 15
        return card.rank

    def war_cards(self, tie_rank: int) -> int:
        """How many cards each player plays in a war after a tie on ``tie_rank`` (the last
        ``battle_cards`` of them face up: one, or the school variants' two or three).

        ``by_rank`` (Razboi): the tied rank's number, J Q K count 10 and A 11 [003]; a tie of
        two jokers also counts 11 (our choice: the seeds do not say).

        >>> r = Rules.preset("razboi")
        >>> r.war_cards(5), r.war_cards(13), r.war_cards(14), Rules().war_cards(9)
        (5, 10, 11, 2)
        """
        if isinstance(tie_rank, bool) or not isinstance(tie_rank, int) or not 2 <= tie_rank <= 15:
            raise ValueError(f"tie_rank must be a card rank 2..15 (14 = ace, 15 = joker); got {tie_rank!r}")
        if self.face_down == "by_rank":
            if tie_rank >= 14:
                return 11
            return min(tie_rank, 10)
        return int(self.face_down) + self.battle_cards

    def describe(self) -> str:
        """The three things to agree on before playing, in one line [004]."""
        top = {40: "10", "A9": "9"}.get(self.deck, "K")   # the highest card of the deck
        order = {"ace_high": "A high", "ace_low": f"{top} high, A low (A = 1)", "two_high": "2 high",
                 "low_beats_ace": f"A high, {self.lowest_rank} beats A"}[self.rank_order]
        down = "cards by rank" if self.face_down == "by_rank" else f"{self.face_down} down"
        zero = "0 cards loses" if self.zero == "lose" else "reuse"
        short = {"last_card_up": f"short: last card up ({zero})",
                 "lose": "short: can't finish a war loses", "split": "short: tie on last cards is split",
                 "fewest": f"short: all play as many as the fewest ({zero})"}[self.shortage]
        suits = " · suits break ties (♣ < ♦ < ♥ < ♠)" if self.tiebreak == "suits" else ""
        if self.school:
            value = {"sum": "sum", "difference": "difference", "product": "product",
                     "place_value": "largest number"}[self.battle_value]
            deck = ("A-10, 10 = 0" if self.deck == 40 else "A-9") if self.battle_value == "place_value" else (
                "A-10" if self.deck == 40 else "A-9" if self.deck == "A9" else "A = 1, J Q K = 11 12 13")
            return (f"{self.battle_cards} cards each, compare the {value} ({deck}) · war: {down} + "
                    f"{self.battle_cards} up · {short}")
        cards = {40: " · cards A-10", "A9": " · cards A-9"}.get(self.deck, "") if self.rank_order != "ace_low" else ""
        return f"{order}{cards} · war: {down} + 1 up · {short}{suits}"


_BASE = dict(deck=52, face_down=1, capture="won_pile", gather="shuffle", shuffle_won_pile=True,
             shortage="last_card_up", zero="lose", round_limit=40)
_PRESET_RULES: dict[str, Rules] = {}
PRESETS: dict[str, dict[str, Any]] = {
    "classic": dict(_BASE),
    "classic_long": dict(_BASE, round_limit=240),
    "kids": dict(face_down=0, capture="bottom", gather="shuffle", shortage="last_card_up", zero="reuse",
                 round_limit=None),
    "kids_aside": dict(face_down=0, capture="aside", shortage="last_card_up", zero="reuse", round_limit=None),
    "bicycle": dict(face_down=1, capture="bottom", gather="played", shortage="lose", round_limit=None),
    "pagat": dict(face_down=1, capture="bottom", gather="shuffle", shortage="lose", round_limit=None),
    "pagat_last_card": dict(face_down=1, capture="bottom", gather="shuffle", shortage="last_card_up",
                            zero="reuse", round_limit=None),
    "three_down": dict(face_down=3, capture="bottom", gather="shuffle", shortage="last_card_up", zero="reuse",
                       round_limit=None),
    "razboi": dict(face_down="by_rank", capture="bottom", gather="shuffle", shortage="fewest",
                   zero="lose", round_limit=None),
    "pjanitsa": dict(deck=36, rank_order="low_beats_ace", face_down=0, capture="bottom", gather="shuffle",
                     shortage="last_card_up", zero="reuse", round_limit=None),
    "tod_und_leben": dict(deck=32, face_down=0, capture="aside", shortage="split", round_limit=None),
}
# The number lessons (issue 27; in no source text): the kids' rules [001] with the battle itself
# played in the numbers a child counts, A = 1 ... K = 13 (rank_order="ace_low"), so the question
# "which is bigger?", the battle and the aid say the same; and the youngest's A-10 (A = 1 ... 10).
NUMBER_LESSONS: dict[str, dict[str, Any]] = {
    "number_lesson": dict(PRESETS["kids"], rank_order="ace_low"),
    "number_lesson_10": dict(PRESETS["kids"], rank_order="ace_low", deck=40),
}
PRESETS.update(NUMBER_LESSONS)
# The school variants (issue 18; in no source text): number cards A-10, A = 1, two cards each
# (three for place value), one card down in a war then as many up again; 40 rounds, a lesson's game.
_SCHOOL = dict(deck=40, rank_order="ace_low", face_down=1, capture="bottom", gather="shuffle",
               shortage="last_card_up", zero="lose", round_limit=40)
SCHOOL_PRESETS: dict[str, dict[str, Any]] = {
    "addition": dict(_SCHOOL, battle_cards=2, battle_value="sum"),
    "subtraction": dict(_SCHOOL, battle_cards=2, battle_value="difference"),
    "multiplication": dict(_SCHOOL, deck="A9", battle_cards=2, battle_value="product"),   # 九九: A-9
    "place_value": dict(_SCHOOL, battle_cards=3, battle_value="place_value"),
}
PRESETS.update(SCHOOL_PRESETS)
