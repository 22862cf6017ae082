//! Monte Carlo tree search with UCB1, stepped one iteration at a time.
//!
//! Each call of [`Mcts::iterate`] runs the lessons' four phases once:
//!
//! 1. **Select** — from the root, walk down through fully expanded nodes, at each one taking
//!    the child with the largest UCB1 = W/N + C·√(ln N_parent / N) ([`ucb1`]);
//! 2. **Expand** — at the first node that still has an untried action, add one child;
//! 3. **Rollout** — from the new child, play uniformly random moves to the end of the game;
//! 4. **Backup** — add 1 to N and the rollout's reward to W of every node on the path.
//!
//! After the search the move played is the root's **most-visited** child (with the solver
//! on, a proven win first: see below).
//!
//! ## Conventions
//!
//! - **Rewards.** A terminal state's utilities are mapped linearly from the game's
//!   [`utility_range`](crate::game::Game::utility_range) onto rewards in [0, 1] (tic-tac-toe:
//!   win 1, draw ½, loss 0). In a two-player zero-sum game MIN's reward is 1 − MAX's reward;
//!   with more players each player's own utility is mapped.
//! - **W belongs to the mover.** W(n) sums the rewards of the player who chose the move into
//!   `n` (the player to move at its parent), so selection at a node maximises its children's
//!   W/N from the point of view of the player choosing there. Below a chance node the mover
//!   is inherited from the chance node (nature does not collect rewards); the root, which
//!   nobody moved into, keeps W for its own player to move (MAX at a chance root), so the
//!   root's Q is that player's average reward.
//! - **Expansion order.** [`Expansion::Natural`] tries ACTIONS(s) in the game's order;
//!   [`Expansion::Random`] picks a seeded-random untried action each time.
//! - **Chance nodes.** Selection and rollouts *sample* an outcome by its probability
//!   ([`Game::chance_outcomes`]). In the tree, a chance node's child for an outcome is
//!   created (an expansion) the first time that outcome is drawn; afterwards selection
//!   descends into it. Chance steps are reported as `MctsSelect` with `exploitation` = the
//!   child's W/N and `exploration` = 0 (no UCB is involved; a front end can tell them apart
//!   by the node's [`to_move`](MctsNode::to_move)).
//! - **Terminal leaves.** When selection reaches a terminal node there is nothing to expand:
//!   the iteration has no `MctsExpand` event and a rollout of 0 plies scores the node itself.
//! - **Unvisited children** have UCB1 = +∞ (they are tried first). Every child this search
//!   creates is visited in the iteration that creates it, so between iterations all N ≥ 1.
//!
//! ## MCTS-Solver (option [`MctsOptions::solver`], off by default)
//!
//! With the solver on, terminal wins, losses and draws are backed up as **proven outcomes**
//! ([`Proof`]): a node is a proven win for the player to move if one child is a proven win
//! for them (a proven loss for the player who moved into it), and proven (lost, or drawn)
//! once all its moves are tried and proven. Proofs change three things: selection stops at
//! a proven node and scores it by its outcome instead of a rollout (win 1, draw ½, loss 0),
//! selection skips a child that is a proven loss for the player choosing, and the move
//! choice takes a proven win (the quickest) first and a proven loss last. At a node's first
//! expansion a move that wins at once is tried first (so one expansion proves the node). A proven root
//! grows no more nodes. Two-player games only ([`MctsOptions::check`]); chance nodes are
//! never proven. Off, none of this code runs and the search is the plain one, bit for bit.
//!
//! ## Watching it
//!
//! The events of one iteration come in phase order: `MctsIteration`, `MctsSelect`*,
//! `MctsExpand`?, `MctsRollout`, `MctsBackup`* (leaf first, root last). A front end that
//! steps phase by phase records one iteration and splits its events with [`mcts_phase`].
//!
//! To step **back**, a front end re-runs the search from scratch to iteration k − 1: with the
//! same seed the tree is identical, event for event: there is no clock and no hash-map
//! iteration, the only floating-point function besides + − × ÷ is the correctly rounded
//! `sqrt`, and the logarithm is computed in plain arithmetic ([`portable_ln`]) because the
//! platforms' libm `ln` differ in the last bit — so native and wasm grow the same tree.

use super::{SearchResult, Stats};
use crate::event::{Event, MctsPhase, NoObserver, Observer};
use crate::game::{Game, Player, ToMove, Utilities, MAX_PLAYERS};
use crate::rng::Rng;

pub use crate::math::portable_ln;
use crate::math::LnTable;

/// The parent of the root.
const NO_PARENT: u32 = u32::MAX;

/// In which order a node's untried actions are expanded.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default, Hash)]
pub enum Expansion {
    /// ACTIONS(s) in the game's natural order (readable; matches the lessons' drawings).
    #[default]
    Natural,
    /// A seeded-random untried action each time (removes the bias of the natural order).
    Random,
}

impl Expansion {
    /// Parses `natural` / `random`.
    pub fn try_parse(s: &str) -> Result<Self, String> {
        match s {
            "natural" => Ok(Expansion::Natural),
            "random" => Ok(Expansion::Random),
            _ => Err(format!("unknown expansion order '{s}' (expected natural or random)")),
        }
    }
}

/// Options of [`Mcts`] and [`mcts_search`].
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct MctsOptions {
    /// The exploration constant C of UCB1 (√2 is the theory's choice for rewards in [0, 1]).
    pub c: f64,
    /// Seed of the one random generator used for rollouts, chance draws and random expansion.
    pub seed: u64,
    /// Expansion order of untried actions.
    pub expansion: Expansion,
    /// The tree never grows past this many nodes: once full, selection walks through the
    /// existing children only and rollouts start where it stops (bounds memory in a browser).
    pub max_nodes: u32,
    /// MCTS-Solver: back up terminal wins and losses as proven outcomes and let the proofs
    /// steer selection and the move choice (see [`Proof`]). Off by default; off, the search
    /// is the plain one, bit for bit. Two-player games only ([`MctsOptions::check`]).
    pub solver: bool,
}

impl MctsOptions {
    /// Refuses options a game cannot take: the solver needs a two-player game (with more
    /// players a won or lost outcome of one player says nothing about the others').
    pub fn check<G: Game>(&self, game: &G) -> Result<(), String> {
        let n = game.num_players();
        if self.solver && n != 2 {
            return Err(format!(
                "solver: MCTS-Solver proves wins and losses of two-player games; this game has {n} players"
            ));
        }
        Ok(())
    }
}

impl Default for MctsOptions {
    fn default() -> Self {
        MctsOptions {
            c: std::f64::consts::SQRT_2,
            seed: 0,
            expansion: Expansion::Natural,
            max_nodes: u32::MAX,
            solver: false,
        }
    }
}

/// A proven outcome, for the player who moved into the node (its [`MctsNode::mover`]).
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Outcome {
    /// The mover loses with best play.
    Loss,
    /// Neither side can win.
    Draw,
    /// The mover wins with best play.
    Win,
}

