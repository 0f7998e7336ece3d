"""Start a class: ``python -m war_widget.classmode serve`` (or ``war-widget-class``).

Two Voila servers, no web server of our own: the children's (the seat notebook only, on every
network address of this computer, ``0.0.0.0``, port 8866) and the teacher's board (the board
notebook only, on ``127.0.0.1``, port 8867: reachable from this computer's own browser, the
projector's, and from no tablet).  Both get the class store's path and the language in their
environment (``config``), so every kernel opens the same store.  The children's address is
written into the store, so the board shows it with its QR code; while the class runs, the
command forces the store to the disk every few seconds (``ClassStore.sync``).  Ctrl-C stops both; the store
keeps every result (start again with the same ``--store`` and the class goes on).

``--board jupyter`` starts only the children's server and says how to open the board in the
teacher's own JupyterLab (which has its token: children cannot open it).
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from .config import ENV_LANG, ENV_READ_ALOUD, ENV_SEAT_LANG, ENV_STORE, default_path
from .store import MAX_SEATS, SYNC_SECONDS, ClassStore

__all__ = ["main", "lan_address", "voila_command", "voila_env", "PAGES"]

PAGES = Path(__file__).parent / "pages"
# a Jupyter data folder of our own, put first on JUPYTER_PATH of the Voila servers: the class pages'
# template (its voila/templates/war_class/index.html.j2 says why)
TEMPLATE_ROOT = Path(__file__).parent / "jupyter"
TEMPLATE = "war_class"
STOP_GRACE = 8.0      # s: the servers' time to stop their kernels on Ctrl-C, all together, before SIGTERM
CULL_IDLE = 900       # s: a kernel no page has polled for 15 minutes is shut down (a tablet gone to sleep)


def lan_address() -> str:
    """This computer's address on the school's network (the one a tablet reaches), found without
    sending anything (a UDP socket's route); 127.0.0.1 when there is no network."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def voila_env(env: dict[str, str]) -> dict[str, str]:
    """``env`` with our Jupyter data folder first on JUPYTER_PATH, where Voila finds the class
    pages' template (``voila_command`` names it)."""
    return {**env, "JUPYTER_PATH": os.pathsep.join(d for d in (str(TEMPLATE_ROOT), env.get("JUPYTER_PATH")) if d)}


def voila_command(notebook: Path, host: str, port: int) -> list[str]:
    """Voila serving ``notebook`` alone (no tree, no other file), without tracebacks on the page.
    The page needs no front-end extension but the widgets': Notebook 7's and JupyterLite's (when
    installed beside Voila) are left out, as they fail to load in Voila's page.  A page that goes
    (a reload, a closed tab) has its kernel shut down by Voila's own unload request (it needs the
    page's ``_xsrf`` cookie, which the seat's and the board's script set: classmode/src/link.js);
    a tablet that goes without unloading (put to sleep, out of Wi-Fi, its battery flat) leaves its
    kernel, culled when idle for ``CULL_IDLE`` seconds (a page that comes back later sits again at
    its seat, its game read from the store). The page's template is ours (``TEMPLATE``: it fetches
    nothing from the internet), found on ``voila_env``'s JUPYTER_PATH."""
    return [sys.executable, "-m", "voila", str(notebook), f"--port={port}", f"--Voila.ip={host}", "--no-browser",
            "--show_tracebacks=False", f"--template={TEMPLATE}",
            '--VoilaConfiguration.extension_denylist=["@jupyter-notebook/lab-extension", '
            '"@jupyterlite/pyodide-kernel-extension"]',
            f"--MappingKernelManager.cull_idle_timeout={CULL_IDLE}", "--MappingKernelManager.cull_interval=60"]


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m war_widget.classmode",
                                description="A whole class plays War at once: each child on a tablet, the teacher's "
                                            "board on the projector.")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("serve", help="start the class (the children's pages and the teacher's board)")
    s.add_argument("--store", default=None, help=f"the class store (default: {default_path()})")
    s.add_argument("--seats", type=int, default=None, help="the number of seats, 出席番号 1..N (default 40)")
    s.add_argument("--lang", choices=("en", "ja"), default="en", help="the teacher's language (the board, the CSV)")
    s.add_argument("--seat-lang", choices=("en", "ja", "ja_kana"), default=None,
                   help="the children's pages (default: the teacher's; ja: the children's register; ja_kana: no kanji)")
    s.add_argument("--read-aloud", action="store_true",
                   help="read each beat's sentence aloud on the children's tablets (the browser's speech, in the "
                        "children's language; off unless given)")
    s.add_argument("--port", type=int, default=8866, help="the children's port (default 8866)")
    s.add_argument("--board-port", type=int, default=8867, help="the board's port on 127.0.0.1 (default 8867)")
    s.add_argument("--board", choices=("voila", "jupyter"), default="voila",
                   help="voila: the board on 127.0.0.1 (default); jupyter: open the board in your own Jupyter")
    s.add_argument("--address", default=None,
                   help="the children's address to show (default: http://<this computer>:<port>/)")
    return p


