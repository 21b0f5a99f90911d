// The human players on the page (issue 45 part 3; engine/human_player.h, docs/human.md "On the
// page"; headless Chromium, Debian's /usr/bin/chromium, driven by playwright-core):
//   node tests/browser/human.mjs        (after scripts/build-web.sh; run by tests/browser/all.mjs)
// Env: DIST (default build/web/dist), ARTIFACTS (default build/web/artifacts).
// Checks: a first visit does not fetch human-openings.bin; the New game dialog lists the human
// players in their own group, each with its description; choosing one fetches the file once and
// a whole game is played against it to the end (the test's moves legal moves from
// window.reversi) on a desktop (1280x800, English, through the dialog) and a phone (390x844,
// Japanese, a URL's opponent: the computer waits for the file and moves first); the cards name it;
// the kept game in Your games names it and the results per opponent list it; the page rests
// (no frames) after the game; a bad rating is refused; a missing or corrupt file gives an error
// in English and Japanese, the game and its opponent untouched; offline after the first choice
// (the service worker keeps the file); the threaded AI too. Screenshots human-{en,ja}-{390x844,844x390,1280x800}.png
// (a game against human-2100), human-dialog-{en,ja}-*.png (the New game dialog) and
// human-dialog-list-{en,ja}-*.png (its list of opponents shown open).
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, CHROMIUM, CHROMIUM_ARGS, watchPage, waitForGame } from './harness.mjs';

const ARTIFACTS = path.resolve(root, process.env.ARTIFACTS || path.join(path.dirname(DIST), 'artifacts'));
const suite = createSuite({ what: 'the human players test', timeSteps: true });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite, ['index.html', 'human-openings.bin']);
fs.mkdirSync(ARTIFACTS, { recursive: true });

const server = await serve(DIST);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const problems = [];
const OPENINGS = 'human-openings.bin';
const fetchedOpenings = (requested) => requested.filter((u) => new URL(u).pathname.endsWith('/' + OPENINGS)).length;

async function openGame({ query = '', viewport = { width: 1280, height: 800 }, serviceWorkers = 'block', context = null,
                          route = null, watch = true } = {}) {
  const ctx = context || await browser.newContext({ viewport, serviceWorkers });
  const page = await ctx.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  if (route) await page.route('**/' + OPENINGS, route);
  if (watch) watchPage(page, problems);
  await page.goto(server.url + 'index.html' + query);
  await waitForGame(page);
  return { ctx, page, requested };
}
const state = (page) => page.evaluate(() => window.reversi.getState());
const noteText = (page) => page.$eval('#notice', (e) => e.textContent);

// The New game dialog: its human group, then Start with `name` as the opponent (colour black).
async function startFromDialog(page, name, shot) {
  await page.click('#new');
  await page.waitForSelector('#new-dialog[open]');
  await page.selectOption('#opponent', name);
  const groups = await page.$$eval('#opponent optgroup', (gs) => gs.map((g) => ({
    label: g.label, options: [...g.querySelectorAll('option')].map((o) => ({ value: o.value, text: o.textContent })) })));
  if (shot) await page.screenshot({ path: path.join(ARTIFACTS, shot) });
  await page.check('#new-form input[name=color][value=black]');
  await page.click('#new-start');
  return groups;
}

// Plays the person's side to the end (or until the game has `moves` moves): each time, the
// first legal move window.reversi lists.
async function playToEnd(page, timeout = 150000, moves = Infinity) {
  return page.evaluate(async ([limit, upTo]) => {
    const r = window.reversi, until = performance.now() + limit;
    let played = 0;
    while (!r.getState().over && r.getState().moves.length < upTo && performance.now() < until) {
      const s = r.getState();
      if (s.humanToMove && s.legal.length && !s.animating && !s.thinking) { r.play(s.legal[0]); played++; }
      await new Promise((done) => setTimeout(done, 20));
    }
    return { over: r.getState().over, played };
  }, [timeout, moves]);
}

