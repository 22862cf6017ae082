//! The wasm pipeline: cargo (release, wasm32) → wasm-bindgen (`--target web`) → the stack
//! guard spliced into the glue (`guard.rs`) → wasm-opt
//! (npm's binaryen, never a system one) → a load check in Node → sizes.

use crate::setup::{self, WASM_TARGET};
use crate::util::{self, command, human_size, root, run};
use std::path::{Path, PathBuf};

/// The crate compiled to wasm, and the name of its outputs.
pub const WASM_CRATE: &str = "plyground-wasm";
const OUT_NAME: &str = "plyground_wasm";

/// The full API (`www/pkg/`, the `full` feature: every export, the benchmark workloads too):
/// what the Node tests, the stack sweep and the benchmarks load; no page does. Built in the
/// test profile ([`FullBuild`]) except for the benchmarks' figures.
pub fn pkg_dir() -> PathBuf {
    root().join("www/pkg")
}

/// How the full module (`www/pkg/`) is built. Nothing ships it, so the tests take the test
/// profile's build: the wasm tests (`cargo test --target wasm32 --features full`) have already
/// compiled every crate of it, so it costs a link instead of a minute and a half of LTO and
/// wasm-opt. The benchmarks time wasm against native release code, so they take a release
/// build, optimised as the page modules are (a smoke pass, whose figures are never read, takes
/// the test build as it takes the CLI's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FullBuild {
    /// `cargo build --profile test`, no wasm-opt.
    Test,
    /// `cargo build --release`, then `wasm-opt -O3 --low-memory-unused`.
    Release,
}

/// Set-up, then the build: the package, then the minified site made from www/ and it.
pub fn setup_and_build() -> Result<(), String> {
    let start = std::time::Instant::now();
    setup::all()?;
    build_pkg()?;
    crate::site::build_site()?;
    println!("build: done in {}", util::human_duration(start.elapsed()));
    Ok(())
}

/// [`build_modules`] with the full module for tests ([`FullBuild::Test`]).
pub fn build_pkg() -> Result<(), String> {
    build_modules(FullBuild::Test)
}

/// One module to build: its features (without the default ones when `no_default`), its
/// folder, its cargo profile and its wasm-opt passes (None: no wasm-opt).
struct Module {
    features: &'static [&'static str],
    no_default: bool,
    dir: PathBuf,
    release: bool,
    /// None: no wasm-opt; Some(converge): `-O3 --low-memory-unused`, to convergence or not.
    wasm_opt: Option<bool>,
}

/// Builds the two modules the pages load (www/pkg-tree/, www/pkg-games/), the lab module
/// (www/pkg-practice/) and www/pkg (the full API, for tests and benchmarks, as `full` says)
/// from the wasm crate (assumes the set-up is done).
///
/// The cargo builds run one after the other, the full module last: in `cargo xtask test` the
/// wasm tests, in the other lane, build the same crates in the test profile meanwhile. Each
/// module's wasm-opt, load check and sizes run on a thread beside the next build, at most two
/// at a time (the machines have 2 cores; wasm-opt runs mostly on one). Each module's sizes
/// are printed together, in order.
pub fn build_modules(full: FullBuild) -> Result<(), String> {
    // Only the page modules, whose bytes every visit downloads, run wasm-opt to convergence
    // (see [`finish`]).
    let module = |features, no_default, dir, release, wasm_opt| Module {
        features,
        no_default,
        dir,
        release,
        wasm_opt,
    };
    let full = match full {
        FullBuild::Test => module(&["full"], false, pkg_dir(), false, None),
        FullBuild::Release => module(&["full"], false, pkg_dir(), true, Some(false)),
    };
    let modules = [
        module(&["trees"], true, tree_pkg_dir(), true, Some(true)),
        module(&["games"], true, games_pkg_dir(), true, Some(true)),
        module(&["lab"], true, practice_pkg_dir(), true, Some(false)),
        full,
    ];
    std::thread::scope(|scope| {
        let mut pending = std::collections::VecDeque::new();
        let report = |h: std::thread::ScopedJoinHandle<'_, Result<String, String>>| {
            print!("{}", h.join().map_err(|_| "a wasm-opt thread panicked".to_string())??);
            Ok::<(), String>(())
        };
        for m in &modules {
            let built = match compile(m) {
                Ok(Compile::Built(b)) => b,
                Ok(Compile::UpToDate(text)) => {
                    // In order: after the modules still being optimised.
                    pending.push_back(scope.spawn(move || Ok(text)));
                    continue;
                }
                Err(e) => {
                    // Let the modules already compiled finish before reporting.
                    for h in pending {
                        let _ = report(h);
                    }
                    return Err(e);
                }
            };
            if pending.len() == 2 {
                report(pending.pop_front().unwrap())?;
            }
            pending.push_back(scope.spawn(move || finish(&m.dir, built, m.wasm_opt)));
        }
        pending.into_iter().try_for_each(report)
    })
}

