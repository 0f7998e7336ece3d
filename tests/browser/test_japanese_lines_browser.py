"""Japanese lines break between words in the browser (issue 27 item 5): the children's registers,
written with a space between words (分かち書き), break only at those spaces or after punctuation;
no line starts with ー, a small kana or a closing mark. Read off real Chromium with the real
``table.css`` and Noto CJK: each sentence of a few games is laid out in the table's sentence, log
and notice boxes at phone widths, and the line of every character is read from the page."""
from __future__ import annotations

from pathlib import Path

import pytest

from war_widget.session.war import WarSession

pytestmark = pytest.mark.browser

CSS = Path(__file__).resolve().parents[2] / "war_widget" / "views" / "component" / "table.css"
AFTER_OK = set(" 、。！？：）」』…・　")      # a line may end after these
BEFORE_OK = set("（「『 　")                 # ... or before these
NEVER_FIRST = set("ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮ、。！？）」』：")

# the lines of a box's text: for each character, the top of its box; a new line where it grows
LINES = """(box) => {
    const node = box.firstChild, text = node.textContent, starts = [];
    let top = null;
    for (let i = 0; i < text.length; i++) {
        const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
        const rect = r.getClientRects()[0];
        if (!rect || rect.width === 0) continue;
        if (top !== null && rect.top > top + 2) starts.push(i);
        top = rect.top;
    }
    return starts;
}"""
# LINES for each of many texts put in the box in turn, in one call (one round trip, not two a text)
LINES_OF_EACH = f"(box, texts) => texts.map(t => {{ box.textContent = t; return ({LINES})(box); }})"


def sentences(register: str) -> list[str]:
    """Every sentence of three kids games and a number lesson, in ``register``."""
    out: list[str] = []
    for seed, rules in ((1, "kids"), (2, "kids"), (3, "number_lesson")):
        s = WarSession(rules, seed=seed, lang="ja" if register == "ja_kids" else register, aids=True, records=None)
        assert s.reg == register, (rules, s.reg)
        for _ in range(40):
            s.flip()
        out.extend(s.narration_log)
    return sorted({line for text in out for line in text.split("\n") if line.strip()})


@pytest.mark.parametrize("register", ["ja_kids", "ja_kana"])
def test_the_childrens_sentences_break_only_between_words(chromium, register: str) -> None:
    texts = sentences(register)
    assert len(texts) > 50 and any("コンピューター" in t for t in texts), len(texts)
    page = chromium.new_page(viewport={"width": 390, "height": 844})
    try:
        page.set_content(f'<div class="wt-root" lang="ja" data-register="{register}">'
                         '<div class="wt-say" style="width: 300px"></div><div class="wt-log" style="width: 220px; '
                         'max-height: none"><p></p></div><div class="wt-notice" style="width: 250px"></div></div>')
        page.add_style_tag(path=str(CSS))
        page.wait_for_function("() => document.fonts.ready.then(() => true)")
        bad, lines = [], 0
        for selector in (".wt-say", ".wt-log p", ".wt-notice"):
            box = page.locator(selector)
            for text, starts in zip(texts, box.evaluate(LINES_OF_EACH, texts), strict=True):
                lines += len(starts) + 1
                for i in starts:
                    ok = (text[i - 1] in AFTER_OK or text[i] in BEFORE_OK) and text[i] not in NEVER_FIRST
                    if not ok:
                        bad.append(f"{selector}: {text[:i]}|{text[i:]}")
        assert lines > 2 * 3 * len(texts), "the boxes are too wide to test any break"
        assert not bad, f"{len(bad)} breaks inside a word, e.g. {bad[:5]}"
    finally:
        page.close()
