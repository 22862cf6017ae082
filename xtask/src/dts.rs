//! The TypeScript declarations wasm-bindgen writes, made readable: the records' declarations
//! are derived from their Rust structs (tsify-next in the wasm crate), which copies each `///`
//! line as Rust prints the string literal, quotes and backslashes escaped (`A leaf\'s`). The
//! build (`build.rs`, after wasm-bindgen) puts them back as written.

/// The declarations with their doc comments as written in Rust; only comment lines change.
pub fn unescape_doc_comments(dts: &str) -> String {
    let mut out = String::with_capacity(dts.len());
    for line in dts.split_inclusive('\n') {
        let t = line.trim_start();
        if !(t.starts_with("* ") || t.starts_with("*\t") || t.starts_with("/**")) {
            out.push_str(line);
            continue;
        }
        let mut chars = line.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                out.push(c);
                continue;
            }
            match chars.next() {
                Some(e @ ('\'' | '"' | '\\')) => out.push(e),
                Some(other) => {
                    out.push(c);
                    out.push(other);
                }
                None => out.push(c),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn doc_comments_lose_the_escapes_of_rust_strings_and_code_keeps_its_own() {
        let dts = r#"/**
 * A leaf\'s value (\"3\"), a \\ stays one.
 */
export type K = 'a\'';
"#;
        let want = r#"/**
 * A leaf's value ("3"), a \ stays one.
 */
export type K = 'a\'';
"#;
        assert_eq!(unescape_doc_comments(dts), want);
    }
}
