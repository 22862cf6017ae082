//! `MctsStepper`: the core's MCTS, one phase or one iteration at a time.
//!
//! The core runs an iteration in one call; to show its four phases one at a time, the
//! stepper runs the iteration observed, keeps its events split by `mcts_phase`, and keeps
//! N and W of every node as they were before it. While a phase of an iteration is shown,
//! the picture is the tree before the iteration plus what the phases shown so far did: the
//! expanded child appears with the expand phase, N and W change with the backup phase
//! (which completes the iteration).
//!
//! Going back within an iteration is free. Going back across an iteration boundary re-runs
//! the search from its seed to the iteration before (O(k) iterations for iteration k): the
//! core's MCTS is deterministic, so the re-run grows exactly the same tree.

#[cfg(feature = "games")]
use crate::game::{with_history, GameHandle};
use crate::options::{mcts_only, Opts};
use crate::skin::Skin;
#[cfg(feature = "trees")]
use crate::tree::GameTree;
use crate::util::{at, int_in, js_err, num_text, number_arg, opt_int_in, to_js};
use plyground::caption::{
    mcts_decision, mcts_narration, mcts_node_name, proof_scored, RootChild, TERMINAL_SCORED,
};
use plyground::event::{Event, MctsPhase};
use plyground::export::mcts::{MctsMark, MctsPicture, MctsShown};
#[cfg(feature = "trees")]
use plyground::game::Game;
use plyground::game::{Player, ToMove};
use plyground::limits::MAX_ITERATIONS;
use plyground::search::mcts::{mcts_phase, select_ucb1, ucb1, Mcts, MctsOptions, Outcome};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// The picture of the tree as `nodes()` gives it with the iteration's events (`shown` of
/// them shown), out of the records, not the game: one function for every game.
fn picture(
    nodes: Vec<MctsNodeInfo>,
    events: Vec<MctsEventInfo>,
    shown: usize,
    players: usize,
    decided: Option<u32>,
    selected: Option<u32>,
) -> MctsPicture {
    let nodes = nodes
        .into_iter()
        .map(|v| MctsShown {
            parent: u32::try_from(v.parent).ok(),
            edge: if v.parent >= 0 { v.label } else { String::new() },
            n: v.n,
            w: v.w,
            to_move: u8::try_from(v.to_move).ok(),
            terminal: v.terminal,
            proof: [Outcome::Win, Outcome::Loss, Outcome::Draw]
                .into_iter()
                .find(|o| Some(o.name()) == v.proof),
        })
        .collect();
    let events = events
        .into_iter()
        .map(|e| MctsMark {
            phase: [MctsPhase::Select, MctsPhase::Expand, MctsPhase::Rollout, MctsPhase::Backup]
                .into_iter()
                .find(|&p| phase_name(p) == e.phase)
                .unwrap_or(MctsPhase::Backup),
            node: e.node,
            child: e.child,
        })
        .collect();
    MctsPicture { nodes, events, shown, players, decided, selected }
}

/// One observed iteration.
struct IterRecord<A> {
    /// Its events, without the opening `MctsIteration`.
    events: Vec<Event<A>>,
    /// Its non-empty phases in order, each with the end of its events.
    phases: Vec<(MctsPhase, usize)>,
    /// N and W of every node before the iteration, by id.
    pre: Vec<(u32, f64)>,
    /// The move to play before the iteration.
    best_before: Option<A>,
}

struct MctsRun<G: Skin> {
    game: G,
    root: G::State,
    opts: MctsOptions,
    mcts: Mcts<G>,
    /// The record of the last iteration run (number `mcts.iterations()`); None before the first.
    rec: Option<IterRecord<G::Action>>,
    /// Phases of `rec` shown; all of them at an iteration boundary.
    shown: usize,
}

