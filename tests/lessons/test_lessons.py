"""The lessons (issues 18, 27): teacher's guides in the form of a 学習指導案 (and its English
counterpart), and printables made from the code (a record sheet with 「○ > ○」 blanks on one A4 page,
dot cards in ten-frames in a desk set and a board set, a rules card with the tie and the end).

Built here into a temporary folder and read back as a person would (headings, minutes, blanks,
dots); the browser test prints every page to PDF in headless Chromium and counts the pages.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from war_widget import Card, Game, Rules
from war_widget.lessons import build
from war_widget.lessons.__main__ import main
from war_widget.lessons.guides import ASPECTS, GUIDES, HEADINGS, Guide, Step, guide, guide_markdown
from war_widget.lessons.printables import RANKS, faces_svg, number_line_svg, ten_frames_svg
from war_widget.text.kanji_grades import GRADE1, UP_TO_GRADE2, is_kanji
from war_widget.text.number_mode import number_value, plain_number_order, question_kind
from war_widget.text.terms_ja import term_problems

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"


def visible(page: str) -> str:
    page = re.sub(r"<style>.*?</style>|<svg.*?</svg>", " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "\n", page))


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, str]:
    out = tmp_path_factory.mktemp("lessons")
    paths = build(out)
    return {p.name: p.read_text(encoding="utf-8") for p in paths}


def test_every_page_is_built(pages):
    names = set(pages)
    for lesson in ("compare", "play"):
        for lang in ("en", "ja"):
            assert {f"guide_{lesson}_{lang}.html", f"guide_{lesson}_{lang}.md"} <= names
    for printable in ("record_sheet", "dot_cards", "dot_cards_board", "rules_card"):
        assert {f"{printable}_en.html", f"{printable}_ja.html"} <= names
    assert len(names) == 16
    assert all(p.startswith("<!DOCTYPE html>") and "@page" in p for n, p in pages.items() if n.endswith(".html"))


def headings(page: str) -> list[str]:
    return [html.unescape(h) for h in re.findall(r"<h2>(.*?)</h2>", page)]


@pytest.mark.parametrize("key", sorted(GUIDES))
def test_a_guide_has_every_part_of_a_lesson_plan(key, pages):
    """A 学習指導案 (and its English counterpart): every part under its heading, in the HTML and the
    Markdown, one target grade, the three 観点, 45 minutes in 導入・展開・まとめ, questions with time."""
    g = GUIDES[key]
    page = pages[f"guide_{g.lesson}_{g.lang}.html"]
    md = pages[f"guide_{g.lesson}_{g.lang}.md"]
    assert headings(page) == list(HEADINGS[g.lang])
    assert re.findall(r"^## (.*)$", md, flags=re.M) == list(HEADINGS[g.lang]) and md == guide_markdown(g)
    assert isinstance(g.grade, int) and 1 <= g.grade <= 6                     # one grade, not "K-2"
    assert (f"第{g.grade}学年" if g.lang == "ja" else f"Grade {g.grade}") in visible(page)
    assert 0 <= g.this_lesson < len(g.position) and len(g.position) >= 3
    assert [c.aspect for c in g.criteria] == list(ASPECTS[g.lang]) and all(c.shows and c.seen_in for c in g.criteria)
    assert g.minutes == 45
    phases = [s.phase for s in g.steps]
    opening, main, summary = (("導入", "展開", "まとめ") if g.lang == "ja" else ("Opening", "Main activity", "Summary"))
    assert phases[0] == opening and phases[-1] == summary and main in phases
    assert len(g.questions) >= 3 and all(q.think_seconds >= 15 and q.listen_for for q in g.questions)
    assert len(g.responses) >= 3 and all(r.said and r.move for r in g.responses)
    assert len(g.support) >= 2 and len(g.board) == 3 and all(lines for _, lines in g.board)
    assert g.materials and g.objective and g.meate and g.unit and g.standards
    for q in g.questions:
        assert q.ask in visible(page) and str(q.think_seconds) in visible(page)
    assert g.meate in visible(page) and g.meate in md
    standards = " ".join(g.standards)
    if g.lang == "ja":
        assert "学習指導要領" in standards and f"第{g.grade}学年" in standards
    else:
        assert "Common Core 1." in standards
    if g.lang == "ja":
        assert [t for t in (g.objective, g.meate, *g.materials, *(s.activity for s in g.steps))
                if term_problems(t, "ja")] == []
        assert not re.search(r"\d[ \u3000]+(?:分|秒|枚|回|人|時)", visible(page))
        # めあて is read by the children: kana beyond the kanji of their grade
        allowed = GRADE1 if g.grade == 1 else UP_TO_GRADE2
        assert [k for k in g.meate if is_kanji(k) and k not in allowed] == [], g.meate


# What the children know at that point: the signs > and < are taught in 第2学年 in Japan (学習指導要領
# 算数 第2学年 A(1): 不等号) and in grade 1 under Common Core (1.NBT.B.3); line graphs in 第4学年.
SIGNS_FROM = {"ja": 2, "en": 1}
LINE_GRAPHS_FROM = 4


def class_text(g: Guide, steps: tuple[Step, ...] | None = None) -> str:
    """What happens in front of the children: the steps (or some), and with all of them the board,
    the めあて, the supports and the responses."""
    parts = [t for s in (g.steps if steps is None else steps)
             for t in (s.activity, *s.moves, *(x for q in s.questions for x in (q.ask, q.listen_for)))]
    if steps is None:
        parts += [g.meate, *g.support, *(x for r in g.responses for x in (r.said, r.move)),
                  *(x for _, lines in g.board for x in lines)]
    return "\n".join(parts)


@pytest.mark.parametrize("key", sorted(GUIDES))
def test_the_timings_follow_what_the_children_know(key):
    g = GUIDES[key]
    signs = re.compile(r"[<>]")
    if g.grade < SIGNS_FROM[g.lang]:
        assert g.signs_taught is None and not signs.search(class_text(g)), key
    if g.signs_taught is None:
        assert not signs.search(class_text(g)), key
    else:
        assert not signs.search(class_text(g, g.steps[:g.signs_taught])), key   # nothing written before
        taught = g.steps[g.signs_taught]
        assert any(">" in q.ask for q in taught.questions), key                  # the step that teaches them
    if g.grade < LINE_GRAPHS_FROM:
        assert not re.search(r"chart|graph|グラフ|折れ線", class_text(g), flags=re.I), key


def test_a_guide_that_teaches_the_signs_comes_after_the_numbers():
    """The compare lesson: cards are numbers (A = 1, J Q K = 11 12 13) before any comparison is written."""
    for lang in ("en", "ja"):
        g = guide("compare", lang)
        assert g.signs_taught is not None
        before = class_text(g, g.steps[:g.signs_taught])
        assert "13" in before and ("10 + 3" in before)


def test_the_record_sheet_has_a_blank_for_every_number_and_sign(pages):
    for lang in ("en", "ja"):
        page = pages[f"record_sheet_{lang}.html"]
        rows = re.findall(r"<tr data-row='\d+'>(.*?)</tr>", page)
        assert len(rows) == 8
        assert all(r.count("class='blank'") == 2 and r.count("class='sign'") == 1 for r in rows)
        assert page.count("data-mark=") == 2 and "13 > 7" in visible(page)   # the example on the number line
    assert "「Kの ほうが 大きい」" in pages["record_sheet_ja.html"]


def _dot_cards(page: str) -> list[tuple[str, str, str, str]]:
    chunks = page.split("<div class='dotcard' ")[1:]
    return [re.match(r"data-rank='(\w+)' data-value='(\d+)'>(.*?)</svg>(.*)", c, flags=re.S).groups()  # type: ignore
            for c in chunks]


@pytest.mark.parametrize("name", ["dot_cards", "dot_cards_board"])
def test_the_dot_cards_count_every_card_in_ten_frames(pages, name):
    for lang in ("en", "ja"):
        page = pages[f"{name}_{lang}.html"]
        cards = _dot_cards(page)
        assert [rank for rank, *_ in cards] == list(RANKS)
        for rank, value, svg, after in cards:
            n = int(value)
            assert n == number_value(Card.parse(rank + "S")) == RANKS.index(rank) + 1   # A = 1 ... K = 13
            assert svg.count("class='dot'") == n                                  # the pips, one by one
            assert [int(k) for k in re.findall(r">(\d+)</text>", svg)] == list(range(1, n + 1))
            assert svg.count("data-frame=") == (2 if n > 10 else 1)
            if n > 10:
                assert f"{n} = 10 + {n - 10}" in after                            # 13 = 10 + 3
        sheets = re.findall(r"<div class='page[^']*' data-printable='(\w+)'>(.*?)(?=<div class='page|</body>)", page,
                            flags=re.S)
        if name == "dot_cards_board":                                              # one card a page
            assert [body.count("class='dotcard'") for _, body in sheets] == [1] * 13
        else:                                                                      # nine to a desk sheet
            assert [body.count("class='dotcard'") for _, body in sheets] == [9, 4]
    board = ten_frames_svg(13, 120)
    assert re.search(r"width='(\d+)'", board).group(1) == str(5 * 120 + 8)        # type: ignore[union-attr]


def test_the_childrens_pages_are_in_childrens_words(pages):
    for name in ("record_sheet_ja.html", "dot_cards_ja.html", "dot_cards_board_ja.html", "rules_card_ja.html"):
        text = visible(pages[name])
        hard = [k for k in text if is_kanji(k) and k not in GRADE1]      # a first-grader reads them
        assert hard == [], (name, hard)
        assert term_problems(text, "ja_kids") == [], name
        assert not re.findall(r"[A-Za-z]{2,}", text.replace("DOCTYPE", "")), name
    rules = visible(pages["rules_card_ja.html"])
    assert "Aは 1" in rules and "Kは 13" in rules and "もういっしょうぶ" in rules


# The preset the classroom page plays in the lessons, and so the rules the rules card must tell.
LESSON_RULES = "number_lesson"


def test_the_guides_name_the_number_lessons_and_they_play_the_numbers():
    """Every rules="..." a guide names is a preset whose battle is the numbers (A = 1 ... K = 13), so
    the screen plays the game the rules card and the record sheet describe."""
    named = set()
    for g in GUIDES.values():
        named |= set(re.findall(r'rules=\\?"(\w+)\\?"', " ".join((*g.materials, *g.support, *g.notes))))
    assert named == {"number_lesson", "number_lesson_10"}
    for name in named:
        rules = Rules.preset(name)
        assert question_kind(rules) == "bigger" and plain_number_order(rules), name
        ace_two = Game.from_hands(rules, [["AS"], ["2H"]]).play_round()
        assert ace_two is not None and ace_two.winner == 1                  # A is 1: the 2 beats it
        assert Rules.preset(name).deck_size == (52 if name == "number_lesson" else 40)


def test_the_rules_card_says_how_a_tie_and_the_end_work_as_the_game_plays_them(pages):
    """The tie, a tie with no card left, and the end, as the engine plays the lesson's rules."""
    rules = Rules.preset(LESSON_RULES)
    tie = Game.from_hands(rules, [["5S", "KH", "2C"], ["5D", "9C", "3D"]]).play_round()     # 5 = 5, then K > 9
    assert tie is not None and tie.winner == 0 and len(tie.cards_moved) == 4                # all, none face down
    last = Game.from_hands(rules, [["5S"], ["5D", "9C", "3D"]]).play_round()                # the 5 plays again
    assert last is not None and last.winner == 1 and len(last.cards_moved) == 3
    assert rules.capture == "bottom" and rules.round_limit is None                          # under the pile; timed
    timed = Game.from_hands(rules, [["5S", "KH", "2C"], ["4D", "9C"]])
    timed.play_round()
    outcome = timed.end_now()
    assert outcome.winner == 0                                                              # more cards wins
    for lang, says in (("en", ("one more card", "all the cards", "last card stays in", "under your pile",
                               "wins all the cards wins", "More cards wins", "draw")),
                       ("ja", ("もう1まいずつ めくって", "ぜんぶ もらう", "さいごに 出した カードで", "山の 下に",
                               "ぜんぶ あつめた 人の かち", "おおい 人の かち", "ひきわけ"))):
        page = pages[f"rules_card_{lang}.html"]
        parts = dict(re.findall(r"<ol class='steps' data-part='(\w+)'[^>]*>(.*?)</ol>", page, flags=re.S))
        assert set(parts) == {"play", "tie", "end"}
        text = visible(page)
        assert all(phrase in text for phrase in says), [p for p in says if p not in text]
        tie_text = visible(parts["tie"])
        assert "face down" not in tie_text and "ふせ" not in tie_text                         # no card face down


