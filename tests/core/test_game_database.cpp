// The expert-game database (core/game_database): a database built from the WTHOR
// sample in data/wthor answers as a straightforward replay of the sample's games does;
// positions match up to symmetry; damaged files are rejected with a message; the
// committed database (data/expert-games.bin) loads; the explorer's JSON answers
// (core/explorer_json) on the sample database. The opening names:
// test_opening_names.cpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "core/board_symmetry.h"
#include "core/bytes.h"
#include "core/explorer_json.h"
#include "core/file.h"
#include "core/game.h"
#include "core/game_database.h"
#include "core/notation.h"
#include "core/opening_names.h"
#include "core/wthor.h"
#include "contains.h"

using namespace reversi;

namespace {

std::string source(const std::string& leaf) { return std::string(REVERSI_SOURCE_DIR) + "/" + leaf; }

struct Sample {
  std::vector<WthorGame> games;
  std::vector<std::string> players, tournaments;
  std::vector<std::uint8_t> bytes;
};

// The two sample years as one database. The sample has no WTH.JOU: players are
// named by number.
const Sample& sample() {
  static const Sample s = [] {
    Sample s;
    for (const char* leaf : {"data/wthor/WTH_1983.wtb", "data/wthor/WTH_2021.wtb"}) {
      auto file = load_wthor(source(leaf));
      REQUIRE(file.ok());
      for (WthorGame& g : file->games) s.games.push_back(std::move(g));
    }
    auto trn = load_wthor_names(source("data/wthor/WTH.TRN"), kWthorTournamentNameSize);
    REQUIRE(trn.ok());
    s.tournaments = *trn;
    int players = 0;
    for (const WthorGame& g : s.games) players = std::max({players, g.black_player + 1, g.white_player + 1});
    for (int i = 0; i < players; ++i) s.players.push_back("Player " + std::to_string(i));
    auto bytes = encode_game_database(s.games, s.players, s.tournaments);
    REQUIRE(bytes.ok());
    s.bytes = *bytes;
    return s;
  }();
  return s;
}

const GameDatabase& sample_database() {
  static const GameDatabase db = [] {
    auto parsed = GameDatabase::parse(sample().bytes, "sample");
    INFO(parsed.error());
    REQUIRE(parsed.ok());
    return std::move(*parsed);
  }();
  return db;
}

// The position after a transcript (forced passes made), as the game records it.
Position after_moves(std::string_view transcript) {
  const auto game = Game::from_transcript(transcript);
  REQUIRE(game.ok());
  return game->position();
}

// A move's square up to the symmetries that leave `p` unchanged (the least image):
// in a symmetric position the moves that are images of each other are one move.
int move_class(const Position& p, Square s) {
  int least = s;
  for (int t = 0; t < kSymmetries; ++t)
    if (transform(p, t) == p) least = std::min(least, int(transform(s, t)));
  return least;
}

struct Counts {
  std::uint32_t games = 0, black = 0, draws = 0, white = 0;
  long difference = 0;
  friend bool operator==(const Counts&, const Counts&) = default;
};

struct Tally {
  std::uint32_t games = 0;
  std::map<int, Counts> moves;  // by move_class
};

// The reference: replay every game, compare each position with every image of
// `p` directly, and turn the next move with the symmetry found.
Tally scan(const std::vector<WthorGame>& games, const Position& p) {
  Tally t;
  for (const WthorGame& g : games) {
    Position q = Position::initial();
    for (std::size_t ply = 0; ply <= g.moves.size(); ++ply) {
      int found = -1;
      for (int u = 0; u < kSymmetries && found < 0; ++u)
        if (transform(q, u) == p) found = u;
      if (found >= 0) {
        ++t.games;
        if (ply < g.moves.size()) {
          Counts& c = t.moves[move_class(p, transform(g.moves[ply], found))];
          ++c.games;
          c.black += g.black_discs > 32;
          c.draws += g.black_discs == 32;
          c.white += g.black_discs < 32;
          c.difference += 2 * g.black_discs - 64;
        }
        break;  // a position is reached once a game at most
      }
      if (ply == g.moves.size()) break;
      q = q.play(g.moves[ply]);
      if (q.must_pass()) q = q.pass();
    }
  }
  return t;
}

Tally tally(const PositionStatistics& s, const Position& p) {
  Tally t;
  t.games = s.games;
  for (const MoveStatistics& m : s.moves) {
    Counts& c = t.moves[move_class(p, m.square)];
    CHECK(c.games == 0);  // one row a move
    c = {m.games, m.black_wins, m.draws, m.white_wins, std::lround(m.average_difference * m.games)};
  }
  return t;
}

std::vector<std::uint8_t> with_header_checksum(std::vector<std::uint8_t> bytes) {
  const std::uint32_t h = fnv1a(std::span(bytes).first(36));
  for (int i = 0; i < 4; ++i) bytes[36 + i] = std::uint8_t(h >> (8 * i));
  return bytes;
}

void check_rejected(const std::vector<std::uint8_t>& bytes, const char* part) {
  const auto parsed = GameDatabase::parse(bytes, "x.bin");
  REQUIRE_FALSE(parsed.ok());
  INFO(parsed.error());
  CHECK(contains(parsed.error(), "x.bin: "));
  CHECK(contains(parsed.error(), part));
}

}  // namespace

