// Every ready example, one click away: each button loads its input, and the panels show the
// outcome the example expects (the facts come from /api/examples, which the library checks).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { apiGet, decodedText, encoded, openPage, ready, serveAndBrowse, texts, whenDone } from './harness.mjs';

const env = serveAndBrowse();

const SOURCES = {
  text: 'the input is text',
  bom: 'chosen by the byte order mark',
  label: 'as labelled',
  'utf8-valid': 'valid UTF-8',
  fallback: 'windows-1252 fallback',
};

const LENGTHS = ['utf8_bytes', 'utf16_units', 'code_points', 'graphemes'];

test('each ready example shows its expected outcome', async (t) => {
  const { page, outside, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  const examples = await apiGet(page, '/api/examples');
  const encodings = await apiGet(page, '/api/encodings');
  const nameOf = (label) => encodings.find((e) => e.labels.includes(label.toLowerCase())).name;
  assert.equal(await page.locator('#example-list button').count(), examples.length);
  assert.ok(examples.length >= 30);

  for (const example of examples) {
    await t.test(example.name, async () => {
      const expect = example.expect;
      // The examples are a menu: open it, choose one, and it closes.
      await page.locator('#examples-menu summary').click();
      const button = page.locator(`#example-list button[data-name="${example.name}"]`);
      await whenDone(page, () => button.click());
      assert.equal(await page.locator('#example-title').textContent(), example.title);
      assert.equal(await button.getAttribute('aria-pressed'), 'true');
      assert.equal(await page.locator('#example-description').textContent(), example.description);
      assert.deepEqual(await texts(page, '#example-expected li'), example.expected);
      assert.match(await page.locator('#example-verdict').textContent(), /they hold/);
      // The input box holds what the example loads.
      assert.equal(await page.locator('#input').inputValue(), example.load.input);

      if (expect.encoding) assert.equal(await page.locator('#reading-encoding').textContent(), expect.encoding);
      if (expect.encoding_source) {
        assert.match(await page.locator('#summary').textContent(), new RegExp(SOURCES[expect.encoding_source]));
      }
      if (expect.text !== undefined) assert.equal(await decodedText(page), expect.text);
      if (expect.malformed) {
        assert.deepEqual(await texts(page, '#malformed-list .kind'), expect.malformed);
        assert.equal(await page.locator('#grid .bad-unit').count(), expect.malformed.length);
        if (expect.malformed.length === 0) assert.match(await page.locator('#malformed-summary').textContent(), /^None/);
      }
      if (expect.lengths) {
        for (const key of LENGTHS) {
          const shown = await page.locator(`#lengths tr[data-key="${key}"] td.number`).textContent();
          assert.equal(shown, String(expect.lengths[key]), key);
        }
      }
      if (expect.normalized) {
        for (const form of ['nfc', 'nfd']) {
          const shown = await page.locator(`#normalization tr[data-form="${form}"] td`).first().textContent();
          assert.equal(shown, expect.normalized[form] ? 'yes' : 'no', form);
        }
      }
      if (expect.nfd_utf8) {
        assert.equal(await page.locator('#normalization tr[data-form="nfd"] code').textContent(), expect.nfd_utf8);
      }
      if (expect.bom_readings) {
        for (const policy of ['whatwg', 'unicode']) {
          const shown = await page.locator(`#bom-${policy}`).textContent();
          const want = expect.bom_readings[policy];
          assert.ok(want ? shown.startsWith(`${want} mark`) : shown === 'no byte order mark', `${policy}: ${shown}`);
        }
      }
      if (expect.utf8_bits) {
        await page.locator('#grid .unit[data-index="0"]').click();
        assert.equal(await page.locator('#detail .bits').first().textContent(), expect.utf8_bits);
      }
      // The encode panel starts on UTF-8 as hex (or the example's own encoding): the text's UTF-8.
      if (example.load.encode_to) await encoded(page, () => page.selectOption('#encode-to', 'UTF-8'));
      if (expect.text_utf8) assert.equal(await page.locator('#encode-output').textContent(), expect.text_utf8);
      for (const { label, hex } of expect.encoded) {
        await encoded(page, () => page.selectOption('#encode-to', nameOf(label)));
        assert.equal(await page.locator('#encode-output').textContent(), hex, label);
      }
      if (expect.encoded.length) await encoded(page, () => page.selectOption('#encode-to', 'UTF-8'));
    });
  }
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});
