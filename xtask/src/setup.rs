//! Installs what the build and the tests need, each step skipped (with a one-line message)
//! when it is already satisfied: the pinned Rust toolchain with the wasm target, the
//! wasm-bindgen CLI matching Cargo.lock, the npm packages, Chromium for browser tests, and
//! TeX Live (pdflatex with TikZ) and poppler-utils for the test that compiles exported
//! figures.

use crate::util::{self, command, output, root, run};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";

/// Where Lighthouse expects Chromium (Debian's package puts it there).
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// Where the browser tests and the browser benchmarks expect Chromium's headless shell
/// (Debian's package puts it there).
pub const HEADLESS_CHROMIUM: &str = "/usr/bin/chromium-headless-shell";

/// Everything `cargo xtask build` needs.
pub fn all() -> Result<(), String> {
    toolchain()?;
    wasm_bindgen_cli()?;
    npm_packages()
}

/// What of the pinned toolchain is missing: the wasm target, rustfmt, clippy.
fn missing_toolchain_parts() -> Vec<&'static str> {
    let Some(sysroot) = output(command("rustc").args(["--print", "sysroot"])) else {
        return vec!["toolchain"];
    };
    let sysroot = PathBuf::from(sysroot);
    let mut missing = Vec::new();
    if !sysroot.join("lib/rustlib").join(WASM_TARGET).join("lib").is_dir() {
        missing.push("target");
    }
    if !sysroot.join("bin/rustfmt").is_file() {
        missing.push("rustfmt");
    }
    if !sysroot.join("bin/clippy-driver").is_file() {
        missing.push("clippy");
    }
    missing
}

/// `rustup toolchain install` (which reads rust-toolchain.toml) when the wasm target,
/// rustfmt or clippy is missing: RUSTUP_AUTO_INSTALL=0 means nothing else installs them.
pub fn toolchain() -> Result<(), String> {
    let missing = missing_toolchain_parts();
    if missing.is_empty() {
        let v = output(command("rustc").arg("--version")).unwrap_or_default();
        println!("setup: toolchain ok ({v}, with {WASM_TARGET}, rustfmt, clippy)");
        return Ok(());
    }
    println!("setup: toolchain is missing {}: installing it from rust-toolchain.toml", missing.join(", "));
    // The rustup proxy that started us may have set RUSTUP_TOOLCHAIN; let the file decide.
    let st = util::status(command("rustup").args(["toolchain", "install"]).env_remove("RUSTUP_TOOLCHAIN"))?;
    if !st.success() {
        println!("setup: `rustup toolchain install` failed ({st}); adding the parts one by one");
    }
    for part in missing_toolchain_parts() {
        match part {
            "target" => run(command("rustup").args(["target", "add", WASM_TARGET]))?,
            "rustfmt" | "clippy" => run(command("rustup").args(["component", "add", part]))?,
            _ => return Err("no Rust toolchain found: install rustup and run `rustup toolchain install` in the repository".into()),
        }
    }
    Ok(())
}

/// The version of a package in Cargo.lock (the first entry with that name).
pub fn locked_version(lock: &str, package: &str) -> Option<String> {
    let mut in_package = false;
    for line in lock.lines() {
        let line = line.trim();
        if line == "[[package]]" {
            in_package = false;
        } else if let Some(name) = line.strip_prefix("name = ") {
            in_package = name.trim_matches('"') == package;
        } else if let Some(v) = line.strip_prefix("version = ") {
            if in_package {
                return Some(v.trim_matches('"').to_string());
            }
        }
    }
    None
}

/// The `wasm-bindgen` version the workspace is locked to; the CLI must match it exactly.
pub fn wasm_bindgen_version() -> Result<String, String> {
    let path = root().join("Cargo.lock");
    let lock = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    locked_version(&lock, "wasm-bindgen")
        .ok_or_else(|| format!("{} has no wasm-bindgen package", path.display()))
}

fn installed_wasm_bindgen() -> Option<String> {
    output(command("wasm-bindgen").arg("--version"))
}

