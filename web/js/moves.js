// The move list (#moves: each move a button that shows the position after it) and the
// bar for an earlier position (#review: "Move 12 of 40", Previous, Next, Back to the game).
import { els } from './dom.js';
import { t, state, api, need, lang, colorName } from './state.js';
import { announce } from './messages.js';
import { focusBoard } from './grid.js';
import { refresh } from './status.js';

var lastMovesKey = null;
export function updateMoves(s) {
  var moves = s.moves || [];
  var key = lang + '|' + moves.length + '|' + s.transcript + '|' + s.view;
  if (key === lastMovesKey) return;
  var keepScroll = els.moves.scrollTop;
  var grew = lastMovesKey === null || moves.length > els.moves.children.length;
  lastMovesKey = key;
  els.moves.textContent = '';
  moves.forEach(function (m, i) {
    var li = document.createElement('li');
    var b = document.createElement('button');
    b.type = 'button';
    b.setAttribute('data-ply', String(i + 1));
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
    if (s.view === i + 1) b.setAttribute('aria-current', 'step');
    b.addEventListener('click', function () { viewPly(i + 1); });
    li.appendChild(b);
    els.moves.appendChild(li);
  });
  els.noMoves.hidden = moves.length > 0;
  if (s.view !== null && s.view !== undefined) {
    // Only the list scrolls to the move shown (scrollIntoView would scroll the panel too).
    var current = els.moves.querySelector('[aria-current="step"]');
    els.moves.scrollTop = keepScroll;
    if (current) {
      var item = current.parentNode, top = item.offsetTop - els.moves.offsetTop;
      if (top < els.moves.scrollTop) els.moves.scrollTop = top;
      else if (top + item.offsetHeight > els.moves.scrollTop + els.moves.clientHeight)
        els.moves.scrollTop = top + item.offsetHeight - els.moves.clientHeight;
    }
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
    els.reviewPrev.disabled = s.view <= 0;
    els.reviewNext.disabled = s.view >= moves.length;
  }
}

// Shows the position after `ply` moves (0: the start) without changing the game.
export function viewPly(ply) {
  need();
  var error = api.view(ply);
  if (error) throw new Error(error);
  refresh();
  var s = state();
  announce(els.reviewText.textContent + ' ' + (ply > 0 && s.moves[ply - 1]
    ? t('page.move_item', { n: ply, color: colorName(s.moves[ply - 1].color), square: s.moves[ply - 1].square }) : ''));
}
// Back to the game's current position.
export function viewLive() {
  need();
  api.viewLive();
  refresh();
  announce(state().status || '');
}
els.reviewPrev.addEventListener('click', function () { var s = state(); if (s.view > 0) viewPly(s.view - 1); });
els.reviewNext.addEventListener('click', function () {
  var s = state();
  if (s.view === null) return;
  if (s.view + 1 > s.moves.length) return;
  viewPly(s.view + 1);
});
els.reviewLive.addEventListener('click', function () { viewLive(); focusBoard(); });
