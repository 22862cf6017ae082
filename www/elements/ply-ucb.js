// <ply-ucb>: the UCB1 calculator — each child's exploitation W/N, exploration
// C·√(ln N(parent)/N) and UCB1, computed by the core's ucb1 (the one MCTS selection uses).
//
//   <ply-ucb parent="100" c="1.414" children="28/40, 30/50, 8/10"></ply-ucb>
//
// Attributes: parent, c, children (property childStats: HTMLElement has `children`),
// controls ("inputs" or "none"), theme.

import { PlyElement, define, reflectAttributes } from './base.js';
import { readControls } from '../lib/figure-state.js';

let modules = null;

export class PlyUcb extends PlyElement {
  static view = 'ucb';
  static attrs = { parent: 'number', c: 'number', children: 'string', controls: 'string', theme: 'string' };
  static props = { children: 'childStats' };
  static load() {
    modules ??= import('../views/ucb-calculator.js');
    return modules;
  }

  render(s) {
    const inputs = readControls('ucb', this.getAttribute('controls')).includes('inputs');
    if (!this.calc) {
      this.calc = new this.mods.UcbCalculator(this._body, { api: this.api, parent: s.parent, c: s.c, children: s.children, inputs });
      this.calc.calculate();
    } else {
      this.calc.inputs.hidden = !inputs;
      this.calc.set({ parent: s.parent, c: s.c, children: s.children });
    }
  }

  teardown() {
    this.calc = null;
  }

  /** The table: [child, W/N, exploitation, exploration, UCB1] per row, as shown. */
  rows() {
    return this.calc ? this.calc.rows() : [];
  }
}

reflectAttributes(PlyUcb);
define('ply-ucb', PlyUcb);
