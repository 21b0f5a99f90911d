// The layout at every size a player meets, in headless Chromium (Debian's /usr/bin/chromium,
// driven by playwright-core):
//   node tests/browser/layout.mjs            (after scripts/build-web.sh)
// Env: DIST (default build/web/dist), SCREENSHOTS (default build/web/screenshots),
//      CHROMIUM (default /usr/bin/chromium), LAYOUT_SIZES (other sizes: "320x480,480x320").
// At 320x568, 360x640, 390x844, 640x360, 844x390, 768x1024, 1280x800 and 1920x1080, in
// English and Japanese, light and dark (the system's setting; the page's own theme switch
// once), and in four states: a first visit (the welcome card, a level as the opponent), a
// game in progress (the Analyse switch on, a classic program with a long name as the
// opponent), an earlier move viewed (the bar with Previous / Next / Back to the game) and a
// finished review (its panel, the graph and a mistake opened), a practice puzzle judged (its
// panel), and the update notice; then
// layout=compact at the phone sizes. At each one:
//   - no two visible controls or texts overlap (the bounding boxes of buttons, selects, the
//     canvas, the graph, and of each line of text outside a control: the cards' colour,
//     player and count, the status, the headings; parts clipped by a scrolling panel count
//     only as far as they show; elements inside each other and hidden ones are left out);
//   - every control and text is inside the viewport, or inside a panel that scrolls: what a
//     player needs (the cards, the board, the status, the toolbar, the way back from an
//     earlier move) is in view on every size; in landscape the page itself never scrolls;
//     nothing makes the page scroll sideways;
//   - no text is cut with an ellipsis (scrollWidth > clientWidth with text-overflow:
//     ellipsis) unless a title attribute gives it whole, and no label runs out of its box;
//   - labels (the controls, the cards, the status, headings) wrap between words, never
//     inside one (Japanese words as Intl.Segmenter finds them);
//   - the cards show who plays each side, with a gap between the colour and the count;
//   - in landscape the board takes the window's height; the canvas fills its box.
// A failure names the size, the language, the theme, the state and the elements.
// Screenshots of each size in both languages and each state: SCREENSHOTS/layout-*.png.
// One browser, one page per language, the sizes set on it in turn: about a minute.
// Prints "N passed, M failed"; exits non-zero on any failure.
import fs from 'node:fs';
import path from 'node:path';
import { serve } from './static-server.mjs';
import { root, DIST, createSuite, loadChromium, launch, watchPage, waitForGame, sample } from './harness.mjs';

const SCREENSHOTS = path.resolve(root, process.env.SCREENSHOTS || path.join(path.dirname(DIST), 'screenshots'));
const suite = createSuite({ what: 'the layout test', timeSteps: true });
const { check, step, finish } = suite;

const SIZES = process.env.LAYOUT_SIZES ? process.env.LAYOUT_SIZES.split(',').map((s) => s.split('x').map(Number))
  : [[320, 568], [360, 640], [390, 844], [640, 360], [844, 390], [768, 1024], [1280, 800], [1920, 1080]];
const PHONES = [[320, 568], [360, 640], [640, 360]];
const LANGS = ['en', 'ja'];
const THEMES = ['light', 'dark'];
// The screenshots: English in the light theme, Japanese in the dark one.
const SHOT_THEME = { en: 'light', ja: 'dark' };
// 12 moves (black to move): a game in progress with stones on every side of the board.
const GAME = 'f5d6c3d3c4f4f6f3e6e7d7c6';

// What a player must see without scrolling anything: the cards, the board, the status,
// the controls and, while an earlier move is shown, the way back.
const NEEDED = '#players, #stage, #status, #toolbar, #review, #error, #notice, #update';

