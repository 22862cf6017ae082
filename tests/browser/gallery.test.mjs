// The lessons gallery (lessons/index.html) as a reader sees it: on a 360 × 740 phone every
// text of the page and of its figures (their shadow roots included, hidden parts too: a
// closed "Embed" box opens) is at least 12 px; and the figures whose caption names a move
// show it — the quiescence tree's chosen column and the MCTS-Solver figure's proven cell are
// inside their canvases at 1280 and at 360 px, light and dark. The captions' numbers are
// checked against the searches in tests/js/gallery.test.mjs; axe runs in axe.test.mjs.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { buildAll, openBrowser } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const TIMEOUT = 60_000;
const MIN_PX = 12;

async function openGallery(page, base, { width, height, scheme }) {
  await page.emulateMedia({ colorScheme: scheme });
  await page.setViewportSize({ width, height });
  await page.goto(`${base}lessons/index.html`);
  // Every figure, built as a reader scrolling down would build them (the gallery's figures
  // are lazy).
  await buildAll(page, undefined, TIMEOUT);
  // Two frames: the canvases have laid out and drawn at this size.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** Every text of the page and of the figures' shadow roots under `MIN_PX`: "size px: text (where)". */
function smallTexts(page) {
  return page.evaluate(async (min) => {
    // The snippets are in closed <details>, written once the page is idle (or a box opens):
    // open them, and wait for their text, so that it is laid out too.
    for (const d of document.querySelectorAll('details')) d.open = true;
    for (let i = 0; i < 500 && document.querySelectorAll('details.snippet code').length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const out = [];
    const where = (e) => {
      const parts = [];
      for (let n = e; n && parts.length < 4; n = n.parentElement ?? n.getRootNode()?.host) {
        parts.unshift(n.localName + (n.id ? `#${n.id}` : '') + (n.classList?.length ? `.${[...n.classList].join('.')}` : ''));
      }
      return parts.join(' > ');
    };
    let texts = 0;
    const walk = (root) => {
      const it = document.createTreeWalker(root, NodeFilter.SHOW_TEXT | NodeFilter.SHOW_ELEMENT);
      for (let n = it.currentNode; n; n = it.nextNode()) {
        if (n.nodeType === Node.ELEMENT_NODE) {
          if (n.shadowRoot) walk(n.shadowRoot);
          continue;
        }
        const parent = n.parentElement;
        if (!parent || ['SCRIPT', 'STYLE', 'TEMPLATE', 'NOSCRIPT'].includes(parent.tagName) || !n.data.trim()) continue;
        texts++;
        const px = parseFloat(getComputedStyle(parent).fontSize);
        if (px < min) out.push(`${px} px: ${JSON.stringify(n.data.trim().slice(0, 40))} (${where(parent)})`);
      }
    };
    walk(document.body);
    return { small: out, texts };
  }, MIN_PX);
}

/** Where a figure's marked node is drawn: {x, y, w, h, inside}. `pick` finds the node's draw id in the model. */
function nodeOnCanvas(page, selector, pick) {
  return page.evaluate(
    ([sel, pickSrc]) => {
      const host = document.querySelector(sel);
      const c = host.figure.canvas;
      const d = c.model.nodes.findIndex(new Function('n', `return ${pickSrc}`));
      if (d < 0) return { missing: true };
      const p = c.camera.toScreen(c.layout.x[d], c.layout.y[d]);
      const { width: w, height: h } = c.camera;
      return { x: Math.round(p.x), y: Math.round(p.y), w, h, visible: c.layout.visible[d], inside: p.x >= 0 && p.x <= w && p.y >= 0 && p.y <= h, label: c.model.nodes[d].edgeLabel ?? c.model.nodes[d].label };
    },
    [selector, pick],
  );
}

describe('the lessons gallery', { timeout: 600_000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
  });

  after(async () => {
    await browser?.close();
  });

  it('at load only the figures near the viewport are built; the others when a reader reaches them', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 360, height: 740 });
    const wasm = [];
    const onRequest = (r) => {
      if (r.url().endsWith('.wasm')) wasm.push(new URL(r.url()).pathname);
    };
    page.on('request', onRequest);
    try {
      await page.goto('about:blank');
      await page.goto(`${browser.base}lessons/index.html`);
      await page.waitForFunction(() => document.querySelector('ply-tree')?.state != null, null, { timeout: TIMEOUT });
      await page.waitForTimeout(1500);
      const built = () =>
        page.$$eval('ply-tree, ply-game, ply-mcts, ply-ucb, ply-compare, ply-practice', (es) => es.map((e) => (e.state != null ? 1 : 0)).join(''));
      const atLoad = await built();
      // Figure 5.2's two trees are on the first screens; nothing below them is built.
      assert.match(atLoad, /^1+0+$/, atLoad);
      assert.ok(atLoad.indexOf('0') <= 3, atLoad);
      assert.ok(!wasm.includes('/pkg-practice/plyground_wasm_bg.wasm'), `the practice module is not loaded: ${wasm.join(' ')}`);
      // The snippet boxes are written once the page is idle; the copies are as authored.
      await page.waitForFunction(() => document.querySelectorAll('details.snippet code').length > 0, null, { timeout: TIMEOUT });
      const first = await page.$eval('details.snippet code', (c) => c.textContent);
      assert.ok(first.includes(`\n<ply-tree algorithm="minimax" step="end" height="250" controls="step,play,scrubber,narration,result">${FIG_5_2}</ply-tree>\n`), first);
      assert.doesNotMatch(first, /loading=|tabindex=|style=/);
      // A reader scrolling to the last exercise: it is built, with the practice module.
      await page.$eval('ply-practice[task="ordering"]', (e) => e.scrollIntoView({ block: 'center' }));
      await page.waitForFunction(() => document.querySelector('ply-practice[task="ordering"]')?.state != null, null, { timeout: TIMEOUT });
      assert.ok(wasm.includes('/pkg-practice/plyground_wasm_bg.wasm'), wasm.join(' '));
      assert.equal(await page.$eval('ply-practice[task="ordering"]', (e) => e.error), '');
      assert.deepEqual(browser.problems, [], 'no console error on the way');
    } finally {
      page.off('request', onRequest);
    }
  });

  for (const scheme of ['light', 'dark']) {
    it(`every text is at least ${MIN_PX} px on a 360 px phone (${scheme})`, async () => {
      await openGallery(page, browser.base, { width: 360, height: 740, scheme });
      const { small, texts } = await smallTexts(page);
      assert.ok(texts > 500, `only ${texts} texts found`);
      assert.deepEqual(small, [], `${small.length} of ${texts} texts are under ${MIN_PX} px:\n${small.slice(0, 30).join('\n')}`);
      assert.deepEqual(browser.problems, [], 'no console error on the way');
    });
  }

  it('the comparison tables hold the numbers their captions state', async () => {
    await openGallery(page, browser.base, { width: 1280, height: 800, scheme: 'light' });
    const tables = await page.evaluate(async () => {
      const read = async (sel) => {
        const host = document.querySelector(sel);
        // The comparison runs in the worker after the element renders: wait for its rows.
        for (let i = 0; i < 600 && !host.shadowRoot.querySelector('tbody tr'); i++) await new Promise((r) => setTimeout(r, 50));
        const rows = [...host.shadowRoot.querySelectorAll('tbody tr')].map((tr) => [...tr.children].map((td) => td.textContent.trim()));
        const caption = host.closest('figure').querySelector('figcaption').textContent.replace(/\s+/g, ' ');
        return { rows, caption };
      };
      return { beam: await read('#beam ply-compare'), ordering: await read('#move-ordering ply-compare:not([game])') };
    });
    // Beam search: "width 1 finds 1 and width 2 finds 4, both missing α-β’s choice; width 3 keeps every move and finds 7".
    const beam = tables.beam;
    const found = (w) => beam.rows.find((r) => r[0] === `beam n = ${w}`)?.[5] ?? '';
    const said = /width 1 finds (\d+) and width 2 finds (\d+), both missing α-β’s choice; width 3 keeps every move and finds (\d+)/.exec(beam.caption);
    assert.ok(said, beam.caption);
    assert.match(found(1), new RegExp(`^${said[1]} \\(move .*; misses α-β’s choice\\)$`));
    assert.match(found(2), new RegExp(`^${said[2]} \\(move .*; misses α-β’s choice\\)$`));
    assert.match(found(3), new RegExp(`^${said[3]} \\(move .*; matches α-β\\)$`));
    // Move ordering: "(81 leaves)" is minimax's count and "= 17 leaves" the perfect ordering's.
    const ord = tables.ordering;
    const leaves = (algo, order) => ord.rows.find((r) => r[0] === algo && r[1].startsWith(order))?.[3];
    assert.match(ord.caption, /b = 3, m = 4 \((\d+) leaves\)/);
    assert.equal(leaves('minimax', '—'), /\((\d+) leaves\)/.exec(ord.caption)[1]);
    assert.equal(leaves('α-β', 'perfect'), /= (\d+) leaves/.exec(ord.caption)[1], JSON.stringify(ord.rows));
  });

  for (const [width, height] of [
    [1280, 800],
    [360, 740],
  ]) {
    it(`the named moves are in their figures at ${width} × ${height}`, async () => {
      await openGallery(page, browser.base, { width, height, scheme: 'light' });
      // The quiescence tree's chosen root child (drawn bold at the end).
      const q = await nodeOnCanvas(page, 'ply-tree[quiescence]', 'n.bold === true');
      assert.ok(!q.missing && q.visible && q.inside, `the quiescence tree's chosen move is off its canvas: ${JSON.stringify(q)}`);
      // MCTS-Solver: the proven root child (drawn bold, +∞ beside its W/N).
      const m = await nodeOnCanvas(page, 'ply-mcts[solver]', 'n.bold === true');
      assert.ok(!m.missing && m.visible && m.inside, `the MCTS-Solver figure's proven move is off its canvas: ${JSON.stringify(m)}`);
      const decision = await page.evaluate(() => document.querySelector('ply-mcts[solver]').shadowRoot.querySelector('.decision')?.textContent ?? '');
      assert.match(decision, /^Decision: cell 0 — the root is a proven win for the player to move, and the solver picks by the proof \(N = 7\)\.$/);
      assert.deepEqual(browser.problems, [], 'no console error on the way');
    });
  }
});
