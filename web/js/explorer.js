// The opening explorer's panel (issue 26): what the experts played from the position shown,
// the games that reached it and a search of the expert games by player, tournament and year.
// It only draws: the controller's ExplorerSession (src/ui/explorer_session.h) decides what is
// asked and when, and its part of the state (getState().explorer) is what this panel shows;
// its buttons go to the program (web_explorer.cpp), as the desktop's clicks do. The database
// (expert-games.bin, 137,548 WTHOR games) lives in its own Web Worker (explorer-worker.js/.wasm,
// src/platform/web_explorer_client.cpp), started the first time the explorer is opened or
// asked (never part of the first visit's download); the service worker keeps both once
// fetched, so the explorer works offline after its first use.
// Adds reversi.explore() and reversi.games() (README: "Embedding and the JavaScript API").
import { $, bringPanelIntoView, isShortcut } from './dom.js';
import { t, state, api, lang, reversi, subscribe, publishState, publishOptions } from './state.js';
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


// ---- questions of the API (window.reversi.explore(), games()) ----------------------------------
// Asked through the program (web_explorer.cpp, the controller's ExplorerSession), answered by
// its "explorer" events.
var pending = {}, info = null, openedAt = 0;
function ask(games, filter, position) {
  if (!openedAt) openedAt = performance.now();
  return new Promise(function (resolve, reject) {
    var r = JSON.parse(api.explorerAsk(games ? 1 : 0, filter.player || '', filter.tournament || '', filter.year || 0,
                                       position, filter.limit === undefined ? GAMES_SHOWN : filter.limit, filter.newest ? 1 : 0));
    if (r.error) { reject(new Error(r.error)); return; }
    pending[r.id] = { resolve: resolve, reject: reject };
  });
}
subscribe('program:explorer', function (e) {
  var p = pending[e.id];
  if (!p) return;
  delete pending[e.id];
  // A database that could not load is said as the panel says it; a search's own error as it is.
  var failed = state().explorer && state().explorer.load.state === 'failed';
  if (e.error) p.reject(new Error(failed ? t('page.explorer.failed', { reason: String(e.error).replace(/\.$/, '') }) : e.error));
  else p.resolve(e.result);
});
function nameIn(name) { return name ? (name[lang] || name.en || name.ja || null) : null; }

// reversi.explore(): the experts' moves from the position shown.
function explore() {
  if (!api) return Promise.reject(new Error(t('error.page.not_started')));
  return ask(false, {}, '*').then(function (r) {
    return { games: r.games, name: nameIn(r.name), names: r.name || null,
             moves: r.moves.map(function (m) {
               return { square: m.square, games: m.games, blackWins: m.blackWins, draws: m.draws,
                        whiteWins: m.whiteWins, averageDiff: m.averageDiff, percent: m.percent };
             }) };
  });
}

