// Practice (issue 27): puzzles with proven answers, the player's rating, the daily puzzle,
// drills from a reviewed game's mistakes and the endgame trainer. The room itself is the
// program's (src/ui/practice_session.h, through the Controller): while a puzzle is open the
// board shows it, state().practice describes it and a person's move on the board is the
// answer, judged by the exact values ('puzzle' event). This module is the panel around it,
// the puzzle file, the record in localStorage, the ?daily= link and reversi.practice().
// The puzzles (puzzles.bin, ~162 KB) are fetched the first time Practice is opened or asked
// for, never with the first visit; the service worker keeps them (offline afterwards).
import { $, bringPanelIntoView, focusBoard, isShortcut, drawRatingLine } from './dom.js';
import { t, state, api, lang, signed, emit, urlDaily, reversi, subscribe, publishState, downloadToProgram } from './state.js';
import { announce, setNote } from './messages.js';
import { storageFailed } from './storage.js';

var els = {
  open: $('practice-open'), panel: $('practice-panel'), loading: $('practice-loading'),
  message: $('practice-message'), goal: $('practice-goal'), about: $('practice-about'),
  hintText: $('practice-hint-text'), judgement: $('practice-judgement'), values: $('practice-values'),
  trainer: $('practice-trainer'),
  hint: $('practice-hint'), next: $('practice-next'), playOut: $('practice-play-out'), skip: $('practice-skip'),
  daily: $('practice-daily'), copy: $('practice-copy'), copyStatus: $('practice-copy-status'),
  mistakes: $('practice-mistakes'), trainerStart: $('practice-trainer-start'), leave: $('practice-leave'),
  rating: $('practice-rating'), graph: $('practice-graph'), graphText: $('practice-graph-text'),
  reset: $('practice-reset'), confirm: $('practice-confirm'), confirmYes: $('practice-confirm-yes'),
  confirmNo: $('practice-confirm-no')
};

// ---- the record in localStorage ------------------------------------------------------------
// One line of text (Controller::practice_record): the rating, its history, the streaks, the
// puzzles seen, the daily dates answered. The program hands it over whenever it changes.
var RECORD_KEY = 'reversi.practice.v1';
function storeRecord(text) {
  try { window.localStorage.setItem(RECORD_KEY, text); } catch (e) { storageFailed(e); }
}
function storedRecord() {
  try { var v = window.localStorage.getItem(RECORD_KEY); return typeof v === 'string' ? v : ''; }
  catch (e) { storageFailed(e); return ''; }
}

// ---- the puzzle file -----------------------------------------------------------------------
var loading = null;  // a promise while or once loaded; null again after a failure (a retry may work)
function failure(reason) { return new Error(t('page.practice.failed', { reason: String(reason).replace(/\.$/, '') })); }
function loadPuzzles() {
  if (loading) return loading;
  if (!api) return Promise.reject(new Error('Reversi is still loading: wait for reversi.ready'));
  if (JSON.parse(api.state()).practice.loaded) return (loading = Promise.resolve());
  loading = downloadToProgram('puzzles.bin', api.practiceLoad, failure, 'page.practice.http', 'page.practice.network')
    .then(function (error) { if (error) throw failure(error); });
  loading.catch(function () { loading = null; });
  return loading;
}

// ---- opening a puzzle ----------------------------------------------------------------------
function practiceState() { return api ? state().practice : null; }
// Runs one of the program's practice calls ("" or why not); the panel then shows the result
// and the goal is announced. Throws the program's message (nothing changed).
function run(call, arg) {
  var error = arg === undefined ? call() : call(arg);
  if (error) throw new Error(error);
  publishState();
  update(true);
  var p = practiceState().puzzle;
  if (p) announce(goalText(p));
  return state();
}
function goalText(p) {
  var text = p.goal;
  if (p.kind === 'daily') text = t('page.practice.daily_title', { date: p.date }) + ' ' + text;
  if (p.drill) text = t('page.practice.drill_of', { n: p.drill.index + 1, count: p.drill.count }) + ' ' + text;
  return text;
}
// Loads the puzzles if needed, then opens one; a promise of the state with it on the board.
function openWith(call, arg) {
  return loadPuzzles().then(function () { return run(call, arg); });
}
function show(promise) {
  setMessage('');
  return promise.then(function (s) { return s; }, function (err) { setMessage(err.message); throw err; });
}

