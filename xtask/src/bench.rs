//! `cargo xtask bench`: the native benchmarks (`plyground bench --tsv`) and the same
//! workloads compiled into the wasm module and timed in Node (`bench/wasm.mjs`), side by side
//! in one table with the wasm/native time ratio and the shipped sizes. Each pair must
//! reproduce the same node, ply or event count, or the run fails. Never a test: timings on a
//! shared machine are noisy. Each figure is a best of several runs, timed by the process's
//! CPU time on both sides (so time the scheduler gives other processes is not counted), and
//! the native and wasm runs alternate (native, wasm, then wasm, native), so that a busy spell
//! of the machine (caches shared with others) does not land on one side only and skew the
//! ratios. The table is also written to
//! `<target dir>/bench/latest.txt`.

use crate::build::{self, package_sizes, FullBuild};
use crate::serve::{self, Mount};
use crate::setup;
use crate::util::{self, command, root};
use std::fmt::Write as _;

/// The BitBully release `--peers` measures against (PyPI `bitbully`, AGPL-3.0), installed
/// without its dependencies: the only one, `bitbully-databases`, holds its opening books,
/// which the comparison does not use (28 MB not downloaded).
const BITBULLY_VERSION: &str = "0.0.79";

/// One benchmark figure.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub name: String,
    pub value: f64,
    pub unit: String,
    pub check: String,
    pub note: String,
}

/// Rows from tab-separated lines: name, value, unit, check, note.
pub fn parse_rows(text: &str, source: &str) -> Result<Vec<Row>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            if f.len() != 5 {
                return Err(format!("{source}: expected 5 tab-separated fields, got '{l}'"));
            }
            let value =
                f[1].parse::<f64>().map_err(|_| format!("{source}: bad number '{}' in '{l}'", f[1]))?;
            Ok(Row { name: f[0].into(), value, unit: f[2].into(), check: f[3].into(), note: f[4].into() })
        })
        .collect()
}

/// Is a smaller figure better (a time rather than a rate)?
fn lower_is_better(unit: &str) -> bool {
    unit.starts_with("µs") || unit.starts_with("ms") || unit == "ratio"
}

/// The best of each row over several runs of the same workloads (which must agree on
/// every check count).
pub fn best_rows(runs: &[Vec<Row>]) -> Result<Vec<Row>, String> {
    let mut best: Vec<Row> = Vec::new();
    for run in runs {
        for r in run {
            match best.iter_mut().find(|b| b.name == r.name) {
                None => best.push(r.clone()),
                Some(b) => {
                    if b.check != r.check {
                        return Err(format!(
                            "'{}': two runs disagree ({} vs {}): the workload is not deterministic",
                            r.name, b.check, r.check
                        ));
                    }
                    let better = if lower_is_better(&r.unit) { r.value < b.value } else { r.value > b.value };
                    if better {
                        *b = r.clone();
                    }
                }
            }
        }
    }
    Ok(best)
}

/// How many times longer wasm takes than native for the same work.
pub fn slowdown(native: f64, wasm: f64, unit: &str) -> f64 {
    if lower_is_better(unit) {
        wasm / native
    } else {
        native / wasm
    }
}

/// A figure as printed: times with two decimals, rates grouped, ratios with three decimals.
fn figure(v: f64, unit: &str) -> String {
    if unit == "ratio" {
        format!("{v:.3}")
    } else if lower_is_better(unit) {
        format!("{v:.2}")
    } else {
        group(v.round() as u64)
    }
}

