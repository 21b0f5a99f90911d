// The player's games kept (Controller::on_history, open_archived; issue 35): which games
// are told, when, under which id, with what; and a kept game opened again.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "core/notation.h"
#include "fake_ai.h"
#include "ui/controller.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

struct Told {
  std::uint64_t id;
  ArchivedGame game;
};

struct Kept {
  Fixture f;
  std::vector<Told> told;
  explicit Kept(const std::string& query) : f(query) {
    f.c->set_history_ids(1000);
    f.c->set_date_source([] { return std::string("2026-11-28T02:00:00Z"); });
    f.c->on_history([this](std::uint64_t id, const ArchivedGame& g) { told.push_back({id, g}); });
  }
  Controller& c() { return *f.c; }
};

// Plays the game to its end: the person's moves and the computer's replies, first legal each.
void play_out(Kept& k) {
  Controller& c = k.c();
  for (int guard = 0; guard < 200 && !c.over(); ++guard) {
    if (c.human_to_move()) {
      REQUIRE(c.play(first_legal(c.position())).ok());
    } else {
      c.update(c.now() + 10000);
      REQUIRE(deliver(k.f.ai));
      c.update(c.now() + 1);
    }
  }
  REQUIRE(c.over());
}

// A review of the whole game: each position's first legal move (the one play_out plays)
// valued `loss` below the others, so each move played with a choice loses `loss`.
void review_all(Kept& k, double loss) {
  Controller& c = k.c();
  REQUIRE(c.start_review().ok());
  for (int n = 0; n < 200 && c.review().running; ++n) {
    REQUIRE(k.f.ai.analysis_current);
    const Position& p = k.f.ai.analysis_current->second.position;
    AnalysisSnapshot snapshot;
    snapshot.id = k.f.ai.analysis_current->first;
    if (p.must_pass()) snapshot.moves.push_back({PASS, ValueKind::Exact, 0.0, 60});
    for (Bitboard m = p.legal_moves(); m; m &= m - 1)
      snapshot.moves.push_back({Square(lowest_square(m)), ValueKind::Exact, snapshot.moves.empty() ? -loss : 0.0, 60});
    // Best first, as the analysis reports them.
    std::stable_sort(snapshot.moves.begin(), snapshot.moves.end(), [](const MoveValue& a, const MoveValue& b) { return a.value > b.value; });
    snapshot.done = true;
    k.f.ai.analysis_ready = snapshot;
    c.update(c.now() + 1);
  }
  REQUIRE_FALSE(c.review().running);
}

}  // namespace

TEST_CASE("history: a finished game against the computer is told once, with its players and date", "[ui][history]") {
  Kept k("color=black&opponent=level-2&speed=instant&pause=0");
  play_out(k);
  REQUIRE(k.told.size() == 1);
  const Told& t = k.told[0];
  CHECK(t.id == 1000);
  CHECK(t.game.date == "2026-11-28T02:00:00Z");
  CHECK(t.game.black == ArchivedSide{});
  CHECK(t.game.white == ArchivedSide{true, "level-2"});
  CHECK(to_transcript(t.game.moves) == k.c().game().transcript());
  CHECK(t.game.over());
  CHECK(k.c().archived_id() == 1000);
  // A new game after it tells nothing new (the finished game was told as it is).
  k.c().new_game();
  CHECK(k.told.size() == 1);
}

TEST_CASE("history: a game left unfinished is told when a new one starts, undo and finishing it is the same entry", "[ui][history]") {
  Kept k("color=both&speed=instant");
  for (Square s : {F5, D6, C3}) REQUIRE(k.c().play(s).ok());
  CHECK(k.told.empty());  // nothing yet: the game goes on
  k.c().new_game();
  REQUIRE(k.told.size() == 1);
  CHECK(to_transcript(k.told[0].game.moves) == "f5d6c3");
  CHECK_FALSE(k.told[0].game.over());
  CHECK(k.told[0].game.white == ArchivedSide{});  // two people
  // Undo brings the game back, and it goes on to its end under the same id.
  REQUIRE(k.c().undo());
  REQUIRE(k.c().game().transcript() == "f5d6c3");
  play_out(k);
  REQUIRE(k.told.size() == 2);
  CHECK(k.told[1].id == k.told[0].id);
  CHECK(k.told[1].game.over());
  CHECK(k.told[1].game.date == k.told[0].game.date);
}

