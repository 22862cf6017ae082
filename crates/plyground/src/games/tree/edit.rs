//! Edits of a tree, for the tree lab's editor: [`Tree::set_value`], [`Tree::set_utilities`],
//! [`Tree::set_kind`], [`Tree::set_label`], [`Tree::set_probabilities`], [`Tree::add_child`],
//! [`Tree::remove_node`] and [`Tree::move_node`].
//!
//! Every edit is checked: on success it returns the id of the node the editor should show
//! next (ids follow the written order, so they can change), on refusal an [`EditError`] naming
//! the node and the reason, and the tree is unchanged. The edited tree is built the way the
//! reader builds one (the same resolution of kinds and generated labels), so it is always
//! equal to `Tree::try_parse(&tree.to_text())`: the text is the state.
//!
//! The rules that are decisions, not checks:
//! - a new child is a leaf of utility 0 (a tuple of zeros in an n-player tree), appended last;
//!   under a chance node whose children's probabilities are all equal it makes them all
//!   1/(k+1), otherwise it gets probability 0 and the others keep theirs;
//! - removing a chance node's child spreads its probability over the others in proportion
//!   (equal probabilities stay equal: 1/(k−1) each);
//! - a leaf made MAX, MIN, chance or a player gets one child, a leaf with its utility; a node
//!   made a leaf loses its subtree and has utility 0; a node made chance gets equal
//!   probabilities 1/k on its children.

use super::raw::{finish, Declared, Raw};
use super::write::{fmt_number, fmt_probability};
use super::{Kind, Tree, MAX_ABS_VALUE, MAX_DEPTH, MAX_NODES, PROBABILITY_TOLERANCE};
use crate::decimal;
use crate::game::{Utilities, MAX_PLAYERS};
use std::fmt;

/// Why an edit was refused: the node and the reason, e.g. "'b1' is a leaf: make it MAX, MIN
/// or chance before adding children".
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct EditError {
    /// The whole sentence.
    pub message: String,
}

impl fmt::Display for EditError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for EditError {}

/// What an edit did: the node the editor shows next (its id in the edited tree) and the
/// sentence that says what changed, for the page's live region.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Edited {
    /// The node to show next: the edited node, a new child, or the parent of a removed node.
    pub focus: u32,
    /// E.g. "'b2' now has utility 13."
    pub said: String,
}

/// A node as the editor's panel shows it ([`Tree::edit_fields`]): every text as the writer
/// writes it.
#[derive(Clone, PartialEq, Debug)]
pub struct EditFields {
    /// The node's kind.
    pub kind: Kind,
    /// The kinds it may be given in this tree (two players: MAX, MIN, chance, leaf; n players:
    /// p0…p(n−1), chance, leaf).
    pub kinds: Vec<Kind>,
    /// Its label (given or generated).
    pub label: String,
    /// Whether the label was given (false: generated, and an empty label field keeps it so).
    pub label_given: bool,
    /// A leaf's utility as the text writes it (`3`, `-2.5`, `(1, 2, 6)`); None for others.
    pub value: Option<String>,
    /// A chance node's children's probabilities as the text writes them (`1/3`); None for others.
    pub probabilities: Option<Vec<String>>,
    /// The children's labels, in order.
    pub child_labels: Vec<String>,
}

/// `s` with its first letter in upper case ("the root 'A'" → "The root 'A'").
fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_ascii_uppercase().to_string() + c.as_str())
}

/// A number alone as the grammar reads it (the figure's "−" minus too): a text that parses
/// as one unlabelled number leaf.
fn read_number(text: &str) -> Option<f64> {
    let t = Tree::try_parse(text).ok()?;
    let n = t.node(0)?;
    (t.node_count() == 1 && !t.has_tuples() && !n.label_given()).then(|| n.utilities[0])
}

fn refuse<T>(message: String) -> Result<T, EditError> {
    Err(EditError { message })
}

/// A node of the tree being edited (indexed by the old ids; new nodes are appended).
struct Draft {
    kind: Kind,
    label: Option<String>,
    prob: f64,
    utilities: Utilities,
    children: Vec<u32>,
}

/// "a MAX node", "a leaf", "a P2 node" — the kind in words.
fn kind_words(kind: Kind) -> String {
    match kind {
        Kind::Max => "a MAX node".into(),
        Kind::Min => "a MIN node".into(),
        Kind::Chance => "a chance node".into(),
        Kind::Player(p) => format!("a P{} node", p + 1),
        Kind::Terminal => "a leaf".into(),
    }
}

/// Whether all these probabilities are the same number.
fn all_equal(probs: &[f64]) -> bool {
    probs.windows(2).all(|w| w[0] == w[1])
}

impl Tree {
    /// The node's name in messages: `'B'`, or `the root 'A'`.
    fn who(&self, id: u32) -> String {
        let label = self.label(id).unwrap_or("");
        if id == 0 {
            format!("the root '{label}'")
        } else {
            format!("'{label}'")
        }
    }

    fn said(&self, focus: u32, said: String) -> Edited {
        Edited { focus, said }
    }

    /// A leaf's utility as the text writes it: `3`, or `(1, 2, 6)` in an n-player tree.
    fn leaf_text(&self, id: u32) -> String {
        let u = &self.nodes[id as usize].utilities;
        if self.tuples {
            let entries: Vec<String> = u[..self.players as usize].iter().map(|&v| fmt_number(v)).collect();
            format!("({})", entries.join(", "))
        } else {
            fmt_number(u[0])
        }
    }

    /// The probabilities of a node's children as the text writes them.
    fn probability_texts(&self, id: u32) -> Vec<String> {
        self.children(id).iter().map(|&c| fmt_probability(self.nodes[c as usize].prob)).collect()
    }

    /// Node `id` as the editor's panel shows it (None for an unknown id).
    pub fn edit_fields(&self, id: u32) -> Option<EditFields> {
        let n = self.node(id)?;
        let mut kinds: Vec<Kind> = if self.tuples {
            (0..self.players).map(Kind::Player).collect()
        } else {
            vec![Kind::Max, Kind::Min]
        };
        kinds.extend([Kind::Chance, Kind::Terminal]);
        Some(EditFields {
            kind: n.kind,
            kinds,
            label: n.label.clone(),
            label_given: n.label_given,
            value: (n.kind == Kind::Terminal).then(|| self.leaf_text(id)),
            probabilities: (n.kind == Kind::Chance).then(|| self.probability_texts(id)),
            child_labels: n.children.iter().map(|&c| self.nodes[c as usize].label.clone()).collect(),
        })
    }

