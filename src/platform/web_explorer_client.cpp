#include "platform/web_explorer_client.h"

#include <emscripten/emscripten.h>

#include <cstdio>
#include <utility>

#include "core/explorer_protocol.h"

namespace {

reversi::web::WebExplorerClient* g_client = nullptr;

}  // namespace

// The worker and its messages. The page may name the files (Module.reversiExplorerUrl,
// Module.reversiExplorerData, Module.reversiExplorerRatings: the players' ratings); by default they sit beside game.js. Module.reversiExplorerInfo
// keeps the load's figures for window.reversi.explorerInfo() (download and parse times).
EM_JS(void, explorer_worker_send, (int load, double id, const char* text), {
  var x = Module['reversiExplorerWorker'];
  var tell = function (name, value) {
    var size = lengthBytesUTF8(value) + 1, at = _malloc(size);
    stringToUTF8(value, at, size);
    try { Module['_' + name](at); } finally { _free(at); }
  };
  if (!x) {
    try {
      x = new Worker(Module['reversiExplorerUrl'] || 'explorer-worker.js');
    } catch (e) {
      tell('web_explorer_failed', String((e && e.message) || e));
      return;
    }
    Module['reversiExplorerWorker'] = x;
    x.onmessage = function (e) {
      var m = e.data || {};
      if (x !== Module['reversiExplorerWorker']) return;  // a worker ended meanwhile
      if (m.type === 'progress') { Module['_web_explorer_progress'](m.loaded, m.total); return; }
      if (m.type === 'load') {
        if (m.error) { tell('web_explorer_failed', m.error); return; }
        Module['reversiExplorerInfo'] = m.result;
        Module['_web_explorer_loaded'](m.result.games);
        return;
      }
      if (m.error) { tell('web_explorer_failed', m.error); return; }  // the worker stopped
      if (typeof m.result === 'string') tell('web_explorer_answer', m.result);
    };
    x.onerror = function (e) {
      e.preventDefault();
      tell('web_explorer_failed', e.message || 'the explorer worker did not start');
    };
  }
  if (load) x.postMessage({type: 'load', url: Module['reversiExplorerData'] || 'expert-games.bin',
                           ratingsUrl: Module['reversiExplorerRatings'] || 'player-ratings.bin'});
  else x.postMessage({type: 'query', id: id, text: UTF8ToString(text)});
});

EM_JS(void, explorer_worker_end, (), {
  var x = Module['reversiExplorerWorker'];
  Module['reversiExplorerWorker'] = null;
  if (x) x.terminate();
});

namespace reversi::web {

WebExplorerClient::WebExplorerClient() { g_client = this; }

WebExplorerClient::~WebExplorerClient() {
  if (g_client == this) g_client = nullptr;
  explorer_worker_end();
}

void WebExplorerClient::start() {
  if (load_.state == ui::ExplorerLoad::State::Loading || load_.state == ui::ExplorerLoad::State::Ready) return;
  load_ = {};
  load_.state = ui::ExplorerLoad::State::Loading;
  explorer_worker_send(1, 0, "");
}

std::uint64_t WebExplorerClient::request(ExplorerRequest request) {
  start();
  request.id = next_id_++;
  const std::uint64_t id = request.id;
  if (load_.state == ui::ExplorerLoad::State::Ready) {
    explorer_worker_send(0, double(id), encode(request).c_str());
    sent_.push_back(std::move(request));
  } else if (load_.state == ui::ExplorerLoad::State::Failed) {
    fail_waiting({request}, load_.error);
  } else {
    waiting_.push_back(std::move(request));
  }
  return id;
}

std::vector<ExplorerReply> WebExplorerClient::poll() { return std::exchange(answers_, {}); }

void WebExplorerClient::progress(double loaded, double total) {
  wake();
  if (load_.state != ui::ExplorerLoad::State::Loading) return;
  load_.loaded = std::uint64_t(loaded > 0 ? loaded : 0);
  load_.total = std::uint64_t(total > 0 ? total : 0);
}

void WebExplorerClient::loaded(std::uint32_t games) {
  wake();
  load_.state = ui::ExplorerLoad::State::Ready;
  load_.games = games;
  for (ExplorerRequest& q : std::exchange(waiting_, {})) {
    explorer_worker_send(0, double(q.id), encode(q).c_str());
    sent_.push_back(std::move(q));
  }
}

void WebExplorerClient::fail_waiting(const std::vector<ExplorerRequest>& questions, const std::string& why) {
  for (const ExplorerRequest& q : questions) {
    ExplorerReply r;
    r.id = q.id;
    r.ask = q.ask;
    r.error = why;
    answers_.push_back(std::move(r));
  }
  if (!questions.empty()) wake();  // answered at once: there for poll()
}

void WebExplorerClient::failed(const std::string& why) {
  wake();
  load_ = {};
  load_.state = ui::ExplorerLoad::State::Failed;
  load_.error = why;
  explorer_worker_end();
  fail_waiting(std::exchange(waiting_, {}), why);
  fail_waiting(std::exchange(sent_, {}), why);
}

void WebExplorerClient::answer(std::string_view text) {
  wake();
  auto reply = decode_explorer_reply(text);
  if (!reply) {
    // A worker of another build speaking another language: nothing can be matched.
    std::fprintf(stderr, "explorer: %s\n", reply.error().c_str());
    return;
  }
  for (auto it = sent_.begin(); it != sent_.end(); ++it)
    if (it->id == reply->id) {
      sent_.erase(it);
      answers_.push_back(std::move(*reply));
      return;
    }
}

}  // namespace reversi::web

extern "C" {
EMSCRIPTEN_KEEPALIVE void web_explorer_progress(double loaded, double total) {
  if (g_client) g_client->progress(loaded, total);
}
EMSCRIPTEN_KEEPALIVE void web_explorer_loaded(double games) {
  if (g_client) g_client->loaded(std::uint32_t(games));
}
EMSCRIPTEN_KEEPALIVE void web_explorer_failed(const char* why) {
  if (g_client) g_client->failed(why ? why : "the explorer stopped");
}
EMSCRIPTEN_KEEPALIVE void web_explorer_answer(const char* text) {
  if (g_client) g_client->answer(text ? text : "");
}
}
