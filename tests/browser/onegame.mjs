// One game, every panel (issue 33): the seams a player met between the board, the panels and
// the screen, each checked as the player meets it, in headless Chromium:
//   node tests/browser/onegame.mjs            (after scripts/build-web.sh)
// - turning a phone (360x640, 390x844 and 640x360, at 2 device pixels per CSS pixel, and
//   back): the board is drawn after each turn, never left black;
// - phones held sideways (640x360, 844x390, en and ja) have the Explorer and Practice
//   buttons in view, and a tap opens each panel, scrolled into view;
// - during a practice puzzle Undo, Redo and Analyse are greyed (Analyse says why) and their
//   keys keep the puzzle; closing Practice brings the game back;
// - review on a phone: choosing a mistake in the list brings the board into view;
// - the explorer's table fits a 320 px phone (en, ja);
// - opening Practice leaves the game on the board until a puzzle is chosen; the endgame trainer
//   plays an earlier position shown of a finished game (greyed at its end, saying why);
// - words about one thing in the singular: "looks 1 move ahead", "Running on 1 thread.";
// - the evaluation graph: no graph at the end of a game before a review; the mistakes' marks
//   are diamonds, as the legend says (▲/▼ mean black/white ahead); move numbers on the x-axis.
// - an expert game replayed from the explorer inside a game against the computer: it opens at
//   its start with its players on the cards and a bar saying whose it is; Back to your game
//   returns to the game as it was; an unknown expert is "unknown player", not "???"; the list of
//   the position's games follows the position as the computer replies.
// Screenshots in build/web/screenshots/onegame-*.png. Prints "N passed, M failed"; exits non-zero
// on any failure.
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, launch, samplePixels, openPage as openGamePage, sample } from './harness.mjs';

const SHOTS = path.resolve(root, process.env.SCREENSHOTS || path.join(path.dirname(DIST), 'screenshots'));
fs.mkdirSync(SHOTS, { recursive: true });
// The watchdog stops a suite that hangs; it is not a time to meet. Alone on a quiet 2-core
// machine the suite takes about 130 s (Chromium 156); beside another suite in CI's two lanes
// it went past 240 s (stop 55), so it has the bound of the other long suites.
const suite = createSuite({ what: 'the one-game test', timeSteps: true });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite);
// Served as scripts/serve-web.sh serves the game (with the isolation headers: the threaded AI from the
// first load, no first visit's reload into isolation, which run.mjs, threads.mjs and offline.mjs check;
// that reload was about a second of each of this suite's page loads).
const server = await serve(DIST, 0, '127.0.0.1', { isolate: true });
const browser = await launch(chromium);
const problems = [];
const state = (page) => page.evaluate(() => window.reversi.getState());

// The share of the canvas that is black (an undrawn canvas is all black; the board has a
// black grid, stones and shadows: about a tenth).
async function blackShare(page) {
  const grid = [];
  for (let i = 1; i < 10; i++) for (let j = 1; j < 10; j++) grid.push({ fx: i / 10, fy: j / 10 });
  const box = await page.locator('#canvas').boundingBox();
  const colours = await samplePixels(page, grid.map((p) => ({ x: p.fx * box.width, y: p.fy * box.height })));
  return colours.filter((c) => c.r + c.g + c.b < 40).length / colours.length;
}

const openPage = (context, url) => openGamePage(context, url, problems);

