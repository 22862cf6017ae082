//! The indented outline form (`docs/tree-forms.md`): one node per line, a child indented
//! deeper than its parent, siblings at the same indentation (spaces or tabs, each one
//! column). A line is
//!
//! ```text
//! line  = [ probability ":" ] ( ( kind [ label ] | label ) [ "~" number ] | [ label "=" ] value )
//! value = number | "(" number "," number { "," number } ")"
//! ```
//!
//! so `max A`, `min`, `chance`, `1/2: min`, `min B ~6`, `3`, `b1 = 3`, `0.5: (1, 2, 6)`. A
//! line with a kind or only a label is an inner node (its children follow, indented), `~v`
//! its static evaluation; a line with a value is a leaf. `#` starts a comment; blank lines
//! are skipped. The writer indents by two spaces and writes every inner node's kind and the
//! labels and static evaluations that were given.

use super::form::{check_label, eval_number, kind_keyword, read_number, read_probability, Builder};
use super::parse::ParseError;
use super::raw::PResult;
use super::{Kind, Tree};
use crate::game::MAX_PLAYERS;

/// Reads an outline.
pub(super) fn read(text: &str) -> Result<Tree, ParseError> {
    let mut b = Builder::new(text);
    match lines(text, &mut b) {
        Ok(()) => b.finish(),
        Err((pos, m)) => Err(b.error(pos, m)),
    }
}

struct Open {
    indent: usize,
    id: u32,
    leaf: bool,
    line: usize,
    /// The indentation of its children so far.
    children_indent: Option<usize>,
}

fn lines(text: &str, b: &mut Builder<'_>) -> PResult<()> {
    let mut stack: Vec<Open> = Vec::new();
    let mut has_root = false;
    let mut offset = 0usize;
    for (n, raw_line) in text.split('\n').enumerate() {
        let start = offset;
        offset += raw_line.len() + 1;
        let line = raw_line.strip_suffix('\r').unwrap_or(raw_line);
        let content = line.split('#').next().unwrap_or("");
        let indent = content.bytes().take_while(|&c| c == b' ' || c == b'\t').count();
        let body = content[indent..].trim_end();
        if body.is_empty() {
            continue;
        }
        let at = start + indent;
        while stack.last().is_some_and(|o| o.indent >= indent) {
            if let Some(o) = stack.pop() {
                b.end(o.id, at)?;
            }
        }
        let parent = match stack.last_mut() {
            None if has_root => {
                return Err((
                    at,
                    "a second root: only the first node line may be indented this little (every other node \
                     is indented under it)"
                        .into(),
                ))
            }
            None => None,
            Some(o) if o.leaf => {
                return Err((
                    at,
                    format!(
                        "this line is indented under the leaf on line {}: a leaf has no children",
                        o.line
                    ),
                ))
            }
            Some(o) => {
                match o.children_indent {
                    Some(ci) if ci != indent => {
                        return Err((
                            at,
                            format!(
                                "this line is indented {indent} columns, its siblings above {ci}: siblings line up"
                            ),
                        ))
                    }
                    _ => o.children_indent = Some(indent),
                }
                Some(o.id)
            }
        };
        has_root = true;
        let (id, leaf) = node_line(b, body, at, parent)?;
        stack.push(Open { indent, id, leaf, line: n + 1, children_indent: None });
    }
    if !has_root {
        return Err((text.len(), "the text holds no tree: expected a node line such as 'max' or '3'".into()));
    }
    while let Some(o) = stack.pop() {
        b.end(o.id, text.len())?;
    }
    Ok(())
}

