//! `plyground export`: the tree figure at a step as TikZ — exact output for the lessons'
//! Figure 5.2, and every lesson tree's figure compiled by a real pdflatex.

use crate::common;
use crate::lessons;

use common::{fails_with, stdout};
use std::path::{Path, PathBuf};
use std::process::Command;

/// The whole standalone file for α-β on Figure 5.2 at its end, exactly. Read by eye and by
/// pdflatex (`figures_compile_with_pdflatex`): A = 3 with B = 3, C ≤ 2 (only a bound after
/// its cutoff, as the page draws it), D = 2; the edges
/// into c2 and c3 dashed and those leaves grey; the edge a1 bold.
#[test]
fn figure_5_2_alphabeta_at_the_end_is_exactly_the_golden_file() {
    let out =
        stdout(&["export", "--format", "tikz", "--algo", "alphabeta", "--step", "end", lessons::fig_5_2()]);
    assert_eq!(out, include_str!("export_figure_5_2.tex"));
    // The lesson's facts, independently of the golden file.
    assert!(out.contains("\\node[maxnode, done] (A) at ("));
    for (name, v) in [("A", "3"), ("B", "3"), ("C", "\\le 2"), ("D", "2")] {
        // The name left of the node, the value right of it, on the node's centre line.
        let at = out.find(&format!("] ({name}) at (")).unwrap();
        let rest = &out[at..][out[at..].find(", ").unwrap() + 2..];
        let y = &rest[..rest.find(')').unwrap()];
        assert!(
            out.contains(&format!(", {y}) node[nametext, anchor=east] {{{name}}};\n"))
                && out.contains(&format!(", {y}) node[valuetext, anchor=west] {{${v}$}};\n")),
            "{name} at y {y}"
        );
    }
    assert_eq!(out.matches("\\draw[prunededge]").count(), 2, "the lesson's two pruned leaves, 1.1 and 1.2");
    assert!(out.contains("% C -- c2\n") && out.contains("node[edgetext, greytext, anchor=east] {c2};"));
    let chosen = out.lines().find(|l| l.starts_with("  \\draw[chosen]")).unwrap();
    assert!(chosen.ends_with("; % A -- B") && out.contains("node[edgetext, anchor=east] {a1};"), "{chosen}");
    assert_eq!(out.matches("\\draw[chosen]").count(), 1);
    assert_eq!(out.matches("\n  \\node[").count(), 13, "one \\node per tree node");
    assert!(!out.contains("\\draw[current]"), "no current node once the search is over");
    // The default algorithm and step are α-β and the end.
    assert_eq!(stdout(&["export", "--format", "tikz", lessons::fig_5_2()]), out);
}

/// The snippet at step 13 (the leaf c1: UTILITY 2, returned to C, in one step), exactly: no
/// document around the picture, the window of the open root and C, c1 the current node.
#[test]
fn figure_5_2_snippet_at_step_13_is_exactly_the_golden_file() {
    let out = stdout(&["export", "--format", "tikz", "--snippet", "--step", "13", lessons::fig_5_2()]);
    assert_eq!(out, include_str!("export_figure_5_2_step13_snippet.tex"));
    assert!(out.starts_with(
        "% plyground: alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]], step 13 of 29\n\
         % c1 is a terminal state: TERMINAL-TEST is true, UTILITY(c1) = 2, returned to C\n"
    ));
    assert!(!out.contains("\\documentclass"));
    assert!(out.contains("\\node[maxnode, onpath] (A) at (4.82, 0.00) {};"));
    assert!(out.contains(
        "\\path (5.27, -0.14) node[windowtext, anchor=west] {$[\\alpha{=}3,\\,\\beta{=}{+}\\infty]$};"
    ));
    assert!(out.contains("\\draw[current] (c1.center) circle[radius=3.4mm];"));
    assert_eq!(out.matches("\\draw[prunededge]").count(), 0, "nothing is pruned before c1's cutoff");
}

/// The texts of an SVG's `<text>` elements, in order, unescaped.
fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text ")
        .skip(1)
        .map(|t| {
            let body = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
            body.replace("&lt;", "<")
                .replace("&gt;", ">")
                .replace("&quot;", "\"")
                .replace("&#39;", "'")
                .replace("&amp;", "&")
        })
        .collect()
}

