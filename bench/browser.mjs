// The browser measurement of `cargo xtask bench`: headless Chromium (playwright-core) opens
// bench/browser.html on the bench server, which serves www/ at /, bench/ at /bench/ and the
// Connect-4 sets at /data/; bench/solver-worker.mjs solves every position of Test_L2_R1 and
// Test_L2_R2 inside a module Web Worker, one call each, timed around the call. Prints per
// set the mean and maximum time per position and how many took more than 1 s (project
// the target is every position within 1 s in the browser). Exits with 1 if a score is
// wrong. Timing is reported, never asserted.
//
// Usage: node bench/browser.mjs URL [--quick]   (the server's base URL, ending in /;
// --quick: the first 10 positions of each set, a smoke pass)

import { askWorker, openBenchPage } from './chromium.mjs';

const base = process.argv[2];
if (!base) throw new Error('usage: node bench/browser.mjs URL');
const SETS = ['Test_L2_R1', 'Test_L2_R2'];
const LIMIT_MS = 1000;

const { page, problems, version, close } = await openBenchPage(base);
try {
  const limit = process.argv.includes('--quick') ? 10 : undefined;
  const answer = await askWorker(page, '/bench/solver-worker.mjs', { sets: SETS, limit });
  if (!answer.ok) throw new Error(`the solver worker failed: ${answer.error}`);
  if (problems.length) throw new Error(problems.join('\n'));
  const pad = (s, n) => String(s).padStart(n);
  const ms = (x) => `${x.toFixed(x < 10 ? 3 : 1)} ms`;
  console.log(`browser (headless Chromium ${version}): solveConnect4 in a module Web Worker, one call per position, timed around the call, cold module`);
  console.log(`${'set'.padEnd(12)} ${pad('positions', 9)} ${pad('mean time', 12)} ${pad('max time', 12)} ${pad('> 1 s', 6)} ${pad('mean nodes', 11)}  scores`);
  let wrong = 0;
  for (const s of answer.sets) {
    const mean = s.times.reduce((a, b) => a + b, 0) / s.times.length;
    const max = Math.max(...s.times);
    const over = s.times.filter((t) => t > LIMIT_MS).length;
    wrong += s.wrong;
    console.log(
      `${s.name.padEnd(12)} ${pad(s.positions, 9)} ${pad(ms(mean), 12)} ${pad(ms(max), 12)} ${pad(over, 6)} ${pad(Math.round(s.nodes / s.positions).toLocaleString('en-US'), 11)}  ${s.wrong ? `${s.wrong} WRONG` : 'all exact'}`,
    );
  }
  if (wrong) process.exitCode = 1;
} finally {
  await close();
}