fn phase_name(p: MctsPhase) -> &'static str {
    match p {
        MctsPhase::Select => "select",
        MctsPhase::Expand => "expand",
        MctsPhase::Rollout => "rollout",
        MctsPhase::Backup => "backup",
    }
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct MctsNodeInfo {
    id: u32,
    parent: i32,
    action: Option<f64>,
    label: String,
    depth: u32,
    n: f64,
    w: f64,
    q: f64,
    /// -1 at chance nodes.
    to_move: i32,
    /// The player whose rewards W sums (who moved into the node).
    mover: u32,
    terminal: bool,
    untried: u32,
    children: Vec<u32>,
    /// MCTS-Solver: `win`, `loss` or `draw` for the mover, and the rule as a sentence.
    #[tsify(type = "'win' | 'loss' | 'draw' | null")]
    proof: Option<&'static str>,
    /// The rule that proved it, as a sentence (null while unproven).
    proof_rule: Option<String>,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct UcbTerms {
    child: u32,
    action: Option<f64>,
    n: f64,
    w: f64,
    exploitation: f64,
    exploration: f64,
    total: f64,
    /// The child the core's selection rule picks (`select_ucb1`): exactly one row.
    selected: bool,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct RootShare {
    child: u32,
    action: Option<f64>,
    n: f64,
    q: f64,
}

#[derive(Default, Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
struct MctsEventInfo {
    #[tsify(type = "'select' | 'expand' | 'rollout' | 'backup'")]
    phase: &'static str,
    node: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    child: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exploitation: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    exploration: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<f64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    plies: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    reward: Option<Vec<f64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    visits: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    wins: Option<f64>,
}

/// A child as the picture shows it: its arena id, its move in `play()` units, N and W.
struct ShownChild {
    id: u32,
    action: Option<f64>,
    n: f64,
    w: f64,
}

/// `ucb(node)`: the UCB1 terms of the node's shown children (`parent_n` its N as shown), and
/// the one the core's selection rule picks.
fn ucb_terms(kids: &[ShownChild], parent_n: f64, c: f64) -> Result<JsValue, JsError> {
    let pick = select_ucb1(kids.iter().map(|k| (k.w, k.n)), parent_n, c).map(|b| b.0);
    let out: Vec<UcbTerms> = kids
        .iter()
        .enumerate()
        .map(|(i, k)| {
            let (total, exploitation, exploration) = ucb1(k.w, k.n, parent_n, c);
            UcbTerms {
                child: k.id,
                action: k.action,
                n: k.n,
                w: k.w,
                exploitation,
                exploration,
                total,
                selected: pick == Some(i),
            }
        })
        .collect();
    to_js(&out)
}

/// `rootShares()`: N and Q of the root's shown children.
fn root_shares(kids: &[ShownChild]) -> Result<JsValue, JsError> {
    let out: Vec<RootShare> = kids
        .iter()
        .map(|k| RootShare {
            child: k.id,
            action: k.action,
            n: k.n,
            q: if k.n > 0.0 { k.w / k.n } else { 0.0 },
        })
        .collect();
    to_js(&out)
}

impl<G: Skin> MctsRun<G> {
    fn new(game: G, root: G::State, opts: MctsOptions) -> Self {
        let mcts = Mcts::new(game.clone(), root, opts);
        MctsRun { game, root, opts, mcts, rec: None, shown: 0 }
    }

    /// The record of the iteration partly shown, if one is.
    fn partial(&self) -> Option<&IterRecord<G::Action>> {
        self.rec.as_ref().filter(|r| self.shown < r.phases.len())
    }

    fn completed(&self) -> u32 {
        self.mcts.iterations() - u32::from(self.partial().is_some())
    }

    /// Runs one iteration, observed and recorded, and shows all of it.
    fn observe_one(&mut self) {
        let pre: Vec<(u32, f64)> = (0..self.mcts.num_nodes() as u32)
            .filter_map(|id| self.mcts.node(id))
            .map(|n| (n.n, n.w))
            .collect();
        let best_before = self.mcts.best_action();
        let mut events = Vec::new();
        self.mcts.iterate(&mut events);
        events.retain(|e| mcts_phase(e).is_some());
        let mut phases: Vec<(MctsPhase, usize)> = Vec::new();
        for (i, e) in events.iter().enumerate() {
            let Some(p) = mcts_phase(e) else { continue };
            match phases.last_mut() {
                Some(last) if last.0 == p => last.1 = i + 1,
                _ => phases.push((p, i + 1)),
            }
        }
        self.shown = phases.len();
        self.rec = Some(IterRecord { events, phases, pre, best_before });
    }

    /// Moves to the boundary after iteration `k` (re-running from the seed when k is behind).
    fn seek_iteration(&mut self, k: u32) {
        let ran = self.mcts.iterations();
        if k >= ran {
            if k > ran {
                self.mcts.run(k - ran - 1);
                self.observe_one();
            } else if let Some(r) = &self.rec {
                self.shown = r.phases.len();
            }
            return;
        }
        self.mcts = Mcts::new(self.game.clone(), self.root, self.opts);
        self.rec = None;
        self.shown = 0;
        if k >= 1 {
            self.mcts.run(k - 1);
            self.observe_one();
        }
    }

    fn step_phase(&mut self) -> &'static str {
        match self.partial() {
            Some(_) => self.shown += 1,
            None => {
                self.observe_one();
                self.shown = 1;
            }
        }
        self.phase_shown()
    }

    /// The last phase shown (`backup` at a boundary, `none` before the first iteration).
    fn phase_shown(&self) -> &'static str {
        match &self.rec {
            Some(r) if self.shown > 0 => r.phases.get(self.shown - 1).map_or("none", |p| phase_name(p.0)),
            _ => "none",
        }
    }

    fn back(&mut self) -> bool {
        let ran = self.mcts.iterations();
        match &self.rec {
            None => false,
            Some(_) if self.shown > 1 => {
                self.shown -= 1;
                true
            }
            Some(_) => {
                self.seek_iteration(ran - 1);
                true
            }
        }
    }

    /// How many nodes the picture shows, and N, W of node `id` in it.
    fn shown_count(&self) -> usize {
        match self.partial() {
            Some(r) => {
                let expanded = r.phases[..self.shown].iter().any(|p| p.0 == MctsPhase::Expand);
                (r.pre.len() + usize::from(expanded)).min(self.mcts.num_nodes())
            }
            None => self.mcts.num_nodes(),
        }
    }

    fn nw(&self, id: u32) -> (u32, f64) {
        match self.partial() {
            Some(r) => r.pre.get(id as usize).copied().unwrap_or((0, 0.0)),
            None => self.mcts.node(id).map_or((0, 0.0), |n| (n.n, n.w)),
        }
    }

    fn action_js(&self, id: u32) -> Option<f64> {
        self.mcts.node(id).and_then(|n| n.action).map(G::action_js)
    }

    fn nodes(&self) -> Vec<MctsNodeInfo> {
        let count = self.shown_count();
        (0..count as u32)
            .filter_map(|id| self.mcts.node(id))
            .map(|v| {
                let (n, w) = self.nw(v.id);
                let children: Vec<u32> =
                    v.children.iter().copied().filter(|&c| (c as usize) < count).collect();
                let hidden = v.children.len() - children.len();
                let label = self.label_of(v.id);
                MctsNodeInfo {
                    id: v.id,
                    parent: v.parent.map_or(-1, |p| p as i32),
                    action: v.action.map(G::action_js),
                    label,
                    depth: v.depth,
                    n: n as f64,
                    w,
                    q: if n > 0 { w / n as f64 } else { 0.0 },
                    to_move: match v.to_move {
                        ToMove::Player(p) => p.0 as i32,
                        ToMove::Chance => -1,
                    },
                    mover: v.mover.0 as u32,
                    terminal: v.terminal,
                    untried: (v.untried.len() + hidden) as u32,
                    children,
                    proof: v.proof.map(|p| p.outcome.name()),
                    proof_rule: v.proof_text(&|p| self.side_name(p), &|id| self.node_name(id)),
                }
            })
            .collect()
    }

    /// The children of `node` the picture shows, each with its move (`play()` units) and N,
    /// W as shown.
    fn shown_children(&self, node: u32) -> Vec<ShownChild> {
        let count = self.shown_count();
        let Some(v) = self.mcts.node(node) else { return Vec::new() };
        v.children
            .iter()
            .copied()
            .filter(|&c| (c as usize) < count)
            .map(|c| {
                let (n, w) = self.nw(c);
                ShownChild { id: c, action: self.action_js(c), n: n as f64, w }
            })
            .collect()
    }

    /// The label a node is drawn with (`nodes()`, the narration and the decision line).
    #[inline(never)]
    fn label_of(&self, id: u32) -> String {
        let Some(v) = self.mcts.node(id) else { return "?".to_string() };
        self.game.state_label(&v.state).unwrap_or_else(|| {
            match (v.parent.and_then(|p| self.mcts.node(p)), v.action) {
                (Some(p), Some(a)) => self.game.action_name(&p.state, a),
                _ => "root".to_string(),
            }
        })
    }

    /// "the root", "node 4·0": the labels on the path from the root.
    fn node_name(&self, id: u32) -> String {
        let mut labels = Vec::new();
        let mut at = self.mcts.node(id);
        while let Some(v) = at {
            let Some(p) = v.parent else { break };
            labels.push(self.label_of(v.id));
            at = self.mcts.node(p);
        }
        labels.reverse();
        mcts_node_name(&labels)
    }

    /// Player `p` as the figure names it ("X", "O"; MAX, MIN; P1…).
    fn side_name(&self, p: Player) -> String {
        self.game.side_names().get(p.index()).cloned().unwrap_or_else(|| p.name(2))
    }

    /// The phase line's sentence for the picture (the last phase shown).
    fn narration(&self) -> String {
        let shown = self.rec.as_ref().map_or(&[][..], |r| {
            let end = if self.shown == 0 { 0 } else { r.phases[self.shown.min(r.phases.len()) - 1].1 };
            &r.events[..end]
        });
        let done = self.partial().is_none() && self.completed() > 0;
        // Why a node is scored without random moves: terminal, or proven by MCTS-Solver (a
        // proof is never taken back, so the one at hand held when the node was scored).
        let settled = |id: u32| {
            let v = self.mcts.node(id)?;
            if v.terminal {
                return Some(TERMINAL_SCORED.to_string());
            }
            v.proof.map(|p| proof_scored(&p.head(&self.side_name(v.mover))))
        };
        mcts_narration(
            shown,
            &|id| self.node_name(id),
            &self.game.side_names(),
            done.then(|| self.completed()),
            &settled,
        )
    }

    /// The arena id of the move to play now (the core's most-visited root child).
    fn best_child(&self) -> Option<u32> {
        let best = match self.partial() {
            Some(r) => r.best_before?,
            None => self.mcts.best_action()?,
        };
        let count = self.shown_count();
        self.mcts
            .root()
            .children
            .iter()
            .copied()
            .filter(|&c| (c as usize) < count)
            .find(|&c| self.mcts.node(c).and_then(|v| v.action) == Some(best))
    }

    /// The decision line: the move the search would make now, and whether it also has the
    /// best average or which child has a better one.
    fn decision(&self) -> String {
        let count = self.shown_count();
        let kids: Vec<u32> =
            self.mcts.root().children.iter().copied().filter(|&c| (c as usize) < count).collect();
        let stats: Vec<RootChild> = kids
            .iter()
            .map(|&c| {
                let (n, w) = self.nw(c);
                RootChild { label: self.label_of(c), n: n as f64, q: if n > 0 { w / n as f64 } else { 0.0 } }
            })
            .collect();
        let chosen = self.best_child().and_then(|b| kids.iter().position(|&c| c == b));
        mcts_decision(&stats, chosen, self.game.move_prefix())
    }

    /// The iteration's events shown, or `all` of them.
    fn last_events(&self, all: bool) -> Vec<MctsEventInfo> {
        let Some(r) = &self.rec else { return Vec::new() };
        let end = if all {
            r.events.len()
        } else if self.shown == 0 {
            0
        } else {
            r.phases[self.shown.min(r.phases.len()) - 1].1
        };
        let players = self.game.num_players().clamp(1, 4);
        r.events[..end]
            .iter()
            .filter_map(|e| {
                let phase = phase_name(mcts_phase(e)?);
                Some(match *e {
                    Event::MctsSelect { node, child, exploitation, exploration } => MctsEventInfo {
                        phase,
                        node,
                        child: Some(child),
                        exploitation: Some(exploitation),
                        exploration: Some(exploration),
                        ..Default::default()
                    },
                    Event::MctsExpand { node, child, action } => MctsEventInfo {
                        phase,
                        node,
                        child: Some(child),
                        action: Some(G::action_js(action)),
                        ..Default::default()
                    },
                    Event::MctsRollout { node, plies, reward } => MctsEventInfo {
                        phase,
                        node,
                        plies: Some(plies),
                        reward: Some(reward[..players].to_vec()),
                        ..Default::default()
                    },
                    Event::MctsBackup { node, visits, wins } => MctsEventInfo {
                        phase,
                        node,
                        visits: Some(visits),
                        wins: Some(wins),
                        ..Default::default()
                    },
                    _ => return None,
                })
            })
            .collect()
    }

    fn best(&self) -> Option<f64> {
        match self.partial() {
            Some(r) => r.best_before.map(G::action_js),
            None => self.mcts.best_action().map(G::action_js),
        }
    }
}

