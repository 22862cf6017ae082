// Predict, then reveal, in headless Chromium: the tree lab opened with predict=all stops at
// the core's first question (α and β at B, step 2) and will not step past it; a right and a
// wrong answer give the core's feedback words (the rule read from the trace) and the tally;
// <ply-tree predict="prune,returns"> on a lesson page asks the same way and fires graded
// events whose record has the practice grade record's shape. No console error.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForSuite } from './harness.mjs';

const TIMEOUT = 20_000;
const FIG_5_2 = '[[3,12,8],[2,4,6],[14,5,2]]';

describe('predict, then reveal', () => {
  let browser;
  let page;
  browserForSuite((b) => {
    browser = b;
    page = b.page;
  });

  it('the tree lab asks before it shows, grades right and wrong, keeps the tally', async () => {
    await page.goto(`${browser.base}index.html#tree?tree=${FIG_5_2}&algo=alphabeta&predict=all`);
    await page.waitForFunction(() => document.querySelector('#tl-predict-tally')?.textContent === 'Predict: 0 of 0 right so far · question 1 of 14', null, { timeout: TIMEOUT });
    // The figure opens at its start; asked for the end, it stops before B is entered and asks.
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 0);
    await page.click('#tl-end');
    await page.waitForSelector('#tl-predict-form:not([hidden])');
    assert.equal(await page.textContent('#tl-predict-question'), 'α and β at B now?');
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 2);
    // It does not step past an open question.
    await page.click('#tl-fwd');
    await page.click('#tl-end');
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 2);
    assert.equal(await page.getAttribute('#tl-predict-feedback', 'aria-live'), 'polite');
    // Right, by the keyboard: type the window, Enter.
    await page.focus('#tl-predict-answer-0');
    await page.keyboard.type('-inf, inf');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('#tl-predict-feedback').textContent !== '');
    assert.equal(
      await page.textContent('#tl-predict-feedback'),
      "Right: B is A's first child: it is entered with A's own window (α, β) = (−∞, +∞).",
    );
    assert.equal(await page.getAttribute('#app', 'data-predict-score'), '1/1');
    // The reveal: the step the question was about is shown; the next question waits at step 5.
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 3);
    await page.click('#tl-end');
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.index), 5);
    await page.waitForSelector('#tl-predict-form:not([hidden])');
    assert.equal(await page.textContent('#tl-predict-question'), 'Is the edge b2 pruned?');
    // Wrong: b2 is not pruned.
    await page.click('#tl-predict-fields >> text=Pruned');
    assert.equal(
      await page.textContent('#tl-predict-feedback'),
      'Not quite: you said pruned, the trace says not pruned. at B after b1, v = 3 > α = −∞: MIN does not stop, so b2 is evaluated.',
    );
    assert.equal(await page.textContent('#tl-predict-tally'), 'Predict: 1 of 2 right so far · question 3 of 14');
    assert.equal(await page.getAttribute('#app', 'data-predict-score'), '1/2');
    assert.match(await page.evaluate(() => location.hash), /&predict=all/);
    assert.deepEqual(browser.problems, []);
  });

  it('the MCTS lab asks the selection and the back-up, one phase at a time', async () => {
    await page.goto(`${browser.base}index.html#mcts?tree=${FIG_5_2}&iterations=3&predict=all`);
    await page.waitForSelector('#mc-predict-form:not([hidden])', { timeout: TIMEOUT });
    assert.equal(await page.textContent('#mc-predict-question'), 'Which child of A does UCB1 select?');
    const phase = () => page.getAttribute('#app', 'data-mcts-phase');
    // The figure does not step past the open question; Step iteration and Run N wait in predict mode.
    await page.click('#mc-phase');
    assert.equal(await phase(), 'done');
    assert.equal(await page.isDisabled('#mc-iter'), true);
    assert.equal(await page.isDisabled('#mc-run'), true);
    // Right: B.
    await page.click('#mc-predict-fields >> text=B');
    assert.equal(await page.textContent('#mc-predict-feedback'), "Right: selection takes the root's child with the largest UCB1 (the first on ties): B with 2.3154.");
    assert.equal(await phase(), 'select');
    await page.click('#mc-phase');
    await page.click('#mc-phase');
    await page.click('#mc-phase');
    assert.equal(await phase(), 'rollout');
    await page.waitForSelector('#mc-predict-form:not([hidden])');
    assert.equal(await page.textContent('#mc-predict-question'), 'N and W of b1 after the back-up?');
    // Wrong: b1's W is MIN's reward.
    await page.fill('#mc-predict-fields input', '1, 1');
    await page.keyboard.press('Enter');
    assert.equal(
      await page.textContent('#mc-predict-feedback'),
      "Not quite: you said (1, 1), the trace says (1, 0.9167). backup adds 1 to N and the reward to W at every node on the path from b1 up to the root: b1's W counts MIN's reward 0.9167: N 0 → 1, W 0 → 0.9167.",
    );
    assert.equal(await page.textContent('#mc-predict-tally'), 'Predict: 1 of 2 right so far');
    assert.equal(await page.getAttribute('#app', 'data-predict-score'), '1/2');
    assert.equal(await page.textContent('#mc-predict-question'), 'N and W of B after the back-up?');
    assert.deepEqual(browser.problems, []);
  });

  it('<ply-tree predict> asks on a lesson page and fires graded records', async () => {
    await page.goto(`${browser.base}tests/pages/predict.html`);
    await page.waitForFunction(() => document.querySelector('#fig-tree')?.predict === 'prune,returns' && document.querySelector('#fig-tree').length > 0, null, { timeout: TIMEOUT });
    await page.evaluate(() => {
      window.records = [];
      document.querySelector('#fig-tree').addEventListener('graded', (e) => window.records.push(e.detail));
    });
    const form = '#fig-tree .predict-form';
    // Asked to go to the end, the figure stops at the first question (b2, step 5).
    await page.waitForFunction(() => /^Predict: /.test(document.querySelector('#fig-tree').shadowRoot.querySelector('.predict-tally')?.textContent ?? ''), null, { timeout: TIMEOUT });
    await page.evaluate(() => document.querySelector('#fig-tree').seek(29));
    assert.equal(await page.evaluate(() => document.querySelector('#fig-tree').index), 5);
    await page.waitForSelector(`${form}:not([hidden])`);
    assert.equal(await page.textContent('#fig-tree .predict-question'), 'Is the edge b2 pruned?');
    await page.click('#fig-tree .predict-fields >> text=Not pruned');
    assert.equal(
      await page.textContent('#fig-tree .predict-feedback'),
      'Right: at B after b1, v = 3 > α = −∞: MIN does not stop, so b2 is evaluated.',
    );
    await page.evaluate(() => document.querySelector('#fig-tree').seek(29));
    assert.equal(await page.evaluate(() => document.querySelector('#fig-tree').index), 7);
    assert.equal(await page.textContent('#fig-tree .predict-question'), 'Is the edge b3 pruned?');
    await page.click('#fig-tree .predict-fields >> text=/^Pruned$/');
    assert.equal(
      await page.textContent('#fig-tree .predict-feedback'),
      'Not quite: you said pruned, the trace says not pruned. at B after b2, v = 3 > α = −∞: MIN does not stop, so b3 is evaluated. ' +
        "A known misconception, treating a MAX node as MIN (or a MIN node as MAX): at B (MIN), b2 returned 12 ≥ β = 3: stopping there is MAX's test; " +
        'MIN stops only when v ≤ α, and v = 3 > α = −∞, so b3 is evaluated.',
    );
    assert.equal(await page.textContent('#fig-tree .predict-tally'), 'Predict: 1 of 2 right so far · question 3 of 11');
    const records = await page.evaluate(() => window.records);
    assert.deepEqual(records, [
      { task: 'predict-alphabeta', seed: null, tree: '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]', score: 1, max: 1, done: false, mistakes: [] },
      {
        task: 'predict-alphabeta',
        seed: null,
        tree: '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]',
        score: 1,
        max: 2,
        done: false,
        mistakes: [{ node: '0.2', field: 'pruned', expected: false, got: true, misconception: 'max-as-min' }],
      },
    ]);
    assert.deepEqual(browser.problems, []);
  });
});
