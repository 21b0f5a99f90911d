// Stamps a web build with its build id and writes its service worker (sw.js).
//   node scripts/web-manifest.mjs DIST [--template web/sw.js]
// Run by the web build (src/platform/web.cmake) on build/web/dist; works on any copy of
// a build folder (the browser test uses it to make a "new version" of a build) and may
// be run again on the same folder (same result).
//
// 0. Writes into index.html, between "<!-- modules -->" and "<!-- /modules -->", a
//    modulepreload link for each file of DIST/js/ (the page's ES modules), so that the
//    browser fetches them all with the page instead of after js/main.js; not for a panel
//    loaded when first opened (js/history-panel.js, in RUNTIME_FILES).
// 1. Lists every file under DIST except sw.js (sub-folders too, not dotfiles). The
//    explorer's files (RUNTIME_FILES: its worker and the expert-game database, the puzzles,
//    the Your games panel's module) count in
//    the build id but are not precached: sw.js lists them apart (/* RUNTIME */ []) and
//    caches each the first time the page fetches it. Nor are the two AI workers' files
//    (AI_FILES, /* AI */ {}): a visit fetches one of them.
// 2. Blanks the build-id field in each file: the 16 characters after the marker
//    "reversi-build-id:" (in game.wasm and ai-worker.wasm, from web_build_id.cpp; in
//    offline.js; in sw.js), then hashes each file (SHA-256).
// 3. The build id: the first 16 hex digits of the SHA-256 of the sorted "path hash"
//    lines and the service worker template, so any change to any file gives a new id.
// 4. Writes the id into every field in place (same length: the .wasm files stay valid)
//    and DIST/sw.js from the template, with the id and [{path, size, sha256}] of the
//    stamped files, which the service worker checks as it caches them.
// Prints the id, the file count and the total size, raw and gzipped.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const MARKER = Buffer.from('reversi-build-id:');
const FIELD = 16;
// Files that must carry the field when present: the page, the game, the worker.
const MUST_CARRY = ['offline.js', 'game.wasm', 'ai-worker.wasm', 'ai-worker-threads.wasm'];
// The two AI workers (issue 28): a visit fetches one of them (web/js/ai-build.js), so neither is
// precached; sw.js lists them as /* AI */ {single, threads} and keeps the one a page fetches.
export const AI_FILES = {
  single: ['ai-worker.js', 'ai-worker.wasm'],
  threads: ['ai-worker-threads.js', 'ai-worker-threads.worker.js', 'ai-worker-threads.wasm'],
};
const AI_PATHS = Object.values(AI_FILES).flat();
// Read by the host, never served to the page (web/_headers: Netlify, Cloudflare Pages).
export const HOST_FILES = ['_headers'];
// Fetched only when the explorer (its worker and database) or Practice (the puzzles) is
// first opened, or a human player first chosen (its openings): not part of the first visit's download (scripts/web-size.mjs reports them apart).
// (the large install icons too: the browser fetches them itself when it offers to install the
// game, and the page never shows them; the 192 px one, favicons and touch icon stay precached)
export const RUNTIME_FILES = ['explorer-worker.js', 'explorer-worker.wasm', 'expert-games.bin', 'player-ratings.bin', 'puzzles.bin', 'human-openings.bin', 'js/history-panel.js',
                              'icon-512.png', 'icon-maskable-512.png'];

function usage(message) {
  if (message) console.error(`web-manifest: ${message}`);
  console.error('usage: node scripts/web-manifest.mjs DIST [--template web/sw.js]');
  process.exit(2);
}

// Offsets of every field (the bytes after each marker).
function fields(bytes) {
  const at = [];
  for (let i = bytes.indexOf(MARKER); i >= 0; i = bytes.indexOf(MARKER, i + 1)) {
    const start = i + MARKER.length;
    const value = bytes.subarray(start, start + FIELD).toString('latin1');
    if (/^[0-9a-f-]{16}$/.test(value)) at.push(start);
  }
  return at;
}
function fill(bytes, offsets, value) {
  const out = Buffer.from(bytes);
  for (const o of offsets) out.write(value, o, FIELD, 'latin1');
  return out;
}
const sha256 = (data) => crypto.createHash('sha256').update(data).digest('hex');

function listFiles(dir, base = dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(full, base));
    else if (entry.isFile()) out.push(path.relative(base, full).split(path.sep).join('/'));
  }
  return out;
}

