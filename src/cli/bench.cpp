// reversi-cli bench: speed figures of the engine (perft, exact endgame on the
// FFO suite with every score checked, midgame search nodes/s), what each search
// technique gains, the Lazy SMP speed-up, and the multi-ProbCut statistics fit.
// Lines starting "figure " are read by scripts/bench-wasm.sh to compare builds.
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "cli/command.h"
#include "cli/expert_games.h"
#include "core/file.h"
#include "core/notation.h"
#include "core/perft.h"
#include "core/random_positions.h"
#include "engine/endgame.h"
#include "engine/evaluate.h"
#include "lab/endgame_bench.h"
#include "lab/explorer_timing.h"
#include "lab/search_suite.h"
#include "engine/obf.h"
#include "engine/search.h"

namespace {

using namespace reversi;
using namespace reversi::cli;
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

void figure(const char* name, double value, const char* unit) {
  std::printf("figure %-24s %14.4f %s\n", name, value, unit);
}

struct MidgameTotals {
  std::uint64_t nodes = 0;
  std::uint64_t main_nodes = 0;  // main thread only
  double seconds = 0;
};

MidgameTotals run_midgame(const std::vector<Position>& positions, SearchOptions opt, bool clear,
                          std::size_t tt_mb, bool print) {
  MidgameTotals t;
  Searcher searcher(tt_mb, 16);
  for (std::size_t i = 0; i < positions.size(); ++i) {
    if (clear) searcher.clear();
    const auto start = Clock::now();
    const SearchResult r = searcher.search(positions[i], opt);
    const double s = seconds_since(start);
    t.nodes += r.nodes;
    t.main_nodes += searcher.main_thread_nodes();
    t.seconds += s;
    if (print)
      std::printf("  #%-3zu %2d empties  %-4s %+7.2f  %10llu nodes %8.3f s\n", i + 1,
                  positions[i].empty_count(), square_name(r.move).c_str(), r.score,
                  static_cast<unsigned long long>(r.nodes), s);
  }
  return t;
}

int run_ffo(const std::string& path, int limit, int first) {
  EndgameBenchOptions options;  // one thread, 64 MB
  options.first = first + 1;
  if (limit > 0) options.last = first + limit;
  const auto entries = load_obf(path);
  if (!entries) return failure("bench", entries.error());
  std::printf("exact endgame: %s\n", path.c_str());
  const auto summary = endgame_benchmark(*entries, options, [](const EndgameBenchLine& l) {
    std::printf("  line %-3d %2d empties  %-4s %+3d (expected %+3d) %12llu nodes %8.3f s %s\n", l.line,
                l.empties, square_name(l.result.best).c_str(), l.result.score, l.expected.value_or(99),
                static_cast<unsigned long long>(l.result.nodes), l.seconds,
                l.right() ? "ok" : verdict_name(l.verdict));
    std::fflush(stdout);
  });
  const double seconds = summary.seconds;
  const int wrong = summary.wrong + summary.incomplete;
  std::printf("  total: %zu positions, %.3f s, %llu nodes, %.2f M nodes/s, %d wrong", summary.lines.size(),
              seconds, static_cast<unsigned long long>(summary.nodes), summary.nodes_per_second() / 1e6,
              wrong);
  if (summary.unchecked) std::printf(", %d without a listed score", summary.unchecked);
  std::printf("\n");
  figure("ffo_seconds", seconds, "s");
  figure("ffo_mnps", summary.nodes_per_second() / 1e6, "M nodes/s");
  return wrong == 0 ? kOk : kFailure;
}

// The expert database's positions that `draw` picks (make_search_suite): the search's
// suite, the multi-ProbCut fit and the solver's cut fit draw the same way.
Expected<std::vector<SuitePosition>> draw_expert_positions(const SearchSuiteOptions& draw) {
  const auto db = load_expert_games(std::nullopt);
  if (!db) return Error{db.error()};
  return make_search_suite(*db, draw);
}

// Multi-ProbCut fit (search.h's mpc_fit): `count` positions of the expert
// database at 18-58 empties drawn by `seed` (make_search_suite's draw; the
// positions of the search's suite data/search-suite.obf left out: it is the
// test set), each searched by iterative deepening without multi-ProbCut to
// `max_depth`, one thread, a cleared table. The root scores at depths d and s
// (s < d, same parity; s = 0 is the evaluation itself, paired with every d,
// for the guard SearchOptions::mpc_guard) give, per pair and band of ten empties, the regression
// deep = a * shallow + b and its residual sigma. Deterministic: the same
// database, count, seed and depth give the same rows. With `out`, the rows
// with at least 30 positions are written as search_mpc_data.cpp.
int run_mpc_fit(int count, int max_depth, std::uint64_t seed, const std::optional<std::string>& out) {
  std::vector<Position> test_set;
  if (const auto suite = load_obf(default_data_path("search-suite.obf")); suite)
    for (const auto& e : *suite) test_set.push_back(e.position);
  else
    return failure("bench", suite.error());
  SearchSuiteOptions draw;
  draw.seed = seed;
  draw.count = count;
  draw.min_empties = 18;
  draw.max_empties = 58;
  const auto drawn = draw_expert_positions(draw);
  if (!drawn) return failure("bench", drawn.error());
  std::vector<Position> positions;
  int left_out = 0;
  for (const SuitePosition& s : *drawn) {
    if (std::find(test_set.begin(), test_set.end(), s.position) != test_set.end()) ++left_out;
    else positions.push_back(s.position);
  }
  struct Acc {
    double n = 0, sx = 0, sy = 0, sxx = 0, sxy = 0, syy = 0;
  };
  std::map<std::tuple<int, int, int>, Acc> acc;  // (deep, shallow, empties / 10)
  Searcher searcher(16, 1);
  SearchOptions opt;
  opt.depth = max_depth;
  opt.mpc = false;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const Position& p = positions[i];
    searcher.clear();
    searcher.search(p, opt);
    std::map<int, int> score;
    for (const auto& it : searcher.iterations()) score[it.depth] = it.score;
    score[0] = default_evaluator().evaluate(p.player, p.opponent);  // depth 0: the evaluation itself
    for (const auto& [d, y] : score)
      for (int s = std::max(d - 2, 0); s >= 0; s = s > 1 ? s - 2 : s - 1) {  // same parity, and 0 for every depth
        if (s >= d || !score.count(s) || d >= p.empty_count()) continue;
        Acc& a = acc[{d, s, p.empty_count() / 10}];
        const double x = score[s];
        a.n += 1;
        a.sx += x;
        a.sy += y;
        a.sxx += x * x;
        a.sxy += x * y;
        a.syy += double(y) * y;
      }
    if ((i + 1) % 50 == 0) std::fprintf(stderr, "  %zu/%zu positions\n", i + 1, positions.size());
  }
  std::printf("mpc fit: %zu positions (%d of the suite left out), depth %d without multi-ProbCut;\n"
              "deep = a * shallow + b, residual sigma; plain: sigma of deep - shallow (kEvalScale units)\n",
              positions.size(), left_out, max_depth);
  std::printf("  deep shallow empties      n      a        b   sigma   plain  mean(deep-shallow)\n");
  std::string rows;
  for (const auto& [key, a] : acc) {
    const auto [deep, shallow, band] = key;
    const double mx = a.sx / a.n, my = a.sy / a.n;
    const double vx = a.sxx / a.n - mx * mx, vy = a.syy / a.n - my * my, cxy = a.sxy / a.n - mx * my;
    const double slope = vx > 0 ? cxy / vx : 1, icpt = my - slope * mx;
    const double sigma = std::sqrt(std::max(0.0, vy - slope * cxy));
    const double plain = std::sqrt(std::max(0.0, vy - 2 * cxy + vx));
    std::printf("  %4d %7d %4d-%-4d %6.0f %6.3f %8.1f %7.1f %7.1f %8.1f\n", deep, shallow, band * 10,
                band * 10 + 9, a.n, slope, icpt, sigma, plain, my - mx);
    if (a.n >= 30) {
      char line[160];
      std::snprintf(line, sizeof line, "    {%d, %d, %d, %d, %.4ff, %.2ff, %.2ff},\n", deep, shallow, band, int(std::min(a.n, 32767.0)),
                    slope, icpt, sigma);
      rows += line;
    }
  }
  if (!out) return kOk;
  if (rows.empty()) return failure("bench", "no depth pair has 30 positions to fit: nothing written");
  const std::string text =
      "// Generated by `reversi-cli bench --mpc-fit " + std::to_string(count) + " --depth " +
      std::to_string(max_depth) + " --seed " + std::to_string(seed) + " --out " + *out +
      "`\n// (docs/benchmarks.md \"The search, measured\"); do not edit. Rows: deep depth, shallow\n"
      "// depth, band (empties / 10), positions, a, b, sigma: deep = a * shallow + b (kEvalScale units).\n"
      "#include \"engine/search_mpc_data.h\"\n\n#include <iterator>\n\nnamespace reversi {\n\n"
      "const MpcFitRow kMpcFitRows[] = {\n" + rows + "};\nconst std::size_t kMpcFitRowCount = std::size(kMpcFitRows);\n\n"
      "}  // namespace reversi\n";
  if (const auto written = write_file_bytes(*out, std::span(reinterpret_cast<const std::uint8_t*>(text.data()),
                                                            text.size()));
      !written)
    return failure("bench", written.error());
  std::printf("rows written to %s\n", out->c_str());
  return kOk;
}

