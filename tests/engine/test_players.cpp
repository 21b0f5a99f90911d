// The player registry and the seven classic players: every player returns a
// legal move on random reachable positions; each classic player shows its
// defining behaviour on hand-built positions and as a property over many
// positions.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <initializer_list>
#include <set>
#include <vector>

#include "core/game.h"
#include "core/notation.h"
#include "core/random_positions.h"
#include "lab/arena.h"
#include "engine/classic.h"
#include "engine/classic_weighted.h"
#include "engine/endgame.h"
#include "engine/obf.h"
#include "engine/pattern.h"
#include "engine/player.h"
#include "engine/stability.h"
#include "scale.h"

using namespace reversi;

namespace {

const char* const kClassicNames[] = {"first-legal",    "corner-first",    "corner-safe", "most-flips",
                                     "fewest-replies", "random-playouts", "weighted"};

std::unique_ptr<Player> make(std::string_view name, std::uint64_t seed = 1) {
  auto p = make_player(name, seed);
  REQUIRE(p.ok());
  REQUIRE(*p);
  return std::move(*p);
}

// A position from the squares of each colour.
Position board(std::initializer_list<Square> black, std::initializer_list<Square> white,
               Color to_move = Color::Black) {
  Bitboard b = 0, w = 0;
  for (Square s : black) b |= bit(s);
  for (Square s : white) w |= bit(s);
  return Position::from_colors(b, w, to_move);
}

bool is_legal_answer(const Position& p, Square move) {
  return p.has_legal_move() ? p.is_legal(move) : move == PASS;
}

int replies_after(const Position& p, Square s) { return popcount(p.play(s).legal_moves()); }

void check_legal_on(Player& player, const std::vector<Position>& positions,
                    const SearchLimits& limits) {
  int passes = 0;
  for (const Position& p : positions) {
    const SearchResult r = player.choose(p, limits);
    if (!is_legal_answer(p, r.move)) {
      INFO(player.name() << " chose " << square_name(r.move) << " in\n" << to_diagram(p));
      REQUIRE(is_legal_answer(p, r.move));
    }
    passes += r.move == PASS;
  }
  CHECK(passes > 0);  // the sample includes positions where the mover must pass
}

}  // namespace

TEST_CASE("player_list: the seven classic players first, then the levels", "[players]") {
  const auto list = player_list();
  REQUIRE(list.size() >= 7);
  for (int i = 0; i < 7; ++i) CHECK(list[i].name == kClassicNames[i]);
  std::set<std::string> names;
  for (const auto& info : list) {
    INFO(info.name);
    CHECK(!info.description.empty());
    CHECK(info.description.find('\n') == std::string::npos);  // one line
    CHECK(names.insert(info.name).second);                    // no duplicates
    auto player = make_player(info.name, 3);
    REQUIRE(player.ok());
    CHECK((*player)->name() == info.name);
  }
}

TEST_CASE("unknown player names give a clear error, never a crash", "[players]") {
  for (std::string_view name : {"nobody", "", "First-Legal", "level-0", "level-999", "level-",
                                "first-legal ", "weighted2"}) {
    INFO("'" << name << "'");
    const auto player = make_player(name);
    REQUIRE_FALSE(player.ok());
    CHECK(player.error().find("unknown player '" + std::string(name) + "'") == 0);
    CHECK(player.error().find("known: first-legal, corner-first") != std::string::npos);
  }
}

