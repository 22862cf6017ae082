// A tic-tac-toe or Connect-4 board as buttons: marks, the winning line, each move's value when
// asked, and clicks turned into moves. The Play view and <ply-game> draw their boards with it.
// It shows what it is given (cells, winning line and legal moves from the wasm Game, labels
// from board.js and game-words.js); it decides nothing.

import { GAMES, boardLines, cellViews, columnViews, scoreText } from '../lib/board.js';
import { el } from './dom.js';

export class BoardView {
  /**
   * @param {HTMLElement} board the element to fill (class "board")
   * @param {{onMove: (move: number) => void}} hooks moves in play() units (cell 0–8, column 1–7)
   */
  constructor(board, hooks) {
    this.board = board;
    this.hooks = hooks;
    this.kind = null;
    this.cellEls = [];
    this.colEls = [];
    // The board's text view: its rows in words, for screen readers and for
    // copying; placed after the board the first time it is drawn.
    this.textList = el('ul', { class: 'board-lines', 'aria-label': 'The board as text, row by row' });
    this.textBox = el('details', { class: 'text-view', part: 'board-text' }, el('summary', {}, 'Board as text'), this.textList);
  }

  /** Builds the cells for a game. */
  setKind(kind) {
    const b = this.board;
    this.kind = kind;
    b.replaceChildren();
    b.dataset.kind = kind;
    b.setAttribute('role', 'group');
    b.setAttribute('aria-label', `${GAMES[kind].name} board`);
    this.cellEls = [];
    this.colEls = [];
    if (kind === 'ttt') {
      for (let i = 0; i < 9; i++) {
        const btn = el('button', { type: 'button', class: 'cell', part: 'cell', dataset: { cell: String(i) } });
        btn.addEventListener('click', () => this.hooks.onMove(i));
        b.append(btn);
        this.cellEls.push(btn);
      }
    } else {
      for (let c = 1; c <= 7; c++) {
        // The name is the content (what shows is what a screen reader says, as WCAG 2.5.3
        // asks): "Drop in column 3, evaluation −0.04", with the words around the visible
        // number and evaluation hidden from the eye.
        const btn = el(
          'button',
          { type: 'button', class: 'col-btn', part: 'column', dataset: { col: String(c) } },
          el('span', { class: 'sr-only' }, 'Drop in column '),
          el('span', {}, String(c)),
          el('span', { class: 'sr-only col-more' }),
          el('span', { class: 'eval' }),
        );
        btn.addEventListener('click', () => this.hooks.onMove(c));
        b.append(btn);
        this.colEls.push(btn);
      }
      for (let i = 0; i < 42; i++) {
        const hole = el('div', { class: 'hole', part: 'cell', dataset: { cell: String(i), col: String((i % 7) + 1) } });
        hole.addEventListener('click', () => this.hooks.onMove((i % 7) + 1));
        b.append(hole);
        this.cellEls.push(hole);
      }
    }
  }

  /**
   * Draws a position.
   * @param {object} v
   * @param {string} v.cells Game.cells()
   * @param {ArrayLike<number>} v.line the winning line (Game.winningLine())
   * @param {ArrayLike<number>} v.legal the moves a click may make now: Game.legalMoves() on a human's turn, else []
   * @param {Map<number, {text: string, word: string, cls?: string, title: string, best: boolean}>} v.scores each move's value (game-words.js)
   */
  render({ cells, line, legal, scores }) {
    if (!this.textBox.isConnected && this.board.parentNode) this.board.after(this.textBox);
    this.textList.replaceChildren(...boardLines(this.kind, cells).map((t) => el('li', {}, t)));
    const views = cellViews(this.kind, cells, line);
    const open = new Set(Array.from(legal ?? []));
    this.board.classList.toggle('locked', open.size === 0);
    const cls = (sc) => `eval ${sc ? (sc.cls ?? sc.word) : ''}${sc && sc.best ? ' best' : ''}`;
    if (this.kind === 'ttt') {
      views.forEach((v, i) => {
        const b = this.cellEls[i];
        const sc = scores.get(i);
        // The name is the content: the cell's place (hidden from the eye), then what shows in
        // it — its mark, or its evaluation — so the spoken name contains the visible text.
        const cut = v.label.indexOf(': ');
        const where = cut >= 0 ? v.label.slice(0, cut) : v.label;
        if (v.mark) b.replaceChildren(el('span', { class: 'sr-only' }, `${where}: `), v.mark, el('span', { class: 'sr-only' }, v.winning ? ', winning line' : ''));
        else if (sc) {
          b.replaceChildren(
            el('span', { class: 'sr-only' }, `${where}: empty, evaluation `),
            el('span', { class: cls(sc), title: sc.title }, scoreText('ttt', sc)),
          );
        } else b.replaceChildren(el('span', { class: 'sr-only' }, `${where}: empty`));
        b.className = `cell${v.mark ? ` mark-${v.mark}` : ''}${v.winning ? ' win' : ''}`;
        b.dataset.mark = v.mark;
        b.removeAttribute('aria-label');
        b.setAttribute('aria-disabled', String(!open.has(i)));
      });
    } else {
      views.forEach((v, i) => {
        const h = this.cellEls[i];
        h.className = `hole${v.mark ? ` mark-${v.mark}` : ''}${v.winning ? ' win' : ''}`;
        h.dataset.mark = v.mark;
        h.textContent = v.mark;
        h.setAttribute('aria-label', v.label);
        h.setAttribute('role', 'img');
      });
      columnViews(cells, open).forEach((c, i) => {
        const b = this.colEls[i];
        const sc = scores.get(c.col);
        b.classList.toggle('full', c.full);
        b.dataset.full = String(c.full);
        b.setAttribute('aria-disabled', String(!c.playable));
        b.querySelector('.eval').textContent = scoreText('c4', sc);
        b.querySelector('.eval').className = cls(sc);
        b.querySelector('.col-more').textContent = `${c.full ? ' (full)' : ''}${sc ? ', evaluation ' : ''}`;
        b.title = sc ? sc.title : c.label;
      });
    }
  }
}
