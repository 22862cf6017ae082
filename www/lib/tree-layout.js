// Tidy layout for game and search trees.
//
// The lessons draw trees the way textbooks do: each level on its own row, parents centred
// over their children, siblings evenly spaced, and a subtree looking the same wherever it
// appears. That is the Reingold–Tilford family of layouts; this file implements Walker's
// algorithm in the linear-time form of Buchheim, Jünger and Leipert (2002), written without
// recursion so that a 100,000-deep chain or a 10,000-wide fan cannot overflow the JS stack.
//
// DOM-free on purpose: it is plain arithmetic over typed arrays, tested under `node --test`.

/**
 * @typedef {object} LayoutOptions
 * @property {number} [nodeWidth=40] Width of the box a node occupies (world units).
 * @property {number} [nodeHeight=nodeWidth] Height of that box; only used for `y` and bounds.
 * @property {number} [levelHeight=80] Vertical distance between the centres of two levels.
 * @property {number} [siblingGap=10] Free space between two siblings.
 * @property {number} [subtreeGap=20] Free space between neighbouring nodes that are not
 *   siblings (cousins). A larger value than `siblingGap` lets the eye see where one subtree
 *   ends; a smaller one is raised to `siblingGap`, so every neighbour pair keeps at least
 *   `nodeWidth + siblingGap` between centres.
 * @property {Iterable<number>} [collapsed] Ids whose descendants are hidden; the collapsed
 *   node itself is laid out as a leaf. Ids outside the tree are ignored, so a set kept
 *   across edits of the tree cannot make the layout fail.
 * @property {LayoutBand[]} [bands] What each node occupies beside its centre, band by band
 *   (the drawing's labels: see `labelSpace` in tree-draw.js). Without bands every node
 *   occupies `nodeWidth / 2` on either side, on its own row. With them, two neighbours `u`,
 *   `v` (u left of v) on a row are at least `max over bands of scale · (right[u] + left[v] +
 *   gap)` apart, where gap is `siblingGap` or `subtreeGap` and scale is 1, or `1 / edge` for
 *   an edge band; so no two things of one band can meet.
 * @property {number} [top] Room above the first row's centres (default `nodeHeight / 2`).
 * @property {number} [bottom] Room below the last row's centres (default `nodeHeight / 2`).
 * @property {object} [geometry] Passed through to the result untouched (the drawing's label
 *   offsets, so that the layout and the drawing agree on where each label goes).
 */

/**
 * @typedef {object} LayoutBand A horizontal strip of what nodes draw, with each node's extent
 *   to the left and to the right of its anchor.
 * @property {ArrayLike<number>} left Per node: extent left of the anchor (world units, ≥ 0).
 * @property {ArrayLike<number>} right Per node: extent right of the anchor.
 * @property {number} [edge] For the text on the edges into a row: the anchor is the point a
 *   fraction `edge` (0 < edge ≤ 1) of the way from the parent to the node. Two such anchors
 *   of neighbours are at least `edge` times the neighbours' distance apart (their parents
 *   are in the same order), which is why the band's demand is scaled by `1 / edge`. Without
 *   `edge`, the anchor is the node's centre.
 */

