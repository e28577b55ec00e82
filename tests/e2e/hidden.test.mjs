// Hidden characters: a pasted right-to-left override is shown as a mark in "Decoded text" and in
// the compare table, never applied, a banner warns of bidi controls, and the hidden-characters
// panel lists the finding; a path gets the url lens with each decoding layer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { artifacts, openPage, ready, serveAndBrowse, texts, whenDone } from './harness.mjs';
import { join } from 'node:path';

const env = serveAndBrowse();

async function panelReady(page) {
  await page.waitForFunction(() => document.body.dataset.panelHidden === 'ready');
}

test('abc\\u202Edef.txt: the override is a mark, not applied, with a banner and a finding', async () => {
  const { page, outside, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  await whenDone(page, () => page.fill('#input', 'abc\u202Edef.txt'));
  await panelReady(page);
  const text = page.locator('#text');
  // The character itself is not in the decoded text: its mark stands in its place.
  assert.equal(await text.textContent(), 'abcU+202Edef.txt');
  assert.equal(await text.evaluate((n) => n.textContent.includes('\u202E')), false);
  const mark = page.locator('#text .hidden-mark');
  assert.equal(await mark.count(), 1);
  assert.equal(await mark.getAttribute('title'), 'U+202E RIGHT-TO-LEFT OVERRIDE (bidi-control)');
  // Drawn left to right: "def" is to the right of "abc", not reversed after it.
  const order = await text.evaluate((n) => {
    const range = document.createRange();
    const node = n.lastChild;
    range.setStart(node, 0);
    range.setEnd(node, 1);
    const d = range.getBoundingClientRect().left;
    range.setStart(n.firstChild, 0);
    range.setEnd(n.firstChild, 1);
    return d > range.getBoundingClientRect().left;
  });
  assert.ok(order, 'the text after the override is drawn after the text before it');
  const banner = page.locator('#bidi-banner');
  assert.ok(await banner.isVisible());
  assert.match(await banner.textContent(), /bidirectional control characters/);
  assert.equal(await banner.getAttribute('role'), 'alert');
  assert.deepEqual(await texts(page, '#hidden-list .finding-code'), ['bidi-control']);
  assert.match(await page.locator('#hidden-list li').first().textContent(), /line 1, column 4.*RIGHT-TO-LEFT OVERRIDE.*never closed/);
  // The compare table marks it too (in the readings that have it: UTF-8's, not windows-1252's
  // "â€®"), and applies it in none.
  await page.waitForFunction(() => document.body.dataset.compare === 'ready');
  const utf8 = page.locator('#compare tbody tr[data-encoding="UTF-8"] td.reading');
  assert.equal(await utf8.locator('.hidden-mark').count(), 1);
  assert.equal(await utf8.textContent(), 'abcU+202Edef.txt');
  assert.equal(await page.locator('#compare').evaluate((n) => n.textContent.includes('\u202E')), false);
  await page.screenshot({ path: join(artifacts, 'hidden-bidi.png'), fullPage: true });

  // Plain text again: no banner, no mark, no finding.
  await whenDone(page, () => page.fill('#input', 'abcdef.txt'));
  await panelReady(page);
  assert.equal(await banner.isVisible(), false);
  assert.equal(await page.locator('#text .hidden-mark').count(), 0);
  assert.match(await page.locator('#hidden-summary').textContent(), /No hidden characters/);
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});

test('an emoji ZWJ sequence stays whole; a path gets the url lens', async () => {
  const { page, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  await whenDone(page, () => page.fill('#input', '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}'));
  await panelReady(page);
  assert.equal(await page.locator('#text .hidden-mark').count(), 0);
  assert.equal(await page.locator('#text').textContent(), '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}');

  await whenDone(page, () => page.fill('#input', '/%c0%ae%c0%ae/etc/passwd'));
  await panelReady(page);
  const lenient = page.locator('#url-layers tr[data-layer="utf-8-lenient"] td');
  assert.equal(await lenient.textContent(), '/../etc/passwd');
  const codes = await texts(page, '#url-findings .finding-code');
  assert.ok(codes.includes('overlong') && codes.includes('traversal'), codes.join(' '));
  assert.deepEqual(errors, []);
});
