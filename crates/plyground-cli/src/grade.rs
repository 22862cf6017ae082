//! `plyground grade`: grades an answers file against a practice exercise with the core's own
//! grading (`Exercise::grade`, the same as `<ply-practice>`'s `submit`).
//!
//! The exercise is a given tree (`--tree TEXT`) or a generated one (the options of
//! `plyground generate`, `--seed` included). The answers file is the embedding contract's
//! answers object in JSON (docs/embedding.md): `{"values": {PATH: number | [numbers]},
//! "windows": {PATH: [alpha, beta]}, "pruned": [PATH, …], "choice": PATH, "order": {PATH:
//! [child indices]}, "visits": {PATH: [N, W]}}`, infinities as the strings "Infinity" /
//! "-Infinity". Output: `key: value` lines (or the grade record with `--json`); exit code 0
//! when every answer is right, 1 when some are wrong, 2 on bad input.

use crate::args::{self, Args};
use crate::generate::{answers_json, gen_args, num, params, task_arg};
use crate::json::Json;
use clap::Command;
use plyground::games::tree::Tree;
use plyground::practice::{
    Answer, Answers, Difficulty, Exercise, ExerciseOptions, ExerciseSpec, Grade, Item, Task,
};
use plyground::search::TieRule;
use std::collections::BTreeMap;
use std::io::Read;

/// The command's options: the generator's, and those of a given `--tree`.
pub fn command() -> Command {
    args::command("grade", "Grade a JSON answers file with the core's grading, as <ply-practice> does")
        .args([
            args::input("ANSWERS", "a JSON answers file, or - to read it from stdin")
                .required(false)
                .required_unless_present("record"),
            args::opt(
                "record",
                "FILE",
                "grade the answers of stored grade records again (a JSON file, or - for stdin) and \
                 name every record whose score differs",
            ),
            task_arg(),
            args::opt(
                "tree",
                "TEXT",
                "the exercise's tree (else: a generated one, from the generator options below)",
            ),
            args::opt("mcts-seed", "S", "--tree, task mcts: the seed of the exercise's playouts"),
            args::opt(
                "iterations",
                "N",
                "--tree, task mcts: the exercise's iterations (default: the core's)",
            ),
            args::flag("json", "the grade record as JSON"),
        ])
        .args(gen_args())
        .override_usage("plyground grade [OPTIONS] <ANSWERS>\n       plyground grade --record <FILE>")
        .after_help(
            "The answers: {\"values\": {PATH: number | [numbers]}, \"windows\": {PATH: [alpha, beta]}, \
             \"pruned\": [PATH, …], \"choice\": PATH, \"order\": {PATH: [child indices]}, \"visits\": \
             {PATH: [N, W]}}, keyed by node path, infinities as \"Infinity\" / \"-Infinity\" \
             (docs/embedding.md). With --tree, the generator options other than --tie and --c do not \
             apply.\n\
             Prints task, seed, tree, score, done, summary, the first wrong step, its rule, the \
             misconception and one 'mistake:' line per mistake (--json: the grade record).\n\
             Exit code 0 when all answers are right, 1 when some are wrong, 2 on bad input.\n\
             --record FILE: an exercise record, a set record or an array of them (docs/cli.md); \
             one line per record, 'ok' or 'MISMATCH' with what differs. Exit code 0 when every \
             record matches, 1 when one differs, 2 on bad input.",
        )
}

/// Runs `plyground grade`: Ok(true) when all answers are right, Ok(false) when graded with
/// mistakes.
pub fn grade(a: &Args) -> Result<bool, String> {
    if let Some(file) = a.get("record") {
        return records(a, file);
    }
    let file = a.get("ANSWERS").ok_or("missing ANSWERS")?;
    let text = read_input(file)?;
    let task = Task::try_parse(a.get("task").unwrap_or_default()).map_err(|e| format!("--task: {e}"))?;
    let ex = exercise(a, task)?;
    let place = if file == "-" { "stdin" } else { file };
    let value = parse_json(&text).map_err(|e| format!("{place}: {e}"))?;
    let answers = read_answers(&value).map_err(|e| format!("{place}: {e}"))?;
    let g = ex.grade(&answers).map_err(|e| format!("{place}: {e}"))?;
    if a.flag("json") {
        let Json::Obj(mut record) = grade_json(&g) else { unreachable!("a grade record is an object") };
        record.push(("options".into(), crate::records::spec_json(&spec_of(a, task)?)));
        record.push(("answers".into(), answers_json(&answers)));
        println!("{}", Json::Obj(record).to_text());
    } else {
        print!("{}", grade_text(&g));
    }
    Ok(g.done)
}

