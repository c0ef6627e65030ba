#!/bin/sh
# v2's new points: seed 37, deals 8-47, the four cells of issue 36, cheapest to judge first
# (appended hand by hand; a rerun goes on where it stopped)
cd "$(dirname "$0")/../../../.."
PY=${PY:-python}
G="$PY benches/decision_points.py --set v2 --append --seed 37 --first-deal 8 --hands 40"
$G --variants chinkway-5 --phases first-lead
$G --variants chinese-whist-3 --phases early
$G --variants chinese-whist-4 --phases first-lead
$G --variants chinese-whist-2 --phases early
