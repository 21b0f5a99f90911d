// The pattern weights' file format (engine/pattern's Weights), version 2.
//
// Header (26 bytes, little-endian): magic "RVPW", version (u16), kinds (u8),
// stages (u8), pattern-set fingerprint (u32), dense table size n (u32), payload
// length (u32), FNV-1a checksum (u32) of everything after it, quantisation step
// (u16). Payload: the 12 per-stage biases as zigzag varints, then every stage's n
// weights divided by the step, coded with an adaptive binary range coder (LZMA
// style, 12-bit probabilities). Each weight is binarised as zero?, sign, bit
// length (unary), mantissa bits; the zero, sign and length decisions are
// modelled in the context of the same index's weight in the previous stage and
// the previous index's weight in this stage (each as sign x bit length, capped).
//
// The step is the largest common divisor of the weights, so coding is lossless:
// a table rounded with quantise_weights() codes smaller because its step is
// larger. Version 1 files (zero runs and varints, no step) are still read.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/expected.h"

namespace reversi::pattern {

struct Weights;  // engine/pattern.h

std::vector<std::uint8_t> encode_weights(const Weights& w);
Expected<Weights> decode_weights(std::span<const std::uint8_t> bytes);
Expected<Weights> load_weights_file(const std::string& path);
Status save_weights_file(const Weights& w, const std::string& path);

// The weights rounded to multiples of `step` (1..4096; ties away from zero), the
// biases unchanged: a smaller file at some cost in accuracy.
Weights quantise_weights(const Weights& w, int step);

}  // namespace reversi::pattern
