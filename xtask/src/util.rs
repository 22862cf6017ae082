//! Running commands, and where things are.

use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};

/// The repository root (xtask lives one level below it).
pub fn root() -> PathBuf {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    dir.parent().unwrap_or(dir).to_path_buf()
}

/// Cargo's target directory: `$CARGO_TARGET_DIR` if set, else `target/` in the root.
pub fn target_dir() -> PathBuf {
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(d) if !d.is_empty() => {
            let d = PathBuf::from(d);
            if d.is_absolute() {
                d
            } else {
                root().join(d)
            }
        }
        _ => root().join("target"),
    }
}

/// `cargo`, run from the repository root (so rust-toolchain.toml picks the toolchain).
pub fn cargo() -> Command {
    command("cargo")
}

/// A command run from the repository root.
pub fn command(program: impl AsRef<std::ffi::OsStr>) -> Command {
    let mut c = Command::new(program);
    c.current_dir(root());
    c
}

/// The command line, for echoing (a multi-line argument shows as `<script>`).
pub fn show(cmd: &Command) -> String {
    let mut s = cmd.get_program().to_string_lossy().into_owned();
    for a in cmd.get_args() {
        let a = a.to_string_lossy();
        s.push(' ');
        if a.contains('\n') {
            s.push_str("<script>");
        } else if a.is_empty() || a.contains(|c: char| c.is_whitespace() || c == '"' || c == '\'') {
            s.push('\'');
            s.push_str(&a.replace('\'', r"'\''"));
            s.push('\'');
        } else {
            s.push_str(&a);
        }
    }
    s
}

/// Runs a command with inherited output, echoing it first; returns its exit status.
pub fn status(cmd: &mut Command) -> Result<ExitStatus, String> {
    println!("$ {}", show(cmd));
    cmd.status().map_err(|e| format!("could not start `{}`: {e}", show(cmd)))
}

/// Runs a command with inherited output; an error unless it exits 0.
pub fn run(cmd: &mut Command) -> Result<(), String> {
    let st = status(cmd)?;
    if st.success() {
        Ok(())
    } else {
        Err(format!("`{}` failed ({st})", show(cmd)))
    }
}

/// Runs a command quietly and returns its trimmed standard output, or None when it cannot
/// be started or exits non-zero.
pub fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd.stderr(Stdio::null()).output().ok()?;
    out.status.success().then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// Runs a command, echoing it, with its standard error shown; returns its standard output,
/// or an error unless it exits 0.
pub fn capture(cmd: &mut Command) -> Result<String, String> {
    println!("$ {}", show(cmd));
    let out =
        cmd.stderr(Stdio::inherit()).output().map_err(|e| format!("could not start `{}`: {e}", show(cmd)))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!("`{}` failed ({})", show(cmd), out.status))
    }
}

/// The Python of a virtual environment `<target dir>/<name>` (made with `python3 -m venv`
/// when missing) in which `package==version` is installed by the environment's own pip
/// (installed when another version or none is there): nothing system-wide. With `deps`
/// false, the package alone (`pip install --no-deps`).
pub fn python_venv(name: &str, package: &str, version: &str, deps: bool) -> Result<PathBuf, String> {
    let venv = target_dir().join(name);
    let python = venv.join("bin").join("python");
    if !python.is_file() {
        run(command("python3").args(["-m", "venv"]).arg(&venv))?;
    }
    let installed = output(command(&python).args(["-m", "pip", "show", package]))
        .is_some_and(|o| o.lines().any(|l| l.trim() == format!("Version: {version}")));
    if !installed {
        let mut pip = command(&python);
        pip.args(["-m", "pip", "install", "--quiet"]);
        if !deps {
            pip.arg("--no-deps");
        }
        run(pip.arg(format!("{package}=={version}")))?;
    }
    Ok(python)
}

/// Are we root? (Read from /proc, so no dependency is needed.)
pub fn is_root() -> bool {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines().find(|l| l.starts_with("Uid:")).map(|l| l.split_whitespace().nth(1) == Some("0"))
        })
        .unwrap_or(false)
}

/// Sizes as `512 B`, `34.3 KiB` or `1.50 MiB`.
pub fn human_size(bytes: u64) -> String {
    let b = bytes as f64;
    if b < 1024.0 {
        format!("{bytes} B")
    } else if b < 1024.0 * 1024.0 {
        format!("{:.1} KiB", b / 1024.0)
    } else {
        format!("{:.2} MiB", b / (1024.0 * 1024.0))
    }
}

/// `83.4 s` or `2 min 05 s`.
pub fn human_duration(d: std::time::Duration) -> String {
    let s = d.as_secs_f64();
    if s < 60.0 {
        format!("{s:.1} s")
    } else {
        format!("{} min {:02} s", (s / 60.0) as u64, (s % 60.0) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_and_durations_read_naturally() {
        assert_eq!(human_size(512), "512 B");
        assert_eq!(human_size(35_123), "34.3 KiB");
        assert_eq!(human_size(3 * 1024 * 1024 / 2), "1.50 MiB");
        assert_eq!(human_duration(std::time::Duration::from_millis(8_340)), "8.3 s");
        assert_eq!(human_duration(std::time::Duration::from_secs(125)), "2 min 05 s");
    }

    #[test]
    fn command_lines_are_echoed_shell_quoted() {
        let mut c = Command::new("node");
        c.args(["-e", "console.log('hi')", "plain", "a\nb"]);
        assert_eq!(show(&c), r"node -e 'console.log('\''hi'\'')' plain <script>");
    }

    #[test]
    fn the_root_holds_the_workspace() {
        assert!(root().join("Cargo.toml").is_file());
        assert!(root().join("xtask").is_dir());
    }
}
