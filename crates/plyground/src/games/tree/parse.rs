//! The text format's reader: [`Tree::try_parse`] and its [`ParseError`]s.

use super::form::kind_keyword;
use super::raw::{check_probabilities, finish, Declared, PResult, Raw};
use super::{Tree, MAX_ABS_VALUE, MAX_DEPTH, MAX_NODES, MAX_TEXT_BYTES};
use crate::decimal;
use crate::game::MAX_PLAYERS;
use std::fmt;

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
    pub(super) fn at(text: &str, offset: usize, message: String) -> Self {
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

impl Tree {
    /// Parses a tree from text (grammar in the [module documentation](super)). Never panics:
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
}

fn is_number_start(c: u8) -> bool {
    c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.')
}

/// The minus sign U+2212 ("−") in UTF-8: the playground prints negative values with it, so
/// text copied from a figure parses back.
const MINUS: &[u8] = "\u{2212}".as_bytes();

fn is_ident_start(c: u8) -> bool {
    c.is_ascii_alphabetic() || c == b'_'
}

fn is_ident_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'\'')
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

    /// A number starts here: a digit, a sign (`-`, `+` or `−`) or a point.
    fn at_number(&self) -> bool {
        self.peek().is_some_and(is_number_start) || self.src[self.pos..].starts_with(MINUS)
    }

    fn number(&mut self) -> PResult<f64> {
        let start = self.pos;
        let mut unicode_minus = false;
        if matches!(self.peek(), Some(b'-' | b'+')) {
            self.pos += 1;
        } else if self.src[self.pos..].starts_with(MINUS) {
            self.pos += MINUS.len();
            unicode_minus = true;
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
        let ascii = if unicode_minus { format!("-{}", &s[MINUS.len()..]) } else { s.to_string() };
        match decimal::parse(&ascii) {
            Some(v) if v.is_finite() => Ok(v),
            _ => Err((start, format!("the number {s} is too large"))),
        }
    }

    /// A number that is a utility: at most [`MAX_ABS_VALUE`] in magnitude.
    fn utility(&mut self) -> PResult<f64> {
        self.bounded("the utility", "a utility")
    }

    /// A number of at most [`MAX_ABS_VALUE`] in magnitude; the error names it as `what` ("the
    /// utility") and the rule's subject as `who` ("a utility must lie between …").
    fn bounded(&mut self, what: &str, who: &str) -> PResult<f64> {
        let start = self.pos;
        let v = self.number()?;
        if v.abs() > MAX_ABS_VALUE {
            // The number as written: `1e308` is not worth 309 digits of error message.
            let s = &self.text[start..self.pos];
            return Err((start, format!("{what} {s} is too large: {who} must lie between -1e15 and 1e15")));
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
        self.raw.push(Raw::new(start, parent, index, prob, depth));
        match self.peek() {
            Some(b'[') => self.children(id)?,
            Some(b'~') => {
                self.static_eval(id)?;
                self.children(id)?;
            }
            Some(b'(') => self.tuple_leaf(id)?,
            _ if self.at_number() => self.number_leaf(id)?,
            Some(c) if is_ident_start(c) => {
                let word = self.ident();
                match kind_keyword(word) {
                    Some(Err(m)) => return Err((start, m)),
                    Some(Ok(kind)) => {
                        self.raw[id as usize].declared = Some(kind);
                        self.skip_ws();
                        let mut written = word.to_string();
                        if self.peek().is_some_and(is_ident_start) {
                            let at = self.pos;
                            let label = self.ident();
                            if kind_keyword(label).is_some() {
                                return Err((at, format!("'{label}' is a node kind and cannot be a label")));
                            }
                            self.raw[id as usize].label = Some(label.to_string());
                            written = format!("{word} {label}");
                            self.skip_ws();
                        }
                        if self.peek() == Some(b'~') {
                            self.static_eval(id)?;
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
                            Some(b'~') => {
                                self.static_eval(id)?;
                                self.children(id)?;
                            }
                            Some(b'=') => {
                                self.pos += 1;
                                self.skip_ws();
                                match self.peek() {
                                    Some(b'(') => self.tuple_leaf(id)?,
                                    _ if self.at_number() => self.number_leaf(id)?,
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

    /// `~ number` after an inner node's kind and label: its static evaluation (the current
    /// byte is '~'). Leaves the position at the '[' that must follow.
    fn static_eval(&mut self, id: u32) -> PResult<()> {
        let tilde = self.pos;
        self.pos += 1;
        self.skip_ws();
        if !self.at_number() {
            return Err((
                self.pos,
                format!(
                    "expected a number after '~' (an inner node's static evaluation, as in 'B~4[3, 12, 8]'), found {}",
                    self.found()
                ),
            ));
        }
        let start = self.pos;
        let v = self.bounded("the static evaluation", "it")?;
        self.raw[id as usize].eval = Some(v);
        self.skip_ws();
        if self.peek() != Some(b'[') {
            let written = &self.text[tilde..start].trim_end().to_string();
            let s = &self.text[start..self.pos].trim_end().to_string();
            return Err((
                self.pos,
                format!(
                    "expected '[' after the static evaluation '{written}{s}', found {}: only an inner node has \
                     one (a leaf's value is its utility)",
                    self.found()
                ),
            ));
        }
        Ok(())
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
            check_probabilities(&self.raw, id, |pos| self.where_is(pos))?;
        }
        Ok(())
    }

    /// `p:` before a chance node's child: a number or a fraction `a/b`, in [0, 1].
    fn probability(&mut self) -> PResult<f64> {
        let start = self.pos;
        if !self.at_number() {
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
            if !self.at_number() {
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
    fn the_unicode_minus_the_figures_print_parses_back() {
        // "−4" (U+2212), as the playground prints it, reads back.
        let t = Tree::try_parse("[chance[0.5: 10, 0.5: −4], −1.5]").unwrap();
        let leaves: Vec<f64> = (0..t.nodes().len() as u32).filter_map(|i| t.value(i)).collect();
        assert_eq!(leaves, vec![10.0, -4.0, -1.5]);
        assert_eq!(
            Tree::try_parse("[−3, [−12]]").unwrap().to_text(),
            Tree::try_parse("[-3, [-12]]").unwrap().to_text()
        );
        let t = Tree::try_parse("[(1, −2, 3), (−1, 2, 3)]").unwrap();
        assert_eq!(t.to_text(), "[(1, -2, 3), (-1, 2, 3)]");
        let e = err("[−]");
        assert_eq!(e.message, "expected a number, found '−'");
        assert_eq!(err("[-]").message, "expected a number, found '-'");
        let e = err("[1, −−2]");
        assert_eq!(e.column, 5);
    }

    #[test]
    fn a_huge_utility_is_named_as_written() {
        // Not a 309-digit expansion of 1e308.
        assert_eq!(
            err("[1e308]").message,
            "the utility 1e308 is too large: a utility must lie between -1e15 and 1e15"
        );
        assert_eq!(
            err("[2, −1E16]").message,
            "the utility −1E16 is too large: a utility must lie between -1e15 and 1e15"
        );
        assert!(err("[1e400]").message.contains("too large"));
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
}
