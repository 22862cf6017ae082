//! Explicit game trees, written as text: the lessons' figures and exercises, and any tree a
//! learner types in.
//!
//! A [`Tree`] is an arena of nodes (ids are `u32`, the root is 0, ids follow the order the
//! nodes are written in). It implements [`Game`] with `State = u32` (a node id) and
//! `Action = u32` (a child index `0..k`), so every search runs on it unchanged.
//!
//! # The text format (full reference: `docs/tree-grammar.md`)
//!
//! ```text
//! tree        = node ;
//! node        = leaf | internal ;
//! internal    = [ kind ] [ label ] "[" child { "," child } [ "," ] "]" ;
//! child       = node                      (* under max, min, p0…p3 or a plain list *)
//!             | probability ":" node ;    (* under chance: every child has one *)
//! leaf        = [ label "=" ] ( number | tuple ) ;
//! tuple       = "(" number "," number { "," number } ")" ;   (* 2 to 4 entries *)
//! kind        = "max" | "min" | "chance" | "p0" | "p1" | "p2" | "p3" ;   (* or upper case *)
//! label       = ( letter | "_" ) { letter | digit | "_" | "'" } ;      (* not a kind *)
//! probability = number [ "/" number ] ;   (* in [0, 1]; a chance node's sum to 1 ± 1e-9 *)
//! number      = [ "+" | "-" ] ( digits [ "." [ digits ] ] | "." digits ) [ exponent ] ;
//! ```
//!
//! Whitespace, newlines and comments (`#` to the end of the line) may appear between any two
//! tokens.
//!
//! - `[[3,12,8],[2,4,6],[14,5,2]]` — AIMA Figure 5.2. A plain `[…]` at the root is MAX.
//! - `A[B[3,12,8], C[2,4,6], D[14,5,2]]` — the same tree with labels; `b1=3` labels a leaf.
//! - `max[chance[0.5: 10, 0.5: -4], chance[1/4: 20, 1/4: -10, 1/4: 4, 1/4: 0]]` — chance.
//! - `[[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]],[[(5,1,1),(1,5,2)],[(7,7,1),(5,4,5)]]]` — AIMA's
//!   three-player tree: tuple leaves make an n-player tree, n = the tuple length.
//!
//! **Who moves at a plain `[…]`.** Each node passes on "the last player who moved": a player
//! node (written or not) passes itself, a chance node passes what it received, and the root
//! receives the last player (MIN, or p(n−1)). A plain node is the player *after* the one it
//! receives: so a plain list under MAX is MIN, under MIN is MAX, under a chance node it is the
//! opponent of the player who moved into the chance node, and with no chance nodes and no
//! explicit kinds the player to move at depth d is `d mod n`. `p0`/`p1` mean MAX/MIN in a
//! two-player tree; `max`/`min` are not allowed in a tree with tuple leaves.
//!
//! **Generated labels (AIMA style).** Unlabelled internal nodes (and the root) are lettered
//! A, B, C, …, Z, AA, AB, … in breadth-first order, skipping letters used as explicit labels.
//! An edge (action) is named by its parent's label in lower case plus its 1-based index
//! (`a1`, `a2`, `b1`, …), and an unlabelled leaf is called by the name of its edge.
//!
//! **Limits.** At most [`MAX_TEXT_BYTES`] of text, [`MAX_NODES`] nodes, depth
//! [`MAX_DEPTH`] and utilities of magnitude at most [`MAX_ABS_VALUE`]; anything beyond is a
//! [`ParseError`] with its line and column. The parser recurses once per level and checks
//! the depth before descending, so no input can overflow the stack.
//!
//! ```
//! use plyground::games::tree::Tree;
//! use plyground::search::minimax::minimax;
//! use plyground::{Game, NoObserver};
//!
//! let t = Tree::try_parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
//! let r = minimax(&t, &0, &mut NoObserver);
//! assert_eq!((r.value, r.best_index), (3.0, Some(0)));
//! assert_eq!(t.action_name(&0, 0), "a1");
//! assert_eq!(t.state_label(&t.result(&0, 0)).as_deref(), Some("B"));
//! ```

use crate::decimal;
use crate::game::{Game, IllegalAction, Player, ToMove, Utilities, MAX_PLAYERS};
use crate::rng::Rng;
use std::fmt;

/// The longest tree text accepted (1 MiB).
pub const MAX_TEXT_BYTES: usize = 1 << 20;
/// The most nodes a tree may have.
pub const MAX_NODES: usize = 100_000;
/// The deepest level a node may sit at (the root is level 0).
pub const MAX_DEPTH: u32 = 64;
/// How far a chance node's probabilities may sum from 1.
pub const PROBABILITY_TOLERANCE: f64 = 1e-9;
/// The largest magnitude of a utility, so that sums and ranges stay finite.
pub const MAX_ABS_VALUE: f64 = 1e15;

/// What a node is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Kind {
    /// MAX to move (two-player trees).
    Max,
    /// MIN to move (two-player trees).
    Min,
    /// Nature moves, with the probabilities on the edges below.
    Chance,
    /// Player `p` to move (trees with utility tuples).
    Player(u8),
    /// A leaf: the game is over.
    Terminal,
}

/// One node of a [`Tree`]. Read it through [`Tree::node`].
#[derive(Clone, PartialEq, Debug)]
pub struct Node {
    kind: Kind,
    to_move: ToMove,
    label: String,
    label_given: bool,
    parent: Option<u32>,
    index: u32,
    children: Vec<u32>,
    prob: f64,
    depth: u32,
    utilities: Utilities,
}

impl Node {
    /// Max, Min, Chance, Player(p) or Terminal.
    pub fn kind(&self) -> Kind {
        self.kind
    }

    /// PLAYER(s). For a leaf: the player the alternation rule would have put there.
    pub fn to_move(&self) -> ToMove {
        self.to_move
    }

    /// The node's label: the one written, or the generated AIMA-style one.
    pub fn label(&self) -> &str {
        &self.label
    }

    /// Whether the label was written in the text (false: generated).
    pub fn label_given(&self) -> bool {
        self.label_given
    }

    /// The parent's id (None at the root).
    pub fn parent(&self) -> Option<u32> {
        self.parent
    }

    /// The 0-based index of this node among its parent's children (the action leading here).
    pub fn index(&self) -> u32 {
        self.index
    }

    /// The children's ids, in order (empty at a leaf).
    pub fn children(&self) -> &[u32] {
        &self.children
    }

    /// The probability of the edge into this node (1 unless the parent is a chance node).
    pub fn probability(&self) -> f64 {
        self.prob
    }

    /// The level of the node (root 0).
    pub fn depth(&self) -> u32 {
        self.depth
    }

