//! Predict, then reveal: the lab stops at the steps that matter and asks before it shows.
//!
//! A prediction session is an [`Exercise`] asked one cell at a time, at the step of the real
//! trace that reveals the cell: the window a node is entered with (at its Enter), whether an
//! edge is pruned (at the cutoff that prunes it, or at the child's Enter when it is not), the
//! value or bound a node returns (at its Exit), and for MCTS the child UCB1 selects at the
//! root and N and W after the back-up. The expected answer, the rule and the misconception of
//! a wrong answer are the exercise's own ([`Exercise::grade`] uses the same cells), so a
//! prediction is graded exactly as the practice grader grades that cell, and a session's
//! record ([`Predictions::record`]) is a [`Grade`].

use super::{
    Cell, Exercise, ExerciseOptions, Field, Grade, Item, Misconception, Mistake, QuestionKind, Task,
};
use crate::games::tree::Tree;
use std::collections::BTreeMap;

/// What a prediction asks.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum PredictKind {
    /// α-β: the window (α, β) a node is entered with.
    Windows,
    /// α-β: whether an edge is pruned.
    Prune,
    /// The value (α-β: value or bound) a node returns.
    Returns,
    /// MCTS: the root's child UCB1 selects.
    Select,
    /// MCTS: N and W after the back-up.
    Backup,
}

impl PredictKind {
    /// Every kind, in the order of the `predict=` list.
    pub const ALL: [PredictKind; 5] = [
        PredictKind::Windows,
        PredictKind::Prune,
        PredictKind::Returns,
        PredictKind::Select,
        PredictKind::Backup,
    ];

    /// The id in `predict=` lists.
    pub fn id(self) -> &'static str {
        match self {
            PredictKind::Windows => "windows",
            PredictKind::Prune => "prune",
            PredictKind::Returns => "returns",
            PredictKind::Select => "select",
            PredictKind::Backup => "backup",
        }
    }

    /// Parses a `predict=` list: ids joined by `,`, or `all`. The error names the bad id.
    pub fn parse_list(s: &str) -> Result<Vec<PredictKind>, String> {
        if s.trim() == "all" {
            return Ok(PredictKind::ALL.to_vec());
        }
        let mut out = Vec::new();
        for part in s.split(',').map(str::trim) {
            let k = PredictKind::ALL.iter().copied().find(|k| k.id() == part).ok_or_else(|| {
                format!(
                    "predict: unknown question kind '{part}' (expected all, or a list of {})",
                    PredictKind::ALL.map(|k| k.id()).join(", ")
                )
            })?;
            if !out.contains(&k) {
                out.push(k);
            }
        }
        Ok(out)
    }

    /// The kind that asks for `field` in a session on `task`.
    fn of(task: Task, field: Field) -> Option<PredictKind> {
        match (task, field) {
            (Task::AlphaBetaFull, Field::Windows) => Some(PredictKind::Windows),
            (Task::AlphaBetaFull, Field::Pruned) => Some(PredictKind::Prune),
            (Task::Mcts, Field::Choice) => Some(PredictKind::Select),
            (Task::Mcts, Field::Visits) => Some(PredictKind::Backup),
            (Task::Mcts, _) => None,
            (_, Field::Values) => Some(PredictKind::Returns),
            _ => None,
        }
    }
}

/// The task whose cells a session on `algo` asks: `alphabeta`, `minimax`,
/// `expectiminimax`, `mcts`.
pub fn predict_task(algo: &str) -> Result<Task, String> {
    match algo {
        "alphabeta" => Ok(Task::AlphaBetaFull),
        "minimax" => Ok(Task::Minimax),
        "expectiminimax" => Ok(Task::Expectiminimax),
        "mcts" => Ok(Task::Mcts),
        _ => Err(format!(
            "predict: algorithm '{algo}' has no predictions (expected alphabeta, minimax, expectiminimax or mcts)"
        )),
    }
}

/// One question, asked when the figure stands just before `step`.
#[derive(Clone, PartialEq, Debug)]
pub struct Prediction {
    /// What it asks.
    pub kind: PredictKind,
    /// The answer field (as in practice answers).
    pub field: Field,
    /// What kind of value it takes.
    pub answer: QuestionKind,
    /// The node's path (an edge: the child below it; the root's choice: "").
    pub node: String,
    /// The node's name in the figure.
    pub label: String,
    /// The question in words ("α and β at C now?").
    pub question: String,
    /// The step of the trace the question stops before (a `Stepper` of the same tree and
    /// options seeked to it shows the state just before the answer is revealed; MCTS: the
    /// event index within the asked iteration).
    pub step: u32,
}

/// The feedback on one prediction.
#[derive(Clone, PartialEq, Debug)]
pub struct Verdict {
    /// Right within the grader's tolerance.
    pub correct: bool,
    /// The trace's answer.
    pub expected: Item,
    /// What was given ([`Item::Missing`]: skipped).
    pub got: Item,
    /// The rule that applies, with the answer, in the lessons' words.
    pub rule: String,
    /// The misconception the wrong answer matches, if any.
    pub misconception: Option<Misconception>,
    /// Its one-line explanation at this node.
    pub explanation: Option<String>,
    /// The feedback: "Right: …", "Not quite: …" or "Skipped: …" with the rule, then the
    /// misconception a wrong answer matches ("A known misconception, …: …").
    pub words: String,
}

