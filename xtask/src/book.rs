//! `cargo xtask book [--check N]`: builds the Connect-4 opening book, `www/book/connect4.book`
//! (committed; the CLI builds it in, the page will fetch it), from the MIT-licensed PyPI
//! package `bitbully-databases` (pinned below), reproducibly:
//!
//! 1. a Python virtual environment in `<target dir>/bitbully-venv` (made when missing) with
//!    `bitbully-databases==0.0.2` installed by its own pip (nothing system-wide);
//! 2. its `book_12ply_distances.dat` (the exact distance to the end of every position after
//!    12 moves) checked by size and converted by `plyground book --from-bitbully` into our
//!    own format at depth 9 (`plyground::search::book`; the conversion recomputes every
//!    shallower position too and fails unless the empty board comes out as the known 1 and
//!    −2 −1 0 1 0 −1 −2);
//! 3. the result compared with the committed file (identical: reproduced; different: the
//!    committed file is replaced and the command says so), its raw, gzip and brotli sizes
//!    printed against the 300 KB gzip budget;
//! 4. `plyground book --check N` (default 20): N uniformly drawn entries solved from scratch
//!    by our own solver (about 1.3 s each).
//!
//! Not part of `cargo xtask test` (it downloads 28 MB from PyPI): the tests read the
//! committed book.

use crate::build::compressed_sizes;
use crate::util::{self, cargo, command, human_size, run, target_dir};
use std::path::Path;

/// The package and version the book is converted from.
const PACKAGE: &str = "bitbully-databases";
const VERSION: &str = "0.0.2";
/// The size of `book_12ply_distances.dat` in that version: 4,200,899 records of 5 bytes.
const SOURCE_BYTES: u64 = 21_004_495;
/// The committed book, relative to the repository root.
pub const BOOK_FILE: &str = "www/book/connect4.book";
/// The depth the project's book is built at (see README: 9 plies, 139,561 bytes gzipped,
/// so that the perfect player's columns at 8 stones are book hits; 8 plies are 45,571 bytes
/// but leave positions after 8 moves to a search of up to half a minute; 10 plies would be
/// 386 KiB, over the budget).
const DEPTH: u8 = 9;
/// The most the book may weigh on the wire, gzipped.
const BUDGET_GZIP: u64 = 300_000;

pub fn main(rest: &[String]) -> Result<(), String> {
    let mut check = 20usize;
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--check" => {
                check = it
                    .next()
                    .and_then(|v| v.parse().ok())
                    .ok_or("book: --check needs a number of entries")?;
            }
            other => return Err(format!("book: unknown option '{other}'")),
        }
    }
    let python = util::python_venv("bitbully-venv", PACKAGE, VERSION, true)?;
    let source = util::capture(command(&python).args([
        "-c",
        "import bitbully_databases as b; print(b.BitBullyDatabases.get_database_path('12-ply-dist'))",
    ]))?;
    let source = source.trim().to_string();
    let size = std::fs::metadata(&source).map_err(|e| format!("book: {source}: {e}"))?.len();
    if size != SOURCE_BYTES {
        return Err(format!(
            "book: {source} has {size} bytes, not the {SOURCE_BYTES} of {PACKAGE} {VERSION}"
        ));
    }

    run(cargo().args(["build", "--release", "-p", "plyground-cli"]))?;
    let bin = target_dir().join("release").join("plyground");
    let built = target_dir().join("book").join("connect4.book");
    std::fs::create_dir_all(built.parent().unwrap()).map_err(|e| e.to_string())?;
    let depth = DEPTH.to_string();
    run(command(&bin).args(["book", "--from-bitbully", &source, "--depth", &depth, "--out"]).arg(&built))?;

    let committed = util::root().join(BOOK_FILE);
    let new = std::fs::read(&built).map_err(|e| format!("book: {}: {e}", built.display()))?;
    match std::fs::read(&committed) {
        Ok(old) if old == new => println!("book: reproduced {BOOK_FILE} byte for byte"),
        _ => {
            std::fs::write(&committed, &new).map_err(|e| format!("book: {BOOK_FILE}: {e}"))?;
            println!("book: {BOOK_FILE} was missing or different: replaced (commit it)");
        }
    }
    let sizes = compressed_sizes(&[Path::new(&committed)])?;
    let (gzip, brotli) = sizes[0];
    let verdict = if gzip <= BUDGET_GZIP { "within" } else { "OVER" };
    println!(
        "book: {BOOK_FILE} {} ({} bytes)  gzip {} ({gzip} bytes, {verdict} the {BUDGET_GZIP}-byte budget)  brotli {}",
        human_size(new.len() as u64),
        new.len(),
        human_size(gzip),
        human_size(brotli)
    );
    if gzip > BUDGET_GZIP {
        return Err("book: over the size budget".into());
    }
    if check > 0 {
        run(command(&bin).args(["book", "--check", &check.to_string()]))?;
    }
    Ok(())
}
