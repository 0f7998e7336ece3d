"""Labels of the widgets in English and Japanese.

Pure data and small helpers, so the narration, the results panel and the controls all read the
same words.  ``label("flip", "ja") == "めくる"``.

Besides the two languages there are three *registers*: "en", "ja" (everyday Japanese) and
"ja_kids", the children's register used in the kids presets and whenever the teaching aids are
on in Japanese (``register("ja", kids=True)``).  Every helper here accepts a register where it
takes a language.  The Japanese words live in ``war_widget.text.i18n_ja``.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..game.rules import Rules

from .first_screen import START, plain_rules
from .i18n_ja import JA, KIDS, OPTIONS, PRESET_NAMES, REASONS, describe_rules_ja, error_ja, kids_fields, to_kana

__all__ = ["LANGS", "WAR_LANGS", "REGISTERS", "LABELS", "label", "check_lang", "check_war_lang", "register",
           "player_names", "reason_text",
           "option_text", "preset_text", "describe_rules", "join_names", "error_text", "counts_text",
           "notice_text", "value_text", "record_line", "start_line"]

LANGS = ("en", "ja")
# the War table also speaks the first-grade register: hiragana and katakana only (lang="ja_kana")
WAR_LANGS = ("en", "ja", "ja_kana")
REGISTERS = ("en", "ja", "ja_kids", "ja_kana")
KIDS_REGISTERS = ("ja_kids", "ja_kana")

LABELS: dict[str, dict[str, str]] = {
    "en": {
        "flip": "Flip", "step": "Step", "autoplay": "Autoplay", "fast_forward": "Fast-forward",
        "new_game": "New game", "resume": "Resume", "replay": "Replay", "rules": "Rules",
        "more_rules": "More rules",
        "slow": "slow", "normal": "normal", "fast": "fast", "speed": "Speed",
        "game_number": "Game number", "length": "Game length", "opponent": "Opponent",
        "preset": "Preset", "face_down": "Face-down in a war", "rank_order": "Rank order",
        "capture": "Won cards", "jokers": "Jokers", "shortage": "Running short", "zero": "No card left",
        "players": "Players", "war_players": "War fought by", "aids": "Teaching aids",
        "gather": "Won cards go back", "tiebreak": "Equal ranks",
        "language": "Language", "records": "Keep my record", "reset_records": "Reset record",
        "player": "Player {n}", "you": "You", "computer": "Computer", "cpu_n": "Computer {n}",
        "rounds_of": "{n} / {limit} rounds", "round_n": "Round {n}", "time_left": "{m}:{s:02d} left · round {n}",
        "len_40": "40 rounds", "len_240": "240 rounds", "len_none": "to the end", "len_50": "50 rounds",
        "len_3min": "3 minutes",
        "opp_easy": "Computer (easy)", "opp_strong": "Computer (strong: high cards back first)",
        "opp_two": "Two players",
        "opp_watch": "Watch",
        "res_title": "Results", "res_rounds": "Rounds played", "res_wars": "Wars", "res_wars_won": "Wars you won",
        "res_wars_won_all": "Wars won",
        "res_streak": "Longest winning streak", "res_lead": "Largest lead", "res_ended": "How it ended",
        "res_playing": "still playing", "res_record": "Your record",
        "res_record_line": "{games} · {wins} · {losses} · {draws}",
        "res_record_none": "No games yet.", "res_record_streak": " · {current} in a row",
        "res_record_best": " (best {best})",
        "lang_switched": "— from here on in English —",
        "res_record_off": "Record keeping is off.",
        "notice_corrupt": "The records file was damaged; it was kept as {name} and a fresh one was started.",
        "notice_resume": "A game in progress was found ({code}, round {round}). Press Resume to continue it.",
        "notice_resumed": "Resumed game {code} at round {round}.",
        "notice_interrupted": "Interrupted in the middle of a move: back to the last good position (round {round}).",
        "notice_bad_code": "Could not replay that number: {error}",
        "notice_bad_rules": "Those rules do not go together: {error}",
        "notice_records_reset": "Your record was reset.",
        "waiting": "{name} is ready; waiting for {others}.",
        "game_is_over": "The game is over: press New game to play again.",
        "ff_capped": "Fast-forwarded {n} rounds; the game goes on.",
        "war_bang": "WAR!", "title": "War",
        "yes": "on", "no": "off",
        "banner_you": "You win!", "banner_win": "{name} wins!", "banner_draw": "Draw",
        "banner_team": "Team {n} wins!", "banner_loser": "{name} is the drunkard",
        "chart_title": "Cards held after each round", "chart_war": "war round", "chart_round": "round",
        "new_game_line": "Game {code}: {counts}.", "deal_line": "A new deal: {counts}.", "custom": "custom",
        "time_up": "Time is up.",
        "len_n": "{n} rounds", "res_record_cpu_only": "Record (games against the computer only)",
        "v_rounds": "{n}", "v_times": "{n}", "v_streak": "{n}", "v_cards": "{n}", "v_per": "{name} {value}",
        "v_sep": " · ", "count": "{name} {n}", "count_colon": "{name}: {n}", "count_sep": ", ",
        "notice_records_failed": "Keep my record: {error}",
        # the lesson features
        "back": "Back", "back_tip": "Undo the last flip or step",
        "back_line": "Back to the end of round {n}: {counts}.",
        "back_mid_line": "Back into round {n}: {counts}.",
        "back_deal_line": "Back to the deal: {counts}.",
        "nothing_to_undo": "Nothing to undo: this is where the game started.",
        "goto_line": "Jumped to the end of round {n}: {counts}.",
        "goto_deal_line": "Jumped to the deal: {counts}.",
        # after a change of language in a game under way (below "from here on in English"): where it is
        "now_line": "Now at the end of round {n}: {counts}.",
        "now_mid_line": "Now in round {n}: {counts}.",
        "now_deal_line": "Now at the deal: {counts}.",
        "goto_war_hint": "Press Step to walk through the war of round {n}.",
        "cannot_replay": "This game cannot go back: {error}",
        "guess_title": "Which is bigger?",
        "guess_bigger": "bigger", "guess_same": "the same", "guess_smaller": "smaller",
        "guess_ask": "Which is bigger? {a} ? {b}",
        "guess_right": "Right!", "guess_wrong": "It is {text}.",
        "guess_wait": "First say which is bigger: press >, = or <.",
        "guess_none": "There is nothing to answer yet: press Flip.",
        "res_guess": "Which is bigger?", "res_guess_value": "{right} of {asked} right",
        "guess_title_strong": "Which is stronger?", "res_guess_strong": "Which is stronger?",
        "guess_wait_strong": "First say which is stronger: press >, = or <.",
        "lesson_number_lesson": "Number lesson: which is bigger? (A = 1 ... K = 13)",
        "lesson_number_lesson_10": "Number lesson A-10: which is bigger? (A = 1)",
        "table_name": "War table. {counts}. {progress}.",
        "table_cards": "On the table: {cards}",
        "table_count": "{name} {n} cards", "table_count_1": "{name} 1 card", "table_vs": " against ", "sep": ", ",
        "fullscreen": "Full screen", "exit_fullscreen": "Exit full screen",
        "read_aloud": "Read aloud",
    },
    "ja": JA,
    "ja_kids": {**JA, **KIDS},
}

_REASONS = {
    "en": {"ALL_CARDS": "all cards", "ROUND_LIMIT": "round limit", "TIME": "time", "CYCLE": "cycle",
           "VOID_ROUND": "void round", "DRUNKARD_LOSER": "the drunkard is found", "HANDS_EMPTY": "hands used up",
           "SHORTAGE": "could not finish a war", "REUSE_TIE": "reused cards tie"},
    **REASONS,
}

# Option values of the rules panel, as shown to a person (Japanese: i18n_ja.OPTIONS).
_OPTIONS = {
    "en": {"ace_high": "A high", "ace_low": "K high, A low", "two_high": "2 high", "low_beats_ace": "lowest beats A",
           "bottom": "under the hand", "won_pile": "won pile", "aside": "set aside",
           "last_card_up": "last card up", "lose": "loses", "split": "split", "reuse": "reuse last card",
           "tied": "tied players", "all": "everyone", "by_rank": "by rank",
           "fewest": "all play as many as the fewest",
           "shuffle": "shuffled", "played": "in the order played", "winner_first": "winner's cards first",
           "loser_first": "loser's cards first",
           "previous_winner_first": "last round's winner's cards first (the research convention)",
           "high_first": "highest first", "low_first": "lowest first",
           "none": "a war (suits never matter)", "suits": "suits decide: ♣ < ♦ < ♥ < ♠ (no war)"},
}

# The options added for the research conventions (issue 11), in Japanese; i18n_ja's own words win.
_JA_ADDED: dict[str, Any] = {
    "labels": {"ja": {"gather": "取った札を戻す順番", "tiebreak": "同じ数が出たとき"},
               "ja_kids": {"gather": "とった カードを もどす じゅんばん", "tiebreak": "おなじ かずが 出た とき"}},
    "ja": {("gather", "shuffle"): "よく切ってから戻す", ("gather", "played"): "出した順に戻す",
           ("gather", "winner_first"): "勝った人の札から戻す", ("gather", "loser_first"): "負けた人の札から戻す",
           ("gather", "previous_winner_first"): "前の回に勝った人の札から戻す（数学の研究での決まり）",
           ("gather", "high_first"): "強い札から戻す", ("gather", "low_first"): "弱い札から戻す",
           ("tiebreak", "none"): "戦争（マークは関係なし）",
           ("tiebreak", "suits"): "マークで決める（♣<♦<♥<♠、戦争なし）"},
    "ja_kids": {("gather", "shuffle"): "まぜて もどす", ("gather", "played"): "出した じゅんに もどす",
                ("gather", "winner_first"): "かった 人の カードから もどす",
                ("gather", "loser_first"): "まけた 人の カードから もどす",
                ("gather", "previous_winner_first"): "まえの かいに かった 人の カードから もどす",
                ("gather", "high_first"): "つよい カードから もどす",
                ("gather", "low_first"): "よわい カードから もどす",
                ("tiebreak", "none"): "もういっしょうぶ（マークは かんけい なし）",
                ("tiebreak", "suits"): "マークで きめる（♣<♦<♥<♠）"},
}
for _reg in ("ja", "ja_kids"):
    for _key, _text in _JA_ADDED[_reg].items():
        OPTIONS[_reg].setdefault(_key, _text)
    for _name, _text in _JA_ADDED["labels"][_reg].items():
        LABELS[_reg].setdefault(_name, _text)
LABELS["ja_kana"] = {key: to_kana(text) for key, text in LABELS["ja_kids"].items()}
OPTIONS["ja_kana"] = {key: to_kana(text) for key, text in {**OPTIONS["ja"], **OPTIONS["ja_kids"]}.items()}


def check_lang(lang: str) -> str:
    """Return ``lang`` if supported, else raise a ValueError naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"lang must be one of {', '.join(map(repr, LANGS))}; got {lang!r}")
    return lang