/// What the `MctsStepper` class calls, whatever the game.
trait MctsSteps {
    fn completed(&self) -> u32;
    fn phase(&self) -> &'static str;
    fn node_count(&self) -> usize;
    fn step_phase(&mut self) -> &'static str;
    fn step_iteration(&mut self);
    fn seek_iteration(&mut self, k: u32);
    fn back(&mut self) -> bool;
    fn has_node(&self, id: u32) -> bool;
    fn nodes(&self) -> Result<JsValue, JsError>;
    fn ucb(&self, node: u32) -> Result<JsValue, JsError>;
    fn last_events(&self) -> Result<JsValue, JsError>;
    fn picture(&self, decided: Option<u32>, selected: Option<u32>) -> MctsPicture;
    fn root_shares(&self) -> Result<JsValue, JsError>;
    fn best(&self) -> Option<f64>;
    fn best_child(&self) -> Option<u32>;
    fn narration(&self) -> String;
    fn decision(&self) -> String;
}

impl<G: Skin> MctsSteps for MctsRun<G> {
    fn completed(&self) -> u32 {
        MctsRun::completed(self)
    }
    fn phase(&self) -> &'static str {
        match self.partial() {
            Some(_) => self.phase_shown(),
            None => "done",
        }
    }
    fn node_count(&self) -> usize {
        self.shown_count()
    }
    fn step_phase(&mut self) -> &'static str {
        MctsRun::step_phase(self)
    }
    fn step_iteration(&mut self) {
        match self.partial() {
            Some(r) => self.shown = r.phases.len(),
            None => self.observe_one(),
        }
    }
    fn seek_iteration(&mut self, k: u32) {
        MctsRun::seek_iteration(self, k)
    }
    fn back(&mut self) -> bool {
        MctsRun::back(self)
    }
    fn has_node(&self, id: u32) -> bool {
        (id as usize) < self.shown_count()
    }
    fn nodes(&self) -> Result<JsValue, JsError> {
        to_js(&MctsRun::nodes(self))
    }
    fn ucb(&self, node: u32) -> Result<JsValue, JsError> {
        if self.mcts.node(node).is_none() {
            return to_js(&Vec::<UcbTerms>::new());
        }
        ucb_terms(&self.shown_children(node), self.nw(node).0 as f64, self.opts.c)
    }
    fn last_events(&self) -> Result<JsValue, JsError> {
        to_js(&MctsRun::last_events(self, false))
    }
    fn picture(&self, decided: Option<u32>, selected: Option<u32>) -> MctsPicture {
        let events = MctsRun::last_events(self, true);
        let shown = MctsRun::last_events(self, false).len();
        picture(MctsRun::nodes(self), events, shown, self.game.num_players(), decided, selected)
    }
    fn root_shares(&self) -> Result<JsValue, JsError> {
        root_shares(&self.shown_children(self.mcts.root().id))
    }
    fn best(&self) -> Option<f64> {
        MctsRun::best(self)
    }
    fn best_child(&self) -> Option<u32> {
        MctsRun::best_child(self)
    }
    fn narration(&self) -> String {
        MctsRun::narration(self)
    }
    fn decision(&self) -> String {
        MctsRun::decision(self)
    }
}

