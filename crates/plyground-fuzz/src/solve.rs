//! Target `solve`: the input lines of `plyground solve`, end to end. The command is a binary
//! with no library to call, so the target runs it on generated standard input.
//!
//! Input: lines of legal positions (late enough in the game to solve in a millisecond),
//! illegal and malformed move strings, blank lines (the empty board), trailing fields, CRLF endings, odd
//! whitespace, control characters and invalid UTF-8. The oracle reads each line as the
//! command documents it (the first whitespace-separated field is the move string;
//! `C4Position::try_parse` decides) and solves good lines with the core's solver in process.
//!
//! Properties: the command never panics (exit 0 or 2, no `panicked` on stderr); every good
//! line is answered in order as `<moves> <score> <nodes> <µs>` (`--analyze`: seven column
//! scores) with the oracle's score; every bad line is named on stderr (`line N:`); the exit
//! code is 2 exactly when a line was bad (an invalid UTF-8 line included); no control
//! character is echoed raw on stderr.

use crate::corpus::{self, Seed};
use crate::{run_property, Failure};
use plyground::games::connect4::{C4Position, Connect4};
use plyground::search::solver::{Solver, SolverOptions};
use plyground::Game;
use proptest::prelude::*;
use std::cell::RefCell;
use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::SystemTime;

/// The `plyground` binary: `$PLYGROUND_BIN`, else the one cargo built beside this program
/// (`target/<profile>/plyground`). Refused when older than the sources it is built from.
pub fn binary() -> Result<PathBuf, String> {
    static FOUND: std::sync::OnceLock<Result<PathBuf, String>> = std::sync::OnceLock::new();
    FOUND.get_or_init(find_binary).clone()
}

fn find_binary() -> Result<PathBuf, String> {
    if let Some(p) = std::env::var_os("PLYGROUND_BIN") {
        return Ok(PathBuf::from(p));
    }
    let exe = std::env::current_exe().map_err(|e| e.to_string())?;
    let dir = exe.parent().ok_or("no parent directory")?;
    let name = format!("plyground{}", std::env::consts::EXE_SUFFIX);
    let candidates = [dir.join(&name), dir.join("..").join(&name)];
    let Some(bin) = candidates.iter().find(|p| p.is_file()) else {
        return Err(format!(
            "the plyground binary is not built next to {} (run `cargo build -p plyground-cli` first, \
             or set PLYGROUND_BIN; `cargo test --workspace` builds it)",
            dir.display()
        ));
    };
    let built = std::fs::metadata(bin).and_then(|m| m.modified()).map_err(|e| e.to_string())?;
    let newest = newest_source()?;
    if newest > built {
        return Err(format!(
            "{} is older than the sources of plyground-cli and plyground: run `cargo build -p plyground-cli` \
             (or `cargo test --workspace`) first",
            bin.display()
        ));
    }
    Ok(bin.clone())
}

fn newest_source() -> Result<SystemTime, String> {
    fn walk(dir: &std::path::Path, newest: &mut SystemTime) -> std::io::Result<()> {
        for e in std::fs::read_dir(dir)? {
            let p = e?.path();
            if p.is_dir() {
                walk(&p, newest)?;
            } else if p.extension().is_some_and(|x| x == "rs") {
                *newest = (*newest).max(std::fs::metadata(&p)?.modified()?);
            }
        }
        Ok(())
    }
    let mut newest = SystemTime::UNIX_EPOCH;
    for d in ["crates/plyground/src", "crates/plyground-cli/src"] {
        walk(&crate::repo_root().join(d), &mut newest).map_err(|e| format!("{d}: {e}"))?;
    }
    Ok(newest)
}

/// How long one run of the command may take.
const TIME_LIMIT: std::time::Duration = std::time::Duration::from_secs(30);

/// What the command must do with one line.
#[derive(Clone, Debug, PartialEq)]
enum LineVerdict {
    Answer {
        moves: String,
        score: Option<i32>,
        scores: Option<[Option<i32>; 7]>,
    },
    Bad,
    /// Invalid UTF-8: named on stderr like any bad line.
    BadUtf8,
}

