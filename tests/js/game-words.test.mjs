// The game figure's sentences (www/lib/game-words.js), exactly, for concrete states: the
// positions are real wasm Games, the sessions plain records of a GameSession's fields (and a
// real GameSession where the sentence comes out of an action).
import test from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defaultConfig, useEngineModule } from '../../www/lib/engines.js';
import { installLimits } from '../../www/lib/limits.js';
import { GameSession } from '../../www/lib/game-session.js';
import {
  boardScores,
  evalSummary,
  exactness,
  lastSearchText,
  loadedText,
  moveAnnouncement,
  playersText,
  plural,
  positionAnnouncement,
  refusalText,
  scoreLabel,
  sentence,
  sideLabel,
  sideName,
  statusText,
  valueSentence,
} from '../../www/lib/game-words.js';

const pkg = fileURLToPath(new URL('../../www/pkg/', import.meta.url));
if (!existsSync(`${pkg}plyground_wasm.js`)) throw new Error('www/pkg is missing: run `cargo xtask build` first');
const api = await import(`${pkg}plyground_wasm.js`);
api.initSync({ module: readFileSync(`${pkg}plyground_wasm_bg.wasm`) });
// The adapters read the module they are given (elements/runtime.js gives the pages').
installLimits(api);
useEngineModule(api);

const side = (kind, engine) => defaultConfig(kind, engine);

/** A session's fields around a real Game. */
function state({ kind = 'ttt', moves = '', x = 'human', o = 'alphabeta', phase = 'human', caps = {}, ...rest }) {
  return {
    kind,
    caps,
    sides: [side(kind, x), side(kind, o)],
    phase,
    waiting: false,
    enginesPaused: false,
    evaluation: null,
    lastSearch: null,
    scoresShown: () => true,
    game: api.Game.create(kind, moves),
    ...rest,
  };
}

test('a human to move: the status says who and how', () => {
  assert.equal(statusText(state({})), 'X to move: click an empty cell.');
  assert.equal(statusText(state({ kind: 'c4', moves: '4', x: 'hminimax', o: 'human' })), 'O to move: click a column (or press 1–7).');
  assert.equal(positionAnnouncement(state({})), 'Empty board. X to move: click an empty cell.');
  assert.equal(positionAnnouncement(state({ moves: '4,0' })), '2 moves played. X to move: click an empty cell.');
  assert.equal(positionAnnouncement(state({ moves: '4', phase: 'thinking' })), '1 move played. O (α-β) is thinking…');
});

test('an engine thinking, waiting or paused; the perfect player is named as the menu names it', () => {
  assert.equal(statusText(state({ moves: '4', phase: 'thinking' })), 'O (α-β) is thinking…');
  assert.equal(statusText(state({ moves: '4', o: 'perfect', phase: 'thinking' })), 'O (Perfect) is thinking…');
  assert.equal(statusText(state({ kind: 'c4', moves: '4', o: 'perfect', phase: 'thinking', caps: { solver: true } })), 'O (Perfect) is thinking…');
  assert.equal(statusText(state({ kind: 'c4', moves: '4', o: 'perfect', phase: 'thinking', caps: { solver: false } })), 'O (Perfect) is thinking…');
  const waiting = state({ x: 'alphabeta', o: 'human', phase: 'paused', waiting: true });
  assert.equal(statusText(waiting), 'X to move: press ▶ to let α-β play.');
  assert.equal(statusText(waiting, { engineButton: false }), 'X to move.');
  assert.equal(statusText(state({ x: 'mcts', phase: 'paused', enginesPaused: true })), 'X to move: engines paused.');
  assert.equal(refusalText(state({ moves: '4', phase: 'thinking' })), "It is O (α-β)'s turn: the engine is thinking.");
  const s = state({ kind: 'c4', x: 'human', o: 'hminimax' });
  assert.equal(sideName(s, 0), 'X (human)');
  assert.equal(sideLabel(s, 1), 'H-minimax (EVAL), depth 6, TT');
  assert.equal(playersText(state({ o: 'perfect' })), 'X: human · O: Perfect (exact α-β)');
});

