//! `cargo xtask bench --lighthouse`: Lighthouse 12 (npm, pinned in package.json) on every
//! page a visitor lands on, the site served gzip-compressed as a real host would serve it
//! (`serve::spawn_gzip`): each view of index.html, embed.html with a typical query, the
//! lessons' gallery, and a lesson page with one `<ply-tree>` (tests/pages/one-tree.html,
//! served from tests/ as the browser tests do). One table: the scores and the paint and
//! layout figures of each page against the targets. Not a test (Lighthouse's figures move
//! from run to run on a shared machine) and not run in CI. The reports are kept in
//! `<target dir>/bench/lighthouse/`, the table in `<target dir>/bench/lighthouse.txt`.

use crate::serve::{self, Mount};
use crate::util::{self, command, root};
use crate::{build, setup, site};
use std::fmt::Write as _;

/// The pages: a name for the table, and the path under the server's root.
pub const PAGES: &[(&str, &str)] = &[
    ("index #play", "index.html#play"),
    ("index #tree", "index.html#tree"),
    ("index #mcts", "index.html#mcts"),
    ("index #practice", "index.html#practice"),
    ("embed tree", "embed.html?view=tree&tree=[[3,12,8],[2,4,6],[14,5,2]]&algo=alphabeta"),
    ("gallery", "lessons/index.html"),
    ("lesson, one tree", "tests/pages/one-tree.html"),
];

/// The targets: performance score at least this, accessibility exactly 1, CLS at most this.
pub const MIN_PERFORMANCE: f64 = 0.95;
pub const MAX_CLS: f64 = 0.02;

/// One page's figures (times in ms), or the error its run ended with.
#[derive(Debug, PartialEq)]
pub enum Outcome {
    Figures { performance: f64, accessibility: f64, fcp: f64, lcp: f64, tbt: f64, cls: f64 },
    Error(String),
}

/// The rows `bench/lighthouse.mjs` printed: name, then six figures or `ERROR` and a message.
pub fn parse(text: &str) -> Result<Vec<(String, Outcome)>, String> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            match f.as_slice() {
                [name, "ERROR", msg] => Ok((name.to_string(), Outcome::Error(msg.to_string()))),
                [name, nums @ ..] if nums.len() == 6 => {
                    let v: Vec<f64> = nums
                        .iter()
                        .map(|n| {
                            n.parse::<f64>().map_err(|_| format!("lighthouse: bad figure '{n}' in '{l}'"))
                        })
                        .collect::<Result<_, _>>()?;
                    let figures = Outcome::Figures {
                        performance: v[0],
                        accessibility: v[1],
                        fcp: v[2],
                        lcp: v[3],
                        tbt: v[4],
                        cls: v[5],
                    };
                    Ok((name.to_string(), figures))
                }
                _ => {
                    Err(format!("lighthouse: expected 7 tab-separated fields or NAME, ERROR, MESSAGE: '{l}'"))
                }
            }
        })
        .collect()
}

/// Does a page meet every target?
pub fn met(o: &Outcome) -> bool {
    match o {
        Outcome::Figures { performance, accessibility, cls, .. } => {
            *performance >= MIN_PERFORMANCE && *accessibility >= 1.0 && *cls <= MAX_CLS
        }
        Outcome::Error(_) => false,
    }
}

/// The table: one row a page, the targets in the header, "met" or "NOT met" at the end.
pub fn table(rows: &[(String, Outcome)]) -> String {
    let w = rows.iter().map(|(n, _)| n.chars().count()).max().unwrap_or(4).max(4);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:w$}  {:>6}  {:>6}  {:>8}  {:>8}  {:>7}  {:>6}  targets: perf ≥ {MIN_PERFORMANCE}, a11y = 1, CLS ≤ {MAX_CLS}",
        "page", "perf", "a11y", "FCP", "LCP", "TBT", "CLS"
    );
    for (name, o) in rows {
        let verdict = if met(o) { "met" } else { "NOT met" };
        match o {
            Outcome::Figures { performance, accessibility, fcp, lcp, tbt, cls } => {
                let ms = |x: f64| format!("{x:.0} ms");
                let _ = writeln!(
                    s,
                    "{name:w$}  {performance:>6.2}  {accessibility:>6.2}  {:>8}  {:>8}  {:>7}  {cls:>6.3}  {verdict}",
                    ms(*fcp),
                    ms(*lcp),
                    ms(*tbt)
                );
            }
            Outcome::Error(e) => {
                let _ = writeln!(s, "{name:w$}  the run failed: {e}  {verdict}");
            }
        }
    }
    let n = rows.iter().filter(|(_, o)| met(o)).count();
    let _ = writeln!(s, "{n} of {} pages meet every target", rows.len());
    s
}

