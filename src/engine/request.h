// The one request runner: how every front end (the desktop's AI threads, the
// web worker, the tests, reversi-cli) asks the engine for a move or for the
// value of every move, with one set of rules and error texts.
//
//  - Moves: the player is made by name on first use and kept, with its
//    transposition tables, for the next requests (of this game and later ones:
//    table entries of another game are keyed by position, so they are never
//    wrong, only overwritten). At most `kept_players` players are kept, the
//    least recently used dropped first, and a player that failed (an illegal
//    answer, an exception) is dropped. A kept player is reseeded with each
//    request's seed, so its answer equals that of a fresh player, and is put at
//    the start of the request's game (Player::start_game) when it names one.
//  - Analyses: one Analyzer, kept with its tables. Successive calls on the
//    same position and options continue where the last one stopped: the
//    Analyzer restarts its deepening each call (its tables make the depths
//    already searched nearly instant) and the values are merged, so a value
//    reported for a move never loses depth or precision (merge_values). This is
//    how the web worker, which cannot be interrupted, analyses in short slices.
//
// Not thread-safe: one call at a time per runner (the desktop gives its move
// thread and its analysis thread one runner each).
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <list>
#include <memory>
#include <string>
#include <vector>

#include "core/expected.h"
#include "core/position.h"
#include "engine/analysis.h"
#include "engine/player.h"

namespace reversi {

// The request and reply types below are the ones every front end's client
// uses unchanged from the controller to the engine: the desktop's thread client
// hands them to a RequestRunner, the web client has them encoded for the AI
// worker (platform/web_ai_protocol.h), which decodes the same types and hands
// them to its RequestRunner. `id` is the client's number for the request (what
// AiClient::request returns), 0 elsewhere; fields local to a process (the stop
// flags, an analysis's deadline and evaluator) are never sent. The move in a
// reply is checked where it is played (the game's controller, ui/controller.cpp);
// the runner checks its own players' answers (choose_checked).

struct MoveRequest {
  Position position;        // must not be a finished game
  std::string player;       // a name make_player accepts, e.g. "corner-first", "level-5"
  SearchLimits limits;      // limits.stop, when set, stops the search early (not sent)
  std::uint64_t seed = 1;   // for randomised players
  std::uint64_t id = 0;     // the client's request id (the runner ignores it)
  // The game the move is of: a player whose strength varies from game to game (the human
  // players' form, Player::start_game) plays game `game`'s, the same for every move of one
  // game whatever `seed`; 0: the game of `seed` (a fresh player's).
  std::uint64_t game = 0;
};

// The answer to a MoveRequest, as a client delivers it.
struct MoveReply {
  std::uint64_t id = 0;     // the request's id
  // Empty on success. Otherwise why no move came: an unknown player, a crashed or
  // unloadable worker, an illegal move returned by the engine, ...
  std::string error;
  SearchResult result;      // meaningful only when error is empty
  bool ok() const { return error.empty(); }
};

// The reply to request `id` from the runner's answer.
MoveReply make_reply(std::uint64_t id, Expected<SearchResult> result);

// What the Analyzer is asked (its AnalysisOptions, handed to it as they are:
// time_ms, stop, max_depth, solve_empties, mpc, reproducible; `deadline` and
// `evaluator` are local and not sent) on which position. max_depth is 1..60, solve_empties 0..60.
struct AnalysisRequest : AnalysisOptions {
  AnalysisRequest() = default;
  AnalysisRequest(const Position& p) : position(p) {}  // so {position} makes one, as before
  Position position;        // any position; a finished game has no moves to value
  std::uint64_t id = 0;     // the client's request id (the runner ignores it)
};

// The state of an analysis: what a client shows and what the worker sends.
struct AnalysisSnapshot {
  std::uint64_t id = 0;          // the client's request id (0 inside the runner)
  std::vector<MoveValue> moves;  // best first; one PASS entry when the side must pass
  bool complete = false;         // every value exact or at max_depth: nothing left to do
  bool done = false;             // the last snapshot of the request (complete, out of
                                 // budget, stopped or failed); earlier ones improve
  std::uint64_t nodes = 0;       // searched on this position (all calls so far)
  double time_ms = 0;            // spent on this position (all calls so far)
  std::string error;             // empty unless the analysis failed
  bool ok() const { return error.empty(); }
};

// Merges `fresh` values into `kept`, move by move: a fresh value replaces the
// kept one only when it is more precise (exact > win/loss > midgame), or as
// precise and deeper; moves not in `kept` are added. Re-sorts best first.
// Returns true if `kept` changed.
bool merge_values(std::vector<MoveValue>& kept, const std::vector<MoveValue>& fresh);

// True when the list is not empty and every value in it is exact: nothing is
// left to analyse even if no single call completed.
bool all_exact(const std::vector<MoveValue>& moves);

class RequestRunner {
 public:
  static constexpr std::size_t kDefaultKeptPlayers = 3;  // black, white and the hint player
  explicit RequestRunner(std::size_t kept_players = kDefaultKeptPlayers);
  ~RequestRunner();
  RequestRunner(const RequestRunner&) = delete;
  RequestRunner& operator=(const RequestRunner&) = delete;

  // A checked move (choose_checked): errors for a finished game, an unknown
  // player, an illegal answer or a failing engine.
  Expected<SearchResult> choose(const MoveRequest& request);

  // Called with each improvement of the merged values (never with a list equal
  // to the last one sent); `done` is false in these.
  using AnalysisUpdate = std::function<void(const AnalysisSnapshot&)>;
  // Values every move of request.position within request.time_ms, continuing
  // the previous call when the position and options are the same (a complete
  // analysis is returned at once). The result has done = true. Errors: options
  // out of range (the request is not run).
  Expected<AnalysisSnapshot> analyze(const AnalysisRequest& request,
                                     const AnalysisUpdate& on_update = {});

  // Forgets every player, table and analysis (frees their memory).
  void clear();
  std::size_t kept_players() const { return players_.size(); }

 private:
  struct Kept {
    std::string name;
    std::unique_ptr<Player> player;
  };
  struct Continued {  // the analysis the next call may continue
    bool valid = false;
    AnalysisRequest request;  // position and options (stop and time ignored)
    AnalysisSnapshot snapshot;
  };

  std::size_t max_players_;
  std::list<Kept> players_;  // most recently used first
  std::unique_ptr<Analyzer> analyzer_;  // made on the first analysis
  Continued continued_;
};

}  // namespace reversi
