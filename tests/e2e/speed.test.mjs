// A 1 MiB paste in Chromium: how big the first answer is, when the grid becomes usable, the
// longest main-thread task, and that typing in the large input reads it once, not per key.
// The timings are printed (t.diagnostic) and written to target/e2e/speed.json, not asserted:
// they depend on the machine. Run with CHARSCOPE_BIN=target/release/charscope for real figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { artifacts, openPage, ready, serveAndBrowse } from './harness.mjs';

const env = serveAndBrowse();

test('a 1 MiB paste: answer size, time to a usable grid, long tasks, typing', async (t) => {
  const { page, outside, errors } = await openPage(env.browser, env.server.url);
  await ready(page);
  const sizes = [];
  page.on('response', async (response) => {
    if (response.url().endsWith('/api/inspect')) sizes.push((await response.body()).length);
  });
  await page.evaluate(() => {
    window.longTasks = [];
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => Math.round(e.duration))))
      .observe({ type: 'longtask' });
  });
  const line = 'Hello, café 日本語 😀 naïve e\u0301 text; ';
  const big = line.repeat(Math.ceil((1 << 20) / new TextEncoder().encode(line).length));
  // A paste event, as Ctrl+V sends it (the page reads a large paste at once, no debounce, and
  // shows its start in the box). Times are taken in the page from the event.
  const timing = await page.evaluate((text) => new Promise((resolve) => {
    const box = document.querySelector('#input');
    const grid = document.querySelector('#grid');
    const before = Number(document.body.dataset.done || 0);
    const started = performance.now();
    let usable = null;
    const check = () => {
      if (usable === null && grid.querySelector('.unit[tabindex="0"]')) usable = performance.now() - started;
      if (Number(document.body.dataset.done || 0) > before && document.body.dataset.busy === 'false'
        && document.body.dataset.compare !== 'busy') {
        resolve({ usable: Math.round(usable), done: Math.round(performance.now() - started), at: started });
      } else requestAnimationFrame(check);
    };
    const data = new DataTransfer();
    data.setData('text/plain', text);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    requestAnimationFrame(check);
  }), big);
  const longTasks = await page.evaluate(() => window.longTasks);
  const requests = await page.evaluate((at) => performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/api/') && e.startTime >= at)
    .map((e) => `${new URL(e.name).pathname} ${Math.round(e.startTime - at)}..${Math.round(e.responseEnd - at)} ms after the paste, ${e.encodedBodySize} B`), timing.at);
  t.diagnostic(requests.join('; '));
  const result = {
    input_bytes: new TextEncoder().encode(big).length,
    inspect_response_bytes: sizes[0],
    grid_usable_ms: timing.usable,
    all_drawn_ms: timing.done,
    longest_task_ms: Math.max(0, ...longTasks),
    tasks_over_50_ms: longTasks,
  };
  t.diagnostic(JSON.stringify(result));
  assert.ok(sizes[0] < 1_000_000, `the first answer is ${sizes[0]} bytes`);

  // "Edit it all" puts the whole text in the box; typing five keys at its end reads it once,
  // after the pause, not at every key.
  await page.locator('#edit-all').click();
  assert.equal((await page.locator('#input').inputValue()).length, big.length);
  const tasksBeforeTyping = (await page.evaluate(() => window.longTasks)).length;
  const doneBefore = Number(await page.evaluate(() => document.body.dataset.done));
  const requestsBefore = sizes.length;
  await page.locator('#input').focus();
  await page.keyboard.press('End');
  await page.keyboard.type('typed', { delay: 60 });
  await page.waitForFunction((n) => Number(document.body.dataset.done) > n && document.body.dataset.busy === 'false', doneBefore);
  await page.waitForTimeout(1000);
  assert.equal(sizes.length - requestsBefore, 1, 'one reading for five keys');
  assert.equal(Number(await page.evaluate(() => document.body.dataset.done)), doneBefore + 1);
  result.typing_tasks_over_50_ms = (await page.evaluate(() => window.longTasks)).slice(tasksBeforeTyping);
  t.diagnostic(`typing: ${JSON.stringify(result.typing_tasks_over_50_ms)}`);
  writeFileSync(join(artifacts, 'speed.json'), `${JSON.stringify(result, null, 2)}\n`);
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});
