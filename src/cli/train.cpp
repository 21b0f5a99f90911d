// reversi-cli train: bootstrapped least-squares fitting of the pattern weights
// from `datagen` positions (see docs/evaluation.md).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <unordered_set>

#include "cli/command.h"
#include "core/square.h"
#include "lab/feature_gain.h"
#include "lab/pattern_train.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

int run(Args& args) {
  const bool quiet = args.flag("--quiet");
  const auto out = args.option("--out");
  const auto labelled = args.option("--write-labelled");
  const auto lambda = args.option_double("--lambda", 0, 1e6);
  const auto iterations = args.option_int("--iterations", 1, 100000);
  const auto window = args.option_int("--window", 0, 10);
  const auto limit = args.option_int("--limit", 1, 1LL << 40);
  const auto test = args.option("--test");
  const bool by_stage = args.flag("--by-stage");
  const auto label_depth = args.option_int("--label-depth", 1, 30);
  const auto threads = args.option_int("--threads", 1, 64);
  const bool label_result = args.flag("--label-result");
  const auto blend = args.option_double("--label-blend", 0, 1);
  const auto prior_path = args.option("--prior");
  const auto gain = args.option("--feature-gain");
  const auto pattern_text = args.option("--pattern");
  const auto data = args.positional("DATA");
  std::vector<std::string> paths{data ? *data : std::string()};
  while (auto more = args.positional("DATA", false)) paths.push_back(*more);
  if (args.ok() && threads && !label_depth) args.fail("--threads needs --label-depth");
  if (args.ok() && by_stage && !test) args.fail("--by-stage needs --test");
  if (args.ok() && gain && test) args.fail("--feature-gain and --test are two measurements: one at a time");
  if (args.ok() && pattern_text && !gain) args.fail("--pattern needs --feature-gain");
  std::vector<int> pattern;  // --pattern a1,b1,...: distinct squares, at most 10
  if (args.ok() && pattern_text) {
    std::string_view rest = *pattern_text;
    while (args.ok() && !rest.empty()) {
      const std::size_t comma = rest.find(',');
      const std::string_view name = rest.substr(0, comma);
      const auto sq = parse_square(name);
      if (!sq) args.fail("--pattern: '" + std::string(name) + "' is not a square (a1..h8)");
      else if (std::find(pattern.begin(), pattern.end(), int(*sq)) != pattern.end())
        args.fail("--pattern: " + std::string(name) + " is there twice");
      else pattern.push_back(int(*sq));
      rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
    }
    if (args.ok() && (pattern.empty() || pattern.size() > 10)) args.fail("--pattern takes 1 to 10 squares");
  }
  if (args.ok() && blend && !label_depth) args.fail("--label-blend needs --label-depth");
  if (args.ok() && label_result && label_depth)
    args.fail("--label-result and --label-depth are two labels: blend them with --label-blend");
  if (!args.finish()) return args.usage_error();

  // Several files are merged: each file's game numbers follow the previous
  // file's (so that games stay distinct and every tenth is held out), and a
  // position already read from an earlier file is skipped.
  std::vector<pattern::Sample> samples;
  std::unordered_set<std::uint64_t> seen;
  std::uint32_t game_base = 0;
  for (const std::string& path : paths) {
    auto loaded = pattern::read_samples(path);
    if (!loaded) return failure(args.command(), loaded.error());
    if (limit) {  // the first N games of each file (training-size experiments)
      std::erase_if(*loaded, [&](const pattern::Sample& s) { return s.game >= *limit; });
    }
    if (loaded->empty()) return failure(args.command(), "'" + path + "' holds no positions");
    std::uint32_t last = 0;
    for (pattern::Sample& s : *loaded) {
      last = std::max(last, s.game);
      if (paths.size() > 1 && !seen.insert(pattern::position_key(s.P, s.O)).second) continue;
      s.game += game_base;
      samples.push_back(s);
    }
    game_base += last + 1;
  }

  if (test) {  // only measure: mean absolute error against the exact labels, by empties
    auto w = pattern::load_weights_file(*test);
    if (!w) return failure(args.command(), w.error());
    const PatternEvaluator eval(*w);
    const HandmadeEvaluator handmade;
    if (by_stage) {  // by the evaluation's stages, the exact and the searched labels apart
      std::printf("stage  empties | exact: positions   MAE | searched: positions   MAE\n");
      for (int stage = 0; stage < pattern::kNumStages; ++stage) {
        const int lo = pattern::stage_min_empties(stage), hi = pattern::stage_max_empties(stage);
        std::size_t n[2] = {0, 0};
        double mae[2] = {0, 0};
        const pattern::Label kinds[2] = {pattern::Label::Exact, pattern::Label::Search};
        for (int k = 0; k < 2; ++k) {
          mae[k] = pattern::mean_abs_error(eval, samples, [&](const pattern::Sample& s) {
            return s.label == kinds[k] && s.empties() >= lo && s.empties() <= hi;
          }, &n[k]);
        }
        if (n[0] + n[1] == 0) continue;
        char e[16], m0[16] = "     -", m1[16] = "     -";
        std::snprintf(e, sizeof e, "%d-%d", hi, lo);
        if (n[0]) std::snprintf(m0, sizeof m0, "%6.2f", mae[0]);
        if (n[1]) std::snprintf(m1, sizeof m1, "%6.2f", mae[1]);
        std::printf("%5d  %7s | %16zu %s | %19zu %s\n", stage, e, n[0], m0, n[1], m1);
      }
      return kOk;
    }
    for (int lo = 1; lo <= 60; lo += 4) {
      const int hi = lo + 3;
      auto keep = [&](const pattern::Sample& s) {
        return s.label == pattern::Label::Exact && s.empties() >= lo && s.empties() <= hi;
      };
      std::size_t n = 0;
      const double mae = pattern::mean_abs_error(eval, samples, keep, &n);
      if (n == 0) continue;
      std::printf("empties %2d-%2d: %6zu exact positions, MAE %.2f discs (hand-made %.2f)\n", lo, hi, n,
                  mae, pattern::mean_abs_error(handmade, samples, keep));
    }
    return kOk;
  }

  if (gain) {  // only measure: what mobility and parity features would take off the error left
    auto w = pattern::load_weights_file(*gain);
    if (!w) return failure(args.command(), w.error());
    const PatternEvaluator eval(*w);
    std::printf("stage  empties | train: positions  MAE  with | held out: positions  MAE  with  gain\n");
    for (const pattern::FeatureGain& g : pattern::feature_gain(eval, samples, lambda ? *lambda : 30.0, pattern)) {
      char e[32];
      std::snprintf(e, sizeof e, "%d-%d", pattern::stage_max_empties(g.stage), pattern::stage_min_empties(g.stage));
      std::printf("%5d  %7s | %16zu %5.2f %5.2f | %19zu %5.2f %5.2f %5.2f\n", g.stage, e, g.train, g.train_before,
                  g.train_after, g.valid, g.valid_before, g.valid_after, g.valid_before - g.valid_after);
    }
    return kOk;
  }

  pattern::TrainOptions o;
  std::optional<pattern::Weights> prior;
  if (prior_path) {  // read before any labelling, so that a bad file costs nothing
    auto w = pattern::load_weights_file(*prior_path);
    if (!w) return failure(args.command(), w.error());
    prior = std::move(*w);
    o.prior = &*prior;
  }
  if (lambda) o.lambda = *lambda;
  if (iterations) o.iterations = static_cast<int>(*iterations);
  if (window) o.window = static_cast<int>(*window);
  if (!quiet) o.log = [](const std::string& s) { std::fprintf(stderr, "train: %s\n", s.c_str()); };
  // The game's result, which `datagen --search-depth` writes as the score of the
  // positions before the solve point (perfect play from there on).
  std::vector<std::size_t> unlabelled;
  for (std::size_t i = 0; i < samples.size(); ++i)
    if (samples[i].label == pattern::Label::None) unlabelled.push_back(i);
  std::vector<float> result;
  for (std::size_t i : unlabelled) result.push_back(samples[i].score);
  if (label_result) {
    for (pattern::Sample& s : samples)
      if (s.label == pattern::Label::None) s.label = pattern::Label::Search;
    if (o.log) o.log("labelled every unlabelled position with its game's result");
  }
  if (label_depth) {  // every position without an exact label: a deeper search than the bootstrap's
    const auto start = std::chrono::steady_clock::now();
    const std::uint64_t nodes = pattern::label_by_search(
        samples, static_cast<int>(*label_depth), threads ? static_cast<int>(*threads) : 1,
        default_evaluator());
    if (o.log) {
      o.log("labelled every inexact position by a depth-" + std::to_string(*label_depth) +
            " search: " + std::to_string(nodes) + " nodes, " +
            std::to_string(std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
                               .count()) +
            " s");
    }
    if (blend) {  // W x the game's result + (1 - W) x the search's value
      for (std::size_t k = 0; k < unlabelled.size(); ++k) {
        pattern::Sample& s = samples[unlabelled[k]];
        s.score = static_cast<float>(*blend * result[k] + (1 - *blend) * s.score);
      }
      if (o.log) o.log("blended: " + std::to_string(*blend) + " x the game's result + the rest x the search");
    }
  }
  std::vector<pattern::StageReport> report;
  const pattern::Weights w = pattern::train_bootstrap(samples, o, report);

  double tv = 0;
  std::size_t nv = 0;
  for (const auto& r : report) tv += r.valid_mae * r.valid, nv += r.valid;
  const std::vector<std::uint8_t> bytes = pattern::encode_weights(w);
  std::printf("%zu positions, validation MAE %.2f discs over %zu held-out positions; weights %zu bytes\n",
              samples.size(), nv ? tv / nv : 0.0, nv, bytes.size());
  if (out) {
    if (Status s = pattern::save_weights_file(w, *out); !s) return failure(args.command(), s.error());
  }
  if (labelled) {
    if (Status s = pattern::write_samples(samples, *labelled); !s)
      return failure(args.command(), s.error());
  }
  return kOk;
}

