//! A small static file server for local development and the browser tests: GET and HEAD
//! only, the right MIME types (`.wasm` must be `application/wasm` for streaming
//! compilation), no caching, no way out of the served directories, and CORS open to any
//! origin (a lesson page on another origin may load the elements, as a real host would allow).
//! Uncompressed, except on the server [`spawn_gzip`] starts (for `cargo xtask bench
//! --lighthouse`): it gzips text and wasm for a client that accepts it, as a host would.

use crate::util::root;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Component, Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// A directory served under a URL prefix (`/`, or e.g. `/tests/`).
#[derive(Clone, Debug, PartialEq)]
pub struct Mount {
    /// Starts and ends with `/`.
    pub prefix: String,
    /// The directory whose files are served.
    pub dir: PathBuf,
}

impl Mount {
    /// A mount, with the prefix normalised to `/…/`.
    pub fn new(prefix: &str, dir: impl Into<PathBuf>) -> Mount {
        let p = prefix.trim_matches('/');
        let prefix = if p.is_empty() { "/".to_string() } else { format!("/{p}/") };
        Mount { prefix, dir: dir.into() }
    }
}

/// `cargo xtask serve [--dev] [--port N] [--root DIR] [--mount /P/=DIR]... [--no-build]`: the
/// minified site (target/site/) by default; `--dev` serves the sources in www/ instead.
pub fn main(args: &[String]) -> Result<(), String> {
    let mut port: u16 = 8000;
    let mut dev = false;
    let mut www = None;
    let mut extra = Vec::new();
    let mut build = true;
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| it.next().cloned().ok_or(format!("{name} needs a value"));
        match a.as_str() {
            "--port" => {
                let v = value("--port")?;
                port = v.parse().map_err(|_| format!("--port: '{v}' is not a port number (0–65535)"))?;
            }
            "--root" => www = Some(root().join(value("--root")?)),
            "--mount" => {
                let v = value("--mount")?;
                let (prefix, dir) =
                    v.split_once('=').ok_or(format!("--mount: expected /PREFIX/=DIR, got '{v}'"))?;
                extra.push(Mount::new(prefix, root().join(dir)));
            }
            "--no-build" => build = false,
            "--dev" => dev = true,
            other => return Err(format!("serve: unknown option '{other}' (see `cargo xtask help`)")),
        }
    }
    match (build, dev) {
        (false, _) => {}
        (true, false) => crate::build::setup_and_build()?,
        (true, true) => {
            crate::setup::all()?;
            crate::build::build_pkg()?;
        }
    }
    let www = www.unwrap_or_else(|| if dev { root().join("www") } else { crate::site::site_dir() });
    let mut mounts = vec![Mount::new("/", www)];
    mounts.extend(extra);
    for m in &mounts {
        if !m.dir.is_dir() {
            return Err(format!("cannot serve {}: not a directory", m.dir.display()));
        }
    }
    let listener = TcpListener::bind(("127.0.0.1", port))
        .map_err(|e| format!("cannot listen on 127.0.0.1:{port}: {e} (try --port N)"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    for m in &mounts {
        println!("serving {} at {}", m.dir.display(), m.prefix);
    }
    println!("http://127.0.0.1:{port}/");
    let _ = std::io::stdout().flush();
    serve_forever(listener, Arc::new(mounts), true, false);
    Ok(())
}

/// Accepts connections until the process ends, one thread per connection; `gzip`: compress
/// what [`compressible`] says for a client that accepts gzip.
pub fn serve_forever(listener: TcpListener, mounts: Arc<Vec<Mount>>, log: bool, gzip: bool) {
    for stream in listener.incoming().flatten() {
        let mounts = Arc::clone(&mounts);
        std::thread::spawn(move || {
            let _ = handle(stream, &mounts, log, gzip);
        });
    }
}

/// Binds a free port on 127.0.0.1 and serves `mounts` from a background thread; returns the
/// base URL (`http://127.0.0.1:PORT/`).
pub fn spawn(mounts: Vec<Mount>) -> Result<String, String> {
    spawn_with(mounts, false)
}

/// [`spawn`], with text and wasm sent gzip-compressed to a client that accepts it.
pub fn spawn_gzip(mounts: Vec<Mount>) -> Result<String, String> {
    spawn_with(mounts, true)
}

fn spawn_with(mounts: Vec<Mount>, gzip: bool) -> Result<String, String> {
    let listener = TcpListener::bind(("127.0.0.1", 0)).map_err(|e| format!("cannot listen: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let mounts = Arc::new(mounts);
    std::thread::spawn(move || serve_forever(listener, mounts, false, gzip));
    Ok(format!("http://127.0.0.1:{port}/"))
}

/// Is a file of this Content-Type worth compressing? Text, JavaScript, JSON, SVG and wasm;
/// not images already compressed, nor unknown bytes.
pub fn compressible(ctype: &str) -> bool {
    ctype.starts_with("text/") || ["application/json", "application/wasm", "image/svg+xml"].contains(&ctype)
}

/// Does an `Accept-Encoding` value accept gzip (`gzip` listed without `q=0`)?
pub fn accepts_gzip(value: &str) -> bool {
    value.split(',').any(|part| {
        let mut it = part.split(';').map(str::trim);
        let coding = it.next().unwrap_or("");
        let refused = it
            .any(|p| p.replace(' ', "").strip_prefix("q=").and_then(|q| q.parse::<f64>().ok()) == Some(0.0));
        (coding.eq_ignore_ascii_case("gzip") || coding == "*") && !refused
    })
}

/// `bytes` gzip-compressed (level 9, as a host precompressing its files would).
pub fn gzip(bytes: &[u8]) -> std::io::Result<Vec<u8>> {
    let mut enc = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    enc.write_all(bytes)?;
    enc.finish()
}

/// The Content-Type for a file, by extension.
pub fn content_type(path: &Path) -> &'static str {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("").to_ascii_lowercase();
    match ext.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "json" | "map" => "application/json",
        "wasm" => "application/wasm",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        "ts" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Decodes `%XX` escapes; None for a malformed escape or a result that is not UTF-8.
pub fn percent_decode(s: &str) -> Option<String> {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%' {
            let hex = std::str::from_utf8(b.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(b[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// What a request path maps to.
#[derive(Debug, PartialEq)]
pub enum Target {
    /// A file to send.
    File(PathBuf),
    /// A directory requested without its trailing slash: redirect so relative URLs work.
    Redirect(String),
    /// Nothing there.
    NotFound,
    /// A path that tries to leave the served directories, or cannot be decoded.
    BadRequest,
}

/// Maps a request target (`/pkg/x.js?v=1`) onto a file under one of the mounts (the longest
/// matching prefix wins). `..` segments, backslashes and NUL bytes are refused outright, and
/// the resolved file must still lie inside the mount (symlinks cannot lead out).
pub fn resolve(mounts: &[Mount], target: &str) -> Target {
    let path = target.split(['?', '#']).next().unwrap_or("");
    let Some(path) = percent_decode(path) else { return Target::BadRequest };
    if !path.starts_with('/') || path.contains(['\\', '\0']) || path.split('/').any(|seg| seg == "..") {
        return Target::BadRequest;
    }
    let with_slash = format!("{path}/");
    let mount = mounts
        .iter()
        .filter(|m| path.starts_with(&m.prefix) || with_slash == m.prefix)
        .max_by_key(|m| m.prefix.len());
    let Some(mount) = mount else { return Target::NotFound };
    if with_slash == mount.prefix {
        return Target::Redirect(with_slash);
    }
    let rest = &path[mount.prefix.len()..];
    let mut file = mount.dir.clone();
    for seg in rest.split('/').filter(|s| !s.is_empty() && *s != ".") {
        file.push(seg);
    }
    // A segment like "C:" or "/x" cannot appear after the split, but check what we built.
    if file
        .strip_prefix(&mount.dir)
        .map_or(true, |r| r.components().any(|c| !matches!(c, Component::Normal(_))))
    {
        return Target::BadRequest;
    }
    if file.is_dir() {
        if !path.ends_with('/') {
            return Target::Redirect(with_slash);
        }
        file.push("index.html");
    }
    match (file.canonicalize(), mount.dir.canonicalize()) {
        (Ok(f), Ok(d)) if f.starts_with(&d) && f.is_file() => Target::File(file),
        (Ok(_), Ok(_)) => Target::BadRequest,
        _ => Target::NotFound,
    }
}

fn handle(stream: TcpStream, mounts: &[Mount], log: bool, gzip_ok: bool) -> std::io::Result<()> {
    stream.set_read_timeout(Some(Duration::from_secs(10)))?;
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.by_ref().take(8192).read_line(&mut request_line)?;
    // Read the headers (bounded); only Accept-Encoding changes the answer, on a gzip server.
    let mut header_bytes = 0;
    let mut wants_gzip = false;
    loop {
        let mut line = String::new();
        let n = reader.by_ref().take(8192).read_line(&mut line)?;
        header_bytes += n;
        if n == 0 || line == "\r\n" || line == "\n" || header_bytes > 64 * 1024 {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            if name.trim().eq_ignore_ascii_case("accept-encoding") && accepts_gzip(value.trim()) {
                wants_gzip = true;
            }
        }
    }
    let mut parts = request_line.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let mut out = stream;
    let (status, ctype, body, location) = match method {
        "GET" | "HEAD" => match resolve(mounts, target) {
            Target::File(f) => match std::fs::read(&f) {
                Ok(bytes) => ("200 OK", content_type(&f), bytes, None),
                Err(_) => ("404 Not Found", "text/plain; charset=utf-8", b"not found\n".to_vec(), None),
            },
            Target::Redirect(to) => {
                ("301 Moved Permanently", "text/plain; charset=utf-8", Vec::new(), Some(to))
            }
            Target::NotFound => ("404 Not Found", "text/plain; charset=utf-8", b"not found\n".to_vec(), None),
            Target::BadRequest => {
                ("400 Bad Request", "text/plain; charset=utf-8", b"bad request\n".to_vec(), None)
            }
        },
        _ => ("405 Method Not Allowed", "text/plain; charset=utf-8", b"only GET and HEAD\n".to_vec(), None),
    };
    if log {
        println!("{method} {target} {}", &status[..3]);
    }
    let compress = gzip_ok && status.starts_with("200") && compressible(ctype);
    let body = if compress && wants_gzip { gzip(&body)? } else { body };
    let mut head = format!(
        "HTTP/1.1 {status}\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nCache-Control: no-store\r\n\
         X-Content-Type-Options: nosniff\r\nAccess-Control-Allow-Origin: *\r\nConnection: close\r\n",
        body.len()
    );
    if compress {
        head.push_str("Vary: Accept-Encoding\r\n");
        if wants_gzip {
            head.push_str("Content-Encoding: gzip\r\n");
        }
    }
    if let Some(to) = location {
        head.push_str(&format!("Location: {to}\r\n"));
    }
    if status.starts_with("405") {
        head.push_str("Allow: GET, HEAD\r\n");
    }
    head.push_str("\r\n");
    out.write_all(head.as_bytes())?;
    if method != "HEAD" {
        out.write_all(&body)?;
    }
    out.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    /// A scratch directory with a small site: index.html, app.js, pkg/x.wasm, sub/ (no index).
    fn site(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("xtask-serve-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(d.join("www/pkg")).unwrap();
        std::fs::create_dir_all(d.join("www/sub")).unwrap();
        std::fs::create_dir_all(d.join("tests")).unwrap();
        std::fs::write(d.join("www/index.html"), "<!doctype html>hi").unwrap();
        std::fs::write(d.join("www/app.js"), "export {};").unwrap();
        std::fs::write(d.join("www/pkg/x.wasm"), b"\0asm\x01\0\0\0").unwrap();
        std::fs::write(d.join("tests/page.html"), "test page").unwrap();
        std::fs::write(d.join("secret.txt"), "outside").unwrap();
        d
    }

    fn mounts(d: &Path) -> Vec<Mount> {
        vec![Mount::new("/", d.join("www")), Mount::new("/tests/", d.join("tests"))]
    }

    #[test]
    fn mime_types_follow_the_extension() {
        assert_eq!(content_type(Path::new("a/b.wasm")), "application/wasm");
        assert_eq!(content_type(Path::new("app.js")), "text/javascript; charset=utf-8");
        assert_eq!(content_type(Path::new("m.MJS")), "text/javascript; charset=utf-8");
        assert_eq!(content_type(Path::new("index.html")), "text/html; charset=utf-8");
        assert_eq!(content_type(Path::new("s.css")), "text/css; charset=utf-8");
        assert_eq!(content_type(Path::new("d.json")), "application/json");
        assert_eq!(content_type(Path::new("i.svg")), "image/svg+xml");
        assert_eq!(content_type(Path::new("i.png")), "image/png");
        assert_eq!(content_type(Path::new("Makefile")), "application/octet-stream");
    }

    #[test]
    fn percent_decoding_handles_escapes_and_refuses_malformed_ones() {
        assert_eq!(percent_decode("/a%20b/%2e%2E").as_deref(), Some("/a b/.."));
        assert_eq!(percent_decode("/caf%C3%A9").as_deref(), Some("/café"));
        assert_eq!(percent_decode("/bad%2"), None);
        assert_eq!(percent_decode("/bad%zz"), None);
        assert_eq!(percent_decode("/notutf8%ff"), None);
    }

    #[test]
    fn mount_prefixes_are_normalised() {
        assert_eq!(Mount::new("tests", "x").prefix, "/tests/");
        assert_eq!(Mount::new("/tests/", "x").prefix, "/tests/");
        assert_eq!(Mount::new("/", "x").prefix, "/");
        assert_eq!(Mount::new("", "x").prefix, "/");
    }

    #[test]
    fn paths_resolve_inside_the_mounts_and_never_outside() {
        let d = site("resolve");
        let m = mounts(&d);
        assert_eq!(resolve(&m, "/"), Target::File(d.join("www/index.html")));
        assert_eq!(resolve(&m, "/app.js?v=2#x"), Target::File(d.join("www/app.js")));
        assert_eq!(resolve(&m, "/pkg/x.wasm"), Target::File(d.join("www/pkg/x.wasm")));
        assert_eq!(resolve(&m, "/tests/page.html"), Target::File(d.join("tests/page.html")));
        assert_eq!(resolve(&m, "/tests"), Target::Redirect("/tests/".into()));
        assert_eq!(resolve(&m, "/pkg"), Target::Redirect("/pkg/".into()));
        assert_eq!(resolve(&m, "/sub/"), Target::NotFound);
        assert_eq!(resolve(&m, "/missing.js"), Target::NotFound);
        for evil in [
            "/../secret.txt",
            "/pkg/../../secret.txt",
            "/%2e%2e/secret.txt",
            "/pkg/..%2f..%2fsecret.txt",
            "/tests/../secret.txt",
            "/..\\secret.txt",
            "/a%00b",
            "relative.txt",
            "/%zz",
        ] {
            assert_eq!(resolve(&m, evil), Target::BadRequest, "{evil}");
        }
        let _ = std::fs::remove_dir_all(&d);
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_cannot_lead_out_of_a_mount() {
        let d = site("symlink");
        std::os::unix::fs::symlink(d.join("secret.txt"), d.join("www/link.txt")).unwrap();
        assert_eq!(resolve(&mounts(&d), "/link.txt"), Target::BadRequest);
        let _ = std::fs::remove_dir_all(&d);
    }

    /// One raw HTTP/1.1 exchange; returns (status line, headers, body).
    fn request(base: &str, raw: &str) -> (String, String, Vec<u8>) {
        let addr = base.trim_start_matches("http://").trim_end_matches('/');
        let mut s = TcpStream::connect(addr).unwrap();
        s.write_all(raw.as_bytes()).unwrap();
        let mut buf = Vec::new();
        s.read_to_end(&mut buf).unwrap();
        let split = buf.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
        let head = String::from_utf8(buf[..split].to_vec()).unwrap();
        let (status, headers) = head.split_once("\r\n").unwrap_or((&head, ""));
        // Each header line ends in CRLF, the last one included.
        (status.to_string(), format!("{headers}\r\n"), buf[split + 4..].to_vec())
    }

    #[test]
    fn the_server_answers_get_head_and_refuses_the_rest() {
        let d = site("server");
        let base = spawn(mounts(&d)).unwrap();

        let (st, h, body) = request(&base, "GET /pkg/x.wasm HTTP/1.1\r\nHost: x\r\n\r\n");
        assert_eq!(st, "HTTP/1.1 200 OK");
        assert!(h.contains("Content-Type: application/wasm\r\n"), "{h}");
        assert!(h.contains("Content-Length: 8\r\n"), "{h}");
        assert!(h.contains("Access-Control-Allow-Origin: *\r\n"), "{h}");
        assert_eq!(body, b"\0asm\x01\0\0\0");

        let (st, h, body) = request(&base, "HEAD / HTTP/1.1\r\n\r\n");
        assert_eq!(st, "HTTP/1.1 200 OK");
        assert!(h.contains("Content-Type: text/html; charset=utf-8\r\n"), "{h}");
        assert!(h.contains("Content-Length: 17\r\n"), "{h}");
        assert!(body.is_empty());

        let (st, h, _) = request(&base, "GET /tests HTTP/1.1\r\n\r\n");
        assert_eq!(st, "HTTP/1.1 301 Moved Permanently");
        assert!(h.contains("Location: /tests/\r\n"), "{h}");

        let (st, _, body) = request(&base, "GET /tests/page.html HTTP/1.1\r\n\r\n");
        assert_eq!((st.as_str(), body.as_slice()), ("HTTP/1.1 200 OK", b"test page".as_slice()));

        let (st, _, _) = request(&base, "GET /../secret.txt HTTP/1.1\r\n\r\n");
        assert_eq!(st, "HTTP/1.1 400 Bad Request");
        let (st, _, _) = request(&base, "GET /nope.js HTTP/1.1\r\n\r\n");
        assert_eq!(st, "HTTP/1.1 404 Not Found");
        let (st, h, _) = request(&base, "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
        assert_eq!(st, "HTTP/1.1 405 Method Not Allowed");
        assert!(h.contains("Allow: GET, HEAD\r\n"), "{h}");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn accept_encoding_is_read_as_http_says() {
        assert!(accepts_gzip("gzip, deflate, br"));
        assert!(accepts_gzip("br;q=1.0, GZIP;q=0.5"));
        assert!(accepts_gzip("*"));
        assert!(!accepts_gzip("gzip;q=0"));
        assert!(!accepts_gzip("gzip; q=0.000"));
        assert!(!accepts_gzip("deflate, br"));
        assert!(!accepts_gzip(""));
        assert!(compressible("text/javascript; charset=utf-8"));
        assert!(compressible("application/wasm"));
        assert!(!compressible("image/png"));
    }

    #[test]
    fn the_gzip_server_compresses_for_clients_that_accept_it() {
        let d = site("gzip");
        let js = "export const x = 1;\n".repeat(200);
        std::fs::write(d.join("www/app.js"), &js).unwrap();
        let base = spawn_gzip(mounts(&d)).unwrap();

        let (st, h, body) = request(&base, "GET /app.js HTTP/1.1\r\nAccept-Encoding: gzip, br\r\n\r\n");
        assert_eq!(st, "HTTP/1.1 200 OK");
        assert!(h.contains("Content-Encoding: gzip\r\n") && h.contains("Vary: Accept-Encoding\r\n"), "{h}");
        assert!(h.contains(&format!("Content-Length: {}\r\n", body.len())), "{h}");
        assert!(body.len() < js.len() / 10, "{} bytes", body.len());
        let mut plain = String::new();
        flate2::read::GzDecoder::new(body.as_slice()).read_to_string(&mut plain).unwrap();
        assert_eq!(plain, js);

        // Without Accept-Encoding: the bytes as they are.
        let (_, h, body) = request(&base, "GET /app.js HTTP/1.1\r\n\r\n");
        assert!(!h.contains("Content-Encoding"), "{h}");
        assert!(h.contains("Vary: Accept-Encoding\r\n"), "{h}");
        assert_eq!(body, js.as_bytes());
        // HEAD: the compressed length, no body; errors are never compressed.
        let (_, h, body) = request(&base, "HEAD /pkg/x.wasm HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n");
        assert!(h.contains("Content-Encoding: gzip\r\n"), "{h}");
        assert!(body.is_empty());
        let (st, h, body) = request(&base, "GET /nope.js HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n");
        assert_eq!((st.as_str(), body.as_slice()), ("HTTP/1.1 404 Not Found", b"not found\n".as_slice()));
        assert!(!h.contains("Content-Encoding"), "{h}");

        // The plain server never compresses.
        let plain_base = spawn(mounts(&d)).unwrap();
        let (_, h, body) = request(&plain_base, "GET /app.js HTTP/1.1\r\nAccept-Encoding: gzip\r\n\r\n");
        assert!(!h.contains("Content-Encoding") && !h.contains("Vary"), "{h}");
        assert_eq!(body, js.as_bytes());
        let _ = std::fs::remove_dir_all(&d);
    }
}