impl Outcome {
    /// The same outcome seen by the other player of a two-player game.
    pub fn flipped(self) -> Outcome {
        match self {
            Outcome::Loss => Outcome::Win,
            Outcome::Draw => Outcome::Draw,
            Outcome::Win => Outcome::Loss,
        }
    }

    /// `win`, `draw` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Outcome::Loss => "loss",
            Outcome::Draw => "draw",
            Outcome::Win => "win",
        }
    }
}

/// The rule that proved a node (MCTS-Solver).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum ProofRule {
    /// The state is terminal: the sign of its utility is the outcome.
    Terminal,
    /// The player to move here has a move into child `0` that is a proven win for them:
    /// the node is theirs (one winning move is enough).
    WinningChild(u32),
    /// Every move from here has been tried and proven; the best of them for the player to
    /// move, child `0`, gives the outcome (every move loses: a proven loss for them; the
    /// best is a draw: a proven draw).
    AllChildren(u32),
}

/// A node's proven outcome under MCTS-Solver ([`MctsOptions::solver`]).
///
/// The outcome of a terminal state is the sign of its utility to the mover (positive: win,
/// zero: draw, negative: loss). Above the leaves the solver backs outcomes up by two rules
/// ([`ProofRule`]): a node is won for the player to move if **one** child is a proven win
/// for them, and decided (lost, or drawn) once **all** its children are proven. Chance nodes
/// are never proven (their value is an expectation, not a win or a loss), so proofs stop
/// below them.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub struct Proof {
    /// For the player who moved into the node.
    pub outcome: Outcome,
    /// Plies to the end of the game along the proof (0 at a terminal): one more than the
    /// child the rule picked, which is the quickest proven win, or else the longest resistance.
    pub plies: u32,
    /// Which rule proved it.
    pub rule: ProofRule,
}

impl Proof {
    /// What is proven, for `mover` (the player who moved into the node): "proven win for
    /// X", "proven draw".
    pub fn head(&self, mover: &str) -> String {
        match self.outcome {
            Outcome::Draw => "proven draw".to_string(),
            o => format!("proven {} for {mover}", o.name()),
        }
    }

    /// One sentence saying what is proven and by which rule (`mover` and `to_move` are the
    /// names of the player who moved into the node and of the player to move at it).
    ///
    /// `child` names the node the rule picked as the figure names nodes (the MCTS lab: by
    /// the moves from the root, "node 2"), so that the sentence and the narration next to
    /// it name a node the same way.
    pub fn explain(&self, mover: &str, to_move: &str, child: &dyn Fn(u32) -> String) -> String {
        let o = self.outcome;
        let what = self.head(mover);
        let plies = |p: u32| if p == 1 { "1 ply".to_string() } else { format!("{p} plies") };
        match self.rule {
            ProofRule::Terminal => format!("{what}: the game is over here"),
            ProofRule::WinningChild(c) => format!(
                "{what}: {to_move} has a winning move here ({} is a proven win for {to_move}), so the game ends in {}",
                child(c),
                plies(self.plies)
            ),
            ProofRule::AllChildren(c) if o == Outcome::Draw => {
                format!("{what}: every move of {to_move} is proven and the best one (to {}) is a draw", child(c))
            }
            ProofRule::AllChildren(c) => format!(
                "{what}: every move of {to_move} is a proven loss for {to_move}; the longest resistance (to {}) ends the game in {}",
                child(c),
                plies(self.plies)
            ),
        }
    }
}

/// UCB1 of a child with total reward `w` over `n` visits, under a parent visited `parent_n`
/// times: returns (total, exploitation W/N, exploration C·√(ln parent_n / n)).
///
/// An unvisited child (`n` = 0) gets (+∞, 0, +∞): it must be tried before any bound means
/// anything. `parent_n` below 1 is treated as 1 (ln 1 = 0) so the result is never NaN.
/// The logarithm is [`portable_ln`], so the numbers are the same on every platform.
pub fn ucb1(w: f64, n: f64, parent_n: f64, c: f64) -> (f64, f64, f64) {
    ucb1_ln(w, n, portable_ln(parent_n.max(1.0)), c)
}

/// [`ucb1`] with ln(parent N) already computed (it is the same for every sibling).
#[inline]
fn ucb1_ln(w: f64, n: f64, ln_parent_n: f64, c: f64) -> (f64, f64, f64) {
    if n <= 0.0 {
        return (f64::INFINITY, 0.0, f64::INFINITY);
    }
    let exploitation = w / n;
    let exploration = exploration_term(n, ln_parent_n, c);
    (exploitation + exploration, exploitation, exploration)
}

/// C·√(ln parent N / n), for a visited child (`n` > 0): the one expression both [`ucb1_ln`]
/// and the search's selection use, so their totals agree bit for bit.
#[inline]
fn exploration_term(n: f64, ln_parent_n: f64, c: f64) -> f64 {
    c * (ln_parent_n / n).sqrt()
}

/// The UCB1 choice among children given as (W, N) pairs: the index of the largest total,
/// the *first* one on ties, with its (total, exploitation, exploration). `None` when there
/// are no children. This is the rule the search's selection phase uses.
pub fn select_ucb1<I: IntoIterator<Item = (f64, f64)>>(
    children: I,
    parent_n: f64,
    c: f64,
) -> Option<(usize, f64, f64, f64)> {
    let ln_n = portable_ln(parent_n.max(1.0));
    let mut best: Option<(usize, f64, f64, f64)> = None;
    for (i, (w, n)) in children.into_iter().enumerate() {
        let (total, exploitation, exploration) = ucb1_ln(w, n, ln_n, c);
        if best.is_none_or(|b| total > b.1) {
            best = Some((i, total, exploitation, exploration));
        }
    }
    best
}

/// The MCTS phase an event belongs to (`None` for non-MCTS events and for `MctsIteration`,
/// which opens an iteration). A front end splits an iteration's events by this to show the
/// four phases one at a time.
pub fn mcts_phase<A>(e: &Event<A>) -> Option<MctsPhase> {
    match e {
        Event::MctsSelect { .. } => Some(MctsPhase::Select),
        Event::MctsExpand { .. } => Some(MctsPhase::Expand),
        Event::MctsRollout { .. } => Some(MctsPhase::Rollout),
        Event::MctsBackup { .. } => Some(MctsPhase::Backup),
        _ => None,
    }
}

/// A node of the arena. Its children's N and W are not here but in its edge block, so
/// that UCB1 reads consecutive numbers; its own N and W are in its parent's block. What
/// selection reads of it is apart, in its [`Link`].
#[derive(Copy, Clone, Debug)]
struct Node<S> {
    /// The node's actions are `actions[first..first + len]` (ACTIONS(s) or the chance
    /// outcomes): the first `k` (in its [`Link`]) lead to the expanded children, in
    /// expansion order; the rest are untried.
    first: usize,
    len: u32,
    to_move: ToMove,
    /// The player whose reward W sums (see the module docs).
    mover: Player,
    terminal: bool,
    parent: u32,
    depth: u32,
    /// The node's slot in its parent's edge block, which holds its N and W ([`NO_SLOT`] at
    /// the root, whose N and W the tree keeps apart); its action is the parent's action of
    /// the same index.
    slot: usize,
    state: S,
}

