// What every browser test file shares (run.mjs, interface.mjs, analysis.mjs, faults.mjs, offline.mjs, onegame.mjs, ...): the project's
// paths, the pass/fail tally and its exit status, the checks before starting (playwright-core
// installed, the web build and Debian's Chromium present), a bound on the whole run's
// lifetime so a hung browser never hangs CI, and Chromium's flags (no network of its own,
// no sandbox as root; no browser is ever downloaded), and watching a page for errors.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DIST = path.resolve(root, process.env.DIST || 'build/web/dist');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
// Every file of a build folder, sub-folders too (js/: the page's modules), as 'js/main.js'.
export function distFiles(dir = DIST, prefix = '') {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((e) => {
    const name = prefix ? `${prefix}/${e.name}` : e.name;
    return e.isDirectory() ? distFiles(dir, name) : e.isFile() ? [name] : [];
  });
}
export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking',
  '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

// A tally of named checks. `what` names the run in the watchdog's message; `limitMs`
// bounds its lifetime (BROWSER_TEST_LIMIT_MS sets another for every suite; the watchdog stops
// a suite that hangs, it is not a time to meet); `timeSteps` prints each step's duration.
const LIMIT_FROM_ENV = Number(process.env.BROWSER_TEST_LIMIT_MS) || 0;
export const SUITE_LIMIT_MS = 420000;
export function createSuite({ what, limitMs = SUITE_LIMIT_MS, timeSteps = false }) {
  limitMs = LIMIT_FROM_ENV || limitMs;
  let passed = 0, failed = 0;
  const suite = {
    check(name, ok, detail = '') {
      if (ok) { passed++; console.log(`ok    ${name}${detail ? ` (${detail})` : ''}`); }
      else { failed++; console.log(`FAIL  ${name}${detail ? `: ${detail}` : ''}`); }
      return ok;
    },
    async step(name, fn) {
      const t0 = Date.now();
      try { await fn(); } catch (err) {
        suite.check(name, false, (err && err.stack) ? err.stack.split('\n').slice(0, 3).join(' | ') : String(err));
      }
      if (timeSteps) console.log(`      [${name}: ${((Date.now() - t0) / 1000).toFixed(1)} s]`);
    },
    // Prints the tally and exits: non-zero on any failure (or with `code`).
    finish(code) {
      console.log(`${passed} passed, ${failed} failed`);
      process.exit(code ?? (failed ? 1 : 0));
    },
    // Counts a failure that stops the run, and stops it.
    abort(message) {
      suite.check(message, false);
      suite.finish(1);
    },
  };
  const watchdog = setTimeout(() => suite.abort(`${what} did not finish within ${limitMs / 1000} s`), limitMs);
  watchdog.unref();
  return suite;
}

// CI samples the browser checks that repeat one thing over sizes, languages, themes or
// variants, as it samples the native tests' slow checks (scripts/test.sh, CI=true); a
// person's run (CI unset) runs every one. `sample(what, list, pick)` is `list` whole, or in
// CI the items at the indices `pick`, said once in the suite's output so that a CI log tells
// what it left to a person's run. BROWSER_SAMPLE=all runs every one in CI too.
const SAMPLING = process.env.CI === 'true' && process.env.BROWSER_SAMPLE !== 'all';
const sampled = new Set();
export function sample(what, list, pick) {
  if (!SAMPLING) return list;
  const kept = pick.map((i) => list[i]);
  if (!sampled.has(what)) {
    sampled.add(what);
    console.log(`      (CI samples ${what}: ${kept.length} of ${list.length}; all of them without CI=true)`);
  }
  return kept;
}

// playwright-core's chromium, once the web build (each of `files` in DIST) and Chromium are
// there; otherwise the run stops with a message saying what to do.
export async function loadChromium(suite, files = ['index.html']) {
  let chromium;
  try {
    ({ chromium } = await import('playwright-core'));
  } catch {
    suite.abort('playwright-core is not installed: (cd tests/browser && npm install)');
  }
  for (const f of files) {
    if (!fs.existsSync(path.join(DIST, f))) suite.abort(`${DIST}/${f} not found: run scripts/build-web.sh first`);
  }
  if (!fs.existsSync(CHROMIUM)) suite.abort(`${CHROMIUM} not found: apt-get install chromium`);
  return chromium;
}

