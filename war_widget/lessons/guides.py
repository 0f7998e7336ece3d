"""The teacher's guides: two lessons a teacher can run tomorrow, in English and in Japanese.

``compare``: "Which is bigger?" (notebook 05 / 05_ja), comparing numbers with cards, A = 1 and
the pictures 11-13, written with > = <.  ``play``: the class use of ``01_play_ja``, playing War on
the classroom page and with real cards, counting and comparing while playing.

Each guide has the same parts: the aim (めあて), who it is for (grade, age, and the curriculum:
学習指導要領 算数 grade 1 numbers to 20, grade 2 > < and numbers to 1000; Common Core K.CC.C.6,
K.CC.C.7, 1.NBT.B.3), what to prepare, a 45-minute timing (導入・展開・まとめ) whose minutes add up
to 45, the questions to ask (発問) each with its thinking time before any answer is shown, the pair
work with real cards, the record sheet, the reflection and the assessment.  ``guide_html`` and
``guide_markdown`` render one guide; the children never see it (the classroom page has no
teacher notes).
"""
from __future__ import annotations

import html
from dataclasses import dataclass

from ..text.i18n import check_lang
from .printables import page

__all__ = ["Step", "Question", "Guide", "GUIDES", "guide", "guide_html", "guide_markdown"]


@dataclass(frozen=True)
class Step:
    """One part of the period: its phase (導入 / 展開 / まとめ), minutes, and what happens."""

    phase: str
    minutes: int
    what: str


@dataclass(frozen=True)
class Question:
    """A question to ask (発問), the seconds to wait before anyone answers, what to listen for."""

    ask: str
    think_seconds: int
    listen_for: str


@dataclass(frozen=True)
class Guide:
    lesson: str
    lang: str
    title: str
    aim: str
    who: str
    curriculum: tuple[str, ...]
    prepare: tuple[str, ...]
    steps: tuple[Step, ...]
    questions: tuple[Question, ...]
    pair_work: tuple[str, ...]
    record: str
    reflection: tuple[str, ...]
    assessment: tuple[str, ...]
    notes: tuple[str, ...]
    labels: dict[str, str]

    @property
    def minutes(self) -> int:
        return sum(s.minutes for s in self.steps)


_LABELS = {
    "en": {"aim": "Aim", "who": "Who it is for", "curriculum": "Curriculum", "prepare": "Prepare",
           "timing": "45 minutes", "phase": "Part", "min": "min", "what": "What happens",
           "questions": "Questions to ask", "think": "thinking time: {s} s, then hands up",
           "listen": "listen for", "pairs": "Pair work with real cards", "record": "Record sheet",
           "reflection": "Reflection", "assessment": "Assessment", "notes": "Notes"},
    "ja": {"aim": "めあて", "who": "対象", "curriculum": "学習指導要領との関係", "prepare": "準備",
           "timing": "45分の流れ", "phase": "段階", "min": "分", "what": "学習活動",
           "questions": "発問", "think": "考える時間：{s}秒（それまで答えは言わせない）",
           "listen": "見取りのポイント", "pairs": "ペア活動（本物のトランプで）", "record": "記録用紙",
           "reflection": "ふりかえり", "assessment": "評価", "notes": "留意点"},
}

_CURRICULUM_EN = ("Common Core K.CC.C.6: say whether one group is greater than, less than or equal to another "
                  "(the dots on two cards).",
                  "Common Core K.CC.C.7: compare two numbers between 1 and 10 written as numerals (A-10 only).",
                  "Common Core 1.NBT.B.3: compare two numbers and record the result with >, = and < "
                  "(11, 12, 13 as ten and some ones).",
                  "Japan, 学習指導要領 算数 grade 1: numbers to 20, their size and order (13 = 10 + 3); "
                  "grade 2: > and < (numbers to 1000).")
_CURRICULUM_JA = ("小学校学習指導要領 算数 第1学年 A 数と計算：20までの数の大小・順序、10といくつ（13 = 10 + 3）。",
                  "同 第2学年：不等号 > < を用いた大小の表し方（1000までの数へ広げる前の導入として）。",
                  "参考：米国 Common Core K.CC.C.6、K.CC.C.7（10までの数の比較）、1.NBT.B.3（> = < での記録）。")

