"""Cards: parsing every accepted spelling, printing, rebuilding from repr, and bad input."""
from __future__ import annotations

import pytest

from war_widget import Card
from war_widget.game.cards import JOKER, make_deck


@pytest.mark.parametrize("text,rank,suit", [
    ("10H", 10, "H"), ("TH", 10, "H"), ("th", 10, "H"), ("K♠", 13, "S"), ("A♥", 14, "H"), ("Q♦", 12, "D"),
    ("J♣", 11, "C"), ("2C", 2, "C"), ("as", 14, "S"), (" 9d ", 9, "D"), ("10♡", 10, "H"), ("RJ", JOKER, "R"),
    ("BJ", JOKER, "B"), ("1S", 14, "S"),
])
def test_parse(text, rank, suit):
    card = Card.parse(text)
    assert (card.rank, card.suit) == (rank, suit)


def test_str_code_and_names():
    card = Card.parse("10H")
    assert (str(card), card.code, card.rank_name, card.is_red, card.is_joker) == ("10♥", "10H", "10", True, False)
    assert str(Card.parse("KS")) == "K♠" and Card.parse("KS").code == "KS" and not Card.parse("KS").is_red
    joker = Card.parse("RJ")
    assert (joker.rank_name, joker.code, joker.is_joker, joker.is_red) == ("JOKER", "RJ", True, True)
    assert not Card.parse("BJ").is_red


@pytest.mark.parametrize("card", make_deck(52, 2))
def test_repr_rebuilds_and_code_parses_back(card):
    assert eval(repr(card), {"Card": Card}) == card
    assert Card.parse(card.code) == card
    assert Card.parse(str(card)) == card            # "10♥" and "Red Joker" read back


def test_suits_do_not_make_cards_equal_but_ranks_are_kept():
    assert Card.parse("5H") != Card.parse("5S") and Card.parse("5H").rank == Card.parse("5S").rank


@pytest.mark.parametrize("text", ["", "H", "1", "11H", "10X", "ZS", "10HH", "KK", "jokers", "XJ", "♠K"])
def test_bad_card_strings(text):
    with pytest.raises(ValueError, match=r"not a card: .*ranks 2-10 J Q K A, suits S H D C"):
        Card.parse(text)


@pytest.mark.parametrize("value", [10, None, ["KS"], 1.5])
def test_non_text_is_rejected(value):
    with pytest.raises(ValueError, match="a card must be given as text"):
        Card.parse(value)


def test_constructor_checks():
    with pytest.raises(ValueError, match="ranks are 2..14"):
        Card(1, "S")
    with pytest.raises(ValueError, match="ranks are 2..14"):
        Card(10, "X")
    with pytest.raises(ValueError, match="joker's colour must be R or B"):
        Card(JOKER, "S")


@pytest.mark.parametrize("size,jokers,lowest", [(52, 0, 2), (52, 2, 2), (36, 0, 6), (32, 0, 7), (36, 2, 6)])
def test_decks(size, jokers, lowest):
    deck = make_deck(size, jokers)
    assert len(deck) == size + jokers == len(set(deck))
    plain = [c for c in deck if not c.is_joker]
    assert min(c.rank for c in plain) == lowest and max(c.rank for c in plain) == 14
    assert all(sum(1 for c in plain if c.rank == r) == 4 for r in range(lowest, 15))
    assert len({c.index for c in deck}) == len(deck)


def test_bad_deck_size():
    with pytest.raises(ValueError, match=r"deck must be 52, 36, 32, 40 \(A-10\) or 'A9' \(A-9\) cards, got 44"):
        make_deck(44)
    with pytest.raises(ValueError, match=r"got 'A10'"):
        make_deck("A10")   # type: ignore[arg-type]


def test_the_number_deck_is_a_to_10():
    deck = make_deck(40)
    assert len(deck) == 40 == len(set(deck))
    assert sorted({c.rank for c in deck}) == [*range(2, 11), 14]
