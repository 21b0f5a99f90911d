#include "engine/move_quality.h"

#include <algorithm>
#include <cmath>

namespace reversi {

MoveClass classify_move(double loss) {
  loss = std::max(0.0, loss);
  if (loss < kBestDiscs) return MoveClass::Best;
  if (loss < kInaccuracyDiscs) return MoveClass::Good;
  if (loss < kMistakeDiscs) return MoveClass::Inaccuracy;
  if (loss < kBlunderDiscs) return MoveClass::Mistake;
  return MoveClass::Blunder;
}

bool marked_mistake(MoveClass c) { return c == MoveClass::Mistake || c == MoveClass::Blunder; }

std::string_view move_class_name(MoveClass c) {
  switch (c) {
    case MoveClass::Best: return "best";
    case MoveClass::Good: return "good";
    case MoveClass::Inaccuracy: return "inaccuracy";
    case MoveClass::Mistake: return "mistake";
    case MoveClass::Blunder: return "blunder";
  }
  return "best";
}

double move_accuracy(double loss) { return 100.0 * std::exp2(-std::max(0.0, loss) / 4.0); }

double accuracy(std::span<const double> losses) {
  if (losses.empty()) return 100;
  double sum = 0;
  for (double l : losses) sum += move_accuracy(l);
  return sum / double(losses.size());
}

}  // namespace reversi
