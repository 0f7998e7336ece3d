"""Japanese everywhere a person looks, and the children's register (issue 10).

Every widget (War, Steal War, Casino War) is walked in ``lang="ja"`` through its controls,
options, notices, narration beats, results and errors; every text a person can see (button
words and tooltips, picker options, HTML and labels, the canvas, the chart) must hold no English
word (ASCII letters other than the card ranks A K Q J and game numbers such as
``classic-12345``), no space between a number and its counter, Japanese punctuation next to
Japanese text, and no ます clauses run on with 、.  In the children's register (kids presets, or
the teaching aids on) no kanji beyond the second school grade may appear.
"""
from __future__ import annotations

import html
import re

import ipywidgets as widgets
import plotly.graph_objects as go
import pytest

from war_widget import Game, Rules
from war_widget.game.engine import Termination
from war_widget.session.history import where_line
from war_widget.session.options import LENGTHS, OPPONENTS, RULE_OPTIONS
from war_widget.session.view import compare_text
from war_widget.text.casino import TEXT as CASINO_TEXT
from war_widget.text.casino import casino_error, describe_hand
from war_widget.text.i18n import (
    LABELS,
    describe_rules,
    error_text,
    label,
    option_text,
    preset_text,
    reason_text,
    register,
)
from war_widget.text.i18n_ja import KIDS
from war_widget.text.kanji_grades import GRADE1, GRADE2, beyond_register
from war_widget.text.narration import narrate
from war_widget.text.steal import TEXT as STEAL_TEXT
from war_widget.text.terms_ja import term_problems
from war_widget.variants.casino import CasinoWar
from war_widget.views.casino import CasinoWarWidget
from war_widget.views.steal import StealWarWidget
from war_widget.views.war import WarWidget
from war_widget.views.war.results import story

# --- the checks ------------------------------------------------------------------------------
GAME_NUMBER = re.compile(r"\b[a-z_]+(?:\+[a-z_]+=[A-Za-z0-9_/]+)*-\d+\b")
RANKS = {"A", "K", "Q", "J"}
COUNTERS = "枚|まい|人|回|ラウンド|分|秒|勝|敗|戦|連勝|組|時間"
SPACED_COUNTER = re.compile(rf"\d[ \u3000\xa0]+(?:{COUNTERS})")
JP = r"\u3040-\u30ff\u4e00-\u9fff"
ASCII_PUNCT = re.compile(rf"[{JP}][,:;!?()]|[,:;!?()] ?[{JP}]")
RUN_ON = re.compile(r"(?:ます|ました|ません)、")
# "コンピューター1" and "16枚" run together as "コンピューター116枚" (プレイヤー is always numbered; a
# plain コンピューター exists in two-player games, so it counts only where numbered ones appear)
NAME_RUNS_INTO_NUMBER = re.compile(r"(?:プレイヤー|チーム)\d[ \u3000]?\d")
NUMBERED_COMPUTER = re.compile(r"コンピューター[1-3](?![\d枚まい])")
COMPUTER_RUNS_INTO_NUMBER = re.compile(r"コンピューター\d[ \u3000]?\d")
# issue 18: a streak or a record of nothing said as a number, scores without the players' names,
# two colons in one phrase, a game number read aloud inside a sentence
ZERO_STREAK = re.compile(r"いま ?0(?:連勝|回 つづけて)")
ZERO_RECORD = re.compile(r"(?<!\d)0(?:戦0勝|回 あそんで)")
NAMELESS_SCORE = re.compile(r"\d ?対 ?\d|\d(?:枚|まい) と \d")
DOUBLE_COLON = re.compile(r"[：:][^、。：:（）()／・\n]*[：:]")


def visible(text: str) -> str:
    """What a person reads of an HTML value: tags dropped (a block, a cell or a line break ends a
    line: the phrases of a table are not one phrase), entities decoded."""
    text = re.sub(r"<(?:/?(?:p|div|td|th|tr|li|table)|br)\b[^>]*>", "\n", text)
    return html.unescape(re.sub(r"<[^>]*>", " ", text))