// Runs in the page: every problem with the layout as it is now, as sentences.
function audit(NEEDED) {
  const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
  const problems = [];
  const app = document.getElementById('app');
  const seen = new Map();
  const shown = (e) => {
    if (!e || e === document.documentElement) return true;
    if (seen.has(e)) return seen.get(e);
    const cs = getComputedStyle(e);
    const ok = !e.matches('[hidden], dialog:not([open]), .visually-hidden, #grid') && cs.display !== 'none' &&
      cs.visibility !== 'hidden' && Number(cs.opacity) !== 0 && shown(e.parentElement);
    seen.set(e, ok);
    return ok;
  };
  const name = (e) => {
    let n = e.id ? `#${e.id}` : e.tagName.toLowerCase() + (e.classList.length ? '.' + [...e.classList].join('.') : '');
    if (!e.id) { const owner = e.parentElement && e.parentElement.closest('[id]'); if (owner) n += ` in #${owner.id}`; }
    const text = (e.textContent || '').trim().replace(/\s+/g, ' ');
    return text && e.tagName !== 'CANVAS' ? `${n} "${text.length > 24 ? text.slice(0, 23) + '…' : text}"` : n;
  };
  // The part of a box that shows: cut by each ancestor that clips (a scrolling panel).
  const scrollers = [];
  const visiblePart = (e, r) => {
    let x1 = r.left, y1 = r.top, x2 = r.right, y2 = r.bottom, scroller = null;
    for (let a = e.parentElement; a && a !== document.body && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX === 'visible' && cs.overflowY === 'visible') continue;
      const ar = a.getBoundingClientRect();
      x1 = Math.max(x1, ar.left + a.clientLeft); y1 = Math.max(y1, ar.top + a.clientTop);
      x2 = Math.min(x2, ar.left + a.clientLeft + a.clientWidth); y2 = Math.min(y2, ar.top + a.clientTop + a.clientHeight);
      if (!scroller && /auto|scroll/.test(cs.overflowY) && a.scrollHeight > a.clientHeight + 1) scroller = a;
    }
    return { x1, y1, x2, y2, scroller, empty: x2 - x1 < 0.5 || y2 - y1 < 0.5 };
  };
  const items = [];
  // Controls: their border box.
  const CONTROLS = 'button, select, input:not([type="hidden"]), textarea, progress, canvas, svg#graph, a[href]';
  for (const e of app.querySelectorAll(CONTROLS)) {
    if (!shown(e) || e.closest('button, select') !== e && e.closest('button, select')) continue;
    const r = e.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) continue;
    items.push({ e, r, what: name(e), control: true });
    // A label that runs out of its control.
    if (e.tagName === 'BUTTON' && (e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1))
      problems.push(`the label of ${name(e)} runs out of it (${e.scrollWidth}x${e.scrollHeight} in ${e.clientWidth}x${e.clientHeight})`);
  }
  // Texts outside controls: each line box of each text node.
  const walker = document.createTreeWalker(app, NodeFilter.SHOW_TEXT);
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (!t.textContent.trim()) continue;
    const e = t.parentElement;
    if (!e || !shown(e) || e.closest('button, select, svg, dialog, #grid')) continue;
    const range = document.createRange();
    range.selectNodeContents(t);
    for (const r of range.getClientRects()) {
      if (r.width < 1 || r.height < 1) continue;
      items.push({ e, r, what: `text ${name(e)}`, control: false });
    }
  }
  const describe = (it) => `${it.what} [${Math.round(it.r.left)},${Math.round(it.r.top)} ${Math.round(it.r.width)}x${Math.round(it.r.height)}]`;
  for (const it of items) it.v = visiblePart(it.e, it.r);
  const live = items.filter((it) => !it.v.empty);
  // 1. Overlaps.
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const a = live[i], b = live[j];
      if (a.e === b.e || a.e.contains(b.e) || b.e.contains(a.e)) continue;
      const w = Math.min(a.v.x2, b.v.x2) - Math.max(a.v.x1, b.v.x1);
      const h = Math.min(a.v.y2, b.v.y2) - Math.max(a.v.y1, b.v.y1);
      if (w > 1 && h > 1) problems.push(`${describe(a)} overlaps ${describe(b)} (${Math.round(w)}x${Math.round(h)} px)`);
    }
  }
  // 2. In view, or in a panel that scrolls.
  const docScrolls = document.documentElement.scrollHeight > vh + 1;
  const landscape = innerWidth > innerHeight;
  for (const it of items) {
    const { r } = it;
    const inView = r.left >= -1 && r.top >= -1 && r.right <= vw + 1 && r.bottom <= vh + 1;
    if (inView) continue;
    const needed = it.e.closest(NEEDED);
    if (r.left < -1 || r.right > vw + 1) { problems.push(`${describe(it)} is outside the window sideways`); continue; }
    if (needed) { problems.push(`${describe(it)} is needed but out of view (window ${vw}x${vh})`); continue; }
    if (it.v.scroller) continue;                       // inside a panel that scrolls
    if (!landscape && docScrolls) continue;            // portrait: below the board, the page scrolls
    problems.push(`${describe(it)} is out of view and not in a scrolling panel`);
  }
  if (document.documentElement.scrollWidth > vw + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px in ${vw})`);
  if (landscape && docScrolls) problems.push(`in landscape the page itself scrolls (${document.documentElement.scrollHeight} px in ${vh})`);
  // 3. Ellipses and texts that run out of their box.
  for (const e of app.querySelectorAll('*')) {
    if (!shown(e) || e.closest('dialog, svg, #grid')) continue;
    const cs = getComputedStyle(e);
    if (cs.display === 'inline' || cs.display === 'contents') continue;
    const hasText = [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!hasText) continue;
    if (e.scrollWidth > e.clientWidth + 1) {
      if (cs.textOverflow === 'ellipsis') { if (!e.title) problems.push(`${name(e)} is cut with an ellipsis and has no title`); }
      else if (cs.overflowX === 'visible' && e.tagName !== 'BUTTON') problems.push(`${name(e)} runs out of its box (${e.scrollWidth} px in ${e.clientWidth})`);
    }
  }
  // 3b. Labels wrap between words (Japanese: between the words Intl.Segmenter finds), never
  // inside one: the controls, the cards, the status, the bar of an earlier move, headings.
  const segmenter = new Intl.Segmenter(document.documentElement.lang || 'en', { granularity: 'word' });
  const LABELS = 'button, #players *, #status, #review-text, h2, figcaption';
  for (const e of app.querySelectorAll(LABELS)) {
    if (!shown(e) || e.closest('dialog')) continue;
    for (const t of e.childNodes) {
      if (t.nodeType !== 3 || !t.textContent.trim()) continue;
      for (const seg of segmenter.segment(t.textContent)) {
        if (!seg.isWordLike || seg.segment.length < 2) continue;
        const range = document.createRange();
        range.setStart(t, seg.index); range.setEnd(t, seg.index + seg.segment.length);
        const tops = [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top));
        if (new Set(tops).size > 1 && Math.max(...tops) - Math.min(...tops) > 2)
          problems.push(`the word "${seg.segment}" is broken across lines in ${name(e)}`);
      }
    }
  }
  // 4. The cards: who plays each side, a gap between the colour and the count.
  for (const color of ['black', 'white']) {
    const card = document.getElementById(`card-${color}`);
    const seat = document.getElementById(`seat-${color}`);
    if (!seat.textContent.trim() || !shown(seat) || seat.getBoundingClientRect().width < 1) problems.push(`the ${color} card does not show who plays (#seat-${color})`);
    const box = (sel) => { const range = document.createRange(); range.selectNodeContents(card.querySelector(sel)); return range.getBoundingClientRect(); };
    const n = box('.color-name'), c = box('.count');
    const sameLine = Math.min(n.bottom, c.bottom) - Math.max(n.top, c.top) > 1;
    if (sameLine && c.left - n.right < 4) problems.push(`the ${color} card: no gap between "${card.querySelector('.color-name').textContent}" and "${card.querySelector('.count').textContent}" (${Math.round(c.left - n.right)} px)`);
  }
  // 5. The board.
  const stage = document.getElementById('stage').getBoundingClientRect();
  const canvas = document.getElementById('canvas').getBoundingClientRect();
  if (Math.abs(canvas.width - stage.width) > 1 || Math.abs(canvas.height - stage.height) > 1)
    problems.push(`the canvas (${canvas.width}x${canvas.height}) does not fill its box (${stage.width}x${stage.height})`);
  if (Math.abs(stage.width - stage.height) > 1) problems.push(`the board is not square (${stage.width}x${stage.height})`);
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
  if (landscape && !document.documentElement.classList.contains('compact') && innerWidth >= 560 && stage.height < vh - 1.5 * rem)
    problems.push(`in landscape the board does not take the height (${Math.round(stage.height)} px in ${vh})`);
  return { problems, boxes: live.length, board: Math.round(stage.width) };
}

