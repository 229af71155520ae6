#!/usr/bin/env bash
# Makes training data for the short-nardy network from GNU Backgammon's 0-ply evaluations
# (scripts/gnubg/training-data.py): `procs` gnubg processes, each playing games/procs games with
# seed seed+i, merged without duplicates into `out`. gnubg spends most of each call waiting, not
# computing, so many processes run side by side on two cores.
# Needs gnubg (apt-get install -y gnubg).
# Usage: scripts/gnubg/make-training-data.sh [games=12000] [seed=1] [procs=24] [out=train/short-gnubg.txt]
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-12000}
seed=${2:-1}
procs=${3:-24}
out=${4:-train/short-gnubg.txt}
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
per=$(( (games + procs - 1) / procs ))
for i in $(seq 0 $((procs - 1))); do
  NARDY_OUT="$tmp/part$i.txt" NARDY_GAMES=$per NARDY_SEED=$((seed + i)) \
    /usr/games/gnubg -t -q -r -p scripts/gnubg/training-data.py > /dev/null 2>&1 &
done
wait
sort -u -S 1G "$tmp"/part*.txt > "$out"
wc -l "$out"
