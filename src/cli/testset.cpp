// reversi-cli testset: the held-out test set of strong play, from the WTHOR games
// of chosen years (docs/evaluation.md, "The strong-play test set"), in shards.
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli/command.h"
#include "core/notation.h"
#include "core/parse_number.h"
#include "core/wthor.h"
#include "lab/pattern_train.h"
#include "lab/shards.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

// The games of `match --verbose` ("12a f5d6... +4"; its summary line "A vs B: ..."
// skipped) or plain transcripts, one a line ('#' comments skipped), as WTHOR-like
// records (moves only).
Expected<std::vector<WthorGame>> read_game_lines(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot read '" + path + "'"};
  std::vector<WthorGame> games;
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    std::istringstream fields(line);
    std::vector<std::string> words;
    for (std::string w; fields >> w;) words.push_back(w);
    if (words.empty() || words[0][0] == '#') continue;
    if (words.size() > 3 && words[1] == "vs") continue;  // match's summary line
    const std::string& text = words.size() == 3 ? words[1] : line;
    auto moves = parse_transcript(text);
    if (!moves) return Error{path + ":" + std::to_string(number) + ": " + moves.error()};
    WthorGame g;
    g.moves = std::move(*moves);
    games.push_back(std::move(g));
  }
  return games;
}

int run(Args& args) {
  const auto out_dir = args.option("--out-dir");
  const auto years_text = args.option("--years");
  const auto shard_games = args.option_int("--shard-games", 1, 1'000'000);
  const auto max_shards = args.option_int("--shards", 1, 1'000'000);
  const auto depth = args.option_int("--depth", 1, 30);
  const auto seed = args.option_int("--seed", 0, 1LL << 62);
  const auto solve_max = args.option_int("--solve-max", 10, 30);
  const auto games_file = args.option("--games-file");
  std::vector<std::string> paths;
  while (auto more = args.positional("WTHOR_FILE", paths.empty() && !games_file)) paths.push_back(*more);
  if (args.ok() && !out_dir) args.fail("--out-dir is required");
  if (args.ok() && games_file && (years_text || !paths.empty()))
    args.fail("--games-file takes no --years or WTHOR_FILE");
  if (args.ok() && !games_file && !years_text) args.fail("--years is required (e.g. --years 2023,2024)");
  std::set<int> years;
  if (args.ok() && years_text) {
    std::stringstream list(*years_text);
    for (std::string item; std::getline(list, item, ',');) {
      const auto y = parse_int<int>("--years", item, 1900, 2100);
      if (!y) {
        args.fail(y.error());
        break;
      }
      years.insert(int(*y));
    }
  }
  if (!args.finish()) return args.usage_error();

  std::vector<WthorGame> games;
  int theory_depth = 24;
  for (const std::string& path : paths) {
    auto file = load_wthor(path);
    if (!file) return failure(args.command(), file.error());
    theory_depth = file->header.depth;
    for (WthorGame& g : file->games)
      if (years.count(g.year)) games.push_back(std::move(g));
  }
  std::string set_name;
  if (games_file) {  // the engine's own games: `match --verbose` lines, or transcripts
    auto lines = read_game_lines(*games_file);
    if (!lines) return failure(args.command(), lines.error());
    games = std::move(*lines);
    theory_depth = 0;  // no theoretical scores
    set_name = "games-" + std::filesystem::path(*games_file).stem().string();
    if (games.empty()) return failure(args.command(), "'" + *games_file + "' holds no game");
  }
  if (games.empty()) return failure(args.command(), "no WTHOR game of those years in the files");

  pattern::TestSetOptions o;
  if (depth) o.search_depth = int(*depth);
  if (seed) o.seed = std::uint64_t(*seed);
  if (solve_max) o.solve_max = int(*solve_max);
  o.theoretical_empties = theory_depth;
  const std::size_t per = std::size_t(shard_games.value_or(200));
  std::size_t shards = (games.size() + per - 1) / per;
  if (max_shards) shards = std::min(shards, std::size_t(*max_shards));

  if (!games_file) {
    set_name = "wthor-";
    for (int y : years) set_name += (set_name.size() == 6 ? "" : "+") + std::to_string(y);
  }
  std::vector<std::string> names;
  for (std::size_t k = 0; k < shards; ++k) {
    char name[256];
    std::snprintf(name, sizeof name, "%s-d%d-seed%llu-%03zu.txt", set_name.c_str(), o.search_depth,
                  static_cast<unsigned long long>(o.seed), k);
    names.push_back(name);
  }
  std::string command = "reversi-cli testset --out-dir DIR " +
                        (games_file ? "--games-file " + *games_file : "--years " + *years_text) +
                        " --shard-games " + std::to_string(per) + " --depth " +
                        std::to_string(o.search_depth) + " --seed " + std::to_string(o.seed) +
                        " --solve-max " + std::to_string(o.solve_max);
  for (const std::string& p : paths) command += " " + p;
  std::printf("%zu games of %s, %zu shards of %zu games\n", games.size(), set_name.c_str(), shards, per);
  std::fflush(stdout);
  const Evaluator& eval = default_evaluator();
  const Status st = pattern::make_shards(
      *out_dir, names, command,
      [&](std::size_t k) -> Expected<std::vector<pattern::Sample>> {
        return pattern::wthor_test_samples(games, k * per, (k + 1) * per, o, eval);
      },
      [](const pattern::ShardReport& r) {
        if (!r.made) std::printf("%s: there already\n", r.name.c_str());
        else
          std::printf("%s: %zu positions (%zu exact, %zu searched) in %.1f s (%.1f s CPU), fnv1a %08x\n",
                      r.name.c_str(), r.positions, r.exact, r.search, r.seconds, r.cpu_seconds, r.checksum);
        std::fflush(stdout);
      });
  if (!st) return failure(args.command(), st.error());
  return kOk;
}

const CommandRegistrar registrar{{"testset", "the held-out strong-play test set from WTHOR games, in shards",
    "usage: reversi-cli testset --out-dir DIR --years Y1[,Y2...] [--shard-games N] [--shards K]\n"
    "                           [--depth D] [--solve-max E] [--seed S] WTHOR_FILE...\n"
    "       reversi-cli testset --out-dir DIR --games-file FILE [options as above]\n\n"
    "The games of the given years (in the files' order) cut into shards of N games\n"
    "(default 200); each shard DIR/wthor-YEARS-dD-seedS-NNN.txt holds, from each game's line,\n"
    "one position per stage of 26-55 empties labelled by a depth-D search (default 14;\n"
    "multi-ProbCut, today's evaluation: the embedded weights or REVERSI_PATTERN_WEIGHTS),\n"
    "one position of 10-E empties (E 10-30, default 22) solved exactly, and the position at the\n"
    "files' theoretical depth (24) labelled with the database's theoretical score. A shard\n"
    "depends only on its games and the seed; shards already in DIR are skipped (a stopped\n"
    "run loses at most the shard it was making); --shards K makes only the first K. Each\n"
    "shard made adds a line to DIR/MANIFEST (positions, wall and CPU seconds, FNV-1a, command).\n"
    "--games-file FILE instead of --years and the WTHOR files: the engine's own games, as\n"
    "`match --verbose` prints them (or one transcript a line), without theoretical scores.\n"
    "Report a weight file's error on it: reversi-cli train --test W.bin --by-stage DIR/*.txt\n",
    run}};

}  // namespace
