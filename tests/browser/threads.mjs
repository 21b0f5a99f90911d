// The threaded AI in the browser (issue 28), end to end in headless Chromium (Debian's
// /usr/bin/chromium through playwright-core; no browser is ever downloaded):
//   node tests/browser/threads.mjs        (after scripts/build-web.sh; scripts/test.sh runs it)
//   THREADS_BENCH=1 node tests/browser/threads.mjs    also the measurements (docs/benchmarks.md)
// Env: DIST (default build/web/dist), CHROMIUM, BROWSER_TEST_LIMIT_MS (the watchdog: harness.mjs; the
//      bench adds an hour), BENCH_FFO (default fforum-40-59.obf lines 1-10: FFO #40-#49).
//
// Served with the isolation headers the page runs the threaded build with 2 threads (this
// machine's cores) and answers moves, analyses and a game's review exactly as the single-thread
// build does on fixed positions; served without them, and inside an iframe of another origin, it runs the
// single-thread build; through the service worker on a host without headers it becomes isolated
// after one reload, registered at the loading screen (web/index.html's inline script), the game not
// started before it, and a service worker that fails leaves the single-thread build without a
// reload; a visit fetches one AI build, never both. Stopping and abandoning searches
// under threads: no stray reply, and the browser's CPU falls idle within a moment (every thread
// ended, also when the page closes); the worker crash under threads; Settings' choice of
// threads; offline with the threaded build. Prints "N passed, M failed".
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, launch, watchPage, waitForAsync, ffo, median, SUITE_LIMIT_MS } from './harness.mjs';

const suite = createSuite({ what: 'the threads tests', limitMs: SUITE_LIMIT_MS + (process.env.THREADS_BENCH ? 3600000 : 0), timeSteps: true });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite, ['index.html', 'ai-worker-threads.js', 'ai-worker-threads.wasm',
                                            'ai-worker-threads.worker.js', 'ai-worker.js', 'ai-worker.wasm']);

// What each server sent (paths): the downloads a visit really made.
const isolatedLog = [], plainLog = [];
const isolatedServer = await serve(DIST, 0, '127.0.0.1', { isolate: true, log: isolatedLog });
const plainServer = await serve(DIST, 0, '127.0.0.1', { log: plainLog });
const browser = await launch(chromium);
const problems = [];

const SINGLE = ['ai-worker.js', 'ai-worker.wasm'];
const THREADS = ['ai-worker-threads.js', 'ai-worker-threads.worker.js', 'ai-worker-threads.wasm'];
const nameOf = (url) => new URL(url).pathname.split('/').pop();


// A context (service workers blocked unless asked) that logs every file it requests, the
// workers' too.
async function newContext({ serviceWorkers = 'block', viewport = { width: 1280, height: 800 } } = {}) {
  const ctx = await browser.newContext({ viewport, serviceWorkers, locale: 'en-US' });
  ctx.requested = [];
  ctx.requestedUrls = [];
  ctx.on('request', (r) => { ctx.requested.push(nameOf(r.url())); ctx.requestedUrls.push(r.url()); });
  return ctx;
}
async function openGame(server, query = '', { context, serviceWorkers } = {}) {
  const ctx = context || await newContext({ serviceWorkers });
  const page = await ctx.newPage();
  watchPage(page, problems);
  page.consoleLines = [];
  page.on('console', (m) => page.consoleLines.push(m.text()));
  await page.goto(server.url + 'index.html' + query);
  await page.waitForFunction(() => window.reversi && window.reversi.timings && window.reversi.timings.firstFrameMs !== null,
    null, { timeout: 60000 });
  await page.waitForFunction(() => window.reversi.worker().loaded, null, { timeout: 60000 });
  return { ctx, page };
}
const state = (page) => page.evaluate(() => window.reversi.getState());
const waitState = (page, fn, arg, timeout = 30000) =>
  page.waitForFunction(([src, a]) => new Function('s', 'a', 'return (' + src + ')(s, a)')(window.reversi.getState(), a),
    [fn.toString(), arg], { timeout, polling: 50 });
const count = (list, names) => list.filter((n) => names.includes(n)).length;

