//! The wasm pipeline: cargo (release, wasm32) → wasm-bindgen (`--target web`) → the stack
//! guard spliced into the glue (`guard.rs`) → wasm-opt
//! (npm's binaryen, never a system one) → a load check in Node → sizes.

use crate::setup::{self, WASM_TARGET};
use crate::util::{self, command, human_size, root, run};
use std::path::{Path, PathBuf};

/// The crate compiled to wasm, and the name of its outputs.
pub const WASM_CRATE: &str = "plyground-wasm";
const OUT_NAME: &str = "plyground_wasm";

/// The full API (`www/pkg/`: trees, games, practice and `exportSvg`): what the Node tests and
/// the stack sweep load. No page loads it (each loads the module of its figure's kind).
pub fn pkg_dir() -> PathBuf {
    root().join("www/pkg")
}

/// Set-up, then the build: the package, then the minified site made from www/ and it.
pub fn setup_and_build() -> Result<(), String> {
    setup::all()?;
    build_pkg()?;
    crate::site::build_site()
}

/// Builds www/pkg (the full API, for tests), the two modules the pages load (www/pkg-tree/,
/// www/pkg-games/) and the practice module from the wasm crate (assumes the set-up is done).
///
/// The cargo builds run one after the other (one target directory); each module's wasm-opt,
/// load check and sizes run on a thread beside the next build, at most two at a time (the
/// machines have 2 cores; wasm-opt `-O3 --converge` takes most of a minute on the full
/// module, mostly on one core). Each module's sizes are printed together, in order.
pub fn build_pkg() -> Result<(), String> {
    let modules: [(&[&str], bool, PathBuf); 4] = [
        (&["practice", "svg", "analyze"], false, pkg_dir()),
        (&["trees"], true, tree_pkg_dir()),
        (&["games"], true, games_pkg_dir()),
        (&["trees", "practice"], true, practice_pkg_dir()),
    ];
    std::thread::scope(|scope| {
        let mut pending = std::collections::VecDeque::new();
        let report = |h: std::thread::ScopedJoinHandle<'_, Result<String, String>>| {
            print!("{}", h.join().map_err(|_| "a wasm-opt thread panicked".to_string())??);
            Ok::<(), String>(())
        };
        for (features, no_default, pkg) in &modules {
            let built = compile(features, *no_default, pkg);
            let built = match built {
                Ok(b) => b,
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
            pending.push_back(scope.spawn(move || finish(pkg, built)));
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

/// The practice module (`www/pkg-practice/`): the tree module plus `Practice` and
/// `exportTikz` (the `practice` feature, about 90 KiB gzipped of exercises, grading and rule
/// texts). Only the practice figure, the tree lab's caption and the TikZ export load it
/// (www/lib/practice-module.js), so that every other page keeps the small module.
pub fn practice_pkg_dir() -> PathBuf {
    root().join("www/pkg-practice")
}

/// Where `cargo xtask bench` puts its module: the shipped one plus the benchmark exports.
pub fn bench_pkg_dir() -> PathBuf {
    util::target_dir().join("bench-pkg")
}

/// The module with the `bench` feature (the workloads `bench/wasm.mjs` times) into
/// [`bench_pkg_dir`]: the same core, profile, wasm-bindgen and wasm-opt passes as the
/// shipped module, which leaves the benchmark exports out (they cost 3 KiB gzipped).
pub fn build_bench_pkg() -> Result<(), String> {
    build_module(&["bench"], &bench_pkg_dir())
}

/// cargo → wasm-bindgen → wasm-opt → load check, into `pkg`.
fn build_module(features: &[&str], pkg: &Path) -> Result<(), String> {
    let built = compile(features, false, pkg)?;
    print!("{}", finish(pkg, built)?);
    Ok(())
}

/// What [`compile`] leaves for [`finish`]: the sizes of cargo's module and wasm-bindgen's.
struct Compiled {
    cargo_size: u64,
    bindgen_size: u64,
}

/// cargo (with or without the crate's default features) → wasm-bindgen → the guard spliced
/// into the glue, into `pkg`.
fn compile(features: &[&str], no_default: bool, pkg: &Path) -> Result<Compiled, String> {
    let mut cargo = util::cargo();
    cargo.args(["build", "--release", "--target", WASM_TARGET, "-p", WASM_CRATE]);
    if no_default {
        cargo.arg("--no-default-features");
    }
    if !features.is_empty() {
        cargo.args(["--features", &features.join(",")]);
    }
    run(&mut cargo)?;
    let cargo_wasm = util::target_dir().join(WASM_TARGET).join("release").join(format!("{OUT_NAME}.wasm"));
    if !cargo_wasm.is_file() {
        return Err(format!("cargo did not produce {}", cargo_wasm.display()));
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
    Ok(Compiled { cargo_size: file_size(&cargo_wasm)?, bindgen_size: file_size(&wasm)? })
}

/// wasm-opt → load check → the sizes of `pkg`'s files, returned as the lines to print.
fn finish(pkg: &Path, built: Compiled) -> Result<String, String> {
    let wasm = pkg.join(format!("{OUT_NAME}_bg.wasm"));
    let glue = pkg.join(format!("{OUT_NAME}.js"));
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
    // changes (0.2% smaller gzipped, same speed).
    run(command(&wasm_opt)
        .args(["-O3", "--converge", "--low-memory-unused"])
        .arg(&wasm)
        .arg("-o")
        .arg(&optimised))?;
    std::fs::rename(&optimised, &wasm).map_err(|e| format!("cannot move {}: {e}", optimised.display()))?;

    load_check(&glue, &wasm)?;

    let dts = pkg.join(format!("{OUT_NAME}.d.ts"));
    if !dts.is_file() {
        return Err(format!("wasm-bindgen did not write the TypeScript declarations {}", dts.display()));
    }
    let mut out = format!(
        "sizes of {} (cargo {}, after wasm-bindgen {}):\n",
        pkg.strip_prefix(root()).unwrap_or(pkg).display(),
        human_size(built.cargo_size),
        human_size(built.bindgen_size)
    );
    for s in sizes_in(pkg)? {
        out.push_str(&format!("  {}\n", s.line()));
    }
    Ok(out)
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
    let files: Vec<PathBuf> =
        ["_bg.wasm", ".js", ".d.ts"].iter().map(|ext| pkg.join(format!("{OUT_NAME}{ext}"))).collect();
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

/// Instantiates the optimised module through its glue in Node and plays a move: a broken
/// optimiser can exit 0 and still produce a module that fails at instantiation.
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
    throw new Error(`unexpected answer from the optimised module: ${game.cells()} ${JSON.stringify(r)}`);
  }
  console.log(`load check: the optimised module instantiates in Node; after X on 4, alpha-beta answers ${r.best} (value ${r.value}, ${r.stats.nodes} nodes)`);
}
if (api.GameTree) {
  // The tree module (and the full one): the lessons' figure 5.2 is worth 3.
  const r = api.searchTree(api.GameTree.parse('[[3,12,8],[2,4,6],[14,5,2]]'), { algo: 'alphabeta' });
  if (r.value !== 3 || r.best !== 0) throw new Error(`unexpected answer from the optimised module: ${JSON.stringify(r)}`);
  console.log(`load check: the optimised module instantiates in Node; figure 5.2's α-β value is ${r.value} (${r.stats.nodes} nodes)`);
}
if (!api.Game && !api.GameTree) throw new Error('the module has neither Game nor GameTree');
"#;
    run(command("node").args(["--input-type=module", "-e", SCRIPT]).arg(glue).arg(wasm))
        .map_err(|e| format!("the optimised module does not load: {e}"))
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
