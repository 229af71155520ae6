#!/bin/bash
# Builds scripts/outside/parity.cpp against a checkout of github.com/HaykGar/LongNardi (DIR):
# its torch-free engine and inference, as its own native test builds them. Writes $OUT_BIN
# (default /tmp/nardi-parity).
set -euo pipefail
DIR=${1:?usage: build-parity.sh LONGNARDI_CHECKOUT}
DE="$DIR/DecisionEngine"; CE="$DIR/CoreEngine"
OUT_BIN=${OUT_BIN:-/tmp/nardi-parity}
# (its headers lean on libc++ including <vector> and others for them: named here for libstdc++)
g++ -std=c++2b -O2 -w -include vector -include string -include array -include cstdint -include algorithm -include unordered_map -include unordered_set -include optional -include variant -include memory -include cmath -include stdexcept -include functional -I"$DE" -I"$CE" "$(dirname "$0")/parity.cpp" \
  "$DE/nardi_c_api.cpp" "$DE/nardi_engine.cpp" "$DE/nardi_infer.cpp" "$DE/nardi_core.cpp" \
  "$DE/lookahead_batch.cpp" "$DE/mcts_node.cpp" "$DE/scenario_config.cpp" "$DE/target_model.cpp" \
  "$CE/Auxilaries.cpp" "$CE/Board.cpp" "$CE/Controller.cpp" "$CE/Game.cpp" "$CE/Monitors.cpp" \
  "$CE/ReaderWriter.cpp" "$CE/TerminalRW.cpp" "$CE/ScenarioBuilder.cpp" -o "$OUT_BIN"
echo "$OUT_BIN"
