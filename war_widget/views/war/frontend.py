"""The War widget's small front-end helper (an anywidget): what only the browser can do.

* **Fit the table to the page**: it measures the width the output gives the widget (and the
  height of the window, so the whole table stays in view), sets the table's CSS size keeping
  its 16:10 proportions, scales the widget's text with it (``--war-scale``, ipywidgets' own
  font-size variables), and reports the CSS width and ``devicePixelRatio`` so Python gives the
  canvas as many pixels as the screen has (``size``): crisp on a projector and on a phone.
* **Full screen / presentation**: a button that puts the whole widget on the full screen (the
  Fullscreen API needs the user's own click, so the button lives in the browser); where full
  screen is refused (an iframe) it fills the window instead.
* **Keyboard**: Tab and Shift+Tab leave the table (ipycanvas swallows every key, which made the
  canvas a keyboard trap); icon glyphs are hidden from screen readers so a button's name is
  its words.
* **Beats shown**: the table's animation is replayed by the browser after Python has moved on.
  Every beat of a held batch ends by writing its number into a 1x1 "sentinel" canvas (never
  displayed); this helper listens to that canvas's model and tells Python which beat the
  picture shows (``{"shown": n}``), so the text of a beat is shown with it (``sync.py``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

__all__ = ["FrontEnd", "ASPECT", "MIN_PX", "MAX_PX"]

ASPECT = 0.625          # table height / width (800 x 500 CSS px at the base size)
MIN_PX, MAX_PX = 1600, 4096  # canvas pixels across: never fewer than the layout's, capped for memory

_ESM = r"""
const ASPECT = %(aspect)s, MIN_PX = %(min_px)d, MAX_PX = %(max_px)d;

function render({ model, el }) {
  el.classList.add('war-frontend');
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'jupyter-button widget-button war-fullscreen';
  el.appendChild(button);
  let root = null, last = '', lastSeq = -1, sentinel = null, observer = null;
  // A restarted or shut-down kernel leaves this view on the page with a disposed comm, whose
  // send throws "Cannot send": the beats the table still plays have nobody to tell.
  const quietly = fn => { try { Promise.resolve(fn()).catch(() => {}); } catch (e) { /* kernel gone */ } };
  // ipycanvas sends every mouse move to the kernel, and throws on a dead one: hold them back then
  const dead = () => {
    const comm = sentinel && sentinel.comm, js = comm && comm.jsServicesComm;
    return !!sentinel && (sentinel.comm_live === false || !!(js && js.isDisposed));
  };
  const hold = e => { if (e.target && e.target.tagName === 'CANVAS' && dead()) e.stopPropagation(); };

  const presenting = () => !!root && root.classList.contains('war-presenting');
  const relabel = () => {
    const text = presenting() ? model.get('exit_label') : model.get('fullscreen_label');
    button.textContent = text;
    button.title = text;
    button.setAttribute('aria-pressed', String(presenting()));
  };

  function fit() {
    if (!root || !root.isConnected) {
      root = el.closest('.war-widget');
      if (!root) return;
      root.addEventListener('keydown', e => {
        // Tab must move focus on; ipycanvas would swallow it (preventDefault on every key)
        if (e.key === 'Tab' && e.target && e.target.tagName === 'CANVAS') e.stopPropagation();
      }, true);
      for (const type of ['mousemove', 'mousedown', 'mouseup', 'mouseout', 'wheel', 'touchstart', 'touchend',
                          'touchmove', 'keydown', 'keyup']) root.addEventListener(type, hold, true);
      observer = new MutationObserver(hideGlyphs);
      observer.observe(root, { childList: true, subtree: true });
      hideGlyphs();
      relabel();
    }
    const table = root.querySelector('.war-table');
    if (!table) return;
    const full = presenting();
    const outer = full ? window.innerWidth : (root.parentElement || root).clientWidth;
    const avail = Math.max(160, outer - (full ? 32 : 4));
    const high = Math.max(240, window.innerHeight - (full ? 170 : 60));
    const w = Math.floor(Math.min(avail, high / ASPECT));
    const h = Math.round(w * ASPECT);
    const text = Math.min(Math.max(w / 800, 1), 2.4);
    if (table.style.width !== w + 'px' || table.style.height !== h + 'px') {
      table.style.width = w + 'px';
      table.style.height = h + 'px';
    }
    root.style.setProperty('--war-scale', String(text));
    root.style.setProperty('--war-table-width', w + 'px');
    root.style.setProperty('--jp-widgets-font-size', (13 * text).toFixed(1) + 'px');
    root.style.setProperty('--jp-widgets-inline-height', Math.round(28 * text) + 'px');
    const dpr = window.devicePixelRatio || 1;
    const px = Math.min(MAX_PX, Math.max(MIN_PX, Math.round(w * dpr / 16) * 16));
    const key = w + ':' + dpr + ':' + px;
    if (key !== last) {
      last = key;
      model.set('size', [w, dpr, px]);
      quietly(() => model.save_changes());
    }
  }

  function hideGlyphs() {
    if (!root) return;
    for (const i of root.querySelectorAll('button i.fa, button i[class*="fa-"]')) {
      if (i.getAttribute('aria-hidden') !== 'true') i.setAttribute('aria-hidden', 'true');
    }
  }

  button.addEventListener('click', async () => {
    if (!root) fit();
    if (!root) return;
    if (presenting()) {
      root.classList.remove('war-presenting');
      if (document.fullscreenElement) { try { await document.exitFullscreen(); } catch (e) {} }
    } else {
      root.classList.add('war-presenting');
      try { if (root.requestFullscreen) await root.requestFullscreen(); } catch (e) { /* fills the window */ }
    }
    relabel();
    fit();
  });
  const onLeave = () => {
    if (root && !document.fullscreenElement) { root.classList.remove('war-presenting'); relabel(); fit(); }
  };
  document.addEventListener('fullscreenchange', onLeave);
  window.addEventListener('resize', fit);
  const timer = setInterval(fit, 500);
  requestAnimationFrame(fit);
  model.on('change:fullscreen_label', relabel);
  model.on('change:exit_label', relabel);

  // which beat the table shows: the sentinel canvas model's fill style is the beat's number
  const shown = () => {
    if (!sentinel) return;
    const seq = parseInt(String(sentinel.ctx.fillStyle).slice(1), 16);
    if (!Number.isNaN(seq) && seq !== lastSeq) {
      lastSeq = seq;
      quietly(() => model.send({ shown: seq }));
    }
  };
  const id = model.get('sentinel');
  if (id && model.widget_manager && model.widget_manager.get_model) {
    Promise.resolve(model.widget_manager.get_model(id)).then(m => {
      sentinel = m;
      if (sentinel && sentinel.on) sentinel.on('new-frame', shown);
      quietly(() => model.send({ hello: true }));
      shown();
    }).catch(() => {});
  }
  return () => {
    clearInterval(timer);
    window.removeEventListener('resize', fit);
    document.removeEventListener('fullscreenchange', onLeave);
    if (observer) observer.disconnect();
    if (sentinel && sentinel.off) sentinel.off('new-frame', shown);
  };
}
export default { render };
""" % {"aspect": ASPECT, "min_px": MIN_PX, "max_px": MAX_PX}  # noqa: UP031 (JavaScript: its braces stay as they are)

_CSS = """
.war-widget { width: 100%; box-sizing: border-box; font-size: calc(15px * var(--war-scale, 1)); }
.war-widget .war-table { max-width: 100%; flex-shrink: 0; }
.war-widget > * { flex-shrink: 0; }
.war-widget .war-row { flex-wrap: wrap; gap: 4px; }
.war-widget .war-row .widget-button, .war-widget .war-row .widget-toggle-button,
.war-widget .war-row .widget-toggle-buttons { width: auto !important; min-width: 4.5em; flex: 0 1 auto; }
.war-widget .war-row .widget-toggle-buttons .widget-toggle-button { min-width: 3.5em; }
.war-widget .war-row .widget-text { flex: 1 1 12em; min-width: 10em; width: auto !important; }
.war-widget .war-wide { width: min(100%, var(--war-table-width, 800px)) !important; max-width: 100%; }
.war-widget .war-flip { height: calc(48px * var(--war-scale, 1)) !important;
  font-size: calc(20px * var(--war-scale, 1)) !important; }