test('a finished game: the winner and the line, or a draw; a move after it is refused saying why', () => {
  const won = state({ moves: '6,0,7,1,8', phase: 'over' });
  assert.equal(statusText(won), 'X wins with a line on the bottom row.');
  assert.equal(refusalText(won), 'The game is over — X wins with a line on the bottom row. Start a new game or undo.');
  assert.equal(statusText(state({ kind: 'c4', moves: '1212121', x: 'human', o: 'human', phase: 'over' })), 'X wins with a vertical line in column 1.');
  assert.equal(statusText(state({ moves: '0,1,2,4,3,5,7,6,8', phase: 'over' })), 'Draw: the board is full and nobody has a line.');
});

test('each move is announced once, with who made it and what follows', () => {
  // A human's move against an engine: the engine's turn follows (its thinking is not a move).
  assert.equal(moveAnnouncement(state({ moves: '4' }), { move: 4, player: 0, by: 'human' }), 'Move 1: X played centre.');
  // The engine's answer, named with its engine; the human is to move.
  assert.equal(moveAnnouncement(state({ moves: '4,0' }), { move: 0, player: 1, by: 'engine' }), 'Move 2: O (α-β) played top-left. X to move.');
  assert.equal(
    moveAnnouncement(state({ kind: 'c4', moves: '445', x: 'perfect', o: 'human', caps: { solver: true } }), { move: 5, player: 0, by: 'engine' }),
    'Move 3: X (Perfect) played column 5. O to move.',
  );
  assert.equal(
    moveAnnouncement(state({ moves: '6,0,7,1,8', o: 'human' }), { move: 8, player: 0, by: 'human' }),
    'Move 5: X played bottom-right. X wins with a line on the bottom row.',
  );
});

test('loaded moves: 0, 1 and 2 (a real session says it)', () => {
  assert.equal(loadedText(0), 'Empty board.');
  assert.equal(loadedText(1), 'Loaded 1 move.');
  assert.equal(loadedText(2), 'Loaded 2 moves.');
  assert.equal(loadedText(1234), 'Loaded 1,234 moves.');
  const notes = [];
  const s = new GameSession({ api, search: () => ({ promise: new Promise(() => {}), cancel() {} }), sides: [side('ttt', 'human'), side('ttt', 'human')], onNote: (t) => notes.push(t) });
  s.loadMoves('');
  s.loadMoves('4');
  s.loadMoves('4,0');
  assert.deepEqual(notes, ['Empty board.', 'Loaded 1 move.', 'Loaded 2 moves.']);
  s.destroy();
});

test("an illegal human move is the wasm Game's refusal, as a sentence; nothing changes", () => {
  const s = new GameSession({ api, search: () => ({ promise: new Promise(() => {}), cancel() {} }), kind: 'c4', moves: '333333', sides: [side('c4', 'human'), side('c4', 'human')] });
  s.advance();
  assert.equal(s.humanMove(3), false);
  assert.equal(s.note, 'Column 3 is full.');
  assert.equal(s.game.moveString, '333333');
  assert.equal(s.humanMove(8), false);
  assert.equal(s.note, 'Illegal move 8: 8 is not a column (columns are the integers 1–7).');
  assert.equal(s.humanMove(4), true);
  assert.equal(s.note, '');
  s.destroy();
  const t = new GameSession({ api, search: () => ({ promise: new Promise(() => {}), cancel() {} }), moves: '4', sides: [side('ttt', 'human'), side('ttt', 'human')] });
  t.advance();
  assert.equal(t.humanMove(4), false);
  assert.equal(t.note, 'Cell 4 is already taken.');
  t.destroy();
  assert.equal(sentence('column 3 is full'), 'Column 3 is full.');
  assert.equal(sentence('Done.'), 'Done.');
});

