//! The recorder turns the real searches' events into steppable traces: the lessons' worked
//! examples step by step, and properties (replay = live result, back∘forward = identity,
//! seek = stepping, truncation) over tic-tac-toe and hand-built trees.

use plyground::event::{LeafKind, NodeKind};
use plyground::game::{Evaluator, IllegalAction, Utilities, WeightedLinear, MAX_PLAYERS};
use plyground::games::tictactoe::{TicTacToe, TttState};
use plyground::rng::Rng;
use plyground::search::alphabeta::{alpha_beta, h_alpha_beta, iterative_deepening, AlphaBetaOptions};
use plyground::search::maxn::maxn_values;
use plyground::search::minimax::{expectiminimax, minimax};
use plyground::trace::{
    encode_event, EventKind, Flavour, NodeValue, Procedure, Recorder, StepState, Trace, EVENT_NAMES,
};
use plyground::{Event, Game, MoveOrder, Player, SearchResult, ToMove};

const INF: f64 = f64::INFINITY;

// ---------------------------------------------------------------------------------------
// A small explicit game tree, built by hand (independent of games::tree).

#[derive(Clone, Debug)]
struct TNode {
    label: Option<String>,
    to_move: ToMove,
    children: Vec<usize>,
    names: Vec<String>,
    probs: Vec<f64>,
    value: Utilities,
}

#[derive(Clone, Debug, Default)]
struct Tree {
    nodes: Vec<TNode>,
    players: usize,
}

impl Tree {
    fn new(players: usize) -> Self {
        Tree { nodes: Vec::new(), players }
    }

    fn node(&mut self, label: Option<&str>, to_move: ToMove) -> usize {
        self.nodes.push(TNode {
            label: label.map(str::to_string),
            to_move,
            children: Vec::new(),
            names: Vec::new(),
            probs: Vec::new(),
            value: [0.0; MAX_PLAYERS],
        });
        self.nodes.len() - 1
    }

    fn leaf(&mut self, value: &[f64]) -> usize {
        let id = self.node(None, ToMove::Player(Player::MAX));
        self.nodes[id].value[..value.len()].copy_from_slice(value);
        id
    }

    fn link(&mut self, parent: usize, child: usize, name: &str, prob: f64) {
        let p = &mut self.nodes[parent];
        p.children.push(child);
        p.names.push(name.to_string());
        p.probs.push(prob);
    }

    /// A MAX root over MIN nodes over leaves, labelled A, B, C, D… with actions a1, b1…
    fn two_ply(leaves: &[&[f64]]) -> Tree {
        let mut t = Tree::new(2);
        let root = t.node(Some("A"), ToMove::Player(Player::MAX));
        for (i, row) in leaves.iter().enumerate() {
            let letter = (b'B' + i as u8) as char;
            let m = t.node(Some(&letter.to_string()), ToMove::Player(Player::MIN));
            t.link(root, m, &format!("a{}", i + 1), 1.0);
            for (j, &v) in row.iter().enumerate() {
                let l = t.leaf(&[v]);
                t.link(m, l, &format!("{}{}", letter.to_ascii_lowercase(), j + 1), 1.0);
            }
        }
        t
    }
}

impl Game for Tree {
    type State = usize;
    type Action = u8;

    fn initial_state(&self) -> usize {
        0
    }
    fn player(&self, s: &usize) -> ToMove {
        self.nodes[*s].to_move
    }
    fn actions(&self, s: &usize, out: &mut Vec<u8>) {
        out.extend((0..self.nodes[*s].children.len()).map(|i| i as u8));
    }
    fn result(&self, s: &usize, a: u8) -> usize {
        self.nodes[*s].children[a as usize]
    }
    fn try_result(&self, s: &usize, a: u8) -> Result<usize, IllegalAction> {
        self.nodes[*s]
            .children
            .get(a as usize)
            .copied()
            .ok_or_else(|| IllegalAction::new(format!("action {a}: node {s} has no such child")))
    }
    fn is_terminal(&self, s: &usize) -> bool {
        self.nodes[*s].children.is_empty()
    }
    fn utility(&self, s: &usize, p: Player) -> f64 {
        let u = &self.nodes[*s].value;
        if self.players == 2 {
            if p == Player::MAX {
                u[0]
            } else {
                -u[0]
            }
        } else {
            u[p.index()]
        }
    }
    fn utility_range(&self) -> (f64, f64) {
        (-100.0, 100.0)
    }
    fn num_players(&self) -> usize {
        self.players
    }
    fn chance_outcomes(&self, s: &usize, out: &mut Vec<(u8, f64)>) {
        out.extend(self.nodes[*s].probs.iter().enumerate().map(|(i, &p)| (i as u8, p)));
    }
    fn action_name(&self, s: &usize, a: u8) -> String {
        self.nodes[*s].names[a as usize].clone()
    }
    fn state_label(&self, s: &usize) -> Option<String> {
        self.nodes[*s].label.clone()
    }
}

/// Figure 5.2 of the lessons: MAX over three MIN nodes.
fn figure_5_2() -> Tree {
    Tree::two_ply(&[&[3.0, 12.0, 8.0], &[2.0, 4.0, 6.0], &[14.0, 5.0, 2.0]])
}

/// The expectiminimax tree of AIMA Figure 5.11's shape: MAX chooses between two chance
/// nodes (P = 0.9 / 0.1) over MIN nodes.
fn chance_tree() -> Tree {
    let mut t = Tree::new(2);
    let root = t.node(Some("A"), ToMove::Player(Player::MAX));
    for (ci, (cl, pairs)) in
        [("B", [[2.0, 2.0], [3.0, 3.0]]), ("C", [[1.0, 1.0], [4.0, 4.0]])].iter().enumerate()
    {
        let c = t.node(Some(cl), ToMove::Chance);
        t.link(root, c, &format!("a{}", ci + 1), 1.0);
        for (k, (pair, p)) in pairs.iter().zip([0.9, 0.1]).enumerate() {
            let m = t.node(Some(&format!("{cl}{}", k + 1)), ToMove::Player(Player::MIN));
            t.link(c, m, &format!("r{}", k + 1), p);
            for (j, &v) in pair.iter().enumerate() {
                let l = t.leaf(&[v]);
                t.link(m, l, &format!("m{}", j + 1), 1.0);
            }
        }
    }
    t
}

