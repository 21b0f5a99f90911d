// How people lose discs (issue 45 part 2, lab/human_moves.h): a game's analysis is a
// function of the game alone, a stopped and resumed run equals an uninterrupted one, the
// file round-trips and a damaged one is refused. Small: the 1983 sample year, shallow.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "core/bytes.h"
#include "core/file.h"
#include "core/game_database.h"
#include "core/wthor.h"
#include "engine/endgame.h"
#include "lab/human_moves.h"

using namespace reversi;
// In the namespace, not `using namespace`: no name of it reaches the next file of a unit.
namespace reversi::human {

namespace {

std::string source(const std::string& leaf) { return std::string(REVERSI_SOURCE_DIR) + "/" + leaf; }

// The 1983 sample year as a database (players named by number, as test_game_database does).
const GameDatabase& database() {
  static const GameDatabase db = [] {
    auto file = load_wthor(source("data/wthor/WTH_1983.wtb"));
    REQUIRE(file.ok());
    auto trn = load_wthor_names(source("data/wthor/WTH.TRN"), kWthorTournamentNameSize);
    REQUIRE(trn.ok());
    int players = 0;
    for (const WthorGame& g : file->games) players = std::max({players, g.black_player + 1, g.white_player + 1});
    std::vector<std::string> names;
    for (int i = 0; i < players; ++i) names.push_back("Player " + std::to_string(i));
    auto bytes = encode_game_database(file->games, names, *trn);
    REQUIRE(bytes.ok());
    auto parsed = GameDatabase::parse(*bytes, "1983");
    REQUIRE(parsed.ok());
    return std::move(*parsed);
  }();
  return db;
}

Settings quick() {
  Settings s;
  s.depth = 2;
  s.exact_empties = 8;
  return s;
}

Plan small_plan() {
  Plan p;
  p.sample.every = 40;
  p.sample.seed = 7;
  p.shard_games = 2;
  p.settings = quick();
  p.database_checksum = database().checksum();
  p.sample_size = std::uint32_t(sample_games(database(), p.sample).size());
  return p;
}

std::string fresh_dir(const std::string& leaf) {
  const auto dir = std::filesystem::temp_directory_path() / leaf;
  std::filesystem::remove_all(dir);
  return dir.string();
}

// A file of one game (quick() settings) holding `positions`.
HumanMoves one_game(std::uint32_t number, int year, std::vector<PositionRecord> positions) {
  HumanMoves m;
  m.settings = quick();
  GameRecord g;
  g.number = number;
  g.year = year;
  g.positions = std::move(positions);
  m.games.push_back(std::move(g));
  return m;
}

PositionRecord position(int ply, Color side, Square played, std::vector<MoveRecord> moves) {
  PositionRecord p;
  p.ply = ply;
  p.side = side;
  p.played = played;
  p.moves = std::move(moves);
  return p;
}

std::vector<std::uint8_t> bytes_of(const std::string& path) {
  auto b = read_file_bytes(path);
  REQUIRE(b.ok());
  return *b;
}

}  // namespace

TEST_CASE("human moves: a game's analysis depends on the game alone", "[human]") {
  const std::vector<std::uint32_t> pair = {3, 4}, alone = {4};
  auto first = analyse_games(database(), pair, quick());
  auto second = analyse_games(database(), pair, quick());
  auto single = analyse_games(database(), alone, quick());
  REQUIRE(first.ok());
  REQUIRE(second.ok());
  REQUIRE(single.ok());
  const HumanMoves a{quick(), database().checksum(), *first}, b{quick(), database().checksum(), *second};
  CHECK(encode_human_moves(a) == encode_human_moves(b));
  REQUIRE(first->size() == 2);
  CHECK((*first)[1] == (*single)[0]);  // game 4 after game 3 = game 4 alone
  CHECK((*first)[0].number == 3);
  CHECK((*first)[0].year == 1983);
}

TEST_CASE("human moves: every legal move is valued, the loss is best minus played, exact near the end",
          "[human]") {
  const std::vector<std::uint32_t> games = {5};
  auto records = analyse_games(database(), games, quick());
  REQUIRE(records.ok());
  const GameRecord& g = records->front();
  auto game = database().game(5);
  REQUIRE(game.ok());
  REQUIRE(!g.positions.empty());
  EndgameSolver solver(16);
  Position pos = Position::initial();
  std::size_t next = 0, exact_checked = 0;
  for (std::size_t ply = 0; ply < game->moves.size(); ++ply) {
    if (!pos.has_legal_move()) pos = pos.pass();
    const int legal = popcount(pos.legal_moves());
    if (legal >= 2) {
      REQUIRE(next < g.positions.size());
      const PositionRecord& p = g.positions[next++];
      CHECK(p.ply == int(ply));
      CHECK(p.side == pos.to_move);
      CHECK(p.played == game->moves[ply]);
      REQUIRE(int(p.moves.size()) == legal);
      int best = -10000, played = 10000;
      for (const MoveRecord& m : p.moves) {
        CHECK(pos.is_legal(m.square));
        best = std::max(best, m.tenths);
        if (m.square == p.played) played = m.tenths;
      }
      CHECK(p.loss_tenths() == best - played);
      CHECK(p.loss_tenths() >= 0);
      if (p.empties() <= quick().exact_empties) {
        // Exact: the best value is the position's solved score, each move's that of its child.
        REQUIRE(p.exact());
        solver.clear();
        CHECK(best == 10 * solver.solve(pos).score);
        for (const MoveRecord& m : p.moves) {
          const Position child = pos.play(m.square);
          if (child.is_game_over()) continue;
          const int value = child.has_legal_move() ? -solver.solve(child).score : solver.solve(child.pass()).score;
          CHECK(m.tenths == 10 * value);
        }
        ++exact_checked;
      } else if (p.empties() > 20) {
        CHECK_FALSE(p.exact());
      }
    }
    pos = pos.play(game->moves[ply]);
  }
  CHECK(next == g.positions.size());
  CHECK(exact_checked > 0);
}

TEST_CASE("human moves: the file round-trips, a damaged or foreign one is refused by name", "[human]") {
  const std::vector<std::uint32_t> games = {1, 2};
  auto records = analyse_games(database(), games, quick());
  REQUIRE(records.ok());
  const HumanMoves moves{quick(), database().checksum(), *records};
  const std::vector<std::uint8_t> bytes = encode_human_moves(moves);
  auto back = parse_human_moves(bytes, "x.bin");
  REQUIRE(back.ok());
  CHECK(back->games == moves.games);
  CHECK(back->settings == moves.settings);
  CHECK(back->database_checksum == database().checksum());
  CHECK(encode_human_moves(*back) == bytes);

  const auto refused = [](std::vector<std::uint8_t> b, const std::string& what) {
    auto r = parse_human_moves(b, "x.bin");
    REQUIRE_FALSE(r.ok());
    INFO(r.error());
    CHECK(r.error().rfind("x.bin: ", 0) == 0);
    CHECK(r.error().find(what) != std::string::npos);
  };
  std::vector<std::uint8_t> damaged = bytes;
  damaged[bytes.size() / 2] ^= 0x10;
  refused(damaged, "the checksum of its contents does not match");
  refused(std::vector<std::uint8_t>(bytes.begin(), bytes.end() - 5), "truncated: ");
  refused(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 20), "the header alone has 40");
  damaged = bytes;
  damaged[0] = 'X';
  refused(damaged, "not a human-moves file (no RVHUMANM signature)");
  damaged = bytes;
  damaged[8] = 2;
  refused(damaged, "human moves version 2, this program reads version 1");
  damaged = bytes;
  damaged[13] ^= 1;  // the games count, checksums repaired: the structure must catch it
  seal_checked_header(damaged);
  refused(damaged, "");
  // The first position's played move changed to a square not among its moves.
  damaged = bytes;
  const std::size_t first_position = kCheckedHeaderSize + 7;
  damaged[first_position + 2] = 0;  // a1: never legal at the start
  seal_checked_header(damaged);
  refused(damaged, "the move played is not among its moves");
  // An exact value that is odd.
  HumanMoves odd = moves;
  for (GameRecord& g : odd.games)
    for (PositionRecord& p : g.positions)
      if (p.exact()) {
        p.moves.front().tenths += 10;
        break;
      }
  refused(encode_human_moves(odd), "not an even disc count");
}

