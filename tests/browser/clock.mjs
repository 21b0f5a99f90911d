// The game clock (issue 45 part 5) in headless Chromium, as a player meets it:
//   node tests/browser/clock.mjs            (after scripts/build-web.sh)
// On a phone held upright (390x844, English) and a desktop (1280x800, Japanese): the New game
// dialog, reached with the keyboard, starts a 1-minute game against level-1; the cards show both
// clocks, the running one marked; a reload in the middle keeps both clocks and whose runs; the
// page's time (Playwright's clock: performance.now and Date, no waiting a minute) runs the
// player's clock to low time, then past zero: the flag falls, the status says who lost on time,
// the screen reader hears it, and Your games keeps the game as lost on time with its clock.
// Against human-2100 (a phone in Japanese, a desktop in English): a whole 3+2 game to the end, the
// player's reply held for a person's time, kept with its clock; then a 1+0 game the person loses
// on time, kept so. Then, on the real clock, a running clock draws about once a second, not every frame.
// Screenshots in build/web/screenshots/clock-*.png (running, low, flag fallen, the dialog; the
// phone also turned to landscape). Prints "N passed, M failed".
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, launch, watchPage, waitForGame, waitForAsync, sample } from './harness.mjs';

const SHOTS = path.resolve(root, process.env.SCREENSHOTS || path.join(path.dirname(DIST), 'screenshots'));
fs.mkdirSync(SHOTS, { recursive: true });
const suite = createSuite({ what: 'the clock test', timeSteps: true });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite);
// Served as scripts/serve-web.sh serves the game (with the isolation headers: the threaded AI from the
// first load, no first visit's reload into isolation, which run.mjs, threads.mjs and offline.mjs check;
// that reload was about a second of each of this suite's page loads).
const server = await serve(DIST, 0, '127.0.0.1', { isolate: true });
const browser = await launch(chromium);
const problems = [];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const state = (page) => page.evaluate(() => window.reversi.getState());
const shot = (page, name) => page.screenshot({ path: path.join(SHOTS, `clock-${name}.png`) });

const CONFIGS = [
  { name: 'phone-en', viewport: { width: 390, height: 844 }, lang: 'en', turned: { width: 844, height: 390 } },
  { name: 'desktop-ja', viewport: { width: 1280, height: 800 }, lang: 'ja' },
];
const LOST = { en: 'Black lost on time', ja: '黒の時間切れ負け' };

