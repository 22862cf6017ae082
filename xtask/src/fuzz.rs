//! `cargo xtask fuzz [TARGET…] [--minutes N] [--seed S] [--cases K]`: the long mode of the fuzz
//! targets, one after the other, each for N minutes (default 10).
//!
//! - `tree`, `moves`, `solve` — the property tests of `crates/plyground-fuzz`, run by its
//!   `plyground-fuzz` binary (built with the `test` profile: optimised, and panics unwind so
//!   that a panicking input is caught, shrunk and stored), with `PLYGROUND_BIN` pointing at
//!   the `plyground` binary built with it.
//! - `api` — the wasm API in Node: `tests/js/fuzz-api.test.mjs` with `PLYGROUND_FUZZ_MS` set
//!   (the module is built first, as `cargo xtask build` builds it).
//! - `stack` — the stack sweep of every export (`tests/js/stack.test.mjs` with
//!   `PLYGROUND_STACK_STRIDE=1`: a RangeError at every 8-byte step of each call's path, some
//!   three minutes, whatever `--minutes` says). The test run samples every 48th step.
//!
//! Each prints its executions per second and corpus size; a failure is stored as a new seed
//! in tests/fuzz/<target>/ and makes the command exit non-zero (after the other targets ran).
//! See docs/fuzzing.md.

use crate::build;
use crate::setup;
use crate::util::{self, command, target_dir};
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The targets, in the order they run.
pub const TARGETS: &[&str] = &["tree", "moves", "solve", "api", "stack"];

/// The targets run in Node, not by the fuzz crate.
const JS_TARGETS: &[&str] = &["api", "stack"];

/// Parsed command line.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    pub targets: Vec<String>,
    pub minutes: f64,
    pub seed: Option<u64>,
    pub cases: Option<u32>,
}

pub fn parse(args: &[String]) -> Result<Options, String> {
    let mut o = Options { targets: Vec::new(), minutes: 10.0, seed: None, cases: None };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |what: &str| it.next().ok_or(format!("fuzz: {a} needs {what}"));
        match a.as_str() {
            "--minutes" => {
                let v = value("a number of minutes")?;
                o.minutes = v.parse().map_err(|_| format!("fuzz: --minutes needs a number, got '{v}'"))?;
                if !(o.minutes > 0.0 && o.minutes <= 10_000.0) {
                    return Err(format!("fuzz: --minutes must be more than 0 and at most 10000, got '{v}'"));
                }
            }
            "--seed" => {
                let v = value("an integer")?;
                o.seed =
                    Some(v.parse().map_err(|_| format!("fuzz: --seed needs an integer ≥ 0, got '{v}'"))?);
            }
            "--cases" => {
                let v = value("a count")?;
                o.cases = Some(
                    v.parse()
                        .ok()
                        .filter(|&n: &u32| n > 0)
                        .ok_or(format!("fuzz: --cases needs a count ≥ 1, got '{v}'"))?,
                );
            }
            t if TARGETS.contains(&t) => o.targets.push(t.to_string()),
            other => {
                return Err(format!(
                    "fuzz: unknown target or option '{other}' (targets: {})",
                    TARGETS.join(", ")
                ))
            }
        }
    }
    if o.targets.is_empty() {
        o.targets = TARGETS.iter().map(|s| s.to_string()).collect();
    }
    Ok(o)
}

pub fn main(args: &[String]) -> Result<ExitCode, String> {
    let o = parse(args)?;
    let native: Vec<&String> = o.targets.iter().filter(|t| !JS_TARGETS.contains(&t.as_str())).collect();
    let mut failed = Vec::new();
    if !native.is_empty() {
        // The `test` profile: optimised like the tests, and unwinding (the release profile
        // aborts on panic, which would lose the failing input).
        util::run(util::cargo().args([
            "build",
            "--profile",
            "test",
            "-p",
            "plyground-fuzz",
            "--bin",
            "plyground-fuzz",
            "-p",
            "plyground-cli",
            "--bin",
            "plyground",
        ]))?;
    }
    for t in &o.targets {
        println!("\n==== fuzz {t}: {} minute(s) ====", o.minutes);
        let ok = match t.as_str() {
            "api" => api(&o)?,
            "stack" => stack()?,
            _ => native_target(t, &o)?,
        };
        if !ok {
            failed.push(t.clone());
        }
    }
    if failed.is_empty() {
        println!("\nfuzz: every target ran clean ({})", o.targets.join(", "));
        Ok(ExitCode::SUCCESS)
    } else {
        eprintln!("fuzz: failures in {} (new seeds are in tests/fuzz/<target>/)", failed.join(", "));
        Ok(ExitCode::FAILURE)
    }
}