// Error model of the solver's probable-outcome cuts: exact score against the
// shallow evaluation search at depths 0-4, by empties. The positions are random
// play's at 10-20 empties (`random_positions`) or, with `expert`, the expert
// database's at 12-24 (draw_expert_positions: the positions the solver meets in
// real games).
int run_endcut_fit(int count, std::uint64_t seed, bool expert) {
  std::vector<Position> positions;
  if (expert) {
    SearchSuiteOptions draw;
    draw.seed = seed;
    draw.count = count;
    draw.min_empties = 12;
    draw.max_empties = 24;
    const auto drawn = draw_expert_positions(draw);
    if (!drawn) return failure("bench", drawn.error());
    for (const SuitePosition& s : *drawn) positions.push_back(s.position);
  } else {
    positions = random_positions(seed, count, 10, 20);
  }
  struct Acc {
    double n = 0, s = 0, ss = 0;
  };
  std::map<std::pair<int, int>, Acc> acc;  // (empties, depth)
  EndgameSolver solver(64);
  for (const Position& p : positions) {
    const SolveResult r = solver.solve(p);
    for (int d = 0; d <= 4; ++d) {
      const double e = r.score - double(solver.shallow_score(p, d)) / kEvalScale;
      Acc& a = acc[{p.empty_count(), d}];
      a.n += 1;
      a.s += e;
      a.ss += e * e;
    }
  }
  std::printf("endcut fit: %zu %s positions; exact - shallow(depth), in discs: mean, sigma\n", positions.size(),
              expert ? "expert" : "random");
  std::printf("  empties depth      n    mean   sigma\n");
  for (const auto& [key, a] : acc) {
    const double m = a.s / a.n;
    std::printf("  %7d %5d %6.0f %7.2f %7.2f\n", key.first, key.second, a.n, m,
                std::sqrt(std::max(0.0, a.ss / a.n - m * m)));
  }
  return kOk;
}

