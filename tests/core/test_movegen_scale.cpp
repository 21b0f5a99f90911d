// The engine checked at scale against the naive reference (naive_reference.h):
// on 10^6 positions of random games and 10^5 arbitrary boards, the legal moves,
// the flips of every empty square and the position after a move agree, and the
// move every player returns is legal by the reference (a pass exactly when the
// reference finds no move). Tagged [slow]: CI runs it (natively and under
// AddressSanitizer and UndefinedBehaviorSanitizer); REVERSI_SCALE_DIVISOR=N runs
// 1/N of it.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/notation.h"
#include "core/random_positions.h"
#include "engine/player.h"
#include "naive_reference.h"
#include "scale.h"

using namespace reversi;

namespace {

int scale_divisor() { return test_scale_divisor(); }

// Checks the move generator, flips and Position::play on `p` against the
// reference; returns the reference's legal moves.
Bitboard check_rules(const Position& p, RandomPositions& rng) {
  const naive::Grid g = naive::to_grid(p.player, p.opponent);
  const Bitboard want = naive::legal(g);
  if (p.legal_moves() != want) {
    INFO(to_board_string(p));
    REQUIRE(p.legal_moves() == want);
  }
  for (int s = 0; s < 64; ++s) {
    if (g[s] != 0) continue;  // flips() is defined for empty squares (zero where illegal)
    const Bitboard f = flips(s, p.player, p.opponent);
    if (f != naive::as_bits(naive::flips(g, s))) {
      INFO(to_board_string(p) << " square " << square_name(Square(s)));
      REQUIRE(f == naive::as_bits(naive::flips(g, s)));
    }
  }
  if (want) {
    const Square m = rng.random_move(p);
    const Position next = p.play(m);
    if (naive::to_grid(next.player, next.opponent) != naive::play(g, m)) {
      INFO(to_board_string(p) << " move " << square_name(m));
      REQUIRE(naive::to_grid(next.player, next.opponent) == naive::play(g, m));
    }
    REQUIRE(next.to_move == opposite(p.to_move));
  }
  return want;
}

struct PlayerUse {
  std::unique_ptr<Player> player;
  int every;  // asked on every n-th position (the slow players on fewer)
  long asked = 0;
};

std::vector<PlayerUse> all_players(std::uint64_t seed) {
  std::vector<PlayerUse> out;
  for (const PlayerInfo& info : player_list()) {
    auto made = make_player(info.name, seed);
    REQUIRE(made.ok());
    // The levels and the human players are asked at every 200th position (they stop at the
    // 3,000 nodes below).
    const bool level = info.name.rfind("level-", 0) == 0, human = info.name.rfind("human-", 0) == 0;
    const bool fast = info.name != "random-playouts" && info.name != "weighted" && !level && !human;
    out.push_back({std::move(*made), fast ? 1 : info.name == "weighted" ? 20 : 200});
  }
  return out;
}

// The player's answer is legal by the reference: a square it lists, or a pass
// exactly when it lists none (and the game is not over).
void check_players(std::vector<PlayerUse>& players, const Position& p, Bitboard naive_moves,
                   long index) {
  if (p.is_game_over()) return;
  SearchLimits limits;
  limits.nodes = 3000;  // the searcher's levels stop early; the move must still be legal
  limits.time_ms = 50;
  for (PlayerUse& use : players) {
    if (index % use.every) continue;
    ++use.asked;
    const SearchResult r = use.player->choose(p, limits);
    const bool ok = naive_moves ? is_board_square(r.move) && (naive_moves >> r.move & 1)
                                : r.move == PASS;
    if (!ok) {
      INFO(use.player->name() << " chose " << square_name(r.move) << " on " << to_board_string(p));
      REQUIRE(ok);
    }
  }
}

}  // namespace

TEST_CASE("legal_moves, flips and play agree with the naive reference on 10,000 positions",
          "[movegen]") {
  RandomPositions rng(20261122);
  long seen = 0, passes = 0, over = 0, near_end = 0;
  while (seen < 10000) {
    for (const Position& p : rng.game()) {
      check_rules(p, rng);
      ++seen;
      passes += p.must_pass();
      over += p.is_game_over();
      near_end += p.empty_count() <= 10;
    }
  }
  for (const Position& p : random_boards(7, 2000)) {
    check_rules(p, rng);
    check_rules(p.pass(), rng);
  }
  // The sample really covers the end of games and passes.
  CHECK(near_end > 500);
  CHECK(passes > 0);
  CHECK(over > 0);
}

TEST_CASE("at scale: rules and every player's move agree with the naive reference on 10^6 "
          "positions of random games",
          "[slow][scale]") {
  const long count = 1000000 / scale_divisor();
  RandomPositions rng(20261123);
  auto players = all_players(5);
  long seen = 0, passes = 0, over = 0, near_end = 0;
  while (seen < count) {
    for (const Position& p : rng.game()) {
      if (seen >= count) break;
      const Bitboard moves = check_rules(p, rng);
      check_players(players, p, moves, seen);
      ++seen;
      passes += p.must_pass();
      over += p.is_game_over();
      near_end += p.empty_count() <= 10;
    }
  }
  // The sample covers the end of games, passes and finished games.
  CHECK(near_end > count / 10);
  CHECK(passes > 0);
  CHECK(over > 0);
  for (const PlayerUse& use : players) {
    INFO(use.player->name());
    CHECK(use.asked > 0);
  }
}

TEST_CASE("at scale: rules and every player's move agree with the naive reference on 10^5 "
          "arbitrary boards",
          "[slow][scale]") {
  const long count = 100000 / scale_divisor();
  RandomPositions rng(20261124);
  auto players = all_players(6);
  long with_moves = 0, over = 0;
  int most_moves = 0;
  for (long i = 0; i < count; ++i) {
    const Position p = rng.arbitrary_board();
    const Bitboard moves = check_rules(p, rng);
    // The other side's moves too: arbitrary boards are not symmetric in the movers.
    check_rules(p.pass(), rng);
    check_players(players, p, moves, i);
    with_moves += moves != 0;
    most_moves = std::max(most_moves, popcount(moves));
    over += p.is_game_over();
  }
  CHECK(with_moves > count / 4);
  CHECK(most_moves >= 15);
  CHECK(over > 0);
  for (const PlayerUse& use : players) {
    INFO(use.player->name());
    CHECK(use.asked > 0);
  }
}
