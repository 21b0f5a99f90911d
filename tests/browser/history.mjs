// Your games (issue 35), in headless Chromium as a player meets them:
//   node tests/browser/history.mjs            (after scripts/build-web.sh)
// - a game against level-1 and a game between two people, each played to its end, are in the
//   history after a reload, with their results and openings; the panel's code is not fetched
//   before the panel is opened;
// - the panel lists them (results against each computer player, filters); a game reviewed from
//   the panel gets both sides' accuracy in its entry and its row;
// - export, delete all (asked first), import: the same games back; a collection with a bad game
//   imports the good ones and names the bad one; nothing kept is lost;
// - storage refused (IndexedDB throws): a note says so, the game plays and this visit's game is
//   listed;
// - 10,000 games imported list and filter a page at a time (the longest frame is printed);
// - English and Japanese, a phone both ways and a desktop, axe-core with the panel open.
// Screenshots in build/web/screenshots/history-*.png. Prints "N passed, M failed".
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, launch, watchPage, waitForGame, waitForAsync, axeViolations, openPage as openGamePage, sample } from './harness.mjs';

const SHOTS = path.resolve(root, process.env.SCREENSHOTS || path.join(path.dirname(DIST), 'screenshots'));
fs.mkdirSync(SHOTS, { recursive: true });
const suite = createSuite({ what: 'the your-games test', timeSteps: true });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite, ['index.html', 'js/history.js', 'js/history-panel.js']);
// Served as scripts/serve-web.sh serves the game (with the isolation headers: the threaded AI from the
// first load, no first visit's reload into isolation, which run.mjs, threads.mjs and offline.mjs check;
// that reload was about a second of each of this suite's page loads).
const server = await serve(DIST, 0, '127.0.0.1', { isolate: true });
const browser = await launch(chromium);
const problems = [];

const openPage = (context, url) => openGamePage(context, url, problems);
// Plays the person's moves (the first legal square) until the game ends; the computer answers.
async function playToEnd(page) {
  await page.evaluate(async () => {
    const r = window.reversi;
    for (let i = 0; i < 2000; i++) {
      const s = r.getState();
      if (s.over) return;
      if (s.humanToMove && !s.animating && s.legal.length) r.play(s.legal[0]);
      await new Promise((f) => setTimeout(f, 20));
    }
    throw new Error('the game did not end');
  });
}
const history = (page) => page.evaluate(() => window.reversi.history());
// The panel (opened by the caller: a click, a tap or G) open, its list drawn.
async function panelOpened(page) {
  await page.waitForSelector('#history-panel:not([hidden])');
  await page.waitForFunction(() => document.getElementById('history-loading').hidden);
}
const axe = axeViolations;
const inView = (page, sel) => page.evaluate((s) => {
  const r = document.querySelector(s).getBoundingClientRect();
  return r.top < innerHeight && r.bottom > 0 && r.left >= -1 && r.right <= innerWidth + 1;
}, sel);

