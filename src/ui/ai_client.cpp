#include "ui/ai_client.h"

namespace reversi::ui {

AiReply run_request(const AiRequest& request, std::uint64_t id) {
  RequestRunner runner(1);  // a fresh player, as choose_with, told the request's game too
  return make_reply(id, runner.choose(request));
}

}  // namespace reversi::ui
