// End-to-end test of the web build in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core; no browser is ever downloaded).
//   node tests/browser/run.mjs            (after scripts/build-web.sh)
// Env: DIST (default build/web/dist), ARTIFACTS (default build/web/artifacts),
//      CHROMIUM (default /usr/bin/chromium), MAX_FRAME_GAP_MS (default 250).
// Serves DIST on 127.0.0.1 with the tiny server next to this file, checks the board
// drawn on the canvas, plays by clicking, waits for the worker's replies, reloads,
// measures the frame rate while the deepest level searches, and checks errors.
// Prints measurements, then "N passed, M failed"; exits non-zero on any failure.
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { root, DIST, distFiles, createSuite, loadChromium, launch, samplePixels } from './harness.mjs';

const ARTIFACTS = path.resolve(root, process.env.ARTIFACTS || path.join(path.dirname(DIST), 'artifacts'));
const MAX_FRAME_GAP_MS = Number(process.env.MAX_FRAME_GAP_MS || 250);
// 20 moves of level-1 against itself after 6 random ones (reversi-cli play --black level-1
// --white level-1 --openings random:6 --seed 7): black to move, far from the opening book.
const OUT_OF_BOOK = 'c4c5e6c3b3f6f5b4a4d6b5c6b6d3d2c2e3a3a2a7';

const report = {};
const suite = createSuite({ what: 'the browser test' });
const { check, step, finish } = suite;

// Starts a game where the computer (black) searches at `opponent` and records
// requestAnimationFrame timestamps from the page until its move arrives; also
// the same for 1.5 s of an idle page first, as a baseline for this machine.
async function measureFrames(page, opponent) {
  return page.evaluate(async ([opponent, OUT_OF_BOOK]) => {
    const r = window.reversi;
    const gapOf = (a) => { let m = 0; for (let i = 1; i < a.length; i++) m = Math.max(m, a[i] - a[i - 1]); return m; };
    const idle = [];
    await new Promise((resolve) => {
      const t0 = performance.now();
      (function tick(t) { idle.push(t); if (t - t0 > 1500) resolve(); else requestAnimationFrame(tick); })(t0);
    });
    // Baseline: the same redraw rate as during a search (the thinking dots, 5 Hz),
    // caused by toggling the legal-move markers, without any search.
    const redraw = [];
    await new Promise((resolve) => {
      const t0 = performance.now();
      let last = t0, on = false;
      (function tick(t) {
        redraw.push(t);
        if (t - last >= 200) { last = t; on = !on; r.setOptions({ markers: on ? 'on' : 'off' }); }
        if (t - t0 > 1600) resolve(); else requestAnimationFrame(tick);
      })(t0);
    });
    r.setOptions({ markers: 'on' });
    const before = r.frameStats();
    // A midgame position out of the opening book (where a level answers at once): black, the
    // computer, searches at full depth.
    r.load(OUT_OF_BOOK);
    r.setOptions({ black: opponent, white: 'human', speed: 'fast', pause: 0 });
    const stamps = [];
    let sawThinking = false, done = false, thinkStart = 0, thinkEnd = 0;
    await new Promise((resolve) => {
      const limit = performance.now() + 120000;
      function tick(t) {
        const s = r.getState();
        if (s.thinking) { if (!sawThinking) thinkStart = t; sawThinking = true; stamps.push(t); }
        else if (sawThinking) { thinkEnd = t; done = true; }
        if (done || t > limit) resolve(); else requestAnimationFrame(tick);
      }
      requestAnimationFrame(tick);
    });
    const after = r.frameStats();
    return { sawThinking, done, frames: stamps.length, maxGap: gapOf(stamps), searchMs: thinkEnd - thinkStart,
             idleMaxGap: gapOf(idle), idleFrames: idle.length, redrawMaxGap: gapOf(redraw), redraws: after.draws - before.draws,
             drawMsAvg: after.drawMsAvg, transcript: r.getState().transcript, dpr: window.devicePixelRatio };
  }, [opponent, OUT_OF_BOOK]);
}

