//! `cargo xtask size`: each wasm module's gzipped size against its budget, and the largest
//! functions of each module, so that a module over its budget shows where the bytes went.
//!
//! The budgets have one definition, `xtask/size-budgets.txt`, which the browser tests read
//! too (the page budget is measured there: only a browser knows which files a page loads).
//! The sizes are the shipped modules' (`www/pkg*/plyground_wasm_bg.wasm`, gzip -9 by Node's
//! zlib, as the tests measure them). The shipped modules carry no function names, so the
//! build keeps, per module, the sizes of the functions of the module cargo linked (before
//! wasm-bindgen and wasm-opt, from its name section: `symbols.rs`), read back here.
//! This check replaces the comments that used to justify code by the bytes it saves: the
//! figures live here, measured on every build.

use crate::build::{compressed_sizes, games_pkg_dir, pkg_dir, practice_pkg_dir, tree_pkg_dir};
use crate::symbols::functions_file;
use crate::util::root;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// The file that defines every size budget.
pub const BUDGETS: &str = "xtask/size-budgets.txt";

/// How many of a module's largest functions are listed.
const TOP: usize = 20;

/// One budget: its name (a module's folder, or a page), its bytes gzipped, what it covers.
#[derive(Debug, PartialEq)]
pub struct Budget {
    pub name: String,
    pub bytes: u64,
    pub what: String,
}

/// The budgets of `text`: `name<TAB>bytes<TAB>what` lines; `#` lines and blank lines skipped.
pub fn parse_budgets(text: &str) -> Result<Vec<Budget>, String> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let place = format!("{BUDGETS}:{}", i + 1);
        let mut cols = line.split('\t');
        let (Some(name), Some(bytes), Some(what), None) =
            (cols.next(), cols.next(), cols.next(), cols.next())
        else {
            return Err(format!("{place}: expected 'name<TAB>bytes<TAB>what', got '{line}'"));
        };
        let bytes =
            bytes.parse::<u64>().map_err(|_| format!("{place}: '{bytes}' is not a number of bytes"))?;
        out.push(Budget { name: name.to_string(), bytes, what: what.to_string() });
    }
    Ok(out)
}

/// The budgets of [`BUDGETS`].
pub fn budgets() -> Result<Vec<Budget>, String> {
    let path = root().join(BUDGETS);
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    parse_budgets(&text)
}

/// A Rust symbol in the legacy mangling (`_ZN…E`) as a path: `plyground::trace::Trace<A>::seek`
/// (the hash left out). Other names (the v0 mangling, C functions) are returned as they are.
pub fn demangle(name: &str) -> String {
    let Some(mut rest) = name.strip_prefix("_ZN").and_then(|r| r.strip_suffix('E')) else {
        return name.to_string();
    };
    let mut parts = Vec::new();
    while !rest.is_empty() {
        let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
        let Ok(len) = rest[..digits].parse::<usize>() else { return name.to_string() };
        let Some(part) = rest.get(digits..digits + len) else { return name.to_string() };
        parts.push(part);
        rest = &rest[digits + len..];
    }
    if let Some(last) = parts.last() {
        if last.len() == 17 && last.starts_with('h') && last[1..].bytes().all(|b| b.is_ascii_hexdigit()) {
            parts.pop();
        }
    }
    let unescape = |p: &str| {
        let p = p.strip_prefix("_$").map_or(p.to_string(), |r| format!("${r}"));
        let mut out = String::new();
        let mut rest = p.as_str();
        while let Some(i) = rest.find(['$', '.']) {
            out.push_str(&rest[..i]);
            rest = &rest[i..];
            if let Some(r) = rest.strip_prefix("..") {
                out.push_str("::");
                rest = r;
                continue;
            }
            if let Some(r) = rest.strip_prefix('.') {
                out.push('.');
                rest = r;
                continue;
            }
            let Some(end) = rest[1..].find('$') else { break };
            let code = &rest[1..1 + end];
            let c = match code {
                "LT" => Some('<'),
                "GT" => Some('>'),
                "C" => Some(','),
                "RF" => Some('&'),
                "BP" => Some('*'),
                "SP" => Some('@'),
                "LP" => Some('('),
                "RP" => Some(')'),
                _ => code
                    .strip_prefix('u')
                    .and_then(|h| u32::from_str_radix(h, 16).ok())
                    .and_then(char::from_u32),
            };
            match c {
                Some(c) => {
                    out.push(c);
                    rest = &rest[end + 2..];
                }
                None => {
                    out.push('$');
                    rest = &rest[1..];
                }
            }
        }
        out.push_str(rest);
        out
    };
    parts.iter().map(|p| unescape(p)).collect::<Vec<_>>().join("::")
}

/// A function's name as listed: demangled, at most 150 characters.
fn listed(name: &str) -> String {
    let d = demangle(name);
    match d.char_indices().nth(150) {
        Some((i, _)) => format!("{}…", &d[..i]),
        None => d,
    }
}

