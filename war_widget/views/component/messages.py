"""The shapes the table component receives and sends, as TypedDicts (issue 30, item 6).

What Python puts in the synced traits of the three tables (War's setup, beats, state and chart
parts; Casino War's and Steal War's setup, picture, controls and beats) and the ``{"do": ...}``
messages their buttons send back.  Each TypedDict here has a JSDoc ``@typedef`` of the same name
and the same keys in ``src/types.js``, which ``tsc --checkJs`` holds the front end to
(``npm run typecheck``); ``tests/js/test_types.py`` checks that both files name the same keys and
that real games produce exactly these keys with these types.  A ``NotRequired`` key is an optional
property (``[name]``) there.
"""
# No `from __future__ import annotations`: on Python 3.11 TypedDict reads NotRequired only from
# evaluated annotations (with strings every key counted as required).
from typing import Literal, NotRequired, TypedDict

__all__ = [
    "Pips", "WarSetup", "NumberLine", "BeatView", "Question", "Graded", "WarBeat", "WarState", "ChartPart",
    "SettingRow", "WarPlainMessage", "PressMessage", "ReplayMessage", "AnswerMessage", "GotoMessage",
    "ClockMessage", "AutoplayMessage", "SpeedMessage", "SetMessage", "PlotlyRequest", "PlotlyMessage",
    "CasinoSetup", "CasinoCard", "CasinoBack", "Spot", "CasinoText", "CasinoTable", "CasinoControls", "CasinoChart",
    "CasinoPlainMessage", "ChipMessage", "TieMessage", "DealMessage",
    "StealSetup", "StealCard", "StealSlot", "StealBadge", "StealRing", "StealText", "StealHit", "StealPicture",
    "StealMove", "StealBeat", "StealTop", "StealControls",
    "StealPlainMessage", "StealPileMessage", "ChooseMessage", "OpponentMessage", "AutoTopMessage",
    "StealReplayMessage",
]

Pips = dict[str, list[list[float]]]      # rank -> the pips' spots (views/cards.PIPS)


# --- War (views/component/widget.py, play.py) ----------------------------------------------------

class NumberLine(TypedDict):
    """The number line under the cards (SessionPlay.number_line)."""
    low: int
    high: int


class WarSetup(TypedDict):
    """What stays for a game (trait ``setup``)."""
    names: list[str]
    mode: str
    guess: bool
    players: int
    rules_line: str
    lang: str
    values: dict[str, int]
    code: str
    total: int
    words: dict[str, str]
    limit: int | None
    chart: bool
    panel: bool
    animate: bool
    pips: Pips
    number_line: NumberLine | None


class BeatView(TypedDict):
    """What the table shows after one beat; ``table``: [seat, card code, 1 face up / 0, battle]."""
    hands: list[int]
    won: list[int]
    table: list[list[int | str]]
    out: list[int]
    progress: float | None
    progress_text: str
    waiting: list[int]
    aid: str | None
    banner: str | None
    winner: int | None
    asking: bool
    feedback: str | None
    over: bool
    numbers: list[list[int]]


class Question(TypedDict):
    """"Which is bigger?" in the number mode's words: its text and the three buttons' words."""
    text: str
    buttons: dict[str, str]


class Graded(TypedDict):
    """How an answer was graded (the first beat after an answer); ``given``: the sign answered."""
    right: bool
    given: NotRequired[str]


class WarBeat(TypedDict):
    """One beat of War (SessionPlay._beat; ``id`` set by TableComponent._push)."""
    kind: str
    view: BeatView
    say: str
    round: int
    question: Question | None
    round_text: str
    counts: list[int]
    label: str
    point: list[int] | None
    war: bool
    cut: bool
    score: list[int]
    code: str
    id: NotRequired[int]          # set when the beat is sent; required in JS (types.js), which only sees sent beats
    answer: NotRequired[Graded]


class WarState(TypedDict):
    """The session's values the controls show (trait ``state``)."""
    autoplay: bool
    speed: str
    notice: str
    resume: bool
    back: bool
    clock: bool      # the time limit runs: the page sends a ClockMessage once a second


