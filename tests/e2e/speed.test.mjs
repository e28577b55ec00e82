// A 1 MiB paste in Chromium: how big each answer is, when the grid becomes usable, the
// longest main-thread task, and that typing in the large input reads it once, not per key.
// The timings are printed (t.diagnostic) and written to target/e2e/speed.json, not asserted:
// they depend on the machine. What is asserted is how the page goes about it: every answer
// under 1 MB (the other views' under 100 kB: the start of each text only), the first frame
// drawing one chunk of the grid, and the other views asking only once the grid is drawn. Against
// the static build (CHARSCOPE_E2E=static) the answers come from the worker: the page's transport
// counts the requests, and the figures go to target/e2e/speed-static.json.
// Run with CHARSCOPE_BIN=target/release/charscope for real figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { apiCalls, artifacts, openPage, ready, serveAndBrowse, STATIC } from './harness.mjs';

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
    new PerformanceObserver((list) => window.longTasks.push(...list.getEntries()
      .map((e) => ({ start: e.startTime, duration: Math.round(e.duration) }))))
      .observe({ type: 'longtask' });
  });
  const line = 'Hello, café 日本語 😀 naïve e\u0301 text; ';
  const big = line.repeat(Math.ceil((1 << 20) / new TextEncoder().encode(line).length));
  // A paste event, as Ctrl+V sends it (the page reads a large paste at once, no debounce, and
  // shows its start in the box). Times are taken in the page from the event.
  // The text reaches the page first, in a task of its own: the tasks counted are the page's,
  // from the paste on.
  await page.evaluate((text) => { window.pasted = text; }, big);
  const callsBefore = await apiCalls(page);
  const timing = await page.evaluate(() => new Promise((resolve) => {
    const text = window.pasted;
    const box = document.querySelector('#input');
    const grid = document.querySelector('#grid');
    const before = Number(document.body.dataset.done || 0);
    const started = performance.now();
    let usable = null;
    let firstUnits = 0;
    // When the first units enter the grid (a mutation record comes at the end of the task that
    // put them there): the other views' requests must start later.
    let drawn = null;
    const watch = new MutationObserver(() => {
      if (drawn === null && grid.querySelector('.unit')) {
        drawn = performance.now();
        watch.disconnect();
      }
    });
    watch.observe(grid, { childList: true });
    const check = () => {
      if (usable === null && grid.querySelector('.unit[tabindex="0"]')) {
        usable = performance.now() - started;
        firstUnits = grid.querySelectorAll('.unit').length;
      }
      if (Number(document.body.dataset.done || 0) > before && document.body.dataset.busy === 'false'
        && document.body.dataset.compare !== 'busy' && document.body.dataset.encode !== 'busy'
        && document.body.dataset.panelRepair !== 'busy' && document.body.dataset.panelDetect !== 'busy'
        && document.body.dataset.panelHidden !== 'busy') {
        resolve({ usable: Math.round(usable), done: Math.round(performance.now() - started), at: started, drawn, firstUnits });
      } else requestAnimationFrame(check);
    };
    const data = new DataTransfer();
    data.setData('text/plain', text);
    box.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    requestAnimationFrame(check);
  }));
  const longTasks = await page.evaluate((at) => window.longTasks
    .filter((task) => task.start + task.duration > at).map((task) => task.duration), timing.at);
  const requests = await page.evaluate((at) => performance.getEntriesByType('resource')
    .filter((e) => e.name.includes('/api/') && e.startTime >= at)
    .map((e) => ({
      path: new URL(e.name).pathname, start: e.startTime, end: e.responseEnd, bytes: e.encodedBodySize,
    })), timing.at);
  t.diagnostic(requests.map((r) => `${r.path} ${Math.round(r.start - timing.at)}..${Math.round(r.end - timing.at)} ms after the paste, ${r.bytes} B`).join('; '));
  const callsAfter = await apiCalls(page);
  const asked = Object.keys(callsAfter).filter((p) => callsAfter[p] !== (callsBefore[p] || 0));
  const result = {
    transport: STATIC ? 'worker' : 'server',
    input_bytes: new TextEncoder().encode(big).length,
    inspect_response_bytes: sizes[0],
    response_bytes: Object.fromEntries(requests.map((r) => [r.path, r.bytes])),
    grid_usable_ms: timing.usable,
    all_drawn_ms: timing.done,
    longest_task_ms: Math.max(0, ...longTasks),
    tasks_over_50_ms: longTasks,
  };
  t.diagnostic(JSON.stringify(result));
  // Every view of the reading asked once, in either transport.
  const views = ['/api/compare', '/api/detect', '/api/encode', '/api/fix', '/api/inspect', '/api/scan'];
  assert.deepEqual(asked.sort(), views);
  for (const path of views) assert.equal(callsAfter[path] - (callsBefore[path] || 0), 1, path);
  if (!STATIC) {
    assert.ok(sizes[0] < 1_000_000, `the first answer is ${sizes[0]} bytes`);
    // Each answer small: the page shows the start of each text, and asks for more on demand.
    assert.deepEqual(requests.map((r) => r.path).sort(), views);
    for (const r of requests.filter((q) => q.path !== '/api/inspect')) {
      assert.ok(r.bytes > 0 && r.bytes < 100_000, `${r.path} answered ${r.bytes} bytes`);
    }
  }
  // The first frame shows one chunk of the grid (125 units), the rest follows a chunk a frame;
  // the other views ask only once the first units are in the grid.
  assert.ok(timing.firstUnits > 0 && timing.firstUnits <= 125, `the first frame drew ${timing.firstUnits} units`);
  assert.ok(timing.drawn !== null);
  // Each compare row shows the start of its reading, cut with an ellipsis.
  assert.match(await page.locator('#compare td.reading').first().textContent(), /^Hello, caf.{100,}…$/u);
  for (const r of requests.filter((q) => q.path !== '/api/inspect')) {
    assert.ok(r.start > timing.drawn, `${r.path} was asked before the grid was drawn`);
  }
  assert.equal(STATIC, requests.length === 0, 'no HTTP request in the static build');

  // "Edit it all" puts the whole text in the box; typing five keys at its end reads it once,
  // after the pause, not at every key.
  await page.locator('#edit-all').click();
  assert.equal((await page.locator('#input').inputValue()).length, big.length);
  const tasksBeforeTyping = (await page.evaluate(() => window.longTasks)).length;
  const doneBefore = Number(await page.evaluate(() => document.body.dataset.done));
  const requestsBefore = sizes.length;
  const inspectsBefore = (await apiCalls(page))['/api/inspect'];
  await page.locator('#input').focus();
  await page.keyboard.press('End');
  await page.keyboard.type('typed', { delay: 60 });
  await page.waitForFunction((n) => Number(document.body.dataset.done) > n && document.body.dataset.busy === 'false', doneBefore);
  await page.waitForTimeout(1000);
  assert.equal((await apiCalls(page))['/api/inspect'] - inspectsBefore, 1, 'one reading for five keys');
  if (!STATIC) assert.equal(sizes.length - requestsBefore, 1, 'one reading for five keys');
  assert.equal(Number(await page.evaluate(() => document.body.dataset.done)), doneBefore + 1);
  result.typing_tasks_over_50_ms = (await page.evaluate(() => window.longTasks)).slice(tasksBeforeTyping).map((task) => task.duration);
  t.diagnostic(`typing: ${JSON.stringify(result.typing_tasks_over_50_ms)}`);
  writeFileSync(join(artifacts, STATIC ? 'speed-static.json' : 'speed.json'), `${JSON.stringify(result, null, 2)}\n`);
  assert.deepEqual(outside, []);
  assert.deepEqual(errors, []);
});
