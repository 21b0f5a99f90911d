// The player's kept games (core/game_archive.h): the GGF line of a kept game, read back;
// collections of GGF games or transcripts with the bad ones named; the page's JSON.
#include <catch2/catch.hpp>

#include "core/game_archive.h"
#include "core/game_text.h"
#include "core/notation.h"

using namespace reversi;

namespace {

ArchivedGame sample(std::string_view transcript) {
  ArchivedGame g;
  g.date = "2026-11-28T01:02:03Z";
  g.black = {};                      // a person here
  g.white = {true, "level-6"};       // the program
  auto moves = parse_transcript(transcript);
  REQUIRE(moves.ok());
  g.moves = *moves;
  return g;
}

// A whole game: the perfect-play-free "fast" shutout f5d6c3d3c4f4f6f3e6e7 ... is long; any
// legal game to the end will do, played here by always taking the first legal move.
ArchivedGame finished_game() {
  ArchivedGame g = sample("");
  Position p = Position::initial();
  while (!p.is_game_over()) {
    if (p.must_pass()) { p = p.pass(); continue; }
    const Square s = Square(lowest_square(p.legal_moves()));
    g.moves.push_back(s);
    p = p.play(s);
  }
  return g;
}

}  // namespace

TEST_CASE("archive: a kept game's line reads back as the same game") {
  ArchivedGame g = sample("f5d6c3d3c4");
  g.black_accuracy = 78.44;
  const std::string line = archive_line(g);
  CHECK(line.find("DT[2026-11-28T01:02:03Z]") != std::string::npos);
  CHECK(line.find("PB[Player]") != std::string::npos);
  CHECK(line.find("PW[Reversi level-6]") != std::string::npos);
  CHECK(line.find("XB[78.4]") != std::string::npos);
  CHECK(line.find("XW[") == std::string::npos);  // white not reviewed
  CHECK(line.find("RE[") == std::string::npos);  // unfinished
  auto back = read_archived(line);
  REQUIRE(back.ok());
  CHECK(back->moves == g.moves);
  CHECK(back->black == g.black);
  CHECK(back->white == g.white);
  CHECK(back->date == g.date);
  REQUIRE(back->black_accuracy);
  CHECK(*back->black_accuracy == Approx(78.4));
  CHECK_FALSE(back->white_accuracy);
  CHECK(archive_line(*back) == line);
}

TEST_CASE("archive: a finished game carries its result, readable by any GGF reader") {
  const ArchivedGame g = finished_game();
  REQUIRE(g.over());
  const Position f = g.final_position();
  const int diff = f.disc_count(Color::Black) - f.disc_count(Color::White);
  const std::string line = archive_line(g);
  CHECK(line.find("RE[" + std::string(diff > 0 ? "+" : "") + std::to_string(diff) + "]") != std::string::npos);
  auto plain = parse_game_text(line);  // the game as the page's Load reads it
  REQUIRE(plain.ok());
  CHECK(plain->moves == g.moves);
}

TEST_CASE("archive: names other programs write are kept as people's names") {
  auto g = read_archived("(;GM[Othello]PB[Tamenori Hideshi]PW[Reversi weighted]B[f5];)");
  REQUIRE(g.ok());
  CHECK_FALSE(g->black.computer);
  CHECK(g->black.name == "Tamenori Hideshi");
  CHECK(g->white.computer);
  CHECK(g->white.name == "weighted");
  CHECK(g->date.empty());
}

TEST_CASE("archive: an accuracy that is not one is left out, the game kept") {
  auto g = read_archived("(;GM[Othello]XB[abc]XW[140]B[f5];)");
  REQUIRE(g.ok());
  CHECK_FALSE(g->black_accuracy);
  CHECK_FALSE(g->white_accuracy);
}

TEST_CASE("archive: a GGF collection names its bad games and reads the others") {
  const std::string good1 = archive_line(sample("f5d6"));
  const std::string good2 = archive_line(finished_game());
  const std::string text = "1 " + good1 + "\n2 (;GM[Othello]B[f5]W[a1];)\n3 " + good2 +
                           "\n(;GM[Othello]C[a smiley ;) inside]B[f5];)\n(;GM[Othello]B[f5]";
  const Collection c = read_collection(text);
  REQUIRE(c.games.size() == 3);
  CHECK(to_transcript(c.games[0].moves) == "f5d6");
  CHECK(c.games[1].over());
  CHECK(to_transcript(c.games[2].moves) == "f5");  // the comment's ";)" does not end it
  CHECK(c.numbers == std::vector<std::size_t>{1, 3, 4});
  REQUIRE(c.rejected.size() == 2);
  CHECK(c.rejected[0].index == 2);
  CHECK(c.rejected[0].error.message.find("not legal") != std::string::npos);
  CHECK(c.rejected[1].index == 5);
  CHECK(c.rejected[1].error.message.find("closing") != std::string::npos);
}

TEST_CASE("archive: a game cut short costs only itself") {
  const std::string good = archive_line(sample("f5d6"));
  // A line cut in the middle of a value, then one cut before its end, then a good game.
  const Collection c = read_collection("(;GM[Othello]PB[Pla\n" + std::string("(;GM[Othello]B[f5]\n") + good + "\n");
  REQUIRE(c.games.size() == 1);
  CHECK(to_transcript(c.games[0].moves) == "f5d6");
  REQUIRE(c.rejected.size() == 2);
  CHECK(c.rejected[0].index == 1);
  CHECK(c.rejected[1].index == 2);
}

