//! `cargo xtask package --scorm 1.2|2004 --set FILE --out FILE.zip`: a SCORM package of one
//! exercise set — `imsmanifest.xml` (SCORM 1.2, or 2004 4th edition), the launch page
//! `set.html` with the set beside it as `set.json`, and the files of the
//! minified site (`target/site/`) that page loads: found by following the relative URLs in
//! the page, its scripts and stylesheets, less the modules a set never loads (the games and
//! the full wasm module, the search worker). docs/lms.md tells how to import it.
//!
//! The set description is checked by the page's own reader (www/lib/set.js, in Node), so a
//! package never ships a set the page would refuse. The zip is written here: deflated
//! entries (flate2), fixed dates, sorted names, so the same inputs give the same bytes.

use crate::site::site_dir;
use crate::util::{command, human_size, root};
use flate2::write::DeflateEncoder;
use flate2::{Compression, Crc};
use std::collections::BTreeSet;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The launch page inside the site and the package.
const LAUNCH: &str = "set.html";
/// Site paths a set never loads (other modules' code the elements' runtime names).
const NOT_FOR_A_SET: [&str; 3] = ["pkg/", "pkg-games/", "worker.js"];

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
    let set = check_set(&o.set)?;
    let files = site_files(&site, LAUNCH)?;
    let mut entries: Vec<(String, Vec<u8>)> = vec![
        ("imsmanifest.xml".into(), manifest(o.scorm, &set, &files).into_bytes()),
        ("set.json".into(), text.into_bytes()),
    ];
    for f in &files {
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

/// What the manifest needs of a set: its id, title and mastery (a fraction).
struct SetInfo {
    id: String,
    title: String,
    mastery: Option<f64>,
}

/// Reads the set with the page's reader (www/lib/set.js) in Node: its error is the page's.
fn check_set(path: &Path) -> Result<SetInfo, String> {
    let script = "import { readFileSync } from 'node:fs';\
        const { readSet } = await import(process.argv[1]);\
        try { const s = readSet(readFileSync(process.argv[2], 'utf8'));\
        console.log([s.id, s.title, s.mastery === null ? '' : String(s.mastery)].join('\\n')); }\
        catch (e) { console.error(e.message); process.exit(1); }";
    let reader = root().join("www/lib/set.js");
    let url = format!("file://{}", reader.display());
    let run = command("node").args(["--input-type=module", "-e", script, &url]).arg(path).output();
    let run = run.map_err(|e| format!("package: could not start node: {e}"))?;
    if !run.status.success() {
        let why = String::from_utf8_lossy(&run.stderr);
        return Err(format!("package: {}: {}", path.display(), why.trim()));
    }
    let out = String::from_utf8_lossy(&run.stdout).into_owned();
    let mut lines = out.lines();
    let mut next = || lines.next().unwrap_or_default().to_string();
    let (id, title, mastery) = (next(), next(), next());
    let mastery = if mastery.is_empty() { None } else { mastery.parse().ok() };
    Ok(SetInfo { id, title, mastery })
}

/// The relative URLs in a file's text: quoted strings (JS, HTML attributes) and CSS `url(…)`
/// that look like paths (`./x.js`, `../lib/y.js`, `launch.css`).
fn references(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        let close = match c {
            b'"' | b'\'' | b'`' => c,
            b'(' if text[..i].ends_with("url") => b')',
            _ => {
                i += 1;
                continue;
            }
        };
        let start = i + 1;
        let Some(len) = bytes[start..].iter().take(300).position(|&b| b == close || b == b'\n') else {
            i += 1;
            continue;
        };
        let s = text[start..start + len].trim_matches(|c| c == '"' || c == '\'');
        let pathlike = !s.is_empty()
            && s.rsplit_once('.').is_some_and(|(_, ext)| ["js", "css", "wasm", "json", "svg"].contains(&ext))
            && s.chars().all(|c| c.is_ascii_alphanumeric() || "./-_".contains(c))
            && !s.starts_with('/');
        if pathlike {
            out.push(s.to_string());
        }
        i = start + len + 1;
    }
    out
}

/// Resolves `reference` from the site file `from` to a site path, if it names a file there.
fn resolve(site: &Path, from: &str, reference: &str) -> Option<String> {
    let mut parts: Vec<&str> = from.split('/').collect();
    parts.pop();
    for p in reference.split('/') {
        match p {
            "." | "" => {}
            ".." => {
                parts.pop()?;
            }
            p => parts.push(p),
        }
    }
    let path = parts.join("/");
    site.join(&path).is_file().then_some(path)
}

