//! MINIMAX-DECISION, MAX-VALUE and MIN-VALUE, written as the lessons write them; with chance
//! nodes the same recursion is EXPECTIMINIMAX.
//!
//! Values are utilities to MAX (player 0). A root where MIN moves takes the min.

use super::{PvTable, SearchResult, Stats};
use crate::event::{Event, LeafKind, NodeKind, Observer};
use crate::game::{Game, Player, ToMove};

const INF: f64 = f64::INFINITY;

/// MINIMAX-DECISION: the full game-tree search from `s`. The decision is the leftmost action
/// with the best backed-up value.
pub fn minimax<G: Game, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    obs: &mut O,
) -> SearchResult<G::Action> {
    let mut m = Minimax {
        game,
        obs,
        stats: Stats::default(),
        buf: Vec::new(),
        probs: Vec::new(),
        pv: PvTable::default(),
    };
    if O::ENABLED {
        m.obs.event(&Event::SearchStart { depth: u32::MAX });
    }
    let (value, best_index) = m.value(s, None, 0);
    let pv = m.pv.line(0).to_vec();
    let best = pv.first().copied();
    if O::ENABLED {
        m.obs.event(&Event::SearchEnd { value, best, complete: true });
    }
    SearchResult { value, best, best_index, pv, stats: m.stats, complete: true, depth: u32::MAX }
}

/// EXPECTIMINIMAX: [`minimax`] on a game with chance nodes, where a chance node's value is
/// Σ P(r)·value(RESULT(s, r)).
pub fn expectiminimax<G: Game, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    obs: &mut O,
) -> SearchResult<G::Action> {
    minimax(game, s, obs)
}

/// The value of every root action, in natural order (the per-move scores a play view shows).
pub fn minimax_scores<G: Game>(game: &G, s: &G::State) -> Vec<(G::Action, f64)> {
    let mut acts = Vec::new();
    game.actions(s, &mut acts);
    acts.iter()
        .map(|&a| {
            let child = game.result(s, a);
            (a, minimax(game, &child, &mut crate::event::NoObserver).value)
        })
        .collect()
}

struct Minimax<'a, G: Game, O> {
    game: &'a G,
    obs: &'a mut O,
    stats: Stats,
    /// One action buffer per ply, reused.
    buf: Vec<Vec<G::Action>>,
    probs: Vec<Vec<(G::Action, f64)>>,
    pv: PvTable<G::Action>,
}

impl<G: Game, O: Observer<G::Action>> Minimax<'_, G, O> {
    /// Returns (value, principal variation, index of the chosen child).
    fn value(&mut self, s: &G::State, via: Option<G::Action>, ply: u32) -> (f64, Option<usize>) {
        let to_move = self.game.player(s);
        let kind = match to_move {
            ToMove::Player(Player::MAX) => NodeKind::Max,
            ToMove::Player(_) => NodeKind::Min,
            ToMove::Chance => NodeKind::Chance,
        };
        self.stats.nodes += 1;
        self.pv.clear(ply);
        self.stats.max_depth = self.stats.max_depth.max(ply);
        if O::ENABLED {
            self.obs.event(&Event::Enter { via, kind, alpha: -INF, beta: INF });
        }
        if self.game.is_terminal(s) {
            let u = self.game.utility(s, Player::MAX);
            self.stats.leaves += 1;
            if O::ENABLED {
                self.obs.event(&Event::Leaf { value: u, kind: LeafKind::Terminal });
                self.obs.event(&Event::Exit { value: u });
            }
            return (u, None);
        }
        let r = match kind {
            NodeKind::Chance => self.chance_value(s, ply),
            NodeKind::Max => self.max_value(s, ply),
            _ => self.min_value(s, ply),
        };
        if O::ENABLED {
            self.obs.event(&Event::Exit { value: r.0 });
        }
        r
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
            let (cv, _) = self.value(&child, Some(a), ply + 1);
            let better = if is_max { cv > v } else { cv < v };
            if better || best.is_none() {
                v = cv;
                best = Some(i);
                self.pv.update(ply, a);
            }
            if O::ENABLED {
                self.obs.event(&Event::Backup {
                    child: i as u32,
                    value: cv,
                    prob: 1.0,
                    v,
                    alpha: -INF,
                    beta: INF,
                });
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
        for (k, &(a, p)) in outs.iter().enumerate() {
            let child = self.game.result(s, a);
            let (cv, _) = self.value(&child, Some(a), ply + 1);
            sum += p * cv;
            if O::ENABLED {
                self.obs.event(&Event::Backup {
                    child: k as u32,
                    value: cv,
                    prob: p,
                    v: sum,
                    alpha: -INF,
                    beta: INF,
                });
            }
        }
        self.probs[i] = outs;
        if O::ENABLED {
            self.obs.event(&Event::ChanceAverage { value: sum });
        }
        (sum, None)
    }
}
