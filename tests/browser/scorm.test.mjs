// The SCORM packages (`cargo xtask package --scorm 1.2|2004`, tests/fixtures/set-drill.json)
// in a test LMS: a page whose API is scorm-again (npm, pinned) frames the package's launch
// page, served from the unzipped package alone (so a file the package lacks is a failed
// request). Per version: launch, answer one exercise right and one wrong, check the
// committed cmi values (score, status, interactions, suspend_data); reload with the set's
// local storage cleared, so that only suspend_data resumes it; answer again; leave, so that
// pagehide commits and finishes. Then the same package with no API: standalone, and says so.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateRawSync } from 'node:zlib';
import { openBrowser, plyground } from './harness.mjs';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TIMEOUT = 60_000;
// The package's browser bundle (window.Scorm12API, window.Scorm2004API), beside its main entry.
const SCORM_AGAIN = join(dirname(createRequire(import.meta.url).resolve('scorm-again')), 'scorm-again.min.js');

/** The entries of a zip file: name → bytes (stored or deflated entries, as xtask writes). */
export function unzip(buf) {
  const end = buf.lastIndexOf(Buffer.from('PK\x05\x06'));
  const count = buf.readUInt16LE(end + 10);
  let at = buf.readUInt32LE(end + 16);
  const files = new Map();
  for (let i = 0; i < count; i++) {
    assert.equal(buf.readUInt32LE(at), 0x02014b50, 'a central directory record');
    const method = buf.readUInt16LE(at + 10);
    const packed = buf.readUInt32LE(at + 20);
    const nameLen = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLen);
    const start = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const body = buf.subarray(start, start + packed);
    files.set(name, method === 8 ? inflateRawSync(body) : Buffer.from(body));
    at += 46 + nameLen + extra;
  }
  return files;
}

const TYPES = { html: 'text/html', js: 'text/javascript', css: 'text/css', wasm: 'application/wasm', json: 'application/json', svg: 'image/svg+xml', xml: 'application/xml' };

// The test LMS: scorm-again's API for ?v=1.2 or ?v=2004 (none for ?v=none), the learner
// s1001, the cmi kept in local storage at every commit and at the end, and reloaded from it
// with entry "resume" (as an LMS keeps an attempt between launches).
const LMS_JS = `
const v = new URLSearchParams(location.search).get('v');
const key = 'lms-' + v;
window.commits = [];
if (v !== 'none') {
  const settings = { autocommit: false, logLevel: 5 };
  const api = v === '1.2' ? new Scorm12API(settings) : new Scorm2004API(settings);
  const saved = localStorage.getItem(key);
  if (saved) api.loadFromJSON(JSON.parse(saved));
  if (v === '1.2') {
    api.cmi.core.student_id = 's1001';
    api.cmi.core.entry = saved ? 'resume' : 'ab-initio';
  } else {
    api.cmi.learner_id = 's1001';
    api.cmi.entry = saved ? 'resume' : 'ab-initio';
  }
  const keep = (what) => () => {
    const cmi = JSON.parse(api.renderCMIToJSONString()).cmi;
    window.commits.push(cmi);
    localStorage.setItem(key, JSON.stringify(cmi));
    if (what === 'finish') localStorage.setItem(key + '-finished', String(Number(localStorage.getItem(key + '-finished') ?? 0) + 1));
  };
  api.on(v === '1.2' ? 'LMSCommit' : 'Commit', keep('commit'));
  api.on(v === '1.2' ? 'LMSFinish' : 'Terminate', keep('finish'));
  window[v === '1.2' ? 'API' : 'API_1484_11'] = api;
}
document.getElementById('sco').src = '/content/set.html';
`;
const LMS_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Test LMS</title><script src="/scorm-again.js"></script><script src="/lms.js" defer></script></head><body><main><h1>Test LMS</h1><iframe id="sco" title="The activity" width="1200" height="1400"></iframe></main></body></html>';

