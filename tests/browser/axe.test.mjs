// axe-core (npm, pinned in package.json) on every page and view, in light and dark
// (prefers-color-scheme emulated) at 1280 and 360 px: the playground's first-visit page and four views (two with a menu open), the embed
// page with each view, the lessons gallery, the test lesson page (and the tree lab's editor open), an exercise set's page and the
// assignment builder (an exercise added and previewed, a depth refused). Any violation fails,
// with its rule, the elements and axe's summary of what to fix. Presenter mode is checked
// open on both labs.
//
// axe is injected with page.addScriptTag; the pages' CSP allows no inline script, so the
// browser context bypasses CSP (the pages' own scripts are the same either way).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { buildAll, openBrowser } from './harness.mjs';
import { FIG_5_2, lessonTree } from '../fixtures/lessons.mjs';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TIMEOUT = 30_000;

/** Every page and view, with what to wait for before checking it. */
const PAGES = [
  { name: 'playground first visit', path: 'index.html#start', wait: '#app[data-ready="true"]' },
  { name: 'playground #play', path: 'index.html#play', wait: '#app[data-ready="true"]' },
  // The menus open (Share; Practice's options), each over the figure.
  { name: 'playground #tree, Share open', path: 'index.html#tree', wait: '#app[data-ready="true"][data-tree-length]', act: (page) => page.click('details:has(#tl-share) > summary') },
  { name: 'playground #practice, Options open', path: 'index.html#practice', wait: '#app[data-ready="true"][data-practice-task]', act: (page) => page.click('details:has(#pr-seed) > summary') },
  { name: 'playground #tree', path: 'index.html#tree', wait: '#app[data-ready="true"][data-tree-length]' },
  // The tree lab's editor open on a leaf, then on a chance node whose probabilities do not sum to 1 (the refusal beside the fields).
  { name: 'playground #tree editor (a leaf)', path: 'index.html#tree', wait: '#app[data-ready="true"][data-tree-length]', act: (page) => openEditor(page, 2) },
  {
    name: 'playground #tree editor (a chance node, sum refused)',
    path: 'index.html#tree?tree=[chance[0.5:1,0.5:2],[3,4]]',
    wait: '#app[data-ready="true"][data-tree-length]',
    act: async (page) => {
      await page.waitForFunction(() => document.getElementById('tl-text').value === '[chance[0.5:1,0.5:2],[3,4]]', null, { timeout: TIMEOUT });
      await openEditor(page, 1);
      await page.fill('#tl-edit-prob-0', '0.4');
      await page.waitForFunction(() => document.getElementById('tl-edit-prob-msg').textContent.includes('not 1'));
    },
  },
  // Predict mode: a question open beside the figure, and the feedback on a wrong answer.
  {
    name: 'playground #tree predict mode',
    path: `index.html#tree?tree=${FIG_5_2}&predict=all`,
    wait: '#app[data-ready="true"][data-tree-length]',
    act: async (page) => {
      await page.waitForFunction(() => document.getElementById('tl-predict-tally')?.textContent !== '', null, { timeout: TIMEOUT });
      await page.click('#tl-end');
      await page.waitForSelector('#tl-predict-form:not([hidden])');
      await page.click('#tl-predict-fields >> text=Skip');
      await page.click('#tl-end');
      await page.waitForSelector('#tl-predict-form:not([hidden])');
    },
  },
  { name: 'test predict page', path: 'tests/pages/predict.html', figures: true },
  {
    name: 'playground #mcts predict mode',
    path: `index.html#mcts?tree=${FIG_5_2}&iterations=3&predict=all`,
    wait: '#mc-predict-form:not([hidden])',
  },
  { name: 'playground #mcts', path: 'index.html#mcts', wait: '#app[data-ready="true"]' },
  // Presenter mode (full screen, or the overlay): the tree lab at its question, and the MCTS lab.
  // (A query of their own: the next page is a new document, not presenter mode still open.)
  {
    name: 'playground #tree, presenter mode',
    path: 'index.html?presenter=tree#tree',
    wait: '#app[data-ready="true"][data-tree-length]',
    act: async (page) => {
      await page.click('#tl-present');
      await page.waitForSelector('.presenting', { timeout: TIMEOUT });
      await page.keyboard.press('PageDown');
    },
  },
  {
    name: 'playground #mcts, presenter mode',
    path: 'index.html?presenter=mcts#mcts',
    wait: '#app[data-ready="true"]',
    act: async (page) => {
      await page.click('#mc-present');
      await page.waitForSelector('.presenting', { timeout: TIMEOUT });
    },
  },
  { name: 'playground #practice', path: `index.html#practice?task=alphabeta-full&tree=${lessonTree('exercise_alpha_beta')}`, wait: '#app[data-ready="true"][data-practice-task]' },
  { name: 'embed tree', path: `embed.html#view=tree&tree=${FIG_5_2}&step=end`, figure: true },
  { name: 'embed game', path: 'embed.html#view=game&game=c4&moves=4453&scores', figure: true },
  { name: 'embed ttt game', path: 'embed.html#view=game&game=ttt&moves=4,0', figure: true },
  { name: 'embed mcts', path: 'embed.html#view=mcts&game=ttt&moves=4,0,8&iterations=100', figure: true },
  { name: 'embed ucb', path: 'embed.html#view=ucb&parent=100&c=1.414&children=28/40,30/50,8/10', figure: true },
  { name: 'embed practice', path: 'embed.html#view=practice&task=alphabeta-leaves&seed=7&depth=3&branching=2-3&cutoffs=2', figure: true },
  { name: 'embed compare', path: `embed.html#view=compare&tree=${FIG_5_2}`, figure: true },
  { name: 'lessons gallery', path: 'lessons/index.html', figures: true },
  { name: 'test lesson page', path: 'tests/pages/lesson.html', figures: true },
  // An exercise set (tests/fixtures/set-drill.json), both exercises on the page, one answered.
  { name: 'set page', path: `set.html#layout=all&learner=s1001&set=${encodeURIComponent(readFileSync(new URL('../fixtures/set-drill.json', import.meta.url), 'utf8'))}`, act: answerSet },
  { name: 'assignment builder', path: 'builder.html', wait: 'body[data-ready="true"]', act: buildSet },
];

