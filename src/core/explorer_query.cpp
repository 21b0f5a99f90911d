#include "core/explorer_query.h"

namespace reversi {

ExplorerReply answer_explorer(const GameDatabase& database, const ExplorerRequest& request,
                              const PlayerRatings* ratings) {
  ExplorerReply reply;
  reply.id = request.id;
  reply.ask = request.ask;
  if (request.ask == ExplorerAsk::Moves) {
    reply.statistics = database.statistics(request.position);
    return reply;
  }
  const auto found = database.games(request.filter);
  if (!found) {
    reply.error = found.failure();
    return reply;
  }
  ExplorerGames& out = reply.games;
  out.count = std::uint32_t(found->numbers.size());
  out.player = found->player;
  out.player_games = found->player_games;
  out.player_wins = found->player_wins;
  out.player_draws = found->player_draws;
  out.players = found->players;
  if (ratings && out.player) out.rating = ratings->summary(*out.player);
  const std::size_t n = std::min(request.limit, found->numbers.size());
  for (std::size_t i = 0; i < n; ++i) {
    const std::uint32_t number =
        request.newest_first ? found->numbers[found->numbers.size() - 1 - i] : found->numbers[i];
    if (auto game = database.game(number)) out.games.push_back(std::move(*game));
  }
  return reply;
}

}  // namespace reversi
