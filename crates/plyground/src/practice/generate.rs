//! The constrained generator: seeded trees in the tree grammar, drawn until the constraints
//! hold (checked with the real searches), within [`MAX_ATTEMPTS`] draws.

use super::{Exercise, ExerciseOptions, Task};
use crate::games::tree::{Kind, Tree};
use crate::rng::Rng;
use crate::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use crate::search::maxn::maxn_values;
use crate::search::TieRule;
use crate::trace::Recorder;

use crate::limits::{
    EXERCISE_BRANCHING, EXERCISE_DEPTH, EXERCISE_MAX_ABS_VALUE, EXERCISE_MAX_C, EXERCISE_MAX_CUTOFFS,
};
pub use crate::limits::{GENERATE_MAX_ATTEMPTS as MAX_ATTEMPTS, MAX_GENERATED_LEAVES};

/// A difficulty preset: a named set of generator parameters per task.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Difficulty {
    /// Small trees, one idea at a time.
    Easy,
    /// The size of an exam question (the default).
    Exam,
    /// Deeper trees, ties that matter.
    Hard,
}

impl Difficulty {
    /// `easy`, `exam`, `hard`.
    pub fn id(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Exam => "exam",
            Difficulty::Hard => "hard",
        }
    }

    /// Parses `easy` / `exam` / `hard`.
    pub fn try_parse(s: &str) -> Result<Difficulty, String> {
        match s {
            "easy" => Ok(Difficulty::Easy),
            "exam" => Ok(Difficulty::Exam),
            "hard" => Ok(Difficulty::Hard),
            _ => Err(format!("unknown difficulty '{s}' (expected easy, exam or hard)")),
        }
    }
}

/// What to generate. Every leaf is at depth `depth`.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct GenParams {
    /// Levels below the root (1–6).
    pub depth: u32,
    /// The fewest children of an inner node (1–5).
    pub min_branching: u32,
    /// The most children of an inner node (min–5).
    pub max_branching: u32,
    /// Leaf values are drawn from `min_value..=max_value` (−1000–1000).
    pub min_value: i32,
    /// See `min_value`.
    pub max_value: i32,
    /// One decimal (3.5) instead of integers.
    pub decimals: bool,
    /// Chance nodes on every other level (MAX, chance, MIN, chance, …), probabilities k/n.
    pub chance: bool,
    /// 2 (number leaves), or 3–4 (utility tuples, task maxn).
    pub players: u8,
    /// At least this many α-β cutoffs that prune something (under `tie`).
    pub cutoffs: u32,
    /// Exactly one root child has the best value (MCTS: exactly one largest UCB1, by at
    /// least 0.01).
    pub unique_best: bool,
    /// The strict and the non-strict rule prune different edges.
    pub tie_sensitive: bool,
    /// Children in the worst order for α-β (worst for the mover first), and α-β prunes
    /// nothing in that order.
    pub worst_order: bool,
    /// The tie rule of the α-β constraints and of the exercise.
    pub tie: TieRule,
    /// MCTS: C.
    pub c: f64,
}

impl Default for GenParams {
    fn default() -> Self {
        GenParams::preset(Task::AlphaBetaLeaves, Difficulty::Exam)
    }
}