/// Three players A, B, C: A over two B nodes; under X a C node and a leaf.
fn maxn_tree() -> Tree {
    let mut t = Tree::new(3);
    let a = t.node(Some("A"), ToMove::Player(Player(0)));
    let x = t.node(Some("X"), ToMove::Player(Player(1)));
    let y = t.node(Some("Y"), ToMove::Player(Player(1)));
    t.link(a, x, "x", 1.0);
    t.link(a, y, "y", 1.0);
    let x1 = t.node(Some("X1"), ToMove::Player(Player(2)));
    t.link(x, x1, "x1", 1.0);
    let l = t.leaf(&[1.0, 2.0, 3.0]);
    t.link(x1, l, "p", 1.0);
    let l = t.leaf(&[4.0, 1.0, 2.0]);
    t.link(x1, l, "q", 1.0);
    let l = t.leaf(&[2.0, 5.0, 1.0]);
    t.link(x, l, "x2", 1.0);
    let l = t.leaf(&[6.0, 1.0, 2.0]);
    t.link(y, l, "y1", 1.0);
    let l = t.leaf(&[3.0, 3.0, 3.0]);
    t.link(y, l, "y2", 1.0);
    t
}

// ---------------------------------------------------------------------------------------
// Helpers.

fn record_ab<G: Game>(
    g: &G,
    s: G::State,
    opts: &AlphaBetaOptions,
) -> (Trace<G::Action>, SearchResult<G::Action>) {
    let mut rec = Recorder::new(g, s);
    let r = alpha_beta(g, &s, opts, &mut rec);
    (rec.finish(), r)
}

/// The first event that `pred` accepts (an index into `t.events()`).
fn find_event<A: Copy>(t: &Trace<A>, mut pred: impl FnMut(&Event<A>, Option<u32>) -> bool) -> usize {
    (0..t.events().len()).find(|&i| pred(&t.events()[i], t.event_node(i))).expect("no such event")
}

/// The step of the first event that `pred` accepts.
fn find_step<A: Copy>(t: &Trace<A>, pred: impl FnMut(&Event<A>, Option<u32>) -> bool) -> usize {
    t.step_of_event(find_event(t, pred))
}

fn state_at<A: Copy>(t: &Trace<A>, i: usize) -> StepState {
    let mut c = t.cursor();
    c.seek(i);
    c.state().clone()
}

/// The trace replays to the live result, and its counters end equal to the search's stats.
fn assert_replays<A: Copy + PartialEq + std::fmt::Debug>(t: &Trace<A>, r: &SearchResult<A>) {
    let res = t.result().expect("a SearchEnd was recorded");
    assert_eq!(res.value, r.value);
    assert_eq!(res.best, r.best);
    assert_eq!(res.best_index, r.best_index.map(|i| i as u32));
    assert_eq!(res.complete, r.complete);
    let mut c = t.cursor();
    c.seek(t.len());
    let k = c.state().counters();
    assert_eq!(k.nodes, r.stats.nodes);
    assert_eq!(k.leaves, r.stats.leaves);
    assert_eq!(k.cutoffs, r.stats.cutoffs);
    assert_eq!(k.tt_hits, r.stats.tt_hits);
    assert_eq!(t.nodes().len() as u64, r.stats.nodes);
    assert_eq!(t.evaluated_leaf_paths().len() as u64, r.stats.leaves);
    if r.complete {
        let root = res.root.expect("root recorded");
        if let Some(NodeValue::Scalar(v)) = c.state().value(root) {
            assert_eq!(v, r.value, "the replayed root value is the live one");
        }
        assert!(c.state().stack().is_empty());
        if let Some(b) = res.best_child {
            assert_eq!(t.node(b).unwrap().via, r.best);
            assert_eq!(t.node(b).unwrap().parent, Some(root));
        }
    }
}

/// back∘forward and forward∘back are the identity on full snapshots, along a random walk;
/// seek(i) from anywhere equals stepping i times from 0.
fn assert_stepping_laws<A: Copy + PartialEq + std::fmt::Debug>(t: &Trace<A>, seed: u64, walks: usize) {
    let n = t.len();
    let mut rng = Rng::new(seed);
    let mut c = t.cursor();
    for _ in 0..walks {
        let before = c.state().clone();
        let k = rng.below(40) as usize;
        if rng.below(2) == 0 {
            let done = c.step(k);
            assert_eq!(c.back(done), done);
        } else {
            let done = c.back(k);
            assert_eq!(c.step(done), done);
        }
        assert_eq!(c.state(), &before, "back then forward changed the state");
        // Wander somewhere else.
        let target = rng.below(n as u32 + 1) as usize;
        c.seek(target);
        assert_eq!(c.index(), target);
    }
    // seek(i) = i single steps from 0, for a few i (and the sequence of steps agrees).
    let mut checks: Vec<usize> = (0..6).map(|_| rng.below(n as u32 + 1) as usize).collect();
    checks.push(n);
    checks.sort();
    let mut walker = StepState::new(t);
    let mut seeker = t.cursor();
    seeker.seek(n);
    for &i in &checks {
        while walker.index() < i {
            assert!(walker.forward(t));
        }
        seeker.seek(i);
        assert_eq!(seeker.state(), &walker, "seek({i}) differs from stepping");
    }
    assert!(!walker.forward(t), "no step past the end");
    // All the way back is the initial state.
    seeker.seek(0);
    assert_eq!(seeker.state(), &StepState::new(t));
    assert!(!seeker.state().clone().backward(t));
}

