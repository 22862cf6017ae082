//! Nodes as the parser and the generator write them, and [`finish`]: kinds resolved by the
//! alternation rule, AIMA-style labels generated, the utility range computed.

use super::{leaf_range, mover, player_kind, Kind, Node, Tree, PROBABILITY_TOLERANCE};
use crate::game::{Player, ToMove, Utilities, MAX_PLAYERS};
use crate::search::alphabeta::sort_keys;

/// A node kind as written in the text (resolved against the tree's players afterwards).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Declared {
    Max,
    Min,
    Chance,
    Player(u8),
}

/// A node as parsed, before kinds and labels are resolved.
pub(super) struct Raw {
    /// Byte offset of the node in the text (for errors found after parsing).
    pub(super) pos: usize,
    pub(super) declared: Option<Declared>,
    pub(super) label: Option<String>,
    pub(super) parent: Option<u32>,
    pub(super) index: u32,
    pub(super) children: Vec<u32>,
    pub(super) prob: f64,
    pub(super) depth: u32,
    /// Some for leaves: the utilities (number leaves: `[v, −v, 0, 0]`).
    pub(super) leaf: Option<Utilities>,
    /// An inner node's static evaluation as written (`B~4[…]`), to MAX.
    pub(super) eval: Option<f64>,
}

impl Raw {
    /// A node as first met (by the reader at byte `pos`, or by the generator at 0): no kind,
    /// label, children or utilities yet.
    pub(super) fn new(pos: usize, parent: Option<u32>, index: u32, prob: f64, depth: u32) -> Raw {
        Raw {
            pos,
            declared: None,
            label: None,
            parent,
            index,
            children: Vec::new(),
            prob,
            depth,
            leaf: None,
            eval: None,
        }
    }
}

pub(super) type PResult<T> = Result<T, (usize, String)>;

/// Checks that the probabilities of chance node `id`'s children sum to 1 (within
/// [`PROBABILITY_TOLERANCE`]); the error is at the node, `where_is` naming its place in the
/// text ("line L, column C"). One check for every text form.
pub(super) fn check_probabilities(raw: &[Raw], id: u32, where_is: impl Fn(usize) -> String) -> PResult<()> {
    let r = &raw[id as usize];
    let sum: f64 = r.children.iter().map(|&c| raw[c as usize].prob).sum();
    if (sum - 1.0).abs() > PROBABILITY_TOLERANCE {
        return Err((
            r.pos,
            format!(
                "the probabilities of the chance node at {} sum to {}, not 1",
                where_is(r.pos),
                crate::decimal::display(sum)
            ),
        ));
    }
    Ok(())
}