// ---- the search's suite (lab/search_suite.h, docs/benchmarks.md "The search, measured")

// A variant of the search by name, for --compare (each changes one technique).
bool apply_variant(const std::string& name, SearchOptions& o) {
  if (const auto plus = name.find('+'); plus != std::string::npos)  // A+B: both
    return apply_variant(name.substr(0, plus), o) && apply_variant(name.substr(plus + 1), o);
  if (name == "base") return true;
  if (name == "old-ordering") {  // the ordering before issue 46 (hand-chosen weights, no evaluation)
    o.ordering = OrderingWeights{96, 96, 24, 300, 40, 0, 99, 0};
    o.frontier_order = false;
    o.lazy_order = false;
    return true;
  }
  if (name == "old-mpc") {  // multi-ProbCut before issue 46: the hand-made sigma, t = 1.6
    o.mpc_model = "handmade";
    o.mpc_t = 1.6;
    return true;
  }
  if (name == "shallow") o.shallow_ordering = true;
  else if (name == "no-tt-move") o.tt_move = false;
  else if (name == "no-aspiration") o.aspiration = false;
  else if (name == "no-mpc") o.mpc = false;
  else if (name == "fit") o.mpc_model = "fit";
  else if (name == "mpc-pv") o.mpc_pv = true;
  else if (name == "deep-ratio") o.mpc_deep = MpcDeep::SameRatio;
  else if (name == "deep-gap") o.mpc_deep = MpcDeep::SameGap;
  else if (name.starts_with("t=")) o.mpc_t = std::stod(name.substr(2));
  else if (name.starts_with("ps=")) o.mpc_shallow = std::stoi(name.substr(3));
  else if (name.starts_with("g=")) o.mpc_guard = std::stod(name.substr(2));
  else if (name == "no-eval") o.ordering.eval = 0;
  else if (name == "full-eval") o.incremental_eval = false;  // every evaluation read from the board
  else if (name == "no-frontier") o.frontier_order = false;
  else if (name == "mpc2") o.mpc_min_depth = 2;
  else if (name == "eager-order") o.lazy_order = false;
  else if (name.starts_with("etc")) o.etc_depth = name.size() > 3 ? std::stoi(name.substr(3)) : 4;
  else if (name.starts_with("history")) o.ordering.history = name.size() > 7 ? std::stoi(name.substr(7)) : 200;
  else if (name.starts_with("eval")) {  // evalD[xW]: the child's evaluation at depth >= D, weight W/16
    const auto x = name.find('x');
    o.ordering.eval_depth = std::stoi(name.substr(4, x == std::string::npos ? std::string::npos : x - 4));
    o.ordering.eval = x == std::string::npos ? 16 : std::stoi(name.substr(x + 1));
  } else if (name.starts_with("w=")) {  // w=MOB,CMOB,POT,CORNER,STABLE
    int v[5];
    if (std::sscanf(name.c_str() + 2, "%d:%d:%d:%d:%d", &v[0], &v[1], &v[2], &v[3], &v[4]) != 5) return false;
    o.ordering.mobility = v[0];
    o.ordering.corner_mobility = v[1];
    o.ordering.potential = v[2];
    o.ordering.corner = v[3];
    o.ordering.stable = v[4];
  } else return false;
  return true;
}

