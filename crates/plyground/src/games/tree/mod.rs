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
//! internal    = [ kind ] [ label ] [ "~" number ] "[" child { "," child } [ "," ] "]" ;
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
//! - `A[B~6[1, 9], C~3[4, 5], D~2[7, 8]]` — static evaluations on inner nodes (`~v`: EVAL to
//!   MAX, read by [`TreeEval`]; none written means 0; number-leaf trees only).
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
//! **Other forms.** The same trees are read and written as S-expressions, JSON and an
//! indented outline ([`Form`], [`Tree::try_parse_as`], [`Tree::to_text_as`]; reference:
//! `docs/tree-forms.md`).
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

mod edit;
mod form;
mod generate;
mod json;
mod outline;
mod parse;
mod raw;
mod sexp;
mod write;

#[cfg(test)]
mod form_tests;

pub use edit::{EditError, EditFields, Edited};
pub use form::{Form, MAX_FORM_TEXT_BYTES};
pub use generate::RandomTreeParams;
pub use parse::ParseError;

use crate::decimal;
use crate::game::{Game, IllegalAction, Player, ToMove, Utilities, MAX_PLAYERS};

pub use crate::limits::{
    TREE_MAX_LEVEL as MAX_DEPTH, TREE_MAX_NODES as MAX_NODES, TREE_MAX_TEXT_BYTES as MAX_TEXT_BYTES,
};
/// How far a chance node's probabilities may sum from 1.
pub const PROBABILITY_TOLERANCE: f64 = 1e-9;
pub use crate::limits::MAX_ABS_UTILITY as MAX_ABS_VALUE;

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
    /// An inner node's static evaluation, written `B~4[…]` (None: not written).
    eval: Option<f64>,
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

    /// An inner node's static evaluation EVAL(s) to MAX as written in the text (`B~4[…]`);
    /// None where none was written (and always at leaves, whose value is their utility).
    pub fn eval(&self) -> Option<f64> {
        self.eval
    }

    /// A leaf's utility vector (for two-player number leaves: `[v, −v, 0, 0]`); None for
    /// internal nodes.
    pub fn utilities(&self) -> Option<Utilities> {
        (self.kind == Kind::Terminal).then_some(self.utilities)
    }
}

/// An explicit game tree. See the [module documentation](self) for the text format.
#[derive(Clone, PartialEq, Debug)]
pub struct Tree {
    nodes: Vec<Node>,
    players: u8,
    tuples: bool,
    range: (f64, f64),
}

impl Tree {
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

    /// Lists node `id`'s children in the order `children` gives (the same ids, permuted), so
    /// that a search of the tree visits them in that order; does nothing when `children` is
    /// not a permutation of them. For practice's move-ordering task: one `Tree` type searched
    /// (a wrapper game would be a second copy of the searches in the wasm module).
    pub(crate) fn set_child_order(&mut self, id: u32, children: &[u32]) {
        let Some(node) = self.nodes.get_mut(id as usize) else { return };
        if children.len() == node.children.len() && node.children.iter().all(|c| children.contains(c)) {
            node.children.copy_from_slice(children);
        }
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

    /// Node `id`'s static evaluation as written (`B~4[…]`), None where none was written.
    pub fn eval(&self, id: u32) -> Option<f64> {
        self.nodes.get(id as usize).and_then(|n| n.eval)
    }

    /// True when some inner node has a static evaluation written.
    pub fn has_evals(&self) -> bool {
        self.nodes.iter().any(|n| n.eval.is_some())
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

/// EVAL(s) of an explicit tree: an inner node's static evaluation as written (`B~4[…]`), a
/// leaf's utility, and 0 at an inner node with none written (so a tree without evaluations
/// cuts off exactly as with [`NoEval`](crate::search::alphabeta::NoEval)). The depth-cutoff
/// searches (H-minimax) and beam search's ranking of moves read it.
#[derive(Copy, Clone, Default, Debug)]
pub struct TreeEval;

impl crate::game::Evaluator<Tree> for TreeEval {
    fn eval(&self, game: &Tree, s: &u32) -> f64 {
        match game.nodes.get(*s as usize) {
            Some(n) if n.kind == Kind::Terminal => n.utilities[0],
            Some(n) => n.eval.unwrap_or(0.0),
            None => 0.0,
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn try_result_refuses_with_a_reason() {
        let t = Tree::try_parse("[[1,2],3]").unwrap();
        assert_eq!(t.try_result(&0, 1), Ok(4));
        assert_eq!(t.try_result(&0, 2).unwrap_err().message, "'A' has no move 2 (its moves are 0–1)");
        assert!(t.try_result(&4, 0).unwrap_err().message.contains("is a leaf"));
        assert!(t.try_result(&99, 0).unwrap_err().message.contains("no node 99"));
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
}
