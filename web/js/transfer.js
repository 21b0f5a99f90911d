// Games in and out as text: the Import / export dialog (anything the program's one
// parser reads, core/game_text: a transcript, a GGF game or a board string; a refusal
// names the problem and changes nothing), copying, and links to a game
// (#f5d6c3…, #board=…&moves=…, &show=N) opened at load and on hashchange.
import { $, els, checkedRadio, squareName, arrowStep } from './dom.js';
import { t, state, api, need, emit, replaceGame, cellLabel, subscribe, publishState, openDialog } from './state.js';
import { announce, setNote } from './messages.js';

export function loadText(text) { return replaceGame(api.load, text); }
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
// 'transcript' | 'ggf' | 'board'
export function exportText(kind) {
  need();
  var kinds = ['transcript', 'ggf', 'board'];
  if (kinds.indexOf(kind) < 0) throw new Error("exportGame: '" + kind + "' is not one of " + kinds.join(', '));
  return api.exportGame(kind);
}
// #f5d6c3d3c4 (a transcript from the start), #board=<64 squares and the side to move>&moves=…
// (a set-up start), &show=N (the position after move N is shown).
export function shareUrl() {
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
    publishState();
    announce(t('page.link.loaded') + ' ' + (state().status || ''));
  } catch (err) {
    var message = err.message;
    setNote('link', function () { return t('page.link.bad', { error: message }); });
    emit('error', { message: 'link: ' + message });
  }
}
window.addEventListener('hashchange', function () { if (api) openLink(); });
subscribe('opened', openLink);
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
els.transfer.addEventListener('click', function () {
  els.importError.textContent = '';
  els.copyStatus.textContent = '';
  fillExports();
  openDialog(els.transferDialog);
});

// ---- board setup (the Set up a position dialog): any arrangement of 64 squares and the side
// to move, played from with the program's parser (a board string) ------------------------------
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
    cellsNow[i].setAttribute('aria-label', cellLabel(v, q, false));
  }
  els.setupCount.textContent = t('page.setup.count', { black: counts.X, white: counts.O, empty: counts['-'] });
}
function setSetupFrom(board) { setupSquares = board.replace(/\s+/g, '').slice(0, 64).split(''); drawSetup(); }
function brush() {
  var b = checkedRadio(els.setupForm.elements.brush);
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
  var next = arrowStep(i, e.key);
  if (next === null) {
    if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); paint(i); announce(all[i].getAttribute('aria-label')); }
    return;
  }
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
  var turn = checkedRadio(els.setupForm.elements['setup-turn']);
  try {
    var s = loadText(setupSquares.join('') + ' ' + (turn ? turn.value : 'X'));
    els.setupDialog.close();
    announce(t('page.setup.done', { status: s.status || '' }));
  } catch (err) { els.setupError.textContent = err.message; }
});