double percent(std::uint64_t part, std::uint64_t whole) { return whole ? 100.0 * double(part) / double(whole) : 0; }

void print_suite_stats(const SuiteRun& run, std::size_t v, int depth) {
  const auto& searches = run.searches[v];
  const SearchStats& st = run.stats[v];
  std::printf("to depth (sums over the positions that reached it; EBF = nodes of iteration d / of d-1):\n");
  std::printf("  depth  positions        nodes   time s  median ms     EBF\n");
  std::uint64_t prev_iter = 0;
  for (int d = 1; d <= depth; ++d) {
    std::uint64_t nodes = 0, iter = 0;
    double ms = 0;
    std::vector<double> each;
    int n = 0;
    for (const SuiteSearch& s : searches) {
      if (int(s.nodes.size()) < d) continue;
      ++n;
      nodes += s.nodes[d - 1];
      iter += s.nodes[d - 1] - (d > 1 ? s.nodes[d - 2] : 0);
      ms += s.ms[d - 1];
      each.push_back(s.ms[d - 1]);
    }
    std::printf("  %5d %10d %12llu %8.2f %10.2f %7.2f\n", d, n, static_cast<unsigned long long>(nodes), ms / 1000,
                lab::percentile(each, 0.5), prev_iter ? double(iter) / double(prev_iter) : 0.0);
    prev_iter = iter;
  }
  std::printf("nodes that searched their moves, by remaining depth (cut: fail high; first: by the first move;\n"
              "tt: the table gave the first move; tried: moves searched per cut):\n");
  std::printf("  depth | null window: nodes    cut%%  first%%  tried  tt%%  | PV: nodes  exact  first%%  tt%%\n");
  for (int d = 2; d < SearchStats::kDepths; ++d) {
    const auto& z = st.nodes[0][d];
    const auto& p = st.nodes[1][d];
    if (!z.searched && !p.searched) continue;
    std::printf("  %5d | %18llu %6.1f %7.1f %6.2f %5.1f | %9llu %6llu %7.1f %5.1f\n", d,
                static_cast<unsigned long long>(z.searched), percent(z.fail_high, z.searched),
                percent(z.first_cut, z.fail_high), z.fail_high ? double(z.moves_tried) / double(z.fail_high) : 0.0,
                percent(z.with_tt_move, z.searched), static_cast<unsigned long long>(p.searched),
                static_cast<unsigned long long>(p.exact), percent(p.first_best, p.exact),
                percent(p.with_tt_move, p.searched));
  }
  std::printf("table (interior nodes of depth >= 2): %llu probes, hit %.1f%%, cut %.1f%%, move %.1f%%;\n"
              "  %llu stores: same position %.1f%%, empty slot %.1f%%, overwrite %.1f%%, kept deeper %.1f%%\n",
              static_cast<unsigned long long>(st.tt_probes), percent(st.tt_hits, st.tt_probes),
              percent(st.tt_cuts, st.tt_probes), percent(st.tt_moves, st.tt_probes),
              static_cast<unsigned long long>(st.tt_stores), percent(st.tt_store_same, st.tt_stores),
              percent(st.tt_store_empty, st.tt_stores), percent(st.tt_store_replace, st.tt_stores),
              percent(st.tt_store_kept, st.tt_stores));
  std::uint64_t total_nodes = 0, mpc_nodes = 0;
  for (const SuiteSearch& s : searches)
    if (!s.nodes.empty()) total_nodes += s.nodes.back();
  std::printf("multi-ProbCut: tries and cut %% (high+low) by depth and empties:\n  depth");
  for (int ph = 2; ph < 5; ++ph) std::printf("   %d-%d empties    ", ph * 10, ph * 10 + 9);
  std::printf("\n");
  for (int d = 3; d < SearchStats::kDepths; ++d) {
    bool any = false;
    for (int ph = 0; ph < SearchStats::kPhases; ++ph) any |= st.mpc[d][ph].tries > 0;
    if (!any) continue;
    std::printf("  %5d", d);
    for (int ph = 2; ph < 5; ++ph) {
      const auto& m = st.mpc[d][ph];
      std::printf(" %9llu %5.1f%%+%4.1f%%", static_cast<unsigned long long>(m.tries), percent(m.cut_high, m.tries),
                  percent(m.cut_low, m.tries));
    }
    std::printf("\n");
    for (int ph = 0; ph < SearchStats::kPhases; ++ph) mpc_nodes += st.mpc[d][ph].nodes;
  }
  std::printf("  nodes in multi-ProbCut's shallow searches: %.1f%% of all; in the ordering's: %.1f%%; "
              "enhanced transposition cutoffs: %llu\n",
              percent(mpc_nodes, total_nodes), percent(st.ordering_nodes, total_nodes),
              static_cast<unsigned long long>(st.etc_cuts));
}

