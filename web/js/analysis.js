// Analysis: every legal move's value, on the board (canvas) and in the grid's names.
// The program analyses the position shown while the switch is on (its worker deepens step
// by step; values arrive in s.analysis); the canvas draws each value on its square.
import { $, els, focusBoard, isShortcut } from './dom.js';
import { t, tCount, state, api, need, emit, lang, colorName, signed, subscribe, unsubscribe, publishState, analysisList, valueText } from './state.js';
import { announce } from './messages.js';
import { viewPly } from './view.js';

// The values as window.reversi gives them (each move's line: the move and the best replies).
function publicList(list) {
  return list.map(function (m) {
    return { square: m.square, value: m.value, exact: m.kind === 'exact', kind: m.kind, depth: m.depth, line: m.line || [] };
  });
}
var lastAnalysisKey = '';
var analysisOn = false;
function updateAnalysis(s) {
  analysisOn = !!(s.analysis && s.analysis.on) && s.canAnalyse !== false;
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
  if (on && state().canAnalyse === false) { announce(t('page.analysis.off_in_puzzle')); return; }
  api.setAnalysis(on ? 1 : 0);
  publishState();
  announce(t(on ? 'page.analysis.on' : 'page.analysis.off'));
}
els.analyse.addEventListener('click', function () { setAnalysis(!analysisOn); });
// A, as the button (not while typing in a field or inside a dialog).
document.addEventListener('keydown', function (e) {
  if (!api || !isShortcut(e)) return;
  if (e.key === 'a' || e.key === 'A') { setAnalysis(!analysisOn); e.preventDefault(); }
});
subscribe('state', function (s) { updateAnalysis(s); updateReview(s); updateLine(s); });

// reversi.analyze(options): a promise of the values once every one is exact (or the
// analysis has nothing left to do) or after options.timeMs (default 10000).
export function analyze(options) {
  need();
  var timeMs = options && options.timeMs > 0 ? options.timeMs : 10000;
  var wasOn = analysisOn, start = state();
  var shown = start.view === null ? start.transcript : start.transcript + '@' + start.view;
  if (!wasOn) api.setAnalysis(1);
  return new Promise(function (resolve, reject) {
    // Follows the published state (each improvement reported by 'analysis' events, as the
    // switch would) until the values are final, the position changes or the time is up.
    var timer = setTimeout(function () { finish(state(), true); }, timeMs);
    var done = false;
    function finish(s, timeUp) {
      if (done) return;
      var list = analysisList(s);
      if ((s.view === null ? s.transcript : s.transcript + '@' + s.view) !== shown) {
        stop();
        reject(new Error('the position changed during the analysis'));
      } else if (timeUp || s.over || (list.length && s.analysis.complete)) {
        stop();
        resolve(publicList(list));
      }
    }
    function stop() {
      if (done) return;
      done = true;
      clearTimeout(timer);
      unsubscribe('state', finish);
      if (!wasOn) { api.setAnalysis(0); publishState(); }
    }
    subscribe('state', finish);
    publishState();
  });
}


// ---- game review (#review-panel) --------------------------------------------------------------------
// Each move's loss against the best move, the mistakes (as the program marks them) as
// buttons that show the position before each.
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
        return tCount('page.review.summary', r[c].mistakes, { color: colorName(c), loss: signed(r[c].loss, 1).replace('+', ''),
                                                              mistakes: r[c].mistakes, accuracy: r[c].accuracy.toFixed(1) });
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
    b.textContent = t('page.review.mistake', { n: e.ply, color: colorName(e.color), square: e.square, 'class': t('page.review.class.' + e['class']),
                                                loss: signed(e.loss, e.exact ? 0 : 1).replace('+', ''), best: e.best }) +
                    (worst ? ' \u2014 ' + t('page.review.biggest') : '');
    // The position before the mistake, where the better move was (and its line: #best-line).
    b.addEventListener('click', function () { viewPly(e.ply - 1); });
    li.appendChild(b);
    // What the best move leads to, written out ("Best line: e2 f1 g1 ..."); the button above
    // shows the position, where #best-line steps through it on the board.
    if (e.best_line && e.best_line.length) {
      var line = document.createElement('span');
      line.className = 'mistake-line';
      line.textContent = t('review.best_line', { line: e.best_line.join(' ') });
      li.appendChild(line);
    }
    els.mistakes.appendChild(li);
  });
}
function startReview() {
  need();
  var error = api.startReview();
  if (error) throw new Error(error);
  reviewWanted = true;
  lastReviewKey = '';
  publishState();
  announce(t('page.review.started'));
}
els.reviewStart.addEventListener('click', function () {
  try { startReview(); els.reviewPanel.focus && els.reviewCancel.focus(); } catch (err) { announce(err.message); }
});
els.reviewCancel.addEventListener('click', function () { api.cancelReview(); publishState(); announce(t('page.review.stopped')); });
els.reviewClose.addEventListener('click', function () {
  if (api) api.cancelReview();
  reviewWanted = false; lastReviewKey = ''; publishState(); focusBoard();
});
// A finished review is announced with its summary and reported ('review' event).
var reviewWasRunning = false;
subscribe('state', function (s) {
  var r = s.review;
  var running = !!(r && r.running);
  if (reviewWasRunning && !running && r && r.done >= r.total) {
    announce(t('page.review.done') + ' ' + els.reviewSummary.textContent);
    emit('review', { entries: r.entries });
  }
  reviewWasRunning = running;
});

