//! `plyground tree`: search an explicit game tree given as text.

use crate::args::Args;
use crate::json::Json;
use crate::play::stats_json;
use plyground::event::{Event, Observer};
use plyground::games::tree::Tree;
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::search::maxn::maxn_values;
use plyground::search::minimax::{expectiminimax, minimax};
use plyground::search::{fmt_value, MoveOrder, SearchResult, TieRule};
use plyground::Game;
use std::io::Read;

/// Follows the Enter/Exit stack discipline to know the path of the node every event is about,
/// and keeps the lines `--trace` prints and the evaluated leaves `--json` reports.
struct PathLog<'t> {
    tree: &'t Tree,
    /// Tree node ids of the open nodes, root first.
    stack: Vec<u32>,
    evaluated: Vec<String>,
    lines: Vec<String>,
    keep_lines: bool,
}

impl PathLog<'_> {
    fn here(&self) -> String {
        let id = self.stack.last().copied().unwrap_or(0);
        let label = self.tree.label(id).unwrap_or("?");
        let path = self.tree.path_text(id);
        if path.is_empty() {
            format!("{label} (root)")
        } else {
            format!("{label} ({path})")
        }
    }
}

fn vector(v: &[f64], n: usize) -> String {
    let parts: Vec<String> = v.iter().take(n).map(|&x| fmt_value(x)).collect();
    format!("({})", parts.join(","))
}

impl Observer<u32> for PathLog<'_> {
    fn event(&mut self, e: &Event<u32>) {
        let n = self.tree.num_players();
        let line = match *e {
            Event::SearchStart { .. } | Event::SearchEnd { .. } => None,
            Event::Enter { via, kind, alpha, beta } => {
                let id = match (via, self.stack.last()) {
                    (Some(a), Some(&p)) => self.tree.children(p)[a as usize],
                    _ => 0,
                };
                self.stack.push(id);
                Some(format!(
                    "enter {} {:?} alpha={} beta={}",
                    self.here(),
                    kind,
                    fmt_value(alpha),
                    fmt_value(beta)
                ))
            }
            Event::Leaf { value, kind } => {
                let id = *self.stack.last().unwrap_or(&0);
                self.evaluated.push(self.tree.path_text(id));
                Some(format!("leaf {} = {} ({kind:?})", self.here(), fmt_value(value)))
            }
            Event::LeafUtilities { values, .. } => {
                let id = *self.stack.last().unwrap_or(&0);
                self.evaluated.push(self.tree.path_text(id));
                Some(format!("leaf {} = {}", self.here(), vector(&values, n)))
            }
            Event::Backup { child, value, v, alpha, beta, .. } => Some(format!(
                "backup {} child#{child} = {} v={} alpha={} beta={}",
                self.here(),
                fmt_value(value),
                fmt_value(v),
                fmt_value(alpha),
                fmt_value(beta)
            )),
            Event::BackupUtilities { child, values, best } => Some(format!(
                "backup {} child#{child} = {} best={}",
                self.here(),
                vector(&values, n),
                vector(&best, n)
            )),
            Event::Cutoff { v, alpha, beta, first_skipped, total } => Some(format!(
                "cutoff {} v={} alpha={} beta={} pruned {} of {} children",
                self.here(),
                fmt_value(v),
                fmt_value(alpha),
                fmt_value(beta),
                total - first_skipped,
                total
            )),
            Event::ChanceAverage { value } => Some(format!("average {} = {}", self.here(), fmt_value(value))),
            Event::TtHit { value, bound } => {
                Some(format!("tt-hit {} = {} ({bound:?})", self.here(), fmt_value(value)))
            }
            Event::Exit { value } => {
                let l = format!("exit {} = {}", self.here(), fmt_value(value));
                self.stack.pop();
                Some(l)
            }
            Event::ExitUtilities { values } => {
                let l = format!("exit {} = {}", self.here(), vector(&values, n));
                self.stack.pop();
                Some(l)
            }
            _ => None,
        };
        if self.keep_lines {
            if let Some(l) = line {
                self.lines.push(l);
            }
        }
    }
}

