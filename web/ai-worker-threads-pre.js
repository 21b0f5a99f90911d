// Linked first into ai-worker-threads.js (--pre-js, src/platform/web.cmake), the threaded
// AI worker. Emscripten does not build a -pthread program with BUILD_AS_WORKER, so this
// file answers the same messages as that mode's glue does (emscripten/src/postamble.js,
// 3.1.6): {funcName, callbackId, data} from emscripten_call_worker on the game's side
// calls Module['_' + funcName](data, size); the C++ side answers through
// reversiRespond (ai_worker.cpp) with {callbackId, finalResponse, data}. The game's
// client (web_ai_client.cpp) therefore talks to either worker the same way.
//
// The page chooses the threads and the memory in the worker's URL
// (ai-worker-threads.js?threads=N&memory=MB, web/js/ai-build.js). The same script also
// runs inside each pthread's worker (ai-worker-threads.worker.js imports it): there it
// must leave onmessage to Emscripten.

function reversiUrlNumber(name, fallback, low, high) {
  var match = new RegExp('[?&]' + name + '=(\\d+)').exec(self.location.search);
  var value = match ? parseInt(match[1], 10) : fallback;
  return Math.min(high, Math.max(low, value));
}

var reversiThreads = reversiUrlNumber('threads', 2, 1, 8);
// Lazy SMP's helpers (threads - 1) and the exact solver's second thread: all started
// with the program (PTHREAD_POOL_SIZE=reversiPoolSize), never while a search waits.
var reversiPoolSize = Module['ENVIRONMENT_IS_PTHREAD'] ? 0 : reversiThreads;
Module['reversiThreads'] = reversiThreads;
// The shared memory is reserved at start: the tables of every level and of the analysis
// fit in 128 MB (web.cmake's INITIAL_MEMORY); a device with more may give more, never
// more than MAXIMUM_MEMORY (512 MB).
Module['INITIAL_MEMORY'] = reversiUrlNumber('memory', 128, 128, 512) * 1024 * 1024;

var reversiCallbackId = -1;

if (!Module['ENVIRONMENT_IS_PTHREAD']) {
  (function () {
    var queued = [];
    var buffer = 0, bufferSize = 0;

    function call(message) {
      var func = Module['_' + message['funcName']];
      if (!func) throw new Error('invalid worker function to call: ' + message['funcName']);
      var data = message['data'];
      if (data) {
        if (!data.byteLength) data = new Uint8Array(data);
        if (!buffer || bufferSize < data.length) {
          if (buffer) Module['_free'](buffer);
          bufferSize = data.length;
          buffer = Module['_malloc'](data.length);
        }
        reversiHeap().set(data, buffer);
      }
      reversiCallbackId = message['callbackId'];
      if (data) func(buffer, data.length);
      else func(0, 0);
    }

    // Messages that arrive while the program and its thread pool load wait here.
    self.onmessage = function (event) {
      if (!runtimeInitialized) {
        queued.push(event.data);
        return;
      }
      call(event.data);
    };
    // After onRuntimeInitialized (build-id-worker.js), once the pool has loaded.
    Module['postRun'] = [].concat(Module['postRun'] || [], function () {
      var waiting = queued;
      queued = [];
      waiting.forEach(call);
    });
  })();
}

// The heap's current view (the memory may have grown since the views were made).
function reversiHeap() {
  if (HEAPU8.buffer !== wasmMemory.buffer) updateGlobalBufferAndViews(wasmMemory.buffer);
  return HEAPU8;
}

// Posts an answer as emscripten_worker_respond(_provisionally) would.
function reversiRespond(data, size, last) {
  var copy = new Uint8Array(reversiHeap().subarray(data, data + size));
  postMessage({ 'callbackId': reversiCallbackId, 'finalResponse': !!last, 'data': copy }, [copy.buffer]);
}
