// Soak test of the game model (ui::Controller) without SDL: thousands of random
// sequences of what a person, the desktop window and the web page's window.reversi
// can do -- moves on legal and illegal squares (also during the animation and while
// the computer thinks), undo, redo, hints, new games and option changes with
// random options, the page's option queries (strict and lenient), save and
// restore (also of mutated and corrupted saved strings, and a page reload),
// advancing the clock, and the computer answering (a scripted fake that also
// misbehaves, or the real fast players run synchronously). After EVERY step the
// state is checked against the model and against the core rules:
//   - state_json() is strict JSON (RFC 8259, valid UTF-8) with exactly the
//     documented fields, and every field agrees with the model;
//   - the disc counts equal the board's; the transcript replays through core's
//     Game to exactly the position shown; undo and redo counts add up to the
//     history; save() is the documented line;
//   - the side to move has a legal move unless the game is over (passes are
//     applied by the model); the shown (animated) discs cover the board;
//   - a rejected action leaves state_json() and save() byte-identical (a refused
//     move changes only the last field, "rejected", which names its square and
//     reason);
//   - reviewing (view, view_live) shows the recorded position without changing
//     the game; the computer keeps playing the live game and the view stays; undo,
//     redo, new games and restores return to the live game; "moves" lists the
//     record with each mover; a line shown over the view (preview_line, the best
//     line) is drawn and reported as its moves played from the viewed position,
//     a line that cannot be played is refused with nothing changed, and any other
//     view ends it;
//   - a new game keeps the game before it (record, moves to redo, options) until
//     a person moves in it or a game is restored: until then undo brings it back
//     exactly;
//   - move and game-over events match the moves made; the computer is asked only
//     for the current position, after its pause, and answers are never lost.
// Deterministic from a seed: a failure prints the seed, the step and the last
// actions; REVERSI_SOAK_SEED=<seed> replays that one sequence with a log of every
// step. REVERSI_SOAK_SEQUENCES / REVERSI_SOAK_STEPS override the size.
// Focused regression tests for the bugs the soak found are at the end.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/game.h"
#include "core/json.h"
#include "core/notation.h"
#include "engine/player.h"
#include "fake_ai.h"
#include "scale.h"
#include "ui/ai_client.h"
#include "ui/controller.h"
#include "ui/options.h"
#include "ui/text.h"

#if defined(__SANITIZE_ADDRESS__) || defined(REVERSI_SANITIZED)
#define REVERSI_SOAK_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define REVERSI_SOAK_SANITIZED 1
#endif
#endif

using namespace reversi;
using namespace reversi::ui;

namespace {

// ---- deterministic random numbers (splitmix64: the same on every platform) ----------

struct Rng {
  std::uint64_t state;
  explicit Rng(std::uint64_t seed) : state(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  int below(int n) { return int(next() % std::uint64_t(n)); }  // 0 .. n-1, n > 0
  int range(int lo, int hi) { return lo + below(hi - lo + 1); }
  bool chance(int percent) { return below(100) < percent; }
  template <class T>
  const T& pick(const std::vector<T>& v) { return v[std::size_t(below(int(v.size())))]; }
};

// The k-th square (0-based, reading order) of a non-empty set.
Square nth_square(Bitboard set, int k) {
  for (; k > 0; --k) set &= set - 1;
  return Square(lowest_square(set));
}

// ---- a strict JSON reader (RFC 8259): the repository has none ---------------------------

struct Json {
  enum Kind { Null, Bool, Number, String, Array, Object } kind = Null;
  bool boolean = false;
  std::string text;  // a number's literal, a string's decoded UTF-8
  std::vector<Json> items;
  std::vector<std::pair<std::string, Json>> members;

  const Json* get(std::string_view key) const {
    for (const auto& [k, v] : members)
      if (k == key) return &v;
    return nullptr;
  }
};

// Exactly one JSON value with optional whitespace around it. Rejects what JSON.parse
// rejects and more: invalid UTF-8 (overlong forms, surrogates, bytes past U+10FFFF),
// lone \u surrogates, raw control characters, duplicate member names.
class JsonReader {
 public:
  explicit JsonReader(std::string_view text) : s_(text) {}

  std::optional<Json> document() {
    Json v;
    skip_space();
    if (!value(v, 0)) return std::nullopt;
    skip_space();
    if (i_ != s_.size()) {
      fail("text after the value");
      return std::nullopt;
    }
    return v;
  }
  const std::string& error() const { return error_; }

 private:
  bool fail(const std::string& why) {
    if (error_.empty()) error_ = why + " at byte " + std::to_string(i_);
    return false;
  }
  bool at(char c) const { return i_ < s_.size() && s_[i_] == c; }
  bool digit() const { return i_ < s_.size() && s_[i_] >= '0' && s_[i_] <= '9'; }
  void skip_space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  bool word(std::string_view w) {
    if (s_.substr(i_, w.size()) != w) return false;
    i_ += w.size();
    return true;
  }

  bool value(Json& v, int depth) {
    if (depth > 64) return fail("nested too deep");
    if (i_ >= s_.size()) return fail("unexpected end");
    const char c = s_[i_];
    if (c == '{') return object(v, depth);
    if (c == '[') return array(v, depth);
    if (c == '"') {
      v.kind = Json::String;
      return string(v.text);
    }
    if (c == '-' || (c >= '0' && c <= '9')) return number(v);
    if (word("true")) return v.kind = Json::Bool, v.boolean = true, true;
    if (word("false")) return v.kind = Json::Bool, v.boolean = false, true;
    if (word("null")) return v.kind = Json::Null, true;
    return fail("not a JSON value");
  }

  bool object(Json& v, int depth) {
    v.kind = Json::Object;
    ++i_;
    skip_space();
    if (at('}')) return ++i_, true;
    for (;;) {
      skip_space();
      if (!at('"')) return fail("a member name expected");
      std::string key;
      if (!string(key)) return false;
      if (v.get(key)) return fail("duplicate member '" + key + "'");
      skip_space();
      if (!at(':')) return fail("':' expected");
      ++i_;
      skip_space();
      Json member;
      if (!value(member, depth + 1)) return false;
      v.members.emplace_back(std::move(key), std::move(member));
      skip_space();
      if (at(',')) {
        ++i_;
        continue;
      }
      if (at('}')) return ++i_, true;
      return fail("',' or '}' expected");
    }
  }

  bool array(Json& v, int depth) {
    v.kind = Json::Array;
    ++i_;
    skip_space();
    if (at(']')) return ++i_, true;
    for (;;) {
      skip_space();
      Json item;
      if (!value(item, depth + 1)) return false;
      v.items.push_back(std::move(item));
      skip_space();
      if (at(',')) {
        ++i_;
        continue;
      }
      if (at(']')) return ++i_, true;
      return fail("',' or ']' expected");
    }
  }

  bool number(Json& v) {
    const std::size_t start = i_;
    if (at('-')) ++i_;
    if (at('0')) ++i_;
    else if (digit()) while (digit()) ++i_;
    else return fail("a digit expected");
    if (at('.')) {
      ++i_;
      if (!digit()) return fail("a digit expected after '.'");
      while (digit()) ++i_;
    }
    if (at('e') || at('E')) {
      ++i_;
      if (at('+') || at('-')) ++i_;
      if (!digit()) return fail("a digit expected in the exponent");
      while (digit()) ++i_;
    }
    v.kind = Json::Number;
    v.text = std::string(s_.substr(start, i_ - start));
    return true;
  }

  // String literals by the game's own reader (core/json.h, tested on its own there).
  bool string(std::string& out) {
    std::string why;
    if (read_json_string(s_, i_, out, why)) return true;
    if (error_.empty()) error_ = why;
    return false;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  std::string error_;
};

bool valid_json(std::string_view text) {
  JsonReader r(text);
  return r.document().has_value();
}

// True when `s` is valid UTF-8 without control characters: such text must come
// out of state_json() unchanged.
bool clean_text(std::string_view s) {
  std::string quoted = "\"";
  quoted += s;
  quoted += '"';
  JsonReader r(quoted);
  return s.find('"') == std::string_view::npos && s.find('\\') == std::string_view::npos &&
         r.document().has_value();
}

// ---- the computer, scripted by the soak ---------------------------------------------------

struct SoakAiState {
  struct Logged {
    std::uint64_t id;
    AiRequest request;
  };
  std::vector<Logged> requests;   // every request, in order
  std::optional<Logged> current;  // the request still to be answered
  std::deque<AiReply> ready;      // handed out by poll(), oldest first
  std::string failure;
  int cancels = 0;
  std::uint64_t next_id = 1;
};

class SoakAi final : public AiClient {
 public:
  explicit SoakAi(SoakAiState& s) : s_(s) {}
  std::uint64_t request(const AiRequest& r) override {
    s_.requests.push_back({s_.next_id, r});
    s_.current = s_.requests.back();
    s_.ready.clear();  // a new request supersedes the old one
    return s_.next_id++;
  }
  std::optional<AiReply> poll() override {
    if (s_.ready.empty()) return std::nullopt;
    AiReply r = std::move(s_.ready.front());
    s_.ready.pop_front();
    return r;
  }
  void cancel() override {
    ++s_.cancels;
    s_.current.reset();
    s_.ready.clear();
  }
  bool busy() const override { return s_.current.has_value() || !s_.ready.empty(); }
  std::string failure() const override { return s_.failure; }