def check_war_lang(lang: str) -> str:
    """``lang`` if the War table speaks it ("en", "ja", or "ja_kana", the first-grade register),
    else a ValueError naming the choices."""
    if lang not in WAR_LANGS:
        raise ValueError(f"lang must be one of {', '.join(map(repr, WAR_LANGS))}; got {lang!r}")
    return lang


def register(lang: str, kids: bool = False) -> str:
    """The register of ``lang``: "ja_kids" for Japanese with ``kids``, else ``lang`` itself
    (a register code passes through: ``register("ja_kids") == "ja_kids"``; the first-grade
    register "ja_kana" stays itself with or without ``kids``)."""
    lang = _check_register(lang)
    return "ja_kids" if kids and lang == "ja" else lang


def _check_register(lang: str) -> str:
    if lang not in REGISTERS:
        check_lang(lang)  # the public error names the languages
    return lang


def label(key: str, lang: str = "en", **fields: object) -> str:
    """The label ``key`` in ``lang`` (or a register, e.g. "ja_kids"), formatted with ``fields``."""
    reg = _check_register(lang)
    if reg != "en":
        fields = kids_fields(key, fields, reg)
    return LABELS[reg][key].format(**fields)


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
    return _REASONS[_check_register(lang)][str(name)]


def option_text(value: object, lang: str = "en", option: str | None = None) -> str:
    """A rules option value as a person reads it.  Japanese needs the ``option`` for numbers
    (伏せ札 "1枚", 人数 "2人"); without it a word value is looked up in any option."""
    lang = _check_register(lang)
    if lang == "en":
        return _OPTIONS["en"].get(value, str(value)) if isinstance(value, str) else str(value)
    table = {**OPTIONS["ja"], **OPTIONS["ja_kids"]} if lang == "ja_kids" else OPTIONS[lang]
    if option is not None and (option, value) in table:
        return table[option, value]
    for (_, v), text in table.items():
        if isinstance(value, str) and v == value:
            return text
    return str(value)


