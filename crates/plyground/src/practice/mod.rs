//! Practice: graded exercises on explicit trees, for students and for instructors' pages.
//!
//! An [`Exercise`] is a task ([`Task`]) on a tree. Its answer key is the core's own trace of
//! the real algorithm — [`trace::Recorder`](crate::trace::Recorder) on minimax, α-β,
//! expectiminimax or max^n, the events of one [`Mcts`](crate::search::mcts::Mcts)
//! iteration, α-β's own leaf counts for move ordering — never a second implementation.
//!
//! - [`Exercise::questions`] lists what to answer, node by node in depth-first order (the
//!   order the algorithm visits the nodes when nothing is pruned).
//! - [`Exercise::grade`] compares [`Answers`] cell by cell ([`Grade`]): the correct cells,
//!   the mistakes with the misconception each one matches ([`Misconception`]), and the
//!   **first** wrong step in the algorithm's visiting order with the rule that applies
//!   there, in the lessons' words and with the figure's node names.
//! - [`Exercise::hint`] gives that step's rule without its answer; [`Exercise::reveal_next`]
//!   gives it with the answer; [`Step::event`] is the trace index from which a front end
//!   steps the real trace (the `Stepper` of the same tree and options).
//! - [`generate`] draws trees under constraints, seeded (the same text on every target);
//!   [`GenParams::preset`] gives the difficulty presets.
//!
//! ## Conventions (also in `docs/embedding.md`)
//!
//! - **Paths** are the CLI's: child indices from the root joined by `.` (`"0.1"`), the root
//!   `""`. Pruned edges are named by the path of the child below them.
//! - **Fail-soft bounds.** In α-β a node that stops early returns its running v, which is only
//!   a bound on its minimax value (v ≥ β at MAX: a lower bound; v ≤ α at MIN: an upper
//!   bound); a node whose returned value is outside its entry window (v ≤ α or v ≥ β) never
//!   knows its exact value. The answer key is the value the algorithm *returns*; giving the
//!   exact minimax value of such a node instead is the misconception
//!   [`Misconception::BoundAsExact`]. The root's value is always exact.
//! - **Tolerance.** Values are compared within 10⁻⁹, except averages over chance nodes,
//!   UCB1 totals and W (within 0.005: two decimals are enough).
//! - **Nodes the search never reaches** (below a pruned edge) have no value and no window:
//!   an answer there is a mistake whose expected item is [`Item::Missing`].

mod answers;
mod figure;
mod generate;
mod predict;
mod record;
mod rules;

pub use answers::{node_at, Answer, Answers, Field, Item};
pub use figure::{ExercisePlan, Shown, OK_MARK, WRONG_MARK};
pub use generate::{generate, Difficulty, GenParams, MAX_ATTEMPTS};
pub use predict::{predict_task, PredictKind, Prediction, Predictions, Verdict};
pub use record::{
    learner_seed, ExerciseRecord, ExerciseSpec, OptionValue, Recheck, RecordError, SetRecheck, SetRecord,
    SetTotals, StoredMistake, MAX_SPEC_SEED, SCALED_TOLERANCE,
};

use crate::event::{Event, NodeKind};
use crate::games::tree::{Kind, Tree};
use crate::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use crate::search::maxn::maxn_values;
use crate::search::mcts::{Expansion, Mcts, MctsOptions};
use crate::search::minimax::minimax;
use crate::search::TieRule;
use crate::trace::{NodeValue, Recorder, Trace};
use std::collections::BTreeMap;
use std::fmt;

pub use crate::limits::{MAX_EXHAUSTIVE_ORDERINGS, MAX_ORDERING_NODES, MAX_PRACTICE_NODES};
/// Tolerance for values that involve averages or square roots.
pub const LOOSE_TOLERANCE: f64 = 0.005;
/// Tolerance for everything else.
pub const EXACT_TOLERANCE: f64 = 1e-9;

/// The seven practice tasks.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Task {
    /// 1. Every inner node's minimax value and the root's decision.
    Minimax,
    /// 2. α-β: every leaf that is never evaluated.
    AlphaBetaLeaves,
    /// 3. α-β: per node the (α, β) it is entered with and the value it returns, and the
    ///    pruned edges.
    AlphaBetaFull,
    /// 4. Expectiminimax: the values of chance and decision nodes, and the decision.
    Expectiminimax,
    /// 5. max^n: the utility tuple at each node, and the root's choice.
    MaxN,
    /// 6. MCTS/UCB1 on a tree with W/N per node: UCB1 of the root's children, the child
    ///    selection picks, N and W after the next iteration's backup.
    Mcts,
    /// 7. Move ordering: reorder the children so that α-β evaluates as few leaves as possible.
    Ordering,
}

impl Task {
    /// Every task, in the order.
    pub const ALL: [Task; 7] = [
        Task::Minimax,
        Task::AlphaBetaLeaves,
        Task::AlphaBetaFull,
        Task::Expectiminimax,
        Task::MaxN,
        Task::Mcts,
        Task::Ordering,
    ];

    /// The task's prompt when its words depend only on the task and the tie rule (the same
    /// text every exercise of the task gives, [`Exercise::prompt`]); None for MCTS and move
    /// ordering, whose prompts quote figures of their exercise.
    pub fn fixed_prompt(self, tie: TieRule) -> Option<String> {
        rules::fixed_prompt(self, tie)
    }

    /// The task's id in links and the API.
    pub fn id(self) -> &'static str {
        match self {
            Task::Minimax => "minimax",
            Task::AlphaBetaLeaves => "alphabeta-leaves",
            Task::AlphaBetaFull => "alphabeta-full",
            Task::Expectiminimax => "expectiminimax",
            Task::MaxN => "maxn",
            Task::Mcts => "mcts",
            Task::Ordering => "ordering",
        }
    }

    /// Parses a task id.
    pub fn try_parse(s: &str) -> Result<Task, String> {
        Task::ALL.iter().copied().find(|t| t.id() == s).ok_or_else(|| {
            format!(
                "unknown task '{s}' (expected {})",
                Task::ALL.iter().map(|t| t.id()).collect::<Vec<_>>().join(", ")
            )
        })
    }

    /// The answer fields the task asks for.
    pub fn fields(self) -> &'static [Field] {
        match self {
            Task::Minimax | Task::Expectiminimax | Task::MaxN => &[Field::Values, Field::Choice],
            Task::AlphaBetaLeaves => &[Field::Pruned],
            Task::AlphaBetaFull => &[Field::Windows, Field::Values, Field::Pruned],
            Task::Mcts => &[Field::Values, Field::Choice, Field::Visits],
            Task::Ordering => &[Field::Order],
        }
    }

    /// Whether the α-β tie rule (prune on v ≥ β / v ≤ α, or only on v > β / v < α) changes
    /// the task's key: the α-β tasks and move ordering. Minimax, expectiminimax, max^n and
    /// MCTS never prune, so a page shows the tie-rule choice only where this is true.
    pub fn tie_applies(self) -> bool {
        matches!(self, Task::AlphaBetaLeaves | Task::AlphaBetaFull | Task::Ordering)
    }

    /// The algorithm whose trace is the key, as `Stepper.forTree`'s `algo` option names it
    /// (None for MCTS, stepped by `MctsStepper`, and for move ordering).
    pub fn stepper_algo(self) -> Option<&'static str> {
        match self {
            Task::Minimax => Some("minimax"),
            Task::AlphaBetaLeaves | Task::AlphaBetaFull => Some("alphabeta"),
            Task::Expectiminimax => Some("expectiminimax"),
            Task::MaxN => Some("maxn"),
            Task::Mcts | Task::Ordering => None,
        }
    }
}

impl fmt::Display for Task {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// The known misconceptions; each is a named check on a wrong answer.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Misconception {
    /// Pruned with the strict rule (v > β, v < α) where the non-strict one applies.
    StrictTie,
    /// Pruned with the non-strict rule (v ≥ β, v ≤ α) where the strict one applies.
    NonStrictTie,
    /// A child's value passed up into the wrong bound of the parent (β at MAX, α at MIN).
    WindowDirection,
    /// α (β) not updated after a child returned.
    NoUpdate,
    /// A MAX node treated as MIN (or a MIN node as MAX).
    MaxAsMin,
    /// An outcome of a chance node "pruned" (α-β searches every outcome).
    ChancePruning,
    /// A chance node's children averaged without their probabilities.
    UnweightedAverage,
    /// Selection by the largest W/N instead of the largest UCB1.
    LargestQ,
    /// N and W updated only at the new node, not along the path to the root.
    LeafOnlyBackup,
    /// An inner node's exact minimax value given where α-β only knows a bound.
    BoundAsExact,
}