def problems(texts, kids: bool = False) -> list[str]:
    """Everything wrong with ``texts`` as Japanese (an empty list when all is well)."""
    found = []
    for raw in texts:
        if not raw:
            continue
        text = visible(str(raw))
        if text == "日本語":   # the language picker names each language in its own language
            continue
        english = [w for w in re.findall(r"[A-Za-z]+", GAME_NUMBER.sub(" ", text)) if w not in RANKS]
        if english:
            found.append(f"English {english}: {text!r}")
        if SPACED_COUNTER.search(text):
            found.append(f"spaced counter: {text!r}")
        if ASCII_PUNCT.search(text):
            found.append(f"ASCII punctuation in Japanese: {text!r}")
        if RUN_ON.search(text):
            found.append(f"run-on ます clauses: {text!r}")
        if NAME_RUNS_INTO_NUMBER.search(text) or (NUMBERED_COMPUTER.search(text)
                                                  and COMPUTER_RUNS_INTO_NUMBER.search(text)):
            found.append(f"a numbered name runs into a number: {text!r}")
        if kids and beyond_register(text, "ja_kids"):   # the children's register keeps to grade 1
            found.append(f"kanji beyond the children's register {beyond_register(text, 'ja_kids')}: {text!r}")
        found += [f"{slip}: {text!r}" for slip in term_problems(text, "ja_kids" if kids else "ja")]
        if ZERO_STREAK.search(text) or ZERO_RECORD.search(text):
            found.append(f"a streak or record of zero said as a number: {text!r}")
        if NAMELESS_SCORE.search(re.sub(r"配当は?\d+対\d+", "", text)):  # odds (配当10対1) are not a score
            found.append(f"a score without the players' names: {text!r}")
        if DOUBLE_COLON.search(text):
            found.append(f"two colons in one phrase: {text!r}")
        if GAME_NUMBER.search(text) and "。" in text:
            found.append(f"a game number read aloud inside a sentence: {text!r}")
    return found


def test_the_checks_catch_what_they_should():
    assert problems(["その番号は再現できません: unknown preset 'bogus'"])            # English, ASCII colon
    assert problems(["40 ラウンド"]) and problems(["1 枚ずつ"])                       # spaced counters
    assert problems(["めくります、取ります。"])                                        # run-on
    assert problems(["コンピューター1が取ります（あなた19枚、コンピューター116枚）"])   # コンピューター1, 16枚
    assert not problems(["コンピューター1が取ります（あなた：19枚、コンピューター1：16枚）"])
    assert not problems(["コンピューターが取ります（あなた26枚、コンピューター26枚）"])
    assert problems(["戦争で勝った"], kids=True) and not problems(["戦争で勝った"])    # grade 3+ kanji
    assert not problems(["新しいゲームの札を配りました。あなた26枚、コンピューター26枚。", "classic-12345"])
    assert not problems(["あなたの K（13）は J（11）より つよい！ あなたの かち。"], kids=True)
    assert len(GRADE1) == 80 and len(GRADE2) == 160 and not GRADE1 & GRADE2
    # issue 18's defect classes
    assert problems(["JOKERと K、どっちが 大きい？"]) and problems(["Red Jokerとジョーカー"])
    assert problems(["引き分けにも賭ける（10倍）"]) and problems(["先に答えてください。＞、＝、＜のどれかを押します。"])
    assert problems(["10戦6勝3敗1分け・いま0連勝（最高4連勝）"]) and problems(["0戦0勝0敗0分け"])
    assert problems(["40ラウンドで終わりました（ラウンドの上限で打ち切り）。8対2対42対0で、あなたの勝ちです。"])
    assert problems(["いちばん大きなリード：あなた：3枚"])
    assert problems(["局番号を入れてください"]) and problems(["手札の山の下へ"]) and problems(["山札"])
    assert problems(["強い カードから もどす"], kids=True) and not problems(["強い札から戻す"])
    assert problems(["いちばん 多く リードした まい数"], kids=True) and problems(["かちまけの ファイル"], kids=True)
    assert problems(["その ルールの くみあわせでは あそべないよ。"], kids=True)
    assert problems(["ゲーム番号「classic-12」の札を配りました。"]) and not problems(["classic+jokers=2-12"])


