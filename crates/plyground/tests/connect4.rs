//! Connect-4: perft, win detection, move strings, Zobrist hashing, exact solving of the
//! community test set `Test_L3_R1`, the evaluation, and a horizon-effect position.

use plyground::games::connect4::{has_four, winning_cells, C4Eval, C4Position, C4State, Connect4, WINDOWS};
use plyground::rng::Rng;
use plyground::search::alphabeta::{alpha_beta, alpha_beta_scores, h_alpha_beta, AlphaBetaOptions, NoEval};
use plyground::{Evaluator, Game, MoveOrder, NoObserver, Player};
use std::collections::HashMap;

use crate::data;

/// Bit of cell (col, row) in the documented layout (7 bits a column, bottom row first).
fn bit(col: i32, row: i32) -> u64 {
    1u64 << (col * 7 + row)
}

fn parse(moves: &str) -> C4State {
    Connect4.try_parse_moves(moves).unwrap_or_else(|e| panic!("{moves}: {e}"))
}

/// Leaves at depth `d`; won positions are not expanded (they count only at depth 0).
fn perft(g: &Connect4, s: &C4State, d: u32, buf: &mut Vec<Vec<u8>>) -> u64 {
    if d == 0 {
        return 1;
    }
    let mut acts = buf.pop().unwrap_or_default();
    acts.clear();
    g.actions(s, &mut acts);
    let n = acts.iter().map(|&a| perft(g, &g.result(s, a), d - 1, buf)).sum();
    buf.push(acts);
    n
}

#[test]
fn perft_from_the_empty_board_depths_1_to_8() {
    let g = Connect4;
    let expected = [7, 49, 343, 2_401, 16_807, 117_649, 823_536, 5_673_234];
    let mut buf = Vec::new();
    for (d, &n) in expected.iter().enumerate() {
        assert_eq!(perft(&g, &g.initial_state(), d as u32 + 1, &mut buf), n, "depth {}", d + 1);
    }
}

#[test]
fn actions_are_the_columns_not_full_left_to_right_and_none_once_over() {
    let g = Connect4;
    let mut rng = Rng::new(21);
    let mut acts = Vec::new();
    let mut seen_full = 0;
    for _ in 0..2_000 {
        let mut s = g.initial_state();
        loop {
            acts.clear();
            g.actions(&s, &mut acts);
            let want: Vec<u8> =
                if s.is_over() { Vec::new() } else { (0..7).filter(|&c| s.can_play(c)).collect() };
            assert_eq!(acts, want, "{}", s.board_string());
            seen_full += usize::from(!s.is_over() && want.len() < 7);
            if acts.is_empty() {
                break;
            }
            s = g.result(&s, acts[rng.below(acts.len() as u32) as usize]);
        }
    }
    assert!(seen_full > 1_000, "positions with full columns: {seen_full}");
}

#[test]
fn every_one_of_the_69_lines_of_four_is_detected_and_no_three_is() {
    let mut lines = Vec::new();
    for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
        for col in 0..7 {
            for row in 0..6 {
                let cells: Vec<(i32, i32)> = (0..4).map(|k| (col + k * dc, row + k * dr)).collect();
                if cells.iter().all(|&(c, r)| (0..7).contains(&c) && (0..6).contains(&r)) {
                    lines.push((dc == 0, cells));
                }
            }
        }
    }
    assert_eq!(lines.len(), 69);
    let mut windows: Vec<u64> = WINDOWS.to_vec();
    for (vertical, cells) in &lines {
        let four: u64 = cells.iter().map(|&(c, r)| bit(c, r)).sum();
        assert!(has_four(four), "{cells:?}");
        let i = windows.iter().position(|&w| w == four).expect("line missing from WINDOWS");
        windows.swap_remove(i);
        for &(c, r) in cells {
            let three = four & !bit(c, r);
            assert!(!has_four(three), "{cells:?} without ({c},{r})");
            // The missing cell completes the four (in a column, stones never float: only the
            // top cell can be the missing one).
            if *vertical && (c, r) != cells[3] {
                continue;
            }
            assert_ne!(winning_cells(three, three) & bit(c, r), 0, "{cells:?} missing ({c},{r})");
            // An opposing stone there kills it.
            assert_eq!(winning_cells(three, four) & bit(c, r), 0);
        }
    }
    assert!(windows.is_empty());
    // Nothing wraps from the top of one column to the bottom of the next: the empty
    // sentinel bit between them breaks every line.
    assert!(!has_four(bit(0, 3) | bit(0, 4) | bit(0, 5) | bit(1, 0)));
    assert!(!has_four(bit(0, 4) | bit(0, 5) | bit(1, 0) | bit(1, 1)));
}