    /// [`Tree::set_utilities`] from the text of the editor's field: a number as the grammar
    /// writes it (`3`, `-2.5`, `1e6`, the figure's `−4`), or in an n-player tree a tuple
    /// (`(1, 2, 6)`).
    pub fn set_value_text(&mut self, id: u32, text: &str) -> Result<Edited, EditError> {
        self.existing(id)?;
        let read = Tree::try_parse(text.trim()).ok().filter(|t| {
            t.node_count() == 1
                && !t.nodes[0].label_given
                && t.tuples == self.tuples
                && t.players == self.players
        });
        match read {
            Some(t) => {
                let k = if self.tuples { self.players as usize } else { 1 };
                self.set_utilities(id, &t.nodes[0].utilities[..k])
            }
            None if text.trim().is_empty() => {
                refuse(format!("{}: the utility is empty: type a number", self.who(id)))
            }
            None => {
                // The reader's reason when it is about the size of a number.
                let too_large =
                    Tree::try_parse(text.trim()).err().filter(|e| e.message.contains("too large"));
                let why = match too_large {
                    Some(e) => e.message,
                    None if self.tuples => format!(
                        "'{}' is not a utility tuple of {} numbers, such as ({})",
                        text.trim(),
                        self.players,
                        (1..=self.players).map(|i| i.to_string()).collect::<Vec<_>>().join(", ")
                    ),
                    None => format!("'{}' is not a number (such as 3, -2.5 or 1e6)", text.trim()),
                };
                refuse(format!("{}: {why}", self.who(id)))
            }
        }
    }

    /// The probabilities of chance node `id`'s children read from the editor's fields
    /// (a number or a fraction `a/b`, as the grammar writes them) and checked as
    /// [`Tree::set_probabilities`] checks them, without changing anything: the panel shows
    /// the refusal beside the fields while they are typed.
    pub fn check_probability_texts(&self, id: u32, texts: &[String]) -> Result<Vec<f64>, EditError> {
        self.existing(id)?;
        let node = &self.nodes[id as usize];
        let mut probs = Vec::with_capacity(texts.len());
        for (i, text) in texts.iter().enumerate() {
            let t = text.trim();
            let p = match t.split_once('/') {
                Some((a, b)) => {
                    read_number(a).zip(read_number(b)).filter(|&(_, b)| b != 0.0).map(|(a, b)| a / b)
                }
                None => read_number(t),
            };
            let Some(p) = p else {
                let whose = node.children.get(i).map_or_else(|| format!("child {}", i + 1), |&c| self.who(c));
                return refuse(format!(
                    "the probability of {whose}: '{t}' is not a probability (a number between 0 and 1, or a fraction such as 1/3)"
                ));
            };
            probs.push(p);
        }
        self.check_probabilities(id, &probs)?;
        Ok(probs)
    }

    /// [`Tree::set_probabilities`] from the editor's fields ([`Tree::check_probability_texts`]).
    pub fn set_probability_texts(&mut self, id: u32, texts: &[String]) -> Result<Edited, EditError> {
        let probs = self.check_probability_texts(id, texts)?;
        self.set_probabilities(id, &probs)
    }

    /// The node, or the refusal that names the missing id.
    fn existing(&self, id: u32) -> Result<(), EditError> {
        if (id as usize) < self.nodes.len() {
            Ok(())
        } else {
            refuse(format!(
                "there is no node {id} (the tree has {} nodes, 0–{})",
                self.nodes.len(),
                self.nodes.len() - 1
            ))
        }
    }

    fn drafts(&self) -> Vec<Draft> {
        self.nodes
            .iter()
            .map(|n| Draft {
                kind: n.kind,
                label: n.label_given.then(|| n.label.clone()),
                prob: n.prob,
                utilities: n.utilities,
                children: n.children.clone(),
            })
            .collect()
    }

    /// Builds the edited tree from the drafts (from draft 0, the root), as the reader would,
    /// and replaces `self` with it; returns the new id of draft `focus`. Refuses, leaving
    /// `self` unchanged, a tree the reader would refuse (too deep, too many nodes, a text over
    /// the limit).
    fn commit(&mut self, drafts: Vec<Draft>, focus: u32) -> Result<u32, EditError> {
        let mut raw: Vec<Raw> = Vec::with_capacity(drafts.len());
        let mut new_focus = 0;
        // (draft id, parent's new id, index among its siblings, depth)
        let mut stack: Vec<(u32, Option<u32>, u32, u32)> = vec![(0, None, 0, 0)];
        while let Some((d, parent, index, depth)) = stack.pop() {
            if depth > MAX_DEPTH {
                return refuse(format!(
                    "the tree would be deeper than {MAX_DEPTH} levels (the root is level 0)"
                ));
            }
            if raw.len() >= MAX_NODES {
                return refuse(format!("the tree would have more than {MAX_NODES} nodes"));
            }
            let id = raw.len() as u32;
            if d == focus {
                new_focus = id;
            }
            let dr = &drafts[d as usize];
            let prob = match parent {
                Some(p) if raw[p as usize].declared == Some(Declared::Chance) => dr.prob,
                _ => 1.0,
            };
            let mut r = Raw::new(0, parent, index, prob, depth);
            r.label = dr.label.clone();
            match dr.kind {
                Kind::Terminal => r.leaf = Some(dr.utilities),
                Kind::Max => r.declared = Some(Declared::Max),
                Kind::Min => r.declared = Some(Declared::Min),
                Kind::Chance => r.declared = Some(Declared::Chance),
                Kind::Player(p) => r.declared = Some(Declared::Player(p)),
            }
            if let Some(p) = parent {
                raw[p as usize].children.push(id);
            }
            raw.push(r);
            if dr.kind != Kind::Terminal {
                for (i, &c) in dr.children.iter().enumerate().rev() {
                    stack.push((c, Some(id), i as u32, depth + 1));
                }
            }
        }
        // The reader's check of every chance node (the edits keep it; this keeps the promise).
        for r in raw.iter().filter(|r| r.declared == Some(Declared::Chance)) {
            let probs = r.children.iter().map(|&c| raw[c as usize].prob);
            let sum: f64 = probs.clone().sum();
            if probs.clone().any(|p| !(0.0..=1.0).contains(&p)) || (sum - 1.0).abs() > PROBABILITY_TOLERANCE {
                return refuse(format!(
                    "the probabilities of a chance node would sum to {}, not 1",
                    decimal::display(sum)
                ));
            }
        }
        let tuples = self.tuples.then_some(self.players);
        let tree = finish(raw, tuples).map_err(|(_, message)| EditError { message })?;
        tree.try_to_text().map_err(|message| EditError { message })?;
        *self = tree;
        Ok(new_focus)
    }