/// No slot (the root's slot).
const NO_SLOT: usize = usize::MAX;

/// What selection reads of a node, 8 bytes apart from the rest (its state above all),
/// by id and again in the node's edge in its parent's block, so that walking down the tree
/// touches one edge block per level and nothing else.
#[derive(Copy, Clone, Debug, Default)]
struct Link {
    /// The children's block in the edge arrays (`edge..edge + len`, child i at `edge + i`),
    /// allocated when the first child is expanded ([`NO_EDGE`] before).
    edge: u32,
    /// [`STOP`], [`CHANCE`], [`LOST`], [`FULL`]; in bits 4 and 5 the index of the player
    /// who moves into the children (the player to move here, or at a chance node the node's
    /// own mover); and from bit 8 ([`K_SHIFT`]) up the number of expanded children, `k`.
    flags: u32,
}

/// One node of the current path below the root: its id, its edge slot and the index of
/// its mover (whose reward the backup adds to its W).
#[derive(Copy, Clone, Debug)]
struct Step {
    id: u32,
    slot: u32,
    mover: u32,
}

/// No edge block yet.
const NO_EDGE: u32 = u32::MAX;
/// [`Link::flags`]: selection stops here (a terminal node, or with the solver a proven one).
const STOP: u32 = 1;
/// [`Link::flags`]: a chance node.
const CHANCE: u32 = 2;
/// [`Link::flags`]: solver only, a proven loss for the node's mover (selection skips it).
const LOST: u32 = 4;
/// [`Link::flags`]: every action has been expanded (`k` = the number of actions).
const FULL: u32 = 8;
/// [`Link::flags`]: where the index of the children's mover starts (two bits).
const MOVER_SHIFT: u32 = 4;
/// [`Link::flags`]: where the number of expanded children starts.
const K_SHIFT: u32 = 8;
/// The most actions (and so children) a node may have: `k` must fit above [`K_SHIFT`].
const MAX_ACTIONS: usize = (1 << (32 - K_SHIFT)) - 1;
const _: () = assert!(MAX_PLAYERS <= 4, "the children's mover takes two bits of Link::flags");

impl Link {
    /// The index of the player whose W the children's edges sum.
    #[inline]
    fn child_mover(&self) -> usize {
        (self.flags >> MOVER_SHIFT & 3) as usize
    }

    /// Expanded children.
    #[inline]
    fn k(&self) -> usize {
        (self.flags >> K_SHIFT) as usize
    }
}

/// One edge of an edge block, what selection and backup read of a child (32 bytes): its
/// W/N as backup last computed it (the exploitation term of UCB1, bit for bit: the same
/// division of the same numbers, so that selection divides once per child instead of
/// twice), W, N, its id and a copy of its [`Link`] (so that the next level needs no other
/// read).
#[derive(Copy, Clone, Debug, Default)]
struct Edge {
    q: f64,
    w: f64,
    n: u32,
    child: u32,
    link: Link,
}

/// A read-only view of one tree node (cheap to copy).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct MctsNode<'a, S, A> {
    /// Arena id (the root is 0).
    pub id: u32,
    /// The parent's id (`None` at the root).
    pub parent: Option<u32>,
    /// The action from the parent into this node (`None` at the root).
    pub action: Option<A>,
    /// Plies below the root.
    pub depth: u32,
    /// N: visits.
    pub n: u32,
    /// W: total reward of [`mover`](Self::mover).
    pub w: f64,
    /// Q = W/N (0 when unvisited).
    pub q: f64,
    /// Children in the order they were expanded.
    pub children: &'a [u32],
    /// Actions not yet expanded, in the order they will be tried (natural expansion) or
    /// drawn from (random expansion / chance outcomes).
    pub untried: &'a [A],
    /// PLAYER(s) at this node.
    pub to_move: ToMove,
    /// The player whose reward W counts: the one who chose the move into this node.
    pub mover: Player,
    /// TERMINAL-TEST(s).
    pub terminal: bool,
    /// The proven outcome (MCTS-Solver only; `None` while unproven or with the solver off).
    pub proof: Option<Proof>,
    /// The state.
    pub state: S,
}

impl<S, A> MctsNode<'_, S, A> {
    /// The proof as a sentence ([`Proof::explain`]), players named by `side` (the figure's
    /// names: "X", "O"; or MAX and MIN) and nodes by `name`; `None` while unproven.
    pub fn proof_text(
        &self,
        side: &dyn Fn(Player) -> String,
        name: &dyn Fn(u32) -> String,
    ) -> Option<String> {
        let to_move = match self.to_move {
            ToMove::Player(p) => side(p),
            ToMove::Chance => "chance".to_string(),
        };
        self.proof.map(|p| p.explain(&side(self.mover), &to_move, name))
    }
}

/// N, W and Q of one root child.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct ChildStats<A> {
    /// The child's arena id.
    pub id: u32,
    /// The root action leading to it.
    pub action: A,
    /// N.
    pub n: u32,
    /// W (reward of the player to move at the root).
    pub w: f64,
    /// Q = W/N.
    pub q: f64,
}

/// The tree and the search's working state, without the game (so that [`mcts_search`] can
/// borrow a game and [`Mcts`] can own one).
///
/// Layout: an arena of nodes; one array of actions, each node's in one block; and the
/// *edge* arrays (id, N, W and W/N of a child), one block per node that has children,
/// allocated at its first expansion. A child's N and W live in its parent's block only, so
/// UCB1 reads consecutive numbers per level instead of one node per child, growing the tree
/// allocates nothing per node, and leaves (most nodes) cost no edge memory.
#[derive(Clone, Debug)]
struct Tree<G: Game> {
    opts: MctsOptions,
    rng: Rng,
    nodes: Vec<Node<G::State>>,
    /// Per node, by id: what selection reads.
    links: Vec<Link>,
    /// Every node's actions, block by block.
    actions: Vec<G::Action>,
    /// Per edge: the child's W/N, W, N, id and link (meaningful for the first `k` edges of a block).
    edges: Vec<Edge>,
    /// Per edge: the child's id again (the view's `children` slices).
    edge_child: Vec<u32>,
    root_n: u32,
    root_w: f64,
    /// MCTS-Solver on (the option, in a two-player game).
    solver: bool,
    /// Solver only (empty otherwise): each node's proof, by id (a proven node's link has
    /// [`STOP`], and [`LOST`] when it is a loss for its mover); the iteration the root was
    /// proven in.
    proofs: Vec<Option<Proof>>,
    proved_at: Option<u32>,
    /// ln N of the visit counts seen so far: bit for bit the value selection would compute.
    ln_table: LnTable,
    iterations: u32,
    rollouts: u64,
    max_depth: u32,
    range: (f64, f64),
    num_players: usize,
    /// Reused buffers: the current path below the root, ACTIONS(s), chance outcomes.
    trail: Vec<Step>,
    acts: Vec<G::Action>,
    outs: Vec<(G::Action, f64)>,
}

