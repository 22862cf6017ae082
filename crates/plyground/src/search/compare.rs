//! The comparison grid: which searches a comparison table runs on one tree or position, which
//! of them apply, and what the table reads from their counts.
//!
//! The rows: minimax (EXPECTIMINIMAX on a tree with chance nodes), α-β in every move order
//! that applies (an explicit tree has no heuristic, so no heuristic, killer or history
//! order), and on explicit trees beam search at widths 1 to 3 (a width as wide as every node
//! is plain α-β). Minimax has no depth limit, so with a depth it is not run and says why;
//! utility tuples (max^n does not prune) and Connect-4 without a depth (too deep to search
//! to the end) are refused as a whole.
//!
//! A front end runs each [`Cell`]'s search — the same searches every figure runs — and
//! hands its counts back ([`Comparison::record`]); the figures are then the core's: the α-β
//! rows with the fewest leaves and whether a beam found α-β's value and move
//! ([`Comparison::mark`]), and the lessons' reference sizes b^m, b^(3m/4) and b^(m/2)
//! ([`Comparison::reference`]).

use crate::games::tree::{Kind, Tree};

// The minimax row is cell 0 of every grid (`reference` reads it there).

/// The cells of an explicit tree's comparison, in the table's order: minimax, α-β in every
/// order (an explicit tree has no heuristic), beam search at widths 1 to 3.
pub const TREE_CELLS: [Search; 8] = [
    Search::Minimax,
    Search::AlphaBeta("natural"),
    Search::AlphaBeta("reverse"),
    Search::AlphaBeta("random"),
    Search::AlphaBeta("best"),
    Search::Beam(1),
    Search::Beam(2),
    Search::Beam(3),
];
/// The cells of a board game's comparison: minimax, α-β in the tree's orders and the game's
/// heuristics (no beam: the games module leaves beam search out).
pub const GAME_CELLS: [Search; 8] = [
    Search::Minimax,
    Search::AlphaBeta("natural"),
    Search::AlphaBeta("reverse"),
    Search::AlphaBeta("random"),
    Search::AlphaBeta("best"),
    Search::AlphaBeta("heuristic"),
    Search::AlphaBeta("killer"),
    Search::AlphaBeta("history"),
];

/// Why a comparison of utility tuples is refused.
pub const REFUSED_TUPLES: &str = "Orderings and α-β apply to two-player trees; max^n does not prune here.";
/// Why a comparison on Connect-4 without a depth is refused.
pub const REFUSED_C4: &str = "Give a depth: Connect-4 is too deep to compare searches to the end.";
/// Why minimax is not run when the comparison has a depth.
pub const SKIP_MINIMAX: &str = "minimax has no depth limit: with a depth, only α-β is compared";

/// What is compared.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Source {
    /// An explicit tree: whether its leaves are utility tuples, whether it has chance nodes.
    Tree {
        /// Utility tuples (an n-player tree).
        tuples: bool,
        /// Chance nodes.
        chance: bool,
    },
    /// A board game's position.
    Game {
        /// Connect-4 (else tic-tac-toe).
        connect4: bool,
        /// The legal moves at the position.
        legal: u32,
    },
}

impl Source {
    /// An explicit tree's facts.
    pub fn tree(t: &Tree) -> Source {
        Source::Tree { tuples: t.has_tuples(), chance: t.nodes().iter().any(|n| n.kind() == Kind::Chance) }
    }
}

/// One row's search.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Search {
    /// MINIMAX-DECISION (EXPECTIMINIMAX on a tree with chance nodes): no depth, window or
    /// order ([`Comparison::minimax_algo`] names it).
    Minimax,
    /// α-β with the table's shared options, in this move order (its option name).
    AlphaBeta(&'static str),
    /// Beam search: α-β in natural order that keeps the `width` children of best EVAL.
    Beam(u32),
}

