// Practice in the browser (issue 27; headless Chromium, Debian's /usr/bin/chromium, driven by
// playwright-core; axe-core checks accessibility):
//   node tests/browser/practice.mjs        (after scripts/build-web.sh and the native build; run by scripts/test.sh)
// Env: DIST (default build/web/dist), ARTIFACTS (default build/web/artifacts), REVERSI_CLI (the native
// reversi-cli that tells each puzzle's answer and values independently of the page; default
// build/native/reversi-cli; required).
// Checks: puzzles.bin is not fetched before Practice opens; a rated puzzle answered wrong (the
// judgement's text and every move's value = the CLI's exact values), right after two hints (the
// region, then the square: counted as a miss) and right without help; the rating moves after each answer and survives a reload; an illegal
// move is refused and the puzzle is unchanged; Back to the game restores the game; play it out;
// ?daily=DATE opens the same puzzle as `reversi-cli puzzle --daily DATE`, reversi.practice({daily})
// too, and a bad date is refused (a message, the game untouched); bad options reject; the mistakes
// drill from a reviewed game; a corrupt stored record (a message, a fresh record); a missing,
// corrupt or unreachable puzzles.bin (a message, the game goes on); offline after the first load;
// Japanese; axe-core. Screenshots practice-{en,ja}-{360x640,640x360,1280x800}.png: a puzzle with a
// hint and its judgement.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, CHROMIUM, CHROMIUM_ARGS, watchPage, waitForGame, waitForAsync, checkAxe } from './harness.mjs';

const ARTIFACTS = path.resolve(root, process.env.ARTIFACTS || path.join(path.dirname(DIST), 'artifacts'));
const suite = createSuite({ what: 'the practice test', timeSteps: true });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite, ['index.html', 'puzzles.bin']);
fs.mkdirSync(ARTIFACTS, { recursive: true });

// ---- the answers, from the native CLI (the engine's own reading of data/puzzles.bin) ----------------
const CLI = process.env.REVERSI_CLI || path.join(root, 'build/native/reversi-cli');
if (!fs.existsSync(CLI)) suite.abort(`${CLI} not found: build the native reversi-cli first (or set REVERSI_CLI)`);
const PUZZLES = path.join(DIST, 'puzzles.bin');
// {id (0-based), board (64 of X O -, a1..h8), toMove, values: [{square, value}] best first}
function cliPuzzle(args) {
  const r = spawnSync(CLI, ['puzzle', ...args, '--solution', '--file', PUZZLES], { encoding: 'utf8' });
  if (r.status !== 0) return { error: (r.stderr || r.stdout).trim() };
  const out = r.stdout;
  const id = Number(/^puzzle (\d+)/m.exec(out)[1]) - 1;
  const rows = [...out.matchAll(/^([1-8]) ((?:[XO-] ){7}[XO-])$/gm)].map((m) => m[2].replace(/ /g, ''));
  const values = [...(/^exact values: (.*)$/m.exec(out)[1]).matchAll(/([a-h][1-8]) ([+-]?\d+)/g)]
    .map((m) => ({ square: m[1], value: Number(m[2]) }));
  return { id, board: rows.join(''), toMove: /^(black|white) to move/m.exec(out)[1], values };
}
const DATE = '2026-11-26';
const daily = cliPuzzle(['--daily', DATE]);
if (daily.error) suite.abort(`reversi-cli puzzle --daily ${DATE}: ${daily.error}`);

const server = await serve(DIST);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const problems = [];
const report = {};