/**
 * @typedef {object} TreeLayout
 * @property {Float64Array} x Centre x of each node. Hidden nodes take the position of their
 *   nearest visible ancestor (so an expanding animation can start from there).
 * @property {Float64Array} y Centre y of each node: `y0 + depth * levelHeight`.
 * @property {Uint8Array} visible 1 when the node is drawn (no collapsed proper ancestor).
 * @property {number} width Extent of the visible node boxes (and of every band's extents),
 *   from x = 0.
 * @property {number} height Extent of the visible rows, from y = 0: `top` + the levels +
 *   `bottom`.
 * @property {{minX: number, minY: number, maxX: number, maxY: number}} bounds The box
 *   `[0, width] × [0, height]`, in the form `Camera.fit` takes.
 * @property {Int32Array} depth Depth of each node (roots are 0).
 * @property {Int32Array} parent Parent of each node, -1 for roots.
 * @property {Int32Array} order Visible nodes level by level, each level left to right. Since
 *   the layout never reorders siblings, each level's slice is sorted by x: culling and hit
 *   testing binary-search it instead of building a spatial index.
 * @property {Int32Array} levelStart Level `d` is `order[levelStart[d] .. levelStart[d+1])`.
 * @property {number} levels Number of visible levels.
 * @property {Int32Array} childStart Children of node `v` (all of them, visible or not) are
 *   `childList[childStart[v] .. childStart[v+1])`, in array order. Entry `n` lists the roots.
 * @property {Int32Array} childList See `childStart`.
 * @property {number} nodeWidth Copied from the options, for drawing and hit testing.
 * @property {number} nodeHeight Copied from the options.
 * @property {number} levelHeight Copied from the options.
 * @property {number} y0 Centre y of level 0 (`top`, by default `nodeHeight / 2`).
 * @property {object|null} geometry The `geometry` option, passed through.
 */

/**
 * Lays out a tree (or a forest) tidily.
 *
 * `nodes[i]` describes node `i`: ids are the array indices (a node's `id`, when present, must
 * equal its index) and `parent` is the index of its parent, or -1/null/undefined for a root.
 * Parents may come after their children in the array. Children are ordered by their position
 * in the array, so the array order is the move order drawn left to right. Several roots are
 * laid out side by side as one forest.
 *
 * The result satisfies the tidy-drawing aesthetics: nodes of one depth share a row; on a row
 * neighbouring centres are at least `nodeWidth + siblingGap` apart (`nodeWidth + subtreeGap`
 * for non-siblings); a parent is centred over its first and last child; isomorphic subtrees
 * are drawn identically; and a tree and its mirror image are drawn as mirror images (Walker
 * spreads each shift evenly over the smaller subtrees in between, so left-to-right packing
 * does not lean left; the tests check this on random trees, up to floating-point rounding of
 * those fractional shifts). Time and memory are O(n).
 *
 * @param {ArrayLike<{id?: number, parent?: number|null}>} nodes
 * @param {LayoutOptions} [opts]
 * @returns {TreeLayout}
 * @throws {Error} On a bad parent index, an id that is not its index, a parent cycle, or a
 *   non-positive size option; the message names the node or the option.
 */
