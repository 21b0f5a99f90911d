// The NBoard protocol engine, driven through string streams.
#include <catch2/catch.hpp>
#include <sstream>

#include "core/notation.h"
#include "engine/nboard.h"

using namespace reversi;

namespace {

// The protocol document's example game.
const char* kExampleGame =
    "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]"
    "BO[8 ---------------------------O*------*O--------------------------- *]"
    "B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

bool has_prefix(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

}  // namespace

TEST_CASE("GGF games parse to the final position", "[nboard]") {
  auto g = parse_ggf(kExampleGame);
  REQUIRE(g.ok());
  CHECK(g->start == Position::initial());
  CHECK(g->moves.size() == 8);
  const auto moves = parse_transcript("f5f6d3c5e6f7e7f4");
  REQUIRE(moves.ok());
  Position p = Position::initial();
  for (Square m : *moves) p = p.play(m);
  CHECK(g->final == p);
  CHECK(g->final.to_move == Color::Black);

  CHECK(parse_ggf("(;GM[Othello]BO[8 ---------------------------O*------*O--------------------------- *]"
                  "B[f5/1.5/0.2]W[pa];)")
            .ok() == false);  // a pass that is not forced
  CHECK_FALSE(parse_ggf("").ok());
  CHECK_FALSE(parse_ggf("(;GM[Othello]BO[10 ---];)").ok());
  CHECK_FALSE(parse_ggf("(;BO[8 ---------------------------O*------*O--------------------------- *]B[a1];)").ok());
  CHECK_FALSE(parse_ggf("(;BO[8 ---------------------------O*------*O--------------------------- *]W[f5];)").ok());
  CHECK_FALSE(parse_ggf("(;BO[8 -----------------------------O*------*O--------------------------- *];)").ok());
  CHECK_FALSE(parse_ggf("(;BO[8 ---------------------------O*------*O--------------------------- *]B[f5").ok());
}

TEST_CASE("the protocol's example session", "[nboard]") {
  std::ostringstream out;
  NBoardEngine engine(out);
  std::istringstream in(std::string("nboard 2\nset game ") + kExampleGame +
                        "\nset depth 6\nping 1\ngo\n");
  engine.run(in);
  const auto lines = lines_of(out.str());
  REQUIRE(lines.size() >= 4);
  CHECK(has_prefix(lines[0], "set myname "));
  CHECK(lines[1] == "pong 1");
  CHECK(engine.depth() == 6);
  // The answer: a legal move of the final position, with eval and time.
  std::string answer;
  bool nodestats = false;
  for (const auto& l : lines) {
    if (has_prefix(l, "=== ")) answer = l.substr(4);
    if (has_prefix(l, "nodestats ")) nodestats = true;
  }
  CHECK(nodestats);
  REQUIRE(!answer.empty());
  const std::string move = answer.substr(0, answer.find('/'));
  const auto sq = parse_square(move);
  REQUIRE(sq.has_value());
  CHECK(engine.position().is_legal(*sq));
  CHECK(std::count(answer.begin(), answer.end(), '/') == 2);
  // "go" does not change the position: the GUI sends "move" for that.
  auto g = parse_ggf(kExampleGame);
  CHECK(engine.position() == g->final);
}

TEST_CASE("move, hint, learn, nodestats, contempt, myname", "[nboard]") {
  std::ostringstream out;
  NBoardEngine engine(out);
  engine.handle("nboard 2");
  engine.handle("set depth 4");
  engine.handle("move F5");
  CHECK(engine.position() == Position::initial().play(F5));
  engine.handle("move d6/0.5/1.2");
  CHECK(engine.position() == Position::initial().play(F5).play(D6));
  out.str("");
  engine.handle("hint 3");
  int searches = 0;
  for (const auto& l : lines_of(out.str())) {
    if (!has_prefix(l, "search ")) continue;
    ++searches;
    std::istringstream ls(l);
    std::string word, mv, zero;
    double eval;
    int depth;
    ls >> word >> mv >> eval >> zero >> depth;
    CHECK(zero == "0");
    CHECK(depth == 4);
    CHECK(engine.position().is_legal(*parse_square(mv)));
  }
  CHECK(searches == 3);
  out.str("");
  engine.handle("learn");
  CHECK(out.str() == "learned\n");
  out.str("");
  engine.handle("nodestats");
  CHECK(has_prefix(out.str(), "nodestats "));
  out.str("");
  engine.handle("set contempt 2");
  engine.handle("set myname Tester");
  CHECK(out.str() == "set myname Tester\n");
  CHECK(engine.name() == "Tester");
}

TEST_CASE("malformed and unknown lines", "[nboard]") {
  std::ostringstream out;
  NBoardEngine engine(out);
  engine.handle("set game " + std::string(kExampleGame));
  const Position before = engine.position();
  out.str("");
  const char* bad[] = {"set game (;GM[Othello]BO[8 xyz];)", "set game garbage", "move z9", "move a1",
                       "set depth abc", "set depth 0", "ping", "hint x", "hint 0", "nboard two",
                       "set contempt x",
                       // numbers are strict: the whole word, in range
                       "set depth 12abc", "set depth +5", "set depth 99999999999", "set depth 6 7",
                       "hint 3x", "ping 1.5", "nboard 2abc", "set contempt 2x", "set contempt inf"};
  for (const char* line : bad) {
    out.str("");
    CHECK(engine.handle(line));
    INFO(line);
    CHECK(has_prefix(out.str(), "status error: "));
    CHECK(lines_of(out.str()).size() == 1);
    CHECK(engine.position() == before);
  }
  out.str("");
  CHECK(engine.handle("frobnicate 12"));
  CHECK(engine.handle("   "));
  CHECK(engine.handle("set unknown-thing 5"));
  CHECK(out.str().empty());
  CHECK_FALSE(engine.handle("quit"));
  // A forced pass: the engine answers PA.
  std::ostringstream out2;
  NBoardEngine e2(out2);
  e2.handle("set game (;GM[Othello]BO[8 *************************************************************OO- O];)");
  e2.handle("go");
  CHECK(out2.str().find("=== PA") != std::string::npos);
}
