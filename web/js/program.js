// The WebAssembly program: sets up Emscripten's Module and loads game.js (which starts
// the AI worker, ai-worker.js), wraps the C functions the page calls (web_game_api.cpp, web_analysis.cpp and the other web_*.cpp) once
// it runs, and turns the program's events into the page's (announcements, window.reversi
// events, and topics the panels subscribe to: state.js); the game it saves goes to storage.js.
import { els } from './dom.js';
import { t, state, started, api, setApi, publish, publishState, publishOptions, reversi, resolveStarted, rejectStarted, emit, lang, layout, pageProblems, programQuery, urlSpeed, colorName } from './state.js';
import { showError, announce, setNote, showAiFailure } from './messages.js';
import { prefs, storageGet, storageSet } from './storage.js';
import { configureModule, aiReady, reloadDelayMs } from './ai-build.js';
var reloadDelay = reloadDelayMs();

export function startProgram() {
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    showError(t('page.err.no_wasm'));
    rejectStarted(new Error('WebAssembly is not available'));
  } else if (typeof Worker !== 'function') {
    showError(t('page.err.no_worker'));
    rejectStarted(new Error('Web Workers are not available'));
  } else {
    window.Module = {
      canvas: els.canvas,
      // argv[1]: the URL options for the program; argv[2]: the saved game (web_main.cpp).
      arguments: [programQuery, storageGet()],
      print: function (text) { console.log(text); },
      printErr: function (text) { console.warn(text); },
      reversiEvent: onProgramEvent,
      // The explorer's worker and database (src/platform/web_explorer_client.cpp), beside game.js.
      reversiExplorerUrl: new URL('../explorer-worker.js', import.meta.url).href,
      reversiExplorerData: new URL('../expert-games.bin', import.meta.url).href,
      reversiExplorerRatings: new URL('../player-ratings.bin', import.meta.url).href,
      onAbort: function (what) {
        showError(t('page.err.abort', { what: what }));
        rejectStarted(new Error(String(what)));
      }
    };
    // Which AI worker the game starts (ai-build.js; the first visit may reload once first).
    aiReady().then(function () {
      configureModule(window.Module);
      var script = document.createElement('script');
      script.src = 'game.js';
      script.async = true;
      script.onerror = function () {
        showError(t('page.err.load'));
        rejectStarted(new Error('game.js failed to load'));
      };
      document.body.appendChild(script);
    });
  }
}

function onProgramEvent(event) {
  switch (event.type) {
    case 'ready':
      onReady();
      break;
    case 'move': {
      var args = { color: colorName(event.color), square: event.square, flips: event.flips,
                   black: event.black, white: event.white };
      var text = t(event.flips === 1 ? 'page.announce.move1' : 'page.announce.move', args);
      if (event.pass) text += ' ' + t('page.announce.pass', { color: colorName(event.pass) });
      announce(text);
      publish('program:move', event);
      emit('move', { color: event.color, square: event.square, flips: event.flips, black: event.black,
                     white: event.white, pass: event.pass, transcript: event.transcript });
      publishState();
      break;
    }
    case 'gameover': {
      // Said in full ("Game over. White wins 52 to 12."), from the event's own counts (the
      // status line may not show the result yet); after the last move's announcement.
      var spoken = event.result === 'draw' ? t('page.announce.draw', { count: event.black })
        : t(event.result === 'black' ? 'page.announce.black_wins' : 'page.announce.white_wins',
            { winner: Math.max(event.black, event.white), loser: Math.min(event.black, event.white) });
      setTimeout(function () { announce(spoken); }, 600);
      emit('gameover', { result: event.result, black: event.black, white: event.white });
      publishState();
      break;
    }
    case 'rejected':
      publish('program:rejected', event);
      break;
    case 'save':
      storageSet(event.data);
      break;
    case 'puzzle':
      publish('program:puzzle', event.event);
      break;
    case 'practice-record':
      publish('program:practice-record', event.data);
      break;
    case 'history':
      publish('program:history', event);
      break;
    case 'human-openings':  // the human players' openings are wanted, or were read (players.js)
      publish('program:human-openings', event);
      break;
    case 'explorer':  // an answer to window.reversi.explore() or games() (explorer.js)
      publish('program:explorer', event);
      break;
    case 'state':
      publishState();
      break;
    case 'options':
      publishOptions();
      break;
    case 'error':
      showAiFailure(event.message);
      publishState();
      break;
    case 'fatal':
      showError(event.message);
      rejectStarted(new Error(event.message));
      break;
  }
}

