// Self-play data, bootstrapped labels and least-squares fitting of the pattern weights.
#include "lab/pattern_train.h"
#include "lab/ridge.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <memory>
#include <mutex>
#include <sstream>
#include <unordered_set>

#if REVERSI_THREADS
#include <thread>
#endif

#include "core/file.h"
#include "core/position.h"
#include "core/random.h"
#include "engine/endgame.h"
#include "engine/search.h"

namespace reversi::pattern {

namespace {

// Plain fixed-depth negamax for the self-play move choice.
int negamax(Bitboard P, Bitboard O, int depth, int alpha, int beta, const Evaluator& eval,
            bool passed) {
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (passed || !legal_moves(O, P)) return Position{P, O, Color::Black}.final_score() * kEvalScale;
    return -negamax(O, P, depth, -beta, -alpha, eval, true);
  }
  if (depth == 0) return eval.evaluate(P, O);
  int best = -kEvalMax - 64 * kEvalScale;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const Bitboard f = flips(sq, P, O);
    const int v = -negamax(O & ~f, P | f | bit(sq), depth - 1, -beta, -alpha, eval, false);
    if (v > best) {
      best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
  }
  return best;
}

// Runs `work` on `threads` threads (this one among them; one without
// REVERSI_THREADS) and waits for all of them.
void on_threads(int threads, const std::function<void()>& work) {
#if REVERSI_THREADS
  std::vector<std::thread> pool;
  for (int t = 1; t < std::clamp(threads, 1, 64); ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
#else
  (void)threads;
  work();
#endif
}

}  // namespace

// ---- sample files -----------------------------------------------------------

Status write_samples(const std::vector<Sample>& samples, const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return Error{"cannot write '" + path + "'"};
  char board[65];
  board[64] = 0;
  for (const Sample& s : samples) {
    for (int sq = 0; sq < 64; ++sq)
      board[sq] = (s.P >> sq & 1) ? 'X' : (s.O >> sq & 1) ? 'O' : '-';
    const char label = s.label == Label::Exact ? 'e' : s.label == Label::Search ? 's' : 'u';
    std::fprintf(f, "%s X %.2f %c %u\n", board, static_cast<double>(s.score), label, s.game);
  }
  const bool ok = std::fclose(f) == 0;
  if (!ok) return Error{"write to '" + path + "' failed"};
  return {};
}

Expected<std::vector<Sample>> read_samples(const std::string& path) {
  std::ifstream in(path);
  if (!in) return Error{"cannot open '" + path + "'"};
  std::vector<Sample> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty() || line[0] == '#') continue;
    auto bad = [&](const char* why) {
      return Error{path + ":" + std::to_string(number) + ": " + why};
    };
    if (line.size() < 66) return bad("line too short for a board");
    Sample s;
    for (int sq = 0; sq < 64; ++sq) {
      const char c = line[sq];
      if (c == 'X') s.P |= bit(sq);
      else if (c == 'O') s.O |= bit(sq);
      else if (c != '-') return bad("board has a character other than X, O, -");
    }
    std::istringstream rest(line.substr(64));
    char side = 0, label = 0;
    double score = 0;
    std::uint32_t game = 0;
    if (!(rest >> side >> score >> label >> game)) return bad("expected '<side> <score> <e|s|u> <game>'");
    if (side == 'O') std::swap(s.P, s.O);
    else if (side != 'X') return bad("side to move must be X or O");
    if (label == 'e') s.label = Label::Exact;
    else if (label == 's') s.label = Label::Search;
    else if (label == 'u') s.label = Label::None;
    else return bad("label must be e, s or u");
    if (score < -64 || score > 64) return bad("score outside [-64, 64]");
    s.score = static_cast<float>(score);
    s.game = game;
    out.push_back(s);
  }
  return out;
}

// ---- self-play ----------------------------------------------------------------

SplitMix64 game_rng(const GenOptions& options, int g) {
  return SplitMix64(options.seed * 0x100000001B3ULL + static_cast<std::uint64_t>(g) * 0x9E3779B97F4A7C15ULL);
}

