"""One sentence per beat of a game of War, in English or Japanese.

Pure functions of an engine event: the widget's narration log, the teaching notebooks and a
screen reader all read the same words, and a teacher stepping through a war reads one sentence
per beat.

>>> from war_widget import Game
>>> game = Game.from_hands("classic", [["KS"], ["7H"]])
>>> narrate(game.step(), names=["You", "Computer"])
'Round 1: You turn up K♠; Computer turns up 7♥.'
>>> narrate(game.step(), names=["You", "Computer"])
'K♠ beats 7♥: You win the round.'
>>> narrate(game.step(), lang="ja", names=["あなた", "コンピューター"])
'あなたが場の2枚を取ります（あなた2枚、コンピューター0枚）。'

Japanese comes in two registers: everyday (``lang="ja"``) and the children's register
(``kids=True``, or the register code ``lang="ja_kids"``): "あなたの K（13）は 7より つよい！　あなたの かち。",
and the first-grade register with no kanji (``lang="ja_kana"``).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from ..game import events as ev
from ..game.cards import Card
from ..game.rules import Rules
from .i18n import counts_text, join_names, reason_text, register
from .i18n_ja import to_kana
from .school import by_seat, expression

__all__ = ["narrate", "card_text", "default_names"]

_YOU = ("You", "you")
_WAR_WORD_EN = {1: "War", 2: "Double war", 3: "Triple war"}


def default_names(players: int, lang: str = "en") -> list[str]:
    """Player 1..n in ``lang``."""
    return [f"Player {p + 1}" if register(lang) == "en" else f"プレイヤー{p + 1}" for p in range(players)]


def card_text(card: Card, lang: str = "en", rules: Rules | None = None, values: bool = False) -> str:
    """A card as printed ("K♠"), with its value under ``rules`` when ``values`` ("K♠ (13)",
    in Japanese "K♠（13）")."""
    en = register(lang) == "en"
    if card.is_joker:
        text = ("Joker" if en else "ジョーカー")
    else:
        text = str(card)
    number = _true_number(card, rules) if values else None
    if number is not None:
        text += f" ({number})" if en else f"（{number}）"
    return text


def _true_number(card: Card, rules: Rules | None) -> int | None:
    """The number a teaching aid writes beside a card: J Q K are 11 12 13, and the ace is 1 where the
    rules count it as 1 (K high).  Never a strength made up for the game's order ("A (14)", "2 (15)":
    an ace has one pip and a 2 two; issue 18)."""
    if rules is None or card.is_joker:
        return None
    if 11 <= card.rank <= 13:
        return card.rank
    if card.rank == 14 and rules.rank_order == "ace_low":
        return 1
    return None


def _rank_word(card: Card, lang: str) -> str:
    """A rank in a sentence: its name, a joker said in words (never the card face's JOKER)."""
    if card.is_joker:
        return "Joker" if register(lang) == "en" else "ジョーカー"
    return card.rank_name


def _v(name: str, third: str, base: str) -> str:
    """English verb agreement: 'You take' but 'Computer takes'."""
    return f"{name} {base if name in _YOU else third}"


def _count_list(counts: Sequence[int], names: Sequence[str], lang: str) -> str:
    sep = ", " if lang == "en" else "、"
    return sep.join(f"{names[p]} {c}" for p, c in enumerate(counts))


def _war_word(n: int, lang: str) -> str:
    if lang == "en":
        return _WAR_WORD_EN.get(n, f"War number {n}")
    return f"{n}回目の戦争"


def _sums(e: ev.Flipped | ev.Compared, rules: Rules | None) -> dict[int, str]:
    """The school variants: each fighter's cards and value as the event gives them, "7 + 5 = 12"
    (just the value when the rules are not known or a fighter turned nothing new up)."""
    seats = by_seat(e.cards)
    return {p: expression(seats[p], v, rules) if rules is not None and rules.school and p in seats else str(v)
            for p, v in e.values}


def _cards_of(e: ev.Flipped, p: int, lang: str, rules: Rules | None, values: bool) -> list[str]:
    return [card_text(c, lang, rules, values) for q, c in e.cards if q == p]


def _up(rules: Rules | None) -> int:
    return rules.battle_cards if rules is not None else 1


def narrate(event: ev.Event, lang: str = "en", rules: Rules | None = None, names: Sequence[str] | None = None,
            *, values: bool = False, kids: bool = False) -> str:
    """One sentence telling what ``event`` did, in ``lang`` ("en" or "ja"; ``kids`` for the
    children's register of Japanese, also chosen by ``lang="ja_kids"``).

    ``names`` are the seats' names (default "Player 1", ...); ``rules`` lets the sentence explain
    a rank order that is not the usual one, and with ``values`` (the teaching aid) face cards get
    their numbers: "K♠ (13) beats 7♥"."""
    lang = register(lang, kids)
    if not isinstance(event, ev.Event):
        raise ValueError(f"narrate needs an engine event (war_widget.game.events.Event); got {event!r}")
    players = _players(event, rules)
    names = list(names) if names is not None else default_names(players, lang)
    if len(names) < players:
        raise ValueError(f"names needs one name per player ({players}); got {len(names)}")
    handler = _HANDLERS[lang][event.kind]
    return handler(event, names, rules, values)


def _players(event: ev.Event, rules: Rules | None) -> int:
    if rules is not None:
        return rules.players
    seats = [0, 1]
    for attr in ("cards", "counts"):
        value = getattr(event, attr, ())
        if not isinstance(value, tuple):  # Shuffled.cards is a number of cards, not per-player cards
            continue
        if attr == "counts":
            seats.append(len(value) - 1)
        else:
            seats.extend(item[0] for item in value if isinstance(item, tuple))
    for attr in ("player", "winner"):
        value = getattr(event, attr, None)
        if isinstance(value, int):
            seats.append(value)
    if isinstance(event, ev.GameOver):
        seats.append(len(event.outcome.counts) - 1)
    return max(seats) + 1


# --- English -----------------------------------------------------------------------------------
def _en_flip(e: ev.Flipped, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    if e.values:                          # the school variants: each player's cards and their value
        sums = _sums(e, rules)
        parts = [f"{_v(names[p], 'turns up', 'turn up')} {' and '.join(_cards_of(e, p, 'en', rules, values))} "
                 f"({sums[p]})" for p, _ in e.values if p not in e.reused]
    else:
        parts = [f"{_v(names[p], 'turns up', 'turn up')} {card_text(c, 'en', rules, values)}" for p, c in e.cards]
    parts += [f"{_v(names[p], 'plays', 'play')} the same card again" for p in e.reused]
    lead = f"Round {e.round}: " if e.battle == 1 else "In the war, "
    return lead + "; ".join(parts) + "."


def _en_compare(e: ev.Compared, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    if e.values:
        return _en_compare_values(e, names, rules)
    cards = dict(e.cards)
    if e.winner is not None:
        win = card_text(cards[e.winner], "en", rules, values)
        losers = [card_text(c, "en", rules, values) for p, c in e.cards if p != e.winner]
        what = "the round" if e.battle == 1 else "the war"
        note = _low_beats_ace_note(cards, e.winner, rules, "en")
        if len(losers) == 1:
            return f"{win} beats {losers[0]}{note}: {_v(names[e.winner], 'wins', 'win')} {what}."
        return f"{win} is highest{note}: {_v(names[e.winner], 'wins', 'win')} {what}."
    card = cards[e.tied[0]]
    if len(e.cards) == 2:
        a, b = (card_text(c, "en", rules, values) for _, c in e.cards)
        return f"{a} and {b} tie: war!"
    who = join_names([names[p] for p in e.tied], "en")
    return f"{who} tie for highest ({card.rank_name}): war!"


def _en_compare_values(e: ev.Compared, names: Sequence[str], rules: Rules | None) -> str:
    sums = _sums(e, rules)
    what = "the round" if e.battle == 1 else "the war"
    if e.winner is not None:
        others = [sums[p] for p, _ in e.values if p != e.winner]
        if len(others) == 1:
            return f"{sums[e.winner]} beats {others[0]}: {_v(names[e.winner], 'wins', 'win')} {what}."
        return f"{sums[e.winner]} is the biggest: {_v(names[e.winner], 'wins', 'win')} {what}."
    if len(e.values) == 2:
        a, b = (sums[p] for p, _ in e.values)
        return f"{a} and {b} are the same: war!"
    who = join_names([names[p] for p in e.tied], "en")
    return f"{who} tie for highest ({dict(e.values)[e.tied[0]]}): war!"


def _low_beats_ace_note(cards: dict[int, Card], winner: int, rules: Rules | None, lang: str) -> str:
    if rules is None or rules.rank_order != "low_beats_ace":
        return ""
    if cards[winner].rank == rules.lowest_rank and any(c.rank == 14 for c in cards.values()):
        low = Card(rules.lowest_rank, "S").rank_name
        return f" ({low} beats an ace in these rules)" if lang == "en" else low
    return ""


def _en_war(e: ev.WarDeclared, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    word = _war_word(e.war, "en")
    laying = [(p, k) for p, k in e.face_down if p not in e.reusing]
    counts = {k for _, k in laying}
    parts = []
    if laying:
        who = join_names([names[p] for p, _ in laying], "en")
        if len(counts) == 1:
            k = counts.pop()
            verb = "each lay" if len(laying) > 1 else ("lay" if names[laying[0][0]] in _YOU else "lays")
            up = {1: "one", 2: "two", 3: "three"}[_up(rules)]
            up_cards = f"{up} face up" if up == "one" else f"{up} more face up"
            down = (f"{k} card{'s' if k != 1 else ''} face down, then {up_cards}" if k
                    else f"{up} card{'s' if up != 'one' else ''} face up")
            parts.append(f"{who} {verb} {down}")
        else:
            parts.append("; ".join(f"{_v(names[p], 'lays', 'lay')} {k} down and {_up(rules)} up" for p, k in laying))
    for p in e.reusing:
        parts.append(f"{names[p]} {'have' if names[p] in _YOU else 'has'} no cards left and "
                     f"{'keep' if names[p] in _YOU else 'keeps'} the last card")
    if e.dropped:  # three or four players: the fighters ran out, another player still holds cards
        one = len(e.dropped) == 1 and names[e.dropped[0]] not in _YOU
        parts.append(f"{join_names([names[p] for p in e.dropped], 'en')} cannot finish the war and "
                     f"{'drops' if one else 'drop'} out; the table goes to whoever still holds cards")
    if e.short and set(e.short) >= set(e.players):  # a void round or a split: nobody takes the table
        parts.append(f"{join_names([names[p] for p in e.short], 'en')} cannot finish the war, "
                     "so nobody wins the table")
    else:
        for p in e.short:
            parts.append(f"{names[p]} cannot finish the war and {'lose' if names[p] in _YOU else 'loses'} the table")
    return f"{word}! " + ("; ".join(parts) if parts else "nobody can play on") + "."


def _en_face_down(e: ev.FaceDownLaid, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    parts = [f"{_v(names[p], 'lays', 'lay')} {len(cs)} card{'s' if len(cs) != 1 else ''} face down"
             for p, cs in e.cards]
    return "; ".join(parts) + "."


def _en_collect(e: ev.Collected, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    n = len(e.cards)
    return (f"{_v(names[e.winner], 'takes', 'take')} {n} card{'s' if n != 1 else ''} "
            f"({_count_list(e.counts, names, 'en')}).")


def _en_return(e: ev.Returned, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    return f"Everyone takes back their own cards ({_count_list(e.counts, names, 'en')})."


def _en_shuffle(e: ev.Shuffled, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    own = "your" if names[e.player] in _YOU else "their"
    if e.shuffled:
        return f"{_v(names[e.player], 'shuffles', 'shuffle')} {own} {e.cards} won cards into a new hand."
    return f"{_v(names[e.player], 'turns', 'turn')} over {own} {e.cards} won cards as a new hand."


def _en_out(e: ev.PlayerOut, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    name = names[e.player]
    return f"{name} {'have' if name in _YOU else 'has'} no cards left and {'are' if name in _YOU else 'is'} out."


def _en_game_over(e: ev.GameOver, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    o = e.outcome
    why = reason_text(o.reason, "en")
    score = " to ".join(str(c) for c in o.counts)
    head = f"Game over after {e.round} round{'s' if e.round != 1 else ''} ({why})"
    if o.reason.name == "CYCLE":
        since = "the deal" if o.cycle_start == 0 else f"round {o.cycle_start}"
        return (f"{head}: the game repeats itself from {since} every {o.cycle_period} "
                f"round{'s' if o.cycle_period != 1 else ''}, so it is a draw.")
    if o.winning_team is not None:
        team = join_names([names[p] for p in range(len(o.counts)) if p % 2 == o.winning_team], "en")
        return f"{head}: {team} win as a team, {score}."
    if o.winner is not None:
        return f"{head}: {_v(names[o.winner], 'wins', 'win')}, {score}."
    if o.loser is not None:
        loses = "lose" if names[o.loser] in _YOU else "loses"
        return f"{head}: {_v(names[o.loser], 'is', 'are')} the drunkard and {loses}, {score}."
    return f"{head}: a draw, {score}."


# --- Japanese ----------------------------------------------------------------------------------
# Everyday register: short sentences ending in です/ます, the sources' words (めくる, 場, 伏せる,
# 手札); a counter right after its number (2枚, 3ラウンド目).
def _ja_card(card: Card, rules: Rules | None, values: bool) -> str:
    return card_text(card, "ja", rules, values)


def _ja_counts(counts: Sequence[int], names: Sequence[str]) -> str:
    return counts_text(names[:len(counts)], counts, "ja")


def _ja_flip(e: ev.Flipped, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    if e.values:
        sums = _sums(e, rules)
        shown = "、".join(f"{names[p]}は{'と'.join(_cards_of(e, p, 'ja', rules, False))}"
                         f"{_paren(sums[p], _cards_of(e, p, 'ja', rules, False))}"
                         for p, _ in e.values if p not in e.reused)
    else:
        shown = "、".join(f"{names[p]}は{_ja_card(c, rules, values)}" for p, c in e.cards)
    sentences = []
    if shown:
        sentences.append(f"{shown}をめくります。" if e.battle == 1 else f"{shown}を表にします。")
    sentences += [f"{names[p]}は、さっき出した札のまま勝負を続けます。" for p in e.reused]
    lead = f"{e.round}ラウンド目：" if e.battle == 1 else ""
    return lead + "".join(sentences)


def _paren(value: str, cards: Sequence[str]) -> str:
    """A fighter's value after its cards, 「（7 + 5 = 12）」, or nothing when it only repeats the one
    card (「4（4）」) or is the card's own number."""
    plain = [c.rstrip("♠♥♦♣") for c in cards]
    return "" if len(plain) == 1 and value in (plain[0], cards[0]) else f"（{value}）"


def _ja_compare(e: ev.Compared, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    if e.values:
        sums = _sums(e, rules)
        what = "このラウンドは" if e.battle == 1 else "この戦争は"
        if e.winner is not None:
            others = [sums[p] for p, _ in e.values if p != e.winner]
            if len(others) == 1:
                return f"{sums[e.winner]}は{others[0]}より大きいので、{what}{names[e.winner]}の勝ちです。"
            return f"{sums[e.winner]}がいちばん大きいので、{what}{names[e.winner]}の勝ちです。"
        if len(e.values) == 2:
            a, b = (sums[p] for p, _ in e.values)
            return f"{a}と{b}は同じです。"
        who = join_names([names[p] for p in e.tied], "ja")
        return f"{who}が、いちばん大きい同じ数（{dict(e.values)[e.tied[0]]}）になりました。"
    cards = dict(e.cards)
    if e.winner is not None:
        win = _ja_card(cards[e.winner], rules, values)
        losers = [_ja_card(c, rules, values) for p, c in e.cards if p != e.winner]
        what = "このラウンドは" if e.battle == 1 else "この戦争は"
        low = _low_beats_ace_note(cards, e.winner, rules, "ja")
        if low:
            return f"このルールでは、{low}はAに勝ちます。{what}{names[e.winner]}の勝ちです。"
        if len(losers) == 1:
            return f"{win}は{losers[0]}より強いので、{what}{names[e.winner]}の勝ちです。"
        return f"{win}がいちばん強いので、{what}{names[e.winner]}の勝ちです。"
    if len(e.cards) == 2:
        a, b = (_ja_card(c, rules, values) for _, c in e.cards)
        return f"{a}と{b}は同じ数です。"
    card = cards[e.tied[0]]
    who = join_names([names[p] for p in e.tied], "ja")
    return f"{who}が、いちばん強い同じ数（{_rank_word(card, 'ja')}）を出しました。"


def _ja_laying(p_names: str, k: int, each: bool, up: int = 1) -> str:
    """What fighters lay in a war; no names when everyone lays the same ("1枚ずつ伏せて…")."""
    who = f"{p_names}は" if p_names else ""
    if k == 0:
        return f"{who}伏せずに、次の{up}枚で勝負します。"
    return f"{who}{k}枚{'ずつ' if each else ''}伏せて、次の{up}枚で勝負します。"


def _ja_war(e: ev.WarDeclared, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    head = ("戦争です！" if e.war == 1 else f"また同じ数です。{e.war}回目の戦争です！") + "\u3000"
    laying = [(p, k) for p, k in e.face_down if p not in e.reusing]
    parts = []
    if laying and len({k for _, k in laying}) == 1:
        everyone = len(laying) > 1 and {p for p, _ in laying} >= set(e.players)
        who = "" if everyone else join_names([names[p] for p, _ in laying], "ja")
        parts.append(_ja_laying(who, laying[0][1], len(laying) > 1, _up(rules)))
    else:
        parts += [_ja_laying(names[p], k, False, _up(rules)) for p, k in laying]
    parts += [f"{names[p]}は札がないので、さっき出した札のまま勝負を続けます。" for p in e.reusing]
    if e.dropped:
        parts.append(f"{join_names([names[p] for p in e.dropped], 'ja')}は札が足りず、ここで抜けます。"
                     "場の札は、まだ札を持っている人が取ります。")
    if e.short and set(e.short) >= set(e.players):
        who = join_names([names[p] for p in e.short], "ja")
        parts.append(f"{who}は札が足りず、戦争を最後までできません。だれも場の札を取りません。")
    else:
        parts += [f"{names[p]}は札が足りず、戦争を続けられません。場の札はもらえません。" for p in e.short]
    return head + ("".join(parts) if parts else "だれも続けられません。")


def _ja_face_down(e: ev.FaceDownLaid, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    sizes = {len(cs) for _, cs in e.cards}
    if len(e.cards) > 1 and len(sizes) == 1:
        return f"{join_names([names[p] for p, _ in e.cards], 'ja')}は{sizes.pop()}枚ずつ伏せます。"
    return "、".join(f"{names[p]}は{len(cs)}枚" for p, cs in e.cards) + "を伏せます。"


def _ja_collect(e: ev.Collected, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    return f"{names[e.winner]}が場の{len(e.cards)}枚を取ります（{_ja_counts(e.counts, names)}）。"


def _ja_return(e: ev.Returned, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    return f"場の札は、出した人にそれぞれ戻ります（{_ja_counts(e.counts, names)}）。"


def _ja_shuffle(e: ev.Shuffled, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    if e.shuffled:
        return f"{names[e.player]}は、取った札{e.cards}枚を切って、新しい手札にします。"
    return f"{names[e.player]}は、取った札{e.cards}枚をそのまま裏返して、手札にします。"


def _ja_out(e: ev.PlayerOut, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    return f"{names[e.player]}は札がなくなったので、ここで抜けます。"


def _ja_game_over(e: ev.GameOver, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    o = e.outcome
    score = f"（{_ja_counts(o.counts, names)}）"   # every count with its player's name, never "8対2対42対0"
    when = f"{e.round}ラウンドで" if e.round else "1ラウンドもめくらないうちに"
    head = f"{when}終わりました（{reason_text(o.reason, 'ja')}）。"
    if o.reason.name == "CYCLE":
        since = "配ったとき" if o.cycle_start == 0 else f"{o.cycle_start}ラウンド目"
        return (f"{when}終わりました。{since}から、{o.cycle_period}ラウンドごとに同じ並びがくり返されるので、"
                "引き分けです。")
    if o.winning_team is not None:
        team = join_names([names[p] for p in range(len(o.counts)) if p % 2 == o.winning_team], "ja")
        return f"{head}{team}のチームの勝ちです{score}。"
    if o.winner is not None:
        return f"{head}{names[o.winner]}の勝ちです{score}。"
    if o.loser is not None:
        return f"{head}{names[o.loser]}の負けです{score}。"
    return f"{head}引き分けです{score}。"


# --- Japanese, children's register ---------------------------------------------------------------
# For ages 5-8 (kids presets, or the teaching aids on): short sentences, words a child says
# (かち, まけ, つよい, もういっしょうぶ [001]), spaces between phrases as in a first reader, and no kanji
# beyond the second grade (tests/test_japanese.py checks).  Cards without their suit (the suit
# never matters); with the teaching aids a face card says its number: K（13）.
def _kid_card(card: Card, rules: Rules | None, values: bool) -> str:
    if card.is_joker:
        return "ジョーカー"
    text = card.rank_name
    number = _true_number(card, rules) if values else None
    return text + f"（{number}）" if number is not None else text


def _kid_join(names: Sequence[str]) -> str:
    """Names in the children's register, a space after each 「と」 (分かち書き): 「あなたと コンピューター1」."""
    return "と ".join(names)


def _kid_counts(counts: Sequence[int], names: Sequence[str]) -> str:
    return counts_text(names[:len(counts)], counts, "ja_kids")


def _kid_flip(e: ev.Flipped, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    if e.values:
        sums = _sums(e, rules)
        shown = "、".join(f"{names[p]}は {'と '.join(_kid_card(c, rules, False) for q, c in e.cards if q == p)}"
                         f"{_paren(sums[p], [_kid_card(c, rules, False) for q, c in e.cards if q == p])}"
                         for p, _ in e.values if p not in e.reused)
    else:
        shown = "、".join(f"{names[p]}は {_kid_card(c, rules, values)}" for p, c in e.cards)
    sentences = [f"{shown}。"] if shown else []
    sentences += [f"{names[p]}は さっきの カードで しょうぶ。" for p in e.reused]
    lead = f"{e.round}かいめ：" if e.battle == 1 else "もういっしょうぶ："
    return lead + "".join(sentences)


def _kid_compare(e: ev.Compared, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    if e.values:
        sums = _sums(e, rules)
        if e.winner is not None:
            name = names[e.winner]
            others = [sums[p] for p, _ in e.values if p != e.winner]
            if len(others) == 1:
                return f"{sums[e.winner]}は {others[0]}より 大きい！\u3000{name}の かち。"
            return f"{name}の {sums[e.winner]}が いちばん 大きい！\u3000{name}の かち。"
        if len(e.values) == 2:
            a, b = (sums[p] for p, _ in e.values)
            return f"{a}と {b}は おなじ！"
        return f"{_kid_join([names[p] for p in e.tied])}が おなじ かず（{dict(e.values)[e.tied[0]]}）！"
    cards = dict(e.cards)
    if e.winner is not None:
        name = names[e.winner]
        win = _kid_card(cards[e.winner], rules, values)
        losers = [_kid_card(c, rules, values) for p, c in e.cards if p != e.winner]
        low = _low_beats_ace_note(cards, e.winner, rules, "ja")
        if low:
            return f"この ルールでは {low}が Aに かつ！\u3000{name}の かち。"
        if len(losers) == 1:
            return f"{name}の {win}は {losers[0]}より つよい！\u3000{name}の かち。"
        return f"{name}の {win}が いちばん つよい！\u3000{name}の かち。"
    if len(e.cards) == 2:
        a, b = (_kid_card(c, rules, values) for _, c in e.cards)
        return f"{a}と {b}は おなじ かず！"
    return f"{_kid_join([names[p] for p in e.tied])}が おなじ かず（{_rank_word(cards[e.tied[0]], 'ja')}）！"


def _kid_laying(who: str, k: int, each: bool, up: int = 1) -> str:
    who = f"{who}は " if who else ""
    if k == 0:
        return f"{who}つぎの カードで しょうぶ。" if up == 1 else f"{who}つぎの {up}まいで しょうぶ。"
    return f"{who}{k}まい{'ずつ' if each else ''} ふせて、つぎの {up}まいで しょうぶ。"


def _kid_war(e: ev.WarDeclared, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    head = "もういっしょうぶ！" if e.war == 1 else "また おなじ！\u3000もういっしょうぶ！"
    laying = [(p, k) for p, k in e.face_down if p not in e.reusing]
    parts = []
    if laying and len({k for _, k in laying}) == 1:
        everyone = len(laying) > 1 and {p for p, _ in laying} >= set(e.players)
        who = "" if everyone else _kid_join([names[p] for p, _ in laying])
        parts.append(_kid_laying(who, laying[0][1], len(laying) > 1, _up(rules)))
    else:
        parts += [_kid_laying(names[p], k, False, _up(rules)) for p, k in laying]
    parts += [f"{names[p]}は カードが ないので、さっきの カードで しょうぶ。" for p in e.reusing]
    if e.dropped:
        parts.append(f"{_kid_join([names[p] for p in e.dropped])}は カードが たりないので ぬける。"
                     "まんなかの カードは まだ カードが ある 人の もの。")
    if e.short and set(e.short) >= set(e.players):
        parts.append("カードが たりない。まんなかの カードは だれも もらえない。")
    else:
        parts += [f"{names[p]}は カードが たりないので、まんなかの カードを もらえない。" for p in e.short]
    return head + "\u3000" + ("".join(parts) if parts else "だれも つづけられない。")


def _kid_face_down(e: ev.FaceDownLaid, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    sizes = {len(cs) for _, cs in e.cards}
    if len(e.cards) > 1 and len(sizes) == 1:
        return f"{_kid_join([names[p] for p, _ in e.cards])}は {sizes.pop()}まいずつ ふせる。"
    return "、".join(f"{names[p]}は {len(cs)}まい" for p, cs in e.cards) + " ふせる。"


def _kid_collect(e: ev.Collected, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    return f"{names[e.winner]}が {len(e.cards)}まい もらう！（{_kid_counts(e.counts, names)}）"


def _kid_return(e: ev.Returned, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    return f"カードは 出した 人に もどる（{_kid_counts(e.counts, names)}）。"


def _kid_shuffle(e: ev.Shuffled, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    if e.shuffled:
        return f"{names[e.player]}は とった カード {e.cards}まいを まぜて、手ふだに する。"
    return f"{names[e.player]}は とった カード {e.cards}まいを そのまま 手ふだに する。"


def _kid_out(e: ev.PlayerOut, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    return f"{names[e.player]}は カードが なくなった。ここで おしまい。"


def _kid_game_over(e: ev.GameOver, names: Sequence[str], rules: Rules | None, values: bool) -> str:
    o = e.outcome
    score = f"（{_kid_counts(o.counts, names)}）"
    head = f"おしまい！\u3000{reason_text(o.reason, 'ja_kids')}。"
    if o.reason.name == "CYCLE":
        return "おしまい！\u3000おなじ ならびが ずっと くりかえされるので、ひきわけ。"
    if o.winning_team is not None:
        team = _kid_join([names[p] for p in range(len(o.counts)) if p % 2 == o.winning_team])
        return f"{head}{team}の チームの かち！{score}"
    if o.winner is not None:
        return f"{head}{names[o.winner]}の かち！{score}"
    if o.loser is not None:
        return f"{head}{names[o.loser]}の まけ{score}。"
    return f"{head}ひきわけ{score}。"


_HANDLERS: dict[str, dict[str, Callable[..., str]]] = {
    "en": {"flip": _en_flip, "compare": _en_compare, "war": _en_war, "face_down": _en_face_down,
           "collect": _en_collect, "return": _en_return, "shuffle": _en_shuffle, "out": _en_out,
           "game_over": _en_game_over},
    "ja": {"flip": _ja_flip, "compare": _ja_compare, "war": _ja_war, "face_down": _ja_face_down,
           "collect": _ja_collect, "return": _ja_return, "shuffle": _ja_shuffle, "out": _ja_out,
           "game_over": _ja_game_over},
    "ja_kids": {"flip": _kid_flip, "compare": _kid_compare, "war": _kid_war, "face_down": _kid_face_down,
                "collect": _kid_collect, "return": _kid_return, "shuffle": _kid_shuffle, "out": _kid_out,
                "game_over": _kid_game_over},
}


def _in_kana(handler: Callable[..., str]) -> Callable[..., str]:
    """The children's sentence in the first-grade register: no kanji (``i18n_ja.to_kana``)."""
    return lambda e, names, rules, values: to_kana(handler(e, names, rules, values))


_HANDLERS["ja_kana"] = {kind: _in_kana(handler) for kind, handler in _HANDLERS["ja_kids"].items()}
