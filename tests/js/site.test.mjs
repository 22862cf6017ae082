// The site that ships (target/site/, written by `cargo xtask build` from www/ by
// xtask/site.mjs): the same files as www/ plus a source map beside each module and the list
// of the files a set's SCORM package holds; every copy
// made from the current sources; every minified module loads in Node exactly as far as its
// source does, with the same exports; the DOM-free modules and the wasm glue give the same
// answers as their sources. Then the CSS minifier on the cases that could break a stylesheet.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { listFiles, minifyCss, scormFiles } from '../../xtask/site.mjs';
import { PACKAGE_LIST } from '../../www/lib/scorm-package.js';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const WWW = fileURLToPath(new URL('../../www/', import.meta.url));
const SITE = fileURLToPath(new URL('../../target/site/', import.meta.url));
if (!existsSync(`${SITE}plyground-elements.js`)) throw new Error('target/site is missing: run `cargo xtask build` first');
if (!existsSync(`${WWW}pkg/plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');

// Both copies of the glue initialised up front and given to that copy's adapters: the limits
// (lib/limits.js) and the catalogue (lib/engines.js) are read from the module they are given,
// each copy from its own glue.
for (const dir of [WWW, SITE]) {
  const glue = await import(pathToFileURL(`${dir}pkg/plyground_wasm.js`).href);
  glue.initSync({ module: readFileSync(`${WWW}pkg/plyground_wasm_bg.wasm`) });
  (await import(pathToFileURL(`${dir}lib/limits.js`).href)).installLimits(glue);
  (await import(pathToFileURL(`${dir}lib/engines.js`).href)).useEngineModule(glue);
}

const wwwFiles = await listFiles(WWW);
const siteFiles = await listFiles(SITE);
const modules = wwwFiles.filter((f) => f.endsWith('.js'));
const STALE = 'run `cargo xtask build` again';

test('the site holds the files of www/, a source map beside each module and the package list, nothing else', () => {
  assert.ok(modules.length >= 40, `${modules.length} modules`);
  const expected = [...wwwFiles, ...modules.map((f) => `${f}.map`), PACKAGE_LIST].sort();
  assert.deepEqual(siteFiles, expected);
});

test("the package list is the launch page's files in the site as built", () => {
  const list = JSON.parse(readFileSync(`${SITE}${PACKAGE_LIST}`, 'utf8'));
  assert.deepEqual(list, scormFiles(SITE), STALE);
  for (const f of ['set.html', 'set.js', 'set.css', 'elements/ply-set.js', 'lib/scorm.js', 'pkg-practice/plyground_wasm_bg.wasm']) assert.ok(list.includes(f), f);
  for (const f of list) assert.ok(!/^(pkg|pkg-games)\/|^worker\.js$|^builder|\.map$/.test(f), `${f} is not for a set`);
});

test('every file is made from the current source: modules minified with a map, CSS minified, the rest as is', () => {
  let saved = 0;
  for (const f of wwwFiles) {
    assert.ok(existsSync(`${SITE}${f}`), `${f} is missing from the site: ${STALE}`);
    const src = readFileSync(`${WWW}${f}`);
    const out = readFileSync(`${SITE}${f}`);
    if (f.endsWith('.js')) {
      const name = f.split('/').pop();
      const code = out.toString('utf8');
      assert.ok(code.endsWith(`\n//# sourceMappingURL=${name}.map\n`), `${f}: no sourceMappingURL comment`);
      assert.ok(out.length < src.length, `${f}: ${out.length} bytes minified, ${src.length} as written`);
      const map = JSON.parse(readFileSync(`${SITE}${f}.map`, 'utf8'));
      assert.equal(map.version, 3);
      assert.equal(map.sourceRoot, 'plyground:///');
      assert.deepEqual(map.sources, [`www/${f}`]);
      assert.equal(map.sourcesContent[0], src.toString('utf8'), `${f} changed since the site was built: ${STALE}`);
      assert.ok(map.mappings.length > 0, `${f}: empty mappings`);
      saved += src.length - out.length;
    } else if (f.endsWith('.css')) {
      assert.equal(out.toString('utf8'), minifyCss(src.toString('utf8')), `${f} changed since the site was built: ${STALE}`);
      assert.ok(out.length < src.length, f);
    } else {
      assert.ok(out.equals(src), `${f} differs from its source: ${STALE}`);
    }
  }
  assert.ok(saved > 100 * 1024, `minifying saved only ${saved} bytes`);
});