/// Monte Carlo tree search stepped one phase (select, expand, rollout, backup) or one
/// iteration at a time, with N, W, Q and the UCB1 terms of every node as the algorithm saw
/// them. Deterministic: the same seed grows the same tree, here and natively.
#[wasm_bindgen]
pub struct MctsStepper {
    inner: Box<dyn MctsSteps>,
}

#[cfg(feature = "games")]
fn for_game_in<G: crate::skin::BoardSkin>(h: &crate::game::History<G>, o: MctsOptions) -> Box<dyn MctsSteps> {
    Box::new(MctsRun::new(h.game.clone(), *h.state(), o))
}

fn check_room(done: u32, more: &JsValue, place: &str) -> Result<u32, JsError> {
    let room = u64::from(MAX_ITERATIONS - done.min(MAX_ITERATIONS));
    number_arg("n", more).and_then(|m| int_in("n", m, 0, room)).map(|n| n as u32).map_err(|e| {
        js_err(format!("{place}: {e} (an MctsStepper runs at most {MAX_ITERATIONS} iterations)"))
    })
}

#[wasm_bindgen]
impl MctsStepper {
    #[cfg(feature = "games")]
    /// An MCTS tree holding only the game's position. Options: `c` (default √2), `seed`
    /// (default 0), `expansion` ('natural' or 'random'), `solver` (MCTS-Solver, default false).
    #[wasm_bindgen(js_name = forGame)]
    pub fn for_game(
        game: &GameHandle,
        #[wasm_bindgen(unchecked_optional_param_type = "MctsOptions")] opts: JsValue,
    ) -> Result<MctsStepper, JsError> {
        let place = at("MctsStepper.forGame");
        let o = Opts::parse(&opts).and_then(|o| mcts_only(&o)).map_err(&place)?;
        let inner = with_history!(&game.pos, h => for_game_in(h, o));
        Ok(MctsStepper { inner })
    }

