//! `plyground` — adversarial search from a terminal.
//!
//! Output is stable so that scripts can rely on it: plain `key: value` lines by default, one
//! JSON object with `--json`. Bad input prints one line on stderr and exits with code 2.
//! Output that cannot be written ends the command: quietly with code 0 when the reader
//! closed the pipe, with one line on stderr and code 2 otherwise (see `out.rs`).

// Every module writes through `out`: its print!/println!/eprint!/eprintln! replace the
// standard ones (which panic when stdout is closed or full) from here on, in every module
// declared below. These lints catch an explicit `std::println!`.
#![deny(clippy::print_stdout, clippy::print_stderr)]

#[macro_use]
mod out;

mod args;
mod bench;
mod convert;
mod export;
mod generate;
mod grade;
mod json;
mod ordering;
mod plain;
mod play;
mod solve;
mod solve_book;
mod tree;
mod wide;

use std::process::ExitCode;

const USAGE: &str = "\
usage:
  plyground tree [--algo minimax|alphabeta|expectiminimax|maxn] [--tie nonstrict|strict]
                 [--order natural|reverse|random:SEED|best] [--trace] [--json]
                 [--depth D] [--singular MARGIN[:EXTRA]] [--beam N] TREE|-
                 (α-β: --depth cuts off with EVAL = an inner node's 'B~4[…]', else 0;
                 --singular: singular extensions; --beam: keep the N best children by EVAL)
  plyground ttt  --moves 4,0,8 [--algo minimax|alphabeta|mcts] [--iterations N] [--seed S] [--solver] [--json]
  plyground c4   --moves 4455 [--algo alphabeta|mcts] [--depth D] [--quiescence] [--no-tt] [--order O]
                 [--singular MARGIN[:EXTRA]] [--beam N] [--budget NODES] [--iterations N] [--seed S] [--c C] [--solver] [--json]
                 (--solver: MCTS-Solver, proven wins and losses; prints proof: and proved_at:)
  plyground solve [--weak] [--analyze] < POSITIONS
                 one move string per line; prints '<moves> <score> <nodes> <µs>' per line
                 (--analyze: seven column scores, 100 = full); a bad line is reported on
                 stderr and skipped, and the exit code is then 2
  plyground book --from-bitbully FILE [--depth D] --out FILE
                 converts BitBully's 12-ply database with distances into plyground's
                 opening book of depth D (default 9); cargo xtask book runs it
  plyground book --check N [--seed S] [--book FILE]
                 N random book entries solved again by the solver without the book
  plyground book --latency K [--seed S] [--no-book | --book FILE]
                 solve and analyze times (and analyze's nodes) per band of plies, K random
                 positions a ply
  plyground book --positions K [--seed S]
                 those positions, '<ply> <moves>' a line (the browser latency bench's workload)
  plyground ordering [--game c4|ttt] [--moves M] [--depth D] [--tree TEXT|uniform:B,M,SEED] [--json]
  plyground generate [--task T] [--difficulty easy|exam|hard] [--depth D] [--branching B|A-B]
                 [--values A..B] [--decimals] [--chance] [--players N] [--cutoffs K]
                 [--unique-best yes|no] [--tie-sensitive] [--worst-order] [--tie nonstrict|strict]
                 [--c C] [--seed S] [--json]
                 a practice tree (tasks: minimax, alphabeta-leaves (default), alphabeta-full,
                 expectiminimax, maxn, mcts, ordering); --json adds the questions and answer key
  plyground grade [--task T] (--tree TEXT [--tie R] [--c C] [--mcts-seed S] [--iterations N]
                 | the generate options, --seed S included) [--json] ANSWERS|-
                 grades a JSON answers file (values, windows, pruned, choice, order, visits
                 keyed by node path, as <ply-practice>'s submit takes them) with the core's
                 grading; prints task, seed, tree, score, done, summary, first wrong step,
                 rule, misconception and one 'mistake:' line per mistake (--json: the grade
                 record); exit code 0 when all answers are right, 1 when some are wrong, 2 on
                 bad input
  plyground export --format tikz|svg [--snippet] [--dark] [--width PX] [--minimax]
                 [--algo minimax|alphabeta|expectiminimax|maxn] [--step end|N] [--tie T]
                 [--order O] TREE|-
                 the search's tree figure at step N (default: the end) as a standalone
                 .tex for pdflatex (--snippet: the tikzpicture alone) or as SVG (--dark: the
                 dark palette; --width: its width in px); --minimax: the true minimax value
                 beside each finished inner node's own; PNG comes from the figure's Export
                 button in the browser
  plyground convert [--from auto|grammar|sexp|json|outline] --to grammar|sexp|json|outline TREE|-
                 the tree's text in another form: plyground's grammar ([[3,12,8],…]),
                 an S-expression ((max (min 3 12 8) …)), JSON ({\"kind\": \"max\", \"children\":
                 […]}) or an indented outline (one node per line); --from auto (default)
                 detects the form from the first characters (docs/tree-forms.md)
  plyground bench [--quick] [--long] [--solver] [--tsv]
";

fn main() -> ExitCode {
    let argv: Vec<String> = std::env::args().skip(1).collect();
    let Some((cmd, rest)) = argv.split_first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let result = match cmd.as_str() {
        "ttt" => play::ttt(rest),
        "c4" => play::c4(rest),
        "tree" => tree::tree(rest),
        "ordering" => ordering::ordering(rest),
        "generate" => generate::generate(rest),
        "grade" => match grade::grade(rest) {
            Ok(done) => {
                out::flush();
                return ExitCode::from(if done { 0 } else { 1 });
            }
            Err(e) => Err(e),
        },
        "export" => export::export(rest),
        "convert" => convert::convert(rest),
        "bench" => run_bench(rest),
        "book" => solve_book::book(rest),
        "solve" => match solve::solve(rest) {
            Ok(true) => Ok(()),
            Ok(false) => {
                out::flush();
                return ExitCode::from(2);
            }
            Err(e) => Err(e),
        },
        "help" | "--help" | "-h" => {
            print!("{USAGE}");
            Ok(())
        }
        other => Err(format!("unknown command '{other}' (try: plyground help)")),
    };
    let code = match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(msg) => {
            eprintln!("plyground: {msg}");
            ExitCode::from(2)
        }
    };
    out::flush();
    code
}

fn run_bench(raw: &[String]) -> Result<(), String> {
    let a = args::Args::parse(raw, &["quick", "long", "solver", "tsv"], &[])?;
    let quick = a.flag("quick");
    let reps = if quick { 2 } else { 5 };
    if !a.flag("solver") {
        let mut rows = Vec::new();
        rows.extend(bench::tictactoe_minimax(reps));
        rows.extend(bench::connect4_alphabeta_set("Test_L3_R1")?);
        rows.extend(bench::connect4_deepening(if quick { 1 } else { 3 })?);
        rows.extend(bench::connect4_playouts(if quick { 200_000 } else { 1_000_000 }));
        rows.extend(bench::traces(reps, if quick { 2 } else { 5 }));
        rows.extend(wide::rows(reps));
        rows.extend(bench::practice_grading(reps));
        rows.extend(bench::solver_rows(quick)?);
        if a.flag("tsv") {
            // The machine-readable rows `cargo xtask bench` pairs with the wasm run.
            print!("{}", bench::tsv(&rows));
            return Ok(());
        }
        print!("{}", bench::table(&rows));
        println!();
    }
    print!("{}", bench::solver_table(a.flag("long"), reps)?);
    println!();
    let limit = if quick { 100 } else { 1000 };
    print!("{}", bench::solver_techniques("Test_L3_R1", limit, 2_000_000)?);
    println!();
    print!("{}", bench::solver_techniques("Test_L2_R1", limit, 2_000_000)?);
    Ok(())
}
