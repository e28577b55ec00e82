// Pasting bytes and text: malformed sequences named and highlighted, bit layouts and names,
// compare rows that change the reading, the encode panel, and large inputs a page at a time.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, encoded, openPage, ready, serveAndBrowse, texts, whenDone } from './harness.mjs';

const env = serveAndBrowse();

async function fresh(hash = '') {
  const opened = await openPage(env.browser, env.server.url + hash);
  await ready(opened.page);
  return opened;
}

test('Table 3-8: eight malformed sequences named, then A', async () => {
  const { page, outside, errors } = await fresh();
  await whenDone(page, () => page.fill('#input', 'C0 AF E0 80 BF F0 81 82 41'));
  assert.equal(await page.locator('#format').textContent(), 'hex dump: plain hex, 9 bytes');
  // Without a label, detection reads them as UTF-8 with malformed sequences (what a user pasting
  // the seed's example came to see), and says that it chose.
  assert.equal(await page.locator('#reading-encoding').textContent(), 'UTF-8');
  assert.match(await page.locator('#summary').textContent(), /detection/);
  assert.equal(await page.locator('#malformed-list button').count(), 8);
  await whenDone(page, () => page.selectOption('#encoding', 'UTF-8'));
  assert.equal(await page.locator('#reading-encoding').textContent(), 'UTF-8');
  assert.equal(await page.locator('#text').textContent(), '\uFFFD'.repeat(8) + 'A');
  const items = page.locator('#malformed-list button');
  assert.equal(await items.count(), 8);
  assert.deepEqual(await texts(page, '#malformed-list .kind'), Array(8).fill('overlong'));
  assert.deepEqual(await texts(page, '#malformed-list .offset'), [0, 1, 2, 3, 4, 5, 6, 7].map((n) => `byte ${n}`));
  assert.match(await items.nth(2).textContent(), /E0.*overlong.*E0: followed by 80/);
  assert.equal(await page.locator('#grid .bad-unit').count(), 8);
  const last = page.locator('#grid .unit').last();
  assert.equal(await last.locator('.ch').textContent(), 'A');
  assert.match(await last.getAttribute('aria-label'), /U\+0041 LATIN CAPITAL LETTER A/);

  // Choosing a malformed sequence highlights its bytes in the grid and explains them.
  await items.nth(5).click();
  const selected = page.locator('#grid .unit.selected');
  assert.equal(await selected.count(), 1);
  assert.equal(await selected.locator('.b').textContent(), 'F0');
  assert.equal(await selected.getAttribute('data-offset'), '5');
  assert.ok(await selected.evaluate((n) => n === document.activeElement));
  assert.match(await page.locator('#detail').textContent(), /Malformed: overlong.*F0: followed by 81/s);
  assert.equal(await page.locator('#detail .bits').textContent(), '11110 000');
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});

test('a character shows its bit layout, marker and payload bits apart, and its name', async () => {
  const { page, outside } = await fresh();
  await whenDone(page, () => page.fill('#input', 'é€'));
  assert.equal(await page.locator('#format').textContent(), 'text');
  const e = page.locator('#grid .unit').first();
  assert.deepEqual(await e.locator('.b').allTextContents(), ['C3', 'A9']);
  assert.deepEqual(await e.locator('.b').evaluateAll((bs) => bs.map((b) => b.className)), ['b lead', 'b cont']);
  await e.hover();
  const detail = page.locator('#detail');
  await page.waitForFunction(() => document.querySelector('#detail').textContent.includes('U+00E9'));
  assert.match(await detail.textContent(), /U\+00E9 LATIN SMALL LETTER E WITH ACUTE/);
  const bits = detail.locator('.bits').first();
  assert.equal(await bits.textContent(), '110 00011 10 101001');
  assert.deepEqual(await bits.locator('.marker').allTextContents(), ['110', '10']);
  assert.deepEqual(await bits.locator('.payload').allTextContents(), ['00011', '101001']);
  const [marker, payload] = await Promise.all(['.marker', '.payload'].map((s) => bits.locator(s).first()
    .evaluate((n) => `${getComputedStyle(n).color} ${getComputedStyle(n).fontWeight}`)));
  assert.notEqual(marker, payload, 'marker and payload bits look different');
  // A tap (click) chooses the euro sign.
  await page.locator('#grid .unit').nth(1).click();
  assert.match(await detail.textContent(), /U\+20AC EURO SIGN/);
  assert.equal(await detail.locator('.bits').first().textContent(), '1110 0010 10 000010 10 101100');
  assert.deepEqual(outside, []);
});

