//! The benchmark rows of wide and big trees: a search recorded into a trace must take time
//! linear in the tree's size, whatever a node's number of children (a 100,000-child root
//! once took seconds: the recorder looked every child's action up with a linear scan).
//!
//! The trees are a synthetic game, `Uniform`: every internal node has `b` children, every
//! leaf sits at depth `d`, and a leaf's utility is a hash of its number (integers in
//! −100…100). Its root may be a chance node with equal probabilities.

use crate::bench::{best_of, Row};
use plyground::game::{IllegalAction, Player, ToMove};
use plyground::search::minimax::minimax;
use plyground::trace::Recorder;
use plyground::Game;

/// `b` children per node, leaves at depth `d`; the root is a chance node if `chance_root`.
#[derive(Copy, Clone)]
pub struct Uniform {
    pub b: u32,
    pub d: u8,
    pub chance_root: bool,
}

/// (depth, number): the root is (0, 0), child `a` of (k, n) is (k + 1, n·b + a).
type State = (u8, u64);

impl Game for Uniform {
    type State = State;
    type Action = u32;

    fn initial_state(&self) -> State {
        (0, 0)
    }

    fn player(&self, s: &State) -> ToMove {
        match s.0 {
            0 if self.chance_root => ToMove::Chance,
            k => ToMove::Player(Player(k % 2)),
        }
    }

    fn actions(&self, s: &State, out: &mut Vec<u32>) {
        if s.0 < self.d {
            out.extend(0..self.b);
        }
    }

    fn result(&self, s: &State, a: u32) -> State {
        (s.0 + 1, s.1 * self.b as u64 + a as u64)
    }

    fn try_result(&self, s: &State, a: u32) -> Result<State, IllegalAction> {
        if s.0 < self.d && a < self.b {
            Ok(self.result(s, a))
        } else {
            Err(IllegalAction::new(format!("no move {a}")))
        }
    }

    fn is_terminal(&self, s: &State) -> bool {
        s.0 >= self.d
    }

    fn utility(&self, s: &State, p: Player) -> f64 {
        let mut x = s.1.wrapping_add(0x9e37_79b9_7f4a_7c15);
        x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        let u = ((x ^ (x >> 31)) % 201) as f64 - 100.0;
        if p == Player::MAX {
            u
        } else {
            -u
        }
    }

    fn utility_range(&self) -> (f64, f64) {
        (-100.0, 100.0)
    }

    fn chance_outcomes(&self, s: &State, out: &mut Vec<(u32, f64)>) {
        if self.player(s) == ToMove::Chance {
            let p = 1.0 / self.b as f64;
            out.extend((0..self.b).map(|a| (a, p)));
        }
    }
}

/// Minimax (expectiminimax at a chance root) recorded into a trace with no node cap: the
/// events recorded.
fn record(g: &Uniform) -> usize {
    let s = g.initial_state();
    let mut rec = Recorder::new(g, s).with_node_cap(usize::MAX);
    minimax(g, &s, &mut rec);
    rec.finish().len()
}

/// The rows: a 100,000-child root (MAX, then chance) and a 100,000-leaf tree 5 deep
/// (10 children per node, 111,111 nodes), each searched in full by minimax while a recorder
/// traces it: search and recording together.
pub fn rows(reps: usize) -> Vec<Row> {
    let cases = [
        (
            "wide root, traced",
            Uniform { b: 100_000, d: 1, chance_root: false },
            "minimax, a MAX root with 100,000 leaves",
        ),
        (
            "wide chance root, traced",
            Uniform { b: 100_000, d: 1, chance_root: true },
            "expectiminimax, a chance root with 100,000 leaves",
        ),
        (
            "deep tree, traced",
            Uniform { b: 10, d: 5, chance_root: false },
            "minimax, 100,000 leaves 5 deep (b = 10)",
        ),
    ];
    cases
        .iter()
        .map(|(name, g, what)| {
            let (t, events) = best_of(reps, || record(g));
            Row {
                name: (*name).into(),
                value: t * 1e3,
                unit: "ms",
                check: events.to_string(),
                note: format!("{what}: search + recording, {events} events"),
            }
        })
        .collect()
}
