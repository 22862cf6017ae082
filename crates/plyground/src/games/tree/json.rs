//! The JSON form (`docs/tree-forms.md`). A node is
//!
//! - a number: a leaf (`3`);
//! - an array: a node whose kind follows the alternation rule, its elements the children
//!   (`[[3,12,8],[2,4,6],[14,5,2]]` reads as in the grammar);
//! - an object with the keys `kind` (`"max"`, `"min"`, `"chance"`, `"p0"`…`"p3"`; omitted:
//!   the alternation rule), `label` (a grammar label), `probability` (on each child of a
//!   chance node: a number, or a fraction as a string `"1/3"`), and exactly one of
//!   `children` (a non-empty array of nodes) or `value` (a number, or an array of 2 to 4
//!   numbers for a max^n leaf). Any other key is an error.
//!
//! The writer writes objects, the kind of every inner node, labels only where they were
//! given; an inner node's children one per line, a leaf on one line.

use super::form::{kind_keyword, read_probability, Builder};
use super::parse::ParseError;
use super::raw::PResult;
use super::{Kind, Tree};
use crate::decimal;

/// Deeper JSON nesting than a tree can need (each level of the tree is at most two levels
/// of JSON: an object and its `children` array) is refused before the stack grows.
const MAX_NESTING: u32 = 2 * super::MAX_DEPTH + 8;

/// A JSON value with the byte offset where it starts.
enum J {
    Null,
    Bool,
    Num(f64),
    Str(String),
    Arr(Vec<(usize, J)>),
    Obj(Vec<(String, usize, usize, J)>),
}

impl J {
    fn what(&self) -> &'static str {
        match self {
            J::Null => "null",
            J::Bool => "a boolean",
            J::Num(_) => "a number",
            J::Str(_) => "a string",
            J::Arr(_) => "an array",
            J::Obj(_) => "an object",
        }
    }
}

/// Reads a JSON tree.
pub(super) fn read(text: &str) -> Result<Tree, ParseError> {
    let mut b = Builder::new(text);
    let mut p = Json { text, src: text.as_bytes(), pos: 0 };
    let value = match p.document() {
        Ok(v) => v,
        Err((pos, m)) => return Err(b.error(pos, m)),
    };
    match node(&mut b, &value.1, value.0, None, None) {
        Ok(_) => b.finish(),
        Err((pos, m)) => Err(b.error(pos, m)),
    }
}

/// Builds node `v` (at `pos`) under `parent`.
fn node(
    b: &mut Builder<'_>,
    v: &J,
    pos: usize,
    parent: Option<u32>,
    prob: Option<(f64, usize)>,
) -> PResult<u32> {
    match v {
        J::Num(x) => {
            let id = b.node(pos, parent, prob)?;
            b.leaf(id, pos, &[*x])?;
            Ok(id)
        }
        J::Arr(items) => {
            let id = b.node(pos, parent, prob)?;
            for (at, item) in items {
                node(b, item, *at, Some(id), None)?;
            }
            b.end(id, pos)?;
            Ok(id)
        }
        J::Obj(fields) => object(b, fields, pos, parent, prob),
        other => {
            Err((pos, format!("expected a node (a number, an array or an object), found {}", other.what())))
        }
    }
}

