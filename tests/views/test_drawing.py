"""What the table shows: layout operations (pure) and the canvas commands actually sent."""
from __future__ import annotations

import pytest
from ipycanvas import canvas as ipc

from war_widget import Card, Game
from war_widget.game.engine import TableCard
from war_widget.game.events import Collected
from war_widget.views.war import WarWidget
from war_widget.views.war import layout as L

NAMES = ("You", "Computer")
_CODE_NAMES = {v: k for k, v in ipc.COMMANDS.items()}
_FONT = ipc.Canvas.ATTRS["font"]


def view_of(game: Game, **extra) -> L.TableView:
    return L.TableView(names=NAMES[:game.rules.players] if game.rules.players == 2 else
                       tuple(f"P{p + 1}" for p in range(game.rules.players)),
                       hands=tuple(len(h) for h in game.hands), won=tuple(len(w) for w in game.won),
                       table=game.table, out=tuple(game.out), capture=game.rules.capture, **extra)


def texts(ops: list[L.Op], prefix: str) -> list[L.Text]:
    """The texts among the operations tagged ``prefix``."""
    return [op for op in L.tagged(ops, prefix) if isinstance(op, L.Text)]


def shapes(ops: list[L.Op], prefix: str) -> list[L.Shape]:
    """The rectangles among the operations tagged ``prefix``."""
    return [op for op in L.tagged(ops, prefix) if isinstance(op, L.Shape)]


def font_px(font: str) -> int:
    return int(next(part for part in font.split() if part.endswith("px"))[:-2])


# --- layout (pure) ---------------------------------------------------------------------------
def test_a_flip_shows_both_ranks_big_and_in_suit_colours():
    game = Game.from_hands("classic", [["KS", "2C"], ["7H", "3D"]])
    game.step()  # flip
    ops = L.table_ops(view_of(game))
    ranks = {op.tag: op for op in texts(ops, "rank:")}
    assert set(ranks) == {"rank:KS", "rank:7H"}
    assert ranks["rank:KS"].text == "K" and ranks["rank:7H"].text == "7"
    # at least 34 CSS px on a canvas drawn at twice its CSS size
    assert all(op.size >= 34 * L.SCALE for op in ranks.values())
    assert ranks["rank:7H"].color == L.RED and ranks["rank:KS"].color != L.RED
    # the bottom player's card is below the top player's
    assert ranks["rank:KS"].y > ranks["rank:7H"].y


def test_badges_equal_the_counts_at_every_beat():
    game = Game("classic", seed=11)
    for _ in range(40):
        if game.step() is None:
            break
        ops = L.base_ops(view_of(game))
        badges = {op.tag: op.text for op in texts(ops, "badge:")}
        assert badges == {f"badge:{p}": str(c) for p, c in enumerate(game.counts)}


def test_the_flying_cards_land_on_the_winners_pile():
    game = Game.from_hands("classic", [["9S", "2S", "AS", "3C"], ["9H", "3H", "10C", "4C"]])
    before: L.TableView | None = None
    while True:
        event = game.step()
        if isinstance(event, Collected):
            break
        before = view_of(game)
    assert before is not None and event.winner == 0 and len(before.table) == 6
    dest = L.target_of(before, event.winner)
    frames = L.flight_frames(before, dest, frames=7)
    assert len(frames) == 7
    last = [op for op in frames[-1] if op.tag.startswith("flying") and not isinstance(op, L.Line)]
    assert len(last) == 6 and all((op.x, op.y) == dest for op in last)
    # the destination is the winner's won pile (classic keeps won cards apart), not the loser's
    assert dest == L.seats(2)[0].won != L.seats(2)[1].won
    first = [op for op in frames[0] if op.tag.startswith("flying") and not isinstance(op, L.Line)]
    assert any((op.x, op.y) != dest for op in first)