    #[cfg(feature = "trees")]
    /// An MCTS tree holding only the root of an explicit tree (see `forGame`).
    #[wasm_bindgen(js_name = forTree)]
    pub fn for_tree(
        tree: &GameTree,
        #[wasm_bindgen(unchecked_optional_param_type = "MctsOptions")] opts: JsValue,
    ) -> Result<MctsStepper, JsError> {
        let place = at("MctsStepper.forTree");
        let o = Opts::parse(&opts).and_then(|o| mcts_only(&o)).map_err(&place)?;
        let t = tree.tree.clone();
        o.check(&t).map_err(&place)?;
        let root = t.initial_state();
        Ok(MctsStepper { inner: Box::new(MctsRun::new(t, root, o)) })
    }

    /// Completed iterations (N at the root in the picture).
    #[wasm_bindgen(getter)]
    pub fn iterations(&self) -> u32 {
        self.inner.completed()
    }

    /// `'done'` between iterations; `'select'`, `'expand'` or `'rollout'` while an
    /// iteration is shown up to that phase (the backup phase completes the iteration).
    #[wasm_bindgen(getter, unchecked_return_type = "'done' | 'select' | 'expand' | 'rollout'")]
    pub fn phase(&self) -> String {
        self.inner.phase().to_string()
    }