/** Adds an exercise on the builder page, waits for its preview, then has depth 0 refused. */
async function buildSet(page) {
  await page.click('#b-add');
  await page.waitForFunction(() => document.querySelector('#b-preview ply-set')?.exercises.every((e) => e.state != null), null, { timeout: TIMEOUT });
  await page.fill('#b-depth', '0');
  await page.click('#b-add');
  await page.waitForSelector('#b-depth[aria-invalid="true"]');
}

/** Waits for the set page's exercises, then answers the first with its key. */
async function answerSet(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector('ply-set');
    return s?.exercises.length === 2 && s.exercises.every((e) => e.state != null);
  }, null, { timeout: TIMEOUT });
  await page.evaluate(() => {
    const a = document.querySelector('ply-set').exercises[0];
    a.submit(a.answerKey());
  });
}

/** Opens the tree lab's editor and puts the figure's focus on node `id`. */
async function openEditor(page, id) {
  if ((await page.getAttribute('#tl-edit', 'aria-expanded')) !== 'true') await page.click('#tl-edit');
  await page.waitForSelector('#app[data-tree-editor="ready"]', { timeout: TIMEOUT });
  await page.evaluate((d) => window.__plyground.views.tree.figure.focusNode(d), id);
  await page.waitForFunction(() => document.getElementById('tl-edit-node').textContent.startsWith('Editing'), null, { timeout: TIMEOUT });
}

/** Waits until every plyground element on the page has rendered (or shown an error). */
/** Every figure built (the gallery's are lazy: built as a reader scrolling down reaches them). */
function figuresReady(page) {
  return buildAll(page, undefined, TIMEOUT);
}

describe('accessibility (axe-core)', { timeout: 600_000 }, () => {
  let browser;
  let page;

  before(async () => {
    browser = await openBrowser({ bypassCSP: true });
    page = browser.page;
  });

  after(async () => {
    await browser?.close();
  });

  // Each page is loaded once per width and checked in light, then dark: the colour scheme is
  // CSS's (the canvases read it when they draw), so switching it needs no new page.
  for (const width of [1280, 360]) {
    it(`every page and view, light and dark, ${width} px: no violation`, async () => {
      await page.setViewportSize({ width, height: 900 });
      const found = [];
      for (const p of PAGES) {
        await page.emulateMedia({ colorScheme: 'light' });
        await page.goto(`${browser.base}${p.path}`);
        if (p.wait) await page.waitForSelector(p.wait, { timeout: TIMEOUT });
        if (p.figure || p.figures) await figuresReady(page);
        if (p.act) await p.act(page);
        await page.addScriptTag({ path: AXE });
        for (const scheme of ['light', 'dark']) {
          await page.emulateMedia({ colorScheme: scheme });
          // Two frames: the canvases and the tables have drawn at this size and in this scheme.
          await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
          const violations = await page.evaluate(async () => {
            const r = await window.axe.run(document, { resultTypes: ['violations'] });
            return r.violations.map((v) => ({
              id: v.id,
              impact: v.impact,
              nodes: v.nodes.map((n) => `${JSON.stringify(n.target)}: ${n.failureSummary.replace(/\s+/g, ' ')}`),
            }));
          });
          for (const v of violations) found.push(`${p.name} (${scheme}): ${v.id} (${v.impact}) ×${v.nodes.length}\n    ${v.nodes.slice(0, 4).join('\n    ')}`);
        }
      }
      assert.deepEqual(found, [], `axe violations (${width} px):\n${found.join('\n')}`);
      assert.deepEqual(browser.problems, [], 'no console error on the way');
    });
  }
});
