//! An exact Connect-4 solver: the core's α-β in its negamax form, specialised to the
//! bitboard, with the techniques that make a perfect-play search of the 7×6 board fast.
//!
//! # Why negamax, and how it maps onto MAX-VALUE / MIN-VALUE
//!
//! Everywhere else in plyground values are utilities *to MAX* and MIN-VALUE minimises the
//! same number MAX-VALUE maximises. Connect-4 is symmetric: the position after a move is the
//! same kind of position with the roles swapped. So the solver keeps every score *from the
//! side to move* (the community's convention: a win is 22 − the stones the winner has
//! played, a loss the negative, a draw 0) and writes MAX-VALUE and MIN-VALUE as one
//! procedure, NEGAMAX(s, α, β) = max over a of −NEGAMAX(RESULT(s, a), −β, −α).
//! That is the same algorithm: at a MIN node the side to move is MIN, its score is
//! −(utility to MAX), its window (α, β) is MAX's (−β, −α), and "v ≥ β, return v" at a MIN
//! node of negamax is exactly MIN-VALUE's "v ≤ α, return v" in MAX's numbers. Nothing else
//! changes: children one at a time, α raised as they return, a cutoff as soon as one child
//! reaches β.
//!
//! It is a specialised copy rather than [`alpha_beta`](super::alphabeta::alpha_beta) with
//! options because the speed comes from working on two `u64`s: no `Vec` of actions, no
//! `f64`, no trait calls, a compact table keyed on [`C4State::key`]. It is still *the*
//! search that is shown: it is generic over an [`Observer`] and speaks the same [`Event`]s,
//! each converted to MAX's point of view (windows become (−β, −α) at MIN nodes, values
//! −v), guarded by `if O::ENABLED` so that [`NoObserver`] costs nothing. A
//! [`Recorder`](crate::trace::Recorder) turns a solve into a steppable trace like any other
//! search. Node counts are the number of nodes entered (NEGAMAX calls, plus a root settled
//! before the search); the table is never consulted by a watcher.
//!
//! # Techniques (each one switchable in [`SolverOptions`])
//!
//! - **Bitboard negamax α-β** ([`Connect4`](crate::games::connect4)'s layout): a move is one
//!   addition and one XOR, a win test three shifts and two ANDs.
//! - **Centre-first column order**: central columns take part in more fours.
//! - **Transposition table** keyed on the exact 49-bit key `current + mask`: buckets of two
//!   `u64` entries, each holding the key's remaining bits (the bucket index holds the rest,
//!   after an invertible multiply, so a hit is exact), a bound (upper after a fail-low,
//!   lower after a β cutoff), the best move, the number of stones (the entry with the
//!   fewest stones, the biggest subtree, keeps the first place) and an epoch, so that
//!   [`Solver::reset`] is one increment instead of clearing megabytes. 2^20 entries (8 MiB)
//!   by default: small enough to stay in cache, which matters more than the last few %
//!   of nodes.
//! - **Null-window bisection** on the score at the root: each pass asks "is the score above
//!   m?" with the window (m, m + 1), which prunes far more than a wide window; the passes
//!   lean towards 0 (most positions are close), and the table carries over between passes.
//!   A weak solve runs the same passes and stops once the sign is known, so it never costs
//!   more than a strong one.
//! - **Anticipation**: never play a move that lets the opponent win at once (a move under an
//!   opponent's winning cell), play the forced block when the opponent threatens one win,
//!   and give up at once (it wins next move) when it threatens two. A node whose opponent
//!   cannot win next move also has a better lower bound: it cannot lose before its own
//!   stone after next.
//! - **Threat ordering**: try first the moves that create the most winning cells for the
//!   mover (ties centre first).
//! - **Table move first**: the move that caused the last cutoff in a position (stored with
//!   its bound) is tried first when the position comes back, in the same pass or the next.
//! - **Enhanced transposition cutoff**: before searching any child, every child is looked up
//!   in the table; one whose stored upper bound already refutes it ends the node at once
//!   (recorded as entering that child and its table hit). Only with fewer than 32 stones:
//!   near the end the probes cost more than the subtrees they save.
//! - **Score bounds**: the side to move cannot win with its next stone (a win at once is
//!   caught before the search, and anticipation never plays into one), nor, with
//!   anticipation, lose to the opponent's next stone: the window is clamped to the scores
//!   still possible and a node whose window becomes empty is settled without search.
//!
//! - **Opening book** (optional, [`Solver::set_book`]): a position with the book's number
//!   of stones is answered from the [`Book`](super::book::Book) — at the root at once, in
//!   the search as a leaf with its exact score — so an earlier position is searched only
//!   down to the book's depth.
//!
//! Budgets are in nodes ([`SolverOptions::node_budget`]); there is no clock.

use crate::event::{Bound, Event, LeafKind, NoObserver, NodeKind, Observer};
use crate::game::Game;
use crate::games::connect4::{column_cells, winning_cells, C4State, Connect4, BOARD, BOTTOM, CELLS};
use crate::search::book::Book;
use std::sync::Arc;

