// From a figure's state (figure-state.js) to the wasm module's objects: the search options of
// a tree figure, the recorded search itself (a Stepper), and the MCTS stepper of an MCTS
// figure. The module does the work and checks its inputs again; this file only picks the
// options, so that the tree lab, <ply-tree> and the embed page record the same search from
// the same description.
//
// DOM-free: the wasm module is passed in (`api`), so Node tests can use it too.

import { ordersFor } from './complexity.js';
import { ParamError } from './figure-state.js';

/**
 * The Stepper's options for a tree state (the lab's form spelled the same way).
 * `iterative`, `budget` and `fastWins` come only from an engine's search
 * (Engine.searchOptions(), "Show me the search"): iterative deepening under the engine's node
 * budget, on the engines' tic-tac-toe (wins scored by distance), is then recorded as the
 * engine ran it.
 * @param {object} s state: {source, algo, tie, order, seed, depth, eval, tt, quiescence, iterative?, budget?}
 */
export function stepperOptions(s) {
  const isGame = s.source !== 'tree';
  if (s.algo === 'solve') return { algo: 'solve' };
  const o = { algo: s.algo || 'alphabeta', tie: s.tie, order: s.order };
  if (o.order === 'random') o.seed = s.seed;
  // H-minimax's singular extensions and beam search (α-β only; the core checks them).
  if (s.singular) o.singular = s.singular;
  if (s.beam != null) o.beam = s.beam;
  if (!isGame && s.depth != null) o.depth = s.depth;
  if (isGame) {
    if (s.depth != null) o.depth = s.depth;
    if (o.depth != null) o.eval = s.eval;
    // Spelled out: Connect-4's defaults would turn on iterative deepening and the TT.
    o.tt = s.tt;
    o.quiescence = s.quiescence;
    o.iterative = Boolean(s.iterative);
    if (s.budget != null) o.budget = s.budget;
    // An engine's search on tic-tac-toe: the engines' game (Engine.searchOptions().fastWins).
    if (s.fastWins) o.fastWins = true;
  }
  if (o.algo === 'minimax') {
    // MINIMAX-DECISION searches to the end: no depth, no EVAL.
    delete o.depth;
    delete o.eval;
  }
  if (o.algo !== 'alphabeta') {
    delete o.tie;
    delete o.order;
    delete o.seed;
    delete o.tt;
    delete o.quiescence;
    delete o.iterative;
    delete o.budget;
    delete o.singular;
    delete o.beam;
  }
  return o;
}

/**
 * Records the search a tree state describes. The caller owns the returned handles.
 *
 * `strict` (elements, URLs): an algorithm or ordering that does not apply is an error naming
 * the ones that do. Otherwise (the lab's menus) it falls back to α-β and natural order.
 * @param {object} api the wasm module
 * @param {object} s a tree state (view 'tree'); `s.treeHandle`, when given, is the GameTree
 *   (of `api`'s module, owned from here on) to record instead of reading `s.tree`
 * @param {{strict?: boolean, placer?: object|null}} [opts] `placer`: the module that places a
 *   game's search (elements/runtime.js placerForFigure: the lab module); an explicit tree's
 *   is placed by `api` itself
 * `figures(minimax, compact, boards)`: the same search placed by the core for the canvas (a
 * FigurePlan: an explicit tree's from `api`, a game's from the Stepper's figureRecord in
 * `placer`, with room for a board under each node when `boards`); null where no module
 * given places it.
 * @returns {{st: object, tree: object|null, current: object, options: object, algos: string[], algo: string, order: string, orders: string[], figures: Function|null}}
 */
export function recordSearch(api, s, { strict = false, placer = null } = {}) {
  const isGame = s.source !== 'tree';
  let tree = null;
  let game = null;
  try {
    if (isGame) game = api.Game.create(s.source, s.moves ?? '');
    else tree = s.treeHandle ?? api.GameTree.parse(s.tree);
    // The core's answer (Game.algorithms, GameTree.algorithms), asked of the handle itself so
    // that a tree figure does not download the lessons' trees (lib/lessons.js).
    const algos = Array.from((isGame ? game : tree).algorithms());
    let algo = s.algo;
    if (!algo || !algos.includes(algo)) {
      if (algo && strict) {
        throw new ParamError('algorithm', `'${algo}' does not apply to this ${isGame ? 'game' : 'tree'} (choose ${algos.join(', ')})`);
      }
      algo = algos.includes('alphabeta') ? 'alphabeta' : algos[0];
    }
    const orders = ordersFor(isGame);
    let order = s.order;
    if (!order || !orders.includes(order)) {
      if (order && strict) throw new ParamError('order', `'${order}' does not apply to ${isGame ? 'a game' : 'an explicit tree'} (choose ${orders.join(', ')})`);
      order = 'natural';
    }
    const options = stepperOptions({ ...s, algo, order });
    const st =
      algo === 'solve' ? api.Stepper.forSolve(game, s.cap) : isGame ? api.Stepper.forGame(game, options, s.cap) : api.Stepper.forTree(tree, options, s.cap);
    const current = isGame
      ? { type: 'game', kind: game.kind, moves: game.moveString }
      : { type: 'tree', text: s.tree };
    game?.free();
    let figures = null;
    if (!isGame && api.FigurePlan) figures = (minimax, compact) => api.FigurePlan.forTree(tree, options, s.cap, minimax, compact);
    else if (isGame && placer?.FigurePlan && typeof st.figureRecord === 'function') {
      // (Written once, when first drawn; the figure owns `st` and frees it, never this.)
      let record = null;
      figures = (minimax, compact, boards) => {
        record ??= st.figureRecord();
        return placer.FigurePlan.forRecord(record.numbers, record.names, compact, boards);
      };
    }
    return { st, tree, current, options, algos, algo, order, orders, figures };
  } catch (e) {
    tree?.free();
    game?.free();
    throw e;
  }
}

/**
 * An MCTS stepper for an MCTS state, at its start (the figure then runs it to the state's
 * iteration and phase). The caller owns `m` and `handle`.
 * @param {object} api
 * @param {object} s state (view 'mcts')
 */
export function startMcts(api, s) {
  let handle = null;
  let m = null;
  try {
    if (s.source === 'tree') {
      handle = api.GameTree.parse(s.tree);
      m = api.MctsStepper.forTree(handle, { c: s.c, seed: s.seed, solver: s.solver ?? false });
    } else {
      handle = api.Game.create(s.source, s.moves ?? '');
      if (handle.isTerminal) throw new ParamError('moves', 'that position is already over: MCTS needs a move to choose');
      m = api.MctsStepper.forGame(handle, { c: s.c, seed: s.seed, solver: s.solver ?? false });
    }
    return { m, handle };
  } catch (e) {
    m?.free();
    handle?.free();
    throw e;
  }
}
