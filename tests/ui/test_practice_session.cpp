// The practice room (ui/practice_session.h) through the controller, over the fake AI
// client: puzzles judged right and wrong with their words, the Glicko-2 rating (checked
// against core/rating directly), the next puzzle, the daily puzzle, hints, refusals that
// change nothing, the record's text, the real game coming back exactly, the drill from
// a reviewed game and the endgame trainer's values.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "core/file.h"
#include "core/game_text.h"
#include "core/json.h"
#include "core/notation.h"
#include "core/random.h"
#include "core/rating.h"
#include "engine/endgame.h"
#include "engine/puzzles.h"
#include "fake_ai.h"
#include "ui/practice_session.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

const std::vector<std::uint8_t>& shipped_bytes() {
  static const std::vector<std::uint8_t> bytes = [] {
    auto read = read_file_bytes(std::string(REVERSI_SOURCE_DIR) + "/data/puzzles.bin");
    INFO(read.error());
    REQUIRE(read.ok());
    return *read;
  }();
  return bytes;
}

const PuzzleSet& shipped() {
  static const PuzzleSet set = [] {
    auto parsed = parse_puzzles(shipped_bytes());
    REQUIRE(parsed.ok());
    return *parsed;
  }();
  return set;
}

// The controller's JSON without the practice block (which holds the player's rating)
// and the last field, "rejected".
std::string without_practice(const std::string& json) {
  const std::size_t at = json.find(",\"practice\":");
  REQUIRE(at != std::string::npos);
  const std::size_t end = json.find(",\"rejected\":");
  return json.substr(0, at) + json.substr(end);
}

std::string practice_json(const Controller& c) {
  const std::string json = c.state_json();
  const std::size_t at = json.find(",\"practice\":");
  return json.substr(at, json.find(",\"rejected\":") - at);
}

// As the board writes a value: "+4", "0", and a true minus sign, "\u22126".
std::string signed_value(int v) { return (v > 0 ? "+" : v < 0 ? "\u2212" : "") + std::to_string(v < 0 ? -v : v); }
// The engine's judge() (reversi-cli puzzle --answer) writes ASCII: "-6", "+0".
std::string engine_words(std::string message) {
  for (std::size_t at; (at = message.find("\u2212")) != std::string::npos;) message.replace(at, 3, "-");
  for (std::size_t at = 0; (at = message.find("(0)", at)) != std::string::npos; at += 4) message.replace(at, 3, "(+0)");
  return message;
}

Fixture loaded(const std::string& query = "color=black&speed=instant") {
  Fixture f(query);
  REQUIRE(f.c->set_puzzles(shipped_bytes()).ok());
  return f;
}

// Answers the analysis asked for with every move's exact value, from the solver.
void deliver_exact(FakeAiState& ai, EndgameSolver& solver) {
  const Position& p = ai.analysis_current->second.position;
  AnalysisSnapshot snapshot;
  snapshot.id = ai.analysis_current->first;
  for (const PuzzleMove& m : exact_move_values(solver, p))
    snapshot.moves.push_back({m.square, ValueKind::Exact, double(m.value), p.empty_count()});
  snapshot.complete = snapshot.done = true;
  ai.analysis_ready = snapshot;
}

// A legal move of the puzzle open that is not its answer: the worst one.
PuzzleMove worst_move(const Controller& c) { return c.practice_session().current()->puzzle.moves.back(); }

}  // namespace

TEST_CASE("practice: a corrupt or foreign puzzle file is refused and the game goes on", "[ui][practice]") {
  Fixture f("color=black&speed=instant");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  const std::string before = c.state_json(), saved = c.save();
  std::vector<std::uint8_t> corrupt = shipped_bytes();
  corrupt[corrupt.size() / 2] ^= 0x40;
  const Status damaged = c.set_puzzles(corrupt);
  REQUIRE_FALSE(damaged.ok());
  CHECK_THAT(damaged.error(), Catch::Contains("checksum"));
  const std::string foreign_text = "GIF89a this is not a puzzle file at all, but long enough to have a header";
  const std::vector<std::uint8_t> foreign(foreign_text.begin(), foreign_text.end());
  const Status wrong = c.set_puzzles(foreign);
  REQUIRE_FALSE(wrong.ok());
  CHECK_THAT(wrong.error(), Catch::Contains("puzzle file"));
  CHECK_FALSE(c.set_puzzles({}).ok());
  CHECK_FALSE(c.puzzles_loaded());
  CHECK(c.state_json() == before);
  CHECK(c.save() == saved);
  const Status next = c.practice_next();
  REQUIRE_FALSE(next.ok());
  CHECK_THAT(next.error(), Catch::Contains("not loaded"));
  CHECK_FALSE(c.practicing());
  // The game goes on: the computer answers and the person moves again.
  c.update(1000);
  REQUIRE(deliver(f.ai));
  c.update(2000);
  CHECK(c.game().ply() == 2);
  CHECK(c.state_json().find("\"practice\":{\"loaded\":false,\"active\":false") != std::string::npos);
}

