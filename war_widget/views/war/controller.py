"""The War widget's controller: the action queue, the actions behind every button, autoplay and
the time limit.

Each function takes the widget (``WarWidget`` binds them as its private methods, so ``w._flip()``
is ``flip(w)``).  Actions only call the engine (``play_round`` through the guess, ``step``,
``play_to_end``, ``end_now``) and hand the beats it emits to the table (``after``): no rule is
decided here.  One action runs at a time; one that arrives meanwhile is queued (``act``).
"""
from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ...game.engine import Game
from ...game.events import Event
from ...game.rules import Rules
from ...text.i18n import counts_text, join_names, label, notice_text
from . import classroom
from . import layout as L
from .controls import SPEEDS
from .visitors import records_path

if TYPE_CHECKING:
    from .app import WarWidget

MODES = ("cpu", "two_player", "watch")
TIME_LIMIT = 180.0                                   # the "3 minutes" game length, in seconds
INTERVAL = {"slow": 2.6, "normal": 1.5, "fast": 0.55}  # autoplay: seconds between rounds
FF_CAP = 5000                                        # fast-forward plays at most this many rounds
_LENGTH_LIMIT = {"40": 40, "240": 240, "none": None, "50": 50, "3min": None}
KIDS_PRESETS = ("kids", "kids_aside")


# ------------------------------------------------------------------ the action queue
def act(w: WarWidget, fn: Callable, *args: Any) -> Any:
    """Run one action now, or queue it behind the action running (in arrival order)."""
    if w._running:
        w._queue.append((fn, args))
        return None
    w._running = True
    error = None
    try:
        result = w.history.run(fn, *args)
        while w._queue:
            f, a = w._queue.popleft()
            try:
                w.history.run(f, *a)
            except Exception as exc:  # keep draining: no queued click is lost
                error = error or exc
    finally:
        w._running = False
    if error is not None:
        raise error
    return result


def flip(w: WarWidget) -> None:
    if w._time_up() or w._over_notice():
        return
    w._start_clock()
    w._pressed.clear()
    frames = w._record(w.guess.play_round)
    w._after(frames, animate=True)


def press(w: WarWidget, player: int) -> None:
    if w.mode != "two_player":
        w._flip()
        return
    if w._time_up() or w._over_notice() or w.game.out[player] or player in w._pressed \
            or w.guess.blocks():
        return
    w._start_clock()
    w._pressed.add(player)
    active = [p for p in range(w.game.rules.players) if not w.game.out[p]]
    if all(p in w._pressed for p in active):
        w._pressed.clear()
        frames = w._record(w.guess.play_round)
        w._after(frames, animate=True)
        return
    others = [w.names[p] for p in active if p not in w._pressed]
    w.narration_log.append(label("waiting", w._reg, name=w.names[player],
                                 others=join_names(others, w._reg)))
    w._after([], animate=False)


def step(w: WarWidget) -> Event | None:
    if w._time_up() or w.guess.blocks():
        return None
    w._start_clock()
    w._pressed.clear()
    result: list[Event | None] = []
    frames = w._record(lambda: result.append(w.game.step()))
    w.guess.after_step(result[0])
    if result[0] is None:  # nothing left to play
        w._notify(label("game_is_over", w._reg))
    w._after(frames, animate=True)
    return result[0]


def over_notice(w: WarWidget) -> bool:
    """If the game is over: show its last beats, if any, and say so.  True if over."""
    if not w.game.is_over:
        return False
    frames = w._record(lambda: list(iter(w.game.step, None)))
    if frames:
        w._after(frames, animate=False)
    w._notify(label("game_is_over", w._reg))
    return True


def tick(w: WarWidget) -> None:
    if w.game.is_over:
        w._set_autoplay(False)
        return
    w._flip()
    if w.game.is_over:
        w._set_autoplay(False)


def fast_forward(w: WarWidget) -> None:
    if w._time_up() or w._over_notice():
        return
    w._start_clock()
    w._pressed.clear()
    start = w.game.round_number
    w.game.play_to_end(max_rounds=FF_CAP)
    if not w.game.is_over:
        w.narration_log.append(label("ff_capped", w._reg, n=w.game.round_number - start))
    w._after([], animate=False)


def new_game(w: WarWidget, game: Game | None, base: Rules) -> None:
    w._base_rules = w._plain(base)
    if game is None:
        game = Game(w._effective(w._base_rules))
    elif isinstance(game.rules.gather, tuple) and w.mode == "cpu":
        w.opponent = "strong" if any(g == "strong" for g in game.rules.gather[1:]) else w.opponent
    if not w._aids_explicit:
        w.aids = w._base_rules.preset_name in KIDS_PRESETS
    w._time_used, w._started_at = 0.0, None
    w._install(game, fresh=True)


