//! `cargo xtask package --scorm 1.2|2004 --set FILE --out FILE.zip`: a SCORM package of one
//! exercise set — `imsmanifest.xml` (SCORM 1.2, or 2004 4th edition), the launch page
//! `set.html` with the set beside it as `set.json`, and the files of the
//! minified site (`target/site/`) that page loads: the list the site build wrote
//! (`target/site/scorm-files.json`). docs/lms.md tells how to import it.
//!
//! The set description is checked by the page's own reader (www/lib/set.js, in Node), so a
//! package never ships a set the page would refuse. The manifest and the file list come from
//! www/lib/scorm-package.js (in Node), the module the assignment builder page zips with, so
//! both make the same package. The zip is written here: deflated entries (flate2), fixed
//! dates, sorted names, so the same inputs give the same bytes.

use crate::site::site_dir;
use crate::util::{command, human_size, root};
use flate2::write::DeflateEncoder;
use flate2::{Compression, Crc};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The launch page inside the site and the package.
const LAUNCH: &str = "set.html";

/// The SCORM version of a package.
#[derive(Copy, Clone, PartialEq, Debug)]
pub enum Scorm {
    V12,
    V2004,
}

struct Options {
    scorm: Scorm,
    set: PathBuf,
    out: PathBuf,
    build: bool,
}

fn parse(args: &[String]) -> Result<Options, String> {
    let (mut scorm, mut set, mut out, mut build) = (None, None, None, true);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value =
            |name: &str| it.next().cloned().ok_or_else(|| format!("package: {name} needs a value"));
        match a.as_str() {
            "--scorm" => {
                scorm = Some(match value("--scorm")?.as_str() {
                    "1.2" => Scorm::V12,
                    "2004" => Scorm::V2004,
                    v => return Err(format!("package: --scorm must be 1.2 or 2004, got '{v}'")),
                })
            }
            "--set" => set = Some(PathBuf::from(value("--set")?)),
            "--out" => out = Some(PathBuf::from(value("--out")?)),
            "--no-build" => build = false,
            other => return Err(format!("package: unknown option '{other}'")),
        }
    }
    let need = |name: &str| {
        format!(
            "package: {name} is required (cargo xtask package --scorm 1.2|2004 --set FILE --out FILE.zip)"
        )
    };
    Ok(Options {
        scorm: scorm.ok_or_else(|| need("--scorm"))?,
        set: set.ok_or_else(|| need("--set"))?,
        out: out.ok_or_else(|| need("--out"))?,
        build,
    })
}

pub fn main(args: &[String]) -> Result<(), String> {
    let o = parse(args)?;
    let text = std::fs::read_to_string(&o.set).map_err(|e| format!("package: {}: {e}", o.set.display()))?;
    if o.build {
        crate::build::setup_and_build()?;
    }
    let site = site_dir();
    if !site.join(LAUNCH).is_file() {
        return Err(format!(
            "package: {} is missing: run `cargo xtask build` first",
            site.join(LAUNCH).display()
        ));
    }
    let set = read_set(&o.set, o.scorm, &site)?;
    let mut entries: Vec<(String, Vec<u8>)> =
        vec![("imsmanifest.xml".into(), set.manifest.into_bytes()), ("set.json".into(), text.into_bytes())];
    for f in &set.files {
        let bytes = std::fs::read(site.join(f)).map_err(|e| format!("package: {f}: {e}"))?;
        entries.push((f.clone(), bytes));
    }
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let zip = zip(&entries)?;
    if let Some(dir) = o.out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| format!("package: {}: {e}", dir.display()))?;
    }
    std::fs::write(&o.out, &zip).map_err(|e| format!("package: {}: {e}", o.out.display()))?;
    let raw: usize = entries.iter().map(|e| e.1.len()).sum();
    println!(
        "{}: SCORM {} package of \"{}\", {} files, {} ({} unzipped)",
        o.out.display(),
        if o.scorm == Scorm::V12 { "1.2" } else { "2004 4th edition" },
        set.title,
        entries.len(),
        human_size(zip.len() as u64),
        human_size(raw as u64)
    );
    Ok(())
}

/// What the package needs of a set: its title, the site files and the manifest.
struct SetPackage {
    title: String,
    files: Vec<String>,
    manifest: String,
}

