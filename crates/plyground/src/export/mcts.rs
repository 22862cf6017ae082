//! The picture of an MCTS tree at one point of its stepping, placed as every other figure
//! is ([`place`](super::place)): each node's W/N (with MCTS-Solver's proof mark after it:
//! +∞ a proven win, −∞ a proven loss, = a proven draw, for the player who moved into it),
//! "root" left of the root, the move on each edge, and a badge naming the phase just shown
//! on the node it acted on (ringed), or "INSPECTED" on the node whose UCB1 table is open.
//! Every node the iteration's events touched is open; a visited node is done, an unvisited
//! one (N = 0) unvisited; the edge into the decision (the most-visited root child, or the
//! proof's choice) is bold.
//!
//! Room for the widest badge is kept beside every node ([`Figure::tag_room`]), so a badge moving from one node to
//! the next as the phases are stepped moves nothing else. [`place::problems`](super::place::problems)
//! checks the result as it checks a search's figure (the tests run it over MCTS runs on
//! every lesson tree, on generated trees and on tic-tac-toe).

use super::figure::{value_text, FigKind, FigNode, FigState, Figure};
use super::layout::tag_width;
use super::place::{draw_with, Drawing};
use crate::event::MctsPhase;
use crate::search::mcts::Outcome;

/// One node of the MCTS tree as the picture shows it.
#[derive(Clone, PartialEq, Debug)]
pub struct MctsShown {
    /// The parent's index (parents come before their children), None at the root.
    pub parent: Option<u32>,
    /// The move into the node ("" at the root).
    pub edge: String,
    /// Visits.
    pub n: f64,
    /// Total reward for the player who moved into the node.
    pub w: f64,
    /// The player to move at the node, None at a chance node.
    pub to_move: Option<u8>,
    /// A terminal position.
    pub terminal: bool,
    /// MCTS-Solver's proof of the node, for the player who moved into it.
    pub proof: Option<Outcome>,
}

/// One event of the iteration in the picture: its phase, the node, the child it went to (a
/// selection's or an expansion's).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct MctsMark {
    /// The phase.
    pub phase: MctsPhase,
    /// The node it concerns.
    pub node: u32,
    /// The child selected or added.
    pub child: Option<u32>,
}

/// The badges a node may show.
pub const TAGS: [&str; 5] = ["SELECT", "EXPAND", "ROLLOUT", "BACKUP", "INSPECTED"];

/// The badge of a phase.
pub fn phase_tag(p: MctsPhase) -> &'static str {
    match p {
        MctsPhase::Select => TAGS[0],
        MctsPhase::Expand => TAGS[1],
        MctsPhase::Rollout => TAGS[2],
        MctsPhase::Backup => TAGS[3],
    }
}

/// MCTS-Solver's mark of a proven node.
pub fn proof_mark(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "+∞",
        Outcome::Loss => "−∞",
        Outcome::Draw => "=",
    }
}

/// A node's "W/N" (W to two decimals), with its proof mark.
pub fn wn_text(w: f64, n: f64, proof: Option<Outcome>) -> String {
    let w = if w.fract() == 0.0 { w } else { (w * 100.0).round() / 100.0 };
    let mut t = format!("{}/{}", value_text(w), value_text(n));
    if let Some(o) = proof {
        t.push(' ');
        t.push_str(proof_mark(o));
    }
    t
}

/// The node the last event acted on (the ringed one): a selection's or expansion's child,
/// else the event's node; the root before any event.
pub fn acted_on(events: &[MctsMark]) -> u32 {
    match events.last() {
        None => 0,
        Some(e) => match e.phase {
            MctsPhase::Select | MctsPhase::Expand => e.child.unwrap_or(e.node),
            _ => e.node,
        },
    }
}

