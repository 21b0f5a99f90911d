// Showing an earlier position of the game (the move list, the review's mistakes, the graph,
// window.reversi.view): the program shows it, every panel follows (the published state), the
// board comes into view and the position is announced.
import { els } from './dom.js';
import { t, state, api, need, colorName, publishState } from './state.js';
import { announce } from './messages.js';

// Shows the position after `ply` moves (0: the start) without changing the game.
// Focus stays where the player is: a control rebuilt by the refresh (a review mistake)
// gives its focus to its successor (the same data-ply in the same list).
export function viewPly(ply) {
  need();
  var error = api.view(ply);
  if (error) throw new Error(error);
  keepFocus(publishState);
  // On a phone the move list, the review and the graph are below the board: the position
  // chosen there is brought into view (issue 33); where the board shows already, nothing moves.
  var r = els.stage.getBoundingClientRect();
  if (r.top < 0 || r.bottom > window.innerHeight) els.stage.scrollIntoView({ block: 'nearest' });
  var s = state();
  announce(els.reviewText.textContent + ' ' + (ply > 0 && s.moves[ply - 1]
    ? t('page.move_item', { n: ply, color: colorName(s.moves[ply - 1].color), square: s.moves[ply - 1].square }) : ''));
}
// Back to the game's current position.
export function viewLive() {
  need();
  api.viewLive();
  keepFocus(publishState);
  announce(state().status || '');
}
function keepFocus(fn) {
  var was = document.activeElement, list = was && was.parentNode && was.parentNode.parentNode;
  var ply = was && was.getAttribute && was.getAttribute('data-ply');
  fn();
  if (!was || document.body.contains(was) || !list || !ply || !document.body.contains(list)) return;
  var again = list.querySelector('[data-ply="' + ply + '"]');
  if (again) again.focus({ preventScroll: true });
}
