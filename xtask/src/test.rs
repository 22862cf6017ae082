//! `cargo xtask test`: every check, in order, each under a banner; the first failure stops
//! the run with a non-zero exit. A summary of the stages (and their times) closes the run.

use crate::build::{self, WASM_CRATE};
use crate::dist;
use crate::serve::{self, Mount};
use crate::setup::{self, WASM_TARGET};
use crate::site;
use crate::util::{self, human_duration, root, run};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

type Stage = (&'static str, fn() -> Result<(), String>);

const STAGES: &[Stage] = &[
    ("set-up (toolchain, wasm-bindgen-cli, npm ci)", setup::all),
    ("cargo fmt --check", fmt),
    ("clippy (native workspace)", clippy_native),
    ("clippy (wasm crate, wasm32)", clippy_wasm),
    ("native tests (core, CLI, xtask, pdflatex)", native_tests),
    ("core compiles for wasm32", core_for_wasm),
    ("wasm build (cargo → wasm-bindgen → wasm-opt)", build::build_pkg),
    ("wasm sizes against their budgets (cargo xtask size)", crate::size::check),
    ("site: www/ minified per file → target/site", site::build_site),
    ("npm package (cargo xtask dist) → target/dist", dist::pack),
    ("wasm tests in Node (wasm-bindgen-test)", wasm_tests),
    ("JavaScript unit tests (node --test)", js_tests),
    ("browser tests (headless Chromium)", browser_tests),
    ("bench smoke pass (cargo xtask bench --quick)", bench_smoke),
];

pub fn main() -> Result<ExitCode, String> {
    let start = Instant::now();
    let mut done: Vec<(&str, Duration, bool)> = Vec::new();
    let mut failure = None;
    for (i, (name, stage)) in STAGES.iter().enumerate() {
        println!("\n==== [{}/{}] {name} ====", i + 1, STAGES.len());
        let t = Instant::now();
        let r = stage();
        done.push((name, t.elapsed(), r.is_ok()));
        if let Err(e) = r {
            failure = Some((name, e));
            break;
        }
    }
    println!("\n==== summary ====");
    for (name, d, ok) in &done {
        println!("  {:<4}  {:<48} {:>10}", if *ok { "ok" } else { "FAIL" }, name, human_duration(*d));
    }
    for (name, _) in &STAGES[done.len()..] {
        println!("  {:<4}  {:<48} {:>10}", "skip", name, "");
    }
    match failure {
        None => {
            println!("all {} stages passed in {}", STAGES.len(), human_duration(start.elapsed()));
            Ok(ExitCode::SUCCESS)
        }
        Some((name, e)) => {
            eprintln!("xtask test: stage '{name}' failed: {e}");
            Ok(ExitCode::FAILURE)
        }
    }
}

fn fmt() -> Result<(), String> {
    run(util::cargo().args(["fmt", "--all", "--check"]))
}

/// The peer benchmark (`crates/plyground-peers`) pulls in other crates (connect-four-ai,
/// minimax and their rayon, serde, indicatif…): a dev tool, kept out of the CI checks so that
/// they do not compile thirty-odd extra crates. `cargo xtask bench --peers` builds it.
pub const PEERS_CRATE: &str = "plyground-peers";

/// The workspace, then the core without its default features (the games module's build: no
/// singular extensions or beam search; the tests that use them are left out with them).
fn clippy_native() -> Result<(), String> {
    run(util::cargo().args([
        "clippy",
        "--workspace",
        "--all-targets",
        "--exclude",
        WASM_CRATE,
        "--exclude",
        PEERS_CRATE,
        "--",
        "-D",
        "warnings",
    ]))?;
    run(util::cargo().args([
        "clippy",
        "-p",
        "plyground",
        "--no-default-features",
        "--all-targets",
        "--",
        "-D",
        "warnings",
    ]))
}

/// Each module as it is built: the full one (every feature) with the tests, then the three
/// page and lab modules (`trees`, `games`, `lab` alone), the library only. No build uses
/// the default features alone, so they are not linted on their own.
fn clippy_wasm() -> Result<(), String> {
    let mut cmd = util::cargo();
    cmd.args(["clippy", "-p", WASM_CRATE, "--all-targets", "--target", WASM_TARGET, "--all-features"]);
    run(cmd.args(["--", "-D", "warnings"]))?;
    for feature in ["trees", "games", "lab"] {
        let mut cmd = util::cargo();
        cmd.args(["clippy", "-p", WASM_CRATE, "--lib", "--target", WASM_TARGET, "--no-default-features"]);
        run(cmd.args(["--features", feature, "--", "-D", "warnings"]))?;
    }
    Ok(())
}

/// Natively, without the wasm crate (its tests only run on wasm32) and the peer benchmark.
/// TeX Live first (installed when missing): the CLI's export test runs pdflatex.
fn native_tests() -> Result<(), String> {
    setup::texlive()?;
    run(util::cargo().args(["test", "--workspace", "--exclude", WASM_CRATE, "--exclude", PEERS_CRATE]))
}

fn core_for_wasm() -> Result<(), String> {
    run(util::cargo().args(["build", "-p", "plyground", "--target", WASM_TARGET]))
}

/// `#[wasm_bindgen_test]` tests, run in Node by wasm-bindgen-test-runner (.cargo/config.toml).
fn wasm_tests() -> Result<(), String> {
    run(util::cargo().args(["test", "--target", WASM_TARGET, "-p", WASM_CRATE, "--features", "full"]))
}

/// The `*.test.mjs` files of a directory, sorted (named explicitly: `node --test DIR`
/// means different things in different Node versions).
fn test_files(dir: &str) -> Result<Vec<PathBuf>, String> {
    let d = root().join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&d)
        .map_err(|e| format!("cannot list {}: {e}", d.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.file_name().and_then(|n| n.to_str()).is_some_and(|n| n.ends_with(".test.mjs")))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no *.test.mjs files in {}", d.display()));
    }
    Ok(files)
}