.war-widget.war-presenting > .widget-box { width: 100%; align-items: center; }
.war-widget .war-sr-only { position: absolute !important; width: 1px !important; height: 1px !important;
  overflow: hidden !important; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap; }
.war-widget.war-presenting { position: fixed !important; inset: 0; z-index: 10000; overflow: auto;
  width: 100vw !important; height: 100vh; padding: 8px 16px; background: var(--jp-layout-color0, #fff);
  align-items: center; }
.war-frontend .war-fullscreen { width: auto; padding: 0 1em; }
"""


class FrontEnd(anywidget.AnyWidget):
    """The helper; ``on_shown(cb)`` calls ``cb(n)`` when the table shows beat ``n``,
    ``on_resize(cb)`` calls ``cb(css_width, pixel_ratio, canvas_pixels)`` when the table's size
    on the page changes."""

    _esm = _ESM
    _css = _CSS
    sentinel = traitlets.Unicode("").tag(sync=True)
    fullscreen_label = traitlets.Unicode("Full screen").tag(sync=True)
    exit_label = traitlets.Unicode("Exit full screen").tag(sync=True)
    size: traitlets.List[Any] = traitlets.List([]).tag(sync=True)  # [css width, devicePixelRatio, canvas pixels across]

    def __init__(self, sentinel_id: str, **kwargs) -> None:
        super().__init__(sentinel=sentinel_id, **kwargs)
        self._shown: list[Callable[[int], None]] = []
        self._hello: list[Callable[[], None]] = []
        self.on_msg(self._message)

    def on_shown(self, callback: Callable[[int], None]) -> None:
        self._shown.append(callback)

    def on_hello(self, callback: Callable[[], None]) -> None:
        self._hello.append(callback)

    def on_resize(self, callback: Callable[[float, float, int], None]) -> None:
        def observer(change: dict) -> None:
            value = change["new"]
            if isinstance(value, list) and len(value) == 3:
                try:
                    width, ratio, px = float(value[0]), float(value[1]), int(value[2])
                except (TypeError, ValueError):
                    return
                callback(width, ratio, px)
        self.observe(observer, "size")

    def _message(self, _widget, content, _buffers) -> None:
        if not isinstance(content, dict):
            return
        if content.get("hello"):
            for cb in self._hello:
                cb()
        seq = content.get("shown")
        if isinstance(seq, int) and not isinstance(seq, bool):
            for shown in self._shown:
                shown(seq)
