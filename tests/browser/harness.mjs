// Shared by the browser tests: a server for the site and a headless Chromium that records
// every console error, page error, failed request and HTTP error.
//
// The tests run against what ships: target/site/, the minified copy of www/ that `cargo
// xtask build` writes. `cargo xtask test` serves it and passes its URL in PLYGROUND_URL. Run
// alone (`node --test tests/browser/`, after `cargo xtask build`), a test starts `cargo xtask
// serve --no-build` itself, which serves the same folder.

import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before } from 'node:test';
import { chromium } from 'playwright-core';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** Debian's Chromium headless shell (`cargo xtask test` installs it): the same Blink and V8 as
 *  its chromium, without the rest of the browser. */
const CHROMIUM = process.env.PLYGROUND_CHROMIUM ?? '/usr/bin/chromium-headless-shell';

/** Chromium's flags for every headless run here (the tests and bench/chromium.mjs): no
 *  sandbox (containers), no GPU, no network of its own (updates, sync, QUIC). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** `plyground ARGS…` (the CLI, through cargo so that it is built): {status, stdout, stderr}.
 *  The test profile's build, the one `cargo xtask test`'s native tests have made: in the dev
 *  profile the first call would compile the CLI and the core again, beside the other tests. */
export function plyground(args, input) {
  const r = spawnSync('cargo', ['run', '-q', '--profile', 'test', '-p', 'plyground-cli', '--', ...args], { cwd: ROOT, encoding: 'utf8', input });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Starts `cargo xtask serve` on a free port; resolves to {url, server}. */
function startServer() {
  return new Promise((resolve, reject) => {
    const server = spawn('cargo', ['xtask', 'serve', '--no-build', '--port', '0', '--mount', '/tests/=tests'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/^(http:\/\/127\.0\.0\.1:\d+\/)$/m);
      if (m) resolve({ url: m[1], server });
    });
    server.on('exit', (code) => reject(new Error(`cargo xtask serve exited (${code}) before serving:\n${out}`)));
  });
}

/**
 * The server's URL, a fresh Chromium page and the list of problems it reports; `close()`
 * stops everything. `contextOptions` go to the browser context (the accessibility test
 * injects axe-core into pages whose CSP allows no inline script: `{bypassCSP: true}`).
 */
export async function openBrowser(contextOptions = {}) {
  let base;
  let server;
  if (process.env.PLYGROUND_URL) {
    base = process.env.PLYGROUND_URL;
  } else {
    ({ url: base, server } = await startServer());
  }
  const profile = await mkdtemp(join(tmpdir(), 'plyground-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...contextOptions,
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = [];
  const wasmTypes = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error' || msg.type() === 'warning') problems.push(`console ${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  // A request cut off because the page then loaded another document (its worker ending with
  // it) is not a failure of the site: Chromium reports it as net::ERR_ABORTED. Any other is.
  // A document is counted when it commits, so that what the old one still asked for between
  // the navigation's request and its commit belongs to the old one.
  let documents = 0;
  const startedAt = new WeakMap();
  // Cancelled requests of the current document: dropped when it is replaced, since the
  // navigation that replaced it may have cancelled them before it committed.
  let abortedHere = [];
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    for (const p of abortedHere) {
      const i = problems.indexOf(p);
      if (i >= 0) problems.splice(i, 1);
    }
    abortedHere = [];
    documents++;
  });
  page.on('request', (req) => {
    if (!(req.isNavigationRequest() && req.frame() === page.mainFrame())) startedAt.set(req, documents);
  });
  // Nor is a request Chromium cancels (net::ERR_ABORTED) for a file the same document loads
  // all the same (a module fetched twice at once, one fetch dropped): a file that never loads
  // stays a problem.
  const loaded = new Map();
  const cancelled = new Map();
  page.on('requestfinished', (req) => {
    const key = `${documents} ${req.url()}`;
    loaded.set(key, true);
    const i = cancelled.get(key);
    if (i !== undefined && problems[i] === `request failed: ${req.url()} net::ERR_ABORTED`) problems.splice(i, 1);
    cancelled.delete(key);
  });
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText;
    if (why === 'net::ERR_ABORTED' && startedAt.has(req) && startedAt.get(req) < documents) return;
    if (why === 'net::ERR_ABORTED' && loaded.has(`${documents} ${req.url()}`)) return;
    if (why === 'net::ERR_ABORTED') {
      cancelled.set(`${documents} ${req.url()}`, problems.length);
      abortedHere.push(`request failed: ${req.url()} ${why}`);
    }
    problems.push(`request failed: ${req.url()} ${why}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()} for ${res.url()}`);
    if (res.url().endsWith('.wasm')) wasmTypes.push(res.headers()['content-type']);
  });
  const close = async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    server?.kill();
  };
  return { base, page, problems, wasmTypes, close };
}

/** The viewport most browser tests draw at. */
export const DESKTOP = { width: 1280, height: 900 };

/**
 * One browser for the enclosing `describe()`: opened before its first test (the page at
 * `viewport`, `null` for Chromium's own; the other options go to `openBrowser`), handed to
 * `use` (which keeps it in the suite's variables), and closed after its last test.
 */
export function browserForSuite(use, { viewport = DESKTOP, ...contextOptions } = {}) {
  let browser;
  before(async () => {
    browser = await openBrowser(contextOptions);
    if (viewport) await browser.page.setViewportSize(viewport);
    use(browser);
  });
  after(async () => {
    await browser?.close();
  });
}

