// Exercise sets (www/lib/set.js): the description read with messages naming the field, the
// exercises' attributes with the learner's seed from the core (Practice.learnerSeed), saved
// progress checked against its set and learner, and the set's record as
// `plyground grade --record` reads it.
import test from 'node:test';
import assert from 'node:assert/strict';
import { api } from './wasm.mjs';
import { betterAttempt, exerciseAttributes, progressOf, readProgress, readRecordJson, readSet, recordJson, scoreWords, setPageUrl, setRecord, setSnippet, setText, storageKey } from '../../www/lib/set.js';
import { FIG_5_2 } from '../fixtures/lessons.mjs';

const WEEK3 = {
  title: 'Alpha-beta drill',
  id: 'week-3',
  mastery: 0.8,
  attempts: 2,
  reveal: false,
  exercises: [
    { task: 'alphabeta-leaves', seed: 'learner', depth: 3, branching: '2-3' },
    { task: 'minimax', seed: 11, difficulty: 'easy', values: [0, 9], uniqueBest: true, chance: false },
    { task: 'minimax', tree: FIG_5_2 },
  ],
};
const seed = (id, learner, i) => api.Practice.learnerSeed(id, learner, i);

test('the learner seed in the browser is the core\'s (pinned values)', () => {
  assert.equal(seed('week-3', 's1001', 0), 3632810857);
  assert.equal(seed('week-3', 's1002', 0), 3569015668);
  assert.equal(seed('week-3', 's1001', 1), 3632809526);
  assert.equal(seed('', '', 0), 3041007263);
});

test('a description is read with its defaults', () => {
  const s = readSet(JSON.stringify(WEEK3));
  assert.deepEqual(s, { title: 'Alpha-beta drill', id: 'week-3', mastery: 0.8, attempts: 2, reveal: false, exercises: WEEK3.exercises });
  const bare = readSet({ title: 'Drill', exercises: [{ task: 'minimax' }] });
  assert.deepEqual(bare, { title: 'Drill', id: 'Drill', mastery: null, attempts: null, reveal: true, exercises: [{ task: 'minimax' }] });
});

