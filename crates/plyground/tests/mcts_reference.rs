//! MCTS against a plain reference: the algorithm of `search/mcts.rs` written the obvious way
//! (a node per struct with its own Vecs, UCB1 through the public `select_ucb1`, which takes
//! ln N afresh at every step). The search's faster layout must grow the same tree, emit the
//! same events and choose the same move, number for number, on every game and option.

use crate::lessons;
use plyground::games::connect4::Connect4;
use plyground::games::tictactoe::TicTacToe;
use plyground::games::tree::Tree;
use plyground::rng::Rng;
use plyground::search::mcts::{select_ucb1, Expansion, Mcts, MctsOptions};
use plyground::{Event, Game, Player, ToMove};

/// A node of the reference tree.
#[derive(Clone, Debug)]
struct RefNode<S, A> {
    state: S,
    parent: Option<u32>,
    action: Option<A>,
    depth: u32,
    to_move: ToMove,
    mover: Player,
    terminal: bool,
    n: u32,
    w: f64,
    /// ACTIONS(s): the first `children.len()` expanded, the rest untried.
    actions: Vec<A>,
    children: Vec<u32>,
}

/// The reference search: its tree, generator and events.
struct Reference<'g, G: Game> {
    game: &'g G,
    opts: MctsOptions,
    rng: Rng,
    nodes: Vec<RefNode<G::State, G::Action>>,
    iterations: u32,
    events: Vec<Event<G::Action>>,
}

impl<'g, G: Game> Reference<'g, G> {
    fn new(game: &'g G, root: G::State, opts: MctsOptions) -> Self {
        let mover = match game.player(&root) {
            ToMove::Player(p) => p,
            ToMove::Chance => Player::MAX,
        };
        let mut r = Reference {
            game,
            opts,
            rng: Rng::new(opts.seed),
            nodes: Vec::new(),
            iterations: 0,
            events: Vec::new(),
        };
        let node = r.make_node(root, None, None, 0, mover);
        r.nodes.push(node);
        r
    }

    fn make_node(
        &self,
        state: G::State,
        parent: Option<u32>,
        action: Option<G::Action>,
        depth: u32,
        mover: Player,
    ) -> RefNode<G::State, G::Action> {
        let terminal = self.game.is_terminal(&state);
        let to_move = self.game.player(&state);
        let mut actions = Vec::new();
        if !terminal {
            match to_move {
                ToMove::Player(_) => self.game.actions(&state, &mut actions),
                ToMove::Chance => {
                    let mut outs = Vec::new();
                    self.game.chance_outcomes(&state, &mut outs);
                    actions = outs.iter().map(|o| o.0).collect();
                }
            }
        }
        RefNode {
            state,
            parent,
            action,
            depth,
            to_move,
            mover,
            terminal,
            n: 0,
            w: 0.0,
            actions,
            children: Vec::new(),
        }
    }

    fn can_grow(&self) -> bool {
        self.nodes.len() < self.opts.max_nodes.min(u32::MAX - 1) as usize
    }

    /// An outcome of chance node `s`, drawn by its probability.
    fn sample(&mut self, s: &G::State) -> Option<G::Action> {
        let mut outs = Vec::new();
        self.game.chance_outcomes(s, &mut outs);
        let total: f64 = outs.iter().map(|o| o.1).sum();
        let mut x = self.rng.unit_f64() * total;
        let mut last = None;
        for &(a, p) in &outs {
            if p > 0.0 {
                if x < p {
                    return Some(a);
                }
                x -= p;
                last = Some(a);
            }
        }
        last.or(outs.first().map(|o| o.0))
    }

    /// Expands the first untried action of `id`; returns the child.
    fn expand(&mut self, id: u32) -> u32 {
        let p = &self.nodes[id as usize];
        let a = p.actions[p.children.len()];
        let state = self.game.result(&p.state, a);
        let mover = match p.to_move {
            ToMove::Player(pl) => pl,
            ToMove::Chance => p.mover,
        };
        let node = self.make_node(state, Some(id), Some(a), p.depth + 1, mover);
        let child = self.nodes.len() as u32;
        self.nodes.push(node);
        self.nodes[id as usize].children.push(child);
        self.events.push(Event::MctsExpand { node: id, child, action: a });
        child
    }

    fn rewards(&self, s: &G::State) -> [f64; 4] {
        let (lo, hi) = self.game.utility_range();
        let span = hi - lo;
        let map =
            |u: f64| if span > 0.0 && span.is_finite() { ((u - lo) / span).clamp(0.0, 1.0) } else { 0.5 };
        let players = self.game.num_players().clamp(1, 4);
        let mut r = [0.0; 4];
        if players == 2 {
            r[0] = map(self.game.utility(s, Player::MAX));
            r[1] = 1.0 - r[0];
        } else {
            for (p, slot) in r.iter_mut().enumerate().take(players) {
                *slot = map(self.game.utility(s, Player(p as u8)));
            }
        }
        r
    }