/// The cells (col, row) of a four, 0-based.
type Line = [(u8, u8); 4];

/// (move string, winner, utility to MAX, the winning cells) — one game per direction,
/// touching the edges.
const WINS: [(&str, Player, f64, Line); 7] = [
    // Vertical in the left column, with X's 4th stone: the fastest win, +18.
    ("1212121", Player::MAX, 18.0, [(0, 0), (0, 1), (0, 2), (0, 3)]),
    // Vertical at the top of the left column (rows 3–6).
    ("21311213121", Player::MAX, 16.0, [(0, 2), (0, 3), (0, 4), (0, 5)]),
    // Horizontal on the bottom row, at the left edge.
    ("1122334", Player::MAX, 18.0, [(0, 0), (1, 0), (2, 0), (3, 0)]),
    // Horizontal on the bottom row, at the right edge.
    ("4455667", Player::MAX, 18.0, [(3, 0), (4, 0), (5, 0), (6, 0)]),
    // O wins on the bottom row with its 4th stone: −18 to MAX.
    ("72736465", Player::MIN, -18.0, [(1, 0), (2, 0), (3, 0), (4, 0)]),
    // Diagonal up-right from the bottom-left corner.
    ("12234334544", Player::MAX, 16.0, [(0, 0), (1, 1), (2, 2), (3, 3)]),
    // Diagonal up-left from the bottom-right corner (the mirror image).
    ("76654554344", Player::MAX, 16.0, [(3, 3), (4, 2), (5, 1), (6, 0)]),
];

#[test]
fn wins_in_every_direction_end_the_game_with_the_community_score() {
    let g = Connect4;
    for (moves, winner, u, line) in WINS {
        let s = parse(moves);
        assert!(g.is_terminal(&s), "{moves}");
        assert_eq!(s.winner(), Some(winner), "{moves}");
        assert_eq!(s.winning_line(), Some(line), "{moves}");
        assert_eq!(g.utility(&s, Player::MAX), u, "{moves}");
        assert_eq!(g.utility(&s, Player::MIN), -u, "{moves}");
        let mut acts = Vec::new();
        g.actions(&s, &mut acts);
        assert!(acts.is_empty(), "{moves}: a won game has no moves");
        // One move earlier the game was still on, and the last move was a winning move.
        let mut p = C4Position::try_parse(moves).unwrap();
        let last = p.undo().unwrap();
        assert!(!g.is_terminal(&p.state) && p.state.winner().is_none(), "{moves}");
        assert!(p.state.is_winning_move(last), "{moves}");
    }
}

/// A full board without a four (found by a seeded random search, then hard-coded).
const DRAW: &str = "141122453445373763661374266556211473572257";

