// The threaded AI's measurements in Chromium (docs/benchmarks.md, "Threads in the browser"),
// run by `THREADS_BENCH=1 node tests/browser/threads.mjs`: in a cross-origin isolated page, the
// page's own AI workers (ai-worker.js, and ai-worker-threads.js?threads=N) are started directly
// and sent the game's messages (web_ai_protocol.h) through the same calls the game makes. Each
// configuration gets a fresh worker per position (no table carried over) and the configurations
// take turns position by position (the machine is shared: ratios of interleaved runs).
//   BENCH_FFO      FFO #40-#49 by default ("40-49"); e.g. "40-44", "20-39" (#20-#59); "" skips
//   BENCH_CONFIGS  default "single,1,2" for the FFO runs; BENCH_OVERHEAD "2,4,8" on #40-#44 ("" skips)
//   BENCH_MIDGAME=0, BENCH_ANALYSIS=0 skip those; BENCH_ANALYSIS_EMPTIES (20,22,24) picks its sets; BENCH_MIDGAME_CONFIGS (single,1,2,4,8), BENCH_FRAMES (1,2,1,2,1,2; "" skips)
//   BENCH_AGREE    analyses compared between the single-thread and 2-thread builds (default 300; 0 skips)
import fs from 'node:fs';
import path from 'node:path';

// Runs requests in a fresh worker of `url`, in the page; [{text, ms}] (ms: request to reply).
function runInWorker(page, url, requests) {
  return page.evaluate(async ({ url, requests }) => {
    const worker = new Worker(url);
    let next = 0;
    const pending = new Map();
    const failed = new Promise((_, reject) => { worker.onerror = (e) => reject(new Error(e.message || 'worker error')); });
    worker.onmessage = (e) => {
      const d = e.data;
      if (!d || typeof d.callbackId !== 'number' || !d.finalResponse) return;
      const done = pending.get(d.callbackId);
      pending.delete(d.callbackId);
      if (done) done(d.data ? new TextDecoder().decode(d.data) : '');
    };
    const call = (fn, text) => Promise.race([failed, new Promise((resolve) => {
      const id = ++next;
      pending.set(id, resolve);
      worker.postMessage({ funcName: fn, callbackId: id, data: text ? new TextEncoder().encode(text) : 0 });
    })]);
    try {
      await call('ai_hello');
      const out = [];
      for (const text of requests) {
        const t0 = performance.now();
        const reply = await call('ai_choose', text);
        out.push({ text: reply, ms: performance.now() - t0 });
      }
      return out;
    } finally {
      worker.terminate();
    }
  }, { url, requests });
}
const field = (text, key) => { const m = new RegExp(`^${key} (.*)$`, 'm').exec(text); return m ? m[1] : null; };
const workerUrl = (config) => config === 'single' ? 'ai-worker.js' : `ai-worker-threads.js?threads=${config}&memory=256`;
// An exact solve to the end: level-12 with a 4-ply search first (its fallback move), then the
// solver with 10 minutes.
const solveRequest = (board) => `id 1\nplayer level-12\nboard ${board}\ndepth 4\nempties 60\ntime 600000\nnodes 0\nseed 1\n`;
// A midgame search of `ms` (no solve).
const searchRequest = (board, ms) => `id 1\nplayer level-12\nboard ${board}\ndepth 0\nempties 0\ntime ${ms}\nnodes 0\nseed 1\n`;
const analysisRequest = (board) => `type analysis\nid 1\nboard ${board}\ntime 300000\nmaxdepth 60\nsolve 30\nmpc 0\n`;

// FFO numbers of a range "A-B" that the files hold (#20-#59).
function range(spec, count) {
  const [a, b] = spec.split('-').map(Number);
  return Array.from({ length: count }, (_, i) => i + 20).filter((n) => n >= a && n <= (b || a));
}