mod bench;
pub use bench::{random_positions, run_set, try_parse_set, SetRun};

/// Cells on the board, as a signed score operand.
const N: i32 = CELLS as i32;

/// Enhanced transposition cutoffs are tried only with fewer stones than this on the board
/// (near the end, the probes cost more than the subtrees they save).
const ETC_BELOW: i32 = 32;

/// The columns, centre first (0-based).
const CENTRE_FIRST: [u8; 7] = [3, 2, 4, 1, 5, 0, 6];
/// The columns, left to right.
const LEFT_TO_RIGHT: [u8; 7] = [0, 1, 2, 3, 4, 5, 6];

/// Which techniques the solver uses. [`Default`] turns everything on;
/// [`SolverOptions::baseline`] turns everything off (plain negamax α-β on the bitboard,
/// left to right, full window, win-in-one detection only).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct SolverOptions {
    /// Columns centre first instead of left to right.
    pub centre_first: bool,
    /// A transposition table of 2^n slots of 8 bytes (n is clamped to 10..=26); `None`: none.
    pub tt_log2: Option<u32>,
    /// Iterative null-window bisection at the root instead of one full-window search.
    pub null_window: bool,
    /// Never play into an immediate loss; forced blocks; loss when two threats are open.
    pub anticipate: bool,
    /// Order moves by the number of winning cells they create.
    pub threat_order: bool,
    /// Store the best move with each table entry and try it first.
    pub tt_move: bool,
    /// Enhanced transposition cutoff: before searching any child, look every child up in
    /// the table; one whose stored upper bound already refutes it ends the node at once.
    pub etc: bool,
    /// Stop after entering this many nodes (the result is then incomplete).
    pub node_budget: Option<u64>,
}

/// 2^20 entries (8 MiB): fits in a large L3 cache. Larger tables save a few nodes on the
/// hardest positions but cost more in cache and TLB misses than they save (measured: 2^23
/// entries take 1.5–2× longer on Test_L2_R2 and Test_L1_R2 for 0–6 % fewer nodes).
pub const DEFAULT_TT_LOG2: u32 = 20;

impl Default for SolverOptions {
    fn default() -> Self {
        SolverOptions {
            centre_first: true,
            tt_log2: Some(DEFAULT_TT_LOG2),
            null_window: true,
            anticipate: true,
            threat_order: true,
            tt_move: true,
            etc: true,
            node_budget: None,
        }
    }
}

impl SolverOptions {
    /// Every technique off: negamax α-β on the bitboard, columns left to right, one
    /// full-window search, a win in one seen at every node.
    pub fn baseline() -> Self {
        SolverOptions {
            centre_first: false,
            tt_log2: None,
            null_window: false,
            anticipate: false,
            threat_order: false,
            tt_move: false,
            etc: false,
            node_budget: None,
        }
    }
}

/// What [`Solver::solve`] found.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Solution {
    /// The score from the side to move: exact (strong), or −1/0/+1 (weak). 0 if incomplete.
    pub score: i32,
    /// Nodes entered.
    pub nodes: u64,
    /// False when the node budget ran out.
    pub complete: bool,
}

/// What [`Solver::narrow`] found: the score lies in `min..=max` (always true).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Narrowed {
    /// The least score still possible.
    pub min: i32,
    /// The greatest score still possible.
    pub max: i32,
    /// Nodes entered.
    pub nodes: u64,
    /// The interval decides what was asked (false when the node budget ran out first).
    pub decided: bool,
}

/// What [`Solver::analyze`] found.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Analysis {
    /// Per column (0-based), the score of playing it, from the side to move (exact or
    /// −1/0/+1); `None` for a full column or a finished game.
    pub scores: [Option<i32>; 7],
    /// Nodes entered, all columns together.
    pub nodes: u64,
    /// False when the node budget ran out (the scores are then meaningless).
    pub complete: bool,
}

/// The bitboard position the solver works on (the layout of [`C4State`]).
#[derive(Copy, Clone, Debug)]
struct Pos {
    current: u64,
    mask: u64,
    moves: i32,
}

impl Pos {
    fn of(s: &C4State) -> Pos {
        Pos { current: s.current(), mask: s.mask(), moves: s.moves() as i32 }
    }

    /// The same key as [`C4State::key`].
    #[inline(always)]
    fn key(&self) -> u64 {
        self.current + self.mask
    }

    #[inline(always)]
    fn possible(&self) -> u64 {
        (self.mask + BOTTOM) & BOARD
    }

    #[inline(always)]
    fn play(&self, mv: u64) -> Pos {
        Pos { current: self.current ^ self.mask, mask: self.mask | mv, moves: self.moves + 1 }
    }

    #[inline(always)]
    fn can_win_next(&self) -> bool {
        winning_cells(self.current, self.mask) & self.possible() != 0
    }