/// `--format svg`: the print figure as SVG. Figure 5.2 at the cutoff (step 15) shows what the
/// TikZ at step 15 shows — the same names, values, windows and edge names, as texts; one
/// glyph per node; the ring on C; nothing pruned yet — and at the end the two pruned edges
/// dashed (the trace's c2 and c3) and the edge a1 bold. The document is well formed in the
/// ways a reader checks first; --dark and --width change only the palette and the size.
#[test]
fn svg_of_figure_5_2_shows_what_the_tikz_shows() {
    let svg = stdout(&["export", "--format", "svg", "--step", "15", lessons::fig_5_2()]);
    assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\""));
    assert!(svg.ends_with("</svg>\n"));
    assert!(svg.contains(
        "<title>plyground: alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]], step 15 of 29</title>\n<desc>MIN node C: v = 2 ≤ α = 3, prune c2 and c3</desc>"
    ));
    assert_eq!(svg.matches("<text ").count(), svg.matches("</text>").count());
    assert_eq!(
        svg_texts(&svg),
        [
            "a1",
            "b1",
            "b2",
            "b3",
            "a2",
            "c1",
            "c2",
            "c3",
            "a3",
            "d1",
            "d2",
            "d3", // edges
            "A",
            "3",
            "[α=3, β=+∞]",
            "B",
            "3",
            "3",
            "12",
            "8",
            "C",
            "2",
            "[α=3, β=+∞]",
            "2",
            "4",
            "6",
            "D",
            "14",
            "5",
            "2",
        ]
    );
    // The same values and windows as the TikZ at the same step.
    let tikz = stdout(&["export", "--format", "tikz", "--step", "15", lessons::fig_5_2()]);
    assert_eq!(tikz.matches("windowtext").count() - 1, 2, "two windows in the TikZ (one style line)");
    assert!(tikz.contains("node[valuetext, anchor=west] {$2$};\n  \\path (5.27, -2.14) node[windowtext"));
    let glyphs = svg.matches("class=\"max\"").count()
        + svg.matches("class=\"min\"").count()
        + svg.matches("class=\"terminal\"").count();
    assert_eq!(glyphs, 13, "one glyph per node");
    assert_eq!(svg.matches("<circle class=\"current\"").count(), 1);
    // Step 15 is the cutoff's: c2 and c3 are greyed from it on, as in the TikZ.
    assert_eq!(svg.matches("class=\"pruned\"").count(), tikz.matches("\\draw[prunededge]").count());
    let end = stdout(&["export", "--format", "svg", lessons::fig_5_2()]);
    assert_eq!(end.matches("class=\"pruned\"").count(), 2, "the lesson's two pruned leaves");
    assert_eq!(end.matches("stroke-dasharray=\"4 3\"").count(), 2);
    assert_eq!(end.matches("class=\"chosen\"").count(), 1);
    assert!(svg_texts(&end).contains(&"≤ 2".to_string()), "C is only a bound after its cutoff");
    assert!(!end.contains("class=\"current\""), "no current node once the search is over");
    // The palettes and the size.
    assert!(svg.contains("fill=\"#ffffff\"/>"));
    let dark = stdout(&["export", "--format", "svg", "--dark", "--step", "15", lessons::fig_5_2()]);
    assert!(dark.contains("<rect width=") && dark.contains("fill=\"#16181d\"/>"));
    assert_eq!(svg_texts(&dark), svg_texts(&svg));
    let wide = stdout(&["export", "--format", "svg", "--width", "800", "--step", "15", lessons::fig_5_2()]);
    assert!(
        wide.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"800\" height=\""),
        "{}",
        &wide[..120]
    );
    assert_eq!(
        wide.split_once('\n').unwrap().1,
        svg.split_once('\n').unwrap().1,
        "only the outer size changes"
    );
}

/// The README's picture (docs/figure-5-2.svg) is what `plyground export` writes today, so
/// it cannot go stale: regenerate it with the command in the message when the writer changes.
#[test]
fn the_readme_picture_is_what_the_cli_writes() {
    let file = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/figure-5-2.svg");
    let argv = ["export", "--format", "svg", "--step", "end", lessons::fig_5_2()];
    let have = std::fs::read_to_string(&file).unwrap();
    assert_eq!(
        have,
        stdout(&argv),
        "docs/figure-5-2.svg: regenerate with `plyground {} > docs/figure-5-2.svg`",
        argv.join(" ")
    );
    let readme =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../README.md")).unwrap();
    assert!(readme.contains("(docs/figure-5-2.svg)"), "the README shows the picture");
}