TEST_CASE("human moves: a stopped and resumed run equals an uninterrupted one", "[human]") {
  const Plan plan = small_plan();
  REQUIRE(plan.sample_size >= 3);
  REQUIRE(shard_count(plan) >= 2);
  const std::string whole = fresh_dir("reversi-test-human-whole"), parts = fresh_dir("reversi-test-human-parts");
  REQUIRE(run_shards(database(), whole, plan, std::nullopt, "test").ok());

  // The other run: shard 1 alone (as a scheduler would), a shard left half written
  // by a killed run, then the rest.
  std::vector<ShardProgress> seen;
  const auto note = [&](const ShardProgress& p) { seen.push_back(p); };
  REQUIRE(run_shards(database(), parts, plan, 1, "test", note).ok());
  REQUIRE(seen.size() == 1);
  CHECK(seen[0].made);
  CHECK(seen[0].shard == 1);
  {
    std::ofstream half(std::filesystem::path(parts) / (shard_name(0) + ".tmp"));
    half << "half";
  }
  seen.clear();
  REQUIRE(run_shards(database(), parts, plan, std::nullopt, "test", note).ok());
  REQUIRE(seen.size() == shard_count(plan));
  CHECK_FALSE(seen[1].made);  // shard 1 was there: not made again
  CHECK(seen[0].made);
  for (std::size_t k = 0; k < shard_count(plan); ++k) {
    INFO(k);
    CHECK(bytes_of(whole + "/" + shard_name(k)) == bytes_of(parts + "/" + shard_name(k)));
  }
  auto a = merge_shards(whole), b = merge_shards(parts);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  CHECK(encode_human_moves(*a) == encode_human_moves(*b));
  CHECK(a->games.size() == plan.sample_size);
  CHECK(std::is_sorted(a->games.begin(), a->games.end(),
                       [](const GameRecord& x, const GameRecord& y) { return x.number < y.number; }));
  auto status = dir_status(parts);
  REQUIRE(status.ok());
  CHECK(status->done == shard_count(plan));
  CHECK(status->games == plan.sample_size);
  CHECK(status->positions == a->positions());

  // Another plan for the same folder is refused, naming both.
  Plan other = plan;
  other.settings.depth = 3;
  const Status refused = run_shards(database(), parts, other, std::nullopt, "test");
  REQUIRE_FALSE(refused.ok());
  CHECK(refused.error().find("holds another plan") != std::string::npos);
  CHECK(run_shards(database(), parts, plan, shard_count(plan), "test").error().find("past the last") !=
        std::string::npos);

  // A shard damaged after it was made: its checksum no longer matches the manifest.
  {
    std::vector<std::uint8_t> b0 = bytes_of(parts + "/" + shard_name(0));
    b0.back() ^= 1;
    REQUIRE(write_file_bytes(parts + "/" + shard_name(0), b0).ok());
  }
  auto broken = merge_shards(parts);
  REQUIRE_FALSE(broken.ok());
  CHECK(broken.error().find("checksum differs from the MANIFEST") != std::string::npos);
  std::filesystem::remove_all(whole);
  std::filesystem::remove_all(parts);
}

