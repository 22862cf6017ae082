// Embedding, in headless Chromium: a lesson page served from another folder (/tests/pages/)
// that loads the elements by a relative URL renders five element figures and two iframe
// figures under a strict CSP, with no console error and no request outside this origin;
// figures keep independent state; attributes and properties drive them; a removed figure
// stops; hostile attributes and URLs give errors and execute nothing; the postMessage API sets
// a step and answers; "Copy link" and "Copy embed code" round-trip every playground view;
// the lesson gallery renders every example (the horizon effect included); screenshots and
// the size of what an embedding page downloads.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { buildAll, holdBack, openBrowser, sizeBudget } from './harness.mjs';
import { FIG_5_2, lessonTree } from '../fixtures/lessons.mjs';

const TIMEOUT = 20_000;

/** Clicks a share button of a playground view, opening the view's Share menu first. */
async function share(p, button) {
  if (!(await p.$eval(button, (b) => b.closest('details').open))) await p.click(`details:has(${button}) > summary`);
  await p.click(button);
}
const ARTIFACTS = fileURLToPath(new URL('../artifacts/', import.meta.url));
// What is served: the minified site that `cargo xtask build` writes (harness.mjs).
const SITE = fileURLToPath(new URL('../../target/site/', import.meta.url));
const HORIZON = '634327443434467221527331152655';
/** The lesson's 12-leaf pruning trace. */
const TWELVE = lessonTree('twelve_leaf_trace');
/** `text` as a regular expression that matches it literally. */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe('embedding', { timeout: 300_000 }, () => {
  let browser;
  let page;
  const requests = [];
  const dialogs = [];

  before(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    browser = await openBrowser();
    page = browser.page;
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.setViewportSize({ width: 1100, height: 900 });
    page.context().on('request', (r) => {
      let frame = '';
      try {
        frame = r.frame().url();
      } catch {
        // A worker's request has no frame.
      }
      requests.push({ url: r.url(), frame });
    });
    page.context().on('dialog', async (d) => {
      dialogs.push(d.message());
      await d.dismiss();
    });
  });

  after(async () => {
    await browser?.close();
  });

  /** Waits until an element has rendered its figure (or shown an error). */
  const ready = (sel, root = page) =>
    root.waitForFunction(
      (s) => {
        const e = document.querySelector(s);
        // Upgraded (a plain HTMLElement has neither) and rendered, or showing an error.
        return e && (e.state != null || Boolean(e.error));
      },
      sel,
      { timeout: TIMEOUT },
    );
  const prop = (sel, name, root = page) => root.evaluate(([s, n]) => document.querySelector(s)[n], [sel, name]);

  describe('the test lesson page', () => {
    it('renders every figure under its CSP, with no request outside this origin', async () => {
      requests.length = 0;
      await page.goto(`${browser.base}tests/pages/lesson.html`);
      for (const id of ['fig-minimax', 'fig-alphabeta', 'fig-game', 'fig-mcts', 'fig-ucb']) await ready(`#${id}`);
      for (const id of ['fig-minimax', 'fig-alphabeta', 'fig-game', 'fig-mcts', 'fig-ucb']) assert.equal(await prop(`#${id}`, 'error'), '', id);
      // Figure 5.2 with minimax, at its end.
      assert.equal(await prop('#fig-minimax', 'index'), 31);
      assert.equal(await prop('#fig-minimax', 'length'), 31);
      assert.equal(await prop('#fig-minimax', 'narration'), 'Search done: the root is worth 3, best move a1');
      assert.equal(await page.locator('#fig-minimax').locator('[part="result"]').textContent(), 'Root value 3 · best move a1 (to B)');
      assert.ok(await page.evaluate(() => document.querySelector('#fig-minimax').figure.canvas.frames >= 1), 'the canvas was drawn');
      // The 12-leaf trace: not playing, pseudocode shown, counters hidden (controls).
      assert.equal(await prop('#fig-alphabeta', 'index'), 0);
      assert.equal(await prop('#fig-alphabeta', 'length'), 38);
      assert.equal(await page.locator('#fig-alphabeta').locator('[part="pseudo"]').isVisible(), true);
      assert.equal(await page.locator('#fig-alphabeta').locator('[part="counters"]').isVisible(), false);
      // The game, with every empty cell's exact value.
      await page.waitForFunction(() => document.querySelector('#fig-game').shadowRoot.querySelectorAll('.cell .eval').length === 7, null, { timeout: TIMEOUT });
      assert.equal(await prop('#fig-game', 'position'), '4,0');
      assert.deepEqual(
        await page.evaluate(() => [...document.querySelector('#fig-game').shadowRoot.querySelectorAll('.cell')].map((c) => c.dataset.mark).join('')),
        'OX',
      );
      // MCTS after 20 iterations; the UCB1 exercise.
      assert.equal(await prop('#fig-mcts', 'done'), 20);
      assert.deepEqual(await page.evaluate(() => document.querySelector('#fig-ucb').rows()), [
        ['A1', '28/40', '0.7000', '0.4798', '1.1798'],
        ['A2', '30/50', '0.6000', '0.4291', '1.0291'],
        ['★ A3', '8/10', '0.8000', '0.9596', '1.7596'],
      ]);
      // The two frames.
      const tree = page.frame({ url: /view=tree/ });
      const game = page.frame({ url: /view=game/ });
      await ready('ply-tree', tree);
      await ready('ply-game', game);
      assert.equal(await prop('ply-tree', 'index', tree), 15);
      assert.equal(await prop('ply-tree', 'narration', tree), 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3');
      assert.equal(await prop('ply-game', 'position', game), '4453');
      assert.equal(await tree.textContent('#embed-error'), '');
      // Nothing left this origin.
      const origin = new URL(browser.base).origin;
      const outside = requests.map((r) => r.url).filter((u) => !u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:'));
      assert.deepEqual(outside, []);
      // The page's own text is untouched; its styles did not reach inside the figures.
      assert.match(await page.textContent('#p1'), /^A game is a search problem/);
      const buttonBg = await page.evaluate(() => getComputedStyle(document.querySelector('#fig-alphabeta').shadowRoot.querySelector('button')).backgroundColor);
      assert.notEqual(buttonBg, 'rgb(255, 105, 180)', 'the page’s hotpink buttons stay outside');
      await page.screenshot({ path: `${ARTIFACTS}lesson-page.png`, fullPage: true });
    });

    it('shares one wasm module per kind and at most two workers across the page’s figures', async () => {
      const page0 = new URL(`${browser.base}tests/pages/lesson.html`).href;
      const wasm = requests.filter((r) => r.url.endsWith('.wasm') && r.frame === page0).map((r) => new URL(r.url).pathname);
      // Its tree figures share the tree module, its game figures the games module: each
      // fetched once (ARCHITECTURE.md, "A module per kind of figure").
      assert.deepEqual(wasm.sort(), ['/pkg-games/plyground_wasm_bg.wasm', '/pkg-tree/plyground_wasm_bg.wasm'], wasm.join(' '));
      const workers = page.workers();
      assert.ok(workers.length >= 1 && workers.length <= 2, `${workers.length} workers`);
      assert.ok(workers.every((w) => /\/worker\.js$/.test(w.url())));
    });

    it('keeps each figure’s state its own: stepping one leaves the others where they were', async () => {
      await page.evaluate(() => {
        window.__events = [];
        for (const t of ['step', 'done', 'move']) document.addEventListener(t, (e) => window.__events.push([e.target.id, t, e.detail.index ?? null]));
      });
      await page.focus('#fig-alphabeta');
      for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
      assert.equal(await prop('#fig-alphabeta', 'index'), 5);
      assert.equal(await prop('#fig-minimax', 'index'), 31);
      assert.equal(await prop('ply-tree', 'index', page.frame({ url: /view=tree/ })), 15);
      assert.equal(await prop('#fig-mcts', 'done'), 20);
      await page.keyboard.press('End');
      assert.equal(await prop('#fig-alphabeta', 'index'), 38);
      await page.keyboard.press('Home');
      assert.equal(await prop('#fig-alphabeta', 'index'), 0);
      const events = await page.evaluate(() => window.__events);
      assert.deepEqual(
        events.filter((e) => e[1] === 'step').map((e) => e[2]),
        [1, 2, 3, 4, 5, 38, 0],
      );
      assert.deepEqual(events.filter((e) => e[1] === 'done'), [['fig-alphabeta', 'done', null]]);
      assert.ok(events.every((e) => e[0] === 'fig-alphabeta'), 'only the stepped figure spoke');
      // The MCTS figure steps a phase; the trees stay.
      await page.focus('#fig-mcts');
      await page.keyboard.press('ArrowRight');
      assert.notEqual(await page.evaluate(() => document.querySelector('#fig-mcts').figure.m.phase), 'done');
      assert.equal(await prop('#fig-alphabeta', 'index'), 0);
      // A human move in the game; the engine answers in the worker; the event says so.
      await page.locator('#fig-game').locator('.cell[data-cell="8"]').click();
      await page.waitForFunction(() => document.querySelector('#fig-game').position.split(',').length === 4, null, { timeout: TIMEOUT });
      const moves = (await page.evaluate(() => window.__events)).filter((e) => e[1] === 'move');
      assert.deepEqual(moves.map((e) => e[0]), ['fig-game', 'fig-game']);
      assert.equal(await prop('#fig-minimax', 'index'), 31);
    });

    it('attributes drive the figures and are reflected by properties', async () => {
      await page.evaluate(() => {
        document.querySelector('#fig-alphabeta').step = 10;
      });
      await page.waitForFunction(() => document.querySelector('#fig-alphabeta').index === 10);
      assert.equal(await page.getAttribute('#fig-alphabeta', 'step'), '10');
      await page.evaluate(() => {
        const t = document.querySelector('#fig-alphabeta');
        t.algorithm = 'minimax';
        t.step = 'end';
      });
      await page.waitForFunction(() => document.querySelector('#fig-alphabeta').length === 40);
      assert.equal(await prop('#fig-alphabeta', 'index'), 40);
      assert.equal(await page.locator('#fig-alphabeta').locator('[part="narration"]').textContent(), 'Search done: the root is worth 7, best move a4');
      // The element's text is its tree.
      await page.evaluate(() => {
        document.querySelector('#fig-alphabeta').textContent = '[[1,2],[3,4]]';
      });
      await page.waitForFunction(() => document.querySelector('#fig-alphabeta').narration === 'Search done: the root is worth 3, best move a2');
      // Controls, theme, booleans.
      await page.evaluate(() => {
        const t = document.querySelector('#fig-alphabeta');
        t.controls = 'none';
        t.theme = 'dark';
      });
      await page.waitForFunction(() => !document.querySelector('#fig-alphabeta').shadowRoot.querySelector('[part="narration"]').checkVisibility());
      assert.equal(await page.evaluate(() => getComputedStyle(document.querySelector('#fig-alphabeta')).backgroundColor), 'rgb(18, 20, 24)');
      assert.equal(await page.evaluate(() => document.querySelector('#fig-alphabeta').figure.canvas.dark), true);
      assert.equal(await page.evaluate(() => document.querySelector('#fig-game').scores), true);
      assert.equal(await page.evaluate(() => document.querySelector('#fig-game').autoplay), false);
      // A bad value shows an error and keeps the figure.
      await page.evaluate(() => {
        document.querySelector('#fig-alphabeta').step = 999;
      });
      await page.waitForFunction(() => document.querySelector('#fig-alphabeta').error !== '');
      assert.equal(await prop('#fig-alphabeta', 'error'), 'plyground: step: step 999 is past the end of the search (18 steps)');
      assert.equal(await prop('#fig-alphabeta', 'length'), 18);
    });

    it('a removed figure stops and frees its search; put back, it starts again', async () => {
      await page.evaluate(() => {
        const t = document.querySelector('#fig-alphabeta');
        t.setAttribute('step', '0');
        t.setAttribute('speed', '60');
        t.setAttribute('autoplay', '');
      });
      await page.waitForFunction(() => document.querySelector('#fig-alphabeta').index > 2);
      const counted = await page.evaluate(async () => {
        const t = document.querySelector('#fig-alphabeta');
        const parent = t.parentNode;
        let steps = 0;
        t.addEventListener('step', () => steps++);
        t.remove();
        const gone = { figure: t.figure, children: t.shadowRoot.childNodes.length };
        await new Promise((r) => setTimeout(r, 200));
        const after = steps;
        parent.prepend(t);
        return { gone, after };
      });
      assert.deepEqual(counted, { gone: { figure: null, children: 0 }, after: 0 });
      await page.waitForFunction(() => document.querySelector('#fig-alphabeta').figure !== null && document.querySelector('#fig-alphabeta').length === 18);
      await page.evaluate(() => document.querySelector('#fig-alphabeta').removeAttribute('autoplay'));
    });
  });

  it('a page’s workers stop when its last game leaves it', async () => {
    await page.goto(`${browser.base}tests/pages/blank.html`);
    await page.evaluate(() => {
      document.getElementById('host').innerHTML = '<ply-game id="g" game="ttt" moves="4" x="human" o="alphabeta" scores></ply-game>';
    });
    await page.waitForFunction(() => document.querySelector('#g')?.shadowRoot?.querySelectorAll('.cell .eval').length === 8, null, { timeout: TIMEOUT });
    assert.equal(page.workers().length, 1, 'one worker evaluated the position');
    // Moved within the page: the same worker serves it.
    await page.evaluate(() => document.body.append(document.querySelector('#g')));
    await page.waitForTimeout(1300);
    assert.equal(page.workers().length, 1);
    await page.evaluate(() => document.querySelector('#g').remove());
    for (let i = 0; i < 30 && page.workers().length > 0; i++) await page.waitForTimeout(100);
    assert.equal(page.workers().length, 0, 'the pool was closed');
    assert.deepEqual(browser.problems, []);
  });

  it('a page on another origin loads the elements over CORS; a game’s worker starts from a blob', async () => {
    const here = new URL(browser.base);
    const other = `http://localhost:${here.port}/`;
    await page.goto(`${other}tests/pages/cross.html?elements=${encodeURIComponent(`${browser.base}plyground-elements.js`)}`);
    await ready('#t');
    assert.equal(await prop('#t', 'error'), '');
    assert.equal(await prop('#t', 'narration'), 'Search done: the root is worth 3, best move a1');
    await page.waitForFunction(() => document.querySelector('#g')?.shadowRoot?.querySelectorAll('.cell .eval').length === 8, null, { timeout: TIMEOUT });
    const workers = page.workers().map((w) => w.url());
    assert.equal(workers.length, 1);
    assert.match(workers[0], /^blob:http:\/\/localhost:/);
    assert.deepEqual(browser.problems, []);
  });

  describe('hostile input', () => {
    const HOSTILE_ATTRIBUTES = [
      ['ply-tree', { tree: '<img src=x onerror=alert(1)>' }, /^plyground: line 1, column 1: /],
      ['ply-tree', { tree: `${'['.repeat(70000)}` }, /^plyground: tree: too long \(70,000 characters; at most 65,536\)$/],
      ['ply-tree', { tree: `${'['.repeat(3000)}1${']'.repeat(3000)}` }, /^plyground: line 1, column /],
      ['ply-tree', { tree: '[1,2]', algorithm: '<script>alert(1)</script>' }, /^plyground: algo: unknown value '<script>alert\(1\)<\/script>'/],
      ['ply-tree', { tree: '[1,2]', step: '99999' }, /^plyground: step: step 99,999 is past the end of the search/],
      ['ply-tree', { tree: '[1,2]', controls: 'step,<b onmouseover=alert(1)>' }, /^plyground: controls: unknown control/],
      ['ply-tree', { tree: '[1,2]', height: '1px;background:url(javascript:alert(1))' }, /^plyground: height: /],
      ['ply-tree', { tree: '[1,2]', theme: 'javascript:alert(1)' }, /^plyground: theme: /],
      ['ply-tree', { tree: 'A[B=1, C=<svg onload=alert(1)>]' }, /^plyground: line 1, column /],
      ['ply-game', { game: 'c4', moves: '"><img src=x onerror=alert(1)>' }, /^plyground: bad move string/],
      ['ply-game', { x: 'alphabeta,depth=<img>' }, /^plyground: x: depth must be a whole number/],
      ['ply-game', { o: 'eval(alert(1))' }, /^plyground: o: unknown engine 'eval\(alert\(1\)\)'/],
      ['ply-mcts', { game: 'ttt', moves: '0,3,1,4,2' }, /^plyground: moves: that position is already over/],
      ['ply-mcts', { tree: '[1,2]', c: 'Infinity' }, /^plyground: c: expected a number/],
      ['ply-ucb', { children: '<img src=x onerror=alert(1)>/1' }, null],
      ['ply-compare', { game: 'c4', depth: '99' }, /^plyground: depth: /],
    ];

    it('hostile attributes give errors in the figure, never script or markup', async () => {
      await page.goto(`${browser.base}tests/pages/blank.html`);
      // An element's module loads when its tag first appears: none on an empty page.
      assert.deepEqual(await page.evaluate(() => ['ply-tree', 'ply-game', 'ply-compare'].filter((t) => customElements.get(t))), []);
      // A property set before the tag is defined reaches the attribute once it is.
      const early = await page.evaluate(async () => {
        const e = document.createElement('ply-tree');
        e.step = 'end';
        e.textContent = '[[1,2],[3]]';
        document.getElementById('host').append(e);
        await customElements.whenDefined('ply-tree');
        const r = [e.getAttribute('step'), Object.hasOwn(e, 'step'), e.step];
        e.remove();
        return r;
      });
      assert.deepEqual(early, ['end', false, 'end']);
      const bodyBefore = await page.evaluate(() => document.body.innerHTML);
      const headBefore = await page.evaluate(() => document.head.innerHTML);
      for (const [tag, attrs, expect] of HOSTILE_ATTRIBUTES) {
        const out = await page.evaluate(
          async ([t, a]) => {
            const host = document.getElementById('host');
            const e = document.createElement(t);
            for (const [k, v] of Object.entries(a)) e.setAttribute(k, v);
            const readyEvent = new Promise((r) => e.addEventListener('ready', r, { once: true }));
            host.append(e);
            await readyEvent;
            await new Promise((r) => setTimeout(r, 50));
            const sr = e.shadowRoot;
            const calc = sr.querySelector('.error[part="error"]');
            const res = {
              error: e.error || (calc ? calc.textContent : ''),
              injected: sr.querySelectorAll('img, script, svg, iframe, object').length + document.querySelectorAll('img, svg, iframe, object').length,
            };
            e.remove();
            return res;
          },
          [tag, attrs],
        );
        if (expect) assert.match(out.error, expect, `${tag} ${JSON.stringify(attrs).slice(0, 80)}`);
        else assert.notEqual(out.error, '', `${tag} ${JSON.stringify(attrs).slice(0, 80)}: an error`);
        assert.equal(out.injected, 0, `${tag}: no markup was created from the input`);
      }
      assert.equal(await page.evaluate(() => document.body.innerHTML), bodyBefore, 'nothing outside the figures changed');
      assert.equal(await page.evaluate(() => document.head.innerHTML), headBefore);
      assert.deepEqual(dialogs, [], 'no dialog opened');
    });

    const HOSTILE_URLS = [
      ['view=<script>alert(1)</script>', /^plyground: view: unknown view '<script>alert\(1\)<\/script>'/],
      ['javascript:alert(1)', /^plyground: 'javascript:alert\(1\)' is not a parameter name/],
      ['view=tree&tree=<img src=x onerror=alert(1)>', /^plyground: line 1, column 1: /],
      [`view=tree&tree=${'['.repeat(70000)}`, /^plyground: tree: too long \(70,000 characters; at most 65,536\)/],
      [`view=tree&tree=${'%5B'.repeat(70000)}`, /^plyground: the URL is too long/],
      ['view=tree&tree=[1,2]&step=99', /^plyground: step: step 99 is past the end of the search \(\d+ steps\)/],
      ['view=tree&tree=[1,2]&onload=alert(1)', /^plyground: onload: not a parameter of a tree figure/],
      ['view=game&x=<svg/onload=alert(1)>', /^plyground: x: unknown engine '<svg\/onload=alert\(1\)>'/],
      ['view=tree&tree=%E0%A4%A', /^plyground: a malformed %-escape/],
      ['view=tree&tree=[1]&tree=[2]', /^plyground: tree: given twice/],
      ['view=tree&tree=[1]&algo=constructor', /^plyground: algo: unknown value 'constructor'/],
      ['view=tree&tree=[1]&__proto__=x', /^plyground: '__proto__' is not a parameter name/],
      ['view=mcts&game=ttt&moves=0,3,1,4,2', /^plyground: moves: that position is already over/],
      ['view=tree&tree=[1,2]&origin=javascript:alert(1)', /^plyground: origin: /],
      ['', /^plyground: tree: missing/],
    ];

    it('hostile embed URLs give a readable error in the frame, and nothing is executed', async () => {
      for (const [frag, expect] of HOSTILE_URLS) {
        await page.goto('about:blank');
        await page.goto(`${browser.base}embed.html#${frag}`);
        await page.waitForFunction(
          () => document.getElementById('embed-error').textContent !== '' || document.querySelector('#figure > *')?.error,
          null,
          { timeout: TIMEOUT },
        );
        const out = await page.evaluate(() => ({
          error: document.getElementById('embed-error').textContent || document.querySelector('#figure > *')?.error,
          scripts: document.scripts.length,
          markup: document.querySelectorAll('img, svg, iframe, object').length,
          shadowMarkup: document.querySelector('#figure > *')?.shadowRoot?.querySelectorAll('img, svg, script, iframe').length ?? 0,
        }));
        assert.match(out.error, expect, frag.slice(0, 80));
        assert.deepEqual([out.scripts, out.markup, out.shadowMarkup], [1, 0, 0], frag.slice(0, 80));
        // The frame fetches its figure's code while the wasm downloads, before the URL is read:
        // let it arrive before the next page (a fetch cut off by leaving is not a failure of it).
        await page.waitForLoadState('networkidle');
      }
      // The query works as well as the fragment.
      await page.goto(`${browser.base}embed.html?view=tree&tree=${FIG_5_2}&step=end&algorithm=minimax`);
      await ready('ply-tree');
      assert.equal(await prop('ply-tree', 'narration'), 'Search done: the root is worth 3, best move a1');
      assert.equal(await prop('ply-tree', 'length'), 31);
      // The playground refuses a bad link in words and keeps working.
      await page.goto('about:blank');
      await page.goto(`${browser.base}#play?x=<svg/onload=alert(1)>`);
      await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
      assert.match(await page.textContent('#load-status'), /^This link cannot be opened: x: unknown engine '<svg\/onload=alert\(1\)>'/);
      await page.goto('about:blank');
      await page.goto(`${browser.base}#tree?tree=<img src=x onerror=alert(1)>`);
      await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
      assert.match(await page.textContent('#tl-error'), /^line 1, column 1: /);
      assert.equal(await page.locator('img').count(), 0);
      assert.deepEqual(dialogs, [], 'no dialog opened');
    });
  });

  describe('the postMessage API', () => {
    it('sets a step and receives the matching step message; bad messages change nothing', async () => {
      await page.goto(`${browser.base}tests/pages/lesson.html`);
      const frame = page.frame({ url: /view=tree/ });
      await ready('ply-tree', frame);
      await page.evaluate(() => {
        window.__msgs = [];
        const win = document.getElementById('frame-tree').contentWindow;
        window.addEventListener('message', (e) => {
          if (e.source === win) window.__msgs.push(e.data);
        });
        window.__send = (m) => win.postMessage(m, '*');
      });
      // A message whose fields equal these (the page's CSP allows no eval: plain comparisons).
      const waitMsg = (fields) =>
        page.waitForFunction((f) => window.__msgs.some((m) => Object.entries(f).every(([k, v]) => m[k] === v)), fields, { timeout: TIMEOUT });
      await page.evaluate(() => window.__send({ type: 'plyground:set', step: 20 }));
      await waitMsg({ type: 'plyground:step', index: 20 });
      const msg = (await page.evaluate(() => window.__msgs)).find((m) => m.type === 'plyground:step');
      assert.deepEqual(msg, {
        type: 'plyground:step',
        view: 'tree',
        index: 20,
        length: 29,
        narration: msg.narration,
        event: msg.event,
        done: false,
      });
      assert.equal(msg.narration, await prop('ply-tree', 'narration', frame));
      assert.equal(await prop('ply-tree', 'index', frame), 20);
      // get → state.
      await page.evaluate(() => window.__send({ type: 'plyground:get' }));
      await waitMsg({ type: 'plyground:state' });
      const st = (await page.evaluate(() => window.__msgs)).find((m) => m.type === 'plyground:state');
      assert.deepEqual(st, { type: 'plyground:state', view: 'tree', params: { tree: FIG_5_2, step: '20' }, index: 20, length: 29 });
      // Bad messages: ignored, or answered with an error; the figure stays at step 20.
      await page.evaluate(() => {
        window.__msgs.length = 0;
        window.__send('plyground:set step=1');
        window.__send({ type: 'plyground:set', step: { toString: null } });
        window.__send({ type: 'plyground:set', step: 'eval(1)' });
        window.__send({ type: 'plyground:set', x: 'human' });
        window.__send({ type: 'plyground:step', index: 2 });
        window.__send({ step: 3 });
      });
      await page.waitForFunction(() => window.__msgs.filter((m) => m.type === 'plyground:error').length === 3, null, { timeout: TIMEOUT });
      await page.waitForTimeout(100);
      const errors = (await page.evaluate(() => window.__msgs)).filter((m) => m.type === 'plyground:error').map((m) => m.message);
      assert.deepEqual(errors, [
        'step: expected text, a number, true/false or null, got object',
        "step: expected a whole number from 0 to 10,000,000, got 'eval(1)'",
        "'x' is not a parameter of a tree figure (parameters: tree, game, moves, depth, eval, tt, quiescence, singular, beam, algo, tie, order, seed, cap, step, steps, loop, boards, controls, speed, autoplay, predict, theme, height)",
      ]);
      assert.equal(await prop('ply-tree', 'index', frame), 20);
      // The frame posts its content height whenever it changes: a host
      // sizes the <iframe> to the figure from it.
      await page.evaluate(() => window.__send({ type: 'plyground:set', height: '20em' }));
      await page.waitForFunction(() => window.__msgs.some((m) => m.type === 'plyground:resize'), null, { timeout: TIMEOUT });
      await page.waitForTimeout(300);
      const sizes = (await page.evaluate(() => window.__msgs)).filter((m) => m.type === 'plyground:resize');
      const bottom = await frame.evaluate(() => Math.ceil(document.body.getBoundingClientRect().bottom + window.scrollY));
      assert.deepEqual(sizes.at(-1), { type: 'plyground:resize', view: 'tree', height: bottom });
      await page.evaluate(() => window.__send({ type: 'plyground:set', height: null }));
      // A new tree and its end, in one message.
      await page.evaluate((tree) => window.__send({ type: 'plyground:set', tree, step: 'end' }), TWELVE);
      await waitMsg({ type: 'plyground:step', length: 38, index: 38 });
      assert.equal(await prop('ply-tree', 'narration', frame), 'Search done: the root is worth 7, best move a4');
      assert.match(frame.url(), new RegExp(`tree=${escapeRegExp(TWELVE)}&step=end$`), 'the frame’s URL follows');
      // The game frame: a human move inside it is reported, then the engine's.
      const game = page.frame({ url: /view=game/ });
      await ready('ply-game', game);
      await page.evaluate(() => {
        const win = document.getElementById('frame-game').contentWindow;
        window.addEventListener('message', (e) => {
          if (e.source === win) window.__msgs.push(e.data);
        });
        win.postMessage({ type: 'plyground:set', moves: '44' }, '*');
      });
      await game.waitForFunction(() => document.querySelector('ply-game').position === '44', null, { timeout: TIMEOUT });
      await game.locator('ply-game').locator('.col-btn[data-col="3"]').click();
      await waitMsg({ type: 'plyground:move', by: 'engine' });
      const moves = (await page.evaluate(() => window.__msgs)).filter((m) => m.type === 'plyground:move');
      assert.deepEqual(moves[0], { type: 'plyground:move', view: 'game', move: 3, player: 'X', moves: '443', by: 'human' });
      assert.equal(moves[1].player, 'O');
      assert.equal(moves[1].moves.length, 4);
    });
  });

  describe('links and embed code round-trip', () => {
    /** Opens a URL in a new page; returns it once the playground is ready. */
    async function openPlayground(url) {
      const p = await page.context().newPage();
      p.on('pageerror', (e) => browser.problems.push(`page error (round trip): ${e.message}`));
      await p.goto(url);
      await p.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
      return p;
    }

    it('tree lab: the link reopens the same tree, settings and step; the embed code shows the same step', async () => {
      await page.goto(`${browser.base}#tree`);
      await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
      await page.waitForFunction(() => window.__plyground.views.tree, null, { timeout: TIMEOUT });
      await page.selectOption('#tl-source', 'twelve-leaf');
      await page.selectOption('#tl-tie', 'strict');
      await page.click('#tl-run');
      await page.focus('#tl-canvas');
      for (let i = 0; i < 17; i++) await page.keyboard.press('ArrowRight');
      const want = await page.evaluate(() => window.__plyground.views.tree.snapshot());
      await share(page, '#tl-copy-link');
      const link = await page.inputValue('#tl-share-text');
      assert.equal(await page.evaluate(() => navigator.clipboard.readText()), link);
      assert.match(link, new RegExp(`index\\.html#tree\\?tree=${escapeRegExp(TWELVE)}&algo=alphabeta&tie=strict&step=17$`));
      const p = await openPlayground(link);
      assert.equal(await p.getAttribute('#app', 'data-view'), 'tree');
      assert.equal(await p.inputValue('#tl-source'), 'twelve-leaf');
      assert.equal(await p.inputValue('#tl-tie'), 'strict');
      assert.equal(await p.inputValue('#tl-algo'), 'alphabeta');
      const got = await p.evaluate(() => window.__plyground.views.tree.snapshot());
      assert.equal(got.index, 17);
      assert.deepEqual(got.nodes, want.nodes);
      assert.equal(got.narration, want.narration);
      await p.close();
      // The embed code: the iframe's page and the element both open at step 17.
      await share(page, '#tl-copy-embed');
      const code = await page.inputValue('#tl-share-text');
      const src = /<iframe src="([^"]+)"/.exec(code)[1].replaceAll('&amp;', '&');
      const f = await page.context().newPage();
      await f.goto(src);
      await ready('ply-tree', f);
      assert.equal(await prop('ply-tree', 'index', f), 17);
      assert.equal(await prop('ply-tree', 'narration', f), want.narration);
      const element = code.split('\n').find((l) => l.startsWith('<ply-tree'));
      assert.equal(element, `<ply-tree algorithm="alphabeta" tie="strict" step="17">${TWELVE}</ply-tree>`);
      await f.goto(`${browser.base}tests/pages/blank.html`);
      await f.evaluate((html) => document.getElementById('host').insertAdjacentHTML('beforeend', html), element);
      await ready('ply-tree', f);
      assert.equal(await prop('ply-tree', 'index', f), 17);
      assert.equal(await prop('ply-tree', 'narration', f), want.narration);
      await f.close();
    });

    it('tree lab on a position: game, moves, depth, quiescence and step come back', async () => {
      await page.selectOption('#tl-source', 'c4-position');
      await page.fill('#tl-moves', HORIZON);
      await page.fill('#tl-depth', '2');
      await page.check('#tl-quiescence');
      await page.click('#tl-run');
      await page.keyboard.press('End');
      await share(page, '#tl-copy-link');
      const link = await page.inputValue('#tl-share-text');
      const p = await openPlayground(link);
      assert.equal(await p.inputValue('#tl-moves'), HORIZON);
      assert.equal(await p.inputValue('#tl-depth'), '2');
      assert.equal(await p.isChecked('#tl-quiescence'), true);
      assert.equal(await p.getAttribute('#app', 'data-tree-step'), await page.getAttribute('#app', 'data-tree-step'));
      assert.match(await p.textContent('#tl-result'), /best move column 7$/);
      await p.close();
    });

    it('Play: the link reopens the game, both players with their settings, the position', async () => {
      await page.goto(`${browser.base}#play`);
      await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
      await page.waitForFunction(() => window.__plyground.views.play, null, { timeout: TIMEOUT });
      await page.check('input[name="game"][value="c4"]');
      await page.selectOption('#side-0 select', 'human');
      await page.selectOption('#side-1 select', 'hminimax');
      await page.fill('#side-1 input[name="depth"]', '3');
      await page.dispatchEvent('#side-1 input[name="depth"]', 'change');
      await page.check('#side-1 input[name="quiescence"]');
      await page.fill('#moves-input', '4453');
      await page.click('#moves-form button[type="submit"]');
      await page.waitForSelector('#app[data-state="human"][data-moves="4453"]', { timeout: TIMEOUT });
      await page.click('.col-btn[data-col="3"]');
      await page.waitForFunction(() => document.querySelector('#app').dataset.moves.length === 6 && document.querySelector('#app').dataset.state === 'human', null, { timeout: TIMEOUT });
      const moves = await page.getAttribute('#app', 'data-moves');
      await share(page, '#play-copy-link');
      const link = await page.inputValue('#play-share-text');
      assert.match(link, new RegExp(`#play\\?game=c4&moves=${moves}&x=human&o=hminimax,depth=3,quiescence$`));
      const p = await openPlayground(link);
      assert.equal(await p.getAttribute('#app', 'data-moves'), moves);
      assert.equal(await p.getAttribute('#app', 'data-kind'), 'c4');
      assert.equal(await p.getAttribute('#app', 'data-players'), 'human,hminimax');
      assert.equal(await p.inputValue('#side-1 input[name="depth"]'), '3');
      assert.equal(await p.isChecked('#side-1 input[name="quiescence"]'), true);
      assert.equal(await p.getAttribute('#app', 'data-cells'), await page.getAttribute('#app', 'data-cells'));
      await p.close();
      // The embed code's frame shows the same position.
      await share(page, '#play-copy-embed');
      const src = /<iframe src="([^"]+)"/.exec(await page.inputValue('#play-share-text'))[1].replaceAll('&amp;', '&');
      const f = await page.context().newPage();
      await f.goto(src);
      await ready('ply-game', f);
      assert.equal(await prop('ply-game', 'position', f), moves);
      await f.close();
    });

    it('MCTS lab: the link reopens the same iteration, phase and selected node', async () => {
      await page.goto(`${browser.base}#mcts`);
      await page.waitForSelector('#app[data-ready="true"]', { timeout: TIMEOUT });
      await page.waitForFunction(() => window.__plyground.views.mcts, null, { timeout: TIMEOUT });
      await page.fill('#mc-n', '37');
      await page.click('#mc-run');
      await page.waitForSelector('#app[data-mcts-iterations="37"]');
      await page.click('#mc-phase');
      await page.click('#mc-phase');
      await page.evaluate(() => window.__plyground.views.mcts.figure.select(3));
      const want = {
        phase: await page.getAttribute('#app', 'data-mcts-phase'),
        line: await page.textContent('#mc-phase-line'),
        ucb: await page.$$eval('#mc-ucb-table tbody tr', (trs) => trs.map((tr) => tr.textContent)),
      };
      assert.notEqual(want.phase, 'done');
      await share(page, '#mc-copy-link');
      const link = await page.inputValue('#mc-share-text');
      assert.match(link, /#mcts\?game=ttt&moves=4,0,8&iterations=37&phase=\w+&selected=3&n=37$/);
      const p = await openPlayground(link);
      assert.equal(await p.getAttribute('#app', 'data-mcts-iterations'), '37');
      assert.equal(await p.getAttribute('#app', 'data-mcts-phase'), want.phase);
      assert.equal(await p.textContent('#mc-phase-line'), want.line);
      assert.deepEqual(await p.$$eval('#mc-ucb-table tbody tr', (trs) => trs.map((tr) => tr.textContent)), want.ucb);
      await p.close();
    });
  });

  describe('the lesson gallery', () => {
    it('renders every worked example without error; the horizon effect as the lesson tells it', async () => {
      await page.goto(`${browser.base}lessons/`);
      const all = 'ply-tree, ply-game, ply-mcts, ply-ucb, ply-compare';
      // The gallery's figures are lazy: built as a reader scrolling down reaches them.
      await buildAll(page, all);
      const errors = await page.$$eval(all, (es) => es.filter((e) => e.error).map((e) => `${e.closest('section').id}: ${e.error}`));
      assert.deepEqual(errors, []);
      const sections = await page.$$eval('section.example', (ss) => ss.map((s) => [s.id, s.querySelectorAll('ply-tree, ply-game, ply-mcts, ply-ucb, ply-compare').length]));
      assert.deepEqual(sections, [
        ['figure-5-2', 2],
        ['ttt-tree', 1],
        ['twelve-leaf', 1],
        ['move-ordering', 2],
        ['exercises', 2],
        ['expectiminimax', 1],
        ['sqrt-transform', 2],
        ['ucb1', 3], // the UCB1 calculator, MCTS on tic-tac-toe, MCTS-Solver on Connect-4 4455
        ['three-players', 1],
        ['h-minimax', 2],
        ['horizon', 5],
        ['singular', 2],
        ['beam', 2],
      ]);
      // Figure 5.2: minimax at the end, α-β at the cutoff.
      const trees = (id) => page.$$eval(`#${id} ply-tree`, (ts) => ts.map((t) => t.figure.p.result.textContent || t.narration));
      assert.deepEqual(await trees('figure-5-2'), ['Root value 3 · best move a1 (to B)', 'MIN node C: v = 2 ≤ α = 3, prune c2 and c3']);
      assert.deepEqual(await trees('exercises'), ['Root value 7 · best move a1 (to B)', 'Before the first step. Step forward (→) to start the search.']);
      assert.deepEqual(await trees('expectiminimax'), ['Root value 3.5 · best move a2 (to C)']);
      assert.deepEqual(await trees('sqrt-transform'), ['Root value 1.5 · best move a2 (to B)', 'Root value 1 · best move a1']);
      assert.deepEqual(await trees('three-players'), ['Root value (1, 2, 6) for P1, P2 and P3 · best move a1 (to B)']);
      assert.deepEqual(await trees('ttt-tree'), ['Root value 0 · best move top']);
      // The UCB1 exercise.
      assert.deepEqual(
        (await page.evaluate(() => document.querySelector('#ucb1 ply-ucb').rows())).map((r) => r[4]),
        ['1.1798', '1.0291', '1.7596'],
      );
      // The ordering tables: perfect ordering reaches the minimal tree's 17 leaves.
      await page.waitForFunction(() => [...document.querySelectorAll('#move-ordering ply-compare')].every((c) => c.rows().length > 0), null, { timeout: 60_000 });
      const [uniform, c4] = await page.$$eval('#move-ordering ply-compare', (cs) => cs.map((c) => c.rows()));
      assert.deepEqual(uniform.find((r) => r[1] === 'perfect (best first)').slice(3), ['17', '12', '−4']);
      assert.deepEqual(uniform.find((r) => r[0] === 'minimax').slice(3), ['81', '0', '−4']);
      assert.equal(c4.find((r) => r[1] === 'perfect (best first)')[3], '685');
      // The horizon: depth-2 H-minimax stars column 2 without quiescence, 7 with it; the solver says 7 draws.
      await page.waitForFunction(
        () => [...document.querySelectorAll('#horizon ply-game')].every((g) => g.shadowRoot.querySelector('.col-btn .eval.best')),
        null,
        { timeout: 60_000 },
      );
      const stars = await page.$$eval('#horizon ply-game', (gs) =>
        gs.map((g) => [...g.shadowRoot.querySelectorAll('.col-btn')].filter((b) => b.querySelector('.eval.best')).map((b) => `${b.dataset.col} ${b.querySelector('.eval').textContent}`)),
      );
      // The third search proves column 7 a draw (the solver agrees: 0), said in words.
      assert.deepEqual(stars, [['2 ★−0.04'], ['7 ★−0.09'], ['7 ★ draw']]);
      const exact = (await page.$$eval('#horizon ply-game', (gs) => gs.map((g) => [...g.shadowRoot.querySelectorAll('.col-btn .eval')].map((e) => e.textContent)))).at(-1);
      // The solver's exact scores, in words: −5 is a loss on the opponent's
      // 17th stone (4 plies from now), −6 on its 16th (2 plies); 0 a draw.
      assert.deepEqual(exact, ['loss in 4', 'loss in 4', '', '', 'loss in 4', 'loss in 2', '★ draw']);
      assert.deepEqual(await trees('horizon'), ['Root estimate −0.04 (H-minimax to depth 2) · best move column 2', 'Root estimate −0.09 (H-minimax to depth 2) · best move column 7']);
      // Singular extensions repair the horizon mistake; beam width 1 misses the best move, and the
      // comparison's beam rows say which widths match α-β.
      assert.deepEqual(await trees('singular'), [
        'Root estimate −1 (H-minimax to depth 2) · best move a1 (to B)',
        'Root value −3 at depth 2: proven, not an estimate — MAX loses in 2 · best move a2 (to C)',
      ]);
      assert.deepEqual(await trees('beam'), ['Root value 1 within the beam (width 1; 3 moves pruned forward, never searched: one may hide a better move) · best move a1 (to B)']);
      await page.waitForFunction(() => document.querySelector('#beam ply-compare').rows().length > 0, null, { timeout: 60_000 });
      const beamRows = (await page.$eval('#beam ply-compare', (c) => c.rows())).filter((r) => r[0].startsWith('beam'));
      assert.deepEqual(beamRows.map((r) => [r[0], r[2], r[5]]), [
        ['beam n = 1', '3', '1 (move B; misses α-β’s choice)'],
        ['beam n = 2', '7', '4 (move C; misses α-β’s choice)'],
        ['beam n = 3', '10', '7 (move D; matches α-β)'],
      ]);
      // Every section offers its snippets, escaped as text (written once the page is idle).
      await page.waitForFunction(() => document.querySelectorAll('section.example details.snippet code').length > 0, null, { timeout: TIMEOUT });
      const snippets = await page.$$eval('section.example details.snippet code', (cs) => cs.map((c) => c.textContent));
      assert.equal(snippets.length, 26);
      assert.ok(snippets[0].startsWith('<script type="module" src="'), snippets[0]);
      assert.ok(snippets[0].includes(`<ply-tree algorithm="minimax" step="end" height="250" controls="step,play,scrubber,narration,result">${FIG_5_2}</ply-tree>`));
      assert.ok(snippets[1].startsWith('<iframe src="'), snippets[1]);
      // Figure 5.2 and the twelve leaves: TikZ files to download (the CLI test checks their
      // contents against `plyground export`), and an Export button on the α-β figures.
      const downloads = await page.$$eval('section.example p.downloads a[download]', (as) => as.map((a) => [a.closest('section').id, a.getAttribute('href')]));
      assert.deepEqual(downloads, [
        ['figure-5-2', 'exports/figure-5-2-alphabeta.tex'],
        ['figure-5-2', 'exports/figure-5-2-alphabeta-step-15.tex'],
        ['figure-5-2', 'exports/figure-5-2-alphabeta-snippet.tex'],
        ['figure-5-2', 'exports/figure-5-2-minimax.tex'],
        ['twelve-leaf', 'exports/twelve-leaves-alphabeta.tex'],
        ['twelve-leaf', 'exports/twelve-leaves-alphabeta-snippet.tex'],
      ]);
      for (const [, href] of downloads) {
        const r = await page.request.get(new URL(href, `${browser.base}lessons/`).href);
        assert.equal(r.status(), 200, href);
        assert.match(await r.text(), /^% plyground: (alpha-beta|minimax) on \[\[3, 12, 8\], \[2, 4, 6\], \[14, 5, 2\]/, href);
      }
      const exportButtons = await page.$$eval('ply-tree', (ts) => ts.filter((t) => t.shadowRoot.querySelector('[part~="export"]:not([hidden])')).map((t) => t.closest('section').id));
      assert.deepEqual(exportButtons, ['figure-5-2', 'twelve-leaf']);
      await page.screenshot({ path: `${ARTIFACTS}gallery.png`, fullPage: true });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.waitForTimeout(300);
      await page.locator('#figure-5-2').screenshot({ path: `${ARTIFACTS}gallery-dark-figure-5-2.png` });
      await page.locator('#horizon').screenshot({ path: `${ARTIFACTS}gallery-dark-horizon.png` });
      await page.emulateMedia({ colorScheme: 'light' });
      await page.setViewportSize({ width: 380, height: 800 });
      await page.waitForTimeout(300);
      const w = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(w <= 380, `the gallery is ${w} px wide at 380 px`);
      await page.screenshot({ path: `${ARTIFACTS}gallery-narrow.png`, fullPage: false });
      await page.setViewportSize({ width: 1100, height: 900 });
    });
  });

  it('the frame fetches its figure’s code while the wasm module downloads, not after', async () => {
    // The tree module's download is held back: the element's module, the figure's code under
    // it and the components' sheet are asked for meanwhile, so the figure draws as soon as the
    // module arrives.
    const asked = new Set();
    const onRequest = (r) => asked.add(new URL(r.url()).pathname);
    page.on('request', onRequest);
    const wasm = await holdBack(page, '**/pkg-tree/plyground_wasm_bg.wasm');
    try {
      await page.goto('about:blank');
      await page.goto(`${browser.base}embed.html?view=tree&tree=${FIG_5_2}&algo=alphabeta`);
      const code = ['/elements/ply-tree.js', '/views/tree-figure.js', '/lib/record.js', '/views/tree-canvas.js', '/lib/figure-draw.js', '/components.css'];
      for (let i = 0; i < 200 && !code.every((p) => asked.has(p)); i++) await page.waitForTimeout(50);
      assert.deepEqual(code.filter((p) => !asked.has(p)), [], 'asked for while the wasm is held back');
      assert.equal(await page.evaluate(() => document.querySelector('#figure > *')), null, 'no figure before its module');
      wasm.release();
      await ready('ply-tree');
      assert.equal(await prop('ply-tree', 'error'), '');
    } finally {
      page.off('request', onRequest);
      await wasm.end();
    }
  });

  it('measures what an embedding page downloads (JS + wasm, gzipped, as served)', async () => {
    const measure = async (url, setup) => {
      await page.goto('about:blank');
      const seen = [];
      const onReq = (r) => seen.push(r.url());
      page.on('request', onReq);
      await page.goto(url);
      if (setup) await setup();
      await page.waitForTimeout(300);
      page.off('request', onReq);
      const files = [...new Set(seen.map((u) => new URL(u)).filter((u) => u.origin === new URL(browser.base).origin && !u.pathname.startsWith('/tests/')).map((u) => u.pathname))];
      let gz = 0;
      let br = 0;
      let raw = 0;
      let wasm = 0;
      for (const p of files) {
        const bytes = await readFile(`${SITE}${p === '/' ? 'index.html' : p.slice(1)}`);
        const g = gzipSync(bytes, { level: 9 }).length;
        raw += bytes.length;
        gz += g;
        br += brotliCompressSync(bytes).length;
        if (p.endsWith('.wasm')) wasm += g;
      }
      return { files, raw, gz, br, wasm };
    };
    const one = await measure(`${browser.base}tests/pages/blank.html`, async () => {
      await page.evaluate((tree) => {
        document.getElementById('host').innerHTML = `<ply-tree step="end">${tree}</ply-tree>`;
      }, FIG_5_2);
      await ready('ply-tree');
    });
    const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(
      `one <ply-tree>: ${one.files.length} files, ${kib(one.raw)} raw, ${kib(one.gz)} (${one.gz} bytes) gzipped (wasm ${kib(one.wasm)}, JS + CSS ${kib(one.gz - one.wasm)}), ${kib(one.br)} brotli`,
    );
    const lesson = await measure(`${browser.base}tests/pages/lesson.html`, async () => {
      for (const id of ['fig-minimax', 'fig-game', 'fig-mcts']) await ready(`#${id}`);
    });
    console.log(`the test lesson page (5 elements, 2 frames): ${lesson.files.length} files, ${kib(lesson.gz)} gzipped, ${kib(lesson.br)} brotli`);
    // A tree figure loads the tree module only (ARCHITECTURE.md, "A module per kind of figure").
    assert.ok(one.files.includes('/pkg-tree/plyground_wasm_bg.wasm'), one.files.join(' '));
    assert.ok(!one.files.some((f) => f.startsWith('/pkg/') || f.startsWith('/pkg-games/')), one.files.join(' '));
    assert.ok(!one.files.includes('/worker.js'), 'a tree figure starts no worker');
    // Minified per file (target/site/). An internal ratchet under the page budget below, which
    // is the contract: 42 KiB until the figure gained the height it reserves before its module
    // arrives (elements/reserve.js, 1.6 KiB), the overview map of large trees (lib/minimap.js,
    // 1.3 KiB) and the compact placement for small canvases; 45.8 KiB with them. The map now
    // loads only when a tree needs it, and every figure draws the core's placement (the
    // canvas has no layout of its own): back under 44 KiB. Predict mode, navigation and
    // presenter mode load their panels only when used.
    assert.ok(one.gz - one.wasm < 46 * 1024, `the JavaScript and CSS of one figure: ${kib(one.gz - one.wasm)} gzipped`);
    // The page budget (xtask/size-budgets.txt), read strictly.
    const budget = await sizeBudget('page-one-tree');
    assert.ok(one.gz <= budget, `one figure downloads ${one.gz} bytes (${kib(one.gz)}) gzipped (the budget is ${budget} bytes)`);
  });

  it('logged no console error, page error or failed request', () => {
    assert.deepEqual(browser.problems, []);
    assert.deepEqual(dialogs, []);
  });
});