try {
  await step('turning a phone: the board is drawn in the new orientation and back', async () => {
    for (const [w, h] of sample('the phones turned', [[360, 640], [390, 844], [640, 360]], [1, 2])) {
      const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await openPage(context, `${server.url}index.html?lang=en`);
      await page.waitForTimeout(300);
      const shares = [await blackShare(page)];
      for (const [vw, vh] of [[h, w], [w, h]]) {
        await page.setViewportSize({ width: vw, height: vh });
        await page.waitForTimeout(600);
        shares.push(await blackShare(page));
        await page.screenshot({ path: path.join(SHOTS, `onegame-turned-${w}x${h}-to-${vw}x${vh}.png`) });
      }
      check(`${w}x${h}, turned to ${h}x${w} and back: the board is drawn each time`, shares.every((s) => s < 0.5),
        shares.map((s) => `${Math.round(s * 100)}% black`).join(', '));
      await context.close();
    }
  });

  await step('phones held sideways have the Explorer and Practice buttons, and they open their panels', async () => {
    // CI: each size in one language (640x360 English, 844x390 Japanese).
    const sideways = [[640, 360, 'en'], [640, 360, 'ja'], [844, 390, 'en'], [844, 390, 'ja']];
    for (const [w, h, lang] of sample('the phones held sideways', sideways, [0, 3])) {
      const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await openPage(context, `${server.url}index.html?lang=${lang}`);
      for (const [button, panel] of [['#explorer-open', '#explorer-panel'], ['#practice-open', '#practice-panel']]) {
        const box = await page.locator(button).boundingBox();
        const inView = box && box.x >= 0 && box.y >= 0 && box.x + box.width <= w && box.y + box.height <= h;
        if (!check(`${w}x${h} ${lang}: ${button} is in view`, inView, JSON.stringify(box))) continue;
        await page.tap(button);
        await page.waitForFunction((p) => !document.querySelector(p).hidden, panel, { timeout: 10000 });
        check(`${w}x${h} ${lang}: tapping ${button} opens ${panel}`, await page.getAttribute(button, 'aria-expanded') === 'true');
        await page.waitForTimeout(300);
        const top = await page.$eval(panel, (e) => e.getBoundingClientRect().top);
        check(`${w}x${h} ${lang}: ${panel} is scrolled into view`, top >= 0 && top < h - 40, `its top at ${Math.round(top)} px`);
        await page.screenshot({ path: path.join(SHOTS, `onegame-sideways-${button.slice(1)}-${w}x${h}-${lang}.png`) });
        await page.tap(button);
      }
      await context.close();
    }
  });

  await step('during a puzzle Undo, Redo and Analyse are off and keep the puzzle; the game comes back', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context, `${server.url}index.html?lang=en`);
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'level-1', speed: 'instant', pause: 0 }));
    await page.evaluate(() => window.reversi.play('f5'));
    await page.waitForFunction(() => window.reversi.getState().moves.length >= 2, null, { timeout: 20000 });
    const game = (await state(page)).transcript;
    await page.click('#practice-open');
    await page.click('#practice-next');
    await page.waitForFunction(() => { const p = window.reversi.getState().practice; return p.active && p.puzzle; }, null, { timeout: 30000 });
    const flags = await page.evaluate(() => ['undo', 'redo', 'analyse'].map((id) => document.getElementById(id).disabled));
    check('Undo, Redo and Analyse are greyed', flags.every(Boolean), flags.join(','));
    check('Analyse says why', /give the answer away/.test(await page.getAttribute('#analyse', 'title') || ''));
    const before = await page.evaluate(() => window.reversi.getState().board);
    await page.focus('#new');
    for (const key of ['u', 'r', 'a', 'Control+z']) await page.keyboard.press(key);
    await page.waitForTimeout(300);
    const s = await state(page);
    check('U, R, A and Ctrl+Z keep the puzzle as it was', s.practice.active && s.board === before && !s.analysis.on,
      `active ${s.practice.active}, analysis ${s.analysis.on}`);
    await page.click('#practice-open');
    await page.waitForFunction(() => !window.reversi.getState().practice.active, null, { timeout: 10000 });
    check('closing Practice brings the game back', (await state(page)).transcript === game, (await state(page)).transcript);
    await context.close();
  });

  await step('one thing is said in the singular', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context, `${server.url}index.html?lang=en`);
    const level1 = await page.$eval('#opponent option[value="level-1"]', (o) => o.textContent);
    check('the New game dialog: "looks 1 move ahead"', /looks 1 move ahead/.test(level1) && !/1 moves/.test(level1), level1);
    const level2 = await page.$eval('#opponent option[value="level-2"]', (o) => o.textContent);
    check('and "looks 2 moves ahead" for two', /looks 2 moves ahead/.test(level2), level2);
    const s = await state(page);
    if (check('the isolated page runs the threaded AI', s.ai && s.ai.build === 'threads', JSON.stringify(s.ai))) {
      await page.click('#settings');
      const plural = (await page.textContent('#ai-build')).trim();
      check(`and "Running on ${s.ai.threads} threads." for more`, s.ai.threads === 1 || plural === `Running on ${s.ai.threads} threads.`, plural);
      await page.selectOption('#ai-threads', '1');
      await page.waitForFunction(() => window.reversi.getState().ai.threads === 1, null, { timeout: 20000 });
      await page.waitForFunction(() => /1 thread/.test(document.getElementById('ai-build').textContent), null, { timeout: 5000 }).catch(() => {});
      const text = await page.textContent('#ai-build');
      check('Settings: "Running on 1 thread."', text.trim() === 'Running on 1 thread.', text);
    }
    await context.close();
  });

  await step('the graph: none before a review, diamonds for mistakes as the legend says, move numbers', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context, `${server.url}index.html?lang=en`);
    await page.evaluate(() => window.reversi.newGame({ color: 'none', opponent: 'first-legal', speed: 'instant', pause: 0 }));
    await page.waitForFunction(() => window.reversi.getState().over, null, { timeout: 60000 });
    await page.waitForTimeout(500);
    check('a game just ended, not reviewed: no graph', !(await page.isVisible('#graph-box')),
      `${(await state(page)).graph.filter((p) => p.value !== null).length} values`);
    await page.click('#review-start');
    await page.waitForFunction(() => !window.reversi.getState().review.running && window.reversi.getState().review.entries.length > 0,
      null, { timeout: 120000 });
    await page.waitForFunction(() => document.querySelectorAll('#graph .graph-mistake').length > 0, null, { timeout: 5000 });
    const legend = await page.textContent('#graph-legend');
    const marks = await page.$$eval('#graph .graph-mistake polygon', (ps) => ps.map((p) => p.getAttribute('points').trim().split(/\s+/).length));
    check('the legend names the mistakes\' mark ◆, not a triangle', /◆ mistake/.test(legend) && !/[▲▼] mistake/.test(legend), legend);
    check('every mistake\'s mark is a diamond (4 corners)', marks.length > 0 && marks.every((n) => n === 4), marks.join(','));
    const numbers = await page.$$eval('#graph .graph-move-number', (ts) => ts.map((x) => x.textContent));
    check('the x-axis is numbered every 10 moves', ['10', '20', '30', '40', '50'].every((n) => numbers.includes(n)), numbers.join(' '));
    await page.locator('#graph-box').screenshot({ path: path.join(SHOTS, 'onegame-graph-en.png') });
    await page.evaluate(() => window.reversi.setLanguage('ja'));
    await page.waitForFunction(() => /◆ 悪手/.test(document.getElementById('graph-legend').textContent), null, { timeout: 5000 }).catch(() => {});
    check('and in Japanese: ◆ 悪手', /◆ 悪手/.test(await page.textContent('#graph-legend')), await page.textContent('#graph-legend'));
    await page.locator('#graph-box').screenshot({ path: path.join(SHOTS, 'onegame-graph-ja.png') });
    await context.close();
  });

  await step('review on a phone: choosing a mistake brings the board into view', async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await openPage(context, `${server.url}index.html?lang=en`);
    await page.evaluate(() => window.reversi.newGame({ color: 'none', opponent: 'first-legal', speed: 'instant', pause: 0 }));
    await page.waitForFunction(() => window.reversi.getState().over, null, { timeout: 60000 });
    await page.tap('#review-start');
    await page.waitForFunction(() => !window.reversi.getState().review.running && document.querySelector('#mistakes button'),
      null, { timeout: 120000 });
    // The list is drawn again as the review's last values arrive: scroll to its last mistake
    // and tap it, once more if the list was replaced in between.
    let before = null;
    for (let attempt = 0; attempt < 5 && before === null; attempt++) {
      try {
        await page.waitForTimeout(300);
        await page.evaluate(() => { const b = document.querySelectorAll('#mistakes button'); b[b.length - 1].scrollIntoView({ block: 'center' }); });
        await page.waitForTimeout(200);
        const bottom = await page.$eval('#canvas', (c) => c.getBoundingClientRect().bottom);
        await page.locator('#mistakes button').last().tap({ timeout: 5000 });
        before = bottom;
      } catch (err) {
        if (attempt === 4) throw err;
      }
    }
    await page.waitForTimeout(400);
    const box = await page.$eval('#canvas', (c) => { const r = c.getBoundingClientRect(); return { top: r.top, bottom: r.bottom }; });
    check('the board is in view after choosing a mistake', before <= 0 && box.top >= -1 && box.bottom <= 641,
      `board bottom at ${Math.round(before)} px before, ${Math.round(box.top)}-${Math.round(box.bottom)} px after`);
    await page.screenshot({ path: path.join(SHOTS, 'onegame-review-mistake-360x640.png') });
    await context.close();
  });

  await step('an expert game replayed from inside a game against the computer, and back', async () => {
    for (const [w, h, lang] of [[1280, 800, 'en'], [390, 844, 'ja']]) {
      const phone = w < 600;
      const context = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: phone ? 2 : 1, isMobile: phone, hasTouch: phone });
      const page = await openPage(context, `${server.url}index.html?lang=${lang}`);
      await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'level-1', speed: 'instant', pause: 0 }));
      await page.evaluate(() => window.reversi.play('f5'));
      await page.waitForFunction(() => window.reversi.getState().humanToMove, null, { timeout: 20000 });
      const mine = await state(page);
      const seatsBefore = [await page.textContent('#seat-black'), await page.textContent('#seat-white')];
      await page.click('#explorer-open');
      await page.fill('#explorer-player', 'Tamenori Hideshi');
      await page.click('#explorer-search button[type="submit"]');
      await page.waitForFunction(() => document.querySelectorAll('#explorer-games button').length > 0 &&
        /Tamenori Hideshi/.test(document.getElementById('explorer-games').textContent), null, { timeout: 30000 });
      const listed = await page.textContent('#explorer-games button >> nth=0');
      await page.click('#explorer-games button >> nth=0');
      await page.waitForFunction(() => window.reversi.getState().replay, null, { timeout: 10000 });
      const s = await state(page);
      const seats = [await page.textContent('#seat-black'), await page.textContent('#seat-white')];
      check(`${w}x${h} ${lang}: the replay opens at its start (move 0 of ${s.moves.length})`, s.view === 0 && s.moves.length > 20, `view ${s.view}`);
      check(`${w}x${h} ${lang}: the cards name the two players`, seats[0] === s.replay.black && seats[1] === s.replay.white &&
        listed.includes(s.replay.black) && listed.includes(s.replay.white), `${seats.join(' / ')}; ${listed}`);
      const bar = await page.textContent('#replay-text');
      check(`${w}x${h} ${lang}: the replay's bar says whose game it is, in the page's language`,
        !(await page.$eval('#replay', (e) => e.hidden)) && bar.includes(s.replay.black) && (lang === 'ja' ? /黒/.test(bar) : /against/.test(bar)), bar);
      await page.click('#review-next');
      check(`${w}x${h} ${lang}: Next move steps through it`, (await state(page)).view === 1);
      await page.screenshot({ path: path.join(SHOTS, `onegame-replay-${w}x${h}-${lang}.png`) });
      await page.click('#replay-back');
      await page.waitForFunction(() => !window.reversi.getState().replay, null, { timeout: 10000 });
      const back = await state(page);
      check(`${w}x${h} ${lang}: Back to your game brings the game against the computer back`, back.transcript === mine.transcript &&
        back.options === mine.options && back.view === null && (await page.$eval('#replay', (e) => e.hidden)) &&
        (await page.textContent('#seat-black')) === seatsBefore[0] && (await page.textContent('#seat-white')) === seatsBefore[1],
        `${back.transcript} vs ${mine.transcript}; ${back.options}`);
      await context.close();
    }
  });

  await step('an unknown expert is named as such, not "???"', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context, `${server.url}index.html?lang=en`);
    await page.click('#explorer-open');
    await page.fill('#explorer-player', '???');
    await page.click('#explorer-search button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll('#explorer-games button').length > 0, null, { timeout: 30000 });
    const text = await page.textContent('#explorer-games');
    check('the games of an unknown player say "unknown player"', /unknown player/.test(text) && !/\?\?\?/.test(text), text.slice(0, 200));
    await context.close();
  });

  await step('the expert-games list follows the position while the computer replies', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context, `${server.url}index.html?lang=en`);
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'level-1', speed: 'instant', pause: 0 }));
    await page.click('#explorer-open');
    await page.waitForFunction(() => document.querySelectorAll('#explorer-games button').length > 0, null, { timeout: 30000 });
    const atStart = await page.textContent('#explorer-games');
    await page.evaluate(() => window.reversi.play('f5'));
    await page.waitForFunction(() => window.reversi.getState().moves.length === 2, null, { timeout: 20000 });
    const want = await page.evaluate(() => window.reversi.games({ position: true, newest: true }));
    await page.waitForFunction((first) => {
      const b = document.querySelector('#explorer-games button');
      return b && b.textContent.indexOf(first) >= 0;
    }, `${want.games[0].year} ${want.games[0].tournament}`, { timeout: 15000 }).catch(() => {});
    const listed = await page.$$eval('#explorer-games button', (b) => b.map((x) => x.textContent));
    const s = await state(page);
    check(`after f5 and the computer's ${s.moves[1].square}: the list is the games of the new position`,
      listed.length === want.games.length && want.games.every((g, i) => listed[i].startsWith(`${g.year} ${g.tournament}`)) &&
      (await page.textContent('#explorer-games')) !== atStart, `${listed.length} listed, ${want.games.length} wanted; ${listed[0]}`);
    await context.close();
  });

  await step('the endgame trainer plays the position shown of a finished game', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await openPage(context, `${server.url}index.html?lang=en`);
    await page.evaluate(() => window.reversi.newGame({ color: 'none', opponent: 'first-legal', speed: 'instant', pause: 0 }));
    await page.waitForFunction(() => window.reversi.getState().over, null, { timeout: 60000 });
    await page.click('#practice-open');
    await page.waitForFunction(() => window.reversi.getState().practice.loaded, null, { timeout: 30000 });
    const overTitle = await page.getAttribute('#practice-trainer-start', 'title');
    check('at the end of the game the trainer is greyed, saying why', await page.$eval('#practice-trainer-start', (b) => b.disabled) &&
      /earlier move/.test(overTitle || ''), overTitle);
    const s = await state(page);
    const ply = s.moves.length - 18;  // 18 empties, or fewer after passes
    await page.evaluate((n) => window.reversi.view(n), ply);
    await page.waitForFunction(() => !document.getElementById('practice-trainer-start').disabled, null, { timeout: 5000 }).catch(() => {});
    const shown = (await state(page)).shown.board;
    check(`viewing move ${ply}: the trainer is offered`, !(await page.$eval('#practice-trainer-start', (b) => b.disabled)));
    await page.click('#practice-trainer-start');
    await page.waitForFunction(() => { const p = window.reversi.getState().practice; return p.active && p.puzzle && p.puzzle.kind === 'trainer'; },
      null, { timeout: 10000 });
    check('the trainer starts from the position shown', (await state(page)).board === shown);
    await page.click('#practice-leave');
    await page.waitForFunction(() => !window.reversi.getState().practice.active, null, { timeout: 10000 });
    check('leaving the trainer brings the finished game back', (await state(page)).transcript === s.transcript);
    await context.close();
  });

  await step('the explorer\'s table fits a 320 px phone, every column in view', async () => {
    for (const lang of sample('the languages of the 320 px table', ['en', 'ja'], [1])) {
      const context = await browser.newContext({ viewport: { width: 320, height: 568 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const page = await openPage(context, `${server.url}index.html?lang=${lang}`);
      await page.evaluate(() => window.reversi.play('f5'));
      await page.tap('#explorer-open');
      await page.waitForFunction(() => document.querySelectorAll('#explorer-moves button').length > 0, null, { timeout: 30000 });
      const m = await page.evaluate(() => {
        const box = document.querySelector('.explorer-scroll');
        const last = document.querySelector('#explorer-table thead th:last-child').getBoundingClientRect();
        return { scroll: box.scrollWidth, width: box.clientWidth, lastRight: last.right };
      });
      check(`320x568 ${lang}: the table's six columns fit (no sideways scroll)`, m.scroll <= m.width && m.lastRight <= 320, JSON.stringify(m));
      await page.evaluate(() => document.getElementById('explorer-table').scrollIntoView());
      await page.screenshot({ path: path.join(SHOTS, `onegame-explorer-320x568-${lang}.png`) });
      await context.close();
    }
  });

  check('no page errors', problems.length === 0, problems.slice(0, 5).join(' | '));
} catch (err) {
  check('the one-game test ran', false, err && err.stack ? err.stack : String(err));
} finally {
  await browser.close();
  server.close();
}
finish();
