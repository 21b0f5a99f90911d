// The players' cards (who plays each colour, the stone counts, whose turn it is) and the
// status line under them (the program's status and message, or a refusal for a moment),
// drawn from each state the program publishes (state.js).
import { els } from './dom.js';
import { t, tCount, state, failed, parseQuery, emit, subscribe, publishState } from './state.js';
import { announce, aiFailureShown, hideAiFailure } from './messages.js';
import { seatName, seatTitle, keptName } from './players.js';

// ---- in step with the program ---------------------------------------------------------------------
var lastHint = null;
function render(s) {
  var o = parseQuery(s.options);
  updateStatus(s);
  if (aiFailureShown && s.error === null) hideAiFailure();  // a fresh worker took over
  updateCards(s, o);
  if (s.hint && s.hint !== lastHint) announce(t('page.announce.hint', { square: s.hint }));
  lastHint = s.hint || null;
}
subscribe('state', render);


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
  // Until the program's first state the line says the game is loading (index.html's text, which
  // translatePage() gives in the page's language); from then on the text is the program's.
  els.status.removeAttribute('data-i18n');
  var text = statusText(s);
  if (!failed && els.status.textContent !== text) els.status.textContent = text;
}

var REJECT_KEYS = { illegal: 'page.announce.illegal', occupied: 'page.announce.occupied',
                    notYourTurn: 'page.announce.not_your_turn', gameOver: 'page.announce.over',
                    reviewing: 'page.announce.reviewing' };
// The program refused a move (the 'rejected' event): said, shown and the board shakes.
function onRejected(square, reason) {
  var text = t(REJECT_KEYS[reason] || 'page.announce.illegal', { square: square });
  announce(text);
  statusFlash = { text: text, until: performance.now() + 2500, transcript: state().transcript };
  setTimeout(publishState, 2600);  // the status line's own text again
  els.stage.classList.remove('refused');
  void els.stage.offsetWidth;  // restart the animation
  els.stage.classList.add('refused');
  publishState();
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
             : s.replay ? s.replay[color] : s.kept ? keptName(s.kept, color) : seatName(o, color);
    var title = puzzle || s.replay || s.kept ? seat : seatTitle(o, color);
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
subscribe('program:rejected', function (e) { onRejected(e.square, e.reason); });