/// The tree module (`www/pkg-tree/`, the wasm crate's `trees` feature alone): explicit trees
/// (`GameTree`, `searchTree`, `Stepper.forTree`, `MctsStepper.forTree`), `ucb1`, `limits`.
/// A figure of an explicit tree loads it (www/elements/runtime.js, `loadApi('tree')`).
pub fn tree_pkg_dir() -> PathBuf {
    root().join("www/pkg-tree")
}

/// The games module (`www/pkg-games/`, the `games` feature alone): tic-tac-toe and Connect-4
/// (`Game`, `Engine` and its catalogue, `searchGame`, `solveGame`, the exact solver,
/// `Stepper.forGame`, `MctsStepper.forGame`), `ucb1`, `limits`.
pub fn games_pkg_dir() -> PathBuf {
    root().join("www/pkg-games")
}

/// The lab module (`www/pkg-practice/`, the `lab` feature): the tree module plus `Practice`,
/// `exportTikz`, the text forms and the editor. Only the practice figure, the tree lab's
/// caption, forms and editor and the TikZ export load it (www/lib/practice-module.js), so
/// that every other page keeps the small module.
pub fn practice_pkg_dir() -> PathBuf {
    root().join("www/pkg-practice")
}

/// What [`compile`] leaves for [`finish`]: the sizes of cargo's module and wasm-bindgen's,
/// and the stamp's fields but the outputs' (written once the package is done).
struct Compiled {
    cargo_size: u64,
    bindgen_size: u64,
    fields: Vec<(&'static str, String)>,
}

/// What [`compile`] did: the module to finish, or nothing (its stamp says the package was
/// made from the same inputs and holds the files it wrote), with the lines to print.
enum Compile {
    Built(Compiled),
    UpToDate(String),
}

/// The wasm-opt passes of every module, and the flag the page modules add (see [`finish`]
/// for why these).
const WASM_OPT_FLAGS: [&str; 2] = ["-O3", "--low-memory-unused"];
const CONVERGE: &str = "--converge";

/// The package's files that wasm-bindgen and wasm-opt write, under [`OUT_NAME`].
const OUTPUTS: [&str; 3] = ["_bg.wasm", ".js", ".d.ts"];

/// A 64-bit FNV-1a digest of several byte strings (each with its length, so that no two
/// different lists run together into the same bytes). Not cryptographic: it tells an
/// unchanged input from a changed one, which is all the stamp needs.
pub fn digest<'a>(parts: impl IntoIterator<Item = &'a [u8]>) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    let mut eat = |bytes: &[u8]| {
        for &b in bytes {
            h ^= u64::from(b);
            h = h.wrapping_mul(0x0000_0100_0000_01b3);
        }
    };
    for p in parts {
        eat(&(p.len() as u64).to_le_bytes());
        eat(p);
    }
    format!("{h:016x}")
}