// Frames the game ran over `ms` once it has come to rest (at most 15 s to get there).
async function framesAtRest(page, ms = 1500) {
  return page.evaluate(async (span) => {
    const frames = () => window.reversi.frameStats().frames;
    const wait = (t) => new Promise((done) => setTimeout(done, t));
    for (let i = 0; i < 30; i++) {
      const a = frames();
      await wait(500);
      if (frames() === a) break;
    }
    const a = frames();
    await wait(span);
    return frames() - a;
  }, ms);
}

// The kept games' newest entry and the Your games panel's list of opponents.
async function keptGame(page) {
  await page.waitForFunction(async () => (await window.reversi.history()).length > 0, null, { timeout: 10000 }).catch(() => {});
  const games = await page.evaluate(() => window.reversi.history());
  await page.click('#history-open');
  await page.waitForSelector('#history-opponent option:nth-child(2)', { state: 'attached', timeout: 10000 });
  const opponents = await page.$$eval('#history-opponent option', (os) => os.map((o) => o.textContent));
  // The results per opponent (history_summary_json): a row "Human 2100  1  0  0 ..." or "0 0 1".
  await page.waitForFunction(() => document.querySelector('#history-progress-body th'), null, { timeout: 10000 }).catch(() => {});
  const results = await page.$$eval('#history-progress-body tr', (rows) => rows.map((r) => [...r.children].map((c) => c.textContent.trim()).join(' ')));
  await page.click('#history-open').catch(() => {});
  return { game: games[0], opponents, results };
}

await step('a first visit does not fetch the openings; the dialog lists the human players', async () => {
  const { ctx, page, requested } = await openGame({ query: '?pause=0&speed=instant' });
  await page.waitForTimeout(1500);
  check('a first visit does not fetch human-openings.bin', fetchedOpenings(requested) === 0);
  const players = await page.evaluate(() => window.reversi.players());
  const humans = players.filter((p) => p.name.startsWith('human-')).map((p) => p.name);
  check('reversi.players() lists human-1900, -2100, -2300 and -2500', humans.join() === 'human-1900,human-2100,human-2300,human-2500',
        humans.join());
  await page.evaluate(() => window.reversi.newGame({ opponent: 'level-3' }));
  // A bad rating: the existing error, nothing changed.
  const bad = await page.evaluate(() => { try { window.reversi.newGame({ opponent: 'human-20' }); return ''; } catch (e) { return e.message; } });
  check('a bad rating (human-20) is refused with the unknown player error', /human-20/.test(bad) && /human-2100/.test(bad), bad);
  check('... the opponent kept', (await state(page)).options.includes('level-3'));
  check('... nothing fetched', fetchedOpenings(requested) === 0);
  await ctx.close();
});

