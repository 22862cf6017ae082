//! `plyground solve [--weak] [--analyze] [--no-book | --book FILE]`: the exact Connect-4
//! solver over positions read from standard input, one per line.
//!
//! Input: the first whitespace-separated field of each line is a move string (1-based
//! columns from the empty board, e.g. `4455`); anything after it is ignored, so the
//! benchmark files (`<moves> <score>`) can be piped in as they are. **A line with no field
//! (empty, or only whitespace) is the empty board**, as in the reference solver's tool, and
//! so is the field `-`. Every line is a position: input ending in `4455\n` is one position,
//! `4455\n\n` two (the second the empty board) — the final line break ends a line, a
//! blank line after it is one more line.
//!
//! The opening book (`www/book/connect4.book`, built into the binary; see
//! `plyground::search::book`) answers positions at its depth at once and ends the search
//! of earlier positions at that depth, so even the empty board is solved in a blink;
//! `--no-book` solves without it (to measure the solver alone), `--book FILE` reads
//! another book file.
//!
//! Output, one line per position, on stdout:
//! `<moves> <score> <nodes> <µs>`, or with `--analyze` `<moves>` then the seven column
//! scores (100 for a full column, or every column of a finished game), then nodes and µs.
//! The empty board's `<moves>` is written `-`.
//! Scores are from the side to move: a win is 22 − the stones the winner has played, a loss
//! its negative, a draw 0 (`--weak`: 1, 0, −1). The table is reset before each position,
//! so node counts do not depend on the order of the lines.
//!
//! A bad line prints `plyground: line N: <reason>` on stderr and is skipped (a line that
//! is not UTF-8 text is a bad line too, wherever the stray bytes are, even in the ignored
//! trailing field; control characters in the reason are escaped); the others are still
//! solved, and the command then exits with code 2 (0 when every line was good), so a
//! script can read stdout as it comes and still notice a bad input.

use crate::args::{self, Args};
use clap::Command;
use plyground::games::connect4::C4Position;
use plyground::search::book::Book;
use plyground::search::solver::{Solver, SolverOptions};
use std::io::BufRead;
use std::sync::Arc;
use std::time::Instant;

/// The opening book the project ships (built by `cargo xtask book`).
pub const BOOK: &[u8] = include_bytes!("../../../www/book/connect4.book");

/// The book's depth, read from its header (without enumerating its positions).
fn header_depth(bytes: &[u8]) -> Option<u8> {
    bytes.get(8).copied().filter(|_| bytes.starts_with(plyground::search::book::MAGIC))
}

/// The command's options.
pub fn command() -> Command {
    args::command("solve", "The exact Connect-4 solver over positions read from stdin, one a line")
        .args([
            args::flag("weak", "the result only: 1 win, 0 draw, -1 loss (faster)"),
            args::flag("analyze", "the seven columns' scores (100 for a full column) instead of one score"),
            args::flag("no-book", "solve without the opening book (to measure the solver alone)"),
            args::opt("book", "FILE", "read the opening book from FILE (default: the one built in)"),
        ])
        .after_help(
            "Input: a move string a line (1-based columns from the empty board, e.g. 4455); a blank \
             line or - is the empty board; anything after the first field is ignored.\n\
             Output: '<moves> <score> <nodes> <µs>' a line (--analyze: the seven scores in place of \
             <score>). Scores are from the side to move: a win is 22 minus the stones the winner \
             has played, a loss its negative, a draw 0.\n\
             A bad line is reported on stderr ('plyground: line N: …') and skipped; the exit code is \
             then 2.",
        )
}

/// Runs the command; `Ok(true)` when every line was good.
pub fn solve(a: &Args) -> Result<bool, String> {
    let (weak, analyze) = (a.flag("weak"), a.flag("analyze"));
    let book_bytes: Option<Vec<u8>> = match (a.flag("no-book"), a.get("book")) {
        (true, Some(_)) => return Err("solve: --no-book and --book exclude each other".into()),
        (true, None) => None,
        (false, Some(f)) => Some(std::fs::read(f).map_err(|e| format!("solve: cannot read book {f}: {e}"))?),
        (false, None) => Some(BOOK.to_vec()),
    };
    // The book is read (its positions enumerated) only when a position at or before its
    // depth comes: later positions never consult it.
    let book_depth = match &book_bytes {
        Some(b) => Some(header_depth(b).ok_or("solve: the book file is not a plyground opening book")?),
        None => None,
    };
    let mut book_loaded = false;
    let mut solver = Solver::new(SolverOptions::default());
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let mut bytes = Vec::new();
    let mut all_good = true;
    for n in 1.. {
        // Bytes, not text: a line that is not UTF-8 is one bad line, not the end of input.
        bytes.clear();
        let read = input
            .read_until(b'\n', &mut bytes)
            .map_err(|e| format!("line {n}: cannot read standard input: {e}"))?;
        if read == 0 {
            break;
        }
        let line = match std::str::from_utf8(&bytes) {
            Ok(l) => l,
            Err(e) => {
                let at = e.valid_up_to();
                eprintln!(
                    "plyground: line {n}: not UTF-8 text (byte 0x{:02X} at byte {})",
                    bytes[at],
                    at + 1
                );
                all_good = false;
                continue;
            }
        };
        let field = line.split_whitespace().next().unwrap_or("-");
        let moves = if field == "-" { "" } else { field };
        let pos = match C4Position::try_parse(moves) {
            Ok(p) => p,
            Err(e) => {
                // (eprintln! flushes what is solved so far: stdout and stderr stay in order.)
                eprintln!("plyground: line {n}: {e}");
                all_good = false;
                continue;
            }
        };
        if !book_loaded && book_depth.is_some_and(|d| pos.moves.len() <= d as usize) {
            let bytes = book_bytes.as_deref().unwrap_or_default();
            let book = Book::from_bytes(bytes).map_err(|e| format!("solve: the opening book: {e}"))?;
            solver.set_book(Some(Arc::new(book)));
            book_loaded = true;
        }
        let moves = if moves.is_empty() { "-" } else { moves };
        solver.reset();
        let t = Instant::now();
        if analyze {
            let r = solver.analyze(&pos.state, weak);
            let us = t.elapsed().as_secs_f64() * 1e6;
            let scores: Vec<String> = r.scores.iter().map(|s| s.unwrap_or(100).to_string()).collect();
            println!("{moves} {} {} {:.0}", scores.join(" "), r.nodes, us);
        } else {
            let r = solver.solve(&pos.state, weak);
            let us = t.elapsed().as_secs_f64() * 1e6;
            println!("{moves} {} {} {:.0}", r.score, r.nodes, us);
        }
    }
    Ok(all_good)
}
