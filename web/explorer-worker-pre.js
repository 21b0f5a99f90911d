// The explorer worker's JavaScript (--pre-js of explorer-worker.js, src/platform/web.cmake;
// the C++ side is src/platform/explorer_worker.cpp). The game (its ExplorerClient,
// src/platform/web_explorer_client.cpp) posts
//   {type: 'load', url, ratingsUrl}  fetch and parse the database, then the players'
//                              ratings (core/player_ratings.h): {type: 'progress', loaded,
//                              total} while the database downloads, then {type: 'load', result:
//                              {games, ratedPlayers, downloadMs, parseMs, ...}} or {type: 'load', error}
//   {type: 'query', id, text}  a question as text (core/explorer_protocol.h): {id, result}
//                              with the answer as text
// and {error} when the worker stopped. Messages wait until the module has started.
'use strict';
var Module = typeof Module !== 'undefined' ? Module : {};
(function () {
  let ready = false;
  const queue = [];
  let api = null;
  const parse = (text) => { const v = JSON.parse(text); if (v && v.error) throw new Error(v.error); return v; };

  async function load(msg) {
    const started = performance.now();
    let response;
    try {
      response = await fetch(msg.url);
    } catch (e) {
      throw new Error(`cannot download the expert games (${e.message || e})`);
    }
    if (!response.ok) throw new Error(`cannot download the expert games (HTTP ${response.status})`);
    const total = Number(response.headers.get('Content-Length')) || msg.size || 0;
    const chunks = [];
    let loaded = 0;
    const reader = response.body.getReader();
    let last = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.length;
      if (performance.now() - last > 50) {
        last = performance.now();
        postMessage({ type: 'progress', loaded, total });
      }
    }
    postMessage({ type: 'progress', loaded, total: total || loaded });
    const downloaded = performance.now();
    // Straight into this module's memory, freed once parsed (the index is what stays).
    const ptr = Module._malloc(loaded || 1);
    if (!ptr) throw new Error('not enough memory for the expert games');
    let at = ptr;
    for (const c of chunks) { HEAPU8.set(c, at); at += c.length; }
    chunks.length = 0;
    let result;
    try {
      result = parse(api.load(ptr, loaded));
    } finally {
      Module._free(ptr);
    }
    if (msg.ratingsUrl) Object.assign(result, await loadRatings(msg.ratingsUrl));
    result.downloadMs = Math.round(downloaded - started);
    result.parseMs = Math.round(performance.now() - downloaded);
    result.heapBytes = HEAPU8.length;
    return result;
  }

  // The players' ratings: a small file, read once the games are in (its errors end the load).
  async function loadRatings(url) {
    let response;
    try {
      response = await fetch(url);
    } catch (e) {
      throw new Error(`cannot download the players' ratings (${e.message || e})`);
    }
    if (!response.ok) throw new Error(`cannot download the players' ratings (HTTP ${response.status})`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const ptr = Module._malloc(bytes.length || 1);
    if (!ptr) throw new Error("not enough memory for the players' ratings");
    HEAPU8.set(bytes, ptr);
    try {
      return parse(api.loadRatings(ptr, bytes.length));
    } finally {
      Module._free(ptr);
    }
  }

  function run(msg) {
    if (msg.type === 'load') {
      load(msg).then((result) => postMessage({ type: 'load', result }),
                     (e) => postMessage({ type: 'load', error: (e && e.message) || String(e) }));
    } else if (msg.type === 'query') {
      postMessage({ id: msg.id, result: api.query(Number(msg.id) || 0, String(msg.text ?? '')) });
    }
  }

  self.onmessage = (event) => { if (ready) run(event.data); else queue.push(event.data); };
  Module.onRuntimeInitialized = () => {
    api = {
      load: Module.cwrap('explorer_load', 'string', ['number', 'number']),
      loadRatings: Module.cwrap('explorer_load_ratings', 'string', ['number', 'number']),
      query: Module.cwrap('explorer_query', 'string', ['number', 'string']),
    };
    ready = true;
    for (const m of queue.splice(0)) run(m);
  };
  Module.onAbort = (what) => postMessage({ error: `the explorer stopped: ${what}` });
})();
