//! The words around the figures, from what the searches did; front ends show these strings
//! as they are and decide nothing.
//!
//! - [`trace`]: figure text from a recorded depth-first trace: what each node's value is
//!   known to be ([`Known`], [`Proven`]), the result line and the caption of a search
//!   (`Trace::known`, `Trace::proven`, `Trace::result_line`, `Trace::caption`).
//! - Here, the words that are not a depth-first trace: MCTS narration by phase, the MCTS
//!   decision line, proven outcomes ("wins in n") and which algorithms apply to an explicit
//!   tree.

pub mod trace;

pub use trace::{Known, Proven};

use crate::event::Event;
use crate::game::Player;
use crate::games::connect4::C4State;
use crate::games::tictactoe::{TicTacToe, TttState};
use crate::games::tree::{Kind, Tree};
use crate::trace::fmt_value;

/// Four decimals, as the lessons' UCB1 exercise prints them ("0.7000", "+∞").
pub fn fmt4(x: f64) -> String {
    if x == f64::INFINITY {
        "+∞".to_string()
    } else if x == f64::NEG_INFINITY {
        "−∞".to_string()
    } else {
        let s = crate::decimal::fixed(x, 4);
        match s.strip_prefix('-') {
            Some(rest) => format!("−{rest}"),
            None => s,
        }
    }
}

/// Three decimals, for averages Q = W/N ("0.700").
fn fmt3(x: f64) -> String {
    let s = crate::decimal::fixed(x, 3);
    match s.strip_prefix('-') {
        Some(rest) => format!("−{rest}"),
        None => s,
    }
}

/// A proven game result, for the player to move at the position it is read at: a value that
/// no evaluation function gives (Connect-4: |v| ≥ 1, EVAL stays inside (−1, 1); the engines'
/// tic-tac-toe: ±(1 + empty cells), see [`TicTacToe::FAST_WINS`]) is a win or a loss in a known
/// number of plies, not an estimate. The words for a front end: [`Outcome::words`].
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Outcome {
    /// The player to move wins (else loses).
    pub wins: bool,
    /// Plies (moves of either side) until the game ends that way.
    pub plies: u32,
}

impl Outcome {
    /// "wins in 1", "loses in 4".
    pub fn words(&self) -> String {
        format!("{} in {}", if self.wins { "wins" } else { "loses" }, self.plies)
    }

    /// "win in 1", "loss in 4" (as a per-move label: "★ win in 1").
    pub fn short(&self) -> String {
        format!("{} in {}", if self.wins { "win" } else { "loss" }, self.plies)
    }

    /// What a Connect-4 value (utility to MAX, 22 − the winner's stones) at `s` proves: the
    /// winner's k-th stone ends the game on move 2k − 1 (X, MAX) or 2k (O). None for values
    /// inside (−1, 1) (draws and EVAL estimates) or values no game reaches from `s`.
    pub fn connect4(s: &C4State, value_to_max: f64) -> Option<Outcome> {
        let m = value_to_max.abs();
        if m < 1.0 || m.fract() != 0.0 || m > 21.0 {
            return None;
        }
        let stones = 22 - m as u32;
        let end = if value_to_max > 0.0 { 2 * stones - 1 } else { 2 * stones };
        let plies = end.checked_sub(u32::from(s.moves()))?;
        if plies == 0 {
            return None;
        }
        let max_wins = value_to_max > 0.0;
        Some(Outcome { wins: max_wins == (s.side_to_move() == Player::MAX), plies })
    }

    /// What a value of the engines' tic-tac-toe ([`TicTacToe::FAST_WINS`]) at `s` proves.
    pub fn tictactoe(s: &TttState, value_to_max: f64) -> Option<Outcome> {
        TicTacToe::outcome(s, value_to_max).map(|(wins, plies)| Outcome { wins, plies })
    }
}

/// The searches that apply to an explicit tree, the first one the default: utility tuples
/// can only be searched by max^n; a tree with chance nodes by expectiminimax (or α-β with
/// chance nodes, as the lessons' \*-minimax); a two-player tree by minimax or α-β.
pub fn algorithms_for(tree: &Tree) -> &'static [&'static str] {
    if tree.has_tuples() {
        &["maxn"]
    } else if (0..tree.node_count() as u32).any(|id| tree.kind(id) == Some(Kind::Chance)) {
        &["expectiminimax", "alphabeta"]
    } else {
        &["minimax", "alphabeta"]
    }
}

/// An MCTS node's name from the labels on the path from the root: "the root", "node 4·0".
pub fn mcts_node_name(path_labels: &[String]) -> String {
    if path_labels.is_empty() {
        "the root".to_string()
    } else {
        format!("node {}", path_labels.join("·"))
    }
}

/// Why a terminal node is scored without random moves, for [`mcts_narration`]'s `settled`.
pub const TERMINAL_SCORED: &str = "is terminal, so its utilities are the rewards";