    /// Playable cells that do not let the opponent win at once: the one forced block if the
    /// opponent threatens a win, none if it threatens two, never a cell under one of its
    /// winning cells.
    #[inline(always)]
    fn non_losing_moves(&self) -> u64 {
        let mut possible = self.possible();
        let opp = winning_cells(self.current ^ self.mask, self.mask);
        let forced = possible & opp;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(opp >> 1)
    }

    /// How many winning cells the mover has after playing `mv`.
    #[inline(always)]
    fn threats_after(&self, mv: u64) -> u32 {
        winning_cells(self.current | mv, self.mask | mv).count_ones()
    }

    #[inline(always)]
    fn max_to_move(&self) -> bool {
        self.moves & 1 == 0
    }
}

/// The solver's transposition table: buckets of two `u64` entries (16 bytes, never split
/// across a cache line), each entry `[key part | epoch | stones | move | bound | value]`.
///
/// The 49-bit key is multiplied by an odd constant modulo 2^49 (a bijection); the top bits
/// of the product pick the bucket and the rest is stored, so a hit is exact (no false
/// matches, whatever the size). The first entry of a bucket keeps the position with the
/// fewest stones (the biggest subtree), the second takes everything else (two-tier
/// replacement). The epoch makes [`Solver::reset`] one increment.
#[derive(Clone, Debug)]
struct Table {
    slots: Vec<u64>,
    /// log2 of the number of buckets.
    bucket_bits: u32,
    epoch: u64,
}

const KEY_BITS: u32 = 49;
const VALUE_MASK: u64 = 0x3f;
const VALUE_OFFSET: i32 = 32;
const LOWER_BIT: u64 = 1 << 6;
const MOVE_SHIFT: u32 = 7;
const STONES_SHIFT: u32 = 10;
const EPOCH_SHIFT: u32 = 16;
const EPOCH_BITS: u32 = 12;
const TAG_SHIFT: u32 = EPOCH_SHIFT;
const MIX: u64 = 0x9E37_79B9_7F4A_7C15;
/// An empty slot: its epoch field is all ones, an epoch never used.
const EMPTY: u64 = u64::MAX;
/// The table size limits (log2 of entries): the key part must fit in 64 − 28 bits.
const MIN_TT_LOG2: u32 = 14;
const MAX_TT_LOG2: u32 = 27;

impl Table {
    fn new(log2: u32) -> Table {
        let log2 = log2.clamp(MIN_TT_LOG2, MAX_TT_LOG2);
        // Written out (not left to lazily zeroed pages): a first touch of a page in the
        // middle of a search costs more than the search of an end-game position.
        Table { slots: vec![EMPTY; 1 << log2], bucket_bits: log2 - 1, epoch: 1 }
    }

    /// Forget everything: a new epoch (a full clear once every 4,094 resets).
    fn reset(&mut self) {
        self.epoch += 1;
        if self.epoch >= (1 << EPOCH_BITS) - 1 {
            self.slots.fill(EMPTY);
            self.epoch = 1;
        }
    }

    /// (first slot of the bucket, the tag stored above the stones: key part and epoch).
    #[inline(always)]
    fn locate(&self, key: u64) -> (usize, u64) {
        let mixed = key.wrapping_mul(MIX) & ((1 << KEY_BITS) - 1);
        let rest = KEY_BITS - self.bucket_bits;
        let bucket = (mixed >> rest) as usize;
        let part = mixed & ((1 << rest) - 1);
        (bucket * 2, (part << EPOCH_BITS) | self.epoch)
    }

    /// (value, is a lower bound, move + 1 or 0).
    #[inline(always)]
    fn probe(&self, key: u64) -> Option<(i32, bool, u8)> {
        let (slot, tag) = self.locate(key);
        let (e0, e1) = (self.slots[slot], self.slots[slot + 1]);
        let e = if e0 >> TAG_SHIFT == tag {
            e0
        } else if e1 >> TAG_SHIFT == tag {
            e1
        } else {
            return None;
        };
        let v = (e & VALUE_MASK) as i32 - VALUE_OFFSET;
        Some((v, e & LOWER_BIT != 0, ((e >> MOVE_SHIFT) & 7) as u8))
    }

    #[inline(always)]
    fn store(&mut self, key: u64, stones: i32, value: i32, lower: bool, mv: u8) {
        let (slot, tag) = self.locate(key);
        let lower = if lower { LOWER_BIT } else { 0 };
        let e = (tag << TAG_SHIFT)
            | ((stones as u64) << STONES_SHIFT)
            | ((mv as u64) << MOVE_SHIFT)
            | lower
            | (value + VALUE_OFFSET) as u64;
        let e0 = self.slots[slot];
        let stale = (e0 >> TAG_SHIFT) & ((1 << EPOCH_BITS) - 1) != self.epoch;
        let same = e0 >> TAG_SHIFT == tag;
        let deeper = stones as u64 <= (e0 >> STONES_SHIFT) & 0x3f;
        if stale || same || deeper {
            self.slots[slot] = e;
            // A copy of the same position in the second entry would be out of date.
            if !same && self.slots[slot + 1] >> TAG_SHIFT == tag {
                self.slots[slot + 1] = EMPTY;
            }
        } else {
            self.slots[slot + 1] = e;
        }
    }
}

