//! Tests of the tree forms: exact texts, errors with their places, and round trips of
//! random trees (with random given labels) through every form.

use super::{Form, Kind, RandomTreeParams, Tree};
use crate::rng::Rng;

fn parse(text: &str) -> Tree {
    Tree::try_parse(text).unwrap()
}

fn err(text: &str, form: Form) -> String {
    match Tree::try_parse_as(text, form) {
        Ok(t) => panic!("{text:?} read as {}", t.to_text()),
        Err(e) => e.to_string(),
    }
}

#[test]
fn figure_5_2_in_every_form() {
    let t = parse("[[3,12,8],[2,4,6],[14,5,2]]");
    assert_eq!(t.to_text_as(Form::Sexp), "(max (min 3 12 8) (min 2 4 6) (min 14 5 2))");
    assert_eq!(
        t.to_text_as(Form::Outline),
        "max\n  min\n    3\n    12\n    8\n  min\n    2\n    4\n    6\n  min\n    14\n    5\n    2\n"
    );
    assert_eq!(
        t.to_text_as(Form::Json),
        "{\"kind\": \"max\", \"children\": [\n  {\"kind\": \"min\", \"children\": [\n    {\"value\": 3},\n    \
         {\"value\": 12},\n    {\"value\": 8}\n  ]},\n  {\"kind\": \"min\", \"children\": [\n    {\"value\": 2},\n    \
         {\"value\": 4},\n    {\"value\": 6}\n  ]},\n  {\"kind\": \"min\", \"children\": [\n    {\"value\": 14},\n    \
         {\"value\": 5},\n    {\"value\": 2}\n  ]}\n]}\n"
    );
    for form in Form::ALL {
        assert_eq!(Tree::try_parse_as(&t.to_text_as(form), form).unwrap(), t, "{form:?}");
    }
    // The example and the instructors' shorthands read as the same tree.
    for (text, form) in [
        ("(max (min 3 12 8) (min 2 4 6) (min 14 5 2))", Form::Sexp),
        ("((3 12 8) (2 4 6) (14 5 2))  ; plain lists alternate", Form::Sexp),
        ("[[3,12,8],[2,4,6],[14,5,2]]", Form::Json),
        ("{\"children\": [[3, 12, 8], {\"kind\": \"min\", \"children\": [2, 4, 6]}, [14, 5, 2]]}", Form::Json),
        ("max\n  min\n    3\n    12\n    8\n  min\n\t\t\t\t2\n\t\t\t\t4\n\t\t\t\t6\n  min # D\n\n    14\n    5\n    2", Form::Outline),
    ] {
        assert_eq!(Tree::try_parse_as(text, form).unwrap(), t, "{text}");
        // Nested arrays alone are detected as the grammar, which reads them the same.
        let detected = if text.starts_with('[') { Form::Grammar } else { form };
        assert_eq!(Form::detect(text), detected, "{text}");
        assert_eq!(Tree::try_parse_any(text).unwrap(), (t.clone(), detected));
    }
}

