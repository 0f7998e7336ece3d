"""The teacher's guides and notebook 05 point to the school variants (issue 18), which the page
now plays, and to the game's name on the page."""
from __future__ import annotations

import json
import re
from pathlib import Path

from war_widget.lessons.guides import guide

ROOT = Path(__file__).resolve().parents[2]


def test_the_guides_point_to_the_school_variants_and_the_name() -> None:
    for lesson in ("compare", "play"):
        for lang in ("en", "ja"):
            notes = " ".join(guide(lesson, lang).notes)
            assert "does not play" not in notes and "まだ対応していない" not in notes
            assert "05" in notes and ("name=" in notes)
    en, ja = " ".join(guide("compare", "en").notes), " ".join(guide("compare", "ja").notes)
    for word in ("addition", "subtraction", "multiplication (A-9", "place value", "7 + 5 > 3 + 6, then 12 > 9"):
        assert word in en
    for word in ("たし算", "ひき算", "かけ算（A〜9、九九）", "位取り", "7 + 5 > 3 + 6、それから 12 > 9", "かずくらべ"):
        assert word in ja
    running = re.compile(r"=\s*\d+\s*[<>=]")           # 7 + 5 = 12 > ...: the running equals teachers correct
    for g in (guide(lesson, lang) for lesson in ("compare", "play") for lang in ("en", "ja")):
        assert not running.search(" ".join((*g.notes, *g.support, *(s.activity for s in g.steps)))), g.lesson


def test_notebook_05_has_the_extension_played_by_the_engine() -> None:
    for name, said, last in (("05_number_comparison.ipynb", "Which is bigger: 7 + 5 or 3 + 6?", "place_value"),
                             ("05_number_comparison_ja.ipynb", "7 + 5と 3 + 6、どっちが 大きい？",
                              "3けたの かずづくり")):
        cells = json.loads((ROOT / "notebooks" / name).read_text(encoding="utf-8"))["cells"]
        code = next(c for c in cells if c.get("id") == "school-code")
        source, output = "".join(code["source"]), "".join("".join(o.get("text", "")) for o in code["outputs"])
        assert source.startswith("# NBVAL_CHECK_OUTPUT") and 'Game.from_hands("addition"' in source
        assert said in output and "7 + 5 > 3 + 6" in output and "12 > 9" in output
        assert "= 12 >" not in output                # no running equals in the aid
        named = output.split("\n")[3]                # the rules line under the teacher's name
        assert last in output and "war" not in named.lower() and "戦争" not in named