TEST_CASE("archive: transcripts one a line, comments and blank lines skipped") {
  const Collection c = read_collection("# my games\nf5d6c3\n\nf5f6e6f4\nf5h9\r\n  f5d6c5  \n");
  REQUIRE(c.games.size() == 3);
  CHECK(to_transcript(c.games[1].moves) == "f5f6e6f4");
  CHECK(to_transcript(c.games[2].moves) == "f5d6c5");
  REQUIRE(c.rejected.size() == 1);
  CHECK(c.rejected[0].index == 3);
  CHECK(c.rejected[0].error.message.find("h9") != std::string::npos);
  CHECK(read_collection("").games.empty());
  CHECK(read_collection("").rejected.empty());
}

TEST_CASE("archive: the page's JSON has the result, the opening and the line") {
  const std::string j = archived_json(sample("f5d6c3d3c4"));
  CHECK(j.find("\"moves\":\"f5d6c3d3c4\"") != std::string::npos);
  CHECK(j.find("\"over\":false") != std::string::npos);
  CHECK(j.find("\"white\":{\"computer\":true,\"name\":\"level-6\"}") != std::string::npos);
  CHECK(j.find("\"opening\":{\"en\":\"Tiger\"") != std::string::npos);
  CHECK(j.find("\"accuracy\":{\"black\":null,\"white\":null}") != std::string::npos);
  CHECK(j.find("\"ggf\":\"(;GM[Othello]PC[Reversi]") != std::string::npos);
}

TEST_CASE("archive: dates in UTC, ISO 8601") {
  CHECK(utc_date_text(0) == "1970-01-01T00:00:00Z");
  CHECK(utc_date_text(1795827723) == "2026-11-28T01:02:03Z");
  CHECK(utc_date_text(951782400) == "2000-02-29T00:00:00Z");
}

TEST_CASE("archive: the desktop's store replaces a game's line by its id and keeps every other line") {
  ArchivedGame a = sample("f5d6"), b = sample("f5f6");
  std::string store = archive_store_put("", 7, a);
  store = archive_store_put(store, 12, b);
  store = "junk that is no game\n" + store;
  a.moves.push_back(C3);
  a.black_accuracy = 90;
  store = archive_store_put(store, 7, a);  // the same game, further on and reviewed
  const Collection c = read_collection(store);
  REQUIRE(c.games.size() == 2);
  CHECK(to_transcript(c.games[0].moves) == "f5d6c3");
  CHECK(c.games[0].black_accuracy);
  CHECK(to_transcript(c.games[1].moves) == "f5f6");
  CHECK(store.rfind("junk that is no game\n7 (;", 0) == 0);
  // "1" is not a prefix of "12 ...": id 1 is a new line.
  store = archive_store_put(store, 1, b);
  CHECK(read_collection(store).games.size() == 3);
}

TEST_CASE("archive: the person's mistakes ride as XD and are checked against the game") {
  ArchivedGame g = sample("f5d6c3d3c4");
  // Before move 3 (black to move after f5 d6): c3, c5, c6? Use the real legal moves.
  Position p = Position::initial().play(F5);
  p = p.play(D6);
  ArchivedMistake m;
  m.ply = 3;
  m.exact = true;
  int v = 2;
  for (Bitboard b = p.legal_moves(); b; b &= b - 1) m.values.emplace_back(Square(lowest_square(b)), v--);
  g.mistakes.push_back(m);
  const std::string line = archive_line(g);
  CHECK(line.find("XD[3!:") != std::string::npos);
  auto back = read_archived(line);
  REQUIRE(back.ok());
  REQUIRE(back->mistakes.size() == 1);
  CHECK(back->mistakes[0] == m);
  CHECK(archived_json(*back).find("\"mistakes\":1") != std::string::npos);
  // A mistake whose moves are not the position's, past the game, or malformed is left out.
  for (const std::string bad : {"XD[3:a1=2,b2=3]", "XD[9:c3=1,c5=0]", "XD[x]", "XD[3!:c3=99,c5=0]", "XD[0:c3=1]"}) {
    auto g2 = read_archived("(;GM[Othello]" + bad + "B[f5]W[d6]B[c3]W[d3]B[c4];)");
    REQUIRE(g2.ok());
    CHECK(g2->mistakes.empty());
  }
}

TEST_CASE("archive: the desktop's store reads back with its ids, its bad lines named") {
  ArchivedGame a = sample("f5d6"), b = sample("f5f6");
  std::string store = archive_store_put("", 7, a);
  store = archive_store_put(store, 12, b);
  store = "junk that is no game\n\n" + store + "(;GM[Othello]B[f5];)\n7 " + archive_line(b) + "\n13 (;GM[Othello]B[a1];)\n";
  const Store s = read_store(store);
  REQUIRE(s.games.size() == 2);
  CHECK(s.games[0].id == 7);
  CHECK(s.games[0].game == a);
  CHECK(s.games[1].id == 12);
  CHECK(s.games[1].game == b);
  // Line numbers of the file (the blank line 2 counts, and is no error).
  REQUIRE(s.rejected.size() == 4);
  CHECK(s.rejected[0].index == 1);
  CHECK(s.rejected[0].error.message.find("not a whole number") != std::string::npos);
  CHECK(s.rejected[1].index == 5);  // a game with no id
  CHECK(s.rejected[2].index == 6);  // id 7 again: the first line is the one kept
  CHECK(s.rejected[2].error.message.find("earlier line") != std::string::npos);
  CHECK(s.rejected[3].index == 7);  // a1 is not legal
  CHECK(read_store("").games.empty());
  CHECK(read_store("\n\n").rejected.empty());
}