try {
  for (const cfg of CONFIGS) {
    await step(`${cfg.name}: a 1-minute game, a reload, low time, the flag`, async () => {
      const context = await browser.newContext({ viewport: cfg.viewport, hasTouch: cfg.name.startsWith('phone') });
      const page = await context.newPage();
      watchPage(page, problems);
      // The page's time is Playwright's: it flows, and the test jumps it forward.
      await page.clock.install();
      await page.goto(`${server.url}index.html?lang=${cfg.lang}`);
      await waitForGame(page);
      await page.evaluate(() => { window.__said = []; window.reversi.on('announce', (e) => window.__said.push(e.text)); });

      // The New game dialog by the keyboard: N opens it, Tab reaches the time control.
      await page.evaluate(() => document.activeElement && document.activeElement.blur());
      await page.keyboard.press('n');
      await page.waitForSelector('#new-dialog[open]');
      let reached = false;
      for (let i = 0; i < 20 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.evaluate(() => document.activeElement && document.activeElement.id === 'clock-minutes');
      }
      check(`${cfg.name}: the keyboard reaches the time control in the New game dialog`, reached);
      await page.selectOption('#clock-minutes', '1');
      await page.selectOption('#clock-increment', '0');
      await page.selectOption('#opponent', 'level-1');
      await shot(page, `${cfg.name}-dialog`);
      await page.click('#new-start');
      await page.waitForFunction(() => { const s = window.reversi.getState(); return s.clock && s.clock.running === 'black'; });
      let s = await state(page);
      check(`${cfg.name}: the game has a 1+0 clock, black's running`, s.clock.control === '1+0' && s.clock.white.text === '1:00',
            JSON.stringify(s.clock));
      const cards = await page.evaluate(() => ['black', 'white'].map((c) => {
        const el = document.getElementById(`clock-${c}`);
        return { hidden: el.hidden, text: el.textContent, running: el.classList.contains('running') };
      }));
      check(`${cfg.name}: both cards show their clock, black's marked running`,
            !cards[0].hidden && !cards[1].hidden && cards[0].running && !cards[1].running && cards[1].text === '1:00', JSON.stringify(cards));

      // A move each (the computer answers), then a reload in the middle.
      await page.evaluate(() => { const r = window.reversi; r.play(r.getState().legal[0]); });
      await page.waitForFunction(() => { const s = window.reversi.getState(); return s.humanToMove && !s.animating && s.moves.length >= 2; }, null, { timeout: 30000 });
      await page.clock.fastForward(5000);
      await page.waitForFunction(() => window.reversi.getState().clock.black.text <= '0:56');
      await shot(page, `${cfg.name}-running`);
      const before = (await state(page)).clock;
      const reloadStart = Date.now();
      await page.reload();
      await waitForGame(page);
      await page.evaluate(() => { window.__said = []; window.reversi.on('announce', (e) => window.__said.push(e.text)); });
      const after = (await state(page)).clock;
      // The side to move is charged the time the page was away (a loaded machine takes seconds
      // to reload): its clock gains nothing (a second of rounding) and loses at most that time,
      // rounded up, and a second more.
      const away = (Date.now() - reloadStart) / 1000;
      const seconds = (t) => { const [m, x] = t.split(':'); return Number(m) * 60 + Number(x); };
      check(`${cfg.name}: a reload keeps both clocks and whose runs`,
            after && after.running === before.running && after.white.text === before.white.text &&
            seconds(after.black.text) <= seconds(before.black.text) + 1 &&
            seconds(before.black.text) - seconds(after.black.text) <= Math.max(2, Math.ceil(away) + 1),
            `before ${JSON.stringify(before)}, after ${JSON.stringify(after)}, the reload took ${away.toFixed(1)} s`);

      // Low time, then the flag: the page's time jumps forward.
      const left = seconds(after.black.text);
      await page.clock.fastForward((left - 5) * 1000);
      await page.waitForFunction(() => window.reversi.getState().clock.black.low);
      // (The card follows the program's 'state' event.)
      const low = await page.waitForFunction(() => document.getElementById('clock-black').classList.contains('low'), null, { timeout: 5000 })
        .then(() => true, () => false);
      check(`${cfg.name}: low time is shown on the card`, low);
      await shot(page, `${cfg.name}-low`);
      await page.clock.fastForward(7000);
      await page.waitForFunction(() => window.reversi.getState().over, null, { timeout: 10000 });
      s = await state(page);
      check(`${cfg.name}: the flag falls: black lost on time`, s.clock.flag === 'black' && s.status === LOST[cfg.lang], s.status);
      const flagCard = await page.evaluate(() => document.getElementById('clock-black').classList.contains('flag'));
      check(`${cfg.name}: the card shows the fallen flag`, flagCard);
      await sleep(300);
      const said = await page.evaluate(() => window.__said.join(' | '));
      check(`${cfg.name}: the screen reader heard under 10 seconds and the flag`,
            said.includes(cfg.lang === 'ja' ? '10秒を切りました' : 'less than 10 seconds') &&
            said.includes(cfg.lang === 'ja' ? '時間切れ負け' : 'lost on time'), said);
      await shot(page, `${cfg.name}-flag`);
      const kept = await waitForAsync(page, async () => {
        const h = await window.reversi.history();
        return h.some((e) => e.lostOnTime === 'black' && e.clock === '1+0');
      });
      check(`${cfg.name}: Your games keeps the game as lost on time, with its clock`, kept);
      const ggf = await page.evaluate(() => window.reversi.exportGame ? window.reversi.exportGame('ggf') : null);
      if (ggf !== null) check(`${cfg.name}: the GGF export has TI[01:00] and the moves' times`, /TI\[01:00\]/.test(ggf) && /B\[[a-h][1-8]\/\/[0-9.]+\]/.test(ggf), ggf);
      if (cfg.turned) {
        await page.setViewportSize(cfg.turned);
        await sleep(500);
        await shot(page, `${cfg.name}-landscape-flag`);
        await page.setViewportSize(cfg.viewport);
        await sleep(300);
        const still = await page.evaluate(() => !document.getElementById('clock-black').hidden);
        check(`${cfg.name}: portrait, landscape, portrait: the clocks stay shown`, still);
      }
      await context.close();
    });
  }

  // A human-like opponent on the clock, as a player meets it (issue 45's done-when): a whole
  // 3+2 game on a phone in Japanese and on a desktop in English. The human player takes a
  // person's time over each move (said by the engine, waited by the game: the page's time is
  // jumped forward while it "thinks"), the game ends on the board with both clocks alive, and
  // Your games keeps it with its clock; then a 1+0 game where the person's flag falls.
  const wholeGames = [{ name: 'phone-ja', viewport: { width: 390, height: 844 }, lang: 'ja', hasTouch: true },
                      { name: 'desktop-en', viewport: { width: 1280, height: 800 }, lang: 'en' }];
  for (const cfg of sample('the whole games on a clock', wholeGames, [0])) {
    await step(`${cfg.name}: a whole game against human-2100 on a 3+2 clock, then a flag against it`, async () => {
      const context = await browser.newContext({ viewport: cfg.viewport, hasTouch: !!cfg.hasTouch });
      const page = await context.newPage();
      watchPage(page, problems);
      await page.clock.install();
      await page.goto(`${server.url}index.html?lang=${cfg.lang}&pause=0&speed=instant&opponent=human-2100&color=black&clock=3%2B2`);
      await waitForGame(page);
      let s = await state(page);
      check(`${cfg.name}: the game is against human-2100 on a 3+2 clock`, s.options.includes('human-2100') && s.clock && s.clock.control === '3+2',
            JSON.stringify(s.clock));
      let held = 0, waited = 0;
      for (let i = 0; i < 2000 && !s.over; i++) {
        if (s.humanToMove && s.legal.length && !s.animating) {
          await page.evaluate(() => { const r = window.reversi; r.play(r.getState().legal[0]); });
        } else {
          // The computer's turn: its search runs in the worker on the real clock; its reply is
          // then held for a person's time, which the page's clock is jumped through.
          const before = s.moves.length;
          await page.clock.fastForward(250);
          waited += 250;
          await sleep(20);
          if ((await state(page)).moves.length === before) held++;
        }
        s = await state(page);
        if (i === 12) await shot(page, `human-${cfg.name}-running`);
      }
      check(`${cfg.name}: the game against human-2100 is played to the end on the board`, s.over && s.clock && !s.clock.flag,
            JSON.stringify({ over: s.over, clock: s.clock, moves: s.moves.length }));
      check(`${cfg.name}: the human player took a person's time over its moves (the page's clock jumped ${waited} ms)`,
            held > 0 && waited >= 400, `${held} polls with its reply held`);
      const kept = await waitForAsync(page, async () => {
        const h = await window.reversi.history();
        return h.some((e) => e.clock === '3+2' && !e.lostOnTime && (e.black.name === 'human-2100' || e.white.name === 'human-2100'));
      });
      check(`${cfg.name}: Your games keeps the game against human-2100 with its clock`, kept);
      await shot(page, `human-${cfg.name}-over`);

      // A 1+0 game against the same player: the person's flag falls.
      await page.evaluate(() => window.reversi.newGame({ opponent: 'human-2100', color: 'black', clock: '1+0' }));
      await page.waitForFunction(() => { const s = window.reversi.getState(); return s.clock && s.clock.running === 'black'; });
      // A move each (a game with no move is not kept), then the person's time runs out.
      await page.evaluate(() => { const r = window.reversi; r.play(r.getState().legal[0]); });
      for (let i = 0; i < 400 && !(await state(page)).humanToMove; i++) { await page.clock.fastForward(250); await sleep(20); }
      await page.clock.fastForward(61000);
      await page.waitForFunction(() => window.reversi.getState().over, null, { timeout: 10000 });
      s = await state(page);
      check(`${cfg.name}: against human-2100 the person's flag falls: lost on time`, s.clock.flag === 'black' && s.status === LOST[cfg.lang], s.status);
      const lost = await waitForAsync(page, async () => {
        const h = await window.reversi.history();
        return h.some((e) => e.lostOnTime === 'black' && e.clock === '1+0' && e.white.name === 'human-2100');
      });
      check(`${cfg.name}: Your games keeps it as lost on time against human-2100`, lost);
      await shot(page, `human-${cfg.name}-flag`);
      await context.close();
    });
  }

  await step('a running clock draws about once a second', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    watchPage(page, problems);
    await page.goto(`${server.url}index.html?lang=en`);
    await waitForGame(page);
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'level-1', clock: '5+0', speed: 'instant' }));
    await sleep(2000);
    const [f0, t0] = await page.evaluate(() => [window.reversi.frameStats().frames, performance.now()]);
    await sleep(5000);
    const [f1, t1] = await page.evaluate(() => [window.reversi.frameStats().frames, performance.now()]);
    const perSecond = (f1 - f0) / ((t1 - t0) / 1000);
    check('a running clock: at most about one game frame a second (not every frame)', perSecond > 0.5 && perSecond <= 1.6,
          `${perSecond.toFixed(2)} frames/s`);
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'level-1', clock: 'none' }));
    await sleep(2000);
    const g0 = await page.evaluate(() => window.reversi.frameStats().frames);
    await sleep(3000);
    const g1 = await page.evaluate(() => window.reversi.frameStats().frames);
    check('no clock: no frames at rest', g1 === g0, `${g1 - g0} frames in 3 s`);
    await context.close();
  });
  check('no page errors', problems.length === 0, problems.slice(0, 5).join(' | '));
} finally {
  await browser.close();
  server.close();
}
finish();