def resume(w: WarWidget) -> bool:
    saved = w._records.saved_game if w._recording else None
    if not saved:
        return False
    game = Game.from_json(saved["game"])
    w.mode = saved.get("mode", w.mode) if saved.get("mode") in MODES else w.mode
    w.opponent = saved.get("opponent", w.opponent) if saved.get("opponent") in ("easy", "strong") \
        else w.opponent
    limit = saved.get("time_limit")
    w._time_limit = float(limit) if isinstance(limit, (int, float)) and limit > 0 else None
    w._time_used, w._started_at = float(saved.get("time_used", 0.0) or 0.0), None
    w._base_rules = w._plain(game.rules)
    w._install(game, fresh=False)
    w.resume_button.layout.display = "none"
    w._notify(label("notice_resumed", w._reg, code=game.code or "-", round=game.round_number))
    return True


def set_autoplay(w: WarWidget, on: bool) -> None:
    if on and w.game.is_over:
        on = False
    w._autoplay_on = on
    w._sync(lambda: setattr(w.autoplay_toggle, "value", on))
    if not on:
        if w.autoplay_task is not None and not w.autoplay_task.done():
            if w.autoplay_task is not _current_task():
                w.autoplay_task.cancel()
        w.autoplay_task = None
        return
    loop = _running_loop()
    if loop is None:
        w._notify(label("notice_no_loop", w._reg))
        return
    if w.autoplay_task is None or w.autoplay_task.done():
        w.autoplay_task = loop.create_task(w._autoplay_loop())


async def autoplay_loop(w: WarWidget) -> None:
    me = _current_task()
    try:
        while w._autoplay_on and w.autoplay_task is me:
            w.autoplay_tick()
            if not w._autoplay_on:
                break
            await asyncio.sleep(INTERVAL[w.speed])
    except asyncio.CancelledError:
        pass
    except Exception as exc:  # never die silently in the background: stop and say why
        w._autoplay_on = False
        w._sync(lambda: setattr(w.autoplay_toggle, "value", False))
        w._notify(notice_text("autoplay", exc, w._reg))


def set_speed(w: WarWidget, speed: str) -> None:
    w.speed = speed
    w._sync(lambda: setattr(w.speed_picker, "value", speed))


def set_option(w: WarWidget, name: str, value: Any) -> bool:
    try:
        rules = w._base_rules.replace(**{name: value})
        w._effective(rules)
    except ValueError as exc:
        w._notify(notice_text("rules", exc, w._reg))
        w._sync_controls()
        return False
    w._new_game(None, rules)
    return True


def set_length(w: WarWidget, length: str) -> None:
    limit = int(length) if length.isdigit() else _LENGTH_LIMIT[length]
    w._time_limit = TIME_LIMIT if length == "3min" else None
    w._new_game(None, w._base_rules.replace(round_limit=limit))


def set_opponent(w: WarWidget, opponent: str) -> None:
    if opponent in ("two_player", "watch"):
        w.mode = opponent
    else:
        w.mode, w.opponent = "cpu", opponent
    w._new_game(None, w._base_rules)


def set_aids(w: WarWidget, on: bool) -> None:
    w.aids, w._aids_explicit = on, True
    w._sync(lambda: setattr(w.controls.aids, "value", on))
    w._update_text()  # in Japanese the aids switch the children's register on or off
    w.redraw()


def set_lang(w: WarWidget, lang: str) -> None:
    changed, w.lang = lang != w.lang, lang
    if changed and w.narration_log:  # the lines above stay in the old language: say where the new one starts
        w.narration_log.append(label("lang_switched", w._reg))
    w._labelled = reg = w._reg
    w._sync(lambda: w.controls.relabel(reg))
    w.chart_view.relabel(w.names, label("chart_title", reg), label("chart_war", reg),
                         label("chart_round", reg))
    for button, name in zip(w.player_buttons, w.names, strict=False):  # no buttons but two_player
        button.description = name
    if w.game.is_over:
        w._banner = w._end_banner()
    w._sync_controls()
    w._update_text()
    w.redraw()


def set_records(w: WarWidget, on: bool) -> None:
    if on and w._records_path is None and records_path(True) is not None:
        w._records_path = records_path(True)
        w._records = w._open_records(w._records_path)
    w._recording = on
    w._sync(lambda: setattr(w.controls.records, "value", on))
    w._update_text()