TEST_CASE("level options: a bad option or weight file is named in the error", "[players]") {
  // Numbers are strict: the whole value a number in range, the message names it.
  const std::pair<const char*, const char*> bad_numbers[] = {
      {"level-3+depth=12abc", "player 'level-3+depth=12abc': depth '12abc' is not a whole number"},
      {"level-3+depth=", "player 'level-3+depth=': depth '' is not a whole number"},
      {"level-3+depth", "player 'level-3+depth': depth '' is not a whole number"},
      {"level-3+depth=-5", "player 'level-3+depth=-5': depth '-5' must be 1-60, without a sign"},
      {"level-3+depth=0", "player 'level-3+depth=0': depth '0' must be 1-60"},
      {"level-3+depth=61", "player 'level-3+depth=61': depth '61' must be 1-60"},
      {"level-3+depth=99999999999", "player 'level-3+depth=99999999999': depth '99999999999' must be 1-60"},
      {"level-3+depth=x", "player 'level-3+depth=x': depth 'x' is not a whole number"},
      {"level-9+threads=2x", "player 'level-9+threads=2x': threads '2x' is not a whole number"},
      {"level-9+threads=0", "player 'level-9+threads=0': threads '0' must be 1-64"},
      {"level-3+mpc-t=1.5abc", "player 'level-3+mpc-t=1.5abc': mpc-t '1.5abc' is not a number"},
      {"level-3+mpc-t=0", "player 'level-3+mpc-t=0': mpc-t '0' must be 0.01-10"},
      {"level-3+mpc-t=nan", "player 'level-3+mpc-t=nan': mpc-t 'nan' is not a number"},
      {"level-3+mpc-shallow=21", "player 'level-3+mpc-shallow=21': mpc-shallow '21' must be 0-20"},
      {"level-3+mpc-shallow=x", "player 'level-3+mpc-shallow=x': mpc-shallow 'x' is not a whole number"},
      {"level-3+mpc-guard=0", "player 'level-3+mpc-guard=0': mpc-guard '0' must be 0.01-10"},
      {"level-3+next=1.5", "player 'level-3+next=1.5': next '1.5' must be 0.01-1"},
      {"level-3+next=x", "player 'level-3+next=x': next 'x' is not a number"},
      {"level-3+time=0", "player 'level-3+time=0': time '0' must be 1-600000"},
      {"level-3+time=100ms", "player 'level-3+time=100ms': time '100ms' is not a number"},
      {"level-3+time=-5", "player 'level-3+time=-5': time '-5' must be 1-600000, without a sign"},
      {"level-3+midshare=0", "player 'level-3+midshare=0': midshare '0' must be 0.05-1"},
      {"level-3+midshare=1.5", "player 'level-3+midshare=1.5': midshare '1.5' must be 0.05-1"},
      {"level-3+endgame=61", "player 'level-3+endgame=61': endgame '61' must be 0-60"},
      {"level-3+endgame=x", "player 'level-3+endgame=x': endgame 'x' is not a whole number"},
  };
  for (const auto& [name, message] : bad_numbers) {
    INFO(name);
    auto p = make_player(name);
    REQUIRE_FALSE(p.ok());
    CHECK(p.error() == message);
  }
  CHECK(make_player("level-3+mpc-t=1.5+threads=2+depth=4").ok());
  CHECK(make_player("level-3+mpc-model=fit+mpc-shallow=4+mpc-pv+mpc-guard=1.5").ok());
  CHECK(make_player("level-12+next=0.5+time=50").ok());
  CHECK(make_player("level-12+midshare=1+endcut=2+time=50").ok());
  CHECK(make_player("level-12+time=250+nobook").ok());
  // depth=D replaces the level's midgame depth (level-1 searches one ply); +nobook:
  // from the start a level would play from the opening book, not search.
  auto deeper = make_player("level-1+nompc+depth=3+nobook");
  REQUIRE(deeper.ok());
  CHECK((*deeper)->choose(Position::initial(), {}).depth == 3);
  // endgame=E moves the level's exact solve: level-1 solves from 4 empties, so
  // with 10 empties it searches one ply unless told to solve from 10.
  const Position ten = RandomPositions(7).with_empties(10);
  auto one = make_player("level-1+nobook");
  auto solver = make_player("level-1+nobook+endgame=10");
  REQUIRE(one.ok());
  REQUIRE(solver.ok());
  CHECK_FALSE((*one)->choose(ten, {}).exact);
  const SearchResult solved = (*solver)->choose(ten, {});
  CHECK(solved.exact);
  CHECK(solved.depth == 10);
  auto bogus = make_player("level-3+bogus");
  REQUIRE_FALSE(bogus.ok());
  CHECK(bogus.error() == "unknown option 'bogus' in player 'level-3+bogus'");
  auto missing = make_player("level-3+weights=/nonexistent/w.bin");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error().find("player 'level-3+weights=/nonexistent/w.bin': ") == 0);
  CHECK(missing.error().find("/nonexistent/w.bin") != std::string::npos);
  // A readable weight file (all zero: every position looks even) makes a player.
  const std::string path =
      (std::filesystem::temp_directory_path() / "reversi-test-zero-weights.bin").string();
  REQUIRE(pattern::save_weights_file(pattern::Weights{}, path));
  auto zero = make_player("level-3+nompc+weights=" + path);
  REQUIRE(zero.ok());
  const Position start = Position::initial();
  const Square move = (*zero)->choose(start, {}).move;
  CHECK(start.is_legal(move));
  std::remove(path.c_str());
}

