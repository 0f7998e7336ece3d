"""Write the C kernel's specialised builds (war_widget/sim/fastsim/builds/) from the presets.

    python tools/kernel_builds.py            # write the files, print which changed
    python tools/kernel_builds.py --check    # only report differences (exit 1 if any)

One C file per distinct rule set of ``fastsim.specialised_rule_sets()`` (every preset the kernel
plays, and a few common variations): it defines the FIX_ macros of those rules and includes
kernel.c with its entry points renamed; ``general.c`` includes it with no FIX_ (every rule read
from the table); ``builds.h`` lists them for _kernelmodule.c.  The package's build (setup.py)
compiles them; committed, so that building needs no import of the package.  Run it after adding a
preset (tests/sim/test_fastsim.py fails until the files match).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from war_widget.sim.fastsim import encode_rules, specialised_rule_sets  # noqa: E402
from war_widget.sim.fastsim.table import fixed_values  # noqa: E402

FOLDER = ROOT / "war_widget" / "sim" / "fastsim" / "builds"
HEADER = "/* Written by tools/kernel_builds.py from the presets: do not edit (run the tool). */\n"


def files() -> dict[str, str]:
    """The file name -> text of every build file, and builds.h."""
    groups: dict[tuple[tuple[str, int], ...], list[str]] = {}
    for name, rules in specialised_rule_sets().items():
        groups.setdefault(fixed_values(encode_rules(rules)), []).append(name)
    out = {"general.c": HEADER + "/* The general build: every rule read from the table. */\n"
                                 "#define KERNEL_NAME(name) war_general_##name\n#include \"../kernel.c\"\n"}
    entries = ['    X(general, "general", "")']
    for k, (fixed, names) in enumerate(groups.items()):
        ident = f"b{k:02d}"
        label = " + ".join(names)
        macros = "".join(f"#define FIX_{macro} {value if value >= 0 else f'({value})'}\n" for macro, value in fixed)
        out[f"{ident}.c"] = (HEADER + f"/* The build for {label}. */\n" + macros
                             + f"#define KERNEL_NAME(name) war_{ident}_##name\n#include \"../kernel.c\"\n")
        words = " ".join(f"{macro}={value}" for macro, value in fixed)
        entries.append(f'    X({ident}, "{label}", "{words}")')
    out["builds.h"] = (HEADER + "/* X(identifier, name, the fixed rule values) of every build, the general first. */\n"
                       "#define KERNEL_BUILDS(X) \\\n" + " \\\n".join(entries) + "\n")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--check", action="store_true", help="report differences only (exit 1 if any)")
    args = parser.parse_args()
    want = files()
    have = {p.name: p.read_text(encoding="utf-8") for p in FOLDER.glob("*")} if FOLDER.exists() else {}
    changed = sorted(n for n in set(want) | set(have) if want.get(n) != have.get(n))
    for name in changed:
        print(("stale " if args.check else "wrote ") + str(FOLDER.relative_to(ROOT) / name))
    if args.check:
        return 1 if changed else 0
    FOLDER.mkdir(exist_ok=True)
    for name in changed:
        path = FOLDER / name
        if name not in want:
            path.unlink()
            continue
        fd, tmp = tempfile.mkstemp(dir=FOLDER, prefix=name, suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(want[name])
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
