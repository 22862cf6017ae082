//! `Predict`: predict, then reveal (the core's `practice::Predictions`) behind a handle. The
//! questions, the step each stops before, the expected answers, the feedback words and the
//! record are the core's; this file reads options and answers and writes records. Contract:
//! docs/wasm-api.md, "Practice"; the record's shape: docs/embedding.md.

use crate::practice::{
    answer_number, array, given, grade_rec, item, known_keys, mis_id, opt_f64, opt_string, tie_of,
    PracticeItem,
};
use crate::util::{describe, int_in, js_err, to_js};
use plyground::games::tree::Tree;
use plyground::practice::{ExerciseOptions, Item, PredictKind, Predictions};
use serde::Serialize;
use std::collections::BTreeMap;
use wasm_bindgen::prelude::*;

const KEYS: [&str; 7] = ["algo", "tree", "predict", "tie", "c", "seed", "iterations"];

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PredictQuestion {
    #[tsify(type = "'windows' | 'prune' | 'returns' | 'select' | 'backup'")]
    kind: &'static str,
    field: &'static str,
    #[tsify(type = "'number' | 'window' | 'mark' | 'child' | 'counts'")]
    answer: &'static str,
    node: String,
    label: String,
    question: String,
    step: u32,
}

#[derive(Serialize, tsify_next::Tsify)]
#[tsify(missing_as_null)]
#[serde(rename_all = "camelCase")]
struct PredictVerdict {
    correct: bool,
    expected: PracticeItem,
    got: PracticeItem,
    rule: String,
    misconception: Option<&'static str>,
    explanation: Option<String>,
    words: String,
}

/// A prediction session on a tree.
#[wasm_bindgen]
pub struct Predict {
    p: Predictions,
}

/// An answer: null/undefined (skipped), a number, [a, b] (a window, N and W), true/false
/// (pruned or not), a string (a node path).
fn answer(place: &str, v: &JsValue) -> Result<Item, String> {
    if !given(v) {
        return Ok(Item::Missing);
    }
    if let Some(b) = v.as_bool() {
        return Ok(Item::Mark(b));
    }
    if js_sys::Array::is_array(v) {
        let xs = array(place, v)?;
        let nums = xs
            .iter()
            .enumerate()
            .map(|(i, x)| answer_number(&format!("{place}[{i}]"), x))
            .collect::<Result<Vec<_>, _>>()?;
        return Ok(Item::Numbers(nums));
    }
    if let Some(x) = v.as_f64() {
        return Ok(Item::Number(x));
    }
    if let Some(s) = v.as_string() {
        return Ok(match answer_number(place, v) {
            Ok(x) => Item::Number(x),
            Err(_) => Item::Path(s),
        });
    }
    Err(format!("{place} must be a number, [a, b], true/false, a node path or null, got {}", describe(v)))
}

fn create(opts: &JsValue) -> Result<Predictions, String> {
    if !opts.is_object() || js_sys::Array::is_array(opts) {
        return Err(format!(
            "options must be an object like {{algo: 'alphabeta', tree: '[[3, 12], [2, 4]]', predict: 'all'}}, got {}",
            describe(opts)
        ));
    }
    known_keys("options", opts, &KEYS)?;
    let algo = opt_string(opts, "algo")?
        .ok_or("options.algo is required (alphabeta, minimax, expectiminimax, mcts)")?;
    let text = opt_string(opts, "tree")?.ok_or("options.tree is required (tree text)")?;
    let kinds = PredictKind::parse_list(&opt_string(opts, "predict")?.unwrap_or_else(|| "all".into()))
        .map_err(|e| format!("options.{e}"))?;
    let tree = Tree::try_parse(&text)
        .map_err(|e| format!("options.tree: line {}, column {}: {}", e.line, e.column, e.message))?;
    let mut eo =
        ExerciseOptions { tie: tie_of("options.tie", &opt_string(opts, "tie")?)?, ..Default::default() };
    if let Some(c) = opt_f64(opts, "c")? {
        eo.c = c;
    }
    if let Some(s) = opt_f64(opts, "seed")? {
        eo.mcts_seed = int_in("options.seed", s, 0, u32::MAX as u64)?;
    }
    if let Some(k) = opt_f64(opts, "iterations")? {
        eo.iterations = Some(int_in("options.iterations", k, 1, 10_000)? as u32);
    }
    Predictions::new(&algo, tree, eo, &kinds)
}

