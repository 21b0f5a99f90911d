// The WTHOR reader (core/wthor) on the sample in data/wthor and on damaged copies of it.
#include <catch2/catch.hpp>

#include <algorithm>

#include "core/notation.h"
#include "core/wthor.h"
#include "contains.h"

using namespace reversi;

namespace {

std::string sample(const char* leaf) { return std::string(REVERSI_SOURCE_DIR) + "/data/wthor/" + leaf; }

std::vector<std::uint8_t> sample_bytes(const char* leaf) {
  auto bytes = read_file_bytes(sample(leaf));
  REQUIRE(bytes.ok());
  return *bytes;
}

// Byte offset of move `move` (1-based) of game `game` (1-based).
std::size_t move_offset(int game, int move) {
  return kWthorHeaderSize + std::size_t(game - 1) * kWthorGameSize + 8 + std::size_t(move - 1);
}

// The parse fails with a message holding every part.
void check_rejected(const std::vector<std::uint8_t>& bytes, std::initializer_list<const char*> parts) {
  const auto parsed = parse_wthor(bytes, "x.wtb");
  REQUIRE_FALSE(parsed.ok());
  INFO(parsed.error());
  CHECK(contains(parsed.error(), "x.wtb: "));
  for (const char* part : parts) CHECK(contains(parsed.error(), part));
}

}  // namespace

TEST_CASE("every game of the WTHOR sample replays legally to its recorded result", "[wthor]") {
  struct Expect {
    const char* file;
    int year;
    std::size_t games;
    std::size_t incomplete;
  };
  for (const Expect& e : {Expect{"WTH_1983.wtb", 1983, 199, 1}, Expect{"WTH_2021.wtb", 2021, 680, 0}}) {
    INFO(e.file);
    const auto file = load_wthor(sample(e.file));
    REQUIRE(file.ok());
    CHECK(file->header.game_year == e.year);
    CHECK(file->header.depth == 24);
    REQUIRE(file->games.size() == e.games);
    std::size_t incomplete = 0;
    for (std::size_t i = 0; i < file->games.size(); ++i) {
      const WthorGame& g = file->games[i];
      INFO("game " << i + 1 << " " << to_transcript(g.moves));
      CHECK(g.year == e.year);
      CHECK(g.moves.size() <= 60);
      // Replayed here on its own, move by move, passing only when forced.
      Position p = Position::initial();
      for (Square s : g.moves) {
        REQUIRE_FALSE(p.is_game_over());
        REQUIRE(p.is_legal(s));
        p = p.play(s);
        if (p.must_pass()) p = p.pass();
      }
      CHECK(p == g.final);
      CHECK(g.complete() == p.is_game_over());
      if (!g.complete()) {
        ++incomplete;
        continue;
      }
      // The recorded result: black's discs, empty squares to the winner.
      const int black = p.disc_count(Color::Black), white = p.disc_count(Color::White);
      const int empties = 64 - black - white;
      const int expected = black > white ? black + empties : black < white ? black : black + empties / 2;
      CHECK(g.black_discs == expected);
      CHECK(g.counted_black_discs() == expected);
      CHECK(g.theoretical_black <= 64);
    }
    CHECK(incomplete == e.incomplete);
  }
}

TEST_CASE("a WTHOR file re-encodes to its own bytes", "[wthor]") {
  for (const char* leaf : {"WTH_1983.wtb", "WTH_2021.wtb"}) {
    const auto bytes = sample_bytes(leaf);
    const auto file = parse_wthor(bytes);
    REQUIRE(file.ok());
    CHECK(encode_wthor(*file) == bytes);
  }
}

TEST_CASE("move bytes are 10 x column + row", "[wthor]") {
  // One game by hand: f5 (byte 65), d6 (46), c3 (33), then a 0.
  std::vector<std::uint8_t> bytes(kWthorHeaderSize + kWthorGameSize, 0);
  bytes[4] = 1;                                 // one game
  bytes[10] = 0xE5, bytes[11] = 0x07;           // 2021
  bytes[16] = 7, bytes[18] = 300 & 0xFF, bytes[19] = 300 >> 8, bytes[20] = 2;  // tournament, players
  bytes[22] = 33, bytes[23] = 32;               // black's discs, theoretical
  bytes[24] = 65, bytes[25] = 46, bytes[26] = 33;
  const auto file = parse_wthor(bytes);
  REQUIRE(file.ok());
  const WthorGame& g = file->games.at(0);
  CHECK(to_transcript(g.moves) == "f5d6c3");
  CHECK(g.year == 2021);
  CHECK(g.tournament == 7);
  CHECK(g.black_player == 300);
  CHECK(g.white_player == 2);
  CHECK(g.black_discs == 33);
  CHECK(g.theoretical_black == 32);
  CHECK_FALSE(g.complete());
  CHECK(encode_wthor(*file) == bytes);
}

