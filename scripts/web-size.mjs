#!/usr/bin/env node
// The web download's size: every file of the dist folder (sub-folders too), raw and gzip -9 (what a
// visitor downloads and the service worker caches), in a table; fails (exit 1) when
// the gzipped total is over the budget (issue 13: at most 1,000,000 bytes).
// A first visit downloads the page and ONE of the two AI workers (issue 28, web/js/ai-build.js:
// the threaded one on a cross-origin isolated page, the single-thread one elsewhere): the
// table counts the common files once, then each AI build, and the budget holds for each visit
// (common + that build). The explorer's files come later and are listed apart.
//   node scripts/web-size.mjs [DIST] [--budget BYTES]    DIST default build/web/dist
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { RUNTIME_FILES, AI_FILES, HOST_FILES } from './web-manifest.mjs';

const args = process.argv.slice(2);
let dist = 'build/web/dist';
let budget = 1_000_000;
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--budget') {
    budget = Number(args[++i]);
    if (!Number.isInteger(budget) || budget <= 0) {
      console.error(`web-size: --budget needs a positive whole number of bytes, not '${args[i]}'`);
      process.exit(2);
    }
  } else if (args[i].startsWith('-')) {
    console.error(`web-size: unknown option '${args[i]}' (usage: web-size.mjs [DIST] [--budget BYTES])`);
    process.exit(2);
  } else {
    dist = args[i];
  }
}

// Every file, sub-folders too (js/: the page's modules), as "js/main.js".
const filesUnder = (dir, prefix = '') => readdirSync(join(dir, prefix)).flatMap((n) => {
  const name = prefix ? `${prefix}/${n}` : n;
  const s = statSync(join(dir, name));
  return s.isDirectory() ? filesUnder(dir, name) : s.isFile() ? [name] : [];
});
let names;
try {
  names = filesUnder(dist).filter((n) => !HOST_FILES.includes(n)).sort();
} catch (e) {
  console.error(`web-size: cannot read '${dist}': ${e.message}`);
  process.exit(1);
}
if (names.length === 0) {
  console.error(`web-size: '${dist}' holds no files`);
  process.exit(1);
}

// gzip(1) itself, not node's zlib: its -9 output is the measure (a few KB apart).
const gzipSize = (bytes, name) => {
  const r = spawnSync('gzip', ['-9', '-n', '-c'], { input: bytes, maxBuffer: 1 << 30 });
  if (r.error || r.status !== 0) {
    console.error(`web-size: gzip failed on ${name}: ${r.error ? r.error.message : r.stderr.toString().trim()}`);
    process.exit(1);
  }
  return r.stdout.length;
};
const allRows = names.map((name) => {
  const bytes = readFileSync(join(dist, name));
  return { name, raw: bytes.length, gz: gzipSize(bytes, name) };
});
const AI_PATHS = Object.values(AI_FILES).flat();
const rows = allRows.filter((r) => !RUNTIME_FILES.includes(r.name) && !AI_PATHS.includes(r.name));
rows.sort((a, b) => b.gz - a.gz);
const later = allRows.filter((r) => RUNTIME_FILES.includes(r.name)).sort((a, b) => b.gz - a.gz);
const sum = (list) => list.reduce((t, r) => ({ raw: t.raw + r.raw, gz: t.gz + r.gz }), { raw: 0, gz: 0 });
const total = sum(rows);
const fmt = (n) => n.toLocaleString('en-US');
const width = Math.max(...allRows.map((r) => r.name.length), `first visit, threads build (99 files)`.length);
const line = (name, raw, gz) => `${name.padEnd(width)}  ${fmt(raw).padStart(11)}  ${fmt(gz).padStart(11)}`;
console.log(`${'file'.padEnd(width)}  ${'bytes'.padStart(11)}  ${'gzip -9'.padStart(11)}`);
for (const r of rows) console.log(line(r.name, r.raw, r.gz));
console.log(line(`common files (${rows.length})`, total.raw, total.gz));
const visits = [];
for (const [build, files] of Object.entries(AI_FILES)) {
  const own = allRows.filter((r) => files.includes(r.name));
  if (!own.length) continue;
  console.log(`the ${build} AI build (a visit downloads one of the two):`);
  for (const r of own) console.log(line(r.name, r.raw, r.gz));
  const visit = sum([...rows, ...own]);
  visits.push({ build, gz: visit.gz });
  console.log(line(`first visit, ${build} build (${rows.length + own.length} files)`, visit.raw, visit.gz));
}
if (later.length) {
  console.log(`later, when first used (the explorer, Practice, Your games, installing; not in the first visit's total):`);
  for (const r of later) console.log(line(r.name, r.raw, r.gz));
}
if (!visits.length) visits.push({ build: 'none', gz: total.gz });
let over = false;
for (const v of visits) {
  if (v.gz > budget) {
    console.error(`web-size: a first visit with the ${v.build} AI build is ${fmt(v.gz)} bytes gzipped, over the budget of ${fmt(budget)}`);
    over = true;
  }
}
if (over) process.exit(1);
console.log(`web-size: first visit ${visits.map((v) => `${fmt(v.gz)} (${v.build})`).join(', ')} of ${fmt(budget)} bytes gzipped`);
