//! The opening book (`www/book/connect4.book`, converted from BitBully's 12-ply database by
//! `cargo xtask book`): its entries against our own solver, the file format's round trip
//! and refusals, mirrored lookups, and the solver answering early positions through it.

use plyground::games::connect4::{C4Position, Connect4};
use plyground::rng::Rng;
use plyground::search::book::{self, Book, BookError, HEADER_LEN};
use plyground::search::solver::{Solver, SolverOptions};
use std::sync::Arc;

const SHIPPED: &[u8] = include_bytes!("../../../www/book/connect4.book");

fn shipped() -> Book {
    Book::from_bytes(SHIPPED).expect("the shipped book reads")
}

fn state(moves: &str) -> plyground::games::connect4::C4State {
    Connect4.try_parse_moves(moves).unwrap()
}

/// The same game on the mirrored board.
fn mirrored(moves: &str) -> String {
    moves.chars().map(|c| char::from(b'8' - (c as u8 - b'0'))).collect()
}

#[test]
fn the_shipped_book_is_every_nine_ply_position_with_mirrors_folded() {
    let b = shipped();
    assert_eq!(b.depth(), 9);
    assert_eq!(b.len(), book::positions_at(9).len());
    assert_eq!(b.len(), 269_531);
    // Scores are exact (not only −1/0/1) and within what 9 stones allow.
    let (lo, hi) = book::score_range(9);
    let mut seen = std::collections::BTreeSet::new();
    for (_, s) in b.entries() {
        assert!((lo..=hi).contains(&(s as i32)));
        seen.insert(s);
    }
    assert!(seen.len() > 20, "exact scores, not win/draw/loss: {seen:?}");
}

#[test]
fn the_format_round_trips_and_refuses_damaged_files() {
    let b = shipped();
    let bytes = b.to_bytes();
    assert_eq!(bytes, SHIPPED, "writing the read book gives the same bytes");
    assert_eq!(Book::from_bytes(&bytes).unwrap(), b);
    // A small book too: depth 3.
    let keys: Vec<u64> = book::positions_at(3).iter().map(|&(c, m)| c + m).collect();
    let scores: Vec<i8> = (0..keys.len()).map(|i| (i % 7) as i8 - 3).collect();
    let small = Book::from_parts(3, keys, scores);
    assert_eq!(Book::from_bytes(&small.to_bytes()).unwrap(), small);

    assert_eq!(Book::from_bytes(b"PLYC4BK"), Err(BookError::NotABook));
    let mut bad = bytes.clone();
    bad[0] = b'X';
    assert_eq!(Book::from_bytes(&bad), Err(BookError::NotABook));
    let mut bad = bytes.clone();
    bad[9] = 2;
    assert_eq!(Book::from_bytes(&bad), Err(BookError::UnknownKind(2)));
    let mut bad = bytes.clone();
    bad[8] = 13;
    assert_eq!(Book::from_bytes(&bad), Err(BookError::TooDeep(13)));
    let mut bad = bytes.clone();
    bad.pop();
    assert!(matches!(Book::from_bytes(&bad), Err(BookError::WrongCount { .. })));
    let mut bad = bytes.clone();
    bad[8] = 8; // another depth: another number of positions
    assert!(matches!(Book::from_bytes(&bad), Err(BookError::WrongCount { .. })));
    let mut bad = bytes.clone();
    bad[HEADER_LEN + 1000] ^= 1;
    assert!(matches!(Book::from_bytes(&bad), Err(BookError::Checksum { .. })));
    // An impossible score with a matching checksum.
    let mut scores: Vec<i8> = b.entries().map(|(_, s)| s).collect();
    let over = book::score_range(9).1 as i8 + 1;
    scores[5] = over;
    let keys: Vec<u64> = b.entries().map(|(k, _)| k).collect();
    let forged = Book::from_parts(9, keys, scores).to_bytes();
    assert_eq!(Book::from_bytes(&forged), Err(BookError::BadScore { index: 5, score: over }));
}