    /// A leaf's utility to MAX (player 0); None for internal nodes.
    pub fn value(&self) -> Option<f64> {
        (self.kind == Kind::Terminal).then_some(self.utilities[0])
    }

    /// A leaf's utility vector (for two-player number leaves: `[v, −v, 0, 0]`); None for
    /// internal nodes.
    pub fn utilities(&self) -> Option<Utilities> {
        (self.kind == Kind::Terminal).then_some(self.utilities)
    }
}

/// Why a tree text was refused: the place (1-based line and column, in characters) and what
/// was expected there.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct ParseError {
    /// 1-based line.
    pub line: u32,
    /// 1-based column, counted in characters.
    pub column: u32,
    /// What was expected, e.g. "expected ',' or ']' after a child, found '3'".
    pub message: String,
}

impl ParseError {
    fn at(text: &str, offset: usize, message: String) -> Self {
        let (line, column) = line_column(text, offset);
        ParseError { line, column, message }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// 1-based line and character column of a byte offset.
fn line_column(text: &str, offset: usize) -> (u32, u32) {
    let bytes = &text.as_bytes()[..offset.min(text.len())];
    let line_start = bytes.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = 1 + bytes.iter().filter(|&&b| b == b'\n').count();
    // Count characters, not bytes: skip UTF-8 continuation bytes.
    let column = 1 + bytes[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count();
    (line as u32, column as u32)
}

/// An explicit game tree. See the [module documentation](self) for the text format.
#[derive(Clone, PartialEq, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    players: u8,
    tuples: bool,
    range: (f64, f64),
}

/// The shape of the trees [`Tree::random`] draws.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct RandomTreeParams {
    /// No leaf deeper than this (capped at [`MAX_DEPTH`]).
    pub max_depth: u32,
    /// The fewest children of an internal node (at least 1).
    pub min_children: u32,
    /// The most children of an internal node.
    pub max_children: u32,
    /// Leaf utilities are integers in `min_value..=max_value` (a small range gives many ties).
    pub min_value: i32,
    /// See `min_value`.
    pub max_value: i32,
    /// The chance that a node above `max_depth` is a leaf anyway (never the root).
    pub leaf_probability: f64,
    /// The chance that an internal node is a chance node (random probabilities).
    pub chance_probability: f64,
    /// The chance that a player node gets a random explicit kind instead of alternating
    /// (MAX twice in a row, and so on).
    pub explicit_kind_probability: f64,
    /// 2: number leaves (zero-sum); 3 or 4: utility tuples.
    pub players: u8,
}

impl Default for RandomTreeParams {
    fn default() -> Self {
        RandomTreeParams {
            max_depth: 4,
            min_children: 1,
            max_children: 3,
            min_value: -5,
            max_value: 5,
            leaf_probability: 0.1,
            chance_probability: 0.0,
            explicit_kind_probability: 0.0,
            players: 2,
        }
    }
}

impl Tree {
    /// Parses a tree from text (grammar in the [module documentation](self)). Never panics:
    /// every problem is a [`ParseError`] naming the line, column and what was expected.
    pub fn try_parse(text: &str) -> Result<Tree, ParseError> {
        if text.len() > MAX_TEXT_BYTES {
            let mut cut = MAX_TEXT_BYTES;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            return Err(ParseError::at(
                text,
                cut,
                format!("the tree text is longer than {MAX_TEXT_BYTES} bytes (1 MiB)"),
            ));
        }
        let mut p = Parser { text, src: text.as_bytes(), pos: 0, raw: Vec::new(), leaves: None };
        p.parse_all().map_err(|(pos, msg)| ParseError::at(text, pos, msg))
    }

    /// The uniform tree of the move-ordering lesson: `b` children everywhere, depth `m`, the
    /// b^m leaves a seeded shuffle of 0 … b^m − 1 (all distinct, so Knuth and Moore's minimum
    /// b^⌈m/2⌉ + b^⌊m/2⌋ − 1 for perfect ordering applies exactly). At most 65,536 leaves.
    pub fn try_uniform(b: u32, m: u32, seed: u64) -> Result<Tree, String> {
        let leaves = (b as u64).checked_pow(m).filter(|&n| (1..=65_536).contains(&n) && b >= 1);
        let Some(n) = leaves else {
            return Err(format!("uniform tree {b},{m}: b^m must be between 1 and 65,536 leaves"));
        };
        let mut vals: Vec<u64> = (0..n).collect();
        Rng::new(seed).shuffle(&mut vals);
        let mut vals = vals.into_iter();
        // Written as text and parsed, so the result is exactly what a user typing it gets.
        let mut text = String::with_capacity(n as usize * 7);
        let mut stack: Vec<(u32, u32)> = vec![(m, 0)]; // (levels below, children written)
        while let Some(&mut (below, ref mut done)) = stack.last_mut() {
            if below == 0 {
                text.push_str(&vals.next().unwrap_or(0).to_string());
                stack.pop();
                continue;
            }
            if *done == b {
                text.push(']');
                stack.pop();
                continue;
            }
            text.push(if *done == 0 { '[' } else { ',' });
            *done += 1;
            stack.push((below - 1, 0));
        }
        Tree::try_parse(&text).map_err(|e| e.message)
    }

    /// A random tree for property tests (reproducible from the generator's seed).
    pub fn random(rng: &mut Rng, params: &RandomTreeParams) -> Tree {
        let mut p = *params;
        p.max_depth = p.max_depth.min(MAX_DEPTH);
        p.min_children = p.min_children.clamp(1, 1000);
        p.max_children = p.max_children.clamp(p.min_children, 1000);
        p.max_value = p.max_value.max(p.min_value);
        p.players = p.players.clamp(2, MAX_PLAYERS as u8);
        let mut g = Generator { rng, p, raw: Vec::new(), promised: 1 };
        g.node(None, 0, 0, 1.0);
        let tuples = (p.players > 2).then_some(p.players);
        match finish(g.raw, tuples) {
            Ok(t) => t,
            // The generator only writes what the parser accepts; a failure here is a bug.
            Err((_, m)) => unreachable!("random tree rejected: {m}"),
        }
    }

    /// The tree as text that [`Tree::try_parse`] reads back into an equal tree. Kinds are
    /// written only where they differ from the alternation rule, labels only where they were
    /// given.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_node(0, self.players - 1, &mut out);
        out
    }