// reversi.practice(): the next rated puzzle; reversi.practice({daily: 'YYYY-MM-DD'}): that date's.
// A promise of the state once the puzzle is on the board (state.practice).
function practice(options) {
  return new Promise(function (resolve) {
    if (!api) throw new Error('Reversi is still loading: wait for reversi.ready');
    if (options !== undefined && options !== null) {
      if (typeof options !== 'object' || Array.isArray(options)) throw new TypeError("practice() takes nothing or {daily: 'YYYY-MM-DD'}");
      Object.keys(options).forEach(function (k) {
        if (k !== 'daily') throw new TypeError("practice(): unknown option '" + k + "' (use daily: 'YYYY-MM-DD')");
      });
      if (options.daily !== undefined && typeof options.daily !== 'string') throw new TypeError("practice(): daily must be a date like '2026-11-26'");
    }
    resolve(options && options.daily !== undefined ? options.daily : null);
  }).then(function (date) {
    openPanel(false);
    return show(date === null ? openWith(api.practiceNext) : openWith(api.practiceDaily, date));
  });
}
reversi.practice = practice;
// Back to the game exactly as it was.
reversi.leavePractice = function () { if (api) { api.practiceLeave(); publishState(); update(true); } return api ? state() : null; };

// ---- the program's events (program.js) --------------------------------------------------------
// A judgement: said, shown, and the 'puzzle' event with it.
function onPuzzle(e) {
  var text = e.message;
  if (e.rated) text += ' ' + t('page.practice.rating_change', { before: Math.round(e.ratingBefore), after: Math.round(e.ratingAfter) });
  announce(text);
  emit('puzzle', { kind: e.kind, id: e.id, date: e.date || null, move: e.move || null, right: e.right, value: e.value,
                   best: e.best, loss: e.loss, exact: e.exact, score: e.score, message: e.message, rated: e.rated,
                   ratingBefore: e.ratingBefore, ratingAfter: e.ratingAfter });
  update(true);
}

// At start (the 'opened' topic, before reversi.ready): the stored record, then a ?daily= link.
function startPractice() {
  var text = storedRecord();
  if (text) {
    var error = api.practiceRestore(text);
    if (error) {
      setNote('practice', function () { return t('page.practice.record_bad', { detail: error }); });
      storeRecord(api.practiceRecord());
    }
  }
  if (urlDaily !== null) {
    openPanel(false);
    show(openWith(api.practiceDaily, urlDaily)).catch(function (err) {
      setNote('daily', function () { return t('page.practice.link_bad', { detail: err.message }); });
    });
  }
  update(true);
}

subscribe('state', function (s) { update(false, s); });
subscribe('opened', startPractice);
// Another panel opened a puzzle (your games: the mistakes of every reviewed game).
subscribe('practice:open', function () { openPanel(false); update(true); });
subscribe('program:puzzle', onPuzzle);
subscribe('program:practice-record', storeRecord);

// ---- the panel -----------------------------------------------------------------------------
var isOpen = false, shownKey = '';
var game = { empties: 60, over: false };  // the real game's position shown, as last seen outside practice
function setMessage(text) { els.message.textContent = text || ''; els.message.hidden = !text; }
function value(v, exact) { return (exact === false ? '\u2248' : '') + signed(v, 0); }

function openPanel(startRated) {
  if (!api) return;
  isOpen = true;
  els.panel.hidden = false;
  bringPanelIntoView(els.panel);
  els.open.setAttribute('aria-expanded', 'true');
  var p = practiceState();
  if (!p.loaded) { els.loading.hidden = false; els.loading.textContent = t('page.practice.loading'); }
  update(true);
  if (startRated && !p.active) {
    show(openWith(api.practiceNext)).catch(function () {});
  } else if (!p.loaded) {
    loadPuzzles().then(function () { update(true); }, function (err) { setMessage(err.message); update(true); });
  }
}
function closePanel() {
  if (api) api.practiceLeave();
  isOpen = false;
  els.panel.hidden = true;
  els.open.setAttribute('aria-expanded', 'false');
  els.confirm.hidden = true;
  if (api) publishState();
}

function regionText(region) {
  var files = region.map(function (sq) { return sq.charCodeAt(0); });
  var ranks = region.map(function (sq) { return Number(sq.slice(1)); });
  var from = String.fromCharCode(Math.min.apply(null, files)) + Math.min.apply(null, ranks);
  var to = String.fromCharCode(Math.max.apply(null, files)) + Math.max.apply(null, ranks);
  return t('page.practice.hint_region', { from: from, to: to });
}

