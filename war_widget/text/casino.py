"""Every word of the Casino War widget, in English and Japanese.

Kept apart from ``views.casino`` (drawing and wiring) and ``variants.casino`` (rules and money) so the
widget and the tests read the same words.  Japanese uses the words of a Japanese casino table
(ディーラー, チップ) and of the War pages (同じ数, 戦争, 札 [000] [003]); the engine's English
``ValueError`` messages are said in Japanese by kind, never inserted as English text.
"""
from __future__ import annotations

import re

from ..variants.casino.hands import HandResult, Outcome, rank_name
from .i18n import check_lang

__all__ = ["TEXT", "describe_hand", "casino_error", "money", "signed", "display_suits"]

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "chip": "+${n}", "chip_tip": "Add a ${n} chip to the bet",
        "clear": "Clear", "clear_tip": "Take the bet back",
        "tie": "Tie bet 10:1", "tie_tip": "Also bet the same amount that the first two cards tie",
        "deal": "Deal", "deal_tip": "Deal one card to you and one to the dealer",
        "war": "War", "war_tip": "Raise a second bet: equal or higher wins the first bet",
        "surrender": "Surrender", "surrender_tip": "Give up the tie and lose half the bet",
        "new": "New session", "new_tip": "Fresh shoe, starting bankroll",
        "bet_row": "Bet:",
        "trace_bankroll": "bankroll", "trace_ties": "tie (war or surrender)",
        "chart_title": "Bankroll after each hand", "chart_x": "hand", "chart_y": "$",
        "start": "Place a bet with the chips, then press Deal.",
        "bet_now": "Bet ${n}.", "cleared": "Bet cleared.", "tie_on": "Tie bet on.", "tie_off": "Tie bet off.",
        "new_session": "New session: place a bet, then press Deal.",
        "not_now": "Not now: {error}.",
        "broke": "You are out of chips. Press New session to play again.",
        "shoe_decks": "{n}-deck shoe", "shoe_scripted": "scripted shoe",
        "rules": "<b>Casino War</b> · {shoe} · higher card wins even money · "
                 "tie: war (win 1 bet or lose 2) or surrender (lose half){bonus} · tie bet pays 10:1{seed}",
        "bonus": "; war tie pays a bonus", "seed": " · seed {n}",
        "bet_label": "Bet: <b>${bet}</b>{tie} &nbsp;·&nbsp; Bankroll: <b>${bankroll}</b> &nbsp;·&nbsp; Hands: {hands}",
        "bet_tie": " + tie bet ${n}",
        "dealer": "DEALER", "you": "YOU", "place_1": "Place a bet,", "place_2": "then Deal",
        "burned": "{n} burned", "shoe_left": "shoe: {n} cards left",
        "v_tie": "TIE!", "v_tie_2": "War or", "v_tie_3": "surrender?",
        "v_win": "WIN", "v_lose": "LOSE", "v_surrender": "SURRENDER", "v_war_win": "WAR WON",
        "v_war_lose": "WAR LOST", "v_war_tie": "WAR TIE", "v_war_tie_bonus": "BONUS!",
        "v_tie_bet": "tie bet {net}",
    },
    "ja": {
        "chip": "+${n}", "chip_tip": "賭け金に${n}のチップを足します",
        "clear": "賭け金を戻す", "clear_tip": "配る前なら、賭けたチップを手元に戻せます",
        "tie": "引き分けにも賭ける（配当10対1）", "tie_tip": "最初の2枚が同じ数になることにも、同じ額を賭けます",
        "deal": "配る", "deal_tip": "あなたとディーラーに1枚ずつ配ります",
        "war": "戦争する",
        "war_tip": "同じ額をもう一度賭けて勝負します。同じ数か大きい数なら、最初の賭け金の分だけ勝ちです",
        "surrender": "降参する", "surrender_tip": "勝負をやめて、賭け金の半分を失います",
        "new": "最初から", "new_tip": "札を切り直し、持ち金も最初に戻します",
        "bet_row": "賭け金：",
        "trace_bankroll": "持ち金", "trace_ties": "同じ数（戦争か降参）",
        "chart_title": "1回ごとの持ち金", "chart_x": "回", "chart_y": "$",
        "start": "チップで賭けてから、「配る」を押してください。",
        "bet_now": "賭け金は${n}です。", "cleared": "賭け金を戻しました。",
        "tie_on": "引き分けにも賭けます。", "tie_off": "引き分けには賭けません。",
        "new_session": "最初からです。チップで賭けてから、「配る」を押してください。",
        "not_now": "今はできません。{error}",
        "broke": "持ち金がなくなりました。「最初から」でもう一度遊べます。",
        "shoe_decks": "札{n}組", "shoe_scripted": "決まった順の札",
        "rules": "<b>カジノウォー</b>・{shoe}・大きい数が勝てば、賭け金と同じ額がもらえる・"
                 "同じ数なら、戦争（賭け金1つ分勝つか、2つ分負ける）か降参（半分を失う）{bonus}・"
                 "引き分けへの賭けの配当は10対1{seed}",
        "bonus": "・戦争でも同じ数ならボーナス", "seed": "・番号{n}",
        "bet_label": "賭け金：<b>${bet}</b>{tie}・持ち金：<b>${bankroll}</b>・遊んだ回数：{hands}回",
        "bet_tie": "（引き分けに${n}）",
        "dealer": "ディーラー", "you": "あなた", "place_1": "賭けてから", "place_2": "「配る」",
        "burned": "{n}枚伏せる", "shoe_left": "残りの札：{n}枚",
        "v_tie": "同じ数！", "v_tie_2": "戦争する？", "v_tie_3": "降参する？",
        "v_win": "勝ち", "v_lose": "負け", "v_surrender": "降参", "v_war_win": "戦争で勝ち",
        "v_war_lose": "戦争で負け", "v_war_tie": "戦争も同じ数", "v_war_tie_bonus": "ボーナス！",
        "v_tie_bet": "引き分け {net}",
    },
}

