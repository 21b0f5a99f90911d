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
// Each PNG is then reduced to a palette by Debian's pngquant where it is installed
// (apt-get install pngquant; quality 90-100, no visible change to this flat design): it
// halves them, and the icons are part of a first visit's download (the service worker
// precaches them). Without pngquant the full-colour PNGs are written, and the script says so.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { spawnSync } from 'node:child_process';

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

// The same image in a smaller PNG (lossless): Chromium's screenshots filter every row and
// deflate quickly; flat art like this packs better unfiltered at zlib's best level (the
// four PNGs: 73,985 -> 62,799 bytes, favicon.ico 4,771 -> 3,922). Kept if not smaller.
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}
// `png` through pngquant (a palette of at most 256 colours), when it is installed and smaller.
let pngquantMissing = false;
function quantize(png) {
  const r = spawnSync('pngquant', ['--quality', '90-100', '--speed', '1', '--strip', '-'], { input: png, maxBuffer: 1 << 24 });
  if (r.error) { pngquantMissing = true; return png; }
  return r.status === 0 && r.stdout.length < png.length ? r.stdout : png;
}

function repack(png) {
  const chunks = [];
  for (let p = 8; p < png.length;) {
    const n = png.readUInt32BE(p);
    chunks.push({ type: png.toString('latin1', p + 4, p + 8), data: png.subarray(p + 8, p + 8 + n) });
    p += 12 + n;
  }
  const ihdr = chunks.find((c) => c.type === 'IHDR').data;
  const width = ihdr.readUInt32BE(0), height = ihdr.readUInt32BE(4);
  const bpp = { 0: 1, 2: 3, 4: 2, 6: 4 }[ihdr[9]];
  if (ihdr[8] !== 8 || !bpp || ihdr[12] !== 0) return png;  // 8-bit, not palette, not interlaced
  const raw = zlib.inflateSync(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * bpp;
  const rows = Buffer.alloc((stride + 1) * height);
  let prev = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? line[i - bpp] : 0, b = prev[i], c = i >= bpp ? prev[i - bpp] : 0;
      const pa = Math.abs(b - c), pb = Math.abs(a - c), pc = Math.abs(a + b - 2 * c);
      const pred = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][type];
      line[i] = (line[i] + pred) & 0xff;
    }
    rows[y * (stride + 1)] = 0;  // filter: none
    line.copy(rows, y * (stride + 1) + 1);
    prev = line;
  }
  const idat = zlib.deflateSync(rows, { level: 9, memLevel: 9 });
  // The chunks in their order, the new image data where the first IDAT was.
  const firstIdat = chunks.findIndex((c) => c.type === 'IDAT');
  const out = Buffer.concat([png.subarray(0, 8), ...chunks.flatMap((c, i) =>
    c.type !== 'IDAT' ? [chunk(c.type, c.data)] : i === firstIdat ? [chunk('IDAT', idat)] : [])]);
  return out.length < png.length ? out : png;
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
  const png = async (svg, size) => quantize(repack(await render(page, svg, size)));
  write('icon-192.png', await png(anySvg, 192));
  write('icon-512.png', await png(anySvg, 512));
  write('icon-maskable-512.png', await png(maskableSvg, 512));
  write('apple-touch-icon.png', await png(maskableSvg, 180));
  const small = [];
  for (const size of [16, 32, 48]) small.push({ size, data: await png(anySvg, size) });
  write('favicon.ico', ico(small));
  if (pngquantMissing) console.log('make-icons: pngquant is not installed: the PNGs are full colour (apt-get install pngquant halves them)');
} finally {
  await browser.close();
}
