// Issue 30, "The page without a server": the static build (scripts/build-static.sh), served by a
// plain static file server, answers the API in a Web Worker from charscope's WebAssembly build.
// The whole suite runs against it too (CHARSCOPE_E2E=static); this file checks what only it does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, ready, serveAndBrowse, STATIC, whenDone } from './harness.mjs';

const env = serveAndBrowse();

test('the static build reads café as C3 A9 with no /api/ request', { skip: !STATIC && 'run with CHARSCOPE_E2E=static' }, async () => {
  const { page, requests, outside, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  await whenDone(page, () => page.fill('#input', 'café'));
  assert.deepEqual(await page.locator('#grid .unit').nth(3).locator('.b').allTextContents(), ['C3', 'A9']);
  assert.deepEqual(requests.filter((r) => r.includes('/api/')), []);
  assert.ok(requests.some((r) => r.endsWith('/charscope_wasm_bg.wasm')), requests.join('\n'));
  assert.equal(await page.evaluate(() => document.body.dataset.transport), 'worker');
  assert.match(await page.locator('#footer').textContent(), /runs in this browser/);
  assert.equal(await page.locator('#stopped').isVisible(), false);
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});

test('the server\'s page talks to its server', { skip: STATIC && 'the static build has no server' }, async () => {
  const { page, requests } = await openPage(env.browser, env.server.url);
  await ready(page);
  assert.equal(await page.evaluate(() => document.body.dataset.transport), 'server');
  assert.ok(requests.some((r) => r.endsWith('/api/inspect')));
  assert.ok(!requests.some((r) => r.endsWith('.wasm')));
});
