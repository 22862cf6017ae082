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

/// First, in order.
const FIRST: &[Stage] =
    &[("set-up (toolchain, wasm-bindgen-cli, npm ci)", setup::all), ("cargo fmt --check", fmt)];

/// Then two lanes side by side: they build in different cargo build directories (debug,
/// release) so neither waits on the other's lock, and each keeps busy the core the other
/// leaves idle (the modules' LTO and wasm-opt run mostly on one). The native lane prints as
/// it goes; the wasm lane (a second `cargo xtask test`, told by [`LANE_ENV`]) writes to
/// target/, printed once both lanes are done.
const NATIVE_LANE: &[Stage] = &[
    ("clippy (native workspace)", clippy_native),
    ("clippy (wasm crate, wasm32)", clippy_wasm),
    ("native tests (core, CLI, xtask, pdflatex)", native_tests),
    ("wasm tests in Node (wasm-bindgen-test)", wasm_tests),
];
const WASM_LANE: &[Stage] = &[
    ("wasm build (cargo → wasm-bindgen → wasm-opt)", build::build_pkg),
    ("wasm sizes against their budgets (cargo xtask size)", crate::size::check),
    ("site: www/ minified per file → target/site", site::build_site),
    ("npm package (cargo xtask dist) → target/dist", dist::pack),
];

/// Last, in order: what needs both lanes (the modules, the site and the CLI the native
/// tests built).
const LAST: &[Stage] = &[
    ("JavaScript unit tests (node --test)", js_tests),
    ("browser tests (headless Chromium)", browser_tests),
    ("bench smoke pass (cargo xtask bench --quick)", bench_smoke),
];

/// Set for the second `cargo xtask test`, which runs the wasm lane alone.
const LANE_ENV: &str = "PLYGROUND_TEST_WASM_LANE";

fn stage_count() -> usize {
    FIRST.len() + NATIVE_LANE.len() + WASM_LANE.len() + LAST.len()
}