TEST_CASE("classic players return a legal move on 10,000 random positions", "[players]") {
  const auto positions = random_game_positions(11, 10000, false);
  for (const char* name : kClassicNames) {
    if (std::string_view(name) == "random-playouts" || std::string_view(name) == "weighted")
      continue;  // slower; below
    auto player = make(name);
    check_legal_on(*player, positions, {});
  }
}

TEST_CASE("random-playouts and weighted return a legal move on 10,000 random positions",
          "[players][slow]") {
  // REVERSI_SCALE_DIVISOR=N: 1/N of the positions (tests/support/scale.h).
  const auto positions = random_game_positions(11, 10000 / test_scale_divisor(), false);
  for (const char* name : {"random-playouts", "weighted"}) {
    auto player = make(name, 5);
    SearchLimits limits;
    limits.time_ms = 200;  // a guard only: weighted's exact endgame must not run away
    check_legal_on(*player, positions, limits);
  }
}

TEST_CASE("every level returns a legal move on 10,000 random positions under a node limit",
          "[players][slow]") {
  // REVERSI_SCALE_DIVISOR=N: 1/N of the positions (under the sanitizers, 66 s whole).
  const auto positions = random_game_positions(12, 10000 / test_scale_divisor(), false);
  for (const auto& info : player_list()) {
    if (info.name.rfind("level-", 0) != 0) continue;
    INFO(info.name);
    auto player = make(info.name);
    SearchLimits limits;
    // Shallow and short, so 10,000 searches per level take seconds: depth 2,
    // exact from 6 empties (the solver path is still taken near the end), a
    // node budget and a time guard.
    limits.depth = 2;
    limits.endgame_empties = 6;
    limits.nodes = 300;
    limits.time_ms = 50;
    check_legal_on(*player, positions, limits);
  }
}

TEST_CASE("first-legal plays the first legal square in reading order", "[players][classic]") {
  auto player = make("first-legal");
  for (const Position& p : random_game_positions(21, 2000, false)) {
    const Square m = player->choose(p, {}).move;
    if (p.has_legal_move()) CHECK(m == Square(lowest_square(p.legal_moves())));
  }
  CHECK(player->choose(Position::initial(), {}).move == D3);
}

TEST_CASE("corner-first takes a corner, else the first legal move", "[players][classic]") {
  auto player = make("corner-first");
  // Black can play d6 (first in reading order) or the corner h8.
  const Position p = board({D4, F6}, {D5, G7});
  REQUIRE(p.legal_moves() == (bit(D6) | bit(H8)));
  CHECK(player->choose(p, {}).move == H8);
  CHECK(make("first-legal")->choose(p, {}).move == D6);

  int corners = 0;
  for (const Position& q : random_game_positions(22, 3000, false)) {
    const Bitboard moves = q.legal_moves();
    if (!moves) continue;
    const Square m = player->choose(q, {}).move;
    if (moves & kCorners) {
      CHECK((bit(m) & kCorners) != 0);
      CHECK(m == Square(lowest_square(moves & kCorners)));
      ++corners;
    } else {
      CHECK(m == Square(lowest_square(moves)));
    }
  }
  CHECK(corners > 50);
}