/// The solver: options, the table (kept across calls until [`Solver::reset`]), counters.
#[derive(Clone, Debug)]
pub struct Solver {
    opts: SolverOptions,
    order: [u8; 7],
    tt: Option<Table>,
    nodes: u64,
    budget: u64,
    aborted: bool,
    root_moves: i32,
    root_best: Option<u8>,
    /// The opening book, if any, and its depth (−1 without one: no position matches).
    book: Option<Arc<Book>>,
    book_depth: i32,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new(SolverOptions::default())
    }
}

/// The score, from the side to move, of a position whose game is over.
fn terminal_score(s: &C4State) -> i32 {
    if crate::games::connect4::has_four(s.current() ^ s.mask()) {
        // The player who just moved won with its ceil(moves / 2)-th stone.
        -(22 - (s.moves() as i32 + 1) / 2)
    } else {
        0
    }
}

impl Solver {
    /// A solver with these options (allocates the table).
    pub fn new(opts: SolverOptions) -> Self {
        Solver {
            order: if opts.centre_first { CENTRE_FIRST } else { LEFT_TO_RIGHT },
            tt: opts.tt_log2.map(Table::new),
            opts,
            nodes: 0,
            budget: u64::MAX,
            aborted: false,
            root_moves: 0,
            root_best: None,
            book: None,
            book_depth: -1,
        }
    }

