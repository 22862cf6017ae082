//! Fuzz targets for plyground's untrusted inputs, written as property tests with `proptest`
//! (no nightly toolchain, no libFuzzer): the tree parser, the move-string parsers of
//! tic-tac-toe and Connect-4, and the input lines of `plyground solve`. The wasm API's option
//! records are fuzzed in Node by `tests/js/fuzz-api.test.mjs`.
//!
//! Every target runs in two modes:
//!
//! - **bounded** — `cargo test -p plyground-fuzz` (and so `cargo xtask test`): a fixed seed, a
//!   few hundred generated cases per property, then every stored seed of the corpus
//!   (`tests/fuzz/<target>/*.seed`);
//! - **long** — `cargo xtask fuzz [TARGET] [--minutes N]`: the `plyground-fuzz` binary runs
//!   rounds of many cases with fresh seeds until the time is up, prints executions per second
//!   and the corpus size, and saves a failing input as a new seed file.
//!
//! How to run them, add a seed, and which assertions wait for other fixes: `docs/fuzzing.md`.
//! This crate is a dev tool (`publish = false`): the core keeps zero dependencies.

pub mod corpus;
pub mod moves;
pub mod solve;
pub mod tree;

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, RngAlgorithm, TestCaseError, TestError, TestRng, TestRunner};
use std::fmt::Debug;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Cases finished so far in this process (all properties): the long mode's watchdog reads it
/// to notice a case that never returns.
pub static CASES_DONE: AtomicU64 = AtomicU64::new(0);

/// One failing input, as it will be stored in a seed file.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// Which property failed (the name of the generator).
    pub property: String,
    /// The seed file text that reproduces it (see [`corpus::Seed`]).
    pub seed_text: String,
    /// Why it failed.
    pub message: String,
}

/// A fuzz target: properties over generated inputs, and a check of one stored seed.
pub struct Target {
    /// `tree`, `moves` or `solve`: also the corpus folder `tests/fuzz/<name>/`.
    pub name: &'static str,
    /// What it fuzzes, one line.
    pub about: &'static str,
    /// Runs `cases` generated cases of every property from `seed`; counts executions.
    pub run: fn(cases: u32, seed: u64, execs: &mut u64) -> Result<(), Failure>,
    /// Checks one stored seed of the corpus.
    pub check_seed: fn(&corpus::Seed) -> Result<(), String>,
}

/// Every native target, in the order `cargo xtask fuzz` runs them.
pub const TARGETS: &[Target] = &[
    Target {
        name: "tree",
        about: "the tree parser: generated, mutated and random texts; round trip; searches",
        run: tree::run,
        check_seed: tree::check_seed,
    },
    Target {
        name: "moves",
        about: "tic-tac-toe and Connect-4 move strings against a move-by-move oracle",
        run: moves::run,
        check_seed: moves::check_seed,
    },
    Target {
        name: "solve",
        about: "`plyground solve` end to end: the binary on generated standard input",
        run: solve::run,
        check_seed: solve::check_seed,
    },
];

/// The target with this name.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}

/// The repository root (two levels above this crate).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs one property: `cases` inputs from `strategy`, seeded, shrinking a failure to a small
/// input. Panics inside `check` are failures (proptest catches them). `to_seed` writes the
/// failing input as a seed file's text.
pub fn run_property<S>(
    property: &str,
    strategy: S,
    cases: u32,
    seed: u64,
    execs: &mut u64,
    to_seed: impl Fn(&S::Value) -> String,
    check: impl Fn(&S::Value) -> Result<(), String>,
) -> Result<(), Failure>
where
    S: Strategy,
    S::Value: Debug,
{
    let config = Config {
        cases,
        failure_persistence: None,
        max_shrink_iters: 2000,
        max_global_rejects: cases.saturating_mul(4).max(1024),
        ..Config::default()
    };
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&seed.to_le_bytes());
    bytes[8..16].copy_from_slice(&fnv(property.as_bytes()).to_le_bytes());
    let mut runner = TestRunner::new_with_rng(config, TestRng::from_seed(RngAlgorithm::ChaCha, &bytes));
    let count = std::cell::Cell::new(0u64);
    let r = runner.run(&strategy, |v| {
        count.set(count.get() + 1);
        let r = check(&v).map_err(TestCaseError::fail);
        CASES_DONE.fetch_add(1, Ordering::Relaxed);
        r
    });
    *execs += count.get();
    match r {
        Ok(()) => Ok(()),
        Err(TestError::Fail(reason, value)) => Err(Failure {
            property: property.to_string(),
            seed_text: to_seed(&value),
            message: format!(
                "{} (property '{property}', seed {seed}, minimal input {})",
                clip(&reason.to_string()),
                clip(&format!("{value:?}"))
            ),
        }),
        Err(TestError::Abort(reason)) => Err(Failure {
            property: property.to_string(),
            seed_text: String::new(),
            message: format!("property '{property}' aborted (seed {seed}): {reason}"),
        }),
    }
}

/// A long text cut to its first 300 characters, for messages.
pub fn clip(s: &str) -> String {
    match s.char_indices().nth(300) {
        Some((i, _)) => format!("{}… ({} bytes)", &s[..i], s.len()),
        None => s.to_string(),
    }
}

/// FNV-1a, to derive a per-property stream from one seed.
pub fn fnv(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}
