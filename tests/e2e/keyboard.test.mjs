// The page with the keyboard alone: paste, choose an encoding, reach a malformed sequence,
// highlight its bytes and walk the byte grid, with a visible focus all along.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openPage, ready, serveAndBrowse } from './harness.mjs';

const env = serveAndBrowse();

const focused = (page) => page.evaluate(() => {
  const e = document.activeElement;
  const style = getComputedStyle(e);
  return {
    id: e.id,
    name: e.getAttribute('name'),
    value: e.value,
    classes: e.className,
    text: e.textContent,
    outline: style.outlineStyle !== 'none' && style.outlineWidth !== '0px',
  };
});

/** Presses Tab until `match` holds for the focused element; fails after `max` presses. */
async function tabTo(page, match, max = 80) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    if (match(now)) return now;
  }
  throw new Error('never reached with Tab');
}

/** Presses Shift+Tab until `match` holds for the focused element. */
async function tabBackTo(page, match, max = 120) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Shift+Tab');
    const now = await focused(page);
    if (match(now)) return now;
  }
  throw new Error('never reached with Shift+Tab');
}

async function settle(page) {
  await page.waitForTimeout(200); // the input's debounce
  await ready(page);
}

test('keyboard only: from the input box to a highlighted malformed sequence', async () => {
  const { page, outside, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  const first = await tabTo(page, (f) => f.classes === 'skip', 1);
  assert.ok(first.outline, 'the skip link shows its focus');
  // Past the examples menu (closed) to the input box.
  await tabTo(page, (f) => f.id === 'input', 2);
  await page.keyboard.type('ED A0 80 ED BF BF ED AF 41');
  await settle(page);
  // The mode radios are one stop: the arrow keys move between them.
  const radio = await tabTo(page, (f) => f.name === 'mode', 1);
  assert.equal(radio.value, 'auto');
  assert.ok(radio.outline, 'the radio shows its focus');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await settle(page);
  assert.equal(await page.locator('input[name="mode"]:checked').inputValue(), 'hex');
  // The encoding picker: type-ahead chooses UTF-8.
  await tabTo(page, (f) => f.id === 'encoding', 1);
  await page.keyboard.type('UTF-8');
  await settle(page);
  assert.equal(await page.locator('#reading-encoding').textContent(), 'UTF-8');
  assert.equal(await page.locator('#malformed-list button').count(), 8);
  // On to the malformed list, past the examples and the grid.
  const item = await tabTo(page, (f) => f.classes.includes('malformed-item'));
  assert.ok(item.outline, 'a malformed sequence shows its focus');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  const third = await focused(page);
  assert.match(third.text, /^byte 2 80 surrogate/);
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.activeElement.classList.contains('selected'));
  let now = await focused(page);
  assert.match(now.classes, /unit bad-unit selected/);
  assert.match(await page.locator('#detail').textContent(), /Malformed: surrogate.*Byte offset2/s);
  // The grid: arrow keys walk it, End jumps to the last character.
  await page.keyboard.press('ArrowRight');
  assert.match(await page.locator('#detail').textContent(), /Byte offset3/);
  await page.keyboard.press('End');
  now = await focused(page);
  assert.ok(now.outline, 'the grid shows its focus');
  assert.match(await page.locator('#detail').textContent(), /U\+0041 LATIN CAPITAL LETTER A/);
  // The examples menu opens with Enter; Space on an example loads it.
  const menu = await tabBackTo(page, (f) => f.id === 'examples-heading');
  assert.ok(menu.outline, 'the menu shows its focus');
  await page.keyboard.press('Enter');
  const example = await tabTo(page, (f) => f.classes === 'example' && f.text.startsWith('A family emoji'), 120);
  assert.ok(example.outline);
  const before = Number(await page.evaluate(() => document.body.dataset.done));
  await page.keyboard.press(' ');
  await page.waitForFunction((n) => Number(document.body.dataset.done) > n, before);
  await ready(page);
  assert.equal(await page.locator('#lengths tr[data-key="graphemes"] td.number').textContent(), '1');
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});
