// A search's steps for slides (www/lib/step-sequence.js): which steps, the files' names,
// steps.txt, the zip's entries (byte-reproducible), and the animated SVG: every frame's body
// unchanged in its own group, one shared loop, discrete visibility, the size of the largest
// frame, the last frame shown without SMIL.
import test from 'node:test';
import assert from 'node:assert/strict';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { SvgContext } from '../../www/lib/export-svg.js';
import { MAX_SEQUENCE_STEPS, animatedSvg, sequenceFiles, sequenceSteps, stepFileName, stepsText, svgFrame } from '../../www/lib/step-sequence.js';

/** A single-step SVG as SvgContext writes it: a rectangle and a text. */
function frame(w, h, text) {
  const ctx = new SvgContext(() => 10);
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#000';
  ctx.fillText(text, 5, 10);
  return ctx.svg(w, h, `plyground: ${text}`);
}

test('the steps: the range, else 1 to the end; none or too many refused with the reason', () => {
  assert.deepEqual(sequenceSteps(29, null), { from: 1, to: 29, count: 29 });
  assert.deepEqual(sequenceSteps(29, { from: 12, to: 15 }), { from: 12, to: 15, count: 4 });
  assert.deepEqual(sequenceSteps(29, { from: 0, to: 0 }), { from: 0, to: 0, count: 1 });
  assert.throws(() => sequenceSteps(0, null), /^Error: the search has no steps to export$/);
  assert.throws(() => sequenceSteps(29, { from: 12, to: 30 }), /^Error: steps 12-30 are not within the search's 0-29$/);
  assert.equal(MAX_SEQUENCE_STEPS, 500);
  assert.deepEqual(sequenceSteps(1000, { from: 1, to: 500 }), { from: 1, to: 500, count: 500 });
  assert.throws(
    () => sequenceSteps(2000, null),
    /^Error: 2,000 steps are more than the 500 one export holds; choose a step range of at most 500 \(steps=A-B in the link\)$/,
  );
});

test('file names: padded to the digits of the step count, the same in every range', () => {
  assert.equal(stepFileName(1, 29, 'svg'), 'step-01.svg');
  assert.equal(stepFileName(29, 29, 'png'), 'step-29.png');
  assert.equal(stepFileName(7, 9, 'svg'), 'step-7.svg');
  assert.equal(stepFileName(7, 1200, 'svg'), 'step-0007.svg');
  assert.equal(stepFileName(0, 29, 'svg'), 'step-00.svg');
});

test('steps.txt: one line per step, each narration on one line', () => {
  assert.equal(stepsText(['Enter A.', 'Leaf  b1\nis 3. ']), 'Enter A.\nLeaf b1 is 3.\n');
});

test('the zip: numbered files and steps.txt, pictures as given, the same bytes twice', () => {
  const files = sequenceFiles({ from: 12, length: 29, ext: 'svg', pictures: ['<svg a/>', '<svg b/>'], narrations: ['one', 'two'], encode: strToU8 });
  assert.deepEqual(Object.keys(files), ['step-12.svg', 'step-13.svg', 'steps.txt']);
  const zip = zipSync(files, { mtime: new Date(1980, 0, 1) });
  assert.deepEqual(zipSync(files, { mtime: new Date(1980, 0, 1) }), zip);
  const out = unzipSync(zip);
  const text = (name) => new TextDecoder().decode(out[name]);
  assert.deepEqual([text('step-12.svg'), text('step-13.svg'), text('steps.txt')], ['<svg a/>', '<svg b/>', 'one\ntwo\n']);
  const png = new Uint8Array([137, 80, 78, 71]);
  const pngFiles = sequenceFiles({ from: 1, length: 3, ext: 'png', pictures: [png], narrations: ['x'], encode: strToU8 });
  assert.deepEqual(pngFiles['step-1.png'], [png, { level: 0 }]);
});

test('a frame: its size and its body, unchanged', () => {
  const svg = frame(120.5, 80, 'a & b');
  const f = svgFrame(svg);
  assert.deepEqual([f.width, f.height], [120.5, 80]);
  assert.equal(`<svg xmlns="http://www.w3.org/2000/svg" width="120.5" height="80" viewBox="0 0 120.5 80">${f.body}</svg>\n`, svg);
  assert.throws(() => svgFrame('<svg width="1"/>'), /^Error: a step picture is not an SVG document of the figure$/);
});

test('the animated SVG: each frame its group, one loop of n × 1.5 s, discrete turns, the largest size', () => {
  const frames = [frame(100, 50, 'one'), frame(140, 40, 'two'), frame(90, 60, 'three')];
  const svg = animatedSvg(frames, { steps: [12, 13, 14], length: 29, narrations: ['First.', 'Second <b>.', 'Third.'], title: 'plyground: steps 12 to 14' });
  assert.ok(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="140" height="60" viewBox="0 0 140 60"><title>plyground: steps 12 to 14</title>'), svg.slice(0, 200));
  assert.ok(svg.includes('<desc>Step 12: First.\nStep 13: Second &lt;b&gt;.\nStep 14: Third.</desc>'));
  const groups = [...svg.matchAll(/<g id="(step-\d+)" visibility="(\w+)">(<animate [^>]*\/>)([\s\S]*?)<\/g>/g)];
  assert.deepEqual(
    groups.map((g) => [g[1], g[2]]),
    [
      ['step-12', 'hidden'],
      ['step-13', 'hidden'],
      ['step-14', 'visible'],
    ],
  );
  assert.deepEqual(
    groups.map((g) => g[4]),
    frames.map((f) => svgFrame(f).body),
  );
  const attrs = (a) => Object.fromEntries([...a.matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
  assert.deepEqual(attrs(groups[0][3]), { attributeName: 'visibility', calcMode: 'discrete', values: 'visible;hidden', keyTimes: '0;0.333333', dur: '4.5s', repeatCount: 'indefinite' });
  assert.deepEqual(attrs(groups[1][3]), { attributeName: 'visibility', calcMode: 'discrete', values: 'hidden;visible;hidden', keyTimes: '0;0.333333;0.666667', dur: '4.5s', repeatCount: 'indefinite' });
  assert.deepEqual(attrs(groups[2][3]), { attributeName: 'visibility', calcMode: 'discrete', values: 'hidden;visible', keyTimes: '0;0.666667', dur: '4.5s', repeatCount: 'indefinite' });
  // One step: shown, nothing to animate.
  assert.equal(
    animatedSvg([frames[0]], { steps: [3], length: 9 }),
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50" viewBox="0 0 100 50">\n<g id="step-3" visibility="visible">${svgFrame(frames[0]).body}</g>\n</svg>\n`,
  );
  assert.throws(() => animatedSvg([], { steps: [], length: 9 }), /^Error: an animation needs at least one step$/);
});