export function layoutTree(nodes, opts = {}) {
  const nodeWidth = positive(opts.nodeWidth, 40, 'nodeWidth');
  const nodeHeight = positive(opts.nodeHeight, nodeWidth, 'nodeHeight');
  const levelHeight = positive(opts.levelHeight, 80, 'levelHeight');
  const siblingGap = nonNegative(opts.siblingGap, 10, 'siblingGap');
  const subtreeGap = Math.max(nonNegative(opts.subtreeGap, 20, 'subtreeGap'), siblingGap);
  const n = nodes.length;
  const bands = checkBands(opts.bands, n, nodeWidth);
  const top = opts.top === undefined ? nodeHeight / 2 : nonNegative(opts.top, 0, 'top');
  const bottom = opts.bottom === undefined ? nodeHeight / 2 : nonNegative(opts.bottom, 0, 'bottom');

  // Index n is a virtual super-root whose children are the real roots: one code path then
  // handles a single tree and a forest alike. It is never visible.
  const N = n + 1;
  const VROOT = n;
  const parent = new Int32Array(N);
  parent[VROOT] = -1;
  for (let i = 0; i < n; i++) {
    const nd = nodes[i];
    if (nd == null) throw new Error(`layoutTree: nodes[${i}] is missing`);
    if (nd.id !== undefined && nd.id !== i) {
      throw new Error(`layoutTree: nodes[${i}].id is ${nd.id}; ids must equal array indices`);
    }
    const p = nd.parent;
    if (p === -1 || p === null || p === undefined) {
      parent[i] = VROOT;
    } else if (!Number.isInteger(p) || p < 0 || p >= n || p === i) {
      throw new Error(`layoutTree: nodes[${i}].parent is ${p}; expected -1 or an index in 0..${n - 1} other than ${i}`);
    } else {
      parent[i] = p;
    }
  }

  // Children as CSR (a counting sort by parent, stable so array order is child order).
  const childStart = new Int32Array(N + 1);
  for (let i = 0; i < n; i++) childStart[parent[i] + 1]++;
  for (let v = 0; v < N; v++) childStart[v + 1] += childStart[v];
  const childList = new Int32Array(n);
  const fill = childStart.slice(0, N);
  for (let i = 0; i < n; i++) childList[fill[parent[i]]++] = i;

  const collapsed = new Uint8Array(N);
  if (opts.collapsed) {
    for (const id of opts.collapsed) {
      if (Number.isInteger(id) && id >= 0 && id < n) collapsed[id] = 1;
    }
  }

  // Breadth-first from the super-root: depths, visibility, and level order in one pass.
  // A node the search never reaches sits on a parent cycle (every node has a parent or is a
  // root), which is reported rather than silently dropped.
  const depth = new Int32Array(N);
  const visible = new Uint8Array(N);
  const bfs = new Int32Array(N);
  bfs[0] = VROOT;
  depth[VROOT] = -1;
  visible[VROOT] = 1;
  let head = 0;
  let tail = 1;
  while (head < tail) {
    const v = bfs[head++];
    const show = visible[v] === 1 && collapsed[v] === 0 ? 1 : 0;
    for (let j = childStart[v]; j < childStart[v + 1]; j++) {
      const c = childList[j];
      depth[c] = depth[v] + 1;
      visible[c] = show;
      bfs[tail++] = c;
    }
  }
  if (tail < N) {
    const seen = new Uint8Array(N);
    for (let k = 0; k < tail; k++) seen[bfs[k]] = 1;
    let bad = 0;
    while (seen[bad]) bad++;
    throw new Error(`layoutTree: node ${bad} is not reachable from a root (its parents form a cycle)`);
  }

  // Visible nodes in BFS order (the super-root first): each level is contiguous and, because
  // children are enqueued in order, already left to right.
  let nv = 0;
  for (let k = 0; k < N; k++) if (visible[bfs[k]]) nv++;
  const visOrder = new Int32Array(nv);
  for (let k = 0, m = 0; k < N; k++) if (visible[bfs[k]]) visOrder[m++] = bfs[k];

  // Number of children the layout sees: none for a collapsed node.
  const kids = new Int32Array(N);
  for (let v = 0; v < N; v++) kids[v] = collapsed[v] ? 0 : childStart[v + 1] - childStart[v];

  // The distance two neighbours on a row need: the largest demand of any band.
  const dist = (u, v, gap) => {
    let d = 0;
    for (const b of bands) {
      const need = (b.right[u] + b.left[v] + gap) * b.scale;
      if (need > d) d = need;
    }
    return d;
  };
  const rel = walk({ parent, childStart, kids, visOrder, siblingGap, subtreeGap, dist, VROOT }, childList);

  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const y0 = top;
  let minX = Infinity;
  let maxX = -Infinity;
  let maxDepth = -1;
  for (let k = 1; k < nv; k++) {
    const v = visOrder[k];
    x[v] = rel[v];
    if (depth[v] > maxDepth) maxDepth = depth[v];
  }
  // The extent of every band's boxes, edge bands anchored between the parent and the node.
  for (let k = 1; k < nv; k++) {
    const v = visOrder[k];
    for (const b of bands) {
      let a = x[v];
      if (b.edge) {
        if (parent[v] === VROOT) continue;
        a = x[parent[v]] + b.edge * (x[v] - x[parent[v]]);
      }
      if (a - b.left[v] < minX) minX = a - b.left[v];
      if (a + b.right[v] > maxX) maxX = a + b.right[v];
    }
  }
  const shift = nv > 1 ? -minX : 0;
  for (let k = 1; k < N; k++) {
    const v = bfs[k];
    if (visible[v]) {
      x[v] += shift;
      y[v] = y0 + depth[v] * levelHeight;
    } else {
      const p = parent[v];
      x[v] = x[p];
      y[v] = y[p];
    }
  }
  const width = nv > 1 ? maxX - minX : 0;
  const height = nv > 1 ? top + maxDepth * levelHeight + bottom : 0;

  const levels = maxDepth + 1;
  const levelStart = new Int32Array(levels + 1);
  const order = visOrder.slice(1);
  for (let k = 0; k < order.length; k++) levelStart[depth[order[k]] + 1]++;
  for (let d = 0; d < levels; d++) levelStart[d + 1] += levelStart[d];

  const parentOut = parent.slice(0, n);
  for (let i = 0; i < n; i++) if (parentOut[i] === VROOT) parentOut[i] = -1;

  return {
    x,
    y,
    visible: visible.slice(0, n),
    width,
    height,
    bounds: { minX: 0, minY: 0, maxX: width, maxY: height },
    depth: depth.slice(0, n),
    parent: parentOut,
    order,
    levelStart,
    levels,
    childStart,
    childList,
    nodeWidth,
    nodeHeight,
    levelHeight,
    y0,
    geometry: opts.geometry ?? null,
  };
}