const chromium = await loadChromium(suite);
fs.mkdirSync(SCREENSHOTS, { recursive: true });
const server = await serve(DIST);
const browser = await launch(chromium);
const pageProblems = [];
const t0 = Date.now();
let combos = 0, shots = 0;
const timing = { settle: 0, audit: 0, shots: 0 };

// Sets the size (and the system's theme), waits for the canvas to follow, checks, and saves
// a screenshot when asked.
async function checkAt(page, { lang, theme, state, size: [w, h], shot, compact = false }) {
  await page.setViewportSize({ width: w, height: h });
  if (page.__theme !== theme) { await page.emulateMedia({ colorScheme: theme }); page.__theme = theme; }
  // The layout is there at once (the canvas's box included); for a screenshot, the program
  // draws at the new size on the next frames (a resize event) and lays the grid over it.
  const t1 = Date.now();
  if (shot) await page.waitForFunction(() => {
    const s = document.getElementById('stage').getBoundingClientRect(), c = document.getElementById('canvas').getBoundingClientRect();
    const g = document.getElementById('grid').getBoundingClientRect();   // laid over the squares (grid.js placeGrid)
    return Math.abs(s.width - c.width) < 1 && Math.abs(s.height - c.height) < 1 &&
      g.left >= s.left - 1 && g.right <= s.right + 1 && g.top >= s.top - 1 && g.bottom <= s.bottom + 1;
  }, null, { timeout: 3000, polling: 'raf' }).catch(() => {});
  // (A frame, then 150 ms; at most a second: once in a CI run no frame came, and the wait
  // without an end held the suite until its limit. The screenshot then says what is wrong.)
  if (shot) await page.evaluate(() => new Promise((r) => { requestAnimationFrame(() => setTimeout(r, 150)); setTimeout(r, 1000); }));
  timing.settle += Date.now() - t1;
  const label = `${w}x${h} ${lang} ${theme} ${compact ? 'compact ' : ''}${state}`;
  // As a player first sees it: the page and its panels at the top.
  await page.evaluate(() => { window.scrollTo(0, 0); document.getElementById('side').scrollTop = 0; });
  const t2 = Date.now();
  const r = await page.evaluate(audit, NEEDED);
  timing.audit += Date.now() - t2;
  combos++;
  check(`${label}: nothing overlaps, all in view, nothing cut`, r.problems.length === 0,
    r.problems.length ? r.problems.slice(0, 6).join(' | ') + (r.problems.length > 6 ? ` | and ${r.problems.length - 6} more` : '')
                      : `${r.boxes} boxes, board ${r.board} px`);
  if (shot) {
    const file = `layout-${compact ? 'compact-' : ''}${state}-${w}x${h}-${lang}.png`;
    const t3 = Date.now();
    await page.screenshot({ path: path.join(SCREENSHOTS, file) });
    timing.shots += Date.now() - t3;
    shots++;
  }
}
// CI checks each language in its screenshots' theme only (English light, Japanese dark), and
// at half of the eight sizes: each size in one language, Japanese on the narrowest phone.
const SIZES_OF = process.env.LAYOUT_SIZES ? { en: SIZES, ja: SIZES }
  : { en: sample('the sizes in English', SIZES, [1, 2, 4, 6]), ja: sample('the sizes in Japanese', SIZES, [0, 3, 5, 7]) };