TEST_CASE("practice: a right answer is judged, the rating rises by Glicko-2 and the values are shown",
          "[ui][practice]") {
  Fixture f = loaded();
  Controller& c = *f.c;
  std::vector<PuzzleEvent> events;
  c.on_puzzle([&](const PuzzleEvent& e) { events.push_back(e); });
  REQUIRE(c.practice_next().ok());
  REQUIRE(c.practicing());
  const PracticePuzzle& p = *c.practice_session().current();
  const Puzzle puzzle = p.puzzle;
  CHECK(p.kind == PracticeKind::Rated);
  CHECK(puzzle == shipped().puzzles[p.id]);
  CHECK(c.position() == puzzle.position);
  CHECK(c.human_to_move());
  CHECK(c.analysis() == nullptr);  // no values before the answer
  const std::string json = practice_json(c);
  CHECK(json.find("\"phase\":\"solving\"") != std::string::npos);
  CHECK(json.find("\"goal\":\"" + puzzle.goal() + "\"") != std::string::npos);
  CHECK(json.find("\"values\":[]") != std::string::npos);

  REQUIRE(c.play(puzzle.answer()).ok());
  const std::string message = "Right: " + square_name(puzzle.answer()) + " is the best move (" +
                              signed_value(puzzle.best_value()) + ")";
  REQUIRE(p.judgement);
  CHECK(p.judgement->right);
  CHECK(p.judgement->message == message);
  CHECK(engine_words(p.judgement->message) == judge(puzzle, square_name(puzzle.answer()))->message);  // the engine's words
  CHECK(p.phase == PracticePhase::Judged);
  CHECK(c.game().ply() == 0);  // judged, not played

  const Rating expected = rate_answer(Rating{}, puzzle.rating, true);
  const PracticeRecord& r = c.practice_session().record();
  CHECK(r.rating == expected);
  CHECK(r.rating.rating > 1500);
  CHECK(r.rating.streak == 1);
  CHECK(r.best_streak == 1);
  CHECK(r.solved == 1);
  CHECK(r.attempts() == 1);
  REQUIRE(r.history.size() == 1);
  CHECK(r.history[0] == expected.rating);
  REQUIRE(events.size() == 1);
  CHECK(events[0].rated);
  CHECK(events[0].rating_before == 1500);
  CHECK(events[0].rating_after == expected.rating);
  CHECK(puzzle_event_json(events[0]).find("\"right\":true") != std::string::npos);

  // Every legal move's exact value, on the board as analysis values.
  const ShownAnalysis* values = c.analysis();
  REQUIRE(values);
  REQUIRE(values->moves.size() == puzzle.moves.size());
  for (std::size_t i = 0; i < puzzle.moves.size(); ++i) {
    CHECK(values->moves[i].move == puzzle.moves[i].square);
    CHECK(values->moves[i].value == puzzle.moves[i].value);
    CHECK(values->moves[i].kind == ValueKind::Exact);
  }
  const std::string judged = practice_json(c);
  CHECK(judged.find("\"phase\":\"judged\"") != std::string::npos);
  CHECK(judged.find("\"values\":[{\"square\":\"" + square_name(puzzle.answer()) + "\",\"value\":" +
                    std::to_string(puzzle.best_value()) + ",\"exact\":true}") != std::string::npos);
  CHECK(judged.find("\"message\":\"" + message + "\"") != std::string::npos);
  CHECK(judged.find("\"player\":{\"rating\":" + json_number(expected.rating)) != std::string::npos);
}

TEST_CASE("practice: a wrong answer says what it loses, in English and Japanese, and the rating falls",
          "[ui][practice]") {
  Fixture f = loaded();
  Controller& c = *f.c;
  REQUIRE(c.practice_next().ok());
  const Puzzle puzzle = c.practice_session().current()->puzzle;
  const PuzzleMove wrong = worst_move(c);
  REQUIRE(wrong.value < puzzle.best_value());
  REQUIRE(c.play(wrong.square).ok());
  const int loss = puzzle.best_value() - wrong.value;
  const std::string message = square_name(wrong.square) + " loses " + std::to_string(loss) +
                              (loss == 1 ? " disc" : " discs") + ": the best was " + square_name(puzzle.answer()) +
                              " (" + signed_value(puzzle.best_value()) + ")";
  const PracticePuzzle& p = *c.practice_session().current();
  REQUIRE(p.judgement);
  CHECK_FALSE(p.judgement->right);
  CHECK(p.judgement->loss == loss);
  CHECK(p.judgement->message == message);
  CHECK(engine_words(p.judgement->message) == judge(puzzle, square_name(wrong.square))->message);
  const Rating expected = rate_answer(Rating{}, puzzle.rating, false);
  CHECK(c.practice_session().record().rating == expected);
  CHECK(expected.rating < 1500);
  CHECK(c.practice_session().record().rating.streak == 0);
  CHECK(c.practice_session().record().solved == 0);
  CHECK(c.practice_session().record().attempts() == 1);
  // The judgement is worded in the options' language when asked.
  Options ja = c.options();
  ja.lang = Lang::Ja;
  c.set_options(ja);
  const std::string json = practice_json(c);
  CHECK(json.find("\"message\":\"" + square_name(wrong.square) + "は" + std::to_string(loss) + "石損です") !=
        std::string::npos);
  CHECK(json.find("の番：") != std::string::npos);  // the goal too
  CHECK(c.practice_session().judgement_text(Lang::Ja).rfind(square_name(wrong.square) + "は", 0) == 0);
  CHECK(c.practice_session().judgement_text(Lang::En) == message);
  CHECK(c.state_json().find("lang=ja") != std::string::npos);
}