_PRESET_NAMES_EN = {
    "classic": "Classic (40 rounds)", "classic_long": "Classic, long (240 rounds)",
    "kids": "Kids (no face-down card)", "kids_aside": "Kids (won cards set aside)",
    "bicycle": "Bicycle (1 face down, no shuffle)", "pagat": "1 face down (short loses)",
    "pagat_last_card": "1 face down (last card up)", "three_down": "3 face down",
    "razboi": "Romanian Războiul", "pjanitsa": "Russian P'yanitsa (36 cards)",
    "tod_und_leben": "German Tod und Leben (32 cards)",
    "addition": "Addition (2 cards each, the sums)", "subtraction": "Subtraction (2 cards each, the differences)",
    "multiplication": "Multiplication (2 cards each, times tables)",
    "place_value": "Place value (3 cards, the biggest number)",
    "number_lesson": "Number lesson (A = 1 ... K = 13)", "number_lesson_10": "Number lesson A-10 (A = 1)",
}


def preset_text(name: str | None, lang: str = "en") -> str:
    """A preset's name as the picker shows it (None: the rules were changed by hand)."""
    lang = _check_register(lang)
    if name is None:
        return label("custom", lang)
    table = _PRESET_NAMES_EN if lang == "en" else PRESET_NAMES[lang]
    return table.get(name, name)