/**
 * The size budget `name`, in bytes gzipped, from xtask/size-budgets.txt (the one definition,
 * which `cargo xtask size` reads too).
 */
export async function sizeBudget(name) {
  const text = await readFile(join(ROOT, 'xtask/size-budgets.txt'), 'utf8');
  const line = text.split('\n').find((l) => l.split('\t')[0] === name);
  if (!line) throw new Error(`xtask/size-budgets.txt has no budget '${name}'`);
  return Number(line.split('\t')[1]);
}

/** Every plyground element. */
export const FIGURES = 'ply-tree, ply-game, ply-mcts, ply-ucb, ply-compare, ply-practice';

/**
 * Builds every element of `selector` on the page as a reader scrolling down through it would:
 * a figure with loading="lazy" (the lessons gallery sets it on all of its figures;
 * elements/lazy.js) is built only once it comes near the viewport. The page is scrolled down
 * half a screen at a time, waiting at each stop for the figures on screen to be ready (or to
 * show an error), then goes back to the top.
 */
export async function buildAll(page, selector = FIGURES, timeout = 60_000) {
  const pending = await page.evaluate(
    async ([sel, ms]) => {
      const ready = (e) => e.state != null || Boolean(e.error);
      const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
      const until = performance.now() + ms;
      const stride = Math.max(100, Math.floor(innerHeight / 2));
      for (let y = 0; performance.now() < until; y += stride) {
        window.scrollTo(0, y);
        await frame();
        await frame();
        const onScreen = [...document.querySelectorAll(sel)].filter((e) => {
          const r = e.getBoundingClientRect();
          return r.bottom > 0 && r.top < innerHeight;
        });
        while (onScreen.some((e) => !ready(e)) && performance.now() < until) await new Promise((r) => setTimeout(r, 20));
        if (window.scrollY + innerHeight >= document.documentElement.scrollHeight - 1) break;
      }
      window.scrollTo(0, 0);
      return [...document.querySelectorAll(sel)].filter((e) => !ready(e)).map((e) => `${e.closest('[id]')?.id ?? ''} ${e.localName}`);
    },
    [selector, timeout],
  );
  if (pending.length) throw new Error(`not built within ${timeout} ms: ${pending.join(', ')}`);
}

/**
 * Holds back the responses to the requests that match `pattern` (a download "still on its
 * way") until `release()`; `end()` releases them and removes the route.
 */
export async function holdBack(page, pattern) {
  let release;
  const held = new Promise((r) => {
    release = r;
  });
  await page.route(pattern, async (route) => {
    await held;
    await route.continue();
  });
  return {
    release,
    end: async () => {
      release();
      await page.unroute(pattern);
    },
  };
}

/**
 * What is wrong with the texts drawn on a `w` × `h` canvas (figure-draw.js figureTextBoxes'
 * boxes, in canvas px): one under 11 px, two that overlap, one cut off by the canvas's edges
 * (of those `whole(box)` says must be on screen whole; default every one).
 */
export function textProblems(boxes, w, h, where, whole = () => true) {
  const out = [];
  const meet = (a, b) => Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) > 1e-6 && Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0) > 1e-6;
  for (let i = 0; i < boxes.length; i++) {
    const a = boxes[i];
    if (a.px < 11 - 1e-6) out.push(`${where}: '${a.text}' is ${a.px} px`);
    if (whole(a) && (a.x0 < 0 || a.y0 < 0 || a.x1 > w || a.y1 > h)) out.push(`${where}: '${a.text}' is cut off (${a.x0}, ${a.y0}, ${a.x1}, ${a.y1} on ${w} × ${h})`);
    for (let j = i + 1; j < boxes.length; j++) if (meet(a, boxes[j])) out.push(`${where}: '${a.text}' overlaps '${boxes[j].text}'`);
  }
  return out;
}

/** The Play view on `page`: who plays X and O (the menus' values), and a new game of `kind`. */
export async function setPlayers(page, x, o) {
  await page.selectOption('#side-0 select', x);
  await page.selectOption('#side-1 select', o);
}

/** Starts a new game of `kind` ('ttt' or 'c4') in the Play view on `page`. */
export async function newPlayGame(page, kind = 'ttt') {
  await page.check(`input[name="game"][value="${kind}"]`);
  await page.click('#play-new');
}

/** Starts recording every text the Play view's live regions take (in order, each change once); `spokenTexts` reads them. */
export function listenToPlay(page) {
  return page.evaluate(() => {
    window.__spoken = [];
    const regions = [...document.querySelectorAll('#view-play [aria-live]:not([aria-live="off"]), #view-play [role="status"], #view-play [role="alert"]')];
    window.__listening?.disconnect();
    window.__listening = new MutationObserver((records) => {
      for (const r of new Set(records.map((m) => regions.find((x) => x.contains(m.target))))) {
        if (r && r.textContent !== '') window.__spoken.push(`${r.id}: ${r.textContent}`);
      }
    });
    for (const r of regions) window.__listening.observe(r, { childList: true, characterData: true, subtree: true });
  });
}

/** The texts recorded since `listenToPlay`. */
export function spokenTexts(page) {
  return page.evaluate(() => window.__spoken);
}