# --- what a widget shows ---------------------------------------------------------------------
def widget_texts(root) -> list[str]:
    """Every word a person can see or hear in a widget tree: descriptions, tooltips, picker
    options, HTML and labels, accordion titles, chart titles and legend."""
    out: list[str] = []
    seen: set[int] = set()

    def walk(x) -> None:
        if id(x) in seen:
            return
        seen.add(id(x))
        for attr in ("description", "tooltip", "placeholder"):
            value = getattr(x, attr, None)
            if isinstance(value, str):
                out.append(value)
        if isinstance(x, (widgets.HTML, widgets.Label, widgets.HTMLMath)):
            out.append(x.value)
        if isinstance(x, (widgets.Dropdown, widgets.ToggleButtons, widgets.Select, widgets.RadioButtons)):
            # a language picker names each language in its own language ("English", "日本語")
            out.extend(str(t) for t in x._options_labels if t != "English" or "日本語" not in x._options_labels)
            out.extend(getattr(x, "tooltips", ()) or ())
        if isinstance(x, (widgets.Accordion, widgets.Tab)):
            out.extend(t for t in x.titles if t)
        if isinstance(x, go.FigureWidget):
            out.extend([x.layout.title.text or "", x.layout.xaxis.title.text or "", x.layout.yaxis.title.text or ""])
            out.extend(t.name or "" for t in x.data)
        for child in getattr(x, "children", ()):
            walk(child)

    walk(root)
    return out


def war_canvas_texts(w: WarWidget) -> list[str]:
    """The words the War table component shows: its buttons and labels (``setup``), the settings
    panel, the results, and what the canvas draws of the last beat (names, banner, aid,
    progress) and its accessible name (card faces print ranks and suits: not words)."""
    beat = w.beats[-1]
    view = beat["view"]
    words = [v for k, v in w.setup["words"].items()]
    panel = [t for row in w.settings for t in [row["label"], *row.get("options", [])]
             if t not in ("English",)]
    question = beat.get("question") or {}
    return (words + panel + [w.setup["rules_line"], beat["label"], beat["round_text"], beat["say"]]
            + list(w.setup["names"]) + [t for t in (view["banner"], view["aid"]) if t]
            + [question.get("text", ""), *question.get("buttons", {}).values()])


class Seen(list):
    """Texts seen during a walk, each with the register the widget was in when it was seen."""

    def kids(self) -> list[str]:
        return [t for t, reg in self if reg == "ja_kids"]

    def all(self) -> list[str]:
        return [t for t, _ in self]


def war_texts(w: WarWidget) -> list[tuple[str, str]]:
    texts = (war_canvas_texts(w) + list(w.narration_log) + [w.results, w.results_view.story, w.notice])
    return [(t, w.session.reg) for t in texts]


# --- War ----------------------------------------------------------------------------------
def walk_war(tmp_path, kids_rules: str | None, aids: bool | None) -> tuple[Seen, WarWidget]:
    """Drive a Japanese WarWidget through every control, option, notice and ending."""
    texts = Seen()
    rec = tmp_path / "records.json"
    w = WarWidget(rules=kids_rules or "classic", seed=11, lang="ja", records=rec, aids=aids)
    texts += war_texts(w)
    for _ in range(6):
        w.flip()
    while w.step() is not None and w.game.round_number < 9:
        texts += war_texts(w)
    texts += war_texts(w)
    w.autoplay(True)                   # no event loop here: the notice says so in Japanese
    texts += war_texts(w)
    w.fast_forward()
    texts += war_texts(w)
    w.flip()                           # the game is over
    texts += war_texts(w)
    for name, values in RULE_OPTIONS.items():
        for value in values:
            w.set_option(name, value)
            for _ in range(3):
                w.flip()
            texts += war_texts(w)
        w.set_rules(kids_rules or "classic")
    w.set_option("face_down", 9)       # a value the engine refuses: a Japanese notice
    texts += war_texts(w)
    for preset in Rules.presets():
        w.set_rules(preset)
        w.fast_forward()
        texts += war_texts(w)
    for length in LENGTHS:
        w.set_length(length)
        w.flip()
        texts += war_texts(w)
    for opponent in OPPONENTS:
        w.set_opponent(opponent)
        w.press(0)
        texts += war_texts(w)
        w.fast_forward()
        texts += war_texts(w)
    w.set_opponent("easy")
    for bad in ("bogus", "nosuch-12", "classic-999999999999999999999", "classic+nosuch=1-3",
                "classic+face_down=9-3", ""):
        assert not w.replay(bad)
        texts += war_texts(w)
    assert w.replay("classic+players=4-5")  # a game number of another length and player count
    w.fast_forward()
    texts += war_texts(w)
    w.set_aids(not w.aids)
    w.new_game()
    w.flip()
    texts += war_texts(w)
    w.reset_records()
    texts += war_texts(w)
    w.set_records(False)
    texts += war_texts(w)
    return texts, w


