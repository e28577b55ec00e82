// Shared by the end-to-end tests: start `charscope serve` on a free port (or, with
// CHARSCOPE_E2E=static, a plain static file server over target/static, the page with no server:
// scripts/build-static.sh), launch Debian's Chromium headless through playwright-core, and
// record every request the page makes.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const root = join(here, '..', '..');
export const artifacts = join(root, 'target', 'e2e');
mkdirSync(artifacts, { recursive: true });

/** Whether the tests run against the static build (no server: the API in a Web Worker). */
export const STATIC = process.env.CHARSCOPE_E2E === 'static';

/** Starts the server (or the static file server); resolves to { url, stop }. */
export function startServer() {
  return STATIC ? startStatic() : startCharscope();
}

/** Serves target/static with Python's plain static file server. */
function startStatic() {
  const folder = process.env.CHARSCOPE_STATIC || join(root, 'target', 'static');
  const child = spawn('python3', ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', folder],
    { stdio: ['ignore', 'pipe', 'ignore'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the static server did not start: ${out}`)), 15000);
    child.on('error', reject);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/port (\d+)/);
      if (match) {
        clearTimeout(timer);
        resolve({ url: `http://127.0.0.1:${match[1]}/`, stop: () => child.kill('SIGINT') });
      }
    });
  });
}

/** Starts `charscope serve`. */
function startCharscope() {
  const bin = process.env.CHARSCOPE_BIN || join(root, 'target', 'debug', 'charscope');
  const child = spawn(bin, ['serve', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15000);
    child.on('error', reject);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const match = out.match(/http:\/\/127\.0\.0\.1:\d+\//);
      if (match) {
        clearTimeout(timer);
        resolve({ url: match[0], stop: () => child.kill('SIGINT') });
      }
    });
  });
}

/** Launches Chromium with the flags this machine needs as root, offline. */
export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
}

/**
 * Starts the server and the browser before a test file's tests and stops them after: the
 * returned object's `server` ({ url, stop }) and `browser` are set once the tests run.
 */
export function serveAndBrowse() {
  const env = {};
  before(async () => {
    env.server = await startServer();
    env.browser = await launchBrowser();
  });
  after(async () => {
    await env.browser?.close();
    env.server?.stop();
  });
  return env;
}

/**
 * A page that records every request and refuses any that would leave 127.0.0.1. `options` go to
 * the browser context (colorScheme, permissions, viewport...).
 */
export async function openPage(browser, url, options = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, ...options });
  const page = await context.newPage();
  const requests = [];
  const outside = [];
  await page.route('**/*', (route) => {
    const target = new URL(route.request().url());
    requests.push(target.href);
    if (target.hostname !== '127.0.0.1' && target.protocol !== 'data:') {
      outside.push(target.href);
      return route.abort();
    }
    return route.continue();
  });
  const errors = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  await page.goto(url);
  return { page, requests, outside, errors };
}

/** Resolves once the page has finished its first reading (lists loaded, panels drawn). */
export async function ready(page) {
  await page.waitForFunction(() => document.body.dataset.ready === 'true'
    && document.body.dataset.busy === 'false' && document.body.dataset.compare !== 'busy'
    && document.body.dataset.encode !== 'busy'
    && !Object.entries(document.body.dataset).some(([k, v]) => k.startsWith('panel') && v === 'busy'));
}

/**
 * Runs `action` and resolves once the reading it started has finished: the page's `data-done`
 * counter moved on, nothing is pending, and the comparison, the encoding and the panels are
 * drawn.
 */
export async function whenDone(page, action) {
  const before = Number(await page.evaluate(() => document.body.dataset.done || 0));
  await action();
  await page.waitForFunction((n) => Number(document.body.dataset.done || 0) > n
    && document.body.dataset.busy === 'false' && document.body.dataset.compare !== 'busy'
    && document.body.dataset.encode !== 'busy'
    && !Object.entries(document.body.dataset).some(([k, v]) => k.startsWith('panel') && v === 'busy'), before);
}

/** Runs `action` (a change of the encode panel) and resolves once its output is drawn. */
export async function encoded(page, action) {
  await action();
  await page.waitForFunction(() => document.body.dataset.encode === 'ready');
}

/** The text of every element matching `selector`. */
export function texts(page, selector) {
  return page.locator(selector).allTextContents();
}

/** The decoded text as the page holds it, each hidden character's mark (drawn in place of a
 * control, bidi or invisible character) read back as the character: its title starts with the
 * code point. */
export function decodedText(page) {
  return page.locator('#text').evaluate((box) => [...box.childNodes].map((node) => (
    node.nodeType === Node.ELEMENT_NODE && node.classList.contains('hidden-mark')
      ? String.fromCodePoint(parseInt(node.title.slice(2), 16))
      : node.textContent)).join(''));
}

/** An API answer, through the page's own transport (the server, or the worker of the static
 * build). */
export function apiGet(page, path) {
  return page.evaluate((p) => window.charscopeTransport.call(p), path);
}

/** How many requests the page sent to each API path, in either transport. */
export function apiCalls(page) {
  return page.evaluate(() => ({ ...window.charscopeTransport.calls }));
}