/// The figure of an MCTS tree (`nodes`, by index) with the iteration's `events` so far, in a
/// tree of `players` players (2 draws MAX ▲ and MIN ▼; more, numbered polygons), the
/// decision `decided` bold and `selected` inspected. A node whose parent does not come
/// before it is drawn as a root, an event or id naming no node is left out (the stepper
/// never gives either).
pub fn mcts_figure(
    nodes: Vec<MctsShown>,
    events: &[MctsMark],
    players: usize,
    decided: Option<u32>,
    selected: Option<u32>,
) -> Figure {
    let mut fig: Vec<FigNode> = Vec::with_capacity(nodes.len());
    for (i, m) in nodes.into_iter().enumerate() {
        let parent = m.parent.filter(|&p| (p as usize) < i);
        let kind = match (m.terminal, m.to_move) {
            (true, _) => FigKind::Terminal,
            (_, None) => FigKind::Chance,
            (_, Some(p)) if players > 2 || p > 1 => FigKind::Player(p),
            (_, Some(0)) => FigKind::Max,
            _ => FigKind::Min,
        };
        let root = if parent.is_none() { "root" } else { "" };
        fig.push(FigNode {
            id: i as u32,
            parent,
            children: Vec::new(),
            kind,
            name: if root.is_empty() { m.edge.clone() } else { root.into() },
            label: root.into(),
            edge: if root.is_empty() { m.edge } else { String::new() },
            prob: None,
            value: None,
            bound: None,
            window: None,
            state: if m.n > 0.0 { FigState::Done } else { FigState::Unvisited },
            greyed: false,
            forward: false,
            bold: false,
            minimax: None,
            text: Some(wn_text(m.w, m.n, m.proof)),
            tag: None,
        });
        if let Some(p) = parent {
            fig[p as usize].children.push(i as u32);
        }
    }
    for e in events {
        for v in [Some(e.node), e.child].into_iter().flatten() {
            if let Some(n) = fig.get_mut(v as usize) {
                n.state = FigState::Open;
            }
        }
    }
    if let (Some(last), Some(n)) = (events.last(), fig.get_mut(acted_on(events) as usize)) {
        n.state = FigState::Current;
        n.tag = Some(phase_tag(last.phase).into());
    }
    if let Some(n) = decided.and_then(|b| fig.get_mut(b as usize)) {
        n.bold = true;
    }
    if let Some(n) = selected.and_then(|s| fig.get_mut(s as usize)) {
        n.tag.get_or_insert_with(|| TAGS[4].into());
    }
    let tag_room = TAGS.iter().map(|t| tag_width(t)).fold(0.0, f64::max);
    Figure { nodes: fig, players: players.max(2), step: 0, steps: 0, narration: String::new(), tag_room }
}

