//! The data-dependent tests' one way to read `../shared/data/connect4` (the community's
//! Connect-4 test sets, next to the repository). When a file is missing the test skips with
//! a message saying so, unless the environment variable `CI` is set (to anything but "",
//! "0" or "false"): then it fails, so that a CI run cannot pass without having checked the
//! data. `$PLYGROUND_DATA` names the folder explicitly, as for `cargo xtask bench`.

// Each test binary that includes this module uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Why a data file was not read.
#[derive(Debug, PartialEq, Eq)]
pub enum Missing {
    /// Not found and `CI` not set: the test skips, with this message.
    Skip(String),
    /// Not found (or unreadable) and `CI` set: the test fails, with this message.
    Fail(String),
}

/// Whether `CI` (as given) asks data-dependent tests to fail instead of skipping.
pub fn is_ci(value: Option<&str>) -> bool {
    value.is_some_and(|v| !matches!(v.trim(), "" | "0" | "false"))
}

/// `$PLYGROUND_DATA`, else the first `shared/data/connect4` folder found walking up from
/// this crate (so that nested git worktrees find it too).
pub fn connect4_dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("PLYGROUND_DATA") {
        return Some(d.into());
    }
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .map(|d| d.join("shared/data/connect4"))
        .find(|p| p.is_dir())
}

/// The text of `dir/name`, or why not (`ci`: whether a missing file is a failure).
pub fn read_in(dir: Option<&Path>, name: &str, ci: bool) -> Result<String, Missing> {
    let problem = match dir {
        None => format!(
            "shared/data/connect4/{name}: no shared/data/connect4 folder above {} (set PLYGROUND_DATA)",
            env!("CARGO_MANIFEST_DIR")
        ),
        Some(dir) => match std::fs::read_to_string(dir.join(name)) {
            Ok(text) => return Ok(text),
            Err(e) => format!("{}: {e}", dir.join(name).display()),
        },
    };
    Err(if ci {
        Missing::Fail(format!("{problem}; CI is set, so a data-dependent test fails instead of skipping"))
    } else {
        Missing::Skip(format!("SKIPPED (data missing; with CI set this fails): {problem}"))
    })
}

/// The text of the shared Connect-4 set `name`: None (with a message on stderr) when it is
/// missing and `CI` is not set; a panic when it is missing and `CI` is set.
pub fn connect4_set(name: &str) -> Option<String> {
    let ci = is_ci(std::env::var("CI").ok().as_deref());
    match read_in(connect4_dir().as_deref(), name, ci) {
        Ok(text) => Some(text),
        Err(Missing::Skip(m)) => {
            eprintln!("{m}");
            None
        }
        Err(Missing::Fail(m)) => panic!("{m}"),
    }
}