impl<G: Game> Tree<G> {
    fn new(game: &G, root: G::State, opts: MctsOptions) -> Self {
        let mut t = Tree {
            opts,
            rng: Rng::new(opts.seed),
            nodes: Vec::new(),
            links: Vec::new(),
            actions: Vec::new(),
            edges: Vec::new(),
            edge_child: Vec::new(),
            root_n: 0,
            root_w: 0.0,
            solver: opts.solver && game.num_players() == 2,
            proofs: Vec::new(),
            proved_at: None,
            ln_table: LnTable::default(),
            iterations: 0,
            rollouts: 0,
            max_depth: 0,
            range: game.utility_range(),
            num_players: game.num_players().clamp(1, MAX_PLAYERS),
            trail: Vec::new(),
            acts: Vec::new(),
            outs: Vec::new(),
        };
        let mover = match game.player(&root) {
            ToMove::Player(p) => p,
            ToMove::Chance => Player::MAX,
        };
        t.push_node(game, root, NO_PARENT, NO_SLOT, 0, mover);
        if t.solver && t.proofs[0].is_some() {
            t.proved_at = Some(0);
        }
        t
    }

    /// Appends a node and its block of actions (none expanded, no edge block yet).
    fn push_node(&mut self, game: &G, state: G::State, parent: u32, slot: usize, depth: u32, mover: Player) {
        let terminal = game.is_terminal(&state);
        let to_move = game.player(&state);
        let first = self.actions.len();
        if !terminal {
            match to_move {
                ToMove::Player(_) => {
                    self.acts.clear();
                    game.actions(&state, &mut self.acts);
                    self.actions.extend_from_slice(&self.acts);
                }
                ToMove::Chance => {
                    self.outs.clear();
                    game.chance_outcomes(&state, &mut self.outs);
                    self.actions.extend(self.outs.iter().map(|o| o.0));
                }
            }
        }
        let len = self.actions.len() - first;
        assert!(len <= MAX_ACTIONS, "MCTS: a state with more than 2^24 - 1 actions");
        let (chance, child_mover) = match to_move {
            ToMove::Player(p) => (0, p.index() as u32),
            ToMove::Chance => (CHANCE, mover.index() as u32),
        };
        let full = if len == 0 { FULL } else { 0 };
        self.links.push(Link {
            edge: NO_EDGE,
            flags: terminal as u32 | chance | full | child_mover << MOVER_SHIFT,
        });
        let len = len as u32;
        self.nodes.push(Node { first, len, to_move, mover, terminal, parent, depth, slot, state });
        if self.solver {
            let proof = terminal.then(|| {
                let u = game.utility(&state, Player::MAX);
                let for_max = if u > 0.0 {
                    Outcome::Win
                } else if u < 0.0 {
                    Outcome::Loss
                } else {
                    Outcome::Draw
                };
                let outcome = if mover == Player::MAX { for_max } else { for_max.flipped() };
                Proof { outcome, plies: 0, rule: ProofRule::Terminal }
            });
            self.proofs.push(proof);
            if let Some(p) = proof {
                // (The copy in the parent's edge is made by `expand`, after this.)
                self.links.last_mut().expect("just pushed").flags |= proven_flags(&p);
            }
        }
    }

    fn num_nodes(&self) -> usize {
        self.nodes.len()
    }

    /// N and W of node `id` (which must exist).
    fn stats(&self, id: u32) -> (u32, f64) {
        match self.nodes[id as usize].slot {
            NO_SLOT => (self.root_n, self.root_w),
            s => (self.edges[s].n, self.edges[s].w),
        }
    }

    /// The children of node `id` (which must exist), in expansion order.
    fn children_of(&self, id: u32) -> &[u32] {
        let h = &self.links[id as usize];
        if h.k() == 0 {
            return &[];
        }
        &self.edge_child[h.edge as usize..h.edge as usize + h.k()]
    }

    /// The action into node `id` (`None` at the root and for unknown ids).
    fn action_into(&self, id: u32) -> Option<G::Action> {
        let c = self.nodes.get(id as usize)?;
        if c.parent == NO_PARENT {
            return None;
        }
        let p = &self.nodes[c.parent as usize];
        Some(self.actions[p.first + (c.slot - self.links[c.parent as usize].edge as usize)])
    }

    /// portable_ln(max(n, 1)), from the table while N is small.
    #[inline]
    fn ln_n(&mut self, n: u32) -> f64 {
        self.ln_table.ln(n)
    }

    /// Makes room for the nodes `iterations` more iterations can add (one each, up to
    /// `max_nodes`; at most 2^16 at a time): one allocation of the right size instead of a
    /// series of doublings, each copying the arena and touching fresh memory.
    fn reserve(&mut self, iterations: u32) {
        let room = (self.opts.max_nodes as usize).saturating_sub(self.nodes.len());
        let more = (iterations as usize).min(room).min(1 << 16);
        self.nodes.reserve(more);
        self.links.reserve(more);
    }

    fn can_grow(&self) -> bool {
        self.num_nodes() < (self.opts.max_nodes.min(u32::MAX - 1) as usize)
    }

    /// Adds the child of `parent` (whose link is `link`, as selection read it) reached
    /// through its first untried action; returns the child's id.
    fn expand(&mut self, game: &G, parent: u32, mut link: Link) -> u32 {
        let h = self.nodes[parent as usize];
        let k = link.k();
        let edge = if link.edge == NO_EDGE {
            let e = self.edges.len();
            let end = e + h.len as usize;
            self.edges.resize(end, Edge::default());
            self.edge_child.resize(end, 0);
            link.edge = e as u32;
            e
        } else {
            link.edge as usize
        };
        let slot = edge + k;
        let a = self.actions[h.first + k];
        let state = game.result(&h.state, a);
        let depth = h.depth + 1;
        let mover = match h.to_move {
            ToMove::Player(pl) => pl,
            ToMove::Chance => h.mover,
        };
        let id = self.num_nodes() as u32;
        self.push_node(game, state, parent, slot, depth, mover);
        self.edge_child[slot] = id;
        self.edges[slot].child = id;
        self.edges[slot].link = self.links[id as usize];
        link.flags += 1 << K_SHIFT;
        if k + 1 == h.len as usize {
            link.flags |= FULL;
        }
        self.set_link(parent, h.slot, link);
        id
    }

    /// Writes node `id`'s link, and its copy in its edge (`slot`, the node's; [`NO_SLOT`]
    /// at the root).
    #[inline]
    fn set_link(&mut self, id: u32, slot: usize, link: Link) {
        self.links[id as usize] = link;
        if slot != NO_SLOT {
            self.edges[slot].link = link;
        }
    }