 private:
  SoakAiState& s_;
};

// The real players quick enough to run synchronously thousands of times.
std::vector<PlayerInfo> fast_real_players() {
  static const std::vector<PlayerInfo> list = [] {
    const std::vector<std::string> wanted = {"first-legal", "corner-first", "corner-safe", "most-flips",
                                             "fewest-replies", "level-1", "level-2"};
    std::vector<PlayerInfo> out;
    for (const PlayerInfo& p : player_list())
      if (std::find(wanted.begin(), wanted.end(), p.name) != wanted.end()) out.push_back(p);
    return out;
  }();
  return list;
}

constexpr std::string_view kMagic = "reversi-save-1";

// ---- what a saved line means, read independently of Controller::restore -----------------

struct SavedGame {
  Options options;
  std::vector<std::string> messages;
  std::vector<Square> moves, redo;
};

// The documented format: "reversi-save-1|options|moves played|moves to redo" (trailing
// newline or spaces ignored). Moves are transcripts (core's notation); the options
// are a query string read leniently (an unknown player gets the default).
std::optional<SavedGame> read_saved(std::string_view text, const std::vector<PlayerInfo>& players) {
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.remove_suffix(1);
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    const std::size_t bar = text.find('|', start);
    parts.push_back(text.substr(start, bar == std::string_view::npos ? std::string_view::npos : bar - start));
    if (bar == std::string_view::npos) break;
    start = bar + 1;
  }
  // A game of the player's history adds "|" (no start board here) and "|history=ID[,played]".
  if (parts.size() == 6) {
    std::string_view h = parts[5];
    if (!parts[4].empty() || h.substr(0, 8) != "history=") return std::nullopt;
    h.remove_prefix(8);
    if (h.ends_with(",played")) h.remove_suffix(7);
    if (h.empty() || h.size() > 18 || h.find_first_not_of("0123456789") != std::string_view::npos) return std::nullopt;
    parts.resize(4);
  }
  if (parts.size() != 4 || parts[0] != kMagic) return std::nullopt;
  auto moves = parse_transcript(parts[2]);
  if (!moves) return std::nullopt;
  Game g;
  for (Square s : *moves) g.play(s);
  auto redo = parse_transcript(parts[3], g.position());
  if (!redo) return std::nullopt;
  ParsedOptions parsed = parse_query_string(parts[1], players);
  return SavedGame{parsed.options, parsed.messages, *moves, *redo};
}

// ---- the soak -------------------------------------------------------------------------

struct SoakFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct Stats {
  long steps = 0, moves = 0, computer_moves = 0, rejected = 0, passes = 0, games_over = 0,
       undos = 0, redos = 0, hints_shown = 0, restores_ok = 0, restores_rejected = 0,
       engine_errors = 0, real_requests = 0, views = 0, new_games_undone = 0, lines = 0;
  void add(const Stats& o) {
    steps += o.steps, moves += o.moves, computer_moves += o.computer_moves, rejected += o.rejected;
    passes += o.passes, games_over += o.games_over, undos += o.undos, redos += o.redos;
    hints_shown += o.hints_shown, restores_ok += o.restores_ok;
    restores_rejected += o.restores_rejected, engine_errors += o.engine_errors;
    real_requests += o.real_requests, views += o.views, new_games_undone += o.new_games_undone;
    lines += o.lines;
  }
};

// The state before a step, to compare with after it.
struct Snapshot {
  std::string json, save, transcript, redo;
  std::size_t ply = 0;
  Position position;
  Options options;
  bool over = false, human_to_move = false, thinking = false, hint_pending = false;
  std::optional<std::size_t> view;
};

// What a step did and so what may have changed.
struct StepResult {
  bool unchanged = false;           // rejected: state_json() and save() byte-identical
  bool refused_move = false;        // ...except for "rejected" (a refused move on a square)
  bool view_action = false;         // view() or view_live(): the view may change
  bool to_live = false;             // undo or redo done: back to the live game
  std::optional<Square> played;     // a person's move was accepted
  bool computer_may_move = false;   // update(): the computer's reply may be played
  bool may_request_move = false;    // update(): the computer may be asked
  bool hint_requested = false;      // hint() accepted
  bool new_history = false;         // new game, restore: the history is replaced
  bool schedule = false;            // the computer's pause starts again now
  bool clock_unknown = false;       // a new controller (page reload) before its first update
};

class Soak {
 public:
  Soak(std::uint64_t seed, int steps, bool verbose)
      : seed_(seed), steps_(steps), verbose_(verbose), rng_(seed * 0x2545F4914F6CDD1Dull + 17) {
    real_ = rng_.chance(25);
    players_ = real_ ? fast_real_players() : test::test_players();
    // Sometimes a player the engine does not know (an older build's list): errors.
    if (rng_.chance(10)) players_.insert(players_.begin() + rng_.below(int(players_.size())), {"no-such-player", "x"});
    make_controller(random_options());
  }

  Stats run() {
    for (step_ = 0; step_ < steps_; ++step_) one_step();
    return stats_;
  }

 private:
  // ---- failure reporting ----
  [[noreturn]] void fail(const std::string& what) const {
    std::string s = "soak failure: seed " + std::to_string(seed_) + ", step " + std::to_string(step_) +
                    (real_ ? " (real players)" : " (fake computer)") + "\n  " + what + "\n  this step: " + what_ +
                    "\n  the steps before:";
    for (const auto& a : log_) s += "\n    " + a;
    s += "\n  state: " + c_->state_json() + "\n  save: " + c_->save() +
         "\n  replay: REVERSI_SOAK_SEED=" + std::to_string(seed_) + " reversi_ui_tests '[soak]'";
    throw SoakFailure(s);
  }
  void expect(bool ok, const std::string& what) const {
    if (!ok) fail(what);
  }
  void note(std::string action) {
    if (verbose_) std::printf("step %d: %s\n", step_, action.c_str());
    log_.push_back(std::move(action));
    if (log_.size() > 12) log_.pop_front();
  }

  void make_controller(const Options& options) {
    c_.reset();
    revision_seen_.reset();  // a new controller counts its own revisions
    ai_.current.reset();  // a new client: nothing asked yet (the log of requests stays)
    ai_.ready.clear();
    ai_.failure.clear();
    moves_heard_.clear();
    overs_heard_.clear();
    c_ = std::make_unique<Controller>(std::make_unique<SoakAi>(ai_), players_, options);
    c_->on_move([this](Color mover, Square s) { moves_heard_.emplace_back(mover, s); });
    c_->on_game_over([this](Outcome o, int b, int w) { overs_heard_.push_back({o, b, w}); });
    last_schedule_ms_ = c_->now();
    kept_.reset();
    undone_.reset();
  }

  // The model of what new_game() keeps for undo: the game left, unless nobody has
  // moved in it (then the game kept before stays).
  void keep_for_undo() {
    if (!kept_ && (c_->game().ply() > 0 || c_->game().can_redo())) kept_ = c_->save();
    undone_.reset();
  }

  // ---- random inputs ----
  std::string random_player_name() {
    const int r = rng_.below(20);
    if (r == 0) return "";
    if (r == 1) return "level-99";
    return rng_.pick(players_).name;
  }

  Options random_options() {
    Options o;
    for (Seat* seat : {&o.black, &o.white}) {
      seat->human = rng_.chance(55);
      seat->player = seat->human && rng_.chance(80) ? "" : random_player_name();
    }
    const std::vector<int> speeds = {kSpeedInstantMs, kSpeedFastMs, kSpeedNormalMs, kSpeedSlowMs, 1, 2000};
    o.flip_ms = rng_.chance(80) ? rng_.pick(speeds) : rng_.range(0, 2000);
    o.legal_markers = rng_.chance(70);
    o.last_move_marker = rng_.chance(70);
    const std::vector<int> pauses = {0, 0, 1, 300, 500, 10000};
    o.pause_ms = rng_.chance(85) ? rng_.pick(pauses) : rng_.range(0, 10000);
    o.hint_player = rng_.chance(50) ? "" : random_player_name();
    o.lang = rng_.chance(25) ? Lang::Ja : Lang::En;
    return o;
  }

  // A change as the window's buttons and keys make it: mode, opponent, speed, markers.
  Options mutated_options() {
    Options o = c_->options();
    const int n = rng_.range(1, 3);
    for (int k = 0; k < n; ++k) {
      switch (rng_.below(8)) {
        case 0: {  // the Mode button's cycle
          const std::string m = o.color_mode();
          const std::string opp = o.opponent().empty() ? rng_.pick(players_).name : o.opponent();
          if (m == "black") o.black = {false, opp}, o.white = {true, ""};
          else if (m == "white") o.black = {true, ""}, o.white = {true, ""};
          else if (m == "both") o.black = {false, opp}, o.white = {false, opp};
          else o.black = {true, ""}, o.white = {false, opp};
          break;
        }
        case 1:
          for (Color c : {Color::Black, Color::White})
            if (!o.human(c)) o.seat(c).player = random_player_name();
          break;
        case 2: {
          const Color side = rng_.chance(50) ? Color::Black : Color::White;
          const bool human = rng_.chance(50);
          o.seat(side) = {human, random_player_name()};
          break;
        }
        case 3: o.flip_ms = rng_.pick(std::vector<int>{0, 110, 200, 400, rng_.range(0, 2000)}); break;
        case 4: o.legal_markers = !o.legal_markers; break;
        case 5: o.last_move_marker = !o.last_move_marker; break;
        case 6: o.pause_ms = rng_.pick(std::vector<int>{0, 1, 500, rng_.range(0, 10000)}); break;
        default: o.hint_player = random_player_name(); break;
      }
    }
    return o;
  }

  // What window.reversi.newGame / setOptions pass on: a query string, good or bad.
  std::string random_query() {
    static const std::vector<std::string> keys = {"color", "colour", "opponent", "black", "white", "speed",
                                                  "markers", "lastmove", "pause", "hint", "Color", "bogus",
                                                  "lang"};
    std::string q = rng_.chance(20) ? "?" : "";
    const int n = rng_.range(0, 4);
    for (int k = 0; k < n; ++k) {
      const std::string key = rng_.chance(97) ? rng_.pick(keys) : "";
      std::string value;
      const int r = rng_.below(10);
      if (key == "color" || key == "colour" || key == "Color")
        value = rng_.pick(std::vector<std::string>{"black", "white", "both", "none", "WHITE", "red", ""});
      else if (key == "opponent" || key == "hint" || key == "black" || key == "white")
        value = r < 2 ? "human" : r < 3 ? "nobody" : r < 4 ? "" : rng_.pick(players_).name;
      else if (key == "speed")
        value = rng_.pick(std::vector<std::string>{"instant", "fast", "normal", "slow", "0", "2000", "2001", "-1",
                                                   "150ms", "1e3", "ms", "fast%20"});
      else if (key == "markers" || key == "lastmove")
        value = rng_.pick(std::vector<std::string>{"on", "off", "true", "no", "1", "maybe"});
      else if (key == "pause")
        value = rng_.pick(std::vector<std::string>{"0", "300", "10000", "10001", "+5", "x", "99999999999"});
      else if (key == "lang")
        value = rng_.pick(std::vector<std::string>{"en", "ja", "ja-JP", "EN", "fr", "", "%E6%97%A5"});
      else
        value = rng_.pick(std::vector<std::string>{"1", "%zz", "%C3%A9", "a+b"});
      if (!q.empty() && q != "?") q += rng_.chance(95) ? "&" : "&&";
      q += key;
      if (rng_.chance(97)) q += "=" + value;
    }
    return q;
  }

