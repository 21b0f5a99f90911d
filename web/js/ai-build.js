// Which AI worker the page runs (issue 28): on a cross-origin isolated page (the host sends
// COOP/COEP, or the service worker adds them: web/sw.js) the threaded one,
// ai-worker-threads.js?threads=N&memory=MB; everywhere else (an iframe of another site, no
// service worker, no SharedArrayBuffer) today's single-thread ai-worker.js, with the same
// answers and the same API. Only the chosen one is ever fetched. The choice is in Settings
// (Automatic, 1, 2, 4, 8 threads, kept in the preferences), in getState().ai and in the console.
import { els } from './dom.js';
import { t, tCount, api, subscribe } from './state.js';
import { prefs, savePrefs } from './storage.js';

var CHOICES = ['auto', '1', '2', '4', '8'];

// The rule is index.html's inline script's, which runs first (at the loading screen) and makes a first visit to a host
// without the headers reload once into isolation through the service worker.
export function isolated() {
  return window.reversiIsolation.isolated();
}

// Milliseconds the first visit's load took before its reload into isolation (index.html's inline script); 0
// otherwise. reversi.timings adds it.
export function reloadDelayMs() {
  return window.reversiIsolation.reloadDelayMs;
}

// Resolves when the page may start the game: at once, or (a first visit to a host without the
// headers) when the service worker did not take over; never when the page reloads into isolation.
export function aiReady() {
  return window.reversiIsolation.ready;
}

// Automatic: both cores of a 2-core device (x1.75 on the FFO endgames); from 4 cores one
// is left to the page and the browser's drawing, at most 8 threads. docs/benchmarks.md
// ("Threads in the browser"): with both cores searching, the page drew the analysis with
// about twice as many frames over 50 ms as with one core free, and beyond two threads
// the exact solver gains nothing (it splits between two) and Lazy SMP little.
export function autoThreads(cores) {
  var n = Math.max(1, Math.floor(cores) || 1);
  return Math.min(8, n <= 2 ? n : n - 1);
}

// The worker's memory, reserved once (it holds the transposition tables): 128 MB covers the
// tables of the strongest level and of the analysis; devices that say they have 4 GB or more
// give 256 MB (navigator.deviceMemory, where the browser tells it).
function memoryMb() {
  var gb = navigator.deviceMemory;
  return typeof gb === 'number' && gb >= 4 ? 256 : 128;
}

export function choice() {
  var c = String(prefs.aiThreads || 'auto');
  return CHOICES.indexOf(c) >= 0 ? c : 'auto';
}

function choose() {
  if (!isolated()) return { build: 'single', threads: 1, url: 'ai-worker.js' };
  var threads = choice() === 'auto' ? autoThreads(navigator.hardwareConcurrency) : parseInt(choice(), 10);
  var memory = memoryMb();
  return { build: 'threads', threads: threads, memoryMb: memory,
           url: 'ai-worker-threads.js?threads=' + threads + '&memory=' + memory };
}

// What runs now (getState().ai): {build: 'threads'|'single', threads, memoryMb?, url}.
export var ai = choose();

export function aiInfo() {
  var out = { build: ai.build, threads: ai.threads, choice: choice(), isolated: isolated() };
  if (ai.memoryMb) out.memoryMb = ai.memoryMb;
  return out;
}

function tell() {
  console.info('Reversi AI: ' + (ai.build === 'threads'
    ? 'threaded build, ' + ai.threads + (ai.threads === 1 ? ' thread' : ' threads') + ', ' + ai.memoryMb + ' MB'
    : 'single-thread build (the page is not cross-origin isolated)'));
}

// Settings: the choice and what runs.
function syncAiSettings() {
  els.aiThreads.value = choice();
  els.aiThreads.disabled = !isolated();
  els.aiBuild.textContent = ai.build === 'threads'
    ? tCount('page.ai.threads_running', ai.threads, { n: ai.threads }) : t('page.ai.single_running');
}

// Sets up Module for game.js (program.js): the worker the game starts.
export function configureModule(module) {
  module.reversiAiUrl = ai.url;
  tell();
}

els.aiThreads.addEventListener('change', function () {
  prefs.aiThreads = els.aiThreads.value;
  savePrefs();
  var next = choose();
  if (next.url === ai.url) return;
  ai = next;
  window.Module.reversiAiUrl = ai.url;
  tell();
  syncAiSettings();
  // A fresh worker with the new threads; the computer asks again if it is its turn.
  if (api) api.retryAi();
});
subscribe('options', syncAiSettings);
