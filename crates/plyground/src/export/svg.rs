//! A [`Figure`] as SVG, for the CLI (`plyground export --format svg`): vector, every text a
//! `<text>` element (selectable and searchable), light or dark.
//!
//! It draws a step of the search's [`Plan`](super::plan::Plan), the placement the TikZ
//! writer draws and the page's canvas draws for an explicit tree's search: the same content
//! at the same places (shapes, values and bounds, windows, dashed edges into pruned subtrees,
//! the chosen move bold, the ring around the current node), in the page's palettes
//! (`www/lib/tree-style.js`'s `defaultStyle`). The page's own Export button writes the SVG of
//! its canvas, which draws the same record.

use super::figure::{value_text, FigKind, FigNode, FigState, Figure};
use super::layout::RADIUS;
use super::place::{Anchor, Drawing, Label, LabelKind, CM_PER_PT, PX_PER_CM, RING, RING_WIDTH};
use crate::games::tree::Tree;
use crate::trace::Trace;

/// What to write.
#[derive(Copy, Clone, PartialEq, Debug, Default)]
pub struct SvgOptions {
    /// The page's dark palette instead of the light one.
    pub dark: bool,
    /// The picture's width in px (its height follows); None: 1 cm of the layout =
    /// [`PX_PER_CM`] px, where the smallest text is 11 px.
    pub width: Option<f64>,
    /// The true minimax value beside every finished inner node's own (as the TikZ's).
    pub minimax: bool,
}

/// The narrowest and widest picture `width` may ask for, in px.
pub const WIDTH_RANGE: (f64, f64) = (100.0, 20_000.0);

/// Pixels per centimetre: the smallest text (7 pt) at 11 px.
const PX: f64 = PX_PER_CM;
/// Room around the drawing, px.
const MARGIN: f64 = 12.0;

