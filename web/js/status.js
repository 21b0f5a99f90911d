// What the page shows of the game: refresh() reads the program's state once and hands it
// to every panel (the board grid, the cards, the status line, the toolbar, the move list,
// the analysis, the graph, the review): four times a second and after anything the page
// does. Here too the players' cards (who plays each colour, the stone counts, whose turn
// it is), the status line under them (the program's status and message, or a refusal
// for a moment) and the players' names.
import { els } from './dom.js';
import { t, tCount, state, api, failed, parseQuery, currentOptions, emit, subscribe, publishState, publishOptions, expertName } from './state.js';
import { announce, aiFailureShown, hideAiFailure } from './messages.js';
import { syncSettings } from './settings.js';
import { syncAiSettings } from './ai-build.js';
import { placeGrid, updateCells } from './grid.js';
import { syncNewGame, updateToolbar } from './toolbar.js';
import { updateMoves } from './moves.js';
import { updateAnalysis, updateGraph, updateReview } from './analysis.js';

// ---- every panel in step with the program -------------------------------------------------------
// syncControls() puts the program's options into the dialogs' controls.
var lastHint = null;
function render(s) {
  placeGrid();
  var o = parseQuery(s.options);
  updateStatus(s);
  if (aiFailureShown && s.error === null) hideAiFailure();  // a fresh worker took over
  updateCards(s, o);
  updateToolbar(s);
  updateCells(s);
  updateMoves(s);
  updateAnalysis(s);
  updateGraph(s);
  updateReview(s);
  if (s.hint && s.hint !== lastHint) announce(t('page.announce.hint', { square: s.hint }));
  lastHint = s.hint || null;
}
subscribe('state', render);
export function refresh() { publishState(); }

subscribe('options', function (o) {
  syncNewGame(o);
  syncSettings(o);
  syncAiSettings();
});
export function syncControls() { publishOptions(); }

// ---- the status line ---------------------------------------------------------------------------
var statusFlash = null;  // {text, until}: a refusal shown in the status line for a moment
// The status line's text for state s: "Black to move — the computer is thinking", ...
function statusText(s) {
  var text = s.status || '';
  if (s.message && (!s.error || !aiFailureShown)) text += (text ? ' \u2014 ' : '') + s.message;
  // A refusal gives way after its moment, or at once when a move is made.
  if (statusFlash && performance.now() < statusFlash.until && statusFlash.transcript === s.transcript) text = statusFlash.text;
  else statusFlash = null;
  return text;
}
function updateStatus(s) {
  var text = statusText(s);
  if (!failed && els.status.textContent !== text) els.status.textContent = text;
}

var REJECT_KEYS = { illegal: 'page.announce.illegal', occupied: 'page.announce.occupied',
                    notYourTurn: 'page.announce.not_your_turn', gameOver: 'page.announce.over',
                    reviewing: 'page.announce.reviewing' };
// The program refused a move (the 'rejected' event): said, shown and the board shakes.
export function onRejected(square, reason) {
  var text = t(REJECT_KEYS[reason] || 'page.announce.illegal', { square: square });
  announce(text);
  statusFlash = { text: text, until: performance.now() + 2500, transcript: state().transcript };
  setTimeout(publishState, 2600);  // the status line's own text again
  els.stage.classList.remove('refused');
  void els.stage.offsetWidth;  // restart the animation
  els.stage.classList.add('refused');
  refresh();
  emit('rejected', { square: square, reason: reason, message: text });
}

// ---- the cards ------------------------------------------------------------------------------------
// s: the state; o: its options (who plays). The counts are those of the position shown
// (an earlier one while viewing); the seat's title is the player's full description.
function updateCards(s, o) {
  var viewing = s.view !== null && s.view !== undefined && s.shown;
  ['black', 'white'].forEach(function (color) {
    // A practice puzzle on the board: the person plays its side to move, perfect play the other.
    var puzzle = s.practice && s.practice.active && s.practice.puzzle;
    // An expert game replayed from the explorer: its players' names.
    var seat = puzzle ? t(color === puzzle.toMove ? 'page.practice.seat_you' : 'page.practice.seat_perfect')
             : s.replay ? expertName(s.replay[color]) : seatName(o, color);
    var title = puzzle || s.replay ? seat : seatTitle(o, color);
    if (els.seats[color].textContent !== seat) els.seats[color].textContent = seat;
    if (els.seats[color].title !== title) els.seats[color].title = title;
    var n = String(viewing ? s.shown[color] : s[color]);
    if (els.counts[color].textContent !== n) els.counts[color].textContent = n;
    els.counts[color].setAttribute('aria-label', tCount('page.stones', n, { n: n }));
    els.cards[color].classList.toggle('to-move', s.toMove === color && !s.over);
    if (s.toMove === color && !s.over) els.cards[color].setAttribute('aria-current', 'true');
    else els.cards[color].removeAttribute('aria-current');
  });
}

// ---- the players ----------------------------------------------------------------------------------
// The players the program offers (reversi.players()) and their names on the page: the
// long one in the New game dialog's list, the short one on the cards; and who plays
// which colour, read from the program's options.
var players = [];
// "Level 6 — looks 6 moves ahead, solves the last 12 squares"; classic programs by role.
function playerLabel(p) {
  if (p.level) {
    var desc = p.depth >= 60 ? t('page.level_desc_deep', { seconds: Math.round(p.webMs / 100) / 10, exact: p.exact })
                             : tCount('page.level_desc', p.depth, { depth: p.depth, exact: p.exact });
    return t('page.level', { n: p.level }) + ' \u2014 ' + desc;
  }
  var key = 'page.player.' + p.name.replace(/-/g, '_');
  var text = t(key);
  return text === key ? p.name : text;
}
// "Lv 6" (the cards; the New game dialog has the long names), or the classic program's name.
function playerShort(name) {
  var p = players.filter(function (x) { return x.name === name; })[0];
  if (!p) return name;
  if (p.level) return t('page.level_short', { n: p.level });
  return playerLabel(p).split(' \u2014 ')[0];
}
// The full description of a computer player for the seat's title ('' for people).
function seatTitle(o, color) {
  if (o[color] === 'human') return '';
  var p = players.filter(function (x) { return x.name === (o[color] || ''); })[0];
  return p ? playerLabel(p) : '';
}
// The New game dialog's list of opponents (again after a change of language).
export function fillPlayers() {
  players = JSON.parse(api.players());
  var current = els.opponent.value;
  els.opponent.textContent = '';
  var groups = [['page.opponent.levels', function (p) { return !!p.level; }],
                ['page.opponent.classic', function (p) { return !p.level; }]];
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
export function showEngineName() {
  els.engineName.textContent = els.opponent.value ? t('page.engine_name', { name: els.opponent.value }) : '';
}
els.opponent.addEventListener('change', showEngineName);

// Who plays, from the program's options: 'black' | 'white' | 'both' | 'none' (the colours
// people play), and the computer opponent's name ('' when none).
export function colorMode(o) {
  return o.color || (o.black === 'human' ? (o.white === 'human' ? 'both' : 'black')
                                         : (o.white === 'human' ? 'white' : 'none'));
}
export function opponentOf(o) {
  var opp = o.opponent || (o.white && o.white !== 'human' ? o.white : o.black);
  return opp && opp !== 'human' ? opp : '';
}
// The name on a colour's card: "You", "Player" (two people) or the computer's short name.
function seatName(o, color) {
  return o[color] === 'human' ? (o.black === 'human' && o.white === 'human' ? t('page.player') : t('page.you'))
                              : playerShort(o[color] || '');
}