/// The pages to measure: every one, or (`--lighthouse=WORD`) those whose name holds WORD.
pub fn pages(only: Option<&str>) -> Result<Vec<(&'static str, &'static str)>, String> {
    let picked: Vec<_> =
        PAGES.iter().copied().filter(|(name, _)| only.is_none_or(|w| name.contains(w))).collect();
    if picked.is_empty() {
        let names: Vec<&str> = PAGES.iter().map(|(n, _)| *n).collect();
        return Err(format!(
            "--lighthouse={}: no page's name holds it ({})",
            only.unwrap_or(""),
            names.join(", ")
        ));
    }
    Ok(picked)
}

/// Builds the site, serves it gzip-compressed (and tests/ under /tests/), runs Lighthouse on
/// each page (or those `only` picks, [`pages`]), prints the table; an error if a run failed
/// (the table is printed first).
pub fn main(only: Option<&str>) -> Result<(), String> {
    let pages = pages(only)?;
    build::setup_and_build()?;
    setup::chromium()?;
    let r = root();
    if !r.join("node_modules/.bin/lighthouse").exists() {
        return Err("node_modules/.bin/lighthouse is missing: run `npm ci`".into());
    }
    let url =
        serve::spawn_gzip(vec![Mount::new("/", site::site_dir()), Mount::new("/tests/", r.join("tests"))])?;
    println!("serving target/site/ (and tests/ at /tests/) gzip-compressed at {url}");
    let out_dir = util::target_dir().join("bench/lighthouse");
    let mut node = command("node");
    node.arg(r.join("bench/lighthouse.mjs")).arg(&url).arg(&out_dir);
    node.args(pages.iter().map(|(name, path)| format!("{name}={path}")));
    node.env("CHROME_PATH", setup::CHROMIUM);
    let rows = parse(&util::capture(&mut node)?)?;
    let text = format!(
        "Lighthouse 12 (mobile preset, headless Chromium), the site served gzip-compressed; reports in {}\n{}",
        out_dir.display(),
        table(&rows)
    );
    print!("\n{text}");
    let file = util::target_dir().join("bench/lighthouse.txt");
    std::fs::write(&file, &text).map_err(|e| format!("cannot write {}: {e}", file.display()))?;
    println!("(written to {})", file.display());
    let failed: Vec<&str> =
        rows.iter().filter(|(_, o)| matches!(o, Outcome::Error(_))).map(|(n, _)| n.as_str()).collect();
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!("lighthouse: the run failed on {}", failed.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_is_served_by_the_bench() {
        let r = root();
        for (_, path) in PAGES {
            let file = path.split(['#', '?']).next().unwrap();
            let on_disk = match file.strip_prefix("tests/") {
                Some(rest) => r.join("tests").join(rest),
                None => r.join("www").join(file),
            };
            assert!(on_disk.is_file(), "{}", on_disk.display());
        }
    }

    #[test]
    fn a_word_picks_the_pages_whose_name_holds_it() {
        assert_eq!(pages(None).unwrap().len(), PAGES.len());
        assert_eq!(pages(Some("practice")).unwrap(), vec![("index #practice", "index.html#practice")]);
        assert_eq!(pages(Some("index")).unwrap().len(), 4);
        let e = pages(Some("nothing")).unwrap_err();
        assert!(e.starts_with("--lighthouse=nothing: no page's name holds it (index #play, "), "{e}");
    }

    #[test]
    fn the_table_says_which_targets_are_met() {
        let text = "a\t0.98\t1\t812\t1630\t20\t0.0040\nb\t0.9\t1\t900\t2900\t150\t0\nc\t1\t0.96\t700\t800\t0\t0.0300\nd\tERROR\tno page\n";
        let rows = parse(text).unwrap();
        assert_eq!(
            rows[0].1,
            Outcome::Figures {
                performance: 0.98,
                accessibility: 1.0,
                fcp: 812.0,
                lcp: 1630.0,
                tbt: 20.0,
                cls: 0.004
            }
        );
        assert_eq!(rows[3].1, Outcome::Error("no page".into()));
        assert_eq!(
            table(&rows),
            "page    perf    a11y       FCP       LCP      TBT     CLS  targets: perf ≥ 0.95, a11y = 1, CLS ≤ 0.02\n\
             a       0.98    1.00    812 ms   1630 ms    20 ms   0.004  met\n\
             b       0.90    1.00    900 ms   2900 ms   150 ms   0.000  NOT met\n\
             c       1.00    0.96    700 ms    800 ms     0 ms   0.030  NOT met\n\
             d     the run failed: no page  NOT met\n\
             1 of 4 pages meet every target\n"
        );
        assert!(parse("a\t1\t1").unwrap_err().contains("expected 7"));
        assert!(parse("a\tnull\t1\t1\t1\t1\t1").unwrap_err().contains("bad figure 'null'"));
    }
}