TEST_CASE("practice: give up counts as wrong and shows the answer", "[ui][practice]") {
  Fixture f = loaded();
  Controller& c = *f.c;
  std::vector<PuzzleEvent> events;
  c.on_puzzle([&](const PuzzleEvent& e) { events.push_back(e); });
  REQUIRE(c.practice_next().ok());
  const Puzzle puzzle = c.practice_session().current()->puzzle;
  REQUIRE(c.practice_skip().ok());
  CHECK(c.practice_session().record().rating == rate_answer(Rating{}, puzzle.rating, false));
  REQUIRE(events.size() == 1);
  CHECK(events[0].judgement.move == NO_SQUARE);
  CHECK(events[0].judgement.message ==
        "Skipped: the best was " + square_name(puzzle.answer()) + " (" + signed_value(puzzle.best_value()) + ")");
  CHECK(puzzle_event_json(events[0]).find("\"move\":null") != std::string::npos);
  CHECK(c.analysis());
  CHECK_FALSE(c.practice_skip().ok());  // once only
  // A move now plays the position on; it is not judged again.
  REQUIRE(c.play(puzzle.answer()).ok());
  CHECK(c.practice_session().current()->phase == PracticePhase::Playing);
  CHECK(c.game().ply() == 1);
  CHECK(events.size() == 1);
  CHECK(c.practice_session().record().attempts() == 1);
}

TEST_CASE("practice: the next puzzle is one not seen, rated near the player", "[ui][practice]") {
  Fixture f = loaded();
  Controller& c = *f.c;
  const PuzzleSet& set = shipped();
  std::set<std::size_t> seen;
  for (int round = 0; round < 30; ++round) {
    REQUIRE(c.practice_next().ok());
    const std::size_t id = c.practice_session().current()->id;
    CHECK_FALSE(seen.count(id));
    // Among the 16 unseen puzzles nearest the player's rating.
    const double rating = c.practice_session().record().rating.rating;
    std::vector<double> distances;
    for (std::size_t i = 0; i < set.puzzles.size(); ++i)
      if (!seen.count(i)) distances.push_back(std::abs(set.puzzles[i].rating - rating));
    std::sort(distances.begin(), distances.end());
    CHECK(std::abs(set.puzzles[id].rating - rating) <= distances[15]);
    seen.insert(id);
    // Every third one answered wrong: the rating moves and the choice follows it.
    if (round % 3 == 2) REQUIRE(c.play(worst_move(c).square).ok());
  }
  CHECK(c.practice_session().record().seen.size() == 30);
  CHECK(c.practice_session().record().rating.rating < 1500);
}

TEST_CASE("practice: the daily puzzle is the date's, counted once, a bad date changes nothing", "[ui][practice]") {
  Fixture f = loaded();
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  const std::string before = c.state_json();
  for (std::string_view bad : {"2026-02-30", "2026-13-01", "tomorrow", "", "2026-1-01"}) {
    const Status st = c.practice_daily(bad);
    INFO(bad);
    REQUIRE_FALSE(st.ok());
    CHECK_THAT(st.error(), Catch::Contains("not a date"));
    CHECK(c.state_json() == before);
  }
  const std::size_t expected = *daily_puzzle("2026-11-26", shipped().puzzles.size());
  REQUIRE(c.practice_daily("2026-11-26").ok());
  CHECK(c.practice_session().current()->id == expected);
  CHECK(c.practice_session().current()->kind == PracticeKind::Daily);
  CHECK(c.position() == shipped().puzzles[expected].position);
  CHECK(practice_json(c).find("\"kind\":\"daily\",\"id\":" + std::to_string(expected) + ",\"date\":\"2026-11-26\"") !=
        std::string::npos);
  // A bad date while practising leaves the puzzle open as it was.
  const std::string open = c.state_json();
  REQUIRE_FALSE(c.practice_daily("2026-11-31").ok());
  CHECK(c.state_json() == open);
  REQUIRE(c.play(c.practice_session().current()->puzzle.answer()).ok());
  CHECK(c.practice_session().record().attempts() == 1);
  CHECK(c.practice_session().record().daily_done == std::vector<std::string>{"2026-11-26"});
  // The same date again: the same puzzle, judged but not rated a second time.
  c.leave_practice();
  REQUIRE(c.practice_daily("2026-11-26").ok());
  CHECK(c.practice_session().current()->id == expected);
  CHECK_FALSE(c.practice_session().current()->rated);
  const Rating rating = c.practice_session().record().rating;
  REQUIRE(c.play(worst_move(c).square).ok());
  CHECK(c.practice_session().current()->judgement);
  CHECK(c.practice_session().record().rating == rating);
  // Another date: another day's puzzle, rated.
  REQUIRE(c.practice_daily("2026-11-27").ok());
  CHECK(c.practice_session().current()->id == *daily_puzzle("2026-11-27", shipped().puzzles.size()));
  CHECK(c.practice_session().current()->rated);
}