TEST_CASE("malformed WTHOR files are rejected naming the game and the move", "[wthor]") {
  const auto good = sample_bytes("WTH_1983.wtb");
  REQUIRE(parse_wthor(good).ok());

  SECTION("short header") {
    check_rejected(std::vector<std::uint8_t>(good.begin(), good.begin() + 10), {"short header", "10 bytes"});
    check_rejected({}, {"short header", "0 bytes"});
  }
  SECTION("the game count does not match the size") {
    auto truncated = std::vector<std::uint8_t>(good.begin(), good.end() - 1);
    check_rejected(truncated, {"199 games", "13548 bytes", "13547"});
    auto padded = good;
    padded.push_back(0);
    check_rejected(padded, {"199 games", "13549"});
    auto counted = good;
    counted[4] = 200;
    check_rejected(counted, {"200 games", "13616 bytes", "13548"});
    auto huge = good;
    huge[7] = 0xFF;  // 4 billion games in a 13 KB file: rejected before anything is allocated
    check_rejected(huge, {"games"});
  }
  SECTION("a move byte that is not a square") {
    for (std::uint8_t b : {std::uint8_t(9), std::uint8_t(10), std::uint8_t(19), std::uint8_t(90),
                           std::uint8_t(99), std::uint8_t(255)}) {
      auto bad = good;
      bad[move_offset(3, 5)] = b;
      check_rejected(bad, {"game 3: move 5", ("byte " + std::to_string(b)).c_str(), "not a square"});
    }
  }
  SECTION("an illegal move") {
    auto bad = good;
    bad[move_offset(1, 1)] = 11;  // a1 as the first move
    check_rejected(bad, {"game 1: move 1 a1", "not a legal move for black"});
    bad = good;
    bad[move_offset(42, 2)] = bad[move_offset(42, 1)];  // the same square twice
    check_rejected(bad, {"game 42: move 2", "not a legal move for white"});
  }
  SECTION("a move after the end of the game") {
    // A game of the sample that ended before 60 moves, as recorded; then one move more.
    const auto file = parse_wthor(good);
    const auto& games = file->games;
    const auto it = std::find_if(games.begin(), games.end(),
                                 [](const WthorGame& g) { return g.complete() && g.moves.size() < 60; });
    REQUIRE(it != games.end());
    const int game = int(it - games.begin()) + 1, move = int(it->moves.size()) + 1;
    auto bad = good;
    bad[move_offset(game, move)] = 11;
    check_rejected(bad, {("game " + std::to_string(game) + ": move " + std::to_string(move)).c_str(),
                         "the game is over"});
  }
  SECTION("moves after the 0 that ended a game") {
    const auto file = parse_wthor(good);
    const auto& games = file->games;
    const auto it = std::find_if(games.begin(), games.end(), [](const WthorGame& g) { return !g.complete(); });
    REQUIRE(it != games.end());
    const int game = int(it - games.begin()) + 1, zero = int(it->moves.size()) + 1;
    auto bad = good;
    bad[move_offset(game, 60)] = 88;
    check_rejected(bad, {("game " + std::to_string(game) + ": move 60").c_str(),
                         ("ended the game at move " + std::to_string(zero)).c_str()});
  }
  SECTION("disc counts above 64") {
    auto bad = good;
    bad[kWthorHeaderSize + 6] = 65;
    check_rejected(bad, {"game 1", "disc count 65"});
    bad = good;
    bad[kWthorHeaderSize + 5 * kWthorGameSize + 7] = 200;
    check_rejected(bad, {"game 6", "theoretical disc count 200"});
  }
  SECTION("a board that is not 8x8") {
    auto bad = good;
    bad[12] = 10;
    check_rejected(bad, {"board size 10"});
  }
}

TEST_CASE("WTHOR name files: Latin-1 names in record order", "[wthor]") {
  const auto bytes = sample_bytes("WTH.TRN");
  const auto names = parse_wthor_names(bytes, kWthorTournamentNameSize);
  REQUIRE(names.ok());
  REQUIRE(names->size() == 492);
  CHECK(names->at(0) == "Diverses parties");
  CHECK(names->at(1) == "World Championship");
  CHECK(std::count(names->begin(), names->end(), "Championnat Tch\xC3\xA8que") == 1);  // è from Latin-1 0xE8

  // The same bytes read with the players' record size do not add up.
  const auto wrong = parse_wthor_names(bytes, kWthorPlayerNameSize, "WTH.TRN");
  REQUIRE_FALSE(wrong.ok());
  CHECK(contains(wrong.error(), "WTH.TRN: the header says 492 names of 20 bytes"));
  CHECK_FALSE(parse_wthor_names(std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + 15),
                                kWthorTournamentNameSize)
                  .ok());
  // A name that fills its record has no terminating zero.
  std::vector<std::uint8_t> full(kWthorHeaderSize, 0);
  full[8] = 1;
  for (std::size_t i = 0; i < kWthorPlayerNameSize; ++i) full.push_back(std::uint8_t('a' + i));
  const auto one = parse_wthor_names(full, kWthorPlayerNameSize);
  REQUIRE(one.ok());
  CHECK(one->at(0) == "abcdefghijklmnopqrst");
}

TEST_CASE("a missing WTHOR file is an error naming it", "[wthor]") {
  const auto file = load_wthor(sample("WTH_1066.wtb"));
  REQUIRE_FALSE(file.ok());
  CHECK(contains(file.error(), "WTH_1066.wtb"));
}