    /// Uses `book` (or no book) from the next call on: a position with the book's number of
    /// stones is then answered from it, at the root and as a leaf of the search. The table
    /// is kept (its entries are exact with or without a book).
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book_depth = book.as_ref().map_or(-1, |b| b.depth() as i32);
        self.book = book;
    }

    /// The book in use, if any.
    pub fn book(&self) -> Option<&Arc<Book>> {
        self.book.as_ref()
    }

    /// The book's score of `p` if `p` has the book's depth and the book holds it.
    #[inline(always)]
    fn book_score(&self, p: &Pos) -> Option<i32> {
        if p.moves != self.book_depth {
            return None;
        }
        self.book.as_ref().and_then(|b| b.score_of(p.current, p.mask))
    }

    /// The options.
    pub fn options(&self) -> &SolverOptions {
        &self.opts
    }

    /// Changes the node budget of later calls (the table is kept: a solver can be reused
    /// with a different budget without allocating a new one).
    pub fn set_node_budget(&mut self, budget: Option<u64>) {
        self.opts.node_budget = budget;
    }

    /// Forgets the table (cheap: a new epoch). Solving a position after a reset costs what
    /// it costs from scratch, as in the reference benchmarks.
    pub fn reset(&mut self) {
        if let Some(t) = &mut self.tt {
            t.reset();
        }
    }

    /// The exact score of `s` from the side to move (`weak`: only its sign). The table is
    /// kept from earlier calls; call [`Solver::reset`] first for a from-scratch count.
    pub fn solve(&mut self, s: &C4State, weak: bool) -> Solution {
        self.solve_observed(s, weak, &mut NoObserver)
    }

    /// [`Solver::solve`], reporting every node to `obs` (values and windows to MAX). Each
    /// null-window pass is one search (SearchStart … SearchEnd); the last pass's value is
    /// the answer.
    pub fn solve_observed<O: Observer<u8>>(&mut self, s: &C4State, weak: bool, obs: &mut O) -> Solution {
        self.nodes = 0;
        self.budget = self.opts.node_budget.unwrap_or(u64::MAX);
        let r = self.range_score(s, weak, obs);
        Solution { score: if self.aborted { 0 } else { r }, nodes: self.nodes, complete: !self.aborted }
    }

    /// The score of every column (see [`Analysis`]), with the table shared (not reset
    /// between the searches); the node budget covers them all together. The columns are
    /// solved centre first. When the book holds the root, its score v comes first (one
    /// node): no column beats the root, so each child scores at least −v from its own side;
    /// a strong analysis first asks it "exactly −v?" (one null window, which settles every
    /// optimal column), then narrows the rest as a solve does. On the latency bench's
    /// positions (seed 1, 30 a ply) that takes 19 % fewer nodes at ply 9 than solving each
    /// child with the whole window; a solve of the root first did not pay at plies 10–14
    /// (20–30 a ply: 0 to 15 % more nodes), so there each child is solved with the whole
    /// window.
    pub fn analyze(&mut self, s: &C4State, weak: bool) -> Analysis {
        let mut scores = [None; 7];
        self.nodes = 0;
        self.budget = self.opts.node_budget.unwrap_or(u64::MAX);
        self.aborted = false;
        let (lo, hi) = if weak { (-1, 1) } else { (-N, N) };
        let mut complete = true;
        if !s.is_over() {
            let p = Pos::of(s);
            // The root's score v when the book holds it (one node; a solve first does not pay
            // further on), else nothing known: (−N, N).
            let (root_min, v) = match self.book_score(&p) {
                Some(_) => self.range(s, (-N, N), lo, hi, &mut NoObserver),
                None => (-N, N),
            };
            complete = !self.aborted;
            for col in CENTRE_FIRST {
                if !complete || !s.can_play(col) {
                    continue;
                }
                let r = if s.is_winning_move(col) {
                    let w = (N + 1 - p.moves) / 2;
                    (w, w)
                } else {
                    let child = Connect4.result(s, col);
                    let mut r = (-v, N);
                    if !weak && root_min == v {
                        r = self.range(&child, r, -v, 1 - v, &mut NoObserver);
                    }
                    if !self.aborted && r.0 < r.1 {
                        r = self.range(&child, r, lo, hi, &mut NoObserver);
                    }
                    let (min, max) = r;
                    complete = !self.aborted;
                    (-max, -min)
                };
                scores[col as usize] = Some(decided_score(r, weak));
            }
        }
        Analysis { scores: if complete { scores } else { [None; 7] }, nodes: self.nodes, complete }
    }

    /// Narrows the score of `s` (from the side to move), known to lie in `within`, down to
    /// what decides it against `lo` < `hi`: the null-window passes of a solve (the table
    /// kept), stopped as soon as the score is known to be at most `lo`, at least `hi`, or
    /// exactly: (−1, 1) asks for win, draw or loss (a weak solve), (−[`CELLS`], [`CELLS`])
    /// for the exact score (a strong one), (t, t + 1) "is it above t?" (one pass, with the
    /// window (t, t + 1)). The interval returned is always true (`within`
    /// must be), also when the node budget ran out before it decided: it is then what was
    /// known when the budget ran out.
    pub fn narrow(&mut self, s: &C4State, within: (i32, i32), lo: i32, hi: i32) -> Narrowed {
        self.nodes = 0;
        self.budget = self.opts.node_budget.unwrap_or(u64::MAX);
        let (min, max) = self.range(s, within, lo, hi, &mut NoObserver);
        Narrowed { min, max, nodes: self.nodes, decided: min == max || max <= lo || min >= hi }
    }

    /// The score of `s` (exact, or −1/0/+1 when `weak`) through [`Solver::range`].
    #[inline(never)]
    fn range_score<O: Observer<u8>>(&mut self, s: &C4State, weak: bool, obs: &mut O) -> i32 {
        let (lo, hi) = if weak { (-1, 1) } else { (-N, N) };
        decided_score(self.range(s, (-N, N), lo, hi, obs), weak)
    }

    /// The interval `min..=max` the score of `s` lies in (from the side to move; `within` is
    /// known to hold it), narrowed until it decides the score against `lo` < `hi`: at most
    /// `lo`, at least `hi`, or exact (see [`Solver::narrow`]). With the window (−1, 1) the
    /// events of a position settled before the search show its sign (a weak solve). Counts
    /// nodes from the caller's `self.nodes` against `self.budget`; `self.aborted` says the
    /// budget ran out (the interval is then what was known).
    fn range<O: Observer<u8>>(
        &mut self,
        s: &C4State,
        within: (i32, i32),
        lo: i32,
        hi: i32,
        obs: &mut O,
    ) -> (i32, i32) {
        self.aborted = false;
        let p = Pos::of(s);
        self.root_moves = p.moves;
        let weak = lo == -1 && hi == 1;
        let sign = |v: i32| if weak { v.signum() } else { v };
        // Settled before any search: a finished game, a win at once, or a book position.
        let settled = if s.is_over() {
            Some((terminal_score(s), LeafKind::Terminal))
        } else if p.can_win_next() {
            Some(((N + 1 - p.moves) / 2, LeafKind::Proven))
        } else {
            self.book_score(&p).map(|v| (v, LeafKind::Book))
        };
        let (mut min, mut max) = (within.0.max(-(N - p.moves) / 2), within.1.min((N + 1 - p.moves) / 2));
        if let Some((v, kind)) = settled {
            if self.nodes >= self.budget {
                self.aborted = true;
                return (min, max);
            }
            self.nodes += 1;
            if O::ENABLED {
                let (a, b) = if weak { (-1, 1) } else { (-N, N) };
                obs.event(&Event::SearchStart { depth: u32::MAX });
                self.enter(&p, None, a, b, obs);
                self.leaf(&p, sign(v), kind, obs);
                obs.event(&Event::SearchEnd {
                    value: to_max(&p, sign(v)) as f64,
                    best: None,
                    complete: true,
                });
            }
            return (v, v);
        }
        if min == max || max <= lo || min >= hi {
            // Decided by what was known.
            return (min, max);
        }
        if !self.opts.null_window {
            // One search with the whole window (fail-soft: a result on its edge is a bound).
            let (a, b) = if weak { (lo, hi) } else { (lo.max(min), hi.min(max)) };
            let r = self.pass(&p, a, b, obs);
            return if r <= a {
                (min, r)
            } else if r >= b {
                (r, max)
            } else {
                (r, r)
            };
        }
        // Null-window passes that lean towards 0 (most positions are close). A weak solve
        // runs the same passes and stops as soon as the sign is known. (The window (0, 1)
        // alone is often far costlier: proving a slow win means searching the slow lines
        // that a high window settles at once by the stones left; on Test_L1_R1 it takes 6×
        // the nodes of a strong solve. This way a weak solve never costs more than a strong
        // one.)
        while min < max && max > lo && min < hi {
            let mut med = min + (max - min) / 2;
            if hi - lo == 1 {
                // One question, "above `lo`?": one pass.
                med = lo.clamp(min, max - 1);
            } else if med <= 0 && min / 2 < med {
                med = min / 2;
            } else if med >= 0 && max / 2 > med {
                med = max / 2;
            }
            let r = self.pass(&p, med, med + 1, obs).clamp(min, max);
            if self.aborted {
                break;
            }
            if r <= med {
                max = r;
            } else {
                min = r;
            }
        }
        (min, max)
    }

    /// One search from the root with window (α, β), as SearchStart … SearchEnd.
    fn pass<O: Observer<u8>>(&mut self, p: &Pos, alpha: i32, beta: i32, obs: &mut O) -> i32 {
        if O::ENABLED {
            obs.event(&Event::SearchStart { depth: u32::MAX });
        }
        self.root_best = None;
        let r = self.negamax(*p, alpha, beta, None, obs);
        if O::ENABLED {
            let complete = !self.aborted;
            let value = if complete { to_max(p, r) as f64 } else { 0.0 };
            obs.event(&Event::SearchEnd { value, best: self.root_best, complete });
        }
        r
    }

    #[inline(always)]
    fn enter<O: Observer<u8>>(&self, p: &Pos, via: Option<u8>, alpha: i32, beta: i32, obs: &mut O) {
        let kind = if p.max_to_move() { NodeKind::Max } else { NodeKind::Min };
        let (a, b) = window_to_max(p, alpha, beta);
        obs.event(&Event::Enter { via, kind, alpha: a as f64, beta: b as f64 });
    }

    #[inline(always)]
    fn leaf<O: Observer<u8>>(&self, p: &Pos, v: i32, kind: LeafKind, obs: &mut O) -> i32 {
        if O::ENABLED {
            let value = to_max(p, v) as f64;
            obs.event(&Event::Leaf { value, kind });
            obs.event(&Event::Exit { value });
        }
        v
    }

    /// NEGAMAX(p, α, β): the score of `p` from the side to move if it lies inside (α, β);
    /// otherwise a bound on the far side of the window (fail-soft). The side to move cannot
    /// win at once when anticipation is on (the parent never plays into that).
    fn negamax<O: Observer<u8>>(
        &mut self,
        p: Pos,
        mut alpha: i32,
        mut beta: i32,
        via: Option<u8>,
        obs: &mut O,
    ) -> i32 {
        if self.nodes >= self.budget {
            self.aborted = true;
            return 0;
        }
        self.nodes += 1;
        if O::ENABLED {
            self.enter(&p, via, alpha, beta, obs);
        }
        if p.moves == self.book_depth {
            if let Some(v) = self.book_score(&p) {
                return self.leaf(&p, v, LeafKind::Book, obs);
            }
        }
        let opts = self.opts;
        let candidates;
        if opts.anticipate {
            candidates = p.non_losing_moves();
            if candidates == 0 {
                // Every move lets the opponent win with its next stone.
                return self.leaf(&p, -(N - p.moves) / 2, LeafKind::Proven, obs);
            }
            if p.moves >= N - 2 {
                // Two cells left and the opponent cannot win with the last one.
                return self.leaf(&p, 0, LeafKind::Proven, obs);
            }
            // The opponent cannot win with its next stone: it wins with a later one at best.
            let min = -(N - 2 - p.moves) / 2;
            if alpha < min {
                alpha = min;
                if alpha >= beta {
                    return self.leaf(&p, alpha, LeafKind::Proven, obs);
                }
            }
        } else {
            if p.moves == N {
                return self.leaf(&p, 0, LeafKind::Terminal, obs);
            }
            if p.can_win_next() {
                return self.leaf(&p, (N + 1 - p.moves) / 2, LeafKind::Proven, obs);
            }
            candidates = p.possible();
        }

        let key = p.key();
        let mut tt_move = 0u8;
        if let Some(tt) = &self.tt {
            if let Some((v, lower, mv)) = tt.probe(key) {
                tt_move = mv;
                if lower {
                    if alpha < v {
                        alpha = v;
                        if alpha >= beta {
                            return self.tt_hit(&p, v, true, obs);
                        }
                    }
                } else if beta > v {
                    beta = v;
                    if alpha >= beta {
                        return self.tt_hit(&p, v, false, obs);
                    }
                }
            }
        }
        // The side to move cannot win with its next stone (checked above or by the parent).
        let max = (N - 1 - p.moves) / 2;
        if beta > max {
            beta = max;
            if alpha >= beta {
                return self.leaf(&p, beta, LeafKind::Proven, obs);
            }
        }

        // The moves, in search order: table move, then by threats (stable: column order).
        let mut moves = [(0u64, 0u8, 0u32); 7];
        let mut n = 0;
        for &col in &self.order {
            let mv = candidates & column_cells(col);
            if mv != 0 {
                let score = if opts.threat_order { p.threats_after(mv) } else { 0 };
                let score = if opts.tt_move && tt_move == col + 1 { u32::MAX } else { score };
                // Insertion sort, descending, equal scores keep column order.
                let mut i = n;
                while i > 0 && moves[i - 1].2 < score {
                    moves[i] = moves[i - 1];
                    i -= 1;
                }
                moves[i] = (mv, col, score);
                n += 1;
            }
        }

        if opts.etc && p.moves < ETC_BELOW {
            if let Some(tt) = &self.tt {
                for (i, &(mv, col, _)) in moves[..n].iter().enumerate() {
                    let child = p.play(mv);
                    if let Some((v, false, _)) = tt.probe(child.key()) {
                        // The child is worth at most v to its mover: at least −v to us.
                        if -v >= beta {
                            return self
                                .etc_cutoff(&p, &child, key, col, i as u32, n as u32, -v, alpha, beta, obs);
                        }
                    }
                }
            }
        }

        let mut best = -N;
        let mut best_col = 0u8;
        for (i, &(mv, col, _)) in moves[..n].iter().enumerate() {
            let score = -self.negamax(p.play(mv), -beta, -alpha, Some(col), obs);
            if self.aborted {
                return 0;
            }
            if score > best {
                best = score;
                best_col = col;
            }
            if score >= beta {
                if let Some(tt) = &mut self.tt {
                    tt.store(key, p.moves, score, true, if opts.tt_move { col + 1 } else { 0 });
                }
                if p.moves == self.root_moves {
                    self.root_best = Some(col);
                }
                if O::ENABLED {
                    let (a, b) = window_to_max(&p, alpha, beta);
                    let (value, v) = (to_max(&p, score) as f64, to_max(&p, best) as f64);
                    let (alpha, beta, child) = (a as f64, b as f64, i as u32);
                    obs.event(&Event::Backup { child, value, prob: 1.0, v, alpha, beta });
                    obs.event(&Event::Cutoff { v, alpha, beta, first_skipped: child + 1, total: n as u32 });
                    obs.event(&Event::Exit { value: v });
                }
                return score;
            }
            if score > alpha {
                alpha = score;
                if p.moves == self.root_moves {
                    self.root_best = Some(col);
                }
            }
            if O::ENABLED {
                let (a, b) = window_to_max(&p, alpha, beta);
                let (value, v) = (to_max(&p, score) as f64, to_max(&p, best) as f64);
                obs.event(&Event::Backup {
                    child: i as u32,
                    value,
                    prob: 1.0,
                    v,
                    alpha: a as f64,
                    beta: b as f64,
                });
            }
        }
        if let Some(tt) = &mut self.tt {
            tt.store(key, p.moves, best, false, if opts.tt_move { best_col + 1 } else { 0 });
        }
        if O::ENABLED {
            obs.event(&Event::Exit { value: to_max(&p, best) as f64 });
        }
        best
    }

    /// A cutoff found by looking child `i` up in the table: recorded as entering the child
    /// (one node) and its table hit, then the cutoff at this node.
    #[allow(clippy::too_many_arguments)]
    #[cold]
    fn etc_cutoff<O: Observer<u8>>(
        &mut self,
        p: &Pos,
        child: &Pos,
        key: u64,
        col: u8,
        i: u32,
        n: u32,
        score: i32,
        alpha: i32,
        beta: i32,
        obs: &mut O,
    ) -> i32 {
        self.nodes += 1;
        if let Some(tt) = &mut self.tt {
            tt.store(key, p.moves, score, true, if self.opts.tt_move { col + 1 } else { 0 });
        }
        if p.moves == self.root_moves {
            self.root_best = Some(col);
        }
        if O::ENABLED {
            self.enter(child, Some(col), -beta, -alpha, obs);
            self.tt_hit(child, -score, false, obs);
            let (a, b) = window_to_max(p, alpha, beta);
            let v = to_max(p, score) as f64;
            let (alpha, beta) = (a as f64, b as f64);
            obs.event(&Event::Backup { child: i, value: v, prob: 1.0, v, alpha, beta });
            obs.event(&Event::Cutoff { v, alpha, beta, first_skipped: i + 1, total: n });
            obs.event(&Event::Exit { value: v });
        }
        score
    }

    fn tt_hit<O: Observer<u8>>(&self, p: &Pos, v: i32, lower: bool, obs: &mut O) -> i32 {
        if O::ENABLED {
            // A lower bound for the side to move is an upper bound for MAX at a MIN node.
            let bound = if lower == p.max_to_move() { Bound::Lower } else { Bound::Upper };
            let value = to_max(p, v) as f64;
            obs.event(&Event::TtHit { value, bound });
            obs.event(&Event::Exit { value });
        }
        v
    }
}

