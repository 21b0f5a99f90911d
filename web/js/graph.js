// The evaluation graph (#graph, SVG): the value for black after each move (s.graph), drawn
// in the SVG's own pixels (no stretching: text and dots keep their shape at any width).
// - the scale follows the game: +-8, 16, 32 or 64 discs, the smallest that holds every value,
//   labelled at the right; "Black ahead" above the even line, "White ahead" below;
// - black's advantage shaded black, white's white (the board's green behind);
// - exact values: solid line, filled dots; estimates: dashed line, hollow dots;
// - the position shown: a vertical line and a ring; the review's mistakes (s.review.entries,
//   mistake / biggest): red diamonds on the value after each, each a button that shows the position before it (as the
//   review panel's list does); choosing anywhere else shows the position after that move;
// - nothing (the box hidden) until two values exist; a text alternative in aria-label.
import { els } from './dom.js';
import { t, state, api, lang, colorName, signed, subscribe } from './state.js';
import { viewPly, viewLive } from './view.js';

var SVG = 'http://www.w3.org/2000/svg';
var SCALES = [8, 16, 32, 64];
var lastGraphKey = '';
var geometry = null;  // {left, width, span, total}: for the clicks

function svg(parent, name, attrs, text) {
  var e = document.createElementNS(SVG, name);
  Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
  if (text !== undefined) e.textContent = text;
  parent.appendChild(e);
  return e;
}
// The smallest scale that holds every value (a disc difference is at most 64).
export function graphScale(points) {
  var most = points.reduce(function (m, p) { return Math.max(m, Math.abs(p.value)); }, 0);
  for (var i = 0; i < SCALES.length; i++) if (most <= SCALES[i]) return SCALES[i];
  return 64;
}

