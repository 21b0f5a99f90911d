// Errors a player sees, in the player's language (ui::error_text): every error of the game
// text parser (core/game_text, core/notation), of a saved game read back and of a move
// refused, of a request the game turns down (a hint, a review, a line, practice, the
// explorer's search), in English as before and in Japanese without English left in, naming
// the offending input; the catalogs have every key the code names, with the code's English.
#include <catch2/catch.hpp>

#include <fstream>
#include <iterator>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <filesystem>

#include "core/game_archive.h"
#include "core/game_database.h"
#include "core/game_text.h"
#include "core/notation.h"
#include "core/wthor.h"
#include "engine/puzzles.h"
#include "fake_ai.h"
#include "ui/explorer_move.h"
#include "ui/history_panel.h"
#include "ui/practice_record.h"
#include "ui/text.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

// A finished game from the start (the first legal move each time), as a transcript.
std::string finished_game() {
  Position p = Position::initial();
  std::string moves;
  while (!p.is_game_over()) {
    if (p.must_pass()) {
      p = p.pass();
      continue;
    }
    const Square s = Square(lowest_square(p.legal_moves()));
    moves += square_name(s);
    p = p.play(s);
  }
  return moves;
}

std::string ggf_of(const std::string& transcript) {
  const auto moves = parse_transcript(transcript);
  REQUIRE(moves.ok());
  return to_ggf(Position::initial(), *moves);
}

const std::string kBoard = to_board_string(Position::initial()).substr(0, 64);  // the squares alone

struct BadText {
  std::string text;
  std::string english;  // today's message, word for word
  std::string token;    // the offending input, which the Japanese names too
};

std::vector<BadText> bad_texts() {
  const std::string over = finished_game();
  std::string ggf_over = ggf_of(over);
  ggf_over.insert(ggf_over.size() - 2, "B[a1]");
  return {
      {"", "nothing to read: paste a transcript (f5d6c3), a GGF game or a board string", "f5d6c3"},
      {"hello there", "not a transcript, a GGF game or a board string: 'hello there'", "hello there"},
      {"f5d6z9", "move 3 'z9' is not a square (a1..h8)", "z9"},
      {"1. f5 2. d6 3. a1", "move 3 'a1' is not legal (black to move)", "a1"},
      {"f5 pass d6", "'pass' after move 1: white has a move, so there is no pass", "pass"},
      {over + "a1", "move " + std::to_string(over.size() / 2 + 1) + " 'a1' comes after the end of the game", "a1"},
      {"XXXXX", "board string has 5 squares; it needs 64 (a1..h8) then the side to move", "5"},
      {std::string(10, 'X') + "Q" + std::string(53, '-') + " X",
       "board string: character 11 'Q' (square c2) is not X, O or -", "Q"},
      {kBoard + " Z", "board string: 'Z' after the 64 squares should be the side to move: X or O (black or white)", "Z"},
      {kBoard + " X OO", "board string: unexpected 'OO' after the side to move", "OO"},
      {"GM[Othello]B[f5];)", "GGF: no opening '(;'", "(;"},
      {"(;GM[Othello]B[f5]", "GGF: no closing ';)'", ";)"},
      {"(;GM[Othello]1[x];)", "GGF: expected a property NAME[value] at '1[x]'", "1[x]"},
      {"(;GM[Othello]C[open;)", "GGF: property C[ is not closed", "C["},
      {"(;GM[Othello]B[f5]BO[8 " + kBoard + " *];)", "GGF: BO after the moves", "BO"},
      {"(;GM[Othello]BO[10 ---];)", "GGF: only 8x8 boards are supported (BO[10 ---...])", "10 ---"},
      {"(;GM[Othello]BO[8 -----];)",
       "GGF: BO: board string has 5 squares; it needs 64 (a1..h8) then the side to move", "5"},
      {"(;GM[Othello]BO[8 " + kBoard + "];)",
       "GGF: BO: board string: the side to move (X or O) is missing after the 64 squares", "X"},
      {"(;GM[Othello]B[f5]W[h9];)", "GGF: W[h9] is not a move (a1..h8 or PA)", "W[h9]"},
      {"(;GM[Othello]B[f5]B[d6];)", "GGF: B[d6] out of turn (white to move)", "B[d6]"},
      {ggf_over, "GGF: B[a1] comes after the end of the game", "B[a1]"},
      {"(;GM[Othello]B[f5]W[PA];)", "GGF: W[PA]: white has a move, so there is no pass", "W[PA]"},
      {"(;GM[Othello]B[f5]W[a1];)", "GGF: move 2 W[a1] is not legal (white to move)", "W[a1]"},
  };
}

