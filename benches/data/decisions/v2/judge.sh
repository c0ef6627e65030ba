#!/bin/sh
# v2's judge, in stages, the cheap cells first (Chinkway's first lead, three-player Chinese
# Whist's early phase: under 10 s CPU a point at 10 worlds), then every cell, every point to
# 10 worlds (the bench counts it) before any to 25; resumable: run it again to go on.  Each run of judge_decisions.py reads the points again: the rounds of at most
# ROUND seconds take in the points written meanwhile (a run stopped by timeout loses at
# most the world in progress).
cd "$(dirname "$0")/../../../.."
PY=${PY:-python}
J="$PY benches/judge_decisions.py --set v2"
CHEAP=chinkway-5,chinese-whist-3
ROUND=600
for round in $(seq 12); do
  $J --variants $CHEAP --stages 10
  timeout $ROUND $J --stages 10
done
$J --variants $CHEAP --stages 25,50
$J --stages 25,50,100,200
