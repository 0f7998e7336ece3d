"""The lessons (issue 18): teacher's guides a teacher runs without preparation, and printables made
from the code (a record sheet with 「○ > ○」 blanks, dot cards in ten-frames, a rules card).

Built here into a temporary folder, read back as a person would (sections, minutes, blanks,
dots), and two pages are opened in headless Chromium and photographed into tests/lessons/artifacts/.
"""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from war_widget import Card
from war_widget.lessons import build
from war_widget.lessons.__main__ import main
from war_widget.lessons.guides import GUIDES, guide, guide_markdown
from war_widget.lessons.printables import RANKS, number_line_svg, ten_frames_svg
from war_widget.text.kanji_grades import beyond_grade2
from war_widget.text.number_mode import number_value
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
    for printable in ("record_sheet", "dot_cards", "rules_card"):
        assert {f"{printable}_en.html", f"{printable}_ja.html"} <= names
    assert all(p.startswith("<!DOCTYPE html>") and "@page" in p for n, p in pages.items() if n.endswith(".html"))


@pytest.mark.parametrize("key", sorted(GUIDES))
def test_a_guide_has_everything_a_teacher_needs(key, pages):
    g = GUIDES[key]
    assert g.minutes == 45                                     # one period
    phases = "".join(s.phase for s in g.steps)
    assert all(p in phases for p in ("導入", "展開", "まとめ"))
    assert len(g.questions) >= 3 and all(q.think_seconds >= 15 and q.listen_for for q in g.questions)
    assert g.aim and g.who and g.pair_work and g.record and g.reflection and g.assessment
    curriculum = " ".join(g.curriculum)
    assert "1.NBT.B.3" in curriculum and ("学習指導要領" in curriculum)
    if g.lesson == "compare":
        assert all(code in curriculum for code in ("K.CC.C.6", "K.CC.C.7"))
        assert "第1学年" in curriculum or "grade 1" in curriculum
    page = visible(pages[f"guide_{g.lesson}_{g.lang}.html"])
    for word in g.labels.values():
        if "{" not in word:
            assert word in page or word in ("min", "分", "listen for", "見取りのポイント", "段階", "学習活動", "Part",
                                            "What happens")
    for q in g.questions:
        assert q.ask in page and str(q.think_seconds) in page
    md = guide_markdown(g)
    assert md.startswith(f"# {g.title}") and md.count("\n## ") >= 10 and md == pages[f"guide_{g.lesson}_{g.lang}.md"]
    if g.lang == "ja":
        assert [t for t in (g.aim, g.who, *g.prepare, *(s.what for s in g.steps)) if term_problems(t, "ja")] == []
        assert not re.search(r"\d[ \u3000]+(?:分|秒|枚|回|人)", page)


def test_the_record_sheet_has_a_blank_for_every_number_and_sign(pages):
    for lang in ("en", "ja"):
        page = pages[f"record_sheet_{lang}.html"]
        rows = re.findall(r"<tr data-row='\d+'>(.*?)</tr>", page)
        assert len(rows) == 8
        assert all(r.count("class='blank'") == 2 and r.count("class='sign'") == 1 for r in rows)
        assert page.count("data-mark=") == 2 and "13 > 7" in visible(page)   # the example on the number line
    assert "「Kの ほうが 大きい」" in pages["record_sheet_ja.html"]


def test_the_dot_cards_count_every_card_in_ten_frames(pages):
    for lang in ("en", "ja"):
        chunks = pages[f"dot_cards_{lang}.html"].split("<div class='dotcard' ")[1:]
        cards = [re.match(r"data-rank='(\w+)' data-value='(\d+)'>(.*?)</svg>(.*)", c, flags=re.S).groups()
                 for c in chunks]
        assert [rank for rank, *_ in cards] == list(RANKS)
        for rank, value, svg, after in cards:
            n = int(value)
            assert n == number_value(Card.parse(rank + "S")) == RANKS.index(rank) + 1   # A = 1 ... K = 13
            assert svg.count("class='dot'") == n                                  # the pips, one by one
            assert [int(k) for k in re.findall(r">(\d+)</text>", svg)] == list(range(1, n + 1))
            assert svg.count("data-frame=") == (2 if n > 10 else 1)
            if n > 10:
                assert f"{n} = 10 + {n - 10}" in after                            # 13 = 10 + 3


