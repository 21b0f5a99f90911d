// Player names with level options (engine/level.cpp via make_player), e.g.
// "level-3+depth=12+nompc". Options that read a file (weights=FILE) are skipped:
// they would open whatever path the fuzzer makes up (the weight files' contents
// have their own target, fuzz_weights).
// Property: an accepted name is the player's name(), and that name is accepted
// again, giving the same name.
#include "engine/player.h"
#include "fuzz_check.h"

using namespace reversi;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view name = fuzz::text(data, size);
  if (size > 200 || name.find("weights=") != std::string_view::npos) return 0;
  const auto player = make_player(name, 1);
  if (!player) {
    FUZZ_CHECK(!player.error().empty());
    return 0;
  }
  FUZZ_CHECK(*player != nullptr);
  const std::string printed = (*player)->name();
  const auto again = make_player(printed, 1);
  FUZZ_CHECK(again.ok());
  FUZZ_CHECK((*again)->name() == printed);
  return 0;
}
