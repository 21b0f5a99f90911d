// Linked into ai-worker.js (--pre-js, src/platform/web.cmake): once the worker's program
// runs it posts the build id compiled into ai-worker.wasm (web_build_id.cpp) to the
// game, which keeps it for window.reversi.build() (build-id-game.js). The message has
// no callbackId, so Emscripten's worker API on the game's side ignores it.
Module['onRuntimeInitialized'] = function () {
  postMessage({ reversiBuildId: UTF8ToString(Module['_reversi_build_id']()) });
};
