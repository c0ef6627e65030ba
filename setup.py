"""Build of the one extension, solver._core, from solver/_core.pyx and csrc/."""

import glob
import os
import platform

from Cython.Build import cythonize
from setuptools import Extension, setup

# the rules' status texts and trick winner; the generic search layers; the
# registry (the public entry points, dispatching on the game); each game's
# rules and search, compiled from the templates csrc/rules/play.h and
# csrc/search/core.h with the game's hooks inlined
C_SOURCES = [
    "csrc/rules.c",
    "csrc/search/limits.c",
    "csrc/search/table.c",
    "csrc/games/registry.c",
    "csrc/games/chinese_whist.c",
    "csrc/games/chinkway.c",
    "csrc/games/cinch.c",
    "csrc/games/whist.c",
]
FLAGS = ["-O3", "-std=c11", "-Wall", "-Wextra"]
# TRICKSOLVER_SANITIZE=1 builds the core under AddressSanitizer and UBSan.
SANITIZE = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-O1", "-g"]
sanitize = os.environ.get("TRICKSOLVER_SANITIZE") == "1"
# x86-64 processors since 2008 count bits in one instruction (POPCNT); without
# the flag every count is a library call.  TRICKSOLVER_PORTABLE=1 leaves it out.
if platform.machine().lower() in ("x86_64", "amd64") and not os.environ.get("TRICKSOLVER_PORTABLE"):
    FLAGS.append("-mpopcnt")

core = Extension(
    "solver._core",
    sources=["solver/_core.pyx", *C_SOURCES],
    include_dirs=["csrc"],
    depends=["solver/_core.pxd", *glob.glob("csrc/**/*.h", recursive=True)],
    extra_compile_args=FLAGS + (SANITIZE if sanitize else []),
    extra_link_args=SANITIZE[:1] if sanitize else [],
)

setup(ext_modules=cythonize([core], compiler_directives={"language_level": "3"}))
