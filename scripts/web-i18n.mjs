// Writes the page's copy of the catalog: DIST/i18n.js, `window.REVERSI_I18N = {en: {...},
// ja: {...}}`, from assets/i18n/<lang>.json, the one catalog per language that the game
// (src/ui/text.cpp) reads too. Checks that every language has the same keys and that
// each text keeps the English one's {placeholders}; fails (exit 1) naming what is wrong.
//   node scripts/web-i18n.mjs DIST
// Run by the web build (src/platform/web.cmake).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = process.argv[2];
if (!dist) { console.error('usage: node scripts/web-i18n.mjs DIST'); process.exit(2); }
const LANGS = ['en', 'ja'];
const catalog = {};
for (const lang of LANGS) {
  const file = path.join(root, 'assets', 'i18n', `${lang}.json`);
  try { catalog[lang] = fs.existsSync(file) || !fs.existsSync(path.join(root, 'web', 'page-strings.json')) ? JSON.parse(fs.readFileSync(file, 'utf8')) : {}; } catch (e) {
    console.error(`web-i18n: ${path.relative(root, file)}: ${e.message}`); process.exit(1);
  }
}
// The page's texts not yet merged into the catalog files (while both are being written).
const extra = path.join(root, 'web', 'page-strings.json');
if (fs.existsSync(extra)) {
  const more = JSON.parse(fs.readFileSync(extra, 'utf8'));
  for (const lang of LANGS) catalog[lang] = { ...more[lang], ...catalog[lang] };
}
const problems = [];
const placeholders = (s) => (String(s).match(/\{\w+\}/g) || []).sort().join(' ');
for (const lang of LANGS.slice(1)) {
  for (const key of Object.keys(catalog.en)) {
    if (!(key in catalog[lang])) problems.push(`${lang}: '${key}' is missing`);
    else if (placeholders(catalog.en[key]) !== placeholders(catalog[lang][key]))
      problems.push(`${lang}: '${key}' has ${placeholders(catalog[lang][key]) || 'no placeholders'}, English ${placeholders(catalog.en[key])}`);
  }
  for (const key of Object.keys(catalog[lang])) if (!(key in catalog.en)) problems.push(`${lang}: '${key}' is not in en`);
}
if (problems.length) { console.error('web-i18n:\n  ' + problems.join('\n  ')); process.exit(1); }
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(path.join(dist, 'i18n.js'),
  '// The catalog (assets/i18n/*.json), written by scripts/web-i18n.mjs.\nwindow.REVERSI_I18N = ' +
  JSON.stringify(catalog) + ';\n');
console.log(`web-i18n: ${Object.keys(catalog.en).length} texts in ${LANGS.join(', ')}`);
