"""The English notebooks' claims about the sources, checked against the sources (issue 18).

Every Japanese (or Chinese) phrase a notebook quotes in a cell that cites a source ([000], [001],
[003], [004]) must stand word for word in that source text; the figures the notebooks state about
the sources' claims are recomputed here with the engine, from deals written out in this file.
"""
from __future__ import annotations

import re
from math import sqrt
from pathlib import Path

import nbformat
import pytest

from war_widget import Card, Game, Rules
from war_widget.sim.simulation import game_seed

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted(p for p in (ROOT / "notebooks").glob("*.ipynb") if not p.name.endswith("_ja.ipynb"))
SOURCES = Path(__file__).resolve().parent / "sources"  # copies of the source texts [000]-[004]
CJK = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")
QUOTED = re.compile(r"「([^「」]+)」|\"([^\"]+)\"")
CITED = re.compile(r"\[(\d{3}(?:,\s*\d{3})*)")


def _seed_texts() -> dict[str, str]:
    found = {p.name[:3]: re.sub(r"\s+", "", p.read_text(encoding="utf-8")) for p in SOURCES.glob("00*.txt")}
    assert set(found) == {"000", "001", "003", "004"}, f"the source texts are missing from {SOURCES}"
    return found


def _markdown(path: Path) -> list[str]:
    nb = nbformat.read(path, as_version=4)
    return [c.source for c in nb.cells if c.cell_type == "markdown"]


def _text(name: str) -> str:
    return "\n".join(_markdown(ROOT / "notebooks" / name))


def quoted_source_phrases() -> list[tuple[str, str, set[str]]]:
    """(notebook, phrase, cited sources) for every CJK phrase quoted in a cell that cites a source."""
    out = []
    for path in NOTEBOOKS:
        for cell in _markdown(path):
            cited = {n.strip() for group in CITED.findall(cell) for n in group.split(",")}
            for match in QUOTED.finditer(cell):
                phrase = match.group(1) or match.group(2)
                if CJK.search(phrase):
                    out.append((path.name, phrase, cited))
    return out


def test_every_quoted_source_phrase_stands_in_the_source():
    seeds = _seed_texts()
    phrases = quoted_source_phrases()
    assert len(phrases) >= 5, phrases  # 03, 04 (two), 09 (two), 10 quote the sources in their own words
    for notebook, phrase, cited in phrases:
        assert cited, f"{notebook}: {phrase!r} is quoted without naming its source"
        body = re.sub(r"\s+", "", phrase)
        assert any(body in seeds[c] for c in cited if c in seeds), f"{notebook}: {phrase!r} is not in {sorted(cited)}"


def test_the_check_catches_a_misquote():
    seeds = _seed_texts()
    assert "10局に1局以上" in seeds["000"] and "約3分の1の局が自然に取り切りで終わり" in seeds["000"]
    assert "3分の1の局が終わらない" not in seeds["000"]  # what notebook 10 used to put in its mouth


# --- notebook 10: [000]'s "more than 1 in 10" -----------------------------------------------------------
def test_ten_quotes_more_than_one_in_ten_and_the_engine_agrees():
    text = _text("10_a_million_games.ipynb")
    assert "10局に1局以上" in text
    assert not re.search(r"\[000\] says \"about a third\"", text)
    assert "| \"about a third\" never end | [000]" not in text
    # [000]'s rules without the shuffle, won cards in the order played: how many games cycle for ever?
    rules = Rules(face_down=1, capture="bottom", gather="played", shortage="lose", zero="reuse", round_limit=None)
    games, cycles = 40, 0
    for i in range(games):
        outcome = Game(rules, game_seed(2026, i)).play_to_end(max_rounds=4000)
        cycles += outcome is not None and outcome.reason.name == "CYCLE"
    p, z = cycles / games, 1.96
    low = (p + z * z / (2 * games) - z * sqrt(p * (1 - p) / games + z * z / (4 * games * games))) / (1 + z * z / games)
    assert low > 0.10, (cycles, games)  # more than one in ten, with 95% confidence, on cycles alone


# --- notebook 03: a war moves 6 cards only when nobody runs short ------------------------------------------
def test_three_counts_the_cards_a_war_moves():
    text = _text("03_step_through_a_war.ipynb")
    assert "always moves 2 + 4 = 6" not in text
    single = Game.from_hands("classic", [["9S", "4C", "KD", "2S", "6H"], ["9H", "2C", "5S", "3D", "7C"]])
    short = Game.from_hands("classic", [["7S", "5C"], ["7H", "2D", "5S", "3H"]])
    moved = [len(g.play_round().cards_moved) for g in (single, short)]
    assert moved == [6, 5]
    assert "2 + 4 = 6 cards when both players have enough" in text and "the war moves 5 cards" in text