impl GenParams {
    /// The preset for a task and difficulty.
    pub fn preset(task: Task, d: Difficulty) -> GenParams {
        let mut p = GenParams {
            depth: 3,
            min_branching: 2,
            max_branching: 3,
            min_value: 0,
            max_value: 9,
            decimals: false,
            chance: false,
            players: 2,
            cutoffs: 0,
            unique_best: true,
            tie_sensitive: false,
            worst_order: false,
            tie: TieRule::NonStrict,
            c: std::f64::consts::SQRT_2,
        };
        let (depth, lo, hi) = match d {
            Difficulty::Easy => (2, 2, 3),
            Difficulty::Exam => (3, 2, 3),
            Difficulty::Hard => (4, 2, 3),
        };
        (p.depth, p.min_branching, p.max_branching) = (depth, lo, hi);
        match task {
            Task::Minimax => {
                p.max_value = if d == Difficulty::Easy { 9 } else { 20 };
                if d == Difficulty::Hard {
                    p.min_value = -20;
                }
            }
            Task::AlphaBetaLeaves | Task::AlphaBetaFull => {
                p.cutoffs = match d {
                    Difficulty::Easy => 1,
                    Difficulty::Exam => 2,
                    Difficulty::Hard => 3,
                };
                p.tie_sensitive = d == Difficulty::Hard;
                if d == Difficulty::Hard {
                    p.depth = 3;
                }
            }
            Task::Expectiminimax => {
                p.chance = true;
                p.max_branching = 2;
                p.depth = match d {
                    Difficulty::Easy => 2,
                    Difficulty::Exam => 3,
                    Difficulty::Hard => 4,
                };
                p.decimals = d == Difficulty::Hard;
                p.min_value = if d == Difficulty::Easy { 0 } else { -10 };
                p.max_value = 10;
            }
            Task::MaxN => {
                p.players = 3;
                p.max_branching = if d == Difficulty::Hard { 3 } else { 2 };
                p.depth = if d == Difficulty::Easy { 2 } else { 3 };
            }
            Task::Mcts => {
                p.min_value = -1;
                p.max_value = 1;
                p.depth = if d == Difficulty::Hard { 3 } else { 2 };
                p.max_branching = if d == Difficulty::Easy { 2 } else { 3 };
            }
            Task::Ordering => {
                p.worst_order = true;
                p.max_value = 20;
                (p.depth, p.min_branching, p.max_branching) = match d {
                    Difficulty::Easy => (2, 2, 3),
                    Difficulty::Exam => (3, 2, 2),
                    Difficulty::Hard => (4, 2, 2),
                };
            }
        }
        p
    }

    /// Checks the parameters for `task`; the error names the parameter and the reason.
    pub fn check(&self, task: Task) -> Result<(), String> {
        let (d0, d1) = EXERCISE_DEPTH;
        if !(d0..=d1).contains(&self.depth) {
            return Err(format!("depth must be {d0}–{d1}, got {}", self.depth));
        }
        let (b0, b1) = EXERCISE_BRANCHING;
        if self.min_branching < b0 || self.max_branching > b1 || self.min_branching > self.max_branching {
            return Err(format!(
                "branching must be {b0}–{b1} (a number or a range like 2-3), got {}-{}",
                self.min_branching, self.max_branching
            ));
        }
        let leaves = (self.max_branching as u64).pow(self.depth);
        if leaves > MAX_GENERATED_LEAVES {
            return Err(format!(
                "depth {} with up to {} children gives up to {leaves} leaves; generated trees have at most {MAX_GENERATED_LEAVES}",
                self.depth, self.max_branching
            ));
        }
        let v = EXERCISE_MAX_ABS_VALUE;
        if self.min_value < -v || self.max_value > v || self.min_value > self.max_value {
            return Err(format!(
                "values must be a range within -{v}..{v}, got {}..{}",
                self.min_value, self.max_value
            ));
        }
        if !self.c.is_finite() || !(0.0..=EXERCISE_MAX_C).contains(&self.c) {
            return Err(format!(
                "c must be a number from 0 to {EXERCISE_MAX_C}, got {}",
                crate::decimal::display(self.c)
            ));
        }
        match task {
            Task::MaxN if !(3..=4).contains(&self.players) => {
                return Err(format!("task maxn needs 3 or 4 players, got {}", self.players))
            }
            Task::MaxN => {}
            _ if self.players != 2 => {
                return Err(format!(
                    "task {task} is for two players; players = {} is for task maxn",
                    self.players
                ))
            }
            _ => {}
        }
        if self.chance && !matches!(task, Task::Expectiminimax | Task::AlphaBetaLeaves | Task::AlphaBetaFull)
        {
            return Err(format!(
                "chance nodes do not apply to task {task} (use expectiminimax or an α-β task)"
            ));
        }
        let ab = matches!(
            task,
            Task::Minimax
                | Task::AlphaBetaLeaves
                | Task::AlphaBetaFull
                | Task::Expectiminimax
                | Task::Ordering
        );
        if !ab && (self.cutoffs > 0 || self.tie_sensitive || self.worst_order) {
            return Err(format!("cutoffs, tie-sensitive and worst-order are α-β constraints; they do not apply to task {task}"));
        }
        if self.cutoffs > 0 && self.depth < 2 {
            return Err(format!(
                "a tree of depth 1 has no cutoffs (α-β prunes from depth 2 on), but cutoffs = {}",
                self.cutoffs
            ));
        }
        if self.chance && (self.cutoffs > 0 || self.tie_sensitive) {
            return Err(
                "with chance nodes on every other level no MAX or MIN node sits under another, so α-β \
                        prunes nothing: chance excludes cutoffs and tie-sensitive"
                    .to_string(),
            );
        }
        if self.worst_order && self.cutoffs > 0 {
            return Err(format!(
                "worst-order means α-β prunes nothing, so it excludes at least {} cutoffs",
                self.cutoffs
            ));
        }
        if self.worst_order && self.tie_sensitive && self.tie == TieRule::NonStrict {
            return Err(
                "worst-order with the non-strict rule prunes nothing under either rule, so it excludes \
                        tie-sensitive"
                    .to_string(),
            );
        }
        if self.cutoffs > EXERCISE_MAX_CUTOFFS {
            return Err(format!("cutoffs must be at most {EXERCISE_MAX_CUTOFFS}, got {}", self.cutoffs));
        }
        Ok(())
    }

