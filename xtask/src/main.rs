//! `cargo xtask` — the project's build, serve, test and bench commands, in Rust with one
//! small pure-Rust dependency (flate2, for the gzip server of the Lighthouse bench), so that
//! a fresh machine needs nothing but rustup, Node and npm.
//!
//! - `cargo xtask build`: set up what is missing, then build the wasm package into www/pkg
//!   and the minified site into target/site.
//! - `cargo xtask serve [--dev] [--port N]`: build, then serve target/site (`--dev`: www/) on
//!   127.0.0.1.
//! - `cargo xtask test`: every check CI runs, stage by stage, stopping at the first failure.
//! - `cargo xtask size`: each wasm module's gzipped size against its budget
//!   (xtask/size-budgets.txt) and its largest functions (`size.rs`).
//! - `cargo xtask bench [--quick] [--long] [--peers[=solver|mcts]] [--no-browser]`: the benchmarks natively
//!   and in wasm (Node), side by side, the solver in headless Chromium, then the solver's
//!   tables, recorded in docs/benchmarks.md (`--quick`: a smoke pass, recorded in target/);
//!   `--lighthouse`: Lighthouse on the site's pages, served gzip-compressed; `--peers` adds the comparison with other crates (`plyground-peers`) and with
//!   BitBully (PyPI, in a venv in target/peers-venv made on first use);
//!   `--latency[=K]` instead runs only the Connect-4 latency benchmark in headless Chromium,
//!   `--peers=solver` (`--peers=mcts`) only the exact solver's (MCTS-Solver's) comparisons.
//! - `cargo xtask package --scorm 1.2|2004 --set FILE --out FILE.zip`: a SCORM package of
//!   an exercise set (`package.rs`, docs/lms.md).
//! - `cargo xtask dist`: build, then the npm package for authors in
//!   target/dist/plyground-elements-<version>.tgz (`dist.rs`).
//! - `cargo xtask book [--check N]`: the Connect-4 opening book from `bitbully-databases`.
//! - `cargo xtask fuzz [TARGET…] [--minutes N]`: the fuzz targets (tree parser, move strings,
//!   `plyground solve` input, the wasm API in Node), each for N minutes (docs/fuzzing.md).

