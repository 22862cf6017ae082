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
    minimax_budgeted(game, s, None, obs).0
}

/// [`minimax`] that enters at most `budget` nodes (the result is then incomplete: value 0, no
/// move), with the value of every root child (in natural order; for a chance root, every
/// outcome) from the same search. A child not finished within the budget is `None`.
#[allow(clippy::type_complexity)]
pub fn minimax_budgeted<G: Game, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    budget: Option<u64>,
    obs: &mut O,
) -> (SearchResult<G::Action>, Vec<(G::Action, Option<f64>)>) {
    let mut m = Minimax {
        game,
        obs,
        stats: Stats::default(),
        buf: Vec::new(),
        probs: Vec::new(),
        pv: PvTable::default(),
        budget: budget.unwrap_or(u64::MAX),
        aborted: false,
        root: Vec::new(),
    };
    if O::ENABLED {
        m.obs.event(&Event::SearchStart { depth: u32::MAX });
    }
    let (v, best_index) = m.value(s, None, 0);
    let complete = !m.aborted;
    let value = if complete { v } else { 0.0 };
    let pv = if complete { m.pv.line(0).to_vec() } else { Vec::new() };
    let best = pv.first().copied();
    let best_index = if complete { best_index } else { None };
    if O::ENABLED {
        m.obs.event(&Event::SearchEnd { value, best, complete });
    }
    let mut acts = Vec::new();
    game.actions(s, &mut acts);
    let mut root = m.root.into_iter();
    let scores = acts.iter().map(|&a| (a, root.next().map(|r| r.1))).collect();
    (SearchResult { value, best, best_index, pv, stats: m.stats, complete, depth: u32::MAX }, scores)
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
    /// Stop entering nodes after this many.
    budget: u64,
    /// The budget ran out; unwinding.
    aborted: bool,
    /// The root's children's values, in natural order, as far as the search got.
    root: Vec<(G::Action, f64)>,
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
        if self.stats.nodes >= self.budget {
            self.aborted = true;
        }
        if self.aborted {
            return (0.0, None);
        }
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
            if self.aborted {
                break;
            }
            if ply == 0 {
                self.root.push((a, cv));
            }
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
