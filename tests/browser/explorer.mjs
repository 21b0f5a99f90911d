// The opening explorer in the browser (issue 26; headless Chromium, Debian's /usr/bin/chromium,
// driven by playwright-core; axe-core checks accessibility):
//   node tests/browser/explorer.mjs         (after scripts/build-web.sh; run by scripts/test.sh)
// Env: DIST (default build/web/dist), ARTIFACTS (default build/web/artifacts), REVERSI_CLI (a
// native reversi-cli to compare the start position's figures with; default build/native/reversi-cli
// when present, otherwise only the internal consistency is checked).
// Checks: the explorer worker and the database are not fetched until the explorer opens; the
// panel shows a progress bar, then the table; the start's figures (= reversi-cli explore "");
// per-move games add up and the percentages to 100; after f5 and after d3 the tables are each
// other's mirror; a move click plays it between people and only highlights it against the
// computer; a player search returns games and the player's record with their rating (in the
// panel and in reversi.games(), = reversi-cli games --player --json); a game loads for replay;
// reversi.games() rejects a malformed filter; an unknown player said in English and Japanese (the
// database's error carries its key from the worker); Japanese headers; axe-core with the explorer open;
// offline after the first use (service worker); a corrupt or missing database, or damaged
// player ratings, give a clear message and the game goes on. Screenshots: explorer-en-1280x800.png, explorer-ja-390x844.png.
// Figures (load time, query time, memory) in ARTIFACTS/explorer-report.json.
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, CHROMIUM, CHROMIUM_ARGS, watchPage, waitForGame, waitForAsync, checkAxe } from './harness.mjs';

const ARTIFACTS = path.resolve(root, process.env.ARTIFACTS || path.join(path.dirname(DIST), 'artifacts'));
const suite = createSuite({ what: 'the explorer test', timeSteps: true });
const { check, step, finish } = suite;
const chromium = await loadChromium(suite, ['index.html', 'explorer-worker.js', 'explorer-worker.wasm', 'expert-games.bin', 'player-ratings.bin']);
fs.mkdirSync(ARTIFACTS, { recursive: true });

// The reference figures of the start position, from the native CLI, meanwhile.
const CLI = process.env.REVERSI_CLI || [path.join(root, 'build/native/reversi-cli')].find((p) => fs.existsSync(p));
const cliJson = (args) => CLI ? new Promise((resolve) => {
  const p = spawn(CLI, args);
  let out = '';
  p.stdout.on('data', (d) => { out += d; });
  p.on('close', (code) => { try { resolve(code === 0 ? JSON.parse(out) : null); } catch { resolve(null); } });
  p.on('error', () => resolve(null));
}) : Promise.resolve(null);
const reference = cliJson(['explore', '--database', path.join(root, 'data/expert-games.bin'), '--json', '']);
// A player's record and rating (data/player-ratings.bin), as the CLI gives them.
const playerReference = cliJson(['games', '--database', path.join(root, 'data/expert-games.bin'), '--ratings',
                                 path.join(root, 'data/player-ratings.bin'), '--player', 'Tamenori Hideshi', '--limit', '0', '--json']);

const server = await serve(DIST);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
const problems = [];
const report = {};

async function openGame({ query = '?color=both&pause=0&speed=instant', viewport = { width: 1280, height: 800 },
                          locale = 'en-US', serviceWorkers = 'block', context = null } = {}) {
  const ctx = context || await browser.newContext({ viewport, serviceWorkers, locale });
  const page = await ctx.newPage();
  const requested = [];
  page.on('request', (r) => requested.push(r.url()));
  await page.goto(server.url + 'index.html' + query);
  await waitForGame(page);
  return { ctx, page, requested };
}
const tableShown = (page) => page.waitForSelector('#explorer-moves button[data-square]', { timeout: 60000 });
const rows = (page) => page.$$eval('#explorer-moves tr', (trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent.trim())));
const axe = (page, label) => checkAxe(suite, page, label);
// (c, r) -> (7 - r, 7 - c): the reflection that takes f5 to d3.
const mirror = (sq) => 'abcdefgh'[7 - (Number(sq[1]) - 1)] + String(8 - 'abcdefgh'.indexOf(sq[0]));
const consistent = (r) => {
  const sum = r.moves.reduce((t, m) => t + m.games, 0);
  const pctOk = r.moves.every((m) => m.blackWins + m.draws + m.whiteWins === m.games);
  return { sum, pctOk, ok: sum <= r.games && pctOk };
};

