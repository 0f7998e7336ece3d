"""The teacher's guides: two lessons a teacher can run tomorrow, in English and in Japanese.

Each Japanese guide is a 学習指導案 in the usual form: 単元名, 対象学年 (one grade), 本時の位置 in
the unit, 本時の目標, the children's めあて (written on the board, in the words and kanji they
read), 評価規準 in the three 観点 (知識・技能 / 思考・判断・表現 / 主体的に学習に取り組む態度), 準備物,
本時の展開 (導入・展開・まとめ, minutes adding up to 45, each 発問 with its thinking time),
予想される反応 with the 手立て, 個への支援, 板書計画 and 留意点.  The English guide is its counterpart:
unit, grade, where the lesson sits, objective, the child's learning target, standards (Common
Core), success criteria in the same three aspects, materials, lesson sequence, expected
misconceptions, differentiation, board plan and notes.

``compare``: "Which is bigger?" (notebook 05 / 05_ja): the signs > = < taught with playing cards
(Common Core grade 1, 1.NBT.B.3; 学習指導要領 第2学年, where 不等号 is taught).  ``play``: the class
use of ``01_play_ja`` in grade 1: playing War with the numbers A = 1 ... K = 13, saying every
comparison, and counting the cards won in tens.  A guide's minutes follow what its grade knows at
that point: the signs only after the step that teaches them (``Guide.signs_taught``) and never in
a grade that has not learned them, and no line graph in grade 1.

``guide_html`` and ``guide_markdown`` render one guide; the children never see it (the classroom
page has no teacher notes).
"""
from __future__ import annotations

import html
from dataclasses import dataclass

from ..text.i18n import check_lang
from .printables import page

__all__ = ["Question", "Step", "Response", "Criterion", "Guide", "GUIDES", "HEADINGS", "ASPECTS", "guide",
           "guide_html", "guide_markdown"]


@dataclass(frozen=True)
class Question:
    """A question to ask (発問), the seconds to wait before anyone answers, what to listen for."""

    ask: str
    think_seconds: int
    listen_for: str


@dataclass(frozen=True)
class Step:
    """One part of the period: its phase (導入 / 展開 / まとめ), minutes, what the children do, the
    questions asked in it, and the teacher's moves (指導上の留意点・手立て, and what is assessed)."""

    phase: str
    minutes: int
    activity: str
    questions: tuple[Question, ...] = ()
    moves: tuple[str, ...] = ()


@dataclass(frozen=True)
class Response:
    """A response to expect (予想される反応 / misconception) and what the teacher does (手立て)."""

    said: str
    move: str


@dataclass(frozen=True)
class Criterion:
    """One 観点 of the 評価規準: what a child shows, and where the teacher sees it."""

    aspect: str
    shows: str
    seen_in: str


@dataclass(frozen=True)
class Guide:
    lesson: str
    lang: str
    title: str
    unit: str
    grade: int                          # the one target grade (school year 1, 2, ...)
    position: tuple[str, ...]           # the unit's lessons in order
    this_lesson: int                    # index of this lesson in ``position``
    objective: str                      # 本時の目標, in the teacher's words
    meate: str                          # めあて / learning target: the children's words, on the board
    standards: tuple[str, ...]
    criteria: tuple[Criterion, Criterion, Criterion]
    materials: tuple[str, ...]
    steps: tuple[Step, ...]
    responses: tuple[Response, ...]
    support: tuple[str, ...]            # 個への支援 / differentiation
    board: tuple[tuple[str, tuple[str, ...]], ...]   # 板書計画: the board's areas, left to right
    notes: tuple[str, ...]
    signs_taught: int | None            # index of the step that teaches > = < (None: not in this lesson)

    @property
    def minutes(self) -> int:
        return sum(s.minutes for s in self.steps)

    @property
    def questions(self) -> tuple[Question, ...]:
        return tuple(q for s in self.steps for q in s.questions)

    @property
    def labels(self) -> dict[str, str]:
        return _LABELS[self.lang]


# The section headings, in the order they are printed (a test checks every guide has each one).
HEADINGS = {
    "en": ("Unit", "Grade", "Where this lesson sits", "Objective", "Learning target", "Standards",
           "Success criteria", "Materials", "Lesson sequence (45 minutes)", "Expected misconceptions",
           "Differentiation", "Board plan", "Notes"),
    "ja": ("単元名", "対象学年", "本時の位置", "本時の目標", "めあて", "評価規準", "準備物",
           "本時の展開（45分）", "予想される反応と手立て", "個への支援", "板書計画", "留意点"),
}
# The three 観点 of the 評価規準 (and their English counterparts), in this order.
ASPECTS = {"en": ("Knowledge and skills", "Thinking, judging and expressing", "Engagement in learning"),
           "ja": ("知識・技能", "思考・判断・表現", "主体的に学習に取り組む態度")}

