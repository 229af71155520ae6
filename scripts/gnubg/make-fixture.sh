#!/usr/bin/env bash
# Makes test/fixtures/gnubg-short.jsonl: short-nardy positions from seeded random self-play of
# the project's engine, each with GNU Backgammon's legal plays as final positions.
# Needs gnubg (apt-get install -y gnubg). Usage: scripts/gnubg/make-fixture.sh [games] [seed]
set -euo pipefail
cd "$(dirname "$0")/../.."
games=${1:-30}
seed=${2:-7000}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
npm run -s nardy -- selfplay --variant short --games "$games" --seed "$seed" --dump > "$tmp/in.jsonl"
NARDY_IN="$tmp/in.jsonl" NARDY_OUT="$tmp/out.jsonl" /usr/games/gnubg -t -q -r -p scripts/gnubg/plays.py > /dev/null
mv "$tmp/out.jsonl" test/fixtures/gnubg-short.jsonl
wc -l test/fixtures/gnubg-short.jsonl