/// `cargo install wasm-bindgen-cli --version V` unless `wasm-bindgen --version` prints V.
/// `--locked` is tried first; when a locked dependency is missing from the registry the
/// install is repeated without it.
pub fn wasm_bindgen_cli() -> Result<(), String> {
    let v = wasm_bindgen_version()?;
    let want = format!("wasm-bindgen {v}");
    let have = installed_wasm_bindgen();
    if have.as_deref() == Some(want.as_str()) {
        println!("setup: wasm-bindgen-cli ok ({want})");
        return Ok(());
    }
    match &have {
        Some(h) => println!("setup: found {h}, need {want}: installing wasm-bindgen-cli {v} (a few minutes)"),
        None => println!("setup: wasm-bindgen not found: installing wasm-bindgen-cli {v} (a few minutes)"),
    }
    let install = |locked: bool| {
        let mut c = util::cargo();
        c.args(["install", "wasm-bindgen-cli", "--version", &v, "--force"]);
        if locked {
            c.arg("--locked");
        }
        util::status(&mut c)
    };
    if !install(true)?.success() {
        println!("setup: `cargo install --locked` failed; retrying without --locked");
        run_ok(install(false)?, "cargo install wasm-bindgen-cli")?;
    }
    match installed_wasm_bindgen() {
        Some(h) if h == want => Ok(()),
        other => Err(format!(
            "installed wasm-bindgen-cli {v}, but `wasm-bindgen --version` prints {other:?}: is ~/.cargo/bin first on PATH?"
        )),
    }
}

fn run_ok(st: std::process::ExitStatus, what: &str) -> Result<(), String> {
    if st.success() {
        Ok(())
    } else {
        Err(format!("{what} failed ({st})"))
    }
}

fn mtime(p: &Path) -> Option<SystemTime> {
    std::fs::metadata(p).and_then(|m| m.modified()).ok()
}

/// `npm ci` when node_modules is missing or older than package-lock.json (npm records its
/// install in node_modules/.package-lock.json).
pub fn npm_packages() -> Result<(), String> {
    let node = output(command("node").arg("--version"))
        .ok_or("`node` was not found: install Node.js 20 or later (Debian: apt-get install nodejs npm)")?;
    let r = root();
    let lock = r.join("package-lock.json");
    let installed = r.join("node_modules/.package-lock.json");
    let fresh = match (mtime(&installed), mtime(&lock)) {
        (Some(i), Some(l)) => i >= l,
        _ => false,
    };
    if fresh && ["wasm-opt", "terser"].iter().all(|b| r.join("node_modules/.bin").join(b).exists()) {
        println!("setup: npm packages ok (node {node}; node_modules is newer than package-lock.json)");
        return Ok(());
    }
    println!("setup: npm packages missing or stale: npm ci");
    run(command("npm").args(["ci", "--no-audit", "--no-fund"]))
}

/// `apt-get update`, then `apt-get install` of `packages`. Each waits up to five minutes for
/// dpkg's lock rather than failing at once when another apt-get holds it.
fn apt_install(packages: &[&str]) -> Result<(), String> {
    let apt = || {
        let mut c = command("apt-get");
        c.args(["-o", "DPkg::Lock::Timeout=300"]).env("DEBIAN_FRONTEND", "noninteractive");
        c
    };
    run(apt().arg("update"))?;
    run(apt().args(["install", "-y", "--no-install-recommends"]).args(packages))
}

/// Whether pdflatex (with Beamer) and pdftoppm are there.
fn tex_present() -> bool {
    [PDFLATEX, PDFTOPPM, BEAMER_CLS].iter().all(|p| Path::new(p).exists())
}

/// What `cargo xtask test` needs beyond the build, before its two lanes start: TeX Live and
/// poppler-utils (the export test), Chromium's headless shell (the browser tests). The
/// missing ones in one apt-get run: the lanes' own installs, side by side, found dpkg locked.
/// Where they cannot be installed here, the stage that needs one says so.
pub fn test_tools() -> Result<(), String> {
    let mut missing: Vec<&str> = Vec::new();
    if !tex_present() {
        missing.extend(TEX_PACKAGES);
    }
    if !Path::new(HEADLESS_CHROMIUM).exists() {
        missing.push("chromium-headless-shell");
    }
    if missing.is_empty() {
        println!("setup: TeX Live, poppler-utils and chromium-headless-shell ok");
        return Ok(());
    }
    if !util::is_root() {
        println!("setup: not root, so {} stay missing: the stages that need them say so", missing.join(" "));
        return Ok(());
    }
    println!("setup: installing Debian's {} for the tests", missing.join(" "));
    if let Err(e) = apt_install(&missing) {
        println!("setup: {e}; the stages that need them try again and say what is missing");
    }
    Ok(())
}

/// A Debian package that provides `bin`, installed with apt-get when `bin` is missing.
fn debian_browser(bin: &str, package: &str, what: &str) -> Result<(), String> {
    if Path::new(bin).exists() {
        println!("setup: {package} ok ({bin})");
        return Ok(());
    }
    if !util::is_root() {
        return Err(format!(
            "{what} need {bin}, and only root can install it here: \
             run `sudo apt-get update && sudo apt-get install -y --no-install-recommends {package}`"
        ));
    }
    println!("setup: {bin} is missing: installing Debian's {package}");
    apt_install(&[package])?;
    if Path::new(bin).exists() {
        Ok(())
    } else {
        Err(format!("apt-get installed {package}, but {bin} is still missing"))
    }
}

