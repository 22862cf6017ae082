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
mod records;
mod solve;
mod solve_book;
mod tree;
mod wide;

use args::Args;
use clap::error::ErrorKind;
use clap::{Arg, ArgAction, Command};
use std::process::ExitCode;

/// The whole command line: every command with its options and help.
fn cli() -> Command {
    Command::new("plyground")
        .version(env!("CARGO_PKG_VERSION"))
        .about("Adversarial search from a terminal: minimax, α-β, MCTS and an exact Connect-4 solver")
        .after_help(
            "Output is stable for scripts: 'key: value' lines, or one JSON object with --json.\n\
             Bad input: one line on stderr naming the argument and the reason, exit code 2.\n\
             'plyground COMMAND --help' shows a command's options, their ranges and defaults.",
        )
        .disable_help_flag(true)
        .disable_version_flag(true)
        .args([
            args::help_flag(),
            Arg::new("version").short('V').long("version").action(ArgAction::Version).help("the version"),
        ])
        .arg_required_else_help(true)
        .subcommand_required(true)
        .subcommands([
            tree::command(),
            play::ttt_command(),
            play::c4_command(),
            solve::command(),
            solve_book::command(),
            ordering::command(),
            generate::command(),
            grade::command(),
            export::command(),
            convert::command(),
            bench_command(),
        ])
        .mut_subcommands(args::lay_out)
}

fn main() -> ExitCode {
    let mut cli = cli();
    let argv = match args::text_args(std::env::args_os().collect()) {
        Ok(argv) => argv,
        Err(msg) => {
            eprintln!("plyground: {msg}");
            return ExitCode::from(2);
        }
    };
    let mut matches = match cli.try_get_matches_from_mut(&argv) {
        Ok(m) => m,
        Err(e) => return clap_exit(&cli, &argv, &e),
    };
    let Some((cmd, sub)) = matches.remove_subcommand() else {
        // (arg_required_else_help: without a command clap shows the help.)
        return ExitCode::from(2);
    };
    let a = Args(sub);
    let result = match cmd.as_str() {
        "ttt" => play::ttt(&a),
        "c4" => play::c4(&a),
        "tree" => tree::tree(&a),
        "ordering" => ordering::ordering(&a),
        "generate" => generate::generate(&a),
        "grade" => match grade::grade(&a) {
            Ok(done) => {
                out::flush();
                return ExitCode::from(if done { 0 } else { 1 });
            }
            Err(e) => Err(e),
        },
        "export" => export::export(&a),
        "convert" => convert::convert(&a),
        "bench" => run_bench(&a),
        "book" => solve_book::book(&a),
        "solve" => match solve::solve(&a) {
            Ok(true) => Ok(()),
            Ok(false) => {
                out::flush();
                return ExitCode::from(2);
            }
            Err(e) => Err(e),
        },
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

/// What clap stopped for: help or the version on stdout (exit 0); the help on stderr when
/// no command was given (exit 2); otherwise one error line (exit 2).
fn clap_exit(cli: &Command, argv: &[String], e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            print!("{}", e.render());
            out::flush();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprint!("{}", e.render());
            ExitCode::from(2)
        }
        _ => {
            eprintln!("plyground: {}", args::error_message(e, cli, argv.get(1).map(String::as_str)));
            ExitCode::from(2)
        }
    }
}

fn bench_command() -> Command {
    args::command("bench", "Time the searches, the solver and the solver's techniques (a benchmark)").args([
        args::flag("quick", "fewer repetitions and smaller sets (a quick check, not a measurement)"),
        args::flag("long", "the solver on the long benchmark sets too"),
        args::flag("solver", "only the solver's tables (skips the searches' table)"),
        args::flag("tsv", "the searches' rows as tab-separated values, for cargo xtask bench"),
    ])
}

fn run_bench(a: &Args) -> Result<(), String> {
    let quick = a.flag("quick");
    let reps = if quick { 2 } else { 5 };
    if !a.flag("solver") {
        let mut rows = Vec::new();
        rows.extend(bench::tictactoe_minimax(reps)?);
        rows.extend(bench::connect4_alphabeta_set("Test_L3_R1")?);
        rows.extend(bench::connect4_deepening(if quick { 1 } else { 3 })?);
        rows.extend(bench::connect4_playouts(if quick { 200_000 } else { 1_000_000 })?);
        rows.extend(bench::traces(reps, if quick { 2 } else { 5 })?);
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

#[cfg(test)]
mod tests {
    /// Clap's own checks of the definition (ids, names, settings), which it otherwise makes
    /// only when a command is used.
    #[test]
    fn the_command_line_is_well_formed() {
        super::cli().debug_assert();
    }
}
