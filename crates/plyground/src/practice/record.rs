//! Grade records that can be checked offline, and a variant of a set per learner.
//!
//! - [`ExerciseSpec`] is how an exercise was built: `Practice.create`'s options (the task,
//!   a generator seed and options, or a given tree; the tie rule, C, the MCTS seed and
//!   iterations). [`ExerciseSpec::build`] rebuilds it exactly as the browser does.
//! - [`ExerciseRecord`] is a grade record that carries that spec and the answers;
//!   [`ExerciseRecord::verify`] grades the answers again and lists what differs from the
//!   stored grade. [`SetRecord`] is a set of them with the set's total
//!   ([`SetTotals::of`]: the sums, `scaled` = score / max, `passed` = scaled ≥ mastery).
//! - [`learner_seed`] derives an exercise's seed from the set's id and the learner's id.
//!
//! The JSON shapes are in `docs/cli.md` ("Verifiable grades"); the core reads none of it.

use super::{Answers, Difficulty, Exercise, ExerciseOptions, GenParams, Grade, Item, Task};
use crate::games::tree::Tree;
use crate::search::TieRule;

/// The largest seed a spec accepts (the browser's `Practice.create` takes 0 to 2³² − 1).
pub use crate::limits::EXERCISE_MAX_SEED as MAX_SPEC_SEED;
use crate::limits::{
    EXERCISE_BRANCHING, EXERCISE_DEPTH, EXERCISE_ITERATIONS, EXERCISE_MAX_ABS_VALUE, EXERCISE_MAX_CUTOFFS,
    EXERCISE_PLAYERS,
};

/// One option's value as a reader found it (JSON in the CLI, a JavaScript value in the wasm
/// API). The readers only type it; which keys exist, their ranges and the words of every
/// error are [`ExerciseSpec::from_options`]'s, so that the browser and the CLI accept the
/// same options with the same messages.
#[derive(Clone, PartialEq, Debug)]
pub enum OptionValue {
    /// A number.
    Number(f64),
    /// A string.
    Text(String),
    /// A boolean.
    Flag(bool),
    /// An array of two numbers, `[low, high]`.
    Pair(f64, f64),
    /// Anything else (an object, another array, null).
    Other,
}

/// Why a spec cannot be built or a record graded, typed by where the fault is, so that a
/// caller can put the message under its own place (`week-3.json: exercises[2].depth …`).
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum RecordError {
    /// An option: the message after `options` (`.depth applies to generated trees …`).
    Option(String),
    /// An answer: the message after `answers` (`.values["1"] must be a number …`).
    Answer(String),
    /// The exercise as a whole (the generator found no tree, the tree is too large …).
    Whole(String),
}

impl RecordError {
    /// The message under `place`, the path of the object that holds `options` and `answers`:
    /// `place.options.depth …`, `place.answers.values …` or `place: …`.
    pub fn under(&self, place: &str) -> String {
        match self {
            RecordError::Whole(m) => format!("{place}: {m}"),
            e => format!("{place}.{e}"),
        }
    }

    /// The message under `place` where `place` is the options object itself (a set
    /// description's exercise): `place.depth …`, else as [`under`](Self::under).
    pub fn under_options(&self, place: &str) -> String {
        match self {
            RecordError::Option(rest) => format!("{place}{rest}"),
            e => e.under(place),
        }
    }
}

impl std::fmt::Display for RecordError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RecordError::Option(rest) => write!(f, "options{rest}"),
            RecordError::Answer(rest) => write!(f, "answers{rest}"),
            RecordError::Whole(m) => f.write_str(m),
        }
    }
}

/// An integer from `lo` to `hi` (both shown with thousands separators in the message).
fn int_in(at: &str, v: &OptionValue, shown: &str, lo: i64, hi: i64) -> Result<i64, String> {
    let OptionValue::Number(x) = *v else {
        return Err(format!("{at} must be a number, got {shown}"));
    };
    if !x.is_finite() || x.fract() != 0.0 {
        return Err(format!("{at} must be an integer, got {shown}"));
    }
    if x < lo as f64 || x > hi as f64 {
        return Err(format!("{at} {shown} is out of range ({} to {})", grouped(lo), grouped(hi)));
    }
    Ok(x as i64)
}

