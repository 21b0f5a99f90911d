// A page at rest does nothing (issue 44). In each state where nothing moves -- the start, mid-game
// with the person to move, the explorer open, an analysis finished, a review done, a puzzle open,
// Your games open -- it counts, over REST_MS, the requestAnimationFrame callbacks of the whole page
// (a wrapped requestAnimationFrame) and the game's own frames (reversi.frameStats()), and the main
// thread's busy time (Chrome DevTools Protocol Performance.getMetrics: TaskDuration over the
// Timestamp's wall time); it fails on any frame or above MAX_BUSY. Then what moves runs frames and
// stops: a flip animation (its longest gap between frames under MAX_FRAME_GAP_MS, as run.mjs's
// check), the computer's move after its pause (no event wakes it but its timer), and a hover.
//   node tests/browser/rest.mjs          (after scripts/build-web.sh; DIST as the other tests)
// Env: REST_MS (default 2500), MAX_BUSY (default 0.005: 0.5 %), MAX_FRAME_GAP_MS (default 250);
// BEFORE=dir also measures another build (an older dist) in the same run, figures only, each
// state after this build's (docs/benchmarks.md, "A page at rest").
import { serve } from './static-server.mjs';
import { DIST, createSuite, loadChromium, launch, waitForGame, watchPage } from './harness.mjs';

const REST_MS = Number(process.env.REST_MS || 2500);
const MAX_BUSY = Number(process.env.MAX_BUSY || 0.005);
const MAX_FRAME_GAP_MS = Number(process.env.MAX_FRAME_GAP_MS || 250);
const suite = createSuite({ what: 'the rest test' });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite);
const builds = [['this', DIST]].concat(process.env.BEFORE ? [['before', process.env.BEFORE]] : []);
const servers = {};
for (const [name, dir] of builds) servers[name] = await serve(dir);
const browser = await launch(chromium);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const pct = (x) => `${(100 * x).toFixed(2)} %`;

// Counts every requestAnimationFrame callback of the page and keeps their times.
const INSTRUMENT = () => {
  window.__raf = { n: 0, stamps: [] };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    window.__raf.n++;
    if (window.__raf.stamps.length < 10000) window.__raf.stamps.push(t);
    cb(t);
  });
};
const POLL = { polling: 100, timeout: 60000 };  // (Playwright's default polls by rAF: counted)

async function metrics(cdp) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

// The page over REST_MS after `settleMs` with nothing done to it (what the last action left,
// a message's timer or a collection of the garbage it made, done by then). A window busier than
// MAX_BUSY is measured once more (the machine is shared): the quieter one counts, with both.
async function measureRest(page, cdp, settleMs = 3000) {
  await sleep(settleMs);
  let best = null;
  for (let attempt = 0; attempt < 2 && !(best && best.busy < MAX_BUSY); attempt++) {
    await cdp.send('HeapProfiler.collectGarbage');
    const [raf0, game0] = await page.evaluate(() => [window.__raf.n, window.reversi.frameStats().frames]);
    const a = await metrics(cdp);
    await sleep(REST_MS);
    const b = await metrics(cdp);
    const [raf1, game1] = await page.evaluate(() => [window.__raf.n, window.reversi.frameStats().frames]);
    const seconds = b.Timestamp - a.Timestamp;
    const m = { rafPerS: (raf1 - raf0) / seconds, gameFramesPerS: (game1 - game0) / seconds,
                busy: (b.TaskDuration - a.TaskDuration) / seconds, scriptBusy: (b.ScriptDuration - a.ScriptDuration) / seconds,
                attempts: [] };
    // Where a busy window's time went (the metrics that grew most).
    m.where = Object.keys(b).filter((k) => /Duration$/.test(k) && k !== 'TaskDuration' && b[k] - a[k] > 0.0005)
      .sort((x, y) => (b[y] - a[y]) - (b[x] - a[x])).slice(0, 3).map((k) => `${k} ${((b[k] - a[k]) * 1000).toFixed(0)} ms`).join(', ');
    m.attempts = (best ? best.attempts : []).concat([pct(m.busy)]);
    if (!best || m.busy < best.busy) best = { ...m };
    else best.attempts = m.attempts;
  }
  return best;
}

