// What the page says beside the board: the error banner (#error: the page failed, or the
// computer player did), the live region for screen readers (#live) and the notes
// (#notice: bad options, an unreadable saved game, storage, another tab's game).
import { els, focusBoard } from './dom.js';
import { t, state, api, failed, setFailed, need, emit, subscribe, publishState, publishOptions } from './state.js';

export function showError(text) {
  setFailed();
  els.error.textContent = text;
  els.error.hidden = false;
  els.loading.hidden = true;
  els.status.removeAttribute('data-i18n');  // no longer "loading", in any language
  els.status.textContent = '';
  emit('error', { message: text });
}

// Texts said in one moment (a person's move, the computer's instant reply, a pass) are
// joined, not dropped: each replaces the live region's text only after the last.
var announceTimer = null, pendingAnnouncement = '';
export function announce(text) {
  if (!text) return;
  pendingAnnouncement = pendingAnnouncement ? pendingAnnouncement + ' ' + text : text;
  // Clearing first makes screen readers repeat an identical announcement.
  els.live.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(function () {
    els.live.textContent = pendingAnnouncement;
    pendingAnnouncement = '';
    emit('announce', { text: els.live.textContent });
  }, 30);
}

// ---- notes beside the board (#notice, a polite live region) --------------------------------
// Several things may need saying at once (bad options, an unreadable saved game, storage
// that cannot save, another tab's game); each has its own key and paragraph, optionally
// with buttons [{label, action}]. A note's text and labels are functions, so a change of
// language rewrites it. setNote(key, null) removes one. Every note can be dismissed.
export var notes = {};
export function setNote(key, text, buttons) {
  if (text) notes[key] = { text: text, buttons: buttons || [] };
  else delete notes[key];
  rebuildNotes();
}
function rebuildNotes() {
  els.notice.textContent = '';
  Object.keys(notes).forEach(function (k) {
    var p = document.createElement('p');
    p.className = 'note';
    p.setAttribute('data-note', k);
    p.appendChild(document.createTextNode(notes[k].text()));
    notes[k].buttons.forEach(function (b) { p.appendChild(document.createTextNode(' ')); p.appendChild(makeButton(b.label(), b.action)); });
    p.appendChild(document.createTextNode(' '));
    p.appendChild(makeButton(t('page.notice.dismiss'), function () { setNote(k, null); }));
    els.notice.appendChild(p);
  });
  els.notice.hidden = Object.keys(notes).length === 0;
}
function makeButton(label, action) {
  var button = document.createElement('button');
  button.type = 'button';
  button.textContent = label;
  button.addEventListener('click', function () {
    try { action(); } catch (err) { console.warn(err); var m = err.message || String(err); setNote('page', function () { return m; }); }
    // The button has gone with its message: keep keyboard focus on the page, on the board.
    if (!document.body.contains(button) && (document.activeElement === document.body || !document.activeElement)) focusBoard();
  });
  return button;
}

// ---- the computer player failed (its worker did not load, crashed or hung) ----------------
export var aiFailureShown = false;
// Shown in #error (role="alert") with Retry (a fresh worker, which asks for the move
// again) and Continue as two players (the computer's seats become people's). The
// board and the moves are never touched.
export function showAiFailure(detail) {
  if (failed) return;  // the page itself failed: that message stays
  var text = t('page.err.ai', { detail: detail ? ' (' + detail + ')' : '' });
  els.error.textContent = '';
  var p = document.createElement('p');
  p.className = 'message';
  p.textContent = text;
  els.error.appendChild(p);
  var buttons = document.createElement('p');
  buttons.className = 'actions';
  buttons.appendChild(makeButton(t('page.retry'), retryComputer));
  buttons.appendChild(document.createTextNode(' '));
  buttons.appendChild(makeButton(t('page.two_players'), continueAsTwoPlayers));
  els.error.appendChild(buttons);
  els.error.hidden = false;
  aiFailureShown = true;
  emit('error', { message: text });
}
export function hideAiFailure() {
  aiFailureShown = false;
  if (failed) return;
  els.error.hidden = true;
  els.error.textContent = '';
}
export function retryComputer() {
  need();
  hideAiFailure();
  setNote('ai', null);
  api.retryAi();
  announce(t('page.retrying'));
  publishState();
}
function continueAsTwoPlayers() {
  need();
  var error = api.setOptions('black=human&white=human', 1);
  if (error) throw new Error(error);
  hideAiFailure();
  publishOptions();
  publishState();
  setNote('ai', function () { return t('page.two_players_note'); });
  announce(t('page.two_players_note') + ' ' + (state().status || ''));
}
subscribe('language', rebuildNotes);
