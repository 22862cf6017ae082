//! `cargo xtask dist`: the npm package for authors, `target/dist/plyground-elements-<version>.tgz`
//! (npm pack's format). The build first (as `cargo xtask build`), then `xtask/dist.mjs`: the
//! files the elements load, taken from the minified site (`target/site/`, without source
//! maps), a `custom-elements.json` manifest and TypeScript declarations generated from the
//! elements' code, a package.json with `exports`, `types` and `customElements`; then
//! `npm pack` on the staged folder. `tests/browser/dist.test.mjs` installs the tarball into a
//! scratch npm project and loads the elements from its node_modules.

use crate::util::{self, command, root};
use std::path::PathBuf;

/// Where the tarball is written: `target/dist/` in the repository (whatever
/// `CARGO_TARGET_DIR` says), a fixed place the test looks in.
pub fn dist_dir() -> PathBuf {
    root().join("target/dist")
}

/// `cargo xtask dist`: build, then pack.
pub fn main(rest: &[String]) -> Result<(), String> {
    if let Some(a) = rest.first() {
        return Err(format!("'dist' takes no arguments (got '{a}')"));
    }
    crate::build::setup_and_build()?;
    pack()
}

/// Packs what the build made (assumes `www/pkg-*` and `target/site/` are current). Earlier
/// tarballs are removed first, so the folder holds exactly one.
pub fn pack() -> Result<(), String> {
    let r = root();
    let version = workspace_version(&read(&r.join("Cargo.toml"))?)?;
    let out = dist_dir();
    if out.is_dir() {
        for e in std::fs::read_dir(&out).map_err(|e| format!("cannot list {}: {e}", out.display()))?.flatten()
        {
            if e.file_name().to_string_lossy().ends_with(".tgz") {
                std::fs::remove_file(e.path())
                    .map_err(|err| format!("cannot remove {}: {err}", e.path().display()))?;
            }
        }
    }
    util::run(
        command("node")
            .arg(r.join("xtask/dist.mjs"))
            .arg(r.join("www"))
            .arg(crate::site::site_dir())
            .arg(&out)
            .arg(&version),
    )
}

fn read(path: &std::path::Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The `version` of the `[workspace.package]` table of the root Cargo.toml.
pub fn workspace_version(toml: &str) -> Result<String, String> {
    let mut in_table = false;
    for line in toml.lines() {
        let line = line.trim();
        if line.starts_with('[') {
            in_table = line == "[workspace.package]";
        } else if in_table {
            if let Some(v) =
                line.strip_prefix("version").map(str::trim_start).and_then(|v| v.strip_prefix('='))
            {
                let v = v.trim().trim_matches('"');
                if !v.is_empty() && v.chars().all(|c| c.is_ascii_alphanumeric() || ".-+".contains(c)) {
                    return Ok(v.to_string());
                }
                return Err(format!("Cargo.toml: [workspace.package] version {v:?} is not a version"));
            }
        }
    }
    Err("Cargo.toml: no version in [workspace.package]".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_version_is_the_workspace_packages() {
        let toml =
            "[package]\nversion = \"9.9.9\"\n[workspace.package]\nedition = \"2021\"\nversion = \"0.1.0\"\n";
        assert_eq!(workspace_version(toml), Ok("0.1.0".to_string()));
        assert_eq!(
            workspace_version("[package]\nversion = \"1.0.0\"\n"),
            Err("Cargo.toml: no version in [workspace.package]".to_string())
        );
        assert_eq!(
            workspace_version("[workspace.package]\nversion = \"a b\"\n"),
            Err("Cargo.toml: [workspace.package] version \"a b\" is not a version".to_string())
        );
        assert!(workspace_version(&read(&root().join("Cargo.toml")).unwrap()).is_ok());
    }
}