const rows = [];
function report(build, state, m) {
  rows.push({ build, state, ...m });
  const detail = `${m.rafPerS.toFixed(1)} rAF/s, ${m.gameFramesPerS.toFixed(1)} game frames/s, main thread ${pct(m.busy)} busy ` +
    `(script ${pct(m.scriptBusy)}${m.where ? `; ${m.where}` : ''}${m.attempts.length > 1 ? `; windows ${m.attempts.join(', ')}` : ''})`;
  if (build !== 'this') { console.log(`      [${build}] ${state}: ${detail}`); return; }
  check(`at rest, ${state}: no frames, the main thread under ${pct(MAX_BUSY)} busy`,
    m.rafPerS === 0 && m.gameFramesPerS === 0 && m.busy < MAX_BUSY, detail);
}

// The states at rest, in one page of `build`, measured as they are reached.
async function restStates(build, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  const problems = [];
  watchPage(page, problems);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const measured = async (state, fn) => step(`${build}: ${state}`, async () => {
    await fn();
    report(build, state, await measureRest(page, cdp));
  });
  await page.goto(`${url}index.html?lang=en`);
  await waitForGame(page);
  await measured('the start position', async () => {});

  await measured('the explorer open', async () => {
    await page.click('#explorer-open');
    await page.waitForSelector('#explorer-moves button[data-square]', { timeout: 60000 });
  });
  await page.click('#explorer-open');  // closed again

  await measured('mid-game, the person to move', async () => {
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'first-legal', speed: 'instant', pause: 0 }));
    for (let i = 0; i < 3; i++) {
      await page.waitForFunction(() => window.reversi.getState().humanToMove, null, POLL);
      await page.evaluate(() => window.reversi.play(window.reversi.getState().legal.pop()));
    }
    await page.waitForFunction(() => window.reversi.getState().humanToMove && window.reversi.getState().moves.length === 6, null, POLL);
  });

  // A game of the first-legal players, its 46th position as a set-up board with its next six moves
  // played by people: 8 empty squares, exact at once.
  await page.evaluate(() => window.reversi.newGame({ color: 'none', opponent: 'first-legal', speed: 'instant', pause: 0 }));
  await page.waitForFunction(() => window.reversi.getState().over, null, POLL);
  const moves = await page.evaluate(() => window.reversi.getState().moves.map((m) => m.square));
  await page.evaluate((ms) => { window.reversi.load(ms.slice(0, 46).join('')); window.reversi.load(window.reversi.exportGame('board')); }, moves);
  for (const s of moves.slice(46, 52)) await page.evaluate((sq) => window.reversi.play(sq), s);

  await measured('an analysis finished', async () => {
    await page.click('#analyse');
    await page.waitForFunction(() => { const a = window.reversi.getState().analysis; return a && a.complete; }, null, POLL);
  });
  await page.click('#analyse');  // off

  await measured('a review done', async () => {
    await page.evaluate(() => window.reversi.review());
    await page.waitForFunction(() => { const r = window.reversi.getState().review; return r && !r.running && r.done >= r.total; }, null, POLL);
  });

  await measured('a puzzle open', async () => {
    await page.evaluate(() => window.reversi.practice());
  });
  await page.evaluate(() => window.reversi.leavePractice());

  await measured('Your games open', async () => {
    await page.click('#history-open');
    await page.waitForSelector('#history-panel:not([hidden])');
    await page.waitForFunction(() => document.getElementById('history-loading').hidden, null, POLL);
  });
  if (build === 'this') check(`${build}: no errors on the page`, problems.length === 0, problems.join(' | '));
  await context.close();
}