TEST_CASE("corner-safe does not give a corner away when it can avoid it", "[players][classic]") {
  auto player = make("corner-safe");
  // Black: b2 (first in reading order) lets white take a1; f6 does not.
  const Position p = board({D4}, {C3, E5});
  REQUIRE(p.legal_moves() == (bit(B2) | bit(F6)));
  REQUIRE(gives_corner_away(B2, p.player, p.opponent));
  REQUIRE_FALSE(gives_corner_away(F6, p.player, p.opponent));
  CHECK(player->choose(p, {}).move == F6);
  CHECK(make("corner-first")->choose(p, {}).move == B2);

  // When every move gives a corner away it still plays one (the first).
  const Position trapped = board({D4}, {C3, E5, F6});
  REQUIRE(trapped.legal_moves() == (bit(B2) | bit(G7)));
  REQUIRE(gives_corner_away(B2, trapped.player, trapped.opponent));  // a1
  REQUIRE(gives_corner_away(G7, trapped.player, trapped.opponent));  // h8
  CHECK(player->choose(trapped, {}).move == B2);
  // A corner comes first of all.
  const Position corner = board({D4, F6}, {D5, G7});
  CHECK(player->choose(corner, {}).move == H8);

  int avoided = 0, unavoidable = 0;
  for (const Position& q : random_game_positions(23, 3000, false)) {
    const Bitboard moves = q.legal_moves();
    if (!moves) continue;
    const Square m = player->choose(q, {}).move;
    REQUIRE(q.is_legal(m));
    if (moves & kCorners) {
      CHECK((bit(m) & kCorners) != 0);
      continue;
    }
    Bitboard safe = 0;
    for (Bitboard b = moves; b; b &= b - 1)
      if (!gives_corner_away(lowest_square(b), q.player, q.opponent)) safe |= bit(lowest_square(b));
    if (safe) {
      CHECK(m == Square(lowest_square(safe)));
      avoided += (safe != moves);
    } else {
      CHECK(m == Square(lowest_square(moves)));  // gives one away anyway
      ++unavoidable;
    }
  }
  CHECK(avoided > 50);
  CHECK(unavoidable > 0);
}

TEST_CASE("most-flips picks the move that flips the most, first in reading order on ties",
          "[players][classic]") {
  auto player = make("most-flips");
  // b1 flips one disc, d8 flips three.
  const Position p = board({B3, H8}, {B2, E8, F8, G8});
  REQUIRE(p.legal_moves() == (bit(B1) | bit(D8)));
  CHECK(player->choose(p, {}).move == D8);

  for (const Position& q : random_game_positions(24, 3000, false)) {
    const Bitboard moves = q.legal_moves();
    if (!moves) continue;
    int best = -1;
    Square first_best = NO_SQUARE;
    for (Bitboard b = moves; b; b &= b - 1) {
      const int n = popcount(q.flips(Square(lowest_square(b))));
      if (n > best) best = n, first_best = Square(lowest_square(b));
    }
    const Square m = player->choose(q, {}).move;
    CHECK(popcount(q.flips(m)) == best);
    CHECK(m == first_best);
  }
}