export function launch(chromium) {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

// Notes on `problems` what must not happen on a page: an uncaught error, a console error, a
// failed request (a 404 of the favicon included).
// A worker thread of the threaded AI (Emscripten's pthread worker) whose script was still
// loading when a test reloaded the page or closed its context says so in the console: twice in
// clock.mjs under load, "NetworkError: Failed to execute 'importScripts' ... failed to load",
// most likely from the page being torn down (every other check of those runs passed). Not
// counted: an AI that failed to load in a live page fails the checks of its moves, and a
// request answered 400 or more is counted below.
const TEARDOWN = /Failed to execute 'importScripts' on 'WorkerGlobalScope': The script at '[^']*ai-worker-threads\.js[^']*' failed to load/;
export function watchPage(page, problems) {
  page.on('pageerror', (e) => problems.push(`uncaught: ${e}`));
  page.on('console', (m) => { if (m.type() === 'error' && !TEARDOWN.test(m.text())) problems.push(`console: ${m.text()}`); });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`); });
}

// Until the game (page or frame) has drawn its first board and window.reversi works.
export const waitForGame = (page, timeout = 60000) =>
  page.waitForFunction(() => window.reversi && window.reversi.timings.firstFrameMs !== null, null, { timeout });

// A whole game against the weakest computer (first-legal, white), the person (black) playing the
// last legal move in reading order each time: the same 60 moves every time (analysis.mjs' review,
// review-bench.mjs). Resolves once the game is over.
export async function playLastAgainstFirstLegal(page) {
  await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'first-legal', speed: 'instant', pause: 0 }));
  await page.evaluate(async () => {
    const r = window.reversi;
    for (let i = 0; i < 2000 && !r.getState().over; i++) {
      const s = r.getState();
      if (s.humanToMove && s.legal.length && !s.animating) r.play(s.legal[s.legal.length - 1]);
      await new Promise((done) => setTimeout(done, 10));
    }
  });
  await page.waitForFunction(() => window.reversi.getState().over, null, { timeout: 60000 });
}

// A new page of `context` at `url`, watched for errors (`problems`), once the game has drawn.
export async function openPage(context, url, problems) {
  const page = await context.newPage();
  watchPage(page, problems);
  await page.goto(url);
  await waitForGame(page);
  return page;
}

// Waits until `fn` (an async function run in the page, with `arg`) resolves to a true value,
// polling from here; throws on timeout. Playwright's waitForFunction takes the promise an
// async predicate returns as a true value at once, so it cannot wait on one.
export async function waitForAsync(target, fn, arg = null, { timeout = 30000, polling = 250 } = {}) {
  for (const until = Date.now() + timeout; ;) {
    if (await target.evaluate(fn, arg)) return true;
    if (Date.now() >= until) throw new Error(`waitForAsync: not true within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, polling));
  }
}

// FFO positions: "board side; G8:+18; H1:+12; ..." (data/ffo/README.md).
export function ffo(file) {
  return fs.readFileSync(path.join(root, 'data', 'ffo', file), 'utf8').split('\n').filter((l) => l.trim()).map((line) => {
    const [pos, ...moves] = line.split(';').map((x) => x.trim()).filter(Boolean);
    return { board: pos, empties: (pos.match(/-/g) || []).length,
             values: Object.fromEntries(moves.map((m) => { const [sq, v] = m.split(':'); return [sq.toLowerCase(), Number(v)]; })) };
  });
}
// The median of a list of numbers (of an even count, the mean of the middle two; null for none).
export const median = (a) => {
  const s = [...a].sort((x, y) => x - y), m = s.length >> 1;
  return !s.length ? null : s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

// Average colour of a small patch around each point (CSS px within the canvas),
// read from a screenshot decoded by the browser itself.
export async function samplePixels(page, points) {
  const canvas = page.locator('#canvas');
  const png = await canvas.screenshot();
  return page.evaluate(async ([b64, pts]) => {
    const img = new Image();
    img.src = 'data:image/png;base64,' + b64;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.naturalWidth; c.height = img.naturalHeight;
    const g = c.getContext('2d');
    g.drawImage(img, 0, 0);
    const scale = img.naturalWidth / document.getElementById('canvas').getBoundingClientRect().width;
    return pts.map(({ x, y }) => {
      const px = Math.round(x * scale), py = Math.round(y * scale), r = Math.max(1, Math.round(2 * scale));
      const d = g.getImageData(px - r, py - r, 2 * r + 1, 2 * r + 1).data;
      let R = 0, G = 0, B = 0, n = 0;
      for (let i = 0; i < d.length; i += 4) { R += d[i]; G += d[i + 1]; B += d[i + 2]; n++; }
      return { r: Math.round(R / n), g: Math.round(G / n), b: Math.round(B / n) };
    });
  }, [png.toString('base64'), points]);
}

// axe-core's accessibility check of a page: `suite.axe(page, label)` counts a check that no
// rule is violated, naming the first nodes of each violation; `axeViolations(page)` only lists
// them. The script is read once (npm's axe-core in tests/browser) and added to a page once.
let axeSource = null;
export function axeViolations(page) {
  return (async () => {
    if (axeSource === null) {
      try {
        axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
      } catch {
        throw new Error('axe-core is not installed: (cd tests/browser && npm install)');
      }
    }
    if (!(await page.evaluate(() => typeof window.axe === 'object'))) await page.addScriptTag({ content: axeSource });
    return page.evaluate(async () => {
      const res = await window.axe.run(document, { resultTypes: ['violations'] });
      return res.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 2).map((n) => n.target.join(' ')).join(', ')}`);
    });
  })();
}
export async function checkAxe(suite, page, label) {
  const r = await axeViolations(page);
  return suite.check(`axe-core: no violation ${label}`, r.length === 0, r.join(' | '));
}