impl Search {
    /// The row's name: `minimax`, `alphabeta` or `beam`.
    pub fn row(self) -> &'static str {
        match self {
            Search::Minimax => "minimax",
            Search::AlphaBeta(_) => "alphabeta",
            Search::Beam(_) => "beam",
        }
    }

    /// Its move order (none for minimax).
    pub fn order(self) -> Option<&'static str> {
        match self {
            Search::Minimax => None,
            Search::AlphaBeta(o) => Some(o),
            Search::Beam(_) => Some("natural"),
        }
    }

    /// A beam's width.
    pub fn width(self) -> Option<u32> {
        match self {
            Search::Beam(w) => Some(w),
            _ => None,
        }
    }
}

/// What a row's search found, as the table reads it.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Found {
    /// Leaves evaluated.
    pub leaves: u64,
    /// The deepest ply entered.
    pub max_depth: u32,
    /// The root's value.
    pub value: f64,
    /// The chosen move (none at a leaf root).
    pub best: Option<u32>,
}

/// What a row is marked with beyond its counts.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Mark {
    /// An α-β row with the fewest leaves of all the α-β rows that ran (ties: each of them).
    Fewest,
    /// A beam that found the same value and move as α-β in natural order.
    Matches,
    /// A beam that found another value or move: forward pruning hid α-β's choice.
    Misses,
    /// A beam with no α-β row in natural order to compare with.
    NoAlphaBeta,
}

impl Mark {
    /// Its name: `fewest`, `matches`, `misses` or `alone`.
    pub fn name(self) -> &'static str {
        match self {
            Mark::Fewest => "fewest",
            Mark::Matches => "matches",
            Mark::Misses => "misses",
            Mark::NoAlphaBeta => "alone",
        }
    }
}

/// What the reference sizes are computed from.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Basis {
    /// Minimax's leaves and depth.
    Minimax,
    /// `legal` moves at the root to the comparison's depth (b^m leaves; minimax not run).
    RootMoves {
        /// Legal moves at the root.
        legal: u32,
    },
}

/// The lessons' reference sizes for a tree of depth `m` with `leaves` leaves.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Reference {
    /// Where the leaves and the depth come from.
    pub basis: Basis,
    /// The depth m.
    pub m: u32,
    /// The leaves of the full search.
    pub leaves: f64,
    /// The sizes (none when there is no leaf or no depth to take a root of).
    pub sizes: Option<Sizes>,
}

/// b and the sizes b^m (no pruning), b^(3m/4) (random order) and b^(m/2) (perfect order).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Sizes {
    /// The m-th root of the leaves: the branching factor of a uniform tree, and the
    /// effective one (the uniform tree with as many leaves) otherwise.
    pub b: f64,
    /// b^m: the leaves themselves.
    pub full: f64,
    /// b^(3m/4).
    pub random: f64,
    /// b^(m/2).
    pub perfect: f64,
}

impl Sizes {
    /// The sizes for `leaves` leaves at depth `m` (none without a leaf or a depth).
    pub fn of(leaves: f64, m: u32) -> Option<Sizes> {
        if leaves.is_nan() || leaves < 1.0 || leaves.is_infinite() || m < 1 {
            return None;
        }
        let perfect = leaves.sqrt();
        Some(Sizes { b: nth_root(leaves, m), full: leaves, random: perfect * perfect.sqrt(), perfect })
    }
}

/// The m-th root of x ≥ 1 by Newton's method from above (1 + (x − 1)/m is above it, by
/// Bernoulli's inequality), with +, ×, ÷ only: the same bits on every platform.
fn nth_root(x: f64, m: u32) -> f64 {
    if m == 1 {
        return x;
    }
    let k = f64::from(m);
    let mut r = 1.0 + (x - 1.0) / k;
    for _ in 0..1 << 17 {
        let next = ((k - 1.0) * r + x / r.powi(m as i32 - 1)) / k;
        if next.is_nan() || next >= r {
            break;
        }
        r = next;
    }
    r
}

/// A comparison: its grid of cells, and what the searches found.
#[derive(Clone, PartialEq, Debug)]
pub struct Comparison {
    source: Source,
    depth: Option<u32>,
    found: Vec<Option<Found>>,
}

