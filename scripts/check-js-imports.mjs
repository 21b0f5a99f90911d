// The page's modules import downwards only (issue 33): fails, naming the circle, when a module
// of web/js imports one that imports it back (directly or through others).
//   node scripts/check-js-imports.mjs [DIR]      (scripts/build-web.sh runs it)
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] || path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'web', 'js');
const imports = {};
for (const f of fs.readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  const text = fs.readFileSync(path.join(dir, f), 'utf8');
  imports[f] = [...text.matchAll(/^import\s[^;]*?from\s+'\.\/([\w-]+\.js)';|^import\s+'\.\/([\w-]+\.js)';/gm)].map((m) => m[1] || m[2]);
}
// Depth-first search; a module met again while on the path closes a circle.
const done = new Set();
function visit(f, trail) {
  const at = trail.indexOf(f);
  if (at >= 0) {
    console.error(`check-js-imports: web/js imports in a circle: ${trail.slice(at).concat(f).join(' -> ')}`);
    process.exit(1);
  }
  if (done.has(f)) return;
  for (const g of imports[f] || []) {
    if (!(g in imports)) { console.error(`check-js-imports: ${f} imports ${g}, which is not in ${dir}`); process.exit(1); }
    visit(g, trail.concat(f));
  }
  done.add(f);
}
Object.keys(imports).sort().forEach((f) => visit(f, []));
console.log(`check-js-imports: ${Object.keys(imports).length} modules, no circle`);