    fn describe(&self) -> String {
        let mut s = format!("depth {}, branching {}", self.depth, self.min_branching);
        if self.max_branching != self.min_branching {
            s.push_str(&format!("-{}", self.max_branching));
        }
        s.push_str(&format!(", values {}..{}", self.min_value, self.max_value));
        let mut c = Vec::new();
        if self.cutoffs > 0 {
            c.push(format!("at least {} cutoffs", self.cutoffs));
        }
        if self.unique_best {
            c.push("a unique best move".to_string());
        }
        if self.tie_sensitive {
            c.push("tie-rule sensitive".to_string());
        }
        if self.worst_order {
            c.push("no pruning in the worst order".to_string());
        }
        if !c.is_empty() {
            s.push_str(&format!(" with {}", c.join(", ")));
        }
        s
    }
}

/// The exercise options a generated exercise uses: the params' tie rule and C; MCTS draws its
/// search seed and the number of iterations already run from `seed`.
pub(super) fn exercise_options(task: Task, p: &GenParams, seed: u64) -> ExerciseOptions {
    let mut r = Rng::new(seed ^ 0x6d63_7473_5f70_7261);
    let extra = 2 + r.below(5);
    let mcts_seed = r.below(1_000_000) as u64;
    ExerciseOptions {
        tie: p.tie,
        seed: Some(seed),
        c: p.c,
        mcts_seed,
        iterations: (task == Task::Mcts).then_some(p.max_branching + extra),
    }
}

