// The controller's import and saves: a game loaded from text (load) and a saved game
// read back (restore), over the fake AI client.
#include <catch2/catch.hpp>

#include "core/board_symmetry.h"
#include "core/game_text.h"
#include "core/notation.h"
#include "fake_ai.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

TEST_CASE("load: a transcript, a board or a GGF game becomes the game, a bad one changes nothing", "[ui][import]") {
  Fixture f("color=black&opponent=first-legal&speed=instant");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1);
  const std::string before = c.state_json();
  const std::string saved = c.save();
  for (const char* bad : {"f5 d6 c3 d3 c4 f4 h9", "f5f5", "XO-", "(;GM[Othello]B[f5]", ""}) {
    INFO(bad);
    const Status s = c.load(bad);
    CHECK_FALSE(s.ok());
    CHECK_FALSE(s.error().empty());
    CHECK(c.state_json() == before);
    CHECK(c.save() == saved);
  }
  CHECK(c.load("f5 d6 c3 d3 c4 f4 h9").error().find("move 7") != std::string::npos);

  REQUIRE(c.load("1. F5 D6 2. c3").ok());
  CHECK(c.game().transcript() == "f5d6c3");
  CHECK(c.options().black.human);
  CHECK(c.options().white.human);  // a loaded game is replayed by people
  CHECK(*c.export_game("transcript") == "f5d6c3");
  CHECK(c.can_undo());

  // A set-up position: it is the start, exported and saved with the game.
  const std::string board = "XXX------OO-----------------------------------------------------O";
  REQUIRE(c.load(board).ok());
  CHECK(c.game().ply() == 0);
  CHECK(*c.export_game("start") == to_board_string(c.game().start()));
  CHECK(c.position().disc_count(Color::Black) == 3);
  const Square move = first_legal(c.position());
  REQUIRE(c.play(move).ok());
  const std::string ggf = *c.export_game("ggf");
  CHECK(ggf.find("BO[8 ") != std::string::npos);
  const std::string line = c.save();
  REQUIRE(c.load("f5").ok());
  REQUIRE(c.restore(line).ok());
  CHECK(c.game().start() == Game(*parse_board_string(board)).start());
  CHECK(c.game().transcript() == square_name(move));
  REQUIRE(c.load(ggf).ok());
  CHECK(c.game().transcript() == square_name(move));
  CHECK(c.export_game("pdf").error().find("not one of") != std::string::npos);

  // A finished position is allowed, and says so.
  REQUIRE(c.load("---------------------------X------------------------------------ O").ok());
  CHECK(c.over());
  CHECK(c.status_line().find("Black wins") != std::string::npos);
}

TEST_CASE("restore: the moves played and those to redo are read apart (fuzz_restore)", "[ui][import]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  const std::string saved = c.save();
  // A move number and a stray mark in the other field must not join into "6.".
  CHECK_FALSE(c.restore("reversi-save-1||6|.").ok());
  CHECK(c.save() == saved);
  REQUIRE(c.restore("reversi-save-1|color=both|1. f5|2. d6").ok());
  CHECK(c.game().transcript() == "f5");
  REQUIRE(c.redo());
  CHECK(c.game().transcript() == "f5d6");
}

