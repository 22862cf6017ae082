//! `plyground generate`: a practice tree from the core's seeded, constrained generator, as
//! tree text (docs/tree-grammar.md); with `--json`, the exercise too (prompt, questions and
//! answer key).

use crate::args::{self, Args};
use crate::json::Json;
use clap::{Arg, Command};
use plyground::practice::{Answer, Answers, Difficulty, Exercise, GenParams, Task};
use plyground::search::TieRule;

/// The command's options.
pub fn command() -> Command {
    args::command("generate", "A practice tree from the core's seeded generator")
        .arg(task_arg())
        .args(gen_args())
        .arg(args::flag("json", "the exercise as JSON: tree, prompt, questions and answer key"))
        .args([
            args::opt(
                "set",
                "FILE",
                "every exercise of a set description (a JSON file, or - for stdin; docs/cli.md), \
                 instead of one from the options above",
            ),
            args::opt(
                "learner",
                "ID",
                "--set: the learner whose variant to print (exercises with \"seed\": \"learner\")",
            ),
            args::flag(
                "prompts",
                "the prompts that depend only on the task and the tie rule, as the site's module \
                 www/lib/practice-prompts.js (shown before an exercise is built)",
            ),
        ])
}

/// `--task`, of `generate` and `grade`.
pub fn task_arg() -> Arg {
    let tasks: Vec<&str> = Task::ALL.iter().map(|t| t.id()).collect();
    args::opt("task", "T", format!("the exercise: {}", tasks.join(", "))).default_value("alphabeta-leaves")
}

/// The generator's options (`--task` aside), shared with `plyground grade`. Those without
/// a default take theirs from the `--difficulty` preset; the generator checks each one and
/// names the one out of range.
pub fn gen_args() -> Vec<Arg> {
    vec![
        args::opt("difficulty", "D", "the preset of the options below: easy, exam or hard")
            .default_value("exam"),
        args::opt("depth", "D", "the tree's depth"),
        args::opt("branching", "B|A-B", "children per inner node: a number, or a range like 2-3"),
        args::opt("values", "A..B", "the leaves' values, a range like 0..9 or -5..5"),
        args::flag("decimals", "leaf values with one decimal"),
        args::flag("chance", "chance nodes on every other level (expectiminimax and the α-β tasks)"),
        args::opt("players", "N", "players, for task maxn (3 or 4; else 2)"),
        args::opt("cutoffs", "K", "α-β tasks: at least K cutoffs"),
        args::opt("unique-best", "yes|no", "a single best move at the root"),
        args::flag("tie-sensitive", "α-β tasks: a tree whose pruning differs between the tie rules"),
        args::flag("worst-order", "α-β tasks: the worst order, where α-β prunes nothing"),
        args::opt("tie", "R", "the tie rule of the α-β tasks: nonstrict or strict"),
        args::opt("c", "C", "task mcts: the exploration constant C"),
        args::opt("seed", "S", "the generator's seed: the same seed and options give the same tree")
            .default_value("1"),
    ]
}

/// Runs `plyground generate`.
pub fn generate(a: &Args) -> Result<(), String> {
    if a.flag("prompts") {
        let ids = command().get_arguments().map(|arg| arg.get_id().to_string()).collect::<Vec<_>>();
        if let Some(other) = ids.iter().find(|k| k.as_str() != "prompts" && a.given(k)) {
            return Err(format!("--{other} does not apply with --prompts (it prints every task's)"));
        }
        print!("{}", prompts_module());
        return Ok(());
    }
    if let Some(file) = a.get("set") {
        return set(a, file);
    }
    if a.given("learner") {
        return Err("--learner applies to a set (--set FILE)".into());
    }
    let task = Task::try_parse(a.get("task").unwrap_or_default()).map_err(|e| format!("--task: {e}"))?;
    let p = params(a, task)?;
    let seed = a.number::<u64>("seed")?.unwrap_or_default();
    let ex = Exercise::generate(task, &p, seed)?;
    if !a.flag("json") {
        println!("{}", ex.tree_text());
        return Ok(());
    }
    print_json(&ex, task, seed);
    Ok(())
}

