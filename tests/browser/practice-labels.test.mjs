// Practice draws the core's placement (Practice.figurePlan, through lib/figure-draw.js):
// every task at 1280 × 800 and 360 × 740, fresh, with the answer key checked (✓ marks) and
// with a wrong, far too wide value checked (✗ and the ring): the texts on the canvas (as the
// core placed them, read back through the canvas's textBoxes hook) do not overlap, none is
// under 11 px, and none is cut off by the canvas's edges: of a tree shown whole, none at all;
// of a bigger one (the map shows the rest), none of the node in focus (the question's, the
// wrong step's). Screenshots go to $PLYGROUND_SHOTS.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { browserForSuite, textProblems } from './harness.mjs';

const TIMEOUT = 20_000;
const SHOTS = process.env.PLYGROUND_SHOTS ?? '';
const TASKS = ['minimax', 'alphabeta-leaves', 'alphabeta-full', 'expectiminimax', 'maxn', 'mcts', 'ordering'];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
];

/** The canvas's texts once any glide has ended, with what the view frames. */
function boxes(page) {
  return page.evaluate(async () => {
    const f = window.__plyground.views.practice.figure;
    const c = f.canvas;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    for (let k = 0; k < 100 && (c.glide || c.pending); k++) await frame();
    await frame();
    const lay = c.layout;
    const whole = lay.width * c.camera.scale <= c.camera.width && lay.height * c.camera.scale <= c.camera.height;
    const focus = c.focus >= 0 ? c.focus : lay.order[0];
    return { boxes: c.textBoxes(), w: c.camera.width, h: c.camera.height, whole, framed: [focus] };
  });
}

function problems({ boxes, w, h, whole, framed }, where) {
  return textProblems(boxes, w, h, where, (a) => whole || (framed.includes(a.node) && a.kind !== 'edge' && a.kind !== 'prob'));
}

describe('practice draws the core placement of every task', { timeout: 300_000 }, () => {
  let browser;
  let page;

  before(() => (SHOTS ? mkdir(SHOTS, { recursive: true }) : undefined));
  browserForSuite(
    (b) => {
      browser = b;
      page = b.page;
    },
    { viewport: null },
  );

  for (const vp of VIEWPORTS) {
    it(`${vp.name}: fresh, keyed and wrong: no overlap, none in focus cut off, none under 11 px`, async () => {
      await page.setViewportSize({ width: vp.width, height: vp.height });
      let texts = 0;
      let marks = 0;
      for (const task of TASKS) {
        await page.goto('about:blank');
        await page.goto(`${browser.base}index.html#practice?task=${task}&seed=1`);
        await page.waitForSelector(`#app[data-ready="true"][data-practice-task="${task}"]`, { timeout: TIMEOUT });
        await page.locator('#pr-canvas').scrollIntoViewIfNeeded();
        const fresh = await boxes(page);
        assert.deepEqual(problems(fresh, `${vp.name} ${task} fresh`), []);
        // The key, checked: every asked node marked ✓.
        await page.evaluate(() => {
          const f = window.__plyground.views.practice.figure;
          f.submit(f.practice.answerKey());
        });
        const keyed = await boxes(page);
        assert.deepEqual(problems(keyed, `${vp.name} ${task} keyed`), []);
        const ticks = keyed.boxes.filter((b) => b.kind === 'mark').map((b) => b.text);
        assert.ok(ticks.length > 0 && ticks.every((t) => t === '✓'), `${task}: ✓ marks (${ticks.join(' ')})`);
        marks += ticks.length;
        // A wrong value far too wide for its room, checked: ✗ at it, ringed, set in its room.
        const wrong = await page.evaluate(() => {
          const f = window.__plyground.views.practice.figure;
          const k = f.practice.answerKey();
          const path = f.questions.find((q) => q.field === 'values' && q.kind === 'number' && f.task !== 'mcts')?.path;
          if (path === undefined) return null;
          k.values[path] = -123456.789;
          f.submit(k);
          return path;
        });
        if (wrong !== null) {
          const s = await boxes(page);
          assert.deepEqual(problems(s, `${vp.name} ${task} wrong`), []);
          assert.ok(s.boxes.some((b) => b.kind === 'mark' && b.text === '✗'), `${task}: a ✗`);
          assert.ok(s.boxes.some((b) => b.text === '−123456.789'), `${task}: the wide value is drawn`);
        }
        texts += fresh.boxes.length + keyed.boxes.length;
        if (SHOTS) {
          for (const scheme of ['light', 'dark']) {
            await page.emulateMedia({ colorScheme: scheme });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            await page.screenshot({ path: join(SHOTS, `practice-${task}-${vp.name}-${scheme}.png`) });
          }
          await page.emulateMedia({ colorScheme: 'light' });
        }
      }
      assert.ok(texts > 300, `${texts} texts checked`);
      assert.ok(marks > 30, `${marks} marks drawn`);
      assert.deepEqual(browser.problems, []);
    });
  }
});