/// A node being drawn (preorder, so the index is the parsed tree's id).
struct GNode {
    chance: bool,
    /// The probability of the edge into it, as text ("1/3"), when the parent is chance.
    prob: String,
    leaf: Option<String>,
    children: Vec<usize>,
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn draw(p: &GenParams, rng: &mut Rng, level: u32, prob: String, out: &mut Vec<GNode>) -> usize {
    let id = out.len();
    let value = |rng: &mut Rng| -> String {
        if p.decimals {
            let (lo, hi) = (p.min_value as i64 * 10, p.max_value as i64 * 10);
            let v = lo + rng.below((hi - lo + 1) as u32) as i64;
            let sign = if v < 0 { "-" } else { "" };
            let a = v.abs();
            if a % 10 == 0 {
                format!("{sign}{}", a / 10)
            } else {
                format!("{sign}{}.{}", a / 10, a % 10)
            }
        } else {
            let v =
                p.min_value as i64 + rng.below((p.max_value as i64 - p.min_value as i64 + 1) as u32) as i64;
            v.to_string()
        }
    };
    if level == p.depth {
        let text = if p.players > 2 {
            let parts: Vec<String> = (0..p.players).map(|_| value(rng)).collect();
            format!("({})", parts.join(", "))
        } else {
            value(rng)
        };
        out.push(GNode { chance: false, prob, leaf: Some(text), children: Vec::new() });
        return id;
    }
    let chance = p.chance && level % 2 == 1;
    out.push(GNode { chance, prob, leaf: None, children: Vec::new() });
    let k = p.min_branching + rng.below(p.max_branching - p.min_branching + 1);
    let weights: Vec<u32> = (0..k).map(|_| if chance { 1 + rng.below(3) } else { 1 }).collect();
    let total: u32 = weights.iter().sum();
    for w in weights {
        let prob = if chance {
            let g = gcd(w, total);
            if w == total {
                "1".to_string()
            } else {
                format!("{}/{}", w / g, total / g)
            }
        } else {
            String::new()
        };
        let c = draw(p, rng, level + 1, prob, out);
        out[id].children.push(c);
    }
    id
}

fn write(nodes: &[GNode], id: usize, out: &mut String) {
    let n = &nodes[id];
    if !n.prob.is_empty() {
        out.push_str(&n.prob);
        out.push_str(": ");
    }
    if let Some(leaf) = &n.leaf {
        out.push_str(leaf);
        return;
    }
    if n.chance {
        out.push_str("chance");
    }
    out.push('[');
    for (i, &c) in n.children.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(nodes, c, out);
    }
    out.push(']');
}

/// Puts every MAX and MIN node's children in the worst order for the mover (MAX: smallest
/// value first; MIN: largest first), by the children's minimax values; stable.
fn worst_first(nodes: &mut [GNode], tree: &Tree) {
    for (id, node) in nodes.iter_mut().enumerate() {
        let kind = tree.kind(id as u32);
        if !matches!(kind, Some(Kind::Max) | Some(Kind::Min)) {
            continue;
        }
        let vals: Vec<f64> = node.children.iter().map(|&c| super::value_of(tree, c as u32)).collect();
        let max = kind == Some(Kind::Max);
        let order = super::stable_order(vals.len(), &|a, b| {
            if max {
                vals[a].total_cmp(&vals[b])
            } else {
                vals[b].total_cmp(&vals[a])
            }
        });
        node.children = order.into_iter().map(|i| node.children[i]).collect();
    }
}

/// The pruned edges of α-β under `tie`, as paths, and the number of cutoffs.
fn pruning(tree: &Tree, tie: TieRule) -> (Vec<String>, u64) {
    let mut rec = Recorder::new(tree, 0);
    let r = alpha_beta(tree, &0, &AlphaBetaOptions { tie, ..Default::default() }, &mut rec);
    (rec.finish().pruned_paths(), r.stats.cutoffs)
}