// What moves runs frames, then stops (checked for this build; for the other, the animation's
// figures only).
async function moving(build, url) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(INSTRUMENT);
  const page = await context.newPage();
  await page.goto(`${url}index.html?lang=en`);
  await waitForGame(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await step('a flip animation runs frames, then they stop', async () => {
    // Timing on a shared machine is noisy (software WebGL draws): up to 3 animations, the
    // smoothest counts.
    const smooth = (x) => x.mid && x.spanMs >= 900 && x.frames >= x.spanMs / 50 && x.draws >= x.spanMs / 50 && x.gap < MAX_FRAME_GAP_MS;
    const attempts = [];
    let m = null;
    for (let i = 0; i < 3 && !(m && smooth(m)); i++) {
      await page.evaluate(() => window.reversi.newGame({ color: 'both', speed: 1000 }));  // 1 s a stone
      await sleep(1000);
      const a = await animate();
      attempts.push(`${a.frames} frames, longest gap ${a.gap.toFixed(0)} ms`);
      if (!m || smooth(a) || a.gap < m.gap) m = a;
    }
    const detail = `${m.frames} frames, ${m.draws} drawn over ${m.spanMs.toFixed(0)} ms; attempts: ${attempts.join('; ')}`;
    if (build !== 'this') { console.log(`      [${build}] the flip animation: ${detail}`); return; }
    check('the stone turns over frames as often as the screen shows them (at least 20 a second)',
      m.mid && m.spanMs >= 900 && m.frames >= m.spanMs / 50 && m.draws >= m.spanMs / 50, detail);
    check(`the longest gap between frames during the animation < ${MAX_FRAME_GAP_MS} ms`, m.gap < MAX_FRAME_GAP_MS, `${m.gap.toFixed(1)} ms`);
    const rest = await measureRest(page, cdp, 300);
    check('then the frames stop', rest.rafPerS === 0 && rest.gameFramesPerS === 0, `${rest.rafPerS.toFixed(1)} rAF/s`);
  });
  async function animate() {
    return page.evaluate(async () => {
      const r = window.reversi, before = r.frameStats();
      window.__raf.stamps = [];
      r.play('f5');
      await new Promise((resolve) => setTimeout(resolve, 300));
      const mid = r.getState().animating;
      while (r.getState().animating) await new Promise((resolve) => setTimeout(resolve, 50));
      const stamps = window.__raf.stamps.slice();
      const after = r.frameStats();
      let gap = 0;
      for (let i = 1; i < stamps.length; i++) gap = Math.max(gap, stamps[i] - stamps[i - 1]);
      return { mid, frames: after.frames - before.frames, draws: after.draws - before.draws, gap,
               spanMs: stamps.length ? stamps[stamps.length - 1] - stamps[0] : 0 };
    });
  }
  if (build !== 'this') { await context.close(); return; }
  await step('the computer moves after its pause with nothing else happening', async () => {
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'first-legal', speed: 'instant', pause: 800 }));
    await sleep(500);
    const m = await page.evaluate(async () => {
      const r = window.reversi, before = r.frameStats(), t0 = performance.now();
      r.play('f5');
      while (r.getState().moves.length < 2 && performance.now() - t0 < 10000) await new Promise((resolve) => setTimeout(resolve, 50));
      return { ms: performance.now() - t0, moves: r.getState().moves.length, frames: r.frameStats().frames - before.frames };
    });
    check('its move comes after the pause', m.moves === 2 && m.ms >= 700 && m.ms < 5000, `${m.ms.toFixed(0)} ms`);
    check('and the pause runs no frames (a few: the move, its reply)', m.frames <= 12, `${m.frames} frames`);
  });
  await step('a hover draws a frame', async () => {
    await sleep(500);
    const before = await page.evaluate(() => window.reversi.frameStats());
    const box = await page.locator('#canvas').boundingBox();
    const at = (await page.evaluate(() => window.reversi.squareCenter('d3')));
    await page.mouse.move(box.x + at.x, box.y + at.y);
    await page.waitForFunction((n) => window.reversi.frameStats().draws > n, before.draws, { polling: 50, timeout: 5000 });
    const after = await page.evaluate(() => window.reversi.frameStats());
    check('the pointer over the board wakes the loop, which draws the hover', after.draws > before.draws,
      `${after.frames - before.frames} frames, ${after.draws - before.draws} drawn`);
  });
  await context.close();
}

try {
  await restStates('this', servers.this.url);
  await moving('this', servers.this.url);
  if (servers.before) {
    await restStates('before', servers.before.url);
    await moving('before', servers.before.url);
  }
} finally {
  await browser.close();
  for (const s of Object.values(servers)) s.close();
}
if (rows.length) {
  console.log('\nbuild   state                          rAF/s  game frames/s  main thread busy');
  for (const r of rows) console.log(`${r.build.padEnd(7)} ${r.state.padEnd(30)} ${r.rafPerS.toFixed(1).padStart(5)}  ${r.gameFramesPerS.toFixed(1).padStart(13)}  ${pct(r.busy).padStart(9)}`);
}
finish();