/// The lessons gallery's downloadable TikZ files (www/lessons/exports/) are exactly what
/// `plyground export` writes today, so they cannot go stale: regenerate them with the
/// arguments below when the writer changes (they compile: `figures_compile_with_pdflatex`
/// covers these trees and steps).
#[test]
fn the_gallery_downloads_are_what_the_cli_writes() {
    let twelve = lessons::tree("twelve_leaf_trace");
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www/lessons/exports");
    let files: [(&str, &[&str]); 6] = [
        ("figure-5-2-alphabeta.tex", &["--algo", "alphabeta", "--step", "end", lessons::fig_5_2()]),
        ("figure-5-2-alphabeta-step-15.tex", &["--algo", "alphabeta", "--step", "15", lessons::fig_5_2()]),
        (
            "figure-5-2-alphabeta-snippet.tex",
            &["--snippet", "--algo", "alphabeta", "--step", "end", lessons::fig_5_2()],
        ),
        ("figure-5-2-minimax.tex", &["--algo", "minimax", "--step", "end", lessons::fig_5_2()]),
        ("twelve-leaves-alphabeta.tex", &["--algo", "alphabeta", "--step", "end", twelve]),
        (
            "twelve-leaves-alphabeta-snippet.tex",
            &["--snippet", "--algo", "alphabeta", "--step", "end", twelve],
        ),
    ];
    let mut on_disk: Vec<String> =
        std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    on_disk.sort();
    let mut listed: Vec<String> = files.iter().map(|(f, _)| f.to_string()).collect();
    listed.sort();
    assert_eq!(on_disk, listed, "every file in www/lessons/exports/ is checked here");
    for (file, args) in files {
        let mut argv = vec!["export", "--format", "tikz"];
        argv.extend_from_slice(args);
        let want = stdout(&argv);
        let have = std::fs::read_to_string(dir.join(file)).unwrap();
        assert_eq!(have, want, "www/lessons/exports/{file}: regenerate with `plyground {}`", argv.join(" "));
    }
    // The step-15 file is the lesson's cutoff at C: c2 and c3 pruned, C only a bound.
    let cutoff = std::fs::read_to_string(dir.join("figure-5-2-alphabeta-step-15.tex")).unwrap();
    assert!(
        cutoff.starts_with("% plyground: alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]], step 15 of 29\n")
    );
    assert_eq!(cutoff.matches("\\draw[prunededge]").count(), 2);
}

#[test]
fn bad_input_is_one_line_and_exit_2() {
    fails_with(&["export", lessons::fig_5_2()], "missing --format");
    fails_with(&["export", "--format", "pdf", lessons::fig_5_2()], "unknown format 'pdf'");
    fails_with(&["export", "--format", "png", lessons::fig_5_2()], "PNG is the browser's job");
    fails_with(
        &["export", "--format", "svg", "--snippet", lessons::fig_5_2()],
        "--snippet: only for --format tikz",
    );
    fails_with(
        &["export", "--format", "tikz", "--dark", lessons::fig_5_2()],
        "--dark: only for --format svg",
    );
    fails_with(
        &["export", "--format", "tikz", "--width", "800", lessons::fig_5_2()],
        "--width: only for --format svg",
    );
    fails_with(
        &["export", "--format", "svg", "--width", "wide", lessons::fig_5_2()],
        "--width: 'wide' is not a number of pixels",
    );
    fails_with(
        &["export", "--format", "svg", "--width", "5", lessons::fig_5_2()],
        "--width: 5 is out of range (100 to 20000 px)",
    );
    fails_with(
        &["export", "--format", "svg", "--step", "99", lessons::fig_5_2()],
        "--step: step 99 is past the end",
    );
    fails_with(
        &["export", "--format", "tikz", "--step", "30", lessons::fig_5_2()],
        "step 30 is past the end: this search has 29 steps (0 to 29)",
    );
    fails_with(
        &["export", "--format", "tikz", "--step", "x", lessons::fig_5_2()],
        "--step: 'x' is not a step (end, or a number from 0 to 29)",
    );
    fails_with(&["export", "--format", "tikz", "[[3,12"], "tree 1:");
    fails_with(&["export", "--format", "tikz", "--algo", "alphabeta", "[(1,2),(2,1)]"], "use --algo maxn");
    fails_with(&["export", "--format", "tikz"], "missing TREE");
}

