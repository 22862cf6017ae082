// The MCTS lab's canvas draws the core's placement of the MCTS tree (plyground::export::mcts:
// MctsStepper.picture from the module that steps the search, placed by the tree module's
// placeMcts): on Figure 5.2's tree (the tree module steps it) and on tic-tac-toe (the games
// module does), at 1280 × 800 and 360 × 740, phase by phase through five iterations and one
// after fifty, with a node inspected. The texts on the canvas (read back through the
// canvas's textBoxes hook) do not overlap, none is under 11 px, none is cut off by the
// canvas's edges (where the tree is larger than the view at a readable size, those of the
// node the view follows, but for its edge's: the rest is a drag away); each phase's badge is on the node it
// acted on. Screenshots go to $PLYGROUND_SHOTS.

import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { browserForSuite, textProblems } from './harness.mjs';

const TIMEOUT = 20_000;
const SHOTS = process.env.PLYGROUND_SHOTS ?? '';
const SOURCES = [
  { name: 'Figure 5.2', hash: 'tree=[[3,12,8],[2,4,6],[14,5,2]]', source: 'tree' },
  { name: 'tic-tac-toe', hash: 'game=ttt&moves=4,0,8', source: 'ttt' },
];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 360, height: 740 },
];

/** Does `act` (a step of the figure: 'phase', 'run:N', 'select:ID'), then the canvas's texts once any glide has ended. */
function boxesAfter(page, act) {
  return page.evaluate(async (act) => {
    const f = window.__plyground.views.mcts.figure;
    const [what, arg] = act.split(':');
    if (what === 'phase') f.act(() => f.m.stepPhase(), true);
    else if (what === 'run') f.runN(Number(arg));
    else if (what === 'select') f.select(Number(arg));
    const c = f.canvas;
    const frame = () => new Promise((r) => requestAnimationFrame(() => r()));
    for (let k = 0; k < 100 && (c.glide || c.pending); k++) await frame();
    await frame();
    const events = f.m.lastEvents();
    const lay = c.layout;
    const whole = lay.width * c.camera.scale <= c.camera.width && lay.height * c.camera.scale <= c.camera.height;
    return {
      boxes: c.textBoxes(),
      whole,
      focus: c.focus,
      w: c.camera.width,
      h: c.camera.height,
      acted: f.currentNode(events),
      phase: events.length ? events[events.length - 1].phase : null,
      done: f.m.phase === 'done',
      iterations: f.m.iterations,
    };
  }, act);
}

describe('the MCTS canvas draws the core placement of its tree', { timeout: 300_000 }, () => {
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
    for (const src of SOURCES) {
      it(`${vp.name}, ${src.name}: every phase of five iterations and one after fifty: no overlap, none cut off, none under 11 px`, async () => {
        await page.setViewportSize({ width: vp.width, height: vp.height });
        await page.goto('about:blank');
        await page.goto(`${browser.base}index.html#mcts?${src.hash}`);
        // (A game's drawing follows the placing module, asked for once the lab's words have
        // painted: labs.test.mjs.)
        await page.waitForFunction(
          (source) => {
            const v = window.__plyground.views.mcts;
            return v?.figure.m != null && v.loaded?.source === source && v.figure.canvas.textBoxes()?.length > 0;
          },
          src.source,
          { timeout: TIMEOUT },
        );
        await page.locator('#mc-canvas').scrollIntoViewIfNeeded();
        let texts = 0;
        let badges = 0;
        const check = async (act, where) => {
          const s = await boxesAfter(page, act);
          assert.ok(s.boxes, `${where}: the canvas draws the core's placement`);
          // The whole tree when it reads whole, else the node the view follows (the one the
          // phase acted on, the decision after a run, the node clicked; its edge's texts lie
          // towards its parent, as practice-labels.test.mjs has it).
          const whole = (b) => s.whole || (b.node === s.focus && b.kind !== 'edge' && b.kind !== 'prob');
          assert.deepEqual(textProblems(s.boxes, s.w, s.h, `MCTS ${vp.name} ${src.name} ${where}`, whole), []);
          texts += s.boxes.length;
          if (s.phase) {
            // The badge names the phase just shown, on the node it acted on.
            const tag = s.boxes.find((b) => b.kind === 'tag' && b.node === s.acted);
            assert.equal(tag?.text, s.phase.toUpperCase(), `${where}: ${JSON.stringify(s.boxes.filter((b) => b.kind === 'tag'))}`);
            badges++;
          }
          assert.ok(s.boxes.some((b) => b.kind === 'name' && b.text === 'root') || !s.whole, where);
          return s;
        };
        await check('none', 'start');
        for (let k = 0; k < 40; k++) {
          const s = await check('phase', `phase ${k + 1}`);
          if (s.iterations >= 5 && s.done) break;
        }
        await check('select:1', 'inspected node 1');
        await check('run:45', 'after 50 iterations');
        for (let k = 0; k < 4; k++) await check('phase', `iteration 51, phase ${k + 1}`);
        const end = await check('select:0', 'the root inspected');
        assert.ok(end.boxes.some((b) => b.kind === 'tag' && b.text === 'INSPECTED' && b.node === 0) || end.acted === 0, 'the root is inspected');
        assert.ok(texts > 200 && badges >= 20, `${texts} texts, ${badges} badges checked`);
        if (SHOTS) {
          for (const scheme of ['light', 'dark']) {
            await page.emulateMedia({ colorScheme: scheme });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
            await page.screenshot({ path: join(SHOTS, `mcts-placed-${src.source}-${vp.name}-${scheme}.png`) });
          }
          await page.emulateMedia({ colorScheme: 'light' });
        }
        assert.deepEqual(browser.problems, []);
      });
    }
  }
});
