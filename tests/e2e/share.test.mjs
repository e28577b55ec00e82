// The state lives in the address: a shared link brings back the input, the mode and the
// encoding, and every change is written back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, ready, serveAndBrowse, whenDone } from './harness.mjs';

const env = serveAndBrowse();

test('a shared link restores input, mode and encoding', async () => {
  const { page, outside, errors } = await openPage(env.browser,
    `${env.server.url}#input=00+48+00+69&mode=text&encoding=utf-16`);
  await ready(page);
  assert.equal(await page.locator('#input').inputValue(), '00 48 00 69');
  assert.equal(await page.locator('input[name="mode"]:checked').inputValue(), 'text');
  // A label that is not an encoding's name keeps its meaning: "utf-16" lets a mark decide.
  assert.equal(await page.locator('#encoding').inputValue(), 'utf-16');
  assert.match(await page.locator('#encoding option:checked').textContent(), /the label “utf-16” \(UTF-16LE\)/);
  assert.equal(await page.locator('#reading-encoding').textContent(), 'UTF-16LE');
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});

test('changes are written to the address, and the address brings them back', async () => {
  const first = await openPage(env.browser, env.server.url);
  await ready(first.page);
  await whenDone(first.page, () => first.page.fill('#input', '48 00 69 00'));
  await whenDone(first.page, () => first.page.selectOption('#encoding', 'UTF-16LE'));
  const link = first.page.url();
  assert.match(link, /#input=48\+00\+69\+00&encoding=UTF-16LE$/);

  const second = await openPage(env.browser, link);
  await ready(second.page);
  assert.equal(await second.page.locator('#input').inputValue(), '48 00 69 00');
  assert.equal(await second.page.locator('#encoding').inputValue(), 'UTF-16LE');
  assert.equal(await second.page.locator('#text').textContent(), 'Hi');
  assert.equal(await second.page.locator('#format').textContent(), 'hex dump: plain hex, 4 bytes');

  // A new link in the same tab (hashchange) is read too.
  await whenDone(second.page, () => second.page.evaluate(() => { location.hash = '#input=%F0%9F%98%80&mode=text'; }));
  assert.equal(await second.page.locator('#input').inputValue(), '😀');
  assert.equal(await second.page.locator('#encoding').inputValue(), 'auto');
  assert.equal(await second.page.locator('#lengths tr[data-key="utf16_units"] td.number').textContent(), '2');
  assert.deepEqual([...first.outside, ...second.outside], []);
});