namespace {

// One self-play game: its positions in order (before deduplication) and the
// solver time it took. A pure function of (options, g): the solver's table is
// cleared first, so which of several equally good moves it follows does not
// depend on the games solved before, or on the thread that plays the game.
struct PlayedGame {
  std::vector<Sample> samples;
  double solve_seconds = 0;
  bool done = false;
};

// Plays on from `pos` (the first `random_plies` plies at random, then the
// shallow search with an occasional random move) until `solve_empties` empties
// remain, then follows the exact solver's best line, each position labelled
// exactly. Appends the positions to `out` and adds the solver's time.
void play_out(Position pos, int random_plies, int solve_empties, const GenOptions& options,
              std::uint32_t g, SplitMix64& rng, const Evaluator& eval, EndgameSolver& solver,
              Searcher* searcher, PlayedGame& out) {
  std::vector<Sample>& game = out.samples;
  const std::size_t first = game.size();
  std::vector<Color> movers;  // the side to move of each unlabelled position
  int ply = 0;
  // The self-play part, up to the exact-solve point.
  while (!pos.is_game_over() && pos.empty_count() > solve_empties) {
    const Bitboard moves = pos.legal_moves();
    if (!moves) {
      pos = pos.pass();
      continue;
    }
    game.push_back({pos.player, pos.opponent, 0, g, Label::None});
    movers.push_back(pos.to_move);
    int chosen;
    if (ply < random_plies || rng.uniform() < options.epsilon) {
      chosen = nth_square(moves, rng.below(popcount(moves)));
    } else if (searcher) {
      // The real midgame search (table, multi-ProbCut), depth-limited only, so
      // that the game is the same on any machine and under any load.
      SearchOptions opt;
      opt.depth = options.search_depth;
      opt.evaluator = &eval;
      chosen = searcher->search(pos, opt).move;
    } else {
      // Best by a shallow search; ties broken at random.
      int best = -kEvalMax * 4, count = 0;
      chosen = lowest_square(moves);
      for (Bitboard m = moves; m; m &= m - 1) {
        const int sq = lowest_square(m);
        const Bitboard f = flips(sq, pos.player, pos.opponent);
        const int v = -negamax(pos.opponent & ~f, pos.player | f | bit(sq), options.player_depth - 1,
                               -kEvalMax * 4, -best + 1, eval, false);
        if (v > best) {
          best = v, chosen = sq, count = 1;
        } else if (v == best && rng.below(++count) == 0) {
          chosen = sq;
        }
      }
    }
    pos = pos.play(Square(chosen));
    ++ply;
  }
  // The exact part: follow the solver's best line, each position labelled exactly.
  const auto solve_start = std::chrono::steady_clock::now();
  solver.clear();
  while (!pos.is_game_over()) {
    if (!pos.has_legal_move()) {
      pos = pos.pass();
      continue;
    }
    const SolveResult r = solver.solve(pos);
    game.push_back({pos.player, pos.opponent, static_cast<float>(r.score), g, Label::Exact});
    pos = pos.play(r.best);
  }
  // With the real search, the unlabelled positions carry the game's result
  // (perfect play from the solve point) as their score, for the side to move:
  // `train --label-result` can use it as the label. (The older modes keep 0,
  // so that their files stay as they were.)
  if (searcher) {
    const int final_black = pos.to_move == Color::Black ? pos.final_score() : -pos.final_score();
    for (std::size_t i = 0; i < movers.size(); ++i)
      game[first + i].score = static_cast<float>(movers[i] == Color::Black ? final_black : -final_black);
  }
  out.solve_seconds +=
      std::chrono::duration<double>(std::chrono::steady_clock::now() - solve_start).count();
}

void play_game(const GenOptions& options, int g, const Evaluator& eval, EndgameSolver& solver,
               Searcher* searcher, PlayedGame& out) {
  SplitMix64 rng = game_rng(options, g);
  const int random_plies = options.random_min + rng.below(options.random_max - options.random_min + 1);
  // A cleared table: the game's moves depend on (seed, g) alone, not on the
  // games the thread searched before.
  if (searcher) searcher->clear();
  play_out(Position::initial(), random_plies, options.solve_empties, options,
           static_cast<std::uint32_t>(g), rng, eval, solver, searcher, out);
}

// One WTHOR game: its positions until `solve_empties` empties remain (or
// `rest_solve_empties` for the games whose own line is not drawn for the deep
// solve), then the solver's line; the position at the database's theoretical
// depth labelled with its theoretical score; and, when drawn, one branch: a
// random move from a random position of the game, then self-play and the
// solver's line from `solve_empties` as in play_game.
void play_wthor_game(const GenOptions& options, int g, const Evaluator& eval,
                     EndgameSolver& solver, Searcher* searcher, PlayedGame& out) {
  if (searcher) searcher->clear();
  const WthorGame& wg = (*options.wthor)[static_cast<std::size_t>(g)];
  const auto id = static_cast<std::uint32_t>(g);
  SplitMix64 rng = game_rng(options, g);
  const bool deep = rng.uniform() < options.wthor_solve_share;
  const bool branch = rng.uniform() < options.wthor_branch_share;
  const int own_solve = deep ? options.solve_empties : options.wthor_rest_solve_empties;
  // Branch points: the positions with more than solve_empties empties, after
  // at least random_min plies.
  const int last_branch_ply =
      std::min(static_cast<int>(wg.moves.size()), 60 - options.solve_empties) - 1;
  const int branch_ply = branch && last_branch_ply >= options.random_min
                             ? options.random_min + rng.below(last_branch_ply - options.random_min + 1)
                             : -1;
  Position pos = Position::initial();
  Position branch_from;
  bool have_branch = false;
  for (std::size_t i = 0; i <= wg.moves.size(); ++i) {
    if (!pos.has_legal_move()) {
      if (pos.is_game_over()) break;
      pos = pos.pass();
    }
    if (pos.empty_count() <= own_solve) {
      play_out(pos, 0, own_solve, options, id, rng, eval, solver, searcher, out);
      break;
    }
    const bool theoretical = pos.empty_count() == options.wthor_theoretical_empties;
    float score = 0;
    if (theoretical) score = static_cast<float>(theoretical_score(wg, pos));
    out.samples.push_back({pos.player, pos.opponent, score, id, theoretical ? Label::Exact : Label::None});
    if (static_cast<int>(i) == branch_ply) branch_from = pos, have_branch = true;
    if (i == wg.moves.size()) break;  // a game stopped early: nothing to solve
    pos = pos.play(wg.moves[i]);
  }
  if (have_branch) {
    const Bitboard moves = branch_from.legal_moves();
    const Position next = branch_from.play(Square(nth_square(moves, rng.below(popcount(moves)))));
    play_out(next, 0, options.solve_empties, options, id, rng, eval, solver, searcher, out);
  }
}

}  // namespace