# --- notebook 04: the shortest game ------------------------------------------------------------------------
def _sweep_hands(rules: Rules, ties_first: int) -> list[list[str]]:
    """Player 1 wins every round; the first round has ``ties_first`` ties in a row, then every
    battle is won by player 1 (a high card against a low one)."""
    roles, left = [], 26
    for _ in range(ties_first):
        roles.append("tie")
        left -= 1
        down = min(rules.face_down, left - 1)
        roles += ["down"] * down
        left -= down
    roles += ["win"] * left
    cards = sorted((c.code for c in rules.deck_cards), key=lambda code: rules.strength(Card.parse(code)))
    wins = roles.count("win")
    high, low = cards[-wins:][::-1], cards[:wins][::-1]
    assert all(rules.strength(Card.parse(h)) > rules.strength(Card.parse(lo)) for h, lo in zip(high, low, strict=True))
    free = [c for c in cards if c not in high + low]
    pairs, rest = [], []
    for code in free:  # cards of one rank next to each other: pair them off
        if rest and Card.parse(rest[-1]).rank == Card.parse(code).rank and len(pairs) < roles.count("tie"):
            pairs.append((rest.pop(), code))
        else:
            rest.append(code)
    assert len(pairs) == roles.count("tie")
    a: list[str] = []
    b: list[str] = []
    for role in roles:
        x, y = {"tie": pairs.pop, "win": lambda: (high.pop(0), low.pop(0)),
                "down": lambda: (rest.pop(), rest.pop())}[role]()
        a.append(x)
        b.append(y)
    return [a, b]


@pytest.mark.parametrize("preset, ties, rounds", [
    ("classic", 1, 24), ("pagat", 1, 24), ("three_down", 1, 22),   # one war: shorter than a sweep
    ("classic", 13, 1), ("three_down", 7, 1),                      # every card in one round
    ("classic", 0, 26),                                             # the clean sweep
])
def test_four_games_shorter_than_a_clean_sweep(preset, ties, rounds):
    rules = Rules.preset(preset)
    game = Game.from_hands(rules, _sweep_hands(rules, ties))
    outcome = game.play_to_end(max_rounds=100)
    assert outcome is not None and outcome.winner == 0 and outcome.reason.name == "ALL_CARDS"
    assert game.round_number == rounds and (game.stats.wars > 0) == (ties > 0)


def test_four_says_what_is_shortest():
    text = _text("04_how_long_does_war_last.ipynb")
    assert "## 6. The shortest game: 26 battles and not one war" not in text
    assert "A game can end after exactly 26 rounds only if" not in text
    for claim in ("**24 rounds with one war**", "**22 rounds**", "**a single round**", "**two rounds**"):
        assert claim in text


# --- sentences about the notebooks themselves (issue 27) ---------------------------------------------------
ALL_NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def _cells(path: Path) -> list:
    return list(nbformat.read(path, as_version=4).cells)


def _flat(text: str) -> str:
    return re.sub(r"\s+", "", text)


def test_the_last_cell_named_is_the_last_cell():
    """"made by the last cell" / 「最後のセル」: the cell that writes the lessons (``build(``) must then be
    the notebook's last code cell (in 05, 05_ja and 01_play_ja another section followed it)."""
    for path in ALL_NOTEBOOKS:
        for cell in _cells(path):
            if cell.cell_type != "markdown":
                continue
            text = _flat(cell.source)
            for match in re.finditer(r"(?:`?(\d\d_[a-z_]+)`?の)?最後のセル|(?i:thelastcell)", text):
                target = ROOT / "notebooks" / f"{match.group(1)}.ipynb" if match.group(1) else path
                code = [c for c in _cells(target) if c.cell_type == "code"]
                assert "build(" in code[-1].source, f"{path.name} says {match.group(0)!r}, but it is not"


def test_the_build_cell_counts_files_not_pages(tmp_path):
    """「14ページ できました」: build() writes files (a guide is several printed pages, the board dot
    cards thirteen); the cell says how many files, and the number is the number build writes."""
    from war_widget.lessons import build

    written = len(build(tmp_path))
    for name in ("05_number_comparison.ipynb", "05_number_comparison_ja.ipynb"):
        cell = next(c for c in _cells(ROOT / "notebooks" / name) if c.cell_type == "code" and "build(" in c.source)
        output = "".join(o.get("text", "") for o in cell.outputs)
        assert not re.search(r"\d+\s*(?:pages|ページ)", output), f"{name}: {output!r}"
        assert re.search(rf"^{written} files|^ファイルが {written}こ", output), f"{name}: {output!r} ({written} files)"


def _package_strings() -> str:
    """Every string the package can show, as source text (the words and the component)."""
    pkg = ROOT / "war_widget"
    files = [*(pkg / "text").rglob("*.py"), *(pkg / "views").rglob("*.py"), *(pkg / "views").rglob("*.js"),
             *(pkg / "session").rglob("*.py")]
    return "".join(p.read_text(encoding="utf-8") for p in files)