/// `1234567` as `1,234,567`.
fn grouped(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 {
        out.insert(0, '-');
    }
    out
}

/// A range option: a number, `[low, high]`, or a string `"low<sep>high"`; each end from `lo`
/// to `hi`, low at most high.
fn range_in(
    at: &str,
    v: &OptionValue,
    shown: &str,
    sep: &str,
    lo: i64,
    hi: i64,
) -> Result<(i64, i64), String> {
    let example = if sep == "-" { "2-3" } else { "0..9" };
    let bad = || format!("{at} must be a number, [low, high] or a string like '{example}', got {shown}");
    let (a, b) = match v {
        OptionValue::Number(x) => (*x, *x),
        OptionValue::Pair(a, b) => (*a, *b),
        OptionValue::Text(t) => {
            let (a, b) = t.split_once(sep).unwrap_or((t, t));
            let parse = |t: &str| crate::decimal::parse(t.trim()).filter(|x| x.is_finite());
            match (parse(a), parse(b)) {
                (Some(a), Some(b)) => (a, b),
                _ => return Err(bad()),
            }
        }
        _ => return Err(bad()),
    };
    let end = |x: f64| int_in(at, &OptionValue::Number(x), &crate::decimal::display(x), lo, hi);
    let (a, b) = (end(a)?, end(b)?);
    if a > b {
        return Err(format!("{at}: the low end {a} is above the high end {b}"));
    }
    Ok((a, b))
}
/// A stored `scaled` may differ from the recomputed one by this much (an LMS may round it
/// to seven decimals, as SCORM 2004's `cmi.score.scaled` does).
pub const SCALED_TOLERANCE: f64 = 1e-6;

/// The seed of exercise `exercise_index` (0-based, in the set's order) of the set `set_id`
/// for the learner `learner`: FNV-1a 64 over the bytes
/// `UTF-8(set_id) 0x00 UTF-8(learner) 0x00 UTF-8(decimal exercise_index)`, folded to 32
/// bits as `(h ^ (h >> 32)) mod 2³²`, which is within every seed the generator accepts.
///
/// FNV-1a 64: `h = 0xcbf29ce484222325`; for each byte `b`: `h = (h ^ b) * 0x100000001b3`
/// (mod 2⁶⁴). Ids are used as given (no trimming, no case folding).
pub fn learner_seed(set_id: &str, learner: &str, exercise_index: u32) -> u32 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let index = exercise_index.to_string();
    let parts = [set_id.as_bytes(), &[0], learner.as_bytes(), &[0], index.as_bytes()];
    for b in parts.iter().flat_map(|p| p.iter()) {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    (h ^ (h >> 32)) as u32
}

/// How an exercise is built: the fields of `Practice.create`'s options. A generated
/// exercise (`tree` None) starts from the `difficulty` preset (default `exam`) and
/// overrides what is given; a given tree takes only `tie`, `c`, `mcts_seed` and
/// `iterations` (and reports `seed` if one is given).
#[derive(Clone, PartialEq, Debug)]
pub struct ExerciseSpec {
    /// The task.
    pub task: Task,
    /// The generator's seed (generated: default 1), or the seed a given tree reports.
    pub seed: Option<u64>,
    /// A given tree's text.
    pub tree: Option<String>,
    /// The preset (generated only).
    pub difficulty: Option<Difficulty>,
    /// Generator overrides (None: the preset's).
    pub depth: Option<u32>,
    /// Children per inner node, (fewest, most).
    pub branching: Option<(u32, u32)>,
    /// Leaf values, (low, high).
    pub values: Option<(i32, i32)>,
    /// One-decimal leaves.
    pub decimals: Option<bool>,
    /// Chance levels.
    pub chance: Option<bool>,
    /// Players (maxn: 3 or 4).
    pub players: Option<u8>,
    /// At least this many α-β cutoffs.
    pub cutoffs: Option<u32>,
    /// A single best root move.
    pub unique_best: Option<bool>,
    /// Pruning differs between the tie rules.
    pub tie_sensitive: Option<bool>,
    /// The worst order for α-β.
    pub worst_order: Option<bool>,
    /// The tie rule (default non-strict).
    pub tie: TieRule,
    /// MCTS: C (default √2).
    pub c: Option<f64>,
    /// MCTS on a given tree: the search's seed.
    pub mcts_seed: Option<u64>,
    /// MCTS on a given tree: the iterations run before the one asked about.
    pub iterations: Option<u32>,
}

