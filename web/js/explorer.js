// The opening explorer (issue 26): what the experts played from the position shown, the
// games that reached it and a search of the expert games by player, tournament and year.
// The database (expert-games.bin, 137,548 WTHOR games) lives in its own Web Worker
// (explorer-worker.js/.wasm, src/platform/explorer_worker.cpp), started the first time
// the explorer is opened or asked (never part of the first visit's download); the service
// worker keeps both once fetched, so the explorer works offline after its first use.
// Adds reversi.explore() and reversi.games() (README: "Embedding and the JavaScript API").
import { $, bringPanelIntoView, isDialogOpen } from './dom.js';
import { t, state, api, lang, reversi, subscribe, publishState, publishOptions, expertName } from './state.js';
import { announce } from './messages.js';

var els = {
  open: $('explorer-open'), panel: $('explorer-panel'), title: $('explorer-title'), name: $('explorer-name'),
  progress: $('explorer-progress'), loading: $('explorer-loading'), message: $('explorer-message'),
  summary: $('explorer-summary'), table: $('explorer-table'), body: $('explorer-moves'),
  form: $('explorer-search'), player: $('explorer-player'), tournament: $('explorer-tournament'),
  year: $('explorer-year'), here: $('explorer-here'), record: $('explorer-record'), games: $('explorer-games'),
  close: $('explorer-close'), replay: $('replay'), replayText: $('replay-text'), replayBack: $('replay-back')
};
var GAMES_SHOWN = 20;

// ---- the worker -------------------------------------------------------------------------------
var worker = null, loaded = null, nextId = 1, pending = {}, info = null;
function fail(message) {
  Object.keys(pending).forEach(function (id) {
    var err = new Error(message);
    err.final = true;
    pending[id].reject(err);
  });
  pending = {};
  if (worker) worker.terminate();
  worker = null; loaded = null;
}
function request(message, onProgress) {
  return new Promise(function (resolve, reject) {
    var id = nextId++;
    pending[id] = { resolve: resolve, reject: reject, progress: onProgress };
    message.id = id;
    worker.postMessage(message);
  });
}
// Starts the worker and loads the database once; a promise of {games, parseMs, ...}.
function load() {
  if (loaded) return loaded;
  try {
    worker = new Worker(new URL('../explorer-worker.js', import.meta.url));
  } catch (err) {
    return Promise.reject(new Error(t('page.explorer.failed', { reason: err.message })));
  }
  worker.onmessage = function (e) {
    var m = e.data || {};
    var p = pending[m.id];
    if (m.id === 0 && m.error) { fail(t('page.explorer.failed', { reason: m.error })); return; }
    if (!p) return;
    if (m.type === 'progress') { if (p.progress) p.progress(m.loaded, m.total); return; }
    delete pending[m.id];
    if (m.error) p.reject(new Error(m.error)); else p.resolve(m.result);
  };
  worker.onerror = function (e) {
    e.preventDefault();
    fail(t('page.explorer.failed', { reason: e.message || 'the explorer worker did not start' }));
  };
  var started = performance.now();
  loaded = request({ type: 'load', url: new URL('../expert-games.bin', import.meta.url).href }, showProgress)
    .then(function (r) { r.loadMs = Math.round(performance.now() - started); info = r; return r; },
          function (err) {
            var message = err.final ? err.message : t('page.explorer.failed', { reason: err.message.replace(/\.$/, '') });
            fail(message);
            throw new Error(message);
          });
  return loaded;
}

// ---- the position shown ------------------------------------------------------------------------
// {start, moves}: the game's start (a board string with the side to move) and the moves
// to the position shown (all of them, or the first `view` while an earlier one is shown).
var START_BOARD = '-'.repeat(27) + 'OX' + '-'.repeat(6) + 'XO' + '-'.repeat(27);
function shown() {
  var s = state();
  var moves = s.transcript || '';
  if (s.view !== null && s.view !== undefined) moves = moves.slice(0, 2 * s.view);
  return { start: api.exportGame('start'), moves: moves };
}
function explorePosition(p) {
  return load().then(function () { return request({ type: 'explore', start: p.start, position: p.moves }); });
}
function nameIn(name) { return name ? (name[lang] || name.en || name.ja || null) : null; }