/// Why a tree fails the constraints (None: it satisfies them).
fn fails(task: Task, p: &GenParams, tree: &Tree, seed: u64) -> Option<&'static str> {
    let two = p.players == 2;
    if two && task != Task::Mcts {
        let (pruned, cutoffs) = pruning(tree, p.tie);
        if (cutoffs as u32) < p.cutoffs {
            return Some("cutoffs");
        }
        if p.worst_order && !pruned.is_empty() {
            return Some("worst-order");
        }
        if p.tie_sensitive {
            let other = if p.tie == TieRule::Strict { TieRule::NonStrict } else { TieRule::Strict };
            if pruning(tree, other).0 == pruned {
                return Some("tie-sensitive");
            }
        }
    }
    if p.unique_best {
        let kids = tree.children(0);
        let vals: Vec<f64> = match task {
            Task::MaxN => {
                let mover = match tree.kind(0) {
                    Some(Kind::Player(q)) => q as usize,
                    _ => 0,
                };
                kids.iter()
                    .map(|&c| {
                        // Capped at no node: the key's instantiation of max^n (see `value_of`).
                        let mut rec = Recorder::new(tree, c).with_node_cap(0);
                        maxn_values(tree, &c, &mut rec).1[mover]
                    })
                    .collect()
            }
            Task::Mcts => {
                let Ok(ex) = Exercise::new(task, tree.clone(), exercise_options(task, p, seed)) else {
                    return Some("mcts");
                };
                ex.cells
                    .iter()
                    .filter(|c| c.field == super::Field::Values)
                    .map(|c| match c.expected {
                        super::Item::Number(v) => v,
                        _ => 0.0,
                    })
                    .collect()
            }
            _ => {
                let max = tree.kind(0) != Some(Kind::Min);
                kids.iter()
                    .map(|&c| {
                        let v = super::value_of(tree, c);
                        if max {
                            v
                        } else {
                            -v
                        }
                    })
                    .collect()
            }
        };
        let best = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let margin = if task == Task::Mcts { 0.01 } else { 1e-9 };
        if vals.iter().filter(|&&v| v > best - margin).count() != 1 {
            return Some("unique-best");
        }
    }
    if task == Task::Mcts && p.min_value == -1 && p.max_value == 1 {
        // Win, draw, loss: rewards 1, ½, 0 need both a win and a loss among the leaves.
        let (lo, hi) = crate::game::Game::utility_range(tree);
        if (lo, hi) != (-1.0, 1.0) {
            return Some("mcts-range");
        }
    }
    None
}

/// A tree for `task` drawn from `seed` under `params`, and its text (the same text on every
/// target; chance probabilities as fractions like `1/3`). Gives up with an error after
/// [`MAX_ATTEMPTS`] draws that miss the constraints.
pub fn generate(task: Task, params: &GenParams, seed: u64) -> Result<(Tree, String), String> {
    params.check(task)?;
    let mut rng = Rng::new(seed);
    let mut missed: Vec<(&'static str, u32)> = Vec::new();
    for _ in 0..MAX_ATTEMPTS {
        let mut nodes = Vec::new();
        draw(params, &mut rng, 0, String::new(), &mut nodes);
        let mut text = String::new();
        write(&nodes, 0, &mut text);
        let mut tree = Tree::try_parse(&text).map_err(|e| format!("generated tree refused ({e}): {text}"))?;
        if params.worst_order {
            worst_first(&mut nodes, &tree);
            text.clear();
            write(&nodes, 0, &mut text);
            tree = Tree::try_parse(&text).map_err(|e| format!("generated tree refused ({e}): {text}"))?;
        }
        match fails(task, params, &tree, seed) {
            None => return Ok((tree, text)),
            Some(why) => match missed.iter_mut().find(|m| m.0 == why) {
                Some(m) => m.1 += 1,
                None => missed.push((why, 1)),
            },
        }
    }
    let misses: Vec<String> = missed.iter().map(|(w, n)| format!("{w} {n}×")).collect();
    Err(format!(
        "no tree with {} found in {} attempts from seed {seed} (missed: {}); loosen a constraint",
        params.describe(),
        if MAX_ATTEMPTS >= 1000 {
            format!("{},{:03}", MAX_ATTEMPTS / 1000, MAX_ATTEMPTS % 1000)
        } else {
            MAX_ATTEMPTS.to_string()
        },
        misses.join(", ")
    ))
}
