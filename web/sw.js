// The service worker (web/README.md, "Offline and updates"). Keeps every file of one
// build in a cache named after its build id and serves the game from there, so after
// one visit the game starts and plays without the network, and a page never gets files
// of two builds. This is the template: scripts/web-manifest.mjs writes the build id and
// the list of files into the copy in the build folder.
//
// install   downloads every file of the build (bypassing the HTTP cache), checks each
//           against its SHA-256 from the list and fails (keeping the old version) if
//           the server has something else, e.g. half of a deploy
// waiting   a new version waits while pages of the old one are open; offline.js offers
//           "A new version is ready. [Reload]" and sends 'skip-waiting' on the click
// activate  deletes the caches of older builds of this folder (a page still open on
//           the old build keeps being served the old files until it goes away; a newer
//           build's cache, installing or waiting, is never touched)
// fetch     GET requests for the build's files, in this folder, answered from the
//           cache (the folder itself is index.html; URL queries are ignored); anything
//           else goes to the network untouched
// isolation every response it gives carries Cross-Origin-Opener-Policy: same-origin and
//           Cross-Origin-Embedder-Policy: require-corp, so that on a host that cannot send
//           them the page becomes cross-origin isolated and runs the threaded AI (issue 28;
//           web/js/ai-build.js reloads the first visit once, when this worker took over)
// AI builds the two AI workers (single-thread, threaded) are not precached: a visit fetches
//           one of them, which is kept when first fetched (like the explorer's files) or on
//           the page's request ('keep-ai', for the fetch made before this worker took
//           over); an update precaches the one(s) the previous build's cache held
// carry-over an update copies the explorer's files and the puzzles an older build kept,
//           where this build's are the same (SHA-256), instead of downloading them again
'use strict';

const BUILD_ID = 'reversi-build-id:----------------'.slice(17);
const FILES = /* FILES */ [];
// The explorer's files (its worker and the expert-game database), the practice puzzles and
// the human players' openings (scripts/web-manifest.mjs): not downloaded at install, cached in this build's cache the
// first time a page fetches them (so each works offline after its first use).
const RUNTIME = /* RUNTIME */ [];
// The AI builds: {single: [files], threads: [files]} (scripts/web-manifest.mjs).
const AI = /* AI */ {};
for (const files of Object.values(AI)) RUNTIME.push(...files);
const RUNTIME_PATHS = new Set(RUNTIME.map((f) => f.path));
const ISOLATION = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'require-corp' };
const SCOPE = self.registration.scope;                 // the folder, ending in '/'
const SCOPE_PATH = new URL(SCOPE).pathname;
const CACHE_PREFIX = 'reversi ' + SCOPE + ' ';         // one app per folder, several may share an origin
const CACHE = CACHE_PREFIX + BUILD_ID;
const PATHS = new Set(FILES.map((f) => f.path));

// Pages open on the build this one replaced, and that build's cache: while such a page
// lives (a moment: offline.js reloads it), its requests are served from its own build.
let previousCache = null;
const previousClients = new Set();

const hex = (buffer) => Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, '0')).join('');