class ChartPart(TypedDict):
    """A part of the chart's series (traits ``chart_head``, ``chart_mid``, ``chart_tail``)."""
    game: int
    start: int
    counts: list[list[int]]
    wars: list[int]


class SettingRow(TypedDict):
    """A row of the settings panel: a select (``options``, ``index``), a check box (``on``) or a
    button; ``group`` "main" (what a teacher changes most) or "more" (under "More rules")."""
    name: str
    label: str
    kind: Literal["select", "check", "button"]
    options: NotRequired[list[str]]
    index: NotRequired[int]
    on: NotRequired[bool]
    group: NotRequired[Literal["main", "more"]]


class WarPlainMessage(TypedDict):
    """An action with nothing more to say."""
    do: Literal["flip", "step", "back", "fast_forward", "new_game", "tick", "resume"]


class PressMessage(TypedDict):
    """Two players: ``seat`` presses its button."""
    do: Literal["press"]
    seat: int


class ReplayMessage(TypedDict):
    do: Literal["replay"]
    code: str


class AnswerMessage(TypedDict):
    do: Literal["answer"]
    symbol: Literal[">", "=", "<"]


class GotoMessage(TypedDict):
    """A click on the chart (``war``: the round of a war marker)."""
    do: Literal["goto"]
    round: int
    war: NotRequired[int]


class ClockMessage(TypedDict):
    """While ``state.clock``, once a second: this page (``view``, its own name) has shown the
    table ``ms`` milliseconds since its last clock message (WarSession.keep_time)."""
    do: Literal["clock"]
    ms: int
    view: str


class AutoplayMessage(TypedDict):
    do: Literal["autoplay"]
    on: bool


class SpeedMessage(TypedDict):
    do: Literal["speed"]
    speed: str


class SetMessage(TypedDict):
    """The settings panel: a select's ``index``, a check box's ``on``, or a button."""
    do: Literal["set"]
    name: str
    index: NotRequired[int]
    on: NotRequired[bool]


class PlotlyRequest(TypedDict):
    """Any table: send plotly.js (views/plotly_source.py)."""
    do: Literal["plotly_js"]


class PlotlyMessage(TypedDict):
    """The custom message to the page: plotly.js, once."""
    plotly_js: str


WarAction = (WarPlainMessage | PressMessage | ReplayMessage | AnswerMessage | GotoMessage | ClockMessage
             | AutoplayMessage | SpeedMessage | SetMessage)


# --- Casino War (views/casino.py) -----------------------------------------------------------------

class CasinoSetup(TypedDict):
    lang: str
    chips: list[int]
    width: int
    words: dict[str, str]
    pips: Pips


class CasinoCard(TypedDict):
    """A face-up card: its slot, code, spot and place in the order dealt."""
    slot: str
    code: str
    x: float
    y: float
    order: int


class CasinoBack(TypedDict):
    """A burnt card, face down."""
    x: float
    y: float
    order: int


class Spot(TypedDict):
    x: float
    y: float


class CasinoText(TypedDict):
    """A word drawn on the table."""
    text: str
    x: float
    y: float
    px: int
    colour: str
    align: str
    role: str


class CasinoTable(TypedDict):
    """The table's picture in table units (trait ``table``, with its beat ``id``)."""
    w: int
    h: int
    card: list[int]
    rank_px: int
    cards: list[CasinoCard]
    backs: list[CasinoBack]
    slots: list[Spot]
    text: list[CasinoText]
    hand: int | None
    id: NotRequired[int]          # set by the widget (casino_table itself has none)


class CasinoControls(TypedDict):
    """What may be pressed: the chips by amount, each button, the tie bet toggle."""
    chips: dict[str, bool]
    clear: bool
    deal: bool
    war: bool
    surrender: bool
    tie: bool
    tie_locked: bool
    new: bool