    fn iterate(&mut self) {
        self.events.push(Event::MctsIteration { iteration: self.iterations });
        let mut path = vec![0u32];
        let mut id = 0u32;
        let leaf = loop {
            let node = self.nodes[id as usize].clone();
            if node.terminal {
                break id;
            }
            let k = node.children.len();
            match node.to_move {
                ToMove::Chance => {
                    let Some(a) = self.sample(&node.state) else { break id };
                    if let Some(pos) = node.actions[..k].iter().position(|&x| x == a) {
                        let child = node.children[pos];
                        let c = &self.nodes[child as usize];
                        let q = if c.n > 0 { c.w / c.n as f64 } else { 0.0 };
                        self.events.push(Event::MctsSelect {
                            node: id,
                            child,
                            exploitation: q,
                            exploration: 0.0,
                        });
                        id = child;
                        path.push(id);
                        continue;
                    }
                    if !self.can_grow() {
                        break id;
                    }
                    let Some(j) = node.actions[k..].iter().position(|&x| x == a) else { break id };
                    self.nodes[id as usize].actions.swap(k, k + j);
                    let child = self.expand(id);
                    path.push(child);
                    break child;
                }
                ToMove::Player(_) => {
                    let untried = node.actions.len() - k;
                    if untried > 0 && self.can_grow() {
                        if self.opts.expansion == Expansion::Random {
                            let j = self.rng.below(untried as u32) as usize;
                            self.nodes[id as usize].actions.swap(k, k + j);
                        }
                        let child = self.expand(id);
                        path.push(child);
                        break child;
                    }
                    let stats = node.children.iter().map(|&c| {
                        let c = &self.nodes[c as usize];
                        (c.w, c.n as f64)
                    });
                    let Some((i, _, exploitation, exploration)) =
                        select_ucb1(stats, node.n as f64, self.opts.c)
                    else {
                        break id;
                    };
                    let child = node.children[i];
                    self.events.push(Event::MctsSelect { node: id, child, exploitation, exploration });
                    id = child;
                    path.push(id);
                }
            }
        };
        // Rollout.
        let mut s = self.nodes[leaf as usize].state;
        let mut plies = 0u32;
        while !self.game.is_terminal(&s) {
            let a = match self.game.player(&s) {
                ToMove::Player(_) => {
                    let mut acts = Vec::new();
                    self.game.actions(&s, &mut acts);
                    if acts.is_empty() {
                        break;
                    }
                    acts[self.rng.below(acts.len() as u32) as usize]
                }
                ToMove::Chance => match self.sample(&s) {
                    Some(a) => a,
                    None => break,
                },
            };
            s = self.game.result(&s, a);
            plies += 1;
        }
        let reward = self.rewards(&s);
        self.events.push(Event::MctsRollout { node: leaf, plies, reward });
        for &id in path.iter().rev() {
            let node = &mut self.nodes[id as usize];
            node.n = node.n.saturating_add(1);
            node.w += reward[node.mover.index()];
            self.events.push(Event::MctsBackup { node: id, visits: node.n, wins: node.w });
        }
        self.iterations += 1;
    }

    /// The root's most-visited child's action, ties to the natural order of ACTIONS(root).
    fn best_action(&self) -> Option<G::Action> {
        let root = &self.nodes[0];
        if root.children.is_empty() || root.to_move == ToMove::Chance {
            return None;
        }
        let mut natural = Vec::new();
        self.game.actions(&root.state, &mut natural);
        let mut best: Option<(G::Action, u32)> = None;
        for a in natural {
            let Some(pos) = root.actions[..root.children.len()].iter().position(|&x| x == a) else {
                continue;
            };
            let n = self.nodes[root.children[pos] as usize].n;
            if best.is_none_or(|b| n > b.1) {
                best = Some((a, n));
            }
        }
        best.map(|b| b.0)
    }
}