_LABELS = {
    "en": {"phase": "Part", "min": "min", "activity": "What the children do; questions",
           "moves": "Teacher's moves and assessment", "think": "thinking time: {s} s, then hands up",
           "listen": "listen for", "ask": "Question", "aspect": "Aspect", "shows": "The child", "seen": "Seen in",
           "said": "A child may say or do", "move": "What the teacher does", "this": "this lesson",
           "grade": "Grade {n}", "unit_min": " min"},
    "ja": {"phase": "段階", "min": "分", "activity": "学習活動・主な発問", "moves": "指導上の留意点（手立て）・評価",
           "think": "考える時間：{s}秒（それまで答えは言わせない）", "listen": "見取りのポイント", "ask": "発問",
           "aspect": "観点", "shows": "評価規準", "seen": "評価の方法", "said": "予想される反応",
           "move": "手立て", "this": "本時", "grade": "第{n}学年", "unit_min": "分"},
}

_PAGE_EN = ('The classroom page on the big screen, in the number lesson: '
            'WarWidget(rules="number_lesson", guess="number")')
_PAGE_JA = '大きな画面に教室用のページ（数の学習の遊び方：WarWidget(rules="number_lesson", guess="number", lang="ja")）'

GUIDES: dict[tuple[str, str], Guide] = {
    ("compare", "en"): Guide(
        "compare", "en", "Which is bigger? Comparing numbers with playing cards",
        "Numbers to 120: tens and ones, and comparing",
        1,
        ("Lesson 1: counting to 120, starting at any number (1.NBT.A.1)",
         "Lesson 2: a ten is a bundle of ten ones (1.NBT.B.2a)",
         "Lesson 3: 11 to 19 as a ten and some ones (1.NBT.B.2b)",
         "Lesson 4: bigger, smaller, the same: comparing in words, on the number line",
         "Lesson 5: playing cards are numbers: compare two cards and write >, = or < (1.NBT.B.3)",
         "Lesson 6: comparing two-digit numbers with >, = and <, tens first",
         "Lesson 7: 10 more and 10 less (1.NBT.C.5)"),
        4,
        "Children compare two numbers from 1 to 13 shown on playing cards (A = 1, J = 11, Q = 12, K = 13), "
        "explain which is bigger with the number line or tens and ones, and record the comparison with >, = and <.",
        "I can compare two cards and write >, = or <.",
        ("Common Core 1.NBT.B.3: compare two two-digit numbers based on the meanings of the tens and ones "
         "digits, recording the results with the symbols >, =, and < (here the numbers 1 to 13).",
         "Common Core 1.NBT.B.2b: the numbers from 11 to 19 are composed of a ten and some ones (J, Q, K).",
         "Prior knowledge, Common Core K.CC.C.6 and K.CC.C.7: comparing two groups and two numerals to 10 in words."),
        (Criterion("Knowledge and skills", "writes the right sign between two numbers and reads it in words "
                   "(“13 is bigger than 7”)", "the record sheet: the right sign in at least 6 of 8 rows"),
         Criterion("Thinking, judging and expressing", "gives a reason: counting, the number line, or a ten and "
                   "some ones (“K is 13, that is 10 and 3”)",
                   "what the pairs say during pair work; the “Say it” column"),
         Criterion("Engagement in learning", "takes turns, says each comparison before writing it, and checks "
                   "the partner's sign", "watching three pairs during pair work")),
        ("One deck of cards for every two children (52 cards; A-10 only, 40 cards, for children who need it).",
         "One record sheet per child, one rules card per pair (print them from this page).",
         "The dot cards: the board set (one card a page) for 3, 7, 8 and K; the desk set for children who count.",
         "A crocodile card: a big > drawn as an open mouth.",
         _PAGE_EN + "."),
        (Step("Opening", 5, "Two cards on the big screen: the 7♥ and the 3♠. The class counts the pips one by one "
              "and says who has more, in words.",
              (Question("How many hearts are on this card? How many spades on that one? Which card has more?", 20,
                        "counting one by one, or seeing 5 and 2 more; “7 is more than 3”"),),
              ("Point at 7 and 3 on the number line under the cards: the number further right is bigger.",
               "Write the learning target on the board.")),
         Step("Opening", 5, "J, Q and K have no number printed: they take the numbers after 10. The board dot card "
              "for K: one full ten-frame and 3 more.",
              (Question("K and 7: which is bigger? How do you know?", 30,
                        "“K is 13”, “13 is after 7 on the number line”, “13 is ten and three”"),),
              ("Put the board dot card for K up and write 13 = 10 + 3 under it.",)),
         Step("Main activity", 10, "The signs. “7 is bigger than 3” is written 7 > 3; “3 is smaller than 7” is "
              "written 3 < 7; “8 is the same as 8” is written 8 = 8. The crocodile card: its mouth opens towards "
              "the bigger number. The class reads three comparisons aloud, then the screen asks three questions "
              "and one child presses the answer.",
              (Question("The crocodile's mouth > opens towards which number? Why?", 30,
                        "towards the bigger number; “the open side is the bigger one”"),
               Question("13 and 7: which sign goes between them, 13 □ 7?", 30, "13 > 7, read “13 is bigger than 7”"),
               Question("Both cards are 8. What do we write?", 20, "8 = 8, “the same”")),
              ("Say the sentence first, then write the sign: words before symbols.",
               "Check: every child writes 13 > 7 on a mini-whiteboard and holds it up.")),
         Step("Main activity", 17, "Pair work with real cards (the rules card): turn over together, say the "
              "sentence, write the numbers and the sign in one row of the record sheet (13 > 7). The bigger card "
              "takes both; the same number is one more battle.",
              (Question("A and 9: which is bigger?", 30,
                        "A is 1 here (one pip), so 9 is bigger: 1 < 9"),),
              ("Walk round: listen to three pairs (success criteria 2 and 3).",
               "After 8 rows, partners swap and check each other's signs.")),
         Step("Summary", 8, "Back together: the hardest pair of the day, and the reflection on the record sheet "
              "(colour a face for how sure you are with > and <).",
              (Question("Which was the hardest pair today? Why?", 30,
                        "pictures (J, Q, K), the ace, or the direction of the sign"),),
              ("Collect the record sheets (success criterion 1).",
               "Next lesson: two-digit numbers, tens first."))),
        (Response("“A beats K, so A is bigger.”",
                  "In many games the ace is the strongest card; agree, then ask how many pips the ace has. "
                  "In this lesson A is 1, and the screen plays it so."),
         Response("Writes 7 < 3 for “7 is bigger than 3”.",
                  "The crocodile card on the desk: the mouth opens towards the bigger number. Say the sentence "
                  "first, then write."),
         Response("“J, Q, K have no number.”",
                  "The dot cards: J is 10 and 1 more, K is 10 and 3 more. The rules card lists every card's number."),
         Response("Does not know what to write for two 8s.",
                  "8 = 8, “the same”: in the game it is one more battle."),
         Response("Reads 3 < 7 as “3 is bigger than 7”.",
                  "Read from the left: “3 is smaller than 7”; point at the small end of the sign.")),
        ("Children who need more time: cards A-10 only (40 cards; on the screen rules=\"number_lesson_10\"), the "
         "desk dot cards beside the real cards to count, and the number line at the top of the record sheet.",
         "Children who mix up the signs: the crocodile card on the desk; they say “... is bigger than ...” before "
         "writing.",
         "Children who finish early: turn two cards each and compare the sums (the preset addition, A-10: sums to "
         "20), written 7 + 5 > 3 + 6.",
         "A child who finds handling cards hard: one partner turns, the other writes; swap after four rows."),
        (("Left", ("The date and the learning target: “I can compare two cards and write >, = or <.”",
                   "The 7♥ and the 3♠ (board dot cards), the number line 0-13 with 7 and 3 marked.")),
         ("Middle", ("7 is bigger than 3: 7 > 3", "3 is smaller than 7: 3 < 7", "8 is the same as 8: 8 = 8",
                     "The crocodile: the mouth opens towards the bigger number.",
                     "K = 13 = 10 + 3 (the board dot card for K).")),
         ("Right", ("The pairs' examples: 13 > 7, 1 < 9, 8 = 8.",
                    "What we found: the sign's open side faces the bigger number; the number further right on "
                    "the number line is bigger."))),
        ("The game of War calls the ace the strongest card; the number lesson plays it as 1, like its one pip, "
         "so the screen, the rules card and the record sheet say the same numbers.",
         "If “war” is an unwelcome word in your school, name the game “Compare” (かずくらべ) on the page "
         "(name=\"Compare\"): no word of war appears, and a tie is “once more”.",
         "Extensions, played on the page as presets and with real cards (notebook 05, section 10): addition "
         "(two cards each, compare the sums; A-10 only: sums to 20), subtraction (the larger minus the "
         "smaller), multiplication (A-9, the times tables, grade 2) and place value (three cards, the biggest "
         "number their digits make; grades 2-3, numbers to 1000). Write one comparison at a time: "
         "7 + 5 > 3 + 6, then 12 > 9 (never one line of running equals)."),
        2),
    ("compare", "ja"): Guide(
        "compare", "ja", "どっちが大きい？ トランプで数くらべ",
        "1000までの数",
        2,
        ("第1〜2時：100より大きい数を、10や100のまとまりで数え、読んだり書いたりする",
         "第3〜4時：3けたの数のしくみ（百の位・十の位・一の位）",
         "第5〜6時：数の線で、数の大きさと順序を調べる",
         "第7時：何十・何百のたし算とひき算",
         "第8時：不等号 > < を知り、トランプの数くらべで使う",
         "第9時：3枚のカードで3けたの数をつくり、> < で比べる（遊び方「3けたの数づくり」）",
         "第10時：1000という数、学習のまとめ"),
        4,
        "2つの数の大小を、不等号 > < を用いて表したり読んだりすることができる。",
        "2つの 数の 大きさを、> や < を つかって かこう。",
        ("小学校学習指導要領 算数 第2学年 A 数と計算（1）：数の大小や順序を考え、不等号を用いて表すこと。",
         "第1学年 A（1）との関連：20までの数の大小・順序、10といくつ（J・Q・Kを 11・12・13 とみる。13は10と3）。",
         "参考：米国 Common Core 1.NBT.B.3（> = < での記録）。"),
        (Criterion("知識・技能", "不等号 > < の意味がわかり、2つの数の大小を > = < を用いて正しく表したり、"
                   "「13は7より大きい」と読んだりしている。", "記録用紙（8行中6行以上で正しい記号）"),
         Criterion("思考・判断・表現", "数の線や10のまとまりをもとに、どちらが大きいかのわけを言葉で説明している。",
                   "ペア活動中の発言、記録用紙の「ことばで いうと」の欄"),
         Criterion("主体的に学習に取り組む態度",
                   "ペアで交互に文を言い、相手の記号を確かめながら、進んで数を比べようとしている。",
                   "ペア活動の行動観察（3組）")),
        ("トランプ（2人に1組、52枚。A〜10の40枚も用意しておく）。",
         "記録用紙（1人1枚）、ルールカード（ペアに1枚）。このページから印刷する。",
         "ドットカード：黒板用（A4に1枚ずつ）の3・7・8・K、机用（必要な子に）。",
         "ワニの口のカード（> を大きくかいたもの）、ミニホワイトボード。",
         _PAGE_JA + "。"),
        (Step("導入", 5, "大きな画面で ♥7 と ♠3 を見せる。マークを1つずつ全員で数え、どちらが多いかを文で言う。",
              (Question("このカードのハートはいくつ？ こっちのスペードは？ どちらが多い？", 20,
                        "1つずつ数える／5と2で7と見る。「7は3より多い」"),),
              ("2枚の下の数の線で、7と3の場所を指す。右にある方が大きい。", "めあてを板書する。")),
         Step("導入", 5, "J・Q・Kには数が書いていないので、10の次の数（11、12、13）とすることを知らせる。"
              "黒板用のKのドットカード：10のまとまりが1つと3つ。",
              (Question("Kと7、どちらが大きい？ どうしてわかる？", 30,
                        "「Kは13」「数の線で13は7より右」「13は10と3」"),),
              ("Kのドットカードの下に 13 = 10 + 3 と書く。",)),
         Step("展開", 10, "不等号を知る。「7は3より大きい」を 7 > 3、「3は7より小さい」を 3 < 7 と書く。"
              "同じ数は 8 = 8。ワニの口のカードで、口は大きい数の方に開くことを確かめる。3つの式を全員で読んだあと、"
              "画面の問いに3問、代表の子が答えのボタンを押す。",
              (Question("ワニの口 > は、どちらの数に向かって開いている？ どうして？", 30,
                        "大きい方の数に向かって開く。「開いている方が大きい」"),
               Question("13と7の間には、> と < のどちらが入る？（13 □ 7）", 30, "13 > 7。「13は7より大きい」と読む"),
               Question("2枚とも8。どう書く？", 20, "8 = 8、「同じ」")),
              ("先に文で言ってから記号を書かせる（言葉から記号へ）。",
               "全員がミニホワイトボードに 13 > 7 と書いて見せる（知識・技能）。")),
         Step("展開", 17, "ペア活動（本物のトランプ、ルールカード）：「せーの」でめくり、文で言ってから、記録用紙の"
              "1行に数と記号を書く（13 > 7）。大きい数の人が2枚とも取る。同じ数なら「もういっしょうぶ」。",
              (Question("Aと9、どちらが大きい？", 30, "ここではAは1（マークが1つ）なので9が大きい：1 < 9"),),
              ("3組を回って発言を見取る（思考・判断・表現、主体的に学習に取り組む態度）。",
               "8行書いたら、となりのペアと記号を確かめ合う。")),
         Step("まとめ", 8, "全体に戻り、今日いちばん難しかった2枚を出し合う。記録用紙のふりかえりを書き、"
              "> < がどれくらいわかったかを顔のマークに色をぬって表す。",
              (Question("今日いちばん難しかった2枚はどれ？ どうして？", 30, "絵札、A、記号の向き"),),
              ("記録用紙を集める（知識・技能）。", "次時は3枚のカードで3けたの数をつくって比べることを知らせる。"))),
        (Response("「Aがいちばん強いから、AはKより大きい」",
                  "ゲームによってはAをいちばん強い札にすることを認めたうえで、Aのマークはいくつかをたずねる。"
                  "この学習ではAは1で、画面もそのとおりに勝ち負けを決める。"),
         Response("「7は3より大きい」を 7 < 3 と書く",
                  "ワニの口のカードを机に置き、口が大きい数の方に開くことを指で確かめる。文で言ってから書く。"),
         Response("「J・Q・Kには数がない」",
                  "ドットカードで、Jは10と1、Kは10と3であることを見せる。ルールカードの「カードの かず」の表を見る。"),
         Response("同じ数のとき、記号が書けない", "= を使って 8 = 8 と書く。ゲームでは「もういっしょうぶ」になる。"),
         Response("3 < 7 を「3は7より大きい」と読む", "左から読むことを確かめ、「3は7より小さい」と言い直す。"
                  "記号のとがっている方が小さい数。")),
        ("数の大小がすぐにわからない子：記録用紙の上の数の線を指でたどる。机用のドットカードを並べて比べる。",
         "記号の向きをまちがえる子：ワニの口のカードを机に置く。「大きいのは〜」と言ってから書く。",
         "絵札でつまずく子：はじめはA〜10の40枚で遊ぶ（画面は rules=\"number_lesson_10\"）。",
         "早く終わった子：2枚ずつめくって、たした数を比べる（遊び方「たし算」、A〜10で和は20まで）。"
         "7 + 5 > 3 + 6 のように書く。",
         "札をめくるのが難しい子：ペアで、めくる係と書く係に分け、4行ごとに交代する。"),
        (("左", ("日付、めあて「2つの 数の 大きさを、> や < を つかって かこう。」",
                 "♥7 と ♠3（黒板用のドットカード）、0〜13の数の線（7と3に印）")),
         ("中", ("7は3より大きい　7 > 3", "3は7より小さい　3 < 7", "8と8は同じ　8 = 8",
                 "ワニの口の図：口は大きい数の方に開く", "K = 13 = 10 + 3（Kのドットカード）")),
         ("右", ("ペアで出た例：13 > 7、1 < 9、8 = 8",
                 "まとめ：> < の開いている方が大きい数。数の線で右にある方が大きい。"))),
        ("「戦争」ではAをいちばん強い札として遊ぶことが多いが、数の学習の遊び方ではAはマーク1つの「1」として"
         "勝ち負けを決める。画面・ルールカード・記録用紙が同じ数を使う。",
         "「戦争」という名前を使いにくい学校では、ページ上でゲームの名前を「かずくらべ」に変えられる"
         "（name=\"かずくらべ\"：ページに「戦争」の字は出ず、同じ数のときは「もう一勝負」）。",
         "発展（ノートブック05の10節）：画面の遊び方と本物のトランプで、たし算（2枚ずつめくって和を"
         "くらべる。A〜10だけで、和は20まで）、ひき算（大きい数から小さい数をひいた差）、かけ算（A〜9、九九）、"
         "位取り（3枚で、その数字でつくれるいちばん大きい数。次時、1000までの数）。比べるときは1つずつ書く："
         "7 + 5 > 3 + 6、それから 12 > 9（等号で1本の式につなげない）。"),
        2),
    ("play", "en"): Guide(
        "play", "en", "Play War in class: comparing while playing, counting in tens (01_play, 01_play_ja)",
        "Numbers to 120: tens and ones, and comparing",
        1,
        ("Lesson 1: counting to 120, starting at any number (1.NBT.A.1)",
         "Lesson 2: play War with the numbers A = 1 ... K = 13; count the cards won in tens and ones",
         "Lesson 3: 11 to 19 as a ten and some ones (1.NBT.B.2b)",
         "Lesson 4: bigger, smaller, the same: comparing in words, on the number line",
         "Lesson 5: playing cards are numbers: compare two cards and write >, = or < (1.NBT.B.3)",
         "Lesson 6: 10 more and 10 less (1.NBT.C.5)"),
        1,
        "Children play War by its rules with the numbers A = 1 ... K = 13, say every comparison in words, and "
        "count the cards they won in tens and ones to say who has more.",
        "I can play fair, say which card is bigger, and count my cards in tens.",
        ("Common Core 1.NBT.B.2a: 10 can be thought of as a bundle of ten ones, called a “ten”.",
         "Common Core 1.NBT.A.1: count to 120, starting at any number; read and write numerals.",
         "Common Core 1.NBT.C.5: find 10 more or 10 less than a two-digit number (31 is 10 more than 21)."),
        (Criterion("Knowledge and skills", "says which of two cards is bigger (A = 1 ... K = 13) and counts the "
                   "cards won in tens and ones (“2 tens and 7 ones: 27”)",
                   "listening to three pairs; the pairs' counts"),
         Criterion("Thinking, judging and expressing", "finds who has more cards and how many more by comparing "
                   "the tens, and explains it", "question 2 (31 and 21), what the pairs say"),
         Criterion("Engagement in learning", "follows the rules, turns over together with the partner and says "
                   "every comparison aloud", "watching the pairs during play")),
        ("One deck of cards for every two children (52 cards).",
         "One rules card per pair (print it from this page); rubber bands or cups for bundles of ten.",
         _PAGE_EN + ", game length 50 rounds."),
        (Step("Opening", 5, "Five rounds on the big screen: everyone says the comparison before the cards move "
              "(“9 is bigger than 4”).",
              (Question("Both turned up a 6. What happens now?", 20,
                        "one more battle: each turns one more card, the bigger takes all the cards"),),
              ("Point at the two numbers on the number line under the cards.",
               "Write the learning target on the board.")),
         Step("Main activity", 20, "Pairs play with real cards (the rules card), saying every comparison aloud.",
              (),
              ("Walk round: listen to three pairs (success criteria 1 and 3).",)),
         Step("Main activity", 12, "Stop. Each child bundles the cards won in tens and counts: “2 tens and 7 ones: "
              "27 cards”. The pair says who has more.",
              (Question("You have 31 cards and your partner 21. Who has more? How many more?", 40,
                        "3 tens and 1 against 2 tens and 1: one ten more, 10 more"),),
              ("Show a bundle of ten on the board; write 3 tens 1 one = 31 under it.",)),
         Step("Summary", 8, "Back to the screen: read the numbers on the two piles of the class game and say who "
              "holds more; the reflection.",
              (Question("What did you say most often today: “bigger”, “smaller” or “the same”?", 20,
                        "“bigger”; the same happened only sometimes"),),
              ("Next lesson: 11 to 19 as a ten and some ones.",))),
        (Response("“The ace is the strongest.”",
                  "In many games it is; in this lesson A is 1 (one pip), and the screen plays it so."),
         Response("Looks at the partner's card before turning.", "Turn over together on “ready, set, go!”."),
         Response("Counts the cards one by one and loses count.",
                  "Make a bundle of ten each time you reach ten, then count the tens and the ones left."),
         Response("Says “31 has more, 1 more”, looking only at the ones.",
                  "Compare the tens first: 3 tens and 2 tens, one ten more.")),
        ("Children who need more time: cards A-10 only (40 cards; on the screen rules=\"number_lesson_10\"); count "
         "the cards won in fives first.",
         "Children who finish early: find how many cards the two of them hold together, in tens.",
         "A child who finds handling cards hard: one partner turns both cards, both say the comparison."),
        (("Left", ("The date and the learning target: “I can play fair, say which card is bigger, and count my "
                   "cards in tens.”", "The rules: turn together, say it, the bigger takes both.")),
         ("Middle", ("9 is bigger than 4.", "The same number: one more battle.")),
         ("Right", ("A bundle of ten: 3 tens 1 one = 31, 2 tens 1 one = 21.",
                    "31 has one ten more than 21: 10 more."))),
        ("Set the game length to 50 rounds so the class game on the screen ends in time.",
         "The play lesson needs no signs: the children say the comparisons in words; > = < come in lesson 5 "
         "(the compare guide).",
         "If “war” is an unwelcome word, name it “Compare” (かずくらべ) on the page (name=\"Compare\").",
         "Next steps for grades 1-3: the presets addition, subtraction, multiplication (A-9, the times tables) and "
         "place value (notebook 05, section 10)."),
        None),
    ("play", "ja"): Guide(
        "play", "ja", "教室で「戦争」を遊ぶ：遊びながら比べる・10のまとまりで数える（01_play_ja）",
        "大きいかず（100までの数）",
        1,
        ("第1〜2時：10のまとまりをつくって、2けたの数を数える",
         "第3時：トランプの「戦争」で遊び、2枚の数を比べ、取った札を10のまとまりで数える",
         "第4時：何十何の読み方・書き方（十の位・一の位）",
         "第5〜6時：100までの数の線、数の大小と順序",
         "第7時：100という数、100より大きい数（120まで）",
         "第8〜9時：何十のたし算とひき算",
         "第10時：学習のまとめ"),
        1,
        "きまりを守って遊びながら2枚の数の大小を言葉で言い、取った札を10のまとまりで数えて、どちらが多いかを"
        "比べることができる。",
        "カードで あそんで、とった カードを 10の まとまりで かぞえよう。",
        ("小学校学習指導要領 算数 第1学年 A 数と計算（1）：ものの個数を数え、数の大小や順序を考える。"
         "100程度までの数を、10のまとまりとばらで数えたり表したりする。",
         "同：2つの数の大小を比べる（J・Q・Kを11・12・13とみる：10といくつ）。",
         "参考：米国 Common Core 1.NBT.A.1、1.NBT.B.2a（10のまとまり）、1.NBT.C.5（10多い・10少ない）。"),
        (Criterion("知識・技能", "2枚の札の数の大小がわかり、取った札を10ずつまとめて「10が2つと7で27」と"
                   "数えている。", "ペア活動の観察（3組）、ペアが数えた枚数"),
         Criterion("思考・判断・表現", "10のまとまりの数をくらべて、どちらが何枚多いかを考え、言葉で説明している。",
                   "発問2（31枚と21枚）への発言"),
         Criterion("主体的に学習に取り組む態度", "きまりを守り、相手と声をそろえてめくり、毎回比べを声に出して"
                   "遊ぼうとしている。", "遊んでいるときの行動観察")),
        ("トランプ（2人に1組、52枚）。",
         "ルールカード（ペアに1枚。このページから印刷する）、10枚ずつまとめる輪ゴムかカップ。",
         _PAGE_JA + "。ゲームの長さは50回。"),
        (Step("導入", 5, "大きな画面で5回めくる。札が動く前に、全員で「9は4より大きい」と比べを言う。",
              (Question("2人とも6が出た。どうなる？", 20, "もういっしょうぶ：もう1枚ずつめくり、大きい方が全部取る"),),
              ("2枚の下の数の線で、2つの数を指す。", "めあてを板書する。")),
         Step("展開", 20, "ペアで本物のトランプ（ルールカードを見ながら）。毎回、比べを声に出す。",
              (),
              ("3組を回って見取る（知識・技能、主体的に学習に取り組む態度）。",)),
         Step("展開", 12, "いったん止めて、取った札を10枚ずつまとめて数える：「10が2つと7で27枚」。"
              "どちらが多いかをペアで言う。",
              (Question("あなたは31枚、相手は21枚。どちらが何枚多い？", 40,
                        "10のまとまりが3つと2つ：1つ多いので10枚多い"),),
              ("黒板に10枚のまとまりを見せ、その下に「10が3つと1で31」と書く。",)),
         Step("まとめ", 8, "画面に戻り、学級のゲームの2つの山の数を読み、どちらが多いかを言う。ふりかえりをする。",
              (Question("今日いちばん多く言った言葉は「大きい」「小さい」「同じ」のどれ？", 20,
                        "「大きい」。同じはときどき"),),
              ("次時は何十何の書き方を学ぶことを知らせる。",))),
        (Response("「Aがいちばん強い」", "ゲームによってはそう遊ぶことを認め、この学習ではAは1（マーク1つ）で、"
                  "画面もそのとおりに勝ち負けを決めることを確かめる。"),
         Response("相手の札を見てからめくる", "「せーの」で声をそろえて同時にめくる約束を確かめる。"),
         Response("1枚ずつ数えて、途中でわからなくなる",
                  "10枚になるたびに1つにまとめ、まとまりの数とばらの数を数える。"),
         Response("31枚と21枚を、ばらの1だけを見て「1枚多い」と言う",
                  "まず10のまとまりの数を比べる：3つと2つで1つ多い。")),
        ("数の大小がすぐにわからない子：A〜10の40枚で遊ぶ（画面は rules=\"number_lesson_10\"）。"
         "取った札は5枚ずつまとめてから数える。",
         "早く終わった子：2人の札を合わせると何枚になるかを、10のまとまりで数える。",
         "札をめくるのが難しい子：ペアの1人が2枚ともめくり、2人で比べを言う。"),
        (("左", ("日付、めあて「カードで あそんで、とった カードを 10の まとまりで かぞえよう。」",
                 "きまり：せーので めくる／ことばで いう／大きい 数の 人が 2まい もらう")),
         ("中", ("9は4より大きい", "同じ数：もういっしょうぶ")),
         ("右", ("10のまとまりの図：10が3つと1で31、10が2つと1で21",
                 "31は21より10多い（まとまりが1つ多い）"))),
        ("ゲームの長さを50回にしておくと、画面の学級のゲームが時間内に終わる。",
         "1年生では不等号を使わない。比べは「9は4より大きい」と言葉で言う（不等号は第2学年：数くらべの指導案）。",
         "「戦争」という名前を使いにくいときは、ページ上の名前を「かずくらべ」にする（name=\"かずくらべ\"）。",
         "1〜3年生の次の一歩：遊び方のたし算・ひき算・かけ算（A〜9、九九）・位取り（ノートブック05の10節）。"),
        None),
}


