//! Every lesson tree (the fixture corpus tests/fixtures/lessons.txt and the tree lab's menu
//! www/lib/lessons.js) survives text → tree → text in every form: S-expression, JSON,
//! outline and the grammar, each read back into an equal tree, each converted on to every
//! other form, and the detected form of each written text is the form it was written in.

use crate::lessons;
use plyground::games::tree::{Form, Tree};

fn root() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The `tree:` lines of the fixture corpus.
fn fixture_trees() -> Vec<String> {
    lessons::trees().into_iter().map(str::to_string).collect()
}

/// The `text: '…'` entries of the tree lab's lesson menu.
fn menu_trees() -> Vec<String> {
    let js = std::fs::read_to_string(root().join("www/lib/lessons.js")).expect("read lessons.js");
    js.lines()
        .filter_map(|l| l.trim().strip_prefix("text: '"))
        .map(|rest| rest.split('\'').next().unwrap_or("").to_string())
        .collect()
}

fn survives_every_form(text: &str) {
    let t = Tree::try_parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    for form in Form::ALL {
        let written = t.try_to_text_as(form).unwrap();
        let back = Tree::try_parse_as(&written, form)
            .unwrap_or_else(|e| panic!("{form:?} of {text}: {e}\n{written}"));
        assert_eq!(back, t, "{form:?} of {text}:\n{written}");
        // Written again, the same text: the writer is a function of the tree.
        assert_eq!(back.to_text_as(form), written, "{form:?} of {text}");
        let (detected, f) = Tree::try_parse_any(&written).unwrap();
        assert_eq!(detected, t, "{form:?} of {text}, detected as {f:?}");
        for other in Form::ALL {
            assert_eq!(
                Tree::try_parse_as(&back.to_text_as(other), other).unwrap(),
                t,
                "{form:?} → {other:?}"
            );
        }
    }
}

#[test]
fn every_fixture_tree_survives_every_form() {
    let trees = fixture_trees();
    assert_eq!(trees.len(), 13, "the fixture corpus's trees");
    for text in &trees {
        survives_every_form(text);
    }
}

#[test]
fn every_menu_tree_survives_every_form() {
    let trees = menu_trees();
    assert!(trees.len() >= 8, "the lesson menu's trees: {}", trees.len());
    for text in &trees {
        survives_every_form(text);
    }
}

#[test]
fn the_aima_three_player_tree_in_each_form() {
    let t = Tree::try_parse(lessons::tree("aima_three_player")).unwrap();
    assert_eq!(
        t.to_text_as(Form::Sexp),
        "(p0 (p1 (p2 #(1 2 6) #(4 2 3)) (p2 #(6 1 2) #(7 4 1))) (p1 (p2 #(5 1 1) #(1 5 2)) (p2 #(7 7 1) #(5 4 5))))"
    );
    let outline = t.to_text_as(Form::Outline);
    assert_eq!(outline.lines().count(), t.node_count());
    assert_eq!(outline.lines().nth(3), Some("      (1, 2, 6)"));
}