async function openGame({ query = '?color=both&pause=0&speed=instant', viewport = { width: 1280, height: 800 },
                          locale = 'en-US', serviceWorkers = 'block', context = null, watch = true } = {}) {
  const ctx = context || await browser.newContext({ viewport, serviceWorkers, locale });
  const page = await ctx.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  if (watch) watchPage(page, problems);
  await page.goto(server.url + 'index.html' + query);
  await waitForGame(page);
  await page.evaluate(() => {
    window.__puzzle = []; window.__announced = []; window.__rejected = [];
    window.reversi.on('puzzle', (e) => window.__puzzle.push(e));
    window.reversi.on('announce', (e) => window.__announced.push(e.text));
    window.reversi.on('rejected', (e) => window.__rejected.push(e));
  });
  return { ctx, page, requested };
}
const state = (page) => page.evaluate(() => window.reversi.getState());
const puzzleOf = async (page) => (await state(page)).practice.puzzle;
const waitPuzzle = (page, pred = 'true') => page.waitForFunction(`(() => { const p = window.reversi.getState().practice.puzzle; return p && (${pred}); })()`, null, { timeout: 30000 });
const text = (page, sel) => page.$eval(sel, (e) => (e.hidden ? '' : e.textContent.trim()));
async function clickSquare(page, square) {
  await page.$eval('#canvas', (c) => c.scrollIntoView({ block: 'nearest' }));
  const box = await page.$eval('#canvas', (c) => { const r = c.getBoundingClientRect(); return { x: r.left, y: r.top }; });
  const at = await page.evaluate((s) => window.reversi.squareCenter(s), square);
  await page.mouse.click(box.x + at.x, box.y + at.y);
}
const axe = (page, label) => checkAxe(suite, page, label);
const minus = (s) => s.replace(/\u2212/g, '-');
const signedText = (v) => (v > 0 ? '+' : '') + v;

