// The player's games (issue 35): every game a person played here, kept in the browser's
// IndexedDB when the program tells it (Controller::on_history: a game ended, left
// unfinished for a new one, or reviewed), so it survives reloads and updates and works
// offline. A browser that refuses storage gets one note, and the games of this visit are
// kept in memory: the game plays on. What a kept game holds, and the GGF line that
// export writes and import reads, are the program's (core/game_archive.h): this module
// only stores, lists and hands lines back. The panel (history-panel.js) loads when first
// opened. Adds reversi.history(), exportHistory(), importHistory() and the 'history' event.
import { t, api, reversi, emit, subscribe, publish, replaceGame } from './state.js';
import { setNote } from './messages.js';

var DB_NAME = 'reversi', STORE = 'games';
var memory = null;     // the games when IndexedDB is not there or refused: id -> entry
var opening = null;    // a promise of the database, or of null (memory)
function refused(err) {
  if (!memory) memory = new Map();
  console.warn('Reversi: your games cannot be kept in this browser', err);
  setNote('history', function () { return t('page.history.storage_off'); });
  return null;
}
function db() {
  if (opening) return opening;
  opening = new Promise(function (resolve) {
    var request;
    try { request = window.indexedDB.open(DB_NAME, 1); } catch (err) { resolve(refused(err)); return; }
    request.onupgradeneeded = function () {
      var d = request.result;
      if (!d.objectStoreNames.contains(STORE)) d.createObjectStore(STORE, { keyPath: 'id' });
    };
    request.onsuccess = function () { resolve(request.result); };
    request.onerror = function () { resolve(refused(request.error)); };
    request.onblocked = function () { resolve(refused(new Error('blocked'))); };
  });
  return opening;
}
// One transaction on the store: fn(store) makes the requests; resolves when it completes.
function transact(mode, fn) {
  return db().then(function (d) {
    if (!d) return fn(null);
    return new Promise(function (resolve, reject) {
      var tx, result;
      try { tx = d.transaction(STORE, mode); result = fn(tx.objectStore(STORE)); } catch (err) { reject(err); return; }
      tx.oncomplete = function () { resolve(result instanceof IDBRequest ? result.result : result); };
      tx.onerror = function () { reject(tx.error); };
      tx.onabort = function () { reject(tx.error || new Error('aborted')); };
    });
  });
}

// An entry as kept: the program's fields (date, black, white, start, moves, over, blackDiscs,
// whiteDiscs, opening, accuracy, ggf) and its id. A stored value that is not one (written by
// an older page, or damaged) is left out of the list, never thrown on: the others still list.
function valid(e) {
  return e && typeof e === 'object' && typeof e.id === 'number' && typeof e.ggf === 'string' &&
         typeof e.moves === 'string' && e.black && e.white && typeof e.blackDiscs === 'number';
}
function put(entries) {
  if (memory) { entries.forEach(function (e) { memory.set(e.id, e); }); return Promise.resolve(); }
  return transact('readwrite', function (store) {
    if (!store) { entries.forEach(function (e) { memory.set(e.id, e); }); return; }
    entries.forEach(function (e) { store.put(e); });
  }).catch(function (err) {
    // Full or refused mid-visit: this visit's games stay in memory.
    refused(err);
    entries.forEach(function (e) { memory.set(e.id, e); });
  });
}
// Every kept game, newest first (by date, then by id: the order they were kept).
export function allGames() {
  var read = memory ? Promise.resolve(Array.from(memory.values()))
    : transact('readonly', function (store) { return store ? store.getAll() : null; }).then(function (r) {
        return memory ? Array.from(memory.values()) : r || [];
      }, function (err) { refused(err); return Array.from(memory.values()); });
  return read.then(function (list) {
    return list.filter(valid).sort(function (a, b) {
      return a.date < b.date ? 1 : a.date > b.date ? -1 : b.id - a.id;
    });
  });
}
export function deleteGame(id) {
  if (memory) { memory.delete(id); publish('history'); return Promise.resolve(); }
  return transact('readwrite', function (store) { if (store) store.delete(id); else memory.delete(id); })
    .then(function () { publish('history'); });
}
export function clearGames() {
  if (memory) { memory.clear(); publish('history'); return Promise.resolve(); }
  return transact('readwrite', function (store) { if (store) store.clear(); else memory.clear(); })
    .then(function () { publish('history'); });
}

// ---- the program tells a game (web_events.cpp: "history") --------------------------------------
subscribe('program:history', function (event) {
  var entry = Object.assign({ id: event.id }, event.entry);
  put([entry]).then(function () {
    publish('history', entry);
    emit('history', { entry: entry });
  });
});
subscribe('started', function () {
  // Ids of this visit start at its clock (ms x 1000): they never meet an earlier visit's.
  api.historyIds(Date.now() * 1000);
  db();
});

// ---- export and import (GGF collections, one game a line; transcripts) ------------------------
// Oldest first, as collections are read.
export function exportText(kind) {
  return allGames().then(function (list) {
    return list.slice().reverse().map(function (e) { return kind === 'transcripts' ? e.moves : e.ggf; })
      .join('\n') + (list.length ? '\n' : '');
  });
}
var lastImportId = 0;
// {imported, skipped (already kept), rejected: [{index, message}]}: the games that can be
// read are kept, the others named by their number in the text; nothing kept is lost.
export function importText(text) {
  var read = JSON.parse(api.historyRead(String(text)));
  return allGames().then(function (list) {
    var have = new Set(list.map(function (e) { return e.ggf; }));
    var id = Math.max(Date.now() * 1000, lastImportId + 1);
    var fresh = [];
    read.games.forEach(function (g) {
      if (have.has(g.ggf)) return;
      have.add(g.ggf);
      fresh.push(Object.assign({ id: id++ }, g));
    });
    lastImportId = id;
    return put(fresh).then(function () {
      publish('history');
      return { imported: fresh.length, skipped: read.games.length - fresh.length, rejected: read.rejected };
    });
  });
}

// A kept game on the board again (finished: from its start; unfinished: taken up).
export function openGame(entry) {
  return replaceGame(function (line) { return api.historyOpen(line, entry.id); }, entry.ggf);
}

// ---- window.reversi ---------------------------------------------------------------------------
Object.assign(reversi, {
  // A promise of the kept games, newest first: {id, date, black: {computer, name}, white,
  // start, moves, over, blackDiscs, whiteDiscs, opening: {en, ja}|null, accuracy: {black,
  // white} (null until reviewed), clock: "5+2"|null, lostOnTime: "black"|"white"|null, ggf}.
  history: function () { return allGames(); },
  // A promise of every kept game as a GGF collection (one game a line, oldest first).
  exportHistory: function () { return exportText('ggf'); },
  // Reads a GGF collection or transcripts (one a line) into the kept games: a promise of
  // {imported, skipped, rejected: [{index, message}]}.
  importHistory: function (text) { return importText(text); }
});
