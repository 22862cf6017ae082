//! A [`Figure`] as TikZ: a standalone `.tex` that pdflatex compiles as it is, or the picture
//! alone for pasting into a document.
//!
//! The picture is written to be read and edited by hand: the colours and styles are defined
//! once, in the `tikzpicture`'s options (so a pasted snippet brings them along and changes
//! nothing outside it); then one `\node` per tree node, named by the tree's label (`A`, `B`,
//! a leaf's edge name `b1`), with its name, value and window as `label`s; then one `\draw`
//! per edge with its action name; then the ring around the current node.
//!
//! The notation is the lessons': MAX ▲, MIN ▼, chance ○, terminal □ (player p of an n-player
//! tree: a polygon with p + 3 corners and its number), edge labels `a1`, `a2`, …, the values
//! and α–β windows the figure shows at its step, the edges into pruned subtrees dashed and
//! those subtrees grey, the chosen move's edge bold. Fills follow the page's light theme
//! (white: not reached yet; yellow: on the search path; by kind once finished) — the shapes,
//! dashes and widths carry the meaning, so the figure also reads in black and white.
//!
//! Only packages of a basic TeX Live are used: `article`, `tikz` and its `shapes.geometric`
//! library. The standalone file crops its page to the picture with pdfTeX's page-size
//! registers and `\shipout` rather than the `standalone` class, which Debian ships only in
//! the large `texlive-latex-extra`.

use super::figure::{FigKind, FigNode, FigState, Figure, MINIMAX_SEP};
use super::place::{Anchor, Drawing, LabelKind, RING};
use crate::games::tree::Tree;
use crate::trace::Trace;

/// What to write.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct TikzOptions {
    /// Only the `tikzpicture` (needs `\usepackage{tikz}` and
    /// `\usetikzlibrary{shapes.geometric}` in the document), not a whole document.
    pub snippet: bool,
    /// The true minimax value beside every finished inner node's own (the page's *Minimax
    /// values*): "≤ 2 · minimax: 2".
    pub minimax: bool,
}

/// How the first comment line names a search: `alpha-beta`, `minimax`, `expectiminimax`,
/// `max^n` for the option names `alphabeta`, `minimax`, `expectiminimax`, `maxn` (the CLI's
/// and the wasm API's); any other name as it is.
pub fn algorithm_title(algo: &str) -> &str {
    match algo {
        "alphabeta" => "alpha-beta",
        "maxn" => "max^n",
        other => other,
    }
}

/// The TikZ of `trace` (a search recorded on `tree`) at `step`, laid out with room for
/// everything the search shows up to its end. `title` goes into the first comment line (say
/// which algorithm ran). An error for a step past the end.
pub fn tikz_at(
    tree: &Tree,
    trace: &Trace<u32>,
    step: usize,
    title: &str,
    opts: TikzOptions,
) -> Result<String, String> {
    // The step's texts on the search's one placement (the screen's too).
    let (fig, drawing) =
        super::plan::Plan::new(tree, trace, opts.minimax, false)?.at_narrated(tree, trace, step)?;
    let tree_text = tree.to_text();
    Ok(tikz(&fig, &drawing, &format!("{title} on {tree_text}"), opts))
}

/// The TikZ of `fig` placed by `drawing` (a step of a [`Plan`](super::plan::Plan)).
pub fn tikz(fig: &Figure, drawing: &Drawing, title: &str, opts: TikzOptions) -> String {
    let mut s = String::new();
    let step = if fig.step == fig.steps {
        format!("step {} of {} (the end)", fig.step, fig.steps)
    } else {
        format!("step {} of {}", fig.step, fig.steps)
    };
    s += &format!("% plyground: {}, {step}\n", one_line(title));
    if !fig.narration.is_empty() {
        s += &format!("% {}\n", one_line(&fig.narration));
    }
    if opts.snippet {
        s += "% Needs \\usepackage{tikz} and \\usetikzlibrary{shapes.geometric} in the preamble.\n";
    } else {
        s += PREAMBLE;
    }
    s += &picture(fig, drawing);
    if !opts.snippet {
        s += CROP;
    }
    s
}

const PREAMBLE: &str = "\\documentclass{article}
\\usepackage{tikz}
\\usetikzlibrary{shapes.geometric}
\\pagestyle{empty}
\\newsavebox{\\plyfigure}
\\begin{document}
\\begin{lrbox}{\\plyfigure}
";

// The page is cropped to the picture plus 4 pt: pdfTeX's page size set from the box, the
// box shipped out at the page's top-left corner.
const CROP: &str = "\\end{lrbox}
\\setbox0=\\hbox{\\kern4pt\\vbox{\\kern4pt\\hbox{\\usebox{\\plyfigure}}\\kern4pt}\\kern4pt}
\\ifdefined\\pdfpagewidth
  \\pdfpagewidth=\\wd0 \\pdfpageheight=\\ht0 \\hoffset=-1in \\voffset=-1in
  \\shipout\\box0
\\else
  \\noindent\\box0
\\fi
\\end{document}
";

