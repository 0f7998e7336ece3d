"""Every word of Steal War: a plain one-line text for every beat (ASCII card codes: the golden
playthrough, the notebook, the narration log's English fallback), and the Steal War widget's words
in English and Japanese (its labels, prompts and messages: ``TEXT``; a sentence for every beat:
``narrate_steal``), kept apart from the widget (drawing and wiring) like Casino War's."""
from __future__ import annotations

from collections.abc import Sequence

from ..game import events as ev
from ..game.cards import Card
from ..game.rules import Rules
from ..variants.steal.events import Protected, StealDeclined, Stolen, Swapped, TopChosen
from .i18n import check_lang
from .narration import card_text, narrate

__all__ = ["describe_event", "narrate_steal", "TEXT"]


def _code(card: Card | None) -> str:
    """A card's code; the Steal War beats always carry their card (None only as a dataclass default)."""
    return "?" if card is None else card.code


def _names(names: Sequence[str] | None, p: int) -> str:
    return names[p] if names is not None else f"P{p + 1}"


def describe_event(event: ev.Event, names: Sequence[str] | None = None) -> str:
    """``"r12 steal: P2 plays 9H on P1's pile of 7 and takes it (counts 20-34)"``."""
    def n(p: int) -> str:
        return _names(names, p)

    def counts(c: Sequence[int]) -> str:
        return "-".join(map(str, c))

    head = f"r{event.round} {event.kind}: "
    if isinstance(event, ev.Flipped):
        body = f"battle {event.battle}: " + ", ".join(f"{n(p)} {c.code}" for p, c in event.cards)
    elif isinstance(event, ev.Compared):
        body = (f"{n(event.winner)} wins the battle" if event.winner is not None
                else "tie between " + " and ".join(n(p) for p in event.tied))
    elif isinstance(event, ev.WarDeclared):
        body = f"war {event.war} for " + " and ".join(n(p) for p in event.players)
        if event.short:
            body += "; short (loses at once): " + ", ".join(n(p) for p in event.short)
    elif isinstance(event, ev.FaceDownLaid):
        body = "; ".join(f"{n(p)} lays {' '.join(c.code for c in cards)} face down" for p, cards in event.cards)
    elif isinstance(event, TopChosen):
        body = f"{n(event.player)} puts {_code(event.card)} on top"
    elif isinstance(event, ev.Collected):
        body = (f"{n(event.winner)} takes {len(event.cards)} cards onto the pile, "
                f"top {event.cards[-1].code} (counts {counts(event.counts)})")
    elif isinstance(event, Stolen):
        body = (f"{n(event.player)} plays {_code(event.card)} on {n(event.victim)}'s pile of {event.pile_size} "
                f"and takes it (counts {counts(event.counts)})")
    elif isinstance(event, Swapped):
        (a, ca), (b, cb) = event.cards
        body = (f"{n(a)} ({ca.code}) and {n(b)} ({cb.code}) swap piles of {event.sizes[0]} and {event.sizes[1]} "
                f"(counts {counts(event.counts)})")
    elif isinstance(event, StealDeclined):
        body = f"{n(event.player)} keeps {_code(event.card)} to play (could steal from " + \
            ", ".join(n(v) for v in event.victims) + ")"
    elif isinstance(event, Protected):
        body = (f"{n(event.player)}'s {_code(event.card)} matches their own pile: protected from "
                + ", ".join(n(p) for p in event.thieves))
    elif isinstance(event, ev.Shuffled):
        body = f"{n(event.player)} turns over and shuffles a pile of {event.cards} into a new hand"
    elif isinstance(event, ev.Returned):
        body = "cards go back: " + "; ".join(f"{n(p)} {' '.join(c.code for c in cards)}" for p, cards in event.cards)
    elif isinstance(event, ev.PlayerOut):
        body = f"{n(event.player)} is out"
    elif isinstance(event, ev.GameOver):
        o = event.outcome
        who = (f"{n(o.winner)} wins" if o.winner is not None else
               "draw between " + " and ".join(n(p) for p in o.drawn))
        body = f"{who} ({o.reason.value}; counts {counts(o.counts)})"
    else:  # pragma: no cover
        body = repr(event)
    return head + body


