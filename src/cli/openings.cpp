// reversi-cli openings: balanced random openings for matches (data/openings-8.txt).
#include <cmath>
#include <cstdio>
#include <set>
#include <vector>

#include "cli/command.h"
#include "core/notation.h"
#include "lab/arena.h"
#include "engine/pattern.h"
#include "engine/search.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

int run(Args& args) {
  const auto count = args.option_int("--count", 1, 100000);
  const auto plies = args.option_int("--plies", 1, 40);
  const auto max_plies = args.option_int("--max-plies", 1, 40);
  const auto depth = args.option_int("--depth", 1, 30);
  const auto margin = args.option_double("--margin", 0, 64);
  const auto seed = args.option_int("--seed", 0, 0x7FFFFFFFFFFFFFFFLL);
  const auto eval_name = args.option("--eval");
  const auto out = args.positional("OUT");
  if (!args.finish()) return args.usage_error();
  const int n = int(count.value_or(300)), k = int(plies.value_or(8)), d = int(depth.value_or(10));
  const int k_max = int(max_plies.value_or(k));
  if (k_max < k) {
    args.fail("--max-plies must be at least --plies");
    return args.usage_error();
  }
  const double m = margin.value_or(2);
  const Evaluator* eval = find_evaluator(eval_name.value_or("handmade"));
  if (!eval) return failure(args.command(), "unknown evaluator '" + *eval_name + "'");

  Random rng(std::uint64_t(seed.value_or(1)));
  Searcher searcher(32, 16);
  std::set<std::pair<Bitboard, Bitboard>> seen;  // positions up to symmetry
  std::vector<std::pair<std::string, double>> kept;
  int tried = 0;
  while (int(kept.size()) < n && tried < 100 * n) {
    ++tried;
    // The length first (uniform in [k, k_max]; the generator is not drawn from
    // when k == k_max, so the files made before --max-plies are made again).
    const int length = k_max > k ? k + int(rng.below(std::uint32_t(k_max - k + 1))) : k;
    const std::vector<Square> moves = random_opening(length, rng);
    if (int(moves.size()) != length) continue;
    Position p = Position::initial();
    for (Square s : moves) {
      p = p.play(s);
      p = p.settled();
    }
    if (p.is_game_over()) continue;
    std::pair<Bitboard, Bitboard> key{~0ULL, ~0ULL};
    for (int t = 0; t < 8; ++t)
      key = std::min(key, {pattern::symmetry(p.player, t), pattern::symmetry(p.opponent, t)});
    if (!seen.insert(key).second) continue;
    SearchOptions opt;
    opt.depth = d;
    opt.evaluator = eval;
    const SearchResult r = searcher.search(p, opt);
    // Score for black, whatever the side to move.
    const double black = p.to_move == Color::Black ? r.score : -r.score;
    if (std::abs(black) > m) continue;
    kept.push_back({to_transcript(moves), black});
    if (kept.size() % 100 == 0)
      std::fprintf(stderr, "openings: %zu kept of %d tried\n", kept.size(), tried);
  }
  double mean_abs = 0;
  for (const auto& kv : kept) mean_abs += std::abs(kv.second) / double(kept.size());
  std::FILE* f = std::fopen(out->c_str(), "w");
  if (!f) return failure(args.command(), "cannot write '" + *out + "'");
  const std::string eval_text(eval->name());
  if (k_max == k) {  // the format of data/openings-8.txt, unchanged
    std::fprintf(f,
                 "# %zu random %d-ply openings whose depth-%d search value (evaluation '%s') is within\n"
                 "# %.1f discs of even (values for black: mean |v| %.2f).\n"
                 "# Made by: reversi-cli openings --count %d --plies %d --depth %d --margin %g --seed %lld "
                 "--eval %s OUT\n",
                 kept.size(), k, d, eval_text.c_str(), m, mean_abs, n, k, d, m,
                 static_cast<long long>(seed.value_or(1)), eval_text.c_str());
    for (const auto& [t, v] : kept) std::fprintf(f, "%s\n", t.c_str());
  } else {  // each opening's value after '%' (parse_opening_line skips it)
    std::fprintf(f,
                 "# %zu random openings of %d-%d plies, distinct up to symmetry, whose depth-%d search value\n"
                 "# (multi-ProbCut, evaluation '%s') is within %.1f discs of even; each line's value is\n"
                 "# black's, after '%%' (mean |v| %.2f). %d tried.\n"
                 "# Made by: reversi-cli openings --count %d --plies %d --max-plies %d --depth %d --margin %g "
                 "--seed %lld --eval %s OUT\n",
                 kept.size(), k, k_max, d, eval_text.c_str(), m, mean_abs, tried, n, k, k_max, d, m,
                 static_cast<long long>(seed.value_or(1)), eval_text.c_str());
    for (const auto& [t, v] : kept) std::fprintf(f, "%s %% %+.2f\n", t.c_str(), v);
  }
  std::fclose(f);
  std::printf("%zu openings kept of %d tried -> %s\n", kept.size(), tried, out->c_str());
  return kOk;
}

const CommandRegistrar registrar{{"openings", "balanced random openings for matches",
    "usage: reversi-cli openings [--count N] [--plies K] [--max-plies K2] [--depth D] [--margin M]\n"
    "                            [--seed S] [--eval NAME] OUT\n\n"
    "Writes N distinct (up to symmetry) random K-ply openings whose value by a depth-D search\n"
    "(multi-ProbCut on) with evaluation NAME is within M discs of even, one transcript a line.\n"
    "--max-plies K2: each opening's length uniform in [K, K2], and each line carries its value\n"
    "for black after '%' (data/openings-balanced.txt; `match --openings` reads such lines).\n"
    "Deterministic for a seed. Defaults: N=300, K=8, K2=K, D=10, M=2, seed 1, eval handmade.\n",
    run}};

}  // namespace