/// Each stage's name, time and success, in the order they ended.
type Done = Vec<(&'static str, Duration, bool)>;

/// Runs stages in order under banners numbered from `first`, until one fails.
fn run_stages(stages: &[Stage], first: usize, done: &mut Done) -> Result<(), (&'static str, String)> {
    for (i, (name, stage)) in stages.iter().enumerate() {
        println!("\n==== [{}/{}] {name} ====", first + i, stage_count());
        let t = Instant::now();
        let r = stage();
        done.push((name, t.elapsed(), r.is_ok()));
        r.map_err(|e| (*name, e))?;
    }
    Ok(())
}

fn lane_files() -> (PathBuf, PathBuf) {
    let t = util::target_dir();
    (t.join("test-wasm-lane.log"), t.join("test-wasm-lane.tsv"))
}

/// The wasm lane, in the second process: its stages, then a line per stage in the TSV file.
fn wasm_lane() -> Result<ExitCode, String> {
    let mut done = Done::new();
    let r = run_stages(WASM_LANE, FIRST.len() + NATIVE_LANE.len() + 1, &mut done);
    let tsv: String = done.iter().map(|(n, d, ok)| format!("{n}\t{}\t{ok}\n", d.as_millis())).collect();
    let path = lane_files().1;
    std::fs::write(&path, tsv).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    match r {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err((name, e)) => {
            eprintln!("xtask test: stage '{name}' failed: {e}");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// Starts the wasm lane beside this process, its output to the log file.
fn spawn_wasm_lane() -> Result<std::process::Child, String> {
    let (log, tsv) = lane_files();
    std::fs::create_dir_all(util::target_dir()).map_err(|e| format!("cannot create target/: {e}"))?;
    let _ = std::fs::remove_file(&tsv);
    let out = std::fs::File::create(&log).map_err(|e| format!("cannot create {}: {e}", log.display()))?;
    let err = out.try_clone().map_err(|e| format!("cannot share {}: {e}", log.display()))?;
    let exe = std::env::current_exe().map_err(|e| format!("cannot find xtask's own binary: {e}"))?;
    println!("(the wasm lane runs beside the native one; its output, in {}, follows it)", log.display());
    std::process::Command::new(exe)
        .arg("test")
        .env(LANE_ENV, "1")
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(|e| format!("cannot start the wasm lane: {e}"))
}

/// Waits for the wasm lane, prints its output and adds its stages to `done`.
fn join_wasm_lane(mut child: std::process::Child, done: &mut Done) -> Result<(), (&'static str, String)> {
    let status = child.wait().map_err(|e| ("wasm lane", format!("cannot wait for it: {e}")))?;
    let (log, tsv) = lane_files();
    print!("{}", std::fs::read_to_string(&log).unwrap_or_default());
    let lines = std::fs::read_to_string(&tsv).unwrap_or_default();
    for line in lines.lines() {
        let mut f = line.split('\t');
        let (Some(name), Some(ms), Some(ok)) = (f.next(), f.next(), f.next()) else { continue };
        if let Some((n, _)) = WASM_LANE.iter().find(|s| s.0 == name) {
            done.push((n, Duration::from_millis(ms.parse().unwrap_or(0)), ok == "true"));
        }
    }
    if status.success() {
        return Ok(());
    }
    let name = done.iter().rev().find(|d| !d.2).map_or("wasm lane", |d| d.0);
    Err((name, format!("the wasm lane failed ({status}); its output is above")))
}

pub fn main() -> Result<ExitCode, String> {
    if std::env::var_os(LANE_ENV).is_some() {
        return wasm_lane();
    }
    let start = Instant::now();
    let mut done = Done::new();
    let result = run_stages(FIRST, 1, &mut done).and_then(|()| {
        let lane = spawn_wasm_lane().map_err(|e| ("wasm lane", e))?;
        let native = run_stages(NATIVE_LANE, FIRST.len() + 1, &mut done);
        println!("\n==== the wasm lane's output ====");
        let wasm = join_wasm_lane(lane, &mut done);
        native.and(wasm)?;
        run_stages(LAST, stage_count() - LAST.len() + 1, &mut done)
    });
    println!(
        "\n==== summary (stages 3–{} ran in two lanes side by side) ====",
        2 + NATIVE_LANE.len() + WASM_LANE.len()
    );
    for (name, d, ok) in &done {
        println!("  {:<4}  {:<48} {:>10}", if *ok { "ok" } else { "FAIL" }, name, human_duration(*d));
    }
    let all = FIRST.iter().chain(NATIVE_LANE).chain(WASM_LANE).chain(LAST);
    for (name, _) in all.filter(|s| !done.iter().any(|d| d.0 == s.0)) {
        println!("  {:<4}  {:<48} {:>10}", "skip", name, "");
    }
    match result {
        Ok(()) => {
            println!("all {} stages passed in {}", stage_count(), human_duration(start.elapsed()));
            Ok(ExitCode::SUCCESS)
        }
        Err((name, e)) => {
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
        let names = |stages: &[Stage]| stages.iter().map(|s| s.0).collect::<Vec<_>>();
        let pos = |stages: &[Stage], prefix: &str| names(stages).iter().position(|n| n.starts_with(prefix));
        assert_eq!(names(FIRST), ["set-up (toolchain, wasm-bindgen-cli, npm ci)", "cargo fmt --check"]);
        // The native lane: lints before the tests; the wasm lane: the modules first.
        assert!(pos(NATIVE_LANE, "clippy (native").unwrap() < pos(NATIVE_LANE, "native tests").unwrap());
        assert!(pos(NATIVE_LANE, "clippy (wasm").unwrap() < pos(NATIVE_LANE, "wasm tests").unwrap());
        assert_eq!(pos(WASM_LANE, "wasm build"), Some(0));
        assert!(pos(WASM_LANE, "site").unwrap() < pos(WASM_LANE, "npm package").unwrap());
        // What needs the modules, the site, the package or the CLI comes after both lanes.
        for later in ["JavaScript unit tests", "browser tests", "bench smoke"] {
            assert!(pos(LAST, later).is_some(), "{later}");
        }
        assert!(pos(LAST, "browser tests").unwrap() < pos(LAST, "bench smoke").unwrap());
        assert_eq!(stage_count(), 13);
    }

    #[test]
    fn the_test_directories_hold_test_files() {
        assert!(!test_files("tests/js").unwrap().is_empty());
        assert!(!test_files("tests/browser").unwrap().is_empty());
        assert!(test_files("xtask/src").is_err());
    }
}