fn group(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// The combined table. Pairs (same name) must agree on their check count.
pub fn table(native: &[Row], wasm: &[Row]) -> Result<String, String> {
    let mut s = String::new();
    let w = native.iter().chain(wasm).map(|r| r.name.chars().count()).max().unwrap_or(10).max(9);
    let _ = writeln!(
        s,
        "{:w$}  {:>14}  {:>14}  {:<13} {:>9}  check",
        "benchmark", "native", "wasm", "unit", "wasm/nat."
    );
    for n in native {
        let Some(m) = wasm.iter().find(|m| m.name == n.name) else { continue };
        if n.check != m.check || n.unit != m.unit {
            return Err(format!(
                "'{}': native and wasm disagree ({} {} vs {} {}): the two builds did not do the same work",
                n.name, n.check, n.unit, m.check, m.unit
            ));
        }
        let _ = writeln!(
            s,
            "{:w$}  {:>14}  {:>14}  {:<13} {:>8.2}×  {}",
            n.name,
            figure(n.value, &n.unit),
            figure(m.value, &m.unit),
            n.unit,
            slowdown(n.value, m.value, &n.unit),
            n.check.parse::<u64>().map(group).unwrap_or_else(|_| n.check.clone())
        );
    }
    let only = |rows: &[Row], others: &[Row], title: &str, s: &mut String| {
        let rest: Vec<&Row> = rows.iter().filter(|r| !others.iter().any(|o| o.name == r.name)).collect();
        if !rest.is_empty() {
            let _ = writeln!(s, "{title}");
            for r in rest {
                let _ = writeln!(
                    s,
                    "  {:w$}  {:>14} {:<13} {}",
                    r.name,
                    figure(r.value, &r.unit),
                    r.unit,
                    r.note,
                    w = w
                );
            }
        }
    };
    only(native, wasm, "native only:", &mut s);
    only(wasm, native, "wasm only (through the JavaScript API):", &mut s);
    let _ = writeln!(s, "notes:");
    for n in native {
        if wasm.iter().any(|m| m.name == n.name) {
            let _ = writeln!(s, "  {:w$}  {}", n.name, n.note, w = w);
        }
    }
    Ok(s)
}

/// Where the Connect-4 sets are: `$PLYGROUND_DATA`, else the first `shared/data/connect4`
/// found walking up from the repository (as `bench/wasm.mjs` looks for it).
fn connect4_data_dir() -> Result<std::path::PathBuf, String> {
    if let Ok(d) = std::env::var("PLYGROUND_DATA") {
        return Ok(d.into());
    }
    let mut dir = root();
    loop {
        let cand = dir.join("shared/data/connect4");
        if cand.is_dir() {
            return Ok(cand);
        }
        if !dir.pop() {
            return Err("no shared/data/connect4 folder found (set PLYGROUND_DATA)".into());
        }
    }
}

/// Positions of each Connect-4 set in a smoke pass (`--quick`).
const SMOKE_POSITIONS: usize = 20;

/// `<target dir>/bench/smoke-data/`: each Connect-4 set cut to its first `n` positions.
fn smoke_data(n: usize) -> Result<std::path::PathBuf, String> {
    let from = connect4_data_dir()?;
    let to = util::target_dir().join("bench/smoke-data");
    std::fs::create_dir_all(&to).map_err(|e| format!("cannot create {}: {e}", to.display()))?;
    let sets = std::fs::read_dir(&from).map_err(|e| format!("cannot list {}: {e}", from.display()))?;
    for entry in sets.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if !name.starts_with("Test_") {
            continue;
        }
        let text = std::fs::read_to_string(entry.path()).map_err(|e| format!("cannot read {name}: {e}"))?;
        std::fs::write(to.join(&name), first_lines(&text, n))
            .map_err(|e| format!("cannot write {}: {e}", to.join(&name).display()))?;
    }
    Ok(to)
}

/// The first `n` non-blank lines of `text`, each ending in a newline.
fn first_lines(text: &str, n: usize) -> String {
    text.lines().filter(|l| !l.trim().is_empty()).take(n).map(|l| format!("{l}\n")).collect()
}

/// The browser measurement: Chromium (installed when missing), a server for www/, bench/
/// and the sets, then `bench/browser.mjs` (the solver in a module worker); its table.
fn browser_solver(quick: bool, data: &std::path::Path) -> Result<String, String> {
    let chromium = setup::headless_chromium()?;
    let r = root();
    let url = serve::spawn(vec![
        Mount::new("/", r.join("www")),
        Mount::new("/bench/", r.join("bench")),
        Mount::new("/data/", data),
    ])?;
    let mut node = command("node");
    node.arg(r.join("bench/browser.mjs")).arg(&url).env("PLYGROUND_CHROMIUM", chromium);
    if quick {
        node.arg("--quick");
    }
    util::capture(&mut node)
}