test('the compare view lists every encoding and makes one the current reading', async () => {
  const { page, outside } = await fresh();
  await whenDone(page, () => page.fill('#input', 'café'));
  const rows = page.locator('#compare tbody tr');
  const registry = await apiGet(page, '/api/encodings');
  assert.equal(await rows.count(), registry.length);
  assert.equal(await rows.first().getAttribute('data-encoding'), 'UTF-8');
  assert.equal(await page.locator('#compare tr.current').getAttribute('data-encoding'), 'UTF-8');
  const w1252 = page.locator('#compare tr[data-encoding="windows-1252"]');
  assert.equal(await w1252.locator('td.reading').textContent(), 'cafÃ©');
  await whenDone(page, () => w1252.locator('button').click());
  assert.equal(await page.locator('#reading-encoding').textContent(), 'windows-1252');
  assert.equal(await page.locator('#text').textContent(), 'cafÃ©');
  assert.equal(await page.locator('#encoding').inputValue(), 'windows-1252');
  assert.equal(await page.locator('#compare tr.current').getAttribute('data-encoding'), 'windows-1252');
  assert.equal(await page.locator('#compare tr.current button').getAttribute('aria-current'), 'true');
  assert.deepEqual(outside, []);
});

test('BOM readings under both policies, with the sentence where they differ', async () => {
  const { page } = await fresh();
  await whenDone(page, () => page.fill('#input', 'FF FE 00 00 48 00 00 00'));
  assert.match(await page.locator('#bom-whatwg').textContent(), /^UTF-16LE mark \(2 bytes\)/);
  assert.match(await page.locator('#bom-unicode').textContent(), /^UTF-32LE mark \(4 bytes\)/);
  assert.match(await page.locator('#bom-sentence').textContent(), /browsers know no UTF-32/);
  assert.equal(await page.locator('#reading-encoding').textContent(), 'UTF-32LE');
  assert.deepEqual(await page.locator('#grid .b.bom').allTextContents(), ['FF', 'FE', '00', '00']);
});

test('encode the text and copy it in any format', async () => {
  const { page, outside } = await openPage(env.browser, `${env.server.url}#input=${encodeURIComponent('日本€')}`,
    { permissions: ['clipboard-read', 'clipboard-write'] });
  await ready(page);
  assert.equal(await page.locator('#encode-output').textContent(), 'E6 97 A5 E6 9C AC E2 82 AC');
  await encoded(page, () => page.selectOption('#encode-to', 'Shift_JIS'));
  assert.equal(await page.locator('#encode-output').textContent(), '93 FA 96 7B 26 23 38 33 36 34 3B');
  assert.match(await page.locator('#encode-info').textContent(), /1 character cannot be written in Shift_JIS.*€/);
  for (const [format, output] of [['c', '"\\x93\\xFA\\x96{&#8364;"'], ['url', '%93%FA%96%7B%26%238364%3B'], ['js', '"\\u65E5\\u672C\\u20AC"']]) {
    await encoded(page, () => page.selectOption('#encode-format', format));
    assert.equal(await page.locator('#encode-output').textContent(), output, format);
  }
  await page.locator('#copy').click();
  await page.waitForFunction(() => document.querySelector('#copy-status').textContent !== '');
  assert.equal(await page.evaluate(() => navigator.clipboard.readText()), '"\\u65E5\\u672C\\u20AC"');
  assert.deepEqual(outside, []);
});

test('input rendered as text: markup in the input stays text', async () => {
  const { page, errors } = await fresh();
  const markup = '<img src=x onerror="document.title=1"><script>document.title=2</script>';
  await whenDone(page, () => page.fill('#input', markup));
  assert.equal(await page.locator('#text').textContent(), markup);
  assert.equal(await page.locator('#grid img, #text img, #text script').count(), 0);
  assert.equal(await page.title(), 'charscope');
  assert.deepEqual(errors, []);
});

