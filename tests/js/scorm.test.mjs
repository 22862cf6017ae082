// The SCORM adapter's mapping (www/lib/scorm.js): a set's record to cmi values in 1.2 and
// 2004, durations in each version's format, the API found up the frames and the opener,
// suspend data read back. Exact values.
import test from 'node:test';
import assert from 'node:assert/strict';
import { findApi, interactionValues, readSuspend, scoreValues, statusValues, suspendText, timespan } from '../../www/lib/scorm.js';

const record = (score, max, passed, total = max) => ({ score, max, scaled: max ? score / max : 0, ...(passed === undefined ? {} : { mastery: 0.8, passed }), total });

test('durations: 1.2 HHHH:MM:SS.SS, 2004 ISO 8601', () => {
  assert.equal(timespan('1.2', 0), '0000:00:00.00');
  assert.equal(timespan('1.2', 3_723_456), '0001:02:03.46');
  assert.equal(timespan('2004', 0), 'PT0S');
  assert.equal(timespan('2004', 3_723_456), 'PT1H2M3.46S');
  assert.equal(timespan('2004', 90_000), 'PT1M30S');
});

test('the score, out of the whole set: 1.2 raw a percentage; 2004 scaled to seven decimals, raw in cells', () => {
  assert.deepEqual(scoreValues('1.2', record(24, 25)), [['cmi.core.score.raw', '96'], ['cmi.core.score.min', '0'], ['cmi.core.score.max', '100']]);
  assert.deepEqual(scoreValues('1.2', record(2, 3)), [['cmi.core.score.raw', '66.67'], ['cmi.core.score.min', '0'], ['cmi.core.score.max', '100']]);
  assert.deepEqual(scoreValues('2004', record(2, 3)), [['cmi.score.scaled', '0.6666667'], ['cmi.score.raw', '2'], ['cmi.score.min', '0'], ['cmi.score.max', '3']]);
  // One exercise of two answered: out of both.
  assert.deepEqual(scoreValues('1.2', record(5, 5, true, 25)), [['cmi.core.score.raw', '20'], ['cmi.core.score.min', '0'], ['cmi.core.score.max', '100']]);
  assert.deepEqual(scoreValues('2004', record(5, 5, true, 25)), [['cmi.score.scaled', '0.2'], ['cmi.score.raw', '5'], ['cmi.score.min', '0'], ['cmi.score.max', '25']]);
  assert.deepEqual(scoreValues('2004', record(0, 0, undefined, 0))[0], ['cmi.score.scaled', '0']);
});

test('the status: judged by mastery once every exercise is answered', () => {
  assert.deepEqual(statusValues('1.2', record(9, 9, true), false), [['cmi.core.lesson_status', 'incomplete']]);
  assert.deepEqual(statusValues('1.2', record(9, 9, true), true), [['cmi.core.lesson_status', 'passed']]);
  assert.deepEqual(statusValues('1.2', record(5, 9, false), true), [['cmi.core.lesson_status', 'failed']]);
  assert.deepEqual(statusValues('1.2', record(5, 9), true), [['cmi.core.lesson_status', 'completed']]);
  assert.deepEqual(statusValues('2004', record(9, 9, true), false), [['cmi.completion_status', 'incomplete'], ['cmi.success_status', 'unknown']]);
  assert.deepEqual(statusValues('2004', record(5, 9, false), true), [['cmi.completion_status', 'completed'], ['cmi.success_status', 'failed']]);
  assert.deepEqual(statusValues('2004', record(8, 10, true), true), [['cmi.completion_status', 'completed'], ['cmi.success_status', 'passed']]);
  assert.deepEqual(statusValues('2004', record(5, 9), true), [['cmi.completion_status', 'completed'], ['cmi.success_status', 'unknown']]);
});

test('one interaction per exercise: id, type, response, result, latency', () => {
  const when = new Date('2026-12-05T10:01:02.345Z');
  const a = { index: 1, record: { task: 'minimax', score: 4, max: 5 }, latency: 61_500, answersJson: '{"values":{"":3}}', when };
  assert.deepEqual(interactionValues('1.2', 3, a), [
    ['cmi.interactions.3.id', 'exercise-2'],
    ['cmi.interactions.3.type', 'performance'],
    ['cmi.interactions.3.time', '10:01:02'],
    ['cmi.interactions.3.student_response', '{"values":{"":3}}'],
    ['cmi.interactions.3.result', 'wrong'],
    ['cmi.interactions.3.latency', '0000:01:01.50'],
  ]);
  assert.deepEqual(interactionValues('2004', 0, { ...a, record: { task: 'minimax', score: 5, max: 5 } }), [
    ['cmi.interactions.0.id', 'exercise-2'],
    ['cmi.interactions.0.type', 'other'],
    ['cmi.interactions.0.timestamp', '2026-12-05T10:01:02'],
    ['cmi.interactions.0.description', 'minimax: 5 of 5'],
    ['cmi.interactions.0.learner_response', '{"values":{"":3}}'],
    ['cmi.interactions.0.result', 'correct'],
    ['cmi.interactions.0.latency', 'PT1M1.5S'],
  ]);
  // A response longer than 1.2 allows is replaced by the score.
  const long = interactionValues('1.2', 0, { ...a, answersJson: 'x'.repeat(256) });
  assert.deepEqual(long[3], ['cmi.interactions.0.student_response', '4 of 5 (the answers are in suspend_data)']);
});

test('the API: this window, then up the parents, then the opener\'s chain; 2004 first', () => {
  const top = { API: { v: 12 } };
  top.parent = top;
  const mid = { parent: top };
  const leaf = { parent: mid };
  assert.deepEqual(findApi(leaf), { api: top.API, version: '1.2' });
  mid.API_1484_11 = { v: 2004 };
  assert.deepEqual(findApi(leaf), { api: mid.API_1484_11, version: '2004' });
  const lone = {};
  lone.parent = lone;
  lone.top = lone;
  assert.equal(findApi(lone), null);
  lone.opener = leaf;
  assert.deepEqual(findApi(lone), { api: mid.API_1484_11, version: '2004' });
});

test('suspend data: the progress and the interactions\' exercises, read back; others ignored', () => {
  const text = suspendText({ v: 1, set: 's', learner: 'l', exercises: [] }, [1, 0]);
  assert.deepEqual(readSuspend(text), { progress: { v: 1, set: 's', learner: 'l', exercises: [] }, interactions: [1, 0] });
  assert.equal(readSuspend(''), null);
  assert.equal(readSuspend('viewed=1,2'), null);
  assert.equal(readSuspend('{"interactions": ["a"]}'), null);
});
