// The time the page takes to review a whole game (docs/benchmarks.md, "Review of a whole game"):
//   node tests/browser/review-bench.mjs [DIST ...]      (default: build/web/dist)
// Each build given (e.g. this one and another checkout's build/web/dist) reviews the same 60-move game
// (the person playing the last legal move in reading order against first-legal, as
// tests/browser/analysis.mjs plays it) with reversi.review(), in a fresh page each time; the builds
// take turns, ROUNDS times (default 3: the machine is shared, so compare builds within one run).
// Prints each time and each build's median, and the accuracy found (the same every time for a build
// whose review is a function of the game alone). Env: ROUNDS, CHROMIUM.
import path from 'node:path';
import { serve } from './static-server.mjs';
import { DIST, createSuite, loadChromium, launch, waitForGame, median, playLastAgainstFirstLegal } from './harness.mjs';

const ROUNDS = Number(process.env.ROUNDS || 3);
const dists = process.argv.slice(2).length ? process.argv.slice(2).map((d) => path.resolve(d)) : [DIST];

const suite = createSuite({ what: 'the review bench', limitMs: 3600000 });
const chromium = await loadChromium(suite);
const browser = await launch(chromium);
const servers = await Promise.all(dists.map((d) => serve(d)));
const times = dists.map(() => []), found = dists.map(() => new Set());
// analysis.mjs's game, played on the first build's page: black (the person) the last legal move, white first-legal.
async function playGame(url) {
  const ctx = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
  const page = await ctx.newPage();
  await page.goto(url + 'index.html?opponent=first-legal&pause=0&speed=instant');
  await waitForGame(page);
  await playLastAgainstFirstLegal(page);
  const transcript = (await page.evaluate(() => window.reversi.getState())).transcript;
  await ctx.close();
  return transcript;
}

try {
  const GAME = await playGame(servers[0].url);
  console.log(`the game: ${GAME}`);
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < dists.length; i++) {
      const ctx = await browser.newContext({ serviceWorkers: 'block', locale: 'en-US' });
      const page = await ctx.newPage();
      await page.goto(servers[i].url + 'index.html?color=both&speed=instant&pause=0');
      await waitForGame(page);
      await page.evaluate((t) => window.reversi.load(t), GAME);
      const t0 = Date.now();
      await page.evaluate(() => window.reversi.review());
      times[i].push(Date.now() - t0);
      const r = await page.evaluate(() => window.reversi.getState().review);
      found[i].add(`black ${r.black.accuracy}%, white ${r.white.accuracy}%`);
      console.log(`${dists[i]}: ${times[i].at(-1)} ms (${r.entries.length} moves; black ${r.black.accuracy}%, white ${r.white.accuracy}%)`);
      await ctx.close();
    }
  }
  for (let i = 0; i < dists.length; i++)
    console.log(`${dists[i]}: median ${median(times[i])} ms of ${times[i].join(', ')}; accuracy ${[...found[i]].join(' | ')}`);
} finally {
  await browser.close();
  await Promise.all(servers.map((s) => s.close()));
}