def guide(lesson: str, lang: str) -> Guide:
    """The guide of ``lesson`` ("compare" or "play") in ``lang``; a ValueError names the choices."""
    if (lesson, check_lang(lang)) not in GUIDES:
        raise ValueError(f"lesson must be one of 'compare', 'play'; got {lesson!r}")
    return GUIDES[lesson, lang]


def _e(text: str) -> str:
    return html.escape(text)


def _items(items: tuple[str, ...]) -> str:
    return "<ul>" + "".join(f"<li>{_e(i)}</li>" for i in items) + "</ul>"


def _position(g: Guide) -> tuple[str, ...]:
    mark = f"（{g.labels['this']}）" if g.lang == "ja" else f" ({g.labels['this']})"
    return tuple(p + mark if i == g.this_lesson else p for i, p in enumerate(g.position))


def _question_lines(g: Guide, q: Question) -> tuple[str, str, str]:
    """The question numbered through the lesson (発問1, 発問2, ...), its thinking time, what to listen for."""
    L = g.labels
    sep = "：" if g.lang == "ja" else ": "
    n = g.questions.index(q) + 1
    ask = f"{L['ask']}{n}{sep}" if g.lang == "ja" else f"{L['ask']} {n}{sep}"
    return (f"{ask}{q.ask}", L["think"].format(s=q.think_seconds), f"{L['listen']}{sep}{q.listen_for}")