test('bad hex in hex mode is an error naming line and column', async () => {
  const { page } = await fresh();
  await whenDone(page, () => page.fill('#input', 'C3 A9\n41 zz'));
  assert.equal(await page.locator('#format').textContent(), 'text', 'auto mode reads it as text');
  await whenDone(page, () => page.check('input[name="mode"][value="hex"]'));
  assert.match(await page.locator('#error').textContent(), /line 2, column 4/);
  assert.ok(await page.locator('#error').isVisible());
  await whenDone(page, () => page.check('input[name="mode"][value="text"]'));
  assert.ok(!(await page.locator('#error').isVisible()));
  assert.equal(await page.locator('#text').textContent(), 'C3 A9\n41 zz');
});

test('an xxd dump is read back into its bytes', async () => {
  const { page, outside } = await fresh();
  const dump = '00000000: 6361 66c3 a90a                           caf...\n';
  await whenDone(page, () => page.fill('#input', dump));
  assert.equal(await page.locator('#format').textContent(), 'hex dump: xxd, 6 bytes');
  assert.deepEqual(await page.locator('#grid .b').allTextContents(), ['63', '61', '66', 'C3', 'A9', '0A']);
  assert.equal(await page.locator('#text').textContent(), 'café\n');
  // Forcing text reads the dump's own characters instead.
  await whenDone(page, () => page.check('input[name="mode"][value="text"]'));
  assert.equal(await page.locator('#format').textContent(), 'text');
  assert.equal(await page.locator('#grid .unit').count(), [...dump].length);
  assert.deepEqual(outside, []);
});

test('a hexdump -C dump, and words that only look like hex', async () => {
  const { page } = await fresh();
  const dump = '00000000  ef bb bf 48 69 0a                                 |...Hi.|\n00000006\n';
  await whenDone(page, () => page.fill('#input', dump));
  assert.equal(await page.locator('#format').textContent(), 'hex dump: hexdump -C, 6 bytes');
  assert.equal(await page.locator('#reading-encoding').textContent(), 'UTF-8');
  assert.deepEqual(await page.locator('#grid .b.bom').allTextContents(), ['EF', 'BB', 'BF']);
  await whenDone(page, () => page.fill('#input', 'cafe'));
  assert.equal(await page.locator('#format').textContent(), 'text');
  await whenDone(page, () => page.check('input[name="mode"][value="hex"]'));
  assert.equal(await page.locator('#format').textContent(), 'hex dump: plain hex, 2 bytes');
});

test('a 1 MiB paste arrives a page at a time and the rest on demand', async (t) => {
  const { page, outside, errors } = await fresh();
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))))
      .observe({ type: 'longtask' });
  });
  const line = 'Hello, café 日本語 😀 naïve text; ';
  const big = line.repeat(Math.ceil((1 << 20) / new TextEncoder().encode(line).length));
  const started = Date.now();
  // A paste event, as Ctrl+V sends it: the page reads it all and shows its start in the box.
  await whenDone(page, () => page.evaluate((text) => {
    const data = new DataTransfer();
    data.setData('text/plain', text);
    document.querySelector('#input').dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, big));
  assert.equal((await page.locator('#input').inputValue()).length, 4 * 1024);
  assert.ok(await page.locator('#input').evaluate((box) => box.readOnly));
  assert.match(await page.locator('#large-input').textContent(), /A large input: [\d,]+ characters, all read/);
  t.diagnostic(`1 MiB paste drawn in ${Date.now() - started} ms, including the debounce; ${await page.locator('#status').textContent()}`);
  t.diagnostic(`main-thread tasks over 50 ms: ${await page.evaluate(() => window.longTasks.join(', ') || 'none')}`);
  assert.equal(await page.locator('#grid .unit').count(), 500);
  assert.match(await page.locator('#grid-status').textContent(), /^Showing 500 of [\d,]+ characters\.$/);
  assert.match(await page.locator('#share').textContent(), /too long to be kept in the address/);
  assert.ok(await page.locator('#more').isVisible());
  await whenDone(page, () => page.locator('#more').click());
  assert.equal(await page.locator('#grid .unit').count(), 1000);
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});