#[test]
fn a_position_and_its_mirror_image_read_the_same_entry() {
    let b = shipped();
    let mut rng = Rng::new(11);
    let entries: Vec<(u64, i8)> = b.entries().collect();
    let positions = book::positions_at(9);
    for _ in 0..500 {
        let i = rng.below(entries.len() as u32) as usize;
        let (c, m) = positions[i];
        let moves = book::moves_of(c, m).expect("every book position is reachable");
        let s = state(&moves);
        assert_eq!((s.current(), s.mask()), (c, m), "{moves}");
        let want = Some(entries[i].1 as i32);
        assert_eq!(b.score(&s), want, "{moves}");
        assert_eq!(b.score(&state(&mirrored(&moves))), want, "mirror of {moves}");
    }
    // Not at the book's depth, or over: not in the book.
    assert_eq!(b.score(&state("4444")), None);
    assert_eq!(b.score(&state("44445555")), None);
    assert_eq!(b.score(&state("1212121")), None, "a won game has no entry");
}

/// A seeded random sample of book entries checked against our own solver without the book.
/// An exact solve of a position after 8 moves takes about 4 million nodes on average (1.3 s
/// natively), too long for 200 of them in every test run, so each sampled entry gets a
/// budget of 100,000 nodes and the sample goes on until 200 entries have been solved within
/// it. Honestly said: the entries that pass through are the sharper ones (early wins and
/// losses); an unbiased check of every sampled entry is `plyground book --check N`, which
/// `cargo xtask book` runs. Every answer is asserted exactly.
#[test]
fn two_hundred_sampled_entries_agree_with_our_solver() {
    let b = shipped();
    let entries: Vec<(u64, i8)> = b.entries().collect();
    let positions = book::positions_at(9);
    let mut solver = Solver::new(SolverOptions { node_budget: Some(100_000), ..SolverOptions::default() });
    let mut rng = Rng::new(2026);
    let (mut checked, mut tried) = (0, 0);
    let mut scores = std::collections::BTreeMap::new();
    while checked < 200 {
        tried += 1;
        assert!(tried <= 5_000, "only {checked} of {tried} entries solved within the budget");
        let i = rng.below(entries.len() as u32) as usize;
        let (c, m) = positions[i];
        let s = state(&book::moves_of(c, m).unwrap());
        if s.winning_moves_mask() != 0 {
            continue; // A win at once: nothing to check.
        }
        solver.reset();
        let r = solver.solve(&s, false);
        if !r.complete {
            continue;
        }
        assert_eq!(r.score, entries[i].1 as i32, "book entry {i} ({})", book::moves_of(c, m).unwrap());
        *scores.entry(r.score).or_insert(0) += 1;
        checked += 1;
    }
    assert!(scores.len() >= 5, "several different scores: {scores:?}");
}

#[test]
fn the_solver_answers_the_empty_board_and_early_positions_through_the_book() {
    let mut solver = Solver::default();
    solver.set_book(Some(Arc::new(shipped())));
    let empty = C4Position::new().state;
    let r = solver.solve(&empty, false);
    assert_eq!((r.score, r.complete), (1, true));
    assert!(r.nodes < 100_000, "{} nodes", r.nodes);
    solver.reset();
    let a = solver.analyze(&empty, false);
    let want = [-2, -1, 0, 1, 0, -1, -2].map(Some);
    assert_eq!(a.scores, want);
    solver.reset();
    assert_eq!(solver.analyze(&empty, true).scores, [-1, -1, 0, 1, 0, -1, -1].map(Some));
    // A position at the book's depth is one node; one past it is searched as before.
    solver.reset();
    let at = state("444444326");
    let r = solver.solve(&at, false);
    assert_eq!(r.nodes, 1);
    assert_eq!(Some(r.score), shipped().score(&at));
    // Late positions do not touch the book: same score and nodes with and without it.
    let late = state("3135151421347443544172316522225776773566");
    let mut plain = Solver::default();
    solver.reset();
    assert_eq!(solver.solve(&late, false), plain.solve(&late, false));
}

#[test]
fn the_shipped_depth_is_the_files_and_says_which_searches_the_book_helps() {
    // Pages decide to fetch the book from `SHIPPED_DEPTH` before reading the file.
    assert_eq!(SHIPPED[8], book::SHIPPED_DEPTH);
    assert_eq!(shipped().depth(), book::SHIPPED_DEPTH);
    // Solving reaches the book up to its depth; scoring columns starts a stone later.
    assert!(book::helps(0, 8, false) && book::helps(8, 8, false) && !book::helps(9, 8, false));
    assert!(book::helps(0, 8, true) && book::helps(7, 8, true) && !book::helps(8, 8, true));
}

