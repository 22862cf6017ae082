// Pages that hold plyground elements do not move while their figures arrive: each element
// holds the space its figure will take before its module and its WebAssembly are there
// (elements/reserve.js). On the lessons gallery, on the test lesson page (five figures and two
// frames) and on a lesson page with one <ply-tree>, at 1280×800 and 360×740: Cumulative Layout
// Shift ≤ 0.02 while the page loads, and no shift at all once every figure is ready. And while
// an element's module is held back, the element is a block of the reserved height with its text
// (the tree) hidden; once drawn, the figure is as tall as that reservation.
//
// Layout shifts are Chromium's own (PerformanceObserver 'layout-shift', in an init script so
// that it sees the first paint; shifts right after an input do not count, as in CLS).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';

const TIMEOUT = 90_000;
const MAX_CLS = 0.02;
const SIZES = [
  { width: 1280, height: 800 },
  { width: 360, height: 740 },
];
const PAGES = ['lessons/index.html', 'tests/pages/lesson.html', 'tests/pages/one-tree.html'];
const SELECTOR = 'ply-tree, ply-game, ply-mcts, ply-ucb, ply-compare, ply-practice';

/** Records every layout shift (not caused by input) with its time and the nodes that moved. */
function recordShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const sources = (e.sources ?? []).map((s) => {
        const n = s.node;
        if (!n || n.nodeType !== 1) return n?.nodeName ?? '?';
        return `${n.localName}${n.id ? `#${n.id}` : ''}`;
      });
      window.__shifts.push({ value: e.value, at: e.startTime, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
}

let loads = 0;

/** Loads `path` afresh and waits until every element of the page is ready (or says why not). */
async function load(page, base, path) {
  await page.goto(`${base}${path}?load=${++loads}`);
  await page.waitForFunction(
    (sel) => [...document.querySelectorAll(sel)].every((e) => e.state != null || Boolean(e.error)),
    SELECTOR,
    { timeout: TIMEOUT },
  );
  const readyAt = await page.evaluate(() => performance.now());
  // Two frames and a little more: whatever moves once the figures are drawn has moved.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(1000);
  return readyAt;
}

describe('plyground elements hold their space: no layout shift while figures load', { timeout: 900_000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await page.addInitScript(recordShifts);
  });

  after(async () => {
    await browser?.close();
  });

  for (const size of SIZES) {
    it(`gallery, lesson page and one-tree page at ${size.width}×${size.height}: CLS ≤ ${MAX_CLS}, none after ready`, async (t) => {
      await page.setViewportSize(size);
      const found = [];
      for (const path of PAGES) {
        const readyAt = await load(page, browser.base, path);
        const shifts = await page.evaluate(() => window.__shifts);
        const cls = shifts.reduce((s, e) => s + e.value, 0);
        const late = shifts.filter((e) => e.at >= readyAt);
        const errors = await page.$$eval(SELECTOR, (els) => els.filter((e) => e.error).map((e) => `${e.localName}: ${e.error}`));
        t.diagnostic(`${path} ${size.width}×${size.height}: CLS ${cls.toFixed(4)} (${shifts.length} shifts), after ready ${late.length}`);
        const where = (list) => list.map((s) => `${s.value.toFixed(4)} at ${Math.round(s.at)} ms (${s.sources.join(' ')})`).join('; ');
        if (cls > MAX_CLS) found.push(`${path} at ${size.width}: CLS ${cls.toFixed(4)} > ${MAX_CLS}: ${where(shifts)}`);
        if (late.length) found.push(`${path} at ${size.width}: layout shift after ready: ${where(late)}`);
        if (errors.length) found.push(`${path} at ${size.width}: ${errors.join('; ')}`);
      }
      assert.deepEqual(found, [], found.join('\n'));
      assert.deepEqual(browser.problems, [], 'no console error on the way');
    });
  }

  it('before its module arrives a <ply-tree> is a block of its figure’s height, text hidden; drawn, it is that tall', async () => {
    for (const size of SIZES) {
      await page.setViewportSize(size);
      let open;
      const gate = new Promise((r) => {
        open = r;
      });
      const held = '**/elements/ply-tree.js';
      await page.route(held, async (route) => {
        await gate;
        await route.continue();
      });
      try {
        await page.goto(`${browser.base}tests/pages/one-tree.html?load=${++loads}`);
        await page.waitForFunction(() => document.querySelector('ply-tree')?.style.getPropertyValue('--ply-reserve') !== '', null, { timeout: TIMEOUT });
        const early = await page.$eval('ply-tree', (e) => {
          const range = document.createRange();
          range.selectNodeContents(e);
          return {
            defined: e.matches(':defined'),
            display: getComputedStyle(e).display,
            height: e.getBoundingClientRect().height,
            reserve: parseFloat(e.style.getPropertyValue('--ply-reserve')),
            textHeight: range.getBoundingClientRect().height,
          };
        });
        assert.equal(early.defined, false, 'the module is held back');
        assert.equal(early.display, 'block');
        assert.equal(early.height, early.reserve, `at ${size.width}: the element holds its reservation`);
        assert.equal(early.textHeight, 0, `at ${size.width}: the tree's text takes no space`);
      } finally {
        open();
      }
      await page.waitForFunction(() => document.querySelector('ply-tree')?.state != null, null, { timeout: TIMEOUT });
      await page.unroute(held);
      // The figure's own height: the shadow root's parts, the host's padding and border.
      const drawn = await page.$eval('ply-tree', (e) => {
        const cs = getComputedStyle(e);
        const chrome = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'].reduce((s, k) => s + parseFloat(cs[k]), 0);
        const body = e.shadowRoot.querySelector('.ply-body').getBoundingClientRect().height;
        return { own: body + chrome, reserve: parseFloat(e.style.getPropertyValue('--ply-reserve')) };
      });
      assert.ok(Math.abs(drawn.own - drawn.reserve) <= 2, `at ${size.width}: figure ${drawn.own.toFixed(1)} px, reserved ${drawn.reserve} px`);
    }
  });
});
