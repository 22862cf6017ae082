//! The picture of an MCTS tree at one point of its stepping, placed as every other figure
//! is ([`place`](super::place)): each node's W/N (with MCTS-Solver's proof mark after it:
//! +∞ a proven win, −∞ a proven loss, = a proven draw, for the player who moved into it),
//! "root" left of the root, the move on each edge, and a badge naming the phase just shown
//! on the node it acted on (ringed), or "INSPECTED" on the node whose UCB1 table is open.
//! Every node the iteration's events touched is open; a visited node is done, an unvisited
//! one (N = 0) unvisited; the edge into the decision (the most-visited root child, or the
//! proof's choice) is bold.
//!
//! Room for a badge is kept only at the nodes the iteration's badge visits, at every phase
//! of it ([`FigNode::tag_room`]), and at the inspected node: the badge going from node to
//! node as the phases are stepped moves nothing else (the texts' own changes, a new node, N
//! and W, may), and the rest of the tree is as narrow as its texts. [`place::problems`](super::place::problems) checks the result as it
//! checks a search's figure (the tests run it over MCTS runs on every lesson tree, on
//! generated trees and on tic-tac-toe).
//!
//! What is pictured is an [`MctsPicture`]: the tree's numbers and moves and the iteration's
//! events, nothing of the game. As numbers and moves ([`MctsPicture::to_numbers`],
//! [`MctsPicture::from_numbers`]) it goes from a module that steps a game's MCTS but has no
//! placement to one that has it (the browser's games and tree modules).

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

/// An MCTS tree at one point of its stepping: what its figure shows.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct MctsPicture {
    /// The tree's nodes, by index (parents first).
    pub nodes: Vec<MctsShown>,
    /// The iteration's events, all of them (the badge's room is kept on every node they act on).
    pub events: Vec<MctsMark>,
    /// How many of `events` have been shown.
    pub shown: usize,
    /// Players in the game (2 draws MAX ▲ and MIN ▼; more, numbered polygons).
    pub players: usize,
    /// The decision (its edge bold).
    pub decided: Option<u32>,
    /// The node whose UCB1 table is open ("INSPECTED").
    pub selected: Option<u32>,
}

/// The badges a node may show.
pub const TAGS: [&str; 5] = ["SELECT", "EXPAND", "ROLLOUT", "BACKUP", "INSPECTED"];

/// The badge of a phase.
pub fn phase_tag(p: MctsPhase) -> &'static str {
    TAGS[phase_index(p)]
}