/// Structural invariants every trace keeps.
fn assert_well_formed<A: Copy + PartialEq + std::fmt::Debug>(t: &Trace<A>) {
    for (id, nd) in t.nodes().iter().enumerate() {
        if let Some(p) = nd.parent {
            assert!((p as usize) < id);
            let parent = t.node(p).unwrap();
            assert_eq!(nd.depth, parent.depth + 1);
            assert!(parent.children.contains(&(id as u32)));
            assert!(nd.index.unwrap() < parent.num_actions);
        }
        let named = t.pruned().iter().filter(|e| e.parent == id as u32).count() as u32;
        assert!(named <= nd.pruned);
        assert!(matches!(t.events()[nd.enter_event as usize], Event::Enter { .. }));
    }
    for e in t.pruned() {
        let parent = t.node(e.parent).unwrap();
        assert!(e.index < parent.num_actions);
        assert!(!parent.children.iter().any(|&c| t.node(c).unwrap().index == Some(e.index)));
    }
    for i in 0..t.len() {
        let line = t.pseudocode_line(i);
        if let Some((p, n)) = line {
            assert!(p.line(n).is_some(), "line {n} of {p:?} exists");
        }
        let text = t.narration(i);
        assert!(!text.is_empty(), "step {i} is narrated");
        // A leaf's step: its Enter, what it is (Leaf, LeafUtilities or a TT hit) and, unless
        // the recording stopped there, its Exit, all at the same node; one sentence that
        // never calls the leaf a MAX or MIN node, on the TERMINAL-TEST line (a TT hit: the
        // header, where the table answers).
        let r = t.step_events(i);
        assert!(!r.is_empty());
        if r.len() > 1 {
            assert!(r.len() <= 3);
            let node = t.event_node(r.start);
            assert!(r.clone().all(|e| t.event_node(e) == node), "step {i}: one node");
            assert!(matches!(t.events()[r.start], Event::Enter { .. }));
            let k = t.step_kind(i).unwrap();
            assert!(matches!(k, EventKind::Leaf | EventKind::LeafUtilities | EventKind::TtHit), "{k:?}");
            if r.len() == 3 {
                assert!(matches!(t.events()[r.end - 1], Event::Exit { .. } | Event::ExitUtilities { .. }));
            }
            assert!(!text.contains("MAX node") && !text.contains("MIN node"), "{text}");
            let want = if k == EventKind::TtHit { 1 } else { 2 };
            assert_eq!(line.map(|(_, n)| n), Some(want), "{text}");
        }
        assert!(r.clone().all(|e| t.step_of_event(e) == i));
    }
    for i in 0..t.events().len() {
        let k = EventKind::of(&t.events()[i]);
        assert_eq!(EVENT_NAMES[k.code() as usize], k.name());
        let rec = t.encode_event_at(i).unwrap();
        assert_eq!(rec[0], k.code() as f64);
    }
    assert_eq!(t.encode_all().len(), 8 * t.events().len());
}

// ---------------------------------------------------------------------------------------
// Figure 5.2, step by step.

#[test]
fn figure_5_2_alpha_beta_leaves_pruning_and_window() {
    let g = figure_5_2();
    let (t, r) = record_ab(&g, 0, &AlphaBetaOptions::default());
    assert_eq!(t.flavour(), Flavour::AlphaBeta);
    assert!(!t.truncated());
    assert_eq!(t.evaluated_leaf_paths(), ["0.0", "0.1", "0.2", "1.0", "2.0", "2.1", "2.2"]);
    assert_eq!(t.pruned_paths(), ["1.1", "1.2"]);
    let names: Vec<&str> = t.pruned().iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["c2", "c3"]);
    assert_eq!(r.value, 3.0);
    assert_replays(&t, &r);
    let res = t.result().unwrap();
    assert_eq!(
        (res.value, res.best_index, res.best_child, res.best_name.as_deref()),
        (3.0, Some(0), Some(1), Some("a1"))
    );

    // Nodes in the order entered: A=0, B=1, its leaves 2-4, C=5, C·c1=6, D=7, leaves 8-10.
    let labels: Vec<&str> = t.nodes().iter().map(|n| n.label.as_str()).collect();
    assert_eq!(labels, ["A", "B", "B·b1", "B·b2", "B·b3", "C", "C·c1", "D", "D·d1", "D·d2", "D·d3"]);
    let c = t.node(5).unwrap();
    assert_eq!((c.kind, c.num_actions, c.pruned, c.children.len()), (NodeKind::Min, 3, 2, 1));
    assert_eq!((c.alpha, c.beta), (3.0, INF));
    assert_eq!(t.node(6).unwrap().leaf, Some(LeafKind::Terminal));
    let finals: Vec<Option<f64>> =
        [0, 1, 5, 7].iter().map(|&n| t.node(n).unwrap().value.and_then(|v| v.scalar())).collect();
    assert_eq!(finals, [Some(3.0), Some(3.0), Some(2.0), Some(2.0)]);

    // A leaf is one step: 29 steps for the 43 events (7 leaves of three events each).
    assert_eq!((t.len(), t.events().len()), (29, 43));

    // α at the root after the first MIN node returns is 3.
    let b = find_step(&t, |e, n| matches!(e, Event::Backup { .. }) && n == Some(0));
    assert_eq!(b, 10);
    let st = state_at(&t, b + 1);
    assert_eq!(st.window(0), Some((3.0, INF)));
    assert_eq!(st.open_windows(), [(0, 3.0, INF)]);
    assert_eq!(st.value(0), Some(NodeValue::Scalar(3.0)));
    assert_eq!(t.narration(b), "MAX node A: B returns 3, v = 3, α ← 3");
    assert_eq!(t.pseudocode_line(b), Some((Procedure::AbMaxValue, 7)));

    // Entering C with the window (3, +∞).
    let enter_c = t.step_of_event(t.node(5).unwrap().enter_event as usize);
    assert_eq!(enter_c, 11);
    assert_eq!(t.narration(enter_c), "Enter MIN node C with α = 3, β = +∞");
    let st = state_at(&t, enter_c + 1);
    assert_eq!(st.stack(), [0, 5]);
    assert_eq!(st.open_windows(), [(0, 3.0, INF), (5, 3.0, INF)]);
    assert_eq!(st.current(), Some(5));
    // C's first child is a leaf: one step evaluates it and returns its value to C, on the
    // TERMINAL-TEST line, in the lessons' words.
    let leaf = enter_c + 1;
    assert_eq!(t.step_events(leaf).len(), 3);
    assert_eq!(t.step_kind(leaf), Some(EventKind::Leaf));
    assert_eq!(
        t.narration(leaf),
        "C·c1 is a terminal state: TERMINAL-TEST is true, UTILITY(C·c1) = 2, returned to C"
    );
    // (c1 is MAX's to move: MIN-VALUE called MAX-VALUE on it, and its line 2 answers.)
    assert_eq!(t.pseudocode_line(leaf), Some((Procedure::AbMaxValue, 2)));
    assert_eq!(Procedure::AbMaxValue.line(2), Some("  if TERMINAL-TEST(state) then return UTILITY(state)"));
    let st = state_at(&t, leaf + 1);
    assert_eq!(st.stack(), [0, 5], "the leaf is entered and left in its one step");
    assert_eq!(st.current(), Some(6));
    assert_eq!(st.value(6), Some(NodeValue::Scalar(2.0)));
    assert_eq!(st.value(5), None, "C has not taken the value in yet: the next step does");
    assert_eq!(st.counters().leaves, 4);
    assert_eq!(st.counters().nodes, 7);

    // The cutoff at C.
    let cut_event = find_event(&t, |e, _| matches!(e, Event::Cutoff { .. }));
    let cut = t.step_of_event(cut_event);
    assert_eq!((cut_event, cut), (22, 14));
    assert_eq!(t.event_node(cut_event), Some(5));
    let n = t.narration(cut);
    assert!(n.contains("v = 2 ≤ α = 3"), "{n}");
    assert_eq!(n, "MIN node C: v = 2 ≤ α = 3, prune C·c2 and C·c3");
    assert_eq!(t.pseudocode_line(cut), Some((Procedure::AbMinValue, 6)));
    assert_eq!(
        Procedure::AbMinValue.line(6),
        Some("    if v ≤ α then return v // alpha cutoff: MAX avoids this node")
    );
    // The Backup right before the cutoff stops at line 5 (the test comes next).
    assert_eq!(t.pseudocode_line(cut - 1), Some((Procedure::AbMinValue, 5)));
    let mut cur = t.cursor();
    cur.seek(cut);
    assert!(cur.pruned_edges().is_empty());
    assert_eq!(cur.state().counters().cutoffs, 0);
    cur.step(1);
    assert_eq!(cur.last_kind(), Some(EventKind::Cutoff));
    assert_eq!(cur.narration(), n);
    assert_eq!(cur.pruned_edges().len(), 2);
    assert_eq!(cur.state().counters().cutoffs, 1);
    assert_eq!(cur.state().counters().leaves, 4);
    cur.step(1);
    // After the cutoff C's value is a bound, and the narration says so.
    assert_eq!(cur.narration(), "MIN node C returns 2, an upper bound: C ≤ 2 (its true value may be lower)");
    assert_eq!(cur.pseudocode_line(), Some((Procedure::AbMinValue, 6)));

    // The flat record of the cutoff and of entering C.
    let enter_c_event = t.node(5).unwrap().enter_event as usize;
    assert_eq!(t.encode_event_at(cut_event).unwrap(), [7.0, 5.0, 2.0, 3.0, INF, 1.0, 3.0, 0.0]);
    assert_eq!(t.encode_event_at(enter_c_event).unwrap(), [1.0, 5.0, 1.0, 1.0, 3.0, INF, 0.0, 0.0]);
    assert_eq!(encode_event(&t.events()[cut_event], 5, u32::MAX), t.encode_event_at(cut_event).unwrap());

    // First and last lines.
    assert_eq!(t.narration(0), "Start the search (no depth limit)");
    assert_eq!(t.narration(1), "Enter MAX node A with α = −∞, β = +∞");
    assert_eq!(t.narration(t.len() - 1), "Search done: the root is worth 3, best move a1");
    assert_eq!(t.pseudocode_line(t.len() - 1), Some((Procedure::AlphaBetaSearch, 3)));
    assert_well_formed(&t);
    assert_stepping_laws(&t, 1, 200);
}