/// Where a stamp is kept: `<target dir>/stamps/<name>.stamp` (for a package, its folder's
/// name: `pkg`, `pkg-tree`, `bench-pkg`…; for the site, `site`).
fn stamp_file(name: &str) -> PathBuf {
    util::target_dir().join("stamps").join(format!("{name}.stamp"))
}

/// A package's stamp name: its folder's name.
fn stamp_name(pkg: &Path) -> String {
    pkg.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default()
}

/// A stamp's text: one `key value` line per field, a blank line, then the lines the build
/// printed (sizes), printed again when nothing is rebuilt.
pub fn stamp_text(fields: &[(&str, &str)], report: &str) -> String {
    let mut s: String = fields.iter().map(|(k, v)| format!("{k} {v}\n")).collect();
    s.push('\n');
    s.push_str(report);
    s
}

/// The report a stamp holds when every field of `want` is in it with that value (a `None`
/// value — an output that cannot be read — never matches); otherwise None (rebuild).
pub fn up_to_date(stamp: Option<&str>, want: &[(&str, Option<&str>)]) -> Option<String> {
    let (head, report) = stamp?.split_once("\n\n")?;
    let field = |key: &str| head.lines().find_map(|l| l.strip_prefix(key)?.strip_prefix(' '));
    want.iter().all(|(k, v)| v.is_some() && field(k) == *v).then(|| report.to_string())
}

/// A field of a stamp, or None.
fn stamp_field<'a>(stamp: &'a str, key: &str) -> Option<&'a str> {
    let (head, _) = stamp.split_once("\n\n")?;
    head.lines().find_map(|l| l.strip_prefix(key)?.strip_prefix(' '))
}

/// The files a make-style dependency file (cargo's `<artifact>.d`) lists after its target,
/// with `\ ` read as a space.
pub fn dep_info_files(text: &str) -> Vec<String> {
    let mut files = Vec::new();
    for line in text.lines() {
        let Some((_, deps)) = line.split_once(": ") else { continue };
        let mut cur = String::new();
        let mut chars = deps.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '\\' if chars.peek() == Some(&' ') => cur.push(chars.next().unwrap_or(' ')),
                ' ' => {
                    if !cur.is_empty() {
                        files.push(std::mem::take(&mut cur));
                    }
                }
                c => cur.push(c),
            }
        }
        if !cur.is_empty() {
            files.push(cur);
        }
    }
    files.sort();
    files.dedup();
    files
}

/// The digest of what makes the package once cargo's module is there: wasm-bindgen's and
/// binaryen's versions, the guard (its code and the code splicing it in), the declarations'
/// fix-up (`dts.rs`), the function sizes kept for `cargo xtask size` (`symbols.rs`), the
/// wasm-opt passes.
fn tools_digest() -> Result<String, String> {
    let bindgen =
        util::output(command("wasm-bindgen").arg("--version")).ok_or("`wasm-bindgen --version` failed")?;
    let binaryen = root().join("node_modules/binaryen/package.json");
    let binaryen =
        std::fs::read(&binaryen).map_err(|e| format!("cannot read {}: {e}", binaryen.display()))?;
    let flags = format!("{} / {CONVERGE}", WASM_OPT_FLAGS.join(" "));
    Ok(digest([
        bindgen.as_bytes(),
        &binaryen,
        include_str!("guard.js").as_bytes(),
        include_str!("guard.rs").as_bytes(),
        include_str!("dts.rs").as_bytes(),
        include_str!("symbols.rs").as_bytes(),
        flags.as_bytes(),
    ]))
}