    /// Draws a chance outcome of `s` by its probability (`None` if it has none).
    fn sample_outcome(&mut self, game: &G, s: &G::State) -> Option<G::Action> {
        self.outs.clear();
        game.chance_outcomes(s, &mut self.outs);
        let total: f64 = self.outs.iter().map(|o| o.1).sum();
        let mut x = self.rng.unit_f64() * total;
        let mut last = None;
        for &(a, p) in &self.outs {
            if p > 0.0 {
                if x < p {
                    return Some(a);
                }
                x -= p;
                last = Some(a);
            }
        }
        // Rounding left x just past the last outcome (or all probabilities are 0).
        last.or(self.outs.first().map(|o| o.0))
    }

    /// Linear map of a terminal state's utilities onto rewards in [0, 1] for every player.
    fn rewards(&self, game: &G, s: &G::State) -> Utilities {
        let (lo, hi) = self.range;
        let span = hi - lo;
        let map =
            |u: f64| if span > 0.0 && span.is_finite() { ((u - lo) / span).clamp(0.0, 1.0) } else { 0.5 };
        let mut r = [0.0; MAX_PLAYERS];
        if self.num_players == 2 {
            r[0] = map(game.utility(s, Player::MAX));
            r[1] = 1.0 - r[0];
        } else {
            for (p, slot) in r.iter_mut().enumerate().take(self.num_players) {
                *slot = map(game.utility(s, Player(p as u8)));
            }
        }
        r
    }

    /// A reward (mean) of `mover` mapped back onto the utility scale: to MAX in two-player
    /// games, to `mover` itself otherwise.
    fn value_of(&self, q: f64, mover: Player) -> f64 {
        let (lo, hi) = self.range;
        let r = if self.num_players == 2 && mover != Player::MAX { 1.0 - q } else { q };
        lo + r * (hi - lo)
    }

    /// One random playout from `s` to the end: (plies, rewards). No allocation per ply.
    fn rollout(&mut self, game: &G, s: &G::State) -> (u32, Utilities) {
        let mut s = *s;
        let mut plies = 0u32;
        while !game.is_terminal(&s) {
            let a = match game.player(&s) {
                ToMove::Player(_) => {
                    self.acts.clear();
                    game.actions(&s, &mut self.acts);
                    if self.acts.is_empty() {
                        break;
                    }
                    self.acts[self.rng.below(self.acts.len() as u32) as usize]
                }
                ToMove::Chance => match self.sample_outcome(game, &s) {
                    Some(a) => a,
                    None => break,
                },
            };
            s = game.result(&s, a);
            plies = plies.saturating_add(1);
        }
        (plies, self.rewards(game, &s))
    }

    /// `iterations` iterations, reported to `obs`. Once the root is proven (solver on,
    /// unobserved), the rest are [`scored_at_proven_root`](Self::scored_at_proven_root) in
    /// one go.
    fn run<O: Observer<G::Action>>(&mut self, game: &G, iterations: u32, obs: &mut O) {
        self.reserve(iterations);
        for done in 0..iterations {
            // (STOP at a root that is not terminal: proven by the solver.)
            if !O::ENABLED && self.links[0].flags & STOP != 0 && !self.nodes[0].terminal {
                self.scored_at_proven_root(iterations - done);
                return;
            }
            self.iterate(game, obs);
        }
    }

    /// `count` iterations at a proven non-terminal root, unobserved: what [`iterate`](Self::iterate)
    /// does there (selection stops at the root, which scores its outcome; nothing else
    /// changes), in short. W gets the reward added once per iteration, as there, so that
    /// its rounding is the same bit for bit.
    fn scored_at_proven_root(&mut self, count: u32) {
        let reward = self.proven_reward(0).expect("a proven non-terminal root")[self.nodes[0].mover.index()];
        self.rollouts += u64::from(count);
        self.root_n = self.root_n.saturating_add(count);
        self.root_w = add_repeatedly(self.root_w, reward, count);
        self.iterations = self.iterations.saturating_add(count);
    }

    /// One iteration. (At a proven root [`run`](Self::run) skips it: it would only score
    /// the root's outcome.)
    fn iterate<O: Observer<G::Action>>(&mut self, game: &G, obs: &mut O) {
        if O::ENABLED {
            obs.event(&Event::MctsIteration { iteration: self.iterations });
        }
        self.trail.clear();
        let mut id = 0u32;
        // N and link of node `id` (selection reads N for ln N before this iteration's backup).
        let mut n_here = self.root_n;
        let mut link = self.links[0];
        // Did this iteration add a node (the leaf)?
        let mut expanded = false;
        // SELECT, ending in at most one EXPAND.
        let leaf = loop {
            if link.flags & STOP != 0 {
                break id;
            }
            let k = link.k();
            if link.flags & CHANCE != 0 {
                let h = self.nodes[id as usize];
                let (first, len) = (h.first, h.len as usize);
                {
                    let Some(a) = self.sample_outcome(game, &h.state) else { break id };
                    let block = &self.actions[first..first + len];
                    if let Some(pos) = block[..k].iter().position(|&x| x == a) {
                        let slot = link.edge as usize + pos;
                        let Edge { n, child, link: next, .. } = self.edges[slot];
                        if O::ENABLED {
                            let w = self.edges[slot].w;
                            let q = if n > 0 { w / n as f64 } else { 0.0 };
                            obs.event(&Event::MctsSelect {
                                node: id,
                                child,
                                exploitation: q,
                                exploration: 0.0,
                            });
                        }
                        self.trail.push(Step {
                            id: child,
                            slot: slot as u32,
                            mover: link.child_mover() as u32,
                        });
                        id = child;
                        n_here = n;
                        link = next;
                        continue;
                    }
                    if !self.can_grow() {
                        break id;
                    }
                    let Some(j) = block[k..].iter().position(|&x| x == a) else { break id };
                    self.actions.swap(first + k, first + k + j);
                    expanded = true;
                    break self.expand_and_report(game, id, link, obs);
                }
            }
            if link.flags & FULL == 0 && self.can_grow() {
                // Solver: a move that wins at once is tried first (it proves the node).
                let win_first = self.solver && k == 0 && self.winning_move_first(game, id);
                if self.opts.expansion == Expansion::Random && !win_first {
                    let h = &self.nodes[id as usize];
                    let (first, untried) = (h.first, h.len as usize - k);
                    let j = self.rng.below(untried as u32) as usize;
                    self.actions.swap(first + k, first + k + j);
                }
                expanded = true;
                break self.expand_and_report(game, id, link, obs);
            }
            if k == 0 {
                break id;
            }
            let ln_n = self.ln_n(n_here);
            let c = self.opts.c;
            let e = link.edge as usize;
            let block = &self.edges[e..e + k];
            let best = select_in_block(block, ln_n, c);
            let slot = e + best;
            let Edge { n, child, link: next, .. } = self.edges[slot];
            if O::ENABLED {
                let (_, exploitation, exploration) = ucb1_ln(self.edges[slot].w, n as f64, ln_n, c);
                obs.event(&Event::MctsSelect { node: id, child, exploitation, exploration });
            }
            self.trail.push(Step { id: child, slot: slot as u32, mover: link.child_mover() as u32 });
            id = child;
            n_here = n;
            link = next;
        };
        // ROLLOUT.
        let state = self.nodes[leaf as usize].state;
        let (plies, reward) = match self.proven_reward(leaf) {
            Some(r) => (0, r),
            None => self.rollout(game, &state),
        };
        self.rollouts += 1;
        if O::ENABLED {
            obs.event(&Event::MctsRollout { node: leaf, plies, reward });
        }
        self.max_depth = self.max_depth.max(self.nodes[leaf as usize].depth);
        // BACKUP, leaf first: every node below the root through its slot, then the root.
        for &Step { id, slot, mover } in self.trail.iter().rev() {
            let e = &mut self.edges[slot as usize];
            let n = e.n.saturating_add(1);
            let w = e.w + reward[mover as usize];
            e.n = n;
            e.w = w;
            e.q = w / n as f64;
            if O::ENABLED {
                obs.event(&Event::MctsBackup { node: id, visits: n, wins: w });
            }
        }
        self.root_n = self.root_n.saturating_add(1);
        self.root_w += reward[self.nodes[0].mover.index()];
        if O::ENABLED {
            obs.event(&Event::MctsBackup { node: 0, visits: self.root_n, wins: self.root_w });
        }
        self.iterations = self.iterations.saturating_add(1);
        // Solver: only a new node can bring a new proof (a terminal one). A leaf that was
        // already proven proves nothing new: its parent was tried when that proof (or the
        // last one below it) came up, and stayed unproven; no child of it has changed since.
        if self.solver && expanded {
            self.propagate_proofs();
        }
    }

