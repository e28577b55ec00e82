// The static page's API: charscope's WebAssembly build (crates/charscope-wasm, made by
// scripts/build-static.sh) answers each request as `charscope serve` would, in this worker, off
// the page's main thread. transport.js sends one request at a time: {path, body}, where body is
// the JSON (a string or a Blob); the answer is {status, body} (body: the answer's JSON), and
// `fatal` when the WebAssembly instance panicked and must be started again.
'use strict';

importScripts('charscope_wasm.js');

/* global wasm_bindgen */
const ready = wasm_bindgen({ module_or_path: 'charscope_wasm_bg.wasm' });

self.onmessage = async (event) => {
  const { path, body } = event.data;
  try {
    await ready;
    const text = typeof body === 'string' ? body : await body.text();
    const answer = wasm_bindgen.call(path, text);
    const reply = { status: answer.status, body: answer.body };
    answer.free();
    self.postMessage(reply);
  } catch (e) {
    const error = `the WebAssembly build failed on ${path}: ${e && e.message ? e.message : e}`;
    self.postMessage({ status: 500, body: JSON.stringify({ error }), fatal: true });
  }
};
