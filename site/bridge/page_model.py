"""The classroom page's model: the widgets' own Python, on a bridge of a few lines instead of Jupyter.

The classroom page (site/bridge/bridge.js) runs Pyodide with war_widget and traitlets only.  It
installs this module as ``anywidget`` before war_widget's widgets are imported, so
``TableComponent``, ``WarWidget``, ``StealWarWidget`` and ``CasinoWarWidget`` are the very classes
of the package (their play, their session, their messages), built on ``AnyWidget`` below: a
``traitlets.HasTraits`` whose synced traits (``.tag(sync=True)``) are sent to the page as JSON,
whose ``send`` is a custom message to the page, and whose ``on_msg`` handlers get the page's
messages.  No ipywidgets, comm, IPython or plotly package is loaded: measured in Pyodide, importing
anywidget (and with it ipywidgets and IPython) took longer than booting Pyodide itself.

The page gives ``connect`` one JavaScript function, ``deliver(kind, json)``: ``kind`` is
``"state"`` (a JSON object of synced traits that changed) or ``"custom"`` (a custom message).
The page calls ``Bridge.receive`` with the traits its view set (``model.save_changes``) and
``Bridge.message`` with what its view sent (``model.send``).  Values the page set are not echoed
back (as ipywidgets' property lock does).
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import traitlets

__all__ = ["AnyWidget", "Bridge", "connect", "install"]

Deliver = Callable[[str, str], None]
Handler = Callable[[Any, Any, Any], None]


class AnyWidget(traitlets.HasTraits):
    """What war_widget's widgets use of ``anywidget.AnyWidget``: synced traits, ``hold_sync``,
    ``send``, ``on_msg`` and ``close``; the page's view of it is ``bridge.js``'s model."""

    _esm: Any = None
    _css: Any = None

    def __init__(self, **kwargs: Any) -> None:
        self._bridge_handlers: list[Handler] = []
        self._bridge_held = 0
        self._bridge_changed: set[str] = set()
        self._bridge_from_page: dict[str, Any] = {}
        self._bridge_deliver: Deliver | None = None
        self._bridge_outbox: list[tuple[str, str]] = []
        super().__init__(**kwargs)
        self.observe(self._on_change, names=list(self.synced()))

    def synced(self) -> dict[str, Any]:
        """The synced traits' values (the model's state as the page reads it)."""
        return {name: getattr(self, name) for name in self.trait_names(sync=True)}

    def _on_change(self, change: Any) -> None:
        name = change["name"]
        if name in self._bridge_from_page and self._bridge_from_page[name] == change["new"]:
            return                          # the page's own value: not sent back to it
        self._bridge_changed.add(name)
        if not self._bridge_held:
            self._flush()

    @contextmanager
    def hold_sync(self) -> Iterator[None]:
        """Send the traits changed inside the block together, at its end."""
        self._bridge_held += 1
        try:
            yield
        finally:
            self._bridge_held -= 1
            if not self._bridge_held:
                self._flush()

    def _flush(self) -> None:
        if not self._bridge_changed:
            return
        state = {name: getattr(self, name) for name in sorted(self._bridge_changed)}
        self._bridge_changed.clear()
        self._post("state", json.dumps(state))

    def _post(self, kind: str, text: str) -> None:
        if self._bridge_deliver is None:
            self._bridge_outbox.append((kind, text))   # before the page connected: kept until it does
        else:
            self._bridge_deliver(kind, text)

    def send(self, content: Any, buffers: Any = None) -> None:
        """A custom message to the page's view (``msg:custom``)."""
        self._post("custom", json.dumps(content))

    def on_msg(self, handler: Handler) -> None:
        """Call ``handler(widget, content, buffers)`` with each message the page's view sends."""
        self._bridge_handlers.append(handler)

    def close(self) -> None:
        self._bridge_deliver = None
        self._bridge_handlers.clear()


class Bridge:
    """One widget as the page talks to it."""

    def __init__(self, widget: AnyWidget, deliver: Deliver) -> None:
        self.widget = widget
        widget._bridge_deliver = deliver
        for kind, text in widget._bridge_outbox:
            deliver(kind, text)
        widget._bridge_outbox.clear()

    def state(self) -> str:
        """The whole synced state, as JSON (what the page's model starts from)."""
        return json.dumps(self.widget.synced())

    def receive(self, text: str) -> None:
        """Traits the page's view set (``save_changes``), as a JSON object."""
        values = json.loads(text)
        if not isinstance(values, dict):
            raise ValueError(f"the page sent {type(values).__name__} as the model's state; a JSON object is allowed")
        w = self.widget
        allowed = set(w.trait_names(sync=True))
        unknown = set(values) - allowed
        if unknown:
            raise ValueError(f"the page set {', '.join(sorted(unknown))}; "
                             f"the synced traits are {', '.join(sorted(allowed))}")
        w._bridge_from_page = values
        try:
            with w.hold_sync():
                for name, value in values.items():
                    setattr(w, name, value)
        finally:
            w._bridge_from_page = {}

    def message(self, text: str) -> None:
        """A message the page's view sent (``model.send``), as JSON, to the widget's handlers."""
        content = json.loads(text)
        for handler in list(self.widget._bridge_handlers):
            handler(self.widget, content, None)


def install() -> None:
    """Make this module the ``anywidget`` that war_widget's widgets import (before they are)."""
    import sys

    if "anywidget" in sys.modules and sys.modules["anywidget"] is not sys.modules[__name__]:
        raise ValueError("anywidget is already imported: the page's model must be installed "
                         "before war_widget's widgets are imported")
    sys.modules["anywidget"] = sys.modules[__name__]


def connect(widget: Any, deliver: Deliver) -> Bridge:
    """The bridge between ``widget`` (built on this module's ``AnyWidget``) and the page."""
    if not isinstance(widget, AnyWidget):
        raise ValueError(f"the page's code made {type(widget).__name__}; a war_widget table (an AnyWidget) is allowed")
    return Bridge(widget, deliver)