const chromium = await loadChromium(suite);
fs.mkdirSync(ARTIFACTS, { recursive: true });

const server = await serve(DIST);
const browser = await launch(chromium);

const consoleErrors = [];
async function openPage(context, query = '') {
  const page = await context.newPage();
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  const t0 = Date.now();
  await page.goto(server.url + 'index.html' + query);
  await page.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null, null, { timeout: 60000 });
  page.loadToBoardMs = Date.now() - t0;
  return page;
}
const state = (page) => page.evaluate(() => window.reversi.getState());
const waitState = (page, fn, arg, timeout = 60000) =>
  page.waitForFunction(([src, a]) => new Function('s', 'a', 'return (' + src + ')(s, a)')(window.reversi.getState(), a),
    [fn.toString(), arg], { timeout, polling: 50 });

const luma = (c) => 0.299 * c.r + 0.587 * c.g + 0.114 * c.b;
const isGreen = (c) => c.g > c.r + 25 && c.g > c.b + 25;
const fmt = (c) => `rgb(${c.r},${c.g},${c.b})`;
const counts = (board) => ({ X: [...board].filter((ch) => ch === 'X').length, O: [...board].filter((ch) => ch === 'O').length });

try {
  // ---- main flow: one context (shared localStorage), a high-DPI screen --------------------------
  const context = await browser.newContext({ viewport: { width: 1000, height: 760 }, deviceScaleFactor: 2 });
  let page;
  await step('page loads and draws', async () => {
    page = await openPage(context);
    const timings = await page.evaluate(() => window.reversi.timings);
    report.loadToBoardMs = Math.round(timings.firstFrameMs);
    report.navigationToBoardMs = Math.round(timings.firstFrameAtMs);
    check('page loads and draws the first frame', timings.firstFrameAtMs > 0,
      `board drawn ${report.navigationToBoardMs} ms after the navigation started (${report.loadToBoardMs} ms after the page's script ran)`);
  });
  if (!page) throw new Error('the page did not load');

  await step('canvas is crisp', async () => {
    const size = await page.evaluate(() => {
      const c = document.getElementById('canvas'), r = c.getBoundingClientRect();
      return { w: c.width, h: c.height, cssW: r.width, cssH: r.height, dpr: window.devicePixelRatio };
    });
    check('canvas buffer = CSS box x devicePixelRatio',
      Math.abs(size.w - Math.floor(size.cssW * size.dpr)) <= 2 && Math.abs(size.h - Math.floor(size.cssH * size.dpr)) <= 2,
      `${size.w}x${size.h} for ${size.cssW}x${size.cssH} CSS px at ${size.dpr}x`);
  });

  await step('initial board on the canvas', async () => {
    report.players = await page.evaluate(() => window.reversi.players().map((p) => p.name));
    check('the player list has the classic players and the levels', report.players.includes('weighted') && report.players.some((n) => /^level-/.test(n)),
      report.players.join(' '));
    const s = await state(page);
    check('state: start position, black to move',
      s.board === '-'.repeat(27) + 'OX' + '-'.repeat(6) + 'XO' + '-'.repeat(27) && s.toMove === 'black' && s.black === 2 && s.white === 2,
      JSON.stringify({ board: s.board, toMove: s.toMove }));
    const squares = ['d4', 'e5', 'd5', 'e4', 'a1', 'h8', 'b7', 'g2'];
    const pts = await page.evaluate((sq) => sq.map((q) => window.reversi.squareCenter(q)), squares);
    const px = await samplePixels(page, pts);
    const by = Object.fromEntries(squares.map((q, i) => [q, px[i]]));
    check('d4 and e5 show white stones', luma(by.d4) > 170 && luma(by.e5) > 170, `d4 ${fmt(by.d4)}, e5 ${fmt(by.e5)}`);
    check('d5 and e4 show black stones', luma(by.d5) < 70 && luma(by.e4) < 70, `d5 ${fmt(by.d5)}, e4 ${fmt(by.e4)}`);
    check('empty cells are green', ['a1', 'h8', 'b7', 'g2'].every((q) => isGreen(by[q])),
      ['a1', 'h8', 'b7', 'g2'].map((q) => `${q} ${fmt(by[q])}`).join(', '));
  });

  let afterReply;
  await step('click f5, computer replies', async () => {
    const f5 = await page.evaluate(() => window.reversi.squareCenter('f5'));
    const box = await page.locator('#canvas').boundingBox();
    await page.mouse.click(box.x + f5.x, box.y + f5.y);
    await waitState(page, (s) => s.transcript.startsWith('f5'), null, 10000);
    const s1 = await state(page);
    check('clicking f5 plays f5', s1.transcript.startsWith('f5') && s1.board[37] === 'X', `transcript ${s1.transcript}`);
    const t0 = Date.now();
    await waitState(page, (s) => s.transcript.length >= 4 && !s.thinking && !s.animating, null, 90000);
    afterReply = await state(page);
    report.firstReplyMs = Date.now() - t0;
    const c = counts(afterReply.board);
    check('the computer (worker) replied', afterReply.transcript.length === 4 && afterReply.toMove === 'black',
      `transcript ${afterReply.transcript} after ${report.firstReplyMs} ms`);
    check('disc counts add up', afterReply.black + afterReply.white === 6 && c.X === afterReply.black && c.O === afterReply.white
      && afterReply.black === 3 && afterReply.white === 3, `black ${afterReply.black}, white ${afterReply.white}`);
    await page.screenshot({ path: path.join(ARTIFACTS, 'screenshot.png') });
    check('screenshot saved', fs.statSync(path.join(ARTIFACTS, 'screenshot.png')).size > 1000, path.relative(root, path.join(ARTIFACTS, 'screenshot.png')));
  });

  await step('illegal and out-of-turn moves', async () => {
    const before = await state(page);
    let message = '';
    try { await page.evaluate(() => window.reversi.play('a1')); } catch (e) { message = e.message; }
    const after = await state(page);
    check("play('a1') throws a clear error", /a1/i.test(message) && /legal/i.test(message), message.split('\n')[0]);
    check("play('a1') leaves the state untouched", after.board === before.board && after.transcript === before.transcript && after.toMove === before.toMove);
    message = '';
    try { await page.evaluate(() => window.reversi.play('z9')); } catch (e) { message = e.message; }
    check("play('z9') throws 'not a square'", /not a square/.test(message), message.split('\n')[0]);
  });

  await step('reload keeps the game', async () => {
    const before = await state(page);
    await page.reload();
    await page.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null, null, { timeout: 60000 });
    const after = await state(page);
    check('after a reload the same game is shown', after.transcript === before.transcript && after.board === before.board,
      `${before.transcript} -> ${after.transcript}`);
  });

  await step('undo against the computer', async () => {
    const ok = await page.evaluate(() => window.reversi.undo());
    const s = await state(page);
    check('undo goes back before the person\'s move', ok && s.transcript === '' && s.toMove === 'black', `transcript '${s.transcript}'`);
    await page.evaluate(() => window.reversi.redo());
  });

  await step('keyboard play on the board grid', async () => {
    await page.evaluate(() => window.reversi.newGame({ color: 'both', speed: 'instant' }));
    // The grid's focus starts on d3 (legal for black); arrows move it, Enter plays.
    await page.focus('#sq-d3');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await waitState(page, (s) => s.transcript === 'd3', null, 5000).catch(() => {});
    const s = await state(page);
    check('arrow keys and Enter play on the board grid', s.transcript === 'd3', `transcript '${s.transcript}'`);
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement && (document.activeElement.id || document.activeElement.tagName));
    check('Tab leaves the board (no keyboard trap)', !/^sq-/.test(focused), `focus on ${focused}`);
  });

  await step('hint', async () => {
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'level-1', speed: 'instant' }));
    await page.evaluate(() => window.reversi.hint());
    await waitState(page, (s) => s.hint !== null, null, 30000);
    const s = await state(page);
    check('hint() shows a legal square', ['d3', 'c4', 'f5', 'e6'].includes(s.hint), `hint ${s.hint}`);
  });

  await step('an abandoned search is ignored', async () => {
    const deepest = (report.players || []).filter((n) => /^level-\d+$/.test(n)).pop() || 'weighted';
    const r = await page.evaluate(async ([opponent, outOfBook]) => {
      const rv = window.reversi;
      rv.load(outOfBook);
      rv.setOptions({ black: opponent, white: 'human', pause: 0 });
      const t0 = performance.now();
      while (!rv.getState().thinking && performance.now() - t0 < 10000) await new Promise((res) => setTimeout(res, 20));
      const wasThinking = rv.getState().thinking;
      rv.newGame({ color: 'both' });              // abandons the search
      await new Promise((res) => setTimeout(res, 4000));  // longer than the level's time budget
      const s = rv.getState();
      return { wasThinking, transcript: s.transcript, thinking: s.thinking, error: s.error };
    }, [deepest, OUT_OF_BOOK]);
    check('a new game during a search drops its reply', r.wasThinking && r.transcript === '' && !r.thinking && r.error === null,
      JSON.stringify(r));
    await page.evaluate(() => window.reversi.newGame({ color: 'white', opponent: 'level-1', speed: 'instant' }));
    await waitState(page, (s) => s.transcript.length === 2, null, 30000).catch(() => {});
    const s = await state(page);
    check('the restarted worker answers the next request', s.transcript.length === 2, `transcript '${s.transcript}'`);
  });

  await step('newGame rejects a bad option', async () => {
    const before = await state(page);
    let message = '';
    try { await page.evaluate(() => window.reversi.newGame({ color: 'purple' })); } catch (e) { message = e.message; }
    const after = await state(page);
    check('newGame({color: "purple"}) throws and keeps the game', /purple/.test(message) && after.transcript === before.transcript, message.split('\n')[0]);
  });

  await step('move and gameover events', async () => {
    // Two computers at the fastest level play a whole game; the page must tell every move and the end.
    const players = report.players || [];
    const fast = players.includes('level-1') ? 'level-1' : players[0];
    const r = await page.evaluate(async (opponent) => {
      const rv = window.reversi;
      const moves = [];
      let over = null;
      const onMove = (m) => moves.push(m.square);
      const onOver = (g) => { over = g; };
      rv.on('move', onMove).on('gameover', onOver);
      rv.newGame({ color: 'none', opponent, speed: 'instant', pause: 0 });
      const limit = performance.now() + 120000;
      while (!over && performance.now() < limit) await new Promise((res) => setTimeout(res, 50));
      rv.off('move', onMove).off('gameover', onOver);
      const s = rv.getState();
      return { moves: moves.length, over, state: { over: s.over, transcript: s.transcript, black: s.black, white: s.white, toMove: s.toMove } };
    }, fast);
    check('computer vs computer plays to the end with events', r.over && r.state.over && r.state.toMove === null &&
      r.moves === r.state.transcript.length / 2 && r.over.black === r.state.black && r.over.white === r.state.white,
      `${r.moves} moves, ${r.over ? r.over.result + ' ' + r.over.black + '-' + r.over.white : 'no gameover event'}`);
  });
  await step('an exact endgame search in the worker', async () => {
    // Computers at level-1 play to 20 empties, then the strongest level takes over the side to move.
    const deepest = (report.players || []).filter((n) => /^level-\d+$/.test(n)).pop() || 'weighted';
    const r = await page.evaluate(async (strong) => {
      const rv = window.reversi;
      rv.newGame({ color: 'none', opponent: 'level-1', speed: 'instant', pause: 0 });
      const t0 = performance.now();
      while (rv.getState().transcript.length < 80 && !rv.getState().over && performance.now() - t0 < 60000)
        await new Promise((res) => setTimeout(res, 20));
      rv.setOptions({ black: 'human', white: 'human' });
      await new Promise((res) => setTimeout(res, 300));
      const st = rv.getState();
      const n0 = st.transcript.length;
      const t1 = performance.now();
      rv.setOptions(st.toMove === 'black' ? { black: strong, pause: 0 } : { white: strong, pause: 0 });
      while (rv.getState().transcript.length === n0 && !rv.getState().error && !rv.getState().message &&
             performance.now() - t1 < 60000) await new Promise((res) => setTimeout(res, 20));
      const s2 = rv.getState();
      return { empties: 60 - n0 / 2, ms: Math.round(performance.now() - t1), played: s2.transcript.slice(n0, n0 + 2),
               message: s2.message, error: s2.error, over: st.over };
    }, deepest);
    report.endgame = r;
    check(`${deepest} answers with ${r.empties} empties (exact endgame) in the worker`,
      !r.over && r.played.length === 2 && !r.error && !r.message, `${r.played} after ${r.ms} ms ${r.message || ''}`);
  });

  await context.close();

  // ---- the page keeps drawing while the deepest level searches ---------------------------------
  // Asserted at 1x (800x600): with software WebGL (headless, no GPU) one full redraw
  // of a high-DPI canvas alone can take longer than the limit on a busy 2-core
  // machine, search or no search; the 2x figure is measured and reported too.
  const deepest = (() => {
    const players = report.players || [];
    const levels = players.filter((n) => /^level-\d+$/.test(n)).sort((a, b) => Number(a.slice(6)) - Number(b.slice(6)));
    return levels.length ? levels[levels.length - 1] : players[players.length - 1];
  })();
  report.deepest = deepest;
  for (const dpr of [1, 2]) {
    await step(`frames during the search at ${dpr}x`, async () => {
      const ctx = await browser.newContext({ viewport: { width: 800, height: 600 }, deviceScaleFactor: dpr });
      const p = await openPage(ctx);
      // Timing on a shared machine is noisy: up to 3 attempts at 1x, the best one counts.
      // A search on the main thread would stall every attempt for the whole search.
      const attempts = [];
      let m, limit;
      for (let i = 0; i < (dpr === 1 ? 3 : 1); i++) {
        m = await measureFrames(p, deepest);
        // The bound: MAX_FRAME_GAP_MS, or twice what redrawing alone costs on this
        // machine when that is more (software WebGL on a loaded machine), at most 1 s.
        limit = Math.min(1000, Math.max(MAX_FRAME_GAP_MS, 2 * m.redrawMaxGap));
        attempts.push(Math.round(m.maxGap));
        if (m.maxGap < limit) break;
      }
      report[`frameGap${dpr}x`] = { ...m, attempts, limit };
      const detail = `${m.maxGap.toFixed(1)} ms over ${m.frames} frames in a ${Math.round(m.searchMs)} ms search ` +
        `(${m.redraws} redraws); without a search: idle ${m.idleMaxGap.toFixed(1)} ms, redrawing at the same rate ` +
        `${m.redrawMaxGap.toFixed(1)} ms; attempts ${attempts.join(', ')} ms`;
      if (dpr === 1) {
        check(`the computer searched at ${deepest} in the worker`, m.sawThinking && m.done && m.transcript.length === OUT_OF_BOOK.length + 2,
          `reply ${m.transcript} after ${Math.round(m.searchMs)} ms`);
        check(`longest gap between frames during the search < ${limit.toFixed(0)} ms (1x)`,
          m.frames > 5 && m.maxGap < limit && m.searchMs > limit, detail);
      } else {
        check(`frames keep coming during the search (2x, reported)`, m.frames > 1 && m.done, detail);
      }
      await ctx.close();
    });
  }

  // ---- a bad URL option, a phone screen -------------------------------------------------------
  const phone = await browser.newContext({ viewport: { width: 320, height: 640 }, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
  await step('invalid URL option', async () => {
    const p = await openPage(phone, '?color=purple&opponent=level-1&speed=fast');
    const notice = await p.evaluate(() => { const n = document.getElementById('notice'); return n.hidden ? '' : n.textContent; });
    const s = await state(p);
    check('an invalid URL option shows a message on the page', /not understood/.test(notice), notice.replace(/\n/g, ' '));
    check('the default is used for it and the valid options apply',
      /(^|&)black=human/.test(s.options) && /(^|&)white=level-1/.test(s.options) && /speed=110|speed=fast/.test(s.options) && s.toMove === 'black', s.options);
    const layout = await p.evaluate(() => ({ scrollW: document.documentElement.scrollWidth, canvas: document.getElementById('canvas').getBoundingClientRect().width }));
    check('fits a 320 px wide phone', layout.scrollW <= 320 && layout.canvas >= 280, `page ${layout.scrollW} px wide, canvas ${layout.canvas} px`);
    // A tap on the board plays.
    const f5 = await p.evaluate(() => window.reversi.squareCenter('f5'));
    const box = await p.locator('#canvas').boundingBox();
    await p.touchscreen.tap(box.x + f5.x, box.y + f5.y);
    await waitState(p, (s) => s.transcript.startsWith('f5'), null, 10000).catch(() => {});
    const s2 = await state(p);
    check('a tap on f5 plays it', s2.transcript.startsWith('f5'), `transcript '${s2.transcript}'`);
    await p.screenshot({ path: path.join(ARTIFACTS, 'screenshot-phone.png') });
  });
  await phone.close();

  // ---- embedded in an iframe; a worker that fails to load -------------------------------------
  const embed = await browser.newContext({ viewport: { width: 900, height: 700 } });
  await step('works inside an iframe', async () => {
    const p = await embed.newPage();
    await p.route('**/embed-test.html', (route) => route.fulfill({ contentType: 'text/html',
      body: `<!doctype html><title>host</title><iframe src="index.html?color=white&opponent=level-3&speed=fast&markers=off" width="800" height="600" title="Reversi"></iframe>` }));
    await p.goto(server.url + 'embed-test.html');
    const frame = p.frames().find((f) => f !== p.mainFrame());
    await frame.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null, null, { timeout: 60000 });
    await frame.waitForFunction(() => window.reversi.getState().transcript.length === 2, null, { timeout: 60000 });
    const s = await frame.evaluate(() => window.reversi.getState());
    check('in an iframe the computer (black) opens for a white player', s.transcript.length === 2 && s.toMove === 'white', s.transcript);
    check('URL options ?color=white&opponent=level-3&speed=fast&markers=off apply',
      /black=level-3/.test(s.options) && /white=human/.test(s.options) && /markers=off/.test(s.options) && /speed=(fast|110)/.test(s.options), s.options);
    await p.close();
  });
  // The worker faults below replace ai-worker.js with page.route: service workers blocked, since
  // a page the service worker controls (and made cross-origin isolated: the threaded worker)
  // would load its worker past the route (tests/browser/faults.mjs does the same).
  await step('a worker that cannot load is reported', async () => {
    const p = await (await browser.newContext({ viewport: { width: 900, height: 700 }, serviceWorkers: 'block' })).newPage();
    await p.route('**/ai-worker.js', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }));
    await p.goto(server.url + 'index.html?color=white&opponent=level-1');
    await p.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 45000 });
    const text = await p.evaluate(() => document.getElementById('error').textContent);
    // The controller hears of it when it asks for the computer's move (after its pause).
    await p.waitForFunction(() => window.reversi.getState().message !== '', null, { timeout: 10000 }).catch(() => {});
    const s = await p.evaluate(() => window.reversi.getState());
    check('a missing worker shows an error on the page', /computer player/i.test(text), text);
    check('and in the state', typeof s.error === 'string' && /failed to load/.test(s.error) && /failed/.test(s.message) && !s.thinking,
      `error '${s.error}', message '${s.message}'`);
    await p.context().close();
  });
  await embed.close();

  await step('a worker that crashes is reported', async () => {
    const ctx = await browser.newContext({ viewport: { width: 900, height: 700 }, serviceWorkers: 'block' });
    const p = await ctx.newPage();
    // Loads, then throws on its first message, as a wasm trap in the search would.
    await p.route('**/ai-worker.js', (route) => route.fulfill({ contentType: 'text/javascript',
      body: "self.onmessage = function () { throw new Error('simulated crash in the search'); };" }));
    await p.goto(server.url + 'index.html?color=white&opponent=level-1');
    await p.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 45000 });
    const text = await p.evaluate(() => document.getElementById('error').textContent);
    const s = await p.evaluate(() => window.reversi.getState());
    check('a crashing worker shows an error on the page and in the state', /simulated crash/.test(text) && /simulated crash/.test(s.error || '') && !s.thinking,
      text);
    await ctx.close();
  });

  await step('a worker that never answers is reported', async () => {
    const ctx = await browser.newContext({ viewport: { width: 900, height: 700 }, serviceWorkers: 'block' });
    const p = await ctx.newPage();
    // Loads without error but never replies: only the client's start-up timeout (30 s) can tell.
    await p.route('**/ai-worker.js', (route) => route.fulfill({ contentType: 'text/javascript', body: 'self.onmessage = function () {};' }));
    await p.goto(server.url + 'index.html?color=white&opponent=level-1');
    await p.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 60000 }).catch(() => {});
    const text = await p.evaluate(() => { const e = document.getElementById('error'); return e.hidden ? '' : e.textContent; });
    const s = await p.evaluate(() => window.reversi.getState());
    check('a silent worker is reported after its start-up timeout', /did not start/.test(text) && /did not start/.test(s.error || '') && !s.thinking, text);
    await ctx.close();
  });

  await step('no WebAssembly, or no game.wasm: a visible error', async () => {
    const ctx = await browser.newContext({ viewport: { width: 900, height: 700 }, serviceWorkers: 'block' });
    const p = await ctx.newPage();
    await p.addInitScript(() => { delete window.WebAssembly; });
    await p.goto(server.url + 'index.html');
    const text = await p.evaluate(() => { const e = document.getElementById('error'); return e.hidden ? '' : e.textContent; });
    check('a browser without WebAssembly gets a message', /WebAssembly/.test(text), text);
    const p2 = await ctx.newPage();
    await p2.route('**/game.wasm', (route) => route.fulfill({ status: 404, contentType: 'text/plain', body: 'not found' }));
    await p2.goto(server.url + 'index.html');
    await p2.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 30000 }).catch(() => {});
    const text2 = await p2.evaluate(() => { const e = document.getElementById('error'); return e.hidden ? '' : e.textContent; });
    check('a missing game.wasm gets a message', /stopped with an error|could not be loaded/.test(text2), text2.slice(0, 160));
    await ctx.close();
  });

  const relevantErrors = consoleErrors.filter((e) => !/ai-worker|404|Failed to load resource|simulated crash|game\.wasm|WebAssembly|Aborted|both async and sync fetching/.test(e));
  check('no unexpected console errors', relevantErrors.length === 0, relevantErrors.slice(0, 3).join(' | '));
} catch (err) {
  check('browser test ran to the end', false, err && err.stack ? err.stack.split('\n').slice(0, 4).join(' | ') : String(err));
} finally {
  await browser.close().catch(() => {});
  await server.close();
}

// Measurements for the report.
report.dist = {};
let total = 0;
for (const f of distFiles()) {
  const size = fs.statSync(path.join(DIST, f)).size;
  report.dist[f] = size;
  total += size;
}
report.distBytes = total;
fs.writeFileSync(path.join(ARTIFACTS, 'browser-report.json'), JSON.stringify(report, null, 2));
console.log(`measured: board drawn ${report.navigationToBoardMs} ms after navigation start, ` +
  `longest frame gap during the ${report.deepest || '?'} search ${report.frameGap1x ? report.frameGap1x.maxGap.toFixed(1) : '?'} ms at 1x, ` +
  `${report.frameGap2x ? report.frameGap2x.maxGap.toFixed(1) : '?'} ms at 2x, ` +
  `${report.endgame ? report.endgame.empties + '-empties endgame move in ' + report.endgame.ms + ' ms, ' : ''}dist ${Math.round(total / 1024)} KB; details in ${path.relative(root, path.join(ARTIFACTS, 'browser-report.json'))}`);
finish();