impl Misconception {
    /// Every misconception.
    pub const ALL: [Misconception; 10] = [
        Misconception::StrictTie,
        Misconception::NonStrictTie,
        Misconception::WindowDirection,
        Misconception::NoUpdate,
        Misconception::MaxAsMin,
        Misconception::ChancePruning,
        Misconception::UnweightedAverage,
        Misconception::LargestQ,
        Misconception::LeafOnlyBackup,
        Misconception::BoundAsExact,
    ];

    /// The id in grade records.
    pub fn id(self) -> &'static str {
        match self {
            Misconception::StrictTie => "strict-tie",
            Misconception::NonStrictTie => "nonstrict-tie",
            Misconception::WindowDirection => "window-direction",
            Misconception::NoUpdate => "no-update",
            Misconception::MaxAsMin => "max-as-min",
            Misconception::ChancePruning => "chance-pruning",
            Misconception::UnweightedAverage => "unweighted-average",
            Misconception::LargestQ => "largest-q",
            Misconception::LeafOnlyBackup => "leaf-only-backup",
            Misconception::BoundAsExact => "bound-as-exact",
        }
    }

    /// A one-line description, independent of the tree.
    pub fn summary(self) -> &'static str {
        match self {
            Misconception::StrictTie => {
                "pruning only on v > β / v < α, where the lessons' rule prunes on v ≥ β / v ≤ α (a tie prunes)"
            }
            Misconception::NonStrictTie => {
                "pruning on a tie (v ≥ β / v ≤ α) where this exercise's strict rule prunes only on v > β / v < α"
            }
            Misconception::WindowDirection => {
                "passing a child's value up into the wrong bound: MAX raises α, MIN lowers β"
            }
            Misconception::NoUpdate => "not updating α (at MAX) or β (at MIN) after a child returns",
            Misconception::MaxAsMin => "treating a MAX node as MIN (or a MIN node as MAX)",
            Misconception::ChancePruning => {
                "pruning below a chance node: its value is an average, so every outcome is searched"
            }
            Misconception::UnweightedAverage => {
                "averaging a chance node's children without their probabilities: v = Σ P(r)·v(r)"
            }
            Misconception::LargestQ => "selecting the child with the largest W/N instead of the largest UCB1",
            Misconception::LeafOnlyBackup => {
                "updating N and W only at the new node: backup updates every node on the path to the root"
            }
            Misconception::BoundAsExact => {
                "taking a bound for an exact value: after a cutoff α-β only knows a bound on a node's value"
            }
        }
    }
}

/// What kind of value a question asks for.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum QuestionKind {
    /// One number.
    Number,
    /// A tuple with one entry per player.
    Tuple,
    /// `[α, β]` (±∞ allowed).
    Window,
    /// A mark: pruned or not.
    Mark,
    /// The path of one of the root's children.
    Child,
    /// A permutation of this node's child indices.
    Permutation,
    /// `[N, W]` after the backup (give it only for nodes that change).
    Counts,
}

impl QuestionKind {
    /// The kind's name in the API: `number`, `tuple`, `window`, `mark`, `child`,
    /// `permutation`, `counts`.
    pub fn name(self) -> &'static str {
        match self {
            QuestionKind::Number => "number",
            QuestionKind::Tuple => "tuple",
            QuestionKind::Window => "window",
            QuestionKind::Mark => "mark",
            QuestionKind::Child => "child",
            QuestionKind::Permutation => "permutation",
            QuestionKind::Counts => "counts",
        }
    }
}

/// One thing to answer: a field at a node.
#[derive(Clone, PartialEq, Debug)]
pub struct Question {
    /// The node's path (for `pruned`: the child below the edge; for `choice`: "").
    pub path: String,
    /// The node's name in the figure.
    pub label: String,
    /// Which answer field.
    pub field: Field,
    /// What kind of value.
    pub kind: QuestionKind,
}

/// One wrong (or missing) answer.
#[derive(Clone, PartialEq, Debug)]
pub struct Mistake {
    /// The node's path.
    pub node: String,
    /// The node's name in the figure.
    pub label: String,
    /// Which field.
    pub field: Field,
    /// The answer key's item.
    pub expected: Item,
    /// What was given ([`Item::Missing`] when nothing was).
    pub got: Item,
    /// The misconception the wrong answer matches, if any.
    pub misconception: Option<Misconception>,
    /// The misconception at this node, in one line with the figure's names.
    pub explanation: Option<String>,
    /// The step of the key's trace that reaches this cell (for sorting and for "reveal
    /// all"): a `Stepper` of the same tree and options seeked to `step + 1` shows it done.
    pub step: u32,
}

/// One step of the algorithm: a cell with its rule.
#[derive(Clone, PartialEq, Debug)]
pub struct Step {
    /// The node's path.
    pub node: String,
    /// The node's name in the figure.
    pub label: String,
    /// Which field.
    pub field: Field,
    /// The answer key's item.
    pub expected: Item,
    /// The rule that applies, with the answer, in the lessons' words
    /// ("at C, v = 2 ≤ α = 3: MIN stops, c2 and c3 are pruned").
    pub rule: String,
    /// The rule without the answer (a hint).
    pub hint: String,
    /// The index of this step in the key's trace (a leaf is one step, as the `Stepper`
    /// counts them): a `Stepper` of the same tree and options seeked to it shows the state
    /// just before the step (MCTS: the event index within the iteration after
    /// [`MctsSetup::iterations`]).
    pub step: u32,
}

/// A grade: the record a page or an LMS stores, plus what the feedback needs.
#[derive(Clone, PartialEq, Debug)]
pub struct Grade {
    /// The task.
    pub task: Task,
    /// The generator's seed (None for a given tree).
    pub seed: Option<u64>,
    /// The tree text.
    pub tree: String,
    /// Correct cells, less one for each answer given where the key has nothing (a value or a
    /// window at a node the search never reaches, N and W changed off the path), never below
    /// 0: `score == max` exactly when there is no mistake.
    pub score: u32,
    /// All cells.
    pub max: u32,
    /// Every cell correct and nothing extra.
    pub done: bool,
    /// The mistakes, in the algorithm's visiting order.
    pub mistakes: Vec<Mistake>,
    /// The correct cells as (field, path).
    pub correct: Vec<(Field, String)>,
    /// The first wrong step with its rule (None when done).
    pub first_wrong: Option<Step>,
    /// The misconception of the first wrong step, if it matches one.
    pub misconception: Option<Misconception>,
    /// Its one-line explanation.
    pub explanation: Option<String>,
    /// A one-line summary ("9 of 12 correct; first wrong step at C").
    pub summary: String,
}

/// Options of an exercise.
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct ExerciseOptions {
    /// The α-β tie rule (α-β tasks and move ordering).
    pub tie: TieRule,
    /// The generator's seed, reported in grades (None for a given tree).
    pub seed: Option<u64>,
    /// MCTS: the exploration constant C.
    pub c: f64,
    /// MCTS: the seed of the search (rollouts).
    pub mcts_seed: u64,
    /// MCTS: iterations run before the one asked about (None: the root's children + 4).
    pub iterations: Option<u32>,
}

impl Default for ExerciseOptions {
    fn default() -> Self {
        ExerciseOptions {
            tie: TieRule::NonStrict,
            seed: None,
            c: std::f64::consts::SQRT_2,
            mcts_seed: 1,
            iterations: None,
        }
    }
}

/// One node of the MCTS tree as the exercise shows it (before the asked iteration).
#[derive(Clone, PartialEq, Debug)]
pub struct MctsShown {
    /// The node's path in the game tree.
    pub path: String,
    /// Its label.
    pub label: String,
    /// Visits.
    pub n: u32,
    /// Total reward of the player who moved into it (the root: its player to move).
    pub w: f64,
    /// That player (0 MAX, 1 MIN).
    pub mover: u8,
}

/// The MCTS task's set-up: the search the tree comes from.
#[derive(Clone, PartialEq, Debug)]
pub struct MctsSetup {
    /// C.
    pub c: f64,
    /// The search's seed (`MctsStepper.forTree(tree, {c, seed})`).
    pub seed: u64,
    /// Iterations already run; the task asks about the next one.
    pub iterations: u32,
    /// The next iteration's rollout result: MAX's reward in [0, 1] (MIN's is 1 − it).
    pub reward: f64,
    /// The tree after `iterations` iterations, in arena order (root first).
    pub nodes: Vec<MctsShown>,
}