# --- the widget's words ----------------------------------------------------------------------
TEXT: dict[str, dict[str, str]] = {
    "en": {
        "flip": "Flip", "play": "Play my card", "steal": "Steal the pile", "step": "Step", "new": "New game",
        "auto_top": "Choose my top card for me", "opponent": "Computer:", "top_prompt": "Put on top:",
        "opp_greedy": "greedy", "opp_always": "always steals", "opp_never": "never steals",
        "rules": "<b>Steal War</b> · 54 cards, the jokers highest · war: 3 down + 1 up · your next card is shown: "
                 "if it matches the top of the other pile you may steal the whole pile · a card matching your "
                 "own pile protects it · short in a war loses",
        "start": "Your turn: press Flip to play your top card; when your next card matches the computer's pile, "
                 "you may steal it.",
        "start_scripted": "A scripted deal. Your turn: press Flip to play; when your next card matches the "
                          "computer's pile, you may steal it.",
        "your_steal": "Your next card {card} matches the top of {victim}'s pile ({n} cards): steal it, or play it?",
        "your_top": "You win the battle: choose which of the {n} cards lies on top of your pile.",
        "over": "The game is over: press New game to play again.",
        "next": "next card", "protected": "protected", "steal_here": "STEAL?", "pile": "capture pile",
        "wait_decision": "Decide first: steal or play.", "wait_top": "Choose your top card first.",
        "not_now": "Not now: {error}", "war_bang": "WAR!", "draw": "Draw", "you_win": "You win!",
        "cpu_wins": "Computer wins", "top_tip": "{code}",
        "cant_steal": "you cannot steal now: your next card must match the top of the other pile",
        "no_top": "there is no top card to choose now: you choose after winning a battle",
        "not_won": "{card} is not one of the cards you won; choose one of {cards}",
        "engine_error": "{error}",
    },
    "ja": {
        "flip": "めくる", "play": "そのまま出す", "steal": "山を奪う", "step": "1つ進める", "new": "新しいゲーム",
        "auto_top": "いちばん上に置く札を自動で選ぶ", "opponent": "コンピューター：",
        "top_prompt": "いちばん上に置く札：",
        "opp_greedy": "かしこい", "opp_always": "いつも奪う", "opp_never": "奪わない",
        "rules": "<b>スティールウォー</b>・54枚（ジョーカーがいちばん強い）・戦争：3枚伏せて、次の1枚で勝負・"
                 "自分の次の札が見えます。相手の山のいちばん上と同じ数なら、山を丸ごと奪えます・"
                 "自分の山と同じ数の札を出すと、山を守れます・戦争で札が足りなければ負け",
        "start": "あなたの番です。「めくる」を押して、手札のいちばん上の札を出してください。"
                 "次の札が相手の山のいちばん上と同じ数なら、山を奪えます。",
        "start_scripted": "決まった配り方で始めます。「めくる」を押してください。"
                          "次の札が相手の山のいちばん上と同じ数なら、山を奪えます。",
        "your_steal": "次の札{card}は、{victim}の山（{n}枚）のいちばん上と同じ数です。"
                      "奪いますか？\u3000そのまま出しますか？",
        "your_top": "勝ちました。{n}枚のうち、どれを山のいちばん上に置くか選んでください。",
        "over": "ゲームは終わりました。「新しいゲーム」でもう一度遊べます。",
        "next": "次の札", "protected": "守られている", "steal_here": "奪える？", "pile": "取った札の山",
        "wait_decision": "先に選んでください。奪いますか？\u3000そのまま出しますか？",
        "wait_top": "先に、いちばん上に置く札を選んでください。",
        "not_now": "今はできません。{error}", "war_bang": "戦争！", "draw": "引き分け", "you_win": "あなたの勝ち！",
        "cpu_wins": "コンピューターの勝ち", "top_tip": "{card}をいちばん上に置く",
        "cant_steal": "山を奪えるのは、次の札が相手の山のいちばん上と同じ数のときだけです。",
        "no_top": "いちばん上に置く札は、勝ったときに選びます。",
        "not_won": "{card}は、いま勝った札ではありません。{cards}から選んでください。",
        "engine_error": "その手は今は打てません。",
    },
}


# the War beats' sentences: 2 players, jokers high, 3 down, the capture pile
_NARRATION_RULES = Rules(jokers=2, face_down=3, capture="won_pile", shortage="lose", round_limit=None)


def _you(name: str) -> bool:
    return name in ("You", "あなた")


def _v(name: str, third: str, base: str) -> str:
    return f"{name} {base if _you(name) else third}"


def narrate_steal(event: ev.Event, lang: str, names: Sequence[str]) -> str:
    """One sentence for a beat of Steal War (the War beats are told by ``war_widget.text.narration``)."""
    check_lang(lang)
    def c(card: Card | None) -> str:
        return _code(card) if card is None else card_text(card, lang)

    if isinstance(event, Stolen):
        thief, victim = names[event.player], names[event.victim]
        n = event.pile_size + 1
        if lang == "en":
            poss = "your" if _you(victim) else f"{victim}'s"
            takes = "take" if _you(thief) else "takes"
            return f"{_v(thief, 'puts', 'put')} {c(event.card)} on {poss} pile and {takes} all {n} cards!"
        return f"{thief}は{c(event.card)}を{victim}の山に重ねて、{n}枚の山を丸ごと奪います！"
    if isinstance(event, Swapped):
        (a, ca), (b, cb) = event.cards
        if lang == "en":
            return (f"{names[a]} and {names[b]} can steal from each other: the piles are swapped "
                    f"({names[a]} {event.sizes[1] + 1}, {names[b]} {event.sizes[0] + 1} cards).")
        return (f"{names[a]}と{names[b]}はお互いの山を奪えるので、山を取りかえます"
                f"（{names[a]}{event.sizes[1] + 1}枚、{names[b]}{event.sizes[0] + 1}枚）。")
    if isinstance(event, StealDeclined):
        if lang == "en":
            return f"{_v(names[event.player], 'keeps', 'keep')} {c(event.card)} to play instead of stealing."
        return f"{names[event.player]}は奪わずに、{c(event.card)}をそのまま出します。"
    if isinstance(event, Protected):
        p = names[event.player]
        if lang == "en":
            own = "your" if _you(p) else "their"
            return f"{p}'s {c(event.card)} matches {own} own pile: it is protected this turn."
        return f"{p}の{c(event.card)}は自分の山のいちばん上と同じ数なので、この回は山が守られます。"
    if isinstance(event, TopChosen):
        p = names[event.player]
        if lang == "en":
            return f"{_v(p, 'puts', 'put')} {c(event.card)} on top of {'your' if _you(p) else 'their'} pile."
        return f"{p}は{c(event.card)}を山のいちばん上に置きます。"
    # Rules for the War beats' sentences (2 players, jokers high, 3 down); also sidesteps
    # narrate() guessing the number of players from a Shuffled event, which it cannot do.
    return narrate(event, lang, _NARRATION_RULES, names=names)
