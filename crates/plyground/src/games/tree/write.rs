//! The text format's writer: [`Tree::to_text`], which [`Tree::try_parse`] reads back into an
//! equal tree.

use super::{mover, player_kind, Kind, Tree, MAX_TEXT_BYTES};
use crate::decimal;

impl Tree {
    /// The tree as text that [`Tree::try_parse`] reads back into an equal tree, whenever it
    /// fits in the parser's [`MAX_TEXT_BYTES`] ([`Tree::try_to_text`] refuses the rest).
    /// Kinds are written only where they differ from the alternation rule, labels only where
    /// they were given, every number in its shortest exact form: a probability as a fraction
    /// `a/b` when that is shorter (`1/99999`, not `1.000010000100001e-5`), a number with many
    /// zeros with an exponent when that saves at least three bytes (`1e9`, `25e-9`).
    ///
    /// No limit is checked here: a tree the parser reads back never has a longer text in
    /// practice (each number is written at most as long as the shortest text that means it,
    /// except a probability written as a quotient of two decimals, such as `0.1/0.3`, whose
    /// exact value has no short fraction), so a text over the limit can only come from such
    /// quotients or from a tree built in code.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        self.write_node(0, self.players - 1, ", ", &mut out);
        if out.len() > MAX_TEXT_BYTES {
            // Without the spaces after commas and colons (two bytes a node at most).
            out.clear();
            self.write_node(0, self.players - 1, ",", &mut out);
        }
        out
    }

    /// [`Tree::to_text`], or a clear error when the text would be longer than the
    /// [`MAX_TEXT_BYTES`] the parser reads (it would not read back): the guarantee is that an
    /// `Ok` text always parses back into an equal tree.
    pub fn try_to_text(&self) -> Result<String, String> {
        let text = self.to_text();
        if text.len() > MAX_TEXT_BYTES {
            return Err(format!(
                "the tree's text would take {} bytes, more than the {} (1 MiB) the tree parser reads",
                text.len(),
                MAX_TEXT_BYTES
            ));
        }
        Ok(text)
    }

    /// Writes node `id`; `sep` is ", " (readable) or "," (compact: then colons take no space
    /// either).
    fn write_node(&self, id: u32, context: u8, sep: &str, out: &mut String) {
        let n = &self.nodes[id as usize];
        if let Some(p) = n.parent {
            if self.nodes[p as usize].kind == Kind::Chance {
                out.push_str(&fmt_probability(n.prob));
                out.push_str(if sep.len() > 1 { ": " } else { ":" });
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
                out.push_str(&entries.join(sep));
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
        if let Some(e) = n.eval {
            out.push('~');
            out.push_str(&fmt_number(e));
        }
        out.push('[');
        let next = mover(n.kind).unwrap_or(context);
        for (i, &c) in n.children.iter().enumerate() {
            if i > 0 {
                out.push_str(sep);
            }
            self.write_node(c, next, sep, out);
        }
        out.push(']');
    }

    fn player_kind(&self, p: u8) -> Kind {
        player_kind(self.tuples, p)
    }
}

/// A number as the grammar reads it back exactly: integers plainly, others in the shortest
/// round-trip form; with an integer mantissa and an exponent (`1e9`, `25e-9`) instead when
/// that is at least three bytes shorter (so that a tree of large round values, written
/// `1e9` in a text near the parser's limit, does not come back three times longer).
pub(super) fn fmt_number(v: f64) -> String {
    shortened(v, 3)
}

/// `v` plainly, or in [`exponent_form`] when that saves at least `saving` bytes.
fn shortened(v: f64, saving: usize) -> String {
    let plain = if v.fract() == 0.0 && v.abs() < 1e15 { format!("{}", v as i64) } else { decimal::debug(v) };
    // Only a run of zeros can be saved (a cheap test first: most numbers have none).
    if !plain.contains("00") {
        return plain;
    }
    match exponent_form(v) {
        Some(e) if e.len() + saving <= plain.len() => e,
        _ => plain,
    }
}

/// `v` as `{sign}{D}e{E}` with D an integer without trailing zeros (None for 0 and
/// non-finite numbers, or if it would not read back as `v`).
fn exponent_form(v: f64) -> Option<String> {
    if v == 0.0 || !v.is_finite() {
        return None;
    }
    let text = decimal::debug(v);
    let (mantissa, exp) = match text.split_once('e') {
        Some((m, e)) => (m, e.parse::<i32>().ok()?),
        None => (text.as_str(), 0),
    };
    let unsigned = mantissa.trim_start_matches('-');
    let (int_part, frac_part) = unsigned.split_once('.').unwrap_or((unsigned, ""));
    let mut digits: String = format!("{int_part}{frac_part}");
    let mut e = exp - frac_part.len() as i32;
    let trimmed = digits.trim_start_matches('0').len();
    digits = digits[digits.len() - trimmed..].to_string();
    while digits.ends_with('0') {
        digits.pop();
        e += 1;
    }
    if digits.is_empty() {
        return None;
    }
    let sign = if v < 0.0 { "-" } else { "" };
    let out = if e == 0 { format!("{sign}{digits}") } else { format!("{sign}{digits}e{e}") };
    (decimal::parse(&out) == Some(v)).then_some(out)
}

/// A chance child's probability: [`fmt_number`], or the simplest fraction `a/b` that the
/// parser divides back to exactly the same number when that is shorter (`1/3`, `1/99999`).
pub(super) fn fmt_probability(p: f64) -> String {
    let number = fmt_number(p);
    match simplest_fraction(p) {
        Some((a, b)) => {
            let f = format!("{}/{}", shortened(a as f64, 1), shortened(b as f64, 1));
            if f.len() < number.len() {
                f
            } else {
                number
            }
        }
        None => number,
    }
}

/// The first convergent a/b of `p`'s continued fraction (0 < p < 1, b < 2^53) with
/// `a as f64 / b as f64 == p` exactly — how the parser reads `a/b` back.
fn simplest_fraction(p: f64) -> Option<(u64, u64)> {
    if !(p > 0.0 && p < 1.0) {
        return None;
    }
    const LIMIT: u64 = 1 << 53;
    let (mut h0, mut h1, mut k0, mut k1) = (0u64, 1u64, 1u64, 0u64);
    let mut x = p;
    for _ in 0..80 {
        let a = x.floor();
        if a.is_nan() || a >= LIMIT as f64 {
            return None;
        }
        let a = a as u64;
        let h = a.checked_mul(h1)?.checked_add(h0)?;
        let k = a.checked_mul(k1)?.checked_add(k0)?;
        if h >= LIMIT || k >= LIMIT {
            return None;
        }
        if k > 0 && h as f64 / k as f64 == p {
            return Some((h, k));
        }
        (h0, h1, k0, k1) = (h1, h, k1, k);
        let f = x - a as f64;
        if f <= 0.0 {
            return None;
        }
        x = 1.0 / f;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tree::RandomTreeParams;
    use crate::rng::Rng;

    #[test]
    fn numbers_are_written_short_and_read_back_exactly() {
        for (v, want) in [
            (3.0, "3"),
            (-4.0, "-4"),
            (1000.0, "1000"),
            (100000.0, "1e5"),
            (1e9, "1e9"),
            (-2.5e11, "-25e10"),
            (1e15, "1e15"),
            (0.5, "0.5"),
            (2.5, "2.5"),
            (-1e-7, "-1e-7"),
            (2.5e-8, "2.5e-8"),
            (2.5e-12, "2.5e-12"),
            (0.1 + 0.2, "0.30000000000000004"),
        ] {
            assert_eq!(fmt_number(v), want, "{v}");
            assert_eq!(decimal::parse(want), Some(v), "{want}");
        }
        for (text, want) in [
            ("1/3", "1/3"),
            ("1/99999", "1/99999"),
            ("2/6", "1/3"),
            ("0.5", "0.5"),
            ("1/4", "1/4"),
            ("0.25", "1/4"),
            ("1/3e4", "1/3e4"),
            ("1/100000", "1e-5"),
            ("1", "1"),
            ("0", "0"),
        ] {
            let (a, b) = text.split_once('/').unwrap_or((text, "1"));
            let p = decimal::parse(a).unwrap() / decimal::parse(b).unwrap();
            assert_eq!(fmt_probability(p), want, "{text}");
        }
    }

    /// The fuzzer's find: a chance node with 99,999 children at `1/99999` was written back
    /// as `1.000010000100001e-5: 3` each (about 2.4 MB), over the parser's 1 MiB limit.
    #[test]
    fn a_wide_chance_node_written_back_fits_the_parser() {
        let n = 99_999;
        let text = format!("chance[{}]", vec!["1/99999:3"; n].join(","));
        assert!(text.len() <= MAX_TEXT_BYTES);
        let t = Tree::try_parse(&text).unwrap();
        let back = t.try_to_text().unwrap();
        assert_eq!(back.len(), text.len());
        assert_eq!(Tree::try_parse(&back).unwrap(), t);
        // Large round utilities too.
        let text = format!("[{}]", vec!["1e9"; 99_999].join(","));
        let t = Tree::try_parse(&text).unwrap();
        let back = t.try_to_text().unwrap();
        assert_eq!(Tree::try_parse(&back).unwrap(), t);
    }

    #[test]
    fn a_text_over_the_parser_limit_is_refused_with_the_reason() {
        // `.1/.3` is 0.33333333333333337, whose simplest exact fraction is beyond 2^53: it is
        // written as 19 digits. 24,000 such chance nodes fit the parser (792 KB) but not
        // written back (1.7 MB): `try_to_text` refuses, naming the sizes.
        let node = "chance[.1/.3:0,.1/.3:0,.1/.3:0]";
        assert_eq!(fmt_probability(0.1 / 0.3), "0.33333333333333337");
        let text = format!("[{}]", vec![node; 24_000].join(","));
        assert!(text.len() <= MAX_TEXT_BYTES);
        let t = Tree::try_parse(&text).unwrap();
        let written = t.to_text();
        assert!(written.len() > MAX_TEXT_BYTES);
        assert_eq!(
            t.try_to_text(),
            Err(format!(
                "the tree's text would take {} bytes, more than the 1048576 (1 MiB) the tree parser reads",
                written.len()
            ))
        );
        // A few of them round trip.
        let t = Tree::try_parse(&format!("[{}]", [node; 3].join(","))).unwrap();
        assert_eq!(Tree::try_parse(&t.try_to_text().unwrap()).unwrap(), t);
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
}