/// Resolves kinds (alternation rule), generates labels and computes the utility range.
/// `tuples` is the tuple length, or None for number leaves.
pub(super) fn finish(raw: Vec<Raw>, tuples: Option<u8>) -> PResult<Tree> {
    let n = tuples.unwrap_or(2);
    let is_tuples = tuples.is_some();
    let mut nodes: Vec<Node> = Vec::with_capacity(raw.len());
    // The "last player who moved" each node passes to its children.
    let mut passes: Vec<u8> = Vec::with_capacity(raw.len());
    // The generated labels the text already uses (A, B, … AA: a label `letters` could give),
    // by number, sorted for binary search (a sorted Vec, not a HashSet: hashing would add
    // hashbrown and SipHash to the wasm; the searches' one sort of keys, not a sort of
    // strings of its own).
    let mut given: Vec<(i64, u32)> = Vec::new();
    for r in raw {
        if let (Some(_), true) = (r.eval, is_tuples) {
            return Err((
                r.pos,
                format!(
                    "a static evaluation '~v' is one number to MAX, for two-player trees with number leaves; \
                     this tree has {n}-player utility tuples"
                ),
            ));
        }
        // Parents precede children, so their entries already exist.
        let received = r.parent.map_or(n - 1, |p| passes[p as usize]);
        let next = (received + 1) % n;
        let kind = if r.leaf.is_some() {
            Kind::Terminal
        } else {
            match r.declared {
                None => player_kind(is_tuples, next),
                Some(Declared::Chance) => Kind::Chance,
                Some(Declared::Max | Declared::Min) if is_tuples => {
                    return Err((
                        r.pos,
                        format!(
                            "'max' and 'min' are for two-player trees with number leaves; this tree has \
                             {n}-player utility tuples, so write p0…p{} for the player to move",
                            n - 1
                        ),
                    ))
                }
                Some(Declared::Max) => Kind::Max,
                Some(Declared::Min) => Kind::Min,
                Some(Declared::Player(p)) if p >= n => {
                    let players = if is_tuples {
                        format!("this tree has {n} players, p0…p{}", n - 1)
                    } else {
                        "a tree with number leaves has two players, p0 (MAX) and p1 (MIN)".to_string()
                    };
                    return Err((r.pos, format!("there is no player p{p}: {players}")));
                }
                Some(Declared::Player(p)) => player_kind(is_tuples, p),
            }
        };
        let to_move = match kind {
            Kind::Chance => ToMove::Chance,
            Kind::Terminal => ToMove::Player(Player(next)),
            k => ToMove::Player(Player(mover(k).unwrap_or(0))),
        };
        passes.push(mover(kind).unwrap_or(received));
        if let Some(k) = r.label.as_deref().and_then(letters_number) {
            given.push((k, given.len() as u32));
        }
        nodes.push(Node {
            kind,
            to_move,
            label_given: r.label.is_some(),
            label: r.label.unwrap_or_default(),
            parent: r.parent,
            index: r.index,
            children: r.children,
            prob: r.prob,
            depth: r.depth,
            utilities: r.leaf.unwrap_or([0.0; MAX_PLAYERS]),
            eval: r.eval,
        });
    }
    sort_keys(&mut given);
    // AIMA-style labels, breadth-first: letters for internal nodes, edge names for leaves.
    let mut queue = vec![0u32];
    let mut head = 0;
    let mut letter = 0usize;
    while head < queue.len() {
        let id = queue[head] as usize;
        head += 1;
        queue.extend_from_slice(&nodes[id].children);
        if nodes[id].label_given {
            continue;
        }
        let label = match nodes[id].parent {
            Some(p) if nodes[id].kind == Kind::Terminal => {
                format!("{}{}", nodes[p as usize].label.to_ascii_lowercase(), nodes[id].index + 1)
            }
            _ => loop {
                let k = letter as i64;
                letter += 1;
                if given.binary_search_by_key(&k, |&(g, _)| g).is_err() {
                    break letters(k as usize);
                }
            },
        };
        nodes[id].label = label;
    }
    let range = leaf_range(&nodes, is_tuples, n);
    Ok(Tree { nodes, players: n, tuples: is_tuples, range })
}

/// 0 → A, 25 → Z, 26 → AA, 27 → AB, … (bijective base 26, as spreadsheet columns).
fn letters(mut k: usize) -> String {
    let mut s = Vec::new();
    loop {
        s.push(b'A' + (k % 26) as u8);
        if k < 26 {
            break;
        }
        k = k / 26 - 1;
    }
    s.reverse();
    String::from_utf8(s).unwrap_or_default()
}