    /// Nodes in the picture.
    #[wasm_bindgen(getter, js_name = nodeCount)]
    pub fn node_count(&self) -> u32 {
        self.inner.node_count() as u32
    }

    /// Shows the next phase (running the next iteration when none is partly shown); returns
    /// its name: `'select'`, `'expand'`, `'rollout'` or `'backup'`. Phases without events
    /// are skipped: no select at a root with untried moves, no expand at a terminal leaf.
    #[wasm_bindgen(js_name = stepPhase, unchecked_return_type = "'select' | 'expand' | 'rollout' | 'backup'")]
    pub fn step_phase(&mut self) -> Result<String, JsError> {
        if self.inner.phase() == "done" {
            check_room(self.inner.completed(), &JsValue::from(1), "MctsStepper.stepPhase")?;
        }
        Ok(self.inner.step_phase().to_string())
    }

    /// Completes the iteration partly shown, or runs the next one; returns `iterations`.
    #[wasm_bindgen(js_name = stepIteration)]
    pub fn step_iteration(&mut self) -> Result<u32, JsError> {
        if self.inner.phase() == "done" {
            check_room(self.inner.completed(), &JsValue::from(1), "MctsStepper.stepIteration")?;
        }
        self.inner.step_iteration();
        Ok(self.inner.completed())
    }

