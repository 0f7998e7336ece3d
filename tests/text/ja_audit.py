"""Every Japanese string the widgets can play, and the defects of each, by class (issue 27 item 7).

``corpus()`` collects (register, text) pairs: every label of every Japanese register with sample
values, the option, preset and reason words, the rules lines, the error sentences, the narration
of many games under every preset (both players' names, the teaching aids on and off, the number
questions), the results panel and its story, Steal War's and Casino War's words and sentences.
``defects(texts)`` runs every check on them; each check has a class (counters, spacing,
punctuation, words, phrasing, register) and a severity (wrong / unnatural / style).

Run ``python tests/text/ja_audit.py`` from the worktree's root for the counts (strings flagged and
distinct root causes, i.e. flagged strings with their numbers and card names blanked).
"""
from __future__ import annotations

import html
import re
import sys
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from war_widget import Game, Rules  # noqa: E402
from war_widget.text import i18n  # noqa: E402
from war_widget.text import kanji_grades as kg  # noqa: E402
from war_widget.text.terms_ja import term_problems  # noqa: E402

# the Japanese registers there are (the first-grade one once it exists)
JA_REGISTERS = tuple(r for r in i18n.REGISTERS if r.startswith("ja"))
KIDS_REGISTERS = tuple(r for r in JA_REGISTERS if r != "ja")


def allowed_kanji(reg: str) -> frozenset[str] | None:
    """The kanji ``reg`` may write (None: any): the children's register the kanji a first-term
    first-grader reads, the first-grade register none at all."""
    if reg == "ja":
        return None
    if reg == "ja_kids":
        return getattr(kg, "KIDS_KANJI", kg.GRADE1)
    return frozenset()


# --- the checks ------------------------------------------------------------------------------
JP = r"\u3040-\u30ff\u4e00-\u9fff"
COUNTERS = "枚|まい|人|にん|回|かい|ラウンド|分|ふん|ぷん|秒|びょう|勝|敗|戦|連勝|組|時間|問|もん"
GAME_NUMBER = re.compile(r"\b[a-z_0-9]+(?:\+[a-z_]+=[A-Za-z0-9_/]+)*-\d+\b")
RANKS = {"A", "K", "Q", "J"}


@dataclass(frozen=True)
class Check:
    name: str
    cls: str          # counters, spacing, punctuation, words, phrasing, register
    severity: str     # wrong, unnatural, style
    find: Callable[[str, str], bool]   # (text, register) -> defect?
    why: str


def _re(pattern: str, regs: Iterable[str] | None = None) -> Callable[[str, str], bool]:
    compiled = re.compile(pattern)
    allowed = None if regs is None else set(regs)
    return lambda text, reg: (allowed is None or reg in allowed) and bool(compiled.search(text))


def _english(text: str, reg: str) -> bool:
    return any(w not in RANKS for w in re.findall(r"[A-Za-z]+", GAME_NUMBER.sub(" ", text)))


def _kanji(text: str, reg: str) -> bool:
    allowed = allowed_kanji(reg)
    return allowed is not None and any(kg.is_kanji(c) and c not in allowed for c in text)


def _terms(text: str, reg: str) -> bool:
    base = "ja" if reg == "ja" else "ja_kids"
    return bool([p for p in term_problems(text, base) if "space between a number" not in p])


# a sentence inside a text: what follows 。！？ up to the next one
def _sentence_follows(text: str, reg: str) -> bool:
    """「！」「？」 followed by a sentence with no full-width space (a closing bracket, another mark
    or the end may follow directly)."""
    return bool(re.search(r"[！？](?![\u3000」』）)（！？、。\s]|$)", text))


