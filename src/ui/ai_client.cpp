#include "ui/ai_client.h"

namespace reversi::ui {

AiReply run_request(const AiRequest& request, std::uint64_t id) {
  AiReply reply;
  reply.id = id;
  auto result = choose_with(request.player, request.seed, request.position, request.limits);
  if (result) reply.result = std::move(*result);
  else reply.error = result.error();
  return reply;
}

}  // namespace reversi::ui