#[test]
fn a_full_board_without_a_four_is_a_draw() {
    let g = Connect4;
    let s = parse(DRAW);
    assert_eq!(s.moves(), 42);
    assert!(g.is_terminal(&s));
    assert_eq!(s.winner(), None);
    assert_eq!(s.winning_line(), None);
    assert_eq!(g.utility(&s, Player::MAX), 0.0);
    assert_eq!(g.utility(&s, Player::MIN), 0.0);
    assert_eq!(s.board_string(), "XOOOXOO\nOXOOXXO\nXXOXXOX\nOXXOOOX\nXOXXOXO\nXXXOOXO");
    let before = parse(&DRAW[..41]);
    assert!(!g.is_terminal(&before));
    let mut acts = Vec::new();
    g.actions(&before, &mut acts);
    assert_eq!(acts, vec![6]);
}

#[test]
fn checked_paths_name_the_move_and_the_reason() {
    let g = Connect4;
    let err = |text: &str| g.try_parse_moves(text).unwrap_err().message;
    assert_eq!(err("8"), "move 1: column 8 is off the board (columns are 1–7)");
    assert_eq!(err("440"), "move 3: column 0 is off the board (columns are 1–7)");
    assert_eq!(err("4449"), "move 4: column 9 is off the board (columns are 1–7)");
    assert_eq!(err("44x5"), "bad character 'x' at position 3 (columns are 1–7)");
    assert_eq!(err("4 4"), "bad character ' ' at position 2 (columns are 1–7)");
    assert_eq!(err("1111111"), "move 7: column 1 is full");
    assert_eq!(err("12121213"), "move 8: column 3: the game is already over");
    assert_eq!(err("12121211"), "move 8: column 1: the game is already over");

    let s = parse("111111");
    assert_eq!(g.try_result(&s, 0).unwrap_err().message, "column 1 is full");
    assert_eq!(g.try_result(&s, 7).unwrap_err().message, "column 8 is off the board (columns are 1–7)");
    assert_eq!(g.try_result(&s, 255).unwrap_err().message, "column 256 is off the board (columns are 1–7)");
    assert!(!s.can_play(0) && !s.can_play(7) && s.can_play(6));
    assert_eq!(g.try_result(&s, 1), Ok(g.result(&s, 1)));

    // A refused move leaves the position (and its history) unchanged.
    let mut p = C4Position::try_parse("111111").unwrap();
    let before = p.clone();
    assert!(p.try_play(0).is_err());
    assert_eq!(p, before);
    assert_eq!(
        Connect4.try_from_moves(&[3, 3, 9]).unwrap_err().message,
        "move 3: column 10 is off the board (columns are 1–7)"
    );
    assert_eq!(parse(""), g.initial_state());
}

/// Plays a seeded random game, returning the position and its move list.
fn random_game(rng: &mut Rng) -> C4Position {
    let g = Connect4;
    let mut p = C4Position::new();
    let mut acts = Vec::new();
    loop {
        acts.clear();
        g.actions(&p.state, &mut acts);
        if acts.is_empty() {
            return p;
        }
        p.try_play(acts[rng.below(acts.len() as u32) as usize]).unwrap();
    }
}

/// Four in a row by scanning the cells one by one (independent of the bitboard tricks).
fn naive_winner(s: &C4State) -> Option<Player> {
    for col in 0..7i32 {
        for row in 0..6i32 {
            let Some(p) = s.cell(col as u8, row as u8) else { continue };
            for (dc, dr) in [(1, 0), (0, 1), (1, 1), (1, -1)] {
                if (1..4).all(|k| {
                    let (c, r) = (col + k * dc, row + k * dr);
                    (0..7).contains(&c) && (0..6).contains(&r) && s.cell(c as u8, r as u8) == Some(p)
                }) {
                    return Some(p);
                }
            }
        }
    }
    None
}