// A C function of one text argument that may be megabytes (a collection of games): the text
// is copied to the heap, not to the stack as cwrap's 'string' arguments are (5 MB at most).
function onHeap(M, name) {
  return function (text) {
    var size = M.lengthBytesUTF8(text) + 1, at = M._malloc(size);
    if (!at) throw new Error('out of memory');
    try { M.stringToUTF8(text, at, size); return M.ccall(name, 'string', ['number'], [at]); } finally { M._free(at); }
  };
}

// The program's frame loop pauses while nothing moves (issue 44, web_frame.cpp): a call that
// may change what it shows wakes it first (its clock then current for the call), and the
// frame that follows tells the page what changed. Every function but these reads wakes it.
var READS = ['state', 'save', 'players', 'startMessages', 'restoreProblem', 'workerStatus', 'squareCenter',
             'boardRect', 'frameStats', 'exportGame', 'historyRead', 'historySummary', 'practiceRecord'];
function waking(M, fns) {
  Object.keys(fns).forEach(function (name) {
    if (READS.indexOf(name) >= 0) return;
    var call = fns[name];
    fns[name] = function () {
      M._web_wake();
      return call.apply(null, arguments);
    };
  });
  return fns;
}

function onReady() {
  var M = window.Module;
  setApi(waking(M, {
    state: M.cwrap('web_state', 'string', []),
    play: M.cwrap('web_play', 'string', ['string']),
    newGame: M.cwrap('web_new_game', 'string', ['string', 'number']),
    setOptions: M.cwrap('web_set_options', 'string', ['string', 'number']),
    undo: M.cwrap('web_undo', 'number', []),
    redo: M.cwrap('web_redo', 'number', []),
    hint: M.cwrap('web_hint', 'string', []),
    save: M.cwrap('web_save', 'string', []),
    restore: M.cwrap('web_restore', 'string', ['string']),
    players: M.cwrap('web_players', 'string', []),
    startMessages: M.cwrap('web_start_messages', 'string', []),
    restoreProblem: M.cwrap('web_restore_problem', 'string', []),
    retryAi: M.cwrap('web_retry_ai', null, []),
    humanOpenings: M.cwrap('web_human_openings', null, ['number', 'number']),
    humanOpeningsFailed: M.cwrap('web_human_openings_failed', null, ['string']),
    humanOpeningsState: M.cwrap('web_human_openings_state', 'number', []),
    aiVisible: M.cwrap('web_ai_visible', null, ['number']),
    workerStatus: M.cwrap('web_worker_status', 'string', []),
    squareCenter: M.cwrap('web_square_center', 'string', ['string']),
    boardRect: M.cwrap('web_board_rect', 'string', []),
    setCursor: M.cwrap('web_set_cursor', null, ['string']),
    view: M.cwrap('web_view', 'string', ['number']),
    viewLive: M.cwrap('web_view_live', null, []),
    previewLine: M.cwrap('web_preview_line', 'string', ['string', 'number']),
    endPreview: M.cwrap('web_end_preview', null, []),
    frameStats: M.cwrap('web_frame_stats', 'string', []),
    load: M.cwrap('web_load', 'string', ['string']),
    explorerOpen: M.cwrap('web_explorer_open', null, ['number']),
    explorerSearch: M.cwrap('web_explorer_search', null, ['string', 'string', 'number', 'number']),
    explorerChoose: M.cwrap('web_explorer_choose', 'string', ['string']),
    explorerReplay: M.cwrap('web_explorer_replay', 'string', ['number']),
    explorerAsk: M.cwrap('web_explorer_ask', 'string', ['number', 'string', 'string', 'number', 'string', 'number', 'number']),
    exportGame: M.cwrap('web_export', 'string', ['string']),
    historyIds: M.cwrap('web_history_ids', null, ['number']),
    historyRead: onHeap(M, 'web_history_read'),
    historyOpen: M.cwrap('web_history_open', 'string', ['string', 'number']),
    historySummary: onHeap(M, 'web_history_summary'),
    setAnalysis: M.cwrap('web_set_analysis', null, ['number']),
    startReview: M.cwrap('web_start_review', 'string', []),
    cancelReview: M.cwrap('web_cancel_review', null, []),
    practiceLoad: M.cwrap('web_practice_load', 'string', ['number', 'number']),
    practiceNext: M.cwrap('web_practice_next', 'string', []),
    practiceDaily: M.cwrap('web_practice_daily', 'string', ['string']),
    practiceMistakes: M.cwrap('web_practice_mistakes', 'string', []),
    practiceKeptMistakes: onHeap(M, 'web_practice_kept_mistakes'),
    practiceTrainer: M.cwrap('web_practice_trainer', 'string', []),
    practiceHint: M.cwrap('web_practice_hint', 'string', []),
    practicePlayOut: M.cwrap('web_practice_play_out', 'string', []),
    practiceSkip: M.cwrap('web_practice_skip', 'string', []),
    practiceLeave: M.cwrap('web_practice_leave', null, []),
    practiceRecord: M.cwrap('web_practice_record', 'string', []),
    practiceRestore: M.cwrap('web_practice_restore', 'string', ['string']),
    practiceReset: M.cwrap('web_practice_reset', null, [])
  }));
  els.loading.hidden = true;
  // since the navigation started (a first visit's reload into isolation counts from the first load)
  reversi.timings.firstFrameAtMs = performance.now() + reloadDelay;
  reversi.timings.firstFrameMs = performance.now() - started;
  api.setOptions('lang=' + lang, 0);
  // Reduced motion: stones turn at once unless the player or the link chose a speed.
  if (!urlSpeed && !prefs.speedChosen && window.matchMedia && matchMedia('(prefers-reduced-motion: reduce)').matches) {
    api.setOptions('speed=instant', 0);
  }
  var messages = (api.startMessages() ? api.startMessages().split('\n') : []).concat(pageProblems);
  if (messages.length) {
    // The visitors of a site learn only that something was not understood; the site's
    // owner finds the details in the console and in the 'error' event.
    console.warn('Reversi: settings not understood, defaults used:\n' + messages.join('\n'));
    setNote('options', function () { return t('page.notice.options'); });
    emit('error', { message: 'Settings not understood, defaults used: ' + messages.join('; ') });
  }
  noteRestoreProblem(api.restoreProblem());
  // The panels build what needs the program (the board grid, the players' list), show the
  // game, then open what the link asks for (a game, the daily puzzle).
  publish('started');
  publishOptions();
  publishState();
  if (!prefs.seenWelcome && layout !== 'compact') els.welcome.hidden = false;
  publish('opened');
  watchVisibility();
  resolveStarted(reversi);
  emit('ready', {});
}