/** The bands option, checked; without it, one row band of `nodeWidth / 2` either side. */
function checkBands(list, n, nodeWidth) {
  if (list === undefined || list === null) {
    const ext = new Float64Array(n + 1).fill(nodeWidth / 2);
    return [{ left: ext, right: ext, scale: 1, edge: 0 }];
  }
  if (!Array.isArray(list) || list.length === 0) throw new Error('layoutTree: option bands must be a non-empty array');
  return list.map((b, i) => {
    const edge = b.edge ?? 0;
    if (!(edge >= 0 && edge <= 1)) throw new Error(`layoutTree: bands[${i}].edge is ${b.edge}; expected a number in (0, 1]`);
    // One extra slot for the virtual super-root, which occupies nothing.
    const side = (arr, name) => {
      const out = new Float64Array(n + 1);
      for (let v = 0; v < n; v++) {
        out[v] = arr?.[v];
        if (!(out[v] >= 0 && out[v] < Infinity)) throw new Error(`layoutTree: bands[${i}].${name}[${v}] is ${arr?.[v]}; expected a finite number ≥ 0, one per node`);
      }
      return out;
    };
    return { left: side(b.left, 'left'), right: side(b.right, 'right'), scale: edge ? 1 / edge : 1, edge };
  });
}

/**
 * One left-to-right pass of Buchheim et al.'s algorithm over the visible tree, with children
 * taken in the order of `childList`. Returns each visible node's x (relative: the left-most
 * leaf of the first root's subtree is not necessarily at 0).
 *
 * The paper's FIRSTWALK is recursive. Here every node is finished in reverse BFS order, which
 * visits all of a node's descendants before the node: when `v` is processed its children's
 * subtrees are final, and the loop over them does what the recursion did between calls —
 * place each child next to its left sibling, then APPORTION it against the contour of the
 * siblings to its left. Nothing in that loop touches a child's own subtree before it is
 * built, so the order change does not change the result.
 */
