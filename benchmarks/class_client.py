"""A tablet without a browser: one Voila page of the class mode driven through the server's own
protocol, as the page's JavaScript does it (used by ``bench_class.py``).

``Page.open(base)`` GETs the page over HTTP (Voila starts its kernel and runs the notebook), reads
the kernel's id from the HTML, connects the kernel's websocket ``/api/kernels/<id>/channels`` and
speaks the Jupyter messaging protocol (JSON frames) to the widgets' comms: it opens the
``jupyter.widget.control`` comm and asks for every model's state (``request_states``, what
ipywidgets 8's manager does on connecting), then follows ``comm_open`` (a new widget, e.g. the
seat's table once a game is dealt) and ``comm_msg`` (``update``: a trait changed; ``custom``: a
message).  It sends what the browser sends: ``custom`` messages (``{"do": "choose", ...}``,
``{"do": "flip"}``) and ``update`` of a trait (``shown``, as the table writes it back).
"""
from __future__ import annotations

import asyncio
import json
import re
import time
import uuid
from collections.abc import Callable
from typing import Any

import httpx
import websockets

__all__ = ["Page", "ProtocolError"]

KERNEL_ID = re.compile(r'"kernelId"\s*:\s*"([0-9a-f-]{36})"')


class ProtocolError(RuntimeError):
    """The page did not answer as the protocol says (no kernel id, a closed socket, a timeout)."""