/// Positions a ply of the browser latency benchmark unless `--latency=K` says otherwise.
const LATENCY_PER_PLY: usize = 5;

/// `cargo xtask bench --latency[=K]`: the Connect-4 latency in the browser (K seeded random
/// positions of every ply 0–41 from `plyground book --positions K`, then
/// `bench/latency.mjs`: the perfect player's move and the seven column scores in a module
/// worker, percentiles per band of plies, the opening book's size on the wire).
fn browser_latency(k: usize) -> Result<String, String> {
    let chromium = setup::headless_chromium()?;
    let r = root();
    let mut cli = util::cargo();
    cli.args(["run", "--quiet", "--release", "-p", "plyground-cli", "--", "book", "--positions"]);
    cli.arg(k.to_string());
    let positions = util::capture(&mut cli)?;
    let dir = util::target_dir().join("bench");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let file = dir.join("latency-positions.txt");
    std::fs::write(&file, positions).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    let url = serve::spawn(vec![Mount::new("/", r.join("www")), Mount::new("/bench/", r.join("bench"))])?;
    util::capture(
        command("node")
            .arg(r.join("bench/latency.mjs"))
            .arg(&url)
            .arg(&file)
            .env("PLYGROUND_CHROMIUM", chromium),
    )
}

/// `cargo run` of the CLI, before its arguments: the release build for figures; for a smoke
/// pass the test profile's, which `cargo xtask test` has already built (a smoke pass only
/// shows that every part runs; its record stays under target/).
fn cli_run(quick: bool) -> std::process::Command {
    let mut cli = util::cargo();
    let profile = if quick { ["--profile", "test"] } else { ["--profile", "release"] };
    cli.args(["run", "--quiet"]).args(profile).args(["-p", "plyground-cli", "--"]);
    cli
}

