// xtask/dist.mjs without packing: which files the npm package takes from www/ (the modules'
// references followed, the full module left out) and what its manifest, declarations and
// package.json say. The package itself, installed and loaded in Chromium: tests/browser/dist.test.mjs.

import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildManifest, closure, docTables, elementDts, entryDts, LEFT_OUT, packageFiles, packageJson, references } from '../../xtask/dist.mjs';

const WWW = fileURLToPath(new URL('../../www/', import.meta.url));
const DOCS = readFileSync(new URL('../../docs/embedding.md', import.meta.url), 'utf8');

describe('dist: the package from www/', () => {
  it('follows static and dynamic imports, re-exports and new URL(…, import.meta.url)', () => {
    const code = `import { a } from './a.js';
import * as b from "../lib/b.js";
export { c } from './c.js';
const d = () => import('../views/d.js');
const e = new URL('../pkg-tree/e.wasm', import.meta.url);
import 'https://example.org/not-ours.js';
const f = fetch(url);`;
    assert.deepEqual(references('elements/x.js', code), ['elements/a.js', 'lib/b.js', 'elements/c.js', 'views/d.js', 'pkg-tree/e.wasm']);
  });

  it('names the module that imports a missing file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'plyground-dist-'));
    try {
      writeFileSync(join(dir, 'a.js'), "import './lib/b.js';\n");
      assert.throws(() => closure(dir, ['a.js']), { message: `cannot read ${join(dir, 'lib/b.js')} (imported by a.js): ENOENT` });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('ships what the elements load, and not the full module', () => {
    const files = packageFiles(WWW);
    assert.deepEqual(LEFT_OUT.map((l) => l.prefix), ['pkg/']);
    assert.deepEqual(files.filter((f) => f.startsWith('pkg/')), []);
    // The zip writer of the figures' Export menu, with its licence.
    assert.deepEqual(files.filter((f) => f.startsWith('vendor/')), ['vendor/fflate.LICENSE.txt', 'vendor/fflate.js']);
    for (const f of ['plyground-elements.js', 'elements/base.js', 'elements/ply-tree.js', 'elements/ply-practice.js', 'worker.js', 'components.css', 'lib/practice-module.js', 'pkg-tree/plyground_wasm_bg.wasm', 'pkg-games/plyground_wasm.js', 'pkg-practice/plyground_wasm_bg.wasm', 'book/connect4.book']) {
      assert.ok(files.includes(f), f);
    }
    // Not the playground, the frame or the gallery.
    assert.deepEqual(files.filter((f) => /^(app|embed|index)\.|^lessons\/|^views\/(play|tree-lab|mcts-lab|practice|share)\.js$/.test(f)), []);
    for (const f of files) assert.ok(existsSync(join(WWW, f)) || f.startsWith('pkg'), f);
  });

  it('the manifest: seven elements with their attributes, reflected properties, methods and events', () => {
    const m = buildManifest(WWW);
    assert.equal(m.schemaVersion, '2.1.0');
    const decls = m.modules.flatMap((x) => x.declarations);
    const seven = ['ply-tree', 'ply-game', 'ply-mcts', 'ply-ucb', 'ply-compare', 'ply-practice', 'ply-set'];
    assert.deepEqual(seven.filter((t) => !decls.some((d) => d.tagName === t)), []);
    const ucb = decls.find((d) => d.tagName === 'ply-ucb');
    assert.deepEqual(ucb.attributes, [
      { name: 'parent', type: { text: 'number | null' }, fieldName: 'parent' },
      { name: 'c', type: { text: 'number | null' }, fieldName: 'c' },
      { name: 'children', type: { text: 'string | null' }, fieldName: 'childStats', description: 'property childStats: HTMLElement has `children`' },
      { name: 'controls', type: { text: 'string | null' }, fieldName: 'controls', description: '"inputs" or "none"' },
      { name: 'theme', type: { text: 'string | null' }, fieldName: 'theme' },
    ]);
    assert.deepEqual(ucb.members.map((x) => `${x.kind} ${x.name}`), ['field parent', 'field c', 'field childStats', 'field controls', 'field theme', 'method rows', 'field error']);
    const practice = decls.find((d) => d.tagName === 'ply-practice');
    assert.deepEqual(practice.members.filter((x) => x.kind === 'method').map((x) => x.name), ['submit', 'checkableRecord', 'answerKey', 'questions']);
    const set = decls.find((d) => d.tagName === 'ply-set');
    assert.deepEqual(set.events.map((e) => e.name).filter((n) => n === 'graded' || n === 'completed').sort(), ['completed', 'graded']);
    assert.ok(set.members.some((x) => x.kind === 'method' && x.name === 'record'), 'ply-set: record()');
    assert.deepEqual(practice.events.map((e) => e.name), ['graded', 'ply-error', 'ready']);
    // What a detail holds: the element's header comment, else the object the base emits.
    assert.deepEqual(practice.events.map((e) => e.description), [
      'detail: {task, seed, tree, score, max, done, mistakes: [{node, field, expected, got, misconception}]}',
      'detail: {message}',
      'detail: {error}',
    ]);
    assert.equal(practice.members.find((x) => x.name === 'uniqueBest').attribute, 'unique-best');
    const game = decls.find((d) => d.tagName === 'ply-game');
    assert.deepEqual(game.members.filter((x) => x.kind === 'method').map((x) => x.name), ['move', 'undo', 'redo', 'restart', 'resume']);
    const tree = decls.find((d) => d.tagName === 'ply-tree');
    assert.deepEqual(tree.members.find((x) => x.name === 'step'), { kind: 'field', name: 'step', type: { text: "'end' | number | null" }, attribute: 'step', reflects: true });
    for (const p of ['figure', 'canvas', 'narration', 'scrubber', 'error', 'loading', 'body']) assert.ok(tree.cssParts.some((x) => x.name === p), p);
    const props = tree.cssProperties.map((x) => x.name);
    assert.ok(props.includes('--ply-accent') && props.includes('--ply-tree-current'), props.join(' '));
    assert.ok(!props.includes('--ply-reserve'), 'the reserved height is the elements\' own');
    assert.deepEqual(m.modules[0].exports.map((e) => e.name), ['loadApi', 'workerPool', 'SITE_BASE']);
  });

  it("attributes are described by docs/embedding.md's tables, every one of an element that has a table", () => {
    const tables = docTables(DOCS);
    assert.deepEqual(Object.keys(tables).sort(), ['ply-game', 'ply-mcts', 'ply-tree']);
    assert.equal(tables['ply-tree'].algo, tables['ply-tree'].algorithm);
    assert.equal(tables['ply-mcts'].c, 'exploration constant, 0–100 (default: 1.414)');
    const decls = buildManifest(WWW, DOCS).modules.flatMap((x) => x.declarations);
    for (const tag of Object.keys(tables)) {
      const d = decls.find((x) => x.tagName === tag);
      assert.deepEqual(d.attributes.filter((a) => !tables[tag][a.name]).map((a) => a.name), [], `${tag}: attributes missing from its table in docs/embedding.md`);
      assert.deepEqual(Object.keys(tables[tag]).filter((n) => !d.attributes.some((a) => a.name === n)), [], `${tag}: the table names attributes the element does not have`);
    }
    // Without a table, the header comment's notes: `iterations (completed iterations to show)`.
    const ucb = buildManifest(WWW).modules.flatMap((x) => x.declarations).find((x) => x.tagName === 'ply-ucb');
    assert.equal(ucb.attributes.find((a) => a.name === 'controls').description, '"inputs" or "none"');
  });

  it('declarations and package.json from the manifest', () => {
    const m = buildManifest(WWW);
    const elements = m.modules.filter((x) => x.declarations.length);
    const dts = elementDts(elements.find((x) => x.path === 'elements/ply-ucb.js'));
    assert.ok(dts.includes('export declare class PlyUcb extends HTMLElement {'), dts);
    assert.ok(dts.includes('  childStats: string | null;\n'), dts);
    assert.ok(dts.includes("    'ply-ucb': PlyUcb;\n"), dts);
    assert.ok(entryDts(m).includes("import type { PlyTree } from './elements/ply-tree.js';\n"));
    const pj = packageJson('1.2.3', elements);
    assert.deepEqual([pj.name, pj.version, pj.type, pj.types, pj.customElements], ['plyground-elements', '1.2.3', 'module', './plyground-elements.d.ts', './custom-elements.json']);
    assert.deepEqual(pj.exports['./elements/ply-tree.js'], { types: './elements/ply-tree.d.ts', default: './elements/ply-tree.js' });
    assert.equal(pj.dependencies, undefined);
  });
});