/// Reads the set with the page's reader (www/lib/set.js) in Node, so its error is the page's,
/// and has www/lib/scorm-package.js write the manifest for the site's file list.
fn read_set(path: &Path, scorm: Scorm, site: &Path) -> Result<SetPackage, String> {
    let script = "import { readFileSync } from 'node:fs';\
        const [reader, maker, file, list, scorm] = process.argv.slice(1);\
        const { readSet } = await import(reader);\
        const { manifest } = await import(maker);\
        try { const s = readSet(readFileSync(file, 'utf8'));\
        const files = JSON.parse(readFileSync(list, 'utf8'));\
        process.stdout.write([s.title.replace(/\\n/g, ' '), files.length, ...files, manifest(scorm, s, files)].join('\\n')); }\
        catch (e) { console.error(e.message); process.exit(1); }";
    let url = |p: &str| format!("file://{}", root().join(p).display());
    let list = site.join("scorm-files.json");
    if !list.is_file() {
        return Err(format!("package: {} is missing: run `cargo xtask build` first", list.display()));
    }
    let version = if scorm == Scorm::V12 { "1.2" } else { "2004" };
    let run = command("node")
        .args(["--input-type=module", "-e", script, &url("www/lib/set.js"), &url("www/lib/scorm-package.js")])
        .arg(path)
        .arg(&list)
        .arg(version)
        .output();
    let run = run.map_err(|e| format!("package: could not start node: {e}"))?;
    if !run.status.success() {
        let why = String::from_utf8_lossy(&run.stderr);
        return Err(format!("package: {}: {}", path.display(), why.trim()));
    }
    let out = String::from_utf8(run.stdout).map_err(|_| "package: node wrote no UTF-8".to_string())?;
    let mut parts = out.splitn(3, '\n');
    let title = parts.next().unwrap_or_default().to_string();
    let count: usize = parts.next().and_then(|n| n.parse().ok()).ok_or("package: node gave no file count")?;
    let mut rest = parts.next().unwrap_or_default().splitn(count + 1, '\n');
    let files: Vec<String> = rest.by_ref().take(count).map(String::from).collect();
    let manifest = rest.next().unwrap_or_default().to_string();
    if files.len() != count || !files.iter().any(|f| f == LAUNCH) || !manifest.starts_with("<?xml") {
        return Err(format!("package: {} does not list the launch page {LAUNCH}", list.display()));
    }
    Ok(SetPackage { title, files, manifest })
}

/// A zip archive of the entries (deflated, dated 1980-01-01 00:00, no extra fields).
fn zip(entries: &[(String, Vec<u8>)]) -> Result<Vec<u8>, String> {
    const DOS_DATE: u16 = 0x21; // 1980-01-01
    let mut out = Vec::new();
    let mut central = Vec::new();
    let u16le = |v: &mut Vec<u8>, x: u16| v.extend_from_slice(&x.to_le_bytes());
    let u32le = |v: &mut Vec<u8>, x: u32| v.extend_from_slice(&x.to_le_bytes());
    let too_big = |what: &str| format!("package: {what} is too large for a zip without ZIP64");
    for (name, data) in entries {
        let mut crc = Crc::new();
        crc.update(data);
        let mut enc = DeflateEncoder::new(Vec::new(), Compression::best());
        enc.write_all(data).map_err(|e| e.to_string())?;
        let deflated = enc.finish().map_err(|e| e.to_string())?;
        let (method, body) = if deflated.len() < data.len() { (8u16, &deflated) } else { (0u16, data) };
        let offset = u32::try_from(out.len()).map_err(|_| too_big("the archive"))?;
        let size = u32::try_from(data.len()).map_err(|_| too_big(name))?;
        let packed = body.len() as u32;
        let name_len = u16::try_from(name.len()).map_err(|_| too_big(name))?;
        // Local file header.
        u32le(&mut out, 0x0403_4b50);
        for x in [20, 0, method, 0, DOS_DATE] {
            u16le(&mut out, x);
        }
        for x in [crc.sum(), packed, size] {
            u32le(&mut out, x);
        }
        u16le(&mut out, name_len);
        u16le(&mut out, 0);
        out.extend_from_slice(name.as_bytes());
        out.extend_from_slice(body);
        // Its central directory record.
        u32le(&mut central, 0x0201_4b50);
        for x in [20, 20, 0, method, 0, DOS_DATE] {
            u16le(&mut central, x);
        }
        for x in [crc.sum(), packed, size] {
            u32le(&mut central, x);
        }
        for x in [name_len, 0, 0, 0, 0] {
            u16le(&mut central, x);
        }
        u32le(&mut central, 0o100644 << 16);
        u32le(&mut central, offset);
        central.extend_from_slice(name.as_bytes());
    }
    let count = u16::try_from(entries.len()).map_err(|_| too_big("the file count"))?;
    let at = u32::try_from(out.len()).map_err(|_| too_big("the archive"))?;
    let central_len = central.len() as u32;
    out.extend_from_slice(&central);
    u32le(&mut out, 0x0605_4b50);
    for x in [0, 0, count, count] {
        u16le(&mut out, x);
    }
    u32le(&mut out, central_len);
    u32le(&mut out, at);
    u16le(&mut out, 0);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_zip_lists_its_entries_with_crc_and_sizes() {
        let z = zip(&[("a.txt".into(), b"hello hello hello hello".to_vec()), ("b".into(), vec![])]).unwrap();
        assert_eq!(&z[..4], b"PK\x03\x04");
        let end = &z[z.len() - 22..];
        assert_eq!(&end[..4], b"PK\x05\x06");
        assert_eq!(u16::from_le_bytes([end[10], end[11]]), 2);
        // The first entry: deflated (8), CRC-32 of the text, 23 bytes unpacked.
        assert_eq!(u16::from_le_bytes([z[8], z[9]]), 8);
        assert_eq!(u32::from_le_bytes([z[14], z[15], z[16], z[17]]), 0x8d3d_51e3);
        assert_eq!(u32::from_le_bytes([z[22], z[23], z[24], z[25]]), 23);
    }
}
