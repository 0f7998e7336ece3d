"""Labels of the War widget in English and Japanese.

Pure data and two small helpers, so the narration, the results panel and the controls all read
the same words.  ``label("flip", "ja") == "めくる"``.
"""
from __future__ import annotations

from typing import Sequence

__all__ = ["LANGS", "LABELS", "label", "check_lang", "player_names", "reason_text", "option_text",
           "describe_rules", "join_names"]

LANGS = ("en", "ja")

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "flip": "Flip", "step": "Step", "autoplay": "Autoplay", "fast_forward": "Fast-forward",
        "new_game": "New game", "resume": "Resume", "replay": "Replay", "rules": "Rules",
        "slow": "slow", "normal": "normal", "fast": "fast", "speed": "Speed",
        "game_number": "Game number", "length": "Game length", "opponent": "Opponent",
        "preset": "Preset", "face_down": "Face-down in a war", "rank_order": "Rank order",
        "capture": "Won cards", "jokers": "Jokers", "shortage": "Running short", "zero": "No card left",
        "players": "Players", "war_players": "War fought by", "aids": "Teaching aids",
        "language": "Language", "records": "Keep my record", "reset_records": "Reset record",
        "player": "Player {n}", "you": "You", "computer": "Computer", "cpu_n": "Computer {n}",
        "rounds_of": "{n} / {limit} rounds", "round_n": "Round {n}", "time_left": "{m}:{s:02d} left · round {n}",
        "len_40": "40 rounds", "len_240": "240 rounds", "len_none": "to the end", "len_50": "50 rounds",
        "len_3min": "3 minutes",
        "opp_easy": "Computer (easy)", "opp_strong": "Computer (strong: high cards back first)", "opp_two": "Two players",
        "opp_watch": "Watch",
        "res_title": "Results", "res_rounds": "Rounds played", "res_wars": "Wars", "res_wars_won": "Wars you won",
        "res_wars_won_all": "Wars won",
        "res_streak": "Longest winning streak", "res_lead": "Largest lead", "res_ended": "How it ended",
        "res_playing": "still playing", "res_record": "Your record",
        "res_record_line": "{games} games · {wins} wins · {draws} draws · streak {current} (best {best})",
        "res_record_off": "Record keeping is off.",
        "notice_corrupt": "The records file was damaged; it was kept as {name} and a fresh one was started.",
        "notice_resume": "A game in progress was found ({code}, round {round}). Press Resume to continue it.",
        "notice_resumed": "Resumed game {code} at round {round}.",
        "notice_bad_code": "Could not replay that number: {error}",
        "notice_bad_rules": "Those rules do not go together: {error}",
        "notice_no_loop": "Autoplay needs a running event loop (Jupyter has one).",
        "notice_records_reset": "Your record was reset.",
        "waiting": "{name} is ready; waiting for {others}.",
        "game_is_over": "The game is over: press New game to play again.",
        "ff_capped": "Fast-forwarded {n} rounds; the game goes on.",
        "war_bang": "WAR!",
        "yes": "on", "no": "off",
        "banner_you": "You win!", "banner_win": "{name} wins!", "banner_draw": "Draw",
        "banner_team": "Team {n} wins!", "banner_loser": "{name} is the drunkard",
        "chart_title": "Cards held after each round", "chart_war": "war round", "chart_round": "round",
        "new_game_line": "Game {code}: {counts}.", "deal_line": "A new deal: {counts}.", "custom": "custom",
        "time_up": "Time is up.",
    },
    "ja": {
        "flip": "めくる", "step": "ステップ", "autoplay": "自動", "fast_forward": "早送り",
        "new_game": "新しいゲーム", "resume": "続きから", "replay": "再現", "rules": "ルール",
        "slow": "ゆっくり", "normal": "ふつう", "fast": "はやい", "speed": "速さ",
        "game_number": "ゲーム番号", "length": "ゲームの長さ", "opponent": "相手",
        "preset": "プリセット", "face_down": "戦争で伏せる枚数", "rank_order": "強さの順",
        "capture": "取ったカード", "jokers": "ジョーカー", "shortage": "カードが足りないとき",
        "zero": "カードが0枚のとき", "players": "人数", "war_players": "戦争に参加する人",
        "aids": "学習モード", "language": "言語", "records": "成績を記録", "reset_records": "成績をリセット",
        "player": "プレイヤー{n}", "you": "あなた", "computer": "コンピューター", "cpu_n": "コンピューター{n}",
        "rounds_of": "{n} / {limit} ラウンド", "round_n": "ラウンド {n}", "time_left": "残り {m}:{s:02d} · ラウンド {n}",
        "len_40": "40 ラウンド", "len_240": "240 ラウンド", "len_none": "最後まで", "len_50": "50 ラウンド",
        "len_3min": "3 分",
        "opp_easy": "コンピューター（やさしい）", "opp_strong": "コンピューター（つよい：強いカードから戻す）", "opp_two": "二人で対戦",
        "opp_watch": "観戦",
        "res_title": "結果", "res_rounds": "ラウンド数", "res_wars": "戦争の回数", "res_wars_won": "あなたが勝った戦争",
        "res_wars_won_all": "勝った戦争",
        "res_streak": "最長連勝", "res_lead": "最大リード", "res_ended": "終わり方",
        "res_playing": "対戦中", "res_record": "あなたの成績",
        "res_record_line": "{games} ゲーム · {wins} 勝 · {draws} 引き分け · 連勝 {current}（最高 {best}）",
        "res_record_off": "成績の記録はオフです。",
        "notice_corrupt": "成績ファイルが壊れていました。{name} として保存し、新しいファイルを作りました。",
        "notice_resume": "途中のゲームがあります（{code}、ラウンド {round}）。「続きから」で再開できます。",
        "notice_resumed": "ゲーム {code} をラウンド {round} から再開しました。",
        "notice_bad_code": "その番号は再現できません: {error}",
        "notice_bad_rules": "そのルールの組み合わせはできません: {error}",
        "notice_no_loop": "自動プレイにはイベントループが必要です（Jupyter にはあります）。",
        "notice_records_reset": "成績をリセットしました。",
        "waiting": "{name}は準備完了。{others}を待っています。",
        "game_is_over": "ゲームは終わりました。「新しいゲーム」でもう一度遊べます。",
        "ff_capped": "{n} ラウンド早送りしました。ゲームはまだ続きます。",
        "war_bang": "戦争！",
        "yes": "オン", "no": "オフ",
        "banner_you": "あなたの勝ち！", "banner_win": "{name}の勝ち！", "banner_draw": "引き分け",
        "banner_team": "チーム {n} の勝ち！", "banner_loser": "{name}が酔っぱらい",
        "chart_title": "各ラウンド後の枚数", "chart_war": "戦争のあったラウンド", "chart_round": "ラウンド",
        "new_game_line": "ゲーム {code}: {counts}。", "deal_line": "新しく配りました: {counts}。", "custom": "カスタム",
        "time_up": "時間切れです。",
    },
}