TEST_CASE("human moves: the sample and the plan", "[human]") {
  Sample s;
  s.every = 10;
  s.seed = 3;
  const auto a = sample_games(database(), s), b = sample_games(database(), s);
  CHECK(a == b);
  CHECK(!a.empty());
  CHECK(a.size() < database().size() / 4);
  CHECK_FALSE(std::is_sorted(a.begin(), a.end()));  // a seeded order, not file order
  s.seed = 4;
  CHECK(sample_games(database(), s) != a);
  Sample all;
  CHECK(sample_games(database(), all).size() == database().size());
  all.first_year = 1984;
  CHECK(sample_games(database(), all).empty());

  const Plan p = small_plan();
  auto back = parse_plan(plan_text(p) + "\n");
  REQUIRE(back.ok());
  CHECK(*back == p);
  CHECK_FALSE(parse_plan(plan_text(p) + " extra").ok());
  CHECK_FALSE(parse_plan("human-moves plan 1: nonsense").ok());
  // The shards cover the sample once.
  const auto sample = sample_games(database(), p.sample);
  std::vector<std::uint32_t> covered;
  for (std::size_t k = 0; k < shard_count(p); ++k) {
    const auto games = shard_games(sample, p, k);
    CHECK(std::is_sorted(games.begin(), games.end()));
    covered.insert(covered.end(), games.begin(), games.end());
  }
  std::sort(covered.begin(), covered.end());
  auto sorted = sample;
  std::sort(sorted.begin(), sorted.end());
  CHECK(covered == sorted);
}

