// The figure first, on every view and at both sizes a student uses (a laptop, 1280×800; a
// phone, 360×740): the drawing's top edge near the top of the page (≤ 200 px, ≤ 240 px), at
// least 55 % of the width on the laptop, the controls and words a learner needs first (the
// step buttons and the narration, the practice feedback, the game's status and buttons) on
// screen without scrolling, and no layout shift (Cumulative Layout Shift ≤ 0.02 while the page
// loads, and none at all once it is ready). Then the first visit's page, the skip link, and
// Play's "Board as text", which must not move the status and buttons beside the board. Then
// the pages that hold plyground elements (the gallery, lesson pages): no shift while their
// figures load.
//
// Layout shifts are Chromium's own (PerformanceObserver 'layout-shift', in an init script so
// that it sees the first paint; shifts right after an input do not count, as in CLS).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { openBrowser } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 30_000;

const SIZES = [
  { width: 1280, height: 800, top: 200, share: 0.55 },
  { width: 360, height: 740, top: 240, share: null },
];

const TREE = encodeURIComponent(FIG_5_2);

/**
 * Every view: where to go, what says it is ready, its figure (the drawing, or Play's board and
 * its status), and what must be on screen without scrolling. Selectors pierce the elements'
 * open shadow roots (Playwright's CSS engine).
 */
const VIEWS = [
  { name: '#play', path: 'index.html#play', ready: '#app[data-ready="true"][data-cells]', figure: '#play-figure', near: ['#play-board', '#play-status', '#play-new'] },
  { name: '#tree', path: 'index.html#tree', ready: '#app[data-ready="true"][data-tree-length]', figure: '#tl-canvas', near: ['#tl-fwd', '#tl-narration'] },
  { name: '#mcts', path: 'index.html#mcts', ready: '#app[data-ready="true"][data-mcts-iterations]', figure: '#mc-canvas', near: ['#mc-phase', '#mc-phase-line'] },
  { name: '#practice', path: 'index.html#practice', ready: '#app[data-ready="true"][data-practice-task]', figure: '#pr-canvas', near: ['#pr-check', '#pr-feedback'] },
  { name: 'embed tree', path: `embed.html#view=tree&tree=${TREE}`, element: 'ply-tree', figure: 'ply-tree [part="canvas"]', near: ['ply-tree [part="fwd"]', 'ply-tree [part="narration"]'] },
  { name: 'embed mcts', path: 'embed.html#view=mcts&game=ttt&moves=4,0,8&iterations=10', element: 'ply-mcts', figure: 'ply-mcts [part="canvas"]', near: ['ply-mcts [part="phase"]', 'ply-mcts [part="phase-line"]'] },
  { name: 'embed game', path: 'embed.html#view=game&game=c4&moves=4453', element: 'ply-game', figure: 'ply-game [part="figure"]', near: ['ply-game [part="status"]'] },
];

