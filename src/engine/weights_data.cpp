// The learned pattern weights compiled into the engine (no file I/O needed, e.g.
// in the Web Worker). Empty until trained: the evaluator then falls back to the
// hand-made evaluation. Regenerate with `reversi-cli train ... --emit-cpp` (see
// docs/evaluation.md); the bytes are those of assets/eval/weights.bin.
#include <cstdint>
#include <span>

namespace reversi::pattern {

std::span<const std::uint8_t> embedded_weights() { return {}; }

}  // namespace reversi::pattern