TEST_CASE("opening: the name of the position shown, in the options' language, none from a set-up board",
          "[ui][opening]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  CHECK(c.opening() == nullptr);
  CHECK(c.opening_name().empty());
  CHECK(c.state_json().find("\"opening\":null") != std::string::npos);

  // The Tiger (f5 d6 c3 d3 c4) in every orientation its moves can be played in from the
  // start (the other four turn the start itself: those are set-up boards, below).
  const std::vector<Square> tiger = *parse_transcript("f5d6c3d3c4");
  int orientations = 0;
  for (int t = 0; t < kSymmetries; ++t) {
    if (transform(Position::initial(), t) != Position::initial()) continue;
    ++orientations;
    std::string transcript;
    for (Square s : tiger) transcript += square_name(transform(s, t));
    INFO(transcript);
    REQUIRE(c.load(transcript).ok());
    c.update(1);
    REQUIRE(c.opening() != nullptr);
    CHECK(c.opening()->english == "Tiger");
    CHECK(c.opening_name() == "Tiger");
    CHECK(c.state_json().find("\"opening\":{\"en\":\"Tiger\",\"ja\":\"虎定石\"}") != std::string::npos);
    Options ja = c.options();
    ja.lang = Lang::Ja;
    c.set_options(ja);
    CHECK(c.opening_name() == "虎定石");
    ja.lang = Lang::En;
    c.set_options(ja);
  }
  CHECK(orientations == 4);

  // Viewing an earlier move gives that move's opening; past the opening the deepest stays.
  REQUIRE(c.load("f5d6c3d3c4f4c5b3c2").ok());
  CHECK(c.opening_name() == "Rose-Bill");
  REQUIRE(c.view(5).ok());
  CHECK(c.opening_name() == "Tiger");
  CHECK(c.state_json().find("\"en\":\"Tiger\"") != std::string::npos);
  REQUIRE(c.view(1).ok());
  CHECK(c.opening() == nullptr);  // one move names nothing
  c.view_live();
  CHECK(c.opening_name() == "Rose-Bill");

  // The exported GGF game carries it as its comment, and reads back as the same game.
  const std::string ggf = *c.export_game("ggf");
  CHECK(ggf.find("C[Opening: Rose-Bill / 花形定石ローズビル]") != std::string::npos);
  const auto parsed = parse_ggf(ggf);
  REQUIRE(parsed.ok());
  CHECK(parsed->comment == "Opening: Rose-Bill / 花形定石ローズビル");
  REQUIRE(c.load(ggf).ok());
  CHECK(c.game().transcript() == "f5d6c3d3c4f4c5b3c2");
  CHECK(c.opening_name() == "Rose-Bill");
  // No opening, no comment.
  REQUIRE(c.load("f5").ok());
  CHECK(c.export_game("ggf")->find("C[") == std::string::npos);

  // A set-up board (here the Tiger's own position) names nothing.
  REQUIRE(c.load("f5d6c3d3c4").ok());
  const std::string tiger_board = *c.export_game("board");
  REQUIRE(c.load(tiger_board).ok());
  CHECK(c.opening() == nullptr);
  CHECK(c.state_json().find("\"opening\":null") != std::string::npos);
  CHECK(c.export_game("ggf")->find("C[") == std::string::npos);
}

TEST_CASE("replay: an expert game shown from its start with its players, undo brings the player's game back", "[ui][import]") {
  Fixture f("color=black&opponent=first-legal&speed=instant");
  Controller& c = *f.c;
  const Options mine = c.options();
  // Even a game nobody has moved in is the way back (with its computer opponent).
  const std::string expert = "f5d6c3d3c4f4f6f3e6e7";
  REQUIRE(c.replay(expert, {"Tamenori Hideshi", "???", "World Championship", 2004}).ok());
  CHECK(c.game().transcript() == expert);
  REQUIRE(c.viewing());
  CHECK(*c.viewing() == 0);  // from its start
  REQUIRE(c.replay_info());
  CHECK(c.replay_info()->black == "Tamenori Hideshi");
  // The database's unknown player ("???") is named in words in what the page gets (ui::expert_name).
  CHECK(c.state_json().find("\"replay\":{\"black\":\"Tamenori Hideshi\",\"white\":\"unknown player\"") != std::string::npos);
  CHECK(c.state_json().find("\"undoReturns\":true") != std::string::npos);
  // A second replay from the first: undo still goes back to the player's game.
  REQUIRE(c.replay("f5f6e6f4", {"A", "B", "T", 1990}).ok());
  CHECK(c.replay_info()->black == "A");
  // A bad text changes nothing.
  const std::string before = c.state_json();
  CHECK_FALSE(c.replay("f5f5", {"X", "Y", "Z", 2000}).ok());
  CHECK(c.state_json() == before);
  REQUIRE(c.undo());
  CHECK(c.game().ply() == 0);
  CHECK(c.options() == mine);
  CHECK_FALSE(c.replay_info());
  CHECK(c.state_json().find("\"replay\":null") != std::string::npos);
  // The way back is one way (issue 44): Redo does not open the replay again.
  CHECK_FALSE(c.can_redo());
  CHECK_FALSE(c.redo());
  CHECK_FALSE(c.replay_info());
  CHECK(c.state_json().find("\"canRedo\":false") != std::string::npos);
  // A new game replaces a replay: the names go.
  REQUIRE(c.replay(expert, {"A", "B", "T", 1990}).ok());
  c.new_game();
  CHECK_FALSE(c.replay_info());
  // After moves in the player's game, the replay's undo returns to them.
  Fixture g("color=black&opponent=first-legal&speed=instant");
  REQUIRE(g.c->play(F5).ok());
  g.c->update(1);
  const std::string mine_moves = g.c->game().transcript();
  REQUIRE(g.c->replay(expert, {"A", "B", "T", 1990}).ok());
  REQUIRE(g.c->undo());
  CHECK(g.c->game().transcript() == mine_moves);
  CHECK_FALSE(g.c->replay_info());
  CHECK_FALSE(g.c->can_redo());
}
