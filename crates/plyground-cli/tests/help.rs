//! The command line's conventions: `--help`/`-h` on every command (a one-line summary, the
//! usage, each option with its range and default), `--version`, close-match suggestions for
//! unknown commands and options, and one error line with exit code 2 for every bad argument.

use crate::common;

use common::run;

/// The options `generate` and `grade` share.
const GENERATOR: &str = "--difficulty --depth --branching --values --decimals --chance --players --cutoffs \
                         --unique-best --tie-sensitive --worst-order --tie --c --seed";

/// Every command and each of its arguments: its help must show them all, and no other.
fn commands() -> Vec<(&'static str, String)> {
    vec![
        ("tree", "TREE --algo --tie --order --depth --singular --beam --trace --json".into()),
        ("ttt", "--moves --algo --budget --iterations --seed --c --solver --json".into()),
        (
            "c4",
            "--moves --algo --budget --depth --quiescence --no-tt --order --singular --beam --iterations \
             --seed --c --solver --json"
                .into(),
        ),
        ("solve", "--weak --analyze --no-book --book".into()),
        (
            "book",
            "--from-bitbully --out --depth --check --latency --positions --seed --book --no-book".into(),
        ),
        ("ordering", "--game --moves --depth --tree --json".into()),
        ("generate", format!("--task {GENERATOR} --json --set --learner --prompts")),
        ("grade", format!("ANSWERS --record --task --tree --mcts-seed --iterations --json {GENERATOR}")),
        (
            "export",
            "TREE --format --snippet --dark --minimax --width --algo --step --steps --tie --order".into(),
        ),
        ("convert", "TREE --from --to".into()),
        ("bench", "--quick --long --solver --tsv".into()),
    ]
}

/// A run that must succeed with `expected` on stdout and nothing on stderr.
fn prints(args: &[&str], expected: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(String::from_utf8(o.stdout).unwrap(), expected, "{args:?}");
    assert!(o.stderr.is_empty(), "{args:?}");
}

/// A run that must fail with exactly `message` on stderr, exit code 2 and nothing on stdout.
fn refuses(args: &[&str], message: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    assert_eq!(String::from_utf8(o.stderr).unwrap(), format!("plyground: {message}\n"), "{args:?}");
    assert!(o.stdout.is_empty(), "{args:?}");
}

#[test]
fn version_prints_the_name_and_the_version() {
    let version = format!("plyground {}\n", env!("CARGO_PKG_VERSION"));
    prints(&["--version"], &version);
    prints(&["-V"], &version);
}

const ROOT_HELP: &str = r#"Adversarial search from a terminal: minimax, α-β, MCTS and an exact Connect-4 solver

Usage: plyground <COMMAND>

Commands:
  tree      Search an explicit game tree given as text (docs/tree-grammar.md)
  ttt       The value and best move of a tic-tac-toe position
  c4        The value and best move of a Connect-4 position
  solve     The exact Connect-4 solver over positions read from stdin, one a line
  book      Build, check or time the Connect-4 opening book
  ordering  The move-ordering table: α-β's nodes under every ordering, on one position
  generate  A practice tree from the core's seeded generator
  grade     Grade a JSON answers file with the core's grading, as <ply-practice> does
  export    The search's tree figure at one step as TikZ or SVG, or every step as Beamer slides
  convert   A tree's text in another form (docs/tree-forms.md)
  bench     Time the searches, the solver and the solver's techniques (a benchmark)
  help      Print this message or the help of the given subcommand(s)

Options:
  -h, --help     this help
  -V, --version  the version

Output is stable for scripts: 'key: value' lines, or one JSON object with --json.
Bad input: one line on stderr naming the argument and the reason, exit code 2.
'plyground COMMAND --help' shows a command's options, their ranges and defaults.
"#;