bool has_japanese(const std::string& text) {
  // U+3000..U+9FFF (kana, CJK punctuation, kanji) start with the bytes E3..E9 in UTF-8.
  for (unsigned char c : text)
    if (c >= 0xE3 && c <= 0xE9) return true;
  return false;
}

// The English words (3 letters or more) of an error's English text, its arguments and
// cause left out: what a Japanese text must not have. GGF's own names and the words a
// board string may hold (black, white), a date's YYYY-MM-DD and the save's
// history=id[,played] are the input's, not English.
std::set<std::string> template_words(const Error& e) {
  std::string english;
  for (const auto& [key, text] : catalog(Lang::En))
    if (key == e.key) english = text;
  english = std::regex_replace(english, std::regex("\\{\\w+\\}"), " ");
  static const std::set<std::string> kept = {"GGF", "NAME", "YYYY", "black", "white", "history", "played"};
  std::set<std::string> words;
  static const std::regex word("[A-Za-z]{3,}");
  for (auto it = std::sregex_iterator(english.begin(), english.end(), word); it != std::sregex_iterator(); ++it)
    if (!kept.count(it->str())) words.insert(it->str());
  return words;
}

// Japanese, with no English word of its template (once the arguments, which are the
// player's input, are taken out), for the error and its cause.
void check_japanese(const Error& e) {
  std::string ja = error_text(Lang::Ja, e);
  INFO("ja: " << ja);
  CHECK(has_japanese(ja));
  for (const Error* part = &e; part; part = part->cause.get()) {
    for (const auto& [name, value] : part->args)
      for (std::size_t at; !value.empty() && (at = ja.find(value)) != std::string::npos;) ja.erase(at, value.size());
    REQUIRE_FALSE(part->key.empty());
    for (const std::string& w : template_words(*part)) {
      INFO(part->key << ": " << w);
      CHECK(ja.find(w) == std::string::npos);
    }
  }
}

std::string read_source(const std::string& relative) {
  std::ifstream in(std::string(REVERSI_SOURCE_DIR) + "/" + relative, std::ios::binary);
  REQUIRE(in);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

TEST_CASE("error text: each error of the game text, in English as before and in Japanese", "[ui][text][errors]") {
  std::set<std::string> keys;
  for (const BadText& bad : bad_texts()) {
    INFO("input: " << bad.text);
    const auto r = parse_game_text(bad.text);
    REQUIRE_FALSE(r.ok());
    const Error& e = r.failure();
    CHECK(r.error() == bad.english);
    CHECK(e.message == bad.english);
    CHECK(error_text(Lang::En, e) == bad.english);  // the catalog's English is the code's
    CHECK(error_text(Lang::Ja, e) != bad.english);
    CHECK(error_text(Lang::Ja, e).find(bad.token) != std::string::npos);
    check_japanese(e);
    for (const Error* part = &e; part; part = part->cause.get()) keys.insert(part->key);
  }
  CHECK(keys.size() == 23);  // each site once (the board's "5 squares" twice, once inside a GGF)

  // Colours are said in the language's words.
  CHECK(error_text(Lang::Ja, parse_game_text("f5 d6 a1").failure()).find("黒の番") != std::string::npos);
  CHECK(error_text(Lang::Ja, parse_game_text("(;GM[Othello]B[f5]W[a1];)").failure()).find("白の番") !=
        std::string::npos);
}

TEST_CASE("error text: a daily puzzle's date (a ?daily= link) in Japanese", "[ui][text][errors]") {
  for (const char* date : {"tomorrow", "1800-01-01", "2026-13-01", "2026-02-30"}) {
    INFO(date);
    const auto r = daily_puzzle(date, 10);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().rfind("not a date: '" + std::string(date) + "' (", 0) == 0);
    CHECK(error_text(Lang::Ja, r.failure()).find(date) != std::string::npos);
    check_japanese(r.failure());
  }
  CHECK(error_text(Lang::Ja, daily_puzzle("2026-02-30", 10).failure()) ==
        "日付ではありません: 「2026-02-30」（30日はありません。この月は 1〜28日）");
}

