// "Your games" (issue 35): the kept games (history.js), newest first, filtered by opponent
// and result, shown a page at a time so that 10,000 games list at once; each opened on the
// board (a finished one from its start, to step through or review; an unfinished one taken
// up again), reviewed or deleted; the results against each computer player and what to
// play next; export (GGF collection, transcripts) and import. Loaded the first time the
// panel is opened (main.js), so the first visit does not fetch it.
import { $, bringPanelIntoView, drawRatingLine } from './dom.js';
import { t, tCount, lang, api, subscribe, publish, colorName, publishState, state } from './state.js';
import { announce } from './messages.js';
import { playerShort } from './players.js';
import { allGames, deleteGame, clearGames, exportText, importText, openGame } from './history.js';

var els = {
  open: $('history-open'), panel: $('history-panel'), loading: $('history-loading'),
  progress: $('history-progress'), progressBody: $('history-progress-body'), suggestion: $('history-suggestion'),
  opponent: $('history-opponent'), result: $('history-result'), count: $('history-count'),
  list: $('history-list'), more: $('history-more'), exportGgf: $('history-export'),
  exportTranscripts: $('history-export-transcripts'), clear: $('history-clear'), confirm: $('history-confirm'),
  confirmText: $('history-confirm-text'), confirmYes: $('history-confirm-yes'), confirmNo: $('history-confirm-no'),
  importText: $('history-import-text'), importFile: $('history-import-file'), importButton: $('history-import'),
  importFileName: $('history-import-file-name'),
  importResult: $('history-import-result'), close: $('history-close'), rating: $('history-rating'),
  ratingGraph: $('history-rating-graph'), ratingText: $('history-rating-text'), mistakes: $('history-mistakes')
};
var PAGE = 50;          // rows drawn at a time ("Show more" draws the next ones)
var games = [];         // every kept game, newest first
// What the program says of them (ui/history_panel.h history_summary_json): each game's
// opponent and result (by id), the results against each computer player, the advice, the
// playing rating. The rules are the program's; this panel only shows them.
var summary = { results: [], suggestion: '', ratings: [] };
var about = new Map();  // id -> {opponent, name, color, result, mine, theirs}
function summarize() {
  var s = api ? JSON.parse(api.historySummary(games.map(function (e) { return e.ggf; }).join('\n'))) : null;
  summary = s || { results: [], suggestion: '', ratings: [] };
  about = new Map();
  if (s) games.forEach(function (e, i) { if (s.games[i]) about.set(e.id, s.games[i]); });
}
// A game's opponent and result as the program read them ({} when it could not read the game).
function view(e) { return about.get(e.id) || {}; }
var shown = [];         // those the filters keep
var drawn = 0;
var isOpen = false;

