// A practice exercise's answer cells, as the student types them, turned into the answers
// object the core grades (docs/embedding.md, "Practice answers and grades"), and the core's
// expected values turned back into cell text (Reveal). Only reading and formatting: whether an
// answer is right is the core's (Practice.grade).
//
// A cell is one question of Practice.questions(): {path, label, field, kind}; its key is
// `field:path`. Raw cell values: text for 'number', 'tuple', 'window', 'counts' and
// 'permutation'; a boolean for 'mark'; a root child's path (or '') for 'child'.
//
// DOM-free, tested under node --test (tests/js/practice-answers.test.mjs).

import { formatValue } from './notation.js';

/** The key of a question's cell. */
export function cellKey(q) {
  return `${q.field}:${q.path}`;
}

/** A cell's text that cannot be read: names the node and says what to type. */
export class CellError extends Error {
  constructor(q, reason) {
    super(`${q.label || 'the root'} (${q.field}): ${reason}`);
    this.name = 'CellError';
    this.key = cellKey(q);
  }
}

const INF = /^(\+?(inf|infinity|∞))$/i;
const NEG_INF = /^(-|−)(inf|infinity|∞)$/i;

/** One number: 3, -2.5, −4 (a typographic minus), ∞ / -∞ / inf / -inf where `infinite` allows. */
export function readNumber(t, infinite = false) {
  const s = String(t).trim().replace(/^−/, '-');
  if (infinite && INF.test(s)) return Infinity;
  if (infinite && NEG_INF.test(s)) return -Infinity;
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  return Number(s);
}

/** A list of numbers separated by commas, spaces or semicolons, in optional brackets. */
function readList(t, infinite) {
  const s = String(t)
    .trim()
    .replace(/^[[(]\s*/, '')
    .replace(/\s*[\])]$/, '');
  if (s === '') return [];
  const parts = s.split(/\s*[,;]\s*|\s+/);
  const out = [];
  for (const p of parts) {
    const n = readNumber(p, infinite);
    if (n === null) return null;
    out.push(n);
  }
  return out;
}

/**
 * Reads one cell. Returns undefined for an empty cell (no answer), else the value in the
 * answers' shape; throws CellError when the text cannot be read.
 * @param {{path: string, label: string, field: string, kind: string}} q
 * @param {string|boolean|null|undefined} raw
 * @param {{players?: number, children?: number}} [ctx] tuple length; children of the node (permutation)
 */
export function readCell(q, raw, ctx = {}) {
  if (q.kind === 'mark') return raw === true;
  if (raw === null || raw === undefined) return undefined;
  if (q.kind === 'child') return raw === '' ? undefined : String(raw);
  const t = String(raw).trim();
  if (t === '') return undefined;
  switch (q.kind) {
    case 'number': {
      const n = readNumber(t);
      if (n === null) throw new CellError(q, `type a number, like 3 or -2.5 (got "${t.slice(0, 20)}")`);
      return n;
    }
    case 'tuple': {
      const v = readList(t, false);
      if (v === null || v.length === 0) throw new CellError(q, 'type one number per player, separated by commas, like 1, 2, 6');
      if (ctx.players && v.length !== ctx.players) throw new CellError(q, `type ${ctx.players} numbers, one per player (got ${v.length})`);
      return v;
    }
    case 'window': {
      const v = readList(t, true);
      if (v === null || v.length !== 2) throw new CellError(q, 'type α and β separated by a comma, like -∞, 3 (inf or ∞ for infinity)');
      return v;
    }
    case 'counts': {
      const v = readList(t, false);
      if (v === null || v.length !== 2) throw new CellError(q, 'type N and W separated by a comma, like 5, 3');
      return v;
    }
    case 'permutation': {
      const v = readList(t, false);
      if (v === null || v.some((x) => !Number.isInteger(x))) throw new CellError(q, 'type the child numbers in the new order, like 2, 0, 1');
      if (ctx.children && v.length !== ctx.children) throw new CellError(q, `type each of the ${ctx.children} children once (0 – ${ctx.children - 1})`);
      return v;
    }
    default:
      throw new CellError(q, `unknown kind of answer '${q.kind}'`);
  }
}

/**
 * The answers object for Practice.grade from the cells, plus the cells that could not be read.
 * Empty cells are left out (the core counts them as unanswered).
 * @param {object[]} questions Practice.questions()
 * @param {Map<string, string|boolean>} cells raw values by cellKey
 * @param {string[]} fields the task's fields (Practice.fields): only these appear
 * @param {(q: object) => object} [ctxOf] readCell's context for a question
 * @returns {{answers: object, errors: CellError[]}}
 */
export function collectAnswers(questions, cells, fields, ctxOf = () => ({})) {
  const answers = {};
  for (const f of fields) {
    if (f === 'pruned') answers.pruned = [];
    else if (f !== 'choice') answers[f] = {};
  }
  const errors = [];
  for (const q of questions) {
    let v;
    try {
      v = readCell(q, cells.get(cellKey(q)), ctxOf(q));
    } catch (e) {
      if (e instanceof CellError) {
        errors.push(e);
        continue;
      }
      throw e;
    }
    if (v === undefined) continue;
    if (q.kind === 'mark') {
      if (v) answers.pruned.push(q.path);
    } else if (q.field === 'choice') answers.choice = v;
    else answers[q.field][q.path] = v;
  }
  return { answers, errors };
}

function num(x) {
  if (x === Infinity) return '∞';
  if (x === -Infinity) return '-∞';
  return formatValue(x);
}

/**
 * A cell's raw value showing an expected answer (Reveal), as the student would type it.
 * `null` expected (no answer exists there) gives an empty cell.
 */
export function cellText(q, expected) {
  if (q.kind === 'mark') return expected === true;
  if (expected === null || expected === undefined) return q.kind === 'child' ? '' : '';
  if (q.kind === 'child') return String(expected);
  if (Array.isArray(expected)) return expected.map(num).join(', ');
  if (q.kind === 'permutation' && typeof expected === 'number') return '';
  return num(expected);
}

/** The record an LMS keeps (docs/embedding.md): the grade's stable part, plain data. */
export function gradeRecord(g) {
  return {
    task: g.task,
    seed: g.seed,
    tree: g.tree,
    score: g.score,
    max: g.max,
    done: g.done,
    mistakes: g.mistakes.map((m) => ({ node: m.node, field: m.field, expected: m.expected, got: m.got, misconception: m.misconception })),
  };
}

/** The root-to-node path of every node of GameTree.nodes() ('' for the root, '0.1', …). */
export function nodePaths(treeNodes) {
  const paths = new Array(treeNodes.length).fill('');
  // Parents come before their children in GameTree.nodes(); only the root's path is ''.
  for (const n of treeNodes) {
    (n.children ?? []).forEach((c, i) => {
      paths[c] = paths[n.id] === '' ? String(i) : `${paths[n.id]}.${i}`;
    });
  }
  return paths;
}

/** Key text for an answer of the answers' shape (answerKey()) at one question, or undefined. */
export function keyCell(q, key) {
  if (q.kind === 'mark') return (key.pruned ?? []).includes(q.path);
  if (q.field === 'choice') return key.choice ?? '';
  const v = key[q.field]?.[q.path];
  return v === undefined ? '' : cellText(q, v);
}