CHECKS: tuple[Check, ...] = (
    # counters
    Check("counter_spaced", "counters", "style", _re(rf"\d[ \u3000\xa0]+(?:{COUNTERS})"),
          "a space between a number and its counter (1枚, not 1 枚)"),
    Check("value_repeated", "counters", "wrong", _re(r"(?<![\d])(\d+)（\1）|(?<![A-Z\d])([AJQK])（\2）"),
          "a value written twice: 「3（3）」"),
    Check("parens_in_a_row", "counters", "wrong", _re(r"[）)][（(]"), "two brackets in a row: 「A（1）（110）」"),
    # spacing
    Check("space_after_kuten", "spacing", "style", _re(r"。[ \u3000]+\S"), "a space after 「。」 between sentences"),
    Check("halfwidth_after_mark", "spacing", "style", _re(r"[！？] +\S"),
          "a half-width space after 「！」/「？」 (a full-width one when a sentence follows)"),
    Check("no_space_after_mark", "spacing", "style", _sentence_follows,
          "no full-width space after 「！」/「？」 before the next sentence"),
    Check("space_at_punctuation", "spacing", "style", _re(r" [、。！？）」』]|[（「『] |、 "),
          "a space before a closing mark or after an opening one or 「、」"),
    Check("double_colon", "spacing", "style", _re(r"[：:][^、。：:（）()／・\n]*[：:]"),
          "two colons in one phrase: 「リード：あなた：0枚」"),
    Check("no_word_spaces", "spacing", "wrong", _re(r"[\u3040-\u30ff]{11,}", KIDS_REGISTERS),
          "eleven kana in a row with no space: the children's registers write 分かち書き (words apart)"),
    # punctuation
    Check("ascii_punctuation", "punctuation", "style", _re(rf"[{JP}][,:;!?()]|(?<! )[,:;!?()] ?[{JP}]"),
          "ASCII punctuation beside Japanese"),
    Check("doubled_marks", "punctuation", "style", _re(r"、、|。。|、。|。、|[！？]。|。[！？]"), "two marks in a row"),
    Check("kuten_in_quote", "punctuation", "style", _re(r"。」"), "「。」 before a closing 「」」"),
    Check("run_on", "punctuation", "unnatural", _re(r"(?:ます|ました|ません)、"), "ます clauses run on with 、"),
    # one word per thing
    Check("term_list", "words", "style", _terms, "a word of terms_ja's list"),
    Check("dotchi_in_everyday", "words", "style", _re("どっち", ["ja"]),
          "the everyday register says どちら (どっち is the children's)"),
    Check("dochira_in_kids", "words", "style", _re("どちら", KIDS_REGISTERS), "the children's registers say どっち"),
    # phrasing
    Check("again_more", "phrasing", "unnatural", _re(r"また 多く なった|また おおく なった"),
          "「いまは コンピューターが また 多く なったよ」: say who is ahead again"),
    Check("lead_with_counts", "phrasing", "unnatural", _re(r"リードして(?:いました|います)（"),
          "「リードしていました（0枚、52枚）」: a lead told with the final counts"),
    Check("nameless_score", "phrasing", "wrong",
          lambda t, r: bool(re.search(r"\d ?対 ?\d|\d(?:枚|まい) と \d", re.sub(r"\d+対\d+", "", t)
                                      if "配当" in t or "賭け" in t else t)),
          "a score without the players' names"),
    Check("zero_said", "phrasing", "wrong",
          _re(r"いま ?0(?:連勝|回 つづけて|かい つづけて)|(?<!\d)0(?:戦0勝|回 あそんで|かい あそんで)|、0(?:かい|回) "),
          "a streak or record of nothing said as a number"),
    Check("name_runs_into_number", "phrasing", "wrong",
          lambda t, r: bool(re.search(r"(?:プレイヤー|チーム)\d\d", t) or (
              re.search(r"コンピューター[1-3](?![\d枚まい])", t) and re.search(r"コンピューター\d\d", t))),
          "a numbered name runs into a number"),
    # register
    Check("english", "register", "wrong", _english, "an English word in Japanese"),
    Check("kanji_beyond_register", "register", "wrong", _kanji,
          "a kanji the register's reader has not learnt (children: first-term grade 1; first grade: none)"),
)


def visible(text: str) -> str:
    """What a person reads of an HTML value: tags dropped (a block or a cell ends a line)."""
    text = re.sub(r"<(?:/?(?:p|div|td|th|tr|li|table)|br)\b[^>]*>", "\n", text)
    return html.unescape(re.sub(r"<[^>]*>", "", text))


