// The computer's move is checked once on its way to the board, where it is
// played: Controller::handle_reply, the one place every client's reply arrives
// (the desktop's threads, the web's worker, a test double). A reply whose move
// is not legal, whatever sent it (a garbage or mismatched worker reply that
// decoded, an engine bug), is refused there and never played.
#include <catch2/catch.hpp>

#include <string>

#include "core/notation.h"
#include "fake_ai.h"
#include "platform/web_ai_protocol.h"
#include "ui/controller.h"

using namespace reversi;
using namespace reversi::ui;
using namespace reversi::ui::test;

namespace {

// The controller after black's f5, waiting for the computer's answer.
void wait_for_white(Fixture& f) {
  REQUIRE(f.c->play(F5).ok());
  f.c->update(1);
  REQUIRE(f.c->thinking());
  REQUIRE(f.ai.current);
}

}  // namespace

TEST_CASE("controller: an illegal reply is refused with the same error, never played", "[ui][controller][ai]") {
  SECTION("an occupied or unreachable square") {
    Fixture f("color=black&speed=instant&pause=0");
    wait_for_white(f);
    REQUIRE(deliver(f.ai, A1));
    f.c->update(2);
    CHECK(f.c->game().ply() == 1);
    CHECK(f.c->computer_failed());
    CHECK_FALSE(f.c->thinking());
    CHECK(f.c->message() == "Computer answered a1, which is not legal");
  }
  SECTION("a pass while there are moves") {
    Fixture f("color=black&speed=instant&pause=0");
    wait_for_white(f);
    REQUIRE(deliver(f.ai, PASS));
    f.c->update(2);
    CHECK(f.c->game().ply() == 1);
    CHECK(f.c->computer_failed());
    CHECK(f.c->message() == "Computer answered pass, which is not legal");
  }
  SECTION("a worker's reply that decodes but names an illegal move") {
    Fixture f("color=black&speed=instant&pause=0");
    wait_for_white(f);
    // What WebAiClient hands on: the decoded reply, unchecked.
    auto reply = web::decode_reply("id 1\nmove d4\nexact 0\ndepth 1\nnodes 1\ntime 0\n");
    REQUIRE(reply.ok());
    reply->id = f.ai.current->first;
    f.ai.ready = *reply;
    f.ai.current.reset();
    f.c->update(2);
    CHECK(f.c->game().ply() == 1);
    CHECK(f.c->computer_failed());
    CHECK(f.c->message() == "Computer answered d4, which is not legal");
  }
  SECTION("a legal reply is played") {
    Fixture f("color=black&speed=instant&pause=0");
    wait_for_white(f);
    REQUIRE(deliver(f.ai, D6));
    f.c->update(2);
    CHECK(f.c->game().ply() == 2);
    CHECK_FALSE(f.c->computer_failed());
  }
}
