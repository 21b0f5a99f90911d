// Prints, as OBF lines without scores, the position at E empties of every game in
// `reversi-cli match --verbose` outputs ("3a f5d6c3... +12" lines), to time solves
// on real game positions. The games are replayed by the core (Game::from_transcript,
// forced passes included). Not part of the build; compile it with the flags the
// libraries were built with (REVERSI_SIMD=AUTO gives -march=x86-64-v3 on AVX2 machines):
//   g++ -std=c++20 -O2 -march=x86-64-v3 -Isrc tools/transcripts-to-obf.cpp
//       build/native/libreversi_core.a -o /tmp/transcripts-to-obf    (one command)
//   /tmp/transcripts-to-obf 24 match.txt > pos24.obf
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

#include "core/game.h"
#include "core/notation.h"
#include "core/parse_number.h"

using namespace reversi;

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: transcripts-to-obf EMPTIES MATCH-OUTPUT...\n");
    return 2;
  }
  const auto parsed = parse_int<int>("EMPTIES", argv[1], 0, 60);
  if (!parsed) {
    std::fprintf(stderr, "transcripts-to-obf: %s\n", parsed.error().c_str());
    return 2;
  }
  const int empties = *parsed;
  for (int a = 2; a < argc; ++a) {
    std::ifstream in(argv[a]);
    if (!in) {
      std::fprintf(stderr, "transcripts-to-obf: cannot read '%s'\n", argv[a]);
      return 1;
    }
    std::string line;
    while (std::getline(in, line)) {
      std::istringstream words(line);
      std::string game_id, transcript, result;
      if (!(words >> game_id >> transcript >> result)) continue;
      const char side = game_id.empty() ? 0 : game_id.back();
      if ((side != 'a' && side != 'b') || game_id.size() < 2 ||
          game_id.find_first_not_of("0123456789") != game_id.size() - 1)
        continue;  // the summary line and anything else
      auto game = Game::from_transcript(transcript);
      if (!game) {
        std::fprintf(stderr, "%s: game %s: %s\n", argv[a], game_id.c_str(), game.error().c_str());
        return 1;
      }
      for (std::size_t i = 0; i <= game->ply(); ++i) {
        const Position& p = game->position_at(i);
        if (p.empty_count() == empties) {
          std::printf("%s;\n", to_board_string(p).c_str());
          break;
        }
      }
    }
  }
  return 0;
}
