//! The core's exact Connect-4 solver (`plyground::search::solver`) on a `Game` handle: a
//! recorded solve to step through (`Stepper.forSolve`, in the games module: *Show me the
//! search* of the perfect player) and, in the full module only (`full`: no page calls it,
//! the perfect player's `Engine` gives the board its column scores), the score of every column
//! to X and the best column (`solveGame`, [`column_scores`]). A thin skin: the search, its
//! scores and its events are the core's; this file checks arguments and converts points of
//! view. (`solveConnect4`/`analyzeConnect4` in `solver.rs`
//! take move strings and answer from the side to move, as the CLI does.)

use crate::game::{GameHandle, Position};
use crate::stepper::{Stepper, Stepping};
use crate::util::{at, js_err, opt_number_arg};
use plyground::game::Player;
use plyground::games::connect4::{C4State, Connect4};
use plyground::search::{SearchResult, Stats};
use plyground::trace::Recorder;
use wasm_bindgen::prelude::*;

fn c4_state(game: &GameHandle, place: &str) -> Result<C4State, JsError> {
    match &game.pos {
        Position::C4(h) => Ok(*h.state()),
        Position::Ttt(_) => Err(js_err(format!("{place}: the solver plays Connect-4 only"))),
    }
}

#[wasm_bindgen]
impl Stepper {
    /// Records the exact solver on a Connect-4 position, as `solveGame` runs it for the
    /// position itself (strong mode; each null-window pass is one search, so the trace has
    /// one root per pass). `nodeCap` (default 20,000) is also the solver's node budget.
    #[wasm_bindgen(js_name = forSolve)]
    pub fn for_solve(
        game: &GameHandle,
        #[wasm_bindgen(js_name = nodeCap, unchecked_optional_param_type = "number")] node_cap_js: Option<
            JsValue,
        >,
    ) -> Result<Stepper, JsError> {
        let place = "Stepper.forSolve";
        let s = c4_state(game, place)?;
        let cap =
            opt_number_arg("nodeCap", node_cap_js).and_then(crate::options::node_cap).map_err(at(place))?;
        let mut rec = Recorder::new(&Connect4, s).with_node_cap(cap);
        let sol =
            crate::solver::with_solver(Some(cap as u64), |solver| solver.solve_observed(&s, false, &mut rec));
        let trace = rec.finish();
        let last = trace.result().cloned();
        let x_to_move = s.side_to_move() == Player::MAX;
        let result = SearchResult {
            value: if x_to_move { sol.score as f64 } else { -(sol.score as f64) },
            best: last.as_ref().and_then(|r| r.best),
            best_index: last.as_ref().and_then(|r| r.best_index).map(|i| i as usize),
            pv: Vec::new(),
            stats: Stats { nodes: sol.nodes, ..Stats::default() },
            complete: sol.complete,
            depth: u32::MAX,
        };
        let truncated = trace.truncated() || !sol.complete;
        let note = (!sol.complete).then(|| {
            format!(
                "trace truncated at {} nodes: the solver was stopped there (its node budget is the cap), so its result is incomplete",
                crate::util::group(cap as u64)
            )
        });
        let inner =
            Stepping::assemble(Connect4, s, trace, result, None, sol.complete, truncated, note, 1, cap);
        Ok(Stepper::wrap(inner, "c4"))
    }
}

#[cfg(feature = "full")]
pub mod column_scores {
    //! `solveGame`: every column's exact score on a `Game` handle (the full module only).

    use super::c4_state;
    use crate::game::GameHandle;
    use crate::util::{at, int_in, number_arg, to_js};
    use plyground::game::{Game, Player};
    use plyground::games::connect4::Connect4;
    use plyground::limits::{MAX_BUDGET, SOLVE_GAME_BUDGET};
    use serde::Serialize;
    use wasm_bindgen::prelude::*;

    /// Columns in the order the solver prefers among equal scores (centre first).
    const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];

    #[derive(Serialize, tsify_next::Tsify)]
    #[tsify(missing_as_null)]
    struct SolveGameScore {
        /// Column 1–7.
        #[serde(rename = "move")]
        mv: u32,
        /// Utility to X (MAX): the community score turned to X's point of view.
        value: f64,
    }

    /// What solveGame returns: values are utilities to X (MAX).
    #[derive(Serialize, tsify_next::Tsify)]
    #[tsify(missing_as_null)]
    struct SolveGameResult {
        /// Utility to X of the position with perfect play (0 when incomplete).
        value: f64,
        /// The same from the side to move (a win is 22 − the winner's stones).
        score: f64,
        /// The best column 1–7 (centre first among equals); null when the game is over or the
        /// budget ran out.
        best: Option<u32>,
        /// Every legal column's exact value to X; empty when incomplete.
        scores: Vec<SolveGameScore>,
        /// True when every column was solved within the budget: the scores are exact.
        exact: bool,
        complete: bool,
        nodes: f64,
        #[tsify(type = "'solve'")]
        algo: &'static str,
    }

    fn budget_of(v: Option<JsValue>, default: u64) -> Result<u64, String> {
        match v {
            Some(x) if !(x.is_undefined() || x.is_null()) => {
                int_in("budget", number_arg("budget", &x)?, 1, MAX_BUDGET)
            }
            _ => Ok(default),
        }
    }

    /// `solveGame(game, budget?)`: the exact score of every legal column of a Connect-4
    /// position with perfect play on both sides (the core's solver, strong mode), the best
    /// column, and the position's value: `{value, score, best, scores: [{move, value}], exact,
    /// complete, nodes, algo: 'solve'}`. Values are utilities to X (MAX). `budget` (nodes, all
    /// columns together; default `SOLVE_GAME_BUDGET`, 20,000,000) bounds the work: when it runs out, `complete` and
    /// `exact` are false and there are no scores. Throws for a tic-tac-toe game or a bad budget.
    #[wasm_bindgen(js_name = solveGame, unchecked_return_type = "SolveGameResult")]
    pub fn solve_game(
        game: &GameHandle,
        #[wasm_bindgen(unchecked_optional_param_type = "number")] budget: Option<JsValue>,
    ) -> Result<JsValue, JsError> {
        let place = "solveGame";
        let s = c4_state(game, place)?;
        let budget = budget_of(budget, SOLVE_GAME_BUDGET).map_err(at(place))?;
        let a = crate::solver::with_solver(Some(budget), |solver| solver.analyze(&s, false));
        let x_to_move = s.side_to_move() == Player::MAX;
        let to_x = |score: i32| if x_to_move { score as f64 } else { -(score as f64) };
        let mut best: Option<(u8, i32)> = None;
        for &c in &CENTRE_FIRST {
            if let Some(sc) = a.scores[c as usize] {
                if best.is_none_or(|(_, b)| sc > b) {
                    best = Some((c, sc));
                }
            }
        }
        let scores = (0..7u8)
            .filter_map(|c| {
                a.scores[c as usize].map(|sc| SolveGameScore { mv: c as u32 + 1, value: to_x(sc) })
            })
            .collect();
        let terminal = Connect4.is_terminal(&s);
        let score = match best {
            Some((_, sc)) => sc as f64,
            None if terminal => {
                let u = Connect4.utility(&s, Player::MAX);
                if x_to_move {
                    u
                } else {
                    -u
                }
            }
            None => 0.0,
        };
        to_js(&SolveGameResult {
            value: if x_to_move { score } else { -score },
            score,
            best: best.map(|(c, _)| c as u32 + 1),
            scores,
            exact: a.complete,
            complete: a.complete,
            nodes: a.nodes as f64,
            algo: "solve",
        })
    }
}