    fn write_node(&self, id: u32, context: u8, out: &mut String) {
        let n = &self.nodes[id as usize];
        if let Some(p) = n.parent {
            if self.nodes[p as usize].kind == Kind::Chance {
                out.push_str(&fmt_number(n.prob));
                out.push_str(": ");
            }
        }
        if n.kind == Kind::Terminal {
            if n.label_given {
                out.push_str(&n.label);
                out.push('=');
            }
            if self.tuples {
                let entries: Vec<String> =
                    n.utilities[..self.players as usize].iter().map(|&u| fmt_number(u)).collect();
                out.push('(');
                out.push_str(&entries.join(", "));
                out.push(')');
            } else {
                out.push_str(&fmt_number(n.utilities[0]));
            }
            return;
        }
        let default = self.player_kind((context + 1) % self.players);
        if n.kind != default {
            out.push_str(&match n.kind {
                Kind::Max => "max".to_string(),
                Kind::Min => "min".to_string(),
                Kind::Chance => "chance".to_string(),
                Kind::Player(p) => format!("p{p}"),
                Kind::Terminal => String::new(),
            });
            if n.label_given {
                out.push(' ');
            }
        }
        if n.label_given {
            out.push_str(&n.label);
        }
        out.push('[');
        let next = mover(n.kind).unwrap_or(context);
        for (i, &c) in n.children.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            self.write_node(c, next, out);
        }
        out.push(']');
    }

    fn player_kind(&self, p: u8) -> Kind {
        player_kind(self.tuples, p)
    }

    /// The same tree with every leaf utility `u` replaced by `f(u)` (for n-player trees:
    /// every entry). Fails, naming the leaf, if `f` gives a non-finite or too large value.
    pub fn try_map_leaves(&self, mut f: impl FnMut(f64) -> f64) -> Result<Tree, String> {
        let mut t = self.clone();
        let n = if t.tuples { t.players as usize } else { 1 };
        for node in t.nodes.iter_mut().filter(|n| n.kind == Kind::Terminal) {
            for k in 0..n {
                let u = node.utilities[k];
                let v = f(u);
                if !v.is_finite() || v.abs() > MAX_ABS_VALUE {
                    return Err(format!(
                        "the transform gives {} at leaf '{}' (utility {})",
                        decimal::display(v),
                        node.label,
                        decimal::display(u)
                    ));
                }
                node.utilities[k] = v;
            }
            if !t.tuples {
                node.utilities[1] = -node.utilities[0];
            }
        }
        t.range = leaf_range(&t.nodes, t.tuples, t.players);
        Ok(t)
    }

    /// How many nodes the tree has.
    pub fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// All nodes, indexed by id.
    pub fn nodes(&self) -> &[Node] {
        &self.nodes
    }

    /// The node with this id.
    pub fn node(&self, id: u32) -> Option<&Node> {
        self.nodes.get(id as usize)
    }

    /// The parent of `id` (None at the root or for an unknown id).
    pub fn parent(&self, id: u32) -> Option<u32> {
        self.node(id).and_then(|n| n.parent)
    }

    /// The children of `id` (empty at a leaf or for an unknown id).
    pub fn children(&self, id: u32) -> &[u32] {
        self.node(id).map_or(&[], |n| &n.children)
    }

    /// The kind of `id`.
    pub fn kind(&self, id: u32) -> Option<Kind> {
        self.node(id).map(|n| n.kind)
    }

    /// The label of `id` (given or generated).
    pub fn label(&self, id: u32) -> Option<&str> {
        self.node(id).map(|n| n.label.as_str())
    }

    /// The utility to MAX of leaf `id` (player 0's entry in n-player trees).
    pub fn value(&self, id: u32) -> Option<f64> {
        self.node(id).and_then(Node::value)
    }

    /// The probability of the edge into `id` (1 unless its parent is a chance node).
    pub fn probability(&self, id: u32) -> Option<f64> {
        self.node(id).map(|n| n.prob)
    }

    /// The level of `id` (root 0).
    pub fn depth(&self, id: u32) -> Option<u32> {
        self.node(id).map(|n| n.depth)
    }

    /// The depth of the deepest leaf.
    pub fn height(&self) -> u32 {
        self.nodes.iter().map(|n| n.depth).max().unwrap_or(0)
    }

    /// How many players: 2, or the length of the utility tuples.
    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// Whether the leaves are utility tuples (an n-player tree for max^n) rather than
    /// numbers (a two-player zero-sum tree).
    pub fn has_tuples(&self) -> bool {
        self.tuples
    }

    /// The name of the edge into `id`: the parent's label in lower case and the 1-based
    /// index (`a1`, `b3`); None at the root. Labels are ASCII (the grammar's letters), so the
    /// ASCII lower case is the lower case (and needs no Unicode tables in the wasm module).
    pub fn edge_name(&self, id: u32) -> Option<String> {
        let n = self.node(id)?;
        let p = self.node(n.parent?)?;
        Some(format!("{}{}", p.label.to_ascii_lowercase(), n.index + 1))
    }

    /// The child indices from the root down to `id` (empty for the root).
    pub fn path(&self, id: u32) -> Vec<u32> {
        let mut path = Vec::new();
        let mut cur = self.node(id);
        while let Some(n) = cur {
            if n.parent.is_none() {
                break;
            }
            path.push(n.index);
            cur = n.parent.and_then(|p| self.node(p));
        }
        path.reverse();
        path
    }

    /// The path of `id` written as the lessons' fixtures write it: indices joined by '.'
    /// ("0.1.2"; "" for the root).
    pub fn path_text(&self, id: u32) -> String {
        self.path(id).iter().map(u32::to_string).collect::<Vec<_>>().join(".")
    }

    /// The node reached from the root by these child indices.
    pub fn node_at_path(&self, path: &[u32]) -> Option<u32> {
        let mut id = 0u32;
        for &i in path {
            id = *self.children(id).get(i as usize)?;
        }
        Some(id)
    }

    /// The ids of the leaves, left to right.
    pub fn leaves(&self) -> impl Iterator<Item = u32> + '_ {
        // Ids follow the written (pre-)order, so increasing ids are left to right.
        self.nodes.iter().enumerate().filter(|(_, n)| n.kind == Kind::Terminal).map(|(i, _)| i as u32)
    }
}

impl Game for Tree {
    type State = u32;
    type Action = u32;

    fn initial_state(&self) -> u32 {
        0
    }

    fn player(&self, s: &u32) -> ToMove {
        self.node(*s).map_or(ToMove::Player(Player::MAX), |n| n.to_move)
    }

    fn actions(&self, s: &u32, out: &mut Vec<u32>) {
        out.extend(0..self.children(*s).len() as u32);
    }

    fn result(&self, s: &u32, a: u32) -> u32 {
        self.nodes[*s as usize].children[a as usize]
    }

    fn try_result(&self, s: &u32, a: u32) -> Result<u32, IllegalAction> {
        let n = self.node(*s).ok_or_else(|| {
            IllegalAction::new(format!("there is no node {s} (the tree has {} nodes)", self.nodes.len()))
        })?;
        match n.children.get(a as usize) {
            Some(&c) => Ok(c),
            None if n.children.is_empty() => {
                Err(IllegalAction::new(format!("move {a}: '{}' is a leaf, the game is over", n.label)))
            }
            None => Err(IllegalAction::new(format!(
                "'{}' has no move {a} (its moves are 0–{})",
                n.label,
                n.children.len() - 1
            ))),
        }
    }

