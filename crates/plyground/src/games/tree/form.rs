//! The text forms a tree is read from and written in ([`Form`]): plyground's own grammar
//! (nested lists with labels, `docs/tree-grammar.md`), S-expressions ([`super::sexp`]), JSON
//! ([`super::json`]) and an indented outline ([`super::outline`]). Full reference:
//! `docs/tree-forms.md`.
//!
//! Every form holds the same information: kinds, the labels that were written, chance
//! probabilities and leaf utilities (numbers, or tuples for max^n), so a tree read from any
//! form and written in any other reads back into an equal [`Tree`]. The readers build the
//! tree through one [`Builder`], which checks what the grammar's parser checks (depth, node
//! count, probabilities, utilities, leaf shapes, labels) and names the line and column.

use super::parse::ParseError;
use super::raw::{check_probabilities, finish, Declared, PResult, Raw};
use super::{Tree, MAX_ABS_VALUE, MAX_DEPTH, MAX_NODES};
use crate::decimal;
use crate::game::MAX_PLAYERS;

/// The longest text the S-expression, JSON and outline readers accept (8 MiB: these forms
/// take more bytes a node than the grammar, whose limit is [`super::MAX_TEXT_BYTES`]).
pub const MAX_FORM_TEXT_BYTES: usize = 8 << 20;

/// A text form of a tree.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Form {
    /// plyground's grammar: `[[3,12,8],[2,4,6],[14,5,2]]`, `A[B[3,12,8], …]`.
    Grammar,
    /// S-expressions: `(max (min 3 12 8) (min 2 4 6) (min 14 5 2))`.
    Sexp,
    /// JSON: `{"kind": "max", "children": [{"value": 3}, …]}` (or nested arrays).
    Json,
    /// An indented outline: one node per line, indentation for depth.
    Outline,
}

impl Form {
    /// Every form, in the order menus list them.
    pub const ALL: [Form; 4] = [Form::Grammar, Form::Sexp, Form::Json, Form::Outline];

    /// The form's name: `grammar`, `sexp`, `json`, `outline`.
    pub fn name(self) -> &'static str {
        match self {
            Form::Grammar => "grammar",
            Form::Sexp => "sexp",
            Form::Json => "json",
            Form::Outline => "outline",
        }
    }

    /// The form named `name` (the names of [`Form::name`]; `auto` is not a form).
    pub fn try_from_name(name: &str) -> Result<Form, String> {
        Form::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| format!("unknown tree form '{name}' (grammar, sexp, json, outline)"))
    }

    /// The file name extension for a download of this form.
    pub fn extension(self) -> &'static str {
        match self {
            Form::Grammar => "tree",
            Form::Sexp => "sexp",
            Form::Json => "json",
            Form::Outline => "outline",
        }
    }

    /// The form a text is written in, from its first characters (comments skipped):
    /// `{` → JSON; `[` → the grammar (JSON when the text holds a `{`: nested arrays alone
    /// read the same in both); `(` → S-expression (the grammar when a `,` comes before the
    /// first `)`, as in a tuple leaf `(1, 2)`); anything else → an outline when the text has
    /// two or more node lines and no `[`, the grammar otherwise.
    pub fn detect(text: &str) -> Form {
        let b = text.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b' ' | b'\t' | b'\r' | b'\n' => i += 1,
                b'#' | b';' => {
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                _ => break,
            }
        }
        let rest = &text[i..];
        match rest.as_bytes().first() {
            Some(b'{') => Form::Json,
            Some(b'[') if rest.contains('{') => Form::Json,
            Some(b'[') => Form::Grammar,
            Some(b'(') => {
                let head = rest.split(')').next().unwrap_or("");
                if head.contains(',') {
                    Form::Grammar
                } else {
                    Form::Sexp
                }
            }
            _ => {
                let lines = rest
                    .lines()
                    .filter(|l| {
                        let t = l.trim();
                        !t.is_empty() && !t.starts_with('#')
                    })
                    .count();
                if lines >= 2 && !rest.contains('[') {
                    Form::Outline
                } else {
                    Form::Grammar
                }
            }
        }
    }
}

