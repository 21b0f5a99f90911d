#include "ui/explorer_session.h"

#include <algorithm>

#include "core/explorer_json.h"
#include "core/json.h"
#include "core/square.h"

namespace reversi::ui {

void ExplorerSession::open() {
  if (!client_) return;
  open_ = true;
  client_->start();
  position_.reset();  // asked again at the next update, also after a failure
  ++revision_;
}

void ExplorerSession::close() {
  open_ = false;
  ++revision_;
}

void ExplorerSession::ask_position(const Position& shown) {
  moves_.reset();
  moves_error_.clear();
  ExplorerRequest r;
  r.ask = ExplorerAsk::Moves;
  r.position = shown;
  moves_id_ = client_->request(r);
}

void ExplorerSession::ask_list(const Position& shown) {
  // The old list goes at once: games of another position must not stand under this one.
  list_.reset();
  list_error_ = {};
  ExplorerRequest r;
  r.ask = ExplorerAsk::Games;
  r.filter.player = search_.player;
  r.filter.tournament = search_.tournament;
  r.filter.year = search_.year;
  if (search_.here) r.filter.position = shown;
  r.limit = kListedGames;
  r.newest_first = true;
  list_id_ = client_->request(r);
}

void ExplorerSession::search(ExplorerSearch search) {
  search_ = std::move(search);
  ++revision_;
  if (client_ && open_ && position_) ask_list(*position_);
}

bool ExplorerSession::update(const Position& shown, const Opening* opening) {
  if (!client_) return false;
  const std::uint64_t before = revision_;
  for (ExplorerReply& r : client_->poll()) {
    if (r.id == moves_id_) {
      moves_id_ = 0;
      if (r.error.message.empty()) moves_ = std::move(r.statistics);
      else moves_error_ = r.error.message;  // the database could not be read: no player's input
      ++revision_;
    } else if (r.id == list_id_) {
      list_id_ = 0;
      if (r.error.message.empty()) list_ = std::move(r.games);
      else list_error_ = r.error;
      ++revision_;
    } else if (auto it = std::find(asked_.begin(), asked_.end(), r.id); it != asked_.end()) {
      asked_.erase(it);
      answers_.push_back(std::move(r));
    }  // else: an answer to a question no longer current
  }
  if (const ExplorerLoad now = client_->load(); !(now == last_load_)) last_load_ = now, ++revision_;
  if (open_ && (!position_ || !(*position_ == shown))) {
    position_ = shown;
    selected_ = NO_SQUARE;
    ask_position(shown);
    // The position's games follow it; a search stays, asked once if never answered.
    if (search_.here || (!list_ && !list_id_ && list_error_.message.empty())) ask_list(shown);
    ++revision_;
  }
  if (opening_ != opening) opening_ = opening, ++revision_;
  return revision_ != before;
}

const PositionStatistics* ExplorerSession::moves() const { return moves_ ? &*moves_ : nullptr; }

const MoveStatistics* ExplorerSession::move(Square square) const {
  if (!moves_) return nullptr;
  for (const MoveStatistics& m : moves_->moves)
    if (m.square == square) return &m;
  return nullptr;
}

const DatabaseGame* ExplorerSession::listed_game(std::uint32_t number) const {
  if (!list_) return nullptr;
  for (const DatabaseGame& g : list_->games)
    if (g.number == number) return &g;
  return nullptr;
}

std::uint64_t ExplorerSession::ask(ExplorerRequest request) {
  if (!client_) return 0;
  const std::uint64_t id = client_->request(std::move(request));
  asked_.push_back(id);
  return id;
}

std::vector<ExplorerReply> ExplorerSession::take_answers() { return std::exchange(answers_, {}); }

ExplorerPanel ExplorerSession::panel() const {
  ExplorerPanel p;
  if (!open_) return p;
  const ExplorerLoad& l = last_load_;
  if (l.state == ExplorerLoad::State::Failed || !moves_error_.empty()) {
    p.state = ExplorerPanel::State::Failed;
    p.error = l.state == ExplorerLoad::State::Failed ? l.error : moves_error_;
    return p;
  }
  if (l.state != ExplorerLoad::State::Ready || !moves_) {
    p.state = ExplorerPanel::State::Loading;
    return p;
  }
  p.state = ExplorerPanel::State::Ready;
  p.searched = !search_.here;
  p.start = at_start();
  p.games = moves_->games;
  p.moves = moves_->moves;
  if (list_ && p.searched && !list_->player && list_->players.size() > 1) {
    for (std::size_t i = 0; i < list_->players.size() && i < ExplorerPanel::kRecentGames; ++i)
      p.players.push_back(list_->players[i]);
  } else if (list_) {
    for (std::size_t i = 0; i < list_->games.size() && i < ExplorerPanel::kRecentGames; ++i)
      p.recent.push_back(list_->games[i]);
  }
  return p;
}

std::string ExplorerSession::json(Lang lang) const {
  if (json_revision_ == revision_ && json_lang_ == lang) return json_;
  const ExplorerLoad& l = last_load_;
  static constexpr const char* kStates[] = {"idle", "loading", "ready", "failed"};
  auto text_or_null = [](const std::string& s) { return s.empty() ? std::string("null") : json_string(s); };
  auto optional_text = [](const std::optional<std::string>& s) { return s ? json_string(*s) : std::string("null"); };
  std::string s = ",\"explorer\":{\"open\":" + std::string(open_ ? "true" : "false") +
                  ",\"load\":{\"state\":\"" + kStates[int(l.state)] + "\",\"loaded\":" + std::to_string(l.loaded) +
                  ",\"total\":" + std::to_string(l.total) + ",\"games\":" + std::to_string(l.games) +
                  ",\"error\":" + text_or_null(l.error) + "}";
  json_revision_ = revision_;
  json_lang_ = lang;
  if (!open_) return json_ = s + "}";
  s += ",\"position\":" + (moves_ ? explore_json(*moves_, opening_) : std::string("null"));
  s += ",\"start\":" + std::string(at_start() ? "true" : "false");
  s += ",\"positionError\":" + text_or_null(moves_error_);
  s += ",\"search\":{\"player\":" + optional_text(search_.player) + ",\"tournament\":" +
       optional_text(search_.tournament) + ",\"year\":" + (search_.year ? std::to_string(*search_.year) : "null") +
       ",\"here\":" + (search_.here ? "true" : "false") + "}";
  // The players' names as the panel shows them (expert_name: WTHOR's "???" said in words).
  std::optional<ExplorerGames> named = list_;
  if (named)
    for (DatabaseGame& g : named->games) g.black = expert_name(lang, g.black), g.white = expert_name(lang, g.white);
  s += ",\"list\":" + (named ? games_json(*named) : std::string("null"));
  s += ",\"listError\":" + text_or_null(error_text(lang, list_error_));
  s += ",\"selected\":" + (selected_ == NO_SQUARE ? std::string("null") : "\"" + square_name(selected_) + "\"");
  return json_ = s + "}";
}

}  // namespace reversi::ui
