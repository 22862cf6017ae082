// The wasm module's Predict handle: Figure 5.2's questions at the Stepper's steps (the
// question at step s stands before the step that reveals its answer), the core's words for a
// right and a wrong answer, the record in the practice grade record's shape, and errors that
// name the question.
import test from 'node:test';
import assert from 'node:assert/strict';
import { api } from './wasm.mjs';
import { gradeRecord } from '../../www/lib/practice-answers.js';
import { FIG_5_2 as FIG } from '../fixtures/lessons.mjs';

test('Figure 5.2: questions at the trace steps, words, record', () => {
  const s = api.Predict.create({ algo: 'alphabeta', tree: FIG, predict: 'all' });
  assert.equal(s.task, 'predict-alphabeta');
  const qs = s.questions();
  assert.equal(qs.length, 14);
  assert.deepEqual(qs[5], { kind: 'windows', field: 'windows', answer: 'window', node: '1', label: 'C', question: 'α and β at C now?', step: 11 });
  // The Stepper of the same tree at the question's step has not yet entered C; one step on it has.
  const st = api.Stepper.forTree(api.GameTree.parse(FIG), { algo: 'alphabeta' });
  st.seek(qs[5].step + 1);
  assert.match(st.state().narration, /C/);
  assert.equal(s.check(5, [3, Infinity]).words, 'Right: at A (MAX), a1 returned 3: v = 3, α ← max(α, v) = 3; C is entered with (α, β) = (3, +∞).');
  const wrong = s.check(6, false);
  assert.equal(wrong.correct, false);
  assert.equal(wrong.words, 'Not quite: you said not pruned, the trace says pruned. at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned.');
  const dir = s.check(5, ['-Infinity', 3]);
  assert.equal(dir.misconception, 'window-direction');
  const rec = gradeRecord(s.record([[-Infinity, Infinity], true], false));
  assert.deepEqual(rec, {
    task: 'predict-alphabeta',
    seed: null,
    tree: '[[3, 12, 8], [2, 4, 6], [14, 5, 2]]',
    score: 1,
    max: 2,
    done: false,
    mistakes: [{ node: '0.1', field: 'pruned', expected: false, got: true, misconception: null }],
  });
  assert.throws(() => s.check(5, 3), { message: 'Predict.check: predict: question 5 (α and β at C now?) takes a window [α, β], got 3' });
  assert.throws(() => api.Predict.create({ algo: 'alphabeta', tree: FIG, predict: 'select,nope' }), {
    message: "Predict.create: options.predict: unknown question kind 'nope' (expected all, or a list of windows, prune, returns, select, backup)",
  });
  s.free();
  st.free();
});