TEST_CASE("fewest-replies avoids giving corners, then minimises the opponent's replies",
          "[players][classic]") {
  auto player = make("fewest-replies");
  // b2 gives a1 away; f6 is the only safe move.
  CHECK(player->choose(board({D4}, {C3, E5}), {}).move == F6);

  int differs_from_first = 0;
  for (const Position& q : random_game_positions(25, 3000, false)) {
    const Bitboard moves = q.legal_moves();
    if (!moves) continue;
    const Square m = player->choose(q, {}).move;
    REQUIRE(q.is_legal(m));
    Bitboard safe = 0;
    for (Bitboard b = moves; b; b &= b - 1)
      if (!gives_corner_away(lowest_square(b), q.player, q.opponent)) safe |= bit(lowest_square(b));
    const Bitboard candidates = safe ? safe : moves;
    CHECK((bit(m) & candidates) != 0);
    for (Bitboard b = candidates; b; b &= b - 1) {
      const Square s = Square(lowest_square(b));
      CHECK(replies_after(q, m) <= replies_after(q, s));
      if (s < m) CHECK(replies_after(q, m) < replies_after(q, s));  // ties: reading order
    }
    differs_from_first += m != Square(lowest_square(candidates));
  }
  CHECK(differs_from_first > 100);
}

TEST_CASE("random-playouts is reproducible from its seed", "[players][classic]") {
  const auto positions = random_game_positions(26, 300, false);
  auto a = make("random-playouts", 42), b = make("random-playouts", 42);
  auto c = make("random-playouts", 43);
  int differ = 0;
  for (const Position& p : positions) {
    const SearchResult ra = a->choose(p, {}), rb = b->choose(p, {}), rc = c->choose(p, {});
    CHECK(ra.move == rb.move);
    CHECK(ra.score == rb.score);
    CHECK(ra.has_score == p.has_legal_move());
    differ += ra.score != rc.score;
  }
  CHECK(differ > 50);  // another seed gives other playouts

  // Whole games replay move for move with the same seed.
  auto game_with = [](std::uint64_t seed) {
    auto black = make("random-playouts", seed);
    auto white = make("first-legal");
    auto game = play_game(*black, *white, {}, {});
    REQUIRE(game.ok());
    return to_transcript(game->moves);
  };
  CHECK(game_with(7) == game_with(7));
  std::set<std::string> games;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) games.insert(game_with(seed));
  CHECK(games.size() > 1);
}

TEST_CASE("random-playouts finds an obvious win", "[players][classic]") {
  // Black's c8 captures both white discs (b8 along the row, b7 along the
  // diagonal from a6): the game ends, black wins 64-0. c6, first in reading
  // order, takes only b7.
  const Position p = board({A8, A6}, {B8, B7});
  REQUIRE(p.legal_moves() == (bit(C6) | bit(C8)));
  auto player = make("random-playouts", 9);
  const SearchResult r = player->choose(p, {});
  REQUIRE(p.is_legal(r.move));
  CHECK(r.move == C8);
  CHECK(r.score == 64);
}

TEST_CASE("weighted: stable discs and the evaluation's main terms", "[players][classic]") {
  // A full first row of black discs with a1 and h1: all stable; a lone
  // centre disc is not.
  const Position p = board({A1, B1, C1, D1, E1, F1, G1, H1, D4}, {E5});
  const Bitboard stable = classic_stable_discs(p.player, p.opponent);
  CHECK((stable & 0xFF) == 0xFF);
  CHECK((stable & bit(D4)) == 0);
  CHECK((stable & bit(E5)) == 0);
  // A corner is worth more than the X square next to the empty corner.
  const int with_corner = weighted_evaluate(bit(A1) | bit(D4), bit(E5));
  const int with_x = weighted_evaluate(bit(B2) | bit(D4), bit(E5));
  CHECK(with_corner > 0);
  CHECK(with_x < 0);
  CHECK(with_corner > with_x);
  // Symmetric: the same position seen from the other side is the negation.
  for (const Position& q : random_game_positions(27, 500, false))
    CHECK(weighted_evaluate(q.player, q.opponent) == -weighted_evaluate(q.opponent, q.player));
}

