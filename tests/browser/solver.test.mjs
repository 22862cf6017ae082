// The exact Connect-4 solver in headless Chromium, inside a module Web Worker: every
// position of the in-repo samples of the community's test sets
// (crates/plyground/tests/fixtures/connect4_*_sample.txt) gets its exact score, weak solving
// gets its sign, analysis agrees with solving each child, and a bad move string comes back
// as an error naming it. No timing is asserted (see `cargo xtask bench` for times).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openBrowser } from './harness.mjs';

const FIXTURES = fileURLToPath(new URL('../../crates/plyground/tests/fixtures/', import.meta.url));

/** [[moves, score], …] of every sample file. */
function samples() {
  const files = readdirSync(FIXTURES).filter((f) => /^connect4_.*_sample\.txt$/.test(f)).sort();
  assert.ok(files.length >= 4, `sample files: ${files.join(', ')}`);
  return files.flatMap((f) =>
    readFileSync(FIXTURES + f, 'utf8')
      .split('\n')
      .filter((l) => l.trim())
      .map((l) => {
        const [moves, score] = l.trim().split(/\s+/);
        return [moves, Number(score)];
      }),
  );
}

describe('the Connect-4 solver in a browser worker', { timeout: 300_000 }, () => {
  let browser;
  let page;

  /** Sends one request to a fresh module worker; resolves to its answer. */
  const ask = (request) =>
    page.evaluate(
      (req) =>
        new Promise((resolve, reject) => {
          const w = new Worker('/tests/browser/solver-worker.mjs', { type: 'module' });
          w.onmessage = (e) => {
            w.terminate();
            resolve(e.data);
          };
          w.onerror = (e) => {
            w.terminate();
            reject(new Error(`worker error: ${e.message}`));
          };
          w.postMessage(req);
        }),
      request,
    );

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    // A blank page of the server's origin: the worker needs a same-origin script URL.
    await page.goto(`${browser.base}tests/browser/solver.html`);
  });

  after(async () => {
    await browser?.close();
  });

  it('solves every sample position exactly, in the worker', async () => {
    const positions = samples();
    assert.ok(positions.length >= 200);
    const answer = await ask({ positions: positions.map((p) => p[0]) });
    assert.equal(answer.ok, true, answer.error);
    assert.equal(answer.inWorker, true);
    assert.equal(answer.results.length, positions.length);
    answer.results.forEach((r, i) => {
      const [moves, score] = positions[i];
      assert.equal(r.moves, moves);
      assert.equal(r.complete, true, moves);
      assert.equal(r.score, score, `${moves}: score ${r.score}, expected ${score}`);
      assert.ok(r.nodes >= 1, moves);
    });
    assert.deepEqual(browser.problems, []);
  });

  it('weak solving gives every sign', async () => {
    const positions = samples().filter((_, i) => i % 4 === 0);
    const answer = await ask({ positions: positions.map((p) => p[0]), weak: true });
    assert.equal(answer.ok, true, answer.error);
    answer.results.forEach((r, i) => assert.equal(r.score, Math.sign(positions[i][1]), r.moves));
  });

  it('analysis scores each column as solving its child does', async () => {
    const positions = samples().filter((_, i) => i % 25 === 0).map((p) => p[0]);
    const analysed = await ask({ positions, analyze: true });
    assert.equal(analysed.ok, true, analysed.error);
    for (const a of analysed.results) {
      assert.equal(a.complete, true);
      assert.equal(a.scores.length, 7);
      const children = [];
      const columns = [];
      a.scores.forEach((s, c) => {
        if (s !== null) {
          children.push(a.moves + String(c + 1));
          columns.push(c);
        }
      });
      assert.ok(children.length > 0, a.moves);
      const solved = await ask({ positions: children });
      assert.equal(solved.ok, true, solved.error);
      solved.results.forEach((r, k) => {
        // The child's score is from the opponent's side (a win at once: the finished
        // child's score, which the analysis gives without searching).
        assert.equal(r.score + a.scores[columns[k]], 0, `${a.moves} column ${columns[k] + 1}`);
      });
    }
  });

  it('refuses a bad move string with an error naming it', async () => {
    const answer = await ask({ positions: ['4x'] });
    assert.equal(answer.ok, false);
    assert.match(answer.error, /^solveConnect4: bad move string '4x': /);
  });
});