/// The digest of what cargo makes the module from, so that cargo need not run (it relinks
/// the module, a minute with LTO, whenever the previous build had other features): the
/// source files its dependency file listed, the manifests, the lock file, the toolchain,
/// the flags from the environment, the features. None when a file cannot be read.
fn sources_digest(files: &[&str], features: &str, tools: &str) -> Option<String> {
    let r = root();
    let mut parts: Vec<Vec<u8>> = Vec::new();
    for f in files {
        parts.push(f.as_bytes().to_vec());
        parts.push(std::fs::read(f).ok()?);
    }
    for f in ["Cargo.toml", "Cargo.lock", "rust-toolchain.toml", ".cargo/config.toml"] {
        parts.push(f.as_bytes().to_vec());
        parts.push(std::fs::read(r.join(f)).unwrap_or_default());
    }
    for f in ["crates/plyground/Cargo.toml", &format!("crates/{WASM_CRATE}/Cargo.toml")] {
        parts.push(std::fs::read(r.join(f)).ok()?);
    }
    for v in ["RUSTFLAGS", "CARGO_ENCODED_RUSTFLAGS", "CARGO_BUILD_RUSTFLAGS", "CARGO_PROFILE_RELEASE_LTO"] {
        parts.push(std::env::var(v).unwrap_or_default().into_bytes());
    }
    parts.push(util::output(command("rustc").arg("-V"))?.into_bytes());
    parts.push(features.as_bytes().to_vec());
    parts.push(tools.as_bytes().to_vec());
    Some(digest(parts.iter().map(Vec::as_slice)))
}

/// The digest of every file under `dir` (their paths relative to it and their bytes, in
/// sorted order), or None when it cannot be read. What [`digest`] says of it, for a folder.
pub fn dir_digest(dir: &Path) -> Option<String> {
    fn walk(dir: &Path, base: &Path, files: &mut Vec<(String, PathBuf)>) -> std::io::Result<()> {
        for e in std::fs::read_dir(dir)? {
            let p = e?.path();
            if p.is_dir() {
                walk(&p, base, files)?;
            } else {
                let rel = p.strip_prefix(base).unwrap_or(&p).to_string_lossy().replace('\\', "/");
                files.push((rel, p));
            }
        }
        Ok(())
    }
    let mut files = Vec::new();
    walk(dir, dir, &mut files).ok()?;
    files.sort();
    let mut parts: Vec<Vec<u8>> = Vec::with_capacity(2 * files.len());
    for (rel, p) in files {
        parts.push(rel.into_bytes());
        parts.push(std::fs::read(p).ok()?);
    }
    Some(digest(parts.iter().map(Vec::as_slice)))
}

/// Reads a stamp (None when there is none).
pub fn read_stamp(name: &str) -> Option<String> {
    std::fs::read_to_string(stamp_file(name)).ok()
}

