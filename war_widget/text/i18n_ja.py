"""The Japanese words of the widgets, in three registers.

``JA`` is the everyday register a teacher writes for a family or a class: the sources' own words
(めくる, 場, 手札, 伏せ札, 取り札, 引き分け, 短期戦 / 長期戦 [000], 50回, 自分で決める [001]), a counter
right after its number (1枚, 40ラウンド, 3分), Japanese punctuation.  ``KIDS`` overrides it for the
children's register (kids presets, or the teaching aids on): short sentences, words a child says
(かち, まけ, もういっしょうぶ [001]), and no kanji beyond the second school grade
(``war_widget.text.kanji_grades``; a test checks every string).  ``"ja_kana"``, the first-grade
register for the youngest, is the children's register with no kanji at all (``to_kana``): the
grade-1 kanji the children's words keep (大きい, 人, 出す, 見る, 手ふだ ...) in hiragana, words still
apart (分かち書き).

Imported by ``war_widget.text.i18n``; use ``label(key, "ja")`` / ``label(key, "ja_kids")`` from there.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game.rules import Rules

__all__ = ["JA", "KIDS", "REASONS", "OPTIONS", "PRESET_NAMES", "describe_rules_ja", "error_ja", "minutes_kana",
           "kids_fields", "to_kana", "KANA_WORDS"]

JA: dict[str, str] = {
    "flip": "めくる", "step": "1つ進める", "autoplay": "自動めくり", "fast_forward": "早送り",
    "new_game": "新しいゲーム", "resume": "続きから", "replay": "この番号で遊ぶ", "rules": "ルール",
    "more_rules": "ほかのルール",
    "slow": "ゆっくり", "normal": "ふつう", "fast": "はやい", "speed": "速さ",
    "game_number": "ゲーム番号", "length": "ゲームの長さ", "opponent": "相手",
    "preset": "遊び方", "face_down": "伏せ札の枚数", "rank_order": "いちばん強い数",
    "capture": "取った札", "jokers": "ジョーカー", "shortage": "札が足りないとき",
    "zero": "札が1枚もないとき", "players": "人数", "war_players": "戦争に加わる人",
    "aids": "学習モード（数と大小を表示）", "language": "言語", "records": "戦績を残す",
    "reset_records": "戦績を消す",
    "player": "プレイヤー{n}", "you": "あなた", "computer": "コンピューター", "cpu_n": "コンピューター{n}",
    "rounds_of": "{n} / {limit}ラウンド", "round_n": "{n}ラウンド目", "time_left": "残り{minutes}{s}秒・{n}ラウンド目",
    "len_40": "短期戦（40ラウンド）", "len_240": "長期戦（240ラウンド）", "len_none": "最後まで",
    "len_50": "50ラウンド", "len_3min": "3分", "len_n": "{n}ラウンド",
    "opp_easy": "コンピューター（やさしい）", "opp_strong": "コンピューター（つよい：強い札から先に戻す）",
    "opp_two": "2人で1台", "opp_watch": "見るだけ",
    "res_title": "結果", "res_rounds": "ラウンド数", "res_wars": "戦争の回数",
    "res_wars_won": "あなたが戦争で勝った回数", "res_wars_won_all": "戦争で勝った回数",
    "res_streak": "いちばん長い連勝", "res_lead": "いちばん大きなリード", "res_ended": "終わり方",
    "res_playing": "まだ続いています", "res_record": "あなたの戦績",
    "res_record_cpu_only": "戦績（コンピューターとの対戦だけを数えます）",
    "res_record_line": "{games}戦{wins}勝{losses}敗{draws}分け",
    "res_record_none": "まだ1回も遊んでいません。", "res_record_streak": "・いま{current}連勝",
    "res_record_best": "（最高{best}連勝）",
    "res_record_off": "戦績は残していません。",
    "v_rounds": "{n}ラウンド", "v_times": "{n}回", "v_streak": "{n}連勝", "v_cards": "{n}枚",
    "v_per": "{name}：{value}", "v_sep": "、",
    "notice_corrupt": "戦績のファイルが壊れていたので、別の名前で残して、新しいファイルを作りました。",
    "notice_resume": "途中のゲームがあります（{round}ラウンド目）。「続きから」を押すと続けられます。",
    "notice_resumed": "途中のゲームを{round}ラウンド目から続けます。",
    "notice_interrupted": "途中で止められたので、その前の正しい場面（{round}ラウンド目）に戻しました。",
    "notice_bad_code": "この番号では遊べません。{error}",
    "notice_bad_rules": "そのルールの組み合わせでは遊べません。{error}",
    "notice_records_reset": "戦績を消しました。",
    "notice_records_failed": "戦績をファイルに書けないので、記録をやめました。ゲームはこのまま続けられます。",
    "waiting": "{name}は準備ができました。{others}を待っています。",
    "game_is_over": "ゲームは終わりました。「新しいゲーム」でもう一度遊べます。",
    "ff_capped": "{n}ラウンド早送りしました。ゲームはまだ続いています。",
    "war_bang": "戦争！", "title": "戦争",
    "yes": "オン", "no": "オフ",
    "banner_you": "あなたの勝ち！", "banner_win": "{name}の勝ち！", "banner_draw": "引き分け",
    "banner_team": "チーム{n}の勝ち！", "banner_loser": "{name}の負け",
    "chart_title": "ラウンドごとの札の枚数", "chart_war": "戦争のあったラウンド", "chart_round": "ラウンド",
    "new_game_line": "新しいゲームの札を配りました。{counts}。", "deal_line": "札を配りました。{counts}。",
    "count": "{name}{n}枚", "count_colon": "{name}：{n}枚", "count_sep": "、",
    "custom": "自分で決める",
    "time_up": "時間切れです。",
    # the lesson features (Which is bigger?, Back and jump, the table's name)
    "back": "1つ戻る", "back_tip": "さっきの「めくる」か「1つ進める」を取り消します",
    "back_line": "{n}ラウンド目の終わりに戻りました。{counts}。",
    "back_mid_line": "{n}ラウンド目の途中に戻りました。{counts}。",
    "back_deal_line": "配ったところに戻りました。{counts}。",
    "nothing_to_undo": "ここがゲームの始まりです。これより前には戻れません。",
    "goto_line": "{n}ラウンド目の終わりに移りました。{counts}。",
    "goto_deal_line": "配ったところに移りました。{counts}。",
    "now_line": "今は{n}ラウンド目の終わりです。{counts}。",
    "now_mid_line": "今は{n}ラウンド目の途中です。{counts}。",
    "now_deal_line": "今は配ったところです。{counts}。",
    "goto_war_hint": "「1つ進める」を押すと、{n}ラウンド目の戦争を1つずつ見られます。",
    "cannot_replay": "このゲームは前に戻せません。",
    "guess_title": "どちらが大きい？",
    "guess_bigger": "大きい", "guess_same": "同じ", "guess_smaller": "小さい",
    "guess_ask": "{a}と{b}、どちらが大きい？",
    "guess_right": "正解！", "guess_wrong": "答えは「{text}」です。",
    "guess_wait": "先に答えてください。「>」「=」「<」のどれかを押します。",
    "guess_none": "まだ答えるものがありません。「めくる」を押してください。",
    "res_guess": "どちらが大きい？", "res_guess_value": "{asked}問中{right}問正解",
    "guess_title_strong": "どちらが強い？", "res_guess_strong": "どちらが強い？",
    "guess_wait_strong": "先に答えてください。「>」「=」「<」のどれかを押します。",
    "lesson_number_lesson": "数くらべを始める（Aは1、Kは13）",
    "lesson_number_lesson_10": "数くらべを始める（Aから10まで）",
    "table_name": "戦争のテーブル。{counts}。{progress}。",
    "table_cards": "場の札：{cards}",
    "table_count": "{name}：{n}枚", "table_count_1": "{name}：1枚", "table_vs": "と", "sep": "、",
    "fullscreen": "全画面", "exit_fullscreen": "全画面をやめる",
    "read_aloud": "読み上げ",
    "lang_switched": "――ここから日本語です――",
}

KIDS: dict[str, str] = {
    "step": "1つ すすめる", "autoplay": "じどうで めくる", "fast_forward": "早おくり",
    "new_game": "あたらしい ゲーム", "resume": "つづきから", "replay": "この ばんごうで あそぶ",
    "speed": "はやさ", "more_rules": "ほかの ルール",
    "game_number": "ゲームの ばんごう", "length": "ゲームの ながさ", "opponent": "あいて",
    "preset": "あそびかた", "face_down": "ふせる カードの かず", "rank_order": "いちばん つよい かず",
    "capture": "とった カード", "shortage": "カードが たりない とき", "zero": "カードが 1まいも ない とき",
    "players": "なん人で あそぶ",
    "war_players": "もういっしょうぶを する 人", "aids": "ヒントを 出す", "language": "ことば",
    "records": "かちまけを のこす", "reset_records": "かちまけを けす",
    "rounds_of": "{n}かいめ / {limit}かい", "round_n": "{n}かいめ", "time_left": "のこり {minutes}{s}びょう・{n}かいめ",
    "len_40": "みじかい ゲーム（40かい）", "len_240": "ながい ゲーム（240かい）", "len_none": "さいごまで",
    "len_n": "{n}かい", "len_50": "50かい", "len_3min": "3ぷん",
    "opp_easy": "コンピューター（やさしい）", "opp_strong": "コンピューター（つよい）",
    "opp_two": "ふたりで あそぶ", "opp_watch": "見るだけ",
    "res_title": "けっか", "res_rounds": "めくった かいすう", "res_wars": "もういっしょうぶの かいすう",
    "res_wars_won": "あなたが もういっしょうぶで かった かいすう",
    "res_wars_won_all": "もういっしょうぶで かった かいすう",
    "res_streak": "つづけて かった かいすう（いちばん おおい とき）",
    "res_lead": "あいてより おおく もって いた まいすう（いちばん おおい とき）",
    "res_ended": "おわりかた", "res_playing": "まだ つづいて いるよ", "res_record": "あなたの かちまけ",
    "res_record_cpu_only": "かちまけ（コンピューターと あそんだ ときだけ かぞえるよ）",
    "res_record_line": "{games}かい あそんで、{wins}かい かち、{losses}かい まけ、{draws}かい ひきわけ",
    "res_record_none": "まだ 1かいも あそんで いないよ。",
    "res_record_streak": "。いま {current}かい つづけて かって いるよ",
    "res_record_best": "。つづけて かった いちばん おおい かいすうは {best}かい",
    "res_record_off": "かちまけは のこして いないよ。",
    "v_rounds": "{n}かい", "v_times": "{n}かい", "v_streak": "{n}かい", "v_cards": "{n}まい",
    "notice_corrupt": "かちまけの きろくが こわれて いたので、あたらしく つくったよ。",
    "notice_resume": "とちゅうの ゲームが あるよ（{round}かいめ）。「つづきから」を おすと つづけられるよ。",
    "notice_resumed": "ゲームの つづきを {round}かいめから はじめるよ。",
    "notice_interrupted": "とちゅうで とまったので、その まえ（{round}かいめ）に もどしたよ。",
    "notice_bad_code": "この ばんごうでは あそべないよ。{error}",
    "notice_bad_rules": "その ルールでは あそべないよ。{error}",
    "notice_records_reset": "かちまけを けしたよ。",
    "notice_records_failed": "かちまけを のこせなく なったよ。ゲームは このまま つづけられるよ。",
    "waiting": "{name}は じゅんび できたよ。{others}を まって いるよ。",
    "game_is_over": "おしまい！　「あたらしい ゲーム」で もう1かい あそべるよ。",
    "ff_capped": "{n}かい 早おくりしたよ。ゲームは まだ つづくよ。",
    "war_bang": "もういっしょうぶ！", "title": "せんそう",
    "banner_you": "あなたの かち！", "banner_win": "{name}の かち！", "banner_draw": "ひきわけ",
    "banner_team": "チーム{n}の かち！", "banner_loser": "{name}の まけ",
    "chart_title": "1かいごとの カードの まいすう", "chart_war": "もういっしょうぶの あった かい",
    "chart_round": "かい",
    "new_game_line": "カードを くばったよ。{counts}。", "deal_line": "カードを くばったよ。{counts}。",
    "count": "{name} {n}まい", "count_colon": "{name}：{n}まい", "count_sep": "、",
    "custom": "じぶんで きめる", "time_up": "じかんぎれ！",
    "back": "もどる", "back_tip": "1つ まえに もどる",
    "back_line": "{n}かいめの おわりに もどったよ。{counts}。",
    "back_mid_line": "{n}かいめの とちゅうに もどったよ。{counts}。",
    "back_deal_line": "くばった ところに もどったよ。{counts}。",
    "nothing_to_undo": "ここが はじまりだよ。これより まえには もどれないよ。",
    "goto_line": "{n}かいめの おわりに とんだよ。{counts}。",
    "goto_deal_line": "くばった ところに とんだよ。{counts}。",
    "now_line": "いまは {n}かいめの おわりだよ。{counts}。",
    "now_mid_line": "いまは {n}かいめの とちゅうだよ。{counts}。",
    "now_deal_line": "いまは くばった ところだよ。{counts}。",
    "goto_war_hint": "「1つ すすめる」を おすと、{n}かいめの もういっしょうぶを 1つずつ 見られるよ。",
    "cannot_replay": "この ゲームは もどせないよ。",
    "guess_title": "どっちが 大きい？", "guess_right": "せいかい！", "guess_wrong": "こたえは「{text}」だよ。",
    "guess_bigger": "大きい", "guess_same": "おなじ", "guess_smaller": "小さい",
    "guess_ask": "{a}と {b}、どっちが 大きい？",
    "guess_wait": "さきに こたえてね。「>」「=」「<」の どれかを おしてね。",
    "guess_none": "まだ こたえる ものが ないよ。「めくる」を おしてね。",
    "res_guess": "どっちが 大きい？", "res_guess_value": "{asked}もん中 {right}もん せいかい",
    "guess_title_strong": "どっちが つよい？", "res_guess_strong": "どっちが つよい？",
    "guess_wait_strong": "さきに こたえてね。「>」「=」「<」の どれかを おしてね。",
    "lesson_number_lesson": "かずくらべを はじめる（Aは 1、Kは 13）",
    "lesson_number_lesson_10": "かずくらべを はじめる（Aから 10まで）",
    "table_name": "せんそうの テーブル。{counts}。{progress}。", "table_cards": "まんなかの カード：{cards}",
    "table_count": "{name}：{n}まい", "table_count_1": "{name}：1まい", "table_vs": "と ",
    "fullscreen": "大きく 見る", "exit_fullscreen": "もとの 大きさに もどす",
    "read_aloud": "こえで よむ",
    "lang_switched": "――ここから にほんごだよ――",
}



def minutes_kana(m: int) -> str:
    """Minutes as a child reads them, before the seconds: "" for none, "2ふん ", "3ぷん " (いっぷん,
    さんぷん, よんぷん, ろっぷん, はっぷん, じゅっぷん take ぷん)."""
    if not m:
        return ""
    return f"{m}{'ぷん' if m % 10 in (0, 1, 3, 4, 6, 8) else 'ふん'} "


def kids_fields(key: str, fields: dict[str, object], reg: str = "ja_kids") -> dict[str, object]:
    """The fields a Japanese label needs beyond its caller's: the minutes of the time left, said
    only when there are some (「残り5秒」, not 「残り0分5秒」), in kana for the children."""
    if key == "time_left" and "minutes" not in fields:
        m = int(str(fields.get("m", 0)))
        return {**fields, "minutes": (f"{m}分" if m else "") if reg == "ja" else minutes_kana(m)}
    return fields


# The grade-1 kanji words of the children's register, in hiragana for the first-grade register
# (longest first where one holds another: 出た before 出, 2人 before 人).
KANA_WORDS: tuple[tuple[str, str], ...] = (
    ("なん人", "なんにん"), ("1人", "ひとり"), ("2人", "ふたり"), ("もん中", "もんちゅう"), ("九九", "くく"),
    ("手ふだ", "てふだ"), ("早おくり", "はやおくり"), ("出た", "でた"), ("出る", "でる"), ("出", "だ"),
    ("大き", "おおき"), ("小さ", "ちいさ"), ("見", "み"), ("山", "やま"), ("下", "した"), ("中", "なか"),
    ("上", "うえ"), ("先", "さき"), ("入", "い"), ("右", "みぎ"), ("左", "ひだり"), ("字", "じ"), ("一", "いち"),
    ("人", "ひと"),
)


def to_kana(text: str) -> str:
    """A line of the children's register in the first-grade register: no kanji ("3人" → "3にん",
    "大きい" → "おおきい"); a kanji no word here covers stays, for the check to find."""
    text = re.sub(r"(?<![\d])([3-9]|\d\d+)人", r"\1にん", text)
    for word, kana in KANA_WORDS:
        text = text.replace(word, kana)
    return text


REASONS: dict[str, dict[str, str]] = {
    "ja": {"ALL_CARDS": "札を全部集めた", "ROUND_LIMIT": "ラウンドの上限で打ち切り", "TIME": "時間切れ",
           "CYCLE": "同じ並びのくり返し", "VOID_ROUND": "全員の札が同時になくなった",
           "DRUNKARD_LOSER": "負ける人が決まった", "HANDS_EMPTY": "手札を全部めくり終えた",
           "SHORTAGE": "札が足りず、戦争を続けられなかった", "REUSE_TIE": "最後の札どうしが同じ数"},
    "ja_kids": {"ALL_CARDS": "ぜんぶの カードを あつめた", "ROUND_LIMIT": "きめた かいすうに なった",
                "TIME": "じかんぎれ", "CYCLE": "おなじ ならびが くりかえされた",
                "VOID_ROUND": "みんなの カードが いっしょに なくなった", "DRUNKARD_LOSER": "まける 人が きまった",
                "HANDS_EMPTY": "手ふだを ぜんぶ めくった",
                "SHORTAGE": "カードが たりなくて もういっしょうぶが できなかった",
                "REUSE_TIE": "さいごの カードが おなじ かずだった"},
}

# Option values of the rules panel, keyed (option, value); numbers get their counters.
OPTIONS: dict[str, dict[tuple[str, object], str]] = {
    "ja": {
        ("face_down", 0): "なし", ("face_down", 1): "1枚", ("face_down", 2): "2枚", ("face_down", 3): "3枚",
        ("face_down", "by_rank"): "出た数と同じ枚数（ルーマニア式）",
        ("rank_order", "ace_high"): "A", ("rank_order", "ace_low"): "K（Aは1で、いちばん弱い）",
        ("rank_order", "two_high"): "2（大富豪と同じ）",
        ("rank_order", "low_beats_ace"): "A（いちばん弱い数だけはAに勝つ）",
        ("capture", "bottom"): "手札の下へ", ("capture", "won_pile"): "別の山にためて、切ってから使う",
        ("capture", "aside"): "わきへ置く（取り札）",
        ("jokers", 0): "なし", ("jokers", 2): "2枚",
        ("shortage", "last_card_up"): "最後の1枚を表にして勝負", ("shortage", "lose"): "足りない人の負け",
        ("shortage", "split"): "最後の札が同じなら分け合う",
        ("shortage", "fewest"): "全員が、いちばん少ない人と同じ枚数を出す",
        ("zero", "lose"): "負け", ("zero", "reuse"): "さっき出した札のまま勝負を続ける",
        ("players", 2): "2人", ("players", 3): "3人", ("players", 4): "4人",
        ("war_players", "tied"): "同じ数を出した人だけ", ("war_players", "all"): "全員",
        ("gather", "previous_winner_first"): "前のラウンドで勝った人の札から戻す（研究で使われる決まり）",
    },
    "ja_kids": {
        ("face_down", 1): "1まい", ("face_down", 2): "2まい", ("face_down", 3): "3まい",
        ("face_down", "by_rank"): "出た かずと おなじ まいすう",
        ("rank_order", "ace_low"): "K（Aは 1で いちばん よわい）", ("rank_order", "two_high"): "2",
        ("rank_order", "low_beats_ace"): "A（いちばん 小さい かずだけは Aに かつ）",
        ("capture", "bottom"): "手ふだの 下へ", ("capture", "won_pile"): "べつの 山に ためる",
        ("capture", "aside"): "わきに おく",
        ("jokers", 2): "2まい",
        ("shortage", "last_card_up"): "さいごの 1まいで しょうぶ", ("shortage", "lose"): "たりない 人の まけ",
        ("shortage", "split"): "さいごが おなじ かずなら わける",
        ("shortage", "fewest"): "みんな いちばん すくない 人と おなじ まいすうを 出す",
        ("zero", "lose"): "まけ", ("zero", "reuse"): "さっきの カードで しょうぶ",
        ("war_players", "tied"): "おなじ かずを 出した 人だけ", ("war_players", "all"): "みんな",
        ("gather", "previous_winner_first"): "まえの かいに かった 人の カードから もどす",
        ("tiebreak", "none"): "もういっしょうぶ（マークは かんけい ない）",
    },
}

PRESET_NAMES: dict[str, dict[str, str]] = {
    "ja": {"classic": "短期戦（40ラウンド）", "classic_long": "長期戦（240ラウンド）",
           "kids": "こども（伏せ札なし）", "kids_aside": "こども（取った札はわきへ）",
           "bicycle": "バイシクル式（伏せ札1枚、まぜずに戻す）", "pagat": "伏せ札1枚（足りない人の負け）",
           "pagat_last_card": "伏せ札1枚（最後の1枚を表に）", "three_down": "伏せ札3枚",
           "razboi": "ルーマニア式（出た数と同じ枚数）", "pjanitsa": "ロシア式（36枚、6がAに勝つ）",
           "tod_und_leben": "ドイツ式（生と死、32枚）",
           "addition": "たし算（2枚ずつ、答えをくらべる）", "subtraction": "ひき算（2枚ずつ、答えをくらべる）",
           "multiplication": "かけ算（2枚ずつ、九九）", "place_value": "位取り（3枚で、いちばん大きい3けたの数）",
           "number_lesson": "数くらべ（Aは1、Kは13）", "number_lesson_10": "数くらべ（Aから10まで、Aは1）"},
    "ja_kids": {"classic": "みじかい ゲーム（40かい）", "classic_long": "ながい ゲーム（240かい）",
                "kids": "こども（ふせる カード なし）", "kids_aside": "こども（とった カードは わきへ）",
                "bicycle": "バイシクルしき（1まい ふせる）", "pagat": "1まい ふせる（たりない 人の まけ）",
                "pagat_last_card": "1まい ふせる（さいごの 1まいで しょうぶ）", "three_down": "3まい ふせる",
                "razboi": "ルーマニアしき", "pjanitsa": "ロシアしき（36まい）",
                "tod_und_leben": "ドイツしき（32まい）",
                "addition": "たしざん（2まいずつ）", "subtraction": "ひきざん（2まいずつ）",
                "multiplication": "かけざん（九九）", "place_value": "3けたの かずづくり（3まい）",
                "number_lesson": "かずくらべ（Aは 1、Kは 13）", "number_lesson_10": "かずくらべ（Aから 10まで）"},
}


# The first-grade register: the children's words with no kanji (the everyday option words, where
# the children's register has none of its own, come through the children's table first).
REASONS["ja_kana"] = {k: to_kana(v) for k, v in REASONS["ja_kids"].items()}
PRESET_NAMES["ja_kana"] = {k: to_kana(v) for k, v in PRESET_NAMES["ja_kids"].items()}


def describe_rules_ja(rules: Rules, kids: bool = False) -> str:
    """The three things to agree on before playing [004], in one line of Japanese."""
    if getattr(rules, "school", False):
        return _describe_school_ja(rules, kids)
    low = {52: "2", 36: "6", 32: "7", 40: "2", "A9": "2"}[rules.deck]
    top = {40: "10", "A9": "9"}.get(rules.deck, "K")      # the highest card of the deck
    if kids:
        order = {"ace_high": "Aが いちばん つよい", "ace_low": f"{top}が いちばん つよい（Aは 1）",
                 "two_high": "2が いちばん つよい",
                 "low_beats_ace": f"Aが いちばん つよい（でも {low}は Aに かつ）"}[rules.rank_order]
        if rules.face_down == "by_rank":
            war = "おなじ かずなら、その かずと おなじ まいすうを 出して、さいごの 1まいで もういっしょうぶ"
        elif rules.face_down:
            war = f"おなじ かずなら {rules.face_down}まい ふせて もういっしょうぶ"
        else:
            war = "おなじ かずなら つぎの カードで もういっしょうぶ"
        short = {"last_card_up": "カードが たりない ときは さいごの 1まいで しょうぶ",
                 "lose": "カードが たりない 人の まけ",
                 "split": "さいごの カードが おなじ かずなら わける",
                 "fewest": "カードが たりない ときは みんな いちばん すくない 人と おなじ まいすうを 出す",
                 }[rules.shortage]
        suits = "／おなじ かずなら マークで きめる（♣<♦<♥<♠）" if getattr(rules, "tiebreak", "none") == "suits" else ""
        return f"{order}／{war}／{short}{suits}"
    order = {"ace_high": "Aがいちばん強い", "ace_low": f"{top}がいちばん強い（Aは1で、いちばん弱い）",
             "two_high": "2がいちばん強い",
             "low_beats_ace": f"Aがいちばん強い（ただし{low}はAに勝つ）"}[rules.rank_order]
    if rules.face_down == "by_rank":
        war = ("戦争：出た数と同じ枚数を出し、最後の1枚で勝負"
               "（5どうしなら、4枚伏せて5枚目を表に。J・Q・Kは10枚、Aは11枚）")
    elif rules.face_down:
        war = f"戦争：{rules.face_down}枚伏せて、次の1枚で勝負"
    else:
        war = "戦争：伏せずに、次の1枚で勝負"
    if rules.shortage == "last_card_up":
        zero = "1枚もなければ負け" if rules.zero == "lose" else "1枚もなければ、さっき出した札のまま勝負を続ける"
        short = f"札が足りないとき：最後の1枚を表にして勝負（{zero}）"
    elif rules.shortage == "lose":
        short = "札が足りないとき：戦争を続けられない人の負け"
    elif rules.shortage == "fewest":
        zero = "1枚もなければ負け" if rules.zero == "lose" else "1枚もなければ、さっき出した札のまま勝負を続ける"
        short = f"札が足りないとき：全員が、いちばん少ない人と同じ枚数を出す（{zero}）"
    else:
        short = "札が足りないとき：最後の札が同じ数なら分け合う"
    suits = "／同じ数ならマークで決める（♣<♦<♥<♠）" if getattr(rules, "tiebreak", "none") == "suits" else ""
    return f"{order}／{war}／{short}{suits}"


_SCHOOL_JA = {
    "ja": {"sum": "たし算の答え", "difference": "ひき算の答え（大きい数から小さい数をひく）", "product": "かけ算の答え",
           "place_value": "その数字でつくれる、いちばん大きい数"},
    "ja_kids": {"sum": "たしざんの こたえ", "difference": "ひきざんの こたえ（大きい かずから 小さい かずを ひく）",
                "product": "かけざんの こたえ", "place_value": "つくれる いちばん 大きい かず"},
}


def _describe_school_ja(rules: Rules, kids: bool) -> str:
    """The school variants (issue 18): how many cards, what is compared, the war, running short."""
    k, fd = rules.battle_cards, rules.face_down
    what = _SCHOOL_JA["ja_kids" if kids else "ja"][rules.battle_value]
    if kids:
        numbers = "Aは 1、10は 0" if rules.battle_value == "place_value" else "Aは 1"
        war = f"おなじ かずなら {fd}まい ふせて、つぎの {k}まいで もういっしょうぶ" if fd else \
            f"おなじ かずなら つぎの {k}まいで もういっしょうぶ"
        short = ("カードが たりない 人の まけ" if rules.shortage == "lose"
                 else "カードが たりない ときは ある カードで しょうぶ")
        return f"{k}まいずつ めくって、{what}が 大きい 人の かち（{numbers}）／{war}／{short}"
    numbers = "Aは1、10は0" if rules.battle_value == "place_value" else (
        "Aは1、札はAから10まで" if rules.deck == 40 else "Aは1、札はAから9まで" if rules.deck == "A9"
        else "Aは1、J・Q・Kは11・12・13")
    war = f"戦争：{fd}枚伏せて、次の{k}枚で勝負" if fd else f"戦争：伏せずに、次の{k}枚で勝負"
    if rules.shortage == "lose":
        short = "札が足りないとき：戦争を続けられない人の負け"
    elif rules.shortage == "split":
        short = "札が足りないとき：最後の札が同じ数なら分け合う"
    else:
        zero = "1枚もなければ負け" if rules.zero == "lose" else "1枚もなければ、さっき出した札のまま勝負を続ける"
        short = f"札が足りないとき：残りの札を表にして勝負（{zero}）"
    return f"{k}枚ずつめくり、{what}が大きい人の勝ち（{numbers}）／{war}／{short}"


# --- error notices: the kind of a ValueError, said in Japanese ------------------------------
_FIELDS = {"face_down": "伏せ札の枚数", "rank_order": "いちばん強い数", "capture": "取った札", "jokers": "ジョーカー",
           "shortage": "札が足りないとき", "zero": "札が1枚もないとき", "players": "人数",
           "war_players": "戦争に加わる人", "round_limit": "ゲームの長さ", "deck": "札の枚数",
           "gather": "札を戻す順番", "teams": "チーム戦", "joker_deal": "ジョーカーの配り方", "deal": "配り方",
           "battle_cards": "めくる枚数", "battle_value": "くらべる数"}

_ERRORS: list[tuple[str, str, str]] = [
    # (pattern of the English message, everyday Japanese, children's Japanese)
    (r"no spaces or line breaks around", "番号の前後に、空白や改行を入れないでください。",
     "ばんごうの まえと うしろの すきまを けしてね。"),
    (r"game number is text|not a game number",
     "ゲーム番号は、遊び方の名前と数字を「-」でつないだものです。ルールを変えたゲームの番号には「+」「=」「_」も入ります。"
     "番号の欄に出ている文字を、そのまま貼り付けてください。",
     "ばんごうを たしかめてね。"),
    (r"appears twice in game number", "同じルールが、番号の中に2回書かれています。", "ばんごうを たしかめてね。"),
    (r"in a game number is \d+ characters long", "番号の中のルールの値が長すぎます。", "ばんごうを たしかめてね。"),
    (r"seed in game number .* too large", "ゲーム番号の最後の数が大きすぎます。", "ばんごうの かずが 大きすぎるよ。"),
    (r"unknown preset", "番号の最初にある遊び方の名前が見つかりません。", "あそびかたの なまえが 見つからないよ。"),
    (r"unknown rule option", "番号の中に、知らないルールの名前があります。",
     "ばんごうの 中に しらない ルールが あるよ。"),
    (r"teams .*needs players=4", "2人対2人のチーム戦は、4人のときだけ選べます。", "チームは 4人の ときだけ だよ。"),
    (r"joker_deal='split'", "ジョーカーを1枚ずつ配るには、ジョーカーが2枚いります。", "ジョーカーが 2まい いるよ。"),
    (r"not enough cards", "この人数に配るだけの札がありません。", "カードが たりないよ。"),
    (r"by_color", "黒と赤で分けて配るのは、2人のときだけです。", "2人の ときだけ できるよ。"),
    (r"drunkard goals", "負ける人を決める遊び方は、チーム戦では選べません。", "チームでは えらべないよ。"),
    (r"gather", "札を戻す順番の決め方が使えません。", "カードを もどす じゅんばんが つかえないよ。"),
    (r"not (a )?valid saved game|not a saved game|saved game version", "保存したゲームを読めませんでした。",
     "とちゅうの ゲームを よめなかったよ。"),
]


def error_ja(error: BaseException | str, kids: bool = False) -> str:
    """What went wrong, in Japanese, for a ValueError of the engine (whose message is English).

    Known kinds get their own sentence; a field named in the message ("face_down must be ...")
    is said by its label; anything else gets a plain sentence rather than English text."""
    text = str(error)
    for pattern, everyday, child in _ERRORS:
        if re.search(pattern, text):
            return child if kids else everyday
    match = re.match(r"(\w+) must be", text)
    if match and match.group(1) in _FIELDS:
        field = _FIELDS[match.group(1)]
        return "その えらびかたは できないよ。" if kids else f"「{field}」に、その値は選べません。"
    return "その えらびかたは できないよ。" if kids else "入力を確かめてください。"
