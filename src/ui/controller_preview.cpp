// A line previewed on the board (ui/line_preview.h): the line checked and played from the
// position shown, and the Controller's part (preview_line, end_preview, preview). Part of
// Controller (ui/controller.h) besides LinePreview itself.
#include "core/notation.h"
#include "engine/analysis.h"
#include "ui/controller.h"
#include "ui/review.h"

namespace reversi::ui {

namespace {

constexpr std::size_t kMaxLine = 60;  // no game is longer

}  // namespace

std::string LinePreview::json() const {
  return "{\"ply\":" + std::to_string(ply) + ",\"line\":" + squares_json(line) + ",\"step\":" + std::to_string(step) + "}";
}

Expected<LinePreview> make_line_preview(const Position& start, std::size_t ply, std::span<const Square> line,
                                        std::size_t step) {
  const std::string count = std::to_string(line.size());
  if (line.empty()) return Error::text("error.line.empty", "the line has no moves");
  if (line.size() > kMaxLine) return Error::text("error.line.too_long", "the line has {count} moves, more than a game", {{"count", count}});
  if (step > line.size())
    return Error::text("error.line.no_step", "the line has {count} moves: there is no step {step}",
                       {{"count", count}, {"step", std::to_string(step)}});
  // The one rule for a line (engine/analysis.h): its moves as far as they play.
  const std::size_t playable = playable_line(start, line).size();
  if (playable < line.size()) {
    const Square bad = line[playable];
    const std::string n = std::to_string(playable + 1);
    if (!is_board_square(bad))
      return Error::text("error.line.illegal", "move {n} of the line is not legal where it is played", {{"n", n}});
    return Error::text("error.line.illegal_square", "move {n} of the line ({square}) is not legal where it is played",
                       {{"n", n}, {"square", square_name(bad)}});
  }
  LinePreview p{ply, start, {line.begin(), line.end()}, step, Game(start)};
  for (Square s : line) p.played.play(s);  // each legal: checked above
  return p;
}

Status Controller::preview_line(std::span<const Square> line, std::size_t step) {
  touch();
  if (Status may = table().rules().may_preview(); !may) return may;  // not during a puzzle
  const std::size_t ply = shown_ply();
  auto made = make_line_preview(table().game.position_at(ply), ply, line, step);
  if (!made) return made.failure();
  finish_animation();
  set_view(ply);  // a view of the position the line starts from (play() is refused meanwhile)
  table().preview = std::move(*made);
  rejected_square_ = NO_SQUARE;  // it was made on the board shown before
  return {};
}

void Controller::end_preview() {
  touch();
  if (!table().preview) return;
  table().preview.reset();
  rejected_square_ = NO_SQUARE;
}

const LinePreview* Controller::preview() const { return table().shown_preview(); }

}  // namespace reversi::ui