    /// Solver, at a player node's first expansion: moves the first action that ends the game
    /// with a win for the player to move to the front of the untried actions, so that the
    /// node is proven by the child it expands first. Whether there was one.
    fn winning_move_first(&mut self, game: &G, id: u32) -> bool {
        let h = &self.nodes[id as usize];
        let ToMove::Player(p) = h.to_move else { return false };
        let (first, len, state) = (h.first, h.len as usize, h.state);
        for j in 0..len {
            let next = game.result(&state, self.actions[first + j]);
            if game.is_terminal(&next) && game.utility(&next, p) > 0.0 {
                self.actions.swap(first, first + j);
                return true;
            }
        }
        false
    }

    /// Solver: the rewards a proven non-terminal node scores instead of a rollout (win 1,
    /// draw ½, loss 0 for its mover). Terminal nodes are scored by their utilities as without
    /// the solver.
    fn proven_reward(&self, id: u32) -> Option<Utilities> {
        if !self.solver || self.nodes[id as usize].terminal {
            return None;
        }
        let p = self.proofs[id as usize]?;
        let mine = match p.outcome {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        };
        let mut r = [0.0; MAX_PLAYERS];
        let m = self.nodes[id as usize].mover.index();
        r[m] = mine;
        r[1 - m] = 1.0 - mine;
        Some(r)
    }

    /// Solver: after an iteration, proves what the path's new proofs prove, leaf upwards,
    /// stopping at the first node that stays unproven (only a child's change can change a
    /// node's status, and only nodes on the path changed).
    fn propagate_proofs(&mut self) {
        for i in (0..self.trail.len()).rev() {
            let (child, parent) = (self.trail[i].id, if i == 0 { 0 } else { self.trail[i - 1].id });
            if self.proofs[child as usize].is_none() || self.proofs[parent as usize].is_some() {
                break;
            }
            match self.try_prove(parent) {
                Some(p) => {
                    self.proofs[parent as usize] = Some(p);
                    let mut link = self.links[parent as usize];
                    link.flags |= proven_flags(&p);
                    self.set_link(parent, self.nodes[parent as usize].slot, link);
                }
                None => break,
            }
        }
        if self.proved_at.is_none() && self.proofs[0].is_some() {
            self.proved_at = Some(self.iterations);
        }
    }

    /// Solver: the proof of node `id` by its children's proofs, if they prove it.
    fn try_prove(&self, id: u32) -> Option<Proof> {
        let h = &self.nodes[id as usize];
        let ToMove::Player(p) = h.to_move else { return None };
        let link = self.links[id as usize];
        let (k, len, edge) = (link.k(), h.len as usize, link.edge as usize);
        // The best child for `p` (whose outcomes the children's proofs are, as their mover),
        // by proof_key; `None` once one child is unproven (unless a win turns up).
        let mut best: Option<(u32, Proof)> = None;
        let mut all = k == len && len > 0;
        for pos in 0..k {
            let child = self.edge_child[edge + pos];
            let Some(cp) = self.proofs[child as usize] else {
                all = false;
                continue;
            };
            if best.is_none_or(|(_, b)| proof_key(&cp) > proof_key(&b)) {
                best = Some((child, cp));
            }
        }
        let (child, cp) = best?;
        let rule = if cp.outcome == Outcome::Win {
            ProofRule::WinningChild(child)
        } else if all {
            ProofRule::AllChildren(child)
        } else {
            return None;
        };
        let outcome = if h.mover == p { cp.outcome } else { cp.outcome.flipped() };
        Some(Proof { outcome, plies: cp.plies.saturating_add(1), rule })
    }

    fn expand_and_report<O: Observer<G::Action>>(
        &mut self,
        game: &G,
        id: u32,
        link: Link,
        obs: &mut O,
    ) -> u32 {
        let child = self.expand(game, id, link);
        if O::ENABLED {
            let h = &self.nodes[id as usize];
            let action = self.actions[h.first + self.links[id as usize].k() - 1];
            obs.event(&Event::MctsExpand { node: id, child, action });
        }
        let c = &self.nodes[child as usize];
        self.trail.push(Step { id: child, slot: c.slot as u32, mover: c.mover.index() as u32 });
        child
    }

