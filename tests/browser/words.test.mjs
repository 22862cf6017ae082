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

  it('Show me the search for the perfect Connect-4 player: the solver’s own passes, named, at the top', async () => {
    // A late position, O to move: the solver settles it in null-window passes. The Play view
    // is scrolled down to the button first.
    const moves = '7174362564676726631735257252323';
    await page.click('nav a[data-view="play"]');
    await page.waitForSelector('#app[data-view="play"]');
    await page.selectOption('#side-0 select', 'human');
    await page.selectOption('#side-1 select', 'human');
    await page.check('input[name="game"][value="c4"]');
    await page.click('#play-new');
    await page.fill('#moves-input', moves);
    await page.click('#moves-form button[type="submit"]');
    await page.waitForSelector(`#app[data-moves="${moves}"]`);
    await page.selectOption('#side-1 select', 'perfect');
    await page.waitForFunction((m) => document.querySelector('#app').dataset.moves.length === m.length + 1, moves, { timeout: TIMEOUT });
    assert.match(await page.textContent('#play-last'), /^O \(Perfect \(exact solver\)\) played column \d after .* — exact: /);
    // Play fits a 1280×800 screen now: the page is made taller, as on a small screen, so that
    // it can be scrolled down before the button is pressed.
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
    });
    await page.locator('#play-show-search').scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 400));
    assert.ok((await page.evaluate(() => window.scrollY)) > 0);
    await page.click('#play-show-search');
    await page.waitForSelector('#app[data-view="tree"]');
    await page.waitForFunction(() => document.querySelector('#tl-algo').value === 'solve');
    assert.equal(await page.evaluate(() => window.scrollY), 0, 'the lab opens at its top');
    const source = await page.$eval('#tl-source', (s) => s.selectedOptions[0].textContent);
    assert.equal(source, 'A Connect-4 position’s exact solve (null-window passes)');
    assert.match(await page.textContent('#tl-note'), /^The exact solver’s own search of the position before Perfect \(exact solver\) moved: one pass after another/);
    await page.keyboard.press('End');
    // The passes' bounds together, never the last pass's bound read as the value.
    assert.match(await page.textContent('#tl-result'), /^Root value 4, settled by \d+ searches with narrow windows: ([≥≤] −?\d+, )+[≥≤] 4$/);
    const narration = await page.textContent('#tl-narration');
    assert.match(narration, /^Search done: the root is worth at (most|least) 4 \(a bound: its window α = −?\d+, β = −?\d+ tests no more\)/);
    assert.doesNotMatch(narration, /no move to make/);
    await page.evaluate(() => {
      document.body.style.minHeight = '';
    });
    await page.click('nav a[data-view="play"]');
    await page.selectOption('#side-1 select', 'human');
  });

  it('no console error, page error or failed request on the way', () => {
    assert.deepEqual(browser.problems, []);
  });
});