#[test]
fn labels_chance_and_tuples_are_written_as_documented() {
    let t = parse("A[B[b1=3, 12], chance C[1/3: 1, 2/3: min[2.5, -1e-7]]]");
    assert_eq!(
        t.to_text_as(Form::Sexp),
        "(max A (min B (leaf b1 3) 12) (chance C (1/3 1) (2/3 (min 2.5 -1e-7))))"
    );
    assert_eq!(
        t.to_text_as(Form::Outline),
        "max A\n  min B\n    b1 = 3\n    12\n  chance C\n    1/3: 1\n    2/3: min\n      2.5\n      -1e-7\n"
    );
    let json = t.to_text_as(Form::Json);
    assert!(json.contains("{\"probability\": 0.3333333333333333, \"value\": 1}"), "{json}");
    assert!(json.contains("{\"label\": \"b1\", \"value\": 3}"), "{json}");
    for form in Form::ALL {
        assert_eq!(Tree::try_parse_as(&t.to_text_as(form), form).unwrap(), t, "{form:?}");
    }
    let m = parse("[[(1,2,6),(4,2,3)],[(6,1,2),x=(7,4,1)]]");
    assert_eq!(m.to_text_as(Form::Sexp), "(p0 (p1 #(1 2 6) #(4 2 3)) (p1 #(6 1 2) (leaf x #(7 4 1))))");
    assert_eq!(
        m.to_text_as(Form::Outline),
        "p0\n  p1\n    (1, 2, 6)\n    (4, 2, 3)\n  p1\n    (6, 1, 2)\n    x = (7, 4, 1)\n"
    );
    assert!(m.to_text_as(Form::Json).contains("{\"label\": \"x\", \"value\": [7, 4, 1]}"));
    for form in Form::ALL {
        assert_eq!(Tree::try_parse_as(&m.to_text_as(form), form).unwrap(), m, "{form:?}");
    }
    // JSON probabilities may be written as fraction strings.
    let c = Tree::try_parse_as(
        "{\"kind\": \"chance\", \"children\": [{\"probability\": \"1/3\", \"value\": 1}, {\"probability\": \"2/3\", \"value\": 2}]}",
        Form::Json,
    )
    .unwrap();
    assert_eq!(c, parse("chance[1/3: 1, 2/3: 2]"));
    assert_eq!(c.kind(0), Some(Kind::Chance));
}