/// `cargo xtask bench [--quick] [--long] [--peers[=solver|mcts]] [--no-browser] [--latency[=K]]`,
/// or `cargo xtask bench --lighthouse` (see `lighthouse.rs`).
pub fn main(args: &[String]) -> Result<(), String> {
    let (mut quick, mut long, mut peers, mut browser) = (false, false, false, true);
    // `--lighthouse=WORD`: only the pages whose name holds WORD (e.g. `practice`).
    let mut lighthouse: Option<Option<String>> = None;
    let mut latency = None;
    // `--peers=solver` or `--peers=mcts`: that part of plyground-peers alone (minutes, where
    // the whole comparison with `--long` takes about an hour), nothing else.
    let mut peers_part = None;
    for a in args {
        match a.as_str() {
            "--quick" => quick = true,
            "--long" => long = true,
            "--peers" => peers = true,
            "--peers=solver" => peers_part = Some("--solver-only"),
            "--peers=mcts" => peers_part = Some("--mcts-only"),
            "--no-browser" => browser = false,
            "--lighthouse" => lighthouse = Some(None),
            other if other.starts_with("--lighthouse=") => {
                lighthouse = Some(Some(other["--lighthouse=".len()..].to_string()))
            }
            "--latency" => latency = Some(LATENCY_PER_PLY),
            other if other.starts_with("--latency=") => {
                let k = other["--latency=".len()..].parse::<usize>().ok().filter(|&k| k > 0).ok_or_else(
                    || format!("bench: {other}: K must be a positive number of positions a ply"),
                )?;
                latency = Some(k);
            }
            other => {
                return Err(format!(
                    "bench: unknown option '{other}' (--quick, --long, --peers[=solver|mcts], --no-browser, --latency[=K], --lighthouse[=WORD])"
                ))
            }
        }
    }
    if let Some(part) = peers_part {
        if latency.is_some() || peers {
            return Err(
                "bench: --peers=solver or --peers=mcts runs alone (without --peers or --latency)".into()
            );
        }
        let text = run_peers(quick, long, Some(part))?;
        return save("peers.txt", &text);
    }
    if let Some(only) = lighthouse {
        if quick || long || peers || latency.is_some() || !browser {
            return Err("bench: --lighthouse runs alone".into());
        }
        return crate::lighthouse::main(only.as_deref());
    }
    let start = std::time::Instant::now();
    setup::all()?;
    // Figures time the full module as the pages' modules are built (release, wasm-opt); a
    // smoke pass only shows that every part runs, on the test build `cargo xtask test` made.
    build::build_modules(if quick { FullBuild::Test } else { FullBuild::Release })?;
    if let Some(k) = latency {
        // Only the latency benchmark: it alone takes minutes (the plies just past the book).
        let text = browser_latency(k)?;
        print!("{text}");
        return save("latency.txt", &text);
    }
    // The Connect-4 sets every side reads (the CLI and bench/wasm.mjs through PLYGROUND_DATA,
    // the browser from /data/): for a smoke pass, their first positions only.
    let data = if quick { smoke_data(SMOKE_POSITIONS)? } else { connect4_data_dir()? };
    let native_run = || {
        let mut cli = cli_run(quick);
        cli.env("PLYGROUND_DATA", &data);
        cli.args(["bench", "--tsv"]);
        if quick {
            cli.arg("--quick");
        }
        parse_rows(&util::capture(&mut cli)?, "plyground bench")
    };
    let wasm_run = || {
        let mut node = command("node");
        node.arg(root().join("bench/wasm.mjs")).arg("--pkg").arg(build::pkg_dir()).arg("--data").arg(&data);
        if quick {
            node.arg("--quick");
        }
        parse_rows(&util::capture(&mut node)?, "bench/wasm.mjs")
    };
    // Alternating: native, wasm, then wasm, native (a --quick run does one round).
    let (mut natives, mut wasms) = (vec![native_run()?], vec![wasm_run()?]);
    if !quick {
        wasms.push(wasm_run()?);
        natives.push(native_run()?);
    }
    let native = best_rows(&natives)?;
    let wasm = best_rows(&wasms)?;

    let node_version = util::output(command("node").arg("--version")).unwrap_or_else(|| "?".into());
    let cores = std::thread::available_parallelism().map_or(0, |n| n.get());
    let mut out = String::new();
    let _ = writeln!(
        out,
        "plyground benchmarks{}: native ({}) vs wasm (in Node {node_version}: the full module www/pkg, {}), {cores} cores, best of {} alternating runs each",
        if quick { " (--quick: a smoke pass, not figures to read)" } else { "" },
        if quick { "the test profile" } else { "release" },
        if quick { "the test profile's build" } else { "release, wasm-opt -O3, as the page modules" },
        natives.len()
    );
    let _ = writeln!(
        out,
        "times are CPU time of the process (clock_gettime / process.cpuUsage): what other processes get is not counted"
    );
    let _ = writeln!(out, "wasm/nat. = how many times as long wasm takes for the same work\n");
    out.push_str(&table(&native, &wasm)?);
    let _ = writeln!(out, "\nthe full module (www/pkg: the tests and benchmarks load it, no page does):");
    let sizes = package_sizes()?;
    for s in &sizes {
        let _ = writeln!(out, "  {}", s.line());
    }
    // The full module has no budget (no page loads it); the page modules have theirs.
    for line in crate::size::verdicts()? {
        let _ = writeln!(out, "  {line}");
    }
    if browser {
        let text = browser_solver(quick, &data)?;
        let _ = write!(out, "\n{text}");
    }
    print!("\n{out}");
    // The exact Connect-4 solver, natively: per set against the reference solver, and what
    // each technique buys.
    let mut cli = cli_run(quick);
    cli.args(["bench", "--solver"]);
    cli.env("PLYGROUND_DATA", &data);
    for (on, flag) in [(quick, "--quick"), (long, "--long")] {
        if on {
            cli.arg(flag);
        }
    }
    let solver = util::capture(&mut cli)?;
    print!("\n{solver}");
    out.push('\n');
    out.push_str(&solver);
    if peers {
        out.push('\n');
        out.push_str(&run_peers(quick, long, None)?);
    }
    save("latest.txt", &out)?;
    // The record of a full run is docs/benchmarks.md; a smoke pass's goes to target/ only.
    let mut flags: Vec<&str> = Vec::new();
    for (on, flag) in [(quick, "--quick"), (long, "--long"), (peers, "--peers"), (!browser, "--no-browser")] {
        if on {
            flags.push(flag);
        }
    }
    let doc = benchmarks_markdown(&utc_now(), &machine(), &flags, &out);
    let file = if quick {
        util::target_dir().join("bench/benchmarks-quick.md")
    } else {
        root().join("docs/benchmarks.md")
    };
    std::fs::write(&file, doc).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    println!("(written to {})", file.display());
    println!(
        "bench{}: done in {}",
        if quick { " --quick" } else { "" },
        util::human_duration(start.elapsed())
    );
    Ok(())
}

