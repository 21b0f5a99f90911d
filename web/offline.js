// Offline play and safe updates (web/README.md, "Offline and updates"). Registers the
// service worker sw.js, which keeps the whole build in a cache; when a new version has
// been downloaded, says "A new version is ready." with a Reload button; the click saves
// the game, lets the new version take over and reloads. Adds to window.reversi:
//   reversi.buildId     this page's build id (null in a build not stamped)
//   reversi.build()     Promise of {page, game, worker}: the build ids the page, the game
//                       (game.wasm) and its AI worker (ai-worker.wasm) report
//   reversi.offline     {status(), checkForUpdate(), applyUpdate()}
// Registers only in a top-level window over http(s) where service workers exist: in an
// iframe, with service workers disabled or on a plain-http host the game works as before
// (from the network) and a console note says why there is no offline copy.
(function () {
  'use strict';

  // Written by scripts/web-manifest.mjs: the hash of the build's files.
  var BUILD_ID = 'reversi-build-id:----------------'.slice(17);
  var stamped = /^[0-9a-f]{16}$/.test(BUILD_ID);
  var reversi = window.reversi;
  if (!reversi) return;
  var sw = ('serviceWorker' in navigator) ? navigator.serviceWorker : null;

  var info = { state: 'starting', reason: '', buildId: stamped ? BUILD_ID : null, update: null };
  var registration = null;
  var banner = null;
  var reloading = false;

  function note(text) { console.info('Reversi offline: ' + text); }
  function setState(state, reason) {
    info.state = state;
    info.reason = reason || '';
    if (reason) note(reason);
  }

  // ---- build ids ---------------------------------------------------------------------------
  // Calls fn once the AI worker's program runs (it reports its build id: build-id-game.js), at
  // once if it has; no timer polls for it (issue 44).
  function whenWorkerRuns(fn) {
    var M = window.Module || {};
    if (M.workerBuildId) { fn(); return; }
    (M.onWorkerBuildId = M.onWorkerBuildId || []).push(fn);
  }
  reversi.buildId = info.buildId;
  reversi.build = function () {
    return reversi.ready.then(function () {
      var M = window.Module || {};
      var game = typeof M._reversi_build_id === 'function' ? M.UTF8ToString(M._reversi_build_id()) : null;
      // The worker reports once its program runs (build-id-worker.js, build-id-game.js).
      return new Promise(function (resolve) {
        var done = false;
        var answer = function () {
          if (done) return;
          done = true;
          clearTimeout(timer);
          resolve({ page: info.buildId, game: game, worker: M.workerBuildId || null });
        };
        var timer = setTimeout(answer, 15000);  // a worker that never runs: none
        whenWorkerRuns(answer);
      });
    });
  };

  // ---- the update notice -----------------------------------------------------------------------
  function showUpdate() {
    if (banner) { banner.hidden = false; return; }
    banner = document.createElement('div');
    banner.id = 'update';
    banner.className = 'banner update';
    banner.setAttribute('role', 'status');
    var text = document.createElement('span');
    text.textContent = 'A new version is ready. ';
    var button = document.createElement('button');
    button.type = 'button';
    button.textContent = 'Reload';
    button.setAttribute('aria-label', 'Reload to use the new version (the game in progress is kept)');
    button.addEventListener('click', function () { applyUpdate(); });
    banner.appendChild(text);
    banner.appendChild(button);
    var app = document.getElementById('app') || document.body;
    app.insertBefore(banner, app.firstChild);
    // A live region added with its text is not always read out: say it in the page's
    // existing one (index.html's #live) as well.
    var live = document.getElementById('live');
    if (live) {
      live.textContent = '';
      setTimeout(function () { live.textContent = 'A new version is ready. The Reload button at the top of the page loads it; your game is kept.'; }, 30);
    }
  }

  // Reloads once. keep: save this page's game first (the page that asked for the
  // update; js/program.js saves it after every change anyway). Other tabs reloaded by the
  // switch do not, so the game of the tab where Reload was clicked is the one kept.
  function reload(keep) {
    if (reloading) return;
    reloading = true;
    if (keep) {
      try { if (typeof reversi.persist === 'function') reversi.persist(); } catch (e) { /* reload anyway */ }
    }
    window.location.reload();
  }

  function applyUpdate() {
    var waiting = registration && registration.waiting;
    if (!waiting) { reload(true); return; }
    info.state = 'updating';
    try { if (typeof reversi.persist === 'function') reversi.persist(); } catch (e) { /* saved after each change anyway */ }
    // The new version takes over; 'controllerchange' below then reloads this page
    // (and every other open page of the old version).
    waiting.postMessage({ type: 'skip-waiting' });
    setTimeout(function () { reload(true); }, 4000);  // should the switch not come
  }

  function offer(worker) {
    info.update = 'ready';
    setState('update-ready');
    showUpdate();
    // Saves the new version's build id for reversi.offline.status().
    ask(worker).then(function (build) { if (build) info.update = build.buildId; });
  }

  // Asks a service worker which build it holds.
  function ask(worker) {
    return new Promise(function (resolve) {
      if (!worker) { resolve(null); return; }
      var channel = new MessageChannel();
      var timer = setTimeout(function () { resolve(null); }, 3000);
      channel.port1.onmessage = function (e) { clearTimeout(timer); resolve(e.data); };
      try { worker.postMessage({ type: 'build' }, [channel.port2]); } catch (e) { clearTimeout(timer); resolve(null); }
    });
  }

  // The AI worker this page runs (js/ai-build.js) is kept for offline play; it may have been
  // fetched before the service worker took over. Asked once the worker's program runs (its
  // files, its threads' too, are fetched by then), so that the service worker does not
  // download what the worker is still fetching through it.
  function keepAi(worker) {
    whenWorkerRuns(function () {
      var url = String((window.Module && window.Module.reversiAiUrl) || 'ai-worker.js');
      try { worker.postMessage({ type: 'keep-ai', build: url.indexOf('ai-worker-threads') === 0 ? 'threads' : 'single' }); } catch (e) { /* kept when next fetched */ }
    });
  }

  function watch(reg) {
    if (!reg) { setState('failed', 'the service worker could not be registered'); return; }
    registration = reg;
    if (reg.waiting && sw.controller) offer(reg.waiting);
    reg.addEventListener('updatefound', function () {
      var installing = reg.installing;
      if (!installing) return;
      installing.addEventListener('statechange', function () {
        // With a controller this is an update; without one, the first install.
        if (installing.state === 'installed' && sw.controller) offer(installing);
      });
    });
    sw.ready.then(function (ready) {
      keepAi(ready.active);
      return ask(ready.active);
    }).then(function (build) {
      if (info.state === 'update-ready' || info.state === 'updating') return;
      if (build && build.buildId === BUILD_ID) setState('ready');
      else setState('other-build', 'the service worker holds build ' + (build && build.buildId) + ', this page is ' + BUILD_ID);
    });
    // Long-open pages look for a new version now and then.
    setInterval(function () { reg.update().catch(function () {}); }, 60 * 60 * 1000);
  }

  function register() {
    if (!stamped) { setState('unsupported', 'not a stamped build (run scripts/build-web.sh): no service worker'); return; }
    var top = false;
    try { top = window.top === window.self; } catch (e) { top = false; }
    if (!top) { setState('unsupported', 'inside a frame: the game runs from the network, no offline copy'); return; }
    if (!/^https?:$/.test(location.protocol)) { setState('unsupported', 'not served over http(s): no offline copy'); return; }
    if (!sw) { setState('unsupported', 'service workers are not available here (disabled, or not a secure origin): no offline copy'); return; }
    setState('registering');
    var slow = setTimeout(function () {
      if (info.state === 'registering') note('the service worker has not registered after 30 s (blocked?): no offline copy yet');
    }, 30000);
    sw.register('sw.js', { scope: './' }).then(function (reg) { clearTimeout(slow); watch(reg); }, function (err) {
      clearTimeout(slow);
      setState('failed', 'the service worker could not be registered: ' + (err && err.message ? err.message : err));
    });
    // A new version took over (this page's Reload, or another tab's): a page of another
    // build must not go on under it, so it reloads into it, the game kept.
    var hadController = !!sw.controller;
    sw.addEventListener('controllerchange', function () {
      if (info.state === 'updating') { reload(true); return; }
      if (hadController) { reload(false); return; }
      // First visit: the new controller should hold this very build.
      ask(sw.controller).then(function (build) { if (build && build.buildId !== BUILD_ID) reload(false); });
    });
  }

  reversi.offline = {
    // {state, reason, buildId, update}: state 'starting', 'registering', 'ready' (this
    // build is cached: the game works offline), 'update-ready', 'updating',
    // 'unsupported' or 'failed' (reason says why), 'other-build'; update: the waiting
    // version's build id once one is ready.
    status: function () {
      return { state: info.state, reason: info.reason, buildId: info.buildId, update: info.update,
               controlled: !!(sw && sw.controller) };
    },
    // Asks the server for a new version now; resolves when the check is done.
    checkForUpdate: function () {
      if (!registration) return Promise.resolve(false);
      return registration.update().then(function () { return true; }, function () { return false; });
    },
    applyUpdate: applyUpdate
  };

  // After the board is up, so the first visit's downloads do not compete.
  reversi.ready.then(function () { setTimeout(register, 0); }, function () {});
})();
