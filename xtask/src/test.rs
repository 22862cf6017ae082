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
    &[("set-up (tools, npm packages, TeX Live, Chromium)", set_up), ("cargo fmt --check", fmt)];

/// The build's set-up, then what the tests need beyond it, before the lanes start.
fn set_up() -> Result<(), String> {
    setup::all()?;
    setup::test_tools()
}

/// Then two lanes side by side: they build in different cargo build directories (debug,
/// release) so neither waits on the other's lock, and each keeps busy the core the other
/// leaves idle (the modules' LTO and wasm-opt run mostly on one; the browser tests mostly
/// wait on their pages). This process runs the native lane and prints as it goes; the wasm
/// lane runs in a second `cargo xtask test` (told by [`LANE_ENV`]) whose output is printed
/// once both are done. The wasm tests are the native lane's, and first: they build the
/// crates of the full module in the test profile (target/wasm32-unknown-unknown/debug),
/// which the wasm lane then only links, last of its modules ([`build::FullBuild`]).
const NATIVE_LANE: &[Stage] = &[
    ("wasm tests in Node (wasm-bindgen-test)", wasm_tests),
    ("clippy (native workspace)", clippy_native),
    ("clippy (wasm crate, wasm32)", clippy_wasm),
    ("native tests (core, CLI, xtask, pdflatex)", native_tests),
];
/// After the site, what needs the modules: the browser tests, the JS tests, the bench's smoke
/// pass. Of the native lane they need only the CLI, which they run through `cargo run
/// --profile test` (cargo waits for the native lane's build of it, never builds it twice).
/// The stack sweep in the JS tests takes longer beside other work, but no longer than the
/// native lane.
const WASM_LANE: &[Stage] = &[
    ("wasm build (cargo → wasm-bindgen → wasm-opt)", build::build_pkg),
    ("wasm sizes against their budgets (cargo xtask size)", crate::size::check),
    ("site: www/ minified per file → target/site", site::build_site),
    ("npm package (cargo xtask dist) → target/dist", dist::pack),
    ("browser tests (headless Chromium)", browser_tests),
    ("JavaScript unit tests (node --test)", js_tests),
    ("bench smoke pass (cargo xtask bench --quick)", bench_smoke),
];

/// Last, alone: the browser test file that times the page (frames, long tasks, time to
/// interactive: [`TIMED_BROWSER_FILES`]). A loaded machine made the main thread's tasks run
/// over their limits.
const TIMED_BROWSER: &[Stage] = &[("browser test that times the page (alone)", timed_browser_tests)];

/// A lane a second process runs: its name (what [`LANE_ENV`] says) and its stages.
type SideLane = (&'static str, &'static [Stage]);
const WASM_SIDE: SideLane = ("wasm", WASM_LANE);
const SIDE_LANES: [SideLane; 1] = [WASM_SIDE];

/// Set, to a lane's name, for a second `cargo xtask test` that runs that lane alone.
const LANE_ENV: &str = "PLYGROUND_TEST_LANE";

/// The stages in the order of their banners' numbers.
fn all_stages() -> impl Iterator<Item = &'static Stage> {
    FIRST.iter().chain(NATIVE_LANE).chain(WASM_LANE).chain(TIMED_BROWSER)
}

fn stage_count() -> usize {
    all_stages().count()
}

/// The banner number of a lane's first stage.
fn first_number(stages: &[Stage]) -> usize {
    1 + all_stages().position(|s| s.0 == stages[0].0).unwrap_or(0)
}

/// Each stage's name, wall time, CPU time (when known) and success, in the order they ended.
type Done = Vec<(&'static str, Duration, Option<Duration>, bool)>;

/// The CPU time (user and system) this process has used, with that of the child processes
/// it has waited for (and theirs), from /proc/self/stat; None where there is no /proc.
/// Clock ticks are 1/100 s (Linux's USER_HZ on every architecture the project runs on).
fn cpu_time() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    cpu_of_stat(&stat)
}