// The hint, and on a rated puzzle what it costs (answer_score in ui/practice_session).
function hintText(hint, rated) {
  var text = hint.step === 1 ? regionText(hint.region) : t('page.practice.hint_square', { square: hint.square });
  return rated ? text + ' ' + t(hint.step === 1 ? 'page.practice.hint_half' : 'page.practice.hint_miss') : text;
}

function aboutText(p) {
  var parts = [];
  // (A daily puzzle's date and a drill's count are in the goal above.)
  if (p.kind === 'rated') parts.push(t('page.practice.puzzle_n', { n: p.id + 1 }));
  else if (p.kind === 'trainer') parts.push(t('page.practice.trainer_title'));
  if (p.rating !== null && p.rating !== undefined) parts.push(t('page.practice.puzzle_rating', { rating: p.rating }));
  parts.push(t('page.practice.empties', { n: p.empties }));
  if (p.source) parts.push(t('page.practice.source', { black: p.source.black, white: p.source.white, year: p.source.year }));
  return parts.join(' \u00b7 ');
}

function trainerText(tr) {
  if (!tr) return '';
  var parts = [t('page.practice.trainer_best', { value: tr.best === null || tr.best === undefined ? '\u2026' : signed(tr.best, 0) })];
  tr.moves.forEach(function (m) {
    parts.push(t('page.practice.trainer_move', {
      square: m.square, value: m.value === null || m.value === undefined ? '\u2026' : signed(m.value, 0),
      best: m.best || '\u2026', best_value: m.bestValue === null || m.bestValue === undefined ? '\u2026' : signed(m.bestValue, 0) }));
  });
  if (tr.result !== null && tr.result !== undefined)
    parts.push(t('page.practice.trainer_result', { value: signed(tr.result, 0), best: tr.best === null ? '\u2026' : signed(tr.best, 0) }));
  return parts.join(' ');
}

// The rating graph: the rating after each rated answer (the last 200), an SVG line with its
// text alternative in words beside it.
function drawGraph(history) {
  if (!drawRatingLine(els.graph, history)) {
    els.graphText.textContent = t('page.practice.graph_none');
    return;
  }
  var min = Math.round(Math.min.apply(null, history)), max = Math.round(Math.max.apply(null, history));
  els.graphText.textContent = t('page.practice.graph_text', {
    n: history.length, from: Math.round(history[0]), to: Math.round(history[history.length - 1]), min: min, max: max });
}

function reviewDone(s) {
  var r = s.review;
  return !!(r && !r.running && r.total > 0 && r.done >= r.total);
}

function update(force, published) {
  if (!api) return;
  var s = published || state();
  var pr = s.practice;
  var p = pr.puzzle;
  var key = lang + JSON.stringify(pr) + reviewDone(s) + s.over + (s.board || '') + s.view + isOpen;
  if (!force && key === shownKey) return;
  shownKey = key;
  // The trainer starts from the game's position shown (not a puzzle's) with at most 20 empties.
  if (!pr.active) {
    var board = (s.shown && s.shown.board) || s.board || '';
    // A finished game's earlier position shown is not over: the trainer plays it (issue 33).
    var viewing = s.view !== null && s.view !== undefined && s.view < (s.moves ? s.moves.length : 0);
    game = { empties: board.split('').filter(function (c) { return c === '-'; }).length, over: !!s.over && !viewing };
  }
  if (!isOpen) return;
  if (pr.loaded) els.loading.hidden = true;
  els.goal.textContent = p ? goalText(p) : (pr.loaded ? t('page.practice.choose') : '');
  els.about.textContent = p ? aboutText(p) : '';
  var hint = p && p.hint;
  els.hintText.textContent = !hint ? '' : hintText(hint, p.rated);
  els.hintText.hidden = !hint;
  var j = p && p.judgement;
  els.judgement.textContent = j ? j.message : '';
  els.judgement.className = 'practice-judgement' + (j ? (j.right ? ' right' : ' wrong') : '');
  els.judgement.hidden = !j;
  // "exact" only when every value is (a drill from a review may have estimates: issue 33).
  var estimated = p && p.values && p.values.some(function (m) { return m.exact === false; });
  els.values.textContent = p && p.values && p.values.length ? t(estimated ? 'page.practice.values_estimated' : 'page.practice.values', {
    list: p.values.map(function (m) { return m.square + ' ' + value(m.value, m.exact); }).join(', ') }) : '';
  els.values.hidden = !els.values.textContent;
  els.trainer.textContent = p ? trainerText(p.trainer) : '';
  els.trainer.hidden = !els.trainer.textContent;
  var solving = !!p && p.phase === 'solving' && p.kind !== 'trainer';
  els.hint.disabled = !solving || (hint && hint.step >= 2);
  els.skip.disabled = !solving;
  els.playOut.disabled = !p || p.phase !== 'judged';
  els.next.disabled = false;
  els.daily.disabled = false;
  els.copy.hidden = !p || p.kind !== 'daily';
  if (els.copy.hidden) els.copyStatus.textContent = '';
  els.mistakes.disabled = !reviewDone(s);
  els.trainerStart.disabled = game.empties > 20 || game.over;
  // Greyed with its reason (a button's title; the panel's note says the rule).
  els.trainerStart.title = game.over ? t('page.practice.trainer_over')
    : game.empties > 20 ? t('page.practice.trainer_far', { n: game.empties }) : '';
  var pl = pr.player;
  els.rating.textContent = t('page.practice.player', {
    rating: Math.round(pl.rating), deviation: Math.round(pl.deviation), streak: pl.streak, best: pl.bestStreak,
    solved: pl.solved, attempts: pl.attempts });
  drawGraph(pl.history || []);
}

