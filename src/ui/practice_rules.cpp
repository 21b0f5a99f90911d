// A puzzle's rules for its table (ui/practice_rules.h).
#include "ui/practice_rules.h"

namespace reversi::ui {

Expected<MoveUse> PuzzleRules::take_move(Table& t, Square s, Lang lang) {
  const PracticePhase phase = practice_.current()->phase;
  if (phase == PracticePhase::Solving) {  // the first move is judged, not played
    auto event = practice_.answer(s, lang);
    if (!event) return event.failure();
    t.cursor = s;
    for (auto& l : judged_) l(*event);
    return MoveUse::Taken;
  }
  if (phase == PracticePhase::Judged) {  // a move after the judgement plays the position on
    if (Status st = practice_.play_out(); !st) return st.failure();
    t.options = options_for(t.options);
  }
  return MoveUse::Play;
}

Status PuzzleRules::may_preview() const {
  return Error::text("error.line.puzzle", "a line is shown on your own game, not during a puzzle");
}

Options PuzzleRules::options_for(const Options& player) const {
  Options o = player;
  o.black = {true, ""};
  o.white = {true, ""};
  const PracticePuzzle* p = practice_.current();
  if (p && (p->phase == PracticePhase::Playing || p->phase == PracticePhase::Over))
    o.seat(opposite(p->person)) = Seat{false, std::string(kPerfectPlayer)};
  return o;
}

// Practice plays on against perfect play (the exact solver), whatever the seats name.
AiRequest PuzzleRules::computer_request(const Position& p, const Options&, std::uint64_t seed) const {
  return practice_.opponent_request(p, seed);
}

std::optional<Expected<Square>> PuzzleRules::own_hint() {
  if (Status st = practice_.hint(); !st) return Expected<Square>(st.failure());
  return Expected<Square>(practice_.current()->hint_step == 2 ? practice_.current()->puzzle.answer() : NO_SQUARE);
}

const ShownAnalysis* PuzzleRules::shown_values(const Table& t) const {
  return t.game.ply() == 0 && !t.view ? practice_.shown_values() : nullptr;
}

}  // namespace reversi::ui
