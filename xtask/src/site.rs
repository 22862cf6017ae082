//! The deployable site: `www/` (with the package `build_pkg` wrote into `www/pkg/`) copied to
//! `target/site/` with every module minified on its own by terser and every stylesheet
//! stripped of comments and spare whitespace (`xtask/site.mjs`). No bundler: the same files,
//! the same module graph, the same relative URLs. This is what `cargo xtask serve` serves and
//! what the browser tests load; `www/` stays the source the JavaScript unit tests cover.

use crate::build::pkg_dir;
use crate::util::{command, root, run};
use std::path::PathBuf;

/// Where the site is written: `target/site/` in the repository, whatever `CARGO_TARGET_DIR`
/// says, so that the folder to deploy and the one the tests measure have one fixed name.
pub fn site_dir() -> PathBuf {
    root().join("target/site")
}

/// Rebuilds `target/site/` from `www/` (assumes `build_pkg` and the npm set-up are done).
pub fn build_site() -> Result<(), String> {
    let r = root();
    if !pkg_dir().join("plyground_wasm.js").is_file() {
        return Err(format!("{} is missing: build the package first", pkg_dir().display()));
    }
    if !r.join("node_modules/terser").is_dir() {
        return Err("node_modules/terser is missing: run `npm ci`".into());
    }
    run(command("node").arg(r.join("xtask/site.mjs")).arg(r.join("www")).arg(site_dir()))
}