def defects(texts: Iterable[tuple[str, str]]) -> list[tuple[Check, str, str]]:
    """(check, register, line) for every defect of ``texts`` ((register, text) pairs); a text
    is read line by line (the cells of a table are not one phrase)."""
    found = []
    seen: set[tuple[str, str]] = set()
    for reg, raw in texts:
        for line in visible(str(raw)).split("\n"):
            line = line.strip()
            if not line or (reg, line) in seen:
                continue
            seen.add((reg, line))
            found += [(c, reg, line) for c in CHECKS if c.find(line, reg)]
    return found


def root_cause(line: str, check: str = "", reg: str = "ja") -> list[str]:
    """The causes of a flagged line: for a kanji beyond the register, each such kanji (one kanji
    written in kana fixes every line it is in); otherwise the line with its numbers, cards and
    names blanked (one template, one cause)."""
    if check == "kanji_beyond_register":
        allowed = allowed_kanji(reg) or frozenset()
        return sorted({c for c in line if kg.is_kanji(c) and c not in allowed})
    line = re.sub(r"(?:10|[2-9AJQK★]|ジョーカー)[♠♥♦♣]?(?:（\d+）)?", "#", line)
    line = re.sub(r"\d+", "#", line)
    line = re.sub(r"あなた|コンピューター#?|プレイヤー#?", "@", line)
    return [re.sub(r"(?:[#@][^、。！？（）]{0,3}?)+", "#", line)]


def summary(found: list[tuple[Check, str, str]]) -> dict[str, Counter[str]]:
    """Counts of flagged strings and root causes, per check, class and severity."""
    out: dict[str, Counter[str]] = {"strings": Counter(), "causes": Counter(), "severity": Counter(),
                                    "class": Counter()}
    causes: set[tuple[str, str, str]] = set()
    for check, reg, line in found:
        out["strings"][check.name] += 1
        for cause in root_cause(line, check.name, reg):
            key = (check.name, reg if check.name != "kanji_beyond_register" else "", cause)
            if key not in causes:
                causes.add(key)
                out["causes"][check.name] += 1
                out["severity"][check.severity] += 1
                out["class"][check.cls] += 1
    return out


# --- the corpus ------------------------------------------------------------------------------
FIELDS = dict(n=3, limit=40, m=2, s=5, name="あなた", others="コンピューター", code="classic-12", round=4,
              games=10, wins=6, losses=3, draws=1, current=2, best=4, value="3回", a="9", b="7",
              text="9のほうが大きい", right=3, asked=4, cards="9♠と7♥")


def _rule_sets() -> Iterator[Rules]:
    for preset in Rules.presets():
        yield Rules.preset(preset)
    yield Rules.preset("pagat").replace(players=3, war_players="tied")
    yield Rules.preset("pagat").replace(players=4, war_players="all")
    yield Rules.preset("three_down").replace(players=4, shortage="lose")
    yield Rules.preset("classic").replace(jokers=2)
    yield Rules.preset("classic").replace(rank_order="two_high")
    yield Rules.preset("classic").replace(rank_order="ace_low", capture="aside")
    yield Rules.preset("kids").replace(players=3)


