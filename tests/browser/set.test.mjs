// <ply-set> on set.html (tests/fixtures/set-drill.json: a given minimax tree and a learner's
// α-β tree, mastery 0.8, 2 attempts, no Reveal): the learner's tree is the one `plyground
// generate --set … --learner s1001` prints (the seed from the core, through wasm); a right and
// a wrong answer give the running score (aria-live), graded events, completed once, and a
// record that `plyground grade --record` verifies — and catches when forged; the third check
// is not counted and the exercise locks; Reveal is hidden; a reload resumes; one exercise at a
// time with Previous/Next from the keyboard; bad JSON names the field. No console error.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openBrowser, plyground } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TIMEOUT = 60_000;
const FIXTURE = join(ROOT, 'tests/fixtures/set-drill.json');
const SET = readFileSync(FIXTURE, 'utf8');

/** Waits for the set's ready event (or its error) on the page. */
async function setReady(page) {
  await page.waitForFunction(() => {
    const s = document.querySelector('ply-set');
    return s && (s.dataset.ready === 'true' || s.shadowRoot?.querySelector('.ply-error')?.textContent);
  }, null, { timeout: TIMEOUT });
}

/** Marks the set ready on its ready event (added before the page's script runs). */
const MARK_READY = () => {
  document.addEventListener('ready', (e) => {
    if (e.target.localName === 'ply-set') e.target.dataset.ready = 'true';
  });
  window.events = [];
  for (const type of ['graded', 'completed']) document.addEventListener(type, (e) => window.events.push({ type, detail: e.detail }));
};

