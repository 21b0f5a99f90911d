// Runs the browser suites (each a file of this folder, its own Chromium and its own server on
// a free port) LANES at a time, longest first, and prints each suite's output whole when it
// ends, with its time; then the suites that time the page (offline.mjs: a first visit against
// a repeat one, each a median of seven) alone, as another suite beside them makes those times
// the machine's. Exits non-zero, naming them, if any suite failed.
//   node tests/browser/all.mjs [--lanes N] [suite ...]     (default: every suite, 2 lanes)
// scripts/test.sh runs it: on two cores two lanes took the suites from about 640 s one after
// another to about 400 s (docs/benchmarks.md, "CI time").
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
// Longest first (seconds in a quiet CI run), so that the lanes end together.
const SUITES = [
  ['onegame', 'one game: a phone turned, words in the singular, the graph\'s marks and axis'],
  ['run', 'the game: moves, animation, AI, saves, URL options, embedding'],
  ['layout', '8 sizes, both orientations, English and Japanese, light and dark: no overlap, nothing out of view or cut'],
  ['offline', 'offline and update', { alone: true }],
  ['interface', 'keyboard, screen reader, English and Japanese, themes, frames, axe-core'],
  ['analysis', 'analyze, review, graph, import, export, links, board setup'],
  ['rest', 'a page at rest runs no frames and keeps its main thread under 0.5 % busy in 7 states; an animation, the computer\'s pause and a hover run frames, then stop'],
  ['threads', 'the threaded AI where the page is isolated, the single-thread one elsewhere, the first visit\'s wait for the service worker, stopping, crash, offline'],
  ['history', 'your games: kept after a reload, the panel, review accuracy, export/import, bad collections, storage refused, 10,000 games, en/ja, phones, axe-core'],
  ['faults', 'faults: bad input, a crashed worker, refused storage'],
  ['practice', 'puzzles judged right and wrong, hints, the rating kept, the daily link, drills, errors, offline, en/ja, axe-core'],
  ['explorer', 'the expert games: table, moves, search, replay, offline, errors, axe-core'],
  ['human', 'human players: openings fetched when first chosen, whole games on a phone (ja) and a desktop (en), Your games, rest, faults, offline'],
  ['clock', 'the game clock: the dialog by keyboard, the cards, a reload, low time, a flag fall lost on time and kept, once a second, phone/desktop, en/ja'],
];

const args = process.argv.slice(2);
let lanes = 2;
const only = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--lanes') {
    lanes = Number(args[++i]);
    if (!Number.isInteger(lanes) || lanes < 1) { console.error('all.mjs: --lanes takes a whole number of 1 or more'); process.exit(2); }
  } else if (SUITES.some(([name]) => name === args[i])) only.push(args[i]);
  else { console.error(`all.mjs: no suite '${args[i]}' (suites: ${SUITES.map(([n]) => n).join(', ')})`); process.exit(2); }
}
const chosen = SUITES.filter(([name]) => only.length === 0 || only.includes(name));
const queue = chosen.filter(([, , o]) => !o?.alone);
const alone = chosen.filter(([, , o]) => o?.alone);
const t0 = Date.now();
const seconds = (t) => ((Date.now() - t) / 1000).toFixed(0);
const failed = [];

function runOne([name, what]) {
  return new Promise((resolve) => {
    const start = Date.now();
    const child = spawn(process.execPath, [path.join(here, `${name}.mjs`)], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out = [];
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('close', (code, signal) => {
      console.log(`== browser ${name} tests (${what}): ${code === 0 ? 'passed' : 'FAILED'} in ${seconds(start)} s == [${seconds(t0)} s]`);
      process.stdout.write(Buffer.concat(out));
      if (code !== 0) failed.push(`${name} (${signal || `exit ${code}`})`);
      resolve();
    });
  });
}

async function lane() {
  for (let s = queue.shift(); s; s = queue.shift()) await runOne(s);
}

await Promise.all(Array.from({ length: lanes }, lane));
for (const s of alone) await runOne(s);
if (failed.length) {
  console.error(`browser tests FAILED: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`browser tests: every suite passed, ${lanes} at a time, in ${seconds(t0)} s`);