fn native_target(t: &str, o: &Options) -> Result<bool, String> {
    let dir = target_dir().join("debug");
    let exe = std::env::consts::EXE_SUFFIX;
    let mut cmd = command(dir.join(format!("plyground-fuzz{exe}")));
    cmd.arg(t).args(["--minutes", &o.minutes.to_string()]);
    if let Some(s) = o.seed {
        cmd.args(["--seed", &s.to_string()]);
    }
    if let Some(c) = o.cases {
        cmd.args(["--cases", &c.to_string()]);
    }
    cmd.env("PLYGROUND_BIN", dir.join(format!("plyground{exe}")));
    Ok(util::status(&mut cmd)?.success())
}

/// Every slot of the stack sweep, once (a fixed sweep: no time limit, no seed).
fn stack() -> Result<bool, String> {
    setup::npm_packages()?;
    build::build_pkg()?;
    let mut cmd = command("node");
    cmd.args(["--test", "tests/js/stack.test.mjs"]).env("PLYGROUND_STACK_STRIDE", "1");
    Ok(util::status(&mut cmd)?.success())
}

fn api(o: &Options) -> Result<bool, String> {
    setup::npm_packages()?;
    build::build_pkg()?;
    let mut cmd = command("node");
    cmd.arg("tests/js/fuzz-api.test.mjs").env("PLYGROUND_FUZZ_MS", format!("{:.0}", o.minutes * 60_000.0));
    if let Some(s) = o.seed {
        cmd.env("PLYGROUND_FUZZ_SEED", s.to_string());
    }
    // One call that never returns blocks Node's only thread: the case's seed is written to a
    // file before it runs, and the process is killed two minutes after its time is up.
    let current = target_dir().join("fuzz-api-current-case");
    cmd.env("PLYGROUND_FUZZ_CURRENT", &current);
    println!("$ {}", util::show(&cmd));
    let mut child = cmd.spawn().map_err(|e| format!("could not start node: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs_f64(o.minutes * 60.0 + 120.0);
    loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            return Ok(st.success());
        }
        if Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            let seed = std::fs::read_to_string(&current).unwrap_or_default();
            println!(
                "FAIL target api: HANG: case seed {} ran for more than two minutes; replay it with \
                 a seed file {{\"replay\": {}}} in tests/fuzz/api/",
                seed.trim(),
                seed.trim()
            );
            return Ok(false);
        }
        std::thread::sleep(Duration::from_millis(200));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn options_are_read() {
        let o = parse(&args("")).unwrap();
        assert_eq!((o.targets.len(), o.minutes, o.seed, o.cases), (5, 10.0, None, None));
        let o = parse(&args("tree api --minutes 0.5 --seed 7 --cases 100")).unwrap();
        assert_eq!(o.targets, ["tree", "api"]);
        assert_eq!((o.minutes, o.seed, o.cases), (0.5, Some(7), Some(100)));
        assert!(parse(&args("bogus")).unwrap_err().contains("unknown target"));
        assert!(parse(&args("--minutes 0")).is_err());
        assert!(parse(&args("--minutes x")).is_err());
        assert!(parse(&args("--cases 0")).is_err());
        assert!(parse(&args("--seed")).unwrap_err().contains("needs"));
    }

    #[test]
    fn every_native_target_exists_in_the_fuzz_crate() {
        let src = std::fs::read_to_string(util::root().join("crates/plyground-fuzz/src/lib.rs")).unwrap();
        for t in TARGETS.iter().filter(|t| !JS_TARGETS.contains(t)) {
            assert!(src.contains(&format!("name: \"{t}\"")), "target {t} missing from plyground-fuzz");
        }
        assert!(util::root().join("tests/js/fuzz-api.test.mjs").is_file());
        assert!(util::root().join("tests/js/stack.test.mjs").is_file());
    }
}
