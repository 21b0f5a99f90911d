// The explorer worker's JavaScript (--pre-js of explorer-worker.js, src/platform/web.cmake;
// the C++ side is src/platform/explorer_worker.cpp). The page (web/js/explorer.js) posts
//   {id, type: 'load', url}                       fetch and parse the database
//   {id, type: 'explore', start, position}        start: a board string with the side to
//                                                 move ('' the standard start); position:
//                                                 the moves from it (a transcript), or with
//                                                 no start any game text (a transcript, a
//                                                 board string, GGF)
//   {id, type: 'games', player, tournament, year, start, position, limit}
//   {id, type: 'game', number}
// and gets {id, type: 'progress', loaded, total} while loading, then {id, result} or
// {id, error: 'message'}. Messages wait until the module has started.
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
        postMessage({ id: msg.id, type: 'progress', loaded, total });
      }
    }
    postMessage({ id: msg.id, type: 'progress', loaded, total: total || loaded });
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
    result.downloadMs = Math.round(downloaded - started);
    result.parseMs = Math.round(performance.now() - downloaded);
    result.heapBytes = HEAPU8.length;
    return result;
  }

  async function handle(msg) {
    const t0 = performance.now();
    let result;
    switch (msg.type) {
      case 'load': result = await load(msg); break;
      case 'explore': result = parse(api.explore(String(msg.start ?? ''), String(msg.position ?? ''))); break;
      case 'games':
        result = parse(api.games(String(msg.player ?? ''), String(msg.tournament ?? ''), Number(msg.year) || 0,
                                 String(msg.start ?? ''), String(msg.position ?? ''), Number.isInteger(msg.limit) ? msg.limit : 20));
        break;
      case 'game': result = parse(api.game(Number(msg.number))); break;
      default: throw new Error(`unknown request '${msg.type}'`);
    }
    if (msg.type !== 'load') result.ms = performance.now() - t0;
    return result;
  }

  function run(msg) {
    handle(msg).then((result) => postMessage({ id: msg.id, result }),
                     (e) => postMessage({ id: msg.id, error: (e && e.message) || String(e) }));
  }

  self.onmessage = (event) => { if (ready) run(event.data); else queue.push(event.data); };
  Module.onRuntimeInitialized = () => {
    api = {
      load: Module.cwrap('explorer_load', 'string', ['number', 'number']),
      explore: Module.cwrap('explorer_explore', 'string', ['string', 'string']),
      games: Module.cwrap('explorer_games', 'string', ['string', 'string', 'number', 'string', 'string', 'number']),
      game: Module.cwrap('explorer_game', 'string', ['number']),
    };
    ready = true;
    for (const m of queue.splice(0)) run(m);
  };
  Module.onAbort = (what) => postMessage({ id: 0, error: `the explorer stopped: ${what}` });
})();
