//! What a search's answer says, whoever asked: the root's value, every root move's score
//! and how far each can be trusted (exact, a bound, an estimate), and a proven outcome. The
//! stepped engines (`play::engine`) and iterative deepening report in these terms.

use super::Stats;
use crate::game::Utilities;

/// How a per-move score relates to the quantity the result's `value` stands for.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum ScoreBound {
    /// The value itself.
    Exact,
    /// The true value is at least this.
    Lower,
    /// The true value is at most this.
    Upper,
    /// An estimate (MCTS's mean reward mapped onto the utility scale): no guarantee.
    Estimate,
    /// Not searched within the budget (`value` is `None`).
    Missing,
}

impl ScoreBound {
    /// `exact`, `lower`, `upper`, `estimate`, `missing`.
    pub fn name(self) -> &'static str {
        match self {
            ScoreBound::Exact => "exact",
            ScoreBound::Lower => "lower",
            ScoreBound::Upper => "upper",
            ScoreBound::Estimate => "estimate",
            ScoreBound::Missing => "missing",
        }
    }
}

/// A proven game result, from the side to move at the root of the search that found it.
/// Distances are plies (moves of either side) from the root: a move that wins at once is a
/// win in 1, a fork that wins on the mover's next move a win in 3.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Proven {
    /// The side to move wins in this many plies with best play.
    Win(u32),
    /// The side to move loses in this many plies with best play (the longest resistance).
    Loss(u32),
    /// A draw with best play.
    Draw,
}

impl Proven {
    /// `win`, `loss` or `draw`.
    pub fn name(self) -> &'static str {
        match self {
            Proven::Win(_) => "win",
            Proven::Loss(_) => "loss",
            Proven::Draw => "draw",
        }
    }

    /// The distance in plies (None for a draw).
    pub fn plies(self) -> Option<u32> {
        match self {
            Proven::Win(n) | Proven::Loss(n) => Some(n),
            Proven::Draw => None,
        }
    }

    /// The words after the player's name: "wins in 1", "loses in 4", "draws".
    pub fn words(self) -> String {
        match self {
            Proven::Win(n) => format!("wins in {n}"),
            Proven::Loss(n) => format!("loses in {n}"),
            Proven::Draw => "draws".to_string(),
        }
    }

    /// A move's label on a board: "win in 1", "loss in 4", "draw".
    pub fn label(self) -> String {
        match self {
            Proven::Win(n) => format!("win in {n}"),
            Proven::Loss(n) => format!("loss in {n}"),
            Proven::Draw => "draw".to_string(),
        }
    }

    /// The long form, with the unit: "wins in 1 ply", "loses in 4 plies", "draws".
    pub fn long_words(self) -> String {
        match self {
            Proven::Draw => self.words(),
            _ => {
                let n = self.plies().unwrap_or(0);
                format!("{} {}", self.words(), if n == 1 { "ply" } else { "plies" })
            }
        }
    }

    /// From [`crate::caption::Outcome`] (a win or loss for the side to move).
    pub fn from_outcome(o: crate::caption::Outcome) -> Proven {
        if o.wins {
            Proven::Win(o.plies)
        } else {
            Proven::Loss(o.plies)
        }
    }
}

/// One root action's score.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveScore<A> {
    /// The action (an outcome at a chance root).
    pub action: A,
    /// Its value on the result's scale (utility to MAX; max^n: to the player to move at the
    /// root); `None` when [`ScoreBound::Missing`].
    pub value: Option<f64>,
    /// What `value` is.
    pub bound: ScoreBound,
    /// MCTS: the child's visit count N.
    pub visits: Option<u32>,
    /// MCTS: the child's mean reward Q = W/N for the side to move at the root, in [0, 1]
    /// (1 a win, ½ a draw, 0 a loss; the scale of UCB1 and of the MCTS lab). `value` is the
    /// same number mapped onto the utility scale.
    pub reward: Option<f64>,
    /// max^n: the child's utility vector.
    pub vector: Option<Utilities>,
    /// The game result playing this move proves for the side to move at the root (see
    /// [`Proven`]); None when `value` is not a proven result.
    pub proven: Option<Proven>,
}

impl<A> MoveScore<A> {
    /// A score with no visits, no vector, nothing proven.
    pub fn new(action: A, value: Option<f64>, bound: ScoreBound) -> Self {
        MoveScore { action, value, bound, visits: None, reward: None, vector: None, proven: None }
    }
}