def label_texts() -> Iterator[tuple[str, str]]:
    from war_widget.session.options import RULE_OPTIONS
    for reg in JA_REGISTERS:
        sample = dict(FIELDS)
        if reg != "ja":
            sample.update(counts=i18n.counts_text(["あなた", "コンピューター"], [26, 26], reg),
                          progress=i18n.label("round_n", reg, n=3), error=i18n.error_text("bogus", reg),
                value=i18n.value_text("times", 3, reg),
                text="9の ほうが 大きい" if reg == "ja_kids" else "9の ほうが おおきい")
        else:
            sample.update(counts=i18n.counts_text(["あなた", "コンピューター"], [26, 26], reg),
                          progress=i18n.label("round_n", reg, n=3), error=i18n.error_text("bogus", reg))
        for key in i18n.LABELS[reg]:
            for m in (0, 1, 3):
                yield reg, i18n.label(key, reg, **{**sample, "m": m})
        for name, values in RULE_OPTIONS.items():
            yield from ((reg, i18n.option_text(v, reg, name)) for v in values)
        yield from ((reg, i18n.preset_text(p, reg)) for p in [*Rules.presets(), None])
        for rules in _rule_sets():
            yield reg, i18n.describe_rules(rules, reg)
            if "tiebreak" in Rules.__dataclass_fields__ and not rules.school:
                yield reg, i18n.describe_rules(rules.replace(tiebreak="suits"), reg)
        from war_widget.game.engine import Termination
        yield from ((reg, i18n.reason_text(r, reg)) for r in Termination)
        names = ["あなた", "コンピューター1", "コンピューター2"]
        yield reg, i18n.counts_text(names, [16, 20, 16], reg)
        for record in ({"games": 0, "wins": 0, "draws": 0}, {"games": 5, "wins": 2, "draws": 1, "current_streak": 0,
                                                          "best_streak": 2},
                       {"games": 9, "wins": 6, "draws": 0, "current_streak": 3, "best_streak": 4}):
            yield reg, i18n.record_line(record, reg)
        for error in ("bogus", "unknown preset 'x'", "face_down must be 0-3", "not enough cards", "zzz"):
            yield reg, i18n.error_text(error, reg)


def _sessions() -> Iterator[object]:
    from war_widget.session.war import WarSession
    lang = "ja"
    for rules in _rule_sets():
        for aids in (False, True):
            for seed in (1, 2):
                yield WarSession(rules, seed=seed, lang=lang, aids=aids, records=None, recording=False,
                                 guess=rules.players == 2 and seed == 2)
    if "ja_kana" in i18n.REGISTERS:
        for rules in ("kids", "kids_aside", "classic", "number_lesson", "number_lesson_10"):
            for seed in (1, 2):
                yield WarSession(rules, seed=seed, lang="ja_kana", records=None, recording=False, guess=seed == 2)


def session_texts(rounds: int = 60) -> Iterator[tuple[str, str]]:
    """Games played through WarSession: every beat's sentence, the view's words, the questions,
    the rules line, the results panel (HTML and story) at the end and in the middle."""
    from war_widget.views.war.results import ResultsPanel
    for s in _sessions():
        reg = s.reg
        out: list[str] = [s.rules_line(), s.title]
        for n in range(rounds):
            if s.game.outcome is not None:
                break
            if s.guess.asking:
                q = s.guess.current()
                if q is not None:
                    out += [q.text, *q.buttons.values()]
                s.answer((">", "=", "<")[n % 3])
                out.append(getattr(s.guess, "feedback", "") or "")
            else:
                s.flip()
            v = s.view()
            out += [v.aid or "", v.banner or "", v.progress_text, s.notice]
            if n == 20:
                panel = ResultsPanel()
                panel.update(s, 0)
                out += [panel.value, panel.story]
        s.fast_forward()
        v = s.view()
        out += list(s.narration_log) + [v.banner or "", v.progress_text, s.notice]
        for you in (0, None):
            panel = ResultsPanel()
            panel.update(s, you)
            out += [panel.value, panel.story]
        yield from ((reg, t) for t in out if t)


def narration_texts(seeds: int = 3) -> Iterator[tuple[str, str]]:
    """Every beat of many games narrated with the names of every seat, aids on and off."""
    from war_widget.text.narration import narrate
    for rules in _rule_sets():
        names = i18n.player_names("cpu", rules.players, "ja")
        for seed in range(seeds):
            game = Game(rules.replace(round_limit=rules.round_limit or 300), seed)
            for event in iter(game.step, None):
                for reg in JA_REGISTERS:
                    for values in (False, True):
                        yield reg, narrate(event, reg, rules, names, values=values)


