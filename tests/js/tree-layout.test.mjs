import test from 'node:test';
import assert from 'node:assert/strict';
import { layoutTree } from '../../www/lib/tree-layout.js';

const OPTS = { nodeWidth: 40, levelHeight: 60, siblingGap: 10, subtreeGap: 20 };
const SIB = OPTS.nodeWidth + OPTS.siblingGap;
const COUSIN = OPTS.nodeWidth + OPTS.subtreeGap;
const EPS = 1e-9;

/** Seeded SplitMix32-style generator: the tests must be reproducible. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x9e3779b9) >>> 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b) >>> 0;
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35) >>> 0;
    return ((z ^ (z >>> 16)) >>> 0) / 4294967296;
  };
}

/** Random recursive tree: node i hangs under a uniformly chosen earlier node. */
function randomTree(n, rand) {
  const t = [{ id: 0, parent: -1 }];
  for (let i = 1; i < n; i++) t.push({ id: i, parent: Math.floor(rand() * i) });
  return t;
}

/**
 * Galton–Watson tree: many leaves, bushy and ragged levels, like a pruned search tree. Grown
 * breadth-first up to maxN nodes; a tree that dies out below minN is drawn again.
 */
function bushyTree(maxN, rand, minN = 1) {
  for (;;) {
    const t = [{ parent: -1 }];
    for (let h = 0; h < t.length && t.length < maxN; h++) {
      const k = rand() < 0.4 ? 0 : 1 + Math.floor(rand() * 4);
      for (let j = 0; j < k && t.length < maxN; j++) t.push({ parent: h });
    }
    if (t.length >= minN) return t;
  }
}

/** The mirror image: same tree, children in reverse order. Returns it and the id map. */
function mirror(t) {
  const n = t.length;
  const ch = Array.from({ length: n }, () => []);
  const roots = [];
  t.forEach((nd, i) => (nd.parent === -1 ? roots.push(i) : ch[nd.parent].push(i)));
  const map = new Int32Array(n);
  const out = [];
  const queue = roots.reverse();
  for (const r of queue) {
    map[r] = out.length;
    out.push({ parent: -1 });
  }
  for (let h = 0; h < queue.length; h++) {
    for (const c of [...ch[queue[h]]].reverse()) {
      map[c] = out.length;
      out.push({ parent: map[queue[h]] });
      queue.push(c);
    }
  }
  return { tree: out, map };
}

/** AIMA Figure 5.2's shape: root A, MIN children B, C, D with three leaves each. */
function figure52() {
  const t = [{ id: 0, parent: -1 }];
  for (let c = 1; c <= 3; c++) t.push({ id: c, parent: 0 });
  for (let c = 1; c <= 3; c++) for (let k = 0; k < 3; k++) t.push({ id: t.length, parent: c });
  return t;
}

/** Checks every tidy-layout invariant that does not depend on the tree's shape. */
function assertTidy(t, L, collapsed = new Set()) {
  const n = t.length;
  const children = Array.from({ length: n }, () => []);
  t.forEach((nd, i) => {
    if (nd.parent !== -1 && nd.parent != null) children[nd.parent].push(i);
  });
  for (let d = 0; d < L.levels; d++) {
    const row = L.order.slice(L.levelStart[d], L.levelStart[d + 1]);
    for (let k = 0; k < row.length; k++) {
      const v = row[k];
      assert.equal(L.visible[v], 1);
      assert.equal(L.depth[v], d);
      assert.equal(L.y[v], L.y0 + d * L.levelHeight);
      if (k > 0) {
        const u = row[k - 1];
        const gap = L.x[v] - L.x[u];
        const need = L.parent[u] === L.parent[v] ? SIB : COUSIN;
        assert.ok(gap >= need - EPS, `level ${d}: nodes ${u} and ${v} only ${gap} apart (need ${need})`);
      }
    }
  }
  let visibleCount = 0;
  for (let v = 0; v < n; v++) {
    if (!L.visible[v]) continue;
    visibleCount++;
    assert.ok(L.x[v] - OPTS.nodeWidth / 2 >= -EPS && L.x[v] + OPTS.nodeWidth / 2 <= L.width + EPS);
    const kids = children[v];
    if (kids.length && !collapsed.has(v)) {
      const mid = (L.x[kids[0]] + L.x[kids[kids.length - 1]]) / 2;
      assert.ok(Math.abs(L.x[v] - mid) < EPS, `node ${v} at ${L.x[v]} is not centred over ${mid}`);
    }
  }
  assert.equal(L.order.length, visibleCount);
}