#[test]
fn figure_5_2_minimax_sees_all_nine_leaves_without_windows() {
    let g = figure_5_2();
    let mut rec = Recorder::new(&g, 0);
    let r = minimax(&g, &0, &mut rec);
    let t = rec.finish();
    assert_eq!(t.flavour(), Flavour::Minimax);
    assert_eq!(t.evaluated_leaf_paths(), ["0.0", "0.1", "0.2", "1.0", "1.1", "1.2", "2.0", "2.1", "2.2"]);
    assert!(t.pruned_paths().is_empty());
    assert_replays(&t, &r);
    // A leaf is one step: 31 steps for the 49 events (9 leaves of three events each).
    assert_eq!((t.len(), t.events().len()), (31, 49));
    let enter_c = t.step_of_event(t.node(5).unwrap().enter_event as usize);
    assert_eq!(t.narration(enter_c), "Enter MIN node C");
    assert_eq!(
        t.narration(enter_c + 1),
        "C·c1 is a terminal state: TERMINAL-TEST is true, UTILITY(C·c1) = 2, returned to C"
    );
    assert_eq!(t.pseudocode_line(enter_c + 1), Some((Procedure::MaxValue, 2)));
    let backup_c = find_step(&t, |e, n| matches!(e, Event::Backup { .. }) && n == Some(5));
    assert_eq!(t.narration(backup_c), "MIN node C: C·c1 returns 2, v = 2");
    assert_eq!(t.pseudocode_line(backup_c), Some((Procedure::MinValue, 5)));
    assert_eq!(t.pseudocode_line(0), Some((Procedure::MinimaxDecision, 1)));
    assert_eq!(Procedure::MinValue.line(5), Some("    v ← min(v, MAX-VALUE(RESULT(state, a)))"));
    assert_well_formed(&t);
    assert_stepping_laws(&t, 2, 100);
}

#[test]
fn reversed_order_prunes_by_natural_index_and_a_last_child_cutoff_prunes_nothing() {
    let opts = AlphaBetaOptions { order: MoveOrder::Reversed, ..Default::default() };
    // Figure 5.2 reversed: C's last-searched child (c1 = 2) cuts off with nothing left.
    let g = figure_5_2();
    let (t, r) = record_ab(&g, 0, &opts);
    assert_eq!(t.evaluated_leaf_paths(), ["2.2", "2.1", "2.0", "1.2", "1.1", "1.0", "0.2", "0.1", "0.0"]);
    assert!(t.pruned_paths().is_empty());
    let cut = find_step(&t, |e, _| matches!(e, Event::Cutoff { .. }));
    assert_eq!(t.narration(cut), "MIN node C: v = 2 ≤ α = 2, no children left to prune");
    assert_eq!(r.stats.cutoffs, 0);
    assert_replays(&t, &r);
    assert_eq!(t.result().unwrap().best_child, Some(t.nodes().len() as u32 - 4));

    // With C = [4, 6, 2] searched back to front, 2 comes first and prunes c1 and c2.
    let g = Tree::two_ply(&[&[3.0, 12.0, 8.0], &[4.0, 6.0, 2.0], &[14.0, 5.0, 2.0]]);
    let (t, r) = record_ab(&g, 0, &opts);
    assert_eq!(t.evaluated_leaf_paths(), ["2.2", "2.1", "2.0", "1.2", "0.2", "0.1", "0.0"]);
    assert_eq!(t.pruned_paths(), ["1.0", "1.1"]);
    let cut = find_step(&t, |e, _| matches!(e, Event::Cutoff { .. }));
    assert_eq!(t.narration(cut), "MIN node C: v = 2 ≤ α = 2, prune C·c1 and C·c2");
    assert_replays(&t, &r);
    assert_well_formed(&t);
    assert_stepping_laws(&t, 3, 100);
}

