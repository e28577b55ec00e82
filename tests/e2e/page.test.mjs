// The page in a real browser: it loads from the server alone, follows the system's colour
// scheme, and its screenshots land in target/e2e/.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { apiCalls, artifacts, openPage, ready, serveAndBrowse, STATIC, whenDone } from './harness.mjs';

const env = serveAndBrowse();

test('the page loads with no request leaving 127.0.0.1 and no script error', async () => {
  const { page, requests, outside, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  assert.equal(await page.title(), 'charscope');
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
  assert.ok(requests.every((r) => r.startsWith(env.server.url)), requests.join('\n'));
  const panels = await page.locator('main h2').allTextContents();
  assert.equal(await page.locator('#examples-menu summary').textContent(), 'Ready examples');
  for (const name of ['Reading', 'Bytes', 'Malformed sequences', 'Byte order mark',
    'Lengths', 'Normalization', 'Every encoding', 'Encode the text']) {
    assert.ok(panels.some((p) => p.startsWith(name)), `${name} in ${panels}`);
  }
  // The panels of the later views (front-end/panels/*.js) are registered and rendered.
  for (const id of ['detect', 'repair', 'hidden']) {
    assert.ok((await page.locator(`#${id}-body`).innerText()).trim().length > 0, `${id} panel rendered`);
  }
});

test('the repair panel gets the start of a long repair, and reads it whole on demand', async () => {
  const { page, outside, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  const fixes = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/fix')) fixes.push(JSON.parse(request.postData()));
  });
  // The static build's worker gets no HTTP request: the page's transport counts its calls.
  const asked = async () => (await apiCalls(page))['/api/fix'] || 0;
  const before = await asked();
  // 600 times "café " read as windows-1252: 3,600 characters, 3,000 once repaired.
  const mojibake = 'cafÃ© '.repeat(600);
  await whenDone(page, () => page.locator('#input').fill(mojibake));
  assert.equal(await asked(), before + 1);
  if (!STATIC) {
    assert.equal(fixes.length, 1);
    assert.equal(fixes[0].limit, 2001);
  }
  const shown = await page.locator('#repair-body output.repair-text').textContent();
  assert.ok(shown.startsWith('café café') && shown.endsWith('…'), shown.slice(-20));
  assert.equal(shown.length, 2001);
  // The button asks for the whole repair (no limit) and reads all of it.
  await whenDone(page, () => page.getByRole('button', { name: 'Read the repaired text' }).click());
  assert.ok(await asked() >= before + 2);
  if (!STATIC) {
    assert.equal(fixes[1].limit, undefined);
    assert.equal(fixes[1].input, mojibake);
  }
  assert.equal(await page.locator('#input').inputValue(), 'café '.repeat(600));
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});

// Mixed bytes: ASCII, é, a space, 😀, 日, an overlong C0 and A.
const SHOWCASE = '#input=63+61+66+C3+A9+20+F0+9F+98+80+20+E6+97+A5+C0+41&mode=hex&encoding=utf-8';

for (const scheme of ['light', 'dark']) {
  test(`screenshot in the ${scheme} colour scheme`, async () => {
    const { page, outside, errors } = await openPage(env.browser, env.server.url + SHOWCASE, { colorScheme: scheme });
    await ready(page);
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const [r, g, b] = background.match(/\d+/g).map(Number);
    const light = r + g + b > 3 * 128;
    assert.equal(light, scheme === 'light', `background ${background} in ${scheme} mode`);
    await page.locator('#grid .unit').nth(3).hover();
    await page.waitForFunction(() => document.querySelector('#detail').textContent.includes('LATIN SMALL LETTER E WITH ACUTE'));
    await page.screenshot({ path: join(artifacts, `page-${scheme}.png`), fullPage: true });
    await page.locator('#bytes-panel').screenshot({ path: join(artifacts, `bytes-${scheme}.png`) });
    assert.deepEqual(outside, []);
    assert.deepEqual(errors, []);
  });
}

test('on a phone-sized screen nothing overflows sideways', async () => {
  const { page, outside } = await openPage(env.browser, env.server.url + SHOWCASE, { viewport: { width: 390, height: 800 } });
  await ready(page);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.screenshot({ path: join(artifacts, 'page-phone.png'), fullPage: true });
  assert.deepEqual(outside, []);
});
