// Presenter mode, in headless Chromium at 1920×1080: it opens with F and with the Present
// button (the tree lab, the MCTS lab, <ply-tree>), the narration is at least 28 px,
// PageDown first asks the question about the next step (the core's prompt) and then takes
// the step, PageUp takes it back, the controls fade out when the pointer rests and come back
// when it moves, Esc leaves and the focus goes back where it was; axe finds nothing in light
// and dark; screenshots of both go to tests/artifacts/.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { openBrowser } from './harness.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
const TIMEOUT = 20_000;
const FIG = '[[3,12,8],[2,4,6],[14,5,2]]';

describe('presenter mode', { timeout: 300_000 }, () => {
  let browser;
  let page;

  before(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await openBrowser({ bypassCSP: true });
    page = browser.page;
    await page.setViewportSize({ width: 1920, height: 1080 });
  });

  after(async () => {
    await browser?.close();
  });

  const lab = async () => {
    await page.goto(`${browser.base}index.html#tree?tree=${FIG}&algo=alphabeta&step=12`);
    await page.waitForSelector('#app[data-ready="true"][data-tree-length]', { timeout: TIMEOUT });
  };
  const index = () => page.evaluate(() => window.__plyground.views.tree.figure.index);
  const presenting = (sel = '.presenting') => page.waitForSelector(sel, { timeout: TIMEOUT });
  const gone = () => page.waitForFunction(() => !document.querySelector('.presenting'), null, { timeout: TIMEOUT });
  const px = (sel) => page.$eval(sel, (e) => parseFloat(getComputedStyle(e).fontSize));

  it('opens with F in the tree lab: large type, the question then the step, Esc leaves to the canvas', async () => {
    await lab();
    await page.focus('#tl-canvas');
    await page.keyboard.press('f');
    await presenting('#app .lab-main.presenting');
    const size = await px('.presenting .narration');
    assert.ok(size >= 28, `narration ${size} px at 1920×1080`);
    assert.equal(await index(), 12);
    await page.keyboard.press('PageDown');
    assert.equal(await page.textContent('.presenter-prompt'), 'Next: the leaf c1. What value does it return?');
    assert.ok((await px('.presenter-prompt')) >= 28);
    assert.equal(await index(), 12, 'the question comes first');
    await page.keyboard.press('PageDown');
    assert.equal(await index(), 13);
    assert.equal(await page.textContent('.presenter-prompt'), '');
    assert.equal(await page.textContent('#tl-narration'), 'c1 is a terminal state: TERMINAL-TEST is true, UTILITY(c1) = 2, returned to C');
    await page.keyboard.press('PageUp');
    assert.equal(await index(), 12);
    await page.keyboard.press('Escape');
    await gone();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'tl-canvas');
    assert.deepEqual(browser.problems, []);
  });

  it('opens with the button; the controls hide when the pointer rests and show when it moves', async () => {
    await lab();
    await page.focus('#tl-present');
    await page.click('#tl-present');
    await presenting();
    // The focus is on Next (keyboard reachable while faded).
    await page.waitForFunction(() => document.activeElement?.className === 'pr-next', null, { timeout: 3000 });
    await page.evaluate(() => document.activeElement.blur());
    await page.waitForSelector('.presenting.idle', { timeout: 6000 });
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.presenter-controls')).opacity === '0', null, { timeout: 3000 });
    await page.mouse.move(400, 400);
    await page.mouse.move(420, 410);
    await page.waitForFunction(() => !document.querySelector('.presenting').classList.contains('idle'), null, { timeout: 3000 });
    await page.waitForFunction(() => getComputedStyle(document.querySelector('.presenter-controls')).opacity === '1', null, { timeout: 3000 });
    // ? lists the keys in a modal dialog; Esc closes it first, then presenter mode.
    await page.keyboard.press('?');
    await page.waitForSelector('dialog.keys-help[open]', { timeout: TIMEOUT });
    const keys = await page.$$eval('dialog.keys-help dt', (d) => d.map((x) => x.textContent));
    assert.ok(keys.includes('PageDown / → / Space') && keys.includes('Esc') && keys.includes('C / Shift+C'), keys.join(' | '));
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !document.querySelector('dialog.keys-help'), null, { timeout: TIMEOUT });
    assert.ok(await page.$('.presenting'), 'still presenting');
    await page.keyboard.press('Escape');
    await gone();
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'tl-present');
  });

  for (const scheme of ['light', 'dark']) {
    it(`axe finds nothing in presenter mode, ${scheme}; screenshot`, async () => {
      await page.emulateMedia({ colorScheme: scheme });
      await lab();
      await page.click('#tl-present');
      await presenting();
      await page.keyboard.press('PageDown');
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      await page.screenshot({ path: `${ARTIFACTS}presenter-${scheme}-1920.png` });
      await page.addScriptTag({ path: AXE });
      const violations = await page.evaluate(async () => {
        const r = await window.axe.run(document, { resultTypes: ['violations'] });
        return r.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`);
      });
      assert.deepEqual(violations, []);
      await page.keyboard.press('Escape');
      await gone();
    });
  }

  it('opens from the MCTS lab and from <ply-tree>', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto(`${browser.base}index.html#mcts`);
    await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
    await page.waitForFunction(() => window.__plyground.views.mcts?.figure?.m != null, null, { timeout: TIMEOUT });
    const iters = () => page.evaluate(() => window.__plyground.views.mcts.figure.m.iterations);
    const phase = () => page.evaluate(() => window.__plyground.views.mcts.figure.m.phase);
    await page.click('#mc-present');
    await presenting();
    assert.ok((await px('.presenting .phase-line')) >= 28);
    const before = [await iters(), await phase()];
    await page.keyboard.press('PageDown');
    assert.equal(await page.textContent('.presenter-prompt'), 'What happens in the next phase?');
    assert.deepEqual([await iters(), await phase()], before);
    await page.keyboard.press('PageDown');
    assert.notDeepEqual([await iters(), await phase()], before);
    await page.keyboard.press('Escape');
    await gone();

    await page.goto(`${browser.base}tests/pages/one-tree.html`);
    await page.waitForFunction(() => document.getElementById('fig-tree').state != null, null, { timeout: TIMEOUT });
    await page.focus('#fig-tree');
    await page.keyboard.press('f');
    await page.waitForFunction(() => document.getElementById('fig-tree').shadowRoot.querySelector('.presenting') != null, null, { timeout: TIMEOUT });
    const size = await page.$eval('#fig-tree', (e) => parseFloat(getComputedStyle(e.shadowRoot.querySelector('.presenting .narration')).fontSize));
    assert.ok(size >= 28, `narration ${size} px`);
    assert.equal(await page.$eval('#fig-tree', (e) => e.index), 15);
    await page.keyboard.press('PageDown');
    await page.keyboard.press('PageDown');
    assert.equal(await page.$eval('#fig-tree', (e) => e.index), 16);
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.getElementById('fig-tree').shadowRoot.querySelector('.presenting') == null, null, { timeout: TIMEOUT });
    await page.waitForFunction(() => document.activeElement?.id === 'fig-tree', null, { timeout: 3000 });
    assert.deepEqual(browser.problems, []);
  });
});