    /// A utility the reader would accept.
    fn check_utility(&self, id: u32, v: f64) -> Result<(), EditError> {
        if !v.is_finite() || v.abs() > MAX_ABS_VALUE {
            return refuse(format!(
                "{}: the utility {} is out of range: a utility is a number between -1e15 and 1e15",
                self.who(id),
                decimal::display(v)
            ));
        }
        Ok(())
    }

    /// Sets leaf `id`'s utility to MAX (a tree with number leaves). Refuses an internal node,
    /// a tree with utility tuples ([`Tree::set_utilities`]) and a number beyond ±1e15.
    pub fn set_value(&mut self, id: u32, value: f64) -> Result<Edited, EditError> {
        self.existing(id)?;
        if self.tuples {
            return refuse(format!(
                "{} holds a utility for each of the {} players: set all of them, not one value",
                self.who(id),
                self.players
            ));
        }
        self.set_utilities(id, &[value])
    }

    /// Sets leaf `id`'s utilities: one number in a two-player tree (the utility to MAX), one
    /// per player in a tree with utility tuples.
    pub fn set_utilities(&mut self, id: u32, values: &[f64]) -> Result<Edited, EditError> {
        self.existing(id)?;
        let kind = self.nodes[id as usize].kind;
        if kind != Kind::Terminal {
            return refuse(format!(
                "{} is {}, not a leaf: only a leaf has a utility (its value comes from the search)",
                self.who(id),
                kind_words(kind)
            ));
        }
        let want = if self.tuples { self.players as usize } else { 1 };
        if values.len() != want {
            return refuse(format!(
                "{} needs {want} {}, not {}",
                self.who(id),
                if want == 1 { "utility" } else { "utilities (one per player)" },
                values.len()
            ));
        }
        for &v in values {
            self.check_utility(id, v)?;
        }
        let mut drafts = self.drafts();
        let u = &mut drafts[id as usize].utilities;
        u[..want].copy_from_slice(values);
        if !self.tuples {
            u[1] = -values[0];
        }
        let f = self.commit(drafts, id)?;
        Ok(self.said(f, format!("{} now has utility {}.", cap(&self.who(f)), self.leaf_text(f))))
    }

    /// Makes node `id` MAX, MIN, chance, player p (trees with utility tuples) or a leaf. A leaf
    /// made a mover gets one child, a leaf with its utility; a mover made a leaf loses its
    /// subtree and has utility 0; a node made chance gets equal probabilities on its children.
    pub fn set_kind(&mut self, id: u32, kind: Kind) -> Result<Edited, EditError> {
        self.existing(id)?;
        let n = self.players;
        let kind = match kind {
            Kind::Max | Kind::Min if self.tuples => {
                return refuse(format!(
                    "{}: MAX and MIN are for two-player trees; this tree has {n} players, so choose p0…p{}, chance or a leaf",
                    self.who(id),
                    n - 1
                ))
            }
            Kind::Player(0) if !self.tuples => Kind::Max,
            Kind::Player(1) if !self.tuples => Kind::Min,
            Kind::Player(p) if p >= n => {
                return refuse(format!("{}: there is no player p{p}: this tree has {n} players, p0…p{}", self.who(id), n - 1))
            }
            k => k,
        };
        let old = self.nodes[id as usize].kind;
        if old == kind {
            return Ok(self.said(id, format!("{} is already {}.", cap(&self.who(id)), kind_words(kind))));
        }
        let mut drafts = self.drafts();
        let i = id as usize;
        if kind == Kind::Terminal {
            drafts[i].children.clear();
            drafts[i].utilities = [0.0; MAX_PLAYERS];
        } else if old == Kind::Terminal {
            let leaf = drafts.len() as u32;
            drafts.push(Draft {
                kind: Kind::Terminal,
                label: None,
                prob: 1.0,
                utilities: drafts[i].utilities,
                children: Vec::new(),
            });
            drafts[i].children = vec![leaf];
        } else if kind == Kind::Chance {
            let k = drafts[i].children.len();
            for c in drafts[i].children.clone() {
                drafts[c as usize].prob = 1.0 / k as f64;
            }
        }
        drafts[i].kind = kind;
        let f = self.commit(drafts, id)?;
        let mut said = format!("{} is now {}", cap(&self.who(f)), kind_words(kind));
        if kind == Kind::Terminal {
            if old != Kind::Terminal {
                said.push_str(&format!(" with utility {}: its subtree is gone", self.leaf_text(f)));
            }
        } else if old == Kind::Terminal {
            let c = self.nodes[f as usize].children[0];
            said.push_str(&format!(
                " with one child, '{}', of utility {}",
                self.nodes[c as usize].label,
                self.leaf_text(c)
            ));
        } else if kind == Kind::Chance {
            let c = self.nodes[f as usize].children[0];
            said.push_str(&format!(
                ", each child at probability {}",
                fmt_probability(self.nodes[c as usize].prob)
            ));
        }
        said.push('.');
        Ok(self.said(f, said))
    }

    /// Gives node `id` a label, or (an empty `label`) takes its label away so that it gets
    /// the generated one. Refuses what the grammar would not read as a label (a kind such as
    /// `max`, a space, a digit first) and a label another node already has.
    pub fn set_label(&mut self, id: u32, label: &str) -> Result<Edited, EditError> {
        self.existing(id)?;
        let mut drafts = self.drafts();
        if label.is_empty() {
            let before = self.who(id);
            drafts[id as usize].label = None;
            let f = self.commit(drafts, id)?;
            let label = &self.nodes[f as usize].label;
            return Ok(
                self.said(f, format!("{} is now called '{label}', its generated label.", cap(&before)))
            );
        }
        // The reader decides what a label is: `label=0` must read as a leaf with that label.
        let read = Tree::try_parse(&format!("{label}=0")).ok();
        if read.as_ref().and_then(|t| t.node(0)).is_none_or(|n| !n.label_given || n.label != label) {
            return refuse(format!(
                "{}: '{label}' cannot be a label: a label is a letter or '_' followed by letters, digits, '_' or \
                 ''', and not a node kind (max, min, chance, p0…p3)",
                self.who(id)
            ));
        }
        if let Some(other) = self.nodes.iter().position(|n| n.label == label).filter(|&o| o != id as usize) {
            let path = self.path_text(other as u32);
            let place =
                if path.is_empty() { "the root".to_string() } else { format!("the node at path {path}") };
            return refuse(format!("{}: '{label}' already names another node ({place})", self.who(id)));
        }
        let before = self.who(id);
        drafts[id as usize].label = Some(label.to_string());
        let f = self.commit(drafts, id)?;
        Ok(self.said(f, format!("{} is now labelled '{label}'.", cap(&before))))
    }