// reversi.review(): a promise of one entry per move {ply, color, square, best, bestLine, loss,
// exact, class}; rejects when stopped.
export function reviewGame() {
  startReview();
  return new Promise(function (resolve, reject) {
    function follow(s) {
      var r = s.review;
      if (!r || r.running) return;
      unsubscribe('state', follow);
      if (r.done >= r.total) resolve(r.entries.map(function (e) {
        return { ply: e.ply, color: e.color, square: e.square, best: e.best, bestLine: e.best_line || [], loss: e.loss,
                 exact: !!e.exact, 'class': e['class'] };
      }));
      else reject(new Error('the review was stopped'));
    }
    subscribe('state', follow);
    follow(state());
  });
}

// ---- the best line (#best-line) ---------------------------------------------------------------------
// The line of the position shown, written out ("Best line: e2 f1 g1 ...") and stepped through on the
// board with the two buttons: the program shows the position after each move of the line without
// changing the game (preview_line: the position is viewed, state.preview says where the line is);
// the move list's Previous, Next and Back to the game leave it. The line: the one shown (state.preview),
// else the review's best line for the move played in the position shown, else the analysis' best
// move's line.
var lineBox = $('best-line'), lineText = $('best-line-text'), linePrev = $('line-prev'), lineNext = $('line-next');
var shownLine = null, lastLineKey = '';
function lineOf(s) {
  if (s.preview) return { moves: s.preview.line, step: s.preview.step };
  var shown = s.view === null || s.view === undefined ? (s.moves ? s.moves.length : 0) : s.view;
  var entries = reviewWanted && s.review && s.review.entries || [];
  for (var i = 0; i < entries.length; i++)
    if (entries[i].ply === shown + 1 && entries[i].best_line && entries[i].best_line.length) return { moves: entries[i].best_line, step: 0 };
  var list = analysisList(s);
  if (list.length && list[0].line && list[0].line.length) return { moves: list[0].line, step: 0 };
  return null;
}
function updateLine(s) {
  var line = s.practice && s.practice.active ? null : lineOf(s);
  var key = lang + JSON.stringify(line);
  if (key === lastLineKey) return;
  lastLineKey = key;
  shownLine = line;
  lineBox.hidden = !line;
  if (!line) return;
  // "Best line: " and the moves, each its own word, the one on the board marked.
  var parts = t('review.best_line', { line: '\u0000' }).split('\u0000');
  lineText.textContent = parts[0];
  line.moves.forEach(function (q, i) {
    if (i) lineText.appendChild(document.createTextNode(' '));
    var w = document.createElement('span');
    w.textContent = q;
    if (i + 1 === line.step) { w.className = 'now'; w.setAttribute('aria-current', 'step'); }
    lineText.appendChild(w);
  });
  lineText.appendChild(document.createTextNode(parts[1] || ''));
  var focused = document.activeElement;
  linePrev.disabled = !s.preview || line.step <= 0;
  lineNext.disabled = line.step >= line.moves.length;
  // The end of the line (or its start): the keyboard stays on the other button.
  if (focused === lineNext && lineNext.disabled && !linePrev.disabled) linePrev.focus();
  if (focused === linePrev && linePrev.disabled && !lineNext.disabled) lineNext.focus();
}
function stepLine(by) {
  need();
  var line = shownLine;
  if (!line) return;
  var step = Math.max(0, Math.min(line.moves.length, line.step + by));
  var error = api.previewLine(line.moves.join(''), step);
  if (error) { announce(error); return; }
  publishState();
  var s = state();
  announce(step === 0 ? t('page.line.start')
    : t('page.line.step', { n: step, total: line.moves.length, square: line.moves[step - 1],
                            color: colorName(moverOf(s, line.moves[step - 1])) }));
}
// Who played `square` on the board shown: the colour of its stone there.
function moverOf(s, square) {
  var i = (square.charCodeAt(1) - 49) * 8 + (square.charCodeAt(0) - 97);
  return s.shown && s.shown.board && s.shown.board.charAt(i) === 'O' ? 'white' : 'black';
}
linePrev.addEventListener('click', function () { stepLine(-1); });
lineNext.addEventListener('click', function () { stepLine(1); });