    fn view(&self, id: u32) -> Option<MctsNode<'_, G::State, G::Action>> {
        let h = self.nodes.get(id as usize)?;
        let (n, w) = self.stats(id);
        let link = &self.links[id as usize];
        let (first, k, len) = (h.first, link.k(), h.len as usize);
        Some(MctsNode {
            id,
            parent: (h.parent != NO_PARENT).then_some(h.parent),
            action: self.action_into(id),
            depth: h.depth,
            n,
            w,
            q: if n > 0 { w / n as f64 } else { 0.0 },
            children: self.children_of(id),
            untried: &self.actions[first + k..first + len],
            to_move: h.to_move,
            mover: h.mover,
            terminal: h.terminal,
            proof: if self.solver { self.proofs[id as usize] } else { None },
            state: h.state,
        })
    }

    /// The most-visited child of player node `id`, ties broken by the natural order of
    /// ACTIONS(s); with its index in that order. `None` at chance, terminal or unexpanded
    /// nodes.
    fn most_visited(&self, game: &G, id: u32) -> Option<(u32, usize)> {
        let h = self.nodes.get(id as usize)?;
        let link = &self.links[id as usize];
        if link.k() == 0 || !matches!(h.to_move, ToMove::Player(_)) {
            return None;
        }
        let (first, k, edge) = (h.first, link.k(), link.edge as usize);
        let mut natural = Vec::new();
        game.actions(&h.state, &mut natural);
        // Each expanded child's natural index through an index of ACTIONS(s): O(k), not a
        // scan of the expanded block per action (O(k²) at a root with many children).
        let mut index = crate::action_index::ActionIndex::new();
        index.build(&natural);
        // With the solver, the proofs first (a proven win, the quickest; never a proven
        // loss unless every move loses, then the longest); then visits, then the natural
        // order. (Without it there are no proofs: every rank is the same.)
        let mut best: Option<(u32, usize, (u8, i64), u32)> = None;
        for pos in 0..k {
            let Some(i) = index.get(&natural, self.actions[first + pos]) else { continue };
            let child = self.edge_child[edge + pos];
            let rank = match self.proofs.get(child as usize).copied().flatten() {
                Some(p) => choice_key(&p),
                None => (1, 0),
            };
            let n = self.edges[edge + pos].n;
            if best.is_none_or(|b| (rank, n) > (b.2, b.3) || ((rank, n) == (b.2, b.3) && i < b.1)) {
                best = Some((child, i, rank, n));
            }
        }
        best.map(|(c, i, _, _)| (c, i))
    }

    fn result(&self, game: &G) -> SearchResult<G::Action> {
        let root = &self.nodes[0];
        let stats = Stats {
            nodes: self.num_nodes() as u64,
            leaves: self.rollouts,
            max_depth: self.max_depth,
            ..Stats::default()
        };
        let best = self.most_visited(game, 0);
        let value = if root.terminal {
            let p = if self.num_players == 2 { Player::MAX } else { root.mover };
            game.utility(&root.state, p)
        } else if let Some((child, _)) = best {
            let (n, w) = self.stats(child);
            self.value_of(w / n.max(1) as f64, self.nodes[child as usize].mover)
        } else if self.root_n > 0 {
            self.value_of(self.root_w / self.root_n as f64, root.mover)
        } else {
            self.value_of(0.5, root.mover)
        };
        let mut pv = Vec::new();
        let mut at = 0u32;
        while let Some((child, _)) = self.most_visited(game, at) {
            pv.extend(self.action_into(child));
            at = child;
        }
        SearchResult {
            value,
            best: pv.first().copied(),
            best_index: best.map(|b| b.1),
            pv,
            stats,
            complete: true,
            depth: u32::MAX,
        }
    }
}

/// The UCB1 choice among a node's children (at least one), given their W/N (`q`) and N,
/// exactly as [`select_ucb1`] makes it: the same totals, bit for bit ([`ucb1_ln`] with the
/// exploitation W/N already divided), the first of the largest winning; skipping children
/// that are proven losses for the player choosing (MCTS-Solver: [`LOST`], never set without
/// it), unless all are (then the plain choice among all).
#[inline]
fn select_in_block(block: &[Edge], ln_n: f64, c: f64) -> usize {
    let (mut best, mut best_total) = (usize::MAX, f64::NEG_INFINITY);
    for (i, e) in block.iter().enumerate() {
        let (q, n) = (e.q, e.n as f64);
        let total = if n <= 0.0 { f64::INFINITY } else { q + exploration_term(n, ln_n, c) };
        if e.link.flags & LOST == 0 && (best == usize::MAX || total > best_total) {
            best = i;
            best_total = total;
        }
    }
    if best != usize::MAX {
        return best;
    }
    // Every child is lost: the plain choice among all.
    for (i, e) in block.iter().enumerate() {
        let (q, n) = (e.q, e.n as f64);
        let total = if n <= 0.0 { f64::INFINITY } else { q + exploration_term(n, ln_n, c) };
        if best == usize::MAX || total > best_total {
            best = i;
            best_total = total;
        }
    }
    best
}

/// `w + r + r + … + r` (`count` times, rounding after each addition as `+=` in a loop
/// does), bit for bit, in a few steps when `r` is 1, ½ or 0 (the rewards of a proven root).
///
/// While w stays in one binade [2^e, 2^(e+1)) whose spacing 2^(e−52) divides r, every
/// partial sum is a multiple of that spacing inside the binade: exact, so the additions up to
/// the binade's end are one exact w + i·r. The addition that crosses into the next binade
/// may round: it is done as one `+=`. Anything else (w below r, r another value, spacing
/// above r) takes the loop.
fn add_repeatedly(mut w: f64, r: f64, mut count: u32) -> f64 {
    if r == 0.0 && (w > 0.0 || w.to_bits() == 0) {
        return w; // w + 0 = w for w > 0 and w = +0 (not for −0).
    }
    let power_of_two = r > 0.0 && r.is_normal() && r.to_bits() & ((1 << 52) - 1) == 0;
    while count > 0 {
        if !(power_of_two && w >= r && w.is_finite()) {
            break;
        }
        // w's biased exponent: w lies in [2^(b−1023), 2^(b−1022)), spaced 2^(b−1075).
        let b = (w.to_bits() >> 52) & 0x7ff;
        if b < 53 || f64::from_bits((b - 52) << 52) > r {
            break;
        }
        // Additions that stay below the binade's end: the largest i with w + i·r < end.
        let gap = f64::from_bits((b + 1) << 52) - w;
        let inside = ((gap / r).ceil() - 1.0).min(count as f64);
        w += inside * r;
        count -= inside as u32;
        if count > 0 {
            w += r;
            count -= 1;
        }
    }
    for _ in 0..count {
        w += r;
    }
    w
}

/// The link flags of a node proven `p`: [`STOP`], and [`LOST`] for a loss of its mover.
fn proven_flags(p: &Proof) -> u32 {
    STOP | if p.outcome == Outcome::Loss { LOST } else { 0 }
}

/// The order in which the solver backs up its children's proofs: win > draw > loss; among
/// wins the quickest, among draws and losses the longest.
fn proof_key(p: &Proof) -> (Outcome, i64) {
    match p.outcome {
        Outcome::Win => (Outcome::Win, -(p.plies as i64)),
        o => (o, p.plies as i64),
    }
}

/// The order of the solver's move choice: a proven win (the quickest first) above an
/// unproven move or a proven draw (rank 1: visits decide), above a proven loss (the longest
/// first).
fn choice_key(p: &Proof) -> (u8, i64) {
    match p.outcome {
        Outcome::Win => (2, -(p.plies as i64)),
        Outcome::Draw => (1, 0),
        Outcome::Loss => (0, p.plies as i64),
    }
}

/// Monte Carlo tree search over a game it owns, kept between calls so that a caller can run
/// 1, 10 or 10,000 iterations at a time and inspect the tree in between.
#[derive(Clone, Debug)]
pub struct Mcts<G: Game> {
    game: G,
    tree: Tree<G>,
}

impl<G: Game> Mcts<G> {
    /// A tree holding only the root `root`.
    pub fn new(game: G, root: G::State, opts: MctsOptions) -> Self {
        let tree = Tree::new(&game, root, opts);
        Mcts { game, tree }
    }

    /// One full iteration (select → expand → rollout → backup), reported to `obs`.
    pub fn iterate<O: Observer<G::Action>>(&mut self, obs: &mut O) {
        self.tree.iterate(&self.game, obs)
    }