TEST_CASE("practice: hints, the region then the square", "[ui][practice]") {
  Fixture f = loaded();
  Controller& c = *f.c;
  CHECK_FALSE(c.practice_hint().ok());  // no puzzle
  REQUIRE(c.practice_next().ok());
  const Square answer = c.practice_session().current()->puzzle.answer();
  REQUIRE(c.practice_hint().ok());
  CHECK(c.practice_session().current()->hint_step == 1);
  const Bitboard region = board_quarter(answer);
  CHECK(popcount(region) == 16);
  CHECK((region >> answer) & 1);
  std::string squares;
  for (Bitboard b = region; b; b &= b - 1) squares += std::string(squares.empty() ? "" : ",") + "\"" + square_name(Square(lowest_square(b))) + "\"";
  CHECK(practice_json(c).find("\"hint\":{\"step\":1,\"region\":[" + squares + "]}") != std::string::npos);
  CHECK(c.hint_square() == NO_SQUARE);
  REQUIRE(c.hint().ok());  // the Hint button: the next step
  CHECK(c.practice_session().current()->hint_step == 2);
  CHECK(c.hint_square() == answer);
  CHECK(practice_json(c).find("\"hint\":{\"step\":2,\"square\":\"" + square_name(answer) + "\"}") != std::string::npos);
  CHECK_FALSE(c.practice_hint().ok());
  CHECK(f.ai.requests.empty());  // hints never ask the computer
  const int puzzle_rating = c.practice_session().current()->puzzle.rating;
  std::vector<PuzzleEvent> events;
  c.on_puzzle([&](const PuzzleEvent& e) { events.push_back(e); });
  REQUIRE(c.play(answer).ok());
  CHECK_FALSE(c.practice_hint().ok());  // answered
  // Right after the square was shown: judged right, counted as a miss for the rating.
  REQUIRE(events.size() == 1);
  CHECK(events[0].judgement.right);
  CHECK(events[0].judgement.score == 0);
  CHECK(puzzle_event_json(events[0]).find("\"score\":0,") != std::string::npos);
  CHECK(c.practice_session().record().rating == rate_answer(Rating{}, puzzle_rating, 0.0));
  CHECK(c.practice_session().record().solved == 0);
  CHECK(c.practice_session().record().rating.streak == 0);
  // The quarters themselves.
  CHECK(board_quarter(A1) == 0x0F0F0F0FULL);
  CHECK(board_quarter(H8) == 0xF0F0F0F0'00000000ULL);
  CHECK(board_quarter(E4) == 0xF0F0F0F0ULL);
}

TEST_CASE("practice: a right answer after the region hint counts half for the rating", "[ui][practice]") {
  CHECK(answer_score(true, 0) == 1);
  CHECK(answer_score(true, 1) == 0.5);
  CHECK(answer_score(true, 2) == 0);
  CHECK(answer_score(false, 0) == 0);
  CHECK(answer_score(false, 1) == 0);
  Fixture f = loaded();
  Controller& c = *f.c;
  // Two right answers: the first without help (streak 1), the second after the region hint.
  REQUIRE(c.practice_next().ok());
  REQUIRE(c.play(c.practice_session().current()->puzzle.answer()).ok());
  const Rating first = c.practice_session().record().rating;
  REQUIRE(first.streak == 1);
  REQUIRE(c.practice_next().ok());
  const Puzzle puzzle = c.practice_session().current()->puzzle;
  REQUIRE(c.practice_hint().ok());
  REQUIRE(c.play(puzzle.answer()).ok());
  const PracticeJudgement& j = *c.practice_session().current()->judgement;
  CHECK(j.right);
  CHECK(j.score == 0.5);
  CHECK(practice_json(c).find("\"score\":0.5,") != std::string::npos);
  const PracticeRecord& r = c.practice_session().record();
  CHECK(r.rating == rate_answer(first, puzzle.rating, 0.5));
  CHECK(r.rating.rating != rate_answer(first, puzzle.rating, 1.0).rating);
  CHECK(r.rating.streak == 0);
  CHECK(r.best_streak == 1);
  CHECK(r.solved == 1);
  CHECK(r.attempts() == 2);
}

TEST_CASE("practice: a move that is not legal in the puzzle is refused as in a game", "[ui][practice]") {
  Fixture f = loaded();
  Controller& c = *f.c;
  int events = 0;
  c.on_puzzle([&](const PuzzleEvent&) { ++events; });
  REQUIRE(c.practice_next().ok());
  const Position& p = c.position();
  const std::string before = without_rejected(c.state_json());
  Square occupied = NO_SQUARE, illegal = NO_SQUARE;
  for (int s = 0; s < 64; ++s) {
    if (p.at(Square(s)) != Cell::Empty) occupied = Square(s);
    else if (!p.is_legal(Square(s))) illegal = Square(s);
  }
  REQUIRE(occupied != NO_SQUARE);
  REQUIRE(illegal != NO_SQUARE);
  const Status a = c.play(occupied);
  REQUIRE_FALSE(a.ok());
  CHECK(c.rejected_reason() == RejectReason::Occupied);
  const Status b = c.play(illegal);
  REQUIRE_FALSE(b.ok());
  CHECK_THAT(b.error(), Catch::Contains("is not a legal move"));
  CHECK(c.rejected_square() == illegal);
  CHECK(c.rejected_reason() == RejectReason::Illegal);
  CHECK(without_rejected(c.state_json()) == before);
  CHECK(c.practice_session().current()->phase == PracticePhase::Solving);
  CHECK(c.practice_session().record().attempts() == 0);
  CHECK(events == 0);
}

TEST_CASE("practice: the record as one line, read back, a corrupt one refused for a fresh one", "[ui][practice]") {
  Fixture f = loaded();
  Controller& c = *f.c;
  for (int i = 0; i < 5; ++i) {
    REQUIRE(c.practice_next().ok());
    const PracticePuzzle& p = *c.practice_session().current();
    REQUIRE(c.play(i % 2 ? worst_move(c).square : p.puzzle.answer()).ok());
  }
  REQUIRE(c.practice_daily("2026-01-02").ok());
  REQUIRE(c.play(c.practice_session().current()->puzzle.answer()).ok());
  const std::string text = c.practice_record();
  CHECK(text.find('\n') == std::string::npos);
  CHECK(text.rfind("reversi-practice 1|", 0) == 0);
  const PracticeRecord& r = c.practice_session().record();
  CHECK(r.attempts() == 6);
  CHECK(r.solved == 4);
  CHECK(r.best_streak == 2);
  CHECK(r.history.size() == 6);
  CHECK(r.seen.size() >= 5);  // the daily puzzle may be one of the five

  Fixture g("color=black");
  REQUIRE(g.c->restore_practice_record(text).ok());
  CHECK(g.c->practice_record() == text);
  const PracticeRecord& back = g.c->practice_session().record();
  CHECK(back.rating.rating == Approx(r.rating.rating).margin(1e-6));
  CHECK(back.rating.deviation == Approx(r.rating.deviation).margin(1e-6));
  CHECK(back.seen == r.seen);
  CHECK(back.daily_done == r.daily_done);
  CHECK(back.solved == r.solved);
  CHECK(back.best_streak == r.best_streak);
  CHECK(back.rating.answered == r.rating.answered);
  CHECK(back.history.size() == r.history.size());
  CHECK(practice_json(*g.c).find("\"attempts\":6") != std::string::npos);

  const std::string fresh = format_practice_record({});
  auto replace = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    const std::size_t at = t.find(from);
    REQUIRE(at != std::string::npos);
    return t.replace(at, from.size(), to);
  };
  const std::vector<std::pair<std::string, std::string>> corrupt = {
      {"", "does not start with"},
      {"hello", "does not start with"},
      {replace("reversi-practice 1", "reversi-practice 2"), "version '2' is not supported"},
      {text.substr(0, text.find("|daily=")), "9 fields instead of 10"},
      {replace("|r=", "|x="), "field 1 is not 'r=...'"},
      {replace("|r=", "|r=9"), "rating"},
      {replace("|d=", "|d=-"), "deviation"},
      {replace("|attempts=6", "|attempts=3"), "counts disagree"},
      {replace("|streak=", "|streak=9"), "streak is longer"},
      {replace("|seen=", "|seen=" + std::to_string(r.seen[0]) + ","), "listed twice"},
      {replace("|seen=", "|seen=x,"), "a puzzle seen 'x'"},
      {replace("|daily=2026-01-02", "|daily=2026-02-30"), "not a date"},
      {replace("|daily=2026-01-02", "|daily=2026-01-02,2026-01-02"), "listed twice"},
      {replace("|history=", "|history=1500,"), "more ratings in the history than attempts"},
  };
  for (const auto& [line, why] : corrupt) {
    INFO(line);
    REQUIRE(g.c->restore_practice_record(text).ok());
    const Status st = g.c->restore_practice_record(line);
    REQUIRE_FALSE(st.ok());
    CHECK_THAT(st.error(), Catch::Contains("corrupt") && Catch::Contains(why) && Catch::Contains("fresh record"));
    CHECK(g.c->practice_record() == fresh);
  }
  // The history keeps the last 200 ratings.
  PracticeRecord many;
  many.rating.answered = 300;
  many.history.assign(kPracticeHistory, 1600.0);
  REQUIRE(parse_practice_record(format_practice_record(many)).ok());
  many.history.push_back(1600.0);
  CHECK_THAT(parse_practice_record(format_practice_record(many)).error(), Catch::Contains("more than 200"));
  g.c->reset_practice_record();
  CHECK(g.c->practice_record() == fresh);
}

