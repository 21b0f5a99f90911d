// Linked into game.js (--post-js, src/platform/web.cmake): listens to every AI worker the
// game starts (emscripten_create_worker keeps them in Browser.workers) for the build id
// it reports (build-id-worker.js) and keeps the latest in Module.workerBuildId; the functions
// waiting in Module.onWorkerBuildId (offline.js) are called then, once.
(function () {
  if (typeof Browser !== 'object' || !Browser.workers) return;
  var workers = Browser.workers;
  workers.push = function () {
    Array.prototype.forEach.call(arguments, function (info) {
      if (!info || !info.worker || !info.worker.addEventListener) return;
      info.worker.addEventListener('message', function (event) {
        var data = event.data;
        if (data && typeof data.reversiBuildId === 'string') {
          Module['workerBuildId'] = data.reversiBuildId;
          var waiting = Module['onWorkerBuildId'] || [];
          Module['onWorkerBuildId'] = [];
          waiting.forEach(function (fn) { try { fn(); } catch (e) { console.error(e); } });
        }
      });
    });
    return Array.prototype.push.apply(this, arguments);
  };
})();