/// The colours of one palette.
struct Palette {
    background: &'static str,
    line: &'static str,
    edge: &'static str,
    bold: &'static str,
    muted: &'static str,
    grey_fill: &'static str,
    open: &'static str,
    unvisited: &'static str,
    current: &'static str,
    text: &'static str,
    edge_text: &'static str,
    max: &'static str,
    min: &'static str,
    chance: &'static str,
    terminal: &'static str,
    players: [&'static str; 4],
}

const LIGHT: Palette = Palette {
    background: "#ffffff",
    line: "#222222",
    edge: "#5b5b5b",
    bold: "#111111",
    muted: "#707070",
    grey_fill: "#efefef",
    open: "#fff4c2",
    unvisited: "#ffffff",
    current: "#d1242f",
    text: "#111111",
    edge_text: "#444444",
    max: "#f6c28b",
    min: "#9cc3e6",
    chance: "#e8e0a8",
    terminal: "#d9d9d9",
    players: ["#f6c28b", "#9cc3e6", "#b5dca0", "#e0b3e6"],
};

const DARK: Palette = Palette {
    background: "#16181d",
    line: "#e6e6e6",
    edge: "#9aa0a6",
    bold: "#f2f2f2",
    muted: "#8d939b",
    grey_fill: "#2a2d33",
    open: "#5c5220",
    unvisited: "#16181d",
    current: "#ff6b6b",
    text: "#f2f2f2",
    edge_text: "#c8c8c8",
    max: "#8a5a2b",
    min: "#2f5f8a",
    chance: "#6b6330",
    terminal: "#4a4d52",
    players: ["#8a5a2b", "#2f5f8a", "#3f6b33", "#6b3f73"],
};

/// The SVG of `trace` (a search recorded on `tree`) at `step`, laid out with room for
/// everything the search shows up to its end (as [`tikz_at`](super::tikz::tikz_at)).
/// `title` names the algorithm. An error for a step past the end or a width out of range.
pub fn svg_at(
    tree: &Tree,
    trace: &Trace<u32>,
    step: usize,
    title: &str,
    opts: SvgOptions,
) -> Result<String, String> {
    if let Some(w) = opts.width {
        if !(w.is_finite() && (WIDTH_RANGE.0..=WIDTH_RANGE.1).contains(&w)) {
            return Err(format!(
                "the width must be from {} to {} px, got {}",
                WIDTH_RANGE.0,
                WIDTH_RANGE.1,
                value_text(w)
            ));
        }
    }
    // The step's texts on the search's one placement (the screen's too).
    let (fig, drawing) =
        super::plan::Plan::new(tree, trace, opts.minimax, false)?.at_narrated(tree, trace, step)?;
    Ok(svg(&fig, &drawing, &format!("{title} on {}", tree.to_text()), opts))
}

/// The SVG of `fig` placed by `d` (a step of a [`Plan`](super::plan::Plan)).
pub fn svg(fig: &Figure, d: &Drawing, title: &str, opts: SvgOptions) -> String {
    let pal = if opts.dark { &DARK } else { &LIGHT };
    let (bx0, by0, bx1, by1) = d.bounds;
    let w = (bx1 - bx0) * PX + 2.0 * MARGIN;
    let h = (by1 - by0) * PX + 2.0 * MARGIN;
    let (out_w, out_h) = match opts.width {
        Some(width) => (width, h * width / w),
        None => (w, h),
    };
    let step = if fig.step == fig.steps {
        format!("step {} of {} (the end)", fig.step, fig.steps)
    } else {
        format!("step {} of {}", fig.step, fig.steps)
    };
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"0 0 {} {}\" \
         font-family=\"system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif\">\n",
        num(out_w),
        num(out_h),
        num(w),
        num(h)
    );
    s += &format!("<title>plyground: {}, {step}</title>\n", xml(title));
    if !fig.narration.is_empty() {
        s += &format!("<desc>{}</desc>\n", xml(&fig.narration));
    }
    s += &format!("<rect width=\"{}\" height=\"{}\" fill=\"{}\"/>\n", num(w), num(h), pal.background);
    let at = |(x, y): (f64, f64)| (MARGIN + (x - bx0) * PX, MARGIN + (by1 - y) * PX);
    s += "<g class=\"edges\">\n";
    for e in &d.edges {
        let n = &fig.nodes[e.child as usize];
        let class = n.edge_look();
        let (stroke, width, dash) = match class {
            "forward" => (pal.muted, 0.8, " stroke-dasharray=\"1 3\""),
            "pruned" => (pal.muted, 0.8, " stroke-dasharray=\"4 3\""),
            "chosen" => (pal.bold, 2.4, ""),
            _ => (pal.edge, 0.8, ""),
        };
        let pts: Vec<String> = e
            .points
            .iter()
            .map(|&p| {
                let (x, y) = at(p);
                format!("{},{}", num(x), num(y))
            })
            .collect();
        s += &format!(
            "<polyline class=\"{class}\" points=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{}\"{dash}/>\n",
            pts.join(" "),
            num(width)
        );
    }
    // The action left of an edge, a probability right of it, where the placement put them.
    for l in d.labels.iter().filter(|l| matches!(l.kind, LabelKind::Edge | LabelKind::Prob)) {
        let colour = if fig.nodes[l.node as usize].greyed { pal.muted } else { pal.edge_text };
        s += &label_text(l, colour, &at);
    }
    s += "</g>\n<g class=\"nodes\">\n";
    for (i, n) in fig.nodes.iter().enumerate() {
        let (cx, cy) = at((d.place.x[i], d.place.y[i]));
        s += &node(n, cx, cy, pal);
        let colour = if n.greyed { pal.muted } else { pal.text };
        for l in
            d.labels.iter().filter(|l| l.node == n.id && !matches!(l.kind, LabelKind::Edge | LabelKind::Prob))
        {
            s += &label_text(l, colour, &at);
        }
    }
    s += "</g>\n";
    if let Some(c) = d.ring {
        let (cx, cy) = at((d.place.x[c as usize], d.place.y[c as usize]));
        s += &format!(
            "<circle class=\"current\" cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"/>\n",
            num(cx),
            num(cy),
            num(RING * PX),
            pal.current,
            num(RING_WIDTH * PX)
        );
    }
    s += "</svg>\n";
    s
}

/// A text where the placement put it: set at its anchor, its middle on the box's.
fn label_text(l: &Label, fill: &str, at: &dyn Fn((f64, f64)) -> (f64, f64)) -> String {
    let (x, _) = at(l.at());
    let (_, y) = at((0.0, (l.y0 + l.y1) / 2.0));
    let anchor = match l.anchor {
        Anchor::West => "start",
        Anchor::East => "end",
        Anchor::North | Anchor::Center => "middle",
    };
    text(x, y, anchor, "central", l.pt * CM_PER_PT * PX, fill, &l.text)
}