class CasinoChart(TypedDict):
    """The bankroll series."""
    x: list[int]
    y: list[float]
    tie_x: list[int]
    tie_y: list[float]
    start: float


class CasinoPlainMessage(TypedDict):
    do: Literal["clear", "war", "surrender", "new"]


class ChipMessage(TypedDict):
    do: Literal["chip"]
    amount: int


class TieMessage(TypedDict):
    do: Literal["tie"]
    on: bool


class DealMessage(TypedDict):
    """Deal names the picture it was pressed on (``on``: its id)."""
    do: Literal["deal"]
    on: NotRequired[int]


CasinoAction = CasinoPlainMessage | ChipMessage | TieMessage | DealMessage


# --- Steal War (views/steal/) ---------------------------------------------------------------------

class StealSetup(TypedDict):
    lang: str
    width: int
    pips: Pips
    words: dict[str, str]
    opponents: list[str]
    code: str           # the game number, shown in its box as War's ("": a scripted deal)


class StealCard(TypedDict):
    """A card of the picture (``code`` None: face down)."""
    code: str | None
    x: float
    y: float
    tag: str
    highlight: bool


class StealSlot(TypedDict):
    x: float
    y: float
    tag: str


class StealBadge(TypedDict):
    x: float
    y: float
    n: int
    colour: str
    tag: str


class StealRing(TypedDict):
    x: float
    y: float
    w: float
    h: float
    tag: str


class StealText(TypedDict):
    text: str
    x: float
    y: float
    px: int
    colour: str
    align: str
    tag: str


class StealHit(TypedDict):
    """A spot a click acts on: steal ``victim``'s pile, choose ``card`` for your top, or flip."""
    x: float
    y: float
    w: float
    h: float
    do: Literal["steal", "choose", "flip"]
    victim: NotRequired[int]
    card: NotRequired[str]


class StealPicture(TypedDict):
    """The whole table in table units (steal_picture)."""
    w: int
    h: int
    card: list[int]
    rank_px: int
    cards: list[StealCard]
    slots: list[StealSlot]
    badges: list[StealBadge]
    rings: list[StealRing]
    text: list[StealText]
    hits: list[StealHit]


# A pile flying from one spot to another ("from" is a Python keyword: the functional form).
StealMove = TypedDict("StealMove", {"code": str | None, "size": int, "from": list[float], "to": list[float]})


class StealBeat(TypedDict):
    """One beat of Steal War (steal_beat; or where the game stands: no ``round``, ``counts``, ``base``);
    ``id`` and ``cut`` set by StealWarWidget._push."""
    picture: StealPicture
    sentence: str
    moves: list[StealMove]
    id: NotRequired[int]
    cut: NotRequired[bool]
    round: NotRequired[int]
    counts: NotRequired[list[int]]
    base: NotRequired[StealPicture]


class StealTop(TypedDict):
    """A won card you may put on top of your pile."""
    code: str
    name: str
    tip: str


class StealControls(TypedDict):
    """What may be pressed (trait ``controls``)."""
    flip_word: str
    flip: bool
    steal: bool
    step: bool
    back: bool
    new: bool
    opponent: str
    auto_top: bool
    tops: list[StealTop]


class StealPlainMessage(TypedDict):
    do: Literal["flip", "step", "back", "new"]


class StealPileMessage(TypedDict):
    """Steal ``victim``'s pile (the Steal button names none: the computer's, seat 1)."""
    do: Literal["steal"]
    victim: NotRequired[int]


class ChooseMessage(TypedDict):
    do: Literal["choose"]
    card: str


class OpponentMessage(TypedDict):
    do: Literal["opponent"]
    name: str


class StealReplayMessage(TypedDict):
    """The game-number box and Replay (as War's ReplayMessage)."""
    do: Literal["replay"]
    code: str


class AutoTopMessage(TypedDict):
    do: Literal["auto_top"]
    on: bool


StealAction = (StealPlainMessage | StealPileMessage | ChooseMessage | OpponentMessage | AutoTopMessage
               | StealReplayMessage)