/// The site files the launch page loads, following references from file to file.
fn site_files(site: &Path, launch: &str) -> Result<Vec<String>, String> {
    let mut seen = BTreeSet::from([launch.to_string()]);
    let mut todo = vec![launch.to_string()];
    while let Some(f) = todo.pop() {
        if f.ends_with(".wasm") || f.ends_with(".svg") {
            continue;
        }
        let text = std::fs::read_to_string(site.join(&f)).map_err(|e| format!("package: {f}: {e}"))?;
        for r in references(&text) {
            let Some(p) = resolve(site, &f, &r) else { continue };
            if NOT_FOR_A_SET.iter().any(|n| p == *n || (n.ends_with('/') && p.starts_with(n))) {
                continue;
            }
            if seen.insert(p.clone()) {
                todo.push(p);
            }
        }
    }
    Ok(seen.into_iter().collect())
}

fn xml(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// An identifier for the manifest (XML ID: a letter, then letters, digits, `-`, `_`, `.`).
fn xml_id(prefix: &str, s: &str) -> String {
    let body: String =
        s.chars().map(|c| if c.is_ascii_alphanumeric() || "-_.".contains(c) { c } else { '-' }).collect();
    format!("{prefix}-{body}")
}

/// `imsmanifest.xml`: one organization, one item, one SCO resource listing every file.
fn manifest(scorm: Scorm, set: &SetInfo, files: &[String]) -> String {
    let title = xml(&set.title);
    let id = xml_id("plyground-set", &set.id);
    let mut list = String::new();
    for f in std::iter::once("set.json").chain(files.iter().map(String::as_str)) {
        list.push_str(&format!("      <file href=\"{}\"/>\n", xml(f)));
    }
    // What differs between the versions: the namespaces, the schema version, the mastery
    // (1.2: a percentage on the item; 2004: the primary objective's measure) and the
    // attribute that makes the resource a SCO.
    let (namespaces, version, item_extra, scorm_type) = match scorm {
        Scorm::V12 => (
            r#"xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd""#,
            "1.2",
            set.mastery
                .map(|m| {
                    format!("\n        <adlcp:masteryscore>{}</adlcp:masteryscore>", (m * 100.0).round())
                })
                .unwrap_or_default(),
            "adlcp:scormtype",
        ),
        Scorm::V2004 => (
            r#"xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
    xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
    xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
    xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
    xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
    xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
    xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd""#,
            "2004 4th Edition",
            set.mastery
                .map(|m| {
                    format!(
                        r#"
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="mastery" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>{m}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>"#
                    )
                })
                .unwrap_or_default(),
            "adlcp:scormType",
        ),
    };
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="{id}" version="1.0"
    {namespaces}>
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>{version}</schemaversion>
  </metadata>
  <organizations default="org-1">
    <organization identifier="org-1">
      <title>{title}</title>
      <item identifier="item-1" identifierref="sco-1">
        <title>{title}</title>{item_extra}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-1" type="webcontent" {scorm_type}="sco" href="{LAUNCH}">
{list}    </resource>
  </resources>
</manifest>
"#
    )
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
    fn references_are_the_relative_paths_in_quotes_and_urls() {
        let js = r#"import{a}from"./base.js";const u=new URL("../pkg-tree/plyground_wasm_bg.wasm",import.meta.url);import('../views/x.js');const s="not a path";"#;
        assert_eq!(references(js), ["./base.js", "../pkg-tree/plyground_wasm_bg.wasm", "../views/x.js"]);
        let html =
            r#"<link rel="stylesheet" href="launch.css"><script type="module" src="launch.js"></script>"#;
        assert_eq!(references(html), ["launch.css", "launch.js"]);
        assert_eq!(references("a{background:url(img/x.svg)}"), ["img/x.svg"]);
    }

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

    #[test]
    fn the_manifests_name_the_launch_page_and_mastery() {
        let set = SetInfo { id: "week 3".into(), title: "α-β & more".into(), mastery: Some(0.8) };
        let files = vec![LAUNCH.to_string()];
        let m12 = manifest(Scorm::V12, &set, &files);
        assert!(m12.contains("<schemaversion>1.2</schemaversion>"));
        assert!(m12.contains("<adlcp:masteryscore>80</adlcp:masteryscore>"));
        assert!(m12.contains("identifier=\"plyground-set-week-3\""));
        assert!(m12.contains("<title>α-β &amp; more</title>"));
        assert!(m12.contains("adlcp:scormtype=\"sco\" href=\"set.html\""));
        let m04 = manifest(Scorm::V2004, &set, &files);
        assert!(m04.contains("<schemaversion>2004 4th Edition</schemaversion>"));
        assert!(m04.contains("<imsss:minNormalizedMeasure>0.8</imsss:minNormalizedMeasure>"));
        assert!(m04.contains("adlcp:scormType=\"sco\" href=\"set.html\""));
        assert!(m04.contains("<file href=\"set.json\"/>"));
    }
}