TEST_CASE("practice: leaving brings the game back exactly, save() keeps the real game meanwhile", "[ui][practice]") {
  Fixture f = loaded("color=black&speed=instant&opponent=level-2&markers=off");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1000);
  REQUIRE(deliver(f.ai));
  c.update(1001);
  REQUIRE(c.play(c.position().legal_moves() & (Bitboard{1} << F3) ? F3 : first_legal(c.position())).ok());
  c.update(2000);
  REQUIRE(deliver(f.ai));
  c.update(2001);
  REQUIRE(c.undo());  // moves to redo
  REQUIRE(c.view(1).ok());
  c.set_analysis(true);
  const std::string saved = c.save(), json = c.state_json();
  const Options options = c.options();
  REQUIRE(c.can_redo());

  REQUIRE(c.practice_next().ok());
  CHECK(c.save() == saved);  // the real game, not the puzzle
  CHECK_FALSE(c.viewing());
  CHECK(c.options().black.human);
  CHECK(c.options().white.human);  // both people while solving
  CHECK(c.options().legal_markers == options.legal_markers);
  CHECK(c.state_json().find("\"options\":" + json_string(to_query_string(options))) != std::string::npos);
  REQUIRE(c.play(c.practice_session().current()->puzzle.answer()).ok());
  REQUIRE(c.practice_play_out().ok());
  const Color person = c.position().to_move;
  CHECK(c.options().human(person));
  CHECK_FALSE(c.options().human(opposite(person)));
  REQUIRE(c.play(c.practice_session().current()->puzzle.answer()).ok());
  c.update(3000);
  // The perfect player is asked for the other side's move.
  REQUIRE(f.ai.current);
  CHECK(f.ai.current->second.player == std::string(kPerfectPlayer));
  CHECK(f.ai.current->second.limits.endgame_empties == 64);
  CHECK(c.save() == saved);
  c.leave_practice();
  CHECK_FALSE(c.practicing());
  CHECK(c.save() == saved);
  CHECK(c.options() == options);
  CHECK(c.viewing() == std::optional<std::size_t>(1));
  CHECK(c.can_redo());
  CHECK(c.analysis_on());
  CHECK(without_practice(c.state_json()) == without_practice(json));

  // Undo and redo are off during a puzzle: they change nothing and keep it (they used to
  // drop it for the waiting game unseen). New game leaves practice; a saved game restored too.
  REQUIRE(c.practice_next().ok());
  const std::string puzzle_state = c.state_json();
  CHECK_FALSE(c.can_undo());
  CHECK_FALSE(c.can_redo());
  CHECK_FALSE(c.undo());
  CHECK_FALSE(c.redo());
  CHECK(c.practicing());
  CHECK(c.state_json() == puzzle_state);
  CHECK(c.save() == saved);
  // Analysis is off too (it would give the answer away): the switch changes nothing.
  CHECK_FALSE(c.can_analyse());
  CHECK(c.state_json().find("\"canAnalyse\":false") != std::string::npos);
  c.set_analysis(true);
  CHECK(c.state_json() == puzzle_state);
  c.new_game();
  CHECK_FALSE(c.practicing());
  CHECK(c.game().ply() == 0);
  REQUIRE(c.practice_next().ok());
  REQUIRE_FALSE(c.restore("not a save").ok());
  CHECK(c.practicing());  // a refused restore changes nothing
  REQUIRE(c.restore(saved).ok());
  CHECK_FALSE(c.practicing());
  CHECK(c.save() == saved);
}