const CommandRegistrar registrar{{"train", "fit the pattern evaluation's weights to datagen positions",
    "usage: reversi-cli train [--out WEIGHTS.bin] [--write-labelled FILE]\n"
    "                         [--lambda L] [--iterations N] [--window W] [--limit GAMES]\n"
    "                         [--label-depth D [--threads T] [--label-blend W] | --label-result]\n"
    "                         [--prior WEIGHTS.bin] [--quiet] DATA...\n"
    "       reversi-cli train --test WEIGHTS.bin [--by-stage] DATA...\n"
    "       reversi-cli train --feature-gain WEIGHTS.bin [--pattern SQUARES] [--lambda L] DATA...\n\n"
    "Fits the weights stage by stage from the end of the game: positions without a label get\n"
    "one by searching into the next (already fitted) stage; then every stage is refitted with\n"
    "W plies of its neighbours (conjugate gradient on the L2-regularised least-squares\n"
    "problem, N iterations, lambda L). Every tenth game is held out; the validation mean\n"
    "absolute error (discs) is printed per stage. --out writes the weight file, unrounded\n"
    "(to ship it: `reversi-cli weights --quantise 8 FILE --out assets/eval/weights.bin\n"
    "--emit-cpp src/engine/weights_data.cpp`, as tools/make-weights.sh does).\n"
    "Several DATA files are merged (a position already in an earlier file is skipped; game\n"
    "numbers follow on). --limit uses only the first GAMES games of each file.\n"
    "--test WEIGHTS.bin: only print the mean absolute error of those weights against DATA's\n"
    "exact labels, by empties; with --by-stage, by the evaluation's 12 stages (5 empties\n"
    "each), against the exact and the searched ('s') labels apart (reversi-cli testset's set).\n"
    "--label-depth D: first label every position without an exact label by a D-ply midgame\n"
    "search with today's evaluation (the embedded weights, or REVERSI_PATTERN_WEIGHTS), on T\n"
    "threads; the bootstrap then has nothing left to label.\n"
    "--label-result: label them with their game's result instead (the score `datagen\n"
    "--search-depth` writes for them: perfect play from its solve point); --label-blend W\n"
    "(with --label-depth): W x the result + (1 - W) x the search's value.\n"
    "--prior WEIGHTS.bin: fit each stage as a correction to that file's stage (the L2 term\n"
    "pulls towards it instead of towards zero): what the data does not show keeps its value.\n"
    "--feature-gain WEIGHTS.bin: only measure how much mobility, potential mobility (one-hot)\n"
    "and parity, per stage, would take off the error those weights leave: a ridge fit (lambda\n"
    "L, default 30) of that error on DATA's training games, measured on its held-out ones.\n"
    "--pattern a1,b1,...: and a pattern not in the evaluation's set (1 to 10 squares, read in\n"
    "the board's 8 symmetries into one table), to see what it would add.\n"
    " Defaults: L=3, N=80, W=2.\n",
    run}};

}  // namespace
