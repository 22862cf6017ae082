//! Target `moves`: `TicTacToe::try_parse_moves` and `C4Position::try_parse` (which
//! `Connect4::try_parse_moves`, `Game.create` in wasm and `plyground solve` use) against an
//! oracle that plays the moves one at a time with `try_result`.
//!
//! Properties: never a panic; a string the oracle can play gives exactly the oracle's
//! position (and for Connect-4 the same move list and move string); any other string is
//! refused with a message naming the first bad character (`bad character 'x' at position N`)
//! or the first illegal move (`move N`), as the oracle finds it.

use crate::corpus::{self, Seed};
use crate::{run_property, Failure};
use plyground::games::connect4::{C4Position, Connect4};
use plyground::games::tictactoe::TicTacToe;
use plyground::Game;
use proptest::prelude::*;

/// Which game a move string is for.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Which {
    Ttt,
    C4,
}

/// The oracle's verdict on a move string.
#[derive(Clone, Debug, PartialEq)]
enum Verdict {
    /// Every move legal: the moves played.
    Legal(Vec<u8>),
    /// The message must contain this.
    Refused(String),
}

fn oracle_ttt(text: &str) -> Verdict {
    // Every character is checked before any move is played.
    let mut moves = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        match ch {
            '0'..='8' => moves.push(ch as u8 - b'0'),
            ',' | ' ' | '\t' => {}
            _ => return Verdict::Refused(format!("bad character '{ch}' at position {}", i + 1)),
        }
    }
    let g = TicTacToe;
    let mut s = g.initial_state();
    for (i, &m) in moves.iter().enumerate() {
        match g.try_result(&s, m) {
            Ok(n) => s = n,
            Err(_) => return Verdict::Refused(format!("move {} ({m})", i + 1)),
        }
    }
    Verdict::Legal(moves)
}

fn oracle_c4(text: &str) -> Verdict {
    let g = Connect4;
    let mut s = g.initial_state();
    let mut moves = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        let n = i + 1;
        let Some(d) = ch.to_digit(10) else {
            return Verdict::Refused(format!("bad character '{ch}' at position {n}"));
        };
        if d == 0 || d > 7 {
            return Verdict::Refused(format!("move {n}: column {d} is off the board"));
        }
        match g.try_result(&s, d as u8 - 1) {
            Ok(next) => s = next,
            Err(_) => return Verdict::Refused(format!("move {n}:")),
        }
        moves.push(d as u8 - 1);
    }
    Verdict::Legal(moves)
}

/// Every property of one move string.
pub fn check(which: Which, text: &str) -> Result<(), String> {
    match which {
        Which::Ttt => {
            let got = TicTacToe.try_parse_moves(text);
            match (oracle_ttt(text), got) {
                (Verdict::Legal(moves), Ok(s)) => {
                    let g = TicTacToe;
                    let want = moves.iter().fold(g.initial_state(), |s, &m| g.result(&s, m));
                    if s != want {
                        return Err(format!("ttt '{text}': a different position than the moves {moves:?}"));
                    }
                    let again = TicTacToe.try_from_moves(&moves).map_err(|e| e.message)?;
                    if again != s {
                        return Err(format!("ttt '{text}': try_from_moves disagrees"));
                    }
                }
                (Verdict::Legal(moves), Err(e)) => {
                    return Err(format!("ttt '{text}': legal moves {moves:?} refused: {}", e.message))
                }
                (Verdict::Refused(why), Ok(_)) => return Err(format!("ttt '{text}': accepted, but {why}")),
                (Verdict::Refused(why), Err(e)) => {
                    if !e.message.contains(&why) {
                        return Err(format!("ttt '{text}': message '{}' does not say '{why}'", e.message));
                    }
                }
            }
        }
        Which::C4 => {
            let got = C4Position::try_parse(text);
            match (oracle_c4(text), got) {
                (Verdict::Legal(moves), Ok(p)) => {
                    let g = Connect4;
                    let want = moves.iter().fold(g.initial_state(), |s, &m| g.result(&s, m));
                    if p.state != want || p.moves != moves {
                        return Err(format!("c4 '{text}': a different position than the moves {moves:?}"));
                    }
                    if p.move_string() != text {
                        return Err(format!("c4 '{text}': move string comes back as '{}'", p.move_string()));
                    }
                    let direct = Connect4.try_parse_moves(text).map_err(|e| e.message)?;
                    let replay = Connect4.try_from_moves(&moves).map_err(|e| e.message)?;
                    if direct != want || replay != want || want.moves() as usize != moves.len() {
                        return Err(format!("c4 '{text}': try_parse_moves/try_from_moves disagree"));
                    }
                    // Undo walks back to the empty board.
                    let mut q = p.clone();
                    for _ in 0..moves.len() {
                        q.undo().ok_or("undo ran out")?;
                    }
                    if q.state != g.initial_state() || q.undo().is_some() {
                        return Err(format!("c4 '{text}': undo does not return to the empty board"));
                    }
                }
                (Verdict::Legal(moves), Err(e)) => {
                    return Err(format!("c4 '{text}': legal moves {moves:?} refused: {}", e.message))
                }
                (Verdict::Refused(why), Ok(_)) => return Err(format!("c4 '{text}': accepted, but {why}")),
                (Verdict::Refused(why), Err(e)) => {
                    if !e.message.contains(&why) {
                        return Err(format!("c4 '{text}': message '{}' does not say '{why}'", e.message));
                    }
                }
            }
        }
    }
    Ok(())
}