/// Move ordering: what the core found.
#[derive(Clone, PartialEq, Debug)]
pub struct OrderingKey {
    /// The fewest leaves α-β evaluated over the orderings tried.
    pub min_leaves: u64,
    /// Leaves evaluated in the given order.
    pub given_leaves: u64,
    /// Whether every ordering was tried (then `min_leaves` is the minimum).
    pub exhaustive: bool,
    /// An ordering that achieves `min_leaves`: inner node id → child indices.
    pub best: Vec<(u32, Vec<u32>)>,
}

/// A cell of the key.
#[derive(Clone, Debug)]
struct Cell {
    field: Field,
    node: u32,
    event: u32,
    expected: Item,
    tol: f64,
    /// Typical wrong answers: (item, misconception, explanation).
    alts: Vec<(Item, Misconception, String)>,
    rule: String,
    hint: String,
}

/// An exercise: a task on a tree with its answer key.
#[derive(Clone, Debug)]
pub struct Exercise {
    task: Task,
    opts: ExerciseOptions,
    tree: Tree,
    text: String,
    cells: Vec<Cell>,
    questions: Vec<Question>,
    /// (field, node) → index in `cells`.
    index: BTreeMap<(Field, u32), usize>,
    /// The key under the other tie rule (α-β tasks), for the tie misconceptions.
    other_tie: BTreeMap<(Field, u32), Item>,
    /// Per tree node: the event where the search reaches it, or the cutoff that pruned it.
    node_event: Vec<u32>,
    /// Per tree node below a pruned edge: that edge's child.
    pruned_under: Vec<Option<u32>>,
    /// α-β: the nodes where a stop test compared v with an equal bound and the two tie rules
    /// part (tree node, the event that entered it, "C (MIN), v = α = 3"), in visiting order.
    ties: Vec<(u32, u32, String)>,
    mcts: Option<MctsSetup>,
    /// MCTS: old (N, W) by tree node.
    mcts_old: BTreeMap<u32, (f64, f64)>,
    ordering: Option<OrderingKey>,
    trace_len: u32,
    /// Per event of the key's trace, its step (empty for MCTS, whose events are its steps).
    event_step: Vec<u32>,
}

/// Reads a scalar node value.
fn scalar(v: Option<NodeValue>) -> f64 {
    match v {
        Some(NodeValue::Scalar(x)) => x,
        Some(NodeValue::Vector(u)) => u[0],
        None => f64::NAN,
    }
}

impl Exercise {
    /// An exercise on a given tree. Fails (naming the reason) when the task does not apply to
    /// the tree (a max^n task on a two-player tree, chance nodes in minimax, …).
    pub fn new(task: Task, tree: Tree, opts: ExerciseOptions) -> Result<Exercise, String> {
        let text = tree.to_text();
        Exercise::build(task, tree, text, opts)
    }

    fn build(task: Task, tree: Tree, text: String, opts: ExerciseOptions) -> Result<Exercise, String> {
        if tree.node_count() > MAX_PRACTICE_NODES {
            return Err(format!(
                "the tree has {} nodes; practice trees have at most {MAX_PRACTICE_NODES}",
                tree.node_count()
            ));
        }
        if tree.children(0).is_empty() {
            return Err("the tree is a single leaf: there is nothing to practise".to_string());
        }
        let chance = tree.nodes().iter().any(|n| n.kind() == Kind::Chance);
        let tuples = tree.has_tuples();
        match task {
            Task::MaxN if !tuples => {
                return Err("task maxn needs a tree with utility tuples at the leaves, like (1, 2, 6)".into())
            }
            Task::MaxN => {}
            _ if tuples => {
                return Err(format!(
                    "task {task} needs a two-player tree (number leaves); tuple leaves are for task maxn"
                ))
            }
            Task::Minimax | Task::Mcts | Task::Ordering if chance => {
                return Err(format!(
                    "task {task} needs a tree without chance nodes (use expectiminimax, or an α-β task)"
                ))
            }
            _ => {}
        }
        if task == Task::Ordering && tree.node_count() > MAX_ORDERING_NODES {
            return Err(format!(
                "task ordering takes trees of at most {MAX_ORDERING_NODES} nodes (this one has {}): the core \
                 searches over orderings",
                tree.node_count()
            ));
        }
        if !opts.c.is_finite() || opts.c < 0.0 || opts.c > 100.0 {
            return Err(format!("c must be a number from 0 to 100, got {}", crate::decimal::display(opts.c)));
        }
        let mut ex = Exercise {
            task,
            opts,
            text,
            cells: Vec::new(),
            questions: Vec::new(),
            index: BTreeMap::new(),
            other_tie: BTreeMap::new(),
            node_event: vec![u32::MAX; tree.node_count()],
            pruned_under: vec![None; tree.node_count()],
            ties: Vec::new(),
            mcts: None,
            mcts_old: BTreeMap::new(),
            ordering: None,
            trace_len: 0,
            event_step: Vec::new(),
            tree,
        };
        match task {
            Task::Minimax | Task::Expectiminimax | Task::MaxN => ex.build_minimax()?,
            Task::AlphaBetaLeaves | Task::AlphaBetaFull => ex.build_alphabeta()?,
            Task::Mcts => ex.build_mcts()?,
            Task::Ordering => ex.build_ordering()?,
        }
        let cells = &ex.cells;
        let key = |i: usize| (cells[i].event, cells[i].field, cells[i].node);
        let order = stable_order(cells.len(), &|i, j| key(i).cmp(&key(j)));
        ex.cells = permuted(std::mem::take(&mut ex.cells), &order);
        for (i, c) in ex.cells.iter().enumerate() {
            ex.index.insert((c.field, c.node), i);
        }
        ex.questions = ex.make_questions();
        Ok(ex)
    }

    /// A generated exercise: [`generate`] with `params`, then [`Exercise::new`] with the
    /// params' tie rule and C; MCTS draws its search seed and iteration count from `seed`.
    /// The tree text is the generator's (probabilities as fractions like `1/3`).
    pub fn generate(task: Task, params: &GenParams, seed: u64) -> Result<Exercise, String> {
        let (tree, text) = generate(task, params, seed)?;
        Exercise::build(task, tree, text, generate::exercise_options(task, params, seed))
    }

    /// The task.
    pub fn task(&self) -> Task {
        self.task
    }

    /// The options.
    pub fn options(&self) -> &ExerciseOptions {
        &self.opts
    }

    /// The tree.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The tree's text: the generator's for generated exercises, else `Tree::to_text`. Both
    /// parse back into the same tree.
    pub fn tree_text(&self) -> &str {
        &self.text
    }

    /// What to answer, in depth-first order.
    pub fn questions(&self) -> &[Question] {
        &self.questions
    }

    /// The number of graded cells (a grade's `max`).
    pub fn max_score(&self) -> u32 {
        self.cells.len() as u32
    }

    /// The steps of the key's trace (0 for ordering; MCTS: the events of the asked
    /// iteration).
    pub fn trace_len(&self) -> u32 {
        self.trace_len
    }

    /// The MCTS set-up (task mcts only).
    pub fn mcts(&self) -> Option<&MctsSetup> {
        self.mcts.as_ref()
    }

    /// What the core found for move ordering (task ordering only).
    pub fn ordering(&self) -> Option<&OrderingKey> {
        self.ordering.as_ref()
    }

    /// The instructions, one paragraph.
    pub fn prompt(&self) -> String {
        rules::prompt(self)
    }

    /// The answer key as [`Answers`] (it grades as full marks).
    pub fn answer_key(&self) -> Answers {
        let mut a = Answers::default();
        for f in self.task.fields() {
            match f {
                Field::Values => a.values = Some(BTreeMap::new()),
                Field::Windows => a.windows = Some(BTreeMap::new()),
                Field::Pruned => a.pruned = Some(Vec::new()),
                Field::Visits => a.visits = Some(BTreeMap::new()),
                Field::Order => a.order = Some(BTreeMap::new()),
                Field::Choice => {}
            }
        }
        for c in &self.cells {
            let path = self.tree.path_text(c.node);
            match (&c.field, &c.expected) {
                (Field::Values, Item::Number(v)) => {
                    a.values.get_or_insert_with(BTreeMap::new).insert(path, Answer::Number(*v));
                }
                (Field::Values, Item::Numbers(v)) => {
                    a.values.get_or_insert_with(BTreeMap::new).insert(path, Answer::Numbers(v.clone()));
                }
                (Field::Windows, Item::Numbers(v)) => {
                    a.windows.get_or_insert_with(BTreeMap::new).insert(path, [v[0], v[1]]);
                }
                (Field::Visits, Item::Numbers(v)) => {
                    a.visits.get_or_insert_with(BTreeMap::new).insert(path, [v[0], v[1]]);
                }
                (Field::Pruned, Item::Mark(true)) => a.pruned.get_or_insert_with(Vec::new).push(path),
                (Field::Choice, Item::Path(p)) => a.choice = Some(p.clone()),
                _ => {}
            }
        }
        if let Some(o) = &self.ordering {
            let m = a.order.get_or_insert_with(BTreeMap::new);
            for (id, perm) in &o.best {
                m.insert(self.tree.path_text(*id), perm.clone());
            }
        }
        a
    }