impl ExerciseSpec {
    /// The options' names in JSON and in `Practice.create` (in the order its errors list
    /// them).
    pub const KEYS: [&'static str; 18] = [
        "task",
        "tree",
        "seed",
        "difficulty",
        "depth",
        "branching",
        "values",
        "decimals",
        "chance",
        "players",
        "cutoffs",
        "uniqueBest",
        "tieSensitive",
        "worstOrder",
        "tie",
        "c",
        "mctsSeed",
        "iterations",
    ];

    /// A spec from options as a reader found them, `(key, value, how the value is written in
    /// a message)`, in the reader's order; `place` names the object in messages
    /// (`options`, `set.exercises[2]`). Unknown keys are refused first, then `task` is
    /// required, then each option is checked: its type and its range (`limits.rs`).
    pub fn from_options(
        place: &str,
        options: &[(String, OptionValue, String)],
    ) -> Result<ExerciseSpec, String> {
        if let Some((k, _, _)) = options.iter().find(|(k, _, _)| !Self::KEYS.contains(&k.as_str())) {
            return Err(format!("{place}: unknown field '{k}' (expected one of {})", Self::KEYS.join(", ")));
        }
        let task = match options.iter().find(|(k, _, _)| k == "task") {
            Some((_, OptionValue::Text(t), _)) => {
                Task::try_parse(t).map_err(|e| format!("{place}.task: {e}"))?
            }
            Some((_, _, shown)) => return Err(format!("{place}.task must be a string, got {shown}")),
            None => return Err(format!("{place}.task is required (e.g. 'alphabeta-leaves')")),
        };
        let mut s = ExerciseSpec::new(task);
        for (key, v, shown) in options {
            s.set(place, key, v, shown)?;
        }
        Ok(s)
    }

    /// One option of [`from_options`](Self::from_options).
    fn set(&mut self, place: &str, key: &str, v: &OptionValue, shown: &str) -> Result<(), String> {
        let at = format!("{place}.{key}");
        let text = || match v {
            OptionValue::Text(t) => Ok(t.as_str()),
            _ => Err(format!("{at} must be a string, got {shown}")),
        };
        let flag = || match v {
            OptionValue::Flag(b) => Ok(Some(*b)),
            _ => Err(format!("{at} must be true or false, got {shown}")),
        };
        let int = |(lo, hi): (i64, i64)| int_in(&at, v, shown, lo, hi);
        let seed = (0, MAX_SPEC_SEED as i64);
        let wide = |(lo, hi): (u32, u32)| (i64::from(lo), i64::from(hi));
        match key {
            "task" => {}
            "tree" => self.tree = Some(text()?.to_string()),
            "seed" => self.seed = Some(int(seed)? as u64),
            "difficulty" => {
                self.difficulty = Some(Difficulty::try_parse(text()?).map_err(|e| format!("{at}: {e}"))?)
            }
            "depth" => self.depth = Some(int(wide(EXERCISE_DEPTH))? as u32),
            "branching" => {
                let (lo, hi) = wide(EXERCISE_BRANCHING);
                let (a, b) = range_in(&at, v, shown, "-", lo, hi)?;
                self.branching = Some((a as u32, b as u32));
            }
            "values" => {
                let m = i64::from(EXERCISE_MAX_ABS_VALUE);
                let (a, b) = range_in(&at, v, shown, "..", -m, m)?;
                self.values = Some((a as i32, b as i32));
            }
            "decimals" => self.decimals = flag()?,
            "chance" => self.chance = flag()?,
            "players" => {
                let (lo, hi) = EXERCISE_PLAYERS;
                self.players = Some(int((lo.into(), hi.into()))? as u8)
            }
            "cutoffs" => self.cutoffs = Some(int((0, EXERCISE_MAX_CUTOFFS.into()))? as u32),
            "uniqueBest" => self.unique_best = flag()?,
            "tieSensitive" => self.tie_sensitive = flag()?,
            "worstOrder" => self.worst_order = flag()?,
            "tie" => self.tie = TieRule::try_parse(text()?).map_err(|e| format!("{at}: {e}"))?,
            "c" => match v {
                OptionValue::Number(x) => self.c = Some(*x),
                _ => return Err(format!("{at} must be a number, got {shown}")),
            },
            "mctsSeed" => self.mcts_seed = Some(int(seed)? as u64),
            "iterations" => self.iterations = Some(int(wide(EXERCISE_ITERATIONS))? as u32),
            _ => {
                return Err(format!(
                    "{place}: unknown field '{key}' (expected one of {})",
                    Self::KEYS.join(", ")
                ))
            }
        }
        Ok(())
    }