/// Where an engine is, after a step.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress<A> {
    /// The deepest finished depth (α-β; `u32::MAX` for searches to the end; 0 if none yet).
    pub depth: u32,
    /// Nodes entered so far (MCTS: nodes in its tree).
    pub nodes: u64,
    /// Steps' iterations: depths searched (α-β), MCTS iterations, columns solved (solver).
    pub iterations: u32,
    /// The best move so far.
    pub best: Option<A>,
    /// The value so far (to MAX), if any.
    pub value: Option<f64>,
    /// No more work to do: [`Engine::result`](crate::play::engine::Engine::result) is final.
    pub done: bool,
}

/// What an engine found: the one record shape of every engine.
#[derive(Clone, Debug, PartialEq)]
pub struct EngineResult<A> {
    /// The root's value as utility to MAX (player 0; max^n too).
    pub value: f64,
    /// The same from the side to move at the root (= `value` for MAX and chance; max^n:
    /// the mover's own utility).
    pub score: f64,
    /// max^n: the root's utility vector.
    pub vector: Option<Utilities>,
    /// The move to play (None at a terminal or chance root, or when nothing finished).
    pub best: Option<A>,
    /// `best` as an index into ACTIONS(root) in natural order.
    pub best_index: Option<usize>,
    /// The principal variation.
    pub pv: Vec<A>,
    /// Every root action's score, natural order (see [`ScoreBound`]).
    pub scores: Vec<MoveScore<A>>,
    /// `value` is the game's value (and `best` an optimal move).
    pub exact: bool,
    /// The search finished what was asked (the depth, or the end; MCTS: its iterations).
    pub complete: bool,
    /// The depth `value` comes from (`u32::MAX`: to the end of the game; 0: nothing finished).
    pub depth: u32,
    /// Counters of everything the engine did (per-move scores included).
    pub stats: Stats,
    /// MCTS iterations run (0 for the others).
    pub iterations: u32,
    /// Which engine answered: `alphabeta`, `minimax`, `maxn`, `mcts`, `solve`, or
    /// `solve+alphabeta` when the solver fell back.
    pub algo: &'static str,
    /// The game result the root's value proves for the side to move (see [`Proven`]); None
    /// when the value is an estimate or a depth-limited value that proves nothing.
    pub proven: Option<Proven>,
}

impl<A> EngineResult<A> {
    /// What a per-move bound settles for the side to move at the root (MIN when
    /// `root_is_min`): `"win"` or `"loss"`, its distance not computed. Only the exact solver
    /// (`algo` "solve") scores every win above 0 and every loss below it, so a lower bound
    /// above 0 proves a win and an upper bound below 0 a loss; an α-β fallback's or an
    /// estimate's bound settles nothing.
    pub fn settled(&self, m: &MoveScore<A>, root_is_min: bool) -> Option<&'static str> {
        if self.algo != "solve" {
            return None;
        }
        let max_wins = match (m.bound, m.value?) {
            (ScoreBound::Lower, v) if v > 0.0 => true,
            (ScoreBound::Upper, v) if v < 0.0 => false,
            _ => return None,
        };
        Some(if max_wins != root_is_min { "win" } else { "loss" })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_solvers_bounds_past_zero_settle_the_game() {
        let mut r = EngineResult::<u8> {
            value: 0.0,
            score: 0.0,
            vector: None,
            best: None,
            best_index: None,
            pv: Vec::new(),
            scores: Vec::new(),
            exact: true,
            complete: true,
            depth: u32::MAX,
            stats: Stats::default(),
            iterations: 0,
            algo: "solve",
            proven: None,
        };
        let m = |v: f64, b| MoveScore::new(0u8, Some(v), b);
        // To MAX: ≥ +2 is MAX's win, O's loss; ≤ −1 MAX's loss, O's win.
        assert_eq!(r.settled(&m(2.0, ScoreBound::Lower), false), Some("win"));
        assert_eq!(r.settled(&m(2.0, ScoreBound::Lower), true), Some("loss"));
        assert_eq!(r.settled(&m(-1.0, ScoreBound::Upper), false), Some("loss"));
        assert_eq!(r.settled(&m(-1.0, ScoreBound::Upper), true), Some("win"));
        // A bound on the other side of 0, at 0, an exact score or a missing one settles nothing.
        for (v, b) in [
            (2.0, ScoreBound::Upper),
            (-1.0, ScoreBound::Lower),
            (0.0, ScoreBound::Lower),
            (3.0, ScoreBound::Exact),
        ] {
            assert_eq!(r.settled(&m(v, b), false), None, "{v} {b:?}");
        }
        assert_eq!(r.settled(&MoveScore::new(0, None, ScoreBound::Missing), false), None);
        // The α-β fallback's scores are heuristic: a bound past 0 proves nothing.
        r.algo = "solve+alphabeta";
        assert_eq!(r.settled(&m(2.0, ScoreBound::Lower), false), None);
    }
}