TEST_CASE("a database from the WTHOR sample holds its games", "[explorer]") {
  const GameDatabase& db = sample_database();
  REQUIRE(db.size() == sample().games.size());
  CHECK(db.size() == 199 + 680);
  CHECK(db.first_year() == 1983);
  CHECK(db.last_year() == 2021);
  for (std::uint32_t n : {1u, 2u, 199u, 200u, db.size()}) {
    const auto g = db.game(n);
    REQUIRE(g.ok());
    const WthorGame& w = sample().games[n - 1];
    CHECK(g->moves == w.moves);
    CHECK(g->year == w.year);
    CHECK(g->black_discs == w.black_discs);
    CHECK(g->theoretical_black == w.theoretical_black);
    CHECK(g->tournament == sample().tournaments[w.tournament]);
    CHECK(g->black == sample().players[w.black_player]);
  }
  CHECK_FALSE(db.game(0).ok());
  CHECK(contains(db.game(db.size() + 1).error(), "games 1 to 879"));
  // The benchmark's positions are the games' own: each reached by a game at least.
  const std::vector<Position> sampled = db.sample_positions(122);
  REQUIRE(sampled.size() == 122);
  CHECK(sampled[0] == Position::initial());
  for (const Position& p : sampled) CHECK(db.statistics(p).games >= 1);
    // Deterministic: the same games make the same bytes.
  CHECK(*encode_game_database(sample().games, sample().players, sample().tournaments) == sample().bytes);
}

TEST_CASE("position statistics equal a direct scan of the sample's games", "[explorer]") {
  const GameDatabase& db = sample_database();
  std::vector<Position> positions = {Position::initial(), after_moves("f5"), after_moves("f5d6"),
                                     after_moves("f5d6c3"), after_moves("f5d6c3d3c4"), after_moves("f5f6e6f4")};
  // Deep positions from the games themselves: at the indexed plies' end and beyond it.
  for (const int ply : {GameDatabase::kIndexedPlies, GameDatabase::kIndexedPlies + 1, 30, 45})
    for (const std::size_t g : {0u, 300u, 700u}) {
      const WthorGame& w = sample().games[g];
      positions.push_back(after_moves(to_transcript(std::span(w.moves).first(std::size_t(ply)))));
    }
  for (const Position& p : positions) {
    INFO(to_board_string(p));
    const Tally want = scan(sample().games, p);
    const Tally got = tally(db.statistics(p), p);
    CHECK(got.games == want.games);
    CHECK(got.moves == want.moves);
    CHECK(want.games > 0);
  }
  // The start: every game, its first moves ordered by frequency.
  const PositionStatistics start = db.statistics(Position::initial());
  CHECK(start.games == db.size());
  for (std::size_t i = 1; i < start.moves.size(); ++i) CHECK(start.moves[i - 1].games >= start.moves[i].games);
  // A position no game reached: a game left at move 41 for another legal move.
  const WthorGame& w = sample().games[10];
  Position off = after_moves(to_transcript(std::span(w.moves).first(40)));
  const Bitboard others = off.legal_moves() & ~(Bitboard{1} << w.moves[40]);
  REQUIRE(others != 0);
  off = off.play(Square(std::countr_zero(others)));
  CHECK(scan(sample().games, off).games == 0);
  CHECK(db.statistics(off).games == 0);
  CHECK(db.statistics(off).moves.empty());
}