    /// A spec with only the task: a generated exercise, seed 1, the `exam` preset.
    pub fn new(task: Task) -> ExerciseSpec {
        ExerciseSpec {
            task,
            seed: None,
            tree: None,
            difficulty: None,
            depth: None,
            branching: None,
            values: None,
            decimals: None,
            chance: None,
            players: None,
            cutoffs: None,
            unique_best: None,
            tie_sensitive: None,
            worst_order: None,
            tie: TieRule::NonStrict,
            c: None,
            mcts_seed: None,
            iterations: None,
        }
    }

    /// The generator's parameters: the preset, then each option given.
    pub fn params(&self) -> GenParams {
        let mut p = GenParams::preset(self.task, self.difficulty.unwrap_or(Difficulty::Exam));
        p.tie = self.tie;
        p.depth = self.depth.unwrap_or(p.depth);
        (p.min_branching, p.max_branching) = self.branching.unwrap_or((p.min_branching, p.max_branching));
        (p.min_value, p.max_value) = self.values.unwrap_or((p.min_value, p.max_value));
        p.players = self.players.unwrap_or(p.players);
        p.cutoffs = self.cutoffs.unwrap_or(p.cutoffs);
        p.decimals = self.decimals.unwrap_or(p.decimals);
        p.chance = self.chance.unwrap_or(p.chance);
        p.unique_best = self.unique_best.unwrap_or(p.unique_best);
        p.tie_sensitive = self.tie_sensitive.unwrap_or(p.tie_sensitive);
        p.worst_order = self.worst_order.unwrap_or(p.worst_order);
        p.c = self.c.unwrap_or(p.c);
        p
    }

    /// The exercise, built as `Practice.create` builds it. Errors name the option
    /// (`options.depth`, `options.tree`) and the reason, or are about the whole exercise.
    pub fn build(&self) -> Result<Exercise, RecordError> {
        for (name, s) in [("seed", self.seed), ("mctsSeed", self.mcts_seed)] {
            if s.is_some_and(|s| s > MAX_SPEC_SEED) {
                return Err(RecordError::Option(format!(
                    ".{name} must be an integer from 0 to {MAX_SPEC_SEED}"
                )));
            }
        }
        let Some(text) = &self.tree else {
            if self.mcts_seed.is_some() || self.iterations.is_some() {
                return Err(RecordError::Option(
                    ".mctsSeed and options.iterations apply to a given tree; a generated one draws \
                     them from the seed"
                        .into(),
                ));
            }
            return Exercise::generate(self.task, &self.params(), self.seed.unwrap_or(1))
                .map_err(RecordError::Whole);
        };
        let generator_only = [
            ("difficulty", self.difficulty.is_some()),
            ("depth", self.depth.is_some()),
            ("branching", self.branching.is_some()),
            ("values", self.values.is_some()),
            ("decimals", self.decimals.is_some()),
            ("chance", self.chance.is_some()),
            ("players", self.players.is_some()),
            ("cutoffs", self.cutoffs.is_some()),
            ("uniqueBest", self.unique_best.is_some()),
            ("tieSensitive", self.tie_sensitive.is_some()),
            ("worstOrder", self.worst_order.is_some()),
        ];
        if let Some((name, _)) = generator_only.iter().find(|g| g.1) {
            return Err(RecordError::Option(format!(
                ".{name} applies to generated trees, not to a given tree"
            )));
        }
        let tree = Tree::try_parse(text).map_err(|e| {
            RecordError::Option(format!(".tree: line {}, column {}: {}", e.line, e.column, e.message))
        })?;
        let mut o = ExerciseOptions { tie: self.tie, seed: self.seed, ..Default::default() };
        o.c = self.c.unwrap_or(o.c);
        o.mcts_seed = self.mcts_seed.unwrap_or(o.mcts_seed);
        o.iterations = self.iterations;
        Exercise::new(self.task, tree, o).map_err(RecordError::Whole)
    }
}