TEST_CASE("weighted plays an exact endgame move from 14 empties", "[players][classic]") {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-1-19.obf");
  REQUIRE(entries.ok());
  int tested = 0;
  for (const ObfEntry& e : *entries) {
    if (e.position.empty_count() > 14) continue;
    INFO("line " << e.line);
    auto player = make("weighted");
    const SearchResult r = player->choose(e.position, {});
    CHECK(r.exact);
    CHECK(r.has_score);
    CHECK(r.score == *e.best_score());
    CHECK(e.is_best_move(r.move));
    ++tested;
  }
  CHECK(tested == 7);

  // And on random positions with few empties, checked with the solver.
  EndgameSolver solver(4);
  auto player = make("weighted");
  int checked = 0;
  for (const Position& p : random_game_positions(28, 4000, false)) {
    if (p.empty_count() > 10 || !p.has_legal_move()) continue;
    const SearchResult r = player->choose(p, {});
    REQUIRE(p.is_legal(r.move));
    const int best = solver.solve(p).score;
    const Position after = p.play(r.move);
    const int got = after.is_game_over() ? -after.final_score() : -solver.solve(after).score;
    CHECK(got == best);
    CHECK(r.score == best);
    if (++checked == 60) break;
  }
  CHECK(checked == 60);
}

TEST_CASE("weighted above 14 empties: one move deep, never a needless loss", "[players][classic]") {
  auto player = make("weighted");
  const SearchResult r = player->choose(Position::initial(), {});
  CHECK(Position::initial().is_legal(r.move));
  CHECK_FALSE(r.exact);
  CHECK(r.depth == 1);
  // It takes a corner over an X square.
  const Position p = board({D4, F6}, {D5, G7});
  CHECK(player->choose(p, {}).move == H8);
}

TEST_CASE("play_game: a full game between classic players", "[players][arena]") {
  auto black = make("weighted"), white = make("first-legal");
  const std::vector<Square> opening = {F5, D6, C3};
  auto game = play_game(*black, *white, opening, {});
  REQUIRE(game.ok());
  CHECK(game->opening_length == 3);
  CHECK(game->final_position.is_game_over());
  CHECK(game->black_discs + game->white_discs <= 64);
  auto replay = Game::from_transcript(to_transcript(game->moves));
  REQUIRE(replay.ok());
  CHECK(replay->over());
  CHECK(replay->position().disc_count(Color::Black) == game->black_discs);

  const std::vector<Square> illegal = {F5, A1};
  CHECK_FALSE(play_game(*black, *white, illegal, {}).ok());
}

TEST_CASE("the slow classic players stop when told and keep to their time", "[players][classic]") {
  auto entries = load_obf(REVERSI_FFO_DIR "/fforum-20-39.obf");
  REQUIRE(entries.ok());
  const Position deep = entries->back().position;  // far too many empties to solve in 50 ms
  REQUIRE(deep.empty_count() >= 20);

  std::atomic<bool> stop{true};
  SearchLimits stopped;
  stopped.stop = &stop;
  stopped.endgame_empties = 64;  // weighted would solve this exactly if it could
  auto weighted = make("weighted");
  SearchResult r = weighted->choose(deep, stopped);
  CHECK(deep.is_legal(r.move));
  CHECK_FALSE(r.exact);  // fell back to the one-move evaluation
  CHECK(r.depth == 1);

  SearchLimits timed;
  timed.time_ms = 50;
  timed.endgame_empties = 64;
  const auto start = std::chrono::steady_clock::now();
  r = weighted->choose(deep, timed);
  const double ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  CHECK(deep.is_legal(r.move));
  CHECK(ms < 1000);  // 50 ms asked; generous for a loaded machine

  // random-playouts plays out the first move only, then stops.
  auto playouts = make("random-playouts", 3);
  const Position start_pos = Position::initial();
  r = playouts->choose(start_pos, stopped);
  CHECK(r.move == Square(lowest_square(start_pos.legal_moves())));
  CHECK(r.nodes <= 20u * 60u);
  SearchLimits few_nodes;
  few_nodes.nodes = 1;
  CHECK(start_pos.is_legal(playouts->choose(start_pos, few_nodes).move));
}