impl Comparison {
    /// The grid for `source`, with the shared depth limit `depth` (none: to the end).
    pub fn new(source: Source, depth: Option<u32>) -> Comparison {
        let mut c = Comparison { source, depth, found: Vec::new() };
        c.found = vec![None; c.cells().len()];
        c
    }

    /// Why the comparison is refused as a whole (then it has no cells).
    pub fn refused(&self) -> Option<&'static str> {
        match self.source {
            Source::Tree { tuples: true, .. } => Some(REFUSED_TUPLES),
            Source::Game { connect4: true, .. } if self.depth.is_none() => Some(REFUSED_C4),
            _ => None,
        }
    }

    /// The cells, in the table's order.
    pub fn cells(&self) -> &'static [Search] {
        match (self.refused(), self.source) {
            (Some(_), _) => &[],
            (None, Source::Tree { .. }) => &TREE_CELLS,
            (None, Source::Game { .. }) => &GAME_CELLS,
        }
    }

    /// Why cell `i` is not run (none: run it): minimax when the comparison has a depth.
    pub fn skip(&self, i: usize) -> Option<&'static str> {
        (self.cells().get(i) == Some(&Search::Minimax) && self.depth.is_some()).then_some(SKIP_MINIMAX)
    }

    /// The name of the minimax row's search: `expectiminimax` on a tree with chance nodes,
    /// else `minimax`.
    pub fn minimax_algo(&self) -> &'static str {
        match self.source {
            Source::Tree { chance: true, .. } => "expectiminimax",
            _ => "minimax",
        }
    }

    /// Records what cell `i`'s search found (ignored for a cell that does not exist).
    pub fn record(&mut self, i: usize, found: Found) {
        if let Some(slot) = self.found.get_mut(i) {
            *slot = Some(found);
        }
    }

    /// What cell `i`'s search found, once recorded.
    pub fn found(&self, i: usize) -> Option<Found> {
        self.found.get(i).copied().flatten()
    }

    /// The α-β rows that ran, with what they found.
    fn alpha_beta(&self) -> impl Iterator<Item = (Search, Found)> + '_ {
        self.cells().iter().zip(&self.found).filter_map(|(&s, f)| match (s, f) {
            (Search::AlphaBeta(_), Some(f)) => Some((s, *f)),
            _ => None,
        })
    }

    /// Cell `i`'s mark: [`Mark::Fewest`] for the α-β rows with the fewest leaves; for a beam
    /// row that ran, whether it found α-β's value and move (α-β in natural order).
    pub fn mark(&self, i: usize) -> Option<Mark> {
        let f = self.found(i)?;
        match self.cells()[i] {
            Search::Minimax => None,
            Search::AlphaBeta(_) => {
                self.alpha_beta().all(|(_, x)| x.leaves >= f.leaves).then_some(Mark::Fewest)
            }
            // A beam row runs only where beam search is built (the `extensions` feature).
            Search::Beam(_) if !crate::EXTENSIONS => None,
            Search::Beam(_) => {
                Some(match self.alpha_beta().find(|&(s, _)| s == Search::AlphaBeta("natural")) {
                    None => Mark::NoAlphaBeta,
                    Some((_, a)) if a.value == f.value && a.best == f.best => Mark::Matches,
                    Some(_) => Mark::Misses,
                })
            }
        }
    }

    /// The reference sizes: from minimax's leaves and depth when it ran, else on a board game
    /// with a depth from its legal moves at the root to that depth; none otherwise.
    pub fn reference(&self) -> Option<Reference> {
        let (basis, leaves, m) = match (self.found(0), self.source, self.depth) {
            (Some(f), _, _) => (Basis::Minimax, f.leaves as f64, f.max_depth),
            (None, Source::Game { legal, .. }, Some(d)) => {
                (Basis::RootMoves { legal }, f64::from(legal).powi(d as i32), d)
            }
            _ => return None,
        };
        Some(Reference { basis, m, leaves, sizes: Sizes::of(leaves, m) })
    }
}