fn phase_index(p: MctsPhase) -> usize {
    match p {
        MctsPhase::Select => 0,
        MctsPhase::Expand => 1,
        MctsPhase::Rollout => 2,
        MctsPhase::Backup => 3,
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

impl MctsPicture {
    /// The figure. A node whose parent does not come before it is drawn as a root; an event
    /// or id naming no node is left out (the stepper never gives either).
    pub fn figure(&self) -> Figure {
        let players = self.players;
        let mut fig: Vec<FigNode> = Vec::with_capacity(self.nodes.len());
        for (i, m) in self.nodes.iter().enumerate() {
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
                edge: if root.is_empty() { m.edge.clone() } else { String::new() },
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
                tag_room: 0.0,
                board: None,
            });
            if let Some(p) = parent {
                fig[p as usize].children.push(i as u32);
            }
        }
        let shown = &self.events[..self.shown.min(self.events.len())];
        for e in shown {
            for v in [Some(e.node), e.child].into_iter().flatten() {
                if let Some(n) = fig.get_mut(v as usize) {
                    n.state = FigState::Open;
                }
            }
        }
        // The room of the widest phase badge on every node the iteration's badge visits.
        let phase_room = TAGS[..4].iter().map(|t| tag_width(t)).fold(0.0, f64::max);
        for k in 1..=self.events.len() {
            if let Some(n) = fig.get_mut(acted_on(&self.events[..k]) as usize) {
                n.tag_room = phase_room;
            }
        }
        if let (Some(last), Some(n)) = (shown.last(), fig.get_mut(acted_on(shown) as usize)) {
            n.state = FigState::Current;
            n.tag = Some(phase_tag(last.phase).into());
        }
        if let Some(n) = self.decided.and_then(|b| fig.get_mut(b as usize)) {
            n.bold = true;
        }
        if let Some(n) = self.selected.and_then(|s| fig.get_mut(s as usize)) {
            n.tag.get_or_insert_with(|| TAGS[4].into());
            n.tag_room = n.tag_room.max(tag_width(TAGS[4]));
        }
        Figure {
            nodes: fig,
            players: players.max(2),
            step: 0,
            steps: 0,
            narration: String::new(),
            stem_texts: false,
        }
    }

    /// The picture as numbers (the moves aside: a node's `edge`, as the stepper's records
    /// give it), for a module that has no placement to hand to one that has: players, events
    /// shown, decided, selected,
    /// the number of events; per event its phase (0 select, 1 expand, 2 rollout, 3 backup),
    /// node and child; per node its parent, N, W, player to move, terminal (0 or 1) and proof
    /// (0 none, 1 win, 2 loss, 3 draw); −1 for none.
    pub fn to_numbers(&self) -> Vec<f64> {
        let opt = |v: Option<u32>| v.map_or(-1.0, f64::from);
        let mut out = vec![
            self.players as f64,
            self.shown as f64,
            opt(self.decided),
            opt(self.selected),
            self.events.len() as f64,
        ];
        for e in &self.events {
            out.extend([phase_index(e.phase) as f64, f64::from(e.node), opt(e.child)]);
        }
        for m in &self.nodes {
            let proof = match m.proof {
                None => 0.0,
                Some(Outcome::Win) => 1.0,
                Some(Outcome::Loss) => 2.0,
                Some(Outcome::Draw) => 3.0,
            };
            let to_move = m.to_move.map_or(-1.0, f64::from);
            out.extend([opt(m.parent), m.n, m.w, to_move, f64::from(u8::from(m.terminal)), proof]);
        }
        out
    }

    /// A picture from [`MctsPicture::to_numbers`]'s numbers and the nodes' moves (the root's
    /// is not shown); an error names the first number out of its range.
    pub fn from_numbers(numbers: &[f64], edges: Vec<String>) -> Result<MctsPicture, String> {
        let mut k = 0;
        // The next number: an integer from −1 (none, when `none`) to `max`; any finite one
        // when `max` is infinite.
        let mut next = |max: f64, none: bool| {
            let x = numbers.get(k).copied().unwrap_or(f64::NAN);
            k += 1;
            let ok = if max.is_infinite() {
                x.is_finite()
            } else {
                x.fract() == 0.0 && x >= if none { -1.0 } else { 0.0 } && x <= max
            };
            if ok {
                Ok(x)
            } else {
                Err(format!("MCTS picture: number {} is out of its range (or missing)", k - 1))
            }
        };
        let opt = |x: f64| (x >= 0.0).then_some(x as u32);
        let big = f64::from(u32::MAX);
        let players = next(255.0, false)?.max(1.0) as usize;
        let shown = next(big, false)? as usize;
        let decided = opt(next(big, true)?);
        let selected = opt(next(big, true)?);
        let count = next(big, false)? as usize;
        if numbers.len() != 5 + 3 * count + 6 * edges.len() || shown > count {
            return Err(format!(
                "MCTS picture: {} numbers, not those of {count} events ({shown} shown) and {} nodes",
                numbers.len(),
                edges.len()
            ));
        }
        let mut pic = MctsPicture { players, shown, decided, selected, ..Default::default() };
        for _ in 0..count {
            let phase = [MctsPhase::Select, MctsPhase::Expand, MctsPhase::Rollout, MctsPhase::Backup]
                [next(3.0, false)? as usize];
            let node = next(big, false)? as u32;
            pic.events.push(MctsMark { phase, node, child: opt(next(big, true)?) });
        }
        for edge in edges {
            let parent = opt(next(big, true)?);
            let n = next(big, false)?;
            let w = next(f64::INFINITY, false)?;
            let to_move = opt(next(255.0, true)?).map(|p| p as u8);
            let terminal = next(1.0, false)? == 1.0;
            let proof = [None, Some(Outcome::Win), Some(Outcome::Loss), Some(Outcome::Draw)]
                [next(3.0, false)? as usize];
            pic.nodes.push(MctsShown { parent, edge, n, w, to_move, terminal, proof });
        }
        Ok(pic)
    }
}

