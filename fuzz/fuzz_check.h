// Shared by the fuzz targets: a property check that stops the fuzzer with a
// message (libFuzzer saves the input as a crash artifact).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include "core/bytes.h"

#define FUZZ_CHECK(cond)                                                              \
  do {                                                                                \
    if (!(cond)) {                                                                    \
      std::fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
      std::fflush(stderr);                                                            \
      __builtin_trap();                                                               \
    }                                                                                 \
  } while (0)

namespace fuzz {

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// A reader of a file with core/bytes.h's checked header: the input checked as it is (the
// checksums refuse almost all of it), then with its header sealed over the body, so that
// the body's own checks are reached too.
template <class Check>
void raw_and_sealed(const std::uint8_t* data, std::size_t size, Check check) {
  std::vector<std::uint8_t> bytes(data, data + size);
  check(bytes);
  if (size < reversi::kCheckedHeaderSize) return;
  reversi::seal_checked_header(bytes);
  check(bytes);
}

}  // namespace fuzz
