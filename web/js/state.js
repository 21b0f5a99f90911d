// What every part of the page shares: the program's C functions once it runs (api), the
// page's own URL options, reversi.ready, the events of window.reversi, the game's state
// as the program reports it and its topics (subscribe/publish), the language (t()) and the
// texts several panels make from the state. Imports only dom.js: every module
// may use it while the others are still loading.
import { els, isDialogOpen, showDialog } from './dom.js';

// When the page's script started (reversi.timings.firstFrameMs counts from here).
export var started = performance.now();
export var LANGS = ['en', 'ja'];

// ---- the program ------------------------------------------------------------------------------
export var api = null;      // the cwrap'ed C functions once the program runs (program.js)
export var failed = false;  // the page could not start (showError)
export function setApi(value) { api = value; }
export function setFailed() { failed = true; }
export function need() {
  if (!api) throw new Error(failed ? 'Reversi failed to start (see the message on the page)'
                                   : 'Reversi is still loading: wait for reversi.ready');
}
// The program's state: {board, toMove, transcript, moves, legal, view, black, white, over, ...}
export function state() { return JSON.parse(api.state()); }
export function parseQuery(text) {
  var out = {};
  new URLSearchParams(text || '').forEach(function (v, k) { out[k] = v; });
  return out;
}
export function currentOptions() { return api ? parseQuery(state().options) : {}; }
// A data file of the build's folder fetched when first needed (puzzles.bin, human-openings.bin) and
// handed to the program: `give(at, size)` with its bytes in the program's memory (freed after),
// whose answer ("" or why not) the promise resolves to. `failed(reason)` makes the error when it
// cannot be downloaded, `http` and `network` (catalog keys taking {status} and {detail}) the reason.
export function downloadToProgram(file, give, failed, http, network) {
  return fetch(new URL('../' + file, import.meta.url).href).then(function (response) {
    if (!response.ok) throw failed(t(http, { status: response.status }));
    return response.arrayBuffer();
  }, function (err) { throw failed(t(network, { detail: err.message })); }).then(function (buffer) {
    var bytes = new Uint8Array(buffer), M = window.Module, at = M._malloc(Math.max(1, bytes.length));
    try { M.HEAPU8.set(bytes, at); return give(at, bytes.length); } finally { M._free(at); }
  });
}

// ---- the program's state as the page follows it ---------------------------------------------
// Nothing on the page polls the program (issue 33). The program tells the page when its state
// changed (its "state" event, at most once a frame: web_frame.cpp), program.js then publishes
// it, and so does anything the page does to the game; each panel subscribes and draws from
// the one state it is handed. Other topics: 'options' (the program's options changed: the
// dialogs' controls follow) and 'language' (texts built in code are built again).
var topics = {};
export function subscribe(topic, fn) { (topics[topic] = topics[topic] || []).push(fn); }
export function unsubscribe(topic, fn) {
  var list = topics[topic] || [];
  var i = list.indexOf(fn);
  if (i >= 0) list.splice(i, 1);
}
export function publish(topic, value) {
  (topics[topic] || []).slice().forEach(function (fn) {
    try { fn(value); } catch (e) { console.error(e); }
  });
}
export function publishState() { if (api) publish('state', state()); }
export function publishOptions() { if (api) publish('options', currentOptions()); }

// A dialog opens with the program's options in its controls.
export function openDialog(dialog) {
  if (!api || isDialogOpen()) return;
  publishOptions();
  showDialog(dialog);
}

// window.reversi: api.js gives it the game's functions, the panels their own (explore(),
// practice(), ...); any module may call them without importing the module that made them.
export var reversi = {};

// A game from text (api.restore: a saved game; api.load: a transcript, GGF or board): throws
// the program's reason and changes nothing, or shows the new game in the page's language.
export function replaceGame(call, text) {
  need();
  var error = call(String(text));
  if (error) throw new Error(error);
  api.setOptions('lang=' + lang, 0);
  publishOptions();
  publishState();
  return state();
}

var resolveReady, rejectReady;
export var ready = new Promise(function (resolve, reject) { resolveReady = resolve; rejectReady = reject; });
ready.catch(function () {});  // reported on the page; callers see it through reversi.ready
export function resolveStarted(value) { resolveReady(value); }
export function rejectStarted(error) { rejectReady(error); }

// ---- events (reversi.on) --------------------------------------------------------------------
export var listeners = {};
export function emit(type, detail) {
  (listeners[type] || []).slice().forEach(function (fn) {
    try { fn(detail); } catch (e) { console.error(e); }
  });
  // An embedding page (this one in an <iframe>) hears about it too.
  if (window.parent && window.parent !== window) {
    try { window.parent.postMessage(Object.assign({ source: 'reversi', type: type }, detail), '*'); } catch (e) {}
  }
}

