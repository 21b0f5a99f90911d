// The players the program offers (reversi.players()) and how the page names them: the long
// name for the New game dialog, the short one for the cards; and who plays which colour,
// read from the program's options.
import { t, tCount, api, subscribe, downloadToProgram } from './state.js';

// The players the program offers (reversi.players()) and their names on the page: the
// long one in the New game dialog's list, the short one on the cards; and who plays
// which colour, read from the program's options.
var players = [];
// Read from the program once it runs (the names do not change; the labels follow the language).
export function loadPlayers() { players = JSON.parse(api.players()); return players; }
// "Level 6 — looks 6 moves ahead, solves the last 12 squares"; "Human 2100 — plays like a
// 2100-rated club player"; classic programs by role.
export function playerLabel(p) {
  if (p.rating) return t('panel.human', { rating: p.rating }) + ' \u2014 ' + t('page.human_desc', { rating: p.rating });
  if (p.level) {
    var desc = p.depth >= 60 ? t('page.level_desc_deep', { seconds: Math.round(p.webMs / 100) / 10, exact: p.exact })
                             : tCount('page.level_desc', p.depth, { depth: p.depth, exact: p.exact });
    return t('page.level', { n: p.level }) + ' \u2014 ' + desc;
  }
  var key = 'page.player.' + p.name.replace(/-/g, '_');
  var text = t(key);
  return text === key ? p.name : text;
}
// "Lv 6" (the cards; the New game dialog has the long names), or the classic program's name.
export function playerShort(name) {
  var p = players.filter(function (x) { return x.name === name; })[0];
  if (!p) return name;
  if (p.level) return t('page.level_short', { n: p.level });
  return playerLabel(p).split(' \u2014 ')[0];
}
// The full description of a computer player for the seat's title ('' for people).
export function seatTitle(o, color) {
  if (o[color] === 'human') return '';
  var p = players.filter(function (x) { return x.name === (o[color] || ''); })[0];
  return p ? playerLabel(p) : '';
}
// Who plays, from the program's options: 'black' | 'white' | 'both' | 'none' (the colours
// people play), and the computer opponent's name ('' when none).
export function colorMode(o) {
  return o.color || (o.black === 'human' ? (o.white === 'human' ? 'both' : 'black')
                                         : (o.white === 'human' ? 'white' : 'none'));
}
export function opponentOf(o) {
  var opp = o.opponent || (o.white && o.white !== 'human' ? o.white : o.black);
  return opp && opp !== 'human' ? opp : '';
}
// The name on a colour's card: "You", "Player" (two people) or the computer's short name.
// A kept game opened again (getState().kept): who played each side, as the desktop's cards say it
// (kept_side_name in renderer_panel.cpp): the computer player, "you" facing it, a name a file
// gave, else the plain "Player".
export function keptName(kept, color) {
  var side = kept[color], other = kept[color === 'black' ? 'white' : 'black'];
  if (side.computer) return playerShort(side.name);
  if (side.name) return side.name;
  return other.computer ? t('page.you') : t('page.player');
}
export function seatName(o, color) {
  return o[color] === 'human' ? (o.black === 'human' && o.white === 'human' ? t('page.player') : t('page.you'))
                              : playerShort(o[color] || '');
}

// ---- the human players' openings ---------------------------------------------------------------
// A human player (p.data: 'human-openings.bin', 187 KB, 127 KB gzipped) needs the openings people
// played, downloaded the first time one is chosen (not on a first visit: scripts/web-size.mjs),
// then kept by the service worker (offline play). The program's AI worker reads them
// (core/human_openings); the page only carries the bytes. A game whose computer player waits for
// them (a URL's opponent, reversi.newGame, a restored game) asks for them itself.
export function needsData(name) {
  return players.some(function (p) { return p.name === name && !!p.data; });
}
var openings = null;  // a promise while or once loaded; null again after a failure (a retry may work)
var settle = null;    // its resolve/reject while the program reads the file
function openingsFailed(why) {
  var reason = String(why).replace(/\.$/, ''), error = new Error(t('page.human.failed', { reason: reason }));
  error.reason = reason;
  return error;
}
export function loadHumanOpenings() {
  if (openings) return openings;
  if (!api) return Promise.reject(new Error('Reversi is still loading: wait for reversi.ready'));
  if (api.humanOpeningsState() === 2) return (openings = Promise.resolve());
  openings = new Promise(function (resolve, reject) {
    // The worker's reading of them comes back as the event below.
    downloadToProgram('human-openings.bin', function (at, size) { settle = { resolve: resolve, reject: reject }; api.humanOpenings(at, size); },
                      openingsFailed, 'page.human.http', 'page.human.network').catch(reject);
  });
  openings.catch(function (err) {
    openings = null;
    settle = null;
    if (api) api.humanOpeningsFailed(err.message.replace(/[.\u3002]$/, ''));  // a move waiting for them fails, with Retry
  });
  return openings;
}
// A game that started waiting for them before the page listened (a URL's opponent, a restored game).
subscribe('started', function () { if (api.humanOpeningsState() === 1) loadHumanOpenings().catch(function () {}); });
subscribe('program:human-openings', function (event) {
  if (event.need) { loadHumanOpenings().catch(function () {}); return; }
  var s = settle;
  settle = null;
  if (!s) return;
  if (event.error) s.reject(openingsFailed(event.error)); else s.resolve();
});