#[test]
fn errors_name_the_line_the_column_and_the_reason() {
    assert_eq!(
        err("(max (min 3 12 8)\n     (min 2 x))", Form::Sexp),
        "line 2, column 13: expected a node (a number or '('), found 'x' (a label goes inside the node's list: (max A …) or (leaf b1 3))"
    );
    assert_eq!(
        err("(max (min 3 4)", Form::Sexp),
        "line 1, column 15: expected a child or ')', found the end of the text (the '(' at line 1, column 1 is never closed)"
    );
    assert_eq!(
        err("(chance (1/2 3) (1/3 4))", Form::Sexp),
        "line 1, column 1: the probabilities of the chance node at line 1, column 1 sum to 0.8333333333333333, not 1"
    );
    assert_eq!(err("(chance 3 4)", Form::Sexp).split(':').next(), Some("line 1, column 9"));
    assert_eq!(
        err("(max)", Form::Sexp),
        "line 1, column 5: a node needs at least one child, or a value if it is a leaf"
    );
    assert_eq!(
        err("(p0 #(1 2) #(1 2 3))", Form::Sexp),
        "line 1, column 12: this utility tuple has 3 entries but the first leaf (at line 1, column 5) has 2: every leaf has one entry per player"
    );
    assert_eq!(
        err("{\"kind\": \"max\", \"children\": [1, {\"valu\": 2}]}", Form::Json),
        "line 1, column 34: unknown key \"valu\" (a node has kind, label, probability, eval, and children or value)"
    );
    assert_eq!(
        err("{\"kind\": \"chance\", \"children\": [1, 2]}", Form::Json),
        "line 1, column 33: a child of a chance node needs a probability"
    );
    assert_eq!(
        err("{\"kind\": \"max\",\n \"children\": [1, 2],}", Form::Json),
        "line 2, column 21: expected a key in double quotes, found '}'"
    );
    assert_eq!(
        err("{\"label\": \"max\", \"value\": 2}", Form::Json),
        "line 1, column 11: 'max' is a node kind and cannot be a label"
    );
    assert_eq!(
        err("max\n  min\n    3\n   4\n", Form::Outline),
        "line 4, column 4: this line is indented 3 columns, its siblings above 4: siblings line up"
    );
    assert_eq!(
        err("max\n  3\n    4\n", Form::Outline),
        "line 3, column 5: this line is indented under the leaf on line 2: a leaf has no children"
    );
    assert_eq!(
        err("max\n  1\nmin\n  2\n", Form::Outline),
        "line 3, column 1: a second root: only the first node line may be indented this little (every other node is indented under it)"
    );
    assert_eq!(
        err("max\n  min\n  3\n", Form::Outline),
        "line 3, column 3: a node needs at least one child, or a value if it is a leaf"
    );
    assert_eq!(
        err("chance\n  1/2: 3\n  4\n", Form::Outline),
        "line 3, column 3: a child of a chance node needs a probability"
    );
    assert_eq!(
        err("max\n  1/2: 3\n", Form::Outline),
        "line 2, column 3: a probability is written only for a child of a chance node"
    );
    assert_eq!(err("max\n  2e999\n", Form::Outline), "line 2, column 3: the number 2e999 is too large");
    assert_eq!(err("max\n  1e16\n", Form::Outline), "line 2, column 3: the utility 10000000000000000 is too large: a utility must lie between -1e15 and 1e15");
    // Too deep: refused before the reader's stack grows.
    let deep = format!("{}1{}", "(".repeat(200), ")".repeat(200));
    assert_eq!(
        err(&deep, Form::Sexp),
        "line 1, column 66: the tree is deeper than 64 levels (the root is level 0)"
    );
    let deep = format!("{}1{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(err(&deep, Form::Json).contains("nested more than"));
}

#[test]
fn detection_follows_the_first_characters() {
    assert_eq!(Form::detect("  # comment\n[1, [2, 3]]"), Form::Grammar);
    assert_eq!(Form::detect("A[B[1], 2]"), Form::Grammar);
    assert_eq!(Form::detect("(1, 2)"), Form::Grammar);
    assert_eq!(Form::detect("; a comment\n(max 1 2)"), Form::Sexp);
    assert_eq!(Form::detect("[{\"value\": 1}]"), Form::Json);
    assert_eq!(Form::detect("3"), Form::Grammar);
    assert_eq!(Form::detect("max\n  3\n"), Form::Outline);
    for name in ["grammar", "sexp", "json", "outline"] {
        assert_eq!(Form::try_from_name(name).unwrap().name(), name);
    }
    assert_eq!(
        Form::try_from_name("yaml").unwrap_err(),
        "unknown tree form 'yaml' (grammar, sexp, json, outline)"
    );
}

/// A random tree, some of whose nodes keep their label as a given one or get a new given
/// label, normalised through the grammar (so generated labels are what a reader makes).
fn random_labelled(rng: &mut Rng, params: &RandomTreeParams) -> Tree {
    let mut t = Tree::random(rng, params);
    for (i, n) in t.nodes.iter_mut().enumerate() {
        match rng.below(6) {
            0 if super::form::check_label(&n.label).is_ok() => n.label_given = true,
            1 => {
                n.label = format!("n{i}_x'");
                n.label_given = true;
            }
            _ => {}
        }
        // Static evaluations (`~v`) on some inner nodes of two-player trees.
        if params.players == 2 && n.kind != Kind::Terminal && rng.below(4) == 0 {
            n.eval = Some([-2.5, 0.0, 7.0, -1e15, 0.1][rng.below(5) as usize]);
        }
    }
    let normal = Tree::try_parse(&t.to_text()).unwrap();
    assert_eq!(Tree::try_parse(&normal.to_text()).unwrap(), normal);
    normal
}

#[test]
fn random_trees_survive_every_form() {
    let mut rng = Rng::new(14);
    for players in [2u8, 3, 4] {
        let params = RandomTreeParams {
            max_depth: 5,
            max_children: 4,
            min_value: -1000,
            max_value: 1000,
            chance_probability: 0.25,
            explicit_kind_probability: 0.3,
            players,
            ..Default::default()
        };
        for _ in 0..150 {
            let t = random_labelled(&mut rng, &params);
            for form in Form::ALL {
                let text = t.try_to_text_as(form).unwrap();
                let back =
                    Tree::try_parse_as(&text, form).unwrap_or_else(|e| panic!("{form:?}: {e}\n{text}"));
                assert_eq!(back, t, "{form:?}\n{text}");
                assert_eq!(
                    Tree::try_parse_any(&text).unwrap().0,
                    t,
                    "detected {:?}\n{text}",
                    Form::detect(&text)
                );
                // And on to every other form.
                for other in Form::ALL {
                    assert_eq!(Tree::try_parse_as(&back.to_text_as(other), other).unwrap(), t);
                }
            }
        }
    }
}

#[test]
fn static_evaluations_are_written_and_read_in_every_form() {
    let t = parse("A~1.5[B~6[1, 9], min C~-3[4, 5], chance~0[1/2: D~2[7, 8], 1/2: 0]]");
    assert_eq!(
        t.to_text_as(Form::Sexp),
        "(max A ~1.5 (min B ~6 1 9) (min C ~-3 4 5) (chance ~0 (0.5 (min D ~2 7 8)) (0.5 0)))"
    );
    assert_eq!(
        t.to_text_as(Form::Outline),
        "max A ~1.5\n  min B ~6\n    1\n    9\n  min C ~-3\n    4\n    5\n  chance ~0\n    0.5: min D ~2\n      7\n      8\n    0.5: 0\n"
    );
    assert!(t
        .to_text_as(Form::Json)
        .starts_with("{\"kind\": \"max\", \"label\": \"A\", \"eval\": 1.5, \"children\": [\n"));
    for form in Form::ALL {
        assert_eq!(Tree::try_parse_as(&t.to_text_as(form), form).unwrap(), t, "{form:?}");
    }
    // The shorthands: a plain list, a label alone, '~' apart from its number, '−'.
    for (text, form) in [
        ("(~1.5 (B ~ 6 1 9) (C ~−3 4 5) (chance ~0 (1/2 (D ~2 7 8)) (1/2 0)))", Form::Sexp),
        ("A ~1.5\n  B~6\n    1\n    9\n  C ~ -3\n    4\n    5\n  chance ~0\n    1/2: D ~2\n      7\n      8\n    1/2: 0", Form::Outline),
        (
            "{\"eval\": 1.5, \"children\": [{\"eval\": 6, \"children\": [1, 9]}, {\"eval\": -3, \"children\": [4, 5]}, \
             {\"kind\": \"chance\", \"eval\": 0, \"children\": [{\"probability\": 0.5, \"eval\": 2, \"children\": [7, 8]}, \
             {\"probability\": 0.5, \"value\": 0}]}]}",
            Form::Json,
        ),
    ] {
        let back = Tree::try_parse_as(text, form).unwrap_or_else(|e| panic!("{text}: {e}"));
        let evals: Vec<Option<f64>> = (0..back.node_count() as u32).map(|i| back.eval(i)).collect();
        let want: Vec<Option<f64>> = (0..t.node_count() as u32).map(|i| t.eval(i)).collect();
        assert_eq!(evals, want, "{text}");
    }
    // Refusals name the place and the reason.
    assert_eq!(
        err("(max ~x 1 2)", Form::Sexp),
        "line 1, column 7: expected a number after '~' (an inner node's static evaluation, as in '~4'), found 'x'"
    );
    assert_eq!(
        err("(max A ~2e15 1 2)", Form::Sexp),
        "line 1, column 9: the static evaluation 2000000000000000 is too large: it must lie between -1e15 and 1e15"
    );
    assert_eq!(
        err("max\n  ~3\n    1", Form::Outline),
        "line 2, column 3: expected a node kind or a label before the static evaluation '~' (as in 'min B ~6')"
    );
    assert_eq!(
        err("{\"eval\": 2, \"value\": 3}", Form::Json),
        "line 1, column 10: a leaf has no \"eval\": only an inner node has a static evaluation (a leaf's value is its utility)"
    );
    assert_eq!(
        err("{\"eval\": \"2\", \"children\": [1]}", Form::Json),
        "line 1, column 10: \"eval\" (a static evaluation) is a number, found a string"
    );
    assert!(err("(p0 ~1 #(1 2 3) #(3 2 1))", Form::Sexp)
        .contains("a static evaluation '~v' is one number to MAX"));
}

#[test]
fn fractional_and_extreme_values_round_trip() {
    let t = parse("[0.1, -0.30000000000000004, 1e15, -1e15, 2.5e-12, chance[1/99999: 1, 99998/99999: 0]]");
    for form in Form::ALL {
        assert_eq!(Tree::try_parse_as(&t.to_text_as(form), form).unwrap(), t, "{form:?}");
    }
}