/// Two files at a time (Node's default is one fewer than the cores: one, on the 2-core
/// machines CI runs on), so the longest files run beside the others instead of after them.
/// Each file is its own process. (The stack sweep samples every 16th slot here; `cargo xtask
/// fuzz stack` sweeps them all.)
fn js_tests() -> Result<(), String> {
    run(util::command("node").args(["--test", "--test-concurrency=2"]).args(test_files("tests/js")?))
}

/// Chromium (installed when missing), a server on a free port for the minified site — what
/// ships is what is tested — (and tests/ under /tests/), then the browser test files with
/// PLYGROUND_URL pointing at it, two at a time (each file has its own Chromium; much of a
/// file's time is spent waiting on the page).
fn browser_tests() -> Result<(), String> {
    setup::chromium()?;
    let url =
        serve::spawn(vec![Mount::new("/", site::site_dir()), Mount::new("/tests/", root().join("tests"))])?;
    println!("serving target/site/ (and tests/ at /tests/) at {url}");
    run(util::command("node")
        .args(["--test", "--test-concurrency=2"])
        .args(test_files("tests/browser")?)
        .env("PLYGROUND_URL", &url)
        .env("PLYGROUND_CHROMIUM", setup::CHROMIUM))
}

/// Every part of the benchmark harness on tiny workloads (native and wasm side by side, the
/// browser's solver, the solver's tables), so that a broken bench fails CI; its figures are
/// printed, never checked (its record goes to target/, not docs/benchmarks.md).
fn bench_smoke() -> Result<(), String> {
    crate::bench::main(&["--quick".to_string()])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stages_run_in_the_documented_order() {
        let names: Vec<&str> = STAGES.iter().map(|s| s.0).collect();
        let pos = |prefix: &str| names.iter().position(|n| n.starts_with(prefix)).unwrap();
        assert!(pos("set-up") < pos("cargo fmt"));
        assert!(pos("cargo fmt") < pos("clippy (native"));
        assert!(pos("native tests") < pos("wasm build"));
        assert!(pos("wasm build") < pos("wasm tests"));
        assert!(pos("wasm build") < pos("wasm sizes"));
        assert!(pos("wasm build") < pos("site"));
        assert!(pos("site") < pos("JavaScript unit tests"));
        assert!(pos("site") < pos("npm package"));
        assert!(pos("npm package") < pos("browser tests"));
        assert!(pos("wasm build") < pos("browser tests"));
        assert!(pos("browser tests") < pos("bench smoke"));
        assert_eq!(names.last(), Some(&"bench smoke pass (cargo xtask bench --quick)"));
    }

    #[test]
    fn the_test_directories_hold_test_files() {
        assert!(!test_files("tests/js").unwrap().is_empty());
        assert!(!test_files("tests/browser").unwrap().is_empty());
        assert!(test_files("xtask/src").is_err());
    }
}
