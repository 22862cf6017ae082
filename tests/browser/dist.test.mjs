// The npm package for authors, as an author gets it: the tarball `cargo xtask dist` wrote
// (target/dist/plyground-elements-*.tgz; `cargo xtask test` makes it in the stage before the
// browser tests) installed with `npm install --offline` into a scratch project
// (target/dist-test/), whose page imports `plyground-elements` from node_modules through an
// import map. A <ply-tree> draws the recorded search to its end, a <ply-practice> grades, a
// <ply-game> plays a game out in the worker pool, every file comes from the package's folder;
// the package's custom-elements.json says what the elements really observe, emit and show.
// A second page on another origin loads the same installed files as from a CDN path.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from './harness.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DIST = join(ROOT, 'target/dist');
const SCRATCH = join(ROOT, 'target/dist-test');
const PKG = join(SCRATCH, 'node_modules/plyground-elements');
const CHROMIUM = process.env.PLYGROUND_CHROMIUM ?? '/usr/bin/chromium-headless-shell';
const TIMEOUT = 60_000;

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

/** A static server for `dir` on a free port (`cors`: Access-Control-Allow-Origin: *). */
function serve(dir, cors) {
  const server = createServer((req, res) => {
    const path = normalize(join(dir, decodeURIComponent(new URL(req.url, 'http://x').pathname)));
    const file = path.endsWith(sep) ? join(path, 'index.html') : path;
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    const headers = { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' };
    if (cors) headers['Access-Control-Allow-Origin'] = '*';
    res.writeHead(200, headers).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${server.address().port}/` })));
}

/** Every file under `dir`, relative, with `/`. */
function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath ?? e.path, e.name).slice(dir.length + 1).split(sep).join('/'))
    .sort();
}

/** The page: the import map sends the bare name to `elements` (node_modules or another origin). */
function page(elements, body) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>plyground-elements from npm</title><link rel="icon" href="data:,">
<script type="importmap">${JSON.stringify({ imports: { 'plyground-elements': elements } })}</script>
<script type="module">import 'plyground-elements';</script>
</head><body><main>
${body}
</main></body></html>
`;
}

const TREE = `<ply-tree id="tree" step="end" controls="all">${FIG_5_2}</ply-tree>`;
const GAME = '<ply-game id="game" game="ttt" x="alphabeta" o="alphabeta" pace="0" autoplay></ply-game>';

/** Records every CustomEvent a plyground element sends (tag and type), before any script runs. */
function recordEvents() {
  window.__plyEvents = [];
  const dispatch = EventTarget.prototype.dispatchEvent;
  EventTarget.prototype.dispatchEvent = function (e) {
    if (e instanceof CustomEvent && this instanceof HTMLElement && this.localName.startsWith('ply-')) {
      window.__plyEvents.push([this.localName, e.type]);
    }
    return dispatch.call(this, e);
  };
}

/** How many colours (up to 3) a figure's canvas shows: more than one once it has drawn. */
function canvasColours(id) {
  const c = document.getElementById(id).shadowRoot.querySelector('canvas');
  if (!c || c.width === 0) return 0;
  // Read from a copy: reading the figure's own canvas back would slow its drawing.
  const copy = document.createElement('canvas');
  copy.width = c.width;
  copy.height = c.height;
  const ctx = copy.getContext('2d', { willReadFrequently: true });
  ctx.drawImage(c, 0, 0);
  const d = ctx.getImageData(0, 0, c.width, c.height).data;
  const seen = new Set();
  for (let i = 0; i < d.length && seen.size < 3; i += 4) seen.add(`${d[i]},${d[i + 1]},${d[i + 2]},${d[i + 3]}`);
  return seen.size;
}

describe('the npm package installed into a scratch project', () => {
  let tarball;
  let site;
  let cdn;
  let context;
  let profile;
  const problems = [];
  const requests = [];

  before(async () => {
    const tgz = existsSync(DIST) ? readdirSync(DIST).filter((f) => /^plyground-elements-.+\.tgz$/.test(f)) : [];
    assert.equal(tgz.length, 1, `target/dist/ should hold one plyground-elements-*.tgz (run \`cargo xtask dist\`): ${tgz.join(', ') || 'none'}`);
    tarball = join(DIST, tgz[0]);
    const built = join(ROOT, 'target/site/plyground-elements.js');
    assert.ok(
      !existsSync(built) || statSync(tarball).mtimeMs >= statSync(built).mtimeMs,
      `${tarball} is older than target/site/: run \`cargo xtask dist\``,
    );
    rmSync(SCRATCH, { recursive: true, force: true });
    mkdirSync(SCRATCH, { recursive: true });
    writeFileSync(join(SCRATCH, 'package.json'), `${JSON.stringify({ name: 'dist-test', private: true, type: 'module' }, null, 2)}\n`);
    // No dependencies: it installs from the file alone, without the network.
    execFileSync('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], { cwd: SCRATCH, stdio: ['ignore', 'ignore', 'inherit'] });
    writeFileSync(
      join(SCRATCH, 'index.html'),
      page(
        './node_modules/plyground-elements/plyground-elements.js',
        `${TREE}
<ply-practice id="practice" task="alphabeta-leaves" tree="${FIG_5_2}"></ply-practice>
${GAME}
<ply-mcts id="mcts" iterations="20" controls="all">${FIG_5_2}</ply-mcts>
<ply-ucb id="ucb" children="28/40, 30/50, 8/10"></ply-ucb>
<ply-compare id="compare" autoplay>${FIG_5_2}</ply-compare>`,
      ),
    );
    site = await serve(SCRATCH, false);
    cdn = await serve(PKG, true);
    writeFileSync(join(SCRATCH, 'cdn.html'), page(`${cdn.url}plyground-elements.js`, `${TREE}\n${GAME}`));
    profile = await mkdtemp(join(tmpdir(), 'plyground-chromium-'));
    context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  });

  after(async () => {
    await context?.close();
    if (profile) await rm(profile, { recursive: true, force: true });
    site?.server.close();
    cdn?.server.close();
  });

  /** A fresh page recording problems and requests. */
  async function open(url) {
    const p = await context.newPage();
    p.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') problems.push(`console ${m.type()}: ${m.text()}`);
    });
    p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    p.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
    p.on('response', (r) => {
      if (r.status() >= 400) problems.push(`HTTP ${r.status()} for ${r.url()}`);
    });
    p.on('request', (r) => requests.push(r.url()));
    await p.addInitScript(recordEvents);
    await p.setViewportSize({ width: 1100, height: 900 });
    await p.goto(url);
    return p;
  }

  it('installs what authors need: the manifest, the declarations, the modules; no maps, no full module', () => {
    const pj = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
    assert.equal(pj.name, 'plyground-elements');
    assert.equal(tarball.endsWith(`plyground-elements-${pj.version}.tgz`), true);
    assert.equal(pj.type, 'module');
    assert.equal(pj.dependencies, undefined);
    assert.deepEqual(pj.exports['.'], { types: './plyground-elements.d.ts', default: './plyground-elements.js' });
    assert.equal(pj.types, './plyground-elements.d.ts');
    assert.equal(pj.customElements, './custom-elements.json');
    const all = files(PKG);
    const targets = [pj.types, pj.customElements, ...Object.values(pj.exports).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)))];
    for (const t of targets.filter((t) => !t.includes('*'))) assert.ok(all.includes(t.slice(2)), `package.json names ${t}, which is not in the package`);
    for (const tag of ['ply-tree', 'ply-game', 'ply-mcts', 'ply-ucb', 'ply-compare', 'ply-practice']) {
      assert.ok(all.includes(`elements/${tag}.js`) && all.includes(`elements/${tag}.d.ts`), tag);
    }
    for (const f of ['worker.js', 'components.css', 'pkg-tree/plyground_wasm_bg.wasm', 'pkg-games/plyground_wasm_bg.wasm', 'pkg-practice/plyground_wasm_bg.wasm', 'book/connect4.book']) {
      assert.ok(all.includes(f), f);
    }
    assert.deepEqual(all.filter((f) => f.endsWith('.map') || f.startsWith('pkg/') || f.includes('test')), []);
    assert.deepEqual(
      all.filter((f) => f.endsWith('.js') && readFileSync(join(PKG, f), 'utf8').includes('sourceMappingURL')),
      [],
      'no module points at a source map the package does not have',
    );
    const dts = readFileSync(join(PKG, 'elements/ply-tree.d.ts'), 'utf8');
    assert.ok(dts.includes("'ply-tree': PlyTree;"), dts);
  });

  it('from node_modules: a tree draws, an exercise grades, a game is played in the worker pool', async () => {
    const p = await open(`${site.url}index.html`);
    const tags = ['ply-tree', 'ply-practice', 'ply-game', 'ply-mcts', 'ply-ucb', 'ply-compare'];
    await p.waitForFunction((tags) => tags.every((t) => customElements.get(t) && document.querySelector(t).state), tags, { timeout: TIMEOUT });
    const tree = await p.evaluate(() => {
      const el = document.getElementById('tree');
      return { error: el.error, index: el.index, length: el.length };
    });
    assert.deepEqual(tree, { error: '', index: 29, length: 29 });
    await p.waitForFunction(canvasColours, 'tree', { timeout: TIMEOUT });
    assert.ok((await p.evaluate(canvasColours, 'tree')) >= 2, 'the tree is drawn on its canvas');

    const graded = await p.evaluate(() => {
      const el = document.getElementById('practice');
      const right = el.submit(el.answerKey());
      const k = el.answerKey();
      k.pruned = ['1.1'];
      const wrong = el.submit(k);
      return { error: el.error, right, wrong };
    });
    assert.equal(graded.error, '');
    assert.deepEqual([graded.right.task, graded.right.score, graded.right.max, graded.right.done, graded.right.mistakes], ['alphabeta-leaves', 9, 9, true, []]);
    assert.deepEqual([graded.wrong.score, graded.wrong.max, graded.wrong.done], [8, 9, false]);
    assert.deepEqual(graded.wrong.mistakes, [{ node: '1.2', field: 'pruned', expected: true, got: false, misconception: null }]);

    // Perfect play on both sides: tic-tac-toe is a draw.
    await p.waitForFunction(() => document.getElementById('game').winner !== null, null, { timeout: TIMEOUT });
    assert.equal(await p.evaluate(() => document.getElementById('game').winner), 'draw');
    await p.waitForFunction(() => document.getElementById('compare').rows().length > 0, null, { timeout: TIMEOUT });

    // Every request but the page's own went to the package's folder.
    const pkgUrl = `${site.url}node_modules/plyground-elements/`;
    assert.deepEqual(requests.filter((u) => u !== `${site.url}index.html` && !u.startsWith(pkgUrl)), []);
    for (const f of ['pkg-tree/plyground_wasm_bg.wasm', 'pkg-games/plyground_wasm_bg.wasm', 'pkg-practice/plyground_wasm_bg.wasm', 'worker.js', 'components.css']) {
      assert.ok(requests.includes(`${pkgUrl}${f}`), `${f} was loaded from the package`);
    }

    // custom-elements.json against the elements as they run.
    // Every element the manifest declares (the page's six at least), its module imported so
    // that it is defined even when the page does not use it.
    const manifest = JSON.parse(readFileSync(join(PKG, 'custom-elements.json'), 'utf8'));
    const elementModules = manifest.modules.filter((m) => m.declarations.some((d) => d.customElement));
    const declared = elementModules.flatMap((m) => m.declarations);
    assert.deepEqual(tags.filter((t) => !declared.some((d) => d.tagName === t)), []);
    await p.evaluate((urls) => Promise.all(urls.map((u) => import(u))), elementModules.map((m) => `${pkgUrl}${m.path}`));
    const seen = await p.evaluate((tags) => {
      const out = {};
      for (const tag of tags) {
        const cls = customElements.get(tag);
        const el = document.querySelector(tag);
        const parts = new Set();
        for (const e of el?.shadowRoot.querySelectorAll('[part]') ?? []) for (const name of e.part) parts.add(name);
        out[tag] = {
          className: cls.name,
          observed: [...cls.observedAttributes].sort(),
          members: Object.fromEntries(
            Object.getOwnPropertyNames(cls.prototype)
              .concat(Object.getOwnPropertyNames(Object.getPrototypeOf(cls.prototype)))
              .map((n) => [n, true]),
          ),
          events: [...new Set(window.__plyEvents.filter(([t]) => t === tag).map(([, type]) => type))].sort(),
          parts: [...parts].sort(),
        };
      }
      return out;
    }, declared.map((d) => d.tagName));
    for (const d of declared) {
      const s = seen[d.tagName];
      assert.equal(d.name, s.className, d.tagName);
      assert.deepEqual(d.attributes.map((a) => a.name).sort(), s.observed, `${d.tagName}: the manifest's attributes are the observed ones`);
      const missing = d.members.filter((m) => !s.members[m.name]).map((m) => m.name);
      assert.deepEqual(missing, [], `${d.tagName}: members the element does not have`);
      const events = d.events.map((e) => e.name);
      assert.deepEqual(s.events.filter((e) => !events.includes(e)), [], `${d.tagName}: events sent but not in the manifest`);
      const parts = d.cssParts.map((x) => x.name);
      assert.deepEqual(s.parts.filter((x) => !parts.includes(x)), [], `${d.tagName}: parts shown but not in the manifest`);
      if (tags.includes(d.tagName)) assert.ok(s.parts.length > 0, `${d.tagName} shows parts`);
    }
    // What the page saw, exactly: every element said it was ready; the tree stepped (a tree
    // loaded at its end sends no done: that comes when a step reaches the end).
    assert.deepEqual(seen['ply-tree'].events, ['ready', 'step']);
    assert.deepEqual(seen['ply-practice'].events, ['graded', 'ready']);
    assert.deepEqual(seen['ply-game'].events, ['done', 'move', 'ready']);
    assert.deepEqual(problems, []);
    await p.close();
  });

  it('from another origin (a CDN path): the same files find their wasm and start their worker', async () => {
    requests.length = 0;
    problems.length = 0;
    const p = await open(`${site.url}cdn.html`);
    await p.waitForFunction(() => document.getElementById('tree')?.length === 29 && document.getElementById('game')?.winner === 'draw', null, { timeout: TIMEOUT });
    assert.equal(await p.evaluate(() => document.getElementById('tree').error), '');
    assert.ok(requests.includes(`${cdn.url}pkg-tree/plyground_wasm_bg.wasm`));
    assert.ok(requests.includes(`${cdn.url}worker.js`));
    assert.deepEqual(requests.filter((u) => u.startsWith(site.url) && u !== `${site.url}cdn.html`), []);
    assert.deepEqual(problems, []);
    await p.close();
  });
});
