"""The exceptions of the tricksolver API.

Every error that bad input can cause is a `TricksolverError`; its message is
one line that names the problem.  The command line prints it and exits 2.
"""


class TricksolverError(ValueError):
    """Base class of every error tricksolver raises for bad input."""


class CardError(TricksolverError):
    """A card, suit, rank or set of cards could not be read."""


class NotationError(TricksolverError):
    """A position's text could not be read (syntax, unknown key, missing key)."""


class PositionError(TricksolverError):
    """A position is inconsistent: wrong counts, a card twice, a rule broken."""


class IllegalMoveError(TricksolverError):
    """A move that the rules do not allow in the current position."""


class SolverBusyError(TricksolverError):
    """A `Solver` was asked to search while it searches in another thread
    (one Solver per thread: its table and statistics are its own)."""


class ExtraMissingError(TricksolverError):
    """A part of tricksolver needs an optional extra that is not installed
    (``pip install 'tricksolver[EXTRA]'``)."""


class BatchError(TricksolverError):
    """A batch run could not start or go on: no Dask to run on, a scheduler
    that cannot be reached, workers that keep dying, a result file that
    holds other boards' results."""


class BenchDataError(TricksolverError):
    """The data of a benchmark cannot be read: a file that is missing, or
    a line that is not one of its lines."""
