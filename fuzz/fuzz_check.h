// Shared by the fuzz targets: a property check that stops the fuzzer with a
// message (libFuzzer saves the input as a crash artifact).
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <string_view>

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

}  // namespace fuzz
