//! The text format's writer: [`Tree::to_text`], which [`Tree::try_parse`] reads back into an
//! equal tree.

use super::{mover, player_kind, Kind, Tree};
use crate::decimal;

impl Tree {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tree::RandomTreeParams;
    use crate::rng::Rng;

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
