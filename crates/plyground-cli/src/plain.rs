//! A hook-free copy of `plyground::search::minimax`, kept only to measure what the observer
//! hooks cost. It is the library's recursion with every `if O::ENABLED { … }` block and the
//! observer parameter removed — nothing else changed — and the benchmark runs both side by
//! side.

use plyground::event::NodeKind;
use plyground::game::{Game, Player, ToMove};
use plyground::search::{PvTable, Stats};

const INF: f64 = f64::INFINITY;

/// MINIMAX-DECISION without an observer; returns (value, stats).
pub fn minimax_without_hooks<G: Game>(game: &G, s: &G::State) -> (f64, Stats) {
    let mut m = Minimax {
        game,
        stats: Stats::default(),
        buf: Vec::new(),
        probs: Vec::new(),
        pv: PvTable::default(),
        budget: u64::MAX,
        aborted: false,
        root: Vec::new(),
    };
    let (v, _) = m.value(s, 0);
    (v, m.stats)
}

struct Minimax<'a, G: Game> {
    game: &'a G,
    stats: Stats,
    /// One action buffer per ply, reused.
    buf: Vec<Vec<G::Action>>,
    probs: Vec<Vec<(G::Action, f64)>>,
    pv: PvTable<G::Action>,
    budget: u64,
    aborted: bool,
    root: Vec<(G::Action, f64)>,
}

impl<G: Game> Minimax<'_, G> {
    /// Returns (value, principal variation, index of the chosen child).
    fn value(&mut self, s: &G::State, ply: u32) -> (f64, Option<usize>) {
        let to_move = self.game.player(s);
        let kind = match to_move {
            ToMove::Player(Player::MAX) => NodeKind::Max,
            ToMove::Player(_) => NodeKind::Min,
            ToMove::Chance => NodeKind::Chance,
        };
        if self.stats.nodes >= self.budget {
            self.aborted = true;
        }
        if self.aborted {
            return (0.0, None);
        }
        self.stats.nodes += 1;
        self.pv.clear(ply);
        self.stats.max_depth = self.stats.max_depth.max(ply);
        if self.game.is_terminal(s) {
            let u = self.game.utility(s, Player::MAX);
            self.stats.leaves += 1;
            return (u, None);
        }
        match kind {
            NodeKind::Chance => self.chance_value(s, ply),
            NodeKind::Max => self.max_value(s, ply),
            _ => self.min_value(s, ply),
        }
    }

    fn take_actions(&mut self, s: &G::State, ply: u32) -> Vec<G::Action> {
        let mut acts = self.buf.get_mut(ply as usize).map(std::mem::take).unwrap_or_default();
        acts.clear();
        self.game.actions(s, &mut acts);
        acts
    }

    fn give_back(&mut self, acts: Vec<G::Action>, ply: u32) {
        let i = ply as usize;
        if self.buf.len() <= i {
            self.buf.resize_with(i + 1, Vec::new);
        }
        self.buf[i] = acts;
    }

    /// MAX-VALUE: v ← −∞; for each a: v ← max(v, MIN-VALUE(RESULT(s, a))).
    fn max_value(&mut self, s: &G::State, ply: u32) -> (f64, Option<usize>) {
        self.extreme(s, ply, true)
    }

    /// MIN-VALUE: v ← +∞; for each a: v ← min(v, MAX-VALUE(RESULT(s, a))).
    fn min_value(&mut self, s: &G::State, ply: u32) -> (f64, Option<usize>) {
        self.extreme(s, ply, false)
    }

    fn extreme(&mut self, s: &G::State, ply: u32, is_max: bool) -> (f64, Option<usize>) {
        let acts = self.take_actions(s, ply);
        let mut v = if is_max { -INF } else { INF };
        let mut best = None;
        for (i, &a) in acts.iter().enumerate() {
            let child = self.game.result(s, a);
            let (cv, _) = self.value(&child, ply + 1);
            if self.aborted {
                break;
            }
            if ply == 0 {
                self.root.push((a, cv));
            }
            let better = if is_max { cv > v } else { cv < v };
            if better || best.is_none() {
                v = cv;
                best = Some(i);
                self.pv.update(ply, a);
            }
        }
        self.give_back(acts, ply);
        (v, best)
    }

    /// EXPECTIMINIMAX at a chance node: Σ P(r) · value(RESULT(s, r)).
    fn chance_value(&mut self, s: &G::State, ply: u32) -> (f64, Option<usize>) {
        let i = ply as usize;
        if self.probs.len() <= i {
            self.probs.resize_with(i + 1, Vec::new);
        }
        let mut outs = std::mem::take(&mut self.probs[i]);
        outs.clear();
        self.game.chance_outcomes(s, &mut outs);
        let mut sum = 0.0;
        for &(a, p) in outs.iter() {
            let child = self.game.result(s, a);
            let (cv, _) = self.value(&child, ply + 1);
            if self.aborted {
                break;
            }
            if ply == 0 {
                self.root.push((a, cv));
            }
            sum += p * cv;
        }
        self.probs[i] = outs;
        (sum, None)
    }
}