/** What importing a module gives: its exports' names and kinds, or the error that stopped it. */
async function load(file) {
  try {
    const m = await import(pathToFileURL(file).href);
    return { exports: Object.keys(m).sort().map((k) => `${k}: ${typeof m[k]}`) };
  } catch (e) {
    return { error: `${e.name}: ${e.message}` };
  }
}

test('every minified module loads in Node as far as its source does, with the same exports', async () => {
  const stoppedBy = new Set();
  for (const f of modules) {
    const [src, min] = [await load(`${WWW}${f}`), await load(`${SITE}${f}`)];
    assert.deepEqual(min, src, f);
    if (src.error) stoppedBy.add(src.error);
    // The DOM-free code, the components (their DOM is touched only when built) and the glue.
    if (/^(lib|views|pkg)\//.test(f) || f === 'elements/runtime.js') assert.ok(min.exports?.length > 0, `${f}: ${min.error}`);
  }
  // Modules that stop do so on a browser global at evaluation, after the whole graph parsed.
  assert.deepEqual([...stoppedBy].sort(), [
    'ReferenceError: HTMLElement is not defined',
    'ReferenceError: document is not defined',
    'ReferenceError: location is not defined',
    'ReferenceError: self is not defined',
  ]);
});

const lib = async (name) => [await import(pathToFileURL(`${WWW}lib/${name}`).href), await import(pathToFileURL(`${SITE}lib/${name}`).href)];

/** The result of `fn(...args)` in the source and in the site copy: the same value or the same error. */
function same(src, min, fn, ...args) {
  const run = (m) => {
    try {
      return { value: m[fn](...args) };
    } catch (e) {
      return { error: `${e.name}: ${e.message}` };
    }
  };
  const a = run(src);
  assert.deepEqual(run(min), a, `${fn}(${args.map((x) => JSON.stringify(x)).join(', ')})`);
  return a;
}

/** A value with each function inside a table replaced by its answer to a sample argument
 * (the functions themselves differ: minified). */
function answers(v) {
  if (typeof v === 'function') return { answer: v('(why)') };
  if (Array.isArray(v)) return v.map(answers);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, answers(x)]));
  return v;
}

test('the DOM-free modules give the same answers as their sources', async () => {
  for (const f of modules.filter((m) => m.startsWith('lib/'))) {
    const [src, min] = await lib(f.slice(4));
    for (const [k, v] of Object.entries(src)) {
      if (typeof v !== 'function') assert.deepEqual(answers(min[k]), answers(v), `${f}: export ${k}`);
    }
  }

  const [notation, notationMin] = await lib('notation.js');
  assert.deepEqual(same(notation, notationMin, 'formatValue', -3), { value: '\u22123' });
  assert.deepEqual(same(notation, notationMin, 'formatWindow', -Infinity, 3), { value: '[α=\u2212\u221e, β=3]' });
  same(notation, notationMin, 'formatVector', [1, -2.5, 3]);
  same(notation, notationMin, 'count', 1234567);

  const [cx, cxMin] = await lib('complexity.js');
  same(cx, cxMin, 'ordersFor', true);
  same(cx, cxMin, 'approx', 123456.7);

  const [fs, fsMin] = await lib('figure-state.js');
  // Error classes keep their names (keep_classnames); `instanceof` works within each copy.
  assert.equal(fsMin.ParamError.name, 'ParamError');
  const hash = `#view=tree&tree=${FIG_5_2}&algo=minimax&step=end&controls=all`;
  const parsed = same(fs, fsMin, 'parseStateString', hash);
  assert.equal(parsed.value.algo, 'minimax');
  same(fs, fsMin, 'stateToString', parsed.value);
  const bad = same(fs, fsMin, 'parseStateString', '#view=tree&depth=99&nope=1');
  assert.match(bad.error, /^ParamError: /);
  assert.throws(() => fsMin.parseStateString('#view=tree&nope=1'), fsMin.ParamError);

  const [snip, snipMin] = await lib('snippets.js');
  const base = 'https://example.org/plyground/';
  assert.match(same(snip, snipMin, 'elementSnippet', parsed.value, base).value, /<ply-tree algorithm="minimax"/);
  same(snip, snipMin, 'iframeSnippet', parsed.value, base, { title: 'Figure "5.2"' });

  const [msg, msgMin] = await lib('messages.js');
  assert.equal(same(msg, msgMin, 'readMessage', { type: 'plyground:set', step: 12 }, 'tree').value.type, 'set');
  assert.match(same(msg, msgMin, 'readMessage', { type: 'plyground:get', x: 1 }, 'tree').value.error, /takes no fields/);

  const [eng, engMin] = await lib('engines.js');
  const cfg = same(eng, engMin, 'defaultConfig', 'c4', 'hminimax').value;
  same(eng, engMin, 'evaluationConfig', 'c4', cfg, cfg);
  same(eng, engMin, 'engineLabel', 'c4', cfg);

  const [board, boardMin] = await lib('board.js');
  assert.equal(same(board, boardMin, 'lineWords', 'ttt', 0, [4, 0, 8]).value, 'X centre, O top-left, X bottom-right');
});

