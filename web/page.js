// The page around the game: loads the WebAssembly program (game.js, which starts the AI
// worker ai-worker.js), keeps the canvas sized, runs the HTML interface (the players'
// cards, the status, the toolbar, the move list and review, the dialogs, the board grid
// for keyboards and screen readers), announces what happens, speaks English or Japanese
// (the catalog in i18n.js, made from assets/i18n/*.json), stores the game and the page's
// preferences in localStorage and offers window.reversi to scripts (README: "Embedding
// and the JavaScript API"). The canvas draws only the board: every other text is here.
(function () {
  'use strict';

  var STORAGE_KEY = 'reversi.game.v1';
  var PREFS_KEY = 'reversi.prefs.v1';
  var CATALOG = window.REVERSI_I18N || { en: {}, ja: {} };
  var LANGS = ['en', 'ja'];
  var $ = function (id) { return document.getElementById(id); };
  var els = {
    app: $('app'), error: $('error'), notice: $('notice'), canvas: $('canvas'), loading: $('loading'),
    stage: $('stage'), grid: $('grid'), status: $('status'), live: $('live'),
    cards: { black: $('card-black'), white: $('card-white') },
    seats: { black: $('seat-black'), white: $('seat-white') },
    counts: { black: $('count-black'), white: $('count-white') },
    lang: $('lang'), newGame: $('new'), undo: $('undo'), redo: $('redo'), hint: $('hint'),
    settings: $('settings'), help: $('help'),
    welcome: $('welcome'), welcomeMore: $('welcome-more'), welcomeOk: $('welcome-ok'),
    moves: $('moves'), noMoves: $('no-moves'), review: $('review'), reviewText: $('review-text'),
    reviewPrev: $('review-prev'), reviewNext: $('review-next'), reviewLive: $('review-live'),
    newDialog: $('new-dialog'), newForm: $('new-form'), opponent: $('opponent'), engineName: $('engine-name'),
    newNote: $('new-note'),
    settingsDialog: $('settings-dialog'), speed: $('speed'), markers: $('markers'), lastmove: $('lastmove'),
    sound: $('sound'), language: $('language'),
    helpDialog: $('help-dialog'),
    analyse: $('analyse'), reviewStart: $('review-start'), transfer: $('transfer'),
    reviewPanel: $('review-panel'), reviewRunning: $('review-running'), reviewProgress: $('review-progress'),
    reviewCancel: $('review-cancel'), reviewSummary: $('review-summary'), mistakes: $('mistakes'),
    reviewClose: $('review-close'), graphBox: $('graph-box'), graph: $('graph'),
    transferDialog: $('transfer-dialog'), importText: $('import-text'), importError: $('import-error'),
    importLoad: $('import-load'), setupOpen: $('setup-open'), copyStatus: $('copy-status'),
    exportTranscript: $('export-transcript'), exportGgf: $('export-ggf'), exportBoard: $('export-board'),
    exportLink: $('export-link'),
    setupDialog: $('setup-dialog'), setupForm: $('setup-form'), setupBoard: $('setup-board'), setupCount: $('setup-count'),
    setupClear: $('setup-clear'), setupInitial: $('setup-initial'), setupCurrent: $('setup-current'),
    setupError: $('setup-error')
  };
  var started = performance.now();
  var listeners = {};
  var api = null;           // the cwrap'ed C functions once the program runs
  var failed = false;
  var resolveReady, rejectReady;
  var ready = new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
  ready.catch(function () {});  // reported on the page; callers see it through reversi.ready

  // ---- the page's own URL options (the rest go to the program) ---------------------------
  // lang=en|ja and layout=full|compact belong to the page; a bad value is reported like
  // the program's own (one closable notice; the details in the console and 'error').
  var query = new URLSearchParams(window.location.search || '');
  var pageProblems = [];
  function pageOption(key, allowed) {
    if (!query.has(key)) return null;
    var value = query.get(key);
    query.delete(key);
    if (allowed.indexOf(value) >= 0) return value;
    pageProblems.push(key + ": '" + value + "' is not one of " + allowed.join(', ') + '; the default is used');
    return null;
  }
  var urlLang = pageOption('lang', LANGS);
  var layout = pageOption('layout', ['full', 'compact']) || 'full';
  var programQuery = query.toString();
  var urlSpeed = query.has('speed');
  if (layout === 'compact') document.documentElement.classList.add('compact');

  // ---- preferences (language, theme, sound, the welcome card), kept apart from the game --
  var prefs = readPrefs();
  function readPrefs() {
    try {
      var p = JSON.parse(window.localStorage.getItem(PREFS_KEY) || '{}');
      return p && typeof p === 'object' && !Array.isArray(p) ? p : {};
    } catch (e) { return {}; }  // unreadable or storage disabled: defaults (the game's save says so)
  }
  function savePrefs() {
    try { window.localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch (e) { storageFailed(e); }
  }

  // ---- the catalog -----------------------------------------------------------------------
  function browserLang() {
    var list = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
    for (var i = 0; i < list.length; i++) {
      var l = String(list[i]).toLowerCase();
      if (l === 'ja' || l.indexOf('ja-') === 0) return 'ja';
      if (l === 'en' || l.indexOf('en-') === 0) return 'en';
    }
    return 'en';
  }
  var lang = urlLang || (LANGS.indexOf(prefs.lang) >= 0 ? prefs.lang : browserLang());
  // A text of the catalog with {name} placeholders filled; English if the language lacks it.
  function t(key, args) {
    var text = (CATALOG[lang] && CATALOG[lang][key]) || (CATALOG.en && CATALOG.en[key]) || key;
    return text.replace(/\{(\w+)\}/g, function (m, name) {
      return args && args[name] !== undefined ? String(args[name]) : m;
    });
  }
  function colorName(color) { return t('color.' + color); }
  function translatePage() {
    document.documentElement.lang = lang;
    document.title = t('page.title');
    Array.prototype.forEach.call(document.querySelectorAll('[data-i18n]'), function (e) {
      e.textContent = t(e.getAttribute('data-i18n'));
    });
    Array.prototype.forEach.call(document.querySelectorAll('[data-i18n-label]'), function (e) {
      e.setAttribute('aria-label', t(e.getAttribute('data-i18n-label')));
    });
    els.lang.setAttribute('lang', lang === 'ja' ? 'en' : 'ja');
    els.language.value = lang;
  }
  function setLanguage(next, remember) {
    if (LANGS.indexOf(next) < 0 || (next === lang && !remember)) return;
    lang = next;
    if (remember) { prefs.lang = lang; savePrefs(); }
    translatePage();
    if (api) {
      api.setOptions('lang=' + lang, 0);
      fillPlayers();
      lastCells = '';
      refresh();
      rebuildNotes();
    }
    announce(t('page.announce.lang'));
  }

  // ---- theme ----------------------------------------------------------------------------------
  // html[data-theme] is always the theme in use (style.css has one dark block): the player's
  // choice, or the system's (followed as it changes).
  function applyTheme() {
    var theme = prefs.theme === 'light' || prefs.theme === 'dark' ? prefs.theme : 'system';
    Array.prototype.forEach.call(document.querySelectorAll('input[name="theme"]'), function (r) { r.checked = r.value === theme; });
    var dark = theme === 'dark' || (theme === 'system' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
    var meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', dark ? '#10201a' : '#f3f2ec');
  }

  // ---- sound: a soft click for a placed stone and one for each turned stone -----------------
  // Made with Web Audio (a short filtered noise burst), scheduled ahead on the audio clock:
  // it never waits for anything and never delays a move.
  var audio = null;
  function soundOn() { return prefs.sound !== false; }
  function audioContext() {
    if (audio || !soundOn()) return audio;
    var AC = window.AudioContext || window.webkitAudioContext;
    if (!AC) return null;
    try { audio = new AC(); } catch (e) { audio = null; }
    return audio;
  }
  function click(at, loud) {
    var ctx = audio;
    if (!ctx) return;
    var length = Math.floor(ctx.sampleRate * 0.03);
    var buffer = ctx.createBuffer(1, length, ctx.sampleRate);
    var data = buffer.getChannelData(0);
    for (var i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / length, 4);
    var source = ctx.createBufferSource();
    source.buffer = buffer;
    var filter = ctx.createBiquadFilter();
    filter.type = 'lowpass';
    filter.frequency.value = loud ? 2200 : 1500;
    var gain = ctx.createGain();
    gain.gain.value = loud ? 0.5 : 0.25;
    source.connect(filter); filter.connect(gain); gain.connect(ctx.destination);
    source.start(at);
  }
  function playMoveSound(flips) {
    if (!soundOn() || !audioContext() || audio.state === 'suspended') return;
    var now = audio.currentTime + 0.01;
    click(now, true);
    var ms = currentFlipMs();
    for (var i = 1; i <= flips && i <= 24; i++) click(now + (ms > 0 ? i * ms / 1000 : 0.05), false);
  }
  // Browsers let a page start audio only after a gesture.
  ['pointerdown', 'keydown'].forEach(function (type) {
    document.addEventListener(type, function () {
      if (soundOn() && audioContext() && audio.state === 'suspended') audio.resume().catch(function () {});
    }, true);
  });

  // ---- messages on the page -------------------------------------------------------------
  function showError(text) {
    failed = true;
    els.error.textContent = text;
    els.error.hidden = false;
    els.loading.hidden = true;
    els.status.textContent = '';
    emit('error', { message: text });
  }
  // Texts said in one moment (a person's move, the computer's instant reply, a pass) are
  // joined, not dropped: each replaces the live region's text only after the last.
  var announceTimer = null, pendingAnnouncement = '';
  function announce(text) {
    if (!text) return;
    pendingAnnouncement = pendingAnnouncement ? pendingAnnouncement + ' ' + text : text;
    // Clearing first makes screen readers repeat an identical announcement.
    els.live.textContent = '';
    clearTimeout(announceTimer);
    announceTimer = setTimeout(function () {
      els.live.textContent = pendingAnnouncement;
      pendingAnnouncement = '';
      emit('announce', { text: els.live.textContent });
    }, 30);
  }

  // ---- notes beside the board (#notice, a polite live region) --------------------------------
  // Several things may need saying at once (bad options, an unreadable saved game, storage
  // that cannot save, another tab's game); each has its own key and paragraph, optionally
  // with buttons [{label, action}]. A note's text and labels are functions, so a change of
  // language rewrites it. setNote(key, null) removes one. Every note can be dismissed.
  var notes = {};
  function setNote(key, text, buttons) {
    if (text) notes[key] = { text: text, buttons: buttons || [] };
    else delete notes[key];
    rebuildNotes();
  }
  function rebuildNotes() {
    els.notice.textContent = '';
    Object.keys(notes).forEach(function (k) {
      var p = document.createElement('p');
      p.className = 'note';
      p.setAttribute('data-note', k);
      p.appendChild(document.createTextNode(notes[k].text()));
      notes[k].buttons.forEach(function (b) { p.appendChild(document.createTextNode(' ')); p.appendChild(makeButton(b.label(), b.action)); });
      p.appendChild(document.createTextNode(' '));
      p.appendChild(makeButton(t('page.notice.dismiss'), function () { setNote(k, null); }));
      els.notice.appendChild(p);
    });
    els.notice.hidden = Object.keys(notes).length === 0;
  }
  function makeButton(label, action) {
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.addEventListener('click', function () {
      try { action(); } catch (err) { console.warn(err); var m = err.message || String(err); setNote('page', function () { return m; }); }
      // The button has gone with its message: keep keyboard focus on the page, on the board.
      if (!document.body.contains(button) && (document.activeElement === document.body || !document.activeElement)) focusBoard();
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
    if (notes.tab) setNote('tab', null);  // the other tab's game is no longer the saved one
  }
  function storageFailed(e) {
    if (storageWarned) return;
    storageWarned = true;
    var full = e && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);
    setNote('storage', function () { return t(full ? 'page.storage.full' : 'page.storage.off'); });
  }
  function onStorageEvent(e) {
    if (!api || (e.key !== STORAGE_KEY && e.key !== null)) return;
    var value = e.key === null ? null : e.newValue;
    if (value === null) { setNote('tab', null); return; }   // cleared elsewhere: ours is saved at the next move
    if (value === api.save()) { setNote('tab', null); return; }
    setNote('tab', function () { return t('page.tab.other'); }, [{
      label: function () { return t('page.tab.switch'); },
      action: function () {
        var saved = storageGet();  // the latest, if the other tab has moved again since
        try { replaceGame(api.restore, saved); } catch (err) { throw new Error(t('page.tab.unreadable', { error: err.message })); }
        setNote('tab', null);
        announce(t('page.tab.switched'));
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
    var text = t('page.err.ai', { detail: detail ? ' (' + detail + ')' : '' });
    els.error.textContent = '';
    var p = document.createElement('p');
    p.className = 'message';
    p.textContent = text;
    els.error.appendChild(p);
    var buttons = document.createElement('p');
    buttons.className = 'actions';
    buttons.appendChild(makeButton(t('page.retry'), retryComputer));
    buttons.appendChild(document.createTextNode(' '));
    buttons.appendChild(makeButton(t('page.two_players'), continueAsTwoPlayers));
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
    setNote('ai', null);
    api.retryAi();
    announce(t('page.retrying'));
    refresh();
  }
  function continueAsTwoPlayers() {
    need();
    var error = api.setOptions('black=human&white=human', 1);
    if (error) throw new Error(error);
    hideAiFailure();
    syncControls();
    refresh();
    setNote('ai', function () { return t('page.two_players_note'); });
    announce(t('page.two_players_note') + ' ' + (state().status || ''));
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

  var REJECT_KEYS = { illegal: 'page.announce.illegal', occupied: 'page.announce.occupied',
                      notYourTurn: 'page.announce.not_your_turn', gameOver: 'page.announce.over',
                      reviewing: 'page.announce.reviewing' };
  var statusFlash = null;  // {text, until}: a refusal shown in the status line for a moment
  function onRejected(square, reason) {
    var text = t(REJECT_KEYS[reason] || 'page.announce.illegal', { square: square });
    announce(text);
    statusFlash = { text: text, until: performance.now() + 2500 };
    els.stage.classList.remove('refused');
    void els.stage.offsetWidth;  // restart the animation
    els.stage.classList.add('refused');
    refresh();
    emit('rejected', { square: square, reason: reason, message: text });
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
        playMoveSound(event.flips || 0);
        emit('move', { color: event.color, square: event.square, flips: event.flips, black: event.black,
                       white: event.white, pass: event.pass, transcript: event.transcript });
        refresh();
        break;
      }
      case 'gameover': {
        var result = state().status || '';
        // After the last move's announcement, not instead of it.
        setTimeout(function () { announce(t('page.announce.game_over', { result: result })); }, 600);
        emit('gameover', { result: event.result, black: event.black, white: event.white });
        refresh();
        break;
      }
      case 'rejected':
        onRejected(event.square, event.reason);
        break;
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
  translatePage();
  applyTheme();
  if (window.matchMedia) {
    var schemeQuery = matchMedia('(prefers-color-scheme: dark)');
    if (schemeQuery.addEventListener) schemeQuery.addEventListener('change', applyTheme);
  }
  if (typeof WebAssembly !== 'object' || typeof WebAssembly.instantiate !== 'function') {
    showError(t('page.err.no_wasm'));
    rejectReady(new Error('WebAssembly is not available'));
  } else if (typeof Worker !== 'function') {
    showError(t('page.err.no_worker'));
    rejectReady(new Error('Web Workers are not available'));
  } else {
    window.Module = {
      canvas: els.canvas,
      // argv[1]: the URL options for the program; argv[2]: the saved game (web_main.cpp).
      arguments: [programQuery, storageGet()],
      print: function (text) { console.log(text); },
      printErr: function (text) { console.warn(text); },
      reversiEvent: onProgramEvent,
      onAbort: function (what) {
        showError(t('page.err.abort', { what: what }));
        rejectReady(new Error(String(what)));
      }
    };
    var script = document.createElement('script');
    script.src = 'game.js';
    script.async = true;
    script.onerror = function () {
      showError(t('page.err.load'));
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
      boardRect: M.cwrap('web_board_rect', 'string', []),
      setCursor: M.cwrap('web_set_cursor', null, ['string']),
      view: M.cwrap('web_view', 'string', ['number']),
      viewLive: M.cwrap('web_view_live', null, []),
      frameStats: M.cwrap('web_frame_stats', 'string', []),
      load: M.cwrap('web_load', 'string', ['string']),
      exportGame: M.cwrap('web_export', 'string', ['string']),
      setAnalysis: M.cwrap('web_set_analysis', null, ['number']),
      startReview: M.cwrap('web_start_review', 'string', []),
      cancelReview: M.cwrap('web_cancel_review', null, [])
    };
    els.loading.hidden = true;
    reversi.timings.firstFrameAtMs = performance.now();  // since the navigation started
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
    buildGrid();
    fillPlayers();
    syncControls();
    refresh();
    setInterval(refresh, 250);
    if (!prefs.seenWelcome && layout !== 'compact') els.welcome.hidden = false;
    openLink();
    resolveReady(reversi);
    emit('ready', {});
  }

  // The saved game in localStorage could not be read (web_main.cpp): say so once.
  function noteRestoreProblem(problem) {
    if (!problem) return;
    if (/^Saved settings: /.test(problem)) {
      var detail = problem.replace(/^Saved settings: /, '');
      setNote('saved', function () { return t('page.saved.setting', { detail: detail }); });
    } else {
      var notGame = /not in the expected format/.test(problem);
      var why = problem.replace(/;? *keeping the current game\.?$/, '');
      setNote('saved', function () { return t('page.saved.unreadable', { detail: notGame ? t('page.saved.not_game') : why }); });
    }
  }

  // ---- the board grid (keyboard and screen reader) -----------------------------------------
  var FILES = 'abcdefgh';
  var cells = [];           // cells[index], index = row * 8 + column (a1 = 0, h8 = 63)
  var focusIndex = 19;      // d3
  function squareName(i) { return FILES.charAt(i % 8) + (Math.floor(i / 8) + 1); }
  function buildGrid() {
    els.grid.textContent = '';
    cells = [];
    for (var r = 0; r < 8; r++) {
      var row = document.createElement('div');
      row.setAttribute('role', 'row');
      for (var c = 0; c < 8; c++) {
        var cell = document.createElement('div');
        var i = r * 8 + c;
        cell.setAttribute('role', 'gridcell');
        cell.id = 'sq-' + squareName(i);
        cell.setAttribute('data-square', squareName(i));
        cell.tabIndex = i === focusIndex ? 0 : -1;
        row.appendChild(cell);
        cells.push(cell);
      }
      els.grid.appendChild(row);
    }
    placeGrid();
  }
  // The grid lies exactly over the canvas's squares (the program says where they are).
  function placeGrid() {
    if (!api) return;
    var r = (api.boardRect() || '').split(',').map(parseFloat);
    if (r.length !== 4 || r.some(isNaN)) return;
    var s = els.grid.style;
    s.left = r[0] + 'px'; s.top = r[1] + 'px'; s.width = r[2] + 'px'; s.height = r[3] + 'px';
  }
  function focusCell(i) {
    i = Math.max(0, Math.min(63, i));
    if (cells[focusIndex]) cells[focusIndex].tabIndex = -1;
    focusIndex = i;
    cells[i].tabIndex = 0;
    cells[i].focus({ preventScroll: true });
    if (api) api.setCursor(squareName(i));
  }
  function focusBoard() { if (cells.length) focusCell(focusIndex); else els.grid.focus(); }
  els.grid.addEventListener('focusin', function (e) {
    var i = cells.indexOf(e.target);
    if (i >= 0 && api) { focusIndex = i; api.setCursor(squareName(i)); }
  });
  els.grid.addEventListener('keydown', function (e) {
    var i = cells.indexOf(e.target);
    if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
    var r = Math.floor(i / 8), c = i % 8, next = null;
    switch (e.key) {
      case 'ArrowLeft': next = c > 0 ? i - 1 : i; break;
      case 'ArrowRight': next = c < 7 ? i + 1 : i; break;
      case 'ArrowUp': next = r > 0 ? i - 8 : i; break;
      case 'ArrowDown': next = r < 7 ? i + 8 : i; break;
      case 'Home': next = r * 8; break;
      case 'End': next = r * 8 + 7; break;
      case 'PageUp': next = c; break;
      case 'PageDown': next = 56 + c; break;
      case 'Enter': case ' ':
        e.preventDefault();
        playFromPage(squareName(i));
        return;
      default: return;
    }
    e.preventDefault();
    focusCell(next);
  });
  // A click or tap on the board keeps the keyboard on the board grid.
  els.canvas.addEventListener('pointerdown', function () {
    setTimeout(function () { if (!isDialogOpen()) focusCell(focusIndex); }, 0);
  });
  els.canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });
  // A move from the grid: a refusal comes back as a 'rejected' event (announced there).
  function playFromPage(square) {
    if (!api) return;
    api.play(square);
    refresh();
  }

  var lastCells = '';
  function updateCells(s) {
    var legal = {};
    (s.legal || []).forEach(function (q) { legal[q] = true; });
    var values = {};
    analysisList(s).forEach(function (m) { values[m.square] = valueText(m); });
    var key = lang + s.board + (s.legal || []).join('') + (s.hint || '') + (s.lastMove || '') + (s.view === null ? '' : s.view) +
              JSON.stringify(values);
    if (key === lastCells) return;
    lastCells = key;
    for (var i = 0; i < 64; i++) {
      var q = squareName(i), ch = s.board.charAt(i);
      var label = ch === 'X' ? t('page.cell.black', { square: q })
                : ch === 'O' ? t('page.cell.white', { square: q })
                : t(legal[q] ? 'page.cell.legal' : 'page.cell.empty', { square: q });
      if (values[q]) label += ', ' + t('page.cell.value', { value: values[q] });
      if (s.hint === q) label += ', ' + t('page.cell.hint');
      if (s.lastMove === q) label += ', ' + t('page.cell.last');
      if (cells[i].getAttribute('aria-label') !== label) cells[i].setAttribute('aria-label', label);
    }
  }

  // ---- the players, the controls and the move list, kept in step with the program ----------
  function parseQuery(text) {
    var out = {};
    new URLSearchParams(text || '').forEach(function (v, k) { out[k] = v; });
    return out;
  }
  var players = [];
  // "Level 6 — looks 6 moves ahead, solves the last 12 squares"; classic programs by role.
  function playerLabel(p) {
    if (p.level) {
      var desc = p.depth >= 60 ? t('page.level_desc_deep', { seconds: Math.round(p.webMs / 100) / 10, exact: p.exact })
                               : t('page.level_desc', { depth: p.depth, exact: p.exact });
      return t('page.level', { n: p.level }) + ' \u2014 ' + desc;
    }
    var key = 'page.player.' + p.name.replace(/-/g, '_');
    var text = t(key);
    return text === key ? p.name : text;
  }
  function playerShort(name) {
    var p = players.filter(function (x) { return x.name === name; })[0];
    if (!p) return name;
    if (p.level) return t('page.level', { n: p.level });
    return playerLabel(p).split(' \u2014 ')[0];
  }
  function fillPlayers() {
    players = JSON.parse(api.players());
    var current = els.opponent.value;
    els.opponent.textContent = '';
    var groups = [['page.opponent.levels', function (p) { return !!p.level; }],
                  ['page.opponent.classic', function (p) { return !p.level; }]];
    groups.forEach(function (g) {
      var group = document.createElement('optgroup');
      group.label = t(g[0]);
      players.filter(g[1]).forEach(function (p) {
        var option = document.createElement('option');
        option.value = p.name;
        option.textContent = playerLabel(p);
        group.appendChild(option);
      });
      if (group.children.length) els.opponent.appendChild(group);
    });
    if (current) els.opponent.value = current;
    showEngineName();
  }
  function showEngineName() {
    els.engineName.textContent = els.opponent.value ? t('page.engine_name', { name: els.opponent.value }) : '';
  }
  els.opponent.addEventListener('change', showEngineName);

  var SPEED_NAMES = { '0': 'instant', '110': 'fast', '200': 'normal', '400': 'slow' };
  function currentOptions() { return api ? parseQuery(state().options) : {}; }
  function currentFlipMs() {
    var sp = currentOptions().speed;
    var named = { instant: 0, fast: 110, normal: 200, slow: 400 };
    return sp in named ? named[sp] : (parseInt(sp, 10) || 0);
  }
  function colorMode(o) {
    return o.color || (o.black === 'human' ? (o.white === 'human' ? 'both' : 'black')
                                           : (o.white === 'human' ? 'white' : 'none'));
  }
  function opponentOf(o) {
    var opp = o.opponent || (o.white && o.white !== 'human' ? o.white : o.black);
    return opp && opp !== 'human' ? opp : '';
  }
  function syncControls() {
    if (!api) return;
    var o = currentOptions();
    var mode = colorMode(o);
    Array.prototype.forEach.call(els.newForm.elements.color, function (r) { r.checked = r.value === mode; });
    var opponent = opponentOf(o);
    if (opponent) els.opponent.value = opponent;
    showEngineName();
    var speed = SPEED_NAMES[o.speed] || o.speed;
    if (speed) {
      if (!Array.prototype.some.call(els.speed.options, function (op) { return op.value === speed; })) {
        var custom = document.createElement('option');
        custom.value = speed;
        custom.textContent = /^\d+$/.test(speed) ? t('page.speed.ms', { n: speed }) : speed;
        els.speed.appendChild(custom);
      }
      els.speed.value = speed;
    }
    els.markers.checked = o.markers !== 'off';
    els.lastmove.checked = o.lastmove !== 'off';
    els.sound.checked = soundOn();
  }

  function state() { return JSON.parse(api.state()); }
  var lastMovesKey = null;
  function updateMoves(s) {
    var moves = s.moves || [];
    var key = lang + '|' + moves.length + '|' + s.transcript + '|' + s.view;
    if (key === lastMovesKey) return;
    var keepScroll = els.moves.scrollTop;
    var grew = lastMovesKey === null || moves.length > els.moves.children.length;
    lastMovesKey = key;
    els.moves.textContent = '';
    moves.forEach(function (m, i) {
      var li = document.createElement('li');
      var b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('data-ply', String(i + 1));
      var stone = document.createElement('span');
      stone.className = 'stone ' + m.color;
      stone.setAttribute('aria-hidden', 'true');
      b.appendChild(stone);
      // Seen: "12 ● f5"; heard: "12 Black f5".
      var who = document.createElement('span');
      who.className = 'visually-hidden';
      who.textContent = colorName(m.color) + ' ';
      b.appendChild(document.createTextNode((i + 1) + ' '));
      b.appendChild(who);
      b.appendChild(document.createTextNode(m.square));
      if (s.view === i + 1) b.setAttribute('aria-current', 'step');
      b.addEventListener('click', function () { viewPly(i + 1); });
      li.appendChild(b);
      els.moves.appendChild(li);
    });
    els.noMoves.hidden = moves.length > 0;
    if (s.view !== null && s.view !== undefined) {
      // Only the list scrolls to the move shown (scrollIntoView would scroll the panel too).
      var current = els.moves.querySelector('[aria-current="step"]');
      els.moves.scrollTop = keepScroll;
      if (current) {
        var item = current.parentNode, top = item.offsetTop - els.moves.offsetTop;
        if (top < els.moves.scrollTop) els.moves.scrollTop = top;
        else if (top + item.offsetHeight > els.moves.scrollTop + els.moves.clientHeight)
          els.moves.scrollTop = top + item.offsetHeight - els.moves.clientHeight;
      }
    } else if (grew) {
      els.moves.scrollTop = els.moves.scrollHeight;  // follow the game
    } else {
      els.moves.scrollTop = keepScroll;
    }
    // The review bar.
    var viewing = s.view !== null && s.view !== undefined;
    els.review.hidden = !viewing;
    if (viewing) {
      els.reviewText.textContent = s.view === 0 ? t('page.viewing_start') : t('page.viewing', { n: s.view, total: moves.length });
      els.reviewPrev.disabled = s.view <= 0;
      els.reviewNext.disabled = s.view >= moves.length;
    }
  }
  function viewPly(ply) {
    need();
    var error = api.view(ply);
    if (error) throw new Error(error);
    refresh();
    var s = state();
    announce(els.reviewText.textContent + ' ' + (ply > 0 && s.moves[ply - 1]
      ? t('page.move_item', { n: ply, color: colorName(s.moves[ply - 1].color), square: s.moves[ply - 1].square }) : ''));
  }
  function viewLive() {
    need();
    api.viewLive();
    refresh();
    announce(state().status || '');
  }
  els.reviewPrev.addEventListener('click', function () { var s = state(); if (s.view > 0) viewPly(s.view - 1); });
  els.reviewNext.addEventListener('click', function () {
    var s = state();
    if (s.view === null) return;
    if (s.view + 1 > s.moves.length) return;
    viewPly(s.view + 1);
  });
  els.reviewLive.addEventListener('click', function () { viewLive(); focusBoard(); });

  var lastHint = null;
  function refresh() {
    if (!api) return;
    var s = state();
    placeGrid();
    var o = parseQuery(s.options);
    var text = s.status || '';
    if (s.message && (!s.error || !aiFailureShown)) text += (text ? ' \u2014 ' : '') + s.message;
    if (statusFlash && performance.now() < statusFlash.until) text = statusFlash.text;
    else statusFlash = null;
    if (!failed && els.status.textContent !== text) els.status.textContent = text;
    if (aiFailureShown && s.error === null) hideAiFailure();  // a fresh worker took over
    ['black', 'white'].forEach(function (color) {
      var seat = o[color] === 'human' ? (o.black === 'human' && o.white === 'human' ? t('page.player') : t('page.you'))
                                      : playerShort(o[color] || '');
      if (els.seats[color].textContent !== seat) els.seats[color].textContent = seat;
      var n = String(s[color]);
      if (els.counts[color].textContent !== n) els.counts[color].textContent = n;
      els.counts[color].setAttribute('aria-label', t('page.stones', { n: n }));
      els.cards[color].classList.toggle('to-move', s.toMove === color && !s.over);
      if (s.toMove === color && !s.over) els.cards[color].setAttribute('aria-current', 'true');
      else els.cards[color].removeAttribute('aria-current');
    });
    els.undo.disabled = !s.canUndo;
    els.redo.disabled = !s.canRedo;
    els.hint.disabled = !s.humanToMove || s.over || (s.view !== null && s.view !== undefined);
    els.reviewStart.disabled = !(s.moves && s.moves.length) || !!(s.review && s.review.running);
    updateCells(s);
    updateMoves(s);
    updateAnalysis(s);
    updateGraph(s);
    updateReview(s);
    if (s.hint && s.hint !== lastHint) announce(t('page.announce.hint', { square: s.hint }));
    lastHint = s.hint || null;
  }

  // ---- the toolbar and the dialogs ------------------------------------------------------------
  function isDialogOpen() { return !!document.querySelector('dialog[open]'); }
  function openDialog(dialog) {
    if (!api || isDialogOpen()) return;
    syncControls();
    if (dialog.showModal) dialog.showModal(); else dialog.setAttribute('open', '');
  }
  [els.newDialog, els.settingsDialog, els.helpDialog, els.transferDialog, els.setupDialog].forEach(function (d) {
    d.addEventListener('close', function () { setTimeout(focusBoard, 0); });
  });
  function openNewGame() {
    if (!api) return;
    var s = state();
    els.newNote.hidden = s.moves ? s.moves.length === 0 : !s.transcript;
    openDialog(els.newDialog);
  }
  els.newGame.addEventListener('click', openNewGame);
  els.settings.addEventListener('click', function () { openDialog(els.settingsDialog); });
  els.help.addEventListener('click', function () { openDialog(els.helpDialog); });
  els.newDialog.addEventListener('close', function () {
    if (els.newDialog.returnValue !== 'start' || !api) return;
    var color = Array.prototype.filter.call(els.newForm.elements.color, function (r) { return r.checked; })[0];
    var opts = { color: color ? color.value : 'black' };
    if (els.opponent.value) opts.opponent = els.opponent.value;
    try {
      var had = !!state().transcript;
      reversi.newGame(opts);
      announce(had ? t('page.new_started_undo') + ' ' + (state().status || '') : t('page.new_started', { status: state().status || '' }));
    } catch (err) { setNote('page', function () { return err.message; }); }
  });
  els.speed.addEventListener('change', function () {
    prefs.speedChosen = true; savePrefs();
    if (api) api.setOptions('speed=' + encodeURIComponent(els.speed.value), 0);
  });
  els.markers.addEventListener('change', function () {
    if (api) api.setOptions('markers=' + (els.markers.checked ? 'on' : 'off'), 0);
  });
  els.lastmove.addEventListener('change', function () {
    if (api) api.setOptions('lastmove=' + (els.lastmove.checked ? 'on' : 'off'), 0);
  });
  els.sound.addEventListener('change', function () { prefs.sound = els.sound.checked; savePrefs(); });
  Array.prototype.forEach.call(document.querySelectorAll('input[name="theme"]'), function (r) {
    r.addEventListener('change', function () { if (r.checked) { prefs.theme = r.value; savePrefs(); applyTheme(); } });
  });
  els.language.addEventListener('change', function () { setLanguage(els.language.value, true); });
  els.lang.addEventListener('click', function () { setLanguage(lang === 'ja' ? 'en' : 'ja', true); });
  els.undo.addEventListener('click', function () { doUndo(); });
  els.redo.addEventListener('click', function () { doRedo(); });
  els.hint.addEventListener('click', function () { doHint(); });
  els.welcomeOk.addEventListener('click', function () {
    els.welcome.hidden = true; prefs.seenWelcome = true; savePrefs(); focusBoard();
  });
  els.welcomeMore.addEventListener('click', function () {
    els.welcome.hidden = true; prefs.seenWelcome = true; savePrefs(); openDialog(els.helpDialog);
  });

  function doUndo() {
    if (!api) return;
    var before = state();
    if (reversi.undo()) {
      var after = state();
      announce(before.transcript === '' && after.transcript !== '' ? t('page.previous_back') + ' ' + (after.status || '')
                                                                    : t('page.announce.undone') + ' ' + (after.status || ''));
    }
  }
  function doRedo() { if (api && reversi.redo()) announce(t('page.announce.redone') + ' ' + (state().status || '')); }
  function doHint() {
    try { reversi.hint(); announce(t('page.announce.hint_wait')); } catch (err) { announce(err.message); }
  }

  // Shortcuts, each also a visible control (the help dialog lists them). Not while typing
  // in a field or inside a dialog; the board grid has its own keys (arrows, Enter, Space).
  document.addEventListener('keydown', function (e) {
    if (!api || isDialogOpen() || e.altKey) return;
    var tag = (e.target && e.target.tagName) || '';
    if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
    var key = e.key;
    if (e.ctrlKey || e.metaKey) {
      if (key === 'z' && !e.shiftKey) { doUndo(); e.preventDefault(); }
      else if (key === 'y' || (key === 'Z' && e.shiftKey)) { doRedo(); e.preventDefault(); }
      return;
    }
    if (key === 'F1' || key === '?') { openDialog(els.helpDialog); e.preventDefault(); }
    else if (key === 'n' || key === 'N') { openNewGame(); e.preventDefault(); }
    else if (key === 'u' || key === 'U') { doUndo(); e.preventDefault(); }
    else if (key === 'r' || key === 'R') { doRedo(); e.preventDefault(); }
    else if (key === 'h' || key === 'H') { doHint(); e.preventDefault(); }
    else if (key === 'a' || key === 'A') { setAnalysis(!analysisOn); e.preventDefault(); }
  });

  // SDL re-reads the canvas's CSS size on window resizes; tell it when only the box changed.
  if (typeof ResizeObserver === 'function') {
    new ResizeObserver(function () { window.dispatchEvent(new Event('resize')); setTimeout(placeGrid, 60); }).observe(els.canvas);
  }

  // ---- analysis: every legal move's value, on the board (canvas) and in the grid's names ----
  // The program analyses the position shown while the switch is on (its worker deepens step
  // by step; values arrive in s.analysis); the canvas draws each value on its square.
  function analysisList(s) {
    var a = s && s.analysis;
    if (!a || !a.on || !a.moves) return [];
    var shown = s.view === null || s.view === undefined ? (s.moves ? s.moves.length : 0) : s.view;
    if (a.ply !== undefined && a.ply !== shown) return [];
    return a.moves;
  }
  function signed(v, digits) {
    var text = digits ? Math.abs(v).toFixed(digits) : String(Math.round(Math.abs(v)));
    return (v > 0 ? '+' : v < 0 ? '\u2212' : '') + text;
  }
  // "+2.3 at depth 8", "+4 exact", "win", "loss".
  function valueText(m) {
    if (m.kind === 'exact') return t('page.value.exact', { value: signed(m.value, 0) });
    if (m.kind === 'win') return t('page.value.win');
    if (m.kind === 'loss') return t('page.value.loss');
    return t('page.value.depth', { value: signed(m.value, 1), depth: m.depth });
  }
  function publicList(list) {
    return list.map(function (m) {
      return { square: m.square, value: m.value, exact: m.kind === 'exact', kind: m.kind, depth: m.depth };
    });
  }
  var lastAnalysisKey = '', analysisOn = false;
  function updateAnalysis(s) {
    analysisOn = !!(s.analysis && s.analysis.on);
    els.analyse.setAttribute('aria-pressed', analysisOn ? 'true' : 'false');
    var list = analysisList(s);
    var key = JSON.stringify(list);
    if (key === lastAnalysisKey) return;
    lastAnalysisKey = key;
    if (list.length) emit('analysis', { moves: publicList(list), complete: !!s.analysis.complete, ply: s.analysis.ply });
    if (list.length && s.analysis.complete) announce(t('page.analysis.best', { square: list[0].square, value: valueText(list[0]) }));
  }
  function setAnalysis(on) {
    need();
    api.setAnalysis(on ? 1 : 0);
    refresh();
    announce(t(on ? 'page.analysis.on' : 'page.analysis.off'));
  }
  els.analyse.addEventListener('click', function () { setAnalysis(!analysisOn); });

  // ---- the evaluation graph: the value for black after each move ---------------------------------
  var SVG = 'http://www.w3.org/2000/svg';
  var lastGraphKey = '';
  function svg(name, attrs) {
    var e = document.createElementNS(SVG, name);
    Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    return e;
  }
  function updateGraph(s) {
    var points = (s.graph || []).filter(function (p) { return p.value !== null && p.value !== undefined; });
    var total = s.moves ? s.moves.length : 0;
    var shown = s.view === null || s.view === undefined ? total : s.view;
    var key = lang + JSON.stringify(points) + '|' + total + '|' + shown;
    if (key === lastGraphKey) return;
    lastGraphKey = key;
    els.graphBox.hidden = points.length === 0;
    if (!points.length) return;
    var g = els.graph, W = 600, H = 160, span = Math.max(total, 20);
    var x = function (ply) { return 6 + (W - 12) * ply / span; };
    var y = function (v) { return H / 2 - Math.max(-32, Math.min(32, v)) * (H / 2 - 8) / 32; };
    g.textContent = '';
    g.appendChild(svg('rect', { x: 0, y: 0, width: W, height: H / 2, class: 'graph-black' }));
    g.appendChild(svg('rect', { x: 0, y: H / 2, width: W, height: H / 2, class: 'graph-white' }));
    g.appendChild(svg('line', { x1: 0, y1: H / 2, x2: W, y2: H / 2, class: 'graph-axis' }));
    g.appendChild(svg('line', { x1: x(shown), y1: 0, x2: x(shown), y2: H, class: 'graph-now' }));
    g.appendChild(svg('polyline', { points: points.map(function (p) { return x(p.ply) + ',' + y(p.value); }).join(' '), class: 'graph-line' }));
    points.forEach(function (p) {
      g.appendChild(svg('circle', { cx: x(p.ply), cy: y(p.value), r: p.exact ? 4 : 3, class: p.exact ? 'graph-exact' : 'graph-point' }));
    });
    var last = points[points.length - 1];
    g.setAttribute('aria-label', t('page.graph.label', { summary: t('page.graph.point', { n: last.ply, value: signed(last.value, last.exact ? 0 : 1) }) }));
    g.dataset.span = String(span);
  }
  // Choosing a point shows that position.
  els.graph.addEventListener('click', function (e) {
    if (!api) return;
    var r = els.graph.getBoundingClientRect(), span = Number(els.graph.dataset.span || 20);
    var s = state(), total = s.moves ? s.moves.length : 0;
    var ply = Math.max(0, Math.min(total, Math.round(((e.clientX - r.left) / r.width * 600 - 6) / 588 * span)));
    if (ply === total) viewLive(); else viewPly(ply);
  });

  // ---- game review: each move's loss against the best move ------------------------------------------
  var lastReviewKey = '', reviewWanted = false;
  function updateReview(s) {
    var r = s.review;
    var key = lang + JSON.stringify(r) + reviewWanted;
    if (key === lastReviewKey) return;
    lastReviewKey = key;
    els.reviewPanel.hidden = !reviewWanted || !r;
    if (!r || !reviewWanted) return;
    els.reviewRunning.hidden = !r.running;
    els.reviewProgress.max = Math.max(1, r.total);
    els.reviewProgress.value = r.done;
    els.reviewProgress.setAttribute('aria-valuetext', t('page.review.progress', { n: Math.min(r.done + 1, r.total), total: r.total }));
    // The controller counts each side's losses and marks the mistakes and the biggest.
    var entries = r.entries || [];
    els.reviewSummary.textContent = r.running
      ? t('page.review.progress', { n: Math.min(r.done + 1, r.total), total: r.total })
      : ['black', 'white'].map(function (c) {
          return t('page.review.summary', { color: colorName(c), loss: signed(r[c].loss, 1).replace('+', ''), mistakes: r[c].mistakes });
        }).join(' ');
    els.mistakes.textContent = '';
    var mistakes = entries.filter(function (e) { return e.mistake; });
    if (!r.running && !mistakes.length) {
      var li0 = document.createElement('li');
      li0.textContent = t('page.review.none');
      els.mistakes.appendChild(li0);
    }
    mistakes.forEach(function (e) {
      var li = document.createElement('li');
      var b = document.createElement('button');
      b.type = 'button';
      b.setAttribute('data-ply', String(e.ply));
      var worst = e.biggest;
      if (worst) li.className = 'worst';
      b.textContent = t('page.review.mistake', { n: e.ply, color: colorName(e.color), square: e.square,
                                                  loss: signed(e.loss, e.exact ? 0 : 1).replace('+', ''), best: e.best }) +
                      (worst ? ' \u2014 ' + t('page.review.biggest') : '');
      // The position before the mistake, where the better move was.
      b.addEventListener('click', function () { viewPly(e.ply - 1); });
      li.appendChild(b);
      els.mistakes.appendChild(li);
    });
  }
  function startReview() {
    need();
    var error = api.startReview();
    if (error) throw new Error(error);
    reviewWanted = true;
    lastReviewKey = '';
    refresh();
    announce(t('page.review.started'));
  }
  els.reviewStart.addEventListener('click', function () {
    try { startReview(); els.reviewPanel.focus && els.reviewCancel.focus(); } catch (err) { announce(err.message); }
  });
  els.reviewCancel.addEventListener('click', function () { api.cancelReview(); refresh(); announce(t('page.review.stopped')); });
  els.reviewClose.addEventListener('click', function () {
    if (api) api.cancelReview();
    reviewWanted = false; lastReviewKey = ''; refresh(); focusBoard();
  });
  var reviewWasRunning = false;
  setInterval(function () {
    if (!api) return;
    var r = state().review;
    var running = !!(r && r.running);
    if (reviewWasRunning && !running && r && r.done >= r.total) {
      announce(t('page.review.done') + ' ' + els.reviewSummary.textContent);
      emit('review', { entries: r.entries });
    }
    reviewWasRunning = running;
  }, 200);

  // ---- import, export and links ----------------------------------------------------------------------
  // Anything the program's one parser reads (core/game_text): a transcript, a GGF game or a
  // board string. A refusal names the problem and changes nothing.
  function loadText(text) { return replaceGame(api.load, text); }
  els.importLoad.addEventListener('click', function () {
    var text = els.importText.value.trim();
    els.importError.textContent = '';
    if (!text) { els.importError.textContent = t('page.import.empty'); return; }
    try {
      var s = loadText(text);
      els.transferDialog.close();
      announce(t('page.import.loaded', { status: s.status || '' }));
    } catch (err) { els.importError.textContent = err.message; }
  });
  function exportText(kind) {
    need();
    var kinds = ['transcript', 'ggf', 'board'];
    if (kinds.indexOf(kind) < 0) throw new Error("exportGame: '" + kind + "' is not one of " + kinds.join(', '));
    return api.exportGame(kind);
  }
  // #f5d6c3d3c4 (a transcript from the start), #board=<64 squares and the side to move>&moves=…
  // (a set-up start), &show=N (the position after move N is shown).
  function shareUrl() {
    need();
    var s = state();
    var base = window.location.href.replace(/#.*$/, '');
    var start = api.exportGame('start');
    var initial = start === initialBoard();
    var parts = initial ? [s.transcript || ''] : ['board=' + start.replace(/\s+/g, ''), 'moves=' + (s.transcript || '')];
    if (s.view !== null && s.view !== undefined) parts.push('show=' + s.view);
    return base + '#' + parts.filter(function (p, i) { return p || i > 0; }).join('&');
  }
  function initialBoard() {
    var b = '';
    for (var i = 0; i < 64; i++) b += i === 27 || i === 36 ? 'O' : i === 28 || i === 35 ? 'X' : '-';
    return b + ' X';
  }
  function openLink() {
    var hash = decodeURIComponent((window.location.hash || '').replace(/^#/, '')).trim();
    if (!hash) return;
    var game = '', board = '', show = null;
    hash.split('&').forEach(function (part) {
      var eq = part.indexOf('=');
      if (eq < 0) { game = part; return; }
      var k = part.slice(0, eq), v = part.slice(eq + 1);
      if (k === 'moves') game = v;
      else if (k === 'board') board = v;
      else if (k === 'show') show = v;
    });
    try {
      var before = api.save();
      if (board) {
        loadText(board);
        if (game) {
          var error = null;
          (game.match(/[a-hA-H][1-8]/g) || []).some(function (sq) { error = api.play(sq.toLowerCase()); return !!error; });
          if (error) { api.restore(before); throw new Error(error); }
        }
      } else {
        loadText(game);
      }
      if (show !== null) {
        var n = Number(show);
        if (!/^\d+$/.test(show) || api.view(n)) { /* a bad show= leaves the game at its end */ }
      }
      refresh();
      announce(t('page.link.loaded') + ' ' + (state().status || ''));
    } catch (err) {
      var message = err.message;
      setNote('link', function () { return t('page.link.bad', { error: message }); });
      emit('error', { message: 'link: ' + message });
    }
  }
  window.addEventListener('hashchange', function () { if (api) openLink(); });
  function fillExports() {
    try {
      els.exportTranscript.value = exportText('transcript');
      els.exportGgf.value = exportText('ggf');
      els.exportBoard.value = exportText('board');
      els.exportLink.value = shareUrl();
    } catch (err) { els.copyStatus.textContent = err.message; }
  }
  Array.prototype.forEach.call(document.querySelectorAll('button.copy'), function (b) {
    b.addEventListener('click', function () {
      var field = $(b.getAttribute('data-copy'));
      var done = function () { els.copyStatus.textContent = t('page.copied'); };
      var fail = function () { field.focus(); field.select(); els.copyStatus.textContent = t('page.copy_failed'); };
      if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(field.value).then(done, fail);
      else fail();
    });
  });

  // ---- board setup: any arrangement of 64 squares and the side to move -----------------------------
  var setupSquares = [];   // 'X', 'O' or '-' for a1 .. h8
  var setupFocus = 0;
  function buildSetupBoard() {
    els.setupBoard.textContent = '';
    for (var r = 0; r < 8; r++) {
      var row = document.createElement('div');
      row.setAttribute('role', 'row');
      for (var c = 0; c < 8; c++) {
        var cell = document.createElement('div');
        cell.setAttribute('role', 'gridcell');
        cell.setAttribute('data-square', squareName(r * 8 + c));
        cell.tabIndex = r * 8 + c === setupFocus ? 0 : -1;
        row.appendChild(cell);
      }
      els.setupBoard.appendChild(row);
    }
  }
  function setupCells() { return els.setupBoard.querySelectorAll('[role="gridcell"]'); }
  function drawSetup() {
    var cellsNow = setupCells(), counts = { X: 0, O: 0, '-': 0 };
    for (var i = 0; i < 64; i++) {
      var v = setupSquares[i], q = squareName(i);
      counts[v]++;
      cellsNow[i].className = v === 'X' ? 'black' : v === 'O' ? 'white' : '';
      cellsNow[i].setAttribute('aria-label', v === 'X' ? t('page.cell.black', { square: q })
        : v === 'O' ? t('page.cell.white', { square: q }) : t('page.cell.empty', { square: q }));
    }
    els.setupCount.textContent = t('page.setup.count', { black: counts.X, white: counts.O, empty: counts['-'] });
  }
  function setSetupFrom(board) { setupSquares = board.replace(/\s+/g, '').slice(0, 64).split(''); drawSetup(); }
  function brush() {
    var b = Array.prototype.filter.call(els.setupForm.elements.brush, function (r) { return r.checked; })[0];
    return b ? b.value : 'X';
  }
  function paint(i) {
    var b = brush();
    setupSquares[i] = setupSquares[i] === b ? '-' : b;
    els.setupError.textContent = '';
    drawSetup();
  }
  els.setupBoard.addEventListener('click', function (e) {
    var i = Array.prototype.indexOf.call(setupCells(), e.target);
    if (i >= 0) { setupFocus = i; paint(i); }
  });
  els.setupBoard.addEventListener('keydown', function (e) {
    var all = setupCells(), i = Array.prototype.indexOf.call(all, e.target);
    if (i < 0) return;
    var r = Math.floor(i / 8), c = i % 8, next = null;
    if (e.key === 'ArrowLeft') next = c > 0 ? i - 1 : i;
    else if (e.key === 'ArrowRight') next = c < 7 ? i + 1 : i;
    else if (e.key === 'ArrowUp') next = r > 0 ? i - 8 : i;
    else if (e.key === 'ArrowDown') next = r < 7 ? i + 8 : i;
    else if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); paint(i); announce(all[i].getAttribute('aria-label')); return; }
    else return;
    e.preventDefault();
    all[i].tabIndex = -1; all[next].tabIndex = 0; all[next].focus(); setupFocus = next;
  });
  els.setupClear.addEventListener('click', function () { setSetupFrom(new Array(65).join('-')); });
  els.setupInitial.addEventListener('click', function () { setSetupFrom(initialBoard()); });
  els.setupCurrent.addEventListener('click', function () { setSetupFrom(state().board); });
  function openSetup() {
    if (!api) return;
    if (els.transferDialog.open) els.transferDialog.close();
    if (!els.setupBoard.children.length) buildSetupBoard();
    var s = state();
    setSetupFrom(s.board);
    Array.prototype.forEach.call(els.setupForm.elements['setup-turn'], function (r) {
      r.checked = r.value === (s.toMove === 'white' ? 'O' : 'X');
    });
    els.setupError.textContent = '';
    openDialog(els.setupDialog);
  }
  els.setupOpen.addEventListener('click', openSetup);
  els.setupForm.addEventListener('submit', function (e) {
    if (e.submitter && e.submitter.value !== 'use') return;
    e.preventDefault();
    var turn = Array.prototype.filter.call(els.setupForm.elements['setup-turn'], function (r) { return r.checked; })[0];
    try {
      var s = loadText(setupSquares.join('') + ' ' + (turn ? turn.value : 'X'));
      els.setupDialog.close();
      announce(t('page.setup.done', { status: s.status || '' }));
    } catch (err) { els.setupError.textContent = err.message; }
  });
  els.transfer.addEventListener('click', function () {
    els.importError.textContent = '';
    els.copyStatus.textContent = '';
    fillExports();
    openDialog(els.transferDialog);
  });

  // ---- window.reversi ---------------------------------------------------------------------
  // A game from text (api.restore: a saved game; api.load: a transcript, GGF or board): throws
  // the program's reason and changes nothing, or shows the new game in the page's language.
  function replaceGame(call, text) {
    need();
    var error = call(String(text));
    if (error) throw new Error(error);
    api.setOptions('lang=' + lang, 0);
    syncControls();
    refresh();
    return state();
  }
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
    // {board, toMove, transcript, moves, legal, view, black, white, over, thinking, ...}
    getState: function () { need(); return state(); },
    // Plays a square ("f5") for the person to move; throws (state untouched) if not allowed.
    play: function (square) {
      need();
      if (typeof square !== 'string') throw new TypeError('play() takes a square name like "f5"');
      var error = api.play(square);
      if (error) throw new Error(error);
      return state();
    },
    // Starts a new game: {color, opponent, speed, markers, ...} as in the URL options.
    // Throws (nothing changed) if an option is not understood. Undo brings the last game
    // back until a person moves in the new one.
    newGame: function (options) {
      need();
      var error = api.newGame(toQuery(options), 1);
      if (error) throw new Error(error);
      setNote('ai', null);
      setNote('options', null);
      syncControls();
      refresh();
      return state();
    },
    // Changes settings and keeps the game.
    setOptions: function (options) {
      need();
      var error = api.setOptions(toQuery(options), 1);
      if (error) throw new Error(error);
      syncControls();
      return state();
    },
    undo: function () { need(); var ok = !!api.undo(); refresh(); return ok; },
    redo: function () { need(); var ok = !!api.redo(); refresh(); return ok; },
    // Asks for a hint; state.hint shows the square once the engine answers.
    hint: function () { need(); var error = api.hint(); if (error) throw new Error(error); },
    // Shows the position after `ply` moves (0 = the start) without changing the game;
    // viewLive() returns to the game.
    view: function (ply) { viewPly(Number(ply)); return state(); },
    viewLive: function () { viewLive(); return state(); },
    // Every legal move's value for the position shown, best first: a promise of
    // [{square, value, exact, kind, depth}] once every value is exact (or the analysis has
    // nothing left to do) or after options.timeMs (default 10000) with the deepest values
    // found. 'analysis' events report each improvement while the Analyse switch is on.
    analyze: function (options) {
      need();
      var timeMs = options && options.timeMs > 0 ? options.timeMs : 10000;
      var wasOn = analysisOn, start = state();
      var shown = start.view === null ? start.transcript : start.transcript + '@' + start.view;
      if (!wasOn) api.setAnalysis(1);
      return new Promise(function (resolve, reject) {
        var until = performance.now() + timeMs;
        (function poll() {
          refresh();  // reports each improvement ('analysis' events) as the switch would
          var s = state();
          if ((s.view === null ? s.transcript : s.transcript + '@' + s.view) !== shown) {
            if (!wasOn) api.setAnalysis(0);
            reject(new Error('the position changed during the analysis'));
            return;
          }
          var list = analysisList(s);
          var finished = s.over || (list.length && s.analysis.complete);
          if (finished || performance.now() > until) {
            if (!wasOn) { api.setAnalysis(0); refresh(); }
            resolve(publicList(list));
          } else {
            setTimeout(poll, 50);
          }
        })();
      });
    },
    // Reviews the game: a promise of one entry per move {ply, color, square, best, loss,
    // exact}, loss in discs against the best move for the mover. Rejects when stopped.
    review: function () {
      startReview();
      return new Promise(function (resolve, reject) {
        (function poll() {
          var r = state().review;
          if (r && !r.running) {
            if (r.done >= r.total) resolve(r.entries.map(function (e) {
              return { ply: e.ply, color: e.color, square: e.square, best: e.best, loss: e.loss, exact: !!e.exact };
            }));
            else reject(new Error('the review was stopped'));
          } else setTimeout(poll, 100);
        })();
      });
    },
    cancelReview: function () { need(); api.cancelReview(); refresh(); },
    // A transcript, a GGF game or a board string; throws naming the problem, changing nothing.
    load: function (text) {
      if (typeof text !== 'string') throw new TypeError('load() takes a text: a transcript, a GGF game or a board');
      return loadText(text);
    },
    // 'transcript' | 'ggf' | 'board'
    exportGame: function (kind) { return exportText(kind); },
    // A link that opens exactly this game and the position shown.
    shareUrl: function () { return shareUrl(); },
    // The page's language: 'en' or 'ja' (remembered).
    language: function () { return lang; },
    setLanguage: function (l) {
      if (LANGS.indexOf(l) < 0) throw new Error("language '" + l + "' is not one of " + LANGS.join(', '));
      setLanguage(l, true);
    },
    save: function () { need(); return api.save(); },
    restore: function (text) { replaceGame(api.restore, text); },
    // Saves the game in localStorage now (offline.js calls it before reloading into an update).
    persist: function () { if (api) storageSet(api.save()); },
    players: function () { need(); return JSON.parse(api.players()); },
    // After the computer player failed: a fresh worker, which is asked for the move again.
    retryComputer: function () { retryComputer(); return state(); },
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
    // Events: 'move' {color, square, flips, black, white, pass, transcript}, 'gameover'
    // {result: 'black'|'white'|'draw', black, white}, 'rejected' {square, reason, message},
    // 'announce' {text} (what the screen reader was told), 'analysis' {moves, complete, ply},
    // 'review' {entries} (a review finished), 'error' {message}, 'ready'.
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