    fn is_terminal(&self, s: &u32) -> bool {
        self.node(*s).is_none_or(|n| n.kind == Kind::Terminal)
    }

    fn utility(&self, s: &u32, p: Player) -> f64 {
        self.node(*s).and_then(Node::utilities).and_then(|u| u.get(p.index()).copied()).unwrap_or(0.0)
    }

    /// The smallest and largest leaf utility (any entry of any tuple). A tree whose leaves
    /// are all equal to `v` gets `(v − 1, v + 1)`, so that the range is never empty.
    fn utility_range(&self) -> (f64, f64) {
        self.range
    }

    fn num_players(&self) -> usize {
        self.players as usize
    }

    fn chance_outcomes(&self, s: &u32, out: &mut Vec<(u32, f64)>) {
        if self.kind(*s) == Some(Kind::Chance) {
            out.extend(
                self.children(*s).iter().enumerate().map(|(i, &c)| (i as u32, self.nodes[c as usize].prob)),
            );
        }
    }

    fn utilities(&self, s: &u32) -> Utilities {
        self.node(*s).and_then(Node::utilities).unwrap_or([0.0; MAX_PLAYERS])
    }

    fn action_name(&self, s: &u32, a: u32) -> String {
        self.children(*s).get(a as usize).and_then(|&c| self.edge_name(c)).unwrap_or_else(|| a.to_string())
    }

    fn state_label(&self, s: &u32) -> Option<String> {
        self.label(*s).map(str::to_string)
    }
}

/// A number as the grammar reads it back exactly: integers plainly, others in Rust's
/// shortest round-trip form.
fn fmt_number(v: f64) -> String {
    if v.fract() == 0.0 && v.abs() < 1e15 {
        format!("{}", v as i64)
    } else {
        decimal::debug(v)
    }
}

/// The player kind for player index `p`.
fn player_kind(tuples: bool, p: u8) -> Kind {
    match (tuples, p) {
        (true, p) => Kind::Player(p),
        (false, 0) => Kind::Max,
        (false, _) => Kind::Min,
    }
}

/// The player index of a player node (None for chance nodes and leaves).
fn mover(kind: Kind) -> Option<u8> {
    match kind {
        Kind::Max => Some(0),
        Kind::Min => Some(1),
        Kind::Player(p) => Some(p),
        Kind::Chance | Kind::Terminal => None,
    }
}

/// A node kind as written in the text (resolved against the tree's players afterwards).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Declared {
    Max,
    Min,
    Chance,
    Player(u8),
}

/// A node as parsed, before kinds and labels are resolved.
struct Raw {
    /// Byte offset of the node in the text (for errors found after parsing).
    pos: usize,
    declared: Option<Declared>,
    label: Option<String>,
    parent: Option<u32>,
    index: u32,
    children: Vec<u32>,
    prob: f64,
    depth: u32,
    /// Some for leaves: the utilities (number leaves: `[v, −v, 0, 0]`).
    leaf: Option<Utilities>,
}

type PResult<T> = Result<T, (usize, String)>;

/// Resolves kinds (alternation rule), generates labels and computes the utility range.
/// `tuples` is the tuple length, or None for number leaves.
fn finish(raw: Vec<Raw>, tuples: Option<u8>) -> PResult<Tree> {
    let n = tuples.unwrap_or(2);
    let is_tuples = tuples.is_some();
    let mut nodes: Vec<Node> = Vec::with_capacity(raw.len());
    // The "last player who moved" each node passes to its children.
    let mut passes: Vec<u8> = Vec::with_capacity(raw.len());
    // The labels written in the text, sorted for binary search (a sorted Vec, not a HashSet:
    // this is the core's only set, and hashing would add hashbrown and SipHash to the wasm).
    let mut given: Vec<String> = Vec::new();
    for r in raw {
        // Parents precede children, so their entries already exist.
        let received = r.parent.map_or(n - 1, |p| passes[p as usize]);
        let next = (received + 1) % n;
        let kind = if r.leaf.is_some() {
            Kind::Terminal
        } else {
            match r.declared {
                None => player_kind(is_tuples, next),
                Some(Declared::Chance) => Kind::Chance,
                Some(Declared::Max | Declared::Min) if is_tuples => {
                    return Err((
                        r.pos,
                        format!(
                            "'max' and 'min' are for two-player trees with number leaves; this tree has \
                             {n}-player utility tuples, so write p0…p{} for the player to move",
                            n - 1
                        ),
                    ))
                }
                Some(Declared::Max) => Kind::Max,
                Some(Declared::Min) => Kind::Min,
                Some(Declared::Player(p)) if p >= n => {
                    let players = if is_tuples {
                        format!("this tree has {n} players, p0…p{}", n - 1)
                    } else {
                        "a tree with number leaves has two players, p0 (MAX) and p1 (MIN)".to_string()
                    };
                    return Err((r.pos, format!("there is no player p{p}: {players}")));
                }
                Some(Declared::Player(p)) => player_kind(is_tuples, p),
            }
        };
        let to_move = match kind {
            Kind::Chance => ToMove::Chance,
            Kind::Terminal => ToMove::Player(Player(next)),
            k => ToMove::Player(Player(mover(k).unwrap_or(0))),
        };
        passes.push(mover(kind).unwrap_or(received));
        if let Some(l) = &r.label {
            given.push(l.clone());
        }
        nodes.push(Node {
            kind,
            to_move,
            label_given: r.label.is_some(),
            label: r.label.unwrap_or_default(),
            parent: r.parent,
            index: r.index,
            children: r.children,
            prob: r.prob,
            depth: r.depth,
            utilities: r.leaf.unwrap_or([0.0; MAX_PLAYERS]),
        });
    }
    given.sort_unstable();
    // AIMA-style labels, breadth-first: letters for internal nodes, edge names for leaves.
    let mut queue = vec![0u32];
    let mut head = 0;
    let mut letter = 0usize;
    while head < queue.len() {
        let id = queue[head] as usize;
        head += 1;
        queue.extend_from_slice(&nodes[id].children);
        if nodes[id].label_given {
            continue;
        }
        let label = match nodes[id].parent {
            Some(p) if nodes[id].kind == Kind::Terminal => {
                format!("{}{}", nodes[p as usize].label.to_ascii_lowercase(), nodes[id].index + 1)
            }
            _ => loop {
                let l = letters(letter);
                letter += 1;
                if given.binary_search(&l).is_err() {
                    break l;
                }
            },
        };
        nodes[id].label = label;
    }
    let range = leaf_range(&nodes, is_tuples, n);
    Ok(Tree { nodes, players: n, tuples: is_tuples, range })
}

