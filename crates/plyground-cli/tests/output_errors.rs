//! The command survives output it cannot write, and input that is
//! not text.
//!
//! - stdout to `/dev/full`: one line on stderr, exit code 2 (no panic, no exit 101);
//! - stdout to a pipe whose reader is already gone, or goes away after one line: no output
//!   on stderr, exit code 0;
//!
//! for every subcommand but `bench` (minutes of work in a debug build; its output goes
//! through the same writer, which clippy's `print_stdout` lint enforces for the crate).
//! Then `solve` with a line that is not UTF-8, and control characters in error messages.

use crate::lessons;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, Command, Output, Stdio};

const FULL: &str = "plyground: cannot write the output: No space left on device (os error 28)\n";

/// Each subcommand with arguments that succeed, and its standard input.
fn commands() -> Vec<(Vec<&'static str>, &'static str)> {
    vec![
        (vec!["help"], ""),
        (vec!["--version"], ""),
        (vec!["tree", "--help"], ""),
        (vec!["c4", "-h"], ""),
        (vec!["tree", lessons::fig_5_2()], ""),
        (vec!["tree", "--json", "-"], "[1,2]"),
        (vec!["tree", "--trace", lessons::fig_5_2()], ""),
        (vec!["ttt", "--moves", "4,0,8"], ""),
        (vec!["ttt", "--moves", "4,0,8", "--json"], ""),
        (vec!["c4", "--moves", "4455", "--depth", "3"], ""),
        (vec!["ordering", "--tree", lessons::fig_5_2()], ""),
        (vec!["solve"], "4455\n4455 18\n"),
        (vec!["solve", "--weak"], "4455\n"),
    ]
}

fn spawn(args: &[&str], stdout: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_plyground"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// Writes `input` to the child's stdin (then closes it) and waits.
fn finish(mut child: Child, input: &str) -> Output {
    let mut stdin = child.stdin.take().expect("stdin piped");
    // The child may exit before reading everything (a closed stdout ends it): ignore that.
    let _ = stdin.write_all(input.as_bytes());
    drop(stdin);
    child.wait_with_output().expect("the binary finishes")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

#[test]
fn a_full_disk_gives_one_line_on_stderr_and_exit_code_2() {
    for (args, input) in commands() {
        let full = std::fs::OpenOptions::new().write(true).open("/dev/full").expect("/dev/full exists");
        let o = finish(spawn(&args, full.into()), input);
        assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(2), FULL), "{args:?}");
    }
}

#[test]
fn a_pipe_closed_before_the_first_write_ends_quietly_with_exit_code_0() {
    for (args, input) in commands() {
        let (reader, writer) = std::io::pipe().expect("a pipe");
        drop(reader);
        let o = finish(spawn(&args, writer.into()), input);
        assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""), "{args:?}");
    }
}

/// Reads one line of the child's output, then closes the pipe.
fn read_one_line_then_close(args: &[&str], input: &str) -> (String, Output) {
    let mut child = spawn(args, Stdio::piped());
    let mut stdin = child.stdin.take().expect("stdin piped");
    stdin.write_all(input.as_bytes()).expect("input written");
    drop(stdin);
    let mut out = BufReader::new(child.stdout.take().expect("stdout piped"));
    let mut first = String::new();
    out.read_line(&mut first).expect("one line");
    drop(out);
    (first, child.wait_with_output().expect("the binary finishes"))
}

#[test]
fn a_reader_that_stops_after_one_line_ends_the_command_quietly() {
    for (args, input) in commands() {
        let (first, o) = read_one_line_then_close(&args, input);
        assert!(first.ends_with('\n'), "{args:?}: {first:?}");
        assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""), "{args:?}");
    }
    // Far more output than the pipe and the writer's buffer hold (about 600 KB): the command
    // is still writing when the reader goes, so it does meet the closed pipe.
    let leaves: Vec<String> = (0..3_000).map(|i| ((i * 37) % 101).to_string()).collect();
    let tree = format!("[{}]", leaves.join(","));
    let (first, o) = read_one_line_then_close(&["tree", "--trace", "--algo", "minimax", &tree], "");
    assert_eq!(first, "0\tSearchStart\tStart the search (no depth limit)\n");
    assert_eq!((o.status.code(), stderr(&o).as_str()), (Some(0), ""));
}

fn run_with_input(args: &[&str], input: &[u8]) -> Output {
    let mut child = spawn(args, Stdio::piped());
    let mut stdin = child.stdin.take().expect("stdin piped");
    stdin.write_all(input).expect("input written");
    drop(stdin);
    child.wait_with_output().expect("the binary finishes")
}

/// The lines of `solve`'s output without the last field (microseconds, which vary).
fn without_time(stdout: &[u8]) -> Vec<String> {
    String::from_utf8(stdout.to_vec())
        .expect("stdout is UTF-8")
        .lines()
        .map(|l| {
            let (rest, us) = l.rsplit_once(' ').expect("a time field");
            assert!(us.parse::<u64>().is_ok(), "{l:?}");
            rest.to_string()
        })
        .collect()
}

#[test]
fn solve_names_and_skips_lines_that_are_not_utf8_and_reads_on() {
    // The example: line 3 used to be never read.
    let o = run_with_input(&["solve"], b"4455\n\xff\n4455\n");
    assert_eq!(o.status.code(), Some(2));
    assert_eq!(without_time(&o.stdout), ["4455 18 3", "4455 18 3"]);
    assert_eq!(stderr(&o), "plyground: line 2: not UTF-8 text (byte 0xFF at byte 1)\n");

    // Stray bytes in the ignored trailing field make the line bad too; so does a control
    // character in the moves (escaped in the message); CR LF line ends are fine.
    let input = b"44 trailing \xc3\x28 bytes\n\n4455\r\n44\x1b[2J55\n4\xe9\n4455\n";
    let o = run_with_input(&["solve", "--weak"], input);
    assert_eq!(o.status.code(), Some(2));
    // (Line 2, blank, is the empty board, solved through the opening book.)
    assert_eq!(without_time(&o.stdout), ["- 1 18058", "4455 1 2", "4455 1 2"]);
    assert_eq!(
        stderr(&o),
        "plyground: line 1: not UTF-8 text (byte 0xC3 at byte 13)\n\
         plyground: line 4: bad character '\\u{1b}' at position 3 (columns are 1–7)\n\
         plyground: line 5: not UTF-8 text (byte 0xE9 at byte 2)\n"
    );
}

fn fails(args: &[&str], expected_stderr: &str) {
    let o = run_with_input(args, b"");
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    assert_eq!(stderr(&o), expected_stderr, "{args:?}");
    assert!(o.stdout.is_empty(), "{args:?}");
}

#[test]
fn error_messages_escape_the_control_characters_they_quote() {
    fails(&["x\u{1b}[2J"], "plyground: unknown command 'x\\u{1b}[2J' (try: plyground help)\n");
    fails(&["tree", "--bell\u{7}"], "plyground: unknown option '--bell\\u{7}'\n");
    fails(
        &["tree", "[1,\u{7}]"],
        "plyground: tree 1:4: expected a node (a number, a utility tuple, a label or '['), found '\\u{7}'\n",
    );
    fails(&["tree", "[1,\n\t2 x]"], "plyground: tree 2:4: expected ',' or ']' after a child, found 'x'\n");
}
