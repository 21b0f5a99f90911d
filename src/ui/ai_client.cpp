#include "ui/ai_client.h"

namespace reversi::ui {

AiReply make_reply(std::uint64_t id, Expected<SearchResult> result) {
  AiReply reply;
  reply.id = id;
  if (result) reply.result = std::move(*result);
  else reply.error = result.error();
  return reply;
}

AiReply run_request(const AiRequest& request, std::uint64_t id) {
  return make_reply(id, choose_with(request.player, request.seed, request.position, request.limits));
}

}  // namespace reversi::ui