/// A file's text, or standard input's for `-`.
pub(crate) fn read_input(file: &str) -> Result<String, String> {
    if file == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| format!("reading stdin: {e}"))?;
        Ok(s)
    } else {
        std::fs::read_to_string(file).map_err(|e| format!("reading {file}: {e}"))
    }
}

/// `--record FILE`: every record graded again, one line each (records.rs).
fn records(a: &Args, file: &str) -> Result<bool, String> {
    let ids = command().get_arguments().map(|arg| arg.get_id().to_string()).collect::<Vec<_>>();
    if let Some(other) = ids.iter().find(|k| *k != "record" && a.given(k)) {
        let name = if other == "ANSWERS" { other.clone() } else { format!("--{other}") };
        return Err(format!(
            "{name} does not apply with --record (a record carries its exercise and answers)"
        ));
    }
    let text = read_input(file)?;
    let place = if file == "-" { "stdin" } else { file };
    let value = parse_json(&text).map_err(|e| format!("{place}: {e}"))?;
    let (all, lines) = crate::records::verify(&value).map_err(|e| format!("{place}: {e}"))?;
    for l in lines {
        println!("{l}");
    }
    Ok(all)
}

/// The exercise: `--tree` (with `--tie`, `--c`, `--mcts-seed`, `--iterations`), else the
/// generator's options.
fn exercise(a: &Args, task: Task) -> Result<Exercise, String> {
    let Some(text) = a.get("tree") else {
        for k in ["mcts-seed", "iterations"] {
            if a.given(k) {
                return Err(format!(
                    "--{k} applies to a given --tree (a generated exercise draws it from --seed)"
                ));
            }
        }
        let p = params(a, task)?;
        let seed = a.number::<u64>("seed")?.unwrap_or_default();
        return Exercise::generate(task, &p, seed);
    };
    for arg in gen_args().iter().filter(|arg| !["tie", "c"].contains(&arg.get_id().as_str())) {
        if a.given(arg.get_id().as_str()) {
            return Err(format!(
                "--{} is a generator option: it does not apply to a given --tree",
                arg.get_id()
            ));
        }
    }
    let tree = Tree::try_parse(text).map_err(|e| format!("--tree {}:{}: {}", e.line, e.column, e.message))?;
    let mut o = ExerciseOptions::default();
    if let Some(t) = a.get("tie") {
        o.tie = TieRule::try_parse(t).map_err(|e| format!("--tie: {e}"))?;
    }
    if let Some(c) = a.number::<f64>("c")? {
        o.c = c;
    }
    if let Some(s) = a.number::<u64>("mcts-seed")? {
        o.mcts_seed = s;
    }
    o.iterations = a.number::<u32>("iterations")?;
    Exercise::new(task, tree, o)
}

/// The exercise's options as `Practice.create` takes them: those given on the command line,
/// so that the record's `options` rebuild this exercise (`grade --record`).
fn spec_of(a: &Args, task: Task) -> Result<ExerciseSpec, String> {
    let mut s = ExerciseSpec::new(task);
    if let Some(t) = a.get("tie") {
        s.tie = TieRule::try_parse(t).map_err(|e| format!("--tie: {e}"))?;
    }
    s.c = a.number::<f64>("c")?;
    if let Some(text) = a.get("tree") {
        s.tree = Some(text.to_string());
        s.mcts_seed = a.number::<u64>("mcts-seed")?;
        s.iterations = a.number::<u32>("iterations")?;
        return Ok(s);
    }
    let p = params(a, task)?;
    s.seed = a.number::<u64>("seed")?;
    if a.given("difficulty") {
        s.difficulty = Some(Difficulty::try_parse(a.get("difficulty").unwrap_or_default())?);
    }
    let given = |k: &str| a.given(k);
    s.depth = given("depth").then_some(p.depth);
    s.branching = given("branching").then_some((p.min_branching, p.max_branching));
    s.values = given("values").then_some((p.min_value, p.max_value));
    s.players = given("players").then_some(p.players);
    s.cutoffs = given("cutoffs").then_some(p.cutoffs);
    s.unique_best = given("unique-best").then_some(p.unique_best);
    s.decimals = given("decimals").then_some(true);
    s.chance = given("chance").then_some(true);
    s.tie_sensitive = given("tie-sensitive").then_some(true);
    s.worst_order = given("worst-order").then_some(true);
    Ok(s)
}