int run_suite(const std::string& path, int first, int limit, int depth, const std::string& compare, bool count,
              const SearchOptions& base) {
  const auto entries = load_obf(path);
  if (!entries) return failure("bench", entries.error());
  std::vector<Position> positions;
  for (std::size_t i = std::size_t(first); i < entries->size(); ++i)
    if (limit <= 0 || int(positions.size()) < limit) positions.push_back((*entries)[i].position);
  std::vector<SuiteVariant> variants;
  std::string names = compare.empty() ? "base" : compare;
  for (std::size_t at = 0; at <= names.size();) {
    const std::size_t comma = std::min(names.find(',', at), names.size());
    SuiteVariant v{names.substr(at, comma - at), base};
    v.options.depth = depth;
    bool known = false;
    try {
      known = apply_variant(v.name, v.options);
    } catch (const std::exception&) {  // std::stoi on a bad number (etcX, historyX, evalX)
    }
    if (!known) {
      failure("bench", "unknown variant '" + v.name + "' (see reversi-cli bench --help)");
      return kUsage;
    }
    variants.push_back(v);
    at = comma + 1;
  }
  std::printf("search suite: %s, %zu positions, depth %d, one thread, cleared 16 MB table, counters %s\n",
              path.c_str(), positions.size(), depth, count ? "on" : "off");
  const SuiteRun run = run_search_suite(positions, variants, count, [&](std::size_t i) {
    if ((i + 1) % 25 == 0) {
      std::fprintf(stderr, "  %zu/%zu positions\n", i + 1, positions.size());
    }
  });
  for (std::size_t v = 0; v < variants.size(); ++v) {
    std::printf("== %s\n", variants[v].name.c_str());
    if (count) print_suite_stats(run, v, depth);
  }
  // Nodes and time to the full depth, each variant against the first, position by position.
  std::printf("to depth %d, against %s (time ratio: of the sums, and the median of the positions' ratios):\n",
              depth, variants[0].name.c_str());
  std::printf("  (moves: %% of the positions whose move differs from %s's; |score|: mean absolute\n"
              "  difference of the scores, in discs)\n", variants[0].name.c_str());
  std::printf("  %-16s %14s %7s %9s %7s %7s %7s %7s\n", "variant", "nodes", "ratio", "time s", "ratio", "median",
              "moves", "|score|");
  for (std::size_t v = 0; v < variants.size(); ++v) {
    std::uint64_t nodes = 0;
    double ms = 0, ms0 = 0;
    std::uint64_t nodes0 = 0;
    std::vector<double> ratios;
    int compared = 0, other_move = 0;
    double score_diff = 0;
    for (std::size_t i = 0; i < positions.size(); ++i) {
      const SuiteSearch& s = run.searches[v][i];
      const SuiteSearch& s0 = run.searches[0][i];
      if (s.nodes.empty() || s0.nodes.empty()) continue;
      ++compared;
      other_move += s.move != s0.move;
      score_diff += std::abs(s.score - s0.score) / double(kEvalScale);
      nodes += s.nodes.back();
      nodes0 += s0.nodes.back();
      ms += s.ms.back();
      ms0 += s0.ms.back();
      if (s0.ms.back() > 0) ratios.push_back(s.ms.back() / s0.ms.back());
    }
    std::printf("  %-16s %14llu %7.3f %9.2f %7.3f %7.3f %6.1f%% %7.2f\n", variants[v].name.c_str(),
                static_cast<unsigned long long>(nodes), double(nodes) / double(nodes0), ms / 1000, ms / ms0,
                lab::percentile(ratios, 0.5), compared ? 100.0 * other_move / compared : 0.0,
                compared ? score_diff / compared : 0.0);
  }
  return kOk;
}

