// Shared by the browser benchmarks (bench/browser.mjs, bench/latency.mjs): headless Chromium
// (playwright-core) on a fresh profile, its page opened at bench/browser.html on the bench
// server and recording console and page errors, and one request answered by a module Web
// Worker. Timing is the workers' own (performance.now() around the work).

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../tests/browser/harness.mjs';

/**
 * Opens `${base}bench/browser.html` in headless Chromium. Returns {page, problems, version,
 * close}: `problems` collects console errors and page errors; `close()` ends the browser and
 * deletes its profile.
 */
export async function openBenchPage(base) {
  const profile = await mkdtemp(join(tmpdir(), 'plyground-bench-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.PLYGROUND_CHROMIUM ?? '/usr/bin/chromium-headless-shell',
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const close = async () => {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  };
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(0);
    const problems = [];
    page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
    page.on('console', (msg) => {
      if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
    });
    await page.goto(`${base}bench/browser.html`);
    const version =
      context.browser()?.version() ??
      (await page.evaluate(() => navigator.userAgent.match(/Chrome\/([\d.]+)/)?.[1] ?? '?'));
    return { page, problems, version, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** Posts `request` to a new module worker at `url` (on the page's origin) and resolves to its one answer. */
export function askWorker(page, url, request) {
  return page.evaluate(
    ([u, req]) =>
      new Promise((resolve, reject) => {
        const w = new Worker(u, { type: 'module' });
        w.onmessage = (e) => {
          w.terminate();
          resolve(e.data);
        };
        w.onerror = (e) => reject(new Error(`worker error: ${e.message}`));
        w.postMessage(req);
      }),
    [url, request],
  );
}
