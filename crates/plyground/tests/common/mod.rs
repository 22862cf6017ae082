//! Oracles shared by the property suites: the definitions of minimax, expectiminimax and max^n
//! written directly on the tree's accessors, independent of the search code they check.

use plyground::game::MAX_PLAYERS;
use plyground::games::tree::{Kind, Tree};

/// Depth argument of [`oracle`] meaning "the whole tree".
pub const WHOLE: u32 = u32::MAX;

/// The value of `id` cut off `d` plies below it with EVAL = 0 there (H-MINIMAX with `NoEval`),
/// or of the whole subtree when `d` is [`WHOLE`]: utility, max, min, or the
/// probability-weighted mean. Two-player trees only.
pub fn oracle(t: &Tree, id: u32, d: u32) -> f64 {
    let n = t.node(id).unwrap();
    if n.kind() == Kind::Terminal {
        return n.value().unwrap();
    }
    if d == 0 {
        return 0.0;
    }
    let next = if d == WHOLE { d } else { d - 1 };
    let vals = n.children().iter().map(|&c| oracle(t, c, next));
    match n.kind() {
        Kind::Max => vals.fold(f64::NEG_INFINITY, f64::max),
        Kind::Min => vals.fold(f64::INFINITY, f64::min),
        Kind::Chance => {
            n.children().iter().fold(0.0, |s, &c| s + t.probability(c).unwrap() * oracle(t, c, next))
        }
        _ => unreachable!("two-player tree"),
    }
}

/// max^n by the definition: the mover takes the leftmost child best for itself; chance nodes
/// average the vectors.
pub fn maxn_oracle(t: &Tree, id: u32) -> [f64; MAX_PLAYERS] {
    let n = t.node(id).unwrap();
    match n.kind() {
        Kind::Terminal => n.utilities().unwrap(),
        Kind::Chance => {
            let mut sum = [0.0; MAX_PLAYERS];
            for &c in n.children() {
                let (u, p) = (maxn_oracle(t, c), t.probability(c).unwrap());
                for k in 0..MAX_PLAYERS {
                    sum[k] += p * u[k];
                }
            }
            sum
        }
        k => {
            let p = match k {
                Kind::Player(p) => p as usize,
                Kind::Max => 0,
                _ => 1,
            };
            let mut best: Option<[f64; MAX_PLAYERS]> = None;
            for &c in n.children() {
                let u = maxn_oracle(t, c);
                if best.is_none_or(|b| u[p] > b[p]) {
                    best = Some(u);
                }
            }
            best.unwrap()
        }
    }
}