/// The smallest and largest leaf utility, widened by 1 each way if they are equal.
fn leaf_range(nodes: &[Node], tuples: bool, players: u8) -> (f64, f64) {
    let k = if tuples { players as usize } else { 1 };
    let mut lo = f64::INFINITY;
    let mut hi = f64::NEG_INFINITY;
    for n in nodes.iter().filter(|n| n.kind == Kind::Terminal) {
        for &u in &n.utilities[..k] {
            lo = lo.min(u);
            hi = hi.max(u);
        }
    }
    if lo >= hi {
        let v = if lo.is_finite() { lo } else { 0.0 };
        (v - 1.0, v + 1.0)
    } else {
        (lo, hi)
    }
}

/// 0 → A, 25 → Z, 26 → AA, 27 → AB, … (bijective base 26, as spreadsheet columns).
fn letters(mut k: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (k % 26) as u8);
        if k < 26 {
            break;
        }
        k = k / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

fn is_number_start(c: u8) -> bool {
    c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.')
}

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'\'')
}

/// A node kind keyword: Some(Ok(kind)), Some(Err(message)) for `pN` with N too large, None
/// for an ordinary label.
fn keyword(word: &str) -> Option<Result<Declared, String>> {
    match word {
        "max" | "MAX" => Some(Ok(Declared::Max)),
        "min" | "MIN" => Some(Ok(Declared::Min)),
        "chance" | "CHANCE" => Some(Ok(Declared::Chance)),
        _ => {
            let digits = word.strip_prefix(['p', 'P'])?;
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            match digits.parse::<u8>() {
                Ok(p) if (p as usize) < MAX_PLAYERS => Some(Ok(Declared::Player(p))),
                _ => Some(Err(format!(
                    "there is no player {word}: a tree has at most {MAX_PLAYERS} players, p0…p{}",
                    MAX_PLAYERS - 1
                ))),
            }
        }
    }
}

struct Parser<'a> {
    text: &'a str,
    src: &'a [u8],
    pos: usize,
    raw: Vec<Raw>,
    /// The first leaf: its tuple length (None for a number) and where it is.
    leaves: Option<(Option<u8>, usize)>,
}

impl<'a> Parser<'a> {
    fn parse_all(&mut self) -> PResult<Tree> {
        self.skip_ws();
        if self.pos >= self.src.len() {
            return Err((
                self.pos,
                "the text holds no tree: expected a number, a utility tuple, a label or '['".to_string(),
            ));
        }
        self.node(None, 0, 0, 1.0)?;
        self.skip_ws();
        if self.pos < self.src.len() {
            return Err((
                self.pos,
                format!(
                    "unexpected {} after the end of the tree (a tree is one node: put several \
                     inside '[…]')",
                    self.found()
                ),
            ));
        }
        let tuples = self.leaves.and_then(|(t, _)| t);
        finish(std::mem::take(&mut self.raw), tuples)
    }

    fn peek(&self) -> Option<u8> {
        self.src.get(self.pos).copied()
    }