/// A prediction session: the questions of an exercise's cells of the chosen kinds.
#[derive(Clone, Debug)]
pub struct Predictions {
    ex: Exercise,
    /// The cells asked, in the trace's order.
    cells: Vec<usize>,
    asks: Vec<Prediction>,
}

impl Predictions {
    /// A session on `tree` for `algo` (see [`predict_task`]) asking `kinds`. Fails, naming the
    /// reason, when the algorithm does not apply to the tree or no question of these kinds
    /// arises on it.
    pub fn new(
        algo: &str,
        tree: Tree,
        opts: ExerciseOptions,
        kinds: &[PredictKind],
    ) -> Result<Predictions, String> {
        Predictions::from_exercise(Exercise::new(predict_task(algo)?, tree, opts)?, kinds)
    }

    /// A session on an exercise of task alphabeta-full, minimax, expectiminimax or mcts.
    pub fn from_exercise(ex: Exercise, kinds: &[PredictKind]) -> Result<Predictions, String> {
        let task = ex.task();
        if !matches!(task, Task::AlphaBetaFull | Task::Minimax | Task::Expectiminimax | Task::Mcts) {
            return Err(format!("predict: task {task} has no predictions"));
        }
        let mut cells = Vec::new();
        let mut asks = Vec::new();
        for (i, c) in ex.cells.iter().enumerate() {
            let Some(kind) = PredictKind::of(task, c.field).filter(|k| kinds.contains(k)) else { continue };
            // A first edge is never pruned (nothing has returned yet): no question there.
            if c.field == Field::Pruned && ex.tree.node(c.node).is_some_and(|n| n.index() == 0) {
                continue;
            }
            // One question a cutoff: the edges after its first pruned one are pruned with it.
            let prev = ex.tree.node(c.node).filter(|n| n.index() > 0).and_then(|n| {
                let p = n.parent()?;
                Some(ex.tree.children(p)[n.index() as usize - 1])
            });
            let prev_pruned =
                prev.and_then(|s| ex.index.get(&(Field::Pruned, s))).map(|&j| &ex.cells[j].expected);
            if c.field == Field::Pruned
                && c.expected == Item::Mark(true)
                && prev_pruned == Some(&Item::Mark(true))
            {
                continue;
            }
            cells.push(i);
            asks.push(ask(&ex, c, kind));
        }
        if asks.is_empty() {
            return Err(format!(
                "predict: no question of the kinds {} arises in {task} on this tree",
                kinds.iter().map(|k| k.id()).collect::<Vec<_>>().join(", ")
            ));
        }
        Ok(Predictions { ex, cells, asks })
    }

    /// The exercise the questions come from.
    pub fn exercise(&self) -> &Exercise {
        &self.ex
    }

    /// The questions, in the trace's order.
    pub fn questions(&self) -> &[Prediction] {
        &self.asks
    }