/// The lessons' trees with the search each is drawn with.
fn lesson_cases() -> Vec<(String, &'static str)> {
    let cases: Vec<(String, &'static str)> = lessons::trees()
        .into_iter()
        .map(|t| {
            let algo = if t.contains('(') {
                "maxn"
            } else if t.contains("chance") {
                "expectiminimax"
            } else {
                "alphabeta"
            };
            (t.to_string(), algo)
        })
        .collect();
    assert!(cases.len() >= 13, "the lesson fixtures hold their trees");
    cases
}

/// `pdflatex` (or `pdftoppm`) must be installed: `cargo xtask test` installs Debian's TeX
/// Live and poppler-utils in its set-up. Missing, the test fails — it never skips.
fn tool(name: &str) -> PathBuf {
    let found = std::env::var_os("PATH")
        .into_iter()
        .flat_map(|p| std::env::split_paths(&p).collect::<Vec<_>>())
        .map(|d| d.join(name))
        .find(|p| p.is_file());
    found.unwrap_or_else(|| {
        panic!(
            "{name} is not installed: this test compiles the exported figures with a real pdflatex. \
             Run `cargo xtask test` (its set-up installs texlive-latex-base, texlive-pictures and \
             poppler-utils when run as root) or `apt-get install -y --no-install-recommends \
             texlive-latex-base texlive-pictures poppler-utils`"
        )
    })
}

/// Compiles `dir/name.tex` with pdflatex (non-interactive, no shell escape, stopping at the
/// first error); fails naming `what` with the log when it does not compile. Returns the log.
fn compile_tex(dir: &Path, name: &str, what: &str) -> String {
    let o = Command::new(tool("pdflatex"))
        .args(["-interaction=nonstopmode", "-halt-on-error", "-no-shell-escape", &format!("{name}.tex")])
        .current_dir(dir)
        .output()
        .expect("pdflatex runs");
    let log = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(o.status.success(), "{what}: pdflatex failed:\n{log}");
    log
}

/// Page `page` of `dir/name.pdf` rendered by pdftoppm in grey at `dpi`: a binary PGM.
fn render_page(dir: &Path, name: &str, page: u32, dpi: u32) -> Vec<u8> {
    let page = page.to_string();
    let o = Command::new(tool("pdftoppm"))
        .args(["-r", &dpi.to_string(), "-gray", "-f", &page, "-l", &page, &format!("{name}.pdf")])
        .current_dir(dir)
        .output()
        .expect("pdftoppm runs");
    assert!(o.status.success(), "pdftoppm {name}.pdf page {page}: {}", String::from_utf8_lossy(&o.stderr));
    o.stdout
}

/// The number of steps, from the first comment line ("…, step K of N (the end)").
fn steps(tree: &str, algo: &str) -> usize {
    let out = stdout(&["export", "--format", "tikz", "--snippet", "--algo", algo, tree]);
    let first = out.lines().next().unwrap();
    let n = first.rsplit(" of ").next().unwrap().trim_end_matches(" (the end)");
    n.parse().unwrap_or_else(|_| panic!("no step count in {first:?}"))
}

/// Every lesson tree at its first, a middle and its last step: the standalone file compiles
/// with pdflatex as it is, gives one page cropped to the figure, and the page is not blank
/// (rendered by pdftoppm at 40 dpi in grey: some pixels dark).
#[test]
fn figures_compile_with_pdflatex() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-pdflatex");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut compiled = 0;
    for (i, (tree, algo)) in lesson_cases().iter().enumerate() {
        let n = steps(tree, algo);
        for step in [0, n / 2, n] {
            let name = format!("lesson{i}_step{step}");
            let tex =
                stdout(&["export", "--format", "tikz", "--algo", algo, "--step", &step.to_string(), tree]);
            std::fs::write(dir.join(format!("{name}.tex")), &tex).unwrap();
            let log = compile_tex(&dir, &name, &format!("{tree} ({algo}) step {step}"));
            assert!(
                log.contains(&format!("Output written on {name}.pdf (1 page")),
                "{tree} step {step}: {log}"
            );
            let page = render_page(&dir, &name, 1, 40);
            let (w, h, pixels) = pgm(&page);
            let dark = pixels.iter().filter(|&&p| p < 128).count();
            assert!(w >= 8 && h >= 8, "{tree} step {step}: a {w}×{h} page");
            assert!(dark >= 5, "{tree} step {step}: the page is blank ({dark} dark pixels of {})", w * h);
            compiled += 1;
        }
    }
    assert_eq!(compiled, 3 * lesson_cases().len());
}