def test_the_childrens_pages_are_in_childrens_words(pages):
    for name in ("record_sheet_ja.html", "dot_cards_ja.html", "rules_card_ja.html"):
        text = visible(pages[name])
        assert beyond_grade2(text) == [], (name, beyond_grade2(text))
        assert term_problems(text, "ja_kids") == [], name
        assert not re.findall(r"[A-Za-z]{2,}", text.replace("DOCTYPE", "")), name
    rules = visible(pages["rules_card_ja.html"])
    assert "Aは 1" in rules and "Kは 13" in rules and "もういっしょうぶ" in rules


def test_the_drawings_and_bad_input():
    assert number_line_svg((3, 9)).count("<text") == 14 and number_line_svg((3, 9)).count("data-mark=") == 2
    assert ten_frames_svg(0).count("class='dot'") == 0 and ten_frames_svg(20).count("class='dot'") == 20
    with pytest.raises(ValueError, match="0 to 20 dots"):
        ten_frames_svg(21)
    with pytest.raises(ValueError, match="lesson must be one of 'compare', 'play'"):
        guide("nosuch", "en")
    with pytest.raises(ValueError, match="lang must be one of"):
        guide("compare", "fr")


def test_the_command_line(tmp_path, capsys):
    assert main([str(tmp_path / "out")]) == 0 and "14 pages written" in capsys.readouterr().out
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    assert main([str(blocker)]) == 1 and "is a file" in capsys.readouterr().err
    assert main([]) == 2 and "usage" in capsys.readouterr().err


@pytest.mark.browser
def test_a_guide_and_a_printable_as_they_look(pages, tmp_path):
    """One lesson page and one printable in headless Chromium: no console error, A4 width, the
    blanks big enough to write in; screenshots into tests/lessons/artifacts/."""
    from playwright.sync_api import sync_playwright

    ARTIFACTS.mkdir(exist_ok=True)
    for name in ("guide_compare_ja.html", "record_sheet_ja.html", "dot_cards_en.html"):
        (tmp_path / name).write_text(pages[name], encoding="utf-8")
    errors: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", headless=True,
                                    args=["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                                          "--disable-background-networking", "--disable-component-update",
                                          "--no-first-run"])
        try:
            page = browser.new_page(viewport={"width": 900, "height": 1200})
            page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.goto((tmp_path / "guide_compare_ja.html").as_uri())
            assert page.locator("h1").inner_text().startswith("どっちが大きい？")
            assert page.locator("table.timing tr").count() == 1 + len(GUIDES["compare", "ja"].steps)
            page.screenshot(path=str(ARTIFACTS / "guide_compare_ja.png"), full_page=True)
            page.goto((tmp_path / "record_sheet_ja.html").as_uri())
            blanks = page.locator(".blank")
            assert blanks.count() == 16
            box = blanks.first.bounding_box()
            assert box is not None and box["width"] >= 55 and box["height"] >= 55     # about 17 mm: room for 13
            sheet = page.locator(".page").bounding_box()
            assert sheet is not None and 680 <= sheet["width"] <= 800                  # 182 mm + padding
            page.screenshot(path=str(ARTIFACTS / "record_sheet_ja.png"), full_page=True)
            page.goto((tmp_path / "dot_cards_en.html").as_uri())
            assert page.locator(".dotcard").count() == 13
            pdf = page.pdf(format="A4")
            assert pdf.startswith(b"%PDF") and len(pdf) > 10_000
            page.screenshot(path=str(ARTIFACTS / "dot_cards_en.png"), full_page=True)
        finally:
            browser.close()
    assert errors == []