  // One change to a saved line; the result may still be a valid save, or not.
  std::string mutated(std::string s) {
    static const std::string alphabet = "abcdefghiABHx0123456789|&=% \t\n\r?-";
    const int kind = rng_.below(13);
    auto pos = [&](std::size_t extra) { return std::size_t(rng_.below(int(s.size() + extra))); };
    auto rand_char = [&]() -> char {
      return rng_.chance(90) ? alphabet[std::size_t(rng_.below(int(alphabet.size())))] : char(rng_.range(0, 255));
    };
    switch (kind) {
      case 0: if (!s.empty()) s[pos(0)] = rand_char(); break;
      case 1: if (!s.empty()) s.erase(pos(0), 1); break;
      case 2: s.insert(s.begin() + std::ptrdiff_t(pos(1)), rand_char()); break;
      case 3: s.resize(pos(1)); break;
      case 4: {  // whitespace among the moves
        const std::size_t a = s.find('|');
        const std::size_t b = a == std::string::npos ? a : s.find('|', a + 1);
        const std::size_t lo = b == std::string::npos ? 0 : b + 1;
        const std::size_t at = lo + std::size_t(rng_.below(int(s.size() - lo + 1)));
        s.insert(at, rng_.pick(std::vector<std::string>{" ", "\t", "  ", "\n", " \t"}));
        break;
      }
      case 5: {  // the last move played becomes the first to redo, or back
        const std::size_t bar = s.rfind('|');
        if (bar == std::string::npos) break;
        if (rng_.chance(50)) {
          if (bar >= 2) s = s.substr(0, bar - 2) + "|" + s.substr(bar - 2, 2) + s.substr(bar + 1);
        } else if (bar + 3 <= s.size()) {
          s = s.substr(0, bar) + s.substr(bar + 1, 2) + "|" + s.substr(bar + 3);
        }
        break;
      }
      case 6: for (char& ch : s) ch = char(std::toupper(static_cast<unsigned char>(ch))); break;
      case 7: s.replace(0, std::min<std::size_t>(14, s.size()), rng_.chance(50) ? "reversi-save-2" : "Reversi-save-1"); break;
      case 8: s += rng_.pick(std::vector<std::string>{"|", "\n", "\r\n", " ", "x", "|f5", "f5", "\t"}); break;
      case 9: {  // swap two moves of the transcript
        const std::size_t bar = s.rfind('|');
        const std::size_t prev = bar == std::string::npos || bar == 0 ? std::string::npos : s.rfind('|', bar - 1);
        if (prev == std::string::npos || bar - prev < 5) break;
        const int n = int((bar - prev - 1) / 2);
        const std::size_t a = prev + 1 + 2 * std::size_t(rng_.below(n)), b = prev + 1 + 2 * std::size_t(rng_.below(n));
        std::swap(s[a], s[b]);
        std::swap(s[a + 1], s[b + 1]);
        break;
      }
      case 10: {  // other options
        const std::size_t a = s.find('|');
        const std::size_t b = a == std::string::npos ? a : s.find('|', a + 1);
        if (b != std::string::npos) s = s.substr(0, a + 1) + random_query() + s.substr(b);
        break;
      }
      case 11: s.insert(pos(1), rng_.pick(std::vector<std::string>{"%ff", "%C3", "\xC3", "\xff", "%00", "\xe2\x80\x93"})); break;
      default: {  // a piece cut out or repeated
        const std::size_t a = pos(1), b = pos(1);
        s = s.substr(0, a) + s.substr(b);
        break;
      }
    }
    return s;
  }

  // A random legal game (to the end sometimes) as a saved line written by hand.
  std::string random_saved_line(std::size_t* played_moves, std::size_t* total_moves) {
    Game g;
    const int length = rng_.chance(60) ? 80 : rng_.range(0, 70);
    for (int k = 0; k < length && !g.over(); ++k) {
      Bitboard m = g.position().legal_moves();
      for (int skip = rng_.below(popcount(m)); skip > 0; --skip) m &= m - 1;
      g.play(Square(lowest_square(m)));
    }
    const std::string t = g.transcript();
    // Often near the end, so that passes and game ends follow soon.
    const int n = int(t.size() / 2);
    const std::size_t split = 2 * std::size_t(rng_.chance(50) ? rng_.range(0, n) : std::max(0, n - rng_.range(0, 12)));
    *played_moves = split / 2;
    *total_moves = t.size() / 2;
    const std::string opts = rng_.chance(70) ? to_query_string(resolve(random_options(), players_)) : random_query();
    return std::string(kMagic) + "|" + opts + "|" + t.substr(0, split) + "|" + t.substr(split) +
           rng_.pick(std::vector<std::string>{"", "", "\n", "\r\n", " "});
  }

  // ---- the steps ----
  Snapshot snapshot() const {
    Snapshot s;
    s.json = c_->state_json();
    s.save = c_->save();
    s.transcript = c_->game().transcript();
    Game g = c_->game();
    std::vector<Square> redo;
    while (g.redo()) redo.push_back(g.last_move());
    s.redo = to_transcript(redo);
    s.ply = c_->game().ply();
    s.position = c_->position();
    s.options = c_->options();
    s.over = c_->over();
    s.human_to_move = c_->human_to_move();
    s.thinking = c_->thinking();
    s.hint_pending = c_->hint_pending();
    s.view = c_->viewing();
    return s;
  }

  void advance(double dt) {
    now_ += dt;
    c_->update(now_);
  }

  StepResult do_play(Square s, const Snapshot& before) {
    const Status st = c_->play(s);
    const bool legal = is_board_square(s) && !before.view && !before.over && before.human_to_move &&
                       before.position.is_legal(s);
    expect(st.ok() == legal, "play(" + square_name(s) + ") returned " + (st.ok() ? "ok" : st.error()) +
                                 " but the move is " + (legal ? "legal for a person" : "not allowed"));
    StepResult out;
    if (st.ok()) {
      out.played = s;
      out.schedule = true;
      expect(c_->cursor() == s, "the cursor is not on the square just played");
      ++stats_.moves;
    } else {
      expect(!st.error().empty(), "a rejected move gives no reason");
      out.unchanged = true;
      if (is_board_square(s)) expect_refusal(s, before);
      out.refused_move = is_board_square(s);
      ++stats_.rejected;
    }
    return out;
  }

  void answer_computer(std::string& what) {
    if (!ai_.current) {
      what += " (nothing asked)";
      return;
    }
    const SoakAiState::Logged asked = *ai_.current;
    const Position& p = asked.request.position;
    AiReply reply;
    reply.id = asked.id;
    const int r = rng_.below(100);
    if (real_ && r < 85) {
      reply = run_request(asked.request, asked.id);
      ++stats_.real_requests;
      what += " real " + asked.request.player + " -> " + (reply.ok() ? square_name(reply.result.move) : reply.error);
    } else if (r < 80) {
      Bitboard m = p.legal_moves();
      for (int skip = rng_.below(std::max(1, popcount(m))); skip > 0 && m; --skip) m &= m - 1;
      reply.result.move = m ? Square(lowest_square(m)) : PASS;
      what += " legal " + square_name(reply.result.move);
    } else if (r < 86) {
      reply.error = rng_.chance(50) ? "worker crashed" : "bad\nnews \"quoted\" \x01";
      what += " error";
    } else if (r < 92) {
      const Bitboard illegal = ~p.legal_moves();  // occupied or not flanking: every other square
      if (rng_.chance(60)) {
        reply.result.move = nth_square(illegal, rng_.below(popcount(illegal)));
      } else {
        reply.result.move = rng_.pick(std::vector<Square>{PASS, NO_SQUARE, Square(-1), Square(64 + rng_.below(200))});
      }
      what += " illegal " + std::to_string(int(reply.result.move));
    } else {
      // A reply to some other request (superseded, or never made): must be ignored.
      reply.id = rng_.chance(30) || asked.id == 1 ? rng_.pick(std::vector<std::uint64_t>{0, asked.id + 1, 1u << 31})
                                                 : std::uint64_t(rng_.range(1, int(asked.id - 1)));
      const Bitboard m = p.legal_moves();
      reply.result.move = m ? Square(lowest_square(m)) : PASS;
      ai_.ready.push_back(reply);
      what += " stale id " + std::to_string(reply.id);
      return;  // the request stays open
    }
    if (!reply.ok()) ++stats_.engine_errors;
    ai_.current.reset();
    ai_.ready.push_back(reply);
  }