def reset_records(w: WarWidget) -> None:
    w._safely(w._records.reset_record)
    w._notify(label("notice_records_reset", w._reg))
    w._update_text()


def plain(w: WarWidget, rules: Rules) -> Rules:
    """The rules as the panel shows them: one gather order for everyone."""
    if isinstance(rules.gather, tuple):
        return rules.replace(gather=rules.gather_for(0))
    return rules


def effective(w: WarWidget, base: Rules) -> Rules:
    """The rules the engine plays: a strong computer orders what it wins by its own policy."""
    if w.mode == "cpu" and w.opponent == "strong":
        return base.replace(gather=tuple(base.gather_for(0) if p == 0 else "strong"
                                         for p in range(base.players)))
    return base


def install(w: WarWidget, game: Game, fresh: bool) -> None:
    if w._unsubscribe:
        w._unsubscribe()
    w.game = game
    w._unsubscribe = game.subscribe(w._on_event)
    w._pressed.clear()
    w._aid = w._banner = w._winner = None
    w.history.install(game)
    w.guess.reset()
    w._recorded = game.is_over
    w._saved_round = game.round_number if fresh else -1
    counts = counts_text(w.names, game.counts, w._reg)
    w.narration_log = [label("new_game_line", w._reg, code=game.code, counts=counts) if game.code
                       else label("deal_line", w._reg, counts=counts)]
    w._shown_log = -1
    if game.is_over:
        w._banner = w._end_banner()
    w.notice.value = ""  # a notice is about the game it was given in
    w._build_children()
    w.chart_view.reset(w.names, [len(h) for h in game.dealt], label("chart_title", w._reg),
                       label("chart_war", w._reg), label("chart_round", w._reg))
    w.chart_view.sync(game.history)
    w._sync_controls()
    w._cancel_clock()
    w.beats.stage(w.table.redraw(w._view()), 0.0, w._update_text)


def record(w: WarWidget, play: Callable[[], Any]) -> list[tuple[Event, L.TableView]]:
    w._frames = []
    try:
        play()
    finally:
        frames, w._frames = w._frames, None
    return frames


def after(w: WarWidget, frames: list[tuple[Event, L.TableView]], animate: bool) -> None:
    """After an action: draw it, record and save; the chart, labels and narration follow the
    picture beat by beat (classroom.stage_action)."""
    marks, seconds = w.table.render(frames, w._view(), w.speed, animate and w.animations)
    if w.game.is_over and not w._recorded:
        w._recorded = True
        w._count_result()
    w._save()
    classroom.stage_action(w, frames, marks, w.table.seq, seconds)


def start_clock(w: WarWidget) -> None:
    if w._started_at is None:
        w._started_at = w._now()
    if w._time_limit is not None and (w._clock_task is None or w._clock_task.done()):
        loop = _running_loop()
        if loop is not None:
            w._clock_task = loop.create_task(w._clock_loop())


def time_up(w: WarWidget) -> bool:
    """Under a time limit with no time left: end the game now (the engine's end_now)."""
    if w._time_limit is None or w.game.is_over or (w.time_left or 0.0) > 0:
        return False
    w.narration_log.append(label("time_up", w._reg))
    frames = w._record(w.game.end_now)
    w._after(frames, animate=False)
    return True


async def clock_loop(w: WarWidget) -> None:
    try:
        while w._time_limit is not None and not w.game.is_over:
            await asyncio.sleep(1.0)
            w._act(w._clock_tick)
    except asyncio.CancelledError:
        pass
    except Exception as exc:
        w._notify(notice_text("clock", exc, w._reg))


def clock_tick(w: WarWidget) -> None:
    if not w._time_up():
        w._update_text()
        w.table.refresh_counts(w._view())


def cancel_clock(w: WarWidget) -> None:
    if w._clock_task is not None and not w._clock_task.done() and w._clock_task is not _current_task():
        w._clock_task.cancel()
    w._clock_task = None


def cancel_tasks(w: WarWidget) -> None:
    w._autoplay_on = False
    if w.autoplay_task is not None and not w.autoplay_task.done():
        w.autoplay_task.cancel()
    w.autoplay_task = None
    w._cancel_clock()


def check_speed(speed: str) -> None:
    if speed not in SPEEDS:
        raise ValueError(f"speed must be one of {', '.join(map(repr, SPEEDS))}; got {speed!r}")


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _current_task() -> asyncio.Task | None:
    try:
        return asyncio.current_task()
    except RuntimeError:
        return None