def test_war_widget_in_japanese_everywhere(tmp_path):
    texts, _ = walk_war(tmp_path, None, False)
    assert any("戦争" in t for t in texts.all())
    assert problems(texts.all()) == []


@pytest.mark.parametrize("rules", ["kids", "kids_aside"])
def test_the_kids_presets_speak_the_childrens_register(rules):
    texts = Seen()
    for seed in (3, 4):
        w = WarWidget(rules=rules, seed=seed, lang="ja", records=False)
        assert w.session.reg == "ja_kids"
        for _ in range(5):
            w.flip()
        while w.step() is not None and w.game.round_number < 8:
            texts += war_texts(w)
        w.fast_forward()
        texts += war_texts(w)
    assert "かち" in " ".join(texts.kids()) and len(texts.kids()) == len(texts)
    assert problems(texts.all(), kids=True) == []


@pytest.mark.parametrize("rules, aids", [(None, True)])
def test_war_widget_children_register(tmp_path, rules, aids):
    """The teaching aids on in Japanese: every control, option, notice and beat for children."""
    w = WarWidget(rules=rules or "classic", seed=3, lang="ja", records=False, aids=aids)
    assert w.session.reg == "ja_kids"
    texts, w = walk_war(tmp_path, rules, aids)
    # the kids walk ends with the aids toggled: switch back to the children's register and look again
    w.set_aids(True)
    w.set_rules(rules or "classic")
    for _ in range(30):
        w.flip()
    texts += war_texts(w)
    kids = texts.kids()
    assert "もういっしょうぶ" in " ".join(kids) and "かち" in " ".join(kids)
    assert problems(texts.all()) == [] and problems(kids, kids=True) == []


def test_the_lesson_features_in_japanese():
    """Which is bigger? (right and wrong answers, a war asked again), Back, and jumping to a round."""
    texts = Seen()
    for aids in (False, True):
        w = WarWidget(game=Game.from_hands("classic", [["9S", "KS", "2S", "QS"], ["7H", "5H", "9H", "QH"]]),
                      lang="ja", records=False, guess=True, aids=aids)
        w.flip()
        texts += war_texts(w)
        w.flip()                                     # the question is waiting: said so
        texts += war_texts(w)
        w.answer("<")                                # wrong
        texts += war_texts(w)
        w.answer(">")
        for symbol in ("<", ">", "=", ">", "=", "<", ">"):
            w.answer(symbol)
            w.flip()
            texts += war_texts(w)
        w.back()
        texts += war_texts(w)
        w.goto_round(0)
        texts += war_texts(w)
        w.back()                                     # nothing before the deal
        texts += war_texts(w)
        w.goto_round(1)
        texts += war_texts(w)
    assert problems(texts.all()) == [] and problems(texts.kids(), kids=True) == []


def test_two_players_on_one_device_and_watching(tmp_path):
    texts = Seen()
    for mode in ("two_player", "watch"):
        w = WarWidget(seed=8, lang="ja", mode=mode, records=False)
        w.press(0)
        texts += war_texts(w)
        w.fast_forward()
        texts += war_texts(w)
        assert "あなたの戦績" not in w.results and "あなた" not in w.results
    assert problems(texts.all()) == []


def test_japanese_notices_for_the_records_file_and_a_saved_game(tmp_path):
    texts = Seen()
    broken = tmp_path / "rec.json"
    broken.write_text("{not json", encoding="utf-8")
    w = WarWidget(seed=1, lang="ja", records=broken)
    assert w.notice
    texts += war_texts(w)
    blocked = tmp_path / "a_file"
    blocked.write_text("x", encoding="utf-8")
    w = WarWidget(seed=1, lang="ja", records=blocked / "rec.json")
    w.flip()                                          # saving the game fails: recording stops, said in Japanese
    assert "戦績" in w.notice and not w.session.recording
    texts += war_texts(w)
    rec = tmp_path / "ok.json"
    a = WarWidget(seed=2, lang="ja", records=rec)
    for _ in range(4):
        a.flip()
    b = WarWidget(lang="ja", records=rec)
    assert "続きから" in b.notice
    texts += war_texts(b)
    assert b.resume()
    texts += war_texts(b)
    assert problems(texts.all()) == []


