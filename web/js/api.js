// window.reversi, the page's API for scripts and embedding pages (README: "Embedding and
// the JavaScript API"; web/README.md): the game's functions on the object of state.js, beside
// the panels' own (explore(), practice(), ...). main.js publishes it; offline.js adds buildId,
// build() and offline.
import { state, LANGS, api, need, ready, listeners, lang, reversi, replaceGame, publishState, publishOptions, t } from './state.js';
import { setNote, retryComputer } from './messages.js';
import { setLanguage } from './settings.js';
import { storageSet } from './storage.js';
import { viewPly, viewLive } from './view.js';
import { analyze, reviewGame } from './analysis.js';
import { loadText, exportText, shareUrl } from './transfer.js';
import { aiInfo } from './ai-build.js';

// {color: 'white', markers: false} -> 'color=white&markers=off' (a string is taken as it is).
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

Object.assign(reversi, {
  ready: ready,
  // firstFrameMs: from the page's script starting to the first drawn board; firstFrameAtMs:
  // the same moment counted from the start of the navigation.
  timings: { firstFrameMs: null, firstFrameAtMs: null },
  // {board, toMove, transcript, moves, legal, view, black, white, over, thinking, ...}
  // ai: which AI worker runs ({build: 'threads'|'single', threads, ...}: ai-build.js).
  getState: function () { need(); var s = state(); s.ai = aiInfo(); return s; },
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
    publishOptions();
    publishState();
    return state();
  },
  // Changes settings and keeps the game.
  setOptions: function (options) {
    need();
    var error = api.setOptions(toQuery(options), 1);
    if (error) throw new Error(error);
    publishOptions();
    return state();
  },
  undo: function () { need(); var ok = !!api.undo(); publishState(); return ok; },
  redo: function () { need(); var ok = !!api.redo(); publishState(); return ok; },
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
  analyze: function (options) { return analyze(options); },
  // Reviews the game: a promise of one entry per move {ply, color, square, best, loss,
  // exact}, loss in discs against the best move for the mover. Rejects when stopped.
  review: function () { return reviewGame(); },
  cancelReview: function () { need(); api.cancelReview(); publishState(); },
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
    if (!xy) throw new Error(t('error.play.not_square', { square: String(square) }));  // as play() says it
    var p = xy.split(',');
    return { x: parseFloat(p[0]), y: parseFloat(p[1]) };
  },
  // Events: 'move' {color, square, flips, black, white, pass, transcript}, 'gameover'
  // {result: 'black'|'white'|'draw', black, white}, 'rejected' {square, reason, message},
  // 'announce' {text} (what the screen reader was told), 'analysis' {moves, complete, ply},
  // 'review' {entries} (a review finished), 'puzzle' {kind, id, date, move, right, value, best,
  // loss, exact, score, message, rated, ratingBefore, ratingAfter} (practice.js: an answer judged),
  // 'error' {message}, 'ready'. practice.js adds practice(), leavePractice(), practiceLink().
  on: function (type, fn) {
    if (typeof fn !== 'function') throw new TypeError('on(type, fn) needs a function');
    (listeners[type] = listeners[type] || []).push(fn);
    return reversi;
  },
  off: function (type, fn) {
    listeners[type] = (listeners[type] || []).filter(function (f) { return f !== fn; });
    return reversi;
  }
});
reversi.addEventListener = reversi.on;
reversi.removeEventListener = reversi.off;