    /// Sets the probabilities of chance node `id`'s children, in order: each between 0 and 1,
    /// summing to 1 (± [`PROBABILITY_TOLERANCE`]).
    pub fn set_probabilities(&mut self, id: u32, probs: &[f64]) -> Result<Edited, EditError> {
        self.check_probabilities(id, probs)?;
        let mut drafts = self.drafts();
        for (&c, &p) in self.nodes[id as usize].children.iter().zip(probs) {
            drafts[c as usize].prob = p;
        }
        let f = self.commit(drafts, id)?;
        Ok(self.said(
            f,
            format!(
                "The probabilities under {} are now {}.",
                self.who(f),
                self.probability_texts(f).join(", ")
            ),
        ))
    }

    /// The checks of [`Tree::set_probabilities`], changing nothing.
    pub fn check_probabilities(&self, id: u32, probs: &[f64]) -> Result<(), EditError> {
        self.existing(id)?;
        let node = &self.nodes[id as usize];
        if node.kind != Kind::Chance {
            return refuse(format!(
                "{} is {}: only a chance node's children have probabilities",
                self.who(id),
                kind_words(node.kind)
            ));
        }
        if probs.len() != node.children.len() {
            return refuse(format!(
                "{} has {} children, but {} probabilities were given",
                self.who(id),
                node.children.len(),
                probs.len()
            ));
        }
        for (&c, &p) in node.children.iter().zip(probs) {
            if !(0.0..=1.0).contains(&p) {
                return refuse(format!(
                    "the probability of {} is {}: a probability lies between 0 and 1",
                    self.who(c),
                    decimal::display(p)
                ));
            }
        }
        let sum: f64 = probs.iter().sum();
        if (sum - 1.0).abs() > PROBABILITY_TOLERANCE {
            return refuse(format!(
                "the probabilities under {} sum to {}, not 1: a chance node's probabilities must sum to 1",
                self.who(id),
                decimal::display(sum)
            ));
        }
        Ok(())
    }

    /// Appends a leaf of utility 0 to node `id`'s children; returns the new leaf's id. Under a
    /// chance node with equal probabilities all become 1/(k+1); otherwise the new leaf's is 0.
    pub fn add_child(&mut self, id: u32) -> Result<Edited, EditError> {
        self.existing(id)?;
        let node = &self.nodes[id as usize];
        if node.kind == Kind::Terminal {
            return refuse(format!(
                "{} is a leaf: make it {} before adding children",
                self.who(id),
                if self.tuples { "a player or chance node" } else { "MAX, MIN or chance" }
            ));
        }
        if self.nodes.len() >= MAX_NODES {
            return refuse(format!("the tree already has {MAX_NODES} nodes, the most it may have"));
        }
        let mut drafts = self.drafts();
        let leaf = drafts.len() as u32;
        let mut prob = 1.0;
        if node.kind == Kind::Chance {
            let probs: Vec<f64> = node.children.iter().map(|&c| self.nodes[c as usize].prob).collect();
            if all_equal(&probs) {
                prob = 1.0 / (probs.len() + 1) as f64;
                for &c in &node.children {
                    drafts[c as usize].prob = prob;
                }
            } else {
                prob = 0.0;
            }
        }
        drafts.push(Draft {
            kind: Kind::Terminal,
            label: None,
            prob,
            utilities: [0.0; MAX_PLAYERS],
            children: Vec::new(),
        });
        drafts[id as usize].children.push(leaf);
        let f = self.commit(drafts, leaf)?;
        let parent = self.nodes[f as usize].parent.unwrap_or(0);
        let mut said = format!(
            "{} has a new child, '{}', with utility {}",
            cap(&self.who(parent)),
            self.nodes[f as usize].label,
            self.leaf_text(f)
        );
        if self.nodes[parent as usize].kind == Kind::Chance {
            said.push_str(&format!(
                "; the probabilities under it are now {}",
                self.probability_texts(parent).join(", ")
            ));
        }
        said.push('.');
        Ok(self.said(f, said))
    }

    /// Removes node `id` and its subtree; returns its parent's id. Refuses the root and a
    /// parent's only child. Under a chance node, the removed child's probability is spread
    /// over the others in proportion (equal ones stay equal).
    pub fn remove_node(&mut self, id: u32) -> Result<Edited, EditError> {
        self.existing(id)?;
        let Some(parent) = self.nodes[id as usize].parent else {
            return refuse(format!(
                "{} cannot be removed: a tree has a root (make it a leaf to start again)",
                self.who(id)
            ));
        };
        let siblings = &self.nodes[parent as usize].children;
        if siblings.len() == 1 {
            return refuse(format!(
                "{} is the only child of {}: a node needs at least one child (make {} a leaf instead)",
                self.who(id),
                self.who(parent),
                self.who(parent)
            ));
        }
        let mut drafts = self.drafts();
        let rest: Vec<u32> = siblings.iter().copied().filter(|&c| c != id).collect();
        if self.nodes[parent as usize].kind == Kind::Chance {
            let probs: Vec<f64> = siblings.iter().map(|&c| self.nodes[c as usize].prob).collect();
            let gone = self.nodes[id as usize].prob;
            let left = 1.0 - gone;
            for &c in &rest {
                let p = self.nodes[c as usize].prob;
                drafts[c as usize].prob = if all_equal(&probs) || left <= 0.0 {
                    1.0 / rest.len() as f64
                } else if gone == 0.0 {
                    p
                } else {
                    // Rounding may put a lone survivor a hair above 1.
                    (p / left).min(1.0)
                };
            }
        }
        drafts[parent as usize].children = rest;
        let leaf = self.nodes[id as usize].kind == Kind::Terminal;
        let (gone, from) = (self.who(id), self.who(parent));
        let f = self.commit(drafts, parent)?;
        let mut said = format!(
            "{}{} removed from {from}",
            cap(&gone),
            if leaf { " is" } else { " and its subtree are" }
        );
        if self.nodes[f as usize].kind == Kind::Chance {
            said.push_str(&format!(
                "; the probabilities under it are now {}",
                self.probability_texts(f).join(", ")
            ));
        }
        said.push('.');
        Ok(self.said(f, said))
    }

