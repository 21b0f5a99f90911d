// The NBoard protocol (the engine side), as spoken by the NBoard GUI and other
// Othello front ends: one command a line in, one response a line out. The
// engine is a plain object over streams so tests drive it with string streams;
// `reversi-cli nboard` connects it to stdin and stdout.
//
// Commands: nboard V, set depth N, set game GGF, set contempt N, set myname S,
// move M[/eval/time], hint N, go, ping N, learn, nodestats, quit. Responses:
// "pong N", "=== MOVE/EVAL/TIME", "search MOVE EVAL 0 DEPTH", "nodestats NODES
// SECONDS", "learned", "set myname NAME", "status TEXT". Unknown commands are
// ignored (as the protocol asks); malformed arguments get one
// "status error: ..." line and leave the state unchanged.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/expected.h"
#include "core/game_text.h"  // parse_ggf: `set game` reads GGF
#include "core/position.h"

namespace reversi {

class Searcher;
struct SearchOptions;

class NBoardEngine {
 public:
  explicit NBoardEngine(std::ostream& out);
  ~NBoardEngine();

  // Handles one line. Returns false for "quit" (the caller stops reading).
  bool handle(std::string_view line);
  // Reads and handles lines until end of input or "quit".
  void run(std::istream& in);

  const Position& position() const { return position_; }
  int depth() const { return depth_; }
  const std::string& name() const { return name_; }

 private:
  void error(std::string_view message);
  void go();
  void hint(int n);
  SearchOptions options() const;

  std::ostream& out_;
  std::unique_ptr<Searcher> searcher_;
  Position position_ = Position::initial();
  int depth_ = 12;
  double contempt_ = 0;
  std::string name_ = "Reversi";
  std::uint64_t last_nodes_ = 0;
  double last_seconds_ = 0;
};

}  // namespace reversi