#[test]
fn the_perfect_player_with_the_book_scores_every_column_of_the_empty_board_exactly() {
    use plyground::play::engine::{Engine, ScoreBound};
    use plyground::play::players::{BoardKind, BoardPosition, PlayerConfig, PlayerEngine, PlayerId};
    let c4 = BoardKind::Connect4;
    let perfect = PlayerConfig::default_for(c4, PlayerId::Perfect);
    let empty = BoardPosition::Connect4(C4Position::new().state);
    let mut e = PlayerEngine::new(&perfect, empty).unwrap();
    assert!(e.wants_book(9), "the perfect player wants the book on the empty board");
    e.set_book(Some(Arc::new(shipped())));
    assert!(!e.wants_book(9), "it has one");
    while !e.progress().done {
        e.step(1);
    }
    let r = e.result();
    assert!(!e.fell_back() && r.exact && r.complete, "{r:?}");
    assert_eq!(r.algo, "solve");
    assert_eq!(r.best, Some(3), "the centre column");
    assert_eq!(r.score, 1.0);
    let scores: Vec<_> = r.scores.iter().map(|m| (m.action, m.value, m.bound)).collect();
    let want: Vec<_> = [-2.0, -1.0, 0.0, 1.0, 0.0, -1.0, -2.0]
        .iter()
        .enumerate()
        .map(|(c, &v)| (c as u8, Some(v), ScoreBound::Exact))
        .collect();
    assert_eq!(scores, want);
    assert!(r.stats.nodes < 200_000, "{} nodes", r.stats.nodes);
    // At the book's depth it is wanted (the root's own score); later, and for the other
    // players, it is not.
    let at = BoardPosition::Connect4(state("444444326"));
    assert!(PlayerEngine::new(&perfect, at).unwrap().wants_book(9));
    let after = BoardPosition::Connect4(state("4444443261"));
    assert!(!PlayerEngine::new(&perfect, after).unwrap().wants_book(9));
    let ab = PlayerConfig::default_for(c4, PlayerId::AlphaBeta);
    assert!(!PlayerEngine::new(&ab, empty).unwrap().wants_book(9));
}

#[test]
fn a_recorded_solve_before_the_book_depth_has_book_leaves_narrated_as_such() {
    use plyground::event::{Event, LeafKind};
    use plyground::trace::Recorder;
    use plyground::Game;
    let b = shipped();
    let mut solver = Solver::default();
    solver.set_book(Some(Arc::new(shipped())));
    // Six stones: the search stops three plies down, at the book's depth (9 stones, O to
    // move: the book's score is O's, the leaf's value X's).
    let s = state("444444");
    let mut rec = Recorder::new(&Connect4, s).with_node_cap(100_000);
    let r = solver.solve_observed(&s, false, &mut rec);
    let t = rec.finish();
    assert!(r.complete && !t.truncated());
    assert_eq!(t.result().unwrap().value, r.score as f64, "X to move: the score is X's");
    let books: Vec<usize> = (0..t.events().len())
        .filter(|&i| matches!(t.events()[i], Event::Leaf { kind: LeafKind::Book, .. }))
        .collect();
    assert!(!books.is_empty(), "book leaves");
    for &i in &books {
        let Event::Leaf { value, .. } = t.events()[i] else { unreachable!() };
        let n = t.event_node(i).expect("a node");
        let mut pos = s;
        for a in t.path_actions(n) {
            pos = Connect4.result(&pos, a);
        }
        assert_eq!(pos.moves(), 9);
        assert_eq!(b.score(&pos), Some(-value as i32));
        let words = if value > 0.0 {
            "win for X"
        } else if value < 0.0 {
            "win for O"
        } else {
            "draw"
        };
        // The book leaf's step: why it is a leaf, in the figure's words, and the value returned.
        let text = t.narration(t.step_of_event(i));
        let nd = t.node(n).unwrap();
        let head = format!("{} is not searched (book: the opening book's exact value): ", nd.label);
        assert!(text.starts_with(&head) && text.contains(words), "{text}");
        let parent = &t.node(nd.parent.unwrap()).unwrap().label;
        assert!(text.ends_with(&format!(", returned to {parent}")), "{text}");
    }
    // Every leaf the book answered is a node three plies down (the book's nine stones).
    assert!(t.nodes().iter().filter(|n| n.leaf == Some(LeafKind::Book)).all(|n| n.depth == 3));
    assert_eq!(t.nodes().iter().filter(|n| n.leaf == Some(LeafKind::Book)).count(), books.len());
}