// ---------------------------------------------------------------------------------------
// Chance nodes and max^n.

#[test]
fn expectiminimax_trace_averages_chance_nodes() {
    let g = chance_tree();
    let mut rec = Recorder::new(&g, 0);
    let r = expectiminimax(&g, &0, &mut rec);
    let t = rec.finish();
    let b = 0.9 * 2.0 + 0.1 * 3.0;
    let c = 0.9 * 1.0 + 0.1 * 4.0;
    assert_eq!((r.value, r.best_index), (b, Some(0)));
    assert!(c < b);
    assert_eq!(t.flavour(), Flavour::Expectiminimax);
    assert_replays(&t, &r);
    let nb = t.nodes().iter().position(|n| n.label == "B").unwrap() as u32;
    let nb1 = t.nodes().iter().position(|n| n.label == "B1").unwrap() as u32;
    assert_eq!(t.node(nb1).unwrap().prob, Some(0.9));
    assert_eq!(t.node(nb).unwrap().kind, NodeKind::Chance);
    assert_eq!(
        t.narration(t.step_of_event(t.node(nb1).unwrap().enter_event as usize)),
        "Enter MIN node B1 (P = 0.9)"
    );
    let avg = find_step(&t, |e, n| matches!(e, Event::ChanceAverage { .. }) && n == Some(nb));
    assert_eq!(t.narration(avg), format!("Chance node B: average = {}", plyground::search::fmt_value(b)));
    assert_eq!(t.narration(avg), "Chance node B: average = 2.1");
    assert_eq!(t.pseudocode_line(avg), Some((Procedure::Expectiminimax, 11)));
    let first = find_step(&t, |e, n| matches!(e, Event::Backup { .. }) && n == Some(nb));
    assert_eq!(t.narration(first), "Chance node B: B1 returns 2 with P = 0.9, weighted sum = 1.8");
    assert_eq!(t.pseudocode_line(first), Some((Procedure::Expectiminimax, 10)));
    let min_backup = find_step(&t, |e, n| matches!(e, Event::Backup { .. }) && n == Some(nb1));
    assert_eq!(t.pseudocode_line(min_backup), Some((Procedure::Expectiminimax, 9)));
    let st = state_at(&t, avg + 1);
    assert_eq!(st.value(nb), Some(NodeValue::Scalar(b)));
    assert_well_formed(&t);
    assert_stepping_laws(&t, 4, 150);

    // α-β over the same tree: chance nodes are searched with the full window, same value.
    let (t, r2) = record_ab(&g, 0, &AlphaBetaOptions::default());
    assert_eq!(r2.value, r.value);
    assert_eq!(t.flavour(), Flavour::AlphaBeta);
    assert_replays(&t, &r2);
    let nb = t.nodes().iter().position(|n| n.label == "B").unwrap() as u32;
    let first = find_step(&t, |e, n| matches!(e, Event::Backup { .. }) && n == Some(nb));
    assert_eq!(t.pseudocode_line(first), Some((Procedure::Expectiminimax, 10)));
    assert_well_formed(&t);
}

#[test]
fn maxn_trace_backs_up_utility_vectors_for_three_players() {
    let g = maxn_tree();
    let mut rec = Recorder::new(&g, 0);
    let (r, u) = maxn_values(&g, &0, &mut rec);
    let t = rec.finish();
    assert_eq!(u[..3], [3.0, 3.0, 3.0]);
    assert_eq!((r.value, r.best_index), (3.0, Some(1)));
    assert_eq!(t.flavour(), Flavour::MaxN);
    assert_replays(&t, &r);
    assert_eq!(t.result().unwrap().utilities.map(|u| u[..3].to_vec()), Some(vec![3.0, 3.0, 3.0]));
    assert_eq!(t.evaluated_leaf_paths(), ["0.0.0", "0.0.1", "0.1", "1.0", "1.1"]);
    let x = t.nodes().iter().position(|n| n.label == "X").unwrap() as u32;
    let b = find_step(&t, |e, n| matches!(e, Event::BackupUtilities { .. }) && n == Some(x));
    assert_eq!(t.narration(b), "P2 node X: X1 returns (1, 2, 3), best so far (1, 2, 3)");
    assert_eq!(
        t.narration(b + 1),
        "X·x2 is a terminal state: TERMINAL-TEST is true, UTILITIES(X·x2) = (2, 5, 1), returned to X"
    );
    assert_eq!(t.step_kind(b + 1), Some(EventKind::LeafUtilities));
    assert_eq!(t.pseudocode_line(b + 1), Some((Procedure::MaxNValue, 2)));
    assert_eq!(t.narration(b + 2), "P2 node X: X·x2 returns (2, 5, 1), best so far (2, 5, 1)");
    assert_eq!(t.pseudocode_line(b), Some((Procedure::MaxNValue, 6)));
    assert_eq!(t.node(x).unwrap().value, Some(NodeValue::Vector([2.0, 5.0, 1.0, 0.0])));
    let st = state_at(&t, t.len());
    assert_eq!(st.value(0).unwrap().text(3), "(3, 3, 3)");
    assert_well_formed(&t);
    assert_stepping_laws(&t, 5, 100);
}

// ---------------------------------------------------------------------------------------
// Tic-tac-toe.

#[test]
fn tictactoe_midgame_minimax_trace_replays_the_live_run() {
    let g = TicTacToe;
    let s = g.try_parse_moves("4 0 8").unwrap();
    let mut rec = Recorder::new(&g, s);
    let r = minimax(&g, &s, &mut rec);
    let t = rec.finish();
    assert_eq!(t.flavour(), Flavour::Minimax);
    assert_replays(&t, &r);
    assert!(t.pruned().is_empty());
    assert_eq!(t.narration(1), "Enter MIN node root");
    // Labels are move paths: O's first move is cell 1, then X's cell 2.
    assert_eq!((t.node(1).unwrap().label.as_str(), t.node(2).unwrap().label.as_str()), ("1", "1·2"));
    for (id, nd) in t.nodes().iter().enumerate().skip(1) {
        let path: Vec<String> = t.path_actions(id as u32).iter().map(|a| a.to_string()).collect();
        assert_eq!(nd.label, path.join("·"));
        let idx: Vec<String> = t.path(id as u32).split('.').map(str::to_string).collect();
        assert_eq!(idx.len(), path.len());
    }
    // The first leaf, found by the real search, is the first legal line to a finished game.
    // (O 1, X 2, O 3, X 5: X completes the right-hand column.)
    assert_eq!(t.evaluated_leaf_paths()[0], "0.0.0.0");
    assert_well_formed(&t);
    assert_stepping_laws(&t, 6, 300);
}