/// Debian's Chromium headless shell, for the browser tests and the browser benchmarks: the
/// same Blink and V8 as Debian's chromium of the same version, without the rest of the
/// browser, so a fifth less CPU over the browser tests (on 2 cores, half a minute of CI).
/// Returns the browser to run: the shell, or Debian's chromium where the shell cannot be
/// installed but chromium is there (the same tests pass in both).
pub fn headless_chromium() -> Result<&'static str, String> {
    match debian_browser(HEADLESS_CHROMIUM, "chromium-headless-shell", "the browser tests") {
        Ok(()) => Ok(HEADLESS_CHROMIUM),
        Err(e) if Path::new(CHROMIUM).exists() => {
            println!("setup: {e}; the browser tests run {CHROMIUM} instead");
            Ok(CHROMIUM)
        }
        Err(e) => Err(e),
    }
}

/// Debian's chromium, the whole browser: Lighthouse runs it (`cargo xtask bench --lighthouse`).
pub fn chromium() -> Result<(), String> {
    debian_browser(CHROMIUM, "chromium", "the Lighthouse runs")
}

/// Where the export test expects pdflatex (Debian's package puts it there).
pub const PDFLATEX: &str = "/usr/bin/pdflatex";
/// Where it expects pdftoppm.
pub const PDFTOPPM: &str = "/usr/bin/pdftoppm";

/// Where the Beamer export test expects Beamer's class (in texlive-latex-recommended).
pub const BEAMER_CLS: &str = "/usr/share/texlive/texmf-dist/tex/latex/beamer/beamer.cls";

/// The Debian packages behind them: pdflatex with the LaTeX base, PGF/TikZ and Beamer, and
/// pdftoppm. Not `texlive-latex-extra` (about 80 MB more): the exported `.tex` crops its page
/// without the `standalone` class.
pub const TEX_PACKAGES: &[&str] =
    &["texlive-latex-base", "texlive-pictures", "texlive-latex-recommended", "poppler-utils"];

/// Debian's TeX Live and poppler-utils via apt-get when pdflatex or pdftoppm is missing
/// (about half a minute). Only the native tests need them: the CLI's export test compiles
/// every lesson figure with pdflatex and looks at the page with pdftoppm.
pub fn texlive() -> Result<(), String> {
    if tex_present() {
        println!("setup: pdflatex, Beamer and pdftoppm ok ({PDFLATEX}, {PDFTOPPM})");
        return Ok(());
    }
    let list = TEX_PACKAGES.join(" ");
    if !util::is_root() {
        return Err(format!(
            "the export test needs {PDFLATEX} and {PDFTOPPM}, and only root can install them here: \
             run `sudo apt-get update && sudo apt-get install -y --no-install-recommends {list}`"
        ));
    }
    println!("setup: pdflatex or pdftoppm is missing: installing Debian's {list} (about half a minute)");
    apt_install(TEX_PACKAGES)?;
    if tex_present() {
        Ok(())
    } else {
        Err(format!("apt-get installed {list}, but {PDFLATEX}, {PDFTOPPM} or {BEAMER_CLS} is still missing"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LOCK: &str = r#"
version = 4

[[package]]
name = "wasm-bindgen-macro"
version = "0.2.999"

[[package]]
name = "wasm-bindgen"
version = "0.2.130"
source = "registry+https://github.com/rust-lang/crates.io-index"
dependencies = [
 "cfg-if",
]
"#;

    #[test]
    fn locked_version_matches_the_exact_package_name() {
        assert_eq!(locked_version(LOCK, "wasm-bindgen").as_deref(), Some("0.2.130"));
        assert_eq!(locked_version(LOCK, "wasm-bindgen-macro").as_deref(), Some("0.2.999"));
        assert_eq!(locked_version(LOCK, "js-sys"), None);
    }

    #[test]
    fn the_workspace_lock_pins_the_wasm_bindgen_of_the_wasm_crate() {
        let manifest = std::fs::read_to_string(root().join("crates/plyground-wasm/Cargo.toml")).unwrap();
        let v = wasm_bindgen_version().unwrap();
        assert!(manifest.contains(&format!("wasm-bindgen = \"={v}\"")), "Cargo.lock has wasm-bindgen {v}");
    }
}