def test_the_time_limit_and_a_repeating_game_in_japanese():
    now = [0.0]
    w = WarWidget(seed=4, lang="ja", records=False, time_limit=60, clock=lambda: now[0])
    w.flip()
    texts = Seen(war_texts(w))
    assert "残り" in w.beats[-1]["round_text"]
    for _ in range(30):
        now[0] += 2
        w.session.keep_time(2.0)                   # the page's clock messages (none under 2 s)
    assert w.game.outcome is not None and w.game.outcome.reason is Termination.TIME
    texts += war_texts(w)
    cycle = WarWidget(lang="ja", records=False, game=Game.from_hands("bicycle", [["5S", "2S"], ["3H", "4H"]]))
    cycle.fast_forward()
    assert cycle.game.outcome is not None and cycle.game.outcome.reason is Termination.CYCLE
    texts += war_texts(cycle)
    assert problems(texts.all()) == []


# --- every beat and ending, both registers --------------------------------------------------
def _rule_sets():
    for preset in Rules.presets():
        yield Rules.preset(preset)
    yield Rules.preset("pagat").replace(players=3, war_players="tied")
    yield Rules.preset("pagat").replace(players=4, war_players="all")
    yield Rules.preset("three_down").replace(players=4, shortage="lose")
    yield Rules.preset("classic").replace(jokers=2)
    yield Rules.preset("classic").replace(rank_order="two_high")
    yield Rules.preset("classic").replace(rank_order="ace_low", capture="aside")


def test_every_beat_and_ending_in_both_registers():
    kinds, reasons, texts, kid_texts = set(), set(), [], []
    for rules in _rule_sets():
        for seed in range(4):
            game = Game(rules.replace(round_limit=rules.round_limit or 400), seed)
            names = [label("you", "ja")] + [label("cpu_n", "ja", n=p) for p in range(1, rules.players)]
            for event in iter(game.step, None):
                kinds.add(event.kind)
                texts.append(narrate(event, "ja", rules, names, values=True))
                kid_texts.append(narrate(event, "ja", rules, names, values=True, kids=True))
            assert game.outcome is not None
            reasons.add(game.outcome.reason)
    assert {"flip", "compare", "war", "face_down", "collect", "shuffle", "out", "game_over"} <= kinds
    for game in (Game.from_hands("classic", [["9S"], ["9H"]]), Game.from_hands("tod_und_leben", [["9S"], ["9H"]])):
        for event in iter(game.step, None):
            kinds.add(event.kind)
            texts.append(narrate(event, "ja", game.rules))
            kid_texts.append(narrate(event, "ja_kids", game.rules))
    assert "return" in kinds
    for reason in Termination:
        texts.append(reason_text(reason, "ja"))
        kid_texts.append(reason_text(reason, "ja_kids"))
    assert problems(texts) == []
    assert problems(kid_texts, kids=True) == []


def test_every_label_option_preset_and_rule_line_in_both_registers():
    fields = dict(n=3, limit=40, m=2, s=5, name="あなた", others="コンピューター", code="classic-12", round=4,
                  games=10, wins=6, losses=3, draws=1, current=2, best=4, error="番号を確かめてください。",
                  counts="あなた26枚、コンピューター26枚", value="3回", a="9♠", b="7♥", text="9 > 7", right=3,
                  asked=4, progress="3ラウンド目", cards="9♠と7♥")
    texts = [label(k, "ja", **fields) for k in LABELS["ja"]]
    fields.update(error="ばんごうを たしかめてね。", counts="あなた 26まい、コンピューター 26まい", value="3かい",
                  progress="3かいめ")
    kid = [label(k, "ja_kids", **fields) for k in LABELS["ja_kids"]]
    for reg, out in (("ja", texts), ("ja_kids", kid)):
        for name, values in RULE_OPTIONS.items():
            out += [option_text(v, reg, name) for v in values]
        out += [preset_text(p, reg) for p in Rules.presets()] + [preset_text(None, reg)]
        for rules in _rule_sets():
            out.append(describe_rules(rules, reg))
        out.append(describe_rules(Rules.preset("three_down").replace(tiebreak="suits"), reg)
                   if "tiebreak" in Rules.__dataclass_fields__ else "")
    assert option_text(1, "ja", "face_down") == "1枚" and option_text(3, "ja", "players") == "3人"
    assert preset_text("kids", "ja") == "こども（伏せ札なし）" and preset_text(None, "ja") == "自分で決める"
    assert problems(texts) == []
    assert problems(kid, kids=True) == []
    assert set(KIDS) <= set(LABELS["ja"])  # every children's word replaces an everyday one