/// One node's glyph (its texts are labels).
fn node(n: &FigNode, cx: f64, cy: f64, pal: &Palette) -> String {
    let r = RADIUS * PX;
    let fill = if n.greyed {
        pal.grey_fill
    } else {
        match n.state {
            FigState::Unvisited => pal.unvisited,
            FigState::Open | FigState::Current => pal.open,
            _ => match n.kind {
                FigKind::Max => pal.max,
                FigKind::Min => pal.min,
                FigKind::Chance => pal.chance,
                FigKind::Terminal => pal.terminal,
                FigKind::Player(p) => pal.players[usize::from(p.min(3))],
            },
        }
    };
    let stroke = if n.greyed { pal.muted } else { pal.line };
    let dash = if n.greyed { " stroke-dasharray=\"3 2\"" } else { "" };
    let paint = format!("fill=\"{fill}\" stroke=\"{stroke}\" stroke-width=\"0.7\"{dash}");
    let kind = match n.kind {
        FigKind::Max => "max",
        FigKind::Min => "min",
        FigKind::Chance => "chance",
        FigKind::Terminal => "terminal",
        FigKind::Player(_) => "player",
    };
    match n.kind {
        FigKind::Max => polygon(cx, cy, r, 3, true, kind, &paint),
        FigKind::Min => polygon(cx, cy, r, 3, false, kind, &paint),
        FigKind::Chance => {
            format!(
                "<circle class=\"chance\" cx=\"{}\" cy=\"{}\" r=\"{}\" {paint}/>\n",
                num(cx),
                num(cy),
                num(0.2 * PX)
            )
        }
        FigKind::Terminal => {
            let half = 0.175 * PX;
            format!(
                "<rect class=\"terminal\" x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" {paint}/>\n",
                num(cx - half),
                num(cy - half),
                num(2.0 * half),
                num(2.0 * half)
            )
        }
        FigKind::Player(p) => polygon(cx, cy, r, usize::from(p) + 3, true, kind, &paint),
    }
}

/// cos and sin of 360°/n for the polygons drawn (n = 3 to 8): constants, so that the wasm
/// module carries no trigonometry.
const TURN: [(f64, f64); 6] = [
    (-0.5, 0.866_025_403_784_438_6),
    (0.0, 1.0),
    (0.309_016_994_374_947_4, 0.951_056_516_295_153_5),
    (0.5, 0.866_025_403_784_438_6),
    (0.623_489_801_858_733_5, 0.781_831_482_468_029_8),
    (std::f64::consts::FRAC_1_SQRT_2, std::f64::consts::FRAC_1_SQRT_2),
];

/// A regular polygon of `sides` corners (3 to 8) on a circle of radius `r`, the first corner
/// on top (`up`) or at the bottom.
fn polygon(cx: f64, cy: f64, r: f64, sides: usize, up: bool, class: &str, paint: &str) -> String {
    let sides = sides.clamp(3, 8);
    let (c, s) = TURN[sides - 3];
    let (mut dx, mut dy) = (0.0, if up { -1.0 } else { 1.0 });
    let mut pts = Vec::with_capacity(sides);
    for _ in 0..sides {
        pts.push(format!("{},{}", num(cx + r * dx), num(cy + r * dy)));
        (dx, dy) = (dx * c - dy * s, dx * s + dy * c);
    }
    format!("<polygon class=\"{class}\" points=\"{}\" {paint}/>\n", pts.join(" "))
}

fn text(x: f64, y: f64, anchor: &str, baseline: &str, size: f64, fill: &str, t: &str) -> String {
    format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"{anchor}\" dominant-baseline=\"{baseline}\" font-size=\"{}\" fill=\"{fill}\">{}</text>\n",
        num(x),
        num(y),
        num(size),
        xml(t)
    )
}

/// A number for SVG: at most two decimals, no "-0".
fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    let r = if r == 0.0 { 0.0 } else { r };
    let s = crate::decimal::fixed(r, 2);
    if s.contains('.') {
        s.trim_end_matches('0').trim_end_matches('.').into()
    } else {
        s
    }
}

/// Text for XML: `&`, `<`, `>`, `"` and `'` escaped, control characters left out.
fn xml(t: &str) -> String {
    let mut s = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '&' => s += "&amp;",
            '<' => s += "&lt;",
            '>' => s += "&gt;",
            '"' => s += "&quot;",
            '\'' => s += "&#39;",
            c if c.is_control() && c != '\n' && c != '\t' => {}
            c => s.push(c),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_at_most_two_decimals_and_no_negative_zero() {
        let got: Vec<String> =
            [100.0, 0.0, -0.001, 12.5, -3.456, 37.795_275].iter().map(|&v| num(v)).collect();
        assert_eq!(got, ["100", "0", "0", "12.5", "-3.46", "37.8"]);
    }

    #[test]
    fn the_turn_table_is_cos_and_sin_of_a_corner_angle() {
        for (i, &(c, s)) in TURN.iter().enumerate() {
            let a = std::f64::consts::TAU / (i + 3) as f64;
            assert!((c - a.cos()).abs() < 1e-12 && (s - a.sin()).abs() < 1e-12, "{} corners", i + 3);
        }
        // A triangle on top: corners at 12, 4 and 8 o'clock.
        assert_eq!(
            polygon(0.0, 0.0, 10.0, 3, true, "max", "p"),
            "<polygon class=\"max\" points=\"0,-10 8.66,5 -8.66,5\" p/>\n"
        );
    }

    #[test]
    fn text_is_escaped_for_xml() {
        assert_eq!(xml("a<b & \"c\" 'd'\u{7}"), "a&lt;b &amp; &quot;c&quot; &#39;d&#39;");
    }
}
