#!/bin/bash
# Matches to 5 against gnubg expert on a many-core machine with nothing installed (the device
# tool's machine): unpacks .dev/ (scripts/device/bundle.sh), then runs one bench:cube --only
# versus per LEVEL:SEED:N, each with one process (as the 2-core figures were made), all at once,
# each stopped after SECONDS. Every finished match is appended to $OUT/matches.jsonl as
# {"level","seed","m":<play-external-match.py's line>}, so a stopped bench keeps its matches;
# scripts/device/summary.ts adds them up.
# Usage: bash scripts/device/versus.sh SECONDS hard:13:30 expert:23:25 ...
cd "$(dirname "$0")/../.." || exit 1
[ -d .dev ] || { echo "no .dev/ here: run scripts/device/bundle.sh and send .dev with the repo" >&2; exit 1; }
OUT=${OUT:-/tmp/out}; mkdir -p "$OUT"
LIMIT=$1; shift
t0=$(date +%s)
tar -xJf .dev/node.tar.xz -C /usr/local/bin || exit 1
mkdir -p /tmp/gbx /usr/games && tar -xJf .dev/gnubg.tar.xz -C /tmp/gbx || exit 1
cp /tmp/gbx/usr/games/gnubg /usr/games/ && cp -r /tmp/gbx/usr/share/gnubg /usr/share/ && cp -r /tmp/gbx/usr/lib/python3.* /tmp/gbx/usr/lib/gnubg /usr/lib/ || exit 1
tar -xJf .dev/nm.tar.xz || exit 1
export LD_LIBRARY_PATH=/tmp/gbx/opt/gnubg/lib
echo "setup $(( $(date +%s) - t0 )) s; node $(node --version); cores $(nproc)"
printf 'import json\nprint("PYOK")\n' > /tmp/t.py
/usr/games/gnubg -t -q -r -p /tmp/t.py 2>&1 | grep -q PYOK || { /usr/games/gnubg -t -q -r -p /tmp/t.py; exit 1; }
echo "gnubg ok"
node --import tsx -e "import('./src/ai/player.ts').then((m) => console.log('tsx ok', typeof m.createPlayer))" || exit 1
for spec in "$@"; do
  IFS=: read -r level seed n <<<"$spec"
  d=/tmp/r/$level-$seed; rm -rf "$d"; mkdir -p "$d"
  ( TMPDIR=$d timeout "$LIMIT" node --import tsx bench/cube.ts --level "$level" --only versus --versus "$n" --length 5 --seed "$seed" --procs 1 > "$d/result.json" 2> "$d/err.txt"; echo "$spec rc=$? $(( $(date +%s) - t0 )) s" ) &
done
wait
for spec in "$@"; do
  IFS=: read -r level seed n <<<"$spec"
  d=/tmp/r/$level-$seed
  echo "== $spec: $(head -c 600 "$d/result.json")"; tail -c 300 "$d/err.txt"
  for f in "$d"/nardy-cube-*/versus.jsonl; do [ -f "$f" ] && sed "s/^/{\"level\":\"$level\",\"seed\":$seed,\"m\":/; s/\$/}/" "$f"; done >> "$OUT/matches.jsonl"
done
wc -l "$OUT/matches.jsonl"
