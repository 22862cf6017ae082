//! Exercise sets and grade records in JSON: `plyground grade --record FILE` (every record
//! graded again, with what differs) and `plyground generate --set FILE --learner ID` (a
//! set's exercises for one learner). The JSON is read with `grade`'s reader into the
//! core's types (`ExerciseSpec`, `ExerciseRecord`, `SetRecord`); the checks are the core's.
//! The shapes are in docs/cli.md, "Exercise sets and verifiable grades".

use crate::grade::{read_answers, J};
use crate::json::Json;
use plyground::practice::{
    learner_seed, ExerciseRecord, ExerciseSpec, Item, OptionValue, SetRecord, SetTotals, StoredMistake, Task,
    MAX_SPEC_SEED,
};
use plyground::search::TieRule;

fn fields<'a>(place: &str, v: &'a J, example: &str) -> Result<&'a [(String, J)], String> {
    match v {
        J::Obj(o) => Ok(o),
        _ => Err(format!("{place} must be an object like {example}, got {}", v.describe())),
    }
}

fn get<'a>(o: &'a [(String, J)], key: &str) -> Option<&'a J> {
    o.iter().find(|(k, v)| k == key && !matches!(v, J::Null)).map(|(_, v)| v)
}

fn number(place: &str, v: &J) -> Result<f64, String> {
    match v {
        J::Num(x) => Ok(*x),
        _ => Err(format!("{place} must be a number, got {}", v.describe())),
    }
}

/// An integer from `min` to `max` (the wasm `Practice.create`'s check and words).
fn int_in(place: &str, v: &J, min: i64, max: i64) -> Result<i64, String> {
    let x = number(place, v)?;
    if x.fract() != 0.0 {
        return Err(format!("{place} must be an integer, got {}", v.describe()));
    }
    if x < min as f64 || x > max as f64 {
        return Err(format!("{place} {} is out of range ({min} to {max})", v.describe()));
    }
    Ok(x as i64)
}

fn string<'a>(place: &str, v: &'a J) -> Result<&'a str, String> {
    match v {
        J::Str(s) => Ok(s),
        _ => Err(format!("{place} must be a string, got {}", v.describe())),
    }
}

fn boolean(place: &str, v: &J) -> Result<bool, String> {
    match v {
        J::Bool(b) => Ok(*b),
        _ => Err(format!("{place} must be true or false, got {}", v.describe())),
    }
}

/// An exercise's options (`Practice.create`'s) into a spec: typed here, checked by the core
/// (`ExerciseSpec::from_options`: keys, ranges, words). `seed` may be the string `"learner"`
/// when `learner` gives the seed for it (a set description's exercises); null is absent.
fn read_spec(
    place: &str,
    v: &J,
    learner: Option<&dyn Fn() -> Result<u64, String>>,
) -> Result<ExerciseSpec, String> {
    let o = fields(place, v, "{\"task\": \"minimax\", \"seed\": 7}")?;
    let mut options = Vec::with_capacity(o.len());
    for (k, v) in o.iter().filter(|(_, v)| !matches!(v, J::Null)) {
        let value = match (k.as_str(), v, learner) {
            ("seed", J::Str(w), Some(seed)) if w == "learner" => OptionValue::Number(seed()? as f64),
            ("seed", J::Str(w), None) if w == "learner" => {
                return Err(format!("{place}.seed: \"learner\" applies to a set description's exercises"))
            }
            (_, J::Num(x), _) => OptionValue::Number(*x),
            (_, J::Str(t), _) => OptionValue::Text(t.clone()),
            (_, J::Bool(b), _) => OptionValue::Flag(*b),
            (_, J::Arr(p), _) => match p.as_slice() {
                [J::Num(a), J::Num(b)] => OptionValue::Pair(*a, *b),
                _ => OptionValue::Other,
            },
            _ => OptionValue::Other,
        };
        options.push((k.clone(), value, v.describe()));
    }
    ExerciseSpec::from_options(place, &options)
}