/// utime + stime + cutime + cstime of a /proc/PID/stat line (fields 14 to 17; the command
/// name, field 2, is in parentheses and may hold spaces).
fn cpu_of_stat(stat: &str) -> Option<Duration> {
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = fields.get(11..15)?.iter().map(|f| f.parse::<u64>().ok()).sum::<Option<u64>>()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The CPU time between two readings.
fn cpu_since(start: Option<Duration>) -> Option<Duration> {
    Some(cpu_time()?.saturating_sub(start?))
}

/// Runs stages in order under their numbered banners, until one fails.
fn run_stages(stages: &[Stage], done: &mut Done) -> Result<(), (&'static str, String)> {
    let first = first_number(stages);
    for (i, (name, stage)) in stages.iter().enumerate() {
        println!("\n==== [{}/{}] {name} ====", first + i, stage_count());
        let (t, cpu) = (Instant::now(), cpu_time());
        let r = stage();
        done.push((name, t.elapsed(), cpu_since(cpu), r.is_ok()));
        r.map_err(|e| (*name, e))?;
    }
    Ok(())
}

/// A side lane's output and its stages' results (a line each: name, wall and CPU
/// milliseconds, ok; the CPU field empty when unknown).
fn lane_files(lane: &str) -> (PathBuf, PathBuf) {
    let t = util::target_dir();
    (t.join(format!("test-{lane}-lane.log")), t.join(format!("test-{lane}-lane.tsv")))
}

/// A side lane, in its own process: its stages, then their results in the TSV file.
fn side_lane(lane: &str) -> Result<ExitCode, String> {
    let (_, stages) = SIDE_LANES
        .iter()
        .find(|l| l.0 == lane)
        .ok_or_else(|| format!("{LANE_ENV}: no lane named '{lane}'"))?;
    let mut done = Done::new();
    let r = run_stages(stages, &mut done);
    let ms = |c: &Option<Duration>| c.map(|c| c.as_millis().to_string()).unwrap_or_default();
    let tsv: String =
        done.iter().map(|(n, d, c, ok)| format!("{n}\t{}\t{}\t{ok}\n", d.as_millis(), ms(c))).collect();
    let path = lane_files(lane).1;
    std::fs::write(&path, tsv).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    match r {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err((name, e)) => {
            eprintln!("xtask test: stage '{name}' failed: {e}");
            Ok(ExitCode::FAILURE)
        }
    }
}

/// A side lane started beside this process, its output to its log file.
struct Lane {
    name: &'static str,
    stages: &'static [Stage],
    child: std::process::Child,
}

fn spawn_lane((name, stages): SideLane) -> Result<Lane, (&'static str, String)> {
    let fail = |e: String| (stages[0].0, e);
    let (log, tsv) = lane_files(name);
    std::fs::create_dir_all(util::target_dir()).map_err(|e| fail(format!("cannot create target/: {e}")))?;
    let _ = std::fs::remove_file(&tsv);
    let out =
        std::fs::File::create(&log).map_err(|e| fail(format!("cannot create {}: {e}", log.display())))?;
    let err = out.try_clone().map_err(|e| fail(format!("cannot share {}: {e}", log.display())))?;
    let exe = std::env::current_exe().map_err(|e| fail(format!("cannot find xtask's own binary: {e}")))?;
    println!("(the {name} lane runs beside; its output, in {}, follows once it is done)", log.display());
    let child = std::process::Command::new(exe)
        .arg("test")
        .env(LANE_ENV, name)
        .stdout(out)
        .stderr(err)
        .spawn()
        .map_err(|e| fail(format!("cannot start the {name} lane: {e}")))?;
    Ok(Lane { name, stages, child })
}

/// Waits for a side lane, prints its output and adds its stages to `done`.
fn join_lane(mut lane: Lane, done: &mut Done) -> Result<(), (&'static str, String)> {
    let first = lane.stages[0].0;
    let status =
        lane.child.wait().map_err(|e| (first, format!("cannot wait for the {} lane: {e}", lane.name)))?;
    let (log, tsv) = lane_files(lane.name);
    println!("\n==== the {} lane's output ====", lane.name);
    print!("{}", std::fs::read_to_string(&log).unwrap_or_default());
    let before = done.len();
    for line in std::fs::read_to_string(&tsv).unwrap_or_default().lines() {
        let mut f = line.split('\t');
        let (Some(name), Some(ms), Some(cpu), Some(ok)) = (f.next(), f.next(), f.next(), f.next()) else {
            continue;
        };
        if let Some((n, _)) = lane.stages.iter().find(|s| s.0 == name) {
            let cpu = cpu.parse().ok().map(Duration::from_millis);
            done.push((n, Duration::from_millis(ms.parse().unwrap_or(0)), cpu, ok == "true"));
        }
    }
    if status.success() {
        return Ok(());
    }
    // The lane's own failed stage (not one of this process's, already in `done`).
    let name = done[before..].iter().find(|d| !d.3).map_or(first, |d| d.0);
    Err((name, format!("the {} lane failed ({status}); its output is above", lane.name)))
}

/// Runs `stages` here while `lane` runs beside; both end before this returns.
fn beside(lane: SideLane, stages: &[Stage], done: &mut Done) -> Result<(), (&'static str, String)> {
    let side = spawn_lane(lane)?;
    let here = run_stages(stages, done);
    let there = join_lane(side, done);
    here.and(there)
}

pub fn main() -> Result<ExitCode, String> {
    if let Some(lane) = std::env::var_os(LANE_ENV) {
        return side_lane(&lane.to_string_lossy());
    }
    let (start, cpu) = (Instant::now(), cpu_time());
    let mut done = Done::new();
    let result = run_stages(FIRST, &mut done)
        .and_then(|()| beside(WASM_SIDE, NATIVE_LANE, &mut done))
        .and_then(|()| run_stages(TIMED_BROWSER, &mut done));
    println!("\n==== summary (the wasm lane ran beside the native one, then the rest in order) ====");
    println!("  {:<4}  {:<48} {:>10}  {:>10}", "", "stage", "wall", "CPU");
    let cpu_text = |c: Option<Duration>| c.map(human_duration).unwrap_or_default();
    for (name, d, c, ok) in &done {
        let status = if *ok { "ok" } else { "FAIL" };
        println!("  {status:<4}  {name:<48} {:>10}  {:>10}", human_duration(*d), cpu_text(*c));
    }
    for (name, _) in all_stages().filter(|s| !done.iter().any(|d| d.0 == s.0)) {
        println!("  {:<4}  {:<48} {:>10}  {:>10}", "skip", name, "", "");
    }
    // CPU time in all (the side lane's included): the machines have 2 cores, so a run can
    // take no less than half of it.
    let total = format!("{} wall, {} CPU", human_duration(start.elapsed()), cpu_text(cpu_since(cpu)));
    match result {
        Ok(()) => {
            println!("all {} stages passed in {total}", stage_count());
            Ok(ExitCode::SUCCESS)
        }
        Err((name, e)) => {
            println!("stopped after {total}");
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
/// Each file is its own process. (The stack sweep samples every 48th slot here; `cargo xtask
/// fuzz stack` sweeps them all.)
fn js_tests() -> Result<(), String> {
    run(util::command("node").args(["--test", "--test-concurrency=2"]).args(test_files("tests/js")?))
}

/// The browser test file that measures time on the page (the Play view interactive within
/// 5 s, the tree lab panning at 60 frames a second, Play's search leaving the main thread
/// free). Run alone, at the end (see [`TIMED_BROWSER`]); nothing else in it.
const TIMED_BROWSER_FILES: [&str; 1] = ["timing.test.mjs"];

/// Whether a browser test file is one of [`TIMED_BROWSER_FILES`].
fn is_timed(file: &std::path::Path) -> bool {
    file.file_name().and_then(|n| n.to_str()).is_some_and(|n| TIMED_BROWSER_FILES.contains(&n))
}

/// Every browser test file but the timed ones, three at a time: a file spends most of its
/// time waiting on its page (its own Chromium), so a third file keeps the cores busier and
/// the axe-core sweep (the longest file) is not left to run alone at the end.
fn browser_tests() -> Result<(), String> {
    let files: Vec<PathBuf> = test_files("tests/browser")?.into_iter().filter(|f| !is_timed(f)).collect();
    run_browser_files(&files, 3)
}

/// The timed browser test files, one at a time: beside the labs' Chromium, the Play view's
/// main thread once ran a 63 ms task while its worker searched on the other core.
fn timed_browser_tests() -> Result<(), String> {
    let files: Vec<PathBuf> = test_files("tests/browser")?.into_iter().filter(|f| is_timed(f)).collect();
    run_browser_files(&files, 1)
}

/// Chromium (installed when missing), a server on a free port for the minified site — what
/// ships is what is tested — (and tests/ under /tests/), then `files` with PLYGROUND_URL
/// pointing at it, `at_once` at a time (each file has its own Chromium).
fn run_browser_files(files: &[PathBuf], at_once: usize) -> Result<(), String> {
    let chromium = setup::headless_chromium()?;
    let url =
        serve::spawn(vec![Mount::new("/", site::site_dir()), Mount::new("/tests/", root().join("tests"))])?;
    println!("serving target/site/ (and tests/ at /tests/) at {url}");
    run(util::command("node")
        .arg("--test")
        .arg(format!("--test-concurrency={at_once}"))
        .args(files)
        .env("PLYGROUND_URL", &url)
        .env("PLYGROUND_CHROMIUM", chromium))
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
        assert_eq!(names(FIRST), ["set-up (tools, npm packages, TeX Live, Chromium)", "cargo fmt --check"]);
        // The native lane: the wasm tests first (they build what the full module is linked
        // from), lints before the native tests; the wasm lane: the modules first.
        assert_eq!(pos(NATIVE_LANE, "wasm tests"), Some(0));
        assert!(pos(NATIVE_LANE, "clippy (native").unwrap() < pos(NATIVE_LANE, "native tests").unwrap());
        assert!(pos(NATIVE_LANE, "clippy (wasm").unwrap() < pos(NATIVE_LANE, "native tests").unwrap());
        assert_eq!(pos(WASM_LANE, "wasm build"), Some(0));
        assert!(pos(WASM_LANE, "site").unwrap() < pos(WASM_LANE, "npm package").unwrap());
        // The browser tests test the site and the package: after them; then what needs the
        // modules (the JS tests, the bench).
        assert!(pos(WASM_LANE, "npm package").unwrap() < pos(WASM_LANE, "browser tests").unwrap());
        assert!(pos(WASM_LANE, "JavaScript unit tests").unwrap() > pos(WASM_LANE, "wasm build").unwrap());
        assert!(pos(WASM_LANE, "bench smoke").unwrap() > pos(WASM_LANE, "wasm build").unwrap());
        // What needs a quiet machine comes after both lanes.
        assert_eq!(names(TIMED_BROWSER), ["browser test that times the page (alone)"]);
        assert_eq!(stage_count(), 14);
        assert_eq!([first_number(FIRST), first_number(NATIVE_LANE), first_number(WASM_LANE)], [1, 3, 7]);
        assert_eq!(first_number(TIMED_BROWSER), 14);
        // Every side lane is known by its name.
        assert!(SIDE_LANES.iter().all(|(name, stages)| !stages.is_empty() && *name == "wasm"));
    }

    #[test]
    fn cpu_time_is_read_from_the_stat_line() {
        // pid (comm) state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt
        // utime stime cutime cstime …, in ticks of 1/100 s; a name may hold ") ".
        let stat = "42 (x) y) S 1 42 42 0 -1 4194560 900 8000 0 3 150 25 6000 700 20 0 1 0";
        assert_eq!(cpu_of_stat(stat), Some(Duration::from_millis(68_750)));
        assert_eq!(cpu_of_stat("42 (x) S 1 42"), None);
        // This process's own line reads (a test this short may not have used a tick yet).
        assert!(cpu_time().is_some() || !std::path::Path::new("/proc/self/stat").exists());
    }

    #[test]
    fn the_test_directories_hold_test_files() {
        assert!(!test_files("tests/js").unwrap().is_empty());
        let browser = test_files("tests/browser").unwrap();
        // Every timed file is there (a renamed one would silently run beside the others).
        assert_eq!(browser.iter().filter(|f| is_timed(f)).count(), TIMED_BROWSER_FILES.len());
        assert!(browser.iter().any(|f| !is_timed(f)));
        assert!(test_files("xtask/src").is_err());
    }
}
