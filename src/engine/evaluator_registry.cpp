// The evaluator registry: every evaluator by name, and the default one. A
// function with one branch per evaluator rather than static registrars, which
// the linker would drop (reversi_engine is a static library).
#include <algorithm>

#include "engine/evaluate.h"
#include "engine/pattern.h"

namespace reversi {

std::vector<std::string_view> evaluator_names() { return {"pattern", "handmade"}; }

bool is_evaluator_name(std::string_view name) {
  const std::vector<std::string_view> names = evaluator_names();
  return std::find(names.begin(), names.end(), name) != names.end();
}

const Evaluator* find_evaluator(std::string_view name) {
  static const HandmadeEvaluator handmade;
  if (name == "handmade") return &handmade;
  if (name == "pattern") {  // learned weights (engine/pattern.h); hand-made if they fail to load
    static const PatternEvaluator pattern;
    return &pattern;
  }
  return nullptr;
}

const Evaluator& default_evaluator() {
  const Evaluator* e = find_evaluator(kDefaultEvaluatorName);
  return e ? *e : *find_evaluator("handmade");
}

}  // namespace reversi
