"""``python -m war_widget.lessons FOLDER``: write the teacher's guides and printables into FOLDER."""
from __future__ import annotations

import sys

from .build import build


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1:
        print("usage: python -m war_widget.lessons FOLDER", file=sys.stderr)
        return 2
    try:
        paths = build(args[0])
    except (ValueError, OSError) as exc:
        print(f"war_widget.lessons: {exc}", file=sys.stderr)
        return 1
    print(f"{len(paths)} files written to {args[0]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