function walk(t, childList) {
  const { parent, childStart, kids, visOrder, siblingGap, subtreeGap, dist, VROOT } = t;
  const N = parent.length;
  const prelim = new Float64Array(N);
  const mod = new Float64Array(N);
  const shift = new Float64Array(N);
  const change = new Float64Array(N);
  const thread = new Int32Array(N).fill(-1);
  const ancestor = new Int32Array(N);
  const number = new Int32Array(N);
  for (let v = 0; v < N; v++) {
    ancestor[v] = v;
    for (let j = childStart[v]; j < childStart[v + 1]; j++) number[childList[j]] = j - childStart[v];
  }

  // Contour steps: the next node down the left (right) outline of a subtree, following a
  // thread when the subtree ends before its neighbour does.
  const nextLeft = (v) => (kids[v] ? childList[childStart[v]] : thread[v]);
  const nextRight = (v) => (kids[v] ? childList[childStart[v + 1] - 1] : thread[v]);

  // Shifts subtree `wp` right by `s` and records how the siblings between `wm` and `wp`
  // should spread that shift evenly (applied later, in one sweep, by executeShifts).
  const moveSubtree = (wm, wp, s) => {
    const subtrees = number[wp] - number[wm];
    change[wp] -= s / subtrees;
    shift[wp] += s;
    change[wm] += s / subtrees;
    prelim[wp] += s;
    mod[wp] += s;
  };

  // Pushes subtree `v` right until, on every level, it clears the subtrees of its left
  // siblings; threads the shorter outline onto the longer one so later contour walks stay
  // linear overall.
  const apportion = (v, leftSibling, leftmost, defaultAncestor) => {
    let vip = v;
    let vop = v;
    let vim = leftSibling;
    let vom = leftmost;
    let sip = mod[vip];
    let sop = mod[vop];
    let sim = mod[vim];
    let som = mod[vom];
    let nr = nextRight(vim);
    let nl = nextLeft(vip);
    while (nr !== -1 && nl !== -1) {
      vim = nr;
      vip = nl;
      vom = nextLeft(vom);
      vop = nextRight(vop);
      ancestor[vop] = v;
      const s = prelim[vim] + sim - (prelim[vip] + sip) + dist(vim, vip, subtreeGap);
      if (s > 0) {
        const a = parent[ancestor[vim]] === parent[v] ? ancestor[vim] : defaultAncestor;
        moveSubtree(a, v, s);
        sip += s;
        sop += s;
      }
      sim += mod[vim];
      sip += mod[vip];
      som += mod[vom];
      sop += mod[vop];
      nr = nextRight(vim);
      nl = nextLeft(vip);
    }
    if (nr !== -1 && nextRight(vop) === -1) {
      thread[vop] = nr;
      mod[vop] += sim - sop;
    }
    if (nl !== -1 && nextLeft(vom) === -1) {
      thread[vom] = nl;
      mod[vom] += sip - som;
      defaultAncestor = v;
    }
    return defaultAncestor;
  };

  for (let k = visOrder.length - 1; k >= 0; k--) {
    const v = visOrder[k];
    if (kids[v] === 0) continue; // A leaf's prelim stays 0 until its parent places it.
    const a = childStart[v];
    const b = childStart[v + 1];
    const gap = v === VROOT ? subtreeGap : siblingGap;
    let defaultAncestor = childList[a];
    for (let j = a + 1; j < b; j++) {
      const w = childList[j];
      // prelim[w] holds the midpoint of w's children (0 for a leaf); placing w beside its
      // left sibling turns the difference into w's modifier, inherited by its subtree.
      const midpoint = prelim[w];
      prelim[w] = prelim[childList[j - 1]] + dist(childList[j - 1], w, gap);
      if (kids[w]) mod[w] = prelim[w] - midpoint;
      defaultAncestor = apportion(w, childList[j - 1], childList[a], defaultAncestor);
    }
    // executeShifts: spread the recorded shifts over the in-between subtrees, right to left.
    let s = 0;
    let c = 0;
    for (let j = b - 1; j >= a; j--) {
      const w = childList[j];
      prelim[w] += s;
      mod[w] += s;
      c += change[w];
      s += shift[w] + c;
    }
    prelim[v] = (prelim[childList[a]] + prelim[childList[b - 1]]) / 2;
  }

  // SECONDWALK: absolute x = prelim plus the modifiers of all proper ancestors.
  const x = new Float64Array(N);
  const modSum = new Float64Array(N);
  for (let k = 0; k < visOrder.length; k++) {
    const v = visOrder[k];
    x[v] = prelim[v] + modSum[v];
    const m = modSum[v] + mod[v];
    for (let j = childStart[v], e = j + kids[v]; j < e; j++) modSum[childList[j]] = m;
  }
  return x;
}

function positive(value, fallback, name) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0) || !Number.isFinite(value)) {
    throw new Error(`layoutTree: option ${name} is ${value}; expected a positive finite number`);
  }
  return value;
}

function nonNegative(value, fallback, name) {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value >= 0) || !Number.isFinite(value)) {
    throw new Error(`layoutTree: option ${name} is ${value}; expected a finite number ≥ 0`);
  }
  return value;
}
