// Draws the app's icons from one SVG design and writes them to assets/icons/ (checked
// in; scripts/build-web.sh copies them into the web build). Run it again only when the
// design changes:
//   node tools/make-icons.mjs          (needs tests/browser's playwright-core and Debian's chromium)
// The design: the four stones of Othello's start position on the green felt of the
// game's board. Written as SVG (favicon.svg and the PNGs' source), rasterised by
// headless Chromium (no image library needed), favicon.ico packs 16/32/48 px PNGs.
//   icon-192.png, icon-512.png     "any" icons: a rounded board, transparent corners
//   icon-maskable-512.png           "maskable": full-bleed felt, the stones inside the
//                                   central 80% circle every launcher mask keeps
//   apple-touch-icon.png (180)      full bleed, as iOS fills transparency with black
//   favicon.svg, favicon.ico        the browser tab (favicon.svg is also the "any" design's source)
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'assets', 'icons');
const require = createRequire(path.join(root, 'tests', 'browser', 'package.json'));
const { chromium } = require('playwright-core');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

// Colours from the game (src/ui/renderer.cpp: felt 0,116,28 -> 0,92,16; page #10201a), flat:
// the PNGs stay small (gradients would double them).
const FELT = '#006a18', LINE = '#00310a';

// Two by two stones, centred on (c, c), `step` apart, radius r.
function stones(c, step, r) {
  const at = [[-1, -1, 'w'], [1, -1, 'b'], [-1, 1, 'b'], [1, 1, 'w']];  // d4 white, e4 black, d5 black, e5 white
  return at.map(([dx, dy, col]) => {
    const x = c + dx * step / 2, y = c + dy * step / 2;
    const [fill, edge] = col === 'w' ? ['#f2f2ea', '#c8c8c0'] : ['#161616', '#000000'];
    return `<circle cx="${x}" cy="${y + r * 0.07}" r="${r}" fill="${LINE}"/>` +
           `<circle cx="${x}" cy="${y}" r="${r * 0.96}" fill="${fill}" stroke="${edge}" stroke-width="${r * 0.08}"/>`;
  }).join('');
}

// "any" purpose: a rounded board with a grid line through the middle, big stones.
const anySvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect x="8" y="8" width="496" height="496" rx="88" fill="${FELT}"/>
<rect x="8" y="8" width="496" height="496" rx="88" fill="none" stroke="${LINE}" stroke-width="12"/>
<path d="M256 20V492M20 256H492" stroke="${LINE}" stroke-width="12"/>
${stones(256, 240, 100)}
</svg>
`;

// Maskable: the felt fills the square; the stones stay inside a circle of radius 0.4 x 512.
const maskableSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
<rect width="512" height="512" fill="${FELT}"/>
<path d="M256 96V416M96 256H416" stroke="${LINE}" stroke-width="10"/>
${stones(256, 150, 66)}
</svg>
`;

// Renders an SVG to a PNG of size x size pixels (transparent where the SVG draws nothing).
async function render(page, svg, size) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">` +
    `<img id="i" width="${size}" height="${size}" style="display:block" src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">` +
    `</body></html>`);
  await page.evaluate(() => document.getElementById('i').decode());
  return page.locator('#i').screenshot({ omitBackground: true, type: 'png' });
}

// An .ico holding PNG images (every browser since IE 11 reads PNG entries).
function ico(pngs) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); header.writeUInt16LE(1, 2); header.writeUInt16LE(pngs.length, 4);
  const entries = [];
  let offset = 6 + 16 * pngs.length;
  for (const { size, data } of pngs) {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0); e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt8(0, 2); e.writeUInt8(0, 3);
    e.writeUInt16LE(1, 4); e.writeUInt16LE(32, 6);
    e.writeUInt32LE(data.length, 8); e.writeUInt32LE(offset, 12);
    offset += data.length;
    entries.push(e);
  }
  return Buffer.concat([header, ...entries, ...pngs.map((p) => p.data)]);
}

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
try {
  const page = await (await browser.newContext({ deviceScaleFactor: 1 })).newPage();
  const write = (name, data) => { fs.writeFileSync(path.join(out, name), data); console.log(`${path.relative(root, path.join(out, name))} (${data.length} bytes)`); };
  write('icon-maskable.svg', maskableSvg);
  write('favicon.svg', anySvg);
  write('icon-192.png', await render(page, anySvg, 192));
  write('icon-512.png', await render(page, anySvg, 512));
  write('icon-maskable-512.png', await render(page, maskableSvg, 512));
  write('apple-touch-icon.png', await render(page, maskableSvg, 180));
  const small = [];
  for (const size of [16, 32, 48]) small.push({ size, data: await render(page, anySvg, size) });
  write('favicon.ico', ico(small));
} finally {
  await browser.close();
}