#[test]
fn random_games_round_trip_and_keep_hash_and_winner_right() {
    let g = Connect4;
    let mut rng = Rng::new(2024);
    let mut draws = 0;
    for _ in 0..500 {
        let p = random_game(&mut rng);
        // Move string round trip.
        let text = p.move_string();
        let q = C4Position::try_parse(&text).unwrap();
        assert_eq!(q, p);
        assert_eq!(g.try_parse_moves(&text).unwrap(), p.state);
        // Replay step by step: incremental hash == hash from scratch; the bitboard
        // winner == the naive scan; the game ends exactly at the first four or the 42nd stone.
        let mut s = g.initial_state();
        for (i, &m) in p.moves.iter().enumerate() {
            assert!(!g.is_terminal(&s));
            assert_eq!(s.is_winning_move(m), has_four(g.result(&s, m).stones(s.side_to_move())));
            s = g.result(&s, m);
            assert_eq!(s.hash(), s.recompute_hash());
            assert_eq!(g.hash(&s), Some(s.hash()));
            assert_eq!(s.winner(), naive_winner(&s));
            assert_eq!(s.moves() as usize, i + 1);
        }
        assert!(g.is_terminal(&s));
        if s.winner().is_none() {
            assert_eq!(s.moves(), 42);
            draws += 1;
        }
        // Undo walks back through the same states and hashes.
        let mut back = p.clone();
        while let Some(_m) = back.undo() {
            let replay = Connect4.try_from_moves(&back.moves).unwrap();
            assert_eq!(back.state, replay);
            assert_eq!(back.state.hash(), back.state.recompute_hash());
        }
        assert_eq!(back.state, g.initial_state());
    }
    assert!(draws > 0, "500 random games should include a draw");
}

#[test]
fn transposed_move_orders_reach_equal_states_and_hashes() {
    for (a, b) in [("4455", "5544"), ("443322", "223344"), ("1234567", "7654321"), ("4536", "3546")] {
        let (sa, sb) = (parse(a), parse(b));
        assert_eq!(sa, sb, "{a} vs {b}");
        assert_eq!(sa.hash(), sb.hash());
        assert_eq!(sa.key(), sb.key());
    }
    // Same cells, different owners: different hashes and keys.
    let (x, y) = (parse("45"), parse("54"));
    assert_ne!(x.hash(), y.hash());
    assert_ne!(x.key(), y.key());
}

#[test]
fn key_is_unique_per_position_up_to_depth_7() {
    let g = Connect4;
    let mut seen: HashMap<u64, (u64, u64)> = HashMap::new();
    let mut frontier = vec![g.initial_state()];
    let mut acts = Vec::new();
    for _ in 0..7 {
        let mut next = Vec::new();
        for s in &frontier {
            let id = (s.current(), s.mask());
            if let Some(&old) = seen.get(&s.key()) {
                assert_eq!(old, id, "key collision");
                continue;
            }
            seen.insert(s.key(), id);
            acts.clear();
            g.actions(s, &mut acts);
            next.extend(acts.iter().map(|&a| g.result(s, a)));
        }
        frontier = next;
    }
    // The known numbers of distinct positions after 0–6 plies: 1, 7, 49, 238, 1120, 4263, 16422.
    assert_eq!(seen.len(), 1 + 7 + 49 + 238 + 1_120 + 4_263 + 16_422);
}

#[test]
fn front_end_helpers() {
    let g = Connect4;
    let s = parse("4453");
    assert_eq!(s.board_string(), ".......\n.......\n.......\n.......\n...O...\n..OXX..");
    assert_eq!(s.cell(3, 0), Some(Player::MAX));
    assert_eq!(s.cell(3, 1), Some(Player::MIN));
    assert_eq!(s.cell(2, 0), Some(Player::MIN));
    assert_eq!(s.cell(4, 0), Some(Player::MAX));
    assert_eq!(s.cell(0, 0), None);
    assert_eq!(s.cell(7, 0), None);
    assert_eq!(s.cell(0, 6), None);
    assert_eq!(s.side_to_move(), Player::MAX);
    assert_eq!(g.player(&s), plyground::ToMove::Player(Player::MAX));
    assert_eq!(s.height(3), 2);
    assert_eq!(g.action_name(&s, 3), "4");
    // O has three on row 2 (columns 4–6), but cells 3 and 7 of row 2 cannot be played yet.
    let u = parse("4455661");
    assert_eq!(u.side_to_move(), Player::MIN);
    let mut w = Vec::new();
    Connect4.winning_moves(&u, &mut w);
    assert!(w.is_empty());
    // X has three on the bottom row (columns 4–6), open at both ends.
    let v = parse("445566");
    Connect4.winning_moves(&v, &mut w);
    assert_eq!(w, vec![2, 6]);
    assert!(v.is_winning_move(2) && v.is_winning_move(6) && !v.is_winning_move(0));
    // Centre-first ordering hint.
    let hints: Vec<i32> = (0..7).map(|a| g.order_hint(&s, a)).collect();
    assert_eq!(hints, vec![0, 1, 2, 3, 2, 1, 0]);
    assert_eq!(Connect4::to_move_string(&[3, 3, 4, 2]), "4453");
    assert_eq!(g.utility_range(), (-18.0, 18.0));
}

