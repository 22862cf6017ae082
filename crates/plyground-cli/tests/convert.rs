//! `plyground convert`: a tree's text between the forms, exactly; errors name the form, the
//! line and the column.

use crate::common;
use crate::lessons;

use common::{fails_with, stdout};

const SEXP: &str = "(max (min 3 12 8) (min 2 4 6) (min 14 5 2))";

#[test]
fn figure_5_2_to_every_form_and_back() {
    assert_eq!(stdout(&["convert", "--to", "sexp", lessons::fig_5_2()]), format!("{SEXP}\n"));
    assert_eq!(stdout(&["convert", "--to", "grammar", SEXP]), "[[3, 12, 8], [2, 4, 6], [14, 5, 2]]\n");
    let outline = stdout(&["convert", "--to", "outline", lessons::fig_5_2()]);
    assert_eq!(
        outline,
        "max\n  min\n    3\n    12\n    8\n  min\n    2\n    4\n    6\n  min\n    14\n    5\n    2\n"
    );
    assert_eq!(stdout(&["convert", "--from", "outline", "--to", "sexp", &outline]), format!("{SEXP}\n"));
    let json = stdout(&["convert", "--to", "json", SEXP]);
    assert!(
        json.starts_with(
            "{\"kind\": \"max\", \"children\": [\n  {\"kind\": \"min\", \"children\": [\n    {\"value\": 3},"
        ),
        "{json}"
    );
    assert_eq!(stdout(&["convert", "--to", "sexp", &json]), format!("{SEXP}\n"));
}

#[test]
fn bad_input_names_the_form_line_and_column() {
    fails_with(&["convert", "--to", "json", "(max (min 3 4)"], "tree (sexp) 1:15: expected a child or ')'");
    fails_with(
        &["convert", "--from", "outline", "--to", "json", "max\n  3\n    4"],
        "tree (outline) 3:5: this line is indented under the leaf on line 2",
    );
    fails_with(
        &["convert", "--to", "yaml", lessons::fig_5_2()],
        "--to: unknown tree form 'yaml' (grammar, sexp, json, outline)",
    );
    fails_with(&["convert", lessons::fig_5_2()], "missing --to");
}