def test_cards_go_back_to_their_own_piles():
    view = L.TableView(names=NAMES, hands=(3, 3), won=(0, 0), capture="bottom",
                       table=(TableCard(0, Card.parse("5S"), True, 1), TableCard(1, Card.parse("5H"), True, 1)))
    dest = {p: L.target_of(view, p) for p in range(2)}
    last = [op for op in L.flight_frames(view, dest, frames=3)[-1] if not isinstance(op, L.Line)]
    assert sorted((op.x, op.y) for op in last) == sorted(dest.values())


def test_wars_use_at_most_three_slots_per_side():
    # a triple war: 4 battles, each with one face-down card before it
    table = []
    for b in range(1, 5):
        for p in (0, 1):
            if b > 1:
                table.append(TableCard(p, Card(2 + b, "SH"[p]), False, b))
            table.append(TableCard(p, Card(8 + b, "CD"[p]), True, b))
    view = L.TableView(names=NAMES, hands=(10, 10), won=(0, 0), table=tuple(table))
    seat = L.seats(2)[0]
    ups = [(t, x, y) for t, x, y in L.card_positions(view) if t.player == 0 and t.face_up]
    slots = {round((x - seat.battle[0]) / seat.step[0]) for _, x, _ in ups}
    assert slots == {0, 1, 2}
    newest = max(ups, key=lambda u: u[0].battle)
    assert newest[1] == seat.battle[0] + 2 * seat.step[0]
    # everything stays on the canvas
    assert all(0 <= x and x + seat.card[0] <= L.BAR_X and 0 <= y <= L.HEIGHT for _, x, y in L.card_positions(view))


def test_teaching_aid_text_follows_the_engines_verdict():
    nine, seven, queen = Card.parse("9S"), Card.parse("7H"), Card.parse("QD")
    assert L.compare_text(((0, nine), (1, seven)), 0, ()) == "9 > 7"
    assert L.compare_text(((0, seven), (1, nine)), 1, ()) == "7 < 9"
    assert L.compare_text(((0, queen), (1, Card.parse("QS"))), None, (0, 1)) == "Q = Q  WAR!"
    # P'yanitsa: the engine says the 6 wins, so the aid says so too
    assert L.compare_text(((0, Card.parse("6S")), (1, Card.parse("AH"))), 0, ()) == "6 > A"


def test_face_card_values_and_jokers():
    ops = L.card_ops(Card.parse("KS"), 0, 0, 150, 210, values={13: 13})
    assert [op.text for op in texts(ops, "value:")] == ["13"]
    joker = L.card_ops(Card.parse("RJ"), 0, 0, 150, 210)
    words = [op.text for op in joker if isinstance(op, L.Text)]
    assert "JOKER" in words and "★" in words
    rank = texts(joker, "rank:")[0]
    assert rank.size >= 68 and rank.color == L.RED
    back = L.card_ops(None, 0, 0, 150, 210, face_up=False)
    assert not [op for op in back if hasattr(op, "text")]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_piles_around_the_table_do_not_overlap(players):
    layout = L.seats(players)
    rects = []
    for s in layout:
        for x, y in (s.pile, s.won):
            rects.append((x, y, x + s.card[0], y + s.card[1]))
            assert 0 <= x and x + s.card[0] <= L.BAR_X and 64 < y and y + s.card[1] <= L.HEIGHT
    for i, a in enumerate(rects):
        for b in rects[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1], (a, b)


def test_count_bar_and_progress():
    view = L.TableView(names=NAMES, hands=(30, 0), won=(0, 20), progress=0.25, progress_text="10 / 40 rounds")
    ops = L.base_ops(view)
    bottom, top = shapes(ops, "countbar:0")[0], shapes(ops, "countbar:1")[0]
    assert bottom.h / top.h == pytest.approx(30 / 20)
    mid = next(op for op in L.tagged(ops, "midline") if isinstance(op, L.Line))
    assert mid.dash and mid.points[0][1] == pytest.approx((L.BAR_TOP + L.BAR_BOTTOM) / 2)
    assert texts(ops, "progress-text")[0].text == "10 / 40 rounds"
    fill = shapes(ops, "progress-fill")[0]
    assert fill.w == pytest.approx(1440 * 0.25)