// reversi.explore(): the experts' moves from the position shown.
function explore() {
  if (!api) return Promise.reject(new Error('the game has not started yet'));
  return explorePosition(shown()).then(function (r) {
    return { games: r.games, name: nameIn(r.name), names: r.name || null, ms: r.ms,
             moves: r.moves.map(function (m) {
               return { square: m.square, games: m.games, blackWins: m.blackWins, draws: m.draws,
                        whiteWins: m.whiteWins, averageDiff: m.averageDiff };
             }) };
  });
}

// reversi.games({player, tournament, year, position, limit}): position is a game text
// (a transcript, a board string or GGF) or true for the position shown.
var FILTER_KEYS = ['player', 'tournament', 'year', 'position', 'limit'];
function searchGames(filter) {
  return new Promise(function (resolve) {
    if (filter === undefined || filter === null) filter = {};
    if (typeof filter !== 'object' || Array.isArray(filter)) throw new TypeError('games() takes a filter like {player: "Tamenori Hideshi", year: 2000}');
    Object.keys(filter).forEach(function (k) {
      if (FILTER_KEYS.indexOf(k) < 0) throw new TypeError("games(): unknown filter '" + k + "' (use " + FILTER_KEYS.join(', ') + ')');
    });
    ['player', 'tournament'].forEach(function (k) {
      if (filter[k] !== undefined && typeof filter[k] !== 'string') throw new TypeError('games(): ' + k + ' must be a name (a string)');
    });
    if (filter.year !== undefined && !(Number.isInteger(filter.year) && filter.year > 0 && filter.year < 10000))
      throw new TypeError('games(): year must be a whole number like 2004, not ' + JSON.stringify(filter.year));
    if (filter.limit !== undefined && !(Number.isInteger(filter.limit) && filter.limit >= 0 && filter.limit <= 100000))
      throw new TypeError('games(): limit must be a whole number from 0 to 100000');
    if (filter.position !== undefined && filter.position !== true && typeof filter.position !== 'string')
      throw new TypeError('games(): position must be a game text (transcript, board, GGF) or true for the position shown');
    resolve();
  }).then(function () {
    var p = filter.position === true ? shown() : { start: '', moves: filter.position || '' };
    return load().then(function () {
      return request({ type: 'games', player: filter.player || '', tournament: filter.tournament || '',
                       year: filter.year || 0, start: p.start, position: p.moves,
                       limit: filter.limit === undefined ? GAMES_SHOWN : filter.limit });
    });
  }).then(function (r) {
    return { count: r.count, player: r.player, players: r.players || [], ms: r.ms, games: r.games.map(function (g) {
      return { id: g.number, black: g.black, white: g.white, players: [g.black, g.white], year: g.year,
               tournament: g.tournament, blackDiscs: g.blackDiscs, whiteDiscs: 64 - g.blackDiscs,
               score: g.blackDiscs + '-' + (64 - g.blackDiscs), theoreticalBlack: g.theoreticalBlack,
               transcript: g.moves };
    }) };
  });
}
reversi.explore = explore;
reversi.games = searchGames;
// The database's figures once loaded: {games, downloadMs, parseMs, loadMs, heapBytes, memoryBytes}.
reversi.explorerInfo = function () { return info; };

// ---- the panel ---------------------------------------------------------------------------------
var isOpen = false, shownKey = null, selected = null, broken = false;
function showProgress(done, total) {
  els.progress.max = total || 1;
  els.progress.value = Math.min(done, total || 1);
  els.loading.textContent = t('page.explorer.loading', { percent: total ? Math.round(100 * done / total) : 0 });
}
function setMessage(text) { els.message.textContent = text || ''; els.message.hidden = !text; }
function pct(n, of) { return of ? (100 * n / of).toFixed(1) : '0.0'; }
function cell(row, text, header) {
  var c = document.createElement(header ? 'th' : 'td');
  if (header) c.scope = 'row';
  if (typeof text === 'string') c.textContent = text; else c.appendChild(text);
  row.appendChild(c);
  return c;
}

