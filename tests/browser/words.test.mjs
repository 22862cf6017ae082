// The words next to the figures, in headless Chromium: every note and caption is written for
// the search on screen. The tree lab's note follows the tree that was searched (it kept Figure
// 5.2's "MIN nodes B = 3, C ≤ 2, D = 2 …" over any other tree), and "Show me the search" for
// the perfect Connect-4 player opens the solver's own search, named as such, at the top of the
// lab.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

const TIMEOUT = 20_000;

describe('the words next to the figures', { timeout: 120_000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${browser.base}#tree`);
    await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
    await page.waitForSelector('#app[data-view="tree"][data-tree-length]', { timeout: TIMEOUT });
  });

  after(async () => {
    await browser?.close();
  });

  it('tree lab: the note and the caption are about the tree on screen', async () => {
    const note = () => page.textContent('#tl-note');
    assert.equal(await note(), 'MIN nodes B = 3, C ≤ 2, D = 2; the root A = 3 (move a1). α-β prunes c2 and c3, the leaves 4 and 6.');
    await page.fill('#tl-text', '[[5,9],[2,7],[6,1]]');
    await page.click('#tl-run');
    await page.waitForFunction(() => document.querySelector('#tl-note').textContent.startsWith('Your own tree'));
    assert.equal(await note(), 'Your own tree. What this search found is in the caption below, “What the search found”, written from its trace.');
    // The caption is the core's, written from this trace: B = 5, C ≤ 2, D = 1, root 5.
    await page.click('#tl-caption summary');
    await page.waitForFunction(() => /^MIN nodes/.test(document.querySelector('#tl-caption-text').textContent), null, { timeout: TIMEOUT });
    const caption = await page.textContent('#tl-caption-text');
    assert.match(caption, /^MIN nodes B = 5, C ≤ 2, D = 1\./);
    assert.doesNotMatch(caption, /B = 3/);
    // The lesson's tree under another algorithm: the lesson's note (about α-β's pruning) goes.
    await page.selectOption('#tl-source', 'figure-5-2');
    await page.waitForFunction(() => document.querySelector('#tl-note').textContent.startsWith('MIN nodes B = 3'));
    await page.selectOption('#tl-algo', 'minimax');
    await page.click('#tl-run');
    await page.waitForFunction(() => document.querySelector('#tl-note').textContent.startsWith('The tree of'));
    assert.equal(
      await note(),
      'The tree of “Figure 5.2: the two-ply game tree”, searched with other options than the lesson’s, so the lesson’s note is not shown. What this search found is in the caption below, “What the search found”, written from its trace.',
    );
  });

  it('no console error, page error or failed request on the way', () => {
    assert.deepEqual(browser.problems, []);
  });
});