TEST_CASE("history: nobody moved, a loaded or replayed game, a puzzle: nothing is told", "[ui][history]") {
  Kept k("color=both&speed=instant");
  k.c().new_game();
  REQUIRE(k.c().load("f5d6c3d3c4").ok());
  REQUIRE(k.c().replay("f5f6e6f4", ReplayInfo{"A", "B", "T", 2001}).ok());
  k.c().new_game();
  CHECK(k.told.empty());
  // A person's move in a loaded game makes it theirs.
  REQUIRE(k.c().load("f5d6c3d3c4").ok());
  REQUIRE(k.c().play(first_legal(k.c().position())).ok());
  k.c().new_game();
  REQUIRE(k.told.size() == 1);
  CHECK(k.told[0].game.moves.size() == 6);
}

TEST_CASE("history: a completed review adds each side's accuracy to the same entry", "[ui][history][review]") {
  Kept k("color=both&speed=instant");
  play_out(k);
  REQUIRE(k.told.size() == 1);
  CHECK_FALSE(k.told[0].game.black_accuracy);
  review_all(k, 0.0);  // every move played was the best
  REQUIRE(k.told.size() == 2);
  CHECK(k.told[1].id == k.told[0].id);
  REQUIRE(k.told[1].game.black_accuracy);
  CHECK(*k.told[1].game.black_accuracy == Approx(100));
  CHECK(*k.told[1].game.white_accuracy == Approx(100));
  // More updates of the finished review tell nothing more.
  k.c().update(k.c().now() + 100);
  CHECK(k.told.size() == 2);
}

TEST_CASE("history: the save carries the id and that a person moved, so a reload keeps the game", "[ui][history][save]") {
  std::string save;
  {
    Kept k("color=both&speed=instant");
    for (Square s : {F5, D6, C3}) REQUIRE(k.c().play(s).ok());
    save = k.c().save();
    CHECK(save.find("|history=0,played") != std::string::npos);
  }
  Kept k("color=both&speed=instant");
  REQUIRE(k.c().restore(save).ok());
  CHECK(k.c().save() == save);
  k.c().new_game();  // left unfinished after the reload: still the player's game
  REQUIRE(k.told.size() == 1);
  CHECK(to_transcript(k.told[0].game.moves) == "f5d6c3");
  // Once told, the id is saved too, and a bad history part is refused, nothing changed.
  REQUIRE(k.c().undo());
  const std::string with_id = k.c().save();
  CHECK(with_id.find("|history=1000,played") != std::string::npos);
  REQUIRE(k.c().restore(with_id).ok());
  CHECK_FALSE(k.c().restore("reversi-save-1|color=both|f5|||history=abc").ok());
  CHECK_FALSE(k.c().restore("reversi-save-1|color=both|f5|||story=1").ok());
  CHECK(k.c().save() == with_id);
}

TEST_CASE("history: a kept game opened again keeps who played it through a reload", "[ui][history][save]") {
  ArchivedGame g;
  g.date = "2026-01-02T03:04:05Z";
  g.black = {};
  g.white = {true, "level-6"};
  auto moves = parse_transcript("f5d6c3d3c4f4f6f3e6e7");
  REQUIRE(moves.ok());
  g.moves = *moves;
  // Finished or not, the cards' names come from the record when both seats are people:
  // a person's name from a file, with the save's separators in it, too.
  for (const ArchivedSide& black : {ArchivedSide{}, ArchivedSide{false, "Ann, 100% |sure|"}}) {
    g.black = black;
    std::string save, kept;
    {
      Kept k("color=both&speed=instant");
      REQUIRE(k.c().open_archived(archive_line(g), 77).ok());
      REQUIRE(k.c().kept_side(Color::Black));
      kept = k.c().state_json().substr(k.c().state_json().find("\"kept\":"));
      kept = kept.substr(0, kept.find('}', kept.find("\"white\"")) + 2);
      CHECK(kept.find("\"white\":{\"computer\":true,\"name\":\"level-6\"}") != std::string::npos);
      save = k.c().save();
    }
    INFO("save: " << save);
    Kept k("color=both&speed=instant");
    REQUIRE(k.c().restore(save).ok());
    CHECK(k.c().archived_id() == 77);
    REQUIRE(k.c().kept_side(Color::Black));
    REQUIRE(k.c().kept_side(Color::White));
    CHECK(*k.c().kept_side(Color::Black) == black);
    CHECK(*k.c().kept_side(Color::White) == ArchivedSide{true, "level-6"});
    CHECK(k.c().state_json().find(kept) != std::string::npos);
    CHECK(k.c().save() == save);
  }
  // A side cut short or of no known kind is refused, nothing changed.
  Kept k("color=both&speed=instant");
  const std::string before = k.c().save();
  CHECK_FALSE(k.c().restore("reversi-save-1|color=both|f5|||history=3,black=person:").ok());
  CHECK_FALSE(k.c().restore("reversi-save-1|color=both|f5|||history=3,black=robot:x,white=person:").ok());
  CHECK_FALSE(k.c().restore("reversi-save-1|color=both|f5|||history=3,black=person:%4,white=person:").ok());
  CHECK(k.c().save() == before);
}