std::vector<Sample> generate_samples(const GenOptions& options, GenStats& stats,
                                     const std::function<void(const GenStats&)>& progress) {
  const Evaluator& eval = options.player_eval ? *options.player_eval : default_evaluator();
  // A table large enough for the deepest solves; small ones would spend more
  // time clearing it than solving.
  const std::size_t hash_mb = options.solve_empties >= 16 ? 16 : 2;
  std::vector<Sample> out;
  std::unordered_set<std::uint64_t> seen;  // hashes of positions already kept
  const auto start = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  };
  stats = {};
  const int games = options.wthor ? static_cast<int>(options.wthor->size()) : std::max(0, options.games);
  std::vector<PlayedGame> played(static_cast<std::size_t>(games));
  std::mutex mutex;       // guards `played[].done`, the merge below, stats and progress
  std::atomic<int> next{0};
  std::atomic<bool> out_of_time{false};
  int merged = 0;  // games [0, merged) are in `out`
  // Games join the output in index order, whatever thread finished them, so
  // the deduplication (first occurrence kept) and the output are the same for
  // any thread count.
  auto merge = [&](PlayedGame& game) {
    for (const Sample& s : game.samples) {
      if (!seen.insert(position_key(s.P, s.O)).second) continue;
      out.push_back(s);
      (s.label == Label::Exact ? stats.exact : stats.unlabelled)++;
    }
    stats.solve_seconds += game.solve_seconds;
    ++stats.games;
    std::vector<Sample>().swap(game.samples);
  };
  auto work = [&] {
    EndgameSolver solver(hash_mb);
    std::unique_ptr<Searcher> searcher;
    if (options.search_depth > 0) searcher = std::make_unique<Searcher>(8, 1);
    for (;;) {
      if (options.time_limit_s > 0 && elapsed() > options.time_limit_s) out_of_time = true;
      if (out_of_time) return;
      const int g = next.fetch_add(1);
      if (g >= games) return;
      PlayedGame game;
      if (options.wthor) play_wthor_game(options, g, eval, solver, searcher.get(), game);
      else play_game(options, g, eval, solver, searcher.get(), game);
      std::lock_guard<std::mutex> lock(mutex);
      played[static_cast<std::size_t>(g)] = std::move(game);
      played[static_cast<std::size_t>(g)].done = true;
      while (merged < games && played[static_cast<std::size_t>(merged)].done) {
        merge(played[static_cast<std::size_t>(merged)]);
        ++merged;
        if (progress) progress(stats);
      }
    }
  };
  on_threads(options.threads, work);
  // With a time limit, games after a gap (one still running elsewhere when
  // the time ran out) join at the end, still in index order.
  for (; merged < games; ++merged)
    if (played[static_cast<std::size_t>(merged)].done) merge(played[static_cast<std::size_t>(merged)]);
  return out;
}

