//! max^n (Luckhardt & Irani): the n-player generalisation of minimax. Every node backs up a
//! whole utility vector; the player to move picks the child whose vector is best *for
//! itself*, the leftmost one on ties.

use super::{PvTable, SearchResult, Stats};
use crate::event::{Event, LeafKind, NodeKind, Observer};
use crate::game::{Game, ToMove, Utilities};

/// max^n from `s`. The result's `value` is the utility to player 0 (MAX), as in every
/// [`SearchResult`], whoever is to move at the root; [`maxn_values`] gives the whole vector.
pub fn maxn<G: Game, O: Observer<G::Action>>(game: &G, s: &G::State, obs: O) -> SearchResult<G::Action> {
    maxn_values(game, s, obs).0
}

/// max^n from `s`, with the root's utility vector.
pub fn maxn_values<G: Game, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    obs: O,
) -> (SearchResult<G::Action>, Utilities) {
    let (r, u, _) = maxn_budgeted(game, s, None, obs);
    (r, u)
}

/// [`maxn_values`] that enters at most `budget` nodes (the result is then incomplete: value
/// 0, no move), with the utility vector of every root child (natural order; every outcome
/// of a chance root) from the same search; `None` for a child not finished in the budget.
#[allow(clippy::type_complexity)]
pub fn maxn_budgeted<G: Game, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    budget: Option<u64>,
    obs: O,
) -> (SearchResult<G::Action>, Utilities, Vec<(G::Action, Option<Utilities>)>) {
    let mut m = MaxN {
        game,
        obs,
        stats: Stats::default(),
        pv: PvTable::default(),
        budget: budget.unwrap_or(u64::MAX),
        aborted: false,
        root: Vec::new(),
    };
    if O::ENABLED {
        m.obs.event(&Event::SearchStart { depth: u32::MAX });
    }
    let (u, best_index) = m.value(s, None, 0);
    let complete = !m.aborted;
    let u = if complete { u } else { [0.0; crate::game::MAX_PLAYERS] };
    let pv = if complete { m.pv.line(0).to_vec() } else { Vec::new() };
    let best = pv.first().copied();
    let best_index = if complete { best_index } else { None };
    // To player 0, like every SearchResult (the player to move's entry was used before: with
    // O to move, searchGame's value came out with the wrong sign; found by the API fuzzer).
    let value = u[0];
    if O::ENABLED {
        m.obs.event(&Event::SearchEnd { value, best, complete });
    }
    let mut acts = Vec::new();
    game.actions(s, &mut acts);
    let mut root = m.root.into_iter();
    let scores = acts.iter().map(|&a| (a, root.next())).collect();
    (SearchResult { value, best, best_index, pv, stats: m.stats, complete, depth: u32::MAX }, u, scores)
}

struct MaxN<'a, G: Game, O> {
    game: &'a G,
    obs: O,
    stats: Stats,
    pv: PvTable<G::Action>,
    budget: u64,
    aborted: bool,
    /// The root's children's vectors, in natural order, as far as the search got.
    root: Vec<Utilities>,
}

impl<G: Game, O: Observer<G::Action>> MaxN<'_, G, O> {
    fn value(&mut self, s: &G::State, via: Option<G::Action>, ply: u32) -> (Utilities, Option<usize>) {
        let to_move = self.game.player(s);
        let kind = match to_move {
            ToMove::Player(p) => NodeKind::Player(p.0),
            ToMove::Chance => NodeKind::Chance,
        };
        if self.stats.nodes >= self.budget {
            self.aborted = true;
        }
        if self.aborted {
            return ([0.0; crate::game::MAX_PLAYERS], None);
        }
        self.stats.nodes += 1;
        self.stats.max_depth = self.stats.max_depth.max(ply);
        self.pv.clear(ply);
        if O::ENABLED {
            self.obs.event(&Event::Enter { via, kind, alpha: f64::NEG_INFINITY, beta: f64::INFINITY });
        }
        if self.game.is_terminal(s) {
            let u = self.game.utilities(s);
            self.stats.leaves += 1;
            if O::ENABLED {
                self.obs.event(&Event::LeafUtilities { values: u, kind: LeafKind::Terminal });
                self.obs.event(&Event::ExitUtilities { values: u });
            }
            return (u, None);
        }
        let mut best: Option<(Utilities, usize)> = None;
        match to_move {
            ToMove::Player(p) => {
                let mut acts = Vec::new();
                self.game.actions(s, &mut acts);
                for (i, &a) in acts.iter().enumerate() {
                    let child = self.game.result(s, a);
                    let (u, _) = self.value(&child, Some(a), ply + 1);
                    if self.aborted {
                        break;
                    }
                    if ply == 0 {
                        self.root.push(u);
                    }
                    if best.is_none_or(|(b, _)| u[p.index()] > b[p.index()]) {
                        best = Some((u, i));
                        self.pv.update(ply, a);
                    }
                    if O::ENABLED {
                        let b = best.map(|b| b.0).unwrap_or(u);
                        self.obs.event(&Event::BackupUtilities { child: i as u32, values: u, best: b });
                    }
                }
            }
            ToMove::Chance => {
                let mut outs = Vec::new();
                self.game.chance_outcomes(s, &mut outs);
                let mut sum = [0.0; crate::game::MAX_PLAYERS];
                for (i, &(a, prob)) in outs.iter().enumerate() {
                    let child = self.game.result(s, a);
                    let (u, _) = self.value(&child, Some(a), ply + 1);
                    if self.aborted {
                        break;
                    }
                    if ply == 0 {
                        self.root.push(u);
                    }
                    for (acc, x) in sum.iter_mut().zip(u) {
                        *acc += prob * x;
                    }
                    if O::ENABLED {
                        self.obs.event(&Event::BackupUtilities { child: i as u32, values: u, best: sum });
                    }
                }
                best = Some((sum, 0));
            }
        }
        let (u, i) = best.unwrap_or(([0.0; crate::game::MAX_PLAYERS], 0));
        if O::ENABLED {
            self.obs.event(&Event::ExitUtilities { values: u });
        }
        (u, matches!(to_move, ToMove::Player(_)).then_some(i))
    }
}