/// An item as JSON: nothing → null, a mark → true/false, a path → a string.
fn item_json(i: &Item) -> Json {
    match i {
        Item::Missing => Json::Null,
        Item::Number(x) => num(*x),
        Item::Numbers(v) => Json::Arr(v.iter().map(|&x| num(x)).collect()),
        Item::Mark(b) => Json::Bool(*b),
        Item::Path(p) => Json::Str(p.clone()),
        Item::Order(o) => Json::Arr(o.iter().map(|&x| Json::Num(x as f64)).collect()),
    }
}

fn opt_str(s: Option<&str>) -> Json {
    s.map_or(Json::Null, |s| Json::Str(s.to_string()))
}

/// The grade record of `plyground:graded` (docs/embedding.md), then the feedback: summary,
/// the first wrong step with its rule, the misconception and its explanation.
pub fn grade_json(g: &Grade) -> Json {
    let mistakes = g
        .mistakes
        .iter()
        .map(|m| {
            Json::obj(vec![
                ("node", Json::Str(m.node.clone())),
                ("field", Json::Str(m.field.name().into())),
                ("expected", item_json(&m.expected)),
                ("got", item_json(&m.got)),
                ("misconception", opt_str(m.misconception.map(|x| x.id()))),
            ])
        })
        .collect();
    let first = g.first_wrong.as_ref().map_or(Json::Null, |s| {
        Json::obj(vec![
            ("node", Json::Str(s.node.clone())),
            ("label", Json::Str(s.label.clone())),
            ("field", Json::Str(s.field.name().into())),
            ("rule", Json::Str(s.rule.clone())),
        ])
    });
    Json::obj(vec![
        ("task", Json::Str(g.task.id().into())),
        ("seed", g.seed.map_or(Json::Null, |s| Json::Num(s as f64))),
        ("tree", Json::Str(g.tree.clone())),
        ("score", Json::Num(g.score as f64)),
        ("max", Json::Num(g.max as f64)),
        ("done", Json::Bool(g.done)),
        ("mistakes", Json::Arr(mistakes)),
        ("summary", Json::Str(g.summary.clone())),
        ("firstWrong", first),
        ("misconception", opt_str(g.misconception.map(|x| x.id()))),
        ("explanation", opt_str(g.explanation.as_deref())),
    ])
}

/// The plain output: `key: value` lines (README, "plyground grade").
pub fn grade_text(g: &Grade) -> String {
    let mut out = String::new();
    let mut line = |k: &str, v: &str| {
        out.push_str(k);
        out.push_str(": ");
        out.push_str(v);
        out.push('\n');
    };
    line("task", g.task.id());
    line("seed", &g.seed.map_or("none".to_string(), |s| s.to_string()));
    line("tree", &g.tree);
    line("score", &format!("{} of {}", g.score, g.max));
    line("done", if g.done { "yes" } else { "no" });
    line("summary", &g.summary);
    if let Some(s) = &g.first_wrong {
        line("first wrong step", &format!("{} \"{}\" {}", s.label, s.node, s.field.name()));
        line("rule", &s.rule);
    }
    if let (Some(m), Some(e)) = (g.misconception, &g.explanation) {
        line("misconception", &format!("{}: {e}", m.id()));
    }
    for m in &g.mistakes {
        let named = m.misconception.map_or(String::new(), |x| format!(" [{}]", x.id()));
        line(
            "mistake",
            &format!(
                "{} \"{}\" {}: expected {}, got {}{named}",
                m.label,
                m.node,
                m.field.name(),
                m.expected.text(),
                m.got.text()
            ),
        );
    }
    out
}