fn object(
    b: &mut Builder<'_>,
    fields: &[(String, usize, usize, J)],
    pos: usize,
    parent: Option<u32>,
    given: Option<(f64, usize)>,
) -> PResult<u32> {
    let get = |k: &str| fields.iter().find(|f| f.0 == k);
    if let Some((key, at, _, _)) = fields
        .iter()
        .find(|f| !matches!(f.0.as_str(), "kind" | "label" | "probability" | "eval" | "children" | "value"))
    {
        return Err((
            *at,
            format!(
                "unknown key \"{key}\" (a node has kind, label, probability, eval, and children or value)"
            ),
        ));
    }
    let under_chance = parent.is_some_and(|p| b.is_chance(p));
    let prob = match get("probability") {
        Some((_, _, at, J::Num(p))) => Some((*p, *at)),
        Some((_, _, at, J::Str(s))) => Some((read_probability(s).map_err(|m| (*at, m))?, *at)),
        Some((_, _, at, v)) => {
            return Err((
                *at,
                format!(
                    "\"probability\" is a number or a fraction string such as \"1/3\", found {}",
                    v.what()
                ),
            ))
        }
        None => given,
    };
    if under_chance && prob.is_none() {
        return Err((pos, "a child of a chance node needs a \"probability\"".into()));
    }
    let id = b.node(pos, parent, prob)?;
    if let Some((_, _, at, v)) = get("kind") {
        let J::Str(s) = v else {
            return Err((*at, format!("\"kind\" is a string (max, min, chance, p0…p3), found {}", v.what())));
        };
        match kind_keyword(s) {
            Some(Ok(k)) => b.kind(id, k),
            Some(Err(m)) => return Err((*at, m)),
            None => return Err((*at, format!("unknown kind \"{s}\" (max, min, chance, p0…p3)"))),
        }
    }
    if let Some((_, _, at, v)) = get("label") {
        let J::Str(s) = v else {
            return Err((*at, format!("\"label\" is a string, found {}", v.what())));
        };
        b.label(id, *at, s)?;
    }
    if let Some((_, _, at, v)) = get("eval") {
        let J::Num(x) = v else {
            return Err((*at, format!("\"eval\" (a static evaluation) is a number, found {}", v.what())));
        };
        if get("value").is_some() {
            return Err((
                *at,
                "a leaf has no \"eval\": only an inner node has a static evaluation (a leaf's value is its utility)"
                    .into(),
            ));
        }
        b.eval(id, *at, *x)?;
    }
    match (get("children"), get("value")) {
        (Some(_), Some((_, at, _, _))) => {
            Err((*at, "a node has \"children\" or a \"value\", not both".into()))
        }
        (None, None) => {
            Err((pos, "a node needs \"children\" (an inner node) or a \"value\" (a leaf)".into()))
        }
        (None, Some((_, _, at, v))) => {
            if let Some((_, kat, _, _)) = get("kind") {
                return Err((*kat, "a leaf has no \"kind\" (a node with a \"value\" is a leaf)".into()));
            }
            let values: Vec<f64> = match v {
                J::Num(x) => vec![*x],
                J::Arr(items) => {
                    let mut out = Vec::new();
                    for (iat, item) in items {
                        let J::Num(x) = item else {
                            return Err((
                                *iat,
                                format!("a utility tuple holds numbers, found {}", item.what()),
                            ));
                        };
                        out.push(*x);
                    }
                    if out.len() < 2 {
                        return Err((*at, "a utility tuple needs at least 2 entries (one per player); a two-player leaf is a plain number".into()));
                    }
                    out
                }
                other => {
                    return Err((
                        *at,
                        format!("\"value\" is a number or an array of numbers, found {}", other.what()),
                    ))
                }
            };
            b.leaf(id, *at, &values)?;
            Ok(id)
        }
        (Some((_, _, at, v)), None) => {
            let J::Arr(items) = v else {
                return Err((*at, format!("\"children\" is an array of nodes, found {}", v.what())));
            };
            for (cat, item) in items {
                node(b, item, *cat, Some(id), None)?;
            }
            b.end(id, *at)?;
            Ok(id)
        }
    }
}

/// A small JSON reader (RFC 8259) that keeps where each value starts.
struct Json<'a> {
    text: &'a str,
    src: &'a [u8],
    pos: usize,
}

