// www/lib/scorm-package.js: the references a file makes, the files a launch page loads, and
// the manifest for SCORM 1.2 and 2004 (the one template `cargo xtask package` and the
// builder page both write).
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import assert from 'node:assert/strict';
import { LAUNCH, manifest, packageEntries, packageFiles, references } from '../../www/lib/scorm-package.js';

test('references are the relative paths in quotes and url(…)', () => {
  const js = `import{a}from"./base.js";const u=new URL("../pkg-tree/plyground_wasm_bg.wasm",import.meta.url);import('../views/x.js');const s="not a path";`;
  assert.deepEqual(references(js), ['./base.js', '../pkg-tree/plyground_wasm_bg.wasm', '../views/x.js']);
  const html = '<link rel="stylesheet" href="launch.css"><script type="module" src="launch.js"></script>';
  assert.deepEqual(references(html), ['launch.css', 'launch.js']);
  assert.deepEqual(references('a{background:url(img/x.svg)}'), ['img/x.svg']);
  // Absolute paths, other extensions and unclosed quotes are not followed.
  assert.deepEqual(references(`"/abs.js" "x.txt" "a b.js" 'open.js`), []);
});

test('the package files: what the launch page loads, transitively, less the games, the full module and the worker, with the licences of vendored modules', () => {
  const site = {
    'set.html': '<link href="set.css"><script src="set.js"></script>',
    'set.css': 'a{background:url(img/i.svg)}',
    'img/i.svg': '<svg href="never.js"/>',
    'set.js': 'import"./lib/a.js";import"./missing.js";const w="worker.js",p="pkg/plyground_wasm.js";import("./vendor/z.js")',
    'vendor/z.js': '',
    'vendor/z.LICENSE.txt': 'MIT',
    'lib/a.js': 'import"../set.js";const m=new URL("../pkg-practice/m_bg.wasm",import.meta.url);import("../../out.js")',
    'pkg-practice/m_bg.wasm': '"wasm.js"',
    'worker.js': '',
    'pkg/plyground_wasm.js': '',
    'never.js': '',
  };
  const files = packageFiles((p) => p in site, (p) => site[p]);
  assert.deepEqual(files, ['img/i.svg', 'lib/a.js', 'pkg-practice/m_bg.wasm', 'set.css', 'set.html', 'set.js', 'vendor/z.LICENSE.txt', 'vendor/z.js']);
});

const SET = { id: 'week 3', title: 'α-β & more', mastery: 0.8 };

test('the SCORM 1.2 manifest: schema 1.2, mastery as a percentage, the launch page a SCO', () => {
  const m = manifest('1.2', SET, [LAUNCH]);
  assert.ok(m.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<manifest identifier="plyground-set-week-3" version="1.0"\n    xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"\n'));
  assert.ok(m.includes('<schemaversion>1.2</schemaversion>'));
  assert.ok(m.includes('<title>α-β &amp; more</title>\n      <item identifier="item-1" identifierref="sco-1">\n        <title>α-β &amp; more</title>\n        <adlcp:masteryscore>80</adlcp:masteryscore>\n      </item>'));
  assert.ok(m.endsWith('<resource identifier="sco-1" type="webcontent" adlcp:scormtype="sco" href="set.html">\n      <file href="set.json"/>\n      <file href="set.html"/>\n    </resource>\n  </resources>\n</manifest>\n'));
});

test('the SCORM 2004 manifest: 4th edition, mastery as the primary objective, none without one', () => {
  const m = manifest('2004', SET, [LAUNCH, 'a&b.js']);
  assert.ok(m.includes('<schemaversion>2004 4th Edition</schemaversion>'));
  assert.ok(m.includes('<imsss:primaryObjective objectiveID="mastery" satisfiedByMeasure="true">\n              <imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>'));
  assert.ok(m.includes('adlcp:scormType="sco" href="set.html">\n      <file href="set.json"/>\n      <file href="set.html"/>\n      <file href="a&amp;b.js"/>\n'));
  const none = manifest('2004', { ...SET, mastery: null }, [LAUNCH]);
  assert.ok(!none.includes('imsss:sequencing'));
  assert.ok(none.includes('<title>α-β &amp; more</title>\n      </item>'));
  assert.throws(() => manifest('2005', SET, [LAUNCH]), /^Error: SCORM version must be 1\.2 or 2004, got '2005'$/);
});

test('the entries: manifest, set.json and the site files, in byte order', () => {
  const e = packageEntries('2004', SET, '{"title":"x"}', ['set.html', 'Z.js', 'elements/a.js']);
  assert.deepEqual(e.map(([n]) => n), ['Z.js', 'elements/a.js', 'imsmanifest.xml', 'set.html', 'set.json']);
  assert.deepEqual(e[0][1], { file: 'Z.js' });
  assert.equal(e[4][1], '{"title":"x"}');
  assert.equal(e[2][1], manifest('2004', SET, ['set.html', 'Z.js', 'elements/a.js']));
});

test('www/vendor/fflate.js is the ESM build of the fflate package.json pins, its licence beside it', () => {
  const read = (p) => readFileSync(new URL(`../../${p}`, import.meta.url));
  const pin = JSON.parse(read('package.json')).devDependencies.fflate;
  assert.equal(JSON.parse(read('node_modules/fflate/package.json')).version, pin);
  assert.ok(read('www/vendor/fflate.js').equals(read('node_modules/fflate/esm/browser.js')), 'copy node_modules/fflate/esm/browser.js to www/vendor/fflate.js');
  assert.ok(read('www/vendor/fflate.LICENSE.txt').equals(read('node_modules/fflate/LICENSE')));
});