// CPU seconds used so far by each thread of the browser and of every process under it (Linux
// /proc: tid -> seconds).
function threadCpu(pid) {
  const tick = 100;  // USER_HZ
  const parent = new Map();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const s = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      parent.set(Number(d), Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[1]));
    } catch { /* gone */ }
  }
  const tree = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [p, pp] of parent) if (!tree.has(p) && tree.has(pp)) { tree.add(p); grew = true; }
  }
  const out = new Map();
  for (const p of tree) {
    let tasks = [];
    try { tasks = fs.readdirSync(`/proc/${p}/task`); } catch { continue; }
    for (const t of tasks) {
      try {
        const s = fs.readFileSync(`/proc/${p}/task/${t}/stat`, 'utf8');
        const f = s.slice(s.lastIndexOf(')') + 2).split(' ');
        let comm = '';
        try { comm = fs.readFileSync(`/proc/${p}/task/${t}/comm`, 'utf8').trim(); } catch { /* gone */ }
        out.set(Number(t), { cpu: (Number(f[11]) + Number(f[12])) / tick, comm });
      } catch { /* gone */ }
    }
  }
  return out;
}
// Over `ms` from now: the browser's CPU use in cores, and which of its workers' threads were
// busy.
async function busyCores(ms) {
  const a = threadCpu(browserPid), t0 = Date.now();
  await new Promise((r) => setTimeout(r, ms));
  const b = threadCpu(browserPid), seconds = (Date.now() - t0) / 1000;
  let total = 0;
  const busy = new Set();
  const names = [];
  for (const [tid, { cpu, comm }] of b) {
    const used = cpu - (a.get(tid)?.cpu || 0);
    total += used;
    // The workers' threads (the AI worker and its helpers; Chromium names them "DedicatedWorker
    // thread"), busy for 3% of a core at least: the machine is shared (a searching thread may get
    // a tenth of a core), an idle or ended one uses nothing.
    if (/DedicatedWorker/.test(comm) && used / seconds > 0.03) { busy.add(tid); names.push(`${tid}:${(used / seconds).toFixed(2)}`); }
  }
  return { cores: total / seconds, threads: busy.size, busy,
           toFixed: (n) => `${(total / seconds).toFixed(n)} cores, ${busy.size} busy worker threads [${names.join(' ')}]` };
}

// The browser: the process this one started with --remote-debugging-pipe (playwright's launch).
function findBrowserPid() {
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (fs.readFileSync(`/proc/${d}/cmdline`, 'utf8').includes('--remote-debugging-pipe')) return Number(d);
    } catch { /* gone */ }
  }
  return null;
}
const browserPid = findBrowserPid();

// Best moves of an FFO position (the file's values): the computer must play one.
const bestOf = (p) => { const top = Math.max(...Object.values(p.values)); return Object.keys(p.values).filter((k) => p.values[k] === top); };

async function analyseAll(page, positions) {
  const out = [];
  for (const p of positions) {
    await page.evaluate((b) => window.reversi.load(b), p.board);
    out.push(await page.evaluate(() => window.reversi.analyze({ timeMs: 60000 })));
  }
  return out;
}
// The computer (level-12, black to move in these FFO boards) plays each position.
async function computerMoves(page, positions) {
  const out = [];
  for (const p of positions) {
    await page.evaluate(() => window.reversi.setOptions({ black: 'human', white: 'human' }));
    await page.evaluate((b) => window.reversi.load(b), p.board);
    const before = (await state(page)).transcript.length;
    await page.evaluate(() => window.reversi.setOptions({ black: 'level-12', pause: 0, speed: 'instant' }));
    await waitState(page, (s, n) => s.transcript.length > n && !s.thinking, before, 30000);
    const s = await state(page);
    out.push(s.lastMove);
  }
  await page.evaluate(() => window.reversi.setOptions({ black: 'human', white: 'human' }));
  return out;
}

