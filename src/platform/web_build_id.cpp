// The build id of the web build, compiled into game.wasm and ai-worker.wasm alike.
// scripts/web-manifest.mjs hashes every file of the finished build (with this field
// blanked) and writes the first 16 hex digits of the hash over the 16 dashes below,
// in place in each .wasm and in the page's offline.js and sw.js: the page, the game and
// the AI worker each report which build they come from (web/README.md, "Updates").
#include <emscripten/emscripten.h>

extern "C" {

// "reversi-build-id:" then 16 characters: the marker web-manifest.mjs looks for.
__attribute__((used)) const char reversi_build_id_stamp[] = "reversi-build-id:----------------";

// The 16 characters after the marker ("----------------" in a build not yet stamped).
EMSCRIPTEN_KEEPALIVE const char* reversi_build_id() { return reversi_build_id_stamp + 17; }

}  // extern "C"