async function everySize(page, lang, state, sizes = SIZES_OF[lang], compact = false) {
  for (const theme of sample(`the themes in ${lang}`, THEMES, [THEMES.indexOf(SHOT_THEME[lang])])) {
    for (const size of sizes) await checkAt(page, { lang, theme, state, size, compact, shot: theme === SHOT_THEME[lang] });
  }
}
const waitState = (page, fn, timeout = 30000) =>
  page.waitForFunction((src) => new Function('s', 'return (' + src + ')(s)')(window.reversi.getState()), fn.toString(), { timeout, polling: 50 });

try {
  for (const lang of LANGS) {
    await step(`${lang}: every size, light and dark`, async () => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US',
        colorScheme: 'light', serviceWorkers: 'block' });
      const page = await ctx.newPage();
      watchPage(page, pageProblems);
      await page.goto(`${server.url}index.html?lang=${lang}`);
      await waitForGame(page);
      check(`${lang}: the page is in ${lang}`, await page.evaluate(() => document.documentElement.lang) === lang);

      // A first visit: the welcome card, a level as the opponent.
      check(`${lang}: a first visit shows the welcome card`, await page.isVisible('#welcome'));
      await everySize(page, lang, 'start');

      // A game in progress against a classic program (the longest names), the analysis on.
      await page.click('#welcome-ok');
      await page.evaluate((game) => {
        window.reversi.load(game);
        window.reversi.setOptions({ black: 'human', white: 'random-playouts', speed: 'instant', pause: 0 });
      }, GAME);
      await page.click('#analyse');
      await waitState(page, (s) => s.analysis && s.analysis.on && s.analysis.moves && s.analysis.moves.length > 0);
      await everySize(page, lang, 'game');
      await page.click('#analyse');

      // An earlier move shown: the bar with the way back.
      await page.evaluate(() => window.reversi.view(4));
      check(`${lang}: viewing move 4 shows the bar with the way back`, await page.isVisible('#review-live'));
      await everySize(page, lang, 'viewing');
      await page.evaluate(() => window.reversi.viewLive());

      // A finished review: its panel, the graph, and its first mistake opened.
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.click('#review-start');
      await waitState(page, (s) => s.review && !s.review.running && s.review.done >= s.review.total, 60000);
      await page.waitForSelector('#mistakes button', { timeout: 5000 }).catch(() => {});
      if (await page.$('#mistakes button')) await page.click('#mistakes button');
      check(`${lang}: the review panel and the graph are open`, await page.isVisible('#review-panel') && await page.isVisible('#graph'));
      await everySize(page, lang, 'review');

      // Practice: a daily puzzle answered (the panel with the judgement, the values, the
      // rating and its graph), after the review (its drill button enabled).
      await page.evaluate(() => window.reversi.practice({ daily: '2026-11-26' }));
      await page.evaluate(() => window.reversi.play(window.reversi.getState().legal[0]));
      await waitState(page, (s) => s.practice.puzzle && s.practice.puzzle.judgement);
      check(`${lang}: the practice panel is open with a judgement`, await page.isVisible('#practice-judgement'));
      await everySize(page, lang, 'practice');
      await page.click('#practice-leave');

      // "A new version is ready. [Reload]": the notice offline.js's showUpdate() puts first
      // in #app (service workers are off here, so made the same way).
      await page.click('#review-close');
      await page.evaluate(() => window.reversi.viewLive());
      if (lang === 'en') {
        await page.evaluate(() => {
          const banner = document.createElement('div');
          banner.id = 'update'; banner.className = 'banner update'; banner.setAttribute('role', 'status');
          const text = document.createElement('span'); text.textContent = 'A new version is ready. ';
          const button = document.createElement('button'); button.type = 'button'; button.textContent = 'Reload';
          banner.append(text, button);
          const app = document.getElementById('app');
          app.insertBefore(banner, app.firstChild);
        });
        for (const size of SIZES) await checkAt(page, { lang, theme: 'light', state: 'update', size, shot: true });
        await page.evaluate(() => document.getElementById('update').remove());
      }

      // The page's own theme setting (dark while the system is light).
      await page.emulateMedia({ colorScheme: 'light' });
      page.__theme = 'light';
      await page.click('#settings');
      await page.check('input[name="theme"][value="dark"]');
      await page.keyboard.press('Escape');
      check(`${lang}: the theme setting makes the page dark`, await page.evaluate(() => document.documentElement.dataset.theme) === 'dark');
      for (const size of [[360, 640], [1280, 800]]) await checkAt(page, { lang, theme: 'light', state: 'game, theme set to dark', size });
      await ctx.close();
    });

    await step(`${lang}: layout=compact on phones`, async () => {
      const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, locale: lang === 'ja' ? 'ja-JP' : 'en-US',
        colorScheme: 'light', serviceWorkers: 'block' });
      const page = await ctx.newPage();
      watchPage(page, pageProblems);
      await page.goto(`${server.url}index.html?lang=${lang}&layout=compact`);
      await waitForGame(page);
      await everySize(page, lang, 'start', PHONES, true);
      await page.evaluate((game) => {
        window.reversi.load(game);
        window.reversi.setOptions({ black: 'human', white: 'level-6', speed: 'instant', pause: 0 });
      }, GAME);
      await everySize(page, lang, 'game', PHONES, true);
      await ctx.close();
    });
  }
} catch (err) {
  check('the layout test ran to the end', false, err && err.stack ? err.stack.split('\n').slice(0, 4).join(' | ') : String(err));
}
check('no uncaught error, failed request or console error', pageProblems.length === 0, pageProblems.slice(0, 4).join(' | '));
console.log(`${combos} layouts checked, ${shots} screenshots in ${path.relative(root, SCREENSHOTS)}/, ${((Date.now() - t0) / 1000).toFixed(1)} s ` +
  `(settling ${(timing.settle / 1000).toFixed(1)} s, checking ${(timing.audit / 1000).toFixed(1)} s, screenshots ${(timing.shots / 1000).toFixed(1)} s)`);
await browser.close();
await server.close();
finish();
