// The assignment builder (builder.html), driven with the keyboard and the mouse: a set of two
// exercises (a fixed-seed minimax tree and an α-β tree per learner) with mastery, attempts
// and no Reveal. Its raw options, the preview's trees (the ones `plyground generate --set
// --learner preview` prints), the link (it opens set.html with the same set), the exact
// element snippet, set.json, and the SCORM 1.2 and 2004 zips made in the browser: the same
// entries, byte for byte, as `cargo xtask package` writes for that set.json, with fixed
// dates. A random seed is added as shown, and a removal works from the keyboard. Bad input
// (depth 0, no title) gets a message naming the field; nothing scrolls sideways at 360 px.
// No console error.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { openBrowser, plyground } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TIMEOUT = 60_000;
const DIR = mkdtempSync(join(tmpdir(), 'plyground-builder-'));

// The set the test builds, as the builder writes it (keys in the set reader's order).
const EX1 = { task: 'minimax', seed: 11, difficulty: 'easy' };
const EX2 = { task: 'alphabeta-leaves', seed: 'learner', difficulty: 'exam', depth: 3, branching: '2-3' };
const SET = { title: 'Week 3 drill', mastery: 0.75, attempts: 2, reveal: false, exercises: [EX1, EX2] };
const SET_TEXT = JSON.stringify(SET);

/** Types into a field from the keyboard, replacing what it holds. */
async function typeInto(page, selector, text) {
  await page.focus(selector);
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Backspace');
  if (text) await page.keyboard.type(text);
}

/** Clicks `selector` and saves the download it starts: {name, bytes}. */
async function download(page, selector) {
  const [d] = await Promise.all([page.waitForEvent('download', { timeout: TIMEOUT }), page.click(selector)]);
  const path = join(DIR, d.suggestedFilename());
  await d.saveAs(path);
  return { name: d.suggestedFilename(), path, bytes: readFileSync(path) };
}