TEST_CASE("history: a kept game opened again: finished shown from its start, unfinished taken up", "[ui][history]") {
  Kept k("color=both&speed=instant&pause=0");
  ArchivedGame g;
  g.date = "2026-01-02T03:04:05Z";
  g.black = {};
  g.white = {true, "level-1"};
  auto moves = parse_transcript("f5d6c3d3");
  REQUIRE(moves.ok());
  g.moves = *moves;
  REQUIRE(k.c().open_archived(archive_line(g), 77).ok());
  CHECK(k.c().game().transcript() == "f5d6c3d3");
  CHECK(k.c().archived_id() == 77);
  CHECK(k.c().options().white == Seat{false, "level-1"});  // the same opponent takes it up
  CHECK(k.c().options().black.human);
  CHECK_FALSE(k.c().kept_side(Color::White));  // the seats say who plays
  CHECK(k.c().state_json().find("\"kept\":null") != std::string::npos);
  REQUIRE(k.c().play(first_legal(k.c().position())).ok());
  k.c().new_game();
  REQUIRE(k.told.size() == 1);
  CHECK(k.told[0].id == 77);
  CHECK(k.told[0].game.date == "2026-01-02T03:04:05Z");
  CHECK(k.told[0].game.moves.size() == 5);
  // Bad text: refused, nothing changed.
  const std::string before = k.c().save();
  CHECK_FALSE(k.c().open_archived("(;GM[Othello]B[f5]W[a1];)", 5).ok());
  CHECK(k.c().save() == before);
  // An unknown computer player: both sides people.
  g.white = {true, "no-such-player"};
  REQUIRE(k.c().open_archived(archive_line(g), 78).ok());
  CHECK(k.c().options().white.human);
  // People on both seats now: the cards name who played it (the record's sides).
  REQUIRE(k.c().kept_side(Color::White));
  CHECK(k.c().kept_side(Color::White)->computer);
  CHECK(k.c().kept_side(Color::White)->name == "no-such-player");
  CHECK_FALSE(k.c().kept_side(Color::Black)->computer);
  CHECK(k.c().state_json().find("\"kept\":{\"black\":{\"computer\":false,\"name\":\"\"},\"white\":{\"computer\":true,"
                                "\"name\":\"no-such-player\"}}") != std::string::npos);
  // A new game: no longer the kept one.
  k.c().new_game();
  CHECK_FALSE(k.c().kept_side(Color::White));
}

TEST_CASE("history: a review keeps the person's mistakes, and practice takes them from kept games", "[ui][history][practice]") {
  Kept k("color=black&opponent=level-2&speed=instant&pause=0");
  play_out(k);
  review_all(k, 5.0);  // every move that had a choice lost 5 discs: the person's are mistakes
  REQUIRE(k.told.size() == 2);
  const ArchivedGame& g = k.told[1].game;
  REQUIRE_FALSE(g.mistakes.empty());
  for (const ArchivedMistake& m : g.mistakes) {
    // Only black's (the person's) moves, each with every legal move's value.
    const Position& p = k.c().game().position_at(m.ply - 1);
    CHECK(p.to_move == Color::Black);
    CHECK(m.values.size() == std::size_t(popcount(p.legal_moves())));
  }
  // From the kept line, in a fresh game: a drill opens at the first mistake's position.
  k.c().new_game();
  const std::string collection = archive_line(g) + "\n(;GM[Othello]B[z9];)\n";
  REQUIRE(k.c().practice_kept_mistakes(collection).ok());
  CHECK(k.c().practicing());
  CHECK(k.c().position() == Game::from_transcript(to_transcript(g.moves)).value().position_at(g.mistakes[0].ply - 1));
  CHECK(k.c().practice_session().drill_size() == g.mistakes.size());
  k.c().leave_practice();
  // No mistakes kept: an error, nothing opened.
  CHECK_FALSE(k.c().practice_kept_mistakes("f5d6c3").ok());
  CHECK_FALSE(k.c().practicing());
}
