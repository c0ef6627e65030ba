"""`tricksolver serve`: the web board (`solver.web`), served on this machine.

The web parts are the optional extra ``web``; without them the command says
in one line how to install them.  The server binds 127.0.0.1 (this machine
alone) unless --host is given, on a free port unless --port is; it prints
the page's address and opens it in the browser (not with --no-browser).
Ctrl-C stops it, every search with it (status 130)."""

from __future__ import annotations

import importlib.util
import socket
import threading
import webbrowser

import click

from solver.budget import machine_mib, table_mib
from solver.web.boards import MAX_BOARDS

from .common import INTERRUPTED, PROG, BadInput
from .options import TT_MB

LOCAL = "127.0.0.1"
LOCAL_NAMES = ("127.0.0.1", "localhost", "::1", "[::1]")
WEB_PARTS = ("starlette", "uvicorn")  # the extra ``web``
INSTALL = "pip install 'tricksolver[web]'"
MAX_PORT = 65535
TABLES_A_BOARD = 2  # a board's Solver and its recommendation worker's, at most, at once
SHUTDOWN_SECONDS = 2  # open event streams are closed after this at Ctrl-C


def missing_parts() -> list[str]:
    return [name for name in WEB_PARTS if importlib.util.find_spec(name) is None]


def free_port(host: str, port: int = 0) -> int:
    """`port` if it is free on `host` now, else OSError; a free port (the
    system's choice) for 0."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET) as s:
        s.bind((host, port))
        return int(s.getsockname()[1])


def check_memory(tt_mb: float) -> None:
    """Refuse up front tables that the boards held at once could not have:
    each board's own and its recommendation worker's, `MAX_BOARDS` boards."""
    most = machine_mib()
    need = MAX_BOARDS * TABLES_A_BOARD * tt_mb
    if most and need > most:
        raise BadInput(
            f"{MAX_BOARDS} boards with two {tt_mb:g} MiB tables each (--tt-mb) may need"
            f" {need:,.0f} MiB, more than this machine's memory ({most:,} MiB)"
        )


def allowed_hosts(host: str) -> list[str] | None:
    """The names a request may give as its Host when the server listens on
    this machine alone (a web page elsewhere that rebinds its own name to
    127.0.0.1 is refused); None (any) when --host opens it wider."""
    if host in LOCAL_NAMES:
        return list(LOCAL_NAMES)
    return None


@click.command()
@click.option("--host", default=LOCAL, show_default=True, metavar="ADDRESS",
              help="The address to listen on: 127.0.0.1 (this machine alone) unless given;"
              " 0.0.0.0 lets any machine that reaches this one use the board.")  # fmt: skip
@click.option("--port", type=click.IntRange(0, MAX_PORT), default=0, metavar="N",
              help="The port to listen on; 0 (the default): a free one.")  # fmt: skip
@click.option("--no-browser", is_flag=True, help="Print the address; open no browser.")
@click.option("--tt-mb", type=TT_MB, default=64.0, show_default=True, metavar="MiB",
              help="The table of each board's Solver (each board has its own).")  # fmt: skip
def serve(host: str, port: int, no_browser: bool, tt_mb: float) -> None:
    """The web board: every game on a table in the browser.

    Deal or paste a position (any text the other commands read, a PBN or
    LIN file of boards), click the cards to play them against the engine's
    players, and ask for the double-dummy value of every card, a seat's
    recommendation, a hint, the double-dummy table and par, or a review of
    the hand (docs/board.md).  Needs the extra 'web'
    (pip install 'tricksolver[web]').  The server listens on 127.0.0.1, this
    machine alone, unless --host is given; Ctrl-C stops it.

    \b
    EXAMPLES
      tricksolver serve --help                   this text
    """
    missing = missing_parts()
    if missing:
        raise BadInput(f"the web board needs {', '.join(missing)}: {INSTALL}")
    check_memory(table_mib(tt_mb))
    import uvicorn

    from solver.web.server import app

    try:
        port = free_port(host, port)
    except OSError as e:
        raise BadInput(f"cannot listen on {host} port {port}: {e.strerror or e}") from None
    shown = f"[{host}]" if ":" in host else host
    url = f"http://{shown}:{port}/"
    board = app(table_mib(tt_mb), allowed_hosts(host))
    config = uvicorn.Config(board, host=host, port=port, log_level="critical",
                            timeout_graceful_shutdown=SHUTDOWN_SECONDS)  # fmt: skip
    server = uvicorn.Server(config)
    click.echo(f"{PROG}: the board is at {url} (Ctrl-C stops the server)")
    if not no_browser:
        threading.Timer(0.5, webbrowser.open, (url,)).start()
    try:
        server.run()
    except KeyboardInterrupt:
        pass  # uvicorn stopped on Ctrl-C, then raised it again
    except SystemExit:  # uvicorn could not start (the port taken)
        raise BadInput(f"cannot listen on {host} port {port}") from None
    click.echo(f"{PROG}: interrupted, server stopped", err=True)
    raise click.exceptions.Exit(INTERRUPTED)