try {
  const { ctx, page, requested } = await openGame();

  await step('not part of the first visit', async () => {
    await page.evaluate(() => { window.reversi.play('f5'); window.reversi.play('d6'); });
    await page.waitForTimeout(300);
    check('puzzles.bin is not fetched before Practice opens', !requested.some((u) => /puzzles\.bin/.test(u)));
  });

  let first;
  await step('a rated puzzle answered wrong: the judgement, every value, the rating', async () => {
    const before = (await state(page)).practice.player;
    await page.click('#practice-open');
    await page.waitForFunction(() => window.reversi.getState().practice.loaded, null, { timeout: 30000 });
    check('puzzles.bin is fetched when Practice opens', requested.some((u) => /puzzles\.bin/.test(u)));
    check('opening Practice leaves the game on the board until a puzzle is chosen',
      !(await state(page)).practice.active && (await state(page)).transcript === 'f5d6' && /stays on the board/.test(await text(page, '#practice-goal')),
      await text(page, '#practice-goal'));
    await page.click('#practice-next');
    await waitPuzzle(page);
    const p = await puzzleOf(page);
    first = cliPuzzle(['--id', String(p.id + 1)]);
    check('a rated puzzle is on the board: the same position as reversi-cli puzzle --id', p.kind === 'rated' &&
      (await state(page)).board === first.board && p.toMove === first.toMove, `puzzle ${p.id + 1}, ${p.empties} empties`);
    const goal = await text(page, '#practice-goal');
    check('the goal is shown', /to play: find the/.test(goal), goal);
    // A first visit shows the welcome card above the panel; Practice puts it aside so that the
    // puzzle's buttons are in view.
    const fold = await page.evaluate(() => ({ welcome: document.getElementById('welcome').hidden,
      next: document.getElementById('practice-next').getBoundingClientRect().bottom, height: innerHeight }));
    check('the welcome card steps aside: "Next puzzle" is in view at 1280x800', fold.welcome && fold.next <= fold.height, JSON.stringify(fold));
    await page.waitForFunction((g) => window.__announced.some((a) => a.includes(g)), p.goal, { timeout: 3000 }).catch(() => {});
    check('the goal is announced to screen readers', await page.evaluate((g) => window.__announced.some((a) => a.includes(g)), p.goal));
    check('no values before the answer', p.values.length === 0 && p.judgement === null && p.phase === 'solving');
    const wrong = first.values[first.values.length - 1];
    await clickSquare(page, wrong.square);
    await waitPuzzle(page, 'p.judgement');
    const q = await puzzleOf(page);
    const best = first.values[0];
    const loss = best.value - wrong.value;
    check('judged wrong with the exact values', q.judgement.right === false && q.judgement.move === wrong.square &&
      q.judgement.value === wrong.value && q.judgement.best === best.value && q.judgement.loss === loss && q.phase === 'judged',
      JSON.stringify(q.judgement));
    const shown = minus(await text(page, '#practice-judgement'));
    check('the judgement\'s text: "c7 loses 6 discs: the best was b2 (+4)"',
      shown.includes(`${wrong.square} loses ${loss} disc`) && shown.includes(`the best was ${best.square} (${signedText(best.value)})`), shown);
    check('every move\'s value is in the state (= the CLI\'s)', JSON.stringify(q.values.map((v) => [v.square, v.value]).sort()) ===
      JSON.stringify(first.values.map((v) => [v.square, v.value]).sort()), JSON.stringify(q.values));
    // The grid's labels follow the state on the page's next refresh (every 250 ms).
    await page.waitForFunction((sq) => /exact|確定/.test(document.getElementById('sq-' + sq).getAttribute('aria-label') || ''),
      best.square, { timeout: 5000 }).catch(() => {});
    const label = minus(await page.getAttribute(`#sq-${best.square}`, 'aria-label'));
    check('the board grid names each value ("g8, empty, legal move, value -20 exact")', label.includes(`${signedText(best.value)} exact`), label);
    const values = minus(await text(page, '#practice-values'));
    check('every move\'s value is shown in the panel', first.values.every((v) => values.includes(`${v.square} ${signedText(v.value)}`)), values);
    const ev = await page.evaluate(() => window.__puzzle);
    check('a \'puzzle\' event with the judgement', ev.length === 1 && ev[0].right === false && ev[0].move === wrong.square && ev[0].rated === true,
      JSON.stringify(ev[0]));
    const after = (await state(page)).practice.player;
    report.ratingWrong = [before.rating, after.rating];
    check('the rating went down after a wrong answer', after.rating < before.rating && after.attempts === before.attempts + 1 &&
      after.streak === 0 && after.history.length === before.history.length + 1, `${before.rating} -> ${after.rating}`);
    check('the rating change is announced', await page.evaluate(() => window.__announced.some((a) => /Your rating: \d+ → \d+/.test(a))));
    check('the rating line shows it', (await text(page, '#practice-rating')).includes(`Rating ${Math.round(after.rating)}`));
    await axe(page, 'with a judged puzzle (English)');
  });

  await step('hints (the region, then the square), then a right answer that counts as a miss', async () => {
    const before = (await state(page)).practice.player;
    await page.click('#practice-next');
    await waitPuzzle(page, `p.id !== ${first.id} && p.phase === 'solving'`);
    const p = await puzzleOf(page);
    const answer = cliPuzzle(['--id', String(p.id + 1)]);
    const best = answer.values[0].square;
    await page.click('#practice-hint');
    await waitPuzzle(page, 'p.hint');
    const h1 = (await puzzleOf(page)).hint;
    check('hint 1: a quarter of the board (16 squares) holding the answer', h1.step === 1 && h1.region.length === 16 && h1.region.includes(best),
      JSON.stringify(h1));
    const t1 = await text(page, '#practice-hint-text');
    await page.waitForFunction(() => window.__announced.some((a) => /quarter/.test(a)), null, { timeout: 3000 }).catch(() => {});
    check('hint 1 is announced with what it costs', await page.evaluate(() => window.__announced.some((a) =>
      /the best move is in the quarter .*counts half for your rating/.test(a))));
    check('hint 1 is said in the panel (the quarter, and that a right answer now counts half)',
      /quarter [a-h][1-8]–[a-h][1-8]\. A right answer now counts half for your rating\.$/.test(t1) && !t1.includes(` ${best}.`), t1);
    await page.click('#practice-hint');
    await waitPuzzle(page, 'p.hint && p.hint.step === 2');
    const h2 = (await puzzleOf(page)).hint;
    check('hint 2: the square', h2.square === best, JSON.stringify(h2));
    await page.waitForFunction((sq) => window.__announced.some((a) => a.includes(sq)), best, { timeout: 3000 }).catch(() => {});
    await page.waitForFunction(() => window.__announced.some((a) => a.includes('counts as missed')), null, { timeout: 3000 }).catch(() => {});
    check('hint 2 is announced, with what it costs', await page.evaluate((sq) => window.__announced.some((a) => a.includes(`Hint: ${sq}`)) &&
      window.__announced.some((a) => a.includes('This puzzle now counts as missed for your rating.')), best));
    const t2 = await text(page, '#practice-hint-text');
    check('hint 2 is said in the panel, and no third hint', t2.includes(best) && t2.includes('counts as missed for your rating') &&
      await page.$eval('#practice-hint', (b) => b.disabled), t2);
    await page.evaluate((s) => window.reversi.play(s), best);
    await waitPuzzle(page, 'p.judgement');
    const j = (await puzzleOf(page)).judgement;
    check('judged right, scored 0 for the rating', j.right === true && j.move === best && j.loss === 0 && j.score === 0, JSON.stringify(j));
    check('the panel says so', /^Right/.test(await text(page, '#practice-judgement')), await text(page, '#practice-judgement'));
    const ev = (await page.evaluate(() => window.__puzzle)).at(-1);
    check('the puzzle event has the score', ev && ev.right === true && ev.score === 0, JSON.stringify(ev));
    const after = (await state(page)).practice.player;
    report.ratingAfterHints = [before.rating, after.rating];
    check('the rating went down as for a miss, no streak, not counted solved', after.rating < before.rating && after.streak === 0 &&
      after.solved === before.solved && after.attempts === before.attempts + 1, `${before.rating} -> ${after.rating}`);
  });

  await step('play it out against perfect play', async () => {
    await page.click('#practice-play-out');
    await waitPuzzle(page, "p.phase === 'playing' || p.phase === 'over'");
    const s = await state(page);
    check('play it out: the puzzle plays on', s.practice.puzzle.phase !== 'judged', s.practice.puzzle.phase);
  });

  await step('a right answer without help: the rating rises, the streak is 1', async () => {
    const before = (await state(page)).practice.player;
    await page.click('#practice-next');
    await waitPuzzle(page, "p.phase === 'solving'");
    const p = await puzzleOf(page);
    const best = cliPuzzle(['--id', String(p.id + 1)]).values[0].square;
    await clickSquare(page, best);
    await waitPuzzle(page, 'p.judgement');
    const j = (await puzzleOf(page)).judgement;
    check('judged right, scored 1', j.right === true && j.move === best && j.score === 1, JSON.stringify(j));
    const after = (await state(page)).practice.player;
    report.ratingRight = [before.rating, after.rating];
    check('the rating went up after a right answer, the streak is 1', after.rating > before.rating && after.streak === 1 && after.solved === before.solved + 1,
      `${before.rating} -> ${after.rating}`);
    check('the rating graph has its text alternative', /Rating graph: \d+ to \d+ over 3 answers/.test(await text(page, '#practice-graph-text')),
      await text(page, '#practice-graph-text'));
    check('the graph draws a line through each rating', await page.$eval('#practice-graph polyline', (l) => l.getAttribute('points').split(' ').length) ===
      after.history.length);
  });

  await step('an illegal move is refused, the puzzle unchanged', async () => {
    await page.click('#practice-next');
    await waitPuzzle(page, "p.phase === 'solving'");
    const s = await state(page);
    const occupied = 'abcdefgh'[s.board.indexOf('X') % 8] + (Math.floor(s.board.indexOf('X') / 8) + 1);
    const err = await page.evaluate((sq) => { try { window.reversi.play(sq); return null; } catch (e) { return e.message; } }, occupied);
    check('reversi.play() on an occupied square throws', !!err, err);
    await clickSquare(page, occupied);
    await page.waitForTimeout(200);
    const s2 = await state(page);
    check('a click on it is refused as in a game', (await page.evaluate(() => window.__rejected)).some((r) => r.square === occupied), '');
    check('the puzzle is unchanged (still solving, same board, no judgement)', s2.board === s.board &&
      s2.practice.puzzle.phase === 'solving' && s2.practice.puzzle.judgement === null && s2.practice.puzzle.id === s.practice.puzzle.id);
  });

  await step('back to the game, the record kept over a reload', async () => {
    await page.click('#practice-leave');
    const s = await state(page);
    check('Back to the game: the game exactly as it was', s.practice.active === false && s.transcript === 'f5d6' &&
      await page.$eval('#practice-panel', (e) => e.hidden), s.transcript);
    const player = s.practice.player;
    const stored = await page.evaluate(() => localStorage.getItem('reversi.practice.v1'));
    check('the record is in localStorage', typeof stored === 'string' && stored.length > 10, String(stored).slice(0, 60));
    await page.reload();
    await waitForGame(page);
    const again = (await state(page)).practice.player;
    check('after a reload: the same rating, history, streak and counts', JSON.stringify(again) === JSON.stringify(player),
      `${player.rating} / ${again.rating}`);
    check('after a reload: the game, not the puzzle', (await state(page)).transcript === 'f5d6');
  });

  await step('reset rating with a confirmation', async () => {
    await page.click('#practice-open');
    await page.click('#practice-next');
    await waitPuzzle(page);
    await page.click('#practice-reset');
    check('a confirmation is asked first', await page.$eval('#practice-confirm', (e) => !e.hidden) &&
      (await state(page)).practice.player.attempts > 0);
    await page.click('#practice-confirm-no');
    check('Cancel keeps the record', (await state(page)).practice.player.attempts > 0);
    await page.click('#practice-reset');
    await page.click('#practice-confirm-yes');
    const pl = (await state(page)).practice.player;
    const stored = await page.evaluate(() => localStorage.getItem('reversi.practice.v1'));
    check('Reset: a fresh record, stored', pl.attempts === 0 && pl.rating === 1500 && /attempts=0/.test(stored), `${JSON.stringify(pl)} / ${stored}`);
    await page.click('#practice-leave');
  });

  await step('the mistakes drill from a reviewed game', async () => {
    check('"Practise your mistakes" is disabled before a review', await page.$eval('#practice-mistakes', (b) => b.disabled) ||
      !(await page.$eval('#practice-panel', (e) => !e.hidden)));
    // A game of people where each plays the first legal move (many big mistakes), reviewed.
    await page.evaluate(() => {
      window.reversi.newGame({ color: 'both', speed: 'instant', pause: 0 });
      for (let i = 0; i < 24; i++) { const s = window.reversi.getState(); if (s.over || !s.legal.length) break; window.reversi.play(s.legal[0]); }
    });
    const t0 = Date.now();
    const entries = await page.evaluate(() => window.reversi.review());
    report.reviewMs = Date.now() - t0;
    const big = entries.filter((e) => e.loss >= 4);
    check('the review found moves losing 4 discs or more', big.length > 0, `${big.length} of ${entries.length}`);
    await page.click('#practice-open');
    await page.waitForFunction(() => !document.getElementById('practice-mistakes').disabled, null, { timeout: 10000 });
    await page.click('#practice-mistakes');
    await waitPuzzle(page, "p.kind === 'drill'");
    const p = await puzzleOf(page);
    check('a drill of the person\'s mistakes (one puzzle per move losing >= 4)', p.drill && p.drill.count === big.length && p.drill.index === 0,
      JSON.stringify(p.drill));
    check('the drill\'s goal and count are shown', /mistake 1 of \d+/.test(await text(page, '#practice-goal')), await text(page, '#practice-goal'));
    await page.click('#practice-skip');
    await waitPuzzle(page, 'p.judgement');
    const j = (await puzzleOf(page)).judgement;
    check('Show the answer: judged wrong, the answer and values shown', j.right === false && (await puzzleOf(page)).values.length > 0 &&
      (await text(page, '#practice-judgement')).length > 0, JSON.stringify(j));
    await page.click('#practice-leave');
  });

  await step('the endgame trainer from the game\'s position (<= 20 empties); the P key', async () => {
    await page.evaluate((b) => window.reversi.load(b), daily.board + ' ' + (daily.toMove === 'black' ? 'X' : 'O'));
    await page.evaluate(() => document.activeElement && document.activeElement.blur());
    await page.keyboard.press('p');
    await page.waitForFunction(() => !document.getElementById('practice-panel').hidden, null, { timeout: 10000 });
    check('the P key opens Practice, the game still on the board', !(await state(page)).practice.active &&
      (await state(page)).board === daily.board);
    await page.waitForFunction(() => !document.getElementById('practice-trainer-start').disabled, null, { timeout: 5000 });
    await page.click('#practice-trainer-start');
    await waitPuzzle(page, "p.kind === 'trainer' && p.trainer && p.trainer.best !== null");
    const p = await puzzleOf(page);
    check('the trainer starts from the game\'s position, its best result found exactly', (await state(page)).board === daily.board &&
      p.trainer.best === daily.values[0].value && p.toMove === daily.toMove, JSON.stringify(p.trainer));
    // The panel is drawn on the page's next update after the state changes: wait for it.
    const bestText = `Best possible result: ${signedText(daily.values[0].value)}`;
    await page.waitForFunction((want) => {
      const e = document.getElementById('practice-trainer');
      return !e.hidden && e.textContent.replace(/\u2212/g, '-').includes(want);
    }, bestText, { timeout: 5000 }).catch(() => {});
    check('the panel says the best possible result', minus(await text(page, '#practice-trainer')).includes(bestText),
      await text(page, '#practice-trainer'));
    await page.click('#practice-leave');
    check('back to the game\'s position', (await state(page)).board === daily.board && !(await state(page)).practice.active);
  });
  await ctx.close();

  // ---- the daily puzzle and its link ----------------------------------------------------------------
  await step('a daily puzzle link', async () => {
    const { ctx: c, page: p } = await openGame({ query: `?daily=${DATE}&pause=0` });
    await waitPuzzle(p);
    const s = await state(p);
    check(`?daily=${DATE} opens the same puzzle as reversi-cli puzzle --daily ${DATE}`, s.practice.puzzle.kind === 'daily' &&
      s.practice.puzzle.date === DATE && s.practice.puzzle.id === daily.id && s.board === daily.board, `puzzle ${s.practice.puzzle.id + 1}`);
    check('the panel names it', (await text(p, '#practice-goal')).includes(`Daily puzzle of ${DATE}`));
    check('"Copy link" offered, the link is ?daily=DATE', !(await p.$eval('#practice-copy', (b) => b.hidden)) &&
      (await p.evaluate(() => window.reversi.practiceLink())).endsWith(`?daily=${DATE}`));
    const r = await p.evaluate((d) => window.reversi.leavePractice() && window.reversi.practice({ daily: d }).then((s) => s.practice.puzzle), DATE);
    check('reversi.practice({daily}) resolves once the puzzle is on the board', r && r.kind === 'daily' && r.id === daily.id);
    const other = await p.evaluate(() => window.reversi.practice().then((s) => s.practice.puzzle));
    check('reversi.practice() opens a rated puzzle', other && other.kind === 'rated');
    for (const [what, arg, re] of [['a date that is not a date', { daily: '2026-02-30' }, /day 30/],
                                   ['an unknown option', { weekly: 1 }, /unknown option 'weekly'/],
                                   ['a number', 5, /takes nothing or/]]) {
      const before = await state(p);
      const msg = await p.evaluate((a) => window.reversi.practice(a).then(() => 'resolved', (e) => e.message), arg);
      const after = await state(p);
      check(`reversi.practice() rejects ${what}, nothing changed`, re.test(msg) && after.board === before.board &&
        JSON.stringify(after.practice.puzzle) === JSON.stringify(before.practice.puzzle), msg);
    }
    await c.close();
  });

  await step('a bad daily link is refused, the game untouched', async () => {
    const { ctx: c, page: p } = await openGame({ query: '?daily=2026-13-01&pause=0', watch: false });
    await p.waitForFunction(() => document.querySelector('#notice [data-note="daily"]'), null, { timeout: 30000 });
    const note = await p.textContent('#notice [data-note="daily"]');
    const s = await state(p);
    check('a clear message', /daily puzzle link was not understood/.test(note) && /month/.test(note) && /unchanged/.test(note), note);
    check('the game untouched: no puzzle, the start position', s.practice.active === false && s.transcript === '' && s.moves.length === 0);
    await c.close();
  });

  // ---- a corrupt stored record ------------------------------------------------------------------------
  await step('a corrupt stored record: a message and a fresh record', async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    await c.addInitScript(() => { if (!sessionStorage.getItem('seeded')) { localStorage.setItem('reversi.practice.v1', 'reversi-practice 1|r=abc'); sessionStorage.setItem('seeded', '1'); } });
    const { page: p } = await openGame({ context: c });
    await p.waitForFunction(() => document.querySelector('#notice [data-note="practice"]'), null, { timeout: 10000 });
    const note = await p.textContent('#notice [data-note="practice"]');
    check('the message says the record could not be read and a fresh one starts', /could not be read/.test(note) && /fresh record/.test(note), note);
    const pl = (await state(p)).practice.player;
    const stored = await p.evaluate(() => localStorage.getItem('reversi.practice.v1'));
    check('a fresh record, stored in place of the corrupt one', pl.rating === 1500 && pl.attempts === 0 && /^reversi-practice 1\|/.test(stored) &&
      /attempts=0/.test(stored), stored);
    await c.close();
  });

  // ---- the puzzle file missing, corrupt, unreachable ------------------------------------------------------
  for (const [what, route] of [
    ['a missing puzzle file (404)', (r) => r.fulfill({ status: 404, body: 'not found' })],
    ['a corrupt puzzle file', (r) => r.fulfill({ status: 200, contentType: 'application/octet-stream', body: Buffer.from('RVPUZZLE' + 'garbage'.repeat(200)) })],
    ['a network failure', (r) => r.abort('failed')],
  ]) {
    await step(`${what}: a clear message, the game goes on`, async () => {
      const c = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      await c.route('**/puzzles.bin', route);
      const { page: p } = await openGame({ context: c, watch: false });
      await p.click('#practice-open');
      await p.waitForFunction(() => !document.getElementById('practice-message').hidden, null, { timeout: 30000 });
      const msg = await p.textContent('#practice-message');
      check(`${what}: "${msg.slice(0, 120)}"`, /Practice is not available/.test(msg) && /goes on/.test(msg));
      const api = await p.evaluate(() => window.reversi.practice().then(() => 'resolved', (e) => e.message));
      check(`${what}: reversi.practice() rejects`, /Practice is not available/.test(api), api);
      const s = await p.evaluate(() => { window.reversi.play('f5'); return window.reversi.getState(); });
      check(`${what}: the game goes on`, s.transcript === 'f5' && s.practice.active === false);
      await c.close();
    });
  }

  // ---- offline after the first load ------------------------------------------------------------------
  await step('offline after the first load', async () => {
    const c = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    const { page: p } = await openGame({ context: c });
    await p.waitForFunction(() => window.reversi.offline && window.reversi.offline.status().state === 'ready', null, { timeout: 60000 });
    const cached = () => p.evaluate(async () => {
      for (const name of await caches.keys()) if ((await (await caches.open(name)).keys()).some((r) => r.url.endsWith('/puzzles.bin'))) return true;
      return false;
    });
    check('puzzles.bin is not precached', !(await cached()));
    await p.reload();
    await waitForGame(p);
    await p.evaluate(() => window.reversi.practice());
    await waitForAsync(p, async () => {
      for (const name of await caches.keys()) if ((await (await caches.open(name)).keys()).some((r) => r.url.endsWith('/puzzles.bin'))) return true;
      return false;
    }, null, { timeout: 30000, polling: 200 });
    check('puzzles.bin is in the cache after the first use', true);
    await c.setOffline(true);
    await p.reload();
    await waitForGame(p);
    const r = await p.evaluate((d) => window.reversi.practice({ daily: d }).then((s) => s.practice.puzzle), DATE);
    check('offline: the daily puzzle opens', r && r.id === daily.id);
    await c.close();
  });

  // ---- Japanese, axe-core, the screenshots ----------------------------------------------------------------
  for (const lang of ['en', 'ja']) {
    for (const [w, h] of [[360, 640], [640, 360], [1280, 800]]) {
      await step(`${lang} ${w}x${h}: a puzzle solved and judged`, async () => {
        const { ctx: c, page: p } = await openGame({ query: `?lang=${lang}&pause=0&speed=instant`, viewport: { width: w, height: h },
                                                     locale: lang === 'ja' ? 'ja-JP' : 'en-US' });
        if (w === 360) {
          // The toolbar button, as a player on a phone would.
          await p.click('#practice-open');
          await p.click('#practice-next');
          await waitPuzzle(p);
          await p.evaluate((d) => window.reversi.practice({ daily: d }), DATE);
        } else {
          await p.evaluate((d) => window.reversi.practice({ daily: d }), DATE);
        }
        await p.click('#practice-hint');
        await waitPuzzle(p, 'p.hint');
        const wrong = daily.values[1];
        await clickSquare(p, wrong.square);
        await waitPuzzle(p, 'p.judgement');
        const j = await text(p, '#practice-judgement');
        if (lang === 'ja') {
          check(`ja ${w}x${h}: the panel, the goal and the judgement in Japanese`, (await text(p, '#practice-title')) === '練習' &&
            /の番/.test(await text(p, '#practice-goal')) && /石損/.test(j), `${await text(p, '#practice-goal')} / ${j}`);
        } else {
          check(`en ${w}x${h}: the judgement`, j.includes(`${wrong.square} loses`), j);
        }
        if (w === 1280) await axe(p, `with a judged puzzle (${lang}, ${w}x${h})`);
        await p.screenshot({ path: path.join(ARTIFACTS, `practice-${lang}-${w}x${h}.png`), fullPage: true });
        await c.close();
      });
    }
  }
} catch (err) {
  check('the practice test ran to the end', false, (err && err.stack) || String(err));
}
const relevant = problems.filter((p) => !/favicon/.test(p));
check('no page error, console error or failed request', relevant.length === 0, relevant.slice(0, 5).join(' | '));
fs.writeFileSync(path.join(ARTIFACTS, 'practice-report.json'), JSON.stringify(report, null, 2) + '\n');
console.log('practice figures: ' + JSON.stringify(report));
await browser.close();
server.close();
finish();