/// Why a node that MCTS-Solver proved (`proof`: "proven win for X") is scored without random
/// moves, for [`mcts_narration`]'s `settled`.
pub fn proof_scored(proof: &str) -> String {
    format!("is a {proof}, so it is scored by its proof instead of random moves, with rewards")
}

/// One sentence for the last phase shown of an MCTS iteration, or the sentence before the
/// first iteration when nothing is shown. `shown`: the iteration's events up to the phase on
/// show (the last phase event is narrated; the rest say where the iteration went). `name`
/// names arena nodes (see [`mcts_node_name`]); `sides` names the players in the rollout's
/// rewards ("X", "O"); `completed`: the iteration just finished, when the picture is at an
/// iteration's end ("Iteration 12 complete. BACKUP: …"); `settled`: why a node is scored
/// without random moves ([`TERMINAL_SCORED`] or [`proof_scored`]; `None` for the others).
#[inline(never)] // one copy in the wasm module, not one per game's MCTS stepper
pub fn mcts_narration<A>(
    shown: &[Event<A>],
    name: &dyn Fn(u32) -> String,
    sides: &[String],
    completed: Option<u32>,
    settled: &dyn Fn(u32) -> Option<String>,
) -> String {
    let phase = |e: &&Event<A>| crate::search::mcts::mcts_phase(e).is_some();
    let Some(e) = shown.iter().rev().find(phase) else {
        return "Before the first iteration: the tree is just the root.".to_string();
    };
    let prefix = completed.map_or(String::new(), |k| format!("Iteration {k} complete. "));
    let line = match *e {
        Event::MctsSelect { node, child, exploitation, exploration } => format!(
            "SELECT: from {} follow the child with the largest UCB1, {} ({} + {} = {}).",
            name(node),
            name(child),
            fmt4(exploitation),
            fmt4(exploration),
            fmt4(exploitation + exploration)
        ),
        Event::MctsExpand { node, child, .. } => {
            format!("EXPAND: {} has an untried action; add the child {}.", name(node), name(child))
        }
        Event::MctsRollout { node, plies, reward } => {
            let k = sides.len().clamp(1, reward.len());
            let rewards: Vec<String> = reward[..k].iter().map(|&r| fmt_value(r)).collect();
            let rewards = format!("{} ({})", rewards.join(" / "), sides[..k].join(" / "));
            match settled(node).filter(|_| plies == 0) {
                // Terminal, or MCTS-Solver's proven node (its proof's reward): no playout.
                Some(why) => format!("ROLLOUT: none — {} {why}: {rewards}.", name(node)),
                None => format!(
                    "ROLLOUT: from {} play random moves to the end ({plies} {}): rewards {rewards}.",
                    name(node),
                    if plies == 1 { "ply" } else { "plies" },
                ),
            }
        }
        Event::MctsBackup { node, .. } => {
            // Selection stopped at the root (terminal, or proven by MCTS-Solver): no child is
            // on the path, so the root's N grows alone.
            let at_root = shown.iter().any(|e| matches!(e, Event::MctsRollout { node: 0, .. }));
            if at_root {
                "BACKUP: selection stopped at the root, so the result is added to the root's N and W only; \
                 its children keep theirs."
                    .to_string()
            } else {
                format!("BACKUP: add the result to N and W on the path back to the root (at {}).", name(node))
            }
        }
        _ => String::new(),
    };
    prefix + &line
}

/// A root child's statistics for the decision line.
#[derive(Clone, PartialEq, Debug)]
pub struct RootChild {
    /// The move's name as the figure shows it ("4", "a1").
    pub label: String,
    /// Visits N.
    pub n: f64,
    /// Average reward Q = W/N for the player to move at the root (0 when N = 0).
    pub q: f64,
}

