// Faults in the browser, each checked end to end in headless Chromium (Debian's
// /usr/bin/chromium through playwright-core; no browser is ever downloaded):
//   node tests/browser/faults.mjs         (after scripts/build-web.sh; scripts/test.sh runs it)
// Env: DIST (default build/web/dist), SCREENSHOTS (default build/web/screenshots),
//      CHROMIUM (default /usr/bin/chromium), BROWSER_TEST_LIMIT_MS (the watchdog: harness.mjs).
//
// The AI worker (ai-worker.js) missing (404), not compiling, its engine (ai-worker.wasm)
// missing, crashing in the middle of a search, dying silently, never answering; localStorage holding corrupt JSON, another
// program's object, a save with an illegal move, settings of the wrong type; storage
// disabled or full; two tabs of the game at once. Each case checks the message on the
// page, that the game in progress is intact (read through window.reversi.getState()),
// that a move can still be made (after Retry, or as two players), and that nothing was
// thrown uncaught in the page (Playwright's 'pageerror', plus the page's own 'error' and
// 'unhandledrejection' events). Screenshots of the messages at 1280x800 and 390x844 go
// to SCREENSHOTS. Prints "N passed, M failed"; exits non-zero on any failure.
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, launch } from './harness.mjs';

const SCREENSHOTS = path.resolve(root, process.env.SCREENSHOTS || path.join(path.dirname(DIST), 'screenshots'));
const SAVE_MAGIC = 'reversi-save-1|';

const suite = createSuite({ what: 'the fault tests', timeSteps: true });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite);
fs.mkdirSync(SCREENSHOTS, { recursive: true });

const server = await serve(DIST);
const browser = await launch(chromium);

// ---- helpers ----------------------------------------------------------------------------------
// Every page records what was thrown uncaught: Playwright's 'pageerror' and, from inside,
// 'error' and 'unhandledrejection' (so a rejected promise nobody handles counts too).
const uncaught = [];
function watchPage(page, label) {
  page.on('pageerror', (e) => uncaught.push(`${label}: pageerror ${e && e.message ? e.message : e}`));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Uncaught|unhandled/i.test(m.text())) uncaught.push(`${label}: console ${m.text()}`);
  });
  return page.addInitScript(() => {
    window.__uncaught = [];
    window.addEventListener('error', (e) => window.__uncaught.push('error: ' + (e.message || e.type)));
    window.addEventListener('unhandledrejection', (e) => window.__uncaught.push('unhandledrejection: ' + (e.reason && e.reason.message || e.reason)));
  });
}
async function pageUncaught(page) {
  return page.evaluate(() => window.__uncaught.slice());
}
async function noUncaught(page, name) {
  const inside = await pageUncaught(page);
  const outside = uncaught.splice(0);
  check(`${name}: nothing thrown uncaught in the page`, inside.length === 0 && outside.length === 0,
    [...inside, ...outside].slice(0, 3).join(' | '));
}

// Service workers are blocked: the offline copy (web/offline.js, sw.js) would serve
// ai-worker.js from its cache, past page.route, and hide the faults under test
// (tests/browser/offline.mjs tests it).
const newContext = (options = {}) => browser.newContext({ serviceWorkers: 'block', ...options });

// A new context (its own localStorage) and page; `setup(page)` adds routes and init scripts
// before the page loads. Waits for the first drawn frame.
async function openGame({ query = '', viewport = { width: 1280, height: 800 }, setup, context, label = 'page' } = {}) {
  const ctx = context || await newContext({ viewport });
  const page = await ctx.newPage();
  await watchPage(page, label);
  if (setup) await setup(page);
  await page.goto(server.url + 'index.html' + query);
  await page.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null, null, { timeout: 60000 });
  return { ctx, page };
}
const state = (page) => page.evaluate(() => window.reversi.getState());
const waitState = (page, fn, arg, timeout = 30000) =>
  page.waitForFunction(([src, a]) => new Function('s', 'a', 'return (' + src + ')(s, a)')(window.reversi.getState(), a),
    [fn.toString(), arg], { timeout, polling: 50 });