// ---- words ------------------------------------------------------------------------------------
function dateText(e) {
  var d = new Date(e.date);
  if (!e.date || isNaN(d.getTime())) return t('page.history.no_date');
  return d.toLocaleString(lang === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}
function computerName(name) { return playerShort(name); }
function sideName(side) {
  if (side.computer) return computerName(side.name);
  return side.name || t('page.player');
}
function opponentText(e) {
  var o = view(e);
  // "you: black" (a colour inside a sentence is lower case in English; Japanese has no case)
  if (o.opponent === 'computer') return t('page.history.against', { name: computerName(o.name), color: colorName(o.color).toLowerCase() });
  return t('page.history.between', { black: sideName(e.black), white: sideName(e.white) });
}
function resultText(e) {
  var o = view(e), r = o.result;
  if (r === 'unfinished') return t('page.history.unfinished', { n: e.moves.length / 2 });
  // A game decided by a flag fall (the program's result, e.lostOnTime: whose flag fell).
  if (o.onTime && (r === 'won' || r === 'lost')) return t(r === 'won' ? 'page.history.won_on_time' : 'page.history.lost_on_time');
  if (o.onTime && e.lostOnTime) return t('page.history.lost_on_time_side', { color: colorName(e.lostOnTime) });
  var key = { won: 'page.history.won', lost: 'page.history.lost', drawn: 'page.history.drawn' }[r];
  if (key) return t(key, { mine: o.mine, theirs: o.theirs });
  if (r === 'draw') return t('page.history.draw', { n: e.blackDiscs });
  if (r === 'black' || r === 'white')
    return t('page.history.color_won', { color: colorName(r), winner: Math.max(e.blackDiscs, e.whiteDiscs),
                                          loser: Math.min(e.blackDiscs, e.whiteDiscs) });
  return '';
}
function accuracyText(e) {
  var a = e.accuracy || {};
  if (a.black === null || a.black === undefined) return '';
  var o = view(e);
  if (o.opponent === 'computer') return t('page.history.accuracy_you', { value: Math.round(o.color === 'black' ? a.black : a.white) });
  return t('page.history.accuracy_both', { black: Math.round(a.black), white: Math.round(a.white) });
}
function describe(e) {
  var parts = [dateText(e), resultText(e), opponentText(e)].filter(Boolean);
  if (e.opening) parts.push(lang === 'ja' ? e.opening.ja || e.opening.en : e.opening.en || e.opening.ja);
  var acc = accuracyText(e);
  if (acc) parts.push(acc);
  return parts.join(' · ');
}

// ---- the filters and the list -----------------------------------------------------------------
function opponentKey(e) {
  var o = view(e);
  return o.opponent === 'computer' ? 'c:' + o.name : o.opponent || '';
}
function fillFilters() {
  var keep = els.opponent.value || 'all';
  var seen = {};
  games.forEach(function (e) { var k = opponentKey(e); if (k) seen[k] = view(e); });
  // The computer players in the program's order (its results: the levels up, then the
  // others), then people, then the computer against itself.
  var order = summary.results.map(function (r) { return 'c:' + r.name; }).concat(['people', 'computers']);
  var keys = Object.keys(seen).sort(function (a, b) {
    var ia = order.indexOf(a), ib = order.indexOf(b);
    return (ia < 0 ? order.length : ia) - (ib < 0 ? order.length : ib) || (a < b ? -1 : 1);
  });
  els.opponent.textContent = '';
  addOption(els.opponent, 'all', t('page.history.all_opponents'));
  keys.forEach(function (k) {
    var o = seen[k];
    addOption(els.opponent, k, o.opponent === 'computer' ? computerName(o.name)
                               : t(o.opponent === 'people' ? 'page.history.two_players' : 'page.history.computers'));
  });
  els.opponent.value = seen[keep] || keep === 'all' ? keep : 'all';
  var keepResult = els.result.value || 'all';
  els.result.textContent = '';
  var labels = { all: t('page.history.filter_all'), won: t('page.history.filter_won'), drawn: t('page.history.filter_drawn'),
                 lost: t('page.history.filter_lost'), unfinished: t('page.history.filter_unfinished') };
  Object.keys(labels).forEach(function (r) { addOption(els.result, r, labels[r]); });
  els.result.value = keepResult;
}
function addOption(select, value, label) {
  var o = document.createElement('option');
  o.value = value;
  o.textContent = label;
  select.appendChild(o);
}
function filterGames() {
  var who = els.opponent.value || 'all', what = els.result.value || 'all';
  shown = games.filter(function (e) {
    if (who !== 'all' && opponentKey(e) !== who) return false;
    if (what === 'all') return true;
    var r = view(e).result;
    if (what === 'drawn') return r === 'drawn' || r === 'draw';
    return r === what;
  });
  drawn = 0;
  els.list.textContent = '';
  els.count.textContent = games.length ? tCount('page.history.count', games.length, { shown: shown.length, total: games.length })
                                       : t('page.history.empty');
  drawMore();
}
function drawMore() {
  var end = Math.min(shown.length, drawn + PAGE);
  var frag = document.createDocumentFragment();
  for (var i = drawn; i < end; i++) frag.appendChild(row(shown[i]));
  els.list.appendChild(frag);
  drawn = end;
  els.more.hidden = drawn >= shown.length;
  if (!els.more.hidden) els.more.textContent = t('page.history.more', { n: Math.min(PAGE, shown.length - drawn) });
}
function row(e) {
  var li = document.createElement('li');
  li.className = 'history-game';
  li.dataset.id = String(e.id);
  var text = document.createElement('span');
  text.className = 'history-text';
  text.textContent = describe(e);
  li.appendChild(text);
  var actions = document.createElement('span');
  actions.className = 'history-actions';
  var label = describe(e);
  actions.appendChild(button(e.over ? 'page.history.open' : 'page.history.resume', label, function () { open(e, false); }));
  if (e.moves.length) actions.appendChild(button('page.history.review', label, function () { open(e, true); }));
  actions.appendChild(button('page.history.delete', label, function () { remove(e, li); }));
  li.appendChild(actions);
  return li;
}
function button(key, label, action) {
  var b = document.createElement('button');
  b.type = 'button';
  b.textContent = t(key);
  b.setAttribute('aria-label', t(key) + ': ' + label);
  b.addEventListener('click', action);
  return b;
}

function open(e, review) {
  try {
    openGame(e);
    if (review) {
      var error = api.startReview();
      if (error) throw new Error(error);
      publishState();
    }
    announce(t(review ? 'page.history.reviewing' : 'page.history.opened', { game: describe(e) }));
  } catch (err) {
    els.importResult.textContent = t('page.history.open_failed', { reason: err.message });
  }
}
function remove(e, li) {
  deleteGame(e.id).then(function () {
    announce(t('page.history.deleted', { game: describe(e) }));
    var next = li.nextElementSibling || li.previousElementSibling;
    if (next && next.querySelector('button')) next.querySelector('button').focus();
    else els.opponent.focus();
  });
}

// ---- results against each computer player, and what to play next --------------------------------
function drawProgress() {
  els.progressBody.textContent = '';
  summary.results.forEach(function (s) {
    var tr = document.createElement('tr');
    var th = document.createElement('th');
    th.scope = 'row';
    th.textContent = computerName(s.name);
    tr.appendChild(th);
    [s.won, s.drawn, s.lost, s.last ? dateText({ date: s.last }) : ''].forEach(function (v) {
      var td = document.createElement('td');
      td.textContent = String(v);
      tr.appendChild(td);
    });
    els.progressBody.appendChild(tr);
  });
  els.progress.hidden = !summary.results.length;
  els.suggestion.textContent = summary.suggestion;
  drawRating();
  var withMistakes = games.filter(function (e) { return e.mistakes > 0; });
  var positions = withMistakes.reduce(function (n, e) { return n + e.mistakes; }, 0);
  els.mistakes.hidden = !positions;
  if (positions) els.mistakes.textContent = tCount('page.history.mistakes', positions, { n: positions, games: withMistakes.length });
}
// Every reviewed game's mistakes as one drill (newest first; the program keeps the first 100).
function practiseMistakes() {
  var lines = games.filter(function (e) { return e.mistakes > 0; }).map(function (e) { return e.ggf; }).join('\n');
  var error = api.practiceKeptMistakes(lines);
  if (error) { els.importResult.textContent = error; return; }
  publishState();
  publish('practice:open');
}
// The playing rating (Glicko-2 against the levels' measured ratings, the program's:
// history_ratings) after each finished game against a level, oldest first; the puzzle
// rating beside it once a puzzle was answered.
function drawRating() {
  var ratings = summary.ratings;
  var practice = (state().practice || {}).player || {};
  var puzzle = practice.attempts || practice.solved ? t('page.history.puzzle_rating', { rating: Math.round(practice.rating) }) : '';
  if (!ratings.length) {
    els.rating.textContent = puzzle;
    drawRatingLine(els.ratingGraph, []);
    els.ratingText.textContent = '';
    return;
  }
  var last = ratings[ratings.length - 1];
  els.rating.textContent = tCount('page.history.rating', ratings.length, { rating: Math.round(last.rating), deviation: Math.round(last.deviation), n: ratings.length }) +
    (puzzle ? ' ' + puzzle : '');
  var values = ratings.map(function (x) { return x.rating; });
  els.ratingText.textContent = drawRatingLine(els.ratingGraph, values)
    ? t('page.history.rating_graph', { n: values.length, from: Math.round(values[0]), to: Math.round(last.rating),
                                       min: Math.round(Math.min.apply(null, values)), max: Math.round(Math.max.apply(null, values)) })
    : '';
}

// ---- export, import, clear --------------------------------------------------------------------
function download(text, name) {
  var url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  var a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
}
function doExport(kind) {
  exportText(kind).then(function (text) {
    download(text, kind === 'transcripts' ? 'reversi-games.txt' : 'reversi-games.ggf');
    announce(tCount('page.history.exported', games.length, { n: games.length }));
  });
}
function doImport(text) {
  if (!text.trim()) { els.importResult.textContent = t('page.history.import_empty'); return; }
  importText(text).then(function (r) {
    var lines = [tCount('page.history.imported', r.imported, { n: r.imported, skipped: r.skipped })];
    r.rejected.slice(0, 10).forEach(function (x) { lines.push(t('page.history.rejected', { index: x.index, message: x.message })); });
    if (r.rejected.length > 10) lines.push(tCount('page.history.rejected_more', r.rejected.length - 10, { n: r.rejected.length - 10 }));
    els.importResult.textContent = lines.join('\n');
    if (!r.rejected.length) els.importText.value = '';
  }, function (err) {
    els.importResult.textContent = t('page.history.import_failed', { reason: err.message });
  });
}

// ---- the panel --------------------------------------------------------------------------------
function refresh() {
  if (!isOpen) return Promise.resolve();
  return allGames().then(function (list) {
    games = list;
    summarize();
    els.loading.hidden = true;
    fillFilters();
    filterGames();
    drawProgress();
  });
}
export function openPanel() {
  isOpen = true;
  els.panel.hidden = false;
  els.open.setAttribute('aria-expanded', 'true');
  els.loading.hidden = false;
  els.loading.textContent = t('page.history.loading');
  bringPanelIntoView(els.panel);
  return refresh();
}
export function closePanel() {
  isOpen = false;
  els.panel.hidden = true;
  els.open.setAttribute('aria-expanded', 'false');
  els.confirm.hidden = true;
}
export function toggle() { return isOpen ? (closePanel(), Promise.resolve()) : openPanel(); }

subscribe('history', function () { refresh(); });
// A new language words everything again; the last import's report (in the old one) goes.
// The file chosen for import, or that none is (in the page's language, not the browser's).
function showFileName() {
  var file = els.importFile.files && els.importFile.files[0];
  els.importFileName.textContent = file ? file.name : t('page.history.no_file');
}
showFileName();
els.importFile.addEventListener('change', showFileName);
subscribe('language', function () { els.importResult.textContent = ''; showFileName(); if (isOpen) { summarize(); fillFilters(); filterGames(); drawProgress(); } });
els.opponent.addEventListener('change', filterGames);
els.result.addEventListener('change', filterGames);
els.more.addEventListener('click', drawMore);
els.mistakes.addEventListener('click', practiseMistakes);
els.exportGgf.addEventListener('click', function () { doExport('ggf'); });
els.exportTranscripts.addEventListener('click', function () { doExport('transcripts'); });
els.importButton.addEventListener('click', function () {
  var file = els.importFile.files && els.importFile.files[0];
  if (file) file.text().then(doImport, function (err) { els.importResult.textContent = t('page.history.import_failed', { reason: err.message }); });
  else doImport(els.importText.value);
});
els.clear.addEventListener('click', function () {
  if (!games.length) return;
  els.confirmText.textContent = tCount('page.history.clear_confirm', games.length, { n: games.length });
  els.confirm.hidden = false;
  els.confirmNo.focus();
});
els.confirmNo.addEventListener('click', function () { els.confirm.hidden = true; els.clear.focus(); });
els.confirmYes.addEventListener('click', function () {
  els.confirm.hidden = true;
  clearGames().then(function () { announce(t('page.history.cleared')); els.clear.focus(); });
});
els.close.addEventListener('click', function () { closePanel(); els.open.focus(); });
