//! One node budget covers everything an α-β search does, the best-first ordering's oracle
//! searches included (found by the API fuzzer: `order: 'best'` ran its oracle outside the
//! budget, so a budget of 20,000 nodes took 11 s in wasm).

use plyground::games::tictactoe::TicTacToe;
use plyground::search::alphabeta::{h_alpha_beta, iterative_deepening, AlphaBetaOptions, Deepening, NoEval};
use plyground::{Game, IllegalAction, MoveOrder, NoObserver, Player, ToMove};
use std::cell::Cell;

/// Tic-tac-toe that counts the positions searched: every node α-β enters (its own or the
/// oracle's) asks `is_terminal` exactly once, after the budget check.
#[derive(Clone, Default)]
struct Counted {
    g: TicTacToe,
    entered: std::rc::Rc<Cell<u64>>,
}

impl Game for Counted {
    type State = <TicTacToe as Game>::State;
    type Action = <TicTacToe as Game>::Action;
    fn initial_state(&self) -> Self::State {
        self.g.initial_state()
    }
    fn player(&self, s: &Self::State) -> ToMove {
        self.g.player(s)
    }
    fn actions(&self, s: &Self::State, out: &mut Vec<Self::Action>) {
        self.g.actions(s, out)
    }
    fn result(&self, s: &Self::State, a: Self::Action) -> Self::State {
        self.g.result(s, a)
    }
    fn try_result(&self, s: &Self::State, a: Self::Action) -> Result<Self::State, IllegalAction> {
        self.g.try_result(s, a)
    }
    fn is_terminal(&self, s: &Self::State) -> bool {
        self.entered.set(self.entered.get() + 1);
        self.g.is_terminal(s)
    }
    fn utility(&self, s: &Self::State, p: Player) -> f64 {
        self.g.utility(s, p)
    }
    fn hash(&self, s: &Self::State) -> Option<u64> {
        self.g.hash(s)
    }
    fn order_hint(&self, s: &Self::State, a: Self::Action) -> i32 {
        self.g.order_hint(s, a)
    }
}

fn best(budget: Option<u64>) -> AlphaBetaOptions {
    AlphaBetaOptions { order: MoveOrder::Best, node_budget: budget, ..Default::default() }
}

#[test]
fn the_oracle_of_best_first_ordering_counts_towards_the_node_budget() {
    let g = Counted::default();
    let s = g.initial_state();
    // Unlimited: the main search alone is small, its oracle large.
    let full = h_alpha_beta(&g, &s, &NoEval, &best(None), NoObserver);
    let all = g.entered.get();
    assert_eq!(full.value, 0.0);
    assert!(full.complete);
    assert!(all > 10 * full.stats.nodes, "oracle {all} vs main {}", full.stats.nodes);
    // A budget the main search alone would fit in is not enough with the oracle counted.
    for budget in [1, 10, full.stats.nodes, full.stats.nodes * 3, all / 2, all - 1] {
        g.entered.set(0);
        let r = h_alpha_beta(&g, &s, &NoEval, &best(Some(budget)), NoObserver);
        assert!(g.entered.get() <= budget, "budget {budget}: entered {}", g.entered.get());
        assert!(!r.complete, "budget {budget}: complete with {} nodes entered", g.entered.get());
        g.entered.set(0);
        let r = iterative_deepening(&g, &s, &NoEval, &best(Some(budget)), NoObserver);
        assert!(g.entered.get() <= budget, "iterative, budget {budget}: entered {}", g.entered.get());
        assert!(!r.complete, "iterative, budget {budget}");
    }
    // Exactly enough: the same answer as without a budget.
    g.entered.set(0);
    let r = h_alpha_beta(&g, &s, &NoEval, &best(Some(all)), NoObserver);
    assert!(r.complete);
    assert_eq!((r.value, r.best, r.stats.nodes), (full.value, full.best, full.stats.nodes));
}

#[test]
fn iterative_deepening_with_per_move_scores_keeps_one_budget_with_best_first_ordering() {
    let g = Counted::default();
    let s = g.result(&g.initial_state(), 4);
    for iterative in [false, true] {
        for budget in [50, 500, 5_000, 50_000] {
            g.entered.set(0);
            let mut d = Deepening::new(&g, s, best(Some(budget)), iterative, true);
            while !d.is_done() {
                d.step(&g, &NoEval, NoObserver);
            }
            assert!(
                g.entered.get() <= budget,
                "iterative {iterative}, budget {budget}: entered {}",
                g.entered.get()
            );
        }
    }
}