TEST_CASE("practice: the drill from a reviewed game's mistakes", "[ui][practice]") {
  Fixture f("color=both&speed=instant");
  Controller& c = *f.c;
  CHECK_THAT(c.practice_mistakes().error(), Catch::Contains("review the game first"));
  // Four moves, each the last legal one in reading order; the review's values below
  // make the first legal move the best and give each move played its loss.
  for (int i = 0; i < 4; ++i) {
    Bitboard m = c.position().legal_moves();
    int last = 0;
    for (; m; m &= m - 1) last = lowest_square(m);
    REQUIRE(c.play(Square(last)).ok());
  }
  const double loss[4] = {4.6, 2.4, 6.0, 1.0};  // black, white, black, white: two drill positions
  REQUIRE(c.start_review().ok());
  for (int n = 0; n < 4; ++n) {
    REQUIRE(f.ai.analysis_current);
    const Position& p = f.ai.analysis_current->second.position;
    std::size_t ply = 0;
    while (!(c.game().position_at(ply) == p)) ++ply;
    AnalysisSnapshot snapshot;
    snapshot.id = f.ai.analysis_current->first;
    // Exact everywhere but at ply 0 (an estimate, as from a midgame analysis).
    const ValueKind kind = ply == 0 ? ValueKind::Midgame : ValueKind::Exact;
    for (Bitboard m = p.legal_moves(); m; m &= m - 1)
      snapshot.moves.push_back({Square(lowest_square(m)), kind, snapshot.moves.empty() ? 2.0 : 2.0 - loss[ply], 60});
    snapshot.done = true;
    f.ai.analysis_ready = snapshot;
    c.update(double(n + 1));
  }
  REQUIRE_FALSE(c.review().running);
  const std::string saved = c.save();
  REQUIRE(c.practice_mistakes().ok());
  const PracticePuzzle* p = c.practice_session().current();
  CHECK(p->kind == PracticeKind::Drill);
  CHECK(p->id == 0);
  CHECK(c.practice_session().drill_size() == 2);
  CHECK(c.position() == c.practice_session().current()->puzzle.position);
  CHECK_FALSE(p->exact);
  CHECK(practice_json(c).find("\"drill\":{\"index\":0,\"count\":2}") != std::string::npos);
  CHECK(practice_json(c).find("\"source\":null") != std::string::npos);
  // The move of the game again: judged wrong, the estimate said so; the rating untouched.
  const Square played = c.practice_session().current()->puzzle.moves.back().square;
  REQUIRE(c.play(played).ok());
  CHECK_FALSE(p->judgement->right);
  CHECK(p->judgement->loss == 5);
  CHECK_THAT(p->judgement->message, Catch::Contains("loses 5 discs") && Catch::Contains("estimated"));
  CHECK(c.practice_session().record().attempts() == 0);
  CHECK(c.analysis()->moves.front().kind == ValueKind::Midgame);
  // The next position of the drill: exact, the best move right.
  REQUIRE(c.practice_next().ok());
  p = c.practice_session().current();
  CHECK(p->id == 1);
  CHECK(p->exact);
  REQUIRE(c.play(p->puzzle.answer()).ok());
  CHECK(p->judgement->right);
  CHECK(p->judgement->message == "Right: " + square_name(p->puzzle.answer()) + " is the best move (+2)");
  // After the last one, Next is the rated puzzles' (none loaded here).
  CHECK_THAT(c.practice_next().error(), Catch::Contains("not loaded"));
  c.leave_practice();
  CHECK(c.save() == saved);
}