test('Figure 5.2 shape: exact coordinates', () => {
  const L = layoutTree(figure52(), OPTS);
  // Leaves of one MIN node are 50 apart (40 + sibling gap 10); B's last leaf and C's first
  // are 60 apart (40 + subtree gap 20); each MIN node sits over its middle leaf.
  assert.deepEqual(Array.from(L.x), [230, 70, 230, 390, 20, 70, 120, 180, 230, 280, 340, 390, 440]);
  assert.deepEqual(Array.from(L.y), [20, 80, 80, 80, 140, 140, 140, 140, 140, 140, 140, 140, 140]);
  assert.equal(L.width, 460);
  assert.equal(L.height, 160);
  assert.deepEqual(L.bounds, { minX: 0, minY: 0, maxX: 460, maxY: 160 });
  assert.deepEqual(Array.from(L.levelStart), [0, 1, 4, 13]);
  assert.deepEqual(Array.from(L.order), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assertTidy(figure52(), L);
});

test('defaults and nodeHeight: y is the centre of the node box', () => {
  const L = layoutTree([{ parent: -1 }, { parent: 0 }], { nodeWidth: 30, nodeHeight: 10, levelHeight: 50 });
  assert.deepEqual(Array.from(L.x), [15, 15]);
  assert.deepEqual(Array.from(L.y), [5, 55]);
  assert.equal(L.width, 30);
  assert.equal(L.height, 60);
});

test('parents may follow their children in the array', () => {
  // Figure 5.2 with ids reversed level by level, so every leaf comes before its parent.
  // perm[i] is the new index of old node i.
  const base = figure52();
  const perm = [12, 9, 6, 3, 11, 10, 8, 7, 5, 4, 2, 1, 0];
  const t = new Array(base.length);
  base.forEach((nd, i) => {
    t[perm[i]] = { parent: nd.parent === -1 ? -1 : perm[nd.parent] };
  });
  const L = layoutTree(t, OPTS);
  assertTidy(t, L);
  // Children are ordered by array position: the root's children are now D (3), C (6), B (9),
  // left to right, and the geometry is Figure 5.2's again.
  const row = Array.from(L.order.slice(L.levelStart[2], L.levelStart[3]));
  assert.deepEqual(row, [0, 1, 2, 4, 5, 7, 8, 10, 11]);
  assert.deepEqual(row.map((v) => L.x[v]), [20, 70, 120, 180, 230, 280, 340, 390, 440]);
  assert.deepEqual([3, 6, 9, 12].map((v) => L.x[v]), [70, 230, 390, 230]);
});

test('random trees are tidy: no overlaps, parents centred', () => {
  const rand = rng(7);
  for (let trial = 0; trial < 200; trial++) {
    const t = trial % 2 ? randomTree(2 + Math.floor(rand() * 150), rand) : bushyTree(300, rand);
    assertTidy(t, layoutTree(t, OPTS));
  }
});

test('a symmetric tree is drawn symmetrically about its root', () => {
  // Root with three children: a chain, a full binary subtree of depth 2, and the mirror chain;
  // grandchildren arranged so the tree equals its mirror image.
  const t = figure52();
  t.push({ parent: 4 }, { parent: 4 }, { parent: 12 }, { parent: 12 }, { parent: 8 });
  const L = layoutTree(t, OPTS);
  const { tree: m, map } = mirror(t);
  // The tree is its own mirror, so the mirror's layout reflected gives the same picture.
  const M = layoutTree(m, OPTS);
  for (let i = 0; i < t.length; i++) assert.ok(Math.abs(L.x[i] - (M.width - M.x[map[i]])) < EPS);
  assert.equal(L.x[0], L.width / 2);
  // Pairs of mirror-image nodes sit at equal distances either side of the root.
  assert.equal(L.x[0] - L.x[4], L.x[12] - L.x[0]);
  assert.equal(L.x[0] - L.x[13], L.x[16] - L.x[0]);
  assert.equal(L.x[17], L.x[0]);
  assertTidy(t, L);
});

test('a tree and its mirror image are drawn as mirror images (random trees)', () => {
  const rand = rng(11);
  for (let trial = 0; trial < 150; trial++) {
    const t = bushyTree(200, rand);
    const L = layoutTree(t, OPTS);
    const { tree: m, map } = mirror(t);
    const M = layoutTree(m, OPTS);
    assert.ok(Math.abs(L.width - M.width) < EPS);
    for (let i = 0; i < t.length; i++) {
      assert.ok(Math.abs(L.x[i] - (M.width - M.x[map[i]])) < 1e-6, `trial ${trial} node ${i}`);
    }
  }
});

test('identical subtrees are drawn identically wherever they appear', () => {
  const rand = rng(3);
  const sub = bushyTree(25, rand, 25);
  const filler = bushyTree(40, rand, 40);
  // Root with children: sub, filler, sub (two copies of the same shape in different places).
  const t = [{ parent: -1 }];
  const starts = [];
  for (const part of [sub, filler, sub]) {
    const off = t.length;
    starts.push(off);
    part.forEach((nd) => t.push({ parent: nd.parent === -1 ? 0 : nd.parent + off }));
  }
  const L = layoutTree(t, OPTS);
  assertTidy(t, L);
  for (let i = 0; i < sub.length; i++) {
    const a = starts[0] + i;
    const b = starts[2] + i;
    assert.ok(Math.abs(L.x[a] - L.x[starts[0]] - (L.x[b] - L.x[starts[2]])) < EPS);
    assert.equal(L.y[a], L.y[b]);
  }
});

test('smaller subtrees between larger ones are spaced evenly', () => {
  // Root: big, leaf, leaf, big. The bigs collide at depth 2, and the shift is shared by the
  // two leaves in between, so the four children end up equally spaced.
  const t = [{ parent: -1 }, { parent: 0 }, { parent: 0 }, { parent: 0 }, { parent: 0 }];
  for (const big of [1, 4]) for (let k = 0; k < 6; k++) t.push({ parent: big });
  const L = layoutTree(t, OPTS);
  assertTidy(t, L);
  const g1 = L.x[2] - L.x[1];
  assert.ok(Math.abs(L.x[3] - L.x[2] - g1) < EPS);
  assert.ok(Math.abs(L.x[4] - L.x[3] - g1) < EPS);
  // The bigs' rows touch at the cousin distance: 6 leaves span 5 * 50 = 250.
  assert.equal(L.x[10] + COUSIN, L.x[11]);
});

test('collapsed nodes hide their descendants and are laid out as leaves', () => {
  const t = figure52();
  const full = layoutTree(t, OPTS);
  const L = layoutTree(t, { ...OPTS, collapsed: new Set([2, 99, -1]) });
  assertTidy(t, L, new Set([2]));
  assert.equal(L.visible[2], 1);
  for (const leaf of [7, 8, 9]) {
    assert.equal(L.visible[leaf], 0);
    // Hidden nodes sit on their collapsed ancestor, ready to animate out of it.
    assert.equal(L.x[leaf], L.x[2]);
    assert.equal(L.y[leaf], L.y[2]);
  }
  assert.equal(L.order.length, 10);
  assert.ok(L.width < full.width);
  // C is now a leaf, so D's leaves only have to clear B's (120 + 60 = 180), and C is spread
  // to the middle between B and D.
  assert.deepEqual(Array.from(L.x).slice(0, 4), [150, 70, 150, 230]);
  assert.deepEqual(Array.from(L.x).slice(4, 7), [20, 70, 120]);
  assert.deepEqual(Array.from(L.x).slice(10, 13), [180, 230, 280]);
  assert.equal(L.width, 300);
  // Collapsing the root leaves one visible node.
  const R = layoutTree(t, { ...OPTS, collapsed: [0] });
  assert.equal(R.order.length, 1);
  assert.equal(R.width, 40);
  assert.equal(R.height, 40);
});

test('a forest is laid out side by side', () => {
  const t = [{ parent: -1 }, { parent: null }, { parent: 0 }, { parent: 0 }, { parent: 1 }];
  const L = layoutTree(t, OPTS);
  assert.deepEqual(Array.from(L.parent), [-1, -1, 0, 0, 1]);
  // The roots are siblings of nothing, so their subtrees keep the subtree gap.
  assert.deepEqual(Array.from(L.x), [45, 130, 20, 70, 130]);
  assert.equal(L.x[4] - L.x[3], COUSIN);
  assertTidy(t, L);
});

test('empty tree and errors', () => {
  const E = layoutTree([], OPTS);
  assert.equal(E.width, 0);
  assert.equal(E.order.length, 0);
  assert.throws(() => layoutTree([{ parent: -1 }, { parent: 5 }], OPTS), /nodes\[1\]\.parent is 5/);
  assert.throws(() => layoutTree([{ parent: 0 }], OPTS), /nodes\[0\]\.parent is 0/);
  assert.throws(() => layoutTree([{ parent: -1 }, { parent: 2 }, { parent: 1 }], OPTS), /node 1 is not reachable.*cycle/);
  assert.throws(() => layoutTree([{ id: 3, parent: -1 }], OPTS), /ids must equal array indices/);
  assert.throws(() => layoutTree([{ parent: -1 }], { nodeWidth: 0 }), /nodeWidth is 0/);
  assert.throws(() => layoutTree([{ parent: -1 }], { siblingGap: -1 }), /siblingGap is -1/);
  assert.throws(() => layoutTree([null], OPTS), /nodes\[0\] is missing/);
});

test('large trees: no recursion, linear time (timings printed)', () => {
  const rand = rng(2024);
  const cases = [
    ['10,000-node random tree', randomTree(10000, rand)],
    ['10,000-node bushy tree', bushyTree(10000, rand, 10000)],
    ['20,000-deep chain', Array.from({ length: 20000 }, (_, i) => ({ parent: i - 1 }))],
    ['100,000-deep chain', Array.from({ length: 100000 }, (_, i) => ({ parent: i - 1 }))],
    ['10,000-wide fan', Array.from({ length: 10001 }, (_, i) => ({ parent: i ? 0 : -1 }))],
    ['100,000-node random tree', randomTree(100000, rand)],
  ];
  for (const [name, t] of cases) {
    layoutTree(t, OPTS); // warm-up, so the timing shows steady-state cost
    const t0 = performance.now();
    const L = layoutTree(t, OPTS);
    const ms = performance.now() - t0;
    console.log(`layoutTree ${name} (${t.length} nodes, ${L.levels} levels): ${ms.toFixed(2)} ms`);
    if (t.length <= 20000) assertTidy(t, L);
    assert.equal(L.order.length, t.length);
  }
  const chain = layoutTree(cases[2][1], OPTS);
  assert.equal(chain.levels, 20000);
  assert.equal(chain.width, 40);
  assert.equal(chain.x[19999], 20);
  const fan = layoutTree(cases[4][1], OPTS);
  assert.equal(fan.width, 10000 * SIB - OPTS.siblingGap);
  assert.equal(fan.x[0], fan.width / 2);
});

test('bands: neighbours keep the room their labels need, edge bands scaled by 1 / edge', () => {
  const t = [{ parent: -1 }, { parent: 0 }, { parent: 0 }];
  const bands = [
    // The row: 5 either side, and 25 right of node 1 (its value).
    { left: [5, 5, 5], right: [5, 25, 5] },
    // Edge texts halfway down: 10 right of node 1's edge point (a probability), 20 left of
    // node 2's (an action): the points are half the nodes' distance apart, so 2 · (10 + 20 + 4).
    { left: [0, 0, 20], right: [0, 10, 0], edge: 0.5 },
  ];
  const L = layoutTree(t, { bands, siblingGap: 4, levelHeight: 50, top: 7, bottom: 9 });
  assert.deepEqual(Array.from(L.x), [39, 5, 73]);
  assert.deepEqual(Array.from(L.y), [7, 57, 57]);
  assert.equal(L.width, 78);
  assert.equal(L.height, 66);
  // Without the edge band only the row decides: 25 + 5 + 4 = 34.
  const R = layoutTree(t, { bands: [bands[0]], siblingGap: 4 });
  assert.equal(R.x[2] - R.x[1], 34);
  assert.throws(() => layoutTree(t, { bands: [{ left: [1, 1], right: [1, 1, 1] }] }), /bands\[0\]\.left\[2\] is undefined; expected a finite number ≥ 0, one per node/);
  assert.throws(() => layoutTree(t, { bands: [{ left: [1, -1, 1], right: [1, 1, 1] }] }), /bands\[0\]\.left\[1\] is -1/);
  assert.throws(() => layoutTree(t, { bands: [{ left: [1, 1, 1], right: [1, 1, 1], edge: 2 }] }), /bands\[0\]\.edge is 2/);
});

test('bands: random trees with random extents keep every band clear on every row', () => {
  const rand = rng(5);
  for (let trial = 0; trial < 100; trial++) {
    const t = bushyTree(120, rand, 10);
    const n = t.length;
    const ext = () => Array.from({ length: n }, () => Math.floor(rand() * 40));
    const bands = [
      { left: ext(), right: ext() },
      { left: ext(), right: ext(), edge: 0.6 },
    ];
    const L = layoutTree(t, { bands, siblingGap: 3, subtreeGap: 9 });
    for (let d = 1; d < L.levels; d++) {
      const row = L.order.slice(L.levelStart[d], L.levelStart[d + 1]);
      for (let k = 1; k < row.length; k++) {
        const [u, v] = [row[k - 1], row[k]];
        const gap = L.parent[u] === L.parent[v] ? 3 : 9;
        assert.ok(L.x[u] + bands[0].right[u] + gap <= L.x[v] - bands[0].left[v] + 1e-9, `trial ${trial}: row of ${u} and ${v}`);
        const a = (w) => L.x[L.parent[w]] + 0.6 * (L.x[w] - L.x[L.parent[w]]);
        assert.ok(a(u) + bands[1].right[u] + gap <= a(v) - bands[1].left[v] + 1e-6, `trial ${trial}: edge texts of ${u} and ${v}`);
      }
    }
    for (let v = 0; v < n; v++) assert.ok(L.x[v] - bands[0].left[v] >= -1e-9 && L.x[v] + bands[0].right[v] <= L.width + 1e-9);
  }
});