/// Runs the search and the reference side by side in chunks of growing size, and asserts
/// after each chunk that every node, every event and the move are the same. Returns the
/// number of nodes compared at the end.
fn same_as_reference<G: Game + Clone>(game: &G, root: G::State, opts: MctsOptions, iterations: u32) -> usize {
    let mut m = Mcts::new(game.clone(), root, opts);
    let mut r = Reference::new(game, root, opts);
    let (mut done, mut chunk) = (0, 1);
    while done < iterations {
        let k = chunk.min(iterations - done);
        let mut events = Vec::new();
        m.run_observed(k, &mut events);
        r.events.clear();
        for _ in 0..k {
            r.iterate();
        }
        done += k;
        chunk *= 4;
        let at = format!("{opts:?}, after {done} iterations");
        assert_eq!(events, r.events, "events, {at}");
        assert_eq!(m.num_nodes(), r.nodes.len(), "nodes, {at}");
        for (id, want) in r.nodes.iter().enumerate() {
            let v = m.node(id as u32).expect("node");
            let got = (
                v.parent,
                v.action,
                v.depth,
                v.n,
                v.w.to_bits(),
                v.children,
                v.untried,
                v.to_move,
                v.mover,
                v.terminal,
                v.state,
            );
            let k = want.children.len();
            let expect = (
                want.parent,
                want.action,
                want.depth,
                want.n,
                want.w.to_bits(),
                &want.children[..],
                &want.actions[k..],
                want.to_move,
                want.mover,
                want.terminal,
                want.state,
            );
            assert_eq!(got, expect, "node {id}, {at}");
        }
        assert_eq!(m.best_action(), r.best_action(), "move, {at}");
        assert_eq!(m.iterations(), r.iterations, "{at}");
    }
    m.num_nodes()
}

/// The option sets every game is searched with: both expansion orders, capped and
/// uncapped trees, and exploration constants including 0.
fn option_sets(seed: u64) -> Vec<MctsOptions> {
    let mut v = Vec::new();
    for expansion in [Expansion::Natural, Expansion::Random] {
        for max_nodes in [u32::MAX, 40] {
            for c in [std::f64::consts::SQRT_2, 0.0] {
                v.push(MctsOptions { c, seed, expansion, max_nodes, solver: false });
            }
        }
    }
    v
}

#[test]
fn connect4_trees_match_the_reference() {
    let g = Connect4;
    let mut nodes = 0;
    // The empty board, openings, and middle games of the community's test sets.
    for (i, moves) in
        ["", "4455", "3164", "5554224333234511764415115", "52753311433677442422121"].iter().enumerate()
    {
        let s = g.try_parse_moves(moves).unwrap();
        for opts in option_sets(i as u64) {
            nodes += same_as_reference(&g, s, opts, 1_500);
        }
    }
    // An end game (37 stones): most paths reach terminal nodes.
    let s = g.try_parse_moves("2252576253462244111563365343671351441").unwrap();
    nodes += same_as_reference(&g, s, MctsOptions { seed: 3, ..Default::default() }, 500);
    assert_eq!(nodes, 19_292);
}

#[test]
fn tictactoe_trees_match_the_reference() {
    // Small enough that selection walks down to terminal nodes again and again.
    let g = TicTacToe;
    let mut nodes = 0;
    for seed in 0..3 {
        for opts in option_sets(seed) {
            nodes += same_as_reference(&g, g.initial_state(), opts, 3_000);
        }
    }
    assert_eq!(nodes, 19_267);
}

/// A random game tree in the text format: players and chance nodes (probabilities as
/// fractions, zero probabilities included), 1–3 children, integer leaves.
fn random_tree_text(rng: &mut Rng, depth: u32) -> String {
    if depth == 0 || rng.below(5) == 0 {
        return (rng.below(19) as i32 - 9).to_string();
    }
    let b = 1 + rng.below(3);
    if rng.below(3) == 0 {
        // Weights 0–3 over their sum (at least one positive).
        let mut wts: Vec<u32> = (0..b).map(|_| rng.below(4)).collect();
        wts[0] = wts[0].max(1);
        let sum: u32 = wts.iter().sum();
        let kids: Vec<String> =
            wts.iter().map(|w| format!("{w}/{sum}: {}", random_tree_text(rng, depth - 1))).collect();
        format!("chance[{}]", kids.join(", "))
    } else {
        let kids: Vec<String> = (0..b).map(|_| random_tree_text(rng, depth - 1)).collect();
        format!("[{}]", kids.join(", "))
    }
}

#[test]
fn game_trees_with_chance_and_three_players_match_the_reference() {
    let mut texts = vec![
        "max[chance[0.5: 10, 0.5: -4], chance[1/4: 20, 1/4: -10, 1/4: 4, 1/4: 0]]".to_string(),
        lessons::tree("aima_three_player").to_string(),
        "[[(1,2,3,4),(4,3,2,1)],[chance[0.5:(0,0,9,1),0.5:(2,2,2,2)],(3,3,3,3)]]".to_string(),
        "chance[0: 3, 1: [1, 2], 0: 4]".to_string(),
        "7".to_string(),
    ];
    let mut rng = Rng::new(11);
    texts.extend(
        (0..12).map(|_| format!("[{}, {}]", random_tree_text(&mut rng, 5), random_tree_text(&mut rng, 5))),
    );
    let mut nodes = 0;
    for (i, text) in texts.iter().enumerate() {
        let t = Tree::try_parse(text).unwrap_or_else(|e| panic!("{text}: {e:?}"));
        for opts in option_sets(i as u64) {
            nodes += same_as_reference(&t, t.initial_state(), opts, 300);
        }
    }
    assert_eq!(nodes, 2_181);
}