// reversi.games({player, tournament, year, position, limit, newest}): position is a game text
// (a transcript, a board string or GGF) or true for the position shown; newest: the newest
// games first (as the panel lists them) instead of the database's order.
var FILTER_KEYS = ['player', 'tournament', 'year', 'position', 'limit', 'newest'];
function searchGames(filter) {
  return new Promise(function (resolve) {
    if (!api) throw new Error(t('error.page.not_started'));
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
    if (filter.newest !== undefined && typeof filter.newest !== 'boolean') throw new TypeError('games(): newest must be true or false');
    resolve();
  }).then(function () {
    return ask(true, filter, filter.position === true ? '*' : (filter.position || ''));
  }).then(function (r) {
    return { count: r.count, player: r.player, players: r.players || [], games: r.games.map(function (g) {
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

// ---- the panel: drawn from getState().explorer ---------------------------------------------------
var isOpen = false, drawn = null;
function showProgress(done, total) {
  els.progress.max = total || 1;
  els.progress.value = Math.min(done, total || 1);
  // Downloaded: the worker now reads the file (a few seconds on a phone).
  els.loading.textContent = total && done >= total ? t('page.explorer.preparing')
    : t('page.explorer.loading', { percent: total ? Math.round(100 * done / total) : 0 });
}
function setMessage(text) { els.message.textContent = text || ''; els.message.hidden = !text; }
function cell(row, text, header) {
  var c = document.createElement(header ? 'th' : 'td');
  if (header) c.scope = 'row';
  if (typeof text === 'string') c.textContent = text; else c.appendChild(text);
  row.appendChild(c);
  return c;
}

function renderMoves(r, s) {
  var name = nameIn(r.name);
  els.name.textContent = name ? ': ' + name : '';
  els.body.textContent = '';
  els.table.hidden = r.moves.length === 0;
  els.summary.textContent = r.games === 0 ? t('page.explorer.none')
    : r.moves.length === 0 ? t('page.explorer.ended', { games: r.games.toLocaleString(lang) })
    : t('page.explorer.games', { games: r.games.toLocaleString(lang) });
  // At the start one move stands for all four (issue 33: a lone e6 read as "experts always
  // play e6"); the session says when (ExplorerPanel::start).
  if (r.moves.length && s.explorer.start) els.summary.textContent += ' ' + t('page.explorer.symmetry');
  var selected = s.explorer.selected;
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
    // The per cents as the program says them (core/explorer_json: explorer_percent).
    cell(row, m.percent.black);
    cell(row, m.percent.draws);
    cell(row, m.percent.white);
    cell(row, (m.averageDiff > 0 ? '+' : m.averageDiff < 0 ? '\u2212' : '') + Math.abs(m.averageDiff).toFixed(1));
    els.body.appendChild(row);
  });
}

function renderGames(r, searchedName) {
  els.games.textContent = '';
  if (r.player) {
    var p = r.player;
    var n = function (x) { return x.toLocaleString(lang); };
    els.record.textContent = t('page.explorer.record', { name: p.name, games: n(p.games), wins: n(p.wins), draws: n(p.draws),
                                                         losses: n(p.games - p.wins - p.draws) });
    // The player's rating (data/player-ratings.bin, computed by the program: core/player_ratings.h).
    if (p.rating) {
      els.record.textContent += ' ' + t('page.explorer.rating', {
        rating: p.rating.latest.rating, deviation: p.rating.latest.deviation, year: p.rating.latest.year,
        peak: p.rating.peak.rating, peak_year: p.rating.peak.year });
    }
  } else {
    els.record.textContent = '';
  }
  // Part of a name matched several players: each a button that searches for that one.
  if (!r.player && r.players && r.players.length > 1) {
    els.record.textContent = t('page.explorer.players', { name: searchedName }) + ' ';
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
  // Nothing found: a plain line beside the record, not a numbered row of the list.
  if (r.count === 0) {
    els.record.appendChild(document.createTextNode((els.record.textContent ? ' ' : '') + t('page.explorer.no_game')));
    return;
  }
  if (r.count > r.games.length) els.record.appendChild(document.createTextNode((els.record.textContent ? ' ' : '') +
    t('page.explorer.first', { shown: r.games.length, count: r.count.toLocaleString(lang) })));
  r.games.forEach(function (g) {
    var li = document.createElement('li');
    var b = document.createElement('button');
    b.type = 'button';
    b.className = 'explorer-game';
    b.textContent = g.year + ' ' + g.tournament + ': ' + g.black + ' ' + g.blackDiscs + '\u2013' + (64 - g.blackDiscs) + ' ' + g.white;
    b.setAttribute('aria-label', t('page.explorer.load_game', { text: b.textContent }));
    b.addEventListener('click', function () { loadGame(g); });
    li.appendChild(b);
    els.games.appendChild(li);
  });
}

// Draws what the session says (its part of the state), when it changed.
function render(s) {
  var x = s.explorer;
  if (!isOpen || !x || !x.open) return;
  var key = lang + '|' + s.shown.board + '|' + s.view + '|' + JSON.stringify(x);
  if (key === drawn) return;
  drawn = key;
  var load = x.load;
  var loading = load.state === 'loading' || load.state === 'idle';
  els.loading.hidden = !loading; els.progress.hidden = !loading;
  els.panel.setAttribute('aria-busy', loading || (!x.position && !x.positionError && load.state === 'ready') ? 'true' : 'false');
  if (loading) { showProgress(load.loaded, load.total); return; }
  if (load.state === 'failed' || x.positionError) {
    els.table.hidden = true;
    els.summary.textContent = '';
    els.games.textContent = '';
    els.record.textContent = '';
    setMessage(t('page.explorer.failed', { reason: String(load.error || x.positionError).replace(/\.$/, '') }));
    return;
  }
  setMessage('');
  // While an answer is on its way the last one stays (a few milliseconds), never another position's list.
  if (x.position) renderMoves(x.position, s);
  if (x.list) renderGames(x.list, (x.search.player || '').trim());
  // The database's "no player's name contains 'X'" (or a year out of range), in the page's
  // language already (ExplorerSession::json: ui::error_text).
  else if (x.listError) { els.games.textContent = ''; els.record.textContent = x.listError; }
}

// A game of the list is replayed (ui::replay_listed_game): the program keeps the player's game
// for undo (Back to your game) and puts its players on the cards.
function loadGame(g) {
  var error = api.explorerReplay(g.number);
  if (error) { setMessage(error); return; }
  publishOptions();
  publishState();
  announce(t('page.explorer.loaded', { black: g.black, white: g.white, year: g.year }));
  // The list was scrolled to (issue 44: it stayed there): the replay's bar, the way back, and
  // the status above it come into view.
  requestAnimationFrame(function () {
    els.replay.scrollIntoView({ block: 'end' });
    $('status').scrollIntoView({ block: 'nearest' });
  });
}

// The replay's bar, under the status line wherever the explorer is.
function showReplay(s) {
  var r = s.replay;
  els.replay.hidden = !r;
  if (!r) return;
  var text = t('page.replay.text', { black: r.black, white: r.white, tournament: r.tournament, year: r.year });
  if (els.replayText.textContent !== text) els.replayText.textContent = text;
  els.replayBack.hidden = !s.undoReturns;
}
els.replayBack.addEventListener('click', function () {
  if (!api || !state().undoReturns) return;
  reversi.undo();
  publishOptions();
  announce(t('page.replay.returned') + ' ' + (state().status || ''));
});

// A move's button (ui::choose_explorer_square): played when a person may move on the board
// shown (two people, or your turn against the computer; not an earlier position, not the
// computer's turn, not a finished game, not a puzzle), otherwise marked and its figures said.
function chooseMove(m) {
  var r = api.explorerChoose(m.square);
  if (r === 'played') { announce(t('page.explorer.played', { square: m.square })); return; }
  if (r !== 'described') { setMessage(r); return; }
  publishState();
  // The program's words (ui::choose_explorer_move), the desktop's too.
  announce(state().message);
}

// The list: the search's fields, or the games of the position shown (the list then follows it).
function search(position) {
  var year = Number(els.year.value.trim());
  api.explorerSearch(position ? '' : els.player.value.trim(), position ? '' : els.tournament.value.trim(),
                     position || !Number.isInteger(year) ? 0 : year, position ? 1 : 0);
  els.record.textContent = '';
  publishState();
}

export function openExplorer() {
  if (!api) return;
  isOpen = true;
  drawn = null;
  if (!openedAt) openedAt = performance.now();
  els.panel.hidden = false;
  bringPanelIntoView(els.panel);
  els.open.setAttribute('aria-expanded', 'true');
  setMessage('');
  api.explorerOpen(1);
  publishState();
}
export function closeExplorer() {
  isOpen = false;
  if (api) api.explorerOpen(0);
  els.panel.hidden = true;
  els.open.setAttribute('aria-expanded', 'false');
}

// The load's figures, once (for reversi.explorerInfo()).
function noteInfo(s) {
  if (info || !s.explorer || s.explorer.load.state !== 'ready' || !window.Module.reversiExplorerInfo) return;
  info = Object.assign({}, window.Module.reversiExplorerInfo, { loadMs: Math.round(performance.now() - (openedAt || performance.now())) });
}
subscribe('state', function (s) { showReplay(s); noteInfo(s); render(s); });
subscribe('language', function () { drawn = null; if (api) render(state()); });

els.open.addEventListener('click', function () { if (isOpen) closeExplorer(); else openExplorer(); });
els.close.addEventListener('click', function () { closeExplorer(); els.open.focus(); });
els.form.addEventListener('submit', function (e) { e.preventDefault(); search(false); });
els.here.addEventListener('click', function () { search(true); });
document.addEventListener('keydown', function (e) {
  if (!api || !isShortcut(e)) return;
  if (e.key === 'e' || e.key === 'E') {
    if (isOpen) closeExplorer(); else openExplorer();
    e.preventDefault();
  }
});