test('the last search: exact and bounded per-move scores from the mover’s side, counts in the singular', () => {
  const solver = {
    kind: 'c4',
    side: 1,
    label: 'Perfect (exact solver)',
    played: 4,
    ms: 850,
    solverNodes: null,
    result: {
      algo: 'solve',
      value: -18,
      score: 18,
      exact: true,
      best: 4,
      pv: Int32Array.from([4, 3]),
      stats: { nodes: 1 },
      scores: [
        { move: 3, value: 5, score: -5, bound: 'exact' },
        { move: 4, value: -18, score: 18, bound: 'exact' },
        { move: 5, value: -2, score: 2, bound: 'lower', settled: 'win' },
        { move: 6, value: 1, score: -1, bound: 'upper', settled: 'loss' },
        { move: 7, value: null, score: null, bound: 'missing' },
      ],
    },
  };
  assert.deepEqual(lastSearchText(solver), {
    summary: 'O (Perfect (exact solver)) played column 4 after 1 node in 850 ms — exact: O wins with best play (+18).',
    pv: 'Expected line: O column 4, X column 3. Scores for O: column 3 −5, column 4 +18, column 5 a win (score ≥ +2), column 6 a loss (score ≤ −1), column 7 ? (not searched).',
  });
  // A record without `score` (today's worker): the value to X turned to the mover's side.
  const old = {
    kind: 'ttt',
    side: 1,
    label: 'α-β',
    played: 0,
    ms: 1500,
    solverNodes: 12345,
    result: { algo: 'alphabeta', value: -1, exact: true, best: 0, pv: [0], stats: { nodes: 2316 }, scores: [{ move: 0, value: -1 }, { move: 2, value: 0 }] },
  };
  assert.deepEqual(lastSearchText(old), {
    summary:
      'O (α-β) played top-left after 2,316 nodes in 1.50 s — exact: O wins with best play (+1). The exact solver gave up after 12,345 nodes (too early in the game for its budget), so the deepening α-β chose.',
    pv: 'Expected line: O top-left. Scores for O: top-left +1, top-right 0.',
  });
  // The Engine's record says only that the solver fell back (its result counts every node).
  assert.match(lastSearchText({ ...old, solverNodes: null, fellBack: true }).summary, / The exact solver gave up \(too early in the game for its budget\), so the deepening α-β chose\.$/);
  // The record's score is read as it is, not recomputed from value.
  const estimate = { ...old, side: 0, solverNodes: null, result: { algo: 'alphabeta', value: 0.5, score: 0.25, exact: false, depth: 4, best: 4, pv: [], stats: { nodes: 2 }, scores: [] } };
  assert.equal(lastSearchText(estimate).summary, "X (α-β) played top-left after 2 nodes in 1.50 s — estimate, depth 4: X's estimate 0.25.");
  assert.equal(lastSearchText(estimate).pv, '');
  // MCTS: Q is the mean reward in [0, 1] (the MCTS lab's scale), named; never the utility `value`.
  const mcts = { kind: 'ttt', side: 0, label: 'MCTS, 500 iterations, C 1.4, seed 1', played: 4, ms: 0.2, result: { algo: 'mcts', iterations: 1, best: 4, stats: { nodes: 1 }, scores: [{ move: 4, value: 3.5, q: 0.75, n: 1 }] } };
  assert.equal(
    lastSearchText(mcts).summary,
    "X (MCTS, 500 iterations, C 1.4, seed 1) played centre after 1 iteration, 1 tree node in 1 ms — Q = 0.75 (X's mean reward, from 0 = loss to 1 = win) over N = 1 visit.",
  );
  assert.deepEqual(lastSearchText(null), { summary: '', pv: '' });
});