int theoretical_score(const WthorGame& game, const Position& pos) {
  const int black = 2 * game.theoretical_black - 64;  // black's disc difference
  return pos.to_move == Color::Black ? black : -black;
}

// ---- labelling search ---------------------------------------------------------

std::uint64_t label_by_search(std::vector<Sample>& samples, int depth, int threads,
                              const Evaluator& eval) {
  std::atomic<std::size_t> next{0};
  std::atomic<std::uint64_t> nodes{0};
  // Chunks of consecutive samples (a game's positions are consecutive, so each
  // search finds the table of the one before it).
  constexpr std::size_t kChunk = 256;
  auto work = [&] {
    Searcher searcher(16, 1);
    SearchOptions opt;
    opt.depth = depth;
    opt.evaluator = &eval;
    std::uint64_t n = 0;
    for (;;) {
      const std::size_t begin = next.fetch_add(kChunk);
      if (begin >= samples.size()) break;
      for (std::size_t i = begin; i < std::min(samples.size(), begin + kChunk); ++i) {
        Sample& x = samples[i];
        if (x.label == Label::Exact) continue;
        const Position pos{x.P, x.O, Color::Black};
        if (pos.is_game_over()) {
          x.score = static_cast<float>(pos.final_score());
        } else {
          const SearchResult r = searcher.search(pos, opt);
          x.score = static_cast<float>(r.score);
          n += r.nodes;
        }
        x.label = Label::Search;
      }
    }
    nodes += n;
  };
  on_threads(threads, work);
  return nodes;
}

int search_to_empties(Bitboard P, Bitboard O, int target_empties, const Evaluator& eval, int alpha,
                      int beta, std::uint64_t& nodes) {
  ++nodes;
  const Bitboard moves = legal_moves(P, O);
  if (!moves) {
    if (!legal_moves(O, P)) return Position{P, O, Color::Black}.final_score() * kEvalScale;
    return -search_to_empties(O, P, target_empties, eval, -beta, -alpha, nodes);
  }
  if (64 - popcount(P | O) <= target_empties) return eval.evaluate(P, O);
  // Order by the opponent's mobility (fewest replies first): cheap and effective.
  struct Child {
    Bitboard p, o;
    int key;
  };
  Child children[kMaxMoves];
  int n = 0;
  for (Bitboard m = moves; m; m &= m - 1) {
    const int sq = lowest_square(m);
    const Bitboard f = flips(sq, P, O);
    const Bitboard np = O & ~f, no = P | f | bit(sq);
    children[n++] = {np, no, popcount(legal_moves(np, no))};
  }
  std::sort(children, children + n, [](const Child& a, const Child& b) { return a.key < b.key; });
  int best = -64 * kEvalScale - 1;
  for (int i = 0; i < n; ++i) {
    const int v = -search_to_empties(children[i].p, children[i].o, target_empties, eval, -beta,
                                     -alpha, nodes);
    if (v > best) {
      best = v;
      if (v > alpha) alpha = v;
      if (alpha >= beta) break;
    }
  }
  return best;
}