// ---- no AI worker while the page is hidden ----------------------------------------------------
// A background tab, a minimised window, a page left for another (pagehide; it may be kept in
// the back/forward cache and shown again: pageshow): the AI worker and its threads end, and a
// fresh one takes up the computer's move or the analysis when the page is seen again
// (web_ai_visible, WebAiClient::suspend). The game itself is untouched.
var pageLeft = false;
function syncVisibility() {
  if (api) api.aiVisible(!pageLeft && document.visibilityState !== 'hidden' ? 1 : 0);
}
function watchVisibility() {
  document.addEventListener('visibilitychange', syncVisibility);
  window.addEventListener('pagehide', function () { pageLeft = true; syncVisibility(); });
  window.addEventListener('pageshow', function () { pageLeft = false; syncVisibility(); });
  syncVisibility();  // opened in a background tab
}

// The saved game in localStorage could not be read, or a setting of it (web_saves.cpp
// web_restore_problem: {kind, key, detail}, the reason in the page's language): say so once.
function noteRestoreProblem(text) {
  if (!text) return;
  var problem = JSON.parse(text);
  if (problem.kind === 'setting') {
    setNote('saved', function () { return t('page.saved.setting', { detail: problem.detail }); });
  } else {
    var notGame = problem.key === 'error.saved.format';
    setNote('saved', function () { return t('page.saved.unreadable', { detail: notGame ? t('page.saved.not_game') : problem.detail }); });
  }
}
