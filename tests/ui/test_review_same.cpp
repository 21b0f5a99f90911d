// Issue 44: the same game gets the same review. A review (ui/review.h, its analysis
// review_options(): reproducible) is a function of the game alone: the desktop's path
// (AnalysisSession on the thread client, from the last position back) twice, once with a
// busy thread beside it and the client's tables filled first by a live analysis, and the
// page's path (SlicedAnalysis slices through the worker's messages to a RequestRunner on
// two threads, from the first position on) give identical entries: values, kinds, depths,
// lines, classes, mistakes and accuracy.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <string>
#include <thread>

#include "core/game.h"
#include "platform/sliced_analysis.h"
#include "platform/thread_ai_client.h"
#include "platform/web_ai_protocol.h"
#include "ui/analysis_session.h"

using namespace reversi;
using namespace reversi::ui;

namespace {

// A game of 60 moves, every move the legal one at a varying index: mistakes of every size.
Game whole_game() {
  Game game;
  for (std::size_t i = 0; !game.position().is_game_over() && i < 200; ++i) {
    const Position& p = game.position();
    std::vector<Square> legal;
    for (Bitboard m = p.legal_moves(); m; m &= m - 1) legal.push_back(Square(lowest_square(m)));
    REQUIRE(game.play(legal[(i * 7 + 3) % legal.size()]).ok());
  }
  return game;
}

// The last `moves` moves of `full`, as a game set up at the position before them (a
// review of the whole game takes about as long as the page's; this one a few seconds).
Game last_moves(const Game& full, std::size_t moves) {
  const std::size_t from = full.ply() - moves;
  Game game(full.position_at(from));
  for (std::size_t i = from; i < full.ply(); ++i) REQUIRE(game.play(full.moves()[i]).ok());
  return game;
}

// Everything a review shows and keeps, as text: its JSON and every entry's values.
std::string figures(const ReviewState& r) {
  std::string s;
  for (const ReviewEntry& e : r.entries) {
    s += std::to_string(e.ply) + ":";
    for (const MoveValue& m : e.values)
      s += " " + std::to_string(m.move) + "/" + std::string(value_kind_name(m.kind)) + "/" + std::to_string(m.value) +
           "/" + std::to_string(m.depth) + "/" + line_text(m.pv);
    s += "\n";
  }
  s += "black " + std::to_string(r.black.accuracy) + " " + std::to_string(r.black.loss) + " " +
       std::to_string(r.black.mistakes) + "\n";
  s += "white " + std::to_string(r.white.accuracy) + " " + std::to_string(r.white.loss) + " " +
       std::to_string(r.white.mistakes) + "\n";
  return s;
}

// The desktop's review: AnalysisSession on the thread client. With `disturbed`, the
// client first analyses another position live for a while (its tables filled) and a
// thread spins beside the review.
std::string desktop_review(const Game& game, bool disturbed) {
  ThreadAiClient client;
  AnalysisSession session(&client);
  const std::size_t shown = game.ply() / 2;
  if (disturbed) {
    session.set_on(true, game, shown);
    const auto until = std::chrono::steady_clock::now() + std::chrono::milliseconds(400);
    while (std::chrono::steady_clock::now() < until) {
      if (auto s = client.poll_analysis()) session.take(*s, game, shown);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
  }
  std::atomic<bool> quit{false};
  std::thread busy;
  if (disturbed)
    busy = std::thread([&] {
      volatile std::uint64_t x = 1;
      while (!quit.load(std::memory_order_relaxed)) x = x * 6364136223846793005u + 1;
    });
  REQUIRE(session.start_review(game, shown).ok());
  const auto limit = std::chrono::steady_clock::now() + std::chrono::minutes(5);
  while (session.review().running && std::chrono::steady_clock::now() < limit) {
    if (auto s = client.poll_analysis()) REQUIRE_FALSE(session.take(*s, game, shown).has_value());
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  }
  quit = true;
  if (busy.joinable()) busy.join();
  REQUIRE_FALSE(session.review().running);
  REQUIRE(session.review().done == game.ply());
  return figures(session.review());
}

// The page's review: each position's request in slices through the worker's messages to a
// RequestRunner asked for two threads (the threaded build's worker), from the first
// position on, the lines kept as the session keeps them.
std::string page_review(const Game& game) {
  RequestRunner worker;
  Review review;
  review.start(game);
  for (std::size_t ply = 0; ply < game.ply(); ++ply) {
    AnalysisRequest request = Review::request_for(game.position_at(ply));
    request.threads = 2;
    web::SlicedAnalysis page;
    page.start(ply + 1, request);
    std::optional<AnalysisSnapshot> last;
    for (int slices = 0; page.id() != 0 && slices < 10000; ++slices) {
      const auto slice = page.next_slice();
      REQUIRE(slice);
      const auto decoded = web::decode_analysis_request(slice->message);
      REQUIRE(decoded.ok());
      CHECK(decoded->reproducible);
      auto result = worker.analyze(*decoded);
      REQUIRE(result.ok());
      AnalysisSnapshot reply = *result;
      reply.id = decoded->id;
      if (auto s = page.on_reply(slice->seq, web::encode(reply))) last = s;
    }
    REQUIRE(last);
    REQUIRE(last->done);
    std::vector<MoveValue> moves = last->moves;
    for (MoveValue& m : moves) m.pv = playable_line(game.position_at(ply), m.pv);
    review.record(game, ply, moves);
  }
  return figures(review.state());
}

}  // namespace

TEST_CASE("review: the same game gets the same review, loaded or not, sliced or not, on one thread or two",
          "[ui][analysis][review][slow]") {
  const Game full = whole_game();
  REQUIRE(full.ply() >= 55);
  const Game game = last_moves(full, 28);  // 8 midgame positions, then the solver's 20
  const std::string quiet = desktop_review(game, false);
  CHECK(quiet.find("midgame") != std::string::npos);
  CHECK(quiet.find("exact") != std::string::npos);
  const std::string loaded = desktop_review(game, true);
  CHECK(loaded == quiet);
  const std::string page = page_review(game);
  CHECK(page == quiet);
}