test('the minified wasm glue and modules run a recorded search as the sources do', async () => {
  const wasm = readFileSync(`${WWW}pkg/plyground_wasm_bg.wasm`);
  const apis = [];
  for (const dir of [WWW, SITE]) {
    const api = await import(pathToFileURL(`${dir}pkg/plyground_wasm.js`).href);
    api.initSync({ module: wasm });
    const { readState } = await import(pathToFileURL(`${dir}lib/figure-state.js`).href);
    const { recordSearch } = await import(pathToFileURL(`${dir}lib/record.js`).href);
    const { placedLayout } = await import(pathToFileURL(`${dir}lib/figure-draw.js`).href);
    const r = recordSearch(api, readState('tree', (k) => ({ tree: FIG_5_2 })[k] ?? null), { strict: true });
    const seen = [];
    for (let i = 0; i <= r.st.length; i += 7) {
      r.st.seek(i);
      seen.push(r.st.state());
    }
    const plan = r.figures(false, false);
    const layout = placedLayout(plan.layout());
    plan.free();
    let parseError = null;
    try {
      api.GameTree.parse('[[1,2],');
    } catch (e) {
      parseError = `${e.name}: ${e.message}`;
    }
    apis.push({ length: r.st.length, result: r.st.result(), nodes: r.st.nodes(), seen, x: [...layout.x], parseError });
    r.st.free();
    r.tree.free();
  }
  const [src, min] = apis;
  assert.equal(min.length, 29);
  assert.equal(min.result.value, 3);
  assert.equal(min.result.bestName, 'a1');
  assert.match(min.parseError, /^TreeParseError: /);
  assert.deepEqual(min, src);
});

test('the CSS minifier drops comments and spare spaces, and keeps strings, url() and meaningful spaces', () => {
  const cases = [
    ['/* head */\n:root {\n  --a: #fff;  /* note */\n  color: red ;\n}\n', ':root{--a:#fff;color:red}\n'],
    ['a , b > c  ~  d {\n  margin : 0 auto;\n}', 'a,b>c ~ d{margin :0 auto}\n'],
    ['div :hover, a:not(.x) .y { x: 1 }', 'div :hover,a:not(.x) .y{x:1}\n'],
    ['p { width: calc(100% - 2 * var(--g)); }', 'p{width:calc(100% - 2 * var(--g))}\n'],
    ['p::before { content: "/* not a comment */ ; }  x"; }', 'p::before{content:"/* not a comment */ ; }  x"}\n'],
    ["p { content: 'a\\'  b'; }", "p{content:'a\\'  b'}\n"],
    ['p { background: url( a/b c.svg ) no-repeat; }', 'p{background:url( a/b c.svg ) no-repeat}\n'],
    ['p { background: url(data:image/svg+xml;x/*y*/z) ; }', 'p{background:url(data:image/svg+xml;x/*y*/z)}\n'],
    ['@media (prefers-color-scheme: dark) and (max-width: 820px) {\n  a { b: c !important; }\n}', '@media (prefers-color-scheme:dark) and (max-width:820px){a{b:c !important}}\n'],
    [':host([theme="dark"])  { x: y }', ':host([theme="dark"]){x:y}\n'],
  ];
  for (const [input, want] of cases) assert.equal(minifyCss(input), want, input);
  assert.throws(() => minifyCss('a { b: c } /* open'), /unterminated comment at offset 11/);
  assert.throws(() => minifyCss('a { content: "open }'), /unterminated string at offset 13/);
});