    /// The record's task name: `predict-` and the algorithm (`predict-alphabeta`, …).
    pub fn record_task(&self) -> &'static str {
        match self.ex.task() {
            Task::AlphaBetaFull => "predict-alphabeta",
            Task::Expectiminimax => "predict-expectiminimax",
            Task::Mcts => "predict-mcts",
            _ => "predict-minimax",
        }
    }

    /// Grades question `i` with `got` ([`Item::Missing`]: skipped, which counts as wrong).
    pub fn check(&self, i: usize, got: &Item) -> Result<Verdict, String> {
        let c = self.cell(i)?;
        self.shape(i, got)?;
        let correct = c.expected.matches(got, c.tol);
        let (misconception, explanation) = if correct || *got == Item::Missing {
            (None, None)
        } else {
            self.ex.diagnose(c, got, &BTreeMap::new(), false)
        };
        let expected = c.expected.clone();
        // A child is named as the figure names it (its label), not by its path.
        let say = |i: &Item| match i {
            Item::Path(p) => super::node_at(&self.ex.tree, "", p)
                .ok()
                .and_then(|id| self.ex.tree.label(id))
                .map_or_else(|| i.text(), str::to_string),
            _ => i.text(),
        };
        let words = if correct {
            format!("Right: {}.", c.rule)
        } else if *got == Item::Missing {
            format!("Skipped: the trace says {}. {}.", say(&expected), c.rule)
        } else {
            let mut w =
                format!("Not quite: you said {}, the trace says {}. {}.", say(got), say(&expected), c.rule);
            if let (Some(m), Some(why)) = (misconception, &explanation) {
                w.push_str(&format!(" A known misconception, {}: {why}.", m.summary()));
            }
            w
        };
        Ok(Verdict {
            correct,
            expected,
            got: got.clone(),
            rule: c.rule.clone(),
            misconception,
            explanation,
            words,
        })
    }

    /// The session's record after the answers `given` (question index → item; a question
    /// not in it is unanswered): a [`Grade`] over the questions, score = right predictions,
    /// max = questions asked so far (the highest answered index + 1, or all when `all`).
    pub fn record(&self, given: &BTreeMap<usize, Item>, all: bool) -> Result<Grade, String> {
        let asked = if all { self.asks.len() } else { given.keys().next_back().map_or(0, |&i| i + 1) };
        if asked > self.asks.len() {
            return Err(format!(
                "predict: question {} does not exist (there are {})",
                asked - 1,
                self.asks.len()
            ));
        }
        let mut mistakes: Vec<Mistake> = Vec::new();
        let mut correct = Vec::new();
        for i in 0..asked {
            let got = given.get(&i).cloned().unwrap_or(Item::Missing);
            let v = self.check(i, &got)?;
            let c = self.cell(i)?;
            if v.correct {
                correct.push((c.field, self.ex.tree.path_text(c.node)));
            } else {
                mistakes.push(self.ex.mistake(
                    c.field,
                    c.node,
                    v.expected,
                    got,
                    v.misconception,
                    v.explanation,
                    c.event,
                ));
            }
        }
        let score = correct.len() as u32;
        let max = asked as u32;
        let first = mistakes.first();
        let first_wrong = first.map(|m| {
            let i = self.cells.iter().position(|&ci| {
                let c = &self.ex.cells[ci];
                c.field == m.field && self.ex.tree.path_text(c.node) == m.node
            });
            let c = &self.ex.cells[self.cells[i.unwrap_or(0)]];
            self.ex.step_of(c.field, c.node, c.expected.clone(), m.step)
        });
        let summary = match first {
            None => format!("{score} of {max} predictions right"),
            Some(m) => format!(
                "{score} of {max} predictions right; the first wrong one is at {} ({})",
                m.label,
                self.ex.field_word(m.field)
            ),
        };
        Ok(Grade {
            task: self.ex.task(),
            seed: self.ex.options().seed,
            tree: self.ex.tree_text().to_string(),
            score,
            max,
            done: mistakes.is_empty() && asked == self.asks.len(),
            misconception: first.and_then(|m| m.misconception),
            explanation: first.and_then(|m| m.explanation.clone()),
            mistakes,
            correct,
            first_wrong,
            summary,
        })
    }

    fn cell(&self, i: usize) -> Result<&Cell, String> {
        self.cells.get(i).map(|&ci| &self.ex.cells[ci]).ok_or_else(|| {
            format!(
                "predict: question {i} does not exist (there are {}, 0–{})",
                self.asks.len(),
                self.asks.len() - 1
            )
        })
    }

    /// Refuses an answer of the wrong shape for question `i`, naming it.
    fn shape(&self, i: usize, got: &Item) -> Result<(), String> {
        let q = &self.asks[i];
        let ok = match (q.answer, got) {
            (_, Item::Missing) => true,
            (QuestionKind::Number, Item::Number(x)) => !x.is_nan(),
            (QuestionKind::Window | QuestionKind::Counts, Item::Numbers(v)) => {
                v.len() == 2 && v.iter().all(|x| !x.is_nan())
            }
            (QuestionKind::Mark, Item::Mark(_)) => true,
            (QuestionKind::Child, Item::Path(p)) => {
                super::node_at(&self.ex.tree, "", p).is_ok_and(|id| self.ex.tree.parent(id) == Some(0))
            }
            _ => false,
        };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "predict: question {i} ({}) takes {}, got {}",
                q.question,
                match q.answer {
                    QuestionKind::Number => "a number",
                    QuestionKind::Window => "a window [α, β]",
                    QuestionKind::Counts => "[N, W]",
                    QuestionKind::Mark => "pruned or not",
                    QuestionKind::Child => "a child of the root",
                    _ => "an answer",
                },
                got.text()
            ))
        }
    }
}

/// The question of cell `c`.
fn ask(ex: &Exercise, c: &Cell, kind: PredictKind) -> Prediction {
    let t = ex.tree();
    let label = t.label(c.node).unwrap_or("?").to_string();
    let (answer, question) = match kind {
        PredictKind::Windows => (QuestionKind::Window, format!("α and β at {label} now?")),
        PredictKind::Prune => (
            QuestionKind::Mark,
            format!("Is the edge {} pruned?", t.edge_name(c.node).unwrap_or_else(|| label.clone())),
        ),
        PredictKind::Returns if ex.task() == Task::AlphaBetaFull => {
            (QuestionKind::Number, format!("What does {label} return (a value or a bound)?"))
        }
        PredictKind::Returns => (QuestionKind::Number, format!("What value does {label} return?")),
        PredictKind::Select => (QuestionKind::Child, format!("Which child of {label} does UCB1 select?")),
        PredictKind::Backup => (QuestionKind::Counts, format!("N and W of {label} after the back-up?")),
    };
    Prediction {
        kind,
        field: c.field,
        answer,
        node: t.path_text(c.node),
        label,
        question,
        step: ex.step_at(c.event),
    }
}