const bannerText = (page) => page.evaluate(() => { const e = document.getElementById('error'); return e.hidden ? '' : e.textContent; });
const noticeText = (page) => page.evaluate(() => { const e = document.getElementById('notice'); return e.hidden ? '' : e.textContent; });
const stored = (page) => page.evaluate(() => { try { return localStorage.getItem('reversi.game.v1'); } catch (e) { return 'THREW ' + e.name; } });
// Plays the first legal square for the person to move (through window.reversi.play,
// which throws for illegal ones); returns it.
const playAny = (page) => page.evaluate(() => {
  const s = window.reversi.getState();
  for (let i = 0; i < 64; i++) {
    if (s.board[i] !== '-') continue;
    const sq = 'abcdefgh'[i % 8] + (Math.floor(i / 8) + 1);
    try { window.reversi.play(sq); return sq; } catch (e) { /* not legal */ }
  }
  return null;
});
// Screenshots of the page at 1280x800 and 390x844 (a phone held upright).
async function shoot(page, name) {
  const files = [];
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(400);  // the canvas follows its box on the next frames
    const file = path.join(SCREENSHOTS, `${name}-${w}x${h}.png`);
    await page.screenshot({ path: file });
    files.push(path.relative(root, file));
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return files;
}
// The AI failure banner: role="alert", the message, and its two buttons.
async function banner(page) {
  return page.evaluate(() => {
    const e = document.getElementById('error');
    return { hidden: e.hidden, role: e.getAttribute('role'), text: e.textContent,
             buttons: Array.from(e.querySelectorAll('button')).map((b) => b.textContent) };
  });
}
async function waitBanner(page, timeout = 30000) {
  await page.waitForFunction(() => !document.getElementById('error').hidden && document.querySelector('#error button'), null, { timeout, polling: 50 });
  return banner(page);
}
function checkBanner(name, b, detail) {
  check(`${name}: a clear message with Retry and Continue as two players (role=alert)`,
    !b.hidden && b.role === 'alert' && /The computer player stopped working/.test(b.text) && detail.test(b.text) &&
    /Your game is kept/.test(b.text) && b.buttons.includes('Retry') && b.buttons.includes('Continue as two players'),
    b.text);
}
const clickButton = (page, container, label) => page.locator(`${container} button`, { hasText: label }).click();

// Worker scripts served instead of ai-worker.js. The real worker is loaded from
// "ai-worker.js?real" (not matched by the route) and its onmessage wrapped: the Nth
// request for a move (ai_choose) crashes, vanishes, or is never answered.
function wrapperWorker(nth, action) {
  return `
    importScripts('ai-worker.js?real');
    var realOnMessage = onmessage, seen = new WeakSet(), chooses = 0;
    onmessage = function (e) {
      // Emscripten re-delivers messages that arrived before it was ready: count each once.
      if (!seen.has(e) && e.data && e.data.funcName === 'ai_choose') {
        seen.add(e);
        if (++chooses === ${nth}) {
          ${action}
          return;
        }
      }
      seen.add(e);
      return realOnMessage(e);
    };`;
}
const CRASH = "setTimeout(function () { throw new Error('simulated crash in the middle of a search'); }, 300);";
const VANISH = 'setTimeout(function () { close(); }, 300);';
const HANG = '/* never answers */';

const OPP = '?color=black&opponent=level-1&speed=instant&pause=0';