/// `fig` placed, normal or `compact` (room for a badge beside every node is the figure's
/// own: [`Figure::tag_room`]).
pub fn mcts_drawing(fig: &Figure, compact: bool) -> Drawing {
    draw_with(fig, fig, compact)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::event::Event;
    use crate::games::tictactoe::TicTacToe;
    use crate::games::tree::Tree;
    use crate::search::mcts::{mcts_phase, Mcts, MctsOptions};
    use crate::{Game, ToMove};

    /// The tree as the stepper's `nodes()` gives it.
    fn shown<G: Game + Clone>(m: &Mcts<G>) -> Vec<MctsShown> {
        let g = m.game();
        (0..m.num_nodes() as u32)
            .filter_map(|id| m.node(id))
            .map(|v| {
                let edge = match (v.parent.and_then(|p| m.node(p)), v.action) {
                    (Some(p), Some(a)) => {
                        g.state_label(&v.state).unwrap_or_else(|| g.action_name(&p.state, a))
                    }
                    _ => String::new(),
                };
                MctsShown {
                    parent: v.parent,
                    edge,
                    n: f64::from(v.n),
                    w: v.w,
                    to_move: match v.to_move {
                        ToMove::Player(p) => Some(p.0),
                        ToMove::Chance => None,
                    },
                    terminal: v.terminal,
                    proof: v.proof.map(|p| p.outcome),
                }
            })
            .collect()
    }

    fn marks<A>(events: &[Event<A>]) -> Vec<MctsMark> {
        events
            .iter()
            .filter_map(|e| {
                let phase = mcts_phase(e)?;
                Some(match *e {
                    Event::MctsSelect { node, child, .. } | Event::MctsExpand { node, child, .. } => {
                        MctsMark { phase, node, child: Some(child) }
                    }
                    Event::MctsRollout { node, .. } | Event::MctsBackup { node, .. } => {
                        MctsMark { phase, node, child: None }
                    }
                    _ => return None,
                })
            })
            .collect()
    }

    /// `problems` over an MCTS run after 1, 5 and 50 iterations, at the end of every phase of
    /// the last one, with no node, the root and the newest node inspected, normal and
    /// compact, in views 1280 and 360 px wide. Returns the number of texts checked.
    fn check_run<G: Game + Clone>(
        game: &G,
        root: G::State,
        opts: MctsOptions,
        players: usize,
        what: &str,
    ) -> usize {
        let mut m = Mcts::new(game.clone(), root, opts);
        let mut done = 0;
        let mut texts = 0;
        for target in [1u32, 5, 50] {
            m.run(target - 1 - done);
            let mut ev: Vec<Event<G::Action>> = Vec::new();
            m.run_observed(1, &mut ev);
            done = target;
            let marks = marks(&ev);
            let nodes = shown(&m);
            let mut ends: Vec<usize> =
                (1..marks.len()).filter(|&k| marks[k].phase != marks[k - 1].phase).collect();
            ends.insert(0, 0);
            ends.push(marks.len());
            let last = nodes.len() as u32 - 1;
            for &end in &ends {
                for selected in [None, Some(0), Some(last)] {
                    let fig = mcts_figure(nodes.clone(), &marks[..end], players, m.best_child(), selected);
                    for compact in [false, true] {
                        let d = mcts_drawing(&fig, compact);
                        for view in [1280.0, 360.0] {
                            let p = super::super::place::problems(&fig, &d, view);
                            assert!(
                                p.is_empty(),
                                "{what}: after {target} iterations, {end} events, inspected {selected:?}, compact {compact}, {view} px:\n{}",
                                p.join("\n")
                            );
                        }
                        texts += d.labels.len();
                    }
                }
            }
        }
        texts
    }

    #[test]
    fn mcts_on_every_lesson_tree_places_its_texts_apart() {
        let mut texts = 0;
        for text in super::super::tests::lesson_trees() {
            let t = Tree::try_parse(&text).unwrap();
            for solver in [false, true] {
                let opts = MctsOptions { seed: 7, solver: solver && t.players() == 2, ..Default::default() };
                texts += check_run(&t, t.initial_state(), opts, t.players(), &t.to_text());
            }
        }
        assert!(texts > 5_000, "{texts} texts checked");
    }

    #[test]
    fn mcts_on_generated_trees_places_its_texts_apart() {
        let mut rng = crate::rng::Rng::new(20261205);
        let mut texts = 0;
        for k in 0..60u64 {
            let params = super::super::tests::generated_params(k as usize);
            let t = Tree::random(&mut rng, &params);
            let opts = MctsOptions { seed: k, ..Default::default() };
            texts += check_run(&t, t.initial_state(), opts, t.players(), &t.to_text());
        }
        assert!(texts > 20_000, "{texts} texts checked");
    }

    #[test]
    fn mcts_on_tic_tac_toe_places_its_texts_apart() {
        let mut texts = 0;
        for (moves, seed) in [("", 1), ("4,0,8", 2), ("4,0", 3), ("0,4,8,2", 4)] {
            let root = TicTacToe.try_parse_moves(moves).unwrap();
            for solver in [false, true] {
                let opts = MctsOptions { seed, solver, ..Default::default() };
                texts += check_run(&TicTacToe, root, opts, 2, moves);
            }
        }
        assert!(texts > 5_000, "{texts} texts checked");
    }

    #[test]
    fn the_figure_shows_w_n_proofs_phases_and_the_decision() {
        let nodes = vec![
            MctsShown {
                parent: None,
                edge: String::new(),
                n: 3.0,
                w: 1.5,
                to_move: Some(0),
                terminal: false,
                proof: None,
            },
            MctsShown {
                parent: Some(0),
                edge: "a1".into(),
                n: 2.0,
                w: 2.0,
                to_move: Some(1),
                terminal: false,
                proof: Some(Outcome::Win),
            },
            MctsShown {
                parent: Some(0),
                edge: "a2".into(),
                n: 0.0,
                w: 0.0,
                to_move: None,
                terminal: true,
                proof: None,
            },
        ];
        let ev = [
            MctsMark { phase: MctsPhase::Select, node: 0, child: Some(1) },
            MctsMark { phase: MctsPhase::Rollout, node: 1, child: None },
        ];
        let f = mcts_figure(nodes.clone(), &ev, 2, Some(1), Some(2));
        let texts: Vec<_> =
            f.nodes.iter().map(|n| (n.text.clone().unwrap(), n.tag.clone(), n.state, n.bold)).collect();
        assert_eq!(
            texts,
            vec![
                ("1.5/3".to_string(), None, FigState::Open, false),
                ("2/2 +∞".to_string(), Some("ROLLOUT".to_string()), FigState::Current, true),
                ("0/0".to_string(), Some("INSPECTED".to_string()), FigState::Unvisited, false),
            ]
        );
        assert_eq!(f.nodes[0].label, "root");
        assert_eq!(f.nodes[1].edge, "a1");
        assert_eq!((f.nodes[1].kind, f.nodes[2].kind), (FigKind::Min, FigKind::Terminal));
        let d = mcts_drawing(&f, false);
        assert_eq!(d.ring, Some(1));
        let shown: Vec<_> = d.labels.iter().map(|l| (l.node, l.kind, l.text.as_str())).collect();
        use super::super::place::LabelKind as K;
        assert_eq!(
            shown,
            vec![
                (1, K::Edge, "a1"),
                (2, K::Edge, "a2"),
                (0, K::Name, "root"),
                (0, K::Value, "1.5/3"),
                (1, K::Tag, "ROLLOUT"),
                (1, K::Value, "2/2 +∞"),
                (2, K::Tag, "INSPECTED"),
                (2, K::Value, "0/0"),
            ]
        );
        // An event naming no node is left out.
        let g =
            mcts_figure(nodes, &[MctsMark { phase: MctsPhase::Backup, node: 9, child: None }], 2, None, None);
        assert!(g.nodes.iter().all(|n| n.tag.is_none() && n.state != FigState::Current));
    }
}