/// A spec as `Practice.create`'s options (only what is given; ranges as strings).
pub fn spec_json(s: &ExerciseSpec) -> Json {
    let mut out = vec![("task", Json::Str(s.task.id().into()))];
    let mut put = |k, v: Option<Json>| {
        if let Some(v) = v {
            out.push((k, v));
        }
    };
    put("seed", s.seed.map(|x| Json::Num(x as f64)));
    put("tree", s.tree.clone().map(Json::Str));
    put("difficulty", s.difficulty.map(|d| Json::Str(d.id().into())));
    put("depth", s.depth.map(|x| Json::Num(x.into())));
    put("branching", s.branching.map(|(a, b)| Json::Str(format!("{a}-{b}"))));
    put("values", s.values.map(|(a, b)| Json::Str(format!("{a}..{b}"))));
    put("decimals", s.decimals.map(Json::Bool));
    put("chance", s.chance.map(Json::Bool));
    put("players", s.players.map(|x| Json::Num(x.into())));
    put("cutoffs", s.cutoffs.map(|x| Json::Num(x.into())));
    put("uniqueBest", s.unique_best.map(Json::Bool));
    put("tieSensitive", s.tie_sensitive.map(Json::Bool));
    put("worstOrder", s.worst_order.map(Json::Bool));
    put("tie", (s.tie == TieRule::Strict).then(|| Json::Str("strict".into())));
    put("c", s.c.map(Json::Num));
    put("mctsSeed", s.mcts_seed.map(|x| Json::Num(x as f64)));
    put("iterations", s.iterations.map(|x| Json::Num(x.into())));
    Json::obj(out)
}

fn count(place: &str, o: &[(String, J)], key: &str) -> Result<u32, String> {
    let v = get(o, key).ok_or_else(|| format!("{place}.{key} is required"))?;
    Ok(int_in(&format!("{place}.{key}"), v, 0, u32::MAX as i64)? as u32)
}

/// An exercise record: the grade record's fields, `options` and `answers`. Other fields
/// (the grade record's `mistakes`, `summary`, …) are not read.
fn read_exercise(place: &str, v: &J) -> Result<ExerciseRecord, String> {
    let o = fields(place, v, "{\"options\": {…}, \"answers\": {…}, \"score\": 9, \"max\": 9}")?;
    let spec_place = format!("{place}.options");
    let spec =
        read_spec(&spec_place, get(o, "options").ok_or_else(|| format!("{spec_place} is required"))?, None)?;
    let answers_at = format!("{place}.answers");
    let answers = read_answers(get(o, "answers").ok_or_else(|| format!("{answers_at} is required"))?)
        .map_err(|e| format!("{place}.{e}"))?;
    let task = get(o, "task")
        .map(|t| {
            Task::try_parse(string(&format!("{place}.task"), t)?).map_err(|e| format!("{place}.task: {e}"))
        })
        .transpose()?;
    let seed = match o.iter().find(|(k, _)| k == "seed") {
        None => None,
        Some((_, J::Null)) => Some(None),
        Some((_, v)) => Some(Some(int_in(&format!("{place}.seed"), v, 0, MAX_SPEC_SEED as i64)? as u64)),
    };
    Ok(ExerciseRecord {
        spec,
        answers,
        task,
        seed,
        tree: get(o, "tree").map(|t| string(&format!("{place}.tree"), t).map(str::to_string)).transpose()?,
        score: count(place, o, "score")?,
        max: count(place, o, "max")?,
        done: get(o, "done").map(|d| boolean(&format!("{place}.done"), d)).transpose()?,
        mistakes: get(o, "mistakes").map(|m| read_mistakes(&format!("{place}.mistakes"), m)).transpose()?,
    })
}