@pytest.mark.parametrize("make", [
    lambda: Rules.preset("nosuch"), lambda: Rules().replace(players=9), lambda: Rules().replace(nosuch=1),
    lambda: Rules().replace(teams=True), lambda: Rules().replace(face_down=7), lambda: Game.from_code("bogus"),
    lambda: Game.from_code("classic-99999999999999999999"), lambda: Game.from_json("{}"),
    lambda: Game.from_code(" classic-3"), lambda: Game.from_code("classic+face_down=1+face_down=2-3"),
    lambda: Game.from_code("classic+gather=" + "x" * 50 + "-3"),
])
def test_error_kinds_are_said_in_japanese(make):
    with pytest.raises(ValueError) as info:
        make()
    said, kid = error_text(info.value, "ja"), error_text(info.value, "ja_kids")
    assert problems([said]) == [] and problems([kid], kids=True) == []
    assert said != "入力を確かめてください。"  # every kind here has its own sentence
    assert error_text(info.value, "en") == str(info.value)


def test_the_story_speaks_a_childs_language():
    history = [(0, 0, (27, 25)), (0, 0, (28, 24)), (1, 1, (24, 28)), (0, 0, (25, 27)), (0, 0, (30, 22)),
               (0, 0, (31, 21))]
    kids = story(history, (26, 26), ["あなた", "コンピューター"], "ja_kids")
    assert kids == ("あなたは 1かいめから 2かいめまで おおく もって いたよ。"
                    "3かいめの もういっしょうぶで コンピューターが おいこしたよ。"
                    "さいごは また あなたが おおく もって いたよ（あなた 31まい、コンピューター 21まい）。")
    assert problems([kids], kids=True) == []
    assert register("ja", kids=True) == "ja_kids" and register("en", kids=True) == "en"


# --- Casino War ----------------------------------------------------------------------------
def casino_texts(w: CasinoWarWidget) -> list[str]:
    """Every word the Casino War component shows: its buttons and chart (setup), the rules and
    bet lines, the sentence, every word drawn on the table, and the narration."""
    words = [v.replace("{n}", "5") for v in w.setup["words"].values()]
    return words + [w.rules, w.bet_line, w.status] + [t["text"] for t in w.table["text"]] + list(w.narration)


def test_casino_war_widget_in_japanese():
    shoe = ["7", "7", "2", "3", "4", "9", "5",      # a tie, then war: burns, 9 vs 5
            "8", "8",                               # a tie, surrender
            "K", "2", "2", "K", "Q", "Q", "4", "5", "6", "Q", "Q"]
    w = CasinoWarWidget(session=CasinoWar.from_shoe(shoe, bankroll=100), lang="ja")
    texts = casino_texts(w)
    w._guard(w.war)                                  # no tie pending: explained in Japanese
    texts += casino_texts(w)
    w.click("deal")                                 # no bet yet
    texts += casino_texts(w)
    w.chip(10)
    texts += casino_texts(w)
    w.click("tie", on=True)
    w.deal()
    texts += casino_texts(w)
    w.click("tie", on=False)                        # a tie is pending: refused, in Japanese
    texts += casino_texts(w)
    w.war()
    texts += casino_texts(w)
    w.deal()
    w.surrender()
    texts += casino_texts(w)
    w.deal()
    texts += casino_texts(w)
    w.deal()
    texts += casino_texts(w)
    w.clear_bet()
    w.chip(100)
    w._guard(w.chip, 100)                            # more than the bankroll
    texts += casino_texts(w)
    w.new_session(seed=3)
    texts += casino_texts(w)
    assert "配る" == w.setup["words"]["deal"] and "ディーラー" in " ".join(texts)
    assert problems(texts) == []
    assert not any("Not now" in t for t in texts)


def test_casino_cards_show_a_suit_and_each_hand_its_words():
    w = CasinoWarWidget(session=CasinoWar.from_shoe(["7", "7", "2", "3", "4", "9", "5"], bankroll=100), lang="ja")
    w.chip(10)
    w.deal()
    w.war()
    suits = {c["code"][-1] for c in w.table["cards"]}
    assert len(w.table["cards"]) == 4 and suits == set("SHDC")    # four face-up cards, four suits
    session = CasinoWar(seed=5, bankroll=10**6)
    said = [describe_hand(h, "ja") for h in session.play_hands(300, 10, "war", tie_bet=10)]
    said += [describe_hand(h, "ja") for h in CasinoWar(seed=6, bankroll=10**6).play_hands(300, 10, "surrender")]
    said += [casino_error(e, "ja") for e in ("a tie is pending: x", "no bet placed", "anything else")]
    said += [v.format(n=5, net="+$5", bet=5, tie="", bankroll=5, hands=1, shoe="札6組", bonus="", seed="",
                      error="持ち金が足りません。") for v in CASINO_TEXT["ja"].values()]
    assert problems(said) == []


