// The game clock on the page (issue 45 part 5): the cards' clocks, the New game dialog's
// time control, the screen reader's clock notices and the key that reads the clocks. Every
// rule is the program's (core/game_clock, the controller): the page shows state.clock's
// texts (the time left, the running one, low time, a fallen flag, the notices, the summary)
// and feeds nothing but its requests; the clock runs on the program's time (update(now)).
import { els, isShortcut } from './dom.js';
import { t, api, state, subscribe } from './state.js';
import { announce } from './messages.js';

// ---- the cards ------------------------------------------------------------------------------------
var lastNotice = null;  // the notice id seen (null: not yet: a reload says nothing old)
function render(s) {
  var c = s.clock;
  ['black', 'white'].forEach(function (color) {
    var el = els.clocks[color];
    els.cards[color].classList.toggle('has-clock', !!c);
    el.hidden = !c;
    if (!c) return;
    var side = c[color];
    if (el.textContent !== side.text) el.textContent = side.text;
    el.classList.toggle('running', c.running === color);
    el.classList.toggle('low', side.low && c.flag !== color);
    el.classList.toggle('flag', c.flag === color);
    el.setAttribute('aria-label', t(c.flag === color ? 'page.clock.card_flag' : 'page.clock.card', { time: side.text }));
  });
  // The program's notices (under a minute, under 10 s, a flag fall), each once.
  var id = c ? c.notice.id : 0;
  if (lastNotice !== null && id > lastNotice && c.notice.text) announce(c.notice.text);
  lastNotice = id;
}
subscribe('state', render);

// ---- the New game dialog ---------------------------------------------------------------------------
function syncIncrement() { els.clockIncrement.disabled = els.clockMinutes.value === 'none'; }
els.clockMinutes.addEventListener('change', syncIncrement);
// The dialog shows the options' time control (o.clock: "5+2", absent: none).
subscribe('options', function (o) {
  var parts = (o.clock || 'none').split('+');
  var has = function (select, v) { return Array.prototype.some.call(select.options, function (x) { return x.value === v; }); };
  els.clockMinutes.value = has(els.clockMinutes, parts[0]) ? parts[0] : 'none';
  els.clockIncrement.value = has(els.clockIncrement, parts[1] || '0') ? (parts[1] || '0') : '0';
  syncIncrement();
});

// ---- the key: T reads the time left ---------------------------------------------------------------
document.addEventListener('keydown', function (e) {
  if (!api || !isShortcut(e, true) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key !== 't' && e.key !== 'T') return;
  var s = state();
  announce(s.clock ? s.clock.summary : t('clock.none'));
  e.preventDefault();
});