/// The current date and time in UTC, as `date -u` prints it (`2026-12-05 07:10 UTC`).
fn utc_now() -> String {
    util::output(command("date").args(["-u", "+%Y-%m-%d %H:%M UTC"])).unwrap_or_else(|| "unknown date".into())
}

/// The machine the figures were measured on: cores (`nproc`), the CPU model
/// (/proc/cpuinfo) and the OS (/etc/os-release, the kernel from `uname -r`).
pub fn machine() -> String {
    let cores = util::output(&mut command("nproc")).unwrap_or_else(|| "?".into());
    let cpu = std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| cpu_model(&t))
        .unwrap_or_else(|| "unknown CPU".into());
    let os = std::fs::read_to_string("/etc/os-release")
        .ok()
        .and_then(|t| {
            t.lines().find_map(|l| l.strip_prefix("PRETTY_NAME=")).map(|v| v.trim_matches('"').to_string())
        })
        .unwrap_or_else(|| std::env::consts::OS.to_string());
    let kernel = util::output(command("uname").args(["-sr"])).unwrap_or_default();
    format!(
        "{cores} cores (nproc), {cpu}, {os}{}",
        if kernel.is_empty() { String::new() } else { format!(", {kernel}") }
    )
}

/// The `model name` of the first processor in /proc/cpuinfo's text.
pub fn cpu_model(cpuinfo: &str) -> Option<String> {
    cpuinfo.lines().find_map(|l| {
        let (k, v) = l.split_once(':')?;
        (k.trim() == "model name").then(|| v.trim().to_string())
    })
}

/// docs/benchmarks.md: when, where and how the tables were made, then the tables as
/// `cargo xtask bench` printed them.
pub fn benchmarks_markdown(date: &str, machine: &str, flags: &[&str], tables: &str) -> String {
    let command = if flags.is_empty() {
        "cargo xtask bench".to_string()
    } else {
        format!("cargo xtask bench {}", flags.join(" "))
    };
    format!(
        "# Benchmarks\n\n\
         Written by `{command}`; do not edit by hand (run it again instead).\n\n\
         - date: {date}\n\
         - machine: {machine}\n\n\
         Timings on a shared machine are noisy: compare rows of one run, not runs of different days.\n\n\
         ```text\n{}\n```\n",
        tables.trim_end()
    )
}

/// Runs plyground-peers (all of it, or `part`: `--solver-only` or `--mcts-only`), printing
/// and returning its tables. BitBully, which only the solver's part uses, runs in its own
/// virtual environment, made on first use (never in CI).
fn run_peers(quick: bool, long: bool, part: Option<&str>) -> Result<String, String> {
    let mut cmd = util::cargo();
    cmd.args(["run", "--quiet", "--release", "-p", crate::test::PEERS_CRATE, "--"]);
    for (on, flag) in [(quick, "--quick"), (long, "--long")] {
        if on {
            cmd.arg(flag);
        }
    }
    cmd.args(part);
    if part != Some("--mcts-only") {
        let python = util::python_venv("peers-venv", "bitbully", BITBULLY_VERSION, false)?;
        cmd.arg("--bitbully").arg(&python);
    }
    let text = util::capture(&mut cmd)?;
    print!("\n{text}");
    Ok(text)
}