TEST_CASE("practice: the endgame trainer shows each move's value beside the best and the result", "[ui][practice]") {
  Fixture f = loaded("color=black&speed=instant&pause=0");
  Controller& c = *f.c;
  // Not from the start of a game: too many empties.
  const std::string before = c.state_json();
  CHECK_THAT(c.practice_trainer().error(), Catch::Contains("20 empty squares or fewer"));
  CHECK(c.state_json() == before);
  // The puzzle with the fewest empties, as the position shown.
  const auto& puzzles = shipped().puzzles;
  const auto smallest = std::min_element(puzzles.begin(), puzzles.end(),
                                         [](const Puzzle& a, const Puzzle& b) { return a.empties() < b.empties(); });
  REQUIRE(c.practice_daily("2026-11-26").ok());
  // Open it as the board: the trainer starts from the position shown.
  REQUIRE(c.load(to_board_string(smallest->position)).ok());
  REQUIRE(c.practice_trainer().ok());
  const PracticePuzzle* p = c.practice_session().current();
  CHECK(p->kind == PracticeKind::Trainer);
  CHECK(p->phase == PracticePhase::Playing);
  const Color person = smallest->position.to_move;
  CHECK(p->person == person);

  EndgameSolver solver(16);
  // Answers the analysis of the position asked for with its exact values.
  auto answer_analysis = [&](double now) {
    REQUIRE(f.ai.analysis_current);
    const AnalysisRequest& request = f.ai.analysis_current->second;
    CHECK(request.solve_empties >= request.position.empty_count());
    deliver_exact(f.ai, solver);
    c.update(now);
  };
  double now = 10;
  int moves = 0;
  bool first = true;
  while (!c.over()) {
    now += 10;
    if (c.position().to_move == person) {
      answer_analysis(now);
      // The first move: the worst; then the best.
      const auto values = exact_move_values(solver, c.position());
      REQUIRE(c.play(first ? values.back().square : values.front().square).ok());
      first = false;
      ++moves;
    } else {
      c.update(now);
      REQUIRE(f.ai.current);
      CHECK(f.ai.current->second.player == std::string(kPerfectPlayer));
      REQUIRE(deliver(f.ai, exact_move_values(solver, c.position()).front().square));
      c.update(now + 1);
    }
  }
  c.update(now + 100);
  p = c.practice_session().current();
  CHECK(p->phase == PracticePhase::Over);
  REQUIRE(p->trainer_best);
  CHECK(*p->trainer_best == smallest->best_value());
  REQUIRE(p->trainer_steps.size() == std::size_t(moves));
  const TrainerStep& opening = p->trainer_steps.front();
  CHECK(opening.value == smallest->moves.back().value);
  CHECK(opening.best == smallest->answer());
  CHECK(opening.best_value == smallest->best_value());
  for (const TrainerStep& s : p->trainer_steps) {
    REQUIRE(s.value);
    REQUIRE(s.best_value);
    CHECK(*s.value <= *s.best_value);
  }
  for (std::size_t i = 1; i < p->trainer_steps.size(); ++i) CHECK(p->trainer_steps[i].value == p->trainer_steps[i].best_value);
  // Perfect play after the first move keeps its value: the result is that move's value.
  REQUIRE(p->trainer_result);
  CHECK(*p->trainer_result == smallest->moves.back().value);
  const std::string json = practice_json(c);
  CHECK(json.find("\"trainer\":{\"person\":\"" + std::string(color_name(person)) + "\",\"best\":" +
                  std::to_string(smallest->best_value()) + ",\"moves\":[{\"square\":\"" +
                  square_name(opening.square) + "\",\"value\":" + std::to_string(*opening.value) + ",\"best\":\"" +
                  square_name(smallest->answer()) + "\"") != std::string::npos);
  CHECK(json.find("\"result\":" + std::to_string(*p->trainer_result) + "}") != std::string::npos);
  CHECK(json.find("\"phase\":\"over\"") != std::string::npos);
}

