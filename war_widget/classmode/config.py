"""Where a class is kept and in which language its pages speak, as the command that starts the class
tells the kernels (through their environment: every Voila kernel inherits the server's).

* ``WAR_WIDGET_CLASS``: the class store's path (default: ``class.sqlite3`` in the user's data folder
  for war_widget, the folder of the records store);
* ``WAR_WIDGET_CLASS_LANG``: "en" or "ja" (the board's; the children's pages speak the children's
  register of it, or ``WAR_WIDGET_CLASS_SEAT_LANG``: "en", "ja" or "ja_kana");
* ``WAR_WIDGET_CLASS_READ_ALOUD``: "1" reads each beat's sentence aloud on the children's tablets
  (``serve --read-aloud``), "0" or unset: off.
"""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

from ..text.classmode import check_board_lang, check_seat_lang

__all__ = ["default_path", "store_path", "board_lang", "seat_lang", "read_aloud", "ENV_STORE", "ENV_LANG",
           "ENV_SEAT_LANG", "ENV_READ_ALOUD"]

ENV_STORE = "WAR_WIDGET_CLASS"
ENV_LANG = "WAR_WIDGET_CLASS_LANG"
ENV_SEAT_LANG = "WAR_WIDGET_CLASS_SEAT_LANG"
ENV_READ_ALOUD = "WAR_WIDGET_CLASS_READ_ALOUD"


def default_path() -> Path:
    """``class.sqlite3`` in the user's data folder for war_widget."""
    from platformdirs import user_data_dir

    return Path(user_data_dir("war_widget", appauthor=False)) / "class.sqlite3"


def store_path(environ: Mapping[str, str] | None = None) -> Path:
    """The class store's path: ``WAR_WIDGET_CLASS``, else ``default_path()``."""
    env = os.environ if environ is None else environ
    given = env.get(ENV_STORE, "").strip()
    return Path(given).expanduser() if given else default_path()


def board_lang(environ: Mapping[str, str] | None = None) -> str:
    """The teacher's language: ``WAR_WIDGET_CLASS_LANG`` ("en" or "ja"), default "en"."""
    env = os.environ if environ is None else environ
    return check_board_lang(env.get(ENV_LANG, "en").strip() or "en")


def seat_lang(environ: Mapping[str, str] | None = None) -> str:
    """The children's pages' language: ``WAR_WIDGET_CLASS_SEAT_LANG``, else the teacher's."""
    env = os.environ if environ is None else environ
    given = env.get(ENV_SEAT_LANG, "").strip()
    return check_seat_lang(given) if given else board_lang(env)


def read_aloud(environ: Mapping[str, str] | None = None) -> bool:
    """Whether the children's tables read each beat aloud: ``WAR_WIDGET_CLASS_READ_ALOUD`` "1"
    (on) or "0" / unset (off); anything else is a ValueError."""
    env = os.environ if environ is None else environ
    given = env.get(ENV_READ_ALOUD, "").strip()
    if given not in ("", "0", "1"):
        raise ValueError(f"{ENV_READ_ALOUD} must be 1 (read aloud) or 0 (off); got {given[:40]!r}")
    return given == "1"
