#!/bin/bash
# Our analysis of kept bench:analysis sets on a many-core machine with nothing installed (the
# device tool's machine): unpacks node and tsx from .dev/ (scripts/device/bundle.sh) and the sets
# from .dev/sets.tar.xz (made here with `tar -cJf .dev/sets.tar.xz train/set1 ...`: each a
# `bench:analysis --keep` directory with gnubg's 0-ply analysis in it, so gnubg is not needed),
# then runs one `bench:analysis --from SET --only gnubg --our-procs P ARGS...` per set, all at
# once, each stopped after SECONDS, and writes each one's JSON to $OUT/NAME-SET.json.
# Usage: bash scripts/device/analysis.sh SECONDS P NAME "ARGS" SET...
#   e.g. bash scripts/device/analysis.sh 540 2 look02 "--second-look 0.34,0.33,0.33/2/contact-off/0.02" 1 2 3 4
cd "$(dirname "$0")/../.." || exit 1
[ -f .dev/node.tar.xz ] && [ -f .dev/nm.tar.xz ] && [ -f .dev/sets.tar.xz ] || { echo "needs .dev/node.tar.xz, .dev/nm.tar.xz (scripts/device/bundle.sh) and .dev/sets.tar.xz" >&2; exit 1; }
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
LIMIT=$1 PROCS=$2 NAME=$3 ARGS=$4; shift 4
t0=$(date +%s)
tar -xJf .dev/node.tar.xz -C /usr/local/bin && tar -xJf .dev/nm.tar.xz && tar -xJf .dev/sets.tar.xz || exit 1
echo "setup $(( $(date +%s) - t0 )) s; node $(node --version); cores $(nproc)"
for s in "$@"; do
  # shellcheck disable=SC2086 # ARGS is a list of options
  ( timeout "$LIMIT" node --import tsx bench/analysis.ts --from "train/set$s" --only gnubg --our-procs "$PROCS" $ARGS > "$OUT/$NAME-$s.json" 2> "$OUT/$NAME-$s.err"; echo "set $s rc=$? $(( $(date +%s) - t0 )) s" ) &
done
wait
for s in "$@"; do
  node -e "const j=JSON.parse(require('fs').readFileSync(process.argv[1],'utf8')).against_gnubg; console.log('set $s', j.player_games_within_3, j.per_move_loss_correlation, JSON.stringify(j.seconds))" "$OUT/$NAME-$s.json" 2>/dev/null || { echo "set $s: no result"; tail -c 400 "$OUT/$NAME-$s.err"; }
done
