// How the page reaches charscope's API: one front-end, two transports, one JSON model.
//
// - server: `fetch` to the server the page came from (`charscope serve`);
// - worker: the static build (scripts/build-static.sh) marks its page with
//   <meta name="charscope-transport" content="worker">, and the same endpoints are answered in a
//   Web Worker (worker.js) by charscope's WebAssembly build, which calls the same library
//   functions the server does. Nothing is sent anywhere.
//
// window.charscopeTransport.call(path, body, signal) resolves to the answer's JSON, or rejects
// with an ApiError (`status`, the server's message; `stopped` when no answer can come).
'use strict';

(function () {
  const meta = document.querySelector('meta[name="charscope-transport"]');
  const kind = meta && meta.content === 'worker' ? 'worker' : 'server';

  class ApiError extends Error {
    constructor(message, { status = 0, stopped = false } = {}) {
      super(message);
      this.name = 'ApiError';
      this.status = status;
      this.stopped = stopped;
    }
  }

  /** The answer's error message, or `fallback`. */
  function errorOf(data, fallback) {
    return data && typeof data.error === 'string' ? data.error : fallback;
  }

  // ------------------------------------------------------------------ the server

  async function viaServer(path, body, signal) {
    const init = body === undefined
      ? { signal }
      : { method: 'POST', headers: { 'content-type': 'application/json' }, body, signal };
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new ApiError('the server is not answering: it has stopped, or cannot be reached', { stopped: true });
    }
    let data;
    try {
      data = await response.json();
    } catch (e) {
      if (e.name === 'AbortError') throw e;
      throw new ApiError(`the server answered ${response.status} without JSON`, { status: response.status });
    }
    if (!response.ok) throw new ApiError(errorOf(data, `the server answered ${response.status}`), { status: response.status });
    return data;
  }

  // ------------------------------------------------------------------ the worker

  /** Requests wait here, one in the worker at a time: a request aborted while it waits (a newer
   * reading replaced it) is never worked on. */
  const queue = [];
  let worker = null;
  let current = null;
  let failure = null;

  function startWorker() {
    try {
      worker = new Worker('worker.js');
    } catch (e) {
      failure = location.protocol === 'file:'
        ? 'this browser does not start a page\'s WebAssembly worker from a file: serve this folder (python3 -m http.server, then open http://127.0.0.1:8000/) or run charscope serve'
        : `the WebAssembly worker cannot start: ${e.message}`;
      return;
    }
    worker.onmessage = (event) => finish(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      failure = `the WebAssembly worker failed: ${event.message || 'it could not load'}`;
      const job = current;
      current = null;
      if (job) job.reject(new ApiError(failure, { stopped: true }));
      while (queue.length) queue.shift().reject(new ApiError(failure, { stopped: true }));
    };
  }

  function finish({ status, body, fatal }) {
    const job = current;
    current = null;
    if (fatal) {
      // A panic leaves the WebAssembly instance unusable: start a fresh one.
      worker.terminate();
      startWorker();
    }
    if (job && !(job.signal && job.signal.aborted)) {
      let data = null;
      try {
        data = JSON.parse(body);
      } catch {
        data = null;
      }
      if (status >= 200 && status < 300 && data !== null) job.resolve(data);
      else job.reject(new ApiError(errorOf(data, `the WebAssembly build answered ${status}`), { status }));
    } else if (job) {
      job.reject(new DOMException('The request was replaced', 'AbortError'));
    }
    pump();
  }

  function pump() {
    if (current || !queue.length || !worker) return;
    current = queue.shift();
    worker.postMessage({ path: current.path, body: current.body });
  }

  function viaWorker(path, body, signal) {
    if (!worker && !failure) startWorker();
    if (failure) return Promise.reject(new ApiError(failure, { stopped: true }));
    return new Promise((resolve, reject) => {
      const job = { path, body: body === undefined ? '' : body, signal, resolve, reject };
      if (signal) {
        if (signal.aborted) {
          reject(new DOMException('The request was replaced', 'AbortError'));
          return;
        }
        signal.addEventListener('abort', () => {
          const at = queue.indexOf(job);
          if (at < 0) return;
          queue.splice(at, 1);
          reject(new DOMException('The request was replaced', 'AbortError'));
        }, { once: true });
      }
      queue.push(job);
      pump();
    });
  }

  /** How many requests went to each path: what the tests count in both transports. */
  const calls = {};

  window.charscopeTransport = {
    /** `server` or `worker`. */
    kind,
    ApiError,
    calls,
    /** GETs `path` (no body), or POSTs `body` (a JSON string or a Blob of one). */
    call(path, body, signal) {
      calls[path] = (calls[path] || 0) + 1;
      return kind === 'worker' ? viaWorker(path, body, signal) : viaServer(path, body, signal);
    },
  };
}());