    /// Moves node `id` to position `to` (0-based) among its parent's children, its subtree
    /// (and under a chance node its probability) with it; returns its new id.
    pub fn move_node(&mut self, id: u32, to: u32) -> Result<Edited, EditError> {
        self.existing(id)?;
        let Some(parent) = self.nodes[id as usize].parent else {
            return refuse(format!("{} has no siblings to move among", self.who(id)));
        };
        let mut children = self.nodes[parent as usize].children.clone();
        if to as usize >= children.len() {
            return refuse(format!(
                "{} can move to positions 0–{} among the children of {}, not {to}",
                self.who(id),
                children.len() - 1,
                self.who(parent)
            ));
        }
        let from = self.nodes[id as usize].index as usize;
        let c = children.remove(from);
        children.insert(to as usize, c);
        let mut drafts = self.drafts();
        let k = children.len();
        drafts[parent as usize].children = children;
        let f = self.commit(drafts, id)?;
        let parent = self.nodes[f as usize].parent.unwrap_or(0);
        Ok(self.said(
            f,
            format!("{} is now child {} of {k} under {}.", cap(&self.who(f)), to + 1, self.who(parent)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::tree::RandomTreeParams;
    use crate::rng::Rng;

    const FIG_5_2: &str = "[[3,12,8],[2,4,6],[14,5,2]]";

    fn tree(text: &str) -> Tree {
        Tree::try_parse(text).unwrap()
    }

    /// Applies `f` and checks the focus id and the resulting text (and that it reads back).
    fn ok(text: &str, f: impl FnOnce(&mut Tree) -> Result<Edited, EditError>, focus: u32, want: &str) {
        let mut t = tree(text);
        let got = f(&mut t).unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(t.to_text(), want, "{text}");
        assert_eq!(got.focus, focus, "{text} → {want}");
        assert_eq!(Tree::try_parse(want).unwrap(), t, "{want} reads back as the edited tree");
    }

    /// Applies `f`, checks the refusal's message and that the tree is unchanged.
    fn refused(text: &str, f: impl FnOnce(&mut Tree) -> Result<Edited, EditError>, want: &str) {
        let mut t = tree(text);
        let before = t.clone();
        assert_eq!(f(&mut t).unwrap_err().message, want, "{text}");
        assert_eq!(t, before, "{text}: unchanged after a refusal");
    }

    #[test]
    fn set_value_changes_one_leaf() {
        ok(FIG_5_2, |t| t.set_value(3, 13.0), 3, "[[3, 13, 8], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.set_value(12, -2.5), 12, "[[3, 12, 8], [2, 4, 6], [14, 5, -2.5]]");
        ok("[x=1, 2]", |t| t.set_value(1, 7.0), 1, "[x=7, 2]");
        let mut t = tree(FIG_5_2);
        t.set_value(10, 100.0).unwrap();
        assert_eq!(t.utility_range(), (2.0, 100.0));
        assert_eq!(t.utilities(&10)[1], -100.0);
    }

    #[test]
    fn set_value_refusals() {
        refused(
            FIG_5_2,
            |t| t.set_value(1, 1.0),
            "'B' is a MIN node, not a leaf: only a leaf has a utility (its value comes from the search)",
        );
        refused(FIG_5_2, |t| t.set_value(0, 1.0), "the root 'A' is a MAX node, not a leaf: only a leaf has a utility (its value comes from the search)");
        refused(FIG_5_2, |t| t.set_value(2, 2e15), "'b1': the utility 2000000000000000 is out of range: a utility is a number between -1e15 and 1e15");
        refused(
            FIG_5_2,
            |t| t.set_value(2, f64::NAN),
            "'b1': the utility NaN is out of range: a utility is a number between -1e15 and 1e15",
        );
        refused(FIG_5_2, |t| t.set_value(13, 1.0), "there is no node 13 (the tree has 13 nodes, 0–12)");
        refused(
            "[[(1,2,3)],(4,5,6)]",
            |t| t.set_value(2, 1.0),
            "'b1' holds a utility for each of the 3 players: set all of them, not one value",
        );
    }

    #[test]
    fn set_utilities_of_a_tuple_leaf() {
        ok("[[(1,2,3)],(4,5,6)]", |t| t.set_utilities(3, &[7.0, 8.0, 9.0]), 3, "[[(1, 2, 3)], (7, 8, 9)]");
        refused(
            "[[(1,2,3)],(4,5,6)]",
            |t| t.set_utilities(3, &[7.0, 8.0]),
            "'a2' needs 3 utilities (one per player), not 2",
        );
        refused(FIG_5_2, |t| t.set_utilities(2, &[1.0, 2.0]), "'b1' needs 1 utility, not 2");
    }

    #[test]
    fn set_kind_between_movers_chance_and_leaves() {
        // MIN → MAX: written where it breaks the alternation.
        ok(FIG_5_2, |t| t.set_kind(1, Kind::Max), 1, "[max[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
        // The kinds below a changed node stay what they were.
        ok("[[[1,2]]]", |t| t.set_kind(0, Kind::Min), 0, "min[min[[1, 2]]]");
        // MIN → chance: equal probabilities.
        ok(
            FIG_5_2,
            |t| t.set_kind(5, Kind::Chance),
            5,
            "[[3, 12, 8], chance[1/3: 2, 1/3: 4, 1/3: 6], [14, 5, 2]]",
        );
        // chance → MIN: the probabilities go.
        ok("[chance[0.25: 1, 0.75: 2]]", |t| t.set_kind(1, Kind::Min), 1, "[[1, 2]]");
        // A mover → a leaf: the subtree goes, utility 0; the leaf's generated label follows.
        ok(FIG_5_2, |t| t.set_kind(5, Kind::Terminal), 5, "[[3, 12, 8], 0, [14, 5, 2]]");
        ok("[C[1,2],3]", |t| t.set_kind(1, Kind::Terminal), 1, "[C=0, 3]");
        // A leaf → a mover: one child with its utility (after the alternation: MIN under MAX).
        ok(FIG_5_2, |t| t.set_kind(2, Kind::Max), 2, "[[[3], 12, 8], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.set_kind(2, Kind::Min), 2, "[[min[3], 12, 8], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.set_kind(2, Kind::Chance), 2, "[[chance[1: 3], 12, 8], [2, 4, 6], [14, 5, 2]]");
        ok("[x=4, 5]", |t| t.set_kind(1, Kind::Min), 1, "[x[4], 5]");
        // p0/p1 are MAX/MIN in a two-player tree; players in a tuple tree.
        ok(FIG_5_2, |t| t.set_kind(1, Kind::Player(0)), 1, "[max[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
        ok("[[(1,2,3)],(4,5,6)]", |t| t.set_kind(1, Kind::Player(2)), 1, "[p2[(1, 2, 3)], (4, 5, 6)]");
        // The same kind: nothing changes.
        ok(FIG_5_2, |t| t.set_kind(1, Kind::Min), 1, "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
        // The root made a leaf: a one-leaf tree.
        ok(FIG_5_2, |t| t.set_kind(0, Kind::Terminal), 0, "0");
    }

    #[test]
    fn set_kind_refusals() {
        refused("[[(1,2,3)],(4,5,6)]", |t| t.set_kind(1, Kind::Max), "'B': MAX and MIN are for two-player trees; this tree has 3 players, so choose p0…p2, chance or a leaf");
        refused(
            "[[(1,2,3)],(4,5,6)]",
            |t| t.set_kind(1, Kind::Player(3)),
            "'B': there is no player p3: this tree has 3 players, p0…p2",
        );
        refused(
            FIG_5_2,
            |t| t.set_kind(1, Kind::Player(2)),
            "'B': there is no player p2: this tree has 2 players, p0…p1",
        );
        // A leaf at the deepest level cannot get a child.
        let deep = format!("{}1{}", "[".repeat(64), "]".repeat(64));
        let t = tree(&deep);
        let leaf = t.node_count() as u32 - 1;
        refused(
            &deep,
            |t| t.set_kind(leaf, Kind::Max),
            "the tree would be deeper than 64 levels (the root is level 0)",
        );
    }

    #[test]
    fn set_label_gives_takes_and_refuses() {
        ok(FIG_5_2, |t| t.set_label(1, "Left"), 1, "[Left[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
        // The generated letters skip a given one: C and D stay C and D here.
        let mut t = tree(FIG_5_2);
        t.set_label(1, "Left").unwrap();
        assert_eq!((t.label(1), t.label(5), t.label(9)), (Some("Left"), Some("B"), Some("C")));
        ok(FIG_5_2, |t| t.set_label(3, "win"), 3, "[[3, win=12, 8], [2, 4, 6], [14, 5, 2]]");
        ok("[Q[1], x=2]", |t| t.set_label(1, ""), 1, "[[1], x=2]");
        ok("[Q[1], x=2]", |t| t.set_label(3, ""), 3, "[Q[1], 2]");
        // A kind and a label together.
        ok("[Q[1], 2]", |t| t.set_label(1, "R"), 1, "[R[1], 2]");
        ok("[max Q[1], 2]", |t| t.set_label(1, "R_2'"), 1, "[max R_2'[1], 2]");
        // Its own generated label, now given.
        ok(FIG_5_2, |t| t.set_label(1, "B"), 1, "[B[3, 12, 8], [2, 4, 6], [14, 5, 2]]");
        let why = "a label is a letter or '_' followed by letters, digits, '_' or ''', and not a node kind (max, min, chance, p0…p3)";
        for bad in ["max", "MIN", "chance", "p2", "p9", "2x", "a b", "a#", "é", "a=1", "[", " a", "a "] {
            refused(FIG_5_2, |t| t.set_label(1, bad), &format!("'B': '{bad}' cannot be a label: {why}"));
        }
        refused(FIG_5_2, |t| t.set_label(1, "C"), "'B': 'C' already names another node (the node at path 1)");
        refused(FIG_5_2, |t| t.set_label(5, "A"), "'C': 'A' already names another node (the root)");
        refused(
            FIG_5_2,
            |t| t.set_label(2, "b2"),
            "'b1': 'b2' already names another node (the node at path 0.1)",
        );
    }

    #[test]
    fn set_probabilities_checks_each_and_the_sum() {
        let text = "chance[0.5: 10, 0.5: -4]";
        ok(text, |t| t.set_probabilities(0, &[0.25, 0.75]), 0, "chance[1/4: 10, 3/4: -4]");
        ok(text, |t| t.set_probabilities(0, &[1.0, 0.0]), 0, "chance[1: 10, 0: -4]");
        refused(
            text,
            |t| t.set_probabilities(0, &[0.5, 0.4]),
            "the probabilities under the root 'A' sum to 0.9, not 1: a chance node's probabilities must sum to 1",
        );
        refused(
            text,
            |t| t.set_probabilities(0, &[1.5, -0.5]),
            "the probability of 'a1' is 1.5: a probability lies between 0 and 1",
        );
        refused(
            text,
            |t| t.set_probabilities(0, &[f64::NAN, 1.0]),
            "the probability of 'a1' is NaN: a probability lies between 0 and 1",
        );
        refused(
            text,
            |t| t.set_probabilities(0, &[1.0]),
            "the root 'A' has 2 children, but 1 probabilities were given",
        );
        refused(
            FIG_5_2,
            |t| t.set_probabilities(1, &[0.5, 0.25, 0.25]),
            "'B' is a MIN node: only a chance node's children have probabilities",
        );
    }

    #[test]
    fn add_child_appends_a_zero_leaf() {
        ok(FIG_5_2, |t| t.add_child(1), 5, "[[3, 12, 8, 0], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.add_child(0), 13, "[[3, 12, 8], [2, 4, 6], [14, 5, 2], 0]");
        // Equal probabilities stay equal; unequal ones stay, and the new child gets 0.
        ok("chance[0.5: 10, 0.5: -4]", |t| t.add_child(0), 3, "chance[1/3: 10, 1/3: -4, 1/3: 0]");
        ok("chance[0.25: 10, 0.75: -4]", |t| t.add_child(0), 3, "chance[1/4: 10, 3/4: -4, 0: 0]");
        ok("[[(1,2,3)],(4,5,6)]", |t| t.add_child(1), 3, "[[(1, 2, 3), (0, 0, 0)], (4, 5, 6)]");
        let mut t = tree(FIG_5_2);
        let leaf = t.add_child(1).unwrap().focus;
        assert_eq!((t.label(leaf), t.edge_name(leaf).as_deref()), (Some("b4"), Some("b4")));
    }

    #[test]
    fn add_child_refusals() {
        refused(
            FIG_5_2,
            |t| t.add_child(2),
            "'b1' is a leaf: make it MAX, MIN or chance before adding children",
        );
        refused(
            "[[(1,2,3)],(4,5,6)]",
            |t| t.add_child(2),
            "'b1' is a leaf: make it a player or chance node before adding children",
        );
        // (A node at level 64 is always a leaf, refused above; `set_kind` refuses to deepen it.)
        let wide = format!("[{}]", vec!["0"; MAX_NODES - 1].join(","));
        refused(&wide, |t| t.add_child(0), "the tree already has 100000 nodes, the most it may have");
    }

    #[test]
    fn remove_node_takes_the_subtree() {
        ok(FIG_5_2, |t| t.remove_node(3), 1, "[[3, 8], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.remove_node(5), 0, "[[3, 12, 8], [14, 5, 2]]");
        let mut t = tree(FIG_5_2);
        t.remove_node(5).unwrap();
        // D is lettered C now (the letters are generated breadth-first).
        assert_eq!(t.label(5), Some("C"));
        // Chance: equal stay equal, others in proportion, a zero changes nothing.
        ok("chance[1/3: 1, 1/3: 2, 1/3: 3]", |t| t.remove_node(2), 0, "chance[0.5: 1, 0.5: 3]");
        ok("chance[0.5: 1, 0.25: 2, 0.25: 3]", |t| t.remove_node(1), 0, "chance[0.5: 2, 0.5: 3]");
        ok("chance[0.5: 1, 0.3: 2, 0.2: 3]", |t| t.remove_node(1), 0, "chance[0.6: 2, 0.4: 3]");
        ok("chance[1: 1, 0: 2, 0: 3]", |t| t.remove_node(1), 0, "chance[0.5: 2, 0.5: 3]");
        ok("chance[0.5: 1, 0.5: 2, 0: 3]", |t| t.remove_node(3), 0, "chance[0.5: 1, 0.5: 2]");
    }

    #[test]
    fn remove_node_refusals() {
        refused(
            FIG_5_2,
            |t| t.remove_node(0),
            "the root 'A' cannot be removed: a tree has a root (make it a leaf to start again)",
        );
        refused(
            "[[1], 2]",
            |t| t.remove_node(2),
            "'b1' is the only child of 'B': a node needs at least one child (make 'B' a leaf instead)",
        );
        refused("[[1], 2]", |t| t.remove_node(7), "there is no node 7 (the tree has 4 nodes, 0–3)");
    }

    #[test]
    fn move_node_reorders_siblings() {
        ok(FIG_5_2, |t| t.move_node(2, 2), 4, "[[12, 8, 3], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.move_node(4, 0), 2, "[[8, 3, 12], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.move_node(9, 0), 1, "[[14, 5, 2], [3, 12, 8], [2, 4, 6]]");
        ok(FIG_5_2, |t| t.move_node(1, 0), 1, FIG_5_2.replace(',', ", ").as_str());
        ok("chance[0.25: 1, 0.75: [2, 3]]", |t| t.move_node(2, 0), 1, "chance[3/4: [2, 3], 1/4: 1]");
        ok("[x=1, y=2]", |t| t.move_node(1, 1), 2, "[y=2, x=1]");
    }

    #[test]
    fn move_node_refusals() {
        refused(FIG_5_2, |t| t.move_node(0, 0), "the root 'A' has no siblings to move among");
        refused(
            FIG_5_2,
            |t| t.move_node(2, 3),
            "'b1' can move to positions 0–2 among the children of 'B', not 3",
        );
    }

    /// The sentence each edit says (the page's live region reads it).
    fn said(text: &str, f: impl FnOnce(&mut Tree) -> Result<Edited, EditError>) -> String {
        f(&mut tree(text)).unwrap().said
    }

    #[test]
    fn each_edit_says_what_it_did() {
        assert_eq!(said(FIG_5_2, |t| t.set_value(3, 13.0)), "'b2' now has utility 13.");
        assert_eq!(
            said("[[(1,2,3)],(4,5,6)]", |t| t.set_utilities(3, &[7.0, 8.0, 9.0])),
            "'a2' now has utility (7, 8, 9)."
        );
        assert_eq!(said(FIG_5_2, |t| t.set_kind(1, Kind::Max)), "'B' is now a MAX node.");
        assert_eq!(said(FIG_5_2, |t| t.set_kind(1, Kind::Min)), "'B' is already a MIN node.");
        assert_eq!(
            said(FIG_5_2, |t| t.set_kind(5, Kind::Chance)),
            "'C' is now a chance node, each child at probability 1/3."
        );
        assert_eq!(
            said(FIG_5_2, |t| t.set_kind(5, Kind::Terminal)),
            "'a2' is now a leaf with utility 0: its subtree is gone."
        );
        assert_eq!(
            said(FIG_5_2, |t| t.set_kind(2, Kind::Min)),
            // A leaf made internal is lettered with the internal nodes, breadth-first (after D).
            "'E' is now a MIN node with one child, 'e1', of utility 3."
        );
        assert_eq!(said(FIG_5_2, |t| t.set_label(1, "Left")), "'B' is now labelled 'Left'.");
        assert_eq!(said("[Q[1], 2]", |t| t.set_label(1, "")), "'Q' is now called 'B', its generated label.");
        assert_eq!(
            said("chance[0.5: 10, 0.5: -4]", |t| t.set_probabilities(0, &[0.25, 0.75])),
            "The probabilities under the root 'A' are now 1/4, 3/4."
        );
        assert_eq!(said(FIG_5_2, |t| t.add_child(1)), "'B' has a new child, 'b4', with utility 0.");
        assert_eq!(said("chance[0.5: 10, 0.5: -4]", |t| t.add_child(0)), "The root 'A' has a new child, 'a3', with utility 0; the probabilities under it are now 1/3, 1/3, 1/3.");
        assert_eq!(said(FIG_5_2, |t| t.remove_node(3)), "'b2' is removed from 'B'.");
        assert_eq!(said(FIG_5_2, |t| t.remove_node(5)), "'C' and its subtree are removed from the root 'A'.");
        assert_eq!(
            said("chance[1/3: 1, 1/3: 2, 1/3: 3]", |t| t.remove_node(2)),
            "'a2' is removed from the root 'A'; the probabilities under it are now 0.5, 0.5."
        );
        assert_eq!(said(FIG_5_2, |t| t.move_node(2, 2)), "'b3' is now child 3 of 3 under 'B'.");
    }

    #[test]
    fn values_and_probabilities_typed_as_the_grammar_writes_them() {
        ok(FIG_5_2, |t| t.set_value_text(3, " 13 "), 3, "[[3, 13, 8], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.set_value_text(3, "\u{2212}4.5"), 3, "[[3, -4.5, 8], [2, 4, 6], [14, 5, 2]]");
        ok(FIG_5_2, |t| t.set_value_text(3, "1e6"), 3, "[[3, 1e6, 8], [2, 4, 6], [14, 5, 2]]");
        ok("[[(1,2,3)],(4,5,6)]", |t| t.set_value_text(3, "(7, 8,9)"), 3, "[[(1, 2, 3)], (7, 8, 9)]");
        refused(FIG_5_2, |t| t.set_value_text(3, "x"), "'b2': 'x' is not a number (such as 3, -2.5 or 1e6)");
        refused(
            FIG_5_2,
            |t| t.set_value_text(3, "x=3"),
            "'b2': 'x=3' is not a number (such as 3, -2.5 or 1e6)",
        );
        refused(
            FIG_5_2,
            |t| t.set_value_text(3, "[3]"),
            "'b2': '[3]' is not a number (such as 3, -2.5 or 1e6)",
        );
        refused(FIG_5_2, |t| t.set_value_text(3, ""), "'b2': the utility is empty: type a number");
        refused(
            FIG_5_2,
            |t| t.set_value_text(3, "1e16"),
            "'b2': the utility 1e16 is too large: a utility must lie between -1e15 and 1e15",
        );
        refused(
            FIG_5_2,
            |t| t.set_value_text(1, "3"),
            "'B' is a MIN node, not a leaf: only a leaf has a utility (its value comes from the search)",
        );
        refused(
            "[[(1,2,3)],(4,5,6)]",
            |t| t.set_value_text(3, "(1, 2)"),
            "'a2': '(1, 2)' is not a utility tuple of 3 numbers, such as (1, 2, 3)",
        );
        let texts = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let text = "chance[0.5: 10, 0.5: -4]";
        ok(text, |t| t.set_probability_texts(0, &texts(&["1/3", "2/3"])), 0, "chance[1/3: 10, 2/3: -4]");
        ok(text, |t| t.set_probability_texts(0, &texts(&[" .75", "0.25 "])), 0, "chance[3/4: 10, 1/4: -4]");
        refused(text, |t| t.set_probability_texts(0, &texts(&["1/3", "1/3"])), "the probabilities under the root 'A' sum to 0.6666666666666666, not 1: a chance node's probabilities must sum to 1");
        refused(text, |t| t.set_probability_texts(0, &texts(&["1/0", "1"])), "the probability of 'a1': '1/0' is not a probability (a number between 0 and 1, or a fraction such as 1/3)");
        refused(text, |t| t.set_probability_texts(0, &texts(&["half", "0.5"])), "the probability of 'a1': 'half' is not a probability (a number between 0 and 1, or a fraction such as 1/3)");
        // The check alone changes nothing and says the same.
        let t = tree(text);
        assert_eq!(t.check_probability_texts(0, &texts(&["0.5", "0.4"])).unwrap_err().message, "the probabilities under the root 'A' sum to 0.9, not 1: a chance node's probabilities must sum to 1");
        assert_eq!(t.check_probability_texts(0, &texts(&["1/4", "3/4"])), Ok(vec![0.25, 0.75]));
    }

    #[test]
    fn edit_fields_show_the_node_as_written() {
        let t = tree("[chance[1/3: 1, 2/3: x=-2.5], Q[3]]");
        let f = t.edit_fields(1).unwrap();
        assert_eq!(f.kind, Kind::Chance);
        assert_eq!(f.kinds, [Kind::Max, Kind::Min, Kind::Chance, Kind::Terminal]);
        assert_eq!((f.label.as_str(), f.label_given), ("B", false));
        assert_eq!(f.value, None);
        assert_eq!(f.probabilities, Some(vec!["1/3".to_string(), "2/3".to_string()]));
        assert_eq!(f.child_labels, ["b1", "x"]);
        let f = t.edit_fields(3).unwrap();
        assert_eq!(
            (f.kind, f.label.as_str(), f.label_given, f.value.as_deref()),
            (Kind::Terminal, "x", true, Some("-2.5"))
        );
        assert_eq!(t.edit_fields(4).unwrap().label, "Q");
        assert!(t.edit_fields(6).is_none());
        let t = tree("[[(1,2,3)],(4,5,6)]");
        let f = t.edit_fields(3).unwrap();
        assert_eq!(
            f.kinds,
            [Kind::Player(0), Kind::Player(1), Kind::Player(2), Kind::Chance, Kind::Terminal]
        );
        assert_eq!(f.value.as_deref(), Some("(4, 5, 6)"));
    }

    /// Every edit of random trees gives the tree its text reads back as, or a refusal that
    /// leaves the tree unchanged.
    #[test]
    fn random_edits_read_back_or_leave_the_tree_unchanged() {
        let mut rng = Rng::new(14);
        let mut refusals = 0;
        let mut edits = 0;
        for players in [2u8, 3] {
            let params = RandomTreeParams {
                chance_probability: 0.2,
                explicit_kind_probability: 0.2,
                players,
                ..Default::default()
            };
            for _ in 0..300 {
                let mut t = Tree::random(&mut rng, &params);
                for _ in 0..6 {
                    let n = t.node_count() as u32;
                    let id = rng.below(n + 1); // sometimes a missing node
                    let before = t.clone();
                    let kinds = [Kind::Max, Kind::Min, Kind::Chance, Kind::Terminal, Kind::Player(2)];
                    let r = match rng.below(8) {
                        0 => t.set_value(id, rng.below(21) as f64 - 10.0),
                        7 => t.set_value_text(id, ["3", "(1, 2, 3)", "x"][rng.below(3) as usize]),
                        1 => t.set_kind(id, kinds[rng.below(5) as usize]),
                        2 => t.set_label(id, ["Z", "", "q1", "max"][rng.below(4) as usize]),
                        3 => t.add_child(id),
                        4 => t.remove_node(id),
                        5 => t.move_node(id, rng.below(3)),
                        _ => {
                            let k = t.children(id).len();
                            t.set_probabilities(id, &vec![1.0 / k.max(1) as f64; k])
                        }
                    };
                    match r {
                        Ok(focus) => {
                            edits += 1;
                            assert!((focus.focus as usize) < t.node_count() && !focus.said.is_empty());
                            assert_eq!(Tree::try_parse(&t.to_text()).unwrap(), t, "{}", before.to_text());
                        }
                        Err(e) => {
                            refusals += 1;
                            assert!(!e.message.is_empty());
                            assert_eq!(t, before);
                        }
                    }
                }
            }
        }
        assert!(edits > 1000 && refusals > 300, "{edits} edits, {refusals} refusals");
    }
}
