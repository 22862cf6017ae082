// Every sentence the game figure shows, as functions of a game session's state: whose move
// it is, who plays each side, what the engine did and what the values on the board mean.
// The logic (the position, the engine loop) is lib/game-session.js; the positions themselves
// come from the wasm Game and the values from the search's result record. This file only
// puts them into words, so Node can test every sentence without a browser.
//
// Points of view: a result record carries `score` (the root from the side to move) and, per
// move, `score` and `bound` ('exact' | 'lower' | 'upper' | 'estimate' | 'missing', from the
// mover's side). When a record has them they are used as they are; records without them (an
// older worker) fall back to `value` (utility to X) turned to the mover's side here.
//
// Proven results: the core decides which scores are a proven win, loss or draw (even inside
// a depth-limited search) and says so in `proven` ({outcome, plies, words, label, long}, from
// the side to move, plies from the root) on the record and on each move. A proven score is
// printed in those words ("win in 1", "X wins in 1"), never as its number, which is on the
// game's utility scale (tic-tac-toe engines: ±(1 + empty cells at the end); Connect-4:
// ±(22 − the winner's stones)), not an evaluation's. Distances are plies (moves of either side).
//
// `s` below is a GameSession or anything with the same fields: {kind, caps, sides, phase,
// waiting, enginesPaused, evaluation, lastSearch, game: {isTerminal, toMove, winner,
// winningLine(), moveCount}}.

import { MARKS, lineWords, moveName, outcomeText } from './board.js';
import { ENGINE_NAMES, engineLabel } from './engines.js';
import { MINUS, count, formatValue } from './notation.js';

/** "1 node", "2,316 nodes". */
export function plural(n, one, many = `${one}s`) {
  return `${count(n)} ${Number(n) === 1 ? one : many}`;
}

