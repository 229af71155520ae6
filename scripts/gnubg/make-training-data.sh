#!/usr/bin/env bash
# Makes training data for the short-nardy network from GNU Backgammon's 0-ply evaluations
# (scripts/gnubg/training-data.py): `procs` gnubg processes, each playing games/procs games with
# seed seed+i, merged without duplicates into `out`. gnubg spends most of each call waiting, not
# computing, so many processes run side by side on two cores.
# Needs gnubg (apt-get install -y gnubg).
# Usage: scripts/gnubg/make-training-data.sh [games=12000] [seed=1] [procs=24] [out=train/short-gnubg.txt]
#        scripts/gnubg/make-training-data.sh --decisions FILE [procs=24] [out=train/short-decisions.txt]
#        scripts/gnubg/make-training-data.sh --groups [--decisions FILE | games seed procs] [out]
# The second form plays no games: gnubg labels every legal play of the decisions in FILE (made by
# scripts/gnubg/decisions.ts from our own levels' games), FILE split between the processes.
# With --groups first, each decision's plays stay together (all of them, duplicates across
# decisions kept), closed by a line "#" (the trainer's grouped data: npm run train -- --mode
# gnubg --groups ...); the parts are concatenated, not sorted.
set -euo pipefail
cd "$(dirname "$0")/../.."
decisions=
groups=0
if [ "${1:-}" = --groups ]; then
  groups=1
  shift
fi
if [ "${1:-}" = --decisions ]; then
  decisions=${2:?--decisions needs a file}
  [ -f "$decisions" ] || { echo "no such file: $decisions" >&2; exit 2; }
  shift 2
  games=0 seed=1 procs=${1:-24} out=${2:-train/short-decisions.txt}
else
  games=${1:-12000}
  seed=${2:-1}
  procs=${3:-24}
  out=${4:-train/short-gnubg.txt}
fi
mkdir -p "$(dirname "$out")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "$decisions" ]; then
  split -n "l/$procs" -d -a 3 "$decisions" "$tmp/decisions"
fi
per=$(( (games + procs - 1) / procs ))
# gnubg makes ~/.gnubg when it first starts; copies started together on a machine where it never
# ran race for it and all but one exit at once ("File exists"). Made first, nothing races.
mkdir -p -m 700 "$HOME/.gnubg/backup"
for i in $(seq 0 $((procs - 1))); do
  extra=()
  [ -n "$decisions" ] && extra=(NARDY_DECISIONS="$tmp/decisions$(printf %03d "$i")")
  env "${extra[@]}" NARDY_GROUPS=$groups NARDY_OUT="$tmp/part$i.txt" NARDY_GAMES=$per NARDY_SEED=$((seed + i)) \
    /usr/games/gnubg -t -q -r -p scripts/gnubg/training-data.py > /dev/null 2>&1 &
done
wait
if [ "$groups" = 1 ]; then
  cat "$tmp"/part*.txt > "$out"
else
  sort -u -S 1G "$tmp"/part*.txt > "$out"
fi
wc -l "$out"