/** Builds a package with xtask (the site as built): {files, size, count}. */
function buildPackage(version, dir) {
  const out = join(dir, `drill-${version}.zip`);
  const r = spawnSync('cargo', ['xtask', 'package', '--no-build', '--scorm', version, '--set', 'tests/fixtures/set-drill.json', '--out', out], { cwd: ROOT, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  const zip = readFileSync(out);
  return { files: unzip(zip), size: zip.length, line: r.stdout.trim().split('\n').pop() };
}

/** Serves the LMS page, scorm-again and one package's files under /content/. */
function serve(files) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    let body = null;
    if (path === '/lms.html') body = LMS_HTML;
    else if (path === '/lms.js') body = LMS_JS;
    else if (path === '/scorm-again.js') body = readFileSync(SCORM_AGAIN);
    else if (path === '/done.html') body = '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Done</title></head><body></body></html>';
    else if (path.startsWith('/content/')) body = files.get(path.slice('/content/'.length)) ?? null;
    if (body === null) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.split('.').pop()] ?? 'application/octet-stream' }).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, base: `http://127.0.0.1:${server.address().port}/` })));
}

/** The launch page's frame, once its set is ready. */
async function content(page) {
  let frame = null;
  await page.waitForFunction(() => document.getElementById('sco')?.contentDocument?.querySelector('ply-set')?.dataset.ready === 'true', null, { timeout: TIMEOUT, polling: 100 });
  frame = page.frames().find((f) => f.url().includes('/content/set.html'));
  return frame;
}

// Marks the set ready when it says so (in the launch page's frame).
const MARK_READY = () => {
  document.addEventListener('ready', (e) => {
    if (e.target.localName === 'ply-set') e.target.dataset.ready = 'true';
  });
};

/** Answers exercise 0 with its key. */
const RIGHT = () => {
  const a = document.querySelector('ply-set').exercises[0];
  a.submit(a.answerKey());
};

/** Answers exercise 1 with its key less one pruned leaf. */
const WRONG = () => {
  const s = document.querySelector('ply-set');
  const b = s.exercises[1];
  const k = b.answerKey();
  k.pruned = k.pruned.slice(1);
  b.submit(k);
  return s.record();
};

