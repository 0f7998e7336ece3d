"""The package's build: the metadata is pyproject.toml's; this file adds the C kernel's extension.

``war_widget.sim.fastsim._compiled`` is one setuptools extension, chosen over cffi's API mode
because it needs nothing at build or run time but setuptools and the compiler (cffi would be a
build and run dependency and its own C wrapper), and ``optional=True`` gives the fallback the
scientific packages use: an install from source where no compiler works still succeeds, and
``simulate()`` plays with the engine and says once what to install for speed.

It compiles ``_kernelmodule.c`` (the Python entry points) and one translation unit per build of
``kernel.c`` in ``builds/``: one per preset's rule set (the rules fixed as constants, entry points
renamed) and the general one; ``tools/kernel_builds.py`` writes them from the presets.
``WAR_WIDGET_REQUIRE_KERNEL=1`` makes the extension required (wheels: cibuildwheel sets it, so a
failed compile fails the wheel instead of making one without its kernel).
"""
from __future__ import annotations

import os
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = Path(__file__).resolve().parent
FASTSIM = Path("war_widget") / "sim" / "fastsim"
BUILDS = sorted((HERE / FASTSIM / "builds").glob("*.c"))


class BuildExt(build_ext):
    """build_ext with the kernel's own optimisation flags for GCC/Clang (C99, -O2, the flags the
    kernel is tuned with; -fno-wrapv undoes Python's -fwrapv, which cost 4-player pagat 8% of its
    speed: the kernel's signed arithmetic never overflows; -g0: no debug information, a fifth of
    the size) and MSVC (/O2)."""

    def build_extensions(self) -> None:
        msvc = self.compiler.compiler_type == "msvc"
        for ext in self.extensions:
            ext.extra_compile_args = ["/O2"] if msvc else ["-std=c99", "-O2", "-fno-wrapv", "-g0"]
        super().build_extensions()


setup(
    ext_modules=[
        Extension(
            "war_widget.sim.fastsim._compiled",
            sources=[str(FASTSIM / "_kernelmodule.c"), *(str(p.relative_to(HERE)) for p in BUILDS)],
            depends=[str(FASTSIM / "kernel.c"), str(FASTSIM / "builds" / "builds.h")],
            optional=os.environ.get("WAR_WIDGET_REQUIRE_KERNEL") != "1",
        )
    ],
    cmdclass={"build_ext": BuildExt},
)