def guide_html(g: Guide) -> str:
    """The guide as one printable HTML page, its parts under the headings of ``HEADINGS``."""
    L, H = g.labels, HEADINGS[g.lang]
    sections: list[tuple[str, str]] = []
    sections.append((H[0], f"<p>{_e(g.unit)}</p>"))
    sections.append((H[1], f"<p>{_e(L['grade'].format(n=g.grade))}</p>"))
    pos = "".join(f"<li{' class=this' if i == g.this_lesson else ''}>{_e(p)}</li>" for i, p in enumerate(_position(g)))
    sections.append((H[2], f"<ul class='position'>{pos}</ul>"))
    sections.append((H[3], f"<p>{_e(g.objective)}</p>"))
    sections.append((H[4], f"<p class='meate'>{_e(g.meate)}</p>"))
    if g.lang == "en":
        sections.append((H[5], _items(g.standards)))
    crit = "".join(f"<tr><th>{_e(c.aspect)}</th><td>{_e(c.shows)}</td><td>{_e(c.seen_in)}</td></tr>"
                   for c in g.criteria)
    table = (f"<table class='criteria'><tr><th>{L['aspect']}</th><th>{L['shows']}</th><th>{L['seen']}</th></tr>"
             f"{crit}</table>")
    if g.lang == "ja":   # 評価規準 with the 学習指導要領 it rests on
        sections.append((H[5], _items(g.standards) + table))
        rest = H[6:]
    else:
        sections.append((H[6], table))
        rest = H[7:]
    sections.append((rest[0], _items(g.materials)))
    rows = []
    for s in g.steps:
        qs = "".join("<div class='q'><b>" + _e(a) + "</b><br>" + _e(t) + "<br>" + _e(w) + "</div>"
                     for a, t, w in (_question_lines(g, q) for q in s.questions))
        rows.append(f"<tr><td>{_e(s.phase)}</td><td>{s.minutes}{L['unit_min']}</td><td>{_e(s.activity)}{qs}</td>"
                    f"<td>{_items(s.moves) if s.moves else ''}</td></tr>")
    sections.append((rest[1], f"<table class='timing'><tr><th>{L['phase']}</th><th>{L['min']}</th>"
                              f"<th>{L['activity']}</th><th>{L['moves']}</th></tr>{''.join(rows)}</table>"))
    resp = "".join(f"<tr><td>{_e(r.said)}</td><td>{_e(r.move)}</td></tr>" for r in g.responses)
    sections.append((rest[2], f"<table class='responses'><tr><th>{L['said']}</th><th>{L['move']}</th></tr>"
                              f"{resp}</table>"))
    sections.append((rest[3], _items(g.support)))
    areas = "".join(f"<div class='area'><div class='where'>{_e(where)}</div>{''.join(f'<p>{_e(x)}</p>' for x in lines)}"
                    f"</div>" for where, lines in g.board)
    sections.append((rest[4], f"<div class='board'>{areas}</div>"))
    sections.append((rest[5], f"<div class='note'>{_items(g.notes)}</div>"))
    body = "".join(f"<h2>{_e(h)}</h2>{content}" for h, content in sections)
    return page(g.title, f"<div class='page guide' data-guide='{g.lesson}'><h1>{_e(g.title)}</h1>{body}</div>", g.lang)


