//! `plyground solve`: positions on stdin, one line out per position, bad lines on stderr
//! with their line number, exit code 2 when any line was bad.

use crate::common;

use plyground::games::connect4::Connect4;
use plyground::search::solver::Solver;
use std::process::Output;

fn solve(args: &[&str], input: &str) -> Output {
    common::run_with_input(&[&["solve"], args].concat(), input.as_bytes())
}

/// The fields of each stdout line.
fn fields(o: &Output) -> Vec<Vec<String>> {
    String::from_utf8(o.stdout.clone())
        .unwrap()
        .lines()
        .map(|l| l.split(' ').map(str::to_string).collect())
        .collect()
}

/// Five end games of Test_L3_R1 with their scores.
const POSITIONS: &str = "\
3135151421347443544172316522225776773566 0
4744236462134233111155374771566655522 -1
7174362564676726631735257252323 -4
55544463222315723417163427535141712366 0
531633412573473732555776574121142 4
";

#[test]
fn one_line_per_position_with_score_nodes_and_microseconds() {
    let o = solve(&[], POSITIONS);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(o.stderr.is_empty());
    let out = fields(&o);
    assert_eq!(out.len(), 5);
    for (line, want) in out.iter().zip(POSITIONS.lines()) {
        let (moves, score) = want.split_once(' ').unwrap();
        assert_eq!(line.len(), 4, "{line:?}");
        assert_eq!((line[0].as_str(), line[1].as_str()), (moves, score));
        // The node count is the library's, with a fresh table.
        let s = Connect4.try_parse_moves(moves).unwrap();
        let r = Solver::default().solve(&s, false);
        assert_eq!(line[2], r.nodes.to_string());
        assert!(line[3].parse::<u64>().is_ok(), "µs is an integer: {line:?}");
    }
}

#[test]
fn weak_prints_the_sign() {
    let out = fields(&solve(&["--weak"], POSITIONS));
    let scores: Vec<&str> = out.iter().map(|l| l[1].as_str()).collect();
    assert_eq!(scores, ["0", "-1", "-1", "0", "1"]);
}

#[test]
fn analyze_prints_seven_scores_with_100_for_a_full_column() {
    // Columns 1, 2, 3, 4, 5 and 7 are full here; only column 6 can be played.
    let o = solve(&["--analyze"], "3135151421347443544172316522225776773566\n");
    let out = fields(&o);
    assert_eq!(out.len(), 1);
    assert_eq!(
        out[0][..8],
        ["3135151421347443544172316522225776773566", "100", "100", "100", "100", "100", "0", "100"]
    );
    assert_eq!(out[0].len(), 10);
    // Every column of a middle-game position agrees with the library.
    let moves = "531633412573473732555776574121142";
    let out = fields(&solve(&["--analyze"], &format!("{moves}\n")));
    let a = Solver::default().analyze(&Connect4.try_parse_moves(moves).unwrap(), false);
    let want: Vec<String> = a.scores.iter().map(|s| s.unwrap_or(100).to_string()).collect();
    assert_eq!(out[0][1..8], want[..]);
    assert_eq!(out[0][8], a.nodes.to_string());
    // Weak analysis: signs.
    let out = fields(&solve(&["--analyze", "--weak"], &format!("{moves}\n")));
    let signs: Vec<String> = a.scores.iter().map(|s| s.map_or(100, i32::signum).to_string()).collect();
    assert_eq!(out[0][1..8], signs[..]);
}

#[test]
fn bad_lines_are_reported_with_their_number_and_the_rest_still_solved() {
    let input = "44x5\n7174362564676726631735257252323\n\n8\n1111111\n531633412573473732555776574121142 extra fields ignored\n";
    let o = solve(&[], input);
    assert_eq!(o.status.code(), Some(2), "a bad line makes the exit code 2");
    let err = String::from_utf8(o.stderr.clone()).unwrap();
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            "plyground: line 1: bad character 'x' at position 3 (columns are 1–7)",
            "plyground: line 4: move 1: column 8 is off the board (columns are 1–7)",
            "plyground: line 5: move 7: column 1 is full",
        ]
    );
    let out = fields(&o);
    let solved: Vec<(&str, &str)> = out.iter().map(|l| (l[0].as_str(), l[1].as_str())).collect();
    assert_eq!(
        solved,
        [
            ("7174362564676726631735257252323", "-4"),
            ("-", "1"), // line 3, blank: the empty board
            ("531633412573473732555776574121142", "4")
        ]
    );
}

#[test]
fn finished_games_and_wins_at_once() {
    // X has won with its 4th stone: O to move has lost, −18. X to move wins at once: +18.
    let out = fields(&solve(&[], "1212121\n121212\n"));
    assert_eq!(out[0][..3], ["1212121", "-18", "1"]);
    assert_eq!(out[1][..3], ["121212", "18", "1"]);
    let out = fields(&solve(&["--analyze"], "1212121\n"));
    assert_eq!(out[0][1..8], ["100", "100", "100", "100", "100", "100", "100"]);
}

#[test]
fn arguments_are_checked() {
    for (args, needle) in
        [(&["--deep"][..], "unknown option '--deep'"), (&["4455"][..], "unexpected argument '4455'")]
    {
        let o = solve(args, "");
        assert_eq!(o.status.code(), Some(2));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(err.lines().count(), 1, "{err:?}");
        assert!(err.contains(needle), "{err:?}");
        assert!(o.stdout.is_empty());
    }
    // No input, no output, success.
    let o = solve(&[], "");
    assert_eq!((o.status.code(), o.stdout.is_empty()), (Some(0), true));
}

#[test]
fn an_empty_line_or_a_dash_is_the_empty_board_answered_through_the_book() {
    // Every line is a position: "4455\n\n" is two lines, the second the empty board; the
    // final line break only ends the last line. The empty board prints as `-`.
    let o = solve(&[], "\n-\n4\n\n");
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let out = fields(&o);
    let got: Vec<(&str, &str)> = out.iter().map(|l| (l[0].as_str(), l[1].as_str())).collect();
    assert_eq!(got, [("-", "1"), ("-", "1"), ("4", "-1"), ("-", "1")]);
    assert!(out[0][2].parse::<u64>().unwrap() < 100_000, "through the book: {:?}", out[0]);
    let out = fields(&solve(&["--analyze"], "  \r\n"));
    assert_eq!(out.len(), 1);
    assert_eq!(out[0][..8], ["-", "-2", "-1", "0", "1", "0", "-1", "-2"]);
    let out = fields(&solve(&["--analyze", "--weak"], "\n"));
    assert_eq!(out[0][..8], ["-", "-1", "-1", "0", "1", "0", "-1", "-1"]);
    // No input, no lines.
    assert!(solve(&[], "").stdout.is_empty());
}

#[test]
fn no_book_gives_the_same_scores_and_book_reads_another_file() {
    // A position four moves past the book's depth: the same score either way.
    let with = fields(&solve(&[], "343445252221\n"));
    let without = fields(&solve(&["--no-book"], "343445252221\n"));
    assert_eq!(with[0][1], without[0][1]);
    let o = solve(&["--no-book", "--book", "x"], "4\n");
    assert_eq!(o.status.code(), Some(2));
    let o = solve(&["--book", "/nonexistent/book"], "4\n");
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cannot read book"));
}
