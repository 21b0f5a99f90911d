#include "ui/practice_session.h"

#include <algorithm>
#include <cmath>

#include "core/json.h"
#include "core/notation.h"

namespace reversi::ui {

namespace {

std::string bool_json(bool b) { return b ? "true" : "false"; }
std::string square_json(Square s) { return s == NO_SQUARE ? "null" : "\"" + square_name(s) + "\""; }
std::string int_json(const std::optional<int>& v) { return v ? std::to_string(*v) : "null"; }

// A judgement's members, "move".."message" without the braces: one spelling for the
// state's "judgement" and the 'puzzle' event, which differ only in the message's language.
std::string judgement_members(const PracticeJudgement& j, const std::string& message) {
  const bool moved = j.move != NO_SQUARE;
  return "\"move\":" + square_json(j.move) + ",\"right\":" + bool_json(j.right) +
         ",\"value\":" + (moved ? std::to_string(j.value) : "null") + ",\"best\":" + std::to_string(j.best) +
         ",\"loss\":" + (moved ? std::to_string(j.loss) : "null") + ",\"exact\":" + bool_json(j.exact) +
         ",\"score\":" + json_number(j.score) + ",\"message\":" + json_string(message);
}

// The judgement in words, in `lang` (the same words as engine judge()'s in English, with the
// board's way of writing a value: a true minus sign, and 0 without a sign).
std::string word(const PracticePuzzle& p, const PracticeJudgement& j, Lang lang) {
  // Written as the board writes values ("+4", "0", "\u221220"), read "minus 20" aloud.
  const std::string best = signed_discs(j.best, 0), answer = square_name(p.puzzle.answer());
  std::string text;
  if (j.move == NO_SQUARE) text = tr(lang, "practice.skipped", {{"answer", answer}, {"best", best}});
  else if (j.right) text = tr(lang, "practice.right", {{"move", square_name(j.move)}, {"best", best}});
  else if (j.loss == 1)
    text = tr(lang, "practice.wrong_one", {{"move", square_name(j.move)}, {"answer", answer}, {"best", best}});
  else
    text = tr(lang, "practice.wrong", {{"move", square_name(j.move)}, {"loss", std::to_string(j.loss)},
                                       {"answer", answer}, {"best", best}});
  if (!j.exact) text = tr(lang, "practice.estimate", {{"message", text}});
  return text;
}

int person_score(const Position& over, Color person) {
  return over.to_move == person ? over.final_score() : -over.final_score();
}

}  // namespace

std::string_view practice_kind_name(PracticeKind kind) {
  switch (kind) {
    case PracticeKind::Rated: return "rated";
    case PracticeKind::Daily: return "daily";
    case PracticeKind::Drill: return "drill";
    case PracticeKind::Trainer: return "trainer";
  }
  return "rated";
}

std::string_view practice_phase_name(PracticePhase phase) {
  switch (phase) {
    case PracticePhase::Solving: return "solving";
    case PracticePhase::Judged: return "judged";
    case PracticePhase::Playing: return "playing";
    case PracticePhase::Over: return "over";
  }
  return "solving";
}

Bitboard board_quarter(Square s) {
  if (!is_board_square(s)) return 0;
  const int c0 = column_of(s) < 4 ? 0 : 4, r0 = row_of(s) < 4 ? 0 : 4;
  Bitboard b = 0;
  for (int r = r0; r < r0 + 4; ++r)
    for (int c = c0; c < c0 + 4; ++c) b |= Bitboard{1} << make_square(c, r);
  return b;
}

SearchLimits perfect_play_limits() {
  SearchLimits limits;
  limits.depth = 2;               // the midgame search before the solve: a fallback only
  limits.endgame_empties = 64;    // solve exactly whatever the empties
  limits.time_ms = 600'000;       // the solver's deadline: never reached at <= 26 empties
  return limits;
}

std::string puzzle_event_json(const PuzzleEvent& e) {
  return "{\"kind\":\"" + std::string(practice_kind_name(e.kind)) + "\",\"id\":" + std::to_string(e.id) +
         ",\"date\":" + (e.date.empty() ? std::string("null") : json_string(e.date)) + "," +
         judgement_members(e.judgement, e.judgement.message) + ",\"rated\":" + bool_json(e.rated) +
         ",\"ratingBefore\":" + json_number(e.rating_before) + ",\"ratingAfter\":" + json_number(e.rating_after) + "}";
}

double answer_score(bool right, int hint_step) {
  if (!right) return 0;
  return hint_step <= 0 ? 1 : hint_step == 1 ? 0.5 : 0;
}

// ---- the set and the record ------------------------------------------------------------

Status PracticeSession::set_puzzles(std::span<const std::uint8_t> bytes) {
  auto set = parse_puzzles(bytes);
  if (!set) return set.failure();  // a damaged file: its reader's English (data, not a player's input)
  if (set->puzzles.empty()) return Error::text("error.practice.no_puzzles", "the puzzle file holds no puzzles");
  // A new set renumbers the puzzles: the one open (an index in the old set) goes.
  if (current_ && (current_->kind == PracticeKind::Rated || current_->kind == PracticeKind::Daily) &&
      !(set->puzzles.size() > current_->id && set->puzzles[current_->id] == current_->puzzle))
    close();
  set_ = std::move(*set);
  return {};
}

Status PracticeSession::restore_record(std::string_view text) {
  auto parsed = parse_practice_record(text);
  if (!parsed) {
    record_ = {};
    return Error::text("error.practice.fresh_record", "{cause}; starting a fresh record", {}, parsed.failure());
  }
  record_ = std::move(*parsed);
  return {};
}

// ---- opening ------------------------------------------------------------------------------

Status PracticeSession::open(PracticePuzzle puzzle) {
  if (ai_ && analysis_id_) ai_->stop_analysis();
  analysis_id_ = 0;
  pending_.clear();
  known_.clear();
  step_positions_.clear();
  current_ = std::move(puzzle);
  values_ = {};
  return {};
}

void PracticeSession::close() {
  if (ai_ && analysis_id_) ai_->stop_analysis();
  analysis_id_ = 0;
  pending_.clear();
  known_.clear();
  step_positions_.clear();
  current_.reset();
  values_ = {};
}

static void mark_seen(PracticeRecord& record, std::size_t id) {
  if (std::find(record.seen.begin(), record.seen.end(), id) == record.seen.end()) record.seen.push_back(id);
}

Status PracticeSession::open_rated() {
  if (!loaded()) return Error::text("error.practice.not_loaded", "the puzzles are not loaded yet");
  const std::size_t id = choose_puzzle(set_, record_.rating.rating, record_.seen, seed_++);
  PracticePuzzle p;
  p.kind = PracticeKind::Rated;
  p.id = id;
  p.puzzle = set_.puzzles[id];
  p.rated = true;
  mark_seen(record_, id);
  return open(std::move(p));
}

Status PracticeSession::open_daily(std::string_view date) {
  if (!loaded()) return Error::text("error.practice.not_loaded", "the puzzles are not loaded yet");
  const auto id = daily_puzzle(date, set_.puzzles.size());
  if (!id) return id.failure();
  PracticePuzzle p;
  p.kind = PracticeKind::Daily;
  p.id = *id;
  p.date = std::string(date);
  p.puzzle = set_.puzzles[*id];
  // The daily puzzle moves the rating once per date, however often it is opened.
  p.rated = std::find(record_.daily_done.begin(), record_.daily_done.end(), date) == record_.daily_done.end();
  mark_seen(record_, *id);
  return open(std::move(p));
}

std::vector<DrillPosition> drill_positions(const Game& game, const ReviewState& review, bool black_person,
                                           bool white_person) {
  std::vector<DrillPosition> out;
  for (const ReviewEntry& e : review.entries) {
    if (e.ply == 0 || e.ply > game.ply() || e.loss < kDrillMinLoss) continue;
    if (!(e.color == Color::Black ? black_person : white_person)) continue;
    const Position& position = game.position_at(e.ply - 1);
    if (position.to_move != e.color || position.is_game_over()) continue;
    // Every legal move needs its value: the puzzle judges whatever the person plays.
    DrillPosition d;
    d.ply = e.ply;
    d.puzzle.position = position;
    Bitboard listed = 0;
    for (const MoveValue& m : e.values) {
      if (!is_board_square(m.move) || !position.is_legal(m.move)) continue;
      d.puzzle.moves.push_back({m.move, int(std::lround(m.value))});
      listed |= Bitboard{1} << m.move;
      d.exact = d.exact && m.kind == ValueKind::Exact;
    }
    if (listed != position.legal_moves() || d.puzzle.moves.size() < 2) continue;
    std::sort(d.puzzle.moves.begin(), d.puzzle.moves.end(), [](const PuzzleMove& a, const PuzzleMove& b) {
      return a.value != b.value ? a.value > b.value : a.square < b.square;
    });
    d.puzzle.rating = 0;
    out.push_back(std::move(d));
  }
  std::sort(out.begin(), out.end(), [](const DrillPosition& a, const DrillPosition& b) { return a.ply < b.ply; });
  return out;
}

Status PracticeSession::open_drill(const Game& game, const ReviewState& review, bool black_person,
                                   bool white_person) {
  if (review.entries.empty())
    return Error::text("error.drill.no_review", "review the game first: the drill is made of its mistakes");
  if (review.running) return Error::text("error.drill.review_running", "the review is still running: wait for it to finish");
  std::vector<DrillPosition> positions = drill_positions(game, review, black_person, white_person);
  if (positions.empty())
    return Error::text("error.drill.no_mistakes",
                       "no mistakes to practise: no move of yours in the review lost {n} discs or more",
                       {{"n", std::to_string(kDrillMinLoss)}});
  return open_drill(std::move(positions));
}

Status PracticeSession::open_drill(std::vector<DrillPosition> positions) {
  if (positions.empty()) return Error::text("error.drill.none", "no mistakes to practise: review your games first");
  drill_.clear();
  drill_exact_.clear();
  for (DrillPosition& d : positions) {
    drill_.push_back(std::move(d.puzzle));
    drill_exact_.push_back(d.exact);
  }
  return open_drill_at(0);
}

Status PracticeSession::open_drill_at(std::size_t index) {
  PracticePuzzle p;
  p.kind = PracticeKind::Drill;
  p.id = index;
  p.puzzle = drill_[index];
  p.exact = drill_exact_[index];
  return open(std::move(p));
}

Status PracticeSession::open_next_drill() {
  if (!drill_has_next()) return Error::text("error.drill.last", "that was the drill's last position");
  return open_drill_at(current_->id + 1);
}

Status PracticeSession::open_trainer(const Position& position) {
  if (position.is_game_over()) return Error::text("error.trainer.over", "the game is over: there is nothing to play out");
  if (position.must_pass()) return Error::text("error.trainer.pass", "the side to move must pass here");
  const int empties = position.empty_count();
  if (empties > kTrainerMaxEmpties)
    return Error::text("error.trainer.empties",
                       "the endgame trainer starts from {max} empty squares or fewer (this position has {empties})",
                       {{"max", std::to_string(kTrainerMaxEmpties)}, {"empties", std::to_string(empties)}});
  PracticePuzzle p;
  p.kind = PracticeKind::Trainer;
  p.puzzle.position = position;
  p.puzzle.rating = 0;
  p.person = position.to_move;
  p.phase = PracticePhase::Playing;
  return open(std::move(p));
}

// ---- answering ------------------------------------------------------------------------------

Expected<PuzzleEvent> PracticeSession::judged(PracticeJudgement j, Lang lang) {
  PracticePuzzle& p = *current_;
  j.exact = p.exact;
  j.message = word(p, j, lang);
  PuzzleEvent e;
  e.kind = p.kind;
  e.id = p.id;
  e.date = p.date;
  e.rated = p.rated;
  e.rating_before = e.rating_after = record_.rating.rating;
  j.score = answer_score(j.right, p.hint_step);
  if (p.rated) {
    record_.rating = rate_answer(record_.rating, p.puzzle.rating, j.score);
    record_.solved += j.score >= 1;
    record_.best_streak = std::max(record_.best_streak, record_.rating.streak);
    record_.history.push_back(record_.rating.rating);
    if (record_.history.size() > kPracticeHistory)
      record_.history.erase(record_.history.begin(), record_.history.end() - kPracticeHistory);
    if (p.kind == PracticeKind::Daily) record_.daily_done.push_back(p.date);
    e.rating_after = record_.rating.rating;
    p.rated = false;  // answered: once only
  }
  p.judgement = j;
  p.phase = PracticePhase::Judged;
  values_ = ShownAnalysis{0, {}, true};
  for (const PuzzleMove& m : p.puzzle.moves)
    values_.moves.push_back({m.square, p.exact ? ValueKind::Exact : ValueKind::Midgame, double(m.value),
                             p.exact ? p.puzzle.empties() : 1});
  e.judgement = std::move(j);
  return e;
}

Expected<PuzzleEvent> PracticeSession::answer(Square move, Lang lang) {
  if (!current_ || current_->kind == PracticeKind::Trainer || current_->phase != PracticePhase::Solving)
    return Error::text("error.practice.no_answer", "there is no puzzle to answer");
  const auto judgement = judge(current_->puzzle, square_name(move));
  if (!judgement) return judgement.failure();
  PracticeJudgement j;
  j.move = move;
  j.right = judgement->right;
  j.value = judgement->value;
  j.best = judgement->best;
  j.loss = judgement->loss;
  return judged(std::move(j), lang);
}

Expected<PuzzleEvent> PracticeSession::skip(Lang lang) {
  if (!current_ || current_->kind == PracticeKind::Trainer || current_->phase != PracticePhase::Solving)
    return Error::text("error.practice.no_skip", "there is no puzzle to give up");
  PracticeJudgement j;
  j.best = current_->puzzle.best_value();
  return judged(std::move(j), lang);
}

Status PracticeSession::hint() {
  if (!current_) return Error::text("error.practice.none", "there is no puzzle open");
  if (current_->kind == PracticeKind::Trainer)
    return Error::text("error.practice.trainer_hint", "the trainer has no hints: play your best move");
  if (current_->phase != PracticePhase::Solving) return Error::text("error.practice.answered", "the puzzle is already answered");
  if (current_->hint_step >= 2) return Error::text("error.practice.hint_shown", "the hint already shows the square");
  ++current_->hint_step;
  return {};
}

Status PracticeSession::play_out() {
  if (!current_ || current_->phase != PracticePhase::Judged)
    return Error::text("error.practice.play_out", "play out comes after the answer: answer the puzzle first");
  current_->person = current_->puzzle.position.to_move;
  current_->phase = PracticePhase::Playing;
  return {};
}

const ShownAnalysis* PracticeSession::shown_values() const {
  return current_ && current_->phase == PracticePhase::Judged ? &values_ : nullptr;
}

std::string PracticeSession::goal(Lang lang) const {
  if (!current_) return "";
  const std::string color = color_word(lang, current_->puzzle.position.to_move);
  switch (current_->kind) {
    case PracticeKind::Trainer: return tr(lang, "practice.goal.trainer", {{"color", color}});
    case PracticeKind::Drill: return tr(lang, "practice.goal.drill", {{"color", color}});
    default:
      return tr(lang, current_->puzzle.kind == PuzzleKind::Win ? "practice.goal.win" : "practice.goal.best",
                {{"color", color}});
  }
}

std::string PracticeSession::judgement_text(Lang lang) const {
  return current_ && current_->judgement ? word(*current_, *current_->judgement, lang) : std::string();
}

// ---- playing on ---------------------------------------------------------------------------

void PracticeSession::moved(const Position& before, Square move) {
  if (!current_ || current_->kind != PracticeKind::Trainer || before.to_move != current_->person) return;
  TrainerStep step;
  step.square = move;
  current_->trainer_steps.push_back(step);
  step_positions_.push_back(before);
  fill_steps();
}

void PracticeSession::position_now(const Game& game) {
  if (!current_ || (current_->phase != PracticePhase::Playing && current_->phase != PracticePhase::Over)) return;
  const Position& p = game.position();
  if (p.is_game_over()) {
    current_->phase = PracticePhase::Over;
    if (current_->kind == PracticeKind::Trainer) current_->trainer_result = person_score(p, current_->person);
    return;
  }
  current_->phase = PracticePhase::Playing;
  if (current_->kind != PracticeKind::Trainer || p.to_move != current_->person) return;
  // Asked as soon as it is the person's turn, so the value is usually there by the
  // time the move is made (it is shown only after).
  const bool asked = std::any_of(pending_.begin(), pending_.end(), [&](const Position& q) { return q == p; }) ||
                     std::any_of(known_.begin(), known_.end(), [&](const auto& k) { return k.first == p; });
  if (!asked) pending_.push_back(p);
  want_values();
}

void PracticeSession::want_values() {
  if (!ai_ || analysis_id_ || pending_.empty()) return;
  AnalysisRequest request;
  request.position = pending_.front();
  request.solve_empties = 60;  // exact, whatever it takes (the trainer has <= 20 empties)
  analysis_id_ = ai_->request_analysis(request);
  if (!analysis_id_) pending_.clear();  // a client that cannot analyse: no values
}

bool PracticeSession::take(const AnalysisSnapshot& snapshot) {
  if (!owns_analysis(snapshot.id)) return false;
  if (!snapshot.ok() || snapshot.done) {
    analysis_id_ = 0;
    const Position position = pending_.front();
    pending_.erase(pending_.begin());
    // Only exact values are the trainer's (a failed or cut-short solve leaves the step blank).
    if (snapshot.ok() && all_exact(snapshot.moves)) {
      known_.emplace_back(position, snapshot.moves);
      fill_steps();
    }
    want_values();
  }
  return true;
}

void PracticeSession::fill_steps() {
  if (!current_) return;
  for (const auto& [position, moves] : known_) {
    if (position == current_->puzzle.position && !current_->trainer_best)
      current_->trainer_best = int(std::lround(moves.front().value));
    for (std::size_t i = 0; i < current_->trainer_steps.size(); ++i) {
      TrainerStep& step = current_->trainer_steps[i];
      if (step.value || !(step_positions_[i] == position)) continue;
      const auto it = std::find_if(moves.begin(), moves.end(), [&](const MoveValue& m) { return m.move == step.square; });
      if (it == moves.end()) continue;
      step.value = int(std::lround(it->value));
      step.best = moves.front().move;
      step.best_value = int(std::lround(moves.front().value));
    }
  }
}

AiRequest PracticeSession::opponent_request(const Position& position, std::uint64_t seed) const {
  return AiRequest{position, std::string(kPerfectPlayer), perfect_play_limits(), seed};
}

// ---- state -----------------------------------------------------------------------------------

std::string PracticeSession::json(Lang lang) const {
  const Rating& r = record_.rating;
  std::string s = ",\"practice\":{\"loaded\":" + bool_json(loaded()) + ",\"active\":" + bool_json(active());
  s += ",\"player\":{\"rating\":" + json_number(r.rating) + ",\"deviation\":" + json_number(r.deviation) +
       ",\"streak\":" + std::to_string(r.streak) + ",\"bestStreak\":" + std::to_string(record_.best_streak) +
       ",\"solved\":" + std::to_string(record_.solved) + ",\"attempts\":" + std::to_string(r.answered) +
       ",\"history\":[";
  for (std::size_t i = 0; i < record_.history.size(); ++i) s += (i ? "," : "") + json_number(record_.history[i]);
  s += "]},\"puzzle\":";
  if (!current_) return s + "null}";
  const PracticePuzzle& p = *current_;
  const Puzzle& z = p.puzzle;
  const bool trainer = p.kind == PracticeKind::Trainer;
  s += "{\"kind\":\"" + std::string(practice_kind_name(p.kind)) + "\",\"id\":" + std::to_string(p.id);
  s += ",\"date\":" + (p.date.empty() ? std::string("null") : json_string(p.date));
  s += ",\"goal\":" + json_string(goal(lang));
  s += ",\"toMove\":\"" + std::string(color_name(z.position.to_move)) + "\"";
  s += ",\"empties\":" + std::to_string(z.empties());
  s += ",\"rating\":" + (p.kind == PracticeKind::Rated || p.kind == PracticeKind::Daily ? std::to_string(z.rating) : "null");
  s += ",\"source\":";
  if (z.game)
    s += "{\"black\":" + json_string(z.black) + ",\"white\":" + json_string(z.white) + ",\"year\":" +
         std::to_string(z.year) + ",\"game\":" + std::to_string(z.game) + "}";
  else
    s += "null";
  s += ",\"exact\":" + bool_json(p.exact) + ",\"rated\":" + bool_json(p.rated);
  s += ",\"phase\":\"" + std::string(practice_phase_name(p.phase)) + "\",\"hint\":";
  if (p.hint_step == 1) {
    s += "{\"step\":1,\"region\":[";
    bool first = true;
    for (Bitboard b = board_quarter(z.answer()); b; b &= b - 1) {
      s += (first ? "\"" : ",\"") + square_name(Square(lowest_square(b))) + "\"";
      first = false;
    }
    s += "]}";
  } else if (p.hint_step == 2) {
    s += "{\"step\":2,\"square\":\"" + square_name(z.answer()) + "\"}";
  } else {
    s += "null";
  }
  s += ",\"judgement\":";
  if (p.judgement) {
    s += "{" + judgement_members(*p.judgement, judgement_text(lang)) + "}";
  } else {
    s += "null";
  }
  s += ",\"values\":[";
  if (p.judgement)
    for (std::size_t i = 0; i < z.moves.size(); ++i)
      s += std::string(i ? "," : "") + "{\"square\":\"" + square_name(z.moves[i].square) +
           "\",\"value\":" + std::to_string(z.moves[i].value) + ",\"exact\":" + bool_json(p.exact) + "}";
  s += "],\"drill\":";
  s += p.kind == PracticeKind::Drill
           ? "{\"index\":" + std::to_string(p.id) + ",\"count\":" + std::to_string(drill_.size()) + "}"
           : std::string("null");
  s += ",\"trainer\":";
  if (trainer) {
    s += "{\"person\":\"" + std::string(color_name(p.person)) + "\",\"best\":" + int_json(p.trainer_best) + ",\"moves\":[";
    for (std::size_t i = 0; i < p.trainer_steps.size(); ++i) {
      const TrainerStep& t = p.trainer_steps[i];
      s += std::string(i ? "," : "") + "{\"square\":\"" + square_name(t.square) + "\",\"value\":" + int_json(t.value) +
           ",\"best\":" + square_json(t.best) + ",\"bestValue\":" + int_json(t.best_value) + "}";
    }
    s += "],\"result\":" + int_json(p.trainer_result) + "}";
  } else {
    s += "null";
  }
  return s + "}}";
}

}  // namespace reversi::ui
