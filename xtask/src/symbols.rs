//! The functions of a wasm module by name and size, read from its code and name sections;
//! the build keeps the largest of each module's for `cargo xtask size` (`size.rs`). Part of
//! the build's tools digest: a change here makes the build write the lists again.

use crate::util::target_dir;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// How many functions the build keeps per module (more than `size` lists, for a closer look).
const KEPT: usize = 200;

/// An unsigned LEB128 number at `*pos`, moving past it.
fn leb(bytes: &[u8], pos: &mut usize) -> Result<u64, String> {
    let mut v = 0u64;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*pos).ok_or("the module ends inside a number")?;
        *pos += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Ok(v);
        }
    }
    Err("a number longer than 64 bits".into())
}

/// A length-prefixed name at `*pos`, moving past it.
fn name_at<'a>(bytes: &'a [u8], pos: &mut usize) -> Result<&'a str, String> {
    let n = leb(bytes, pos)? as usize;
    let s = bytes.get(*pos..*pos + n).ok_or("the module ends inside a name")?;
    *pos += n;
    std::str::from_utf8(s).map_err(|_| "a name that is not UTF-8".to_string())
}

/// Every function defined in a wasm module, with its name (from the name section; `func[i]`
/// without one) and the bytes of its code, largest first.
pub fn function_sizes(wasm: &[u8]) -> Result<Vec<(String, u64)>, String> {
    if wasm.get(..8) != Some(b"\0asm\x01\0\0\0".as_slice()) {
        return Err("not a wasm module (version 1)".into());
    }
    let mut pos = 8;
    let mut imported = 0u64;
    let mut bodies = Vec::new();
    let mut names = std::collections::HashMap::new();
    while pos < wasm.len() {
        let id = wasm[pos];
        pos += 1;
        let len = leb(wasm, &mut pos)? as usize;
        let end = pos + len;
        let section = wasm.get(pos..end).ok_or("a section runs past the end of the module")?;
        let mut p = 0;
        match id {
            // Imports: the functions among them come first in the function index space.
            2 => {
                for _ in 0..leb(section, &mut p)? {
                    name_at(section, &mut p)?;
                    name_at(section, &mut p)?;
                    let kind = *section.get(p).ok_or("an import without its kind")?;
                    p += 1;
                    match kind {
                        0 => {
                            leb(section, &mut p)?;
                            imported += 1;
                        }
                        1 => {
                            p += 1;
                            let flags = leb(section, &mut p)?;
                            leb(section, &mut p)?;
                            if flags & 1 == 1 {
                                leb(section, &mut p)?;
                            }
                        }
                        2 => {
                            let flags = leb(section, &mut p)?;
                            leb(section, &mut p)?;
                            if flags & 1 == 1 {
                                leb(section, &mut p)?;
                            }
                        }
                        3 => p += 2,
                        4 => {
                            p += 1;
                            leb(section, &mut p)?;
                        }
                        k => return Err(format!("an import of unknown kind {k}")),
                    }
                }
            }
            // Code: one body per defined function, in index order after the imports.
            10 => {
                for _ in 0..leb(section, &mut p)? {
                    let size = leb(section, &mut p)?;
                    bodies.push(size);
                    p += size as usize;
                }
            }
            // The name section's function names (subsection 1).
            0 if name_at(section, &mut p)? == "name" => {
                while p < section.len() {
                    let sub = section[p];
                    p += 1;
                    let sub_len = leb(section, &mut p)? as usize;
                    let sub_end = p + sub_len;
                    if sub == 1 {
                        for _ in 0..leb(section, &mut p)? {
                            let idx = leb(section, &mut p)?;
                            names.insert(idx, name_at(section, &mut p)?.to_string());
                        }
                    }
                    p = sub_end;
                }
            }
            _ => {}
        }
        pos = end;
    }
    let mut out: Vec<(String, u64)> = bodies
        .into_iter()
        .enumerate()
        .map(|(i, size)| {
            let idx = imported + i as u64;
            (names.remove(&idx).unwrap_or_else(|| format!("func[{idx}]")), size)
        })
        .collect();
    out.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    Ok(out)
}

/// Where the build keeps a module's function sizes: beside its stamp.
pub fn functions_file(pkg: &Path) -> PathBuf {
    let name = pkg.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    target_dir().join("stamps").join(format!("{name}.functions.tsv"))
}

/// Keeps the largest functions of the module cargo linked for `pkg` (called by the build).
pub fn save_functions(pkg: &Path, cargo_wasm: &[u8]) -> Result<(), String> {
    let sizes = function_sizes(cargo_wasm)?;
    let total: u64 = sizes.iter().map(|s| s.1).sum();
    let mut text = format!("# {} functions, {total} bytes of code\n", sizes.len());
    for (name, size) in sizes.iter().take(KEPT) {
        let _ = writeln!(text, "{size}\t{name}");
    }
    let path = functions_file(pkg);
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A module with one imported function and two defined ones, the second named.
    fn module() -> Vec<u8> {
        let mut m = b"\0asm\x01\0\0\0".to_vec();
        // type section: one type () -> ()
        m.extend([1, 4, 1, 0x60, 0, 0]);
        // import section: "m" "f" func type 0
        m.extend([2, 7, 1, 1, b'm', 1, b'f', 0, 0]);
        // function section: two functions of type 0
        m.extend([3, 3, 2, 0, 0]);
        // code section: bodies of 2 and 4 bytes
        m.extend([10, 9, 2, 2, 0, 0x0b, 4, 0, 1, 1, 0x0b]);
        // name section: function 2 is "big"
        let mut names = vec![4, b'n', b'a', b'm', b'e'];
        names.extend([1, 6, 1, 2, 3, b'b', b'i', b'g']);
        m.push(0);
        m.push(names.len() as u8);
        m.extend(names);
        m
    }

    #[test]
    fn function_sizes_come_from_the_code_section_named_by_the_name_section() {
        assert_eq!(
            function_sizes(&module()).unwrap(),
            vec![("big".to_string(), 4), ("func[1]".to_string(), 2)]
        );
        assert_eq!(function_sizes(b"\0asm\x02\0\0\0").unwrap_err(), "not a wasm module (version 1)");
    }
}