  StepResult act(std::string& what) {
    const Snapshot& before = before_;
    const int r = rng_.below(1060);
    StepResult out;
    if (r >= 1000) return review_step(what);
    if (r < 170) {  // a person's click: mostly a legal square when a person is to move
      Square s;
      const Bitboard legal = before.position.legal_moves();
      if (rng_.chance(70) && legal) {
        Bitboard m = legal;
        for (int skip = rng_.below(popcount(m)); skip > 0; --skip) m &= m - 1;
        s = Square(lowest_square(m));
      } else if (rng_.chance(90)) {
        s = Square(rng_.below(64));
      } else {
        s = rng_.pick(std::vector<Square>{PASS, NO_SQUARE, Square(-1), Square(64 + rng_.below(1000))});
      }
      what = "play " + square_name(s) + " (" + std::to_string(int(s)) + ")";
      return do_play(s, before);
    }
    if (r < 200) {  // window.reversi.play("..."): the page parses the text first
      static const std::vector<std::string> texts = {"f5", "F5", "d3", "C4", "e6", "a1", "h8", "i1", "a9", "a0",
                                                     "", "pass", "f", "f55", " f5", "f5 ", "zz", "\xc3\xa9"};
      std::string text = rng_.chance(70) ? rng_.pick(texts) : square_name(Square(rng_.below(64)));
      what = "web play '" + text + "'";
      const auto s = parse_square(text);
      const bool square_like = text.size() == 2 && std::tolower(static_cast<unsigned char>(text[0])) >= 'a' &&
                               std::tolower(static_cast<unsigned char>(text[0])) <= 'h' && text[1] >= '1' && text[1] <= '8';
      expect(s.has_value() == square_like, "parse_square('" + text + "') disagrees with a1..h8");
      if (!s) return out.unchanged = true, out;
      expect(square_name(*s) == std::string{char(std::tolower(static_cast<unsigned char>(text[0]))), text[1]},
             "parse_square('" + text + "') read another square");
      return do_play(*s, before);
    }
    if (r < 240) {  // keyboard: arrows, then maybe Enter
      const int dx = rng_.range(-9, 9), dy = rng_.range(-9, 9);
      const Square from = c_->cursor();
      c_->move_cursor(dx, dy);
      const Square want = make_square(std::clamp(column_of(from) + dx, 0, 7), std::clamp(row_of(from) + dy, 0, 7));
      what = "cursor " + std::to_string(dx) + "," + std::to_string(dy) + " -> " + square_name(c_->cursor());
      expect(c_->cursor() == want && c_->keyboard_active(), "the cursor did not move as asked");
      if (rng_.chance(50)) {
        what += " + enter";
        const Square s = c_->cursor();
        const Status st = c_->play_cursor();
        const bool legal = !before.view && !before.over && before.human_to_move && before.position.is_legal(s);
        expect(st.ok() == legal, "play_cursor() on " + square_name(s) + " disagrees with the rules");
        if (st.ok()) return out.played = s, out.schedule = true, ++stats_.moves, out;
        expect_refusal(s, before);
        out.refused_move = true;
        ++stats_.rejected;
      }
      return out.unchanged = true, out;  // the cursor is not part of the game's state
    }
    if (r < 250) {  // the pointer
      const Square s = rng_.chance(80) ? Square(rng_.below(64)) : NO_SQUARE;
      c_->set_hover(s);
      c_->set_keyboard_active(rng_.chance(50));
      what = "hover " + square_name(s);
      expect(c_->hover() == s, "hover not kept");
      return out.unchanged = true, out;
    }
    if (r < 310) {  // undo
      const bool can = c_->can_undo();
      const bool done = c_->undo();
      what = std::string("undo -> ") + (done ? "done" : "refused");
      expect(can == done, "undo() disagrees with can_undo()");
      if (!done) return ++stats_.rejected, out.unchanged = true, out;
      ++stats_.undos;
      out.to_live = true;
      if (kept_) {  // back to the game before the new one
        expect(c_->save() == *kept_, "undo did not bring back the game before the new game exactly");
        kept_.reset();
        undone_ = before.save;  // for redo
        ++stats_.new_games_undone;
        return out.new_history = out.schedule = true, out;
      }
      undone_.reset();
      expect(c_->game().ply() < before.ply, "undo did not go back");
      expect(c_->human_to_move(), "after undo it is not a person's move");
      return out;
    }
    if (r < 350) {  // redo
      const bool can = c_->can_redo();
      const bool done = c_->redo();
      what = std::string("redo -> ") + (done ? "done" : "refused");
      expect(can == done, "redo() disagrees with can_redo()");
      if (!done) return ++stats_.rejected, out.unchanged = true, out;
      ++stats_.redos;
      out.to_live = true;
      if (undone_) {  // forward to the new game undo left
        expect(c_->save() == *undone_, "redo did not bring back the new game exactly");
        kept_ = before.save;
        undone_.reset();
        return out.new_history = out.schedule = true, out;
      }
      const std::size_t ply = c_->game().ply();
      expect(ply > before.ply, "redo did not go forward");
      expect(c_->game().transcript() == before.transcript + before.redo.substr(0, 2 * (ply - before.ply)),
             "redo replayed other moves than the undone ones");
      expect(c_->over() || c_->human_to_move() || !c_->game().can_redo(),
             "redo stopped on the computer's turn with moves left to redo");
      return out;
    }
    if (r < 365) {  // undo then redo: back where it was
      what = "undo+redo";
      // Undoing a new game and redoing it comes back to it too.
      const bool to_kept = kept_.has_value();
      const bool round_trip = (before.over || before.human_to_move || before.redo.empty()) || to_kept;
      if (!c_->undo()) return out.unchanged = true, out;
      undone_.reset();
      if (to_kept) out.new_history = out.schedule = true;
      expect(c_->redo(), "redo refused right after an undo");
      out.to_live = true;
      if (round_trip) {
        expect(c_->game().transcript() == before.transcript, "undo+redo did not come back to the same move");
        expect(c_->save() == before.save, "undo+redo changed the saved game");
      }
      return out;
    }
    if (r < 400) {  // hint
      const Status st = c_->hint();
      what = std::string("hint -> ") + (st.ok() ? "asked" : st.error());
      const bool allowed = !before.over && before.human_to_move;
      expect(st.ok() == allowed, "hint() " + std::string(st.ok() ? "accepted" : "refused") +
                                     (allowed ? " (a person is to move)" : " (no person to move)"));
      if (!st.ok()) return ++stats_.rejected, out.unchanged = true, out;
      expect(c_->hint_pending() && c_->hint_square() == NO_SQUARE, "hint() asked nothing");
      return out.hint_requested = true, out;
    }
    if (r < 640) {  // time passes
      const int k = rng_.below(10);
      const double dt = k < 2 ? 0 : k < 5 ? rng_.range(1, 60) : k < 8 ? rng_.range(60, 700) : k < 9 ? rng_.range(700, 4000) : 60000;
      what = "update +" + std::to_string(int(dt));
      advance(dt);
      out.computer_may_move = out.may_request_move = true;
      // (An answer played during this update starts its animation now.)
      if (dt >= 60000 && c_->game().transcript() == before.transcript) probe_liveness();
      return out;
    }
    if (r < 780) {  // the computer answers (then sometimes time passes at once)
      what = "answer";
      answer_computer(what);
      if (rng_.chance(60)) {
        what += " + update";
        advance(rng_.chance(50) ? 0 : 1);
        out.computer_may_move = out.may_request_move = true;
      }
      return out;
    }
    if (r < 790) {  // the AI client breaks down or recovers
      // (An answer already delivered is played first: the failure comes after it.)
      const bool was_waiting = (c_->thinking() || c_->hint_pending()) && ai_.ready.empty();
      ai_.failure = !ai_.failure.empty() ? ""
                    : rng_.pick(std::vector<std::string>{"the AI worker failed to load",
                                                         "worker \"ai-worker.js\" crashed:\n\tat \xff line 1"});
      what = ai_.failure.empty() ? "ai recovers + update" : "ai fails + update";
      advance(1);
      out.computer_may_move = out.may_request_move = true;
      if (!ai_.failure.empty() && was_waiting) {
        expect(!c_->thinking() && !c_->hint_pending(), "still waiting for a failed AI client");
        expect(says(c_->message(), "message.computer_stopped"), "the AI failure is not shown");
      }
      return out;
    }
    if (r < 815) {  // new game
      if (rng_.chance(30)) {
        what = "new game (same options)";
        keep_for_undo();
        c_->new_game();
      } else {
        const Options o = random_options();
        what = "new game " + to_query_string(o);
        keep_for_undo();
        c_->new_game(o);
        expect(c_->options() == resolve(o, players_), "new_game did not take its options");
      }
      expect(c_->game().ply() == 0 && !c_->game().can_redo(), "a new game has moves");
      expect(!c_->thinking() && !c_->hint_pending() && !c_->animating(), "a new game still thinks or animates");
      return out.new_history = out.schedule = true, out;
    }
    if (r < 860) {  // a setting changes mid-game (window buttons and keys)
      const Options o = mutated_options();
      what = "set options " + to_query_string(o);
      c_->set_options(o);
      expect(c_->options() == resolve(o, players_), "set_options did not take its options");
      const Color side = before.position.to_move;
      const bool restart = !(before.options.seat(side) == c_->options().seat(side)) ||
                           (before.options.pause_ms != c_->options().pause_ms && !c_->options().human(side));
      if (restart) expect(!c_->thinking(), "the computer kept searching for a side it no longer plays");
      else expect(c_->thinking() == before.thinking, "an unrelated setting stopped the computer");
      if (before.hint_pending && c_->human_to_move())
        expect(c_->hint_pending(), "a setting change dropped the hint the person asked for");
      return out.schedule = restart, out;
    }
    if (r < 890) {  // window.reversi.newGame / setOptions (strict) or the URL (lenient)
      const std::string q = random_query();
      const bool strict = rng_.chance(60), fresh = rng_.chance(40);
      what = std::string(fresh ? "web newGame" : "web setOptions") + (strict ? " strict '" : " '") + q + "'";
      ParsedOptions parsed = parse_query_string(q, players_, c_->options());
      if (strict && !parsed.messages.empty()) return ++stats_.rejected, out.unchanged = true, out;
      const Options want = resolve(parsed.options, players_);
      const Color side = before.position.to_move;
      if (fresh) keep_for_undo(), c_->new_game(parsed.options);
      else c_->set_options(parsed.options);
      expect(c_->options() == want, "the page's options were not taken");
      if (fresh) return out.new_history = out.schedule = true, out;
      out.schedule = !(before.options.seat(side) == want.seat(side)) ||
                     (before.options.pause_ms != want.pause_ms && !want.human(side));
      return out;
    }
    if (r < 910) {  // save, then restore the same line
      const std::string saved = c_->save();
      what = "restore(save())";
      const Status st = c_->restore(saved);
      expect(st.ok(), "the controller's own saved game was refused: " + st.error());
      expect(c_->save() == saved, "restore(save()) changed the saved game");
      expect(c_->options() == before.options, "restore(save()) changed the options");
      kept_.reset();
      undone_.reset();
      ++stats_.restores_ok;
      return out.new_history = out.schedule = true, out;
    }
    if (r < 965) {  // restore a mutated or corrupted saved line
      std::string text = c_->save();
      for (int k = rng_.range(1, 3); k > 0; --k) text = mutated(text);
      what = "restore mutated '" + text + "'";
      return restore_checked(text);
    }
    if (r < 990) {  // restore another game, written by hand
      std::size_t played = 0, total = 0;
      const std::string text = random_saved_line(&played, &total);
      what = "restore '" + text + "'";
      out = restore_checked(text);
      expect(c_->game().ply() == played, "the restored game is not at its saved move");
      expect(c_->game().ply() + redo_count() == total, "the restored game lost moves to redo");
      return out;
    }
    // The page reloads: a new controller, the saved game, maybe the URL's options.
    const std::string saved = c_->save();
    const std::string q = rng_.chance(50) ? "" : random_query();
    what = "reload with '" + q + "'";
    make_controller(Options{});
    const Status st = c_->restore(saved);
    expect(st.ok(), "the saved game was refused after a reload: " + st.error());
    if (!q.empty()) {
      const ParsedOptions parsed = parse_query_string(q, players_, c_->options());
      const Options wanted = resolve(parsed.options, players_);
      if (!(wanted == c_->options())) {
        if (wanted.black == c_->options().black && wanted.white == c_->options().white) c_->set_options(wanted);
        else keep_for_undo(), c_->new_game(wanted);
      }
    } else {
      expect(c_->save() == saved, "a reload changed the saved game");
    }
    return out.new_history = out.clock_unknown = true, out;
  }

