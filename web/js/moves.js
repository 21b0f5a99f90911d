// The move list (#moves: each move a button that shows the position after it) and the
// bar for an earlier position (#review: "Move 12 of 40", Previous, Next, Back to the game).
import { $, els, focusBoard } from './dom.js';
import { t, state, lang, colorName, subscribe } from './state.js';
import { viewPly, viewLive } from './view.js';

// The list is one Tab stop (a toolbar of buttons with a roving tabindex): the arrow keys,
// Home and End move between the moves, Enter or Space shows one. Its buttons are updated
// in place (added, removed, rewritten only when a move changed), so focus is never lost.
var lastMovesKey = null;
var rovingPly = 0;   // the button that takes the Tab stop (1-based ply), 0: the last one
els.moves.setAttribute('role', 'toolbar');
els.moves.setAttribute('aria-labelledby', 'moves-title');
function moveButton(li) { return li.firstChild; }
function fillButton(b, m, i) {
  b.textContent = '';
  var stone = document.createElement('span');
  stone.className = 'stone ' + m.color;
  stone.setAttribute('aria-hidden', 'true');
  b.appendChild(stone);
  // Seen: "12 ● f5"; heard: "12 Black f5".
  var who = document.createElement('span');
  who.className = 'visually-hidden';
  who.textContent = colorName(m.color) + ' ';
  b.appendChild(document.createTextNode((i + 1) + ' '));
  b.appendChild(who);
  b.appendChild(document.createTextNode(m.square));
}
function newItem(i) {
  var li = document.createElement('li');
  li.setAttribute('role', 'none');
  var b = document.createElement('button');
  b.type = 'button';
  b.tabIndex = -1;
  b.setAttribute('data-ply', String(i + 1));
  b.addEventListener('click', function () { setRoving(i + 1); viewPly(i + 1); });
  li.appendChild(b);
  return li;
}
// Gives the Tab stop to the button of `ply` (clamped to the list).
function setRoving(ply) {
  var items = els.moves.children;
  if (!items.length) return;
  ply = Math.max(1, Math.min(items.length, ply || items.length));
  rovingPly = ply;
  for (var k = 0; k < items.length; k++) moveButton(items[k]).tabIndex = k + 1 === ply ? 0 : -1;
}
els.moves.addEventListener('keydown', function (e) {
  var b = e.target.closest && e.target.closest('button[data-ply]');
  if (!b || e.altKey || e.ctrlKey || e.metaKey) return;
  var n = els.moves.children.length, ply = Number(b.getAttribute('data-ply')), next = null;
  switch (e.key) {
    case 'ArrowUp': case 'ArrowLeft': next = ply - 1; break;
    case 'ArrowDown': case 'ArrowRight': next = ply + 1; break;
    case 'Home': next = 1; break;
    case 'End': next = n; break;
    default: return;
  }
  e.preventDefault();
  e.stopPropagation();
  next = Math.max(1, Math.min(n, next));
  setRoving(next);
  var target = moveButton(els.moves.children[next - 1]);
  target.focus({ preventScroll: true });
  scrollToItem(target.parentNode);
});
els.moves.addEventListener('focusin', function (e) {
  var b = e.target.closest && e.target.closest('button[data-ply]');
  if (b) setRoving(Number(b.getAttribute('data-ply')));
});
// Only the list scrolls to an item (scrollIntoView would scroll the panel too).
function scrollToItem(item) {
  var top = item.offsetTop - els.moves.offsetTop;
  if (top < els.moves.scrollTop) els.moves.scrollTop = top;
  else if (top + item.offsetHeight > els.moves.scrollTop + els.moves.clientHeight)
    els.moves.scrollTop = top + item.offsetHeight - els.moves.clientHeight;
}
var shownMoves = [];  // "lang|color|square" of each button, to rewrite only what changed
function updateMoves(s) {
  // The opening of the position shown, named by the program (core/opening_names), in the heading.
  var opening = s.opening ? ': ' + (s.opening[lang] || s.opening.en) : '';
  if ($('moves-opening').textContent !== opening) $('moves-opening').textContent = opening;
  var moves = s.moves || [];
  var key = lang + '|' + moves.length + '|' + s.transcript + '|' + s.view;
  if (key === lastMovesKey) return;
  var keepScroll = els.moves.scrollTop;
  var grew = lastMovesKey === null || moves.length > els.moves.children.length;
  lastMovesKey = key;
  var items = els.moves.children;
  while (items.length > moves.length) { els.moves.removeChild(els.moves.lastChild); shownMoves.pop(); }
  moves.forEach(function (m, i) {
    if (i >= items.length) { els.moves.appendChild(newItem(i)); shownMoves[i] = ''; }
    var b = moveButton(items[i]), id = lang + '|' + m.color + '|' + m.square;
    if (shownMoves[i] !== id) { fillButton(b, m, i); shownMoves[i] = id; }
    if (s.view === i + 1) { if (b.getAttribute('aria-current') !== 'step') b.setAttribute('aria-current', 'step'); }
    else if (b.hasAttribute('aria-current')) b.removeAttribute('aria-current');
  });
  // The Tab stop: on the focused button, else on the move shown, else on the last move.
  var focused = els.moves.contains(document.activeElement) && document.activeElement.getAttribute('data-ply');
  setRoving(focused ? Number(focused) : (s.view ? s.view : (grew ? moves.length : rovingPly)));
  els.noMoves.hidden = moves.length > 0;
  if (s.view !== null && s.view !== undefined) {
    var current = els.moves.querySelector('[aria-current="step"]');
    els.moves.scrollTop = keepScroll;
    if (current) scrollToItem(current.parentNode);
  } else if (grew) {
    els.moves.scrollTop = els.moves.scrollHeight;  // follow the game
  } else {
    els.moves.scrollTop = keepScroll;
  }
  // The review bar.
  var viewing = s.view !== null && s.view !== undefined;
  els.review.hidden = !viewing;
  if (viewing) {
    els.reviewText.textContent = s.view === 0 ? t('page.viewing_start') : t('page.viewing', { n: s.view, total: moves.length });
    // A focused button that becomes disabled would drop the focus to the page's body:
    // it goes to the other way instead (at the start, Next; at the end, Previous).
    var focused = document.activeElement;
    // An expert game replayed: its bar's "Back to your game" is the one way back (issue 44:
    // "Back to the game" here went to the replay's end, beside it).
    els.reviewLive.hidden = !!(s.replay && s.undoReturns);
    var other = els.reviewLive.hidden ? $('replay-back') : els.reviewLive;
    els.reviewPrev.disabled = s.view <= 0;
    els.reviewNext.disabled = s.view >= moves.length;
    if (focused === els.reviewPrev && els.reviewPrev.disabled) (els.reviewNext.disabled ? other : els.reviewNext).focus();
    if (focused === els.reviewNext && els.reviewNext.disabled) (els.reviewPrev.disabled ? other : els.reviewPrev).focus();
  }
}

els.reviewPrev.addEventListener('click', function () { var s = state(); if (s.view > 0) viewPly(s.view - 1); });
els.reviewNext.addEventListener('click', function () {
  var s = state();
  if (s.view === null) return;
  if (s.view + 1 > s.moves.length) return;
  viewPly(s.view + 1);
});
els.reviewLive.addEventListener('click', function () { viewLive(); focusBoard(); });
subscribe('state', updateMoves);