int make_suite(const std::string& path, int count, std::uint64_t seed) {
  SearchSuiteOptions options;
  options.count = count;
  options.seed = seed;
  const auto drawn = draw_expert_positions(options);
  if (!drawn) return failure("bench", drawn.error());
  const auto& suite = *drawn;
  const std::string command = "reversi-cli bench --make-suite " + path + " --positions " + std::to_string(count) +
                              " --seed " + std::to_string(seed) + " (" + std::to_string(options.min_empties) +
                              "-" + std::to_string(options.max_empties) + " empties, data/expert-games.bin)";
  const std::string text = search_suite_text(suite, command);
  if (const auto written = write_file_bytes(path, std::span(reinterpret_cast<const std::uint8_t*>(text.data()),
                                                            text.size()));
      !written)
    return failure("bench", written.error());
  std::printf("%zu positions written to %s\n", suite.size(), path.c_str());
  return kOk;
}

int run(Args& args) {
  const auto ffo = args.option("--ffo");
  const auto limit = args.option_int("--limit", 0, 100000);
  const auto first = args.option_int("--first", 1, 100000);
  const auto perft_depth = args.option_int("--perft", 0, 14);
  const auto depth = args.option_int("--depth", 1, 30);
  const auto count = args.option_int("--positions", 1, 10000);
  const auto threads = args.option_int("--threads", 1, 64);
  const auto seed = args.option_int("--seed", 0, 1LL << 62);
  const auto evaluator = args.option("--eval");
  const auto mpc_fit = args.option_int("--mpc-fit", 1, 100000);
  const auto mpc_t = args.option_double("--mpc-t", 0, 10);
  const auto endcut_fit = args.option_int("--endcut-fit", 1, 100000);
  const bool expert = args.flag("--expert");
  const bool techniques = args.flag("--techniques");
  const bool aspiration_off = args.flag("--no-aspiration");
  const bool shallow_on = args.flag("--shallow-ordering");
  const bool smp = args.flag("--smp");
  const bool verbose = args.flag("--verbose");
  const bool no_perft = args.flag("--no-perft");
  const bool no_ffo = args.flag("--no-ffo");
  const bool no_midgame = args.flag("--no-midgame");
  const auto suite = args.option("--suite");
  const auto make = args.option("--make-suite");
  const auto compare = args.option("--compare");
  const bool no_stats = args.flag("--no-stats");
  const auto out = args.option("--out");
  if (!args.finish()) return args.usage_error();

  if (make) return make_suite(*make, count ? int(*count) : 300, seed ? std::uint64_t(*seed) : 46);

  const int mid_depth = depth ? int(*depth) : 10;
  const int npos = count ? int(*count) : 20;
  const std::uint64_t bench_seed = seed ? std::uint64_t(*seed) : 2026;

  if (mpc_fit) return run_mpc_fit(int(*mpc_fit), mid_depth, bench_seed, out);
  if (endcut_fit) return run_endcut_fit(int(*endcut_fit), bench_seed, expert);

  SearchOptions base;
  base.depth = mid_depth;
  base.threads = threads ? int(*threads) : 1;
  if (mpc_t) base.mpc_t = *mpc_t;
  if (aspiration_off) base.aspiration = false;
  if (shallow_on) base.shallow_ordering = true;
  if (evaluator) {
    base.evaluator = find_evaluator(*evaluator);
    if (!base.evaluator) return failure("bench", "unknown evaluator '" + *evaluator + "'");
  }

  if (suite)
    return run_suite(*suite, first ? int(*first) - 1 : 0, limit ? int(*limit) : 0, depth ? int(*depth) : 12, compare ? *compare : "", !no_stats,
                     base);

  int status = kOk;
  if (!no_perft) {
    const int d = perft_depth ? int(*perft_depth) : 11;
    const auto start = Clock::now();
    const std::uint64_t leaves = perft(Position::initial(), d);
    const double s = seconds_since(start);
    std::printf("perft %d: %llu leaves, %.3f s, %.1f M leaves/s\n", d,
                static_cast<unsigned long long>(leaves), s, double(leaves) / s / 1e6);
    figure("perft_mlps", double(leaves) / s / 1e6, "M leaves/s");
  }

  if (!no_midgame) {
    // Deterministic random positions with 24..44 empties, the same on every platform.
    const auto positions = random_positions(bench_seed, npos, 24, 44);
    std::printf("midgame: %d positions (seed %llu), depth %d, %d thread(s), evaluator %s\n", npos,
                static_cast<unsigned long long>(bench_seed), mid_depth, base.threads,
                base.evaluator ? std::string(base.evaluator->name()).c_str()
                               : std::string(default_evaluator().name()).c_str());
    const MidgameTotals t = run_midgame(positions, base, true, 16, verbose);
    std::printf("  total: %llu nodes, %.3f s, %.2f M nodes/s\n",
                static_cast<unsigned long long>(t.nodes), t.seconds, double(t.nodes) / t.seconds / 1e6);
    figure("midgame_seconds", t.seconds, "s");
    figure("midgame_mnps", double(t.nodes) / t.seconds / 1e6, "M nodes/s");

    if (techniques) {
      // Each technique switched off in turn, same positions, same run.
      struct Variant {
        const char* name;
        void (*apply)(SearchOptions&);
      };
      const Variant variants[] = {
          {"all on", [](SearchOptions&) {}},
          {"no TT move", [](SearchOptions& o) { o.tt_move = false; }},
          {"with shallow ordering", [](SearchOptions& o) { o.shallow_ordering = true; }},
          {"no aspiration", [](SearchOptions& o) { o.aspiration = false; }},
          {"no multi-ProbCut", [](SearchOptions& o) { o.mpc = false; }},
      };
      std::printf("techniques at depth %d (nodes and time to depth, ratio to all on):\n", mid_depth);
      MidgameTotals ref;
      for (const auto& v : variants) {
        SearchOptions o = base;
        v.apply(o);
        const MidgameTotals r = run_midgame(positions, o, true, 16, false);
        if (ref.nodes == 0) ref = r;
        std::printf("  %-22s %12llu nodes (x%5.2f) %8.3f s (x%5.2f) %6.2f M nodes/s\n", v.name,
                    static_cast<unsigned long long>(r.nodes), double(r.nodes) / double(ref.nodes),
                    r.seconds, r.seconds / ref.seconds, double(r.nodes) / r.seconds / 1e6);
        std::fflush(stdout);
      }
    }
    if (smp) {
      std::printf("Lazy SMP (time to depth %d, node rate):\n", mid_depth);
      MidgameTotals one;
      for (int th : {1, 2}) {
        SearchOptions o = base;
        o.threads = th;
        const MidgameTotals r = run_midgame(positions, o, true, 16, false);
        if (th == 1) one = r;
        // Main-thread nodes to depth: a load-independent estimate of the time
        // to depth when every thread gets a core of its own.
        std::printf("  %d thread(s): %12llu nodes (main thread %llu) %8.3f s %6.2f M nodes/s, "
                    "speed-up x%.2f (by main-thread nodes x%.2f)\n",
                    th, static_cast<unsigned long long>(r.nodes),
                    static_cast<unsigned long long>(r.main_nodes), r.seconds,
                    double(r.nodes) / r.seconds / 1e6, one.seconds / r.seconds,
                    double(one.main_nodes) / double(r.main_nodes));
      }
    }
  }

  if (!no_ffo) {
    const std::string path = ffo ? *ffo : default_data_path("ffo/fforum-40-59.obf");
    if (run_ffo(path, limit ? int(*limit) : 0, first ? int(*first) - 1 : 0) != kOk) status = kFailure;
  }
  return status;
}

