// The JavaScript API inside headless Chromium, on the page served from the site
// (target/site/): a full game of tic-tac-toe against α-β through Game and searchGame (the AI
// never loses), a search in a module Web Worker, and a Stepper over Figure 5.2 checked step
// by step. Any console error, page error or failed request fails the run. (Server and
// browser: harness.mjs.)

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 15_000;

describe('the wasm API in the browser', { timeout: 120_000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await page.goto(browser.base);
    await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
    // The page has initialised the module; importing it again gives the same instance.
    await page.evaluate(async () => {
      const api = await import('./pkg/plyground_wasm.js');
      await api.default();
      globalThis.plyground = api;
    });
  });

  after(async () => {
    await browser?.close();
  });

  it('plays full games of tic-tac-toe against α-β, which never loses', async () => {
    const results = await page.evaluate(() => {
      const { Game, searchGame } = globalThis.plyground;
      let seed = 12345;
      const pick = (n) => {
        seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
        return Math.floor((seed / 2 ** 32) * n);
      };
      const out = [];
      for (let game = 0; game < 6; game++) {
        const g = Game.create('ttt');
        // α-β plays O in even games and X in odd ones.
        const ai = game % 2 === 0 ? 1 : 0;
        const values = [];
        while (!g.isTerminal) {
          if (g.toMove === ai) {
            const r = searchGame(g, { scores: false });
            values.push(r.score);
            g.play(r.best);
          } else {
            const legal = g.legalMoves();
            g.play(legal[pick(legal.length)]);
          }
        }
        out.push({ ai, winner: g.winner, moves: g.moveString, cells: g.cells(), minScore: Math.min(...values) });
        g.free();
      }
      return out;
    });
    assert.equal(results.length, 6);
    for (const r of results) {
      assert.notEqual(r.winner, 1 - r.ai, `α-β lost: ${JSON.stringify(r)}`);
      assert.ok(r.minScore >= 0, `α-β never saw a lost position: ${JSON.stringify(r)}`);
      assert.match(r.cells, /^[XO.]{9}$/);
    }
    console.log(`games: ${results.map((r) => `${['X', 'O'][r.ai]}: ${r.winner === -1 ? 'draw' : ['X', 'O'][r.winner]} (${r.moves})`).join('; ')}`);
  });

  it('runs a search inside a module Web Worker', async () => {
    const answer = await page.evaluate(
      () =>
        new Promise((resolve, reject) => {
          const w = new Worker(new URL('./worker.js', location.href), { type: 'module' });
          w.onmessage = (e) => {
            if (e.data.type === 'progress') return;
            w.terminate();
            resolve(e.data);
          };
          w.onerror = (e) => reject(new Error(e.message));
          w.postMessage({ id: 7, op: 'engine', args: { kind: 'c4', moves: '414141', config: { engine: 'alphabeta', depth: 2 } } });
        }),
    );
    assert.equal(answer.type, 'result', answer.error);
    assert.equal(answer.id, 7);
    assert.equal(answer.data.inWorker, true);
    // Three X stones in column 4: X wins at once there, with its fourth stone (22 − 4).
    const r = answer.data.result;
    assert.equal(r.best, 4);
    assert.equal(r.value, 18);
    assert.equal(r.depth, 2);
    assert.deepEqual(Array.from(r.pv), [4]);
    assert.deepEqual(answer.data.options, { algo: 'alphabeta', tie: 'nonstrict', order: 'heuristic', depth: 2, eval: false, tt: false, quiescence: false, iterative: false, budget: 5_000_000 });
  });

  it('steps a Stepper over Figure 5.2 and shows the state at each step', async () => {
    const seen = await page.evaluate((tree) => {
      const { GameTree, Stepper } = globalThis.plyground;
      const st = Stepper.forTree(GameTree.parse(tree), {}, 20000);
      const events = [];
      let cutoff = null;
      while (st.index < st.length) {
        st.step();
        const s = st.state();
        events.push(s.event);
        if (s.event === 'Cutoff' && cutoff === null) {
          cutoff = {
            index: s.index,
            narration: s.narration,
            open: s.open.map((o) => [o.node, o.alpha, o.beta === Infinity ? 'inf' : o.beta, o.v]),
            pruned: st.pruned().slice(0, s.prunedCount).map((p) => p.label),
            values: Array.from(s.values.slice(0, 7)),
            line: st.pseudocode()[s.pseudocode.procedure].lines[s.pseudocode.line - 1].trim(),
          };
        }
      }
      const end = st.state();
      const r = st.result();
      st.seek(0);
      return {
        length: st.length,
        events,
        cutoff,
        end: { narration: end.narration, counters: end.counters },
        result: { value: r.value, best: r.best, bestName: r.bestName },
        back: st.index,
      };
    }, FIG_5_2);
    // A leaf is one step: 29 steps, 4 Enter steps for the inner nodes, 7 Leaf steps.
    assert.equal(seen.length, 29);
    assert.equal(seen.events[0], 'SearchStart');
    assert.equal(seen.events.at(-1), 'SearchEnd');
    assert.equal(seen.events.filter((e) => e === 'Enter').length, 4);
    assert.equal(seen.events.filter((e) => e === 'Leaf').length, 7);
    assert.deepEqual(seen.cutoff, {
      index: 15,
      narration: 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3',
      open: [
        [0, 3, 'inf', 3],
        [5, 3, 'inf', 2],
      ],
      pruned: ['c2', 'c3'],
      values: [3, 3, 3, 12, 8, 2, 2],
      line: 'if v ≤ α then return v // alpha cutoff: MAX avoids this node',
    });
    assert.equal(seen.end.narration, 'Search done: the root is worth 3, best move a1');
    assert.deepEqual(seen.end.counters, { nodes: 11, leaves: 7, cutoffs: 1, ttHits: 0, searches: 1 });
    assert.deepEqual(seen.result, { value: 3, best: 0, bestName: 'a1' });
    assert.equal(seen.back, 0);
  });

  it('turns bad input into Errors, not panics', async () => {
    const messages = await page.evaluate(() => {
      const { Game, GameTree, Stepper, searchGame } = globalThis.plyground;
      const out = [];
      const attempt = (f) => {
        try {
          f();
          out.push('no error');
        } catch (e) {
          out.push(`${e.name}: ${e.message}`);
        }
      };
      attempt(() => Game.create('ttt', '4').play(4));
      attempt(() => searchGame(Game.create('ttt'), { depth: 1e9 }));
      attempt(() => GameTree.parse('[1,'));
      attempt(() => Stepper.forTree(GameTree.parse('[1,2]'), {}, 0));
      return out;
    });
    assert.deepEqual(messages, [
      'Error: cell 4 is already taken',
      'Error: searchGame: depth 1000000000 is out of range (1 to 64)',
      "TreeParseError: line 1, column 4: expected a child or ']', found the end of the text (the '[' at line 1, column 1 is never closed)",
      'Error: Stepper.forTree: nodeCap 0 is out of range (1 to 100,000)',
    ]);
  });

  it('logged no console error, page error or failed request', () => {
    assert.deepEqual(browser.problems, []);
  });
});