/// The report of one module: its size, its budget's verdict, its largest functions; `Err`
/// with the same text when it is over its budget.
fn module_report(pkg: &Path, gzip: u64, budget: Option<&Budget>) -> (String, bool) {
    let rel = pkg.strip_prefix(root()).unwrap_or(pkg).display().to_string();
    let mut out = String::new();
    let over = budget.is_some_and(|b| gzip > b.bytes);
    match budget {
        Some(b) if over => {
            let _ = writeln!(
                out,
                "{rel}: {gzip} bytes gzipped, OVER its budget of {} by {} bytes ({})",
                b.bytes,
                gzip - b.bytes,
                b.what
            );
        }
        Some(b) => {
            let _ = writeln!(
                out,
                "{rel}: {gzip} bytes gzipped, within its budget of {} ({} to spare; {})",
                b.bytes,
                b.bytes - gzip,
                b.what
            );
        }
        None => {
            let _ = writeln!(out, "{rel}: {gzip} bytes gzipped (no budget)");
        }
    }
    match std::fs::read_to_string(functions_file(pkg)) {
        Ok(text) => {
            let head = text.lines().next().unwrap_or("").trim_start_matches("# ");
            let _ = writeln!(
                out,
                "  its {TOP} largest functions, in bytes of code of the module cargo linked ({head}; before wasm-bindgen and wasm-opt):"
            );
            for line in text.lines().filter(|l| !l.starts_with('#')).take(TOP) {
                if let Some((size, name)) = line.split_once('\t') {
                    let _ = writeln!(out, "  {size:>8}  {}", listed(name));
                }
            }
        }
        Err(_) => {
            let _ = writeln!(
                out,
                "  (no function list: {} is written when cargo builds the module; `cargo clean -p plyground-wasm` then `cargo xtask build` makes it)",
                functions_file(pkg).display()
            );
        }
    }
    (out, over)
}

/// One line per module with a budget: its size gzipped and the verdict (for the benchmark's
/// record).
pub fn verdicts() -> Result<Vec<String>, String> {
    let budgets = budgets()?;
    let pkgs: Vec<(PathBuf, &Budget)> = [tree_pkg_dir(), games_pkg_dir()]
        .into_iter()
        .filter_map(|p| {
            let b = budgets.iter().find(|b| p.ends_with(&b.name))?;
            Some((p.join("plyground_wasm_bg.wasm"), b))
        })
        .filter(|(w, _)| w.is_file())
        .collect();
    let refs: Vec<&Path> = pkgs.iter().map(|(w, _)| w.as_path()).collect();
    let sizes = compressed_sizes(&refs)?;
    Ok(pkgs
        .iter()
        .zip(sizes)
        .map(|((_, b), (gzip, _))| {
            let verdict = if gzip <= b.bytes { "within" } else { "OVER" };
            format!("{}: {gzip} bytes gzipped, {verdict} its budget of {} bytes", b.name, b.bytes)
        })
        .collect())
}

/// Every module's report; fails when one is over its budget.
pub fn check() -> Result<(), String> {
    let budgets = budgets()?;
    let pkgs = [pkg_dir(), tree_pkg_dir(), games_pkg_dir(), practice_pkg_dir()];
    let wasms: Vec<PathBuf> = pkgs.iter().map(|p| p.join("plyground_wasm_bg.wasm")).collect();
    for w in &wasms {
        if !w.is_file() {
            return Err(format!("{} is missing: run `cargo xtask build` first", w.display()));
        }
    }
    let refs: Vec<&Path> = wasms.iter().map(PathBuf::as_path).collect();
    let sizes = compressed_sizes(&refs)?;
    let mut over = Vec::new();
    for (pkg, (gzip, _)) in pkgs.iter().zip(sizes) {
        let name = pkg.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let (text, is_over) = module_report(pkg, gzip, budgets.iter().find(|b| b.name == name));
        print!("{text}");
        if is_over {
            over.push(name);
        }
    }
    for b in budgets.iter().filter(|b| !pkgs.iter().any(|p| p.ends_with(&b.name))) {
        println!("{}: budget {} bytes ({}), measured by the browser tests", b.name, b.bytes, b.what);
    }
    if over.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "over budget ({BUDGETS}): {}; the lists above show their largest functions",
            over.join(", ")
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_budgets_file_is_read_strictly() {
        let b = parse_budgets("# comment\n\npkg-tree\t160000\tthe tree module\n").unwrap();
        assert_eq!(
            b,
            vec![Budget { name: "pkg-tree".into(), bytes: 160_000, what: "the tree module".into() }]
        );
        assert_eq!(
            parse_budgets("pkg-tree\t160 KB\tx\n").unwrap_err(),
            "xtask/size-budgets.txt:1: '160 KB' is not a number of bytes"
        );
        assert!(parse_budgets("pkg-tree 160000\n")
            .unwrap_err()
            .contains("expected 'name<TAB>bytes<TAB>what'"));
        // The project's own file: the two page modules and the one-figure page.
        let all = budgets().unwrap();
        let names: Vec<&str> = all.iter().map(|b| b.name.as_str()).collect();
        assert_eq!(names, ["pkg-tree", "pkg-games", "page-one-tree"]);
    }

    #[test]
    fn legacy_symbols_read_as_paths_without_their_hash() {
        assert_eq!(
            demangle("_ZN9plyground5trace7narrate50_$LT$impl$u20$plyground..trace..Trace$LT$A$GT$$GT$15event_narration17hf355b86e38c48b5dE"),
            "plyground::trace::narrate::<impl plyground::trace::Trace<A>>::event_narration"
        );
        assert_eq!(
            demangle("_ZN4core5slice4sort6stable9quicksort9quicksort17he6014d9a5145a635E"),
            "core::slice::sort::stable::quicksort::quicksort"
        );
        assert_eq!(demangle("memcpy"), "memcpy");
        assert_eq!(demangle("_RNvCs1234_3std4main"), "_RNvCs1234_3std4main");
    }
}