TEST_CASE("error text: the games of a collection not read (your games' import), each in Japanese", "[ui][text][errors]") {
  const Collection c = read_collection("(;GM[Othello]B[f5]W[a1];)\n(;GM[Othello]B[f5];)\n(;GM[Othello]B[h9]");
  REQUIRE(c.rejected.size() == 2);  // the second game is read
  CHECK(c.rejected[0].error.message == "GGF: move 2 W[a1] is not legal (white to move)");
  CHECK(error_text(Lang::Ja, c.rejected[0].error) == "GGF: 2手目 W[a1] には打てません（白の番）");
  CHECK(c.rejected[1].error.message == "GGF: no closing ';)'");
  CHECK(error_text(Lang::Ja, c.rejected[1].error) == "GGF: 終わりの「;)」がありません");
  const Collection lines = read_collection("f5d6\nf5z9\n");
  REQUIRE(lines.rejected.size() == 1);
  CHECK(error_text(Lang::Ja, lines.rejected[0].error) == "2手目の「z9」はマスの名前ではありません（a1..h8）");
}

TEST_CASE("error text: an error without a key, or with a key the catalog lacks, is its English", "[ui][text][errors]") {
  CHECK(error_text(Lang::Ja, Error("plain English")) == "plain English");
  const Error unknown = Error::text("error.no_such_key", "a {thing} went wrong", {{"thing", "part"}});
  CHECK(unknown.message == "a part went wrong");
  CHECK(error_text(Lang::Ja, unknown) == "a part went wrong");
  // A cause without a key inside one with a key: the outer text translated, the cause as it is.
  const Error wrapped = Error::text("error.ggf.board", "GGF: BO: {cause}", {}, Error("inner"));
  CHECK(wrapped.message == "GGF: BO: inner");
  CHECK(error_text(Lang::Ja, wrapped) == "GGF: 盤面（BO）: inner");
}

TEST_CASE("error text: a saved game or a move refused, in the player's language, nothing changes", "[ui][text][errors]") {
  Fixture f("color=black&opponent=first-legal&speed=instant&pause=0&lang=ja");
  Controller& c = *f.c;
  REQUIRE(c.play(F5).ok());
  c.update(1);
  REQUIRE(deliver(f.ai));  // white's reply: black (the person) to move
  c.update(2);
  REQUIRE(c.human_to_move());
  const std::string before = c.state_json();
  const std::string saved = c.save();
  const std::string base = "reversi-save-1|color=black|";
  const std::vector<std::pair<std::string, std::string>> bad_saves = {
      {"not a save", "the saved game is not in the expected format"},
      {"reversi-save-1|color=black|f5", "the saved game is not in the expected format"},  // three parts
      {base + "f5||" + kBoard + " X|hist=1", "the saved game's history part is not history=id[,played]"},
      {base + "f5||" + kBoard + " X|history=x1", "the saved game's history id 'x1' is not a whole number"},
      {base + "f5||XX", "the saved game's start position is corrupt (board string has 2 squares"},
      {base + "f5z9|", "the saved game's moves are corrupt (move 2 'z9' is not a square"},
  };
  for (const auto& [text, english] : bad_saves) {
    INFO("save: " << text);
    const Status s = c.restore(text);
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().rfind(english, 0) == 0);
    CHECK(s.error().ends_with("; keeping the current game"));
    const std::string ja = error_text(c.options().lang, s.failure());
    INFO("ja: " << ja);
    CHECK(ja.find("今の対局のままです") != std::string::npos);
    REQUIRE(s.failure().cause);  // the reason, inside "...; keeping the current game"
    if (s.failure().cause->key != "error.saved.history_id") check_japanese(s.failure());  // its number's text is English
    CHECK(c.state_json() == before);
    CHECK(c.save() == saved);
  }
  // A load refused leaves the game too (the page shows this text in the import dialog).
  const Status load = c.load("f5d6z9");
  REQUIRE_FALSE(load.ok());
  CHECK(error_text(c.options().lang, load.failure()) == "3手目の「z9」はマスの名前ではありません（a1..h8）");
  CHECK(c.state_json() == before);
  // A move refused (the square is marked: the state changes): the square and the side named, in Japanese.
  const Status occupied = c.play(F5);
  REQUIRE_FALSE(occupied.ok());
  CHECK(occupied.error() == "f5 is not a legal move for black: a stone is already there");
  CHECK(error_text(Lang::Ja, occupied.failure()) == "f5 には打てません（黒の番）。もう石があります");
  const Status illegal = c.play(A1);
  REQUIRE_FALSE(illegal.ok());
  CHECK(illegal.error() == "a1 is not a legal move for black");
  check_japanese(illegal.failure());
}