    /// Runs `n` more iterations (ending at an iteration boundary); returns `iterations`.
    pub fn run(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    ) -> Result<u32, JsError> {
        let done = self.inner.completed();
        let n = check_room(done, &n, "MctsStepper.run")?;
        if n > 0 {
            self.inner.seek_iteration(done + n);
        }
        Ok(self.inner.completed())
    }

    /// One phase back; false at the start. Crossing back over an iteration boundary re-runs
    /// the search from its seed (O(k) iterations at iteration k).
    pub fn back(&mut self) -> bool {
        self.inner.back()
    }

    /// Moves to the boundary after iteration `k` (0 to 1,000,000); re-runs from the seed
    /// when `k` is behind.
    #[wasm_bindgen(js_name = seekIteration)]
    pub fn seek_iteration(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] k: JsValue,
    ) -> Result<u32, JsError> {
        let k = number_arg("iteration", &k)
            .and_then(|k| int_in("iteration", k, 0, MAX_ITERATIONS.into()))
            .map_err(at("MctsStepper.seekIteration"))?;
        self.inner.seek_iteration(k as u32);
        Ok(self.inner.completed())
    }

    /// Every node in the picture, by id: `{id, parent, action, label, depth, n, w, q, toMove
    /// (−1 at chance nodes), mover, terminal, untried, children}`. W counts the rewards of
    /// `mover`, the player who moved into the node.
    #[wasm_bindgen(unchecked_return_type = "MctsNodeInfo[]")]
    pub fn nodes(&self) -> Result<JsValue, JsError> {
        self.inner.nodes()
    }

    /// The UCB1 terms of `node`'s children as selection computes them from the picture's N
    /// and W: `[{child, action, n, w, exploitation, exploration, total}]` (total = +∞ for
    /// an unvisited child).
    #[wasm_bindgen(unchecked_return_type = "UcbTerms[]")]
    pub fn ucb(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] node: JsValue,
    ) -> Result<JsValue, JsError> {
        let count = self.inner.node_count() as u64;
        let id = number_arg("node", &node)
            .and_then(|n| int_in("node", n, 0, count.saturating_sub(1)))
            .map_err(at("MctsStepper.ucb"))? as u32;
        if !self.inner.has_node(id) {
            return Err(js_err(format!("MctsStepper.ucb: there is no node {id}")));
        }
        self.inner.ucb(id)
    }

    /// The events of the iteration in the picture: the one partly shown, up to its last
    /// phase shown, or at a boundary the whole last iteration. `[{phase, node, …}]`.
    #[wasm_bindgen(js_name = lastEvents, unchecked_return_type = "MctsEventInfo[]")]
    pub fn last_events(&self) -> Result<JsValue, JsError> {
        self.inner.last_events()
    }

    /// The picture at the point shown, as numbers for `placeMcts(numbers, labels)` (the tree
    /// module's, which places it for the canvas, with `labels` the nodes' `label`s as
    /// `nodes()` gives them): the tree's W/N and proofs, the iteration's events, the decision
    /// `decided` (its edge bold) and the inspected node `selected` (node ids or null)
    /// (`plyground::export::mcts`). Nothing of the game is in it: the games module steps a
    /// game's MCTS, the tree module places its picture.
    pub fn picture(&self, decided: Option<f64>, selected: Option<f64>) -> Result<Vec<f64>, JsError> {
        let last = (self.inner.node_count() as u64).saturating_sub(1);
        let place = at("MctsStepper.picture");
        let decided = opt_int_in("decided", decided, 0, last).map_err(&place)?;
        let selected = opt_int_in("selected", selected, 0, last).map_err(&place)?;
        Ok(self.inner.picture(decided.map(|v| v as u32), selected.map(|v| v as u32)).to_numbers())
    }

    /// `[{child, action, n, q}]` for the root's children, in expansion order.
    #[wasm_bindgen(js_name = rootShares, unchecked_return_type = "RootShare[]")]
    pub fn root_shares(&self) -> Result<JsValue, JsError> {
        self.inner.root_shares()
    }

    /// The move to play now: the most-visited root child's action (null before the first
    /// iteration).
    #[wasm_bindgen(getter, unchecked_return_type = "number | null")]
    pub fn best(&self) -> JsValue {
        self.inner.best().map_or(JsValue::NULL, JsValue::from_f64)
    }

    /// The node id of that child (null before the first iteration): the root child the
    /// figure draws bold and stars.
    #[wasm_bindgen(getter, js_name = bestChild, unchecked_return_type = "number | null")]
    pub fn best_child(&self) -> JsValue {
        self.inner.best_child().map_or(JsValue::NULL, |c| JsValue::from_f64(c as f64))
    }

    /// The phase line's sentence for the picture, written by the core
    /// (`plyground::caption::mcts_narration`): "SELECT: from the root follow the child with
    /// the largest UCB1, node 4 (0.7000 + 0.4798 = 1.1798).", "Iteration 3 complete. BACKUP: …".
    pub fn narration(&self) -> String {
        self.inner.narration()
    }

    /// The decision line (`plyground::caption::mcts_decision`): the most-visited root child
    /// and what is true of it — it also has the best average, or which child has a better one.
    pub fn decision(&self) -> String {
        self.inner.decision()
    }
}