/// `--set FILE [--learner ID]`: each exercise of the set for the learner: `exercises[i]:
/// TASK, seed S (the learner's): TREE` lines, or with `--json` the set's id, the learner and
/// per exercise `Practice.create`'s options (seed resolved) and the tree.
fn set(a: &Args, file: &str) -> Result<(), String> {
    let ids = command().get_arguments().map(|arg| arg.get_id().to_string()).collect::<Vec<_>>();
    if let Some(other) = ids.iter().find(|k| !["set", "learner", "json"].contains(&k.as_str()) && a.given(k))
    {
        return Err(format!(
            "--{other} does not apply with --set (the set description gives each exercise's options)"
        ));
    }
    let text = crate::grade::read_input(file)?;
    let place = if file == "-" { "stdin" } else { file };
    let value = crate::grade::parse_json(&text).map_err(|e| format!("{place}: {e}"))?;
    let learner = a.get("learner");
    let (id, specs) = crate::records::set_exercises(&value, learner).map_err(|e| format!("{place}: {e}"))?;
    let mut built = Vec::new();
    for (i, (spec, from_learner)) in specs.into_iter().enumerate() {
        let ex = spec.build().map_err(|e| e.under_options(&format!("{place}: set.exercises[{i}]")))?;
        built.push((spec, from_learner, ex));
    }
    if a.flag("json") {
        let exercises = built
            .iter()
            .map(|(spec, _, ex)| {
                Json::obj(vec![
                    ("options", crate::records::spec_json(spec)),
                    ("tree", Json::Str(ex.tree_text().into())),
                ])
            })
            .collect();
        let learner = learner.map_or(Json::Null, |l| Json::Str(l.into()));
        let out =
            Json::obj(vec![("id", Json::Str(id)), ("learner", learner), ("exercises", Json::Arr(exercises))]);
        println!("{}", out.to_text());
        return Ok(());
    }
    for (i, (spec, from_learner, ex)) in built.iter().enumerate() {
        let seed = match (&spec.tree, spec.seed) {
            (Some(_), _) => "given tree".to_string(),
            (None, s) => {
                format!("seed {}{}", s.unwrap_or(1), if *from_learner { " (the learner's)" } else { "" })
            }
        };
        println!("exercises[{i}]: {}, {seed}: {}", spec.task.id(), ex.tree_text());
    }
    Ok(())
}

/// The generator's parameters from the options: the difficulty preset, then each option.
pub fn params(a: &Args, task: Task) -> Result<GenParams, String> {
    let difficulty = Difficulty::try_parse(a.get("difficulty").unwrap_or_default())
        .map_err(|e| format!("--difficulty: {e}"))?;
    let mut p = GenParams::preset(task, difficulty);
    if let Some(d) = a.number::<u32>("depth")? {
        p.depth = d;
    }
    if let Some(b) = a.get("branching") {
        let (lo, hi) =
            range(b, '-').ok_or_else(|| format!("--branching: '{b}' is not a number or a range like 2-3"))?;
        if lo < 0 || !(0..=1000).contains(&hi) {
            return Err(format!("--branching: '{b}' is not a number or a range like 2-3"));
        }
        (p.min_branching, p.max_branching) = (lo as u32, hi as u32);
    }
    if let Some(v) = a.get("values") {
        let (lo, hi) =
            range(v, '.').ok_or_else(|| format!("--values: '{v}' is not a range like 0..9 or -5..5"))?;
        if lo.abs() > 1_000_000 || hi.abs() > 1_000_000 {
            return Err(format!("--values: '{v}' is out of range"));
        }
        (p.min_value, p.max_value) = (lo as i32, hi as i32);
    }
    p.decimals |= a.flag("decimals");
    p.chance |= a.flag("chance");
    p.tie_sensitive |= a.flag("tie-sensitive");
    p.worst_order |= a.flag("worst-order");
    if let Some(n) = a.number::<u8>("players")? {
        p.players = n;
    }
    if let Some(k) = a.number::<u32>("cutoffs")? {
        p.cutoffs = k;
    }
    if let Some(u) = a.get("unique-best") {
        p.unique_best = match u {
            "yes" | "true" => true,
            "no" | "false" => false,
            _ => return Err(format!("--unique-best: expected yes or no, got '{u}'")),
        };
    }
    if let Some(t) = a.get("tie") {
        p.tie = TieRule::try_parse(t).map_err(|e| format!("--tie: {e}"))?;
    }
    if let Some(c) = a.number::<f64>("c")? {
        p.c = c;
    }
    Ok(p)
}