try {
  // ---- two people: the panel, the table, moves, search, replay -------------------------------
  const { ctx, page, requested } = await openGame();
  watchPage(page, problems);

  await step('not part of the first visit', async () => {
    await page.waitForTimeout(300);
    check('the explorer worker and the database are not fetched before the explorer opens',
          !requested.some((u) => /explorer-worker|expert-games/.test(u)), requested.filter((u) => /explorer|expert/.test(u)).join(' '));
  });

  await step('the explorer opens: progress, then the table', async () => {
    const t0 = Date.now();
    await page.click('#explorer-open');
    const progressSeen = await page.evaluate(() => !document.getElementById('explorer-progress').hidden);
    check('a progress bar while the database loads', progressSeen);
    await tableShown(page);
    report.openToTableMs = Date.now() - t0;
    const info = await page.evaluate(() => window.reversi.explorerInfo());
    report.load = info;
    check('the database loaded (137,548 games)', info && info.games === 137548, JSON.stringify(info));
    check('the progress bar is gone', await page.evaluate(() => document.getElementById('explorer-progress').hidden));
    check('the toolbar button says the panel is open', (await page.getAttribute('#explorer-open', 'aria-expanded')) === 'true');
    check('at the start the summary says the four first moves are one by symmetry',
      /four moves are one move turned with the board/.test(await page.textContent('#explorer-summary')), await page.textContent('#explorer-summary'));
    const heads = await page.$$eval('#explorer-table thead th', (ths) => ths.map((t) => t.textContent));
    check('headers: move, games, black wins, draws, white wins, average', heads.length === 6 && /Move/.test(heads[0]) && /Black/.test(heads[2]) && /Disc diff/.test(heads[5]), heads.join(' | '));
  });

  await step('the start position', async () => {
    const r = await page.evaluate(() => window.reversi.explore());
    report.startQueryMs = r.ms;
    const c = consistent(r);
    check('the start: per-move games add up to the total, wins + draws + losses = games', c.ok && c.sum === r.games, `${c.sum} of ${r.games}`);
    const ref = await reference;
    if (ref) {
      check('the start equals reversi-cli explore ""', JSON.stringify(ref.moves) === JSON.stringify(r.moves) && ref.games === r.games,
            `${JSON.stringify(ref).slice(0, 200)} vs ${JSON.stringify(r).slice(0, 200)}`);
    } else {
      console.log('      (no native reversi-cli: the start is checked for consistency only)');
    }
    const table = await rows(page);
    const pcts = table.map((row) => Number(row[2]) + Number(row[3]) + Number(row[4]));
    check('the table\'s percentages sum to 100 (within rounding)', pcts.length > 0 && pcts.every((p) => Math.abs(p - 100) <= 0.15), pcts.join(', '));
  });

  let afterF5;
  await step('after f5 and after d3: the tables correspond turned', async () => {
    await page.evaluate(() => window.reversi.play('f5'));
    await page.waitForFunction(() => document.querySelector('#explorer-moves button[data-square="d6"]'), null, { timeout: 10000 });
    afterF5 = await page.evaluate(() => window.reversi.explore());
    const times = [];
    for (let i = 0; i < 9; i++) times.push((await page.evaluate(() => window.reversi.explore())).ms);
    report.queryMs = times.sort((a, b) => a - b)[4];
    check('after f5: most played first (d6)', afterF5.moves[0].square === 'd6' && afterF5.moves.every((m, i) => i === 0 || m.games <= afterF5.moves[i - 1].games),
          afterF5.moves.map((m) => `${m.square}:${m.games}`).join(' '));
    const c = consistent(afterF5);
    check('after f5: consistent', c.ok, `${c.sum} of ${afterF5.games}`);
    await page.evaluate(() => window.reversi.newGame({ color: 'both' }));
    await page.evaluate(() => window.reversi.play('d3'));
    await page.waitForFunction(() => document.querySelector('#explorer-moves button[data-square="c5"]'), null, { timeout: 10000 });
    const afterD3 = await page.evaluate(() => window.reversi.explore());
    const turned = afterF5.moves.map((m) => ({ ...m, square: mirror(m.square) }));
    check("after d3: f5's moves mirrored (d6 -> c5, f6 -> c3, f4 -> e3)", JSON.stringify(turned) === JSON.stringify(afterD3.moves) && afterD3.games === afterF5.games,
          afterD3.moves.map((m) => `${m.square}:${m.games}`).join(' '));
  });

  await step('a move click plays it between people', async () => {
    await page.click('#explorer-moves button[data-square="c5"]');
    const s = await page.evaluate(() => window.reversi.getState());
    check('c5 played', s.transcript === 'd3c5', s.transcript);
    await page.waitForFunction(() => document.querySelector('#explorer-moves tr'), null, { timeout: 10000 });
    const name = await page.textContent('#explorer-title');
    report.nameAfterD3C5 = name;
  });

  await step('the opening name in the heading', async () => {
    await page.evaluate(() => window.reversi.load('f5d6c3d3c4'));
    await page.waitForFunction(() => /Tiger/.test(document.getElementById('explorer-title').textContent), null, { timeout: 10000 });
    const r = await page.evaluate(() => window.reversi.explore());
    check('f5d6c3d3c4 is the Tiger (heading and API)', r.name === 'Tiger' && r.names && r.names.ja, JSON.stringify(r.names));
    // Where the player sees the game too: the move list's heading, in the page's language (issue 44).
    check('the move list\'s heading names the opening', /^Moves: Tiger$/.test(await page.textContent('#moves-title')), await page.textContent('#moves-title'));
    await page.evaluate(() => window.reversi.setLanguage('ja'));
    await page.waitForFunction((ja) => document.getElementById('moves-title').textContent.endsWith(': ' + ja), r.names.ja, { timeout: 10000 }).catch(() => {});
    check('... in Japanese', (await page.textContent('#moves-title')).endsWith(': ' + r.names.ja), await page.textContent('#moves-title'));
    await page.evaluate(() => window.reversi.setLanguage('en'));
  });

  await step('a viewed earlier position is explored', async () => {
    await page.evaluate(() => window.reversi.view(1));
    await page.waitForFunction(() => document.querySelector('#explorer-moves button[data-square="d6"]') && !/Tiger/.test(document.getElementById('explorer-title').textContent), null, { timeout: 10000 });
    const r = await page.evaluate(() => window.reversi.explore());
    check('after move 1 shown: f5\'s table', JSON.stringify(r.moves) === JSON.stringify(afterF5.moves));
    // A move of an earlier position: described, in the program's words (ui::choose_explorer_move,
    // the desktop's too), its per cents with one decimal as the table has them.
    const d6 = r.moves.find((m) => m.square === 'd6');
    const pct = (n) => (100 * n / d6.games).toFixed(1);
    const said = `Experts' move d6: ${d6.games.toLocaleString('en')} games, black wins ${pct(d6.blackWins)}%, white wins ${pct(d6.whiteWins)}%`;
    await page.click('#explorer-moves button[data-square="d6"]');
    await page.waitForFunction((x) => document.getElementById('live').textContent.includes(x), said, { timeout: 5000 }).catch(() => {});
    const s = await page.evaluate(() => window.reversi.getState());
    check('an earlier position\'s move is described, not played, in the program\'s words', s.message === said && s.transcript === 'f5d6c3d3c4'
          && (await page.textContent('#live')).includes(said), `${s.message} | ${await page.textContent('#live')}`);
    await page.evaluate(() => window.reversi.viewLive());
  });

  await step('games: search by player, the record, replay', async () => {
    await page.fill('#explorer-player', 'Tamenori Hideshi');
    await page.click('#explorer-search button[type="submit"]');
    await page.waitForFunction(() => /Tamenori Hideshi: [\d,]+ games/.test(document.getElementById('explorer-record').textContent), null, { timeout: 10000 });
    const record = await page.textContent('#explorer-record');
    const n = await page.$$eval('#explorer-games button', (b) => b.length);
    check('a player search lists games and the record', n > 0 && /wins/.test(record), `${n} games; ${record}`);
    const api = await page.evaluate(() => window.reversi.games({ player: 'tamenori hideshi', limit: 3 }));
    check('reversi.games(): games with id, players, year, tournament, score, transcript and the record',
          api.games.length === 3 && api.player && api.player.games === api.count && api.games.every((g) => g.id > 0 && g.black && g.white && g.year && g.tournament && /^\d+-\d+$/.test(g.score) && /^([a-h][1-8])+$/.test(g.transcript)),
          JSON.stringify(api).slice(0, 300));
    // The player's rating (core/player_ratings.h): in reversi.games() as the CLI gives it, and beside the record.
    const cli = await playerReference;
    const rating = api.player && api.player.rating;
    check('reversi.games(): the player\'s rating, latest and peak, as reversi-cli games --player --json gives it',
          rating && rating.latest.rating > 0 && rating.latest.year >= 1977 && rating.peak.rating >= rating.latest.rating &&
          (!cli || JSON.stringify(cli.player.rating) === JSON.stringify(rating)), JSON.stringify(rating) + ' vs ' + JSON.stringify(cli && cli.player.rating));
    const said = rating && `Rating ${rating.latest.rating} ±${rating.latest.deviation} in ${rating.latest.year}, peak ${rating.peak.rating} in ${rating.peak.year}.`;
    check('the record shows the rating', !!said && record.includes(said), `${record} (expected ${said})`);
    // The panel lists the newest first (the session asks with newest: true); the API's default is the file's order.
    const newest = await page.evaluate(() => window.reversi.games({ player: 'tamenori hideshi', limit: 3, newest: true }));
    check('reversi.games({newest: true}): the newest first, the last of the file\'s order first',
          newest.games.length === 3 && newest.games[0].year >= newest.games[2].year && newest.games[0].id > api.games[2].id, newest.games.map((g) => g.year).join(' '));
    const first = newest.games[0];
    await page.click('#explorer-games button >> nth=0');
    const s = await page.evaluate(() => window.reversi.getState());
    check('a click loads the game for replay (the move list has its moves)', s.transcript === first.transcript && s.moves.length === first.transcript.length / 2
          && (await page.$$eval('#moves li', (l) => l.length)) > 0, `${s.transcript.slice(0, 20)} vs ${first.transcript.slice(0, 20)}; ${await page.textContent('#explorer-message')}`);
    // The status and the way back come into view, the status whole (issue 44: the column stayed
    // scrolled on the list, and the status' second line hid under the view bar at 1280x800).
    await page.waitForTimeout(300);
    const geo = await page.evaluate(() => {
      const box = (id) => document.getElementById(id).getBoundingClientRect();
      const s = box('status'), r = box('review'), back = box('replay-back');
      return { whole: s.height > 30 && s.bottom <= r.top + 0.5, inView: s.top >= 0 && back.bottom <= innerHeight, s: [s.top, s.bottom], r: [r.top, r.bottom], back: back.bottom };
    });
    check('after choosing a game: the status (two lines, whole) and Back to your game in view', geo.whole && geo.inView, JSON.stringify(geo));
    // One way back (issue 44): the view bar's "Back to the game" (to the replay's end) is not
    // beside "Back to your game"; after it, Redo does not open the replay again.
    check('a replay: "Back to your game" is the one way back', await page.isVisible('#replay-back') && await page.isHidden('#review-live')
          && await page.isVisible('#review-prev'), `replay-back ${await page.isVisible('#replay-back')}, review-live ${await page.isVisible('#review-live')}`);
    await page.click('#replay-back');
    await page.waitForFunction(() => !window.reversi.getState().replay, null, { timeout: 10000 }).catch(() => {});
    const back = await page.evaluate(() => window.reversi.getState());
    check('back in your game, and Redo does not reopen the replay', !back.replay && back.transcript !== first.transcript && !back.canRedo
          && await page.isDisabled('#redo') && await page.isHidden('#replay'), `replay ${JSON.stringify(back.replay)}, canRedo ${back.canRedo}`);
    await page.fill('#explorer-player', 'Nobody Atall');
    await page.click('#explorer-search button[type="submit"]');
    await page.waitForFunction(() => document.getElementById('explorer-record').textContent.length > 0, null, { timeout: 10000 });
    check('an unknown player: a clear message', /no player's name contains 'Nobody Atall'/.test(await page.textContent('#explorer-record')), await page.textContent('#explorer-record'));
    // Part of a name (issue 33: only the whole name was found): both Tamenoris, each a button.
    await page.fill('#explorer-player', 'Tamenori');
    await page.click('#explorer-search button[type="submit"]');
    await page.waitForFunction(() => document.querySelectorAll('#explorer-record button').length >= 2, null, { timeout: 10000 }).catch(() => {});
    const names = await page.$$eval('#explorer-record button', (b) => b.map((x) => x.textContent));
    check('part of a name: the players whose name contains it, each a button', names.includes('Tamenori Hideshi') && names.includes('Tamenori Masaru') &&
      (await page.$$eval('#explorer-games button', (b) => b.length)) > 0, names.join(', '));
    await page.click('#explorer-record button >> text=Tamenori Hideshi');
    await page.waitForFunction(() => /Tamenori Hideshi: [\d,]+ games/.test(document.getElementById('explorer-record').textContent), null, { timeout: 10000 }).catch(() => {});
    check('choosing one shows that player\'s record', /Tamenori Hideshi: 1,338 games, 905 wins/.test(await page.textContent('#explorer-record')),
      await page.textContent('#explorer-record'));
    await page.evaluate(() => window.reversi.setLanguage('ja'));
    await page.fill('#explorer-player', 'Nobody Atall');
    await page.click('#explorer-search button[type="submit"]');
    await page.waitForFunction(() => /Nobody/.test(document.getElementById('explorer-record').textContent), null, { timeout: 10000 }).catch(() => {});
    check('and in Japanese', /「Nobody Atall」を名前に含む選手はいません/.test(await page.textContent('#explorer-record')), await page.textContent('#explorer-record'));
    // A name in kanji finds nothing: the database's names are in Latin letters, said so (issue 44).
    await page.fill('#explorer-player', '為則');
    await page.click('#explorer-search button[type="submit"]');
    await page.waitForFunction(() => /為則/.test(document.getElementById('explorer-record').textContent), null, { timeout: 10000 }).catch(() => {});
    check('a name in kanji: the names are in Latin letters (Japanese)', /「為則」を名前に含む選手はいません（選手名はローマ字です。例: Tamenori Hideshi）/.test(await page.textContent('#explorer-record')),
      await page.textContent('#explorer-record'));
    await page.evaluate(() => window.reversi.setLanguage('en'));
    await page.waitForFunction(() => /Latin/.test(document.getElementById('explorer-record').textContent), null, { timeout: 10000 }).catch(() => {});
    check('... and in English', /no player's name contains '為則': the names are written in Latin letters, such as Tamenori Hideshi/.test(await page.textContent('#explorer-record')),
      await page.textContent('#explorer-record'));
    await page.evaluate(() => window.reversi.setLanguage('ja'));
    await page.fill('#explorer-player', 'Nobody Atall');
    await page.click('#explorer-search button[type="submit"]');
    await page.waitForFunction(() => /Nobody/.test(document.getElementById('explorer-record').textContent), null, { timeout: 10000 }).catch(() => {});
    // The database's error crosses from the worker with its key: the script's call is refused in Japanese too.
    const yearJa = await page.evaluate(() => window.reversi.games({ year: 1950 }).then(() => '', (e) => e.message));
    check('reversi.games() refused in the page\'s language (a year out of range)', /^1950年の対局はありません（対局は\d+年から\d+年までです）$/.test(yearJa), yearJa);
    await page.evaluate(() => window.reversi.setLanguage('en'));
    await page.waitForFunction(() => /no player's name/.test(document.getElementById('explorer-record').textContent), null, { timeout: 10000 }).catch(() => {});
    check('the message follows a change of language (no new search)', /no player's name contains 'Nobody Atall'/.test(await page.textContent('#explorer-record')),
      await page.textContent('#explorer-record'));
    const byYear = await page.evaluate(() => window.reversi.games({ year: 1984, tournament: 'parties japonaises' }).then((r) => r.count, (e) => e.message));
    check('a search by tournament and year', typeof byYear === 'number', String(byYear));
    const none = await page.evaluate(() => window.reversi.games({ player: 'Tamenori Hideshi', position: 'X' + '-'.repeat(62) + 'O X' }).then((r) => r.count, (e) => e.message));
    check('no match: count 0', none === 0, String(none));
    // The panel at a position no expert game reached: a plain message, no numbered row (issue 44: "1. No game found.").
    await page.evaluate(() => window.reversi.load('X' + '-'.repeat(62) + 'O X'));
    await page.click('#explorer-here');
    await page.waitForFunction(() => /No game found/.test(document.getElementById('explorer-record').textContent), null, { timeout: 10000 }).catch(() => {});
    check('no game at the position: "No game found." said plainly, the list empty',
      /No game found\./.test(await page.textContent('#explorer-record')) && (await page.$$eval('#explorer-games li', (l) => l.length)) === 0,
      `${await page.textContent('#explorer-record')} | ${await page.$$eval('#explorer-games li', (l) => l.map((x) => x.textContent).join(' / '))}`);
  });

  await step('malformed queries reject with a clear message', async () => {
    const errs = await page.evaluate(async () => {
      const out = [];
      for (const f of [{ year: 'soon' }, { colour: 'black' }, { position: 'f5 h9' }, 'f5', { player: 7 }]) {
        try { await window.reversi.games(f); out.push('resolved'); } catch (e) { out.push(e.message); }
      }
      return out;
    });
    check('bad year, unknown filter, illegal position, not an object, player not a string: rejected',
          errs.every((e) => e !== 'resolved') && /year/.test(errs[0]) && /colour/.test(errs[1]) && /h9/.test(errs[2]), errs.join(' | '));
  });

  await step('against the computer a click only highlights', async () => {
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'first-legal' }));
    await page.waitForFunction(() => window.reversi.getState().transcript === '' && document.querySelector('#explorer-moves button[data-square="e6"]'), null, { timeout: 10000 });
    await page.evaluate(() => window.reversi.view(0));
    await page.waitForTimeout(400);
    await page.click('#explorer-moves button >> nth=0');
    const s = await page.evaluate(() => window.reversi.getState());
    const pressed = await page.getAttribute('#explorer-moves button >> nth=0', 'aria-pressed');
    check('not played, highlighted and announced', s.transcript === '' && pressed === 'true', `${s.transcript} ${pressed}`);
    await page.evaluate(() => window.reversi.viewLive());
  });

  await step('against the computer, on your turn, a move\'s button plays it and the computer answers', async () => {
    await page.evaluate(() => window.reversi.newGame({ color: 'black', opponent: 'first-legal', speed: 'instant', pause: 0 }));
    await page.waitForFunction(() => window.reversi.getState().transcript === '' && document.querySelector('#explorer-moves button[data-square="e6"]'), null, { timeout: 10000 });
    await page.click('#explorer-moves button[data-square="e6"]');
    await page.waitForFunction(() => window.reversi.getState().moves.length >= 2, null, { timeout: 20000 }).catch(() => {});
    const s = await page.evaluate(() => window.reversi.getState());
    check('played e6, then the computer\'s reply', s.moves.length >= 2 && s.moves[0].square === 'e6', s.transcript);
  });

  await step('accessibility and the English screenshot', async () => {
    await page.evaluate(() => window.reversi.newGame({ color: 'both' }));
    await page.evaluate(() => window.reversi.load('f5d6c3d3c4'));
    await page.waitForFunction(() => /Tiger/.test(document.getElementById('explorer-title').textContent), null, { timeout: 10000 });
    await page.evaluate(() => document.getElementById('explorer-here').click());
    await page.waitForTimeout(300);
    await axe(page, 'with the explorer open (English)');
    await page.screenshot({ path: path.join(ARTIFACTS, 'explorer-en-1280x800.png') });
    const keyClosed = await page.evaluate(() => { document.body.focus(); document.dispatchEvent(new KeyboardEvent('keydown', { key: 'e', bubbles: true })); return document.getElementById('explorer-panel').hidden; });
    check('E closes the explorer', keyClosed);
  });
  await ctx.close();

  // ---- Japanese, a phone -------------------------------------------------------------------------
  await step('Japanese: headers and the screenshot', async () => {
    const { ctx: c2, page: p2 } = await openGame({ query: '?color=both&pause=0&speed=instant&lang=ja', viewport: { width: 390, height: 844 }, locale: 'ja-JP' });
    watchPage(p2, problems);
    await p2.evaluate(() => window.reversi.setLanguage('ja'));
    await p2.evaluate(() => window.reversi.load('f5d6c3d3c4'));
    await p2.click('#explorer-open');
    await tableShown(p2);
    await p2.waitForFunction(() => /虎/.test(document.getElementById('explorer-title').textContent), null, { timeout: 10000 });
    const heads = await p2.$$eval('#explorer-table thead th', (ths) => ths.map((t) => t.textContent));
    check('Japanese headers', heads[1] === '対局数' && heads[5] === '平均石差', heads.join(' | '));
    check('the Japanese opening name', /虎/.test(await p2.textContent('#explorer-title')), await p2.textContent('#explorer-title'));
    await axe(p2, 'with the explorer open (Japanese, 390x844)');
    await p2.$eval('#explorer-panel', (e) => e.scrollIntoView());
    await p2.screenshot({ path: path.join(ARTIFACTS, 'explorer-ja-390x844.png') });
    await c2.close();
  });

  // ---- failures: corrupt, missing -----------------------------------------------------------------
  // A damaged copy of the players' ratings: one byte of its body changed.
  const damagedRatings = Buffer.from(fs.readFileSync(path.join(DIST, 'player-ratings.bin')));
  damagedRatings[damagedRatings.length - 1] ^= 1;
  for (const [what, route, file = 'expert-games.bin', says = null] of [
    ['a corrupt database', (r) => r.fulfill({ status: 200, contentType: 'application/octet-stream', body: Buffer.from('RVGAMEDB' + 'garbage'.repeat(1000)) })],
    ['a truncated database', (r) => r.fulfill({ status: 200, contentType: 'application/octet-stream', body: fs.readFileSync(path.join(DIST, 'expert-games.bin')).subarray(0, 200000) })],
    ['a network failure', (r) => r.abort('failed')],
    ['damaged player ratings', (r) => r.fulfill({ status: 200, contentType: 'application/octet-stream', body: damagedRatings }),
     'player-ratings.bin', /player ratings: damaged/],
  ]) {
    await step(`${what}: a clear message, the game goes on`, async () => {
      const c3 = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
      await c3.route('**/' + file, route);
      const { page: p3 } = await openGame({ context: c3 });
      await p3.click('#explorer-open');
      await p3.waitForFunction(() => !document.getElementById('explorer-message').hidden, null, { timeout: 30000 });
      const msg = await p3.textContent('#explorer-message');
      check(`${what}: "${msg.slice(0, 110)}"`, /not available/.test(msg) && /goes on/.test(msg) && (!says || says.test(msg)));
      const api = await p3.evaluate(() => window.reversi.explore().then(() => 'resolved', (e) => e.message));
      check(`${what}: reversi.explore() rejects`, api !== 'resolved', api);
      const s = await p3.evaluate(() => { window.reversi.play('f5'); return window.reversi.getState(); });
      check(`${what}: the game goes on`, s.transcript === 'f5');
      await c3.close();
    });
  }

  // ---- offline after the first use ------------------------------------------------------------------
  await step('offline after the first use', async () => {
    const c4 = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'allow' });
    const { page: p4 } = await openGame({ context: c4 });
    await p4.waitForFunction(() => window.reversi.offline && window.reversi.offline.status().state === 'ready', null, { timeout: 60000 });
    await p4.reload();
    await waitForGame(p4);
    await p4.click('#explorer-open');
    await tableShown(p4);
    // The service worker keeps the files once complete.
    await waitForAsync(p4, async () => {
      for (const name of await caches.keys()) {
        const c = await caches.open(name);
        const keys = (await c.keys()).map((r) => r.url);
        if (['expert-games.bin', 'explorer-worker.js', 'explorer-worker.wasm'].every((f) => keys.some((u) => u.endsWith('/' + f)))) return true;
      }
      return false;
    }, null, { timeout: 30000, polling: 200 });
    check('the database and the explorer worker are in the cache after the first use', true);
    await c4.setOffline(true);
    await p4.reload();
    await waitForGame(p4);
    await p4.click('#explorer-open');
    await tableShown(p4);
    const r = await p4.evaluate(() => window.reversi.explore());
    check('offline: the explorer still works', r.games === 137548, String(r.games));
    await c4.close();
  });
} catch (err) {
  check('the explorer test ran to the end', false, (err && err.stack) || String(err));
}
const relevant = problems.filter((p) => !/favicon/.test(p));
check('no page error, console error or failed request', relevant.length === 0, relevant.slice(0, 5).join(' | '));
fs.writeFileSync(path.join(ARTIFACTS, 'explorer-report.json'), JSON.stringify(report, null, 2) + '\n');
console.log('explorer figures: ' + JSON.stringify(report));
await browser.close();
server.close();
finish();
