"""Issue 27 item 5: every sentence of the children's registers, wrapped at phone widths by the
table component's ``wrapText`` (node), breaks between words, never inside one (「コンピュータ|ー」)
and never before ー, a small kana or a closing mark."""
from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from ja_audit import label_texts, narration_texts, session_texts, story_texts, visible

ROOT = Path(__file__).resolve().parents[2]


def kids_sentences() -> list[str]:
    out: set[str] = set()
    for part in (label_texts(), story_texts(), narration_texts(1), session_texts(20)):
        for reg, text in part:
            if reg in ("ja_kids", "ja_kana"):
                out.update(line.strip() for line in visible(text).split("\n") if line.strip())
    return sorted(out)


def test_no_kids_sentence_breaks_inside_a_word(tmp_path):
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the wrap is the table component's JavaScript (apt-get install nodejs)")
    sentences = kids_sentences()
    assert len(sentences) > 1000 and any("コンピューター" in s for s in sentences)
    fixture = tmp_path / "kids.json"
    fixture.write_text(json.dumps(sentences, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(["node", "tests/js/wrap_kids.mjs", str(fixture), "[360, 300, 220]"], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout)
    assert result["sentences"] == len(sentences) and result["lines"] > 3 * len(sentences)
    assert result["bad"] == [] and result["count"] == 0