function renderMoves(r) {
  var name = nameIn(r.name);
  els.name.textContent = name ? ': ' + name : '';
  els.body.textContent = '';
  els.table.hidden = r.moves.length === 0;
  els.summary.textContent = r.games === 0 ? t('page.explorer.none')
    : r.moves.length === 0 ? t('page.explorer.ended', { games: r.games.toLocaleString(lang) })
    : t('page.explorer.games', { games: r.games.toLocaleString(lang) });
  // At the start one move stands for all four (issue 33: a lone e6 read as "experts always
  // play e6").
  if (r.moves.length && shown().moves === '' && state().board === START_BOARD)
    els.summary.textContent += ' ' + t('page.explorer.symmetry');
  r.moves.forEach(function (m) {
    var row = document.createElement('tr');
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'explorer-move';
    b.textContent = m.square;
    b.setAttribute('data-square', m.square);
    b.setAttribute('aria-pressed', selected === m.square ? 'true' : 'false');
    b.addEventListener('click', function () { chooseMove(m); });
    cell(row, b, true);
    cell(row, m.games.toLocaleString(lang));
    cell(row, pct(m.blackWins, m.games));
    cell(row, pct(m.draws, m.games));
    cell(row, pct(m.whiteWins, m.games));
    cell(row, (m.averageDiff > 0 ? '+' : m.averageDiff < 0 ? '\u2212' : '') + Math.abs(m.averageDiff).toFixed(1));
    els.body.appendChild(row);
  });
}

function renderGames(r) {
  els.games.textContent = '';
  if (r.player) {
    var p = r.player;
    var n = function (x) { return x.toLocaleString(lang); };
    els.record.textContent = t('page.explorer.record', { name: p.name, games: n(p.games), wins: n(p.wins), draws: n(p.draws),
                                                         losses: n(p.games - p.wins - p.draws) });
  } else {
    els.record.textContent = '';
  }
  // Part of a name matched several players: each a button that searches for that one.
  if (!r.player && r.players && r.players.length > 1) {
    els.record.textContent = t('page.explorer.players', { name: els.player.value.trim() }) + ' ';
    r.players.forEach(function (name, i) {
      var b = document.createElement('button');
      b.type = 'button';
      b.className = 'explorer-player-choice';
      b.textContent = name;
      b.addEventListener('click', function () { els.player.value = name; search(false); });
      if (i) els.record.appendChild(document.createTextNode(' '));
      els.record.appendChild(b);
    });
  }
  if (r.count === 0) {
    var none = document.createElement('li');
    none.className = 'muted';
    none.textContent = t('page.explorer.no_game');
    els.games.appendChild(none);
    return;
  }
  if (r.count > r.games.length) els.record.appendChild(document.createTextNode((els.record.textContent ? ' ' : '') +
    t('page.explorer.first', { shown: r.games.length, count: r.count.toLocaleString(lang) })));
  r.games.forEach(function (g) {
    var li = document.createElement('li');
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'explorer-game';
    b.textContent = g.year + ' ' + g.tournament + ': ' + expertName(g.black) + ' ' + g.blackDiscs + '\u2013' + (64 - g.blackDiscs) + ' ' + expertName(g.white);
    b.setAttribute('aria-label', t('page.explorer.load_game', { text: b.textContent }));
    b.addEventListener('click', function () { loadGame(g); });
    li.appendChild(b);
    els.games.appendChild(li);
  });
}

// A game of the list is replayed: the program keeps the player's game for undo (Back to
// your game), shows this one from its start and its players on the cards (Controller::replay).
function loadGame(g) {
  var error = api.replay(g.transcript, g.black, g.white, g.tournament, g.year);
  if (error) { setMessage(error); return; }
  publishOptions();
  publishState();
  announce(t('page.explorer.loaded', { black: expertName(g.black), white: expertName(g.white), year: g.year }));
}
// The replay's bar, under the status line wherever the explorer is.
function showReplay(s) {
  var r = s.replay;
  els.replay.hidden = !r;
  if (!r) return;
  var text = t('page.replay.text', { black: expertName(r.black), white: expertName(r.white), tournament: r.tournament, year: r.year });
  if (els.replayText.textContent !== text) els.replayText.textContent = text;
  els.replayBack.hidden = !s.undoReturns;
}
els.replayBack.addEventListener('click', function () {
  if (!api || !state().undoReturns) return;
  reversi.undo();
  publishOptions();
  announce(t('page.replay.returned') + ' ' + (state().status || ''));
});