#[test]
fn the_help_lists_every_command_with_its_summary() {
    prints(&["-h"], ROOT_HELP);
    prints(&["--help"], ROOT_HELP);
    prints(&["help"], ROOT_HELP);
    // Without a command: the same help, on stderr, and exit code 2 (nothing was done).
    let o = run(&[]);
    assert_eq!((o.status.code(), o.stdout.is_empty()), (Some(2), true));
    assert_eq!(String::from_utf8(o.stderr).unwrap(), ROOT_HELP);
}

const TREE_HELP: &str = r#"Search an explicit game tree given as text (docs/tree-grammar.md)

Usage: plyground tree [OPTIONS] <TREE>

Arguments:
  <TREE>
          tree text, or - to read it from stdin

Options:
      --algo <A>
          minimax, alphabeta, expectiminimax or maxn (default: alphabeta; maxn for a tree with
          utility tuples or more than two players)
      --tie <R>
          when α-β prunes: nonstrict (on v ≥ β / v ≤ α) or strict (on v > β / v < α) (default:
          nonstrict)
      --order <O>
          the order α-β searches children in: natural, reverse, random:SEED or best (default:
          natural)
      --depth <D>
          alphabeta only: cut off at depth D, 1 to 64, with EVAL = an inner node's written
          evaluation ('B~4[…]', else 0)
      --singular <MARGIN[:EXTRA]>
          singular extensions (needs --depth): a move better than all others by MARGIN (0 to 2e15)
          searches EXTRA more plies (1 to 8, default 1)
      --beam <N>
          beam search: keep the N children of best EVAL at each node, 1 to 100000
      --trace
          every step of the search first (a leaf is one step), numbered and narrated, one a line
      --json
          one JSON object instead of 'key: value' lines
  -h, --help
          this help
"#;

#[test]
fn tree_help_shows_the_usage_and_each_option_with_its_range_and_default() {
    prints(&["tree", "--help"], TREE_HELP);
    prints(&["tree", "-h"], TREE_HELP);
    prints(&["help", "tree"], TREE_HELP);
    // Help wins over everything else on the line, bad arguments included.
    prints(&["tree", "--depth", "0", "--help", "[1"], TREE_HELP);
}

#[test]
fn every_command_has_help_that_mentions_each_of_its_options() {
    for (cmd, options) in commands() {
        let options: Vec<&str> = options.split_whitespace().collect();
        let o = run(&[cmd, "--help"]);
        assert_eq!(o.status.code(), Some(0), "{cmd}");
        let help = String::from_utf8(o.stdout).unwrap();
        assert!(help.contains(&format!("\nUsage: plyground {cmd} [OPTIONS]")), "{cmd}: {help}");
        for option in &options {
            // A positional that another option can stand in for (grade's ANSWERS, --record)
            // is shown in brackets.
            let shown = if option.starts_with("--") {
                help.contains(&format!("      {option}"))
            } else {
                help.contains(&format!("  <{option}>")) || help.contains(&format!("  [{option}]"))
            };
            assert!(shown, "{cmd} --help should show {option}: {help}");
        }
        // Options only from the list, so the list is complete.
        let shown = help.lines().filter(|l| l.starts_with("      --")).count();
        assert_eq!(shown, options.iter().filter(|o| o.starts_with("--")).count(), "{cmd}: {help}");
        assert!(help.lines().all(|l| l.chars().count() <= 100), "{cmd}: {help}");
        assert_eq!(run(&["help", cmd]).stdout, help.as_bytes(), "plyground help {cmd}");
        assert_eq!(run(&[cmd, "-h"]).stdout, help.as_bytes(), "plyground {cmd} -h");
        assert!(ROOT_HELP.contains(&format!("\n  {cmd} ")), "plyground -h should list {cmd}");
    }
}