#[wasm_bindgen]
impl Predict {
    /// `Predict.create({algo, tree, predict, tie, c, seed, iterations})`: `predict` is `all`
    /// or a list like `windows,prune,returns`; MCTS asks about iteration `iterations + 1` of
    /// the search with `c` and `seed`. Throws an `Error` naming the option and the reason.
    pub fn create(
        #[wasm_bindgen(unchecked_param_type = "PredictOptions")] opts: JsValue,
    ) -> Result<Predict, JsError> {
        create(&opts).map(|p| Predict { p }).map_err(|e| js_err(format!("Predict.create: {e}")))
    }

    /// The record's task name (`predict-alphabeta`, …).
    #[wasm_bindgen(getter)]
    pub fn task(&self) -> String {
        self.p.record_task().to_string()
    }

    /// The questions in the trace's order: `[{kind, field, answer, node, label, question,
    /// step}]`; each is asked when the figure stands just before `step`.
    #[wasm_bindgen(unchecked_return_type = "PredictQuestion[]")]
    pub fn questions(&self) -> Result<JsValue, JsError> {
        let v: Vec<PredictQuestion> = self
            .p
            .questions()
            .iter()
            .map(|q| PredictQuestion {
                kind: q.kind.id(),
                field: q.field.name(),
                answer: q.answer.name(),
                node: q.node.clone(),
                label: q.label.clone(),
                question: q.question.clone(),
                step: q.step,
            })
            .collect();
        to_js(&v)
    }

    /// Grades question `i` with `answer` (null: skipped, which counts as wrong).
    #[wasm_bindgen(unchecked_return_type = "PredictVerdict")]
    pub fn check(&self, i: u32, answer_: JsValue) -> Result<JsValue, JsError> {
        let at = |e: String| js_err(format!("Predict.check: {e}"));
        let got = answer("answer", &answer_).map_err(at)?;
        let v = self.p.check(i as usize, &got).map_err(at)?;
        to_js(&PredictVerdict {
            correct: v.correct,
            expected: item(&v.expected),
            got: item(&v.got),
            rule: v.rule,
            misconception: mis_id(v.misconception),
            explanation: v.explanation,
            words: v.words,
        })
    }

    /// The session's record (a practice grade record, task `predict-…`) after `answers`, one
    /// per question asked so far (null: skipped); `all`: every question counts.
    #[wasm_bindgen(unchecked_return_type = "PracticeGrade")]
    pub fn record(&self, answers: JsValue, all: bool) -> Result<JsValue, JsError> {
        let at = |e: String| js_err(format!("Predict.record: {e}"));
        let xs = array("answers", &answers).map_err(at)?;
        let mut given_ = BTreeMap::new();
        for (i, x) in xs.iter().enumerate() {
            given_.insert(i, answer(&format!("answers[{i}]"), x).map_err(at)?);
        }
        let g = self.p.record(&given_, all).map_err(at)?;
        to_js(&grade_rec(g, self.p.record_task()))
    }
}

#[wasm_bindgen(typescript_custom_section)]
const TS_PREDICT: &'static str = r#"
/** Predict.create's options. Unknown fields throw. */
export interface PredictOptions { algo: 'alphabeta' | 'minimax' | 'expectiminimax' | 'mcts'; tree: string;
  predict?: string; tie?: 'nonstrict' | 'strict'; c?: number; seed?: number; iterations?: number; }
"#;
