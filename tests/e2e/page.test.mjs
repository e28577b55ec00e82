// The page in a real browser: it loads from the server alone.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, launchBrowser, openPage, startServer } from './harness.mjs';

let server;
let browser;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.stop();
});

test('the page loads with no request leaving 127.0.0.1 and no script error', async () => {
  const { page, outside, errors } = await openPage(browser, server.url);
  assert.equal(await page.title(), 'charscope');
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
  await page.screenshot({ path: join(artifacts, 'page.png'), fullPage: true });
});