def value_text(kind: str, n: int, lang: str = "en") -> str:
    """A number of the results with its counter: ``value_text("cards", 8, "ja") == "8枚"``."""
    return label(f"v_{kind}", lang, n=n)


def counts_text(names: Sequence[str], counts: Sequence[int], lang: str = "en") -> str:
    """Every player's cards: "You 26, Computer 26" / "あなた26枚、コンピューター26枚".

    When a name ends in a digit (コンピューター1) Japanese puts "：" between every name and its count,
    or "コンピューター1" and "16枚" would read as "コンピューター116枚"."""
    key = "count_colon" if lang != "en" and any(str(n)[-1:].isdigit() for n in names) else "count"
    return label("count_sep", lang).join(label(key, lang, name=n, n=c) for n, c in zip(names, counts, strict=False))


def error_text(error: BaseException | str, lang: str = "en") -> str:
    """A ValueError's message for a notice: as it is in English, said in Japanese otherwise
    (never the English text inside a Japanese sentence)."""
    lang = _check_register(lang)
    if lang == "ja_kana":
        return to_kana(error_ja(error, kids=True))
    return str(error) if lang == "en" else error_ja(error, kids=lang == "ja_kids")


def notice_text(kind: str, error: BaseException | str, lang: str = "en") -> str:
    """The notice for a problem: kind "code" (a game number), "rules" or "records" (the file)."""
    key = {"code": "notice_bad_code", "rules": "notice_bad_rules", "records": "notice_records_failed"}[kind]
    shown = error_text(error, lang) if kind in ("code", "rules") else str(error)
    return label(key, lang, error=shown)


def record_line(record: dict[str, int], lang: str = "en") -> str:
    """A lifetime record in one line: "10戦6勝3敗1分け・いま2連勝（最高4連勝）".

    Nothing is said as zero: no games yet is said in words, a streak only while there is one,
    the best streak only once there was one."""
    games, wins, draws = record["games"], record["wins"], record["draws"]
    if not games:
        return label("res_record_none", lang)
    losses = record.get("losses", games - wins - draws)
    numbers: dict[str, int] = {"games": games, "wins": wins, "losses": losses, "draws": draws}
    counts: dict[str, object] = dict(numbers)
    current: object = record.get("current_streak")
    if lang == "en":  # English counts its nouns: "1 game", "2 games" (Japanese counters do not change)
        counts = {key: _counted(n, key[:-1] if key != "losses" else "loss", key) for key, n in numbers.items()}
        current = _counted(int(record["current_streak"]), "win", "wins") if current else current
    line = label("res_record_line", lang, **counts)
    if lang in KIDS_REGISTERS:   # a child hears what happened: no 「0かい まけ」, 「0かい ひきわけ」
        line = "、".join(part for part in line.split("、") if not part.startswith("0"))
    if current:
        line += label("res_record_streak", lang, current=current)
    if record.get("best_streak"):
        line += label("res_record_best", lang, best=record["best_streak"])
    if lang in KIDS_REGISTERS and "。" in line:   # sentences for a child end with 「。」
        line += "。"
    return line


def _counted(n: int, one: str, many: str) -> str:
    """``n`` with its English noun: "1 game", "0 draws", "3 losses"."""
    return f"{n} {one if n == 1 else many}"


def start_line(mode: str, names: Sequence[str], lang: str = "en") -> str:
    """The first line of a new game: whose turn it is and what to press ("Your turn: press Flip
    to turn your top card."), for the session's ``mode`` ("cpu", "two_player", "watch"); the
    two-player line names every seat."""
    reg = _check_register(lang)
    table = START["ja_kids" if reg == "ja_kana" else reg]
    if mode not in table:
        raise ValueError(f"mode must be one of {', '.join(map(repr, table))}; got {mode!r}")
    line = table[mode].format(names=join_names(names, reg))
    return to_kana(line) if reg == "ja_kana" else line


def join_names(names: Sequence[str], lang: str = "en") -> str:
    """'A and B', 'A, B and C' / 'AとB'."""
    names = list(names)
    if lang != "en":
        return "と".join(names)
    if len(names) <= 2:
        return " and ".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def describe_rules(rules: Rules, lang: str = "en") -> str:
    """The rules in force in one line of plain words: which card is highest, what a tie does,
    what happens when a player runs short (English: ``first_screen.plain_rules``, not the
    engine's shorthand ``rules.describe()``)."""
    lang = _check_register(lang)
    if lang == "en":
        return plain_rules(rules)
    if lang == "ja_kana":
        return to_kana(describe_rules_ja(rules, kids=True))
    return describe_rules_ja(rules, kids=lang == "ja_kids")