_VERDICT = {Outcome.WIN: "v_win", Outcome.LOSE: "v_lose", Outcome.SURRENDER: "v_surrender",
            Outcome.WAR_WIN: "v_war_win", Outcome.WAR_LOSE: "v_war_lose", Outcome.WAR_TIE: "v_war_tie",
            Outcome.WAR_TIE_BONUS: "v_war_tie_bonus"}

SUIT_SYMBOLS = "♠♥♦♣"


def verdict_key(outcome: Outcome) -> str:
    """The key of the big word on the table for a finished hand."""
    return _VERDICT[outcome]


def money(amount: float) -> str:
    """``$10`` / ``$2.5`` (halves come from a surrender)."""
    return f"${amount}"


def signed(amount: float) -> str:
    return f"{'+' if amount >= 0 else '-'}${abs(amount)}"


def display_suits(hand: HandResult) -> dict[str, str]:
    """A suit for each face-up card of ``hand`` (player, dealer, war player, war dealer).

    The shoe deals ranks only: in Casino War the suit never matters.  The table still shows a
    suit so a card looks like a card; the four face-up cards of a hand get four different suits
    (turning with the hand number), so the same card never shows twice in one hand."""
    start = hand.number % 4
    return {slot: SUIT_SYMBOLS[(start + i) % 4]
            for i, slot in enumerate(("player", "dealer", "war_player", "war_dealer"))}


def describe_hand(hand: HandResult, lang: str = "en") -> str:
    """One sentence of narration for a hand (English: ``HandResult.describe()``)."""
    if check_lang(lang) == "en":
        return hand.describe()
    main = hand.net - hand.tie_bet_net
    main = int(main) if float(main).is_integer() else main
    first = f"あなたは{rank_name(hand.player)}、ディーラーは{rank_name(hand.dealer)}です。"
    tie = ""
    if hand.tie_bet:
        won = hand.tie_bet_net > 0
        result, end = ("当たり", "もらえます") if won else ("はずれ", "を失います")
        tie = f"引き分けへの賭けは{result}で、{money(abs(hand.tie_bet_net))}{end}。"
    if hand.outcome is Outcome.TIE:
        half = hand.bet / 2
        half = int(half) if float(half).is_integer() else half
        return (f"{first}同じ数です！\u3000{tie}戦争する（もう{money(hand.bet)}賭ける）か、"
                f"降参する（{money(half)}を失う）かを選んでください。")
    if hand.outcome is Outcome.WIN:
        return f"{first}あなたの勝ちです。{money(abs(main))}もらえます。{tie}"
    if hand.outcome is Outcome.LOSE:
        return f"{first}あなたの負けです。{money(abs(main))}を失います。{tie}"
    if hand.outcome is Outcome.SURRENDER:
        return f"{first}同じ数なので、降参して{money(-main)}を失います。{tie}"
    assert hand.war_player is not None and hand.war_dealer is not None  # every other outcome went to war
    war = (f"{first}同じ数なので、戦争です！\u30003枚を伏せてから1枚ずつ配り、あなたは{rank_name(hand.war_player)}、"
           f"ディーラーは{rank_name(hand.war_dealer)}です。")
    verdict = {
        Outcome.WAR_WIN: f"あなたの勝ちです。{money(main)}もらえます。",
        Outcome.WAR_LOSE: f"あなたの負けです。{money(-main)}を失います。",
        Outcome.WAR_TIE: f"また同じ数なので、あなたの勝ちです。{money(main)}もらえます。",
        Outcome.WAR_TIE_BONUS: f"また同じ数なので、ボーナスつきであなたの勝ちです。{money(main)}もらえます。",
    }[hand.outcome]
    return f"{war}{verdict}{tie}"


_ERRORS = [
    (r"a tie is pending", "同じ数が出ています。先に「戦争する」か「降参する」を選んでください。"),
    (r"no bet placed", "まだ賭けていません。チップで賭けてから「配る」を押してください。"),
    (r"more than the bankroll", "持ち金が足りません。"),
    (r"going to war risks", "戦争するには、賭け金の2倍の持ち金がいります。"),
    (r"no tie is pending", "戦争と降参は、同じ数が出たときだけ選べます。"),
    (r"scripted shoe has", "決まった順の札を使い切りました。"),
    (r"whole number of chips|must be", "チップの額が使えません。"),
]


def casino_error(error: BaseException | str, lang: str = "en") -> str:
    """A ValueError of the Casino War engine for the status line: as it is in English, said by
    kind in Japanese."""
    if check_lang(lang) == "en":
        return str(error)
    text = str(error)
    for pattern, said in _ERRORS:
        if re.search(pattern, text):
            return said
    return "その操作は今はできません。"