TEST_CASE("error text: every key the code names is in both catalogs, with the code's English", "[ui][text][errors]") {
  // Error::text("key", "English {with} placeholders", ...): the key and its English are
  // written out whole at each site.
  static const std::regex site("Error::text\\(\\s*\"([a-z0-9_.]+)\",\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
  std::map<std::string, std::string> english;
  for (const auto& [key, text] : catalog(Lang::En)) english[key] = text;
  int found = 0;
  // Every source file that makes one (the catalog's keys are nowhere pieced together).
  std::vector<std::string> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(std::string(REVERSI_SOURCE_DIR) + "/src")) {
    const std::string path = entry.path().string();
    if (entry.is_regular_file() && (path.ends_with(".cpp") || path.ends_with(".h")))
      files.push_back(path.substr(std::string(REVERSI_SOURCE_DIR).size() + 1));
  }
  std::sort(files.begin(), files.end());
  std::set<std::string> keys;
  for (const std::string& file : files) {
    const std::string source = read_source(file);
    for (auto it = std::sregex_iterator(source.begin(), source.end(), site); it != std::sregex_iterator(); ++it) {
      const std::string key = (*it)[1];
      INFO(file << ": " << key);
      ++found;
      keys.insert(key);
      CHECK(english[key] == (*it)[2].str());
      CHECK(tr(Lang::Ja, key) != key);
    }
  }
  CHECK(found == 103);
  CHECK(keys.size() == 93);  // every error key of the catalogs (checked below)
  // Each error key of the catalogs is made somewhere (ui::error_text's keys are the code's).
  for (const auto& [key, text] : catalog(Lang::En)) {
    INFO(key);
    if (key.starts_with("error.")) CHECK(keys.count(key));
  }
}

namespace {

// An error a request got: its English word for word, the same from the catalog, and in
// Japanese (without the English) naming `token` (the input it is about) when there is one.
// Returns its key (its cause's too), for the count of the sites covered.
std::set<std::string> said(const Error& e, const std::string& english, const std::string& token = "") {
  INFO("english: " << english);
  CHECK(e.message == english);
  CHECK(error_text(Lang::En, e) == english);
  const std::string ja = error_text(Lang::Ja, e);
  CHECK(ja != english);
  if (!token.empty()) CHECK(ja.find(token) != std::string::npos);
  check_japanese(e);
  std::set<std::string> keys;
  for (const Error* part = &e; part; part = part->cause.get()) keys.insert(part->key);
  return keys;
}

// Plays the first legal move for whoever is to move until the game ends.
void finish(Controller& c, FakeAiState& ai) {
  for (int i = 0; i < 200 && !c.game().over(); ++i) {
    if (c.human_to_move()) REQUIRE(c.play(first_legal(c.position())).ok());
    c.update(double(i) * 1000);
    deliver(ai);
    c.update(double(i) * 1000 + 500);
  }
  REQUIRE(c.game().over());
}

}  // namespace

