// What the page keeps in the browser's localStorage: the game the program saves (and
// another tab's game, told by the 'storage' event) and the page's preferences. Storage that
// is off or full is said once; the game plays on without it.
import { t, api, replaceGame } from './state.js';
import { notes, setNote, announce } from './messages.js';

// ---- the saved game in localStorage ----------------------------------------------------------
// Storage may be disabled (private browsing, blocked cookies: the getter or getItem
// throws), full (setItem throws QuotaExceededError) or hold anything at all (the
// program checks a saved game before using it, web_saves.cpp). Any of these leaves
// the game playable and says once that it will not be saved. Two tabs: every save
// is one setItem of the whole game, so the stored game is always one tab's complete
// game (the last move made in either wins); a tab whose saved game another tab has
// replaced is told so ('storage' event) and may switch to that game.
var STORAGE_KEY = 'reversi.game.v1';
var storageWarned = false;
export function storageGet() {
  try {
    var value = window.localStorage.getItem(STORAGE_KEY);
    // A NUL would cut the text short on its way to the program (argv): make it visible.
    return typeof value === 'string' ? value.replace(/\0/g, '\ufffd') : '';
  } catch (e) { storageFailed(e); return ''; }
}
export function storageSet(value) {
  try { window.localStorage.setItem(STORAGE_KEY, value); } catch (e) { storageFailed(e); return; }
  if (notes.tab) setNote('tab', null);  // the other tab's game is no longer the saved one
}
export function storageFailed(e) {
  if (storageWarned) return;
  storageWarned = true;
  var full = e && (e.name === 'QuotaExceededError' || e.name === 'NS_ERROR_DOM_QUOTA_REACHED' || e.code === 22);
  setNote('storage', function () { return t(full ? 'page.storage.full' : 'page.storage.off'); });
}
function onStorageEvent(e) {
  if (!api || (e.key !== STORAGE_KEY && e.key !== null)) return;
  var value = e.key === null ? null : e.newValue;
  if (value === null) { setNote('tab', null); return; }   // cleared elsewhere: ours is saved at the next move
  if (value === api.save()) { setNote('tab', null); return; }
  setNote('tab', function () { return t('page.tab.other'); }, [{
    label: function () { return t('page.tab.switch'); },
    action: function () {
      var saved = storageGet();  // the latest, if the other tab has moved again since
      try { replaceGame(api.restore, saved); } catch (err) { throw new Error(t('page.tab.unreadable', { error: err.message })); }
      setNote('tab', null);
      announce(t('page.tab.switched'));
    }
  }]);
}
window.addEventListener('storage', function (e) {
  try { onStorageEvent(e); } catch (err) { console.warn(err); }
});

// ---- the preferences: language, theme, sound, the welcome card (localStorage, apart from the game)
var PREFS_KEY = 'reversi.prefs.v1';
export var prefs = readPrefs();
function readPrefs() {
  try {
    var p = JSON.parse(window.localStorage.getItem(PREFS_KEY) || '{}');
    return p && typeof p === 'object' && !Array.isArray(p) ? p : {};
  } catch (e) { return {}; }  // unreadable or storage disabled: defaults (the game's save says so)
}
export function savePrefs() {
  try { window.localStorage.setItem(PREFS_KEY, JSON.stringify(prefs)); } catch (e) { storageFailed(e); }
}