function guarded(fn) {
  return function () {
    setMessage('');
    try { fn(); } catch (err) { setMessage(err.message); }
  };
}
// Opening the room leaves the player's game on the board until a puzzle is chosen (issue 33).
els.open.addEventListener('click', function () { if (isOpen) { closePanel(); } else openPanel(false); });
els.leave.addEventListener('click', function () { closePanel(); announce(t('page.practice.left')); focusBoard(); });
els.next.addEventListener('click', function () { setMessage(''); show(openWith(api.practiceNext)).catch(function () {}); });
els.daily.addEventListener('click', function () { setMessage(''); show(openWith(api.practiceDaily, today())).catch(function () {}); });
els.mistakes.addEventListener('click', function () { setMessage(''); show(openWith(api.practiceMistakes)).catch(function () {}); });
// From the game's position: a puzzle on the board is put away first.
els.trainerStart.addEventListener('click', function () {
  setMessage('');
  if (practiceState().active) api.practiceLeave();
  show(openWith(api.practiceTrainer)).catch(function () {});
});
els.hint.addEventListener('click', guarded(function () {
  var error = api.practiceHint();
  if (error) throw new Error(error);
  publishState(); update(true);
  // Step 2 puts the program's hint on the square, which the page announces (status.js);
  // what it costs a rated puzzle is said after it.
  var p = practiceState().puzzle, h = p.hint;
  if (h.step === 1) announce(hintText(h, p.rated));
  else if (p.rated) announce(t('page.practice.hint_miss'));
}));
els.skip.addEventListener('click', guarded(function () {
  var error = api.practiceSkip();
  if (error) throw new Error(error);
  publishState(); update(true);
}));
els.playOut.addEventListener('click', guarded(function () {
  var error = api.practicePlayOut();
  if (error) throw new Error(error);
  publishState(); update(true);
  announce(t('page.practice.playing'));
  focusBoard();
}));
els.copy.addEventListener('click', function () {
  var link = dailyLink();
  var done = function () { els.copyStatus.textContent = t('page.practice.copied', { link: link }); };
  var fail = function () { els.copyStatus.textContent = t('page.practice.copy_failed', { link: link }); };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(link).then(done, fail);
  else fail();
});
els.reset.addEventListener('click', function () { els.confirm.hidden = false; els.confirmNo.focus(); });
els.confirmNo.addEventListener('click', function () { els.confirm.hidden = true; els.reset.focus(); });
els.confirmYes.addEventListener('click', function () {
  api.practiceReset();
  storeRecord(api.practiceRecord());
  els.confirm.hidden = true;
  update(true);
  announce(t('page.practice.reset_done'));
  els.reset.focus();
});
document.addEventListener('keydown', function (e) {
  if (!api || !isShortcut(e)) return;
  if (e.key === 'p' || e.key === 'P') {
    if (isOpen) closePanel(); else openPanel(false);
    e.preventDefault();
  }
});

// The daily puzzle of today (the player's own calendar) and its share link.
function today() {
  var d = new Date();
  return d.getFullYear() + '-' + String(d.getMonth() + 1).padStart(2, '0') + '-' + String(d.getDate()).padStart(2, '0');
}
function dailyLink() {
  var p = practiceState() && practiceState().puzzle;
  var date = p && p.kind === 'daily' ? p.date : today();
  return window.location.href.replace(/[?#].*$/, '') + '?daily=' + date;
}
reversi.practiceLink = function () { return api ? dailyLink() : null; };
