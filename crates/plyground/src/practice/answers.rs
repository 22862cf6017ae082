//! What a student answers and what the grader compares: [`Answers`], [`Item`], [`Field`], and
//! the path notation (child indices from the root joined by `.`, the root `""`).

use crate::games::tree::Tree;
use crate::search::fmt_value;
use std::collections::BTreeMap;
use std::fmt;

/// One answer in `values`: a number (two-player values, UCB1) or a tuple (max^n).
#[derive(Clone, PartialEq, Debug)]
pub enum Answer {
    /// A value to MAX, or a UCB1 total.
    Number(f64),
    /// A max^n utility tuple, one entry per player.
    Numbers(Vec<f64>),
}

/// A student's answers: only the fields the task asks for (see [`super::Task::fields`]).
/// Keys are node paths (`"0.1"`; the root is `""`).
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Answers {
    /// The value at each node (a number, or a tuple in max^n; UCB1 in the MCTS task).
    pub values: Option<BTreeMap<String, Answer>>,
    /// The (α, β) each node is entered with (α-β, full).
    pub windows: Option<BTreeMap<String, [f64; 2]>>,
    /// The pruned edges (α-β full: the path of the child below the edge) or the leaves never
    /// evaluated (α-β leaves).
    pub pruned: Option<Vec<String>>,
    /// The root's choice (the path of a root child).
    pub choice: Option<String>,
    /// Move ordering: each inner node's children as a permutation of their indices.
    pub order: Option<BTreeMap<String, Vec<u32>>>,
    /// MCTS: `[N, W]` after the backup, for every node whose N and W change.
    pub visits: Option<BTreeMap<String, [f64; 2]>>,
}

/// What a cell asks for; the name is the field of [`Answers`] that answers it.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
pub enum Field {
    /// `pruned`: whether an edge is pruned / a leaf never evaluated.
    Pruned,
    /// `windows`: the (α, β) a node is entered with.
    Windows,
    /// `values`: a node's value (or a child's UCB1 in the MCTS task).
    Values,
    /// `visits`: `[N, W]` after the backup (MCTS).
    Visits,
    /// `choice`: the root's choice.
    Choice,
    /// `order`: the children orders (move ordering; one cell for the whole tree).
    Order,
}

impl Field {
    /// The field's name in [`Answers`] and in JSON: `values`, `windows`, `pruned`, `choice`,
    /// `order`, `visits`.
    pub fn name(self) -> &'static str {
        match self {
            Field::Values => "values",
            Field::Windows => "windows",
            Field::Pruned => "pruned",
            Field::Choice => "choice",
            Field::Order => "order",
            Field::Visits => "visits",
        }
    }
}

impl fmt::Display for Field {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// An expected or given answer of one cell.
#[derive(Clone, PartialEq, Debug)]
pub enum Item {
    /// No answer given (or, as an expected answer: the node has none, because the search
    /// never reached it).
    Missing,
    /// A number (a value, a UCB1 total, a count of leaves).
    Number(f64),
    /// Several numbers: a tuple, a window `[α, β]`, `[N, W]`.
    Numbers(Vec<f64>),
    /// Marked pruned (true) or not (false).
    Mark(bool),
    /// A node path (the choice).
    Path(String),
    /// A permutation of child indices.
    Order(Vec<u32>),
}

impl Item {
    /// Equal within `tol` (infinities equal only to themselves).
    pub fn matches(&self, other: &Item, tol: f64) -> bool {
        fn num(a: f64, b: f64, tol: f64) -> bool {
            if a.is_infinite() || b.is_infinite() {
                a == b
            } else {
                (a - b).abs() <= tol
            }
        }
        match (self, other) {
            (Item::Number(a), Item::Number(b)) => num(*a, *b, tol),
            (Item::Numbers(a), Item::Numbers(b)) => {
                a.len() == b.len() && a.iter().zip(b).all(|(x, y)| num(*x, *y, tol))
            }
            (a, b) => a == b,
        }
    }

    /// The item in the lessons' notation: `3`, `(1, 2, 6)`, `(−∞, 3)`, `pruned`, `"0.1"`.
    pub fn text(&self) -> String {
        match self {
            Item::Missing => "nothing".to_string(),
            Item::Number(v) => fmt_value(*v),
            Item::Numbers(v) => {
                format!("({})", v.iter().map(|&x| fmt_value(x)).collect::<Vec<_>>().join(", "))
            }
            Item::Mark(true) => "pruned".to_string(),
            Item::Mark(false) => "not pruned".to_string(),
            Item::Path(p) => format!("\"{p}\""),
            Item::Order(o) => format!("[{}]", o.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")),
        }
    }
}

/// Parses a node path (`""`, `"0"`, `"2.0.1"`) and finds the node; the error names the path.
pub fn node_at(tree: &Tree, place: &str, path: &str) -> Result<u32, String> {
    if path.is_empty() {
        return Ok(0);
    }
    let mut id = 0u32;
    for (depth, part) in path.split('.').enumerate() {
        let ok = !part.is_empty() && part.len() <= 9 && part.bytes().all(|b| b.is_ascii_digit());
        let i: u32 = if ok { part.parse().unwrap_or(u32::MAX) } else { u32::MAX };
        if !ok {
            return Err(format!(
                "{place}: \"{path}\" is not a node path (child indices from the root joined by '.', \
                 like \"0.1\"; the root is \"\")"
            ));
        }
        let kids = tree.children(id);
        match kids.get(i as usize) {
            Some(&c) => id = c,
            None => {
                let here = if depth == 0 { "the root".to_string() } else { path_prefix(path, depth) };
                let label = tree.label(id).unwrap_or("?");
                return Err(if kids.is_empty() {
                    format!("{place}: there is no node \"{path}\": {label} ({here}) is a leaf")
                } else {
                    format!(
                        "{place}: there is no node \"{path}\": {label} ({here}) has {} children, 0–{}",
                        kids.len(),
                        kids.len() - 1
                    )
                });
            }
        }
    }
    // Canonical form only ("01" is refused, so that every node has one name).
    if tree.path_text(id) != path {
        return Err(format!("{place}: write the path \"{path}\" as \"{}\"", tree.path_text(id)));
    }
    Ok(id)
}

fn path_prefix(path: &str, depth: usize) -> String {
    format!("\"{}\"", path.split('.').take(depth).collect::<Vec<_>>().join("."))
}
