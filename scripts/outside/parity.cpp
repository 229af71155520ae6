// The outside long-nardy network's own value of positions, for bench/outside.ts to be checked
// against (bench/outside-parity.ts). Built against a checkout of github.com/HaykGar/LongNardi:
//   bash scripts/outside/build-parity.sh DIR
// Reads lines "SIDE c0 .. c23" (SIDE 0 white, 1 black to move; the 24 cells row-major, white
// positive) and prints the side to move's value by the blob given as the first argument.
// With "play" as the second argument, lines "SIDE c0 .. c23 D1 D2" get the app's own 1-ply
// look-ahead ranking of the roll's plays (its "Hard" player): "K" then K times "VALUE c0 .. c23",
// best first (K = 0: the roll cannot be played).
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>
#include "nardi_c_api.h"

int main(int argc, char** argv) {
  if (argc < 2) { std::fprintf(stderr, "usage: parity BLOB < positions\n"); return 2; }
  NardiHandle* h = nardi_create();
  if (nardi_load_model(h, argv[1]) != NARDI_OK) { std::fprintf(stderr, "cannot load %s: %s\n", argv[1], nardi_last_error(h)); return 1; }
  const bool play = argc > 2 && std::string(argv[2]) == "play";
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    int side;
    signed char cells[NARDI_BOARD_CELLS];
    in >> side;
    for (int i = 0; i < NARDI_BOARD_CELLS; i++) { int v; in >> v; cells[i] = static_cast<signed char>(v); }
    float value = 0;
    if (play) {
      int d1, d2;
      in >> d1 >> d2;
      if (nardi_set_position(h, cells, side) != NARDI_OK) { std::printf("error %s\n", nardi_last_error(h)); continue; }
      const int k = nardi_analyze_dice(h, d1, d2);
      if (k < 0) { std::printf("error %s\n", nardi_last_error(h)); std::fflush(stdout); continue; }
      std::printf("%d", k);
      for (int i = 0; i < k; i++) {
        signed char out[NARDI_BOARD_CELLS];
        nardi_analyzed_move(h, i, out, &value);
        std::printf(" %.6f", value);
        for (int c = 0; c < NARDI_BOARD_CELLS; c++) std::printf(" %d", out[c]);
      }
      std::printf("\n");
      std::fflush(stdout);
      continue;
    }
    if (nardi_set_position(h, cells, side) != NARDI_OK || nardi_evaluate_position(h, &value) != NARDI_OK) {
      std::printf("error %s\n", nardi_last_error(h));
    } else {
      std::printf("%.6f\n", value);
    }
    std::fflush(stdout);
  }
  nardi_destroy(h);
  return 0;
}