TEST_CASE("error text: the game's refusals (a square, a view, a hint, a line, a review), in Japanese", "[ui][text][errors]") {
  std::set<std::string> keys;
  const auto add = [&](const std::set<std::string>& k) { keys.insert(k.begin(), k.end()); };
  {
    Fixture f("color=black&opponent=first-legal&speed=instant&pause=0");
    Controller& c = *f.c;
    add(said(c.play(Square(64)).failure(), "that is not a square of the board"));
    add(said(c.set_cursor(Square(70)).failure(), "the cursor must be on a square of the board (a1-h8)"));
    add(said(c.view(7).failure(), "there is no position after move 7 (the game has 0 moves)", "7"));
    add(said(c.start_review().failure(), "there are no moves to review yet"));
    // (Its words are the kinds' own names, kept in Japanese too.)
    const Error kind = c.export_game("pdf").failure();
    CHECK(kind.message == "'pdf' is not one of transcript, ggf, board, start");
    CHECK(error_text(Lang::Ja, kind) == "「pdf」は transcript・ggf・board・start のどれでもありません");
    const std::vector<Square> none;
    add(said(c.preview_line(none, 0).failure(), "the line has no moves"));
    const std::vector<Square> long_line(61, F5);
    add(said(c.preview_line(long_line, 0).failure(), "the line has 61 moves, more than a game", "61"));
    const std::vector<Square> two{F5, D6};
    add(said(c.preview_line(two, 3).failure(), "the line has 2 moves: there is no step 3", "3"));
    const std::vector<Square> bad{F5, A1};
    add(said(c.preview_line(bad, 0).failure(), "move 2 of the line (a1) is not legal where it is played", "a1"));
    const std::vector<Square> off{F5, Square(64)};
    add(said(c.preview_line(off, 0).failure(), "move 2 of the line is not legal where it is played", "2"));
    REQUIRE(c.play(F5).ok());
    add(said(c.hint().failure(), "a hint is for your own move"));  // the computer's turn
    finish(c, f.ai);
    add(said(c.hint().failure(), "the game is over"));
    add(said(c.game().position().is_game_over() ? Game(c.game()).play(A1).failure() : Error(), "the game is over"));
  }
  {
    Fixture f("color=both&hint=none");
    Controller& c = *f.c;
    if (c.options().hint_player.empty()) add(said(c.hint().failure(), "no computer player is available for hints"));
    Game g;
    add(said(g.play(Square(64)).failure(), "that is not a square of the board"));
    add(said(g.play(A1).failure(), "a1 is not a legal move for black", "a1"));
  }
  // The game that cannot be replayed (the explorer's), wrapping the move's own error.
  const Error replay = Error::text("error.explorer.replay", "game {n}: {cause}", {{"n", "12"}}, Game().play(A1).failure());
  add(said(replay, "game 12: a1 is not a legal move for black", "12"));
  CHECK(error_text(Lang::Ja, replay) == "対局12: a1 には打てません（黒の番）");
  CHECK(keys.count("error.square.off_board"));
  CHECK(keys.count("error.line.illegal_square"));
}

TEST_CASE("error text: practice refused (puzzles, drills, the trainer, hints), in Japanese", "[ui][text][errors]") {
  std::set<std::string> keys;
  const auto add = [&](const std::set<std::string>& k) { keys.insert(k.begin(), k.end()); };
  Fixture f("color=both&speed=instant&pause=0&lang=ja");
  Controller& c = *f.c;
  add(said(c.practice_next().failure(), "the puzzles are not loaded yet"));
  add(said(c.practice_daily("2026-01-01").failure(), "the puzzles are not loaded yet"));
  add(said(c.practice_hint().failure(), "there is no puzzle open"));
  add(said(c.practice_play_out().failure(), "there is no puzzle open"));
  add(said(c.practice_skip().failure(), "there is no puzzle open"));
  add(said(c.practice_mistakes().failure(), "review the game first: the drill is made of its mistakes"));
  add(said(c.practice_kept_mistakes("").failure(),
           "no mistakes to practise: review your games first (a mistake is a move that lost 4 discs or more)", "4"));
  add(said(c.practice_trainer().failure(),
           "the endgame trainer starts from 20 empty squares or fewer (this position has 60)", "60"));
  // The session's own refusals.
  PracticeSession s(nullptr);
  add(said(s.answer(F5, Lang::Ja).failure(), "there is no puzzle to answer"));
  add(said(s.skip(Lang::Ja).failure(), "there is no puzzle to give up"));
  add(said(s.hint().failure(), "there is no puzzle open"));
  add(said(s.play_out().failure(), "play out comes after the answer: answer the puzzle first"));
  add(said(s.open_drill(std::vector<DrillPosition>{}).failure(), "no mistakes to practise: review your games first"));
  const Position over = parse_board_string(std::string(64, 'X') + " O").value();
  REQUIRE(over.is_game_over());
  add(said(s.open_trainer(over).failure(), "the game is over: there is nothing to play out"));
  // A trainer has no hints; a puzzle answered has none either; its answer comes first.
  Position late = Position::initial();
  while (late.empty_count() > 12 && !late.is_game_over()) late = late.must_pass() ? late.pass() : late.play(first_legal(late));
  REQUIRE_FALSE(late.is_game_over());
  if (late.must_pass()) add(said(s.open_trainer(late).failure(), "the side to move must pass here"));
  else {
    REQUIRE(s.open_trainer(late).ok());
    add(said(s.hint().failure(), "the trainer has no hints: play your best move"));
  }
  // A drill of one position: its hints run out, it is answered, and it is the last.
  DrillPosition d;
  d.ply = 1;
  d.puzzle.position = Position::initial();
  d.puzzle.moves = {{F5, 0}, {E6, 0}, {D3, -2}, {C4, -2}};
  REQUIRE(s.open_drill({d}).ok());
  REQUIRE(s.hint().ok());
  REQUIRE(s.hint().ok());
  add(said(s.hint().failure(), "the hint already shows the square"));
  add(said(s.open_next_drill().failure(), "that was the drill's last position"));
  REQUIRE(s.answer(F5, Lang::Ja).ok());
  add(said(s.hint().failure(), "the puzzle is already answered"));
  // A puzzle's answer that is not a square, or not legal, names the legal moves.
  add(said(judge(d.puzzle, "z9").failure(), "'z9' is not a square (a1..h8; legal here: d3, c4, f5, e6)", "z9"));
  add(said(judge(d.puzzle, "a1").failure(), "a1 is not a legal move here (legal: d3, c4, f5, e6)", "a1"));
  // An empty puzzle file; a stored record that cannot be read (its detail is the record's own English).
  const auto no_puzzles = encode_puzzles(PuzzleSet{});
  REQUIRE(no_puzzles.ok());
  add(said(s.set_puzzles(*no_puzzles).failure(), "the puzzle file holds no puzzles"));
  const Status record = s.restore_record("not a record");
  REQUIRE_FALSE(record.ok());
  CHECK(record.error() == "the saved practice record is corrupt: it does not start with 'reversi-practice 1'; starting a fresh record");
  CHECK(error_text(Lang::Ja, record.failure()) ==
        "保存された練習の記録が壊れています: it does not start with 'reversi-practice 1'。新しい記録で始めます");
  keys.insert({"error.practice.record", "error.practice.fresh_record"});
  CHECK(keys.size() == 19);
}