test('values on the board: exact, estimate, bounds and MCTS; the star on the best; the summary', () => {
  const r = { algo: 'alphabeta', exact: true, mover: 1 };
  assert.deepEqual(scoreLabel('ttt', { move: 4, value: -1 }, r), { text: '+1', word: 'win', cls: 'win', title: 'centre: +1 for O (exact)', score: 1, bound: 'exact' });
  assert.deepEqual(scoreLabel('c4', { move: 3, value: 0.25 }, { ...r, exact: false }), {
    text: '−0.25',
    word: 'worse',
    cls: 'worse',
    title: 'column 3: −0.25 for O (estimate)',
    score: -0.25,
    bound: 'estimate',
  });
  assert.equal(scoreLabel('c4', { move: 5, value: -2, score: 2, bound: 'lower' }, r).title, 'column 5: ≥ +2 for O (lower bound)');
  assert.equal(scoreLabel('c4', { move: 6, value: 3, score: -3, bound: 'upper' }, r).text, '≤ −3');
  // The exact solver's bounds that settle win or loss (the core's `settled`) are shown as the
  // win or loss; a bound that settles neither keeps its number.
  const solve = { algo: 'solve', exact: true, mover: 1 };
  assert.deepEqual(scoreLabel('c4', { move: 5, value: -2, score: 2, bound: 'lower', settled: 'win' }, solve), {
    text: 'win',
    word: '',
    cls: 'win',
    title: 'column 5: a win for O (proven; its score ≥ +2, the exact score not computed)',
    score: 2,
    bound: 'lower',
  });
  assert.equal(scoreLabel('c4', { move: 6, value: 3, score: -3, bound: 'upper', settled: 'loss' }, solve).text, 'loss');
  assert.equal(scoreLabel('c4', { move: 6, value: 3, score: -3, bound: 'upper', settled: 'loss' }, solve).cls, 'loss');
  assert.equal(scoreLabel('c4', { move: 6, value: -2, score: 2, bound: 'upper', settled: null }, solve).text, '≤ +2');
  assert.equal(scoreLabel('c4', { move: 6, value: 0, score: 0, bound: 'lower', settled: null }, solve).text, '≥ 0');
  // The page decides nothing: a bound the core did not mark settled keeps its number.
  assert.equal(scoreLabel('c4', { move: 5, value: -2, score: 2, bound: 'lower', settled: null }, solve).text, '≥ +2');
  assert.equal(scoreLabel('c4', { move: 7, value: null, score: null, bound: 'missing' }, r).text, '?');
  // Play said "Q = −2.13 (mean reward for X)": the utility under the reward's name.
  const q = scoreLabel('ttt', { move: 2, value: -2.13, q: 0.3935, n: 40 }, { algo: 'mcts', exact: false, mover: 0 });
  assert.deepEqual([q.text, q.title], ['0.39', "top-right: Q = 0.39 (X's mean reward, from 0 = loss to 1 = win), N = 40 visits"]);
  assert.equal(scoreLabel('c4', { move: 2, value: null, n: 0 }, { algo: 'mcts', exact: false, mover: 0 }).word, 'unvisited');
  assert.equal(exactness({ algo: 'alphabeta', exact: false, depth: 6 }), 'estimate, depth 6');
  assert.equal(exactness({ algo: 'mcts', iterations: 1 }), 'estimate, 1 MCTS iteration');
  assert.equal(valueSentence(0, 0, true), 'a draw with best play');
  assert.equal(valueSentence(-3, 1, true), 'O loses with best play (−3)');
  const evaluation = {
    algo: 'solve',
    engine: 'Perfect (exact solver)',
    mover: 0,
    value: 1,
    score: 1,
    exact: true,
    pv: [4],
    scores: [
      { move: 3, value: -2, score: -2, bound: 'exact' },
      { move: 4, value: 1, score: 1, bound: 'exact' },
      { move: 5, value: 9, score: 9, bound: 'upper' },
    ],
  };
  const s = state({ kind: 'c4', moves: '44', evaluation });
  const b = boardScores(s);
  assert.deepEqual(
    [...b].map(([m, l]) => `${m} ${l.best ? '★' : ''}${l.text}`),
    ['3 −2', '4 ★+1', '5 ≤ +9'],
    'a bound is not starred, even when its number is the largest',
  );
  assert.equal(evalSummary(s), 'Evaluations for X to move (Perfect (exact solver)): exact; X wins with best play (+1). Best line: X column 4.');
  assert.equal(evalSummary({ ...s, evaluation: null }), 'Evaluating…');
  assert.equal(evalSummary({ ...s, scoresShown: () => false }), '');
  assert.equal(plural(1, 'node'), '1 node');
  assert.equal(plural(0, 'node'), '0 nodes');
});

/** An engine's record on a real position (the wasm Engine stepped to the end). */
function engineRecord(kind, moves, config) {
  const g = api.Game.create(kind, moves);
  const e = api.Engine.forGame(g, config);
  try {
    while (!e.done) e.step();
    return { result: e.result(), options: e.searchOptions(), label: e.label };
  } finally {
    e.free();
    g.free();
  }
}

