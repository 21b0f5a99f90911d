// Training data from WTHOR games (GenOptions::wthor): determinism, legality and
// reachability of the positions, exact labels, the theoretical labels.
#include <catch2/catch.hpp>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "core/position.h"
#include "core/wthor.h"
#include "engine/endgame.h"
#include "lab/pattern_train.h"

using namespace reversi;
// In the namespace, not `using namespace`: no name of it reaches the next file of a unit.
namespace reversi::pattern {

namespace {

std::vector<WthorGame> sample_games(const char* leaf, std::size_t count) {
  auto file = load_wthor(std::string(REVERSI_SOURCE_DIR) + "/data/wthor/" + leaf);
  REQUIRE(file);
  std::vector<WthorGame> games = std::move(file->games);
  if (games.size() > count) games.resize(count);
  return games;
}

// The positions of a game's line (after forced passes), by empties.
std::map<int, Position> line_positions(const WthorGame& g) {
  std::map<int, Position> line;
  Position pos = Position::initial();
  for (std::size_t i = 0; i <= g.moves.size(); ++i) {
    if (!pos.has_legal_move()) {
      if (pos.is_game_over()) break;
      pos = pos.pass();
    }
    line[pos.empty_count()] = pos;
    if (i == g.moves.size()) break;
    pos = pos.play(g.moves[i]);
  }
  return line;
}

// `to` follows `from` by one move (and a forced pass of the other side).
bool is_child(Bitboard fP, Bitboard fO, Bitboard tP, Bitboard tO) {
  const Position p{fP, fO, Color::Black};
  for (Bitboard m = p.legal_moves(); m; m &= m - 1) {
    const Position c = p.play(Square(lowest_square(m)));
    if (c.player == tP && c.opponent == tO) return true;
    if (c.must_pass() && c.opponent == tP && c.player == tO) return true;
  }
  return false;
}

GenOptions wthor_options(const std::vector<WthorGame>& games) {
  GenOptions o;
  o.wthor = &games;
  o.seed = 11;
  o.solve_empties = 10;
  o.wthor_rest_solve_empties = 6;
  o.wthor_theoretical_empties = 24;
  return o;
}

}  // namespace

TEST_CASE("pattern wthor: the data is a function of the seed, whatever the thread count",
          "[pattern]") {
  const std::vector<WthorGame> games = sample_games("WTH_1983.wtb", 40);
  GenOptions o = wthor_options(games);
  o.wthor_solve_share = 0.5;
  o.wthor_branch_share = 0.5;
  GenStats s1, s3, s_other;
  o.threads = 1;
  const std::vector<Sample> one = generate_samples(o, s1);
  o.threads = 3;
  const std::vector<Sample> three = generate_samples(o, s3);
  REQUIRE(s1.games == 40);
  REQUIRE(s3.games == 40);
  REQUIRE(one.size() == three.size());
  CHECK(one == three);
  // Another seed draws other branches.
  o.seed = 12;
  const std::vector<Sample> other = generate_samples(o, s_other);
  bool differs = other.size() != one.size();
  for (std::size_t i = 0; !differs && i < one.size(); ++i)
    differs = other[i].P != one[i].P || other[i].O != one[i].O;
  CHECK(differs);
}

TEST_CASE("pattern wthor: positions are the games' and their branches', legal, exact where marked",
          "[pattern]") {
  const std::vector<WthorGame> games = sample_games("WTH_2021.wtb", 12);
  for (const double solve_share : {0.0, 1.0}) {
    for (std::size_t g = 0; g < games.size(); ++g) {
      // One game at a time: nothing is removed as a repeat of another game.
      const std::vector<WthorGame> one{games[g]};
      GenOptions o = wthor_options(one);
      o.wthor_solve_share = solve_share;
      o.wthor_branch_share = 1.0;
      GenStats stats;
      const std::vector<Sample> samples = generate_samples(o, stats);
      const std::map<int, Position> line = line_positions(games[g]);
      const int own_solve = solve_share > 0 ? o.solve_empties : o.wthor_rest_solve_empties;
      std::set<std::pair<Bitboard, Bitboard>> on_line;
      for (const auto& [e, p] : line) on_line.insert({p.player, p.opponent});
      int theoretical = 0, off_line = 0;
      for (std::size_t i = 0; i < samples.size(); ++i) {
        const Sample& s = samples[i];
        INFO("game " << g << ", sample " << i << ", " << s.empties() << " empties");
        REQUIRE(s.game == 0);
        REQUIRE((s.P & s.O) == 0);
        REQUIRE(legal_moves(s.P, s.O) != 0);  // a position with a move to play
        const bool line_pos = on_line.count({s.P, s.O}) > 0;
        if (!line_pos) {
          // A branch, or the solver's line: follows an earlier sample (the previous
          // one unless it repeated one already kept) or a line position.
          ++off_line;
          bool reachable = false;
          for (std::size_t j = 0; j < i && !reachable; ++j)
            reachable = is_child(samples[j].P, samples[j].O, s.P, s.O);
          for (const auto& [e, p] : line)
            reachable = reachable || is_child(p.player, p.opponent, s.P, s.O);
          REQUIRE(reachable);
        }
        if (s.label == Label::None) REQUIRE(s.empties() > o.solve_empties - (solve_share > 0 ? 0 : 4));
        if (s.empties() == 24 && line_pos) {
          ++theoretical;
          REQUIRE(s.label == Label::Exact);
          REQUIRE(s.score == theoretical_score(games[g], line.at(24)));
        }
      }
      // The game's own line is there until its solve point; one branch was played.
      for (const auto& [e, p] : line)
        if (e > own_solve) REQUIRE(on_line.count({p.player, p.opponent}));
      if (games[g].moves.size() >= 36) CHECK(theoretical == 1);
      CHECK(off_line > 0);
      // Exact labels: some checked against a fresh solve.
      EndgameSolver solver(2);
      int checked = 0;
      for (const Sample& s : samples) {
        if (s.label != Label::Exact || s.empties() > 12 || checked >= 4) continue;
        Position p{s.P, s.O, Color::Black};
        REQUIRE(solver.solve(p).score == static_cast<int>(s.score));
        ++checked;
      }
      CHECK(checked > 0);
    }
  }
}

TEST_CASE("pattern wthor: the theoretical score converts to the side to move's disc difference",
          "[pattern]") {
  WthorGame g;
  g.theoretical_black = 40;  // black wins 40-24: +16 for black
  const Position start = Position::initial();  // black to move
  CHECK(theoretical_score(g, start) == 16);
  CHECK(theoretical_score(g, start.pass()) == -16);
  g.theoretical_black = 32;
  CHECK(theoretical_score(g, start) == 0);
}

}  // namespace reversi::pattern