// ---- fitting --------------------------------------------------------------------

namespace {

using Row = std::array<std::uint32_t, kNumPlacements>;

Row dense_row(const Sample& s) {
  const Features f = features(s.P, s.O);
  Row r;
  for (int i = 0; i < kNumPlacements; ++i) {
    const int k = placements()[i].kind;
    r[i] = static_cast<std::uint32_t>(dense_offset(k) + dense_index(k, f[i]));
  }
  return r;
}

}  // namespace

std::vector<double> prior_stage(const Weights& w, int stage) {
  const std::size_t n = static_cast<std::size_t>(dense_total());
  std::vector<double> x(n + 1);
  for (std::size_t j = 0; j < n; ++j)
    x[j] = w.values[static_cast<std::size_t>(stage) * n + j] / double(kEvalScale);
  x[n] = w.bias[static_cast<std::size_t>(stage)] / double(kEvalScale);
  return x;
}

std::vector<double> fit_stage(const std::vector<Sample>& samples, int lo, int hi,
                              const TrainOptions& options, double* train_mae,
                              std::span<const double> prior) {
  const std::size_t n = static_cast<std::size_t>(dense_total());
  const std::size_t bias = n;  // the last unknown
  const bool has_prior = !prior.empty();
  if (has_prior && prior.size() != n + 1) return std::vector<double>(n + 1, 0.0);
  std::vector<Row> rows;
  std::vector<double> y;
  for (const Sample& s : samples) {
    if (s.label == Label::None || is_validation(s)) continue;
    const int e = s.empties();
    if (e < lo || e > hi) continue;
    rows.push_back(dense_row(s));
    double target = s.score;
    if (has_prior) {  // the residual the prior leaves: fit x - prior towards zero
      target -= prior[bias];
      for (std::uint32_t c : rows.back()) target -= prior[c];
    }
    y.push_back(target);
  }
  auto add_prior = [&](std::vector<double>& x) {
    if (has_prior)
      for (std::size_t j = 0; j <= n; ++j) x[j] += prior[j];
  };
  if (rows.empty()) {
    std::vector<double> x(n + 1, 0.0);
    add_prior(x);
    return x;
  }
  const std::size_t m = rows.size();
  // A has 46 ones a row (plus the bias column).
  std::vector<double> x = ridge_cg(rows, y, n, options.lambda, options.iterations);
  if (train_mae) {  // (residual targets and corrections: the same errors as the whole)
    double sum = 0;
    for (std::size_t i = 0; i < m; ++i) {
      double a = x[bias];
      for (std::uint32_t c : rows[i]) a += x[c];
      sum += std::abs(a - y[i]);
    }
    *train_mae = sum / static_cast<double>(m);
  }
  add_prior(x);
  return x;
}

namespace {

void store_stage(Weights& w, int stage, const std::vector<double>& x) {
  const std::size_t n = static_cast<std::size_t>(dense_total());
  for (std::size_t j = 0; j < n; ++j) {
    const double v = std::round(x[j] * kEvalScale);
    w.values[stage * n + j] = static_cast<std::int16_t>(std::clamp(v, -32767.0, 32767.0));
  }
  w.bias[stage] = static_cast<std::int32_t>(std::round(x[n] * kEvalScale));
}

}  // namespace