  // A refused move on a square: recorded with the reason the rules give.
  void expect_refusal(Square s, const Snapshot& before) {
    const RejectReason want = before.view                          ? RejectReason::Reviewing
                              : before.over                        ? RejectReason::GameOver
                              : !before.human_to_move              ? RejectReason::NotYourTurn
                              : before.position.at(s) != Cell::Empty ? RejectReason::Occupied
                                                                   : RejectReason::Illegal;
    expect(c_->rejected_square() == s && c_->rejected_reason() == want && c_->rejected_at() == c_->now(),
           "the refusal of " + square_name(s) + " is not recorded as " + std::string(reject_reason_name(want)));
  }

  // The web page's grid and move list: review a position, go back, move the cursor.
  StepResult review_step(std::string& what) {
    StepResult out;
    const int k = rng_.below(100);
    if (k < 45) {
      const std::size_t ply = std::size_t(rng_.range(0, int(before_.ply) + 2));
      what = "view " + std::to_string(ply);
      const Status st = c_->view(ply);
      expect(st.ok() == (ply <= before_.ply), "view(" + std::to_string(ply) + ") of " +
                                                  std::to_string(before_.ply) + " moves: " +
                                                  (st.ok() ? "accepted" : st.error()));
      if (!st.ok()) return ++stats_.rejected, out.unchanged = true, out;
      expect(c_->viewing() == ply, "view() shows another position");
      ++stats_.views;
      return out.view_action = true, out;
    }
    if (k < 70) {
      what = "view live";
      c_->view_live();
      expect(!c_->viewing(), "view_live() still reviews");
      expect(!c_->preview(), "view_live() still shows a line");
      return out.view_action = true, out;
    }
    if (k < 82) {
      // A line shown over the position shown (the page's best line): a few random moves
      // from it, now and then one more that cannot be played (a stone is there) or a step
      // past its end, both refused with nothing changed.
      const std::size_t from_ply = c_->viewing().value_or(c_->game().ply());
      Game g(c_->shown_position());
      std::vector<Square> line;
      for (int n = rng_.range(0, 6); int(line.size()) < n && !g.over();) {
        std::vector<Square> legal;
        for (Bitboard m = g.position().legal_moves(); m; m &= m - 1) legal.push_back(Square(lowest_square(m)));
        line.push_back(rng_.pick(legal));
        g.play(line.back());
      }
      const bool bad = rng_.chance(15);
      if (bad) line.push_back(Square(lowest_square(g.position().black() | g.position().white())));
      const std::size_t step = std::size_t(rng_.range(0, int(line.size()) + (rng_.chance(10) ? 2 : 0)));
      what = "preview " + to_transcript(line) + " step " + std::to_string(step);
      const Status st = c_->preview_line(line, step);
      const bool ok = !line.empty() && !bad && step <= line.size() && !c_->practicing();
      expect(st.ok() == ok, what + ": " + (st.ok() ? "accepted" : st.error()));
      if (!st.ok()) return ++stats_.rejected, out.unchanged = true, out;
      expect(c_->preview() && c_->preview()->step == step && c_->preview()->line == line && c_->viewing() == from_ply,
             "preview_line() shows another line or position");
      ++stats_.lines;
      return out.view_action = true, out;
    }
    if (k < 85) {
      what = "end preview";
      const auto view = c_->viewing();
      c_->end_preview();
      expect(!c_->preview() && c_->viewing() == view, "end_preview() left a line or changed the view");
      return out.view_action = true, out;
    }
    const Square s = rng_.chance(90) ? Square(rng_.below(64))
                                     : rng_.pick(std::vector<Square>{NO_SQUARE, PASS, Square(64), Square(-3)});
    what = "set cursor " + square_name(s);
    const Square from = c_->cursor();
    const Status st = c_->set_cursor(s);
    expect(st.ok() == is_board_square(s), "set_cursor(" + square_name(s) + ") disagrees with the board");
    expect(c_->cursor() == (st.ok() ? s : from), "set_cursor() left the cursor elsewhere");
    if (st.ok()) expect(c_->keyboard_active(), "set_cursor() did not show the keyboard frame");
    return out.unchanged = true, out;  // the cursor is not part of the game's state
  }

  std::size_t redo_count() const {
    Game g = c_->game();
    std::size_t n = 0;
    while (g.redo()) ++n;
    return n;
  }

  StepResult restore_checked(const std::string& text) {
    StepResult out;
    const std::optional<SavedGame> meant = read_saved(text, players_);
    const Status st = c_->restore(text);
    if (!meant) {
      expect(!st.ok(), "restore accepted a corrupt saved game");
      expect(st.error().find("keeping the current game") != std::string::npos,
             "restore's error does not say the game is kept: " + st.error());
      ++stats_.restores_rejected;
      return out.unchanged = true, out;
    }
    expect(st.ok(), "restore refused a valid saved game: " + st.error());
    expect(c_->game().transcript() == to_transcript(meant->moves),
           "restore played other moves: " + c_->game().transcript() + " instead of " + to_transcript(meant->moves));
    Game g = c_->game();
    std::vector<Square> redo;
    while (g.redo()) redo.push_back(g.last_move());
    expect(redo == meant->redo, "restore kept other moves to redo: " + to_transcript(redo) + " instead of " +
                                    to_transcript(meant->redo));
    expect(c_->options() == meant->options, "restore took other options");
    if (!meant->messages.empty())
      expect(c_->message() == tr(c_->options().lang, "message.saved_settings", {{"detail", meant->messages.front()}}),
             "restore did not report a bad setting");
    expect(!c_->thinking() && !c_->hint_pending() && !c_->animating(), "a restored game still thinks or animates");
    kept_.reset();
    undone_.reset();
    ++stats_.restores_ok;
    return out.new_history = out.schedule = true, out;
  }

  // Long after everything settled, the computer must be thinking when it is its turn
  // (unless it reported a failure): an answer is never lost or forgotten.
  void probe_liveness() {
    expect(!c_->animating(), "still animating a minute later");
    const std::string m = c_->message();
    const bool failed = says(m, "message.computer_failed") || says(m, "message.computer_illegal") ||
                        says(m, "message.computer_stopped") || says(m, "message.no_computer");
    if (c_->computer_to_move() && !failed && ai_.failure.empty())
      expect(c_->thinking(), "the computer is to move, nothing failed, and nobody asked it");
  }

  // The message is the catalog's text for `key` (in the options' language), whatever its {arguments}.
  bool says(const std::string& message, std::string_view key) const {
    const std::string text = tr(c_->options().lang, key);
    return message.rfind(text.substr(0, text.find('{')), 0) == 0;
  }