# --- Steal War ---------------------------------------------------------------------------------
def steal_texts(w: StealWarWidget) -> list[str]:
    """Every word the Steal War component shows: buttons and options (setup, controls), the
    rules, every word drawn on the table in each beat sent, and the narration."""
    words = list(w.setup["words"].values()) + [w.controls["flip_word"], w.rules]
    words += [t["name"] for t in w.controls["tops"]]
    drawn = [t["text"] for b in w.beats for t in b["picture"]["text"]] + [b["sentence"] for b in w.beats]
    return words + drawn + list(w.narration)


def test_steal_war_widget_in_japanese():
    w = StealWarWidget(seed=5, lang="ja")
    texts = steal_texts(w)
    w._guard(w.steal)                                # not allowed now
    w._guard(w.choose_top, "KS")
    texts += steal_texts(w)
    w.step()
    texts += steal_texts(w)
    for _ in range(400):
        if w.game.is_over:
            break
        legal = w.game.legal_actions() if w.game.to_act == 0 else []
        if legal and type(legal[0]).__name__ == "ChooseTop":
            w.choose_top()
        elif any(type(a).__name__ == "Steal" for a in legal):
            w.steal()
        else:
            w.flip()
        texts += steal_texts(w)
    w.flip()
    texts += steal_texts(w)
    for opponent in ("always", "never"):
        w.set_opponent(opponent)
        w.new_game(seed=9)
        for _ in range(20):
            w._guard(w.flip)
        texts += steal_texts(w)
    texts += [v.format(code="classic-3", card="9♥", victim="コンピューター", n=3, cards="K♠、5♦", error="")
              for v in STEAL_TEXT["ja"].values()]
    assert any("奪" in t for t in texts)
    assert problems(texts) == []


def test_the_teaching_aid_names_a_joker_by_its_star():
    from war_widget import Card
    joker, king = Card.parse("RJ"), Card.parse("KS")
    aid = compare_text([(0, joker), (1, king)], 0, (), label("war_bang", "ja_kids"))
    tie = compare_text([(0, joker), (1, Card.parse("BJ"))], None, (0, 1), label("war_bang", "ja_kids"))
    assert aid == "★ > K" and tie == "★ = ★  もういっしょうぶ！"
    assert problems([aid, tie], kids=True) == []


# --- issue 18: the term list, a language switch, the register of a notice ---------------------
def test_one_name_for_each_thing():
    """The term list (war_widget/text/terms_ja.py) over every label of both registers, and the
    game lengths named in the unit their progress bar counts in."""
    assert label("len_50", "ja") == "50ラウンド" and label("rounds_of", "ja", n=3, limit=50).endswith("50ラウンド")
    assert label("len_50", "ja_kids") == "50かい" and label("rounds_of", "ja_kids", n=3, limit=50).endswith("50かい")
    for reg in ("ja", "ja_kids"):
        slips = [(k, term_problems(v, reg)) for k, v in LABELS[reg].items() if term_problems(v, reg)]
        assert slips == []


def _japanese_lines(lines: list[str]) -> list[str]:
    return [line for line in lines if not problems([line])]


@pytest.mark.parametrize("rules", ["classic", "kids"])
def test_switching_to_japanese_leaves_no_english_unmarked(rules):
    """English narration before a switch to 日本語 stays, but a line marks where Japanese starts,
    and everything after it is Japanese (the children's register in a kids game)."""
    w = WarWidget(rules=rules, seed=5, lang="en", records=False)
    for _ in range(3):
        w.flip()
    english = len(w.narration_log)
    w.set_lang("ja")
    w.flip()
    w.step()
    log = w.narration_log
    marker = label("lang_switched", w.session.reg)
    assert marker in log and log.index(marker) == english
    after = log[log.index(marker) + 1:]
    assert after and problems(after, kids=w.session.reg == "ja_kids") == []
    assert marker in [b["say"] for b in w.beats] or marker in log   # the browser's log shows it too
    w.set_lang("ja")                                  # the same language again: no second mark
    assert log.count(marker) == 1
    w.set_lang("en")
    assert w.narration_log[-2] == label("lang_switched", "en")
    assert w.narration_log[-1] == where_line("now", w.session.game, w.session.names, "en")  # where it is, in English
    assert w.narration_log[-1].startswith("Now in round 5: ")             # (a step into round 5)