/// Writes a stamp (see [`stamp_text`]).
pub fn write_stamp(name: &str, fields: &[(&str, &str)], report: &str) -> Result<(), String> {
    let stamp = stamp_file(name);
    if let Some(dir) = stamp.parent() {
        std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(&stamp, stamp_text(fields, report))
        .map_err(|e| format!("cannot write {}: {e}", stamp.display()))
}

/// The digest of a package's files, or None when one is missing.
fn outputs_digest(pkg: &Path) -> Option<String> {
    let files: Vec<Vec<u8>> = OUTPUTS
        .iter()
        .map(|ext| std::fs::read(pkg.join(format!("{OUT_NAME}{ext}"))))
        .collect::<Result<_, _>>()
        .ok()?;
    Some(digest(files.iter().map(Vec::as_slice)))
}

/// cargo (with or without the crate's default features, in its profile) → wasm-bindgen →
/// the guard spliced into the glue, into the module's folder.
fn compile(m: &Module) -> Result<Compile, String> {
    let pkg = m.dir.as_path();
    let name = pkg.strip_prefix(root()).unwrap_or(pkg).display().to_string();
    let (profile, profile_dir) = if m.release { ("release", "release") } else { ("test", "debug") };
    let features_key = format!(
        "{}{} profile {profile} wasm-opt {:?}",
        m.features.join(","),
        if m.no_default { " no-default-features" } else { "" },
        m.wasm_opt
    );
    let tools = tools_digest()?;
    let stamp = read_stamp(&stamp_name(pkg));
    let outputs = outputs_digest(pkg);
    // Cargo not even run: the sources it built the module from are the same.
    if let Some(st) = &stamp {
        let files: Vec<&str> =
            stamp_field(st, "source-files").map(|f| f.split('\t').collect()).unwrap_or_default();
        let sources = sources_digest(&files, &features_key, &tools);
        let want = [("sources", sources.as_deref()), ("outputs", outputs.as_deref())];
        if !files.is_empty() {
            if let Some(report) = up_to_date(Some(st), &want) {
                return Ok(Compile::UpToDate(format!(
                    "{name}: up to date (same sources, features and tools: nothing run)\n{report}"
                )));
            }
        }
    }

    let mut cargo = util::cargo();
    cargo.args(["build", "--profile", profile, "--target", WASM_TARGET, "-p", WASM_CRATE]);
    if m.no_default {
        cargo.arg("--no-default-features");
    }
    if !m.features.is_empty() {
        cargo.args(["--features", &m.features.join(",")]);
    }
    run(&mut cargo)?;
    let cargo_wasm = util::target_dir().join(WASM_TARGET).join(profile_dir).join(format!("{OUT_NAME}.wasm"));
    if !cargo_wasm.is_file() {
        return Err(format!("cargo did not produce {}", cargo_wasm.display()));
    }
    let cargo_bytes =
        std::fs::read(&cargo_wasm).map_err(|e| format!("cannot read {}: {e}", cargo_wasm.display()))?;
    // Its functions' sizes, by name, for `cargo xtask size` (the shipped module has no names).
    crate::symbols::save_functions(pkg, &cargo_bytes)?;
    let dep_info = cargo_wasm.with_extension("d");
    let files = dep_info_files(&std::fs::read_to_string(&dep_info).unwrap_or_default());
    let file_refs: Vec<&str> = files.iter().map(String::as_str).collect();
    let sources = sources_digest(&file_refs, &features_key, &tools).unwrap_or_default();
    let inputs = digest([cargo_bytes.as_slice(), features_key.as_bytes(), tools.as_bytes()]);
    let fields = vec![("inputs", inputs), ("sources", sources), ("source-files", files.join("\t"))];
    // Cargo ran (and relinked), but made the same module: the package stands.
    if let (Some(st), Some(out)) = (&stamp, &outputs) {
        if let Some(report) = up_to_date(Some(st), &[("inputs", Some(&fields[0].1)), ("outputs", Some(out))])
        {
            let mut all: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
            all.push(("outputs", out));
            write_stamp(&stamp_name(pkg), &all, &report)?;
            return Ok(Compile::UpToDate(format!(
                "{name}: up to date (cargo made the same module)\n{report}"
            )));
        }
    }

    if pkg.exists() {
        std::fs::remove_dir_all(pkg).map_err(|e| format!("cannot clear {}: {e}", pkg.display()))?;
    }
    run(command("wasm-bindgen")
        .args(["--target", "web", "--out-dir"])
        .arg(pkg)
        .args(["--out-name", OUT_NAME, "--remove-name-section", "--remove-producers-section"])
        .arg(&cargo_wasm))?;

    let wasm = pkg.join(format!("{OUT_NAME}_bg.wasm"));
    let glue = pkg.join(format!("{OUT_NAME}.js"));
    // The guard that keeps the module working after an error thrown inside a call.
    let text = std::fs::read_to_string(&glue).map_err(|e| format!("cannot read {}: {e}", glue.display()))?;
    std::fs::write(&glue, crate::guard::patch_glue(&text)?)
        .map_err(|e| format!("cannot write {}: {e}", glue.display()))?;
    let dts = pkg.join(format!("{OUT_NAME}.d.ts"));
    let text = std::fs::read_to_string(&dts).map_err(|e| format!("cannot read {}: {e}", dts.display()))?;
    std::fs::write(&dts, crate::dts::unescape_doc_comments(&text))
        .map_err(|e| format!("cannot write {}: {e}", dts.display()))?;
    Ok(Compile::Built(Compiled {
        cargo_size: cargo_bytes.len() as u64,
        bindgen_size: file_size(&wasm)?,
        fields,
    }))
}

/// wasm-opt (`Some(converge)`; None: none) → load check → the sizes of `pkg`'s files,
/// returned as the lines to print.
fn finish(pkg: &Path, built: Compiled, wasm_opt: Option<bool>) -> Result<String, String> {
    let wasm = pkg.join(format!("{OUT_NAME}_bg.wasm"));
    let glue = pkg.join(format!("{OUT_NAME}.js"));
    if let Some(converge) = wasm_opt {
        optimise(pkg, &wasm, converge)?;
    }
    load_check(&glue, &wasm)?;

    let dts = pkg.join(format!("{OUT_NAME}.d.ts"));
    if !dts.is_file() {
        return Err(format!("wasm-bindgen did not write the TypeScript declarations {}", dts.display()));
    }
    let mut out = format!(
        "sizes of {} (cargo {}, after wasm-bindgen {}{}):\n",
        pkg.strip_prefix(root()).unwrap_or(pkg).display(),
        human_size(built.cargo_size),
        human_size(built.bindgen_size),
        match wasm_opt {
            Some(true) => ", after wasm-opt -O3 --converge",
            Some(false) => ", after wasm-opt -O3",
            None => "; the test profile's build, no wasm-opt",
        }
    );
    for s in sizes_in(pkg)? {
        out.push_str(&format!("  {}\n", s.line()));
    }
    // The stamp last, once the package is complete and checked.
    let outputs = outputs_digest(pkg).ok_or_else(|| format!("{} lost a file", pkg.display()))?;
    let mut fields: Vec<(&str, &str)> = built.fields.iter().map(|(k, v)| (*k, v.as_str())).collect();
    fields.push(("outputs", &outputs));
    write_stamp(&stamp_name(pkg), &fields, &out)?;
    Ok(out)
}

/// `wasm-opt` on `wasm`, in place.
fn optimise(pkg: &Path, wasm: &Path, converge: bool) -> Result<(), String> {
    // By path: a `wasm-opt` found on PATH may be Debian's, whose output does not load.
    let wasm_opt = root().join("node_modules/.bin/wasm-opt");
    if !wasm_opt.exists() {
        return Err(format!("{} is missing: run `npm ci`", wasm_opt.display()));
    }
    let optimised = pkg.join(format!("{OUT_NAME}_bg.opt.wasm"));
    // -O3, not -Oz: -Oz makes the searches 15–20% slower in V8 (tic-tac-toe minimax, Connect-4
    // playouts) for a module less than 1% smaller once gzipped. --low-memory-unused (1 KiB
    // smaller gzipped, as fast): Rust lays the 1 MiB stack out first, growing down towards
    // address 0, so the lowest KiB is only ever reached by a stack overflow, which is fatal
    // anyway (Emscripten's builds assume the same). --converge: the passes again until nothing
    // changes (0.2% smaller gzipped, same speed), for the page modules only: on the lab and
    // full modules it more than doubles the time for a few hundred bytes.
    let mut opt = command(&wasm_opt);
    opt.args(WASM_OPT_FLAGS).args(converge.then_some(CONVERGE));
    run(opt.arg(wasm).arg("-o").arg(&optimised))?;
    std::fs::rename(&optimised, wasm).map_err(|e| format!("cannot move {}: {e}", optimised.display()))
}

/// The size of one shipped file: raw, gzip -9 and brotli (max quality).
pub struct Size {
    pub name: String,
    pub raw: u64,
    pub gzip: u64,
    pub brotli: u64,
}

impl Size {
    /// `plyground_wasm_bg.wasm  462.2 KiB  gzip 185.0 KiB  brotli 150.2 KiB`
    pub fn line(&self) -> String {
        format!(
            "{:<24} {:>10}  gzip {:>10}  brotli {:>10}",
            self.name,
            human_size(self.raw),
            human_size(self.gzip),
            human_size(self.brotli)
        )
    }
}

/// The sizes of the shipped package's module, JavaScript glue and TypeScript declarations.
pub fn package_sizes() -> Result<Vec<Size>, String> {
    sizes_in(&pkg_dir())
}

fn sizes_in(pkg: &Path) -> Result<Vec<Size>, String> {
    let files: Vec<PathBuf> = OUTPUTS.iter().map(|ext| pkg.join(format!("{OUT_NAME}{ext}"))).collect();
    let refs: Vec<&Path> = files.iter().map(PathBuf::as_path).collect();
    let compressed = compressed_sizes(&refs)?;
    files
        .iter()
        .zip(compressed)
        .map(|(f, (gzip, brotli))| {
            Ok(Size {
                name: f.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default(),
                raw: file_size(f)?,
                gzip,
                brotli,
            })
        })
        .collect()
}

fn file_size(p: &Path) -> Result<u64, String> {
    std::fs::metadata(p).map(|m| m.len()).map_err(|e| format!("cannot stat {}: {e}", p.display()))
}

/// Instantiates the module through its glue in Node and plays a move: a broken optimiser (or
/// glue patch) can exit 0 and still produce a module that fails at instantiation.
fn load_check(glue: &Path, wasm: &Path) -> Result<(), String> {
    const SCRIPT: &str = r#"
const [glue, wasm] = process.argv.slice(1);
const { readFileSync } = await import('node:fs');
const { pathToFileURL } = await import('node:url');
const api = await import(pathToFileURL(glue).href);
api.initSync({ module: readFileSync(wasm) });
if (api.Game) {
  const game = api.Game.create('ttt', '4');
  const r = api.searchGame(game, { algo: 'alphabeta' });
  if (game.cells() !== '....X....' || r.value !== 0 || typeof r.best !== 'number') {
    throw new Error(`unexpected answer from the module: ${game.cells()} ${JSON.stringify(r)}`);
  }
  console.log(`load check: the module instantiates in Node; after X on 4, alpha-beta answers ${r.best} (value ${r.value}, ${r.stats.nodes} nodes)`);
}
if (api.GameTree) {
  // The tree module (and the full one): the lessons' figure 5.2 is worth 3.
  const r = api.searchTree(api.GameTree.parse('[[3,12,8],[2,4,6],[14,5,2]]'), { algo: 'alphabeta' });
  if (r.value !== 3 || r.best !== 0) throw new Error(`unexpected answer from the module: ${JSON.stringify(r)}`);
  console.log(`load check: the module instantiates in Node; figure 5.2's α-β value is ${r.value} (${r.stats.nodes} nodes)`);
}
if (!api.Game && !api.GameTree) throw new Error('the module has neither Game nor GameTree');
"#;
    run(command("node").args(["--input-type=module", "-e", SCRIPT]).arg(glue).arg(wasm))
        .map_err(|e| format!("the module does not load: {e}"))
}

/// gzip -9 and brotli (quality 11) sizes, measured with Node's zlib (Node is needed anyway;
/// no extra tool).
pub fn compressed_sizes(files: &[&Path]) -> Result<Vec<(u64, u64)>, String> {
    const SCRIPT: &str = "const z = require('zlib'), fs = require('fs');\
        for (const f of process.argv.slice(1)) { const d = fs.readFileSync(f);\
        console.log(z.gzipSync(d, { level: 9 }).length, z.brotliCompressSync(d).length); }";
    let out = util::output(command("node").arg("-e").arg(SCRIPT).args(files))
        .ok_or("could not measure compressed sizes with node")?;
    out.lines()
        .map(|l| {
            let mut it = l.split_whitespace().map(|x| x.parse::<u64>());
            match (it.next(), it.next()) {
                (Some(Ok(g)), Some(Ok(b))) => Ok((g, b)),
                _ => Err(format!("bad compressed sizes '{l}'")),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_digest_tells_every_change_apart() {
        let d = |parts: &[&[u8]]| digest(parts.iter().copied());
        // FNV-1a of nothing: its offset basis.
        assert_eq!(d(&[]), "cbf29ce484222325");
        assert_eq!(d(&[b"module", b"trees"]), d(&[b"module", b"trees"]));
        assert_ne!(d(&[b"module", b"trees"]), d(&[b"module", b"games"]));
        assert_ne!(d(&[b"module", b"trees"]), d(&[b"modul", b"etrees"]));
        assert_ne!(d(&[b"ab"]), d(&[b"ba"]));
    }

    #[test]
    fn nothing_is_rebuilt_only_when_inputs_and_outputs_are_unchanged() {
        let stamp =
            stamp_text(&[("inputs", "aaaa"), ("outputs", "bbbb")], "sizes of www/pkg:\n  x.wasm 1 KiB\n");
        assert_eq!(stamp, "inputs aaaa\noutputs bbbb\n\nsizes of www/pkg:\n  x.wasm 1 KiB\n");
        let same = [("inputs", Some("aaaa")), ("outputs", Some("bbbb"))];
        assert_eq!(up_to_date(Some(&stamp), &same).as_deref(), Some("sizes of www/pkg:\n  x.wasm 1 KiB\n"));
        // Another cargo module, feature set, tool version or pass list.
        assert_eq!(up_to_date(Some(&stamp), &[("inputs", Some("aaab")), ("outputs", Some("bbbb"))]), None);
        // The package was changed or lost a file since.
        assert_eq!(up_to_date(Some(&stamp), &[("inputs", Some("aaaa")), ("outputs", Some("bbbc"))]), None);
        assert_eq!(up_to_date(Some(&stamp), &[("inputs", Some("aaaa")), ("outputs", None)]), None);
        // A field the stamp does not have (an older stamp), no stamp, one of another form.
        assert_eq!(up_to_date(Some(&stamp), &[("sources", Some("cccc"))]), None);
        assert_eq!(up_to_date(None, &same), None);
        assert_eq!(up_to_date(Some("aaaa\nbbbb\n"), &same), None);
        assert_eq!(stamp_field(&stamp, "outputs"), Some("bbbb"));
        assert_eq!(stamp_field(&stamp, "output"), None);
    }

    #[test]
    fn cargo_dependency_files_list_the_sources() {
        let d = "/t/release/x.wasm: /r/src/lib.rs /r/src/a\\ b.rs\n\n/r/src/lib.rs:\n/t/release/x.wasm: /r/src/lib.rs\n";
        assert_eq!(dep_info_files(d), vec!["/r/src/a b.rs".to_string(), "/r/src/lib.rs".to_string()]);
        assert!(dep_info_files("").is_empty());
    }

    #[test]
    fn a_folder_digest_covers_names_and_contents() {
        let dir = std::env::temp_dir().join(format!("xtask-dir-digest-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("sub")).unwrap();
        std::fs::write(dir.join("a.js"), "a").unwrap();
        std::fs::write(dir.join("sub/b.css"), "b").unwrap();
        let first = dir_digest(&dir).unwrap();
        assert_eq!(dir_digest(&dir).unwrap(), first);
        std::fs::write(dir.join("sub/b.css"), "c").unwrap();
        let changed = dir_digest(&dir).unwrap();
        assert_ne!(changed, first);
        std::fs::rename(dir.join("sub/b.css"), dir.join("sub/c.css")).unwrap();
        assert_ne!(dir_digest(&dir).unwrap(), changed);
        std::fs::remove_dir_all(&dir).unwrap();
        assert_eq!(dir_digest(&dir), None);
    }
}