TEST_CASE("statistics are the same up to symmetry, the moves turned to the position asked", "[explorer]") {
  const GameDatabase& db = sample_database();
  for (const char* line : {"f5", "f5d6c3", "f5f6e6f4e3"}) {
    const Position p = after_moves(line);
    const PositionStatistics base = db.statistics(p);
    REQUIRE(base.games > 0);
    for (int t = 0; t < kSymmetries; ++t) {
      INFO(line << " turned by symmetry " << t);
      const PositionStatistics turned = db.statistics(transform(p, t));
      CHECK(turned.games == base.games);
      REQUIRE(turned.moves.size() == base.moves.size());
      // Each move of `base` appears turned, with the same counts (the order of equal counts may differ).
      for (const MoveStatistics& m : base.moves) {
        MoveStatistics want = m;
        want.square = transform(m.square, t);
        CHECK(std::count(turned.moves.begin(), turned.moves.end(), want) == 1);
      }
    }
  }
  // The d3 opening sees the f5 games turned: f5 d6 is d3 c5 (mirror on the diagonal a1-h8... h8-a1).
  const PositionStatistics d3 = db.statistics(after_moves("d3"));
  const PositionStatistics f5 = db.statistics(after_moves("f5"));
  CHECK(d3.games == f5.games);
  REQUIRE(!f5.moves.empty());
  CHECK(square_name(f5.moves[0].square) == "d6");
  CHECK(square_name(d3.moves[0].square) == "c5");
  CHECK(d3.moves[0].games == f5.moves[0].games);
}

TEST_CASE("game search by player, tournament, year and position", "[explorer]") {
  const GameDatabase& db = sample_database();
  const Sample& s = sample();
  const WthorGame& first = s.games[0];
  GameFilter by_player;
  by_player.player = "player " + std::to_string(first.black_player);  // case aside
  const auto found = db.games(by_player);
  REQUIRE(found.ok());
  std::uint32_t games = 0, wins = 0;
  for (const WthorGame& g : s.games) {
    const bool black = g.black_player == first.black_player, white = g.white_player == first.black_player;
    if (!black && !white) continue;
    ++games;
    wins += (black && g.black_discs > 32) || (white && g.black_discs < 32);
  }
  CHECK(found->numbers.size() == games);
  CHECK(found->player_games == games);
  CHECK(found->player_wins == wins);
  CHECK(found->player == s.players[first.black_player]);

  GameFilter by_year;
  by_year.year = 1983;
  CHECK(db.games(by_year)->numbers.size() == 199);
  GameFilter by_tournament;
  by_tournament.tournament = s.tournaments[first.tournament];
  const auto in_tournament = db.games(by_tournament);
  REQUIRE(in_tournament.ok());
  CHECK(in_tournament->numbers.size() ==
        std::size_t(std::count_if(s.games.begin(), s.games.end(), [&](const WthorGame& g) {
          return s.tournaments[g.tournament] == s.tournaments[first.tournament];
        })));
  GameFilter by_position;
  by_position.position = after_moves("f5d6c3");
  CHECK(db.games(by_position)->numbers.size() == scan(s.games, after_moves("f5d6c3")).games);
  by_position.year = 2021;
  const auto both = db.games(by_position);
  for (std::uint32_t n : both->numbers) CHECK(db.game(n)->year == 2021);

  GameFilter unknown;
  unknown.player = "Nobody Atall";
  CHECK(db.games(unknown).error() == "no player's name contains 'Nobody Atall'");
  CHECK(db.games(unknown).failure().key == "error.games.player");  // said in the player's language
  // A whole name (case aside) is that player; part of one finds every name containing it.
  GameFilter part;
  part.player = "player 1";
  const auto whole = db.games(part);
  REQUIRE(whole.ok());
  REQUIRE(whole->player);
  CHECK(*whole->player == "Player 1");
  CHECK(whole->players == std::vector<std::string>{"Player 1"});
  part.player = "layer 1";  // no such name: every name containing it
  const auto partial = db.games(part);
  REQUIRE(partial.ok());
  CHECK(std::find(partial->players.begin(), partial->players.end(), "Player 1") != partial->players.end());
  for (const std::string& name : partial->players) CHECK(contains(name, "layer 1"));
  CHECK(partial->player.has_value() == (partial->players.size() == 1));
  CHECK(partial->numbers.size() >= whole->numbers.size());
  for (std::uint32_t n : partial->numbers) {
    const auto g = db.game(n);
    CHECK((contains(g->black, "layer 1") || contains(g->white, "layer 1")));
  }
  GameFilter out_of_range;
  out_of_range.year = 1950;
  CHECK(db.games(out_of_range).error() == "year 1950 is out of range (the games are from 1983 to 2021)");
  GameFilter bad_tournament;
  bad_tournament.tournament = "No Such Cup";
  CHECK(db.games(bad_tournament).error() == "no tournament's name contains 'No Such Cup'");
}

