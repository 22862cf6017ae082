//! A search as Beamer slides: one frame whose overlays reveal the search one step at a time
//! (`plyground export --format beamer`). One `tikzpicture` holds every step: the search's one
//! placement ([`Plan`]) gives every step the same node centres and bounds, so nothing moves
//! from page to page, and each step's nodes, texts, edges and ring are wrapped in
//! `\only<k>`. The step's narration goes under the figure. pdflatex makes one page per step
//! shown, with Beamer from TeX Live's `texlive-latex-recommended`.

use super::plan::Plan;
use super::tikz::{cm, one_line, picture_body, tex_text, PICTURE_START};
use crate::games::tree::Tree;
use crate::trace::Trace;
use std::ops::RangeInclusive;

/// What to write.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct BeamerOptions {
    /// The true minimax value beside every finished inner node's own.
    pub minimax: bool,
}

/// The Beamer document of `trace` (a search recorded on `tree`), one overlay per step of
/// `steps` (0 is the picture before the first step). `title` heads the frame. An error names
/// a range outside the trace.
pub fn beamer(
    tree: &Tree,
    trace: &Trace<u32>,
    steps: RangeInclusive<usize>,
    title: &str,
    opts: BeamerOptions,
) -> Result<String, String> {
    let (from, to) = (*steps.start(), *steps.end());
    if from > to || to > trace.len() {
        return Err(format!("steps {from}-{to} are not within 0-{} (the trace's steps)", trace.len()));
    }
    let plan = Plan::new(tree, trace, opts.minimax, false)?;
    let mut pictures = String::new();
    let mut words = String::new();
    let mut bounds = None;
    for (slide, step) in (from..=to).enumerate() {
        let (fig, d) = plan.at_narrated(tree, trace, step)?;
        bounds = Some(d.bounds);
        let k = slide + 1;
        pictures += &format!("  \\only<{k}>{{%\n{}  }}%\n", picture_body(&fig, &d));
        let said = if step == 0 {
            "Before the first step.".to_string()
        } else {
            tex_prose(&one_line(&fig.narration))
        };
        words += &format!("  \\only<{k}>{{Step {step} of {}: {said}}}%\n", trace.len());
    }
    let (x0, y0, x1, y1) = bounds.unwrap_or((0.0, 0.0, 0.0, 0.0));
    let mut s = String::new();
    s += &format!("% plyground: {}, steps {from} to {to} of {}\n", one_line(title), trace.len());
    s += "\\documentclass{beamer}\n\\usepackage{tikz}\n\\usetikzlibrary{shapes.geometric}\n";
    s += "\\setbeamertemplate{navigation symbols}{}\n\\begin{document}\n";
    // Fragile: the styles define `#1` parameters, which a frame read as an argument refuses.
    s += &format!("\\begin{{frame}}[fragile]{{{}}}\n\\centering\n", tex_text(title));
    // The picture fits the frame above the narration, the same size on every page: by its
    // height, or by the width when it is wider than the space is (about 2 : 1).
    let wide = (x1 - x0) > 2.0 * (y1 - y0);
    s += if wide { "\\resizebox{\\linewidth}{!}{%\n" } else { "\\resizebox{!}{0.6\\textheight}{%\n" };
    s += PICTURE_START;
    s += &format!(
        "  \\useasboundingbox ({}, {}) rectangle ({}, {});\n",
        cm(x0 - 0.1),
        cm(y0 - 0.1),
        cm(x1 + 0.1),
        cm(y1 + 0.1)
    );
    s += &pictures;
    s += "\\end{tikzpicture}}\n\n\\vfill\n\\begin{minipage}[t][0.16\\textheight][t]{\\linewidth}\\small\n";
    s += &words;
    s += "\\end{minipage}\n\\end{frame}\n\\end{document}\n";
    Ok(s)
}

/// A narration line in TeX: the lessons' symbols in math mode, TeX's special characters
/// escaped, anything else TeX's fonts may lack as `?`.
fn tex_prose(t: &str) -> String {
    let mut s = String::new();
    for c in t.chars() {
        let math = match c {
            'α' => "\\alpha",
            'β' => "\\beta",
            '−' => "-",
            '∞' => "\\infty",
            '≤' => "\\le",
            '≥' => "\\ge",
            '≠' => "\\ne",
            '←' => "\\leftarrow",
            '→' => "\\rightarrow",
            '·' => "\\cdot",
            '×' => "\\times",
            '√' => "\\surd",
            'Σ' => "\\Sigma",
            _ => "",
        };
        if !math.is_empty() {
            s += &format!("${math}$");
            continue;
        }
        match c {
            '…' => s += "\\ldots{}",
            '—' => s += "---",
            '–' => s += "--",
            '‘' => s += "`",
            '’' => s += "'",
            '“' => s += "``",
            '”' => s += "''",
            '<' => s += "$<$",
            '>' => s += "$>$",
            '|' => s += "$|$",
            // Braced, so that a digit after it is not read into the character's number.
            '\\' | '{' | '}' | '$' | '&' | '#' | '%' | '^' | '~' => s += &format!("{{\\char{}}}", c as u32),
            c => s += &tex_text(&c.to_string()),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::alphabeta::{alpha_beta, AlphaBetaOptions};
    use crate::trace::Recorder;
    use crate::Game;

    #[test]
    fn one_overlay_per_step_with_its_narration() {
        let tree = Tree::try_parse("[[3,12,8],[2,4,6],[14,5,2]]").unwrap();
        let mut log = Recorder::new(&tree, tree.initial_state());
        alpha_beta(&tree, &tree.initial_state(), &AlphaBetaOptions::default(), &mut log);
        let trace = log.finish();
        let all = beamer(&tree, &trace, 0..=trace.len(), "alpha-beta", BeamerOptions::default()).unwrap();
        assert_eq!(all.matches("\\begin{tikzpicture}").count(), 1, "one picture");
        assert_eq!(all.matches("  \\only<").count(), 2 * (trace.len() + 1), "a picture and a line per step");
        assert!(all.contains(&format!("\\only<{}>", trace.len() + 1)));
        assert!(!all.contains(&format!("\\only<{}>", trace.len() + 2)));
        // The words are the trace's, every symbol set by TeX (no character left out as '?').
        let narration = trace.narration(0);
        assert!(all.contains(&format!("Step 1 of {}: {}", trace.len(), tex_prose(&narration))));
        let words: String = all.lines().filter(|l| l.contains("{Step ")).collect();
        assert!(!words.contains('?'), "{words}");
        let part = beamer(&tree, &trace, 12..=15, "alpha-beta", BeamerOptions::default()).unwrap();
        assert_eq!(part.matches("  \\only<").count(), 8);
        assert!(part.contains(&format!("Step 15 of {}: ", trace.len())));
        assert_eq!(
            beamer(&tree, &trace, 5..=99, "x", BeamerOptions::default()).unwrap_err(),
            format!("steps 5-99 are not within 0-{} (the trace's steps)", trace.len())
        );
        assert_eq!(
            tex_prose("v ≤ α, β ← 3 — 50% & #1"),
            "v $\\le$ $\\alpha$, $\\beta$ $\\leftarrow$ 3 --- 50{\\char37} {\\char38} {\\char35}1"
        );
    }
}