def test_the_play_lesson_names_only_what_the_screen_shows():
    """「今回の物語」: every 「label」 01_play_ja quotes stands on the screen (the package's strings or the
    notebook's own outputs). What people say is exempt: a question or a call (？ ！) or a quote
    followed by と (「せーの」と声をそろえて). ([000] calls the count chart 「今回の物語」 in passing; the
    screen has no such label.)"""
    path = ROOT / "notebooks" / "01_play_ja.ipynb"
    cells = _cells(path)
    shown = _package_strings() + "".join(o.get("text", "") for c in cells if c.cell_type == "code"
                                         for o in c.get("outputs", []))
    quoted = [m for c in cells if c.cell_type == "markdown" for m in re.findall(r"「([^「」]+)」(?!と)", c.source)]
    assert len(quoted) >= 15
    missing = [q for q in quoted if not q.endswith(("？", "！", "?", "!")) and q not in shown]
    assert missing == []


# What a war moves: the tied cards, then face_down + 1 more each when both players can finish it.
# A player who runs short moves fewer: under shortage="lose" that player loses and the table goes
# to the other (2 cards); under zero="reuse" a player with no card left plays the last one again.
WAR_DEALS = {   # preset: (a deal both players can finish, its cards; the fewest found, its deal, its cards)
    "kids": ([["5S", "KH", "2C"], ["5D", "9C", "3D"]], 4, [["8S", "KD"], ["8H"]], 3),
    "pagat": ([["5S", "2H", "KH", "2C"], ["5D", "3H", "9C", "3D"]], 6, [["8S", "QC"], ["8H"]], 2),
    "three_down": ([["5S", "2H", "3H", "4H", "KH", "2C"], ["5D", "2S", "3S", "4S", "9C", "3D"]], 10,
                   [["5S"], ["5H", "AC"]], 3),
    "classic_long": ([["5S", "2H", "KH", "2C"], ["5D", "3H", "9C", "3D"]], 6, [["8S", "QC"], ["8H"]], 2),
}


def _moved(preset: str, hands: list[list[str]]) -> int:
    record = Game.from_hands(preset, hands).play_round()
    assert record is not None and record.wars >= 1 and record.winner is not None, (preset, hands)
    return len(record.cards_moved)


def test_six_says_what_a_war_moves_under_its_presets():
    """06 said "a war moves at least six cards": under its presets a war can move 2 (pagat, classic_long:
    the player who runs short loses) or 3 (kids, three_down); six is what a pagat war moves when both
    players can finish it."""
    text = _text("06_strategy.ipynb")
    used = set(re.findall(r'"(kids|pagat|three_down|classic_long)"', "\n".join(
        c.source for c in _cells(ROOT / "notebooks" / "06_strategy.ipynb") if c.cell_type == "code")))
    assert used == set(WAR_DEALS)
    words = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "ten": 10}
    for preset, (full, full_moved, short, fewest) in WAR_DEALS.items():
        rules = Rules.preset(preset)
        assert _moved(preset, full) == full_moved == 2 + 2 * (rules.face_down + 1)
        assert _moved(preset, short) == fewest
        for claim in re.findall(r"at least (\w+) cards", text):   # a claimed minimum holds under every preset
            assert words.get(claim, 0) <= fewest, f"06 says a war moves at least {claim} cards; {preset}: {fewest}"
    assert "a war moves at least six cards" not in text
    assert "six cards when both players can finish it" in text


def test_a_number_question_is_asked_only_where_the_battle_plays_the_numbers():
    """05_ja's last cell was WarWidget(rules="kids", guess="number"): it asked about A and K with A = 1,
    marked "K is bigger" right, and the battle said the ace wins. Every widget or session a notebook
    makes with guess="number" plays rules whose battle is the numbers (the number lessons, the
    school variants)."""
    from war_widget.text.number_mode import question_kind

    calls = 0
    for path in ALL_NOTEBOOKS:
        for cell in _cells(path):
            if cell.cell_type != "code":
                continue
            for call in re.findall(r"(?:WarWidget|WarSession)\((.*?)\)\s*(?:$|\n)", cell.source, flags=re.S):
                if not re.search(r"guess\s*=\s*[\"']number", call):
                    continue
                calls += 1
                preset = re.search(r"(?:rules|from_hands)\s*[=(]\s*[\"'](\w+)", call)
                assert preset, f"{path.name}: {call!r} asks a number question under the default rules"
                assert question_kind(Rules.preset(preset.group(1))) == "bigger", f"{path.name}: {call!r}"
    assert calls >= 6          # 05 and 05_ja: the quiz, the last cell, the school variants' table
