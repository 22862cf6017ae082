//! `Practice`: graded exercises (the core's `practice` module) behind a handle. Options and
//! answers are read field by field with `Reflect` (unknown fields throw; no serde
//! `Deserialize`, whose error messages would bring the standard library's float formatting
//! into the module) and checked here; records are serde `Serialize`, written by `write.rs` (maps as plain objects built here); every decision —
//! keys, grading, rules, misconceptions, generation — is the core's. Contract:
//! docs/wasm-api.md, "Practice"; the answers' shape: docs/embedding.md.

use crate::util::{describe, entries, int_in, js_err, to_js};
use crate::write::Preserve;
use plyground::practice::{
    Answer, Answers, Exercise, ExercisePlan, ExerciseSpec, Grade, Item, Misconception, OptionValue, Shown,
    Step, Task,
};
use plyground::search::TieRule;
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

/// The answers object: fields kept as JS values and checked one by one, so that every error
/// names its place.
struct AnswersIn {
    values: JsValue,
    windows: JsValue,
    pruned: JsValue,
    choice: JsValue,
    order: JsValue,
    visits: JsValue,
}

/// A field of a plain object (undefined when absent).
pub(crate) fn field(v: &JsValue, name: &str) -> JsValue {
    js_sys::Reflect::get(v, &JsValue::from_str(name)).unwrap_or(JsValue::UNDEFINED)
}

pub(crate) fn opt_f64(v: &JsValue, name: &str) -> Result<Option<f64>, String> {
    let x = field(v, name);
    if !given(&x) {
        return Ok(None);
    }
    x.as_f64().map(Some).ok_or_else(|| format!("options.{name} must be a number, got {}", describe(&x)))
}

pub(crate) fn opt_string(v: &JsValue, name: &str) -> Result<Option<String>, String> {
    let x = field(v, name);
    if !given(&x) {
        return Ok(None);
    }
    x.as_string().map(Some).ok_or_else(|| format!("options.{name} must be a string, got {}", describe(&x)))
}

/// Refuses unknown keys, naming the first one.
pub(crate) fn known_keys(place: &str, v: &JsValue, allowed: &[&str]) -> Result<(), String> {
    for (k, _) in entries(v)? {
        if !allowed.contains(&k.as_str()) {
            return Err(format!("{place}: unknown field '{k}' (expected one of {})", allowed.join(", ")));
        }
    }
    Ok(())
}

const ANSWER_KEYS: [&str; 6] = ["values", "windows", "pruned", "choice", "order", "visits"];

pub(crate) fn given(v: &JsValue) -> bool {
    !(v.is_undefined() || v.is_null())
}

/// A number in an answer: a JS number (±Infinity included) or the strings "Infinity",
/// "-Infinity" (as JSON writes them).
pub(crate) fn answer_number(place: &str, v: &JsValue) -> Result<f64, String> {
    if let Some(x) = v.as_f64() {
        return Ok(x);
    }
    match v.as_string().as_deref() {
        Some("Infinity") | Some("+Infinity") => Ok(f64::INFINITY),
        Some("-Infinity") => Ok(f64::NEG_INFINITY),
        _ => Err(format!("{place} must be a number, got {}", describe(v))),
    }
}

fn object(place: &str, v: &JsValue) -> Result<Vec<(String, JsValue)>, String> {
    if !v.is_object() || js_sys::Array::is_array(v) {
        return Err(format!("{place} must be an object keyed by node path, got {}", describe(v)));
    }
    entries(v)
}

pub(crate) fn array(place: &str, v: &JsValue) -> Result<Vec<JsValue>, String> {
    if !js_sys::Array::is_array(v) {
        return Err(format!("{place} must be an array, got {}", describe(v)));
    }
    Ok(js_sys::Array::from(v).iter().collect())
}

fn pair(place: &str, v: &JsValue, what: &str) -> Result<[f64; 2], String> {
    let a = array(place, v)?;
    if a.len() != 2 {
        return Err(format!("{place} must be {what}, got {} entries", a.len()));
    }
    Ok([answer_number(&format!("{place}[0]"), &a[0])?, answer_number(&format!("{place}[1]"), &a[1])?])
}