thread_local! {
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new(SolverOptions::default()));
}

fn verdict(line: &[u8], weak: bool, analyze: bool) -> LineVerdict {
    let Ok(text) = std::str::from_utf8(line) else { return LineVerdict::BadUtf8 };
    // A line with no field, or the field `-`, is the empty board; its scores are known
    // facts (the first player wins with its last stone, the centre column only).
    let moves = text.split_whitespace().next().unwrap_or("-");
    if moves == "-" {
        let (score, scores) =
            if weak { (1, [-1, -1, 0, 1, 0, -1, -1]) } else { (1, [-2, -1, 0, 1, 0, -1, -2]) };
        return LineVerdict::Answer {
            moves: "-".to_string(),
            score: (!analyze).then_some(score),
            scores: analyze.then_some(scores.map(Some)),
        };
    }
    match C4Position::try_parse(moves) {
        Err(_) => LineVerdict::Bad,
        Ok(p) => SOLVER.with(|s| {
            let mut s = s.borrow_mut();
            s.reset();
            if analyze {
                let a = s.analyze(&p.state, weak);
                LineVerdict::Answer { moves: moves.to_string(), score: None, scores: Some(a.scores) }
            } else {
                let r = s.solve(&p.state, weak);
                LineVerdict::Answer { moves: moves.to_string(), score: Some(r.score), scores: None }
            }
        }),
    }
}

/// Lines as `BufRead::lines` splits them: on `\n`, one trailing `\r` removed.
fn split_lines(input: &[u8]) -> Vec<&[u8]> {
    let mut v: Vec<&[u8]> = input.split(|&b| b == b'\n').collect();
    if input.ends_with(b"\n") || input.is_empty() {
        v.pop();
    }
    v.into_iter().map(|l| l.strip_suffix(b"\r").unwrap_or(l)).collect()
}