impl Tree {
    /// Reads a tree written in `form`. Never panics: a problem is a [`ParseError`] naming
    /// the line, the column and the reason.
    pub fn try_parse_as(text: &str, form: Form) -> Result<Tree, ParseError> {
        if form != Form::Grammar && text.len() > MAX_FORM_TEXT_BYTES {
            let mut cut = MAX_FORM_TEXT_BYTES;
            while !text.is_char_boundary(cut) {
                cut -= 1;
            }
            return Err(ParseError::at(
                text,
                cut,
                format!("the tree text is longer than {MAX_FORM_TEXT_BYTES} bytes (8 MiB)"),
            ));
        }
        match form {
            Form::Grammar => Tree::try_parse(text),
            Form::Sexp => super::sexp::read(text),
            Form::Json => super::json::read(text),
            Form::Outline => super::outline::read(text),
        }
    }

    /// Reads a tree in the form [`Form::detect`] finds; returns the tree and the form.
    pub fn try_parse_any(text: &str) -> Result<(Tree, Form), ParseError> {
        let form = Form::detect(text);
        Tree::try_parse_as(text, form).map(|t| (t, form))
    }

    /// The tree written in `form`; [`Tree::try_parse_as`] reads it back into an equal tree
    /// whenever it fits that reader's limit ([`Tree::try_to_text_as`] checks).
    pub fn to_text_as(&self, form: Form) -> String {
        match form {
            Form::Grammar => self.to_text(),
            Form::Sexp => super::sexp::write(self),
            Form::Json => super::json::write(self),
            Form::Outline => super::outline::write(self),
        }
    }

    /// [`Tree::to_text_as`], or an error when the text is longer than its reader accepts.
    pub fn try_to_text_as(&self, form: Form) -> Result<String, String> {
        if form == Form::Grammar {
            return self.try_to_text();
        }
        let text = self.to_text_as(form);
        if text.len() > MAX_FORM_TEXT_BYTES {
            return Err(format!(
                "the tree's {} text would take {} bytes, more than the {} (8 MiB) its reader reads",
                form.name(),
                text.len(),
                MAX_FORM_TEXT_BYTES
            ));
        }
        Ok(text)
    }

    /// The name of node `id`'s kind in the forms (`max`, `min`, `chance`, `p0`…; "" for a
    /// leaf).
    pub(super) fn kind_name(&self, id: u32) -> String {
        match self.nodes[id as usize].kind {
            super::Kind::Max => "max".into(),
            super::Kind::Min => "min".into(),
            super::Kind::Chance => "chance".into(),
            super::Kind::Player(p) => format!("p{p}"),
            super::Kind::Terminal => String::new(),
        }
    }

    /// Leaf `id`'s utilities as the forms write them: one number, or the tuple's entries.
    pub(super) fn leaf_numbers(&self, id: u32) -> Vec<String> {
        let n = &self.nodes[id as usize];
        let k = if self.tuples { self.players as usize } else { 1 };
        n.utilities[..k].iter().map(|&u| super::write::fmt_number(u)).collect()
    }
}

/// A node kind keyword of the forms (the grammar's): `max`, `min`, `chance`, `p0`…`p3`, in
/// lower or upper case. Some(Err) for `pN` with N too large, None for other words.
pub(super) fn kind_keyword(word: &str) -> Option<Result<Declared, String>> {
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

/// Whether `word` is a label the grammar reads: a letter or `_`, then letters, digits, `_`
/// or `'`, and not a kind keyword.
pub(super) fn check_label(word: &str) -> Result<(), String> {
    let b = word.as_bytes();
    let ok = b.first().is_some_and(|&c| c.is_ascii_alphabetic() || c == b'_')
        && b.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'\''));
    if !ok {
        return Err(format!(
            "'{word}' is not a label: a label is a letter or '_' followed by letters, digits, '_' or \"'\""
        ));
    }
    if kind_keyword(word).is_some() {
        return Err(format!("'{word}' is a node kind and cannot be a label"));
    }
    Ok(())
}

/// The number after a static evaluation's `~` (`word`, as written after it), or the reason
/// it is not one.
pub(super) fn eval_number(word: &str) -> Result<f64, String> {
    match read_number(word.trim()) {
        Some(r) => r,
        None => Err(format!(
            "expected a number after '~' (an inner node's static evaluation, as in '~4'), found '{}'",
            word.trim()
        )),
    }
}