async function download(file, cacheMode) {
  const response = await fetch(new Request(new URL(file.path, SCOPE).href, { cache: cacheMode, credentials: 'same-origin' }));
  if (!response.ok) throw new Error(`${file.path}: HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  const digest = hex(await crypto.subtle.digest('SHA-256', body));
  return { body, digest, type: response.headers.get('Content-Type') };
}

// The AI build(s) the newest older cache of this folder holds (an update keeps the
// build the browser uses, for offline play); none on a first install.
async function aiBuildsInUse() {
  const names = (await caches.keys()).filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE);
  if (!names.length) return [];
  const old = await caches.open(names[names.length - 1]);
  const used = [];
  for (const [build, files] of Object.entries(AI)) {
    if (files.length && await old.match(new URL(files[files.length - 1].path, SCOPE).href, { ignoreVary: true })) used.push(build);
  }
  return used;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const files = FILES.slice();
  for (const build of await aiBuildsInUse()) files.push(...AI[build]);
  await store(cache, files, 'no-cache');
  await carryOver(cache, files);
}

// The runtime files (the explorer's, the puzzles) that an older build of this folder kept
// and that this build did not change (the same SHA-256) go into this build's cache as
// they are: a new build whose expert-game database (9.8 MB) is the same does not
// download it again when the explorer is next opened (issue 33). Changed ones are
// fetched when first used, as on a first visit.
async function carryOver(cache, stored) {
  const names = (await caches.keys()).filter((n) => n.startsWith(CACHE_PREFIX) && n !== CACHE).reverse();
  const done = new Set(stored.map((f) => f.path));
  for (const file of RUNTIME) {
    if (done.has(file.path)) continue;
    const key = new URL(file.path, SCOPE).href;
    for (const name of names) {
      const hit = await caches.match(key, { cacheName: name, ignoreVary: true });
      if (!hit) continue;
      const body = await hit.arrayBuffer();
      if (hex(await crypto.subtle.digest('SHA-256', body)) !== file.sha256) continue;
      const headers = { 'Content-Length': String(body.byteLength) };
      if (hit.headers.get('Content-Type')) headers['Content-Type'] = hit.headers.get('Content-Type');
      await cache.put(key, new Response(body, { status: 200, headers }));
      done.add(file.path);
      break;
    }
  }
}

// Downloads files into the cache, each checked against its SHA-256.
async function store(cache, files, cacheMode) {
  await Promise.all(files.map(async (file) => {
    let got = await download(file, cacheMode);
    // A stale copy in an intermediate cache: once more straight from the server.
    if (got.digest !== file.sha256) got = await download(file, 'reload');
    if (got.digest !== file.sha256) {
      throw new Error(`${file.path} on the server is not the one of build ${BUILD_ID} (the folder holds a mix of versions?)`);
    }
    // A fresh response: no redirect flag (a cached redirected response cannot answer a
    // navigation), only the type the browser needs (application/wasm for streaming).
    const headers = got.type ? { 'Content-Type': got.type } : {};
    await cache.put(new URL(file.path, SCOPE).href, new Response(got.body, { status: 200, headers }));
  }));
}

self.addEventListener('install', (event) => {
  event.waitUntil(precache().catch(async (err) => {
    await caches.delete(CACHE);
    console.warn(`Reversi service worker: build ${BUILD_ID} not installed: ${err.message}`);
    throw err;
  }));
});

// This folder's caches, oldest first (CacheStorage lists them in creation order), and
// where this build's is among them.
async function ours() {
  const names = (await caches.keys()).filter((n) => n.startsWith(CACHE_PREFIX));
  return { names, mine: names.indexOf(CACHE) };
}

// Deletes this folder's caches of older builds; keeps the previous build's while a page
// of it is still open. Never touches a newer build's (one installing or waiting).
async function cleanUp() {
  if (previousCache) {
    let open = 0;
    for (const id of previousClients) if (await self.clients.get(id)) open++;
    if (open === 0) { previousCache = null; previousClients.clear(); }
  }
  const { names, mine } = await ours();
  if (mine < 0) return;
  for (const name of names.slice(0, mine)) if (name !== previousCache) await caches.delete(name);
}

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    const { names, mine } = await ours();
    const pages = await self.clients.matchAll({ includeUncontrolled: false });
    // The pages open now run the build this one replaces.
    previousCache = mine > 0 && pages.length ? names[mine - 1] : null;
    if (previousCache) for (const client of pages) previousClients.add(client.id);
    await cleanUp();
    // Pages of the first visit are served from the cache from now on too.
    await self.clients.claim();
  })());
});

async function answer(event, path) {
  const key = new URL(path, SCOPE).href;
  let cacheName = CACHE;
  // A navigation (a reload too) always gets the current build.
  if (previousCache && event.request.mode !== 'navigate' && event.clientId && previousClients.has(event.clientId)) {
    cacheName = previousCache;
    // A worker started by such a page loads its .wasm as its own client.
    if (event.resultingClientId) previousClients.add(event.resultingClientId);
  }
  const hit = await caches.match(key, { cacheName, ignoreVary: true })
           || (cacheName !== CACHE ? await caches.match(key, { cacheName: CACHE, ignoreVary: true }) : undefined);
  if (hit) return isolate(hit);
  if (RUNTIME_PATHS.has(path) && keeping.has(key)) {
    // Already on its way (the threaded AI's helper workers ask for their script at once).
    await keeping.get(key);
    const kept = await caches.match(key, { cacheName: CACHE, ignoreVary: true });
    if (kept) return isolate(kept);
  }
  if (RUNTIME_PATHS.has(path)) return isolate(await fetchAndKeep(event.request, key));
  return isolate(await fetch(event.request));
}

// The response with the two isolation headers (a fresh Response: cached ones are immutable).
function isolate(response) {
  if (!response || response.type === 'opaque' || response.type === 'opaqueredirect' || response.status === 0) return response;
  const headers = new Headers(response.headers);
  for (const [name, value] of Object.entries(ISOLATION)) headers.set(name, value);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

// A runtime file from the network, kept in this build's cache once complete (the page
// reads the response as it arrives, for its progress bar).
// Runtime files being kept (key -> promise): 'keep-ai' waits for them instead of downloading again.
const keeping = new Map();
async function fetchAndKeep(request, key) {
  let settle;
  keeping.set(key, new Promise((resolve) => { settle = resolve; }));
  let response;
  try {
    response = await fetch(request);
  } catch (err) {
    keeping.delete(key);
    settle();
    throw err;
  }
  if (!response.ok || response.status !== 200) { keeping.delete(key); settle(); return response; }
  const copy = response.clone();
  const headers = {};
  for (const h of ['Content-Type', 'Content-Length']) if (response.headers.get(h)) headers[h] = response.headers.get(h);
  const kept = copy.arrayBuffer().then(async (body) => {
    const cache = await caches.open(CACHE);
    headers['Content-Length'] = String(body.byteLength);
    await cache.put(key, new Response(body, { status: 200, headers }));
  }).catch((err) => console.warn(`Reversi service worker: ${key} not cached: ${err.message}`))
    .finally(() => { keeping.delete(key); settle(); });
  keeping.set(key, kept);
  return response;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE_PATH)) return;
  let path;
  try { path = decodeURIComponent(url.pathname.slice(SCOPE_PATH.length)); } catch { return; }
  if (path === '' && request.mode === 'navigate') path = 'index.html';
  if (!PATHS.has(path) && !RUNTIME_PATHS.has(path)) return;
  event.respondWith(answer(event, path));
  // Every request tidies up: the worker may have been stopped and restarted since it
  // activated (browsers stop idle service workers), which forgets previousCache, and an
  // old build's cache must still go once no page of it is left.
  event.waitUntil(cleanUp());
});

self.addEventListener('message', (event) => {
  const data = event.data || {};
  if (data.type === 'skip-waiting') {
    self.skipWaiting();
  } else if (data.type === 'keep-ai' && Object.prototype.hasOwnProperty.call(AI, data.build)) {
    // The page fetched its AI worker before this worker took over: keep that build (from
    // the HTTP cache when it can, checked like the rest).
    event.waitUntil((async () => {
      const cache = await caches.open(CACHE);
      const missing = [];
      for (const file of AI[data.build]) {
        const key = new URL(file.path, SCOPE).href;
        if (keeping.has(key)) await keeping.get(key);
        if (!await cache.match(key, { ignoreVary: true })) missing.push(file);
      }
      if (missing.length) await store(cache, missing, 'default');
    })().catch((err) => console.warn(`Reversi service worker: the ${data.build} AI not kept: ${err.message}`)));
  } else if (data.type === 'build' && event.ports && event.ports[0]) {
    event.ports[0].postMessage({ buildId: BUILD_ID, cache: CACHE, files: FILES.length });
  }
});