/// Writes `text` to target/bench/`name` and says where.
fn save(name: &str, text: &str) -> Result<(), String> {
    let dir = util::target_dir().join("bench");
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let file = dir.join(name);
    std::fs::write(&file, text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    println!("(written to {})", file.display());
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(name: &str, value: f64, unit: &str, check: &str) -> Row {
        Row { name: name.into(), value, unit: unit.into(), check: check.into(), note: String::new() }
    }

    #[test]
    fn rows_parse_from_tab_separated_lines() {
        let rows = parse_rows("ttt full minimax\t1000.5\tnodes/s\t549946\t549,946 nodes\n\n", "x").unwrap();
        assert_eq!(
            rows,
            vec![Row {
                note: "549,946 nodes".into(),
                ..row("ttt full minimax", 1000.5, "nodes/s", "549946")
            }]
        );
        assert!(parse_rows("a\tb\tc", "x").unwrap_err().contains("expected 5"));
        assert!(parse_rows("a\tfast\tnodes/s\t1\tn", "x").unwrap_err().contains("bad number 'fast'"));
    }

    #[test]
    fn the_ratio_is_wasm_time_over_native_time() {
        assert_eq!(slowdown(200.0, 100.0, "nodes/s"), 2.0);
        assert_eq!(slowdown(10.0, 15.0, "µs/position"), 1.5);
    }

    #[test]
    fn the_best_of_several_runs_is_kept_per_row() {
        let a = vec![row("t", 10.0, "µs/position", "5"), row("r", 100.0, "nodes/s", "7")];
        let b = vec![row("t", 8.0, "µs/position", "5"), row("r", 90.0, "nodes/s", "7")];
        let best = best_rows(&[a, b]).unwrap();
        assert_eq!(best, vec![row("t", 8.0, "µs/position", "5"), row("r", 100.0, "nodes/s", "7")]);
        let c = vec![row("t", 1.0, "µs/position", "6")];
        assert!(best_rows(&[best, c]).unwrap_err().contains("not deterministic"));
    }

    #[test]
    fn a_smoke_set_is_the_first_positions() {
        assert_eq!(first_lines("44 0\n\n4455 1\n3 -2\n", 2), "44 0\n4455 1\n");
        assert_eq!(first_lines("44 0", 5), "44 0\n");
    }

    #[test]
    fn the_record_says_when_where_and_how() {
        let cpuinfo = "processor\t: 0\nvendor_id\t: GenuineIntel\nmodel name\t: Intel(R) Xeon(R) CPU @ 2.20GHz\n\nprocessor\t: 1\nmodel name\t: other\n";
        assert_eq!(cpu_model(cpuinfo).as_deref(), Some("Intel(R) Xeon(R) CPU @ 2.20GHz"));
        assert_eq!(cpu_model("processor : 0\n"), None);
        let doc = benchmarks_markdown(
            "2026-12-05 07:10 UTC",
            "2 cores (nproc), X, Debian",
            &["--long"],
            "a  1\nb  2\n\n",
        );
        assert_eq!(
            doc,
            "# Benchmarks\n\nWritten by `cargo xtask bench --long`; do not edit by hand (run it again instead).\n\n\
             - date: 2026-12-05 07:10 UTC\n- machine: 2 cores (nproc), X, Debian\n\n\
             Timings on a shared machine are noisy: compare rows of one run, not runs of different days.\n\n\
             ```text\na  1\nb  2\n```\n"
        );
        assert!(benchmarks_markdown("d", "m", &[], "t").contains("Written by `cargo xtask bench`;"));
    }

    #[test]
    fn pairs_must_do_the_same_work() {
        let native = [row("a", 10.0, "nodes/s", "5"), row("n", 1.0, "ratio", "")];
        let wasm = [row("a", 5.0, "nodes/s", "5"), row("w", 3.0, "steps/s", "9")];
        let t = table(&native, &wasm).unwrap();
        assert!(t.contains("2.00×"), "{t}");
        assert!(t.contains("native only:") && t.contains("wasm only"), "{t}");
        let wrong = [row("a", 50.0, "nodes/s", "4")];
        assert!(table(&native, &wrong).unwrap_err().contains("did not do the same work"));
    }
}