/// A number as the forms write it: the grammar's syntax (`3`, `-2.5`, `.5`, `1e9`; `−` for
/// minus too). None if `s` is not one; Some(Err) if it is too large to be finite.
pub(super) fn read_number(s: &str) -> Option<Result<f64, String>> {
    let b = s.as_bytes();
    let minus = "\u{2212}";
    let ascii;
    let s = if let Some(rest) = s.strip_prefix(minus) {
        ascii = format!("-{rest}");
        ascii.as_str()
    } else {
        s
    };
    let b2 = s.as_bytes();
    let mut i = usize::from(matches!(b2.first(), Some(b'-' | b'+')));
    let mut digits = 0;
    while i < b2.len() && b2[i].is_ascii_digit() {
        i += 1;
        digits += 1;
    }
    if i < b2.len() && b2[i] == b'.' {
        i += 1;
        while i < b2.len() && b2[i].is_ascii_digit() {
            i += 1;
            digits += 1;
        }
    }
    if digits == 0 || b.is_empty() {
        return None;
    }
    if i < b2.len() && matches!(b2[i], b'e' | b'E') {
        i += 1;
        if i < b2.len() && matches!(b2[i], b'-' | b'+') {
            i += 1;
        }
        let start = i;
        while i < b2.len() && b2[i].is_ascii_digit() {
            i += 1;
        }
        if i == start {
            return None;
        }
    }
    if i != b2.len() {
        return None;
    }
    Some(match decimal::parse(s) {
        Some(v) if v.is_finite() => Ok(v),
        _ => Err(format!("the number {s} is too large")),
    })
}

/// A probability as written in the S-expression and outline forms: a number or `a/b`.
pub(super) fn read_probability(s: &str) -> Result<f64, String> {
    let (a, b) = match s.split_once('/') {
        Some((a, b)) => (a, Some(b)),
        None => (s, None),
    };
    let bad = || format!("'{s}' is not a probability (a number such as 0.5, or a fraction such as 1/3)");
    let mut p = read_number(a).ok_or_else(bad)??;
    if let Some(b) = b {
        let d = read_number(b).ok_or_else(bad)??;
        if d == 0.0 {
            return Err("a probability cannot divide by zero".into());
        }
        p /= d;
    }
    Ok(p)
}

/// Builds a [`Tree`] node by node for the readers, with the grammar's checks.
pub(super) struct Builder<'t> {
    text: &'t str,
    raw: Vec<Raw>,
    /// The first leaf: its tuple length (None for a number) and where it is.
    leaves: Option<(Option<u8>, usize)>,
}

impl<'t> Builder<'t> {
    pub(super) fn new(text: &'t str) -> Self {
        Builder { text, raw: Vec::new(), leaves: None }
    }

    /// A ParseError at byte `pos`.
    pub(super) fn error(&self, pos: usize, message: impl Into<String>) -> ParseError {
        ParseError::at(self.text, pos, message.into())
    }

    /// "line L, column C" of byte `pos`, for messages that point elsewhere.
    pub(super) fn where_is(&self, pos: usize) -> String {
        let e = ParseError::at(self.text, pos, String::new());
        format!("line {}, column {}", e.line, e.column)
    }

    /// Whether node `id` is a chance node (as declared so far).
    pub(super) fn is_chance(&self, id: u32) -> bool {
        self.raw[id as usize].declared == Some(Declared::Chance)
    }

    /// A new node at byte `pos`, the next child of `parent` (None: the root), with the
    /// probability of its edge (required under a chance node, refused elsewhere).
    pub(super) fn node(
        &mut self,
        pos: usize,
        parent: Option<u32>,
        prob: Option<(f64, usize)>,
    ) -> PResult<u32> {
        let depth = parent.map_or(0, |p| self.raw[p as usize].depth + 1);
        if depth > MAX_DEPTH {
            return Err((pos, format!("the tree is deeper than {MAX_DEPTH} levels (the root is level 0)")));
        }
        if self.raw.len() >= MAX_NODES {
            return Err((pos, format!("the tree has more than {MAX_NODES} nodes")));
        }
        let chance = parent.is_some_and(|p| self.is_chance(p));
        let p = match (chance, prob) {
            (true, Some((p, at))) => {
                if !(0.0..=1.0).contains(&p) {
                    return Err((
                        at,
                        format!("a probability must lie between 0 and 1, found {}", decimal::display(p)),
                    ));
                }
                p
            }
            (true, None) => {
                return Err((pos, "a child of a chance node needs a probability".to_string()));
            }
            (false, Some((_, at))) => {
                return Err((at, "a probability is written only for a child of a chance node".to_string()));
            }
            (false, None) => 1.0,
        };
        let id = self.raw.len() as u32;
        let index = parent.map_or(0, |q| self.raw[q as usize].children.len() as u32);
        self.raw.push(Raw::new(pos, parent, index, p, depth));
        if let Some(q) = parent {
            self.raw[q as usize].children.push(id);
        }
        Ok(id)
    }

