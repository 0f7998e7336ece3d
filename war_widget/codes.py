"""Game numbers: a short text that carries the rules and the seed, so a shared number replays
exactly the same game.  Format: ``PRESET[+option=value...]-SEED``, e.g. ``classic-48213977`` or
``kids+face_down=2+round_limit=50-7``."""
from __future__ import annotations

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


def encode_code(rules: Rules, seed: int) -> str:
    """The game number of ``rules`` dealt from ``seed``; rules differing from the nearest preset
    are written out as ``+option=value`` tokens."""
    rules.to_dict()  # raises a clear ValueError for callable policies
    base_name, base_diff = "classic", None
    for name in PRESETS:
        diff = {k: v for k, v in vars(rules).items() if getattr(Rules.preset(name), k) != v}
        if base_diff is None or len(diff) < len(base_diff):
            base_name, base_diff = name, diff
    tokens = "".join(f"+{k}={_format_value(v)}" for k, v in sorted((base_diff or {}).items()))
    return f"{base_name}{tokens}-{seed}"


def decode_code(code: str) -> tuple[Rules, int]:
    """The rules and seed of a game number; a clear ValueError when it is not one."""
    if not isinstance(code, str):
        raise ValueError(f"a game number is text like 'classic-12345'; got {code!r}")
    text = code.strip()
    match = re.fullmatch(r"([a-z_]+)((?:\+[a-z_]+=[A-Za-z0-9_/]+)*)-(\d{1,20})", text)
    if not match:
        raise ValueError(f"not a game number: {code!r}; a game number looks like 'classic-12345' or "
                         "'kids+face_down=2-7' (preset, optional +option=value, a dash, the seed)")
    preset, tokens, seed_text = match.groups()
    seed = int(seed_text)
    if seed > _SEED_MAX:
        raise ValueError(f"the seed in game number {code!r} is too large (at most {_SEED_MAX})")
    rules = Rules.preset(preset)
    changes = {}
    for token in filter(None, tokens.split("+")):
        name, value = token.split("=", 1)
        changes[name] = _parse_value(name, value, getattr(rules, name, None))
    return rules.replace(**changes), seed