/// A grade record that can be checked: the grade as stored (`task`, `seed`, `tree`,
/// `score`, `max`, `done`), how the exercise was built, and the answers graded.
#[derive(Clone, PartialEq, Debug)]
pub struct ExerciseRecord {
    /// How the exercise was built.
    pub spec: ExerciseSpec,
    /// The answers that were graded.
    pub answers: Answers,
    /// The stored task, if the record has one.
    pub task: Option<Task>,
    /// The stored seed (`Some(None)`: stored as null).
    pub seed: Option<Option<u64>>,
    /// The stored tree text.
    pub tree: Option<String>,
    /// The stored score.
    pub score: u32,
    /// The stored max.
    pub max: u32,
    /// The stored `done`.
    pub done: Option<bool>,
    /// The stored mistakes, if the record has them.
    pub mistakes: Option<Vec<StoredMistake>>,
}

/// A mistake as a grade record stores it: the cell (`node`, `field`) and what was given.
#[derive(Clone, PartialEq, Debug)]
pub struct StoredMistake {
    /// The node's path.
    pub node: String,
    /// The field's name (`values`, `pruned`, …).
    pub field: String,
    /// What was given, as read from JSON: `null` is [`Item::Missing`], a boolean a mark, a
    /// string a path, an array [`Item::Numbers`] (a `null` in it NaN).
    pub got: Item,
}

/// A stored item in the lessons' notation, a `null` in a tuple as `null`.
fn stored_text(item: &Item) -> String {
    match item {
        Item::Numbers(v) if v.iter().any(|x| x.is_nan()) => {
            let text = |x: f64| if x.is_nan() { "null".to_string() } else { crate::search::fmt_value(x) };
            format!("({})", v.iter().map(|&x| text(x)).collect::<Vec<_>>().join(", "))
        }
        _ => item.text(),
    }
}

/// Is a stored `got` the recomputed one? Exact, except that JSON written by a browser has
/// `null` where the answer was ±∞ (`JSON.stringify`), and an order is stored as numbers.
fn same_got(stored: &Item, got: &Item) -> bool {
    let num = |s: f64, g: f64| s == g || (s.is_nan() && g.is_infinite());
    match (stored, got) {
        (Item::Missing, Item::Number(g)) => g.is_infinite(),
        (Item::Number(s), Item::Number(g)) => num(*s, *g),
        (Item::Numbers(s), Item::Numbers(g)) => {
            s.len() == g.len() && s.iter().zip(g).all(|(s, g)| num(*s, *g))
        }
        (Item::Numbers(s), Item::Order(g)) => {
            s.len() == g.len() && s.iter().zip(g).all(|(s, g)| *s == f64::from(*g))
        }
        (s, g) => s == g,
    }
}

/// An exercise record graded again.
#[derive(Clone, PartialEq, Debug)]
pub struct Recheck {
    /// The grade of the record's answers on the rebuilt exercise.
    pub grade: Grade,
    /// What differs from the stored record, one phrase each ("stored 9 of 9, recomputed 7
    /// of 9", "the tree differs: …"); empty when the record is genuine.
    pub differences: Vec<String>,
}