GUIDES: dict[tuple[str, str], Guide] = {
    ("compare", "en"): Guide(
        "compare", "en", "Which is bigger? Comparing numbers with playing cards",
        "Children compare two numbers from 1 to 13, say which is bigger in a full sentence, and write it with > = <.",
        "Kindergarten to grade 2 (ages 5-8). Kindergarten and grade 1: cards A-10 only (remove J, Q, K); "
        "grade 1-2: the whole deck, A = 1, J = 11, Q = 12, K = 13.",
        _CURRICULUM_EN,
        ("One deck of cards for every two children (kindergarten: A-10 only, 40 cards).",
         "One record sheet per child, one rules card per pair, the dot cards on the board (print them from this page).",
         "The classroom page on the big screen, with the number mode on (A is 1)."),
        (Step("導入 Opening", 6, "Show the 7♥ and the 3♠ on the big screen. Count the pips one by one with the class "
              "(the dot cards show the same dots in ten-frames). Ask question 1. Show where 7 and 3 sit on the "
              "number line under the two cards."),
         Step("導入 Opening", 4, "Show J, Q, K: no number is printed, so we give them the next numbers after 10. "
              "Put the dot card for K up: one full ten-frame and 3 more, 13 = 10 + 3."),
         Step("展開 Main activity", 8, "Questions 2 and 3 with the whole class on the big screen: two cards turn up, "
              "everyone thinks, then one child presses the answer that says which card is bigger "
              "(“K is bigger”, “the same”, “7 is bigger”)."),
         Step("展開 Main activity", 17, "Pair work with real cards (below), filling in the record sheet."),
         Step("まとめ Summary", 10, "Questions 4 and 5; the reflection on the record sheet; collect the sheets.")),
        (Question("How many hearts are on this card? How many spades on that one? Which card has more?", 20,
                  "counting one by one, or seeing 5 and 2 more; “7 is more than 3”"),
         Question("K and 7: which is bigger? How do you know?", 30,
                  "“K is 13”, “13 is after 7 on the number line”, “13 is ten and three”"),
         Question("A and 9: which is bigger?", 30,
                  "A is 1 here (one pip), so 9 is bigger; some children know “A is the strongest” from the game: "
                  "that is a rule of the game, not the size of the number"),
         Question("Both cards are 8. What do we write?", 20, "8 = 8, “the same”"),
         Question("The crocodile's mouth > opens to which number? Why?", 30,
                  "to the bigger number; “the open side is the bigger one”")),
        ("Shuffle, deal half each, face down. Nobody looks at their cards.",
         "Say “ready, set, go!” and turn the top cards over together.",
         "Each child says the sentence: “K is bigger than 7” (or “the same”). Then both write the numbers and the sign "
         "in one row of the record sheet: 13 > 7.",
         "The bigger card takes both. The same number: each turns one more card (one more battle).",
         "After 8 rows, swap partners or count the cards won."),
        "Each row has two circles and a sign box (○ > ○). Children write the two numbers, then the sign, then say "
        "the row aloud. The number line at the top is there to point at.",
        ("Which was the hardest pair today? Why?", "Draw a smiley face: how sure are you with > and <?"),
        ("Can the child say which of two numbers is bigger (1-10 for kindergarten, 1-13 for grade 1-2)? "
         "Look at the record sheet: the right sign in at least 6 of 8 rows.",
         "Does the child explain with a reason (counting, the number line, ten and some more)? "
         "Listen during pair work.",
         "Does the child read the sign in words (“13 is bigger than 7”) and not only draw it?",
         "On the screen: the number mode's score (how many right of how many asked) in the results panel."),
        ("The game of War calls the ace the strongest card; in the number mode the ace is 1, like its one pip. "
         "If a child says “A beats K”, agree that it does in the game, and ask how many pips the ace has.",
         "If “war” is an unwelcome word in your school, name the game “Compare” (かずくらべ) on the page "
         "(name=\"Compare\"): no word of war appears, and a tie is “once more”.",
         "Extensions, played on the page as presets and with real cards (notebook 05, section 10): addition "
         "(two cards each, compare the sums; grade 1, A-10 only: sums to 20), subtraction (the larger minus the "
         "smaller), multiplication (九九, grade 2) and place value (three cards, the biggest number their digits "
         "make, 10 counts 0; grades 2-3, numbers to 1000). The number mode then asks which value is bigger "
         "(“7 + 5 is bigger”) and the aid writes it as a teacher does, 7 + 5 > 3 + 6, then 12 > 9."),
        _LABELS["en"]),
    ("compare", "ja"): Guide(
        "compare", "ja", "どっちが大きい？ トランプで数くらべ",
        "2枚のカードの数（1〜13）を比べ、「〜は〜より大きい」と文で言い、> = < で書き表すことができる。",
        "幼稚園年長〜小学2年（5〜8歳）。1年生の前半はA〜10だけ（J・Q・Kを抜く）、1年生後半〜2年生は全部の札"
        "（A = 1、J = 11、Q = 12、K = 13）。",
        _CURRICULUM_JA,
        ("2人に1組のトランプ（A〜10だけにするときは40枚）。",
         "記録用紙を1人1枚、ルールカードをペアに1枚、ドットカードを黒板に（このページから印刷）。",
         "大きな画面に教室用のページ。数のモード（Aは1）にしておく。"),
        (Step("導入", 6, "大きな画面で ♥7 と ♠3 を見せ、マークを1つずつ全員で数える（ドットカードでは10のまとまりの"
              "枠で同じ数を見せる）。発問1。2枚の下の数の線で、7と3の場所を指す。"),
         Step("導入", 4, "J・Q・Kには数が書いていないので、10の次の数（11、12、13）とすることを知らせる。"
              "Kのドットカードをはる：10のまとまりが1つと3つで、13 = 10 + 3。"),
         Step("展開", 8, "発問2・3を全体で。画面で2枚をめくり、全員が考えてから、代表の子が「Kの ほうが 大きい」"
              "「同じ」「7の ほうが 大きい」のボタンを押す。"),
         Step("展開", 17, "ペア活動（下記）。記録用紙に書きながら進める。"),
         Step("まとめ", 10, "発問4・5。記録用紙のふりかえりを書く。用紙を集める。")),
        (Question("このカードのハートはいくつ？ こっちのスペードは？ どちらが多い？", 20,
                  "1つずつ数える／5と2で7と見る。「7は3より多い」"),
         Question("Kと7、どちらが大きい？ どうしてわかる？", 30,
                  "「Kは13」「数の線で13は7より右」「13は10と3」"),
         Question("Aと9、どちらが大きい？", 30,
                  "ここではAは1（マークが1つ）なので9が大きい。「Aがいちばん強い」と知っている子には、"
                  "それはゲームのきまりで、数の大きさとは別だと確かめる"),
         Question("2枚とも8。どう書く？", 20, "8 = 8、「同じ」"),
         Question("ワニの口 > は、どちらの数に向かって開いている？ どうして？", 30,
                  "大きい方の数に向かって開く。「開いている方が大きい」")),
        ("よく切って、半分ずつ裏向きに持つ。自分の札は見ない。",
         "「せーの」で一番上の札を同時にめくる。",
         "2人とも「Kは7より大きい」（同じ数なら「同じ」）と文で言ってから、記録用紙の1行に数と記号を書く：13 > 7。",
         "大きい数の人が2枚とも取る。同じ数なら、もう1枚ずつめくって「もういっしょうぶ」。",
         "8行書いたら、ペアを替えるか、取った札を数える。"),
        "1行に○が2つと記号の枠（○ > ○）。2つの数を書き、記号を書き、声に出して読む。上の数の線は指さしに使う。",
        ("今日いちばん難しかった2枚はどれ？ どうして？", "> と < がどれくらいわかったか、顔のマークに色をぬる。"),
        ("2つの数の大小が判断できる（1年前半は1〜10、それ以降は1〜13）：記録用紙の8行中6行以上で正しい記号。",
         "理由を言える（数える、数の線、10といくつ）：ペア活動中の発言で見取る。",
         "記号を文で読める（「13は7より大きい」）：記号を書くだけで終わっていないか。",
         "画面：数のモードの結果（何問中何問正解）を結果の欄で確かめる。"),
        ("戦争のゲームではAをいちばん強い札として扱うが、数のモードではAはマーク1つの「1」。"
         "「AはKに勝つ」と言う子には、ゲームではそうだと認めたうえで、Aのマークはいくつかをたずねる。",
         "「戦争」という名前を使いにくい学校では、ページ上でゲームの名前を「かずくらべ」に変えられる"
         "（name=\"かずくらべ\"：ページに「戦争」の字は出ず、同じ数のときは「もう一勝負」）。",
         "発展（ノートブック05の10節）：画面のゲームの遊び方と本物のトランプで、たし算（2枚ずつめくって和を"
         "くらべる。1年生はA〜10だけで、和は20まで）、ひき算（大きい数から小さい数をひいた差）、かけ算（九九、2年生）、"
         "位取り（3枚で、その数字でつくれるいちばん大きい数。10は0。2〜3年生、1000までの数）。数のモードでは"
         "「7 + 5の ほうが 大きい」のように2つの数の大きさをたずね、ヒントには 7 + 5 > 3 + 6、"
         "つづけて 12 > 9 と、黒板に書くように出る。"),
        _LABELS["ja"]),
    ("play", "en"): Guide(
        "play", "en", "Play War in class: counting and comparing while playing (01_play_ja)",
        "Children play War by its rules, compare every pair of cards aloud, and read who holds more cards from the "
        "count bar and the chart.",
        "Grade 1-2 (ages 6-8); one screen for the class, real cards for pairs.",
        _CURRICULUM_EN[2:],
        ("The classroom page on the big screen: the kids rules, game length 50 rounds.",
         "One deck per pair; the rules card."),
        (Step("導入 Opening", 8, "Play five rounds on the big screen: everyone says the comparison before the "
              "cards move (“9 is bigger than 4”)."),
         Step("展開 Main activity", 27, "Pairs play with real cards (the rules card); each pair says every comparison "
              "aloud. The last 5 minutes: count the cards you hold, and say who has more and by how many."),
         Step("まとめ Summary", 10, "Back to the screen: fast-forward the class game to the end and read the chart "
              "together (question 3).")),
        (Question("Both turned up a 6. What happens now?", 20, "one more battle: each turns one more card"),
         Question("You have 31 cards and your partner 21. Who has more? How many more?", 40,
                  "counting on from 21 to 31: 10 more"),
         Question("On the chart, when did the lead change?", 30, "reading the line: where it crosses the middle")),
        ("Deal half each, face down; turn over together; say the comparison; the bigger takes both.",
         "Count the cards at the end: who has more, how many more."),
        "The comparison record sheet can be used for the first 8 battles.",
        ("What did you say most often today: “bigger”, “smaller” or “the same”?",),
        ("Does every comparison come with its sentence? Listen to three pairs.",
         "Can the child find how many more (difference up to 20)?"),
        ("Set the game length to 50 rounds so the class game ends in time.",
         "If “war” is an unwelcome word, name it “Compare” (かずくらべ) on the page (name=\"Compare\").",
         "Next step for grades 1-3: the presets addition, subtraction, multiplication (九九) and place value "
         "(notebook 05, section 10)."),
        _LABELS["en"]),
    ("play", "ja"): Guide(
        "play", "ja", "教室で「戦争」を遊ぶ：遊びながら数える・比べる（01_play_ja）",
        "きまりを守って遊び、毎回2枚の数を声に出して比べ、札の数のバーやグラフからどちらが多いかを読み取る。",
        "小学1〜2年（6〜8歳）。画面は学級で1つ、本物のトランプはペアに1組。",
        _CURRICULUM_JA[:1] + _CURRICULUM_JA[2:],
        ("大きな画面に教室用のページ：こどものルール、ゲームの長さは50回。",
         "ペアに1組のトランプ、ルールカード。"),
        (Step("導入", 8, "大きな画面で5回めくる。札が動く前に、全員で「9は4より大きい」と比べを言う。"),
         Step("展開", 27, "ペアで本物のトランプ（ルールカードを見ながら）。毎回、比べを声に出す。"
              "最後の5分で持っている札を数え、どちらが何枚多いかを言う。"),
         Step("まとめ", 10, "画面に戻り、学級のゲームを早送りで最後まで進め、グラフを一緒に読む（発問3）。")),
        (Question("2人とも6が出た。どうなる？", 20, "もういっしょうぶ：もう1枚ずつめくる"),
         Question("あなたは31枚、相手は21枚。どちらが何枚多い？", 40, "21から31まで数えたす：10枚多い"),
         Question("グラフで、多い人が入れかわったのはどこ？", 30, "線が真ん中をこえるところを読む")),
        ("半分ずつ裏向きに配り、同時にめくり、比べを言い、大きい方が2枚取る。",
         "最後に札を数え、どちらが何枚多いかを言う。"),
        "はじめの8回は「数くらべ」の記録用紙を使ってもよい。",
        ("今日いちばん多く言った言葉は「大きい」「小さい」「同じ」のどれ？",),
        ("毎回、比べを文で言えているか：3組を見取る。", "何枚多いか（20までの差）を求められるか。"),
        ("ゲームの長さを50回にしておくと、時間内に終わる。",
         "「戦争」という名前を使いにくいときは、ページ上の名前を「かずくらべ」にする（name=\"かずくらべ\"）。",
         "1〜3年生の次の一歩：遊び方のたし算・ひき算・かけ算（九九）・位取り（ノートブック05の10節）。"),
        _LABELS["ja"]),
}


