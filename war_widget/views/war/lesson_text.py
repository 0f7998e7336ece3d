"""The words of the lesson features (Which is bigger?, Back and jump, the table's accessible
name) in English and in Japanese for children (kana, no kanji beyond the second school grade).

The project's label tables (``war_widget.text.i18n``: English, everyday Japanese and the children's
register) carry these words too and are used first; ``TEXT`` is the fallback.  Callers pass the
widget's register (``w._reg``), so the kids presets speak to children.
"""
from __future__ import annotations

__all__ = ["TEXT", "text"]

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "back": "Back", "back_tip": "Undo the last flip or step",
        "back_line": "Back to the end of round {n}: {counts}.",
        "back_mid_line": "Back into round {n}: {counts}.",
        "back_deal_line": "Back to the deal: {counts}.",
        "nothing_to_undo": "Nothing to undo: this is where the game started.",
        "goto_line": "Jumped to the end of round {n}: {counts}.",
        "goto_deal_line": "Jumped to the deal: {counts}.",
        "goto_war_hint": "Press Step to walk through the war of round {n}.",
        "cannot_replay": "This game cannot go back: {error}",
        "guess_title": "Which is bigger?",
        "guess_bigger": "bigger", "guess_same": "the same", "guess_smaller": "smaller",
        "guess_ask": "Which is bigger? {a} ? {b}",
        "guess_right": "Right!", "guess_wrong": "It is {text}.",
        "guess_wait": "First say which is bigger: press >, = or <.",
        "guess_none": "There is nothing to answer yet: press Flip.",
        "res_guess": "Which is bigger?", "res_guess_value": "{right} of {asked} right",
        "table_name": "War table. {counts}. {progress}.",
        "table_cards": "On the table: {cards}",
        "table_count": "{name} {n} cards", "table_count_1": "{name} 1 card", "table_vs": " against ", "sep": ", ",
    },
    "ja": {
        "back": "もどる", "back_tip": "ひとつ まえに もどる",
        "back_line": "{n}ラウンドめの おわりに もどりました: {counts}。",
        "back_mid_line": "{n}ラウンドめの とちゅうに もどりました: {counts}。",
        "back_deal_line": "くばった ところに もどりました: {counts}。",
        "nothing_to_undo": "これより まえには もどれません。",
        "goto_line": "{n}ラウンドめの おわりに とびました: {counts}。",
        "goto_deal_line": "くばった ところに とびました: {counts}。",
        "goto_war_hint": "「ステップ」で {n}ラウンドめの せんそうを 1つずつ 見られます。",
        "cannot_replay": "この ゲームは もどれません: {error}",
        "guess_title": "どっちが おおきい？",
        "guess_bigger": "おおきい", "guess_same": "おなじ", "guess_smaller": "ちいさい",
        "guess_ask": "どっちが おおきい？ {a} ? {b}",
        "guess_right": "せいかい！", "guess_wrong": "こたえは {text}",
        "guess_wait": "さきに こたえてね: >、=、< の どれかを おしてね。",
        "guess_none": "まだ こたえる ものが ありません。「めくる」を おしてね。",
        "res_guess": "どっちが おおきい？", "res_guess_value": "{asked}もん中 {right}もん せいかい",
        "table_name": "せんそうの テーブル。{counts}。{progress}。",
        "table_cards": "ばの カード: {cards}",
        "table_count": "{name} {n}まい", "table_count_1": "{name} 1まい", "table_vs": " と ", "sep": "、",
    },
}


def text(key: str, lang: str = "en", **fields: object) -> str:
    """The words ``key`` in the register ``lang`` ("en", "ja", "ja_kids"): from the project's label
    tables (``i18n.label``) where they have it, else from ``TEXT`` (by language)."""
    from ...text.i18n import LABELS, label
    if key in LABELS.get(lang, {}):
        return label(key, lang, **fields)
    table = TEXT["ja"] if str(lang).startswith("ja") else TEXT["en"]
    return table[key].format(**fields)
