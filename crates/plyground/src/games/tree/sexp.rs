//! The S-expression form (`docs/tree-forms.md`):
//!
//! ```text
//! node   = number                              ; a leaf:           3
//!        | "#(" number number+ ")"             ; a max^n leaf:     #(1 2 6)
//!        | "(" "leaf" label value ")"          ; a labelled leaf:  (leaf b1 3)
//!        | "(" kind [ label ] [ eval ] child+ ")"  ; (max A (min 3 12 8) …)
//!        | "(" label [ eval ] child+ ")"       ; a labelled node, kind by alternation
//!        | "(" [ eval ] child+ ")"             ; a plain list, kind by alternation
//! eval   = "~" number                          ; a static evaluation: (min B ~6 1 9)
//! child  = node                                ; under a player node
//!        | "(" probability node ")"            ; under chance:     (1/2 10)
//! ```
//!
//! `;` starts a comment to the end of the line. The writer always writes the kind, labels
//! and static evaluations only where they were given, on one line.

use super::form::{check_label, eval_number, kind_keyword, read_number, read_probability, Builder};
use super::parse::ParseError;
use super::raw::PResult;
use super::{Kind, Tree};
use crate::game::MAX_PLAYERS;

/// Reads an S-expression tree.
pub(super) fn read(text: &str) -> Result<Tree, ParseError> {
    let mut r = Reader { text, src: text.as_bytes(), pos: 0, b: Builder::new(text) };
    match r.all() {
        Ok(()) => r.b.finish(),
        Err((pos, m)) => Err(r.b.error(pos, m)),
    }
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum Tok<'a> {
    Open,
    Vector,
    Close,
    Atom(&'a str),
    End,
}

struct Reader<'a> {
    text: &'a str,
    src: &'a [u8],
    pos: usize,
    b: Builder<'a>,
}

