#!/bin/sh
# v2's judge, in stages, the cheap cells first (Chinkway's first lead, three-player Chinese
# Whist's early phase: under 10 s CPU a point at 10 worlds), then every cell, every point to
# 10 judged worlds (the bench counts it) before any to 25; resumable: run it again to go on
# (each run of judge_decisions.py reads the points again: points added since join).  No run
# is stopped on a clock: a world of two-player Chinese Whist's early phase can take many
# minutes under load, and a stopped run loses the world in progress.
cd "$(dirname "$0")/../../../.."
PY=${PY:-python}
J="$PY benches/judge_decisions.py --set v2"
CHEAP=chinkway-5,chinese-whist-3
$J --variants $CHEAP --stages 10
$J --stages 10
$J --variants $CHEAP --stages 25,50
$J --stages 25,50,100,200
