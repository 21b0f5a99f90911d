// Benchmark (not a test): what one state_json() costs the page, fresh and after a review
// (docs/benchmarks.md, "Web: the program's \"state\" event"). node tests/browser/statecost.mjs
import { serve } from './static-server.mjs';
import { DIST, createSuite, loadChromium, launch, waitForGame } from './harness.mjs';
const suite = createSuite({ what: 'state cost', limitMs: 180000 });
const chromium = await loadChromium(suite);
const server = await serve(DIST);
const browser = await launch(chromium);
const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
await page.goto(`${server.url}index.html?lang=en`);
await waitForGame(page);
const measure = () => page.evaluate(() => {
  const f = window.Module.cwrap('web_state', 'string', []);
  const runs = [];
  for (let r = 0; r < 7; r++) { const t0 = performance.now(); let n = 0; for (let i = 0; i < 300; i++) n += f().length; runs.push({ ms: (performance.now() - t0) / 300, bytes: n / 300 }); }
  runs.sort((a, b) => a.ms - b.ms);
  return runs[3];
});
const fresh = await measure();
await page.evaluate(() => window.reversi.newGame({ color: 'none', opponent: 'first-legal', speed: 'instant', pause: 0 }));
await page.waitForFunction(() => window.reversi.getState().over, null, { timeout: 60000 });
await page.evaluate(() => window.reversi.review());
const reviewed = await measure();
const fs = await page.evaluate(() => window.reversi.frameStats());
console.log(JSON.stringify({ fresh, reviewed, frameStats: fs }));
await browser.close(); server.close();