def guide_markdown(g: Guide) -> str:
    """The same guide as Markdown (for the documentation site), under the same headings."""
    L, H = g.labels, HEADINGS[g.lang]

    def items(xs: tuple[str, ...]) -> str:
        return "\n".join(f"- {x}" for x in xs)

    def cell(text: str) -> str:
        return text.replace("|", "\\|")

    crit = "\n".join(f"| {c.aspect} | {cell(c.shows)} | {cell(c.seen_in)} |" for c in g.criteria)
    table = f"| {L['aspect']} | {L['shows']} | {L['seen']} |\n|---|---|---|\n{crit}"
    parts = [(H[0], g.unit), (H[1], L["grade"].format(n=g.grade)),
             (H[2], items(_position(g))), (H[3], g.objective),
             (H[4], f"**{g.meate}**")]
    if g.lang == "ja":
        parts.append((H[5], items(g.standards) + "\n\n" + table))
        rest = H[6:]
    else:
        parts += [(H[5], items(g.standards)), (H[6], table)]
        rest = H[7:]
    rows = []
    for s in g.steps:
        qs = "".join("<br>**" + cell(a) + "**<br>" + cell(t) + "<br>" + cell(w)
                     for a, t, w in (_question_lines(g, q) for q in s.questions))
        rows.append(f"| {s.phase} | {s.minutes} | {cell(s.activity)}{qs} | {'<br>'.join(cell(m) for m in s.moves)} |")
    resp = "\n".join(f"| {cell(r.said)} | {cell(r.move)} |" for r in g.responses)
    board = "\n".join(f"- **{where}**: " + " / ".join(lines) for where, lines in g.board)
    parts += [(rest[0], items(g.materials)),
              (rest[1], f"| {L['phase']} | {L['min']} | {L['activity']} | {L['moves']} |\n|---|---|---|---|\n"
                        + "\n".join(rows)),
              (rest[2], f"| {L['said']} | {L['move']} |\n|---|---|\n{resp}"),
              (rest[3], items(g.support)), (rest[4], board), (rest[5], items(g.notes))]
    return f"# {g.title}\n\n" + "".join(f"## {h}\n\n{text}\n\n" for h, text in parts).rstrip("\n") + "\n"
