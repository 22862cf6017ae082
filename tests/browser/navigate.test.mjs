// Navigation by event, in headless Chromium, on Figure 5.2 under α-β (29 steps; a leaf is
// one step): the buttons and the keys go to the steps the core names (the cutoff at C is
// position 15, the returns at depth 1 are 10, 16 and 26, C's entry and exit 12 and 16), the
// event list marks the cutoff and the returns and seeks on click, and a step range
// (steps=12-16) stops or loops in the tree lab, in <ply-tree> and on the embed page; a
// range past the end says so.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { browserForSuite } from './harness.mjs';
import { FIG_5_2 as FIG } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;

describe('navigation by event and step ranges', { timeout: 300_000 }, () => {
  let browser;
  let page;

  browserForSuite((b) => {
    browser = b;
    page = b.page;
  });

  const lab = (hash) => page.goto(`${browser.base}index.html#tree?${hash}`).then(() => page.waitForSelector('#app[data-ready="true"][data-tree-length]', { timeout: TIMEOUT }));
  const index = () => page.evaluate(() => window.__plyground.views.tree.figure.index);
  const narration = () => page.textContent('#tl-narration');

  it('the tree lab: buttons and keys go to the cutoff, the returns, the entry and the exit', async () => {
    await lab(`tree=${FIG}&algo=alphabeta`);
    assert.equal(await page.evaluate(() => window.__plyground.views.tree.figure.length), 29);
    assert.equal(await index(), 0);
    await page.click('#tl-next-cutoff');
    assert.equal(await index(), 15);
    assert.equal(await narration(), 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3');
    await page.click('#tl-next-cutoff');
    assert.equal(await index(), 15, 'no other cutoff: the figure stays');
    assert.equal(await page.textContent('#tl-nav-note'), 'No cutoff after this step.');
    // Returns at depth 1 (the default): B, C, D.
    await page.evaluate(() => window.__plyground.views.tree.figure.seek(0));
    const returns = [];
    for (let k = 0; k < 3; k++) {
      await page.click('#tl-next-return');
      returns.push(await index());
    }
    assert.deepEqual(returns, [10, 16, 26]);
    await page.click('#tl-prev-return');
    assert.equal(await index(), 16);
    await page.click('#tl-prev-cutoff');
    assert.equal(await index(), 15);
    // Keys, with the focus on the canvas: C, Shift+C, R, Shift+R, E and X (of the current node).
    await page.focus('#tl-canvas');
    await page.keyboard.press('Home');
    assert.equal(await index(), 0);
    await page.keyboard.press('c');
    assert.equal(await index(), 15);
    await page.keyboard.press('End');
    await page.keyboard.press('Shift+C');
    assert.equal(await index(), 15);
    await page.keyboard.press('Home');
    await page.keyboard.press('r');
    await page.keyboard.press('r');
    assert.equal(await index(), 16);
    await page.keyboard.press('Shift+R');
    assert.equal(await index(), 10);
    // At position 12 the current node is C (just entered): X goes to its exit, E back to its entry.
    await page.evaluate(() => window.__plyground.views.tree.figure.seek(12));
    assert.equal(await narration(), 'Enter MIN node C with α = 3, β = +∞');
    await page.keyboard.press('x');
    assert.equal(await index(), 16);
    assert.equal(await narration(), 'MIN node C returns 2, an upper bound: C ≤ 2 (its true value may be lower)');
    await page.keyboard.press('e');
    assert.equal(await index(), 12);
    // Depth 2: the leaves' returns.
    await page.fill('#tl-return-depth', '2');
    await page.click('#tl-next-return');
    assert.equal(await index(), 13);
    assert.deepEqual(browser.problems, []);
  });

  it('the event list marks the cutoff and the returns, and seeks on click', async () => {
    await lab(`tree=${FIG}&algo=alphabeta`);
    await page.waitForSelector('#tl-events li', { timeout: TIMEOUT });
    const list = await page.$$eval('#tl-events li', (lis) => lis.map((li) => [li.className, li.textContent]));
    assert.equal(list.length, 29);
    assert.deepEqual(list[14], ['cutoff', '15 Cutoff at C']);
    assert.deepEqual(list.filter(([c]) => c === 'cutoff').map(([, t]) => t), ['15 Cutoff at C']);
    assert.deepEqual(
      list.filter(([c]) => c === 'return').map(([, t]) => t),
      ['4 b1 = 3', '6 b2 = 12', '8 b3 = 8', '10 B returns 3', '13 c1 = 2', '16 C returns 2', '19 d1 = 14', '21 d2 = 5', '23 d3 = 2', '26 D returns 2', '28 A returns 3'],
    );
    await page.click('#tl-events button[data-step="15"]');
    assert.equal(await index(), 15);
    assert.equal(await page.getAttribute('#tl-events button[data-step="15"]', 'aria-current'), 'step');
    assert.equal(await page.$$eval('#tl-events button[aria-current]', (b) => b.length), 1);
  });

  it('steps=12-16 stops at its end in the lab; loop starts again; the link keeps it', async () => {
    await lab(`tree=${FIG}&algo=alphabeta&steps=12-16`);
    assert.equal(await index(), 12);
    await page.click('#tl-end');
    assert.equal(await index(), 16);
    await page.click('#tl-fwd');
    assert.equal(await index(), 16, 'the range stops here');
    await page.click('#tl-start');
    assert.equal(await index(), 12);
    await page.click('#tl-back');
    assert.equal(await index(), 12);
    assert.deepEqual([await page.getAttribute('#tl-scrub', 'min'), await page.getAttribute('#tl-scrub', 'max')], ['12', '16']);
    // Playing stops at the end of the range.
    await page.evaluate(() => {
      const f = window.__plyground.views.tree.figure;
      f.setSpeed(60);
      f.play();
    });
    await page.waitForFunction(() => window.__plyground.views.tree.figure.playing === null, null, { timeout: TIMEOUT });
    assert.equal(await index(), 16);
    assert.match(await page.evaluate(() => window.__plyground.views.tree.linkState() && JSON.stringify(window.__plyground.views.tree.linkState().steps)), /"from":12,"to":16/);
    // Looping: after the end comes the start again, and it plays on.
    await lab(`tree=${FIG}&algo=alphabeta&steps=12-16&loop=true`);
    const seen = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const f = window.__plyground.views.tree.figure;
          const out = [];
          const t = setInterval(() => {
            if (out[out.length - 1] !== f.index) out.push(f.index);
            if (out.length >= 8) {
              clearInterval(t);
              f.pause();
              resolve(out);
            }
          }, 5);
          f.setSpeed(30);
          f.play();
        }),
    );
    assert.deepEqual(seen.slice(0, 8), [12, 13, 14, 15, 16, 12, 13, 14]);
    // A range past the end of the search.
    await page.goto(`${browser.base}index.html#tree?tree=${FIG}&algo=alphabeta&steps=12-40`);
    await page.waitForFunction(() => document.getElementById('tl-error').textContent !== '', null, { timeout: TIMEOUT });
    assert.equal(await page.textContent('#tl-error'), 'steps: steps=12-40 ends past the end of the search (29 steps)');
  });

  it('<ply-tree steps loop> and the embed page keep to the range', async () => {
    await page.goto(`${browser.base}tests/pages/one-tree.html`);
    await page.waitForFunction(() => document.getElementById('fig-tree').state != null, null, { timeout: TIMEOUT });
    const prop = (name) => page.$eval('#fig-tree', (e, n) => e[n], name);
    assert.equal(await prop('index'), 15);
    await page.$eval('#fig-tree', (e) => {
      e.removeAttribute('step');
      e.setAttribute('steps', '12-16');
    });
    await page.waitForFunction(() => document.getElementById('fig-tree').index === 12, null, { timeout: TIMEOUT });
    await page.focus('#fig-tree');
    await page.keyboard.press('End');
    assert.equal(await prop('index'), 16);
    await page.keyboard.press('ArrowRight');
    assert.equal(await prop('index'), 16);
    await page.keyboard.press('Home');
    assert.equal(await prop('index'), 12);
    await page.keyboard.press('c');
    // (The first C loads the navigation: views/navigate.js.)
    await page.waitForFunction(() => document.getElementById('fig-tree').index === 15, null, { timeout: TIMEOUT });
    // loop: playing past 16 comes back to 12.
    await page.$eval('#fig-tree', (e) => {
      e.loop = true;
      e.speed = 60;
    });
    await page.waitForFunction(() => document.getElementById('fig-tree').figure.range?.loop === true, null, { timeout: TIMEOUT });
    await page.$eval('#fig-tree', (e) => {
      e.seek(16);
      e.play();
    });
    await page.waitForFunction(() => document.getElementById('fig-tree').index < 16, null, { timeout: TIMEOUT });
    assert.ok((await prop('index')) >= 12);
    await page.$eval('#fig-tree', (e) => e.pause());
    // Out of range: the error names the parameter and the reason.
    await page.$eval('#fig-tree', (e) => e.setAttribute('steps', '12-40'));
    await page.waitForFunction(() => document.getElementById('fig-tree').error !== '', null, { timeout: TIMEOUT });
    assert.equal(await prop('error'), 'plyground: steps: steps=12-40 ends past the end of the search (29 steps)');
    // The embed page: the same reader.
    await page.goto(`${browser.base}embed.html#view=tree&tree=${FIG}&steps=12-16`);
    await page.waitForFunction(() => document.querySelector('ply-tree')?.state != null, null, { timeout: TIMEOUT });
    assert.equal(await page.$eval('ply-tree', (e) => e.index), 12);
    await page.$eval('ply-tree', (e) => e.seek(29));
    assert.equal(await page.$eval('ply-tree', (e) => e.index), 16);
    assert.deepEqual(browser.problems, []);
  });
});