#[test]
fn tictactoe_alpha_beta_from_random_positions_replays_with_every_option() {
    let g = TicTacToe;
    let mut rng = Rng::new(7);
    let orders = [
        MoveOrder::Natural,
        MoveOrder::Reversed,
        MoveOrder::Random(3),
        MoveOrder::Killer,
        MoveOrder::History,
    ];
    for round in 0..12 {
        // A random legal position with 2–5 moves played.
        let mut s = g.initial_state();
        for _ in 0..2 + rng.below(4) {
            let mut acts = Vec::new();
            g.actions(&s, &mut acts);
            if acts.is_empty() {
                break;
            }
            s = g.result(&s, acts[rng.below(acts.len() as u32) as usize]);
        }
        let opts = AlphaBetaOptions {
            order: orders[round % orders.len()],
            tt_log2: (round % 2 == 1).then_some(10),
            tie: if round % 3 == 0 { plyground::TieRule::Strict } else { plyground::TieRule::NonStrict },
            ..Default::default()
        };
        let (t, r) = record_ab(&g, s, &opts);
        assert_replays(&t, &r);
        assert_well_formed(&t);
        assert_stepping_laws(&t, round as u64, 60);
    }
}

#[test]
fn tictactoe_iterative_deepening_with_a_transposition_table_records_every_iteration() {
    let g = TicTacToe;
    let s = g.try_parse_moves("4").unwrap();
    let eval = WeightedLinear::default_for(&g, 1.0);
    let opts = AlphaBetaOptions {
        depth: Some(8),
        tt_log2: Some(12),
        order: MoveOrder::Killer,
        ..Default::default()
    };
    let mut rec = Recorder::new(&g, s);
    let r = iterative_deepening(&g, &s, &eval, &opts, &mut rec);
    let t = rec.finish();
    assert!(r.complete);
    assert_replays(&t, &r);
    assert!(r.stats.tt_hits > 0, "this search has TT hits to show");
    let iterations = t.searches().len();
    assert!(iterations >= 2);
    assert_eq!(
        t.searches().iter().map(|s| s.depth).collect::<Vec<_>>(),
        (1..=iterations as u32).collect::<Vec<_>>()
    );
    let roots: Vec<u32> = t.searches().iter().map(|s| s.root.unwrap()).collect();
    assert_eq!(roots[0], 0);
    for (k, &root) in roots.iter().enumerate() {
        let nd = t.node(root).unwrap();
        assert_eq!((nd.parent, nd.iteration, nd.depth), (None, k as u32, 0));
    }
    let second = t.step_of_event(t.searches()[0].event.unwrap() as usize) + 1;
    assert_eq!(t.narration(second), "Iteration 2: search again, depth limit 2");
    // A TT hit is a leaf's step too: the table answers and the value goes up at once.
    let hit = find_step(&t, |e, _| matches!(e, Event::TtHit { .. }));
    assert_eq!(t.step_events(hit).len(), 3);
    let text = t.narration(hit);
    assert!(
        text.starts_with("TT hit at ") && text.contains(", so it is not searched again, returned to "),
        "{text}"
    );
    assert_eq!(t.pseudocode_line(hit).map(|(_, l)| l), Some(1));
    let eval_leaf = find_step(&t, |e, _| matches!(e, Event::Leaf { kind: LeafKind::Cutoff, .. }));
    let text = t.narration(eval_leaf);
    let l = &t.node(t.event_node(t.step_event(eval_leaf).unwrap()).unwrap()).unwrap().label;
    let p = t
        .node(t.node(t.event_node(t.step_event(eval_leaf).unwrap()).unwrap()).unwrap().parent.unwrap())
        .unwrap();
    assert!(
        text.starts_with(&format!("{l} is at the depth limit: CUTOFF-TEST is true, EVAL({l}) = "))
            && text.ends_with(&format!(", returned to {}", p.label)),
        "{text}"
    );
    assert_well_formed(&t);
    assert_stepping_laws(&t, 8, 200);
}

/// EVAL with a threat test: a position is noisy while either side has a line with two
/// marks and an empty cell; the noisy moves are those cells (win or block).
struct ThreatEval(WeightedLinear);

const LINES: [[u8; 3]; 8] =
    [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];

fn threats(s: &TttState, out: &mut Vec<u8>) {
    for l in LINES {
        for marks in [s.x, s.o] {
            let mine = l.iter().filter(|&&c| marks & (1 << c) != 0).count();
            let empty: Vec<u8> = l.iter().copied().filter(|&c| (s.x | s.o) & (1 << c) == 0).collect();
            if mine == 2 && empty.len() == 1 && !out.contains(&empty[0]) {
                out.push(empty[0]);
            }
        }
    }
}

impl Evaluator<TicTacToe> for ThreatEval {
    fn eval(&self, g: &TicTacToe, s: &TttState) -> f64 {
        self.0.eval(g, s)
    }
    fn is_quiescent(&self, _g: &TicTacToe, s: &TttState) -> bool {
        let mut w = Vec::new();
        threats(s, &mut w);
        w.is_empty()
    }
    fn noisy_actions(&self, _g: &TicTacToe, s: &TttState, out: &mut Vec<u8>) {
        threats(s, out);
        out.sort();
    }
}

#[test]
fn quiescence_leaves_and_noisy_cutoffs_are_recorded() {
    let g = TicTacToe;
    let eval = ThreatEval(WeightedLinear::default_for(&g, 1.0));
    let mut found_quiet = false;
    for moves in ["0 4 1", "4 0 8 2", "0 3 1 4", "4 1 0"] {
        let s = g.try_parse_moves(moves).unwrap();
        let opts = AlphaBetaOptions { depth: Some(1), quiescence: true, ..Default::default() };
        let mut rec = Recorder::new(&g, s);
        let r = h_alpha_beta(&g, &s, &eval, &opts, &mut rec);
        let t = rec.finish();
        assert_replays(&t, &r);
        found_quiet |= t.nodes().iter().any(|n| n.leaf == Some(LeafKind::Quiet));
        assert_well_formed(&t);
        assert_stepping_laws(&t, 9, 50);
    }
    assert!(found_quiet, "some quiescence search ended in a quiet position");
}