TEST_CASE("a damaged, truncated or foreign database is rejected with a message", "[explorer]") {
  const std::vector<std::uint8_t>& good = sample().bytes;
  REQUIRE(GameDatabase::parse(good).ok());
  check_rejected({}, "not an expert-game database");
  check_rejected(std::vector<std::uint8_t>(good.begin(), good.begin() + 39), "not an expert-game database");
  auto foreign = good;
  foreign[0] = 'X';
  check_rejected(foreign, "no RVGAMEDB signature");
  auto version = good;
  version[8] = 2;
  check_rejected(with_header_checksum(version), "version 2");
  auto header = good;
  header[12] ^= 1;  // the game count, header checksum left
  check_rejected(header, "damaged header");
  check_rejected(std::vector<std::uint8_t>(good.begin(), good.end() - 1), "truncated");
  auto longer = good;
  longer.push_back(0);
  check_rejected(longer, "1 bytes after the end");
  auto body = good;
  body[body.size() / 2] ^= 0x40;
  check_rejected(body, "checksum of its contents");
  // A lying header (checksums made to match): rejected before anything is allocated.
  for (const int field : {12, 16, 20, 24}) {
    auto lying = good;
    lying[field + 3] = 0x7F;
    check_rejected(with_header_checksum(lying), "counts do not fit");
  }
  // A move that is not among the legal moves, all checksums right.
  auto illegal = good;
  illegal.back() = 60;
  const std::uint32_t body_sum = fnv1a(std::span(illegal).subspan(kGameDatabaseHeaderSize));
  for (int i = 0; i < 4; ++i) illegal[32 + i] = std::uint8_t(body_sum >> (8 * i));
  check_rejected(with_header_checksum(illegal), "game 879: move");
  // From a file: a missing one names its path.
  CHECK(contains(GameDatabase::load("/nonexistent/expert-games.bin").error(), "/nonexistent/expert-games.bin"));
}

TEST_CASE("the committed database holds all 137,548 WTHOR games", "[explorer][slow]") {
  const auto db = GameDatabase::load(source("data/expert-games.bin"));
  INFO(db.error());
  REQUIRE(db.ok());  // the checksums of header and contents verified, every move replayed
  CHECK(db->size() == 137548);
  CHECK(db->first_year() == 1977);
  CHECK(db->last_year() == 2025);
  CHECK(db->statistics(Position::initial()).games == 137548);
  const auto first = db->game(1);
  CHECK(first->year == 1977);
  CHECK(first->moves.size() == 60);
  CHECK(db->memory_bytes() < 64u * 1024 * 1024);
}

TEST_CASE("explorer per cents: one decimal, as every table and described move says them", "[explorer]") {
  CHECK(explorer_percent(0, 0) == "0.0");
  CHECK(explorer_percent(5, 0) == "0.0");
  CHECK(explorer_percent(1, 3) == "33.3");
  CHECK(explorer_percent(2, 3) == "66.7");
  CHECK(explorer_percent(309, 1234) == "25.0");
  CHECK(explorer_percent(7, 7) == "100.0");
}

TEST_CASE("the explorer's JSON answers hold the statistics and the games", "[explorer]") {
  const GameDatabase& db = sample_database();
  const Position p = after_moves("f5d6c3d3c4");
  const PositionStatistics s = db.statistics(p);
  REQUIRE(!s.moves.empty());
  const Opening* tiger = OpeningNames::standard().at(p);
  const std::string json = explore_json(s, tiger);
  CHECK(json.starts_with("{\"games\":" + std::to_string(s.games) + ",\"name\":{\"en\":\"Tiger\",\"ja\":\"虎定石\"},\"moves\":[{"));
  const MoveStatistics& m = s.moves[0];
  CHECK(contains(json, "{\"square\":\"" + square_name(m.square) + "\",\"games\":" + std::to_string(m.games) +
                           ",\"blackWins\":" + std::to_string(m.black_wins) + ",\"draws\":" + std::to_string(m.draws) +
                           ",\"whiteWins\":" + std::to_string(m.white_wins) + ",\"averageDiff\":"));
  CHECK(contains(json, ",\"percent\":{\"black\":\"" + explorer_percent(m.black_wins, m.games) + "\",\"draws\":\"" +
                           explorer_percent(m.draws, m.games) + "\",\"white\":\"" +
                           explorer_percent(m.white_wins, m.games) + "\"}}"));
  CHECK(std::count(json.begin(), json.end(), '{') == std::ptrdiff_t(2 + 2 * s.moves.size()));  // a move and its per cents
  CHECK(explore_json(db.statistics(Position::initial()), nullptr).find("\"name\":null") != std::string::npos);

  ExplorerRequest r;
  r.ask = ExplorerAsk::Games;
  r.filter.year = 1983;
  r.limit = 2;
  const ExplorerReply found = answer_explorer(db, r);
  REQUIRE(found.error.message.empty());
  const std::string games = games_json(found.games);
  CHECK(games.starts_with("{\"count\":199,\"player\":null,\"players\":[],\"games\":[{\"number\":1,\"year\":1983,"));
  CHECK(contains(games, "\"moves\":\"" + to_transcript(sample().games[1].moves) + "\"}]}"));
  CHECK(std::count(games.begin(), games.end(), '{') == 3);
}