/** A message (a wasm Error's, which starts lower-case) as a sentence: "Column 3 is full." */
export function sentence(text) {
  const t = String(text ?? '').trim();
  if (!t) return '';
  const s = t[0].toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

// ------------------------------------------------------------------ who plays

/** The menu's name of the perfect player in this game (what it really is). */
export function perfectName(kind, caps = {}) {
  if (kind === 'ttt') return 'Perfect (exact α-β)';
  return caps.solver ? 'Perfect (exact solver)' : 'Perfect (deepening α-β + TT; no solver)';
}

/** An engine's short name, the first words of its menu entry: 'α-β', 'Perfect'. */
export function engineName(kind, engine, caps = {}) {
  if (engine === 'perfect') return perfectName(kind, caps).split(' (')[0];
  return ENGINE_NAMES[engine] ?? String(engine);
}

/** "X (human)", "O (α-β)". */
export function sideName(s, p) {
  const cfg = s.sides[p];
  return cfg.engine === 'human' ? `${MARKS[p]} (human)` : `${MARKS[p]} (${engineName(s.kind, cfg.engine, s.caps)})`;
}

/** "H-minimax (EVAL), depth 2, quiescence" — who plays a side, with settings. */
export function sideLabel(s, p) {
  const cfg = s.sides[p];
  if (cfg.engine === 'human') return 'human';
  return cfg.engine === 'perfect' ? perfectName(s.kind, s.caps) : engineLabel(s.kind, cfg);
}

/** "X: human · O: α-β". */
export function playersText(s) {
  return `X: ${sideLabel(s, 0)} · O: ${sideLabel(s, 1)}`;
}

// ------------------------------------------------------------------ the position

/** How the finished game ended (the winner and the line come from the wasm Game). */
export function outcome(s) {
  return outcomeText(s.kind, s.game.winner, s.game.winningLine());
}

/** What a human does to move. */
export function moveHint(kind) {
  return kind === 'ttt' ? 'click an empty cell.' : 'click a column (or press 1–7).';
}

/**
 * The status line under the board.
 * @param {object} s the session
 * @param {{engineButton?: boolean}} [o] engineButton: whether a ▶ button lets a waiting engine move
 */
export function statusText(s, o = {}) {
  const g = s.game;
  if (g.isTerminal) return outcome(s);
  const p = g.toMove;
  const mark = MARKS[p];
  switch (s.phase) {
    case 'human':
      return `${mark} to move: ${moveHint(s.kind)}`;
    case 'thinking':
    case 'moved':
      return `${sideName(s, p)} is thinking…`;
    case 'paused':
      if (s.waiting && !s.enginesPaused) {
        if (o.engineButton === false) return `${mark} to move.`;
        return `${mark} to move: press ▶ to let ${engineName(s.kind, s.sides[p].engine, s.caps)} play.`;
      }
      return `${mark} to move: engines paused.`;
    default:
      return '';
  }
}

/** After loading a move string: "Empty board.", "Loaded 1 move.", "Loaded 12 moves." */
export function loadedText(n) {
  return n === 0 ? 'Empty board.' : `Loaded ${plural(n, 'move')}.`;
}

/** Why a human's move was refused before it reached the game (not a human's turn, game over). */
export function refusalText(s) {
  const g = s.game;
  if (g.isTerminal) return `The game is over — ${outcome(s)} Start a new game or undo.`;
  const p = g.toMove;
  return `It is ${sideName(s, p)}'s turn${s.phase === 'thinking' ? ': the engine is thinking' : ''}.`;
}

/**
 * One move, announced once to a screen reader: "Move 2: O (α-β) played top-left. X to move."
 * Call it after the move was played (the session's game is the position after it).
 * @param {object} s the session
 * @param {{move: number, player: number, by: 'human'|'engine'}} info what onMoved reported
 */
export function moveAnnouncement(s, info) {
  const g = s.game;
  const who = info.by === 'engine' ? sideName(s, info.player) : MARKS[info.player];
  let t = `Move ${g.moveCount}: ${who} played ${moveName(s.kind, info.move)}.`;
  if (g.isTerminal) t += ` ${outcome(s)}`;
  else if (s.sides[g.toMove].engine === 'human') t += ` ${MARKS[g.toMove]} to move.`;
  return t;
}

/**
 * Where the game is after a change that was not a move (undo, redo, new game, a loaded
 * position): "Empty board. X to move: click an empty cell." / "3 moves played. O to move…".
 */
export function positionAnnouncement(s) {
  const n = s.game.moveCount;
  return `${n === 0 ? 'Empty board.' : `${plural(n, 'move')} played.`} ${statusText(s)}`;
}

// ------------------------------------------------------------------ values

/** A record's root score from the side to move (`score`, else `value` turned to the mover). */
export function rootScore(r, mover) {
  if (r.score != null) return r.score;
  if (r.value == null) return null;
  return mover === 0 ? r.value : -r.value;
}

/** One move's score from the mover's side and what it is: {score, bound}. */
export function moveScore(x, r, mover) {
  if (x.score !== undefined || x.bound !== undefined) {
    const bound = x.bound ?? (x.score == null ? 'missing' : r.exact ? 'exact' : 'estimate');
    return { score: bound === 'missing' ? null : x.score, bound };
  }
  if (x.value == null) return { score: null, bound: 'missing' };
  return { score: mover === 0 ? x.value : -x.value, bound: r.exact ? 'exact' : 'estimate' };
}

/** '+1', '0', '−3'. */
export function signed(v) {
  const t = formatValue(v);
  return v > 0 ? `+${t}` : t;
}

/** A mover's score with its bound: '+1', '≥ +2', '≤ −1', '?'. */
export function scoreText(score, bound) {
  if (bound === 'missing' || score == null) return '?';
  if (bound === 'lower') return `≥ ${signed(score)}`;
  if (bound === 'upper') return `≤ ${signed(score)}`;
  return signed(score);
}

/** What an exact score from the mover's side means: 'win', 'loss' or 'draw'. */
export function verdict(score) {
  if (score > 0) return 'win';
  if (score < 0) return 'loss';
  return 'draw';
}

/** The scale of an MCTS Q, named: "X's mean reward, from 0 = loss to 1 = win". */
function rewardScale(mover) {
  return `${MARKS[mover]}'s mean reward, from 0 = loss to 1 = win`;
}

const BOUND_WORDS = { exact: 'exact', estimate: 'estimate', lower: 'lower bound', upper: 'upper bound', missing: 'not searched' };

/**
 * The label of one move's evaluation on the board.
 * A proven result shows the core's words ("win in 1", "loss in 4", "draw"); otherwise
 * Connect-4 shows the mover's score (an estimate of the search, or a bound).
 * MCTS scores are the mover's mean reward Q = W/N in [0, 1] (the record's `q`: 1 a win, 0 a
 * loss; the MCTS lab's scale) with the visits N, never the utility `value` it maps to.
 * @param {'ttt'|'c4'} kind
 * @param {object} x a per-move score of the record ({move, score?, bound?, value, n?})
 * @param {{algo: string, exact: boolean, mover: 0|1}} r
 * @returns {{text: string, word: string, cls: string, title: string, score: number|null, bound: string}}
 */
export function scoreLabel(kind, x, r) {
  const where = moveName(kind, x.move);
  if (x.proven) {
    // The core's words for a proven result; the number behind it is still `score` (the
    // fastest win scores highest, so the star goes to it).
    const { score, bound } = moveScore(x, r, r.mover);
    const visits = r.algo === 'mcts' ? `, N = ${x.n ?? 0} visits` : '';
    return {
      text: x.proven.label,
      word: '',
      cls: x.proven.outcome,
      title: `${where}: ${MARKS[r.mover]} ${x.proven.long} (proven${visits})`,
      score: r.algo === 'mcts' ? x.value : score,
      bound: r.algo === 'mcts' ? 'estimate' : bound,
    };
  }
  if (r.algo === 'mcts') {
    if (x.value == null) return { text: '·', word: 'unvisited', cls: 'unvisited', title: `${where}: not expanded`, score: null, bound: 'missing' };
    const q = x.q.toFixed(2);
    const n = x.n ?? 0;
    return { text: q, word: `N ${n}`, cls: 'visits', title: `${where}: Q = ${q} (${rewardScale(r.mover)}), N = ${n} visits`, score: x.value, bound: 'estimate' };
  }
  const { score, bound } = moveScore(x, r, r.mover);
  const settled = x.settled ?? null;
  if (settled) {
    // Win, draw or loss is what the board shows where only that is known, not the bound.
    const why = `proven; its score ${scoreText(score, bound)}, the exact score not computed`;
    return { text: settled, word: '', cls: settled, title: `${where}: a ${settled} for ${MARKS[r.mover]} (${why})`, score, bound };
  }
  const text = scoreText(score, bound);
  let word;
  let cls;
  if (bound === 'exact') word = cls = verdict(score);
  else if (bound === 'estimate') word = cls = score > 0 ? 'better' : score < 0 ? 'worse' : 'even';
  else if (bound === 'lower') {
    word = 'at least';
    cls = score > 0 ? 'win' : 'bound';
  } else if (bound === 'upper') {
    word = 'at most';
    cls = score < 0 ? 'loss' : 'bound';
  } else {
    word = 'not searched';
    cls = 'unvisited';
  }
  return { text, word, cls, title: `${where}: ${text} for ${MARKS[r.mover]} (${BOUND_WORDS[bound]})`, score, bound };
}

/**
 * "exact", "proven at depth 2" (a win or loss the depth-limited search proved) or "estimate,
 * depth 6": the search's own words for how far to trust its value.
 */
export function exactness(r) {
  if (r.algo === 'mcts') return `estimate, ${plural(r.iterations ?? 0, 'MCTS iteration')}`;
  if (r.exact) return 'exact';
  if (r.proven) return `proven at depth ${r.depth ?? '?'}`;
  return `estimate, depth ${r.depth ?? '?'}`;
}

/**
 * The position's value for the player to move, as a sentence fragment: the core's words for a
 * proven result ("X wins in 1", "a draw with best play"), else the exact value or the estimate.
 * @param {number} score from the mover's side
 * @param {0|1} mover
 * @param {boolean} exact
 * @param {{outcome: string, words: string}|null} [proven] the record's `proven`
 */
export function valueSentence(score, mover, exact, proven = null) {
  const who = MARKS[mover];
  if (proven) return proven.outcome === 'draw' ? 'a draw with best play' : `${who} ${proven.words}`;
  if (!exact) return `${who}'s estimate ${formatValue(score)}`;
  const w = verdict(score);
  if (w === 'draw') return 'a draw with best play';
  return `${who} ${w === 'win' ? 'wins' : 'loses'} with best play (${signed(score)})`;
}

/**
 * Each move's value label for the board (move → label with `best`), when values are shown.
 * The best moves for the side to move get a star (a shape, not only a colour): the highest
 * exact or estimated score (MCTS: the most visits).
 */
export function boardScores(s) {
  const scores = new Map();
  const ev = s.evaluation;
  if (!ev || !s.scoresShown()) return scores;
  const labels = (ev.scores ?? []).map((x) => [x, scoreLabel(s.kind, x, { algo: ev.algo, exact: ev.exact, mover: ev.mover })]);
  const key = ([x, l]) => (ev.algo === 'mcts' ? (x.value == null ? null : (x.n ?? 0)) : l.bound === 'exact' || l.bound === 'estimate' ? l.score : null);
  const keys = labels.map(key).filter((k) => k != null);
  const top = keys.length ? Math.max(...keys) : null;
  for (const entry of labels) {
    const [x, label] = entry;
    label.best = top != null && key(entry) === top;
    if (label.best) label.title += ' — best';
    scores.set(x.move, label);
  }
  return scores;
}

/** The sentence under the board when values are shown. */
export function evalSummary(s) {
  const ev = s.evaluation;
  if (!s.scoresShown()) return '';
  if (!ev) return 'Evaluating…';
  const value = ev.algo !== 'mcts' ? `; ${valueSentence(rootScore(ev, ev.mover), ev.mover, ev.exact, ev.proven)}` : '';
  const line = ev.pv && ev.pv.length ? `. Best line: ${lineWords(s.kind, ev.mover, ev.pv)}` : '';
  return `Evaluations for ${MARKS[ev.mover]} to move (${ev.engine}): ${exactness(ev)}${value}${line}.`;
}

/** "850 ms", "2.31 s". */
export function duration(ms) {
  return ms < 1000 ? `${Math.max(1, Math.round(ms))} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/**
 * The engine's last search in words: {summary, pv} ('' when there is none).
 * @param {object|null} search a session's lastSearch ({kind, side, label, played, ms, solverNodes, fellBack, result})
 */
export function lastSearchText(search) {
  if (!search) return { summary: '', pv: '' };
  const r = search.result;
  const kind = search.kind;
  const mover = search.side;
  const who = MARKS[mover];
  const work = r.algo === 'mcts' ? `${plural(r.iterations, 'iteration')}, ${plural(r.stats.nodes, 'tree node')}` : plural(r.stats.nodes, 'node');
  let value;
  if (r.algo === 'mcts') {
    const share = (r.scores ?? []).find((x) => x.move === r.best);
    value = share && share.q != null ? `Q = ${share.q.toFixed(2)} (${rewardScale(mover)}) over N = ${plural(share.n, 'visit')}` : '';
  } else {
    value = `${exactness(r)}: ${valueSentence(rootScore(r, mover), mover, r.exact, r.proven)}`;
  }
  const gaveUp = search.solverNodes
    ? ` The exact solver gave up after ${plural(search.solverNodes, 'node')} (too early in the game for its budget), so the deepening α-β chose.`
    : search.fellBack
      ? ' The exact solver gave up (too early in the game for its budget), so the deepening α-β chose.'
      : '';
  const summary = `${who} (${search.label}) played ${moveName(kind, search.played)} after ${work} in ${duration(search.ms)}${value ? ` — ${value}` : ''}.${gaveUp}`;
  const pv = r.pv ? Array.from(r.pv) : [];
  let scoresText = '';
  if (r.scores && r.scores.length && r.algo !== 'mcts') {
    const list = r.scores.map((x) => {
      if (x.proven) return `${moveName(kind, x.move)} ${x.proven.label}`;
      const { score, bound } = moveScore(x, r, mover);
      const settled = x.settled ?? null;
      if (settled) return `${moveName(kind, x.move)} a ${settled} (score ${scoreText(score, bound)})`;
      const mark = bound === 'lower' || bound === 'upper' ? ` (${BOUND_WORDS[bound]})` : bound === 'missing' ? ' (not searched)' : '';
      return `${moveName(kind, x.move)} ${scoreText(score, bound)}${mark}`;
    });
    scoresText = ` Scores for ${who}: ${list.join(', ')}.`;
  }
  return { summary, pv: pv.length ? `Expected line: ${lineWords(kind, mover, pv)}.${scoresText}` : scoresText.trim() };
}

/** The typographic minus, for callers that print their own numbers. */
export { MINUS };

/** The progress line before an engine's first step. */
export function searchingText(cfg) {
  return `${ENGINE_NAMES[cfg.engine]} is searching…`;
}

/**
 * The progress line while an engine searches.
 * @param {'ttt'|'c4'} kind
 * @param {object} cfg the player's configuration
 * @param {{depth: number|null, nodes: number, iterations: number, best: number|null, value: number|null, fellBack: boolean}} d Engine.step()'s record
 * @param {number} ms
 */
export function progressText(kind, cfg, d, ms) {
  const secs = `${(ms / 1000).toFixed(1)} s`;
  const name = ENGINE_NAMES[cfg.engine];
  if (cfg.engine === 'mcts') {
    const best = d.best != null ? ` · most visited so far: ${moveName(kind, d.best)}` : '';
    return `MCTS: ${count(d.iterations)} of ${count(cfg.iterations)} iterations · ${count(d.nodes)} tree nodes${best} · ${secs}`;
  }
  if (cfg.engine === 'perfect' && kind === 'c4' && !d.fellBack) {
    return `Exact solver: ${d.iterations} column${d.iterations === 1 ? '' : 's'} solved · ${count(d.nodes)} nodes… ${secs}`;
  }
  const prefix = d.fellBack ? 'The solver gave up (too early in the game); deepening α-β instead' : name;
  if (d.depth) {
    const best = d.best != null ? ` · best so far: ${moveName(kind, d.best)} (${formatValue(d.value)})` : '';
    const of = cfg.depth != null && !d.fellBack ? ` of ${cfg.depth}` : '';
    return `${prefix}: depth ${d.depth}${of} done · ${count(d.nodes)} nodes${best} · ${secs}`;
  }
  return `${prefix}: searching… ${count(d.nodes)} nodes · ${secs}`;
}

/** The notes the game loop leaves (lib/game-session.js says which, this module the words). */
export const NOTES = {
  nothingToUndo: 'Nothing to undo.',
  nothingToRedo: 'Nothing to redo.',
  cancelled: 'Search cancelled. The engines are paused: press Resume to let them play.',
  failed: (why) => `The search failed (${why}). The engines are paused; the game is kept.`,
  noMove: 'The engine found no move.',
  illegal: (why) => `The engine chose an illegal move: ${why}`,
};