impl<'a> Reader<'a> {
    fn skip_ws(&mut self) {
        while let Some(&c) = self.src.get(self.pos) {
            match c {
                b' ' | b'\t' | b'\r' | b'\n' => self.pos += 1,
                b';' => {
                    while self.src.get(self.pos).is_some_and(|&c| c != b'\n') {
                        self.pos += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// The next token and where it starts, without consuming it.
    fn peek(&mut self) -> (Tok<'a>, usize) {
        self.skip_ws();
        let start = self.pos;
        let tok = match self.src.get(start) {
            None => Tok::End,
            Some(b'(') => Tok::Open,
            Some(b')') => Tok::Close,
            Some(b'#') if self.src.get(start + 1) == Some(&b'(') => Tok::Vector,
            Some(_) => {
                let mut end = start;
                while self
                    .src
                    .get(end)
                    .is_some_and(|&c| !matches!(c, b' ' | b'\t' | b'\r' | b'\n' | b'(' | b')' | b';'))
                {
                    end += 1;
                }
                Tok::Atom(&self.text[start..end])
            }
        };
        (tok, start)
    }

    fn advance(&mut self, tok: Tok<'a>) {
        self.pos += match tok {
            Tok::Open | Tok::Close => 1,
            Tok::Vector => 2,
            Tok::Atom(s) => s.len(),
            Tok::End => 0,
        };
    }

    fn describe(tok: Tok<'_>) -> String {
        match tok {
            Tok::Open => "'('".into(),
            Tok::Close => "')'".into(),
            Tok::Vector => "'#('".into(),
            Tok::Atom(s) => format!("'{s}'"),
            Tok::End => "the end of the text".into(),
        }
    }

    fn all(&mut self) -> PResult<()> {
        let (tok, at) = self.peek();
        if tok == Tok::End {
            return Err((at, "the text holds no tree: expected a number or '('".into()));
        }
        self.node(None, None)?;
        let (tok, at) = self.peek();
        if tok != Tok::End {
            return Err((
                at,
                format!(
                    "unexpected {} after the end of the tree (a tree is one node: put several inside '(…)')",
                    Self::describe(tok)
                ),
            ));
        }
        Ok(())
    }

    fn number(&self, s: &str, at: usize) -> PResult<f64> {
        match read_number(s) {
            Some(Ok(v)) => Ok(v),
            Some(Err(m)) => Err((at, m)),
            None => Err((at, format!("expected a number, found '{s}'"))),
        }
    }

    /// `#( … )` after the `#(`: the entries of a tuple.
    fn tuple(&mut self, open: usize) -> PResult<Vec<f64>> {
        let mut v = Vec::new();
        loop {
            let (tok, at) = self.peek();
            match tok {
                Tok::Close => {
                    self.advance(tok);
                    break;
                }
                Tok::Atom(s) => {
                    let x = self.number(s, at)?;
                    if v.len() == MAX_PLAYERS {
                        return Err((
                            at,
                            format!("a utility tuple has at most {MAX_PLAYERS} entries (one per player)"),
                        ));
                    }
                    v.push(x);
                    self.advance(tok);
                }
                _ => {
                    return Err((
                        at,
                        format!(
                            "expected a number or ')' in the utility tuple opened at {}, found {}",
                            self.b.where_is(open),
                            Self::describe(tok)
                        ),
                    ))
                }
            }
        }
        if v.len() < 2 {
            return Err((open, "a utility tuple needs at least 2 entries (one per player); a two-player leaf is a plain number".into()));
        }
        Ok(v)
    }

    /// A leaf value: a number or `#(…)`.
    fn value(&mut self, id: u32) -> PResult<()> {
        let (tok, at) = self.peek();
        match tok {
            Tok::Atom(s) => {
                let v = self.number(s, at)?;
                self.advance(tok);
                self.b.leaf(id, at, &[v])
            }
            Tok::Vector => {
                self.advance(tok);
                let v = self.tuple(at)?;
                self.b.leaf(id, at, &v)
            }
            _ => Err((
                at,
                format!("expected a leaf's value (a number or '#(…)'), found {}", Self::describe(tok)),
            )),
        }
    }

    /// One node (a child of a chance node comes with its probability).
    fn node(&mut self, parent: Option<u32>, prob: Option<(f64, usize)>) -> PResult<u32> {
        let (tok, start) = self.peek();
        match tok {
            Tok::Atom(s) => {
                let id = self.b.node(start, parent, prob)?;
                if read_number(s).is_none() {
                    return Err((
                        start,
                        format!("expected a node (a number or '('), found '{s}' (a label goes inside the node's list: (max A …) or (leaf b1 3))"),
                    ));
                }
                self.value(id)?;
                Ok(id)
            }
            Tok::Vector => {
                let id = self.b.node(start, parent, prob)?;
                self.value(id)?;
                Ok(id)
            }
            Tok::Open => {
                let id = self.b.node(start, parent, prob)?;
                self.advance(tok);
                self.list(id, start)?;
                Ok(id)
            }
            _ => Err((start, format!("expected a node (a number or '('), found {}", Self::describe(tok)))),
        }
    }

    /// An optional `~v` after a list's kind and label: node `id`'s static evaluation (`~4`,
    /// or `~` and `4` apart).
    fn static_eval(&mut self, id: u32) -> PResult<()> {
        let (tok, at) = self.peek();
        let Tok::Atom(word) = tok else { return Ok(()) };
        let Some(rest) = word.strip_prefix('~') else { return Ok(()) };
        self.advance(tok);
        let (num, nat) = if rest.is_empty() {
            let (t2, at2) = self.peek();
            let Tok::Atom(w) = t2 else {
                return Err((
                    at2,
                    format!(
                        "expected a number after '~' (an inner node's static evaluation, as in (min B ~6 1 9)), found {}",
                        Self::describe(t2)
                    ),
                ));
            };
            self.advance(t2);
            (w, at2)
        } else {
            (rest, at + 1)
        };
        let v = eval_number(num).map_err(|m| (nat, m))?;
        self.b.eval(id, nat, v)
    }

    /// The inside of the list that opened at `open` for node `id`, up to its `)`.
    fn list(&mut self, id: u32, open: usize) -> PResult<()> {
        let (tok, at) = self.peek();
        if let Tok::Atom(word) = tok {
            if read_number(word).is_none() && !word.starts_with('~') {
                self.advance(tok);
                match kind_keyword(word) {
                    Some(Err(m)) => return Err((at, m)),
                    Some(Ok(kind)) => {
                        self.b.kind(id, kind);
                        let (t2, at2) = self.peek();
                        if let Tok::Atom(label) = t2 {
                            if read_number(label).is_none() && !label.starts_with('~') {
                                self.b.label(id, at2, label)?;
                                self.advance(t2);
                            }
                        }
                    }
                    None if word == "leaf" => {
                        let (t2, at2) = self.peek();
                        let Tok::Atom(label) = t2 else {
                            return Err((
                                at2,
                                format!(
                                    "expected the leaf's label after 'leaf', found {}",
                                    Self::describe(t2)
                                ),
                            ));
                        };
                        if read_number(label).is_some() {
                            return Err((at2, format!("expected the leaf's label after 'leaf', as in (leaf b1 3), found '{label}'")));
                        }
                        self.b.label(id, at2, label)?;
                        self.advance(t2);
                        self.value(id)?;
                        let (t3, at3) = self.peek();
                        if t3 != Tok::Close {
                            return Err((
                                at3,
                                format!("expected ')' to close the leaf, found {}", Self::describe(t3)),
                            ));
                        }
                        self.advance(t3);
                        return self.b.end(id, at3);
                    }
                    None => {
                        check_label(word).map_err(|m| {
                            (at, format!("{m} (a list starts with a kind, a label or a child)"))
                        })?;
                        self.b.label(id, at, word)?;
                    }
                }
            }
        }
        self.static_eval(id)?;
        let chance = self.b.is_chance(id);
        loop {
            let (tok, at) = self.peek();
            match tok {
                Tok::Close => {
                    self.advance(tok);
                    return self.b.end(id, at);
                }
                Tok::End => {
                    return Err((
                        at,
                        format!(
                        "expected a child or ')', found the end of the text (the '(' at {} is never closed)",
                        self.b.where_is(open)
                    ),
                    ))
                }
                _ if chance => {
                    if tok != Tok::Open {
                        return Err((
                            at,
                            format!(
                                "expected '(' before a chance node's child: each is (probability node), as in (1/2 10), found {}",
                                Self::describe(tok)
                            ),
                        ));
                    }
                    self.advance(tok);
                    let (pt, pat) = self.peek();
                    let Tok::Atom(ps) = pt else {
                        return Err((
                            pat,
                            format!("expected the child's probability, found {}", Self::describe(pt)),
                        ));
                    };
                    let p = read_probability(ps).map_err(|m| (pat, m))?;
                    self.advance(pt);
                    self.node(Some(id), Some((p, pat)))?;
                    let (ct, cat) = self.peek();
                    if ct != Tok::Close {
                        return Err((
                            cat,
                            format!("expected ')' after a chance node's child (one node per (probability node)), found {}", Self::describe(ct)),
                        ));
                    }
                    self.advance(ct);
                }
                _ => {
                    self.node(Some(id), None)?;
                }
            }
        }
    }
}

/// The tree as one S-expression line.
pub(super) fn write(t: &Tree) -> String {
    let mut out = String::new();
    write_node(t, 0, &mut out);
    out
}

fn write_node(t: &Tree, id: u32, out: &mut String) {
    let n = &t.nodes[id as usize];
    let chance_child = n.parent.is_some_and(|p| t.nodes[p as usize].kind == Kind::Chance);
    if chance_child {
        out.push('(');
        out.push_str(&super::write::fmt_probability(n.prob));
        out.push(' ');
    }
    if n.kind == Kind::Terminal {
        let nums = t.leaf_numbers(id);
        let value = if nums.len() == 1 { nums[0].clone() } else { format!("#({})", nums.join(" ")) };
        if n.label_given {
            out.push_str(&format!("(leaf {} {value})", n.label));
        } else {
            out.push_str(&value);
        }
    } else {
        out.push('(');
        out.push_str(&t.kind_name(id));
        if n.label_given {
            out.push(' ');
            out.push_str(&n.label);
        }
        if let Some(e) = n.eval {
            out.push_str(" ~");
            out.push_str(&super::write::fmt_number(e));
        }
        for &c in &n.children {
            out.push(' ');
            write_node(t, c, out);
        }
        out.push(')');
    }
    if chance_child {
        out.push(')');
    }
}