/// A random game as a move list: mostly legal moves, sometimes anything.
fn playout(which: Which) -> impl Strategy<Value = String> {
    let (n, len) = match which {
        Which::Ttt => (9u8, 0usize..12),
        Which::C4 => (7u8, 0usize..50),
    };
    (prop::collection::vec(any::<prop::sample::Index>(), len), 0u8..4, any::<u64>()).prop_map(
        move |(picks, style, noise)| {
            let mut moves = Vec::new();
            match which {
                Which::Ttt => {
                    let g = TicTacToe;
                    let mut s = g.initial_state();
                    for (k, p) in picks.iter().enumerate() {
                        let mut legal = Vec::new();
                        g.actions(&s, &mut legal);
                        // One move in eight is any cell (often illegal), the rest legal ones.
                        let m = if legal.is_empty() || (noise >> (k % 64)) & 7 == 0 {
                            p.index(n as usize) as u8
                        } else {
                            *p.get(&legal)
                        };
                        moves.push(m);
                        if let Ok(next) = g.try_result(&s, m) {
                            s = next;
                        }
                    }
                    let sep = [",", "", " ", ", \t"][style as usize];
                    moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(sep)
                }
                Which::C4 => {
                    let g = Connect4;
                    let mut s = g.initial_state();
                    for (k, p) in picks.iter().enumerate() {
                        let mut legal = Vec::new();
                        g.actions(&s, &mut legal);
                        let m = if legal.is_empty() || (noise >> (k % 64)) & 15 == 0 {
                            p.index(9) as u8
                        } else {
                            *p.get(&legal)
                        };
                        moves.push(m);
                        if let Ok(next) = g.try_result(&s, m.min(6)) {
                            if m < 7 {
                                s = next;
                            }
                        }
                    }
                    // 0-based columns 0..=6 are written 1..=7; 7 and 8 are written '8' and '0'.
                    moves
                        .iter()
                        .map(|&m| {
                            char::from(match m {
                                0..=6 => b'1' + m,
                                7 => b'8',
                                _ => b'0',
                            })
                        })
                        .collect()
                }
            }
        },
    )
}

/// Characters that look like moves and separators, and others.
fn noisy(which: Which) -> impl Strategy<Value = String> {
    let alphabet = match which {
        Which::Ttt => "[0-9, \\t;x\u{2212}\u{0661}\u{ff14}\\n\\x00-\\x1f\u{80}-\u{10ffff}]{0,14}",
        Which::C4 => "[0-9 \\t,\u{0664}\u{ff14}\u{1d7dc}\\x00-\\x1f\u{80}-\u{10ffff}]{0,45}",
    };
    prop_oneof![3 => playout(which), 1 => alphabet, 1 => ".{0,20}"]
}

fn seed_text(which: Which, text: &str) -> String {
    let g = if which == Which::Ttt { "ttt" } else { "c4" };
    format!("game: {g}\ninput: {}\n", corpus::escape(text.as_bytes()))
}

/// The properties of the `moves` target.
pub fn run(cases: u32, seed: u64, execs: &mut u64) -> Result<(), Failure> {
    for which in [Which::Ttt, Which::C4] {
        let name = if which == Which::Ttt { "moves-ttt" } else { "moves-c4" };
        run_property(
            name,
            noisy(which),
            cases * 2,
            seed,
            execs,
            |t| seed_text(which, t),
            |t| check(which, t),
        )?;
    }
    Ok(())
}

/// Checks one stored seed (`game: ttt|c4`, `input: …`; invalid UTF-8 is replaced first).
pub fn check_seed(seed: &Seed) -> Result<(), String> {
    let which = match seed.get("game") {
        Some("ttt") => Which::Ttt,
        Some("c4") => Which::C4,
        g => return Err(format!("a moves seed needs 'game: ttt' or 'game: c4' (got {g:?})")),
    };
    let text = String::from_utf8_lossy(&seed.input);
    check(which, &text)?;
    let legal = match which {
        Which::Ttt => TicTacToe.try_parse_moves(&text).is_ok(),
        Which::C4 => C4Position::try_parse(&text).is_ok(),
    };
    match seed.get("expect") {
        Some("ok") if !legal => Err("expected a legal move string".into()),
        Some("error") if legal => Err("expected the move string to be refused".into()),
        _ => Ok(()),
    }
}
