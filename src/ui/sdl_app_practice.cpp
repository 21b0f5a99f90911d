// The desktop's practice keys (SdlApp::practice_key, on once PracticeHooks are set): P the
// next rated puzzle, Y the daily one, M the review's mistakes, T the trainer, and while a
// puzzle is open S skip, O play out, X X reset the record, Esc back to the game. Part of
// SdlApp (ui/sdl_app.h), in practice's own file.
#include <utility>

#include "ui/sdl_app.h"
#include "ui/text.h"

namespace reversi::ui {

void SdlApp::practice_result(const Status& st) {
  if (!st) controller_.show_notice("desk.practice.failed", {{"detail", error_text(controller_.options().lang, st.failure())}});
}

bool SdlApp::practice_key(SDL_Keycode k) {
  if (!practice_hooks_.load_puzzles) return false;
  const bool practising = controller_.practicing();
  switch (k) {
    case SDLK_p:
      if (practice_hooks_.load_puzzles()) practice_result(controller_.practice_next());
      return true;
    case SDLK_y:
      if (practice_hooks_.load_puzzles()) practice_result(controller_.practice_daily(practice_hooks_.today()));
      return true;
    case SDLK_m: practice_result(controller_.practice_mistakes()); return true;
    case SDLK_t: practice_result(controller_.practice_trainer()); return true;
    case SDLK_s: if (!practising) return false; practice_result(controller_.practice_skip()); return true;
    case SDLK_o: if (!practising) return false; practice_result(controller_.practice_play_out()); return true;
    // Reset the rating, streaks and history: asked first, done by a second X straight after
    // (as the page's Reset button asks to confirm).
    case SDLK_x:
      if (!practising) return false;
      if (std::exchange(practice_reset_asked_, false)) {
        controller_.reset_practice_record();
        controller_.show_notice("desk.practice.reset");
      } else {
        practice_reset_asked_ = true;
        controller_.show_notice("desk.practice.reset_confirm");
      }
      return true;
    // Esc steps out of an earlier position first (game_key), then out of practice.
    case SDLK_ESCAPE:
      if (!practising || controller_.viewing()) return false;
      controller_.leave_practice();
      return true;
    default: return false;
  }
}

}  // namespace reversi::ui
