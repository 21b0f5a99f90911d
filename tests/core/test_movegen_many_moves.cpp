// Boards with more legal moves than any position reached in play (33 at most):
// typed-in boards (NBoard's BO[], a board string, the board editor) can have
// 35 and more. Every move buffer is sized by kMaxMoves (core/movegen.h); these
// tests send such boards through every player, the search, the solver, the
// NBoard protocol and the worker's request path. Under AddressSanitizer (CI's
// second build) any buffer still sized for fewer moves is reported.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <sstream>
#include <thread>
#include <vector>

#include "core/notation.h"
#include "core/random_positions.h"
#include "engine/endgame.h"
#include "engine/nboard.h"
#include "engine/player.h"
#include "engine/search.h"
#if __has_include("platform/web_ai_protocol.h")
#include "platform/web_ai_protocol.h"
#endif

using namespace reversi;

namespace {

// Found by hill climbing on the mover's mobility: 35 legal moves for X.
constexpr const char* kBoard35 =
    "--X------OOXO-O---OXXXO----O-OX--OX-X-O--OXO-XO--OO-OXO-----X--- X";

// More boards: hill climbing on the mover's mobility from arbitrary boards (a
// deterministic search, so the boards are the same on every run), kept once
// they reach `at_least` legal moves.
std::vector<Position> many_move_boards(int count, int at_least) {
  std::vector<Position> out;
  RandomPositions rng(2026);
  while (int(out.size()) < count) {
    const Position start = rng.arbitrary_board();
    Bitboard P = start.player, O = start.opponent;
    int best = popcount(legal_moves(P, O));
    for (int step = 0; step < 20000 && best < at_least; ++step) {
      const Bitboard b = bit(Square(rng.next() % 64));
      Bitboard p = P & ~b, o = O & ~b;
      const auto r = rng.next() % 3;
      if (r == 0) p |= b;
      else if (r == 1) o |= b;
      const int m = popcount(legal_moves(p, o));
      if (m >= best) P = p, O = o, best = m;
    }
    if (best >= at_least) out.push_back(Position{P, O, out.size() % 2 ? Color::White : Color::Black});
  }
  return out;
}

std::vector<Position> test_boards() {
  auto parsed = parse_board_string(kBoard35);
  REQUIRE(parsed.ok());
  std::vector<Position> boards = {*parsed};
  for (const Position& p : many_move_boards(4, 33)) boards.push_back(p);
  return boards;
}

// A GGF game starting from `p` (BO[8 <squares> <side>], * black, O white).
std::string ggf_of(const Position& p) {
  std::string squares;
  for (int s = 0; s < 64; ++s) {
    const Cell c = p.at(Square(s));
    squares += c == Cell::Black ? '*' : c == Cell::White ? 'O' : '-';
  }
  return "(;GM[Othello]PC[test]BO[8 " + squares + (p.to_move == Color::Black ? " *" : " O") + "];)";
}

}  // namespace

TEST_CASE("many-move boards: the test boards have 33 or more legal moves", "[many-moves]") {
  const auto boards = test_boards();
  CHECK(popcount(boards[0].legal_moves()) == 35);
  for (const Position& p : boards) {
    INFO(to_board_string(p));
    CHECK(popcount(p.legal_moves()) >= 33);
    CHECK(popcount(p.legal_moves()) <= kMaxMoves);
  }
}

TEST_CASE("many-move boards: every player returns a legal move", "[many-moves][players]") {
  SearchLimits limits;
  limits.time_ms = 40;
  for (const Position& p : test_boards()) {
    for (const PlayerInfo& info : player_list()) {
      INFO(info.name << " on " << to_board_string(p));
      auto r = choose_with(info.name, 7, p, limits);
      REQUIRE(r.ok());
      CHECK(p.is_legal(r->move));
    }
  }
}