test('proven results are the core words: every tic-tac-toe engine takes the immediate win, "win in 1" before the fork\'s "win in 3"', () => {
  // X 0 4, O 1 2, X to move: cell 8 wins at once, cells 3 and 6 fork.
  for (const engine of ['minimax', 'alphabeta', 'hminimax', 'perfect']) {
    const { result: r, label } = engineRecord('ttt', '0,1,4,2', { engine });
    assert.equal(r.best, 8, engine);
    assert.deepEqual(r.proven, { outcome: 'win', plies: 1, words: 'wins in 1', label: 'win in 1', long: 'wins in 1 ply' }, engine);
    const labels = r.scores.map((x) => `${x.move} ${scoreLabel('ttt', x, { algo: r.algo, exact: r.exact, mover: r.mover }).text}`);
    assert.deepEqual(labels.filter((t) => /^[368] /.test(t)), ['3 win in 3', '6 win in 3', '8 win in 1'], engine);
    const s = state({ moves: '0,1,4,2', x: engine, o: 'human', evaluation: { ...r, engine: label } });
    const b = boardScores(s);
    assert.deepEqual([...b].filter(([, l]) => l.best).map(([m]) => m), [8], `${engine}: the star is on the fastest win`);
    assert.equal(b.get(8).title, 'bottom-right: X wins in 1 ply (proven) — best');
    assert.equal(b.get(3).title, 'left: X wins in 3 plies (proven)');
    const how = engine === 'hminimax' ? 'proven at depth 4' : 'exact';
    assert.ok(evalSummary(s).endsWith(`: ${how}; X wins in 1. Best line: X bottom-right.`), evalSummary(s));
    const text = lastSearchText({ kind: 'ttt', side: 0, label, played: 8, ms: 3, result: r });
    assert.ok(text.summary.endsWith(` — ${how}: X wins in 1.`), text.summary);
    assert.match(text.pv, /Scores for X: left win in 3, right .*, bottom-left win in 3, bottom .*, bottom-right win in 1\.$/, engine);
    assert.doesNotMatch(`${text.summary} ${text.pv}`, /\+5|\+3/, 'no utility number on the fast-win scale');
  }
});

test('Connect-4, H-minimax at depth 2: an immediate win reads "wins in 1", not "+18" next to estimates', () => {
  // X 4 5 6 on the bottom row, X to move: columns 3 and 7 win at once.
  const { result: r, label } = engineRecord('c4', '445566', { engine: 'hminimax', depth: 2 });
  assert.equal(r.exact, false);
  assert.equal(r.depth, 2);
  assert.ok([3, 7].includes(r.best));
  assert.equal(r.value, 18, 'the number behind the words: 22 − X’s 4th stone');
  assert.deepEqual(r.proven, { outcome: 'win', plies: 1, words: 'wins in 1', label: 'win in 1', long: 'wins in 1 ply' });
  const rec = { algo: r.algo, exact: r.exact, mover: r.mover };
  const byMove = new Map(r.scores.map((x) => [x.move, scoreLabel('c4', x, rec)]));
  assert.equal(byMove.get(3).text, 'win in 1');
  assert.equal(byMove.get(7).text, 'win in 1');
  assert.equal(byMove.get(7).title, 'column 7: X wins in 1 ply (proven)');
  for (const m of [1, 2, 4, 5, 6]) {
    assert.equal(r.scores.find((x) => x.move === m).proven, null);
    assert.equal(byMove.get(m).bound, 'exact');
    assert.ok(Math.abs(byMove.get(m).score) < 1, `column ${m} is an evaluation`);
  }
  assert.equal(exactness(r), 'proven at depth 2');
  const text = lastSearchText({ kind: 'c4', side: 0, label, played: r.best, ms: 3, result: r });
  assert.match(text.summary, /^X \(H-minimax \(EVAL\), depth 2, TT\) played column [37] after .* — proven at depth 2: X wins in 1\.$/);
  assert.doesNotMatch(text.summary, /estimate|18/);
  // O to move against the double threat: every move loses in 2.
  const lost = engineRecord('c4', '44556', { engine: 'hminimax', depth: 2 }).result;
  assert.equal(lost.proven.words, 'loses in 2');
  assert.ok(lost.scores.every((x) => x.proven.label === 'loss in 2'));
  assert.equal(valueSentence(lost.score, 1, false, lost.proven), 'O loses in 2');
});