TEST_CASE("human moves: the summary counts what the file holds", "[human]") {
  const HumanMoves m = one_game(
      1, 1995,
      {position(20, Color::Black, Square(19), {{Square(19), 30, false}, {Square(20), -50, false}}),  // the best
       position(55, Color::White, Square(7), {{Square(0), 20, true}, {Square(7), -60, true}})});     // 8 discs lost
  const std::string text = summary_text(m);
  INFO(text);
  CHECK(text.find("1 games, 2 positions") != std::string::npos);
  CHECK(text.find("| all positions | 2 | 4.00 | 50.0% | 50.0% | 50.0% |") != std::string::npos);
  CHECK(text.find("| 1990-1999 | 2 |") != std::string::npos);
  CHECK(text.find("| endgame (exact), 1-8 empties | 1 | 8.00 | 0.0% | 100.0% | 100.0% |") != std::string::npos);
}

TEST_CASE("human moves: the committed data/human-moves.bin reads and agrees with the expert games", "[human]") {
  auto moves = load_human_moves(source("data/human-moves.bin"));
  INFO(moves.error());
  REQUIRE(moves.ok());
  auto db = GameDatabase::load(source("data/expert-games.bin"));
  REQUIRE(db.ok());
  CHECK(moves->database_checksum == db->checksum());
  CHECK(moves->settings == Settings{});  // the documented depth 8, exact from 16 empties
  REQUIRE(moves->games.size() >= 100);
  std::size_t positions = 0;
  for (const GameRecord& g : moves->games) {
    auto game = db->game(g.number);
    REQUIRE(game.ok());
    CHECK(g.year == game->year);
    Position pos = Position::initial();
    std::size_t next = 0;
    for (std::size_t ply = 0; ply < game->moves.size(); ++ply) {
      if (!pos.has_legal_move()) pos = pos.pass();
      if (popcount(pos.legal_moves()) >= 2) {
        REQUIRE(next < g.positions.size());
        const PositionRecord& p = g.positions[next++];
        CHECK(p.ply == int(ply));
        CHECK(p.side == pos.to_move);
        CHECK(p.played == game->moves[ply]);
        Bitboard squares = 0;
        for (const MoveRecord& m : p.moves) squares |= Bitboard{1} << m.square;
        CHECK(squares == pos.legal_moves());
        if (p.empties() <= moves->settings.exact_empties) CHECK(p.exact());
      }
      pos = pos.play(game->moves[ply]);
    }
    CHECK(next == g.positions.size());
    positions += next;
  }
  CHECK(positions == moves->positions());
}

TEST_CASE("human moves: two analyses compared on the positions both hold", "[human]") {
  const HumanMoves a =
      one_game(2, 2001, {position(20, Color::Black, Square(19), {{Square(19), 30, false}, {Square(20), -50, false}})});
  const std::string same = compare_text(a, a);
  INFO(same);
  CHECK(same.find("| all | 1 | 0.00 | 100.0% | 100.0% |") != std::string::npos);
  HumanMoves b = a;
  b.games[0].positions[0].moves[1].tenths = 60;  // b: the other move is best, the played one loses 3 discs
  GameRecord only_b = a.games[0];
  only_b.number = 3;  // a game a lacks: not compared
  b.games.push_back(only_b);
  const std::string other = compare_text(a, b);
  INFO(other);
  CHECK(other.find("| all | 1 | 3.00 | 0.0% | 0.0% |") != std::string::npos);
  CHECK(other.find("| early midgame, 31-45 empties | 1 | 3.00 |") != std::string::npos);
}

}  // namespace reversi::human
