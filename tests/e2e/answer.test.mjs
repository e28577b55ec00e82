// Issue 30, "The answer first": the verdict line on the first screen, examples that put the
// user's settings back, a table Tab passes in one step, focus rings that show, a short compare
// table on a phone, every setting in the address, offset marks that stay with their character,
// files opened, dropped and saved, escapes and base64, and a repair panel that marks bidi
// controls instead of applying them. Each runs against the server and the static build alike.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, decodedText, encoded, openPage, ready, serveAndBrowse, whenDone } from './harness.mjs';

const env = serveAndBrowse();

async function fresh(hash = '', options = {}) {
  const opened = await openPage(env.browser, env.server.url + hash, options);
  await ready(opened.page);
  return opened;
}

const SCREENS = [
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

// "café" written in UTF-8 and read as windows-1252.
const MOJIBAKE = `#input=${encodeURIComponent('Le cafÃ© est fermÃ©.')}&mode=text`;

test('the verdict is on the first screen at both widths, mojibake and its fix included', async () => {
  for (const { name, viewport } of SCREENS) {
    for (const colorScheme of ['light', 'dark']) {
      const { page, outside, errors } = await fresh(MOJIBAKE, { viewport, colorScheme });
      const verdict = page.locator('#verdict');
      assert.match(await verdict.textContent(), /^UTF-8 \(text\) · no malformed bytes · looks like mojibake: fix$/);
      const box = await verdict.boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${name}: the verdict is at ${box.y}`);
      await page.screenshot({ path: join(artifacts, `verdict-${name}-${colorScheme}.png`) });
      // "fix" takes the keyboard to the repair panel.
      await page.locator('#verdict-fix').click();
      assert.ok(await page.evaluate(() => document.querySelector('#repair-panel').contains(document.activeElement)));
      assert.deepEqual(outside, []);
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  }
  // Bytes: the encoding, how it was chosen, and the malformed count.
  const { page } = await fresh('#input=C0+AF+41&mode=hex&encoding=utf-8');
  assert.equal(await page.locator('#verdict').textContent(), 'UTF-8 (as labelled) · 2 malformed sequences');
});

test('an example sets its mode and encoding, and the user\'s come back when it is left', async () => {
  const { page } = await fresh();
  await page.locator('#examples-menu summary').click();
  // An example read as hex in UTF-16LE.
  const button = page.locator('#example-list button[data-name="hi-utf16le"]');
  await whenDone(page, () => button.click());
  assert.equal(await page.locator('input[name="mode"]:checked').inputValue(), 'hex');
  assert.equal(await page.locator('#encoding').inputValue(), 'UTF-16LE');
  // Pasting text next reads it as the user had it: auto, no label.
  await whenDone(page, () => page.fill('#input', 'café'));
  assert.equal(await page.locator('input[name="mode"]:checked').inputValue(), 'auto');
  assert.equal(await page.locator('#encoding').inputValue(), 'auto');
  assert.equal(await page.locator('#error').isVisible(), false);
  assert.equal(await decodedText(page), 'café');
  assert.equal(await page.locator('#example-panel').isVisible(), false);
  // A setting the user changes while the example shows is the user's own.
  await page.locator('#examples-menu summary').click();
  await whenDone(page, () => button.click());
  await whenDone(page, () => page.selectOption('#encoding', 'UTF-16BE'));
  await whenDone(page, () => page.fill('#input', '00 41'));
  assert.equal(await page.locator('#encoding').inputValue(), 'UTF-16BE');
  assert.equal(await page.locator('input[name="mode"]:checked').inputValue(), 'hex');
});

/** The elements Tab reaches, in order, from the top of the page. */
async function tabStops(page) {
  await page.locator('body').focus();
  await page.evaluate(() => document.activeElement.blur());
  const stops = [];
  for (let i = 0; i < 200; i++) {
    await page.keyboard.press('Tab');
    const id = await page.evaluate(() => {
      const e = document.activeElement;
      return e === document.body ? null : (e.id || `${e.tagName.toLowerCase()}.${e.className}`);
    });
    if (id === null || stops.includes(id) && id === stops[0]) break;
    stops.push(id);
  }
  return stops;
}

test('Tab passes the compare table in one step, with a skip link, and focus rings show', async () => {
  const { page } = await fresh('#input=C0+AF+E0+80+BF+F0+81+82+41&mode=hex&encoding=utf-8');
  const stops = await tabStops(page);
  const inTable = stops.filter((s) => s.startsWith('button.read-as'));
  assert.equal(inTable.length, 1, stops.join(' '));
  assert.ok(stops.length < 60, `${stops.length} stops: ${stops.join(' ')}`);
  // The skip link shows on focus and takes focus past the table.
  const skip = page.locator('#skip-compare');
  await skip.focus();
  assert.ok((await skip.boundingBox()).x >= 0, 'the skip link is on the screen when focused');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'encode-to');
  // Up and Down move between the table's readings.
  const current = page.locator('#compare button.read-as[tabindex="0"]');
  await current.focus();
  const before = await current.getAttribute('data-encoding');
  await page.keyboard.press('ArrowDown');
  const after = await page.evaluate(() => document.activeElement.dataset.encoding);
  assert.notEqual(after, before);
  // A malformed item's focus ring is drawn inside the list's scroll box, where it shows whole.
  const item = page.locator('#malformed-list button').first();
  await item.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  const ring = await item.evaluate((n) => {
    const style = getComputedStyle(n);
    const list = n.closest('.malformed-list').getBoundingClientRect();
    const own = n.getBoundingClientRect();
    const reach = parseFloat(style.outlineWidth) + parseFloat(style.outlineOffset);
    return {
      shown: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      inside: own.left - reach >= list.left && own.right + reach <= list.right && own.top - reach >= list.top,
    };
  });
  assert.deepEqual(ring, { shown: true, inside: true });
});

test('on a phone the compare table of 9 bytes is under 1,500 px, its headers on top', async () => {
  const { page } = await fresh('#input=C0+AF+E0+80+BF+F0+81+82+41&mode=hex', { viewport: { width: 390, height: 844 } });
  const height = await page.locator('#compare').evaluate((n) => n.getBoundingClientRect().height);
  assert.ok(height < 1500, `the table is ${height} px`);
  assert.equal(await page.locator('#compare thead th').nth(2).evaluate((n) => getComputedStyle(n).position), 'sticky');
  assert.ok(await page.locator('#compare thead').isVisible());
  // The current reading stays in the short table; the others come on demand.
  assert.equal(await page.locator('#compare tr.current').isVisible(), true);
  const all = page.locator('#compare-all');
  assert.match(await all.textContent(), /^Show all \d+ readings$/);
  await all.click();
  const rows = await page.locator('#compare tbody tr').count();
  assert.equal(await page.locator('#compare tbody tr:visible').count(), rows);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.locator('#compare-panel').screenshot({ path: join(artifacts, 'compare-phone-all.png') });
});

test('every setting is in the address, and a link brings each back', async () => {
  const { page } = await fresh();
  await whenDone(page, () => page.fill('#input', '0000000 6548 6c6c 006f\n0000006\n'));
  await whenDone(page, () => page.check('input[name="mode"][value="hex"]'));
  await whenDone(page, () => page.selectOption('#encoding', 'windows-1252'));
  await page.locator('#dump-options summary').click();
  await whenDone(page, () => page.selectOption('#dump-format', 'hexdump-words'));
  await whenDone(page, () => page.selectOption('#word-order', 'big'));
  await encoded(page, () => page.selectOption('#encode-to', 'UTF-16LE'));
  await encoded(page, () => page.selectOption('#encode-format', 'base64'));
  await encoded(page, () => page.check('#encode-bom'));
  const url = page.url();
  for (const part of ['mode=hex', 'encoding=windows-1252', 'format=hexdump-words', 'word-order=big', 'to=UTF-16LE', 'out=base64', 'bom=1']) {
    assert.ok(url.includes(part), `${part} in ${url}`);
  }
  const output = await page.locator('#encode-output').textContent();
  const { page: again } = await fresh(new URL(url).hash);
  assert.equal(await again.locator('input[name="mode"]:checked').inputValue(), 'hex');
  assert.equal(await again.locator('#encoding').inputValue(), 'windows-1252');
  assert.equal(await again.locator('#dump-format').inputValue(), 'hexdump-words');
  assert.equal(await again.locator('#word-order').inputValue(), 'big');
  assert.equal(await again.locator('#encode-to').inputValue(), 'UTF-16LE');
  assert.equal(await again.locator('#encode-format').inputValue(), 'base64');
  assert.ok(await again.locator('#encode-bom').isChecked());
  assert.equal(await again.locator('#encode-output').textContent(), output);
});

test('an offset mark is on the line of the character it marks', async () => {
  const { page } = await fresh('', { viewport: { width: 390, height: 844 } });
  await whenDone(page, () => page.fill('#input', 'The quick brown fox jumps over the lazy dog. '.repeat(4)));
  const marks = await page.locator('#grid .offset-mark').evaluateAll((ms) => ms.map((m) => {
    const next = m.nextElementSibling;
    const a = m.getBoundingClientRect();
    const b = next.getBoundingClientRect();
    return { next: next.className, sameLine: a.top < b.bottom && b.top < a.bottom, text: m.textContent };
  }));
  assert.ok(marks.length >= 10, marks.length);
  for (const m of marks) assert.deepEqual([m.next, m.sameLine], ['cluster', true], m.text);
  assert.deepEqual(marks.slice(0, 2).map((m) => m.text), ['0 · 0x0', '16 · 0x10']);
});

test('a file is opened or dropped here, read locally, and the bytes saved', async () => {
  const { page, outside } = await fresh();
  // Opened: UTF-8 text goes in as text.
  await whenDone(page, () => page.setInputFiles('#file', { name: 'note.txt', mimeType: 'text/plain', buffer: Buffer.from('café\n') }));
  assert.equal(await page.locator('input[name="mode"]:checked').inputValue(), 'text');
  assert.equal(await decodedText(page), 'café\n');
  assert.match(await page.locator('#file-note').textContent(), /^Opened note\.txt \(6 bytes\), read in this page: UTF-8 text\.$/);
  // Dropped: bytes that are not UTF-8 go in as base64, and the grid shows them.
  await whenDone(page, () => page.evaluate(() => {
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array([0x63, 0x61, 0x66, 0xE9])], 'latin1.bin'));
    document.querySelector('#input').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
  }));
  assert.equal(await page.locator('input[name="mode"]:checked').inputValue(), 'base64');
  assert.equal(await page.locator('#input').inputValue(), 'Y2Fm6Q==');
  assert.deepEqual(await page.locator('#grid .b').allTextContents(), ['63', '61', '66', 'E9']);
  assert.match(await page.locator('#file-note').textContent(), /latin1\.bin \(4 bytes\).*not UTF-8/);
  // Saved: the encode panel's bytes, all of them, as a file.
  await encoded(page, () => page.selectOption('#encode-to', 'UTF-16LE'));
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#download').click()]);
  assert.equal(download.suggestedFilename(), 'charscope-UTF-16LE.bin');
  const saved = readFileSync(await download.path());
  assert.deepEqual([...saved], [0x63, 0, 0x61, 0, 0x66, 0, 0xE9, 0]);
  assert.deepEqual(outside, []);
});

test('escapes are read as encode --escapes reads them; base64 goes in and out', async () => {
  const { page } = await fresh();
  await whenDone(page, () => page.fill('#input', 'U+00E9 \\u00e9 &#233;'));
  await whenDone(page, () => page.check('input[name="mode"][value="escapes"]'));
  assert.equal(await decodedText(page), 'é é é');
  assert.equal(await page.locator('#format').textContent(), 'text written with escapes');
  // The encode panel encodes the text the escapes write, not the escapes.
  assert.equal(await page.locator('#encode-output').textContent(), 'C3 A9 20 C3 A9 20 C3 A9');
  await whenDone(page, () => page.fill('#input', '\\u{110000}'));
  assert.match(await page.locator('#error').textContent(), /the escapes cannot be read: line 1, column 1/);
  await whenDone(page, () => page.fill('#input', 'Y2Fmw6k='));
  await whenDone(page, () => page.check('input[name="mode"][value="base64"]'));
  assert.deepEqual(await page.locator('#grid .unit').nth(3).locator('.b').allTextContents(), ['C3', 'A9']);
  assert.equal(await page.locator('#format').textContent(), 'base64, 5 bytes');
  await encoded(page, () => page.selectOption('#encode-format', 'base64'));
  assert.equal(await page.locator('#encode-output').textContent(), 'Y2Fmw6k=');
});

test('the repair panel marks a bidi control, never applies it', async () => {
  // Mojibake with a right-to-left override after it: repaired, the override stays a mark.
  const { page, errors } = await fresh(`#input=${encodeURIComponent('cafÃ©\u202Etxt.exe')}&mode=text`);
  const output = page.locator('#repair-body output.repair-text');
  assert.equal(await output.locator('.hidden-mark').textContent(), 'U+202E');
  const raw = await output.evaluate((n) => [...n.childNodes].filter((c) => c.nodeType === Node.TEXT_NODE).map((c) => c.data).join(''));
  assert.ok(!raw.includes('\u202E'), 'no bidi control in the text drawn');
  assert.equal(raw, 'cafétxt.exe');
  // The chain's first state (the input) marks it too.
  await page.locator('#repair-body .repair-chain button').first().click();
  assert.equal(await output.locator('.hidden-mark').textContent(), 'U+202E');
  assert.ok(!(await output.textContent()).includes('\u202E'));
  assert.deepEqual(errors, []);
});