/// Solves every line `MOVES SCORE` exactly (α-β to the end, centre-first ordering and a
/// transposition table) and checks the score, which is from the side to move's view.
fn check_solutions(text: &str) -> (usize, u64) {
    let g = Connect4;
    let opts = AlphaBetaOptions { order: MoveOrder::Heuristic, tt_log2: Some(16), ..Default::default() };
    let (mut lines, mut nodes) = (0, 0);
    for (i, line) in text.lines().enumerate() {
        let (moves, score) = line.split_once(' ').unwrap_or_else(|| panic!("line {}: {line}", i + 1));
        let score: f64 = score.trim().parse().unwrap();
        let s = parse(moves);
        let r = alpha_beta(&g, &s, &opts, NoObserver);
        let to_move = if s.side_to_move() == Player::MAX { r.value } else { -r.value };
        assert_eq!(to_move, score, "line {}: {line}", i + 1);
        lines += 1;
        nodes += r.stats.nodes;
    }
    (lines, nodes)
}

#[test]
fn exact_alpha_beta_matches_the_first_50_end_game_solutions() {
    let text = include_str!("fixtures/connect4_L3_R1_head.txt");
    assert_eq!(check_solutions(text).0, 50);
}

#[test]
fn exact_alpha_beta_matches_all_1000_end_game_solutions_of_test_l3_r1() {
    // Skipped when the shared data is missing, failing when CI is set (see data/mod.rs).
    let Some(text) = data::connect4_set("Test_L3_R1") else { return };
    let (lines, nodes) = check_solutions(&text);
    assert_eq!(lines, 1000);
    eprintln!("Test_L3_R1: 1000 positions solved, {nodes} nodes");
}

#[test]
fn eval_stays_inside_minus_one_one_and_is_mirror_symmetric() {
    let g = Connect4;
    let ev = C4Eval::default();
    let mut rng = Rng::new(77);
    for _ in 0..200 {
        let p = random_game(&mut rng);
        let mut s = g.initial_state();
        let mut mirror = g.initial_state();
        for &m in &p.moves {
            let e = ev.eval(&g, &s);
            if !g.is_terminal(&s) {
                assert!(e.abs() < 1.0, "{e}");
            }
            assert_eq!(e, ev.eval(&g, &mirror));
            s = g.result(&s, m);
            mirror = g.result(&mirror, 6 - m);
        }
        assert_eq!(ev.eval(&g, &s), g.utility(&s, Player::MAX));
    }
    // Features are from MAX's view: a centre stone for X is positive.
    assert!(ev.eval(&g, &parse("4")) > 0.0);
    assert!(ev.eval(&g, &parse("14")) < 0.0);
}