    /// Grades `answers`. Bad answers (an unknown path, a field the task does not ask for, a
    /// tuple of the wrong length, NaN, …) are an error naming the place; never a panic.
    pub fn grade(&self, answers: &Answers) -> Result<Grade, String> {
        let given = self.read(answers)?;
        let mut mistakes = Vec::new();
        let mut correct = Vec::new();
        let got_of = |c: &Cell| {
            given.get(&(c.field, c.node)).cloned().unwrap_or(match c.field {
                Field::Pruned => Item::Mark(false),
                _ => Item::Missing,
            })
        };
        // Evidence that the student follows the other tie rule: a pruned mark that is wrong
        // under this rule and right under the other. Then the tie explains the other cells
        // first (a value the other rule returns may also be, say, an exact minimax value).
        let tie_evidence = self.cells.iter().any(|c| {
            c.field == Field::Pruned
                && self.other_tie.get(&(c.field, c.node)).is_some_and(|o| *o != c.expected && *o == got_of(c))
        });
        for c in &self.cells {
            let got = got_of(c);
            let ok = if c.field == Field::Order {
                Item::ordering_ok(&c.expected, &got)
            } else {
                c.expected.matches(&got, c.tol)
            };
            if ok {
                correct.push((c.field, self.tree.path_text(c.node)));
                continue;
            }
            let (misconception, explanation) = self.diagnose(c, &got, &given, tie_evidence);
            mistakes.push(self.mistake(
                c.field,
                c.node,
                c.expected.clone(),
                got,
                misconception,
                explanation,
                c.event,
            ));
        }
        // Answers for nodes that have no cell.
        let mut extras = 0u32;
        for ((field, node), got) in &given {
            if self.index.contains_key(&(*field, *node)) {
                continue;
            }
            if let Some(m) = self.extra(*field, *node, got) {
                mistakes.push(m);
                extras += 1;
            }
        }
        let key = |i: usize| (mistakes[i].step, mistakes[i].field, &mistakes[i].node);
        let order = stable_order(mistakes.len(), &|i, j| key(i).cmp(&key(j)));
        let mistakes = permuted(mistakes, &order);
        let first_wrong = mistakes
            .first()
            .map(|m| self.step_of(m.field, m.node_id(&self.tree), m.expected.clone(), m.step));
        let cells_ok = correct.len() as u32;
        let score = cells_ok.saturating_sub(extras);
        let max = self.cells.len() as u32;
        let done = mistakes.is_empty();
        let (misconception, explanation) =
            mistakes.first().map(|m| (m.misconception, m.explanation.clone())).unwrap_or((None, None));
        let summary = match mistakes.first() {
            None => format!("all {max} correct"),
            // Move ordering is one cell for the whole tree: say what the order costs.
            Some(m) if m.field == Field::Order => format!(
                "{score} of {max} correct: in this order α-β evaluates {} leaves; {} {}",
                m.got.text(),
                m.expected.text(),
                if self.ordering.as_ref().is_some_and(|o| o.exhaustive) {
                    "is the fewest possible"
                } else {
                    "is the fewest the core found"
                }
            ),
            Some(m) if extras > 0 => format!(
                "{score} of {max}: {cells_ok} cells correct, less {extras} for {}; the first wrong step is at {} ({})",
                if extras == 1 {
                    "an answer where there is nothing to give"
                } else {
                    "answers where there is nothing to give"
                },
                m.label,
                self.field_word(m.field)
            ),
            Some(m) => format!(
                "{score} of {max} correct; the first wrong step is at {} ({})",
                m.label,
                self.field_word(m.field)
            ),
        };
        Ok(Grade {
            task: self.task,
            seed: self.opts.seed,
            tree: self.text.clone(),
            score,
            max,
            done,
            mistakes,
            correct,
            first_wrong,
            misconception,
            explanation,
            summary,
        })
    }

