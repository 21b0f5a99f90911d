// The toolbar (New game, Undo, Redo, Hint, Settings, Help; Analyse, Review and Import /
// export have their own modules), the dialogs' opening and closing, the New game dialog,
// the welcome card and the keyboard shortcuts.
import { els, checkedRadio, focusBoard, isShortcut, clockChoice } from './dom.js';
import { t, state, api, reversi, subscribe, openDialog, currentOptions } from './state.js';
import { announce, setNote } from './messages.js';
import { prefs, savePrefs } from './storage.js';
import { loadPlayers, playerLabel, playerShort, colorMode, opponentOf, needsData, loadHumanOpenings } from './players.js';

// ---- the dialogs ---------------------------------------------------------------------------------
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
  var color = checkedRadio(els.newForm.elements.color);
  var opts = { color: color ? color.value : 'black' };
  if (els.opponent.value) opts.opponent = els.opponent.value;
  opts.clock = clockChoice();  // the time control
  function start() {
    try {
      var had = !!state().transcript;
      reversi.newGame(opts);
      announce(had ? t('page.new_started_undo') + ' ' + (state().status || '') : t('page.new_started', { status: state().status || '' }));
    } catch (err) { setNote('page', function () { return err.message; }); }
  }
  if (!needsData(opts.opponent) || api.humanOpeningsState() === 2) { start(); return; }
  // A human player: its openings first (a download the first time); if they cannot be had, the
  // game and its opponent stay as they were.
  setNote('human', function () { return t('page.human.loading'); });
  loadHumanOpenings().then(function () { setNote('human', null); start(); }, function (err) {
    var kept = opponentOf(currentOptions());
    setNote('human', function () {
      return kept && err.reason ? t('page.human.failed_kept', { reason: err.reason, name: playerShort(kept) }) : err.message;
    });
    syncNewGame(currentOptions());
  });
});
// The New game dialog's list of opponents (again after a change of language).
function fillPlayers() {
  var players = loadPlayers();
  var current = els.opponent.value;
  els.opponent.textContent = '';
  var groups = [['page.opponent.levels', function (p) { return !!p.level; }],
                ['page.opponent.human', function (p) { return !!p.rating; }],
                ['page.opponent.classic', function (p) { return !p.level && !p.rating; }]];
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
// Under the list: the engine's name and, where the list is too narrow to show it whole (a phone
// held upright; issue 44), the chosen player's whole description, wrapped.
function showEngineName() {
  els.engineName.textContent = '';
  if (!els.opponent.value) return;
  var p = loadPlayers().filter(function (x) { return x.name === els.opponent.value; })[0];
  if (p) {
    var desc = document.createElement('span');
    desc.className = 'opponent-desc';
    desc.textContent = playerLabel(p);
    els.engineName.appendChild(desc);
  }
  els.engineName.appendChild(document.createTextNode(t('page.engine_name', { name: els.opponent.value })));
}
els.opponent.addEventListener('change', showEngineName);

subscribe('started', fillPlayers);
subscribe('language', fillPlayers);
// The New game dialog shows the game's players (o: the program's options).
function syncNewGame(o) {
  var mode = colorMode(o);
  Array.prototype.forEach.call(els.newForm.elements.color, function (r) { r.checked = r.value === mode; });
  var opponent = opponentOf(o);
  if (opponent) els.opponent.value = opponent;
  showEngineName();
}

// ---- the buttons ----------------------------------------------------------------------------------
els.undo.addEventListener('click', function () { doUndo(); });
els.redo.addEventListener('click', function () { doRedo(); });
els.hint.addEventListener('click', function () { doHint(); });
els.welcomeOk.addEventListener('click', function () {
  els.welcome.hidden = true; prefs.seenWelcome = true; savePrefs(); focusBoard();
});
els.welcomeMore.addEventListener('click', function () {
  els.welcome.hidden = true; prefs.seenWelcome = true; savePrefs(); openDialog(els.helpDialog);
});
subscribe('options', syncNewGame);
// Which buttons work in state s.
function updateToolbar(s) {
  els.undo.disabled = !s.canUndo;
  els.redo.disabled = !s.canRedo;
  // Off during a puzzle (it would give the answer away): greyed, with the reason.
  els.analyse.disabled = s.canAnalyse === false;
  els.analyse.title = s.canAnalyse === false ? t('page.analysis.off_in_puzzle') : '';
  els.hint.disabled = !s.humanToMove || s.over || (s.view !== null && s.view !== undefined);
  els.reviewStart.disabled = !(s.moves && s.moves.length) || !!(s.review && s.review.running);
}

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
  if (!api || !isShortcut(e, true)) return;
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
});
subscribe('state', updateToolbar);