#[test]
fn quiescence_flags_wins_in_hand_and_forced_blocks() {
    let g = Connect4;
    let ev = C4Eval::default();
    let mut noisy = Vec::new();
    // X to move with 4, 5, 6 on the bottom row: two winning moves.
    let s = parse("445566");
    assert!(!ev.is_quiescent(&g, &s));
    ev.noisy_actions(&g, &s, &mut noisy);
    assert_eq!(noisy, vec![2, 6]);
    // O to move must block X's three on the bottom row (column 3 is already O's): only 7.
    let s = parse("43546");
    assert_eq!(s.side_to_move(), Player::MIN);
    assert!(!ev.is_quiescent(&g, &s));
    noisy.clear();
    ev.noisy_actions(&g, &s, &mut noisy);
    assert_eq!(noisy, vec![6]);
    // Quiet: nobody threatens anything.
    assert!(ev.is_quiescent(&g, &parse("4444")));
    noisy.clear();
    ev.noisy_actions(&g, &parse("4444"), &mut noisy);
    assert_eq!(noisy, vec![0, 1, 2, 3, 4, 5, 6]);
}

/// The horizon effect, concretely. X (MAX) to move in
///
/// ```text
/// ..XX...
/// .XOO...
/// .OXOO..
/// XXXOXOX
/// OOOXOOX
/// OXOXXXO
/// ```
///
/// A depth-2 α-β with EVAL and no quiescence plays column 2. It loses by force: O answers in
/// column 6, which makes two threats at once — row 4 `.OXOOO?` (cell column 7, row 4)
/// and the diagonal from column 3 row 2 up to column 6 row 5 — and X can block only one.
/// The depth-2 search stops right after O's reply, in a position where X must block:
/// the loss lies one ply past its horizon, and EVAL cannot see it.
///
/// With quiescence the same depth-2 search plays the forced block and O's win beyond the
/// cutoff, scores column 2 as −5 (exactly its true value) and plays column 7, which takes
/// the cell of the row threat in advance and holds the draw.
const HORIZON: &str = "634327443434467221527331152655";

#[test]
fn quiescence_avoids_a_loss_that_depth_2_alpha_beta_pushes_past_its_horizon() {
    let g = Connect4;
    let ev = C4Eval::default();
    let s = parse(HORIZON);
    assert_eq!(s.side_to_move(), Player::MAX);
    let plain = AlphaBetaOptions { order: MoveOrder::Heuristic, depth: Some(2), ..Default::default() };
    let quiet = AlphaBetaOptions { quiescence: true, ..plain };
    let r = h_alpha_beta(&g, &s, &ev, &plain, NoObserver);
    let q = h_alpha_beta(&g, &s, &ev, &quiet, NoObserver);
    assert_eq!(r.best, Some(1), "without quiescence: column 2");
    assert_eq!(q.best, Some(6), "with quiescence: column 7");
    // The plain search's principal line ends in a position that is not quiescent.
    assert_eq!(r.pv, vec![1, 5]);
    let leaf = r.pv.iter().fold(s, |s, &a| g.result(&s, a));
    assert!(!ev.is_quiescent(&g, &leaf));
    assert_eq!(leaf.opponent_threats_mask().count_ones(), 2, "a double threat after 2, 6");
    // Heuristic values stay inside (−1, 1); quiescence finds the proven loss of column 2.
    assert!(r.value.abs() < 1.0 && q.value.abs() < 1.0);
    let q_scores = alpha_beta_scores(&g, &s, &ev, &quiet);
    assert_eq!(q_scores.iter().find(|x| x.0 == 1).map(|x| x.1), Some(-5.0));
    // "Worse", exactly: full-depth α-β values of every move. Column 2 loses (O wins with
    // its 17th stone: −5); column 7 draws (0); 7 is the only move that does not lose.
    let exact = alpha_beta_scores(
        &g,
        &s,
        &NoEval,
        &AlphaBetaOptions { order: MoveOrder::Heuristic, tt_log2: Some(16), ..Default::default() },
    );
    assert_eq!(exact, vec![(0, -5.0), (1, -5.0), (4, -5.0), (5, -6.0), (6, 0.0)]);
}