TEST_CASE("error text: the expert games' search and the explorer's buttons, in Japanese", "[ui][text][errors]") {
  std::vector<WthorGame> games;
  auto file = load_wthor(std::string(REVERSI_SOURCE_DIR) + "/data/wthor/WTH_1983.wtb");
  REQUIRE(file.ok());
  games = std::move(file->games);
  int count = 0;
  for (const WthorGame& g : games) count = std::max({count, g.black_player + 1, g.white_player + 1, g.tournament + 1});
  std::vector<std::string> names;
  for (int i = 0; i < count; ++i) names.push_back("Player " + std::to_string(i));
  const auto bytes = encode_game_database(games, names, names);
  REQUIRE(bytes.ok());
  const GameDatabase db = GameDatabase::parse(*bytes).value();
  GameFilter player;
  player.player = "Nobody Atall";
  said(db.games(player).failure(), "no player's name contains 'Nobody Atall'", "Nobody Atall");
  CHECK(error_text(Lang::Ja, db.games(player).failure()) == "「Nobody Atall」を名前に含む選手はいません");
  // A name with no Latin letter (kanji, kana): the database's names are in Latin letters.
  player.player = "為則";
  said(db.games(player).failure(),
       "no player's name contains '為則': the names are written in Latin letters, such as Tamenori Hideshi", "為則");
  CHECK(error_text(Lang::Ja, db.games(player).failure()) ==
        "「為則」を名前に含む選手はいません（選手名はローマ字です。例: Tamenori Hideshi）");
  GameFilter tournament;
  tournament.tournament = "No Such Cup";
  said(db.games(tournament).failure(), "no tournament's name contains 'No Such Cup'", "No Such Cup");
  GameFilter year;
  year.year = 1950;
  said(db.games(year).failure(), "year 1950 is out of range (the games are from 1983 to 1983)", "1950");
  said(db.game(0).failure(), "no game 0 (the database has games 1 to " + std::to_string(db.size()) + ")", "0");
  // The explorer's buttons with nothing listed.
  Fixture f("color=both");
  said(choose_explorer_square(*f.c, A1).failure(), "the experts did not play a1 here", "a1");
  said(replay_listed_game(*f.c, 77).failure(), "game 77 is not in the explorer's list", "77");
  DatabaseGame empty;
  empty.number = 5;
  said(replay_database_game(*f.c, empty, 0).failure(), "game 5 has no moves to replay", "5");
}

TEST_CASE("error text: your games (a kept game, none selected), in Japanese", "[ui][text][errors]") {
  Fixture f("color=both");
  HistoryPanel panel;
  said(panel.open_selected(*f.c).failure(), "no game is selected");
  // A kept game that cannot be read: the reader's error, translated too.
  said(f.c->open_archived("(;GM[Othello]PC[Reversi]B[f5]W[a1];)", 3).failure(), "GGF: move 2 W[a1] is not legal (white to move)",
       "W[a1]");
}
