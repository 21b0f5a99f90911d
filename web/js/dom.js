// The page's elements (index.html) by role, and the small DOM helpers the panels share.
// Imports nothing: every module may use it while the others are still loading.
export var $ = function (id) { return document.getElementById(id); };

export var els = {
  app: $('app'), error: $('error'), notice: $('notice'), canvas: $('canvas'), loading: $('loading'),
  stage: $('stage'), grid: $('grid'), status: $('status'), live: $('live'),
  cards: { black: $('card-black'), white: $('card-white') },
  seats: { black: $('seat-black'), white: $('seat-white') },
  counts: { black: $('count-black'), white: $('count-white') },
  lang: $('lang'), newGame: $('new'), undo: $('undo'), redo: $('redo'), hint: $('hint'),
  settings: $('settings'), help: $('help'),
  welcome: $('welcome'), welcomeMore: $('welcome-more'), welcomeOk: $('welcome-ok'),
  moves: $('moves'), noMoves: $('no-moves'), review: $('review'), reviewText: $('review-text'),
  reviewPrev: $('review-prev'), reviewNext: $('review-next'), reviewLive: $('review-live'),
  newDialog: $('new-dialog'), newForm: $('new-form'), opponent: $('opponent'), engineName: $('engine-name'),
  newNote: $('new-note'),
  settingsDialog: $('settings-dialog'), speed: $('speed'), markers: $('markers'), lastmove: $('lastmove'),
  sound: $('sound'), language: $('language'), aiThreads: $('ai-threads'), aiBuild: $('ai-build'),
  helpDialog: $('help-dialog'),
  analyse: $('analyse'), reviewStart: $('review-start'), transfer: $('transfer'),
  reviewPanel: $('review-panel'), reviewRunning: $('review-running'), reviewProgress: $('review-progress'),
  reviewCancel: $('review-cancel'), reviewSummary: $('review-summary'), mistakes: $('mistakes'),
  reviewClose: $('review-close'), graphBox: $('graph-box'), graph: $('graph'),
  transferDialog: $('transfer-dialog'), importText: $('import-text'), importError: $('import-error'),
  importLoad: $('import-load'), setupOpen: $('setup-open'), copyStatus: $('copy-status'),
  exportTranscript: $('export-transcript'), exportGgf: $('export-ggf'), exportBoard: $('export-board'),
  exportLink: $('export-link'),
  setupDialog: $('setup-dialog'), setupForm: $('setup-form'), setupBoard: $('setup-board'), setupCount: $('setup-count'),
  setupClear: $('setup-clear'), setupInitial: $('setup-initial'), setupCurrent: $('setup-current'),
  setupError: $('setup-error')
};

// The checked one of a group of radio buttons (a form's elements[name]), or undefined.
export function checkedRadio(group) {
  return Array.prototype.filter.call(group, function (r) { return r.checked; })[0];
}

// Squares by index, a1 = 0 .. h8 = 63 (row * 8 + column), as the program names them.
var FILES = 'abcdefgh';
export function squareName(i) { return FILES.charAt(i % 8) + (Math.floor(i / 8) + 1); }
// A panel beside the game just opened (the explorer, practice): the first-visit card above it
// steps aside for this visit (it would push the panel below the fold; it comes back on the next
// visit until dismissed), and the panel is scrolled into view: on a phone it opens below the
// board and the toolbar, where a tap on its button would otherwise show nothing.
export function bringPanelIntoView(panel) {
  $('welcome').hidden = true;
  requestAnimationFrame(function () { panel.scrollIntoView({ block: 'nearest' }); });
}