const FIXED = ffo('fforum-1-19.obf').filter((p) => p.empties <= 16).slice(0, 3);
// A whole game (first-legal against itself: quick to review) reviewed by each build: a review is a
// function of the game alone (issue 44), the same on one thread or two.
const REVIEWED = 'd3c3b3b2b1a1c4c1c2d2d1e1a2a3f5e2f1g1f2e3b5b4a5a4c5a6f4f3g3g2h2h1h3h4g4c6g5h5b6c7d6e6f6g6h6h7a7b7a8d7e7f7g7g8b8c8d8e8f8h8';
async function reviewOf(page) {
  await page.evaluate(() => window.reversi.setOptions({ black: 'human', white: 'human' }));
  await page.evaluate((t) => window.reversi.load(t), REVIEWED);
  await page.evaluate(() => window.reversi.review());
  return (await state(page)).review;
}
// FFO #59 (34 empties, black to move): level-12 searches it (Lazy SMP) for its whole budget (3 s).
const LONG = ffo('fforum-40-59.obf')[19].board;
async function thinkLong(page) {
  await page.evaluate(() => window.reversi.setOptions({ black: 'human', white: 'human' }));
  await page.evaluate((b) => window.reversi.load(b), LONG);
  await page.evaluate(() => window.reversi.setOptions({ black: 'level-12', pause: 0 }));
  await waitState(page, (s) => s.thinking, null, 10000);
}
const PLAY = '?color=black&opponent=level-1&speed=instant&pause=0';
// The computer thinks on LONG; its threads sampled over a second. Tried up to three times until
// both search threads were seen busy with the search still running: on a loaded machine a thread
// may get too little of a core in the sample to count, or the time manager may end a search early.
async function thinkOnBoth(page, settleMs) {
  let busy = null;
  for (let attempt = 0; attempt < 3; attempt++) {
    await thinkLong(page);
    await page.waitForTimeout(settleMs);
    busy = await busyCores(1000);
    if (busy.threads >= 2 && (await state(page)).thinking) break;
  }
  return busy;
}