/// A side-to-move score as utility to MAX.
#[inline(always)]
fn to_max(p: &Pos, v: i32) -> i32 {
    if p.max_to_move() {
        v
    } else {
        -v
    }
}

/// A side-to-move window as MAX's window.
#[inline(always)]
/// The score an interval decided by [`Solver::range`] gives, from the side to move: exact
/// (both ends meet), or when `weak` only its sign (−1, 0 or 1).
fn decided_score((min, max): (i32, i32), weak: bool) -> i32 {
    if !weak {
        min
    } else if max < 0 {
        -1
    } else {
        i32::from(min > 0)
    }
}

fn window_to_max(p: &Pos, alpha: i32, beta: i32) -> (i32, i32) {
    if p.max_to_move() {
        (alpha, beta)
    } else {
        (-beta, -alpha)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::connect4::WIDTH;
    use crate::rng::Rng;

    /// Every unfinished position of seeded random games, until there are `n`.
    fn random_positions(seed: u64, n: usize) -> Vec<C4State> {
        let mut rng = Rng::new(seed);
        let mut out = Vec::new();
        let mut acts = Vec::new();
        while out.len() < n {
            let mut s = Connect4.initial_state();
            loop {
                acts.clear();
                Connect4.actions(&s, &mut acts);
                if acts.is_empty() {
                    break;
                }
                out.push(s);
                s = Connect4.result(&s, acts[rng.below(acts.len() as u32) as usize]);
            }
        }
        out
    }

    #[test]
    fn the_solver_key_is_the_states_key() {
        for s in random_positions(1, 2_000) {
            assert_eq!(Pos::of(&s).key(), s.key());
        }
    }

    #[test]
    fn non_losing_moves_are_exactly_the_moves_after_which_the_opponent_cannot_win_at_once() {
        let mut checked = 0;
        for s in random_positions(2, 5_000) {
            let p = Pos::of(&s);
            if p.can_win_next() {
                continue; // Anticipation is only used where the side to move cannot win at once.
            }
            let got = p.non_losing_moves();
            for col in 0..WIDTH {
                let cell = p.possible() & column_cells(col);
                let safe = s.can_play(col) && {
                    let child = Connect4.result(&s, col);
                    (0..WIDTH).all(|c| !child.is_winning_move(c))
                };
                assert_eq!(got & cell != 0, safe, "{}: column {}", s.board_string(), col + 1);
            }
            checked += 1;
        }
        assert!(checked > 3_000);
    }

    #[test]
    fn the_table_is_exact_and_keeps_the_fewest_stones_first() {
        let mut t = Table::new(MIN_TT_LOG2);
        // Many keys into few buckets: every probe answers its own key or nothing.
        let keys: Vec<u64> = random_positions(3, 50_000).iter().map(|s| s.key()).collect();
        for (i, &k) in keys.iter().enumerate() {
            t.store(k, (i % 43) as i32, (i % 5) as i32 - 2, i % 2 == 0, (i % 8) as u8);
        }
        let mut hits = 0;
        for (i, &k) in keys.iter().enumerate() {
            if let Some((v, lower, mv)) = t.probe(k) {
                // The entry holds this key's last store (a later store of the same key wins).
                let last = keys.iter().rposition(|&x| x == k).unwrap();
                assert_eq!(
                    (v, lower, mv),
                    ((last % 5) as i32 - 2, last % 2 == 0, (last % 8) as u8),
                    "key {i}"
                );
                hits += 1;
            }
        }
        assert!(hits > 1_000);
        // A reset forgets everything.
        t.reset();
        assert!(keys.iter().all(|&k| t.probe(k).is_none()));
        // Two-tier: a position with fewer stones is not pushed out by one with more.
        let mut t = Table::new(MIN_TT_LOG2);
        let a = keys[0];
        let (slot_a, _) = t.locate(a);
        let same_bucket: Vec<u64> =
            keys.iter().copied().filter(|&k| k != a && t.locate(k).0 == slot_a).collect();
        assert!(same_bucket.len() >= 2, "keys sharing a bucket");
        t.store(a, 5, 1, false, 0);
        t.store(same_bucket[0], 30, 2, false, 0);
        t.store(same_bucket[1], 31, 3, false, 0);
        assert_eq!(t.probe(a), Some((1, false, 0)), "the 5-stone entry stays");
        assert_eq!(t.probe(same_bucket[0]), None, "the second place was replaced");
        assert_eq!(t.probe(same_bucket[1]), Some((3, false, 0)));
        // Epochs wrap around with a full clear, and nothing stale comes back.
        for _ in 0..(1 << EPOCH_BITS) {
            t.reset();
            assert_eq!(t.probe(a), None);
        }
    }
}