TEST_CASE("many-move boards: the search, its move ranking and the solver", "[many-moves][search]") {
  Searcher searcher(4, 4);
  for (const Position& p : test_boards()) {
    INFO(to_board_string(p));
    SearchOptions o;
    o.depth = 5;
    const SearchResult r = searcher.search(p, o);
    CHECK(p.is_legal(r.move));
    for (Square s : r.pv) CHECK(is_board_square(s));

    o.depth = 3;
    const auto ranked = searcher.rank_moves(p, o, 64);
    CHECK(int(ranked.size()) == popcount(p.legal_moves()));
    for (const auto& m : ranked) CHECK(p.is_legal(m.move));

    EndgameSolver solver(4);
    SolveOptions so;
    so.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(150);
    const SolveResult s = solver.solve(p, so);
    if (s.complete) CHECK(p.is_legal(s.best));
    if (s.probable_best != NO_SQUARE) CHECK(p.is_legal(s.probable_best));

    std::atomic<bool> stop{false};
    std::thread stopper([&] {
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
      stop = true;
    });
    const SolveResult w = solve_wld(solver, p, &stop);
    stopper.join();
    if (w.complete) CHECK(p.is_legal(w.best));
  }
}

TEST_CASE("many-move boards: NBoard's set game with BO[] then go and hint", "[many-moves][nboard]") {
  for (const Position& p : test_boards()) {
    INFO(to_board_string(p));
    std::ostringstream out;
    NBoardEngine engine(out);
    engine.handle("nboard 2");
    engine.handle("set depth 4");
    engine.handle("set game " + ggf_of(p));
    REQUIRE(engine.position() == p);
    engine.handle("go");
    const std::string text = out.str();
    const auto at = text.find("=== ");
    REQUIRE(at != std::string::npos);
    const auto move = parse_square(text.substr(at + 4, 2));
    REQUIRE(move.has_value());
    CHECK(p.is_legal(*move));

    out.str("");
    engine.handle("hint 64");
    std::istringstream lines(out.str());
    int searches = 0;
    for (std::string line; std::getline(lines, line);) {
      if (line.rfind("search ", 0) != 0) continue;
      ++searches;
      const auto sq = parse_square(line.substr(7, 2));
      REQUIRE(sq.has_value());
      CHECK(p.is_legal(*sq));
    }
    CHECK(searches == popcount(p.legal_moves()));
  }
}

#if __has_include("platform/web_ai_protocol.h")
TEST_CASE("many-move boards: the worker's request path (protocol and request runner)",
          "[many-moves][protocol]") {
  for (const Position& p : test_boards()) {
    for (const char* player : {"first-legal", "weighted", "level-6", "level-12"}) {
      INFO(player << " on " << to_board_string(p));
      MoveRequest request;
      request.id = 41;
      request.player = player;
      request.position = p;
      request.limits.time_ms = 60;
      const auto decoded = web::decode_request(web::encode(request));
      REQUIRE(decoded.ok());
      CHECK(decoded->position == p);
      auto result = choose_with(decoded->player, decoded->seed, decoded->position, decoded->limits);
      REQUIRE(result.ok());
      const MoveReply reply = make_reply(decoded->id, std::move(result));
      const auto back = web::decode_reply(web::encode(reply));
      REQUIRE(back.ok());
      CHECK(back->id == 41);
      CHECK(back->error.empty());
      CHECK(p.is_legal(back->result.move));
    }
  }
}
#endif

namespace {
// A player that answers a fixed square, legal or not.
class FixedPlayer final : public Player {
 public:
  explicit FixedPlayer(Square s) : s_(s) {}
  std::string name() const override { return "fixed"; }
  SearchResult choose(const Position&, const SearchLimits&) override {
    SearchResult r;
    r.move = s_;
    return r;
  }

 private:
  Square s_;
};
}  // namespace

TEST_CASE("choose_checked: an illegal answer or a needless pass is reported, never played",
          "[players]") {
  const Position start = Position::initial();
  FixedPlayer illegal(A1), pass(PASS), legal(D3);
  auto r = choose_checked(illegal, start, {});
  REQUIRE_FALSE(r.ok());
  CHECK(r.error() == "player 'fixed' chose a1 in black's position, which is not a legal move");
  CHECK_FALSE(choose_checked(pass, start, {}).ok());
  REQUIRE(choose_checked(legal, start, {}).ok());
  // A pass is right exactly when the side to move has no move.
  auto p = parse_board_string(std::string(62, 'X') + "O- O");
  REQUIRE(p.ok());
  REQUIRE(p->must_pass());
  CHECK(choose_checked(pass, *p, {}).ok());
  CHECK_FALSE(choose_checked(legal, *p, {}).ok());
  CHECK(choose_with("first-legal", 1, *parse_board_string(std::string(64, 'X') + " O"), {})
            .error() == "no move to find: the game is over");
  CHECK_FALSE(choose_with("nobody", 1, start, {}).ok());
}