def guide(lesson: str, lang: str) -> Guide:
    """The guide of ``lesson`` ("compare" or "play") in ``lang``; a ValueError names the choices."""
    if (lesson, check_lang(lang)) not in GUIDES:
        raise ValueError(f"lesson must be one of 'compare', 'play'; got {lesson!r}")
    return GUIDES[lesson, lang]


def _items(items: tuple[str, ...]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(i)}</li>" for i in items) + "</ul>"


def guide_html(g: Guide) -> str:
    """The guide as one printable HTML page."""
    L = g.labels
    unit = " min" if g.lang == "en" else L["min"]
    rows = "".join(f"<tr><td>{html.escape(s.phase)}</td><td>{s.minutes}{unit}</td><td>{html.escape(s.what)}</td></tr>"
                   for s in g.steps)
    qs = "".join(f"<li><b>{html.escape(q.ask)}</b><br>{html.escape(L['think'].format(s=q.think_seconds))}<br>"
                 f"{html.escape(L['listen'])}: {html.escape(q.listen_for)}</li>" for q in g.questions)
    body = (f"<div class='page guide' data-guide='{g.lesson}'><h1>{html.escape(g.title)}</h1>"
            f"<h2>{L['aim']}</h2><p>{html.escape(g.aim)}</p><h2>{L['who']}</h2><p>{html.escape(g.who)}</p>"
            f"<h2>{L['curriculum']}</h2>{_items(g.curriculum)}<h2>{L['prepare']}</h2>{_items(g.prepare)}"
            f"<h2>{L['timing']}</h2><table class='timing'><tr><th>{L['phase']}</th><th>{L['min']}</th>"
            f"<th>{L['what']}</th></tr>{rows}</table><h2>{L['questions']}</h2><ol>{qs}</ol>"
            f"<h2>{L['pairs']}</h2>{_items(g.pair_work)}<h2>{L['record']}</h2><p>{html.escape(g.record)}</p>"
            f"<h2>{L['reflection']}</h2>{_items(g.reflection)}<h2>{L['assessment']}</h2>{_items(g.assessment)}"
            f"<h2>{L['notes']}</h2><div class='note'>{_items(g.notes)}</div></div>")
    return page(g.title, body, g.lang)