    /// The character at the current position, quoted, for messages.
    fn found(&self) -> String {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            Some(c) => format!("'{c}'"),
            None => "the end of the text".to_string(),
        }
    }

    fn where_is(&self, pos: usize) -> String {
        let (l, c) = line_column(self.text, pos);
        format!("line {l}, column {c}")
    }

    /// Skips blanks, newlines and `#` comments.
    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            match c {
                b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
                b'#' => {
                    while self.peek().is_some_and(|c| c != b'\n') {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    fn ident(&mut self) -> &'a str {
        let start = self.pos;
        while self.peek().is_some_and(is_ident_char) {
            self.pos += 1;
        }
        &self.text[start..self.pos]
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.pos += 1;
        }
        self.pos - start
    }

    fn number(&mut self) -> PResult<f64> {
        let start = self.pos;
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        let mut count = self.digits();
        if self.peek() == Some(b'.') {
            self.pos += 1;
            count += self.digits();
        }
        if count == 0 {
            self.pos = start;
            return Err((start, format!("expected a number, found {}", self.found())));
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            let e = self.pos;
            self.pos += 1;
            if matches!(self.peek(), Some(b'-' | b'+')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err((e, "expected the digits of an exponent after 'e'".to_string()));
            }
        }
        let s = &self.text[start..self.pos];
        match decimal::parse(s) {
            Some(v) if v.is_finite() => Ok(v),
            _ => Err((start, format!("the number {s} is too large"))),
        }
    }

    /// A number that is a utility: at most [`MAX_ABS_VALUE`] in magnitude.
    fn utility(&mut self) -> PResult<f64> {
        let start = self.pos;
        let v = self.number()?;
        if v.abs() > MAX_ABS_VALUE {
            return Err((
                start,
                format!("a utility must lie between -1e15 and 1e15, found {}", decimal::display(v)),
            ));
        }
        Ok(v)
    }

    fn node(&mut self, parent: Option<u32>, index: u32, depth: u32, prob: f64) -> PResult<u32> {
        self.skip_ws();
        let start = self.pos;
        if depth > MAX_DEPTH {
            return Err((start, format!("the tree is deeper than {MAX_DEPTH} levels (the root is level 0)")));
        }
        if self.raw.len() >= MAX_NODES {
            return Err((start, format!("the tree has more than {MAX_NODES} nodes")));
        }
        let id = self.raw.len() as u32;
        self.raw.push(Raw {
            pos: start,
            declared: None,
            label: None,
            parent,
            index,
            children: Vec::new(),
            prob,
            depth,
            leaf: None,
        });
        match self.peek() {
            Some(b'[') => self.children(id)?,
            Some(b'(') => self.tuple_leaf(id)?,
            Some(c) if is_number_start(c) => self.number_leaf(id)?,
            Some(c) if is_ident_start(c) => {
                let word = self.ident();
                match keyword(word) {
                    Some(Err(m)) => return Err((start, m)),
                    Some(Ok(kind)) => {
                        self.raw[id as usize].declared = Some(kind);
                        self.skip_ws();
                        let mut written = word.to_string();
                        if self.peek().is_some_and(is_ident_start) {
                            let at = self.pos;
                            let label = self.ident();
                            if keyword(label).is_some() {
                                return Err((at, format!("'{label}' is a node kind and cannot be a label")));
                            }
                            self.raw[id as usize].label = Some(label.to_string());
                            written = format!("{word} {label}");
                            self.skip_ws();
                        }
                        if self.peek() != Some(b'[') {
                            return Err((
                                self.pos,
                                format!(
                                    "expected '[' to open the children of '{written}', found {} \
                                     (a leaf has no node kind)",
                                    self.found()
                                ),
                            ));
                        }
                        self.children(id)?;
                    }
                    None => {
                        self.raw[id as usize].label = Some(word.to_string());
                        self.skip_ws();
                        match self.peek() {
                            Some(b'[') => self.children(id)?,
                            Some(b'=') => {
                                self.pos += 1;
                                self.skip_ws();
                                match self.peek() {
                                    Some(b'(') => self.tuple_leaf(id)?,
                                    Some(c) if is_number_start(c) => self.number_leaf(id)?,
                                    _ => {
                                        return Err((
                                            self.pos,
                                            format!(
                                            "expected a number or a utility tuple after '{word}=', found {}",
                                            self.found()
                                        ),
                                        ))
                                    }
                                }
                            }
                            _ => {
                                return Err((
                                    self.pos,
                                    format!(
                                        "expected '[' (its children) or '=' (a leaf's value) after the label \
                                         '{word}', found {}",
                                        self.found()
                                    ),
                                ))
                            }
                        }
                    }
                }
            }
            _ => {
                return Err((
                    start,
                    format!(
                        "expected a node (a number, a utility tuple, a label or '['), found {}",
                        self.found()
                    ),
                ))
            }
        }
        Ok(id)
    }

    /// `[ child, child, … ]` of node `id` (the current byte is '[').
    fn children(&mut self, id: u32) -> PResult<()> {
        let open = self.pos;
        self.pos += 1;
        let chance = self.raw[id as usize].declared == Some(Declared::Chance);
        let depth = self.raw[id as usize].depth + 1;
        let unclosed = |p: &Self| format!("(the '[' at {} is never closed)", p.where_is(open));
        let mut i = 0u32;
        loop {
            self.skip_ws();
            match self.peek() {
                Some(b']') if i > 0 => {
                    self.pos += 1;
                    break;
                }
                Some(b']') => {
                    return Err((
                        self.pos,
                        "expected a child: a node needs at least one ('[]' is empty)".into(),
                    ))
                }
                None => {
                    return Err((
                        self.pos,
                        format!("expected a child or ']', found the end of the text {}", unclosed(self)),
                    ))
                }
                _ => {}
            }
            let prob = if chance { self.probability()? } else { 1.0 };
            let c = self.node(Some(id), i, depth, prob)?;
            self.raw[id as usize].children.push(c);
            i += 1;
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                Some(b':') if !chance => {
                    return Err((
                        self.pos,
                        "expected ',' or ']' after a child, found ':' (probabilities 'p: child' are written \
                         only inside 'chance[…]')"
                            .into(),
                    ))
                }
                None => {
                    return Err((
                        self.pos,
                        format!(
                            "expected ',' or ']' after a child, found the end of the text {}",
                            unclosed(self)
                        ),
                    ))
                }
                _ => {
                    return Err((
                        self.pos,
                        format!("expected ',' or ']' after a child, found {}", self.found()),
                    ))
                }
            }
        }
        if chance {
            let r = &self.raw[id as usize];
            let sum: f64 = r.children.iter().map(|&c| self.raw[c as usize].prob).sum();
            if (sum - 1.0).abs() > PROBABILITY_TOLERANCE {
                return Err((
                    r.pos,
                    format!(
                        "the probabilities of the chance node at {} sum to {}, not 1",
                        self.where_is(r.pos),
                        decimal::display(sum)
                    ),
                ));
            }
        }
        Ok(())
    }

    /// `p:` before a chance node's child: a number or a fraction `a/b`, in [0, 1].
    fn probability(&mut self) -> PResult<f64> {
        let start = self.pos;
        if !self.peek().is_some_and(is_number_start) {
            return Err((
                start,
                format!(
                    "expected a probability before each child of a chance node, as in \
                     'chance[0.5: 10, 0.5: -4]', found {}",
                    self.found()
                ),
            ));
        }
        let mut p = self.number()?;
        self.skip_ws();
        if self.peek() == Some(b'/') {
            self.pos += 1;
            self.skip_ws();
            let at = self.pos;
            let d = self.number()?;
            if d == 0.0 {
                return Err((at, "a probability cannot divide by zero".into()));
            }
            p /= d;
        }
        self.skip_ws();
        if self.peek() != Some(b':') {
            return Err((
                self.pos,
                format!("expected ':' after a probability, as in '0.5: 10', found {}", self.found()),
            ));
        }
        if !(0.0..=1.0).contains(&p) {
            return Err((
                start,
                format!("a probability must lie between 0 and 1, found {}", decimal::display(p)),
            ));
        }
        self.pos += 1;
        Ok(p)
    }

    fn number_leaf(&mut self, id: u32) -> PResult<()> {
        let start = self.pos;
        let v = self.utility()?;
        self.check_leaf_shape(start, None)?;
        self.raw[id as usize].leaf = Some([v, -v, 0.0, 0.0]);
        Ok(())
    }

    fn tuple_leaf(&mut self, id: u32) -> PResult<()> {
        let start = self.pos;
        self.pos += 1;
        let mut u = [0.0; MAX_PLAYERS];
        let mut n = 0;
        loop {
            self.skip_ws();
            let at = self.pos;
            if !self.peek().is_some_and(is_number_start) {
                return Err((at, format!("expected a number in the utility tuple, found {}", self.found())));
            }
            let v = self.utility()?;
            if n == MAX_PLAYERS {
                return Err((
                    at,
                    format!("a utility tuple has at most {MAX_PLAYERS} entries (one per player)"),
                ));
            }
            u[n] = v;
            n += 1;
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b')') => {
                    self.pos += 1;
                    break;
                }
                _ => {
                    return Err((
                        self.pos,
                        format!("expected ',' or ')' in the utility tuple, found {}", self.found()),
                    ))
                }
            }
        }
        if n < 2 {
            return Err((
                start,
                "a utility tuple needs at least 2 entries (one per player); a two-player zero-sum leaf \
                 is a plain number"
                    .into(),
            ));
        }
        self.check_leaf_shape(start, Some(n as u8))?;
        self.raw[id as usize].leaf = Some(u);
        Ok(())
    }

    /// All leaves must be numbers, or all tuples of one length.
    fn check_leaf_shape(&mut self, pos: usize, shape: Option<u8>) -> PResult<()> {
        let Some((first, first_pos)) = self.leaves else {
            self.leaves = Some((shape, pos));
            return Ok(());
        };
        if first == shape {
            return Ok(());
        }
        let there = self.where_is(first_pos);
        Err((
            pos,
            match (first, shape) {
                (None, _) => format!(
                    "expected a number like the first leaf (at {there}), found a utility tuple: the leaves \
                     are all numbers or all tuples"
                ),
                (Some(n), None) => format!(
                    "expected a utility tuple of {n} entries like the first leaf (at {there}), found a \
                     number"
                ),
                (Some(n), Some(m)) => format!(
                    "this utility tuple has {m} entries but the first leaf (at {there}) has {n}: every \
                     leaf has one entry per player"
                ),
            },
        ))
    }
}

