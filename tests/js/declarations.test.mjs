// The TypeScript declarations of the built package (www/pkg/plyground_wasm.d.ts) against what
// the module really returns: every type a declaration names is declared, and the records that
// the calls return (searches, steppers, engines, practice, figures…) have exactly the
// declared fields, each of its declared type — checked field by field, nested records too.
// The record declarations are derived from the Rust structs (tsify-next in the wasm crate);
// this is the check that they describe the objects the pages read.
// Needs `cargo xtask build` first.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { api } from './wasm.mjs';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
const DTS = readFileSync(`${pkg}plyground_wasm.d.ts`, 'utf8');

/** The text without comments and with every string literal as ''. */
function code(text) {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\/\/.*$/gm, '')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");
}

/** Splits `text` at `sep` where no bracket is open. */
function splitTop(text, sep) {
  const parts = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if ('{[(<'.includes(c)) depth++;
    else if ('}])>'.includes(c)) depth--;
    else if (depth === 0 && sep.includes(c)) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter(Boolean);
}

/** The body of the brace opened at `open`. */
function braced(text, open) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return text.slice(open + 1, i);
  }
  throw new Error(`unclosed brace at ${open}`);
}

/** name → Map(field → {optional, type}) of every interface; name → text of every type alias. */
function declarations(dts) {
  const noComments = dts.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  const interfaces = new Map();
  for (const m of noComments.matchAll(/export interface (\w+)[^{]*\{/g)) {
    if (m[1] === 'InitOutput') continue; // wasm-bindgen's own: the module's exports
    const fields = new Map();
    for (const member of splitTop(braced(noComments, m.index + m[0].length - 1), ';\n')) {
      const f = member.match(/^(\w+)(\?)?:\s*([\s\S]+)$/);
      assert.ok(f, `${m[1]}: cannot read the member '${member}'`);
      fields.set(f[1], { optional: Boolean(f[2]), type: f[3].trim() });
    }
    interfaces.set(m[1], fields);
  }
  const aliases = new Map();
  for (const m of noComments.matchAll(/export type (\w+) = ([^;]+);/g)) aliases.set(m[1], m[2].trim());
  return { interfaces, aliases };
}

const { interfaces, aliases } = declarations(DTS);

/** Why `v` is not of the TypeScript type `type` (a subset: what the declarations use), or ''. */
function mismatch(v, type, where) {
  const alternatives = splitTop(type, '|');
  if (alternatives.length > 1) {
    const whys = alternatives.map((t) => mismatch(v, t, where));
    return whys.includes('') ? '' : `${where}: ${JSON.stringify(v)} is none of ${type}`;
  }
  const paren = type.trim().match(/^\(([\s\S]*)\)$/);
  if (paren) return mismatch(v, paren[1], where);
  const t = type.trim();
  const fail = `${where}: ${typeof v === 'object' && v !== null ? v.constructor.name : JSON.stringify(v)} is not ${t}`;
  if (/^'.*'$|^".*"$/.test(t)) return v === t.slice(1, -1) ? '' : fail;
  if (t === 'null') return v === null ? '' : fail;
  if (t === 'undefined') return v === undefined ? '' : fail;
  if (t === 'number' || t === 'string' || t === 'boolean') return typeof v === t ? '' : fail;
  if (/^(Int32Array|Float64Array|Uint8Array)$/.test(t)) return v?.constructor?.name === t ? '' : fail;
  if (t.endsWith('[]')) {
    if (!Array.isArray(v)) return fail;
    return v.map((x, i) => mismatch(x, t.slice(0, -2), `${where}[${i}]`)).find(Boolean) ?? '';
  }
  if (t.startsWith('[')) {
    const items = splitTop(t.slice(1, -1), ',');
    if (!Array.isArray(v) || v.length !== items.length) return fail;
    return items.map((it, i) => mismatch(v[i], it, `${where}[${i}]`)).find(Boolean) ?? '';
  }
  const record = t.match(/^Record<string,\s*([\s\S]+)>$/);
  if (record) {
    if (typeof v !== 'object' || v === null || Array.isArray(v)) return fail;
    return Object.entries(v).map(([k, x]) => mismatch(x, record[1], `${where}.${k}`)).find(Boolean) ?? '';
  }
  if (aliases.has(t)) return mismatch(v, aliases.get(t), where);
  if (interfaces.has(t)) return recordMismatch(v, t, where);
  throw new Error(`${where}: the test cannot check the type '${t}'`);
}

/** Why `v` is not a record of the interface `name` (fields missing, extra or mistyped), or ''. */
function recordMismatch(v, name, where = name) {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return `${where}: ${JSON.stringify(v)} is not a ${name}`;
  const fields = interfaces.get(name);
  for (const k of Object.keys(v)) if (!fields.has(k)) return `${where}: '${k}' is not declared in ${name}`;
  for (const [k, f] of fields) {
    if (!(k in v)) {
      if (f.optional) continue;
      return `${where}: the declared field '${k}' is missing`;
    }
    const why = mismatch(v[k], f.type, `${where}.${k}`);
    if (why) return why;
  }
  return '';
}

/** Asserts that `v` is exactly a `name` record, the signature that returns it declared as such. */
function check(name, v, signature) {
  assert.ok(interfaces.has(name), `no interface ${name} in the .d.ts`);
  if (signature) assert.ok(DTS.includes(signature), `missing in the .d.ts: ${signature}`);
  assert.equal(recordMismatch(v, name), '');
}

test('every type the declarations name is declared (or is the platform\'s), in every module', () => {
  const platform = new Set([
    'Array', 'Error', 'Function', 'Promise', 'Record', 'Omit', 'Float64Array', 'Int32Array', 'Uint8Array',
    'Uint32Array', 'BufferSource', 'RequestInfo', 'URL', 'Response', 'WebAssembly', 'Module', 'Memory', 'Table',
    'Symbol', 'ReadableStream',
  ]);
  // Each module's declarations hold only what it has (the games module has no GameTree): a
  // record of one must not name a type only another holds.
  for (const dir of ['pkg', 'pkg-tree', 'pkg-games', 'pkg-practice']) {
    const dts = code(readFileSync(fileURLToPath(new URL(`../../www/${dir}/plyground_wasm.d.ts`, import.meta.url)), 'utf8'));
    const declared = new Set([...dts.matchAll(/export (?:declare )?(?:interface|type|class|enum|function) (\w+)/g)].map((m) => m[1]));
    const named = new Set([...dts.matchAll(/\b[A-Z]\w*\b/g)].map((m) => m[0]));
    assert.deepEqual([...named].filter((n) => !declared.has(n) && !platform.has(n)), [], dir);
    // The records are derived, not written out: nothing is declared twice.
    const names = [...dts.matchAll(/export (?:interface|type) (\w+)/g)].map((m) => m[1]);
    assert.deepEqual(names.filter((n, i) => names.indexOf(n) !== i), [], dir);
  }
});

test('the searches\' results are the declared records', () => {
  const g = api.Game.create('ttt', '15');
  check('SearchGameResult', api.searchGame(g, { depth: 3 }), 'export function searchGame(game: Game, opts?: SearchOptions): SearchGameResult;');
  check('SolveGameResult', api.solveGame(api.Game.create('c4', '444444'), 200_000));
  g.free();
  const tree = api.GameTree.parse(FIG_5_2);
  check('SearchTreeResult', api.searchTree(tree, { algo: 'alphabeta' }));
  check('SearchTreeResult', api.searchTree(api.GameTree.parse('[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]'), { algo: 'maxn' }));
  check('SearchTreeResult', api.searchTree(tree, { algo: 'mcts', iterations: 50 }));
  for (const n of tree.nodes()) check('TreeNodeInfo', n, 'nodes(): TreeNodeInfo[];');
  check('TreeEditFields', tree.editFields(1), 'editFields(id: any): TreeEditFields;');
  check('TreeEdit', tree.setValue(4, 5));
  check('Limits', api.limits(), 'export function limits(): Limits;');
  check('SolveResult', api.solveConnect4('4444', { budget: 100_000 }));
  check('AnalyzeResult', api.analyzeConnect4('4444', { budget: 100_000 }));
  tree.free();
});

test('a Stepper\'s nodes, states, result, pruned edges and words are the declared records', () => {
  const tree = api.GameTree.parse(FIG_5_2);
  const s = api.Stepper.forTree(tree, { algo: 'alphabeta' });
  for (const n of s.nodes()) check('StepNodeInfo', n, 'nodes(): StepNodeInfo[];');
  for (let i = 0; i <= s.length; i += 4) {
    s.seek(i);
    check('StepState', s.state(), 'state(): StepState;');
  }
  check('StepResult', s.result(), 'result(): StepResult;');
  for (const p of s.pruned()) check('PrunedEdgeInfo', p, 'pruned(): PrunedEdgeInfo[];');
  for (const e of s.stepList()) check('StepListEntry', e, 'StepListEntry[];');
  check('ValueWords', s.valueWords(), 'valueWords(): ValueWords;');
  for (const p of s.pseudocode()) check('PseudocodeProcedure', p, 'PseudocodeProcedure[];');
  s.free();
  const plan = api.FigurePlan.forTree(tree, { algo: 'alphabeta' }, undefined);
  check('FigureLayout', plan.layout(), 'layout(): FigureLayout;');
  check('FigureStep', plan.at(15), 'at(step: number): FigureStep;');
  plan.free();
  check('FigureRecord', api.figureRecord(tree, { algo: 'alphabeta' }, undefined, 15));
  tree.free();
});

test('MCTS, engines and practice answer with the declared records', () => {
  const tree = api.GameTree.parse(FIG_5_2);
  const m = api.MctsStepper.forTree(tree, { seed: 1 });
  for (let i = 0; i < 8; i++) {
    m.stepPhase();
    for (const e of m.lastEvents()) check('MctsEventInfo', e, 'lastEvents(): MctsEventInfo[];');
  }
  m.run(20);
  for (const n of m.nodes()) check('MctsNodeInfo', n, 'nodes(): MctsNodeInfo[];');
  for (const u of m.ucb(0)) check('UcbTerms', u, 'ucb(node: number): UcbTerms[];');
  for (const r of m.rootShares()) check('RootShare', r, 'RootShare[];');
  check('Ucb1', api.ucb1(3, 5, 10, 1.4), 'export function ucb1(w: number, n: number, parentN: number, c: number): Ucb1;');
  m.free();
  tree.free();

  for (const kind of ['ttt', 'c4']) for (const e of api.engines(kind)) check('EngineInfo', e);
  check('EngineConfig', api.checkEngineConfig('c4', { engine: 'alphabeta', depth: '4' }));
  const games = [
    ['c4', '4444', { engine: 'alphabeta', depth: 3 }],
    ['ttt', '15', { engine: 'mcts', iterations: 200 }],
    ['ttt', '15', { engine: 'perfect' }],
    ['c4', '4444443333332222221', { engine: 'perfect' }],
  ];
  for (const [kind, moves, config] of games) {
    const g = api.Game.create(kind, moves);
    const e = api.Engine.forGame(g, config);
    let p;
    do p = e.step(100_000);
    while (!p.done);
    check('EngineProgress', p, 'step(slice?: number): EngineProgress;');
    check('EngineResult', e.result(), 'result(): EngineResult;');
    check('RecordOptions', e.searchOptions(), 'searchOptions(): RecordOptions;');
    e.free();
    g.free();
  }

  for (const task of api.Practice.tasks()) check('PracticeTask', task);
  for (const m of api.Practice.misconceptions()) check('PracticeMisconception', m);
  const p = api.Practice.create({ task: 'alphabeta-full', tree: FIG_5_2 });
  for (const q of p.questions()) check('PracticeQuestion', q);
  for (const s of p.steps()) check('PracticeStep', s);
  check('PracticeKey', p.answerKey(), 'answerKey(): PracticeKey;');
  check('PracticeGrade', p.grade({ windows: { 0: [1, 2] } }));
  check('PracticeGrade', p.grade(p.answerKey()));
  check('PracticeStep', p.hint({}));
  p.free();
  const mc = api.Practice.create({ task: 'mcts', seed: 7 });
  check('PracticeMcts', mc.mcts());
  mc.free();
  const o = api.Practice.create({ task: 'ordering', tree: '[[12,4,1],[18,10,2]]' });
  check('PracticeOrdering', o.ordering());
  o.free();
  const pr = api.Predict.create({ algo: 'alphabeta', tree: FIG_5_2 });
  const qs = pr.questions();
  for (const q of qs) check('PredictQuestion', q);
  check('PredictVerdict', pr.check(0, [0, 1]));
  pr.free();
});
