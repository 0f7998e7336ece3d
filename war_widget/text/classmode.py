"""The words of the class mode: the child's seat picker (English, the children's register
"ja_kids", the first-grade register "ja_kana": no kanji) and the teacher's board and its CSV
(English, everyday Japanese).

The children's Japanese is the children's pages' own: 出席番号 is said しゅっせきばんごう, a seat's
number is 〇ばん, a pair is ふたりで, and the table's words come from ``i18n`` as before.
"""
from __future__ import annotations

from .i18n_ja import to_kana

__all__ = ["SEAT_WORDS", "BOARD_WORDS", "CSV_HEADERS", "seat_words", "board_words", "csv_headers", "BOARD_LANGS",
           "SEAT_LANGS", "check_board_lang", "check_seat_lang"]

BOARD_LANGS = ("en", "ja")
SEAT_LANGS = ("en", "ja", "ja_kana")

_SEAT_EN = {
    "choose": "Tap your seat number",
    "pair": "Two on one tablet",
    "pair_hint": "Tap both seat numbers, then Start",
    "start": "Start",
    "in_use": "Seat {seat} is in use on another tablet.",
    "take_over": "It is mine: take it over",
    "choose_other": "Choose another seat",
    "taken": "Your seat is now on another tablet. Tap your seat number again.",
    "you_are": "Seat {seats}",
    "and": " and ",
    "wait_deal": "Wait for your teacher to deal the cards.",
    "paused": "Look at your teacher.",
    "game_over": "Well played! Wait for your teacher.",
    "change_seat": "Change seat",
}

_SEAT_JA_KIDS = {
    "choose": "じぶんの しゅっせきばんごうを おしてね",
    "pair": "ふたりで 1だい",
    "pair_hint": "ふたりの ばんごうを おしてから「はじめる」",
    "start": "はじめる",
    "in_use": "{seat}ばんは ほかの タブレットで つかって いるよ。",
    "take_over": "じぶんの ばんごうだから つかう",
    "choose_other": "ほかの ばんごうに する",
    "taken": "ほかの タブレットが この ばんごうを つかって いるよ。もう いちど ばんごうを おしてね。",
    "you_are": "{seats}ばん",
    "and": "と",
    "wait_deal": "せんせいが カードを くばるまで まってね。",
    "paused": "せんせいの ほうを 見てね。",
    "game_over": "よく できました！ せんせいを まってね。",
    "change_seat": "ばんごうを かえる",
}

SEAT_WORDS: dict[str, dict[str, str]] = {
    "en": _SEAT_EN,
    "ja": _SEAT_JA_KIDS,
    "ja_kana": {k: to_kana(v) for k, v in _SEAT_JA_KIDS.items()},
}

BOARD_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Our class", "address": "Open on your tablet:", "joined": "{n} of {size} seats joined",
        "seat": "Seat", "round": "Round", "counts": "Cards", "status": "",
        "playing": "playing", "waiting": "waiting", "done": "finished", "quiet": "no signal", "absent": "",
        "deal": "Deal this game to everyone", "game_number": "Game number (empty: a new one)",
        "preset": "Game", "guess": "Which is bigger?", "guess_off": "off", "guess_on": "on",
        "guess_number": "numbers (A = 1)", "guess_to10": "numbers A-10 only",
        "pause": "Pause everyone", "resume": "Resume everyone", "paused": "Paused",
        "question": "Question {n} of {of}", "no_question": "No question answered yet",
        "answers": "{n} answered", "reveal": "Reveal", "hide": "Hide", "right": "right",
        "prev": "Previous", "next": "Next",
        "totals": "Class totals", "wars": "Wars", "longest_war": "Longest war", "comeback": "Biggest comeback",
        "cards_n": "{n} cards", "wars_n": "{n} in a row", "seat_n": "seat {n}", "none": "-",
        "export": "Download results (CSV)", "new_class": "New class",
        "new_class_confirm": "Clear every seat and result? Download the results first.", "yes": "Clear", "no": "Keep",
        "dealt": "Dealt: {game}", "not_dealt": "No game dealt yet", "pair": "with {n}",
    },
    "ja": {
        "title": "みんなのクラス", "address": "タブレットで開く：", "joined": "{size}席のうち{n}席が参加",
        "seat": "出席番号", "round": "ラウンド", "counts": "札", "status": "",
        "playing": "遊んでいる", "waiting": "待っている", "done": "終わった", "quiet": "通信なし", "absent": "",
        "deal": "このゲームを全員に配る", "game_number": "ゲーム番号（空なら新しい番号）",
        "preset": "遊び方", "guess": "どっちが大きい？", "guess_off": "なし", "guess_on": "あり",
        "guess_number": "数で（A＝1）", "guess_to10": "数で（A〜10だけ）",
        "pause": "全員を止める", "resume": "全員を再開", "paused": "停止中",
        "question": "問題{n}（全{of}問）", "no_question": "まだ答えがありません",
        "answers": "{n}人が回答", "reveal": "答えを見せる", "hide": "隠す", "right": "正解",
        "prev": "前へ", "next": "次へ",
        "totals": "クラスの合計", "wars": "戦争の回数", "longest_war": "いちばん長い戦争",
        "comeback": "いちばん大きな逆転", "cards_n": "{n}枚", "wars_n": "{n}回続けて", "seat_n": "{n}番",
        "none": "－",
        "export": "結果をダウンロード（CSV）", "new_class": "新しいクラス",
        "new_class_confirm": "全員の席と結果を消しますか？ 先に結果をダウンロードしてください。", "yes": "消す",
        "no": "消さない", "dealt": "配ったゲーム：{game}", "not_dealt": "まだ配っていません", "pair": "{n}番と",
    },
}

CSV_HEADERS: dict[str, tuple[str, ...]] = {
    "en": ("seat", "partner seat", "games", "games finished", "rounds", "wars", "questions right",
           "questions asked", "bigger: right", "bigger: asked", "stronger: right", "stronger: asked"),
    "ja": ("出席番号", "いっしょに遊んだ番号", "ゲーム数", "終わったゲーム数", "ラウンド数", "戦争の回数", "正解数",
           "問題数", "大きさ：正解", "大きさ：問題", "強さ：正解", "強さ：問題"),
}


def check_board_lang(lang: object) -> str:
    if lang not in BOARD_LANGS:
        raise ValueError(f"the board's lang must be one of {', '.join(map(repr, BOARD_LANGS))}; got {lang!r}")
    return str(lang)


def check_seat_lang(lang: object) -> str:
    if lang not in SEAT_LANGS:
        raise ValueError(f"a seat's lang must be one of {', '.join(map(repr, SEAT_LANGS))}; got {lang!r}")
    return str(lang)


def seat_words(lang: str) -> dict[str, str]:
    """The seat picker's words in ``lang`` ("en", "ja": the children's register, "ja_kana")."""
    return dict(SEAT_WORDS[check_seat_lang(lang)])


def board_words(lang: str) -> dict[str, str]:
    """The teacher's board's words in ``lang`` ("en" or "ja")."""
    return dict(BOARD_WORDS[check_board_lang(lang)])


def csv_headers(lang: str) -> tuple[str, ...]:
    """The results CSV's column names in the teacher's language."""
    return CSV_HEADERS[check_board_lang(lang)]