#[test]
fn node_cap_truncates_and_pairs_with_the_node_budget() {
    let g = TicTacToe;
    let s = g.initial_state();

    // Cap alone: the search runs on, the recorder stops at 100 nodes.
    let mut rec = Recorder::new(&g, s).with_node_cap(100);
    let r = alpha_beta(&g, &s, &AlphaBetaOptions::default(), &mut rec);
    let t = rec.finish();
    assert!(t.truncated());
    assert_eq!(t.nodes().len(), 100);
    assert_eq!(r.stats.nodes, 18_297);
    let res = t.result().expect("the end of the search is still noted");
    assert_eq!((res.value, res.complete, res.event), (r.value, true, None));
    let mut c = t.cursor();
    c.seek(usize::MAX);
    assert_eq!(c.index(), t.len());
    assert_eq!(c.state().counters().nodes, 100);
    assert!(!c.state().stack().is_empty(), "a truncated trace ends inside the tree");
    assert_well_formed(&t);
    assert_stepping_laws(&t, 10, 100);

    // Cap = budget: the search stops itself; the trace is complete but the result is not.
    let opts = AlphaBetaOptions { node_budget: Some(100), ..Default::default() };
    let mut rec = Recorder::new(&g, s).with_node_cap(100);
    let r = alpha_beta(&g, &s, &opts, &mut rec);
    let t = rec.finish();
    assert!(!t.truncated());
    assert!(!r.complete);
    assert_replays(&t, &r);
    let res = t.result().unwrap();
    assert!(!res.complete && !res.abandoned.is_empty());
    assert_eq!(res.abandoned[0], 0);
    let last = t.len() - 1;
    assert!(
        t.narration(last).starts_with("Search stopped by the node budget (100 nodes"),
        "{}",
        t.narration(last)
    );
    let mut c = t.cursor();
    c.seek(t.len());
    assert!(c.state().stack().is_empty());
    c.back(1);
    assert_eq!(c.state().stack(), res.abandoned.as_slice());
    assert_well_formed(&t);
    assert_stepping_laws(&t, 11, 100);

    // Iterative deepening shares the budget across iterations.
    let eval = WeightedLinear::default_for(&g, 1.0);
    let opts = AlphaBetaOptions { node_budget: Some(500), tt_log2: Some(10), ..Default::default() };
    let mut rec = Recorder::new(&g, s).with_node_cap(500);
    let r = iterative_deepening(&g, &s, &eval, &opts, &mut rec);
    let t = rec.finish();
    assert!(!t.truncated());
    assert_eq!(t.nodes().len() as u64, r.stats.nodes);
    assert!(r.stats.nodes <= 500);
    assert_well_formed(&t);

    // Tiny caps never panic.
    for cap in [0, 1, 2] {
        let mut rec = Recorder::new(&g, s).with_node_cap(cap);
        minimax(&g, &g.try_parse_moves("0 1 2 3 4 5").unwrap(), &mut rec);
        let t = rec.finish();
        assert!(t.truncated());
        assert_eq!(t.nodes().len(), cap);
        let mut c = t.cursor();
        c.seek(t.len());
        c.seek(0);
        assert_eq!(c.state(), &StepState::new(&t));
    }
}

#[test]
fn a_big_trace_steps_cheaply_and_back_and_forth_is_exact() {
    // α-β from the empty board: 18,297 nodes.
    let g = TicTacToe;
    let s = g.initial_state();
    let (t, r) = record_ab(&g, s, &AlphaBetaOptions::default());
    assert_eq!(t.nodes().len(), 18_297);
    assert_replays(&t, &r);
    let n = t.len();
    let mut c = t.cursor();
    c.seek(n);
    let end = c.state().clone();
    c.seek(0);
    c.seek(n / 2);
    let mid = c.state().clone();
    c.seek(n);
    assert_eq!(c.state(), &end);
    c.seek(n / 2);
    assert_eq!(c.state(), &mid);
    assert_stepping_laws(&t, 12, 50);
}

#[test]
fn pseudocode_texts_hold_the_lines_the_mapping_names() {
    assert_eq!(
        Procedure::AbMaxValue.line(6),
        Some("    if v ≥ β then return v // beta cutoff: MIN avoids this node")
    );
    assert_eq!(Procedure::AbMaxValue.line(7), Some("    α ← max(α, v)"));
    assert_eq!(Procedure::AlphaBetaSearch.line(2), Some("  v ← MAX-VALUE(state, −∞, +∞)"));
    assert_eq!(
        Procedure::Expectiminimax.line(10),
        Some("    if PLAYER(state) = CHANCE then v ← v + P(a) · w")
    );
    assert_eq!(Procedure::MaxNValue.line(6), Some("    if best = none or u[p] > best[p] then best ← u"));
    assert_eq!(Procedure::MaxValue.line(0), None);
    assert_eq!(Procedure::MaxValue.line(7), None);
    let counts: Vec<usize> = Procedure::ALL.iter().map(|p| p.text().lines().count()).collect();
    assert_eq!(counts, [2, 6, 6, 3, 8, 8, 11, 7]);
}

// ---------------------------------------------------------------------------------------
// A leaf is one step: the steps visit the events' states.

/// The picture after some events, replayed here event by event, independently of
/// `StepState`: open stack, values, windows, pruned edges, counters, current node.
#[derive(Clone, PartialEq, Debug)]
struct EventPicture {
    stack: Vec<u32>,
    values: Vec<Option<NodeValue>>,
    windows: Vec<Option<(f64, f64)>>,
    pruned: usize,
    counters: [u64; 5],
    current: Option<u32>,
}