TEST_CASE("practice: random actions keep the room and the real game sound", "[ui][practice]") {
  // Every door of the room in random order, with bad input among the good: after each
  // step the real game's save() is the one left, the record reads back, the board is
  // the puzzle's, and a refused action changed nothing.
  const std::vector<std::string> dates = {"2026-11-26", "2024-02-29", "2026-02-29", "1899-12-31", "x", "2026-11-27"};
  EndgameSolver solver(16);
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Fixture f = loaded("color=black&speed=instant&pause=0");
    Controller& c = *f.c;
    SplitMix64 rng(seed);
    REQUIRE(c.play(F5).ok());
    double now = 0;
    std::string real = c.save();
    int judged = 0, refused = 0, trainers = 0;
    c.on_puzzle([&](const PuzzleEvent&) { ++judged; });
    for (int step = 0; step < 400; ++step) {
      const std::string before = without_rejected(c.state_json());
      const int r = rng.below(100);
      std::string what;
      Status st;
      bool may_change = false;  // a refusal here may still change something (documented)
      if (r < 12) what = "next", st = c.practice_next();
      else if (r < 18) what = "daily", st = c.practice_daily(dates[std::size_t(rng.below(int(dates.size())))]);
      else if (r < 22) what = "trainer", st = c.practice_trainer(), trainers += st.ok();
      else if (r < 27) what = "hint", st = c.practice_hint();
      else if (r < 31) what = "skip", st = c.practice_skip();
      else if (r < 36) what = "play out", st = c.practice_play_out();
      else if (r < 38) what = "mistakes", st = c.practice_mistakes();
      else if (r < 60) {
        // Mostly a legal move, sometimes any square.
        const Bitboard legal = c.position().legal_moves();
        const Square s = legal && rng.below(4) ? Square(nth_square(legal, rng.below(popcount(legal)))) : Square(rng.below(64));
        what = "play " + square_name(s);
        st = c.play(s);
      } else if (r < 80) {
        what = "update";
        now += 10;
        if (f.ai.analysis_current) deliver_exact(f.ai, solver);  // the trainer's values
        c.update(now);
        if (f.ai.current) deliver(f.ai);
        c.update(now + 1);
        may_change = true;
      } else if (r < 86) {
        what = "leave";
        c.leave_practice();
        CHECK(c.save() == real);
        may_change = true;
      } else if (r < 90) {
        what = "record";
        std::string text = c.practice_record();
        if (rng.below(2)) text[std::size_t(rng.below(int(text.size())))] = char(rng.below(128));
        const std::string kept = c.practice_record();
        st = c.restore_practice_record(text);
        if (!st.ok()) REQUIRE(c.restore_practice_record(kept).ok());  // the test keeps playing with it
        may_change = true;
      } else if (r < 94) {
        what = "undo";
        c.undo();
        real = c.save();
        may_change = true;
      } else {
        what = "restore saved";
        st = c.restore(rng.below(3) ? real : "reversi-save-1|corrupt");
        if (st.ok()) CHECK_FALSE(c.practicing());
        may_change = true;
      }
      INFO("seed " << seed << " step " << step << ": " << what << " -> " << (st.ok() ? "ok" : st.error()));
      if (!st.ok() && !may_change) {
        ++refused;
        CHECK(without_rejected(c.state_json()) == before);
      }
      // The real game: unchanged while practising, back when not.
      if (!c.practicing()) real = c.save();
      CHECK(c.save() == real);
      // The record reads back as itself.
      const auto record = parse_practice_record(c.practice_record());
      REQUIRE(record.ok());
      CHECK(format_practice_record(*record) == c.practice_record());
      CHECK(c.state_json().find(std::string("\"practice\":{\"loaded\":true,\"active\":") +
                                (c.practicing() ? "true" : "false")) != std::string::npos);
      if (const PracticePuzzle* p = c.practice_session().current()) {
        CHECK(c.game().start() == p->puzzle.position);
        CHECK(p->judgement.has_value() ==
              (p->kind != PracticeKind::Trainer && p->phase != PracticePhase::Solving));
        if (p->phase == PracticePhase::Solving) CHECK(c.game().ply() == 0);
        CHECK((p->phase == PracticePhase::Over) == c.over());
      }
    }
    CHECK(judged > 10);
    CHECK(refused > 10);
    CHECK(trainers > 0);
  }
}