/// A grade record's `mistakes`: `[{node, field, got, …}]` (other fields are not read).
fn read_mistakes(place: &str, v: &J) -> Result<Vec<StoredMistake>, String> {
    let J::Arr(list) = v else {
        return Err(format!("{place} must be an array, got {}", v.describe()));
    };
    let number = |at: &str, v: &J| match v {
        J::Null => Ok(f64::NAN),
        J::Num(x) => Ok(*x),
        J::Str(s) if s == "Infinity" => Ok(f64::INFINITY),
        J::Str(s) if s == "-Infinity" => Ok(f64::NEG_INFINITY),
        _ => Err(format!("{at} must be a number, got {}", v.describe())),
    };
    let item = |at: &str, v: &J| -> Result<Item, String> {
        Ok(match v {
            J::Null => Item::Missing,
            J::Bool(b) => Item::Mark(*b),
            J::Num(_) => Item::Number(number(at, v)?),
            J::Str(s) if s == "Infinity" || s == "-Infinity" => Item::Number(number(at, v)?),
            J::Str(s) => Item::Path(s.clone()),
            J::Arr(a) => Item::Numbers(
                a.iter()
                    .enumerate()
                    .map(|(i, x)| number(&format!("{at}[{i}]"), x))
                    .collect::<Result<_, _>>()?,
            ),
            J::Obj(_) => return Err(format!("{at} must be an answer, got {}", v.describe())),
        })
    };
    list.iter()
        .enumerate()
        .map(|(i, m)| {
            let at = format!("{place}[{i}]");
            let o = fields(&at, m, "{\"node\": \"1.2\", \"field\": \"pruned\", \"got\": false}")?;
            let text = |k: &str| {
                string(&format!("{at}.{k}"), get(o, k).ok_or_else(|| format!("{at}.{k} is required"))?)
                    .map(str::to_string)
            };
            let got = o
                .iter()
                .find(|(k, _)| k == "got")
                .map_or(Ok(Item::Missing), |(_, v)| item(&format!("{at}.got"), v))?;
            Ok(StoredMistake { node: text("node")?, field: text("field")?, got })
        })
        .collect()
}

/// A set record: `title`, `mastery`, the total (`score`, `max`, `scaled`, `passed`) and
/// `exercises`.
fn read_set(place: &str, o: &[(String, J)]) -> Result<SetRecord, String> {
    let at = |k: &str| format!("{place}.{k}");
    let title = string(&at("title"), get(o, "title").ok_or_else(|| format!("{} is required", at("title")))?)?;
    let mastery = get(o, "mastery").map(|m| number(&at("mastery"), m)).transpose()?;
    if let Some(m) = mastery.filter(|m| !(0.0..=1.0).contains(m)) {
        return Err(format!(
            "{} must be a fraction from 0 to 1, got {}",
            at("mastery"),
            J::Num(m).describe()
        ));
    }
    let passed = get(o, "passed").map(|p| boolean(&at("passed"), p)).transpose()?;
    if passed.is_some() && mastery.is_none() {
        return Err(format!("{}: the record says passed but has no mastery to recompute it", at("passed")));
    }
    let scaled =
        number(&at("scaled"), get(o, "scaled").ok_or_else(|| format!("{} is required", at("scaled")))?)?;
    let list = match get(o, "exercises") {
        Some(J::Arr(list)) => list,
        v => {
            let got = v.map_or("null".to_string(), J::describe);
            return Err(format!("{} must be an array of exercise records, got {got}", at("exercises")));
        }
    };
    let exercises = list
        .iter()
        .enumerate()
        .map(|(i, e)| read_exercise(&format!("{place}.exercises[{i}]"), e))
        .collect::<Result<_, _>>()?;
    Ok(SetRecord {
        title: title.to_string(),
        mastery,
        stored: SetTotals { score: count(place, o, "score")?, max: count(place, o, "max")?, scaled, passed },
        exercises,
    })
}

/// One record, named for the report.
enum Record {
    Exercise(String, Box<ExerciseRecord>),
    Set(String, SetRecord),
}

fn read_record(place: String, v: &J) -> Result<Record, String> {
    match v {
        J::Obj(o) if o.iter().any(|(k, _)| k == "exercises") => {
            Ok(Record::Set(place.clone(), read_set(&place, o)?))
        }
        _ => Ok(Record::Exercise(place.clone(), Box::new(read_exercise(&place, v)?))),
    }
}

/// What names an exercise in the report: its task and seed, or "given tree".
fn exercise_name(r: &ExerciseRecord) -> String {
    match (&r.spec.tree, r.spec.seed) {
        (None, s) => format!("{}, seed {}", r.spec.task.id(), s.unwrap_or(1)),
        (Some(_), _) => format!("{}, given tree", r.spec.task.id()),
    }
}

