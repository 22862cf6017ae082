//! The corpus: seed files in `tests/fuzz/<target>/*.seed`.
//!
//! A seed file is a few `key: value` lines; `#` starts a comment line. Keys:
//!
//! - `input:` the input, escaped so that any bytes fit on one line: `\\`, `\n`, `\r`, `\t`,
//!   `\xHH` (one byte); every other character stands for itself (UTF-8). Repeatable: several
//!   `input:` lines are joined with a newline between them.
//! - `generate:` instead of `input:`, a generator for a large input (so that a 1 MiB text
//!   need not be stored): see each target's `check_seed` (tree: `root-children N`,
//!   `chance-children N`, `nested N`, `leaves-deep N`).
//! - `expect:` `ok` (must parse), `error` (must be refused) or `any` (the default).
//! - `game:` for the `moves` target: `ttt` or `c4`. `args:` for `solve`: the command's flags.

use std::path::{Path, PathBuf};

/// One stored seed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Seed {
    /// The file it came from (empty for seeds built in code).
    pub path: PathBuf,
    /// The decoded input bytes (`input:` lines), or empty.
    pub input: Vec<u8>,
    /// Every other `key: value` line, in order.
    pub fields: Vec<(String, String)>,
}

impl Seed {
    /// The value of the first `key:` line.
    pub fn get(&self, key: &str) -> Option<&str> {
        self.fields.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
    }

    /// The file name, for messages.
    pub fn name(&self) -> String {
        self.path
            .file_name()
            .map_or_else(|| "(inline seed)".to_string(), |n| n.to_string_lossy().into_owned())
    }

    /// Parses a seed file's text.
    pub fn parse(text: &str, path: &Path) -> Result<Seed, String> {
        let mut seed = Seed { path: path.to_path_buf(), ..Seed::default() };
        let mut inputs = 0;
        for (i, line) in text.lines().enumerate() {
            let t = line.trim_end_matches('\r');
            if t.trim().is_empty() || t.trim_start().starts_with('#') {
                continue;
            }
            let Some((key, value)) = t.split_once(':') else {
                return Err(format!("{}: line {}: expected 'key: value'", path.display(), i + 1));
            };
            let value = value.strip_prefix(' ').unwrap_or(value);
            if key == "input" {
                if inputs > 0 {
                    seed.input.push(b'\n');
                }
                inputs += 1;
                seed.input
                    .extend(unescape(value).map_err(|e| format!("{}: line {}: {e}", path.display(), i + 1))?);
            } else {
                seed.fields.push((key.trim().to_string(), value.trim().to_string()));
            }
        }
        Ok(seed)
    }
}

/// Writes bytes on one line (see the module documentation).
pub fn escape(bytes: &[u8]) -> String {
    let mut out = String::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        match b {
            b'\\' => out.push_str("\\\\"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(b as char),
            _ => {
                // A whole non-ASCII, non-control character stays readable; anything else is \xHH.
                let len = match b {
                    0xc2..=0xdf => 2,
                    0xe0..=0xef => 3,
                    0xf0..=0xf4 => 4,
                    _ => 0,
                };
                if len > 0 && i + len <= bytes.len() {
                    if let Ok(s) = std::str::from_utf8(&bytes[i..i + len]) {
                        let c = s.chars().next().unwrap_or('\u{fffd}');
                        if !c.is_control() && c != '\u{feff}' && !('\u{2028}'..='\u{2029}').contains(&c) {
                            out.push_str(s);
                            i += len;
                            continue;
                        }
                    }
                }
                out.push_str(&format!("\\x{b:02x}"));
            }
        }
        i += 1;
    }
    out
}

/// Reads what [`escape`] writes.
pub fn unescape(s: &str) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i] != b'\\' {
            out.push(b[i]);
            i += 1;
            continue;
        }
        match b.get(i + 1) {
            Some(b'\\') => out.push(b'\\'),
            Some(b'n') => out.push(b'\n'),
            Some(b'r') => out.push(b'\r'),
            Some(b't') => out.push(b'\t'),
            Some(b'x') => {
                let hex = s.get(i + 2..i + 4).ok_or("a \\x escape needs two hex digits")?;
                out.push(u8::from_str_radix(hex, 16).map_err(|_| format!("bad \\x escape '\\x{hex}'"))?);
                i += 4;
                continue;
            }
            other => return Err(format!("unknown escape '\\{}'", other.map_or('?', |&c| c as char))),
        }
        i += 2;
    }
    Ok(out)
}

/// The corpus folder of a target.
pub fn dir(target: &str) -> PathBuf {
    crate::repo_root().join("tests/fuzz").join(target)
}

/// Every seed of a target, sorted by file name.
pub fn load(target: &str) -> Result<Vec<Seed>, String> {
    let d = dir(target);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&d)
        .map_err(|e| format!("cannot list {}: {e}", d.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "seed"))
        .collect();
    paths.sort();
    paths
        .iter()
        .map(|p| {
            let text = std::fs::read_to_string(p).map_err(|e| format!("cannot read {}: {e}", p.display()))?;
            Seed::parse(&text, p)
        })
        .collect()
}

/// Stores a failure as a new seed file `found-<time>-<property>.seed`; returns its path.
pub fn save(target: &str, failure: &crate::Failure, stamp: u64) -> Result<PathBuf, String> {
    let d = dir(target);
    std::fs::create_dir_all(&d).map_err(|e| format!("cannot create {}: {e}", d.display()))?;
    let name: String =
        failure.property.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '-' }).collect();
    let path = d.join(format!("found-{stamp}-{name}.seed"));
    let mut text = String::from("# Found by `cargo xtask fuzz`. Why it failed:\n");
    for line in failure.message.lines() {
        text.push_str("#   ");
        text.push_str(&line.chars().filter(|c| !c.is_control()).collect::<String>());
        text.push('\n');
    }
    text.push_str(&failure.seed_text);
    if !text.ends_with('\n') {
        text.push('\n');
    }
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    Ok(path)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_round_trips_any_bytes() {
        let samples: [&[u8]; 5] =
            [b"[1,2]", b"a\\b\nc\r\t", b"\xff\xfe\x00\x7f", "−3 é \u{2028}".as_bytes(), b"\xe2\x88"];
        for s in samples {
            assert_eq!(unescape(&escape(s)).unwrap(), s, "{:?}", escape(s));
            assert!(!escape(s).contains('\n'));
        }
        assert_eq!(escape(b"\xff1"), "\\xff1");
        assert_eq!(escape("−".as_bytes()), "−");
        assert!(unescape("\\q").is_err());
        assert!(unescape("\\x4").is_err());
    }

    #[test]
    fn a_seed_file_is_read() {
        let s = Seed::parse(
            "# c\ninput: 4455\\xff\ninput: x\nexpect: error\nargs: --weak\n",
            Path::new("a.seed"),
        )
        .unwrap();
        assert_eq!(s.input, b"4455\xff\nx");
        assert_eq!(s.get("expect"), Some("error"));
        assert_eq!(s.get("args"), Some("--weak"));
        assert_eq!(s.get("game"), None);
        assert!(Seed::parse("nonsense", Path::new("b.seed")).is_err());
    }
}
