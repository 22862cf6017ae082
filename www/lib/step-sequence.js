// A search's steps as files for slides: the figure's one-step pictures (the SVG documents
// lib/export-svg.js writes, or PNG bytes) gathered into a zip with one numbered file per step
// and the steps' narration in steps.txt, or into one animated SVG that shows them in turn.
//
// Nothing is drawn here: the frames are the pictures the single-step export writes, taken
// as they are (views/export-menu.js draws them, one step at a time). An animated SVG wraps
// each frame's body, unchanged, in a group that SMIL shows for its share of one loop, so it
// plays in a browser without script, and a viewer without SMIL shows the last frame (the
// search's outcome).
//
// DOM-free: tested under node --test (tests/js/step-sequence.test.mjs).

import { xmlEscape } from './export-svg.js';

/**
 * The most steps one sequence holds: a game's search can record hundreds of thousands of
 * steps, and a zip of as many pictures is no slide deck. A longer search is exported by a
 * step range (steps=A-B).
 */
export const MAX_SEQUENCE_STEPS = 500;

/** Seconds each step is shown in an animated SVG. */
export const SECONDS_PER_STEP = 1.5;

/**
 * The steps a sequence holds: the figure's step range when it has one, else the whole
 * search (steps 1 to the last; step 0, before the search, only when a range starts there).
 * Throws, with the reason, when there is none or too many.
 * @param {number} length the trace's step count
 * @param {{from: number, to: number}|null} range
 * @returns {{from: number, to: number, count: number}}
 */
export function sequenceSteps(length, range) {
  const from = range ? range.from : 1;
  const to = range ? range.to : length;
  if (!(Number.isInteger(from) && Number.isInteger(to) && from >= 0 && to <= length && from <= to)) {
    throw new Error(length === 0 ? 'the search has no steps to export' : `steps ${from}-${to} are not within the search's 0-${length}`);
  }
  const count = to - from + 1;
  if (count > MAX_SEQUENCE_STEPS) {
    throw new Error(
      `${count.toLocaleString('en-US')} steps are more than the ${MAX_SEQUENCE_STEPS} one export holds; choose a step range of at most ${MAX_SEQUENCE_STEPS} (steps=A-B in the link)`,
    );
  }
  return { from, to, count };
}

/**
 * The file of step `step`: "step-07.svg", zero-padded to the digits of the search's step
 * count, so that a step has the same name in every range and the names sort in step order.
 */
export function stepFileName(step, length, ext) {
  return `step-${String(step).padStart(String(length).length, '0')}.${ext}`;
}

/** steps.txt: one line per file, in the files' order, each step's narration on one line. */
export function stepsText(narrations) {
  return narrations.map((n) => `${String(n).replace(/\s+/g, ' ').trim()}\n`).join('');
}

/**
 * The zip's files: `pictures[k]` (a string or bytes) as the file of step `from + k`, then
 * steps.txt, as fflate's zipSync takes them (`encode` turns a string into UTF-8 bytes).
 * Pictures that are compressed already (PNG) are stored, the rest deflated.
 * @returns {Record<string, [Uint8Array, {level: number}]>}
 */
export function sequenceFiles({ from, length, ext, pictures, narrations, encode }) {
  const level = ext === 'png' ? 0 : 9;
  const files = {};
  pictures.forEach((pic, k) => {
    files[stepFileName(from + k, length, ext)] = [typeof pic === 'string' ? encode(pic) : pic, { level }];
  });
  files['steps.txt'] = [encode(stepsText(narrations)), { level: 9 }];
  return files;
}

const OPEN_TAG = /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="([\d.]+)" height="([\d.]+)" viewBox="0 0 [\d.]+ [\d.]+">/;

/**
 * A single-step SVG document (SvgContext.svg's form) as its size and its body: everything
 * between the root's opening tag and its closing tag, unchanged.
 */
export function svgFrame(svg) {
  const m = OPEN_TAG.exec(svg);
  const end = svg.lastIndexOf('</svg>');
  if (!m || end < m[0].length) throw new Error('a step picture is not an SVG document of the figure');
  return { width: Number(m[1]), height: Number(m[2]), body: svg.slice(m[0].length, end) };
}

/** A fraction of the loop, for keyTimes: at most six decimals. */
function frac(x) {
  return String(Math.round(x * 1e6) / 1e6);
}

/**
 * One SVG document that shows `frames` (single-step SVG documents) in turn, `seconds` each,
 * looping: each frame's body in a group `<g id="step-…">` whose visibility one SMIL
 * `<animate>` switches on for its share of the loop (discrete keyTimes on one shared
 * duration, so the frames never drift apart). The document is as large as the largest frame,
 * every frame drawn from the top left corner, so none is clipped. Without SMIL, the last
 * frame shows.
 * @param {string[]} frames
 * @param {object} opts
 * @param {number[]} opts.steps the step of each frame (for the groups' ids)
 * @param {number} opts.length the search's step count (ids padded as the zip's file names)
 * @param {string[]} [opts.narrations] each frame's narration, for the document's description
 * @param {string} [opts.title]
 * @param {number} [opts.seconds]
 */
export function animatedSvg(frames, { steps, length, narrations = [], title = '', seconds = SECONDS_PER_STEP }) {
  if (frames.length === 0) throw new Error('an animation needs at least one step');
  if (!(seconds > 0)) throw new Error(`a step must be shown for a positive time, got ${seconds}`);
  const parsed = frames.map(svgFrame);
  const width = Math.max(...parsed.map((f) => f.width));
  const height = Math.max(...parsed.map((f) => f.height));
  const n = frames.length;
  const total = Math.round(n * seconds * 1000) / 1000;
  const groups = parsed.map((f, k) => {
    const id = stepFileName(steps[k], length, '').slice(0, -1);
    const last = k === n - 1;
    let anim = '';
    if (n > 1) {
      const [values, times] =
        k === 0 ? ['visible;hidden', [0, 1 / n]] : last ? ['hidden;visible', [0, k / n]] : ['hidden;visible;hidden', [0, k / n, (k + 1) / n]];
      anim = `<animate attributeName="visibility" calcMode="discrete" values="${values}" keyTimes="${times.map(frac).join(';')}" dur="${total}s" repeatCount="indefinite"/>`;
    }
    return `<g id="${id}" visibility="${last ? 'visible' : 'hidden'}">${anim}${f.body}</g>`;
  });
  const desc = narrations.length ? `<desc>${xmlEscape(narrations.map((t, k) => `Step ${steps[k]}: ${String(t).replace(/\s+/g, ' ').trim()}`).join('\n'))}</desc>` : '';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `${title ? `<title>${xmlEscape(title)}</title>` : ''}${desc}\n${groups.join('\n')}\n</svg>\n`
  );
}