impl Json<'_> {
    fn ws(&mut self) {
        while self.src.get(self.pos).is_some_and(|c| matches!(c, b' ' | b'\t' | b'\r' | b'\n')) {
            self.pos += 1;
        }
    }

    fn found(&self) -> String {
        match self.text.get(self.pos..).and_then(|s| s.chars().next()) {
            Some(c) => format!("'{c}'"),
            None => "the end of the text".into(),
        }
    }

    fn document(&mut self) -> PResult<(usize, J)> {
        self.ws();
        if self.pos >= self.src.len() {
            return Err((self.pos, "the text holds no tree: expected a JSON number, array or object".into()));
        }
        let v = self.value(0)?;
        self.ws();
        if self.pos < self.src.len() {
            return Err((self.pos, format!("unexpected {} after the end of the JSON value", self.found())));
        }
        Ok(v)
    }

    fn value(&mut self, nesting: u32) -> PResult<(usize, J)> {
        self.ws();
        let start = self.pos;
        if nesting > MAX_NESTING {
            return Err((
                start,
                format!("the JSON is nested more than {MAX_NESTING} levels: deeper than a tree can be"),
            ));
        }
        let v = match self.src.get(start) {
            Some(b'{') => {
                self.pos += 1;
                let mut fields: Vec<(String, usize, usize, J)> = Vec::new();
                self.ws();
                if self.src.get(self.pos) == Some(&b'}') {
                    self.pos += 1;
                } else {
                    loop {
                        self.ws();
                        let kat = self.pos;
                        if self.src.get(self.pos) != Some(&b'"') {
                            return Err((
                                self.pos,
                                format!("expected a key in double quotes, found {}", self.found()),
                            ));
                        }
                        let key = self.string()?;
                        if fields.iter().any(|f| f.0 == key) {
                            return Err((kat, format!("the key \"{key}\" appears twice in this object")));
                        }
                        self.ws();
                        if self.src.get(self.pos) != Some(&b':') {
                            return Err((
                                self.pos,
                                format!("expected ':' after the key \"{key}\", found {}", self.found()),
                            ));
                        }
                        self.pos += 1;
                        let (vat, v) = self.value(nesting + 1)?;
                        fields.push((key, kat, vat, v));
                        self.ws();
                        match self.src.get(self.pos) {
                            Some(b',') => self.pos += 1,
                            Some(b'}') => {
                                self.pos += 1;
                                break;
                            }
                            _ => {
                                return Err((
                                    self.pos,
                                    format!("expected ',' or '}}' in the object, found {}", self.found()),
                                ))
                            }
                        }
                    }
                }
                J::Obj(fields)
            }
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                self.ws();
                if self.src.get(self.pos) == Some(&b']') {
                    self.pos += 1;
                } else {
                    loop {
                        items.push(self.value(nesting + 1)?);
                        self.ws();
                        match self.src.get(self.pos) {
                            Some(b',') => self.pos += 1,
                            Some(b']') => {
                                self.pos += 1;
                                break;
                            }
                            _ => {
                                return Err((
                                    self.pos,
                                    format!("expected ',' or ']' in the array, found {}", self.found()),
                                ))
                            }
                        }
                    }
                }
                J::Arr(items)
            }
            Some(b'"') => J::Str(self.string()?),
            Some(b't') if self.src[start..].starts_with(b"true") => {
                self.pos += 4;
                J::Bool
            }
            Some(b'f') if self.src[start..].starts_with(b"false") => {
                self.pos += 5;
                J::Bool
            }
            Some(b'n') if self.src[start..].starts_with(b"null") => {
                self.pos += 4;
                J::Null
            }
            Some(c) if *c == b'-' || c.is_ascii_digit() => J::Num(self.number()?),
            _ => return Err((start, format!("expected a JSON value, found {}", self.found()))),
        };
        Ok((start, v))
    }

    fn digits(&mut self) -> usize {
        let s = self.pos;
        while self.src.get(self.pos).is_some_and(u8::is_ascii_digit) {
            self.pos += 1;
        }
        self.pos - s
    }

    fn number(&mut self) -> PResult<f64> {
        let start = self.pos;
        if self.src.get(self.pos) == Some(&b'-') {
            self.pos += 1;
        }
        let int_start = self.pos;
        let n = self.digits();
        if n == 0 || (n > 1 && self.src[int_start] == b'0') {
            return Err((start, "a JSON number has digits, without leading zeros".into()));
        }
        if self.src.get(self.pos) == Some(&b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err((self.pos, "expected digits after the decimal point".into()));
            }
        }
        if matches!(self.src.get(self.pos), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.src.get(self.pos), Some(b'-' | b'+')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err((self.pos, "expected the digits of an exponent".into()));
            }
        }
        let s = &self.text[start..self.pos];
        match decimal::parse(s) {
            Some(v) if v.is_finite() => Ok(v),
            _ => Err((start, format!("the number {s} is too large"))),
        }
    }

    /// A string (the current byte is '"').
    fn string(&mut self) -> PResult<String> {
        let open = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let start = self.pos;
            while self.src.get(self.pos).is_some_and(|&c| c != b'"' && c != b'\\' && c >= 0x20) {
                self.pos += 1;
            }
            out.push_str(&self.text[start..self.pos]);
            match self.src.get(self.pos) {
                Some(b'"') => {
                    self.pos += 1;
                    return Ok(out);
                }
                Some(b'\\') => {
                    let at = self.pos;
                    self.pos += 2;
                    match self.src.get(at + 1) {
                        Some(b'"') => out.push('"'),
                        Some(b'\\') => out.push('\\'),
                        Some(b'/') => out.push('/'),
                        Some(b'b') => out.push('\u{8}'),
                        Some(b'f') => out.push('\u{c}'),
                        Some(b'n') => out.push('\n'),
                        Some(b'r') => out.push('\r'),
                        Some(b't') => out.push('\t'),
                        Some(b'u') => {
                            let hex = self
                                .text
                                .get(self.pos..self.pos + 4)
                                .and_then(|h| u32::from_str_radix(h, 16).ok());
                            let Some(h) = hex else {
                                return Err((at, "expected four hex digits after '\\u'".into()));
                            };
                            self.pos += 4;
                            out.push(char::from_u32(h).unwrap_or('\u{fffd}'));
                        }
                        _ => return Err((at, "an unknown escape in a string".into())),
                    }
                }
                Some(_) => {
                    return Err((
                        self.pos,
                        "a control character inside a string (write it as an escape)".into(),
                    ))
                }
                None => {
                    return Err((self.pos, format!("the string opened at byte {open} is never closed")));
                }
            }
        }
    }
}