    /// What a field asks, in the summary's words: `value` (`tuple` in max^n, `UCB1` in
    /// MCTS), `window`, `pruned`, `choice`, `N, W`, `order`.
    pub fn field_word(&self, field: Field) -> &'static str {
        match (field, self.task) {
            (Field::Values, Task::MaxN) => "tuple",
            (Field::Values, Task::Mcts) => "UCB1",
            (Field::Values, _) => "value",
            (Field::Windows, _) => "window",
            (Field::Pruned, _) => "pruned",
            (Field::Choice, _) => "choice",
            (Field::Visits, _) => "N, W",
            (Field::Order, _) => "order",
        }
    }

    /// The next step's rule without its answer: the first wrong or missing cell in visiting
    /// order (None when everything is right).
    pub fn hint(&self, answers: &Answers) -> Result<Option<Step>, String> {
        let g = self.grade(answers)?;
        Ok(g.first_wrong.map(|mut s| {
            s.rule = String::new();
            s.expected = Item::Missing;
            s
        }))
    }

    /// The next step with its answer and rule (None when everything is right).
    pub fn reveal_next(&self, answers: &Answers) -> Result<Option<Step>, String> {
        Ok(self.grade(answers)?.first_wrong)
    }

    /// The steps of the key, in visiting order.
    pub fn steps(&self) -> Vec<Step> {
        self.cells
            .iter()
            .map(|c| self.step_of(c.field, c.node, c.expected.clone(), self.step_at(c.event)))
            .collect()
    }

    #[allow(clippy::too_many_arguments)]
    fn mistake(
        &self,
        field: Field,
        node: u32,
        expected: Item,
        got: Item,
        misconception: Option<Misconception>,
        explanation: Option<String>,
        event: u32,
    ) -> Mistake {
        Mistake {
            node: self.tree.path_text(node),
            label: self.tree.label(node).unwrap_or("?").to_string(),
            field,
            expected,
            got,
            misconception,
            explanation,
            step: self.step_at(event),
        }
    }

    /// The step of the key's trace that applies `event` (`u32::MAX` stays: no step).
    fn step_at(&self, event: u32) -> u32 {
        match self.event_step.get(event as usize) {
            Some(&s) => s,
            None if self.event_step.is_empty() => event,
            None => u32::MAX,
        }
    }

    /// Keeps the key's trace length and its event → step map.
    fn keep_steps(&mut self, trace: &Trace<u32>) {
        self.trace_len = trace.len() as u32;
        self.event_step = (0..trace.events().len()).map(|e| trace.step_of_event(e) as u32).collect();
    }

    /// The step of cell (`field`, `node`), reached at step `step` of the key's trace.
    fn step_of(&self, field: Field, node: u32, expected: Item, step: u32) -> Step {
        let (rule, hint) = match self.index.get(&(field, node)) {
            Some(&i) => (self.cells[i].rule.clone(), self.cells[i].hint.clone()),
            None => rules::extra_rule(self, field, node),
        };
        Step {
            node: self.tree.path_text(node),
            label: self.tree.label(node).unwrap_or("?").to_string(),
            field,
            expected,
            rule,
            hint,
            step,
        }
    }

    /// Which misconception a wrong answer in cell `c` matches.
    fn diagnose(
        &self,
        c: &Cell,
        got: &Item,
        given: &BTreeMap<(Field, u32), Item>,
        tie_first: bool,
    ) -> (Option<Misconception>, Option<String>) {
        let other = self.other_tie.get(&(c.field, c.node));
        let tie = other.is_some_and(|o| o.matches(got, c.tol) && !o.matches(&c.expected, c.tol));
        if tie && tie_first {
            return self.tie_misconception(c.field, c.node, c.event);
        }
        for (alt, m, why) in &c.alts {
            if alt.matches(got, c.tol) {
                return (Some(*m), Some(why.clone()));
            }
        }
        if c.field == Field::Visits && *got == Item::Missing {
            // Leaf-only backup: the new node's cell answered, this ancestor left out.
            if let Some(alt) = c.alts.iter().find(|a| a.1 == Misconception::LeafOnlyBackup) {
                let answered = self
                    .cells
                    .iter()
                    .any(|d| d.field == Field::Visits && given.contains_key(&(d.field, d.node)));
                if answered {
                    return (Some(alt.1), Some(alt.2.clone()));
                }
            }
        }
        if tie {
            return self.tie_misconception(c.field, c.node, c.event);
        }
        (None, None)
    }

    /// The tie misconception of a cell whose wrong answer is the other tie rule's key: named
    /// only where the trace holds a tie (v equal to the bound it is tested against where the
    /// two rules part), and at that node: the cell's own node or its nearest ancestor with a
    /// tie, else the last tie the search met before the cell's step.
    fn tie_misconception(
        &self,
        field: Field,
        node: u32,
        event: u32,
    ) -> (Option<Misconception>, Option<String>) {
        let t = &self.tree;
        let start = if field == Field::Pruned { t.parent(node) } else { Some(node) };
        let mut at = None;
        let mut a = start;
        while let (Some(n), None) = (a, at) {
            at = self.ties.iter().find(|x| x.0 == n);
            a = t.parent(n);
        }
        let at = at.or_else(|| self.ties.iter().rev().find(|x| x.1 <= event)).or_else(|| self.ties.first());
        let Some((id, _, tie)) = at else { return (None, None) };
        match self.opts.tie {
            TieRule::NonStrict => (
                Some(Misconception::StrictTie),
                Some(format!(
                    "this answer follows the strict rule (prune only on v > β / v < α), but here a tie prunes: \
                     at {tie}, and the lessons' rule v ≥ β / v ≤ α stops there"
                )),
            ),
            TieRule::Strict => (
                Some(Misconception::NonStrictTie),
                Some(format!(
                    "this answer prunes on a tie (v ≥ β / v ≤ α), but this exercise uses the strict rule: \
                     at {tie} is a tie, and {} stops only when {}",
                    if t.kind(*id) == Some(Kind::Max) { "MAX" } else { "MIN" },
                    if t.kind(*id) == Some(Kind::Max) { "v > β" } else { "v < α" }
                )),
            ),
        }
    }

    /// An answer for a node without a cell: a mistake unless it states what the key implies.
    fn extra(&self, field: Field, node: u32, got: &Item) -> Option<Mistake> {
        let event = self.node_event.get(node as usize).copied().unwrap_or(u32::MAX);
        let (expected, tol) = match field {
            Field::Visits => {
                let (n, w) = self.mcts_old.get(&node).copied().unwrap_or((0.0, 0.0));
                (Item::Numbers(vec![n, w]), LOOSE_TOLERANCE)
            }
            Field::Pruned => (Item::Mark(false), 0.0),
            _ => (Item::Missing, 0.0),
        };
        if expected.matches(got, tol) {
            return None;
        }
        // A mark below an edge that is already pruned: true (the search follows none of the
        // edges below it), so it is accepted like the mark on the edge itself.
        if field == Field::Pruned && *got == Item::Mark(true) && self.pruned_under[node as usize].is_some() {
            return None;
        }
        let (mut mis, mut why) = (None, None);
        if field == Field::Pruned {
            // A mark below an edge that is already pruned, or below a chance node.
            if self.tree.parent(node).and_then(|p| self.tree.kind(p)) == Some(Kind::Chance) {
                mis = Some(Misconception::ChancePruning);
                why = Some(rules::chance_pruning_text(self, node));
            }
        }
        if mis.is_none() {
            if let Some(other) = self.other_tie.get(&(field, node)) {
                if other.matches(got, tol) && !other.matches(&expected, tol) {
                    (mis, why) = self.tie_misconception(field, node, event);
                }
            }
        }
        Some(self.mistake(field, node, expected, got.clone(), mis, why, event))
    }

    /// Checks the answers' shape and maps them to (field, node) → item.
    fn read(&self, a: &Answers) -> Result<BTreeMap<(Field, u32), Item>, String> {
        let fields = self.task.fields();
        let present = [
            (Field::Values, a.values.is_some()),
            (Field::Windows, a.windows.is_some()),
            (Field::Pruned, a.pruned.is_some()),
            (Field::Choice, a.choice.is_some()),
            (Field::Order, a.order.is_some()),
            (Field::Visits, a.visits.is_some()),
        ];
        for (f, is) in present {
            if is && !fields.contains(&f) {
                return Err(format!(
                    "answers.{f}: task {} does not ask for {f} (it asks for {})",
                    self.task,
                    fields.iter().map(|f| f.name()).collect::<Vec<_>>().join(", ")
                ));
            }
        }
        let t = &self.tree;
        let mut out = BTreeMap::new();
        let finite = |place: &str, x: f64, inf_ok: bool| -> Result<(), String> {
            if x.is_nan() {
                Err(format!("{place}: NaN is not a value"))
            } else if x.is_infinite() && !inf_ok {
                Err(format!(
                    "{place}: {} is not allowed here (only windows take ±Infinity)",
                    crate::decimal::display(x)
                ))
            } else {
                Ok(())
            }
        };
        if let Some(values) = &a.values {
            for (path, v) in values {
                let place = format!("answers.values[\"{path}\"]");
                let id = node_at(t, &place, path)?;
                let item = match (v, self.task) {
                    (Answer::Numbers(u), Task::MaxN) => {
                        if u.len() != t.players() {
                            return Err(format!(
                                "{place}: a tuple needs {} entries (one per player), got {}",
                                t.players(),
                                u.len()
                            ));
                        }
                        for x in u {
                            finite(&place, *x, false)?;
                        }
                        Item::Numbers(u.clone())
                    }
                    (Answer::Number(_), Task::MaxN) => {
                        return Err(format!("{place}: max^n values are tuples like [1, 2, 6], got a number"))
                    }
                    (Answer::Numbers(_), _) => {
                        return Err(format!(
                            "{place}: expected a number, got a list (tuples are for task maxn)"
                        ))
                    }
                    (Answer::Number(x), _) => {
                        finite(&place, *x, self.task == Task::AlphaBetaFull)?;
                        Item::Number(*x)
                    }
                };
                if self.task == Task::Mcts {
                    if t.parent(id) != Some(0) {
                        return Err(format!(
                            "{place}: the MCTS task asks for the UCB1 of the root's children only"
                        ));
                    }
                } else if t.children(id).is_empty() {
                    return Err(format!("{place}: \"{path}\" is a leaf; leaf values are given"));
                }
                out.insert((Field::Values, id), item);
            }
        }
        if let Some(windows) = &a.windows {
            for (path, w) in windows {
                let place = format!("answers.windows[\"{path}\"]");
                let id = node_at(t, &place, path)?;
                finite(&place, w[0], true)?;
                finite(&place, w[1], true)?;
                if id == 0 {
                    return Err(format!("{place}: the root's window is given: (−∞, +∞)"));
                }
                if t.children(id).is_empty() {
                    return Err(format!("{place}: \"{path}\" is a leaf; windows are asked at inner nodes"));
                }
                out.insert((Field::Windows, id), Item::Numbers(vec![w[0], w[1]]));
            }
        }
        if let Some(pruned) = &a.pruned {
            for (i, path) in pruned.iter().enumerate() {
                let place = format!("answers.pruned[{i}]");
                let id = node_at(t, &place, path)?;
                if id == 0 {
                    return Err(format!(
                        "{place}: the root cannot be pruned (name an edge by the child below it)"
                    ));
                }
                if self.task == Task::AlphaBetaLeaves && !t.children(id).is_empty() {
                    return Err(format!(
                        "{place}: \"{path}\" is not a leaf; task alphabeta-leaves marks the leaves never evaluated"
                    ));
                }
                out.insert((Field::Pruned, id), Item::Mark(true));
            }
        }
        if let Some(choice) = &a.choice {
            let id = node_at(t, "answers.choice", choice)?;
            if t.parent(id) != Some(0) {
                return Err(format!("answers.choice: \"{choice}\" is not a child of the root"));
            }
            out.insert((Field::Choice, 0), Item::Path(choice.clone()));
        }
        if let Some(order) = &a.order {
            for (path, perm) in order {
                let place = format!("answers.order[\"{path}\"]");
                let id = node_at(t, &place, path)?;
                let k = t.children(id).len();
                if k == 0 {
                    return Err(format!("{place}: \"{path}\" is a leaf; it has no children to order"));
                }
                let mut seen = vec![false; k];
                let ok = perm.len() == k
                    && perm
                        .iter()
                        .all(|&i| (i as usize) < k && !std::mem::replace(&mut seen[i as usize], true));
                if !ok {
                    return Err(format!(
                        "{place}: {} is not an order of {}'s {k} children (each of 0–{} once)",
                        Item::Order(perm.clone()).text(),
                        t.label(id).unwrap_or("?"),
                        k - 1
                    ));
                }
            }
            let leaves = self
                .leaves_with_order(&mut self.tree.clone(), |id| order.get(&self.tree.path_text(id)).cloned());
            out.insert((Field::Order, 0), Item::Number(leaves as f64));
        }
        if let Some(visits) = &a.visits {
            for (path, nw) in visits {
                let place = format!("answers.visits[\"{path}\"]");
                let id = node_at(t, &place, path)?;
                finite(&place, nw[0], false)?;
                finite(&place, nw[1], false)?;
                out.insert((Field::Visits, id), Item::Numbers(vec![nw[0], nw[1]]));
            }
        }
        Ok(out)
    }

    fn make_questions(&self) -> Vec<Question> {
        let t = &self.tree;
        let mut q = Vec::new();
        let mut push = |id: u32, field: Field, kind: QuestionKind| {
            q.push(Question {
                path: t.path_text(id),
                label: t.label(id).unwrap_or("?").to_string(),
                field,
                kind,
            })
        };
        let preorder: Vec<u32> = (0..t.node_count() as u32).collect(); // ids are preorder
        match self.task {
            Task::Minimax | Task::Expectiminimax | Task::MaxN => {
                let kind = if self.task == Task::MaxN { QuestionKind::Tuple } else { QuestionKind::Number };
                for &id in &preorder {
                    if !t.children(id).is_empty() {
                        push(id, Field::Values, kind);
                    }
                }
                push(0, Field::Choice, QuestionKind::Child);
            }
            Task::AlphaBetaLeaves => {
                for id in t.leaves() {
                    push(id, Field::Pruned, QuestionKind::Mark);
                }
            }
            Task::AlphaBetaFull => {
                for &id in &preorder {
                    if id != 0 {
                        push(id, Field::Pruned, QuestionKind::Mark);
                    }
                    if !t.children(id).is_empty() {
                        if id != 0 {
                            push(id, Field::Windows, QuestionKind::Window);
                        }
                        push(id, Field::Values, QuestionKind::Number);
                    }
                }
            }
            Task::Mcts => {
                for &c in t.children(0) {
                    push(c, Field::Values, QuestionKind::Number);
                }
                push(0, Field::Choice, QuestionKind::Child);
                // Every node of the MCTS tree, then every child not yet in it (the node an
                // expansion may add), so that a front end has a field for each.
                if let Some(m) = &self.mcts {
                    let ids: Vec<u32> = m.nodes.iter().filter_map(|n| node_at(t, "", &n.path).ok()).collect();
                    for &id in &ids {
                        push(id, Field::Visits, QuestionKind::Counts);
                    }
                    for &id in &ids {
                        for &c in t.children(id) {
                            if !ids.contains(&c) {
                                push(c, Field::Visits, QuestionKind::Counts);
                            }
                        }
                    }
                }
            }
            Task::Ordering => {
                for &id in &preorder {
                    if !t.children(id).is_empty() {
                        push(id, Field::Order, QuestionKind::Permutation);
                    }
                }
            }
        }
        q
    }

    // ---------------------------------------------------------------------------------
    // Keys

    /// Records the depth-first search of the task; returns the trace and the tree node of
    /// every trace node.
    fn record(&self, tie: TieRule) -> (Trace<u32>, Vec<u32>) {
        let t = &self.tree;
        let mut rec = Recorder::new(t, 0).with_node_cap(MAX_PRACTICE_NODES + 1);
        match self.task {
            Task::AlphaBetaLeaves | Task::AlphaBetaFull => {
                alpha_beta(t, &0, &AlphaBetaOptions { tie, ..Default::default() }, &mut rec);
            }
            Task::MaxN => {
                maxn_values(t, &0, &mut rec);
            }
            _ => {
                minimax(t, &0, &mut rec);
            }
        }
        let trace = rec.finish();
        let mut tree_of = vec![0u32; trace.nodes().len()];
        for (i, n) in trace.nodes().iter().enumerate() {
            if let (Some(p), Some(ix)) = (n.parent, n.index) {
                tree_of[i] = t.children(tree_of[p as usize])[ix as usize];
            }
        }
        (trace, tree_of)
    }

    fn build_minimax(&mut self) -> Result<(), String> {
        let (trace, tree_of) = self.record(self.opts.tie);
        self.keep_steps(&trace);
        for (i, n) in trace.nodes().iter().enumerate() {
            let id = tree_of[i];
            self.node_event[id as usize] = n.enter_event;
            if n.leaf.is_some() {
                continue;
            }
            let tol = if rules::below_chance(&self.tree, id) { LOOSE_TOLERANCE } else { EXACT_TOLERANCE };
            let kids: Vec<(u32, NodeValue)> = n
                .children
                .iter()
                .filter_map(|&c| Some((tree_of[c as usize], trace.node(c)?.value?)))
                .collect();
            let expected = match n.value {
                Some(NodeValue::Scalar(v)) => Item::Number(v),
                Some(NodeValue::Vector(u)) => Item::Numbers(u[..self.tree.players()].to_vec()),
                None => Item::Missing,
            };
            let (rule, hint) = rules::minimax_value(self, id, n.kind, &kids, &expected);
            let mut alts = Vec::new();
            if self.task != Task::MaxN {
                let vals: Vec<f64> = kids.iter().map(|k| scalar(Some(k.1))).collect();
                let probs: Vec<f64> =
                    kids.iter().map(|k| self.tree.probability(k.0).unwrap_or(1.0)).collect();
                let label = self.tree.label(id).unwrap_or("?");
                match n.kind {
                    NodeKind::Max | NodeKind::Min => {
                        let (alt, was, as_) = if n.kind == NodeKind::Max {
                            (vals.iter().copied().fold(f64::INFINITY, f64::min), "MAX", "MIN")
                        } else {
                            (vals.iter().copied().fold(f64::NEG_INFINITY, f64::max), "MIN", "MAX")
                        };
                        alts.push((
                            Item::Number(alt),
                            Misconception::MaxAsMin,
                            format!(
                                "{label} is a {was} node, but this value treats it as {as_}: {} instead of {}",
                                crate::search::fmt_value(alt),
                                expected.text()
                            ),
                        ));
                    }
                    NodeKind::Chance => {
                        let mean = vals.iter().sum::<f64>() / vals.len().max(1) as f64;
                        let weighted = vals.iter().zip(&probs).map(|(v, p)| v * p).sum::<f64>();
                        if (mean - weighted).abs() > tol {
                            alts.push((
                                Item::Number(mean),
                                Misconception::UnweightedAverage,
                                format!(
                                    "{} is the plain mean of {label}'s children; a chance node weighs each \
                                     child by its probability: {}",
                                    crate::search::fmt_value(mean),
                                    rules::weighted_sum_text(&vals, &probs, weighted)
                                ),
                            ));
                        }
                    }
                    NodeKind::Player(_) => {}
                }
            }
            self.cells.push(Cell {
                field: Field::Values,
                node: id,
                event: n.exit_event.unwrap_or(u32::MAX),
                expected,
                tol,
                alts,
                rule,
                hint,
            });
        }
        // The decision.
        let r = trace.result().cloned();
        if let Some(child) = r.as_ref().and_then(|r| r.best_child) {
            let best = tree_of[child as usize];
            let (rule, hint) = rules::choice(self, best, &trace, &tree_of);
            self.cells.push(Cell {
                field: Field::Choice,
                node: 0,
                event: r.as_ref().and_then(|r| r.event).unwrap_or(u32::MAX),
                expected: Item::Path(self.tree.path_text(best)),
                tol: 0.0,
                alts: Vec::new(),
                rule,
                hint,
            });
        }
        Ok(())
    }

    fn build_alphabeta(&mut self) -> Result<(), String> {
        let tie = self.opts.tie;
        let (trace, tree_of) = self.record(tie);
        self.keep_steps(&trace);
        let full = self.task == Task::AlphaBetaFull;
        let t = self.tree.clone();
        // Where each tree node is reached, and which pruned edge hides the others.
        let mut entered = vec![None::<u32>; t.node_count()];
        for (i, &id) in tree_of.iter().enumerate() {
            entered[id as usize] = Some(i as u32);
            self.node_event[id as usize] = trace.nodes()[i].enter_event;
        }
        let mut pruned_event: BTreeMap<u32, u32> = BTreeMap::new();
        for e in trace.pruned() {
            let child = t.children(tree_of[e.parent as usize])[e.index as usize];
            pruned_event.insert(child, e.event);
        }
        for id in 0..t.node_count() as u32 {
            if entered[id as usize].is_some() {
                continue;
            }
            let mut a = id;
            while !pruned_event.contains_key(&a) {
                match t.parent(a) {
                    Some(p) => a = p,
                    None => break,
                }
            }
            if let Some(&ev) = pruned_event.get(&a) {
                self.node_event[id as usize] = ev;
                self.pruned_under[id as usize] = Some(a);
            }
        }
        let info = rules::AbInfo::new(&trace, &tree_of, tie);
        self.ties = rules::ties(self, &info, &trace);
        // The key under the other tie rule, for the tie misconceptions.
        let other_rule = match tie {
            TieRule::NonStrict => TieRule::Strict,
            TieRule::Strict => TieRule::NonStrict,
        };
        let (otrace, otree_of) = self.record(other_rule);
        let mut oentered = vec![None::<u32>; t.node_count()];
        for (i, &id) in otree_of.iter().enumerate() {
            oentered[id as usize] = Some(i as u32);
        }
        for id in 0..t.node_count() as u32 {
            let reached = oentered[id as usize].is_some();
            if full {
                if id != 0 {
                    self.other_tie.insert((Field::Pruned, id), Item::Mark(!reached));
                }
                if let Some(i) = oentered[id as usize].filter(|_| !t.children(id).is_empty()) {
                    let n = &otrace.nodes()[i as usize];
                    self.other_tie.insert((Field::Values, id), Item::Number(scalar(n.value)));
                    if id != 0 {
                        self.other_tie.insert((Field::Windows, id), Item::Numbers(vec![n.alpha, n.beta]));
                    }
                } else if !t.children(id).is_empty() {
                    self.other_tie.insert((Field::Values, id), Item::Missing);
                    self.other_tie.insert((Field::Windows, id), Item::Missing);
                }
            } else if t.children(id).is_empty() {
                self.other_tie.insert((Field::Pruned, id), Item::Mark(!reached));
            }
        }
        // Cells.
        for id in 0..t.node_count() as u32 {
            let reached = entered[id as usize];
            let leaf = t.children(id).is_empty();
            let parent_chance = t.parent(id).and_then(|p| t.kind(p)) == Some(Kind::Chance);
            // pruned marks: α-β leaves: every leaf; full: every edge below an entered node.
            let mark_cell = if full {
                id != 0 && t.parent(id).is_some_and(|p| entered[p as usize].is_some())
            } else {
                leaf
            };
            if mark_cell {
                let expected = Item::Mark(reached.is_none());
                let (rule, hint) = rules::ab_mark(self, &info, id, reached.is_some());
                let mut alts = Vec::new();
                if reached.is_some() && parent_chance {
                    alts.push((
                        Item::Mark(true),
                        Misconception::ChancePruning,
                        rules::chance_pruning_text(self, id),
                    ));
                }
                if reached.is_some() {
                    if let Some(why) = rules::swapped_stop(self, &info, id) {
                        alts.push((Item::Mark(true), Misconception::MaxAsMin, why));
                    }
                }
                self.cells.push(Cell {
                    field: Field::Pruned,
                    node: id,
                    event: self.node_event[id as usize],
                    expected,
                    tol: 0.0,
                    alts,
                    rule,
                    hint,
                });
            }
            let (Some(ti), true, false) = (reached, full, leaf) else { continue };
            let n = &trace.nodes()[ti as usize];
            // The window it is entered with.
            if id != 0 {
                let (rule, hint, alts) = rules::ab_window(self, &info, ti);
                self.cells.push(Cell {
                    field: Field::Windows,
                    node: id,
                    event: n.enter_event,
                    expected: Item::Numbers(vec![n.alpha, n.beta]),
                    tol: EXACT_TOLERANCE,
                    alts,
                    rule,
                    hint,
                });
            }
            // The value it returns.
            let v = scalar(n.value);
            let (rule, hint) = rules::ab_value(self, &info, ti);
            let mut alts = Vec::new();
            let bound = n.kind != NodeKind::Chance && id != 0 && (v <= n.alpha || v >= n.beta);
            if bound {
                let exact = value_of(&t, id);
                if (exact - v).abs() > EXACT_TOLERANCE {
                    alts.push((
                        Item::Number(exact),
                        Misconception::BoundAsExact,
                        rules::bound_text(self, id, n.kind, v, n.alpha, n.beta, exact),
                    ));
                }
            }
            let tol = if rules::below_chance(&t, id) || n.kind == NodeKind::Chance {
                LOOSE_TOLERANCE
            } else {
                EXACT_TOLERANCE
            };
            self.cells.push(Cell {
                field: Field::Values,
                node: id,
                event: n.exit_event.unwrap_or(u32::MAX),
                expected: Item::Number(v),
                tol,
                alts,
                rule,
                hint,
            });
        }
        Ok(())
    }

    fn build_mcts(&mut self) -> Result<(), String> {
        let t = self.tree.clone();
        let root_kids = t.children(0).len() as u32;
        let k = self.opts.iterations.unwrap_or(root_kids + 4);
        if k < root_kids {
            return Err(format!(
                "iterations must be at least the root's {root_kids} children, so that selection at the root uses \
                 UCB1 (got {k})"
            ));
        }
        if k > 10_000 {
            return Err(format!("iterations must be at most 10,000, got {k}"));
        }
        let opts = MctsOptions {
            c: self.opts.c,
            seed: self.opts.mcts_seed,
            expansion: Expansion::Natural,
            max_nodes: u32::MAX,
            solver: false,
        };
        let mut m = Mcts::new(t.clone(), 0, opts);
        m.run(k);
        let mut shown = Vec::new();
        for id in 0..m.num_nodes() as u32 {
            if let Some(n) = m.node(id) {
                shown.push(MctsShown {
                    path: t.path_text(n.state),
                    label: t.label(n.state).unwrap_or("?").to_string(),
                    n: n.n,
                    w: n.w,
                    mover: n.mover.0,
                });
                self.mcts_old.insert(n.state, (n.n as f64, n.w));
            }
        }
        let ucb = m.ucb_terms(0);
        let state_of = |m: &Mcts<Tree>, id: u32| m.node(id).map(|n| n.state).unwrap_or(0);
        let q_best = {
            let kids: Vec<(u32, f64)> = ucb.iter().map(|&(c, e, _, _)| (c, e)).collect();
            let mut best: Option<(u32, f64)> = None;
            for (c, q) in kids {
                if best.is_none_or(|b| q > b.1) {
                    best = Some((c, q));
                }
            }
            best.map(|b| state_of(&m, b.0))
        };
        let ucb_states: Vec<(u32, f64, f64, f64, u32, f64)> = ucb
            .iter()
            .map(|&(c, e, x, total)| {
                let n = m.node(c);
                (state_of(&m, c), e, x, total, n.map_or(0, |n| n.n), n.map_or(0.0, |n| n.w))
            })
            .collect();
        let root_n = m.root().n;
        let mut events: Vec<Event<u32>> = Vec::new();
        m.iterate(&mut events);
        let mut reward = 0.0;
        let mut first_select = None;
        let mut new_node = None;
        for (i, e) in events.iter().enumerate() {
            match *e {
                Event::MctsSelect { node: 0, child, .. } if first_select.is_none() => {
                    first_select = Some((i as u32, state_of(&m, child)));
                }
                Event::MctsExpand { child, .. } => new_node = Some(state_of(&m, child)),
                Event::MctsRollout { reward: r, .. } => reward = r[0],
                _ => {}
            }
        }
        let Some((select_event, picked)) = first_select else {
            return Err("the next iteration does not select at the root".to_string());
        };
        for &(s, e, x, total, n, w) in &ucb_states {
            let (rule, hint) = rules::ucb_rule(self, s, e, x, total, n, w, root_n);
            self.cells.push(Cell {
                field: Field::Values,
                node: s,
                event: select_event,
                expected: Item::Number(total),
                tol: LOOSE_TOLERANCE,
                alts: Vec::new(),
                rule,
                hint,
            });
        }
        let best_total = ucb_states.iter().find(|u| u.0 == picked).map_or(0.0, |u| u.3);
        let mut alts = Vec::new();
        if let Some(q) = q_best.filter(|&q| q != picked) {
            alts.push((
                Item::Path(t.path_text(q)),
                Misconception::LargestQ,
                rules::largest_q_text(self, q, picked, &ucb_states),
            ));
        }
        let (rule, hint) = rules::mcts_choice(self, picked, best_total);
        self.cells.push(Cell {
            field: Field::Choice,
            node: 0,
            event: select_event,
            expected: Item::Path(t.path_text(picked)),
            tol: 0.0,
            alts,
            rule,
            hint,
        });
        for (i, e) in events.iter().enumerate() {
            if let Event::MctsBackup { node, visits, wins } = *e {
                let s = state_of(&m, node);
                let (old_n, old_w) = self.mcts_old.get(&s).copied().unwrap_or((0.0, 0.0));
                let mover = m.node(node).map_or(0, |n| n.mover.0);
                let (rule, hint) =
                    rules::backup_rule(self, s, old_n, old_w, visits, wins, reward, mover, new_node);
                let mut alts = Vec::new();
                if Some(s) != new_node && (old_n, old_w) != (visits as f64, wins) {
                    alts.push((
                        Item::Numbers(vec![old_n, old_w]),
                        Misconception::LeafOnlyBackup,
                        rules::leaf_only_text(self, s),
                    ));
                }
                self.cells.push(Cell {
                    field: Field::Visits,
                    node: s,
                    event: i as u32,
                    expected: Item::Numbers(vec![visits as f64, wins]),
                    tol: LOOSE_TOLERANCE,
                    alts,
                    rule,
                    hint,
                });
            }
        }
        for id in 0..t.node_count() as u32 {
            self.node_event[id as usize] = events.len() as u32;
        }
        self.trace_len = events.len() as u32;
        self.mcts = Some(MctsSetup {
            c: self.opts.c,
            seed: self.opts.mcts_seed,
            iterations: k,
            reward,
            nodes: shown,
        });
        Ok(())
    }

    /// α-β's leaf count with each inner node's children in the order `order` gives (the
    /// natural order where it gives none).
    /// `w` is a copy of the tree whose children lists are rewritten (a reordered `Tree`, not
    /// a wrapper game: a second game type would be a second copy of α-β in the wasm module).
    fn leaves_with_order(&self, w: &mut Tree, order: impl Fn(u32) -> Option<Vec<u32>>) -> u64 {
        for id in 0..self.tree.node_count() as u32 {
            let natural = self.tree.children(id);
            let kids: Vec<u32> = match order(id) {
                Some(p) => p.iter().filter_map(|&i| natural.get(i as usize).copied()).collect(),
                None => natural.to_vec(),
            };
            w.set_child_order(id, &kids);
        }
        let w = &*w;
        // A trace capped at no node: the same instantiation of α-β as the key's recording.
        let mut rec = Recorder::new(w, 0).with_node_cap(0);
        alpha_beta(w, &0, &AlphaBetaOptions { tie: self.opts.tie, ..Default::default() }, &mut rec)
            .stats
            .leaves
    }

    fn build_ordering(&mut self) -> Result<(), String> {
        let t = &self.tree;
        let inner: Vec<u32> = (0..t.node_count() as u32).filter(|&id| !t.children(id).is_empty()).collect();
        let count = inner.iter().try_fold(1u64, |acc, &id| {
            let k = t.children(id).len() as u64;
            let f: u64 = (1..=k).product();
            acc.checked_mul(f).filter(|&x| x <= MAX_EXHAUSTIVE_ORDERINGS)
        });
        let natural = |id: u32| (0..t.children(id).len() as u32).collect::<Vec<u32>>();
        let mut w = t.clone();
        let given = self.leaves_with_order(&mut w, |_| None);
        let mut best: (u64, Vec<Vec<u32>>);
        let exhaustive = count.is_some();
        // Best first by each child's true minimax value (what `MoveOrder::Perfect` does).
        let best_first: Vec<Vec<u32>> = (0..t.node_count() as u32)
            .map(|id| {
                let vals: Vec<f64> = t.children(id).iter().map(|&c| value_of(t, c)).collect();
                let max = t.kind(id) == Some(Kind::Max);
                let p = stable_order(vals.len(), &|a, b| {
                    let (x, y) = (vals[a], vals[b]);
                    if max {
                        y.total_cmp(&x)
                    } else {
                        x.total_cmp(&y)
                    }
                });
                p.into_iter().map(|i| i as u32).collect()
            })
            .collect();
        let bf = self.leaves_with_order(&mut w, |id| Some(best_first[id as usize].clone()));
        best = (bf, best_first.clone());
        if exhaustive {
            let all: Vec<Vec<Vec<u32>>> =
                inner.iter().map(|&id| permutations(t.children(id).len() as u32)).collect();
            let mut digit = vec![0usize; inner.len()];
            let mut cur: Vec<Vec<u32>> = (0..t.node_count() as u32).map(natural).collect();
            loop {
                for (j, &id) in inner.iter().enumerate() {
                    cur[id as usize] = all[j][digit[j]].clone();
                }
                let n = self.leaves_with_order(&mut w, |id| Some(cur[id as usize].clone()));
                if n < best.0 {
                    best = (n, cur.clone());
                }
                // Next combination.
                let mut j = 0;
                loop {
                    if j == inner.len() {
                        break;
                    }
                    digit[j] += 1;
                    if digit[j] < all[j].len() {
                        break;
                    }
                    digit[j] = 0;
                    j += 1;
                }
                if j == inner.len() {
                    break;
                }
            }
        } else {
            // Seeded local search from best-first: try every single-node reordering.
            let mut improved = true;
            let mut rounds = 0;
            while improved && rounds < 4 {
                improved = false;
                rounds += 1;
                for &id in &inner {
                    for p in permutations(t.children(id).len() as u32) {
                        let mut cand = best.1.clone();
                        cand[id as usize] = p;
                        let n = self.leaves_with_order(&mut w, |i| Some(cand[i as usize].clone()));
                        if n < best.0 {
                            best = (n, cand);
                            improved = true;
                        }
                    }
                }
            }
        }
        let key = OrderingKey {
            min_leaves: best.0,
            given_leaves: given,
            exhaustive,
            best: inner.iter().map(|&id| (id, best.1[id as usize].clone())).collect(),
        };
        let (rule, hint) = rules::ordering_rule(self, &key);
        self.cells.push(Cell {
            field: Field::Order,
            node: 0,
            event: 0,
            expected: Item::Number(key.min_leaves as f64),
            tol: 0.0,
            alts: Vec::new(),
            rule,
            hint,
        });
        self.ordering = Some(key);
        Ok(())
    }
}

