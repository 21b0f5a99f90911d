// Linked into game.js (--post-js, src/platform/web.cmake): listens to every AI worker the
// game starts (emscripten_create_worker keeps them in Browser.workers) for the build id
// it reports (build-id-worker.js) and keeps the latest in Module.workerBuildId.
(function () {
  if (typeof Browser !== 'object' || !Browser.workers) return;
  var workers = Browser.workers;
  workers.push = function () {
    Array.prototype.forEach.call(arguments, function (info) {
      if (!info || !info.worker || !info.worker.addEventListener) return;
      info.worker.addEventListener('message', function (event) {
        var data = event.data;
        if (data && typeof data.reversiBuildId === 'string') Module['workerBuildId'] = data.reversiBuildId;
      });
    });
    return Array.prototype.push.apply(this, arguments);
  };
})();