await step('a missing or corrupt openings file: an error, the game and its opponent untouched', async () => {
  for (const [what, route, lang, expect] of [
    ['a 404', (r) => r.fulfill({ status: 404, body: 'no' }), 'en', /human-like players are not available: their openings could not be downloaded \(HTTP 404\)\. The game goes on against Lv 3/],
    ['a corrupt file', (r) => r.fulfill({ status: 200, body: Buffer.from('RVHUMOPN not really a file') }), 'ja', /人のように打つ相手は使えません: .+。ゲームはレベル3との対局のまま続きます。/],
    ['a network error', (r) => r.abort('failed'), 'en', /could not be downloaded \(/],
  ]) {
    const { ctx, page } = await openGame({ query: `?lang=${lang}&pause=0&speed=instant&opponent=level-3`, route, watch: false });
    await page.evaluate(() => { const r = window.reversi, s = r.getState(); r.play(s.legal[0]); });
    await page.waitForFunction(() => window.reversi.getState().moves.length >= 2, null, { timeout: 30000 });
    const before = await state(page);
    await startFromDialog(page, 'human-2100');
    await page.waitForFunction(() => document.querySelector('#notice [data-note=human]') &&
      !/…/.test(document.querySelector('#notice [data-note=human]').textContent), null, { timeout: 20000 });
    const note = await noteText(page);
    const after = await state(page);
    check(`${what} (${lang}): the error says so`, expect.test(note), note);
    check(`${what}: the game untouched`, after.transcript === before.transcript && after.options === before.options, after.options);
    await ctx.close();
  }
});

await step('a game that waits for the openings (reversi.newGame) and cannot have them: the failure, then Retry', async () => {
  let refuse = true;
  const { ctx, page } = await openGame({ query: '?pause=0&speed=instant', watch: false,
    route: (r) => (refuse ? r.fulfill({ status: 404, body: 'no' }) : r.continue()) });
  await page.evaluate(() => window.reversi.newGame({ opponent: 'human-2100', color: 'white' }));
  await page.waitForFunction(() => !document.getElementById('error').hidden, null, { timeout: 30000 });
  const shown = await page.$eval('#error', (e) => e.textContent);
  check('the computer player\'s failure says why', /human-like players are not available: their openings could not be downloaded \(HTTP 404\)/.test(shown), shown);
  refuse = false;
  await page.click('#error button');  // Retry
  const moved = await page.waitForFunction(() => window.reversi.getState().moves.length >= 1, null, { timeout: 30000 }).then(() => true, () => false);
  check('Retry downloads them and the computer moves', moved && await page.$eval('#error', (e) => e.hidden));
  await ctx.close();
});

// A whole game against a human player, the cards, Your games and rest.
async function wholeGame(page, { label, name, shortName }) {
  const end = await playToEnd(page);
  check(`${label}: the game against ${name} is played to the end`, end.over, `${end.played} moves of the test's`);
  const s = await state(page);
  check(`${label}: the options name ${name}`, s.options.includes(name), s.options);
  const card = await page.evaluate(() => [...document.querySelectorAll('.seat-name, [data-seat] .name')].map((e) => e.textContent).join('|'));
  const frames = await framesAtRest(page);
  check(`${label}: the page rests after the game (no frames over 1.5 s)`, frames === 0, `${frames} frames`);
  const kept = await keptGame(page);
  const side = kept.game && (kept.game.black.computer ? kept.game.black : kept.game.white);
  check(`${label}: Your games keeps the game against ${name}`, !!side && side.name === name && kept.game.over, JSON.stringify(side));
  check(`${label}: the panel's opponents list names it (${shortName})`, kept.opponents.includes(shortName), kept.opponents.join(' | '));
  const row = kept.results.find((r) => r.startsWith(shortName + ' '));
  const counts = row ? row.slice(shortName.length).trim().split(' ').slice(0, 3).map(Number) : [];
  check(`${label}: the results per opponent count the game against it`, counts.length === 3 && counts[0] + counts[1] + counts[2] === 1,
        kept.results.join(' | '));
  return card;
}

let swContext = null;
await step('desktop 1280x800, English: New game with human-2100, a whole game', async () => {
  swContext = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
  const { page, requested } = await openGame({ context: swContext, query: '?pause=0&speed=instant' });
  await page.evaluate(async () => { await navigator.serviceWorker.ready; });
  if (!(await page.evaluate(() => !!navigator.serviceWorker.controller))) { await page.reload(); await waitForGame(page); }
  check('the service worker controls the page', await page.evaluate(() => !!navigator.serviceWorker.controller));
  const groups = await startFromDialog(page, 'human-2100', 'human-dialog-en-1280x800.png');
  const human = groups.find((g) => g.options.some((o) => o.value === 'human-2100'));
  check('the dialog has a group of the human players', !!human && human.label === 'Like people, by rating' &&
        human.options.map((o) => o.value).join() === 'human-1900,human-2100,human-2300,human-2500', JSON.stringify(human));
  check('... described in words', !!human && human.options[1].text === 'Human 2100 \u2014 plays like a 2100-rated club player',
        human && human.options[1].text);
  await page.waitForFunction(() => window.reversi.getState().options.includes('human-2100'), null, { timeout: 30000 });
  check('choosing it fetched human-openings.bin once', fetchedOpenings(requested) === 1, `${fetchedOpenings(requested)}`);
  // A few moves on the board for the screenshot (the person's side played by the test).
  await playToEnd(page, 60000, 6);
  await page.screenshot({ path: path.join(ARTIFACTS, 'human-en-1280x800.png') });
  await wholeGame(page, { label: 'desktop en', name: 'human-2100', shortName: 'Human 2100' });
  await page.evaluate(() => window.reversi.newGame({ opponent: 'human-2300', color: 'white' }));
  await page.waitForFunction(() => window.reversi.getState().moves.length >= 1, null, { timeout: 30000 });
  check('a second human player: no second download', fetchedOpenings(requested) === 1, `${fetchedOpenings(requested)}`);
  await page.close();
});

await step('offline after the first choice: the service worker has the file', async () => {
  await swContext.setOffline(true);
  const { page } = await openGame({ context: swContext, query: '?pause=0&speed=instant', watch: false });
  await page.evaluate(() => window.reversi.newGame({ opponent: 'human-1900', color: 'white' }));
  const moved = await page.waitForFunction(() => window.reversi.getState().moves.length >= 1, null, { timeout: 30000 }).then(() => true, () => false);
  const s = await state(page);
  check('offline, human-1900 plays its first move', moved, `${s.moves.length} moves; ${await noteText(page)}`);
  await swContext.close();
});

await step('phone 390x844, Japanese: a URL opponent human-2100 moves first and plays a whole game', async () => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block', isMobile: true, hasTouch: true });
  const { page, requested } = await openGame({ context: ctx, query: '?lang=ja&pause=0&speed=instant&opponent=human-2100&color=white' });
  await page.waitForFunction(() => window.reversi.getState().moves.length >= 1, null, { timeout: 60000 });
  check('the computer waited for the openings, then moved', fetchedOpenings(requested) === 1);
  await playToEnd(page, 60000, 8);
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(ARTIFACTS, 'human-ja-390x844.png') });
  await page.setViewportSize({ width: 844, height: 390 });
  await page.waitForTimeout(800);
  await page.screenshot({ path: path.join(ARTIFACTS, 'human-ja-844x390.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await wholeGame(page, { label: 'phone ja', name: 'human-2100', shortName: 'R2100\u306e\u4eba' });
  await ctx.close();
});

await step('the threaded AI (a cross-origin isolated page) plays a human player too', async () => {
  const isolated = await serve(DIST, 0, '127.0.0.1', { isolate: true });
  const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  watchPage(page, problems);
  await page.goto(isolated.url + 'index.html?pause=0&speed=instant&opponent=human-2500&color=white');
  await waitForGame(page);
  const moved = await page.waitForFunction(() => window.reversi.getState().moves.length >= 1, null, { timeout: 60000 }).then(() => true, () => false);
  const ai = await page.evaluate(() => window.reversi.getState().ai);
  check('the threaded worker reads the openings and human-2500 moves', moved && ai && ai.build === 'threads', JSON.stringify(ai));
  await ctx.close();
  await isolated.close();
});

await step('screenshots: the dialog on phones, English and Japanese; a game in English on a phone', async () => {
  for (const [lang, w, h] of [['en', 390, 844], ['en', 844, 390], ['ja', 390, 844], ['ja', 844, 390], ['ja', 1280, 800]]) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, serviceWorkers: 'block' });
    const { page } = await openGame({ context: ctx, query: `?lang=${lang}&pause=0&speed=instant&opponent=human-2100&color=black` });
    await page.evaluate(() => { const r = window.reversi, s = r.getState(); r.play(s.legal[0]); });
    await page.waitForFunction(() => window.reversi.getState().moves.length >= 2, null, { timeout: 60000 });
    await page.waitForTimeout(600);
    if (lang === 'en' || w === 1280) await page.screenshot({ path: path.join(ARTIFACTS, `human-${lang}-${w}x${h}.png`) });
    await page.click('#new');
    await page.waitForSelector('#new-dialog[open]');
    await page.screenshot({ path: path.join(ARTIFACTS, `human-dialog-${lang}-${w}x${h}.png`) });
    // The list open, its groups in view (a closed <select> shows only the choice): for the picture only.
    await page.$eval('#opponent', (e) => { e.size = 12; e.scrollTop = e.options[e.selectedIndex].offsetTop - e.clientHeight / 2; });
    await page.screenshot({ path: path.join(ARTIFACTS, `human-dialog-list-${lang}-${w}x${h}.png`) });
    await ctx.close();
  }
});

check('no page errors, failed requests or console errors', problems.length === 0, problems.slice(0, 5).join(' | '));
await browser.close();
await server.close();
finish();
