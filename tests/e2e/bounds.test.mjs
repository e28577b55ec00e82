// Issue 30, "Bounded work per request": what the page says when a request goes past a bound,
// when an answer was cut short, and when the server has stopped.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { openPage, ready, root, serveAndBrowse, STATIC, whenDone } from './harness.mjs';

const env = serveAndBrowse();

/** Pastes `text` as Ctrl+V does. */
function paste(page, text) {
  return page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData('text/plain', t);
    document.querySelector('#input').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

test('a paste past 8 MiB is refused, and the page says why', async () => {
  const { page, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  await whenDone(page, () => paste(page, 'a'.repeat(9 * 1024 * 1024)));
  assert.match(await page.locator('#error').textContent(),
    /^Cannot read the input: request body too large: the limit is 8 MiB \(use the command line for bigger inputs\)$/);
  assert.ok(await page.locator('#failed-state').isVisible());
  assert.deepEqual(errors.filter((e) => !e.includes('413')), []);
});

test('a long text is repaired in part, and the repair panel says so', async () => {
  const { page, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  const line = 'Le cafÃ© est fermÃ© aujourdâ€™hui.\n';
  await whenDone(page, () => paste(page, line.repeat(Math.ceil(200 * 1024 / line.length))));
  const cut = page.locator('#repair-body .repair-cut[data-cut="input"]');
  assert.match(await cut.textContent(), /^The first [\d,]+ bytes of the text's [\d,]+ were repaired \(repair is slow work\): the page reads at most 32 KiB here/);
  assert.match(await page.locator('#repair-body output.repair-text').textContent(), /^Le café est fermé aujourd’hui\./);
  // Reading the repaired part would drop the rest of the input: the button is off.
  assert.ok(await page.getByRole('button', { name: 'Read the repaired text' }).isDisabled());
  assert.deepEqual(errors, []);
});

/** Starts `charscope serve` on `port` (0: any); resolves to { url, port, stop }. */
function serveOn(port) {
  const bin = process.env.CHARSCOPE_BIN || join(root, 'target', 'debug', 'charscope');
  const child = spawn(bin, ['serve', '--port', String(port)], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.on('error', reject);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/127\.0\.0\.1:(\d+)\//);
      if (match) {
        resolve({
          url: match[0],
          port: Number(match[1]),
          stop: () => new Promise((done) => { child.on('exit', done); child.kill('SIGINT'); }),
        });
      }
    });
  });
}

test('the page says when the server has stopped, and reads again once it is back', { skip: STATIC && 'the static build has no server' }, async () => {
  const first = await serveOn(0);
  const { page, errors } = await openPage(env.browser, first.url);
  await ready(page);
  await whenDone(page, () => page.fill('#input', 'café'));
  await first.stop();
  await page.fill('#input', 'naïve');
  const banner = page.locator('#stopped');
  await banner.waitFor({ state: 'visible' });
  assert.match(await banner.textContent(), /^charscope's server has stopped answering .*Start it again with “charscope serve”/);
  assert.match(await page.locator('#status').textContent(), /^Not read/);
  assert.equal(await page.locator('#error').isVisible(), false, 'not "Cannot read the input"');
  // Back on the same port: the page notices, and reads what the box holds.
  const again = await serveOn(first.port);
  try {
    await banner.waitFor({ state: 'hidden', timeout: 10000 });
    await page.waitForFunction(() => document.querySelector('#text').textContent === 'naïve');
  } finally {
    await again.stop();
  }
  assert.deepEqual(errors.filter((e) => !e.includes('Failed to load resource')), []);
});