  void one_step() {
    before_ = snapshot();
    moves_heard_.clear();
    overs_heard_.clear();
    const std::size_t asked_before = ai_.requests.size();
    const std::size_t history_before = before_.ply + before_.redo.size() / 2;
    what_.clear();
    const StepResult out = act(what_);
    if (out.played) kept_.reset();  // a person moved in the new game
    if (!moves_heard_.empty()) undone_.reset();  // a move in the game undo returned to
    note(what_);
    ++stats_.steps;

    check_state();
    const Snapshot after = snapshot();
    if (verbose_) std::printf("    %s\n", after.json.c_str());

    if (out.unchanged) {
      // A refused move changes "rejected" (the last field), nothing else.
      auto compared = [&](const std::string& json) { return out.refused_move ? test::without_rejected(json) : json; };
      expect(compared(after.json) == compared(before_.json), "a rejected action changed state_json():\n    before " +
                                                                 before_.json + "\n    after  " + after.json);
      expect(after.save == before_.save, "a rejected action changed the saved game");
    }

    // Moves and their events.
    const std::size_t history = after.ply + after.redo.size() / 2;
    const bool moved = after.transcript.size() == before_.transcript.size() + 2 &&
                       after.transcript.compare(0, before_.transcript.size(), before_.transcript) == 0 &&
                       after.ply == before_.ply + 1 && history == after.ply;
    if (out.played) {
      expect(moved && after.transcript.substr(before_.transcript.size()) == square_name(*out.played),
             "the accepted move is not the one played");
    }
    if (moved && (out.played || out.computer_may_move)) {
      const Square s = *parse_square(after.transcript.substr(before_.transcript.size()));
      expect(moves_heard_.size() == 1 && moves_heard_[0] == std::make_pair(before_.position.to_move, s),
             "the move was not announced once, with its colour and square");
      if (!out.played) {
        expect(!before_.human_to_move, "the computer moved for a person");
        ++stats_.computer_moves;
      }
      if (c_->game().passed_after(after.ply)) {
        ++stats_.passes;
        const Color passer = opposite(c_->position().to_move);
        const Lang lang = c_->options().lang;
        expect(after.over || (c_->message() == tr(lang, "message.passes", {{"color", color_word(lang, passer)}}) &&
                              c_->pass_shown_at() >= c_->now()),
               "the pass is not announced");
      }
      if (after.over) {
        const Position& p = c_->position();
        expect(overs_heard_.size() == 1 && overs_heard_[0].o == p.outcome() &&
                   overs_heard_[0].black == p.disc_count(Color::Black) &&
                   overs_heard_[0].white == p.disc_count(Color::White),
               "the game's end was not announced once, with the result");
        ++stats_.games_over;
      } else {
        expect(overs_heard_.empty(), "a game end was announced mid-game");
      }
    } else {
      expect(moves_heard_.empty() && overs_heard_.empty(), "a move was announced, but none was made");
      if (!out.new_history) {
        expect(history == history_before, "the history's length changed without a move: " +
                                               std::to_string(history_before) + " -> " + std::to_string(history));
        if (!out.played && !out.computer_may_move && after.ply == before_.ply)
          expect(after.transcript == before_.transcript, "the moves changed without a move");
      }
    }
    if (out.computer_may_move && !out.played && !moved)
      expect(after.transcript == before_.transcript && after.ply == before_.ply, "update() changed the game");

    // The view changes only when asked, and undo, redo, new games and restores go live.
    if (out.to_live || out.new_history) expect(!after.view, "still reviewing after undo, redo, a new game or restore");
    else if (!out.view_action) expect(after.view == before_.view, "the view changed by itself");

    // Requests to the computer.
    // A new controller has not seen the clock until its first update: until then it
    // schedules from its time 0 (after a page reload the computer's first pause is short).
    if (out.clock_unknown) clock_unknown_ = true, updated_since_reload_ = false;
    if (out.may_request_move) updated_since_reload_ = true;
    if (out.schedule || after.ply != before_.ply || after.transcript != before_.transcript) {
      last_schedule_ms_ = now_;
      if (updated_since_reload_) clock_unknown_ = false;
    }
    const std::size_t asked = ai_.requests.size() - asked_before;
    if (out.hint_requested) {
      expect(asked == 1, "hint() asked the computer " + std::to_string(asked) + " times");
      const AiRequest& r = ai_.requests.back().request;
      expect(r.player == c_->options().hint_player && r.position == c_->position(), "the hint asks the wrong question");
    } else if (out.may_request_move) {
      expect(asked <= 1, "one update asked the computer more than once");
      if (asked == 1) {
        const AiRequest& r = ai_.requests.back().request;
        expect(c_->thinking(), "the computer was asked, but the model does not know");
        expect(r.position == c_->position(), "the computer was asked about another position");
        expect(r.player == c_->options().seat(c_->position().to_move).player, "the wrong player was asked");
        expect(!c_->animating(), "the computer was asked during the animation");
        expect(clock_unknown_ || now_ >= last_schedule_ms_ + c_->options().pause_ms,
               "the computer was asked " + std::to_string(now_ - last_schedule_ms_) + " ms after its turn began (pause " +
                   std::to_string(c_->options().pause_ms) + " ms)");
      }
    } else {
      expect(asked == 0, "the computer was asked outside update() and hint()");
    }
    if (is_board_square(c_->hint_square())) ++stats_.hints_shown;
  }

