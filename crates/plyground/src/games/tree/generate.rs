//! Trees made by the program: the move-ordering lesson's uniform trees ([`Tree::try_uniform`])
//! and random trees for property tests ([`Tree::random`]).

use super::raw::{finish, Declared, Raw};
use super::{Tree, MAX_DEPTH, MAX_NODES};
use crate::game::MAX_PLAYERS;
use crate::rng::Rng;

/// The shape of the trees [`Tree::random`] draws.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct RandomTreeParams {
    /// No leaf deeper than this (capped at [`MAX_DEPTH`]).
    pub max_depth: u32,
    /// The fewest children of an internal node (at least 1).
    pub min_children: u32,
    /// The most children of an internal node.
    pub max_children: u32,
    /// Leaf utilities are integers in `min_value..=max_value` (a small range gives many ties).
    pub min_value: i32,
    /// See `min_value`.
    pub max_value: i32,
    /// The chance that a node above `max_depth` is a leaf anyway (never the root).
    pub leaf_probability: f64,
    /// The chance that an internal node is a chance node (random probabilities).
    pub chance_probability: f64,
    /// The chance that a player node gets a random explicit kind instead of alternating
    /// (MAX twice in a row, and so on).
    pub explicit_kind_probability: f64,
    /// 2: number leaves (zero-sum); 3 or 4: utility tuples.
    pub players: u8,
}

impl Default for RandomTreeParams {
    fn default() -> Self {
        RandomTreeParams {
            max_depth: 4,
            min_children: 1,
            max_children: 3,
            min_value: -5,
            max_value: 5,
            leaf_probability: 0.1,
            chance_probability: 0.0,
            explicit_kind_probability: 0.0,
            players: 2,
        }
    }
}

impl Tree {
    /// The uniform tree of the move-ordering lesson: `b` children everywhere, depth `m`, the
    /// b^m leaves a seeded shuffle of 0 … b^m − 1 (all distinct, so Knuth and Moore's minimum
    /// b^⌈m/2⌉ + b^⌊m/2⌋ − 1 for perfect ordering applies exactly). At most 65,536 leaves.
    pub fn try_uniform(b: u32, m: u32, seed: u64) -> Result<Tree, String> {
        let leaves = (b as u64).checked_pow(m).filter(|&n| (1..=65_536).contains(&n) && b >= 1);
        let Some(n) = leaves else {
            return Err(format!("uniform tree {b},{m}: b^m must be between 1 and 65,536 leaves"));
        };
        let mut vals: Vec<u64> = (0..n).collect();
        Rng::new(seed).shuffle(&mut vals);
        let mut vals = vals.into_iter();
        // Written as text and parsed, so the result is exactly what a user typing it gets.
        let mut text = String::with_capacity(n as usize * 7);
        let mut stack: Vec<(u32, u32)> = vec![(m, 0)]; // (levels below, children written)
        while let Some(&mut (below, ref mut done)) = stack.last_mut() {
            if below == 0 {
                text.push_str(&vals.next().unwrap_or(0).to_string());
                stack.pop();
                continue;
            }
            if *done == b {
                text.push(']');
                stack.pop();
                continue;
            }
            text.push(if *done == 0 { '[' } else { ',' });
            *done += 1;
            stack.push((below - 1, 0));
        }
        Tree::try_parse(&text).map_err(|e| e.message)
    }

    /// A random tree for property tests (reproducible from the generator's seed).
    pub fn random(rng: &mut Rng, params: &RandomTreeParams) -> Tree {
        let mut p = *params;
        p.max_depth = p.max_depth.min(MAX_DEPTH);
        p.min_children = p.min_children.clamp(1, 1000);
        p.max_children = p.max_children.clamp(p.min_children, 1000);
        p.max_value = p.max_value.max(p.min_value);
        p.players = p.players.clamp(2, MAX_PLAYERS as u8);
        let mut g = Generator { rng, p, raw: Vec::new(), promised: 1 };
        g.node(None, 0, 0, 1.0);
        let tuples = (p.players > 2).then_some(p.players);
        match finish(g.raw, tuples) {
            Ok(t) => t,
            // The generator only writes what the parser accepts; a failure here is a bug.
            Err((_, m)) => unreachable!("random tree rejected: {m}"),
        }
    }
}

/// Builds random raw trees for [`Tree::random`].
struct Generator<'r> {
    rng: &'r mut Rng,
    p: RandomTreeParams,
    raw: Vec<Raw>,
    /// Nodes created plus nodes promised to parents but not yet created (≤ MAX_NODES).
    promised: usize,
}

impl Generator<'_> {
    fn node(&mut self, parent: Option<u32>, index: u32, depth: u32, prob: f64) -> u32 {
        let id = self.raw.len() as u32;
        let p = self.p;
        let early = depth > 0 && self.rng.unit_f64() < p.leaf_probability;
        let k = p.min_children + self.rng.below(p.max_children - p.min_children + 1);
        let leaf = depth >= p.max_depth || early || self.promised + k as usize > MAX_NODES;
        let mut r = Raw::new(0, parent, index, prob, depth);
        if leaf {
            let mut u = [0.0; MAX_PLAYERS];
            let span = (p.max_value as i64 - p.min_value as i64 + 1) as u64;
            let players = if p.players > 2 { p.players as usize } else { 1 };
            for slot in u.iter_mut().take(players) {
                *slot = (p.min_value as i64 + (self.rng.next_u64() % span) as i64) as f64;
            }
            if players == 1 {
                u[1] = -u[0];
            }
            r.leaf = Some(u);
            self.raw.push(r);
            return id;
        }
        if self.rng.unit_f64() < p.chance_probability {
            r.declared = Some(Declared::Chance);
        } else if self.rng.unit_f64() < p.explicit_kind_probability {
            r.declared = Some(match p.players {
                2 if self.rng.below(2) == 0 => Declared::Max,
                2 => Declared::Min,
                n => Declared::Player(self.rng.below(n as u32) as u8),
            });
        }
        let chance = r.declared == Some(Declared::Chance);
        self.raw.push(r);
        self.promised += k as usize;
        let weights: Vec<u32> = (0..k).map(|_| if chance { 1 + self.rng.below(4) } else { 1 }).collect();
        let total: u32 = weights.iter().sum();
        for (i, w) in weights.iter().enumerate() {
            let prob = if chance { *w as f64 / total as f64 } else { 1.0 };
            let c = self.node(Some(id), i as u32, depth + 1, prob);
            self.raw[id as usize].children.push(c);
        }
        id
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::tree::Kind;

    #[test]
    fn random_trees_respect_their_parameters() {
        let mut rng = Rng::new(3);
        let params =
            RandomTreeParams { max_depth: 6, min_children: 2, max_children: 4, ..Default::default() };
        for _ in 0..100 {
            let t = Tree::random(&mut rng, &params);
            assert!(t.height() <= 6);
            for n in t.nodes() {
                assert!(n.kind() == Kind::Terminal || (2..=4).contains(&n.children().len()));
                if let Some(v) = n.value() {
                    assert!((-5.0..=5.0).contains(&v) && v.fract() == 0.0);
                }
            }
        }
        let big = RandomTreeParams { max_depth: 64, min_children: 4, max_children: 4, ..Default::default() };
        let t = Tree::random(&mut rng, &big);
        assert!(t.node_count() <= MAX_NODES);
    }
}
