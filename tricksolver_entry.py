"""The `tricksolver` console script.

It imports the command (most of a second: numpy, the games, the C core)
so that Ctrl-C while it starts is what Ctrl-C is once the command runs:
one line and status 130, not a traceback.  It lives outside the `solver`
package because importing anything inside it imports the whole API first.
"""

from __future__ import annotations

import sys

INTERRUPTED = 130  # solver.cli.common.INTERRUPTED (importing it is what takes the time)


def main() -> None:
    try:
        from solver.cli.main import main as command
    except KeyboardInterrupt:
        sys.stderr.write("tricksolver: interrupted\n")
        sys.exit(INTERRUPTED)
    command()