# --- the canvas commands actually sent ----------------------------------------------------------
class Sent:
    """Capture what the canvas manager sends (one entry per comm message)."""

    def __init__(self, monkeypatch):
        self.messages: list[list] = []
        manager = ipc._CANVAS_MANAGER
        monkeypatch.setattr(manager, "_send_custom", lambda command, buffers=[]: self.messages.append(command))

    def commands(self, message: list) -> list[tuple[str, list]]:
        batch = message if message and isinstance(message[0], list) else [message]
        return [(_CODE_NAMES[c[0]], c[1]) for c in batch]

    def texts(self, message: list) -> list[tuple[str, str]]:
        """(text, font) of every fillText, with the font in force."""
        return [(t, f) for t, _, _, f in self.placed_texts(message)]

    def placed_texts(self, message: list) -> list[tuple[str, float, float, str]]:
        font, out = "", []
        for name, args in self.commands(message):
            if name == "set" and args[0] == _FONT:
                font = args[1]
            elif name == "fillText":
                out.append((args[0], args[1], args[2], font))
        return out


def badges_drawn(sent: Sent, message: list, w: WarWidget) -> bool:
    """Every count badge of the current state is drawn, with its count, where the layout says."""
    placed = {(t, x, y) for t, x, y, _ in sent.placed_texts(message)}
    badges = texts(L.base_ops(w._view()), "badge:")
    assert [b.text for b in badges] == [str(c) for c in w.game.counts]
    return all((b.text, b.x, b.y) in placed for b in badges)


def test_a_flip_is_one_message_with_both_ranks_and_a_flight(monkeypatch):
    game = Game.from_hands("classic", [["KS", "2C", "5D"], ["7H", "3D", "6C"]])
    w = WarWidget(game=game, records=False)
    sent = Sent(monkeypatch)
    w.flip()
    assert len(sent.messages) == 1, "the whole round must be one held batch"
    names = [n for n, _ in sent.commands(sent.messages[0])]
    texts = sent.texts(sent.messages[0])
    big = {t for t, f in texts if font_px(f) >= 68}
    assert {"K", "7"} <= big
    sleeps = [a[0] for n, a in sent.commands(sent.messages[0]) if n == "sleep"]
    assert sum(sleeps) > 0 and len([s for s in sleeps if s > 0]) >= 4  # beats plus flight frames
    # the badges show the counts after the round: you 2 in hand + 2 won = 4, the computer 2
    assert w.game.counts == (4, 2) and badges_drawn(sent, sent.messages[0], w)
    assert names.count("clear") >= 3


def test_client_ready_redraws_the_whole_table(monkeypatch):
    w = WarWidget(seed=3, records=False)
    w.flip()
    sent = Sent(monkeypatch)
    w.canvas[len(w.canvas._canvases) - 1]._client_ready_callbacks()  # what a new front end (Voila, reload) triggers
    assert len(sent.messages) == 1
    texts = [t for t, _ in sent.texts(sent.messages[0])]
    assert badges_drawn(sent, sent.messages[0], w)
    assert "You" in texts and "Computer" in texts and "1 / 40 rounds" in texts
    felt = [a for n, a in sent.commands(sent.messages[0]) if n == "fillRect"]
    assert [0, 0, L.WIDTH, L.HEIGHT] in felt


def test_far_behind_skips_the_animation_but_not_the_state(monkeypatch):
    t = [0.0]
    w = WarWidget(seed=5, records=False, clock=lambda: t[0])
    sent = Sent(monkeypatch)
    for _ in range(6):
        w.flip()  # all at the same instant: the browser is still animating the first ones
    sleeps = [[a[0] for n, a in sent.commands(m) if n == "sleep"] for m in sent.messages]
    assert len(sent.messages) == 6
    assert sum(sleeps[0]) > sum(sleeps[-1])
    last = [t for t, _ in sent.texts(sent.messages[-1])]
    assert "6 / 40 rounds" in last and badges_drawn(sent, sent.messages[-1], w)