/// The number `letters` gives `l` for ("AB" → 27), None for a label it never gives.
fn letters_number(l: &str) -> Option<i64> {
    if l.is_empty() || l.len() > 12 || !l.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    Some(l.bytes().fold(0i64, |k, b| k * 26 + i64::from(b - b'A') + 1) - 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Game;

    #[test]
    fn letters_number_inverts_letters() {
        for k in (0..2000).chain([18_277, 18_278, 475_253, 475_254]) {
            assert_eq!(letters_number(&letters(k)), Some(k as i64), "{k}");
        }
        for l in ["", "a1", "Ab", "A1", "ÄB", "ABCDEFGHIJKLM"] {
            assert_eq!(letters_number(l), None, "{l}");
        }
    }

    #[test]
    fn figure_5_2_gets_aima_labels_and_alternating_kinds() {
        let t = Tree::try_parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        assert_eq!(t.node_count(), 13);
        let labels: Vec<&str> = t.nodes().iter().map(Node::label).collect();
        assert_eq!(labels, ["A", "B", "b1", "b2", "b3", "C", "c1", "c2", "c3", "D", "d1", "d2", "d3"]);
        assert_eq!(t.kind(0), Some(Kind::Max));
        assert_eq!(t.kind(1), Some(Kind::Min));
        assert_eq!(t.kind(2), Some(Kind::Terminal));
        assert_eq!(t.player(&2), ToMove::Player(Player::MAX));
        assert_eq!(t.action_name(&0, 2), "a3");
        assert_eq!(t.action_name(&9, 0), "d1");
        assert_eq!(t.value(3), Some(12.0));
        assert_eq!(t.utility(&3, Player::MIN), -12.0);
        assert_eq!(t.utility_range(), (2.0, 14.0));
        assert_eq!(t.path_text(7), "1.1");
        assert_eq!(t.node_at_path(&[1, 1]), Some(7));
        assert_eq!(t.height(), 2);
        assert_eq!(t.leaves().count(), 9);
    }

    #[test]
    fn generated_letters_skip_given_labels() {
        let t = Tree::try_parse("[B[1,2],[3,4]]").unwrap();
        assert_eq!(t.label(0), Some("A"));
        assert_eq!(t.label(1), Some("B"));
        assert_eq!(t.label(4), Some("C"));
        assert_eq!(letters(25), "Z");
        assert_eq!(letters(26), "AA");
        assert_eq!(letters(27), "AB");
        assert_eq!(letters(26 + 26 * 26), "AAA");
    }

    #[test]
    fn alternation_under_explicit_and_chance_nodes() {
        // A plain list under a chance node is the opponent of the player above the chance node.
        let t = Tree::try_parse("[chance[0.5: [1, 2], 0.5: 3], min[[4]], max[[5]]]").unwrap();
        assert_eq!(t.kind(0), Some(Kind::Max));
        assert_eq!(t.kind(1), Some(Kind::Chance));
        assert_eq!(t.kind(2), Some(Kind::Min));
        assert_eq!(t.kind(6), Some(Kind::Min));
        assert_eq!(t.kind(7), Some(Kind::Max));
        assert_eq!(t.kind(9), Some(Kind::Max));
        assert_eq!(t.kind(10), Some(Kind::Min));
        // A chance root: its plain children are MAX.
        let t = Tree::try_parse("chance[1/2: [1, 2], 1/2: [3]]").unwrap();
        assert_eq!(t.kind(1), Some(Kind::Max));
        let mut out = Vec::new();
        t.chance_outcomes(&0, &mut out);
        assert_eq!(out, [(0, 0.5), (1, 0.5)]);
    }

    #[test]
    fn three_player_tree_uses_depth_mod_n_and_markers() {
        let t = Tree::try_parse("[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]").unwrap();
        assert_eq!((t.players(), t.has_tuples()), (3, true));
        assert_eq!(t.kind(0), Some(Kind::Player(0)));
        assert_eq!(t.kind(1), Some(Kind::Player(1)));
        assert_eq!(t.utility(&2, Player(2)), 6.0);
        assert_eq!(t.utility_range(), (1.0, 7.0));
        let t = Tree::try_parse("p2[p2[(1,2,6)], [(4,2,3)]]").unwrap();
        assert_eq!(t.kind(0), Some(Kind::Player(2)));
        assert_eq!(t.kind(1), Some(Kind::Player(2)));
        assert_eq!(t.kind(3), Some(Kind::Player(0)));
        assert_eq!(t.to_text(), "p2[p2[(1, 2, 6)], [(4, 2, 3)]]");
        // p0/p1 in a two-player tree are MAX/MIN.
        let t = Tree::try_parse("p1[p1[1], 2]").unwrap();
        assert_eq!((t.kind(0), t.kind(1)), (Some(Kind::Min), Some(Kind::Min)));
        assert_eq!(t.to_text(), "min[min[1], 2]");
    }
}