/// A binary PGM (P5, 8 bits): width, height, pixels.
fn pgm(bytes: &[u8]) -> (usize, usize, &[u8]) {
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(std::str::from_utf8(&bytes[start..at]).unwrap().to_string());
    }
    assert_eq!((fields[0].as_str(), fields[3].as_str()), ("P5", "255"), "a binary 8-bit PGM");
    let (w, h): (usize, usize) = (fields[1].parse().unwrap(), fields[2].parse().unwrap());
    let pixels = &bytes[at + 1..];
    assert_eq!(pixels.len(), w * h);
    (w, h, pixels)
}

/// `--minimax`: the true minimax value beside every finished inner node's own, as the page's
/// *Minimax values* shows them (C is only a bound, "≤ 2", and its true value is 2); refused
/// with the reason on a max^n tree.
#[test]
fn minimax_values_beside_the_search_s_own() {
    let tex = stdout(&["export", "--format", "tikz", "--minimax", lessons::fig_5_2()]);
    assert!(tex.contains("node[valuetext, anchor=west] {$\\le 2$ $\\cdot$ minimax: $2$};"), "{tex}");
    assert!(tex.contains("node[valuetext, anchor=west] {$3$ $\\cdot$ minimax: $3$};"));
    let svg = stdout(&["export", "--format", "svg", "--minimax", lessons::fig_5_2()]);
    assert!(svg_texts(&svg).contains(&"≤ 2 · minimax: 2".to_string()));
    fails_with(
        &["export", "--format", "tikz", "--minimax", "[[(1,2,6),(4,2,3)],[(6,1,2),(7,4,1)]]"],
        "max^n values are vectors",
    );
}

/// Slides: Figure 5.2's α-β as a Beamer document compiles with pdflatex to one page per
/// step shown (all of them, and a range), each page drawn (not blank); bad ranges and
/// options that do not apply are refused naming them.
#[test]
fn beamer_slides_compile_to_one_page_per_step() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("export-beamer");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let n = steps(lessons::fig_5_2(), "alphabeta");
    for (name, range, pages) in [("all", None, n + 1), ("cutoff", Some("12-15"), 4)] {
        let mut args = vec!["export", "--format", "beamer", lessons::fig_5_2()];
        if let Some(r) = range {
            args.extend(["--steps", r]);
        }
        let tex = stdout(&args);
        assert!(
            tex.starts_with("% plyground: alpha-beta on [[3, 12, 8], [2, 4, 6], [14, 5, 2]], steps "),
            "{tex}"
        );
        std::fs::write(dir.join(format!("{name}.tex")), &tex).unwrap();
        let log = compile_tex(&dir, name, name);
        assert!(log.contains(&format!("Output written on {name}.pdf ({pages} pages")), "{name}: {log}");
        assert!(!log.contains("Overfull \\hbox"), "{name}: the figure runs past the frame:\n{log}");
        let page = render_page(&dir, name, 2, 30);
        let (_, _, pixels) = pgm(&page);
        assert!(pixels.iter().filter(|&&p| p < 128).count() >= 50, "{name}: page 2 is blank");
    }
    fails_with(
        &["export", "--format", "beamer", "--steps", "3-99", lessons::fig_5_2()],
        &format!("--steps: steps 3-99 are not within 0-{n}"),
    );
    fails_with(
        &["export", "--format", "beamer", "--steps", "x", lessons::fig_5_2()],
        "--steps: 'x' is not a range of steps like 12-23",
    );
    fails_with(
        &["export", "--format", "beamer", "--step", "3", lessons::fig_5_2()],
        "--format beamer: --step, --snippet, --dark and --width do not apply",
    );
    fails_with(
        &["export", "--format", "tikz", "--steps", "1-2", lessons::fig_5_2()],
        "--steps: only for --format beamer",
    );
}
