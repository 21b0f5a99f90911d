// The page around the game: loads the WebAssembly program (game.js, which starts
// the AI worker ai-worker.js), keeps the canvas sized, wires the HTML controls,
// announces moves for screen readers, stores the game in localStorage and offers
// window.reversi to scripts (see README: "Embedding and the JavaScript API").
(function () {
  'use strict';

  var STORAGE_KEY = 'reversi.game.v1';
  var $ = function (id) { return document.getElementById(id); };
  var els = {
    error: $('error'), notice: $('notice'), canvas: $('canvas'), loading: $('loading'),
    status: $('status'), live: $('live'), controls: $('controls'), mode: $('mode'),
    opponent: $('opponent'), speed: $('speed'), markers: $('markers'),
    undo: $('undo'), redo: $('redo'), hint: $('hint')
  };
  var started = performance.now();
  var listeners = {};
  var api = null;           // the cwrap'ed C functions once the program runs
  var failed = false;
  var resolveReady, rejectReady;
  var ready = new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
  ready.catch(function () {});  // reported on the page; callers see it through reversi.ready

  // ---- messages on the page -------------------------------------------------------------
  function showError(text) {
    failed = true;
    els.error.textContent = text;
    els.error.hidden = false;
    els.loading.hidden = true;
    els.status.textContent = '';
    emit('error', { message: text });
  }
  function showNotice(text) { setNote('page', text); }
  function announce(text) {
    // Clearing first makes screen readers repeat an identical announcement.
    els.live.textContent = '';
    setTimeout(function () { els.live.textContent = text; }, 30);
  }

  // ---- notes above the board (#notice, a polite live region) -------------------------------
  // Several things may need saying at once (a bad URL option, an unreadable saved game,
  // storage that cannot save, another tab's game); each has its own key and paragraph,
  // optionally with buttons [{label, action}]. setNote(key, '') removes one.
  var notes = {};
  function setNote(key, text, buttons) {
    if (text) notes[key] = { text: text, buttons: buttons || [] };
    else delete notes[key];
    els.notice.textContent = '';
    Object.keys(notes).forEach(function (k) {
      var p = document.createElement('p');
      p.className = 'note';
      p.setAttribute('data-note', k);
      p.appendChild(document.createTextNode(notes[k].text));
      notes[k].buttons.forEach(function (b) { p.appendChild(document.createTextNode(' ')); p.appendChild(makeButton(b.label, b.action)); });
      els.notice.appendChild(p);
    });
    els.notice.hidden = Object.keys(notes).length === 0;
  }
  function makeButton(label, action) {
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', function () {
      try { action(); } catch (err) { console.warn(err); setNote('page', err.message || String(err)); }
      // The button has gone with its message: keep keyboard focus on the page, on the board.
      if (!document.body.contains(button) && document.activeElement === document.body) {
        els.canvas.focus({ preventScroll: true });
      }
    });
    return button;
  }

  // ---- the saved game in localStorage ------------------------------------------------------
  // Storage may be disabled (private browsing, blocked cookies: the getter or getItem
  // throws), full (setItem throws QuotaExceededError) or hold anything at all (the
  // program checks a saved game before using it, web_main.cpp). Any of these leaves
  // the game playable and says once that it will not be saved. Two tabs: every save
  // is one setItem of the whole game, so the stored game is always one tab's complete
  // game (the last move made in either wins); a tab whose saved game another tab has
  // replaced is told so ('storage' event) and may switch to that game.
  var storageWarned = false;
  function storageGet() {
    try {
      var value = window.localStorage.getItem(STORAGE_KEY);
      // A NUL would cut the text short on its way to the program (argv): make it visible.
      return typeof value === 'string' ? value.replace(/\0/g, '\ufffd') : '';
    } catch (e) { storageFailed(e); return ''; }
  }
  function storageSet(value) {
    try { window.localStorage.setItem(STORAGE_KEY, value); } catch (e) { storageFailed(e); return; }
    if (notes.tab) setNote('tab', '');  // the other tab's game is no longer the saved one
  }
  function storageFailed(e) {
    if (storageWarned) return;
    storageWarned = true;
    var full = e && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);
    setNote('storage', (full ? 'The browser\u2019s storage for this page is full'
                              : 'This browser does not let the page store data (private browsing or blocked storage)') +
      ', so this game will not be saved: it is lost when you leave or reload the page. You can still play it.');
  }
  function onStorageEvent(e) {
    if (!api || (e.key !== STORAGE_KEY && e.key !== null)) return;
    var value = e.key === null ? null : e.newValue;
    if (value === null) { setNote('tab', ''); return; }   // cleared elsewhere: ours is saved at the next move
    if (value === api.save()) { setNote('tab', ''); return; }
    setNote('tab', 'This game is also open in another tab or window, which has just saved a different game there. ' +
      'Both go on; the game saved is the one where the last move was made.', [{
        label: 'Switch to that game',
        action: function () {
          var saved = storageGet();  // the latest, if the other tab has moved again since
          var error = api.restore(saved);
          if (error) throw new Error('The other tab\u2019s game could not be read: ' + error);
          syncControls(); refresh();
          setNote('tab', '');
          announce('Switched to the game from the other tab.');
        }
      }]);
  }
  window.addEventListener('storage', function (e) {
    try { onStorageEvent(e); } catch (err) { console.warn(err); }
  });

  // ---- the computer player failed (its worker did not load, crashed or hung) ----------------
  var aiFailureShown = false;
  // Shown in #error (role="alert") with Retry (a fresh worker, which asks for the move
  // again) and Continue as two players (the computer's seats become people's). The
  // board and the moves are never touched.
  function showAiFailure(detail) {
    if (failed) return;  // the page itself failed: that message stays
    var text = 'The computer player stopped working' + (detail ? ' (' + detail + ')' : '') +
      '. Your game is kept: retry, or continue as two players.';
    els.error.textContent = '';
    var p = document.createElement('p');
    p.className = 'message';
    p.textContent = text;
    els.error.appendChild(p);
    var buttons = document.createElement('p');
    buttons.className = 'actions';
    buttons.appendChild(makeButton('Retry', retryComputer));
    buttons.appendChild(document.createTextNode(' '));
    buttons.appendChild(makeButton('Continue as two players', continueAsTwoPlayers));
    els.error.appendChild(buttons);
    els.error.hidden = false;
    aiFailureShown = true;
    emit('error', { message: text });
  }
  function hideAiFailure() {
    aiFailureShown = false;
    if (failed) return;
    els.error.hidden = true;
    els.error.textContent = '';
  }
  function retryComputer() {
    need();
    hideAiFailure();
    setNote('ai', '');
    api.retryAi();
    announce('Restarting the computer player\u2026');
    refresh();
  }
  function continueAsTwoPlayers() {
    need();
    var error = api.setOptions('black=human&white=human', 1);
    if (error) throw new Error(error);
    hideAiFailure();
    syncControls();
    refresh();
    setNote('ai', 'Two players: the computer is off. To play against it again, choose an opponent and start a new game.');
    announce('Two players. ' + (JSON.parse(api.state()).status || ''));
  }

  // ---- events -------------------------------------------------------------------------------
  function emit(type, detail) {
    (listeners[type] || []).slice().forEach(function (fn) {
      try { fn(detail); } catch (e) { console.error(e); }
    });
    // An embedding page (this one in an <iframe>) hears about it too.
    if (window.parent && window.parent !== window) {
      try { window.parent.postMessage(Object.assign({ source: 'reversi', type: type }, detail), '*'); } catch (e) {}
    }
  }

  function capital(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

  function onProgramEvent(event) {
    switch (event.type) {
      case 'ready':
        onReady();
        break;
      case 'move': {
        var text = capital(event.color) + ' plays ' + event.square + '.';
        if (event.pass) text += ' ' + capital(event.pass) + ' has no legal move and passes.';
        text += ' Black ' + event.black + ', white ' + event.white + '.';
        announce(text);
        emit('move', { color: event.color, square: event.square, black: event.black, white: event.white,
                       pass: event.pass, transcript: event.transcript });
        refresh();
        break;
      }
      case 'gameover': {
        var result = event.result === 'draw' ? 'Draw, ' + event.black + ' to ' + event.white + '.'
          : capital(event.result) + ' wins ' + Math.max(event.black, event.white) + ' to ' +
            Math.min(event.black, event.white) + '.';
        // After the last move's announcement, not instead of it.
        setTimeout(function () { announce('Game over. ' + result); }, 600);
        emit('gameover', { result: event.result, black: event.black, white: event.white });
        refresh();
        break;
      }
      case 'save':
        storageSet(event.data);
        break;
      case 'options':
        syncControls();
        break;
      case 'error':
        showAiFailure(event.message);
        break;
      case 'fatal':
        showError(event.message);
        rejectReady(new Error(event.message));
        break;
    }
  }

  // ---- the WebAssembly program ----------------------------------------------------------
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    showError('This browser cannot run WebAssembly, which the game needs. Please use a current browser.');
    rejectReady(new Error('WebAssembly is not available'));
  } else if (typeof Worker !== 'function') {
    showError('This browser cannot run Web Workers, which the computer player needs.');
    rejectReady(new Error('Web Workers are not available'));
  } else {
    window.Module = {
      canvas: els.canvas,
      // argv[1]: the URL options; argv[2]: the saved game (web_main.cpp).
      arguments: [window.location.search || '', storageGet()],
      print: function (text) { console.log(text); },
      printErr: function (text) { console.warn(text); },
      reversiEvent: onProgramEvent,
      onAbort: function (what) {
        showError('The game stopped with an error: ' + what + '. Reload the page to try again.');
        rejectReady(new Error(String(what)));
      }
    };
    var script = document.createElement('script');
    script.src = 'game.js';
    script.async = true;
    script.onerror = function () {
      showError('The game could not be loaded (game.js). Check the connection and reload the page.');
      rejectReady(new Error('game.js failed to load'));
    };
    document.body.appendChild(script);
  }

  function onReady() {
    var M = window.Module;
    api = {
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
      workerStatus: M.cwrap('web_worker_status', 'string', []),
      squareCenter: M.cwrap('web_square_center', 'string', ['string']),
      frameStats: M.cwrap('web_frame_stats', 'string', [])
    };
    els.loading.hidden = true;
    reversi.timings.firstFrameAtMs = performance.now();  // since the navigation started
    reversi.timings.firstFrameMs = performance.now() - started;
    var messages = api.startMessages();
    if (messages) showNotice('Some settings were not understood, so defaults are used:\n' + messages);
    noteRestoreProblem(api.restoreProblem());
    fillPlayers();
    syncControls();
    refresh();
    setInterval(refresh, 250);
    // A worker that never starts or dies is reported by the program ('error' event);
    // this catches a page that loaded but whose worker never even answered.
    resolveReady(reversi);
    emit('ready', {});
  }

  // The saved game in localStorage could not be read (web_main.cpp): say so once.
  function noteRestoreProblem(problem) {
    if (!problem) return;
    if (/^Saved settings: /.test(problem)) {
      setNote('saved', 'Your saved game is back, but one of its settings was not understood, so its default is used (' +
        problem.replace(/^Saved settings: /, '') + ').');
    } else {
      var why = /not in the expected format/.test(problem)
        ? 'what was stored is not a Reversi game'
        : problem.replace(/;? *keeping the current game\.?$/, '');
      setNote('saved', 'Your saved game could not be read, so a new game has started (' + why + ').');
    }
  }

  // ---- keeping the canvas's box and the controls in step ------------------------------------
  // Tab must leave the canvas: SDL's key handler would swallow it (a keyboard trap).
  document.addEventListener('keydown', function (e) {
    if (e.target === els.canvas && (e.key === 'Tab' || e.key === 'Escape')) e.stopPropagation();
  }, true);
  // SDL re-reads the canvas's CSS size on window resizes; tell it when only the box changed.
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(function () { window.dispatchEvent(new Event('resize')); }).observe(els.canvas);
  }
  // Taps and clicks on the board should give it keyboard focus too.
  els.canvas.addEventListener('pointerdown', function () {
    if (document.activeElement !== els.canvas) els.canvas.focus({ preventScroll: true, focusVisible: false });
  });
  els.canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });

  function parseQuery(text) {
    var out = {};
    new URLSearchParams(text || '').forEach(function (v, k) { out[k] = v; });
    return out;
  }

  function fillPlayers() {
    var players = JSON.parse(api.players());
    els.opponent.textContent = '';
    players.forEach(function (p) {
      var option = document.createElement('option');
      option.value = p.name;
      option.textContent = p.name;
      option.title = p.description;
      els.opponent.appendChild(option);
    });
  }

  function syncControls() {
    if (!api) return;
    var state = JSON.parse(api.state());
    var o = parseQuery(state.options);
    var color = o.color || (o.black === 'human' ? (o.white === 'human' ? 'both' : 'black')
                                                : (o.white === 'human' ? 'white' : 'none'));
    if (color) els.mode.value = color;
    var opponent = o.opponent || (o.white && o.white !== 'human' ? o.white : o.black);
    if (opponent && opponent !== 'human') els.opponent.value = opponent;
    // The options string gives speeds in milliseconds per flipped stone.
    var SPEED_NAMES = { '0': 'instant', '110': 'fast', '200': 'normal', '400': 'slow' };
    if (o.speed && SPEED_NAMES[o.speed]) o.speed = SPEED_NAMES[o.speed];
    if (o.speed) {
      if (!Array.prototype.some.call(els.speed.options, function (op) { return op.value === o.speed; })) {
        var custom = document.createElement('option');
        custom.value = o.speed; custom.textContent = o.speed + (/^\d+$/.test(o.speed) ? ' ms' : '');
        els.speed.appendChild(custom);
      }
      els.speed.value = o.speed;
    }
    els.markers.checked = o.markers !== 'off';
  }

  function refresh() {
    if (!api) return;
    var state = JSON.parse(api.state());
    var text = state.status || '';
    if (state.message) text += (text ? ' \u2014 ' : '') + state.message;
    if (!failed && els.status.textContent !== text) els.status.textContent = text;
    if (aiFailureShown && state.error === null) hideAiFailure();  // a fresh worker took over
    els.undo.disabled = !state.canUndo;
    els.redo.disabled = !state.canRedo;
    els.hint.disabled = !state.humanToMove || state.over;
  }

  // ---- the HTML controls ------------------------------------------------------------------
  els.controls.addEventListener('submit', function (e) {
    e.preventDefault();
    if (!api) return;
    var opts = { color: els.mode.value, speed: els.speed.value, markers: els.markers.checked ? 'on' : 'off' };
    if (els.opponent.value) opts.opponent = els.opponent.value;
    try { reversi.newGame(opts); announce('New game.'); } catch (err) { showNotice(err.message); }
  });
  els.speed.addEventListener('change', function () {
    if (api) api.setOptions('speed=' + encodeURIComponent(els.speed.value), 0);
  });
  els.markers.addEventListener('change', function () {
    if (api) api.setOptions('markers=' + (els.markers.checked ? 'on' : 'off'), 0);
  });
  els.undo.addEventListener('click', function () { if (api && reversi.undo()) announce('Move taken back.'); });
  els.redo.addEventListener('click', function () { if (api && reversi.redo()) announce('Move replayed.'); });
  els.hint.addEventListener('click', function () {
    try { reversi.hint(); announce('Looking for a good move\u2026'); } catch (err) { announce(err.message); }
  });
  document.addEventListener('keydown', function (e) {
    if (!api || !(e.ctrlKey || e.metaKey) || e.altKey) return;
    if (e.target === els.canvas) return;  // the game handles its own keys (sdl_app.cpp)
    var tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    if (e.key === 'z' && !e.shiftKey) { reversi.undo(); e.preventDefault(); }
    else if (e.key === 'y' || (e.key === 'Z' && e.shiftKey)) { reversi.redo(); e.preventDefault(); }
  });

  // ---- window.reversi ---------------------------------------------------------------------
  function need() {
    if (!api) throw new Error(failed ? 'Reversi failed to start (see the message on the page)'
                                     : 'Reversi is still loading: wait for reversi.ready');
  }
  function toQuery(options) {
    if (options == null) return '';
    if (typeof options === 'string') return options;
    if (typeof options !== 'object') throw new TypeError('options must be an object like {color: "white"}');
    var parts = [];
    Object.keys(options).forEach(function (k) {
      var v = options[k];
      if (v === undefined || v === null) return;
      if (v === true) v = 'on';
      if (v === false) v = 'off';
      parts.push(encodeURIComponent(k) + '=' + encodeURIComponent(String(v)));
    });
    return parts.join('&');
  }

  var reversi = {
    ready: ready,
    // firstFrameMs: from page.js starting to the first drawn board; firstFrameAtMs:
    // the same moment counted from the start of the navigation.
    timings: { firstFrameMs: null, firstFrameAtMs: null },
    // {board, toMove, transcript, black, white, over, thinking, ...}
    getState: function () { need(); return JSON.parse(api.state()); },
    // Plays a square ("f5") for the person to move; throws (state untouched) if not allowed.
    play: function (square) {
      need();
      if (typeof square !== 'string') throw new TypeError('play() takes a square name like "f5"');
      var error = api.play(square);
      if (error) throw new Error(error);
      return JSON.parse(api.state());
    },
    // Starts a new game: {color, opponent, speed, markers, ...} as in the URL options.
    // Throws (nothing changed) if an option is not understood.
    newGame: function (options) {
      need();
      var error = api.newGame(toQuery(options), 1);
      if (error) throw new Error(error);
      setNote('ai', '');
      syncControls();
      return JSON.parse(api.state());
    },
    // Changes settings and keeps the game.
    setOptions: function (options) {
      need();
      var error = api.setOptions(toQuery(options), 1);
      if (error) throw new Error(error);
      syncControls();
      return JSON.parse(api.state());
    },
    undo: function () { need(); var ok = !!api.undo(); refresh(); return ok; },
    redo: function () { need(); var ok = !!api.redo(); refresh(); return ok; },
    // Asks for a hint; state.hint shows the square once the engine answers.
    hint: function () { need(); var error = api.hint(); if (error) throw new Error(error); },
    save: function () { need(); return api.save(); },
    restore: function (text) { need(); var error = api.restore(String(text)); if (error) throw new Error(error); syncControls(); },
    // Saves the game in localStorage now (offline.js calls it before reloading into an update).
    persist: function () { if (api) storageSet(api.save()); },
    players: function () { need(); return JSON.parse(api.players()); },
    // After the computer player failed: a fresh worker, which is asked for the move again.
    retryComputer: function () { retryComputer(); return JSON.parse(api.state()); },
    // The AI worker: {loaded, loadMs, failure}.
    worker: function () { need(); return JSON.parse(api.workerStatus()); },
    // Drawing statistics: {frames, draws, drawMsAvg, drawMsMax} (frames the browser
    // offered, pictures actually redrawn, milliseconds spent drawing).
    frameStats: function () { need(); return JSON.parse(api.frameStats()); },
    // Centre of a square in CSS pixels from the canvas's top-left corner: {x, y}.
    squareCenter: function (square) {
      need();
      var xy = api.squareCenter(String(square));
      if (!xy) throw new Error("'" + square + "' is not a square: use a1 .. h8");
      var p = xy.split(',');
      return { x: parseFloat(p[0]), y: parseFloat(p[1]) };
    },
    // Events: 'move' {color, square, black, white, pass, transcript}, 'gameover'
    // {result: 'black'|'white'|'draw', black, white}, 'error' {message}, 'ready'.
    on: function (type, fn) {
      if (typeof fn !== 'function') throw new TypeError('on(type, fn) needs a function');
      (listeners[type] = listeners[type] || []).push(fn);
      return reversi;
    },
    off: function (type, fn) {
      listeners[type] = (listeners[type] || []).filter(function (f) { return f !== fn; });
      return reversi;
    }
  };
  reversi.addEventListener = reversi.on;
  reversi.removeEventListener = reversi.off;
  window.reversi = reversi;
})();
