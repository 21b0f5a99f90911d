// NBoard protocol command lines (engine/nboard): whole sessions, one command a
// line, through NBoardEngine::handle. "go" and "hint" search only while the depth
// is at most kSearchDepth (deeper ones are skipped: the parsing of their
// arguments is the same code either way), so a run stays fast.
// Properties: a line answered with "status error" leaves the position, depth and
// name untouched; every move the engine answers is legal in its position.
#include <sstream>

#include "core/notation.h"
#include "engine/nboard.h"
#include "fuzz_check.h"

using namespace reversi;

namespace {

constexpr int kSearchDepth = 4;
constexpr int kMaxSearches = 3;
constexpr std::size_t kMaxLines = 64;

std::string_view first_word(std::string_view line) {
  std::size_t i = 0;
  while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
  std::size_t j = i;
  while (j < line.size() && !std::isspace(static_cast<unsigned char>(line[j]))) ++j;
  return line.substr(i, j - i);
}

// A move as the engine writes it ("F5", "PA") is legal in `p`.
bool legal_answer(const Position& p, std::string_view text) {
  if (text == "PA") return p.must_pass();
  const auto sq = parse_square(text);
  return sq && p.is_legal(*sq);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // One engine for the whole run (its transposition tables are large); each input
  // starts from the same state.
  static std::ostringstream out;
  static NBoardEngine engine(out);
  engine.handle("set depth 12");
  engine.handle("set myname Reversi");
  engine.handle("set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *];)");
  FUZZ_CHECK(engine.position() == Position::initial() && engine.depth() == 12 && engine.name() == "Reversi");

  std::string_view input = fuzz::text(data, size);
  int searches = 0;
  for (std::size_t lines = 0; !input.empty() && lines < kMaxLines; ++lines) {
    const std::size_t newline = input.find('\n');
    const std::string_view line = input.substr(0, newline);
    input = newline == std::string_view::npos ? std::string_view{} : input.substr(newline + 1);

    const std::string_view command = first_word(line);
    if (command == "go" || command == "hint") {
      if (engine.depth() > kSearchDepth || searches >= kMaxSearches) continue;
      ++searches;
    }
    const Position position = engine.position();
    const int depth = engine.depth();
    const std::string name = engine.name();
    out.str("");
    const bool more = engine.handle(line);
    const std::string response = out.str();

    std::istringstream responses(response);
    for (std::string r; std::getline(responses, r);) {
      if (r.rfind("status error", 0) == 0) {
        FUZZ_CHECK(engine.position() == position);
        FUZZ_CHECK(engine.depth() == depth);
        FUZZ_CHECK(engine.name() == name);
      }
      if (r.rfind("=== ", 0) == 0) FUZZ_CHECK(legal_answer(position, r.substr(4, r.find('/') - 4)));
      if (r.rfind("search ", 0) == 0) {
        const std::string move = r.substr(7, r.find(' ', 7) - 7);
        FUZZ_CHECK(legal_answer(position, move));
      }
    }
    FUZZ_CHECK(engine.depth() >= 1 && engine.depth() <= 60);
    if (!more) break;
  }
  return 0;
}