_REASONS = {
    "en": {"ALL_CARDS": "all cards", "ROUND_LIMIT": "round limit", "TIME": "time", "CYCLE": "cycle",
           "VOID_ROUND": "void round", "DRUNKARD_LOSER": "the drunkard is found", "HANDS_EMPTY": "hands used up",
           "SHORTAGE": "could not finish a war", "REUSE_TIE": "reused cards tie"},
    "ja": {"ALL_CARDS": "全部のカード", "ROUND_LIMIT": "ラウンド制限", "TIME": "時間切れ", "CYCLE": "くり返し",
           "VOID_ROUND": "無効ラウンド", "DRUNKARD_LOSER": "酔っぱらいが決定", "HANDS_EMPTY": "手札がなくなった",
           "SHORTAGE": "戦争を続けられない", "REUSE_TIE": "再使用カードが同じ"},
}

# Option values of the rules panel, as shown to a person.
_OPTIONS = {
    "en": {"ace_high": "A high", "ace_low": "K high, A low", "two_high": "2 high", "low_beats_ace": "lowest beats A",
           "bottom": "under the hand", "won_pile": "won pile", "aside": "set aside",
           "last_card_up": "last card up", "lose": "loses", "split": "split", "reuse": "reuse last card",
           "tied": "tied players", "all": "everyone", "by_rank": "by rank"},
    "ja": {"ace_high": "A が最強", "ace_low": "K が最強・A は 1", "two_high": "2 が最強", "low_beats_ace": "最弱が A に勝つ",
           "bottom": "手札の下へ", "won_pile": "取り札の山", "aside": "脇に置く",
           "last_card_up": "最後の1枚を表に", "lose": "負け", "split": "分ける", "reuse": "最後のカードを再使用",
           "tied": "同点の人", "all": "全員", "by_rank": "ランクの数"},
}


def check_lang(lang: str) -> str:
    """Return ``lang`` if supported, else raise a ValueError naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(map(repr, LANGS))}; got {lang!r}")
    return lang


def label(key: str, lang: str = "en", **fields: object) -> str:
    """The label ``key`` in ``lang``, formatted with ``fields``."""
    return LABELS[check_lang(lang)][key].format(**fields)


def player_names(mode: str, players: int, lang: str = "en") -> list[str]:
    """What each seat is called: you and the computer(s), or Player 1..n."""
    if mode == "cpu":
        if players == 2:
            return [label("you", lang), label("computer", lang)]
        return [label("you", lang)] + [label("cpu_n", lang, n=p) for p in range(1, players)]
    return [label("player", lang, n=p + 1) for p in range(players)]


def reason_text(reason: object, lang: str = "en") -> str:
    """How a game ended (a ``Termination`` or its name), in words."""
    name = getattr(reason, "name", reason)
    return _REASONS[check_lang(lang)][str(name)]


def option_text(value: object, lang: str = "en") -> str:
    """A rules option value as a person reads it (numbers unchanged)."""
    return _OPTIONS[check_lang(lang)].get(value, str(value)) if isinstance(value, str) else str(value)


def join_names(names: Sequence[str], lang: str = "en") -> str:
    """'A and B', 'A, B and C' / 'AとB'."""
    names = list(names)
    if lang == "ja":
        return "と".join(names)
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe_rules(rules, lang: str = "en") -> str:
    """The rules in force in one line: rank order, face-down cards in a war, what happens when a
    player runs short (English: the engine's own ``rules.describe()``)."""
    if check_lang(lang) == "en":
        return rules.describe()
    low = {52: "2", 36: "6", 32: "7"}[rules.deck]
    order = {"ace_high": "A が最強", "ace_low": "K が最強・A は最弱", "two_high": "2 が最強",
             "low_beats_ace": f"A が最強・{low} は A に勝つ"}[rules.rank_order]
    down = "ランクの数だけ" if rules.face_down == "by_rank" else f"{rules.face_down} 枚伏せて"
    if rules.shortage == "last_card_up":
        short = "足りないとき: 最後の1枚を表に（" + ("0 枚なら負け" if rules.zero == "lose" else "最後のカードを再使用") + "）"
    elif rules.shortage == "lose":
        short = "足りないとき: 戦争を続けられなければ負け"
    else:
        short = "足りないとき: 最後のカードが同じなら分ける"
    return f"{order} · 戦争: {down} + 1 枚表 · {short}"