def test_a_kids_widget_says_its_records_problems_in_childrens_words(tmp_path):
    broken = tmp_path / "rec.json"
    broken.write_text("{not json", encoding="utf-8")
    w = WarWidget(rules="kids", seed=1, lang="ja", records=broken)
    assert w.session.reg == "ja_kids" and w.notice
    assert problems([w.notice], kids=True) == []
    blocked = tmp_path / "a_file"
    blocked.write_text("x", encoding="utf-8")
    w = WarWidget(rules="kids", seed=1, lang="ja", records=blocked / "sub" / "rec.json")
    w.flip()
    assert w.notice and problems([w.notice], kids=True) == []


@pytest.mark.parametrize("mode", [True, "number", "to10"])
def test_the_questions_in_japanese_in_every_mode(mode):
    """The comparison lesson's questions, answers and buttons, in both registers, under rank orders
    that are not number order and with jokers: no JOKER, no made-up value such as 2（15）."""
    texts = Seen()
    for rules in (Rules.preset("kids"), Rules.preset("classic").replace(rank_order="two_high"),
                  Rules.preset("classic").replace(jokers=2), Rules.preset("pjanitsa")):
        for aids in (False, True):
            w = WarWidget(game=Game(rules, 21), lang="ja", records=False, guess=mode, aids=aids)
            for n in range(12):
                w.flip()
                q = w.beats[-1]["question"] or {}     # the answer buttons' words (war_texts has them too)
                texts += war_texts(w) + [(t, w.session.reg) for t in q.get("buttons", {}).values()]
                if w.session.guess.asking:
                    w.answer(("<", ">", "=")[n % 3])
                    texts += war_texts(w)
    assert any("大きい" in t or "強い" in t or "つよい" in t for t in texts.all())
    assert problems(texts.all()) == [] and problems(texts.kids(), kids=True) == []
    assert not [t for t in texts.all() if re.search(r"[（(]1[45][）)]", t)]


# --- the school variants (issue 18) -------------------------------------------------------------
def test_the_school_variants_in_japanese():
    """Addition, subtraction, multiplication and place value in both registers: every sentence, the
    aid ("7 + 5 > 3 + 6  →  12 > 9", half-width signs as the term list says), the guess about the
    two values with its buttons and answers, the rules line and the presets' names; and under a
    teacher's name (かずくらべ) the same checks with the tie said もう一勝負."""
    from war_widget.game.rules import SCHOOL_PRESETS
    from war_widget.session.war import WarSession
    from war_widget.text.naming import WAR_WORDS

    seen, named = Seen(), []
    for preset in SCHOOL_PRESETS:
        for rules in (Rules.preset(preset), Rules.preset(preset).replace(players=3, round_limit=12)):
            for aids in (False, True):
                for name in (None, "かずくらべ"):
                    s = WarSession(rules, seed=7, lang="ja", aids=aids, guess=rules.players == 2, records=None,
                                   recording=False, name=name)
                    out = []
                    for n in range(40):
                        if s.guess.asking:
                            q = s.guess.current()
                            out += [q.text, *q.buttons.values()]
                            s.answer((">", "=", "<")[n % 3])
                            out.append(s.guess.feedback)
                        else:
                            s.flip()
                        v = s.view()
                        out += [v.aid, v.banner, v.progress_text, s.notice]
                    s.fast_forward()
                    out += list(s.narration_log) + [s.rules_line(), preset_text(preset, s.reg), s.title]
                    if name is None:
                        seen += [(t, s.reg) for t in out if t]
                    else:
                        named += [t for t in out if t]
                        assert [t for t in out if t and WAR_WORDS.search(t)] == []
                        assert [p for t in out if t for p in term_problems(t, s.reg, named=True)] == []
    texts = seen.all()
    assert all(any(sign in t for t in texts) for sign in (" + ", " − ", " × "))
    assert any("もういっしょうぶ" in t for t in seen.kids()) and any("もう一勝負" in t for t in named)
    assert problems(texts) == [] and problems(seen.kids(), kids=True) == []
    assert not any("＋" in t or "＝" in t or "＞" in t for t in texts + named)   # one width on one screen