// A move's button plays it when a person may move on the board shown (two people, or your
// turn against the computer; not an earlier position, not the computer's turn, not a
// finished game, not a puzzle): the program's rule, Controller::can_play_now, which the state
// says through its "legal" squares, as the desktop's choose_explorer_move asks it. Otherwise
// it marks the move and says its figures.
function chooseMove(m) {
  var s = state();
  var practising = s.practice && s.practice.active;
  if (!practising && s.legal && s.legal.indexOf(m.square) >= 0) {
    try { reversi.play(m.square); announce(t('page.explorer.played', { square: m.square })); return; }
    catch (err) { setMessage(err.message); return; }
  }
  selected = m.square;
  Array.prototype.forEach.call(els.body.querySelectorAll('button[data-square]'), function (b) {
    b.setAttribute('aria-pressed', b.getAttribute('data-square') === selected ? 'true' : 'false');
  });
  announce(t('page.explorer.shown', { square: m.square, games: m.games.toLocaleString(lang),
                                      black: pct(m.blackWins, m.games), white: pct(m.whiteWins, m.games) }));
}

function update(force) {
  if (!isOpen || !api || (broken && !force)) return;
  var p = shown();
  var key = lang + '|' + p.start + '|' + p.moves;
  if (!force && key === shownKey) return;
  var moved = shownKey !== null && shownKey.slice(shownKey.indexOf('|')) !== key.slice(key.indexOf('|'));
  shownKey = key;
  selected = null;
  if (moved && listsPosition) search(true);
  explorePosition(p).then(function (r) {
    if (shownKey !== key) return;
    els.loading.hidden = true; els.progress.hidden = true;
    setMessage('');
    renderMoves(r);
    els.panel.setAttribute('aria-busy', 'false');
  }, function (err) {
    if (shownKey !== key) return;
    broken = true;  // not asked again until the explorer is opened again
    els.loading.hidden = true; els.progress.hidden = true;
    els.panel.setAttribute('aria-busy', 'false');
    els.table.hidden = true;
    els.summary.textContent = '';
    setMessage(err.message);
  });
}

// The database's "unknown player 'X'" (or tournament) in the page's language.
function searchError(message) {
  var m = /unknown (player|tournament) '(.*)'/.exec(message);
  if (!m) return message;
  return t(m[1] === 'player' ? 'page.explorer.unknown_player' : 'page.explorer.unknown_tournament', { name: m[2] });
}
// The list follows the position shown when it lists that position's games (issue 33: opened
// while the computer replied, it kept the start's games under the new position's table).
var listsPosition = false, searches = 0;
function search(position) {
  listsPosition = !!position;
  var filter = {};
  if (els.player.value.trim()) filter.player = els.player.value.trim();
  if (els.tournament.value.trim()) filter.tournament = els.tournament.value.trim();
  if (els.year.value.trim()) filter.year = Number(els.year.value.trim());
  if (position) filter.position = true;
  els.record.textContent = '';
  var mine = ++searches;  // an answer that arrives after a later search's is dropped
  return searchGames(filter).then(function (r) { if (mine === searches) renderGames(r); }, function (err) {
    if (mine !== searches) return;
    els.games.textContent = '';
    els.record.textContent = searchError(err.message);
  });
}

export function openExplorer() {
  if (!api) return;
  isOpen = true;
  els.panel.hidden = false;
  bringPanelIntoView(els.panel);
  els.open.setAttribute('aria-expanded', 'true');
  setMessage('');
  broken = false;
  if (!info) {
    els.loading.hidden = false; els.progress.hidden = false;
    els.panel.setAttribute('aria-busy', 'true');
    showProgress(0, 0);
  }
  update(true);
  if (info || loaded) search(true);
  else load().then(function () { if (isOpen) search(true); }, function () {});
}
export function closeExplorer() {
  isOpen = false;
  els.panel.hidden = true;
  els.open.setAttribute('aria-expanded', 'false');
}

subscribe('state', function (s) { showReplay(s); update(false); });

els.open.addEventListener('click', function () { if (isOpen) closeExplorer(); else openExplorer(); });
els.close.addEventListener('click', function () { closeExplorer(); els.open.focus(); });
els.form.addEventListener('submit', function (e) { e.preventDefault(); search(false); });
els.here.addEventListener('click', function () { search(true); });
document.addEventListener('keydown', function (e) {
  if (!api || isDialogOpen() || e.altKey || e.ctrlKey || e.metaKey) return;
  var tag = (e.target && e.target.tagName) || '';
  if (tag === 'INPUT' || tag === 'SELECT' || tag === 'TEXTAREA') return;
  if (e.key === 'e' || e.key === 'E') {
    if (isOpen) closeExplorer(); else openExplorer();
    e.preventDefault();
  }
});
