// The board grid for keyboards and screen readers: 64 cells (#grid, role="grid") laid
// exactly over the canvas's squares (mouse and touch go through to the canvas), one Tab
// stop with arrow keys inside; each cell's name says what is on it.
import { els, squareName, setBoardFocus, isDialogOpen, arrowStep } from './dom.js';
import { t, api, lang, signed, analysisList, valueText, cellLabel, subscribe, publishState } from './state.js';

var cells = [];           // cells[index], index = row * 8 + column (a1 = 0, h8 = 63)
var focusIndex = 19;      // d3
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
  if (api && keyboardUsed) api.setCursor(squareName(i));
}
setBoardFocus(function () { if (cells.length) focusCell(focusIndex); else els.grid.focus(); });
// Focus that a pointer gave (a click on the board): the cursor's frame stays hidden, as
// the program hid it on the pointer's move, until a key is used.
// So does focus the page moves there itself (focusBoard() after a dialog or a button) when
// the last input was a pointer's: the frame is the keyboard's alone.
var pointerFocus = false, keyboardUsed = false;
document.addEventListener('keydown', function () { keyboardUsed = true; }, true);
document.addEventListener('pointerdown', function () { keyboardUsed = false; }, true);
els.grid.addEventListener('focusin', function (e) {
  var i = cells.indexOf(e.target);
  if (i >= 0) focusIndex = i;
  if (i >= 0 && api && !pointerFocus && keyboardUsed) api.setCursor(squareName(i));
});
els.grid.addEventListener('keydown', function (e) {
  var i = cells.indexOf(e.target);
  if (i < 0 || e.altKey || e.ctrlKey || e.metaKey) return;
  var r = Math.floor(i / 8), c = i % 8, next = arrowStep(i, e.key);
  if (next !== null) { e.preventDefault(); focusCell(next); return; }
  switch (e.key) {
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
// A click or tap on the board keeps the keyboard on the board grid, on the square clicked
// (the arrow keys go on from there), without showing the keyboard's frame.
function squareAt(clientX, clientY) {
  var g = els.grid.getBoundingClientRect();
  if (!g.width || !g.height) return null;
  var c = Math.floor((clientX - g.left) / g.width * 8), r = Math.floor((clientY - g.top) / g.height * 8);
  return c >= 0 && c < 8 && r >= 0 && r < 8 ? r * 8 + c : null;
}
els.canvas.addEventListener('pointerdown', function (e) {
  var at = squareAt(e.clientX, e.clientY);
  setTimeout(function () {
    if (isDialogOpen() || !cells.length) return;
    if (at !== null) {
      if (cells[focusIndex]) cells[focusIndex].tabIndex = -1;
      focusIndex = at;
      cells[at].tabIndex = 0;
    }
    pointerFocus = true;
    // No focus ring either (issue 44: after a tap Chromium showed it, a grey frame on the
    // square tapped); the keyboard's first key brings the canvas's frame.
    try { cells[focusIndex].focus({ preventScroll: true, focusVisible: false }); } finally { pointerFocus = false; }
  }, 0);
});
els.canvas.addEventListener('contextmenu', function (e) { e.preventDefault(); });
// A move from the grid: a refusal comes back as a 'rejected' event (announced there).
function playFromPage(square) {
  if (!api) return;
  api.play(square);
  publishState();
}

// SDL re-reads the canvas's CSS size on window resizes; tell it when only the box changed.
if (typeof ResizeObserver === 'function') {
  new ResizeObserver(function () { window.dispatchEvent(new Event('resize')); setTimeout(placeGrid, 60); }).observe(els.canvas);
}

// Each cell's name: "d3, black", "c4, legal move, +2.3 at depth 8, hint", ...
var lastCells = '';
function forgetCells() { lastCells = ''; }  // the names are written again (a new language)
// While an earlier position is viewed the cells describe it (state.shown.board), with no
// legal moves or hint (nothing can be played there) and its own last move.
// A line shown over the view (s.preview) is described the same way: its position (shown.board),
// its last move, and no values (they are the view's).
function updateCells(s) {
  var viewing = s.view !== null && s.view !== undefined;
  var line = s.preview;
  var board = viewing && s.shown && s.shown.board ? s.shown.board : s.board;
  var last = line ? (line.step > 0 ? line.line[line.step - 1] : null)
           : viewing ? (s.view > 0 && s.moves && s.moves[s.view - 1] ? s.moves[s.view - 1].square : null) : s.lastMove;
  var hint = viewing ? null : s.hint;
  var legal = {};
  if (!viewing) (s.legal || []).forEach(function (q) { legal[q] = true; });
  var values = {};
  if (!line) analysisList(s).forEach(function (m) { values[m.square] = valueText(m); });
  // A judged practice puzzle: every move's value (exact, or the analysis' estimate in a drill).
  var puzzle = s.practice && s.practice.active && s.practice.puzzle;
  if (puzzle && puzzle.values) puzzle.values.forEach(function (m) {
    if (!values[m.square]) values[m.square] = m.exact ? t('page.value.exact', { value: signed(m.value, 0) }) : '\u2248' + signed(m.value, 0);
  });
  var key = lang + board + Object.keys(legal).join('') + (hint || '') + (last || '') + (viewing ? s.view : '') +
            JSON.stringify(values);
  if (key === lastCells) return;
  lastCells = key;
  for (var i = 0; i < 64; i++) {
    var q = squareName(i), ch = board.charAt(i);
    var label = cellLabel(ch, q, legal[q]);
    if (values[q]) label += ', ' + t('page.cell.value', { value: values[q] });
    if (hint === q) label += ', ' + t('page.cell.hint');
    if (last === q) label += ', ' + t('page.cell.last');
    if (cells[i].getAttribute('aria-label') !== label) cells[i].setAttribute('aria-label', label);
  }
}

subscribe('started', buildGrid);
subscribe('language', forgetCells);
subscribe('state', function (s) { placeGrid(); updateCells(s); });