    /// `iterations` iterations, unobserved.
    pub fn run(&mut self, iterations: u32) {
        self.run_observed(iterations, &mut NoObserver)
    }

    /// `iterations` iterations, reported to `obs`.
    pub fn run_observed<O: Observer<G::Action>>(&mut self, iterations: u32, obs: &mut O) {
        self.tree.run(&self.game, iterations, obs)
    }

    /// Node `id`'s name from the moves on the path from the root, each named by `action`
    /// ([`mcts_node_name`](crate::caption::mcts_node_name): "the root", "node 4·0").
    pub fn path_name(&self, id: u32, action: &dyn Fn(G::Action) -> String) -> String {
        let mut labels = Vec::new();
        let mut at = self.node(id);
        while let Some(v) = at {
            let (Some(p), Some(a)) = (v.parent, v.action) else { break };
            labels.push(action(a));
            at = self.node(p);
        }
        labels.reverse();
        crate::caption::mcts_node_name(&labels)
    }

    /// Iterations run so far (= N at the root).
    pub fn iterations(&self) -> u32 {
        self.tree.iterations
    }

    /// Nodes in the tree (the root included).
    pub fn num_nodes(&self) -> usize {
        self.tree.num_nodes()
    }

    /// Node `id` (`None` if there is no such node).
    pub fn node(&self, id: u32) -> Option<MctsNode<'_, G::State, G::Action>> {
        self.tree.view(id)
    }

    /// The root (node 0).
    pub fn root(&self) -> MctsNode<'_, G::State, G::Action> {
        self.tree.view(0).expect("the arena always holds the root")
    }

    /// The move to play: the root's most-visited child, ties broken by the natural order of
    /// ACTIONS(root). `None` before the first iteration and at terminal or chance roots.
    pub fn best_action(&self) -> Option<G::Action> {
        let (child, _) = self.tree.most_visited(&self.game, 0)?;
        self.tree.action_into(child)
    }

    /// The arena id of the child [`best_action`](Self::best_action) leads to.
    pub fn best_child(&self) -> Option<u32> {
        self.tree.most_visited(&self.game, 0).map(|b| b.0)
    }

    /// N, W, Q of every root child, in expansion order.
    pub fn root_children_stats(&self) -> Vec<ChildStats<G::Action>> {
        let t = &self.tree;
        let (h, edge) = (&t.nodes[0], t.links[0].edge as usize);
        t.children_of(0)
            .iter()
            .enumerate()
            .map(|(i, &id)| {
                let Edge { n, w, .. } = t.edges[edge + i];
                ChildStats {
                    id,
                    action: t.actions[h.first + i],
                    n,
                    w,
                    q: if n > 0 { w / n as f64 } else { 0.0 },
                }
            })
            .collect()
    }

    /// UCB1 of each child of `node` as selection would compute it now:
    /// (child id, exploitation, exploration, total). Empty for unknown ids and leaves.
    /// (At chance nodes selection samples instead; the numbers are then only informative.)
    pub fn ucb_terms(&self, node: u32) -> Vec<(u32, f64, f64, f64)> {
        let t = &self.tree;
        let Some(h) = t.links.get(node as usize) else { return Vec::new() };
        let ln_n = portable_ln((t.stats(node).0 as f64).max(1.0));
        t.children_of(node)
            .iter()
            .enumerate()
            .map(|(i, &id)| {
                let Edge { n, w, .. } = t.edges[h.edge as usize + i];
                let (total, exploitation, exploration) = ucb1_ln(w, n as f64, ln_n, t.opts.c);
                (id, exploitation, exploration, total)
            })
            .collect()
    }

    /// The search's answer so far, as [`mcts_search`] returns it.
    pub fn result(&self) -> SearchResult<G::Action> {
        self.tree.result(&self.game)
    }

    /// One random playout from `s`: (plies, rewards in [0, 1] per player). It draws from the
    /// search's generator, so later iterations change; meant for measuring playout speed.
    pub fn rollout(&mut self, s: &G::State) -> (u32, Utilities) {
        self.tree.rollout(&self.game, s)
    }

    /// The game.
    pub fn game(&self) -> &G {
        &self.game
    }

    /// The options the search was made with.
    pub fn options(&self) -> &MctsOptions {
        &self.tree.opts
    }

    /// MCTS-Solver: the number of iterations that had run when the root was proven (0 for a
    /// terminal root); `None` while unproven or with the solver off.
    pub fn proved_at(&self) -> Option<u32> {
        self.tree.proved_at
    }
}

/// MCTS from `s` for `iterations` iterations, reported to `obs` between `SearchStart` and
/// `SearchEnd`.
///
/// The result: `best` is the most-visited root child (ties → natural order); `value` is that
/// child's Q mapped back linearly onto the utility scale — as utility to MAX in two-player
/// games, to the player to move at the root in n-player games (as max^n reports it); at a
/// terminal root it is the exact utility. `pv` follows most-visited children down the tree.
/// Stats: `nodes` = tree size, `leaves` = rollouts (one per iteration), `max_depth` = the
/// deepest node a rollout started from.
pub fn mcts_search<G: Game, O: Observer<G::Action>>(
    game: &G,
    s: &G::State,
    opts: &MctsOptions,
    iterations: u32,
    mut obs: O,
) -> SearchResult<G::Action> {
    let mut tree = Tree::new(game, *s, *opts);
    if O::ENABLED {
        obs.event(&Event::SearchStart { depth: u32::MAX });
    }
    tree.run(game, iterations, &mut obs);
    let r = tree.result(game);
    if O::ENABLED {
        obs.event(&Event::SearchEnd { value: r.value, best: r.best, complete: true });
    }
    r
}

#[cfg(test)]
mod tests {
    use super::add_repeatedly;
    use crate::rng::Rng;

    /// The loop `add_repeatedly` stands for.
    fn looped(mut w: f64, r: f64, count: u32) -> f64 {
        for _ in 0..count {
            w += r;
        }
        w
    }

    #[test]
    fn add_repeatedly_is_the_loop_bit_for_bit() {
        let mut rng = Rng::new(15);
        let mut starts = vec![0.0, -0.0, 0.25, 0.5, 1.0, 1.5, 2.0, 3.0, 1023.75, 4096.0, 2f64.powi(52) - 1.0];
        for _ in 0..60 {
            // Sums of rewards k/36 as a Connect-4 search leaves them, and arbitrary fractions.
            let k = rng.below(200_000) as f64;
            starts.push(k + rng.unit_f64());
            starts.push((0..rng.below(3000)).map(|_| rng.below(37) as f64 / 36.0).sum());
        }
        for &w in &starts {
            for r in [0.0, 0.5, 1.0, 1.0 / 3.0] {
                for count in [0, 1, 2, 7, 1000, 123_457, 300_000] {
                    let (a, b) = (add_repeatedly(w, r, count), looped(w, r, count));
                    assert_eq!(a.to_bits(), b.to_bits(), "w = {w:?}, r = {r}, count = {count}");
                }
            }
        }
    }
}
