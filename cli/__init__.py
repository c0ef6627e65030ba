"""The tricksolver command line (installed as `solver.cli`)."""