double mean_abs_error(const Evaluator& eval, const std::vector<Sample>& samples,
                      const std::function<bool(const Sample&)>& keep, std::size_t* count) {
  double sum = 0;
  std::size_t c = 0;
  for (const Sample& s : samples) {
    if (s.label == Label::None || !keep(s)) continue;
    sum += std::abs(eval.evaluate(s.P, s.O) / double(kEvalScale) - s.score);
    ++c;
  }
  if (count) *count = c;
  return c ? sum / static_cast<double>(c) : 0.0;
}

Weights train_bootstrap(std::vector<Sample>& samples, const TrainOptions& options,
                        std::vector<StageReport>& report) {
  auto log = [&](const std::string& s) {
    if (options.log) options.log(s);
  };
  Weights w;
  report.assign(kNumStages, {});
  char line[256];
  std::vector<double> prior;
  auto prior_of = [&](int stage) -> std::span<const double> {
    if (!options.prior) return {};
    prior = prior_stage(*options.prior, stage);
    return prior;
  };
  // Pass 1, last stage first: label this stage by searching into the next one
  // (already fitted), then fit it on its own and later positions.
  for (int s = kNumStages - 1; s >= 0; --s) {
    StageReport& rep = report[s];
    rep.stage = s;
    const int lo = stage_min_empties(s), hi = stage_max_empties(s);
    if (s + 1 < kNumStages) {
      const PatternEvaluator current(w);
      std::uint64_t nodes = 0;
      for (Sample& x : samples) {
        const int e = x.empties();
        if (x.label != Label::None || e < lo || e > hi) continue;
        const int v = search_to_empties(x.P, x.O, stage_max_empties(s + 1), current,
                                        -kEvalMax * 2, kEvalMax * 2, nodes);
        x.score = static_cast<float>(v) / kEvalScale;
        x.label = Label::Search;
        ++rep.labelled_by_search;
      }
      std::snprintf(line, sizeof line, "stage %2d: labelled %zu positions by search (%llu nodes)", s,
                    rep.labelled_by_search, static_cast<unsigned long long>(nodes));
      log(line);
    }
    const std::vector<double> x =
        fit_stage(samples, std::max(1, lo - options.window), hi, options, &rep.train_mae,
                  prior_of(s));
    store_stage(w, s, x);
  }
  // Pass 2: every position is labelled now; refit each stage with its window on
  // both sides so that neighbouring stages blend.
  for (int s = kNumStages - 1; s >= 0; --s) {
    const int lo = stage_min_empties(s), hi = stage_max_empties(s);
    const std::vector<double> x = fit_stage(samples, std::max(1, lo - options.window),
                                            std::min(60, hi + options.window), options,
                                            &report[s].train_mae, prior_of(s));
    store_stage(w, s, x);
  }
  const PatternEvaluator final_eval(w);
  for (int s = 0; s < kNumStages; ++s) {
    StageReport& rep = report[s];
    const int lo = stage_min_empties(s), hi = stage_max_empties(s);
    auto in_stage = [&](const Sample& x) { return x.empties() >= lo && x.empties() <= hi; };
    rep.train_mae = mean_abs_error(
        final_eval, samples, [&](const Sample& x) { return in_stage(x) && !is_validation(x); },
        &rep.train);
    rep.valid_mae = mean_abs_error(
        final_eval, samples, [&](const Sample& x) { return in_stage(x) && is_validation(x); },
        &rep.valid);
    std::snprintf(line, sizeof line,
                  "stage %2d (empties %2d-%2d): train %7zu mae %5.2f | valid %6zu mae %5.2f", s, lo,
                  hi, rep.train, rep.train_mae, rep.valid, rep.valid_mae);
    log(line);
  }
  return w;
}

std::string weights_cpp_source(const std::vector<std::uint8_t>& bytes) {
  return embedded_bytes_source(
      "Generated by `reversi-cli weights --emit-cpp` from assets/eval/weights.bin: do not edit.\n"
      "The learned pattern weights compiled into the engine; docs/evaluation.md says how to regenerate them.",
      "reversi::pattern", "embedded_weights", bytes);
}

}  // namespace reversi::pattern