fn print_json(ex: &Exercise, task: Task, seed: u64) {
    let questions = ex
        .questions()
        .iter()
        .map(|q| {
            Json::obj(vec![
                ("path", Json::Str(q.path.clone())),
                ("label", Json::Str(q.label.clone())),
                ("field", Json::Str(q.field.name().into())),
                ("kind", Json::Str(q.kind.name().into())),
            ])
        })
        .collect();
    let out = Json::obj(vec![
        ("task", Json::Str(task.id().into())),
        ("seed", Json::Num(seed as f64)),
        ("tree", Json::Str(ex.tree_text().into())),
        ("prompt", Json::Str(ex.prompt())),
        ("max", Json::Num(ex.max_score() as f64)),
        ("questions", Json::Arr(questions)),
        ("key", answers_json(&ex.answer_key())),
    ]);
    println!("{}", out.to_text());
}

/// `--prompts`: www/lib/practice-prompts.js, the core's fixed prompts (`Task::fixed_prompt`)
/// by task id and tie rule, for the tasks that have one.
pub fn prompts_module() -> String {
    let by_task = Task::ALL
        .iter()
        .filter_map(|&task| {
            let by_tie = [("nonstrict", TieRule::NonStrict), ("strict", TieRule::Strict)]
                .into_iter()
                .map(|(name, tie)| task.fixed_prompt(tie).map(|text| (name, Json::Str(text))))
                .collect::<Option<Vec<_>>>()?;
            Some((task.id(), Json::obj(by_tie)))
        })
        .collect();
    format!(
        "// The practice prompts whose words depend only on the task and the tie rule (every task but\n\
         // MCTS and move ordering), by task id and tie rule: the core's text (Task::fixed_prompt), the\n\
         // same every exercise of the task gives, so a page can show it before the exercise is built.\n\
         // Written by `cargo run -p plyground-cli -- generate --prompts > www/lib/practice-prompts.js`;\n\
         // the CLI's tests check that this file is that output.\n\
         export const FIXED_PROMPTS = {};\n",
        Json::obj(by_task).to_text()
    )
}

/// "2-3" / "5" (sep '-'), "0..9" / "-5..5" (sep '.').
fn range(s: &str, sep: char) -> Option<(i64, i64)> {
    let (lo, hi) =
        if sep == '-' { s.split_once('-').unwrap_or((s, s)) } else { s.split_once("..").unwrap_or((s, s)) };
    Some((lo.trim().parse().ok()?, hi.trim().parse().ok()?))
}

/// A number in an answer: infinities as the strings "Infinity" / "-Infinity".
pub fn num(x: f64) -> Json {
    if x == f64::INFINITY {
        Json::Str("Infinity".into())
    } else if x == f64::NEG_INFINITY {
        Json::Str("-Infinity".into())
    } else {
        Json::Num(x)
    }
}

/// Answers as the embedding contract writes them (docs/embedding.md).
pub fn answers_json(a: &Answers) -> Json {
    let mut out = Vec::new();
    if let Some(v) = &a.values {
        let pairs = v
            .iter()
            .map(|(p, x)| {
                let j = match x {
                    Answer::Number(n) => num(*n),
                    Answer::Numbers(u) => Json::Arr(u.iter().map(|&n| num(n)).collect()),
                };
                (p.clone(), j)
            })
            .collect();
        out.push(("values".to_string(), Json::Obj(pairs)));
    }
    if let Some(w) = &a.windows {
        out.push((
            "windows".into(),
            Json::Obj(w.iter().map(|(p, w)| (p.clone(), Json::Arr(vec![num(w[0]), num(w[1])]))).collect()),
        ));
    }
    if let Some(p) = &a.pruned {
        out.push(("pruned".into(), Json::Arr(p.iter().map(|s| Json::Str(s.clone())).collect())));
    }
    if let Some(c) = &a.choice {
        out.push(("choice".into(), Json::Str(c.clone())));
    }
    if let Some(o) = &a.order {
        out.push((
            "order".into(),
            Json::Obj(
                o.iter()
                    .map(|(p, v)| (p.clone(), Json::Arr(v.iter().map(|&i| Json::Num(i as f64)).collect())))
                    .collect(),
            ),
        ));
    }
    if let Some(v) = &a.visits {
        out.push((
            "visits".into(),
            Json::Obj(v.iter().map(|(p, w)| (p.clone(), Json::Arr(vec![num(w[0]), num(w[1])]))).collect()),
        ));
    }
    Json::Obj(out)
}