def guide_markdown(g: Guide) -> str:
    """The same guide as Markdown (for the documentation site)."""
    L = g.labels

    def items(xs: tuple[str, ...]) -> str:
        return "\n".join(f"- {x}" for x in xs)

    unit = L["min"]
    rows = "\n".join(f"| {s.phase} | {s.minutes} | {s.what} |" for s in g.steps)
    qs = "\n".join(f"{i}. **{q.ask}**  \n   {L['think'].format(s=q.think_seconds)}  \n   {L['listen']}: "
                   f"{q.listen_for}" for i, q in enumerate(g.questions, 1))
    return (f"# {g.title}\n\n## {L['aim']}\n\n{g.aim}\n\n## {L['who']}\n\n{g.who}\n\n## {L['curriculum']}\n\n"
            f"{items(g.curriculum)}\n\n## {L['prepare']}\n\n{items(g.prepare)}\n\n## {L['timing']}\n\n"
            f"| {L['phase']} | {unit} | {L['what']} |\n|---|---|---|\n{rows}\n\n## {L['questions']}\n\n{qs}\n\n"
            f"## {L['pairs']}\n\n{items(g.pair_work)}\n\n## {L['record']}\n\n{g.record}\n\n## {L['reflection']}\n\n"
            f"{items(g.reflection)}\n\n## {L['assessment']}\n\n{items(g.assessment)}\n\n## {L['notes']}\n\n"
            f"{items(g.notes)}\n")
