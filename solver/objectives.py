"""The words a search or a recommendation is asked for or answers with, as
`StrEnum`s: what is maximised (`Objective`, `MaxnBy`) and why a run stopped
before its end (`Stopped`).  Each member *is* its text (``Objective.MAXN ==
"maxn"``), so the JSON and the command line's words are the same as before
they were enums, while mypy checks every use."""

from __future__ import annotations

from enum import StrEnum


class Objective(StrEnum):
    """What a recommendation ranks the moves by.  ``value``: the solver's
    value for the seat's side (tricks; Cinch net hand score; with three or
    more sides the paranoid value).  ``maxn``: with three or more sides, the
    seat's side's max^n value (`MaxnBy`: what every side maximises)."""

    VALUE = "value"
    MAXN = "maxn"


class MaxnBy(StrEnum):
    """What each side maximises in max^n (csrc/search.h, ts_maxn): ``score``
    (the default, as the rules say) its score for the hand: with three or
    more sides its points (three-player Chinese Whist: tricks above par, 0 up
    to par; Chinkway: the quest score), for the whole hand; with two sides
    (zero-sum) the value (tricks from here on; Cinch: net hand score).
    ``tricks``: its tricks from here on."""

    SCORE = "score"
    TRICKS = "tricks"


class Stopped(StrEnum):
    """Why a run (a recommendation, a decision before play) ended before
    every world asked for was valued: Ctrl-C or a stop request
    (``interrupted``), its node budget (``nodes``), its time (``time``).  A
    run that ended normally says None."""

    INTERRUPTED = "interrupted"
    NODES = "nodes"
    TIME = "time"