for (const version of ['1.2', '2004']) {
  describe(`SCORM ${version} package in a scorm-again LMS`, () => {
    let browser;
    let page;
    let lms;
    let pkg;
    const v12 = version === '1.2';

    before(async () => {
      pkg = buildPackage(version, mkdtempSync(join(tmpdir(), 'plyground-scorm-')));
      lms = await serve(pkg.files);
      browser = await openBrowser();
      page = browser.page;
      await page.addInitScript(MARK_READY);
    });

    after(async () => {
      await browser?.close();
      lms?.server.close();
    });

    it('holds the manifest, the launch page, the set and only the files the set needs', () => {
      const names = [...pkg.files.keys()];
      for (const f of ['imsmanifest.xml', 'set.html', 'set.js', 'set.json', 'elements/ply-set.js', 'lib/scorm.js', 'pkg-practice/plyground_wasm_bg.wasm', 'components.css']) assert.ok(names.includes(f), f);
      for (const f of names) assert.ok(!/^(pkg|pkg-games)\/|^worker\.js$|^index\.html$|^app\.js$|\.map$/.test(f), `${f} is not for a set`);
      const manifest = pkg.files.get('imsmanifest.xml').toString();
      assert.match(manifest, v12 ? /<schemaversion>1\.2<\/schemaversion>/ : /<schemaversion>2004 4th Edition<\/schemaversion>/);
      assert.match(manifest, v12 ? /<adlcp:masteryscore>80<\/adlcp:masteryscore>/ : /<imsss:minNormalizedMeasure>0\.8<\/imsss:minNormalizedMeasure>/);
      for (const f of names) if (f !== 'imsmanifest.xml') assert.ok(manifest.includes(`<file href="${f}"/>`), `the manifest lists ${f}`);
      const said = `: SCORM ${v12 ? '1.2' : '2004 4th edition'} package of "Minimax and alpha-beta drill", ${names.length} files, `;
      assert.ok(pkg.line.includes(said), pkg.line);
      console.log(`# ${pkg.line} (${pkg.size} bytes)`);
    });

    it('launches, records a right and a wrong answer, resumes from suspend_data, and finishes', async () => {
      await page.goto(`${lms.base}done.html`);
      await page.evaluate(() => localStorage.clear());
      await page.goto(`${lms.base}lms.html?v=${version}`);
      let frame = await content(page);
      assert.match(await frame.evaluate(() => document.getElementById('lms').textContent), new RegExp(`^Connected to your course \\(SCORM ${version.replace('.', '\\.')}\\)`));
      // One exercise of two answered: a fifth of the set's cells, incomplete, suspended.
      await frame.evaluate(RIGHT);
      let cmi = await page.evaluate(() => window.commits.at(-1));
      if (v12) assert.deepEqual([cmi.core.score.raw, cmi.core.score.max, cmi.core.lesson_status, cmi.core.exit], ['20', '100', 'incomplete', 'suspend']);
      else assert.deepEqual([cmi.score.scaled, cmi.score.raw, cmi.score.max, cmi.completion_status, cmi.success_status, cmi.exit], ['0.2', '5', '25', 'incomplete', 'unknown', 'suspend']);
      const record = await frame.evaluate(WRONG);
      assert.deepEqual([record.score, record.max, record.passed], [24, 25, true]);
      cmi = await page.evaluate(() => window.commits.at(-1));
      const progress1 = await frame.evaluate(() => document.querySelector('ply-set').progress());
      assert.deepEqual(progress1.exercises.map((e) => e.attempts), [1, 1]);
      const suspend = JSON.parse(v12 ? cmi.suspend_data : cmi.suspend_data);
      assert.deepEqual(suspend, { progress: progress1, interactions: [0, 1] });
      const inter = (c, n) => c.interactions[n] ?? c.interactions[String(n)];
      if (v12) {
        assert.deepEqual([cmi.core.score.raw, cmi.core.score.min, cmi.core.score.max, cmi.core.lesson_status, cmi.core.exit], ['96', '0', '100', 'passed', '']);
        assert.deepEqual([inter(cmi, 0).id, inter(cmi, 0).type, inter(cmi, 0).result], ['exercise-1', 'performance', 'correct']);
        assert.deepEqual([inter(cmi, 1).id, inter(cmi, 1).type, inter(cmi, 1).result], ['exercise-2', 'performance', 'wrong']);
        assert.equal(inter(cmi, 1).student_response, JSON.stringify(record.exercises[1].answers));
        assert.match(inter(cmi, 1).latency, /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/); // (scorm-again keeps two digits of hours)
      } else {
        assert.deepEqual([cmi.score.scaled, cmi.score.raw, cmi.score.min, cmi.score.max, cmi.completion_status, cmi.success_status, cmi.exit], ['0.96', '24', '0', '25', 'completed', 'passed', '']);
        assert.deepEqual([inter(cmi, 0).id, inter(cmi, 0).type, inter(cmi, 0).result], ['exercise-1', 'other', 'correct']);
        assert.deepEqual([inter(cmi, 1).id, inter(cmi, 1).type, inter(cmi, 1).result], ['exercise-2', 'other', 'incorrect']);
        assert.equal(inter(cmi, 1).learner_response, JSON.stringify(record.exercises[1].answers));
        assert.match(inter(cmi, 1).latency, /^PT(\d+M)?\d+(\.\d+)?S$/);
      }
      // Reload with the set's own storage cleared: only the LMS's suspend_data resumes it.
      await frame.evaluate(() => {
        for (const k of Object.keys(localStorage)) if (k.startsWith('plyground:set:')) localStorage.removeItem(k);
      });
      await page.reload();
      assert.equal(await page.evaluate((k) => localStorage.getItem(k), `lms-${version}-finished`), '1', 'pagehide finished the first session');
      frame = await content(page);
      const resumed = await frame.evaluate(() => {
        const s = document.querySelector('ply-set');
        return { score: s.record().score, attempts: s.progress().exercises.map((e) => e.attempts), text: s.shadowRoot.querySelector('[part~="score"]').textContent };
      });
      assert.deepEqual(resumed, { score: 24, attempts: [1, 1], text: 'Score: 24 of 25 (96%) · 2 of 2 exercises answered · mastery reached' });
      // The second attempt at exercise 2, right: the same interaction, now correct.
      await frame.evaluate(() => {
        const b = document.querySelector('ply-set').exercises[1];
        b.submit(b.answerKey());
      });
      cmi = await page.evaluate(() => window.commits.at(-1));
      const count = Object.keys(cmi.interactions).filter((k) => /^\d+$/.test(k)).length;
      assert.equal(count, 2);
      if (v12) {
        assert.deepEqual([cmi.core.score.raw, cmi.core.score.max, cmi.core.lesson_status], ['100', '100', 'passed']);
        assert.equal(inter(cmi, 1).result, 'correct');
      } else {
        assert.deepEqual([cmi.score.scaled, cmi.score.raw, cmi.completion_status, cmi.success_status], ['1', '25', 'completed', 'passed']);
        assert.equal(inter(cmi, 1).result, 'correct');
      }
      assert.deepEqual(JSON.parse(cmi.suspend_data).progress.exercises.map((e) => e.attempts), [1, 2]);
      // The set's record after the resumed session is genuine for the CLI; forged, it is not.
      const final = await frame.evaluate(() => document.querySelector('ply-set').record());
      const file = join(mkdtempSync(join(tmpdir(), 'plyground-scorm-record-')), 'record.json');
      const grade = () => plyground(['grade', '--record', file]);
      writeFileSync(file, JSON.stringify(final));
      let checked = grade();
      assert.equal(checked.status, 0, checked.stdout + checked.stderr);
      assert.match(checked.stdout, /^record \(set "Minimax and alpha-beta drill"\): ok, 25 of 25, passed$/m);
      writeFileSync(file, JSON.stringify({ ...final, exercises: [final.exercises[0], { ...final.exercises[1], answers: { pruned: [] } }] }));
      checked = grade();
      assert.equal(checked.status, 1, checked.stdout + checked.stderr);
      assert.match(checked.stdout, /^record\.exercises\[1\] \(alphabeta-leaves, seed 2559655006\): MISMATCH: stored 20 of 20, recomputed 13 of 20; stored done true, recomputed false/m);
      // Leaving the page finishes the session: a commit with the session time, then finish.
      await page.goto(`${lms.base}done.html`);
      const end = await page.evaluate((k) => ({ cmi: JSON.parse(localStorage.getItem(k)), finished: localStorage.getItem(`${k}-finished`) }), `lms-${version}`);
      assert.equal(end.finished, '2');
      if (v12) assert.equal(end.cmi.core.score.raw, '100');
      else assert.equal(end.cmi.score.scaled, '1');
      assert.deepEqual(browser.problems, []);
    });

    it('with no API the set runs standalone and says so', async () => {
      await page.goto(`${lms.base}lms.html?v=none`);
      const frame = await content(page);
      const out = await frame.evaluate(() => {
        const s = document.querySelector('ply-set');
        const a = s.exercises[0];
        a.submit(a.answerKey());
        return { note: document.getElementById('lms').textContent, lms: window.plygroundLms, score: s.record().score };
      });
      assert.deepEqual(out, { note: 'No course system found: this set runs standalone, and your progress stays in this browser.', lms: null, score: 5 });
      assert.deepEqual(browser.problems, []);
    });
  });
}
