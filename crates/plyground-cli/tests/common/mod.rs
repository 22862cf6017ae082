//! How the CLI tests run the `plyground` binary and read what it says.
#![allow(dead_code)] // each test file uses the helpers it needs

use std::process::{Command, Output};

pub fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_plyground")).args(args).output().expect("the binary runs")
}

/// Stdout of a run that must succeed.
pub fn stdout(args: &[&str]) -> String {
    let o = run(args);
    assert!(o.status.success(), "{args:?} failed: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout).expect("utf-8")
}

/// A run that must fail as bad input does: exit 2, nothing on stdout, one line on stderr that
/// contains `needle`.
pub fn fails_with(args: &[&str], needle: &str) {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?} should exit 2");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.lines().count(), 1, "one line on stderr, got {err:?}");
    assert!(err.contains(needle), "{args:?}: {err:?} should mention {needle:?}");
    assert!(o.stdout.is_empty());
}

/// A run with `input` on its stdin (closed after writing).
pub fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_plyground"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    // A command that refuses its arguments exits without reading its input: then the write
    // meets a closed pipe, which is not the test's failure (its exit code and stderr are).
    match child.stdin.take().expect("stdin piped").write_all(input) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => panic!("input not written: {e}"),
        _ => {}
    }
    child.wait_with_output().expect("the binary finishes")
}
