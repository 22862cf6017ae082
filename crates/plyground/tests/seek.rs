//! Navigation by event on Figure 5.2 of the lessons (α-β, a leaf is one step): the cutoff,
//! the returns at depth 1, C's entry and exit, the event list's words and marks, and the
//! presenter's prompts. Positions are steps taken: the step a position narrates is the one
//! before it.

use crate::lessons;
use plyground::games::tree::Tree;
use plyground::search::alphabeta::{alpha_beta, AlphaBetaOptions};
use plyground::trace::{Mark, Recorder, Target, Trace};

fn figure_5_2() -> Trace<u32> {
    let t = Tree::try_parse(lessons::tree("figure_5_2_labelled")).unwrap();
    let mut rec = Recorder::new(&t, 0);
    alpha_beta(&t, &0, &AlphaBetaOptions::default(), &mut rec);
    rec.finish()
}

const C: u32 = 5;

#[test]
fn the_one_cutoff_is_at_c_position_15() {
    let t = figure_5_2();
    assert_eq!(t.len(), 29);
    // Step 14 is the cutoff at C (the one that prunes c2 and c3); D's cutoff test at its
    // last child prunes nothing and is not a cutoff.
    for from in 0..=14 {
        assert_eq!(t.seek_target(from, Target::NextCutoff), Some(15), "from {from}");
    }
    for from in 15..=29 {
        assert_eq!(t.seek_target(from, Target::NextCutoff), None, "from {from}");
    }
    assert_eq!(t.seek_target(15, Target::PrevCutoff), None, "the cutoff shown is not before itself");
    assert_eq!(t.seek_target(16, Target::PrevCutoff), Some(15));
    assert_eq!(t.seek_target(29, Target::PrevCutoff), Some(15));
    assert_eq!(t.seek_target(99, Target::PrevCutoff), Some(15), "a position past the end is the end");
    assert_eq!(t.narration(15 - 1), "MIN node C: v = 2 ≤ α = 3, prune c2 and c3");
}

#[test]
fn returns_at_depth_one_are_b_c_d() {
    let t = figure_5_2();
    let mut at = 0;
    let mut seen = Vec::new();
    while let Some(p) = t.seek_target(at, Target::NextReturn(1)) {
        seen.push(p);
        at = p;
    }
    assert_eq!(seen, [10, 16, 26]);
    assert_eq!(t.narration(10 - 1), "MIN node B returns 3");
    assert_eq!(t.seek_target(29, Target::PrevReturn(1)), Some(26));
    assert_eq!(t.seek_target(26, Target::PrevReturn(1)), Some(16));
    assert_eq!(t.seek_target(10, Target::PrevReturn(1)), None);
    // Depth 0: the root returns once; depth 2: the seven leaves evaluated.
    assert_eq!(t.seek_target(0, Target::NextReturn(0)), Some(28));
    let leaves: Vec<usize> = (0..t.len())
        .filter(|&i| t.return_node(i).is_some_and(|n| t.node(n).unwrap().depth == 2))
        .map(|i| i + 1)
        .collect();
    assert_eq!(leaves, [4, 6, 8, 13, 19, 21, 23]);
    assert_eq!(t.seek_target(0, Target::NextReturn(3)), None);
}

#[test]
fn entry_and_exit_of_c() {
    let t = figure_5_2();
    assert_eq!(t.node(C).unwrap().label, "C");
    assert_eq!(t.seek_target(0, Target::Entry(C)), Some(12));
    assert_eq!(t.seek_target(29, Target::Exit(C)), Some(16));
    assert_eq!(t.narration(12 - 1), "Enter MIN node C with α = 3, β = +∞");
    assert_eq!(
        t.narration(16 - 1),
        "MIN node C returns 2, an upper bound: C ≤ 2 (its true value may be lower)"
    );
    // A leaf is entered and left in its one step.
    assert_eq!(t.seek_target(0, Target::Entry(6)), Some(13));
    assert_eq!(t.seek_target(0, Target::Exit(6)), Some(13));
    assert_eq!(t.seek_target(0, Target::Entry(99)), None);
}

#[test]
fn event_list_words_and_marks() {
    let t = figure_5_2();
    let list: Vec<(String, Mark)> = (0..t.len()).map(|i| (t.step_words(i), t.step_mark(i))).collect();
    let want: [(&str, Mark); 29] = [
        ("Start", Mark::Plain),
        ("Enter A", Mark::Plain),
        ("Enter B", Mark::Plain),
        ("b1 = 3", Mark::Return),
        ("B: v = 3", Mark::Plain),
        ("b2 = 12", Mark::Return),
        ("B: v = 3", Mark::Plain),
        ("b3 = 8", Mark::Return),
        ("B: v = 3", Mark::Plain),
        ("B returns 3", Mark::Return),
        ("A: v = 3", Mark::Plain),
        ("Enter C", Mark::Plain),
        ("c1 = 2", Mark::Return),
        ("C: v = 2", Mark::Plain),
        ("Cutoff at C", Mark::Cutoff),
        ("C returns 2", Mark::Return),
        ("A: v = 3", Mark::Plain),
        ("Enter D", Mark::Plain),
        ("d1 = 14", Mark::Return),
        ("D: v = 14", Mark::Plain),
        ("d2 = 5", Mark::Return),
        ("D: v = 5", Mark::Plain),
        ("d3 = 2", Mark::Return),
        ("D: v = 2", Mark::Plain),
        ("D: nothing left to prune", Mark::Plain),
        ("D returns 2", Mark::Return),
        ("A: v = 3", Mark::Plain),
        ("A returns 3", Mark::Return),
        ("Done: 3", Mark::Plain),
    ];
    let got: Vec<(&str, Mark)> = list.iter().map(|(w, m)| (w.as_str(), *m)).collect();
    assert_eq!(got, want);
    assert_eq!((Mark::Cutoff.name(), Mark::Return.name(), Mark::Plain.name()), ("cutoff", "return", ""));
    assert_eq!(t.step_words(29), "");
}

#[test]
fn prompts_name_the_node_and_kind_not_the_outcome() {
    let t = figure_5_2();
    assert_eq!(t.step_prompt(11), "Next: enter MIN node C. With what α and β?");
    assert_eq!(t.step_prompt(12), "Next: the leaf c1. What value does it return?");
    assert_eq!(t.step_prompt(13), "Next: MIN node C takes in the value of c1. What is v now?");
    assert_eq!(t.step_prompt(14), "Next at MIN node C: a cutoff test. What is pruned?");
    assert_eq!(t.step_prompt(15), "Next: MIN node C returns. What value?");
    assert_eq!(t.step_prompt(28), "Next: the search ends. What is the root worth?");
    assert_eq!(t.step_prompt(29), "");
}
