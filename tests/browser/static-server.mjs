// A tiny static file server for build/web/dist (the browser test and
// scripts/serve-web.sh). Serves GET/HEAD only, inside its root, bound to
// 127.0.0.1, with the MIME types the page needs. No special headers by default (the
// page must work on any plain static host); with { isolate: true } (--isolate) every
// response also carries the two headers that make the page cross-origin isolated, so
// that it runs the threaded AI (issue 28).
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm', '.json': 'application/json', '.png': 'image/png',
  '.svg': 'image/svg+xml', '.ttf': 'font/ttf', '.data': 'application/octet-stream',
  '.txt': 'text/plain; charset=utf-8', '.ico': 'image/x-icon', '.webmanifest': 'application/manifest+json',
};

export const ISOLATION_HEADERS = {
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Embedder-Policy': 'require-corp',
};

// Starts serving `root`; resolves to {server, port, url, close()}. port 0 = any free port.
// log: an array that gets the path of every file served (tests count downloads).
export function serve(root, port = 0, host = '127.0.0.1', { isolate = false, log = null } = {}) {
  const base = path.resolve(root);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' }).end();
      return;
    }
    let pathname;
    try { pathname = decodeURIComponent(new URL(req.url, 'http://x').pathname); } catch {
      res.writeHead(400).end('bad request');
      return;
    }
    let file = path.join(base, pathname);
    if (file !== base && !file.startsWith(base + path.sep)) { res.writeHead(403).end('forbidden'); return; }
    if (pathname.endsWith('/')) file = path.join(file, 'index.html');
    fs.stat(file, (err, st) => {
      if (err || !st.isFile()) { res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found'); return; }
      res.writeHead(200, {
        'Content-Type': TYPES[path.extname(file).toLowerCase()] || 'application/octet-stream',
        'Content-Length': st.size,
        'Cache-Control': 'no-cache',
        ...(isolate ? ISOLATION_HEADERS : {}),
      });
      if (req.method === 'HEAD') { res.end(); return; }
      if (log) log.push(pathname);
      fs.createReadStream(file).pipe(res);
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const actual = server.address().port;
      resolve({
        server, port: actual, url: `http://${host}:${actual}/`,
        close: () => new Promise((r) => { server.closeAllConnections?.(); server.close(() => r()); }),
      });
    });
  });
}

// node static-server.mjs [--isolate] <root> [port]
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const isolate = args[0] === '--isolate';
  if (isolate) args.shift();
  const root = args[0];
  const port = Number(args[1] || 8080);
  if (!root || !fs.existsSync(path.join(root, 'index.html'))) {
    console.error(`static-server: ${root || '(no folder given)'} has no index.html: build it first (scripts/build-web.sh)`);
    process.exit(1);
  }
  serve(root, port, '127.0.0.1', { isolate }).then((s) => {
    console.log(`Serving ${path.resolve(root)} on ${s.url}${isolate ? ' (cross-origin isolated: COOP/COEP)' : ''}  (Ctrl+C stops)`);
    const stop = () => s.close().then(() => process.exit(0));
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  }, (err) => {
    console.error(`static-server: cannot listen on 127.0.0.1:${port}: ${err.message}`);
    process.exit(1);
  });
}