impl ExerciseRecord {
    /// Rebuilds the exercise, grades the answers, and compares. Errors (an exercise that
    /// cannot be built, answers that cannot be graded) name the place: `options.…` or
    /// `answers.…`.
    pub fn verify(&self) -> Result<Recheck, RecordError> {
        let ex = self.spec.build()?;
        // Every grading error names the answer at fault: `answers.values["1"] …`.
        let grade = ex.grade(&self.answers).map_err(|m| match m.strip_prefix("answers") {
            Some(rest) => RecordError::Answer(rest.to_string()),
            None => RecordError::Whole(m),
        })?;
        let mut differences = Vec::new();
        if (self.score, self.max) != (grade.score, grade.max) {
            differences.push(format!(
                "stored {} of {}, recomputed {} of {}",
                self.score, self.max, grade.score, grade.max
            ));
        }
        if self.done.is_some_and(|d| d != grade.done) {
            differences.push(format!(
                "stored done {}, recomputed {}",
                self.done.unwrap_or(false),
                grade.done
            ));
        }
        if self.task.is_some_and(|t| t != grade.task) {
            differences.push(format!(
                "the record's task is {}, its options build {}",
                self.task.unwrap_or(grade.task),
                grade.task
            ));
        }
        if let Some(s) = self.seed.filter(|s| *s != grade.seed) {
            let text = |s: Option<u64>| s.map_or("null".to_string(), |s| s.to_string());
            differences.push(format!(
                "the record's seed is {}, its options give {}",
                text(s),
                text(grade.seed)
            ));
        }
        if let Some(t) = self.tree.as_ref().filter(|t| **t != grade.tree) {
            differences.push(format!("the record's tree is {t}, its options build {}", grade.tree));
        }
        if let Some(stored) = &self.mistakes {
            let list =
                |cells: Vec<String>| if cells.is_empty() { "none".to_string() } else { cells.join(", ") };
            let at = stored.iter().map(|m| format!("\"{}\" {}", m.node, m.field)).collect::<Vec<_>>();
            let now =
                grade.mistakes.iter().map(|m| format!("\"{}\" {}", m.node, m.field)).collect::<Vec<_>>();
            if at != now {
                differences.push(format!("stored mistakes at {}, recomputed at {}", list(at), list(now)));
            } else if let Some((s, r)) =
                stored.iter().zip(&grade.mistakes).find(|(s, r)| !same_got(&s.got, &r.got))
            {
                differences.push(format!(
                    "the mistake at \"{}\" {}: stored got {}, recomputed got {}",
                    r.node,
                    r.field,
                    stored_text(&s.got),
                    r.got.text()
                ));
            }
        }
        Ok(Recheck { grade, differences })
    }
}

/// A set's total: the sums of its exercises' scores and maxima, `scaled` = score / max (0
/// when max is 0), and `passed` = scaled ≥ mastery.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct SetTotals {
    /// Correct cells over all exercises.
    pub score: u32,
    /// All cells.
    pub max: u32,
    /// score / max.
    pub scaled: f64,
    /// scaled ≥ mastery (None without a mastery).
    pub passed: Option<bool>,
}

impl SetTotals {
    /// The total of `(score, max)` pairs under `mastery` (a fraction, 0 to 1).
    pub fn of(scores: &[(u32, u32)], mastery: Option<f64>) -> SetTotals {
        let score = scores.iter().map(|s| s.0).sum();
        let max: u32 = scores.iter().map(|s| s.1).sum();
        let scaled = if max == 0 { 0.0 } else { f64::from(score) / f64::from(max) };
        SetTotals { score, max, scaled, passed: mastery.map(|m| scaled >= m) }
    }
}

/// A set's grade record: its title, the stored total and its exercises' records.
#[derive(Clone, PartialEq, Debug)]
pub struct SetRecord {
    /// The set's title.
    pub title: String,
    /// The mastery score (a fraction, 0 to 1) that `passed` is measured against.
    pub mastery: Option<f64>,
    /// The stored total (`passed` None when the record has none).
    pub stored: SetTotals,
    /// The exercises' records.
    pub exercises: Vec<ExerciseRecord>,
}

/// A set record graded again.
#[derive(Clone, PartialEq, Debug)]
pub struct SetRecheck {
    /// Each exercise graded again.
    pub exercises: Vec<Recheck>,
    /// The total of the recomputed scores.
    pub totals: SetTotals,
    /// What differs in the set's own total (the exercises' differences are theirs).
    pub differences: Vec<String>,
}