// ---- the page's own URL options (the rest go to the program) ---------------------------
// lang=en|ja and layout=full|compact belong to the page; a bad value is reported like
// the program's own (one closable notice; the details in the console and 'error').
var query = new URLSearchParams(window.location.search || '');
export var pageProblems = [];
function pageOption(key, allowed) {
  if (!query.has(key)) return null;
  var value = query.get(key);
  query.delete(key);
  if (allowed.indexOf(value) >= 0) return value;
  pageProblems.push(key + ": '" + value + "' is not one of " + allowed.join(', ') + '; the default is used');
  return null;
}
var urlLang = pageOption('lang', LANGS);
// ?daily=YYYY-MM-DD opens that day's practice puzzle (practice.js checks the date through
// the program once the puzzles are loaded; a bad one is reported and the game untouched).
export var urlDaily = query.has('daily') ? query.get('daily') : null;
query.delete('daily');
export var layout = pageOption('layout', ['full', 'compact']) || 'full';
export var programQuery = query.toString();
export var urlSpeed = query.has('speed');

// ---- the catalog (i18n.js, made from assets/i18n/*.json) ----------------------------------------
// The page speaks English or Japanese; t() gives a text with its {placeholders} filled,
// translatePage() rewrites every data-i18n / data-i18n-label element of index.html.
var CATALOG = window.REVERSI_I18N || { en: {}, ja: {} };
export var lang = 'en';

function browserLang() {
  var list = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'];
  for (var i = 0; i < list.length; i++) {
    var l = String(list[i]).toLowerCase();
    if (l === 'ja' || l.indexOf('ja-') === 0) return 'ja';
    if (l === 'en' || l.indexOf('en-') === 0) return 'en';
  }
  return 'en';
}
// The link's language, else the remembered one, else the browser's.
export function chooseLang(remembered) {
  lang = urlLang || (LANGS.indexOf(remembered) >= 0 ? remembered : browserLang());
}
export function useLang(next) { lang = next; }

// A text of the catalog with {name} placeholders filled; English if the language lacks it.
export function t(key, args) {
  var text = (CATALOG[lang] && CATALOG[lang][key]) || (CATALOG.en && CATALOG.en[key]) || key;
  return text.replace(/\{(\w+)\}/g, function (m, name) {
    return args && args[name] !== undefined ? String(args[name]) : m;
  });
}
// A message about `count` things: its "_one" form for exactly one where the language has one
// ("looks 1 move ahead", "Running on 1 thread."; Japanese has none and needs none).
export function tCount(key, count, args) {
  var catalog = CATALOG[lang] || CATALOG.en || {};
  return t(count === 1 && catalog[key + '_one'] ? key + '_one' : key, args);
}
export function colorName(color) { return t('color.' + color); }
// A value with its sign: "+2.3", "−4" (a real minus sign), "0".
export function signed(v, digits) {
  var text = digits ? Math.abs(v).toFixed(digits) : String(Math.round(Math.abs(v)));
  return (v > 0 ? '+' : v < 0 ? '\u2212' : '') + text;
}
// ---- texts several panels make from the state ----------------------------------------------
// The analysis' values for the position shown, best first ([] when they are for another one).
export function analysisList(s) {
  var a = s && s.analysis;
  if (!a || !a.on || !a.moves) return [];
  var shown = s.view === null || s.view === undefined ? (s.moves ? s.moves.length : 0) : s.view;
  if (a.ply !== undefined && a.ply !== shown) return [];
  return a.moves;
}
// "+2.3 at depth 8", "+4 exact", "win", "loss".
export function valueText(m) {
  if (m.kind === 'exact') return t('page.value.exact', { value: signed(m.value, 0) });
  if (m.kind === 'win') return t('page.value.win');
  if (m.kind === 'loss') return t('page.value.loss');
  return t('page.value.depth', { value: signed(m.value, 1), depth: m.depth });
}
// The name of a square holding ch ('X' black, 'O' white, '-' empty).
export function cellLabel(ch, square, legal) {
  return ch === 'X' ? t('page.cell.black', { square: square })
       : ch === 'O' ? t('page.cell.white', { square: square })
       : t(legal ? 'page.cell.legal' : 'page.cell.empty', { square: square });
}

export function translatePage() {
  document.documentElement.lang = lang;
  document.title = t('page.title');
  Array.prototype.forEach.call(document.querySelectorAll('[data-i18n]'), function (e) {
    e.textContent = t(e.getAttribute('data-i18n'));
  });
  Array.prototype.forEach.call(document.querySelectorAll('[data-i18n-label]'), function (e) {
    e.setAttribute('aria-label', t(e.getAttribute('data-i18n-label')));
  });
  els.lang.setAttribute('lang', lang === 'ja' ? 'en' : 'ja');
  els.language.value = lang;
}