#[test]
fn ranges_and_defaults_in_the_help_come_from_the_limits() {
    use plyground::limits::{DEFAULT_ITERATIONS, MAX_BEAM_WIDTH, MAX_DEPTH, MAX_ITERATIONS};
    let help = String::from_utf8(run(&["c4", "--help"]).stdout).unwrap();
    assert!(
        help.contains(&format!("mcts: iterations, 1 to {MAX_ITERATIONS} (default: {DEFAULT_ITERATIONS})")),
        "{help}"
    );
    assert!(help.contains(&format!("deepen to depth D, 1 to {MAX_DEPTH} (default: to the end)")), "{help}");
    assert!(help.contains(&format!("beam search, keep the N best moves, 1 to {MAX_BEAM_WIDTH}")), "{help}");
    // ... and the command enforces them, naming the option.
    refuses(
        &["c4", "--algo", "mcts", "--iterations", "0"],
        &format!("--iterations: must be from 1 to {MAX_ITERATIONS}"),
    );
    refuses(&["c4", "--depth", "0"], &format!("--depth: must be from 1 to {MAX_DEPTH}"));
}

#[test]
fn an_unknown_command_is_named_with_the_closest_command() {
    refuses(&["trce", "[1]"], "unknown command 'trce' (did you mean 'tree'?)");
    refuses(&["sovle"], "unknown command 'sovle' (did you mean 'solve'?)");
    refuses(&["frobnicate"], "unknown command 'frobnicate' (try: plyground help)");
}

#[test]
fn an_unknown_option_is_named_with_the_closest_option() {
    refuses(&["tree", "--dpeth", "2", "[1]"], "unknown option '--dpeth' (did you mean '--depth'?)");
    refuses(&["c4", "--iteratons", "5"], "unknown option '--iteratons' (did you mean '--iterations'?)");
    refuses(&["tree", "--frobnicate", "[1]"], "unknown option '--frobnicate'");
    refuses(&["tree", "-x", "[1]"], "unknown option '-x'");
    refuses(&["--json"], "unknown option '--json'");
}

#[test]
fn a_missing_or_unwanted_value_or_argument_is_named() {
    refuses(&["tree", "[1]", "--depth"], "--depth needs a value");
    refuses(&["c4", "--moves"], "--moves needs a value");
    refuses(&["tree", "--json=yes", "[1]"], "--json takes no value");
    refuses(&["tree"], "missing TREE (tree text, or - to read it from stdin)");
    refuses(&["tree", "[1,", "2]"], "unexpected argument '2]' (tree takes one TREE; quote text with spaces)");
    refuses(&["c4", "4455"], "unexpected argument '4455' (c4 takes only options)");
    refuses(
        &["grade", "-", "-"],
        "unexpected argument '-' (grade takes one ANSWERS; quote text with spaces)",
    );
}

#[test]
fn an_argument_that_is_not_utf8_is_named_not_a_panic() {
    use std::os::unix::ffi::OsStrExt;
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_plyground"))
        .args(["tree".as_ref(), std::ffi::OsStr::from_bytes(b"[1,\xff]")])
        .output()
        .expect("the binary runs");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(
        String::from_utf8(o.stderr).unwrap(),
        "plyground: argument 2 is not UTF-8 text (byte 0xFF at byte 4)\n"
    );
    assert!(o.stdout.is_empty());
}

#[test]
fn options_take_values_as_the_shell_gives_them() {
    // `--key=value`, a value that starts with a dash, and a repeated option (the last wins).
    let value =
        |args: &[&str]| String::from_utf8(run(args).stdout).unwrap().lines().next().map(str::to_string);
    let tree = "A[B~6[1, 9], C~3[4, 5]]";
    assert_eq!(value(&["tree", "--depth=1", tree]), Some("value: 6".into()));
    assert_eq!(value(&["tree", "--depth", "2", "--depth", "1", tree]), Some("value: 6".into()));
    assert_eq!(value(&["tree", tree]), Some("value: 4".into()));
    assert_eq!(value(&["tree", "-3"]), Some("value: -3".into()));
    assert_eq!(
        value(&["generate", "--values", "-5..-1", "--task", "minimax"]),
        Some("[[[-4, -3], [-2, -1, -2]], [[-4, -2, -1], [-4, -5, -1], [-4, -5, -4]], [[-5, -2], [-1, -1], [-5, -2, -3]]]".into())
    );
}
