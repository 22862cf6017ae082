//! `cargo xtask` — the project's build, serve, test and bench commands, in Rust with no
//! dependencies, so that a fresh machine needs nothing but rustup, Node and npm.
//!
//! - `cargo xtask build`: set up what is missing, then build the wasm package into www/pkg.
//! - `cargo xtask serve [--port N]`: build, then serve www/ on 127.0.0.1.
//! - `cargo xtask test`: every check CI runs, stage by stage, stopping at the first failure.
//! - `cargo xtask bench [ARGS…] [--peers]`: the CLI's benchmark, natively in release mode;
//!   `--peers` adds the comparison with other crates (`plyground-peers`).

mod build;
mod serve;
mod setup;
mod test;
mod util;

use std::process::ExitCode;

const USAGE: &str = "\
usage: cargo xtask <command> [options]

commands:
  build                 install what is missing (toolchain, wasm-bindgen-cli, npm packages),
                        then build the wasm package into www/pkg and print its sizes
  serve [options]       build, then serve www/ on http://127.0.0.1:PORT/
      --port N          port to listen on (default 8000; 0 picks a free one)
      --root DIR        serve DIR at / instead of www/
      --mount /P/=DIR   also serve DIR under the URL prefix /P/ (repeatable)
      --no-build        serve what is there, without building first
  test                  format check, clippy, native tests, wasm build and tests, JS unit
                        tests, browser tests (installs Chromium with apt-get when missing)
  bench [ARGS...]       cargo run --release -p plyground-cli -- bench ARGS...
                        (--quick, --long, --solver; --peers also runs plyground-peers,
                        the comparison with other crates, which CI does not build)
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let result = match cmd.as_str() {
        "build" => {
            no_options("build", rest).and_then(|_| build::setup_and_build()).map(|_| ExitCode::SUCCESS)
        }
        "serve" => serve::main(rest).map(|_| ExitCode::SUCCESS),
        "test" => no_options("test", rest).and_then(|_| test::main()),
        "bench" => bench(rest),
        "help" | "-h" | "--help" => {
            print!("{USAGE}");
            Ok(ExitCode::SUCCESS)
        }
        other => Err(format!("unknown command '{other}'\n\n{USAGE}")),
    };
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("xtask: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn no_options(cmd: &str, rest: &[String]) -> Result<(), String> {
    match rest.first() {
        None => Ok(()),
        Some(a) => Err(format!("'{cmd}' takes no arguments (got '{a}')\n\n{USAGE}")),
    }
}

/// The CLI's `bench` subcommand, built in release mode, with the arguments passed through;
/// with `--peers`, then the peer comparison (`plyground-peers`, given `--quick` / `--long`
/// when they were given).
fn bench(args: &[String]) -> Result<ExitCode, String> {
    let peers = args.iter().any(|a| a == "--peers");
    let rest: Vec<&String> = args.iter().filter(|a| *a != "--peers").collect();
    let mut cmd = util::cargo();
    cmd.args(["run", "--release", "-p", "plyground-cli", "--", "bench"]).args(&rest);
    let code = exit_code(util::status(&mut cmd)?);
    if code != ExitCode::SUCCESS || !peers {
        return Ok(code);
    }
    println!();
    let mut cmd = util::cargo();
    cmd.args(["run", "--release", "-p", test::PEERS_CRATE, "--"])
        .args(rest.iter().filter(|a| ["--quick", "--long"].contains(&a.as_str())));
    Ok(exit_code(util::status(&mut cmd)?))
}

fn exit_code(status: std::process::ExitStatus) -> ExitCode {
    match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(c) => ExitCode::from(u8::try_from(c).unwrap_or(1)),
        None => ExitCode::FAILURE,
    }
}
