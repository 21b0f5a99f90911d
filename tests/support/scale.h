// The size of the slow checks: REVERSI_SCALE_DIVISOR=N runs 1/N of each (CI samples
// them this way; the complete runs are the plain `ctest` / scripts/test.sh on a
// machine without CI set, see README "Tests").
#pragma once

#include <cstdlib>

namespace reversi {

inline int test_scale_divisor() {
  const char* d = std::getenv("REVERSI_SCALE_DIVISOR");
  const int n = d ? std::atoi(d) : 1;
  return n > 0 ? n : 1;
}

}  // namespace reversi