/** Records every layout shift (not caused by input) with its time, and when the figure was ready. */
function recordShifts() {
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      const sources = (e.sources ?? []).map((s) => {
        const n = s.node;
        if (!n || n.nodeType !== 1) return n?.nodeName ?? '?';
        return `${n.tagName.toLowerCase()}${n.id ? `#${n.id}` : ''}${n.className && typeof n.className === 'string' ? `.${n.className.trim().split(/\s+/).join('.')}` : ''}`;
      });
      window.__shifts.push({ value: e.value, at: e.startTime, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
  document.addEventListener('ready', () => {
    window.__readyAt ??= performance.now();
  }, true);
}

/** A browser whose pages record their layout shifts from the first paint. */
async function openRecording() {
  const browser = await openBrowser();
  await browser.page.addInitScript(recordShifts);
  return { browser, page: browser.page };
}

/** A new document each time (a URL that differs only in its hash would not load again). */
let loads = 0;
function fresh(base, path) {
  const [file, hash] = path.split('#');
  return `${base}${file}?load=${++loads}${hash === undefined ? '' : `#${hash}`}`;
}

/** Waits for two frames and a little more: anything that moves after load has moved. */
async function settle(page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  await page.waitForTimeout(700);
}

/** The view's numbers: the figure's box, the boxes of what must be near it, the shifts. */
async function measure(page, v) {
  const fig = await page.locator(v.figure).first().boundingBox();
  const near = {};
  for (const sel of v.near) near[sel] = await page.locator(sel).first().boundingBox();
  const { shifts, readyAt, scrollY, innerHeight } = await page.evaluate(() => ({
    shifts: window.__shifts,
    readyAt: window.__plyground?.interactiveMs ?? window.__readyAt ?? null,
    scrollY: window.scrollY,
    innerHeight: window.innerHeight,
  }));
  const cls = shifts.reduce((s, e) => s + e.value, 0);
  const late = shifts.filter((e) => readyAt !== null && e.at > readyAt);
  return { fig, near, shifts, cls, late, scrollY, innerHeight };
}

/** Everything wrong with a view's numbers at one size (empty when all is well). */
function problemsOf(v, size, m) {
  const out = [];
  if (!m.fig) return [`${v.name}: no figure ${v.figure}`];
  if (m.fig.y > size.top) out.push(`figure top ${Math.round(m.fig.y)} px > ${size.top}`);
  if (size.share && m.fig.width < size.share * size.width) out.push(`figure width ${Math.round(m.fig.width)} px < ${Math.round(size.share * 100)} % of ${size.width}`);
  for (const [sel, b] of Object.entries(m.near)) {
    if (!b || b.height === 0) out.push(`${sel} not shown`);
    else if (b.y < 0 || b.y + b.height > m.innerHeight) out.push(`${sel} at ${Math.round(b.y)}–${Math.round(b.y + b.height)} px: not on screen without scrolling`);
  }
  if (m.scrollY !== 0) out.push(`scrolled to ${m.scrollY}`);
  if (m.cls > 0.02) out.push(`CLS ${m.cls.toFixed(3)} > 0.02 (${m.shifts.map((s) => `${s.value.toFixed(3)} at ${Math.round(s.at)} ms: ${s.sources.join(' ')}`).join('; ')})`);
  if (m.late.length) out.push(`layout shift after ready: ${m.late.map((s) => `${s.value.toFixed(4)} (${s.sources.join(' ')})`).join('; ')}`);
  return out.map((p) => `${v.name} at ${size.width}×${size.height}: ${p}`);
}

// Pages that hold plyground elements do not move while their figures arrive: each element
// holds the space its figure will take before its module and its WebAssembly are there
// (elements/reserve.js). On the lessons gallery, on the test lesson page (five figures and two
// frames) and on a lesson page with one <ply-tree>, at both sizes: CLS ≤ 0.02 while the page
// loads, and no shift at all once every figure is ready. And while an element's module is held
// back, the element is a block of the reserved height with its text (the tree) hidden; once
// drawn, the figure is as tall as that reservation.

const ELEMENTS_TIMEOUT = 90_000;
const MAX_CLS = 0.02;
const PAGES = ['lessons/index.html', 'tests/pages/lesson.html', 'tests/pages/one-tree.html'];
const SELECTOR = 'ply-tree, ply-game, ply-mcts, ply-ucb, ply-compare, ply-practice';

/**
 * Loads `path` afresh, waits until every element is ready (or says why not), then settles.
 * A figure with loading="lazy" (all of the gallery's) further than a screen below the
 * viewport is not built at load (elements/lazy.js): it is left waiting.
 */
async function loadAll(page, base, path) {
  await page.goto(fresh(base, path));
  await page.waitForFunction(
    (sel) =>
      [...document.querySelectorAll(sel)].every(
        (e) => e.state != null || Boolean(e.error) || (e.getAttribute('loading') === 'lazy' && e.getBoundingClientRect().top >= 2 * innerHeight),
      ),
    SELECTOR,
    { timeout: ELEMENTS_TIMEOUT },
  );
  const readyAt = await page.evaluate(() => performance.now());
  await settle(page);
  return readyAt;
}

describe('the figure first: layout at 1280×800 and 360×740', { timeout: 900_000 }, () => {
  let browser;
  let page;
  before(async () => {
    ({ browser, page } = await openRecording());
  });
  after(() => browser?.close());

  for (const size of SIZES) {
    it(`every view at ${size.width}×${size.height}: figure on top, its controls and words beside or under it, no layout shift`, async (t) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const found = [];
      for (const v of VIEWS) {
        await page.goto(fresh(browser.base, v.path));
        if (v.element) {
          await page.waitForFunction((tag) => {
            const e = document.querySelector(tag);
            return e && (e.state != null || e.error);
          }, v.element, { timeout: TIMEOUT });
        } else await page.waitForSelector(v.ready, { timeout: TIMEOUT });
        await settle(page);
        const m = await measure(page, v);
        t.diagnostic(
          `${v.name} ${size.width}×${size.height}: figure top ${Math.round(m.fig?.y)} px, width ${Math.round(m.fig?.width)} px (${Math.round((100 * (m.fig?.width ?? 0)) / size.width)} %), ` +
            `CLS ${m.cls.toFixed(3)}, after ready ${m.late.reduce((s, e) => s + e.value, 0).toFixed(3)}; ` +
            Object.entries(m.near).map(([sel, b]) => `${sel} bottom ${b ? Math.round(b.y + b.height) : 'none'}`).join(', '),
        );
        found.push(...problemsOf(v, size, m));
      }
      assert.deepEqual(found, [], found.join('\n'));
      assert.deepEqual(browser.problems, [], 'no console error on the way');
    });

    it(`Practice at ${size.width}×${size.height}: Check's feedback shows without scrolling; the first answer is two keys away`, async () => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await page.goto(fresh(browser.base, 'index.html#practice?task=minimax&seed=3'));
      await page.waitForSelector('#app[data-ready="true"][data-practice-task]', { timeout: TIMEOUT });
      await settle(page);
      // The skip link is the first Tab stop; Enter puts the focus on the first answer.
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement.id), 'skip');
      await page.keyboard.press('Enter');
      assert.equal(await page.evaluate(() => Boolean(document.activeElement.closest('#pr-cells'))), true, 'the focus is in the first answer cell');
      await page.keyboard.type('3');
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.click('#pr-check');
      await page.waitForFunction(() => document.getElementById('pr-feedback').textContent.trim() !== '', null, { timeout: TIMEOUT });
      const { scrollY, innerHeight } = await page.evaluate(() => ({ scrollY: window.scrollY, innerHeight: window.innerHeight }));
      const b = await page.locator('#pr-feedback').boundingBox();
      assert.equal(scrollY, 0, 'Check needs no scrolling');
      assert.ok(b.y >= 0 && b.y + Math.min(b.height, 48) <= innerHeight, `the feedback's first lines are on screen (${Math.round(b.y)}–${Math.round(b.y + b.height)} px of ${innerHeight})`);
      assert.deepEqual(browser.problems, [], 'no console error on the way');
    });
  }

  it('Play: opening "Board as text" leaves the status and the buttons where they were', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(fresh(browser.base, 'index.html#play?game=c4&moves=4453'));
    await page.waitForSelector('#app[data-ready="true"][data-moves="4453"]', { timeout: TIMEOUT });
    const before = { status: await page.locator('#play-status').boundingBox(), buttons: await page.locator('#play-buttons').boundingBox() };
    await page.click('[part="board-text"] > summary');
    await page.waitForFunction(() => document.querySelector('[part="board-text"]').open);
    const afterOpen = { status: await page.locator('#play-status').boundingBox(), buttons: await page.locator('#play-buttons').boundingBox() };
    assert.deepEqual(afterOpen, before);
  });

  it('a frame sizes itself: the snippet\'s script line sets the <iframe>\'s height to what the frame posts, at both widths', async () => {
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(fresh(browser.base, 'tests/pages/frames.html'));
      let f;
      while (!(f = page.frames().find((x) => x.url().includes('embed.html')))) await page.waitForTimeout(50);
      await f.waitForFunction(() => document.querySelector('ply-tree')?.state != null, null, { timeout: TIMEOUT });
      await settle(page);
      const want = await f.evaluate(() => Math.ceil(document.body.getBoundingClientRect().bottom + window.scrollY));
      assert.equal(await page.$eval('#frame', (e) => e.style.height), `${want}px`, `at ${width} px`);
      // Nothing is cut off and nothing is blank: the frame's own page does not scroll.
      assert.equal(await f.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight), true);
      assert.notEqual(want, 620);
    }
    assert.deepEqual(browser.problems, [], 'no console error on the way');
  });

  it('the first visit: three ways in and the gallery; dismissed, it is remembered; no engine control before an engine runs', async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(fresh(browser.base, 'index.html'));
    await page.evaluate(() => localStorage.clear());
    await page.goto(fresh(browser.base, 'index.html'));
    await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
    assert.equal(await page.isVisible('#view-start'), true);
    assert.equal(await page.isVisible('#view-play'), false);
    const links = await page.$$eval('#view-start a', (as) => as.map((a) => [a.getAttribute('href'), a.textContent.replace(/\s+/g, ' ').trim()]));
    assert.deepEqual(
      links.map(([h]) => h),
      ['#play', '#tree', '#practice', 'lessons/index.html', 'builder.html'],
    );
    assert.equal(links[4][1], 'Build an assignment', "the instructor's way in");
    assert.match(links[1][1], /^Watch α-β prune Figure 5\.2/);
    assert.equal(await page.isVisible('header a[href="lessons/index.html"]'), true, 'the header links to the gallery');
    // "Watch α-β prune Figure 5.2" opens the tree lab on Figure 5.2 with α-β.
    await page.click('#view-start a[href="#tree"]');
    await page.waitForSelector('#app[data-view="tree"][data-tree-length]', { timeout: TIMEOUT });
    assert.equal(await page.inputValue('#tl-source'), 'figure-5-2');
    assert.equal(await page.inputValue('#tl-algo'), 'alphabeta');
    // Following a way in dismissed the page: a new visit opens Play, with no engine button
    // before an engine has anything to do.
    await page.goto(fresh(browser.base, 'index.html'));
    await page.waitForSelector('#app[data-ready="true"][data-cells]', { timeout: TIMEOUT });
    assert.equal(await page.isVisible('#view-start'), false);
    assert.equal(await page.isVisible('#view-play'), true);
    assert.equal(await page.isVisible('#play-pause'), false, '"Pause engines" before any engine ran');
    // The brand brings it back; "Skip this page next time" dismisses it too.
    await page.click('.brand');
    await page.waitForSelector('#view-start:not([hidden])');
    await page.evaluate(() => localStorage.clear());
    await page.click('#start-dismiss');
    await page.waitForSelector('#app[data-view="play"]');
    assert.equal(await page.evaluate(() => localStorage.getItem('plyground.start')), 'dismissed');
    assert.deepEqual(browser.problems, [], 'no console error on the way');
  });

  for (const size of SIZES) {
    it(`gallery, lesson page and one-tree page at ${size.width}×${size.height}: CLS ≤ ${MAX_CLS}, none after ready`, async (t) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      const found = [];
      for (const path of PAGES) {
        const readyAt = await loadAll(page, browser.base, path);
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
      await page.setViewportSize({ width: size.width, height: size.height });
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
        await page.goto(fresh(browser.base, 'tests/pages/one-tree.html'));
        await page.waitForFunction(() => document.querySelector('ply-tree')?.style.getPropertyValue('--ply-reserve') !== '', null, { timeout: ELEMENTS_TIMEOUT });
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
      await page.waitForFunction(() => document.querySelector('ply-tree')?.state != null, null, { timeout: ELEMENTS_TIMEOUT });
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
