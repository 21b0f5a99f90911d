// reversi-cli weights: a pattern weight file re-saved in the current format,
// optionally quantised, as C++ source, or compared with another weight file.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include "cli/command.h"
#include "core/file.h"
#include "core/wthor.h"
#include "engine/pattern.h"
#include "lab/pattern_train.h"

namespace {

using namespace reversi;
using namespace reversi::cli;

// The positions of WTHOR games (side to move with a legal move), for comparing two evaluations.
Expected<std::vector<Position>> game_positions(const std::vector<std::string>& paths) {
  std::vector<Position> out;
  for (const std::string& path : paths) {
    Expected<WthorFile> file = load_wthor(path);
    if (!file) return Error{file.error()};
    for (const WthorGame& g : file->games) {
      Position p = Position::initial();
      for (Square s : g.moves) {
        p = p.settled();
        if (!p.is_legal(s)) break;
        out.push_back(p);
        p = p.play(s);
      }
    }
  }
  return out;
}

int run(Args& args) {
  const auto out = args.option("--out");
  const auto emit_cpp = args.option("--emit-cpp");
  const auto step = args.option_int("--quantise", 1, 4096);
  const auto compare = args.option("--compare");
  const auto in = args.positional("WEIGHTS");
  std::vector<std::string> wthor;
  while (auto p = args.positional("WTHOR", false)) wthor.push_back(*p);
  if (!args.finish()) return args.usage_error();
  if (!compare && !wthor.empty()) return failure(args.command(), "WTHOR files need --compare");

  Expected<pattern::Weights> w = pattern::load_weights_file(*in);
  if (!w) return failure(args.command(), w.error());
  if (step) *w = pattern::quantise_weights(*w, static_cast<int>(*step));
  const std::vector<std::uint8_t> bytes = pattern::encode_weights(*w);
  std::size_t nonzero = 0;
  for (std::int16_t v : w->values) nonzero += v != 0;
  std::printf("%zu weights, %zu non-zero; %zu bytes in the current format\n", w->values.size(),
              nonzero, bytes.size());

  if (compare) {
    Expected<pattern::Weights> other = pattern::load_weights_file(*compare);
    if (!other) return failure(args.command(), other.error());
    if (wthor.empty()) return failure(args.command(), "--compare needs WTHOR game files");
    Expected<std::vector<Position>> positions = game_positions(wthor);
    if (!positions) return failure(args.command(), positions.error());
    if (positions->empty()) return failure(args.command(), "the WTHOR files hold no positions");
    const PatternEvaluator a(*w), b(*other);
    double sum = 0;
    int worst = 0;
    for (const Position& p : *positions) {
      const int d = std::abs(a.evaluate(p.player, p.opponent) - b.evaluate(p.player, p.opponent));
      sum += d;
      worst = std::max(worst, d);
    }
    std::printf("%zu positions: mean |difference| %.4f discs, largest %.3f discs\n",
                positions->size(), sum / static_cast<double>(positions->size()) / kEvalScale,
                static_cast<double>(worst) / kEvalScale);
  }
  if (out) {
    if (Status s = pattern::save_weights_file(*w, *out); !s) return failure(args.command(), s.error());
  }
  if (emit_cpp) {
    std::ofstream f(*emit_cpp);
    f << pattern::weights_cpp_source(bytes);
    if (!f) return failure(args.command(), "cannot write '" + *emit_cpp + "'");
  }
  return kOk;
}

const CommandRegistrar registrar{
    {"weights", "re-save, quantise or compare pattern weight files",
     "usage: reversi-cli weights [--quantise STEP] [--out FILE] [--emit-cpp FILE]\n"
     "                           [--compare OTHER] WEIGHTS [WTHOR...]\n\n"
     "Reads a pattern weight file (any version) and prints its size in the current format.\n"
     "  --quantise STEP  round the weights to multiples of STEP (1..4096, in 1/128 disc)\n"
     "  --out FILE       write the (quantised) weights in the current format\n"
     "  --emit-cpp FILE  write them as the engine's compiled-in source (weights_data.cpp)\n"
     "  --compare OTHER  mean and largest |difference| in discs between the evaluations of\n"
     "                   these weights and OTHER's over every position of the WTHOR games\n",
     run}};

}  // namespace
