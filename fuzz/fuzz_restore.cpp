// The saved game (Controller::restore in src/ui/controller.cpp, no SDL):
// "reversi-save-1|options|moves played|moves to redo[|start board]" (the start board only
// for a game set up from another position than the initial one).
// Properties: a rejected string leaves the controller as it was (save() and
// state_json() unchanged); an accepted one holds exactly the moves it names
// (played, then the redo list) and the options it names, and save() then
// restore() into a new controller gives the same game back.

#include "core/game.h"
#include "core/notation.h"
#include "engine/player.h"
#include "fuzz_check.h"
#include "ui/controller.h"

using namespace reversi;
using namespace reversi::ui;

namespace {

// No computer: the controller only asks once update() runs, which this never calls.
class NoAi final : public AiClient {
 public:
  std::uint64_t request(const AiRequest&) override { return ++id_; }
  std::optional<AiReply> poll() override { return std::nullopt; }
  void cancel() override {}
  bool busy() const override { return false; }

 private:
  std::uint64_t id_ = 0;
};

std::unique_ptr<Controller> make(const std::vector<PlayerInfo>& players) {
  Options two_players;
  two_players.white = {true, ""};
  auto c = std::make_unique<Controller>(std::make_unique<NoAi>(), players, two_players);
  // Something to lose: two moves played, one to redo.
  FUZZ_CHECK(c->play(F5).ok() && c->play(D6).ok() && c->play(C3).ok());
  c->undo();
  return c;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::vector<PlayerInfo> players = player_list();
  const std::string_view input = fuzz::text(data, size);

  auto c = make(players);
  const std::string saved_before = c->save();
  const std::string json_before = c->state_json();
  const Status st = c->restore(input);
  if (!st.ok()) {
    FUZZ_CHECK(!st.error().empty());
    FUZZ_CHECK(c->save() == saved_before);
    FUZZ_CHECK(c->state_json() == json_before);
    return 0;
  }

  // Accepted: the game holds the moves named, in the places named.
  std::string_view text = input;
  while (!text.empty() && (text.back() == '\n' || text.back() == '\r' || text.back() == ' '))
    text.remove_suffix(1);
  const std::size_t bar1 = text.find('|'), bar2 = text.find('|', bar1 + 1),
                    bar3 = text.find('|', bar2 + 1), bar4 = text.find('|', bar3 + 1);
  FUZZ_CHECK(bar3 != std::string_view::npos &&
             (bar4 == std::string_view::npos || text.find('|', bar4 + 1) == std::string_view::npos));
  // The start: the initial position, or the board named (settled: a side that must pass has).
  const Position start = c->game().start();
  if (bar4 == std::string_view::npos) FUZZ_CHECK(start == Position::initial());
  else FUZZ_CHECK(start == Game(*parse_board_string(text.substr(bar4 + 1))).start());
  // The moves as the transcript reader reads them (it skips move numbers and spaces):
  // played, then the redo list after them.
  const std::string_view played_text = text.substr(bar2 + 1, bar3 - bar2 - 1);
  const std::string_view redo_text = text.substr(bar3 + 1, bar4 == std::string_view::npos ? bar4 : bar4 - bar3 - 1);
  const auto played_moves = parse_transcript(played_text, start);
  const auto all_moves = parse_transcript(std::string(played_text) + " " + std::string(redo_text), start);
  FUZZ_CHECK(played_moves.ok() && all_moves.ok());
  const std::string played = to_transcript(*played_moves);
  const std::string all = to_transcript(*all_moves);
  FUZZ_CHECK(all.compare(0, played.size(), played) == 0);
  const std::string redo = all.substr(played.size());
  const std::string saved = c->save();
  FUZZ_CHECK(saved == "reversi-save-1|" + to_query_string(c->options()) + "|" + played + "|" + redo +
                          (start == Position::initial() ? "" : "|" + to_board_string(start)));
  FUZZ_CHECK(c->game().transcript() == played);

  auto fresh = make(players);
  FUZZ_CHECK(fresh->restore(saved).ok());
  FUZZ_CHECK(fresh->save() == saved);
  FUZZ_CHECK(fresh->options() == c->options());
  FUZZ_CHECK(fresh->position() == c->position());
  return 0;
}