/// The picture after every prefix of the events: entry k is after the first k events.
fn event_pictures<A: Copy>(t: &Trace<A>) -> Vec<EventPicture> {
    let n = t.nodes().len();
    let mut p = EventPicture {
        stack: Vec::new(),
        values: vec![None; n],
        windows: vec![None; n],
        pruned: 0,
        counters: [0; 5],
        current: None,
    };
    let mut out = vec![p.clone()];
    for (i, e) in t.events().iter().enumerate() {
        let node = t.event_node(i);
        let (value, window) = match *e {
            Event::SearchStart { .. } => {
                p.counters[4] += 1;
                (None, None)
            }
            Event::Enter { alpha, beta, .. } => {
                p.stack.push(node.unwrap());
                p.counters[0] += 1;
                (None, Some((alpha, beta)))
            }
            Event::Leaf { value, .. } => {
                p.counters[1] += 1;
                (Some(NodeValue::Scalar(value)), None)
            }
            Event::LeafUtilities { values, .. } => {
                p.counters[1] += 1;
                (Some(NodeValue::Vector(values)), None)
            }
            Event::TtHit { value, .. } => {
                p.counters[3] += 1;
                (Some(NodeValue::Scalar(value)), None)
            }
            Event::Backup { v, alpha, beta, .. } => (Some(NodeValue::Scalar(v)), Some((alpha, beta))),
            Event::BackupUtilities { best, .. } => (Some(NodeValue::Vector(best)), None),
            Event::Cutoff { v, alpha, beta, first_skipped, total } => {
                p.counters[2] += u64::from(first_skipped < total);
                (Some(NodeValue::Scalar(v)), Some((alpha, beta)))
            }
            Event::ChanceAverage { value } | Event::Exit { value } => {
                if matches!(e, Event::Exit { .. }) {
                    p.stack.pop();
                }
                (Some(NodeValue::Scalar(value)), None)
            }
            Event::ExitUtilities { values } => {
                p.stack.pop();
                (Some(NodeValue::Vector(values)), None)
            }
            Event::SearchEnd { .. } => {
                p.stack.clear();
                (None, None)
            }
            _ => (None, None),
        };
        if let Some(x) = node {
            if value.is_some() {
                p.values[x as usize] = value;
            }
            if window.is_some() {
                p.windows[x as usize] = window;
            }
        }
        p.pruned = t.pruned().iter().filter(|e| (e.event as usize) <= i).count();
        p.current = node;
        out.push(p.clone());
    }
    out
}

fn step_picture<A: Copy>(t: &Trace<A>, st: &StepState) -> EventPicture {
    let c = st.counters();
    EventPicture {
        stack: st.stack().to_vec(),
        values: st.values().to_vec(),
        windows: (0..t.nodes().len() as u32).map(|n| st.window(n)).collect(),
        pruned: st.pruned_count(),
        counters: [c.nodes, c.leaves, c.cutoffs, c.tt_hits, u64::from(c.searches)],
        current: st.current(),
    }
}

/// Every step boundary is an event boundary with the same picture, forward and back; only
/// a leaf's inner boundaries (entered, not yet left) are stepped over; the end is the same.
fn assert_steps_visit_the_event_states<A: Copy>(t: &Trace<A>) -> (usize, usize) {
    let pics = event_pictures(t);
    let mut st = StepState::new(t);
    assert_eq!(step_picture(t, &st), pics[0]);
    let mut skipped = 0;
    for k in 0..t.len() {
        let r = t.step_events(k);
        assert_eq!(r.start, st.events_applied(), "steps tile the events");
        // Inside a step of several events: only a leaf's, entered and not yet left.
        for e in r.start + 1..r.end {
            assert!(t.is_leaf_step(k));
            assert!(matches!(
                t.events()[e],
                Event::Leaf { .. }
                    | Event::LeafUtilities { .. }
                    | Event::TtHit { .. }
                    | Event::Exit { .. }
                    | Event::ExitUtilities { .. }
            ));
            skipped += 1;
        }
        assert!(st.forward(t));
        assert_eq!(st.events_applied(), r.end);
        assert_eq!(step_picture(t, &st), pics[r.end], "after step {k}");
    }
    assert!(!st.forward(t));
    assert_eq!(st.events_applied(), t.events().len());
    assert_eq!(step_picture(t, &st), *pics.last().unwrap(), "the final state");
    for k in (0..t.len()).rev() {
        assert!(st.backward(t));
        assert_eq!(step_picture(t, &st), pics[t.step_events(k).start], "back before step {k}");
    }
    assert_eq!(st, StepState::new(t));
    (t.len(), skipped)
}

#[test]
fn on_random_trees_a_leaf_is_one_step_and_the_steps_visit_the_event_states() {
    use plyground::games::tree::{RandomTreeParams, Tree as RTree, TreeEval};
    let mut rng = Rng::new(0x1EAF_57E9);
    let (mut steps, mut skipped) = (0, 0);
    for i in 0..300 {
        let players = if i % 5 == 4 { 3 } else { 2 };
        let params = RandomTreeParams {
            max_depth: 1 + rng.below(5),
            min_children: 1,
            max_children: 4,
            min_value: -3,
            max_value: 3,
            leaf_probability: 0.15,
            chance_probability: if i % 5 == 3 { 0.3 } else { 0.0 },
            explicit_kind_probability: 0.0,
            players,
        };
        let t = RTree::random(&mut rng, &params);
        let root = t.initial_state();
        let mut traces = Vec::new();
        if players > 2 {
            let mut rec = Recorder::new(&t, root);
            maxn_values(&t, &root, &mut rec);
            traces.push(rec.finish());
        } else {
            let mut rec = Recorder::new(&t, root);
            if params.chance_probability > 0.0 {
                expectiminimax(&t, &root, &mut rec);
            } else {
                minimax(&t, &root, &mut rec);
            }
            traces.push(rec.finish());
            let order = [MoveOrder::Natural, MoveOrder::Reversed, MoveOrder::Random(i as u64)][i % 3];
            let depth = (i % 4 == 1).then_some(1 + rng.below(3));
            let opts = AlphaBetaOptions { order, depth, ..Default::default() };
            let mut rec = Recorder::new(&t, root);
            h_alpha_beta(&t, &root, &TreeEval, &opts, &mut rec);
            traces.push(rec.finish());
        }
        for tr in &traces {
            let (s, k) = assert_steps_visit_the_event_states(tr);
            steps += s;
            skipped += k;
            // Exactly the leaves are merged: two events fewer per leaf that was left.
            let left_leaves =
                tr.nodes().iter().filter(|n| n.leaf.is_some() && n.exit_event.is_some()).count();
            assert_eq!(tr.events().len() - tr.len(), 2 * left_leaves);
        }
    }
    assert!(steps > 5_000 && skipped > 2_000, "{steps} steps, {skipped} events stepped over");
}
