//! The deployable site: `www/` (with the package `build_pkg` wrote into `www/pkg/`) copied to
//! `target/site/` with every module minified on its own by terser and every stylesheet
//! stripped of comments and spare whitespace (`xtask/site.mjs`). No bundler: the same files,
//! the same module graph, the same relative URLs. This is what `cargo xtask serve` serves and
//! what the browser tests load; `www/` stays the source the JavaScript unit tests cover.

use crate::build::{self, pkg_dir};
use crate::util::{self, command, root};
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
    // Nothing to do when www/ (the package included), the script and terser are the same and
    // target/site/ is still what was made from them.
    let inputs = digest_inputs()?;
    let outputs = build::dir_digest(&site_dir());
    let want = [("inputs", Some(inputs.as_str())), ("outputs", outputs.as_deref())];
    if let Some(report) = build::up_to_date(build::read_stamp("site").as_deref(), &want) {
        print!("site: up to date (www/, xtask/site.mjs and terser unchanged)\n{report}");
        return Ok(());
    }
    let report =
        util::capture(command("node").arg(r.join("xtask/site.mjs")).arg(r.join("www")).arg(site_dir()))?;
    print!("{report}");
    let outputs = build::dir_digest(&site_dir()).ok_or("target/site cannot be read after the build")?;
    build::write_stamp("site", &[("inputs", &inputs), ("outputs", &outputs)], &report)
}

/// The digest of what the site is made from.
fn digest_inputs() -> Result<String, String> {
    let r = root();
    let www = build::dir_digest(&r.join("www")).ok_or("cannot read www/")?;
    let read = |p: &str| std::fs::read(r.join(p)).map_err(|e| format!("cannot read {p}: {e}"));
    let script = read("xtask/site.mjs")?;
    let terser = read("node_modules/terser/package.json")?;
    Ok(build::digest([www.as_bytes(), &script, &terser]))
}