/// The tree as JSON objects.
pub(super) fn write(t: &Tree) -> String {
    let mut out = String::new();
    write_node(t, 0, 0, &mut out);
    out.push('\n');
    out
}

fn json_string(s: &str) -> String {
    // Labels are grammar labels: letters, digits, '_' and "'": nothing to escape.
    format!("\"{s}\"")
}

fn write_node(t: &Tree, id: u32, indent: usize, out: &mut String) {
    let n = &t.nodes[id as usize];
    let mut head: Vec<String> = Vec::new();
    if n.parent.is_some_and(|p| t.nodes[p as usize].kind == Kind::Chance) {
        head.push(format!("\"probability\": {}", super::write::fmt_number(n.prob)));
    }
    if n.kind != Kind::Terminal {
        head.push(format!("\"kind\": {}", json_string(&t.kind_name(id))));
    }
    if n.label_given {
        head.push(format!("\"label\": {}", json_string(&n.label)));
    }
    if let Some(e) = n.eval {
        head.push(format!("\"eval\": {}", super::write::fmt_number(e)));
    }
    if n.kind == Kind::Terminal {
        let nums = t.leaf_numbers(id);
        let v = if nums.len() == 1 { nums[0].clone() } else { format!("[{}]", nums.join(", ")) };
        head.push(format!("\"value\": {v}"));
        out.push('{');
        out.push_str(&head.join(", "));
        out.push('}');
        return;
    }
    out.push('{');
    out.push_str(&head.join(", "));
    out.push_str(", \"children\": [\n");
    let pad = "  ".repeat(indent + 1);
    for (i, &c) in n.children.iter().enumerate() {
        out.push_str(&pad);
        write_node(t, c, indent + 1, out);
        if i + 1 < n.children.len() {
            out.push(',');
        }
        out.push('\n');
    }
    out.push_str(&"  ".repeat(indent));
    out.push_str("]}");
}
