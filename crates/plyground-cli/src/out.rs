//! The one writer of the command's output, and the one place errors are printed.
//!
//! The standard `print!`/`println!` panic when stdout cannot be written ("failed printing to
//! stdout", exit 101): `plyground tree … | head -1` or `> /dev/full`. This module defines
//! `print!`, `println!`, `eprint!` and `eprintln!` macros that `main.rs` brings in before
//! every other module, so they *replace* the standard ones throughout the crate (each module
//! keeps writing `println!`; nothing else changes at the call sites, and a line added later
//! cannot bypass them). Clippy's `print_stdout`/`print_stderr` lints, denied in `main.rs`,
//! catch any explicit `std::println!`.
//!
//! - Output goes through one buffered writer, flushed by [`flush`] (before an error message,
//!   so the two streams stay in order, and at the end of `main`).
//! - A write that fails ends the process at once, by [`fail`]: a closed pipe (the reader
//!   has seen enough) quietly with exit code 0, like other command-line tools; any other
//!   error (a full disk) with one line on stderr and exit code 2.
//! - Error messages go to stderr through [`error_line`], with control characters escaped:
//!   messages quote the user's input, which must not move the terminal's cursor or change
//!   its colours. A failure to write to stderr is ignored (there is nowhere left to say it).

use std::cell::RefCell;
use std::fmt;
use std::io::{self, BufWriter, ErrorKind, Stdout, Write};

thread_local! {
    static OUT: RefCell<BufWriter<Stdout>> = RefCell::new(BufWriter::with_capacity(1 << 16, io::stdout()));
}

/// Writes formatted text to the output (the `print!` macro).
pub fn write(args: fmt::Arguments<'_>) {
    let r = OUT.with(|o| o.borrow_mut().write_fmt(args));
    if let Err(e) = r {
        fail(e);
    }
}

/// Writes formatted text and a newline (the `println!` macro).
pub fn write_line(args: fmt::Arguments<'_>) {
    let r = OUT.with(|o| {
        let mut o = o.borrow_mut();
        o.write_fmt(args).and_then(|()| o.write_all(b"\n"))
    });
    if let Err(e) = r {
        fail(e);
    }
}

/// Sends everything written so far (ends the process like [`fail`] if it cannot).
pub fn flush() {
    let r = OUT.with(|o| o.borrow_mut().flush());
    if let Err(e) = r {
        fail(e);
    }
}

/// Ends the process after a failed write: exit 0 for a closed pipe, else one line on
/// stderr and exit 2.
pub fn fail(e: io::Error) -> ! {
    if e.kind() == ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    // Not `error_line`: it flushes stdout first, which has just failed.
    stderr_line(format_args!("plyground: cannot write the output: {e}"));
    std::process::exit(2);
}

/// One line on stderr, control characters escaped (`\n` as `\n`, ESC as `\u{1b}`);
/// stdout is flushed first. Errors writing to stderr are ignored.
pub fn error_line(args: fmt::Arguments<'_>) {
    flush();
    stderr_line(args);
}

fn stderr_line(args: fmt::Arguments<'_>) {
    let mut s = escape_controls(&args.to_string());
    s.push('\n');
    let _ = io::stderr().write_all(s.as_bytes());
}

/// Text written to stderr as it is (the usage text; no escaping needed).
pub fn error_text(args: fmt::Arguments<'_>) {
    flush();
    let _ = io::stderr().write_fmt(args);
}

/// `s` with every control character (C0, DEL, C1) written as a Rust escape (`\t`, `\n`,
/// `\r`, `\u{1b}`), and backslashes left alone.
pub fn escape_controls(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

/// `print!`, through [`write`].
macro_rules! print {
    ($($t:tt)*) => {
        $crate::out::write(format_args!($($t)*))
    };
}

/// `println!`, through [`write_line`].
macro_rules! println {
    () => {
        $crate::out::write_line(format_args!(""))
    };
    ($($t:tt)*) => {
        $crate::out::write_line(format_args!($($t)*))
    };
}

/// `eprintln!`: one error line, control characters escaped ([`error_line`]).
macro_rules! eprintln {
    ($($t:tt)*) => {
        $crate::out::error_line(format_args!($($t)*))
    };
}

/// `eprint!`: text on stderr as it is ([`error_text`]).
macro_rules! eprint {
    ($($t:tt)*) => {
        $crate::out::error_text(format_args!($($t)*))
    };
}

#[cfg(test)]
mod tests {
    use super::escape_controls;

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(
            escape_controls("a\tb\n\u{1b}[31mé\u{7f}\u{85}\\"),
            "a\\tb\\n\\u{1b}[31mé\\u{7f}\\u{85}\\"
        );
    }
}