fn line(place: &str, name: &str, differences: &[String], ok: String) -> (bool, String) {
    if differences.is_empty() {
        (true, format!("{place} ({name}): ok, {ok}"))
    } else {
        (false, format!("{place} ({name}): MISMATCH: {}", differences.join("; ")))
    }
}

/// Grades every record of a parsed records file again: one line per record (a set's line
/// after its exercises' lines), and whether all match. Bad input is an error naming the
/// place (`record.exercises[2].answers: …`).
pub fn verify(v: &J) -> Result<(bool, Vec<String>), String> {
    let records = match v {
        J::Arr(list) if list.is_empty() => return Err("record: an empty list, no records to check".into()),
        J::Arr(list) => list
            .iter()
            .enumerate()
            .map(|(i, r)| read_record(format!("record[{i}]"), r))
            .collect::<Result<Vec<_>, _>>()?,
        _ => vec![read_record("record".into(), v)?],
    };
    let mut all = true;
    let mut lines = Vec::new();
    for r in &records {
        let (ok, text) = match r {
            Record::Exercise(place, e) => {
                let c = e.verify().map_err(|m| m.under(place))?;
                line(
                    place,
                    &exercise_name(e),
                    &c.differences,
                    format!("{} of {}", c.grade.score, c.grade.max),
                )
            }
            Record::Set(place, s) => {
                let c = s.verify().map_err(|(i, m)| m.under(&format!("{place}.exercises[{i}]")))?;
                for (i, (e, x)) in s.exercises.iter().zip(&c.exercises).enumerate() {
                    let (ok, text) = line(
                        &format!("{place}.exercises[{i}]"),
                        &exercise_name(e),
                        &x.differences,
                        format!("{} of {}", x.grade.score, x.grade.max),
                    );
                    all &= ok;
                    lines.push(text);
                }
                let t = c.totals;
                let passed = match t.passed {
                    Some(true) => ", passed",
                    Some(false) => ", not passed",
                    None => "",
                };
                let name = format!("set \"{}\"", s.title);
                line(place, &name, &c.differences, format!("{} of {}{passed}", t.score, t.max))
            }
        };
        all &= ok;
        lines.push(text);
    }
    Ok((all, lines))
}

/// A set description's exercises for one learner: each exercise's spec, with `"seed":
/// "learner"` replaced by [`learner_seed`] of the set's id (its `id`, else its `title`),
/// the learner and the exercise's index.
/// Each spec comes with whether its seed is the learner's.
pub fn set_exercises(v: &J, learner: Option<&str>) -> Result<(String, Vec<(ExerciseSpec, bool)>), String> {
    let o = fields(
        "set",
        v,
        "{\"title\": \"Week 3\", \"exercises\": [{\"task\": \"minimax\", \"seed\": \"learner\"}]}",
    )?;
    let id = match (get(o, "id"), get(o, "title")) {
        (Some(id), _) => string("set.id", id)?,
        (None, Some(t)) => string("set.title", t)?,
        (None, None) => {
            return Err("set: an id or a title is required (the learners' seeds derive from it)".into())
        }
    };
    let list = match get(o, "exercises") {
        Some(J::Arr(list)) if !list.is_empty() => list,
        Some(v) => return Err(format!("set.exercises must be a non-empty array, got {}", v.describe())),
        None => return Err("set.exercises is required".into()),
    };
    let specs = list
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let place = format!("set.exercises[{i}]");
            let seed = || match learner {
                Some(l) => Ok(u64::from(learner_seed(id, l, i as u32))),
                None => Err(format!("{place}.seed is \"learner\": give the learner's id with --learner")),
            };
            let from_learner = matches!(e, J::Obj(f) if get(f, "seed") == Some(&J::Str("learner".into())));
            Ok((read_spec(&place, e, Some(&seed))?, from_learner))
        })
        .collect::<Result<_, String>>()?;
    Ok((id.to_string(), specs))
}