export async function bench({ browser, isolatedServer, check, step, ffo, median, root }) {
  const report = {};
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await page.goto(isolatedServer.url + 'index.html?color=both&speed=instant');
  await page.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null && window.reversi.worker().loaded, null, { timeout: 60000 });
  const all = ffo('fforum-40-59.obf');
  const numbered = [...ffo('fforum-20-39.obf'), ...all];  // FFO #n is numbered[n - 20]
  const out = (line) => { console.log('measured: ' + line); };

  // ---- midgame nodes per second: 1 vs 2 threads (Lazy SMP), 3 s searches, interleaved ------------
  if (process.env.BENCH_MIDGAME !== '0')
  await step('bench: midgame nodes/s', async () => {
    // FFO #50-#59 (26-34 empties) searched as midgame positions (the solver off).
    const boards = all.slice(10, 20).map((p) => p.board);
    const configs = (process.env.BENCH_MIDGAME_CONFIGS || 'single,1,2,4,8').split(',');
    const rates = Object.fromEntries(configs.map((c) => [c, []]));
    for (const board of boards) {
      for (const c of configs) {
        const [r] = await runInWorker(page, workerUrl(c), [searchRequest(board, 3000)]);
        rates[c].push(Number(field(r.text, 'nodes')) / (Number(field(r.text, 'time')) / 1000));
      }
    }
    const ratios = rates['2'].map((v, i) => v / rates['1'][i]);
    report.midgame = { positions: boards.length, rates, ratio2to1: ratios, medianRatio: median(ratios) };
    for (const c of configs) out(`midgame 3 s searches, ${c === 'single' ? 'single-thread build' : c + ' thread(s)'}: median ${(median(rates[c]) / 1e6).toFixed(2)} M nodes/s`);
    out(`midgame nodes/s, 2 threads / 1 thread: median x${median(ratios).toFixed(2)} (${ratios.map((r) => r.toFixed(2)).join(', ')})`);
  });

  // ---- FFO exact: time and nodes, configurations interleaved position by position ------------------
  const ffoRange = process.env.BENCH_FFO ?? '40-49';  // '' skips
  const configs = (process.env.BENCH_CONFIGS || 'single,1,2').split(',');
  if (ffoRange) await step(`bench: FFO #${ffoRange} exact`, async () => {
    const numbers = range(ffoRange, numbered.length);
    const rows = [];
    for (const n of numbers) {
      const p = numbered[n - 20];
      const row = { n, empties: p.empties };
      for (const c of configs) {
        const [r] = await runInWorker(page, workerUrl(c), [solveRequest(p.board)]);
        const score = Number(field(r.text, 'score'));
        const best = Math.max(...Object.values(p.values));
        row[c] = { ms: Number(field(r.text, 'time')), nodes: Number(field(r.text, 'nodes')), right: field(r.text, 'exact') === '1' && score === best };
      }
      rows.push(row);
      out(`FFO #${n} (${p.empties} empties): ` + configs.map((c) => `${c}: ${(row[c].ms / 1000).toFixed(2)} s ${(row[c].nodes / 1e6).toFixed(1)} M${row[c].right ? '' : ' WRONG'}`).join('; '));
    }
    const total = (c, k) => rows.reduce((t, r) => t + r[c][k], 0);
    report.ffo = { range: ffoRange, rows };
    for (const c of configs) out(`FFO #${ffoRange} ${c}: ${(total(c, 'ms') / 1000).toFixed(1)} s, ${(total(c, 'nodes') / 1e6).toFixed(0)} M nodes, ${(total(c, 'nodes') / total(c, 'ms') / 1e3).toFixed(2)} M nodes/s`);
    if (configs.includes('1') && configs.includes('2')) {
      const ratios = rows.map((r) => r['1'].ms / r['2'].ms);
      out(`FFO #${ffoRange}: time 1 thread / 2 threads: total x${(total('1', 'ms') / total('2', 'ms')).toFixed(2)}, median per position x${median(ratios).toFixed(2)}; node rate x${((total('2', 'nodes') / total('2', 'ms')) / (total('1', 'nodes') / total('1', 'ms'))).toFixed(2)}`);
    }
    check(`bench: every FFO #${ffoRange} answer exact and right`, rows.every((r) => configs.every((c) => r[c].right)));
  });

  // ---- 4 and 8 threads on this 2-core machine: the overhead ----------------------------------------
  const overhead = (process.env.BENCH_OVERHEAD ?? '2,4,8').split(',').filter(Boolean);
  if (overhead.length) await step('bench: 4 and 8 threads on 2 cores (FFO #40-#44)', async () => {
    const rows = [];
    for (const n of [40, 41, 42, 43, 44]) {
      const p = all[n - 40];
      const row = { n };
      for (const c of overhead) {
        const [r] = await runInWorker(page, workerUrl(c), [solveRequest(p.board)]);
        row[c] = { ms: Number(field(r.text, 'time')), nodes: Number(field(r.text, 'nodes')) };
      }
      rows.push(row);
    }
    report.overhead = rows;
    for (const c of overhead) {
      const ms = rows.reduce((t, r) => t + r[c].ms, 0), nodes = rows.reduce((t, r) => t + r[c].nodes, 0);
      out(`FFO #40-#44 on ${c} threads: ${(ms / 1000).toFixed(2)} s, ${(nodes / 1e6).toFixed(1)} M nodes, ${(nodes / ms / 1e3).toFixed(2)} M nodes/s`);
    }
  });

  // ---- the analysis: time until every move is exact at 20, 22, 24 empties --------------------------
  if (process.env.BENCH_ANALYSIS !== '0') await step('bench: analysis, every move exact at 20, 22, 24 empties', async () => {
    const sets = { 20: [40], 22: [41, 42], 24: [45, 46] };
    const chosen = (process.env.BENCH_ANALYSIS_EMPTIES || '20,22,24').split(',');
    report.analysis = {};
    for (const [empties, numbers] of Object.entries(sets).filter(([e]) => chosen.includes(e))) {
      const times = { '1': [], '2': [] };
      for (const n of numbers) {
        for (const c of ['1', '2']) {
          const [r] = await runInWorker(page, workerUrl(c), [analysisRequest(all[n - 40].board)]);
          const complete = field(r.text, 'complete') === '1';
          times[c].push(complete ? Number(field(r.text, 'time')) : null);
        }
      }
      report.analysis[empties] = times;
      out(`analysis all-exact at ${empties} empties (FFO #${numbers.join(', #')}): 1 thread ${times['1'].map((t) => t === null ? 'not done' : (t / 1000).toFixed(2) + ' s').join(', ')}; 2 threads ${times['2'].map((t) => t === null ? 'not done' : (t / 1000).toFixed(2) + ' s').join(', ')}`);
    }
  });

  // ---- the frame gap on the page while the AI searches ---------------------------------------------
  if (process.env.BENCH_FRAMES !== '') await step('bench: frame gap while the computer searches', async () => {
    report.frames = {};
    for (const c of (process.env.BENCH_FRAMES || '1,2,1,2,1,2').split(',')) {
      await page.evaluate((c) => { document.getElementById('ai-threads').value = c; document.getElementById('ai-threads').dispatchEvent(new Event('change')); }, c);
      await page.waitForFunction((n) => window.reversi.worker().loaded && window.reversi.getState().ai.threads === n, Number(c), { timeout: 30000 });
      await page.evaluate((b) => window.reversi.load(b), all[5].board);
      const before = await page.evaluate(() => window.reversi.frameStats().draws);
      // Frame gaps (requestAnimationFrame) and the page's long tasks (over 50 ms) for 6 s.
      const { gaps, tasks } = await page.evaluate(() => new Promise((resolve) => {
        const gaps = [], tasks = [];
        const observer = new PerformanceObserver((list) => { for (const e of list.getEntries()) tasks.push(e.duration); });
        observer.observe({ type: 'longtask' });
        let last = performance.now();
        const stop = performance.now() + 6000;
        window.reversi.analyze({ timeMs: 6500 }).catch(() => {});
        (function frame(now) {
          gaps.push(now - last);
          last = now;
          if (now < stop) requestAnimationFrame(frame); else { observer.disconnect(); resolve({ gaps: gaps.slice(2), tasks }); }
        })(performance.now());
      }));
      const draws = (await page.evaluate(() => window.reversi.frameStats().draws)) - before;
      await page.waitForTimeout(800);
      const sorted = [...gaps].sort((a, b) => a - b);
      const stat = { frames: gaps.length, draws, median: sorted[Math.floor(sorted.length / 2)], p95: sorted[Math.floor(sorted.length * 0.95)],
                     max: sorted.at(-1), over50: gaps.filter((g) => g > 50).length, longTaskMs: tasks.reduce((a, b) => a + b, 0) };
      (report.frames[c] = report.frames[c] || []).push(stat);
      out(`frame gap while analysing on ${c} thread(s): ${stat.frames} frames and ${draws} board draws in 6 s, median ${stat.median.toFixed(1)} ms, ` +
          `p95 ${stat.p95.toFixed(1)} ms, max ${stat.max.toFixed(1)} ms, ${stat.over50} gaps over 50 ms, long tasks ${stat.longTaskMs.toFixed(0)} ms`);
    }
  });

  // ---- agreement: the threaded build's exact values are the single-thread build's -------------------
  // BENCH_AGREE analyses (default 300) of positions of random games at 14-20 empties, each run
  // in both builds to every move exact; every move's value must be the same (issue 36: the
  // threaded solver's hand-over once wrote through a stale pointer, which in WebAssembly
  // corrupts memory silently instead of crashing).
  const agree = Number(process.env.BENCH_AGREE ?? 300);
  if (agree > 0) await step(`bench: ${agree} analyses, every exact value the same on 1 and 2 threads`, async () => {
    const boards = await page.evaluate((count) => {
      let seed = 36;
      const rnd = (n) => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
      const out = [];
      while (out.length < count) {
        window.reversi.newGame({ color: 'both', speed: 'instant' });
        const target = 14 + rnd(7);
        for (;;) {
          const s = window.reversi.getState();
          if (s.over) break;
          const empties = (s.board.match(/-/g) || []).length;
          if (empties <= target && s.legal.length) { out.push(s.board + ' ' + (s.toMove === 'black' ? 'X' : 'O')); break; }
          if (!s.legal.length) break;
          window.reversi.play(s.legal[rnd(s.legal.length)]);
        }
      }
      return out;
    }, agree);
    const values = (text) => text.split('\n').filter((l) => l.startsWith('move ')).map((l) => l.split(' ').slice(1, 4).join(' ')).sort().join(', ');
    let same = 0, allExact = 0;
    const differ = [];
    for (const board of boards) {
      const [one] = await runInWorker(page, workerUrl('single'), [analysisRequest(board)]);
      const [two] = await runInWorker(page, workerUrl('2'), [analysisRequest(board)]);
      const exact = (t) => t.split('\n').filter((l) => l.startsWith('move ')).every((l) => l.split(' ')[2] === 'exact');
      if (exact(one.text) && exact(two.text)) allExact++;
      if (values(one.text) === values(two.text)) same++; else differ.push(`${board}: ${values(one.text)} | ${values(two.text)}`);
    }
    report.agree = { positions: boards.length, same, allExact };
    out(`agreement: ${same} of ${boards.length} analyses with every move's value the same on the single-thread and 2-thread builds (${allExact} all exact)`);
    check('bench: every analysis the same on 1 and 2 threads, every value exact', same === boards.length && allExact === boards.length,
      differ.slice(0, 3).join(' || '));
  });

  fs.mkdirSync(path.join(root, 'build', 'web'), { recursive: true });
  fs.writeFileSync(path.join(root, 'build', 'web', 'threads-bench.json'), JSON.stringify(report, null, 2));
  await ctx.close();
}