/// Runs `plyground solve <args>` on `input` and checks every property.
pub fn check(input: &[u8], args: &[&str]) -> Result<(), String> {
    let bin = binary()?;
    if std::env::var_os("PLYGROUND_FUZZ_SHOW").is_some() {
        eprintln!("solve {args:?} input {}", corpus::escape(input));
    }
    let weak = args.contains(&"--weak");
    let analyze = args.contains(&"--analyze");
    let mut child = Command::new(&bin)
        .arg("solve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot run {}: {e}", bin.display()))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let data = input.to_vec();
    // Written from a thread: a large input must not dead-lock against the output pipes.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&data);
    });
    let (mut out_pipe, mut err_pipe) =
        (child.stdout.take().ok_or("no stdout")?, child.stderr.take().ok_or("no stderr")?);
    let reader = std::thread::spawn(move || {
        let mut b = Vec::new();
        let _ = std::io::Read::read_to_end(&mut out_pipe, &mut b);
        b
    });
    let mut err_bytes = Vec::new();
    let err_reader = std::thread::spawn(move || {
        let _ = std::io::Read::read_to_end(&mut err_pipe, &mut err_bytes);
        err_bytes
    });
    // A run that takes this long is a failure (the inputs are solved in milliseconds).
    let deadline = std::time::Instant::now() + TIME_LIMIT;
    let status = loop {
        if let Some(st) = child.try_wait().map_err(|e| e.to_string())? {
            break st;
        }
        if std::time::Instant::now() > deadline {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!(
                "`plyground solve {}` ran for more than {} s on input {:?}",
                args.join(" "),
                TIME_LIMIT.as_secs(),
                crate::clip(&corpus::escape(input))
            ));
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    };
    let _ = writer.join();
    let out = std::process::Output {
        status,
        stdout: reader.join().unwrap_or_default(),
        stderr: err_reader.join().unwrap_or_default(),
    };
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let code = out.status.code();
    let shown =
        || format!("input {:?}, args {args:?}\nstdout:\n{stdout}stderr:\n{stderr}", corpus::escape(input));
    if stderr.contains("panicked") || !matches!(code, Some(0) | Some(2)) {
        return Err(format!("exit {code:?} (a panic or a crash); {}", shown()));
    }
    let mut answers = stdout.lines();
    let mut any_bad = false;
    for (i, line) in split_lines(input).iter().enumerate() {
        let n = i + 1;
        let v = verdict(line, weak, analyze);
        match v {
            LineVerdict::Bad | LineVerdict::BadUtf8 => {
                any_bad = true;
                if !stderr.contains(&format!("plyground: line {n}: ")) {
                    return Err(format!("bad line {n} is not named on stderr; {}", shown()));
                }
            }
            LineVerdict::Answer { moves, score, scores } => {
                let Some(a) = answers.next() else {
                    return Err(format!("line {n} ({moves}) was not answered; {}", shown()));
                };
                let f: Vec<&str> = a.split(' ').collect();
                let want_fields = if analyze { 10 } else { 4 };
                if f.len() != want_fields || f[0] != moves {
                    return Err(format!(
                        "line {n}: answer '{a}' is not '{moves} …' with {want_fields} fields; {}",
                        shown()
                    ));
                }
                let nums: Vec<Option<i64>> = f[1..].iter().map(|x| x.parse::<i64>().ok()).collect();
                if nums.iter().any(Option::is_none) {
                    return Err(format!("line {n}: answer '{a}' has a field that is not an integer"));
                }
                let ok = match (score, scores) {
                    (Some(s), _) => nums[0] == Some(s as i64),
                    (_, Some(sc)) => sc.iter().zip(&nums).all(|(w, g)| *g == Some(w.unwrap_or(100) as i64)),
                    _ => false,
                };
                if !ok {
                    return Err(format!(
                        "line {n}: answer '{a}' differs from the solver's {score:?} {scores:?}"
                    ));
                }
            }
        }
    }
    if let Some(extra) = answers.next() {
        return Err(format!("an answer no line asked for: '{extra}'; {}", shown()));
    }
    if any_bad != (code == Some(2)) {
        return Err(format!("exit {code:?} but bad lines: {any_bad}; {}", shown()));
    }
    if stderr.chars().any(|c| c.is_control() && c != '\n') {
        return Err(format!("a control character is echoed raw on stderr; {}", shown()));
    }
    Ok(())
}

/// A legal position 28 or more plies into a random game (the solver answers in well under a
/// millisecond), as a move string.
fn late_position() -> impl Strategy<Value = String> {
    (28usize..42, prop::collection::vec(any::<prop::sample::Index>(), 42)).prop_map(|(len, picks)| {
        let g = Connect4;
        let mut s = g.initial_state();
        let mut moves = Vec::new();
        for p in picks.iter().take(len) {
            if g.is_terminal(&s) {
                break;
            }
            let mut legal = Vec::new();
            g.actions(&s, &mut legal);
            let m = *p.get(&legal);
            s = g.result(&s, m);
            moves.push(m);
        }
        Connect4::to_move_string(&moves)
    })
}

/// A legal position this early takes the exact solver seconds to minutes (the empty board:
/// hours), so generated lines never are one.
const EARLIEST_PLY: usize = 24;

fn early_position(line: &[u8]) -> bool {
    // A generated "line" may hold line breaks of its own: check each line it makes.
    line.split(|&b| b == b'\n').any(|l| {
        let first = std::str::from_utf8(l).ok().and_then(|t| t.split_whitespace().next());
        first.is_some_and(|m| C4Position::try_parse(m).is_ok_and(|p| p.moves.len() < EARLIEST_PLY))
    })
}