/// `ucb1Select(ws, ns, parentN, c)`: the child MCTS selection picks among children with
/// total rewards `ws` over visits `ns` (the core's `select_ucb1`: the largest UCB1, the first
/// on ties; an unvisited child first), as its index; −1 for no children. Throws when the
/// arrays differ in length.
#[wasm_bindgen(js_name = ucb1Select)]
pub fn ucb1_select_js(
    ws: &[f64],
    ns: &[f64],
    #[wasm_bindgen(js_name = parentN)] parent_n: f64,
    c: f64,
) -> Result<i32, JsError> {
    if ws.len() != ns.len() {
        return Err(js_err(format!("ucb1Select: {} rewards but {} visit counts", ws.len(), ns.len())));
    }
    Ok(select_ucb1(ws.iter().copied().zip(ns.iter().copied()), parent_n, c).map_or(-1, |b| b.0 as i32))
}

/// `ucb1(w, n, parentN, c)`: the core's UCB1 of one child with total reward `w` over `n`
/// visits under a parent visited `parentN` times, as `{exploitation, exploration, total}` —
/// the same function selection uses (the MCTS lab's calculator shows the lessons' exercise
/// with it). An unvisited child (`n` = 0) gets `total = Infinity`. Throws on a negative or
/// non-finite argument, or `w > n`, naming it.
#[wasm_bindgen(js_name = ucb1, unchecked_return_type = "Ucb1")]
pub fn ucb1_js(
    #[wasm_bindgen(unchecked_param_type = "number")] w: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] n: JsValue,
    #[wasm_bindgen(js_name = parentN, unchecked_param_type = "number")] parent_n: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] c: JsValue,
) -> Result<JsValue, JsError> {
    let place = at("ucb1");
    let arg = |what: &str, v: &JsValue| -> Result<f64, String> {
        let x = number_arg(what, v)?;
        if !x.is_finite() || x < 0.0 {
            return Err(format!("{what} must be a finite number ≥ 0, got {}", num_text(x)));
        }
        Ok(x)
    };
    let w = arg("w", &w).map_err(&place)?;
    let n = arg("n", &n).map_err(&place)?;
    let parent_n = arg("parentN", &parent_n).map_err(&place)?;
    let c = arg("c", &c).map_err(&place)?;
    if w > n {
        return Err(place(format!(
            "w = {} exceeds n = {} (rewards are in [0, 1] per visit)",
            num_text(w),
            num_text(n)
        )));
    }
    #[derive(Serialize, tsify_next::Tsify)]
    #[tsify(missing_as_null)]
    struct Ucb1 {
        exploitation: f64,
        exploration: f64,
        total: f64,
    }
    let (total, exploitation, exploration) = ucb1(w, n, parent_n, c);
    to_js(&Ucb1 { exploitation, exploration, total })
}