// ---------------------------------------------------------------------------------------
// Reading the answers file

/// A parsed JSON value (objects keep their keys in file order).
#[derive(Debug, PartialEq)]
pub(crate) enum J {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<J>),
    Obj(Vec<(String, J)>),
}

impl J {
    pub(crate) fn describe(&self) -> String {
        match self {
            J::Null => "null".into(),
            J::Bool(b) => b.to_string(),
            J::Num(x) => plyground::search::fmt_value(*x),
            J::Str(s) => format!("the string \"{}\"", s.chars().take(20).collect::<String>()),
            J::Arr(v) => format!("an array of {}", v.len()),
            J::Obj(_) => "an object".into(),
        }
    }
}

/// Parses JSON text; errors name the line and column.
pub(crate) fn parse_json(text: &str) -> Result<J, String> {
    let mut p = Parser { s: text.as_bytes(), i: 0, depth: 0 };
    p.ws();
    let v = p.value()?;
    p.ws();
    if p.i < p.s.len() {
        return Err(p.err("unexpected text after the JSON value"));
    }
    Ok(v)
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    depth: u32,
}

impl Parser<'_> {
    fn err(&self, what: &str) -> String {
        let before = &self.s[..self.i.min(self.s.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let col = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        format!("line {line}, column {col}: {what}")
    }

    fn ws(&mut self) {
        while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        if self.s.get(self.i) == Some(&b) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn word(&mut self, w: &str, v: J) -> Result<J, String> {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            Ok(v)
        } else {
            Err(self.err("expected a JSON value"))
        }
    }

    fn value(&mut self) -> Result<J, String> {
        self.depth += 1;
        if self.depth > 64 {
            return Err(self.err("nested too deeply"));
        }
        let v = match self.s.get(self.i) {
            None => Err(self.err("unexpected end of the file")),
            Some(b'{') => self.object(),
            Some(b'[') => self.array(),
            Some(b'"') => self.string().map(J::Str),
            Some(b't') => self.word("true", J::Bool(true)),
            Some(b'f') => self.word("false", J::Bool(false)),
            Some(b'n') => self.word("null", J::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("expected a JSON value")),
        };
        self.depth -= 1;
        v
    }

    fn object(&mut self) -> Result<J, String> {
        self.i += 1;
        let mut out: Vec<(String, J)> = Vec::new();
        self.ws();
        if self.eat(b'}') {
            return Ok(J::Obj(out));
        }
        loop {
            self.ws();
            if self.s.get(self.i) != Some(&b'"') {
                return Err(self.err("expected a key in double quotes"));
            }
            let at = self.i;
            let k = self.string()?;
            if out.iter().any(|(x, _)| *x == k) {
                self.i = at;
                return Err(self.err(&format!("the key \"{k}\" appears twice")));
            }
            self.ws();
            if !self.eat(b':') {
                return Err(self.err("expected ':'"));
            }
            self.ws();
            let v = self.value()?;
            out.push((k, v));
            self.ws();
            if self.eat(b'}') {
                return Ok(J::Obj(out));
            }
            if !self.eat(b',') {
                return Err(self.err("expected ',' or '}'"));
            }
        }
    }

    fn array(&mut self) -> Result<J, String> {
        self.i += 1;
        let mut out = Vec::new();
        self.ws();
        if self.eat(b']') {
            return Ok(J::Arr(out));
        }
        loop {
            self.ws();
            out.push(self.value()?);
            self.ws();
            if self.eat(b']') {
                return Ok(J::Arr(out));
            }
            if !self.eat(b',') {
                return Err(self.err("expected ',' or ']'"));
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.s.get(self.i).copied() {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    self.i += 1;
                    return String::from_utf8(out).map_err(|_| self.err("the string is not UTF-8"));
                }
                Some(b'\\') => {
                    let c = self.s.get(self.i + 1).copied();
                    self.i += 2;
                    let ch = match c {
                        Some(b'"') => '"',
                        Some(b'\\') => '\\',
                        Some(b'/') => '/',
                        Some(b'n') => '\n',
                        Some(b't') => '\t',
                        Some(b'r') => '\r',
                        Some(b'b') => '\u{8}',
                        Some(b'f') => '\u{c}',
                        Some(b'u') => {
                            let hex =
                                self.s.get(self.i..self.i + 4).and_then(|h| std::str::from_utf8(h).ok());
                            let code = hex.and_then(|h| u32::from_str_radix(h, 16).ok());
                            self.i += 4;
                            code.and_then(char::from_u32).ok_or_else(|| self.err("a bad \\u escape"))?
                        }
                        _ => return Err(self.err("a bad escape in a string")),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(ch.encode_utf8(&mut buf).as_bytes());
                }
                Some(b) if b < 0x20 => return Err(self.err("a control character in a string")),
                Some(b) => {
                    out.push(b);
                    self.i += 1;
                }
            }
        }
    }

    fn number(&mut self) -> Result<J, String> {
        let start = self.i;
        while self.i < self.s.len()
            && matches!(self.s[self.i], b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9')
        {
            self.i += 1;
        }
        let t = std::str::from_utf8(&self.s[start..self.i]).unwrap_or("");
        match t.parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(J::Num(x)),
            _ => {
                self.i = start;
                Err(self.err(&format!("'{t}' is not a number")))
            }
        }
    }
}

const ANSWER_KEYS: [&str; 6] = ["values", "windows", "pruned", "choice", "order", "visits"];

/// A number in an answer: a JSON number or the strings "Infinity" / "-Infinity".
fn answer_number(place: &str, v: &J) -> Result<f64, String> {
    match v {
        J::Num(x) => Ok(*x),
        J::Str(s) if s == "Infinity" || s == "+Infinity" => Ok(f64::INFINITY),
        J::Str(s) if s == "-Infinity" => Ok(f64::NEG_INFINITY),
        _ => Err(format!("{place} must be a number, got {}", v.describe())),
    }
}

fn object<'a>(place: &str, v: &'a J) -> Result<&'a [(String, J)], String> {
    match v {
        J::Obj(o) => Ok(o),
        _ => Err(format!("{place} must be an object keyed by node path, got {}", v.describe())),
    }
}

