// Where predict mode's answer field goes beside its node (lib/callout.js): under the node when
// that is free, else beside it; never on the node or on what must stay in sight; on as few of
// the other drawn boxes as can be; moved back inside the view; null when it cannot be placed.

import test from 'node:test';
import assert from 'node:assert/strict';
import { boxesMeet, placeCallout } from '../../www/lib/callout.js';

const box = (minX, minY, maxX, maxY) => ({ minX, minY, maxX, maxY });
const view = { w: 400, h: 300 };
const size = { w: 100, h: 40 };

test('boxes that only touch do not meet', () => {
  assert.equal(boxesMeet(box(0, 0, 10, 10), box(10, 0, 20, 10)), false);
  assert.equal(boxesMeet(box(0, 0, 10, 10), box(9, 9, 20, 20)), true);
});

test('under the node, centred, when nothing is there', () => {
  assert.deepEqual(placeCallout(box(180, 100, 220, 120), [], [], size, view, { gap: 10 }), { x: 150, y: 130, side: 'below', covers: 0 });
});

test('beside the node when what is under it must stay in sight', () => {
  const kids = [box(150, 140, 250, 160)];
  assert.deepEqual(placeCallout(box(180, 100, 220, 120), kids, [], size, view, { gap: 10 }), { x: 230, y: 90, side: 'right', covers: 0 });
});

test('moved back inside the view, and not onto the node', () => {
  // A node at the right edge: under it, pushed left to the margin.
  assert.deepEqual(placeCallout(box(370, 100, 396, 120), [], [], size, view, { gap: 10, margin: 4 }), { x: 296, y: 130, side: 'below', covers: 0 });
  // At the bottom edge: under it is pushed back onto the node; right is out of room; left wins.
  assert.deepEqual(placeCallout(box(370, 270, 396, 290), [], [], size, view, { gap: 10, margin: 4 }), { x: 260, y: 256, side: 'left', covers: 0 });
});

test('on the fewest other boxes when none is free', () => {
  const target = box(180, 100, 220, 120);
  const others = [box(160, 140, 170, 150), box(200, 140, 210, 150), box(250, 100, 260, 110), box(100, 100, 110, 110), box(200, 70, 210, 80)];
  const at = placeCallout(target, [], others, size, view, { gap: 10 });
  assert.equal(at.covers, 1);
  assert.equal(at.side, 'below');
  assert.deepEqual([at.x, at.y], [180, 130]);
});

test('null when the node is off the view, the view is too small, or every place covers what must stay', () => {
  assert.equal(placeCallout(box(-10, 100, 20, 120), [], [], size, view), null);
  assert.equal(placeCallout(box(10, 10, 20, 20), [], [], { w: 400, h: 40 }, view), null);
  assert.equal(placeCallout(box(180, 100, 220, 120), [box(0, 0, 400, 95), box(0, 125, 400, 300), box(0, 95, 175, 125), box(225, 95, 400, 125)], [], size, view), null);
});
