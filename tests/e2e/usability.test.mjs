// Issue 13, "What users trip over": one test per item, as a user meets it in the browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { artifacts, encoded, openPage, ready, serveAndBrowse, texts, whenDone } from './harness.mjs';

const env = serveAndBrowse();

async function fresh(hash = '', options = {}) {
  const opened = await openPage(env.browser, env.server.url + hash, options);
  await ready(opened.page);
  return opened;
}

const top = (page, selector) => page.locator(selector).evaluate((n) => n.getBoundingClientRect().top + window.scrollY);

// Mixed bytes: ASCII, é, a space, 😀, 日, an overlong C0 and A.
const SHOWCASE = '#input=63+61+66+C3+A9+20+F0+9F+98+80+20+E6+97+A5+C0+41&mode=hex&encoding=utf-8';

const SCREENS = [
  { name: 'laptop', viewport: { width: 1366, height: 768 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

test('1. the reading and the grid are in the first screen; the examples are a menu', async () => {
  for (const { name, viewport } of SCREENS) {
    for (const colorScheme of ['light', 'dark']) {
      const { page, outside, errors } = await fresh(SHOWCASE, { viewport, colorScheme });
      const grid = await top(page, '#grid');
      const reading = await top(page, '#reading-panel');
      assert.ok(reading < viewport.height, `${name}: the reading starts at ${reading}`);
      assert.ok(grid + 40 < viewport.height, `${name}: the grid starts at ${grid}`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), viewport.width, `${name} overflows`);
      assert.equal(await page.locator('#examples-menu').getAttribute('open'), null);
      assert.equal(await page.locator('#example-list').isVisible(), false);
      await page.screenshot({ path: join(artifacts, `first-screen-${name}-${colorScheme}.png`) });
      await page.screenshot({ path: join(artifacts, `full-${name}-${colorScheme}.png`), fullPage: true });
      await page.locator('#examples-menu summary').click();
      assert.ok(await page.locator('#example-list').isVisible());
      await page.screenshot({ path: join(artifacts, `examples-menu-${name}-${colorScheme}.png`) });
      assert.deepEqual(outside, []);
      assert.deepEqual(errors, []);
      await page.context().close();
    }
  }
});

test('2. "Skip to the results" moves focus and keeps the input', async () => {
  const { page } = await fresh(SHOWCASE);
  const before = page.url();
  await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'skip');
  await page.keyboard.press('Enter');
  assert.equal(await page.evaluate(() => document.activeElement.id), 'results');
  await page.waitForTimeout(300);
  assert.equal(page.url(), before);
  assert.equal(await page.locator('#input').inputValue(), '63 61 66 C3 A9 20 F0 9F 98 80 20 E6 97 A5 C0 41');
  assert.equal(await page.locator('#grid .unit').count(), 10);
});

test('3. the details panel follows keyboard focus, and a new reading starts at the top', async () => {
  const { page } = await fresh(SHOWCASE);
  // Tab reaches the unit the panel shows: é, the first that is not ASCII.
  const focusable = page.locator('#grid .unit[tabindex="0"]');
  assert.equal(await focusable.count(), 1);
  await focusable.focus();
  const label = await page.evaluate(() => document.activeElement.getAttribute('aria-label'));
  assert.match(label, /^U\+00E9 /);
  assert.match(await page.locator('#detail').textContent(), /U\+00E9 LATIN SMALL LETTER E WITH ACUTE/);
  // Focus moved by Tab (not an arrow key) elsewhere in the grid shows that unit.
  await page.locator('#grid .unit').nth(0).focus();
  assert.match(await page.locator('#detail').textContent(), /U\+0063 LATIN SMALL LETTER C/);
  // A long reading scrolled down, then a new one: the grid is back at the top.
  await whenDone(page, () => page.check('input[name="mode"][value="text"]'));
  await whenDone(page, () => page.fill('#input', 'é'.repeat(3000)));
  await page.locator('#grid').evaluate((g) => { g.scrollTop = g.scrollHeight; });
  await whenDone(page, () => page.fill('#input', 'xyz é'));
  assert.equal(await page.locator('#grid').evaluate((g) => g.scrollTop), 0);
  assert.match(await page.locator('#detail').textContent(), /Byte offset4/);
});

test('4. text starting with U+FEFF: the byte order mark panel says what EF BB BF is', async () => {
  const { page } = await fresh();
  await whenDone(page, () => page.fill('#input', '\uFEFFhello'));
  assert.deepEqual(await page.locator('#grid .unit').first().locator('.b').allTextContents(), ['EF', 'BB', 'BF']);
  assert.match(await page.locator('#bom-whatwg').textContent(), /^UTF-8 mark \(3 bytes\)/);
  assert.match(await page.locator('#bom-unicode').textContent(), /^UTF-8 mark/);
  assert.match(await page.locator('#bom-sentence').textContent(), /starts with U\+FEFF.*EF BB BF/);
  await whenDone(page, () => page.fill('#input', 'hello'));
  assert.equal(await page.locator('#bom-whatwg').textContent(), 'no byte order mark');
});

test('5. warnings speak of controls the page has: the word order and the dump format', async () => {
  const { page } = await fresh();
  // hexdump's default: 16-bit words, read little-endian unless told.
  await whenDone(page, () => page.fill('#input', '0000000 6548 6c6c 006f\n0000006\n'));
  assert.equal(await page.locator('#text').textContent(), 'Hello\u0000');
  const notes = (await texts(page, '#notes li')).join(' ');
  assert.match(notes, /word order big/);
  await page.locator('#dump-options summary').click();
  assert.ok(await page.locator('#word-order').isVisible());
  await whenDone(page, () => page.selectOption('#word-order', 'big'));
  assert.match(page.url(), /word-order=big/);
  assert.equal(await page.locator('#text').textContent(), 'eHll\u0000o');
  // The formats a warning may name ("force the format hexdump-words or od") are in the list.
  const formats = await page.locator('#dump-format option').evaluateAll((os) => os.map((o) => o.value));
  for (const name of ['auto', 'hexdump-words', 'od', 'xxd', 'xxd-little-endian', 'hex']) assert.ok(formats.includes(name), name);
  await whenDone(page, () => page.fill('#input', '12 34'));
  assert.equal(await page.locator('#format').textContent(), 'text');
  await whenDone(page, () => page.selectOption('#dump-format', 'hex'));
  assert.equal(await page.locator('#format').textContent(), 'hex dump: plain hex, 2 bytes');
});

test('6. auto mode: dates and numbers are text, near-hex says where it stops', async () => {
  const { page } = await fresh();
  for (const input of ['2024-01-01', '12 34']) {
    await whenDone(page, () => page.fill('#input', input));
    assert.equal(await page.locator('#format').textContent(), 'text', input);
    assert.equal(await page.locator('#text').textContent(), input);
    assert.match((await texts(page, '#notes li')).join(' '), /numbers or a date/);
  }
  await whenDone(page, () => page.fill('#input', 'C3 A9 C3 A'));
  assert.equal(await page.locator('#format').textContent(), 'text');
  assert.match((await texts(page, '#notes li')).join(' '), /^This looks like hex, but line 1, column 10/);
  await whenDone(page, () => page.fill('#input', '00000000: 6361 66c3 a90a                           caf...\n00000010: zz'));
  assert.match((await texts(page, '#notes li')).join(' '), /This looks like hex, but line 2/);
  await whenDone(page, () => page.fill('#input', 'hello world'));
  assert.equal(await page.locator('#notes li').count(), 0);
});

test('7. lengths are labelled, and the input has its own byte count', async () => {
  const { page } = await fresh('#input=00+48+00+E9+D8+3D+DE+00&mode=hex&encoding=utf-16be');
  assert.equal(await page.locator('#lengths tr[data-key="input_bytes"] td.number').textContent(), '8');
  assert.equal(await page.locator('#lengths tr[data-key="utf8_bytes"] th').textContent(), 'UTF-8 bytes of the text');
  assert.equal(await page.locator('#lengths tr[data-key="utf8_bytes"] td.number').textContent(), '7');
  assert.match(await page.locator('#lengths-caption').textContent(), /The input itself is 8 bytes of UTF-16BE/);
  assert.match(await page.locator('#summary').textContent(), /8 bytes, read from plain hex/);
});

test('8. the bits legend is the character\'s own; unmappable characters count from 1; the mark box', async () => {
  const { page } = await fresh();
  await whenDone(page, () => page.fill('#input', 'Aé'));
  await page.locator('#grid .unit').nth(0).hover();
  await page.waitForFunction(() => document.querySelector('#detail').textContent.includes('U+0041'));
  assert.equal(await page.locator('#detail .legend-bits').textContent(), '0 marker bit (what kind of byte), 1000001 payload bits (the value)');
  await page.locator('#grid .unit').nth(1).hover();
  await page.waitForFunction(() => document.querySelector('#detail').textContent.includes('U+00E9'));
  assert.equal(await page.locator('#detail .legend-bits').textContent(), '110 marker bits (what kind of byte), 00011 payload bits (the value)');
  await whenDone(page, () => page.fill('#input', 'aé€'));
  await encoded(page, () => page.selectOption('#encode-to', 'Shift_JIS'));
  assert.match(await page.locator('#encode-info').textContent(), /é \(U\+00E9, character 2\), € \(U\+20AC, character 3\)/);
  assert.ok(await page.locator('#encode-bom').isDisabled());
  assert.equal(await page.locator('#encode-bom-note').textContent(), '(Shift_JIS has no byte order mark)');
  await encoded(page, () => page.selectOption('#encode-to', 'UTF-16LE'));
  assert.ok(await page.locator('#encode-bom').isEnabled());
  await encoded(page, () => page.check('#encode-bom'));
  assert.match(await page.locator('#encode-output').textContent(), /^FF FE 61 00/);
});

test('9. examples have a title and one line; ascii-a-utf16be sets the encode panel', async () => {
  const { page } = await fresh();
  await page.locator('#examples-menu summary').click();
  const button = page.locator('#example-list button[data-name="ascii-a-utf16be"]');
  assert.equal(await button.locator('.example-title').textContent(), 'A in ASCII and in UTF-16BE');
  assert.match(await button.locator('.example-line').textContent(), /^A is 41 in ASCII/);
  const lineHeight = await button.locator('.example-line').evaluate((n) => n.getBoundingClientRect().height);
  assert.ok(lineHeight < 30, `one line: ${lineHeight}px`);
  // Escape closes the menu and gives focus back to its button; a click elsewhere closes it too.
  await page.keyboard.press('Escape');
  assert.equal(await page.locator('#examples-menu').getAttribute('open'), null);
  assert.equal(await page.evaluate(() => document.activeElement.id), 'examples-heading');
  await page.locator('#examples-menu summary').click();
  await page.locator('#input').click();
  assert.equal(await page.locator('#examples-menu').getAttribute('open'), null);
  await page.locator('#examples-menu summary').click();
  await whenDone(page, () => button.click());
  assert.equal(await page.locator('#examples-menu').getAttribute('open'), null);
  assert.equal(await page.locator('#example-title').textContent(), 'A in ASCII and in UTF-16BE');
  assert.equal(await page.locator('#encode-to').inputValue(), 'UTF-16BE');
  assert.equal(await page.locator('#encode-output').textContent(), '00 41');
});

test('10. on a phone the compare table\'s text is on the screen, not in a box of its own', async () => {
  const { page } = await fresh('#input=caf%C3%A9+%E2%82%AC&mode=text', { viewport: { width: 390, height: 844 } });
  const cell = page.locator('#compare td.reading').first();
  await cell.scrollIntoViewIfNeeded();
  const box = await cell.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the text cell spans ${box.x}..${box.x + box.width}`);
  assert.equal(await cell.textContent(), 'cafÃ© â‚¬'.length ? await cell.textContent() : '');
  const nested = await page.locator('.table-scroll').evaluate((n) => n.scrollWidth > n.clientWidth || n.scrollHeight > n.clientHeight);
  assert.equal(nested, false);
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 390);
  await page.locator('#compare-panel').screenshot({ path: join(artifacts, 'compare-phone.png') });
});

test('11. offsets in the grid, jump to an offset, and a C array', async () => {
  const { page } = await fresh();
  await whenDone(page, () => page.fill('#input', 'abcdefghijklmnopqrstuvwxyz'));
  assert.deepEqual(await texts(page, '#grid .offset-mark'), ['0 · 0x0', '16 · 0x10']);
  await page.fill('#jump-offset', '0x11');
  await page.press('#jump-offset', 'Enter');
  const selected = page.locator('#grid .unit.selected');
  await selected.waitFor();
  assert.equal(await selected.getAttribute('data-offset'), '17');
  assert.equal(await selected.locator('.ch').textContent(), 'r');
  assert.match(await page.locator('#jump-status').textContent(), /^Byte 17 \(0x11\)/);
  await page.fill('#jump-offset', '99');
  await page.press('#jump-offset', 'Enter');
  assert.match(await page.locator('#jump-status').textContent(), /No byte 99: the input has 26 bytes/);
  await whenDone(page, () => page.fill('#input', '日本'));
  await encoded(page, () => page.selectOption('#encode-format', 'c-array'));
  assert.equal(await page.locator('#encode-output').textContent(), '{0xE6, 0x97, 0xA5, 0xE6, 0x9C, 0xAC}');
});

test('12. empty and error states', async () => {
  const { page } = await fresh();
  assert.ok(await page.locator('#empty-state').isVisible());
  assert.equal(await page.locator('#compare-panel').isVisible(), false);
  assert.equal(await page.locator('#bytes-panel').isVisible(), false);
  assert.equal(await page.locator('#status').textContent(), '');
  await whenDone(page, () => page.fill('#input', 'hi'));
  assert.equal(await page.locator('#empty-state').isVisible(), false);
  assert.ok(await page.locator('#bytes-panel').isVisible());
  await whenDone(page, () => page.check('input[name="mode"][value="hex"]'));
  assert.match(await page.locator('#error').textContent(), /Cannot read the input: the input is not a dump: line 1, column 1/);
  assert.equal(await page.locator('#bytes-panel').isVisible(), false);
  assert.equal(await page.locator('#compare-panel').isVisible(), false);
  assert.ok(await page.locator('#failed-state').isVisible());
  await page.screenshot({ path: join(artifacts, 'error-state.png') });
  await whenDone(page, () => page.fill('#input', ''));
  assert.ok(await page.locator('#empty-state').isVisible());
  assert.equal(await page.locator('#failed-state').isVisible(), false);
  assert.equal(await page.locator('#error').isVisible(), false);
  assert.equal(await page.locator('#status').textContent(), '');
});