class Page:
    """One page's kernel: its widget models (``models``: id -> {"name", "state"}) as the kernel
    last said them, and the custom messages it sent (``customs``: (time, model id, content))."""

    def __init__(self, base: str, kernel_id: str, http_seconds: float) -> None:
        self.base = base.rstrip("/") + "/"
        self.kernel_id = kernel_id
        self.http_seconds = http_seconds
        self.session = uuid.uuid4().hex
        self.models: dict[str, dict[str, Any]] = {}
        self.customs: list[tuple[float, str, Any]] = []
        self.ws: Any = None
        self._reader: asyncio.Task[None] | None = None
        self._waiters: list[tuple[Callable[[], Any], asyncio.Future[Any]]] = []
        self.closed = False
        self.listeners: list[Callable[[str, dict[str, Any]], None]] = []   # (model, the traits that changed)
        self._control: tuple[str, dict[str, Any]] = ("", {})

    # --- connecting --------------------------------------------------------------------------
    @classmethod
    async def open(cls, base: str, client: httpx.AsyncClient, timeout: float = 180.0) -> Page:
        """GET the page (the kernel runs the notebook), then connect its websocket."""
        t0 = time.perf_counter()
        r = await client.get(base, timeout=timeout)
        if r.status_code != 200:
            raise ProtocolError(f"GET {base}: HTTP {r.status_code}")
        m = KERNEL_ID.search(r.text)
        if m is None:
            raise ProtocolError(f"GET {base}: no kernel id in the page")
        page = cls(base, m.group(1), time.perf_counter() - t0)
        await page.connect(timeout)
        return page

    async def connect(self, timeout: float = 60.0) -> None:
        """(Re)connect the kernel's websocket and ask for every widget's state."""
        ws_url = "ws" + self.base[4:] + f"api/kernels/{self.kernel_id}/channels?session_id={self.session}"
        self.ws = await websockets.connect(ws_url, max_size=64 * 2**20, open_timeout=timeout, ping_interval=None)
        self.closed = False
        control = uuid.uuid4().hex
        got: dict[str, Any] = {}
        self._control = (control, got)
        self._reader = asyncio.get_running_loop().create_task(self._read())
        await self._send("comm_open", {"comm_id": control, "target_name": "jupyter.widget.control", "data": {},
                                       "metadata": {}}, {"version": "1.0.0"})
        await self._send("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        await self.wait(lambda: got.get("states") is not None, timeout)

    async def drop(self) -> None:
        """The tablet's Wi-Fi goes: the websocket closes (the kernel stays)."""
        self.closed = True
        if self.ws is not None:
            await self.ws.close()
        if self._reader is not None:
            await asyncio.gather(self._reader, return_exceptions=True)

    async def close(self) -> None:
        """Leave the page as a closing tab does: close the socket and shut the kernel down."""
        await self.drop()
        try:
            async with httpx.AsyncClient() as c:
                await c.delete(self.base + f"api/kernels/{self.kernel_id}", timeout=20)
        except httpx.HTTPError:
            pass

    # --- the protocol ------------------------------------------------------------------------
    async def _send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> None:
        msg = {"header": {"msg_id": uuid.uuid4().hex, "username": "tablet", "session": self.session,
                          "msg_type": msg_type, "version": "5.3", "date": ""},
               "parent_header": {}, "metadata": metadata or {}, "content": content, "channel": "shell", "buffers": []}
        await self.ws.send(json.dumps(msg))

    async def custom(self, model: str, content: dict[str, Any]) -> None:
        """What ``model.send(content)`` sends from the browser."""
        await self._send("comm_msg", {"comm_id": model, "data": {"method": "custom", "content": content}})

    async def set(self, model: str, state: dict[str, Any]) -> None:
        """What ``model.set(...); model.save_changes()`` sends from the browser."""
        self.models[model]["state"].update(state)
        await self._send("comm_msg", {"comm_id": model, "data": {"method": "update", "state": state,
                                                                 "buffer_paths": []}})

    async def _read(self) -> None:
        try:
            async for frame in self.ws:
                if isinstance(frame, bytes):
                    continue
                self._take(json.loads(frame))
        except websockets.ConnectionClosed:
            pass
        finally:
            self.closed = True
            self._check()

    def _take(self, msg: dict[str, Any]) -> None:
        kind = msg.get("header", {}).get("msg_type") or msg.get("msg_type")
        content = msg.get("content", {})
        if kind == "comm_open" and content.get("target_name") == "jupyter.widget":
            data = content.get("data", {})
            state = data.get("state", {})
            self.models[content["comm_id"]] = {"name": state.get("_model_name", ""), "state": dict(state)}
        elif kind == "comm_close":
            self.models.pop(content.get("comm_id"), None)
        elif kind == "comm_msg":
            comm, data = content.get("comm_id"), content.get("data", {})
            method = data.get("method")
            if comm == self._control[0] and method == "update_states":
                for mid, m in data.get("states", {}).items():
                    self.models[mid] = {"name": m.get("model_name", ""), "state": dict(m.get("state", {}))}
                self._control[1]["states"] = True
            elif method in ("update", "echo_update") and comm in self.models:
                self.models[comm]["state"].update(data.get("state", {}))
                for listener in self.listeners:
                    listener(comm, data.get("state", {}))
            elif method == "custom":
                self.customs.append((time.perf_counter(), comm, data.get("content")))
        self._check()

    def _check(self) -> None:
        keep = []
        for test, fut in self._waiters:
            if fut.done():
                continue
            try:
                value = test()
            except Exception as exc:          # a predicate that fails is the waiter's answer
                fut.set_exception(exc)
                continue
            if value:
                fut.set_result((time.perf_counter(), value))
            elif self.closed:
                fut.set_exception(ProtocolError("the websocket closed"))
            else:
                keep.append((test, fut))
        self._waiters = keep

    async def wait(self, test: Callable[[], Any], timeout: float = 30.0) -> tuple[float, Any]:
        """Wait until ``test()`` is true after a message (or now); (the time it became true, its value)."""
        value = test()
        if value:
            return time.perf_counter(), value
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        self._waiters.append((test, fut))
        try:
            return await asyncio.wait_for(fut, timeout)
        except TimeoutError:
            raise ProtocolError(f"no answer within {timeout:.0f} s") from None

    # --- the class mode's widgets --------------------------------------------------------------
    def find(self, key: str) -> str | None:
        """The model whose state has trait ``key`` (the picker: "state" with a phase; the table:
        "beats"; the board: "view")."""
        for mid, m in self.models.items():
            st = m["state"]
            if key in st and (key != "state" or isinstance(st.get("state"), dict) and "phase" in st["state"]):
                return mid
        return None
