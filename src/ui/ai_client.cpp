#include "ui/ai_client.h"

namespace reversi::ui {

AiReply run_request(const AiRequest& request, std::uint64_t id) {
  return make_reply(id, choose_with(request.player, request.seed, request.position, request.limits));
}

}  // namespace reversi::ui