/// `plyground tree [--algo …] [--tie …] [--order …] [--trace] [--json] TREE|-`
pub fn tree(raw: &[String]) -> Result<(), String> {
    let a = Args::parse(raw, &["json", "trace"], &["algo", "tie", "order"])?;
    let text = match a.positional.as_slice() {
        [t] if t == "-" => {
            let mut s = String::new();
            std::io::stdin().read_to_string(&mut s).map_err(|e| format!("reading stdin: {e}"))?;
            s
        }
        [t] => t.clone(),
        [] => return Err("missing TREE (tree text, or - to read it from stdin)".into()),
        _ => return Err("give exactly one TREE (quote it for the shell)".into()),
    };
    let tree = Tree::try_parse(&text).map_err(|e| format!("tree {}:{}: {}", e.line, e.column, e.message))?;
    let tie = TieRule::try_parse(a.get("tie").unwrap_or("nonstrict")).map_err(|e| format!("--tie: {e}"))?;
    let order = MoveOrder::try_parse(a.get("order").unwrap_or("natural")).map_err(|e| format!("--order: {e}"))?;
    let default_algo = if tree.num_players() > 2 || tree.has_tuples() { "maxn" } else { "alphabeta" };
    let algo = a.get("algo").unwrap_or(default_algo);
    let root = tree.initial_state();
    let mut log = PathLog { tree: &tree, stack: Vec::new(), evaluated: Vec::new(), lines: Vec::new(), keep_lines: a.flag("trace") };
    let mut vector_value = None;
    let r: SearchResult<u32> = match algo {
        "minimax" => minimax(&tree, &root, &mut log),
        "expectiminimax" => expectiminimax(&tree, &root, &mut log),
        "alphabeta" => alpha_beta(&tree, &root, &AlphaBetaOptions { tie, order, ..Default::default() }, &mut log),
        "maxn" => {
            let (r, u) = maxn_values(&tree, &root, &mut log);
            vector_value = Some(u);
            r
        }
        _ => return Err(format!("--algo: unknown algorithm '{algo}' (minimax, alphabeta, expectiminimax, maxn)")),
    };
    if tree.has_tuples() && algo != "maxn" {
        return Err(format!("--algo {algo}: this tree has utility tuples; use --algo maxn"));
    }
    let best_label = r.best.map(|b| tree.label(tree.children(root)[b as usize]).unwrap_or("").to_string());
    let n = tree.num_players();
    if a.flag("trace") {
        for l in &log.lines {
            println!("{l}");
        }
    }
    if a.flag("json") {
        let value = match vector_value {
            Some(u) => Json::Arr(u.iter().take(n).map(|&x| Json::Num(x)).collect()),
            None => Json::Num(r.value),
        };
        let j = Json::obj(vec![
            ("value", value),
            ("best", r.best_index.map(|i| Json::Num(i as f64)).unwrap_or(Json::Null)),
            ("best_label", best_label.clone().map(Json::Str).unwrap_or(Json::Null)),
            ("evaluated", Json::Arr(log.evaluated.iter().map(|p| Json::Str(p.clone())).collect())),
            ("stats", stats_json(&r.stats)),
        ]);
        println!("{}", j.to_text());
    } else {
        match vector_value {
            Some(u) => println!("value: {}", vector(&u, n)),
            None => println!("value: {}", fmt_value(r.value)),
        }
        println!("best: {}", r.best_index.map(|i| i.to_string()).unwrap_or_else(|| "none".into()));
        println!("best_label: {}", best_label.unwrap_or_else(|| "none".into()));
        println!("evaluated: {}", log.evaluated.join(" "));
        println!("nodes: {}", r.stats.nodes);
        println!("leaves: {}", r.stats.leaves);
        println!("cutoffs: {}", r.stats.cutoffs);
    }
    Ok(())
}