impl Mistake {
    fn node_id(&self, tree: &Tree) -> u32 {
        node_at(tree, "", &self.node).unwrap_or(0)
    }
}

/// Ordering: fewer leaves is at least as good as the key.
impl Item {
    fn ordering_ok(expected: &Item, got: &Item) -> bool {
        matches!((expected, got), (Item::Number(e), Item::Number(g)) if g <= e)
    }
}

/// The indices 0..n in the order `cmp` sorts them, equal ones in their given order (a
/// bottom-up merge sort). Every sort in practice goes through this one function: each
/// `sort_by` closure would be its own copy of the standard library's sort in the wasm module
/// (`cargo xtask size` lists them).
pub(crate) fn stable_order(n: usize, cmp: &dyn Fn(usize, usize) -> std::cmp::Ordering) -> Vec<usize> {
    let mut a: Vec<usize> = (0..n).collect();
    let mut b = a.clone();
    let mut width = 1;
    while width < n {
        let mut i = 0;
        while i < n {
            let mid = (i + width).min(n);
            let end = (i + 2 * width).min(n);
            let (mut l, mut r) = (i, mid);
            for slot in &mut b[i..end] {
                if l < mid && (r >= end || cmp(a[r], a[l]) != std::cmp::Ordering::Less) {
                    *slot = a[l];
                    l += 1;
                } else {
                    *slot = a[r];
                    r += 1;
                }
            }
            i = end;
        }
        std::mem::swap(&mut a, &mut b);
        width *= 2;
    }
    a
}

/// `v` rearranged so that item k is `v[order[k]]` (`order` a permutation of its indices).
pub(crate) fn permuted<T>(v: Vec<T>, order: &[usize]) -> Vec<T> {
    let mut slots: Vec<Option<T>> = v.into_iter().map(Some).collect();
    order.iter().filter_map(|&i| slots[i].take()).collect()
}

/// The minimax value of node `id` (to MAX). Recorded with a trace capped at no node: the
/// same instantiation of `minimax` as the key's recording, where a `NoObserver` one would
/// be another copy of the search in the wasm module.
pub(crate) fn value_of(t: &Tree, id: u32) -> f64 {
    let mut rec = Recorder::new(t, id).with_node_cap(0);
    minimax(t, &id, &mut rec).value
}

/// All permutations of 0..k in lexicographic order.
fn permutations(k: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    let mut p: Vec<u32> = (0..k).collect();
    loop {
        out.push(p.clone());
        // Next permutation.
        let Some(i) = (1..p.len()).rev().find(|&i| p[i - 1] < p[i]) else { break };
        let j = (i..p.len()).rev().find(|&j| p[j] > p[i - 1]).unwrap_or(i);
        p.swap(i - 1, j);
        p[i..].reverse();
    }
    out
}
