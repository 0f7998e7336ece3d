"""Game numbers: a short text that carries the rules and the seed, so a shared number replays
exactly the same game.  Format: ``PRESET[+option=value...]-SEED``, e.g. ``classic-48213977`` or
``kids+face_down=2+round_limit=50-7``."""
from __future__ import annotations

import dataclasses
import re

from .rules import PRESETS, Rules

__all__ = ["encode_code", "decode_code"]

_SEED_MAX = (1 << 64) - 1


def _format_value(value: object) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, tuple):
        return "/".join(map(str, value))
    return str(value)


def _parse_value(name: str, text: str, default: object) -> object:
    if text == "none":
        return None
    if text in ("true", "false"):
        return text == "true"
    if "/" in text:
        return tuple(text.split("/"))
    if re.fullmatch(r"\d+", text):
        return int(text)
    return text


_PREFIXES: dict[Rules, str] = {}    # rules -> the number's part before the seed (a game asks at every beat)
_PREFIXES_KEPT = 256


def encode_code(rules: Rules, seed: int) -> str:
    """The game number of ``rules`` dealt from ``seed``; rules differing from the nearest preset
    are written out as ``+option=value`` tokens."""
    if not isinstance(rules, Rules):
        raise ValueError(f"encode_code needs a Rules value; got {rules!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= _SEED_MAX:
        raise ValueError(f"seed must be a whole number from 0 to 2**64-1; got {seed!r}")
    return f"{_prefix(rules)}-{seed}"


def _prefix(rules: Rules) -> str:
    """``PRESET[+option=value...]`` of these rules, worked out once per rule set."""
    try:
        prefix = _PREFIXES.get(rules)
    except TypeError:        # an unhashable callable policy: to_dict() below says what is wrong
        prefix = None
    if prefix is not None:
        return prefix
    rules.to_dict()  # raises a clear ValueError for callable policies
    names = [f.name for f in dataclasses.fields(Rules)]
    base_name, base_diff = "classic", None
    for name in PRESETS:
        preset = Rules.preset(name)
        diff = {k: getattr(rules, k) for k in names if getattr(preset, k) != getattr(rules, k)}
        if base_diff is None or len(diff) < len(base_diff):
            base_name, base_diff = name, diff
    tokens = "".join(f"+{k}={_format_value(v)}" for k, v in sorted((base_diff or {}).items()))
    if len(_PREFIXES) >= _PREFIXES_KEPT:
        _PREFIXES.clear()
    prefix = _PREFIXES[rules] = base_name + tokens
    return prefix


_VALUE_MAX = 40    # characters of one option value (the longest real one, 'previous_winner_first', has 21)
_CODE = re.compile(r"([a-z][a-z0-9_]*)((?:\+[a-z_]+=[A-Za-z0-9_/]+)*)-([0-9]{1,20})", re.ASCII)


def decode_code(code: str) -> tuple[Rules, int]:
    """The rules and seed of a game number; a clear ValueError when it is not one.

    Only ASCII letters, digits, ``_ / + = -`` are allowed, with nothing around the number (no
    spaces or line breaks: the widget's text box trims what a person types before asking)."""
    if not isinstance(code, str):
        raise ValueError(f"a game number is text like 'classic-12345'; got {type(code).__name__}")
    shown = repr(code) if len(code) <= 80 else f"{code[:60]!r}... ({len(code)} characters)"
    if code != code.strip():
        raise ValueError(f"a game number has no spaces or line breaks around it; got {shown}")
    match = _CODE.fullmatch(code)
    if not match:
        raise ValueError(f"not a game number: {shown}; a game number looks "
                         "like 'classic-12345' or 'kids+face_down=2-7' (preset, optional +option=value, a dash, the "
                         "seed; ASCII letters and digits only)")
    preset, tokens, seed_text = match.groups()
    seed = int(seed_text)
    if seed > _SEED_MAX:
        raise ValueError(f"the seed in game number {shown} is too large (at most {_SEED_MAX})")
    rules = Rules.preset(preset)
    changes: dict[str, object] = {}
    for token in filter(None, tokens.split("+")):
        name, value = token.split("=", 1)
        longest = max(len(part) for part in value.split("/"))
        if longest > _VALUE_MAX:
            raise ValueError(f"a value of {name} in a game number is {longest} characters long; "
                             f"no option value is longer than {_VALUE_MAX}")
        if name in changes:
            raise ValueError(f"the option {name} appears twice in game number {shown}; give each option once")
        changes[name] = _parse_value(name, value, getattr(rules, name, None))
    return rules.replace(**changes), seed