  // ---- the invariants, after every step ----
  void check_state() {
    const Controller& c = *c_;
    const std::string json = c.state_json();
    // The revision (issue 44): the front ends read state_json() and the drawing key only when
    // it moved, so an equal revision means both are byte-identical.
    {
      const Controller::DrawingKey key = c.drawing_key(true);
      std::string drawn = key.state + "\n" + key.values + "\n" + key.graph;
      if (revision_seen_ && *revision_seen_ == c.revision()) {
        expect(json == revision_json_, "state_json() changed with the same revision():\n    before " + revision_json_ +
                                           "\n    after  " + json);
        expect(drawn == revision_drawn_, "drawing_key() changed with the same revision():\n    before " +
                                             revision_drawn_ + "\n    after  " + drawn);
      }
      expect(!revision_seen_ || c.revision() >= *revision_seen_, "revision() went down");
      revision_seen_ = c.revision();
      revision_json_ = json;
      revision_drawn_ = std::move(drawn);
    }
    JsonReader reader(json);
    const std::optional<Json> doc = reader.document();
    expect(doc.has_value(), "state_json() is not valid JSON (" + reader.error() + "): " + json);
    expect(doc->kind == Json::Object, "state_json() is not an object");
    static const std::vector<std::string> keys = {"board", "toMove", "transcript", "black", "white", "over",
                                                  "thinking", "computerToMove", "humanToMove", "animating",
                                                  "canUndo", "canRedo", "canAnalyse", "lastMove", "hint", "status", "message",
                                                  "options", "view", "shown", "preview", "opening", "moves", "undoReturns", "replay",
                                                  "kept", "clock", "analysis", "graph", "review", "practice", "explorer", "error", "legal",
                                                  "rejected"};
    expect(doc->members.size() == keys.size(), "state_json() has " + std::to_string(doc->members.size()) + " fields");
    for (const auto& k : keys) expect(doc->get(k) != nullptr, "state_json() lacks \"" + k + "\"");
    auto str = [&](const char* k) -> const std::string& {
      const Json* v = doc->get(k);
      expect(v->kind == Json::String, std::string(k) + " is not a string");
      return v->text;
    };
    auto boolean = [&](const char* k) {
      const Json* v = doc->get(k);
      expect(v->kind == Json::Bool, std::string(k) + " is not true or false");
      return v->boolean;
    };
    auto null_or_str = [&](const char* k) -> std::optional<std::string> {
      const Json* v = doc->get(k);
      if (v->kind == Json::Null) return std::nullopt;
      expect(v->kind == Json::String, std::string(k) + " is not a string or null");
      return v->text;
    };
    auto number = [&](const char* k) -> const std::string& {
      const Json* v = doc->get(k);
      expect(v->kind == Json::Number, std::string(k) + " is not a number");
      return v->text;
    };

    const Position& p = c.position();
    const Game& game = c.game();

    // The way back, the replay's names, the computer's failure and the squares playable now.
    expect(boolean("undoReturns") == c.undo_returns_to_previous_game(), "undoReturns disagrees");
    expect(doc->get("replay")->kind == Json::Null, "a replay's names without a replay");
    {
      const Json* legal = doc->get("legal");
      expect(legal->kind == Json::Array, "legal is not a list");
      Bitboard listed = 0;
      for (const Json& sq : legal->items) {
        const auto square = sq.kind == Json::String ? parse_square(sq.text) : std::nullopt;
        expect(square.has_value(), "legal lists a non-square");
        listed |= bit(int(*square));
      }
      expect(listed == (c.can_play_now() ? p.legal_moves() : Bitboard(0)), "legal disagrees with the moves playable now");
      expect(legal->items.size() == std::size_t(popcount(listed)), "legal lists a square twice");
    }

    // The analysis, the graph and the review: shaped as documented, agreeing with the model.
    {
      const Json* a = doc->get("analysis");
      expect(a->kind == Json::Object && a->get("on") && a->get("on")->kind == Json::Bool &&
                 a->get("on")->boolean == c.analysis_on(),
             "analysis.on disagrees");
      expect(a->get("moves") && a->get("moves")->kind == Json::Array, "analysis.moves is not a list");
      expect(c.analysis() || a->get("moves")->items.empty(), "analysis values shown without an analysis");
      const Json* g = doc->get("graph");
      expect(g->kind == Json::Array, "graph is not a list");
      for (const Json& point : g->items) {
        const Json* ply = point.get("ply");
        expect(ply && ply->kind == Json::Number && std::stoul(ply->text) <= game.ply(), "a graph point past the game");
      }
      const Json* r = doc->get("review");
      expect(r->kind == Json::Null || (r->kind == Json::Object && r->get("entries")), "review is neither null nor a review");
    }

    // The board and the disc counts.
    const std::string& board = str("board");
    expect(board.size() == 64, "board is not 64 squares");
    int xs = 0, os = 0;
    for (int i = 0; i < 64; ++i) {
      const Cell cell = p.at(Square(i));
      const char want = cell == Cell::Black ? 'X' : cell == Cell::White ? 'O' : '-';
      expect(board[std::size_t(i)] == want, "board square " + square_name(Square(i)) + " is wrong");
      xs += board[std::size_t(i)] == 'X';
      os += board[std::size_t(i)] == 'O';
    }
    expect(number("black") == std::to_string(xs) && xs == p.disc_count(Color::Black), "black's count is not the board's");
    expect(number("white") == std::to_string(os) && os == p.disc_count(Color::White), "white's count is not the board's");

    // Whose move, the end.
    const bool over = c.over();
    expect(boolean("over") == over && over == p.is_game_over(), "over disagrees");
    const auto to_move = null_or_str("toMove");
    expect(over ? !to_move : to_move == std::string(color_name(p.to_move)), "toMove disagrees");
    expect(over || p.has_legal_move(), "the side to move has no legal move, and the game is not over");
    if (over) expect(!p.has_legal_move() && !p.pass().has_legal_move(), "over, but a move is left");
    const bool human = !over && c.options().human(p.to_move);
    expect(boolean("humanToMove") == human && c.human_to_move() == human, "humanToMove disagrees");
    expect(boolean("computerToMove") == (!over && !human) && c.computer_to_move() == (!over && !human),
           "computerToMove disagrees");
    expect(boolean("thinking") == c.thinking(), "thinking disagrees");
    expect(boolean("animating") == c.animating(), "animating disagrees");

    // The transcript replays to exactly this position.
    const std::string& transcript = str("transcript");
    expect(transcript == game.transcript(), "transcript disagrees with the game");
    auto replay = Game::from_transcript(transcript);
    expect(replay.ok(), "the transcript does not replay: " + replay.error());
    expect(replay->ply() == game.ply() && replay->position() == p, "the transcript replays to another position");
    for (std::size_t i = 0; i <= game.ply(); ++i)
      expect(replay->position_at(i) == game.position_at(i), "position " + std::to_string(i) + " of the record differs");
    const auto last = null_or_str("lastMove");
    expect(game.ply() == 0 ? !last : last == transcript.substr(transcript.size() - 2), "lastMove disagrees");

    // Undo and redo against the history.
    Game walk = game;
    std::size_t undos = 0, redos = 0;
    while (walk.undo()) ++undos;
    expect(undos == game.ply(), "undo steps differ from the moves played");
    walk = game;
    std::vector<Square> redo;
    while (walk.redo()) redo.push_back(walk.last_move()), ++redos;
    const Options& o = c.options();
    const bool any_human = o.black.human || o.white.human;
    bool human_moved = false;
    for (std::size_t i = 0; i < game.ply(); ++i) human_moved |= o.human(replay->position_at(i).to_move);
    expect(c.undo_returns_to_previous_game() == kept_.has_value(), "the game kept for undo disagrees");
    expect(boolean("canUndo") == c.can_undo() && c.can_undo() == (kept_ || (any_human && human_moved)),
           "canUndo disagrees");
    expect(boolean("canRedo") == c.can_redo() && c.can_redo() == (undone_ || (any_human && redos > 0)),
           "canRedo disagrees");
    expect(boolean("canAnalyse") == c.can_analyse() && c.can_analyse() == !c.practicing(), "canAnalyse disagrees");
    // ... then, for a game of the player's history, "||history=ID" and ",played" when a person
    // moved in it (the start part stays empty: these games start from the initial position).
    const std::string documented = std::string(kMagic) + "|" + to_query_string(o) + "|" + transcript + "|" + to_transcript(redo);
    const std::string saved = c.save();
    const std::string history = c.archived_id() || saved.ends_with(",played")
                                    ? "||history=" + std::to_string(c.archived_id()) + (saved.ends_with(",played") ? ",played" : "")
                                    : "";
    expect(saved == documented + history, "save() is not the documented line");

    // Options, status, message.
    expect(str("options") == to_query_string(o), "options disagree");
    const ParsedOptions again = parse_query_string(to_query_string(o), players_);
    expect(again.messages.empty() && again.options == o, "the options do not read back unchanged");
    expect(o == resolve(o, players_), "the options are not resolved");
    expect(str("status") == c.status_line(), "status disagrees");
    // The AI client's failure, as the page shows it.
    expect(ai_.failure.empty() ? doc->get("error")->kind == Json::Null
                               : json.find(",\"error\":" + json_string(ai_.failure) + ",") != std::string::npos,
           "error disagrees with the computer's failure");
    const std::string& message = str("message");
    if (clean_text(c.message())) expect(message == c.message(), "message disagrees");

    // Hints.
    const auto hint = null_or_str("hint");
    expect(hint ? *hint == square_name(c.hint_square()) : c.hint_square() == NO_SQUARE, "hint disagrees");
    if (hint) {
      expect(p.is_legal(c.hint_square()), "the hint is not a legal move");
      expect(c.human_to_move(), "a hint is shown when no person is to move");
    }
    expect(!(c.thinking() && c.hint_pending()), "thinking and a hint at once");

    // The computer's request matches what the model waits for.
    if (c.thinking() || c.hint_pending()) {
      // The latest request (a request supersedes the one before) is the one waited for.
      expect(!ai_.requests.empty() && ai_.requests.back().request.position == p && (ai_.current || !ai_.ready.empty()),
             "waiting for an answer about another position, or never asked");
      expect(c.thinking() ? !human : human, "waiting for the wrong side");
    }

    // Review: "view", "moves" (the record with each mover) and "rejected".
    const Json* view = doc->get("view");
    const auto viewing = c.viewing();
    expect(viewing ? view->kind == Json::Number && view->text == std::to_string(*viewing) : view->kind == Json::Null,
           "view disagrees");
    expect(!viewing || *viewing <= game.ply(), "viewing past the record");
    // "opening": the named opening of the position shown, in both languages, or null.
    const Json* opening = doc->get("opening");
    if (const Opening* o = c.opening()) {
      const Json *en = opening->get("en"), *ja = opening->get("ja");
      expect(opening->kind == Json::Object && opening->members.size() == 2 && en && ja && en->text == o->name(false) &&
                 ja->text == o->name(true),
             "opening disagrees with the controller");
    } else {
      expect(opening->kind == Json::Null, "opening is not null while the position shown is in no named opening");
    }
    expect(c.opening() == nullptr || c.game().start() == Position::initial(), "an opening named on a set-up board");
    // "shown": the counts of the position on the board (the viewed one, mid-animation the turned stones).
    const Json* shown = doc->get("shown");
    const Json *shown_black = shown->get("black"), *shown_white = shown->get("white"),
               *shown_board = shown->get("board");
    expect(shown->kind == Json::Object && shown->members.size() == 3 && shown_black && shown_white && shown_board &&
               shown_black->text == std::to_string(c.shown_count(Color::Black)) &&
               shown_white->text == std::to_string(c.shown_count(Color::White)),
           "shown disagrees with the position shown");
    // "preview": a line shown over the view (preview_line): its moves replayed from the viewed
    // position are the board shown.
    const Json* preview = doc->get("preview");
    const LinePreview* line = c.preview();
    std::optional<Position> line_end;
    if (line) {
      expect(viewing && *viewing == line->ply && line->step <= line->line.size() && !line->line.empty(),
             "a line is shown but not over the view it was made on");
      Game replay(game.position_at(line->ply));
      for (std::size_t i = 0; i < line->step; ++i) expect(bool(replay.play(line->line[i])), "the line shown does not play");
      line_end = replay.position();
      const Json *ply = preview->get("ply"), *moves = preview->get("line"), *step = preview->get("step");
      expect(preview->kind == Json::Object && preview->members.size() == 3 && ply && moves && step &&
                 ply->text == std::to_string(line->ply) && step->text == std::to_string(line->step) &&
                 moves->kind == Json::Array && moves->items.size() == line->line.size(),
             "preview disagrees with the line shown");
      for (std::size_t i = 0; i < line->line.size(); ++i)
        expect(moves->items[i].text == square_name(line->line[i]), "preview's moves are not the line's");
    } else {
      expect(preview->kind == Json::Null, "preview is not null while no line is shown");
    }
    const Position& on_board = line_end ? *line_end : viewing ? game.position_at(*viewing) : game.position();
    expect(c.animating() || c.shown_count(Color::Black) == on_board.disc_count(Color::Black),
           "shown counts are not the position shown's");
    expect(shown_board->kind == Json::String && shown_board->text == to_board_string(on_board).substr(0, 64),
           "shown board is not the position shown's");
    const Json* moves = doc->get("moves");
    expect(moves->kind == Json::Array && moves->items.size() == game.ply(), "moves is not the record");
    for (std::size_t i = 0; i < game.ply(); ++i) {
      const Json& m = moves->items[i];
      const Json *mover = m.get("color"), *square = m.get("square");
      expect(m.kind == Json::Object && m.members.size() == 2 && mover && square && mover->kind == Json::String &&
                 square->kind == Json::String,
             "move " + std::to_string(i) + " is not {color, square}");
      expect(mover->text == color_name(game.position_at(i).to_move) && square->text == square_name(game.moves()[i]),
             "move " + std::to_string(i) + " disagrees with the record");
    }
    const Json* rejected = doc->get("rejected");
    if (c.rejected_square() == NO_SQUARE) {
      expect(rejected->kind == Json::Null, "rejected is not null");
    } else {
      const Json *square = rejected->get("square"), *reason = rejected->get("reason");
      expect(rejected->kind == Json::Object && rejected->members.size() == 2 && square && reason &&
                 square->text == square_name(c.rejected_square()) &&
                 reason->text == reject_reason_name(c.rejected_reason()),
             "rejected disagrees");
    }

    // What is drawn: the shown discs cover the board (the viewed one when reviewing); markers.
    const Bitboard sb = c.shown_black(), sw = c.shown_white();
    if (line) {
      // A line shown: its position, its last move.
      expect(sb == line_end->black() && sw == line_end->white(), "the shown discs are not the line's position");
      expect(c.shown_last_move() == (line->step ? line->line[line->step - 1] : NO_SQUARE),
             "the last-move marker is not the line's");
      expect(c.analysis() == nullptr, "the view's values are drawn on the line's position");
    } else if (viewing) {
      const Position& shown = game.position_at(*viewing);
      expect(sb == shown.black() && sw == shown.white(), "the shown discs are not the viewed position's");
      expect(c.shown_last_move() == (*viewing ? game.moves()[*viewing - 1] : NO_SQUARE),
             "the last-move marker is not the viewed position's");
    } else {
      expect((sb & sw) == 0 && (sb | sw) == p.occupied(), "the shown discs are not the board's squares");
      expect(c.shown_last_move() == game.last_move(), "the last-move marker is not the last move");
    }
    if (!c.animating()) {
      if (!viewing) expect(sb == p.black() && sw == p.white(), "the shown discs differ from the board with no animation");
    } else {
      const MoveAnimation* a = c.animation();
      expect(a != nullptr, "animating without an animation");
      const Position done = a->before.play(a->placed);
      expect(done.black() == p.black() && done.white() == p.white(), "the animation ends on another board");
    }
    const Bitboard marks = o.legal_markers && human && !c.animating() && !viewing ? p.legal_moves() : 0;
    expect(c.marked_moves() == marks, "the marked moves disagree");
    expect(is_board_square(c.cursor()), "the cursor is off the board");
  }

  struct OverHeard {
    Outcome o;
    int black, white;
  };