def test_the_drawings_and_bad_input():
    assert number_line_svg((3, 9)).count("<text") == 14 and number_line_svg((3, 9)).count("data-mark=") == 2
    assert ten_frames_svg(0).count("class='dot'") == 0 and ten_frames_svg(20).count("class='dot'") == 20
    assert faces_svg().count("class='face'") == 3
    with pytest.raises(ValueError, match="0 to 20 dots"):
        ten_frames_svg(21)
    with pytest.raises(ValueError, match="lesson must be one of 'compare', 'play'"):
        guide("nosuch", "en")
    with pytest.raises(ValueError, match="lang must be one of"):
        guide("compare", "fr")


def test_the_command_line(tmp_path, capsys):
    assert main([str(tmp_path / "out")]) == 0 and "16 files written" in capsys.readouterr().out
    assert len(list((tmp_path / "out").iterdir())) == 16
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert main([str(blocker)]) == 1 and "is a file" in capsys.readouterr().err
    assert main([]) == 2 and "usage" in capsys.readouterr().err


def pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF (its page objects: /Type /Page, not /Pages)."""
    return len(re.findall(rb"/Type\s*/Page(?![s\w])", pdf))


MM = 96 / 25.4   # CSS pixels in a millimetre


@pytest.mark.browser
def test_every_guide_and_printable_prints_on_a4(tmp_path):
    """Built by the command line, every page printed to PDF in headless Chromium (A4): the record
    sheet and the rules card on one page each, the board dot cards one page a card, the desk set
    two sheets; each guide with all its headings in the printed page; the blanks and faces big
    enough to write and colour in. PDFs and screenshots into tests/lessons/artifacts/."""
    from playwright.sync_api import sync_playwright

    out = tmp_path / "lessons"
    assert main([str(out)]) == 0
    ARTIFACTS.mkdir(exist_ok=True)
    expected = {"record_sheet": 1, "rules_card": 1, "dot_cards_board": len(RANKS), "dot_cards": 2}
    counts: dict[str, int] = {}
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                          "--disable-background-networking", "--disable-component-update",
                                          "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 794, "height": 1123})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            for path in sorted(out.glob("*.html")):
                page.goto(path.as_uri())
                page.emulate_media(media="print")
                pdf = page.pdf(format="A4")
                assert pdf.startswith(b"%PDF"), path.name
                (ARTIFACTS / f"{path.stem}.pdf").write_bytes(pdf)
                counts[path.stem] = pdf_pages(pdf)
                if path.name.startswith("guide_"):
                    lang = path.stem[-2:]
                    assert page.locator("h2").all_inner_texts() == list(HEADINGS[lang]), path.name
                if path.stem in ("record_sheet_ja", "rules_card_ja", "guide_compare_ja"):
                    page.screenshot(path=str(ARTIFACTS / f"{path.stem}.png"), full_page=True)
                if path.stem.startswith("record_sheet"):
                    blanks = page.locator(".blank")
                    assert blanks.count() == 16
                    box = blanks.first.bounding_box()
                    assert box is not None and box["width"] >= 14 * MM and box["height"] >= 14 * MM   # room for 13
                    faces = page.locator(".face")
                    assert faces.count() == 3
                    face = faces.first.bounding_box()
                    assert face is not None and face["width"] >= 20 * MM                        # to colour in
                if path.stem.startswith("dot_cards_board"):
                    frame = page.locator(".tenframe").first.bounding_box()
                    assert frame is not None and frame["width"] >= 150 * MM                     # across a room
        finally:
            browser.close()
    assert errors == []
    for lang in ("en", "ja"):
        for name, n in expected.items():
            assert counts[f"{name}_{lang}"] == n, (name, lang, counts)
        for lesson in ("compare", "play"):
            assert 1 <= counts[f"guide_{lesson}_{lang}"] <= 6, counts
