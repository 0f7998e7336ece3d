"""Rewrite the golden playthroughs in tests/golden/ (one per preset of Rules.presets()).

    python tools/make_golden.py            # write every file, print which changed
    python tools/make_golden.py --check    # only report differences (exit 1 if any)

The text comes from ``transcript()`` in tests/game/test_golden.py, the same function the test uses.
Files are written atomically (a temporary file in the same folder, then os.replace).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "game"))

from test_golden import GOLDEN, transcript  # type: ignore[import-not-found]  # noqa: E402

from war_widget import Rules  # noqa: E402


def write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="report differences without writing")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    changed = []
    for preset in Rules.presets():
        path = GOLDEN / f"{preset}.txt"
        text = transcript(preset)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            changed.append(preset)
            if not args.check:
                write_atomic(path, text)
    print(("differs: " if args.check else "written: ") + (", ".join(changed) or "nothing"))
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