  std::uint64_t seed_;
  int steps_;
  bool verbose_;
  Rng rng_;
  bool real_ = false;
  std::vector<PlayerInfo> players_;
  SoakAiState ai_;
  std::unique_ptr<Controller> c_;
  std::optional<std::uint64_t> revision_seen_;  // c_->revision() at the last check_state()
  std::string revision_json_, revision_drawn_;  // state_json() and drawing_key() then
  double now_ = 0;
  double last_schedule_ms_ = 0;
  bool clock_unknown_ = false;
  bool updated_since_reload_ = true;
  int step_ = 0;
  std::string what_;  // the current step's action, as far as it got
  Snapshot before_;
  std::vector<std::pair<Color, Square>> moves_heard_;
  std::vector<OverHeard> overs_heard_;
  std::deque<std::string> log_;
  Stats stats_;
  std::optional<std::string> kept_;  // save() of the game a new game left, while undo brings it back
  std::optional<std::string> undone_;  // save() of the new game undo left, while redo brings it back
};

long env_number(const char* name, long fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  char* end = nullptr;
  const long n = std::strtol(v, &end, 10);
  return end && *end == '\0' && n > 0 ? n : fallback;
}

// Runs `sequences` seeds from `first_seed` (or only REVERSI_SOAK_SEED, verbosely).
void run_soak(long first_seed, long sequences, int steps) {
  if (const char* one = std::getenv("REVERSI_SOAK_SEED"); one && *one) {
    first_seed = std::strtol(one, nullptr, 10);
    sequences = 1;
  }
  sequences = env_number("REVERSI_SOAK_SEQUENCES", sequences);
  steps = int(env_number("REVERSI_SOAK_STEPS", steps));
  const bool verbose = sequences == 1;
  Stats total;
  const auto t0 = std::chrono::steady_clock::now();
  for (long k = 0; k < sequences; ++k) {
    const std::uint64_t seed = std::uint64_t(first_seed + k);
    std::string failure;
    try {
      Soak soak(seed, steps, verbose);
      total.add(soak.run());
    } catch (const SoakFailure& e) {
      failure = e.what();
    }
    if (!failure.empty()) FAIL(failure);
  }
  const double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf(
      "soak: %ld sequences x %d steps from seed %ld in %.1f s: %ld moves by people, %ld by the computer, %ld "
      "passes, %ld games over, %ld undos, %ld redos, %ld rejected actions, %ld restores accepted, %ld refused, "
      "%ld hint steps, %ld engine errors, %ld real engine answers, %ld positions reviewed, %ld new games undone, "
      "%ld lines shown\n",
      sequences, steps, first_seed, secs, total.moves, total.computer_moves, total.passes, total.games_over,
      total.undos, total.redos, total.rejected, total.restores_ok, total.restores_rejected, total.hints_shown,
      total.engine_errors, total.real_requests, total.views, total.new_games_undone, total.lines);
  if (sequences >= 200) {  // the soak reaches what it is meant to reach
    CHECK(total.passes > 0);
    CHECK(total.games_over > 0);
    CHECK(total.computer_moves > 0);
    CHECK(total.restores_ok > 0);
    CHECK(total.restores_rejected > 0);
    CHECK(total.hints_shown > 0);
    CHECK(total.real_requests > 0);
    CHECK(total.views > 0);
    CHECK(total.new_games_undone > 0);
    CHECK(total.lines > 0);
  }
}

#ifdef REVERSI_SOAK_SANITIZED
// A sequence takes about 0.15 s under the sanitizers: 30 s for these, 300 s for the slow
// parts whole (CI's sanitizer stage runs them at a twentieth).
constexpr long kSequences = 200, kSlowSequences = 2000;
#else
constexpr long kSequences = 2000, kSlowSequences = 20000;
#endif
constexpr int kSteps = 200;

}  // namespace

TEST_CASE("soak: the strict JSON reader", "[ui][soak]") {
  for (const char* good : {"{}", "[]", " \"x\" ", "0", "-0.5e+3", "{\"a\":[1,true,false,null,\"\\u00e9\\ud83d\\ude00\"],\"b\":{}}",
                           "\"\xc3\xa9\xe2\x80\x93\xf0\x9f\x98\x80\"", "\"\\\"\\\\\\/\\b\\f\\n\\r\\t\""}) {
    INFO(good);
    JsonReader r(good);
    CHECK(r.document().has_value());
  }
  for (const char* bad : {"", "{", "{\"a\":1,}", "{'a':1}", "[01]", "\"\\x\"", "\"\\u12\"", "{\"a\":1}{", "\"\xff\"",
                          "\"\xc3\"", "\"\xc0\xaf\"", "\"\xed\xa0\x80\"", "\"\\ud800\"", "\"\\udc00x\"",
                          "{\"a\":1,\"a\":2}", "\"tab\there\"", "1.", "-", ".5", "NaN", "[1 2]", "tru", "nul",
                          "\"\xf4\x90\x80\x80\"", "[1,]", "{\"a\" 1}", "+1", "1e"}) {
    INFO(bad);
    JsonReader r(bad);
    CHECK_FALSE(r.document().has_value());
  }
}

TEST_CASE("soak: random actions on the game model checked after every step", "[ui][soak]") {
  run_soak(1, kSequences, kSteps);
}

// Ten times as many sequences, from seed 1000001, in five parts that are tests of their own
// (so that none runs long alone and ctest -j runs them side by side); REVERSI_SCALE_DIVISOR=N
// runs 1/N of each part's sequences (tests/support/scale.h).
static void run_slow_soak_part(int part) {
  constexpr long kParts = 5, kPart = kSlowSequences / kParts;
  run_soak(1000001 + part * kPart, kPart / reversi::test_scale_divisor(), kSteps);
}
TEST_CASE("soak: ten times as many sequences (1 of 5)", "[ui][soak][slow]") { run_slow_soak_part(0); }
TEST_CASE("soak: ten times as many sequences (2 of 5)", "[ui][soak][slow]") { run_slow_soak_part(1); }
TEST_CASE("soak: ten times as many sequences (3 of 5)", "[ui][soak][slow]") { run_slow_soak_part(2); }
TEST_CASE("soak: ten times as many sequences (4 of 5)", "[ui][soak][slow]") { run_slow_soak_part(3); }
TEST_CASE("soak: ten times as many sequences (5 of 5)", "[ui][soak][slow]") { run_slow_soak_part(4); }

// ---- regression tests for what the soak found --------------------------------------------

using FakeFixture = test::Fixture;  // a controller over the test-driven FakeAi (fake_ai.h)

// Found by the soak: a saved game whose settings quote bytes that are not UTF-8
// (a URL's %FF, a cut "%C3") put them raw into the message of state_json(), which
// then was not valid JSON. json_string() now writes U+FFFD for each such byte.
TEST_CASE("soak regression: state JSON stays valid UTF-8 whatever the message quotes", "[ui][soak]") {
  FakeFixture f("color=both&speed=instant");
  Controller& c = *f.c;
  REQUIRE(c.restore("reversi-save-1|black=human&white=human&%ff=1&sp%C3eed=2|f5|").ok());
  const std::string json = c.state_json();
  CHECK(valid_json(json));
  JsonReader r(json);
  const auto doc = r.document();
  REQUIRE(doc);
  CHECK(doc->get("message")->text == "Saved settings: unknown option '\xEF\xBF\xBD' (known: color, opponent, "
                                     "black, white, speed, markers, lastmove, pause, hint, lang, clock)");
  CHECK(c.message().find('\xff') != std::string::npos);  // the model keeps the text as it came

  CHECK(json_string("\xff") == "\"\xEF\xBF\xBD\"");
  CHECK(json_string("a\xC3") == "\"a\xEF\xBF\xBD\"");                    // cut short
  CHECK(json_string("\xC3\xA9\xe2\x80\x93") == "\"\xC3\xA9\xe2\x80\x93\"");  // valid: unchanged
  CHECK(json_string("\xc0\xaf") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\"");        // overlong '/'
  CHECK(json_string("\xed\xa0\x80") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");  // a surrogate
  CHECK(json_string("\xf4\x90\x80\x80") == "\"\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD\"");  // past U+10FFFF
  CHECK(json_string("\x80x") == "\"\xEF\xBF\xBDx\"");                     // a stray continuation byte
  for (int b = 0; b < 256; ++b) {
    const std::string one(1, char(b)), two = std::string(1, char(b)) + "\xA9";
    INFO(b);
    CHECK(valid_json(json_string(one)));
    CHECK(valid_json(json_string(two)));
  }
}

// Found by the soak: with a hint on the board, switching the person's side to the
// computer (the Mode button, setOptions) left the hint shown during the computer's turn.
TEST_CASE("soak regression: a shown hint goes when the computer takes the person's side", "[ui][soak]") {
  FakeFixture f("color=both&speed=instant&pause=0");
  Controller& c = *f.c;
  REQUIRE(c.hint().ok());
  REQUIRE(test::deliver(f.ai, F5));
  c.update(1);
  REQUIRE(c.hint_square() == F5);
  Options o = c.options();
  o.black = {false, "first-legal"};  // black, to move, is now the computer's
  c.set_options(o);
  CHECK(c.computer_to_move());
  CHECK(c.hint_square() == NO_SQUARE);
  CHECK(c.state_json().find("\"hint\":null") != std::string::npos);
  // A change that keeps the person to move keeps the hint.
  FakeFixture g("color=both&speed=instant&pause=0");
  REQUIRE(g.c->hint().ok());
  REQUIRE(test::deliver(g.ai, F5));
  g.c->update(1);
  Options other = g.c->options();
  other.white = {false, "weighted"};  // the side not to move
  other.legal_markers = false;
  g.c->set_options(other);
  CHECK(g.c->hint_square() == F5);
}

// Found by the soak: changing the computer's pause while a person waited for a hint
// cancelled the hint's search, so the hint never came.
TEST_CASE("soak regression: changing the pause keeps a person's pending hint", "[ui][soak]") {
  FakeFixture f("color=black&speed=instant&pause=500");
  Controller& c = *f.c;
  REQUIRE(c.hint().ok());
  REQUIRE(c.hint_pending());
  const int cancels = f.ai.cancels;
  Options o = c.options();
  o.pause_ms = 0;
  c.set_options(o);
  CHECK(c.hint_pending());
  CHECK(f.ai.cancels == cancels);
  REQUIRE(test::deliver(f.ai, E6));
  c.update(1);
  CHECK(c.hint_square() == E6);
  // On the computer's turn a new pause still restarts its wait.
  REQUIRE(c.play(F5).ok());
  c.update(2);
  REQUIRE(c.thinking());
  o.pause_ms = 300;
  c.set_options(o);
  CHECK_FALSE(c.thinking());
  c.update(301);
  CHECK_FALSE(c.thinking());
  c.update(302);
  CHECK(c.thinking());
}
