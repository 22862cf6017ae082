// The browser latency benchmark of `cargo xtask bench --latency [K]`: headless Chromium
// (playwright-core) opens bench/browser.html on the bench server (www/ at /, bench/ at
// /bench/); bench/latency-worker.mjs, a module Web Worker with the games module, answers K
// seeded random positions of every ply 0–41 (`plyground book --positions K`, the positions
// `plyground book --latency K` times natively; ply 42 is a full board, a finished game with
// nothing to search) with the perfect player's move and with all seven exact column scores.
// Prints per band of plies the median, 95th percentile and maximum of both times, how many
// moves fell back to α-β (not exact), and the opening book's size on the wire. Exits with 1
// if a score the perfect player shows (exact, or a bound) is not true of analyzeConnect4's. Timing is reported,
// never asserted (the targets: a move ≤ 1 s and the columns ≤ 3 s at the 95th
// percentile).
//
// Usage: node bench/latency.mjs URL POSITIONS_FILE

import { readFile } from 'node:fs/promises';
import { gzipSync, brotliCompressSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { askWorker, openBenchPage } from './chromium.mjs';

const [base, file] = process.argv.slice(2);
if (!base || !file) throw new Error('usage: node bench/latency.mjs URL POSITIONS_FILE');
const positions = (await readFile(file, 'utf8'))
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => {
    const [ply, moves] = l.trim().split(/\s+/);
    return [Number(ply), moves === '-' ? '' : moves];
  });
const BANDS = [
  [0, 7],
  [8, 8],
  [9, 10],
  [11, 12],
  [13, 16],
  [17, 24],
  [25, 41],
];

const bookFile = fileURLToPath(new URL('../www/book/connect4.book', import.meta.url));
const bookBytes = await readFile(bookFile);
const gz = gzipSync(bookBytes, { level: 9 }).length;
const br = brotliCompressSync(bookBytes).length;

const { page, problems, version, close } = await openBenchPage(base);
try {
  const answer = await askWorker(page, '/bench/latency-worker.mjs', { positions });
  if (!answer.ok) throw new Error(`the latency worker failed: ${answer.error}`);
  if (problems.length) throw new Error(problems.join('\n'));
  const k = positions.filter(([p]) => p === 1).length;
  const n = (x) => x.toLocaleString('en-US');
  console.log(
    `browser latency (headless Chromium ${version}, a module Web Worker, the games module www/pkg-games): ${k} seeded random positions a ply (plyground book --positions ${k}), times in ms`,
  );
  const b = answer.book;
  console.log(
    b
      ? `opening book www/book/connect4.book: depth ${b.depth}, ${n(b.positions)} positions; on the wire ${n(bookBytes.length)} bytes, gzip -9 ${n(gz)} bytes (${(gz / 1024).toFixed(1)} KiB; the budget: 300 KB), brotli ${n(br)}; fetched and read in ${b.ms.toFixed(0)} ms, once (not in the times below)`
      : 'opening book: not fetched (no position wanted it)',
  );
  const pct = (v, q) => {
    const s = [...v].sort((x, y) => x - y);
    return s[Math.min(s.length, Math.max(1, Math.ceil(s.length * q))) - 1];
  };
  const f = (x) => (x < 10 ? x.toFixed(2) : x < 1000 ? x.toFixed(1) : x.toFixed(0)).padStart(8);
  console.log(
    `${'plies'.padEnd(7)} ${'n'.padStart(3)} | ${'move p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)} ${'> 1 s'.padStart(5)} | ${'cols p50'.padStart(8)} ${'p95'.padStart(8)} ${'max'.padStart(8)} ${'> 3 s'.padStart(5)} | fell back`,
  );
  let bad = 0;
  const all = { move: [], cols: [] };
  for (const [lo, hi] of BANDS) {
    const rs = answer.results.filter((r) => r.ply >= lo && r.ply <= hi);
    if (!rs.length) continue;
    const move = rs.map((r) => r.moveMs);
    const cols = rs.map((r) => r.columnsMs);
    all.move.push(...move);
    all.cols.push(...cols);
    const fell = rs.filter((r) => r.fellBack).length;
    bad += rs.filter((r) => !r.agree || !r.complete).length;
    console.log(
      `${`${lo}-${hi}`.padEnd(7)} ${String(rs.length).padStart(3)} | ${f(pct(move, 0.5))} ${f(pct(move, 0.95))} ${f(pct(move, 1))} ${String(move.filter((t) => t > 1000).length).padStart(5)} | ${f(pct(cols, 0.5))} ${f(pct(cols, 0.95))} ${f(pct(cols, 1))} ${String(cols.filter((t) => t > 3000).length).padStart(5)} | ${fell}`,
    );
  }
  console.log(
    `${'all'.padEnd(7)} ${String(all.move.length).padStart(3)} | ${f(pct(all.move, 0.5))} ${f(pct(all.move, 0.95))} ${f(pct(all.move, 1))} ${String(all.move.filter((t) => t > 1000).length).padStart(5)} | ${f(pct(all.cols, 0.5))} ${f(pct(all.cols, 0.95))} ${f(pct(all.cols, 1))} ${String(all.cols.filter((t) => t > 3000).length).padStart(5)} |`,
  );
  console.log(
    'move: Engine.forGame(perfect) stepped to the end (the move and the seven scores the board shows); cols: analyzeConnect4 (the seven exact scores alone, from the full module www/pkg: the same solver and book); fell back: moves whose solver ran out of its node share and answered with α-β (an estimate)',
  );
  const bounds = answer.results.reduce((n, r) => n + (r.bounds ?? 0), 0);
  const open = answer.results.reduce((n, r) => n + (r.open ?? 0), 0);
  console.log(
    `columns of the exact moves shown as a proven bound instead of an exact score (the columns' share ran out): ${bounds} (${open} of them not settling win, draw or loss), every bound true of analyzeConnect4's score`,
  );
  if (bad) {
    console.log(`${bad} positions: a score the perfect player shows is not true of analyzeConnect4's, or the analysis ran out`);
    process.exitCode = 1;
  }
} finally {
  await close();
}