fn array<'a>(place: &str, v: &'a J) -> Result<&'a [J], String> {
    match v {
        J::Arr(a) => Ok(a),
        _ => Err(format!("{place} must be an array, got {}", v.describe())),
    }
}

fn pair(place: &str, v: &J, what: &str) -> Result<[f64; 2], String> {
    let a = array(place, v)?;
    if a.len() != 2 {
        return Err(format!("{place} must be {what}, got {} entries", a.len()));
    }
    Ok([answer_number(&format!("{place}[0]"), &a[0])?, answer_number(&format!("{place}[1]"), &a[1])?])
}

fn path_string(place: &str, v: &J) -> Result<String, String> {
    match v {
        J::Str(s) => Ok(s.clone()),
        _ => Err(format!("{place} must be a node path string, got {}", v.describe())),
    }
}

/// The answers object (the same checks, in the same words, as the wasm `Practice`).
pub(crate) fn read_answers(v: &J) -> Result<Answers, String> {
    let J::Obj(fields) = v else {
        return Err(format!(
            "answers must be an object like {{\"values\": {{…}}, \"pruned\": […]}}, got {}",
            v.describe()
        ));
    };
    let mut out = Answers::default();
    for (k, x) in fields {
        if matches!(x, J::Null) {
            continue;
        }
        let place = format!("answers.{k}");
        match k.as_str() {
            "values" => {
                let mut m = BTreeMap::new();
                for (path, y) in object(&place, x)? {
                    let at = format!("{place}[\"{path}\"]");
                    let ans = match y {
                        J::Arr(items) => Answer::Numbers(
                            items
                                .iter()
                                .enumerate()
                                .map(|(i, z)| answer_number(&format!("{at}[{i}]"), z))
                                .collect::<Result<_, _>>()?,
                        ),
                        _ => Answer::Number(answer_number(&at, y)?),
                    };
                    m.insert(path.clone(), ans);
                }
                out.values = Some(m);
            }
            "windows" | "visits" => {
                let what = if k == "windows" { "[alpha, beta]" } else { "[N, W]" };
                let mut m = BTreeMap::new();
                for (path, y) in object(&place, x)? {
                    m.insert(path.clone(), pair(&format!("{place}[\"{path}\"]"), y, what)?);
                }
                if k == "windows" {
                    out.windows = Some(m);
                } else {
                    out.visits = Some(m);
                }
            }
            "pruned" => {
                let items = array(&place, x)?;
                out.pruned = Some(
                    items
                        .iter()
                        .enumerate()
                        .map(|(i, p)| path_string(&format!("{place}[{i}]"), p))
                        .collect::<Result<_, _>>()?,
                );
            }
            "choice" => out.choice = Some(path_string(&place, x)?),
            "order" => {
                let mut m = BTreeMap::new();
                for (path, y) in object(&place, x)? {
                    let at = format!("{place}[\"{path}\"]");
                    let idx = array(&at, y)?
                        .iter()
                        .enumerate()
                        .map(|(i, z)| match z {
                            J::Num(n) if n.fract() == 0.0 && (0.0..=1000.0).contains(n) => Ok(*n as u32),
                            _ => Err(format!(
                                "{at}[{i}] must be a child index (0 to 1000), got {}",
                                z.describe()
                            )),
                        })
                        .collect::<Result<Vec<u32>, String>>()?;
                    m.insert(path.clone(), idx);
                }
                out.order = Some(m);
            }
            _ => {
                return Err(format!(
                    "answers: unknown field '{k}' (expected one of {})",
                    ANSWER_KEYS.join(", ")
                ));
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_json_and_names_the_place_of_an_error() {
        assert_eq!(
            parse_json(r#"{"a": [1, -2.5e1, "x\u00e9"], "b": null, "c": true}"#),
            Ok(J::Obj(vec![
                ("a".into(), J::Arr(vec![J::Num(1.0), J::Num(-25.0), J::Str("xé".into())])),
                ("b".into(), J::Null),
                ("c".into(), J::Bool(true)),
            ]))
        );
        assert_eq!(
            parse_json("{\n  \"a\": 1,\n  \"a\": 2}"),
            Err("line 3, column 3: the key \"a\" appears twice".into())
        );
        assert_eq!(parse_json("[1, 2"), Err("line 1, column 6: expected ',' or ']'".into()));
        assert_eq!(parse_json("[1] x"), Err("line 1, column 5: unexpected text after the JSON value".into()));
        assert_eq!(parse_json("[--1]"), Err("line 1, column 2: '--1' is not a number".into()));
        assert_eq!(parse_json(&"[".repeat(100)), Err("line 1, column 65: nested too deeply".into()));
    }

    #[test]
    fn reads_answers_with_infinities_and_refuses_unknown_fields() {
        let a = read_answers(
            &parse_json(r#"{"windows": {"0": ["-Infinity", 3]}, "pruned": ["1.1"], "choice": "0"}"#).unwrap(),
        )
        .unwrap();
        assert_eq!(a.windows.unwrap()["0"], [f64::NEG_INFINITY, 3.0]);
        assert_eq!(a.pruned.unwrap(), vec!["1.1".to_string()]);
        assert_eq!(a.choice.as_deref(), Some("0"));
        assert_eq!(
            read_answers(&parse_json(r#"{"prune": []}"#).unwrap()).unwrap_err(),
            "answers: unknown field 'prune' (expected one of values, windows, pruned, choice, order, visits)"
        );
        assert_eq!(
            read_answers(&parse_json(r#"{"values": {"0": "7"}}"#).unwrap()).unwrap_err(),
            "answers.values[\"0\"] must be a number, got the string \"7\""
        );
        assert_eq!(
            read_answers(&parse_json(r#"{"order": {"": [1, 0.5]}}"#).unwrap()).unwrap_err(),
            "answers.order[\"\"][1] must be a child index (0 to 1000), got 0.5"
        );
    }
}
