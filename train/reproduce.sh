#!/usr/bin/env bash
# The shipped weights (csrc/games/*_weights.h), from the labelled positions:
#   train/reproduce.sh DATA... 
# Each DATA folder holds <variant>/train_k<K>.jsonl files (train/README.md: data36's
# train/positions.py, learn36's train/stopgap.py).  Rounds: train on the exact labels,
# rebuild the extension, bootstrap labels further from the end of the hand with the
# model just built (train/bootstrap.py, into $BOOT), train again with them, ...
# Run from the repository root, with the `train` extra installed.
# ONLY=cinch,chinkway trains those variants alone (the others' models kept as
# their headers hold them) and bootstraps only those among them that have
# rounds (two- and three-player Chinese Whist).
set -euo pipefail
PY=${PYTHON:-python}
BOOT=${BOOT:-/tmp/tricksolver-bootstrap}
DEPTH=6      # the bounded search's exact tricks in a bootstrapped label (two players)
DEPTH3=4     # three players (depth 6 took 4-5 s a position at 16 tricks left)
COUNT=150    # bootstrapped positions a variant and k
ALL=whist,cinch,chinkway,cw2,cw3,cw4
data=()
for d in "$@"; do data+=(--data "$d"); done
build() {  # setup.py needs Cython; without it, pip builds in isolation
    if "$PY" -c "import Cython" 2>/dev/null; then
        "$PY" setup.py build_ext --inplace -q >/dev/null
    else
        "$PY" -m pip install -q --no-deps -e . >/dev/null
    fi
}
rm -rf "$BOOT"
chosen=${ONLY:-$ALL}
has() { case ",$chosen,"  in *,"$1",*) return 0 ;; esac; return 1; }
train() { "$PY" -m train.train_eval "${data[@]}" "$@" && build; }
booted() {  # the chosen variants among cw2, cw3 (those bootstrapped), comma-separated
    local out=""
    for v in cw2 cw3; do has $v && out="$out${out:+,}$v"; done
    echo "$out"
}
train --variants "$chosen"
[ -n "$(booted)" ] || exit 0
# round 1: two-player Chinese Whist 20-23 tricks left (its exact labels reach 19),
# three-player 13-17 (the whole hand)
if has cw2; then
    "$PY" -m train.bootstrap --variant cw2 --ks 20-23 --depth $DEPTH --count $COUNT --out "$BOOT"
fi
if has cw3; then
    "$PY" -m train.bootstrap --variant cw3 --ks 13-17 --depth $DEPTH3 --count $COUNT --out "$BOOT"
fi
train --data "$BOOT" --variants "$(booted)"
# round 2: two-player 24-26 (the whole hand)
if has cw2; then
    "$PY" -m train.bootstrap --variant cw2 --ks 24-26 --depth $DEPTH --count $COUNT --out "$BOOT"
    train --data "$BOOT" --variants "$(booted)"
fi
