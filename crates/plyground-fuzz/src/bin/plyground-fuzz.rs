//! The long mode of the fuzz targets (what `cargo xtask fuzz` runs):
//!
//! ```text
//! plyground-fuzz [TARGET…] [--minutes N] [--cases K] [--seed S]
//! ```
//!
//! For each target (default: all native ones, one after the other): the corpus seeds first,
//! then rounds of K generated cases per property (default 2000), each round with a new seed
//! (the start time in nanoseconds plus the round number, or S plus the round number), until N
//! minutes (default 10) have passed. It prints executions per second and the corpus size; a
//! failure is stored as a new seed file in tests/fuzz/<target>/ and the exit code is 1. A case
//! that runs for more than two minutes counts as a hang: the round's seed is printed (replay
//! with `--seed S --cases K`) and the exit code is 1.

use plyground_fuzz::{corpus, target, Target, CASES_DONE, TARGETS};
use std::process::ExitCode;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

const USAGE: &str = "usage: plyground-fuzz [tree|moves|solve]… [--minutes N] [--cases K] [--seed S]";

fn main() -> ExitCode {
    match real_main() {
        Ok(code) => code,
        Err(e) => {
            eprintln!("plyground-fuzz: {e}");
            ExitCode::from(2)
        }
    }
}

fn real_main() -> Result<ExitCode, String> {
    let mut names = Vec::new();
    let mut minutes = 10.0f64;
    let mut cases = 2000u32;
    let mut seed: Option<u64> = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = |what: &str| args.next().ok_or(format!("{a} needs {what}\n{USAGE}"));
        match a.as_str() {
            "--minutes" => {
                minutes =
                    value("a number")?.parse().map_err(|_| format!("--minutes needs a number\n{USAGE}"))?;
                if !(minutes > 0.0 && minutes <= 10_000.0) {
                    return Err(format!("--minutes must be between 0 and 10000\n{USAGE}"));
                }
            }
            "--cases" => {
                cases = value("a count")?
                    .parse()
                    .map_err(|_| format!("--cases needs a positive integer\n{USAGE}"))?;
                if cases == 0 {
                    return Err(format!("--cases needs a positive integer\n{USAGE}"));
                }
            }
            "--seed" => {
                seed = Some(
                    value("an integer")?.parse().map_err(|_| format!("--seed needs an integer\n{USAGE}"))?,
                )
            }
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            name => names.push(target(name).ok_or(format!("unknown target '{name}'\n{USAGE}"))?),
        }
    }
    if names.is_empty() {
        names = TARGETS.iter().collect();
    }
    // Panics are failures the runner reports with their message: keep stderr readable.
    std::panic::set_hook(Box::new(|_| {}));
    let current: Arc<Mutex<(String, u64)>> = Arc::new(Mutex::new((String::new(), 0)));
    watchdog(current.clone(), cases);
    let mut failed = false;
    for t in names {
        if !fuzz(t, minutes, cases, seed, &current)? {
            failed = true;
        }
    }
    Ok(if failed { ExitCode::FAILURE } else { ExitCode::SUCCESS })
}

/// Exits the process when no case has finished for two minutes.
fn watchdog(current: Arc<Mutex<(String, u64)>>, cases: u32) {
    std::thread::spawn(move || {
        let mut last = CASES_DONE.load(Ordering::Relaxed);
        let mut since = Instant::now();
        loop {
            std::thread::sleep(Duration::from_secs(5));
            let now = CASES_DONE.load(Ordering::Relaxed);
            if now != last {
                last = now;
                since = Instant::now();
            } else if since.elapsed() > Duration::from_secs(120) {
                let (name, seed) = current.lock().map(|g| g.clone()).unwrap_or_default();
                eprintln!(
                    "plyground-fuzz: HANG: target '{name}': no case finished for 120 s; replay with \
                     `cargo xtask fuzz {name} --seed {seed} --cases {cases}`"
                );
                std::process::exit(1);
            }
        }
    });
}

fn fuzz(
    t: &Target,
    minutes: f64,
    cases: u32,
    seed: Option<u64>,
    current: &Mutex<(String, u64)>,
) -> Result<bool, String> {
    let seeds = corpus::load(t.name)?;
    println!("== target {}: {} ({} seeds in tests/fuzz/{}/)", t.name, t.about, seeds.len(), t.name);
    let start = Instant::now();
    let mut execs = 0u64;
    for s in &seeds {
        if let Some(n) = s.get("needs") {
            println!("   seed {}: its full check waits for {n} (docs/fuzzing.md); the rest runs", s.name());
        }
        if let Err(e) = (t.check_seed)(s) {
            println!("FAIL seed {}: {e}", s.name());
            return Ok(false);
        }
        execs += 1;
    }
    let base = seed
        .unwrap_or_else(|| SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64));
    let limit = Duration::from_secs_f64(minutes * 60.0);
    let mut round = 0u64;
    let mut last_print = Instant::now();
    while start.elapsed() < limit {
        let s = base.wrapping_add(round);
        if let Ok(mut g) = current.lock() {
            *g = (t.name.to_string(), s);
        }
        if let Err(f) = (t.run)(cases, s, &mut execs) {
            println!("FAIL target {} (round {round}, seed {s}): {}", t.name, f.message);
            if f.seed_text.is_empty() {
                println!("   (no input to store: replay with --seed {s} --cases {cases})");
            } else {
                let stamp = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
                let path = corpus::save(t.name, &f, stamp)?;
                println!("   stored as {}", path.display());
            }
            report(t.name, execs, start.elapsed(), round + 1, corpus::load(t.name)?.len());
            return Ok(false);
        }
        round += 1;
        if last_print.elapsed() > Duration::from_secs(60) {
            last_print = Instant::now();
            let secs = start.elapsed().as_secs_f64();
            println!("   {:>5.0} s  {execs} executions  {:.0}/s  round {round}", secs, execs as f64 / secs);
        }
    }
    report(t.name, execs, start.elapsed(), round, seeds.len());
    Ok(true)
}

fn report(name: &str, execs: u64, d: Duration, rounds: u64, corpus: usize) {
    let secs = d.as_secs_f64().max(1e-9);
    println!(
        "   target {name}: {execs} executions in {secs:.0} s = {:.1} executions/s ({rounds} rounds); corpus {corpus} seeds",
        execs as f64 / secs
    );
}