mod bench;
mod book;
mod build;
mod dist;
mod dts;
mod fuzz;
mod guard;
mod lighthouse;
mod package;
mod serve;
mod setup;
mod site;
mod size;
mod symbols;
mod test;
mod util;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  build                 install what is missing (toolchain, wasm-bindgen-cli, npm packages),
                        then build the wasm package into www/pkg and print its sizes, then
                        the site to deploy: www/ with each .js and .css minified on its own
                        (source maps beside them) in target/site/
  serve [options]       build, then serve target/site/ on http://127.0.0.1:PORT/
      --dev             serve the sources in www/ instead, unminified (builds only www/pkg)
      --port N          port to listen on (default 8000; 0 picks a free one)
      --root DIR        serve DIR at / instead
      --mount /P/=DIR   also serve DIR under the URL prefix /P/ (repeatable)
      --no-build        serve what is there, without building first
  dist                  build, then the npm package for authors:
                        target/dist/plyground-elements-<version>.tgz (npm pack), the
                        elements with their modules, wasm, worker and stylesheet (minified, no
                        source maps), custom-elements.json and .d.ts files generated from the
                        elements' code; prints its size and file count
  test                  format check, clippy, native tests, wasm build and tests, the site,
                        JS unit tests, browser tests against the site (installs Chromium
                        with apt-get when missing)
  size                  each built wasm module's size gzipped against its budget
                        (xtask/size-budgets.txt), with its 20 largest functions (of the
                        module cargo linked, named); fails when a module is over its budget
  bench [--quick] [--long] [--peers[=solver|mcts]] [--no-browser] [--latency[=K]] [--lighthouse[=WORD]]
                        build, then run the benchmarks natively (plyground bench) and in wasm
                        (bench/wasm.mjs in Node), alternating: one table with the wasm/native
                        ratios and the shipped sizes; the solver on Test_L2_R1 and Test_L2_R2
                        in a module worker in headless Chromium (bench/browser.mjs; skipped
                        with --no-browser); then the exact solver's tables (--long: the long
                        sets); --peers also runs plyground-peers (other crates, and the
                        PyPI package bitbully in a venv in target/peers-venv, made on first
                        use; CI does neither); all written to <target dir>/bench/latest.txt
                        and, with the date and the machine, to docs/benchmarks.md.
                        --quick: a smoke pass of every part on tiny workloads (seconds once
                        built; CI runs it), recorded in <target dir>/bench/benchmarks-quick.md
                        --lighthouse: only Lighthouse 12 (npm) on each view of index.html,
                        embed.html, the lessons' gallery and a lesson page with one figure
                        (tests/pages/one-tree.html), the site served gzip-compressed; one
                        table of scores, FCP, LCP, TBT and CLS against the targets
                        (<target dir>/bench/lighthouse.txt); not a test, not in CI;
                        --lighthouse=WORD: only the pages whose name holds WORD (practice)
                        --latency[=K]: only the Connect-4 latency in headless Chromium
                        (bench/latency.mjs: K random positions a ply 0-41, default 5; the
                        perfect player's move and the seven column scores, p50/p95/max per
                        band of plies, the opening book's size; <target dir>/bench/latency.txt)
                        --peers=solver: only the exact solver against connect-four-ai and
                        BitBully; --peers=mcts: only MCTS-Solver against the minimax crate and
                        its 200 games (<target dir>/bench/peers.txt)
  book [--check N]      build the Connect-4 opening book www/book/connect4.book from the PyPI
                        package bitbully-databases (a venv in target/bitbully-venv), check
                        it against the committed file and N random entries against our
                        solver (default 20), print its sizes
  package --scorm 1.2|2004 --set FILE --out FILE.zip [--no-build]
                        build, then write a SCORM package of the exercise set FILE (docs/lms.md):
                        imsmanifest.xml, the launch page set.html with the set, and
                        the site files it loads; prints its size and file count
  fuzz [TARGET…] [--minutes N] [--seed S] [--cases K]
                        run the fuzz targets one after the other, each for N minutes
                        (default 10): tree, moves, solve (crates/plyground-fuzz, proptest)
                        and api (tests/js/fuzz-api.test.mjs in Node); stack: the stack
                        sweep of every export at every step (tests/js/stack.test.mjs, once,
                        some three minutes; the test run samples every 48th); prints executions/s
                        and the corpus size, stores a failing input as a new seed in
                        tests/fuzz/<target>/ and exits non-zero (docs/fuzzing.md)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let result = match cmd.as_str() {
        "build" => {
            no_options("build", rest).and_then(|_| build::setup_and_build()).map(|_| ExitCode::SUCCESS)
        }
        "serve" => serve::main(rest).map(|_| ExitCode::SUCCESS),
        "dist" => dist::main(rest).map(|_| ExitCode::SUCCESS),
        "test" => no_options("test", rest).and_then(|_| test::main()),
        "size" => no_options("size", rest).and_then(|_| size::check()).map(|_| ExitCode::SUCCESS),
        "bench" => bench::main(rest).map(|_| ExitCode::SUCCESS),
        "book" => book::main(rest).map(|_| ExitCode::SUCCESS),
        "package" => package::main(rest).map(|_| ExitCode::SUCCESS),
        "fuzz" => fuzz::main(rest),
        "help" | "-h" | "--help" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command '{other}'\n\n{USAGE}")),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn no_options(cmd: &str, rest: &[String]) -> Result<(), String> {
    match rest.first() {
        None => Ok(()),
        Some(a) => Err(format!("'{cmd}' takes no arguments (got '{a}')\n\n{USAGE}")),
    }
}
