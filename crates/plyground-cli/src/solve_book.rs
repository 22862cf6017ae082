//! `plyground book --from-bitbully FILE [--depth D] --out FILE`: converts BitBully's 12-ply
//! database with distances (`book_12ply_distances.dat`, PyPI `bitbully-databases`, MIT)
//! into plyground's own opening book of depth D (default 8; the format is documented in
//! `plyground::search::book`). `cargo xtask book` runs it; it prints what it read, the
//! empty board's score and the first moves' scores worked out from the data (a check of
//! the whole chain: they must be 1 and −2 −1 0 1 0 −1 −2), and the book's size.

use crate::args::Args;
use plyground::search::book::bitbully;

/// The book the project ships, and the depth it is built at.
pub const DEFAULT_DEPTH: u8 = 8;

/// Runs the command.
pub fn book(raw: &[String]) -> Result<(), String> {
    let a = Args::parse(raw, &[], &["from-bitbully", "depth", "out"])?;
    if let Some(p) = a.positional.first() {
        return Err(format!("book: unexpected argument '{p}'"));
    }
    let from = a.get("from-bitbully").ok_or("book: --from-bitbully FILE is required")?;
    let out = a.get("out").ok_or("book: --out FILE is required")?;
    let depth: u8 = a.number("depth")?.unwrap_or(DEFAULT_DEPTH);
    let data = std::fs::read(from).map_err(|e| format!("book: cannot read {from}: {e}"))?;
    let c = bitbully::convert(&data, depth).map_err(|e| format!("book: {from}: {e}"))?;
    let bytes = c.book.to_bytes();
    std::fs::write(out, &bytes).map_err(|e| format!("book: cannot write {out}: {e}"))?;
    println!("source: {from} ({} bytes, {} records)", data.len(), c.records);
    println!("positions per depth (mirrors folded): {:?}", c.level_sizes);
    println!("after 12 moves, not in the source because the first player wins at once: {}", c.wins_at_once);
    let firsts: Vec<String> = c.first_moves.iter().map(i32::to_string).collect();
    println!("empty board: {} (first moves: {})", c.root, firsts.join(" "));
    println!("book: depth {depth}, {} positions, {} bytes -> {out}", c.book.len(), bytes.len());
    if c.root != 1 || c.first_moves != [-2, -1, 0, 1, 0, -1, -2] {
        return Err(
            "book: the empty board's scores are not the known ones: the source or the conversion is wrong"
                .into(),
        );
    }
    Ok(())
}
