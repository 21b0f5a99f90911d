// Linked into ai-worker.js (--pre-js, src/platform/web.cmake). When the worker's engine
// cannot start (ai-worker.wasm missing, not WebAssembly, refused), Emscripten aborts
// inside a promise: the page's Worker.onerror would never hear of it and the game would
// wait for its 30 s start-up limit (web_ai_client.cpp). An uncaught error thrown from a
// task of its own does reach Worker.onerror, so the page reports the failure at once
// (Retry, Continue as two players); the rejected promise is then handled here.
Module['onAbort'] = function (what) {
  setTimeout(function () { throw new Error('the AI engine could not start: ' + what); }, 0);
};
self.addEventListener('unhandledrejection', function (event) {
  if (String(event.reason).indexOf('Aborted(') === 0 || /Aborted\(/.test(String(event.reason && event.reason.message))) event.preventDefault();
});