fn read_answers(v: JsValue) -> Result<Answers, String> {
    if !v.is_object() || js_sys::Array::is_array(&v) {
        return Err(format!(
            "answers must be an object like {{values: {{…}}, pruned: […]}}, got {}",
            describe(&v)
        ));
    }
    known_keys("answers", &v, &ANSWER_KEYS)?;
    let a = AnswersIn {
        values: field(&v, "values"),
        windows: field(&v, "windows"),
        pruned: field(&v, "pruned"),
        choice: field(&v, "choice"),
        order: field(&v, "order"),
        visits: field(&v, "visits"),
    };
    let mut out = Answers::default();
    if given(&a.values) {
        let mut m = BTreeMap::new();
        for (path, x) in object("answers.values", &a.values)? {
            let place = format!("answers.values[\"{path}\"]");
            let ans = if js_sys::Array::is_array(&x) {
                let items = array(&place, &x)?;
                let nums = items
                    .iter()
                    .enumerate()
                    .map(|(i, y)| answer_number(&format!("{place}[{i}]"), y))
                    .collect::<Result<Vec<_>, _>>()?;
                Answer::Numbers(nums)
            } else {
                Answer::Number(answer_number(&place, &x)?)
            };
            m.insert(path, ans);
        }
        out.values = Some(m);
    }
    if given(&a.windows) {
        let mut m = BTreeMap::new();
        for (path, x) in object("answers.windows", &a.windows)? {
            m.insert(path.clone(), pair(&format!("answers.windows[\"{path}\"]"), &x, "[alpha, beta]")?);
        }
        out.windows = Some(m);
    }
    if given(&a.visits) {
        let mut m = BTreeMap::new();
        for (path, x) in object("answers.visits", &a.visits)? {
            m.insert(path.clone(), pair(&format!("answers.visits[\"{path}\"]"), &x, "[N, W]")?);
        }
        out.visits = Some(m);
    }
    if given(&a.pruned) {
        let items = array("answers.pruned", &a.pruned)?;
        let paths = items
            .iter()
            .enumerate()
            .map(|(i, p)| {
                p.as_string().ok_or_else(|| {
                    format!("answers.pruned[{i}] must be a node path string, got {}", describe(p))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        out.pruned = Some(paths);
    }
    if given(&a.choice) {
        out.choice = Some(a.choice.as_string().ok_or_else(|| {
            format!("answers.choice must be a node path string, got {}", describe(&a.choice))
        })?);
    }
    if given(&a.order) {
        let mut m = BTreeMap::new();
        for (path, x) in object("answers.order", &a.order)? {
            let place = format!("answers.order[\"{path}\"]");
            let idx = array(&place, &x)?
                .iter()
                .enumerate()
                .map(|(i, y)| {
                    let n = y
                        .as_f64()
                        .ok_or_else(|| format!("{place}[{i}] must be a child index, got {}", describe(y)))?;
                    int_in(&format!("{place}[{i}]"), n, 0, 1000).map(|n| n as u32)
                })
                .collect::<Result<Vec<_>, _>>()?;
            m.insert(path, idx);
        }
        out.order = Some(m);
    }
    Ok(out)
}

/// A tie rule option (absent: non-strict), for `Predict.create`.
pub(crate) fn tie_of(place: &str, s: &Option<String>) -> Result<TieRule, String> {
    match s {
        None => Ok(TieRule::NonStrict),
        Some(t) => TieRule::try_parse(t).map_err(|e| format!("{place}: {e}")),
    }
}

/// `Practice.create`'s options, typed here and checked by the core
/// (`ExerciseSpec::from_options`: keys, ranges, words), then built as the CLI rebuilds a
/// record. `undefined` and `null` are absent.
fn build(opts: JsValue) -> Result<Exercise, String> {
    if !opts.is_object() || js_sys::Array::is_array(&opts) {
        return Err(format!(
            "options must be an object like {{task: 'minimax', seed: 7}}, got {}",
            describe(&opts)
        ));
    }
    let mut options = Vec::new();
    for (k, v) in entries(&opts)? {
        if !given(&v) {
            continue;
        }
        let value = if let Some(x) = v.as_f64() {
            OptionValue::Number(x)
        } else if let Some(t) = v.as_string() {
            OptionValue::Text(t)
        } else if let Some(b) = v.as_bool() {
            OptionValue::Flag(b)
        } else if js_sys::Array::is_array(&v) {
            let a = js_sys::Array::from(&v);
            match (a.length(), a.get(0).as_f64(), a.get(1).as_f64()) {
                (2, Some(lo), Some(hi)) => OptionValue::Pair(lo, hi),
                _ => OptionValue::Other,
            }
        } else {
            OptionValue::Other
        };
        options.push((k, value, describe(&v)));
    }
    ExerciseSpec::from_options("options", &options)?.build().map_err(|e| e.to_string())
}

// ---------------------------------------------------------------------------------------
// Records

/// An item as JSON: null, a number, [numbers], true/false, "path", [indices].
#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(untagged)]
pub(crate) enum PracticeItem {
    Missing(Option<()>),
    Number(f64),
    Numbers(Vec<f64>),
    Mark(bool),
    Path(String),
    Order(Vec<u32>),
}

pub(crate) fn item(i: &Item) -> PracticeItem {
    match i {
        Item::Missing => PracticeItem::Missing(None),
        Item::Number(x) => PracticeItem::Number(*x),
        Item::Numbers(v) => PracticeItem::Numbers(v.clone()),
        Item::Mark(b) => PracticeItem::Mark(*b),
        Item::Path(p) => PracticeItem::Path(p.clone()),
        Item::Order(o) => PracticeItem::Order(o.clone()),
    }
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeMistake {
    node: String,
    label: String,
    field: &'static str,
    expected: PracticeItem,
    got: PracticeItem,
    misconception: Option<&'static str>,
    explanation: Option<String>,
    step: u32,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeStep {
    node: String,
    label: String,
    field: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    expected: Option<PracticeItem>,
    #[serde(skip_serializing_if = "Option::is_none")]
    rule: Option<String>,
    hint: String,
    step: u32,
}

fn step(s: &Step, with_answer: bool) -> PracticeStep {
    PracticeStep {
        node: s.node.clone(),
        label: s.label.clone(),
        field: s.field.name(),
        expected: with_answer.then(|| item(&s.expected)),
        rule: with_answer.then(|| s.rule.clone()),
        hint: s.hint.clone(),
        step: s.step,
    }
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeCell {
    field: &'static str,
    node: String,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
pub(crate) struct PracticeGrade {
    task: &'static str,
    seed: Option<f64>,
    tree: String,
    score: u32,
    max: u32,
    done: bool,
    mistakes: Vec<PracticeMistake>,
    correct: Vec<PracticeCell>,
    first_wrong: Option<PracticeStep>,
    misconception: Option<&'static str>,
    explanation: Option<String>,
    summary: String,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeQuestion {
    path: String,
    label: String,
    field: &'static str,
    #[tsify(type = "'number' | 'tuple' | 'window' | 'mark' | 'child' | 'permutation' | 'counts'")]
    kind: &'static str,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeKey {
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "Record<string, number | number[]>")]
    values: Option<Preserve>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "Record<string, [number, number]>")]
    windows: Option<Preserve>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pruned: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    choice: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "Record<string, number[]>")]
    order: Option<Preserve>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[tsify(type = "Record<string, [number, number]>")]
    visits: Option<Preserve>,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeMctsNode {
    path: String,
    label: String,
    n: u32,
    w: f64,
    mover: u8,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeMcts {
    c: f64,
    seed: f64,
    iterations: u32,
    reward: f64,
    nodes: Vec<PracticeMctsNode>,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeOrdering {
    min_leaves: f64,
    given_leaves: f64,
    exhaustive: bool,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeStepperOptions {
    algo: &'static str,
    #[tsify(type = "'nonstrict' | 'strict'")]
    tie: &'static str,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeTask {
    id: &'static str,
    fields: Vec<&'static str>,
    algo: Option<&'static str>,
    tie_applies: bool,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PracticeMisconception {
    id: &'static str,
    summary: &'static str,
}

/// A map keyed by node path as a plain object (`write.rs` writes no maps; keys in the map's
/// order, as serde-wasm-bindgen wrote them before).
fn object_of<'a, V: Serialize + 'a>(
    m: impl IntoIterator<Item = (&'a String, &'a V)>,
) -> Result<Preserve, JsError> {
    let o = js_sys::Object::new();
    for (k, v) in m {
        js_sys::Reflect::set(&o, &JsValue::from_str(k), &to_js(v)?).map_err(|_| {
            js_err(format!("internal error: the answer key's entry \"{k}\" could not be set"))
        })?;
    }
    Ok(Preserve(o.into()))
}

fn tie_name(t: TieRule) -> &'static str {
    match t {
        TieRule::NonStrict => "nonstrict",
        TieRule::Strict => "strict",
    }
}

pub(crate) fn mis_id(m: Option<Misconception>) -> Option<&'static str> {
    m.map(Misconception::id)
}

/// A grade as its record, named `task` (a practice task's id, or a prediction session's).
pub(crate) fn grade_rec(g: Grade, task: &'static str) -> PracticeGrade {
    PracticeGrade {
        task,
        seed: g.seed.map(|s| s as f64),
        tree: g.tree,
        score: g.score,
        max: g.max,
        done: g.done,
        mistakes: g
            .mistakes
            .iter()
            .map(|m| PracticeMistake {
                node: m.node.clone(),
                label: m.label.clone(),
                field: m.field.name(),
                expected: item(&m.expected),
                got: item(&m.got),
                misconception: mis_id(m.misconception),
                explanation: m.explanation.clone(),
                step: m.step,
            })
            .collect(),
        correct: g.correct.iter().map(|(f, p)| PracticeCell { field: f.name(), node: p.clone() }).collect(),
        first_wrong: g.first_wrong.as_ref().map(|s| step(s, true)),
        misconception: mis_id(g.misconception),
        explanation: g.explanation,
        summary: g.summary,
    }
}

// ---------------------------------------------------------------------------------------
// The handle

/// A practice exercise: a task on a tree (given or generated) with its answer key.
#[wasm_bindgen]
pub struct Practice {
    ex: Exercise,
}

#[wasm_bindgen]
impl Practice {
    /// `Practice.create({task, seed, difficulty, depth, branching, values, …})` generates a
    /// tree; `Practice.create({task, tree, tie, c, seed, mctsSeed, iterations})` uses a given
    /// one. Throws an `Error` naming the option and the reason.
    pub fn create(
        #[wasm_bindgen(unchecked_param_type = "PracticeOptions")] opts: JsValue,
    ) -> Result<Practice, JsError> {
        build(opts).map(|ex| Practice { ex }).map_err(|e| js_err(format!("Practice.create: {e}")))
    }

    /// `Practice.learnerSeed(setId, learner, index)`: the seed of exercise `index` (from 0)
    /// of the set `setId` for the learner `learner` — the core's `learner_seed`, so that a
    /// set's `"seed": "learner"` gives in the browser the tree `plyground generate --set
    /// FILE --learner ID` prints (docs/records.md).
    #[wasm_bindgen(js_name = learnerSeed)]
    pub fn learner_seed(set_id: &str, learner: &str, index: u32) -> u32 {
        plyground::practice::learner_seed(set_id, learner, index)
    }

    /// The tasks: `[{id, fields, algo, tieApplies}]`.
    #[wasm_bindgen(unchecked_return_type = "PracticeTask[]")]
    pub fn tasks() -> Result<JsValue, JsError> {
        let v: Vec<PracticeTask> = Task::ALL
            .iter()
            .map(|t| PracticeTask {
                id: t.id(),
                fields: t.fields().iter().map(|f| f.name()).collect(),
                algo: t.stepper_algo(),
                tie_applies: t.tie_applies(),
            })
            .collect();
        to_js(&v)
    }

    /// The misconceptions: `[{id, summary}]`.
    #[wasm_bindgen(unchecked_return_type = "PracticeMisconception[]")]
    pub fn misconceptions() -> Result<JsValue, JsError> {
        let v: Vec<PracticeMisconception> = Misconception::ALL
            .iter()
            .map(|m| PracticeMisconception { id: m.id(), summary: m.summary() })
            .collect();
        to_js(&v)
    }

    /// The task id.
    #[wasm_bindgen(getter)]
    pub fn task(&self) -> String {
        self.ex.task().id().to_string()
    }

    /// The generator's seed, or null for a given tree without one.
    #[wasm_bindgen(getter)]
    pub fn seed(&self) -> Option<f64> {
        self.ex.options().seed.map(|s| s as f64)
    }

    /// The tree text (`GameTree.parse(treeText)` draws it).
    #[wasm_bindgen(getter, js_name = treeText)]
    pub fn tree_text(&self) -> String {
        self.ex.tree_text().to_string()
    }

    /// Whether the α-β tie rule changes this task's key (the α-β tasks and move ordering): a
    /// page offers the tie-rule choice only then.
    #[wasm_bindgen(getter, js_name = tieApplies)]
    pub fn tie_applies(&self) -> bool {
        self.ex.task().tie_applies()
    }

    /// 'nonstrict' | 'strict'.
    #[wasm_bindgen(getter)]
    pub fn tie(&self) -> String {
        tie_name(self.ex.options().tie).to_string()
    }

    /// The instructions.
    #[wasm_bindgen(getter)]
    pub fn prompt(&self) -> String {
        self.ex.prompt()
    }

    /// The number of graded cells.
    #[wasm_bindgen(getter, js_name = maxScore)]
    pub fn max_score(&self) -> u32 {
        self.ex.max_score()
    }

    /// The answer fields the task asks for.
    #[wasm_bindgen(getter)]
    pub fn fields(&self) -> Vec<String> {
        self.ex.task().fields().iter().map(|f| f.name().to_string()).collect()
    }

    /// The options of the `Stepper.forTree` that steps the key's trace (`{algo, tie}`), or
    /// null (MCTS, move ordering).
    #[wasm_bindgen(getter, js_name = stepperOptions, unchecked_return_type = "PracticeStepperOptions | null")]
    pub fn stepper_options(&self) -> Result<JsValue, JsError> {
        match self.ex.task().stepper_algo() {
            Some(algo) => to_js(&PracticeStepperOptions { algo, tie: tie_name(self.ex.options().tie) }),
            None => Ok(JsValue::NULL),
        }
    }

    /// Steps in the key's trace, as the `Stepper` counts them (MCTS: events of the asked
    /// iteration).
    #[wasm_bindgen(getter, js_name = traceLength)]
    pub fn trace_length(&self) -> u32 {
        self.ex.trace_len()
    }

    /// What to answer: `[{path, label, field, kind}]` in depth-first order.
    #[wasm_bindgen(unchecked_return_type = "PracticeQuestion[]")]
    pub fn questions(&self) -> Result<JsValue, JsError> {
        let v: Vec<PracticeQuestion> = self
            .ex
            .questions()
            .iter()
            .map(|q| PracticeQuestion {
                path: q.path.clone(),
                label: q.label.clone(),
                field: q.field.name(),
                kind: q.kind.name(),
            })
            .collect();
        to_js(&v)
    }

    /// Grades `answers`; throws on malformed answers (naming the place).
    #[wasm_bindgen(unchecked_return_type = "PracticeGrade")]
    pub fn grade(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PracticeAnswers")] answers: JsValue,
    ) -> Result<JsValue, JsError> {
        let at = |e: String| js_err(format!("Practice.grade: {e}"));
        let a = read_answers(answers).map_err(at)?;
        let g = self.ex.grade(&a).map_err(at)?;
        to_js(&grade_rec(g, self.ex.task().id()))
    }

    /// The next step's rule without its answer (`{node, label, field, hint, step}`), or
    /// null when everything is right.
    #[wasm_bindgen(unchecked_return_type = "PracticeStep | null")]
    pub fn hint(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PracticeAnswers")] answers: JsValue,
    ) -> Result<JsValue, JsError> {
        let at = |e: String| js_err(format!("Practice.hint: {e}"));
        let a = read_answers(answers).map_err(at)?;
        match self.ex.hint(&a).map_err(at)? {
            Some(s) => to_js(&step(&s, false)),
            None => Ok(JsValue::NULL),
        }
    }

    /// The next step with its answer and rule, or null when everything is right.
    #[wasm_bindgen(js_name = revealNext, unchecked_return_type = "PracticeStep | null")]
    pub fn reveal_next(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PracticeAnswers")] answers: JsValue,
    ) -> Result<JsValue, JsError> {
        let at = |e: String| js_err(format!("Practice.revealNext: {e}"));
        let a = read_answers(answers).map_err(at)?;
        match self.ex.reveal_next(&a).map_err(at)? {
            Some(s) => to_js(&step(&s, true)),
            None => Ok(JsValue::NULL),
        }
    }

    /// Every step of the key in visiting order, with answers and rules.
    #[wasm_bindgen(unchecked_return_type = "PracticeStep[]")]
    pub fn steps(&self) -> Result<JsValue, JsError> {
        let v: Vec<PracticeStep> = self.ex.steps().iter().map(|s| step(s, true)).collect();
        to_js(&v)
    }

    /// The answer key, in the answers' shape (it grades as full marks).
    #[wasm_bindgen(js_name = answerKey, unchecked_return_type = "PracticeKey")]
    pub fn answer_key(&self) -> Result<JsValue, JsError> {
        let k = self.ex.answer_key();
        let values = match &k.values {
            Some(m) => {
                let items: Vec<(&String, PracticeItem)> = m
                    .iter()
                    .map(|(p, a)| {
                        let i = match a {
                            Answer::Number(x) => PracticeItem::Number(*x),
                            Answer::Numbers(v) => PracticeItem::Numbers(v.clone()),
                        };
                        (p, i)
                    })
                    .collect();
                Some(object_of(items.iter().map(|(p, i)| (*p, i)))?)
            }
            None => None,
        };
        to_js(&PracticeKey {
            values,
            windows: k.windows.as_ref().map(object_of).transpose()?,
            pruned: k.pruned,
            choice: k.choice,
            order: k.order.as_ref().map(object_of).transpose()?,
            visits: k.visits.as_ref().map(object_of).transpose()?,
        })
    }

    /// MCTS set-up (`{c, seed, iterations, reward, nodes: [{path, label, n, w, mover}]}`),
    /// or null for other tasks.
    #[wasm_bindgen(unchecked_return_type = "PracticeMcts | null")]
    pub fn mcts(&self) -> Result<JsValue, JsError> {
        match self.ex.mcts() {
            None => Ok(JsValue::NULL),
            Some(m) => to_js(&PracticeMcts {
                c: m.c,
                seed: m.seed as f64,
                iterations: m.iterations,
                reward: m.reward,
                nodes: m
                    .nodes
                    .iter()
                    .map(|n| PracticeMctsNode {
                        path: n.path.clone(),
                        label: n.label.clone(),
                        n: n.n,
                        w: n.w,
                        mover: n.mover,
                    })
                    .collect(),
            }),
        }
    }

    /// The exercise's tree placed by the core (`PracticeFigure`), its children in the order
    /// `answers.order` gives (move ordering: the learner's; absent: the tree's), `compact`
    /// the small screen's placement. Throws on an order that does not fit the tree.
    #[wasm_bindgen(js_name = figurePlan)]
    pub fn figure_plan(
        &self,
        #[wasm_bindgen(unchecked_param_type = "PracticeAnswers | undefined")] answers: JsValue,
        compact: Option<bool>,
    ) -> Result<PracticeFigure, JsError> {
        let at = |e: String| js_err(format!("Practice.figurePlan: {e}"));
        let order = if given(&answers) { read_answers(answers).map_err(at)?.order } else { None };
        let plan = self.ex.figure_plan(order.as_ref(), compact.unwrap_or(false)).map_err(at)?;
        Ok(PracticeFigure { plan })
    }

    /// Move ordering: `{minLeaves, givenLeaves, exhaustive}`, or null for other tasks.
    #[wasm_bindgen(unchecked_return_type = "PracticeOrdering | null")]
    pub fn ordering(&self) -> Result<JsValue, JsError> {
        match self.ex.ordering() {
            None => Ok(JsValue::NULL),
            Some(o) => to_js(&PracticeOrdering {
                min_leaves: o.min_leaves as f64,
                given_leaves: o.given_leaves as f64,
                exhaustive: o.exhaustive,
            }),
        }
    }
}

/// An exercise's tree as the core places it (`Practice.figurePlan`): `layout()` the node
/// centres, glyphs, edges and bounds, as `FigurePlan.layout()`; `at(shown)` one state of the
/// cells, as `FigurePlan.at(step)` with marks: labels of kind "mark" (✓ right, ✗ the first
/// wrong step).
#[wasm_bindgen]
pub struct PracticeFigure {
    plan: ExercisePlan,
}

#[wasm_bindgen]
impl PracticeFigure {
    /// What every state shares (see `FigurePlan.layout()`).
    #[wasm_bindgen(unchecked_return_type = "FigureLayout")]
    pub fn layout(&self) -> Result<JsValue, JsError> {
        let at = |e: String| js_err(format!("PracticeFigure.layout: {e}"));
        let (_, d, _) = self.plan.at(&Shown::default()).map_err(at)?;
        crate::figure::layout_out(&self.plan.plan, &d)
    }

    /// The cells' state `{answers, ok, wrong}` drawn: `answers` the cells that read (values,
    /// windows, pruned, choice; as `grade` takes them), `ok` the paths marked right, `wrong`
    /// the first wrong step's path or null. Throws naming a path that is not a node.
    #[wasm_bindgen(unchecked_return_type = "FigureStep")]
    pub fn at(
        &self,
        #[wasm_bindgen(
            unchecked_param_type = "{answers?: PracticeAnswers, ok?: string[], wrong?: string | null}"
        )]
        shown: JsValue,
    ) -> Result<JsValue, JsError> {
        let at = |e: String| js_err(format!("PracticeFigure.at: {e}"));
        let s = read_shown(&shown).map_err(at)?;
        let (fig, d, marks) = self.plan.at(&s).map_err(at)?;
        let mut rec = crate::figure::step_out(&fig, &d);
        for i in marks {
            rec.labels[i].kind = "mark";
        }
        to_js(&rec)
    }
}

fn read_shown(v: &JsValue) -> Result<Shown, String> {
    if !v.is_object() || js_sys::Array::is_array(v) {
        return Err(format!("shown must be an object like {{answers, ok, wrong}}, got {}", describe(v)));
    }
    known_keys("shown", v, &["answers", "ok", "wrong"])?;
    let answers = field(v, "answers");
    let ok = field(v, "ok");
    let wrong = field(v, "wrong");
    let path = |place: String, p: &JsValue| {
        p.as_string().ok_or_else(|| format!("{place} must be a node path string, got {}", describe(p)))
    };
    Ok(Shown {
        answers: if given(&answers) { read_answers(answers)? } else { Answers::default() },
        ok: if given(&ok) {
            array("shown.ok", &ok)?
                .iter()
                .enumerate()
                .map(|(i, p)| path(format!("shown.ok[{i}]"), p))
                .collect::<Result<_, _>>()?
        } else {
            Vec::new()
        },
        wrong: if given(&wrong) { Some(path("shown.wrong".into(), &wrong)?) } else { None },
    })
}

#[wasm_bindgen(typescript_custom_section)]
const TS_PRACTICE: &'static str = r#"
/** Practice.create's options (docs/wasm-api.md, "Practice"). Unknown fields throw. */
export interface PracticeOptions {
  task: 'minimax' | 'alphabeta-leaves' | 'alphabeta-full' | 'expectiminimax' | 'maxn' | 'mcts' | 'ordering';
  tree?: string; seed?: number; difficulty?: 'easy' | 'exam' | 'hard'; depth?: number;
  branching?: number | string | [number, number]; values?: string | [number, number];
  decimals?: boolean; chance?: boolean; players?: number; cutoffs?: number; uniqueBest?: boolean;
  tieSensitive?: boolean; worstOrder?: boolean; tie?: 'nonstrict' | 'strict'; c?: number;
  mctsSeed?: number; iterations?: number;
}
/** Answers: only the fields the task asks for; keys are node paths ("0.1", root ""). */
export interface PracticeAnswers {
  values?: Record<string, number | string | (number | string)[]>;
  windows?: Record<string, [number | string, number | string]>;
  pruned?: string[]; choice?: string; order?: Record<string, number[]>;
  visits?: Record<string, [number, number]>;
}
"#;