fn line() -> impl Strategy<Value = Vec<u8>> {
    let any_line = prop_oneof![
        6 => late_position().prop_map(String::into_bytes),
        2 => (late_position(), prop::sample::select(vec![" 3", "\t-2 x", "  ", " \u{3000}9", " \u{0}"]))
            .prop_map(|(p, tail)| format!("{p}{tail}").into_bytes()),
        1 => Just(Vec::new()),
        1 => prop::sample::select(vec!["   ", "\t", "\u{3000}", "\u{85}"]).prop_map(|s| s.as_bytes().to_vec()),
        2 => "[0-9a-z\u{2212}\u{0664}\\x00-\\x1f]{1,12}".prop_map(String::into_bytes),
        1 => Just(b"4444444".to_vec()),
        1 => Just("4455\u{1b}[31m".as_bytes().to_vec()),
        1 => prop::collection::vec(any::<u8>(), 1..10),
        1 => Just(b"4455 \xff".to_vec()),
        1 => Just(b"\xff".to_vec()),
    ];
    any_line.prop_filter("an early legal position is too slow to solve", |l| !early_position(l))
}

fn input() -> impl Strategy<Value = (Vec<u8>, usize)> {
    (prop::collection::vec((line(), any::<bool>()), 0..7), any::<bool>(), 0usize..4).prop_map(
        |(lines, last_nl, mode)| {
            let mut b = Vec::new();
            for (i, (l, crlf)) in lines.iter().enumerate() {
                b.extend_from_slice(l);
                if i + 1 < lines.len() || last_nl {
                    b.extend_from_slice(if *crlf { b"\r\n" } else { b"\n" });
                }
            }
            (b, mode)
        },
    )
}

const MODES: [&[&str]; 4] = [&[], &["--weak"], &["--analyze"], &["--weak", "--analyze"]];

/// The property of the `solve` target. Each case starts a process, so it runs a tenth of the
/// cases the other targets run.
pub fn run(cases: u32, seed: u64, execs: &mut u64) -> Result<(), Failure> {
    binary().map_err(|e| Failure {
        property: "solve-binary".into(),
        seed_text: String::new(),
        message: e,
    })?;
    run_property(
        "solve-stdin",
        input(),
        (cases / 10).max(8),
        seed,
        execs,
        |(b, mode)| stdin_seed(b, MODES[*mode]),
        |(b, mode)| check(b, MODES[*mode]),
    )
}

/// Checks one stored seed: `input:` lines are the standard input (joined by newlines),
/// `args:` the flags.
pub fn check_seed(seed: &Seed) -> Result<(), String> {
    let args: Vec<&str> = seed.get("args").unwrap_or("").split_whitespace().collect();
    check(&seed_stdin(seed), &args)
}

/// The standard input a seed stands for: its `input:` lines, each ended by a newline unless
/// `final-newline: no` (then the last one is not).
fn seed_stdin(seed: &Seed) -> Vec<u8> {
    let mut input = seed.input.clone();
    if seed.get("final-newline") != Some("no") {
        input.push(b'\n');
    }
    input
}

/// The seed file text of a failing input (what [`seed_stdin`] reads back).
fn stdin_seed(b: &[u8], args: &[&str]) -> String {
    let mut s = format!("args: {}\n", args.join(" "));
    let body = match b.strip_suffix(b"\n") {
        Some(body) => body,
        None => {
            s.push_str("final-newline: no\n");
            b
        }
    };
    for l in body.split(|&c| c == b'\n') {
        s.push_str(&format!("input: {}\n", corpus::escape(l)));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_stdin_comes_back_from_its_seed_file() {
        let inputs: [&[u8]; 6] = [b"", b"\n", b"4455", b"4455\n\xff\n", b"a\r\n\nb", b"\n\n"];
        for b in inputs {
            let text = stdin_seed(b, &["--weak"]);
            let seed = Seed::parse(&text, std::path::Path::new("x.seed")).unwrap();
            assert_eq!(seed_stdin(&seed), b, "{text}");
            assert_eq!(seed.get("args"), Some("--weak"));
        }
    }

    #[test]
    fn lines_split_as_bufread_does() {
        assert_eq!(split_lines(b"a\r\nb\n\nc"), [&b"a"[..], b"b", b"", b"c"]);
        assert!(split_lines(b"").is_empty());
        assert!(early_position(b"44"));
        assert!(early_position(b"xx\n1 7"));
        assert!(!early_position(b"4444444"));
        assert!(!early_position(b"\xff"));
    }
}
