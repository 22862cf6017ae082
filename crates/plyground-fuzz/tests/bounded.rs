//! The bounded run of every fuzz target (part of `cargo xtask test`): a fixed seed and a
//! small number of generated cases per property (`PLYGROUND_FUZZ_CASES`, default 256), then
//! every seed of the corpus in tests/fuzz/<target>/. `cargo xtask fuzz` runs the same
//! properties for minutes with fresh seeds (docs/fuzzing.md).

use plyground_fuzz::{corpus, target};

const SEED: u64 = 0x5eed_0016;

fn cases() -> u32 {
    std::env::var("PLYGROUND_FUZZ_CASES").ok().and_then(|s| s.parse().ok()).unwrap_or(256)
}

fn generated(name: &str) {
    let t = target(name).expect("target");
    let mut execs = 0;
    if let Err(f) = (t.run)(cases(), SEED, &mut execs) {
        panic!("target {name}: {}\nseed file text:\n{}", f.message, f.seed_text);
    }
    eprintln!("target {name}: {execs} generated cases passed");
    assert!(execs >= cases() as u64 / 10, "target {name} ran only {execs} cases");
}

/// Every seed of the target's corpus; those waiting for another fix say so (and still run
/// every property that holds today).
fn seeds(name: &str, at_least: usize) {
    let t = target(name).expect("target");
    let seeds = corpus::load(name).unwrap();
    assert!(
        seeds.len() >= at_least,
        "tests/fuzz/{name}/ has {} seeds, expected at least {at_least}",
        seeds.len()
    );
    let mut failures = Vec::new();
    for s in &seeds {
        if let Some(n) = s.get("needs") {
            eprintln!(
                "seed {name}/{}: the full check waits for {n}; the rest runs (docs/fuzzing.md)",
                s.name()
            );
        }
        if let Err(e) = (t.check_seed)(s) {
            failures.push(format!("{}: {e}", s.name()));
        }
    }
    assert!(failures.is_empty(), "corpus failures:\n{}", failures.join("\n"));
}

#[test]
fn tree_generated() {
    generated("tree");
}

#[test]
fn tree_corpus() {
    seeds("tree", 8);
}

#[test]
fn moves_generated() {
    generated("moves");
}

#[test]
fn moves_corpus() {
    seeds("moves", 4);
}

#[test]
fn solve_generated() {
    generated("solve");
}

#[test]
fn solve_corpus() {
    seeds("solve", 3);
}
