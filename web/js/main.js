// The page around the game (index.html loads this module; no bundler): loads the
// WebAssembly program (game.js, which starts the AI worker ai-worker.js), keeps the
// canvas sized, runs the HTML interface, announces what happens, speaks English or
// Japanese (the catalog in i18n.js, made from assets/i18n/*.json), stores the game and
// the page's preferences in localStorage and offers window.reversi to scripts (README:
// "Embedding and the JavaScript API"). The canvas draws only the board: every other
// text is here. One module per part of the page, all in this folder (web/js/: the build
// copies the folder whole and the service worker caches every file of the build). They
// import downwards only (issue 33): the bottom is the page's elements and the program's
// state, which the program's events update and the panels subscribe to; no panel imports
// another (scripts/build-web.sh checks that no module imports one that imports it back).
// The bottom:
//   dom.js       the page's elements, focus on the board, the dialogs (imports nothing)
//   state.js     what all share: the program's functions, reversi.ready and window.reversi's
//                object, the events, the state and its topics (subscribe/publish), the URL
//                options, the language and t(), texts made from the state
//   messages.js  errors, notes, the live region
//   storage.js   the saved game and the preferences in localStorage
//   players.js   the players and their names
//   view.js      showing an earlier position
//   ai-build.js  which AI worker runs: threaded (cross-origin isolated) or single-thread
//   program.js   the WebAssembly program; its events become the page's and the topics
// The panels, each subscribed to the state and the topics it shows:
//   status.js    the cards and the status line
//   clock.js     the game clock: the cards' clocks, the New game dialog's time control, its notices
//   grid.js      the board grid (keyboard, screen reader)
//   toolbar.js   the toolbar, the New game dialog, the welcome card, the shortcuts
//   moves.js     the move list and the bar for an earlier position
//   analysis.js  the analysis, the review
//   graph.js     the evaluation graph
//   transfer.js  import, export, links, board setup
//   settings.js  settings, theme, sound, language
//   explorer.js  the opening explorer (its own worker, loaded when first opened)
//   practice.js  Practice: puzzles, the rating, the daily puzzle, drills, the trainer
//   history.js   your games kept (IndexedDB) as the program tells them; export, import
//   history-panel.js  Your games: the list, the filters, the results per level (loaded
//                the first time it is opened, below: not part of the first visit)
// The top: api.js (window.reversi's game functions) and this module.
// Each module only declares and wires its elements' events when it loads; what runs at
// start is below, in order, once every module is there. Every module is imported here, so
// the browser asks for all of them at once, right after this one (scripts/build-web.sh
// checks that none is missing).
import { layout, translatePage, chooseLang, reversi, api } from './state.js';
import { $, isShortcut } from './dom.js';
import { startProgram } from './program.js';
import './status.js';
import './clock.js';
import './grid.js';
import './toolbar.js';
import './moves.js';
import './analysis.js';
import './graph.js';
import './transfer.js';
import './explorer.js';
import './practice.js';
import './history.js';
import { applyTheme } from './settings.js';
import { prefs } from './storage.js';
import './players.js';
import './view.js';
import './ai-build.js';
import './messages.js';
import './api.js';

if (layout === 'compact') document.documentElement.classList.add('compact');
chooseLang(prefs.lang);
translatePage();
applyTheme();
if (window.matchMedia) {
  var schemeQuery = matchMedia('(prefers-color-scheme: dark)');
  if (schemeQuery.addEventListener) schemeQuery.addEventListener('change', applyTheme);
}
startProgram();
window.reversi = reversi;

// Your games: the panel's code is fetched the first time it is opened (button or G).
var historyPanel = null;
function toggleHistory() {
  if (!api) return;
  if (!historyPanel) historyPanel = import('./history-panel.js');
  historyPanel.then(function (m) { return m.toggle(); }).catch(function (err) { console.error(err); historyPanel = null; });
}
$('history-open').addEventListener('click', toggleHistory);
document.addEventListener('keydown', function (e) {
  if (!api || !isShortcut(e)) return;
  if (e.key === 'g' || e.key === 'G') { toggleHistory(); e.preventDefault(); }
});