describe('<ply-set>', () => {
  let browser;
  let page;
  const url = () => `${browser.base}set.html#learner=s1001&set=${encodeURIComponent(SET)}`;

  before(async () => {
    browser = await openBrowser();
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.addInitScript(MARK_READY);
  });

  after(async () => {
    await browser?.close();
  });

  it('a set is also a URL of the playground: index.html#set=… opens the set page', async () => {
    await page.goto(`${browser.base}index.html#set=${encodeURIComponent(SET)}&learner=s1001`);
    await page.waitForURL(/\/set\.html#set=/);
    await setReady(page);
    assert.equal(new URL(page.url()).pathname.endsWith('/set.html'), true);
    assert.equal(await page.evaluate(() => document.querySelector('ply-set').exercises.length), JSON.parse(SET).exercises.length);
  });

  it('builds the learner\'s exercises with the core\'s seed: the trees `plyground generate --set --learner` prints', async () => {
    await page.goto(url());
    await setReady(page);
    await page.evaluate(() => localStorage.clear());
    const out = await page.evaluate(() => {
      const s = document.querySelector('ply-set');
      return { n: s.exercises.length, seeds: s.exercises.map((e) => e.getAttribute('seed')), trees: s.exercises.map((e) => e.checkableRecord({}).tree), error: s.shadowRoot.querySelector('.ply-error').textContent };
    });
    assert.equal(out.error, '');
    assert.equal(out.n, 2);
    const cli = plyground(['generate', '--set', FIXTURE, '--learner', 's1001', '--json']);
    assert.equal(cli.status, 0, cli.stderr);
    const gen = JSON.parse(cli.stdout);
    assert.equal(gen.exercises[1].options.seed, 2559655006);
    assert.deepEqual(out.seeds, [null, '2559655006']);
    assert.deepEqual(out.trees, gen.exercises.map((e) => e.tree));
  });

  it('a right and a wrong answer: the running score, events, completed once, a record the CLI verifies (and a forged one it catches)', async () => {
    await page.goto(url());
    await setReady(page);
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    await setReady(page);
    const out = await page.evaluate(() => {
      const s = document.querySelector('ply-set');
      const [a, b] = s.exercises;
      a.submit(a.answerKey());
      const k = b.answerKey();
      k.pruned = k.pruned.slice(1);
      b.submit(k);
      const score = s.shadowRoot.querySelector('[part~="score"]');
      return {
        record: s.record(),
        score: score.textContent,
        live: score.parentElement.getAttribute('aria-live'),
        events: window.events.map((e) => [e.type, e.detail.index ?? null, e.detail.counted ?? null, e.detail.set.score]),
        completed: s.completed,
      };
    });
    const r = out.record;
    assert.deepEqual(Object.keys(r), ['title', 'id', 'learner', 'mastery', 'score', 'max', 'scaled', 'passed', 'total', 'exercises']);
    assert.deepEqual([r.title, r.id, r.learner, r.mastery], ['Minimax and alpha-beta drill', 'drill-1', 's1001', 0.8]);
    assert.deepEqual(r.exercises.map((e) => [e.task, e.score, e.max, e.done]), [['minimax', 5, 5, true], ['alphabeta-leaves', 19, 20, false]]);
    assert.deepEqual([r.score, r.max, r.scaled, r.passed, r.total], [24, 25, 0.96, true, 25]);
    assert.deepEqual(Object.keys(r.exercises[1]), ['task', 'seed', 'tree', 'score', 'max', 'done', 'mistakes', 'options', 'answers']);
    assert.deepEqual(r.exercises[1].options, { task: 'alphabeta-leaves', difficulty: 'exam', depth: 3, branching: '2-3', cutoffs: 2, seed: 2559655006, tie: 'nonstrict' });
    assert.equal(out.score, 'Score: 24 of 25 (96%) · 2 of 2 exercises answered · mastery reached');
    assert.equal(out.live, 'polite');
    assert.deepEqual(out.events, [['graded', 0, true, 5], ['graded', 1, true, 24], ['completed', null, null, 24]]);
    assert.equal(out.completed, true);
    // The CLI grades the record again: every line ok.
    const dir = mkdtempSync(join(tmpdir(), 'plyground-set-'));
    const file = join(dir, 'record.json');
    writeFileSync(file, JSON.stringify(r));
    const ok = plyground(['grade', '--record', file]);
    assert.equal(ok.status, 0, ok.stdout + ok.stderr);
    assert.equal(
      ok.stdout,
      'record.exercises[0] (minimax, given tree): ok, 5 of 5\n' +
        'record.exercises[1] (alphabeta-leaves, seed 2559655006): ok, 19 of 20\n' +
        'record (set "Minimax and alpha-beta drill"): ok, 24 of 25, passed\n',
    );
    // A forged record: full marks claimed for the wrong answer.
    const forged = structuredClone(r);
    Object.assign(forged.exercises[1], { score: 20, done: true, mistakes: [] });
    Object.assign(forged, { score: 25, scaled: 1 });
    writeFileSync(file, JSON.stringify(forged));
    const bad = plyground(['grade', '--record', file]);
    assert.equal(bad.status, 1);
    assert.match(bad.stdout, /^record\.exercises\[1\] \(alphabeta-leaves, seed 2559655006\): MISMATCH: stored 20 of 20, recomputed 19 of 20; stored done true, recomputed false; stored mistakes at none, recomputed at "[0-9.]+" pruned$/m);
    assert.match(bad.stdout, /^record \(set "Minimax and alpha-beta drill"\): MISMATCH: stored 25 of 25, recomputed 24 of 25; stored scaled 1, recomputed 0\.96$/m);
    assert.deepEqual(browser.problems, []);
  });

  it('attempts: the second check counts, a third does not and the exercise locks; no Reveal', async () => {
    const out = await page.evaluate(() => {
      const s = document.querySelector('ply-set');
      const b = s.exercises[1];
      window.events = [];
      b.submit(b.answerKey());
      const before = s.record().score;
      const k = b.answerKey();
      k.pruned = [];
      b.submit(k);
      const part = (name) => getComputedStyle(b.shadowRoot.querySelector(`[part~="${name}"]`)).display;
      return {
        before,
        after: s.record().score,
        counted: window.events.map((e) => [e.type, e.detail.counted ?? null]),
        note: s.shadowRoot.querySelector('[part~="note"]').textContent,
        locked: b.classList.contains('locked'),
        inert: b.shadowRoot.querySelector('[part~="cells"]').inert,
        display: ['check', 'reveal-next', 'reveal-all', 'reveal', 'hint'].map(part),
        firstReveal: getComputedStyle(s.exercises[0].shadowRoot.querySelector('[part~="reveal-all"]')).display,
      };
    });
    assert.deepEqual([out.before, out.after], [25, 25]);
    assert.deepEqual(out.counted, [['graded', true], ['graded', false]]);
    assert.equal(out.note, 'Exercise 2: no attempts left; this check is not counted.');
    assert.deepEqual([out.locked, out.inert], [true, true]);
    assert.deepEqual(out.display, ['none', 'none', 'none', 'none', 'none']);
    assert.equal(out.firstReveal, 'none');
  });

  it('a reload resumes: the counted answers, the attempts used, the score', async () => {
    await page.reload();
    await setReady(page);
    const out = await page.evaluate(() => {
      const s = document.querySelector('ply-set');
      return { score: s.record().score, progress: s.progress().exercises.map((e) => e.attempts), locked: s.exercises.map((e) => e.classList.contains('locked')), text: s.shadowRoot.querySelector('[part~="score"]').textContent };
    });
    assert.deepEqual(out, { score: 25, progress: [1, 2], locked: [false, true], text: 'Score: 25 of 25 (100%) · 2 of 2 exercises answered · mastery reached' });
    // Another learner has other trees and no progress.
    // (A new hash is no new document: reload it.)
    await page.goto(url().replace('learner=s1001', 'learner=s1002'));
    await page.reload();
    await setReady(page);
    const other = await page.evaluate(() => {
      const s = document.querySelector('ply-set');
      return { seed: s.exercises[1].getAttribute('seed'), score: s.record().score };
    });
    assert.deepEqual(other, { seed: '2503119055', score: 0 });
  });

  it('one exercise at a time: Previous / Next from the keyboard; layout=all shows both', async () => {
    await page.goto(url());
    await page.reload();
    await setReady(page);
    const shown = () => page.evaluate(() => [...document.querySelector('ply-set').shadowRoot.querySelectorAll('[part~="exercise"]')].map((s) => !s.hidden && s.getBoundingClientRect().height > 100));
    assert.deepEqual(await shown(), [true, false]);
    await page.evaluate(() => document.querySelector('ply-set').shadowRoot.querySelector('[part~="next"]').focus());
    await page.keyboard.press('Enter');
    assert.deepEqual(await shown(), [false, true]);
    assert.equal(await page.evaluate(() => document.querySelector('ply-set').shadowRoot.querySelector('[part~="position"]').textContent), 'Exercise 2 of 2');
    // The exercise shown after a hidden start draws its tree (a canvas with a size).
    const canvas = await page.evaluate(() => document.querySelector('ply-set').exercises[1].shadowRoot.querySelector('canvas').getBoundingClientRect().width);
    assert.ok(canvas > 200, `canvas width ${canvas}`);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    assert.deepEqual(await shown(), [true, false]);
    await page.evaluate(() => (document.querySelector('ply-set').layout = 'all'));
    assert.deepEqual(await shown(), [true, true]);
    assert.deepEqual(browser.problems, []);
  });

  it('standalone, the page offers the set\'s link and element snippet; both give the same set', async () => {
    await page.goto(url());
    await page.reload();
    await setReady(page);
    const share = await page.evaluate(() => ({ link: document.getElementById('share-link').value, code: document.getElementById('share-code').value, note: document.getElementById('lms').textContent }));
    assert.equal(share.note, 'No course system found: this set runs standalone, and your progress stays in this browser.');
    assert.equal(share.link, `${browser.base}set.html#set=${encodeURIComponent(JSON.stringify(JSON.parse(SET)))}`);
    assert.ok(share.code.startsWith(`<script type="module" src="${browser.base}plyground-elements.js"></script>\n<ply-set set="{&quot;title&quot;:`));
    // The snippet's element in a page that loads plyground-elements.js (which loads <ply-set>).
    await page.goto(`${browser.base}tests/pages/blank.html`);
    const seeds = await page.evaluate(async (code) => {
      const box = document.createElement('div');
      box.innerHTML = code.split('\n')[1];
      const s = box.firstChild;
      s.setAttribute('learner', 's1001');
      const ready = new Promise((r) => s.addEventListener('ready', r, { once: true }));
      document.body.append(s);
      await ready;
      return s.exercises.map((e) => e.getAttribute('seed'));
    }, share.code);
    assert.deepEqual(seeds, [null, '2559655006']);
    assert.deepEqual(browser.problems, []);
  });

  it('bad set JSON: the message names the field and the reason', async () => {
    const bad = JSON.stringify({ title: 'T', exercises: [{ task: 'minimax', depth: 'deep' }] });
    await page.goto(`${browser.base}set.html#set=${encodeURIComponent(bad)}`);
    await page.reload();
    await setReady(page);
    const msg = await page.evaluate(() => document.querySelector('ply-set').shadowRoot.querySelector('.ply-error').textContent);
    assert.equal(msg, 'plyground: set.exercises[0].depth must be a number, got "deep"');
    await page.goto(`${browser.base}set.html#set=${encodeURIComponent('{"title": "T", "exercises": [{"task": "minimax", "depth": 9}]}')}`);
    await page.reload();
    await setReady(page);
    const range = await page.evaluate(() => document.querySelector('ply-set').shadowRoot.querySelector('.ply-error').textContent);
    assert.equal(range, "plyground: set.exercises[0]: depth: expected a whole number from 1 to 6, got '9'");
    assert.equal(await page.evaluate(() => document.querySelector('ply-set').dataset.ready), 'true', 'the ready event fired');
    assert.deepEqual(browser.problems, []);
  });
});