/// `fig` placed, normal or `compact` (the room for badges is the nodes' own:
/// [`FigNode::tag_room`]).
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
    /// compact (the phone's; the scale is the same in a view of any width). Returns the number
    /// of texts checked.
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
            for selected in [None, Some(0), Some(last)] {
                let mut pic = MctsPicture {
                    nodes: nodes.clone(),
                    events: marks.clone(),
                    shown: 0,
                    players,
                    decided: m.best_child(),
                    selected,
                };
                for compact in [false, true] {
                    // With the tree's numbers fixed, the badge going from node to node as the
                    // phases are stepped moves nothing else.
                    let mut placed: Option<(Vec<f64>, Vec<f64>)> = None;
                    for &end in &ends {
                        pic.shown = end;
                        let fig = pic.figure();
                        let d = mcts_drawing(&fig, compact);
                        let p = super::super::place::problems(&fig, &d);
                        assert!(
                            p.is_empty(),
                            "{what}: after {target} iterations, {end} events, inspected {selected:?}, compact {compact}:\n{}",
                            p.join("\n")
                        );
                        let xy = (d.place.x.clone(), d.place.y.clone());
                        assert_eq!(
                            placed.get_or_insert_with(|| xy.clone()),
                            &xy,
                            "{what}: {end} events moved the tree"
                        );
                        texts += d.labels.len();
                    }
                }
                let (numbers, edges) = (pic.to_numbers(), pic.nodes.iter().map(|m| m.edge.clone()).collect());
                assert_eq!(MctsPicture::from_numbers(&numbers, edges).as_ref(), Ok(&pic), "{what}");
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
        let pic = MctsPicture {
            nodes,
            events: ev.to_vec(),
            shown: 2,
            players: 2,
            decided: Some(1),
            selected: Some(2),
        };
        let f = pic.figure();
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
        // Room for a phase badge at the nodes the iteration's badge visits (the root's
        // child 1: selected into, rolled out from), for "INSPECTED" at the inspected node.
        let room: Vec<f64> = f.nodes.iter().map(|n| n.tag_room).collect();
        assert_eq!(room, vec![0.0, tag_width("ROLLOUT"), tag_width("INSPECTED")]);
        // Before the first event: no badge, the same room.
        let g = MctsPicture { shown: 0, ..pic.clone() }.figure();
        assert_eq!(g.nodes.iter().map(|n| n.tag_room).collect::<Vec<_>>(), room);
        assert_eq!(g.nodes[1].tag, None);
        // An event naming no node is left out.
        let events = vec![MctsMark { phase: MctsPhase::Backup, node: 9, child: None }];
        let g = MctsPicture { events, shown: 1, selected: None, ..pic.clone() }.figure();
        assert!(g.nodes.iter().all(|n| n.tag.is_none() && n.state != FigState::Current));
        // As numbers and moves, exactly; numbers out of range are refused, naming the first.
        let numbers = pic.to_numbers();
        let edges: Vec<String> = ["", "a1", "a2"].map(String::from).to_vec();
        #[rustfmt::skip]
        assert_eq!(numbers, vec![
            2.0, 2.0, 1.0, 2.0, 2.0,
            0.0, 0.0, 1.0, 2.0, 1.0, -1.0,
            -1.0, 3.0, 1.5, 0.0, 0.0, 0.0,
            0.0, 2.0, 2.0, 1.0, 0.0, 1.0,
            0.0, 0.0, 0.0, -1.0, 1.0, 0.0,
        ]);
        assert_eq!(MctsPicture::from_numbers(&numbers, edges.clone()), Ok(pic.clone()));
        let out_of_range = |k: usize| format!("MCTS picture: number {k} is out of its range (or missing)");
        for (k, x) in [(0, 0.5), (1, -1.0), (5, 4.0), (12, 0.5), (13, f64::NAN), (16, 4.0)] {
            let mut bad = numbers.clone();
            bad[k] = x;
            assert_eq!(MctsPicture::from_numbers(&bad, edges.clone()), Err(out_of_range(k)), "{k}");
        }
        assert_eq!(MctsPicture::from_numbers(&[], Vec::new()), Err(out_of_range(0)));
        assert_eq!(
            MctsPicture::from_numbers(&numbers[..28], edges.clone()),
            Err("MCTS picture: 28 numbers, not those of 2 events (2 shown) and 3 nodes".into())
        );
        assert_eq!(
            MctsPicture::from_numbers(&[2.0, 3.0, -1.0, -1.0, 2.0], Vec::new()),
            Err("MCTS picture: 5 numbers, not those of 2 events (3 shown) and 0 nodes".into())
        );
    }
}