/// One node line's `body` (starting at byte `at`): the node, and whether it is a leaf.
fn node_line(b: &mut Builder<'_>, body: &str, at: usize, parent: Option<u32>) -> PResult<(u32, bool)> {
    let (prob, rest, rest_at) = match body.split_once(':') {
        Some((p, rest)) => {
            let pt = p.trim();
            let v = read_probability(pt).map_err(|m| (at, m))?;
            let skip = rest.len() - rest.trim_start().len();
            (Some((v, at)), rest.trim_start(), at + p.len() + 1 + skip)
        }
        None => (None, body, at),
    };
    if rest.is_empty() {
        return Err((rest_at, "expected a node after the probability's ':'".into()));
    }
    let id = b.node(rest_at, parent, prob)?;
    // A leaf: `value` or `label = value`.
    let (label, value, value_at) = match rest.split_once('=') {
        Some((l, v)) => {
            let skip = v.len() - v.trim_start().len();
            (Some(l.trim()), v.trim(), rest_at + l.len() + 1 + skip)
        }
        None => (None, rest, rest_at),
    };
    let is_value = value.starts_with('(') || read_number(value).is_some();
    if label.is_some() || is_value {
        if let Some(l) = label {
            b.label(id, rest_at, l)?;
        }
        let values = leaf_value(value, value_at)?;
        b.leaf(id, value_at, &values)?;
        return Ok((id, true));
    }
    // An inner node's static evaluation: `~v` after its kind and label.
    let rest = match rest.split_once('~') {
        Some((head, ev)) => {
            let eat = rest_at + head.len() + 1;
            let v = eval_number(ev).map_err(|m| (eat, m))?;
            b.eval(id, eat, v)?;
            let head = head.trim_end();
            if head.is_empty() {
                return Err((
                    rest_at,
                    "expected a node kind or a label before the static evaluation '~' (as in 'min B ~6')"
                        .into(),
                ));
            }
            head
        }
        None => rest,
    };
    let words: Vec<&str> = rest.split_whitespace().collect();
    match words.as_slice() {
        [word, more @ ..] if more.len() <= 1 => match kind_keyword(word) {
            Some(Err(m)) => Err((rest_at, m)),
            Some(Ok(kind)) => {
                b.kind(id, kind);
                if let [label] = more {
                    let lat = rest_at + rest.rfind(label).unwrap_or(0);
                    b.label(id, lat, label)?;
                }
                Ok((id, false))
            }
            None if more.is_empty() => {
                check_label(word).map_err(|m| (rest_at, format!("{m} (a line is a kind, a label or a value)")))?;
                b.label(id, rest_at, word)?;
                Ok((id, false))
            }
            None => Err((
                rest_at,
                format!("'{word}' is not a node kind (max, min, chance, p0…p3): a line is 'kind label', a label, or a value"),
            )),
        },
        _ => Err((
            rest_at,
            format!("expected one node on this line ('kind [label]', a label, or '[label =] value'), found '{rest}'"),
        )),
    }
}

/// A leaf's value: a number or `(a, b, …)`.
fn leaf_value(s: &str, at: usize) -> PResult<Vec<f64>> {
    if let Some(inner) = s.strip_prefix('(') {
        let Some(inner) = inner.strip_suffix(')') else {
            return Err((at, format!("expected ')' to close the utility tuple '{s}'")));
        };
        let mut v = Vec::new();
        for part in inner.split(',') {
            let part = part.trim();
            match read_number(part) {
                Some(Ok(x)) => v.push(x),
                Some(Err(m)) => return Err((at, m)),
                None => return Err((at, format!("expected a number in the utility tuple, found '{part}'"))),
            }
        }
        if v.len() > MAX_PLAYERS {
            return Err((at, format!("a utility tuple has at most {MAX_PLAYERS} entries (one per player)")));
        }
        if v.len() < 2 {
            return Err((at, "a utility tuple needs at least 2 entries (one per player); a two-player leaf is a plain number".into()));
        }
        return Ok(v);
    }
    match read_number(s) {
        Some(Ok(x)) => Ok(vec![x]),
        Some(Err(m)) => Err((at, m)),
        None => {
            Err((at, format!("expected a leaf's value (a number or a tuple such as (1, 2, 6)), found '{s}'")))
        }
    }
}

/// The tree as an outline, two spaces a level.
pub(super) fn write(t: &Tree) -> String {
    let mut out = String::new();
    // Pre-order without recursion: (id, depth).
    let mut stack = vec![0u32];
    while let Some(id) = stack.pop() {
        let n = &t.nodes[id as usize];
        for _ in 0..n.depth {
            out.push_str("  ");
        }
        if n.parent.is_some_and(|p| t.nodes[p as usize].kind == Kind::Chance) {
            out.push_str(&super::write::fmt_probability(n.prob));
            out.push_str(": ");
        }
        if n.kind == Kind::Terminal {
            if n.label_given {
                out.push_str(&n.label);
                out.push_str(" = ");
            }
            let nums = t.leaf_numbers(id);
            if nums.len() == 1 {
                out.push_str(&nums[0]);
            } else {
                out.push('(');
                out.push_str(&nums.join(", "));
                out.push(')');
            }
        } else {
            out.push_str(&t.kind_name(id));
            if n.label_given {
                out.push(' ');
                out.push_str(&n.label);
            }
            if let Some(e) = n.eval {
                out.push_str(" ~");
                out.push_str(&super::write::fmt_number(e));
            }
        }
        out.push('\n');
        stack.extend(n.children.iter().rev());
    }
    out
}