const STYLES: &str = "\\begin{tikzpicture}[
  font=\\footnotesize, line cap=round, line join=round,
  % node glyphs: MAX, MIN, chance, terminal, player p (p + 3 corners)
  glyph/.style={draw=plyline, line width=0.5pt, inner sep=0pt, minimum size=5mm},
  maxnode/.style={glyph, regular polygon, regular polygon sides=3, fill=plymax},
  minnode/.style={glyph, regular polygon, regular polygon sides=3, shape border rotate=180, fill=plymin},
  chancenode/.style={glyph, circle, minimum size=4mm, fill=plychance},
  leafnode/.style={glyph, rectangle, minimum size=3.5mm, fill=plyterminal},
  playernode/.style={glyph, regular polygon, regular polygon sides=#1, font=\\scriptsize},
  % where the search stands (a finished node keeps its kind's fill)
  done/.style={},
  unvisited/.style={fill=white},
  onpath/.style={fill=plyopen},
  greyed/.style={draw=plymuted, fill=plygreyfill, dashed, text=plymuted},
  current/.style={draw=plycurrent, line width=1.6pt},
  % texts
  % (each text is placed by plyground at its own point, clear of the glyphs, ring and edges)
  nametext/.style={font=\\scriptsize, inner sep=0pt},
  valuetext/.style={inner sep=0pt},
  windowtext/.style={font=\\scriptsize, inner sep=0pt},
  edgetext/.style={font=\\scriptsize, inner sep=0pt, text=plyedge},
  greytext/.style={text=plymuted},
  % edges: normal, the chosen move, into a pruned subtree, dropped by beam search
  treeedge/.style={draw=plyedge, line width=0.6pt},
  chosen/.style={draw=plyline, line width=1.8pt},
  prunededge/.style={draw=plymuted, line width=0.6pt, dashed},
  forwardedge/.style={draw=plymuted, line width=0.6pt, dotted},
]
  % colours (the page's light theme)
  \\definecolor{plyline}{HTML}{222222}\\definecolor{plyedge}{HTML}{5B5B5B}
  \\definecolor{plymuted}{HTML}{9A9A9A}\\definecolor{plygreyfill}{HTML}{EFEFEF}
  \\definecolor{plyopen}{HTML}{FFF4C2}\\definecolor{plycurrent}{HTML}{D1242F}
  \\definecolor{plymax}{HTML}{F6C28B}\\definecolor{plymin}{HTML}{9CC3E6}
  \\definecolor{plychance}{HTML}{E8E0A8}\\definecolor{plyterminal}{HTML}{D9D9D9}
  \\definecolor{plyp0}{HTML}{F6C28B}\\definecolor{plyp1}{HTML}{9CC3E6}
  \\definecolor{plyp2}{HTML}{B5DCA0}\\definecolor{plyp3}{HTML}{E0B3E6}
";

fn picture(fig: &Figure, d: &Drawing) -> String {
    format!("{STYLES}{}\\end{{tikzpicture}}\n", picture_body(fig, d))
}

/// The picture's `tikzpicture` options (its styles and colours), for a writer that draws
/// several steps in one picture (the Beamer slides).
pub(super) const PICTURE_START: &str = STYLES;

/// What one step draws inside the `tikzpicture`: nodes, texts, edges, the ring.
pub(super) fn picture_body(fig: &Figure, d: &Drawing) -> String {
    let names = tikz_names(fig);
    let mut s = String::new();
    s += "  % nodes\n";
    for (i, n) in fig.nodes.iter().enumerate() {
        s += &node_line(n, &names[i], d.place.x[i], d.place.y[i]);
    }
    s += "  % their names, values and windows\n";
    for l in
        d.labels.iter().filter(|l| !matches!(l.kind, LabelKind::Edge | LabelKind::Prob | LabelKind::Player))
    {
        let n = &fig.nodes[l.node as usize];
        let style = match l.kind {
            LabelKind::Name => "nametext",
            LabelKind::Window | LabelKind::Minimax => "windowtext",
            _ => "valuetext",
        };
        let text = if l.kind == LabelKind::Name { tex_text(&l.text) } else { tex_value(&l.text) };
        s += &text_line(l, style, n.greyed, &text);
    }
    s += "  % edges, each down its parent's stem, across, and down into the child\n";
    for e in &d.edges {
        let n = &fig.nodes[e.child as usize];
        let style = match n.edge_look() {
            "forward" => "forwardedge",
            "pruned" => "prunededge",
            "chosen" => "chosen",
            _ => "treeedge",
        };
        let pts: Vec<String> = e.points.iter().map(|&(x, y)| format!("({}, {})", cm(x), cm(y))).collect();
        let p = n.parent.map_or(0, |p| p as usize);
        s += &format!(
            "  \\draw[{style}] {}; % {} -- {}\n",
            pts.join(" -- "),
            names[p],
            names[e.child as usize]
        );
    }
    s += "  % edge texts: the action left of the edge, a probability right of it\n";
    for l in d.labels.iter().filter(|l| matches!(l.kind, LabelKind::Edge | LabelKind::Prob)) {
        let n = &fig.nodes[l.node as usize];
        let text = if l.kind == LabelKind::Edge { tex_text(&l.text) } else { tex_math(&l.text) };
        s += &text_line(l, "edgetext", n.greyed, &text);
    }
    if let Some(c) = d.ring {
        s += "  % the current node\n";
        s += &format!(
            "  \\draw[current] ({}.center) circle[radius={}mm];\n",
            names[c as usize],
            cm(RING * 10.0).trim_end_matches('0')
        );
    }
    s
}

/// One text at its anchor point.
fn text_line(l: &super::place::Label, style: &str, grey: bool, text: &str) -> String {
    let (x, y) = l.at();
    let anchor = match l.anchor {
        Anchor::West => "west",
        Anchor::East => "east",
        Anchor::North => "north",
        Anchor::Center => "center",
    };
    let grey = if grey { ", greytext" } else { "" };
    format!("  \\path ({}, {}) node[{style}{grey}, anchor={anchor}] {{{text}}};\n", cm(x), cm(y))
}

/// A value text for TeX: math, and a minimax value beside it as words ("$\le 2$ $\cdot$
/// minimax: $2$").
fn tex_value(t: &str) -> String {
    match t.split_once(MINIMAX_SEP) {
        Some((own, m)) => format!("{} $\\cdot$ minimax: {}", tex_math(own), tex_math(m)),
        None => tex_math(t),
    }
}

fn node_line(n: &FigNode, name: &str, x: f64, y: f64) -> String {
    let mut opts: Vec<String> = Vec::new();
    opts.push(match n.kind {
        FigKind::Max => "maxnode".into(),
        FigKind::Min => "minnode".into(),
        FigKind::Chance => "chancenode".into(),
        FigKind::Terminal => "leafnode".into(),
        FigKind::Player(p) => {
            // A corner on top, as on the page: TikZ puts a side at the bottom, so a polygon
            // with an even number of sides turns by half a side.
            let sides = p as usize + 3;
            let turn = if sides.is_multiple_of(2) {
                format!(", shape border rotate={}", 180 / sides)
            } else {
                String::new()
            };
            format!("playernode={sides}{turn}, fill=plyp{}", p.min(3))
        }
    });
    opts.push(
        match n.state {
            _ if n.greyed => "greyed",
            FigState::Unvisited => "unvisited",
            FigState::Open | FigState::Current => "onpath",
            FigState::Done => "done",
            FigState::Pruned => "greyed",
        }
        .into(),
    );
    let inside = match n.kind {
        FigKind::Player(p) => format!("{}", p as usize + 1),
        _ => String::new(),
    };
    format!("  \\node[{}] ({name}) at ({}, {}) {{{inside}}};\n", opts.join(", "), cm(x), cm(y))
}

/// Centimetres with two decimals, no "-0".
pub(super) fn cm(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    crate::decimal::fixed(if r == 0.0 { 0.0 } else { r }, 2)
}

/// TikZ node names: the tree's labels where they are usable and unique (letters, digits and
/// `_`; a `'` becomes `p`), else `n` and the node id.
fn tikz_names(fig: &Figure) -> Vec<String> {
    let wanted: Vec<String> = fig
        .nodes
        .iter()
        .map(|n| n.name.chars().map(|c| if c == '\'' { 'p' } else { c }).collect::<String>())
        .collect();
    let ok = |s: &str| {
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
            && !(s.starts_with('n') && s[1..].chars().all(|c| c.is_ascii_digit()))
    };
    let mut count = std::collections::BTreeMap::new();
    for w in &wanted {
        *count.entry(w.as_str()).or_insert(0) += 1;
    }
    wanted
        .iter()
        .enumerate()
        .map(|(i, w)| if ok(w) && count[w.as_str()] == 1 { w.clone() } else { format!("n{i}") })
        .collect()
}

/// Plain text for TeX: labels are ASCII letters, digits, `_` and `'`.
pub(super) fn tex_text(t: &str) -> String {
    let mut s = String::new();
    for c in t.chars() {
        match c {
            '_' => s += "\\_",
            '\\' | '{' | '}' | '$' | '&' | '#' | '%' | '^' | '~' => s += &format!("\\char{}", c as u32),
            c if c.is_ascii() => s.push(c),
            _ => s.push('?'),
        }
    }
    s
}

/// A value, vector or window text in math mode: −, ∞, α, β as TeX writes them; the signs
/// braced, so that TeX sets them as signs (no binary-operator space after `=`).
fn tex_math(t: &str) -> String {
    let mut s = String::from("$");
    for c in t.chars() {
        match c {
            '−' => s += "{-}",
            '+' => s += "{+}",
            '∞' => s += "\\infty",
            'α' => s += "\\alpha",
            'β' => s += "\\beta",
            '=' => s += "{=}",
            '≤' => s += "\\le ",
            '≥' => s += "\\ge ",
            ',' => s += ",\\,",
            ' ' => {}
            c if c.is_ascii() => s.push(c),
            _ => s.push('?'),
        }
    }
    s.push('$');
    s
}

pub(super) fn one_line(t: &str) -> String {
    t.chars().map(|c| if c == '\n' || c == '\r' { ' ' } else { c }).collect()
}