/// The MCTS decision line: the move the search would make now (`chosen`, the core's
/// most-visited child) and what is true of it — that it also has the best average, or which
/// child has a better one and from how many visits. `prefix` goes before the move's name
/// ("cell ", "column ", "").
pub fn mcts_decision(children: &[RootChild], chosen: Option<usize>, prefix: &str) -> String {
    let Some(c) = chosen.and_then(|i| children.get(i)) else {
        return "No decision before the first iteration.".to_string();
    };
    let total: f64 = children.iter().map(|x| x.n).sum();
    let head = format!(
        "Decision now: {prefix}{} — the most-visited root child (N = {} of {})",
        c.label,
        fmt_value(c.n),
        fmt_value(total)
    );
    let better = children.iter().filter(|x| x.n > 0.0 && x.q > c.q).fold(None::<&RootChild>, |b, x| {
        if b.is_none_or(|b| x.q > b.q) {
            Some(x)
        } else {
            b
        }
    });
    match better {
        None => format!("{head}, which also has the best average (Q = {}).", fmt3(c.q)),
        Some(b) => format!(
            "{head}, not the best average: {prefix}{} has Q = {} against {} but only N = {} visits, so its average is less certain.",
            b.label,
            fmt3(b.q),
            fmt3(c.q),
            fmt_value(b.n)
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kids(v: &[(&str, f64, f64)]) -> Vec<RootChild> {
        v.iter().map(|&(l, n, q)| RootChild { label: l.to_string(), n, q }).collect()
    }

    #[test]
    fn the_decision_says_what_is_true_in_each_case() {
        let k = kids(&[("a1", 40.0, 0.7), ("a2", 50.0, 0.6), ("a3", 10.0, 0.8)]);
        assert_eq!(
            mcts_decision(&k, Some(1), ""),
            "Decision now: a2 — the most-visited root child (N = 50 of 100), not the best average: a3 has Q = \
             0.800 against 0.600 but only N = 10 visits, so its average is less certain."
        );
        let k = kids(&[("4", 60.0, 0.75), ("0", 30.0, 0.5), ("8", 10.0, 0.1)]);
        assert_eq!(
            mcts_decision(&k, Some(0), "cell "),
            "Decision now: cell 4 — the most-visited root child (N = 60 of 100), which also has the best average \
             (Q = 0.750)."
        );
        // A tie on Q is not "better".
        let k = kids(&[("1", 6.0, 0.5), ("2", 4.0, 0.5)]);
        assert!(
            mcts_decision(&k, Some(0), "column ").ends_with("which also has the best average (Q = 0.500).")
        );
        assert_eq!(mcts_decision(&k, None, ""), "No decision before the first iteration.");
    }

    #[test]
    fn mcts_phases_are_narrated_with_unicode_minus_and_plural() {
        let name = |id: u32| if id == 0 { "the root".to_string() } else { format!("node {id}") };
        let sides = vec!["X".to_string(), "O".to_string()];
        let open = |_: u32| None;
        let e: Event<u8> = Event::MctsSelect { node: 0, child: 3, exploitation: 0.7, exploration: 0.4798 };
        assert_eq!(
            mcts_narration(&[e], &name, &sides, None, &open),
            "SELECT: from the root follow the child with the largest UCB1, node 3 (0.7000 + 0.4798 = 1.1798)."
        );
        let mut reward = [0.0; crate::game::MAX_PLAYERS];
        reward[0] = -1.0;
        reward[1] = 1.0;
        let e: Event<u8> = Event::MctsRollout { node: 3, plies: 1, reward };
        assert_eq!(
            mcts_narration(&[e], &name, &sides, None, &open),
            "ROLLOUT: from node 3 play random moves to the end (1 ply): rewards −1 / 1 (X / O)."
        );
        let e: Event<u8> = Event::MctsRollout { node: 3, plies: 0, reward };
        let terminal = |_: u32| Some(TERMINAL_SCORED.to_string());
        assert_eq!(
            mcts_narration(&[e], &name, &sides, None, &terminal),
            "ROLLOUT: none — node 3 is terminal, so its utilities are the rewards: −1 / 1 (X / O)."
        );
        assert_eq!(
            mcts_narration::<u8>(&[], &name, &sides, None, &open),
            "Before the first iteration: the tree is just the root."
        );
        assert_eq!(mcts_node_name(&[]), "the root");
        assert_eq!(mcts_node_name(&["4".to_string(), "0".to_string()]), "node 4·0");
    }

    #[test]
    fn proven_values_read_as_wins_and_losses() {
        use crate::games::connect4::Connect4;
        // X to move after 4 4 5 5 6 6 (3 stones each): X wins with its 4th stone on move 7.
        let s = Connect4.try_parse_moves("445566").unwrap();
        let o = Outcome::connect4(&s, 22.0 - 4.0).unwrap();
        assert_eq!((o.words(), o.short()), ("wins in 1".to_string(), "win in 1".to_string()));
        assert_eq!(Outcome::connect4(&s, 0.48), None, "an estimate");
        assert_eq!(Outcome::connect4(&s, 0.0), None, "a draw");
        // Seen from O (after X's 4th stone is not yet played): a loss for the side to move.
        let s = Connect4.try_parse_moves("4455661").unwrap();
        assert_eq!(Outcome::connect4(&s, 22.0 - 5.0).map(|o| o.words()), Some("loses in 2".to_string()));
        let t = crate::games::tictactoe::TicTacToe.try_parse_moves("0 1 4 2").unwrap();
        assert_eq!(Outcome::tictactoe(&t, 5.0).map(|o| o.short()), Some("win in 1".to_string()));
        assert_eq!(Outcome::tictactoe(&t, 3.0).map(|o| o.short()), Some("win in 3".to_string()));
    }

    #[test]
    fn algorithms_come_from_the_tree() {
        let t = |s: &str| Tree::try_parse(s).unwrap();
        assert_eq!(algorithms_for(&t("[[3,12,8],[2,4,6]]")), ["minimax", "alphabeta"]);
        assert_eq!(algorithms_for(&t("[chance[0.5: 1, 0.5: 2], 3]")), ["expectiminimax", "alphabeta"]);
        assert_eq!(algorithms_for(&t("[(1,2,3),(3,2,1)]")), ["maxn"]);
    }
}