/// Builds random raw trees for [`Tree::random`].
struct Generator<'r> {
    rng: &'r mut Rng,
    p: RandomTreeParams,
    raw: Vec<Raw>,
    /// Nodes created plus nodes promised to parents but not yet created (≤ MAX_NODES).
    promised: usize,
}

impl Generator<'_> {
    fn node(&mut self, parent: Option<u32>, index: u32, depth: u32, prob: f64) -> u32 {
        let id = self.raw.len() as u32;
        let p = self.p;
        let early = depth > 0 && self.rng.unit_f64() < p.leaf_probability;
        let k = p.min_children + self.rng.below(p.max_children - p.min_children + 1);
        let leaf = depth >= p.max_depth || early || self.promised + k as usize > MAX_NODES;
        let mut r = Raw {
            pos: 0,
            declared: None,
            label: None,
            parent,
            index,
            children: Vec::new(),
            prob,
            depth,
            leaf: None,
        };
        if leaf {
            let mut u = [0.0; MAX_PLAYERS];
            let span = (p.max_value as i64 - p.min_value as i64 + 1) as u64;
            let players = if p.players > 2 { p.players as usize } else { 1 };
            for slot in u.iter_mut().take(players) {
                *slot = (p.min_value as i64 + (self.rng.next_u64() % span) as i64) as f64;
            }
            if players == 1 {
                u[1] = -u[0];
            }
            r.leaf = Some(u);
            self.raw.push(r);
            return id;
        }
        if self.rng.unit_f64() < p.chance_probability {
            r.declared = Some(Declared::Chance);
        } else if self.rng.unit_f64() < p.explicit_kind_probability {
            r.declared = Some(match p.players {
                2 if self.rng.below(2) == 0 => Declared::Max,
                2 => Declared::Min,
                n => Declared::Player(self.rng.below(n as u32) as u8),
            });
        }
        let chance = r.declared == Some(Declared::Chance);
        self.raw.push(r);
        self.promised += k as usize;
        let weights: Vec<u32> = (0..k).map(|_| if chance { 1 + self.rng.below(4) } else { 1 }).collect();
        let total: u32 = weights.iter().sum();
        for (i, w) in weights.iter().enumerate() {
            let prob = if chance { *w as f64 / total as f64 } else { 1.0 };
            let c = self.node(Some(id), i as u32, depth + 1, prob);
            self.raw[id as usize].children.push(c);
        }
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> ParseError {
        match Tree::try_parse(text) {
            Ok(t) => panic!("{text:?} parsed as {}", t.to_text()),
            Err(e) => e,
        }
    }

    #[test]
    fn figure_5_2_gets_aima_labels_and_alternating_kinds() {
        let t = Tree::try_parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        assert_eq!(t.node_count(), 13);
        let labels: Vec<&str> = t.nodes().iter().map(Node::label).collect();
        assert_eq!(labels, ["A", "B", "b1", "b2", "b3", "C", "c1", "c2", "c3", "D", "d1", "d2", "d3"]);
        assert_eq!(t.kind(0), Some(Kind::Max));
        assert_eq!(t.kind(1), Some(Kind::Min));
        assert_eq!(t.kind(2), Some(Kind::Terminal));
        assert_eq!(t.player(&2), ToMove::Player(Player::MAX));
        assert_eq!(t.action_name(&0, 2), "a3");
        assert_eq!(t.action_name(&9, 0), "d1");
        assert_eq!(t.value(3), Some(12.0));
        assert_eq!(t.utility(&3, Player::MIN), -12.0);
        assert_eq!(t.utility_range(), (2.0, 14.0));
        assert_eq!(t.path_text(7), "1.1");
        assert_eq!(t.node_at_path(&[1, 1]), Some(7));
        assert_eq!(t.height(), 2);
        assert_eq!(t.leaves().count(), 9);
    }

    #[test]
    fn labels_kinds_comments_and_leaf_labels() {
        let text =
            "# Figure 5.2 with labels\nmax A[ B[b1=3, 12, 8],  # first MIN node\n C[2,4,6], D[14,5,2]]";
        let t = Tree::try_parse(text).unwrap();
        assert_eq!(t.label(1), Some("B"));
        assert!(t.node(2).unwrap().label_given());
        assert_eq!(t.label(3), Some("b2"));
        assert!(!t.node(3).unwrap().label_given());
        assert_eq!(t.to_text(), "A[B[b1=3, 12, 8], C[2, 4, 6], D[14, 5, 2]]");
    }

    #[test]
    fn generated_letters_skip_given_labels() {
        let t = Tree::try_parse("[B[1,2],[3,4]]").unwrap();
        assert_eq!(t.label(0), Some("A"));
        assert_eq!(t.label(1), Some("B"));
        assert_eq!(t.label(4), Some("C"));
        assert_eq!(letters(25), "Z");
        assert_eq!(letters(26), "AA");
        assert_eq!(letters(27), "AB");
        assert_eq!(letters(26 + 26 * 26), "AAA");
    }

    #[test]
    fn alternation_under_explicit_and_chance_nodes() {
        // A plain list under a chance node is the opponent of the player above the chance node.
        let t = Tree::try_parse("[chance[0.5: [1, 2], 0.5: 3], min[[4]], max[[5]]]").unwrap();
        assert_eq!(t.kind(0), Some(Kind::Max));
        assert_eq!(t.kind(1), Some(Kind::Chance));
        assert_eq!(t.kind(2), Some(Kind::Min));
        assert_eq!(t.kind(6), Some(Kind::Min));
        assert_eq!(t.kind(7), Some(Kind::Max));
        assert_eq!(t.kind(9), Some(Kind::Max));
        assert_eq!(t.kind(10), Some(Kind::Min));
        // A chance root: its plain children are MAX.
        let t = Tree::try_parse("chance[1/2: [1, 2], 1/2: [3]]").unwrap();
        assert_eq!(t.kind(1), Some(Kind::Max));
        let mut out = Vec::new();
        t.chance_outcomes(&0, &mut out);
        assert_eq!(out, [(0, 0.5), (1, 0.5)]);
    }

    #[test]
    fn three_player_tree_uses_depth_mod_n_and_markers() {
        let t = Tree::try_parse("[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]").unwrap();
        assert_eq!((t.players(), t.has_tuples()), (3, true));
        assert_eq!(t.kind(0), Some(Kind::Player(0)));
        assert_eq!(t.kind(1), Some(Kind::Player(1)));
        assert_eq!(t.utility(&2, Player(2)), 6.0);
        assert_eq!(t.utility_range(), (1.0, 7.0));
        let t = Tree::try_parse("p2[p2[(1,2,6)], [(4,2,3)]]").unwrap();
        assert_eq!(t.kind(0), Some(Kind::Player(2)));
        assert_eq!(t.kind(1), Some(Kind::Player(2)));
        assert_eq!(t.kind(3), Some(Kind::Player(0)));
        assert_eq!(t.to_text(), "p2[p2[(1, 2, 6)], [(4, 2, 3)]]");
        // p0/p1 in a two-player tree are MAX/MIN.
        let t = Tree::try_parse("p1[p1[1], 2]").unwrap();
        assert_eq!((t.kind(0), t.kind(1)), (Some(Kind::Min), Some(Kind::Min)));
        assert_eq!(t.to_text(), "min[min[1], 2]");
    }

    #[test]
    fn errors_name_the_place_and_what_was_expected() {
        let e = err("[[3,12 8]]");
        assert_eq!((e.line, e.column), (1, 8));
        assert_eq!(e.message, "expected ',' or ']' after a child, found '8'");
        let e = err("[1,\n  chance[0.5: 10, 0.4: -4]]");
        assert_eq!((e.line, e.column), (2, 3));
        assert!(e.message.contains("sum to 0.9"), "{}", e.message);
        assert!(e.message.contains("line 2, column 3"), "{}", e.message);
        let e = err("");
        assert_eq!((e.line, e.column), (1, 1));
        let e = err("[1, 2");
        assert_eq!((e.line, e.column), (1, 6));
        assert!(e.message.contains("never closed"), "{}", e.message);
        let e = err("[]");
        assert_eq!((e.line, e.column), (1, 2));
        let e = err("[1, (1, 2)]");
        assert_eq!((e.line, e.column), (1, 5));
        assert!(e.message.starts_with("expected a number like the first leaf"), "{}", e.message);
        let e = err("[(1,2,3), (1,2)]");
        assert_eq!(e.column, 11);
        let e = err("[(1,2,3,4,5)]");
        assert_eq!(e.column, 11);
        let e = err("max[1, 0.5: 2]");
        assert!(e.message.contains("only inside 'chance"), "{}", e.message);
        let e = err("chance[10, -4]");
        assert!(e.message.starts_with("expected ':' after a probability"), "{}", e.message);
        let e = err("[[(1,2,3)], max[(1,2,3)]]");
        assert_eq!(e.column, 13);
        let e = err("[p2[1]]");
        assert!(e.message.starts_with("there is no player p2"), "{}", e.message);
        let e = err("p9[1]");
        assert!(e.message.starts_with("there is no player p9"), "{}", e.message);
        let e = err("[1] 2");
        assert_eq!(e.column, 5);
        let e = err("[1e400]");
        assert!(e.message.contains("too large"), "{}", e.message);
        let e = err("[é]");
        assert_eq!(e.message, "expected a node (a number, a utility tuple, a label or '['), found 'é'");
        let e = err("# é comment\n [1, é]");
        assert_eq!((e.line, e.column), (2, 6));
        let e = err("max B 3");
        assert!(e.message.starts_with("expected '[' to open the children of 'max B'"), "{}", e.message);
        let e = err("chance[0.5: 1, 1.5: 2]");
        assert!(e.message.contains("between 0 and 1"), "{}", e.message);
    }

    #[test]
    fn limits_are_errors_with_positions() {
        let deep = "[".repeat(100_000) + &"]".repeat(100_000);
        let e = err(&deep);
        assert_eq!((e.line, e.column), (1, 66));
        assert!(e.message.contains("deeper than 64"), "{}", e.message);
        let ok = "[".repeat(64) + "1" + &"]".repeat(64);
        assert_eq!(Tree::try_parse(&ok).unwrap().height(), 64);
        let wide = format!("[{}]", vec!["1"; MAX_NODES].join(","));
        let e = err(&wide);
        assert!(e.message.contains("more than 100000 nodes"), "{}", e.message);
        let long = format!("[{}]", " ".repeat(MAX_TEXT_BYTES));
        let e = err(&long);
        assert!(e.message.contains("longer than"), "{}", e.message);
    }

    #[test]
    fn try_result_refuses_with_a_reason() {
        let t = Tree::try_parse("[[1,2],3]").unwrap();
        assert_eq!(t.try_result(&0, 1), Ok(4));
        assert_eq!(t.try_result(&0, 2).unwrap_err().message, "'A' has no move 2 (its moves are 0–1)");
        assert!(t.try_result(&4, 0).unwrap_err().message.contains("is a leaf"));
        assert!(t.try_result(&99, 0).unwrap_err().message.contains("no node 99"));
    }

    #[test]
    fn text_round_trips_including_probabilities() {
        let text = "[chance[1/3: 1, 1/3: 2.5, 1/3: -1e-7], x=4, Q[min[2], chance R[1: [0.1]]]]";
        let t = Tree::try_parse(text).unwrap();
        let back = Tree::try_parse(&t.to_text()).unwrap();
        assert_eq!(back, t);
        let mut rng = Rng::new(9);
        for players in [2, 3, 4] {
            let params = RandomTreeParams {
                chance_probability: 0.2,
                explicit_kind_probability: 0.3,
                players,
                ..Default::default()
            };
            for _ in 0..200 {
                let t = Tree::random(&mut rng, &params);
                assert_eq!(Tree::try_parse(&t.to_text()).unwrap(), t);
            }
        }
    }

    #[test]
    fn map_leaves_transforms_and_refuses_nan() {
        let t = Tree::try_parse("[1, chance[0.5: 0, 0.5: 3]]").unwrap();
        let s = t.try_map_leaves(f64::sqrt).unwrap();
        assert_eq!(s.value(4), Some(3f64.sqrt()));
        assert_eq!(s.utility(&4, Player::MIN), -(3f64.sqrt()));
        let t = Tree::try_parse("[-1, 2]").unwrap();
        assert!(t.try_map_leaves(f64::sqrt).unwrap_err().contains("leaf 'a1'"));
    }

    #[test]
    fn random_trees_respect_their_parameters() {
        let mut rng = Rng::new(3);
        let params =
            RandomTreeParams { max_depth: 6, min_children: 2, max_children: 4, ..Default::default() };
        for _ in 0..100 {
            let t = Tree::random(&mut rng, &params);
            assert!(t.height() <= 6);
            for n in t.nodes() {
                assert!(n.kind() == Kind::Terminal || (2..=4).contains(&n.children().len()));
                if let Some(v) = n.value() {
                    assert!((-5.0..=5.0).contains(&v) && v.fract() == 0.0);
                }
            }
        }
        let big = RandomTreeParams { max_depth: 64, min_children: 4, max_children: 4, ..Default::default() };
        let t = Tree::random(&mut rng, &big);
        assert!(t.node_count() <= MAX_NODES);
    }
}