test('bad descriptions: the message names the field and the reason', () => {
  const bad = (d, msg) => assert.throws(() => readSet(d), { message: msg });
  bad('{"title": ', /^set: not JSON \(/);
  bad('[]', 'set must be an object like {"title": "Week 3", "exercises": [...]}, got an array');
  bad({ exercises: [{ task: 'minimax' }] }, 'set.title is required (a non-empty string), got undefined');
  bad({ title: 'T', exercises: [] }, 'set.exercises must be a non-empty array of exercises, got an array');
  bad({ title: 'T', exercises: [{ task: 'minimax' }], masteri: 0.8 }, "set: unknown field 'masteri' (expected one of title, id, mastery, attempts, reveal, exercises)");
  bad({ title: 'T', mastery: 80, exercises: [{ task: 'minimax' }] }, 'set.mastery must be a fraction from 0 to 1, got 80');
  bad({ title: 'T', attempts: 0, exercises: [{ task: 'minimax' }] }, 'set.attempts must be a whole number of at least 1, got 0');
  bad({ title: 'T', reveal: 'after', exercises: [{ task: 'minimax' }] }, 'set.reveal must be true or false, got "after"');
  bad({ title: 'T', exercises: [{ task: 'minimax' }, { seed: 3 }] }, 'set.exercises[1].task is required (a task id like "alphabeta-leaves"), got undefined');
  bad({ title: 'T', exercises: [{ task: 'minimax', depth: '3' }] }, 'set.exercises[0].depth must be a number, got "3"');
  bad({ title: 'T', exercises: [{ task: 'minimax', seed: -1 }] }, 'set.exercises[0].seed must be an integer from 0 to 4294967295 or "learner", got -1');
  bad({ title: 'T', exercises: [{ task: 'minimax', seed: 'me' }] }, 'set.exercises[0].seed must be an integer from 0 to 4294967295 or "learner", got "me"');
  bad({ title: 'T', exercises: [{ task: 'minimax', branching: {} }] }, 'set.exercises[0].branching must be a number, [low, high] or a string like "2-3", got an object');
  bad({ title: 'T', exercises: [{ task: 'minimax', deph: 3 }] }, "set.exercises[0]: unknown field 'deph' (expected one of task, tree, seed, difficulty, depth, branching, values, decimals, chance, players, cutoffs, uniqueBest, tieSensitive, worstOrder, tie, c)");
  bad({ title: 'T', exercises: [{ task: 'mcts', tree: '[1,2]', iterations: 3 }] }, "set.exercises[0].iterations: a set's exercises take <ply-practice>'s options; iterations is not one of them");
});

test('each exercise\'s attributes: the learner seed resolved, ranges and flags as attributes', () => {
  const s = readSet(WEEK3);
  assert.deepEqual(exerciseAttributes(s, 's1001', seed), [
    { task: 'alphabeta-leaves', seed: '3632810857', depth: '3', branching: '2-3' },
    { task: 'minimax', seed: '11', difficulty: 'easy', values: '0..9', 'unique-best': '' },
    { task: 'minimax', tree: FIG_5_2 },
  ]);
  // Neighbours get other trees; a fixed seed is the same for everyone.
  const other = exerciseAttributes(s, 's1002', seed);
  assert.equal(other[0].seed, '3569015668');
  assert.equal(other[1].seed, '11');
});

test('saved progress: keyed by set and learner, refused for another set, learner or shape', () => {
  const s = readSet(WEEK3);
  assert.equal(storageKey(s, 's1001'), 'plyground:set:["week-3","s1001"]');
  const tries = [{ attempts: 1, answers: { pruned: ['0.1'] } }, { attempts: 0, answers: null }, { attempts: 2, answers: { values: { '': 3 } } }];
  const saved = readRecordJson(recordJson(progressOf(s, 's1001', tries)));
  assert.deepEqual(readProgress(s, 's1001', saved), tries);
  assert.equal(readProgress(s, 's1002', saved), null);
  assert.equal(readProgress(readSet({ ...WEEK3, id: 'week-4' }), 's1001', saved), null);
  assert.equal(readProgress(s, 's1001', { ...saved, exercises: saved.exercises.slice(1) }), null);
  assert.equal(readProgress(s, 's1001', { ...saved, exercises: [{ attempts: -1, answers: null }, ...saved.exercises.slice(1)] }), null);
  assert.equal(readProgress(s, 's1001', 'junk'), null);
});

test('infinite bounds are stored as strings and read back', () => {
  const a = { windows: { '': [-Infinity, Infinity] } };
  assert.equal(recordJson(a), '{"windows":{"":["-Infinity","Infinity"]}}');
  assert.deepEqual(readRecordJson(recordJson(a)), a);
});

test('the set record: sums, scaled, passed against mastery, the best attempt kept', () => {
  const s = readSet(WEEK3);
  const ex = (score, max) => ({ task: 'minimax', score, max });
  const r = setRecord(s, 's1001', [ex(9, 9), ex(7, 13), ex(0, 4)], 30);
  assert.deepEqual(Object.keys(r), ['title', 'id', 'learner', 'mastery', 'score', 'max', 'scaled', 'passed', 'total', 'exercises']);
  assert.deepEqual([r.score, r.max, r.scaled, r.passed], [16, 26, 16 / 26, false]);
  const none = setRecord(readSet({ title: 'T', exercises: [{ task: 'minimax' }] }), '', [ex(0, 0)], 0);
  assert.deepEqual([none.scaled, 'passed' in none, 'mastery' in none], [0, false, false]);
  assert.equal(scoreWords(r, 3, 4), 'Score: 16 of 30 (53%) · 3 of 4 exercises answered · mastery at 80%');
  assert.equal(scoreWords(setRecord(s, '', [ex(9, 9)], 9), 1, 1), 'Score: 9 of 9 (100%) · 1 of 1 exercise answered · mastery reached');
  // Mastery is reached with every exercise answered, not before.
  assert.equal(scoreWords(setRecord(s, '', [ex(9, 9)], 20), 1, 3), 'Score: 9 of 20 (45%) · 1 of 3 exercises answered · mastery at 80%');
  assert.equal(betterAttempt(null, ex(0, 9)), true);
  assert.equal(betterAttempt(ex(5, 9), ex(4, 9)), false);
  assert.equal(betterAttempt(ex(5, 9), ex(5, 9)), true);
});

test('a set as a link and as an element snippet: compact, escaped, read back the same', () => {
  const s = readSet(WEEK3);
  const text = setText(s);
  assert.equal(text, JSON.stringify(WEEK3));
  assert.deepEqual(readSet(text), s);
  assert.equal(setText(readSet({ title: 'T', exercises: [{ task: 'minimax' }] })), '{"title":"T","exercises":[{"task":"minimax"}]}');
  const url = setPageUrl(s, 'https://example.org/ply/');
  assert.ok(url.startsWith('https://example.org/ply/set.html#set=%7B%22title%22%3A%22Alpha-beta%20drill%22'));
  assert.deepEqual(readSet(new URLSearchParams(new URL(url).hash.slice(1)).get('set')), s);
  const tiny = readSet({ title: "Tom's <drill>", exercises: [{ task: 'minimax', tree: '[1,2]' }] });
  assert.equal(
    setSnippet(tiny, 'https://example.org/ply/'),
    '<script type="module" src="https://example.org/ply/plyground-elements.js"></script>\n' +
      '<ply-set set="{&quot;title&quot;:&quot;Tom&#39;s &lt;drill&gt;&quot;,&quot;exercises&quot;:[{&quot;task&quot;:&quot;minimax&quot;,&quot;tree&quot;:&quot;[1,2]&quot;}]}"></ply-set>',
  );
});