const MODULES = /<!-- modules -->[^]*?<!-- \/modules -->/;
function linkModules(dist) {
  const index = path.join(dist, 'index.html');
  const html = fs.readFileSync(index, 'utf8');
  if (!MODULES.test(html)) return;
  const folder = path.join(dist, 'js');
  // (not the modules loaded when first needed: RUNTIME_FILES)
  const names = fs.existsSync(folder) ? fs.readdirSync(folder).filter((n) => n.endsWith('.js') && !RUNTIME_FILES.includes('js/' + n)).sort() : [];
  const links = names.map((n) => `<link rel="modulepreload" href="js/${n}">`).join('\n');
  const out = html.replace(MODULES, () => `<!-- modules -->${links ? '\n' + links + '\n' : ''}<!-- /modules -->`);
  if (out !== html) fs.writeFileSync(index, out);
}

// Returns {buildId, files: [{path, size, sha256}], bytes, gzipBytes}.
export function stamp(dist, templatePath) {
  const template = fs.readFileSync(templatePath);
  const templateFields = fields(template);
  if (templateFields.length === 0) throw new Error(`${templatePath} has no build-id field`);
  if (!template.includes('/* FILES */ []')) throw new Error(`${templatePath} has no "/* FILES */ []" to fill in`);
  const names = listFiles(dist).filter((p) => p !== 'sw.js' && !HOST_FILES.includes(p)).sort();
  if (!names.includes('index.html')) throw new Error(`${dist} has no index.html: not a web build`);
  linkModules(dist);
  const blank = '-'.repeat(FIELD);
  const files = names.map((name) => {
    const bytes = fs.readFileSync(path.join(dist, name));
    const offsets = fields(bytes);
    if (MUST_CARRY.includes(name) && offsets.length === 0) {
      throw new Error(`${name} has no build-id field (is it from this project's build?)`);
    }
    return { name, bytes, offsets, blankHash: sha256(fill(bytes, offsets, blank)) };
  });
  const lines = files.map((f) => `${f.name} ${f.blankHash}\n`).join('') + `sw.js ${sha256(fill(template, templateFields, blank))}\n`;
  const buildId = sha256(lines).slice(0, FIELD);

  const list = [];
  let bytes = 0, gzipBytes = 0;
  for (const f of files) {
    const stamped = fill(f.bytes, f.offsets, buildId);
    if (f.offsets.length) fs.writeFileSync(path.join(dist, f.name), stamped);
    list.push({ path: f.name, size: stamped.length, sha256: sha256(stamped) });
    bytes += stamped.length;
    gzipBytes += zlib.gzipSync(stamped, { level: 9 }).length;
  }
  const precached = list.filter((f) => !RUNTIME_FILES.includes(f.path) && !AI_PATHS.includes(f.path));
  const runtime = list.filter((f) => RUNTIME_FILES.includes(f.path));
  const listText = '[\n' + precached.map((f) => '  ' + JSON.stringify(f)).join(',\n') + '\n]';
  const runtimeText = '[\n' + runtime.map((f) => '  ' + JSON.stringify(f)).join(',\n') + '\n]';
  // Each build's files in AI_FILES' order (the .wasm last: sw.js takes it as the sign that a
  // cache holds the build); a build missing from the folder is left out.
  const ai = {};
  for (const [build, names] of Object.entries(AI_FILES)) {
    const files = names.map((n) => list.find((f) => f.path === n)).filter(Boolean);
    if (files.length) ai[build] = files;
  }
  const aiText = '{\n' + Object.entries(ai).map(([build, files]) => `  ${build}: [\n` +
    files.map((f) => '    ' + JSON.stringify(f)).join(',\n') + '\n  ]').join(',\n') + '\n}';
  const sw = Buffer.from(fill(template, templateFields, buildId).toString('utf8')
    .replace('/* FILES */ []', () => listText).replace('/* RUNTIME */ []', () => runtimeText)
    .replace('/* AI */ {}', () => aiText));
  fs.writeFileSync(path.join(dist, 'sw.js'), sw);
  bytes += sw.length;
  gzipBytes += zlib.gzipSync(sw, { level: 9 }).length;
  return { buildId, files: list, precached: precached.length, bytes, gzipBytes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  let dist = null;
  let template = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'web', 'sw.js');
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--template') { template = args[++i]; if (!template) usage('--template needs a file'); }
    else if (args[i] === '--help' || args[i] === '-h') usage();
    else if (!dist) dist = args[i];
    else usage(`unexpected argument '${args[i]}'`);
  }
  if (!dist) usage('no build folder given');
  if (!fs.existsSync(dist) || !fs.statSync(dist).isDirectory()) usage(`${dist} is not a folder`);
  try {
    const r = stamp(dist, template);
    console.log(`web-manifest: build ${r.buildId}: ${r.files.length + 1} files, ${Math.round(r.bytes / 1024)} KB, ` +
      `${Math.round(r.gzipBytes / 1024)} KB gzipped (sw.js precaches ${r.precached}, caches ${r.files.length - r.precached} when first used: the explorer's and the AI build a visit uses)`);
  } catch (err) {
    console.error(`web-manifest: ${err.message}`);
    process.exit(1);
  }
}
