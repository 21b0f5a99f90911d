// The page's elements (index.html) by role, and the small DOM helpers the panels share: focus
// on the board, the dialogs, the shortcut keys' guard, the arrow keys.
// Imports nothing: every module may use it while the others are still loading.
export var $ = function (id) { return document.getElementById(id); };

export var els = {
  app: $('app'), error: $('error'), notice: $('notice'), canvas: $('canvas'), loading: $('loading'),
  stage: $('stage'), grid: $('grid'), status: $('status'), live: $('live'),
  cards: { black: $('card-black'), white: $('card-white') },
  seats: { black: $('seat-black'), white: $('seat-white') },
  counts: { black: $('count-black'), white: $('count-white') },
  clocks: { black: $('clock-black'), white: $('clock-white') },
  clockMinutes: $('clock-minutes'), clockIncrement: $('clock-increment'),
  lang: $('lang'), newGame: $('new'), undo: $('undo'), redo: $('redo'), hint: $('hint'),
  settings: $('settings'), help: $('help'),
  welcome: $('welcome'), welcomeMore: $('welcome-more'), welcomeOk: $('welcome-ok'),
  moves: $('moves'), noMoves: $('no-moves'), review: $('review'), reviewText: $('review-text'),
  reviewPrev: $('review-prev'), reviewNext: $('review-next'), reviewLive: $('review-live'),
  newDialog: $('new-dialog'), newForm: $('new-form'), opponent: $('opponent'), engineName: $('engine-name'),
  newNote: $('new-note'),
  settingsDialog: $('settings-dialog'), speed: $('speed'), markers: $('markers'), lastmove: $('lastmove'),
  sound: $('sound'), language: $('language'), aiThreads: $('ai-threads'), aiBuild: $('ai-build'),
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

// The checked one of a group of radio buttons (a form's elements[name]), or undefined.
export function checkedRadio(group) {
  return Array.prototype.filter.call(group, function (r) { return r.checked; })[0];
}

// Squares by index, a1 = 0 .. h8 = 63 (row * 8 + column), as the program names them.
var FILES = 'abcdefgh';
export function squareName(i) { return FILES.charAt(i % 8) + (Math.floor(i / 8) + 1); }
// A panel beside the game just opened (the explorer, practice): the first-visit card above it
// steps aside for this visit (it would push the panel below the fold; it comes back on the next
// visit until dismissed), and the panel is scrolled into view: on a phone it opens below the
// board and the toolbar, where a tap on its button would otherwise show nothing.
export function bringPanelIntoView(panel) {
  $('welcome').hidden = true;
  requestAnimationFrame(function () { panel.scrollIntoView({ block: 'nearest' }); });
}

// Focus on the board: grid.js gives the way once its cells exist (the grid itself until then),
// so that any part of the page can hand the keyboard back to the board without importing it.
var boardFocus = null;
export function setBoardFocus(fn) { boardFocus = fn; }
export function focusBoard() { if (boardFocus) boardFocus(); else els.grid.focus(); }

// The dialogs (New game, Settings, Help, Import / export, Set up): one open at a time; the
// keyboard goes back to the board when one closes.
export function isDialogOpen() { return !!document.querySelector('dialog[open]'); }
// A key press the page's shortcuts may take (G, E, P, A, N, U, ...; the one guard of every
// module with one): none while a dialog is open or a field (a text box, a list) is being
// typed in, none with Alt, nor with Ctrl or Meta unless `withCtrl` (Ctrl+Z, Ctrl+Y).
export function isShortcut(e, withCtrl) {
  if (isDialogOpen() || e.altKey || (!withCtrl && (e.ctrlKey || e.metaKey))) return false;
  var tag = (e.target && e.target.tagName) || '';
  return tag !== 'INPUT' && tag !== 'SELECT' && tag !== 'TEXTAREA';
}
export function showDialog(dialog) {
  if (isDialogOpen()) return;
  if (dialog.showModal) dialog.showModal(); else dialog.setAttribute('open', '');
}
[els.newDialog, els.settingsDialog, els.helpDialog, els.transferDialog, els.setupDialog].forEach(function (d) {
  d.addEventListener('close', function () { setTimeout(focusBoard, 0); });
});

// The square an arrow key leads to from square i (the same at the edge); null for other keys
// (the board grid and the set-up board).
export function arrowStep(i, key) {
  var r = Math.floor(i / 8), c = i % 8;
  if (key === 'ArrowLeft') return c > 0 ? i - 1 : i;
  if (key === 'ArrowRight') return c < 7 ? i + 1 : i;
  if (key === 'ArrowUp') return r > 0 ? i - 8 : i;
  if (key === 'ArrowDown') return r < 7 ? i + 8 : i;
  return null;
}

// A rating over time as a line in `svg` (viewBox 0 0 300 80): hidden below two values. The
// panels write its text alternative in words beside it (practice.js, history-panel.js).
export function drawRatingLine(svg, values) {
  while (svg.firstChild) svg.removeChild(svg.firstChild);
  if (values.length < 2) { svg.setAttribute('hidden', ''); return false; }
  svg.removeAttribute('hidden');
  var lo = Math.min.apply(null, values), hi = Math.max.apply(null, values);
  var pad = Math.max(20, (hi - lo) * 0.1);
  lo -= pad; hi += pad;
  var w = 300, h = 80;
  var line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
  line.setAttribute('points', values.map(function (r, i) {
    return (i * w / (values.length - 1)).toFixed(1) + ',' + (h - (r - lo) * h / (hi - lo)).toFixed(1);
  }).join(' '));
  line.setAttribute('class', 'rating-line');
  svg.appendChild(line);
  return true;
}
// The New game dialog's time control as the program reads it (the option clock=): "none" or
// "M+S" (clock.js keeps the fields in step with the options; toolbar.js starts the game).
export function clockChoice() {
  var m = els.clockMinutes.value;
  return m === 'none' ? 'none' : m + '+' + els.clockIncrement.value;
}
