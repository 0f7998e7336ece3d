"""Read-aloud (issue 31, item 5): the option of ``WarWidget`` and the table component, and the
button's words in every register (the browser side: tests/js/speech.test.js and
tests/browser/test_read_aloud_browser.py)."""
from __future__ import annotations

from war_widget import WarWidget
from war_widget.views.component.widget import TableComponent


def test_read_aloud_is_off_unless_asked_for() -> None:
    assert WarWidget(records=False).read_aloud is False
    assert WarWidget(records=False, read_aloud=True).read_aloud is True
    assert TableComponent(read_aloud=True).read_aloud is True
    assert TableComponent().read_aloud is False


def test_the_buttons_words_in_each_register() -> None:
    words = {lang: TableComponent(lang=lang).setup["words"]["read_aloud"] for lang in ("en", "ja", "ja_kana")}
    assert words == {"en": "Read aloud", "ja": "読み上げ", "ja_kana": "こえで よむ"}
