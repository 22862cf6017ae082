// <ply-compare>: the move-ordering table measured on a real tree or position — every ordering
// with α-β, and minimax, counted by the real searches (in the page's worker pool), next to the
// lessons' b^m, b^(3m/4) and b^(m/2). The tree lab's comparison (views/compare-table.js).
//
//   <ply-compare game="c4" moves="4453" depth="6" autoplay></ply-compare>
//   <ply-compare autoplay>[[[3,12,8],[2,4,6],[14,5,2]], …]</ply-compare>
//
// Attributes: tree (or the text), game, moves, depth, eval, tt, quiescence, tie, seed,
// controls ("run" or "none"), autoplay (run at once), theme. Event: done {rows}.

import { PlyElement, define, reflectAttributes } from './base.js';
import { usePool, workerPool } from './runtime.js';

let modules = null;

function sourceKey(s) {
  return JSON.stringify([s.source, s.tree, s.moves, s.depth, s.eval, s.tt, s.quiescence, s.tie, s.seed]);
}

export class PlyCompare extends PlyElement {
  static view = 'compare';
  static textTree = true;
  static load() {
    modules ??= import('../views/compare-table.js');
    return modules;
  }
  static attrs = {
    tree: 'string',
    game: 'string',
    moves: 'string',
    depth: 'number',
    eval: 'string',
    tt: 'boolean',
    quiescence: 'boolean',
    tie: 'string',
    seed: 'number',
    controls: 'string',
    autoplay: 'boolean',
    theme: 'string',
  };

  render(s) {
    // Check the source now (a readable error instead of a failed comparison later).
    const what = this._describe(s);
    if (!this.table) {
      this.releasePool = usePool();
      this.table = new this.mods.CompareTable(this._body, {
        run: (req, onProgress) => {
          this.job = workerPool().run('compare', req, { onProgress });
          return this.job.promise;
        },
        onRun: () => this.run(),
      });
    }
    this.table.runButton.hidden = !s.controls.includes('run');
    this.settings = s;
    const key = sourceKey(s);
    if (key !== this._key) {
      this._key = key;
      this.what = what;
      this.job?.cancel();
      this.table.clear();
      if (s.autoplay) this.run();
    }
  }

  /** The source as the table wants it, checked by the wasm module. */
  _describe(s) {
    if (s.source === 'tree') {
      this.api.GameTree.parse(s.tree).free();
      return { cur: { type: 'tree', text: s.tree } };
    }
    const g = this.api.Game.create(s.source, s.moves);
    try {
      return { cur: { type: 'game', kind: g.kind, moves: g.moveString } };
    } finally {
      g.free();
    }
  }

  /** Runs the comparison; resolves to whether a table was drawn. */
  async run() {
    if (!this.table || !this.what) return false;
    const st = this.settings ?? {};
    const base = { tie: st.tie ?? 'nonstrict', seed: st.seed ?? 1 };
    if (this.what.cur.type === 'game') {
      if (st.depth != null) {
        base.depth = st.depth;
        base.eval = st.eval;
      }
      base.tt = Boolean(st.tt);
      base.quiescence = Boolean(st.quiescence);
      base.iterative = false;
    }
    const ok = await this.table.compare(this.what.cur, base);
    if (ok) this.emit('done', { rows: this.table.rows() });
    return ok;
  }

  teardown() {
    this.job?.cancel();
    this.releasePool?.();
    this.releasePool = null;
    this.table = null;
    this._key = null;
  }

  /** The table's rows as text. */
  rows() {
    return this.table ? this.table.rows() : [];
  }
}

reflectAttributes(PlyCompare);
define('ply-compare', PlyCompare);
