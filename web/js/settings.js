// The settings and the page's preferences: the language, the theme, the sound of the
// stones, the animation speed, the markers (the Settings dialog and the language button),
// (the preferences themselves are kept by storage.js).
import { els } from './dom.js';
import { t, LANGS, api, currentOptions, lang, translatePage, useLang, subscribe, publish, publishState } from './state.js';
import { announce } from './messages.js';
import { prefs, savePrefs } from './storage.js';

// ---- the language ------------------------------------------------------------------------------
// remember: the player chose it (kept in the preferences).
export function setLanguage(next, remember) {
  if (LANGS.indexOf(next) < 0 || (next === lang && !remember)) return;
  useLang(next);
  if (remember) { prefs.lang = lang; savePrefs(); }
  translatePage();
  if (api) {
    api.setOptions('lang=' + lang, 0);
    publish('language');  // texts built in code (the players' list, the grid's names, the notes)
    publishState();
  }
  announce(t('page.announce.lang'));
}
els.language.addEventListener('change', function () { setLanguage(els.language.value, true); });
els.lang.addEventListener('click', function () { setLanguage(lang === 'ja' ? 'en' : 'ja', true); });

// ---- theme ----------------------------------------------------------------------------------
// html[data-theme] is always the theme in use (style.css has one dark block): the player's
// choice, or the system's (followed as it changes).
export function applyTheme() {
  var theme = prefs.theme === 'light' || prefs.theme === 'dark' ? prefs.theme : 'system';
  Array.prototype.forEach.call(document.querySelectorAll('input[name="theme"]'), function (r) { r.checked = r.value === theme; });
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-theme', dark ? 'dark' : 'light');
  var meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', dark ? '#10201a' : '#f3f2ec');
}
Array.prototype.forEach.call(document.querySelectorAll('input[name="theme"]'), function (r) {
  r.addEventListener('change', function () { if (r.checked) { prefs.theme = r.value; savePrefs(); applyTheme(); } });
});

subscribe('program:move', function (e) { playMoveSound(e.flips || 0); });

// ---- sound: a soft click for a placed stone and one for each turned stone -----------------
// Made with Web Audio (a short filtered noise burst), scheduled ahead on the audio clock:
// it never waits for anything and never delays a move.
var audio = null;
function soundOn() { return prefs.sound !== false; }
function audioContext() {
  if (audio || !soundOn()) return audio;
  var AC = window.AudioContext || window.webkitAudioContext;
  if (!AC) return null;
  try { audio = new AC(); } catch (e) { audio = null; }
  return audio;
}
function click(at, loud) {
  var ctx = audio;
  if (!ctx) return;
  var length = Math.floor(ctx.sampleRate * 0.03);
  var buffer = ctx.createBuffer(1, length, ctx.sampleRate);
  var data = buffer.getChannelData(0);
  for (var i = 0; i < length; i++) data[i] = (Math.random() * 2 - 1) * Math.pow(1 - i / length, 4);
  var source = ctx.createBufferSource();
  source.buffer = buffer;
  var filter = ctx.createBiquadFilter();
  filter.type = 'lowpass';
  filter.frequency.value = loud ? 2200 : 1500;
  var gain = ctx.createGain();
  gain.gain.value = loud ? 0.5 : 0.25;
  source.connect(filter); filter.connect(gain); gain.connect(ctx.destination);
  source.start(at);
}
function playMoveSound(flips) {
  if (!soundOn() || !audioContext() || audio.state === 'suspended') return;
  var now = audio.currentTime + 0.01;
  click(now, true);
  var ms = currentFlipMs();
  for (var i = 1; i <= flips && i <= 24; i++) click(now + (ms > 0 ? i * ms / 1000 : 0.05), false);
}
// Browsers let a page start audio only after a gesture.
['pointerdown', 'keydown'].forEach(function (type) {
  document.addEventListener(type, function () {
    if (soundOn() && audioContext() && audio.state === 'suspended') audio.resume().catch(function () {});
  }, true);
});
els.sound.addEventListener('change', function () { prefs.sound = els.sound.checked; savePrefs(); });

// ---- the program's settings: speed, markers, the last move ----------------------------------------
var SPEED_NAMES = { '0': 'instant', '110': 'fast', '200': 'normal', '400': 'slow' };
function currentFlipMs() {
  var sp = currentOptions().speed;
  var named = { instant: 0, fast: 110, normal: 200, slow: 400 };
  return sp in named ? named[sp] : (parseInt(sp, 10) || 0);
}
els.speed.addEventListener('change', function () {
  prefs.speedChosen = true; savePrefs();
  if (api) api.setOptions('speed=' + encodeURIComponent(els.speed.value), 0);
});
els.markers.addEventListener('change', function () {
  if (api) api.setOptions('markers=' + (els.markers.checked ? 'on' : 'off'), 0);
});
els.lastmove.addEventListener('change', function () {
  if (api) api.setOptions('lastmove=' + (els.lastmove.checked ? 'on' : 'off'), 0);
});
// The Settings dialog shows the program's options o.
function syncSettings(o) {
  var speed = SPEED_NAMES[o.speed] || o.speed;
  if (speed) {
    if (!Array.prototype.some.call(els.speed.options, function (op) { return op.value === speed; })) {
      var custom = document.createElement('option');
      custom.value = speed;
      custom.textContent = /^\d+$/.test(speed) ? t('page.speed.ms', { n: speed }) : speed;
      els.speed.appendChild(custom);
    }
    els.speed.value = speed;
  }
  els.markers.checked = o.markers !== 'off';
  els.lastmove.checked = o.lastmove !== 'off';
  els.sound.checked = soundOn();
}
subscribe('options', syncSettings);