function updateGraph(s) {
  var points = (s.graph || []).filter(function (p) { return p.value !== null && p.value !== undefined; });
  var total = s.moves ? s.moves.length : 0;
  var shown = s.view === null || s.view === undefined ? total : s.view;
  var entries = (s.review && s.review.entries || []).filter(function (e) { return e.mistake; });
  var g = els.graph;
  var W = Math.round(g.clientWidth) || 600, H = Math.round(g.clientHeight) || 128;
  var key = lang + JSON.stringify(points) + '|' + total + '|' + shown + '|' + W + 'x' + H + '|' +
            entries.map(function (e) { return e.ply + (e.biggest ? '!' : ''); }).join(',');
  if (key === lastGraphKey) return;
  lastGraphKey = key;
  // One value (the final position's, before any review) draws no curve: no graph yet.
  els.graphBox.hidden = points.length < 2;
  g.textContent = '';
  if (points.length < 2) { geometry = null; return; }
  W = Math.round(g.clientWidth) || 600;
  H = Math.round(g.clientHeight) || 128;
  g.setAttribute('viewBox', '0 0 ' + W + ' ' + H);
  g.setAttribute('preserveAspectRatio', 'none');

  var R = graphScale(points);
  var span = Math.max(60, total, points[points.length - 1].ply);
  var band = 15;  // the label rows above and below the plot
  var P = { x: 6, y: band, w: W - 6 - 32, h: H - 2 * band };
  var x = function (ply) { return P.x + P.w * ply / span; };
  var y = function (v) { return P.y + P.h / 2 - Math.max(-R, Math.min(R, v)) * (P.h / 2) / R; };
  var zero = y(0);
  geometry = { left: P.x, width: P.w, span: span, total: total };

  // Labels: the sides, the scale.
  svg(g, 'text', { x: P.x, y: band - 4, class: 'graph-label' }, '\u25b2 ' + t('graph.black_ahead'));
  svg(g, 'text', { x: P.x, y: H - 3, class: 'graph-label' }, '\u25bc ' + t('graph.white_ahead'));
  svg(g, 'text', { x: W - 2, y: P.y + 9, class: 'graph-scale' }, signed(R, 0));
  svg(g, 'text', { x: W - 2, y: zero + 4, class: 'graph-scale' }, '0');
  svg(g, 'text', { x: W - 2, y: P.y + P.h - 2, class: 'graph-scale' }, signed(-R, 0));

  svg(g, 'rect', { x: P.x, y: P.y, width: P.w, height: P.h, rx: 4, class: 'graph-plot' });
  // A line every 10 moves, numbered at its foot inside the plot (the x-axis: move numbers).
  for (var ply = 10; ply < span; ply += 10) {
    svg(g, 'line', { x1: x(ply), y1: P.y, x2: x(ply), y2: P.y + P.h, class: 'graph-grid' });
    svg(g, 'text', { x: x(ply) + 2, y: P.y + P.h - 3, class: 'graph-move-number' }, String(ply));
  }
  [R / 2, -R / 2].forEach(function (v) { svg(g, 'line', { x1: P.x, y1: y(v), x2: P.x + P.w, y2: y(v), class: 'graph-grid' }); });

  // The runs of consecutive values, each shaded down (or up) to the even line, black's
  // side and white's clipped apart.
  var runs = [], run = [];
  points.forEach(function (p, i) {
    if (i > 0 && p.ply !== points[i - 1].ply + 1) { runs.push(run); run = []; }
    run.push(p);
  });
  runs.push(run);
  var defs = svg(g, 'defs', {});
  svg(svg(defs, 'clipPath', { id: 'graph-clip-black' }), 'rect', { x: P.x, y: P.y, width: P.w, height: zero - P.y });
  svg(svg(defs, 'clipPath', { id: 'graph-clip-white' }), 'rect', { x: P.x, y: zero, width: P.w, height: P.y + P.h - zero });
  runs.forEach(function (r) {
    if (r.length < 2) return;
    var area = r.map(function (p) { return x(p.ply) + ',' + y(p.value); });
    area.push(x(r[r.length - 1].ply) + ',' + zero, x(r[0].ply) + ',' + zero);
    svg(g, 'polygon', { points: area.join(' '), class: 'graph-black', 'clip-path': 'url(#graph-clip-black)' });
    svg(g, 'polygon', { points: area.join(' '), class: 'graph-white', 'clip-path': 'url(#graph-clip-white)' });
  });
  svg(g, 'line', { x1: P.x, y1: zero, x2: P.x + P.w, y2: zero, class: 'graph-axis' });
  runs.forEach(function (r) {
    for (var i = 0; i + 1 < r.length; i++) {
      var exact = r[i].exact && r[i + 1].exact;
      svg(g, 'line', { x1: x(r[i].ply), y1: y(r[i].value), x2: x(r[i + 1].ply), y2: y(r[i + 1].value),
                       class: 'graph-line ' + (exact ? 'graph-line-exact' : 'graph-line-estimate') });
    }
  });
  points.forEach(function (p) {
    svg(g, 'circle', { cx: x(p.ply), cy: y(p.value), r: p.exact ? 2.6 : 2.2, class: p.exact ? 'graph-exact' : 'graph-estimate',
                       'data-ply': String(p.ply), 'data-value': String(p.value) });
  });

  // The position shown.
  svg(g, 'line', { x1: x(shown), y1: P.y, x2: x(shown), y2: P.y + P.h, class: 'graph-now-under' });
  svg(g, 'line', { x1: x(shown), y1: P.y, x2: x(shown), y2: P.y + P.h, class: 'graph-now' });
  var here = points.filter(function (p) { return p.ply === shown; })[0];
  if (here) svg(g, 'circle', { cx: x(shown), cy: y(here.value), r: 5, class: 'graph-now-ring' });

  // The review's mistakes: a red mark on the value after each, a button.
  var byPly = {};
  points.forEach(function (p) { byPly[p.ply] = p; });
  entries.forEach(function (e) {
    var p = byPly[e.ply], cx = x(e.ply), cy = p ? y(p.value) : zero, size = e.biggest ? 7 : 5;
    var label = t('page.review.mistake', { n: e.ply, color: colorName(e.color), square: e.square,
                                            loss: signed(e.loss, e.exact ? 0 : 1).replace('+', ''), best: e.best }) +
                (e.biggest ? ' \u2014 ' + t('page.review.biggest') : '');
    var mark = svg(g, 'g', { class: 'graph-mistake' + (e.biggest ? ' graph-biggest' : ''), role: 'button', tabindex: '0',
                             'data-ply': String(e.ply), 'aria-label': label });
    svg(mark, 'title', {}, label);
    svg(mark, 'circle', { cx: cx, cy: cy, r: 11, class: 'graph-hit' });
    // A red diamond on the value (the legend's ◆): not a triangle, which the labels use for
    // the side ahead (▲ black, ▼ white).
    svg(mark, 'polygon', { points: [cx + ',' + (cy - size), (cx + size) + ',' + cy, cx + ',' + (cy + size), (cx - size) + ',' + cy].join(' ') });
    var go = function (ev) { ev.stopPropagation(); ev.preventDefault(); viewPly(e.ply - 1); };
    mark.addEventListener('click', go);
    mark.addEventListener('keydown', function (ev) { if (ev.key === 'Enter' || ev.key === ' ') go(ev); });
  });

  // The text alternative: the last value, the scale and the mistakes.
  var last = points[points.length - 1];
  var summary = [t('page.graph.point', { n: last.ply, value: signed(last.value, last.exact ? 0 : 1) }) +
                 ' (' + t(last.exact ? 'page.graph.exact' : 'page.graph.estimate') + ')',
                 t('page.graph.scale', { n: R })];
  if (entries.length) summary.push(t('page.graph.mistakes', { list: entries.map(function (e) { return e.ply; }).join(', ') }));
  g.setAttribute('role', 'group');
  g.setAttribute('aria-label', t('page.graph.label', { summary: summary.join('; ') }));
  g.dataset.scale = String(R);
  g.dataset.span = String(span);
}

// Choosing a point shows that position.
els.graph.addEventListener('click', function (e) {
  if (!api || !geometry) return;
  var r = els.graph.getBoundingClientRect();
  var px = (e.clientX - r.left) * (Number(els.graph.getAttribute('viewBox').split(' ')[2]) / r.width);
  var s = state(), total = s.moves ? s.moves.length : 0;
  var ply = Math.max(0, Math.min(total, Math.round((px - geometry.left) / geometry.width * geometry.span)));
  if (ply === total) viewLive(); else viewPly(ply);
});
// Drawn again in its new pixels when its width changes.
if (typeof ResizeObserver === 'function') {
  new ResizeObserver(function () { if (api && !els.graphBox.hidden) updateGraph(state()); }).observe(els.graph);
}
subscribe('state', updateGraph);