def story_texts() -> Iterator[tuple[str, str]]:
    from war_widget.views.war.results import story
    names = ["あなた", "コンピューター"]
    histories = [
        [(0, 0, (27, 25)), (0, 0, (28, 24)), (1, 1, (24, 28)), (0, 0, (25, 27)), (0, 0, (30, 22))],
        [(1, 0, (24, 28)), (1, 0, (20, 32)), (1, 0, (0, 52))],
        [(0, 0, (27, 25)), (1, 0, (26, 26))],
        [(0, 0, (27, 25)), (1, 2, (22, 30)), (0, 0, (26, 26))],
    ]
    for reg in JA_REGISTERS:
        for history in histories:
            for over in (True, False):
                yield reg, story(history, (26, 26), names, reg, over)


def steal_texts() -> Iterator[tuple[str, str]]:
    from war_widget.session.steal import StealSession
    from war_widget.text.steal import TEXT
    for v in TEXT["ja"].values():
        yield "ja", v.format(code="classic-3", card="9♥", victim="コンピューター", n=3, cards="K♠、5♦", error="")
    for seed in (5, 9):
        s = StealSession(seed=seed, lang="ja")
        for _ in range(300):
            if s.game.is_over:
                break
            legal = s.game.legal_actions() if s.game.to_act == 0 else []
            try:
                if legal and type(legal[0]).__name__ == "ChooseTop":
                    shown = s.choose_top()
                elif any(type(a).__name__ == "Steal" for a in legal):
                    shown = s.steal()
                else:
                    shown = s.flip()
            except ValueError:
                break
            for beat in getattr(shown, "beats", ()):
                yield "ja", getattr(beat, "sentence", "")
                for t in getattr(getattr(beat, "picture", None), "text", ()) or ():
                    yield "ja", getattr(t, "text", "")
        yield "ja", s.word("over")


def casino_texts() -> Iterator[tuple[str, str]]:
    from war_widget.text.casino import TEXT, casino_error, describe_hand
    from war_widget.variants.casino import CasinoWar
    for v in TEXT["ja"].values():
        yield "ja", v.format(n=5, net="+$5", bet=5, tie="", bankroll=5, hands=1, shoe="札6組", bonus="", seed="",
                             error="持ち金が足りません。")
    for seed, how in ((5, "war"), (6, "surrender")):
        for hand in CasinoWar(seed=seed, bankroll=10**6).play_hands(200, 10, how, tie_bet=10 if how == "war" else 0):
            yield "ja", describe_hand(hand, "ja")
    for e in ("a tie is pending: x", "no bet placed", "more than the bankroll", "anything else"):
        yield "ja", casino_error(e, "ja")


def corpus(quick: bool = False) -> list[tuple[str, str]]:
    """Every (register, text) the widgets can play."""
    parts = [label_texts(), story_texts(), steal_texts(), casino_texts(),
             narration_texts(1 if quick else 3), session_texts(30 if quick else 60)]
    return [(reg, t) for part in parts for reg, t in part if t]


def report(found: list[tuple[Check, str, str]]) -> str:
    s = summary(found)
    lines = ["check (class, severity): strings flagged / root causes"]
    for c in CHECKS:
        lines.append(f"  {c.name} ({c.cls}, {c.severity}): {s['strings'][c.name]} / {s['causes'][c.name]}")
    lines.append("root causes by severity: " + ", ".join(f"{k} {s['severity'][k]}" for k in
                                                        ("wrong", "unnatural", "style")))
    lines.append("root causes by class: " + ", ".join(f"{k} {v}" for k, v in sorted(s["class"].items())))
    lines.append(f"total: {sum(s['strings'].values())} strings, {sum(s['causes'].values())} root causes")
    return "\n".join(lines)


if __name__ == "__main__":
    texts = corpus()
    found = defects(texts)
    print(f"{len(texts)} texts, {len({t for _, t in texts})} distinct")
    print(report(found))
    if "-v" in sys.argv:
        shown: set[tuple[str, str]] = set()
        for check, reg, line in found:
            key = (check.name, tuple(root_cause(line, check.name, reg)))
            if key not in shown:
                shown.add(key)
                print(f"[{check.name}] {reg}: {line}")