try {
  // ---- 1. the worker script missing (404): Retry while it is still missing, then after it is back ----
  await step('worker 404', async () => {
    const name = 'worker 404';
    let missing = true;
    const { ctx, page } = await openGame({ query: OPP, label: name, setup: (p) =>
      p.route('**/ai-worker.js', (route) => missing
        ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }) : route.continue()) });
    const b = await waitBanner(page);
    checkBanner(name, b, /failed to load/);
    // The person can still make a move; the computer's turn then says it cannot play.
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => /failed/.test(s.message), null, 10000);
    let s = await state(page);
    check(`${name}: the person's move stands, the computer's turn waits`, s.transcript === 'f5' && s.toMove === 'white' && !s.thinking, JSON.stringify({ t: s.transcript, m: s.message }));
    const shots = await shoot(page, 'worker-missing');
    check(`${name}: screenshots`, shots.every((f) => fs.statSync(path.join(root, f)).size > 5000), shots.join(', '));
    // Retry while the script is still missing: the message goes, then comes back (a new
    // one: the old paragraph is tagged), and the game stays.
    await page.evaluate(() => {
      const e = document.getElementById('error');
      e.querySelector('p').setAttribute('data-old', '1');
      window.__bannerHidden = false;
      new MutationObserver(() => { if (e.hidden) window.__bannerHidden = true; }).observe(e, { attributes: true });
    });
    await clickButton(page, '#error', 'Retry');
    await page.waitForFunction(() => !document.getElementById('error').hidden && document.querySelector('#error p') &&
      !document.querySelector('#error p[data-old]'), null, { timeout: 30000, polling: 50 });
    const b2 = await banner(page);
    const wentAway = await page.evaluate(() => window.__bannerHidden);
    s = await state(page);
    check(`${name}: Retry with the worker still missing hides the message, then shows it again`,
      wentAway && /failed to load/.test(b2.text) && b2.buttons.includes('Retry') && s.transcript === 'f5', b2.text);
    // The script is back: Retry restarts the worker and the computer answers.
    missing = false;
    await clickButton(page, '#error', 'Retry');
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    s = await state(page);
    check(`${name}: after Retry the computer moves and the game goes on`,
      s.transcript.startsWith('f5') && s.transcript.length === 4 && s.toMove === 'black' && s.error === null && (await banner(page)).hidden,
      `transcript ${s.transcript}`);
    check(`${name}: a move can still be made`, (await playAny(page)) !== null);
    await noUncaught(page, name);
    await ctx.close();
  });

  // ---- 2. the worker script does not compile: continue as two players ----------------------------
  await step('worker syntax error', async () => {
    const name = 'worker does not compile';
    const { ctx, page } = await openGame({ query: OPP, label: name, setup: (p) =>
      p.route('**/ai-worker.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'this is not { JavaScript' })) });
    const b = await waitBanner(page);
    checkBanner(name, b, /SyntaxError/);
    await page.evaluate(() => window.reversi.play('f5'));
    await clickButton(page, '#error', 'Continue as two players');
    let s = await state(page);
    const notice = await noticeText(page);
    check(`${name}: Continue as two players keeps the game and hands white to a person`,
      s.transcript === 'f5' && /black=human/.test(s.options) && /white=human/.test(s.options) && s.humanToMove &&
      (await banner(page)).hidden && /Two players/.test(notice), `${s.transcript}, ${s.options}; ${notice}`);
    const mode = await page.evaluate(() => document.querySelector('#new-form input[name="color"]:checked').value);
    check(`${name}: the "You play" control shows both sides`, mode === 'both', mode);
    const focused = await page.evaluate(() => document.activeElement && document.activeElement.id);
    check(`${name}: keyboard focus goes to the board, not lost with the button`, /^sq-/.test(focused), `#${focused}`);
    const white = await playAny(page);
    const black = await playAny(page);
    s = await state(page);
    check(`${name}: both sides play on`, white && black && s.transcript === 'f5' + white + black, s.transcript);
    await noUncaught(page, name);
    await ctx.close();
  });

  // ---- 2b. the worker's engine (ai-worker.wasm) missing: reported at once, not after 30 s -------
  await step('worker wasm missing', async () => {
    const name = 'ai-worker.wasm missing';
    let missing = true;
    // The worker fetches it: a context route sees the worker's requests too.
    const { ctx, page } = await openGame({ query: OPP, label: name, setup: (p) =>
      p.context().route('**/ai-worker.wasm', (route) => missing
        ? route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }) : route.continue()) });
    const t0 = Date.now();
    const b = await waitBanner(page, 20000);
    const waited = Date.now() - t0;
    checkBanner(name, b, /the AI engine could not start/);
    check(`${name}: reported at once, not at the 30 s start-up limit`, waited < 10000, `${waited} ms after the board`);
    missing = false;
    await page.evaluate(() => window.reversi.play('f5'));
    await clickButton(page, '#error', 'Retry');
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    const s = await state(page);
    check(`${name}: Retry once it is back: the computer moves`, s.transcript.startsWith('f5') && s.transcript.length === 4 && s.error === null, s.transcript);
    await noUncaught(page, name);
    await ctx.close();
  });

  // ---- 3. the worker crashes in the middle of its second search; Retry -------------------------
  await step('worker crash', async () => {
    const name = 'worker crashes mid-search';
    const { ctx, page } = await openGame({ query: OPP, label: name, setup: (p) =>
      p.route('**/ai-worker.js', (route) => route.fulfill({ contentType: 'text/javascript', body: wrapperWorker(2, CRASH) })) });
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    const mine = await playAny(page);
    const b = await waitBanner(page);
    checkBanner(name, b, /simulated crash in the middle of a search/);
    let s = await state(page);
    check(`${name}: the game in progress is intact`, s.transcript.length === 6 && s.transcript.endsWith(mine) && s.toMove === 'white' && !s.thinking,
      `transcript ${s.transcript}`);
    const shots = await shoot(page, 'worker-crashed');
    check(`${name}: screenshots`, shots.length === 2, shots.join(', '));
    // A fresh worker (the wrapper again, whose first search works) answers the same position.
    await clickButton(page, '#error', 'Retry');
    await waitState(page, (s) => s.transcript.length === 8 && !s.thinking, null, 30000);
    s = await state(page);
    check(`${name}: Retry asks again and the computer moves`, s.transcript.length === 8 && s.toMove === 'black' && s.error === null, s.transcript);
    check(`${name}: a move can still be made`, (await playAny(page)) !== null);
    await noUncaught(page, name);
    await ctx.close();
  });

  // ---- 4. a search that never answers, and a worker that closes itself: the watchdog -------------
  await step('worker never answers', async () => {
    const name = 'search never answers';
    let served = 0;
    const { ctx, page } = await openGame({ query: OPP, label: name, setup: (p) =>
      // The first worker hangs in its first search; later ones (Retry) are the real one.
      p.route('**/ai-worker.js', (route) => (served++ === 0
        ? route.fulfill({ contentType: 'text/javascript', body: wrapperWorker(1, HANG) }) : route.continue())) });
    await page.evaluate(() => window.reversi.play('f5'));
    const t0 = Date.now();
    await waitState(page, (s) => s.thinking, null, 10000);
    const b = await waitBanner(page, 20000);
    const waited = Date.now() - t0;
    // level-1: 0.1 s budget + 5 s grace (web_ai_client.h).
    checkBanner(name, b, /did not answer within 5\.1 s/);
    check(`${name}: the watchdog fires a few seconds after the level's budget`, waited >= 4800 && waited < 12000, `${waited} ms`);
    let s = await state(page);
    check(`${name}: the game in progress is intact`, s.transcript === 'f5' && s.toMove === 'white' && !s.thinking && /did not answer/.test(s.error || ''), JSON.stringify({ t: s.transcript, e: s.error }));
    const shots = await shoot(page, 'worker-hung');
    check(`${name}: screenshots`, shots.length === 2, shots.join(', '));
    await clickButton(page, '#error', 'Retry');
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    s = await state(page);
    check(`${name}: Retry: a fresh worker answers`, s.transcript.length === 4 && s.error === null && served === 2, `${s.transcript}, ${served} worker scripts served`);
    await noUncaught(page, name);
    await ctx.close();
  });

  await step('worker closes itself', async () => {
    const name = 'worker closes itself mid-search';
    const { ctx, page } = await openGame({ query: OPP, label: name, setup: (p) =>
      p.route('**/ai-worker.js', (route) => route.fulfill({ contentType: 'text/javascript', body: wrapperWorker(1, VANISH) })) });
    // Mid-search: once the worker is up. (Asked before its hello, under load, the worker vanished
    // while still starting, and the page rightly waited for its 30 s start-up limit: a failure of
    // the person's run of 3a08368.)
    await page.waitForFunction(() => window.reversi.worker().loaded, null, { timeout: 30000 });
    await page.evaluate(() => window.reversi.play('f5'));
    const b = await waitBanner(page, 20000);
    checkBanner(name, b, /did not answer/);
    await clickButton(page, '#error', 'Continue as two players');
    const white = await playAny(page);
    const s = await state(page);
    check(`${name}: continue as two players`, white && s.transcript === 'f5' + white && s.toMove === 'black', s.transcript);
    await noUncaught(page, name);
    await ctx.close();
  });

  // ---- 5. corrupt or foreign data in localStorage -------------------------------------------------
  const corrupt = [
    { name: 'corrupt JSON', value: '{"board": "---XO', shot: 'storage-corrupt' },
    { name: 'a foreign object', value: JSON.stringify({ user: 'someone', moves: [37, 43], version: 7 }) },
    { name: 'a save with an illegal move', value: SAVE_MAGIC + 'black=human&white=level-1&speed=instant&pause=0|f5a1|' },
    { name: 'binary junk', value: '\u0000\uffff\ud800' + 'x'.repeat(20000) },
  ];
  for (const c of corrupt) {
    await step(`localStorage: ${c.name}`, async () => {
      const name = `localStorage holds ${c.name}`;
      const { ctx, page } = await openGame({ query: '', label: name, setup: (p) =>
        p.addInitScript((v) => { if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('reversi.game.v1', v); } }, c.value) });
      const notice = await noticeText(page);
      let s = await state(page);
      check(`${name}: a fresh game and a message that the saved game could not be read`,
        /Your saved game could not be read, so a new game has started/.test(notice) && s.transcript === '' && s.toMove === 'black' && s.black === 2 && s.white === 2,
        notice);
      const now = await stored(page);
      check(`${name}: the unreadable save is replaced by the fresh game`, typeof now === 'string' && now.startsWith(SAVE_MAGIC), String(now).slice(0, 60));
      if (c.shot) {
        const shots = await shoot(page, c.shot);
        check(`${name}: screenshots`, shots.length === 2, shots.join(', '));
      }
      await page.evaluate(() => window.reversi.setOptions({ speed: 'instant', pause: 0 }));
      await page.evaluate(() => window.reversi.play('f5'));
      await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
      s = await state(page);
      check(`${name}: the game plays (a move and the computer's reply)`, s.transcript.length === 4, s.transcript);
      // The message is said once: a reload finds the new save and says nothing.
      await page.reload();
      await page.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null, null, { timeout: 60000 });
      const s2 = await state(page);
      const notice2 = await noticeText(page);
      check(`${name}: after a reload the new game is back, without the message`, s2.transcript === s.transcript && !/could not be read/.test(notice2), `${s2.transcript} '${notice2}'`);
      await noUncaught(page, name);
      await ctx.close();
    });
  }

  // The same notes on the Japanese page: the reason in Japanese (the program's error, told by its
  // key, not by English words the page looks for), without the "keeping the current game" of a
  // refused load (a fresh game started instead).
  await step('localStorage: an unreadable save and a bad setting, on the Japanese page', async () => {
    for (const [value, want, label] of [
      [SAVE_MAGIC + 'black=human&white=level-1&speed=instant&pause=0|f5a1|',
       /^保存された対局を読み込めなかったため、新しいゲームを始めました（保存された対局の手順が壊れています（2手目の「a1」には打てません（白の番）））。/, 'an illegal move'],
      ['{"board": "---XO', /^保存された対局を読み込めなかったため、新しいゲームを始めました（保存されていたのはリバーシの対局ではありません）。/, 'not a game'],
      [SAVE_MAGIC + 'black=human&white=level-1&speed=banana&pause=0|f5d6|', /^保存された対局を再開しました。.*banana/, 'a bad setting'],
    ]) {
      const name = `the Japanese page, a save with ${label}`;
      const { ctx, page } = await openGame({ query: '?lang=ja', label: name, setup: (p) =>
        p.addInitScript((v) => { if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('reversi.game.v1', v); } }, value) });
      const notice = await noticeText(page);
      check(`${name}: the note in Japanese`, want.test(notice) && !/今の対局のままです|keeping|corrupt/.test(notice), notice);
      await noUncaught(page, name);
      await ctx.close();
    }
  });

  await step('localStorage: settings of the wrong type', async () => {
    const name = 'a save with settings of the wrong type';
    const value = SAVE_MAGIC + 'black=human&white=level-1&speed=banana&pause=0|f5d6|';
    const { ctx, page } = await openGame({ label: name, setup: (p) =>
      p.addInitScript((v) => { if (!sessionStorage.getItem('seeded')) { sessionStorage.setItem('seeded', '1'); localStorage.setItem('reversi.game.v1', v); } }, value) });
    const notice = await noticeText(page);
    const s = await state(page);
    check(`${name}: the valid part (the game) is kept, the bad setting named`,
      s.transcript === 'f5d6' && /saved game is back/.test(notice) && /banana/.test(notice), `${s.transcript}; ${notice}`);
    const sq = await playAny(page);
    await waitState(page, (s) => s.transcript.length === 8 && !s.thinking, null, 30000);
    check(`${name}: the game plays on`, sq !== null && (await state(page)).transcript.length === 8);
    await noUncaught(page, name);
    await ctx.close();
    // A link with other players starts its own game: no word about the saved one being back.
    const other = await openGame({ query: '?color=both', label: name, setup: (p) =>
      p.addInitScript((v) => { localStorage.setItem('reversi.game.v1', v); }, value) });
    const notice2 = await noticeText(other.page);
    const s2 = await state(other.page);
    check(`${name}, opened by a link with other players: a new game, no note about the save`,
      s2.transcript === '' && /white=human/.test(s2.options) && !/saved game/.test(notice2), `${s2.transcript} '${notice2}'`);
    await noUncaught(other.page, name);
    await other.ctx.close();
  });

  // ---- 6. storage disabled (private mode) or full ---------------------------------------------------
  await step('storage disabled', async () => {
    const name = 'storage disabled';
    const { ctx, page } = await openGame({ query: OPP, label: name, setup: (p) => p.addInitScript(() => {
      Object.defineProperty(window, 'localStorage', { configurable: true,
        get() { throw new DOMException('The operation is insecure.', 'SecurityError'); } });
    }) });
    const notice = await noticeText(page);
    check(`${name}: a note that the game will not be saved`, /does not let the page store data/.test(notice) && /will not be saved/.test(notice), notice);
    const shots = await shoot(page, 'storage-disabled');
    check(`${name}: screenshots`, shots.length === 2, shots.join(', '));
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    await playAny(page);
    await waitState(page, (s) => s.transcript.length === 8 && !s.thinking, null, 30000);
    const s = await state(page);
    const notes = await page.evaluate(() => document.querySelectorAll('#notice p').length);
    check(`${name}: the game plays, the note is said once`, s.transcript.length === 8 && notes === 1, `${s.transcript}, ${notes} note(s)`);
    await noUncaught(page, name);
    await ctx.close();
  });

  await step('storage full', async () => {
    const name = 'storage full';
    const { ctx, page } = await openGame({ query: OPP, label: name, setup: (p) => p.addInitScript(() => {
      Storage.prototype.setItem = function () { throw new DOMException('The quota has been exceeded.', 'QuotaExceededError'); };
    }) });
    const before = await noticeText(page);
    await page.evaluate(() => window.reversi.play('f5'));
    await waitState(page, (s) => s.transcript.length === 4 && !s.thinking, null, 30000);
    await playAny(page);
    await waitState(page, (s) => s.transcript.length === 8 && !s.thinking, null, 30000);
    const notice = await noticeText(page);
    const notes = await page.evaluate(() => document.querySelectorAll('#notice p').length);
    const s = await state(page);
    check(`${name}: once the first save fails, one note says the game will not be saved`,
      before === '' && /storage for this page is full/.test(notice) && /will not be saved/.test(notice) && notes === 1, notice);
    check(`${name}: the game plays on`, s.transcript.length === 8, s.transcript);
    await noUncaught(page, name);
    await ctx.close();
  });

  // ---- 7. two tabs of the game at once -------------------------------------------------------------
  await step('two tabs', async () => {
    const name = 'two tabs';
    const ctx = await newContext({ viewport: { width: 1280, height: 800 } });
    const q = '?color=both&speed=instant';
    const { page: a } = await openGame({ context: ctx, query: q, label: 'tab A' });
    const { page: b } = await openGame({ context: ctx, query: q, label: 'tab B' });
    await a.evaluate(() => window.reversi.play('f5'));
    await b.waitForFunction(() => !!document.querySelector('#notice [data-note="tab"]'), null, { timeout: 10000 });
    let nb = await noticeText(b);
    let sb = await state(b);
    check(`${name}: tab B is told that tab A saved another game, and keeps its own`,
      /also open in another tab/.test(nb) && sb.transcript === '', nb);
    const shots = await shoot(b, 'two-tabs');
    check(`${name}: screenshots`, shots.length === 2, shots.join(', '));
    // B plays its own game: its save replaces A's whole (never a mix); A hears of it,
    // and B's note goes (the other game is no longer the saved one).
    await b.evaluate(() => window.reversi.play('d3'));
    await a.waitForFunction(() => !!document.querySelector('#notice [data-note="tab"]'), null, { timeout: 10000 });
    const storedB = await stored(a);
    check(`${name}: the stored game is B's whole game, and B's note is gone`,
      storedB === await b.evaluate(() => window.reversi.save()) && !/also open/.test(await noticeText(b)), storedB);
    await a.evaluate(() => window.reversi.play('d6'));
    await b.waitForFunction(() => !!document.querySelector('#notice [data-note="tab"]') &&
      /\|f5d6\|/.test(localStorage.getItem('reversi.game.v1')), null, { timeout: 10000 });
    const sa = await state(a);
    sb = await state(b);
    check(`${name}: both tabs play on their own games`, sa.transcript === 'f5d6' && sb.transcript === 'd3', `A ${sa.transcript}, B ${sb.transcript}`);
    // A third tab (a reload) shows the game of the last move made: A's.
    const { page: c } = await openGame({ context: ctx, label: 'tab C' });
    const sc = await state(c);
    check(`${name}: a new tab shows the game where the last move was made`, sc.transcript === 'f5d6', sc.transcript);
    // B switches to the saved game and plays on in it.
    await clickButton(b, '#notice', 'Switch to that game');
    sb = await state(b);
    nb = await noticeText(b);
    const moved = await playAny(b);
    const sb2 = await state(b);
    await c.waitForFunction((t) => (localStorage.getItem('reversi.game.v1') || '').includes('|' + t + '|'), sb2.transcript, { timeout: 10000 }).catch(() => {});
    check(`${name}: tab B switches to that game and plays on`, sb.transcript === 'f5d6' && !/also open/.test(nb) && moved && sb2.transcript === 'f5d6' + moved,
      `${sb.transcript} -> ${sb2.transcript}`);
    const final = await stored(c);
    check(`${name}: what is stored is a whole, readable game`, final === await b.evaluate(() => window.reversi.save()) && final.startsWith(SAVE_MAGIC), final);
    for (const [p, label] of [[a, 'tab A'], [b, 'tab B'], [c, 'tab C']]) {
      const inside = await pageUncaught(p);
      check(`${name}: nothing thrown uncaught in ${label}`, inside.length === 0, inside.join(' | '));
    }
    await noUncaught(a, name);
    await ctx.close();
  });
} catch (err) {
  check('fault tests ran to the end', false, err && err.stack ? err.stack.split('\n').slice(0, 4).join(' | ') : String(err));
} finally {
  await browser.close().catch(() => {});
  await server.close();
}
finish();