def stop_servers(servers: Sequence[subprocess.Popen[bytes]], grace: float = STOP_GRACE) -> None:
    """Stop the Voila servers together, within ``grace`` seconds and a little more in all.

    Each is asked as Ctrl-C asks (SIGINT: it shuts its kernels down); those still running when one
    shared deadline passes get SIGTERM, then SIGKILL a second later. (Waiting for each in turn, 10 s
    apiece, made a busy class take over 20 s to stop.) The results are in the store already.
    """
    for s in servers:
        if s.poll() is None:
            s.send_signal(signal.SIGINT)
    deadline = time.monotonic() + grace
    for last_resort in ("terminate", "kill"):
        for s in servers:
            try:
                s.wait(timeout=max(0.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                pass
        left = [s for s in servers if s.poll() is None]
        if not left:
            return
        for s in left:
            getattr(s, last_resort)()
        deadline = time.monotonic() + 1.0
    for s in servers:
        s.wait()


def main(argv: Sequence[str] | None = None) -> int:
    """The command line; the exit status."""
    args = _parser().parse_args(argv)
    if args.seats is not None and not 1 <= args.seats <= MAX_SEATS:
        print(f"--seats must be from 1 to {MAX_SEATS}; got {args.seats}", file=sys.stderr)
        return 2
    path = Path(args.store).expanduser() if args.store else default_path()
    try:
        store = ClassStore(path, size=args.seats or 40)
    except (ValueError, OSError) as exc:
        print(f"the class store cannot be used: {exc}", file=sys.stderr)
        return 2
    for problem in store.problems:
        print(problem, file=sys.stderr)
    if args.seats is not None and args.seats != store.size:
        store.set_size(args.seats)
    address = args.address or f"http://{lan_address()}:{args.port}/"
    store.set_address(address)
    env = voila_env({**os.environ, ENV_STORE: str(path), ENV_LANG: args.lang,
                     ENV_READ_ALOUD: "1" if args.read_aloud else "0"})
    if args.seat_lang:
        env[ENV_SEAT_LANG] = args.seat_lang
    servers = [subprocess.Popen(voila_command(PAGES / "class_seat.ipynb", "0.0.0.0", args.port), env=env)]
    if args.board == "voila":
        servers.append(subprocess.Popen(voila_command(PAGES / "class_board.ipynb", "127.0.0.1", args.board_port),
                                        env=env))
    print(f"\nThe class store: {path}")
    print(f"Children open: {address}   (the board shows it with a QR code)")
    if args.board == "voila":
        print(f"The board (this computer only): http://127.0.0.1:{args.board_port}/")
    else:
        print(f"The board: in your JupyterLab, run  ClassBoard({str(path)!r}, lang={args.lang!r})  "
              "(from war_widget.classmode import ClassBoard)")
    print("Stop with Ctrl-C; the results are kept in the store.\n", flush=True)
    def stop(_signum: int, _frame: object) -> None:       # SIGTERM (a service manager, a test): as Ctrl-C
        raise KeyboardInterrupt
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        while all(s.poll() is None for s in servers):
            store.sync(every=SYNC_SECONDS)          # the kernels' results forced to the disk (store.py)
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        store.close()
        stop_servers(servers)
        signal.signal(signal.SIGTERM, previous)
    return max((s.returncode or 0) for s in servers) if any(s.returncode not in (0, None, -2) for s in servers) else 0