    /// Declares node `id`'s kind (before its children).
    pub(super) fn kind(&mut self, id: u32, kind: Declared) {
        self.raw[id as usize].declared = Some(kind);
    }

    /// Gives node `id` a label (checked as the grammar reads labels).
    pub(super) fn label(&mut self, id: u32, pos: usize, label: &str) -> PResult<()> {
        check_label(label).map_err(|m| (pos, m))?;
        self.raw[id as usize].label = Some(label.to_string());
        Ok(())
    }

    /// Gives inner node `id` its static evaluation (`~v`, as the grammar's `B~4[…]`), to MAX.
    pub(super) fn eval(&mut self, id: u32, pos: usize, v: f64) -> PResult<()> {
        if v.abs() > MAX_ABS_VALUE {
            return Err((
                pos,
                format!(
                    "the static evaluation {} is too large: it must lie between -1e15 and 1e15",
                    decimal::display(v)
                ),
            ));
        }
        self.raw[id as usize].eval = Some(v);
        Ok(())
    }

    /// Makes node `id` a leaf with these utilities (one number, or a tuple of 2 to 4).
    pub(super) fn leaf(&mut self, id: u32, pos: usize, values: &[f64]) -> PResult<()> {
        if let Some(v) = values.iter().find(|v| v.abs() > MAX_ABS_VALUE) {
            return Err((
                pos,
                format!(
                    "the utility {} is too large: a utility must lie between -1e15 and 1e15",
                    decimal::display(*v)
                ),
            ));
        }
        let shape = match values.len() {
            0 => return Err((pos, "a leaf needs a value".to_string())),
            1 => None,
            n if n > MAX_PLAYERS => {
                return Err((
                    pos,
                    format!("a utility tuple has at most {MAX_PLAYERS} entries (one per player)"),
                ))
            }
            n => Some(n as u8),
        };
        match self.leaves {
            None => self.leaves = Some((shape, pos)),
            Some((first, _)) if first == shape => {}
            Some((first, first_pos)) => {
                let there = self.where_is(first_pos);
                return Err((
                    pos,
                    match (first, shape) {
                        (None, _) => format!(
                            "expected a number like the first leaf (at {there}), found a utility tuple: the \
                             leaves are all numbers or all tuples"
                        ),
                        (Some(n), None) => format!(
                            "expected a utility tuple of {n} entries like the first leaf (at {there}), found \
                             a number"
                        ),
                        (Some(n), Some(m)) => format!(
                            "this utility tuple has {m} entries but the first leaf (at {there}) has {n}: \
                             every leaf has one entry per player"
                        ),
                    },
                ));
            }
        }
        let mut u = [0.0; MAX_PLAYERS];
        u[..values.len()].copy_from_slice(values);
        if values.len() == 1 {
            u[1] = -values[0];
        }
        self.raw[id as usize].leaf = Some(u);
        Ok(())
    }

    /// Node `id` is complete: a leaf, or an inner node with at least one child (whose
    /// probabilities sum to 1 under a chance node). `end` is where its text ends.
    pub(super) fn end(&mut self, id: u32, end: usize) -> PResult<()> {
        let r = &self.raw[id as usize];
        if r.leaf.is_some() {
            if !r.children.is_empty() {
                return Err((r.pos, "a leaf (a node with a value) cannot have children".to_string()));
            }
            return Ok(());
        }
        if r.children.is_empty() {
            return Err((end, "a node needs at least one child, or a value if it is a leaf".to_string()));
        }
        if r.declared == Some(Declared::Chance) {
            check_probabilities(&self.raw, id, |pos| self.where_is(pos))?;
        }
        Ok(())
    }

    /// The tree (kinds resolved, labels generated), or the error at its place.
    pub(super) fn finish(self) -> Result<Tree, ParseError> {
        let text = self.text;
        if self.raw.is_empty() {
            return Err(ParseError::at(text, text.len(), "the text holds no tree".to_string()));
        }
        let tuples = self.leaves.and_then(|(t, _)| t);
        finish(self.raw, tuples).map_err(|(pos, m)| ParseError::at(text, pos, m))
    }
}
