// The drawing cost of the page's canvas (not in CI; figures in docs/benchmarks.md):
//   node tests/browser/drawcost.mjs            (after scripts/build-web.sh; DIST as the other tests)
// For device pixel ratios 1, 2 and 3 (Playwright's deviceScaleFactor) at 1280x800 and 360x640:
// the canvas's backing size against its box times the ratio, and for two phases, each
// ROUNDS times: the flip animation after a move (speed=normal, 1.5 s) and the computer
// thinking (level-12, 2 s, the board unchanged), the frames the browser ran the game's loop
// and how many of them drew (the game's own counters, reversi.frameStats()), the mean time of
// a draw inside the program (medians over the rounds), and the time per second the browser
// spent in requestAnimationFrame callbacks. Prints one JSON line per case and a table; DRAWCOST_JSON=file writes them too.
// BEFORE=dir measures another build (an older dist) in the same run, each case after this one's.
import fs from 'node:fs';
import { serve } from './static-server.mjs';
import { DIST, createSuite, loadChromium, launch, waitForGame, median } from './harness.mjs';

const suite = createSuite({ what: 'drawcost', limitMs: 900000 });
const chromium = await loadChromium(suite);
const builds = [['this', DIST]].concat(process.env.BEFORE ? [['before', process.env.BEFORE]] : []);
const servers = {};
for (const [name, dir] of builds) servers[name] = await serve(dir);
const browser = await launch(chromium);
const ROUNDS = Number(process.env.ROUNDS || 3);
const pct = (a, p) => { const s = [...a].sort((x, y) => x - y); return s.length ? s[Math.min(s.length - 1, Math.floor(s.length * p))] : null; };

// Times every requestAnimationFrame callback and counts the WebGL clears in it.
const INSTRUMENT = () => {
  window.__frames = [];
  let clears = 0;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (kind, opts) {
    const gl = getContext.call(this, kind, opts);
    if (gl && /webgl/.test(kind) && !gl.__wrapped) {
      gl.__wrapped = true;
      const clear = gl.clear.bind(gl);
      gl.clear = (m) => { clears++; return clear(m); };
    }
    return gl;
  };
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => {
    const before = clears, t0 = performance.now();
    cb(t);
    window.__frames.push({ at: t0, ms: performance.now() - t0, drew: clears > before });
  });
};
// The game's own counters (reversi.frameStats(): the frames the loop ran, the draws and their
// mean time inside the program) over `ms`, and the rAF callbacks' time (busy ms per second).
async function measure(page, ms) {
  const a = await page.evaluate(() => { window.__frames = []; return window.reversi.frameStats(); });
  await page.waitForTimeout(ms);
  const frames = await page.evaluate(() => window.__frames.splice(0));
  const b = await page.evaluate(() => window.reversi.frameStats());
  const drawn = b.draws - a.draws;
  return { frames: b.frames - a.frames, drawn, drawsPerS: drawn / (ms / 1000),
           medianMs: drawn ? (b.drawMsAvg * b.draws - a.drawMsAvg * a.draws) / drawn : null, p90Ms: b.drawMsMax,
           busyMsPerS: frames.reduce((x, f) => x + f.ms, 0) / (ms / 1000) };
}

const rows = [];
try {
  for (const viewport of [{ width: 1280, height: 800 }, { width: 360, height: 640 }]) {
    for (const dpr of [1, 2, 3]) for (const [build] of builds) {
      const server = servers[build];
      const ctx = await browser.newContext({ viewport, deviceScaleFactor: dpr, serviceWorkers: 'block', locale: 'en-US' });
      await ctx.addInitScript(INSTRUMENT);
      const page = await ctx.newPage();
      await page.goto(server.url + 'index.html?color=black&opponent=level-12&speed=normal&pause=0');
      await waitForGame(page);
      await page.waitForTimeout(500);
      const size = await page.evaluate(() => {
        const c = document.querySelector('canvas'), r = c.getBoundingClientRect();
        return { backing: `${c.width}x${c.height}`, box: `${Math.round(r.width)}x${Math.round(r.height)}`,
                 needed: `${Math.round(r.width * devicePixelRatio)}x${Math.round(r.height * devicePixelRatio)}`,
                 megapixels: +(c.width * c.height / 1e6).toFixed(2) };
      });
      const flips = [], thinks = [], idles = [];
      for (let round = 0; round < ROUNDS; round++) {
        // A middle game (out of the opening book, so that the computer thinks its full 3 s).
        await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'level-12', speed: 'normal', pause: 0 }));
        await page.evaluate(() => window.reversi.load('f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3g3e3c5b4c6'));
        // A loaded game is two people's: white the computer again.
        await page.evaluate(() => window.reversi.setOptions({ color: 'black', opponent: 'level-12', speed: 'normal', pause: 0 }));
        await page.waitForTimeout(300);
        idles.push(await measure(page, 1000));
        // The flip animation of the person's move, then the computer thinking.
        await page.evaluate(() => window.reversi.play(window.reversi.getState().legal[0]));
        flips.push(await measure(page, 600));
        await page.waitForFunction(() => window.reversi.getState().thinking, null, { timeout: 5000 }).catch(() => {});
        thinks.push(await measure(page, 1500));
      }
      const sum = (list) => ({ frames: median(list.map((x) => x.frames)), drawn: median(list.map((x) => x.drawn)),
                               medianMs: median(list.map((x) => x.medianMs).filter((x) => x !== null)), drawsPerS: median(list.map((x) => x.drawsPerS)),
                               maxMs: Math.max(...list.map((x) => x.p90Ms)),
                               busyMsPerS: Math.round(median(list.map((x) => x.busyMsPerS))) });
      const row = { build, viewport: `${viewport.width}x${viewport.height}`, dpr, ...size, idle: sum(idles), flip: sum(flips), think: sum(thinks) };
      console.log(JSON.stringify(row));
      rows.push(row);
      await ctx.close();
    }
  }
} finally {
  await browser.close();
  for (const s of Object.values(servers)) s.close();
}
const f = (x) => (x === null || x === undefined ? '-' : typeof x === 'number' ? x.toFixed(1) : x);
console.log('| build | viewport | dpr | canvas box | backing | needed | idle: draws/s | flip: draws/s, ms per draw | thinking: draws/s, ms per draw |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.build} | ${r.viewport} | ${r.dpr} | ${r.box} | ${r.backing} | ${r.needed} | ${f(r.idle.drawsPerS)} | ${f(r.flip.drawsPerS)}, ${f(r.flip.medianMs)} | ${f(r.think.drawsPerS)}, ${f(r.think.medianMs)} |`);
}
process.exitCode = 0;
if (process.env.DRAWCOST_JSON) fs.writeFileSync(process.env.DRAWCOST_JSON, JSON.stringify(rows, null, 2));
process.exit(0);
