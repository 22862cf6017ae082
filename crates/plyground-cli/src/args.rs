//! A tiny argument parser: `--flag`, `--key value`, `--key=value` and positionals. Errors are
//! one line naming the argument.

use std::collections::BTreeMap;

/// Parsed arguments of one subcommand.
pub struct Args {
    opts: BTreeMap<String, String>,
    flags: Vec<String>,
    /// Positional arguments, in order.
    pub positional: Vec<String>,
}

impl Args {
    /// Parses `raw`; `flags` lists the options that take no value.
    pub fn parse(raw: &[String], flags: &[&str], valued: &[&str]) -> Result<Args, String> {
        let mut a = Args { opts: BTreeMap::new(), flags: Vec::new(), positional: Vec::new() };
        let mut i = 0;
        while i < raw.len() {
            let r = &raw[i];
            if r == "-" || !r.starts_with("--") {
                a.positional.push(r.clone());
            } else {
                let body = &r[2..];
                let (key, inline) = match body.split_once('=') {
                    Some((k, v)) => (k, Some(v.to_string())),
                    None => (body, None),
                };
                if flags.contains(&key) {
                    if inline.is_some() {
                        return Err(format!("--{key} takes no value"));
                    }
                    a.flags.push(key.to_string());
                } else if valued.contains(&key) {
                    let v = match inline {
                        Some(v) => v,
                        None => {
                            i += 1;
                            raw.get(i).cloned().ok_or_else(|| format!("--{key} needs a value"))?
                        }
                    };
                    a.opts.insert(key.to_string(), v);
                } else {
                    return Err(format!("unknown option '{r}'"));
                }
            }
            i += 1;
        }
        Ok(a)
    }

    /// Was `--name` given?
    pub fn flag(&self, name: &str) -> bool {
        self.flags.iter().any(|f| f == name)
    }

    /// The value of `--name`.
    /// The one positional TREE: tree text, or `-` to read it from stdin; parsed, with the
    /// place of any error.
    pub fn tree(&self) -> Result<plyground::games::tree::Tree, String> {
        let text = match self.positional.as_slice() {
            [t] if t == "-" => {
                let mut s = String::new();
                std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
                    .map_err(|e| format!("reading stdin: {e}"))?;
                s
            }
            [t] => t.clone(),
            [] => return Err("missing TREE (tree text, or - to read it from stdin)".into()),
            _ => return Err("give exactly one TREE (quote it for the shell)".into()),
        };
        plyground::games::tree::Tree::try_parse(&text)
            .map_err(|e| format!("tree {}:{}: {}", e.line, e.column, e.message))
    }

    pub fn get(&self, name: &str) -> Option<&str> {
        self.opts.get(name).map(|s| s.as_str())
    }

    /// The value of `--name` as a number.
    pub fn number<T: std::str::FromStr>(&self, name: &str) -> Result<Option<T>, String> {
        match self.get(name) {
            None => Ok(None),
            Some(v) => v.parse::<T>().map(Some).map_err(|_| format!("--{name}: '{v}' is not a valid number")),
        }
    }
}