describe('the assignment builder page', () => {
  let browser;
  let page;
  let setFile;

  before(async () => {
    browser = await openBrowser({ acceptDownloads: true });
    page = browser.page;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${browser.base}builder.html`);
    await page.waitForSelector('body[data-ready="true"]', { timeout: TIMEOUT });
  });

  after(async () => {
    await browser?.close();
  });

  it('is linked from the lessons page, where instructors look for embedding', () => {
    const gallery = readFileSync(join(ROOT, 'www/lessons/index.html'), 'utf8');
    assert.ok(gallery.includes('<a href="../builder.html">Build an assignment</a>'));
  });

  it('offers every task of the practice module, and nothing to share before an exercise', async () => {
    const tasks = await page.$$eval('#b-task option', (os) => os.map((o) => o.value));
    assert.deepEqual(tasks, ['minimax', 'alphabeta-leaves', 'alphabeta-full', 'expectiminimax', 'maxn', 'mcts', 'ordering']);
    assert.deepEqual(await page.$$eval('#b-difficulty option', (os) => os.map((o) => [o.value, o.textContent])), [
      ['easy', 'Easy: small trees'],
      ['exam', 'Exam: the size of an exam question'],
      ['hard', 'Hard: larger or trickier trees'],
    ]);
    assert.equal(await page.textContent('#b-empty'), 'None yet: add some above.');
    assert.equal(await page.isDisabled('#b-zip'), true);
    assert.equal(await page.isDisabled('#b-json'), true);
    assert.equal(await page.inputValue('#b-link'), '');
  });

  it('builds a two-exercise set from the keyboard and the mouse, refusing depth 0 by name', async () => {
    // The set's fields, one Tab after another.
    await page.click('#b-title');
    await typeInto(page, '#b-title', 'Week 3 drill');
    await page.keyboard.press('Tab');
    await typeInto(page, '#b-mastery', '75');
    await page.keyboard.press('Tab');
    await typeInto(page, '#b-attempts', '2');
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'b-reveal');
    await page.keyboard.press('Space');
    assert.equal(await page.isChecked('#b-reveal'), false);
    // Exercise 1: minimax, easy (one step up from exam with the arrow key), seed 11; Enter adds.
    await page.selectOption('#b-task', 'minimax');
    await page.focus('#b-difficulty');
    await page.keyboard.press('ArrowUp');
    assert.equal(await page.inputValue('#b-difficulty'), 'easy');
    await typeInto(page, '#b-seed', '11');
    assert.equal(await page.textContent('#b-raw'), JSON.stringify(EX1));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.exercises === '1');
    assert.equal(await page.textContent('#b-status'), 'Added 1 exercise: 1 in the set.');
    assert.equal(await page.textContent('#b-message'), '');
    // Exercise 2 with depth 0: refused, the message names the field, which is marked and focused.
    await page.selectOption('#b-task', 'alphabeta-leaves');
    await page.selectOption('#b-difficulty', 'exam');
    await page.click('#b-seed-learner');
    assert.equal(await page.isDisabled('#b-seed'), true);
    await typeInto(page, '#b-depth', '0');
    await typeInto(page, '#b-branching', '2-3');
    await page.click('#b-add');
    assert.equal(await page.textContent('#b-message'), 'Depth: options.depth 0 is out of range (1 to 6)');
    assert.equal(await page.getAttribute('#b-depth', 'aria-invalid'), 'true');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'b-depth');
    assert.equal(await page.evaluate(() => document.body.dataset.exercises), '1');
    // Depth 3 (typed in the focused field), Enter: added, the message gone.
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('3');
    assert.equal(await page.textContent('#b-raw'), JSON.stringify(EX2));
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.exercises === '2');
    assert.equal(await page.textContent('#b-message'), '');
    assert.equal(await page.getAttribute('#b-depth', 'aria-invalid'), null);
    assert.deepEqual(await page.$$eval('#b-list li code', (cs) => cs.map((c) => c.textContent)), [JSON.stringify(EX1), JSON.stringify(EX2)]);
    assert.deepEqual(await page.$$eval('#b-list li .ex-name', (cs) => cs.map((c) => c.textContent)), [
      'Minimax values · easy · seed 11',
      'α-β: mark the pruned leaves · exam · a tree per learner',
    ]);
  });

  it('a third exercise, from a random seed, is added as shown, and can be removed from the keyboard', async () => {
    await page.click('#b-seed-random');
    await typeInto(page, '#b-depth', '');
    await typeInto(page, '#b-branching', '');
    await page.selectOption('#b-task', 'mcts');
    const raw = JSON.parse(await page.textContent('#b-raw'));
    assert.deepEqual(Object.keys(raw), ['task', 'seed', 'difficulty']);
    assert.ok(Number.isInteger(raw.seed) && raw.seed >= 0 && raw.seed <= 4294967295, `seed ${raw.seed}`);
    await page.click('#b-add');
    await page.waitForFunction(() => document.body.dataset.exercises === '3');
    assert.equal(await page.textContent('#b-list li:nth-child(3) code'), JSON.stringify(raw));
    assert.notEqual(await page.textContent('#b-raw'), JSON.stringify(raw), 'the next batch draws a new seed');
    await page.focus('#b-list li:nth-child(3) button');
    assert.equal(await page.getAttribute('#b-list li:nth-child(3) button', 'aria-label'), 'Remove exercise 3');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.body.dataset.exercises === '2');
    assert.equal(await page.textContent('#b-status'), 'Removed exercise 3: 2 in the set.');
  });

  it('gives the exact link and element snippet, and set.json', async () => {
    const link = `${browser.base}set.html#set=${encodeURIComponent(SET_TEXT)}`;
    assert.equal(await page.inputValue('#b-link'), link);
    assert.equal(await page.getAttribute('#b-open', 'href'), link);
    const quoted = SET_TEXT.replaceAll('"', '&quot;');
    assert.equal(await page.inputValue('#b-snippet'), `<script type="module" src="${browser.base}plyground-elements.js"></script>\n<ply-set set="${quoted}"></ply-set>`);
    const json = await download(page, '#b-json');
    assert.equal(json.name, 'week-3-drill.json');
    assert.equal(json.bytes.toString('utf8'), `${JSON.stringify(SET, null, 2)}\n`);
    setFile = json.path;
  });

  it('previews both trees: the ones `plyground generate --set --learner preview` prints', async () => {
    await page.waitForFunction(() => {
      const s = document.querySelector('#b-preview ply-set');
      return s?.exercises.length === 2 && s.exercises.every((e) => e.state != null);
    }, null, { timeout: TIMEOUT });
    const shown = await page.evaluate(() => {
      const s = document.querySelector('#b-preview ply-set');
      return {
        layout: s.getAttribute('layout'),
        trees: s.exercises.map((e) => e.checkableRecord({}).tree),
        canvases: s.exercises.map((e) => Math.round(e.shadowRoot.querySelector('canvas').getBoundingClientRect().width)),
      };
    });
    assert.equal(shown.layout, 'all');
    for (const w of shown.canvases) assert.ok(w > 200, `a tree drawn ${w} px wide`);
    const r = plyground(['generate', '--set', setFile, '--learner', 'preview', '--json']);
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(shown.trees, JSON.parse(r.stdout).exercises.map((e) => e.tree));
  });

  it('the link opens set.html with the same set', async () => {
    const [popup] = await Promise.all([page.context().waitForEvent('page'), page.click('#b-open')]);
    await popup.waitForFunction(() => document.querySelector('ply-set')?.description?.exercises?.length === 2, null, { timeout: TIMEOUT });
    const d = await popup.evaluate(() => document.querySelector('ply-set').description);
    assert.deepEqual(d, { title: SET.title, id: SET.title, mastery: SET.mastery, attempts: SET.attempts, reveal: false, exercises: SET.exercises });
    // Standalone, the set's page offers the same link again.
    await popup.waitForSelector('#share-link', { state: 'attached', timeout: TIMEOUT });
    assert.equal(await popup.inputValue('#share-link'), await page.inputValue('#b-link'));
    await popup.close();
  });

  for (const version of ['2004', '1.2']) {
    it(`the SCORM ${version} zip holds exactly the entries \`cargo xtask package --scorm ${version}\` writes, byte for byte`, async () => {
      await page.selectOption('#b-scorm', version);
      const zip = await download(page, '#b-zip');
      assert.equal(zip.name, `week-3-drill-scorm${version.replace('.', '')}.zip`);
      const ours = unzipSync(new Uint8Array(zip.bytes));
      const out = join(DIR, `xtask-${version}.zip`);
      const r = spawnSync('cargo', ['xtask', 'package', '--no-build', '--scorm', version, '--set', setFile, '--out', out], { cwd: ROOT, encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const theirs = unzipSync(new Uint8Array(readFileSync(out)));
      const names = Object.keys(ours);
      assert.deepEqual(names, Object.keys(theirs));
      for (const f of ['imsmanifest.xml', 'set.html', 'set.json', 'set.js', 'elements/ply-set.js', 'lib/scorm.js', 'pkg-practice/plyground_wasm_bg.wasm']) assert.ok(names.includes(f), f);
      for (const f of names) assert.ok(Buffer.from(ours[f]).equals(Buffer.from(theirs[f])), `${f} differs from xtask's`);
      const manifest = Buffer.from(ours['imsmanifest.xml']).toString('utf8');
      assert.match(manifest, version === '1.2' ? /<adlcp:masteryscore>75<\/adlcp:masteryscore>/ : /<imsss:minNormalizedMeasure>0\.75<\/imsss:minNormalizedMeasure>/);
      assert.match(manifest, /<title>Week 3 drill<\/title>/);
      // Fixed dates: every local header says 1980-01-01 00:00.
      const buf = zip.bytes;
      let at = 0;
      for (let i = 0; i < names.length; i++) {
        assert.equal(buf.readUInt32LE(at), 0x04034b50, `local header ${i}`);
        assert.deepEqual([buf.readUInt16LE(at + 10), buf.readUInt16LE(at + 12)], [0, 0x21], names[i]);
        at += 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28) + buf.readUInt32LE(at + 18);
      }
      const status = await page.textContent('#b-status');
      assert.equal(status, `${zip.name}: SCORM ${version === '1.2' ? '1.2' : '2004 4th edition'} package of “Week 3 drill”, ${names.length} files, ${(zip.bytes.length / 1024).toFixed(1)} KiB. Import it into your course system as a SCORM package.`);
      console.log(`# ${zip.name}: ${names.length} files, ${zip.bytes.length} bytes (xtask's: ${readFileSync(out).length} bytes)`);
    });
  }

  it('an empty title disables the outputs and says which field', async () => {
    await typeInto(page, '#b-title', '');
    assert.equal(await page.textContent('#b-message'), 'Title: set.title is required (a non-empty string), got ""');
    assert.equal(await page.getAttribute('#b-title', 'aria-invalid'), 'true');
    assert.equal(await page.isDisabled('#b-zip'), true);
    assert.equal(await page.inputValue('#b-link'), '');
    await page.keyboard.type('Week 3 drill');
    assert.equal(await page.textContent('#b-message'), '');
    assert.equal(await page.isDisabled('#b-zip'), false);
  });

  it('fits a 360 px screen with the set previewed: nothing scrolls sideways', async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 360);
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('logged no console error, page error or failed request', () => {
    assert.deepEqual(browser.problems, []);
  });
});