let exported = '';
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const fetched = [];
  context.on('request', (r) => fetched.push(r.url()));
  let page;

  await step('two games played to the end are kept, and still there after a reload', async () => {
    page = await openPage(context, `${server.url}index.html?lang=en&color=black&opponent=level-1&speed=instant&pause=0`);
    await playToEnd(page);
    const first = await page.evaluate(() => window.reversi.getState());
    await page.evaluate(() => window.reversi.newGame({ color: 'both', speed: 'instant' }));
    await playToEnd(page);
    const second = await page.evaluate(() => window.reversi.getState());
    await page.reload();
    await waitForGame(page);
    await waitForAsync(page, () => window.reversi.history().then((h) => h.length >= 2));
    const list = await history(page);
    check('both games are in the history after a reload', list.length === 2, `${list.length} games`);
    const [b, a] = list;  // newest first
    check('the game against level-1: its moves, players and result', a.moves === first.transcript && a.over &&
      a.white.computer && a.white.name === 'level-1' && !a.black.computer && a.blackDiscs === first.black && a.whiteDiscs === first.white,
      JSON.stringify({ moves: a.moves.slice(0, 20), black: a.black, white: a.white, discs: [a.blackDiscs, a.whiteDiscs] }));
    check('the two-player game: two people, its result', b.moves === second.transcript && b.over && !b.black.computer && !b.white.computer &&
      b.blackDiscs === second.black, JSON.stringify({ black: b.black, white: b.white }));
    check('each has its opening and a date', !!a.opening && !!a.opening.en && /^\d{4}-\d\d-\d\dT/.test(a.date) && /^\d{4}-/.test(b.date),
      `${a.opening && a.opening.en}, ${a.date}`);
    check('each is a GGF line with its players and result', /^\(;GM\[Othello\]PC\[Reversi\]DT\[.*PW\[Reversi level-1\].*RE\[[+-]?\d+\];\)$/.test(a.ggf), a.ggf.slice(0, 90));
    check('the panel\'s code is not fetched before the panel is opened', !fetched.some((u) => /history-panel\.js/.test(u)));
  });

  await step('the panel lists them, with the results against each level', async () => {
    await page.keyboard.press('g');
    await panelOpened(page);
    check('the G key opened the panel (its code fetched now)', fetched.some((u) => /history-panel\.js/.test(u)));
    const rows = await page.$$eval('#history-list li', (li) => li.map((x) => x.textContent));
    check('two rows, newest first', rows.length === 2 && /Player \(black\) against Player \(white\)/.test(rows[0]) && /against Lv 1/.test(rows[1]), rows.join(' | '));
    const progress = await page.$$eval('#history-progress-body tr', (tr) => tr.map((x) => x.textContent));
    check('a row of results against Lv 1', progress.length === 1 && /^Lv 1/.test(progress[0]), progress.join(' | '));
    // One game lost against level-1 (rated 2000, engine/level.h): a new player's 1500 falls, with a wide interval.
    const rating = await page.textContent('#history-rating');
    const m = /Your playing rating: (\d+) \(±(\d+)\), from 1 game against/.exec(rating);
    check('a playing rating from the game against the level', !!m && Number(m[1]) < 1500 && Number(m[2]) > 100, rating);
    await page.selectOption('#history-opponent', 'people');
    const filtered = await page.$$eval('#history-list li', (li) => li.length);
    check('the opponent filter keeps the two-player game', filtered === 1 && /1 of 2 games/.test(await page.textContent('#history-count')),
      await page.textContent('#history-count'));
    await page.selectOption('#history-opponent', 'all');
    await page.screenshot({ path: path.join(SHOTS, 'history-panel-1280x800-en.png'), fullPage: true });
    const v = await axe(page);
    check('axe-core: no violations with the panel open (en)', v.length === 0, v.join('; '));
  });

  await step('a game reviewed from the panel gets both sides\' accuracy', async () => {
    const before = await history(page);
    const target = before[1];  // the game against level-1
    const review = page.locator('#history-list li').nth(1).getByRole('button', { name: /^Review/ });
    await review.click();
    const s = await page.evaluate(() => window.reversi.getState());
    check('the game is on the board', s.transcript === target.moves, s.transcript.slice(0, 20));
    // Opened again (people on both seats), the cards still say who played it.
    const seats = [await page.textContent('#seat-black'), await page.textContent('#seat-white')];
    check('the cards name who played it: you and level-1', s.kept && seats[0] === 'You' && seats[1] === 'Lv 1',
      `${seats.join(' / ')}; ${JSON.stringify(s.kept)}`);
    await waitForAsync(page, (id) => window.reversi.history().then((h) => {
      const e = h.find((x) => x.id === id);
      return !!e && e.accuracy.black !== null;
    }), target.id, { timeout: 120000, polling: 500 });
    const entry = (await history(page)).find((x) => x.id === target.id);
    check('the entry has both sides\' accuracy, under the same id', entry.accuracy.black >= 0 && entry.accuracy.black <= 100 &&
      entry.accuracy.white >= 0 && entry.accuracy.white <= 100 && (await history(page)).length === 2,
      JSON.stringify(entry.accuracy));
    check('the line carries it (XB/XW)', /XB\[\d+(\.\d)?\]XW\[\d+(\.\d)?\]/.test(entry.ggf), entry.ggf.slice(0, 120));
    await page.waitForFunction(() => /your accuracy \d+%/.test(document.getElementById('history-list').textContent));
    check('the row shows the accuracy', true);
    // Its mistakes are kept (XD) and practised from the panel as a drill.
    check('the review kept the person\'s mistakes', entry.mistakes > 0 && /XD\[\d+!?:/.test(entry.ggf), `${entry.mistakes} positions`);
    await page.waitForSelector('#history-mistakes:not([hidden])');
    await page.click('#history-mistakes');
    const p = await page.evaluate(() => window.reversi.getState().practice);
    check('"Practise your mistakes" opens a drill of them in Practice', p.active && p.puzzle.kind === 'drill' &&
      !(await page.isHidden('#practice-panel')), JSON.stringify({ active: p.active, kind: p.puzzle && p.puzzle.kind }));
    await page.evaluate(() => window.reversi.leavePractice());
    // A reload keeps who played it (issue 44: "You / Lv 1" came back as "Player / Player").
    await page.reload();
    await waitForGame(page);
    const again = [await page.textContent('#seat-black'), await page.textContent('#seat-white')];
    check('after a reload the cards still name you and level-1', again[0] === 'You' && again[1] === 'Lv 1', again.join(' / '));
    await page.keyboard.press('g');
    await panelOpened(page);
  });

  await step('reviewed again from the panel, a kept game keeps its figures', async () => {
    // A review is a function of the game alone (issue 44): the second one finds the same
    // accuracy and mistakes as the first, and the kept entry stays as it was.
    const before = await history(page);
    const target = before[1];
    if (await page.isHidden('#history-panel')) {
      await page.keyboard.press('g');
      await panelOpened(page);
    }
    await page.locator('#history-list li').nth(1).getByRole('button', { name: /^Review/ }).click();
    await page.waitForFunction(() => {
      const r = window.reversi.getState().review;
      return r && !r.running && r.total > 0 && r.done === r.total;
    }, null, { timeout: 120000 });
    const r = (await page.evaluate(() => window.reversi.getState())).review;
    await page.waitForTimeout(1000);  // the completed review is written to the history (under the same id)
    const after = (await history(page)).find((x) => x.id === target.id);
    check('the second review finds the kept accuracy', r.black.accuracy === target.accuracy.black && r.white.accuracy === target.accuracy.white,
      `kept ${JSON.stringify(target.accuracy)}, reviewed again ${r.black.accuracy} / ${r.white.accuracy}`);
    check('the kept entry keeps its figures (accuracy, mistakes, its line)', !!after && JSON.stringify(after.accuracy) === JSON.stringify(target.accuracy) &&
      after.mistakes === target.mistakes && after.ggf === target.ggf, after ? `${JSON.stringify(after.accuracy)}, ${after.mistakes} mistakes` : 'gone');
  });

  await step('export, delete all (asked first), import: the same games back', async () => {
    const before = await history(page);
    exported = await page.evaluate(() => window.reversi.exportHistory());
    check('the export is a GGF collection, one game a line', exported.trim().split('\n').length === 2 &&
      exported.trim().split('\n').every((l) => /^\(;GM\[Othello\].*;\)$/.test(l)));
    await page.click('#history-clear');
    check('delete all asks first', await page.isVisible('#history-confirm') && /Delete all 2/.test(await page.textContent('#history-confirm-text')));
    await page.click('#history-confirm-no');
    check('"Keep them" keeps them', (await history(page)).length === 2);
    await page.click('#history-clear');
    await page.click('#history-confirm-yes');
    await page.waitForFunction(() => /No games yet/.test(document.getElementById('history-count').textContent));
    check('deleted', (await history(page)).length === 0);
    await page.fill('#history-import-text', exported);
    await page.click('#history-import');
    await page.waitForFunction(() => /Imported 2 games/.test(document.getElementById('history-import-result').textContent));
    const after = await history(page);
    const key = (l) => l.map((e) => e.ggf).sort().join('\n');
    check('the same games back (lines, results, accuracy)', key(after) === key(before) && after.length === 2);
    const again = await page.evaluate((t) => window.reversi.importHistory(t), exported);
    check('importing them again adds nothing', again.imported === 0 && again.skipped === 2 && (await history(page)).length === 2, JSON.stringify(again));
  });

  await step('a collection with bad games imports the good ones and names the bad ones', async () => {
    const good = '(;GM[Othello]PC[Reversi]DT[2001-02-03T04:05:06Z]PB[Player]PW[Reversi level-3]TY[8]B[f5]W[d6]B[c3];)';
    const text = `1 ${good}\n2 (;GM[Othello]B[f5]W[a1];)\n3 (;GM[Othello]B[f5]`;
    const r = await page.evaluate((t) => window.reversi.importHistory(t), text);
    check('one imported, two named with their reasons', r.imported === 1 && r.rejected.length === 2 && r.rejected[0].index === 2 &&
      /not legal/.test(r.rejected[0].message) && r.rejected[1].index === 3, JSON.stringify(r));
    check('nothing kept is lost', (await history(page)).length === 3);
    await page.fill('#history-import-text', 'f5d6c3\nf5z9\n');
    await page.click('#history-import');
    await page.waitForFunction(() => /Game 2 not imported/.test(document.getElementById('history-import-result').textContent));
    check('the panel names the bad transcript', /z9/.test(await page.textContent('#history-import-result')), await page.textContent('#history-import-result'));
    // The imported game f5d6c3 against level-3, unfinished: taken up, level-3 answers.
    const row = page.locator('#history-list li', { hasText: 'against Lv 3' }).first();
    await row.getByRole('button', { name: /^Continue/ }).click();
    await page.waitForFunction(() => window.reversi.getState().transcript.length === 8, null, { timeout: 30000 });
    const s = await page.evaluate(() => window.reversi.getState());
    check('an unfinished game is taken up against the same computer player, who answers', /^f5d6c3[a-h][1-8]$/.test(s.transcript) &&
      /white=level-3/.test(s.options) && /black=human/.test(s.options), `${s.transcript}, ${s.options}`);
  });

  await step('the results and what to play next are the program\'s (history_summary_json)', async () => {
    // Five games won against level-2, then five lost (the two-person game with a level on the
    // loser's or the winner's side), in a context of their own.
    const twoPeople = exported.trim().split('\n').find((l) => /PB\[Player\]PW\[Player\]/.test(l));
    const margin = Number((/RE\[([+-]?\d+)/.exec(twoPeople || '') || [])[1]);
    check('the two-person game is over, not a draw', !!twoPeople && margin !== 0 && !Number.isNaN(margin), twoPeople && twoPeople.slice(0, 120));
    const as = (won, day) => {
      const personBlack = won === margin > 0;
      return twoPeople.replace(/PB\[Player\]PW\[Player\]/, personBlack ? 'PB[Player]PW[Reversi level-2]' : 'PB[Reversi level-2]PW[Player]')
        .replace(/DT\[[^\]]*\]/, `DT[2031-01-${String(day).padStart(2, '0')}T10:00:00Z]`);
    };
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const p = await openPage(ctx, `${server.url}index.html?lang=en&color=both&speed=instant`);
    await p.keyboard.press('g');
    await panelOpened(p);
    await p.evaluate((t) => window.reversi.importHistory(t), [1, 2, 3, 4, 5].map((d) => as(true, d)).join('\n'));
    await p.waitForFunction(() => /try/.test(document.getElementById('history-suggestion').textContent), null, { timeout: 10000 }).catch(() => {});
    const row = () => p.$$eval('#history-progress-body tr', (tr) => tr.map((x) => [...x.children].slice(0, 4).map((c) => c.textContent).join(' ')));
    check('five won against Lv 2: the program says try Lv 3', (await p.textContent('#history-suggestion')) === 'You won 5 of your last 5 games against Lv 2: try Lv 3.',
          await p.textContent('#history-suggestion'));
    check('... and the results row says 5 won', JSON.stringify(await row()) === JSON.stringify(['Lv 2 5 0 0']), JSON.stringify(await row()));
    check('each row says won, against Lv 2', (await p.$$eval('#history-list li', (li) => li.filter((x) => /Won \d+–\d+ · against Lv 2/.test(x.textContent)).length)) === 5);
    await p.evaluate((t) => window.reversi.importHistory(t), [6, 7, 8, 9, 10].map((d) => as(false, d)).join('\n'));
    await p.waitForFunction(() => /suit/.test(document.getElementById('history-suggestion').textContent), null, { timeout: 10000 }).catch(() => {});
    check('then five lost: Lv 1 may suit you better', (await p.textContent('#history-suggestion')) === 'You lost 5 of your last 5 games against Lv 2: Lv 1 may suit you better for now.',
          await p.textContent('#history-suggestion'));
    check('... the row 5 won, 5 lost', JSON.stringify(await row()) === JSON.stringify(['Lv 2 5 0 5']), JSON.stringify(await row()));
    await p.selectOption('#history-result', 'lost');
    check('the result filter keeps the five lost', (await p.$$eval('#history-list li', (li) => li.length)) === 5);
    await p.evaluate(() => window.reversi.setLanguage('ja'));
    await p.waitForFunction(() => /レベル1/.test(document.getElementById('history-suggestion').textContent), null, { timeout: 10000 }).catch(() => {});
    check('... in Japanese', /レベル2に直近5局中5敗/.test(await p.textContent('#history-suggestion')), await p.textContent('#history-suggestion'));
    await ctx.close();
  });

  await step('Japanese, a phone both ways', async () => {
    await page.evaluate(() => window.reversi.setLanguage('ja'));
    await page.waitForFunction(() => /局中/.test(document.getElementById('history-count').textContent));
    check('the panel in Japanese', /あなたの対局/.test(await page.textContent('#history-title')) && /勝ち|負け|引き分け/.test(await page.textContent('#history-list')),
      (await page.textContent('#history-list')).slice(0, 80));
    const v = await axe(page);
    check('axe-core: no violations with the panel open (ja)', v.length === 0, v.join('; '));
    // The file picker in the page's language, not the browser's ("Choose File / No file chosen").
    check('the file picker in Japanese', (await page.textContent('label[for="history-import-file"]')) === 'ファイルを選ぶ…' &&
      (await page.textContent('#history-import-file-name')) === 'ファイルが選ばれていません', await page.textContent('#history-import-file-name'));
    await page.setInputFiles('#history-import-file', { name: 'games.ggf', mimeType: 'text/plain', buffer: Buffer.from('f5d6c3\n') });
    check('... the file chosen named', (await page.textContent('#history-import-file-name')) === 'games.ggf', await page.textContent('#history-import-file-name'));
    await page.setInputFiles('#history-import-file', []);
    await page.screenshot({ path: path.join(SHOTS, 'history-panel-1280x800-ja.png'), fullPage: true });
    const phones = [[390, 844, 'ja'], [844, 390, 'en'], [390, 844, 'en'], [360, 640, 'ja']];
    for (const [w, h, lang] of sample('the phones with Your games', phones, [0, 1])) {
      const phone = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
      const p = await openPage(phone, `${server.url}index.html?lang=${lang}`);
      await p.evaluate((t) => window.reversi.importHistory(t), exported);
      check(`${w}x${h} ${lang}: the Your games button is in view`, await inView(p, '#history-open'));
      await p.tap('#history-open');
      await panelOpened(p);
      await p.waitForTimeout(400);
      check(`${w}x${h} ${lang}: the panel opens into view, two games listed`, await inView(p, '#history-title') &&
        (await p.$$eval('#history-list li', (li) => li.length)) === 2);
      const wide = await p.evaluate(() => document.getElementById('history-panel').scrollWidth <= document.getElementById('history-panel').clientWidth + 1);
      check(`${w}x${h} ${lang}: nothing in the panel is cut sideways`, wide);
      // Each level's name on one line in the results table (issue 44: "レベル / 6" at 360 px).
      const lines = await p.$$eval('#history-progress-body th', (ths) => ths.map((th) => { const r = document.createRange(); r.selectNodeContents(th); return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; }));
      check(`${w}x${h} ${lang}: each level's name on one line in the results`, lines.length > 0 && lines.every((n) => n === 1), JSON.stringify(lines));
      await p.screenshot({ path: path.join(SHOTS, `history-panel-${w}x${h}-${lang}.png`) });
      if (w > h) {
        await p.setViewportSize({ width: h, height: w });
        await p.waitForTimeout(500);
        check(`${w}x${h} turned to ${h}x${w}: the panel still lists the games`, (await p.$$eval('#history-list li', (li) => li.length)) === 2);
        await p.screenshot({ path: path.join(SHOTS, `history-panel-${w}x${h}-turned-${lang}.png`) });
      }
      await phone.close();
    }
  });

  await step('10,000 games list and filter a page at a time', async () => {
    const lines = exported.trim().split('\n');
    const many = [];
    for (let i = 0; i < 10000; i++) {
      const d = new Date(Date.UTC(2020, 0, 1) + i * 60000).toISOString().replace(/\.\d+Z$/, 'Z');
      many.push(lines[i % lines.length].replace(/DT\[[^\]]*\]/, `DT[${d}]`));
    }
    const t0 = Date.now();
    const r = await page.evaluate((t) => window.reversi.importHistory(t), many.join('\n'));
    const importMs = Date.now() - t0;
    check('10,000 imported', r.imported === 10000 && r.rejected.length === 0, JSON.stringify({ imported: r.imported, rejected: r.rejected.length }));
    await page.evaluate(() => window.reversi.setLanguage('en'));
    await page.waitForFunction(() => /of 10,?00\d games/.test(document.getElementById('history-count').textContent), null, { timeout: 60000 });
    // The longest gap between frames while the list is filtered both ways.
    const worst = await page.evaluate(async () => {
      let last = performance.now(), max = 0, on = true;
      const tick = (t) => { max = Math.max(max, t - last); last = t; if (on) requestAnimationFrame(tick); };
      requestAnimationFrame(tick);
      const sel = document.getElementById('history-result');
      for (const v of ['won', 'lost', 'all', 'unfinished', 'all']) {
        sel.value = v;
        sel.dispatchEvent(new Event('change'));
        await new Promise((f) => setTimeout(f, 150));
      }
      document.getElementById('history-more').click();
      await new Promise((f) => setTimeout(f, 150));
      on = false;
      return Math.round(max);
    });
    const rows = await page.$$eval('#history-list li', (li) => li.length);
    check('a page at a time: 100 rows after Show more', rows === 100, `${rows} rows`);
    console.log(`  10,000 games: import ${importMs} ms; the longest frame while filtering ${worst} ms`);
  });
  await context.close();

  await step('storage refused: a note says so, the game plays, this visit\'s game is listed', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await ctx.addInitScript(() => { Object.defineProperty(window, 'indexedDB', { get() { throw new Error('denied'); } }); });
    const p = await openPage(ctx, `${server.url}index.html?lang=en&color=both&speed=instant`);
    await playToEnd(p);
    await p.waitForFunction(() => /does not keep your games/.test(document.body.textContent));
    const list = await history(p);
    check('the note, and the game listed from memory', list.length === 1 && list[0].over, `${list.length} games`);
    await ctx.close();
  });
} catch (err) {
  check('no exception', false, err.stack || String(err));
} finally {
  check('no page errors', problems.length === 0, problems.slice(0, 5).join('; '));
  await browser.close();
  server.close();
  finish();
}
