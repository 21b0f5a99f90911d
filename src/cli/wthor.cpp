// reversi-cli wthor FILE...: the games of WTHOR files as transcripts, or a summary.
#include <cstdio>
#include <filesystem>
#include <map>

#include "cli/command.h"
#include "core/notation.h"
#include "core/wthor.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

// Names from WTH.JOU / WTH.TRN in the game file's folder, if they are there and
// read; numbers stand in for names otherwise (a missing name file is no error:
// game files are often copied alone).
struct Names {
  std::vector<std::string> players, tournaments;
  // A number for a name the files lack ("#12"); appended, not "#" + ..., which trips gcc 12's
  // false -Wrestrict warning.
  std::string player(int i) const { return i < int(players.size()) ? players[i] : std::string("#").append(std::to_string(i)); }
  std::string tournament(int i) const {
    return i < int(tournaments.size()) ? tournaments[i] : std::string("#").append(std::to_string(i));
  }
};

Names names_beside(const std::string& path, std::map<std::string, Names>& cache) {
  const std::string dir = std::filesystem::path(path).parent_path().string();
  if (const auto it = cache.find(dir); it != cache.end()) return it->second;
  Names n;
  const auto file = [&](const char* leaf) { return (std::filesystem::path(dir) / leaf).string(); };
  const auto read = [&](const char* leaf, std::size_t record, std::vector<std::string>& into) {
    if (!std::filesystem::exists(file(leaf))) return;
    auto names = load_wthor_names(file(leaf), record);
    if (names) into = std::move(*names);
    else std::fprintf(stderr, "reversi-cli wthor: %s (numbers printed instead)\n", names.error().c_str());
  };
  read("WTH.JOU", kWthorPlayerNameSize, n.players);
  read("WTH.TRN", kWthorTournamentNameSize, n.tournaments);
  cache[dir] = n;
  return n;
}

int run(Args& args) {
  const bool summary = args.flag("--summary");
  std::vector<std::string> paths;
  if (auto first = args.positional("FILE")) paths.push_back(*first);
  while (auto more = args.positional("FILE", false)) paths.push_back(*more);
  if (!args.finish()) return args.usage_error();

  std::map<std::string, Names> cache;
  std::map<int, std::size_t> per_year;
  std::size_t games = 0, complete = 0, result_matches = 0;
  int errors = 0;
  for (const std::string& path : paths) {
    const auto file = load_wthor(path);
    if (!file) {
      std::fprintf(stderr, "reversi-cli wthor: %s\n", file.error().c_str());
      ++errors;
      continue;
    }
    const Names names = summary ? Names{} : names_beside(path, cache);
    for (const WthorGame& g : file->games) {
      ++games;
      ++per_year[g.year];
      if (g.complete()) {
        ++complete;
        result_matches += g.counted_black_discs() == g.black_discs;
      }
      if (summary) continue;
      std::printf("%d\t%s\t%s\t%s\t%d\t%d\t%s\n", g.year, names.tournament(g.tournament).c_str(),
                  names.player(g.black_player).c_str(), names.player(g.white_player).c_str(), g.black_discs,
                  g.theoretical_black, to_transcript(g.moves).c_str());
    }
  }
  if (summary) {
    std::printf("files: %zu (%d rejected)\ngames: %zu\n", paths.size(), errors, games);
    std::printf("played to the end: %zu (their recorded result is the final count, empties to the winner, in %zu)\n", complete,
                result_matches);
    std::printf("years:");
    for (const auto& [year, n] : per_year) std::printf(" %d:%zu", year, n);
    std::printf("\n");
  }
  return errors ? kFailure : kOk;
}

const CommandRegistrar registrar{{"wthor", "games of WTHOR database files (transcripts or a summary)",
    "usage: reversi-cli wthor [--summary] FILE...\n\n"
    "Reads WTHOR game files (WTH_YYYY.wtb, the French Othello Federation's tournament\n"
    "database; data/wthor/README.md) and prints one game a line, tab-separated:\n"
    "  year, tournament, black player, white player, black's discs, black's theoretical\n"
    "  discs (perfect play from the file's depth), the moves as a transcript\n"
    "Names come from WTH.JOU and WTH.TRN in the same folder when they are there, else\n"
    "their numbers (#12). Every game is replayed; a malformed file is reported on stderr\n"
    "with the game and move at fault, and the exit status is 1.\n\n"
    "  --summary   instead: files, games, games played to the end (and how many of those\n"
    "              record black's final disc count, empties to the winner), games per year\n",
    run}};

}  // namespace