impl SetRecord {
    /// Grades every exercise again and recomputes the total. An error names the exercise:
    /// `(index, message)`.
    pub fn verify(&self) -> Result<SetRecheck, (usize, RecordError)> {
        let exercises = self
            .exercises
            .iter()
            .enumerate()
            .map(|(i, e)| e.verify().map_err(|m| (i, m)))
            .collect::<Result<Vec<_>, _>>()?;
        let scores: Vec<(u32, u32)> = exercises.iter().map(|r| (r.grade.score, r.grade.max)).collect();
        let totals = SetTotals::of(&scores, self.mastery);
        let s = &self.stored;
        let mut differences = Vec::new();
        if (s.score, s.max) != (totals.score, totals.max) {
            differences.push(format!(
                "stored {} of {}, recomputed {} of {}",
                s.score, s.max, totals.score, totals.max
            ));
        }
        let close = (s.scaled - totals.scaled).abs() <= SCALED_TOLERANCE;
        if !close {
            differences.push(format!(
                "stored scaled {}, recomputed {}",
                crate::decimal::display(s.scaled),
                crate::decimal::display(totals.scaled)
            ));
        }
        if let (Some(p), Some(q)) = (s.passed, totals.passed) {
            if p != q {
                differences.push(format!("stored passed {p}, recomputed {q}"));
            }
        }
        Ok(SetRecheck { exercises, totals, differences })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn learner_seed_is_fnv_1a_folded() {
        // Values computed independently (Python, from the definition in the doc comment).
        assert_eq!(learner_seed("", "", 0), 3_041_007_263);
        assert_eq!(learner_seed("week-3", "s1001", 0), 3_632_810_857);
        assert_eq!(learner_seed("week-3", "s1002", 0), 3_569_015_668);
        assert_eq!(learner_seed("week-3", "s1001", 1), 3_632_809_526);
        // The separators keep ("ab", "c") and ("a", "bc") apart.
        assert_ne!(learner_seed("ab", "c", 0), learner_seed("a", "bc", 0));
    }

    #[test]
    fn a_spec_rebuilds_the_exercise_and_verify_names_what_differs() {
        let mut spec = ExerciseSpec::new(Task::AlphaBetaLeaves);
        (spec.seed, spec.depth, spec.branching, spec.cutoffs) = (Some(7), Some(3), Some((2, 3)), Some(2));
        let ex = spec.build().unwrap();
        let mut p = GenParams::preset(Task::AlphaBetaLeaves, Difficulty::Exam);
        (p.depth, p.min_branching, p.max_branching, p.cutoffs) = (3, 2, 3, 2);
        assert_eq!(ex.tree_text(), Exercise::generate(Task::AlphaBetaLeaves, &p, 7).unwrap().tree_text());
        let answers = Answers { pruned: Some(vec!["0.1.1".into()]), ..Default::default() };
        let mut record = ExerciseRecord {
            spec: spec.clone(),
            answers,
            task: Some(Task::AlphaBetaLeaves),
            seed: Some(Some(7)),
            tree: Some(ex.tree_text().into()),
            score: 10,
            max: 13,
            done: Some(false),
            mistakes: None,
        };
        assert_eq!(record.verify().unwrap().differences, Vec::<String>::new());
        record.score = 13;
        record.seed = Some(None);
        assert_eq!(
            record.verify().unwrap().differences,
            ["stored 13 of 13, recomputed 10 of 13", "the record's seed is null, its options give 7"]
        );
        spec.tree = Some("[1, 2]".into());
        let e = spec.build().unwrap_err();
        assert_eq!(e, RecordError::Option(".depth applies to generated trees, not to a given tree".into()));
        assert_eq!(e.to_string(), "options.depth applies to generated trees, not to a given tree");
        assert_eq!(
            e.under("r.json: exercises[1]"),
            "r.json: exercises[1].options.depth applies to generated trees, not to a given tree"
        );
        assert_eq!(
            e.under_options("set.exercises[1]"),
            "set.exercises[1].depth applies to generated trees, not to a given tree"
        );
        let mut given = ExerciseSpec::new(Task::Minimax);
        given.tree = Some("[1, 2".into());
        let e = given.build().unwrap_err().to_string();
        assert!(e.starts_with("options.tree: line 1, column "), "{e}");
        let whole = RecordError::Whole("no tree after 2000 draws".into());
        assert_eq!(whole.under("stdin"), "stdin: no tree after 2000 draws");
        assert_eq!(whole.under_options("set.exercises[0]"), "set.exercises[0]: no tree after 2000 draws");
    }

    #[test]
    fn set_totals_sum_and_scale() {
        let t = SetTotals::of(&[(9, 9), (7, 13)], Some(0.8));
        assert_eq!((t.score, t.max, t.passed), (16, 22, Some(false)));
        assert_eq!(t.scaled, 16.0 / 22.0);
        assert_eq!(SetTotals::of(&[], None), SetTotals { score: 0, max: 0, scaled: 0.0, passed: None });
    }
}
