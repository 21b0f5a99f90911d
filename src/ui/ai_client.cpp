#include "ui/ai_client.h"

namespace reversi::ui {

AiReply run_request(const AiRequest& request, std::uint64_t id) {
  AiReply reply;
  reply.id = id;
  if (request.position.is_game_over()) {
    reply.error = "no move to find: the game is over";
    return reply;
  }
  auto player = make_player(request.player, request.seed);
  if (!player) {
    reply.error = player.error();
    return reply;
  }
  reply.result = (*player)->choose(request.position, request.limits);
  const Square m = reply.result.move;
  const bool legal = m == PASS ? !request.position.has_legal_move() : request.position.is_legal(m);
  if (!legal) reply.error = request.player + " answered " + square_name(m) + ", which is not legal";
  return reply;
}

}  // namespace reversi::ui