try {
  // ---- 1. with the headers: the threaded build on 2 threads, exactly the single build's answers ----
  let threadedValues = null, threadedMoves = null, threadedReview = null;
  await step('served with the headers: the threaded build', async () => {
    const { ctx, page } = await openGame(isolatedServer, '?color=both&speed=instant&pause=0');
    const info = await page.evaluate(() => ({ isolated: self.crossOriginIsolated, ai: window.reversi.getState().ai, cores: navigator.hardwareConcurrency }));
    check('the page is cross-origin isolated', info.isolated === true);
    check(`getState().ai: the threaded build on ${info.cores} threads (every core of this machine, Automatic)`,
      info.ai.build === 'threads' && info.ai.threads === Math.min(8, info.cores) && info.ai.threads >= 2, JSON.stringify(info.ai));
    check('the console says which build runs', page.consoleLines.some((l) => /Reversi AI: threaded build, 2 threads/.test(l)),
      page.consoleLines.filter((l) => /Reversi AI/.test(l)).join(' | '));
    const settingsText = await page.evaluate(() => document.getElementById('ai-build').textContent);
    check('Settings says it', /Running on 2 threads/.test(settingsText), settingsText);
    threadedValues = await analyseAll(page, FIXED);
    const wrong = threadedValues.flatMap((list, i) => list.filter((m) => !m.exact || FIXED[i].values[m.square] !== m.value));
    check(`analyses on ${FIXED.length} FFO positions: every value exact and the file's`,
      wrong.length === 0 && threadedValues.every((l, i) => l.length === Object.keys(FIXED[i].values).length), JSON.stringify(wrong.slice(0, 2)));
    threadedMoves = await computerMoves(page, FIXED);
    check('level-12 plays a best move (exact) on each', threadedMoves.every((m, i) => bestOf(FIXED[i]).includes(m)), threadedMoves.join(' '));
    threadedReview = await reviewOf(page);
    check('a whole game reviewed', threadedReview.entries.length === REVIEWED.length / 2 && threadedReview.entries.some((e) => e.exact) &&
      threadedReview.entries.some((e) => !e.exact), `${threadedReview.entries.length} entries`);
    check('only the threaded AI was fetched', count(ctx.requested, SINGLE) === 0 && count(ctx.requested, THREADS) >= 3,
      ctx.requested.filter((n) => /ai-worker/.test(n)).join(' '));
    const sent = isolatedLog.map((p) => p.split('/').pop());
    check('the server sent the threaded AI\'s .wasm once, nothing of the single-thread one', count(sent, ['ai-worker-threads.wasm']) === 1 && count(sent, SINGLE) === 0,
      sent.filter((n) => /ai-worker/.test(n)).join(' '));
    await ctx.close();
  });

  // ---- 2. without them: the single-thread build, the same answers ----------------------------------
  await step('served without the headers: the single-thread build', async () => {
    const { ctx, page } = await openGame(plainServer, '?color=both&speed=instant&pause=0');
    const ai = await page.evaluate(() => window.reversi.getState().ai);
    check('getState().ai: the single-thread build', ai.build === 'single' && ai.threads === 1 && ai.isolated === false, JSON.stringify(ai));
    check('the console says so', page.consoleLines.some((l) => /Reversi AI: single-thread build/.test(l)));
    const disabled = await page.evaluate(() => document.getElementById('ai-threads').disabled);
    check("Settings' choice of threads is off where it cannot apply", disabled === true);
    const values = await analyseAll(page, FIXED);
    const same = values.every((list, i) => list.length === threadedValues[i].length &&
      list.every((m) => threadedValues[i].some((t) => t.square === m.square && t.value === m.value && t.exact === m.exact)));
    check('the analyses equal the threaded build\'s, move by move', same);
    const moves = await computerMoves(page, FIXED);
    check('level-12 plays a best move on each', moves.every((m, i) => bestOf(FIXED[i]).includes(m)), moves.join(' '));
    const review = await reviewOf(page);
    check('the same game\'s review equals the threaded build\'s (every entry, line and figure)',
      JSON.stringify(review) === JSON.stringify(threadedReview),
      `black ${review.black.accuracy}% / ${threadedReview && threadedReview.black.accuracy}%, white ${review.white.accuracy}% / ${threadedReview && threadedReview.white.accuracy}%`);
    check('only the single-thread AI was fetched', count(ctx.requested, THREADS) === 0 && count(ctx.requested, SINGLE) >= 2,
      ctx.requested.filter((n) => /ai-worker/.test(n)).join(' '));
    await ctx.close();
  });

  // ---- 3. inside an iframe of another origin (the game served with the headers) -------------------
  await step('inside an iframe of another origin: the single-thread build', async () => {
    const parent = http.createServer((req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><title>host</title><iframe src="${isolatedServer.url}index.html?layout=compact" width="400" height="700"></iframe>`);
    });
    await new Promise((r) => parent.listen(0, 'localhost', r));
    const ctx = await newContext();
    const page = await ctx.newPage();
    await page.goto(`http://localhost:${parent.address().port}/`);
    const frame = page.frames().find((f) => f.url().startsWith(isolatedServer.url)) ||
      await (await page.waitForSelector('iframe')).contentFrame();
    await frame.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null && window.reversi.worker().loaded, null, { timeout: 60000 });
    const info = await frame.evaluate(() => ({ isolated: self.crossOriginIsolated, ai: window.reversi.getState().ai }));
    check('not isolated in the frame: the single-thread build', info.isolated === false && info.ai.build === 'single', JSON.stringify(info));
    await frame.evaluate(() => window.reversi.play('f5'));
    await frame.waitForFunction(() => window.reversi.getState().transcript.length === 4, null, { timeout: 30000 });
    check('the computer answers in the frame', true);
    check('only the single-thread AI was fetched', count(ctx.requested, THREADS) === 0);
    await ctx.close();
    await new Promise((r) => parent.close(r));
  });

  // ---- 4. stopping and abandoning searches under threads -------------------------------------------
  await step('stopping searches under threads', async () => {
    const opened = await openGame(isolatedServer, '?color=both&speed=instant&pause=0');
    const ctx = opened.ctx;
    let page = opened.page;
    // The computer thinks on both threads (thinkOnBoth: seen busy, the search still running);
    // `action` (run in the page) abandons the search. The searching threads, busy before, must be
    // idle from 100 ms after; the fresh worker that replaces the old one compiles meanwhile, on
    // other threads.
    async function abandon(action) {
      const before = await thinkOnBoth(page, 200);
      const board = (await state(page)).board;
      const wasThinking = await page.evaluate((src) => {
        const thinking = window.reversi.getState().thinking;
        new Function(src)();
        return thinking;
      }, action);
      await page.waitForTimeout(100);
      const after = await busyCores(1000);
      return { before, after, board, wasThinking, still: [...before.busy].filter((t) => after.busy.has(t)) };
    }
    const ng = await abandon("window.reversi.newGame({ color: 'black', opponent: 'level-12' });");
    check('while level-12 thinks, two threads search', ng.before.threads >= 2, ng.before.toFixed(2));
    check('from 100 ms after a new game, every searching thread has stopped', ng.wasThinking && ng.before.threads >= 2 && ng.still.length === 0,
      `after: ${ng.after.toFixed(2)}; before: ${ng.before.toFixed(2)}`);
    await page.waitForTimeout(3000);
    let s = await state(page);
    check('no stray reply: the new game is untouched', s.transcript === '' && !s.thinking && s.black === 2 && s.white === 2, s.transcript);
    // A change of player while thinking: the search is abandoned, the position stays.
    const ch = await abandon("window.reversi.setOptions({ black: 'human' });");
    await page.waitForTimeout(2500);
    s = await state(page);
    check('a search abandoned by a change of player: every searching thread stopped, no stray move',
      ch.wasThinking && ch.before.threads >= 2 && ch.still.length === 0 && s.board === ch.board && !s.thinking,
      `still thinking at the change ${ch.wasThinking}; after: ${ch.after.toFixed(2)}; before: ${ch.before.toFixed(2)}; same board ${s.board === ch.board}`);
    // An analysis: on both cores while it runs, nothing once it is over.
    await page.waitForFunction(() => window.reversi.worker().loaded, null, { timeout: 30000 });
    await page.evaluate((b) => window.reversi.load(b), LONG);
    const pending = page.evaluate(() => window.reversi.analyze({ timeMs: 4000 }).then((l) => l.length, (e) => String(e)));
    await page.waitForTimeout(800);
    const analysing = await busyCores(2000);
    const analysed = await pending;
    await page.waitForTimeout(200);
    // Up to three windows of 800 ms, until none of the analysing threads is busy: a thread that
    // keeps searching is busy in all three; under load one of them was once still at 4% of a
    // core in the first window (the whole page used 0.52 cores while it analysed).
    let afterAnalysis = await busyCores(800);
    for (let i = 1; i < 3 && [...analysing.busy].some((t) => afterAnalysis.busy.has(t)); i++) afterAnalysis = await busyCores(800);
    check('an analysis searches on two threads, and nothing runs once it is over',
      analysing.threads >= 2 && [...analysing.busy].every((t) => !afterAnalysis.busy.has(t)),
      `analysing: ${analysing.toFixed(2)}; after: ${afterAnalysis.toFixed(2)}; analyze() gave ${analysed}`);
    // The page closes while the computer thinks: nothing left running (a fresh page: no
    // analysis slice ahead of the search).
    await page.close();
    page = (await openGame(isolatedServer, '?color=both&speed=instant&pause=0', { context: ctx })).page;
    const busy3 = await thinkOnBoth(page, 500);
    await page.close();
    await new Promise((r) => setTimeout(r, 100));
    const afterClose = await busyCores(1000);
    check('the page closed while thinking: nothing left running', busy3.threads >= 2 && afterClose.threads === 0,
      `after: ${afterClose.toFixed(2)}; before: ${busy3.toFixed(2)}`);
    await ctx.close();
  });

  // ---- 4b. the page hidden while the computer thinks or the analysis runs -----------------------------
  // Headless Chromium keeps every page visible, so the page is told it is hidden as a browser tells
  // it (document.visibilityState and the visibilitychange event); leaving the page for another and
  // coming back (pagehide, pageshow) is real navigation.
  await step('the page hidden: no thread runs; shown again: the game goes on', async () => {
    const { ctx, page } = await openGame(isolatedServer, '?color=both&speed=instant&pause=0');
    const setHidden = (hidden) => page.evaluate((h) => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (h ? 'hidden' : 'visible') });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
    await page.waitForFunction(() => window.reversi.worker().loaded, null, { timeout: 30000 });
    const thinking = await thinkOnBoth(page, 300);
    const board = (await state(page)).board;
    await setHidden(true);
    await page.waitForTimeout(100);
    const hidden = await busyCores(1500);
    let s = await state(page);
    const w = await page.evaluate(() => window.reversi.worker());
    check('hidden while level-12 thinks: every searching thread has stopped within 100 ms, the worker is gone',
      thinking.threads >= 2 && hidden.threads === 0 && w.suspended === true,
      `hidden: ${hidden.toFixed(2)}; before: ${thinking.toFixed(2)}; worker ${JSON.stringify(w)}`);
    check('hidden: the position and the computer\'s turn are kept, no move played', s.board === board && s.thinking === true,
      `thinking ${s.thinking}, same board ${s.board === board}`);
    await setHidden(false);
    await waitState(page, (st, b) => st.board !== b && !st.thinking, board, 30000).catch(() => {});
    s = await state(page);
    const w2 = await page.evaluate(() => window.reversi.worker());
    check('shown again: a fresh worker takes up the search and the computer plays', s.board !== board && w2.suspended === false && w2.loaded,
      `moved ${s.board !== board}; worker ${JSON.stringify(w2)}`);

    // The analysis: hidden mid-analysis, nothing runs; shown again, it goes on to its end.
    await page.evaluate(() => window.reversi.setOptions({ black: 'human', white: 'human' }));
    await page.evaluate((b) => window.reversi.load(b), LONG);
    const pending = page.evaluate(() => window.reversi.analyze({ timeMs: 3000 }).then((l) => l.length, (e) => String(e)));
    await page.waitForTimeout(800);
    const analysing = await busyCores(600);
    await setHidden(true);
    await page.waitForTimeout(100);
    const hiddenAnalysis = await busyCores(1000);
    await setHidden(false);
    const analysed = await Promise.race([pending, new Promise((r) => setTimeout(() => r('no answer in 30 s'), 30000))]);
    check('hidden mid-analysis: nothing runs; shown again: the analysis finishes',
      analysing.threads >= 2 && hiddenAnalysis.threads === 0 && typeof analysed === 'number' && analysed > 0,
      `analysing: ${analysing.toFixed(2)}; hidden: ${hiddenAnalysis.toFixed(2)}; analyze() gave ${analysed}`);

    // Left for another page while the computer thinks (pagehide), then back (pageshow).
    await page.evaluate(() => window.reversi.setOptions({ black: 'human', white: 'human' }));
    const before = await thinkOnBoth(page, 300);
    const leftBoard = (await state(page)).board;
    await page.evaluate(() => window.addEventListener('pageshow', (e) => { window.shownFromCache = e.persisted; }));
    await page.goto(isolatedServer.url + 'sw.js');
    await new Promise((r) => setTimeout(r, 100));
    const away = await busyCores(1000);
    check('left for another page while thinking: nothing runs', before.threads >= 2 && away.threads === 0,
      `away: ${away.toFixed(2)}; before: ${before.toFixed(2)}`);
    await page.goBack();
    // From the back/forward cache (pageshow) or, where the browser did not keep it, reloaded
    // with the saved game: either way the computer plays on.
    const restored = await page.evaluate(() => (window.shownFromCache ? 'from the back/forward cache' : 'reloaded'));
    await page.waitForFunction(() => { try { return !!window.reversi.getState(); } catch (e) { return false; } }, null, { timeout: 30000 });
    await waitState(page, (st, b) => st.board !== b && !st.thinking, leftBoard, 30000).catch(() => {});
    s = await state(page);
    check('back to the game: the computer plays on from the same position', s.board !== leftBoard &&
      (await page.evaluate(() => window.reversi.worker().suspended)) === false, `moved ${s.board !== leftBoard}; navigation ${restored}`);
    await ctx.close();
  });

  // ---- 5. the worker crashes mid-search under threads: replaced as today ---------------------------
  await step('a crash of the threaded worker', async () => {
    const ctx = await newContext();
    // The real worker under a wrapper that throws in its second search (tests/browser/faults.mjs);
    // inside the pthreads' own workers (which import the same script) it stays out of the way.
    let served = 0;
    await ctx.route('**/ai-worker-threads.js*', (route) => {
      if (/[?&]real\b/.test(route.request().url())) return route.continue();
      served++;
      return route.fulfill({ contentType: 'text/javascript', headers: { 'Cross-Origin-Embedder-Policy': 'require-corp' }, body: `
        if (typeof Module !== 'undefined' && Module['ENVIRONMENT_IS_PTHREAD']) {
          importScripts('ai-worker-threads.js?real');
        } else {
          importScripts('ai-worker-threads.js?real');
          var realOnMessage = onmessage, chooses = 0;
          onmessage = function (e) {
            if (e.data && e.data.funcName === 'ai_choose' && ++chooses === 2) {
              setTimeout(function () { throw new Error('simulated crash in the middle of a search'); }, 300);
              return;
            }
            return realOnMessage(e);
          };
        }` });
    });
    const { page } = await openGame(isolatedServer, PLAY, { context: ctx });
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    const legal = (await state(page)).legal;
    await page.evaluate((sq) => window.reversi.play(sq), legal[0]);
    await page.waitForFunction(() => !document.getElementById('error').hidden && document.querySelector('#error button'), null, { timeout: 30000 });
    const text = await page.evaluate(() => document.getElementById('error').textContent);
    check('the crash is reported with Retry', /simulated crash/.test(text) && /Retry/.test(text), text.slice(0, 120));
    await page.locator('#error button', { hasText: 'Retry' }).click();
    await waitState(page, (s) => s.transcript.length === 8 && !s.thinking, null, 30000);
    const s = await state(page);
    check('Retry: a fresh threaded worker answers, the game kept', s.transcript.length === 8 && s.error === null && s.ai.build === 'threads' && served >= 2,
      `${s.transcript}, ${served} workers`);
    await ctx.close();
  });

  // ---- 6. Settings: the number of threads ------------------------------------------------------------
  // ---- Automatic on other devices: both of 2 cores, one left to the page from 4 cores, at most 8 --
  await step('Automatic: the threads for 1, 2, 4, 8 and 16 cores', async () => {
    const got = {};
    for (const cores of [1, 2, 4, 8, 16]) {
      const ctx = await newContext();
      await ctx.addInitScript((n) => Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n }), cores);
      const page = await ctx.newPage();
      watchPage(page, problems);
      await page.goto(isolatedServer.url + 'index.html' + PLAY);
      await page.waitForFunction(() => { try { return window.reversi.worker().loaded; } catch (e) { return false; } }, null, { timeout: 30000 });
      got[cores] = (await state(page)).ai.threads;
      got[cores + 'url'] = ctx.requestedUrls.some((u) => u.includes(`ai-worker-threads.js?threads=${got[cores]}&`));
      await ctx.close();
    }
    check('Automatic runs 1, 2, 3, 7 and 8 threads on 1, 2, 4, 8 and 16 cores, in the worker it starts',
      got[1] === 1 && got[2] === 2 && got[4] === 3 && got[8] === 7 && got[16] === 8 && [1, 2, 4, 8, 16].every((n) => got[n + 'url']),
      JSON.stringify(got));
  });

  await step("Settings: the computer's threads", async () => {
    const { ctx, page } = await openGame(isolatedServer, PLAY);
    await page.evaluate(() => document.getElementById('settings').click());
    const label = await page.evaluate(() => document.querySelector('label[for="ai-threads"]').textContent);
    check('a labelled choice: Automatic, 1, 2, 4, 8', label === "Computer's threads" &&
      JSON.stringify(await page.evaluate(() => [...document.querySelectorAll('#ai-threads option')].map((o) => o.value))) === '["auto","1","2","4","8"]', label);
    await page.selectOption('#ai-threads', '4');
    await page.waitForFunction(() => window.reversi.worker().loaded && window.reversi.getState().ai.threads === 4, null, { timeout: 30000 });
    // (its 4 helper workers import the same script with the same query)
    check('4 threads: a new worker with them', ctx.requestedUrls.filter((u) => /ai-worker-threads\.js\?threads=4&/.test(u)).length >= 1 &&
      /Running on 4 threads/.test(await page.evaluate(() => document.getElementById('ai-build').textContent)));
    await page.keyboard.press('Escape');
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    check('the computer plays with them', true);
    // Kept for the next visit.
    const page2 = await ctx.newPage();
    await page2.goto(isolatedServer.url + 'index.html' + PLAY);
    await page2.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null, null, { timeout: 60000 });
    const ai2 = await page2.evaluate(() => window.reversi.getState().ai);
    check('the choice is kept', ai2.threads === 4 && ai2.choice === '4', JSON.stringify(ai2));
    await ctx.close();
  });

  // ---- 7. the service worker on a host without headers: isolated after one reload; offline ----------
  await step('service worker on a host without headers', async () => {
    plainLog.length = 0;
    const ctx = await newContext({ serviceWorkers: 'allow' });
    const page = await ctx.newPage();
    watchPage(page, problems);
    let navigations = 0;
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });
    await page.goto(plainServer.url + 'index.html' + PLAY);
    await page.waitForFunction(() => window.reversi && window.reversi.timings && window.reversi.timings.firstFrameMs !== null &&
      window.reversi.worker().loaded, null, { timeout: 60000 });
    const info = await page.evaluate(() => ({ isolated: self.crossOriginIsolated, ai: window.reversi.getState().ai }));
    check('isolated after its one reload: the threaded build', info.isolated === true && info.ai.build === 'threads' && navigations === 2,
      `${JSON.stringify(info)}, ${navigations} navigations`);
    check('nothing said to the player about it', await page.evaluate(() => document.getElementById('notice').hidden && document.getElementById('error').hidden));
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    // Offline: once the service worker holds the threaded build.
    await waitForAsync(page, async () => {
      for (const f of ['ai-worker-threads.js', 'ai-worker-threads.worker.js', 'ai-worker-threads.wasm'])
        if (!await caches.match(new URL(f, location.href).href)) return false;
      return true;
    }, null, { timeout: 30000, polling: 250 });
    const cached = await page.evaluate(async () => !!await caches.match(new URL('ai-worker.wasm', location.href).href));
    check('the single-thread build is not in the cache', cached === false);
    // What the server sent: each file of the threaded AI once, nothing of the single-thread one.
    const sent = plainLog.map((p) => p.split('/').pop());
    check('the first visit downloaded one AI build, each file once (the server\'s log)',
      count(sent, SINGLE) === 0 && THREADS.every((f) => count(sent, [f]) === 1), sent.filter((n) => /ai-worker/.test(n)).join(' '));
    await ctx.setOffline(true);
    await page.reload();
    await page.waitForFunction(() => window.reversi && window.reversi.timings && window.reversi.timings.firstFrameMs !== null &&
      window.reversi.worker().loaded, null, { timeout: 60000 });
    const off = await page.evaluate(() => ({ isolated: self.crossOriginIsolated, ai: window.reversi.getState().ai, t: window.reversi.getState().transcript }));
    check('offline: isolated, the threaded build', off.isolated && off.ai.build === 'threads', JSON.stringify(off));
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'level-8' }));
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    await page.evaluate((b) => window.reversi.load(b), FIXED[0].board);
    const list = await page.evaluate(() => window.reversi.analyze({ timeMs: 60000 }));
    check('offline: the computer plays and the analysis is exact', list.every((m) => m.exact && FIXED[0].values[m.square] === m.value));
    await ctx.setOffline(false);
    await ctx.close();
  });

  // ---- 8. the first visit waits behind the loading screen (index.html's inline script); a failed service worker ----
  await step('the first visit on a host without headers: the wait for the service worker; a failed one', async () => {
    // sw.js never answers: the page stays as the player sees it while it waits.
    let ctx = await newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
    await ctx.route('**/sw.js', () => {});
    let page = await ctx.newPage();
    watchPage(page, problems);
    await page.goto(plainServer.url + 'index.html' + PLAY + '&lang=ja');
    await page.waitForFunction(() => window.reversi && window.reversi.timings, null, { timeout: 30000 });
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(() => ({
      board: window.reversi.timings.firstFrameMs, game: typeof window.Module === 'object' && typeof window.Module._malloc === 'function',
      loading: !document.getElementById('loading').hidden, status: document.getElementById('status').textContent,
      expected: window.REVERSI_I18N.ja['page.loading'] }));
    check('while the service worker installs: the loading screen, the game not started', seen.board === null && !seen.game && seen.loading, JSON.stringify(seen));
    check('... and the status line says so in the page\'s language (Japanese)', seen.status === seen.expected && seen.expected !== 'Loading the game…', JSON.stringify(seen));
    await ctx.close();
    // sw.js missing (404): no reload; the single-thread AI at once, and it plays.
    ctx = await newContext({ serviceWorkers: 'allow' });
    await ctx.route('**/sw.js', (route) => route.fulfill({ status: 404, body: 'not here' }));
    page = await ctx.newPage();
    let navigations = 0;
    page.on('framenavigated', (f) => { if (f === page.mainFrame()) navigations++; });
    await page.goto(plainServer.url + 'index.html' + PLAY);
    await page.waitForFunction(() => window.reversi && window.reversi.timings && window.reversi.timings.firstFrameMs !== null &&
      window.reversi.worker().loaded, null, { timeout: 60000 });
    const info = await page.evaluate(() => window.reversi.getState().ai);
    check('no service worker: no reload, the single-thread build', info.build === 'single' && navigations === 1,
      `${JSON.stringify(info)}, ${navigations} navigations`);
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    check('no service worker: the computer answers', (await state(page)).transcript.length === 4);
    await ctx.close();
  });

  if (process.env.THREADS_BENCH) await import('./threads-bench.mjs').then((m) => m.bench({ browser, isolatedServer, check, step, ffo, median, root }));
} catch (err) {
  check('threads test ran to the end', false, err && err.stack ? err.stack.split('\n').slice(0, 4).join(' | ') : String(err));
}
const relevant = problems.filter((p) => !/simulated crash|net::ERR_INTERNET_DISCONNECTED/.test(p));
check('no uncaught error, failed request or console error', relevant.length === 0, relevant.slice(0, 4).join(' | '));
await browser.close();
await isolatedServer.close();
await plainServer.close();
finish();
