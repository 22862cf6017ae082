// The Lighthouse pass of `cargo xtask bench --lighthouse`: Lighthouse 12 (npm `lighthouse`,
// pinned in package.json) on each page given, one after the other, mobile preset, headless
// Chromium; each report is kept as JSON in OUT_DIR. Prints one tab-separated line a page:
// name, performance score, accessibility score, FCP (ms), LCP (ms), TBT (ms), CLS. A page
// whose run fails prints its name, ERROR and the error instead (xtask reports it).
//
// Usage: node bench/lighthouse.mjs BASE_URL OUT_DIR NAME=PATH…   (PATH relative to BASE_URL)

import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const [base, outDir, ...pages] = process.argv.slice(2);
if (!base || !outDir || !pages.length) throw new Error('usage: node bench/lighthouse.mjs BASE_URL OUT_DIR NAME=PATH…');
const cli = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', '.bin', 'lighthouse');
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
mkdirSync(outDir, { recursive: true });

for (const page of pages) {
  const eq = page.indexOf('=');
  const [name, path] = [page.slice(0, eq), page.slice(eq + 1)];
  const report = join(outDir, `${name.replace(/[^\w.-]+/g, '_')}.json`);
  const run = spawnSync(
    cli,
    [
      new URL(path, base).href,
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync',
      '--only-categories=performance,accessibility',
      '--output=json',
      `--output-path=${report}`,
      '--quiet',
    ],
    { env: { ...process.env, CHROME_PATH: chrome }, encoding: 'utf8' },
  );
  try {
    if (run.status !== 0) throw new Error(`lighthouse exited with ${run.status}: ${(run.stderr || run.error || '').toString().trim().split('\n').slice(-3).join(' / ')}`);
    const lhr = JSON.parse(readFileSync(report, 'utf8'));
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    // Lighthouse's own doubts about the run (a slow or busy CPU), on stderr: shown, not parsed.
    for (const w of lhr.runWarnings ?? []) console.error(`${name}: lighthouse warns: ${w.split('\n')[0]}`);
    const a = lhr.audits;
    const num = (id) => a[id]?.numericValue ?? NaN;
    const row = [
      name,
      lhr.categories.performance.score,
      lhr.categories.accessibility.score,
      num('first-contentful-paint').toFixed(0),
      num('largest-contentful-paint').toFixed(0),
      num('total-blocking-time').toFixed(0),
      num('cumulative-layout-shift').toFixed(4),
    ];
    console.log(row.join('\t'));
  } catch (e) {
    console.log(`${name}\tERROR\t${e.message}`);
  }
}
