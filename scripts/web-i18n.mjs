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
  try { catalog[lang] = JSON.parse(fs.readFileSync(file, 'utf8')); } catch (e) {
    console.error(`web-i18n: ${path.relative(root, file)}: ${e.message}`); process.exit(1);
  }
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
// Every key the page names: data-i18n / data-i18n-label in index.html, and each 'page.…' or
// 'color.…' literal in the page's modules, web/js/*.js (keys made at run time, such as
// 'page.player.' + name, fall back to the name itself).
const html = fs.readFileSync(path.join(root, 'web', 'index.html'), 'utf8');
const modules = path.join(root, 'web', 'js');
const js = fs.readdirSync(modules).filter((f) => f.endsWith('.js')).sort()
  .map((f) => fs.readFileSync(path.join(modules, f), 'utf8')).join('\n');
const used = new Set([...html.matchAll(/data-i18n(?:-label)?="([^"]+)"/g)].map((m) => m[1])
  .concat([...js.matchAll(/'((?:page|color)\.[a-z0-9_.-]*[a-z0-9_])'/g)].map((m) => m[1])));
for (const key of used) if (!(key in catalog.en)) problems.push(`the page uses '${key}', which is not in the catalog`);
if (problems.length) { console.error('web-i18n:\n  ' + problems.join('\n  ')); process.exit(1); }
fs.mkdirSync(dist, { recursive: true });
fs.writeFileSync(path.join(dist, 'i18n.js'),
  '// The catalog (assets/i18n/*.json), written by scripts/web-i18n.mjs.\nwindow.REVERSI_I18N = ' +
  JSON.stringify(catalog) + ';\n');
console.log(`web-i18n: ${Object.keys(catalog.en).length} texts in ${LANGS.join(", ")}, ${used.size} named by the page`);