const CommandRegistrar registrar{{
    "bench",
    "engine speed: perft, exact endgame (FFO, checked), midgame search nodes/s",
    "usage: reversi-cli bench [options]\n"
    "\n"
    "Runs, in order: perft from the start; a midgame search at a fixed depth on\n"
    "deterministic positions (same on every platform); the exact solver on an\n"
    "FFO file with every score and best move checked (exit status 1 if one is\n"
    "wrong). Lines starting \"figure\" are the summary (scripts/bench-wasm.sh).\n"
    "\n"
    "  --perft D        perft depth (default 11)\n"
    "  --depth D        midgame depth (default 10)\n"
    "  --positions N    midgame positions (default 20)\n"
    "  --seed S         seed of the midgame positions (default 2026)\n"
    "  --threads T      search threads (default 1; 1 in the web build)\n"
    "  --eval NAME      evaluator (handmade, ...; default: the default one)\n"
    "  --ffo FILE       OBF file (default data/ffo/fforum-40-59.obf)\n"
    "  --first K        start at the K-th position of the file\n"
    "  --limit K        solve only K positions\n"
    "  --techniques     also rerun the midgame set with each technique switched\n"
    "  --no-aspiration, --shallow-ordering   switch a technique off / on\n"
    "  --smp            also compare 1 and 2 threads (time to depth)\n"
    "  --mpc-t X        multi-ProbCut threshold in standard deviations (default 1.0)\n"
    "  --mpc-fit N      instead: fit multi-ProbCut's model on N positions of the expert\n"
    "                   database at 18-58 empties (not the suite's), searched without it\n"
    "                   to --depth; --out FILE: its rows as search_mpc_data.cpp\n"
    "  --endcut-fit N   instead: error of the solver's shallow searches against exact\n"
    "                   scores on N positions of random play with 10-20 empties;\n"
    "                   --expert: of the expert database with 12-24 empties\n"
    "  --verbose        one line per midgame position\n"
    "  --suite FILE     instead: the search's suite (data/search-suite.obf) to --depth\n"
    "                   (default 12), --first K, --limit K: nodes and time to each\n"
    "                   depth, first-move-best rates, the table's and multi-ProbCut's\n"
    "                   rates (docs/benchmarks.md \"The search, measured\")\n"
    "  --compare A,B    with --suite: these variants, interleaved position by position,\n"
    "                   against the first: base, old-ordering, old-mpc (9722b92's search:\n"
    "                   old-ordering+old-mpc+full-eval), shallow, no-tt-move,\n"
    "                   no-frontier (frontier nodes' replies in square order),\n"
    "                   mpc2 (multi-ProbCut from depth 2, the evaluation its guess),\n"
    "                   no-aspiration, no-mpc, no-eval, full-eval (the pattern evaluation\n"
    "                   read from the board at each call, not from incremental indices),\n"
    "                   etcD (enhanced transposition cutoffs\n"
    "                   from depth D), historyW, evalD[xW] (the child's evaluation in the\n"
    "                   ordering from depth D, weight W/16), w=MOB:CMOB:POT:CORNER:STABLE\n"
    "                   (the ordering's weights), fit (multi-ProbCut's fitted model),\n"
    "                   t=X (its threshold), ps=R (its shallow depth's rule,\n"
    "                   SearchOptions::mpc_shallow),\n"
    "                   mpc-pv (also at PV nodes), g=X (its guard by the evaluation,\n"
    "                   SearchOptions::mpc_guard); A+B: both\n"
    "  --no-stats       with --suite: without the search's counters\n"
    "  --make-suite FILE  instead: write the suite, --positions N (default 300) positions\n"
    "                   of data/expert-games.bin at 24-44 empties, --seed S (default 46)\n"
    "  --no-perft, --no-midgame, --no-ffo   skip a part\n",
    run}};

}  // namespace
